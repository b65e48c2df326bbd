/*
 * check_flank.c: the flanking step rule against the oracle and its own
 * written specification (flank.h).
 *
 * Each case is a random grid, rules, target, range and set of occupied
 * cells; every open cell in turn is a hunter, with a planned step that
 * is a cheapest one by the oracle, a random neighbour, or none, and a
 * covered mask that is random or path_flank_covered()'s.  What the rule
 * returns is then judged from oracle costs alone: out of range the
 * planned step stands (or the hunter waits); in range the step is free,
 * legal, loses at most one step against the best (a diagonal one where
 * diagonals cost more), lies as near the goal side as any such step, is
 * the cheapest of those, and is the planned one whenever that ties.  One workspace serves
 * a whole case while the grid changes and the target moves under it, so
 * a field kept past either would show.  The sides and the covered mask
 * are computed here again from the header's words.  A last test shows
 * what the rule is for: a pack in an open room surrounds a still target
 * that the same pack without the rule only queues up to.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flank.h"
#include "oracle.h"
#include "testutil.h"

#define FLANK_CHUNKS	40
#define FLANK_CASES	50	/* grids per chunk */
#define FLANK_MAX_SIDE	14

/* One case: a grid, rules, target, range and occupied cells. */
struct flank_case {
	uint64_t		 seed;
	struct path_grid	*grid;
	int			 width;
	int			 height;
	struct path_rules	 rules;
	int			 tx;
	int			 ty;
	int			 range;
	uint8_t			*occupied;
	path_cost		*cost;		/* oracle, to the target */
	char			 what[192];
};

/* Reports a failure, printing the grid first. */
static void __attribute__((format(printf, 2, 3), noreturn))
flank_fail(const struct flank_case *fc, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	test_grid_vfail(fc->grid, fc->what, fmt, ap);
}

/* The occupancy callback the rule is given. */
static int
flank_occupied(void *arg, int x, int y)
{
	const struct flank_case	*fc = arg;

	if (x < 0 || y < 0 || x >= fc->width || y >= fc->height)
		return (0);
	return (fc->occupied[y * fc->width + x]);
}

/* The side of the target a cell lies on, from flank.h's words. */
static int
spec_side(int range, int tx, int ty, int x, int y)
{
	int	dx = x - tx, dy = y - ty;
	int	ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;

	if ((dx == 0 && dy == 0) || ax > range || ay > range)
		return (-1);
	if (ax > 2 * ay)
		return (dx > 0 ? 2 : 6);	/* east, west */
	if (ay > 2 * ax)
		return (dy < 0 ? 0 : 4);	/* north, south */
	if (dx > 0)
		return (dy < 0 ? 1 : 3);	/* north-east, south-east */
	return (dy > 0 ? 5 : 7);		/* south-west, north-west */
}

/* The covered mask for a hunter at (x,y), from flank.h's words. */
static unsigned
spec_covered(const struct flank_case *fc, int x, int y)
{
	unsigned	mask = 0;
	long		mine, theirs;
	int		cx, cy, s;

	/* Chebyshev, then Manhattan, then row, then column, as one key. */
#define FLANK_KEY(px, py) (((long)(abs((px) - fc->tx) > abs((py) - fc->ty) ? \
	abs((px) - fc->tx) : abs((py) - fc->ty)) * 1000 + \
	abs((px) - fc->tx) + abs((py) - fc->ty)) * 1000000 + (long)(py) * \
	1000 + (px))
	mine = FLANK_KEY(x, y);
	for (cy = 0; cy < fc->height; cy++) {
		for (cx = 0; cx < fc->width; cx++) {
			if (!fc->occupied[cy * fc->width + cx] ||
			    (cx == x && cy == y))
				continue;
			theirs = FLANK_KEY(cx, cy);
			s = spec_side(fc->range, fc->tx, fc->ty, cx, cy);
			if (theirs < mine && s >= 0)
				mask |= 1u << s;
		}
	}
#undef FLANK_KEY
	return (mask);
}

/* The goal side for a hunter on side own, from flank.h's words. */
static int
spec_goal(int own, unsigned covered)
{
	int	best = -1, bd = 99, s, d;

	for (s = 0; s < 8; s++) {
		if (covered & 1u << s)
			continue;
		d = (s - own + 8) % 8;		/* clockwise distance */
		if (d > 4)
			d = 8 - d;
		/* nearer wins; of two as near, the clockwise one */
		if (d < bd || (d == bd && (s - own + 8) % 8 == d)) {
			best = s;
			bd = d;
		}
	}
	return (best);
}

