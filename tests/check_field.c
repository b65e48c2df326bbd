/*
 * check_field.c: distance fields against the oracle, in both directions.
 *
 * A field from the source must equal one oracle run from the source.  A
 * field to the source is checked the slow, obviously right way: an oracle
 * run from every cell to the source, which on weighted terrain differs
 * from the other direction, so a field that mixed the two up would fail.
 * Walking a field downhill with path_field_next_step must reach the
 * source along legal steps that add up to the field's value, which is
 * how monsters will use it; a field from the source, its parents read
 * backwards, gives a cheapest way out to any cell, which is how the
 * player's travel uses it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "field-internal.h"
#include "safety.h"
#include "oracle.h"
#include "testutil.h"

#define FROM_GRIDS	1600
#define FROM_MAX_SIDE	32
#define TO_GRIDS	480
#define TO_MAX_SIDE	11

/* One random grid and source for the field tests. */
struct field_case {
	uint64_t		 seed;
	struct path_grid	*grid;
	int			 width;
	int			 height;
	struct path_rules	 rules;
	int			 sx;
	int			 sy;
	char			 what[192];
};

/* Builds case k: rules cycle through every combination, sources vary. */
static void
field_case_make(struct field_case *fc, uint64_t k, int max_side)
{
	static const int	 weights[] = { 1, 9, 254 };
	struct oracle_rng	 rng;
	enum oracle_terrain	 terrain;
	int			 max_cost, roll;
	char			 rules[64];

	memset(fc, 0, sizeof *fc);
	fc->seed = test_seed_base() * 7919 + k;
	oracle_rng_seed(&rng, fc->seed);
	fc->rules.movement = (enum path_movement)(k % 16 / TEST_DIAGONALS);
	fc->rules.diagonal = (enum path_diagonal)(k % TEST_DIAGONALS);
	fc->rules.heuristic = PATH_H_DEFAULT;
	terrain = (enum oracle_terrain)(k / 16 % ORACLE_TERRAIN_COUNT);
	max_cost = weights[k / (16 * ORACLE_TERRAIN_COUNT) % 3];
	oracle_random_size(&rng, max_side, &fc->width, &fc->height);
	fc->grid = oracle_grid_make(&rng, terrain, fc->width, fc->height,
	    max_cost);
	roll = oracle_rng_below(&rng, 20);
	fc->sx = oracle_rng_below(&rng, fc->width);
	fc->sy = oracle_rng_below(&rng, fc->height);
	if (roll == 0)
		fc->sx = fc->width;		/* outside */
	else if (roll > 2) {
		/* Mostly an open source, if there is one. */
		for (roll = 0; roll < 64 &&
		    path_grid_get(fc->grid, fc->sx, fc->sy) == 0; roll++) {
			fc->sx = oracle_rng_below(&rng, fc->width);
			fc->sy = oracle_rng_below(&rng, fc->height);
		}
	}
	snprintf(fc->what, sizeof fc->what, "seed %llu (case %llu) %dx%d %s "
	    "costs 1..%d rules %s source (%d,%d)",
	    (unsigned long long)fc->seed, (unsigned long long)k, fc->width,
	    fc->height, oracle_terrain_name(terrain), max_cost,
	    test_rules_text(fc->rules, rules, sizeof rules), fc->sx, fc->sy);
}

/* Reports a failure of a field case, printing its grid first. */
static void __attribute__((format(printf, 2, 3), noreturn))
field_fail(const struct field_case *fc, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	test_grid_vfail(fc->grid, fc->what, fmt, ap);
}

/*
 * Walks from (x,y) downhill to the source, checking every step (and that
 * path_field_path gives the same cells), and returns the summed cost of
 * the steps.
 */
static path_cost
field_walk(const struct field_case *fc, const struct path_field *f, int x,
    int y)
{
	struct path_point	 path[64];
	path_cost		 total = 0, step, here, there;
	size_t			 n;
	int			 nx, ny, steps = 0;

	n = path_field_path(f, x, y, path, 64);
	if (n == 0 || path[0].x != x || path[0].y != y)
		field_fail(fc, "path_field_path from (%d,%d) gives %zu points",
		    x, y, n);
	while (x != fc->sx || y != fc->sy) {
		here = path_field_get(f, x, y);
		nx = ny = -99;
		if (path_field_next_step(f, fc->grid, x, y, &nx, &ny) != 0)
			field_fail(fc, "no next step from (%d,%d) at %lld", x,
			    y, (long long)here);
		step = oracle_step(fc->grid, fc->rules, x, y, nx - x, ny - y);
		if (step < 0)
			field_fail(fc, "next step from (%d,%d) to (%d,%d) is "
			    "not a legal step", x, y, nx, ny);
		there = path_field_get(f, nx, ny);
		if (there == PATH_COST_NONE || there + step != here)
			field_fail(fc, "step (%d,%d) at %lld to (%d,%d) at "
			    "%lld costs %lld: not downhill on a cheapest path",
			    x, y, (long long)here, nx, ny, (long long)there,
			    (long long)step);
		total += step;
		x = nx;
		y = ny;
		if (++steps > fc->width * fc->height)
			field_fail(fc, "walk does not reach the source");
		if ((size_t)steps < 64 && (size_t)steps < n &&
		    (path[steps].x != x || path[steps].y != y))
			field_fail(fc, "path_field_path's point %d is (%d,%d), "
			    "the walk's (%d,%d)", steps, path[steps].x,
			    path[steps].y, x, y);
	}
	if (n != (size_t)steps + 1)
		field_fail(fc, "path_field_path gives %zu points, the walk %d",
		    n, steps + 1);
	return (total);
}

