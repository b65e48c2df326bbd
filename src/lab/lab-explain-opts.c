/*
 * lab-explain-opts.c: explain's command line, conventions and presets.
 *
 * Conventions are settled in three layers, so that the order options
 * are typed in never matters: the movement's defaults (its neighbours,
 * costs and heuristic), then the preset's, then every option given
 * explicitly.  A preset names a tutorial style; its conventions are
 * spelled out in --help, so a student sees what it changes.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain-opts.h"
#include "lab.h"
#include "lab-opt.h"

const char explain_usage[] =
    "astray-lab explain MAP --from X,Y --to X,Y [--preset P] [--movement M]\n"
    "       [--neighbours LIST] [--diagonal R] [--costs O,D] "
    "[--heuristic H[:K]]\n       [--tie-break T] [--parity-reverse P] "
    "[--duplicates keep|update]\n       [--goal-test expand|generate] "
    "[--close-start yes|no]\n       [--list-order "
    "priority|insertion] [--legend L] [--one-based] [--steps N]\n       "
    "[--csv] [--svg FILE] "
    "[--svg-steps DIR] [--html FILE]\n       [--planner lpa|dstar|mtdstar "
    "--event EVENT... [--scratch-tie T]]";

/*
 * What the command line said of the conventions, before the layers are
 * merged (which of them it said: lab_opt_given()).
 */
struct explain_given {
	const char			*preset;
	struct path_textbook_rules	 r;
	int				 scaled;	/* a --heuristic H:K */
	enum path_movement		 movement;
	enum explain_list_order		 list_order;
	const char			*scratch_tie;
};

/* What explain's table fills: the options, and the conventions given. */
struct explain_cmdline {
	struct explain_opts	 o;
	struct explain_given	 g;
};

/* Fills the neighbours, costs and heuristic a movement implies. */
static void
explain_movement_defaults(enum path_movement m, struct path_textbook_rules *r)
{
	static const enum path_textbook_dir	eight[8] = { PATH_TB_N,
		PATH_TB_E, PATH_TB_S, PATH_TB_W, PATH_TB_NE, PATH_TB_SE,
		PATH_TB_SW, PATH_TB_NW };

	*r = path_textbook_rules_default();
	if (m == PATH_MOVE_4)
		return;
	memcpy(r->order, eight, sizeof eight);
	r->norder = 8;
	r->heuristic = m == PATH_MOVE_8_OCTILE ? PATH_TB_H_OCTILE :
	    m == PATH_MOVE_8_EUCLID ? PATH_TB_H_EUCLID : PATH_TB_H_CHEBYSHEV;
	if (m == PATH_MOVE_8_CHEBYSHEV)
		r->diag = r->orth;
}

/*
 * Applies a preset over the movement's defaults; returns 0, or -1 if the
 * name is unknown.
 */
static int
explain_preset(const char *name, struct explain_opts *o)
{
	struct path_textbook_rules	*r = &o->rules;

	if (strcmp(name, "library") == 0)
		return (0);
	if (strcmp(name, "linear-scan") == 0) {
		explain_movement_defaults(PATH_MOVE_4, r);
		memcpy(r->order, (enum path_textbook_dir[4]){ PATH_TB_E,
		    PATH_TB_N, PATH_TB_W, PATH_TB_S }, 4 * sizeof *r->order);
		r->orth = r->diag = r->scale = 1;
		r->tie = PATH_TB_TIE_FIFO;
		r->goal_test = PATH_TB_GOAL_GENERATE;
		r->close_start = false;
		o->list_order = EXPLAIN_LIST_INSERTION;
		o->unit = 1;
		return (0);
	}
	if (strcmp(name, "redblob") == 0) {
		/* Red Blob Games' "Implementation of A*", its Python. */
		explain_movement_defaults(PATH_MOVE_4, r);
		memcpy(r->order, (enum path_textbook_dir[4]){ PATH_TB_E,
		    PATH_TB_W, PATH_TB_N, PATH_TB_S }, 4 * sizeof *r->order);
		r->parity = PATH_TB_PARITY_EVEN;
		r->orth = r->diag = r->scale = 1;
		r->tie = PATH_TB_TIE_XY;
		r->duplicates = PATH_TB_DUP_KEEP;
		o->unit = 1;
		return (0);
	}
	/*
	 * Lester's "A* Pathfinding for Beginners": its summary says to
	 * stop "when you add the target square to the closed list"; the
	 * -generate variant stops as soon as it goes on the open list.
	 */
	if (strcmp(name, "classic-10-14") == 0 ||
	    strcmp(name, "classic-10-14-generate") == 0) {
		explain_movement_defaults(PATH_MOVE_8_OCTILE, r);
		memcpy(r->order, (enum path_textbook_dir[8]){ PATH_TB_N,
		    PATH_TB_NE, PATH_TB_E, PATH_TB_SE, PATH_TB_S, PATH_TB_SW,
		    PATH_TB_W, PATH_TB_NW }, 8 * sizeof *r->order);
		r->orth = r->scale = 10;
		r->diag = 14;
		r->heuristic = PATH_TB_H_MANHATTAN;
		r->diagonal = PATH_DIAG_NO_CORNER_CUT;
		r->tie = PATH_TB_TIE_LIFO;
		r->goal_test = strcmp(name, "classic-10-14") == 0 ?
		    PATH_TB_GOAL_EXPAND : PATH_TB_GOAL_GENERATE;
		o->unit = 1;
		return (0);
	}
	return (-1);
}

