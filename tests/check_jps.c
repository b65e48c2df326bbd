/*
 * check_jps.c: jump point search against the independent oracle.
 *
 * Jump point search prunes almost every cell A* would look at, so the
 * ways it can go wrong are subtle: a forced successor missed beside a
 * wall, a run that steps past the goal, a diagonal that cuts a corner.
 * The property test draws thousands of uniform-cost grids of every
 * terrain kind, size and uniform cost, with start and goal anywhere
 * (walls and outside included), and holds each result to the
 * Bellman-Ford oracle of tests/oracle.c: the same cost, and a path, cell
 * by cell, whose legal steps add up to it.  Other tests change grids cell
 * by cell between searches (the bits the runs read must follow), check
 * what jump point search accepts, and that it prunes: fewer cells on its
 * open list than A* on open ground.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid-internal.h"
#include "jps.h"
#include "oracle.h"
#include "saves.h"
#include "serial.h"
#include "testutil.h"

/* Moving AI rules, octile or Euclidean movement. */
static struct path_rules
jps_rules(struct oracle_rng *rng)
{
	struct path_rules	rules = path_rules_movingai();

	if (oracle_rng_below(rng, 4) == 0)
		rules.movement = PATH_MOVE_8_EUCLID;
	return (rules);
}

/* A random cell, open most of the time, sometimes a wall or outside. */
static void
jps_point(struct oracle_rng *rng, const struct path_grid *g, int *x, int *y)
{
	int	w = path_grid_width(g), h = path_grid_height(g);
	int	roll = oracle_rng_below(rng, 100), tries;

	if (roll < 3) {
		*x = oracle_rng_below(rng, 2) ? -1 : w;
		*y = oracle_rng_below(rng, h);
		return;
	}
	for (tries = 0; tries < (roll < 10 ? 1 : 64); tries++) {
		*x = oracle_rng_below(rng, w);
		*y = oracle_rng_below(rng, h);
		if (path_grid_get(g, *x, *y) != 0)
			return;
	}
}

/*
 * Checks one search: the cost against the oracle's, the path against the
 * cost.  Returns 1 when a path was found.
 */
static int
jps_check(struct path_jps *ws, const struct path_grid *g,
    struct path_rules rules, int sx, int sy, int gx, int gy,
    struct path_point *path, size_t cap, const char *what)
{
	char		rb[64], why[128];
	path_cost	want, got, sum;
	size_t		n;

	want = oracle_cost(g, rules, sx, sy, gx, gy);
	got = path_jps_search(ws, g, rules, sx, sy, gx, gy, NULL);
	if (got != want) {
		test_grid_print(stderr, g);
		ck_abort_msg("%s, %s: (%d,%d) to (%d,%d) costs %lld, jump point "
		    "search says %lld", what, test_rules_text(rules, rb,
		    sizeof rb), sx, sy, gx, gy, (long long)want,
		    (long long)got);
	}
	n = path_jps_path(ws, path, cap);
	if (got == PATH_COST_NONE) {
		ck_assert_uint_eq(n, 0);
		return (0);
	}
	ck_assert_uint_le(n, cap);
	sum = oracle_path_cost(g, rules, sx, sy, gx, gy, path, n, why,
	    sizeof why);
	ck_assert_msg(sum == got, "%s: (%d,%d) to (%d,%d): the path of %zu "
	    "cells adds up to %lld, not %lld (%s)", what, sx, sy, gx, gy, n,
	    (long long)sum, (long long)got, sum < 0 ? why : "");
	return (1);
}

/* A grid saved and loaded back: what a restored game plans on. */
static struct path_grid *
jps_reload(const struct path_grid *g)
{
	struct ser		 out;
	struct deser		 in;
	struct path_grid	*copy;

	ser_init(&out);
	path_grid_save(g, &out);
	deser_init(&in, out.buf, out.len);
	copy = path_grid_load(&in);
	ser_free(&out);
	ck_assert_ptr_nonnull(copy);
	return (copy);
}

/*
 * Thousands of random uniform-cost grids: every terrain kind, sizes from
 * 1x1 up to 70 a side (runs longer than one 64-bit word), costs 1 and
 * above.
 */