/*
 * For a field from the source: the parents' walk from (x,y), read
 * backwards, goes from the source to (x,y) by legal steps adding up to
 * want (none at all when want is PATH_COST_NONE).
 */
static void
field_walk_from(const struct field_case *fc, const struct path_field *f,
    int x, int y, path_cost want)
{
	struct path_point	*p;
	path_cost		 total = 0, step;
	size_t			 n, k, got;

	n = path_field_path(f, x, y, NULL, 0);
	if (want == PATH_COST_NONE) {
		if (n != 0)
			field_fail(fc, "unreachable (%d,%d) has a path of %zu "
			    "points", x, y, n);
		return;
	}
	/* For every cell of every field: test_assert_msg (testutil.h). */
	p = calloc(n, sizeof *p);
	test_assert_msg(p != NULL, "out of memory");
	got = path_field_path(f, x, y, p, n);
	test_assert_msg(got == n, "path to (%d,%d): %zu points, then %zu", x,
	    y, n, got);
	if (p[0].x != x || p[0].y != y || p[n - 1].x != fc->sx ||
	    p[n - 1].y != fc->sy)
		field_fail(fc, "path from (%d,%d) runs (%d,%d) to (%d,%d)", x,
		    y, p[0].x, p[0].y, p[n - 1].x, p[n - 1].y);
	for (k = n - 1; k > 0; k--) {
		step = oracle_step(fc->grid, fc->rules, p[k].x, p[k].y,
		    p[k - 1].x - p[k].x, p[k - 1].y - p[k].y);
		if (step < 0)
			field_fail(fc, "path to (%d,%d): (%d,%d) to (%d,%d) is "
			    "no step", x, y, p[k].x, p[k].y, p[k - 1].x,
			    p[k - 1].y);
		total += step;
	}
	if (total != want)
		field_fail(fc, "path to (%d,%d) costs %lld, the field %lld", x,
		    y, (long long)total, (long long)want);
	free(p);
}

/* Fields from the source equal the oracle on every cell. */
START_TEST(test_field_from_source)
{
	struct field_case	 fc;
	struct path_field	*f;
	struct path_stats	 st;
	path_cost		*costs, got;
	uint64_t		 k, reachable;
	int			 x, y;

	for (k = 0; k < FROM_GRIDS; k++) {
		field_case_make(&fc, (uint64_t)_i * FROM_GRIDS + k,
		    FROM_MAX_SIDE);
		costs = calloc((size_t)fc.width * fc.height, sizeof *costs);
		ck_assert_ptr_nonnull(costs);
		oracle_costs_from(fc.grid, fc.rules, fc.sx, fc.sy, costs);
		f = path_field_new(fc.width, fc.height);
		path_field_compute(f, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_FROM_SOURCE, &st);
		reachable = 0;
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				got = path_field_get(f, x, y);
				if (got != costs[y * fc.width + x])
					field_fail(&fc, "cell (%d,%d): field "
					    "%lld, oracle %lld", x, y,
					    (long long)got,
					    (long long)costs[y * fc.width + x]);
				reachable += got != PATH_COST_NONE;
			}
		}
		/* Read backwards, a walk of the parents is a cheapest way. */
		for (y = 0; y < fc.height; y++)
			for (x = 0; x < fc.width; x++)
				if ((x + 3 * y) % 5 == 0)
					field_walk_from(&fc, f, x, y,
					    costs[y * fc.width + x]);
		ck_assert(path_field_complete(f));
		if (st.expansions != reachable || st.touched != reachable ||
		    st.pushes < st.touched)
			field_fail(&fc, "%llu reachable cells but stats "
			    "expansions %llu touched %llu pushes %llu",
			    (unsigned long long)reachable,
			    (unsigned long long)st.expansions,
			    (unsigned long long)st.touched,
			    (unsigned long long)st.pushes);
		path_field_free(f);
		free(costs);
		path_grid_free(fc.grid);
	}
}
END_TEST

