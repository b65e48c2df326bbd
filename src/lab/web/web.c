/*
 * web.c: the lab's searches for the interactive page (docs/explore.html).
 *
 * The page (explore.html.in) lets a student draw a map and step through
 * a search on it; the searches it runs are these, compiled to
 * WebAssembly (clang --target=wasm32-wasi), never a second copy written
 * in JavaScript.  They are the very code astray-lab runs:
 *
 * - A*, Dijkstra, greedy best-first and BFS are the textbook search
 *   (textbook.h) as `astray-lab explain` and `compare` run it, its events
 *   recorded by explain's own log (lab-explain-log.c: the open list in
 *   the order cells leave it, the closed list in closing order, what
 *   each step added, improved and rejected and why);
 * - jump point search is the library's (jps.h) with its trace, as
 *   compare runs it;
 * - LPA*, D* Lite and Moving Target D* Lite are the lab's teaching
 *   versions (textbook-dlite.h), as `explain --planner` runs them, with
 *   the events (a tile closed, opened or given a cost, the target or
 *   the hunter moved) applied in turn.
 *
 * The page asks for the state at the end of one step: a run goes from
 * the start up to that step, keeps a copy of what the page draws (every
 * cell's state, g, h or rhs, key and parent, the lists, the step's
 * items) and runs on to the end, to learn how many steps there are and
 * the path.  Stepping back is running again to an earlier step: the
 * maps a page holds are small.  The page reads the copy through the
 * web_* functions, one value a call.
 */
#include <stdlib.h>
#include <string.h>

#include "../lab-explain.h"
#include "jps.h"
#include "grid.h"
#include "xmalloc.h"

#define WEB_EXPORT(name)	__attribute__((export_name(#name)))
#define WEB_MAX_SIDE		64	/* widest and tallest map */
#define WEB_MAX_EVENTS		256	/* incremental events a run applies */

/* The searches the page offers. */
enum web_alg { WEB_ASTAR, WEB_DIJKSTRA, WEB_GREEDY, WEB_BFS, WEB_JPS,
	WEB_LPA, WEB_DSTAR, WEB_MTDSTAR };

/* What a step did to a cell: the kinds of the page's items. */
enum web_item_kind { WEB_ADDED, WEB_IMPROVED, WEB_REJECTED,
	WEB_INCONSISTENT, WEB_TAKEN_OVER, WEB_TAKEN_UNDER, WEB_DELETED,
	WEB_RESTARTED };

/* A line of a step's account. */
struct web_item {
	int		kind;
	int		cell;
	int		reason;		/* rejected: enum path_textbook_reason */
	path_cost	a, b, c;	/* g, h, old g; or g, rhs, old rhs */
	path_cost	k1, k2;		/* taken: its key */
};

/* The copy of one step's state the page reads. */
struct web_snapshot {
	long		 step;		/* the step it is the end of */
	int		 taken;		/* the cell taken, or -1 */
	uint8_t		*state;		/* 0 unseen, 1 open, 2 closed */
	path_cost	*g, *h, *rhs, *k1, *k2;
	int		*parent;
	int		*open, *closed;
	int		 nopen, nclosed;
	size_t		 capopen;	/* duplicates kept: more than cells */
	struct web_item	*items;
	int		 nitems, capitems;
	path_cost	 km;
	bool		 goal, exhausted;
};

/* The map, the conventions and the last run's results. */
static struct {
	int				 w, h;
	uint32_t			*cost;		/* 0 blocked */
	uint32_t			*units;		/* every open tile 1 */
	struct path_textbook_rules	 rules;
	enum path_movement		 movement;
	int				 events[WEB_MAX_EVENTS * 4];
	struct web_snapshot		 snap;
	long				 want;		/* the step asked for */
	int				 want_event;
	long				 steps;		/* in the run (event) */
	int				*path;
	int				 npath;
	path_cost			 path_cost;
	path_cost			 unit;		/* shown as 1 */
	int				 event;		/* being run */
	bool				 captured;
} web;