START_TEST(test_jps_property)
{
	enum { CASES = 250, QUERIES = 6 };
	static const int	 costs[] = { 1, 1, 1, 2, 7, 254 };
	struct oracle_rng	 rng;
	struct path_jps		*ws;
	struct path_grid	*g;
	struct path_rules	 rules;
	struct path_point	*path;
	char			 what[96];
	int			 i, q, w, h, sx, sy, gx, gy, found = 0, cost;
	enum oracle_terrain	 terrain;

	oracle_rng_seed(&rng, test_seed_base() + 7000 + (uint64_t)_i);
	for (i = 0; i < CASES; i++) {
		if (oracle_rng_below(&rng, 5) == 0) {
			w = oracle_rng_range(&rng, 60, 140);
			h = oracle_rng_range(&rng, 1, 70);
		} else
			oracle_random_size(&rng, 40, &w, &h);
		terrain = (enum oracle_terrain)oracle_rng_below(&rng,
		    ORACLE_TERRAIN_COUNT + 1);
		cost = costs[oracle_rng_below(&rng, 6)];
		g = terrain == ORACLE_TERRAIN_COUNT ?
		    oracle_grid_maze(&rng, w, h, oracle_rng_below(&rng, 30), 1) :
		    oracle_grid_make(&rng, terrain, w, h, 1);
		/* A uniform cost: every open cell the same. */
		if (cost != 1) {
			for (sy = 0; sy < h; sy++)
				for (sx = 0; sx < w; sx++)
					if (path_grid_get(g, sx, sy) != 0)
						path_grid_set(g, sx, sy,
						    (unsigned)cost);
		}
		rules = jps_rules(&rng);
		ck_assert(path_jps_supports(g, rules));
		ws = path_jps_new(w, h);
		path = calloc((size_t)w * h + 1, sizeof *path);
		ck_assert_ptr_nonnull(path);
		for (q = 0; q < QUERIES; q++) {
			jps_point(&rng, g, &sx, &sy);
			jps_point(&rng, g, &gx, &gy);
			snprintf(what, sizeof what, "chunk %d case %d (%dx%d, "
			    "terrain %d, cost %d)", _i, i, w, h, (int)terrain,
			    cost);
			found += jps_check(ws, g, rules, sx, sy, gx, gy, path,
			    (size_t)w * h + 1, what);
		}
		free(path);
		path_jps_free(ws);
		path_grid_free(g);
	}
	/* The cases must mostly be real searches, not refusals. */
	ck_assert_int_gt(found, CASES * QUERIES / 3);
}
END_TEST

/*
 * One workspace, one grid changed a few cells at a time between
 * searches: the bits by row and by column that the runs read, and the
 * corner counts that choose between jump point search and A*, must
 * follow every write, as a reloaded grid recomputes them.
 */
START_TEST(test_jps_changing_grid)
{
	enum { W = 83, H = 29, ROUNDS = 400 };
	struct oracle_rng	 rng;
	struct path_jps		*ws;
	struct path_grid	*g, *copy;
	struct path_rules	 rules = path_rules_movingai();
	struct path_point	*path;
	char			 what[64];
	int			 i, k, sx, sy, gx, gy;

	oracle_rng_seed(&rng, test_seed_base() + 7777);
	ws = path_jps_new(W, H);
	path = calloc(W * H + 1, sizeof *path);
	g = oracle_grid_make(&rng, ORACLE_TERRAIN_SCATTER, W, H, 1);
	for (i = 0; i < ROUNDS; i++) {
		for (k = oracle_rng_range(&rng, 1, 8); k > 0; k--)
			path_grid_set(g, oracle_rng_below(&rng, W),
			    oracle_rng_below(&rng, H),
			    (unsigned)oracle_rng_below(&rng, 2));
		for (k = 0; k < 3; k++) {
			jps_point(&rng, g, &sx, &sy);
			jps_point(&rng, g, &gx, &gy);
			snprintf(what, sizeof what, "round %d", i);
			jps_check(ws, g, rules, sx, sy, gx, gy, path, W * H + 1,
			    what);
		}
		copy = jps_reload(g);
		ck_assert_int_eq(path_jps_preferred(g, rules),
		    path_jps_preferred(copy, rules));
		path_grid_free(copy);
	}
	free(path);
	path_grid_free(g);
	path_jps_free(ws);
}
END_TEST

