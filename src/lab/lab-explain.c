/*
 * lab-explain.c: astray-lab explain, A* step by step.
 *
 * The walkthrough runs a textbook A* of its own, written to be read and
 * to match its narration exactly: the open list is a plain set scanned
 * at every step for the least f, ties going to the larger g and then to
 * the lower cell number (row by row), which is the order printed after
 * every step, so the next step always takes the cell printed first.  The
 * library's A* is built for speed instead (its ties go to the cell pushed
 * last, which no tutorial uses); both return the same optimal cost, and
 * the tests compare them.  The search reports each cell it takes from
 * the open list and each neighbour it adds or improves through the same
 * trace the library offers; this file keeps a mirror of the open and
 * closed lists from those events and prints them after every step, the
 * way textbooks draw them.  Coordinates are 0-based unless --one-based,
 * and costs are shown in orthogonal steps (1.414 for a diagonal).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "lab.h"
#include "textgrid.h"
#include "xmalloc.h"

static const char explain_usage[] =
    "astray-lab explain MAP --from X,Y --to X,Y [--movement M] "
    "[--diagonal R]\n       [--heuristic H] [--one-based] [--svg FILE] "
    "[--steps N]";

#define EXPLAIN_LIST_MAX	16	/* entries of a list shown per step */
#define EXPLAIN_MAP_MAX		120	/* widest map drawn as text */

enum explain_state { CELL_UNSEEN, CELL_OPEN, CELL_CLOSED };

struct explain_cell {
	path_cost	g;
	path_cost	h;
	int		state;
	int		px, py;
};

struct explain {
	const struct path_grid	*grid;
	int			 w, h;
	int			 base;		/* 0 or 1, for printing */
	struct explain_cell	*cells;
	int			*closed;	/* in the order closed */
	size_t			 nclosed;
	long			 step;
	long			 max_steps;
	int			 gx, gy;
	int			*open_tmp;	/* scratch for sorting */
};

/* Formats a cell's coordinates as the user numbers them. */
static const char *
explain_xy(const struct explain *e, int x, int y, char buf[32])
{
	snprintf(buf, 32, "(%d,%d)", x + e->base, y + e->base);
	return (buf);
}

static const struct explain *explain_sorting;

/* Orders open cells as the search takes them: f, larger g, position. */
static int
explain_open_order(const void *a, const void *b)
{
	const struct explain		*e = explain_sorting;
	const struct explain_cell	*ca = &e->cells[*(const int *)a];
	const struct explain_cell	*cb = &e->cells[*(const int *)b];
	path_cost			 fa = ca->g + ca->h, fb = cb->g + cb->h;

	if (fa != fb)
		return (fa < fb ? -1 : 1);
	if (ca->g != cb->g)
		return (ca->g > cb->g ? -1 : 1);
	return (*(const int *)a - *(const int *)b);
}

/* Prints the open and closed lists after a step. */
static void
explain_lists(struct explain *e)
{
	const struct explain_cell	*c;
	size_t				 n = 0, i, shown;
	char				 xy[32], g[32], h[32], f[32];
	int				 k;

	for (k = 0; k < e->w * e->h; k++) {
		if (e->cells[k].state == CELL_OPEN)
			e->open_tmp[n++] = k;
	}
	explain_sorting = e;
	qsort(e->open_tmp, n, sizeof *e->open_tmp, explain_open_order);
	printf("  open:  ");
	if (n == 0)
		printf(" (empty)");
	shown = n < EXPLAIN_LIST_MAX ? n : EXPLAIN_LIST_MAX;
	for (i = 0; i < shown; i++) {
		c = &e->cells[e->open_tmp[i]];
		printf("%s %s f=%s g=%s h=%s", i ? " |" : "",
		    explain_xy(e, e->open_tmp[i] % e->w, e->open_tmp[i] / e->w,
		    xy), lab_cost(c->g + c->h, f), lab_cost(c->g, g),
		    lab_cost(c->h, h));
	}
	if (shown < n)
		printf(" | ... and %zu more", n - shown);
	printf("\n  closed:");
	shown = e->nclosed < EXPLAIN_LIST_MAX ? e->nclosed : EXPLAIN_LIST_MAX;
	for (i = e->nclosed - shown; i < e->nclosed; i++) {
		if (i == e->nclosed - shown && shown < e->nclosed)
			printf(" ... %zu earlier,", e->nclosed - shown);
		printf(" %s", explain_xy(e, e->closed[i] % e->w,
		    e->closed[i] / e->w, xy));
	}
	printf("\n\n");
}

