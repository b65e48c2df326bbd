/*
 * lab-explain.c: astray-lab explain, A* step by step as tutorials teach it.
 *
 * The walkthrough runs the lab's textbook search (textbook.h) under
 * the conventions the command line chose (lab-explain-opts.c) and hands
 * every step, as the log assembles it (lab-explain-log.c), to the
 * writers asked for: the narration or CSV rows on standard output, one
 * SVG per step, the HTML page.  This file ties them together and prints
 * what comes before and after the steps: the conventions, the map, the
 * path, the counts.  Coordinates are 0-based unless --one-based; costs
 * are integers with --costs, else in orthogonal steps (1.414 for a
 * diagonal).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain-opts.h"
#include "lab.h"
#include "xmalloc.h"

#define EXPLAIN_LIST_MAX	16	/* entries of a list narrated per step */
#define EXPLAIN_MAP_MAX		120	/* widest map drawn as text */

/* The writers one walkthrough feeds. */
struct explain_run {
	const struct explain_opts	*opts;
	struct explain_text		 text;
	struct explain_html		*html;
	int				 svg_failed;
};

/* Hands a finished step to every writer asked for. */
static void
explain_dispatch(void *ctx, struct explain_log *l, const struct explain_step *s)
{
	struct explain_run	*run = ctx;
	char			 file[4096];

	if (run->opts->csv)
		explain_csv_step(&run->text, l, s);
	else
		explain_text_step(&run->text, l, s);
	if (run->html != NULL)
		explain_html_step(run->html, l, s);
	if (run->opts->svg_steps != NULL && s->step <= run->opts->steps &&
	    !run->svg_failed) {
		snprintf(file, sizeof file, "%s/step-%04ld.svg",
		    run->opts->svg_steps, s->step);
		if (explain_svg_write(file, l, NULL, 0, s) != 0)
			run->svg_failed = 1;
	}
}

/* Checks that a point is inside the map and open. */
static int
explain_point(const struct explain_opts *o, const struct path_tilemap *m,
    const char *what, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->width || y >= m->height) {
		lab_error("%s (%d,%d) is outside %s, which is %dx%d (coordinates "
		    "are %d-based)", what, x + o->base, y + o->base, o->map,
		    m->width, m->height, o->base);
		return (-1);
	}
	if (m->cost[y * m->width + x] == 0) {
		lab_error("%s (%d,%d) is a wall of %s", what, x + o->base,
		    y + o->base, o->map);
		return (-1);
	}
	return (0);
}

/*
 * Whether the heuristic can overestimate: a step whose cost is less
 * than the drop in h it brings, tried from a window of places around the
 * goal (enough for heuristics that grow with distance).
 */
static bool
explain_inconsistent(const struct path_textbook_rules *r)
{
	int	x, y, i, dx, dy;

	for (y = -6; y <= 6; y++) {
		for (x = -6; x <= 6; x++) {
			for (i = 0; i < r->norder; i++) {
				path_textbook_dir_step(r->order[i], &dx, &dy);
				if (path_textbook_heuristic(r, x, y, 0, 0) -
				    path_textbook_heuristic(r, x + dx, y + dy,
				    0, 0) > (dx && dy ? r->diag : r->orth))
					return (true);
			}
		}
	}
	return (false);
}

/* What a tie rule does, in words. */
static const char *
explain_tie_words(enum path_textbook_tie t)
{
	switch (t) {
	case PATH_TB_TIE_LARGER_G:
		return ("the larger g, then the cell inserted first");
	case PATH_TB_TIE_FIFO:
		return ("the cell inserted first");
	case PATH_TB_TIE_LIFO:
		return ("the cell inserted last");
	case PATH_TB_TIE_SMALLER_H:
		return ("the smaller h, then the cell inserted first");
	case PATH_TB_TIE_XY:
		return ("the smaller x, then\nthe smaller y, as a heap of "
		    "(f, (x, y)) tuples orders them");
	case PATH_TB_TIE_YX:
		return ("the smaller y, then\nthe smaller x, as a heap of "
		    "(f, (row, column)) tuples orders them");
	}
	return ("?");
}

