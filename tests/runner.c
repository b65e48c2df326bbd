/*
 * runner.c: the one main() of every Check test program, and the helpers
 * they share.
 *
 * Tests run forked (Check's default, unless CK_FORK=no), so a test that
 * crashes is reported as an error and the others still run.  How much is
 * printed is left to CK_VERBOSITY, which the Makefile sets to "normal" so
 * the summary line appears in the test logs.  The exit status is what
 * automake's harness reads: non-zero if any test failed or crashed.
 * ASTRAY_TEST_SCALE cuts the random tests down for slow runs (see
 * test_scaled).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* Formats rules for a message. */
const char *
test_rules_text(struct path_rules rules, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s/%s", path_movement_name(rules.movement),
	    path_diagonal_name(rules.diagonal),
	    path_heuristic_name(rules.heuristic));
	return (buf);
}

/* Prints a grid row by row, so a failure can be looked at. */
void
test_grid_print(FILE *f, const struct path_grid *g)
{
	unsigned	c;
	int		x, y;

	for (y = 0; y < path_grid_height(g); y++) {
		for (x = 0; x < path_grid_width(g); x++) {
			c = path_grid_get(g, x, y);
			if (c == 0)
				fputc('#', f);
			else if (c <= 9)
				fputc('0' + (int)c, f);
			else
				fputc('+', f);
		}
		fputc('\n', f);
	}
}

/* Fails a test case with its grid printed first: see testutil.h. */
void
test_grid_vfail(const struct path_grid *g, const char *what, const char *fmt,
    va_list ap)
{
	char	detail[512];

	vsnprintf(detail, sizeof detail, fmt, ap);
	fprintf(stderr, "grid of %s:\n", what);
	test_grid_print(stderr, g);
	ck_abort_msg("%s: %s", what, detail);
}

/* Reads the seed base from the environment, or uses a fixed one. */
uint64_t
test_seed_base(void)
{
	const char	*s = getenv("ASTRAY_TEST_SEED");
	char		*end;
	unsigned long long v;

	if (s == NULL || *s == '\0')
		return (20240601);
	v = strtoull(s, &end, 0);
	if (*end != '\0') {
		fprintf(stderr, "ASTRAY_TEST_SEED=%s is not a number\n", s);
		exit(2);
	}
	return ((uint64_t)v);
}

/* Reads ASTRAY_TEST_SCALE (1 when unset); exits 2 if it is bad. */
static double
test_scale(void)
{
	const char	*s = getenv("ASTRAY_TEST_SCALE");
	char		*end;
	double		 scale;

	if (s == NULL || *s == '\0')
		return (1);
	scale = strtod(s, &end);
	if (*end != '\0' || !(scale > 0 && scale <= 1)) {
		fprintf(stderr, "ASTRAY_TEST_SCALE=%s is not a number in "
		    "(0, 1]\n", s);
		exit(2);
	}
	return (scale);
}

/* Scales a number of random cases by ASTRAY_TEST_SCALE: see testutil.h. */
long
test_scaled(long n)
{
	double	scale = test_scale(), v;

	if (scale == 1)
		return (n);
	v = (double)n * scale;
	if (v > (double)(long)v)
		v += 1;
	return (v < 1 ? 1 : (long)v);
}

/* Whether a scaled run takes these rules: see testutil.h. */
int
test_rules_sampled(struct path_rules rules)
{
	if (test_scale() == 1)
		return (1);
	return ((int)rules.movement == (int)rules.diagonal);
}

/* Writes a temporary file under /tmp; the caller unlinks and frees. */
char *
test_temp_file(const char *contents, size_t len)
{
	char	*path;
	int	 fd;

	path = strdup("/tmp/astray-test-XXXXXX");
	if (path == NULL || (fd = mkstemp(path)) == -1) {
		perror("mkstemp");
		abort();
	}
	if (write(fd, contents, len) != (ssize_t)len) {
		perror("write");
		abort();
	}
	close(fd);
	return (path);
}

/* Nothing to warm up but in a program that plays games: see testutil.h. */
__attribute__((weak)) void
test_warm_up(void)
{
}

/* Runs the program's suite and exits non-zero if anything failed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	test_warm_up();
	sr = srunner_create(test_suite());
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
