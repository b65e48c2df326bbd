/*
 * check_grid.c: the cost grid, its size limits, version and change log.
 *
 * The change log is what incremental planners trust to learn what moved,
 * so its edges get the most attention: no changes, exactly as many as it
 * holds, one more than it holds, a version from the future.  Replays are
 * recorded into an array and compared entry by entry with what the test
 * itself did to the grid.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "oracle.h"
#include "testutil.h"

/* Changes seen by a replay, in order. */
struct replay {
	struct path_change	seen[64];
	int			n;
};

/* Records one replayed change. */
static void
replay_record(void *ctx, const struct path_change *c)
{
	struct replay	*r = ctx;

	if (r->n < 64)
		r->seen[r->n] = *c;
	r->n++;
}

/* Asserts one replayed change. */
static void
assert_change(const struct replay *r, int i, int x, int y, unsigned old_cost,
    unsigned new_cost)
{
	const struct path_change	*c = &r->seen[i];

	ck_assert_msg(c->x == x && c->y == y && c->old_cost == old_cost &&
	    c->new_cost == new_cost, "change %d replayed as (%d,%d) %u -> %u, "
	    "expected (%d,%d) %u -> %u", i, c->x, c->y, c->old_cost,
	    c->new_cost, x, y, old_cost, new_cost);
}

/* A new grid has its size and every cell at the fill cost. */
START_TEST(test_grid_new)
{
	static const int	 sizes[][2] = {
		{ 1, 1 }, { 1, 17 }, { 23, 1 }, { 5, 3 }, { 64, 40 }
	};
	struct path_grid	*g;
	size_t			 i;
	int			 x, y, w, h;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		w = sizes[i][0];
		h = sizes[i][1];
		g = path_grid_new(w, h, 7, 8);
		ck_assert_int_eq(path_grid_width(g), w);
		ck_assert_int_eq(path_grid_height(g), h);
		ck_assert_uint_eq(path_grid_version(g), 0);
		ck_assert_uint_eq(path_grid_log_capacity(g), 8);
		for (y = 0; y < h; y++) {
			for (x = 0; x < w; x++)
				ck_assert_msg(path_grid_get(g, x, y) == 7,
				    "%dx%d cell (%d,%d) is %u, filled with 7",
				    w, h, x, y, path_grid_get(g, x, y));
		}
		path_grid_free(g);
	}

	g = path_grid_new(4, 4, 0, 1);
	ck_assert_uint_eq(path_grid_get(g, 2, 2), 0);
	path_grid_free(g);

	/* A cost never exceeds 254, even as a fill. */
	g = path_grid_new(3, 3, 255, 1);
	ck_assert_uint_eq(path_grid_get(g, 1, 1), 254);
	path_grid_free(g);

	/* A log holds at least one change. */
	g = path_grid_new(3, 3, 1, 0);
	ck_assert_uint_eq(path_grid_log_capacity(g), 1);
	path_grid_free(g);

	path_grid_free(NULL);
}
END_TEST

/* Setting and getting cells, with the clamp and the version. */
START_TEST(test_grid_set_get)
{
	struct path_grid	*g = path_grid_new(6, 4, 1, 16);
	int			 x, y;

	ck_assert_int_eq(path_grid_set(g, 2, 3, 9), 1);
	ck_assert_uint_eq(path_grid_get(g, 2, 3), 9);
	ck_assert_uint_eq(path_grid_version(g), 1);

	/* The same cost again is no change. */
	ck_assert_int_eq(path_grid_set(g, 2, 3, 9), 0);
	ck_assert_uint_eq(path_grid_version(g), 1);

	ck_assert_int_eq(path_grid_set(g, 0, 0, 0), 1);
	ck_assert_uint_eq(path_grid_get(g, 0, 0), 0);
	ck_assert_uint_eq(path_grid_version(g), 2);

	/* Clamped to 254; setting anything above again is no change. */
	ck_assert_int_eq(path_grid_set(g, 5, 0, 1000), 1);
	ck_assert_uint_eq(path_grid_get(g, 5, 0), 254);
	ck_assert_uint_eq(path_grid_version(g), 3);
	ck_assert_int_eq(path_grid_set(g, 5, 0, 255), 0);
	ck_assert_int_eq(path_grid_set(g, 5, 0, 254), 0);
	ck_assert_int_eq(path_grid_set(g, 5, 0, UINT_MAX), 0);
	ck_assert_uint_eq(path_grid_version(g), 3);
	ck_assert_int_eq(path_grid_set(g, 5, 1, 254), 1);
	ck_assert_uint_eq(path_grid_get(g, 5, 1), 254);
	ck_assert_int_eq(path_grid_set(g, 5, 1, 253), 1);
	ck_assert_uint_eq(path_grid_get(g, 5, 1), 253);
	ck_assert_uint_eq(path_grid_version(g), 5);

	/* Untouched cells are still at the fill. */
	for (y = 0; y < 4; y++) {
		for (x = 0; x < 6; x++) {
			if ((x == 2 && y == 3) || (x == 0 && y == 0) ||
			    (x == 5 && y < 2))
				continue;
			ck_assert_msg(path_grid_get(g, x, y) == 1,
			    "cell (%d,%d) changed to %u", x, y,
			    path_grid_get(g, x, y));
		}
	}
	path_grid_free(g);
}
END_TEST