/* Prints the conventions the walkthrough follows. */
static void
explain_header(const struct explain_opts *o, const struct path_tilemap *m,
    const struct explain_log *l)
{
	const struct path_textbook_rules	*r = &o->rules;
	char					 a[32], b[32];
	int					 i, diagonals;

	printf("A* on %s (%dx%d) from %s", o->map, m->width, m->height,
	    explain_xy(l, l->start, a));
	printf(" to %s;\ncoordinates are %d-based, x the column and y the "
	    "row.\n", explain_xy(l, l->goal, a), o->base);
	printf("Neighbours are tried in the order");
	for (i = 0; i < r->norder; i++)
		printf("%s%s", i ? "," : " ", path_textbook_dir_name(r->order[i]));
	if (r->parity != PATH_TB_PARITY_NONE)
		printf(",\nreversed on cells whose x+y is %s",
		    path_textbook_parity_name(r->parity));
	for (i = 0, diagonals = 0; i < r->norder; i++)
		diagonals += r->order[i] % 2 == 1;
	printf(".\nA step costs %s", explain_cost(l, r->orth, a));
	if (diagonals)
		printf(", a diagonal one %s (diagonal rule %s)",
		    explain_cost(l, r->diag, b), path_diagonal_name(r->diagonal));
	printf(", times the cost of the tile it enters.\n");
	printf("g is the cost so far, h = %s x %s distance to the goal, "
	    "f = g + h.\n", explain_cost(l, r->scale, a),
	    path_textbook_h_name(r->heuristic));
	printf("The open list gives up the lowest f first; among equal f, %s.\n",
	    explain_tie_words(r->tie));
	if (r->duplicates == PATH_TB_DUP_KEEP)
		printf("There is no closed list: a cell whose g falls is pushed "
		    "again and its old\nentry stays behind (stale); every entry "
		    "taken is expanded, stale or not.\n");
	printf("It is printed %s.\nThe search stops when the goal is %s.%s\n",
	    o->list_order == EXPLAIN_LIST_PRIORITY ? "in the order cells will "
	    "leave it" : "in insertion order (the order cells went on it)",
	    r->goal_test == PATH_TB_GOAL_EXPAND ? "taken from the open list" :
	    "put on the open list", r->close_start ? "" : "\nThe start is "
	    "never listed as closed.");
	if (explain_inconsistent(r))
		printf("Warning: this heuristic can overestimate under these "
		    "rules, so the path\nfound may not be the cheapest.\n");
	printf("\n");
}

/* Prints a row of column numbers, in two lines when they need two digits. */
static void
explain_columns(int w, int base)
{
	int	x;

	if (w - 1 + base >= 10) {
		printf("     ");
		for (x = 0; x < w; x++)
			printf(" %c", x + base >= 10 ?
			    '0' + ((x + base) / 10) % 10 : ' ');
		printf("\n");
	}
	printf("     ");
	for (x = 0; x < w; x++)
		printf(" %d", (x + base) % 10);
	printf("\n");
}

/*
 * Draws the map as text: walls '#', other tiles as typed, start 'S',
 * goal 'G'; with the log's marks when onpath is not NULL.
 */
static void
explain_draw(const struct explain_log *l, const char *onpath)
{
	const struct path_tilemap	*m = l->map;
	int				 x, y, k;
	char				 ch;

	if (m->width > EXPLAIN_MAP_MAX) {
		printf("(the map is %d cells wide: too wide to draw here; "
		    "try --svg or --html)\n\n", m->width);
		return;
	}
	explain_columns(m->width, l->base);
	for (y = 0; y < m->height; y++) {
		printf("%4d ", y + l->base);
		for (x = 0; x < m->width; x++) {
			k = y * m->width + x;
			ch = m->cost[k] == 0 ? '#' : m->glyph[k];
			if (onpath != NULL && m->cost[k] != 0)
				ch = onpath[k] ? '*' : l->cells[k].state ==
				    EXPLAIN_CLOSED ? 'x' : l->cells[k].state ==
				    EXPLAIN_OPEN ? 'o' : ch;
			if (k == l->start)
				ch = 'S';
			else if (k == l->goal)
				ch = 'G';
			printf(" %c", ch);
		}
		printf("\n");
	}
	printf("\n");
}

