/*
 * check_library.c: what libastray-path offers a program that sees only
 * its installed API: saves to buffers of bytes, and the out-of-memory
 * handler.
 *
 * Saved buffers are checked the way a user would notice: a restored
 * planner chasing on a changing grid gives, call after call, the same
 * next steps and costs as the one that was saved and goes on, for every
 * kind; a buffer of the wrong kind, of another format version, cut
 * short or with bytes after its end is refused with a message, leaving
 * nothing half made.  The handler test asks the base layer's allocator
 * for more than any machine has: the handler must see that size, may ask
 * for a retry, and without a handler the program must abort (never go on
 * with NULL).  The misuse test calls what a caller can get wrong and
 * expects each header's documented error, not an abort.  The error
 * handler test holds path_set_error_handler() to memory.h: each misuse
 * and each refused load is told once, with its kind and a message
 * naming the function or the cause; memory run out and a broken
 * invariant are told before the abort, and the handler may leave; with
 * none installed nothing is called.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "testutil.h"
#include "xmalloc.h"

/* AddressSanitizer: a failed allocation returns NULL, as libc's does. */
const char	*__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return ("allocator_may_return_null=1");
}

static const char lib_map[] =
    "....................\n"
    ".######.....######..\n"
    ".#....#..........#..\n"
    ".#....######.....#..\n"
    ".#...............#..\n"
    ".##########.######..\n"
    "....................\n";

/* Flips a door-like cell each turn, walking the target along the top. */
static void
lib_turn(struct path_grid *g, int t, int *tx)
{
	path_grid_set(g, 10, 5, t % 3 == 0 ? 0 : 1);
	path_grid_set(g, 6, 3, t % 4 == 0 ? 1 : 0);
	*tx = 19 - t % 15;
}

/*
 * Every kind of planner, saved to buffers mid-chase and restored on a
 * copy of the grid, makes the same choices as the one that goes on.
 */
START_TEST(test_library_buffers_same_choices)
{
	enum path_planner_kind	 kind = (enum path_planner_kind)_i;
	struct path_grid	*g, *g2;
	struct path_context	*ctx, *ctx2;
	struct path_planner	*p, *p2;
	void			*gbuf, *cbuf, *pbuf;
	size_t			 glen, clen, plen;
	char			*cause = NULL;
	int			 t, tx = 19, x1, y1, x2, y2, hx = 0, hy = 6;

	g = path_textgrid_parse("lib", lib_map, strlen(lib_map), &cause);
	ck_assert_ptr_nonnull(g);
	ctx = path_context_new(g, path_rules_movingai());
	p = path_planner_new(kind, ctx);
	for (t = 0; t < 6; t++) {
		lib_turn(g, t, &tx);
		path_planner_set_hunter(p, hx, hy);
		path_planner_set_target(p, tx, 0);
		path_planner_plan(p, 0, NULL);
		if (path_planner_next(p, &x1, &y1) == 0 && t % 2 == 0) {
			hx = x1;
			hy = y1;
		}
	}
	gbuf = path_grid_save_buffer(g, &glen);
	cbuf = path_context_save_buffer(ctx, &clen);
	pbuf = path_planner_save_buffer(p, &plen);
	g2 = path_grid_load_buffer(gbuf, glen, &cause);
	ck_assert_msg(g2 != NULL, "%s", cause);
	ctx2 = path_context_new(g2, path_rules_movingai());
	ck_assert_msg(path_context_load_buffer(ctx2, cbuf, clen, &cause) == 0,
	    "%s: %s", path_planner_name(kind), cause);
	p2 = path_planner_new(kind, ctx2);
	ck_assert_msg(path_planner_load_buffer(p2, pbuf, plen, &cause) == 0,
	    "%s: %s", path_planner_name(kind), cause);
	for (; t < 30; t++) {
		lib_turn(g, t, &tx);
		lib_turn(g2, t, &tx);
		path_planner_set_hunter(p, hx, hy);
		path_planner_set_hunter(p2, hx, hy);
		path_planner_set_target(p, tx, 0);
		path_planner_set_target(p2, tx, 0);
		ck_assert_int_eq(path_planner_plan(p, 0, NULL),
		    path_planner_plan(p2, 0, NULL));
		ck_assert_int_eq(path_planner_cost(p), path_planner_cost(p2));
		ck_assert_int_eq(path_planner_next(p, &x1, &y1),
		    path_planner_next(p2, &x2, &y2));
		if (path_planner_next(p, &x1, &y1) == 0) {
			ck_assert_msg(x1 == x2 && y1 == y2, "%s, turn %d: "
			    "(%d,%d) against the restored (%d,%d)",
			    path_planner_name(kind), t, x1, y1, x2, y2);
			hx = x1;
			hy = y1;
		}
	}
	free(gbuf);
	free(cbuf);
	free(pbuf);
	path_planner_free(p);
	path_planner_free(p2);
	path_context_free(ctx);
	path_context_free(ctx2);
	path_grid_free(g);
	path_grid_free(g2);
}
END_TEST

