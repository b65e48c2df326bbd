/*
 * check_textbook.c: the textbook search and the walkthrough's narration,
 * against the order cells really leave the open list and the oracle.
 *
 * The property test draws thousands of random grids and random
 * conventions (neighbour order and its reversal on even or odd cells,
 * diagonal rule, tie rule, goal test, heuristic, start listed or not,
 * duplicates updated or kept, step costs) and runs the textbook search
 * once per grid, watching it four ways:
 *
 * - the narration: explain's log (src/lab/lab-explain-log.c) prints the
 *   open list after every step; the first cell it prints must be the
 *   cell the search takes next, and in insertion order the list must be
 *   exactly the order cells went on it;
 * - the documented rule, re-implemented here from --help's words over a
 *   copy of the open list kept from the events: the entry taken must be
 *   the one with the least f, ties broken as the rule says, and called
 *   stale exactly when its cell's g has fallen since it was pushed;
 * - the neighbours of each cell expanded must be looked at in the
 *   rules' order, backwards on the cells the parity rule names;
 * - the oracle: with the library's step costs, a consistent heuristic
 *   and the goal test on expansion, the cost must be the optimum; with
 *   any conventions, the path must be legal and cost what it says.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain.h"
#include "oracle.h"
#include "testutil.h"
#include "textbook-dlite.h"
#include "textbook.h"
#include "tilemap.h"
#include "xmalloc.h"

#define PROPERTY_CHUNKS		8
#define PROPERTY_GRIDS		500	/* per chunk: 4,000 grids in all */
#define PROPERTY_MAX_SIDE	24

/* What a chunk met, so that it proves it covered the cases. */
struct coverage {
	int	searches;
	int	optimal_checked;	/* cost compared equal to the oracle's */
	int	steps;			/* narrated steps whose head was checked */
	int	ties;			/* steps where the tie rule decided */
	int	no_path;
	int	stale;			/* stale entries taken */
};

/* What the test keeps of one cell, from the events alone. */
struct watch_cell {
	int		state;		/* 0 unseen, 1 open, 2 closed */
	path_cost	g, h;
	uint64_t	seq;		/* its newest entry's */
};

/* An entry of the open list, from the events alone: by insertion number. */
struct watch_entry {
	int		cell;
	path_cost	g, h;
	uint64_t	seq;
	bool		live;		/* on the open list */
};

/* The watcher: the narration's log and the test's own copy. */
struct watch {
	struct explain_log	 log;
	struct watch_cell	*cells;
	struct watch_entry	*entries;
	size_t			 nentries;
	size_t			 capentries;
	int			 w, n;
	int			 printed_head;	/* after the last step */
	bool			 insertion_ok;
	int			 head_misses;
	int			 rule_misses;
	int			 stale_misses;
	int			 order_misses;
	int			 steps;
	int			 ties;
	int			 stale;
	int			 expanding;	/* the cell taken last */
	int			 last_at;	/* where in the order it looked */
	uint64_t		 last_seq;
	bool			 seq_increasing;
	char			 why[160];
};

/* The documented rule: whether open entry a goes before open entry b. */
static bool
watch_rule_before(const struct path_textbook_rules *r, int w,
    const struct watch_entry *a, const struct watch_entry *b)
{
	enum path_textbook_tie	tie = r->tie;
	int			ax = a->cell % w, ay = a->cell / w;
	int			bx = b->cell % w, by = b->cell / w;

	if (a->g + a->h != b->g + b->h)
		return (a->g + a->h < b->g + b->h);
	if (r->smaller_g_first && a->g != b->g)
		return (a->g < b->g);
	if (tie == PATH_TB_TIE_LARGER_G && a->g != b->g)
		return (a->g > b->g);
	if (tie == PATH_TB_TIE_SMALLER_H && a->h != b->h)
		return (a->h < b->h);
	if (tie == PATH_TB_TIE_LIFO)
		return (a->seq > b->seq);
	if (tie == PATH_TB_TIE_XY && (ax != bx || ay != by))
		return (ax != bx ? ax < bx : ay < by);
	if (tie == PATH_TB_TIE_YX && (ax != bx || ay != by))
		return (ay != by ? ay < by : ax < bx);
	return (a->seq < b->seq);
}

