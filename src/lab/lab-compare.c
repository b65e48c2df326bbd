/*
 * lab-compare.c: astray-lab compare, several searches on one problem.
 *
 * The classic lesson of an interactive pathfinding page: the same start
 * and goal, searched by breadth-first search, Dijkstra, greedy
 * best-first, A*, weighted A*, jump point search and bidirectional
 * Dijkstra, side by side.  Each
 * is run once untimed (so that no search pays the process's one-off
 * costs, its first touch of memory above all, which made the first
 * search of a list look several times slower than the same search run
 * again), then timed on the least of three runs without a trace, then
 * run again with a trace that marks the cells it opened and closed, for
 * the pictures.  The textbook search (textbook.h) plays BFS (every step
 * costing one, no heuristic, first in first out), Dijkstra (no
 * heuristic), greedy (f = h) and weighted A* (h scaled), and
 * textbook-bidir.c bidirectional Dijkstra; A* and JPS are the library's
 * fast searches, except that with --costs (integer step costs, which
 * the library's fixed-point costs cannot be) the textbook search plays
 * A* too and JPS is left out.  Whether a result is optimal is judged
 * against Dijkstra's cost.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "jps.h"
#include "lab.h"
#include "lab-opt.h"
#include "textbook.h"
#include "textgrid.h"
#include "xmalloc.h"

static const char compare_usage[] =
    "astray-lab compare MAP --from X,Y --to X,Y [--algorithms LIST]\n"
    "       [--movement M] [--diagonal R] [--costs O,D] [--heuristic H]\n"
    "       [--one-based] [--csv] [--html FILE]";

#define CMP_TIMED_RUNS	3	/* timed runs of a search; the least counts */

#define COMPARE_MAX	16

enum cmp_kind { CMP_BFS, CMP_DIJKSTRA, CMP_GREEDY, CMP_ASTAR, CMP_WEIGHTED,
	CMP_JPS, CMP_BIDIRECTIONAL, CMP_KINDS };

/* One algorithm's run. */
struct cmp_run {
	char		 name[32];
	enum cmp_kind	 kind;
	double		 weight;
	bool		 supported;
	path_cost	 cost;
	uint64_t	 expansions;
	double		 us;
	uint8_t		*state;		/* 0 unseen, 1 open, 2 closed, 3 path */
	int		 width;		/* of the map, for the traces */
};

/* What every run shares. */
struct cmp_problem {
	const struct path_grid	*grid;
	struct path_rules	 rules;
	path_cost		 orth, diag;	/* --costs; 0: the library's */
	uint32_t		*tiles;		/* the grid's costs */
	uint32_t		*units;		/* every open tile costs 1 */
	int			 w, h, sx, sy, gx, gy, base;
};

/* Formats a cost: an integer with --costs, else in orthogonal steps. */
static const char *
cmp_cost(const struct cmp_problem *p, path_cost c, char buf[32])
{
	if (p->orth == 0 || c == PATH_COST_NONE)
		return (lab_cost(c, buf));
	snprintf(buf, 32, "%lld", (long long)c);
	return (buf);
}

/* Whether the library's search plays a run (else the textbook's). */
static bool
cmp_library(const struct cmp_problem *p, const struct cmp_run *run)
{
	return ((run->kind == CMP_ASTAR && p->orth == 0) ||
	    run->kind == CMP_JPS);
}

/* Why a run cannot be made, in the words of both the table and the page. */
static const char *
cmp_unsupported(const struct cmp_problem *p)
{
	return (p->orth != 0 ? "needs the library's step costs, not --costs" :
	    "needs an unweighted 8-way grid without corner cutting");
}