/* Outside the grid, cells read as walls and writes are ignored. */
START_TEST(test_grid_outside)
{
	static const int	 outside[][2] = {
		{ -1, 0 }, { 0, -1 }, { 7, 0 }, { 0, 5 }, { 7, 5 }, { -1, -1 },
		{ INT_MIN, 0 }, { 0, INT_MIN }, { INT_MAX, 0 }, { 0, INT_MAX },
		{ INT_MAX, INT_MAX }, { 8, 2 }, { 2, 6 }
	};
	struct path_grid	*g = path_grid_new(7, 5, 3, 4);
	size_t			 i;
	int			 x, y;

	for (i = 0; i < sizeof outside / sizeof outside[0]; i++) {
		x = outside[i][0];
		y = outside[i][1];
		ck_assert_msg(path_grid_get(g, x, y) == 0, "get (%d,%d) gave "
		    "%u, expected 0", x, y, path_grid_get(g, x, y));
		ck_assert_msg(!path_grid_contains(g, x, y), "(%d,%d) is inside "
		    "a 7x5 grid", x, y);
		ck_assert_msg(path_grid_set(g, x, y, 9) == 0, "set (%d,%d) "
		    "reported a change", x, y);
	}
	ck_assert_uint_eq(path_grid_version(g), 0);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record,
	    &(struct replay){ .n = 0 }), 0);
	for (y = 0; y < 5; y++) {
		for (x = 0; x < 7; x++)
			ck_assert_uint_eq(path_grid_get(g, x, y), 3);
	}
	ck_assert(path_grid_contains(g, 0, 0));
	ck_assert(path_grid_contains(g, 6, 4));
	path_grid_free(g);
}
END_TEST

/* Size limits: positive, at most 16384 a side, at most 2^26 cells. */
START_TEST(test_grid_check_size)
{
	static const long	 good[][2] = {
		{ 1, 1 }, { 1, 16384 }, { 16384, 1 }, { 8192, 8192 },
		{ 16384, 4096 }, { 4096, 16384 }, { 640, 480 }
	};
	static const long	 bad[][2] = {
		{ 0, 1 }, { 1, 0 }, { 0, 0 }, { -1, 5 }, { 5, -1 },
		{ -16384, -16384 }, { LONG_MIN, 1 }, { 16385, 1 }, { 1, 16385 },
		{ 16384, 16384 }, { 8192, 8193 }, { 8193, 8192 },
		{ 1000000, 1000000 }, { LONG_MAX, LONG_MAX }, { LONG_MAX, 1 },
		{ 1, LONG_MAX }
	};
	char	*cause;
	size_t	 i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		cause = NULL;
		ck_assert_msg(path_grid_check_size(good[i][0], good[i][1],
		    &cause) == 0, "%ldx%ld refused: %s", good[i][0], good[i][1],
		    cause != NULL ? cause : "(no cause)");
		free(cause);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = NULL;
		ck_assert_msg(path_grid_check_size(bad[i][0], bad[i][1],
		    &cause) == -1, "%ldx%ld accepted", bad[i][0], bad[i][1]);
		ck_assert_msg(cause != NULL && *cause != '\0',
		    "%ldx%ld refused without a cause", bad[i][0], bad[i][1]);
		free(cause);
	}
	/* The largest grids allowed can really be made. */
	path_grid_free(path_grid_new(16384, 1, 1, 1));
	path_grid_free(path_grid_new(1, 16384, 1, 1));
}
END_TEST

