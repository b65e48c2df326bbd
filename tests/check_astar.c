/*
 * check_astar.c: A* against the oracle, and the rules it is built on.
 *
 * The heart of this file is a property test: thousands of random grids,
 * every movement with every diagonal rule, open, scattered, maze-like and
 * cut-in-two terrain, unweighted and weighted, degenerate sizes, blocked
 * and outside endpoints.  Each grid is rebuilt from its seed alone, and
 * the seed is in every failure message, so a failure can be replayed.
 * With an admissible heuristic A* must match the oracle's cost exactly,
 * since with integer costs there is no "close enough"; with any heuristic
 * the path it returns must be legal and cost what A* says it costs.
 *
 * The hand-worked examples come from a tutorial, so that what a reader
 * of the tutorial would expect is checked literally, not only against
 * another program.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "field.h"
#include "oracle.h"
#include "saves.h"
#include "serial.h"
#include "testutil.h"
#include "textgrid.h"

#define PROPERTY_CHUNKS		16
#define PROPERTY_GRIDS		360	/* per chunk: 5,760 grids in all */
#define PROPERTY_GOALS		4
#define PROPERTY_MAX_SIDE	40

/* One random grid of the property test and what it was made from. */
struct property_case {
	uint64_t		 seed;
	struct path_grid	*grid;
	int			 width;
	int			 height;
	enum oracle_terrain	 terrain;
	int			 max_cost;
	struct path_rules	 rules;
	int			 sx;
	int			 sy;
	path_cost		*costs;		/* oracle, from the start */
	char			 what[160];	/* seed, size, terrain */
};

/* What a chunk of the property test met, to prove it covers the cases. */
struct property_coverage {
	int	reachable;
	int	unreachable;
	int	same_cell;
	int	blocked_end;
	int	outside_end;
	int	one_by_one;
	int	one_row;
	int	one_column;
	int	improved;
};

/* A recorded trace event. */
struct trace_event {
	enum path_trace_event	event;
	int			x;
	int			y;
	path_cost		g;
	path_cost		h;
	int			px;
	int			py;
};

struct trace_log {
	struct trace_event	*events;
	size_t			 n;
	size_t			 cap;
};

/*
 * Whether a heuristic never overestimates, from first principles: every
 * step moves at most one cell along each axis and costs at least 985, a
 * diagonal step costs 1393 except under 8-chebyshev where it costs 985.
 */
static bool
expect_admissible(struct path_rules rules)
{
	bool	diagonals, cheap_diagonals;

	diagonals = rules.movement != PATH_MOVE_4 &&
	    rules.diagonal != PATH_DIAG_NEVER;
	cheap_diagonals = diagonals &&
	    rules.movement == PATH_MOVE_8_CHEBYSHEV;
	switch (rules.heuristic) {
	case PATH_H_MANHATTAN:
		return (!diagonals);
	case PATH_H_OCTILE:
	case PATH_H_EUCLID:
		return (!cheap_diagonals);
	default:
		return (true);
	}
}

/* Reports a property failure with its case, after printing the grid. */
static void __attribute__((format(printf, 2, 3)))
property_fail(const struct property_case *pc, const char *fmt, ...)
{
	va_list	ap;
	char	detail[512], rules[64];

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	fprintf(stderr, "grid of %s:\n", pc->what);
	test_grid_print(stderr, pc->grid);
	ck_abort_msg("%s, rules %s, start (%d,%d): %s", pc->what,
	    test_rules_text(pc->rules, rules, sizeof rules), pc->sx, pc->sy,
	    detail);
}

/* Picks an endpoint: mostly an open cell, sometimes a wall or outside. */
static void
property_point(struct oracle_rng *rng, const struct path_grid *g, int *x,
    int *y)
{
	int	w = path_grid_width(g), h = path_grid_height(g);
	int	roll = oracle_rng_below(rng, 100), tries;

	if (roll < 3) {
		*x = oracle_rng_below(rng, 2) ? -1 : w;
		*y = oracle_rng_below(rng, h);
		if (oracle_rng_below(rng, 2)) {
			*x = oracle_rng_below(rng, w);
			*y = oracle_rng_below(rng, 2) ? -1 : h;
		}
		return;
	}
	for (tries = 0; tries < (roll < 15 ? 1 : 64); tries++) {
		*x = oracle_rng_below(rng, w);
		*y = oracle_rng_below(rng, h);
		if (path_grid_get(g, *x, *y) != 0)
			return;
	}
}

/* Builds the grid, rules and start of property case number k. */
static void
property_case_make(struct property_case *pc, uint64_t k)
{
	static const int	 weights[] = { 1, 9, 254 };
	struct oracle_rng	 rng;
	int			 combo = (int)(k % 16);

	memset(pc, 0, sizeof *pc);
	pc->seed = test_seed_base() * 1000003 + k;
	oracle_rng_seed(&rng, pc->seed);
	pc->rules.movement = (enum path_movement)(combo / TEST_DIAGONALS);
	pc->rules.diagonal = (enum path_diagonal)(combo % TEST_DIAGONALS);
	pc->rules.heuristic = PATH_H_DEFAULT;
	pc->terrain = (enum oracle_terrain)((k / 16) % ORACLE_TERRAIN_COUNT);
	pc->max_cost = weights[(k / (16 * ORACLE_TERRAIN_COUNT)) % 3];
	oracle_random_size(&rng, PROPERTY_MAX_SIDE, &pc->width, &pc->height);
	pc->grid = oracle_grid_make(&rng, pc->terrain, pc->width, pc->height,
	    pc->max_cost);
	snprintf(pc->what, sizeof pc->what, "seed %llu (case %llu) %dx%d %s "
	    "costs 1..%d", (unsigned long long)pc->seed,
	    (unsigned long long)k, pc->width, pc->height,
	    oracle_terrain_name(pc->terrain), pc->max_cost);
	property_point(&rng, pc->grid, &pc->sx, &pc->sy);
	pc->costs = calloc((size_t)pc->width * pc->height, sizeof *pc->costs);
	ck_assert_ptr_nonnull(pc->costs);
	oracle_costs_from(pc->grid, pc->rules, pc->sx, pc->sy, pc->costs);
}

/* Oracle cost from the case's start to (gx,gy). */
static path_cost
property_expected(const struct property_case *pc, int gx, int gy)
{
	if (!path_grid_contains(pc->grid, gx, gy))
		return (PATH_COST_NONE);
	return (pc->costs[gy * pc->width + gx]);
}

/*
 * With the zero heuristic (Dijkstra) or the movement's own consistent
 * one, every closed cell holds its exact cost and every open cell a cost
 * no better than exact; with no heuristic, every cell cheaper than the
 * goal has been closed.
 */
static void
property_check_cells(const struct property_case *pc, struct path_astar *ws,
    int gx, int gy, path_cost cost)
{
	enum path_cell_state	 state;
	path_cost		 g, exact;
	int			 x, y;

	for (y = 0; y < pc->height; y++) {
		for (x = 0; x < pc->width; x++) {
			exact = pc->costs[y * pc->width + x];
			state = path_astar_cell(ws, x, y, &g);
			if (state == PATH_CELL_CLOSED && g != exact)
				property_fail(pc, "goal (%d,%d): cell (%d,%d) "
				    "is closed with g %lld, oracle says %lld",
				    gx, gy, x, y, (long long)g,
				    (long long)exact);
			if (state == PATH_CELL_OPEN && (exact ==
			    PATH_COST_NONE || g < exact))
				property_fail(pc, "goal (%d,%d): cell (%d,%d) "
				    "is open with g %lld, oracle says %lld",
				    gx, gy, x, y, (long long)g,
				    (long long)exact);
			if (pc->rules.heuristic == PATH_H_ZERO &&
			    exact < cost && state != PATH_CELL_CLOSED)
				property_fail(pc, "goal (%d,%d) cost %lld: "
				    "Dijkstra left cell (%d,%d) of cost %lld "
				    "unclosed (state %d)", gx, gy,
				    (long long)cost, x, y, (long long)exact,
				    (int)state);
		}
	}
}

