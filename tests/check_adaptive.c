/*
 * check_adaptive.c: the adaptive planner against the oracle, and its
 * learned tables against the true distances.
 *
 * The adaptive planner shares what it learns between every hunter of a
 * context, so the property test plays packs, not single hunters: several
 * hunters on one context chase a few targets that step, jump and
 * teleport, while doors flip open and shut and other cells change cost,
 * and the hunters follow their paths, get knocked aside or teleported.
 * After every single call the oracle (which knows nothing of learning)
 * gives the cost from every cell to the target, and the planner's status,
 * cost, path and next step are held to it.  After every complete plan the
 * table the call used is read back cell by cell: the learned estimate
 * must never exceed the true distance (admissible), must obey h(s) <=
 * c(s,s') + h(s') on every legal step (consistent, which is what makes
 * the corrections for a moved target and the early stops sound), and
 * must be zero at the target.  Packs on budgets that change every turn
 * run too, and some grids keep so short a change log that it overflows.
 *
 * A pack saved mid-chase (grid, context and planners) and restored into
 * a fresh context must then make exactly the same choices as the one that
 * goes on: same status, cost, path and expansions on every call.  Damaged
 * context saves must be refused, or load into something that still plans
 * exactly.  Set ASTRAY_TEST_SEED to try other seeds; the seed, turn and
 * hunter are in every failure message.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "saves.h"
#include "planner.h"
#include "testutil.h"

#define HUNTERS		5
#define TARGETS		3
#define DOORS		6
#define PACK_CHUNKS	16
#define PACK_EPISODES	120	/* per chunk: 1,920 packs */
#define PACK_TURNS	30
#define PACK_MAX_SIDE	24
/*
 * The long packs and the saved packs come in small chunks (48 and 160
 * episodes in all, as when they were 4 chunks of 12 and 40), so that a
 * scaled run (ASTRAY_TEST_SCALE: valgrind, the sanitizers) can take a
 * quarter of a former chunk, the longest of this suite's tests there;
 * each chunk still meets every coverage check the larger ones did.
 */
#define LONG_CHUNKS	16
#define LONG_EPISODES	3
#define SAVE_CHUNKS	16
#define SAVE_EPISODES	10

/* One call's answer, to compare a restored pack with the original. */
struct answer {
	enum path_plan_status	status;
	path_cost		cost;
	uint64_t		expansions;
	size_t			npath;
	uint64_t		path_hash;
};

/* A pack of hunters sharing one context. */
struct pack {
	uint64_t		 seed;
	char			 what[160];
	struct oracle_rng	 rng;
	struct path_rules	 rules;
	int			 width, height, max_cost;
	int			 budgeted;
	int			 check;		/* hold answers to the oracle */
	struct path_grid	*grid;
	struct path_context	*ctx;
	struct path_planner	*pl[HUNTERS];
	struct path_point	 hunter[HUNTERS];
	int			 aim[HUNTERS];	/* which target */
	struct path_point	 target[TARGETS];
	struct path_point	 door[DOORS];
	unsigned		 door_cost[DOORS];
	path_cost		*to[TARGETS];	/* oracle, this turn */
	struct path_point	*path;
	size_t			 cap;
	long			 turn;
	struct answer		 answers[HUNTERS];
	/* What the packs met, to prove the test covers it. */
	long			 found, none, partial, learned_checks;
	long			 cheaper, overflows;
};

/* Reports a failure of a pack with its grid and positions. */
static void __attribute__((format(printf, 3, 4)))
pack_fail(const struct pack *pk, int hunter, const char *fmt, ...)
{
	char	msg[512], rb[64];
	va_list	ap;
	int	i;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	test_grid_print(stderr, pk->grid);
	for (i = 0; i < HUNTERS; i++)
		fprintf(stderr, "hunter %d at %d,%d aims at %d,%d\n", i,
		    pk->hunter[i].x, pk->hunter[i].y,
		    pk->target[pk->aim[i]].x, pk->target[pk->aim[i]].y);
	ck_abort_msg("%s %s turn %ld hunter %d: %s", pk->what,
	    test_rules_text(pk->rules, rb, sizeof rb), pk->turn, hunter, msg);
}