/* Changes replay oldest first with their old and new costs. */
START_TEST(test_grid_log_replay)
{
	struct path_grid	*g = path_grid_new(5, 5, 1, 16);
	struct replay		 r;
	uint64_t		 v;

	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), 0);
	ck_assert_int_eq(r.n, 0);

	path_grid_set(g, 1, 2, 5);
	path_grid_set(g, 4, 0, 0);
	path_grid_set(g, 1, 2, 5);	/* no change: not logged */
	path_grid_set(g, 9, 9, 5);	/* outside: not logged */
	path_grid_set(g, 1, 2, 300);
	path_grid_set(g, 0, 4, 2);
	ck_assert_uint_eq(path_grid_version(g), 4);

	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), 4);
	ck_assert_int_eq(r.n, 4);
	assert_change(&r, 0, 1, 2, 1, 5);
	assert_change(&r, 1, 4, 0, 1, 0);
	assert_change(&r, 2, 1, 2, 5, 254);
	assert_change(&r, 3, 0, 4, 1, 2);

	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 2, replay_record, &r), 2);
	ck_assert_int_eq(r.n, 2);
	assert_change(&r, 0, 1, 2, 5, 254);
	assert_change(&r, 1, 0, 4, 1, 2);

	/* Up to date: nothing to replay. */
	v = path_grid_version(g);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, v, replay_record, &r), 0);
	ck_assert_int_eq(r.n, 0);

	/* A version from the future is an error, and nothing is replayed. */
	ck_assert_int_eq(path_grid_changes_since(g, v + 1, replay_record, &r),
	    -1);
	ck_assert_int_eq(path_grid_changes_since(g, UINT64_MAX, replay_record,
	    &r), -1);
	ck_assert_int_eq(r.n, 0);
	path_grid_free(g);
}
END_TEST

/* A full log still replays; one change more and it cannot. */
START_TEST(test_grid_log_overflow)
{
	struct path_grid	*g = path_grid_new(8, 1, 1, 4);
	struct replay		 r;
	int			 i;

	for (i = 0; i < 4; i++)
		path_grid_set(g, i, 0, 2);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), 4);
	ck_assert_int_eq(r.n, 4);
	for (i = 0; i < 4; i++)
		assert_change(&r, i, i, 0, 1, 2);

	path_grid_set(g, 4, 0, 3);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), -1);
	ck_assert_int_eq(r.n, 0);
	ck_assert_int_eq(path_grid_changes_since(g, 1, replay_record, &r), 4);
	ck_assert_int_eq(r.n, 4);
	assert_change(&r, 0, 1, 0, 1, 2);
	assert_change(&r, 3, 4, 0, 1, 3);

	/* Round the ring many times: the newest four are always there. */
	for (i = 0; i < 37; i++)
		path_grid_set(g, i % 8, 0, (unsigned)(10 + i));
	ck_assert_uint_eq(path_grid_version(g), 5 + 37);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 42 - 4, replay_record,
	    &r), 4);
	for (i = 0; i < 4; i++)
		assert_change(&r, i, (33 + i) % 8, 0, 10 + 33 + i - 8,
		    10 + 33 + i);
	ck_assert_int_eq(path_grid_changes_since(g, 42 - 5, replay_record,
	    &r), -1);

	/* A log of one keeps exactly the last change. */
	path_grid_free(g);
	g = path_grid_new(3, 3, 1, 1);
	path_grid_set(g, 0, 0, 4);
	path_grid_set(g, 1, 1, 6);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 1, replay_record, &r), 1);
	assert_change(&r, 0, 1, 1, 1, 6);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), -1);
	path_grid_free(g);
}
END_TEST

/*
 * Replaying a log onto a copy of the old grid gives the new grid, as long
 * as the log reaches back far enough; when it does not, it says so.
 */