static void	explain_opts_help(void);

/* Parses "N,E,S,W"-style lists of directions; returns 0, or -1. */
static int
explain_parse_neighbours(const char *s, struct path_textbook_rules *r)
{
	enum path_textbook_dir	d;
	const char		*p = s, *end;
	unsigned		seen = 0;
	int			n = 0;

	for (;;) {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		if (path_textbook_dir_parse(p, (size_t)(end - p), &d) != 0 ||
		    (seen & (1u << d)) != 0)
			return (-1);
		seen |= 1u << d;
		r->order[n++] = d;
		if (*end == '\0')
			break;
		p = end + 1;
	}
	r->norder = n;
	return (0);
}

/* Parses "O,D" integer step costs; returns 0, or -1. */
static int
explain_parse_costs(const char *s, struct path_textbook_rules *r)
{
	int	o, d;

	if (lab_parse_point(s, &o, &d) != 0 || o < 1 || d < 1 ||
	    o > PATH_TEXTBOOK_MAX_STEP || d > PATH_TEXTBOOK_MAX_STEP)
		return (-1);
	r->orth = o;
	r->diag = d;
	return (0);
}

/* Parses "NAME[:K]"; sets *scaled when K is given; returns 0, or -1. */
static int
explain_parse_heuristic(const char *s, struct path_textbook_rules *r,
    int *scaled)
{
	const char	*colon = strchr(s, ':');
	size_t		 len = colon ? (size_t)(colon - s) : strlen(s);
	long		 k;

	if (path_textbook_h_parse(s, len, &r->heuristic) != 0)
		return (-1);
	*scaled = colon != NULL;
	if (colon == NULL)
		return (0);
	if (lab_parse_count(colon + 1, PATH_TEXTBOOK_MAX_SCALE, &k) != 0)
		return (-1);
	r->scale = k;
	return (0);
}

/* Parses a yes/no answer; returns 0, or -1. */
static int
explain_parse_yes(const char *s, bool *out)
{
	if (strcmp(s, "yes") == 0 || strcmp(s, "no") == 0) {
		*out = s[0] == 'y';
		return (0);
	}
	return (-1);
}

/* --heuristic NAME[:K]; a K once given stays, as the last one given. */
static int
explain_opt_heuristic(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;
	int			 scaled;

	if (explain_parse_heuristic(arg, &c->g.r, &scaled) != 0)
		return (-1);
	c->g.scaled |= scaled;
	return (0);
}

/* --neighbours LIST. */
static int
explain_opt_neighbours(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	return (explain_parse_neighbours(arg, &c->g.r));
}

/* --costs O,D. */
static int
explain_opt_costs(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	if (explain_parse_costs(arg, &c->g.r) != 0)
		return (lab_usage(explain_usage, "--costs wants two integer "
		    "step costs ORTH,DIAG from 1 to %d, not \"%s\"",
		    PATH_TEXTBOOK_MAX_STEP, arg));
	return (0);
}

/* --tie-break T. */
static int
explain_opt_tie(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	return (path_textbook_tie_parse(arg, &c->g.r.tie) != 0 ? -1 : 0);
}

/* --parity-reverse even|odd|none. */
static int
explain_opt_parity(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	return (path_textbook_parity_parse(arg, &c->g.r.parity) != 0 ? -1 : 0);
}