/* Only where it is exact: uniform costs, octile, no corner cutting. */
START_TEST(test_jps_supports)
{
	struct path_grid	*g = path_grid_new(10, 10, 1, 16);
	struct path_rules	 rules = path_rules_movingai();

	ck_assert(path_jps_supports(g, rules));
	path_grid_set(g, 3, 3, 0);
	ck_assert_msg(path_jps_supports(g, rules), "walls keep costs uniform");
	path_grid_set(g, 4, 4, 2);
	ck_assert_msg(!path_jps_supports(g, rules), "two costs");
	path_grid_set(g, 4, 4, 1);
	ck_assert_msg(path_jps_supports(g, rules), "back to one cost");
	rules.diagonal = PATH_DIAG_ALWAYS;
	ck_assert(!path_jps_supports(g, rules));
	rules = path_rules_movingai();
	rules.movement = PATH_MOVE_4;
	ck_assert(!path_jps_supports(g, rules));
	rules.movement = PATH_MOVE_8_CHEBYSHEV;
	ck_assert(!path_jps_supports(g, rules));
	path_grid_free(g);
}
END_TEST

/*
 * The point of it: across an open room with a few pillars, jump point
 * search puts far fewer cells on its open list than A*, for the same
 * cost; and a scattered map full of lone obstacles is not preferred.
 */
START_TEST(test_jps_prunes)
{
	struct oracle_rng	 rng;
	struct path_grid	*g = path_grid_new(200, 120, 1, 16);
	struct path_astar	*aws = path_astar_new(200, 120);
	struct path_jps		*jws = path_jps_new(200, 120);
	struct path_rules	 rules = path_rules_movingai();
	struct path_stats	 as, js;
	int			 x, y;

	for (x = 20; x < 200; x += 40)
		for (y = 10; y < 110; y += 30)
			path_grid_set(g, x, y, 0);
	ck_assert_int_eq(path_astar_search(aws, g, rules, 1, 1, 198, 117, &as),
	    path_jps_search(jws, g, rules, 1, 1, 198, 117, &js));
	ck_assert_msg(js.pushes * 10 < as.pushes, "jps pushed %llu, A* %llu",
	    (unsigned long long)js.pushes, (unsigned long long)as.pushes);
	ck_assert(path_jps_preferred(g, rules));
	path_grid_free(g);

	oracle_rng_seed(&rng, 99);
	g = oracle_grid_scatter(&rng, 200, 120, 12, 1);
	ck_assert(!path_jps_preferred(g, rules));
	path_grid_free(g);
	path_astar_free(aws);
	path_jps_free(jws);
}
END_TEST

/*
 * Lone obstacles, cells with eight open neighbours, make jump point
 * search lose to A* once there are enough of them, where as many blocked
 * cells in clumps do not: one lone cell in a hundred is A*'s, one in a
 * thousand jump point search's, and the same 1% of cells as blocks of
 * 2x2 is jump point search's too.  The counts follow every write: each
 * grid's answer is its reloaded copy's.
 */
START_TEST(test_jps_prefers)
{
	enum { W = 200, H = 200 };
	struct path_grid	*g;
	struct path_rules	 rules = path_rules_movingai();
	int			 x, y, step, clump;
	struct {
		int	step, clump, preferred;
	} cases[] = {
		{ 10, 0, 0 },		/* 1% lone cells */
		{ 32, 0, 1 },		/* 0.1% */
		{ 20, 1, 1 },		/* 1% as 2x2 blocks */
	};
	size_t			 i;
	struct path_grid	*copy;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		g = path_grid_new(W, H, 1, 16);
		step = cases[i].step;
		clump = cases[i].clump;
		for (y = step / 2; y < H - 1; y += step)
			for (x = step / 2; x < W - 1; x += step) {
				path_grid_set(g, x, y, 0);
				if (clump) {
					path_grid_set(g, x + 1, y, 0);
					path_grid_set(g, x, y + 1, 0);
					path_grid_set(g, x + 1, y + 1, 0);
				}
			}
		ck_assert_msg(path_jps_preferred(g, rules) ==
		    cases[i].preferred, "case %zu: preferred %d", i,
		    path_jps_preferred(g, rules));
		copy = jps_reload(g);
		ck_assert_int_eq(path_jps_preferred(copy, rules),
		    cases[i].preferred);
		path_grid_free(copy);
		path_grid_free(g);
	}
}
END_TEST

