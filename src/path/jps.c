/*
 * jps.c: jump point search on uniform-cost grids without corner cutting.
 *
 * The search is A* over jump points (Harabor & Grastien 2011), with the
 * pruning rules for grids where a diagonal step needs both orthogonal
 * cells beside it open:
 *
 *   - arriving at a cell by a straight step, the only natural successor
 *     is the next cell the same way; a side cell is a forced successor
 *     when the cell behind it (beside the parent) is blocked and it is
 *     open, and so is the diagonal between the way ahead and that side;
 *   - arriving by a diagonal step, the successors are the two straight
 *     directions it is made of and the diagonal itself; there are no
 *     forced ones, since a blocked corner forbids the diagonal step;
 *   - a straight run stops at a cell with a forced successor (a jump
 *     point), at the goal, or dies at a wall; a diagonal run stops at the
 *     goal, at a cell from which either straight run finds something, or
 *     dies where the next diagonal step is not allowed.
 *
 * Every cheapest path has a canonical twin (diagonal steps first) made of
 * such runs, so the pruned search returns the optimal cost.
 *
 * Straight runs read 64 cells at a time (block-based jumping, Harabor &
 * Grastien 2014): the grid keeps its open cells as bits by row and, for
 * vertical runs, by column (grid-internal.h), and one word each of the
 * row and of its two neighbour rows tells at once where in the next 64
 * cells a wall or a forced successor lies, so a run across open ground
 * costs a few instructions per 64 cells instead of a test per cell.
 *
 * The open list is a 4-ary heap on f then larger g with lazy deletion:
 * jump points are far apart, so f is not confined to the small window a
 * bucket queue needs.  Per-cell state (g, parent, generation, direction
 * of arrival) is reset by a generation stamp, as in astar.c; g is 64
 * bits, since every open cell may cost up to 254.
 */
#include <stdlib.h>
#include <string.h>

#include "grid-internal.h"
#include "heap.h"
#include "jps.h"
#include "xmalloc.h"

#define JPS_NONE	UINT32_MAX
#define JPS_MAX_GEN	(UINT32_MAX >> 4)

/* Directions, in astar.c's order: that of grid_step_dx, grid_step_dy. */
enum { DIR_N, DIR_E, DIR_S, DIR_W, DIR_NE, DIR_SE, DIR_SW, DIR_NW };

/* The grid's open-mask bit of each direction. */
static const uint8_t jps_bit[8] = {
	GRID_OPEN_N, GRID_OPEN_E, GRID_OPEN_S, GRID_OPEN_W,
	GRID_OPEN_NE, GRID_OPEN_SE, GRID_OPEN_SW, GRID_OPEN_NW
};

/*
 * For a straight direction: its two sides, the cells behind each side
 * (beside the parent) and the diagonal between the way ahead and each.
 */
static const struct {
	int	side[2];
	int	behind[2];
	int	diag[2];
} jps_straight[4] = {
	[DIR_N] = { { DIR_E, DIR_W }, { DIR_SE, DIR_SW }, { DIR_NE, DIR_NW } },
	[DIR_E] = { { DIR_N, DIR_S }, { DIR_NW, DIR_SW }, { DIR_NE, DIR_SE } },
	[DIR_S] = { { DIR_E, DIR_W }, { DIR_NE, DIR_NW }, { DIR_SE, DIR_SW } },
	[DIR_W] = { { DIR_N, DIR_S }, { DIR_NE, DIR_SE }, { DIR_NW, DIR_SW } }
};

/* The straight directions a diagonal is made of. */
static const int jps_parts[8][2] = {
	[DIR_NE] = { DIR_N, DIR_E }, [DIR_SE] = { DIR_S, DIR_E },
	[DIR_SW] = { DIR_S, DIR_W }, [DIR_NW] = { DIR_N, DIR_W }
};

/* The stamp: generation, direction of arrival, closed. */
#define STAMP(gen, dir)		((gen) << 4 | (uint32_t)(dir) << 1)
#define STAMP_GEN(stamp)	((stamp) >> 4)
#define STAMP_DIR(stamp)	((int)((stamp) >> 1 & 7))
#define STAMP_CLOSED		1u

struct jps_node {
	path_cost	g;
	uint32_t	stamp;
	uint32_t	parent;
};