/* Runs one query of a case under one heuristic and checks everything. */
static void
property_query(struct property_case *pc, struct path_astar *ws,
    struct path_point *path, size_t cap, int gx, int gy,
    struct property_coverage *cover)
{
	struct path_stats	 st;
	path_cost		 cost, expect, sum;
	size_t			 n, m;
	char			 why[160];
	bool			 exact;

	expect = property_expected(pc, gx, gy);
	exact = expect_admissible(pc->rules);
	cost = path_astar_search(ws, pc->grid, pc->rules, pc->sx, pc->sy, gx,
	    gy, &st);
	if (exact && cost != expect)
		property_fail(pc, "goal (%d,%d): A* cost %lld, oracle %lld",
		    gx, gy, (long long)cost, (long long)expect);
	if ((cost == PATH_COST_NONE) != (expect == PATH_COST_NONE) ||
	    cost < expect)
		property_fail(pc, "goal (%d,%d): A* cost %lld is below the "
		    "oracle's %lld or disagrees on reachability", gx, gy,
		    (long long)cost, (long long)expect);

	if (st.expansions > st.touched || st.touched > st.pushes ||
	    st.touched > (uint64_t)pc->width * pc->height)
		property_fail(pc, "goal (%d,%d): stats expansions %llu "
		    "touched %llu pushes %llu", gx, gy,
		    (unsigned long long)st.expansions,
		    (unsigned long long)st.touched,
		    (unsigned long long)st.pushes);
	if (path_grid_get(pc->grid, pc->sx, pc->sy) == 0 &&
	    (st.expansions != 0 || st.touched != 0 || st.pushes != 0))
		property_fail(pc, "goal (%d,%d): blocked start but stats "
		    "expansions %llu touched %llu pushes %llu", gx, gy,
		    (unsigned long long)st.expansions,
		    (unsigned long long)st.touched,
		    (unsigned long long)st.pushes);
	if (st.pushes > st.touched)
		cover->improved++;

	n = path_astar_path(ws, NULL, 0);
	if (cost == PATH_COST_NONE) {
		if (n != 0)
			property_fail(pc, "goal (%d,%d): no path but "
			    "path_astar_path gives %zu points", gx, gy, n);
		return;
	}
	if (n == 0 || n > cap)
		property_fail(pc, "goal (%d,%d): cost %lld but a path of %zu "
		    "points", gx, gy, (long long)cost, n);
	m = path_astar_path(ws, path, cap);
	if (m != n)
		property_fail(pc, "goal (%d,%d): path length %zu, then %zu",
		    gx, gy, n, m);
	sum = oracle_path_cost(pc->grid, pc->rules, pc->sx, pc->sy, gx, gy,
	    path, n, why, sizeof why);
	if (sum < 0)
		property_fail(pc, "goal (%d,%d): invalid path of %zu points: "
		    "%s", gx, gy, n, why);
	if (sum != cost)
		property_fail(pc, "goal (%d,%d): the path's steps add up to "
		    "%lld but A* returned %lld", gx, gy, (long long)sum,
		    (long long)cost);
	if (pc->rules.heuristic == PATH_H_DEFAULT ||
	    pc->rules.heuristic == PATH_H_ZERO)
		property_check_cells(pc, ws, gx, gy, cost);
}

/* Checks one chunk of the property test, cases [first, first + count). */
static void
property_chunk(uint64_t first, int count)
{
	struct property_case	 pc;
	struct property_coverage cover;
	struct oracle_rng	 rng;
	struct path_astar	*ws;
	struct path_point	*path;
	path_cost		 expect;
	size_t			 cap;
	int			 i, j, h, gx, gy;

	memset(&cover, 0, sizeof cover);
	for (i = 0; i < count; i++) {
		property_case_make(&pc, first + (uint64_t)i);
		oracle_rng_seed(&rng, pc.seed ^ 0x5eedULL);
		cap = (size_t)pc.width * pc.height;
		path = calloc(cap, sizeof *path);
		ck_assert_ptr_nonnull(path);
		ws = path_astar_new(pc.width, pc.height);
		if (pc.width == 1 && pc.height == 1)
			cover.one_by_one++;
		else if (pc.height == 1)
			cover.one_row++;
		else if (pc.width == 1)
			cover.one_column++;

		for (j = 0; j < PROPERTY_GOALS; j++) {
			if (j == 0 && oracle_rng_below(&rng, 6) == 0) {
				gx = pc.sx;
				gy = pc.sy;
			} else
				property_point(&rng, pc.grid, &gx, &gy);
			expect = property_expected(&pc, gx, gy);
			if (gx == pc.sx && gy == pc.sy)
				cover.same_cell++;
			if (!path_grid_contains(pc.grid, gx, gy) ||
			    !path_grid_contains(pc.grid, pc.sx, pc.sy))
				cover.outside_end++;
			else if (path_grid_get(pc.grid, gx, gy) == 0 ||
			    path_grid_get(pc.grid, pc.sx, pc.sy) == 0)
				cover.blocked_end++;
			else if (expect == PATH_COST_NONE)
				cover.unreachable++;
			else
				cover.reachable++;
			for (h = 0; h < TEST_HEURISTICS; h++) {
				pc.rules.heuristic = (enum path_heuristic)h;
				property_query(&pc, ws, path, cap, gx, gy,
				    &cover);
			}
			pc.rules.heuristic = PATH_H_DEFAULT;
		}
		path_astar_free(ws);
		free(path);
		free(pc.costs);
		path_grid_free(pc.grid);
	}

	ck_assert_msg(cover.reachable > 0 && cover.unreachable > 0 &&
	    cover.same_cell > 0 && cover.blocked_end > 0 &&
	    cover.outside_end > 0, "cases %llu..%llu miss a kind of query: "
	    "reachable %d, unreachable %d, start == goal %d, blocked %d, "
	    "outside %d", (unsigned long long)first,
	    (unsigned long long)first + count - 1, cover.reachable,
	    cover.unreachable, cover.same_cell, cover.blocked_end,
	    cover.outside_end);
	ck_assert_msg(cover.one_by_one > 0 && cover.one_row > 0 &&
	    cover.one_column > 0 && cover.improved > 0, "cases %llu..%llu "
	    "miss a kind of grid: 1x1 %d, 1xN %d, Nx1 %d, improved %d",
	    (unsigned long long)first, (unsigned long long)first + count - 1,
	    cover.one_by_one, cover.one_row, cover.one_column, cover.improved);
}

/* A chunk of the random grids: costs, paths, stats and cell states. */
START_TEST(test_astar_property)
{
	property_chunk((uint64_t)_i * PROPERTY_GRIDS, PROPERTY_GRIDS);
}
END_TEST

/*
 * A few larger grids, where long paths make f spread over many values and
 * costly cells make step costs large, against the same oracle.
 */