/*
 * Wide and tall grids of open ground with walls and blocks of wall
 * scattered over them: runs that cross many words of their line, both
 * ways, by row and by column, and queries from which the goal is in
 * sight, or almost.  Every result is held to the oracle.
 */
START_TEST(test_jps_wide_open)
{
	enum { CASES = 6, QUERIES = 12 };
	struct oracle_rng	 rng;
	struct path_jps		*ws;
	struct path_grid	*g;
	struct path_point	*path;
	char			 what[64];
	int			 i, q, k, w, h, x, y, bx, by, sx, sy, gx, gy;

	oracle_rng_seed(&rng, test_seed_base() + 7300 + (uint64_t)_i);
	for (i = 0; i < CASES; i++) {
		w = oracle_rng_range(&rng, 130, 330);
		h = oracle_rng_range(&rng, 130, 330);
		g = oracle_grid_scatter(&rng, w, h, oracle_rng_below(&rng, 3),
		    1);
		/* Blocks of wall, a few cells a side. */
		for (k = oracle_rng_below(&rng, w * h / 400); k > 0; k--) {
			bx = oracle_rng_below(&rng, w);
			by = oracle_rng_below(&rng, h);
			for (y = by; y < by + oracle_rng_range(&rng, 1, 9); y++)
				for (x = bx; x < bx + oracle_rng_range(&rng, 1,
				    9); x++)
					path_grid_set(g, x, y, 0);
		}
		ws = path_jps_new(w, h);
		path = calloc((size_t)w * h, sizeof *path);
		ck_assert_ptr_nonnull(path);
		for (q = 0; q < QUERIES; q++) {
			jps_point(&rng, g, &sx, &sy);
			jps_point(&rng, g, &gx, &gy);
			snprintf(what, sizeof what, "chunk %d case %d (%dx%d)",
			    _i, i, w, h);
			jps_check(ws, g, path_rules_movingai(), sx, sy, gx, gy,
			    path, (size_t)w * h, what);
		}
		free(path);
		path_jps_free(ws);
		path_grid_free(g);
	}
}
END_TEST

/*
 * A jump point from which the goal is in sight along a path of octile
 * length, diagonal steps first, goes straight to it: across open ground
 * the search expands the start and the goal and nothing else, whether the
 * path is straight, diagonal or both, and when jump points (cells beside
 * pillars) lie on its straight part.  The path is the cheapest and walks
 * round nothing.
 */
START_TEST(test_jps_goal_in_sight)
{
	static const struct {
		int	sx, sy, gx, gy;
	} q[] = {
		{ 2, 3, 290, 3 },	/* straight, past the pillars */
		{ 290, 3, 2, 3 },
		{ 5, 150, 5, 10 },	/* straight up a column */
		{ 10, 10, 100, 100 },	/* diagonal */
		{ 200, 190, 20, 100 },	/* diagonal, then straight */
		{ 3, 190, 150, 1 },	/* diagonal, then straight up */
	};
	struct path_grid	*g = path_grid_new(300, 200, 1, 16);
	struct path_jps		*ws = path_jps_new(300, 200);
	struct path_point	*path = calloc(300 * 200, sizeof *path);
	struct path_stats	 st;
	size_t			 i;
	int			 x;

	ck_assert_ptr_nonnull(path);
	/* Pillars beside row 3 and column 5: jump points on both. */
	for (x = 40; x < 280; x += 60) {
		path_grid_set(g, x, 2, 0);
		path_grid_set(g, 6, x / 2, 0);
	}
	for (i = 0; i < sizeof q / sizeof q[0]; i++) {
		jps_check(ws, g, path_rules_movingai(), q[i].sx, q[i].sy,
		    q[i].gx, q[i].gy, path, 300 * 200, "goal in sight");
		path_jps_search(ws, g, path_rules_movingai(), q[i].sx, q[i].sy,
		    q[i].gx, q[i].gy, &st);
		ck_assert_msg(st.expansions == 2, "(%d,%d) to (%d,%d): %llu "
		    "expansions, not the start and the goal", q[i].sx, q[i].sy,
		    q[i].gx, q[i].gy, (unsigned long long)st.expansions);
	}
	free(path);
	path_jps_free(ws);
	path_grid_free(g);
}
END_TEST