/* A random cell, open if one can be found quickly. */
static void
pack_cell(struct pack *pk, struct path_point *pt)
{
	int	tries;

	for (tries = 0; tries < 50; tries++) {
		pt->x = oracle_rng_below(&pk->rng, pk->width);
		pt->y = oracle_rng_below(&pk->rng, pk->height);
		if (path_grid_get(pk->grid, pt->x, pt->y) != 0)
			return;
	}
}

/* Rules number combo of the movement and diagonal pairs. */
static struct path_rules
pack_rules(int combo, struct oracle_rng *rng)
{
	struct path_rules	r;

	r.movement = (enum path_movement)(combo / TEST_DIAGONALS %
	    TEST_MOVEMENTS);
	r.diagonal = (enum path_diagonal)(combo % TEST_DIAGONALS);
	r.heuristic = PATH_H_DEFAULT;
	if (oracle_rng_below(rng, 4) == 0)
		r.heuristic = (enum path_heuristic)oracle_rng_below(rng,
		    TEST_HEURISTICS);
	return (r);
}

/* Sets up pack number k: grid, context, hunters, targets, doors. */
static void
pack_new(struct pack *pk, uint64_t k, int budgeted, int max_side)
{
	static const int	 weights[] = { 1, 9, 254 };
	struct path_grid	*g;
	size_t			 log, cells;
	int			 i, terrain;

	memset(pk, 0, sizeof *pk);
	pk->seed = test_seed_base() * 2654435761ULL + k;
	oracle_rng_seed(&pk->rng, pk->seed);
	pk->rules = pack_rules((int)(k % 16), &pk->rng);
	pk->max_cost = weights[k / 16 % 3];
	pk->budgeted = budgeted;
	pk->check = 1;
	terrain = (int)(k / 48 % 5);
	if (max_side > PACK_MAX_SIDE) {
		pk->width = oracle_rng_range(&pk->rng, max_side / 2, max_side);
		pk->height = oracle_rng_range(&pk->rng, max_side / 2,
		    max_side);
	} else
		oracle_random_size(&pk->rng, max_side, &pk->width,
		    &pk->height);
	if (terrain == 4)
		g = oracle_grid_maze(&pk->rng, pk->width, pk->height,
		    oracle_rng_below(&pk->rng, 30), pk->max_cost);
	else
		g = oracle_grid_make(&pk->rng, (enum oracle_terrain)terrain,
		    pk->width, pk->height, pk->max_cost);
	log = oracle_rng_below(&pk->rng, 8) == 0 ?
	    (size_t)oracle_rng_range(&pk->rng, 1, 6) : PATH_GRID_LOG_DEFAULT;
	/* The same cells, with the log length chosen here. */
	pk->grid = path_grid_new(pk->width, pk->height, 0, log);
	for (i = 0; i < pk->width * pk->height; i++)
		path_grid_set(pk->grid, i % pk->width, i / pk->width,
		    path_grid_get(g, i % pk->width, i / pk->width));
	path_grid_free(g);
	snprintf(pk->what, sizeof pk->what, "seed %llu (pack %llu%s) %dx%d "
	    "terrain %d costs 1..%d log %zu", (unsigned long long)pk->seed,
	    (unsigned long long)k, budgeted ? ", budgeted" : "", pk->width,
	    pk->height, terrain, pk->max_cost, log);

	pk->ctx = path_context_new(pk->grid, pk->rules);
	for (i = 0; i < TARGETS; i++)
		pack_cell(pk, &pk->target[i]);
	for (i = 0; i < HUNTERS; i++) {
		pk->pl[i] = path_planner_new(PATH_PLANNER_ADAPTIVE, pk->ctx);
		pack_cell(pk, &pk->hunter[i]);
		/* Most hunt the first target, as monsters hunt the player. */
		pk->aim[i] = oracle_rng_below(&pk->rng, 3) == 0 ?
		    oracle_rng_below(&pk->rng, TARGETS) : 0;
	}
	for (i = 0; i < DOORS; i++) {
		pack_cell(pk, &pk->door[i]);
		pk->door_cost[i] = (unsigned)oracle_rng_range(&pk->rng, 1,
		    pk->max_cost);
	}
	cells = (size_t)pk->width * pk->height;
	for (i = 0; i < TARGETS; i++)
		pk->to[i] = calloc(cells, sizeof *pk->to[i]);
	pk->cap = 4 * cells + 16;
	pk->path = calloc(pk->cap, sizeof *pk->path);
}