/* Asks for a load of buf and wants a refusal whose message has want. */
static void
lib_refused(const void *buf, size_t len, const char *want)
{
	struct path_grid	*g;
	char			*cause = NULL;

	g = path_grid_load_buffer(buf, len, &cause);
	ck_assert_msg(g == NULL, "a bad buffer (%s) was accepted", want);
	ck_assert_ptr_nonnull(cause);
	ck_assert_msg(strstr(cause, want) != NULL, "\"%s\" lacks \"%s\"",
	    cause, want);
	free(cause);
}

/*
 * A grid buffer of another kind, another format version, cut short or
 * followed by more bytes is refused with a message that says which.
 */
START_TEST(test_library_buffers_refused)
{
	struct path_grid	*g = path_grid_new(7, 5, 1, 4);
	struct path_context	*ctx = path_context_new(g,
				    path_rules_movingai());
	struct path_planner	*p = path_planner_new(PATH_PLANNER_ASTAR, ctx);
	uint8_t			*buf, *longer;
	void			*pbuf;
	size_t			 len, plen, cut;
	char			*cause = NULL;

	path_grid_set(g, 3, 2, 0);
	path_planner_set_hunter(p, 0, 2);
	path_planner_set_target(p, 6, 2);
	ck_assert_int_eq(path_planner_plan(p, 0, NULL), PATH_PLAN_FOUND);
	buf = path_grid_save_buffer(g, &len);
	pbuf = path_planner_save_buffer(p, &plen);
	lib_refused(pbuf, plen, "a saved planner, not a saved grid");
	buf[4]++;	/* the format version */
	lib_refused(buf, len, "format 2");
	buf[4]--;
	buf[0] = 'X';
	lib_refused(buf, len, "not a saved grid");
	buf[0] = 'A';
	for (cut = 7; cut < len; cut++)
		lib_refused(buf, cut, "bad saved grid");
	longer = malloc(len + 3);
	memcpy(longer, buf, len);
	memset(longer + len, 0, 3);
	lib_refused(longer, len + 3, "3 bytes after its end");
	ck_assert_int_eq(path_context_load_buffer(ctx, buf, len, &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, "not a saved context"));
	free(cause);
	for (cut = 7; cut < plen; cut++) {
		struct path_planner *q = path_planner_new(PATH_PLANNER_ASTAR,
		    ctx);

		cause = NULL;
		ck_assert_msg(path_planner_load_buffer(q, pbuf, cut, &cause)
		    == -1, "a planner cut to %zu of %zu bytes was accepted",
		    cut, plen);
		ck_assert_ptr_nonnull(strstr(cause, "bad saved planner"));
		free(cause);
		path_planner_free(q);
	}
	free(longer);
	free(buf);
	free(pbuf);
	path_planner_free(p);
	path_context_free(ctx);
	path_grid_free(g);
}
END_TEST

struct lib_oom {
	size_t	 size;		/* the size the handler was last told */
	int	 calls;
	jmp_buf	 out;
};

/* A host's handler: asks for one retry, then leaves by longjmp. */
static int
lib_oom_handler(size_t size, void *ctx)
{
	struct lib_oom	*o = ctx;

	o->size = size;
	if (++o->calls == 1)
		return (1);
	longjmp(o->out, 1);
}

/* The handler hears of the failure, may retry, and may leave. */
START_TEST(test_library_oom_handler)
{
	static struct lib_oom	 o;
	size_t			 huge = SIZE_MAX / 4;
	void *volatile		 p = NULL;

	memset(&o, 0, sizeof o);
	path_set_oom_handler(lib_oom_handler, &o);
	if (setjmp(o.out) == 0)
		p = xmalloc(huge);
	ck_assert_ptr_null(p);
	ck_assert_int_eq(o.calls, 2);
	ck_assert_uint_eq(o.size, huge);
	path_set_oom_handler(NULL, NULL);
}
END_TEST

