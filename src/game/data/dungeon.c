/*
 * dungeon.c: reading hand-made levels and Moving AI maps as dungeons.
 *
 * A dungeon file is read in one pass: the header's "key: value" lines,
 * then the map's rows up to "end", then nothing but comments.  Glyphs are
 * looked up in one table built from every terrain's own glyph, '@' for
 * the player and the legend, which may override both; single-byte
 * glyphs go through a 128-entry index so a large map costs one lookup a
 * cell, while UTF-8 glyphs are compared whole.  Columns in the map count
 * characters, not bytes, since that is what an editor shows.
 *
 * Nothing is allocated from a number the file gives: the map grows row
 * by row as rows are read, after each row has been held against
 * DUNGEON_MAX_SIDE, and spawns, gates and events are counted against
 * their limits before each is stored.  Names that may point forward (a
 * legend naming a gate defined later in the header) are resolved when
 * the map starts; checks that need the map's size (events inside it,
 * every gate used) run when it ends.  On any error the dungeon is left
 * empty, so the caller never sees half a level.
 *
 * The checker (dungeon_check_text, astray --check; dungeon_check_piece
 * for a vault) runs the same steps in a mode that keeps each error and
 * reads on: the line is skipped, an unknown glyph stands for a wall from
 * then on (so it is told once), a short row is walled up, a legend glyph
 * or gate whose line was refused is not told again where it is used.  Errors are kept in the order they
 * are met, so the first is always the game's own message.  Whether the
 * level can be won is one piece of code for both (dungeon_reach()):
 * the game refuses a level that even digging cannot finish, the checker
 * also warns when only digging can.  The search is dungeon-reach.c's.
 *
 * A legend's monster or item may be a weighted list of kinds or "any"
 * (dungeon_legend_kinds()): the parser keeps each glyph's list with its
 * cells (struct dungeon_pick), and the kind of each cell is drawn when a
 * level is built (dungeon_draw_monster(), dungeon_draw_item()), so that a
 * seed, not the file alone, decides it.
 *
 * A file whose first line is "type octile" is a Moving AI map: the path
 * library's reader does the parsing, after a look at its header that
 * refuses sides beyond DUNGEON_MAX_SIDE before anything is allocated.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dungeon.h"
#include "dungeon-reach.h"
#include "grid.h"
#include "movingai.h"
#include "rng.h"
#include "scan.h"
#include "suggest.h"
#include "words.h"
#include "xmalloc.h"

#define DUNGEON_MAX_FILE	(32UL << 20)	/* bytes */
#define DUNGEON_MAX_LEGEND	256
#define DUNGEON_MAX_MONSTERS	1000		/* "monsters: N" */
#define DUNGEON_MAX_DEPTH	100
#define DUNGEON_MAX_TURN	10000000
#define DUNGEON_MAX_EVERY	100000
#define DUNGEON_FIELDS		16		/* per header line, at most */
#define DUNGEON_MAX_ERRORS	100		/* the checker's, per file */

/* The header keys, as bits of what has been given. */
#define DUNGEON_KEY_NAME	0x1
#define DUNGEON_KEY_DEPTH	0x2
#define DUNGEON_KEY_MOVEMENT	0x4
#define DUNGEON_KEY_CORNERS	0x8
#define DUNGEON_KEY_MONSTERS	0x10

/* What a glyph of the map stands for. */
enum dungeon_what {
	DUNGEON_TERRAIN,
	DUNGEON_MONSTER,
	DUNGEON_ITEM,
	DUNGEON_GATE,
	DUNGEON_PLAYER
};

/* A glyph the map may use. */
struct dungeon_glyph {
	char			 glyph[GLYPH_LEN];
	size_t			 len;
	enum dungeon_what	 what;
	int			 terrain;	/* the cell's terrain */
	int			 kind;		/* monster or item kind */
	struct dungeon_pick	 pick;		/* its list, or any */
	int			 gate;		/* index of the gate */
	char			 gate_name[NAME_LEN];
	int			 line;		/* of the legend; 0: built in */
	int			 column;
};

/* Everything the parser carries from line to line. */
struct dungeon_parser {
	struct scan			 s;
	const struct terrain_table	*tt;
	const struct monster_table	*mt;
	const struct item_table		*it;
	struct dungeon			 d;
	unsigned			 seen;		/* header keys given */
	struct dungeon_glyph		 glyphs[TERRAIN_MAX + 1 +
					     DUNGEON_MAX_LEGEND];
	int				 nglyphs;
	int				 nlegend;
	int				 ascii[128];	/* glyph of a byte, or -1 */
	size_t				 gate_cap[DUNGEON_MAX_GATES];
	size_t				 spawns_cap;
	size_t				 items_cap;
	size_t				 events_cap;
	int				*event_columns;
	int				*trigger_columns;
	size_t				 rows_cap;
	int				 row[DUNGEON_MAX_SIDE];
	int				 player_line;
	int				 player_column;
	int				 map_line;	/* of the first row */
	char				**cause;
	/* The checker's mode: errors are kept and reading goes on. */
	int				 keep_going;
	char				*pending;	/* cause, then */
	struct dungeon_report		*report;
	/* Gates whose "gate:" line was refused, not to report twice. */
	char				 refused_gates[DUNGEON_MAX_GATES][
					     NAME_LEN];
	int				 nrefused_gates;
};

/* The last part of a path, for names taken from files. */
static const char *
dungeon_basename(const char *path)
{
	const char	*slash = strrchr(path, '/');

	return (slash != NULL && slash[1] != '\0' ? slash + 1 : path);
}

/* Copies a name into the dungeon, cut to fit. */
static void
dungeon_set_name(struct dungeon *d, const char *name)
{
	snprintf(d->name, sizeof d->name, "%s", name);
}

/* Adds a copy of a formatted line to a list of the report's. */
static void
dungeon_report_add(char ***list, int *n, char *line)
{
	*list = xreallocarray(*list, (size_t)*n + 1, sizeof **list);
	(*list)[(*n)++] = line;
}

/*
 * After an error: in the checker's mode, keeps it and returns 0 so that
 * reading goes on, until DUNGEON_MAX_ERRORS have been kept; else returns
 * -1 with the error left in *cause.
 */
static int
dungeon_recover(struct dungeon_parser *dp)
{
	struct dungeon_report	*r = dp->report;

	if (!dp->keep_going)
		return (-1);
	dungeon_report_add(&r->errors, &r->nerrors, dp->pending);
	dp->pending = NULL;
	if (r->nerrors < DUNGEON_MAX_ERRORS)
		return (0);
	dungeon_report_add(&r->errors, &r->nerrors, scan_error(&dp->s, 0,
	    "stopping after %d errors: the rest of the file is not read",
	    DUNGEON_MAX_ERRORS));
	return (-1);
}

/* Frees what a dungeon holds and leaves it empty. */
/* The order the game applies events in: see dungeon.h. */
int
dungeon_event_order(const struct dungeon_event *a,
    const struct dungeon_event *b)
{
	if ((a->trigger != DUNGEON_AT_TURN) != (b->trigger != DUNGEON_AT_TURN))
		return (a->trigger != DUNGEON_AT_TURN ? 1 : -1);
	if (a->turn != b->turn)
		return (a->turn < b->turn ? -1 : 1);
	return (a->line - b->line);
}

void
dungeon_free(struct dungeon *d)
{
	int	i;

	if (d == NULL)
		return;
	free(d->terrain);
	for (i = 0; i < d->ngates; i++)
		free(d->gates[i].cells);
	free(d->gates);
	free(d->spawns);
	free(d->items);
	free(d->events);
	memset(d, 0, sizeof *d);
	d->px = d->py = -1;
}

/* True when a gate is open at a turn: see docs/modding.md. */
static int
dungeon_gate_open(const struct dungeon_gate *g, long turn)
{
	long	phase;

	phase = ((turn - g->offset) % g->every + g->every) % g->every;
	return (phase < g->open_for);
}

/* Finds a glyph of the table by its bytes, or -1. */
static int
dungeon_glyph_find(const struct dungeon_parser *dp, const char *p,
    size_t len)
{
	int	i;

	if (len == 1)
		return ((unsigned char)p[0] < 128 ?
		    dp->ascii[(unsigned char)p[0]] : -1);
	for (i = 0; i < dp->nglyphs; i++) {
		if (dp->glyphs[i].len == len &&
		    memcmp(dp->glyphs[i].glyph, p, len) == 0)
			return (i);
	}
	return (-1);
}

/*
 * Adds a glyph to the table, replacing a built-in one with the same
 * glyph; returns its index, or -1 if a legend entry already has it.
 */
static int
dungeon_glyph_add(struct dungeon_parser *dp, const struct dungeon_glyph *g)
{
	int	i;

	i = dungeon_glyph_find(dp, g->glyph, g->len);
	if (i >= 0 && dp->glyphs[i].line != 0)
		return (-1);
	if (i < 0)
		i = dp->nglyphs++;
	dp->glyphs[i] = *g;
	if (g->len == 1)
		dp->ascii[(unsigned char)g->glyph[0]] = i;
	return (i);
}

