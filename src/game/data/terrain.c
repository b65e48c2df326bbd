/*
 * terrain.c: reading the terrain table (data/terrain.txt).
 *
 * The file is a list of "class NAME" lines and "terrain NAME" blocks;
 * every line after a terrain line that starts with a property key
 * (glyph, colour, cost, ...) belongs to that terrain, so indentation is
 * only for the reader.  Each key has an entry in a table, as tmux keeps
 * its commands; the line loop and its messages are blockfile.c's, shared
 * with monster.c and item.c, and so are the colour and the description,
 * which it reads into the terrain itself.  The glyph is read by
 * blockfile.c too, then checked here: unique, and not the player's.
 * Transitions (open, close, dig, collapse) may name
 * terrains defined further down, so they are kept as names with the line
 * that gave them and resolved once the whole file is read; an unknown one
 * is reported at that line.  The table is built in a scratch copy and
 * handed over only when everything checks out, so a bad file leaves the
 * caller's table as it was.  Whole-file rules (the terrains and class the
 * game builds levels from) are checked last, with messages naming the
 * first thing missing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockfile.h"
#include "report.h"
#include "scan.h"
#include "suggest.h"
#include "terrain.h"
#include "words.h"
#include "xmalloc.h"

#define TERRAIN_MAX_FILE	(1UL << 20)	/* bytes */
#define TERRAIN_FIELDS		(CLASS_MAX + 2)	/* per line, at most */

/* The four ways a terrain can change into another. */
enum terrain_change {
	TERRAIN_OPEN,
	TERRAIN_CLOSE,
	TERRAIN_DIG,
	TERRAIN_COLLAPSE
};
#define TERRAIN_CHANGES	4

/* A transition as written: resolved once every terrain is known. */
struct terrain_ref {
	char	name[NAME_LEN];
	int	line;
	int	column;
};

/* Everything the parser carries from line to line. */
struct terrain_parser {
	struct scan		 s;
	struct terrain_table	 table;
	struct terrain		*cur;		/* block being read, or NULL */
	unsigned		 seen;		/* its properties so far */
	struct terrain_ref	 refs[TERRAIN_MAX][TERRAIN_CHANGES];
	int			 classes_before;	/* the layers' below */
	char			**cause;
	struct dungeon_report	*report;	/* the checker's, or NULL */
};

/* A property key: a kind blockfile.c reads, or a handler of its own. */
struct terrain_key {
	struct blockfile_key	 key;	/* name, bit, kind, field */
	int		(*fn)(struct terrain_parser *,
			    const struct terrain_key *, struct scan_field *,
			    int);
	unsigned	 flag;			/* for flag keys */
	int		 change;		/* for transition keys */
};

/* Where a key of a shared kind puts its value. */
#define TERRAIN_HARDNESS_BIT	0x1000
#define TERRAIN_FIELD(member)	BLOCKFILE_FIELD(struct terrain, member)
#define TERRAIN_ALSO(member)	BLOCKFILE_ALSO(struct terrain, member)

static int	terrain_key_glyph(struct terrain_parser *,
		    const struct terrain_key *, struct scan_field *, int);
static int	terrain_key_cost(struct terrain_parser *,
		    const struct terrain_key *, struct scan_field *, int);
static int	terrain_key_flag(struct terrain_parser *,
		    const struct terrain_key *, struct scan_field *, int);
static int	terrain_key_change(struct terrain_parser *,
		    const struct terrain_key *, struct scan_field *, int);

