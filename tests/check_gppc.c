/*
 * check_gppc.c: the GPPC dynamic track, run command by command.
 *
 * The fixtures in tests/data/dyn were written by tests/tools/gen-dyn.py,
 * whose reference costs come from its own floating-point Dijkstra: an
 * oracle that shares no code with the library.  Each fixture is replayed
 * on a grid that starts all open: patches go through lab_gppc_apply,
 * queries through A*, and every cost is held against the reference (-1
 * meaning no path, blocked starts and goals included).  Every patch is
 * also checked against the change log: the version moves by exactly the
 * number of cells whose openness flipped, so an incremental planner
 * replaying the log sees no phantom changes and misses none.
 *
 * The parser tests give small buffers with one defect each and check that
 * the message names the right file (scenario or patch file) and line.
 * A patch file claiming a million patches runs in a child whose heap is
 * capped, so obeying the claim would crash the child and fail the test.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "gppc.h"
#include "grid.h"
#include "movingai.h"
#include "scen.h"
#include "parsetest.h"
#include "path.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the tests/data folder"
#endif

/* The heap an absurd header may make a refusing reader take: 4 MiB. */
#define GPPC_HEAP_CAP	(4L << 20)

/* A committed fixture and what it must hold. */
struct dyn_fixture {
	const char	*name;
	int		 width;
	int		 height;
	size_t		 queries;
};

static const struct dyn_fixture dyn_fixtures[] = {
	{ .name = "rooms-32x24", .width = 32, .height = 24, .queries = 40 },
	{ .name = "den312d", .width = 65, .height = 81, .queries = 200 }
};

/* The scenario header of the in-memory tests: a 5x4 grid. */
#define HEADER \
	"version 2\nheight 4\nwidth 5\ncost 1 octile\npatch t.patch\n" \
	"commands\n"

/* Two patches: a 2x2 checker (lines 3-8) and a 3x1 wall (lines 9-13). */
#define PATCHES \
	"type patch\npatches 2\n" \
	"patch 0\nheight 2\nwidth 2\nmap\n.@\n@.\n" \
	"patch 1\nheight 1\nwidth 3\nmap\n@@@\n"

/* Parses a scenario and patch file given as strings. */
static struct lab_gppc *
gppc_from(const char *scen, const char *patch, char **cause)
{
	*cause = NULL;
	return (lab_gppc_parse("t.scen", scen, strlen(scen), "t.patch", patch,
	    strlen(patch), cause));
}

/*
 * Asserts that a scenario is refused with a message holding both needles;
 * line is the caller's, for the failure report.
 */
static void
gppc_refused_at(int line, const char *scen, size_t len, const char *patch,
    size_t patch_len, const char *where, const char *what)
{
	struct lab_gppc	*sc;
	char			*cause = NULL;
	int			 accepted;

	sc = lab_gppc_parse("t.scen", scen, len, "t.patch", patch, patch_len,
	    &cause);
	accepted = sc != NULL;
	lab_gppc_free(sc);
	ck_assert_msg(!accepted, "line %d: a bad scenario was accepted "
	    "(expected \"%s\")", line, where);
	pt_expect_message(cause, where, what);
	free(cause);
}
#define gppc_refused(scen, len, patch, patch_len, where, what) \
	gppc_refused_at(__LINE__, scen, len, patch, patch_len, where, what)

/* Like gppc_refused, for NUL-terminated texts. */
#define refused(scen, patch, where, what) \
	gppc_refused_at(__LINE__, scen, strlen(scen), patch, strlen(patch), \
	    where, what)

/* Number of cells a patch command would flip between open and blocked. */
static uint64_t
cells_flipped(const struct lab_gppc *sc, const struct lab_gppc_command *c,
    const struct path_grid *g)
{
	const struct lab_gppc_patch	*p = &sc->patches[c->patch];
	uint64_t			 n = 0;
	int				 x, y, was_open;

	for (y = 0; y < p->height; y++) {
		for (x = 0; x < p->width; x++) {
			was_open = path_grid_get(g, c->x + x, c->y + y) != 0;
			if (was_open != (p->open[y * p->width + x] != 0))
				n++;
		}
	}
	return (n);
}

