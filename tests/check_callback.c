/*
 * check_callback.c: grids whose costs come from the caller
 * (path_grid_new_callback, issue 29 part 3) against the brute-force
 * oracle.
 *
 * Thousands of random grids, each under random rules, with a random
 * callback of one of three kinds: one that reads a stored grid (so that
 * A* on the callback must agree with A* on the stored grid and with the
 * oracle's stored-grid Bellman-Ford), one whose costs depend on the
 * direction of the step (climbing a height map costs more than going
 * down it, and each edge has its own weight), and one of occupancy (a
 * stored grid plus cells that others stand on, blocked to enter but for
 * the goal).  For each: A*'s cost and path, both directions of a field
 * (computed at once, and again in small budgets) cell by cell, a field's
 * path, and the astar planner, against the oracle's Bellman-Ford over the
 * same callback.  Then the refusals: jump point search, the planners
 * that keep state between calls, a NULL fn, costs out of range.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "path.h"
#include "testutil.h"

#define CB_MAX_SIDE	20

enum cb_kind {
	CB_STORED,	/* the costs of a stored grid */
	CB_CLIMB,	/* a height map and a weight per edge: directed */
	CB_OCCUPIED,	/* a stored grid and cells others stand on */
	CB_KINDS
};

/* What a callback reads. */
struct cb_world {
	enum cb_kind		 kind;
	struct path_grid	*stored;	/* STORED, OCCUPIED */
	struct path_rules	 rules;
	int			 width;
	int			 height;
	uint8_t			 height_of[CB_MAX_SIDE * CB_MAX_SIDE];
	uint8_t			 occupied[CB_MAX_SIDE * CB_MAX_SIDE];
	uint64_t		 salt;		/* of the edge weights */
	int			 gx, gy;	/* OCCUPIED: may be entered */
	long			 calls;
};

/* A step's unweighted cost under the world's rules. */
static path_cost
cb_base(const struct cb_world *w, int dx, int dy)
{
	return (path_step_cost(w->rules, dx, dy, 1));
}

/* A weight of 1 to 6 per directed edge, or 0 (blocked) now and then. */
static int
cb_edge_weight(const struct cb_world *w, int fx, int fy, int tx, int ty)
{
	uint64_t	h = w->salt ^ ((uint64_t)fx * 0x9e3779b97f4a7c15u) ^
			    ((uint64_t)fy * 0xc2b2ae3d27d4eb4fu) ^
			    ((uint64_t)tx * 0x165667b19e3779f9u) ^
			    ((uint64_t)ty * 0x27d4eb2f165667c5u);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 32;
	return (h % 10 == 0 ? 0 : (int)(h % 6) + 1);
}

static path_cost
cb_cost(void *user, int fx, int fy, int tx, int ty)
{
	struct cb_world	*w = user;
	path_cost	 base = cb_base(w, tx - fx, ty - fy);
	int		 up, weight;

	w->calls++;
	switch (w->kind) {
	case CB_STORED:
		if (path_grid_get(w->stored, fx, fy) == 0 ||
		    path_grid_get(w->stored, tx, ty) == 0)
			return (PATH_COST_NONE);
		return (base * path_grid_get(w->stored, tx, ty));
	case CB_CLIMB:
		weight = cb_edge_weight(w, fx, fy, tx, ty);
		if (weight == 0)
			return (PATH_COST_NONE);
		up = w->height_of[ty * w->width + tx] -
		    w->height_of[fy * w->width + fx];
		return (base * weight + (up > 0 ? 300 * up : 0));
	default:
		if (path_grid_get(w->stored, fx, fy) == 0 ||
		    path_grid_get(w->stored, tx, ty) == 0)
			return (PATH_COST_NONE);
		if (w->occupied[ty * w->width + tx] &&
		    (tx != w->gx || ty != w->gy))
			return (PATH_COST_NONE);
		return (base * path_grid_get(w->stored, tx, ty));
	}
}