/* Whether a step from (x,y) by (dx,dy) is legal under the rules. */
static int
explain_step_ok(const struct path_grid *grid, struct path_rules rules, int x,
    int y, int dx, int dy)
{
	int	a, b;

	if (path_grid_get(grid, x + dx, y + dy) == 0)
		return (0);
	if (dx == 0 || dy == 0)
		return (1);
	if (rules.movement == PATH_MOVE_4 || rules.diagonal == PATH_DIAG_NEVER)
		return (0);
	a = path_grid_get(grid, x + dx, y) != 0;
	b = path_grid_get(grid, x, y + dy) != 0;
	switch (rules.diagonal) {
	case PATH_DIAG_NO_CORNER_CUT:
		return (a && b);
	case PATH_DIAG_ONE_SIDE:
		return (a || b);
	default:
		return (1);
	}
}

/*
 * The textbook search: see the top of the file.  Reports every event to
 * trace(ctx, ...), fills *st and returns the cost of the path, its cells
 * in path[] (goal first, *npath of them; path must hold w * h), or
 * PATH_COST_NONE.  Neighbours are tried north, east, south, west, then
 * north-east, south-east, south-west, north-west, as the library does.
 */
static path_cost
explain_search(const struct path_grid *grid, struct path_rules rules, int sx,
    int sy, int gx, int gy, path_trace_fn trace, void *ctx,
    struct path_stats *st, struct path_point *path, size_t *npath)
{
	static const int	 dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
	static const int	 dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
	int			 w = path_grid_width(grid);
	int			 h = path_grid_height(grid), n = w * h;
	path_cost		*g, *hv, best_f, f, ng, cost = PATH_COST_NONE;
	int			*parent, *state, best, k, u, v, x, y, d;

	memset(st, 0, sizeof *st);
	*npath = 0;
	rules = path_rules_normalize(rules);
	if (!path_grid_contains(grid, sx, sy) ||
	    !path_grid_contains(grid, gx, gy) ||
	    path_grid_get(grid, sx, sy) == 0 || path_grid_get(grid, gx, gy) == 0)
		return (PATH_COST_NONE);
	g = xcalloc((size_t)n, sizeof *g);
	hv = xcalloc((size_t)n, sizeof *hv);
	parent = xcalloc((size_t)n, sizeof *parent);
	state = xcalloc((size_t)n, sizeof *state);
	u = sy * w + sx;
	hv[u] = path_heuristic(rules, sx, sy, gx, gy);
	state[u] = CELL_OPEN;
	parent[u] = u;
	st->pushes = st->touched = 1;
	trace(ctx, PATH_TRACE_OPEN, sx, sy, 0, hv[u], sx, sy);
	for (;;) {
		/* The least f, then the larger g, then the lower number. */
		best = -1;
		best_f = 0;
		for (k = 0; k < n; k++) {
			if (state[k] != CELL_OPEN)
				continue;
			f = g[k] + hv[k];
			if (best < 0 || f < best_f ||
			    (f == best_f && g[k] > g[best])) {
				best = k;
				best_f = f;
			}
		}
		if (best < 0)
			break;
		u = best;
		x = u % w;
		y = u / w;
		state[u] = CELL_CLOSED;
		st->expansions++;
		trace(ctx, PATH_TRACE_EXPAND, x, y, g[u], hv[u],
		    parent[u] % w, parent[u] / w);
		if (x == gx && y == gy) {
			cost = g[u];
			for (v = u;; v = parent[v]) {
				path[(*npath)++] = (struct path_point){ v % w,
				    v / w };
				if (v == parent[v])
					break;
			}
			break;
		}
		for (d = 0; d < 8; d++) {
			if (!explain_step_ok(grid, rules, x, y, dx[d], dy[d]))
				continue;
			v = (y + dy[d]) * w + x + dx[d];
			if (state[v] == CELL_CLOSED)
				continue;
			ng = g[u] + path_step_cost(rules, dx[d], dy[d],
			    path_grid_get(grid, x + dx[d], y + dy[d]));
			if (state[v] == CELL_OPEN && ng >= g[v])
				continue;
			if (state[v] == CELL_UNSEEN) {
				hv[v] = path_heuristic(rules, x + dx[d],
				    y + dy[d], gx, gy);
				st->touched++;
			}
			g[v] = ng;
			parent[v] = u;
			st->pushes++;
			trace(ctx, state[v] == CELL_OPEN ? PATH_TRACE_IMPROVE :
			    PATH_TRACE_OPEN, x + dx[d], y + dy[d], ng, hv[v], x,
			    y);
			state[v] = CELL_OPEN;
		}
	}
	free(g);
	free(hv);
	free(parent);
	free(state);
	return (cost);
}

