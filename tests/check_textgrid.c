/*
 * check_textgrid.c: hand-typed grids and the map loader that picks a
 * parser.
 *
 * Good input is compared cell by cell with a grid built in the test;
 * bad input must be refused with a message that points at the line and,
 * where there is one, the column, because that is what a person fixing
 * a map by hand needs.  Buffers are passed with explicit lengths so that
 * NUL bytes inside them are part of the input.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "testutil.h"
#include "textgrid.h"

/* Parses a buffer that must be good. */
static struct path_grid *
parse_ok(const char *name, const char *buf, size_t len)
{
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_textgrid_parse(name, buf, len, &cause);
	ck_assert_msg(g != NULL, "%s refused: %s", name,
	    cause != NULL ? cause : "(no cause)");
	return (g);
}

/*
 * Parses a buffer that must be refused, and checks that the message
 * starts with prefix and contains what.
 */
static void
parse_bad(const char *name, const char *buf, size_t len, const char *prefix,
    const char *what)
{
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_textgrid_parse(name, buf, len, &cause);
	ck_assert_msg(g == NULL, "%s accepted as a %dx%d grid", name,
	    g != NULL ? path_grid_width(g) : 0,
	    g != NULL ? path_grid_height(g) : 0);
	ck_assert_msg(cause != NULL, "%s refused without a cause", name);
	ck_assert_msg(strncmp(cause, prefix, strlen(prefix)) == 0,
	    "%s: cause \"%s\" does not start with \"%s\"", name, cause,
	    prefix);
	ck_assert_msg(what == NULL || strstr(cause, what) != NULL,
	    "%s: cause \"%s\" does not mention \"%s\"", name, cause, what);
	free(cause);
}

/* Like parse_bad, for text without NUL bytes. */
static void
parse_bad_text(const char *name, const char *text, const char *prefix,
    const char *what)
{
	parse_bad(name, text, strlen(text), prefix, what);
}

/* Asserts a grid's size and cells against rows of expected costs. */
static void
assert_cells(const struct path_grid *g, int w, int h, const unsigned *cells,
    const char *what)
{
	int	x, y;

	ck_assert_msg(path_grid_width(g) == w && path_grid_height(g) == h,
	    "%s: %dx%d, expected %dx%d", what, path_grid_width(g),
	    path_grid_height(g), w, h);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			ck_assert_msg(path_grid_get(g, x, y) ==
			    cells[y * w + x], "%s: cell (%d,%d) is %u, "
			    "expected %u", what, x, y, path_grid_get(g, x, y),
			    cells[y * w + x]);
	}
}

/* Parses text that must be good and checks its cells. */
static void
check_text(const char *text, int w, int h, const unsigned *cells)
{
	struct path_grid	*g;

	g = parse_ok(text, text, strlen(text));
	assert_cells(g, w, h, cells, text);
	path_grid_free(g);
}

/* Textbook grids: 0 open, 1 wall, with or without spaces. */
START_TEST(test_textgrid_digits)
{
	static const unsigned	 cells[] = {
		1, 1, 0, 1,
		1, 0, 1, 1,
		0, 1, 1, 1
	};
	static const unsigned	 open[] = { 1, 1, 1 };

	check_text("0010\n0100\n1000\n", 4, 3, cells);
	check_text("0 0 1 0\n0 1 0 0\n1 0 0 0\n", 4, 3, cells);
	check_text("0 0 1 0\n0100\n1\t0  0 0\n", 4, 3, cells);
	check_text("  0 0 1 0  \n0 1 0 0\n1 0 0 0", 4, 3, cells);
	check_text("0010\r\n0100\r\n1000\r\n", 4, 3, cells);
	check_text("000\n", 3, 1, open);
	check_text("0\n0\n0\n", 1, 3, open);
}
END_TEST

/* Roguelike grids: '.' open, '#' and '@' walls, digits are weights. */
START_TEST(test_textgrid_dots)
{
	static const unsigned	 plain[] = {
		1, 0, 1,
		0, 1, 1
	};
	static const unsigned	 weighted[] = {
		1, 5, 0, 9,
		2, 1, 0, 1,
		3, 4, 6, 7,
		8, 1, 1, 0
	};

	check_text(".#.\n@..\n", 3, 2, plain);
	check_text(". # .\n# . .\n", 3, 2, plain);
	check_text(".5#9\n21#1\n3467\n8.1@\n", 4, 4, weighted);
	check_text(". 5 # 9\n2 1 # 1\n3 4 6 7\n8 . 1 @\n", 4, 4, weighted);
}
END_TEST