/* Checks that the cells under a placed patch are what it says. */
static void
expect_patched(const struct lab_gppc *sc, const struct lab_gppc_command *c,
    const struct path_grid *g)
{
	const struct lab_gppc_patch	*p = &sc->patches[c->patch];
	int				 x, y, open;

	for (y = 0; y < p->height; y++) {
		for (x = 0; x < p->width; x++) {
			open = path_grid_get(g, c->x + x, c->y + y);
			ck_assert_msg(open == p->open[y * p->width + x],
			    "line %d: cell (%d,%d) is %d after patch %d",
			    c->line, c->x + x, c->y + y, open, c->patch);
		}
	}
}

/* Every command of a committed fixture, against its reference costs. */
START_TEST(test_dyn_fixture)
{
	const struct dyn_fixture	*fx = &dyn_fixtures[_i];
	const struct lab_gppc_command	*c;
	struct lab_gppc		*sc;
	struct path_grid		*g;
	struct path_astar		*ws;
	char				 path[1024], *cause = NULL;
	path_cost			 cost;
	uint64_t			 before, flipped;
	size_t				 i, none = 0, zero = 0;
	size_t				 patches = 0, blocked = 0;
	double				 start = pt_now();

	snprintf(path, sizeof path, "%s/dyn/%s.scen", TEST_DATA, fx->name);
	sc = lab_gppc_read(path, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_int_eq(sc->width, fx->width);
	ck_assert_int_eq(sc->height, fx->height);
	ck_assert_uint_eq(sc->nqueries, fx->queries);
	ck_assert_ptr_nonnull(strstr(sc->patch_file, fx->name));

	g = path_grid_new(sc->width, sc->height, 1, PATH_GRID_LOG_DEFAULT);
	ws = path_astar_new(sc->width, sc->height);
	for (i = 0; i < sc->ncommands; i++) {
		c = &sc->commands[i];
		if (c->kind == LAB_GPPC_PATCH) {
			before = path_grid_version(g);
			flipped = cells_flipped(sc, c, g);
			lab_gppc_apply(sc, c, g);
			ck_assert_msg(path_grid_version(g) - before == flipped,
			    "%s:%d: version moved by %llu for %llu changed "
			    "cells", path, c->line, (unsigned long long)
			    (path_grid_version(g) - before),
			    (unsigned long long)flipped);
			expect_patched(sc, c, g);
			patches++;
			continue;
		}
		if (path_grid_get(g, c->sx, c->sy) == 0 ||
		    path_grid_get(g, c->gx, c->gy) == 0)
			blocked++;
		cost = path_astar_search(ws, g, path_rules_movingai(), c->sx,
		    c->sy, c->gx, c->gy, NULL);
		if (c->reference < 0) {
			ck_assert_msg(cost == PATH_COST_NONE, "%s:%d: "
			    "(%d,%d)->(%d,%d) found %.6f where there is no "
			    "path", path, c->line, c->sx, c->sy, c->gx, c->gy,
			    path_cost_to_double(cost));
			none++;
			continue;
		}
		ck_assert_msg(lab_length_matches(c->reference, cost),
		    "%s:%d: (%d,%d)->(%d,%d) found %.6f, reference %.6f",
		    path, c->line, c->sx, c->sy, c->gx, c->gy,
		    cost == PATH_COST_NONE ? -1.0 : path_cost_to_double(cost),
		    c->reference);
		if (c->reference == 0)
			zero++;
	}
	/* A regenerated fixture must keep exercising the hard cases. */
	ck_assert_msg(none >= 2 && zero >= 1 && blocked >= 1 && patches >= 10,
	    "%s covers too little: %zu no-path, %zu start == goal, %zu "
	    "blocked, %zu patches", path, none, zero, blocked, patches);
	path_astar_free(ws);
	path_grid_free(g);
	lab_gppc_free(sc);
	fprintf(stderr, "check_gppc: %s: %zu queries (%zu without a path), "
	    "%zu patches in %.3f s\n", fx->name, fx->queries, none, patches,
	    pt_now() - start);
}
END_TEST

/* Collects the cells a change log replays. */
struct replay {
	int	count;
	int	x[16];
	int	y[16];
	int	open[16];
};

/* Records one replayed change. */
static void
replay_one(void *ctx, const struct path_change *ch)
{
	struct replay	*r = ctx;

	if (r->count < 16) {
		r->x[r->count] = ch->x;
		r->y[r->count] = ch->y;
		r->open[r->count] = ch->new_cost != 0;
	}
	r->count++;
}

/*
 * A patch bumps the version once per cell whose openness changes, logs
 * exactly those cells, and placing it again changes nothing.
 */
START_TEST(test_apply_change_log)
{
	struct lab_gppc	*sc;
	struct path_grid	*g;
	struct replay		 r = { 0 };
	char			*cause;
	uint64_t		 v;
	int			 i;

	sc = gppc_from(HEADER "P 0 0 1 1\nP 0 1 0 1\nP 0 0 1 1\n", PATCHES,
	    &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_uint_eq(sc->npatches, 2);
	ck_assert_uint_eq(sc->ncommands, 3);
	ck_assert_uint_eq(sc->nqueries, 0);
	g = path_grid_new(5, 4, 1, PATH_GRID_LOG_DEFAULT);

	/* The checker on an open grid blocks two cells: (2,1) and (1,2). */
	lab_gppc_apply(sc, &sc->commands[0], g);
	ck_assert_uint_eq(path_grid_version(g), 2);
	ck_assert_int_eq(path_grid_changes_since(g, 0, replay_one, &r), 2);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(r.open[i], 0);
		ck_assert((r.x[i] == 2 && r.y[i] == 1) ||
		    (r.x[i] == 1 && r.y[i] == 2));
	}
	ck_assert_int_eq(path_grid_get(g, 1, 1), 1);
	ck_assert_int_eq(path_grid_get(g, 2, 2), 1);

	/* The wall over row 1 blocks (0,1) and (1,1); (2,1) already was. */
	v = path_grid_version(g);
	lab_gppc_apply(sc, &sc->commands[1], g);
	ck_assert_uint_eq(path_grid_version(g) - v, 2);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, v, replay_one, &r), 2);
	ck_assert_int_eq(r.x[0] + r.x[1], 1);
	ck_assert_int_eq(r.y[0], 1);
	ck_assert_int_eq(r.y[1], 1);

	/* The checker again reopens (1,1), and only it. */
	v = path_grid_version(g);
	lab_gppc_apply(sc, &sc->commands[2], g);
	ck_assert_uint_eq(path_grid_version(g) - v, 1);
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(path_grid_changes_since(g, v, replay_one, &r), 1);
	ck_assert_int_eq(r.x[0], 1);
	ck_assert_int_eq(r.y[0], 1);
	ck_assert_int_eq(r.open[0], 1);

	/* And once more: nothing changes, nothing is logged. */
	v = path_grid_version(g);
	lab_gppc_apply(sc, &sc->commands[2], g);
	ck_assert_uint_eq(path_grid_version(g), v);
	path_grid_free(g);
	lab_gppc_free(sc);
}
END_TEST