/* Fields to the source equal an oracle run from every cell. */
START_TEST(test_field_to_source)
{
	struct field_case	 fc;
	struct path_field	*f;
	path_cost		*costs, got, expect, from;
	uint64_t		 k;
	int			 x, y, asymmetric = 0;

	for (k = 0; k < TO_GRIDS; k++) {
		field_case_make(&fc, (uint64_t)_i * TO_GRIDS + k, TO_MAX_SIDE);
		costs = calloc((size_t)fc.width * fc.height, sizeof *costs);
		ck_assert_ptr_nonnull(costs);
		oracle_costs_from(fc.grid, fc.rules, fc.sx, fc.sy, costs);
		f = path_field_new(fc.width, fc.height);
		path_field_compute(f, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_TO_SOURCE, NULL);
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				got = path_field_get(f, x, y);
				expect = oracle_cost(fc.grid, fc.rules, x, y,
				    fc.sx, fc.sy);
				if (got != expect)
					field_fail(&fc, "cell (%d,%d): field "
					    "to the source %lld, oracle %lld",
					    x, y, (long long)got,
					    (long long)expect);
				from = costs[y * fc.width + x];
				asymmetric += from != expect;
			}
		}
		path_field_free(f);
		free(costs);
		path_grid_free(fc.grid);
	}
	ck_assert_msg(asymmetric > 0, "no case where the two directions "
	    "differ: the test cannot tell them apart");
}
END_TEST

/* Walking downhill reaches the source at exactly the field's cost. */
START_TEST(test_field_next_step)
{
	struct field_case	 fc;
	struct path_field	*f;
	path_cost		 here, walked;
	uint64_t		 k;
	int			 x, y, nx, ny, walks = 0;

	for (k = 0; k < 400; k++) {
		field_case_make(&fc, 900000 + k, 24);
		f = path_field_new(fc.width, fc.height);
		path_field_compute(f, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_TO_SOURCE, NULL);
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				here = path_field_get(f, x, y);
				if (here == PATH_COST_NONE) {
					if (path_field_next_step(f, fc.grid,
					    x, y, &nx, &ny) != -1)
						field_fail(&fc, "unreachable "
						    "(%d,%d) has a next step",
						    x, y);
					continue;
				}
				walked = field_walk(&fc, f, x, y);
				if (walked != here)
					field_fail(&fc, "walk from (%d,%d) "
					    "costs %lld, field says %lld", x,
					    y, (long long)walked,
					    (long long)here);
				walks++;
			}
		}
		if (path_grid_contains(fc.grid, fc.sx, fc.sy) &&
		    path_field_next_step(f, fc.grid, fc.sx, fc.sy, &nx,
		    &ny) != -1)
			field_fail(&fc, "the source has a next step");
		path_field_free(f);
		path_grid_free(fc.grid);
	}
	ck_assert_int_gt(walks, 1000);
}
END_TEST

/*
 * path_field_run_within: after it, every cell the oracle puts within the
 * bound is final with the oracle's cost, and it stopped short of the
 * whole field often enough to mean something.
 */
START_TEST(test_field_run_within)
{
	struct field_case	 fc;
	struct path_field	*f;
	struct path_stats	 st;
	struct oracle_rng	 rng;
	path_cost		*costs, bound, got, want;
	uint64_t		 k, reachable;
	long			 short_runs = 0;
	int			 x, y;

	for (k = 0; k < FROM_GRIDS / 2; k++) {
		field_case_make(&fc, (uint64_t)_i * FROM_GRIDS + k,
		    FROM_MAX_SIDE);
		oracle_rng_seed(&rng, fc.seed ^ 0x5eed);
		costs = calloc((size_t)fc.width * fc.height, sizeof *costs);
		ck_assert_ptr_nonnull(costs);
		oracle_costs_from(fc.grid, fc.rules, fc.sx, fc.sy, costs);
		f = path_field_new(fc.width, fc.height);
		path_field_begin(f, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_FROM_SOURCE);
		memset(&st, 0, sizeof st);
		bound = (path_cost)oracle_rng_below(&rng, 12) * PATH_COST_ORTHO +
		    oracle_rng_below(&rng, PATH_COST_ORTHO);
		if (path_field_run_within(f, fc.grid, 0, bound, &st) != 1)
			field_fail(&fc, "run_within %lld without a budget did "
			    "not finish", (long long)bound);
		reachable = 0;
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				want = costs[y * fc.width + x];
				reachable += want != PATH_COST_NONE;
				if (want == PATH_COST_NONE || want > bound)
					continue;
				got = path_field_get(f, x, y);
				if (!path_field_settled(f, x, y) || got != want)
					field_fail(&fc, "run_within %lld: cell "
					    "(%d,%d) at %lld settled %d, oracle "
					    "%lld", (long long)bound, x, y,
					    (long long)got,
					    path_field_settled(f, x, y),
					    (long long)want);
			}
		}
		short_runs += st.expansions < reachable;
		/* The rest still comes out right when the run goes on. */
		path_field_run(f, fc.grid, 0, NULL);
		for (y = 0; y < fc.height; y++)
			for (x = 0; x < fc.width; x++)
				if (path_field_get(f, x, y) !=
				    costs[y * fc.width + x])
					field_fail(&fc, "cell (%d,%d) wrong "
					    "after run_within then run", x, y);
		path_field_free(f);
		free(costs);
		path_grid_free(fc.grid);
	}
	ck_assert_msg(short_runs > FROM_GRIDS / 20, "run_within stopped "
	    "early in only %ld cases", short_runs);
}
END_TEST