/* Sets the map's size, every cell open and costing 1; returns 0 or -1. */
WEB_EXPORT(web_grid) int web_grid(int w, int h);
int
web_grid(int w, int h)
{
	size_t	n = (size_t)w * (size_t)h, i;

	if (w < 1 || h < 1 || w > WEB_MAX_SIDE || h > WEB_MAX_SIDE)
		return (-1);
	free(web.cost);
	free(web.units);
	free(web.snap.state);
	free(web.snap.g);
	free(web.snap.h);
	free(web.snap.rhs);
	free(web.snap.k1);
	free(web.snap.k2);
	free(web.snap.parent);
	free(web.snap.open);
	free(web.snap.closed);
	free(web.path);
	web.w = w;
	web.h = h;
	web.cost = xcalloc(n, sizeof *web.cost);
	web.units = xcalloc(n, sizeof *web.units);
	for (i = 0; i < n; i++)
		web.cost[i] = 1;
	web.snap.state = xcalloc(n, 1);
	web.snap.g = xcalloc(n, sizeof *web.snap.g);
	web.snap.h = xcalloc(n, sizeof *web.snap.h);
	web.snap.rhs = xcalloc(n, sizeof *web.snap.rhs);
	web.snap.k1 = xcalloc(n, sizeof *web.snap.k1);
	web.snap.k2 = xcalloc(n, sizeof *web.snap.k2);
	web.snap.parent = xcalloc(n, sizeof *web.snap.parent);
	web.snap.open = xcalloc(n, sizeof *web.snap.open);
	web.snap.capopen = n;
	web.snap.closed = xcalloc(n, sizeof *web.snap.closed);
	web.path = xcalloc(n, sizeof *web.path);
	web.npath = 0;
	return (0);
}

/* Sets a tile's cost, 0 a wall, up to 9; returns 0 or -1. */
WEB_EXPORT(web_set) int web_set(int x, int y, int cost);
int
web_set(int x, int y, int cost)
{
	if (web.cost == NULL || x < 0 || y < 0 || x >= web.w || y >= web.h ||
	    cost < 0 || cost > 9)
		return (-1);
	web.cost[y * web.w + x] = (uint32_t)cost;
	return (0);
}

/*
 * Sets the conventions, numbered as the enums of textbook.h and
 * rules.h number them: the movement (PATH_MOVE_*: its neighbours,
 * costs and heuristic, as explain's --movement sets them), the diagonal
 * rule, the heuristic (-1: the movement's), the tie rule, the parity,
 * the duplicates and the goal test.  Returns 0, or -1 for a number out
 * of range.
 */
WEB_EXPORT(web_rules) int web_rules(int movement, int diagonal,
    int heuristic, int tie, int parity, int dups, int goal_test);
int
web_rules(int movement, int diagonal, int heuristic, int tie, int parity,
    int dups, int goal_test)
{
	static const enum path_textbook_dir	eight[8] = { PATH_TB_N,
		PATH_TB_E, PATH_TB_S, PATH_TB_W, PATH_TB_NE, PATH_TB_SE,
		PATH_TB_SW, PATH_TB_NW };
	struct path_textbook_rules		r = path_textbook_rules_default();

	if (movement < 0 || movement > PATH_MOVE_8_EUCLID || diagonal < 0 ||
	    diagonal > PATH_DIAG_ALWAYS || heuristic < -1 ||
	    heuristic > PATH_TB_H_EUCLID_FLOOR || tie < 0 ||
	    tie > PATH_TB_TIE_YX || parity < 0 || parity > PATH_TB_PARITY_ODD ||
	    dups < 0 || dups > PATH_TB_DUP_KEEP || goal_test < 0 ||
	    goal_test > PATH_TB_GOAL_GENERATE)
		return (-1);
	if (movement != PATH_MOVE_4) {
		memcpy(r.order, eight, sizeof eight);
		r.norder = 8;
		r.heuristic = movement == PATH_MOVE_8_OCTILE ? PATH_TB_H_OCTILE :
		    movement == PATH_MOVE_8_EUCLID ? PATH_TB_H_EUCLID :
		    PATH_TB_H_CHEBYSHEV;
		if (movement == PATH_MOVE_8_CHEBYSHEV)
			r.diag = r.orth;
	}
	if (heuristic >= 0)
		r.heuristic = (enum path_textbook_h)heuristic;
	r.diagonal = (enum path_diagonal)diagonal;
	r.tie = (enum path_textbook_tie)tie;
	r.parity = (enum path_textbook_parity)parity;
	r.duplicates = (enum path_textbook_dups)dups;
	r.goal_test = (enum path_textbook_goal_test)goal_test;
	web.rules = r;
	web.movement = (enum path_movement)movement;
	return (0);
}