/* Without a handler, running out of memory aborts: never a NULL. */
START_TEST(test_library_oom_aborts)
{
	void	*p;

	path_set_oom_handler(NULL, NULL);
	p = xmalloc(SIZE_MAX / 4);
	ck_abort_msg("xmalloc returned %p", p);
}
END_TEST

/*
 * Misuse a caller can commit gets the error value the headers document,
 * never an abort: sizes out of range, a grid of another size, jump point
 * search where it is not exact, a planner kind out of range, a context
 * shared against the rules, a flanking range out of range.
 */
START_TEST(test_library_misuse)
{
	struct path_grid	*g, *small, *weighted;
	struct path_astar	*as;
	struct path_jps		*js;
	struct path_field	*f;
	struct path_context	*ctx, *other;
	const struct path_rules	 r = path_rules_movingai();

	ck_assert_ptr_null(path_grid_new(0, 5, 1, 16));
	ck_assert_ptr_null(path_grid_new(-3, 5, 1, 16));
	ck_assert_ptr_null(path_grid_new(20000, 20000, 1, 16));
	ck_assert_ptr_null(path_grid_new(5, PATH_GRID_MAX_SIDE + 1, 1, 16));
	ck_assert_ptr_null(path_astar_new(-1, 5));
	ck_assert_ptr_null(path_astar_new(5, 0));
	ck_assert_ptr_null(path_jps_new(0, 0));
	ck_assert_ptr_null(path_field_new(20000, 20000));

	g = path_grid_new(10, 8, 1, 16);
	small = path_grid_new(9, 8, 1, 16);
	weighted = path_grid_new(10, 8, 1, 16);
	ck_assert(g != NULL && small != NULL && weighted != NULL);
	path_grid_set(weighted, 3, 3, 7);
	as = path_astar_new(10, 8);
	js = path_jps_new(10, 8);
	f = path_field_new(10, 8);
	ck_assert_int_eq(path_astar_search(as, small, r, 0, 0, 5, 5, NULL),
	    PATH_COST_ERROR);
	ck_assert_int_eq(path_jps_search(js, small, r, 0, 0, 5, 5, NULL),
	    PATH_COST_ERROR);
	ck_assert_int_eq(path_jps_search(js, weighted, r, 0, 0, 5, 5, NULL),
	    PATH_COST_ERROR);
	ck_assert_int_eq(path_jps_search(js, g, r, 0, 0, 5, 5, NULL),
	    path_astar_search(as, g, r, 0, 0, 5, 5, NULL));
	ck_assert_int_eq(path_field_compute(f, small, r, 0, 0,
	    PATH_FIELD_FROM_SOURCE, NULL), -1);
	ck_assert_int_eq(path_field_begin(f, small, r, 0, 0,
	    PATH_FIELD_FROM_SOURCE), -1);
	ck_assert_int_eq(path_field_run(f, small, 0, NULL), -1);
	ck_assert_int_eq(path_field_compute(f, g, r, 0, 0,
	    PATH_FIELD_FROM_SOURCE, NULL), 0);

	ctx = path_context_new(g, r);
	other = path_context_new(small, r);
	ck_assert_ptr_null(path_planner_new((enum path_planner_kind)
	    PATH_PLANNER_KINDS, ctx));
	ck_assert_ptr_null(path_planner_new((enum path_planner_kind)-1, ctx));
	ck_assert_int_eq(path_context_share(ctx, other), -1);
	ck_assert_int_eq(path_context_share(ctx, ctx), -1);
	ck_assert_ptr_null(path_flank_new(g, r, 0));
	ck_assert_ptr_null(path_flank_new(g, r, 65));

	path_context_free(ctx);
	path_context_free(other);
	path_field_free(f);
	path_jps_free(js);
	path_astar_free(as);
	path_grid_free(g);
	path_grid_free(small);
	path_grid_free(weighted);
}
END_TEST

struct lib_errors {
	int			 calls;
	enum path_error_kind	 kind;		/* of the last call */
	char			 message[512];
	jmp_buf			 out;
	int			 leave;		/* longjmp out of the handler */
};