/* Every terrain character reads right, and queries keep their fields. */
START_TEST(test_parse_good)
{
	static const char scen[] =
	    "version 2\r\nheight 3\r\nwidth 7\r\ncost 2 euclid octile\r\n"
	    "patch p.patch\r\ncommands\r\n"
	    "P 0 0 0 1\r\n"
	    "Q 3 0 0 6 2 9.1 8.2426406871\r\n"
	    "\r\n"
	    "Q 0 1 1 1 1 0 0\r\n"
	    "Q 0 0 0 1 1 -1 -1\r\n";
	static const char patch[] =
	    "type patch\npatches 1\npatch 0\nheight 1\nwidth 7\nmap\n"
	    ".GS@OTW\n";
	static const int open[] = { 1, 1, 1, 0, 0, 0, 0 };
	struct lab_gppc	*sc;
	struct path_grid	*g;
	char			*cause;
	int			 x;

	sc = gppc_from(scen, patch, &cause);
	ck_assert_msg(sc != NULL, "%s", cause);
	ck_assert_int_eq(sc->width, 7);
	ck_assert_int_eq(sc->height, 3);
	ck_assert_str_eq(sc->patch_file, "t.patch");
	ck_assert_uint_eq(sc->ncommands, 4);
	ck_assert_uint_eq(sc->nqueries, 3);
	ck_assert_int_eq(sc->commands[0].kind, LAB_GPPC_PATCH);
	ck_assert_int_eq(sc->commands[0].y, 1);
	ck_assert_int_eq(sc->commands[1].kind, LAB_GPPC_QUERY);
	ck_assert_int_eq(sc->commands[1].bucket, 3);
	ck_assert_int_eq(sc->commands[1].gx, 6);
	ck_assert_int_eq(sc->commands[1].gy, 2);
	ck_assert_int_eq(sc->commands[1].line, 8);
	/* The octile column is the second of two. */
	ck_assert_double_eq_tol(sc->commands[1].reference, 8.2426406871,
	    1e-9);
	ck_assert_int_eq(sc->commands[2].line, 10);
	ck_assert_double_eq(sc->commands[2].reference, 0);
	ck_assert_double_eq(sc->commands[3].reference, -1);
	ck_assert_int_eq(sc->patches[0].width, 7);
	g = path_grid_new(7, 3, 1, PATH_GRID_LOG_DEFAULT);
	lab_gppc_apply(sc, &sc->commands[0], g);
	for (x = 0; x < 7; x++) {
		ck_assert_int_eq(sc->patches[0].open[x], open[x]);
		ck_assert_int_eq(path_grid_get(g, x, 1), open[x]);
		ck_assert_int_eq(path_grid_get(g, x, 0), 1);
	}
	ck_assert_uint_eq(path_grid_version(g), 4);
	path_grid_free(g);
	lab_gppc_free(sc);
}
END_TEST