/* Adds a line to the snapshot's account of its step. */
static void
web_item_add(struct web_item it)
{
	struct web_snapshot	*s = &web.snap;

	if (s->nitems == s->capitems) {
		s->capitems = s->capitems ? 2 * s->capitems : 16;
		s->items = xreallocarray(s->items, (size_t)s->capitems,
		    sizeof *s->items);
	}
	s->items[s->nitems++] = it;
}

/* Empties the snapshot: every cell unseen, no lists, no items. */
static void
web_snap_clear(long step)
{
	struct web_snapshot	*s = &web.snap;
	size_t			 n = (size_t)web.w * (size_t)web.h, i;

	s->step = step;
	s->taken = -1;
	s->nopen = s->nclosed = 0;
	s->goal = s->exhausted = false;
	s->km = 0;
	memset(s->state, 0, n);
	for (i = 0; i < n; i++) {
		s->g[i] = s->h[i] = s->rhs[i] = PATH_COST_NONE;
		s->k1[i] = s->k2[i] = PATH_COST_NONE;
		s->parent[i] = -1;
	}
}

/* Copies a step of explain's log (the textbook search's runs). */
static void
web_snap_log(struct explain_log *l, const struct explain_step *st)
{
	const struct explain_entry	*list;
	const struct explain_items	*sets[3] = { &st->added, &st->improved,
					     &st->rejected };
	size_t				 n = (size_t)web.w * (size_t)web.h, i, k;
	struct web_snapshot		*s = &web.snap;

	web_snap_clear(st->step);
	s->nitems = 0;
	s->taken = st->step > 0 ? st->cell : -1;
	for (i = 0; i < n; i++) {
		s->state[i] = (uint8_t)l->cells[i].state;
		if (l->cells[i].state != EXPLAIN_UNSEEN) {
			s->g[i] = l->cells[i].g;
			s->h[i] = l->cells[i].h;
			s->parent[i] = l->cells[i].parent;
		}
	}
	s->nopen = (int)explain_open_list(l, &list);
	if ((size_t)s->nopen > s->capopen) {
		s->capopen = (size_t)s->nopen;
		s->open = xreallocarray(s->open, s->capopen, sizeof *s->open);
	}
	for (i = 0; i < (size_t)s->nopen; i++)
		s->open[i] = list[i].cell;
	s->nclosed = (int)l->nclosed;
	memcpy(s->closed, l->closed, l->nclosed * sizeof *l->closed);
	/* The items in the order the search looked at them. */
	for (k = 0; k < 3; k++) {
		for (i = 0; i < sets[k]->n; i++) {
			const struct explain_item	*it = &sets[k]->v[i];

			web_item_add((struct web_item){ .kind = (int)k,
			    .cell = it->cell, .reason = (int)it->reason,
			    .a = it->g, .b = it->h, .c = it->old_g,
			    .k1 = it->nth });
		}
	}
	s->goal = st->goal;
	s->exhausted = st->exhausted;
}

/* explain's log hands over a finished step: keep it if it is the one. */
static void
web_on_step(void *ctx, struct explain_log *l, const struct explain_step *st)
{
	web.steps = st->step;
	if (st->step <= web.want)
		web_snap_log(l, st);
}

/* Keeps the path a run found, as cell numbers. */
static void
web_keep_path(const struct path_point *p, size_t n, path_cost cost)
{
	size_t	i;

	web.npath = (int)n;
	for (i = 0; i < n; i++)
		web.path[i] = p[i].y * web.w + p[i].x;
	web.path_cost = n > 0 ? cost : PATH_COST_NONE;
}

/* A* and its relatives: the textbook search, as explain runs it. */
static long
web_run_textbook(enum web_alg alg, int start, int goal)
{
	struct path_textbook_rules	 r = web.rules;
	struct path_tilemap		 tm = { web.w, web.h, alg == WEB_BFS ?
					     web.units : web.cost, NULL };
	struct path_textbook_map	 m = { web.w, web.h, tm.cost };
	struct path_textbook_result	 res;
	struct explain_log		 l;

	if (alg == WEB_DIJKSTRA || alg == WEB_BFS)
		r.heuristic = PATH_TB_H_ZERO;
	if (alg == WEB_BFS) {
		/* compare's BFS: every step costs one, first in first out. */
		r.orth = r.diag = 1;
		r.tie = PATH_TB_TIE_FIFO;
	}
	r.greedy = alg == WEB_GREEDY;
	memset(&l, 0, sizeof l);
	explain_log_init(&l, &tm, &r, start, goal);
	l.unit = web.unit;
	l.list_order = EXPLAIN_LIST_PRIORITY;
	l.on_step = web_on_step;
	path_textbook_search(&m, &r, start % web.w, start / web.w, goal % web.w,
	    goal / web.w, explain_log_event, &l, &res);
	explain_log_finish(&l);
	web_keep_path(res.path, res.npath, res.cost);
	free(res.path);
	explain_log_free(&l);
	return (web.steps);
}