/* Puts an entry on the test's copy of the open list. */
static void
watch_push(struct watch *w, int cell, path_cost g, path_cost h, uint64_t seq)
{
	if (seq >= w->capentries) {
		w->capentries = w->capentries ? 2 * w->capentries :
		    (size_t)w->n;
		while (w->capentries <= seq)
			w->capentries *= 2;
		w->entries = xreallocarray(w->entries, w->capentries,
		    sizeof *w->entries);
	}
	while (w->nentries <= seq)
		w->entries[w->nentries++].live = false;
	w->entries[seq] = (struct watch_entry){ cell, g, h, seq, true };
}

/*
 * Checks that a neighbour of the cell being expanded comes later in the
 * rules' order, read backwards on the cells the parity rule names.
 */
static void
watch_order(struct watch *w, const struct path_textbook_event *ev)
{
	const struct path_textbook_rules	*r = &w->log.rules;
	int					 i, dx, dy, at = -1;
	int					 odd = (ev->px + ev->py) % 2;
	bool					 back;

	back = (r->parity == PATH_TB_PARITY_EVEN && !odd) ||
	    (r->parity == PATH_TB_PARITY_ODD && odd);
	for (i = 0; i < r->norder; i++) {
		path_textbook_dir_step(r->order[i], &dx, &dy);
		if (ev->x - ev->px == dx && ev->y - ev->py == dy)
			at = back ? r->norder - 1 - i : i;
	}
	if (ev->py * w->w + ev->px != w->expanding || at <= w->last_at)
		w->order_misses++;
	w->last_at = at;
}

/* After each step: what the narration prints first, and its order. */
static void
watch_step(void *ctx, struct explain_log *l, const struct explain_step *s)
{
	struct watch			*w = ctx;
	const struct explain_entry	*e;
	size_t				 n = explain_open_list(l, &e), i;

	w->steps++;
	w->printed_head = n > 0 ? e[0].cell : -1;
	if (l->list_order != EXPLAIN_LIST_INSERTION)
		return;
	for (i = 1; i < n; i++) {
		if (e[i - 1].seq >= e[i].seq)
			w->insertion_ok = false;
	}
}

/*
 * An entry is taken: it must be the first by the documented rule, the
 * one the narration printed first, and stale exactly when its g is above
 * its cell's.
 */
static void
watch_take(struct watch *w, const struct path_textbook_event *ev)
{
	int			 cell = ev->y * w->w + ev->x;
	size_t			 k, best = SIZE_MAX;
	const struct watch_entry *e = w->entries;

	if (w->printed_head != cell)
		w->head_misses++;
	for (k = 0; k < w->nentries; k++) {
		if (e[k].live && (best == SIZE_MAX || watch_rule_before(
		    &w->log.rules, w->w, &e[k], &e[best])))
			best = k;
	}
	if (best == SIZE_MAX || best != ev->seq || e[best].cell != cell) {
		w->rule_misses++;
		return;
	}
	for (k = 0; k < w->nentries; k++) {
		if (k != best && e[k].live &&
		    e[k].g + e[k].h == e[best].g + e[best].h) {
			w->ties++;
			break;
		}
	}
	if (ev->stale != (e[best].g > w->cells[cell].g) ||
	    ev->old_g != e[best].g || ev->g != w->cells[cell].g)
		w->stale_misses++;
	w->stale += ev->stale;
	w->entries[best].live = false;
	w->cells[cell].state = 2;
	w->expanding = cell;
	w->last_at = -1;
}