/* Fills the glyph table with every terrain's glyph and the player's. */
static void
dungeon_glyph_init(struct dungeon_parser *dp)
{
	const struct terrain_table	*tt = dp->tt;
	struct dungeon_glyph		 g;
	int				 i;

	for (i = 0; i < 128; i++)
		dp->ascii[i] = -1;
	for (i = 0; i < tt->n; i++) {
		memset(&g, 0, sizeof g);
		memcpy(g.glyph, tt->t[i].glyph, sizeof g.glyph);
		g.glyph[GLYPH_LEN - 1] = '\0';
		g.len = strlen(g.glyph);
		if (g.len == 0)
			continue;
		g.what = DUNGEON_TERRAIN;
		g.terrain = i;
		dungeon_glyph_add(dp, &g);
	}
	memset(&g, 0, sizeof g);
	memcpy(g.glyph, "@", 2);
	g.len = 1;
	g.what = DUNGEON_PLAYER;
	g.terrain = tt->floor;
	dungeon_glyph_add(dp, &g);
}

/* Looks up a terrain named by a field; sets an error if there is none. */
static int
dungeon_terrain(struct dungeon_parser *dp, const struct scan_field *f,
    const char *what)
{
	char	name[NAME_LEN], show[64], near[128];
	int	t = -1;

	if (words_copy(f, name, sizeof name) == 0)
		t = terrain_find(dp->tt, name);
	if (t < 0)
		*dp->cause = scan_error(&dp->s, f->column, "unknown terrain %s "
		    "for %s%s", scan_show(f, show), what, terrain_near(dp->tt,
		    f->p, f->n, near, sizeof near));
	return (t);
}

/* Reads "name: TEXT". */
static int
dungeon_key_name(struct dungeon_parser *dp, const char *p, size_t n,
    int column)
{
	const char	*why;

	while (n > 0 && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
		column++;
	}
	if (words_text(p, n, dp->d.name, sizeof dp->d.name, &why) != 0) {
		*dp->cause = scan_error(&dp->s, column, "bad name: %s (at most "
		    "%zu bytes)", why, sizeof dp->d.name - 1);
		return (-1);
	}
	if (dp->d.name[0] == '\0') {
		*dp->cause = scan_error(&dp->s, column, "expected \"name: "
		    "TEXT\"");
		return (-1);
	}
	return (0);
}

/* Reads the text of an "intro: TEXT" line, the next of the intro. */
static int
dungeon_key_intro(struct dungeon_parser *dp, const char *p, size_t n,
    int column)
{
	const char	*why;
	char		*line;

	while (n > 0 && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
		column++;
	}
	if (dp->d.nintro == DUNGEON_INTRO_LINES) {
		*dp->cause = scan_error(&dp->s, column, "too many intro lines "
		    "(at most %d)", DUNGEON_INTRO_LINES);
		return (-1);
	}
	line = dp->d.intro[dp->d.nintro];
	if (words_text(p, n, line, DUNGEON_INTRO_LEN, &why) != 0) {
		*dp->cause = scan_error(&dp->s, column, "bad intro: %s (at "
		    "most %d bytes a line, to fit the message line)", why,
		    DUNGEON_INTRO_LEN - 1);
		return (-1);
	}
	if (line[0] == '\0') {
		*dp->cause = scan_error(&dp->s, column, "expected \"intro: "
		    "TEXT\"");
		return (-1);
	}
	dp->d.nintro++;
	return (0);
}

/* Reads "depth: N" or "monsters: N". */
static int
dungeon_key_number(struct dungeon_parser *dp, const char *key,
    struct scan_field *v, int nv, int column, long min, long max, int *out)
{
	char	show[64];
	long	n;

	if (nv != 1) {
		*dp->cause = scan_error(&dp->s, column, "expected \"%s: N\"",
		    key);
		return (-1);
	}
	if (scan_long(&v[0], min, max, &n) != 0) {
		*dp->cause = scan_error(&dp->s, v[0].column, "%s %s is not a "
		    "number from %ld to %ld", key, scan_show(&v[0], show), min,
		    max);
		return (-1);
	}
	*out = (int)n;
	return (0);
}

/* Reads "movement: M" or "corners: C". */
static int
dungeon_key_rule(struct dungeon_parser *dp, int movement,
    struct scan_field *v, int nv, int column)
{
	const char	*key = movement ? "movement" : "corners";
	char		 word[32], show[64];
	int		 bad;

	if (nv != 1) {
		*dp->cause = scan_error(&dp->s, column, "expected \"%s: %s\"",
		    key, movement ? "MOVEMENT" : "RULE");
		return (-1);
	}
	bad = words_copy(&v[0], word, sizeof word) != 0;
	if (!bad && movement)
		bad = path_movement_parse(word, &dp->d.rules.movement) != 0;
	else if (!bad)
		bad = path_diagonal_parse(word, &dp->d.rules.diagonal) != 0;
	if (bad) {
		*dp->cause = scan_error(&dp->s, v[0].column, "unknown %s %s "
		    "(expected one of %s)", key, scan_show(&v[0], show),
		    movement ? path_movement_names : path_diagonal_names);
		return (-1);
	}
	return (0);
}

/* Reads an optional "on TERRAIN" at v[i]; the default stays if absent. */
static int
dungeon_legend_on(struct dungeon_parser *dp, struct scan_field *v, int nv,
    int i, int *terrain)
{
	if (nv == i)
		return (0);
	if (nv != i + 2 || !scan_is(&v[i], "on")) {
		*dp->cause = scan_error(&dp->s, v[i].column, "expected nothing "
		    "or \"on TERRAIN\" here");
		return (-1);
	}
	if ((*terrain = dungeon_terrain(dp, &v[i + 1], "\"on\"")) < 0)
		return (-1);
	return (0);
}

/*
 * An error of a legend's list of kinds: the one held before it (*held
 * set) is kept first in the checker's mode, so that every bad name of a
 * list is told, the last left in *cause for the line's own recovery.  0
 * to read on, or -1 (the game's mode: the first error stays in *cause).
 */
static int
dungeon_list_error(struct dungeon_parser *dp, int *held, char *message)
{
	if (*held) {
		/* The game stops at the first; the checker near its cap. */
		if (!dp->keep_going || dp->report->nerrors + 1 >=
		    DUNGEON_MAX_ERRORS) {
			free(message);
			return (-1);
		}
		(void)dungeon_recover(dp);	/* 0: below the cap */
	}
	*dp->cause = message;
	*held = 1;
	return (0);
}

/*
 * The monsters or items closest to a word of a legend, and "on" for a
 * word after the first (a misspelt "on TERRAIN"): " (did you mean
 * goblin?)" or "".
 */
static const char *
dungeon_kind_near(const struct dungeon_parser *dp, int monster,
    const struct scan_field *f, int on, char *buf, size_t size)
{
	struct suggest	sg;
	int		i;

	if (!on || (!monster && dp->it->n == 0))
		return (monster ? monster_near(dp->mt, f->p, f->n, buf, size) :
		    item_near(dp->it, f->p, f->n, buf, size));
	suggest_init(&sg, f->p, f->n);
	for (i = 0; monster && i < dp->mt->n; i++)
		suggest_add(&sg, dp->mt->k[i].name);
	for (i = 0; !monster && i < dp->it->n; i++)
		suggest_add(&sg, dp->it->k[i].name);
	if (on)
		suggest_add(&sg, "on");
	return (suggest_text(&sg, buf, size));
}

/*
 * Reads the kinds of a legend's monster or item, v[2] on up to "on" or
 * the line's end: "NAME", a list "NAME[:W] NAME[:W]..." (each cell draws
 * one, by weight, 1 unless given) or "any" (a kind of the level's depth),
 * into g's pick, g->kind being the first kind (-1: any), and columns[]
 * each kind's column.  Each unknown name or bad weight is an error at its
 * column.  Returns the index of the word after them, or -1 with *cause.
 */