/* Frees a pack, planners before their context. */
static void
pack_free(struct pack *pk)
{
	int	i;

	for (i = 0; i < HUNTERS; i++)
		path_planner_free(pk->pl[i]);
	path_context_free(pk->ctx);
	path_grid_free(pk->grid);
	for (i = 0; i < TARGETS; i++)
		free(pk->to[i]);
	free(pk->path);
}

/* Moves the targets: stay, step, jump a few cells, or teleport. */
static void
pack_move_targets(struct pack *pk)
{
	struct path_point	*t;
	int			 i, r, nx, ny;

	for (i = 0; i < TARGETS; i++) {
		t = &pk->target[i];
		r = oracle_rng_below(&pk->rng, 20);
		if (r < 6)
			continue;
		if (r < 17) {
			nx = t->x + oracle_rng_range(&pk->rng, -1, 1);
			ny = t->y + oracle_rng_range(&pk->rng, -1, 1);
		} else if (r < 19) {
			nx = t->x + oracle_rng_range(&pk->rng, -4, 4);
			ny = t->y + oracle_rng_range(&pk->rng, -4, 4);
		} else {
			pack_cell(pk, t);
			continue;
		}
		if (path_grid_get(pk->grid, nx, ny) != 0) {
			t->x = nx;
			t->y = ny;
		}
	}
}

/* Flips doors and changes a few other cells' costs. */
static void
pack_change_cells(struct pack *pk)
{
	struct path_point	pt;
	unsigned		old, cost;
	int			i, n;

	for (i = 0; i < DOORS; i++) {
		if (oracle_rng_below(&pk->rng, 5) != 0)
			continue;
		old = path_grid_get(pk->grid, pk->door[i].x, pk->door[i].y);
		cost = old == 0 ? pk->door_cost[i] : 0;
		pk->cheaper += cost != 0;
		path_grid_set(pk->grid, pk->door[i].x, pk->door[i].y, cost);
	}
	if (oracle_rng_below(&pk->rng, 3) != 0)
		return;
	n = oracle_rng_range(&pk->rng, 1, 3);
	for (i = 0; i < n; i++) {
		pt.x = oracle_rng_below(&pk->rng, pk->width);
		pt.y = oracle_rng_below(&pk->rng, pk->height);
		if (oracle_rng_below(&pk->rng, 3) == 0)
			cost = 0;
		else
			cost = (unsigned)oracle_rng_range(&pk->rng, 1,
			    pk->max_cost);
		old = path_grid_get(pk->grid, pt.x, pt.y);
		pk->cheaper += cost != 0 && (old == 0 || cost < old);
		path_grid_set(pk->grid, pt.x, pt.y, cost);
	}
}

/* A small hash of a path, so answers compare in one word. */
static uint64_t
pack_path_hash(const struct path_point *p, size_t n)
{
	uint64_t	h = 1469598103934665603ULL;
	size_t		i;

	for (i = 0; i < n; i++)
		h = (h ^ (uint64_t)(p[i].x * 131071 + p[i].y)) *
		    1099511628211ULL;
	return (h);
}

/*
 * Checks the learned table for a target right after a complete plan:
 * admissible against the oracle, consistent on every legal step, zero
 * at the target.
 */
