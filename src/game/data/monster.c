/*
 * monster.c: reading the monster catalogue (data/monsters.txt).
 *
 * The file is a list of "monster NAME" blocks of "key value" lines, read
 * the way terrain.c reads terrains, through blockfile.c's line loop: a
 * table of keys, each a value blockfile.c reads into the monster (glyph,
 * colour, numbers, ranges, the description) or a handler here (class,
 * planner, behaviour), a bit per key so a property given twice is an error,
 * and a check when a block ends that the required properties are there,
 * reported at the monster's own line.  Numbers have ranges wide enough for
 * any sensible mod and narrow enough that no arithmetic on them can
 * overflow (hit points times damage, speed times turns).  Movement classes
 * come from the terrain table and planners from the path library, so a
 * monster can only name things that exist.  As with terrains, the catalogue
 * is built in a scratch copy and handed over only when the whole file is
 * good.
 *
 * A block whose first line is "like KIND" starts as a copy of a kind
 * above it (monster_key_like()): every value but the name and what
 * messages call it, its escort by name to be linked with the file's
 * own; the keys the copy gave count as given when the block ends (so
 * the required keys are there, and a copied ranged attack or summoning
 * is checked with the block's changes to it), and the block's own lines
 * replace what was copied, each once.  Behaviour lines may add and take
 * away flags ("+pack -guard"), a block's drops replace the copied ones,
 * and "drops none" and "escort none" clear them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockfile.h"
#include "item.h"
#include "monster.h"
#include "report.h"
#include "rng.h"
#include "scan.h"
#include "suggest.h"
#include "words.h"
#include "xmalloc.h"

#define MONSTER_MAX_FILE	(1UL << 20)	/* bytes */
#define MONSTER_FIELDS		8		/* per line, at most */

#define MONSTER_HP_MAX		10000
#define MONSTER_DAMAGE_MAX	1000
#define MONSTER_SPEED_MAX	100
#define MONSTER_SENSE_MAX	50
#define MONSTER_GIVE_UP_MAX	10000
#define MONSTER_DEPTH_MAX	100
#define MONSTER_VALUE_MAX	1000000

/* Everything the parser carries from line to line. */
struct monster_parser {
	struct scan			 s;
	struct monster_table		 table;
	const struct terrain_table	*tt;
	struct monster_kind		*cur;	/* block being read, or NULL */
	unsigned			 seen;	/* its properties so far */
	char				**cause;
	struct dungeon_report		*report;	/* the checker's */
	/* Each kind's "escort" as written, linked once all are read. */
	char				 escort[MONSTER_KINDS_MAX][NAME_LEN];
	int				 escort_line[MONSTER_KINDS_MAX];
	int				 escort_column[MONSTER_KINDS_MAX];
	/* The first kind this file adds (kinds before it were read
	   already, and are linked), and the keys the current block's
	   template ("like KIND") gave it. */
	int				 first;
	unsigned			 inherited;
	int				 drops_given;	/* in the block: 1
							   drops, 2 none */
};

/* A property key: a kind blockfile.c reads, or a handler of its own. */
struct monster_key {
	struct blockfile_key	 key;	/* name, bit, kind, field */
	int		(*fn)(struct monster_parser *,
			    const struct monster_key *, struct scan_field *,
			    int);
};

/* The keys every monster must give. */
#define MONSTER_GLYPH	0x1
#define MONSTER_HP	0x2
#define MONSTER_DAMAGE	0x4
#define MONSTER_SPEED	0x8
#define MONSTER_CLASS	0x10
#define MONSTER_PLANNER	0x20
#define MONSTER_VALUE	0x40
#define MONSTER_RANGED	0x10000
#define MONSTER_RANGE	0x20000
#define MONSTER_KEEPS	0x40000
#define MONSTER_SHOT	0x80000
#define MONSTER_SUMMONS	0x200000
#define MONSTER_EVERY	0x400000
#define MONSTER_CAP	0x800000
#define MONSTER_LIKE	0x4000000
#define MONSTER_EVERY_MAX	1000	/* turns between a summoner's calls */
#define MONSTER_REQUIRED \
	(MONSTER_GLYPH|MONSTER_HP|MONSTER_DAMAGE|MONSTER_SPEED|MONSTER_CLASS| \
	MONSTER_PLANNER)

/* Where a key of a shared kind puts its value. */
#define MONSTER_FIELD(member)	BLOCKFILE_FIELD(struct monster_kind, member)
#define MONSTER_ALSO(member)	BLOCKFILE_ALSO(struct monster_kind, member)

static int	monster_link_drops(struct monster_table *,
		    const struct item_table *, const char *, const char *,
		    struct dungeon_report *, char **);
