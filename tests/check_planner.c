/*
 * check_planner.c: the incremental planners against the oracle, turn by
 * turn.
 *
 * The planners promise one thing above all: whatever happened since the
 * last call (the hunter stepped or was knocked away, the target ran,
 * jumped or teleported, walls rose and fell, costs changed, the change log
 * overflowed), every planner but cached answers with exactly the cost a
 * search from scratch would find.  The property test plays thousands of
 * random chases and after every single call asks the oracle, which knows
 * nothing of incremental search, for the cost from every cell to the
 * target; the planner's cost, status, path and next step are checked
 * against it.  One kind of chase lets each planner's hunter follow its
 * own path, so the planners drift apart and each is tested on the states
 * its own answers lead to; the other drives one hunter along an optimal
 * path and asks every planner the same question.  Chases on budgets
 * that change every turn leave searches unfinished while everything
 * moves on, and a few long chases on larger grids make the searches
 * touch thousands of cells (and mtdstar compact its records).
 *
 * Everything a chase does is drawn from one seed, and the seed, the turn,
 * the planner and the rules are in every failure message; set
 * ASTRAY_TEST_SEED to try other seeds.  The edge cases that random chases
 * reach too rarely (a wall closing and opening again, a hunter on the
 * target, an overflowing log, a budget of one, blocked endpoints, far
 * teleports, degenerate grids) each have a test of their own, and so do
 * the promises about memory and statistics.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field-internal.h"
#include "oracle.h"
#include "planner-internal.h"
#include "saves.h"
#include "planner.h"
#include "testutil.h"

#define PLANNERS		9	/* each kind, second crowd and field */
#define FIRST_CROWD		4
#define SECOND_CROWD		5
#define SECOND_FIELD		7
#define CHASE_CHUNKS		16
#define CHASE_EPISODES		200	/* per chunk: 3,200 in all */
#define BUDGET_CHUNKS		8
#define BUDGET_EPISODES		120	/* per chunk: 960 in all */
#define BUDGET_FIRST		1000000	/* their episode numbers start here */
#define CHASE_TURNS		24
#define CHASE_MAX_SIDE		24
#define LONG_CHUNKS		4
#define LONG_EPISODES		3	/* per chunk: 12 long chases */
#define LONG_FIRST		2000000
#define LONG_TURNS		100
#define TERRAINS		5	/* the oracle's four, and mazes */

/* The planners of a chase, in the order they are asked. */
static const enum path_planner_kind chase_kinds[PLANNERS] = {
	PATH_PLANNER_ASTAR,
	PATH_PLANNER_CACHED,
	PATH_PLANNER_DSTAR,
	PATH_PLANNER_MTDSTAR,
	PATH_PLANNER_CROWD,	/* before the fields: its search stops early */
	PATH_PLANNER_CROWD,	/* and this one resumes it, or finds it done */
	PATH_PLANNER_FIELD,	/* runs the same shared search to the end */
	PATH_PLANNER_FIELD,
	PATH_PLANNER_ADAPTIVE	/* its learned tables, in the same context */
};

/*
 * Whether a chase asks planner i.  check_planner_small is this file
 * linked with the library built with the D* family's tiny limits
 * (Makefile.am: CHECK_PLANNER_SMALL), which change dstar and mtdstar
 * alone; the other planners' chases there would repeat check_planner's
 * case for case, so only those two are asked (the others' hunters stand
 * where they start).  Under valgrind that halved its time.
 */
static int
chase_asks(int i)
{
#ifdef CHECK_PLANNER_SMALL
	return (chase_kinds[i] == PATH_PLANNER_DSTAR ||
	    chase_kinds[i] == PATH_PLANNER_MTDSTAR);
#else
	(void)i;
	return (1);
#endif
}

/* Whether chase planner i is the second of its kind. */
static int
chase_second(int i)
{
	return (i == SECOND_CROWD || i == SECOND_FIELD);
}

/* Whether a kind shares the context's searches from the target. */
static int
kind_shares(enum path_planner_kind k)
{
	return (k == PATH_PLANNER_FIELD || k == PATH_PLANNER_CROWD);
}

/* The kinds that promise the optimal cost. */
static const enum path_planner_kind optimal_kinds[] = {
	PATH_PLANNER_ASTAR,
	PATH_PLANNER_DSTAR,
	PATH_PLANNER_MTDSTAR,
	PATH_PLANNER_FIELD,
	PATH_PLANNER_CROWD,
	PATH_PLANNER_ADAPTIVE
};
#define OPTIMAL_KINDS	6

/* What a chunk of chases met, to prove it covers what it claims to. */
struct chase_coverage {
	int	reachable;
	int	unreachable;
	int	on_target;
	int	from_scratch;
	int	blocked_hunter;
	int	blocked_target;
	int	outside;
	int	teleports;
	int	partial;
	int	cached_hits;
	int	cached_worse;
	int	terrains[TERRAINS];
};

/* What the checks of an answer need: the oracle's view of the target. */
struct judge {
	const struct path_grid	*grid;
	struct path_rules	 rules;
	int			 tx;
	int			 ty;
	path_cost		*to;	/* oracle: cost of every cell to it */
	struct path_point	*path;	/* scratch of cap points */
	size_t			 cap;
};

/* Sets up a judge for a grid; judge_aim() gives it a target. */
static void
judge_init(struct judge *j, const struct path_grid *g, struct path_rules r)
{
	size_t	cells = (size_t)path_grid_width(g) * path_grid_height(g);

	memset(j, 0, sizeof *j);
	j->grid = g;
	j->rules = r;
	j->to = calloc(cells, sizeof *j->to);
	j->cap = 2 * cells + 16;
	j->path = calloc(j->cap, sizeof *j->path);
	ck_assert_ptr_nonnull(j->to);
	ck_assert_ptr_nonnull(j->path);
}

/* Frees what judge_init() allocated. */
static void
judge_free(struct judge *j)
{
	free(j->to);
	free(j->path);
}

/* Asks the oracle for the cost of every cell to the target, as it is now. */
static void
judge_aim(struct judge *j, int tx, int ty)
{
	j->tx = tx;
	j->ty = ty;
	oracle_costs_to(j->grid, j->rules, tx, ty, j->to);
}

/* The oracle's cost from (x,y) to the target, PATH_COST_NONE outside. */
static path_cost
judge_cost_to(const struct judge *j, int x, int y)
{
	if (!path_grid_contains(j->grid, x, y))
		return (PATH_COST_NONE);
	return (j->to[y * path_grid_width(j->grid) + x]);
}

/* One chase: a grid, the planners of one context, hunters and a target. */
struct chase {
	uint64_t		 seed;
	int			 shared;	/* one hunter, optimal paths */
	struct oracle_rng	 rng;
	struct path_grid	*grid;
	int			 width;
	int			 height;
	int			 terrain;
	int			 max_cost;
	struct path_rules	 rules;
	struct path_context	*ctx;
	struct path_planner	*planners[PLANNERS];
	struct path_point	 hunters[PLANNERS];
	int			 planned[PLANNERS];
	uint64_t		 seen[PLANNERS];	/* grid version */
	enum path_plan_status	 status[PLANNERS];
	int			 tx;
	int			 ty;
	int			 turn;
	unsigned long		 budget;	/* of this turn */
	int			 settle;	/* plan until not PARTIAL */
	struct judge		 judge;
	struct chase_coverage	*cover;
	char			 what[256];
	uint64_t		 traced;	/* expansions the trace saw */
	int			 trace_bad;	/* a traced cell off the grid */
};

/* The context's trace: counts expansions, checks every cell is real. */
static void
chase_trace(void *arg, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct chase	*ch = arg;

	(void)g;
	(void)h;
	(void)px;
	(void)py;
	if (x < 0 || y < 0 || x >= ch->width || y >= ch->height ||
	    (ev != PATH_TRACE_EXPAND && ev != PATH_TRACE_OPEN &&
	    ev != PATH_TRACE_IMPROVE))
		ch->trace_bad = 1;
	if (ev == PATH_TRACE_EXPAND)
		ch->traced++;
}

/* A status as a word, for messages. */
static const char *
status_name(enum path_plan_status status)
{
	switch (status) {
	case PATH_PLAN_FOUND:
		return ("FOUND");
	case PATH_PLAN_PARTIAL:
		return ("PARTIAL");
	case PATH_PLAN_NONE:
		return ("NONE");
	default:
		return ("?");
	}
}

/* A terrain kind as a word, mazes included. */
static const char *
terrain_name(int terrain)
{
	if (terrain == ORACLE_TERRAIN_COUNT)
		return ("maze");
	return (oracle_terrain_name((enum oracle_terrain)terrain));
}

/* Whether (x,y) is an open cell of the grid. */
static bool
cell_open(const struct path_grid *g, int x, int y)
{
	return (path_grid_contains(g, x, y) && path_grid_get(g, x, y) != 0);
}

/* Copies a grid into a new one whose change log holds log_capacity. */
static struct path_grid *
grid_with_log(struct path_grid *src, size_t log_capacity)
{
	struct path_grid	*g;
	int			 x, y, w = path_grid_width(src);
	int			 h = path_grid_height(src);

	g = path_grid_new(w, h, 1, log_capacity);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			path_grid_set(g, x, y, path_grid_get(src, x, y));
	}
	path_grid_free(src);
	return (g);
}

/*
 * Builds a grid from rows of text: '#' is a wall, '.' costs 1 and a digit
 * its value.
 */
static struct path_grid *
grid_from_rows(const char *const *rows, int height, size_t log_capacity)
{
	struct path_grid	*g;
	int			 x, y, w = (int)strlen(rows[0]);

	g = path_grid_new(w, height, 1, log_capacity);
	for (y = 0; y < height; y++) {
		for (x = 0; x < w; x++) {
			if (rows[y][x] == '#')
				path_grid_set(g, x, y, 0);
			else if (rows[y][x] >= '1' && rows[y][x] <= '9')
				path_grid_set(g, x, y,
				    (unsigned)(rows[y][x] - '0'));
		}
	}
	return (g);
}

/* Rules number combo of the sixteen movement and diagonal pairs. */
static struct path_rules
rules_of(int combo)
{
	struct path_rules	r;

	r.movement = (enum path_movement)(combo / TEST_DIAGONALS %
	    TEST_MOVEMENTS);
	r.diagonal = (enum path_diagonal)(combo % TEST_DIAGONALS);
	r.heuristic = PATH_H_DEFAULT;
	return (r);
}

/* ---------------------------------------------------------------------
 * Chases.
 */

/* Reports a failure of a chase, printing the grid and the positions. */
static void __attribute__((format(printf, 3, 4)))
chase_fail(const struct chase *ch, int i, const char *fmt, ...)
{
	va_list	ap;
	char	detail[640], rules[64];
	int	j;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	fprintf(stderr, "grid of %s at turn %d:\n", ch->what, ch->turn);
	test_grid_print(stderr, ch->grid);
	for (j = 0; j < PLANNERS; j++)
		fprintf(stderr, "hunter of %s%s at (%d,%d)\n",
		    path_planner_name(chase_kinds[j]),
		    chase_second(j) ? "#2" : "", ch->hunters[j].x,
		    ch->hunters[j].y);
	ck_abort_msg("%s, turn %d, planner %s%s, rules %s, budget %lu, "
	    "hunter (%d,%d), target (%d,%d): %s", ch->what, ch->turn,
	    path_planner_name(chase_kinds[i]), chase_second(i) ? "#2" : "",
	    test_rules_text(ch->rules, rules, sizeof rules), ch->budget,
	    ch->hunters[i].x, ch->hunters[i].y, ch->tx, ch->ty, detail);
}

/* A random open cell, or a random cell if few are open. */
static void
chase_random_cell(struct chase *ch, int *x, int *y)
{
	int	tries;

	for (tries = 0; tries < 64; tries++) {
		*x = oracle_rng_below(&ch->rng, ch->width);
		*y = oracle_rng_below(&ch->rng, ch->height);
		if (cell_open(ch->grid, *x, *y))
			return;
	}
}

/* A random open cell within radius of (x,y), or (x,y) itself. */
static void
chase_nearby_cell(struct chase *ch, int radius, int *x, int *y)
{
	int	tries, nx, ny;

	for (tries = 0; tries < 32; tries++) {
		nx = *x + oracle_rng_range(&ch->rng, -radius, radius);
		ny = *y + oracle_rng_range(&ch->rng, -radius, radius);
		if ((nx != *x || ny != *y) && cell_open(ch->grid, nx, ny)) {
			*x = nx;
			*y = ny;
			return;
		}
	}
}

/* A cell outside the grid, just beyond one of its edges. */
static void
chase_outside_cell(struct chase *ch, int *x, int *y)
{
	*x = oracle_rng_below(&ch->rng, ch->width);
	*y = oracle_rng_below(&ch->rng, ch->height);
	switch (oracle_rng_below(&ch->rng, 4)) {
	case 0:
		*x = -1;
		break;
	case 1:
		*x = ch->width;
		break;
	case 2:
		*y = -1;
		break;
	default:
		*y = ch->height;
		break;
	}
}

/* Builds chase number k; see the top of the file for what varies. */
static void
chase_new(struct chase *ch, uint64_t k, int budgeted, int big,
    struct chase_coverage *cover)
{
	static const int	 weights[] = { 1, 9, 254 };
	struct path_grid	*g;
	size_t			 log;
	int			 i, x, y;

	memset(ch, 0, sizeof *ch);
	ch->cover = cover;
	ch->seed = test_seed_base() * 2654435761ULL + k;
	oracle_rng_seed(&ch->rng, ch->seed);
	ch->rules = rules_of((int)(k % 16));
	if (oracle_rng_below(&ch->rng, 4) == 0) {
		/* Any heuristic: the context must make it admissible. */
		ch->rules.heuristic = (enum path_heuristic)oracle_rng_below(
		    &ch->rng, TEST_HEURISTICS);
	}
	ch->terrain = (int)(k / 16 % TERRAINS);
	ch->shared = (int)(k / (16 * TERRAINS) % 2);
	ch->max_cost = weights[k / (32 * TERRAINS) % 3];
	cover->terrains[ch->terrain]++;

	if (big) {
		/* Enough cells for mtdstar to compact its records. */
		ch->width = oracle_rng_range(&ch->rng, 36, 72);
		ch->height = oracle_rng_range(&ch->rng, 36, 72);
	} else
		oracle_random_size(&ch->rng, CHASE_MAX_SIDE, &ch->width,
		    &ch->height);
	if (ch->terrain == ORACLE_TERRAIN_COUNT)
		g = oracle_grid_maze(&ch->rng, ch->width, ch->height,
		    oracle_rng_below(&ch->rng, 30), ch->max_cost);
	else
		g = oracle_grid_make(&ch->rng, (enum oracle_terrain)ch->terrain,
		    ch->width, ch->height, ch->max_cost);
	/* One chase in eight keeps so short a log that it overflows. */
	if (oracle_rng_below(&ch->rng, 8) == 0)
		log = (size_t)oracle_rng_range(&ch->rng, 1, 8);
	else
		log = PATH_GRID_LOG_DEFAULT;
	ch->grid = grid_with_log(g, log);

	snprintf(ch->what, sizeof ch->what, "seed %llu (%schase %llu%s%s) "
	    "%dx%d %s costs 1..%d log %zu", (unsigned long long)ch->seed,
	    big ? "long " : "", (unsigned long long)k,
	    ch->shared ? ", one hunter" : ", own paths",
	    budgeted ? ", budgeted" : "", ch->width, ch->height,
	    terrain_name(ch->terrain), ch->max_cost, log);