/* A random world of a random kind, size and rules. */
static void
cb_world_make(struct cb_world *w, struct oracle_rng *rng)
{
	int	i;

	memset(w, 0, sizeof *w);
	w->kind = (enum cb_kind)oracle_rng_below(rng, CB_KINDS);
	w->width = oracle_rng_range(rng, 1, CB_MAX_SIDE);
	w->height = oracle_rng_range(rng, 1, CB_MAX_SIDE);
	w->rules.movement = (enum path_movement)oracle_rng_below(rng, 4);
	w->rules.diagonal = (enum path_diagonal)oracle_rng_below(rng, 4);
	w->rules.heuristic = oracle_rng_below(rng, 3) == 0 ? PATH_H_ZERO :
	    PATH_H_DEFAULT;
	w->rules = path_rules_normalize(w->rules);
	w->salt = oracle_rng_next(rng);
	for (i = 0; i < w->width * w->height; i++) {
		w->height_of[i] = (uint8_t)oracle_rng_below(rng, 4);
		w->occupied[i] = oracle_rng_below(rng, 6) == 0;
	}
	if (w->kind != CB_CLIMB)
		w->stored = oracle_grid_make(rng, (enum oracle_terrain)
		    oracle_rng_below(rng, ORACLE_TERRAIN_COUNT), w->width,
		    w->height, oracle_rng_range(rng, 1, 9));
}

/* The oracle's view of the world's callback. */
static struct oracle_callback
cb_oracle(struct cb_world *w)
{
	struct oracle_callback	o = { w->width, w->height, w->rules, cb_cost,
				    w };

	return (o);
}

/*
 * Sums a path's steps by the oracle, walked forwards or (a field's path
 * from the source, which lists the far end first) backwards; -1 if one
 * is illegal.
 */
static path_cost
cb_path_sum(const struct oracle_callback *o, const struct path_point *pt,
    size_t n, int backwards)
{
	const struct path_point	*a, *b;
	path_cost		 sum = 0, c;
	size_t			 i;

	for (i = 1; i < n; i++) {
		a = backwards ? &pt[i] : &pt[i - 1];
		b = backwards ? &pt[i - 1] : &pt[i];
		c = oracle_callback_step(o, a->x, a->y, b->x - a->x,
		    b->y - a->y);
		if (c < 0)
			return (-1);
		sum += c;
	}
	return (sum);
}

/* A* on the callback grid from (sx,sy) to (gx,gy) against the oracle. */
static void
cb_check_astar(struct cb_world *w, struct path_grid *g, path_cost *costs,
    int sx, int sy, int gx, int gy, const char *what)
{
	struct oracle_callback	 o = cb_oracle(w);
	struct path_astar	*as = path_astar_new(w->width, w->height);
	struct path_point	 pt[CB_MAX_SIDE * CB_MAX_SIDE + 1];
	path_cost		 cost, want;
	size_t			 n;

	oracle_callback_costs(&o, sx, sy, PATH_FIELD_FROM_SOURCE, costs);
	want = costs[gy * w->width + gx];
	cost = path_astar_search(as, g, w->rules, sx, sy, gx, gy, NULL);
	ck_assert_msg(cost == want, "%s: A* (%d,%d)->(%d,%d) cost %lld, the "
	    "oracle %lld", what, sx, sy, gx, gy, (long long)cost,
	    (long long)want);
	n = path_astar_path(as, pt, sizeof pt / sizeof pt[0]);
	if (want == PATH_COST_NONE)
		ck_assert_uint_eq(n, 0);
	else {
		ck_assert_msg(n >= 1 && pt[0].x == sx && pt[0].y == sy &&
		    pt[n - 1].x == gx && pt[n - 1].y == gy, "%s: A*'s path "
		    "does not join its ends", what);
		ck_assert_msg(cb_path_sum(&o, pt, n, 0) == want, "%s: A*'s "
		    "path costs %lld by the oracle, not %lld", what,
		    (long long)cb_path_sum(&o, pt, n, 0), (long long)want);
	}
	if (w->kind == CB_STORED) {
		/* The same costs stored: the stored grid's search agrees. */
		ck_assert_msg(path_astar_search(as, w->stored, w->rules, sx, sy,
		    gx, gy, NULL) == (path_grid_get(w->stored, sx, sy) == 0 ?
		    PATH_COST_NONE : want), "%s: the stored grid's A* differs",
		    what);
		if (path_grid_get(w->stored, sx, sy) != 0)
			ck_assert_msg(oracle_cost(w->stored, w->rules, sx, sy,
			    gx, gy) == want, "%s: the stored oracle differs",
			    what);
	}
	path_astar_free(as);
}