static int	monster_key_class(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_planner(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_spikes(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_behaviour(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_summons(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_drops(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_escort(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_like(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);

static const struct monster_key monster_keys[] = {
	{ .key = { .name = "glyph", .bit = MONSTER_GLYPH,
	  .kind = BLOCKFILE_GLYPH, MONSTER_FIELD(glyph) } },
	{ .key = { .name = "colour", .alias = "color", .bit = 0x80,
	  .kind = BLOCKFILE_COLOUR, MONSTER_FIELD(colour),
	  MONSTER_ALSO(bright) } },
	{ .key = { .name = "hp", .bit = MONSTER_HP, .kind = BLOCKFILE_NUMBER,
	  .min = 1, .max = MONSTER_HP_MAX, MONSTER_FIELD(hp) } },
	{ .key = { .name = "damage", .bit = MONSTER_DAMAGE,
	  .kind = BLOCKFILE_RANGE, .min = 0, .max = MONSTER_DAMAGE_MAX,
	  MONSTER_FIELD(damage_min), MONSTER_ALSO(damage_max) } },
	{ .key = { .name = "speed", .bit = MONSTER_SPEED,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = MONSTER_SPEED_MAX,
	  MONSTER_FIELD(speed) } },
	{ .key = { .name = "sight", .bit = 0x100, .kind = BLOCKFILE_NUMBER,
	  .min = 0, .max = MONSTER_SENSE_MAX, MONSTER_FIELD(sight) } },
	{ .key = { .name = "hearing", .bit = 0x200, .kind = BLOCKFILE_NUMBER,
	  .min = 0, .max = MONSTER_SENSE_MAX, MONSTER_FIELD(hearing) } },
	{ .key = { .name = "class", .bit = MONSTER_CLASS },
	  .fn = monster_key_class },
	{ .key = { .name = "planner", .bit = MONSTER_PLANNER },
	  .fn = monster_key_planner },
	{ .key = { .name = "behaviour", .alias = "behavior", .bit = 0x400 },
	  .fn = monster_key_behaviour },
	{ .key = { .name = "give-up", .bit = 0x800, .kind = BLOCKFILE_NUMBER,
	  .min = 0, .max = MONSTER_GIVE_UP_MAX, MONSTER_FIELD(give_up) } },
	{ .key = { .name = "depth", .bit = 0x1000, .kind = BLOCKFILE_RANGE,
	  .min = 1, .max = MONSTER_DEPTH_MAX, MONSTER_FIELD(depth_min),
	  MONSTER_ALSO(depth_max) } },
	{ .key = { .name = "value", .bit = MONSTER_VALUE,
	  .kind = BLOCKFILE_NUMBER, .min = 0, .max = MONSTER_VALUE_MAX,
	  MONSTER_FIELD(value) } },
	{ .key = { .name = "describe", .bit = 0x2000,
	  .kind = BLOCKFILE_DESCRIPTION, MONSTER_FIELD(describe) } },
	{ .key = { .name = "flee", .bit = 0x4000, .kind = BLOCKFILE_NUMBER,
	  .min = 0, .max = 100, MONSTER_FIELD(flee) } },
	{ .key = { .name = "noun", .bit = 0x8000, .text = 1,
	  .kind = BLOCKFILE_NOUN, MONSTER_FIELD(display),
	  MONSTER_ALSO(noun) } },
	{ .key = { .name = "ranged", .bit = MONSTER_RANGED,
	  .kind = BLOCKFILE_RANGE, .min = 0, .max = MONSTER_DAMAGE_MAX,
	  MONSTER_FIELD(ranged_min), MONSTER_ALSO(ranged_max) } },
	{ .key = { .name = "range", .bit = MONSTER_RANGE,
	  .kind = BLOCKFILE_NUMBER, .min = 2, .max = MONSTER_RANGE_MAX,
	  MONSTER_FIELD(range) } },
	{ .key = { .name = "keeps", .bit = MONSTER_KEEPS,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = MONSTER_RANGE_MAX,
	  MONSTER_FIELD(keeps) } },
	{ .key = { .name = "frequency", .bit = 0x100000,
	  .kind = BLOCKFILE_NUMBER, .min = 0, .max = 1000,
	  MONSTER_FIELD(frequency) } },
	{ .key = { .name = "spikes", .bit = 0x1000000 },
	  .fn = monster_key_spikes },
	{ .key = { .name = "shot", .bit = MONSTER_SHOT, .text = 1,
	  .kind = BLOCKFILE_NOUN, MONSTER_FIELD(shot),
	  MONSTER_ALSO(shot_noun) } },
	{ .key = { .name = "summons", .bit = MONSTER_SUMMONS },
	  .fn = monster_key_summons },
	{ .key = { .name = "summon-every", .bit = MONSTER_EVERY,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = MONSTER_EVERY_MAX,
	  MONSTER_FIELD(summon_every) } },
	{ .key = { .name = "summon-cap", .bit = MONSTER_CAP,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = MONSTER_KINDS_MAX,
	  MONSTER_FIELD(summon_cap) } },
	/* No bit: a kind may have several drops (MONSTER_DROPS_MAX). */
	{ .key = { .name = "drops", .bit = 0 }, .fn = monster_key_drops },
	{ .key = { .name = "escort", .bit = 0x2000000 },
	  .fn = monster_key_escort },
	{ .key = { .name = "like", .bit = MONSTER_LIKE },
	  .fn = monster_key_like }
};
#define MONSTER_KEYS	(sizeof monster_keys / sizeof monster_keys[0])

/*
 * Behaviour flags by name, with what each does and how a player meets it
 * (the help lists them: monster_way()).
 */
static const struct {
	const char	*name;
	unsigned	 flag;
	const char	*help;
} monster_flags[] = {
	{ "pack", MONSTER_PACK, "hunts with its kind: one that notices you "
	    "rouses the others near it; fight them in a corridor" },
	{ "guard", MONSTER_GUARD, "stays at its post until it notices you" },
	{ "erratic", MONSTER_ERRATIC, "a quarter of its moves are random" },
	{ "patient", MONSTER_PATIENT, "with no way to you, closes in and "
	    "waits for one" },
	{ "doors", MONSTER_DOORS, "shuts the doors it walks through" },
	{ "ambush", MONSTER_AMBUSH, "lies in wait until it notices you" },
	{ "flank", MONSTER_FLANK, "comes round to a free side of you: keep "
	    "a wall at your back" },
	{ "submerge", MONSTER_SUBMERGE, "unseen under water until beside "
	    "you: keep off the shore" },
	{ "intercept", MONSTER_INTERCEPT, "heads where your last moves say "
	    "you are going (stairs, an item, a door): turn aside" },
	{ "hold-doors", MONSTER_HOLD, "holds a door shut against you and "
	    "spikes it: go round, dig, lure it off with a noise, or wait" },
	{ "steals", MONSTER_STEALS, "a blow that lands takes a stack and it "
	    "runs for the stairs: kill it to get it back" },
	{ "picks-up", MONSTER_PICKS_UP, "flies to items on the floor and "
	    "carries them off; they fall where it dies" },
	{ "peaceful", MONSTER_PEACEFUL, "leaves you be until attacked: F "
	    "fights it, walking into it does not" }
};
#define MONSTER_FLAGS	(sizeof monster_flags / sizeof monster_flags[0])

/* The ways that are keys of their own rather than behaviour flags. */
static const struct {
	const char	*name;
	const char	*help;
} monster_other_ways[] = {
	{ "ranged", "shoots or casts from up to its range and keeps its "
	    "distance as you close: use cover, corners and doors" },
	{ "summons", "raises or calls monsters beside itself while it sees "
	    "you: reach it first, or break its line of sight" },
	{ "class dig", "tunnels through soft rock to you; its tunnels are "
	    "every monster's way" }
};
#define MONSTER_OTHER_WAYS \
	(sizeof monster_other_ways / sizeof monster_other_ways[0])

/* The i-th way a monster may fight: see monster.h. */
int
monster_way(int i, const char **name, const char **help)
{
	if (i < 0)
		return (-1);
	if ((size_t)i < MONSTER_FLAGS) {
		*name = monster_flags[i].name;
		*help = monster_flags[i].help;
		return (0);
	}
	i -= (int)MONSTER_FLAGS;
	if ((size_t)i >= MONSTER_OTHER_WAYS)
		return (-1);
	*name = monster_other_ways[i].name;
	*help = monster_other_ways[i].help;
	return (0);
}

/* Sets class: a movement class of the terrain table. */
static int
monster_key_class(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	char	name[NAME_LEN], show[64], list[320], near[128];
	int	c = -1;

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"class "
		    "CLASS\"");
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) == 0)
		c = terrain_class_find(mp->tt, name);
	if (c < 0) {
		terrain_class_list(mp->tt, list, sizeof list);
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown class "
		    "%s%s (the terrain table has %s)", scan_show(&f[1], show),
		    terrain_class_near(mp->tt, f[1].p, f[1].n, near,
		    sizeof near), list);
		return (-1);
	}
	mp->cur->cls = c;
	return (0);
}

/* The planners closest to a word: see monster.h. */
const char *
monster_planner_near(const struct scan_field *f, char *buf, size_t size)
{
	struct suggest	 sg;
	const char	*p = path_planner_names, *end;
	char		 name[NAME_LEN];

	suggest_init(&sg, f->p, f->n);
	while (*p != '\0') {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)(end - p) < sizeof name) {
			memcpy(name, p, (size_t)(end - p));
			name[end - p] = '\0';
			suggest_add(&sg, name);
		}
		p = *end == ',' ? end + 1 : end;
		while (*p == ' ')
			p++;
	}
	return (suggest_text(&sg, buf, size));
}

/* Sets planner: one of the path library's planners. */
static int
monster_key_planner(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	char	name[NAME_LEN], show[64], near[128];

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected "
		    "\"planner NAME\"");
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) != 0 ||
	    path_planner_parse(name, &mp->cur->planner) != 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown planner "
		    "%s%s (expected one of %s)", scan_show(&f[1], show),
		    monster_planner_near(&f[1], near, sizeof near),
		    path_planner_names);
		return (-1);
	}
	return (0);
}