	ch->ctx = path_context_new(ch->grid, ch->rules);
	path_context_set_trace(ch->ctx, chase_trace, ch);
	chase_random_cell(ch, &x, &y);
	for (i = 0; i < PLANNERS; i++) {
		ch->planners[i] = path_planner_new(chase_kinds[i], ch->ctx);
		ck_assert_int_eq(path_planner_kind(ch->planners[i]),
		    chase_kinds[i]);
		ch->hunters[i].x = x;
		ch->hunters[i].y = y;
	}
	if (!ch->shared) {
		chase_random_cell(ch, &ch->hunters[SECOND_FIELD].x,
		    &ch->hunters[SECOND_FIELD].y);
		chase_random_cell(ch, &ch->hunters[SECOND_CROWD].x,
		    &ch->hunters[SECOND_CROWD].y);
	}
	chase_random_cell(ch, &ch->tx, &ch->ty);
	if (oracle_rng_below(&ch->rng, 10) == 0) {
		ch->tx = x;		/* starting on the target */
		ch->ty = y;
	}
	judge_init(&ch->judge, ch->grid, ch->rules);
}

/* Frees a chase, planners before their context. */
static void
chase_free(struct chase *ch)
{
	int	i;

	for (i = 0; i < PLANNERS; i++)
		path_planner_free(ch->planners[i]);
	path_context_free(ch->ctx);
	path_grid_free(ch->grid);
	judge_free(&ch->judge);
}

/* The cost a changed cell gets: a wall a third of the time. */
static unsigned
chase_new_cost(struct chase *ch)
{
	if (oracle_rng_below(&ch->rng, 3) == 0)
		return (0);
	if (ch->max_cost == 1 && oracle_rng_below(&ch->rng, 4) != 0)
		return (1);
	return ((unsigned)oracle_rng_range(&ch->rng, 1,
	    ch->max_cost > 9 ? ch->max_cost : 9));
}

/* A cell on some planner's last path, to aim a change at; 0 if none. */
static int
chase_path_cell(struct chase *ch, int *x, int *y)
{
	struct path_planner	*p;
	size_t			 n;

	p = ch->planners[oracle_rng_below(&ch->rng, PLANNERS)];
	n = path_planner_path(p, ch->judge.path, ch->judge.cap);
	if (n == 0 || n > ch->judge.cap)
		return (0);
	n = (size_t)oracle_rng_below(&ch->rng, (int)n);
	*x = ch->judge.path[n].x;
	*y = ch->judge.path[n].y;
	return (1);
}

/*
 * Changes the grid for a turn: none to three changes, each a cell or a
 * rectangle, often on a planner's path or under the hunter or target,
 * walls rising and falling and costs changing; now and then a cell is
 * blocked and reopened at once, which changes versions but not costs,
 * and rarely a storm of changes all over the grid.
 */
static void
chase_change_grid(struct chase *ch)
{
	struct oracle_rng	*rng = &ch->rng;
	struct path_point	*h;
	unsigned		 cost;
	int			 n, i, x, y, x0, y0, rw, rh, roll, same;

	if (oracle_rng_below(rng, 50) == 0) {
		n = oracle_rng_range(rng, 40, 120);
		for (i = 0; i < n; i++)
			path_grid_set(ch->grid, oracle_rng_below(rng,
			    ch->width), oracle_rng_below(rng, ch->height),
			    chase_new_cost(ch));
	}
	n = oracle_rng_below(rng, 4);
	for (i = 0; i < n; i++) {
		roll = oracle_rng_below(rng, 100);
		if (roll < 35 && chase_path_cell(ch, &x, &y))
			;
		else if (roll < 42) {
			h = &ch->hunters[oracle_rng_below(rng, PLANNERS)];
			x = h->x;
			y = h->y;
		} else if (roll < 48) {
			x = ch->tx;
			y = ch->ty;
		} else {
			x = oracle_rng_below(rng, ch->width);
			y = oracle_rng_below(rng, ch->height);
		}
		cost = chase_new_cost(ch);
		roll = oracle_rng_below(rng, 100);
		if (roll < 25) {
			rw = oracle_rng_range(rng, 1, 4);
			rh = oracle_rng_range(rng, 1, 4);
			x0 = x - oracle_rng_below(rng, rw);
			y0 = y - oracle_rng_below(rng, rh);
			same = oracle_rng_below(rng, 2);
			for (y = y0; y < y0 + rh; y++) {
				for (x = x0; x < x0 + rw; x++) {
					path_grid_set(ch->grid, x, y, same ?
					    cost : chase_new_cost(ch));
				}
			}
		} else if (roll < 30) {
			path_grid_set(ch->grid, x, y, 0);
			path_grid_set(ch->grid, x, y, cost != 0 ? cost : 1);
		} else
			path_grid_set(ch->grid, x, y, cost);
	}
}

/*
 * Moves the target: mostly a step or a pause, sometimes a jump of a few
 * cells, a teleport anywhere, onto a wall or off the grid.
 */
static void
chase_move_target(struct chase *ch)
{
	struct oracle_rng	*rng = &ch->rng;
	int			 roll = oracle_rng_below(rng, 100), tries;

	if (!path_grid_contains(ch->grid, ch->tx, ch->ty) || roll >= 99) {
		/* Off the grid, or teleporting away. */
		chase_random_cell(ch, &ch->tx, &ch->ty);
		ch->cover->teleports++;
	} else if (roll < 15)
		;
	else if (roll < 70)
		chase_nearby_cell(ch, 1, &ch->tx, &ch->ty);
	else if (roll < 85)
		chase_nearby_cell(ch, oracle_rng_range(rng, 2, 5), &ch->tx,
		    &ch->ty);
	else if (roll < 95) {
		chase_random_cell(ch, &ch->tx, &ch->ty);
		ch->cover->teleports++;
	} else if (roll < 98) {
		for (tries = 0; tries < 16; tries++) {
			ch->tx = oracle_rng_below(rng, ch->width);
			ch->ty = oracle_rng_below(rng, ch->height);
			if (!cell_open(ch->grid, ch->tx, ch->ty))
				break;
		}
	} else
		chase_outside_cell(ch, &ch->tx, &ch->ty);
}

/*
 * Checks a PARTIAL answer: only on a budget, only with both ends open, no
 * cost, and a path from the hunter whose every step is legal.  Returns 0,
 * or -1 with the reason in why.
 */
static int
judge_partial(const struct judge *j, const struct path_planner *p, int hx,
    int hy, unsigned long budget, char *why, size_t len)
{
	path_cost	sum;
	size_t		n;
	char		reason[160];
	int		nx, ny, has_next;

	if (budget == 0)
		return (snprintf(why, len, "PARTIAL without a budget"), -1);
	if (!cell_open(j->grid, hx, hy) || !cell_open(j->grid, j->tx, j->ty))
		return (snprintf(why, len, "PARTIAL although the hunter or the "
		    "target is blocked or outside, which must give NONE"), -1);
	if (hx == j->tx && hy == j->ty)
		return (snprintf(why, len, "PARTIAL with the hunter on the "
		    "target, which must give FOUND"), -1);
	if (path_planner_cost(p) != PATH_COST_NONE)
		return (snprintf(why, len, "PARTIAL with a cost of %lld",
		    (long long)path_planner_cost(p)), -1);
	n = path_planner_path(p, j->path, j->cap);
	if (n == 0 || n > j->cap)
		return (snprintf(why, len, "PARTIAL with a path of %zu points",
		    n), -1);
	sum = oracle_path_cost(j->grid, j->rules, hx, hy, j->path[n - 1].x,
	    j->path[n - 1].y, j->path, n, reason, sizeof reason);
	if (sum < 0)
		return (snprintf(why, len, "PARTIAL with an illegal path of "
		    "%zu points: %s", n, reason), -1);
	has_next = path_planner_next(p, &nx, &ny) == 0;
	if (has_next != (n >= 2))
		return (snprintf(why, len, "PARTIAL path of %zu points, but "
		    "next returns %d", n, has_next ? 0 : -1), -1);
	if (has_next && (nx != j->path[1].x || ny != j->path[1].y))
		return (snprintf(why, len, "next step (%d,%d) is not the "
		    "path's second point (%d,%d)", nx, ny, j->path[1].x,
		    j->path[1].y), -1);
	return (0);
}

/*
 * Checks a final answer against the oracle: the status, the cost (exact,
 * or for cached no better than optimal), a legal path from the hunter to
 * the target that adds up to the cost, and a next step on an optimal
 * path (for cached, on some path).  Returns 0, or -1 with the reason.
 */
static int
judge_final(const struct judge *j, const struct path_planner *p, int hx,
    int hy, enum path_plan_status status, char *why, size_t len)
{
	path_cost	 expect, cost, sum, step, rest;
	size_t		 n;
	char		 reason[160];
	int		 nx = -1, ny = -1, has_next;
	bool		 optimal;

	optimal = path_planner_kind(p) != PATH_PLANNER_CACHED;
	expect = judge_cost_to(j, hx, hy);
	cost = path_planner_cost(p);
	n = path_planner_path(p, j->path, j->cap);
	has_next = path_planner_next(p, &nx, &ny) == 0;
	if (expect == PATH_COST_NONE) {
		if (status != PATH_PLAN_NONE)
			return (snprintf(why, len, "status %s, but the oracle "
			    "finds no path", status_name(status)), -1);
		if (cost != PATH_COST_NONE)
			return (snprintf(why, len, "no path, but a cost of "
			    "%lld", (long long)cost), -1);
		if (n != 0)
			return (snprintf(why, len, "no path, but a path of %zu "
			    "points", n), -1);
		if (has_next)
			return (snprintf(why, len, "no path, but a next step "
			    "(%d,%d)", nx, ny), -1);
		return (0);
	}
	if (status != PATH_PLAN_FOUND)
		return (snprintf(why, len, "status %s, but the oracle finds a "
		    "path of cost %lld", status_name(status),
		    (long long)expect), -1);
	if (optimal && cost != expect)
		return (snprintf(why, len, "cost %lld, but the oracle's is "
		    "%lld", (long long)cost, (long long)expect), -1);
	if (!optimal && (cost < expect || cost == PATH_COST_NONE))
		return (snprintf(why, len, "cost %lld, but the oracle's "
		    "optimum is %lld", (long long)cost, (long long)expect), -1);
	if (n == 0 || n > j->cap)
		return (snprintf(why, len, "cost %lld with a path of %zu "
		    "points", (long long)cost, n), -1);
	sum = oracle_path_cost(j->grid, j->rules, hx, hy, j->tx, j->ty,
	    j->path, n, reason, sizeof reason);
	if (sum < 0)
		return (snprintf(why, len, "an illegal path of %zu points: %s",
		    n, reason), -1);
	if (sum != cost)
		return (snprintf(why, len, "the path's steps add up to %lld, "
		    "but the planner's cost is %lld", (long long)sum,
		    (long long)cost), -1);
	if (hx == j->tx && hy == j->ty) {
		if (n != 1 || has_next || cost != 0)
			return (snprintf(why, len, "hunter on the target: path "
			    "of %zu points, next %s, cost %lld (want 1, none, "
			    "0)", n, has_next ? "given" : "none",
			    (long long)cost), -1);
		return (0);
	}
	if (!has_next)
		return (snprintf(why, len, "FOUND a path of %zu points but no "
		    "next step", n), -1);
	if (nx != j->path[1].x || ny != j->path[1].y)
		return (snprintf(why, len, "next step (%d,%d) is not the "
		    "path's second point (%d,%d)", nx, ny, j->path[1].x,
		    j->path[1].y), -1);
	step = oracle_step(j->grid, j->rules, hx, hy, nx - hx, ny - hy);
	rest = judge_cost_to(j, nx, ny);
	if (step < 0 || rest == PATH_COST_NONE)
		return (snprintf(why, len, "next step (%d,%d) is not a legal "
		    "step towards the target", nx, ny), -1);
	if (optimal && step + rest != expect)
		return (snprintf(why, len, "next step (%d,%d) costs %lld and "
		    "leaves %lld to go, not on an optimal path of %lld", nx,
		    ny, (long long)step, (long long)rest, (long long)expect),
		    -1);
	return (0);
}

/* Checks a PARTIAL answer of a chase. */
static void
chase_check_partial(struct chase *ch, int i)
{
	char	why[320];

	ch->cover->partial++;
	if (judge_partial(&ch->judge, ch->planners[i], ch->hunters[i].x,
	    ch->hunters[i].y, ch->budget, why, sizeof why) != 0)
		chase_fail(ch, i, "%s", why);
}

/* Checks a final answer of a chase, and counts what it was. */
static void
chase_check_final(struct chase *ch, int i, enum path_plan_status status)
{
	struct path_point	 h = ch->hunters[i];
	struct chase_coverage	*c = ch->cover;
	path_cost		 expect = judge_cost_to(&ch->judge, h.x, h.y);
	char			 why[320];

	if (judge_final(&ch->judge, ch->planners[i], h.x, h.y, status, why,
	    sizeof why) != 0)
		chase_fail(ch, i, "%s", why);
	if (expect == PATH_COST_NONE) {
		c->unreachable++;
		if (!cell_open(ch->grid, h.x, h.y))
			c->blocked_hunter++;
		if (!cell_open(ch->grid, ch->tx, ch->ty))
			c->blocked_target++;
		if (!path_grid_contains(ch->grid, ch->tx, ch->ty) ||
		    !path_grid_contains(ch->grid, h.x, h.y))
			c->outside++;
		return;
	}
	c->reachable++;
	if (h.x == ch->tx && h.y == ch->ty)
		c->on_target++;
	if (path_planner_cost(ch->planners[i]) > expect)
		c->cached_worse++;
}

/*
 * Calls the planner once and checks what every call must satisfy: a
 * known status, from_scratch exactly when the log overflowed since its
 * last call, the budget respected, a first real search counted as one.
 */
static enum path_plan_status
chase_call(struct chase *ch, int i, unsigned long budget,
    struct path_plan_stats *st)
{
	struct path_planner	*p = ch->planners[i];
	enum path_plan_status	 status;
	uint64_t		 version = path_grid_version(ch->grid);
	size_t			 log = path_grid_log_capacity(ch->grid);
	int			 overflow, open_ends;

	overflow = ch->planned[i] && version - ch->seen[i] > log;
	open_ends = cell_open(ch->grid, ch->hunters[i].x, ch->hunters[i].y) &&
	    cell_open(ch->grid, ch->tx, ch->ty);
	ch->traced = 0;
	status = path_planner_plan(p, budget, st);
	if (status != PATH_PLAN_FOUND && status != PATH_PLAN_PARTIAL &&
	    status != PATH_PLAN_NONE)
		chase_fail(ch, i, "unknown status %d", (int)status);
	/* The overlays' trace sees exactly the expansions counted. */
	if (ch->traced != st->expansions || ch->trace_bad)
		chase_fail(ch, i, "the trace saw %llu expansions%s, stats "
		    "count %llu", (unsigned long long)ch->traced,
		    ch->trace_bad ? " (and a cell off the grid)" : "",
		    (unsigned long long)st->expansions);
	if (st->from_scratch != overflow)
		chase_fail(ch, i, "stats.from_scratch %d, but %llu changes "
		    "since its last call and a log of %zu", st->from_scratch,
		    (unsigned long long)(version - ch->seen[i]), log);
	if (budget != 0 && st->expansions > budget)
		chase_fail(ch, i, "%llu expansions on a budget of %lu",
		    (unsigned long long)st->expansions, budget);
	/*
	 * Crowd and field planners share one search from the target: only
	 * the first of them to ask must begin it.
	 */
	if (!ch->planned[i] && open_ends && !st->replanned &&
	    (!kind_shares(chase_kinds[i]) || i == FIRST_CROWD))
		chase_fail(ch, i, "a first plan with stats.replanned %d",
		    st->replanned);
	if (overflow)
		ch->cover->from_scratch++;
	if (chase_kinds[i] == PATH_PLANNER_CACHED && st->cache_hit)
		ch->cover->cached_hits++;
	ch->planned[i] = 1;
	ch->seen[i] = version;
	return (status);
}