/* --duplicates keep|update. */
static int
explain_opt_duplicates(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	if (strcmp(arg, "keep") != 0 && strcmp(arg, "update") != 0)
		return (-1);
	c->g.r.duplicates = arg[0] == 'k' ? PATH_TB_DUP_KEEP :
	    PATH_TB_DUP_UPDATE;
	return (0);
}

/* --goal-test expand|generate. */
static int
explain_opt_goal_test(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	if (strcmp(arg, "expand") != 0 && strcmp(arg, "generate") != 0)
		return (-1);
	c->g.r.goal_test = arg[0] == 'e' ? PATH_TB_GOAL_EXPAND :
	    PATH_TB_GOAL_GENERATE;
	return (0);
}

/* --close-start yes|no. */
static int
explain_opt_close_start(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	return (explain_parse_yes(arg, &c->g.r.close_start));
}

/* --list-order priority|insertion. */
static int
explain_opt_list_order(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	if (strcmp(arg, "priority") != 0 && strcmp(arg, "insertion") != 0)
		return (-1);
	c->g.list_order = arg[0] == 'p' ? EXPLAIN_LIST_PRIORITY :
	    EXPLAIN_LIST_INSERTION;
	return (0);
}

/* --event EVENT, one more each time. */
static int
explain_opt_event(void *target, const char *arg)
{
	struct explain_cmdline	*c = target;

	if (c->o.nevents == EXPLAIN_MAX_EVENTS)
		return (lab_usage(explain_usage, "at most %d --event",
		    EXPLAIN_MAX_EVENTS));
	c->o.events[c->o.nevents++] = arg;
	return (0);
}

#define EXPLAIN_AT(field)	offsetof(struct explain_cmdline, field)

/*
 * explain's options, in the order getopt lists an ambiguous one's.  The
 * conventions (movement to list-order) go to the given layer, merged
 * over the movement's and the preset's by explain_merge().
 */
static const struct lab_opt explain_opts[] = {
	{ .name = "from", .letter = 'f', .kind = LAB_OPT_POINT,
	  .at = EXPLAIN_AT(o.sx), .at_y = EXPLAIN_AT(o.sy),
	  .bad = "--from wants X,Y, not \"%s\"" },
	{ .name = "to", .letter = 't', .kind = LAB_OPT_POINT,
	  .at = EXPLAIN_AT(o.gx), .at_y = EXPLAIN_AT(o.gy),
	  .bad = "--to wants X,Y, not \"%s\"" },
	{ .name = "movement", .letter = 'm', .kind = LAB_OPT_MOVEMENT,
	  .at = EXPLAIN_AT(g.movement),
	  .bad = "unknown movement \"%s\" (one of %s)" },
	{ .name = "diagonal", .letter = 'd', .kind = LAB_OPT_DIAGONAL,
	  .at = EXPLAIN_AT(g.r.diagonal),
	  .bad = "unknown diagonal rule \"%s\" (one of %s)" },
	{ .name = "heuristic", .letter = 'H', .kind = LAB_OPT_CALL,
	  .call = explain_opt_heuristic,
	  .bad = "--heuristic wants NAME or NAME:SCALE with NAME one of "
	  "zero, manhattan, octile, chebyshev, euclid, euclid-floor, not "
	  "\"%s\"" },
	{ .name = "neighbours", .alias = "neighbors", .letter = 'N',
	  .kind = LAB_OPT_CALL, .call = explain_opt_neighbours,
	  .bad = "--neighbours wants directions out of N,NE,E,SE,S,SW,W,NW, "
	  "each once, not \"%s\"" },
	{ .name = "costs", .letter = 'c', .kind = LAB_OPT_CALL,
	  .call = explain_opt_costs },
	{ .name = "tie-break", .letter = 'T', .kind = LAB_OPT_CALL,
	  .call = explain_opt_tie,
	  .bad = "--tie-break wants larger-g, fifo, lifo, smaller-h, xy or yx, "
	  "not \"%s\"" },
	{ .name = "parity-reverse", .letter = 'R', .kind = LAB_OPT_CALL,
	  .call = explain_opt_parity,
	  .bad = "--parity-reverse wants even, odd or none, not \"%s\"" },
	{ .name = "duplicates", .letter = 'D', .kind = LAB_OPT_CALL,
	  .call = explain_opt_duplicates,
	  .bad = "--duplicates wants keep or update, not \"%s\"" },
	{ .name = "goal-test", .letter = 'G', .kind = LAB_OPT_CALL,
	  .call = explain_opt_goal_test,
	  .bad = "--goal-test wants expand or generate, not \"%s\"" },
	{ .name = "close-start", .letter = 'C', .kind = LAB_OPT_CALL,
	  .call = explain_opt_close_start,
	  .bad = "--close-start wants yes or no, not \"%s\"" },
	{ .name = "list-order", .letter = 'L', .kind = LAB_OPT_CALL,
	  .call = explain_opt_list_order,
	  .bad = "--list-order wants priority or insertion, not \"%s\"" },
	{ .name = "preset", .letter = 'P', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(g.preset) },
	{ .name = "legend", .letter = 'l', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(o.legend) },
	{ .name = "one-based", .letter = '1', .kind = LAB_OPT_SET,
	  .at = EXPLAIN_AT(o.base) },
	{ .name = "svg", .letter = 's', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(o.svg) },
	{ .name = "svg-steps", .letter = 'S', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(o.svg_steps) },
	{ .name = "html", .letter = 'W', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(o.html) },
	{ .name = "csv", .letter = 'x', .kind = LAB_OPT_SET,
	  .at = EXPLAIN_AT(o.csv) },
	{ .name = "planner", .letter = 'p', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(o.planner) },
	{ .name = "event", .letter = 'e', .kind = LAB_OPT_CALL,
	  .call = explain_opt_event },
	{ .name = "scratch-tie", .letter = 'a', .kind = LAB_OPT_STRING,
	  .at = EXPLAIN_AT(g.scratch_tie) },
	{ .name = "steps", .letter = 'n', .kind = LAB_OPT_COUNT,
	  .at = EXPLAIN_AT(o.steps), .max = 1000000000L,
	  .bad = "--steps wants a count, not \"%s\"" },
	{ .name = NULL }
};