START_TEST(test_astar_large)
{
	static const int	 weights[] = { 1, 9, 47, 48, 254 };
	struct property_case	 pc;
	struct oracle_rng	 rng;
	struct path_astar	*ws;
	path_cost		 cost, expect;
	char			 rtext[64];
	int			 j, h, gx, gy;

	memset(&pc, 0, sizeof pc);
	pc.seed = test_seed_base() * 31 + (uint64_t)_i;
	oracle_rng_seed(&rng, pc.seed);
	pc.width = oracle_rng_range(&rng, 100, 240);
	pc.height = oracle_rng_range(&rng, 60, 200);
	pc.terrain = (enum oracle_terrain)((_i + _i / 4) %
	    ORACLE_TERRAIN_COUNT);
	pc.max_cost = weights[_i % 5];
	pc.rules.movement = (enum path_movement)(_i % TEST_MOVEMENTS);
	pc.rules.diagonal = (enum path_diagonal)(_i / 4 % TEST_DIAGONALS);
	pc.grid = oracle_grid_make(&rng, pc.terrain, pc.width, pc.height,
	    pc.max_cost);
	snprintf(pc.what, sizeof pc.what, "large seed %llu %dx%d %s costs "
	    "1..%d", (unsigned long long)pc.seed, pc.width, pc.height,
	    oracle_terrain_name(pc.terrain), pc.max_cost);
	property_point(&rng, pc.grid, &pc.sx, &pc.sy);
	pc.costs = calloc((size_t)pc.width * pc.height, sizeof *pc.costs);
	ck_assert_ptr_nonnull(pc.costs);
	oracle_costs_from(pc.grid, pc.rules, pc.sx, pc.sy, pc.costs);

	ws = path_astar_new(pc.width, pc.height);
	for (j = 0; j < 6; j++) {
		property_point(&rng, pc.grid, &gx, &gy);
		expect = property_expected(&pc, gx, gy);
		for (h = 0; h < TEST_HEURISTICS; h++) {
			pc.rules.heuristic = (enum path_heuristic)h;
			if (!expect_admissible(pc.rules))
				continue;
			cost = path_astar_search(ws, pc.grid, pc.rules, pc.sx,
			    pc.sy, gx, gy, NULL);
			ck_assert_msg(cost == expect, "%s, %s, (%d,%d) to "
			    "(%d,%d): A* %lld, oracle %lld", pc.what,
			    test_rules_text(pc.rules, rtext, sizeof rtext),
			    pc.sx, pc.sy, gx, gy, (long long)cost,
			    (long long)expect);
		}
	}
	path_astar_free(ws);
	free(pc.costs);
	path_grid_free(pc.grid);
}
END_TEST

/* Parses a text grid that must be good. */
static struct path_grid *
parse_text(const char *name, const char *text)
{
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_textgrid_parse(name, text, strlen(text), &cause);
	ck_assert_msg(g != NULL, "%s does not parse: %s", name,
	    cause != NULL ? cause : "(no cause)");
	return (g);
}

/* Reads a data file that must be good. */
static struct path_grid *
read_data(const char *relative)
{
	struct path_grid	*g;
	char			 file[1024], *cause = NULL;

	snprintf(file, sizeof file, "%s/%s", TEST_DATA, relative);
	g = path_map_read(file, &cause);
	ck_assert_msg(g != NULL, "%s does not load: %s", file,
	    cause != NULL ? cause : "(no cause)");
	return (g);
}

/* Asserts that two grids hold the same costs. */
static void
assert_same_grid(const struct path_grid *a, const struct path_grid *b,
    const char *what)
{
	int	x, y;

	ck_assert_int_eq(path_grid_width(a), path_grid_width(b));
	ck_assert_int_eq(path_grid_height(a), path_grid_height(b));
	for (y = 0; y < path_grid_height(a); y++) {
		for (x = 0; x < path_grid_width(a); x++)
			ck_assert_msg(path_grid_get(a, x, y) ==
			    path_grid_get(b, x, y), "%s: cell (%d,%d) is %u "
			    "and %u", what, x, y, path_grid_get(a, x, y),
			    path_grid_get(b, x, y));
	}
}

/*
 * Searches, checks the cost against a literal and the oracle, and checks
 * the path; returns the number of points.
 */
static size_t
search_literal(const struct path_grid *g, struct path_rules rules, int sx,
    int sy, int gx, int gy, path_cost literal, const char *what)
{
	struct path_astar	*ws;
	struct path_point	 path[64];
	path_cost		 cost, oracle, sum;
	size_t			 n;
	char			 why[160], rtext[64];

	test_rules_text(rules, rtext, sizeof rtext);
	oracle = oracle_cost(g, rules, sx, sy, gx, gy);
	ck_assert_msg(oracle == literal, "%s under %s: the oracle says %lld, "
	    "worked out by hand %lld", what, rtext, (long long)oracle,
	    (long long)literal);
	ws = path_astar_new(path_grid_width(g), path_grid_height(g));
	cost = path_astar_search(ws, g, rules, sx, sy, gx, gy, NULL);
	ck_assert_msg(cost == literal, "%s under %s: A* says %lld, expected "
	    "%lld", what, rtext, (long long)cost, (long long)literal);
	n = path_astar_path(ws, path, 64);
	ck_assert_msg(n > 0 && n <= 64, "%s: path of %zu points", what, n);
	sum = oracle_path_cost(g, rules, sx, sy, gx, gy, path, n, why,
	    sizeof why);
	ck_assert_msg(sum == literal, "%s under %s: path sums to %lld (%s)",
	    what, rtext, (long long)sum, sum < 0 ? why : "valid");
	path_astar_free(ws);
	return (n);
}

/* The tutorial's grid as its text shows it: 7 wide, 6 high, 1 = wall. */
static const char tutorial_text[] =
    "0 0 0 0 0 0 0\n"
    "0 0 0 1 0 0 0\n"
    "0 0 0 1 0 0 0\n"
    "0 0 0 1 0 0 0\n"
    "0 1 0 0 0 0 0\n"
    "0 0 0 0 0 0 0\n";

/*
 * The tutorial's worked example: (1,6) to (5,5) counting from 1 is five
 * moves around the wall, so five orthogonal steps and six cells.
 */
START_TEST(test_astar_tutorial)
{
	struct path_rules	 rules = { PATH_MOVE_4, PATH_DIAG_NEVER,
				    PATH_H_MANHATTAN };
	struct path_grid	*g, *file;
	size_t			 n;

	g = parse_text("tutorial", tutorial_text);
	ck_assert_int_eq(path_grid_width(g), 7);
	ck_assert_int_eq(path_grid_height(g), 6);
	ck_assert_uint_eq(path_grid_get(g, 3, 1), 0);
	ck_assert_uint_eq(path_grid_get(g, 3, 3), 0);
	ck_assert_uint_eq(path_grid_get(g, 1, 4), 0);
	ck_assert_uint_eq(path_grid_get(g, 3, 4), 1);
	ck_assert_uint_eq(path_grid_get(g, 0, 5), 1);

	n = search_literal(g, rules, 0, 5, 4, 4, 5 * 985, "tutorial");
	ck_assert_uint_eq(n, 6);
	rules.heuristic = PATH_H_DEFAULT;
	n = search_literal(g, rules, 0, 5, 4, 4, 4925, "tutorial, default");
	ck_assert_uint_eq(n, 6);

	file = read_data("explain/tutorial.txt");
	assert_same_grid(g, file, "explain/tutorial.txt");
	path_grid_free(file);
	path_grid_free(g);
}
END_TEST

/*
 * The second example.  4-connected, (0,0) to (4,4) is at least eight
 * steps and column 0 then row 4 are open: 8 * 985 = 7880.  Octile
 * without corner cutting: (1,1) and (2,3) are walls, so no route gets two
 * diagonals past them; the best is one diagonal and six orthogonal steps,
 * e.g. (0,0) (0,1) (0,2) (1,3) (1,4) (2,4) (3,4) (4,4): 6 * 985 + 1393.
 */
START_TEST(test_astar_second_example)
{
	struct path_rules	 four = { PATH_MOVE_4, PATH_DIAG_NEVER,
				    PATH_H_DEFAULT };
	struct path_rules	 octile = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	struct path_grid	*g, *file;
	size_t			 n;

	g = parse_text("second", "00000\n01100\n00000\n00110\n00000\n");
	n = search_literal(g, four, 0, 0, 4, 4, 7880, "second example");
	ck_assert_uint_eq(n, 9);
	n = search_literal(g, octile, 0, 0, 4, 4, 7303, "second example");
	ck_assert_uint_eq(n, 8);

	file = read_data("explain/second.txt");
	assert_same_grid(g, file, "explain/second.txt");
	path_grid_free(file);
	path_grid_free(g);
}
END_TEST

/*
 * On an open grid the movement's heuristic is exact, so every cell of an
 * optimal path has the same f; preferring the larger g walks straight to
 * the goal and expands exactly the cells of the path.  The second run
 * adds a row and column with one very expensive cell in the far corner,
 * off every path tried, so that a search that picks its open list by the
 * grid's costs is tried with its other open list too.
 */