/* The mirror of a JPS run: jump points opened and closed. */
struct web_jps {
	uint8_t		*state;
	path_cost	*g, *h;
	int		*parent;
	int		*closed, nclosed;
	int		*opened, nopened;	/* in the order opened */
	long		 step;
};

/*
 * Copies the mirror of a JPS run into the snapshot, the items the step
 * gathered kept: the state at the end of step j->step, which took the
 * step-th jump point (none for step 0, the start put on).
 */
static void
web_snap_jps(const struct web_jps *j)
{
	struct web_snapshot	*s = &web.snap;
	size_t			 n = (size_t)web.w * (size_t)web.h;
	int			 i, items = s->nitems;

	web_snap_clear(j->step);
	s->nitems = items;
	s->taken = j->step > 0 ? j->closed[j->nclosed - 1] : -1;
	memcpy(s->state, j->state, n);
	memcpy(s->g, j->g, n * sizeof *s->g);
	memcpy(s->h, j->h, n * sizeof *s->h);
	memcpy(s->parent, j->parent, n * sizeof *s->parent);
	memcpy(s->closed, j->closed, (size_t)j->nclosed * sizeof *s->closed);
	s->nclosed = j->nclosed;
	for (i = 0; i < j->nopened; i++)
		if (j->state[j->opened[i]] == 1)
			s->open[s->nopen++] = j->opened[i];
}

/*
 * The library's JPS trace: each jump point expanded ends a step and
 * begins the next, whose items are the jump points it opens or improves.
 */
static void
web_jps_trace(void *ctx, enum path_trace_event ev, int x, int y,
    path_cost g, path_cost h, int px, int py)
{
	struct web_jps	*j = ctx;
	int		 cell = y * web.w + x;

	if (ev == PATH_TRACE_EXPAND) {
		if (j->step <= web.want)
			web_snap_jps(j);
		if (++j->step <= web.want)
			web.snap.nitems = 0;
		j->state[cell] = 2;
		j->closed[j->nclosed++] = cell;
		return;
	}
	if (j->step <= web.want)
		web_item_add((struct web_item){ .kind = ev == PATH_TRACE_OPEN ?
		    WEB_ADDED : WEB_IMPROVED, .cell = cell, .a = g, .b = h,
		    .c = j->g[cell] });
	if (ev == PATH_TRACE_OPEN)
		j->opened[j->nopened++] = cell;
	j->state[cell] = 1;
	j->g[cell] = g;
	j->h[cell] = h;
	j->parent[cell] = py * web.w + px;
}

/* JPS: the library's search; -2 when it cannot run on this map. */
static long
web_run_jps(int start, int goal)
{
	size_t			 n = (size_t)web.w * (size_t)web.h, i;
	struct path_grid	*grid = path_grid_new(web.w, web.h, 1, 1);
	struct path_jps		*jps = path_jps_new(web.w, web.h);
	struct path_rules	 rules = { web.movement, web.rules.diagonal,
				     PATH_H_DEFAULT };
	struct web_jps		 j = { 0 };
	struct path_stats	 st;
	struct path_point	*p = xcalloc(n, sizeof *p);
	path_cost		 cost = PATH_COST_NONE;
	long			 steps = -2;

	for (i = 0; i < n; i++)
		path_grid_set(grid, (int)(i % (size_t)web.w),
		    (int)(i / (size_t)web.w), web.cost[i]);
	if (path_jps_supports(grid, rules)) {
		j.state = xcalloc(n, 1);
		j.g = xcalloc(n, sizeof *j.g);
		j.h = xcalloc(n, sizeof *j.h);
		j.parent = xcalloc(n, sizeof *j.parent);
		for (i = 0; i < n; i++)
			j.parent[i] = -1;
		j.closed = xcalloc(n, sizeof *j.closed);
		j.opened = xcalloc(n, sizeof *j.opened);
		web_snap_clear(0);
		path_jps_set_trace(jps, web_jps_trace, &j);
		cost = path_jps_search(jps, grid, rules, start % web.w,
		    start / web.w, goal % web.w, goal / web.w, &st);
		/* The last step ends with the search. */
		if (j.step <= web.want)
			web_snap_jps(&j);
		web.snap.goal = cost != PATH_COST_NONE && web.snap.step ==
		    j.step;
		web.snap.exhausted = cost == PATH_COST_NONE &&
		    web.snap.step == j.step;
		web_keep_path(p, path_jps_path(jps, p, n), cost);
		steps = j.step;
		free(j.state);
		free(j.g);
		free(j.h);
		free(j.parent);
		free(j.closed);
		free(j.opened);
	}
	free(p);
	path_jps_free(jps);
	path_grid_free(grid);
	return (steps);
}