static const struct lab_cmd explain_entry = {
	.usage = explain_usage,
	.help = explain_opts_help,
	.opts = explain_opts,
	.args_min = 1,
	.args_max = 1,
	.args_bad = "expected one map file"
};

/*
 * Merges the layers: the movement's, the preset's, and the conventions
 * the command line gave (args says which).  Returns -1 to go on, or the
 * exit status of a usage error.
 */
static int
explain_merge(const struct explain_given *g, const struct lab_args *args,
    struct explain_opts *o)
{
	struct path_textbook_rules	*r = &o->rules;

	o->unit = PATH_COST_ORTHO;
	o->list_order = EXPLAIN_LIST_PRIORITY;
	explain_movement_defaults(g->movement, r);
	if (g->preset != NULL && explain_preset(g->preset, o) != 0)
		return (lab_usage(explain_usage, "unknown preset \"%s\" (one of "
		    "library, linear-scan, classic-10-14, classic-10-14-generate, "
		    "redblob)", g->preset));
	if (lab_opt_given(args, 'm')) {
		struct path_textbook_rules	m;

		explain_movement_defaults(g->movement, &m);
		memcpy(r->order, m.order, sizeof m.order);
		r->norder = m.norder;
		r->heuristic = m.heuristic;
		if (g->movement == PATH_MOVE_8_CHEBYSHEV)
			r->diag = r->orth;
	}
	if (lab_opt_given(args, 'N')) {
		memcpy(r->order, g->r.order, sizeof r->order);
		r->norder = g->r.norder;
	}
	if (lab_opt_given(args, 'd'))
		r->diagonal = g->r.diagonal;
	if (lab_opt_given(args, 'c')) {
		r->orth = r->scale = g->r.orth;
		r->diag = g->r.diag;
		o->unit = 1;
	}
	if (lab_opt_given(args, 'H'))
		r->heuristic = g->r.heuristic;
	/* K counts in the units printed: orthogonal steps unless --costs. */
	if (g->scaled)
		r->scale = g->r.scale * o->unit;
	if (lab_opt_given(args, 'T'))
		r->tie = g->r.tie;
	if (lab_opt_given(args, 'R'))
		r->parity = g->r.parity;
	if (lab_opt_given(args, 'D'))
		r->duplicates = g->r.duplicates;
	if (lab_opt_given(args, 'G'))
		r->goal_test = g->r.goal_test;
	if (lab_opt_given(args, 'C'))
		r->close_start = g->r.close_start;
	if (lab_opt_given(args, 'L'))
		o->list_order = g->list_order;
	return (-1);
}