/*
 * A search that reaches thousands of jump points (a maze with loops,
 * corridors a cell wide) outgrows the workspace's first table, more than
 * once: the jump points already on the open list must follow their
 * records, and every answer stays the oracle's.
 */
START_TEST(test_jps_table_grows)
{
	enum { W = 161, H = 161 };
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_jps		*ws = path_jps_new(W, H);
	struct path_point	*path = calloc(W * H, sizeof *path);
	struct path_stats	 st;
	size_t			 first = path_jps_memory(ws);
	int			 q, sx, sy, gx, gy;
	uint64_t		 most = 0;

	ck_assert_ptr_nonnull(path);
	oracle_rng_seed(&rng, test_seed_base() + 7400);
	g = oracle_grid_maze(&rng, W, H, 20, 1);
	for (q = 0; q < 40; q++) {
		jps_point(&rng, g, &sx, &sy);
		jps_point(&rng, g, &gx, &gy);
		jps_check(ws, g, path_rules_movingai(), sx, sy, gx, gy, path,
		    W * H, "maze");
		path_jps_search(ws, g, path_rules_movingai(), sx, sy, gx, gy,
		    &st);
		if (st.touched > most)
			most = st.touched;
	}
	ck_assert_msg(most > 2000, "the largest search reached %llu jump "
	    "points only", (unsigned long long)most);
	ck_assert_msg(path_jps_memory(ws) > 4 * first, "the workspace grew "
	    "from %zu to %zu bytes only", first, path_jps_memory(ws));
	free(path);
	path_jps_free(ws);
	path_grid_free(g);
}
END_TEST

/* Whether a grid holds the planes jump point search reads. */
static int
jps_has_planes(const struct path_grid *g)
{
	int	ready = atomic_load(&((struct path_grid *)g)->planes) ==
		    GRID_PLANES_READY;

	ck_assert_int_eq(ready, g->stops[0] != NULL);
	ck_assert_int_eq(ready, g->diags[0] != NULL);
	return (ready);
}

/*
 * The planes are built by the first search that needs them, from the
 * cells as they are then: a grid written and cloned but never searched
 * that way holds none (the game's grids), a search builds them, writes
 * after it keep them current, and a clone of a grid that has them has
 * them too, and they answer as the oracle does.
 */
