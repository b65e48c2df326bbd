/*
 * lab-explain-opts.c: explain's command line, conventions and presets.
 *
 * Conventions are settled in three layers, so that the order options
 * are typed in never matters: the movement's defaults (its neighbours,
 * costs and heuristic), then the preset's, then every option given
 * explicitly.  A preset names a tutorial style; its conventions are
 * spelled out in --help, so a student sees what it changes.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain-opts.h"
#include "lab.h"

const char explain_usage[] =
    "astray-lab explain MAP --from X,Y --to X,Y [--preset P] [--movement M]\n"
    "       [--neighbours LIST] [--diagonal R] [--costs O,D] "
    "[--heuristic H[:K]]\n       [--tie-break T] [--goal-test expand|generate] "
    "[--close-start yes|no]\n       [--list-order priority|insertion] "
    "[--legend L] [--one-based] [--steps N]\n       [--csv] [--svg FILE] "
    "[--svg-steps DIR] [--html FILE]\n       [--planner lpa|dstar|mtdstar "
    "--event EVENT...]";

/* Which conventions were given explicitly. */
enum {
	SET_NEIGHBOURS = 1 << 0, SET_DIAGONAL = 1 << 1, SET_COSTS = 1 << 2,
	SET_HEURISTIC = 1 << 3, SET_SCALE = 1 << 4, SET_TIE = 1 << 5,
	SET_GOAL_TEST = 1 << 6, SET_CLOSE_START = 1 << 7, SET_LIST = 1 << 8,
	SET_MOVEMENT = 1 << 9
};

/* What the command line said, before the layers are merged. */
struct explain_given {
	unsigned			 set;
	const char			*preset;
	struct path_textbook_rules	 r;
	enum path_movement		 movement;
	enum explain_list_order		 list_order;
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
	if (strcmp(name, "classic-10-14") == 0) {
		explain_movement_defaults(PATH_MOVE_8_OCTILE, r);
		memcpy(r->order, (enum path_textbook_dir[8]){ PATH_TB_N,
		    PATH_TB_NE, PATH_TB_E, PATH_TB_SE, PATH_TB_S, PATH_TB_SW,
		    PATH_TB_W, PATH_TB_NW }, 8 * sizeof *r->order);
		r->orth = r->scale = 10;
		r->diag = 14;
		r->heuristic = PATH_TB_H_MANHATTAN;
		r->diagonal = PATH_DIAG_NO_CORNER_CUT;
		r->tie = PATH_TB_TIE_LIFO;
		r->goal_test = PATH_TB_GOAL_GENERATE;
		o->unit = 1;
		return (0);
	}
	return (-1);
}

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