/* Comment lines and blank lines are skipped wherever they are. */
START_TEST(test_textgrid_comments)
{
	static const unsigned	 plain[] = {
		1, 1, 0,
		0, 1, 1
	};
	static const unsigned	 digits[] = { 1, 0, 0, 1 };

	check_text("; a map\n\n..#\n   \n; between rows\n\t\n#..\n\n; end\n",
	    3, 2, plain);
	check_text("  ; indented comment\n..#\r\n\r\n#..\r\n", 3, 2, plain);
	check_text("; 0 1 x ? comments may say anything\n0 1\n1 0\n", 2, 2,
	    digits);
}
END_TEST

/* Rows of different widths name the line and both widths. */
START_TEST(test_textgrid_ragged)
{
	parse_bad_text("rag.txt", "...\n..\n",
	    "rag.txt:2: row has 2 cells, expected 3", NULL);
	parse_bad_text("rag.txt", "0 0 0\n0 0 0 0\n0 0 0\n",
	    "rag.txt:2: row has 4 cells, expected 3", NULL);
	/* The line counts comments and blank lines. */
	parse_bad_text("rag.map", "; header\n\n.#.#\n\n; note\n.#.\n",
	    "rag.map:6: row has 3 cells, expected 4", NULL);
	parse_bad_text("rag.map", "..\n..\n..\n...\n",
	    "rag.map:4: row has 3 cells, expected 2", NULL);
}
END_TEST

/* Unknown characters name the line and column. */
START_TEST(test_textgrid_unknown)
{
	parse_bad_text("bad.txt", "..\n.x\n",
	    "bad.txt:2:2: unknown character", "'x'");
	parse_bad_text("bad.txt", ". . #\n. ? .\n",
	    "bad.txt:2:3: unknown character", "'?'");
	parse_bad_text("bad.txt", "; ok\n\n...\n..a\n",
	    "bad.txt:4:3: unknown character", "'a'");
	/* A 0 in a '.'/'#' grid is not a cost. */
	parse_bad_text("bad.txt", ".0.\n...\n",
	    "bad.txt:1:2: unknown character", "'0'");
	/*
	 * Nor is '.' in a textbook grid: the whole file is one kind, and
	 * the error is where the reading that went further stopped.
	 */
	parse_bad_text("bad.txt", "0 1\n0 .\n0 1\n",
	    "bad.txt:2:3: unknown character", "'.'");
	parse_bad_text("bad.txt", "0,0,0\n0,1,0\n",
	    "bad.txt:1:2: unknown character", "','");
}
END_TEST

/* Nothing to read is refused. */
START_TEST(test_textgrid_empty)
{
	parse_bad_text("empty.txt", "", "empty.txt: ", "empty");
	parse_bad_text("empty.txt", "\n\n  \n\t\n", "empty.txt", "empty");
	parse_bad_text("empty.txt", "; only\n; comments\n", "empty.txt",
	    "empty");
	/* A length of zero means nothing, whatever the buffer holds. */
	parse_bad("empty.txt", "...\n", 0, "empty.txt", "empty");
}
END_TEST

/* Binary garbage, NUL bytes included, is refused, not half read. */
START_TEST(test_textgrid_binary)
{
	static const char	 garbage[] = {
		'\x7f', 'E', 'L', 'F', '\x02', '\x01', '\x01', '\0', '\0',
		'\0', '\n', '\xff', '\xfe', '\0', '\n'
	};
	static const char	 nul_in_row[] = ". .\0.\n...\n";
	static const char	 nul_first[] = "\0..\n...\n";
	static const char	 high[] = "..\n.\xc3\xa9\n";

	parse_bad("garbage.bin", garbage, sizeof garbage, "garbage.bin:1:1: "
	    "unknown character", NULL);
	parse_bad("nul.txt", nul_in_row, sizeof nul_in_row - 1,
	    "nul.txt:1:4: unknown character", "\\x00");
	parse_bad("nul.txt", nul_first, sizeof nul_first - 1,
	    "nul.txt:1:1: unknown character", "\\x00");
	parse_bad("utf8.txt", high, sizeof high - 1,
	    "utf8.txt:2:2: unknown character", "\\xc3");
}
END_TEST

/* Writes contents to a temporary map, reads it back, removes it. */
static struct path_grid *
read_temp(const char *contents, char **cause, char **path)
{
	struct path_grid	*g;

	*path = test_temp_file(contents, strlen(contents));
	*cause = NULL;
	g = path_map_read(*path, cause);
	unlink(*path);
	return (g);
}