/* The behaviour flag a word names (after its sign, if any), or 0. */
static unsigned
monster_flag_named(const struct scan_field *word)
{
	size_t	j;

	for (j = 0; j < MONSTER_FLAGS; j++) {
		if (scan_is(word, monster_flags[j].name))
			return (monster_flags[j].flag);
	}
	return (0);
}

/*
 * Sets behaviour: "behaviour FLAG..." (the list, replacing what a
 * template gave), "behaviour +FLAG -FLAG..." (the kind's flags so far,
 * a template's, with some added and some taken away) or "behaviour
 * none".
 */
static int
monster_key_behaviour(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	struct monster_kind	*mk = mp->cur;
	struct scan_field	 word;
	char			 show[64];
	unsigned		 flags, flag;
	int			 i, sign, signs;

	if (nf < 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"%s "
		    "FLAG...\" (pack, guard, erratic, patient, doors, ambush, flank, "
		    "submerge, intercept, hold-doors, steals, picks-up, peaceful), "
		    "\"%s +FLAG -FLAG...\" or \"%s none\"",
		    blockfile_spelling(&k->key, &f[0]),
		    blockfile_spelling(&k->key, &f[0]),
		    blockfile_spelling(&k->key, &f[0]));
		return (-1);
	}
	if (nf == 2 && scan_is(&f[1], "none")) {
		mk->flags = 0;
		return (0);
	}
	signs = f[1].n > 0 && (f[1].p[0] == '+' || f[1].p[0] == '-');
	flags = signs ? mk->flags : 0;
	for (i = 1; i < nf; i++) {
		word = f[i];
		sign = word.n > 0 && (word.p[0] == '+' || word.p[0] == '-') ?
		    word.p[0] : 0;
		if ((sign != 0) != signs) {
			*mp->cause = scan_error(&mp->s, f[i].column, "%s: a "
			    "behaviour line lists flags (the kind's list) or "
			    "changes them (+FLAG adds one, -FLAG takes one "
			    "away), not both", scan_show(&f[i], show));
			return (-1);
		}
		if (sign != 0) {
			word.p++;
			word.n--;
		}
		if ((flag = monster_flag_named(&word)) == 0) {
			*mp->cause = scan_error(&mp->s, f[i].column, "unknown "
			    "behaviour %s (expected pack, guard, erratic, "
			    "patient, doors, ambush, flank, submerge, "
			    "intercept, hold-doors, steals, picks-up or peaceful%s)",
			    scan_show(&f[i], show), signs ? ", after + or -" :
			    "");
			return (-1);
		}
		if (sign == '-' && !(flags & flag)) {
			*mp->cause = scan_error(&mp->s, f[i].column, "monster "
			    "\"%s\" has no behaviour %s to take away",
			    mk->name, scan_show(&word, show));
			return (-1);
		}
		if (sign == '-')
			flags &= ~flag;
		else
			flags |= flag;
	}
	mk->flags = flags;
	return (0);
}