/*
 * Asks planner i for this turn: one call on the turn's budget, or on a
 * settling turn as many as it takes to finish, then checks the answer.
 */
static void
chase_ask(struct chase *ch, int i)
{
	struct path_planner	*p = ch->planners[i];
	struct path_plan_stats	 st;
	enum path_plan_status	 status;
	size_t			 cells = (size_t)ch->width * ch->height;
	size_t			 calls, limit;

	path_planner_set_hunter(p, ch->hunters[i].x, ch->hunters[i].y);
	path_planner_set_target(p, ch->tx, ch->ty);
	status = chase_call(ch, i, ch->budget, &st);
	if (ch->settle && ch->budget != 0) {
		limit = 16 * cells / ch->budget + 100;
		for (calls = 0; status == PATH_PLAN_PARTIAL; calls++) {
			if (calls > limit)
				chase_fail(ch, i, "still PARTIAL after %zu "
				    "more calls", calls);
			chase_check_partial(ch, i);
			status = chase_call(ch, i, ch->budget, &st);
		}
	}
	ch->status[i] = status;
	if (status == PATH_PLAN_PARTIAL)
		chase_check_partial(ch, i);
	else
		chase_check_final(ch, i, status);

	/* Planners of one context share the field: the second finds it. */
	if (chase_second(i) && ch->shared && ch->budget == 0 &&
	    cell_open(ch->grid, ch->hunters[i].x, ch->hunters[i].y) &&
	    cell_open(ch->grid, ch->tx, ch->ty) &&
	    (!st.cache_hit || st.expansions != 0))
		chase_fail(ch, i, "the second %s planner of the context, "
		    "same target, got cache_hit %d and %llu expansions",
		    path_planner_name(chase_kinds[i]), st.cache_hit,
		    (unsigned long long)st.expansions);
}

/* Knocks a hunter away: near, anywhere, or off the grid. */
static void
chase_knock(struct chase *ch, struct path_point *h)
{
	int	roll = oracle_rng_below(&ch->rng, 100);

	if (roll < 60)
		chase_nearby_cell(ch, 2, &h->x, &h->y);
	else if (roll < 95)
		chase_random_cell(ch, &h->x, &h->y);
	else
		chase_outside_cell(ch, &h->x, &h->y);
}

/* One optimal step from (x,y) by the oracle, chosen at random. */
static void
chase_oracle_step(struct chase *ch, struct path_point *h)
{
	struct path_point	best[8];
	path_cost		here, step, rest;
	int			dx, dy, k = 0;

	here = judge_cost_to(&ch->judge, h->x, h->y);
	if (here == PATH_COST_NONE || here == 0)
		return;
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			step = oracle_step(ch->grid, ch->rules, h->x, h->y, dx,
			    dy);
			rest = judge_cost_to(&ch->judge, h->x + dx, h->y + dy);
			if (step >= 0 && rest != PATH_COST_NONE &&
			    step + rest == here) {
				best[k].x = h->x + dx;
				best[k].y = h->y + dy;
				k++;
			}
		}
	}
	if (k > 0)
		*h = best[oracle_rng_below(&ch->rng, k)];
}

/*
 * Moves the hunters after a turn: each along its own planner's next step
 * (or, with one hunter, along an optimal step), sometimes pausing,
 * sometimes knocked away; a hunter stuck on a wall or outside is knocked
 * free now and then.
 */
static void
chase_move_hunters(struct chase *ch)
{
	struct path_point	*h;
	int			 i, roll, nx, ny, stuck;

	for (i = 0; i < (ch->shared ? 1 : PLANNERS); i++) {
		h = &ch->hunters[i];
		roll = oracle_rng_below(&ch->rng, 100);
		stuck = !cell_open(ch->grid, h->x, h->y);
		if ((stuck && roll < 30) || (!stuck && roll >= 96)) {
			chase_knock(ch, h);
			ch->cover->teleports++;
		} else if (roll < 85 && ch->shared)
			chase_oracle_step(ch, h);
		else if (roll < 85 && ch->status[i] != PATH_PLAN_NONE &&
		    path_planner_next(ch->planners[i], &nx, &ny) == 0) {
			h->x = nx;
			h->y = ny;
		}
	}
	if (ch->shared) {
		for (i = 1; i < PLANNERS; i++)
			ch->hunters[i] = ch->hunters[0];
	}
}

/* Plays one chase from start to end. */
static void
chase_play(uint64_t k, int budgeted, int big, struct chase_coverage *cover)
{
	static const unsigned long	 budgets[] = { 0, 1, 2, 3, 8, 40 };
	struct chase			 ch;
	int				 i;

	chase_new(&ch, k, budgeted, big, cover);
	for (ch.turn = 0; ch.turn < (big ? LONG_TURNS : CHASE_TURNS);
	    ch.turn++) {
		if (ch.turn > 0) {
			chase_change_grid(&ch);
			chase_move_target(&ch);
		}
		if (budgeted) {
			ch.budget = budgets[oracle_rng_below(&ch.rng, 6)];
			ch.settle = ch.turn % 3 == 2;
		}
		judge_aim(&ch.judge, ch.tx, ch.ty);
		for (i = 0; i < PLANNERS; i++) {
			if (chase_asks(i))
				chase_ask(&ch, i);
		}
		chase_move_hunters(&ch);
	}
	chase_free(&ch);
}

/* Checks that a chunk of chases met every case it should. */
static void
chase_coverage_check(const struct chase_coverage *c, uint64_t first,
    int count, int budgeted)
{
	int	t;

	for (t = 0; t < TERRAINS; t++) {
		ck_assert_msg(c->terrains[t] > 0, "chases %llu..%llu: no %s "
		    "grid", (unsigned long long)first,
		    (unsigned long long)first + count - 1, terrain_name(t));
	}
	ck_assert_msg(c->reachable > 0 && c->unreachable > 0 &&
	    c->on_target > 0 && c->blocked_hunter > 0 &&
	    c->blocked_target > 0 && c->outside > 0 && c->teleports > 0 &&
	    c->from_scratch > 0 && (c->cached_hits > 0 || !chase_asks(1)) &&
	    (!budgeted || c->partial > 0), "chases %llu..%llu miss a case: "
	    "reachable %d, unreachable %d, on target %d, blocked hunter %d, "
	    "blocked target %d, outside %d, teleports %d, from scratch %d, "
	    "cached hits %d, partial %d", (unsigned long long)first,
	    (unsigned long long)first + count - 1, c->reachable,
	    c->unreachable, c->on_target, c->blocked_hunter,
	    c->blocked_target, c->outside, c->teleports, c->from_scratch,
	    c->cached_hits, c->partial);
}

/* A chunk of chases without a budget: every answer exact, every turn. */
START_TEST(test_planner_chase)
{
	struct chase_coverage	cover;
	uint64_t		first = (uint64_t)_i * CHASE_EPISODES;
	int			e;

	memset(&cover, 0, sizeof cover);
	for (e = 0; e < CHASE_EPISODES; e++)
		chase_play(first + (uint64_t)e, 0, 0, &cover);
	chase_coverage_check(&cover, first, CHASE_EPISODES, 0);
}
END_TEST

/*
 * Long chases on large grids, where searches touch thousands of cells
 * and mtdstar compacts its records as the hunter leaves them behind;
 * one in two on budgets.
 */
START_TEST(test_planner_chase_long)
{
	struct chase_coverage	cover;
	uint64_t		first;
	int			e;

	first = LONG_FIRST + (uint64_t)_i * LONG_EPISODES;
	memset(&cover, 0, sizeof cover);
	for (e = 0; e < LONG_EPISODES; e++)
		chase_play(first + (uint64_t)e, e % 2, 1, &cover);
	ck_assert_msg(cover.reachable > 0 && cover.teleports > 0, "long "
	    "chases %llu..%llu: reachable %d, teleports %d",
	    (unsigned long long)first,
	    (unsigned long long)first + LONG_EPISODES - 1, cover.reachable,
	    cover.teleports);
}
END_TEST

/*
 * A chunk of chases on budgets that change every turn, so searches are
 * left unfinished while the grid, the hunter and the target move on.
 */
START_TEST(test_planner_chase_budget)
{
	struct chase_coverage	cover;
	uint64_t		first;
	int			e;

	first = BUDGET_FIRST + (uint64_t)_i * BUDGET_EPISODES;
	memset(&cover, 0, sizeof cover);
	for (e = 0; e < BUDGET_EPISODES; e++)
		chase_play(first + (uint64_t)e, 1, 0, &cover);
	chase_coverage_check(&cover, first, BUDGET_EPISODES, 1);
}
END_TEST

/* ---------------------------------------------------------------------
 * Edge cases, one planner of each kind sharing a context.
 */

/*
 * A grid and one planner of each kind, for the hand-made cases.  The
 * crowd planner has a context of its own: in the shared one it would find
 * the search the field planner ran to the end, and these cases are about
 * its own search (the chases test the sharing).
 */
struct probe {
	struct path_grid	*grid;
	struct path_rules	 rules;
	struct path_context	*ctx;
	struct path_context	*crowd_ctx;
	struct path_planner	*planners[PATH_PLANNER_KINDS];
	struct judge		 judge;
	char			 what[160];
};

/* Sets up a probe on a grid, which it then owns. */
static void __attribute__((format(printf, 4, 5)))
probe_new(struct probe *pr, struct path_grid *g, struct path_rules rules,
    const char *fmt, ...)
{
	va_list	ap;
	int	k;

	memset(pr, 0, sizeof *pr);
	pr->grid = g;
	pr->rules = rules;
	va_start(ap, fmt);
	vsnprintf(pr->what, sizeof pr->what, fmt, ap);
	va_end(ap);
	pr->ctx = path_context_new(g, rules);
	pr->crowd_ctx = path_context_new(g, rules);
	for (k = 0; k < PATH_PLANNER_KINDS; k++)
		pr->planners[k] = path_planner_new((enum path_planner_kind)k,
		    k == PATH_PLANNER_CROWD ? pr->crowd_ctx : pr->ctx);
	judge_init(&pr->judge, g, rules);
}

/* Frees a probe: planners, context, judge and grid. */
static void
probe_free(struct probe *pr)
{
	int	k;

	for (k = 0; k < PATH_PLANNER_KINDS; k++)
		path_planner_free(pr->planners[k]);
	path_context_free(pr->ctx);
	path_context_free(pr->crowd_ctx);
	judge_free(&pr->judge);
	path_grid_free(pr->grid);
}

/* Fails a hand-made case, printing small grids. */
static void __attribute__((format(printf, 8, 9)))
probe_fail(const struct probe *pr, enum path_planner_kind k, int hx, int hy,
    int tx, int ty, unsigned long budget, const char *fmt, ...)
{
	va_list	ap;
	char	detail[480], rules[64];

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	if (path_grid_width(pr->grid) <= 80 &&
	    path_grid_height(pr->grid) <= 60) {
		fprintf(stderr, "grid of %s:\n", pr->what);
		test_grid_print(stderr, pr->grid);
	}
	ck_abort_msg("%s, planner %s, rules %s, budget %lu, hunter (%d,%d), "
	    "target (%d,%d): %s", pr->what, path_planner_name(k),
	    test_rules_text(pr->rules, rules, sizeof rules), budget, hx, hy,
	    tx, ty, detail);
}

/*
 * Plans once with planner p (of the probe's context) from (hx,hy) to
 * (tx,ty) and checks the answer against the oracle, and that the budget
 * held.  Returns the status; the stats go to st if it is not NULL.
 */
static enum path_plan_status
probe_plan_with(struct probe *pr, struct path_planner *p, int hx, int hy,
    int tx, int ty, unsigned long budget, struct path_plan_stats *st)
{
	enum path_planner_kind	 k = path_planner_kind(p);
	struct path_plan_stats	 local;
	enum path_plan_status	 status;
	char			 why[320];
	int			 bad;

	if (st == NULL)
		st = &local;
	judge_aim(&pr->judge, tx, ty);
	path_planner_set_hunter(p, hx, hy);
	path_planner_set_target(p, tx, ty);
	status = path_planner_plan(p, budget, st);
	if (budget != 0 && st->expansions > budget)
		probe_fail(pr, k, hx, hy, tx, ty, budget, "%llu expansions on "
		    "a budget of %lu", (unsigned long long)st->expansions,
		    budget);
	if (status == PATH_PLAN_PARTIAL)
		bad = judge_partial(&pr->judge, p, hx, hy, budget, why,
		    sizeof why);
	else
		bad = judge_final(&pr->judge, p, hx, hy, status, why,
		    sizeof why);
	if (bad)
		probe_fail(pr, k, hx, hy, tx, ty, budget, "%s", why);
	return (status);
}

/* The same with the probe's planner of kind k. */
static enum path_plan_status
probe_plan(struct probe *pr, enum path_planner_kind k, int hx, int hy,
    int tx, int ty, unsigned long budget, struct path_plan_stats *st)
{
	return (probe_plan_with(pr, pr->planners[k], hx, hy, tx, ty, budget,
	    st));
}

/*
 * Plans on a budget until the answer is final, checking every partial
 * one on the way; fails if that takes more than a generous number of
 * calls.  Returns the final status; *calls (if not NULL) gets how many
 * calls it took.
 */
static enum path_plan_status
probe_settle(struct probe *pr, enum path_planner_kind k, int hx, int hy,
    int tx, int ty, unsigned long budget, int *calls)
{
	enum path_plan_status	status;
	size_t			cells;
	long			n = 1, limit;

	cells = (size_t)path_grid_width(pr->grid) * path_grid_height(pr->grid);
	limit = budget == 0 ? 1 : (long)(32 * cells / budget) + 100;
	status = probe_plan(pr, k, hx, hy, tx, ty, budget, NULL);
	while (status == PATH_PLAN_PARTIAL) {
		if (n++ > limit)
			probe_fail(pr, k, hx, hy, tx, ty, budget, "still "
			    "PARTIAL after %ld calls", limit);
		status = probe_plan(pr, k, hx, hy, tx, ty, budget, NULL);
	}
	if (calls != NULL)
		*calls = (int)n;
	return (status);
}

/* Settles every kind and demands one status of all of them. */
static void
probe_expect_all(struct probe *pr, int hx, int hy, int tx, int ty,
    unsigned long budget, enum path_plan_status want)
{
	enum path_plan_status	status;
	int			k;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		status = probe_settle(pr, (enum path_planner_kind)k, hx, hy,
		    tx, ty, budget, NULL);
		if (status != want)
			probe_fail(pr, (enum path_planner_kind)k, hx, hy, tx,
			    ty, budget, "status %s, want %s",
			    status_name(status), status_name(want));
	}
}

/* A random grid of a terrain kind (mazes included) with a roomy log. */
static struct path_grid *
random_grid(struct oracle_rng *rng, int terrain, int width, int height,
    int max_cost, size_t log_capacity)
{
	struct path_grid	*g;

	if (terrain == ORACLE_TERRAIN_COUNT)
		g = oracle_grid_maze(rng, width, height, 10, max_cost);
	else
		g = oracle_grid_make(rng, (enum oracle_terrain)terrain, width,
		    height, max_cost);
	return (grid_with_log(g, log_capacity));
}