static int
dungeon_legend_kinds(struct dungeon_parser *dp, struct scan_field *v, int nv,
    int monster, struct dungeon_glyph *g, int *columns)
{
	struct dungeon_pick	*p = &g->pick;
	struct scan_field	 name, weight;
	char			 word[NAME_LEN], show[64], near[128];
	long			 w;
	int			 i, k, held = 0, weighed;

	p->n = 0;
	for (i = 2; i < nv && !scan_is(&v[i], "on"); i++) {
		if (i - 2 == DUNGEON_PICK_MAX) {
			(void)dungeon_list_error(dp, &held, scan_error(&dp->s,
			    v[i].column, "too many kinds for one glyph (at "
			    "most %d)", DUNGEON_PICK_MAX));
			return (-1);
		}
		weighed = words_split(&v[i], ':', &name, &weight) == 0;
		if (!weighed)
			name = v[i];
		if (scan_is(&name, "any") && (i > 2 || weighed || (i + 1 <
		    nv && !scan_is(&v[i + 1], "on")))) {
			(void)dungeon_list_error(dp, &held, scan_error(&dp->s,
			    v[i].column, "\"any\" (a kind of the level's "
			    "depth) stands alone, not in a list"));
			return (-1);
		}
		if (scan_is(&name, "any")) {
			g->kind = -1;
			return (i + 1);
		}
		k = -1;
		if (words_copy(&name, word, sizeof word) == 0)
			k = monster ? monster_find(dp->mt, word) :
			    item_find(dp->it, word);
		if (k < 0) {
			if (dungeon_list_error(dp, &held, scan_error(&dp->s,
			    name.column, "unknown %s %s%s%s", monster ?
			    "monster" : "item", scan_show(&name, show),
			    dungeon_kind_near(dp, monster, &name, i > 2, near,
			    sizeof near), i > 2 ? " (each word after the first "
			    "is another kind of the list, up to \"on TERRAIN\")" :
			    "")) != 0)
				return (-1);
			continue;
		}
		w = 1;
		if (weighed && scan_long(&weight, 1, DUNGEON_PICK_WEIGHT,
		    &w) != 0) {
			if (dungeon_list_error(dp, &held, scan_error(&dp->s,
			    weight.column, "weight %s is not a number from 1 "
			    "to %d", scan_show(&weight, show),
			    DUNGEON_PICK_WEIGHT)) != 0)
				return (-1);
			continue;
		}
		columns[p->n] = name.column;
		p->kinds[p->n] = k;
		p->weights[p->n++] = (int)w;
	}
	if (held)
		return (-1);
	if (i == 2) {
		*dp->cause = scan_error(&dp->s, v[2].column, "expected a %s "
		    "name, a list of them or \"any\" before \"on\"",
		    monster ? "monster" : "item");
		return (-1);
	}
	g->kind = p->kinds[0];
	return (i);
}

/*
 * Reads the rest of "legend: C monster|item KINDS [on T]" into g: the
 * kinds (dungeon_legend_kinds()), then the terrain, which each kind
 * listed must be able to stand on (a monster's class enter and not dig,
 * the player walk on for an item).  0, or -1 with *cause set.
 */
static int
dungeon_legend_creature(struct dungeon_parser *dp, struct scan_field *v,
    int nv, int monster, struct dungeon_glyph *g)
{
	const struct terrain_table	*tt = dp->tt;
	const struct monster_kind	*mk;
	int				 columns[DUNGEON_PICK_MAX], i, j;

	if ((i = dungeon_legend_kinds(dp, v, nv, monster, g, columns)) < 0 ||
	    dungeon_legend_on(dp, v, nv, i, &g->terrain) != 0)
		return (-1);
	if (!monster && tt->t[g->terrain].cost[tt->walk] == 0) {
		*dp->cause = scan_error(&dp->s, v[2].column, "item%s%s%s cannot "
		    "lie on %s, where the player cannot stand: add \"on "
		    "TERRAIN\" with one the player can walk on",
		    g->kind >= 0 ? " \"" : "", g->kind >= 0 ?
		    dp->it->k[g->kind].name : "", g->kind >= 0 ? "\"" : "",
		    tt->t[g->terrain].name);
		return (-1);
	}
	for (j = 0; monster && j < g->pick.n; j++) {
		mk = &dp->mt->k[g->pick.kinds[j]];
		if (tt->t[g->terrain].cost[mk->cls] == 0 ||
		    terrain_dug(tt, mk->cls, g->terrain)) {	/* rock */
			*dp->cause = scan_error(&dp->s, columns[j], "monster "
			    "\"%s\" (class %s) cannot stand on %s: add \"on "
			    "TERRAIN\" with a terrain it can enter", mk->name,
			    tt->classes[mk->cls], tt->t[g->terrain].name);
			return (-1);
		}
	}
	return (0);
}

/*
 * Reads "legend: C terrain NAME", "legend: C monster NAME [on T]",
 * "legend: C item NAME [on T]", "legend: C gate NAME" or
 * "legend: C player [on T]".
 */
static int
dungeon_key_legend(struct dungeon_parser *dp, struct scan_field *v, int nv,
    int column, int commented)
{
	const struct terrain_table	*tt = dp->tt;
	struct dungeon_glyph		 g;
	const char			*why;
	int				 i;

	if (nv < 2) {
		*dp->cause = scan_error(&dp->s, column, "expected \"legend: C "
		    "terrain|monster|item|gate|player ...\"%s", commented ?
		    " ('#' starts a comment, so it cannot be a legend glyph)" :
		    "");
		return (-1);
	}
	if (dp->nlegend == DUNGEON_MAX_LEGEND) {
		*dp->cause = scan_error(&dp->s, column, "too many legend "
		    "entries (at most %d)", DUNGEON_MAX_LEGEND);
		return (-1);
	}
	memset(&g, 0, sizeof g);
	if (words_glyph(&v[0], g.glyph, sizeof g.glyph, &why) != 0) {
		*dp->cause = scan_error(&dp->s, v[0].column, "bad glyph: %s",
		    why);
		return (-1);
	}
	g.len = strlen(g.glyph);
	g.line = dp->s.line;
	g.column = v[0].column;
	g.terrain = tt->floor;
	if (scan_is(&v[1], "terrain") && nv == 3) {
		g.what = DUNGEON_TERRAIN;
		if ((g.terrain = dungeon_terrain(dp, &v[2], "the legend")) < 0)
			return (-1);
	} else if (scan_is(&v[1], "monster") && nv >= 3) {
		g.what = DUNGEON_MONSTER;
		if (dungeon_legend_creature(dp, v, nv, 1, &g) != 0)
			return (-1);
	} else if (scan_is(&v[1], "item") && nv >= 3) {
		g.what = DUNGEON_ITEM;
		if (dungeon_legend_creature(dp, v, nv, 0, &g) != 0)
			return (-1);
	} else if (scan_is(&v[1], "gate") && nv == 3) {
		g.what = DUNGEON_GATE;
		if (words_name(&v[2], g.gate_name, sizeof g.gate_name,
		    &why) != 0) {
			*dp->cause = scan_error(&dp->s, v[2].column, "bad gate "
			    "name: %s", why);
			return (-1);
		}
	} else if (scan_is(&v[1], "player")) {
		g.what = DUNGEON_PLAYER;
		if (dungeon_legend_on(dp, v, nv, 2, &g.terrain) != 0)
			return (-1);
		if (tt->t[g.terrain].cost[tt->walk] == 0) {
			*dp->cause = scan_error(&dp->s, v[1].column, "the "
			    "player cannot stand on %s", tt->t[g.terrain].name);
			return (-1);
		}
	} else {
		*dp->cause = scan_error(&dp->s, v[1].column, "expected "
		    "\"terrain NAME\", \"monster NAME [on T]\", \"item NAME "
		    "[on T]\", \"gate NAME\" or \"player [on T]\" after the "
		    "glyph (a monster or item may be a list, \"orc goblin:3\", "
		    "or \"any\")");
		return (-1);
	}
	if ((i = dungeon_glyph_add(dp, &g)) < 0) {
		i = dungeon_glyph_find(dp, g.glyph, g.len);
		*dp->cause = scan_error(&dp->s, v[0].column, "glyph '%s' is "
		    "already in the legend (line %d)", g.glyph,
		    dp->glyphs[i].line);
		return (-1);
	}
	dp->nlegend++;
	return (0);
}

/*
 * In the checker's mode, after an error at a glyph (a legend entry it
 * could not take, or a glyph of the map no legend gives), makes that
 * glyph stand for a wall from then on, so the map's uses of it are not
 * each reported again.
 */
static void
dungeon_glyph_placeholder(struct dungeon_parser *dp, const char *glyph,
    size_t len)
{
	struct dungeon_glyph	g;

	if (!dp->keep_going || len == 0 || len >= sizeof g.glyph ||
	    dp->nlegend == DUNGEON_MAX_LEGEND ||
	    dungeon_glyph_find(dp, glyph, len) >= 0)
		return;
	memset(&g, 0, sizeof g);
	memcpy(g.glyph, glyph, len);
	g.len = len;
	g.what = DUNGEON_TERRAIN;
	g.terrain = dp->tt->wall;
	g.line = dp->s.line;
	g.column = 0;
	dungeon_glyph_add(dp, &g);
	dp->nlegend++;
}

/*
 * Reads a legend line; when it is refused, its glyph (if it is one)
 * becomes a placeholder in the checker's mode.
 */
static int
dungeon_key_legend_line(struct dungeon_parser *dp, struct scan_field *v,
    int nv, int column, int commented)
{
	char		 glyph[GLYPH_LEN];
	const char	*why;

	if (dungeon_key_legend(dp, v, nv, column, commented) == 0)
		return (0);
	if (nv >= 1 && words_glyph(&v[0], glyph, sizeof glyph, &why) == 0)
		dungeon_glyph_placeholder(dp, glyph, strlen(glyph));
	return (-1);
}