/* A blocked or outside source leaves every cell unreachable. */
START_TEST(test_field_no_source)
{
	static const int	 sources[][2] = {
		{ 2, 2 }, { -1, 0 }, { 0, -1 }, { 9, 0 }, { 0, 7 }, { 100, 100 }
	};
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_ALWAYS, PATH_H_DEFAULT };
	struct path_grid	*g = path_grid_new(9, 7, 3, 16);
	struct path_field	*f = path_field_new(9, 7);
	struct path_stats	 st;
	size_t			 i;
	int			 x, y, d, nx, ny;

	path_grid_set(g, 2, 2, 0);
	for (i = 0; i < sizeof sources / sizeof sources[0]; i++) {
		for (d = 0; d < 2; d++) {
			/* A good field first, so stale values would show. */
			path_field_compute(f, g, rules, 5, 5,
			    (enum path_field_direction)d, NULL);
			ck_assert(path_field_get(f, 5, 5) == 0);
			memset(&st, 0xff, sizeof st);
			path_field_compute(f, g, rules, sources[i][0],
			    sources[i][1], (enum path_field_direction)d, &st);
			ck_assert_msg(st.expansions == 0 && st.touched == 0 &&
			    st.pushes == 0, "source (%d,%d): stats not zero",
			    sources[i][0], sources[i][1]);
			for (y = 0; y < 7; y++) {
				for (x = 0; x < 9; x++) {
					ck_assert_msg(path_field_get(f, x, y) ==
					    PATH_COST_NONE, "source (%d,%d) "
					    "direction %d: cell (%d,%d) is "
					    "%lld", sources[i][0],
					    sources[i][1], d, x, y,
					    (long long)path_field_get(f, x, y));
					ck_assert(path_field_next_step(f, g, x,
					    y, &nx, &ny) == -1);
				}
			}
		}
	}
	path_field_compute(f, g, rules, 0, 0, PATH_FIELD_TO_SOURCE, NULL);
	ck_assert(path_field_get(f, -1, 0) == PATH_COST_NONE);
	ck_assert(path_field_get(f, 9, 6) == PATH_COST_NONE);
	ck_assert(path_field_get(f, 2, 2) == PATH_COST_NONE);
	/* Six diagonals and two straight steps, around the wall. */
	ck_assert(path_field_get(f, 8, 6) == 3 * (6 * 1393 + 2 * 985));
	path_field_free(f);
	path_grid_free(g);
}
END_TEST

/*
 * A grid so big and dear that its largest possible path cost no longer
 * fits 32 bits (130x130 cells, one of cost 254: 16900 * 1393 * 254 is
 * about 6e9): the field switches to 64-bit pages and must
 * still equal the oracle on every cell, in steps of a budget too, and its
 * paths must add up.
 */