/* Moves (x,y) to a random open neighbour, if it has one. */
static void
step_open(struct oracle_rng *rng, const struct path_grid *g, int *x, int *y)
{
	int	tries, nx, ny;

	for (tries = 0; tries < 16; tries++) {
		nx = *x + oracle_rng_range(rng, -1, 1);
		ny = *y + oracle_rng_range(rng, -1, 1);
		if ((nx != *x || ny != *y) && cell_open(g, nx, ny)) {
			*x = nx;
			*y = ny;
			return;
		}
	}
}

/* Two open cells far apart with a path between them; 0 if none found. */
static int
far_pair(struct oracle_rng *rng, const struct path_grid *g,
    struct path_rules rules, int *hx, int *hy, int *tx, int *ty)
{
	int	w = path_grid_width(g), h = path_grid_height(g), tries;

	for (tries = 0; tries < 200; tries++) {
		*hx = oracle_rng_below(rng, w / 3 + 1);
		*hy = oracle_rng_below(rng, h);
		*tx = w - 1 - oracle_rng_below(rng, w / 3 + 1);
		*ty = oracle_rng_below(rng, h);
		if (oracle_cost(g, rules, *hx, *hy, *tx, *ty) != PATH_COST_NONE)
			return (1);
	}
	return (0);
}

/* ---------------------------------------------------------------------
 * Packs: many crowd and field hunters of one context after a few targets.
 *
 * The crowd planner's promise is a shared search: every hunter of a
 * context after the same cell reads its answer from one Dijkstra from
 * that cell, stopped at the hunters that asked so far, and exact for each
 * of them.  A pack chase puts up to a dozen crowd and field hunters in one
 * context after up to three moving targets (the player, a last-seen
 * place, a noise), hunters switching targets now and then, tiles changing
 * between turns, budgets changing every turn; every answer is held to the
 * oracle, and an unbudgeted turn may expand each cell at most once per
 * target, which a planner that searched per hunter would break.  Another
 * test saves a pack in the middle of a budgeted chase, restores it on a
 * copy of the grid, and plays both on: the restored pack must give the
 * same answers and do the same work, call for call.
 */

#define PACK_CHUNKS		8
#define PACK_EPISODES		50	/* per chunk: 400 in all */
#define PACK_FIRST		3000000
#define PACK_TURNS		20
#define PACK_HUNTERS		12
#define PACK_TARGETS		3
#define RESTORE_CHUNKS		8	/* loops of the restore test */
#define RESTORE_EPISODES	15	/* per chunk: 120 in all */
#define RESTORE_FIRST		4000000

/* A pack: hunters of one context after a few targets. */
struct pack {
	uint64_t		 seed;
	struct oracle_rng	 rng;
	struct path_grid	*grid;
	int			 width;
	int			 height;
	struct path_rules	 rules;
	struct path_context	*ctx;
	int			 nhunters;
	int			 ntargets;
	struct path_planner	*planners[PACK_HUNTERS];
	struct path_point	 hunters[PACK_HUNTERS];
	int			 aim[PACK_HUNTERS];	/* target index */
	struct path_point	 targets[PACK_TARGETS];
	struct judge		 judges[PACK_TARGETS];
	unsigned long		 budget;
	int			 turn;
	int			 partial;	/* answers of each status */
	int			 found;
	int			 none;
	uint64_t		 traced;
	char			 what[160];
};

/* The pack context's trace: counts expansions. */
static void
pack_trace(void *arg, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct pack	*pk = arg;

	(void)x;
	(void)y;
	(void)g;
	(void)h;
	(void)px;
	(void)py;
	if (ev == PATH_TRACE_EXPAND)
		pk->traced++;
}

/* Reports a failure of a pack chase. */
static void __attribute__((format(printf, 3, 4)))
pack_fail(const struct pack *pk, int i, const char *fmt, ...)
{
	va_list	ap;
	char	detail[640], rules[64];

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	fprintf(stderr, "grid of %s at turn %d:\n", pk->what, pk->turn);
	test_grid_print(stderr, pk->grid);
	ck_abort_msg("%s, turn %d, hunter %d (%s), rules %s, budget %lu, at "
	    "(%d,%d), target %d (%d,%d): %s", pk->what, pk->turn, i,
	    path_planner_name(path_planner_kind(pk->planners[i])),
	    test_rules_text(pk->rules, rules, sizeof rules), pk->budget,
	    pk->hunters[i].x, pk->hunters[i].y, pk->aim[i],
	    pk->targets[pk->aim[i]].x, pk->targets[pk->aim[i]].y, detail);
}

/* A random open cell of the pack's grid (or any cell if few are open). */
static void
pack_random_cell(struct pack *pk, struct path_point *p)
{
	int	tries;

	for (tries = 0; tries < 64; tries++) {
		p->x = oracle_rng_below(&pk->rng, pk->width);
		p->y = oracle_rng_below(&pk->rng, pk->height);
		if (cell_open(pk->grid, p->x, p->y))
			return;
	}
}

/* Builds pack chase k: grid, rules, hunters (mostly crowd) and targets. */
static void
pack_new(struct pack *pk, uint64_t k)
{
	static const int	 weights[] = { 1, 9, 254 };
	int			 i, terrain;

	memset(pk, 0, sizeof *pk);
	pk->seed = test_seed_base() * 40503ULL + k;
	oracle_rng_seed(&pk->rng, pk->seed);
	pk->rules = rules_of((int)(k % 16));
	terrain = (int)(k / 16 % TERRAINS);
	pk->width = oracle_rng_range(&pk->rng, 4, 36);
	pk->height = oracle_rng_range(&pk->rng, 4, 30);
	pk->grid = random_grid(&pk->rng, terrain, pk->width, pk->height,
	    weights[k / (16 * TERRAINS) % 3], PATH_GRID_LOG_DEFAULT);
	pk->ctx = path_context_new(pk->grid, pk->rules);
	path_context_set_trace(pk->ctx, pack_trace, pk);
	pk->ntargets = oracle_rng_range(&pk->rng, 1, PACK_TARGETS);
	pk->nhunters = oracle_rng_range(&pk->rng, 2, PACK_HUNTERS);
	for (i = 0; i < pk->ntargets; i++)
		pack_random_cell(pk, &pk->targets[i]);
	for (i = 0; i < pk->nhunters; i++) {
		/* Hunter 0 is crowd, whose save restores the searches. */
		pk->planners[i] = path_planner_new(i > 0 &&
		    oracle_rng_below(&pk->rng, 4) == 0 ? PATH_PLANNER_FIELD :
		    PATH_PLANNER_CROWD, pk->ctx);
		pack_random_cell(pk, &pk->hunters[i]);
		pk->aim[i] = oracle_rng_below(&pk->rng, pk->ntargets);
	}
	for (i = 0; i < pk->ntargets; i++)
		judge_init(&pk->judges[i], pk->grid, pk->rules);
	snprintf(pk->what, sizeof pk->what, "seed %llu (pack %llu) %dx%d %s, "
	    "%d hunters, %d targets", (unsigned long long)pk->seed,
	    (unsigned long long)k, pk->width, pk->height,
	    terrain_name(terrain), pk->nhunters, pk->ntargets);
}

/* Frees a pack, planners before their context. */
static void
pack_free(struct pack *pk)
{
	int	i;

	for (i = 0; i < pk->nhunters; i++)
		path_planner_free(pk->planners[i]);
	path_context_free(pk->ctx);
	path_grid_free(pk->grid);
	for (i = 0; i < pk->ntargets; i++)
		judge_free(&pk->judges[i]);
}

/*
 * The world's moves before a turn, drawn from pk's stream and applied to
 * pk and, if not NULL, to its mirror (a restored copy): a few cells
 * change, targets step or jump, hunters switch targets, a new budget.
 */
static void
pack_world(struct pack *pk, struct pack *mirror)
{
	static const unsigned long	 budgets[] = { 0, 0, 0, 1, 2, 5, 30 };
	struct oracle_rng		*rng = &pk->rng;
	unsigned			 cost;
	int				 i, n, x, y, roll;

	n = oracle_rng_below(rng, 4);
	for (i = 0; i < n; i++) {
		x = oracle_rng_below(rng, pk->width);
		y = oracle_rng_below(rng, pk->height);
		cost = oracle_rng_below(rng, 3) == 0 ? 0 :
		    (unsigned)oracle_rng_range(rng, 1, 9);
		path_grid_set(pk->grid, x, y, cost);
		if (mirror != NULL)
			path_grid_set(mirror->grid, x, y, cost);
	}
	for (i = 0; i < pk->ntargets; i++) {
		roll = oracle_rng_below(rng, 100);
		if (roll < 60)
			step_open(rng, pk->grid, &pk->targets[i].x,
			    &pk->targets[i].y);
		else if (roll < 68)
			pack_random_cell(pk, &pk->targets[i]);
	}
	for (i = 0; i < pk->nhunters; i++) {
		if (oracle_rng_below(rng, 10) == 0)
			pk->aim[i] = oracle_rng_below(rng, pk->ntargets);
	}
	pk->budget = budgets[oracle_rng_below(rng, 7)];
	if (mirror != NULL) {
		memcpy(mirror->targets, pk->targets, sizeof pk->targets);
		memcpy(mirror->aim, pk->aim, sizeof pk->aim);
		mirror->budget = pk->budget;
	}
}

/* Asks hunter i of a pack for its plan and checks it against the oracle. */
static enum path_plan_status
pack_ask(struct pack *pk, int i, struct path_plan_stats *st)
{
	struct path_planner	*p = pk->planners[i];
	const struct judge	*j = &pk->judges[pk->aim[i]];
	enum path_plan_status	 status;
	char			 why[320];

	path_planner_set_hunter(p, pk->hunters[i].x, pk->hunters[i].y);
	path_planner_set_target(p, pk->targets[pk->aim[i]].x,
	    pk->targets[pk->aim[i]].y);
	pk->traced = 0;
	status = path_planner_plan(p, pk->budget, st);
	if (pk->traced != st->expansions)
		pack_fail(pk, i, "the trace saw %llu expansions, stats count "
		    "%llu", (unsigned long long)pk->traced,
		    (unsigned long long)st->expansions);
	if (pk->budget != 0 && st->expansions > pk->budget)
		pack_fail(pk, i, "%llu expansions on a budget of %lu",
		    (unsigned long long)st->expansions, pk->budget);
	if (status == PATH_PLAN_PARTIAL) {
		pk->partial++;
		if (judge_partial(j, p, pk->hunters[i].x, pk->hunters[i].y,
		    pk->budget, why, sizeof why) != 0)
			pack_fail(pk, i, "%s", why);
	} else {
		if (status == PATH_PLAN_FOUND)
			pk->found++;
		else
			pk->none++;
		if (judge_final(j, p, pk->hunters[i].x, pk->hunters[i].y,
		    status, why, sizeof why) != 0)
			pack_fail(pk, i, "%s", why);
	}
	return (status);
}

/* How many cells can reach target t of a pack (the oracle's count). */
static uint64_t
pack_reachable(const struct pack *pk, int t)
{
	uint64_t	n = 0;
	int		x, y;

	for (y = 0; y < pk->height; y++) {
		for (x = 0; x < pk->width; x++)
			n += judge_cost_to(&pk->judges[t], x, y) !=
			    PATH_COST_NONE;
	}
	return (n);
}

/*
 * Plays one turn of a pack: aims the judges, asks every hunter (checking
 * each answer), checks that an unbudgeted turn searched each target at
 * most once, then moves the hunters along their answers.  With a mirror,
 * the mirror is asked too and must answer exactly alike.
 */
static void
pack_turn(struct pack *pk, struct pack *mirror)
{
	struct path_plan_stats	 st, mst;
	struct path_point	 a[64], b[64];
	enum path_plan_status	 status, mstatus;
	uint64_t		 spent = 0, bound = 0;
	size_t			 na, nb;
	int			 i, t, nx, ny, asked[PACK_TARGETS] = { 0 };

	for (t = 0; t < pk->ntargets; t++) {
		judge_aim(&pk->judges[t], pk->targets[t].x, pk->targets[t].y);
		if (mirror != NULL)
			judge_aim(&mirror->judges[t], pk->targets[t].x,
			    pk->targets[t].y);
	}
	for (i = 0; i < pk->nhunters; i++) {
		status = pack_ask(pk, i, &st);
		spent += st.expansions;
		asked[pk->aim[i]] = 1;
		if (mirror == NULL)
			continue;
		mirror->hunters[i] = pk->hunters[i];
		mstatus = pack_ask(mirror, i, &mst);
		na = path_planner_path(pk->planners[i], a, 64);
		nb = path_planner_path(mirror->planners[i], b, 64);
		if (mstatus != status || mst.expansions != st.expansions ||
		    path_planner_cost(pk->planners[i]) !=
		    path_planner_cost(mirror->planners[i]) || na != nb ||
		    memcmp(a, b, (na < 64 ? na : 64) * sizeof *a) != 0)
			pack_fail(pk, i, "the restored planner answers %s "
			    "with %llu expansions, cost %lld and %zu points; "
			    "the saved one %s with %llu, %lld and %zu",
			    status_name(mstatus),
			    (unsigned long long)mst.expansions,
			    (long long)path_planner_cost(mirror->planners[i]),
			    nb, status_name(status),
			    (unsigned long long)st.expansions,
			    (long long)path_planner_cost(pk->planners[i]), na);
	}
	for (t = 0; t < pk->ntargets; t++) {
		if (asked[t])
			bound += pack_reachable(pk, t);
	}
	if (pk->budget == 0 && spent > bound)
		pack_fail(pk, 0, "the turn expanded %llu cells, but one "
		    "search per target reaches only %llu",
		    (unsigned long long)spent, (unsigned long long)bound);
	for (i = 0; i < pk->nhunters; i++) {
		if (oracle_rng_below(&pk->rng, 20) == 0)
			pack_random_cell(pk, &pk->hunters[i]);
		else if (path_planner_next(pk->planners[i], &nx, &ny) == 0) {
			pk->hunters[i].x = nx;
			pk->hunters[i].y = ny;
		}
		if (mirror != NULL)
			mirror->hunters[i] = pk->hunters[i];
	}
}

/* A chunk of pack chases, each answer held to the oracle. */
START_TEST(test_planner_crowd_pack)
{
	struct pack	pk;
	uint64_t	first = PACK_FIRST + (uint64_t)_i * PACK_EPISODES;
	int		e, partial = 0, found = 0, none = 0;

	for (e = 0; e < PACK_EPISODES; e++) {
		pack_new(&pk, first + (uint64_t)e);
		for (pk.turn = 0; pk.turn < PACK_TURNS; pk.turn++) {
			if (pk.turn > 0)
				pack_world(&pk, NULL);
			pack_turn(&pk, NULL);
		}
		partial += pk.partial;
		found += pk.found;
		none += pk.none;
		pack_free(&pk);
	}
	ck_assert_msg(partial > 0 && found > 0 && none > 0, "packs %llu..: "
	    "%d partial, %d found, %d none", (unsigned long long)first,
	    partial, found, none);
}
END_TEST

/*
 * A crowd hunter's path is read from the shared search only when asked
 * for: right after its plan it is the whole cheapest path; once another
 * hunter's plan has begun the search again (a tile changed), it is
 * what the hunter planned up to its first step, never a walk down the
 * new search; and a save writes the path as it reads then.
 */