struct path_jps {
	int			 width;
	int			 height;
	int			 stride;
	size_t			 ncells;
	struct jps_node		*nodes;
	uint32_t		 gen;
	struct open_list	 open;

	uint32_t		 start;		/* of the last search */
	uint32_t		 goal;
	int			 found;

	path_trace_fn		 trace;
	void			*trace_ctx;
};

/* What one search needs at hand, so the jumps take one pointer. */
struct jps_search {
	const struct path_grid	*grid;
	const uint8_t		*open;
	uint32_t		 s;		/* stride */
	int			 gx, gy;	/* goal, bordered coordinates */
	uint32_t		 gi;
};

/* Creates a workspace: see jps.h. */
struct path_jps *
path_jps_new(int width, int height)
{
	struct path_jps	*ws;

	ws = xcalloc(1, sizeof *ws);
	ws->width = width;
	ws->height = height;
	ws->stride = width + 2;
	ws->ncells = grid_padded_cells(width, height);
	ws->nodes = xcalloc(ws->ncells, sizeof *ws->nodes);
	return (ws);
}

void
path_jps_free(struct path_jps *ws)
{
	if (ws == NULL)
		return;
	open_free(&ws->open);
	free(ws->nodes);
	free(ws);
}

/* Bytes the workspace holds. */
size_t
path_jps_memory(const struct path_jps *ws)
{
	return (sizeof *ws + ws->ncells * sizeof *ws->nodes +
	    (ws->open.e != NULL ? (ws->open.cap + 4) * sizeof *ws->open.e : 0));
}

void
path_jps_set_trace(struct path_jps *ws, path_trace_fn fn, void *ctx)
{
	ws->trace = fn;
	ws->trace_ctx = ctx;
}

/* Whether the search is exact here: see jps.h. */
int
path_jps_supports(const struct path_grid *grid, struct path_rules rules)
{
	rules = path_rules_normalize(rules);
	return ((rules.movement == PATH_MOVE_8_OCTILE ||
	    rules.movement == PATH_MOVE_8_EUCLID) &&
	    rules.diagonal == PATH_DIAG_NO_CORNER_CUT && grid_uniform(grid));
}

/*
 * Whether to prefer it to A*: see jps.h.  Jump point search pays where
 * long straight and diagonal runs cross open ground, and loses where
 * obstacles are scattered one by one, since every isolated obstacle
 * makes four convex corners and every corner a jump point, so diagonal
 * runs stop every few cells and each stop costs two straight runs.  The
 * grid counts its corners as it changes (grid_corners()); measured on
 * the Moving AI sets (scen --search astar,jps, time of jps / astar):
 *
 *   map              corners per cell with a diagonal   jps / astar
 *   AR0011SR         0.009                              0.06
 *   den520d          0.032                              0.11
 *   orz100d          0.037                              0.10
 *   lak303d          0.092
 *   8room_000        0.112                              0.44
 *   random512-10-0   0.332                              1.45
 *   maze512-1-0      no diagonal steps at all           0.69
 *
 * so jump point search is preferred below 0.2 corners per cell with a
 * diagonal step, and on grids with no diagonal step at all (mazes of
 * corridors one cell wide), where it only ever runs straight.
 */
int
path_jps_preferred(const struct path_grid *grid, struct path_rules rules)
{
	if (!path_jps_supports(grid, rules))
		return (0);
	return (grid->diagonal_cells == 0 ||
	    grid->corners * 5 < grid->diagonal_cells);
}

/*
 * Runs along a line of bits towards higher positions from position p
 * (not included): cur is the line, side1 and side2 the lines beside it.
 * Returns the first position with a forced successor, or goal if the run
 * passes it (goal < 0: none on this line), or -1 when a wall ends the run
 * first.  Each round reads one word of each line, starting at x, and
 * settles the 63 positions x + 1 .. x + 63: position x + 1 + i is
 * blocked when bit i + 1 of cur is clear, and has a forced successor on
 * a side when bit i of that side is clear (the cell beside the parent)
 * and bit i + 1 set.
 */