/* Parses the --algorithms list; returns the count, or -1. */
static int
cmp_parse(const char *list, struct cmp_run *runs)
{
	static const char *const names[] = { "bfs", "dijkstra", "greedy",
		"astar", "weighted", "jps", "bidirectional" };
	char	buf[256], *p, *save = NULL, *colon;
	int	n = 0, k;

	if (strlen(list) >= sizeof buf)
		return (-1);
	strcpy(buf, list);
	for (p = strtok_r(buf, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if (n == COMPARE_MAX)
			return (-1);
		memset(&runs[n], 0, sizeof runs[n]);
		colon = strchr(p, ':');
		if (colon != NULL)
			*colon = '\0';
		for (k = 0; k < CMP_KINDS && strcmp(p, names[k]) != 0; k++)
			continue;
		if (k == CMP_KINDS || (colon != NULL) != (k == CMP_WEIGHTED))
			return (-1);
		runs[n].kind = (enum cmp_kind)k;
		runs[n].weight = 1;
		if (colon != NULL) {
			char	*end;

			runs[n].weight = strtod(colon + 1, &end);
			if (*end != '\0' || !(runs[n].weight >= 1 &&
			    runs[n].weight <= 100))
				return (-1);
		}
		snprintf(runs[n].name, sizeof runs[n].name, "%s%s%s", p,
		    colon ? ":" : "", colon ? colon + 1 : "");
		n++;
	}
	return (n);
}

/* The trace of the library's searches: marks open and closed cells. */
static void
cmp_trace(void *ctx, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct cmp_run	*run = ctx;

	run->state[y * run->width + x] = ev == PATH_TRACE_EXPAND ? 2 : 1;
}

/* The trace of the textbook search: marks open and closed cells. */
static void
cmp_tb_trace(void *ctx, const struct path_textbook_event *ev)
{
	struct cmp_run	*run = ctx;

	if (ev->kind == PATH_TB_TAKE)
		run->state[ev->y * run->width + ev->x] = 2;
	else if (ev->kind == PATH_TB_ADD || ev->kind == PATH_TB_START)
		run->state[ev->y * run->width + ev->x] = 1;
}

/* The textbook rules that play an algorithm. */
static struct path_textbook_rules
cmp_tb_rules(const struct cmp_problem *p, const struct cmp_run *run)
{
	struct path_textbook_rules	r = path_textbook_rules_default();
	int				i;

	if (p->rules.movement != PATH_MOVE_4) {
		r.norder = 8;
		for (i = 0; i < 8; i++)
			r.order[i] = (enum path_textbook_dir)i;
	}
	r.diagonal = p->rules.diagonal;
	r.diag = p->rules.movement == PATH_MOVE_8_CHEBYSHEV ?
	    PATH_COST_ORTHO : PATH_COST_DIAG;
	if (p->orth != 0) {
		r.orth = p->orth;
		r.diag = p->diag;
	}
	r.heuristic = p->rules.heuristic == PATH_H_OCTILE ? PATH_TB_H_OCTILE :
	    p->rules.heuristic == PATH_H_CHEBYSHEV ? PATH_TB_H_CHEBYSHEV :
	    p->rules.heuristic == PATH_H_EUCLID ? PATH_TB_H_EUCLID :
	    p->rules.heuristic == PATH_H_ZERO ? PATH_TB_H_ZERO :
	    PATH_TB_H_MANHATTAN;
	r.scale = (path_cost)llround((double)r.orth * run->weight);
	r.greedy = run->kind == CMP_GREEDY;
	if (run->kind == CMP_BFS || run->kind == CMP_DIJKSTRA)
		r.heuristic = PATH_TB_H_ZERO;
	if (run->kind == CMP_BFS) {
		r.orth = r.diag = 1;
		r.tie = PATH_TB_TIE_FIFO;
	}
	return (r);
}

/* The cost of a path under the problem's rules. */
static path_cost
cmp_path_cost(const struct cmp_problem *p, const struct path_point *pt,
    size_t n)
{
	path_cost	c = 0;
	size_t		i;
	int		tile;

	for (i = 1; i < n; i++) {
		tile = path_grid_get(p->grid, pt[i].x, pt[i].y);
		if (p->orth != 0)
			c += (pt[i].x != pt[i - 1].x && pt[i].y != pt[i - 1].y ?
			    p->diag : p->orth) * tile;
		else
			c += path_step_cost(p->rules, pt[i].x - pt[i - 1].x,
			    pt[i].y - pt[i - 1].y, tile);
	}
	return (n > 0 ? c : PATH_COST_NONE);
}

/* Runs an algorithm the textbook search plays, twice. */
static void
cmp_run_textbook(const struct cmp_problem *p, struct cmp_run *run,
    struct path_point **path, size_t *npath)
{
	struct path_textbook_rules	 r = cmp_tb_rules(p, run);
	struct path_textbook_map	 m = { p->w, p->h, run->kind == CMP_BFS ?
					     p->units : p->tiles };
	struct path_textbook_result	 res;
	path_cost			 (*search)(const struct path_textbook_map *,
					     const struct path_textbook_rules *, int, int,
					     int, int, path_textbook_fn, void *,
					     struct path_textbook_result *);
	uint64_t			 t0;
	double				 us;
	int				 i;

	search = run->kind == CMP_BIDIRECTIONAL ? path_textbook_bidirectional :
	    path_textbook_search;
	for (i = -1; i < CMP_TIMED_RUNS; i++) {
		t0 = lab_cpu_now();
		search(&m, &r, p->sx, p->sy, p->gx, p->gy, NULL, NULL, &res);
		us = (double)(lab_cpu_now() - t0) / 1000;
		free(res.path);
		if (i == 0 || (i > 0 && us < run->us))
			run->us = us;
	}
	run->supported = true;
	search(&m, &r, p->sx, p->sy, p->gx, p->gy, cmp_tb_trace, run, &res);
	run->expansions = res.stats.expansions;
	run->cost = cmp_path_cost(p, res.path, res.npath);
	*path = res.path;
	*npath = res.npath;
}

/* Runs the library's A* or JPS, twice. */
static void
cmp_run_library(const struct cmp_problem *p, struct cmp_run *run,
    struct path_point **path, size_t *npath)
{
	struct path_astar	*a = NULL;
	struct path_jps		*j = NULL;
	struct path_stats	 st;
	uint64_t		 t0;
	double			 us;
	size_t			 cap = (size_t)p->w * p->h;
	int			 i;

	run->supported = run->kind == CMP_ASTAR || (p->orth == 0 &&
	    path_jps_supports(p->grid, p->rules));
	if (!run->supported)
		return;
	if (run->kind == CMP_ASTAR)
		a = path_astar_new(p->w, p->h);
	else
		j = path_jps_new(p->w, p->h);
	for (i = -1; i < CMP_TIMED_RUNS; i++) {
		t0 = lab_cpu_now();
		run->cost = a ? path_astar_search(a, p->grid, p->rules, p->sx,
		    p->sy, p->gx, p->gy, &st) : path_jps_search(j, p->grid,
		    p->rules, p->sx, p->sy, p->gx, p->gy, &st);
		us = (double)(lab_cpu_now() - t0) / 1000;
		if (i == 0 || (i > 0 && us < run->us))
			run->us = us;
	}
	if (a) {
		path_astar_set_trace(a, cmp_trace, run);
		path_astar_search(a, p->grid, p->rules, p->sx, p->sy, p->gx,
		    p->gy, &st);
	} else {
		path_jps_set_trace(j, cmp_trace, run);
		path_jps_search(j, p->grid, p->rules, p->sx, p->sy, p->gx,
		    p->gy, &st);
	}
	run->expansions = st.expansions;
	*path = xcalloc(cap, sizeof **path);
	*npath = a ? path_astar_path(a, *path, cap) : path_jps_path(j, *path,
	    cap);
	path_astar_free(a);
	path_jps_free(j);
}

/* Runs one algorithm and marks its path. */
static void
cmp_run(const struct cmp_problem *p, struct cmp_run *run)
{
	struct path_point	*path = NULL;
	size_t			 npath = 0, i;

	run->state = xcalloc((size_t)p->w * p->h, 1);
	run->width = p->w;
	run->cost = PATH_COST_NONE;
	if (cmp_library(p, run))
		cmp_run_library(p, run, &path, &npath);
	else
		cmp_run_textbook(p, run, &path, &npath);
	for (i = 0; i < npath; i++)
		run->state[path[i].y * p->w + path[i].x] = 3;
	free(path);
}

/* Prints the table, or CSV. */
static void
cmp_table(const struct cmp_problem *p, const struct cmp_run *runs, int n,
    path_cost best, int csv)
{
	char	c[32];
	int	i;

	printf(csv ? "algorithm,expansions,cost,optimal,microseconds\n" :
	    "%-14s %10s %10s %8s %10s\n", "algorithm", "expansions", "cost",
	    "optimal", "time (us)");
	for (i = 0; i < n; i++) {
		const struct cmp_run	*r = &runs[i];

		if (!r->supported) {
			if (csv)
				printf("%s,,,,\n", r->name);
			else
				printf("%-14s (%s)\n", r->name, cmp_unsupported(p));
			continue;
		}
		printf(csv ? "%s,%llu,%s,%s,%.1f\n" :
		    "%-14s %10llu %10s %8s %10.1f\n", r->name,
		    (unsigned long long)r->expansions, cmp_cost(p, r->cost, c),
		    r->cost == best ? "yes" : "no", r->us);
	}
	if (!csv)
		printf("Times: the least of %d runs of each search, after one "
		    "untimed run.\n", CMP_TIMED_RUNS);
}

/*
 * A cell of a run's picture as a letter: S start, G goal, w wall, then
 * unseen, open, closed or path, in capitals on a weighted tile.
 */
static char
cmp_cell_letter(const struct cmp_problem *p, const struct cmp_run *run, int k)
{
	char	c = "uocp"[run->state[k]];

	if (k == p->sy * p->w + p->sx)
		return ('S');
	if (k == p->gy * p->w + p->gx)
		return ('G');
	if (p->tiles[k] == 0)
		return ('w');
	return (p->tiles[k] > 1 ? (char)(c - 'a' + 'A') : c);
}

static const char cmp_html_script[] =
"<script>\n"
"const rgb = { u: [250, 250, 250], w: [55, 71, 79], o: [165, 214, 167],\n"
"  c: [144, 202, 249], p: [255, 202, 40], U: [255, 224, 178],\n"
"  O: [102, 160, 106], C: [80, 140, 196], P: [214, 150, 0],\n"
"  S: [46, 125, 50], G: [198, 40, 40] };\n"
"for (const cv of document.querySelectorAll('canvas')) {\n"
"  const d = cv.dataset.cells, W = +cv.dataset.w, H = +cv.dataset.h;\n"
"  const S = Math.max(1, Math.floor(400 / Math.max(W, H)));\n"
"  cv.width = W; cv.height = H;\n"
"  cv.style.width = W * S + 'px'; cv.style.height = H * S + 'px';\n"
"  const ctx = cv.getContext('2d'), img = ctx.createImageData(W, H);\n"
"  for (let i = 0; i < W * H; i++) img.data.set([...rgb[d[i]], 255], 4 * i);\n"
"  ctx.putImageData(img, 0, 0);\n"
"}\n"
"</script>\n";

/* Writes the table of the side-by-side page. */
static void
cmp_html_table(FILE *f, const struct cmp_problem *p,
    const struct cmp_run *runs, int n, path_cost best)
{
	char	c[32];
	int	i;

	fprintf(f, "<table><tr><th>algorithm</th><th>expansions</th><th>cost"
	    "</th><th>optimal</th><th>time (us)</th></tr>\n");
	for (i = 0; i < n; i++) {
		if (!runs[i].supported) {
			fprintf(f, "<tr><td>%s</td><td colspan=\"4\" "
			    "class=\"why\">%s</td></tr>\n", runs[i].name,
			    cmp_unsupported(p));
			continue;
		}
		fprintf(f, "<tr><td>%s</td><td>%llu</td><td>%s</td><td>%s</td>"
		    "<td>%.1f</td></tr>\n", runs[i].name,
		    (unsigned long long)runs[i].expansions,
		    cmp_cost(p, runs[i].cost, c),
		    runs[i].cost == best ? "yes" : "no", runs[i].us);
	}
	fprintf(f, "</table>\n");
}

/* Writes the side-by-side page. */
static int
cmp_html(const char *file, const struct cmp_problem *p,
    const struct cmp_run *runs, int n, path_cost best)
{
	static const char	*key[][2] = { { "#fafafa", "unseen" },
		{ "#ffe0b2", "weighted tile (costs more to enter)" },
		{ "#37474f", "wall" }, { "#a5d6a7", "open" },
		{ "#90caf9", "closed" }, { "#ffca28", "path" },
		{ "#2e7d32", "start" }, { "#c62828", "goal" } };
	FILE			*f;
	size_t			 i;
	int			 k;

	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
	    "charset=\"utf-8\">\n<title>astray-lab compare</title>\n<style>"
	    "body{font-family:sans-serif} .run{display:inline-block;"
	    "margin:.5em;vertical-align:top} canvas{image-rendering:pixelated;"
	    "border:1px solid #999} td,th{padding:0 .6em;text-align:right}"
	    " td.why{text-align:left;color:#555} .key span{display:"
	    "inline-block;width:1em;height:1em;vertical-align:middle;border:"
	    "1px solid #999;margin:0 .2em 0 .8em}</style>\n</head>\n<body>\n"
	    "<h1>%d searches from (%d,%d) to (%d,%d)</h1>\n", n,
	    p->sx + p->base, p->sy + p->base, p->gx + p->base,
	    p->gy + p->base);
	lab_explore_link(f, p->w, p->h, p->tiles, p->sy * p->w + p->sx,
	    p->gy * p->w + p->gx);
	fprintf(f, "<p class=\"key\">");
	for (i = 0; i < sizeof key / sizeof key[0]; i++)
		fprintf(f, "<span style=\"background:%s\"></span>%s", key[i][0],
		    key[i][1]);
	fprintf(f, "; on weighted tiles, open, closed and path are darker."
	    "</p>\n");
	cmp_html_table(f, p, runs, n, best);
	for (i = 0; i < (size_t)n; i++) {
		fprintf(f, "<div class=\"run\"><h2>%s</h2>", runs[i].name);
		if (!runs[i].supported)
			fprintf(f, "<p>%s</p>", cmp_unsupported(p));
		fprintf(f, "<canvas data-w=\"%d\" data-h=\"%d\" data-cells=\"",
		    p->w, p->h);
		for (k = 0; k < p->w * p->h; k++)
			fputc(cmp_cell_letter(p, &runs[i], k), f);
		fprintf(f, "\"></canvas></div>\n");
	}
	fputs(cmp_html_script, f);
	fprintf(f, "</body>\n</html>\n");
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	return (0);
}