START_TEST(test_planner_crowd_lazy_path)
{
	struct path_rules	 rules = path_rules_movingai();
	struct path_grid	*g = path_grid_new(24, 16, 1,
				     PATH_GRID_LOG_DEFAULT);
	struct path_context	*ctx, *ctx2;
	struct path_planner	*a, *b, *c;
	struct path_point	 path[64], first[2];
	struct ser		 s;
	struct deser		 d;
	size_t			 n;
	int			 y;
	char			 why[128];

	for (y = 2; y < 14; y++)
		path_grid_set(g, 12, y, 0);	/* a wall to go round */
	ctx = path_context_new(g, rules);
	a = path_planner_new(PATH_PLANNER_CROWD, ctx);
	b = path_planner_new(PATH_PLANNER_CROWD, ctx);
	path_planner_set_hunter(a, 2, 8);
	path_planner_set_target(a, 21, 8);
	ck_assert_int_eq(path_planner_plan(a, 0, NULL), PATH_PLAN_FOUND);
	n = path_planner_path(a, path, 64);
	ck_assert_msg(n > 2 && n <= 64, "%zu points", n);
	ck_assert_int_eq(oracle_path_cost(g, rules, 2, 8, 21, 8, path, n,
	    why, sizeof why), oracle_cost(g, rules, 2, 8, 21, 8));
	ck_assert_int_eq(path_planner_path(a, NULL, 0), n);
	first[0] = path[0];
	first[1] = path[1];

	/* Saved while the search stands: the whole path. */
	ser_init(&s);
	path_planner_save(a, &s);
	deser_init(&d, s.buf, s.len);
	ctx2 = path_context_new(g, rules);
	c = path_planner_new(PATH_PLANNER_CROWD, ctx2);
	ck_assert_msg(path_planner_load(c, &d) == 0, "%s", d.error);
	ck_assert_int_eq(path_planner_path(c, NULL, 0), n);
	ser_free(&s);

	/* A tile changes; b's plan begins the search again. */
	path_grid_set(g, 0, 15, 3);
	path_planner_set_hunter(b, 2, 3);
	path_planner_set_target(b, 21, 8);
	ck_assert_int_eq(path_planner_plan(b, 0, NULL), PATH_PLAN_FOUND);
	ck_assert_int_eq(path_planner_path(a, path, 64), 2);
	ck_assert_int_eq(path[0].x, first[0].x);
	ck_assert_int_eq(path[0].y, first[0].y);
	ck_assert_int_eq(path[1].x, first[1].x);
	ck_assert_int_eq(path[1].y, first[1].y);
	ck_assert_int_eq(path_planner_cost(a), oracle_cost(g, rules, 2, 8,
	    21, 8));

	path_planner_free(a);
	path_planner_free(b);
	path_context_free(ctx);
	path_planner_free(c);
	path_context_free(ctx2);
	path_grid_free(g);
}
END_TEST

/*
 * Contexts that share (path_context_share): while the two grids hold the
 * same costs, a crowd hunter of the second finds the first's search and
 * expands nothing where the first already went; once they differ it
 * searches on its own grid, and its answers stay exact; equal again, it
 * shares again.
 */
START_TEST(test_planner_crowd_share)
{
	struct path_rules	 rules = path_rules_movingai();
	struct path_grid	*ga = path_grid_new(30, 20, 1,
				     PATH_GRID_LOG_DEFAULT);
	struct path_grid	*gb = path_grid_new(30, 20, 1,
				     PATH_GRID_LOG_DEFAULT);
	struct path_context	*ca, *cb;
	struct path_planner	*a, *b;
	struct path_plan_stats	 st;
	int			 y;

	for (y = 0; y < 16; y++) {
		path_grid_set(ga, 10, y, 0);
		path_grid_set(gb, 10, y, 0);
	}
	ca = path_context_new(ga, rules);
	cb = path_context_new(gb, rules);
	path_context_share(cb, ca);
	a = path_planner_new(PATH_PLANNER_CROWD, ca);
	b = path_planner_new(PATH_PLANNER_CROWD, cb);
	path_planner_set_hunter(a, 1, 1);
	path_planner_set_target(a, 28, 2);
	path_planner_set_hunter(b, 2, 2);
	path_planner_set_target(b, 28, 2);
	ck_assert_int_eq(path_planner_plan(a, 0, &st), PATH_PLAN_FOUND);
	ck_assert(st.expansions > 0);
	ck_assert_int_eq(path_planner_plan(b, 0, &st), PATH_PLAN_FOUND);
	ck_assert_msg(st.expansions == 0, "b expanded %llu cells",
	    (unsigned long long)st.expansions);
	ck_assert_int_eq(path_planner_cost(b), oracle_cost(gb, rules, 2, 2,
	    28, 2));

	/* Only b's grid opens the wall: b must see the shorter way. */
	path_grid_set(gb, 10, 3, 1);
	ck_assert_int_eq(path_planner_plan(a, 0, &st), PATH_PLAN_FOUND);
	ck_assert_int_eq(path_planner_plan(b, 0, &st), PATH_PLAN_FOUND);
	ck_assert(st.expansions > 0);
	ck_assert_int_eq(path_planner_cost(b), oracle_cost(gb, rules, 2, 2,
	    28, 2));
	ck_assert(path_planner_cost(b) < path_planner_cost(a));

	/* Equal again: shared again. */
	path_grid_set(ga, 10, 3, 1);
	ck_assert_int_eq(path_planner_plan(a, 0, &st), PATH_PLAN_FOUND);
	ck_assert_int_eq(path_planner_plan(b, 0, &st), PATH_PLAN_FOUND);
	ck_assert_msg(st.expansions == 0, "b expanded %llu cells",
	    (unsigned long long)st.expansions);
	ck_assert_int_eq(path_planner_cost(b), oracle_cost(gb, rules, 2, 2,
	    28, 2));

	path_planner_free(a);
	path_planner_free(b);
	path_context_free(cb);
	path_context_free(ca);
	path_grid_free(ga);
	path_grid_free(gb);
}
END_TEST

/*
 * path_context_reserve: the context takes the dense arrays of every
 * target slot at once (four bytes a cell each, borders included: the
 * parents are packed into the costs on this grid), a second call takes
 * nothing more, and a context that shares another's searches reserves
 * the other's.  Crowd hunters on a reserved context
 * then give, turn after turn (the target walking, a tile flipping), the
 * same costs and steps as on a context that was not, and the oracle's
 * costs; and their first searches start on the reserved arrays.  On a
 * grid whose dense field would pass 8 MiB, or whose costs need 64 bits
 * (where fields never go dense), it takes nothing.
 */
#define RESERVE_W	64
#define RESERVE_H	48
#define RESERVE_HUNTERS	12

START_TEST(test_planner_crowd_reserve)
{
	struct path_rules	 rules = path_rules_movingai();
	struct oracle_rng	 rng;
	struct path_grid	*ga, *gb, *gc, *gd;
	struct path_context	*ca, *cb, *cc, *cd;
	struct path_planner	*a[RESERVE_HUNTERS], *b[RESERVE_HUNTERS];
	struct path_plan_stats	 st;
	const size_t		 dense = (size_t)(RESERVE_W + 2) *
				     (RESERVE_H + 2) * 4 * 4;
	size_t			 before, reserved, mem;
	int			 hx[RESERVE_HUNTERS], hy[RESERVE_HUNTERS];
	int			 i, turn, tx, ty, x, y, ax, ay, bx, by;

	oracle_rng_seed(&rng, 77);
	ga = oracle_grid_scatter(&rng, RESERVE_W, RESERVE_H, 15, 1);
	gb = path_grid_clone(ga);
	ca = path_context_new(ga, rules);
	cb = path_context_new(gb, rules);

	before = path_context_memory(ca);
	path_context_reserve(ca);
	reserved = path_context_memory(ca);
	ck_assert_msg(reserved >= before + dense, "reserved %zu bytes, not "
	    "the %zu of four dense fields", reserved - before, dense);
	path_context_reserve(ca);
	ck_assert_uint_eq(path_context_memory(ca), reserved);
	/* From now on a slot is dense only if it started so. */
	for (i = 0; i < PLANNER_FIELDS; i++)
		field_set_dense_after(ca->fields[i].field, UINT64_MAX);

	/* A sharing context reserves its partner's fields, not its own. */
	gc = path_grid_clone(ga);
	gd = path_grid_clone(ga);
	cc = path_context_new(gc, rules);
	cd = path_context_new(gd, rules);
	path_context_share(cd, cc);
	before = path_context_memory(cd);
	mem = path_context_memory(cc);
	path_context_reserve(cd);
	ck_assert_uint_eq(path_context_memory(cd), before);
	ck_assert(path_context_memory(cc) >= mem + dense);

	for (i = 0; i < RESERVE_HUNTERS; i++) {
		a[i] = path_planner_new(PATH_PLANNER_CROWD, ca);
		b[i] = path_planner_new(PATH_PLANNER_CROWD, cb);
		do {
			x = oracle_rng_below(&rng, RESERVE_W);
			y = oracle_rng_below(&rng, RESERVE_H);
		} while (path_grid_get(ga, x, y) == 0);
		hx[i] = x;
		hy[i] = y;
	}
	do {
		tx = oracle_rng_below(&rng, RESERVE_W);
		ty = oracle_rng_below(&rng, RESERVE_H);
	} while (path_grid_get(ga, tx, ty) == 0);
	for (turn = 0; turn < 40; turn++) {
		for (i = 0; i < RESERVE_HUNTERS; i++) {
			path_planner_set_hunter(a[i], hx[i], hy[i]);
			path_planner_set_hunter(b[i], hx[i], hy[i]);
			path_planner_set_target(a[i], tx, ty);
			path_planner_set_target(b[i], tx, ty);
			ck_assert_int_eq(path_planner_plan(a[i], 0, &st),
			    path_planner_plan(b[i], 0, &st));
			ck_assert_int_eq(path_planner_cost(a[i]),
			    path_planner_cost(b[i]));
			ck_assert_int_eq(path_planner_cost(a[i]),
			    oracle_cost(ga, rules, hx[i], hy[i], tx, ty));
			if (path_planner_next(a[i], &ax, &ay) != 0)
				continue;
			ck_assert_int_eq(path_planner_next(b[i], &bx, &by),
			    0);
			ck_assert_int_eq(ax, bx);
			ck_assert_int_eq(ay, by);
			hx[i] = ax;
			hy[i] = ay;
		}
		for (i = 0; turn == 0 && i < PLANNER_FIELDS; i++)
			ck_assert_msg(!ca->fields[i].valid ||
			    field_is_dense(ca->fields[i].field), "slot %d's "
			    "first search did not start on its arrays", i);
		/* The target walks; a cell flips on both grids. */
		x = tx + oracle_rng_range(&rng, -1, 1);
		y = ty + oracle_rng_range(&rng, -1, 1);
		if (x >= 0 && y >= 0 && x < RESERVE_W && y < RESERVE_H &&
		    path_grid_get(ga, x, y) != 0) {
			tx = x;
			ty = y;
		}
		x = oracle_rng_below(&rng, RESERVE_W);
		y = oracle_rng_below(&rng, RESERVE_H);
		for (i = 0; i < RESERVE_HUNTERS; i++)
			if (x == hx[i] && y == hy[i])
				break;
		if ((x != tx || y != ty) && i == RESERVE_HUNTERS) {
			path_grid_set(ga, x, y, path_grid_get(ga, x, y) ? 0 :
			    1);
			path_grid_set(gb, x, y, path_grid_get(ga, x, y));
		}
	}

	for (i = 0; i < RESERVE_HUNTERS; i++) {
		path_planner_free(a[i]);
		path_planner_free(b[i]);
	}
	path_context_free(ca);
	path_context_free(cb);
	path_context_free(cd);
	path_context_free(cc);
	path_grid_free(ga);
	path_grid_free(gb);
	path_grid_free(gc);
	path_grid_free(gd);

	/* A field of over 8 MiB is not taken up front, nor a wide one. */
	ga = path_grid_new(1500, 1200, 1, PATH_GRID_LOG_DEFAULT);
	gb = path_grid_new(1024, 1024, 6, PATH_GRID_LOG_DEFAULT);
	ca = path_context_new(ga, rules);
	cb = path_context_new(gb, rules);
	before = path_context_memory(ca);
	path_context_reserve(ca);
	ck_assert_uint_eq(path_context_memory(ca), before);
	before = path_context_memory(cb);
	path_context_reserve(cb);
	ck_assert_uint_eq(path_context_memory(cb), before);
	path_context_free(ca);
	path_context_free(cb);
	path_grid_free(ga);
	path_grid_free(gb);
}
END_TEST

/*
 * Saves a pack in the middle of a budgeted chase (the grid and every
 * planner, as the game saves them), restores it into a new context on
 * the restored grid, and plays both on in lockstep: same answers, same
 * expansions, every call.  In chunks, each with a restored pack that
 * answered PARTIAL, so that a scaled run can take the first of them.
 */
START_TEST(test_planner_crowd_restore)
{
	struct pack	 pk, copy;
	struct ser	 s;
	struct deser	 d;
	int		 e, i, cut, partial = 0;

	for (e = 0; e < RESTORE_EPISODES; e++) {
		pack_new(&pk, RESTORE_FIRST + (uint64_t)_i * RESTORE_EPISODES +
		    (uint64_t)e);
		cut = oracle_rng_range(&pk.rng, 1, PACK_TURNS / 2);
		for (pk.turn = 0; pk.turn < cut; pk.turn++) {
			if (pk.turn > 0)
				pack_world(&pk, NULL);
			pack_turn(&pk, NULL);
		}
		/* Leave searches half done: the next turn is on a budget. */
		pack_world(&pk, NULL);
		pk.budget = 3;
		pack_turn(&pk, NULL);
		ser_init(&s);
		path_grid_save(pk.grid, &s);
		for (i = 0; i < pk.nhunters; i++)
			path_planner_save(pk.planners[i], &s);

		copy = pk;
		deser_init(&d, s.buf, s.len);
		copy.grid = path_grid_load(&d);
		ck_assert_msg(copy.grid != NULL, "%s: %s", pk.what, d.error);
		copy.ctx = path_context_new(copy.grid, copy.rules);
		path_context_set_trace(copy.ctx, pack_trace, &copy);
		for (i = 0; i < pk.nhunters; i++) {
			copy.planners[i] = path_planner_new(
			    path_planner_kind(pk.planners[i]), copy.ctx);
			ck_assert_msg(path_planner_load(copy.planners[i], &d) ==
			    0, "%s: planner %d: %s", pk.what, i, d.error);
		}
		ck_assert_msg(d.pos == d.len, "%s: %zu bytes left", pk.what,
		    d.len - d.pos);
		ser_free(&s);
		for (i = 0; i < pk.ntargets; i++)
			judge_init(&copy.judges[i], copy.grid, copy.rules);

		for (pk.turn = cut + 1; pk.turn < PACK_TURNS; pk.turn++) {
			copy.turn = pk.turn;
			pack_world(&pk, &copy);
			pack_turn(&pk, &copy);
		}
		partial += pk.partial;
		pack_free(&copy);
		pack_free(&pk);
	}
	ck_assert_msg(partial > 0, "no restored pack answered PARTIAL");
}
END_TEST

/*
 * A wall with one door between hunter and target: closing the door makes
 * the target unreachable for every planner, opening it (or another door)
 * brings the exact cost back, cycle after cycle.
 */
