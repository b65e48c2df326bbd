/*
 * check_dlite.c: the paged records of dstar and mtdstar.
 *
 * check_planner.c holds every planner to the oracle on small grids; this
 * file tests what only shows at scale or over time: pages lent and taken
 * back by the context's pool and reused, compaction that keeps a long
 * chase's memory in step with what the planner still knows, maps large
 * or costly enough to need wide values (and a grid whose costs outgrow
 * the narrow ones mid-chase), renormalisation of the values that drift
 * over a long chase, saves that restore a search exactly, and the rules
 * of the band (dlite.h) in searches that raise records as well as lower
 * them.  Every chase checks each answer's cost against an independent
 * reference (the oracle on small grids, A* from scratch on large ones,
 * which check_astar holds to the oracle) and its path for legality.
 *
 * The program is built twice: as check_dlite, and as check_dlite_small
 * with the library compiled in with tiny renormalisation thresholds and
 * a narrow value limit of 2^24, so that renormalisation happens every
 * few steps and many grids run wide; the same assertions must hold.
 * This file looks inside the library (dlite.h, pagepool.h): the state of
 * a dstar or mtdstar planner begins with its struct dlite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "dlite.h"
#include "oracle.h"
#include "pagepool.h"
#include "planner-internal.h"
#include "planner.h"
#include "serial.h"
#include "testutil.h"

/*
 * The two longest chases, under valgrind most of this program's time,
 * play in stretches of turns, and a scaled run (ASTRAY_TEST_SCALE, see
 * testutil.h) plays the first stretches only: the big map's first
 * stretch holds a jump (turn 39), the band's first one hundreds of
 * raises, and every check of the whole chase is made on what was played.
 */
#define BIG_MAP_STRETCHES	3
#define BIG_MAP_STRETCH		40	/* turns */
#define BAND_STRETCHES		8
#define BAND_STRETCH		50	/* turns */

/* Whether this build renormalises every few steps. */
#define SMALL_LIMITS	(DLITE_RENORM_AT < INT64_C(1000000))

static const enum path_planner_kind dkinds[2] = {
	PATH_PLANNER_DSTAR, PATH_PLANNER_MTDSTAR
};

/* The search records of a dstar or mtdstar planner. */
static const struct dlite *
records_of(const struct path_planner *p)
{
	return ((const struct dlite *)p->state);
}

static struct path_rules
octile(void)
{
	struct path_rules	r;

	memset(&r, 0, sizeof r);
	r.movement = PATH_MOVE_8_OCTILE;
	r.diagonal = PATH_DIAG_NO_CORNER_CUT;
	r.heuristic = PATH_H_DEFAULT;
	return (r);
}

/*
 * Plans and checks the answer: the status and cost must be what the
 * reference says (want, PATH_COST_NONE for no path) and the path a legal
 * one of that cost.  Returns the call's statistics.
 */
static struct path_plan_stats
plan_checked(struct path_planner *p, const struct path_grid *g,
    struct path_rules rules, int hx, int hy, int tx, int ty, path_cost want,
    const char *what, int turn)
{
	struct path_plan_stats	 st;
	enum path_plan_status	 status;
	struct path_point	*path;
	size_t			 n;
	path_cost		 got;
	char			 why[128];

	path_planner_set_hunter(p, hx, hy);
	path_planner_set_target(p, tx, ty);
	status = path_planner_plan(p, 0, &st);
	if (want == PATH_COST_NONE) {
		ck_assert_msg(status == PATH_PLAN_NONE, "%s: turn %d: %s found "
		    "a path where there is none", what, turn,
		    path_planner_name(path_planner_kind(p)));
		return (st);
	}
	ck_assert_msg(status == PATH_PLAN_FOUND, "%s: turn %d: %s: status %d, "
	    "want a path of cost %lld", what, turn,
	    path_planner_name(path_planner_kind(p)), (int)status,
	    (long long)want);
	ck_assert_msg(path_planner_cost(p) == want, "%s: turn %d: %s: cost "
	    "%lld, want %lld (%d,%d -> %d,%d)", what, turn,
	    path_planner_name(path_planner_kind(p)),
	    (long long)path_planner_cost(p), (long long)want, hx, hy, tx, ty);
	n = path_planner_path(p, NULL, 0);
	path = calloc(n, sizeof *path);
	ck_assert(path != NULL);
	path_planner_path(p, path, n);
	got = oracle_path_cost(g, rules, hx, hy, tx, ty, path, n, why,
	    sizeof why);
	ck_assert_msg(got == want, "%s: turn %d: %s: path costs %lld (%s)",
	    what, turn, path_planner_name(path_planner_kind(p)),
	    (long long)got, got < 0 ? why : "legal");
	free(path);
	return (st);
}