static const struct terrain_key terrain_keys[] = {
	{ .key = { .name = "glyph", .bit = 0x1 }, .fn = terrain_key_glyph },
	{ .key = { .name = "colour", .alias = "color", .bit = 0x2,
	  .kind = BLOCKFILE_COLOUR, TERRAIN_FIELD(colour),
	  TERRAIN_ALSO(bright) } },
	{ .key = { .name = "cost", .bit = 0x4 }, .fn = terrain_key_cost },
	{ .key = { .name = "opaque", .bit = 0x8 }, .fn = terrain_key_flag,
	  .flag = TERRAIN_OPAQUE },
	{ .key = { .name = "stairs", .bit = 0x10 }, .fn = terrain_key_flag,
	  .flag = TERRAIN_STAIRS },
	{ .key = { .name = "goal", .bit = 0x20 }, .fn = terrain_key_flag,
	  .flag = TERRAIN_GOAL },
	{ .key = { .name = "open", .bit = 0x40 }, .fn = terrain_key_change,
	  .change = TERRAIN_OPEN },
	{ .key = { .name = "close", .bit = 0x80 }, .fn = terrain_key_change,
	  .change = TERRAIN_CLOSE },
	{ .key = { .name = "dig", .bit = 0x100 }, .fn = terrain_key_change,
	  .change = TERRAIN_DIG },
	{ .key = { .name = "collapse", .bit = 0x200 }, .fn = terrain_key_change,
	  .change = TERRAIN_COLLAPSE },
	{ .key = { .name = "hardness", .bit = TERRAIN_HARDNESS_BIT,
	  .kind = BLOCKFILE_NUMBER, .min = 1, .max = TERRAIN_HARDNESS_MAX,
	  TERRAIN_FIELD(hardness) } },
	{ .key = { .name = "describe", .bit = 0x400,
	  .kind = BLOCKFILE_DESCRIPTION, TERRAIN_FIELD(describe) } },
	{ .key = { .name = "noun", .bit = 0x800, .text = 1,
	  .kind = BLOCKFILE_NOUN, TERRAIN_FIELD(display),
	  TERRAIN_ALSO(noun) } }
};
#define TERRAIN_KEYS	(sizeof terrain_keys / sizeof terrain_keys[0])

/* The terrains the game builds levels from, in the order checked. */
static const char *const terrain_required[] = {
	"floor", "wall", "granite", "door", "open-door", "rubble",
	"shallow-water", "deep-water", "lava", "stairs", "amulet", "cave-in"
};
#define TERRAIN_REQUIRED \
	(sizeof terrain_required / sizeof terrain_required[0])

/* Names the classes declared so far: see terrain.h. */
void
terrain_class_list(const struct terrain_table *tt, char *buf, size_t size)
{
	size_t	o = 0;
	int	i, n;

	buf[0] = '\0';
	for (i = 0; i < tt->nclasses && o < size; i++) {
		n = snprintf(buf + o, size - o, "%s%s", i ? ", " : "",
		    tt->classes[i]);
		if (n < 0)
			break;
		o += (size_t)n;
	}
	if (tt->nclasses == 0)
		snprintf(buf, size, "none");
}

/* Sets glyph: one printable character, not '@', unique among terrains. */
static int
terrain_key_glyph(struct terrain_parser *tp, const struct terrain_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value bv = { &tp->s, k->key.name, tp->cause };
	struct terrain_table	*tt = &tp->table;
	char			 glyph[GLYPH_LEN];
	int			 i;

	if (blockfile_glyph(&bv, f, nf, glyph, sizeof glyph) != 0)
		return (-1);
	if (strcmp(glyph, "@") == 0) {
		*tp->cause = scan_error(&tp->s, f[1].column, "glyph '@' is the "
		    "player's and cannot be a terrain's");
		return (-1);
	}
	for (i = 0; i < tt->n; i++) {
		if (&tt->t[i] == tp->cur || tt->t[i].glyph[0] == '\0' ||
		    strcmp(tt->t[i].glyph, glyph) != 0)
			continue;
		if (tt->t[i].layer == tt->layer)
			*tp->cause = scan_error(&tp->s, f[1].column,
			    "duplicate glyph '%s': terrain \"%s\" (line %d) "
			    "already has it", glyph, tt->t[i].name,
			    tt->t[i].line);
		else
			*tp->cause = scan_error(&tp->s, f[1].column,
			    "duplicate glyph '%s': terrain \"%s\" of the "
			    "data this file layers on has it", glyph,
			    tt->t[i].name);
		return (-1);
	}
	memcpy(tp->cur->glyph, glyph, sizeof glyph);
	return (0);
}

/* Sets cost: CLASS=N pairs; classes left out cannot enter. */
static int
terrain_key_cost(struct terrain_parser *tp, const struct terrain_key *k,
    struct scan_field *f, int nf)
{
	struct terrain_table	*tt = &tp->table;
	struct scan_field	 cls, num;
	char			 name[NAME_LEN], show[64], list[320], near[128];
	unsigned		 given = 0;
	long			 v;
	int			 i, c;