START_TEST(test_planner_wall_cycles)
{
	static const char *const rows[] = {
		"....#....",
		"....#....",
		".........",
		"....#....",
		"....#....",
	};
	static const unsigned long	budgets[] = { 0, 3 };
	struct probe			pr;
	unsigned long			b;
	int				combo, cycle, bi;

	for (combo = 0; combo < 16; combo++) {
		for (bi = 0; bi < 2; bi++) {
			b = budgets[bi];
			probe_new(&pr, grid_from_rows(rows, 5, 64),
			    rules_of(combo), "door in a wall");
			probe_expect_all(&pr, 0, 2, 8, 2, b, PATH_PLAN_FOUND);
			for (cycle = 0; cycle < 3; cycle++) {
				path_grid_set(pr.grid, 4, 2, 0);
				probe_expect_all(&pr, 0, 2, 8, 2, b,
				    PATH_PLAN_NONE);
				probe_expect_all(&pr, 1, 2, 7, 1, b,
				    PATH_PLAN_NONE);
				path_grid_set(pr.grid, 4, 2, 1 + 3 * cycle);
				probe_expect_all(&pr, 1, 2, 7, 1, b,
				    PATH_PLAN_FOUND);
				/* Another door, the first one shut. */
				path_grid_set(pr.grid, 4, 4, 1);
				path_grid_set(pr.grid, 4, 2, 0);
				probe_expect_all(&pr, 1, 3, 7, 1, b,
				    PATH_PLAN_FOUND);
				path_grid_set(pr.grid, 4, 4, 0);
				probe_expect_all(&pr, 1, 3, 7, 1, b,
				    PATH_PLAN_NONE);
				path_grid_set(pr.grid, 4, 2, 1);
				probe_expect_all(&pr, 0, 2, 8, 2, b,
				    PATH_PLAN_FOUND);
			}
			probe_free(&pr);
		}
	}
}
END_TEST

/* Checks the answer for a hunter standing on the target, to the letter. */
static void
expect_on_target(struct probe *pr, enum path_planner_kind k, int x, int y,
    unsigned long budget)
{
	struct path_planner	*p = pr->planners[k];
	struct path_point	 out[4];
	enum path_plan_status	 status;
	size_t			 n;
	int			 nx = -7, ny = -7, next;

	status = probe_plan(pr, k, x, y, x, y, budget, NULL);
	n = path_planner_path(p, out, 4);
	next = path_planner_next(p, &nx, &ny);
	if (status != PATH_PLAN_FOUND || n != 1 || out[0].x != x ||
	    out[0].y != y || next != -1 || path_planner_cost(p) != 0)
		probe_fail(pr, k, x, y, x, y, budget, "on the target: status "
		    "%s, path of %zu points from (%d,%d), next %d, cost %lld "
		    "(want FOUND, 1 point at the hunter, -1, 0)",
		    status_name(status), n, n > 0 ? out[0].x : -1,
		    n > 0 ? out[0].y : -1, next,
		    (long long)path_planner_cost(p));
}

/* A hunter on the target: FOUND, a path of one point, no step, cost 0. */
START_TEST(test_planner_on_target)
{
	static const char *const rows[] = {
		"3....",
		".#.2.",
		"..9..",
		".#...",
		"....1",
	};
	static const unsigned long	budgets[] = { 0, 1 };
	struct probe			pr;
	enum path_planner_kind		k;
	int				combo, bi;

	for (combo = 0; combo < 16; combo++) {
		for (bi = 0; bi < 2; bi++) {
			probe_new(&pr, grid_from_rows(rows, 5, 64),
			    rules_of(combo), "hunter on the target");
			for (k = 0; k < PATH_PLANNER_KINDS; k++) {
				/* Straight away, on a dear cell. */
				expect_on_target(&pr, k, 2, 2, budgets[bi]);
				/* Walking in from afar. */
				probe_settle(&pr, k, 0, 0, 2, 2, budgets[bi],
				    NULL);
				probe_settle(&pr, k, 2, 1, 2, 2, budgets[bi],
				    NULL);
				expect_on_target(&pr, k, 2, 2, budgets[bi]);
				/* The target leaves, then walks onto it. */
				probe_settle(&pr, k, 2, 2, 4, 3, budgets[bi],
				    NULL);
				expect_on_target(&pr, k, 2, 2, budgets[bi]);
				expect_on_target(&pr, k, 4, 4, budgets[bi]);
			}
			probe_free(&pr);
		}
	}
}
END_TEST

/* Makes exactly n changes to the grid, aimed at paths half the time. */
static void
overflow_changes(struct probe *pr, struct oracle_rng *rng, int n)
{
	struct path_point	path[512];
	size_t			len;
	unsigned		old, cost;
	int			i, x, y, w = path_grid_width(pr->grid);
	int			h = path_grid_height(pr->grid);

	for (i = 0; i < n; i++) {
		len = path_planner_path(pr->planners[oracle_rng_below(rng,
		    PATH_PLANNER_KINDS)], path, 512);
		if (len > 2 && len <= 512 && oracle_rng_below(rng, 2)) {
			len = 1 + (size_t)oracle_rng_below(rng,
			    (int)len - 2);
			x = path[len].x;
			y = path[len].y;
		} else {
			x = oracle_rng_below(rng, w);
			y = oracle_rng_below(rng, h);
		}
		old = path_grid_get(pr->grid, x, y);
		if (old != 0 && oracle_rng_below(rng, 3) != 0)
			cost = 0;
		else
			cost = (unsigned)oracle_rng_range(rng, 1, 9);
		if (cost == old)
			cost = old == 1 ? 2 : 1;
		ck_assert_int_eq(path_grid_set(pr->grid, x, y, cost), 1);
	}
}

/*
 * A log of four changes: more than four between two calls must make
 * every planner start over (stats.from_scratch) and still be exact;
 * exactly four must not.
 */
START_TEST(test_planner_log_overflow)
{
	struct oracle_rng	 rng;
	struct path_plan_stats	 st;
	struct probe		 pr;
	uint64_t		 seed;
	int			 trial, round, k, n, hx, hy, tx, ty, nx, ny;
	int			 overflows = 0, exact_fits = 0;

	for (trial = 0; trial < 48; trial++) {
		seed = test_seed_base() * 31 + (uint64_t)trial;
		oracle_rng_seed(&rng, seed);
		probe_new(&pr, random_grid(&rng, 1 + trial % 4, 14, 10,
		    trial % 3 == 0 ? 9 : 1, 4), rules_of(trial % 16),
		    "seed %llu (log overflow %d)", (unsigned long long)seed,
		    trial);
		ck_assert_uint_eq(path_grid_log_capacity(pr.grid), 4);
		if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
			probe_free(&pr);
			continue;
		}
		for (k = 0; k < PATH_PLANNER_KINDS; k++)
			probe_plan(&pr, (enum path_planner_kind)k, hx, hy, tx,
			    ty, 0, NULL);
		for (round = 0; round < 14; round++) {
			n = round % 10;
			overflow_changes(&pr, &rng, n);
			if (oracle_rng_below(&rng, 3) == 0)
				step_open(&rng, pr.grid, &tx, &ty);
			for (k = 0; k < PATH_PLANNER_KINDS; k++) {
				probe_plan(&pr, (enum path_planner_kind)k, hx,
				    hy, tx, ty, 0, &st);
				if (st.from_scratch != (n > 4))
					probe_fail(&pr,
					    (enum path_planner_kind)k, hx, hy,
					    tx, ty, 0, "round %d: %d changes "
					    "with a log of 4, from_scratch %d",
					    round, n, st.from_scratch);
			}
			overflows += n > 4;
			exact_fits += n == 4;
			if (path_planner_next(pr.planners[PATH_PLANNER_ASTAR],
			    &nx, &ny) == 0) {
				hx = nx;
				hy = ny;
			}
		}
		probe_free(&pr);
	}
	ck_assert_int_gt(overflows, 100);
	ck_assert_int_gt(exact_fits, 20);
}
END_TEST

/*
 * A budget of one expansion per call, hunter and target standing still:
 * PARTIAL (with a legal partial path) until the answer is final, then the
 * optimal cost, for every planner that takes a budget.
 */
START_TEST(test_planner_budget_one)
{
	struct oracle_rng	 rng;
	struct probe		 pr;
	enum path_planner_kind	 k;
	enum path_plan_status	 status;
	uint64_t		 seed;
	int			 combo, o, calls, hx, hy, tx, ty;

	for (combo = 0; combo < 32; combo++) {
		/* A scaled run takes a quarter of the rules: testutil.h. */
		if (!test_rules_sampled(rules_of(combo)))
			continue;
		seed = test_seed_base() * 37 + (uint64_t)combo;
		oracle_rng_seed(&rng, seed);
		probe_new(&pr, random_grid(&rng, combo < 16 ?
		    ORACLE_TERRAIN_ROOMS : ORACLE_TERRAIN_COUNT, 17, 11,
		    combo % 3 == 0 ? 9 : 1, 64), rules_of(combo),
		    "seed %llu (budget of one %d)", (unsigned long long)seed,
		    combo);
		if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
			probe_free(&pr);
			continue;
		}
		for (o = 0; o < OPTIMAL_KINDS; o++) {
			k = optimal_kinds[o];
			status = probe_settle(&pr, k, hx, hy, tx, ty, 1,
			    &calls);
			if (status != PATH_PLAN_FOUND || calls < 3)
				probe_fail(&pr, k, hx, hy, tx, ty, 1,
				    "%s after %d calls of one expansion each",
				    status_name(status), calls);
			/*
			 * And it stays found, except for astar, which
			 * searches from scratch on every call, and adaptive,
			 * which hands a budgeted call to a plain A* unless
			 * the hunter already stands on a known path.
			 */
			status = probe_plan(&pr, k, hx, hy, tx, ty, 1, NULL);
			if (status != PATH_PLAN_FOUND &&
			    k != PATH_PLANNER_ASTAR &&
			    k != PATH_PLANNER_ADAPTIVE)
				probe_fail(&pr, k, hx, hy, tx, ty, 1, "found, "
				    "then %s with nothing changed",
				    status_name(status));
		}
		probe_free(&pr);
	}
}
END_TEST

/*
 * A budget of one while the target moves a step every few calls: every
 * FOUND is exact for where the target is, and once it stops the planner
 * gets there.  Moving Target D* Lite is the one meant for this; the
 * others must cope too.
 */
START_TEST(test_planner_budget_moving_target)
{
	struct oracle_rng	 rng;
	struct probe		 pr;
	enum path_planner_kind	 k;
	enum path_plan_status	 status;
	uint64_t		 seed;
	int			 combo, o, call, hx, hy, tx, ty;

	for (combo = 0; combo < 16; combo++) {
		/* A scaled run takes a quarter of the rules: testutil.h. */
		if (!test_rules_sampled(rules_of(combo)))
			continue;
		seed = test_seed_base() * 41 + (uint64_t)combo;
		oracle_rng_seed(&rng, seed);
		probe_new(&pr, random_grid(&rng, ORACLE_TERRAIN_SCATTER, 18, 12,
		    combo % 2 ? 9 : 1, 64), rules_of(combo),
		    "seed %llu (moving target %d)", (unsigned long long)seed,
		    combo);
		if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
			probe_free(&pr);
			continue;
		}
		for (o = 0; o < OPTIMAL_KINDS; o++) {
			k = optimal_kinds[o];
			oracle_rng_seed(&rng, seed + 1);
			for (call = 0; call < 300; call++) {
				if (call % 4 == 3)
					step_open(&rng, pr.grid, &tx, &ty);
				probe_plan(&pr, k, hx, hy, tx, ty, 1, NULL);
			}
			status = probe_settle(&pr, k, hx, hy, tx, ty, 1, NULL);
			if (status != PATH_PLAN_FOUND)
				probe_fail(&pr, k, hx, hy, tx, ty, 1, "%s once "
				    "the target stopped", status_name(status));
		}
		probe_free(&pr);
	}
}
END_TEST

/*
 * The hunter's own cell becomes a wall (or it steps onto one): NONE at
 * once on any budget, and when the cell opens again, or the hunter steps
 * back, the exact cost, taking into account what changed meanwhile.
 */
static void
blocked_end_case(int combo, unsigned long budget, int block_target)
{
	static const char *const rows[] = {
		"............",
		"..#.....#...",
		"..#..2..#...",
		"..#.....#...",
		"..#######...",
		"............",
		"...9........",
	};
	struct probe		 pr;
	enum path_planner_kind	 k;
	enum path_plan_status	 status;
	int			 hx = 0, hy = 2, tx = 6, ty = 2, *bx, *by, i;
	int			 wall_x = 2, wall_y = 4;

	bx = block_target ? &tx : &hx;
	by = block_target ? &ty : &hy;
	probe_new(&pr, grid_from_rows(rows, 7, 64), rules_of(combo),
	    "blocked %s", block_target ? "target" : "hunter");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		probe_settle(&pr, k, hx, hy, tx, ty, budget, NULL);
		/* Its cell becomes a wall: twice NONE, no hang. */
		path_grid_set(pr.grid, *bx, *by, 0);
		for (i = 0; i < 2; i++) {
			status = probe_plan(&pr, k, hx, hy, tx, ty, budget,
			    NULL);
			if (status != PATH_PLAN_NONE)
				probe_fail(&pr, k, hx, hy, tx, ty, budget,
				    "%s on a wall", status_name(status));
		}
		/* The way changes while it waits, then its cell reopens. */
		path_grid_set(pr.grid, 5, 0, 0);
		path_grid_set(pr.grid, 5, 1, 0);
		path_grid_set(pr.grid, *bx, *by, 3);
		probe_settle(&pr, k, hx, hy, tx, ty, budget, NULL);
		path_grid_set(pr.grid, 5, 0, 1);
		path_grid_set(pr.grid, 5, 1, 1);
		probe_settle(&pr, k, hx, hy, tx, ty, budget, NULL);
		/* It steps onto a wall, things change, it steps back. */
		status = probe_plan(&pr, k, block_target ? hx : wall_x,
		    block_target ? hy : wall_y, block_target ? wall_x : tx,
		    block_target ? wall_y : ty, budget, NULL);
		if (status != PATH_PLAN_NONE)
			probe_fail(&pr, k, hx, hy, tx, ty, budget, "%s with an "
			    "end on the wall (%d,%d)", status_name(status),
			    wall_x, wall_y);
		path_grid_set(pr.grid, 4, 1, 0);
		path_grid_set(pr.grid, 4, 2, 0);
		path_grid_set(pr.grid, 4, 3, 0);
		probe_settle(&pr, k, hx, hy, tx, ty, budget, NULL);
		/* Outside the grid counts as a wall too. */
		status = probe_plan(&pr, k, block_target ? hx : -1,
		    block_target ? hy : 3, block_target ? 12 : tx,
		    block_target ? 3 : ty, budget, NULL);
		if (status != PATH_PLAN_NONE)
			probe_fail(&pr, k, hx, hy, tx, ty, budget, "%s with an "
			    "end outside the grid", status_name(status));
		path_grid_set(pr.grid, 4, 2, 1);
		probe_settle(&pr, k, hx, hy, tx, ty, budget, NULL);
		/* Put things back for the next kind. */
		path_grid_set(pr.grid, 4, 1, 1);
		path_grid_set(pr.grid, 4, 3, 1);
		path_grid_set(pr.grid, *bx, *by, 1);
	}
	probe_free(&pr);
}

/* The hunter on a cell that just became blocked. */
START_TEST(test_planner_hunter_blocked)
{
	static const unsigned long	budgets[] = { 0, 1, 4 };
	int				combo, b;

	for (combo = 0; combo < 16; combo++) {
		/* A scaled run takes a quarter of the rules: testutil.h. */
		if (!test_rules_sampled(rules_of(combo)))
			continue;
		for (b = 0; b < 3; b++)
			blocked_end_case(combo, budgets[b], 0);
	}
}
END_TEST

/* The target on a cell that just became blocked. */
START_TEST(test_planner_target_blocked)
{
	static const unsigned long	budgets[] = { 0, 1, 4 };
	int				combo, b;

	for (combo = 0; combo < 16; combo++) {
		/* A scaled run takes a quarter of the rules: testutil.h. */
		if (!test_rules_sampled(rules_of(combo)))
			continue;
		for (b = 0; b < 3; b++)
			blocked_end_case(combo, budgets[b], 1);
	}
}
END_TEST

