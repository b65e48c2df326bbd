/*
 * item.c: reading the item catalogue (data/items.txt).
 *
 * The file is a list of "item NAME" blocks of "key value" lines, read as
 * monsters.txt is, through blockfile.c's line loop: a table of keys,
 * each a value blockfile.c reads into the item (glyph, colour, numbers,
 * the depth range, the description) or a handler here (effect,
 * terrain), a bit per key so a property given twice is an error, and a
 * check when a block ends that what the item's effect needs is
 * there (a power for most effects, a terrain for spikes and caltrops),
 * reported at the item's own line.  Numbers have ranges that no
 * arithmetic on them can overflow.  Terrains come from the terrain
 * table, so an item can only make a terrain that exists.  The catalogue
 * is built in a scratch copy and handed over only when the whole file is
 * good.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockfile.h"
#include "item.h"
#include "report.h"
#include "rng.h"
#include "scan.h"
#include "suggest.h"
#include "words.h"
#include "xmalloc.h"

#define ITEM_MAX_FILE		(1UL << 20)	/* bytes */
#define ITEM_FIELDS		8		/* per line, at most */
#define ITEM_DEPTH_MAX		100
#define ITEM_FREQUENCY_MAX	1000

/* Everything the parser carries from line to line. */
struct item_parser {
	struct scan			 s;
	struct item_table		 table;
	const struct terrain_table	*tt;
	struct item_kind		*cur;	/* block being read, or NULL */
	unsigned			 seen;	/* its properties so far */
	char				**cause;
	struct dungeon_report		*report;	/* the checker's */
};

/* A property key: a kind blockfile.c reads, or a handler of its own. */
struct item_key {
	struct blockfile_key	 key;
	int		(*fn)(struct item_parser *, const struct item_key *,
			    struct scan_field *, int);
};

#define ITEM_GLYPH	0x1
#define ITEM_EFFECT	0x2
#define ITEM_POWER	0x4
#define ITEM_TERRAIN	0x8
#define ITEM_CLASS	0x800
#define ITEM_CHARGES	0x2000
#define ITEM_AMMO	0x40000

/* Where a key of a shared kind puts its value. */
#define ITEM_FIELD(member)	BLOCKFILE_FIELD(struct item_kind, member)
#define ITEM_ALSO(member)	BLOCKFILE_ALSO(struct item_kind, member)