START_TEST(test_jps_planes_on_demand)
{
	enum { W = 70, H = 45 };
	struct oracle_rng	 rng;
	struct path_grid	*g, *copy;
	struct path_jps		*ws = path_jps_new(W, H);
	struct path_astar	*as;
	struct path_point	*path = calloc(W * H, sizeof *path);
	struct path_rules	 rules = path_rules_movingai();
	int			 i, sx, sy, gx, gy;

	ck_assert_ptr_nonnull(path);
	oracle_rng_seed(&rng, test_seed_base() + 7500);
	g = oracle_grid_make(&rng, ORACLE_TERRAIN_ROOMS, W, H, 1);
	ck_assert(!jps_has_planes(g));
	copy = path_grid_clone(g);
	ck_assert(!jps_has_planes(copy));
	/* An A* search needs none. */
	jps_point(&rng, g, &sx, &sy);
	jps_point(&rng, g, &gx, &gy);
	as = path_astar_new(W, H);
	ck_assert_int_eq(path_astar_search(as, g, rules, sx, sy, gx, gy, NULL),
	    oracle_cost(g, rules, sx, sy, gx, gy));
	path_astar_free(as);
	ck_assert(!jps_has_planes(g));

	jps_check(ws, g, rules, sx, sy, gx, gy, path, W * H, "first");
	ck_assert(jps_has_planes(g));
	ck_assert(!jps_has_planes(copy));
	path_grid_free(copy);
	for (i = 0; i < 60; i++) {
		path_grid_set(g, oracle_rng_below(&rng, W),
		    oracle_rng_below(&rng, H), (unsigned)oracle_rng_below(&rng,
		    2));
		copy = path_grid_clone(g);
		ck_assert(jps_has_planes(copy));
		path_grid_set(copy, oracle_rng_below(&rng, W),
		    oracle_rng_below(&rng, H), (unsigned)oracle_rng_below(&rng,
		    2));
		jps_point(&rng, g, &sx, &sy);
		jps_point(&rng, g, &gx, &gy);
		jps_check(ws, g, rules, sx, sy, gx, gy, path, W * H, "written");
		jps_check(ws, copy, rules, sx, sy, gx, gy, path, W * H,
		    "a clone, written");
		path_grid_free(copy);
	}
	free(path);
	path_jps_free(ws);
	path_grid_free(g);
}
END_TEST

static path_cost
jps_step_cost(void *user, int fx, int fy, int tx, int ty)
{
	(void)user;
	return (fx != tx && fy != ty ? PATH_COST_DIAG : PATH_COST_ORTHO);
}

/*
 * path_jps_prepare() builds the planes a first search would, ahead of
 * it; again it does nothing; the grid keeps them current at every write
 * from then on, as a search's build would; a grid of costs from a
 * callback gets none and -1.
 */
START_TEST(test_jps_prepare)
{
	enum { W = 64, H = 40 };
	struct oracle_rng	 rng;
	struct path_grid	*g, *cb;
	struct path_jps		*ws = path_jps_new(W, H);
	struct path_point	*path = calloc(W * H, sizeof *path);
	struct path_rules	 rules = path_rules_movingai();
	const uint64_t		*stops;
	int			 i, sx, sy, gx, gy;

	ck_assert_ptr_nonnull(path);
	oracle_rng_seed(&rng, test_seed_base() + 7550);
	g = oracle_grid_make(&rng, ORACLE_TERRAIN_ROOMS, W, H, 1);
	ck_assert(!jps_has_planes(g));
	ck_assert_int_eq(path_jps_prepare(g), 0);
	ck_assert(jps_has_planes(g));
	stops = g->stops[0];
	ck_assert_int_eq(path_jps_prepare(g), 0);
	ck_assert_ptr_eq(g->stops[0], stops);	/* not built again */
	for (i = 0; i < 80; i++) {
		path_grid_set(g, oracle_rng_below(&rng, W),
		    oracle_rng_below(&rng, H), (unsigned)oracle_rng_below(&rng,
		    2));
		jps_point(&rng, g, &sx, &sy);
		jps_point(&rng, g, &gx, &gy);
		jps_check(ws, g, rules, sx, sy, gx, gy, path, W * H,
		    "prepared, written");
	}
	ck_assert_ptr_eq(g->stops[0], stops);

	cb = path_grid_new_callback(W, H, jps_step_cost, NULL);
	ck_assert_ptr_nonnull(cb);
	ck_assert_int_eq(path_jps_prepare(cb), -1);
	ck_assert(!jps_has_planes(cb));
	path_grid_free(cb);
	free(path);
	path_jps_free(ws);
	path_grid_free(g);
}
END_TEST

/* One thread's searches on a shared grid, against the oracle's costs. */
struct jps_racer {
	const struct path_grid	*grid;
	const int		*ends;		/* sx, sy, gx, gy a query */
	const path_cost		*want;
	int			 queries;
	int			 prepare;	/* path_jps_prepare() first */
	int			 wrong;
};