/* A host's error handler: notes the last report, may leave. */
static void
lib_error_handler(enum path_error_kind kind, const char *message, void *ctx)
{
	struct lib_errors	*e = ctx;

	e->calls++;
	e->kind = kind;
	snprintf(e->message, sizeof e->message, "%s", message);
	if (e->leave)
		longjmp(e->out, 1);
}

/* Checks that the last call reported once, of kind, with words in it. */
static void
lib_reported(struct lib_errors *e, int before, enum path_error_kind kind,
    const char *words)
{
	ck_assert_int_eq(e->calls, before + 1);
	ck_assert_int_eq(e->kind, kind);
	ck_assert_msg(strstr(e->message, words) != NULL, "\"%s\" not in "
	    "\"%s\"", words, e->message);
}

/* The error handler hears of each misuse, refused load and fatal error. */
START_TEST(test_library_error_handler)
{
	static struct lib_errors e;
	struct path_grid	*g, *small;
	struct path_astar	*as;
	struct path_context	*ctx;
	const struct path_rules	 r = path_rules_movingai();
	void *volatile		 p = NULL;
	char			*cause = NULL;
	int			 n;

	memset(&e, 0, sizeof e);
	path_set_error_handler(lib_error_handler, &e);
	n = e.calls;
	ck_assert_ptr_null(path_grid_new(0, 5, 1, 16));
	lib_reported(&e, n, PATH_ERROR_MISUSE, "path_grid_new: a size of 0x5");
	g = path_grid_new(10, 8, 1, 16);
	small = path_grid_new(9, 8, 1, 16);
	as = path_astar_new(10, 8);
	ck_assert_int_eq(e.calls, n + 1);	/* nothing wrong: no call */
	n = e.calls;
	ck_assert_int_eq(path_astar_search(as, small, r, 0, 0, 5, 5, NULL),
	    PATH_COST_ERROR);
	lib_reported(&e, n, PATH_ERROR_MISUSE,
	    "path_astar_search: a grid of 9x8, not 10x8");
	ctx = path_context_new(g, r);
	n = e.calls;
	ck_assert_ptr_null(path_planner_new((enum path_planner_kind)99, ctx));
	lib_reported(&e, n, PATH_ERROR_MISUSE, "no planner kind 99");
	n = e.calls;
	ck_assert_ptr_null(path_flank_new(g, r, 65));
	lib_reported(&e, n, PATH_ERROR_MISUSE, "path_flank_new");
	n = e.calls;
	ck_assert_ptr_null(path_grid_load_buffer("XXXXXXXX", 8, &cause));
	lib_reported(&e, n, PATH_ERROR_LOAD, cause);
	free(cause);

	/* Fatal errors are told before the abort; this handler leaves. */
	e.leave = 1;
	n = e.calls;
	if (setjmp(e.out) == 0)
		p = xmalloc(SIZE_MAX / 4);
	ck_assert_ptr_null(p);
	lib_reported(&e, n, PATH_ERROR_MEMORY, "out of memory");
	n = e.calls;
	if (setjmp(e.out) == 0)
		xfatal("a test's broken invariant %d", 7);
	lib_reported(&e, n, PATH_ERROR_INTERNAL, "a test's broken invariant 7");
	e.leave = 0;

	/* Removed: nothing is called. */
	path_set_error_handler(NULL, NULL);
	n = e.calls;
	ck_assert_ptr_null(path_astar_new(-1, 5));
	ck_assert_int_eq(e.calls, n);

	path_context_free(ctx);
	path_astar_free(as);
	path_grid_free(g);
	path_grid_free(small);
}
END_TEST

/* Builds the library suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("library");
	TCase	*tc;

	tc = tcase_create("buffers");
	tcase_add_loop_test(tc, test_library_buffers_same_choices, 0,
	    PATH_PLANNER_KINDS);
	tcase_add_test(tc, test_library_buffers_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("misuse");
	tcase_add_test(tc, test_library_misuse);
	tcase_add_test(tc, test_library_error_handler);
	suite_add_tcase(s, tc);

	tc = tcase_create("memory");
	tcase_add_test(tc, test_library_oom_handler);
	tcase_add_test_raise_signal(tc, test_library_oom_aborts, SIGABRT);
	suite_add_tcase(s, tc);
	return (s);
}