/* Adds a drop: "drops ITEM PERCENT", the item linked later. */
static int
monster_key_drops(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	struct monster_kind	*mk = mp->cur;
	struct monster_drop	*d;
	char			 show[64];
	long			 pc;

	if (nf == 2 && scan_is(&f[1], "none") && mp->drops_given == 0) {
		mk->ndrops = 0;		/* what a template gave */
		mp->drops_given = 2;
		return (0);
	}
	if (nf != 3 || mp->drops_given == 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"drops "
		    "ITEM PERCENT\"%s", mp->drops_given == 2 ? " (after "
		    "\"drops none\" a kind has no more drops lines)" : nf == 2 &&
		    scan_is(&f[1], "none") ? " (\"drops none\" must be the "
		    "kind's only drops line)" : "");
		return (-1);
	}
	if (mp->drops_given == 0) {
		mk->ndrops = 0;		/* the block's own replace a template's */
		mp->drops_given = 1;
	}
	if (mk->ndrops == MONSTER_DROPS_MAX) {
		*mp->cause = scan_error(&mp->s, f[0].column, "too many drops "
		    "for monster \"%s\" (at most %d)", mk->name,
		    MONSTER_DROPS_MAX);
		return (-1);
	}
	d = &mk->drops[mk->ndrops];
	if (words_copy(&f[1], d->item_name, sizeof d->item_name) != 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "item name %s is "
		    "too long", scan_show(&f[1], show));
		return (-1);
	}
	if (scan_long(&f[2], 1, 100, &pc) != 0) {
		*mp->cause = scan_error(&mp->s, f[2].column, "expected a "
		    "percent from 1 to 100, not %s", scan_show(&f[2], show));
		return (-1);
	}
	d->percent = (int)pc;
	d->item = -1;
	d->line = mp->s.line;
	d->column = f[1].column;
	mk->ndrops++;
	return (0);
}

/* Sets "escort KIND A-B", the kind linked once the file is read. */
static int
monster_key_escort(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	struct monster_kind	*mk = mp->cur;
	int			 i = (int)(mk - mp->table.k);
	char			 show[64];
	long			 lo, hi;

	if (nf == 2 && scan_is(&f[1], "none")) {
		mp->escort[i][0] = '\0';	/* a template's escort */
		return (0);
	}
	if (nf != 3) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected "
		    "\"escort KIND A-B\" or \"escort none\"");
		return (-1);
	}
	if (words_copy(&f[1], mp->escort[i], sizeof mp->escort[i]) != 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown monster "
		    "%s", scan_show(&f[1], show));
		return (-1);
	}
	if (words_range(&f[2], 1, MONSTER_ESCORT_MAX, &lo, &hi) != 0) {
		*mp->cause = scan_error(&mp->s, f[2].column, "expected a range "
		    "A-B within 1-%d, not %s", MONSTER_ESCORT_MAX,
		    scan_show(&f[2], show));
		return (-1);
	}
	mk->escort_min = (int)lo;
	mk->escort_max = (int)hi;
	mp->escort_line[i] = mp->s.line;
	mp->escort_column[i] = f[1].column;
	return (0);
}

/*
 * Links every kind's escort by name, now that every kind is read: an
 * unknown one, or the kind itself, is an error at its name.
 */