/* The trace: mirrors the lists and narrates each event. */
static void
explain_trace(void *ctx, enum path_trace_event ev, int x, int y,
    path_cost g, path_cost h, int px, int py)
{
	struct explain		*e = ctx;
	struct explain_cell	*c = &e->cells[y * e->w + x];
	int			 show;
	char			 xy[32], pxy[32], gb[32], hb[32], fb[32];
	char			 old[32];

	if (ev == PATH_TRACE_EXPAND) {
		if (e->step > 0 && e->step <= e->max_steps)
			explain_lists(e);
		e->step++;
	}
	show = e->step <= e->max_steps;
	lab_cost(g, gb);
	lab_cost(h, hb);
	lab_cost(g + h, fb);
	switch (ev) {
	case PATH_TRACE_EXPAND:
		c->state = CELL_CLOSED;
		e->closed[e->nclosed++] = y * e->w + x;
		if (show)
			printf("Step %ld: take %s from the open list (g=%s h=%s "
			    "f=%s, the lowest f) and close it.\n", e->step,
			    explain_xy(e, x, y, xy), gb, hb, fb);
		if (show && x == e->gx && y == e->gy)
			printf("  %s is the goal: the search stops.\n", xy);
		break;
	case PATH_TRACE_OPEN:
		c->state = CELL_OPEN;
		c->g = g;
		c->h = h;
		c->px = px;
		c->py = py;
		if (e->step == 0)
			printf("Start: %s g=%s h=%s f=%s goes on the open "
			    "list.\n\n", explain_xy(e, x, y, xy), gb, hb, fb);
		else if (show)
			printf("  add     %s g=%s h=%s f=%s, parent %s\n",
			    explain_xy(e, x, y, xy), gb, hb, fb,
			    explain_xy(e, px, py, pxy));
		break;
	case PATH_TRACE_IMPROVE:
		if (show)
			printf("  improve %s g=%s (was %s) h=%s f=%s, parent "
			    "now %s\n", explain_xy(e, x, y, xy), gb,
			    lab_cost(c->g, old), hb, fb,
			    explain_xy(e, px, py, pxy));
		c->g = g;
		c->px = px;
		c->py = py;
		break;
	}
}

/* Whether (x,y) is on the path. */
static int
explain_on_path(const struct path_point *path, size_t n, int x, int y)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (path[i].x == x && path[i].y == y)
			return (1);
	}
	return (0);
}

/* Prints a row of column numbers, in two lines when they need two digits. */
static void
explain_columns(const struct explain *e)
{
	int	x, last = e->w - 1 + e->base;

	if (last >= 10) {
		printf("     ");
		for (x = 0; x < e->w; x++)
			printf(" %c", (x + e->base) >= 10 ?
			    '0' + ((x + e->base) / 10) % 10 : ' ');
		printf("\n");
	}
	printf("     ");
	for (x = 0; x < e->w; x++)
		printf(" %d", (x + e->base) % 10);
	printf("\n");
}

/*
 * Draws the map as text: walls '#', weighted cells their digit, start
 * 'S', goal 'G', and with the search's marks when marks is set.
 */