START_TEST(test_astar_tie_breaking)
{
	static const struct {
		enum path_movement	movement;
		int			gx, gy;
		size_t			points;
	} cases[] = {
		{ PATH_MOVE_8_OCTILE, 19, 19, 20 },
		{ PATH_MOVE_8_OCTILE, 19, 7, 20 },
		{ PATH_MOVE_8_OCTILE, 5, 19, 20 },
		{ PATH_MOVE_8_EUCLID, 19, 19, 20 },
		{ PATH_MOVE_8_CHEBYSHEV, 19, 19, 20 },
		{ PATH_MOVE_4, 19, 19, 39 },
		{ PATH_MOVE_4, 19, 0, 20 },
	};
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	int			 side = 20 + _i;
	struct path_grid	*g = path_grid_new(side, side, 1, 16);
	struct path_astar	*ws = path_astar_new(side, side);
	struct path_stats	 st;
	struct path_point	 path[64];
	size_t			 i, n;
	path_cost		 cost;

	if (_i == 1)
		path_grid_set(g, 20, 20, 254);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rules.movement = cases[i].movement;
		cost = path_astar_search(ws, g, rules, 0, 0, cases[i].gx,
		    cases[i].gy, &st);
		ck_assert_msg(cost == oracle_cost(g, rules, 0, 0, cases[i].gx,
		    cases[i].gy), "%s to (%d,%d): cost %lld",
		    path_movement_name(rules.movement), cases[i].gx,
		    cases[i].gy, (long long)cost);
		n = path_astar_path(ws, path, 64);
		ck_assert_msg(n == cases[i].points, "%s to (%d,%d): %zu points,"
		    " expected %zu", path_movement_name(rules.movement),
		    cases[i].gx, cases[i].gy, n, cases[i].points);
		if (rules.movement == PATH_MOVE_8_EUCLID)
			continue;	/* Euclid is not exact: no claim */
		ck_assert_msg(st.expansions == n, "%s on an open %dx%d grid "
		    "from (0,0) to (%d,%d): %llu expansions for a path of %zu "
		    "points; ties should go to the larger g",
		    path_movement_name(rules.movement), side, side,
		    cases[i].gx, cases[i].gy,
		    (unsigned long long)st.expansions, n);
	}
	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

/* Counters hold together, and a search that cannot start counts nothing. */
START_TEST(test_astar_stats)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_ONE_SIDE, PATH_H_DEFAULT };
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_astar	*ws;
	struct path_stats	 st, again;
	path_cost		 cost;

	oracle_rng_seed(&rng, 7);
	g = oracle_grid_scatter(&rng, 30, 30, 25, 9);
	path_grid_set(g, 0, 0, 3);
	path_grid_set(g, 29, 29, 3);
	ws = path_astar_new(30, 30);

	cost = path_astar_search(ws, g, rules, 0, 0, 29, 29, &st);
	ck_assert_msg(cost == oracle_cost(g, rules, 0, 0, 29, 29),
	    "cost %lld", (long long)cost);
	ck_assert_uint_ge(st.expansions, 1);
	ck_assert_uint_le(st.expansions, st.touched);
	ck_assert_uint_ge(st.pushes, st.touched);
	ck_assert_uint_le(st.touched, 900);

	/* Stats are overwritten, not added to. */
	cost = path_astar_search(ws, g, rules, 0, 0, 29, 29, &again);
	ck_assert_uint_eq(again.expansions, st.expansions);
	ck_assert_uint_eq(again.touched, st.touched);
	ck_assert_uint_eq(again.pushes, st.pushes);

	/* NULL stats are allowed. */
	ck_assert(path_astar_search(ws, g, rules, 0, 0, 29, 29, NULL) == cost);

	path_grid_set(g, 0, 0, 0);
	memset(&st, 0xff, sizeof st);
	cost = path_astar_search(ws, g, rules, 0, 0, 29, 29, &st);
	ck_assert(cost == PATH_COST_NONE);
	ck_assert_uint_eq(st.expansions, 0);
	ck_assert_uint_eq(st.touched, 0);
	ck_assert_uint_eq(st.pushes, 0);
	ck_assert_uint_eq(path_astar_path(ws, NULL, 0), 0);

	memset(&st, 0xff, sizeof st);
	cost = path_astar_search(ws, g, rules, -1, 3, 29, 29, &st);
	ck_assert(cost == PATH_COST_NONE);
	ck_assert_uint_eq(st.expansions + st.touched + st.pushes, 0);

	path_grid_set(g, 0, 0, 1);
	path_grid_set(g, 29, 29, 0);
	cost = path_astar_search(ws, g, rules, 0, 0, 29, 29, &st);
	ck_assert(cost == PATH_COST_NONE);
	ck_assert_uint_eq(path_astar_path(ws, NULL, 0), 0);

	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

/* Copying a path into a short buffer stops at max but reports it all. */
START_TEST(test_astar_path_buffer)
{
	struct path_rules	 rules = { PATH_MOVE_4, PATH_DIAG_NEVER,
				    PATH_H_DEFAULT };
	struct path_grid	*g = path_grid_new(10, 1, 1, 16);
	struct path_astar	*ws = path_astar_new(10, 1);
	struct path_point	 full[16], part[8];
	size_t			 n, i;

	ck_assert(path_astar_search(ws, g, rules, 0, 0, 9, 0, NULL) ==
	    9 * 985);
	n = path_astar_path(ws, full, 16);
	ck_assert_uint_eq(n, 10);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(full[i].x, (int)i);
		ck_assert_int_eq(full[i].y, 0);
	}
	for (i = 0; i < 8; i++)
		part[i].x = part[i].y = -77;
	ck_assert_uint_eq(path_astar_path(ws, part, 4), 10);
	for (i = 0; i < 4; i++)
		ck_assert_msg(part[i].x == full[i].x && part[i].y == full[i].y,
		    "point %zu of a 4-point copy is (%d,%d), not (%d,%d)", i,
		    part[i].x, part[i].y, full[i].x, full[i].y);
	for (i = 4; i < 8; i++)
		ck_assert_msg(part[i].x == -77 && part[i].y == -77,
		    "path_astar_path wrote point %zu past max 4", i);

	/* Start == goal: a path of the one cell. */
	ck_assert(path_astar_search(ws, g, rules, 3, 0, 3, 0, NULL) == 0);
	ck_assert_uint_eq(path_astar_path(ws, full, 16), 1);
	ck_assert_int_eq(full[0].x, 3);
	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

/* Cell states after a search: closed start, an open frontier, unseen. */
START_TEST(test_astar_cell_states)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	struct path_grid	*g = path_grid_new(20, 20, 1, 64);
	struct path_astar	*ws = path_astar_new(20, 20);
	path_cost		 cost, gv;
	int			 x, y, open = 0;

	for (y = 0; y < 20; y++)
		path_grid_set(g, 10, y, 0);	/* cuts off the right half */
	cost = path_astar_search(ws, g, rules, 0, 0, 9, 19, NULL);
	ck_assert(cost == oracle_cost(g, rules, 0, 0, 9, 19));

	gv = -1;
	ck_assert_int_eq(path_astar_cell(ws, 0, 0, &gv), PATH_CELL_CLOSED);
	ck_assert(gv == 0);
	ck_assert_int_eq(path_astar_cell(ws, 9, 19, &gv), PATH_CELL_CLOSED);
	ck_assert(gv == cost);
	for (y = 0; y < 20; y++) {
		for (x = 0; x < 10; x++) {
			if (path_astar_cell(ws, x, y, NULL) == PATH_CELL_OPEN)
				open++;
		}
	}
	ck_assert_msg(open > 0, "no cell is open after the search");
	for (y = 0; y < 20; y++) {
		for (x = 10; x < 20; x++)
			ck_assert_msg(path_astar_cell(ws, x, y, NULL) ==
			    PATH_CELL_UNSEEN, "cell (%d,%d) behind the wall "
			    "is not unseen", x, y);
	}
	ck_assert_int_eq(path_astar_cell(ws, -1, 0, NULL), PATH_CELL_UNSEEN);
	ck_assert_int_eq(path_astar_cell(ws, 0, 20, NULL), PATH_CELL_UNSEEN);

	/* Start == goal closes the one cell and forgets the last search. */
	path_astar_search(ws, g, rules, 15, 5, 15, 5, NULL);
	ck_assert_int_eq(path_astar_cell(ws, 15, 5, NULL), PATH_CELL_CLOSED);
	ck_assert_int_eq(path_astar_cell(ws, 0, 0, NULL), PATH_CELL_UNSEEN);

	/* A search that cannot start leaves nothing seen. */
	path_astar_search(ws, g, rules, 10, 5, 0, 0, NULL);
	ck_assert_int_eq(path_astar_cell(ws, 15, 5, NULL), PATH_CELL_UNSEEN);
	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