/* Reads a gate's every, open-for and offset (at[2] to at[4]). */
static int
dungeon_gate_timing(struct dungeon_parser *dp, struct scan_field **at,
    long *every, long *open_for, long *offset)
{
	char	show[64];

	if (scan_long(at[2], 1, DUNGEON_MAX_EVERY, every) != 0) {
		*dp->cause = scan_error(&dp->s, at[2]->column, "every %s is "
		    "not a number of turns from 1 to %d", scan_show(at[2], show),
		    DUNGEON_MAX_EVERY);
		return (-1);
	}
	if (scan_long(at[3], 0, *every, open_for) != 0) {
		*dp->cause = scan_error(&dp->s, at[3]->column, "open-for %s is "
		    "not a number of turns from 0 to every (%ld)",
		    scan_show(at[3], show), *every);
		return (-1);
	}
	if (at[4] != NULL && scan_long(at[4], 0, *every - 1, offset) != 0) {
		*dp->cause = scan_error(&dp->s, at[4]->column, "offset %s is "
		    "not a number of turns from 0 to every - 1 (%ld)",
		    scan_show(at[4], show), *every - 1);
		return (-1);
	}
	return (0);
}

/* Reads "gate: NAME open T closed T every N open-for M [offset K]". */
static int
dungeon_key_gate(struct dungeon_parser *dp, struct scan_field *v, int nv,
    int column)
{
	static const char *const words[] = { "open", "closed", "every",
	    "open-for", "offset" };
	struct dungeon		*d = &dp->d;
	struct dungeon_gate	 g;
	struct scan_field	*at[5] = { NULL, NULL, NULL, NULL, NULL };
	char			 show[64];
	const char		*why;
	long			 every, open_for, offset = 0;
	int			 i, w;

	if (nv < 1) {
		*dp->cause = scan_error(&dp->s, column, "expected \"gate: NAME "
		    "open T closed T every N open-for M [offset K]\"");
		return (-1);
	}
	memset(&g, 0, sizeof g);
	if (words_name(&v[0], g.name, sizeof g.name, &why) != 0) {
		*dp->cause = scan_error(&dp->s, v[0].column, "bad gate name: "
		    "%s", why);
		return (-1);
	}
	for (i = 0; i < d->ngates; i++) {
		if (strcmp(d->gates[i].name, g.name) == 0) {
			*dp->cause = scan_error(&dp->s, v[0].column, "duplicate "
			    "gate \"%s\" (first defined at line %d)", g.name,
			    d->gates[i].line);
			return (-1);
		}
	}
	if (d->ngates == DUNGEON_MAX_GATES) {
		*dp->cause = scan_error(&dp->s, column, "too many gates (at "
		    "most %d)", DUNGEON_MAX_GATES);
		return (-1);
	}
	for (i = 1; i < nv; i += 2) {
		for (w = 0; w < 5; w++) {
			if (scan_is(&v[i], words[w]))
				break;
		}
		if (w == 5) {
			*dp->cause = scan_error(&dp->s, v[i].column, "unknown "
			    "gate property %s (expected open, closed, every, "
			    "open-for or offset)", scan_show(&v[i], show));
			return (-1);
		}
		if (at[w] != NULL) {
			*dp->cause = scan_error(&dp->s, v[i].column, "\"%s\" "
			    "given twice", words[w]);
			return (-1);
		}
		if (i + 1 == nv) {
			*dp->cause = scan_error(&dp->s, v[i].column, "\"%s\" "
			    "needs a value after it", words[w]);
			return (-1);
		}
		at[w] = &v[i + 1];
	}
	for (w = 0; w < 4; w++) {
		if (at[w] == NULL) {
			*dp->cause = scan_error(&dp->s, v[0].column, "gate "
			    "\"%s\" has no \"%s\" (a gate needs open, closed, "
			    "every and open-for)", g.name, words[w]);
			return (-1);
		}
	}
	if ((g.open = dungeon_terrain(dp, at[0], "\"open\"")) < 0 ||
	    (g.closed = dungeon_terrain(dp, at[1], "\"closed\"")) < 0 ||
	    dungeon_gate_timing(dp, at, &every, &open_for, &offset) != 0)
		return (-1);
	g.every = (int)every;
	g.open_for = (int)open_for;
	g.offset = (int)offset;
	g.line = dp->s.line;
	d->gates = xreallocarray(d->gates, (size_t)d->ngates + 1,
	    sizeof *d->gates);
	d->gates[d->ngates++] = g;
	return (0);
}

/*
 * Reads a gate line; when it is refused, its name (if it is one) is kept
 * in the checker's mode, so that the legend's glyph for that gate is not
 * reported again as naming an unknown gate.
 */
static int
dungeon_key_gate_line(struct dungeon_parser *dp, struct scan_field *v,
    int nv, int column)
{
	char		 name[NAME_LEN];
	const char	*why;

	if (dungeon_key_gate(dp, v, nv, column) == 0)
		return (0);
	if (dp->keep_going && nv >= 1 && dp->nrefused_gates <
	    DUNGEON_MAX_GATES && words_name(&v[0], name, sizeof name,
	    &why) == 0)
		memcpy(dp->refused_gates[dp->nrefused_gates++], name,
		    sizeof name);
	return (-1);
}

/* Whether a gate's line was refused (in the checker's mode). */
static int
dungeon_gate_refused(const struct dungeon_parser *dp, const char *name)
{
	int	i;

	for (i = 0; i < dp->nrefused_gates; i++) {
		if (strcmp(dp->refused_gates[i], name) == 0)
			return (1);
	}
	return (0);
}

/*
 * Reads an event's first field, what makes it happen: a turn, or a
 * trigger "step:X,Y", "door:X,Y" or "death:KIND".  0, or -1 with error.
 */
static int
dungeon_event_when(struct dungeon_parser *dp, const struct scan_field *f,
    struct dungeon_event *e)
{
	struct scan_field	 word, rest, a, b;
	char			 show[64], name[NAME_LEN], near[128];
	long			 n[2];

	if (words_split(f, ':', &word, &rest) != 0) {
		if (scan_long(f, 0, DUNGEON_MAX_TURN, &n[0]) != 0) {
			*dp->cause = scan_error(&dp->s, f->column, "turn %s is "
			    "not a number from 0 to %d (or a trigger: step:X,Y, "
			    "door:X,Y or death:MONSTER)", scan_show(f, show),
			    DUNGEON_MAX_TURN);
			return (-1);
		}
		e->turn = (int)n[0];
		return (0);
	}
	if (scan_is(&word, "death")) {
		e->trigger = DUNGEON_ON_DEATH;
		e->kind = -1;
		if (words_copy(&rest, name, sizeof name) == 0)
			e->kind = monster_find(dp->mt, name);
		if (e->kind < 0) {
			*dp->cause = scan_error(&dp->s, rest.column, "unknown "
			    "monster %s for the trigger%s", scan_show(&rest,
			    show), monster_near(dp->mt, rest.p, rest.n, near,
			    sizeof near));
			return (-1);
		}
		return (0);
	}
	if (!scan_is(&word, "step") && !scan_is(&word, "door")) {
		*dp->cause = scan_error(&dp->s, f->column, "unknown trigger "
		    "%s (expected step:X,Y, door:X,Y or death:MONSTER)",
		    scan_show(&word, show));
		return (-1);
	}
	e->trigger = scan_is(&word, "step") ? DUNGEON_ON_STEP :
	    DUNGEON_ON_DOOR;
	if (words_split(&rest, ',', &a, &b) != 0 ||
	    scan_long(&a, 0, DUNGEON_MAX_SIDE - 1, &n[0]) != 0 ||
	    scan_long(&b, 0, DUNGEON_MAX_SIDE - 1, &n[1]) != 0) {
		*dp->cause = scan_error(&dp->s, rest.column, "expected the "
		    "trigger's cell as X,Y (from 0,0 at the top left), found "
		    "%s", scan_show(&rest, show));
		return (-1);
	}
	e->tx = (int)n[0];
	e->ty = (int)n[1];
	return (0);
}

/* Reads "event: TURN|TRIGGER X,Y [WxH] TERRAIN". */
static int
dungeon_key_event(struct dungeon_parser *dp, struct scan_field *v, int nv,
    int column)
{
	struct dungeon		*d = &dp->d;
	struct dungeon_event	 e;
	struct scan_field	 a, b;
	char			 show[64];
	long			 n[5];

	if (nv != 3 && nv != 4) {
		*dp->cause = scan_error(&dp->s, column, "expected \"event: "
		    "TURN X,Y [WxH] TERRAIN\" (or a trigger for TURN: "
		    "step:X,Y, door:X,Y or death:MONSTER)");
		return (-1);
	}
	if (d->nevents == DUNGEON_MAX_EVENTS) {
		*dp->cause = scan_error(&dp->s, column, "too many events (at "
		    "most %d)", DUNGEON_MAX_EVENTS);
		return (-1);
	}
	memset(&e, 0, sizeof e);
	if (dungeon_event_when(dp, &v[0], &e) != 0)
		return (-1);
	if (words_split(&v[1], ',', &a, &b) != 0 ||
	    scan_long(&a, 0, DUNGEON_MAX_SIDE - 1, &n[1]) != 0 ||
	    scan_long(&b, 0, DUNGEON_MAX_SIDE - 1, &n[2]) != 0) {
		*dp->cause = scan_error(&dp->s, v[1].column, "expected the "
		    "cell as X,Y (from 0,0 at the top left), found %s",
		    scan_show(&v[1], show));
		return (-1);
	}
	n[3] = n[4] = 1;
	if (nv == 4 && (words_split(&v[2], 'x', &a, &b) != 0 ||
	    scan_long(&a, 1, DUNGEON_MAX_SIDE, &n[3]) != 0 ||
	    scan_long(&b, 1, DUNGEON_MAX_SIDE, &n[4]) != 0)) {
		*dp->cause = scan_error(&dp->s, v[2].column, "expected the "
		    "size as WxH (each from 1 to %d), found %s", DUNGEON_MAX_SIDE,
		    scan_show(&v[2], show));
		return (-1);
	}
	if ((e.terrain = dungeon_terrain(dp, &v[nv - 1], "the event")) < 0)
		return (-1);
	e.x = (int)n[1];
	e.y = (int)n[2];
	e.w = (int)n[3];
	e.h = (int)n[4];
	e.line = dp->s.line;
	if ((size_t)d->nevents == dp->events_cap) {
		dp->events_cap = dp->events_cap ? dp->events_cap * 2 : 16;
		d->events = xreallocarray(d->events, dp->events_cap,
		    sizeof *d->events);
		dp->event_columns = xreallocarray(dp->event_columns,
		    dp->events_cap, sizeof *dp->event_columns);
		dp->trigger_columns = xreallocarray(dp->trigger_columns,
		    dp->events_cap, sizeof *dp->trigger_columns);
	}
	dp->event_columns[d->nevents] = v[1].column;
	dp->trigger_columns[d->nevents] = v[0].column;
	d->events[d->nevents++] = e;
	return (0);
}