static void
pack_check_learned(struct pack *pk, int hunter, int ti)
{
	const struct path_point	*t = &pk->target[ti];
	const path_cost		*to = pk->to[ti];
	path_cost		 h, hn, step;
	int			 x, y, dx, dy;

	if (path_context_estimate(pk->ctx, t->x, t->y, t->x, t->y, &h) != 0)
		pack_fail(pk, hunter, "no table for the target just planned");
	if (h != 0)
		pack_fail(pk, hunter, "the estimate at the target is %lld",
		    (long long)h);
	for (y = 0; y < pk->height; y++) {
		for (x = 0; x < pk->width; x++) {
			if (path_grid_get(pk->grid, x, y) == 0)
				continue;
			if (path_context_estimate(pk->ctx, t->x, t->y, x, y,
			    &h) != 0)
				pack_fail(pk, hunter, "no estimate at %d,%d",
				    x, y);
			if (to[y * pk->width + x] != PATH_COST_NONE &&
			    h > to[y * pk->width + x])
				pack_fail(pk, hunter, "estimate %lld at %d,%d "
				    "exceeds the true %lld", (long long)h, x,
				    y, (long long)to[y * pk->width + x]);
			for (dy = -1; dy <= 1; dy++) {
				for (dx = -1; dx <= 1; dx++) {
					step = oracle_step(pk->grid, pk->rules,
					    x, y, dx, dy);
					if (step < 0)
						continue;
					path_context_estimate(pk->ctx, t->x,
					    t->y, x + dx, y + dy, &hn);
					if (h > step + hn)
						pack_fail(pk, hunter, "estimate "
						    "%lld at %d,%d is more than "
						    "%lld + %lld at %d,%d",
						    (long long)h, x, y,
						    (long long)step,
						    (long long)hn, x + dx,
						    y + dy);
				}
			}
		}
	}
	pk->learned_checks++;
}

/* Holds hunter i's answer to the oracle. */
static void
pack_judge(struct pack *pk, int i, enum path_plan_status status,
    unsigned long budget)
{
	const struct path_point	*h = &pk->hunter[i], *t = &pk->target[pk->aim[i]];
	path_cost		 want = PATH_COST_NONE, cost, got;
	size_t			 n;
	int			 nx, ny;
	char			 why[128];

	if (path_grid_get(pk->grid, h->x, h->y) != 0 &&
	    path_grid_get(pk->grid, t->x, t->y) != 0)
		want = pk->to[pk->aim[i]][h->y * pk->width + h->x];
	cost = path_planner_cost(pk->pl[i]);
	if (status == PATH_PLAN_PARTIAL) {
		if (budget == 0)
			pack_fail(pk, i, "partial without a budget");
		pk->partial++;
		return;
	}
	if (want == PATH_COST_NONE) {
		if (status != PATH_PLAN_NONE || cost != PATH_COST_NONE)
			pack_fail(pk, i, "found %lld where there is no path",
			    (long long)cost);
		if (path_planner_next(pk->pl[i], &nx, &ny) == 0)
			pack_fail(pk, i, "a next step without a path");
		pk->none++;
		return;
	}
	if (status != PATH_PLAN_FOUND || cost != want)
		pack_fail(pk, i, "status %d cost %lld, the oracle says %lld",
		    (int)status, (long long)cost, (long long)want);
	n = path_planner_path(pk->pl[i], pk->path, pk->cap);
	if (n > pk->cap)
		pack_fail(pk, i, "a path of %zu points", n);
	got = oracle_path_cost(pk->grid, pk->rules, h->x, h->y, t->x, t->y,
	    pk->path, n, why, sizeof why);
	if (got != want)
		pack_fail(pk, i, "the path costs %lld (%s), not %lld",
		    (long long)got, got < 0 ? why : "legal", (long long)want);
	if (n >= 2) {
		if (path_planner_next(pk->pl[i], &nx, &ny) != 0 ||
		    nx != pk->path[1].x || ny != pk->path[1].y)
			pack_fail(pk, i, "the next step is not the path's");
	} else if (path_planner_next(pk->pl[i], &nx, &ny) == 0)
		pack_fail(pk, i, "a next step from the target");
	pk->found++;
	if (budget == 0)
		pack_check_learned(pk, i, pk->aim[i]);
}