/*
 * What the incremental walkthroughs take of the conventions: the
 * neighbours, costs, diagonal rule, heuristic and parity apply; ties
 * among equal keys are fifo, lifo, xy or yx (the cell number, their
 * default); the conventions of A*'s walkthrough that have no meaning
 * there are refused.  Returns -1 to go on, or a usage error's status.
 */
static int
explain_incremental_opts(const struct explain_given *g,
    const struct lab_args *args, struct explain_opts *o)
{
	static const struct {
		int		 letter;
		const char	*why;
	} astar_only[] = {
		{ 'P', "--preset: presets are A* walkthroughs' conventions; give "
		  "--neighbours, --costs, --heuristic or --tie-break instead" },
		{ 'G', "--goal-test: an incremental search stops when no key on "
		  "its open list is below the aim's and the aim is consistent" },
		{ 'C', "--close-start: an incremental search has no closed list" },
		{ 'L', "--list-order: an incremental walkthrough narrates the "
		  "cells it takes, not its open list" },
	};
	size_t	i;

	for (i = 0; i < sizeof astar_only / sizeof astar_only[0]; i++) {
		if (lab_opt_given(args, astar_only[i].letter))
			return (lab_usage(explain_usage, "%s (with --planner)",
			    astar_only[i].why));
	}
	if (o->rules.duplicates == PATH_TB_DUP_KEEP)
		return (lab_usage(explain_usage, "--duplicates keep: an "
		    "incremental search keeps one entry per cell, whose key "
		    "moves (with --planner)"));
	if (!lab_opt_given(args, 'T'))
		o->rules.tie = PATH_TB_TIE_YX;
	else if (o->rules.tie == PATH_TB_TIE_LARGER_G ||
	    o->rules.tie == PATH_TB_TIE_SMALLER_H)
		return (lab_usage(explain_usage, "--tie-break %s: an incremental "
		    "search's keys [f; g] already order g; among equal keys it "
		    "takes fifo, lifo, xy, yx or cell (with --planner)",
		    path_textbook_tie_name(o->rules.tie)));
	o->scratch_same = g->scratch_tie == NULL ||
	    strcmp(g->scratch_tie, "same") == 0;
	if (!o->scratch_same && path_textbook_tie_parse(g->scratch_tie,
	    &o->scratch_tie) != 0)
		return (lab_usage(explain_usage, "--scratch-tie wants same, "
		    "larger-g, fifo, lifo, smaller-h, xy or yx, not \"%s\"",
		    g->scratch_tie));
	return (-1);
}

/* Parses the command line: see lab-explain-opts.h. */
int
explain_opts_parse(int argc, char **argv, struct explain_opts *o)
{
	struct explain_cmdline	 c = { .o = { .steps = 200 },
				     .g = { .movement = PATH_MOVE_4 } };
	struct lab_args		 args;
	int			 status;

	if ((status = lab_opt_parse(&explain_entry, argc, argv, &c,
	    &args)) >= 0)
		return (status);
	if (!lab_opt_given(&args, 'f') || !lab_opt_given(&args, 't'))
		return (lab_usage(explain_usage, "--from and --to are needed"));
	*o = c.o;
	o->map = args.argv[0];
	o->movement = c.g.movement;
	o->sx -= o->base;
	o->sy -= o->base;
	o->gx -= o->base;
	o->gy -= o->base;
	if ((status = explain_merge(&c.g, &args, o)) >= 0)
		return (status);
	if (o->planner != NULL || o->nevents > 0)
		return (explain_incremental_opts(&c.g, &args, o));
	if (c.g.scratch_tie != NULL)
		return (lab_usage(explain_usage, "--scratch-tie is for "
		    "incremental walkthroughs (--planner)"));
	return (-1);
}