/*
 * A search left unfinished by its budget must not be resumed after the
 * grid changed, however the planner learnt of the change: here a call
 * with the target on a wall swallows the change, and the target steps
 * back to where the unfinished search was going.  A wall across the
 * grid makes the target unreachable; a resumed search would still find
 * its old way through.
 */
START_TEST(test_planner_resume_after_none)
{
	static const char *const rows[] = {
		"..........",
		"..........",
		".....#....",
	};
	struct probe		 pr;
	enum path_planner_kind	 k;
	enum path_plan_status	 status;
	int			 o, combo;

	for (combo = 0; combo < 16; combo++) {
		for (o = 0; o < OPTIMAL_KINDS; o++) {
			k = optimal_kinds[o];
			probe_new(&pr, grid_from_rows(rows, 3, 64),
			    rules_of(combo), "resume after NONE");
			status = probe_plan(&pr, k, 0, 0, 9, 0, 3, NULL);
			ck_assert_int_eq(status, PATH_PLAN_PARTIAL);
			path_grid_set(pr.grid, 1, 0, 0);
			path_grid_set(pr.grid, 1, 1, 0);
			path_grid_set(pr.grid, 1, 2, 0);
			status = probe_plan(&pr, k, 0, 0, 5, 2, 3, NULL);
			ck_assert_int_eq(status, PATH_PLAN_NONE);
			status = probe_settle(&pr, k, 0, 0, 9, 0, 3, NULL);
			ck_assert_int_eq(status, PATH_PLAN_NONE);
			probe_free(&pr);
		}
	}
}
END_TEST

/*
 * The same with an unbudgeted call in between, which catches up with the
 * change and answers; the next budgeted call must not resume the search
 * it left unfinished before the change.
 */
START_TEST(test_planner_budget_interleaved)
{
	static const char *const rows[] = {
		"..........",
		"..........",
		"..........",
	};
	struct probe		 pr;
	enum path_planner_kind	 k;
	enum path_plan_status	 status;
	int			 o, combo;

	for (combo = 0; combo < 16; combo++) {
		for (o = 0; o < OPTIMAL_KINDS; o++) {
			k = optimal_kinds[o];
			probe_new(&pr, grid_from_rows(rows, 3, 64),
			    rules_of(combo), "budgets interleaved");
			status = probe_plan(&pr, k, 0, 1, 9, 1, 3, NULL);
			ck_assert_int_eq(status, PATH_PLAN_PARTIAL);
			path_grid_set(pr.grid, 1, 0, 0);
			path_grid_set(pr.grid, 1, 1, 0);
			path_grid_set(pr.grid, 1, 2, 0);
			status = probe_plan(&pr, k, 0, 1, 9, 1, 0, NULL);
			ck_assert_int_eq(status, PATH_PLAN_NONE);
			status = probe_settle(&pr, k, 0, 1, 9, 1, 3, NULL);
			ck_assert_int_eq(status, PATH_PLAN_NONE);
			probe_free(&pr);
		}
	}
}
END_TEST

/*
 * A chase on a larger grid where the target teleports to the far side,
 * and back: every planner's hunter follows its own path, and every
 * answer is exact.
 */
START_TEST(test_planner_teleport)
{
	struct oracle_rng	 rng;
	struct probe		 pr;
	struct path_point	 h[PATH_PLANNER_KINDS];
	enum path_plan_status	 status;
	uint64_t		 seed;
	int			 combo, turn, k, tx, ty, nx, ny;

	for (combo = 0; combo < 16; combo += 3) {
		seed = test_seed_base() * 43 + (uint64_t)combo;
		oracle_rng_seed(&rng, seed);
		probe_new(&pr, random_grid(&rng, combo % 2 ?
		    ORACLE_TERRAIN_ROOMS : ORACLE_TERRAIN_SCATTER, 60, 40, 5,
		    4096), rules_of(combo), "seed %llu (teleport %d)",
		    (unsigned long long)seed, combo);
		if (!far_pair(&rng, pr.grid, pr.rules, &h[0].x, &h[0].y, &tx,
		    &ty)) {
			probe_free(&pr);
			continue;
		}
		tx = h[0].x + 3 < 60 ? h[0].x + 3 : h[0].x;
		ty = h[0].y;
		for (k = 1; k < PATH_PLANNER_KINDS; k++)
			h[k] = h[0];
		for (turn = 0; turn < 36; turn++) {
			if (turn % 12 == 6) {
				/* Far away: the opposite corner's side. */
				tx = 59 - tx;
				ty = 39 - ty;
				while (!cell_open(pr.grid, tx, ty)) {
					tx = oracle_rng_below(&rng, 60);
					ty = oracle_rng_below(&rng, 40);
				}
			} else
				step_open(&rng, pr.grid, &tx, &ty);
			for (k = 0; k < PATH_PLANNER_KINDS; k++) {
				status = probe_plan(&pr,
				    (enum path_planner_kind)k, h[k].x, h[k].y,
				    tx, ty, 0, NULL);
				if (status == PATH_PLAN_FOUND &&
				    path_planner_next(pr.planners[k], &nx,
				    &ny) == 0) {
					h[k].x = nx;
					h[k].y = ny;
				}
			}
		}
		probe_free(&pr);
	}
}
END_TEST

/* A 1x1 grid: on the target, blocked, reopened, ends outside. */
START_TEST(test_planner_one_cell)
{
	static const unsigned long	 budgets[] = { 0, 1 };
	struct probe			 pr;
	enum path_planner_kind		 k;
	int				 combo, b;

	for (combo = 0; combo < 16; combo++) {
		for (b = 0; b < 2; b++) {
			probe_new(&pr, path_grid_new(1, 1, 1, 16),
			    rules_of(combo), "1x1 grid");
			for (k = 0; k < PATH_PLANNER_KINDS; k++) {
				expect_on_target(&pr, k, 0, 0, budgets[b]);
				path_grid_set(pr.grid, 0, 0, 0);
				probe_expect_all(&pr, 0, 0, 0, 0, budgets[b],
				    PATH_PLAN_NONE);
				path_grid_set(pr.grid, 0, 0, 5);
				expect_on_target(&pr, k, 0, 0, budgets[b]);
				probe_plan(&pr, k, 0, 0, 1, 0, budgets[b],
				    NULL);
				probe_plan(&pr, k, 0, 0, 0, -1, budgets[b],
				    NULL);
				probe_plan(&pr, k, -1, 0, 0, 0, budgets[b],
				    NULL);
				probe_plan(&pr, k, 0, 1, 0, 0, budgets[b],
				    NULL);
				expect_on_target(&pr, k, 0, 0, budgets[b]);
			}
			probe_free(&pr);
		}
	}
}
END_TEST

/*
 * A 1xN corridor and an Nx1 one, weighted: hunter and target walk
 * towards each other, meet, part; a wall in between cuts them off.
 */
START_TEST(test_planner_corridor)
{
	struct oracle_rng	 rng;
	struct probe		 pr;
	struct path_grid	*g;
	enum path_planner_kind	 k;
	int			 combo, column, i, n = 37, turn;
	int			 h, t, nx, ny;

	for (combo = 0; combo < 16; combo++) {
		for (column = 0; column < 2; column++) {
			oracle_rng_seed(&rng, test_seed_base() * 47 +
			    (uint64_t)(combo * 2 + column));
			g = path_grid_new(column ? 1 : n, column ? n : 1, 1,
			    64);
			for (i = 0; i < n; i++)
				path_grid_set(g, column ? 0 : i, column ? i : 0,
				    (unsigned)oracle_rng_range(&rng, 1, 9));
			probe_new(&pr, g, rules_of(combo), "%s of %d",
			    column ? "column" : "row", n);
#define AT(v)	(column ? 0 : (v)), (column ? (v) : 0)
			for (k = 0; k < PATH_PLANNER_KINDS; k++) {
				h = 0;
				t = n - 1;
				for (turn = 0; turn < 30; turn++) {
					if (turn == 25)
						path_grid_set(pr.grid,
						    AT(h + 1), 0);
					probe_settle(&pr, k, AT(h), AT(t),
					    turn % 2 ? 2 : 0, NULL);
					if (path_planner_next(pr.planners[k],
					    &nx, &ny) == 0)
						h = column ? ny : nx;
					if (turn < 16 && t > h)
						t--;
					else if (turn >= 16 && t < n - 1)
						t++;
				}
				path_grid_set(pr.grid, AT(h + 1), 4);
				probe_settle(&pr, k, AT(h), AT(t), 0, NULL);
			}
#undef AT
			probe_free(&pr);
		}
	}
}
END_TEST

/*
 * Memory follows the cells a planner's searches touch, not the map: after
 * a short chase on a 512x512 open grid the incremental planners hold far
 * less than a dense array of sixteen bytes a cell would.
 */
START_TEST(test_planner_memory)
{
	static const enum path_planner_kind kinds[] = {
		PATH_PLANNER_DSTAR,
		PATH_PLANNER_MTDSTAR,
		PATH_PLANNER_ASTAR,
		PATH_PLANNER_CACHED,
		PATH_PLANNER_FIELD
	};
	const size_t		 dense = (size_t)512 * 512 * 16;
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*p;
	struct path_rules	 rules = rules_of(1 * TEST_DIAGONALS +
				     PATH_DIAG_NO_CORNER_CUT);
	enum path_plan_status	 status;
	size_t			 mem, i;
	int			 turn, hx, hy, tx, ty, nx, ny;

	g = path_grid_new(512, 512, 1, PATH_GRID_LOG_DEFAULT);
	ctx = path_context_new(g, rules);
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		p = path_planner_new(kinds[i], ctx);
		oracle_rng_seed(&rng, test_seed_base() * 53);
		hx = 200;
		hy = 200;
		tx = 240;
		ty = 225;
		for (turn = 0; turn < 30; turn++) {
			step_open(&rng, g, &tx, &ty);
			if (turn == 10)
				path_grid_set(g, 230, 200 + turn, 0);
			path_planner_set_hunter(p, hx, hy);
			path_planner_set_target(p, tx, ty);
			status = path_planner_plan(p, 0, NULL);
			ck_assert_msg(status == PATH_PLAN_FOUND, "%s: turn %d: "
			    "%s on an open grid",
			    path_planner_name(kinds[i]), turn,
			    status_name(status));
			if (path_planner_next(p, &nx, &ny) == 0) {
				hx = nx;
				hy = ny;
			}
		}
		mem = path_planner_memory(p);
		ck_assert_msg(mem > 0 && mem < dense / 10, "%s holds %zu bytes "
		    "after a short chase on a 512x512 grid (dense: %zu)",
		    path_planner_name(kinds[i]), mem, dense);
		path_planner_free(p);
		path_grid_set(g, 230, 210, 1);
	}
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/* Every kind's first real plan is a search: replanned, not a hit. */
START_TEST(test_planner_stats_first)
{
	struct path_planner	*p;
	struct oracle_rng	 rng;
	struct path_plan_stats	 st;
	struct probe		 pr;
	enum path_planner_kind	 k;
	int			 combo, hx, hy, tx, ty;

	for (combo = 0; combo < 16; combo++) {
		oracle_rng_seed(&rng, test_seed_base() * 59 + (uint64_t)combo);
		probe_new(&pr, random_grid(&rng, ORACLE_TERRAIN_ROOMS, 15, 9, 1,
		    64), rules_of(combo), "first plan");
		if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
			probe_free(&pr);
			continue;
		}
		for (k = 0; k < PATH_PLANNER_KINDS; k++) {
			probe_plan(&pr, k, hx, hy, tx, ty, 0, &st);
			if (st.replanned != 1 || st.cache_hit != 0 ||
			    st.from_scratch != 0 || st.restarted != 1 ||
			    st.expansions == 0)
				probe_fail(&pr, k, hx, hy, tx, ty, 0, "first "
				    "plan: replanned %d, cache_hit %d, "
				    "from_scratch %d, restarted %d, %llu "
				    "expansions", st.replanned, st.cache_hit,
				    st.from_scratch, st.restarted,
				    (unsigned long long)st.expansions);
		}
		/* In the field planner's context, crowd finds its search. */
		p = path_planner_new(PATH_PLANNER_CROWD, pr.ctx);
		path_planner_set_hunter(p, hx, hy);
		path_planner_set_target(p, tx, ty);
		path_planner_plan(p, 0, &st);
		if (st.replanned != 0 || st.cache_hit != 1 ||
		    st.expansions != 0 || path_planner_cost(p) !=
		    path_planner_cost(pr.planners[PATH_PLANNER_FIELD]))
			probe_fail(&pr, PATH_PLANNER_CROWD, hx, hy, tx, ty, 0,
			    "first plan after field's: replanned %d, "
			    "cache_hit %d, %llu expansions", st.replanned,
			    st.cache_hit, (unsigned long long)st.expansions);
		path_planner_free(p);
		probe_free(&pr);
	}
}
END_TEST

/*
 * stats.restarted says which calls began a new search, as planner.h
 * describes each kind: astar on every call; dstar, rooted at the target,
 * when the target moves but not when the hunter does; mtdstar on neither;
 * field when its target moves (one rebuild for the whole context).
 */
START_TEST(test_planner_stats_restarted)
{
	static const struct {
		enum path_planner_kind	kind;
		int			hunter_moved, target_moved;
	} want[] = {
		{ PATH_PLANNER_ASTAR, 1, 1 },
		{ PATH_PLANNER_DSTAR, 0, 1 },
		{ PATH_PLANNER_MTDSTAR, 0, 0 },
		{ PATH_PLANNER_FIELD, 0, 1 },
	};
	struct path_grid	*g = path_grid_new(20, 20, 1, 64);
	struct path_context	*ctx;
	struct path_planner	*p;
	struct path_plan_stats	 st;
	size_t			 i;
	int			 nx, ny, dx, dy;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		ctx = path_context_new(g, path_rules_movingai());
		p = path_planner_new(want[i].kind, ctx);
		path_planner_set_hunter(p, 2, 2);
		path_planner_set_target(p, 15, 12);
		path_planner_plan(p, 0, &st);
		ck_assert_int_eq(st.restarted, 1);
		ck_assert_int_eq(path_planner_next(p, &nx, &ny), 0);
		path_planner_set_hunter(p, nx, ny);
		path_planner_plan(p, 0, &st);
		ck_assert_msg(st.restarted == want[i].hunter_moved,
		    "%s: restarted %d after the hunter moved",
		    path_planner_name(want[i].kind), st.restarted);
		path_planner_set_target(p, 15, 13);
		path_planner_plan(p, 0, &st);
		ck_assert_msg(st.restarted == want[i].target_moved,
		    "%s: restarted %d after the target moved",
		    path_planner_name(want[i].kind), st.restarted);
		/* On an open grid the cost is the octile distance. */
		dx = abs(15 - nx);
		dy = abs(13 - ny);
		ck_assert_int_eq(path_planner_cost(p), (dx < dy ? dx : dy) *
		    PATH_COST_DIAG + abs(dx - dy) * PATH_COST_ORTHO);
		path_planner_free(p);
		path_context_free(ctx);
	}
	path_grid_free(g);
}
END_TEST

/* The octile cost between two cells of an open grid of unit costs. */
static path_cost
octile(int x0, int y0, int x1, int y1)
{
	int	dx = abs(x1 - x0), dy = abs(y1 - y0);

	return ((dx < dy ? dx : dy) * PATH_COST_DIAG + abs(dx - dy) *
	    PATH_COST_ORTHO);
}

/*
 * mtdstar leaves its root behind a hunter that takes its answers' steps
 * (plan-mtdstar.c, mtd_through): on an open grid the hunter walks down
 * the tree, so a step with the target standing still costs no expansion
 * and gives no cell a value (moving the root would delete the cells
 * behind the hunter and give the fringe values again), and the answer
 * stays exact.  A target that then jumps to the hunter's side of the
 * root, away from the root's path through the hunter, makes the root
 * catch up: the answer is still exact, and so are later ones.
 */