/* Moves hunter i: along its path mostly, else knocked or teleported. */
static void
pack_move_hunter(struct pack *pk, int i)
{
	struct path_point	*h = &pk->hunter[i];
	int			 r = oracle_rng_below(&pk->rng, 20), nx, ny;

	if (r < 15) {
		if (path_planner_next(pk->pl[i], &nx, &ny) == 0) {
			h->x = nx;
			h->y = ny;
		}
	} else if (r < 19) {
		nx = h->x + oracle_rng_range(&pk->rng, -1, 1);
		ny = h->y + oracle_rng_range(&pk->rng, -1, 1);
		if (path_grid_get(pk->grid, nx, ny) != 0) {
			h->x = nx;
			h->y = ny;
		}
	} else
		pack_cell(pk, h);
	if (oracle_rng_below(&pk->rng, 40) == 0)
		pk->aim[i] = oracle_rng_below(&pk->rng, TARGETS);
}

/* Plays one turn of a pack, recording every answer. */
static void
pack_turn(struct pack *pk)
{
	struct path_plan_stats	st;
	enum path_plan_status	status;
	unsigned long		budget;
	int			i;

	pack_move_targets(pk);
	pack_change_cells(pk);
	if (pk->check) {
		for (i = 0; i < TARGETS; i++)
			oracle_costs_to(pk->grid, pk->rules, pk->target[i].x,
			    pk->target[i].y, pk->to[i]);
	}
	for (i = 0; i < HUNTERS; i++) {
		budget = 0;
		if (pk->budgeted && oracle_rng_below(&pk->rng, 2) == 0)
			budget = (unsigned long)oracle_rng_range(&pk->rng, 1,
			    40);
		path_planner_set_hunter(pk->pl[i], pk->hunter[i].x,
		    pk->hunter[i].y);
		path_planner_set_target(pk->pl[i], pk->target[pk->aim[i]].x,
		    pk->target[pk->aim[i]].y);
		status = path_planner_plan(pk->pl[i], budget, &st);
		pk->answers[i].status = status;
		pk->answers[i].cost = path_planner_cost(pk->pl[i]);
		pk->answers[i].expansions = st.expansions;
		pk->answers[i].npath = path_planner_path(pk->pl[i], pk->path,
		    pk->cap);
		pk->answers[i].path_hash = pack_path_hash(pk->path,
		    pk->answers[i].npath < pk->cap ? pk->answers[i].npath :
		    pk->cap);
		if (st.from_scratch)
			pk->overflows++;
		if (pk->check)
			pack_judge(pk, i, status, budget);
		pack_move_hunter(pk, i);
	}
	pk->turn++;
}

/* Plays packs k0 .. k0 + n - 1 and checks what they covered. */
static void
pack_chunk(uint64_t k0, int n, int budgeted, int max_side, int turns)
{
	struct pack	pk;
	long		found = 0, none = 0, partial = 0, learned = 0;
	long		cheaper = 0, overflows = 0;
	int		e, t;

	for (e = 0; e < n; e++) {
		pack_new(&pk, k0 + (uint64_t)e, budgeted, max_side);
		for (t = 0; t < turns; t++)
			pack_turn(&pk);
		found += pk.found;
		none += pk.none;
		partial += pk.partial;
		learned += pk.learned_checks;
		cheaper += pk.cheaper;
		overflows += pk.overflows;
		pack_free(&pk);
	}
	/* The chunk met what it claims to test. */
	ck_assert_int_gt(found, 100);
	ck_assert_int_gt(learned, 100);
	ck_assert_int_gt(cheaper, 10);
	if (n >= 50) {
		ck_assert_int_gt(none, 0);
		ck_assert_int_gt(overflows, 0);
	}
	if (budgeted)
		ck_assert_int_gt(partial, 0);
}

START_TEST(test_adaptive_packs)
{
	pack_chunk((uint64_t)_i * PACK_EPISODES, PACK_EPISODES, 0,
	    PACK_MAX_SIDE, PACK_TURNS);
}
END_TEST

START_TEST(test_adaptive_packs_budget)
{
	pack_chunk(1000000 + (uint64_t)_i * PACK_EPISODES, PACK_EPISODES, 1,
	    PACK_MAX_SIDE, PACK_TURNS);
}
END_TEST