/* How far apart two sides are around the target. */
static int
spec_apart(int a, int b)
{
	int	d = (a - b + 8) % 8;

	return (d > 4 ? 8 - d : d);
}

/* Fills the oracle's costs to the current target. */
static void
flank_costs(struct flank_case *fc)
{
	oracle_costs_to(fc->grid, fc->rules, fc->tx, fc->ty, fc->cost);
}

/* Moves the target to a random open cell (or keeps it). */
static void
flank_pick_target(struct flank_case *fc, struct oracle_rng *rng)
{
	int	tries;

	for (tries = 0; tries < 64; tries++) {
		fc->tx = oracle_rng_below(rng, fc->width);
		fc->ty = oracle_rng_below(rng, fc->height);
		if (path_grid_get(fc->grid, fc->tx, fc->ty) != 0)
			break;
	}
	flank_costs(fc);
}

/* Builds case k. */
static void
flank_case_make(struct flank_case *fc, uint64_t k, struct oracle_rng *rng)
{
	static const int	 weights[] = { 1, 1, 3, 254 };
	enum oracle_terrain	 terrain;
	int			 max_cost, i, n;
	char			 rules[64];

	memset(fc, 0, sizeof *fc);
	fc->seed = test_seed_base() * 104729 + k;
	oracle_rng_seed(rng, fc->seed);
	fc->rules.movement = (enum path_movement)(k % 16 / TEST_DIAGONALS);
	fc->rules.diagonal = (enum path_diagonal)(k % TEST_DIAGONALS);
	fc->rules.heuristic = PATH_H_DEFAULT;
	max_cost = weights[k / 16 % 4];
	terrain = (enum oracle_terrain)(k / 64 % ORACLE_TERRAIN_COUNT);
	oracle_random_size(rng, FLANK_MAX_SIDE, &fc->width, &fc->height);
	fc->grid = oracle_grid_make(rng, terrain, fc->width, fc->height,
	    max_cost);
	fc->range = oracle_rng_range(rng, 1, 8);
	n = fc->width * fc->height;
	fc->occupied = calloc((size_t)n, 1);
	fc->cost = calloc((size_t)n, sizeof *fc->cost);
	ck_assert(fc->occupied != NULL && fc->cost != NULL);
	for (i = 0; i < n; i++)
		fc->occupied[i] = oracle_rng_below(rng, 100) < 20;
	flank_pick_target(fc, rng);
	snprintf(fc->what, sizeof fc->what, "seed %llu (case %llu) %dx%d %s "
	    "costs 1..%d rules %s range %d",
	    (unsigned long long)fc->seed, (unsigned long long)k, fc->width,
	    fc->height, oracle_terrain_name(terrain), max_cost,
	    test_rules_text(fc->rules, rules, sizeof rules), fc->range);
}

static void
flank_case_free(struct flank_case *fc)
{
	path_grid_free(fc->grid);
	free(fc->occupied);
	free(fc->cost);
}

/* A cheapest step from (x,y) by the oracle, or none (*px = -1). */
static void
flank_oracle_step(const struct flank_case *fc, int x, int y, int *px,
    int *py)
{
	path_cost	best = PATH_COST_NONE, step, d;
	int		dx, dy;

	*px = *py = -1;
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			step = oracle_step(fc->grid, fc->rules, x, y, dx, dy);
			if (step < 0)
				continue;
			d = fc->cost[(y + dy) * fc->width + x + dx];
			if (d != PATH_COST_NONE && step + d < best) {
				best = step + d;
				*px = x + dx;
				*py = y + dy;
			}
		}
	}
}