static void
explain_draw(const struct explain *e, int sx, int sy, const struct path_point
    *path, size_t npath, int marks)
{
	unsigned	 c;
	int		 x, y;
	char		 ch;

	if (e->w > EXPLAIN_MAP_MAX) {
		printf("(the map is %d cells wide: too wide to draw here; "
		    "try --svg)\n\n", e->w);
		return;
	}
	explain_columns(e);
	for (y = 0; y < e->h; y++) {
		printf("%4d ", y + e->base);
		for (x = 0; x < e->w; x++) {
			c = path_grid_get(e->grid, x, y);
			ch = c == 0 ? '#' : c == 1 ? '.' :
			    c < 10 ? (char)('0' + c) : '+';
			if (marks && c != 0) {
				if (explain_on_path(path, npath, x, y))
					ch = '*';
				else if (e->cells[y * e->w + x].state ==
				    CELL_CLOSED)
					ch = 'x';
				else if (e->cells[y * e->w + x].state ==
				    CELL_OPEN)
					ch = 'o';
			}
			if (x == sx && y == sy)
				ch = 'S';
			else if (x == e->gx && y == e->gy)
				ch = 'G';
			printf(" %c", ch);
		}
		printf("\n");
	}
	printf("\n");
}

/* Colour of a cell in the SVG drawing. */
static const char *
explain_colour(const struct explain *e, int x, int y, int sx, int sy,
    const struct path_point *path, size_t npath)
{
	if (x == sx && y == sy)
		return ("#2e7d32");
	if (x == e->gx && y == e->gy)
		return ("#c62828");
	if (path_grid_get(e->grid, x, y) == 0)
		return ("#37474f");
	if (explain_on_path(path, npath, x, y))
		return ("#ffca28");
	if (e->cells[y * e->w + x].state == CELL_CLOSED)
		return ("#90caf9");
	if (e->cells[y * e->w + x].state == CELL_OPEN)
		return ("#a5d6a7");
	return ("#fafafa");
}

/*
 * Writes the grid as SVG: runs of equal colour on a row become one
 * rectangle, so even a 512x512 map stays a reasonable file; small maps
 * get each touched cell's f, g and h written in it.
 */
static int
explain_svg(const struct explain *e, const char *file, int sx, int sy,
    const struct path_point *path, size_t npath)
{
	FILE				*f;
	const struct explain_cell	*c;
	const char			*col, *run;
	int				 x, y, x0, size, text;
	char				 a[32], b[32], d[32];

	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the drawing", file);
		return (-1);
	}
	size = 800 / (e->w > e->h ? e->w : e->h);
	size = size > 48 ? 48 : size < 1 ? 1 : size;
	text = size >= 32;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" font-family=\"sans-serif\">\n", e->w * size,
	    e->h * size + 24);
	for (y = 0; y < e->h; y++) {
		for (x = 0; x < e->w; x = x0) {
			run = explain_colour(e, x, y, sx, sy, path, npath);
			for (x0 = x + 1; x0 < e->w && !text; x0++) {
				col = explain_colour(e, x0, y, sx, sy, path,
				    npath);
				if (strcmp(col, run) != 0)
					break;
			}
			if (text)
				x0 = x + 1;
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\"%s/>\n", x * size,
			    y * size, (x0 - x) * size, size, run, text ?
			    " stroke=\"#b0bec5\"" : "");
		}
	}
	for (y = 0; text && y < e->h; y++) {
		for (x = 0; x < e->w; x++) {
			c = &e->cells[y * e->w + x];
			if (c->state == CELL_UNSEEN)
				continue;
			fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">"
			    "%s</text>\n<text x=\"%d\" y=\"%d\" font-size=\"%d\">"
			    "%s</text>\n<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
			    "text-anchor=\"end\">%s</text>\n", x * size + 3,
			    y * size + size / 3, size / 4,
			    lab_cost(c->g + c->h, a), x * size + 3,
			    y * size + size - 4, size / 5, lab_cost(c->g, b),
			    x * size + size - 3, y * size + size - 4, size / 5,
			    lab_cost(c->h, d));
		}
	}
	fprintf(f, "<text x=\"4\" y=\"%d\" font-size=\"12\">start green, goal "
	    "red, path yellow, closed blue, open green%s</text>\n</svg>\n",
	    e->h * size + 16, text ? "; f top, g bottom left, h bottom right"
	    : "");
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the drawing", file);
		return (-1);
	}
	return (0);
}