	if (nf < 2) {
		*tp->cause = scan_error(&tp->s, f[0].column, "expected \"cost "
		    "CLASS=N ...\" with at least one class");
		return (-1);
	}
	for (i = 1; i < nf; i++) {
		if (words_split(&f[i], '=', &cls, &num) != 0) {
			*tp->cause = scan_error(&tp->s, f[i].column, "expected "
			    "CLASS=N, found %s", scan_show(&f[i], show));
			return (-1);
		}
		c = -1;
		if (words_copy(&cls, name, sizeof name) == 0)
			c = terrain_class_find(tt, name);
		if (c < 0) {
			terrain_class_list(tt, list, sizeof list);
			*tp->cause = scan_error(&tp->s, cls.column, "unknown "
			    "class %s%s (declared so far: %s)",
			    scan_show(&cls, show), terrain_class_near(tt,
			    cls.p, cls.n, near, sizeof near), list);
			return (-1);
		}
		if (given & (1U << c)) {
			*tp->cause = scan_error(&tp->s, cls.column, "class "
			    "\"%s\" given twice", name);
			return (-1);
		}
		given |= 1U << c;
		if (scan_long(&num, 0, 254, &v) != 0) {
			*tp->cause = scan_error(&tp->s, num.column, "cost %s "
			    "is not a number from 0 (cannot enter) to 254",
			    scan_show(&num, show));
			return (-1);
		}
		tp->cur->cost[c] = (uint8_t)v;
	}
	return (0);
}

/* Sets a flag: opaque, stairs or goal, with nothing after it. */
static int
terrain_key_flag(struct terrain_parser *tp, const struct terrain_key *k,
    struct scan_field *f, int nf)
{
	if (nf != 1) {
		*tp->cause = scan_error(&tp->s, f[1].column, "\"%s\" takes "
		    "nothing after it", k->key.name);
		return (-1);
	}
	tp->cur->flags |= k->flag;
	return (0);
}

/* Records a transition by name, to resolve at the end of the file. */
static int
terrain_key_change(struct terrain_parser *tp, const struct terrain_key *k,
    struct scan_field *f, int nf)
{
	struct terrain_ref	*ref;
	const char		*why;

	if (nf != 2) {
		*tp->cause = scan_error(&tp->s, f[0].column, "expected \"%s "
		    "TERRAIN\"", k->key.name);
		return (-1);
	}
	ref = &tp->refs[tp->cur - tp->table.t][k->change];
	if (words_name(&f[1], ref->name, sizeof ref->name, &why) != 0) {
		*tp->cause = scan_error(&tp->s, f[1].column, "bad terrain "
		    "name: %s", why);
		return (-1);
	}
	ref->line = tp->s.line;
	ref->column = f[1].column;
	return (0);
}

/* Finishes the current terrain block: it must have a glyph. */
static int
terrain_end_block(void *reader)
{
	struct terrain_parser	*tp = reader;
	struct terrain		*t = tp->cur;

	if (t == NULL)
		return (0);
	tp->cur = NULL;
	if (t->glyph[0] == '\0') {
		*tp->cause = scan_error_at(tp->s.name, t->line, 1,
		    "terrain \"%s\" has no glyph (add \"glyph C\")",
		    t->name);
		return (-1);
	}
	return (0);
}

/* Reads "class NAME", or "class NAME digs" (a class that tunnels). */
static int
terrain_class(void *reader, struct scan_field *f, int nf)
{
	struct terrain_parser	*tp = reader;
	struct terrain_table	*tt = &tp->table;
	char			 name[NAME_LEN];
	const char		*why;
	int			 c;

	if (nf != 2 && !(nf == 3 && scan_is(&f[2], "digs"))) {
		*tp->cause = scan_error(&tp->s, f[nf > 2 ? 2 : 0].column,
		    "expected \"class NAME\" or \"class NAME digs\"");
		return (-1);
	}
	if (words_name(&f[1], name, sizeof name, &why) != 0) {
		*tp->cause = scan_error(&tp->s, f[1].column, "bad class name: "
		    "%s", why);
		return (-1);
	}
	if ((c = terrain_class_find(tt, name)) >= tp->classes_before) {
		*tp->cause = scan_error(&tp->s, f[1].column, "duplicate class "
		    "\"%s\"", name);
		return (-1);
	}
	if (c >= 0) {	/* a class of the data this file layers on */
		if (nf == 3)
			tt->digs |= 1u << c;
		return (0);
	}
	if (tt->nclasses == CLASS_MAX) {
		*tp->cause = scan_error(&tp->s, f[0].column, "too many classes "
		    "(at most %d)", CLASS_MAX);
		return (-1);
	}
	if (nf == 3)
		tt->digs |= 1u << tt->nclasses;
	memcpy(tt->classes[tt->nclasses++], name, sizeof name);
	return (0);
}