START_TEST(test_field_wide)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_field	*f = path_field_new(130, 130);
	struct path_point	*path;
	path_cost		*want, sum, step;
	size_t			 n, i;
	int			 x, y, sx = 64, sy = 64, run, calls;

	oracle_rng_seed(&rng, test_seed_base() * 131 + 7);
	g = oracle_grid_scatter(&rng, 130, 130, 20, 254);
	path_grid_set(g, sx, sy, 254);
	path_grid_set(g, 0, 0, 254);
	want = calloc(130 * 130, sizeof *want);
	path = calloc(130 * 130, sizeof *path);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(path);
	oracle_costs_to(g, rules, sx, sy, want);
	for (run = 0; run < 2; run++) {
		path_field_begin(f, g, rules, sx, sy, PATH_FIELD_TO_SOURCE);
		for (calls = 0; !path_field_run(f, g, run ? 997 : 0, NULL);
		    calls++)
			ck_assert_int_lt(calls, 130 * 130);
		for (y = 0; y < 130; y++) {
			for (x = 0; x < 130; x++) {
				ck_assert_msg(path_field_get(f, x, y) ==
				    want[y * 130 + x], "run %d, (%d,%d): "
				    "field %lld, oracle %lld", run, x, y,
				    (long long)path_field_get(f, x, y),
				    (long long)want[y * 130 + x]);
			}
		}
	}
	for (i = 0; i < 40; i++) {
		x = oracle_rng_below(&rng, 130);
		y = oracle_rng_below(&rng, 130);
		if (want[y * 130 + x] == PATH_COST_NONE)
			continue;
		n = path_field_path(f, x, y, path, 130 * 130);
		ck_assert(n >= 1 && path[n - 1].x == sx && path[n - 1].y == sy);
		sum = oracle_path_cost(g, rules, x, y, sx, sy, path, n, NULL,
		    0);
		step = want[y * 130 + x];
		ck_assert_msg(sum == step, "path from (%d,%d) costs %lld, the "
		    "oracle %lld", x, y, (long long)sum, (long long)step);
	}
	free(path);
	free(want);
	path_field_free(f);
	path_grid_free(g);
}
END_TEST

/*
 * A weighted corridor by hand: from the source the costs add the cells
 * entered going out, to the source the cells entered coming back.
 */
START_TEST(test_field_directions)
{
	struct path_rules	 rules = { PATH_MOVE_4, PATH_DIAG_NEVER,
				    PATH_H_DEFAULT };
	struct path_grid	*g = path_grid_new(4, 1, 1, 16);
	struct path_field	*f = path_field_new(4, 1);
	int			 nx, ny;

	/* Costs 2 5 1 7, source at x = 0. */
	path_grid_set(g, 0, 0, 2);
	path_grid_set(g, 1, 0, 5);
	path_grid_set(g, 3, 0, 7);
	path_field_compute(f, g, rules, 0, 0, PATH_FIELD_FROM_SOURCE, NULL);
	ck_assert(path_field_get(f, 0, 0) == 0);
	ck_assert(path_field_get(f, 1, 0) == 5 * 985);
	ck_assert(path_field_get(f, 2, 0) == 6 * 985);
	ck_assert(path_field_get(f, 3, 0) == 13 * 985);
	path_field_compute(f, g, rules, 0, 0, PATH_FIELD_TO_SOURCE, NULL);
	ck_assert(path_field_get(f, 0, 0) == 0);
	ck_assert(path_field_get(f, 1, 0) == 2 * 985);
	ck_assert(path_field_get(f, 2, 0) == 7 * 985);
	ck_assert(path_field_get(f, 3, 0) == 8 * 985);
	ck_assert_int_eq(path_field_next_step(f, g, 3, 0, &nx, &ny), 0);
	ck_assert_int_eq(nx, 2);
	ck_assert_int_eq(ny, 0);
	path_field_free(f);
	path_grid_free(g);
}
END_TEST

/* A field reused for many computations matches a fresh one. */
START_TEST(test_field_reuse)
{
	enum { W = 15, H = 12 };
	struct oracle_rng	 rng;
	struct path_field	*shared, *fresh;
	struct path_grid	*g = NULL;
	struct path_rules	 rules;
	enum path_field_direction dir;
	int			 i, x, y, sx, sy;

	oracle_rng_seed(&rng, test_seed_base() + 17);
	shared = path_field_new(W, H);
	for (i = 0; i < 300; i++) {
		if (i % 8 == 0) {
			path_grid_free(g);
			g = oracle_grid_make(&rng, (enum oracle_terrain)
			    oracle_rng_below(&rng, ORACLE_TERRAIN_COUNT), W, H,
			    9);
		}
		rules.movement = (enum path_movement)oracle_rng_below(&rng, 4);
		rules.diagonal = (enum path_diagonal)oracle_rng_below(&rng, 4);
		rules.heuristic = PATH_H_DEFAULT;
		dir = (enum path_field_direction)oracle_rng_below(&rng, 2);
		sx = oracle_rng_below(&rng, W);
		sy = oracle_rng_below(&rng, H);
		path_field_compute(shared, g, rules, sx, sy, dir, NULL);
		fresh = path_field_new(W, H);
		path_field_compute(fresh, g, rules, sx, sy, dir, NULL);
		for (y = 0; y < H; y++) {
			for (x = 0; x < W; x++)
				test_assert_msg(path_field_get(shared, x, y) ==
				    path_field_get(fresh, x, y), "round %d "
				    "cell (%d,%d): reused %lld, fresh %lld", i,
				    x, y, (long long)path_field_get(shared, x,
				    y), (long long)path_field_get(fresh, x, y));
		}
		path_field_free(fresh);
	}
	path_grid_free(g);
	path_field_free(shared);
}
END_TEST