/* A random open neighbour of (x,y), or (x,y) itself. */
static void
wander(struct oracle_rng *rng, const struct path_grid *g, int *x, int *y)
{
	int	i, nx, ny;

	for (i = 0; i < 8; i++) {
		nx = *x + oracle_rng_range(rng, -1, 1);
		ny = *y + oracle_rng_range(rng, -1, 1);
		if (path_grid_get(g, nx, ny) != 0) {
			*x = nx;
			*y = ny;
			return;
		}
	}
}

/* The hunter's next step from the planner, if it has one. */
static void
follow(const struct path_planner *p, int *hx, int *hy)
{
	int	nx, ny;

	if (path_planner_next(p, &nx, &ny) == 0) {
		*hx = nx;
		*hy = ny;
	}
}

/* ---------------------------------------------------------------------
 * The pool.
 */

/*
 * The pool lends the lowest free page, takes pages back in any order,
 * lends given-back pages again before new ones, and frees a slab once
 * nothing in it is lent, keeping one spare.
 */
START_TEST(test_dlite_pool)
{
	struct page_pool	*pp = page_pool_new();
	const size_t		 slab = PAGE_SLAB * sizeof (struct cell_page);
	uint32_t		 got[3 * PAGE_SLAB], i, n = 3 * PAGE_SLAB;
	size_t			 idle;

	idle = page_pool_memory(pp);
	for (i = 0; i < n; i++) {
		got[i] = page_pool_take(pp);
		ck_assert_uint_eq(got[i], i + 1);
		/* A page is usable memory of its own. */
		memset(page_pool_page(pp, got[i])->v, (int)(i & 0xff),
		    sizeof page_pool_page(pp, got[i])->v);
	}
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(page_pool_page(pp, got[i])->v[PAGE_CELLS -
		    1].rhs & 0xff, i & 0xff);
	/* All lent: the pool itself holds only its tables (a pointer and a
	 * bit per page number, a few words per slab). */
	ck_assert_uint_lt(page_pool_memory(pp), idle + 10 * n + 256);
	page_pool_give(pp, 70);
	page_pool_give(pp, 10);
	page_pool_give(pp, 150);
	ck_assert_uint_eq(page_pool_take(pp), 10);
	ck_assert_uint_eq(page_pool_take(pp), 70);
	ck_assert_uint_eq(page_pool_take(pp), 150);
	/* Give everything back, from the top: two slabs go, one stays. */
	for (i = n; i-- > 0;)
		page_pool_give(pp, got[i]);
	ck_assert_uint_ge(page_pool_memory(pp), slab);
	ck_assert_uint_lt(page_pool_memory(pp), idle + slab + 10 * n + 256);
	ck_assert_uint_eq(page_pool_take(pp), 1);
	page_pool_free(pp);
}
END_TEST

/* ---------------------------------------------------------------------
 * Chases at scale.
 */

/*
 * Long pursuits on a 600x600 weighted map with doors (narrow values in
 * the normal build), for both planners,
 * checked against A* from scratch every turn; then the planners are
 * freed and every page they held is back in the context's pool, which
 * keeps at most one spare slab of them.
 */