/* Parses the rule options into r; returns 0 or a usage exit status. */
static int
explain_rule(int ch, const char *arg, struct path_rules *r)
{
	if (ch == 'm' && path_movement_parse(arg, &r->movement) != 0)
		return (lab_usage(explain_usage, "unknown movement \"%s\" "
		    "(one of %s)", arg, path_movement_names));
	if (ch == 'd' && path_diagonal_parse(arg, &r->diagonal) != 0)
		return (lab_usage(explain_usage, "unknown diagonal rule \"%s\" "
		    "(one of %s)", arg, path_diagonal_names));
	if (ch == 'H' && path_heuristic_parse(arg, &r->heuristic) != 0)
		return (lab_usage(explain_usage, "unknown heuristic \"%s\" "
		    "(one of %s)", arg, path_heuristic_names));
	return (0);
}

static void
explain_help(void)
{
	printf("usage: %s\n\n"
"Runs A* from --from to --to and narrates it: each cell taken from the\n"
"open list with its g, h and f, the neighbours added or improved, the open\n"
"and closed lists after every step, and the path found.\n\n"
"MAP is a Moving AI .map, rows of 0/1 digits (1 = wall, spaces allowed), or\n"
"rows of '.' and '#' ('1'-'9' for weighted cells).\n\n"
"  --from X,Y       start; x is the column, y the row\n"
"  --to X,Y         goal\n"
"  --one-based      number rows and columns from 1 (default: from 0)\n"
"  --movement M     %s (default 4)\n"
"  --diagonal R     %s\n"
"                   (default no-corner-cut; 4 never moves diagonally)\n"
"  --heuristic H    %s\n"
"                   (default: the movement's own)\n"
"  --steps N        narrate at most N steps (default 200)\n"
"  --svg FILE       also draw the grid, the lists and the path as SVG\n",
	    explain_usage, path_movement_names, path_diagonal_names,
	    path_heuristic_names);
}

/* Checks that a point is inside the map and open. */
static int
explain_point(const struct explain *e, const char *map, const char *what,
    int x, int y)
{
	if (!path_grid_contains(e->grid, x, y)) {
		lab_error("%s (%d,%d) is outside %s, which is %dx%d (coordinates "
		    "are %d-based)", what, x + e->base, y + e->base, map, e->w,
		    e->h, e->base);
		return (-1);
	}
	if (path_grid_get(e->grid, x, y) == 0) {
		lab_error("%s (%d,%d) is a wall of %s", what, x + e->base,
		    y + e->base, map);
		return (-1);
	}
	return (0);
}