static int
monster_link_escorts(struct monster_parser *mp)
{
	struct monster_table	*mt = &mp->table;
	char			 near[128];
	int			 i, e;

	for (i = 0; i < mt->n; i++) {
		if (mt->k[i].layer != mt->layer)
			continue;	/* linked with its own layer */
		mt->k[i].escort = -1;
		if (mp->escort[i][0] == '\0')
			continue;
		e = monster_find(mt, mp->escort[i]);
		if (e < 0 || e == i) {
			*mp->cause = scan_error_at(mp->s.name,
			    mp->escort_line[i], mp->escort_column[i],
			    e < 0 ? "unknown monster \"%s\" in escort%s "
			    "(no monster of this file has that name)" :
			    "monster \"%s\" cannot escort itself%s",
			    mp->escort[i], e < 0 ? monster_near(mt,
			    mp->escort[i], strlen(mp->escort[i]), near,
			    sizeof near) : "");
			if (blockfile_keep(mp->report, mp->s.name,
			    mp->cause) != 0)
				return (-1);
			continue;
		}
		mt->k[i].escort = e;
	}
	return (0);
}

/*
 * The kinds read before the current one that are closest to a word: "
 * (did you mean orc?)" or "".
 */
static const char *
monster_like_near(const struct monster_parser *mp, const struct scan_field *f,
    char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	suggest_init(&sg, f->p, f->n);
	for (i = 0; i < (int)(mp->cur - mp->table.k); i++)
		suggest_add(&sg, mp->table.k[i].name);
	return (suggest_text(&sg, buf, size));
}

/*
 * What a template gives a kind made from it: the keys it counts as given
 * at the block's end (the required ones, its value, and a shooter's or
 * summoner's keys that go together).
 */
static unsigned
monster_inherited(const struct monster_kind *from)
{
	unsigned	bits = MONSTER_REQUIRED | MONSTER_VALUE;

	if (from->range > 0)
		bits |= MONSTER_RANGED | MONSTER_RANGE | MONSTER_SHOT;
	if (from->keeps > 0)
		bits |= MONSTER_KEEPS;
	if (from->summons_name[0] != '\0')
		bits |= MONSTER_SUMMONS | MONSTER_EVERY | MONSTER_CAP;
	return (bits);
}

/*
 * Reads "like KIND", the first line of a block: the kind becomes a copy
 * of KIND, a kind read before it (above it in the file, or in a table
 * read before the file), all but its name and the words messages call it
 * by; the block's own lines then change what differs.  Each key may be
 * given once more after it, and the keys it copied count as given when
 * the block ends.
 */
static int
monster_key_like(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	struct monster_table		*mt = &mp->table;
	struct monster_kind		*mk = mp->cur, keep;
	const struct monster_kind	*from;
	int				 i = (int)(mk - mt->k), t = i;
	char				 name[NAME_LEN], show[64], near[128];
	char				 escort[NAME_LEN];

	/* Refused, the block is not told again of every key it lacks. */
	mp->inherited = MONSTER_REQUIRED | MONSTER_VALUE;
	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"like "
		    "KIND\" (a monster above this one, whose keys it copies)");
		return (-1);
	}
	if ((mp->seen & ~MONSTER_LIKE) != 0 || mp->drops_given != 0) {
		*mp->cause = scan_error(&mp->s, f[0].column, "\"like\" must be "
		    "the first line of monster \"%s\": it copies every key of "
		    "the kind it names, and the lines after it change what "
		    "differs", mk->name);
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) == 0) {
		if (strcmp(name, mk->name) == 0) {
			*mp->cause = scan_error(&mp->s, f[1].column, "monster "
			    "\"%s\" cannot be like itself (a template is a "
			    "monster above it)", mk->name);
			return (-1);
		}
		for (t = 0; t < i && strcmp(mt->k[t].name, name) != 0; t++)
			;
	}
	if (t == i) {
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown monster "
		    "%s in like%s (a template must be a monster above this "
		    "one)", scan_show(&f[1], show), monster_like_near(mp, &f[1],
		    near, sizeof near));
		return (-1);
	}
	from = &mt->k[t];
	keep = *mk;
	*mk = *from;
	memcpy(mk->name, keep.name, sizeof mk->name);
	memcpy(mk->display, keep.display, sizeof mk->display);
	mk->noun = keep.noun;
	mk->line = keep.line;
	/* Its escort by name, linked with the file's own once all are read. */
	if (t >= mp->first)
		memcpy(mp->escort[i], mp->escort[t], sizeof mp->escort[i]);
	else if (from->escort >= 0) {
		/* through a copy: the table is the parser's own */
		memcpy(escort, mt->k[from->escort].name, sizeof escort);
		memcpy(mp->escort[i], escort, sizeof mp->escort[i]);
	}
	mp->escort_line[i] = mp->s.line;
	mp->escort_column[i] = f[1].column;
	mp->inherited = monster_inherited(from);
	return (0);
}

/*
 * Sets summons: "summons KIND A-B", a kind named anywhere in the file
 * (looked up once the whole file is read: monster_resolve()).
 */
static int
monster_key_summons(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	struct blockfile_value	 bv = { &mp->s, "summons", mp->cause };
	struct monster_kind	*mk = mp->cur;
	long			 lo, hi;

	if (nf != 3) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected "
		    "\"summons KIND A-B\" (the kind it raises, how many a "
		    "call)");
		return (-1);
	}
	if (words_copy(&f[1], mk->summons_name, sizeof mk->summons_name) !=
	    0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "a monster name "
		    "is at most %d characters", NAME_LEN - 1);
		return (-1);
	}
	if (blockfile_range(&bv, &f[1], 2, 1, MONSTER_SUMMON_MAX, &lo,
	    &hi) != 0)
		return (-1);
	mk->summons_min = (int)lo;
	mk->summons_max = (int)hi;
	mk->summons_line = mp->s.line;
	mk->summons_column = f[1].column;
	return (0);
}