/* Records a trace event. */
static void
trace_record(void *ctx, enum path_trace_event event, int x, int y,
    path_cost g, path_cost h, int px, int py)
{
	struct trace_log	*log = ctx;

	if (log->n == log->cap) {
		log->cap = log->cap == 0 ? 256 : log->cap * 2;
		log->events = realloc(log->events, log->cap *
		    sizeof *log->events);
		if (log->events == NULL)
			abort();
	}
	log->events[log->n].event = event;
	log->events[log->n].x = x;
	log->events[log->n].y = y;
	log->events[log->n].g = g;
	log->events[log->n].h = h;
	log->events[log->n].px = px;
	log->events[log->n].py = py;
	log->n++;
}

/* Checks a recorded trace against the search's result and stats. */
static void
trace_check(const struct trace_log *log, const struct path_stats *st,
    int sx, int sy, int gx, int gy, path_cost cost, const char *what)
{
	const struct trace_event	*e;
	uint64_t			 expands = 0, opens = 0, improves = 0;
	path_cost			 last_f = 0;
	size_t				 i;

	ck_assert_msg(log->n > 0, "%s: no events", what);
	e = &log->events[0];
	ck_assert_msg(e->event == PATH_TRACE_OPEN && e->x == sx && e->y == sy &&
	    e->g == 0 && e->px == sx && e->py == sy, "%s: first event %d at "
	    "(%d,%d) g %lld parent (%d,%d), expected OPEN of the start", what,
	    (int)e->event, e->x, e->y, (long long)e->g, e->px, e->py);
	for (i = 0; i < log->n; i++) {
		e = &log->events[i];
		switch (e->event) {
		case PATH_TRACE_EXPAND:
			expands++;
			ck_assert_msg(e->g + e->h >= last_f, "%s: event %zu "
			    "expands f %lld after f %lld", what, i,
			    (long long)(e->g + e->h), (long long)last_f);
			last_f = e->g + e->h;
			break;
		case PATH_TRACE_OPEN:
			opens++;
			break;
		case PATH_TRACE_IMPROVE:
			improves++;
			break;
		}
		if (i > 0)
			ck_assert_msg(abs(e->x - e->px) <= 1 &&
			    abs(e->y - e->py) <= 1, "%s: event %zu at (%d,%d) "
			    "has parent (%d,%d)", what, i, e->x, e->y, e->px,
			    e->py);
	}
	ck_assert_msg(expands == st->expansions, "%s: %llu EXPAND events, "
	    "stats say %llu expansions", what, (unsigned long long)expands,
	    (unsigned long long)st->expansions);
	ck_assert_msg(opens == st->touched, "%s: %llu OPEN events, %llu "
	    "touched", what, (unsigned long long)opens,
	    (unsigned long long)st->touched);
	ck_assert_msg(opens + improves == st->pushes, "%s: %llu OPEN + %llu "
	    "IMPROVE events, %llu pushes", what, (unsigned long long)opens,
	    (unsigned long long)improves, (unsigned long long)st->pushes);
	if (cost != PATH_COST_NONE) {
		for (i = log->n; i-- > 0;) {
			if (log->events[i].event == PATH_TRACE_EXPAND)
				break;
		}
		e = &log->events[i];
		ck_assert_msg(e->event == PATH_TRACE_EXPAND && e->x == gx &&
		    e->y == gy && e->g == cost, "%s: last EXPAND at (%d,%d) g "
		    "%lld, expected the goal (%d,%d) at %lld", what, e->x, e->y,
		    (long long)e->g, gx, gy, (long long)cost);
	}
}

/* A trace sees the search as its stats count it, goal last. */
START_TEST(test_astar_trace)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_ALWAYS, PATH_H_DEFAULT };
	struct trace_log	 log = { NULL, 0, 0 };
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_astar	*ws;
	struct path_stats	 st;
	path_cost		 cost;
	char			 what[96];
	int			 h, improves = 0;
	size_t			 i;

	oracle_rng_seed(&rng, 11);
	g = oracle_grid_scatter(&rng, 24, 24, 20, 9);
	path_grid_set(g, 1, 2, 2);
	path_grid_set(g, 22, 21, 2);
	ws = path_astar_new(24, 24);
	path_astar_set_trace(ws, trace_record, &log);
	for (h = 0; h < TEST_HEURISTICS; h++) {
		rules.heuristic = (enum path_heuristic)h;
		if (!expect_admissible(rules))
			continue;
		log.n = 0;
		cost = path_astar_search(ws, g, rules, 1, 2, 22, 21, &st);
		ck_assert(cost == oracle_cost(g, rules, 1, 2, 22, 21));
		ck_assert(cost != PATH_COST_NONE);
		snprintf(what, sizeof what, "trace with %s",
		    path_heuristic_name(rules.heuristic));
		trace_check(&log, &st, 1, 2, 22, 21, cost, what);
		for (i = 0; i < log.n; i++)
			improves += log.events[i].event == PATH_TRACE_IMPROVE;
	}
	ck_assert_msg(improves > 0, "the trace test never saw an IMPROVE");

	/* Unreachable: the trace still matches the stats. */
	for (h = 0; h < 9; h++) {
		if (h != 4)
			path_grid_set(g, 21 + h % 3, 20 + h / 3, 0);
	}
	log.n = 0;
	cost = path_astar_search(ws, g, rules, 1, 2, 22, 21, &st);
	ck_assert(cost == PATH_COST_NONE);
	trace_check(&log, &st, 1, 2, 22, 21, cost, "unreachable trace");
	ck_assert_uint_eq(st.expansions, st.touched);

	/* Removed, the trace sees nothing. */
	path_astar_set_trace(ws, NULL, NULL);
	log.n = 0;
	path_astar_search(ws, g, rules, 1, 2, 5, 5, NULL);
	ck_assert_uint_eq(log.n, 0);
	free(log.events);
	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

/*
 * A* learns a cell's legal steps from a mask the grid keeps for it, so
 * the mask must follow every write: cells opened and closed one at a
 * time with path_grid_set, a clone of the changed grid and a grid saved
 * and loaded again must all give the oracle's cost between random cells,
 * under every movement and diagonal rule.
 */
START_TEST(test_astar_changed_grid)
{
	enum { W = 19, H = 13, ROUNDS = 300 };
	struct oracle_rng	 rng;
	struct path_astar	*ws;
	struct path_grid	*g, *copy;
	struct path_rules	 rules;
	struct ser		 out;
	struct deser		 in;
	path_cost		 want, got;
	int			 i, k, which, sx, sy, gx, gy;

	oracle_rng_seed(&rng, test_seed_base() + 4242);
	ws = path_astar_new(W, H);
	g = oracle_grid_make(&rng, ORACLE_TERRAIN_ROOMS, W, H, 1);
	for (i = 0; i < ROUNDS; i++) {
		/* A few cells change: closed, opened, or given a cost. */
		for (k = oracle_rng_range(&rng, 1, 6); k > 0; k--)
			path_grid_set(g, oracle_rng_below(&rng, W),
			    oracle_rng_below(&rng, H), (unsigned)
			    (oracle_rng_below(&rng, 3) == 0 ? 0 :
			    oracle_rng_range(&rng, 1, 3)));
		which = i % 3;
		copy = NULL;
		if (which == 1)
			copy = path_grid_clone(g);
		else if (which == 2) {
			ser_init(&out);
			path_grid_save(g, &out);
			deser_init(&in, out.buf, out.len);
			copy = path_grid_load(&in);
			ser_free(&out);
			ck_assert_ptr_nonnull(copy);
		}
		rules.movement = (enum path_movement)oracle_rng_below(&rng, 4);
		rules.diagonal = (enum path_diagonal)oracle_rng_below(&rng, 4);
		rules.heuristic = PATH_H_DEFAULT;
		for (k = 0; k < 4; k++) {
			property_point(&rng, g, &sx, &sy);
			property_point(&rng, g, &gx, &gy);
			want = oracle_cost(g, rules, sx, sy, gx, gy);
			got = path_astar_search(ws, copy != NULL ? copy : g,
			    rules, sx, sy, gx, gy, NULL);
			ck_assert_msg(got == want, "round %d (%s): (%d,%d) to "
			    "(%d,%d) costs %lld, A* says %lld", i,
			    which == 0 ? "changed" : which == 1 ? "clone" :
			    "reloaded", sx, sy, gx, gy, (long long)want,
			    (long long)got);
		}
		path_grid_free(copy);
	}
	path_grid_free(g);
	path_astar_free(ws);
}
END_TEST

