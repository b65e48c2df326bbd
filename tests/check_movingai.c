/*
 * check_movingai.c: the Moving AI readers, against real benchmark files
 * and against every way a file can be wrong.
 *
 * The three dao/ maps in tests/data/movingai are solved problem by
 * problem under the benchmark's rules and each length is held against the
 * optimal length the scenario file carries: that file is the oracle, made
 * by other people with other code.  Each returned path is also walked
 * step by step by a validator written here from the rules alone, so a
 * search that reports the right number for a path it did not find still
 * fails.
 *
 * The parser tests feed small buffers that differ from a good file in one
 * way and check the message a user would read: it must name the file and
 * the line (and the column where there is one) and say what was wrong.
 * Absurd headers run in a child whose heap is capped, so a parser that
 * allocates what a header claims dies instead of passing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid.h"
#include "jps.h"
#include "movingai.h"
#include "scen.h"
#include "oracle.h"
#include "parsetest.h"
#include "path.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the tests/data folder"
#endif
#ifndef BENCH_MAPS
#error "BENCH_MAPS must name the bench/maps folder"
#endif

/* The heap an absurd header may make a refusing reader take: 32 MiB. */
#define MOVINGAI_HEAP_CAP	(32L << 20)

/* A map used by the scenario tests: file name and problem count. */
struct dao_map {
	const char	*name;
	size_t		 problems;
	int		 width;
	int		 height;
};

static const struct dao_map dao_maps[] = {
	{ .name = "arena", .problems = 160, .width = 49, .height = 49 },
	{ .name = "den101d", .problems = 220, .width = 73, .height = 41 },
	{ .name = "den312d", .problems = 320, .width = 65, .height = 81 }
};

/* Parses a map from a string (named "t.map"); NULL with *cause on error. */
static struct path_grid *
map_from(const char *text, char **cause)
{
	*cause = NULL;
	return (path_movingai_parse_map("t.map", text, strlen(text), cause));
}

/*
 * Asserts that a map is refused with a message holding both needles;
 * line is the caller's, for the failure report.
 */
static void
map_refused_at(int line, const char *text, size_t len, const char *where,
    const char *what)
{
	struct path_grid	*g;
	char			*cause = NULL;
	int			 accepted;

	g = path_movingai_parse_map("t.map", text, len, &cause);
	accepted = g != NULL;
	path_grid_free(g);
	ck_assert_msg(!accepted, "line %d: a bad map was accepted (expected "
	    "\"%s\")", line, where);
	pt_expect_message(cause, where, what);
	free(cause);
}
#define map_refused(text, len, where, what) \
	map_refused_at(__LINE__, text, len, where, what)

/* Parses a scenario from a string (named "t.scen"). */
static struct lab_scenario *
scen_from(const char *text, char **cause)
{
	*cause = NULL;
	return (lab_scen_parse("t.scen", text, strlen(text), cause));
}

/* Asserts that a scenario is refused, as map_refused_at does for maps. */
static void
scen_refused_at(int line, const char *text, size_t len, const char *where,
    const char *what)
{
	struct lab_scenario	*sc;
	char			*cause = NULL;
	int			 accepted;

	sc = lab_scen_parse("t.scen", text, len, &cause);
	accepted = sc != NULL;
	lab_scen_free(sc);
	ck_assert_msg(!accepted, "line %d: a bad scenario was accepted "
	    "(expected \"%s\")", line, where);
	pt_expect_message(cause, where, what);
	free(cause);
}
#define scen_refused(text, len, where, what) \
	scen_refused_at(__LINE__, text, len, where, what)

/*
 * Walks a path: it must run from start to goal through open cells, each
 * step to one of the eight neighbours, no diagonal step past a blocked
 * orthogonal cell, and its step costs must add up to cost.  Returns NULL
 * when it is good, else a description in buf.
 */