/* A field both ways, whole and in budgets, cell by cell. */
static void
cb_check_field(struct cb_world *w, struct path_grid *g, path_cost *costs,
    int sx, int sy, enum path_field_direction dir, unsigned long budget,
    const char *what)
{
	struct oracle_callback	 o = cb_oracle(w);
	struct path_field	*f = path_field_new(w->width, w->height);
	struct path_point	 pt[CB_MAX_SIDE * CB_MAX_SIDE + 1];
	path_cost		 got, sum;
	size_t			 n;
	int			 x, y, r;

	oracle_callback_costs(&o, sx, sy, dir, costs);
	if (budget == 0)
		ck_assert_int_eq(path_field_compute(f, g, w->rules, sx, sy, dir,
		    NULL), 0);
	else {
		ck_assert_int_eq(path_field_begin(f, g, w->rules, sx, sy, dir),
		    0);
		while ((r = path_field_run(f, g, budget, NULL)) == 0)
			continue;
		ck_assert_int_eq(r, 1);
	}
	for (y = 0; y < w->height; y++) {
		for (x = 0; x < w->width; x++) {
			got = path_field_get(f, x, y);
			ck_assert_msg(got == costs[y * w->width + x], "%s: the "
			    "field %s (%d,%d) holds %lld at (%d,%d), the "
			    "oracle %lld", what, dir == PATH_FIELD_TO_SOURCE ?
			    "to" : "from", sx, sy, (long long)got, x, y,
			    (long long)costs[y * w->width + x]);
			if (got == PATH_COST_NONE)
				continue;
			n = path_field_path(f, x, y, pt, sizeof pt /
			    sizeof pt[0]);
			ck_assert_uint_ge(n, 1);
			/* (x,y) first: to the source, or read back from it. */
			sum = cb_path_sum(&o, pt, n,
			    dir == PATH_FIELD_FROM_SOURCE);
			ck_assert_msg(sum == got, "%s: the field's path at "
			    "(%d,%d) costs %lld, not %lld", what, x, y,
			    (long long)sum, (long long)got);
		}
	}
	path_field_free(f);
}

/* The astar planner on a context of the callback grid, with a budget. */
static void
cb_check_planner(struct cb_world *w, struct path_grid *g, path_cost *costs,
    int sx, int sy, int gx, int gy, const char *what)
{
	struct oracle_callback	 o = cb_oracle(w);
	struct path_context	*ctx = path_context_new(g, w->rules);
	struct path_planner	*p = path_planner_new(PATH_PLANNER_ASTAR, ctx);
	enum path_plan_status	 st;
	path_cost		 want;

	ck_assert_ptr_nonnull(p);
	oracle_callback_costs(&o, sx, sy, PATH_FIELD_FROM_SOURCE, costs);
	want = costs[gy * w->width + gx];
	path_planner_set_hunter(p, sx, sy);
	path_planner_set_target(p, gx, gy);
	st = path_planner_plan(p, 3, NULL);	/* the budget is ignored */
	ck_assert_int_eq(st, want == PATH_COST_NONE ? PATH_PLAN_NONE :
	    PATH_PLAN_FOUND);
	ck_assert_msg(path_planner_cost(p) == want, "%s: the astar planner "
	    "gives %lld, the oracle %lld", what,
	    (long long)path_planner_cost(p), (long long)want);
	path_planner_free(p);
	path_context_free(ctx);
}