/* Prints explain --help. */
static void
explain_opts_help(void)
{
	printf("usage: %s\n\n"
"Runs A* from --from to --to and narrates it the way a tutorial does: each\n"
"cell taken from the open list with its g, h and f, each neighbour added,\n"
"improved or rejected (and why), the open and closed lists after every\n"
"step, and the path found.  Every convention tutorials differ on can be\n"
"chosen, so a published walkthrough comes out step for step.\n\n"
"MAP is a Moving AI .map, rows of 0/1 digits (1 = wall, spaces allowed),\n"
"rows of '.' and '#' ('1'-'9' for weighted cells), or a grid with a legend.\n\n"
"  --from X,Y          start; x is the column, y the row\n"
"  --to X,Y            goal\n"
"  --one-based         number rows and columns from 1 (default: from 0)\n"
"  --movement M        %s (default 4)\n"
"  --neighbours LIST   the order neighbours are tried, out of\n"
"                      N,NE,E,SE,S,SW,W,NW (north is up: y - 1)\n"
"                      (default N,E,S,W then NE,SE,SW,NW)\n"
"  --diagonal R        %s (default no-corner-cut)\n"
"  --costs O,D         integer costs of an orthogonal and a diagonal step,\n"
"                      e.g. 10,14; a tile's cost multiplies them (default:\n"
"                      1 and 1.414, shown with decimals)\n"
"  --heuristic H[:K]   zero, manhattan, octile, chebyshev, euclid or\n"
"                      euclid-floor ((int)sqrt(dx*dx+dy*dy)), times K\n"
"                      (default: the movement's own, K the orthogonal cost)\n"
"  --tie-break T       among equal f: larger-g (default), fifo (inserted\n"
"                      first), lifo (inserted last), smaller-h, xy (the\n"
"                      smaller x, then y: a heap of (f, (x, y)) tuples),\n"
"                      yx (the smaller y, then x: (f, (row, col))); the\n"
"                      last tie always goes to the earlier inserted\n"
"  --parity-reverse P  try the neighbours in reverse order on cells whose\n"
"                      x+y is even, or odd (default none)\n"
"  --duplicates D      update (default): a cheaper way to an open cell\n"
"                      moves it up the open list, closed cells are left\n"
"                      alone; keep: no closed list and no decrease-key, a\n"
"                      cell is pushed again whenever its g falls and every\n"
"                      entry taken is expanded, stale or not\n"
"  --goal-test T       stop when the goal is taken (expand, default) or\n"
"                      as soon as it goes on the open list (generate)\n"
"  --close-start yes|no  list the start as closed (default yes)\n"
"  --list-order O      print the open list in the order cells will leave\n"
"                      it (priority, default) or went on it (insertion)\n"
"  --legend L          tile costs of glyphs: 'w=blocked,~=5,^=200'; a\n"
"                      file may also start with lines 'legend ~=5 w=blocked'\n"
"  --preset P          library (default); linear-scan: 4 neighbours E,N,W,S,\n"
"                      costs 1, fifo, goal test on generation, insertion\n"
"                      order, start not listed as closed; classic-10-14:\n"
"                      N,NE,E,SE,S,SW,W,NW, costs 10,14, 10 x Manhattan,\n"
"                      lifo, goal test on expansion (the target goes on\n"
"                      the closed list, as Lester's article's summary\n"
"                      says); classic-10-14-generate: the same, goal test\n"
"                      on generation; redblob (Red Blob Games' Python):\n"
"                      E,W,N,S reversed on even cells, costs 1, xy,\n"
"                      duplicates kept.  Options given beside a preset\n"
"                      override it.\n"
"  --steps N           narrate at most N steps (default 200)\n"
"  --csv               one row per step: step,x,y,g,h,f,added,improved,\n"
"                      rejected,open,closed\n"
"  --svg FILE          draw the final state as SVG\n"
"  --svg-steps DIR     draw every narrated step, DIR/step-0000.svg ...\n"
"  --html FILE         one self-contained page to step through the search\n"
"  --planner P --event E...  an incremental walkthrough: lpa, dstar or\n"
"                      mtdstar, then events 'close X,Y', 'open X,Y',\n"
"                      'cost X,Y,C', 'target X,Y', 'hunter X,Y'; --csv\n"
"                      and --html show g, rhs and keys.  It takes the\n"
"                      neighbours (and --parity-reverse), costs, diagonal\n"
"                      rule and heuristic; --tie-break is among equal\n"
"                      keys: cell (the cell number, row by row: yx, the\n"
"                      default), xy, fifo or lifo (pushed first or last;\n"
"                      every push counts); A*'s other conventions are\n"
"                      refused\n"
"  --scratch-tie T     the A* from scratch each repair is compared with\n"
"                      breaks ties as the incremental keys do, [f; g]\n"
"                      then --tie-break (same, default), or by A*'s T\n",
	    explain_usage, path_movement_names, path_diagonal_names);
}