/* Reads "terrain NAME" and makes it the current block. */
static int
terrain_start(void *reader, struct scan_field *f, int nf)
{
	struct terrain_parser	*tp = reader;
	struct terrain_table	*tt = &tp->table;
	struct terrain		*t;
	char			 name[NAME_LEN];
	int			 i;

	if (words_block_name(&tp->s, f, nf, "terrain", name, sizeof name,
	    tp->cause) != 0)
		return (-1);
	if ((i = terrain_find(tt, name)) >= 0 && tt->t[i].layer == tt->layer) {
		*tp->cause = scan_error(&tp->s, f[1].column, "duplicate "
		    "terrain \"%s\" (first defined at line %d)", name,
		    tt->t[i].line);
		return (-1);
	}
	if (i < 0 && tt->n == TERRAIN_MAX) {
		*tp->cause = scan_error(&tp->s, f[0].column, "too many "
		    "terrains (at most %d)", TERRAIN_MAX);
		return (-1);
	}
	/* A name the data below defined is replaced where it stands. */
	t = i >= 0 ? &tt->t[i] : &tt->t[tt->n++];
	memset(t, 0, sizeof *t);
	memcpy(t->name, name, sizeof name);
	t->layer = tt->layer;
	words_display(name, t->display, sizeof t->display);
	t->colour = COLOUR_DEFAULT;
	t->open = t->close = t->dig = t->collapse = -1;
	t->hardness = 1;
	t->line = tp->s.line;
	tp->cur = t;
	tp->seen = 0;
	return (0);
}

/* The terrain being read, or NULL: for blockfile.c. */
static void *
terrain_record(void *reader)
{
	struct terrain_parser	*tp = reader;

	return (tp->cur);
}

/* A property line, to its key's handler: for blockfile.c. */
static int
terrain_property(void *reader, const void *key, struct scan_field *f,
    int nf)
{
	const struct terrain_key	*k = key;

	return (k->fn(reader, k, f, nf));
}

/* Takes an error of the line loop over, for the checker (blockfile.h). */
static int
terrain_error(void *reader, char *message)
{
	struct terrain_parser	*tp = reader;

	*tp->cause = message;
	return (blockfile_keep(tp->report, tp->s.name, tp->cause));
}

/* Reads every line of the file (blockfile.h). */
static int
terrain_lines(struct terrain_parser *p)
{
	const struct blockfile	bf = {
		.s = &p->s,
		.reader = p,
		.block = "terrain",
		.other = "class",
		.expected = "class, terrain, glyph, colour, cost, opaque, "
		    "stairs, goal, open, close, dig, collapse, hardness, describe or "
		    "noun",
		.empty = "\"class\" and \"terrain\" lines",
		.fields = TERRAIN_FIELDS,
		.keys = terrain_keys,
		.nkeys = TERRAIN_KEYS,
		.key_size = sizeof terrain_keys[0],
		.seen = &p->seen,
		.cause = p->cause,
		.start = terrain_start,
		.outside = terrain_class,
		.end = terrain_end_block,
		.property = terrain_property,
		.record = terrain_record,
		.name = offsetof(struct terrain, name),
		.error = p->report != NULL ? terrain_error : NULL,
	};

	return (blockfile_read(&bf));
}