/* The search's events: to the narration first, then the test's checks. */
static void
watch_event(void *ctx, const struct path_textbook_event *ev)
{
	struct watch		*w = ctx;
	int			 cell = ev->y * w->w + ev->x;
	struct watch_cell	*c = &w->cells[cell];
	bool			 keep = w->log.rules.duplicates ==
				     PATH_TB_DUP_KEEP;

	explain_log_event(&w->log, ev);
	if (ev->kind == PATH_TB_ADD || ev->kind == PATH_TB_IMPROVE ||
	    ev->kind == PATH_TB_REJECT)
		watch_order(w, ev);
	switch (ev->kind) {
	case PATH_TB_START:
	case PATH_TB_ADD:
		if (ev->kind == PATH_TB_ADD && ev->seq <= w->last_seq)
			w->seq_increasing = false;
		w->last_seq = ev->seq;
		*c = (struct watch_cell){ 1, ev->g, ev->h, ev->seq };
		watch_push(w, cell, ev->g, ev->h, ev->seq);
		break;
	case PATH_TB_IMPROVE:
		c->g = ev->g;
		if (keep) {
			if (ev->seq <= w->last_seq)
				w->seq_increasing = false;
			w->last_seq = c->seq = ev->seq;
			c->state = 1;
			watch_push(w, cell, ev->g, ev->h, ev->seq);
		} else if (ev->seq != c->seq || !w->entries[c->seq].live) {
			w->rule_misses++;
		} else {
			w->entries[c->seq].g = ev->g;
		}
		break;
	case PATH_TB_REJECT:
		if (keep && ev->reason == PATH_TB_CLOSED)
			w->rule_misses++;
		break;
	case PATH_TB_TAKE:
		watch_take(w, ev);
		break;
	default:
		break;
	}
}

/* Random conventions: an order of 4 or 8 neighbours and the rest. */
static void
random_rules(struct oracle_rng *rng, struct path_textbook_rules *r,
    bool *library_costs)
{
	int	i, j, n = oracle_rng_below(rng, 2) ? 8 : 4;

	*r = path_textbook_rules_default();
	r->norder = n;
	for (i = 0; i < n; i++)
		r->order[i] = (enum path_textbook_dir)(n == 4 ? 2 * i : i);
	for (i = n - 1; i > 0; i--) {
		enum path_textbook_dir	t = r->order[i];

		j = oracle_rng_below(rng, i + 1);
		r->order[i] = r->order[j];
		r->order[j] = t;
	}
	r->diagonal = (enum path_diagonal)oracle_rng_range(rng, 1, 3);
	r->tie = (enum path_textbook_tie)oracle_rng_below(rng, 6);
	r->parity = (enum path_textbook_parity)oracle_rng_below(rng, 3);
	r->duplicates = oracle_rng_below(rng, 2) ? PATH_TB_DUP_KEEP :
	    PATH_TB_DUP_UPDATE;
	r->smaller_g_first = oracle_rng_below(rng, 4) == 0;
	r->goal_test = oracle_rng_below(rng, 3) == 0 ? PATH_TB_GOAL_GENERATE :
	    PATH_TB_GOAL_EXPAND;
	r->close_start = oracle_rng_below(rng, 2);
	r->heuristic = (enum path_textbook_h)oracle_rng_below(rng, 6);
	*library_costs = oracle_rng_below(rng, 3) != 0;
	if (!*library_costs) {
		r->orth = oracle_rng_range(rng, 1, 12);
		r->diag = oracle_rng_range(rng, r->orth, 2 * r->orth);
		r->scale = r->orth;
	}
}

/* Whether the heuristic is consistent with the library's costs. */
static bool
consistent(const struct path_textbook_rules *r)
{
	if (r->norder == 4)
		return (true);
	return (r->heuristic != PATH_TB_H_MANHATTAN &&
	    r->heuristic != PATH_TB_H_EUCLID_FLOOR);
}