/* Marks a once-only key as given; an error if it was already. */
static int
dungeon_once(struct dungeon_parser *dp, unsigned bit, const char *key,
    int column)
{
	if (dp->seen & bit) {
		*dp->cause = scan_error(&dp->s, column, "\"%s:\" given twice",
		    key);
		return (-1);
	}
	dp->seen |= bit;
	return (0);
}

/* The keys of a dungeon file's header, for messages. */
static const char *const dungeon_keys[] = {
	"name", "intro", "depth", "movement", "corners", "legend", "gate",
	"event", "monsters", "map"
};

/* "unknown key ...", with the keys closest to it; sets *dp->cause. */
static void
dungeon_unknown_key(struct dungeon_parser *dp, const struct scan_field *key,
    int column)
{
	struct suggest	sg;
	char		show[64], near[128];
	size_t		i;

	suggest_init(&sg, key->p, key->n);
	for (i = 0; i < sizeof dungeon_keys / sizeof dungeon_keys[0]; i++)
		suggest_add(&sg, dungeon_keys[i]);
	*dp->cause = scan_error(&dp->s, column, "unknown key %s%s (expected "
	    "name, intro, depth, movement, corners, legend, gate, event, "
	    "monsters or map)", scan_show(key, show), suggest_text(&sg, near,
	    sizeof near));
}

/*
 * Reads one header line (comment already cut off, n bytes); sets *map
 * when it is the "map" line.
 */
static int
dungeon_header_line(struct dungeon_parser *dp, size_t n, int commented,
    int *map)
{
	struct scan		 line = dp->s;
	struct scan_field	 f[DUNGEON_FIELDS], v[DUNGEON_FIELDS], key, rest;
	char			 show[64];
	int			 nf, nv = 0, i, column;

	line.n = n;
	nf = scan_fields(&line, f, DUNGEON_FIELDS);
	if (nf == 0)
		return (0);
	if (nf == 1 && scan_is(&f[0], "map")) {
		*map = 1;
		return (0);
	}
	if (words_split(&f[0], ':', &key, &rest) != 0) {
		*dp->cause = scan_error(&dp->s, f[0].column, "expected \"key: "
		    "value\" or \"map\", found %s", scan_show(&f[0], show));
		return (-1);
	}
	column = f[0].column;
	if (scan_is(&key, "name")) {
		if (dungeon_once(dp, DUNGEON_KEY_NAME, "name", column) != 0)
			return (-1);
		return (dungeon_key_name(dp, rest.p, n - (size_t)(rest.p -
		    dp->s.p), rest.column));
	}
	if (scan_is(&key, "intro"))
		return (dungeon_key_intro(dp, rest.p, n - (size_t)(rest.p -
		    dp->s.p), rest.column));
	if (nf > DUNGEON_FIELDS) {
		*dp->cause = scan_error(&dp->s, f[DUNGEON_FIELDS - 1].column,
		    "too many words on one line");
		return (-1);
	}
	if (rest.n > 0)
		v[nv++] = rest;
	for (i = 1; i < nf; i++)
		v[nv++] = f[i];

	if (scan_is(&key, "depth")) {
		if (dungeon_once(dp, DUNGEON_KEY_DEPTH, "depth", column) != 0)
			return (-1);
		return (dungeon_key_number(dp, "depth", v, nv, column, 1,
		    DUNGEON_MAX_DEPTH, &dp->d.depth));
	}
	if (scan_is(&key, "monsters")) {
		if (dungeon_once(dp, DUNGEON_KEY_MONSTERS, "monsters",
		    column) != 0)
			return (-1);
		return (dungeon_key_number(dp, "monsters", v, nv, column, 0,
		    DUNGEON_MAX_MONSTERS, &dp->d.extra_monsters));
	}
	if (scan_is(&key, "movement")) {
		if (dungeon_once(dp, DUNGEON_KEY_MOVEMENT, "movement",
		    column) != 0)
			return (-1);
		return (dungeon_key_rule(dp, 1, v, nv, column));
	}
	if (scan_is(&key, "corners")) {
		if (dungeon_once(dp, DUNGEON_KEY_CORNERS, "corners",
		    column) != 0)
			return (-1);
		return (dungeon_key_rule(dp, 0, v, nv, column));
	}
	if (scan_is(&key, "legend"))
		return (dungeon_key_legend_line(dp, v, nv, column,
		    commented));
	if (scan_is(&key, "gate"))
		return (dungeon_key_gate_line(dp, v, nv, column));
	if (scan_is(&key, "event"))
		return (dungeon_key_event(dp, v, nv, column));
	dungeon_unknown_key(dp, &key, column);
	return (-1);
}

/* Length of the current line up to its first '#'. */
static size_t
dungeon_uncommented(const struct scan *s)
{
	const char	*hash = memchr(s->p, '#', s->n);

	return (hash != NULL ? (size_t)(hash - s->p) : s->n);
}

/* Reads the header, up to and including the "map" line. */
static int
dungeon_header(struct dungeon_parser *dp)
{
	size_t	n;
	int	map = 0, lines = 0;

	while (!map) {
		if (!scan_content_line(&dp->s, '#')) {
			if (lines == 0)
				*dp->cause = xasprintf("%s: empty file: "
				    "expected a dungeon (\"key: value\" lines, "
				    "then \"map\", the rows and \"end\")",
				    dp->s.name);
			else
				*dp->cause = scan_error(&dp->s, 0, "the file "
				    "ends before its \"map\" line");
			return (-1);
		}
		lines++;
		n = dungeon_uncommented(&dp->s);
		if (dungeon_header_line(dp, n, n < dp->s.n, &map) != 0 &&
		    dungeon_recover(dp) != 0)
			return (-1);
	}
	return (0);
}

/* Ties each gate glyph of the legend to its gate. */
static int
dungeon_resolve_gates(struct dungeon_parser *dp)
{
	struct dungeon_glyph	*g;
	struct suggest		 sg;
	char			 near[128];
	int			 i, j;

	for (i = 0; i < dp->nglyphs; i++) {
		g = &dp->glyphs[i];
		if (g->what != DUNGEON_GATE)
			continue;
		for (j = 0; j < dp->d.ngates; j++) {
			if (strcmp(dp->d.gates[j].name, g->gate_name) == 0)
				break;
		}
		if (j == dp->d.ngates && dungeon_gate_refused(dp,
		    g->gate_name)) {
			g->what = DUNGEON_TERRAIN;	/* told already */
			g->terrain = dp->tt->wall;
			continue;
		}
		if (j == dp->d.ngates) {
			suggest_init(&sg, g->gate_name, strlen(g->gate_name));
			for (j = 0; j < dp->d.ngates; j++)
				suggest_add(&sg, dp->d.gates[j].name);
			*dp->cause = scan_error_at(dp->s.name, g->line,
			    g->column, "unknown gate \"%s\"%s: define it with "
			    "\"gate: %s open T closed T every N open-for M\"",
			    g->gate_name, suggest_text(&sg, near, sizeof near),
			    g->gate_name);
			if (dungeon_recover(dp) != 0)
				return (-1);
			g->what = DUNGEON_TERRAIN;	/* read on as a wall */
			g->terrain = dp->tt->wall;
			continue;
		}
		g->gate = j;
		g->terrain = dungeon_gate_open(&dp->d.gates[j], 0) ?
		    dp->d.gates[j].open : dp->d.gates[j].closed;
	}
	return (0);
}

/*
 * Splits the current line into glyph indices in dp->row; returns the
 * number of cells, or -1 with an error.
 */
