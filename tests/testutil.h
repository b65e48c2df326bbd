/*
 * testutil.h: what every unit-test program of astray shares.
 *
 * Each program (check_grid, check_astar, ...) defines test_suite() and
 * links with runner.c, which owns main(): one runner, so every program
 * reports and exits the same way.  The helpers here format rules and
 * grids for failure messages, so that a failing assertion says which
 * seed, size and rules to replay.
 */
#ifndef ASTRAY_TEST_TESTUTIL_H
#define ASTRAY_TEST_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <check.h>

#include "grid.h"
#include "path.h"

/* The suite of one test program; runner.c runs it. */
Suite		*test_suite(void);

/*
 * Run by main() once, before the tests fork.  A program that plays games
 * (it links gametest.c) starts and ends one there: under valgrind a
 * forked test's translations of the code it runs die with it, so every
 * test translated the whole start of a game (the data, the dungeon, the
 * planners) again for itself, and check_tell's 134 took 41 s of CPU
 * against 21 with one game warmed up first; the children inherit the
 * parent's.  The tests themselves are unchanged.  runner.c's own does
 * nothing.
 */
void		 test_warm_up(void);

/* Every combination of movement and diagonal rule, in a fixed order. */
#define TEST_MOVEMENTS	4
#define TEST_DIAGONALS	4
#define TEST_HEURISTICS	6

/* Writes "movement/diagonal/heuristic" into buf and returns buf. */
const char	*test_rules_text(struct path_rules, char *buf, size_t len);

/* Prints a grid as text ('#' wall, digits for costs, '+' above 9). */
void		 test_grid_print(FILE *, const struct path_grid *);

/*
 * Fails the running test: prints the grid of the case named what, then
 * aborts with "what: " and the message.
 */
void		 test_grid_vfail(const struct path_grid *, const char *what,
		    const char *fmt, va_list)
		    __attribute__((format(printf, 3, 0), noreturn));

/*
 * Base of the seeds of random tests: ASTRAY_TEST_SEED from the
 * environment if set, so more seeds can be tried without a rebuild.
 */
uint64_t	 test_seed_base(void);

/*
 * How many of n chunks of random cases to run: n scaled by
 * ASTRAY_TEST_SCALE from the environment (a number in (0, 1], default 1),
 * rounded up, at least 1.  Slow runs (tests/valgrind.sh) set it so the
 * random tests stay affordable.  Whole chunks go, not cases within them,
 * so each chunk that runs still meets its coverage checks, and the first
 * chunks remain: a failure in a scaled run is one a full run finds too.
 */
long		 test_scaled(long n);

/*
 * Whether a test that goes through every movement and diagonal rule on
 * its own cases (not in chunks: test_scaled cannot cut it) runs them under
 * these rules: always in a full run; in a scaled run (ASTRAY_TEST_SCALE
 * below 1) only when the movement and the diagonal rule have the same
 * place in their enums (4-way; octile, no corner cutting; Chebyshev, one
 * side; Euclid, always), a quarter of the combinations that still takes
 * every movement and every diagonal rule once.
 */
int		 test_rules_sampled(struct path_rules);

/*
 * ck_assert_msg for a check made thousands of times in a loop (every cell
 * of a grid, every monster after every key).  Check's own records a mark
 * point, a write to a file, each time a check passes, which costs more
 * than such a check (a third of check_fov's time natively) and more
 * under valgrind, whose every system call is slow.  This one calls
 * ck_assert_msg, with the same message, only when the check fails; a
 * crash in the loop is then reported at the last mark point before it.
 * EXPR is evaluated again when it fails, so it must have no side effects.
 */
#define test_assert_msg(expr, ...) do {					\
	if (!(expr))							\
		ck_assert_msg((expr), __VA_ARGS__);			\
} while (0)

/* Writes a buffer to a new temporary file and returns its path. */
char		*test_temp_file(const char *contents, size_t len);

#endif