/* Random worlds: A*, fields and the astar planner against the oracle. */
START_TEST(test_callback_oracle)
{
	struct oracle_rng	 rng;
	struct cb_world		 w;
	struct path_grid	*g;
	path_cost		 costs[CB_MAX_SIDE * CB_MAX_SIDE];
	char			 what[160], rb[64];
	long			 i, n = test_scaled(3000);
	int			 sx, sy, gx, gy;

	oracle_rng_seed(&rng, test_seed_base() + (uint64_t)_i * 7919);
	for (i = 0; i < n; i++) {
		cb_world_make(&w, &rng);
		g = path_grid_new_callback(w.width, w.height, cb_cost, &w);
		ck_assert_ptr_nonnull(g);
		sx = oracle_rng_below(&rng, w.width);
		sy = oracle_rng_below(&rng, w.height);
		w.gx = gx = oracle_rng_below(&rng, w.width);
		w.gy = gy = oracle_rng_below(&rng, w.height);
		snprintf(what, sizeof what, "world %ld (kind %d, %dx%d, %s)",
		    i, (int)w.kind, w.width, w.height,
		    test_rules_text(w.rules, rb, sizeof rb));
		cb_check_astar(&w, g, costs, sx, sy, gx, gy, what);
		cb_check_planner(&w, g, costs, sx, sy, gx, gy, what);
		cb_check_field(&w, g, costs, gx, gy, PATH_FIELD_TO_SOURCE,
		    i % 3 == 0 ? (unsigned long)oracle_rng_range(&rng, 1, 5) :
		    0, what);
		cb_check_field(&w, g, costs, sx, sy, PATH_FIELD_FROM_SOURCE,
		    i % 3 == 1 ? (unsigned long)oracle_rng_range(&rng, 1, 5) :
		    0, what);
		path_grid_free(g);
		path_grid_free(w.stored);
	}
}
END_TEST

/* What the error handler was last told. */
struct cb_errors {
	int			calls;
	enum path_error_kind	kind;
	char			message[512];
};

static void
cb_error_handler(enum path_error_kind kind, const char *message, void *ctx)
{
	struct cb_errors	*e = ctx;

	e->calls++;
	e->kind = kind;
	snprintf(e->message, sizeof e->message, "%s", message);
}

/* Checks that the last call told the handler of a misuse, with words. */
static void
cb_told(struct cb_errors *e, int before, const char *words)
{
	ck_assert_int_eq(e->calls, before + 1);
	ck_assert_int_eq(e->kind, PATH_ERROR_MISUSE);
	ck_assert_msg(strstr(e->message, words) != NULL, "\"%s\" not in "
	    "\"%s\"", words, e->message);
}

/* A callback whose orthogonal steps cost `ortho` and diagonals `diag`. */
struct cb_fixed {
	path_cost	ortho;
	path_cost	diag;
};

static path_cost
cb_fixed_cost(void *user, int fx, int fy, int tx, int ty)
{
	const struct cb_fixed	*c = user;

	return (fx != tx && fy != ty ? c->diag : c->ortho);
}