/* Picks a random open cell, or returns false when there is none. */
static bool
random_open(struct oracle_rng *rng, const struct path_grid *g, int *x, int *y)
{
	int	tries;

	for (tries = 0; tries < 50; tries++) {
		*x = oracle_rng_below(rng, path_grid_width(g));
		*y = oracle_rng_below(rng, path_grid_height(g));
		if (path_grid_get(g, *x, *y) != 0)
			return (true);
	}
	return (false);
}

/* Checks the result of one search against the oracle. */
static void
check_result(const struct path_grid *g, const struct path_textbook_rules *r,
    bool library_costs, int sx, int sy, int gx, int gy,
    const struct path_textbook_result *res, const char *what,
    struct coverage *cov)
{
	struct path_rules	 pr = { .movement = r->norder == 8 ?
				     PATH_MOVE_8_OCTILE : PATH_MOVE_4,
				     .diagonal = r->norder == 8 ? r->diagonal :
				     PATH_DIAG_NEVER };
	path_cost		 best = oracle_cost(g, pr, sx, sy, gx, gy), walked;
	char			 why[128];

	ck_assert_msg((best == PATH_COST_NONE) == (res->cost == PATH_COST_NONE),
	    "%s: oracle %lld, textbook %lld", what, (long long)best,
	    (long long)res->cost);
	cov->no_path += best == PATH_COST_NONE;
	if (best == PATH_COST_NONE || !library_costs)
		return;
	walked = oracle_path_cost(g, pr, sx, sy, gx, gy, res->path, res->npath,
	    why, sizeof why);
	ck_assert_msg(walked == res->cost, "%s: the path costs %lld (%s), the "
	    "search says %lld", what, (long long)walked, why,
	    (long long)res->cost);
	if (consistent(r) && r->goal_test == PATH_TB_GOAL_EXPAND &&
	    ++cov->optimal_checked > 0)
		ck_assert_msg(res->cost == best, "%s: cost %lld, optimum %lld",
		    what, (long long)res->cost, (long long)best);
	else
		ck_assert_msg(res->cost >= best, "%s: cost %lld below the "
		    "optimum %lld", what, (long long)res->cost, (long long)best);
}