/* The patch file name comes back with the line that gives it. */
START_TEST(test_patch_name)
{
	char	*name, *cause = NULL;
	int	 line = 0;

	name = lab_gppc_patch_name("t.scen", HEADER, strlen(HEADER), &line,
	    &cause);
	ck_assert_msg(name != NULL, "%s", cause);
	ck_assert_str_eq(name, "t.patch");
	ck_assert_int_eq(line, 5);
	free(name);
}
END_TEST

/* Header defects in the scenario: version, missing and bad lines. */
START_TEST(test_scen_header)
{
	refused("version 1\nheight 4\nwidth 5\ncost 1 octile\npatch t.patch\n"
	    "commands\n", PATCHES, "t.scen:1:9:", "version \"1\"");
	refused("version 2.0\nheight 4\n", PATCHES, "t.scen:1:", "version");
	refused("height 4\nwidth 5\n", PATCHES, "t.scen:1:",
	    "expected \"version N\"");
	refused("version 2\nwidth 5\ncost 1 octile\npatch t.patch\n"
	    "commands\n", PATCHES, "t.scen:2:", "expected \"height N\"");
	refused("version 2\nheight 4\ncost 1 octile\npatch t.patch\n"
	    "commands\n", PATCHES, "t.scen:3:", "expected \"width N\"");
	refused("version 2\nheight 4\nwidth 5\npatch t.patch\ncommands\n",
	    PATCHES, "t.scen:4:", "expected \"cost N\"");
	refused("version 2\nheight 4\nwidth 5\ncost 1 octile\ncommands\n",
	    PATCHES, "t.scen:5:", "expected \"patch FILE\"");
	refused("version 2\nheight 4\nwidth 5\ncost 1 octile\npatch t.patch\n"
	    "P 0 0 1 1\n", PATCHES, "t.scen:6:", "expected \"commands\"");
	refused("version 2\nheight 4\nwidth 5\ncost 1 octile\npatch t.patch\n",
	    PATCHES, "t.scen:5:", "the file ends where \"commands\"");
	refused("version 2\nheight 0\n", PATCHES, "t.scen:2:8:",
	    "height \"0\" is not a number from 1");
	refused("version 2\nheight 4\nwidth -5\n", PATCHES, "t.scen:3:7:",
	    "width \"-5\"");
	refused("version 2\nheight four\n", PATCHES, "t.scen:2:8:",
	    "\"four\"");
	refused("version 2\nheight 1000000\nwidth 1000000\n", PATCHES,
	    "t.scen:2:", "16384");
	refused("version 2\nheight 16384\nwidth 16384\n", PATCHES,
	    "t.scen:3:", "67108864");
	refused("version 2\nheight 4\nwidth 5\ncost 1 euclid\npatch t.patch\n"
	    "commands\n", PATCHES, "t.scen:4:", "no \"octile\"");
	refused("version 2\nheight 4\nwidth 5\ncost 2 octile\npatch t.patch\n"
	    "commands\n", PATCHES, "t.scen:4:", "expected \"cost N\"");
	refused("version 2\nheight 4\nwidth 5\ncost 2 octile octile\n"
	    "patch t.patch\ncommands\n", PATCHES, "t.scen:4:", "twice");
}
END_TEST

