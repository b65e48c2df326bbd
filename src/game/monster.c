/*
 * monster.c: reading the monster catalogue (data/monsters.txt).
 *
 * The file is a list of "monster NAME" blocks of "key value" lines, read
 * the way terrain.c reads terrains, through blockfile.c's line loop: a
 * table of keys with a handler each, a bit per key so a property given
 * twice is an error, and a check when a block ends that the required
 * properties are there, reported at the monster's own line.  Numbers have
 * ranges wide enough for any sensible mod and narrow enough that no
 * arithmetic on them can overflow (hit points times damage, speed times
 * turns).  Movement classes come from the terrain table and planners from
 * the path library, so a monster can only name things that exist.  As
 * with terrains, the catalogue is built in a scratch copy and handed over
 * only when the whole file is good.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockfile.h"
#include "monster.h"
#include "scan.h"
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
};

/* A property key and its handler; bit marks it as given in a block. */
struct monster_key {
	struct blockfile_key	 key;	/* name, bit, free text or not */
	int		(*fn)(struct monster_parser *,
			    const struct monster_key *, struct scan_field *,
			    int);
	long		 min;		/* for numbers */
	long		 max;
	size_t		 offset;	/* of the int in struct monster_kind */
	size_t		 offset_hi;	/* of a range's upper end */
};

/* The keys every monster must give. */
#define MONSTER_GLYPH	0x1
#define MONSTER_HP	0x2
#define MONSTER_DAMAGE	0x4
#define MONSTER_SPEED	0x8
#define MONSTER_CLASS	0x10
#define MONSTER_PLANNER	0x20
#define MONSTER_VALUE	0x40
#define MONSTER_REQUIRED \
	(MONSTER_GLYPH|MONSTER_HP|MONSTER_DAMAGE|MONSTER_SPEED|MONSTER_CLASS| \
	MONSTER_PLANNER)

static int	monster_key_glyph(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_colour(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_number(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_range(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_class(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_planner(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_behaviour(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);
static int	monster_key_describe(struct monster_parser *,
		    const struct monster_key *, struct scan_field *, int);

static const struct monster_key monster_keys[] = {
	{ .key = { .name = "glyph", .bit = MONSTER_GLYPH },
	  .fn = monster_key_glyph },
	{ .key = { .name = "colour", .bit = 0x80 }, .fn = monster_key_colour },
	{ .key = { .name = "color", .bit = 0x80 }, .fn = monster_key_colour },
	{ .key = { .name = "hp", .bit = MONSTER_HP }, .fn = monster_key_number,
	  .min = 1, .max = MONSTER_HP_MAX,
	  .offset = offsetof(struct monster_kind, hp) },
	{ .key = { .name = "damage", .bit = MONSTER_DAMAGE },
	  .fn = monster_key_range, .min = 0, .max = MONSTER_DAMAGE_MAX,
	  .offset = offsetof(struct monster_kind, damage_min),
	  .offset_hi = offsetof(struct monster_kind, damage_max) },
	{ .key = { .name = "speed", .bit = MONSTER_SPEED },
	  .fn = monster_key_number, .min = 1, .max = MONSTER_SPEED_MAX,
	  .offset = offsetof(struct monster_kind, speed) },
	{ .key = { .name = "sight", .bit = 0x100 }, .fn = monster_key_number,
	  .min = 0, .max = MONSTER_SENSE_MAX,
	  .offset = offsetof(struct monster_kind, sight) },
	{ .key = { .name = "hearing", .bit = 0x200 }, .fn = monster_key_number,
	  .min = 0, .max = MONSTER_SENSE_MAX,
	  .offset = offsetof(struct monster_kind, hearing) },
	{ .key = { .name = "class", .bit = MONSTER_CLASS },
	  .fn = monster_key_class },
	{ .key = { .name = "planner", .bit = MONSTER_PLANNER },
	  .fn = monster_key_planner },
	{ .key = { .name = "behaviour", .bit = 0x400 },
	  .fn = monster_key_behaviour },
	{ .key = { .name = "behavior", .bit = 0x400 },
	  .fn = monster_key_behaviour },
	{ .key = { .name = "give-up", .bit = 0x800 }, .fn = monster_key_number,
	  .min = 0, .max = MONSTER_GIVE_UP_MAX,
	  .offset = offsetof(struct monster_kind, give_up) },
	{ .key = { .name = "depth", .bit = 0x1000 }, .fn = monster_key_range,
	  .min = 1, .max = MONSTER_DEPTH_MAX,
	  .offset = offsetof(struct monster_kind, depth_min),
	  .offset_hi = offsetof(struct monster_kind, depth_max) },
	{ .key = { .name = "value", .bit = MONSTER_VALUE },
	  .fn = monster_key_number, .min = 0, .max = MONSTER_VALUE_MAX,
	  .offset = offsetof(struct monster_kind, value) },
	{ .key = { .name = "describe", .bit = 0x2000, .text = 1 },
	  .fn = monster_key_describe },
	{ .key = { .name = "flee", .bit = 0x4000 }, .fn = monster_key_number,
	  .min = 0, .max = 100, .offset = offsetof(struct monster_kind, flee) }
};
#define MONSTER_KEYS	(sizeof monster_keys / sizeof monster_keys[0])

/* Behaviour flags by name. */
static const struct {
	const char	*name;
	unsigned	 flag;
} monster_flags[] = {
	{ "pack", MONSTER_PACK },
	{ "guard", MONSTER_GUARD },
	{ "erratic", MONSTER_ERRATIC },
	{ "patient", MONSTER_PATIENT },
	{ "doors", MONSTER_DOORS },
	{ "ambush", MONSTER_AMBUSH },
	{ "flank", MONSTER_FLANK }
};
#define MONSTER_FLAGS	(sizeof monster_flags / sizeof monster_flags[0])

/* The int at an offset inside the current monster. */
static int *
monster_slot(struct monster_parser *mp, size_t offset)
{
	return ((int *)(void *)((char *)mp->cur + offset));
}

/* Sets glyph: one printable character. */
static int
monster_key_glyph(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const char	*why;

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"glyph "
		    "C\" with one character C (not a space)");
		return (-1);
	}
	if (words_glyph(&f[1], mp->cur->glyph, sizeof mp->cur->glyph,
	    &why) != 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "bad glyph: %s",
		    why);
		return (-1);
	}
	return (0);
}

/* Sets colour: a colour name and an optional "bright". */
static int
monster_key_colour(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &mp->s, k->key.name, mp->cause };

	return (blockfile_colour(&bv, f, nf, &mp->cur->colour,
	    &mp->cur->bright));
}

/* Sets a number in the key's range. */
static int
monster_key_number(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &mp->s, k->key.name, mp->cause };
	long	v;

	if (blockfile_number(&bv, f, nf, k->min, k->max, &v) != 0)
		return (-1);
	*monster_slot(mp, k->offset) = (int)v;
	return (0);
}

/* Sets a range "A-B" (damage, depth). */
static int
monster_key_range(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &mp->s, k->key.name, mp->cause };
	long	lo, hi;

	if (blockfile_range(&bv, f, nf, k->min, k->max, &lo, &hi) != 0)
		return (-1);
	*monster_slot(mp, k->offset) = (int)lo;
	*monster_slot(mp, k->offset_hi) = (int)hi;
	return (0);
}