static const char *
path_fault(const struct path_grid *g, const struct path_point *pt, size_t n,
    int sx, int sy, int gx, int gy, path_cost cost, char *buf, size_t size)
{
	path_cost	sum = 0;
	size_t		i;
	int		dx, dy, c;

	if (n == 0) {
		snprintf(buf, size, "no points");
		return (buf);
	}
	if (pt[0].x != sx || pt[0].y != sy || pt[n - 1].x != gx ||
	    pt[n - 1].y != gy) {
		snprintf(buf, size, "runs (%d,%d)..(%d,%d), not "
		    "(%d,%d)..(%d,%d)", pt[0].x, pt[0].y, pt[n - 1].x,
		    pt[n - 1].y, sx, sy, gx, gy);
		return (buf);
	}
	if (path_grid_get(g, sx, sy) == 0) {
		snprintf(buf, size, "starts on a blocked cell");
		return (buf);
	}
	for (i = 1; i < n; i++) {
		dx = pt[i].x - pt[i - 1].x;
		dy = pt[i].y - pt[i - 1].y;
		if (dx < -1 || dx > 1 || dy < -1 || dy > 1 ||
		    (dx == 0 && dy == 0)) {
			snprintf(buf, size, "step %zu jumps (%d,%d)->(%d,%d)",
			    i, pt[i - 1].x, pt[i - 1].y, pt[i].x, pt[i].y);
			return (buf);
		}
		if ((c = path_grid_get(g, pt[i].x, pt[i].y)) == 0) {
			snprintf(buf, size, "step %zu enters blocked (%d,%d)",
			    i, pt[i].x, pt[i].y);
			return (buf);
		}
		if (dx != 0 && dy != 0 &&
		    (path_grid_get(g, pt[i - 1].x + dx, pt[i - 1].y) == 0 ||
		    path_grid_get(g, pt[i - 1].x, pt[i - 1].y + dy) == 0)) {
			snprintf(buf, size, "step %zu cuts a corner (%d,%d)->"
			    "(%d,%d)", i, pt[i - 1].x, pt[i - 1].y, pt[i].x,
			    pt[i].y);
			return (buf);
		}
		sum += (path_cost)c * (dx != 0 && dy != 0 ? PATH_COST_DIAG :
		    PATH_COST_ORTHO);
	}
	if (sum != cost) {
		snprintf(buf, size, "steps add up to %lld, not %lld",
		    (long long)sum, (long long)cost);
		return (buf);
	}
	return (NULL);
}