/* Runs one random case: a grid, conventions, two points. */
static void
property_case(uint64_t seed, struct coverage *cov)
{
	struct oracle_rng		 rng;
	struct path_textbook_rules	 r;
	struct path_textbook_result	 res;
	struct path_tilemap		 tm;
	struct path_textbook_map	 m;
	struct path_grid		*g;
	struct watch			 w;
	bool				 library_costs;
	int				 width, height, sx, sy, gx, gy, k;
	char				 what[160];

	oracle_rng_seed(&rng, seed);
	oracle_random_size(&rng, PROPERTY_MAX_SIDE, &width, &height);
	g = oracle_grid_make(&rng, (enum oracle_terrain)oracle_rng_below(&rng,
	    ORACLE_TERRAIN_COUNT), width, height, oracle_rng_below(&rng, 2) ?
	    1 : 9);
	random_rules(&rng, &r, &library_costs);
	if (!random_open(&rng, g, &sx, &sy) || !random_open(&rng, g, &gx,
	    &gy)) {
		path_grid_free(g);
		return;
	}
	tm = (struct path_tilemap){ .width = width, .height = height,
	    .cost = xcalloc((size_t)width * height, sizeof *tm.cost) };
	for (k = 0; k < width * height; k++)
		tm.cost[k] = path_grid_get(g, k % width, k / width);
	m = (struct path_textbook_map){ width, height, tm.cost };
	memset(&w, 0, sizeof w);
	w.w = width;
	w.n = width * height;
	w.cells = xcalloc((size_t)w.n, sizeof *w.cells);
	w.expanding = -1;
	w.insertion_ok = w.seq_increasing = true;
	w.printed_head = -1;
	explain_log_init(&w.log, &tm, &r, sy * width + sx, gy * width + gx);
	w.log.unit = 1;
	w.log.list_order = (enum explain_list_order)oracle_rng_below(&rng, 2);
	w.log.on_step = watch_step;
	w.log.ctx = &w;
	path_textbook_search(&m, &r, sx, sy, gx, gy, watch_event, &w, &res);
	explain_log_finish(&w.log);
	snprintf(what, sizeof what, "seed %llu (%dx%d, %d neighbours, tie %s, "
	    "%s, goal test %d, parity %s, duplicates %d)",
	    (unsigned long long)seed, width, height, r.norder,
	    path_textbook_tie_name(r.tie), path_textbook_h_name(r.heuristic),
	    (int)r.goal_test, path_textbook_parity_name(r.parity),
	    (int)r.duplicates);
	ck_assert_msg(w.rule_misses == 0, "%s: %d steps took another entry "
	    "than the documented rule's", what, w.rule_misses);
	ck_assert_msg(w.stale_misses == 0, "%s: %d entries taken called stale "
	    "wrongly", what, w.stale_misses);
	ck_assert_msg(w.order_misses == 0, "%s: %d neighbours looked at out of "
	    "order", what, w.order_misses);
	if (w.log.list_order == EXPLAIN_LIST_PRIORITY)
		ck_assert_msg(w.head_misses == 0, "%s: %d steps took another "
		    "cell than the one printed first", what, w.head_misses);
	ck_assert_msg(w.insertion_ok && w.seq_increasing, "%s: insertion "
	    "order printed wrong", what);
	check_result(g, &r, library_costs, sx, sy, gx, gy, &res, what, cov);
	cov->searches++;
	cov->ties += w.ties;
	cov->stale += w.stale;
	if (w.log.list_order == EXPLAIN_LIST_PRIORITY)
		cov->steps += w.steps;
	explain_log_free(&w.log);
	free(w.cells);
	free(w.entries);
	free(res.path);
	free(tm.cost);
	path_grid_free(g);
}

/* Thousands of random grids and conventions: see the file comment. */
START_TEST(test_textbook_property)
{
	uint64_t	base = test_seed_base() + (uint64_t)_i * PROPERTY_GRIDS;
	struct coverage	cov = { 0 };
	int		i;

	for (i = 0; i < PROPERTY_GRIDS; i++)
		property_case(base + (uint64_t)i, &cov);
	ck_assert_msg(cov.searches > PROPERTY_GRIDS * 9 / 10 &&
	    cov.optimal_checked > PROPERTY_GRIDS / 5 && cov.no_path > 0 &&
	    cov.steps > PROPERTY_GRIDS * 3 && cov.ties > PROPERTY_GRIDS &&
	    cov.stale > 0,
	    "chunk %d covered too little: %d searches, %d optima, %d without "
	    "a path, %d steps, %d ties, %d stale", _i, cov.searches,
	    cov.optimal_checked, cov.no_path, cov.steps, cov.ties, cov.stale);
	printf("chunk %d: %d searches, %d optima, %d without a path, %d steps "
	    "checked, %d decided by ties, %d stale entries taken\n", _i,
	    cov.searches, cov.optimal_checked, cov.no_path, cov.steps, cov.ties,
	    cov.stale);
}
END_TEST