/* Parses one convention option into g; returns 0 or a usage status. */
static int
explain_convention(int ch, const char *arg, struct explain_given *g)
{
	struct path_textbook_rules	*r = &g->r;
	int				 scaled = 0;

	switch (ch) {
	case 'm':
		if (path_movement_parse(arg, &g->movement) != 0)
			return (lab_usage(explain_usage, "unknown movement \"%s\" "
			    "(one of %s)", arg, path_movement_names));
		g->set |= SET_MOVEMENT;
		return (0);
	case 'd':
		if (path_diagonal_parse(arg, &r->diagonal) != 0)
			return (lab_usage(explain_usage, "unknown diagonal rule "
			    "\"%s\" (one of %s)", arg, path_diagonal_names));
		g->set |= SET_DIAGONAL;
		return (0);
	case 'H':
		if (explain_parse_heuristic(arg, r, &scaled) != 0)
			return (lab_usage(explain_usage, "--heuristic wants NAME "
			    "or NAME:SCALE with NAME one of zero, manhattan, "
			    "octile, chebyshev, euclid, euclid-floor, not \"%s\"",
			    arg));
		g->set |= SET_HEURISTIC | (scaled ? SET_SCALE : 0);
		return (0);
	case 'N':
		if (explain_parse_neighbours(arg, r) != 0)
			return (lab_usage(explain_usage, "--neighbours wants "
			    "directions out of N,NE,E,SE,S,SW,W,NW, each once, "
			    "not \"%s\"", arg));
		g->set |= SET_NEIGHBOURS;
		return (0);
	case 'c':
		if (explain_parse_costs(arg, r) != 0)
			return (lab_usage(explain_usage, "--costs wants two "
			    "integer step costs ORTH,DIAG from 1 to %d, not "
			    "\"%s\"", PATH_TEXTBOOK_MAX_STEP, arg));
		g->set |= SET_COSTS;
		return (0);
	case 'T':
		if (path_textbook_tie_parse(arg, &r->tie) != 0)
			return (lab_usage(explain_usage, "--tie-break wants "
			    "larger-g, fifo, lifo or smaller-h, not \"%s\"", arg));
		g->set |= SET_TIE;
		return (0);
	case 'G':
		if (strcmp(arg, "expand") != 0 && strcmp(arg, "generate") != 0)
			return (lab_usage(explain_usage, "--goal-test wants "
			    "expand or generate, not \"%s\"", arg));
		r->goal_test = arg[0] == 'e' ? PATH_TB_GOAL_EXPAND :
		    PATH_TB_GOAL_GENERATE;
		g->set |= SET_GOAL_TEST;
		return (0);
	case 'C':
		if (explain_parse_yes(arg, &r->close_start) != 0)
			return (lab_usage(explain_usage, "--close-start wants yes "
			    "or no, not \"%s\"", arg));
		g->set |= SET_CLOSE_START;
		return (0);
	case 'L':
		if (strcmp(arg, "priority") != 0 && strcmp(arg, "insertion") != 0)
			return (lab_usage(explain_usage, "--list-order wants "
			    "priority or insertion, not \"%s\"", arg));
		g->list_order = arg[0] == 'p' ? EXPLAIN_LIST_PRIORITY :
		    EXPLAIN_LIST_INSERTION;
		g->set |= SET_LIST;
		return (0);
	}
	return (lab_usage(explain_usage, "bad option"));
}

/* Merges the layers (movement, preset, options); returns 0 or a status. */
static int
explain_merge(const struct explain_given *g, struct explain_opts *o)
{
	struct path_textbook_rules	*r = &o->rules;

	o->unit = PATH_COST_ORTHO;
	o->list_order = EXPLAIN_LIST_PRIORITY;
	explain_movement_defaults(g->movement, r);
	if (g->preset != NULL && explain_preset(g->preset, o) != 0)
		return (lab_usage(explain_usage, "unknown preset \"%s\" (one of "
		    "library, linear-scan, classic-10-14)", g->preset));
	if (g->set & SET_MOVEMENT) {
		struct path_textbook_rules	m;

		explain_movement_defaults(g->movement, &m);
		memcpy(r->order, m.order, sizeof m.order);
		r->norder = m.norder;
		r->heuristic = m.heuristic;
		if (g->movement == PATH_MOVE_8_CHEBYSHEV)
			r->diag = r->orth;
	}
	if (g->set & SET_NEIGHBOURS) {
		memcpy(r->order, g->r.order, sizeof r->order);
		r->norder = g->r.norder;
	}
	if (g->set & SET_DIAGONAL)
		r->diagonal = g->r.diagonal;
	if (g->set & SET_COSTS) {
		r->orth = r->scale = g->r.orth;
		r->diag = g->r.diag;
		o->unit = 1;
	}
	if (g->set & SET_HEURISTIC)
		r->heuristic = g->r.heuristic;
	/* K counts in the units printed: orthogonal steps unless --costs. */
	if (g->set & SET_SCALE)
		r->scale = g->r.scale * o->unit;
	if (g->set & SET_TIE)
		r->tie = g->r.tie;
	if (g->set & SET_GOAL_TEST)
		r->goal_test = g->r.goal_test;
	if (g->set & SET_CLOSE_START)
		r->close_start = g->r.close_start;
	if (g->set & SET_LIST)
		o->list_order = g->list_order;
	return (0);
}