static int
dungeon_row_glyphs(struct dungeon_parser *dp)
{
	const char	*p = dp->s.p;
	size_t		 n = dp->s.n, i = 0;
	char		 show[8], glyph[16];
	int		 cells = 0, len, g;

	while (i < n) {
		if (cells == DUNGEON_MAX_SIDE) {
			*dp->cause = scan_error(&dp->s, cells + 1, "the row is "
			    "wider than %d cells", DUNGEON_MAX_SIDE);
			return (-1);
		}
		len = words_utf8_len(p + i, n - i);
		if (len == 0) {
			*dp->cause = scan_error(&dp->s, cells + 1, "byte %s is "
			    "not valid UTF-8", scan_show_byte(
			    (unsigned char)p[i], show));
			if (dungeon_recover(dp) != 0)
				return (-1);
			dp->row[cells++] = -1;	/* read on as a wall */
			i++;
			continue;
		}
		if ((g = dungeon_glyph_find(dp, p + i, (size_t)len)) < 0) {
			if (len == 1)
				scan_show_byte((unsigned char)p[i], glyph);
			else	/* U+00A0: a no-break space looks like ' ' */
				scan_show_char(p + i, (size_t)len, glyph);
			*dp->cause = scan_error(&dp->s, cells + 1, "unknown "
			    "glyph %s (not a terrain's glyph, '@' or in the "
			    "legend)", glyph);
			if (dungeon_recover(dp) != 0)
				return (-1);
			dungeon_glyph_placeholder(dp, p + i, (size_t)len);
			g = -1;		/* read on as a wall */
		}
		dp->row[cells++] = g;
		i += (size_t)len;
	}
	return (cells);
}

/* Puts a monster spawn at a cell. */
static int
dungeon_spawn(struct dungeon_parser *dp, const struct dungeon_glyph *g,
    int x, int y)
{
	struct dungeon	*d = &dp->d;

	if (d->nspawns == DUNGEON_MAX_SPAWNS) {
		*dp->cause = scan_error(&dp->s, x + 1, "too many monsters in "
		    "the map (at most %d)", DUNGEON_MAX_SPAWNS);
		return (-1);
	}
	if ((size_t)d->nspawns == dp->spawns_cap) {
		dp->spawns_cap = dp->spawns_cap ? dp->spawns_cap * 2 : 16;
		d->spawns = xreallocarray(d->spawns, dp->spawns_cap,
		    sizeof *d->spawns);
	}
	d->spawns[d->nspawns].kind = g->kind;
	d->spawns[d->nspawns].pick = g->pick;
	d->spawns[d->nspawns].x = x;
	d->spawns[d->nspawns].y = y;
	d->nspawns++;
	return (0);
}

/* Puts an item (a stack of as many as it is found in) at a cell. */
static int
dungeon_item(struct dungeon_parser *dp, const struct dungeon_glyph *g,
    int x, int y)
{
	struct dungeon	*d = &dp->d;

	if (d->nitems == DUNGEON_MAX_ITEMS) {
		*dp->cause = scan_error(&dp->s, x + 1, "too many items in "
		    "the map (at most %d)", DUNGEON_MAX_ITEMS);
		return (-1);
	}
	if ((size_t)d->nitems == dp->items_cap) {
		dp->items_cap = dp->items_cap ? dp->items_cap * 2 : 16;
		d->items = xreallocarray(d->items, dp->items_cap,
		    sizeof *d->items);
	}
	d->items[d->nitems].kind = g->kind;
	d->items[d->nitems].pick = g->pick;
	d->items[d->nitems].x = x;
	d->items[d->nitems].y = y;
	d->nitems++;
	return (0);
}

/* Adds a cell to a gate. */
static void
dungeon_gate_cell(struct dungeon_parser *dp, int gate, int cell)
{
	struct dungeon_gate	*g = &dp->d.gates[gate];

	if ((size_t)g->ncells == dp->gate_cap[gate]) {
		dp->gate_cap[gate] = dp->gate_cap[gate] ?
		    dp->gate_cap[gate] * 2 : 8;
		g->cells = xreallocarray(g->cells, dp->gate_cap[gate],
		    sizeof *g->cells);
	}
	g->cells[g->ncells++] = cell;
}

/* Stores the row just split into glyphs as row y of the map. */
static int
dungeon_row_store(struct dungeon_parser *dp, int cells)
{
	struct dungeon			*d = &dp->d;
	const struct dungeon_glyph	*g;
	int				 x, y = d->height;
	uint8_t				*out;

	if ((size_t)y == dp->rows_cap) {
		dp->rows_cap = dp->rows_cap ? dp->rows_cap * 2 : 32;
		if (dp->rows_cap > DUNGEON_MAX_SIDE)
			dp->rows_cap = DUNGEON_MAX_SIDE;
		d->terrain = xreallocarray(d->terrain, dp->rows_cap,
		    (size_t)d->width);
	}
	out = d->terrain + (size_t)y * (size_t)d->width;
	for (x = 0; x < cells; x++) {
		if (dp->row[x] < 0) {
			out[x] = (uint8_t)dp->tt->wall;
			continue;
		}
		g = &dp->glyphs[dp->row[x]];
		out[x] = (uint8_t)g->terrain;
		switch (g->what) {
		case DUNGEON_TERRAIN:
			break;
		case DUNGEON_PLAYER:
			if (d->px >= 0) {
				*dp->cause = scan_error(&dp->s, x + 1, "a "
				    "second player (the first is at line %d, "
				    "column %d)", dp->player_line, dp->player_column);
				if (dungeon_recover(dp) != 0)
					return (-1);
				break;
			}
			d->px = x;
			d->py = y;
			dp->player_line = dp->s.line;
			dp->player_column = x + 1;
			break;
		case DUNGEON_MONSTER:
			if (dungeon_spawn(dp, g, x, y) != 0)
				return (-1);
			break;
		case DUNGEON_ITEM:
			if (dungeon_item(dp, g, x, y) != 0)
				return (-1);
			break;
		case DUNGEON_GATE:
			dungeon_gate_cell(dp, g->gate, y * d->width + x);
			break;
		}
	}
	d->height++;
	return (0);
}

/* Reads the map's rows, up to and including the "end" line. */
static int
dungeon_map(struct dungeon_parser *dp)
{
	struct dungeon		*d = &dp->d;
	struct scan_field	 f[2];
	int			 cells;

	for (;;) {
		if (!scan_line(&dp->s)) {
			*dp->cause = scan_error(&dp->s, 0, "the map has no "
			    "\"end\" line");
			return (-1);
		}
		if (scan_fields(&dp->s, f, 2) == 1 && scan_is(&f[0], "end"))
			break;
		if (d->height == DUNGEON_MAX_SIDE) {
			*dp->cause = scan_error(&dp->s, 0, "the map has more "
			    "than %d rows", DUNGEON_MAX_SIDE);
			return (-1);
		}
		if ((cells = dungeon_row_glyphs(dp)) < 0)
			return (-1);
		if (d->height == 0) {
			dp->map_line = dp->s.line;
			if (cells == 0) {
				*dp->cause = scan_error(&dp->s, 0, "the map's "
				    "first row is empty");
				return (-1);
			}
			d->width = cells;
		} else if (cells != d->width) {
			*dp->cause = scan_error(&dp->s, cells < d->width ?
			    0 : d->width + 1, "row %d has %d cells, expected "
			    "%d", d->height + 1, cells, d->width);
			if (dungeon_recover(dp) != 0)
				return (-1);
			while (cells < d->width)	/* read on, walled */
				dp->row[cells++] = -1;
			cells = d->width;
		}
		if (dungeon_row_store(dp, cells) != 0)
			return (-1);
	}
	if (d->height == 0) {
		*dp->cause = scan_error(&dp->s, 0, "the map has no rows");
		return (-1);
	}
	return (0);
}

/*
 * Checks a step or door trigger's cell: inside the map, and for a door
 * a door (a terrain `walk` cannot enter but opens into one it can).
 */
static int
dungeon_check_trigger(struct dungeon_parser *dp, const struct dungeon_event
    *e, int column)
{
	const struct terrain_table	*tt = dp->tt;
	const struct dungeon		*d = &dp->d;
	int				 t;

	if (e->trigger != DUNGEON_ON_STEP && e->trigger != DUNGEON_ON_DOOR)
		return (0);
	if (e->tx >= d->width || e->ty >= d->height) {
		*dp->cause = scan_error_at(dp->s.name, e->line, column, "the "
		    "trigger's cell %d,%d is not inside the %dx%d map", e->tx,
		    e->ty, d->width, d->height);
		return (dungeon_recover(dp));
	}
	t = d->terrain[e->ty * d->width + e->tx];
	if (e->trigger == DUNGEON_ON_DOOR && (tt->t[t].cost[tt->walk] != 0 ||
	    tt->t[t].open < 0 || tt->t[tt->t[t].open].cost[tt->walk] == 0)) {
		*dp->cause = scan_error_at(dp->s.name, e->line, column, "the "
		    "trigger's cell %d,%d is %s, not a door the player opens",
		    e->tx, e->ty, tt->t[t].name);
		return (dungeon_recover(dp));
	}
	return (0);
}