/* Prints compare --help. */
static void
cmp_help(void)
{
	printf("usage: %s\n\n"
"Searches one problem with several algorithms and shows, side by side,\n"
"how many cells each expanded, the cost it found, whether that is the\n"
"cheapest (Dijkstra's cost) and its CPU time.\n\n"
"  --algorithms LIST  out of bfs, dijkstra, greedy, astar, weighted:W (A*\n"
"                     with h times W, 1 <= W <= 100), jps, bidirectional\n"
"                     (Dijkstra from both ends) (default all, weighted:1.5)\n"
"  --movement M       %s (default 4)\n"
"  --diagonal R       %s (default no-corner-cut)\n"
"  --costs O,D        integer costs of an orthogonal and a diagonal step,\n"
"                     e.g. 10,14, times the tile's cost (default: 1 and\n"
"                     1.414, shown with decimals); A* is then the textbook\n"
"                     search, and JPS, which needs the library's costs,\n"
"                     is left out\n"
"  --heuristic H      of greedy, A* and weighted A*, out of\n"
"                     %s\n"
"                     (default: the movement's own)\n"
"  --one-based        number rows and columns from 1\n"
"  --csv              algorithm,expansions,cost,optimal,microseconds\n"
"  --html FILE        the table and every search's cells side by side\n\n"
"Each search runs once untimed, so that none pays the program's one-off\n"
"costs; its time is the least of %d runs after that.\n",
	    compare_usage, path_movement_names, path_diagonal_names,
	    path_heuristic_names, CMP_TIMED_RUNS);
}