static void *
jps_race(void *arg)
{
	struct jps_racer	*r = arg;
	struct path_jps		*ws = path_jps_new(path_grid_width(r->grid),
				    path_grid_height(r->grid));
	const int		*e;
	int			 q;

	if (r->prepare && path_jps_prepare(r->grid) != 0)
		r->wrong++;
	for (q = 0; q < r->queries; q++) {
		e = r->ends + 4 * q;
		if (path_jps_search(ws, r->grid, path_rules_movingai(), e[0],
		    e[1], e[2], e[3], NULL) != r->want[q])
			r->wrong++;
	}
	path_jps_free(ws);
	return (NULL);
}

/*
 * A grid nobody writes may be searched by several threads at once
 * (library.md): four threads whose first searches (or, for two of
 * them, path_jps_prepare() calls) all find the grid without planes build
 * them once between them, a clone made meanwhile
 * copies them or not, and every answer is the oracle's.  Built with
 * -fsanitize=thread, this test reports races if the build is not guarded
 * (measured: 60 reports, the test fails) or a clone copies the planes'
 * fields before they are ready (8).
 */
START_TEST(test_jps_planes_threads)
{
	enum { W = 300, H = 200, THREADS = 4, QUERIES = 8 };
	const int		 grids = (int)test_scaled(6);
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct jps_racer	 racer[THREADS], clone;
	pthread_t		 th[THREADS];
	int			 ends[4 * QUERIES], i, k, q;
	path_cost		 want[QUERIES];

	oracle_rng_seed(&rng, test_seed_base() + 7600);
	for (k = 0; k < grids; k++) {
		g = oracle_grid_make(&rng, ORACLE_TERRAIN_SCATTER, W, H, 1);
		for (q = 0; q < QUERIES; q++) {
			jps_point(&rng, g, &ends[4 * q], &ends[4 * q + 1]);
			jps_point(&rng, g, &ends[4 * q + 2], &ends[4 * q + 3]);
			want[q] = oracle_cost(g, path_rules_movingai(),
			    ends[4 * q], ends[4 * q + 1], ends[4 * q + 2],
			    ends[4 * q + 3]);
		}
		ck_assert(!jps_has_planes(g));
		for (i = 0; i < THREADS; i++) {
			racer[i] = (struct jps_racer){ .grid = g, .ends = ends,
			    .want = want, .queries = QUERIES,
			    .prepare = i % 2 };
			ck_assert_int_eq(pthread_create(&th[i], NULL, jps_race,
			    &racer[i]), 0);
		}
		/* A clone made meanwhile, planes or not, answers alike. */
		clone = (struct jps_racer){ .grid = path_grid_clone(g),
		    .ends = ends, .want = want, .queries = QUERIES };
		jps_race(&clone);
		ck_assert_msg(clone.wrong == 0, "grid %d, a clone: %d answers "
		    "differ", k, clone.wrong);
		path_grid_free((struct path_grid *)clone.grid);
		for (i = 0; i < THREADS; i++) {
			ck_assert_int_eq(pthread_join(th[i], NULL), 0);
			ck_assert_msg(racer[i].wrong == 0, "grid %d, thread "
			    "%d: %d answers differ from A*", k, i,
			    racer[i].wrong);
		}
		ck_assert(jps_has_planes(g));
		path_grid_free(g);
	}
}
END_TEST

/* Builds the jump point search suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("jps");
	TCase	*tc;

	tc = tcase_create("property");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_jps_property, 0, (int)test_scaled(16));
	suite_add_tcase(s, tc);

	tc = tcase_create("search");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_jps_changing_grid);
	tcase_add_test(tc, test_jps_supports);
	tcase_add_test(tc, test_jps_prunes);
	tcase_add_test(tc, test_jps_goal_in_sight);
	tcase_add_test(tc, test_jps_prefers);
	tcase_add_test(tc, test_jps_table_grows);
	tcase_add_test(tc, test_jps_planes_on_demand);
	tcase_add_test(tc, test_jps_prepare);
	tcase_add_test(tc, test_jps_planes_threads);
	suite_add_tcase(s, tc);

	tc = tcase_create("wide");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_jps_wide_open, 0, (int)test_scaled(4));
	suite_add_tcase(s, tc);
	return (s);
}