START_TEST(test_grid_log_rebuild)
{
	struct oracle_rng	 rng;
	struct path_grid	*g, *old;
	struct replay		 r;
	uint64_t		 behind;
	long			 expect, got;
	int			 round, i, x, y, refused = 0;

	oracle_rng_seed(&rng, test_seed_base() + 5);
	g = path_grid_new(9, 7, 1, 16);
	for (round = 0; round < 300; round++) {
		old = path_grid_clone(g);
		for (i = oracle_rng_below(&rng, 24); i > 0; i--)
			path_grid_set(g, oracle_rng_range(&rng, -1, 9),
			    oracle_rng_range(&rng, -1, 7),
			    (unsigned)oracle_rng_below(&rng, 300));
		behind = path_grid_version(g) - path_grid_version(old);
		expect = behind > 16 ? -1 : (long)behind;
		memset(&r, 0, sizeof r);
		got = path_grid_changes_since(g, path_grid_version(old),
		    replay_record, &r);
		ck_assert_msg(got == expect, "round %d: %llu changes behind a "
		    "log of 16, replay returned %ld", round,
		    (unsigned long long)behind, got);
		if (got == -1) {
			ck_assert_int_eq(r.n, 0);
			refused++;
			path_grid_free(old);
			continue;
		}
		ck_assert_int_eq(r.n, got);
		for (i = 0; i < r.n; i++) {
			ck_assert_msg(path_grid_get(old, r.seen[i].x,
			    r.seen[i].y) == r.seen[i].old_cost, "round %d "
			    "change %d: old cost %u, the grid had %u", round, i,
			    r.seen[i].old_cost, path_grid_get(old, r.seen[i].x,
			    r.seen[i].y));
			ck_assert_uint_ne(r.seen[i].old_cost,
			    r.seen[i].new_cost);
			path_grid_set(old, r.seen[i].x, r.seen[i].y,
			    r.seen[i].new_cost);
		}
		for (y = 0; y < 7; y++) {
			for (x = 0; x < 9; x++)
				ck_assert_msg(path_grid_get(old, x, y) ==
				    path_grid_get(g, x, y), "round %d: (%d,%d) "
				    "replays to %u, is %u", round, x, y,
				    path_grid_get(old, x, y),
				    path_grid_get(g, x, y));
		}
		path_grid_free(old);
	}
	ck_assert_msg(refused > 0 && refused < 300, "%d of 300 replays "
	    "refused", refused);
	path_grid_free(g);
}
END_TEST

/* A clone starts equal and then lives its own life. */
START_TEST(test_grid_clone)
{
	struct path_grid	*g = path_grid_new(6, 5, 2, 8), *c;
	struct replay		 r;
	int			 x, y;

	path_grid_set(g, 1, 1, 0);
	path_grid_set(g, 4, 3, 7);
	c = path_grid_clone(g);
	ck_assert_int_eq(path_grid_width(c), 6);
	ck_assert_int_eq(path_grid_height(c), 5);
	ck_assert_uint_eq(path_grid_version(c), 2);
	ck_assert_uint_eq(path_grid_log_capacity(c), 8);
	for (y = 0; y < 5; y++) {
		for (x = 0; x < 6; x++)
			ck_assert_uint_eq(path_grid_get(c, x, y),
			    path_grid_get(g, x, y));
	}
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(c, 0, replay_record, &r), 2);
	assert_change(&r, 0, 1, 1, 2, 0);
	assert_change(&r, 1, 4, 3, 2, 7);

	/* Changing the clone leaves the original alone... */
	path_grid_set(c, 0, 0, 9);
	path_grid_set(c, 1, 1, 3);
	ck_assert_uint_eq(path_grid_get(g, 0, 0), 2);
	ck_assert_uint_eq(path_grid_get(g, 1, 1), 0);
	ck_assert_uint_eq(path_grid_version(g), 2);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_record, &r), 2);
	assert_change(&r, 1, 4, 3, 2, 7);

	/* ...and the other way round. */
	path_grid_set(g, 5, 4, 1);
	ck_assert_uint_eq(path_grid_get(c, 5, 4), 2);
	ck_assert_uint_eq(path_grid_version(c), 4);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(c, 2, replay_record, &r), 2);
	assert_change(&r, 0, 0, 0, 2, 9);
	assert_change(&r, 1, 1, 1, 0, 3);

	path_grid_free(g);
	ck_assert_uint_eq(path_grid_get(c, 4, 3), 7);
	path_grid_free(c);
}
END_TEST

/* Builds the grid suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("grid");
	TCase	*tc;

	tc = tcase_create("cells");
	tcase_add_test(tc, test_grid_new);
	tcase_add_test(tc, test_grid_set_get);
	tcase_add_test(tc, test_grid_outside);
	tcase_add_test(tc, test_grid_check_size);
	tcase_add_test(tc, test_grid_clone);
	suite_add_tcase(s, tc);

	tc = tcase_create("log");
	tcase_add_test(tc, test_grid_log_replay);
	tcase_add_test(tc, test_grid_log_overflow);
	tcase_add_test(tc, test_grid_log_rebuild);
	suite_add_tcase(s, tc);
	return (s);
}