/*
 * Runs a search from start to goal (cell numbers, y * width + x),
 * keeping the state at the end of step `step` (0: the start put on the
 * open list; the last step if the search ends before).  Returns the
 * number of the search's last step, -1 when the start or the goal is a
 * wall or outside the map, -2 when the search cannot run on this map
 * (JPS: an 8-way grid of one cost, octile or Euclidean, without corner
 * cutting: path_jps_supports()).  Costs are read in orthogonal steps,
 * or in steps of one for BFS, which counts steps.
 */
WEB_EXPORT(web_run) long web_run(int alg, int start, int goal, long step);
long
web_run(int alg, int start, int goal, long step)
{
	int	n = web.w * web.h, i;

	if (web.cost == NULL || start < 0 || goal < 0 || start >= n ||
	    goal >= n || web.cost[start] == 0 || web.cost[goal] == 0 ||
	    alg < WEB_ASTAR || alg > WEB_JPS)
		return (-1);
	for (i = 0; i < n; i++)
		web.units[i] = web.cost[i] != 0;
	web.want = step < 0 ? 0 : step;
	web.unit = alg == WEB_BFS ? 1 : PATH_COST_ORTHO;
	web.steps = 0;
	web.npath = 0;
	web.path_cost = PATH_COST_NONE;
	web_snap_clear(0);
	web.snap.nitems = 0;
	if (alg == WEB_JPS)
		return (web_run_jps(start, goal));
	return (web_run_textbook((enum web_alg)alg, start, goal));
}

/* Copies an incremental search's values into the snapshot. */
static void
web_snap_tbdl(const struct path_tbdl *t, long step, int taken)
{
	struct web_snapshot	*s = &web.snap;
	int			*open = NULL, x, y, k;
	size_t			 nopen, i;

	s->step = step;
	s->taken = taken;
	s->nopen = s->nclosed = 0;
	for (y = 0; y < web.h; y++) {
		for (x = 0; x < web.w; x++) {
			k = y * web.w + x;
			s->g[k] = path_tbdl_g(t, x, y);
			s->rhs[k] = path_tbdl_rhs(t, x, y);
			s->parent[k] = path_tbdl_parent(t, x, y);
			path_tbdl_key(t, x, y, &s->k1[k], &s->k2[k]);
			s->state[k] = s->g[k] != s->rhs[k] ? 1 :
			    s->g[k] != PATH_COST_NONE ? 2 : 0;
		}
	}
	nopen = path_tbdl_open(t, &open);
	for (i = 0; i < nopen; i++)
		s->open[s->nopen++] = open[i];
	free(open);
	s->km = path_tbdl_km(t);
}

/* What an incremental run is doing, for its callback. */
struct web_inc {
	struct path_tbdl	*t;
	long			 step;		/* cells taken in this event */
	int			 taken;
};