/* A patch file name that leaves the scenario's folder is refused. */
START_TEST(test_scen_patch_path)
{
	static const char *const names[] = {
		"../t.patch", "sub/t.patch", "/etc/passwd", "..", "."
	};
	char	scen[256];
	size_t	i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(scen, sizeof scen, "version 2\nheight 4\nwidth 5\n"
		    "cost 1 octile\npatch %s\ncommands\n", names[i]);
		refused(scen, PATCHES, "t.scen:5:7:", "plain file name");
	}
	refused("version 2\nheight 4\nwidth 5\ncost 1 octile\npatch a b\n"
	    "commands\n", PATCHES, "t.scen:5:", "expected \"patch FILE\"");
}
END_TEST

/* Command defects: ids, placement, bounds, fields, letters. */
START_TEST(test_scen_commands)
{
	refused(HEADER "P 0 0 1 1\nP 0 2 1 1\n", PATCHES, "t.scen:8:5:",
	    "not one of the 2 patches");
	refused(HEADER "P 0 -1 1 1\n", PATCHES, "t.scen:7:5:", "patch id");
	refused(HEADER "P 0 x 1 1\n", PATCHES, "t.scen:7:", "patch id");
	refused(HEADER "P 0 1 3 0\n", PATCHES, "t.scen:7:7: patch 1 (3x1)",
	    "does not fit in the 5x4 grid");
	refused(HEADER "P 0 0 0 3\n", PATCHES, "t.scen:7:",
	    "does not fit");
	refused(HEADER "P 0 0 -1 0\n", PATCHES, "t.scen:7:", "does not fit");
	refused(HEADER "P 0 0 1\n", PATCHES, "t.scen:7:",
	    "expected \"P bucket id x y\"");
	refused(HEADER "Q 0 5 0 0 0 1\n", PATCHES, "t.scen:7:5:",
	    "coordinate \"5\" is not a number from 0 to 4");
	refused(HEADER "Q 0 0 4 0 0 1\n", PATCHES, "t.scen:7:7:",
	    "from 0 to 3");
	refused(HEADER "Q 0 0 0 0 -1 1\n", PATCHES, "t.scen:7:11:",
	    "coordinate \"-1\"");
	refused(HEADER "Q 0 0 0 1 1\n", PATCHES, "t.scen:7:",
	    "1 cost, found 6 fields");
	refused(HEADER "Q 0 0 0 1 1 1.4 1.4\n", PATCHES, "t.scen:7:",
	    "found 8 fields");
	refused(HEADER "Q 0 0 0 1 1 far\n", PATCHES, "t.scen:7:13:",
	    "cost \"far\" is not a number");
	refused(HEADER "Q 0 0 0 1 1 1.4\nX 0 0 0 1 1\n", PATCHES,
	    "t.scen:8:1:", "unknown command \"X\"");
	refused(HEADER "q 0 0 0 1 1 1.4\n", PATCHES, "t.scen:7:1:",
	    "unknown command \"q\"");
	refused(HEADER "PQ 0 0 0 1 1\n", PATCHES, "t.scen:7:1:",
	    "unknown command");
}
END_TEST