/* Larger grids and longer chases: tables that learn a lot, repairs. */
START_TEST(test_adaptive_packs_long)
{
	pack_chunk(2000000 + (uint64_t)_i * LONG_EPISODES, LONG_EPISODES, 0,
	    64, 120);
}
END_TEST

/*
 * Saves a pack (grid, context, planners) into a new pack that shares
 * nothing with it but the random stream's state.
 */
static void
pack_clone_by_save(const struct pack *pk, struct pack *copy)
{
	struct ser	s;
	struct deser	d;
	size_t		cells = (size_t)pk->width * pk->height;
	int		i;

	ser_init(&s);
	path_grid_save(pk->grid, &s);
	path_context_save(pk->ctx, &s);
	for (i = 0; i < HUNTERS; i++)
		path_planner_save(pk->pl[i], &s);

	*copy = *pk;
	deser_init(&d, s.buf, s.len);
	copy->grid = path_grid_load(&d);
	ck_assert_ptr_nonnull(copy->grid);
	copy->ctx = path_context_new(copy->grid, pk->rules);
	ck_assert_msg(path_context_load(copy->ctx, &d) == 0, "%s: %s",
	    pk->what, d.error);
	for (i = 0; i < HUNTERS; i++) {
		copy->pl[i] = path_planner_new(PATH_PLANNER_ADAPTIVE,
		    copy->ctx);
		ck_assert_msg(path_planner_load(copy->pl[i], &d) == 0,
		    "%s: %s", pk->what, d.error);
	}
	ck_assert_uint_eq(d.pos, d.len);
	for (i = 0; i < TARGETS; i++) {
		copy->to[i] = calloc(cells, sizeof *copy->to[i]);
		memcpy(copy->to[i], pk->to[i], cells * sizeof *copy->to[i]);
	}
	copy->path = calloc(pk->cap, sizeof *copy->path);
	ser_free(&s);
}

/*
 * A pack saved and restored mid-chase makes exactly the choices of the
 * pack that goes on: same answers, same expansions, call after call.
 */
START_TEST(test_adaptive_save_same_choices)
{
	struct pack	pk, copy;
	long		calls = 0, learned = 0;
	int		e, g, t, i, at;

	for (e = 0; e < SAVE_EPISODES; e++) {
		/* The episode's number in the whole test picks its kind. */
		g = _i * SAVE_EPISODES + e;
		pack_new(&pk, 3000000 + (uint64_t)g, g % 4 == 3,
		    g % 2 ? 48 : PACK_MAX_SIDE);
		at = oracle_rng_range(&pk.rng, 1, 40);
		for (t = 0; t < at; t++)
			pack_turn(&pk);
		pack_clone_by_save(&pk, &copy);
		/* The copy is judged too; the original only compared. */
		pk.check = 0;
		for (t = 0; t < 30; t++) {
			pack_turn(&pk);
			pack_turn(&copy);
			for (i = 0; i < HUNTERS; i++) {
				const struct answer *a = &pk.answers[i];
				const struct answer *b = &copy.answers[i];

				if (a->status != b->status ||
				    a->cost != b->cost ||
				    a->expansions != b->expansions ||
				    a->npath != b->npath ||
				    a->path_hash != b->path_hash)
					pack_fail(&copy, i, "the restored pack "
					    "answers %d/%lld/%llu/%zu, the "
					    "original %d/%lld/%llu/%zu",
					    (int)b->status, (long long)b->cost,
					    (unsigned long long)b->expansions,
					    b->npath, (int)a->status,
					    (long long)a->cost,
					    (unsigned long long)a->expansions,
					    a->npath);
				calls++;
			}
		}
		learned += copy.learned_checks;
		pack_free(&copy);
		pack_free(&pk);
	}
	ck_assert_int_gt(calls, 1000);
	ck_assert_int_gt(learned, 100);
}
END_TEST

/*
 * Damaged context saves: every truncation and many single-byte changes
 * are refused with a reason, or load into a context whose planners still
 * answer exactly (the oracle judges them for a few turns).
 */