/* astray-lab explain: see the file comment. */
int
lab_explain(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "movement", required_argument, NULL, 'm' },
		{ "diagonal", required_argument, NULL, 'd' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "one-based", no_argument, NULL, '1' },
		{ "svg", required_argument, NULL, 's' },
		{ "steps", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct path_rules	 rules = {
		.movement = PATH_MOVE_4,
		.diagonal = PATH_DIAG_NO_CORNER_CUT,
		.heuristic = PATH_H_DEFAULT
	};
	struct explain		 e;
	struct path_grid	*grid = NULL;
	struct path_point	*path = NULL;
	struct path_stats	 st;
	const char		*map, *svg = NULL;
	char			*cause, xy[32], cb[32];
	path_cost		 cost;
	size_t			 npath = 0, i;
	long			 steps = 200;
	int			 ch, r, sx, sy, have_from = 0, have_to = 0;
	int			 status = LAB_EXIT_BAD_INPUT;

	memset(&e, 0, sizeof e);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:t:m:d:H:1s:n:h", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if (lab_parse_point(optarg, &sx, &sy) != 0)
				return (lab_usage(explain_usage, "--from wants "
				    "X,Y, not \"%s\"", optarg));
			have_from = 1;
			break;
		case 't':
			if (lab_parse_point(optarg, &e.gx, &e.gy) != 0)
				return (lab_usage(explain_usage, "--to wants "
				    "X,Y, not \"%s\"", optarg));
			have_to = 1;
			break;
		case 'm':
		case 'd':
		case 'H':
			if ((r = explain_rule(ch, optarg, &rules)) != 0)
				return (r);
			break;
		case '1':
			e.base = 1;
			break;
		case 's':
			svg = optarg;
			break;
		case 'n':
			if (lab_parse_count(optarg, 1000000000L, &steps) != 0)
				return (lab_usage(explain_usage, "--steps wants "
				    "a count, not \"%s\"", optarg));
			break;
		case 'h':
			explain_help();
			return (0);
		default:
			return (lab_usage(explain_usage, "bad option"));
		}
	}
	if (optind != argc - 1)
		return (lab_usage(explain_usage, "expected one map file"));
	if (!have_from || !have_to)
		return (lab_usage(explain_usage, "--from and --to are needed"));
	map = argv[optind];
	sx -= e.base;
	sy -= e.base;
	e.gx -= e.base;
	e.gy -= e.base;
	rules = path_rules_normalize(rules);

	if ((grid = path_map_read(map, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	e.grid = grid;
	e.w = path_grid_width(grid);
	e.h = path_grid_height(grid);
	e.max_steps = steps;
	if (explain_point(&e, map, "--from", sx, sy) != 0 ||
	    explain_point(&e, map, "--to", e.gx, e.gy) != 0)
		goto out;
	e.cells = xcalloc((size_t)e.w * e.h, sizeof *e.cells);
	e.closed = xcalloc((size_t)e.w * e.h, sizeof *e.closed);
	e.open_tmp = xcalloc((size_t)e.w * e.h, sizeof *e.open_tmp);

	printf("A* on %s (%dx%d): movement %s, diagonal %s, heuristic %s\n",
	    map, e.w, e.h, path_movement_name(rules.movement),
	    path_diagonal_name(rules.diagonal),
	    path_heuristic_name(rules.heuristic));
	printf("from %s", explain_xy(&e, sx, sy, xy));
	printf(" to %s; coordinates are %d-based, x the column and y the "
	    "row.\n", explain_xy(&e, e.gx, e.gy, xy), e.base);
	printf("g is the cost so far, h the heuristic's estimate of the rest, "
	    "f = g + h.\nThe open list gives up the lowest f first; among "
	    "equal f, the larger g, then the lower cell number.\n");
	if (!path_rules_admissible(rules))
		printf("Warning: this heuristic can overestimate under these "
		    "rules, so the path\nfound may not be the cheapest.\n");
	printf("\n");
	explain_draw(&e, sx, sy, NULL, 0, 0);

	path = xcalloc((size_t)e.w * (size_t)e.h, sizeof *path);
	cost = explain_search(grid, rules, sx, sy, e.gx, e.gy, explain_trace,
	    &e, &st, path, &npath);
	/* The search lists the path goal first; the walkthrough, start first. */
	for (i = 0; i < npath / 2; i++) {
		struct path_point	t = path[i];

		path[i] = path[npath - 1 - i];
		path[npath - 1 - i] = t;
	}
	if (e.step > 0 && e.step <= e.max_steps)
		explain_lists(&e);
	if (e.step > e.max_steps)
		printf("... %ld more steps not shown (see --steps)\n\n",
		    e.step - e.max_steps);
	if (cost == PATH_COST_NONE) {
		printf("The open list is empty and the goal was never taken: "
		    "there is no path.\n");
	} else {
		printf("Path: %zu move%s, cost %s\n ", npath - 1,
		    npath == 2 ? "" : "s", lab_cost(cost, cb));
		for (i = 0; i < npath; i++)
			printf(" %s", explain_xy(&e, path[i].x, path[i].y, xy));
		printf("\n");
	}
	printf("Expansions %llu, pushes %llu, cells touched %llu.\n\n",
	    (unsigned long long)st.expansions, (unsigned long long)st.pushes,
	    (unsigned long long)st.touched);
	if (e.w <= EXPLAIN_MAP_MAX) {
		printf("* path, x closed, o open, # wall\n");
		explain_draw(&e, sx, sy, path, npath, 1);
	}
	status = 0;
	if (svg != NULL && explain_svg(&e, svg, sx, sy, path, npath) != 0)
		status = LAB_EXIT_BAD_INPUT;

out:
	free(path);
	free(e.cells);
	free(e.closed);
	free(e.open_tmp);
	path_grid_free(grid);
	return (status);
}