/* Judges one decision of the rule for a hunter at (x,y). */
static void
flank_judge(const struct flank_case *fc, int x, int y, int px, int py,
    unsigned covered, enum path_flank_choice got, int nx, int ny)
{
	path_cost	dm = fc->cost[y * fc->width + x], step, d, sc;
	path_cost	best_sc[5] = { PATH_COST_NONE, PATH_COST_NONE,
			    PATH_COST_NONE, PATH_COST_NONE, PATH_COST_NONE };
	path_cost	got_sc = PATH_COST_NONE, planned_sc = PATH_COST_NONE;
	int		planned_free, dx, dy, cx, cy, rank, got_rank = -1;
	int		planned_rank = -1, any[5] = { 0, 0, 0, 0, 0 };
	int		want_rank, goal;
	path_cost	slack = fc->rules.movement == PATH_MOVE_8_OCTILE ||
			    fc->rules.movement == PATH_MOVE_8_EUCLID ?
			    PATH_COST_DIAG : PATH_COST_ORTHO;

	planned_free = px >= 0 && ((px == fc->tx && py == fc->ty) ||
	    !fc->occupied[py * fc->width + px]);
	if (px == fc->tx && py == fc->ty) {
		if (got != PATH_FLANK_PLANNED || nx != px || ny != py)
			flank_fail(fc, "hunter (%d,%d) next to the target at "
			    "(%d,%d) did not keep its attack (got %d to "
			    "(%d,%d))", x, y, px, py, got, nx, ny);
		return;
	}
	if (dm == PATH_COST_NONE ||
	    dm > (path_cost)fc->range * PATH_COST_ORTHO) {
		if (planned_free ? got != PATH_FLANK_PLANNED || nx != px ||
		    ny != py : got != PATH_FLANK_WAIT)
			flank_fail(fc, "hunter (%d,%d) out of range (cost "
			    "%lld) planned (%d,%d) free %d: got %d to (%d,%d)",
			    x, y, (long long)dm, px, py, planned_free, got,
			    nx, ny);
		return;
	}
	goal = spec_goal(spec_side(fc->range, fc->tx, fc->ty, x, y), covered);
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			step = oracle_step(fc->grid, fc->rules, x, y, dx, dy);
			cx = x + dx;
			cy = y + dy;
			if (step < 0 || (cx == fc->tx && cy == fc->ty) ||
			    fc->occupied[cy * fc->width + cx])
				continue;
			d = fc->cost[cy * fc->width + cx];
			if (d == PATH_COST_NONE || (sc = step + d) > dm +
			    slack)
				continue;
			rank = spec_side(fc->range, fc->tx, fc->ty, cx, cy);
			if (rank < 0)
				flank_fail(fc, "hunter (%d,%d): candidate "
				    "(%d,%d) has no side", x, y, cx, cy);
			rank = goal < 0 ? 0 : spec_apart(rank, goal);
			any[rank] = 1;
			if (sc < best_sc[rank])
				best_sc[rank] = sc;
			if (cx == nx && cy == ny) {
				got_rank = rank;
				got_sc = sc;
			}
			if (cx == px && cy == py) {
				planned_rank = rank;
				planned_sc = sc;
			}
		}
	}
	for (want_rank = 0; want_rank < 5 && !any[want_rank]; want_rank++)
		continue;
	if (want_rank == 5) {
		if (got != PATH_FLANK_WAIT)
			flank_fail(fc, "hunter (%d,%d) has no step within one "
			    "of the best but got %d to (%d,%d)", x, y, got, nx,
			    ny);
		return;
	}
	if (got == PATH_FLANK_WAIT || got_rank < 0)
		flank_fail(fc, "hunter (%d,%d) at %lld: got %d to (%d,%d), "
		    "not a free step within one of the best", x, y,
		    (long long)dm, got, nx, ny);
	if (got_rank != want_rank)
		flank_fail(fc, "hunter (%d,%d) covered 0x%02x goal side %d: "
		    "stepped to (%d,%d), %d sides from it, though a step %d "
		    "sides from it was free", x, y, covered, goal, nx, ny,
		    got_rank, want_rank);
	if (got_sc != best_sc[want_rank])
		flank_fail(fc, "hunter (%d,%d): step to (%d,%d) costs %lld, "
		    "the best of its kind %lld", x, y, nx, ny,
		    (long long)got_sc, (long long)best_sc[want_rank]);
	if (planned_rank == want_rank && planned_sc == got_sc &&
	    (nx != px || ny != py))
		flank_fail(fc, "hunter (%d,%d): the planned (%d,%d) ties with "
		    "(%d,%d) but was not kept", x, y, px, py, nx, ny);
	if ((nx == px && ny == py) != (got == PATH_FLANK_PLANNED) ||
	    (got != PATH_FLANK_PLANNED && got != (planned_free ?
	    PATH_FLANK_SIDE : PATH_FLANK_AROUND)))
		flank_fail(fc, "hunter (%d,%d) planned (%d,%d) free %d: "
		    "choice %d for (%d,%d) names the wrong reason", x, y, px,
		    py, planned_free, got, nx, ny);
}

/*
 * Every open cell of random cases as a hunter, judged by the oracle,
 * with the grid changing and the target moving under one workspace.
 */