/* The incremental search's callback: counts steps, keeps the one asked. */
static void
web_inc_event(void *ctx, const struct path_tbdl_event *ev)
{
	struct web_inc	*r = ctx;
	bool		 here = web.event == web.want_event &&
			    !web.captured;
	int		 cell = ev->y * web.w + ev->x, kind;

	if (ev->kind == PATH_TBDL_STEP_END) {
		if (here && r->step == web.want) {
			web_snap_tbdl(r->t, r->step, r->taken);
			web.captured = true;
		}
		return;
	}
	if (ev->kind == PATH_TBDL_TAKE) {
		r->step++;
		r->taken = cell;
		if (here)
			web.snap.nitems = 0;
	}
	if (!here || ev->kind == PATH_TBDL_RHS)
		return;
	kind = ev->kind == PATH_TBDL_INCONSISTENT ? WEB_INCONSISTENT :
	    ev->kind == PATH_TBDL_DELETE ? WEB_DELETED :
	    ev->kind == PATH_TBDL_RESTART ? WEB_RESTARTED : ev->over ?
	    WEB_TAKEN_OVER : WEB_TAKEN_UNDER;
	web_item_add((struct web_item){ .kind = kind, .cell = cell,
	    .a = ev->g, .b = ev->rhs, .c = ev->old_rhs, .k1 = ev->k1,
	    .k2 = ev->k2 });
}

/* Applies event e of the list (kind, x, y, cost); returns 0 or -1. */
static int
web_inc_apply(struct path_tbdl *t, int e, int *hunter, int *target)
{
	const int	*ev = &web.events[4 * e];
	int		 cell = ev[2] * web.w + ev[1];

	if (ev[1] < 0 || ev[2] < 0 || ev[1] >= web.w || ev[2] >= web.h)
		return (-1);
	switch (ev[0]) {
	case 0:	/* a tile's cost: 0 closes it */
		if (ev[3] < 0 || ev[3] > 9 || (ev[3] == 0 &&
		    (cell == *hunter || cell == *target)))
			return (-1);
		path_tbdl_set_cost(t, ev[1], ev[2], (uint32_t)ev[3]);
		return (0);
	case 1:	/* the target moves */
		if (path_tbdl_map(t).cost[cell] == 0)
			return (-1);
		*target = cell;
		path_tbdl_move_target(t, ev[1], ev[2]);
		return (0);
	case 2:	/* the hunter moves */
		if (path_tbdl_map(t).cost[cell] == 0)
			return (-1);
		*hunter = cell;
		path_tbdl_move_hunter(t, ev[1], ev[2]);
		return (0);
	}
	return (-1);
}

/* The events buffer the page fills before web_inc_run: 4 ints each. */
WEB_EXPORT(web_events) int *web_events(void);
int *
web_events(void)
{
	return (web.events);
}

/*
 * Runs an incremental search (alg WEB_LPA, WEB_DSTAR or WEB_MTDSTAR)
 * between the hunter and the target (cell numbers): the first search
 * (event 0), then events 1 to nevents from web_events() (kind 0 a
 * tile's cost, 1 the target moves, 2 the hunter moves; x, y; the cost),
 * each followed by the repair, keeping the state at step `step` of
 * event `event` (step 0: the event applied, before the first cell is
 * taken; the last step if the repair ends before).  Returns the number
 * of steps that event's search takes, or -1 for bad input (a wall under
 * the hunter or the target, an event out of range).
 */
WEB_EXPORT(web_inc_run) long web_inc_run(int alg, int hunter, int target,
    int nevents, int event, long step);
long
web_inc_run(int alg, int hunter, int target, int nevents, int event,
    long step)
{
	struct path_textbook_map	 m = { web.w, web.h, web.cost };
	struct web_inc			 r = { .taken = -1 };
	struct path_point		*p;
	path_cost			 cost;
	long				 steps = -1;
	int				 n = web.w * web.h, e;

	if (web.cost == NULL || hunter < 0 || target < 0 || hunter >= n ||
	    target >= n || web.cost[hunter] == 0 || web.cost[target] == 0 ||
	    alg < WEB_LPA || alg > WEB_MTDSTAR || nevents < 0 ||
	    nevents > WEB_MAX_EVENTS || event < 0 || event > nevents)
		return (-1);
	web.want = step < 0 ? 0 : step;
	web.unit = PATH_COST_ORTHO;
	web.want_event = event;
	web.captured = false;
	web.npath = 0;
	web.path_cost = PATH_COST_NONE;
	web_snap_clear(0);
	web.snap.nitems = 0;
	web.event = 0;
	r.t = path_tbdl_new(&m, &web.rules, (enum path_tbdl_algorithm)(alg -
	    WEB_LPA), hunter % web.w, hunter / web.w, target % web.w,
	    target / web.w, web_inc_event, &r);
	for (e = 0; e <= event; e++) {
		web.event = e;
		r.step = 0;
		r.taken = -1;
		if (e > 0 && web_inc_apply(r.t, e - 1, &hunter, &target) != 0)
			break;
		if (e == event && web.want == 0) {
			web_snap_tbdl(r.t, 0, -1);
			web.captured = true;
		}
		cost = path_tbdl_plan(r.t, NULL);
		if (e == event) {
			if (!web.captured)
				web_snap_tbdl(r.t, r.step, r.taken);
			web.snap.goal = web.snap.step == r.step;
			web.npath = 0;
			if (cost != PATH_COST_NONE) {
				size_t	np = path_tbdl_path(r.t, &p);

				web_keep_path(p, np, cost);
				free(p);
			}
			steps = r.step;
		}
	}
	path_tbdl_free(r.t);
	return (steps);
}