static inline __attribute__((always_inline)) int
jps_run_up(const uint64_t *cur, const uint64_t *side1, const uint64_t *side2,
    int p, int goal)
{
	const uint64_t	low63 = ~UINT64_C(0) >> 1;
	uint64_t	c, s1, s2, stop;
	int		x, at;

	for (x = p;; x += 63) {
		c = grid_bits_at(cur, x);
		s1 = grid_bits_at(side1, x);
		s2 = grid_bits_at(side2, x);
		stop = (~(c >> 1) | (~s1 & s1 >> 1) | (~s2 & s2 >> 1)) & low63;
		if (stop != 0)
			break;
	}
	at = x + 1 + __builtin_ctzll(stop);
	if (goal > p && goal <= at)
		return (goal);
	if ((c >> (at - x) & 1) == 0)
		return (-1);
	return (at);
}

/*
 * The same run towards lower positions: each round reads the words that
 * end at x and settles x - 1 .. x - 63 (bit 63 - i + ... see jps_run_up,
 * mirrored: position x - 64 + j is bit j).
 */
static inline __attribute__((always_inline)) int
jps_run_down(const uint64_t *cur, const uint64_t *side1,
    const uint64_t *side2, int p, int goal)
{
	const uint64_t	high63 = ~UINT64_C(0) << 1;
	uint64_t	c, s1, s2, stop;
	int		x, at;

	for (x = p;; x -= 63) {
		/* Bit j is position x - 63 + j, so bit 63 is x itself. */
		c = grid_bits_at(cur, x - 63);
		s1 = grid_bits_at(side1, x - 63);
		s2 = grid_bits_at(side2, x - 63);
		stop = (~(c << 1) | (~s1 & s1 << 1) | (~s2 & s2 << 1)) &
		    high63;
		if (stop != 0)
			break;
	}
	/* Bit j of stop (j >= 1) is about position x - 63 + j - 1. */
	at = x - 64 + 63 - __builtin_clzll(stop);
	if (goal >= 0 && goal < p && goal >= at)
		return (goal);
	if ((c >> (at - (x - 63)) & 1) == 0)
		return (-1);
	return (at);
}

/*
 * Runs straight from bordered cell (x,y) in direction dir.  Returns the
 * cell where it stops with something to expand (a jump point or the
 * goal) and the steps to it in *steps, or JPS_NONE.
 */
static inline __attribute__((always_inline)) uint32_t
jps_straight_run(const struct jps_search *js, int x, int y, int dir,
    int *steps)
{
	const struct path_grid	*g = js->grid;
	const uint64_t		*rows = g->rows, *cols = g->cols;
	size_t			 rw = g->row_words, cw = g->col_words;
	int			 c;

	switch (dir) {
	case DIR_E:
		c = jps_run_up(rows + (size_t)y * rw, rows + (size_t)(y - 1) *
		    rw, rows + (size_t)(y + 1) * rw, x, js->gy == y ? js->gx :
		    -1);
		*steps = c - x;
		return (c < 0 ? JPS_NONE : (uint32_t)y * js->s + (uint32_t)c);
	case DIR_W:
		c = jps_run_down(rows + (size_t)y * rw, rows + (size_t)(y - 1) *
		    rw, rows + (size_t)(y + 1) * rw, x, js->gy == y ? js->gx :
		    -1);
		*steps = x - c;
		return (c < 0 ? JPS_NONE : (uint32_t)y * js->s + (uint32_t)c);
	case DIR_S:
		c = jps_run_up(cols + (size_t)x * cw, cols + (size_t)(x - 1) *
		    cw, cols + (size_t)(x + 1) * cw, y, js->gx == x ? js->gy :
		    -1);
		*steps = c - y;
		return (c < 0 ? JPS_NONE : (uint32_t)c * js->s + (uint32_t)x);
	default:
		c = jps_run_down(cols + (size_t)x * cw, cols + (size_t)(x - 1) *
		    cw, cols + (size_t)(x + 1) * cw, y, js->gx == x ? js->gy :
		    -1);
		*steps = y - c;
		return (c < 0 ? JPS_NONE : (uint32_t)c * js->s + (uint32_t)x);
	}
}

/*
 * Runs diagonally from bordered cell (x,y) in direction dir: see the top
 * of the file.  Returns the cell it stops at and the steps to it, or
 * JPS_NONE.  Inlined into one copy per direction (jps_diagonal), so the
 * straight runs it makes at every step know their direction.
 */