START_TEST(test_flank_oracle)
{
	struct flank_case	 fc;
	struct oracle_rng	 rng;
	struct path_flank	*fl;
	enum path_flank_choice	 got;
	uint64_t		 k;
	unsigned		 covered;
	int			 x, y, px, py, nx, ny, roll, cx, cy;
	long			 judged = 0, sides = 0, arounds = 0;

	for (k = 0; k < FLANK_CASES; k++) {
		flank_case_make(&fc, (uint64_t)_i * FLANK_CASES + k, &rng);
		fl = path_flank_new(fc.grid, fc.rules, fc.range);
		for (y = 0; y < fc.height; y++) {
			for (x = 0; x < fc.width; x++) {
				if (path_grid_get(fc.grid, x, y) == 0 ||
				    (x == fc.tx && y == fc.ty))
					continue;
				roll = oracle_rng_below(&rng, 20);
				if (roll == 0) {
					/* A tile changes under the field. */
					cx = oracle_rng_below(&rng, fc.width);
					cy = oracle_rng_below(&rng, fc.height);
					if ((cx != x || cy != y) && (cx != fc.tx ||
					    cy != fc.ty))
						path_grid_set(fc.grid, cx, cy,
						    path_grid_get(fc.grid, cx,
						    cy) ? 0 : (unsigned)
						    oracle_rng_range(&rng, 1,
						    3));
					flank_costs(&fc);
				} else if (roll == 1) {
					flank_pick_target(&fc, &rng);
					if (x == fc.tx && y == fc.ty)
						continue;
				}
				roll = oracle_rng_below(&rng, 8);
				if (roll < 5)
					flank_oracle_step(&fc, x, y, &px, &py);
				else if (roll < 7) {
					px = x + oracle_rng_range(&rng, -1, 1);
					py = y + oracle_rng_range(&rng, -1, 1);
					if (px < 0 || py < 0 || px >= fc.width ||
					    py >= fc.height)
						px = py = -1;
				} else
					px = py = -1;
				roll = oracle_rng_below(&rng, 3);
				if (roll == 0)
					covered = (unsigned)oracle_rng_below(
					    &rng, 256);
				else if (roll == 1)
					covered = PATH_FLANK_AUTO;
				else {
					covered = path_flank_covered(fl, fc.tx,
					    fc.ty, x, y, flank_occupied, &fc);
					if (covered != spec_covered(&fc, x, y))
						flank_fail(&fc, "covered for "
						    "(%d,%d): 0x%02x, by the "
						    "words 0x%02x", x, y,
						    covered,
						    spec_covered(&fc, x, y));
				}
				nx = ny = -99;
				got = path_flank_step(fl, fc.tx, fc.ty, x, y,
				    px, py, flank_occupied, &fc, covered, &nx,
				    &ny, NULL);
				if (covered == PATH_FLANK_AUTO)
					covered = spec_covered(&fc, x, y);
				flank_judge(&fc, x, y, px, py, covered, got,
				    nx, ny);
				judged++;
				sides += got == PATH_FLANK_SIDE;
				arounds += got == PATH_FLANK_AROUND;
			}
		}
		path_flank_free(fl);
		flank_case_free(&fc);
	}
	/* The cases must reach every kind of choice to mean anything. */
	ck_assert_msg(judged > 500 && sides >= 5 && arounds >= 5,
	    "%ld decisions, %ld to a side, %ld around: too few", judged,
	    sides, arounds);
}
END_TEST

/* What a pack in an open room does with and without the rule. */
struct pack {
	struct flank_case	 fc;
	int			 x[6];
	int			 y[6];
};