/* What the page reads of the snapshot and the path, a value a call. */
#define WEB_GETTER(type, name, expr)				\
	WEB_EXPORT(name) type name(int i);			\
	type name(int i) { return (expr); }

/* A cost as the page shows it: orthogonal steps, or -1 for infinity. */
static double
web_cost_out(path_cost c)
{
	return (c == PATH_COST_NONE ? -1 : (double)c / (double)web.unit);
}

static bool
web_cell_ok(int i)
{
	return (web.cost != NULL && i >= 0 && i < web.w * web.h);
}

static bool
web_item_ok(int i)
{
	return (i >= 0 && i < web.snap.nitems);
}

WEB_GETTER(int, web_state, web_cell_ok(i) ? web.snap.state[i] : -1)
WEB_GETTER(double, web_g, web_cell_ok(i) ? web_cost_out(web.snap.g[i]) : -1)
WEB_GETTER(double, web_h, web_cell_ok(i) ? web_cost_out(web.snap.h[i]) : -1)
WEB_GETTER(double, web_rhs, web_cell_ok(i) ?
    web_cost_out(web.snap.rhs[i]) : -1)
WEB_GETTER(double, web_k1, web_cell_ok(i) ? web_cost_out(web.snap.k1[i]) : -1)
WEB_GETTER(double, web_k2, web_cell_ok(i) ? web_cost_out(web.snap.k2[i]) : -1)
WEB_GETTER(int, web_parent, web_cell_ok(i) ? web.snap.parent[i] : -1)
WEB_GETTER(int, web_open, i >= 0 && i < web.snap.nopen ? web.snap.open[i] : -1)
WEB_GETTER(int, web_closed, i >= 0 && i < web.snap.nclosed ?
    web.snap.closed[i] : -1)
WEB_GETTER(int, web_path, i >= 0 && i < web.npath ? web.path[i] : -1)
WEB_GETTER(int, web_item_kind, web_item_ok(i) ? web.snap.items[i].kind : -1)
WEB_GETTER(int, web_item_cell, web_item_ok(i) ? web.snap.items[i].cell : -1)
WEB_GETTER(int, web_item_reason, web_item_ok(i) ?
    web.snap.items[i].reason : -1)
WEB_GETTER(double, web_item_a, web_item_ok(i) ?
    web_cost_out(web.snap.items[i].a) : -1)
WEB_GETTER(double, web_item_b, web_item_ok(i) ?
    web_cost_out(web.snap.items[i].b) : -1)
WEB_GETTER(double, web_item_c, web_item_ok(i) ?
    web_cost_out(web.snap.items[i].c) : -1)
WEB_GETTER(double, web_item_k1, web_item_ok(i) ?
    web_cost_out(web.snap.items[i].k1) : -1)
WEB_GETTER(double, web_item_k2, web_item_ok(i) ?
    web_cost_out(web.snap.items[i].k2) : -1)

/*
 * The snapshot's counts and flags: 0 the step, 1 the cell taken, 2 the
 * open list's length, 3 the closed list's, 4 the items', 5 the path's,
 * 6 whether the goal test passed at this step, 7 whether the open list
 * ran dry.
 */
WEB_GETTER(int, web_info, i == 0 ? (int)web.snap.step : i == 1 ?
    web.snap.taken : i == 2 ? web.snap.nopen : i == 3 ? web.snap.nclosed :
    i == 4 ? web.snap.nitems : i == 5 ? web.npath : i == 6 ?
    web.snap.goal : i == 7 ? web.snap.exhausted : -1)

/* 0 the path's cost, 1 km (in orthogonal steps; -1: none). */
WEB_GETTER(double, web_value, i == 0 ? web_cost_out(web.path_cost) :
    i == 1 ? web_cost_out(web.snap.km) : -1)