/* A legend gives tiles any cost; a cheap detour beats a dear shortcut. */
START_TEST(test_textbook_legend)
{
	static const char	 text[] = "legend ^=200 w=blocked\n"
				     "S^G\n...\n";
	struct path_textbook_rules r = path_textbook_rules_default();
	struct path_textbook_result res;
	struct path_tilemap	*tm;
	struct path_textbook_map m;
	char			*cause = NULL;

	tm = path_tilemap_parse("t", text, sizeof text - 1, "S=1,G=1", &cause);
	ck_assert_msg(tm != NULL, "%s", cause ? cause : "");
	ck_assert_int_eq(tm->cost[1], 200);
	r.orth = r.scale = 1;
	m = (struct path_textbook_map){ tm->width, tm->height, tm->cost };
	ck_assert_int_eq(path_textbook_search(&m, &r, 0, 0, 2, 0, NULL, NULL,
	    &res), 4);
	free(res.path);
	path_tilemap_free(tm);
	ck_assert_ptr_null(path_tilemap_parse("t", "legend x=0\n..\n", 14,
	    NULL, &cause));
	ck_assert_msg(strstr(cause, "t:1:10:") == cause, "%s", cause);
	free(cause);
	ck_assert_ptr_null(path_tilemap_parse("t", "legend ~=5\n.~\n.q\n", 17,
	    NULL, &cause));
	ck_assert_msg(strstr(cause, "t:3:2: unknown glyph 'q'") == cause, "%s",
	    cause);
	free(cause);
}
END_TEST

/* euclid-floor is the tutorials' (int)sqrt(dx*dx+dy*dy), then scaled. */
START_TEST(test_textbook_heuristics)
{
	struct path_textbook_rules	r = path_textbook_rules_default();

	r.scale = 10;
	r.heuristic = PATH_TB_H_EUCLID_FLOOR;
	ck_assert_int_eq(path_textbook_heuristic(&r, 0, 0, 3, 4), 50);
	ck_assert_int_eq(path_textbook_heuristic(&r, 0, 0, 2, 2), 20);
	r.heuristic = PATH_TB_H_EUCLID;
	ck_assert_int_eq(path_textbook_heuristic(&r, 0, 0, 2, 2), 28);
	r.heuristic = PATH_TB_H_MANHATTAN;
	ck_assert_int_eq(path_textbook_heuristic(&r, 4, 1, 1, 3), 50);
	r.orth = 10;
	r.diag = 14;
	r.heuristic = PATH_TB_H_OCTILE;
	ck_assert_int_eq(path_textbook_heuristic(&r, 4, 1, 1, 3), 38);
}
END_TEST

/* Checks an incremental search's plan against the oracle. */
static void
check_incremental(struct path_tbdl *t, const struct path_grid *g,
    struct path_rules pr, int hunter, int target, const char *what, int k)
{
	int			 w = path_grid_width(g);
	path_cost		 cost = path_tbdl_plan(t, NULL), best, walked;
	struct path_point	*path;
	size_t			 n;
	char			 why[128];

	best = oracle_cost(g, pr, hunter % w, hunter / w, target % w,
	    target / w);
	ck_assert_msg(cost == best, "%s, after event %d: cost %lld, oracle "
	    "%lld", what, k, (long long)cost, (long long)best);
	if (best == PATH_COST_NONE)
		return;
	n = path_tbdl_path(t, &path);
	walked = oracle_path_cost(g, pr, hunter % w, hunter / w, target % w,
	    target / w, path, n, why, sizeof why);
	ck_assert_msg(walked == cost, "%s, after event %d: the path costs "
	    "%lld (%s), the plan %lld", what, k, (long long)walked, why,
	    (long long)cost);
	free(path);
}

/*
 * The first search of LPA* or MT-D* Lite, which search from the hunter,
 * takes as many cells as the textbook A* whose ties follow the same
 * keys, [f; g] then the cell (xy or yx): they are one search.
 */
static void
check_first_search(struct path_tbdl *t, const struct path_textbook_map *m,
    const struct path_textbook_rules *r, int hx, int hy, int tx, int ty,
    const char *what)
{
	struct path_textbook_rules	a = *r;
	struct path_textbook_result	res;
	uint64_t			expanded;

	path_tbdl_plan(t, &expanded);
	a.smaller_g_first = true;
	path_textbook_search(m, &a, hx, hy, tx, ty, NULL, NULL, &res);
	free(res.path);
	ck_assert_msg(res.stats.expansions == expanded, "%s: the first search "
	    "took %llu cells, A* with the same keys %llu", what,
	    (unsigned long long)expanded,
	    (unsigned long long)res.stats.expansions);
}