/* Turns every transition's name into an index. */
static int
terrain_resolve(struct terrain_parser *tp)
{
	static const char *const what[] = { "open", "close", "dig",
	    "collapse" };
	struct terrain_table	*tt = &tp->table;
	struct terrain_ref	*ref;
	char			 near[128];
	int			 i, c, to, *slot[TERRAIN_CHANGES];

	for (i = 0; i < tt->n; i++) {
		slot[TERRAIN_OPEN] = &tt->t[i].open;
		slot[TERRAIN_CLOSE] = &tt->t[i].close;
		slot[TERRAIN_DIG] = &tt->t[i].dig;
		slot[TERRAIN_COLLAPSE] = &tt->t[i].collapse;
		for (c = 0; c < TERRAIN_CHANGES; c++) {
			ref = &tp->refs[i][c];
			if (ref->name[0] == '\0')
				continue;
			if ((to = terrain_find(tt, ref->name)) < 0) {
				*tp->cause = scan_error_at(tp->s.name,
				    ref->line, ref->column, "unknown terrain "
				    "\"%s\" for \"%s\"%s (no terrain block has "
				    "that name)", ref->name, what[c],
				    terrain_near(tt, ref->name,
				    strlen(ref->name), near, sizeof near));
				if (blockfile_keep(tp->report, tp->s.name,
				    tp->cause) != 0)
					return (-1);
				continue;
			}
			*slot[c] = to;
		}
	}
	return (0);
}

/* Checks what the game relies on and fills in the well-known indices. */
static int
terrain_require(struct terrain_parser *tp)
{
	struct terrain_table	*tt = &tp->table;
	int			 idx[TERRAIN_REQUIRED], walkable[4];
	size_t			 i;
	int			 t, missing = 0;

	if ((tt->walk = terrain_class_find(tt, "walk")) < 0) {
		*tp->cause = xasprintf("%s: no class \"walk\": the player "
		    "moves with it (add \"class walk\")", tp->s.name);
		return (-1);
	}
	for (i = 0; i < TERRAIN_REQUIRED; i++) {
		if ((idx[i] = terrain_find(tt, terrain_required[i])) >= 0)
			continue;
		*tp->cause = xasprintf("%s: no terrain \"%s\": the game "
		    "needs floor, wall, granite, door, open-door, rubble, "
		    "shallow-water, deep-water, lava, stairs, amulet and "
		    "cave-in", tp->s.name, terrain_required[i]);
		if (blockfile_keep(tp->report, tp->s.name, tp->cause) != 0)
			return (-1);
		missing = 1;
	}
	if (missing)
		return (0);	/* the checker's: the rest needs them all */
	tt->floor = idx[0];
	tt->wall = idx[1];
	tt->granite = idx[2];
	tt->door = idx[3];
	tt->open_door = idx[4];
	tt->rubble = idx[5];
	tt->shallow_water = idx[6];
	tt->deep_water = idx[7];
	tt->lava = idx[8];
	tt->stairs = idx[9];
	tt->goal = idx[10];
	tt->cave_in = idx[11];

	if (!(tt->t[tt->stairs].flags & TERRAIN_STAIRS)) {
		*tp->cause = scan_error_at(tp->s.name,
		    tt->t[tt->stairs].line, 1, "terrain \"stairs\" must have "
		    "the stairs flag");
		return (-1);
	}
	if (!(tt->t[tt->goal].flags & TERRAIN_GOAL)) {
		*tp->cause = scan_error_at(tp->s.name, tt->t[tt->goal].line,
		    1, "terrain \"amulet\" must have the goal flag");
		return (-1);
	}
	walkable[0] = tt->floor;
	walkable[1] = tt->open_door;
	walkable[2] = tt->stairs;
	walkable[3] = tt->goal;
	for (i = 0; i < 4; i++) {
		t = walkable[i];
		if (tt->t[t].cost[tt->walk] == 0) {
			*tp->cause = scan_error_at(tp->s.name,
			    tt->t[t].line, 1, "terrain \"%s\" must cost class "
			    "\"walk\" at least 1: the player has to enter it",
			    tt->t[t].name);
			return (-1);
		}
	}
	t = tt->t[tt->door].open;
	if (t < 0 || tt->t[t].cost[tt->walk] == 0) {
		*tp->cause = scan_error_at(tp->s.name, tt->t[tt->door].line,
		    1, "terrain \"door\" must open (\"open TERRAIN\") into a "
		    "terrain class \"walk\" can enter");
		return (-1);
	}
	return (0);
}

/*
 * Reads a terrain file, into *tt when it has no error (else *tt is left
 * as it was); with a report, every error goes there and reading goes on
 * (the checker's), else the first stops it with *cause set.  0, or -1.
 */