/*
 * Whether field f holds what reference ref holds on every cell: the same
 * cost, the same settled state and the same next step (for a field to
 * the source) or the same way back (from it), so the same parents.
 */
static void
field_same(const struct field_case *fc, const struct path_field *ref,
    const struct path_field *f, const char *how)
{
	struct path_point	 a[16], b[16];
	size_t			 na, nb, i;
	int			 x, y, ax, ay, bx, by, ra, rb;

	for (y = 0; y < fc->height; y++) {
		for (x = 0; x < fc->width; x++) {
			if (path_field_get(ref, x, y) != path_field_get(f, x,
			    y) || path_field_settled(ref, x, y) !=
			    path_field_settled(f, x, y))
				field_fail(fc, "%s: cell (%d,%d) costs %lld "
				    "(settled %d), paged %lld (settled %d)",
				    how, x, y, (long long)path_field_get(f, x,
				    y), path_field_settled(f, x, y),
				    (long long)path_field_get(ref, x, y),
				    path_field_settled(ref, x, y));
			ax = ay = bx = by = -1;
			ra = path_field_next_step(ref, fc->grid, x, y, &ax,
			    &ay);
			rb = path_field_next_step(f, fc->grid, x, y, &bx, &by);
			if (ra != rb || ax != bx || ay != by)
				field_fail(fc, "%s: cell (%d,%d) steps to "
				    "(%d,%d), paged to (%d,%d)", how, x, y,
				    bx, by, ax, ay);
			na = path_field_path(ref, x, y, a, 16);
			nb = path_field_path(f, x, y, b, 16);
			if (na != nb)
				field_fail(fc, "%s: the path from (%d,%d) "
				    "has %zu points, paged %zu", how, x, y, nb,
				    na);
			for (i = 0; i < na && i < 16; i++)
				if (a[i].x != b[i].x || a[i].y != b[i].y)
					field_fail(fc, "%s: the path from "
					    "(%d,%d) differs at point %zu",
					    how, x, y, i);
		}
	}
}

/*
 * The dense layout (field.c) gives every cell the cost, the parent and
 * the settled state the pages give, however a computation gets there:
 * going dense at once, half way, or starting dense after a computation
 * that did or after a reservation (field_reserve_dense, which must hand
 * the first computation its arrays instead of a page); run whole, in
 * small budgets, or stopped at a cell and resumed; from several sources;
 * with parents packed into the costs or kept apart.  The reference never
 * goes dense.
 */
START_TEST(test_field_dense)
{
	static const uint64_t	 after[] = { 1, 5, 40, 0 };
	struct field_case	 fc;
	struct path_field	*ref, *f;
	enum path_field_direction dir;
	uint64_t		 k;
	size_t			 reserved = 0;
	int			 i, round, tx, ty;

	for (k = 0; k < 300; k++) {
		field_case_make(&fc, 700000 + (uint64_t)_i * 300 + k, 40);
		dir = (enum path_field_direction)(k % 2);
		ref = path_field_new(fc.width, fc.height);
		field_set_dense_after(ref, UINT64_MAX);
		f = path_field_new(fc.width, fc.height);
		field_set_dense_after(f, after[k % 4]);
		/* Parents packed into costs, or in an array apart. */
		field_set_packing(f, k / 20 % 2 == 0);
		if (k % 5 == 4) {
			field_reserve_dense(f, fc.grid);
			reserved = path_field_memory(f);
		}
		tx = (int)(k * 7 % (uint64_t)fc.width);
		ty = (int)(k * 3 % (uint64_t)fc.height);
		for (round = 0; round < 4; round++) {
			/* Rounds 1 to 3 may start dense: round 0 went so. */
			path_field_begin(ref, fc.grid, fc.rules, fc.sx, fc.sy,
			    dir);
			path_field_begin(f, fc.grid, fc.rules, fc.sx, fc.sy,
			    dir);
			if (round == 0 && k % 5 == 4) {
				ck_assert(field_is_dense(f));
				ck_assert(path_field_memory(f) >= reserved);
			}
			if (round == 3) {
				path_field_add_source(ref, fc.grid, tx, ty);
				path_field_add_source(f, fc.grid, tx, ty);
			}
			if (round == 1) {
				/* Stopped at a cell, compared, resumed. */
				path_field_run_to(ref, fc.grid, 0, tx, ty,
				    NULL);
				path_field_run_to(f, fc.grid, 0, tx, ty, NULL);
				field_same(&fc, ref, f, "stopped at a cell");
			}
			if (round == 2) {
				/* Budgets of 7: the same cells at each stop. */
				for (i = 0; i < 400 &&
				    !path_field_complete(ref); i++) {
					path_field_run(ref, fc.grid, 7, NULL);
					path_field_run(f, fc.grid, 7, NULL);
					ck_assert_uint_eq(path_field_expanded(
					    ref), path_field_expanded(f));
				}
				field_same(&fc, ref, f, "in budgets of 7");
			}
			path_field_run(ref, fc.grid, 0, NULL);
			path_field_run(f, fc.grid, 0, NULL);
			ck_assert_uint_eq(path_field_expanded(ref),
			    path_field_expanded(f));
			field_same(&fc, ref, f, "whole");
		}
		path_field_free(ref);
		path_field_free(f);
		path_grid_free(fc.grid);
	}
}
END_TEST