/* Patch file defects name the patch file and its line. */
START_TEST(test_patch_file)
{
	refused(HEADER, "patch 0\n", "t.patch:1:", "expected \"type patch\"");
	refused(HEADER, "type octile\npatches 1\n", "t.patch:1:",
	    "expected \"type patch\"");
	refused(HEADER, "type patch\n", "t.patch:1:",
	    "the file ends where \"patches N\"");
	refused(HEADER, "type patch\npatches -1\n", "t.patch:2:9:",
	    "patches \"-1\"");
	refused(HEADER, "type patch\npatches 1\npatch 1\nheight 1\nwidth 1\n"
	    "map\n.\n", "t.patch:3:", "expected patch 0, found patch 1");
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 5\nwidth 1\n"
	    "map\n.\n.\n.\n.\n.\n", "t.patch:4:8:", "height \"5\"");
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 1\nwidth 6\n"
	    "map\n......\n", "t.patch:5:7:", "width \"6\"");
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 1\nwidth 1\n"
	    "mop\n.\n", "t.patch:6:1:", "expected \"map\"");
	/* Truncated: too few bytes, then enough bytes but too few lines. */
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 3\nwidth 2\n"
	    "map\n..\n", "t.patch:6:", "truncated: patch 0 promises 3 rows");
	refused(HEADER, "type patch\r\npatches 1\r\npatch 0\r\nheight 3\r\n"
	    "width 1\r\nmap\r\n.\r\n.\r\n", "t.patch:8:", "2 of 3 rows");
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 2\nwidth 2\n"
	    "map\n...\n.\n", "t.patch:7:", "row 1 of patch 0 has 3 "
	    "characters, expected 2");
	refused(HEADER, "type patch\npatches 1\npatch 0\nheight 2\nwidth 2\n"
	    "map\n..\n.#\n", "t.patch:8:2:", "unknown character '#'");
	refused(HEADER, "type patch\npatches 2\npatch 0\nheight 1\nwidth 1\n"
	    "map\n.\npatch 1\nheight 1\nwidth 1\nmap\n.\n.\n", "t.patch:13:",
	    "unexpected text after the 2 patches");
	refused(HEADER, "type patch\npatches 4\npatch 0\nheight 1\nwidth 1\n"
	    "map\n.\npatch 1\nheight 1\nwidth 1\nmap\n.\npatch 2\nheight 1\n"
	    "width 1\nmap\n.\n", "t.patch:2:", "cannot fit");
}
END_TEST

/* Checks "patches 1000000" over a tiny file; returns 0 when refused. */
static int
huge_patch_count(void)
{
	static const char patch[] =
	    "type patch\npatches 1000000\npatch 0\nheight 1\nwidth 1\nmap\n.\n";
	struct lab_gppc	*sc;
	char			*cause = NULL;

	sc = lab_gppc_parse("t.scen", HEADER, strlen(HEADER), "t.patch",
	    patch, strlen(patch), &cause);
	if (sc != NULL || cause == NULL || strstr(cause, "t.patch:2:") ==
	    NULL || strstr(cause, "1000000 patches") == NULL) {
		fprintf(stderr, "huge_patch_count: %s\n", cause ? cause : "?");
		return (1);
	}
	free(cause);
	return (0);
}

/* Checks a patch claiming 4096x4096 cells in a grid that size. */
static int
huge_patch_rows(void)
{
	static const char scen[] =
	    "version 2\nheight 4096\nwidth 4096\ncost 1 octile\n"
	    "patch t.patch\ncommands\n";
	static const char patch[] =
	    "type patch\npatches 1\npatch 0\nheight 4096\nwidth 4096\nmap\n"
	    "...\n";
	struct lab_gppc	*sc;
	char			*cause = NULL;

	sc = lab_gppc_parse("t.scen", scen, strlen(scen), "t.patch", patch,
	    strlen(patch), &cause);
	if (sc != NULL || cause == NULL || strstr(cause, "t.patch:6:") ==
	    NULL || strstr(cause, "truncated") == NULL) {
		fprintf(stderr, "huge_patch_rows: %s\n", cause ? cause : "?");
		return (1);
	}
	free(cause);
	return (0);
}

/* Claims far beyond the bytes present are refused before allocating. */
START_TEST(test_patch_absurd_counts)
{
	double	start = pt_now();

	ck_assert_int_eq(pt_run_capped(huge_patch_count, GPPC_HEAP_CAP), 0);
	ck_assert_int_eq(pt_run_capped(huge_patch_rows, GPPC_HEAP_CAP), 0);
	refused(HEADER, "type patch\npatches 1000001\n", "t.patch:2:",
	    "from 0 to 1000000");
	ck_assert_msg(pt_now() - start < 2.0, "refusing took %.2f s",
	    pt_now() - start);
}
END_TEST