/*
 * One workspace running many searches in a row on changing grids must
 * behave exactly like a fresh workspace per search: same cost, path,
 * stats and cell states, which is what the generation stamps promise.
 */
START_TEST(test_astar_reuse)
{
	enum { W = 24, H = 17, SEARCHES = 400 };
	static const int	 weights[] = { 1, 9, 40, 254 };
	struct oracle_rng	 rng;
	struct path_astar	*shared, *fresh;
	struct path_grid	*g;
	struct path_rules	 rules;
	struct path_stats	 st1, st2;
	struct path_point	 p1[W * H], p2[W * H];
	path_cost		 c1, c2, g1, g2;
	size_t			 n1, n2;
	int			 i, x, y, sx, sy, gx, gy;
	enum path_cell_state	 s1, s2;

	oracle_rng_seed(&rng, test_seed_base() + 99);
	shared = path_astar_new(W, H);
	g = NULL;
	for (i = 0; i < SEARCHES; i++) {
		if (i % 10 == 0) {
			path_grid_free(g);
			g = oracle_grid_make(&rng, (enum oracle_terrain)
			    oracle_rng_below(&rng, ORACLE_TERRAIN_COUNT), W, H,
			    weights[oracle_rng_below(&rng, 4)]);
		}
		rules.movement = (enum path_movement)oracle_rng_below(&rng, 4);
		rules.diagonal = (enum path_diagonal)oracle_rng_below(&rng, 4);
		rules.heuristic = (enum path_heuristic)oracle_rng_below(&rng,
		    TEST_HEURISTICS);
		property_point(&rng, g, &sx, &sy);
		property_point(&rng, g, &gx, &gy);

		c1 = path_astar_search(shared, g, rules, sx, sy, gx, gy, &st1);
		fresh = path_astar_new(W, H);
		c2 = path_astar_search(fresh, g, rules, sx, sy, gx, gy, &st2);
		ck_assert_msg(c1 == c2, "search %d: reused workspace %lld, "
		    "fresh %lld", i, (long long)c1, (long long)c2);
		ck_assert_msg(st1.expansions == st2.expansions &&
		    st1.touched == st2.touched && st1.pushes == st2.pushes,
		    "search %d: stats differ", i);
		n1 = path_astar_path(shared, p1, W * H);
		n2 = path_astar_path(fresh, p2, W * H);
		ck_assert_uint_eq(n1, n2);
		ck_assert_msg(memcmp(p1, p2, n1 * sizeof *p1) == 0,
		    "search %d: paths differ", i);
		for (y = 0; y < H; y++) {
			for (x = 0; x < W; x++) {
				g1 = g2 = -1;
				s1 = path_astar_cell(shared, x, y, &g1);
				s2 = path_astar_cell(fresh, x, y, &g2);
				test_assert_msg(s1 == s2 && g1 == g2, "search "
				    "%d: cell (%d,%d) is %d/%lld reused, "
				    "%d/%lld fresh", i, x, y, (int)s1,
				    (long long)g1, (int)s2, (long long)g2);
			}
		}
		path_astar_free(fresh);
	}
	path_grid_free(g);
	path_astar_free(shared);
}
END_TEST

/* Writes a grid as '.'/'#' text with digit weights; returns its length. */
static size_t
grid_to_text(const struct path_grid *g, char *buf, size_t len)
{
	size_t		 n = 0;
	unsigned	 c;
	int		 x, y;

	n += (size_t)snprintf(buf, len, "; written by check_astar\n");
	for (y = 0; y < path_grid_height(g); y++) {
		for (x = 0; x < path_grid_width(g); x++) {
			c = path_grid_get(g, x, y);
			ck_assert_uint_le(c, 9);
			ck_assert_uint_lt(n + 2, len);
			if (c == 0)
				buf[n++] = '#';
			else
				buf[n++] = c == 1 ? '.' : (char)('0' + c);
		}
		buf[n++] = '\n';
	}
	return (n);
}

/*
 * Grids that come from a text file search the same as grids built cell
 * by cell: the loader must leave the grid in the state a search expects.
 */
START_TEST(test_astar_text_grids)
{
	struct oracle_rng	 rng;
	struct path_grid	*made, *read;
	struct path_astar	*ws;
	struct path_rules	 rules;
	path_cost		 cost, expect;
	char			 text[64 * 64], *cause, what[96], rtext[64];
	size_t			 len;
	int			 i, j, w, h, sx, sy, gx, gy;

	oracle_rng_seed(&rng, test_seed_base() + 31);
	for (i = 0; i < 300; i++) {
		oracle_random_size(&rng, 30, &w, &h);
		made = oracle_grid_make(&rng, (enum oracle_terrain)(i %
		    ORACLE_TERRAIN_COUNT), w, h, 1 + 8 * (i / 4 % 2));
		len = grid_to_text(made, text, sizeof text);
		snprintf(what, sizeof what, "text grid %d (%dx%d)", i, w, h);
		cause = NULL;
		read = path_textgrid_parse(what, text, len, &cause);
		ck_assert_msg(read != NULL, "%s refused: %s", what,
		    cause != NULL ? cause : "(no cause)");
		assert_same_grid(made, read, what);
		ws = path_astar_new(w, h);
		for (j = 0; j < 8; j++) {
			rules.movement = (enum path_movement)(j / 2);
			rules.diagonal = (enum path_diagonal)
			    oracle_rng_below(&rng, TEST_DIAGONALS);
			rules.heuristic = j % 2 ? PATH_H_DEFAULT : PATH_H_ZERO;
			property_point(&rng, made, &sx, &sy);
			property_point(&rng, made, &gx, &gy);
			expect = oracle_cost(made, rules, sx, sy, gx, gy);
			cost = path_astar_search(ws, read, rules, sx, sy, gx,
			    gy, NULL);
			ck_assert_msg(cost == expect, "%s, %s, (%d,%d) to "
			    "(%d,%d): A* %lld, oracle %lld", what,
			    test_rules_text(rules, rtext, sizeof rtext), sx, sy,
			    gx, gy, (long long)cost, (long long)expect);
		}
		path_astar_free(ws);
		path_grid_free(read);
		path_grid_free(made);
	}
}
END_TEST