/* What the command line asks for. */
struct cmp_cmd {
	struct cmp_problem	 p;
	const char		*alg;
	const char		*html;
	int			 csv;
};

#define CMP_AT(field)	offsetof(struct cmp_cmd, field)

/* --costs O,D. */
static int
cmp_opt_costs(void *target, const char *arg)
{
	struct cmp_cmd	*c = target;
	int		 o, d;

	if (lab_parse_point(arg, &o, &d) != 0 || o < 1 || d < 1 ||
	    o > PATH_TEXTBOOK_MAX_STEP || d > PATH_TEXTBOOK_MAX_STEP)
		return (-1);
	c->p.orth = o;
	c->p.diag = d;
	return (0);
}

/* --heuristic H. */
static int
cmp_opt_heuristic(void *target, const char *arg)
{
	struct cmp_cmd	*c = target;

	return (path_heuristic_parse(arg, &c->p.rules.heuristic) != 0 ? -1 :
	    0);
}

/* compare's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt cmp_opts[] = {
	{ .name = "from", .letter = 'f', .kind = LAB_OPT_POINT,
	  .at = CMP_AT(p.sx), .at_y = CMP_AT(p.sy),
	  .bad = "--from wants X,Y, not \"%s\"" },
	{ .name = "to", .letter = 't', .kind = LAB_OPT_POINT,
	  .at = CMP_AT(p.gx), .at_y = CMP_AT(p.gy),
	  .bad = "--to wants X,Y, not \"%s\"" },
	{ .name = "algorithms", .letter = 'a', .kind = LAB_OPT_STRING,
	  .at = CMP_AT(alg) },
	{ .name = "movement", .letter = 'm', .kind = LAB_OPT_MOVEMENT,
	  .at = CMP_AT(p.rules.movement),
	  .bad = "unknown movement \"%s\"" },
	{ .name = "diagonal", .letter = 'd', .kind = LAB_OPT_DIAGONAL,
	  .at = CMP_AT(p.rules.diagonal),
	  .bad = "unknown diagonal rule \"%s\"" },
	{ .name = "costs", .letter = 'c', .kind = LAB_OPT_CALL,
	  .call = cmp_opt_costs,
	  .bad = "--costs wants two integer step costs ORTH,DIAG from 1 to "
	  "100000, not \"%s\"" },
	{ .name = "heuristic", .letter = 'H', .kind = LAB_OPT_CALL,
	  .call = cmp_opt_heuristic,
	  .bad = "--heuristic wants one of default, zero, manhattan, octile, "
	  "chebyshev, euclid, not \"%s\"" },
	{ .name = "one-based", .letter = '1', .kind = LAB_OPT_SET,
	  .at = CMP_AT(p.base) },
	{ .name = "csv", .letter = 'x', .kind = LAB_OPT_SET,
	  .at = CMP_AT(csv) },
	{ .name = "html", .letter = 'W', .kind = LAB_OPT_STRING,
	  .at = CMP_AT(html) },
	{ .name = NULL }
};

static const struct lab_cmd cmp_entry = {
	.usage = compare_usage,
	.help = cmp_help,
	.opts = cmp_opts,
	.args_min = 1,
	.args_max = 1,
	.args_bad = "expected one map file"
};

/* Checks that a point is inside the map and open. */
static int
cmp_point(const struct cmp_problem *p, const char *map, const char *what,
    int x, int y)
{
	if (!path_grid_contains(p->grid, x, y) ||
	    path_grid_get(p->grid, x, y) == 0) {
		lab_error("%s (%d,%d) is outside %s or a wall", what, x + p->base,
		    y + p->base, map);
		return (-1);
	}
	return (0);
}