START_TEST(test_adaptive_save_damaged)
{
	struct pack	 pk, copy;
	struct ser	 s;
	struct deser	 d;
	struct oracle_rng rng;
	uint8_t		*buf;
	size_t		 cut, cells;
	long		 refused = 0, accepted = 0;
	int		 trial, i, t;

	pack_new(&pk, 4000000 + (uint64_t)_i, 0, 32);
	for (t = 0; t < 25; t++)
		pack_turn(&pk);
	ser_init(&s);
	path_context_save(pk.ctx, &s);
	ck_assert_uint_gt(s.len, 64);
	for (cut = 0; cut < s.len; cut++) {
		struct path_context *ctx = path_context_new(pk.grid, pk.rules);

		deser_init(&d, s.buf, cut);
		ck_assert_int_eq(path_context_load(ctx, &d), -1);
		ck_assert_ptr_nonnull(d.error);
		path_context_free(ctx);
	}
	oracle_rng_seed(&rng, pk.seed);
	buf = malloc(s.len);
	cells = (size_t)pk.width * pk.height;
	for (trial = 0; trial < 300; trial++) {
		memcpy(buf, s.buf, s.len);
		buf[oracle_rng_below(&rng, (int)s.len)] ^=
		    (uint8_t)(1 << oracle_rng_below(&rng, 8));
		copy = pk;
		copy.ctx = path_context_new(pk.grid, pk.rules);
		deser_init(&d, buf, s.len);
		if (path_context_load(copy.ctx, &d) != 0) {
			ck_assert_ptr_nonnull(d.error);
			refused++;
			path_context_free(copy.ctx);
			continue;
		}
		accepted++;
		/* Whatever was accepted must still plan exactly. */
		copy.grid = path_grid_clone(pk.grid);
		path_context_free(copy.ctx);
		copy.ctx = path_context_new(copy.grid, pk.rules);
		deser_init(&d, buf, s.len);
		ck_assert_int_eq(path_context_load(copy.ctx, &d), 0);
		for (i = 0; i < HUNTERS; i++)
			copy.pl[i] = path_planner_new(PATH_PLANNER_ADAPTIVE,
			    copy.ctx);
		for (i = 0; i < TARGETS; i++)
			copy.to[i] = calloc(cells, sizeof *copy.to[i]);
		copy.path = calloc(copy.cap, sizeof *copy.path);
		copy.check = 1;
		for (t = 0; t < 5; t++)
			pack_turn(&copy);
		pack_free(&copy);
	}
	free(buf);
	ck_assert_int_gt(refused, 10);
	/* A context saved for another grid size is refused. */
	{
		struct path_grid *g = path_grid_new(pk.width + 1, pk.height, 1,
		    16);
		struct path_context *ctx = path_context_new(g, pk.rules);

		deser_init(&d, s.buf, s.len);
		ck_assert_int_eq(path_context_load(ctx, &d), -1);
		ck_assert_ptr_nonnull(d.error);
		path_context_free(ctx);
		path_grid_free(g);
	}
	ser_free(&s);
	pack_free(&pk);
}
END_TEST

/*
 * Learning pays, and costs the context, not the hunters: in a maze,
 * hunters starting from one corner towards a target in the other
 * expand far fewer cells after the first, and a second pack of a hundred
 * times as many hunters makes the context no bigger.
 */