/* path_rules_admissible agrees with first principles, and with facts. */
START_TEST(test_rules_admissible)
{
	struct path_rules	 rules;
	struct path_grid	*g = path_grid_new(2, 2, 1, 16);
	char			 text[64];
	path_cost		 h, real;
	int			 m, d, k;

	for (m = 0; m < TEST_MOVEMENTS; m++) {
		for (d = 0; d < TEST_DIAGONALS; d++) {
			for (k = 0; k < TEST_HEURISTICS; k++) {
				rules.movement = (enum path_movement)m;
				rules.diagonal = (enum path_diagonal)d;
				rules.heuristic = (enum path_heuristic)k;
				test_rules_text(rules, text, sizeof text);
				ck_assert_msg(path_rules_admissible(rules) ==
				    expect_admissible(rules), "%s: "
				    "path_rules_admissible says %d", text,
				    (int)path_rules_admissible(rules));
				/* One diagonal step shows an overestimate. */
				h = path_heuristic(rules, 0, 0, 1, 1);
				real = oracle_cost(g, rules, 0, 0, 1, 1);
				ck_assert_msg((h <= real) ==
				    expect_admissible(rules), "%s: h %lld, "
				    "real cost %lld", text, (long long)h,
				    (long long)real);
			}
		}
	}
	ck_assert(path_rules_admissible((struct path_rules){ PATH_MOVE_4,
	    PATH_DIAG_ALWAYS, PATH_H_MANHATTAN }));
	ck_assert(!path_rules_admissible((struct path_rules){
	    PATH_MOVE_8_OCTILE, PATH_DIAG_NO_CORNER_CUT, PATH_H_MANHATTAN }));
	ck_assert(!path_rules_admissible((struct path_rules){
	    PATH_MOVE_8_CHEBYSHEV, PATH_DIAG_ONE_SIDE, PATH_H_OCTILE }));
	ck_assert(path_rules_admissible((struct path_rules){
	    PATH_MOVE_8_CHEBYSHEV, PATH_DIAG_NEVER, PATH_H_OCTILE }));
	path_grid_free(g);
}
END_TEST

/* An admissible heuristic never exceeds the real cost on open grids. */
START_TEST(test_heuristic_bounds)
{
	struct path_rules	 rules;
	struct path_grid	*g = path_grid_new(13, 9, 1, 16);
	path_cost		 costs[13 * 9], h;
	char			 text[64];
	int			 m, d, k, x, y;

	for (m = 0; m < TEST_MOVEMENTS; m++) {
		for (d = 0; d < TEST_DIAGONALS; d++) {
			rules.movement = (enum path_movement)m;
			rules.diagonal = (enum path_diagonal)d;
			oracle_costs_from(g, rules, 4, 3, costs);
			for (k = 0; k < TEST_HEURISTICS; k++) {
				rules.heuristic = (enum path_heuristic)k;
				if (!expect_admissible(rules))
					continue;
				test_rules_text(rules, text, sizeof text);
				for (y = 0; y < 9; y++) {
					for (x = 0; x < 13; x++) {
						h = path_heuristic(rules, x, y,
						    4, 3);
						ck_assert_msg(h >= 0 &&
						    h <= costs[y * 13 + x],
						    "%s: h (%d,%d) = %lld "
						    "above the cost %lld", text,
						    x, y, (long long)h,
						    (long long)costs[y * 13 +
						    x]);
					}
				}
			}
		}
	}
	path_grid_free(g);
}
END_TEST

/* Heuristic values worked out by hand for a (3,1) offset. */
START_TEST(test_heuristic_values)
{
	struct path_rules	 r = { PATH_MOVE_8_OCTILE, PATH_DIAG_ALWAYS,
				    PATH_H_ZERO };
	path_cost		 e;

	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 0);
	r.heuristic = PATH_H_MANHATTAN;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 3940);
	ck_assert(path_heuristic(r, 3, 1, 0, 0) == 3940);
	ck_assert(path_heuristic(r, 5, 5, 2, 6) == 3940);
	r.heuristic = PATH_H_OCTILE;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 2 * 985 + 1393);
	ck_assert(path_heuristic(r, 10, 10, 10, 10) == 0);
	ck_assert(path_heuristic(r, 0, 0, 4, 4) == 4 * 1393);
	r.heuristic = PATH_H_CHEBYSHEV;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 2955);
	ck_assert(path_heuristic(r, 7, 0, 0, 2) == 7 * 985);
	r.heuristic = PATH_H_EUCLID;
	e = path_heuristic(r, 0, 0, 3, 1);
	/* 985 * sqrt(10) = 3114.87; a hair under is allowed, over is not. */
	ck_assert_msg(e >= 3110 && e <= 3114, "euclid (3,1) = %lld",
	    (long long)e);
	ck_assert(path_heuristic(r, 0, 0, 5, 0) == 5 * 985 ||
	    path_heuristic(r, 0, 0, 5, 0) == 5 * 985 - 1);
	ck_assert(path_heuristic(r, 0, 0, 3, 1) ==
	    path_heuristic(r, 3, 1, 0, 0));

	/* The default is the movement's own. */
	r.heuristic = PATH_H_DEFAULT;
	r.movement = PATH_MOVE_4;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 3940);
	r.movement = PATH_MOVE_8_OCTILE;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 3363);
	r.movement = PATH_MOVE_8_CHEBYSHEV;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == 2955);
	r.movement = PATH_MOVE_8_EUCLID;
	ck_assert(path_heuristic(r, 0, 0, 3, 1) == e);
}
END_TEST

/* Step costs, normalisation and the benchmark rules. */
START_TEST(test_rules_steps)
{
	struct path_rules	 r = { PATH_MOVE_8_OCTILE, PATH_DIAG_ALWAYS,
				    PATH_H_DEFAULT };

	ck_assert(path_step_cost(r, 1, 0, 1) == 985);
	ck_assert(path_step_cost(r, 0, -1, 3) == 2955);
	ck_assert(path_step_cost(r, 1, 1, 1) == 1393);
	ck_assert(path_step_cost(r, -1, 1, 254) == 1393 * 254);
	r.movement = PATH_MOVE_8_EUCLID;
	ck_assert(path_step_cost(r, -1, -1, 2) == 2786);
	r.movement = PATH_MOVE_8_CHEBYSHEV;
	ck_assert(path_step_cost(r, 1, -1, 2) == 1970);
	ck_assert(path_step_cost(r, 1, 0, 2) == 1970);
	ck_assert(path_cost_to_double(985) == 1.0);
	ck_assert(path_cost_to_double(0) == 0.0);

	r = path_rules_normalize((struct path_rules){ PATH_MOVE_4,
	    PATH_DIAG_ALWAYS, PATH_H_DEFAULT });
	ck_assert_int_eq(r.diagonal, PATH_DIAG_NEVER);
	ck_assert_int_eq(r.heuristic, PATH_H_MANHATTAN);
	r = path_rules_normalize((struct path_rules){ PATH_MOVE_8_OCTILE,
	    PATH_DIAG_ONE_SIDE, PATH_H_DEFAULT });
	ck_assert_int_eq(r.diagonal, PATH_DIAG_ONE_SIDE);
	ck_assert_int_eq(r.heuristic, PATH_H_OCTILE);
	r = path_rules_normalize((struct path_rules){ PATH_MOVE_8_CHEBYSHEV,
	    PATH_DIAG_ALWAYS, PATH_H_DEFAULT });
	ck_assert_int_eq(r.heuristic, PATH_H_CHEBYSHEV);
	r = path_rules_normalize((struct path_rules){ PATH_MOVE_8_EUCLID,
	    PATH_DIAG_ALWAYS, PATH_H_ZERO });
	ck_assert_int_eq(r.heuristic, PATH_H_ZERO);
	ck_assert_int_eq(r.movement, PATH_MOVE_8_EUCLID);

	r = path_rules_movingai();
	ck_assert_int_eq(r.movement, PATH_MOVE_8_OCTILE);
	ck_assert_int_eq(r.diagonal, PATH_DIAG_NO_CORNER_CUT);
	ck_assert(expect_admissible(r));
}
END_TEST