/* astray-lab compare: see the file comment. */
int
lab_compare(int argc, char **argv)
{
	struct cmp_cmd		 cmd = {
		.p = { .rules = { .movement = PATH_MOVE_4,
		    .diagonal = PATH_DIAG_NO_CORNER_CUT } },
		.alg = "bfs,dijkstra,greedy,astar,weighted:1.5,jps,"
		    "bidirectional"
	};
	struct cmp_problem	*p = &cmd.p;
	struct lab_args		 args;
	struct cmp_run		 runs[COMPARE_MAX], best_run;
	struct path_grid	*grid;
	const char		*map;
	char			*cause;
	path_cost		 best;
	int			 n, i, status;

	if ((status = lab_opt_parse(&cmp_entry, argc, argv, &cmd,
	    &args)) >= 0)
		return (status);
	if (!lab_opt_given(&args, 'f') || !lab_opt_given(&args, 't'))
		return (lab_usage(compare_usage, "--from and --to are needed"));
	if ((n = cmp_parse(cmd.alg, runs)) <= 0)
		return (lab_usage(compare_usage, "--algorithms wants names out "
		    "of bfs, dijkstra, greedy, astar, weighted:W, jps, "
		    "bidirectional, not \"%s\"", cmd.alg));
	map = args.argv[0];
	if ((grid = path_map_read(map, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	p->grid = grid;
	p->rules = path_rules_normalize(p->rules);
	p->w = path_grid_width(grid);
	p->h = path_grid_height(grid);
	p->sx -= p->base;
	p->sy -= p->base;
	p->gx -= p->base;
	p->gy -= p->base;
	if (cmp_point(p, map, "--from", p->sx, p->sy) != 0 ||
	    cmp_point(p, map, "--to", p->gx, p->gy) != 0) {
		path_grid_free(grid);
		return (LAB_EXIT_BAD_INPUT);
	}
	p->tiles = xcalloc((size_t)p->w * p->h, sizeof *p->tiles);
	p->units = xcalloc((size_t)p->w * p->h, sizeof *p->units);
	for (i = 0; i < p->w * p->h; i++) {
		p->tiles[i] = path_grid_get(grid, i % p->w, i / p->w);
		p->units[i] = p->tiles[i] != 0;
	}
	best_run = (struct cmp_run){ .kind = CMP_DIJKSTRA, .weight = 1 };
	cmp_run(p, &best_run);
	best = best_run.cost;
	free(best_run.state);
	for (i = 0; i < n; i++)
		cmp_run(p, &runs[i]);
	cmp_table(p, runs, n, best, cmd.csv);
	status = 0;
	if (cmd.html != NULL && cmp_html(cmd.html, p, runs, n, best) != 0)
		status = LAB_EXIT_BAD_INPUT;
	for (i = 0; i < n; i++)
		free(runs[i].state);
	free(p->tiles);
	free(p->units);
	path_grid_free(grid);
	return (status);
}