static int	item_key_glyph(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_effect(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_terrain(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_class(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_look(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_strikes(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);
static int	item_key_ammo(struct item_parser *, const struct item_key *,
		    struct scan_field *, int);

static const struct item_key item_keys[] = {
	{ .key = { .name = "glyph", .bit = ITEM_GLYPH },
	  .fn = item_key_glyph },
	{ .key = { .name = "colour", .alias = "color", .bit = 0x10,
	  .kind = BLOCKFILE_COLOUR, ITEM_FIELD(colour),
	  ITEM_ALSO(bright) } },
	{ .key = { .name = "effect", .bit = ITEM_EFFECT },
	  .fn = item_key_effect },
	{ .key = { .name = "power", .bit = ITEM_POWER,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = ITEM_POWER_MAX,
	  ITEM_FIELD(power) } },
	{ .key = { .name = "range", .bit = 0x20, .kind = BLOCKFILE_NUMBER,
	  .min = 1, .max = ITEM_RANGE_MAX, ITEM_FIELD(range) } },
	{ .key = { .name = "terrain", .bit = ITEM_TERRAIN },
	  .fn = item_key_terrain },
	{ .key = { .name = "count", .bit = 0x40, .kind = BLOCKFILE_NUMBER,
	  .min = 1, .max = ITEM_COUNT_MAX, ITEM_FIELD(count) } },
	{ .key = { .name = "depth", .bit = 0x80, .kind = BLOCKFILE_RANGE,
	  .min = 1, .max = ITEM_DEPTH_MAX, ITEM_FIELD(depth_min),
	  ITEM_ALSO(depth_max) } },
	{ .key = { .name = "frequency", .bit = 0x100,
	  .kind = BLOCKFILE_NUMBER, .min = 0, .max = ITEM_FREQUENCY_MAX,
	  ITEM_FIELD(frequency) } },
	{ .key = { .name = "describe", .bit = 0x200,
	  .kind = BLOCKFILE_DESCRIPTION, ITEM_FIELD(describe) } },
	{ .key = { .name = "noun", .bit = 0x400, .text = 1,
	  .kind = BLOCKFILE_NOUN, ITEM_FIELD(display), ITEM_ALSO(noun) } },
	{ .key = { .name = "class", .bit = ITEM_CLASS },
	  .fn = item_key_class },
	{ .key = { .name = "look", .bit = 0x1000, .text = 1 },
	  .fn = item_key_look },
	{ .key = { .name = "charges", .bit = ITEM_CHARGES,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = ITEM_PLUS_MAX,
	  ITEM_FIELD(charges) } },
	{ .key = { .name = "delay", .bit = 0x4000, .kind = BLOCKFILE_NUMBER,
	  .min = ITEM_DELAY_MIN, .max = ITEM_DELAY_MAX, ITEM_FIELD(delay) } },
	{ .key = { .name = "accuracy", .bit = 0x8000,
	  .kind = BLOCKFILE_NUMBER, .min = -ITEM_ACCURACY_MAX,
	  .max = ITEM_ACCURACY_MAX, ITEM_FIELD(accuracy) } },
	{ .key = { .name = "strikes", .bit = 0x10000 },
	  .fn = item_key_strikes },
	{ .key = { .name = "noise", .bit = 0x20000, .kind = BLOCKFILE_NUMBER,
	  .min = -ITEM_NOISE_MAX, .max = ITEM_NOISE_MAX, ITEM_FIELD(noise) } },
	{ .key = { .name = "ammo", .bit = ITEM_AMMO },
	  .fn = item_key_ammo }
};
#define ITEM_KEYS	(sizeof item_keys / sizeof item_keys[0])

/*
 * Effects by name, with how each is used, what it needs (a power, a
 * terrain, charges) and the class an item of it is unless it says.
 */
static const struct {
	const char	*name;
	enum item_use	 use;
	int		 power;		/* needs a power */
	int		 terrain;	/* needs a terrain */
	int		 charges;	/* needs charges */
	enum item_class	 cls;
} item_effects[ITEM_EFFECTS] = {
	[ITEM_HEAL] =	{ "heal", ITEM_USE_QUAFF, 1, 0, 0, ITEM_CLASS_POTION },
	[ITEM_TELEPORT] = { "teleport", ITEM_USE_READ, 0, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_STEALTH] = { "stealth", ITEM_USE_READ, 1, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_NOISE] =	{ "noise", ITEM_USE_THROW, 1, 0, 0, ITEM_CLASS_TOOL },
	[ITEM_SPIKE] =	{ "spike", ITEM_USE_APPLY, 0, 1, 0, ITEM_CLASS_TOOL },
	[ITEM_DIG] =	{ "dig", ITEM_USE_ZAP, 1, 0, 1, ITEM_CLASS_WAND },
	[ITEM_SCATTER] = { "scatter", ITEM_USE_THROW, 0, 1, 0,
			  ITEM_CLASS_TOOL },
	[ITEM_WEAPON] =	{ "weapon", ITEM_USE_WIELD, 1, 0, 0,
			  ITEM_CLASS_WEAPON },
	[ITEM_ARMOUR] =	{ "armour", ITEM_USE_WIELD, 1, 0, 0,
			  ITEM_CLASS_ARMOUR },
	[ITEM_STRENGTH] = { "strength", ITEM_USE_QUAFF, 1, 0, 0,
			  ITEM_CLASS_POTION },
	[ITEM_HASTE] =	{ "haste", ITEM_USE_QUAFF, 1, 0, 0, ITEM_CLASS_POTION },
	[ITEM_POISON] =	{ "poison", ITEM_USE_QUAFF, 1, 0, 0,
			  ITEM_CLASS_POTION },
	[ITEM_CONFUSE] = { "confuse", ITEM_USE_QUAFF, 1, 0, 0,
			  ITEM_CLASS_POTION },
	[ITEM_BLIND] =	{ "blind", ITEM_USE_QUAFF, 1, 0, 0, ITEM_CLASS_POTION },
	[ITEM_EXPERIENCE] = { "experience", ITEM_USE_QUAFF, 0, 0, 0,
			  ITEM_CLASS_POTION },
	[ITEM_IDENTIFY] = { "identify", ITEM_USE_READ, 0, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_ENCHANT] = { "enchant", ITEM_USE_READ, 1, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_MAP] =	{ "map", ITEM_USE_READ, 0, 0, 0, ITEM_CLASS_SCROLL },
	[ITEM_AGGRAVATE] = { "aggravate", ITEM_USE_READ, 0, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_FEAR] =	{ "fear", ITEM_USE_READ, 1, 0, 0, ITEM_CLASS_SCROLL },
	[ITEM_RECHARGE] = { "recharge", ITEM_USE_READ, 1, 0, 0,
			  ITEM_CLASS_SCROLL },
	[ITEM_BOLT] =	{ "bolt", ITEM_USE_ZAP, 1, 0, 1, ITEM_CLASS_WAND },
	[ITEM_SLOW] =	{ "slow", ITEM_USE_ZAP, 1, 0, 1, ITEM_CLASS_WAND },
	[ITEM_BLINK] =	{ "blink", ITEM_USE_ZAP, 0, 0, 1, ITEM_CLASS_WAND },
	[ITEM_MISSILE] = { "missile", ITEM_USE_THROW, 1, 0, 0,
			  ITEM_CLASS_MISSILE },
	[ITEM_LAUNCHER] = { "launcher", ITEM_USE_WIELD, 1, 0, 0,
			  ITEM_CLASS_WEAPON },
	[ITEM_PICK] =	{ "pick", ITEM_USE_CARRY, 0, 0, 1, ITEM_CLASS_TOOL },
};
#define ITEM_EFFECT_LIST \
	"heal, teleport, stealth, noise, spike, dig, scatter, weapon, " \
	"armour, strength, haste, poison, confuse, blind, experience, " \
	"identify, enchant, map, aggravate, fear, recharge, bolt, slow, " \
	"blink, missile, launcher or pick"

static const char *const item_classes[ITEM_CLASSES] = {
	[ITEM_CLASS_WEAPON] = "weapon", [ITEM_CLASS_ARMOUR] = "armour",
	[ITEM_CLASS_POTION] = "potion", [ITEM_CLASS_SCROLL] = "scroll",
	[ITEM_CLASS_WAND] = "wand", [ITEM_CLASS_MISSILE] = "missile",
	[ITEM_CLASS_TOOL] = "tool"
};
#define ITEM_CLASS_LIST \
	"weapon, armour, potion, scroll, wand, missile or tool"

/*
 * Sets glyph: one printable character, not a terrain's (an item lies on
 * the floor and is drawn in the terrain's place, so the map could not
 * tell them apart).  Items may share one: both scrolls are '?'.
 */
static int
item_key_glyph(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &ip->s, k->key.name, ip->cause };
	char	glyph[GLYPH_LEN];
	int	i;

	if (blockfile_glyph(&bv, f, nf, glyph, sizeof glyph) != 0)
		return (-1);
	for (i = 0; i < ip->tt->n; i++) {
		if (strcmp(ip->tt->t[i].glyph, glyph) == 0) {
			*ip->cause = scan_error(&ip->s, f[1].column, "glyph "
			    "'%s' is terrain \"%s\"'s: the map could not "
			    "tell them apart", glyph, ip->tt->t[i].name);
			return (-1);
		}
	}
	if (strcmp(glyph, "@") == 0) {
		*ip->cause = scan_error(&ip->s, f[1].column, "glyph '@' is the "
		    "player's and cannot be an item's");
		return (-1);
	}
	memcpy(ip->cur->glyph, glyph, sizeof glyph);
	return (0);
}

/* Sets effect: one of the effects the game knows. */
static int
item_key_effect(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	struct suggest	sg;
	char		show[64], near[128];
	int		e;

	(void)k;
	if (nf != 2) {
		*ip->cause = scan_error(&ip->s, f[0].column, "expected \"effect "
		    "NAME\" (" ITEM_EFFECT_LIST ")");
		return (-1);
	}
	for (e = 0; e < ITEM_EFFECTS; e++) {
		if (scan_is(&f[1], item_effects[e].name)) {
			ip->cur->effect = (enum item_effect)e;
			return (0);
		}
	}
	suggest_init(&sg, f[1].p, f[1].n);
	for (e = 0; e < ITEM_EFFECTS; e++)
		suggest_add(&sg, item_effects[e].name);
	*ip->cause = scan_error(&ip->s, f[1].column, "unknown effect %s%s "
	    "(expected " ITEM_EFFECT_LIST ")", scan_show(&f[1], show),
	    suggest_text(&sg, near, sizeof near));
	return (-1);
}

/* Sets terrain: a terrain of the terrain table. */
static int
item_key_terrain(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	char	name[NAME_LEN], show[64], near[128];
	int	t = -1;

	(void)k;
	if (nf != 2) {
		*ip->cause = scan_error(&ip->s, f[0].column, "expected "
		    "\"terrain NAME\"");
		return (-1);
	}
	if (words_copy(&f[1], name, sizeof name) == 0)
		t = terrain_find(ip->tt, name);
	if (t < 0) {
		*ip->cause = scan_error(&ip->s, f[1].column, "unknown terrain "
		    "%s%s (not in the terrain table)", scan_show(&f[1], show),
		    terrain_near(ip->tt, f[1].p, f[1].n, near, sizeof near));
		return (-1);
	}
	ip->cur->terrain = t;
	return (0);
}

/* Sets class: one of the classes. */
static int
item_key_class(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	struct suggest	sg;
	char		show[64], near[128];
	int		c;

	(void)k;
	if (nf != 2) {
		*ip->cause = scan_error(&ip->s, f[0].column, "expected \"class "
		    "NAME\" (" ITEM_CLASS_LIST ")");
		return (-1);
	}
	for (c = 0; c < ITEM_CLASSES; c++) {
		if (scan_is(&f[1], item_classes[c])) {
			ip->cur->cls = (enum item_class)c;
			return (0);
		}
	}
	suggest_init(&sg, f[1].p, f[1].n);
	for (c = 0; c < ITEM_CLASSES; c++)
		suggest_add(&sg, item_classes[c]);
	*ip->cause = scan_error(&ip->s, f[1].column, "unknown class %s%s "
	    "(expected " ITEM_CLASS_LIST ")", scan_show(&f[1], show),
	    suggest_text(&sg, near, sizeof near));
	return (-1);
}

/*
 * Sets look: "look COLOUR [bright] WORDS...", how an unknown item of the
 * kind is shown.  The looks of a class are dealt out among its kinds
 * anew in every game (game_new()), so the words and colour a player
 * learns are the game's, not the kind's.
 */
static int
item_key_look(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &ip->s, k->key.name, ip->cause };
	struct item_kind	*ik = ip->cur;
	const char		*p, *why;
	int			 w = 2;

	if (nf < 3) {
		*ip->cause = scan_error(&ip->s, f[0].column, "expected \"look "
		    "COLOUR [bright] WORDS...\": \"look red fizzy potion\"");
		return (-1);
	}
	if (scan_is(&f[2], "bright"))
		w = 3;
	if (w >= nf) {
		*ip->cause = scan_error(&ip->s, f[2].column, "\"look\" wants "
		    "words after the colour: \"look red fizzy potion\"");
		return (-1);
	}
	if (blockfile_colour(&bv, f, w, &ik->look_colour,
	    &ik->look_bright) != 0)
		return (-1);
	p = f[w].p;
	if (words_text(p, ip->s.n - (size_t)(p - ip->s.p), ik->look,
	    sizeof ik->look, &why) != 0) {
		*ip->cause = scan_error(&ip->s, f[w].column, "bad words for "
		    "\"look\": %s (at most %d bytes)", why,
		    (int)sizeof ik->look - 1);
		return (-1);
	}
	return (0);
}

/* Sets strikes: one, line or around. */
static int
item_key_strikes(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	static const char *const names[] = { "one", "line", "around" };
	char	show[64];
	int	i;

	(void)k;
	for (i = 0; nf == 2 && i < 3; i++) {
		if (scan_is(&f[1], names[i])) {
			ip->cur->strikes = (enum item_strikes)i;
			return (0);
		}
	}
	*ip->cause = scan_error(&ip->s, f[nf == 2].column, "expected "
	    "\"strikes one\", \"strikes line\" (the monster behind too) or "
	    "\"strikes around\" (every one next to you)%s%s",
	    nf == 2 ? ", not " : "", nf == 2 ? scan_show(&f[1], show) : "");
	return (-1);
}

/* Sets ammo: the name of a missile kind, found when the file is read. */
static int
item_key_ammo(struct item_parser *ip, const struct item_key *k,
    struct scan_field *f, int nf)
{
	(void)k;
	if (nf != 2 || words_copy(&f[1], ip->cur->ammo_name,
	    sizeof ip->cur->ammo_name) != 0) {
		*ip->cause = scan_error(&ip->s, f[0].column, "expected \"ammo "
		    "ITEM\", the missile a launcher fires");
		return (-1);
	}
	ip->cur->ammo_line = ip->s.line;
	ip->cur->ammo_column = f[1].column;
	return (0);
}

/* Finishes the current block: what its effect needs is given. */
static int
item_end_block(void *reader)
{
	struct item_parser	*ip = reader;
	struct item_kind	*ik = ip->cur;
	const char		*missing = NULL;

	if (ik == NULL)
		return (0);
	ip->cur = NULL;
	if (!(ip->seen & ITEM_GLYPH))
		missing = "glyph";
	else if (!(ip->seen & ITEM_EFFECT))
		missing = "effect";
	else if (item_effects[ik->effect].power && !(ip->seen & ITEM_POWER))
		missing = "power";
	else if (item_effects[ik->effect].terrain &&
	    !(ip->seen & ITEM_TERRAIN))
		missing = "terrain";
	else if (item_effects[ik->effect].charges &&
	    !(ip->seen & ITEM_CHARGES))
		missing = "charges";
	else if (ik->effect == ITEM_LAUNCHER && !(ip->seen & ITEM_AMMO))
		missing = "ammo";
	if (!(ip->seen & ITEM_CLASS))
		ik->cls = item_effects[ik->effect].cls;
	if (missing == NULL)
		return (0);
	*ip->cause = xasprintf("%s:%d:1: item \"%s\" has no \"%s\" (every "
	    "item needs glyph and effect; most effects a power; spike and "
	    "scatter a terrain; wands and picks charges; a launcher its "
	    "ammo: see docs/modding.md)", ip->s.name, ik->line, ik->name,
	    missing);
	return (-1);
}

/* Reads "item NAME" and makes it the current block. */
static int
item_start(void *reader, struct scan_field *f, int nf)
{
	struct item_parser	*ip = reader;
	struct item_table	*it = &ip->table;
	struct item_kind	*ik;
	char			 name[NAME_LEN];
	int			 i;

	if (words_block_name(&ip->s, f, nf, "item", name, sizeof name,
	    ip->cause) != 0)
		return (-1);
	if ((i = item_find(it, name)) >= 0 && it->k[i].layer == it->layer) {
		*ip->cause = scan_error(&ip->s, f[1].column, "duplicate item "
		    "\"%s\" (first defined at line %d)", name, it->k[i].line);
		return (-1);
	}
	if (i < 0 && it->n == ITEM_KINDS_MAX) {
		*ip->cause = scan_error(&ip->s, f[0].column, "too many items "
		    "(at most %d)", ITEM_KINDS_MAX);
		return (-1);
	}
	/* A name the data below defined is replaced where it stands. */
	ik = i >= 0 ? &it->k[i] : &it->k[it->n++];
	memset(ik, 0, sizeof *ik);
	memcpy(ik->name, name, sizeof name);
	ik->layer = it->layer;
	words_display(name, ik->display, sizeof ik->display);
	ik->colour = COLOUR_DEFAULT;
	ik->range = 6;
	ik->terrain = -1;
	ik->count = 1;
	ik->depth_min = 1;
	ik->depth_max = ITEM_DEPTH_MAX;
	ik->frequency = 10;
	ik->delay = 100;
	ik->ammo = -1;
	ik->line = ip->s.line;
	ip->cur = ik;
	ip->seen = 0;
	return (0);
}

/* The item being read, or NULL: for blockfile.c. */
static void *
item_record(void *reader)
{
	struct item_parser	*ip = reader;

	return (ip->cur);
}

/* A property line, to its key's handler: for blockfile.c. */
static int
item_property(void *reader, const void *key, struct scan_field *f, int nf)
{
	const struct item_key	*k = key;

	return (k->fn(reader, k, f, nf));
}

/*
 * What can be checked only when the whole file is read: a launcher's
 * ammo names a missile of the file, and no two kinds of a class look
 * alike.  0, or -1 with *cause set at the line at fault.
 */
static int
item_resolve(struct item_parser *ip)
{
	struct item_table	*it = &ip->table;
	struct item_kind	*ik;
	char			 near[128];
	int			 i, j, a;

	for (i = 0; i < it->n; i++) {
		ik = &it->k[i];
		for (j = 0; j < i && ik->look[0] != '\0'; j++) {
			if (it->k[j].cls == ik->cls &&
			    strcmp(it->k[j].look, ik->look) == 0) {
				*ip->cause = xasprintf("%s:%d:1: items \"%s\" "
				    "and \"%s\" both look like \"%s\": a "
				    "player could not tell them apart",
				    ip->s.name, ik->line, it->k[j].name,
				    ik->name, ik->look);
				if (blockfile_keep(ip->report, ip->s.name,
				    ip->cause) != 0)
					return (-1);
				break;
			}
		}
		if (ik->ammo_name[0] == '\0')
			continue;
		if ((a = item_find(it, ik->ammo_name)) < 0 ||
		    it->k[a].effect != ITEM_MISSILE) {
			*ip->cause = xasprintf("%s:%d:%d: %s \"%s\"%s (a "
			    "launcher's ammo is a missile of this file)",
			    ip->s.name, ik->ammo_line, ik->ammo_column,
			    a < 0 ? "unknown item" : "not a missile",
			    ik->ammo_name, a < 0 ? item_near(it, ik->ammo_name,
			    strlen(ik->ammo_name), near, sizeof near) : "");
			if (blockfile_keep(ip->report, ip->s.name,
			    ip->cause) != 0)
				return (-1);
			continue;
		}
		ik->ammo = a;
	}
	return (0);
}

/* Takes an error of the line loop over, for the checker (blockfile.h). */
static int
item_error(void *reader, char *message)
{
	struct item_parser	*ip = reader;

	*ip->cause = message;
	return (blockfile_keep(ip->report, ip->s.name, ip->cause));
}

/*
 * Reads an item file into *it when it has no error (else *it is left as
 * it was); with a report, every error goes there and reading goes on
 * (the checker's), else the first stops it with *cause set.  0, or -1.
 */
static int
item_run(struct item_table *it, int layer, const struct terrain_table *tt,
    struct dungeon_report *r, const char *name, const char *buf, size_t len,
    char **cause)
{
	struct item_parser	*ip;
	int			 rc, before = r != NULL ? r->nerrors : 0;

	if (len > ITEM_MAX_FILE) {
		*cause = x_too_large(name, ITEM_MAX_FILE);
		return (-1);
	}
	ip = xcalloc(1, sizeof *ip);
	if (layer > 0)		/* a mod's: on the layers below (mods.h) */
		ip->table = *it;
	ip->table.layer = layer;
	scan_init(&ip->s, name, buf, len);
	ip->tt = tt;
	ip->cause = cause;
	ip->report = r;
	{
		const struct blockfile	bf = {
			.s = &ip->s,
			.reader = ip,
			.block = "item",
			.expected = "item, glyph, colour, effect, power, range, "
			    "terrain, count, depth, frequency, describe, noun, "
			    "class, look, charges, delay, accuracy, strikes, "
			    "noise or ammo",
			.empty = "\"item NAME\" blocks",
			.fields = ITEM_FIELDS,
			.keys = item_keys,
			.nkeys = ITEM_KEYS,
			.key_size = sizeof item_keys[0],
			.seen = &ip->seen,
			.cause = cause,
			.start = item_start,
			.end = item_end_block,
			.property = item_property,
			.record = item_record,
			.name = offsetof(struct item_kind, name),
			.error = r != NULL ? item_error : NULL,
		};

		rc = blockfile_read(&bf);
	}
	if (rc == 0)
		rc = item_resolve(ip);
	if (rc == 0 && (r == NULL || r->nerrors == before))
		*it = ip->table;
	free(ip);
	return (rc);
}

/* Parses an item file: see item.h. */
int
item_parse(struct item_table *it, const struct terrain_table *tt,
    const char *name, const char *buf, size_t len, char **cause)
{
	return (item_run(it, 0, tt, NULL, name, buf, len, cause));
}

/* The checker's look at an item file: see item.h. */
int
item_check(struct dungeon_report *r, struct item_table *it,
    const struct terrain_table *tt, const char *path)
{
	char	*buf, *cause = NULL;
	size_t	 len;
	int	 before = r->nerrors;

	if ((buf = x_read_file(path, ITEM_MAX_FILE, &len, &cause)) == NULL) {
		dungeon_report_add_error(r, cause);
		return (r->nerrors - before);
	}
	if (item_run(it, it->layer, tt, r, path, buf, len, &cause) != 0 &&
	    cause != NULL)
		dungeon_report_add_error(r, cause);
	free(buf);
	return (r->nerrors - before);
}

/* The items closest to a name: see item.h. */
const char *
item_near(const struct item_table *it, const char *word, size_t len,
    char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	if (it->n == 0) {
		snprintf(buf, size, ": no item is known, since the item file "
		    "%s does not exist", it->absent[0] != '\0' ? it->absent :
		    "items.txt");
		return (buf);
	}
	suggest_init(&sg, word, len);
	for (i = 0; i < it->n; i++)
		suggest_add(&sg, it->k[i].name);
	return (suggest_text(&sg, buf, size));
}

/* Reads an item file: see item.h. */
int
item_read(struct item_table *it, const struct terrain_table *tt,
    const char *path, char **cause)
{
	return (item_read_layer(it, 0, tt, path, cause));
}

/* Reads an item file as a layer: see item.h. */
int
item_read_layer(struct item_table *it, int layer,
    const struct terrain_table *tt, const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, ITEM_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = item_run(it, layer, tt, NULL, path, buf, len, cause);
	free(buf);
	return (rc);
}

/* Finds an item kind by name: see item.h. */
int
item_find(const struct item_table *it, const char *name)
{
	int	i;

	for (i = 0; i < it->n; i++) {
		if (strcmp(it->k[i].name, name) == 0)
			return (i);
	}
	return (-1);
}

/* How an effect is used: see item.h. */
enum item_use
item_use_of(enum item_effect e)
{
	return (item_effects[e].use);
}

/* The verb of a use: see item.h. */
const char *
item_use_verb(enum item_use u)
{
	static const char *const verbs[] = {
		[ITEM_USE_QUAFF] = "drink", [ITEM_USE_READ] = "read",
		[ITEM_USE_THROW] = "throw", [ITEM_USE_APPLY] = "apply",
		[ITEM_USE_WIELD] = "wield or wear", [ITEM_USE_ZAP] = "zap",
		[ITEM_USE_CARRY] = "dig with"
	};

	return (verbs[u]);
}

/* A class's name in items.txt: see item.h. */
const char *
item_class_name(enum item_class c)
{
	return (item_classes[c]);
}

/* Whether found items of a kind join a stack: see item.h. */
int
item_stacks(const struct item_kind *k)
{
	return (!item_effects[k->effect].charges);
}

/* An effect's name in items.txt: see item.h. */
const char *
item_effect_name(enum item_effect e)
{
	return (item_effects[e].name);
}

/* A kind of the depth, by frequency: see item.h. */
int
item_pick(const struct item_table *it, struct rng *r, int depth)
{
	long	total = 0, roll;
	int	i;

	for (i = 0; i < it->n; i++) {
		if (depth >= it->k[i].depth_min && depth <= it->k[i].depth_max)
			total += it->k[i].frequency;
	}
	if (total == 0)
		return (-1);
	roll = (long)rng_below(r, (uint32_t)total);
	for (i = 0; i < it->n; i++) {
		if (depth < it->k[i].depth_min || depth > it->k[i].depth_max)
			continue;
		if ((roll -= it->k[i].frequency) < 0)
			return (i);
	}
	return (-1);
}