/* Every name parses back to its value, and strangers are refused. */
START_TEST(test_rules_names)
{
	static const char *const bad[] = {
		"", " ", "x", "8-OCTILE", "Octile", "never ", " never",
		"no_corner_cut", "nocornercut", "Manhattan", "euclidean",
		"4-connected", "diagonal", "-1", "default\n", "zero\t"
	};
	enum path_movement	 m, pm;
	enum path_diagonal	 d, pd;
	enum path_heuristic	 h, ph;
	size_t			 i;
	const char		*name;

	for (m = PATH_MOVE_4; m <= PATH_MOVE_8_EUCLID; m++) {
		name = path_movement_name(m);
		pm = (enum path_movement)99;
		ck_assert_msg(path_movement_parse(name, &pm) == 0 && pm == m,
		    "movement %d named \"%s\" parses to %d", (int)m, name,
		    (int)pm);
		ck_assert_msg(strstr(path_movement_names, name) != NULL,
		    "\"%s\" missing from \"%s\"", name, path_movement_names);
	}
	ck_assert_str_eq(path_movement_name(PATH_MOVE_4), "4");
	ck_assert_str_eq(path_movement_name(PATH_MOVE_8_OCTILE), "8-octile");
	for (d = PATH_DIAG_NEVER; d <= PATH_DIAG_ALWAYS; d++) {
		name = path_diagonal_name(d);
		pd = (enum path_diagonal)99;
		ck_assert_msg(path_diagonal_parse(name, &pd) == 0 && pd == d,
		    "diagonal %d named \"%s\" parses to %d", (int)d, name,
		    (int)pd);
		ck_assert_msg(strstr(path_diagonal_names, name) != NULL,
		    "\"%s\" missing from \"%s\"", name, path_diagonal_names);
	}
	ck_assert_str_eq(path_diagonal_name(PATH_DIAG_NO_CORNER_CUT),
	    "no-corner-cut");
	for (h = PATH_H_DEFAULT; h <= PATH_H_EUCLID; h++) {
		name = path_heuristic_name(h);
		ph = (enum path_heuristic)99;
		ck_assert_msg(path_heuristic_parse(name, &ph) == 0 && ph == h,
		    "heuristic %d named \"%s\" parses to %d", (int)h, name,
		    (int)ph);
		ck_assert_msg(strstr(path_heuristic_names, name) != NULL,
		    "\"%s\" missing from \"%s\"", name, path_heuristic_names);
	}
	ck_assert_str_eq(path_heuristic_name(PATH_H_EUCLID), "euclid");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(path_movement_parse(bad[i], &pm) == -1,
		    "movement \"%s\" accepted", bad[i]);
		ck_assert_msg(path_diagonal_parse(bad[i], &pd) == -1,
		    "diagonal \"%s\" accepted", bad[i]);
		ck_assert_msg(path_heuristic_parse(bad[i], &ph) == -1,
		    "heuristic \"%s\" accepted", bad[i]);
	}
	ck_assert(path_movement_parse("octile", &pm) == -1);
	ck_assert(path_diagonal_parse("8-octile", &pd) == -1);
	ck_assert(path_heuristic_parse("8-octile", &ph) == -1);
}
END_TEST

/* The oracle itself, on cases small enough to check by eye. */
START_TEST(test_oracle_self)
{
	struct path_rules	 rules = { PATH_MOVE_8_OCTILE,
				    PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT };
	struct path_grid	*g = parse_text("pinch", "01\n10\n");
	struct path_point	 diag[2] = { { 0, 0 }, { 1, 1 } };
	struct path_point	 jump[2] = { { 0, 0 }, { 2, 0 } };

	/* Two open cells touching only at a corner. */
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == PATH_COST_NONE);
	ck_assert(oracle_path_cost(g, rules, 0, 0, 1, 1, diag, 2, NULL, 0) ==
	    -1);
	rules.diagonal = PATH_DIAG_ONE_SIDE;
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == PATH_COST_NONE);
	rules.diagonal = PATH_DIAG_ALWAYS;
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == 1393);
	ck_assert(oracle_path_cost(g, rules, 0, 0, 1, 1, diag, 2, NULL, 0) ==
	    1393);
	rules.movement = PATH_MOVE_8_CHEBYSHEV;
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == 985);
	rules.movement = PATH_MOVE_4;
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == PATH_COST_NONE);
	path_grid_free(g);

	g = parse_text("weights", "..#\n.9.\n");
	rules.movement = PATH_MOVE_8_OCTILE;
	rules.diagonal = PATH_DIAG_ONE_SIDE;
	ck_assert(oracle_cost(g, rules, 0, 0, 2, 1) == 985 + 1393);
	ck_assert(oracle_cost(g, rules, 2, 1, 0, 0) == 985 + 1393);
	/* Entering the 9 straight on is cheaper than diagonally. */
	ck_assert(oracle_cost(g, rules, 0, 0, 1, 1) == 985 + 9 * 985);
	ck_assert(oracle_path_cost(g, rules, 0, 0, 2, 0, jump, 2, NULL, 0) ==
	    -1);
	path_grid_free(g);
}
END_TEST

/* Builds the A* suite. */
/*
 * Costs past 32 bits: a serpentine of cost-254 cells about 20,000 steps
 * long costs some 5e9 fixed-point units, so the search must notice its
 * narrow g overflowing and start over wide.  The cost must match a
 * Dijkstra field (64-bit throughout) and the path's own steps, and the
 * next, ordinary search on the same workspace must be exact again.
 */
START_TEST(test_astar_wide_costs)
{
	const int		 w = 200, h = 199;
	struct path_grid	*g = path_grid_new(w, h, 254, 64);
	struct path_astar	*ws = path_astar_new(w, h);
	struct path_field	*f = path_field_new(w, h);
	struct path_rules	 r = { PATH_MOVE_4, PATH_DIAG_NEVER,
				   PATH_H_DEFAULT };
	struct path_point	*path;
	path_cost		 cost, want;
	size_t			 n;
	int			 x, y;

	for (y = 1; y < h; y += 2) {
		for (x = 0; x < w; x++)
			path_grid_set(g, x, y, 0);
		path_grid_set(g, (y / 2) % 2 ? 0 : w - 1, y, 254);
	}
	cost = path_astar_search(ws, g, r, 0, 0, w - 1, h - 1, NULL);
	path_field_compute(f, g, r, 0, 0, PATH_FIELD_FROM_SOURCE, NULL);
	want = path_field_get(f, w - 1, h - 1);
	ck_assert_msg(want > (path_cost)UINT32_MAX, "the maze is too cheap "
	    "to test wide costs: %lld", (long long)want);
	ck_assert_msg(cost == want, "wide A* cost %lld, Dijkstra %lld",
	    (long long)cost, (long long)want);
	n = path_astar_path(ws, NULL, 0);
	path = calloc(n, sizeof *path);
	ck_assert(path != NULL);
	path_astar_path(ws, path, n);
	ck_assert_msg(oracle_path_cost(g, r, 0, 0, w - 1, h - 1, path, n,
	    NULL, 0) == cost, "the wide path does not add up to its cost");
	free(path);
	/* Back to an ordinary search on the same workspace. */
	path_grid_set(g, 1, 0, 1);
	cost = path_astar_search(ws, g, r, 0, 0, 3, 0, NULL);
	ck_assert_msg(cost == 985 + 2 * 254 * 985, "narrow search after a "
	    "wide one: %lld", (long long)cost);
	path_field_free(f);
	path_astar_free(ws);
	path_grid_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("astar");
	TCase	*tc;

	tc = tcase_create("property");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_astar_property, 0,
	    (int)test_scaled(PROPERTY_CHUNKS));
	tcase_add_loop_test(tc, test_astar_large, 0, 16);
	suite_add_tcase(s, tc);

	tc = tcase_create("examples");
	tcase_add_test(tc, test_astar_tutorial);
	tcase_add_test(tc, test_astar_second_example);
	tcase_add_test(tc, test_oracle_self);
	suite_add_tcase(s, tc);

	tc = tcase_create("search");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_astar_tie_breaking, 0, 2);
	tcase_add_test(tc, test_astar_stats);
	tcase_add_test(tc, test_astar_path_buffer);
	tcase_add_test(tc, test_astar_cell_states);
	tcase_add_test(tc, test_astar_trace);
	tcase_add_test(tc, test_astar_reuse);
	tcase_add_test(tc, test_astar_changed_grid);
	tcase_add_test(tc, test_astar_text_grids);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_test(tc, test_rules_admissible);
	tcase_add_test(tc, test_heuristic_bounds);
	tcase_add_test(tc, test_heuristic_values);
	tcase_add_test(tc, test_rules_steps);
	tcase_add_test(tc, test_rules_names);
	tcase_add_test(tc, test_astar_wide_costs);
	suite_add_tcase(s, tc);
	return (s);
}
