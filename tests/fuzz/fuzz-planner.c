/*
 * fuzz-planner.c: the loads of saved planners and contexts
 * (src/path/savebuf.c, path_context_load_buffer and
 * path_planner_load_buffer, and each planner's load in
 * src/path/plan-*.c).
 *
 * The input is a byte naming the planner's kind, a byte naming the
 * movement and diagonal rules, then three buffers, each behind its
 * length (4 bytes, little-endian): a saved grid, a saved context and a
 * saved planner; the bytes left over place the hunter and the target
 * (four bytes a turn: hunter x, y, target x, y, each modulo the grid's
 * side) and say which cell to flip on each turn (two more bytes).  The
 * seeds are whole sets saved mid-chase by tests/bitflip --corpus.
 *
 * A refused load must give a message.  An accepted set must keep
 * planner.h's promise: on each turn played after it, the planner's cost
 * is a from-scratch A*'s (for cached, which is not always cheapest: no
 * cheaper than A*'s, none only where A* finds none, its path from the
 * hunter to the target), and nothing crashes, hangs or leaks.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "path.h"

#define FUZZ_TURNS	4

/* Reads a buffer behind its 4-byte length; returns 0, or -1 at the end. */
static int
fuzz_take(const uint8_t **p, const uint8_t *end, const uint8_t **buf,
    size_t *len)
{
	size_t	n;

	if (end - *p < 4)
		return (-1);
	n = (size_t)(*p)[0] | (size_t)(*p)[1] << 8 | (size_t)(*p)[2] << 16 |
	    (size_t)(*p)[3] << 24;
	*p += 4;
	if ((size_t)(end - *p) < n)
		return (-1);
	*buf = *p;
	*len = n;
	*p += n;
	return (0);
}

/* Checks one plan against A* (see the top of the file). */
static void
fuzz_check(struct path_planner *pl, struct path_astar *as,
    const struct path_grid *g, struct path_rules rules, int hx, int hy,
    int tx, int ty)
{
	struct path_point	 ends[1];
	path_cost		 cost, best;
	size_t			 n;

	path_planner_set_hunter(pl, hx, hy);
	path_planner_set_target(pl, tx, ty);
	path_planner_plan(pl, 0, NULL);
	cost = path_planner_cost(pl);
	best = path_astar_search(as, g, rules, hx, hy, tx, ty, NULL);
	if (path_planner_kind(pl) != PATH_PLANNER_CACHED) {
		fuzz_assert(cost == best, "%s: cost %lld from (%d,%d) to "
		    "(%d,%d), A* %lld", path_planner_name(path_planner_kind(pl)),
		    (long long)cost, hx, hy, tx, ty, (long long)best);
		return;
	}
	fuzz_assert((cost == PATH_COST_NONE) == (best == PATH_COST_NONE) &&
	    cost >= best, "cached: cost %lld from (%d,%d) to (%d,%d), A* "
	    "%lld", (long long)cost, hx, hy, tx, ty, (long long)best);
	if (cost == PATH_COST_NONE)
		return;
	n = path_planner_path(pl, ends, 1);
	fuzz_assert(n >= 1 && ends[0].x == hx && ends[0].y == hy,
	    "cached: a path of %zu points not from the hunter", n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t		*p = data, *end = data + size, *gb, *cb, *pb;
	size_t			 glen, clen, plen;
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*pl;
	struct path_astar	*as;
	struct path_rules	 rules;
	enum path_planner_kind	 kind;
	char			*cause = NULL;
	int			 t, w, h, x, y;

	if (size < 2)
		return (0);
	kind = (enum path_planner_kind)(data[0] % PATH_PLANNER_KINDS);
	rules.movement = (enum path_movement)(data[1] & 3);
	rules.diagonal = (enum path_diagonal)(data[1] >> 2 & 3);
	rules.heuristic = PATH_H_DEFAULT;
	p += 2;
	if (fuzz_take(&p, end, &gb, &glen) != 0 ||
	    fuzz_take(&p, end, &cb, &clen) != 0 ||
	    fuzz_take(&p, end, &pb, &plen) != 0)
		return (0);
	if ((g = path_grid_load_buffer(gb, glen, &cause)) == NULL) {
		fuzz_assert(cause != NULL, "a grid refused without a message");
		free(cause);
		return (0);
	}
	w = path_grid_width(g);
	h = path_grid_height(g);
	ctx = path_context_new(g, rules);
	pl = NULL;
	if (path_context_load_buffer(ctx, cb, clen, &cause) == 0) {
		pl = path_planner_new(kind, ctx);
		if (path_planner_load_buffer(pl, pb, plen, &cause) != 0) {
			path_planner_free(pl);
			pl = NULL;
		}
	}
	if (pl == NULL) {
		fuzz_assert(cause != NULL, "a load refused without a message");
		free(cause);
		path_context_free(ctx);
		path_grid_free(g);
		return (0);
	}
	fuzz_assert(cause == NULL, "a message on success: %s", cause);
	as = path_astar_new(w, h);
	for (t = 0; t < FUZZ_TURNS && end - p >= 6; t++, p += 6) {
		x = p[4] % w;
		y = p[5] % h;
		if (p[4] != 0 || p[5] != 0)
			path_grid_set(g, x, y, path_grid_get(g, x, y) != 0 ?
			    0 : 1);
		fuzz_check(pl, as, g, rules, p[0] % w, p[1] % h, p[2] % w,
		    p[3] % h);
	}
	path_astar_free(as);
	path_planner_free(pl);
	path_context_free(ctx);
	path_grid_free(g);
	return (0);
}