START_TEST(test_planner_mtdstar_root_behind)
{
	struct path_grid	*g = path_grid_new(40, 40, 1, 64);
	struct path_context	*ctx = path_context_new(g, path_rules_movingai());
	struct path_planner	*p = path_planner_new(PATH_PLANNER_MTDSTAR, ctx);
	struct path_plan_stats	 st;
	int			 i, hx = 2, hy = 2, tx = 30, ty = 25;

	path_planner_set_hunter(p, hx, hy);
	path_planner_set_target(p, tx, ty);
	ck_assert_int_eq(path_planner_plan(p, 0, &st), PATH_PLAN_FOUND);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(path_planner_next(p, &hx, &hy), 0);
		path_planner_set_hunter(p, hx, hy);
		ck_assert_int_eq(path_planner_plan(p, 0, &st), PATH_PLAN_FOUND);
		ck_assert_msg(st.expansions == 0 && st.touched == 0 &&
		    !st.restarted, "step %d to (%d,%d): %llu expansions, "
		    "%llu cells given values, restarted %d (want none)", i,
		    hx, hy, (unsigned long long)st.expansions,
		    (unsigned long long)st.touched, st.restarted);
		ck_assert_int_eq(path_planner_cost(p), octile(hx, hy, tx, ty));
	}
	/* Beside the root, behind the hunter. */
	tx = 1;
	ty = 12;
	for (i = 0; i < 6; i++) {
		path_planner_set_target(p, tx, ty);
		ck_assert_int_eq(path_planner_plan(p, 0, &st), PATH_PLAN_FOUND);
		ck_assert_msg(path_planner_cost(p) == octile(hx, hy, tx, ty),
		    "hunter (%d,%d), target (%d,%d): cost %lld, want %lld",
		    hx, hy, tx, ty, (long long)path_planner_cost(p),
		    (long long)octile(hx, hy, tx, ty));
		ck_assert_int_eq(path_planner_next(p, &hx, &hy), 0);
		path_planner_set_hunter(p, hx, hy);
		ty++;
	}
	path_planner_free(p);
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/*
 * A call with nothing changed since the last (same hunter, same target,
 * same grid) is answered from what the planner has: no expansion, a
 * cache hit, the same exact answer.  Checked after every turn of short
 * chases with changes, so the planner's state is not a fresh one.
 */
static void
unchanged_case(enum path_planner_kind k, int combo)
{
	struct oracle_rng	 rng;
	struct path_plan_stats	 st;
	struct probe		 pr;
	uint64_t		 seed;
	int			 turn, hx, hy, tx, ty, nx, ny, x, y;

	seed = test_seed_base() * 61 + (uint64_t)combo;
	oracle_rng_seed(&rng, seed);
	probe_new(&pr, random_grid(&rng, ORACLE_TERRAIN_SCATTER, 16, 12,
	    combo % 2 ? 9 : 1, 64), rules_of(combo), "seed %llu (nothing "
	    "changed %d)", (unsigned long long)seed, combo);
	if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
		probe_free(&pr);
		return;
	}
	for (turn = 0; turn < 20; turn++) {
		if (turn % 3 == 1) {
			x = oracle_rng_below(&rng, 16);
			y = oracle_rng_below(&rng, 12);
			if ((x != hx || y != hy) && (x != tx || y != ty))
				path_grid_set(pr.grid, x, y,
				    path_grid_get(pr.grid, x, y) ? 0 : 1);
		}
		if (turn % 2 == 0)
			step_open(&rng, pr.grid, &tx, &ty);
		probe_plan(&pr, k, hx, hy, tx, ty, 0, NULL);
		probe_plan(&pr, k, hx, hy, tx, ty, 0, &st);
		if (st.expansions != 0 || st.cache_hit != 1)
			probe_fail(&pr, k, hx, hy, tx, ty, 0, "turn %d: asked "
			    "again with nothing changed, %llu expansions and "
			    "cache_hit %d (want 0 and 1)", turn,
			    (unsigned long long)st.expansions, st.cache_hit);
		if (path_planner_next(pr.planners[k], &nx, &ny) == 0) {
			hx = nx;
			hy = ny;
		}
	}
	probe_free(&pr);
}

/* Moving Target D* Lite asked again with nothing changed. */
START_TEST(test_planner_stats_unchanged_mtdstar)
{
	int	combo;

	for (combo = 0; combo < 16; combo++)
		unchanged_case(PATH_PLANNER_MTDSTAR, combo);
}
END_TEST

/* D* Lite asked again with nothing changed. */
START_TEST(test_planner_stats_unchanged_dstar)
{
	int	combo;

	for (combo = 0; combo < 16; combo++)
		unchanged_case(PATH_PLANNER_DSTAR, combo);
}
END_TEST

/*
 * Field planners of one context share one field: after one builds it for
 * a target, the other's call for the same target is a cache hit with no
 * expansion, from anywhere, and still exact; a moved target or a changed
 * cell makes whichever asks first rebuild it.
 */
START_TEST(test_planner_stats_field_shared)
{
	struct oracle_rng	 rng;
	struct path_plan_stats	 st;
	struct path_planner	*fields[2], *first, *other;
	struct path_point	 h[2];
	struct probe		 pr;
	int			 combo, turn, tx, ty, a;

	for (combo = 0; combo < 16; combo++) {
		oracle_rng_seed(&rng, test_seed_base() * 67 + (uint64_t)combo);
		probe_new(&pr, random_grid(&rng, ORACLE_TERRAIN_ROOMS, 15, 11,
		    9, 64), rules_of(combo), "shared field");
		if (!far_pair(&rng, pr.grid, pr.rules, &h[0].x, &h[0].y, &tx,
		    &ty)) {
			probe_free(&pr);
			continue;
		}
		h[1].x = tx;
		h[1].y = ty;
		step_open(&rng, pr.grid, &h[1].x, &h[1].y);
		fields[0] = pr.planners[PATH_PLANNER_FIELD];
		fields[1] = path_planner_new(PATH_PLANNER_FIELD, pr.ctx);
		for (turn = 0; turn < 8; turn++) {
			if (turn == 2)
				step_open(&rng, pr.grid, &tx, &ty);
			if (turn == 4 || turn == 6)
				path_grid_set(pr.grid, 0, 0,
				    path_grid_get(pr.grid, 0, 0) ? 0 : 2);
			a = turn / 2 % 2;	/* who asks first */
			first = fields[a];
			other = fields[1 - a];
			probe_plan_with(&pr, first, h[a].x, h[a].y, tx, ty, 0,
			    &st);
			if (turn % 2 == 0 && (st.replanned != 1 ||
			    st.expansions == 0))
				probe_fail(&pr, PATH_PLANNER_FIELD, h[a].x,
				    h[a].y, tx, ty, 0, "turn %d: first to ask "
				    "after a change: replanned %d, %llu "
				    "expansions", turn, st.replanned,
				    (unsigned long long)st.expansions);
			if (turn % 2 == 1 && (st.cache_hit != 1 ||
			    st.expansions != 0))
				probe_fail(&pr, PATH_PLANNER_FIELD, h[a].x,
				    h[a].y, tx, ty, 0, "turn %d: nothing "
				    "changed: cache_hit %d, %llu expansions",
				    turn, st.cache_hit,
				    (unsigned long long)st.expansions);
			probe_plan_with(&pr, other, h[1 - a].x, h[1 - a].y,
			    tx, ty, 0, &st);
			if (st.cache_hit != 1 || st.expansions != 0)
				probe_fail(&pr, PATH_PLANNER_FIELD, h[1 - a].x,
				    h[1 - a].y, tx, ty, 0, "turn %d: the other "
				    "field planner of the context, same "
				    "target: cache_hit %d, %llu expansions",
				    turn, st.cache_hit,
				    (unsigned long long)st.expansions);
		}
		path_planner_free(fields[1]);
		probe_free(&pr);
	}
}
END_TEST

/*
 * Every kind keeps to its budget: a call on a budget of b expands at
 * most b cells, whatever it has to do.
 */
START_TEST(test_planner_budget_kept)
{
	static const unsigned long	 budgets[] = { 1, 2, 5 };
	struct oracle_rng		 rng;
	struct path_plan_stats		 st;
	struct probe			 pr;
	enum path_planner_kind		 k;
	int				 combo, b, hx, hy, tx, ty, call;

	for (combo = 0; combo < 16; combo++) {
		oracle_rng_seed(&rng, test_seed_base() * 71 + (uint64_t)combo);
		probe_new(&pr, random_grid(&rng, ORACLE_TERRAIN_ROOMS, 16, 10,
		    1, 64), rules_of(combo), "budget kept");
		if (!far_pair(&rng, pr.grid, pr.rules, &hx, &hy, &tx, &ty)) {
			probe_free(&pr);
			continue;
		}
		for (k = 0; k < PATH_PLANNER_KINDS; k++) {
			for (b = 0; b < 3; b++) {
				for (call = 0; call < 4; call++) {
					if (call == 2)
						step_open(&rng, pr.grid, &tx,
						    &ty);
					probe_plan(&pr, k, hx, hy, tx, ty,
					    budgets[b], &st);
					if (st.expansions > budgets[b])
						probe_fail(&pr, k, hx, hy, tx,
						    ty, budgets[b], "call %d: "
						    "%llu expansions", call,
						    (unsigned long long)
						    st.expansions);
				}
			}
		}
		probe_free(&pr);
	}
}
END_TEST

/*
 * Two field planners of one context chasing different targets, each on a
 * budget, asked in turn (two monsters after two heroes): each must still
 * get its answer, as a planner stopped by its budget resumes where it
 * was on its next call.
 */
START_TEST(test_planner_field_two_targets)
{
	static const char *const rows[] = {
		"....................",
		"....................",
		"....................",
		"....................",
		"....................",
		"....................",
	};
	struct path_planner	*second;
	struct probe		 pr;
	enum path_plan_status	 s1 = PATH_PLAN_PARTIAL, s2 = PATH_PLAN_PARTIAL;
	int			 call;

	probe_new(&pr, grid_from_rows(rows, 6, 64), rules_of(5),
	    "two targets, one context");
	second = path_planner_new(PATH_PLANNER_FIELD, pr.ctx);
	for (call = 0; call < 400; call++) {
		if (s1 == PATH_PLAN_PARTIAL)
			s1 = probe_plan(&pr, PATH_PLANNER_FIELD, 0, 0, 19, 5,
			    8, NULL);
		if (s2 == PATH_PLAN_PARTIAL)
			s2 = probe_plan_with(&pr, second, 19, 0, 0, 5, 8,
			    NULL);
	}
	ck_assert_msg(s1 == PATH_PLAN_FOUND && s2 == PATH_PLAN_FOUND, "two "
	    "field planners of one context, targets (19,5) and (0,5), "
	    "budget 8 a call, asked in turn: after 400 calls each, %s and "
	    "%s (a lone planner needs 15 calls)", status_name(s1),
	    status_name(s2));
	path_planner_free(second);
	probe_free(&pr);
}
END_TEST

/* Names, kinds, and a path copied into a buffer too small for it. */
START_TEST(test_planner_api)
{
	static const char *const rows[] = {
		"..........",
	};
	struct path_point	 out[4];
	struct probe		 pr;
	enum path_planner_kind	 k, parsed;
	size_t			 n, m;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		ck_assert_int_eq(path_planner_parse(path_planner_name(k),
		    &parsed), 0);
		ck_assert_int_eq(parsed, k);
		ck_assert_ptr_nonnull(strstr(path_planner_names,
		    path_planner_name(k)));
	}
	ck_assert_int_eq(path_planner_parse("dijkstra", &parsed), -1);
	ck_assert_str_eq(path_planner_name(PATH_PLANNER_KINDS), "?");

	probe_new(&pr, grid_from_rows(rows, 1, 64), rules_of(0), "api");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		ck_assert_int_eq(path_planner_kind(pr.planners[k]), k);
		/* Before any plan: no path, no step, no cost. */
		ck_assert_uint_eq(path_planner_path(pr.planners[k], out, 4),
		    0);
		ck_assert_int_eq(path_planner_next(pr.planners[k], &out[0].x,
		    &out[0].y), -1);
		ck_assert(path_planner_cost(pr.planners[k]) ==
		    PATH_COST_NONE);
		probe_plan(&pr, k, 0, 0, 9, 0, 0, NULL);
		memset(out, 0x55, sizeof out);
		n = path_planner_path(pr.planners[k], out, 3);
		ck_assert_uint_eq(n, 10);
		ck_assert_int_eq(out[2].x, 2);
		ck_assert_int_eq(out[3].x, 0x55555555);	/* untouched */
		m = path_planner_path(pr.planners[k], out, 0);
		ck_assert_uint_eq(m, n);
		/* Asking only for the length, as with path_astar_path. */
		m = path_planner_path(pr.planners[k], NULL, 0);
		ck_assert_uint_eq(m, n);
	}
	probe_free(&pr);
}
END_TEST

/* Builds the planner suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("planner");
	TCase	*tc;

	tc = tcase_create("chase");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_planner_chase, 0,
	    (int)test_scaled(CHASE_CHUNKS));
	tcase_add_loop_test(tc, test_planner_chase_budget, 0,
	    (int)test_scaled(BUDGET_CHUNKS));
	tcase_add_loop_test(tc, test_planner_chase_long, 0,
	    (int)test_scaled(LONG_CHUNKS));
#ifdef CHECK_PLANNER_SMALL	/* crowd's own cases: see chase_asks() */
	(void)test_planner_crowd_pack;
	(void)test_planner_crowd_restore;
	(void)test_planner_crowd_lazy_path;
	(void)test_planner_crowd_share;
	(void)test_planner_crowd_reserve;
#else
	tcase_add_loop_test(tc, test_planner_crowd_pack, 0,
	    (int)test_scaled(PACK_CHUNKS));
	tcase_add_loop_test(tc, test_planner_crowd_restore, 0,
	    (int)test_scaled(RESTORE_CHUNKS));
	tcase_add_test(tc, test_planner_crowd_lazy_path);
	tcase_add_test(tc, test_planner_crowd_share);
	tcase_add_test(tc, test_planner_crowd_reserve);
#endif
	suite_add_tcase(s, tc);

	tc = tcase_create("edges");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_planner_wall_cycles);
	tcase_add_test(tc, test_planner_on_target);
	tcase_add_test(tc, test_planner_log_overflow);
	tcase_add_test(tc, test_planner_budget_one);
	tcase_add_test(tc, test_planner_budget_moving_target);
	tcase_add_test(tc, test_planner_budget_kept);
	tcase_add_test(tc, test_planner_hunter_blocked);
	tcase_add_test(tc, test_planner_target_blocked);
	tcase_add_test(tc, test_planner_resume_after_none);
	tcase_add_test(tc, test_planner_budget_interleaved);
	tcase_add_test(tc, test_planner_teleport);
	tcase_add_test(tc, test_planner_one_cell);
	tcase_add_test(tc, test_planner_corridor);
	tcase_add_test(tc, test_planner_field_two_targets);
	tcase_add_test(tc, test_planner_api);
	suite_add_tcase(s, tc);

	tc = tcase_create("resources");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_planner_memory);
	tcase_add_test(tc, test_planner_stats_first);
	tcase_add_test(tc, test_planner_stats_restarted);
	tcase_add_test(tc, test_planner_mtdstar_root_behind);
	tcase_add_test(tc, test_planner_stats_unchanged_mtdstar);
	tcase_add_test(tc, test_planner_stats_unchanged_dstar);
	tcase_add_test(tc, test_planner_stats_field_shared);
	suite_add_tcase(s, tc);

	return (s);
}