static inline __attribute__((always_inline)) uint32_t
jps_diagonal_run(const struct jps_search *js, int x, int y, int dir,
    int *steps)
{
	const uint8_t	 need = (uint8_t)(jps_bit[dir] |
	    jps_bit[jps_parts[dir][0]] | jps_bit[jps_parts[dir][1]]);
	const int	 dx = grid_step_dx[dir], dy = grid_step_dy[dir];
	const int32_t	 off = dy * (int32_t)js->s + dx;
	uint32_t	 u = (uint32_t)y * js->s + (uint32_t)x;
	int		 n = 0, ignored;

	for (;;) {
		if ((js->open[u] & need) != need)
			return (JPS_NONE);
		u = (uint32_t)((int32_t)u + off);
		x += dx;
		y += dy;
		n++;
		if (u == js->gi ||
		    jps_straight_run(js, x, y, jps_parts[dir][0], &ignored) !=
		    JPS_NONE ||
		    jps_straight_run(js, x, y, jps_parts[dir][1], &ignored) !=
		    JPS_NONE) {
			*steps = n;
			return (u);
		}
	}
}

/* A diagonal run, with dir made a constant for each direction. */
static uint32_t
jps_diagonal(const struct jps_search *js, int x, int y, int dir, int *steps)
{
	switch (dir) {
	case DIR_NE:
		return (jps_diagonal_run(js, x, y, DIR_NE, steps));
	case DIR_SE:
		return (jps_diagonal_run(js, x, y, DIR_SE, steps));
	case DIR_SW:
		return (jps_diagonal_run(js, x, y, DIR_SW, steps));
	default:
		return (jps_diagonal_run(js, x, y, DIR_NW, steps));
	}
}

/* Finds a cheapest path: see jps.h. */
path_cost
path_jps_search(struct path_jps *ws, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy, int gx, int gy,
    struct path_stats *stats)
{
	struct path_stats	 local;
	struct path_stats	*st = stats != NULL ? stats : &local;
	struct jps_search	 js;
	struct jps_node		*nodes = ws->nodes, *n;
	struct open_entry	 top;
	enum path_trace_event	 ev;
	path_cost		 unit_o, unit_d, g, ng, h;
	uint32_t		 si, u, v;
	int			 tie_bits, g_shift, x, y, dir, k, steps = 0, m;
	int			 dirs[8], ndirs, i;

	grid_check_size(grid, ws->width, ws->height, "jump point workspace");
	if (!path_jps_supports(grid, rules))
		xfatal("jump point search asked for rules or costs it cannot "
		    "search exactly");
	memset(st, 0, sizeof *st);
	/* A new generation: every cell becomes unseen. */
	grid_next_generation(&ws->gen, JPS_MAX_GEN, ws->nodes, ws->ncells,
	    sizeof *ws->nodes);
	ws->found = 0;
	ws->start = ws->goal = 0;
	if (!path_grid_contains(grid, sx, sy) ||
	    !path_grid_contains(grid, gx, gy))
		return (PATH_COST_NONE);
	si = grid_index(grid, sx, sy);
	js.gi = grid_index(grid, gx, gy);
	if (grid->cells[si] == 0 || grid->cells[js.gi] == 0)
		return (PATH_COST_NONE);
	ws->start = si;
	ws->goal = js.gi;
	js.grid = grid;
	js.open = grid->open;
	js.s = (uint32_t)grid->stride;
	js.gx = gx + 1;
	js.gy = gy + 1;
	unit_o = (path_cost)PATH_COST_ORTHO * grid->cells[si];
	unit_d = (path_cost)PATH_COST_DIAG * grid->cells[si];
	grid_key_layout(grid, &tie_bits, &g_shift);
	open_clear(&ws->open);