START_TEST(test_adaptive_learning_shared)
{
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*pl[200];
	struct path_plan_stats	 st;
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	uint64_t		 first = 0, later = 0;
	size_t			 small, big, own;
	int			 i, x, y, tx, ty;

	oracle_rng_seed(&rng, 77);
	g = oracle_grid_maze(&rng, 61, 61, 10, 1);
	ctx = path_context_new(g, rules);
	/* Open corners of the maze (its passages are at even cells). */
	x = y = 0;
	tx = ty = 60;
	ck_assert(path_grid_get(g, x, y) != 0 && path_grid_get(g, tx, ty) != 0);
	for (i = 0; i < 200; i++) {
		pl[i] = path_planner_new(PATH_PLANNER_ADAPTIVE, ctx);
		/* Hunters start along the first row, far from the target. */
		path_planner_set_hunter(pl[i], (i % 4) * 2, 0);
		path_planner_set_target(pl[i], tx, ty);
		ck_assert_int_eq(path_planner_plan(pl[i], 0, &st),
		    PATH_PLAN_FOUND);
		ck_assert_int_eq(path_planner_cost(pl[i]), oracle_cost(g,
		    rules, (i % 4) * 2, 0, tx, ty));
		if (i == 0)
			first = st.expansions;
		else if (i < 4)
			later += st.expansions;
		if (i == 0)
			small = path_context_memory(ctx);
	}
	/* Each later hunter stops on the first one's path. */
	ck_assert_uint_gt(first, 100);
	ck_assert_uint_lt(later, first / 4);
	big = path_context_memory(ctx);
	ck_assert_uint_eq(big, small);
	for (i = 0, own = 0; i < 200; i++)
		own += path_planner_memory(pl[i]);
	/* A hunter's own memory is its path, not the map. */
	ck_assert_uint_lt(own / 200, 4096);
	for (i = 0; i < 200; i++)
		path_planner_free(pl[i]);
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/*
 * A door opening after the tables learned the long way round: the next
 * plan takes the shortcut at once, and the estimates drop to the new
 * true distances' side of the door (still admissible).
 */
START_TEST(test_adaptive_door_opens)
{
	struct path_grid	*g = path_grid_new(21, 9, 1, 64);
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	struct path_context	*ctx;
	struct path_planner	*p;
	path_cost		 h, before;
	int			 y, round;

	/* A wall down the middle with a gap at the bottom only. */
	for (y = 0; y < 8; y++)
		path_grid_set(g, 10, y, 0);
	ctx = path_context_new(g, rules);
	p = path_planner_new(PATH_PLANNER_ADAPTIVE, ctx);
	for (round = 0; round < 3; round++) {
		path_planner_set_hunter(p, 0, 0);
		path_planner_set_target(p, 20, 0);
		ck_assert_int_eq(path_planner_plan(p, 0, NULL),
		    PATH_PLAN_FOUND);
	}
	before = path_planner_cost(p);
	ck_assert_int_eq(before, oracle_cost(g, rules, 0, 0, 20, 0));
	ck_assert_int_eq(path_context_estimate(ctx, 20, 0, 0, 0, &h), 0);
	ck_assert_int_eq(h, before);	/* learned exactly */
	path_grid_set(g, 10, 0, 1);	/* the door at the top opens */
	ck_assert_int_eq(path_planner_plan(p, 0, NULL), PATH_PLAN_FOUND);
	ck_assert_int_eq(path_planner_cost(p), 20 * PATH_COST_ORTHO);
	ck_assert_int_eq(path_context_estimate(ctx, 20, 0, 0, 0, &h), 0);
	ck_assert_int_le(h, 20 * PATH_COST_ORTHO);
	path_planner_free(p);
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/* Builds the adaptive planner's suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("adaptive");
	TCase	*tc;

	tc = tcase_create("packs");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_adaptive_packs, 0,
	    (int)test_scaled(PACK_CHUNKS));
	tcase_add_loop_test(tc, test_adaptive_packs_budget, 0,
	    (int)test_scaled(PACK_CHUNKS / 2));
	tcase_add_loop_test(tc, test_adaptive_packs_long, 0,
	    (int)test_scaled(LONG_CHUNKS));
	suite_add_tcase(s, tc);

	tc = tcase_create("saves");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_adaptive_save_same_choices, 0,
	    (int)test_scaled(SAVE_CHUNKS));
	tcase_add_loop_test(tc, test_adaptive_save_damaged, 0,
	    (int)test_scaled(4));
	suite_add_tcase(s, tc);

	tc = tcase_create("learning");
	tcase_add_test(tc, test_adaptive_learning_shared);
	tcase_add_test(tc, test_adaptive_door_opens);
	suite_add_tcase(s, tc);
	return (s);
}