/* Checks what only the whole map can tell: events inside, gates used. */
static int
dungeon_check(struct dungeon_parser *dp)
{
	struct dungeon		*d = &dp->d;
	struct dungeon_event	*e;
	int			 i;

	while (scan_content_line(&dp->s, '#')) {
		if (dungeon_uncommented(&dp->s) > 0) {
			*dp->cause = scan_error(&dp->s, 0, "unexpected text "
			    "after the map's \"end\" line");
			if (dungeon_recover(dp) != 0)
				return (-1);
			break;
		}
	}
	for (i = 0; i < d->ngates; i++) {
		if (d->gates[i].ncells == 0) {
			*dp->cause = scan_error_at(dp->s.name,
			    d->gates[i].line, 0, "gate \"%s\" has no cells: "
			    "give it a glyph (\"legend: C gate %s\") and put "
			    "that glyph in the map", d->gates[i].name,
			    d->gates[i].name);
			if (dungeon_recover(dp) != 0)
				return (-1);
		}
	}
	for (i = 0; i < d->nevents; i++) {
		e = &d->events[i];
		if (e->x + e->w > d->width || e->y + e->h > d->height) {
			*dp->cause = scan_error_at(dp->s.name, e->line,
			    dp->event_columns[i], "the event's %dx%d cells at "
			    "%d,%d are not all inside the %dx%d map", e->w,
			    e->h, e->x, e->y, d->width, d->height);
			if (dungeon_recover(dp) != 0)
				return (-1);
		}
		if (dungeon_check_trigger(dp, e, dp->trigger_columns[i]) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Checks that a map without a player start has a cell the player can
 * start on (the game places the player at random on one).
 */
static int
dungeon_check_room(const struct dungeon *d, const struct terrain_table *tt,
    const char *name, char **cause)
{
	size_t	i, n = (size_t)d->width * (size_t)d->height;

	if (d->px >= 0)
		return (0);
	for (i = 0; i < n; i++) {
		if (tt->t[d->terrain[i]].cost[tt->walk] != 0)
			return (0);
	}
	*cause = xasprintf("%s: the map has no cell the player can stand on",
	    name);
	return (-1);
}

/*
 * Who the start cell of a search's verdict is, for a message: the map's
 * player, or a cell the game may put the player on.
 */
static void
dungeon_start_words(const struct dungeon *d, const struct dungeon_reach *r,
    char *buf, size_t size)
{
	if (d->px >= 0)
		snprintf(buf, size, "the player starts here");
	else if (r->nworst > 1)
		snprintf(buf, size, "the player may start here (the map "
		    "places no player: the game puts it on any of %d cells, "
		    "and %d of them are as this one)", r->nstarts, r->nworst);
	else
		snprintf(buf, size, "the player may start here (the map "
		    "places no player: the game puts it on any of %d "
		    "cell%s)", r->nstarts, r->nstarts == 1 ? "" : "s");
}

/*
 * Checks that the level can be won (dungeon-reach.c): from every cell
 * the player may start on, stairs or a goal (or, in a map without
 * either, the stairs the game puts on the farthest floor) must be
 * reached, if only by digging.  Only a level that certainly cannot be
 * won is refused, at the start cell that fails (the first, in reading
 * order), whose row is map_line + y.  *res, when given, gets the
 * search's verdict.
 */
static int
dungeon_check_winnable(const struct dungeon *d, const struct terrain_table *tt,
    const char *name, int map_line, struct dungeon_reach *res, char **cause)
{
	struct dungeon_reach	 own, *r = res != NULL ? res : &own;
	char			 start[200];
	const char		*to, *trig = "";
	int			 i;

	dungeon_reach(d, tt, r);
	if (r->how != DUNGEON_REACH_NONE)
		return (0);
	for (i = 0; i < d->nevents; i++)
		if (d->events[i].trigger != DUNGEON_AT_TURN)
			trig = " (triggers are not counted on: one that may "
			    "shut a way shuts it as the first turn passes, one "
			    "that opens a way never happens)";
	if (d->px < 0 && r->exits == 0 && r->pocket && r->rooms == 0) {
		*cause = xasprintf("%s: the map has no stairs, no goal and no "
		    "two floor cells that touch, for the player and the "
		    "stairs: the level cannot be won", name);
		return (-1);
	}
	dungeon_start_words(d, r, start, sizeof start);
	to = r->exits > 0 ? "stairs or the goal" : "the stairs the game puts "
	    "on the floor farthest from it";
	if (r->pocket)
		*cause = scan_error_at(name, map_line + r->y, r->x + 1, "%s, "
		    "in a pocket: the map has no stairs or goal, and no floor "
		    "the player can walk to for the game to put stairs on, so "
		    "the level cannot be won", start);
	else if (r->late)
		*cause = scan_error_at(name, map_line + r->y, r->x + 1, "%s, "
		    "cut off in time: %s shut every way to %s before the "
		    "player (a step a turn) can pass, even opening doors and "
		    "digging, so the level cannot be won%s", start,
		    d->nevents == 0 ? "the gates" : d->ngates == 0 ?
		    "the events" : "the events and gates", to, trig);
	else
		*cause = scan_error_at(name, map_line + r->y, r->x + 1, "%s, "
		    "walled in%s%s: %s be reached, even opening doors, passing "
		    "gates when they open and digging, so the level cannot be "
		    "won%s", start, r->shut[0] != '\0' ? " by " : "", r->shut,
		    r->exits > 0 ? "no stairs or goal can" : "the stairs the "
		    "game puts on the floor farthest from it cannot", trig);
	return (-1);
}

/* True when the buffer starts (after blank lines) with "type". */
static int
dungeon_is_movingai(const char *name, const char *buf, size_t len)
{
	struct scan		s;
	struct scan_field	f[1];

	scan_init(&s, name, buf, len);
	if (!scan_content_line(&s, '\0'))
		return (0);
	return (scan_fields(&s, f, 1) >= 1 && scan_is(&f[0], "type"));
}

/*
 * Reads a Moving AI map as a dungeon: open is floor, blocked is wall.
 * Sets *map_line to the line of its first row.
 */
static int
dungeon_movingai(struct dungeon *d, const struct terrain_table *tt,
    const char *name, const char *buf, size_t len, int *map_line,
    char **cause)
{
	struct scan		 s;
	struct scan_field	 f[3];
	struct path_grid	*g;
	long			 side;
	int			 x, y;

	/* Refuse big sides before the library allocates for them. */
	scan_init(&s, name, buf, len);
	while (scan_content_line(&s, '\0')) {
		if (scan_fields(&s, f, 3) == 2 && (scan_is(&f[0], "width") ||
		    scan_is(&f[0], "height")) &&
		    scan_long(&f[1], 1, PATH_GRID_MAX_SIDE, &side) == 0 &&
		    side > DUNGEON_MAX_SIDE) {
			*cause = scan_error(&s, f[1].column, "%.*s %ld is too "
			    "big: a dungeon is at most %d cells a side",
			    (int)f[0].n, f[0].p, side, DUNGEON_MAX_SIDE);
			return (-1);
		}
		if (scan_is(&f[0], "map")) {
			*map_line = s.line + 1;
			break;
		}
	}
	if ((g = path_movingai_parse_map(name, buf, len, cause)) == NULL)
		return (-1);
	d->width = path_grid_width(g);
	d->height = path_grid_height(g);
	d->terrain = xmalloc((size_t)d->width * (size_t)d->height);
	for (y = 0; y < d->height; y++) {
		for (x = 0; x < d->width; x++) {
			d->terrain[(size_t)y * (size_t)d->width + (size_t)x] =
			    (uint8_t)(path_grid_get(g, x, y) > 0 ? tt->floor :
			    tt->wall);
		}
	}
	path_grid_free(g);
	dungeon_set_name(d, dungeon_basename(name));
	d->depth = 1;
	d->rules = path_rules_normalize(path_rules_movingai());
	return (0);
}

/*
 * Reads a dungeon file (not a Moving AI map) with a parser set up by the
 * caller, through every step up to the checks that need the whole map.
 */
static int
dungeon_parse_steps(struct dungeon_parser *dp, const char *name,
    const char *buf, size_t len)
{
	scan_init(&dp->s, name, buf, len);
	dp->d.px = dp->d.py = -1;
	dp->d.depth = 1;
	dp->d.rules.movement = PATH_MOVE_8_OCTILE;
	dp->d.rules.diagonal = PATH_DIAG_NO_CORNER_CUT;
	dp->d.rules.heuristic = PATH_H_DEFAULT;
	dungeon_set_name(&dp->d, dungeon_basename(name));
	dungeon_glyph_init(dp);
	if (dungeon_header(dp) != 0 || dungeon_resolve_gates(dp) != 0 ||
	    dungeon_map(dp) != 0 || dungeon_check(dp) != 0)
		return (-1);
	return (0);
}

/*
 * Parses a dungeon file's text into d (zeroed by the caller); a whole
 * level must also have room for its monsters and be winnable, a piece
 * of a larger file (a vault) need not.  Returns 0, or -1 with *cause set
 * and d freed.
 */
static int
dungeon_parse_text(struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len, int whole, char **cause)
{
	struct dungeon_parser	*dp = xcalloc(1, sizeof *dp);
	int			 rc;

	dp->tt = tt;
	dp->mt = mt;
	dp->it = it;
	dp->cause = cause;
	rc = dungeon_parse_steps(dp, name, buf, len);
	if (rc == 0 && whole)
		rc = dungeon_check_room(&dp->d, tt, name, cause);
	if (rc == 0 && whole)
		rc = dungeon_check_winnable(&dp->d, tt, name, dp->map_line,
		    NULL, cause);
	if (rc == 0) {
		dp->d.rules = path_rules_normalize(dp->d.rules);
		*d = dp->d;
	} else
		dungeon_free(&dp->d);
	free(dp->event_columns);
	free(dp->trigger_columns);
	free(dp);
	return (rc);
}

/* Parses a dungeon file or a Moving AI map: see dungeon.h. */
int
dungeon_parse(struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len, char **cause)
{
	int	rc, map_line = 0;

	memset(d, 0, sizeof *d);
	d->px = d->py = -1;
	if (len > DUNGEON_MAX_FILE) {
		*cause = x_too_large(name, DUNGEON_MAX_FILE);
		return (-1);
	}
	if (dungeon_is_movingai(name, buf, len)) {
		rc = dungeon_movingai(d, tt, name, buf, len, &map_line, cause);
		if (rc == 0)
			rc = dungeon_check_room(d, tt, name, cause);
		if (rc == 0)
			rc = dungeon_check_winnable(d, tt, name, map_line, NULL,
			    cause);
		if (rc != 0)
			dungeon_free(d);
		return (rc);
	}
	return (dungeon_parse_text(d, tt, mt, it, name, buf, len, 1, cause));
}

/* Parses one piece of a larger file (a vault): see dungeon.h. */
int
dungeon_parse_piece(struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len, char **cause)
{
	memset(d, 0, sizeof *d);
	d->px = d->py = -1;
	return (dungeon_parse_text(d, tt, mt, it, name, buf, len, 0, cause));
}

/*
 * The checker's look at a dungeon file read without an error, given the
 * search's verdict: a warning when a start cell reaches stairs or the
 * goal only by digging (the game plays such a level, but a modder rarely
 * means it), which says whether the level places a digging tool (a
 * pick, a wand of digging): digging takes one, so without it only a
 * player who brings one (a campaign's earlier level) can win.
 */
static void
dungeon_check_warnings(struct dungeon_parser *dp, struct dungeon_report *r,
    const struct dungeon_reach *reach)
{
	const struct dungeon	*d = &dp->d;
	int			 i, j, tool = 0, sure;
	enum item_effect	 e;
	char			 from[240];

	if (reach->how != DUNGEON_REACH_DIG)
		return;
	/* A cell of a list places a tool only if every kind of it is one. */
	for (i = 0; i < d->nitems && dp->it != NULL; i++) {
		sure = d->items[i].pick.n > 0;
		for (j = 0; j < d->items[i].pick.n; j++) {
			e = dp->it->k[d->items[i].pick.kinds[j]].effect;
			sure &= e == ITEM_PICK || e == ITEM_DIG;
		}
		tool |= sure;
	}
	if (d->px >= 0)
		snprintf(from, sizeof from, "stairs or the goal from the "
		    "player's start");
	else
		snprintf(from, sizeof from, "%s from this cell, where the "
		    "player may start (the map places no player: the game "
		    "puts it on any of %d cells, and %d of them are as this "
		    "one)", reach->exits > 0 ? "stairs or the goal" :
		    "the stairs the game puts on the floor farthest from it",
		    reach->nstarts, reach->nworst);
	dungeon_report_add(&r->warnings, &r->nwarnings, scan_error_at(
	    dp->s.name, dp->map_line + reach->y, reach->x + 1, "warning: "
	    "only digging reaches %s (walking, opening doors and passing "
	    "gates reach none)%s", from,
	    tool ? "; the level places a digging tool to find first" :
	    ", and digging needs a pick or a wand of digging, which the "
	    "level does not place: only a player who brings one can win"));
}

/*
 * Runs the parser's steps in the checker's mode over a text, its errors
 * added to r; returns the parser, holding the dungeon read, to be freed
 * by dungeon_checker_free().
 */
static struct dungeon_parser *
dungeon_checker_run(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len)
{
	struct dungeon_parser	*dp = xcalloc(1, sizeof *dp);

	dp->tt = tt;
	dp->mt = mt;
	dp->it = it;
	dp->cause = &dp->pending;
	dp->keep_going = 1;
	dp->report = r;
	if (dungeon_parse_steps(dp, name, buf, len) != 0 &&
	    dp->pending != NULL) {
		dungeon_report_add(&r->errors, &r->nerrors, dp->pending);
		dp->pending = NULL;
	}
	return (dp);
}

/* Frees a parser dungeon_checker_run() made, and its dungeon. */
static void
dungeon_checker_free(struct dungeon_parser *dp)
{
	dungeon_free(&dp->d);
	free(dp->event_columns);
	free(dp->trigger_columns);
	free(dp);
}

/* Checks one piece of a larger file: see dungeon.h. */
int
dungeon_check_piece(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len)
{
	int	before = r->nerrors;

	if (r->nerrors >= DUNGEON_MAX_ERRORS)
		return (0);
	dungeon_checker_free(dungeon_checker_run(r, tt, mt, it, name, buf,
	    len));
	return (r->nerrors - before);
}

/* Checks a dungeon file or a Moving AI map held in memory: dungeon.h. */
int
dungeon_check_text(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len)
{
	struct dungeon_parser	*dp;
	struct dungeon		 d;
	struct dungeon_reach	 reach;
	char			*cause = NULL;

	memset(r, 0, sizeof *r);
	if (len > DUNGEON_MAX_FILE || dungeon_is_movingai(name, buf, len)) {
		if (dungeon_parse(&d, tt, mt, it, name, buf, len, &cause) != 0)
			dungeon_report_add(&r->errors, &r->nerrors, cause);
		dungeon_free(&d);
		return (r->nerrors);
	}
	dp = dungeon_checker_run(r, tt, mt, it, name, buf, len);
	if (r->nerrors == 0) {
		if (dungeon_check_room(&dp->d, tt, name, &cause) != 0 ||
		    dungeon_check_winnable(&dp->d, tt, name, dp->map_line,
		    &reach, &cause) != 0)
			dungeon_report_add(&r->errors, &r->nerrors, cause);
		else
			dungeon_check_warnings(dp, r, &reach);
	}
	dungeon_checker_free(dp);
	return (r->nerrors);
}

/* Checks a dungeon file or a Moving AI map by its path: see dungeon.h. */
int
dungeon_check_file(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *path)
{
	char	*buf, *cause = NULL;
	size_t	 len;
	int	 n;

	memset(r, 0, sizeof *r);
	if ((buf = x_read_file(path, DUNGEON_MAX_FILE, &len, &cause)) == NULL) {
		dungeon_report_add(&r->errors, &r->nerrors, cause);
		return (r->nerrors);
	}
	n = dungeon_check_text(r, tt, mt, it, path, buf, len);
	free(buf);
	return (n);
}

/* Reads a dungeon file or a Moving AI map: see dungeon.h. */
int
dungeon_read(struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(d, 0, sizeof *d);
	d->px = d->py = -1;
	if ((buf = x_read_file(path, DUNGEON_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = dungeon_parse(d, tt, mt, it, path, buf, len, cause);
	free(buf);
	return (rc);
}

/* The kind of a list, by weight, or its one kind without a draw. */
static int
dungeon_pick_draw(const struct dungeon_pick *p, struct rng *r)
{
	long	total = 0, roll;
	int	i;

	if (p->n == 1)
		return (p->kinds[0]);
	for (i = 0; i < p->n; i++)
		total += p->weights[i];
	roll = (long)rng_below(r, (uint32_t)total);
	for (i = 0; i < p->n - 1; i++)
		if ((roll -= p->weights[i]) < 0)
			break;
	return (p->kinds[i]);
}

/* A legend's monster for a cell: see dungeon.h. */
int
dungeon_draw_monster(const struct monster_table *mt,
    const struct terrain_table *tt, const struct dungeon_pick *p, int t,
    int depth, struct rng *r)
{
	int	kinds[MONSTER_KINDS_MAX], nk = 0, k;

	if (p->n > 0)
		return (dungeon_pick_draw(p, r));
	for (k = 0; k < mt->n; k++) {
		if (mt->k[k].depth_min <= depth && mt->k[k].depth_max >= depth &&
		    mt->k[k].frequency > 0 && tt->t[t].cost[mt->k[k].cls] != 0 &&
		    !terrain_dug(tt, mt->k[k].cls, t))
			kinds[nk++] = k;
	}
	return (nk > 0 ? monster_pick(mt, r, kinds, nk) : -1);
}

/* A legend's item for a cell: see dungeon.h. */
int
dungeon_draw_item(const struct item_table *it, const struct dungeon_pick *p,
    int depth, struct rng *r)
{
	if (p->n > 0)
		return (dungeon_pick_draw(p, r));
	return (item_pick(it, r, depth));
}