/* Every problem of a dao/ scenario is solved optimally with a valid path. */
START_TEST(test_dao_scenarios)
{
	const struct dao_map		*dm = &dao_maps[_i];
	const struct lab_scenario_problem	*p;
	struct path_grid		*g;
	struct lab_scenario		*sc;
	struct path_astar		*ws;
	struct path_point		*pt;
	char				 map[1024], scen[1024], fault[256];
	char				*cause = NULL;
	const char			*why;
	path_cost			 cost;
	size_t				 i, n, max;
	double				 start = pt_now();

	snprintf(map, sizeof map, "%s/movingai/dao/%s.map", TEST_DATA,
	    dm->name);
	snprintf(scen, sizeof scen, "%s/movingai/dao/%s.map.scen", TEST_DATA,
	    dm->name);
	g = path_movingai_read_map(map, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	sc = lab_scen_read(scen, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_int_eq(path_grid_width(g), dm->width);
	ck_assert_int_eq(path_grid_height(g), dm->height);
	ck_assert_uint_eq(sc->count, dm->problems);
	ck_assert_msg(lab_scen_check(sc, scen, g, &cause) == 0, "%s", cause);
	ck_assert_ptr_nonnull(strstr(sc->map, dm->name));

	max = (size_t)dm->width * (size_t)dm->height;
	pt = calloc(max, sizeof *pt);
	ck_assert_ptr_nonnull(pt);
	ws = path_astar_new(dm->width, dm->height);
	for (i = 0; i < sc->count; i++) {
		p = &sc->problems[i];
		ck_assert_int_eq(p->line, (int)i + 2);
		cost = path_astar_search(ws, g, path_rules_movingai(), p->sx,
		    p->sy, p->gx, p->gy, NULL);
		ck_assert_msg(lab_length_matches(p->optimal, cost),
		    "%s:%d: (%d,%d)->(%d,%d) found %.6f, optimal %.6f", scen,
		    p->line, p->sx, p->sy, p->gx, p->gy,
		    cost == PATH_COST_NONE ? -1.0 : path_cost_to_double(cost),
		    p->optimal);
		n = path_astar_path(ws, pt, max);
		ck_assert_msg(n >= 1 && n <= max, "%s:%d: path of %zu points",
		    scen, p->line, n);
		why = path_fault(g, pt, n, p->sx, p->sy, p->gx, p->gy, cost,
		    fault, sizeof fault);
		ck_assert_msg(why == NULL, "%s:%d: the path %s", scen, p->line,
		    why);
	}
	path_astar_free(ws);
	free(pt);
	lab_scen_free(sc);
	path_grid_free(g);
	fprintf(stderr, "check_movingai: %s: %zu problems in %.3f s\n",
	    dm->name, dm->problems, pt_now() - start);
}
END_TEST

/*
 * The open maps the project ships (bench/maps/open, made by astray-lab
 * genmap, their lengths by our A*): jump point search finds every
 * problem's length with a valid path, and the oracle, which shares no
 * code with the searches, agrees with the file on one problem in fifty,
 * spread over the lengths (the file is sorted by length).  A scaled run
 * (test_scaled(): valgrind, the sanitizers) takes the first problems
 * only, the shortest, and their samples: the oracle's brute force over
 * 262,144 cells is most of this test's time there.
 */
static const char *const open_maps[] = {
	"scatter512-1", "scatter512-5", "scatter512-10", "rooms512-64"
};

START_TEST(test_open_scenarios)
{
	const struct lab_scenario_problem	*p;
	struct path_grid		*g;
	struct lab_scenario		*sc;
	struct path_jps			*ws;
	struct path_point		*pt;
	char				 map[1024], scen[1024], fault[256];
	char				*cause = NULL;
	const char			*why;
	path_cost			 cost;
	size_t				 i, n, max, sampled = 0, count;

	snprintf(map, sizeof map, "%s/open/%s.map", BENCH_MAPS, open_maps[_i]);
	snprintf(scen, sizeof scen, "%s/open/%s.map.scen", BENCH_MAPS,
	    open_maps[_i]);
	g = path_movingai_read_map(map, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	sc = lab_scen_read(scen, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_msg(lab_scen_check(sc, scen, g, &cause) == 0, "%s", cause);
	ck_assert_uint_eq(sc->count, 1000);
	max = (size_t)path_grid_width(g) * (size_t)path_grid_height(g);
	pt = calloc(max, sizeof *pt);
	ck_assert_ptr_nonnull(pt);
	ws = path_jps_new(path_grid_width(g), path_grid_height(g));
	count = (size_t)test_scaled((long)sc->count);
	for (i = 0; i < count; i++) {
		p = &sc->problems[i];
		cost = path_jps_search(ws, g, path_rules_movingai(), p->sx,
		    p->sy, p->gx, p->gy, NULL);
		ck_assert_msg(lab_length_matches(p->optimal, cost),
		    "%s:%d: jump point search found %.6f, the file says %.6f",
		    scen, p->line, cost == PATH_COST_NONE ? -1.0 :
		    path_cost_to_double(cost), p->optimal);
		n = path_jps_path(ws, pt, max);
		why = path_fault(g, pt, n, p->sx, p->sy, p->gx, p->gy, cost,
		    fault, sizeof fault);
		ck_assert_msg(why == NULL, "%s:%d: the path %s", scen, p->line,
		    why);
		if (i % 50 == 25) {
			cost = oracle_cost(g, path_rules_movingai(), p->sx,
			    p->sy, p->gx, p->gy);
			ck_assert_msg(lab_length_matches(p->optimal, cost),
			    "%s:%d: the oracle says %.6f, the file %.6f", scen,
			    p->line, cost == PATH_COST_NONE ? -1.0 :
			    path_cost_to_double(cost), p->optimal);
			sampled++;
		}
	}
	ck_assert_uint_eq(sampled, count >= 26 ? (count - 26) / 50 + 1 : 0);
	ck_assert_uint_ge(sampled, 1);
	path_jps_free(ws);
	free(pt);
	lab_scen_free(sc);
	path_grid_free(g);
}
END_TEST

/* The validator itself rejects paths that break each rule. */
START_TEST(test_validator_catches_faults)
{
	struct path_grid	*g;
	char			*cause, buf[256];
	/* .@.
	   ...
	   ... */
	const struct path_point	good[] = { { 0, 0 }, { 0, 1 }, { 1, 2 },
					   { 2, 1 }, { 2, 0 } };
	const struct path_point	corner[] = { { 0, 0 }, { 1, 1 },
					     { 2, 0 } };
	const struct path_point	jump[] = { { 0, 0 }, { 0, 2 } };
	const struct path_point	wall[] = { { 0, 0 }, { 1, 0 },
					   { 2, 0 } };
	path_cost		good_cost = 2 * PATH_COST_ORTHO +
				    2 * PATH_COST_DIAG;

	g = map_from("type octile\nheight 3\nwidth 3\nmap\n.@.\n...\n...\n",
	    &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_ptr_null(path_fault(g, good, 5, 0, 0, 2, 0, good_cost, buf,
	    sizeof buf));
	ck_assert_ptr_nonnull(path_fault(g, good, 5, 0, 0, 2, 0,
	    good_cost + 1, buf, sizeof buf));
	ck_assert_ptr_nonnull(path_fault(g, good, 5, 0, 0, 2, 1, good_cost,
	    buf, sizeof buf));
	ck_assert_ptr_nonnull(strstr(path_fault(g, corner, 3, 0, 0, 2, 0,
	    2 * PATH_COST_DIAG, buf, sizeof buf), "corner"));
	ck_assert_ptr_nonnull(strstr(path_fault(g, jump, 2, 0, 0, 0, 2,
	    2 * PATH_COST_ORTHO, buf, sizeof buf), "jumps"));
	ck_assert_ptr_nonnull(strstr(path_fault(g, wall, 3, 0, 0, 2, 0,
	    2 * PATH_COST_ORTHO, buf, sizeof buf), "blocked"));
	path_grid_free(g);
}
END_TEST

/* A well-formed map reads every terrain character the right way. */
START_TEST(test_map_terrain)
{
	struct path_grid	*g;
	char			*cause;
	const char		*expect = ".@.@GSOTW.";	/* rows 0, 1 */
	int			 x, y, open;

	g = map_from("type octile\nheight 2\nwidth 5\nmap\n.@.@G\nSOTW.\n",
	    &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(path_grid_width(g), 5);
	ck_assert_int_eq(path_grid_height(g), 2);
	ck_assert_uint_eq(path_grid_version(g), 0);
	for (y = 0; y < 2; y++) {
		for (x = 0; x < 5; x++) {
			open = strchr(".GS", expect[y * 5 + x]) != NULL;
			ck_assert_msg(path_grid_get(g, x, y) == (open ? 1 : 0),
			    "cell (%d,%d) '%c' reads as %d", x, y,
			    expect[y * 5 + x], path_grid_get(g, x, y));
		}
	}
	path_grid_free(g);
}
END_TEST

/* Header lines may come in any order, and CRLF works like LF. */
START_TEST(test_map_header_order_crlf)
{
	static const char *const texts[] = {
		"type octile\nheight 2\nwidth 3\nmap\n.@.\n..T\n",
		"width 3\nheight 2\ntype octile\nmap\n.@.\n..T\n",
		"height 2\ntype octile\nwidth 3\nmap\n.@.\n..T\n",
		"type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@.\r\n..T\r\n",
		"type octile\nheight 2\nwidth 3\nmap\n.@.\n..T",
		"type octile\nheight 2\nwidth 3\nmap\n.@.\n..T\n\n\n"
	};
	struct path_grid	*g;
	char			*cause;
	size_t			 i;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		g = map_from(texts[i], &cause);
		ck_assert_msg(g != NULL, "text %zu: %s", i, cause);
		ck_assert_int_eq(path_grid_width(g), 3);
		ck_assert_int_eq(path_grid_height(g), 2);
		ck_assert_int_eq(path_grid_get(g, 0, 0), 1);
		ck_assert_int_eq(path_grid_get(g, 1, 0), 0);
		ck_assert_int_eq(path_grid_get(g, 2, 1), 0);
		ck_assert_int_eq(path_grid_get(g, 1, 1), 1);
		path_grid_free(g);
	}
}
END_TEST

/* Fewer rows than the header promises is refused at the right line. */
START_TEST(test_map_truncated)
{
	static const char short_bytes[] =
	    "type octile\nheight 3\nwidth 3\nmap\n...\n...\n";
	static const char short_lines[] =
	    "type octile\r\nheight 3\r\nwidth 1\r\nmap\r\n.\r\n.\r\n";

	/* Too few bytes to hold the rows at all: caught before allocating. */
	map_refused(short_bytes, strlen(short_bytes), "t.map:4:",
	    "truncated");
	map_refused(short_bytes, strlen(short_bytes), "t.map:4:",
	    "3 rows of 3 cells");
	/* Enough bytes (CRLF) but only two of three lines. */
	map_refused(short_lines, strlen(short_lines), "t.map:6:",
	    "2 of 3 rows");
	map_refused("type octile\nheight 2\nwidth 2\nmap\n", 32, "t.map:4:",
	    "truncated");
}
END_TEST

/* Rows longer or shorter than the width are refused with their line. */
START_TEST(test_map_row_width)
{
	static const char wide[] =
	    "type octile\nheight 2\nwidth 3\nmap\n....\n...\n";
	static const char narrow[] =
	    "type octile\nheight 3\nwidth 3\nmap\n...\n..\n.....\n";

	map_refused(wide, strlen(wide), "t.map:5:",
	    "row 1 has 4 characters, expected 3");
	map_refused(narrow, strlen(narrow), "t.map:6:",
	    "row 2 has 2 characters, expected 3");
}
END_TEST

/* A header whose size does not match the rows below it is refused. */
START_TEST(test_map_header_mismatch)
{
	static const char wider_header[] =
	    "type octile\nheight 2\nwidth 4\nmap\n...\n...\n";
	static const char extra_row[] =
	    "type octile\nheight 2\nwidth 3\nmap\n...\n...\n...\n";
	static const char trailing[] =
	    "type octile\nheight 2\nwidth 3\nmap\n...\n...\n\n# made by hand\n";

	map_refused(wider_header, strlen(wider_header), "t.map:5:",
	    "expected 4");
	map_refused(extra_row, strlen(extra_row), "t.map:7:",
	    "unexpected text after the 2 rows");
	map_refused(trailing, strlen(trailing), "t.map:8:",
	    "unexpected text");
}
END_TEST

/* An unknown character is reported with its line and column. */
START_TEST(test_map_unknown_char)
{
	static const char letter[] =
	    "type octile\nheight 2\nwidth 4\nmap\n....\n..x.\n";
	static const char nul[] =
	    "type octile\nheight 1\nwidth 3\nmap\n.\0.\n";
	static const char tab[] =
	    "type octile\nheight 1\nwidth 3\nmap\n\t..\n";

	map_refused(letter, strlen(letter), "t.map:6:3:",
	    "unknown character 'x'");
	map_refused(nul, sizeof nul - 1, "t.map:5:2:", "\\x00");
	map_refused(tab, strlen(tab), "t.map:5:1:", "unknown character");
}
END_TEST

/* Each missing header line is named. */
START_TEST(test_map_missing_header)
{
	static const char no_type[] = "height 1\nwidth 1\nmap\n.\n";
	static const char no_width[] = "type octile\nheight 1\nmap\n.\n";
	static const char no_height[] = "type octile\nwidth 1\nmap\n.\n";
	static const char no_map[] = "type octile\nheight 1\nwidth 1\n";
	static const char no_map_rows[] = "type octile\nheight 1\nwidth 1\n.\n";

	map_refused(no_type, strlen(no_type), "t.map:3:", "\"type\"");
	map_refused(no_width, strlen(no_width), "t.map:3:", "\"width\"");
	map_refused(no_height, strlen(no_height), "t.map:3:", "\"height\"");
	map_refused(no_map, strlen(no_map), "t.map:3:", "\"map\"");
	map_refused(no_map_rows, strlen(no_map_rows), "t.map:4:",
	    "found \".\"");
}
END_TEST

/* Header values that are not positive numbers are refused. */
START_TEST(test_map_bad_header_values)
{
	static const struct {
		const char	*text;
		const char	*where;
		const char	*what;
	} cases[] = {
		{ "type octile\nheight abc\nwidth 2\nmap\n..\n", "t.map:2:8:",
		  "height \"abc\" is not a number" },
		{ "type octile\nheight 2\nwidth 0\nmap\n", "t.map:3:7:",
		  "width \"0\" is not a number from 1" },
		{ "type octile\nheight -3\nwidth 2\nmap\n", "t.map:2:8:",
		  "\"-3\"" },
		{ "type octile\nheight 2x\nwidth 2\nmap\n", "t.map:2:8:",
		  "\"2x\"" },
		{ "type octile\nheight 1.5\nwidth 2\nmap\n", "t.map:2:",
		  "\"1.5\"" },
		{ "type octile\nheight 99999999999999999999\nwidth 2\nmap\n",
		  "t.map:2:", "not a number from 1 to 16384" },
		{ "type octile\nheight\nwidth 2\nmap\n", "t.map:2:",
		  "expected \"height N\"" },
		{ "type octile\nheight 2 3\nwidth 2\nmap\n", "t.map:2:",
		  "expected \"height N\"" },
		{ "type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n",
		  "t.map:3:", "given twice" },
		{ "type\nheight 1\nwidth 1\nmap\n.\n", "t.map:1:",
		  "expected \"type octile\"" },
		{ "type octile\nhieght 1\nwidth 1\nmap\n.\n", "t.map:2:1:",
		  "found \"hieght\"" }
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		map_refused(cases[i].text, strlen(cases[i].text),
		    cases[i].where, cases[i].what);
}
END_TEST

/* Checks the million-by-million header; returns 0 when it is refused. */
static int
absurd_million(void)
{
	static const char text[] =
	    "type octile\nheight 1000000\nwidth 1000000\nmap\n....\n";
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_movingai_parse_map("t.map", text, strlen(text), &cause);
	if (g != NULL || cause == NULL || strstr(cause, "t.map:2:") == NULL ||
	    strstr(cause, "16384") == NULL) {
		fprintf(stderr, "absurd_million: %s\n", cause ? cause : "?");
		return (1);
	}
	free(cause);
	return (0);
}

/* Checks a header within each side's limit but over the cell limit. */
static int
absurd_cells(void)
{
	static const char text[] =
	    "type octile\nheight 16384\nwidth 16384\nmap\n....\n";
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_movingai_parse_map("t.map", text, strlen(text), &cause);
	if (g != NULL || cause == NULL || strstr(cause, "t.map:4:") == NULL ||
	    strstr(cause, "67108864") == NULL) {
		fprintf(stderr, "absurd_cells: %s\n", cause ? cause : "?");
		return (1);
	}
	free(cause);
	return (0);
}

/* Checks a legal 8192x8192 header over a few bytes of rows. */
static int
absurd_bytes(void)
{
	static const char text[] =
	    "type octile\nheight 8192\nwidth 8192\nmap\n....\n";
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_movingai_parse_map("t.map", text, strlen(text), &cause);
	if (g != NULL || cause == NULL || strstr(cause, "t.map:4:") == NULL ||
	    strstr(cause, "truncated") == NULL) {
		fprintf(stderr, "absurd_bytes: %s\n", cause ? cause : "?");
		return (1);
	}
	free(cause);
	return (0);
}

/* Absurd sizes are refused at once, in a child that cannot allocate them. */
START_TEST(test_map_absurd_size)
{
	double	start = pt_now();

	ck_assert_int_eq(pt_run_capped(absurd_million, MOVINGAI_HEAP_CAP), 0);
	ck_assert_int_eq(pt_run_capped(absurd_cells, MOVINGAI_HEAP_CAP), 0);
	ck_assert_int_eq(pt_run_capped(absurd_bytes, MOVINGAI_HEAP_CAP), 0);
	ck_assert_msg(pt_now() - start < 2.0, "refusing took %.2f s",
	    pt_now() - start);
}
END_TEST

/* An empty file, a blank one and binary garbage are refused. */
START_TEST(test_map_empty_and_garbage)
{
	static const char garbage[] =
	    "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\n"
	    "\0\0\0\xff\xfe\n";
	static const char nul_in_header[] =
	    "type octile\nheight 1\0\nwidth 1\nmap\n.\n";

	map_refused("", 0, "t.map: empty file", NULL);
	map_refused("\n\n   \n", 6, "t.map: empty file", NULL);
	map_refused(garbage, sizeof garbage - 1, "t.map:1:1:", "expected");
	map_refused(nul_in_header, sizeof nul_in_header - 1, "t.map:2:",
	    "height");
}
END_TEST

/*
 * A line that starts with a NUL byte is text like any other: a zero-filled
 * tail (a file cut short by a crash) must not pass for blank lines.
 */
START_TEST(test_nul_led_lines)
{
	static const char after_rows[] =
	    "type octile\nheight 1\nwidth 1\nmap\n.\n\0\0\0\0\n";
	static const char in_header[] =
	    "\0junk\ntype octile\nheight 1\nwidth 1\nmap\n.\n";
	static const char problem[] =
	    "version 1\n\0 m 3 2 0 0 2 1 2\n";

	map_refused(after_rows, sizeof after_rows - 1, "t.map:6:",
	    "unexpected text");
	map_refused(in_header, sizeof in_header - 1, "t.map:1:", NULL);
	scen_refused(problem, sizeof problem - 1, "t.scen:2:", NULL);
}
END_TEST

/* The file reader names a file it cannot open and reads a real one. */
START_TEST(test_map_read_file)
{
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_movingai_read_map(TEST_DATA "/movingai/dao/no-such.map",
	    &cause);
	ck_assert_ptr_null(g);
	pt_expect_message(cause, "no-such.map", "cannot open");
	free(cause);
	g = path_movingai_read_map(TEST_DATA "/movingai/dao/arena.map",
	    &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(path_grid_get(g, 0, 0), 0);	/* T */
	ck_assert_int_eq(path_grid_get(g, 3, 1), 1);	/* . */
	path_grid_free(g);
}
END_TEST

/* Tab- and space-separated scenarios, version 1 and 1.0, LF and CRLF. */
START_TEST(test_scen_good)
{
	static const char tabs[] =
	    "version 1\n"
	    "0\tmaps/x.map\t3\t2\t0\t0\t2\t1\t2.41421356\n"
	    "\n"
	    "1\tmaps/x.map\t3\t2\t2\t1\t0\t0\t2.41421356\n";
	static const char spaces[] =
	    "version 1.0\r\n"
	    "61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n"
	    "33 maps/bgmaps/AR0011SR.map 512 512 244 370 359 376 132.40\r\n";
	struct lab_scenario	*sc;
	char			*cause;

	sc = scen_from(tabs, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_uint_eq(sc->count, 2);
	ck_assert_str_eq(sc->map, "maps/x.map");
	ck_assert_int_eq(sc->problems[0].width, 3);
	ck_assert_int_eq(sc->problems[0].height, 2);
	ck_assert_int_eq(sc->problems[0].gx, 2);
	ck_assert_int_eq(sc->problems[0].gy, 1);
	ck_assert_int_eq(sc->problems[0].line, 2);
	ck_assert_int_eq(sc->problems[1].bucket, 1);
	ck_assert_int_eq(sc->problems[1].sx, 2);
	ck_assert_int_eq(sc->problems[1].line, 4);
	ck_assert_double_eq_tol(sc->problems[1].optimal, 2.41421356, 1e-9);
	lab_scen_free(sc);

	sc = scen_from(spaces, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_uint_eq(sc->count, 2);
	ck_assert_str_eq(sc->map, "maps/bgmaps/AR0011SR.map");
	ck_assert_int_eq(sc->problems[0].bucket, 61);
	ck_assert_int_eq(sc->problems[0].sx, 210);
	ck_assert_int_eq(sc->problems[0].sy, 395);
	ck_assert_int_eq(sc->problems[0].gx, 87);
	ck_assert_int_eq(sc->problems[0].gy, 201);
	ck_assert_double_eq_tol(sc->problems[0].optimal, 244.95, 1e-9);
	ck_assert_double_eq_tol(sc->problems[1].optimal, 132.40, 1e-9);
	lab_scen_free(sc);

	sc = scen_from("version 1\n", &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_uint_eq(sc->count, 0);
	lab_scen_free(sc);
}
END_TEST

/* Lines with the wrong number of fields are refused with their line. */
START_TEST(test_scen_field_count)
{
	static const char eight[] =
	    "version 1\n"
	    "0\tm.map\t3\t2\t0\t0\t2\t1\t2.4\n"
	    "0\tm.map\t3\t2\t0\t0\t2\t1\n";
	static const char ten[] =
	    "version 1\n"
	    "0\tm.map\t3\t2\t0\t0\t2\t1\t2.4\t7\n";

	scen_refused(eight, strlen(eight), "t.scen:3:", "found 8");
	scen_refused(ten, strlen(ten), "t.scen:2:", "found 10");
	scen_refused(ten, strlen(ten), "t.scen:2:", "expected 9 fields");
}
END_TEST

/* Fields that are not numbers, or out of range, name their column. */
START_TEST(test_scen_bad_fields)
{
	static const struct {
		const char	*text;
		const char	*where;
		const char	*what;
	} cases[] = {
		{ "version 1\n0 m.map 3 2 x 0 2 1 2.4\n", "t.scen:2:13:",
		  "start x \"x\"" },
		{ "version 1\n0 m.map 3 2 0 0 2 1 far\n", "t.scen:2:21:",
		  "optimal length \"far\"" },
		{ "version 1\n0 m.map 3 2 0 0 2 1 -2\n", "t.scen:2:21:",
		  "optimal length \"-2\"" },
		{ "version 1\nb m.map 3 2 0 0 2 1 2\n", "t.scen:2:1:",
		  "bucket \"b\"" },
		{ "version 1\n0 m.map 0 2 0 0 0 1 2\n", "t.scen:2:9:",
		  "width \"0\"" },
		{ "version 1\n0 m.map 3 2 3 0 2 1 2\n", "t.scen:2:13:",
		  "outside the map" },
		{ "version 1\n0 m.map 3 2 0 2 2 1 2\n", "t.scen:2:15:",
		  "outside the map" },
		{ "version 1\n0 m.map 3 2 0 0 -1 1 2\n", "t.scen:2:17:",
		  "goal x \"-1\"" },
		{ "version 1\n0 m.map 3 2 0 0 2 9 2\n", "t.scen:2:19:",
		  "goal y \"9\"" },
		{ "version 1\n0 m.map 3 2 0 0 2 1 2.4.1\n", "t.scen:2:21:",
		  "optimal length" }
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		scen_refused(cases[i].text, strlen(cases[i].text),
		    cases[i].where, cases[i].what);
}
END_TEST

/* The version line is required and checked; empty files are refused. */
START_TEST(test_scen_version_and_empty)
{
	static const char no_version[] =
	    "0\tm.map\t3\t2\t0\t0\t2\t1\t2.4\n";
	static const char garbage[] = "PK\x03\x04\0\x01\x02\n\xff\0";

	scen_refused("", 0, "t.scen: empty file", NULL);
	scen_refused("\n \n", 3, "t.scen: empty file", NULL);
	scen_refused(no_version, strlen(no_version), "t.scen:1:1:",
	    "expected \"version 1\"");
	scen_refused("version 2\n", 10, "t.scen:1:", "expected \"version 1\"");
	scen_refused("version\n", 8, "t.scen:1:", "expected \"version 1\"");
	scen_refused(garbage, sizeof garbage - 1, "t.scen:1:",
	    "expected \"version 1\"");
}
END_TEST

/* lab_scen_check holds starts, goals and sizes against the map. */
START_TEST(test_scen_check)
{
	static const char map[] =
	    "type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n";
	static const struct {
		const char	*text;
		const char	*where;
		const char	*what;
	} bad[] = {
		{ "version 1\n0 m 3 2 0 0 2 0 4\n0 m 3 2 1 0 2 1 1\n",
		  "t.scen:3:", "start (1,0) is on a blocked cell" },
		{ "version 1\n0 m 3 2 0 0 1 0 4\n", "t.scen:2:",
		  "goal (1,0) is on a blocked cell" },
		{ "version 1\n0 m 3 2 0 0 2 0 4\n\n0 m 4 2 0 0 2 0 4\n",
		  "t.scen:4:", "4x2 map but the map is 3x2" },
		{ "version 1\n0 m 3 3 0 0 2 0 4\n", "t.scen:2:",
		  "3x3 map but the map is 3x2" }
	};
	struct path_grid	*g;
	struct lab_scenario	*sc;
	char			*cause;
	size_t			 i;

	g = map_from(map, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	sc = scen_from("version 1\n0 m 3 2 0 0 2 0 4\n", &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_int_eq(lab_scen_check(sc, "t.scen", g, &cause), 0);
	lab_scen_free(sc);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		sc = scen_from(bad[i].text, &cause);
		ck_assert_msg(sc != NULL, "%s", cause);
		cause = NULL;
		ck_assert_int_eq(lab_scen_check(sc, "t.scen", g, &cause), -1);
		pt_expect_message(cause, bad[i].where, bad[i].what);
		free(cause);
		lab_scen_free(sc);
	}
	path_grid_free(g);
}
END_TEST

/* The scenario reader names a file it cannot open. */
START_TEST(test_scen_read_file)
{
	struct lab_scenario	*sc;
	char			*cause = NULL;

	sc = lab_scen_read(TEST_DATA "/movingai/none.map.scen",
	    &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "none.map.scen", "cannot open");
	free(cause);
}
END_TEST

/* Tolerance is max(0.011, 2e-5 * length), both ways, never for NONE. */
START_TEST(test_length_tolerance)
{
	const path_cost	ten = 10 * PATH_COST_ORTHO;
	const path_cost	thousand = 1000 * PATH_COST_ORTHO;

	ck_assert(lab_length_matches(0, 0));
	ck_assert(lab_length_matches(0.0105, 0));
	ck_assert(!lab_length_matches(0.0115, 0));
	ck_assert(lab_length_matches(10.0105, ten));
	ck_assert(lab_length_matches(9.9895, ten));
	ck_assert(!lab_length_matches(10.0115, ten));
	ck_assert(!lab_length_matches(9.9885, ten));
	/* Up to 550 the absolute 0.011 wins; beyond, 2e-5 of the length. */
	ck_assert(lab_length_matches(1000.0195, thousand));
	ck_assert(lab_length_matches(999.9805, thousand));
	ck_assert(!lab_length_matches(1000.0205, thousand));
	ck_assert(!lab_length_matches(999.9795, thousand));
	ck_assert(!lab_length_matches(1000.015, thousand - PATH_COST_ORTHO));
	/* A diagonal step against sqrt(2) printed to six digits. */
	ck_assert(lab_length_matches(1.41421, PATH_COST_DIAG));
	ck_assert(lab_length_matches(1414.21356, 1000 * PATH_COST_DIAG));
	ck_assert(lab_length_matches(244.95, 71 * PATH_COST_ORTHO +
	    123 * PATH_COST_DIAG));
	/* No path never matches a length, however large. */
	ck_assert(!lab_length_matches(0, PATH_COST_NONE));
	ck_assert(!lab_length_matches(1e300, PATH_COST_NONE));
	ck_assert(!lab_length_matches(-1, PATH_COST_NONE));
}
END_TEST

/* The Moving AI suite: benchmark files, then the parsers' edges. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("movingai");
	TCase	*tc;

	tc = tcase_create("scenarios");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_dao_scenarios, 0,
	    (int)(sizeof dao_maps / sizeof dao_maps[0]));
	tcase_add_test(tc, test_validator_catches_faults);
	suite_add_tcase(s, tc);

	tc = tcase_create("open");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_open_scenarios, 0,
	    (int)(sizeof open_maps / sizeof open_maps[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("map");
	tcase_add_test(tc, test_map_terrain);
	tcase_add_test(tc, test_map_header_order_crlf);
	tcase_add_test(tc, test_map_truncated);
	tcase_add_test(tc, test_map_row_width);
	tcase_add_test(tc, test_map_header_mismatch);
	tcase_add_test(tc, test_map_unknown_char);
	tcase_add_test(tc, test_map_missing_header);
	tcase_add_test(tc, test_map_bad_header_values);
	tcase_add_test(tc, test_map_absurd_size);
	tcase_add_test(tc, test_map_empty_and_garbage);
	tcase_add_test(tc, test_nul_led_lines);
	tcase_add_test(tc, test_map_read_file);
	suite_add_tcase(s, tc);

	tc = tcase_create("scen");
	tcase_add_test(tc, test_scen_good);
	tcase_add_test(tc, test_scen_field_count);
	tcase_add_test(tc, test_scen_bad_fields);
	tcase_add_test(tc, test_scen_version_and_empty);
	tcase_add_test(tc, test_scen_check);
	tcase_add_test(tc, test_scen_read_file);
	suite_add_tcase(s, tc);

	tc = tcase_create("tolerance");
	tcase_add_test(tc, test_length_tolerance);
	suite_add_tcase(s, tc);
	return (s);
}