/* Sets class: a movement class of the terrain table. */
static int
monster_key_class(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const struct terrain_table	*tt = mp->tt;
	char				 name[NAME_LEN], show[64], list[320];
	size_t				 o = 0;
	int				 i, c = -1;

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"class "
		    "CLASS\"");
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) == 0)
		c = terrain_class_find(tt, name);
	if (c < 0) {
		list[0] = '\0';
		for (i = 0; i < tt->nclasses && o < sizeof list; i++) {
			o += (size_t)snprintf(list + o, sizeof list - o,
			    "%s%s", i ? ", " : "", tt->classes[i]);
		}
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown class %s "
		    "(the terrain table has %s)", scan_show(&f[1], show),
		    tt->nclasses ? list : "none");
		return (-1);
	}
	mp->cur->cls = c;
	return (0);
}

/* Sets planner: one of the path library's planners. */
static int
monster_key_planner(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	char	name[NAME_LEN], show[64];

	if (nf != 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected "
		    "\"planner NAME\"");
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) != 0 ||
	    path_planner_parse(name, &mp->cur->planner) != 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "unknown planner "
		    "%s (expected one of %s)", scan_show(&f[1], show),
		    path_planner_names);
		return (-1);
	}
	return (0);
}

/* Sets behaviour: one or more flags. */
static int
monster_key_behaviour(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	char	show[64];
	size_t	j;
	int	i;

	if (nf < 2) {
		*mp->cause = scan_error(&mp->s, f[0].column, "expected \"%s "
		    "FLAG...\" (pack, guard, erratic, patient, doors, ambush)",
		    k->key.name);
		return (-1);
	}
	for (i = 1; i < nf; i++) {
		for (j = 0; j < MONSTER_FLAGS; j++) {
			if (scan_is(&f[i], monster_flags[j].name))
				break;
		}
		if (j == MONSTER_FLAGS) {
			*mp->cause = scan_error(&mp->s, f[i].column, "unknown "
			    "behaviour %s (expected pack, guard, erratic, "
			    "patient, doors or ambush)", scan_show(&f[i],
			    show));
			return (-1);
		}
		mp->cur->flags |= monster_flags[j].flag;
	}
	return (0);
}