/* Jump point search refuses a callback grid, with the documented error. */
START_TEST(test_callback_jps_refused)
{
	static struct cb_errors	 e;
	struct cb_fixed		 c = { PATH_COST_ORTHO, PATH_COST_DIAG };
	struct path_grid	*g = path_grid_new_callback(12, 9,
				    cb_fixed_cost, &c);
	struct path_jps		*j = path_jps_new(12, 9);
	const struct path_rules	 r = path_rules_movingai();
	int			 n;

	memset(&e, 0, sizeof e);
	path_set_error_handler(cb_error_handler, &e);
	ck_assert_int_eq(path_jps_supports(g, r), 0);
	ck_assert_int_eq(path_jps_preferred(g, r), 0);
	n = e.calls;
	ck_assert_int_eq(path_jps_search(j, g, r, 0, 0, 11, 8, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "path_jps_search");
	path_set_error_handler(NULL, NULL);
	path_jps_free(j);
	path_grid_free(g);
}
END_TEST

/* Misuse: a NULL fn, costs out of range, what a callback grid cannot do. */
START_TEST(test_callback_misuse)
{
	static struct cb_errors	 e;
	struct cb_fixed		 c = { PATH_COST_ORTHO, PATH_COST_DIAG };
	const struct path_rules	 r = path_rules_movingai();
	struct path_grid	*g;
	struct path_astar	*as = path_astar_new(6, 5);
	struct path_field	*f = path_field_new(6, 5);
	struct path_context	*ctx;
	struct path_planner	*p;
	path_cost		 safety[30];
	size_t			 len = 1;
	int			 n, k;

	memset(&e, 0, sizeof e);
	path_set_error_handler(cb_error_handler, &e);
	n = e.calls;
	ck_assert_ptr_null(path_grid_new_callback(6, 5, NULL, &c));
	cb_told(&e, n, "path_grid_new_callback: no cost function");
	n = e.calls;
	ck_assert_ptr_null(path_grid_new_callback(0, 5, cb_fixed_cost, &c));
	cb_told(&e, n, "path_grid_new_callback: a size of 0x5");
	g = path_grid_new_callback(6, 5, cb_fixed_cost, &c);
	ck_assert_int_eq(path_grid_is_callback(g), 1);

	/* At the least: exact, and nothing told. */
	n = e.calls;
	ck_assert_int_eq(path_astar_search(as, g, r, 0, 0, 5, 4, NULL),
	    4 * PATH_COST_DIAG + PATH_COST_ORTHO);
	ck_assert_int_eq(e.calls, n);

	/* An orthogonal step below PATH_COST_ORTHO. */
	c.ortho = PATH_COST_ORTHO - 1;
	ck_assert_int_eq(path_astar_search(as, g, r, 0, 0, 5, 4, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "the cost callback gave 984");
	ck_assert_uint_eq(path_astar_path(as, NULL, 0), 0);
	n = e.calls;
	ck_assert_int_eq(path_field_compute(f, g, r, 2, 2,
	    PATH_FIELD_TO_SOURCE, NULL), -1);
	cb_told(&e, n, "path_field_run: the cost callback gave 984");

	/* A diagonal at the orthogonal cost, where it must cost 1393. */
	c.ortho = PATH_COST_ORTHO;
	c.diag = PATH_COST_ORTHO;
	n = e.calls;
	ck_assert_int_eq(path_astar_search(as, g, r, 0, 0, 5, 4, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "the cost callback gave 985");
	/* Under Chebyshev movement the same diagonal is the least. */
	n = e.calls;
	ck_assert_int_eq(path_astar_search(as, g, (struct path_rules){
	    PATH_MOVE_8_CHEBYSHEV, PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT },
	    0, 0, 5, 4, NULL), 5 * PATH_COST_ORTHO);
	ck_assert_int_eq(e.calls, n);

	/* Above the dearest step, and negative. */
	c.diag = PATH_GRID_MAX_STEP_COST + 1;
	ck_assert_int_eq(path_astar_search(as, g, r, 0, 0, 5, 4, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "path_astar_search: the cost callback gave");
	c.diag = PATH_COST_DIAG;
	c.ortho = -5;
	n = e.calls;
	ck_assert_int_eq(path_astar_search(as, g, r, 0, 0, 5, 4, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "gave -5");
	c.ortho = PATH_COST_ORTHO;

	/* The astar planner: a cost out of range plans nothing. */
	ctx = path_context_new(g, r);
	p = path_planner_new(PATH_PLANNER_ASTAR, ctx);
	path_planner_set_hunter(p, 0, 0);
	path_planner_set_target(p, 5, 4);
	ck_assert_int_eq(path_planner_plan(p, 0, NULL), PATH_PLAN_FOUND);
	ck_assert_int_eq(path_planner_cost(p), 4 * PATH_COST_DIAG +
	    PATH_COST_ORTHO);
	c.ortho = 0;
	n = e.calls;
	ck_assert_int_eq(path_planner_plan(p, 0, NULL), PATH_PLAN_NONE);
	ck_assert_int_eq(path_planner_cost(p), PATH_COST_NONE);
	cb_told(&e, n, "gave 0");
	c.ortho = PATH_COST_ORTHO;

	/* The planners that keep state between calls refuse. */
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (k == PATH_PLANNER_ASTAR)
			continue;
		n = e.calls;
		ck_assert_ptr_null(path_planner_new((enum path_planner_kind)k,
		    ctx));
		cb_told(&e, n, "path_planner_new: cannot use a grid whose "
		    "costs come from a callback");
	}
	n = e.calls;
	ck_assert_ptr_null(path_flank_new(g, r, 8));
	cb_told(&e, n, "path_flank_new");
	n = e.calls;
	ck_assert_int_eq(path_safety_compute(g, r, 1, 1, safety, NULL),
	    PATH_COST_ERROR);
	cb_told(&e, n, "path_safety_compute");

	/* No stored costs: nothing to set or save. */
	n = e.calls;
	ck_assert_int_eq(path_grid_set(g, 1, 1, 0), 0);
	cb_told(&e, n, "path_grid_set");
	ck_assert_int_eq(path_grid_get(g, 1, 1), 1);
	ck_assert_uint_eq(path_grid_version(g), 0);
	n = e.calls;
	ck_assert_ptr_null(path_grid_save_buffer(g, &len));
	ck_assert_uint_eq(len, 0);
	cb_told(&e, n, "path_grid_save_buffer");

	/* A field begun on it runs on it only. */
	ck_assert_int_eq(path_field_begin(f, g, r, 1, 1,
	    PATH_FIELD_FROM_SOURCE), 0);
	{
		struct path_grid	*stored = path_grid_new(6, 5, 1, 4);

		n = e.calls;
		ck_assert_int_eq(path_field_run(f, stored, 0, NULL), -1);
		cb_told(&e, n, "path_field_run: a grid without costs from a "
		    "callback");
		path_grid_free(stored);
	}
	ck_assert_int_eq(path_field_run(f, g, 0, NULL), 1);
	ck_assert_int_eq(path_field_get(f, 5, 4), 3 * PATH_COST_DIAG +
	    PATH_COST_ORTHO);

	path_set_error_handler(NULL, NULL);
	path_planner_free(p);
	path_context_free(ctx);
	path_field_free(f);
	path_astar_free(as);
	path_grid_free(g);
}
END_TEST

/* A clone asks the same callback. */
START_TEST(test_callback_clone)
{
	struct cb_fixed		 c = { 2 * PATH_COST_ORTHO,
				    2 * PATH_COST_DIAG };
	struct path_grid	*g = path_grid_new_callback(7, 3,
				    cb_fixed_cost, &c);
	struct path_grid	*k = path_grid_clone(g);
	struct path_astar	*as = path_astar_new(7, 3);

	ck_assert_int_eq(path_grid_is_callback(k), 1);
	ck_assert_int_eq(path_astar_search(as, k, path_rules_movingai(), 0, 1,
	    6, 1, NULL), 12 * PATH_COST_ORTHO);
	path_astar_free(as);
	path_grid_free(k);
	path_grid_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("callback");
	TCase	*tc;

	tc = tcase_create("oracle");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_callback_oracle, 0, 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("refusals");
	tcase_add_test(tc, test_callback_jps_refused);
	tcase_add_test(tc, test_callback_misuse);
	tcase_add_test(tc, test_callback_clone);
	suite_add_tcase(s, tc);
	return (s);
}