/*
 * A summoner's keys go together: "summons" and "summon-every" both or
 * neither, "summon-cap" only with them.  0, or -1 with *cause.
 */
static int
monster_end_summons(struct monster_parser *mp, struct monster_kind *mk)
{
	unsigned	 s = mp->seen | mp->inherited;
	const char	*why = NULL;

	if (!(s & (MONSTER_SUMMONS | MONSTER_EVERY | MONSTER_CAP)))
		return (0);
	if (!(s & MONSTER_SUMMONS))
		why = "has no \"summons KIND A-B\" (what it raises)";
	else if (!(s & MONSTER_EVERY))
		why = "has no \"summon-every N\" (turns between its calls)";
	if (why != NULL) {
		*mp->cause = xasprintf("%s:%d:1: monster \"%s\" %s", mp->s.name,
		    mk->line, mk->name, why);
		return (-1);
	}
	if (!(s & MONSTER_CAP))
		mk->summon_cap = MONSTER_SUMMON_CAP;
	return (0);
}

/*
 * Every summoner's kind, looked up now the whole file is read: a kind
 * of the file that is no summoner itself (not its own kind either), so
 * that raised monsters never raise more.  0, or -1 with *cause at the
 * name.
 */
static int
monster_resolve(struct monster_parser *mp)
{
	struct monster_kind	*mk;
	char			 near[128];
	int			 i, k;

	for (i = 0; i < mp->table.n; i++) {
		mk = &mp->table.k[i];
		if (mk->summons_name[0] == '\0')
			continue;
		k = monster_find(&mp->table, mk->summons_name);
		if (k < 0 || mp->table.k[k].summons_name[0] != '\0') {
			*mp->cause = scan_error_at(mp->s.name,
			    mk->summons_line, mk->summons_column, "%s \"%s\"%s "
			    "cannot be summoned (%s)", k < 0 ?
			    "unknown monster" : "monster", mk->summons_name,
			    k < 0 ? monster_near(&mp->table,
			    mk->summons_name, strlen(mk->summons_name), near,
			    sizeof near) : "",
			    k < 0 ? "no such monster in the file" :
			    "a summoner cannot raise a summoner: they would "
			    "multiply without end");
			if (blockfile_keep(mp->report, mp->s.name,
			    mp->cause) != 0)
				return (-1);
			continue;
		}
		mk->summons = k;
	}
	return (0);
}

/*
 * Sets spikes: the terrain of the terrain table a door-holder makes of
 * the door it holds.  It must be one no class may walk into and that
 * opens again (a spiked door: the holder pulls its spikes when it gives
 * up), so a spiked door still reads as a shut one.
 */
static int
monster_key_spikes(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const struct terrain_table	*tt = mp->tt;
	char				 name[NAME_LEN], show[64], near[128];
	int				 t = -1, c;

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected "
		    "\"%s TERRAIN\"", blockfile_spelling(&k->key, &f[0]));
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) == 0)
		t = terrain_find(tt, name);
	if (t < 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown terrain "
		    "%s%s (not in the terrain table)", scan_show(&f[1], show),
		    terrain_near(tt, f[1].p, f[1].n, near, sizeof near));
		return (-1);
	}
	for (c = 0; c < tt->nclasses && tt->t[t].cost[c] == 0; c++)
		;
	if (c < tt->nclasses || tt->t[t].open < 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "terrain %s is "
		    "no spiked door: a class may enter it, or it does not "
		    "open", scan_show(&f[1], show));
		return (-1);
	}
	mp->cur->spikes = t;
	return (0);
}

/*
 * A ranged attack's keys go together: "ranged" and "range" both or
 * neither; "shot" only with them, keeps less than range.  "keeps" alone
 * makes a monster that keeps its distance without shooting (a
 * summoner).  Without "shot" the monster shoots "a bolt".  0, or -1 with
 * *cause.
 */
static int
monster_end_ranged(struct monster_parser *mp, struct monster_kind *mk)
{
	unsigned	 s = mp->seen | mp->inherited;
	const char	*why = NULL;

	if (!(s & (MONSTER_RANGED | MONSTER_RANGE | MONSTER_SHOT)))
		return (monster_end_summons(mp, mk));
	if (!(s & MONSTER_RANGED))
		why = "has no \"ranged A-B\" (the damage of its shot)";
	else if (!(s & MONSTER_RANGE))
		why = "has no \"range N\" (how far its shot reaches)";
	else if (mk->keeps >= mk->range)
		why = "keeps as far as its range or farther, so it would "
		    "never shoot (\"keeps\" must be less than \"range\")";
	if (why != NULL) {
		*mp->cause = xasprintf("%s:%d:1: monster \"%s\" %s", mp->s.name,
		    mk->line, mk->name, why);
		return (-1);
	}
	if (!(s & MONSTER_SHOT)) {
		snprintf(mk->shot, sizeof mk->shot, "bolt");
		mk->shot_noun = WORDS_COUNT;
	}
	return (monster_end_summons(mp, mk));
}