	nodes[si].g = 0;
	nodes[si].stamp = STAMP(ws->gen, 0);
	nodes[si].parent = si;
	h = grid_heuristic(PATH_H_OCTILE, sx, sy, gx, gy) * grid->cells[si];
	open_push(&ws->open, grid_key(tie_bits, g_shift, 0, h), si, sx + 1,
	    sy + 1);
	st->pushes = st->touched = 1;
	if (ws->trace != NULL)
		ws->trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);

	while (ws->open.n > 0) {
		top = open_pop(&ws->open);
		u = top.id;
		n = &nodes[u];
		if (n->stamp & STAMP_CLOSED)
			continue;	/* a stale entry */
		n->stamp |= STAMP_CLOSED;
		g = n->g;
		x = top.x;
		y = top.y;
		st->expansions++;
		if (ws->trace != NULL)
			ws->trace(ws->trace_ctx, PATH_TRACE_EXPAND, x - 1, y - 1,
			    g, grid_heuristic(PATH_H_OCTILE, x, y, js.gx, js.gy) *
			    grid->cells[si], (int)(n->parent % js.s) - 1,
			    (int)(n->parent / js.s) - 1);
		if (u == js.gi) {
			ws->found = 1;
			return (g);
		}

		/* The directions worth a run from here. */
		ndirs = 0;
		m = grid->open[u];
		if (u == si) {
			for (k = 0; k < 8; k++)
				dirs[ndirs++] = k;
		} else if ((dir = STAMP_DIR(n->stamp)) < 4) {
			dirs[ndirs++] = dir;
			for (i = 0; i < 2; i++) {
				if ((m & jps_bit[jps_straight[dir].side[i]]) &&
				    !(m & jps_bit[jps_straight[dir].behind[i]])) {
					dirs[ndirs++] =
					    jps_straight[dir].side[i];
					dirs[ndirs++] =
					    jps_straight[dir].diag[i];
				}
			}
		} else {
			dirs[ndirs++] = dir;
			dirs[ndirs++] = jps_parts[dir][0];
			dirs[ndirs++] = jps_parts[dir][1];
		}

		for (i = 0; i < ndirs; i++) {
			k = dirs[i];
			if (k < 4) {
				if (!(m & jps_bit[k]))
					continue;
				v = jps_straight_run(&js, x, y, k, &steps);
				ng = g + unit_o * steps;
			} else {
				v = jps_diagonal(&js, x, y, k, &steps);
				ng = g + unit_d * steps;
			}
			if (v == JPS_NONE)
				continue;
			n = &nodes[v];
			ev = PATH_TRACE_OPEN;
			if (STAMP_GEN(n->stamp) == ws->gen) {
				if ((n->stamp & STAMP_CLOSED) || ng >= n->g)
					continue;
				ev = PATH_TRACE_IMPROVE;
			} else
				st->touched++;
			n->g = ng;
			n->parent = u;
			n->stamp = STAMP(ws->gen, k);
			h = grid_heuristic(PATH_H_OCTILE,
			    x + grid_step_dx[k] * steps,
			    y + grid_step_dy[k] * steps, js.gx, js.gy) *
			    grid->cells[si];
			open_push(&ws->open, grid_key(tie_bits, g_shift, ng, h),
			    v, x + grid_step_dx[k] * steps,
			    y + grid_step_dy[k] * steps);
			st->pushes++;
			if (ws->trace != NULL)
				ws->trace(ws->trace_ctx, ev,
				    x + grid_step_dx[k] * steps - 1,
				    y + grid_step_dy[k] * steps - 1, ng, h,
				    x - 1, y - 1);
		}
	}
	return (PATH_COST_NONE);
}

/* Copies the last path out, cell by cell: see jps.h. */
size_t
path_jps_path(const struct path_jps *ws, struct path_point *out, size_t max)
{
	uint32_t	v, p, s = (uint32_t)ws->stride;
	size_t		len = 1, i;
	int		x, y, px, py, dx, dy, steps, k;

	if (!ws->found)
		return (0);
	for (v = ws->goal; v != ws->start; v = ws->nodes[v].parent) {
		p = ws->nodes[v].parent;
		dx = abs((int)(v % s) - (int)(p % s));
		dy = abs((int)(v / s) - (int)(p / s));
		len += (size_t)(dx > dy ? dx : dy);
	}
	i = len;
	for (v = ws->goal;; v = ws->nodes[v].parent) {
		x = (int)(v % s) - 1;
		y = (int)(v / s) - 1;
		if (v == ws->start) {
			if (--i < max) {
				out[i].x = x;
				out[i].y = y;
			}
			break;
		}
		p = ws->nodes[v].parent;
		px = (int)(p % s) - 1;
		py = (int)(p / s) - 1;
		dx = (px > x) - (px < x);
		dy = (py > y) - (py < y);
		steps = abs(px - x) > abs(py - y) ? abs(px - x) : abs(py - y);
		/* The cells from v back towards p, p itself excluded. */
		for (k = 0; k < steps; k++) {
			if (--i < max) {
				out[i].x = x + dx * k;
				out[i].y = y + dy * k;
			}
		}
	}
	return (len);
}