/* One random incremental case: a grid, an algorithm, twelve events. */
static void
incremental_case(uint64_t seed)
{
	static const enum path_textbook_tie ties[4] = { PATH_TB_TIE_FIFO,
		PATH_TB_TIE_LIFO, PATH_TB_TIE_XY, PATH_TB_TIE_YX };
	struct oracle_rng		 rng;
	struct path_textbook_rules	 r = path_textbook_rules_default();
	struct path_rules		 pr = { .movement = PATH_MOVE_4,
					     .diagonal = PATH_DIAG_NEVER };
	enum path_tbdl_algorithm	 algo;
	struct path_textbook_map	 m;
	struct path_grid		*g;
	struct path_tbdl		*t;
	uint32_t			*cost;
	int				 w, h, hx, hy, tx, ty, x, y, k, c;
	char				 what[128];

	oracle_rng_seed(&rng, seed);
	oracle_random_size(&rng, 16, &w, &h);
	g = oracle_grid_make(&rng, (enum oracle_terrain)oracle_rng_below(&rng,
	    ORACLE_TERRAIN_COUNT), w, h, oracle_rng_below(&rng, 2) ? 1 : 9);
	algo = (enum path_tbdl_algorithm)oracle_rng_below(&rng, 3);
	if (oracle_rng_below(&rng, 2)) {
		r.norder = 8;
		for (k = 0; k < 8; k++)
			r.order[k] = (enum path_textbook_dir)k;
		r.heuristic = PATH_TB_H_OCTILE;
		r.diagonal = (enum path_diagonal)oracle_rng_range(&rng, 1, 3);
		pr = (struct path_rules){ .movement = PATH_MOVE_8_OCTILE,
		    .diagonal = r.diagonal };
	}
	r.tie = ties[oracle_rng_below(&rng, 4)];
	r.parity = (enum path_textbook_parity)oracle_rng_below(&rng, 3);
	if (!random_open(&rng, g, &hx, &hy) || !random_open(&rng, g, &tx,
	    &ty)) {
		path_grid_free(g);
		return;
	}
	cost = xcalloc((size_t)w * h, sizeof *cost);
	for (k = 0; k < w * h; k++)
		cost[k] = path_grid_get(g, k % w, k / w);
	m = (struct path_textbook_map){ w, h, cost };
	t = path_tbdl_new(&m, &r, algo, hx, hy, tx, ty, NULL, NULL);
	snprintf(what, sizeof what, "seed %llu (%dx%d, %s, %d neighbours, tie "
	    "%s, parity %s)", (unsigned long long)seed, w, h,
	    path_tbdl_algorithm_name(algo), r.norder,
	    path_textbook_tie_name(r.tie), path_textbook_parity_name(r.parity));
	if (algo != PATH_TBDL_DSTAR && (r.tie == PATH_TB_TIE_XY ||
	    r.tie == PATH_TB_TIE_YX))
		check_first_search(t, &m, &r, hx, hy, tx, ty, what);
	check_incremental(t, g, pr, hy * w + hx, ty * w + tx, what, 0);
	for (k = 1; k <= 12; k++) {
		x = oracle_rng_below(&rng, w);
		y = oracle_rng_below(&rng, h);
		c = oracle_rng_below(&rng, 6);
		if (c == 4 && path_grid_get(g, x, y) != 0) {
			tx = x;
			ty = y;
			path_tbdl_move_target(t, x, y);
		} else if (c == 5 && path_grid_get(g, x, y) != 0) {
			hx = x;
			hy = y;
			path_tbdl_move_hunter(t, x, y);
		} else if ((x != hx || y != hy) && (x != tx || y != ty)) {
			c = c < 2 ? 0 : c == 2 ? 1 : oracle_rng_range(&rng, 1, 9);
			path_grid_set(g, x, y, (unsigned)c);
			path_tbdl_set_cost(t, x, y, (uint32_t)c);
		}
		check_incremental(t, g, pr, hy * w + hx, ty * w + tx, what, k);
	}
	path_tbdl_free(t);
	free(cost);
	path_grid_free(g);
}