/* Runs a pack of six for 30 rounds; returns the sides held next to it. */
static int
flank_pack_sides(int use_rule)
{
	struct pack		 pk;
	struct oracle_rng	 rng;
	struct path_flank	*fl;
	unsigned		 held = 0, covered;
	int			 i, r, px, py, nx, ny, w = 21, h = 15, s;

	memset(&pk, 0, sizeof pk);
	oracle_rng_seed(&rng, 1);
	pk.fc.width = w;
	pk.fc.height = h;
	pk.fc.grid = oracle_grid_open(&rng, w, h, 1);
	pk.fc.rules = path_rules_movingai();
	pk.fc.range = 8;
	pk.fc.tx = 6;
	pk.fc.ty = 7;
	pk.fc.occupied = calloc((size_t)w * h, 1);
	pk.fc.cost = calloc((size_t)w * h, sizeof *pk.fc.cost);
	ck_assert(pk.fc.occupied != NULL && pk.fc.cost != NULL);
	flank_costs(&pk.fc);
	fl = path_flank_new(pk.fc.grid, pk.fc.rules, pk.fc.range);
	for (i = 0; i < 6; i++) {	/* a file of six coming from the east */
		pk.x[i] = 14 + i;
		pk.y[i] = 7;
		pk.fc.occupied[pk.y[i] * w + pk.x[i]] = 1;
	}
	for (r = 0; r < 30; r++) {
		for (i = 0; i < 6; i++) {
			flank_oracle_step(&pk.fc, pk.x[i], pk.y[i], &px, &py);
			if (px == pk.fc.tx && py == pk.fc.ty)
				continue;	/* attacks */
			if (use_rule) {
				covered = path_flank_covered(fl, pk.fc.tx,
				    pk.fc.ty, pk.x[i], pk.y[i], flank_occupied,
				    &pk.fc);
				if (path_flank_step(fl, pk.fc.tx, pk.fc.ty,
				    pk.x[i], pk.y[i], px, py, flank_occupied,
				    &pk.fc, covered, &nx, &ny, NULL) ==
				    PATH_FLANK_WAIT)
					continue;
			} else {
				if (pk.fc.occupied[py * w + px])
					continue;
				nx = px;
				ny = py;
			}
			pk.fc.occupied[pk.y[i] * w + pk.x[i]] = 0;
			pk.fc.occupied[ny * w + nx] = 1;
			pk.x[i] = nx;
			pk.y[i] = ny;
		}
	}
	for (i = 0; i < 6; i++) {
		if (getenv("FLANK_DEBUG"))
			fprintf(stderr, "rule %d hunter %d at (%d,%d)\n",
			    use_rule, i, pk.x[i], pk.y[i]);
		if (abs(pk.x[i] - pk.fc.tx) <= 1 &&
		    abs(pk.y[i] - pk.fc.ty) <= 1 &&
		    (s = spec_side(8, pk.fc.tx, pk.fc.ty, pk.x[i],
		    pk.y[i])) >= 0)
			held |= 1u << s;
	}
	path_flank_free(fl);
	flank_case_free(&pk.fc);
	return (__builtin_popcount(held));
}

/* The rule makes a file of hunters surround; without it they queue. */
START_TEST(test_flank_surrounds)
{
	int	with = flank_pack_sides(1), without = flank_pack_sides(0);

	ck_assert_msg(with >= 5, "with the rule the pack holds %d sides of "
	    "the target, want at least 5", with);
	ck_assert_msg(without < with, "without the rule %d sides, with it "
	    "%d: the rule does nothing", without, with);
}
END_TEST

/* A hunter on the target's own cell stays there, whatever it planned. */
START_TEST(test_flank_on_target)
{
	struct oracle_rng	 rng;
	struct flank_case	 fc;
	struct path_flank	*fl;
	int			 nx = -9, ny = -9;

	memset(&fc, 0, sizeof fc);
	oracle_rng_seed(&rng, 5);
	fc.width = fc.height = 9;
	fc.grid = oracle_grid_open(&rng, 9, 9, 1);
	fc.occupied = calloc(81, 1);
	ck_assert_ptr_nonnull(fc.occupied);
	fl = path_flank_new(fc.grid, path_rules_movingai(), 4);
	ck_assert_int_eq(path_flank_step(fl, 4, 4, 4, 4, -1, -1,
	    flank_occupied, &fc, PATH_FLANK_AUTO, &nx, &ny, NULL),
	    PATH_FLANK_WAIT);
	ck_assert_int_eq(path_flank_step(fl, 4, 4, 4, 4, 5, 4,
	    flank_occupied, &fc, 0, &nx, &ny, NULL), PATH_FLANK_WAIT);
	path_flank_free(fl);
	free(fc.occupied);
	path_grid_free(fc.grid);
}
END_TEST

/* Bad ranges are refused; memory is counted. */
START_TEST(test_flank_memory)
{
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_flank	*fl;

	oracle_rng_seed(&rng, 3);
	g = oracle_grid_open(&rng, 64, 64, 1);
	fl = path_flank_new(g, path_rules_movingai(), 4);
	ck_assert_uint_gt(path_flank_memory(fl), 0);
	ck_assert_int_eq(path_flank_side(fl, 10, 10, 10, 10), -1);
	ck_assert_int_eq(path_flank_side(fl, 10, 10, 15, 10), -1);
	ck_assert_int_eq(path_flank_side(fl, 10, 10, 14, 10), 2);
	ck_assert_int_eq(path_flank_side(fl, 10, 10, 10, 6), 0);
	ck_assert_int_eq(path_flank_side(fl, 10, 10, 8, 12), 5);
	path_flank_free(fl);
	path_grid_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("flank");
	TCase	*tc = tcase_create("flank");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_flank_oracle, 0,
	    (int)test_scaled(FLANK_CHUNKS));
	tcase_add_test(tc, test_flank_surrounds);
	tcase_add_test(tc, test_flank_memory);
	tcase_add_test(tc, test_flank_on_target);
	suite_add_tcase(s, tc);
	return (s);
}