static int
terrain_run(struct terrain_table *tt, int layer, struct dungeon_report *r,
    const char *name, const char *buf, size_t len, char **cause)
{
	struct terrain_parser	*tp;
	int			 rc, before = r != NULL ? r->nerrors : 0;

	if (len > TERRAIN_MAX_FILE) {
		*cause = x_too_large(name, TERRAIN_MAX_FILE);
		return (-1);
	}
	tp = xcalloc(1, sizeof *tp);
	if (layer > 0)		/* a mod's: on the layers below (mods.h) */
		tp->table = *tt;
	tp->table.layer = layer;
	tp->classes_before = tp->table.nclasses;
	scan_init(&tp->s, name, buf, len);
	tp->cause = cause;
	tp->report = r;
	rc = terrain_lines(tp);
	if (rc == 0)
		rc = terrain_resolve(tp);
	if (rc == 0 && (r == NULL || r->nerrors == before))
		rc = terrain_require(tp);
	if (rc == 0 && (r == NULL || r->nerrors == before))
		*tt = tp->table;
	free(tp);
	return (rc);
}

/* Parses a terrain file: see terrain.h. */
int
terrain_parse(struct terrain_table *tt, const char *name, const char *buf,
    size_t len, char **cause)
{
	return (terrain_run(tt, 0, NULL, name, buf, len, cause));
}

/* The checker's look at a terrain file: see terrain.h. */
int
terrain_check(struct dungeon_report *r, struct terrain_table *tt,
    const char *path)
{
	char	*buf, *cause = NULL;
	size_t	 len;
	int	 before = r->nerrors;

	if ((buf = x_read_file(path, TERRAIN_MAX_FILE, &len, &cause)) ==
	    NULL) {
		dungeon_report_add_error(r, cause);
		return (r->nerrors - before);
	}
	if (terrain_run(tt, tt->layer, r, path, buf, len, &cause) != 0 &&
	    cause != NULL)
		dungeon_report_add_error(r, cause);
	free(buf);
	return (r->nerrors - before);
}

/* Reads a terrain file as a layer: see terrain.h. */
int
terrain_read_layer(struct terrain_table *tt, int layer, const char *path,
    char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, TERRAIN_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = terrain_run(tt, layer, NULL, path, buf, len, cause);
	free(buf);
	return (rc);
}

/* Reads a terrain file: see terrain.h. */
int
terrain_read(struct terrain_table *tt, const char *path, char **cause)
{
	return (terrain_read_layer(tt, 0, path, cause));
}

/* Finds a terrain by name: see terrain.h. */
int
terrain_find(const struct terrain_table *tt, const char *name)
{
	int	i;

	for (i = 0; i < tt->n; i++) {
		if (strcmp(tt->t[i].name, name) == 0)
			return (i);
	}
	return (-1);
}

/* The terrains closest to a name: see terrain.h. */
const char *
terrain_near(const struct terrain_table *tt, const char *word, size_t len,
    char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	suggest_init(&sg, word, len);
	for (i = 0; i < tt->n; i++)
		suggest_add(&sg, tt->t[i].name);
	return (suggest_text(&sg, buf, size));
}

/* The classes closest to a name: see terrain.h. */
const char *
terrain_class_near(const struct terrain_table *tt, const char *word,
    size_t len, char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	suggest_init(&sg, word, len);
	for (i = 0; i < tt->nclasses; i++)
		suggest_add(&sg, tt->classes[i]);
	return (suggest_text(&sg, buf, size));
}

/* Finds a movement class by name: see terrain.h. */
int
terrain_class_find(const struct terrain_table *tt, const char *name)
{
	int	i;

	for (i = 0; i < tt->nclasses; i++) {
		if (strcmp(tt->classes[i], name) == 0)
			return (i);
	}
	return (-1);
}

/* Whether solid: see terrain.h. */
int
terrain_solid(const struct terrain_table *tt, int terrain)
{
	const struct terrain	*t = &tt->t[terrain];
	int			 c;

	if (!(t->flags & TERRAIN_OPAQUE))
		return (0);
	for (c = 0; c < tt->nclasses; c++)
		if (t->cost[c] != 0 && !terrain_dug(tt, c, terrain))
			return (0);
	return (1);
}

/* Whether a class enters a terrain by digging it: see terrain.h. */
int
terrain_dug(const struct terrain_table *tt, int cls, int terrain)
{
	return ((tt->digs & (1u << cls)) != 0 && tt->t[terrain].dig >= 0 &&
	    tt->t[terrain].cost[cls] != 0);
}