/* Parses an option that is not a convention; returns 0 or a status. */
static int
explain_other(int ch, const char *arg, struct explain_opts *o)
{
	long	n;

	switch (ch) {
	case 'f':
	case 't':
		if (lab_parse_point(arg, ch == 'f' ? &o->sx : &o->gx,
		    ch == 'f' ? &o->sy : &o->gy) != 0)
			return (lab_usage(explain_usage, "--%s wants X,Y, not "
			    "\"%s\"", ch == 'f' ? "from" : "to", arg));
		o->have |= ch == 'f' ? 1 : 2;
		return (0);
	case '1':
		o->base = 1;
		return (0);
	case 's':
		o->svg = arg;
		return (0);
	case 'S':
		o->svg_steps = arg;
		return (0);
	case 'W':
		o->html = arg;
		return (0);
	case 'l':
		o->legend = arg;
		return (0);
	case 'x':
		o->csv = 1;
		return (0);
	case 'p':
		o->planner = arg;
		return (0);
	case 'e':
		if (o->nevents < EXPLAIN_MAX_EVENTS)
			o->events[o->nevents++] = arg;
		else
			return (lab_usage(explain_usage, "at most %d --event",
			    EXPLAIN_MAX_EVENTS));
		return (0);
	case 'n':
		if (lab_parse_count(arg, 1000000000L, &n) != 0)
			return (lab_usage(explain_usage, "--steps wants a count, "
			    "not \"%s\"", arg));
		o->steps = n;
		return (0);
	}
	return (lab_usage(explain_usage, "bad option"));
}

/* Parses the command line: see lab-explain-opts.h. */
int
explain_opts_parse(int argc, char **argv, struct explain_opts *o)
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "movement", required_argument, NULL, 'm' },
		{ "diagonal", required_argument, NULL, 'd' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "neighbours", required_argument, NULL, 'N' },
		{ "neighbors", required_argument, NULL, 'N' },
		{ "costs", required_argument, NULL, 'c' },
		{ "tie-break", required_argument, NULL, 'T' },
		{ "goal-test", required_argument, NULL, 'G' },
		{ "close-start", required_argument, NULL, 'C' },
		{ "list-order", required_argument, NULL, 'L' },
		{ "preset", required_argument, NULL, 'P' },
		{ "legend", required_argument, NULL, 'l' },
		{ "one-based", no_argument, NULL, '1' },
		{ "svg", required_argument, NULL, 's' },
		{ "svg-steps", required_argument, NULL, 'S' },
		{ "html", required_argument, NULL, 'W' },
		{ "csv", no_argument, NULL, 'x' },
		{ "planner", required_argument, NULL, 'p' },
		{ "event", required_argument, NULL, 'e' },
		{ "steps", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct explain_given	 g = { .movement = PATH_MOVE_4 };
	int			 ch, r;

	memset(o, 0, sizeof *o);
	o->steps = 200;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:t:m:d:H:N:c:T:G:C:L:P:l:1s:S:"
	    "W:xp:e:n:h", longopts, NULL)) != -1) {
		if (ch == 'h')
			return (-1);
		if (ch == 'P') {
			g.preset = optarg;
			continue;
		}
		if (strchr("mdHNcTGCL", ch) != NULL)
			r = explain_convention(ch, optarg, &g);
		else
			r = explain_other(ch, optarg, o);
		if (r != 0)
			return (r);
	}
	if (optind != argc - 1)
		return (lab_usage(explain_usage, "expected one map file"));
	if (o->have != 3)
		return (lab_usage(explain_usage, "--from and --to are needed"));
	o->map = argv[optind];
	o->movement = g.movement;
	o->sx -= o->base;
	o->sy -= o->base;
	o->gx -= o->base;
	o->gy -= o->base;
	return (explain_merge(&g, o));
}

/* Prints explain --help. */
void
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
"                      first), lifo (inserted last), smaller-h; the last\n"
"                      tie always goes to the earlier inserted\n"
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
"                      lifo, goal test on generation.  Options given\n"
"                      beside a preset override it.\n"
"  --steps N           narrate at most N steps (default 200)\n"
"  --csv               one row per step: step,x,y,g,h,f,added,improved,\n"
"                      rejected,open,closed\n"
"  --svg FILE          draw the final state as SVG\n"
"  --svg-steps DIR     draw every narrated step, DIR/step-0000.svg ...\n"
"  --html FILE         one self-contained page to step through the search\n"
"  --planner P --event E...  an incremental walkthrough: lpa, dstar or\n"
"                      mtdstar, then events 'close X,Y', 'open X,Y',\n"
"                      'cost X,Y,C', 'target X,Y', 'hunter X,Y'; --csv\n"
"                      and --html show g, rhs and keys\n",
	    explain_usage, path_movement_names, path_diagonal_names);
}