/* The teaching LPA*, D* Lite and MT-D* Lite against the oracle. */
START_TEST(test_textbook_incremental)
{
	uint64_t	base = test_seed_base() + 100000 + (uint64_t)_i * 200;
	int		i;

	for (i = 0; i < 200; i++)
		incremental_case(base + (uint64_t)i);
}
END_TEST

/* Bidirectional Dijkstra against the oracle, path and cost. */
START_TEST(test_textbook_bidirectional)
{
	struct oracle_rng		 rng;
	struct path_textbook_rules	 r = path_textbook_rules_default();
	struct path_textbook_result	 res;
	struct path_textbook_map	 m;
	struct path_rules		 pr;
	struct path_grid		*g;
	uint32_t			*cost;
	path_cost			 best, walked;
	int				 i, k, w, h, sx, sy, gx, gy, met = 0;
	char				 why[128];

	for (i = 0; i < 500; i++) {
		oracle_rng_seed(&rng, test_seed_base() + 200000 + (uint64_t)i);
		oracle_random_size(&rng, 20, &w, &h);
		g = oracle_grid_make(&rng, (enum oracle_terrain)
		    oracle_rng_below(&rng, ORACLE_TERRAIN_COUNT), w, h,
		    oracle_rng_below(&rng, 2) ? 1 : 9);
		r = path_textbook_rules_default();
		pr = (struct path_rules){ .movement = PATH_MOVE_4,
		    .diagonal = PATH_DIAG_NEVER };
		if (i % 2) {
			r.norder = 8;
			for (k = 0; k < 8; k++)
				r.order[k] = (enum path_textbook_dir)k;
			r.diagonal = (enum path_diagonal)(1 + i / 2 % 3);
			pr = (struct path_rules){ .movement = PATH_MOVE_8_OCTILE,
			    .diagonal = r.diagonal };
		}
		if (!random_open(&rng, g, &sx, &sy) ||
		    !random_open(&rng, g, &gx, &gy)) {
			path_grid_free(g);
			continue;
		}
		cost = xcalloc((size_t)w * h, sizeof *cost);
		for (k = 0; k < w * h; k++)
			cost[k] = path_grid_get(g, k % w, k / w);
		m = (struct path_textbook_map){ w, h, cost };
		best = oracle_cost(g, pr, sx, sy, gx, gy);
		ck_assert_msg(path_textbook_bidirectional(&m, &r, sx, sy, gx, gy,
		    NULL, NULL, &res) == best, "case %d: cost %lld, oracle "
		    "%lld", i, (long long)res.cost, (long long)best);
		if (best != PATH_COST_NONE) {
			walked = oracle_path_cost(g, pr, sx, sy, gx, gy, res.path,
			    res.npath, why, sizeof why);
			ck_assert_msg(walked == best, "case %d: the path costs "
			    "%lld (%s), optimum %lld", i, (long long)walked, why,
			    (long long)best);
			met++;
		}
		free(res.path);
		free(cost);
		path_grid_free(g);
	}
	ck_assert_int_gt(met, 300);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("textbook");
	TCase	*tc;

	tc = tcase_create("property");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_textbook_property, 0,
	    (int)test_scaled(PROPERTY_CHUNKS));
	tcase_add_loop_test(tc, test_textbook_incremental, 0,
	    (int)test_scaled(PROPERTY_CHUNKS));
	suite_add_tcase(s, tc);
	tc = tcase_create("examples");
	tcase_add_test(tc, test_textbook_legend);
	tcase_add_test(tc, test_textbook_heuristics);
	tcase_add_test(tc, test_textbook_bidirectional);
	suite_add_tcase(s, tc);
	return (s);
}