/*
 * Whether a dense field packs its parents is decided by the grid's open
 * costs (field.c): 40x40 open cells of cost 240 leave room, of cost 254
 * do not.  Either way the dense field is the paged one, cell by cell.
 */
START_TEST(test_field_dense_dear)
{
	static const uint8_t	 dear[2] = { 240, 254 };
	struct field_case	 fc;
	struct path_field	*ref, *f;
	int			 i, x, y;

	for (i = 0; i < 2; i++) {
		memset(&fc, 0, sizeof fc);
		fc.width = fc.height = 40;
		fc.grid = path_grid_new(40, 40, dear[i], 16);
		fc.rules = path_rules_movingai();
		for (y = 5; y < 35; y++)
			for (x = 10; x < 12; x++)
				path_grid_set(fc.grid, x + y % 7, y, 0);
		fc.sx = 3;
		fc.sy = 30;
		snprintf(fc.what, sizeof fc.what, "40x40 of cost %u",
		    dear[i]);
		ref = path_field_new(40, 40);
		field_set_dense_after(ref, UINT64_MAX);
		f = path_field_new(40, 40);
		field_set_dense_after(f, 1);
		path_field_compute(ref, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_TO_SOURCE, NULL);
		path_field_compute(f, fc.grid, fc.rules, fc.sx, fc.sy,
		    PATH_FIELD_TO_SOURCE, NULL);
		ck_assert(field_is_dense(f));
		field_same(&fc, ref, f, "dear");
		path_field_free(ref);
		path_field_free(f);
		path_grid_free(fc.grid);
	}
}
END_TEST

/* Builds the field suite. */
/*
 * Multi-source fields: with three sources the field is, cell by cell,
 * the least of the three oracle fields, both ways; the path down it ends
 * at a source and costs what the field says.
 */
START_TEST(test_field_multi_source)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	enum path_field_direction dir = _i ? PATH_FIELD_TO_SOURCE :
				    PATH_FIELD_FROM_SOURCE;
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_field	*f = path_field_new(60, 40);
	struct path_point	 path[60 * 40];
	path_cost		*want[3], best, sum;
	int			 sx[3], sy[3], x, y, k;
	size_t			 n;

	oracle_rng_seed(&rng, test_seed_base() * 17 + 3 + (unsigned)_i);
	g = oracle_grid_scatter(&rng, 60, 40, 25, 9);
	for (k = 0; k < 3; k++) {
		sx[k] = oracle_rng_below(&rng, 60);
		sy[k] = oracle_rng_below(&rng, 40);
		path_grid_set(g, sx[k], sy[k], 1);
		want[k] = calloc(60 * 40, sizeof *want[k]);
		ck_assert_ptr_nonnull(want[k]);
	}
	for (k = 0; k < 3; k++) {
		if (dir == PATH_FIELD_TO_SOURCE)
			oracle_costs_to(g, rules, sx[k], sy[k], want[k]);
		else
			oracle_costs_from(g, rules, sx[k], sy[k], want[k]);
	}
	path_field_begin(f, g, rules, -1, -1, dir);
	for (k = 0; k < 3; k++)
		path_field_add_source(f, g, sx[k], sy[k]);
	path_field_add_source(f, g, sx[0], sy[0]);	/* twice: ignored */
	while (!path_field_run(f, g, 101, NULL))
		continue;
	for (y = 0; y < 40; y++) {
		for (x = 0; x < 60; x++) {
			best = PATH_COST_NONE;
			for (k = 0; k < 3; k++)
				if (want[k][y * 60 + x] < best)
					best = want[k][y * 60 + x];
			ck_assert_msg(path_field_get(f, x, y) == best, "(%d,%d): "
			    "field %lld, least oracle %lld", x, y,
			    (long long)path_field_get(f, x, y), (long long)best);
			if (dir != PATH_FIELD_TO_SOURCE || best == PATH_COST_NONE ||
			    best == 0)
				continue;
			n = path_field_path(f, x, y, path, 60 * 40);
			ck_assert(n >= 2);
			for (k = 0; k < 3; k++)
				if (path[n - 1].x == sx[k] && path[n - 1].y == sy[k])
					break;
			ck_assert_msg(k < 3, "the path from (%d,%d) ends at no "
			    "source", x, y);
			sum = oracle_path_cost(g, rules, x, y, sx[k], sy[k], path,
			    n, NULL, 0);
			ck_assert(sum == best);
		}
	}
	for (k = 0; k < 3; k++)
		free(want[k]);
	path_field_free(f);
	path_grid_free(g);
}
END_TEST