/* Finishes the current block: required keys given, defaults filled in. */
static int
monster_end_block(void *reader)
{
	static const struct {
		unsigned	 bit;
		const char	*name;
	} required[] = {
		{ MONSTER_GLYPH, "glyph" }, { MONSTER_HP, "hp" },
		{ MONSTER_DAMAGE, "damage" }, { MONSTER_SPEED, "speed" },
		{ MONSTER_CLASS, "class" }, { MONSTER_PLANNER, "planner" }
	};
	struct monster_parser	*mp = reader;
	struct monster_kind	*mk = mp->cur;
	size_t			 i;

	if (mk == NULL)
		return (0);
	mp->cur = NULL;
	for (i = 0; i < sizeof required / sizeof required[0]; i++) {
		if ((mp->seen | mp->inherited) & required[i].bit)
			continue;
		*mp->cause = xasprintf("%s:%d:1: monster \"%s\" has no \"%s\" "
		    "(every monster needs glyph, hp, damage, speed, class and "
		    "planner)", mp->s.name, mk->line, mk->name,
		    required[i].name);
		return (-1);
	}
	if (!((mp->seen | mp->inherited) & MONSTER_VALUE))
		mk->value = mk->hp;
	return (monster_end_ranged(mp, mk));
}

/* Reads "monster NAME" and makes it the current block. */
static int
monster_start(void *reader, struct scan_field *f, int nf)
{
	struct monster_parser	*mp = reader;
	struct monster_table	*mt = &mp->table;
	struct monster_kind	*mk;
	char			 name[NAME_LEN];
	int			 i;

	if (words_block_name(&mp->s, f, nf, "monster", name, sizeof name,
	    mp->cause) != 0)
		return (-1);
	if ((i = monster_find(mt, name)) >= 0 && mt->k[i].layer == mt->layer) {
		*mp->cause = scan_error(&mp->s, f[1].column, "duplicate "
		    "monster \"%s\" (first defined at line %d)", name,
		    mt->k[i].line);
		return (-1);
	}
	if (i < 0 && mt->n == MONSTER_KINDS_MAX) {
		*mp->cause = scan_error(&mp->s, f[0].column, "too many "
		    "monsters (at most %d)", MONSTER_KINDS_MAX);
		return (-1);
	}
	/* A name the data below defined is replaced where it stands. */
	mk = i >= 0 ? &mt->k[i] : &mt->k[mt->n++];
	memset(mk, 0, sizeof *mk);
	memcpy(mk->name, name, sizeof name);
	mk->layer = mt->layer;
	words_display(name, mk->display, sizeof mk->display);
	mk->colour = COLOUR_DEFAULT;
	mk->sight = 8;
	mk->hearing = 8;
	mk->give_up = 20;
	mk->depth_min = 1;
	mk->depth_max = MONSTER_DEPTH_MAX;
	mk->frequency = 10;
	mk->summons = -1;
	mk->spikes = -1;
	mk->line = mp->s.line;
	mp->cur = mk;
	mp->seen = 0;
	mp->inherited = 0;
	mp->drops_given = 0;
	return (0);
}

/* The monster being read, or NULL: for blockfile.c. */
static void *
monster_record(void *reader)
{
	struct monster_parser	*mp = reader;

	return (mp->cur);
}

/* A property line, to its key's handler: for blockfile.c. */
static int
monster_property(void *reader, const void *key, struct scan_field *f,
    int nf)
{
	const struct monster_key	*k = key;

	return (k->fn(reader, k, f, nf));
}

/* Takes an error of the line loop over, for the checker (blockfile.h). */
static int
monster_error(void *reader, char *message)
{
	struct monster_parser	*mp = reader;

	*mp->cause = message;
	return (blockfile_keep(mp->report, mp->s.name, mp->cause));
}

/* Reads every line of the file (blockfile.h). */
static int
monster_lines(struct monster_parser *p)
{
	const struct blockfile	bf = {
		.s = &p->s,
		.reader = p,
		.block = "monster",
		.expected = "monster, glyph, colour, hp, damage, speed, sight, "
		    "hearing, class, planner, behaviour, give-up, depth, value, "
		    "flee, describe, noun, frequency, ranged, range, keeps, "
		    "shot, summons, summon-every, summon-cap, spikes, drops, "
		    "escort or like",
		.empty = "\"monster NAME\" blocks",
		.fields = MONSTER_FIELDS,
		.keys = monster_keys,
		.nkeys = MONSTER_KEYS,
		.key_size = sizeof monster_keys[0],
		.seen = &p->seen,
		.cause = p->cause,
		.start = monster_start,
		.end = monster_end_block,
		.property = monster_property,
		.record = monster_record,
		.name = offsetof(struct monster_kind, name),
		.error = p->report != NULL ? monster_error : NULL,
	};

	return (blockfile_read(&bf));
}

/*
 * Reads a monster file into *mt when it has no error (else *mt is left
 * as it was); with a report, every error goes there and reading goes on
 * (the checker's), else the first stops it with *cause set.  The
 * checker's table (with a report) takes what was read even so, for its
 * drops to be looked up.  0, or -1.
 */