START_TEST(test_dlite_big_map)
{
	const int		 side = 600;
	const size_t		 slab = PAGE_SLAB * sizeof (struct cell_page);
	struct path_rules	 rules = octile();
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_astar	*ref;
	struct path_planner	*p[2];
	path_cost		 want;
	size_t			 base, peak = 0, mem, tiles;
	int			 hx[2], hy[2], tx, ty, turn, turns, k, x, y;

	turns = BIG_MAP_STRETCH * (int)test_scaled(BIG_MAP_STRETCHES);
	oracle_rng_seed(&rng, test_seed_base() * 101 + 7);
	g = oracle_grid_scatter(&rng, side, side, 20, 3);
	ctx = path_context_new(g, rules);
	ref = path_astar_new(side, side);
	base = path_context_memory(ctx);
	for (k = 0; k < 2; k++) {
		p[k] = path_planner_new(dkinds[k], ctx);
		hx[k] = 100;
		hy[k] = 100;
		path_grid_set(g, 100, 100, 1);
	}
	tx = 400;
	ty = 380;
	path_grid_set(g, tx, ty, 1);
	for (turn = 0; turn < turns; turn++) {
		wander(&rng, g, &tx, &ty);
		if (turn % 40 == 39) {
			/* A jump the searches cannot follow by repair. */
			do {
				tx = oracle_rng_below(&rng, side);
				ty = oracle_rng_below(&rng, side);
			} while (path_grid_get(g, tx, ty) == 0);
		}
		/* Doors: a few cells change every turn. */
		for (k = 0; k < 4; k++) {
			x = oracle_rng_below(&rng, side);
			y = oracle_rng_below(&rng, side);
			if ((x != tx || y != ty) && (x != hx[0] || y != hy[0]) &&
			    (x != hx[1] || y != hy[1]))
				path_grid_set(g, x, y, path_grid_get(g, x, y) ?
				    0 : (uint8_t)oracle_rng_range(&rng, 1, 3));
		}
		for (k = 0; k < 2; k++) {
			want = path_astar_search(ref, g, rules, hx[k], hy[k],
			    tx, ty, NULL);
			plan_checked(p[k], g, rules, hx[k], hy[k], tx, ty, want,
			    "big map", turn);
			follow(p[k], &hx[k], &hy[k]);
		}
		mem = path_context_memory(ctx) + path_planner_memory(p[0]) +
		    path_planner_memory(p[1]);
		if (mem > peak)
			peak = mem;
	}
	/*
	 * However far the searches went, no planner holds more than a page
	 * (and its values out of line, if wide) per tile, and the pool no
	 * more than a spare slab.
	 */
	tiles = (size_t)((side + 2 + PAGE_SIDE - 1) / PAGE_SIDE) *
	    (size_t)((side + 2 + PAGE_SIDE - 1) / PAGE_SIDE);
	ck_assert_msg(peak <= 2 * tiles * (sizeof (struct cell_page) + 4 +
	    (records_of(p[0])->wide ? PAGE_CELLS * sizeof (struct cell_wide) :
	    0)) + slab + 65536, "peak %zu bytes "
	    "for %zu tiles", peak, tiles);
	for (k = 0; k < 2; k++)
		path_planner_free(p[k]);
	mem = path_context_memory(ctx);
	ck_assert_msg(mem <= base + slab + peak / 50, "the pool keeps %zu bytes "
	    "after its planners are gone (%zu before any)", mem, base);
	path_astar_free(ref);
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/*
 * A ring corridor round a solid block: the target runs laps and the
 * hunters follow, so the hunters travel far while what they need to
 * know stays small.  A door across the corridor shuts and opens.
 */
static struct path_grid *
ring_grid(int side, int width)
{
	struct path_grid	*g = path_grid_new(side, side, 1,
				    PATH_GRID_LOG_DEFAULT);
	int			 x, y;

	for (y = width; y < side - width; y++)
		for (x = width; x < side - width; x++)
			path_grid_set(g, x, y, 0);
	return (g);
}

/* The next cell of a lap round the ring's middle line, clockwise. */
static void
ring_step(int side, int width, int *x, int *y)
{
	int	lo = width / 2, hi = side - 1 - width / 2;

	if (*y == lo && *x < hi)
		(*x)++;
	else if (*x == hi && *y < hi)
		(*y)++;
	else if (*y == hi && *x > lo)
		(*x)--;
	else
		(*y)--;
}

/*
 * Laps of the ring: exact against the oracle every turn, with drifting
 * values renormalised (every few steps in the small build, never in the
 * normal one, where the travelled cost stays far below the threshold),
 * and mtdstar's memory must not grow with the distance travelled:
 * compaction gives back the pages of the way behind.
 */
START_TEST(test_dlite_laps)
{
	const int		 side = 64, width = 4;
	struct path_rules	 rules = octile();
	struct path_grid	*g = ring_grid(side, width);
	struct path_context	*ctx = path_context_new(g, rules);
	struct path_planner	*p[2];
	const struct dlite	*d;
	struct oracle_rng	 rng;
	path_cost		 want;
	size_t			 early = 0, late = 0;
	uint64_t		 shifts;
	int			 hx[2], hy[2], tx = width / 2 + 12,
				 ty = width / 2, turn, k, door = 0;

	for (k = 0; k < 2; k++) {
		p[k] = path_planner_new(dkinds[k], ctx);
		hx[k] = width / 2;
		hy[k] = width / 2;
	}
	for (turn = 0; turn < 1500; turn++) {
		ring_step(side, width, &tx, &ty);
		if (turn % 97 == 0) {
			/* A door across half the corridor on the far side. */
			door = !door;
			path_grid_set(g, side / 2, side - 1, door ? 0 : 1);
			path_grid_set(g, side / 2, side - 2, door ? 0 : 1);
		}
		for (k = 0; k < 2; k++) {
			want = oracle_cost(g, rules, hx[k], hy[k], tx, ty);
			plan_checked(p[k], g, rules, hx[k], hy[k], tx, ty, want,
			    "laps", turn);
			follow(p[k], &hx[k], &hy[k]);
		}
		if (turn == 300)
			early = path_planner_memory(p[1]);
		if (turn >= 1200 && path_planner_memory(p[1]) > late)
			late = path_planner_memory(p[1]);
	}
	/* Six laps later mtdstar holds no more than it did after one. */
	ck_assert_msg(late <= 2 * early + 2 * sizeof (struct cell_page),
	    "mtdstar grew from %zu to %zu bytes over laps of a ring", early,
	    late);
	/*
	 * Then the target parks and the dstar hunter wanders, so that km
	 * grows by every step (dstar starts over whenever the target moves,
	 * which resets it).
	 */
	oracle_rng_seed(&rng, test_seed_base() * 29 + 3);
	for (turn = 0; turn < 300; turn++) {
		want = oracle_cost(g, rules, hx[0], hy[0], tx, ty);
		plan_checked(p[0], g, rules, hx[0], hy[0], tx, ty, want,
		    "wander", turn);
		wander(&rng, g, &hx[0], &hy[0]);
	}
	for (k = 0; k < 2; k++) {
		d = records_of(p[k]);
		/* mtdstar's values drift; both planners' km does. */
		shifts = dkinds[k] == PATH_PLANNER_MTDSTAR ? d->renormalised :
		    11;
		if (SMALL_LIMITS)
			ck_assert_msg(shifts > 10 && d->km_folded > 10, "%s "
			    "renormalised %llu times, folded km %llu times, "
			    "with tiny thresholds",
			    path_planner_name(dkinds[k]),
			    (unsigned long long)d->renormalised,
			    (unsigned long long)d->km_folded);
		else
			ck_assert_msg(d->renormalised == 0 &&
			    d->km_folded == 0, "%s renormalised below the "
			    "threshold", path_planner_name(dkinds[k]));
		path_planner_free(p[k]);
	}
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/*
 * Wide values: on a 1000x1000 map with cells of cost 254 a path can cost
 * more than 32 bits hold, so the planners run wide, and stay exact; on a
 * cheap map they run narrow until one costly cell makes the grid's bound
 * outgrow narrow values, which must start the search over (and say so)
 * rather than overflow.
 */
START_TEST(test_dlite_wide)
{
	const int		 side = 1000;
	struct path_rules	 rules = octile();
	struct path_grid	*g = path_grid_new(side, side, 1,
				    PATH_GRID_LOG_DEFAULT);
	struct path_context	*ctx = path_context_new(g, rules);
	struct path_astar	*ref = path_astar_new(side, side);
	struct path_planner	*p[2];
	struct path_plan_stats	 st;
	int			 k, turn, wide_before, hx[2], hy[2], tx = 900,
				 ty = 880;

	for (k = 0; k < 2; k++) {
		p[k] = path_planner_new(dkinds[k], ctx);
		hx[k] = 850;
		hy[k] = 850;
	}
	for (turn = 0; turn < 12; turn++) {
		if (turn == 6) {
			/* Heavy ground between hunter and target. */
			path_grid_set(g, 870, 865, 254);
			path_grid_set(g, 871, 866, 254);
			path_grid_set(g, 872, 867, 254);
		}
		tx++;
		for (k = 0; k < 2; k++) {
			wide_before = records_of(p[k])->wide;
			st = plan_checked(p[k], g, rules, hx[k], hy[k], tx, ty,
			    path_astar_search(ref, g, rules, hx[k], hy[k], tx,
			    ty, NULL), "wide", turn);
			if (turn == 6 && !wide_before) {
				ck_assert_msg(st.restarted, "%s outgrew narrow "
				    "values without starting over",
				    path_planner_name(dkinds[k]));
				ck_assert(records_of(p[k])->wide);
			}
			if (turn == 6)
				ck_assert(records_of(p[k])->wide);
			follow(p[k], &hx[k], &hy[k]);
		}
	}
	for (k = 0; k < 2; k++)
		path_planner_free(p[k]);
	path_context_free(ctx);
	path_astar_free(ref);
	path_grid_free(g);
}
END_TEST

/* Saves a planner into a fresh buffer. */
static void
save_into(const struct path_planner *p, struct ser *s)
{
	ser_init(s);
	path_planner_save(p, s);
}

/*
 * A planner restored from a save mid-chase writes the same bytes and
 * then makes exactly the choices the saved one makes: the same costs,
 * paths and expansions every turn after, doors and all.
 */
START_TEST(test_dlite_save_restore)
{
	const int		 side = 96;
	struct path_rules	 rules = octile();
	struct oracle_rng	 rng;
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*p, *q;
	struct path_plan_stats	 sp, sq;
	struct path_point	 a[512], b[512];
	struct ser		 s1, s2;
	struct deser		 in;
	size_t			 na, nb;
	int			 k, turn, hx, hy, qx, qy, tx, ty, x, y;

	for (k = 0; k < 2; k++) {
		oracle_rng_seed(&rng, test_seed_base() * 131 + (uint64_t)k);
		g = oracle_grid_rooms(&rng, side, side, 3);
		ctx = path_context_new(g, rules);
		p = path_planner_new(dkinds[k], ctx);
		q = path_planner_new(dkinds[k], ctx);
		do {
			hx = oracle_rng_below(&rng, side);
			hy = oracle_rng_below(&rng, side);
		} while (path_grid_get(g, hx, hy) == 0);
		do {
			tx = oracle_rng_below(&rng, side);
			ty = oracle_rng_below(&rng, side);
		} while (path_grid_get(g, tx, ty) == 0);
		qx = qy = 0;
		for (turn = 0; turn < 60; turn++) {
			wander(&rng, g, &tx, &ty);
			x = oracle_rng_below(&rng, side);
			y = oracle_rng_below(&rng, side);
			if ((x != tx || y != ty) && (x != hx || y != hy) &&
			    (x != qx || y != qy))
				path_grid_set(g, x, y, path_grid_get(g, x, y) ?
				    0 : 1);
			if (turn == 25) {
				save_into(p, &s1);
				deser_init(&in, s1.buf, s1.len);
				ck_assert_msg(path_planner_load(q, &in) == 0,
				    "%s: load: %s", path_planner_name(dkinds[k]),
				    in.error);
				save_into(q, &s2);
				ck_assert_uint_eq(s1.len, s2.len);
				ck_assert(memcmp(s1.buf, s2.buf, s1.len) == 0);
				ser_free(&s1);
				ser_free(&s2);
				qx = hx;
				qy = hy;
			}
			path_planner_set_hunter(p, hx, hy);
			path_planner_set_target(p, tx, ty);
			path_planner_plan(p, 0, &sp);
			if (turn < 25)
				goto step;
			ck_assert(qx == hx && qy == hy);
			path_planner_set_hunter(q, qx, qy);
			path_planner_set_target(q, tx, ty);
			path_planner_plan(q, 0, &sq);
			ck_assert_msg(sp.expansions == sq.expansions, "%s: turn "
			    "%d: %llu expansions, restored %llu",
			    path_planner_name(dkinds[k]), turn,
			    (unsigned long long)sp.expansions,
			    (unsigned long long)sq.expansions);
			ck_assert(path_planner_cost(p) == path_planner_cost(q));
			na = path_planner_path(p, a, 512);
			nb = path_planner_path(q, b, 512);
			ck_assert_uint_eq(na, nb);
			ck_assert(memcmp(a, b, (na < 512 ? na : 512) *
			    sizeof a[0]) == 0);
			follow(q, &qx, &qy);
step:
			follow(p, &hx, &hy);
		}
		path_planner_free(p);
		path_planner_free(q);
		path_context_free(ctx);
		path_grid_free(g);
	}
}
END_TEST

/*
 * A save cut short anywhere in the search is refused, never half
 * trusted, and the planner that refused it still plans exactly.
 */
START_TEST(test_dlite_load_refuses)
{
	struct path_rules	 rules = octile();
	struct path_grid	*g = path_grid_new(40, 30, 1,
				    PATH_GRID_LOG_DEFAULT);
	struct path_context	*ctx = path_context_new(g, rules);
	struct path_planner	*p, *q;
	struct ser		 s;
	struct deser		 in;
	size_t			 cut;
	int			 k;

	for (k = 0; k < 2; k++) {
		p = path_planner_new(dkinds[k], ctx);
		path_planner_set_hunter(p, 2, 2);
		path_planner_set_target(p, 30, 20);
		path_planner_plan(p, 0, NULL);
		path_planner_set_target(p, 31, 20);
		path_planner_plan(p, 5, NULL);	/* leave a heap */
		save_into(p, &s);
		q = path_planner_new(dkinds[k], ctx);
		for (cut = s.len > 300 ? s.len - 300 : 0; cut < s.len; cut++) {
			deser_init(&in, s.buf, cut);
			ck_assert_msg(path_planner_load(q, &in) != 0, "%s: a "
			    "save cut to %zu of %zu bytes was accepted",
			    path_planner_name(dkinds[k]), cut, s.len);
		}
		plan_checked(q, g, rules, 2, 2, 31, 20, oracle_cost(g, rules,
		    2, 2, 31, 20), "after refusals", 0);
		path_planner_free(q);
		ser_free(&s);
		path_planner_free(p);
	}
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

/* ---------------------------------------------------------------------
 * The band.
 */

/* What a chase saw of the band through the context's trace. */
struct band_watch {
	const struct dlite	*d;		/* the planner's records */
	unsigned long		 opens;		/* pushes during a band */
	unsigned long		 taken;		/* expansions from the band */
	unsigned long		 raises;	/* underconsistent, in a band */
	const char		*bad;		/* the first broken rule */
};

/*
 * Checks the bucket queue of a fresh search or a band: every entry sits in
 * the slot of its first key, within the window from lo, and none is
 * underconsistent (tie 0), which must stay in the heap; the live count is
 * the entries' number.
 */
static const char *
band_check_queue(const struct dlite *d)
{
	const struct dlite_fresh	*fq = d->fq;
	uint32_t			 slot, i, n = 0;
	uint64_t			 k1;
	int				 bit;

	for (slot = 0; slot < fq->w; slot++) {
		bit = (int)(fq->bits[slot >> 6] >> (slot & 63) & 1);
		if (bit != (fq->head[slot] != DLITE_NONE))
			return ("a slot's bit disagrees with its head");
		for (i = fq->head[slot]; i != DLITE_NONE; i = fq->ent[i].next) {
			k1 = fq->ent[i].key >> 32;
			if ((uint32_t)fq->ent[i].key == 0)
				return ("an underconsistent entry queued");
			if (k1 < fq->lo || k1 - fq->lo >= fq->w)
				return ("an entry outside the window");
			if ((k1 & (fq->w - 1)) != slot)
				return ("an entry in another key's slot");
			if (++n > fq->live)
				break;
		}
	}
	return (n != fq->live ? "the live count is wrong" : NULL);
}

/* The trace of test_dlite_band: counts, and checks the queue. */
static void
band_trace(void *arg, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct band_watch	*w = arg;
	const struct dlite	*d = w->d;
	const char		*bad;
	uint32_t		 r;

	(void)g;
	(void)h;
	(void)px;
	(void)py;
	if (!d->band && !d->fresh)
		return;
	if (w->bad == NULL && (bad = band_check_queue(d)) != NULL)
		w->bad = bad;
	if (!d->band)
		return;
	if (ev == PATH_TRACE_OPEN)
		w->opens++;
	if (ev != PATH_TRACE_EXPAND)
		return;
	if (d->band_top)
		w->taken++;
	/* Traced before the planner changes the record. */
	r = dlite_find(d, x + 1, y + 1);
	if (r != DLITE_NONE && dlite_g(d, r) < dlite_rhs(d, r))
		w->raises++;
}

/*
 * Puts the target somewhere the hunter can reach, at least 24 steps
 * away if such a place turns up soon: a chase, not a wait.
 */
static void
far_target(struct oracle_rng *rng, const struct path_grid *g,
    struct path_rules rules, int hx, int hy, int *tx, int *ty)
{
	path_cost	c;
	int		tries;

	for (tries = 0; tries < 200; tries++) {
		*tx = oracle_rng_below(rng, path_grid_width(g));
		*ty = oracle_rng_below(rng, path_grid_height(g));
		if (path_grid_get(g, *tx, *ty) == 0)
			continue;
		c = oracle_cost(g, rules, hx, hy, *tx, *ty);
		if (c != PATH_COST_NONE && c >= 24 * PATH_COST_ORTHO)
			return;
	}
	*tx = hx;
	*ty = hy;
}

/*
 * A chase whose doors close across the planner's path, so that searches
 * going on from the last one (the band beside the heap) raise records as
 * well as lower them: every answer is exact, the band is used (pushes,
 * expansions taken from it, raises while it holds entries), and its queue
 * keeps its rules at every push and expansion.  A second planner on a
 * context without a trace (whose pushes take dlite_enqueue's inline way)
 * must expand and answer exactly as the traced one.
 */
START_TEST(test_dlite_band)
{
	const int		 side = 64;
	struct path_rules	 rules = octile();
	struct oracle_rng	 rng;
	struct band_watch	 w;
	struct path_grid	*g;
	struct path_context	*ctx, *quiet;
	struct path_planner	*p, *q;
	struct path_plan_stats	 sp, sq;
	struct path_point	 path[512], qpath[512];
	int			 doors[8][2], ndoors, i, k, turn, turns, hx,
				 hy, tx, ty;
	path_cost		 want;
	size_t			 n;

	turns = BAND_STRETCH * (int)test_scaled(BAND_STRETCHES);
	for (k = 0; k < 2; k++) {
		oracle_rng_seed(&rng, test_seed_base() * 37 + (uint64_t)k);
		/* Open ground with scattered walls: ways round every door. */
		g = path_grid_new(side, side, 1, PATH_GRID_LOG_DEFAULT);
		for (i = 0; i < side * side / 5; i++)
			path_grid_set(g, oracle_rng_below(&rng, side),
			    oracle_rng_below(&rng, side), 0);
		ctx = path_context_new(g, rules);
		p = path_planner_new(dkinds[k], ctx);
		/* The same planner without a trace, which pushes inline. */
		quiet = path_context_new(g, rules);
		q = path_planner_new(dkinds[k], quiet);
		memset(&w, 0, sizeof w);
		w.d = records_of(p);
		path_context_set_trace(ctx, band_trace, &w);
		do {
			hx = oracle_rng_below(&rng, side);
			hy = oracle_rng_below(&rng, side);
		} while (path_grid_get(g, hx, hy) == 0);
		ndoors = 0;
		tx = hx;
		ty = hy;
		for (turn = 0; turn < turns; turn++) {
			if (oracle_cost(g, rules, hx, hy, tx, ty) <
			    12 * PATH_COST_ORTHO)
				far_target(&rng, g, rules, hx, hy, &tx, &ty);
			if (turn % 3 == 0)
				wander(&rng, g, &tx, &ty);
			/* One oracle search for both planners' answers. */
			want = oracle_cost(g, rules, hx, hy, tx, ty);
			sp = plan_checked(p, g, rules, hx, hy, tx, ty, want,
			    "band", turn);
			ck_assert_msg(w.bad == NULL, "%s: turn %d: %s",
			    path_planner_name(dkinds[k]), turn, w.bad);
			sq = plan_checked(q, g, rules, hx, hy, tx, ty, want,
			    "quiet band", turn);
			n = path_planner_path(p, path, 512);
			ck_assert_msg(sp.expansions == sq.expansions &&
			    n == path_planner_path(q, qpath, 512) &&
			    memcmp(path, qpath, (n < 512 ? n : 512) *
			    sizeof path[0]) == 0, "%s: turn %d: a trace "
			    "changed the search (%llu expansions, %llu "
			    "without)", path_planner_name(dkinds[k]), turn,
			    (unsigned long long)sp.expansions,
			    (unsigned long long)sq.expansions);
			if (turn % 4 == 1 && n > 6 && n <= 512 && ndoors < 8) {
				/* Close a door across the way ahead. */
				doors[ndoors][0] = path[n / 2].x;
				doors[ndoors][1] = path[n / 2].y;
				path_grid_set(g, doors[ndoors][0],
				    doors[ndoors][1], 0);
				ndoors++;
			} else if (turn % 4 == 3 && ndoors > 0) {
				/* And open the oldest again. */
				path_grid_set(g, doors[0][0], doors[0][1], 1);
				memmove(doors[0], doors[1],
				    (size_t)(ndoors - 1) * sizeof doors[0]);
				ndoors--;
			}
			if (turn % 2 == 0)
				follow(p, &hx, &hy);
		}
		ck_assert_msg(w.opens > 0 && w.taken > 0 && w.raises > 0,
		    "%s: the band saw %lu pushes, %lu expansions taken from "
		    "it, %lu raises", path_planner_name(dkinds[k]), w.opens,
		    w.taken, w.raises);
		path_planner_free(p);
		path_planner_free(q);
		path_context_free(ctx);
		path_context_free(quiet);
		path_grid_free(g);
	}
}
END_TEST

/* Builds the dlite suite. */
/* What a trace saw: how many events, and the cell of the last. */
struct seen {
	unsigned long	n;
	int		x, y;
};

static void
seen_trace(void *arg, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct seen	*seen = arg;

	(void)ev;
	(void)g;
	(void)h;
	(void)px;
	(void)py;
	seen->n++;
	seen->x = x;
	seen->y = y;
}

/*
 * A trace taken off the context is not called again, not even by the
 * repairs a tile change calls for before the next search (which once
 * used the trace of the call before: a freed one, had the caller freed
 * what it pointed to).
 */
START_TEST(test_dlite_trace_removed)
{
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*p;
	struct path_plan_stats	 st;
	struct seen		 seen;
	unsigned long		 before;
	int			 k;

	for (k = 0; k < 2; k++) {
		g = path_grid_new(40, 20, 1, PATH_GRID_LOG_DEFAULT);
		ctx = path_context_new(g, octile());
		p = path_planner_new(dkinds[k], ctx);
		memset(&seen, 0, sizeof seen);
		path_context_set_trace(ctx, seen_trace, &seen);
		path_planner_set_hunter(p, 2, 10);
		path_planner_set_target(p, 37, 10);
		ck_assert(path_planner_plan(p, 0, &st) == PATH_PLAN_FOUND);
		ck_assert_msg(seen.n > 0, "%s: the trace saw nothing",
		    path_planner_name(dkinds[k]));
		path_context_set_trace(ctx, NULL, NULL);
		before = seen.n;
		/* On the path: the repairs push records before the search. */
		path_grid_set(g, 20, 10, 0);
		path_grid_set(g, 20, 9, 0);
		path_grid_set(g, 20, 11, 0);
		ck_assert(path_planner_plan(p, 0, &st) == PATH_PLAN_FOUND);
		ck_assert_msg(seen.n == before, "%s: a removed trace saw %lu "
		    "events, the last at (%d,%d)", path_planner_name(dkinds[k]),
		    seen.n - before, seen.x, seen.y);
		path_planner_free(p);
		path_context_free(ctx);
		path_grid_free(g);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("dlite");
	TCase	*tc;

	tc = tcase_create("pages");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_dlite_pool);
	tcase_add_test(tc, test_dlite_big_map);
	tcase_add_test(tc, test_dlite_laps);
	tcase_add_test(tc, test_dlite_wide);
	tcase_add_test(tc, test_dlite_save_restore);
	tcase_add_test(tc, test_dlite_load_refuses);
	tcase_add_test(tc, test_dlite_band);
	tcase_add_test(tc, test_dlite_trace_removed);
	suite_add_tcase(s, tc);
	return (s);
}