/*
 * Safety maps against their definition (safety.h), worked out the slow
 * way: v0 from the oracle's costs out of the pursuer's cell, then every
 * cell lowered to a neighbour's value plus the step into it until
 * nothing changes (Brogue's own sweeps, the obviously right way).
 */
START_TEST(test_safety_map)
{
	struct field_case	 fc;
	path_cost		*d, *want, *got, far, w0, alt, step, cap;
	uint64_t		 k;
	int			 x, y, dx, dy, changed, n, lower = 0;

	for (k = 0; k < TO_GRIDS; k++) {
		field_case_make(&fc, (uint64_t)_i * TO_GRIDS + k, TO_MAX_SIDE);
		n = fc.width * fc.height;
		d = calloc((size_t)n, sizeof *d);
		want = calloc((size_t)n, sizeof *want);
		got = calloc((size_t)n, sizeof *got);
		ck_assert(d != NULL && want != NULL && got != NULL);
		oracle_costs_from(fc.grid, fc.rules, fc.sx, fc.sy, d);
		far = -1;
		for (x = 0; x < n; x++)
			if (d[x] != PATH_COST_NONE && d[x] > far)
				far = d[x];
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				w0 = d[y * fc.width + x];
				want[y * fc.width + x] =
				    path_grid_get(fc.grid, x, y) == 0 ?
				    PATH_COST_NONE : w0 == PATH_COST_NONE ?
				    -(6 * (far < 0 ? 0 : far)) / 5 -
				    PATH_SAFETY_UNREACHED : -(6 * w0) / 5;
			}
		}
		do {
			changed = 0;
			for (y = 0; y < fc.height; y++) {
				for (x = 0; x < fc.width; x++) {
					if (want[y * fc.width + x] ==
					    PATH_COST_NONE)
						continue;
					for (dy = -1; dy <= 1; dy++) {
						for (dx = -1; dx <= 1; dx++) {
							step = oracle_step(
							    fc.grid, fc.rules,
							    x, y, dx, dy);
							if (step < 0)
								continue;
							alt = want[(y + dy) *
							    fc.width + x + dx] +
							    step;
							if (alt < want[y *
							    fc.width + x]) {
								want[y *
								    fc.width +
								    x] = alt;
								changed = 1;
							}
						}
					}
				}
			}
		} while (changed);
		cap = path_safety_compute(fc.grid, fc.rules, fc.sx, fc.sy, got,
		    NULL);
		if (cap != (far < 0 ? PATH_COST_NONE : far))
			field_fail(&fc, "safety map: farthest %lld, oracle "
			    "%lld", (long long)cap, (long long)far);
		for (x = 0; x < n; x++)
			if (got[x] != want[x])
				field_fail(&fc, "safety map at (%d,%d): %lld, "
				    "by its definition %lld", x % fc.width,
				    x / fc.width, (long long)got[x],
				    (long long)want[x]);
		for (x = 0; x < n; x++)
			lower += got[x] != PATH_COST_NONE &&
			    d[x] != PATH_COST_NONE && got[x] < -(6 * d[x]) / 5;
		free(d);
		free(want);
		free(got);
		path_grid_free(fc.grid);
	}
	/* The second pass must matter: cells lowered by their way on. */
	ck_assert_msg(lower > 100, "only %d cells lowered by the second pass",
	    lower);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("field");
	TCase	*tc;

	tc = tcase_create("oracle");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_field_from_source, 0, 2);
	tcase_add_loop_test(tc, test_field_to_source, 0, 2);
	tcase_add_test(tc, test_field_next_step);
	tcase_add_loop_test(tc, test_field_run_within, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("cases");
	tcase_add_test(tc, test_field_no_source);
	tcase_add_test(tc, test_field_directions);
	tcase_add_test(tc, test_field_wide);
	tcase_add_test(tc, test_field_reuse);
	tcase_add_loop_test(tc, test_field_dense, 0, 2);
	tcase_add_test(tc, test_field_dense_dear);
	tcase_add_loop_test(tc, test_field_multi_source, 0, 2);
	tcase_add_loop_test(tc, test_safety_map, 0, 2);
	suite_add_tcase(s, tc);
	return (s);
}