static int
monster_run(struct monster_table *mt, int layer,
    const struct terrain_table *tt, struct dungeon_report *r,
    const char *name, const char *buf, size_t len, char **cause)
{
	struct monster_parser	*mp;
	int			 rc, before = r != NULL ? r->nerrors : 0;

	if (len > MONSTER_MAX_FILE) {
		*cause = x_too_large(name, MONSTER_MAX_FILE);
		return (-1);
	}
	mp = xcalloc(1, sizeof *mp);
	if (layer > 0)		/* a mod's: on the layers below (mods.h) */
		mp->table = *mt;
	mp->table.layer = layer;
	scan_init(&mp->s, name, buf, len);
	mp->tt = tt;
	mp->cause = cause;
	mp->report = r;
	mp->first = mp->table.n;
	rc = monster_lines(mp);
	if (rc == 0)
		rc = monster_resolve(mp);
	if (rc == 0)
		rc = monster_link_escorts(mp);
	/* The checker's scratch table takes what was read, to link. */
	if ((rc == 0 && (r == NULL || r->nerrors == before)) || r != NULL)
		*mt = mp->table;
	free(mp);
	return (rc);
}

/* Parses a monster file: see monster.h. */
int
monster_parse(struct monster_table *mt, const struct terrain_table *tt,
    const char *name, const char *buf, size_t len, char **cause)
{
	return (monster_run(mt, 0, tt, NULL, name, buf, len, cause));
}

/* The checker's look at a monster file: see monster.h. */
int
monster_check(struct dungeon_report *r, struct monster_table *mt,
    const struct terrain_table *tt, const struct item_table *it,
    const char *items, const char *path)
{
	char			*buf, *cause = NULL;
	size_t			 len;
	int			 before = r->nerrors;

	if ((buf = x_read_file(path, MONSTER_MAX_FILE, &len, &cause)) ==
	    NULL) {
		dungeon_report_add_error(r, cause);
		return (r->nerrors - before);
	}
	if (monster_run(mt, mt->layer, tt, r, path, buf, len, &cause) != 0 &&
	    cause != NULL)
		dungeon_report_add_error(r, cause);
	/* The drops, if the file read: each unknown item told. */
	if (it != NULL && r->nerrors < REPORT_MAX_ERRORS && mt->n > 0 &&
	    monster_link_drops(mt, it, path, items, r, &cause) != 0 &&
	    cause != NULL)
		dungeon_report_add_error(r, cause);
	free(buf);
	return (r->nerrors - before);
}

/* Reads a monster file: see monster.h. */
int
monster_read(struct monster_table *mt, const struct terrain_table *tt,
    const char *path, char **cause)
{
	return (monster_read_layer(mt, 0, tt, path, cause));
}

/* Reads a monster file as a layer: see monster.h. */
int
monster_read_layer(struct monster_table *mt, int layer,
    const struct terrain_table *tt, const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, MONSTER_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = monster_run(mt, layer, tt, NULL, path, buf, len, cause);
	free(buf);
	return (rc);
}

/*
 * Links the kinds' drops to the item table; with a report (the
 * checker's), every unknown item is told there and linking goes on.
 * 0, or -1 with *cause set.
 */
static int
monster_link_drops(struct monster_table *mt, const struct item_table *it,
    const char *name, const char *items, struct dungeon_report *r,
    char **cause)
{
	struct monster_drop	*d;
	char			 near[128];
	int			 i, j;

	for (i = 0; i < mt->n; i++) {
		if (mt->k[i].layer != mt->layer)
			continue;	/* linked with its own layer */
		for (j = 0; j < mt->k[i].ndrops; j++) {
			d = &mt->k[i].drops[j];
			if ((d->item = item_find(it, d->item_name)) >= 0)
				continue;
			*cause = scan_error_at(name, d->line, d->column,
			    "unknown item \"%s\" in drops%s (%s has no such "
			    "item)", d->item_name, item_near(it, d->item_name,
			    strlen(d->item_name), near, sizeof near),
			    items != NULL ? items : "items.txt");
			if (blockfile_keep(r, name, cause) != 0)
				return (-1);
		}
	}
	return (0);
}

/* Links the kinds' drops to the item table: see monster.h. */
int
monster_link_items(struct monster_table *mt, const struct item_table *it,
    const char *name, const char *items, char **cause)
{
	return (monster_link_drops(mt, it, name, items, NULL, cause));
}

/* The monsters closest to a name: see monster.h. */
const char *
monster_near(const struct monster_table *mt, const char *word, size_t len,
    char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	suggest_init(&sg, word, len);
	for (i = 0; i < mt->n; i++)
		suggest_add(&sg, mt->k[i].name);
	return (suggest_text(&sg, buf, size));
}

/* Finds a monster kind by name: see monster.h. */
int
monster_find(const struct monster_table *mt, const char *name)
{
	int	i;

	for (i = 0; i < mt->n; i++) {
		if (strcmp(mt->k[i].name, name) == 0)
			return (i);
	}
	return (-1);
}

/* One of n kinds by frequency: see monster.h. */
int
monster_pick(const struct monster_table *mt, struct rng *r, const int *kinds,
    int n)
{
	long	total = 0, roll;
	int	i;

	for (i = 0; i < n; i++)
		total += mt->k[kinds[i]].frequency;
	roll = (long)rng_below(r, (uint32_t)total);
	for (i = 0; i < n - 1; i++)
		if ((roll -= mt->k[kinds[i]].frequency) < 0)
			break;
	return (kinds[i]);
}