/* path_map_read picks the Moving AI reader for "type" files. */
START_TEST(test_map_read_movingai)
{
	static const unsigned	 cells[] = {
		1, 0, 1,
		1, 1, 0
	};
	struct path_grid	*g;
	char			*cause, *path;

	/*
	 * 'T' is a tree to Moving AI and unknown to the text reader, so
	 * only the Moving AI reader can read this map.
	 */
	g = read_temp("type octile\nheight 2\nwidth 3\nmap\n.@.\n..T\n",
	    &cause, &path);
	ck_assert_msg(g != NULL, "moving AI map refused: %s",
	    cause != NULL ? cause : "(no cause)");
	assert_cells(g, 3, 2, cells, "moving AI map");
	path_grid_free(g);
	free(path);

	/* Its errors name the file too. */
	g = read_temp("type octile\nheight 2\nwidth 3\nmap\n.@.\n..\n",
	    &cause, &path);
	ck_assert_msg(g == NULL, "a truncated moving AI map was accepted");
	ck_assert_msg(cause != NULL && strncmp(cause, path, strlen(path)) == 0,
	    "cause \"%s\" does not name %s", cause != NULL ? cause : "(null)",
	    path);
	free(cause);
	free(path);
}
END_TEST

/* path_map_read reads anything else as a text grid. */
START_TEST(test_map_read_text)
{
	static const unsigned	 cells[] = { 1, 0, 1, 1, 7, 1 };
	struct path_grid	*g;
	char			*cause, *path;

	g = read_temp("; typed by hand\n.#.\n.7.\n", &cause, &path);
	ck_assert_msg(g != NULL, "text map refused: %s",
	    cause != NULL ? cause : "(no cause)");
	assert_cells(g, 3, 2, cells, "text map");
	path_grid_free(g);
	free(path);

	g = read_temp("..\n.x\n", &cause, &path);
	ck_assert(g == NULL);
	ck_assert_msg(cause != NULL &&
	    strncmp(cause, path, strlen(path)) == 0 &&
	    strstr(cause, ":2:2: unknown character") != NULL,
	    "cause \"%s\" for %s", cause != NULL ? cause : "(null)", path);
	free(cause);
	free(path);
}
END_TEST

/* A missing file is an error naming the file. */
START_TEST(test_map_read_missing)
{
	const char		*path = "/tmp/astray-test-no-such-dir/none.map";
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_map_read(path, &cause);
	ck_assert(g == NULL);
	ck_assert_msg(cause != NULL && strstr(cause, path) != NULL,
	    "cause \"%s\" does not name %s", cause != NULL ? cause : "(null)",
	    path);
	free(cause);
}
END_TEST

/* The data files shipped for the walkthroughs load. */
START_TEST(test_map_read_data)
{
	static const char *const files[] = {
		"explain/tutorial.txt", "explain/second.txt"
	};
	static const int	 sizes[][2] = { { 7, 6 }, { 5, 5 } };
	struct path_grid	*g;
	char			 file[1024], *cause;
	size_t			 i;

	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(file, sizeof file, "%s/%s", TEST_DATA, files[i]);
		cause = NULL;
		g = path_map_read(file, &cause);
		ck_assert_msg(g != NULL, "%s: %s", file,
		    cause != NULL ? cause : "(no cause)");
		ck_assert_int_eq(path_grid_width(g), sizes[i][0]);
		ck_assert_int_eq(path_grid_height(g), sizes[i][1]);
		path_grid_free(g);
	}
}
END_TEST

/* Builds the text grid suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("textgrid");
	TCase	*tc;

	tc = tcase_create("parse");
	tcase_add_test(tc, test_textgrid_digits);
	tcase_add_test(tc, test_textgrid_dots);
	tcase_add_test(tc, test_textgrid_comments);
	tcase_add_test(tc, test_textgrid_ragged);
	tcase_add_test(tc, test_textgrid_unknown);
	tcase_add_test(tc, test_textgrid_empty);
	tcase_add_test(tc, test_textgrid_binary);
	suite_add_tcase(s, tc);

	tc = tcase_create("read");
	tcase_add_test(tc, test_map_read_movingai);
	tcase_add_test(tc, test_map_read_text);
	tcase_add_test(tc, test_map_read_missing);
	tcase_add_test(tc, test_map_read_data);
	suite_add_tcase(s, tc);
	return (s);
}