/* Sets the description: the rest of the line. */
static int
monster_key_describe(struct monster_parser *mp, const struct monster_key *k,
    struct scan_field *f, int nf)
{
	const char	*p = f[0].p + f[0].n;
	const char	*why;

	if (words_text(p, mp->s.n - (size_t)(p - mp->s.p), mp->cur->describe,
	    sizeof mp->cur->describe, &why) != 0) {
		*mp->cause = scan_error(&mp->s, f[0].column + (int)f[0].n + 1,
		    "bad description: %s (at most %d bytes)", why,
		    DESCRIBE_LEN - 1);
		return (-1);
	}
	return (0);
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
		if (mp->seen & required[i].bit)
			continue;
		*mp->cause = xasprintf("%s:%d:1: monster \"%s\" has no \"%s\" "
		    "(every monster needs glyph, hp, damage, speed, class and "
		    "planner)", mp->s.name, mk->line, mk->name,
		    required[i].name);
		return (-1);
	}
	if (!(mp->seen & MONSTER_VALUE))
		mk->value = mk->hp;
	return (0);
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
	if ((i = monster_find(mt, name)) >= 0) {
		*mp->cause = scan_error(&mp->s, f[1].column, "duplicate "
		    "monster \"%s\" (first defined at line %d)", name,
		    mt->k[i].line);
		return (-1);
	}
	if (mt->n == MONSTER_KINDS_MAX) {
		*mp->cause = scan_error(&mp->s, f[0].column, "too many "
		    "monsters (at most %d)", MONSTER_KINDS_MAX);
		return (-1);
	}
	mk = &mt->k[mt->n++];
	memset(mk, 0, sizeof *mk);
	memcpy(mk->name, name, sizeof name);
	words_display(name, mk->display, sizeof mk->display);
	mk->colour = COLOUR_DEFAULT;
	mk->sight = 8;
	mk->hearing = 8;
	mk->give_up = 20;
	mk->depth_min = 1;
	mk->depth_max = MONSTER_DEPTH_MAX;
	mk->line = mp->s.line;
	mp->cur = mk;
	mp->seen = 0;
	return (0);
}

/* The name of the block being read, or NULL: for blockfile.c. */
static const char *
monster_current(void *reader)
{
	struct monster_parser	*p = reader;

	return (p->cur != NULL ? p->cur->name : NULL);
}

/* A property line, to its key's handler: for blockfile.c. */
static int
monster_property(void *reader, const void *key, struct scan_field *f,
    int nf)
{
	const struct monster_key	*k = key;

	return (k->fn(reader, k, f, nf));
}

/* Reads every line of the file (blockfile.h). */
static int
monster_lines(struct monster_parser *p)
{
	const struct blockfile	bf = {
		.s = &p->s,
		.reader = p,
		.block = "monster",
		.other = NULL,
		.expected = "monster, glyph, colour, hp, damage, speed, sight, "
		    "hearing, class, planner, behaviour, give-up, depth, value, "
		    "flee or describe",
		.empty = "\"monster NAME\" blocks",
		.fields = MONSTER_FIELDS,
		.keys = monster_keys,
		.nkeys = MONSTER_KEYS,
		.key_size = sizeof monster_keys[0],
		.seen = &p->seen,
		.cause = p->cause,
		.start = monster_start,
		.outside = NULL,
		.end = monster_end_block,
		.property = monster_property,
		.current = monster_current,
	};

	return (blockfile_read(&bf));
}

/* Parses a monster file: see monster.h. */
int
monster_parse(struct monster_table *mt, const struct terrain_table *tt,
    const char *name, const char *buf, size_t len, char **cause)
{
	struct monster_parser	*mp;
	int			 rc;

	if (len > MONSTER_MAX_FILE) {
		*cause = x_too_large(name, MONSTER_MAX_FILE);
		return (-1);
	}
	mp = xcalloc(1, sizeof *mp);
	scan_init(&mp->s, name, buf, len);
	mp->tt = tt;
	mp->cause = cause;
	rc = monster_lines(mp);
	if (rc == 0)
		*mt = mp->table;
	free(mp);
	return (rc);
}

/* Reads a monster file: see monster.h. */
int
monster_read(struct monster_table *mt, const struct terrain_table *tt,
    const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, MONSTER_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = monster_parse(mt, tt, path, buf, len, cause);
	free(buf);
	return (rc);
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