/* Prints the path found and the search's counts. */
static void
explain_footer(const struct explain_log *l,
    const struct path_textbook_result *res)
{
	char	*onpath;
	char	 xy[32], cb[32];
	size_t	 i;

	if (res->cost == PATH_COST_NONE) {
		printf("The open list is empty and the goal was never reached: "
		    "there is no path.\n");
	} else {
		printf("Path: %zu move%s, cost %s\n ", res->npath - 1,
		    res->npath == 2 ? "" : "s", explain_cost(l, res->cost, cb));
		for (i = 0; i < res->npath; i++)
			printf(" %s", explain_xy(l, res->path[i].y *
			    l->map->width + res->path[i].x, xy));
		printf("\n");
	}
	printf("Expansions %llu, pushes %llu, cells touched %llu.\n\n",
	    (unsigned long long)res->stats.expansions,
	    (unsigned long long)res->stats.pushes,
	    (unsigned long long)res->stats.touched);
	if (l->map->width > EXPLAIN_MAP_MAX)
		return;
	onpath = xcalloc((size_t)l->map->width * l->map->height, 1);
	for (i = 0; i < res->npath; i++)
		onpath[res->path[i].y * l->map->width + res->path[i].x] = 1;
	printf("* path, x %s, o open, # wall\n", l->rules.duplicates ==
	    PATH_TB_DUP_KEEP ? "expanded" : "closed");
	explain_draw(l, onpath);
	free(onpath);
}

/* Runs the walkthrough once the options and the map are good. */
static int
explain_run(const struct explain_opts *o, const struct path_tilemap *m)
{
	struct explain_log		 l;
	struct explain_run		 run = { .opts = o };
	struct path_textbook_map	 tm = { m->width, m->height, m->cost };
	struct path_textbook_result	 res;
	int				 status = 0;

	memset(&l, 0, sizeof l);
	explain_log_init(&l, m, &o->rules, o->sy * m->width + o->sx,
	    o->gy * m->width + o->gx);
	l.base = o->base;
	l.unit = o->unit;
	l.list_order = o->list_order;
	l.on_step = explain_dispatch;
	l.ctx = &run;
	run.text = (struct explain_text){ .out = stdout,
	    .max_steps = o->steps, .list_max = o->csv ? 0 : EXPLAIN_LIST_MAX };
	if (o->html != NULL)
		run.html = explain_html_new(o->steps);
	if (o->csv) {
		explain_csv_header(stdout);
	} else {
		explain_header(o, m, &l);
		explain_draw(&l, NULL);
	}
	path_textbook_search(&tm, &o->rules, o->sx, o->sy, o->gx, o->gy,
	    explain_log_event, &l, &res);
	explain_log_finish(&l);
	if (!o->csv) {
		if (res.stats.expansions > (uint64_t)o->steps)
			printf("... %llu more steps not shown (see --steps)\n\n",
			    (unsigned long long)res.stats.expansions -
			    (unsigned long long)o->steps);
		explain_footer(&l, &res);
	}
	if (run.svg_failed || (o->svg != NULL && explain_svg_write(o->svg, &l,
	    res.path, res.npath, NULL) != 0))
		status = LAB_EXIT_BAD_INPUT;
	if (run.html != NULL && explain_html_write(run.html, o->html, o->map,
	    &l, res.path, res.npath, res.stats.expansions >
	    (uint64_t)o->steps) != 0)
		status = LAB_EXIT_BAD_INPUT;
	explain_html_free(run.html);
	free(res.path);
	explain_log_free(&l);
	return (status);
}

/* astray-lab explain: see the file comment. */
int
lab_explain(int argc, char **argv)
{
	struct explain_opts	 o;
	struct path_tilemap	*m;
	char			*cause;
	int			 r;

	if ((r = explain_opts_parse(argc, argv, &o)) >= 0)
		return (r);
	if ((m = path_tilemap_read(o.map, o.legend, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	r = LAB_EXIT_BAD_INPUT;
	if (explain_point(&o, m, "--from", o.sx, o.sy) == 0 &&
	    explain_point(&o, m, "--to", o.gx, o.gy) == 0) {
		if (o.planner != NULL || o.nevents > 0)
			r = explain_incremental(&o, m);
		else
			r = explain_run(&o, m);
	}
	path_tilemap_free(m);
	return (r);
}