/* Empty files and binary garbage, in the scenario and the patch file. */
START_TEST(test_empty_and_garbage)
{
	static const char garbage[] =
	    "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0";

	refused("", PATCHES, "t.scen: empty file", "version");
	refused("\n\n", PATCHES, "t.scen: empty file", "\"version 2\"");
	refused(HEADER, "", "t.patch: empty file", "type patch");
	gppc_refused(garbage, sizeof garbage - 1, PATCHES, strlen(PATCHES),
	    "t.scen:1:1:", "expected \"version N\"");
	gppc_refused(HEADER, strlen(HEADER), garbage, sizeof garbage - 1,
	    "t.patch:1:1:", "expected \"type patch\"");
}
END_TEST

/*
 * A line that starts with a NUL byte is text, not a blank line: a command
 * hidden behind one must not be skipped as if it were not there.
 */
START_TEST(test_nul_led_command)
{
	static const char scen[] = HEADER "\0 0 0 0 1 1 1.4\n";

	gppc_refused(scen, sizeof scen - 1, PATCHES, strlen(PATCHES),
	    "t.scen:7:", NULL);
}
END_TEST

/* Likewise a zero-filled tail after the patches is not blank lines. */
START_TEST(test_nul_led_patch_tail)
{
	static const char patch[] =
	    "type patch\npatches 1\npatch 0\nheight 1\nwidth 1\nmap\n.\n"
	    "\0\0\0\0\n";

	gppc_refused(HEADER, strlen(HEADER), patch, sizeof patch - 1,
	    "t.patch:8:", NULL);
}
END_TEST

/* The file reader: missing files are named with the line that names them. */
START_TEST(test_read_files)
{
	struct lab_gppc	*sc;
	char			*cause = NULL;

	sc = lab_gppc_read(TEST_DATA "/bad/missing-patch.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "missing-patch.scen:5:", "no-such.patch");
	ck_assert_ptr_nonnull(strstr(cause, "cannot open"));
	free(cause);

	sc = lab_gppc_read(TEST_DATA "/bad/no-such.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "no-such.scen", "cannot open");
	free(cause);

	sc = lab_gppc_read(TEST_DATA "/bad/patch-slash.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "patch-slash.scen:5:", "plain file name");
	free(cause);

	sc = lab_gppc_read(TEST_DATA "/bad/bad-patch-id.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "bad-patch-id.scen:9:",
	    "not one of the 2 patches");
	free(cause);

	sc = lab_gppc_read(TEST_DATA "/bad/truncated-patch.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "truncated-patch.patch:", "truncated");
	free(cause);

	sc = lab_gppc_read(TEST_DATA "/bad/huge-patches.scen", &cause);
	ck_assert_ptr_null(sc);
	pt_expect_message(cause, "huge-patches.patch:2:", "1000000 patches");
	free(cause);
}
END_TEST

/* The GPPC suite: fixtures, change log, then the parsers' edges. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("gppc");
	TCase	*tc;

	tc = tcase_create("fixtures");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_dyn_fixture, 0,
	    (int)(sizeof dyn_fixtures / sizeof dyn_fixtures[0]));
	tcase_add_test(tc, test_apply_change_log);
	suite_add_tcase(s, tc);

	tc = tcase_create("parse");
	tcase_add_test(tc, test_parse_good);
	tcase_add_test(tc, test_patch_name);
	tcase_add_test(tc, test_scen_header);
	tcase_add_test(tc, test_scen_patch_path);
	tcase_add_test(tc, test_scen_commands);
	tcase_add_test(tc, test_patch_file);
	tcase_add_test(tc, test_patch_absurd_counts);
	tcase_add_test(tc, test_empty_and_garbage);
	tcase_add_test(tc, test_nul_led_command);
	tcase_add_test(tc, test_nul_led_patch_tail);
	tcase_add_test(tc, test_read_files);
	suite_add_tcase(s, tc);
	return (s);
}
