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
 * Grastien 2014), and read one line, not three: the grid keeps, for each
 * straight direction, a plane of bits that marks every cell where a run
 * that way stops, blocked or a jump point (grid-internal.h), by row for
 * horizontal runs and by column for vertical ones, so a run is a search
 * for the next set bit of its line: a word for 64 cells of open ground.
 * A diagonal run makes two such runs at every step, which across open
 * ground is most of the work.
 *
 * A jump point taken off the open list from which the goal is in sight
 * along a path of octile length (diagonal steps first, then straight
 * ones) goes straight to the goal, as Warthog's JPS does: that path costs
 * the heuristic, so it is a cheapest one, and on open ground most queries
 * end at the first jump point without a single run.  The test is tried
 * where the goal's way is one the jump point's successors take; its
 * diagonal steps are read 64 at a time from the grid's bits along the
 * diagonals, three lines of them, which hold the cell each step enters
 * and the two beside it.
 *
 * The open list is a 4-ary heap on f then larger g with lazy deletion:
 * jump points are far apart, so f is not confined to the small window a
 * bucket queue needs.  Per-node state (cell, g, parent, generation,
 * direction of arrival) lives in a hash table of the jump points a search
 * reaches, not in an array over the grid: a search reaches few cells, so
 * the table stays small and in cache, and a workspace does not make the
 * first searches pay for a page fault at every new part of a large grid.
 * A generation stamp empties it for the next search; g is 64 bits, since
 * every open cell may cost up to 254.
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

/* A jump point's record, in the hash table of its search. */
struct jps_node {
	path_cost	g;
	uint32_t	cell;
	uint32_t	stamp;		/* empty unless of this generation */
	uint32_t	parent;		/* a cell */
};

/* The table's first size: slots, a power of two. */
#define JPS_FIRST_BITS	10

struct path_jps {
	int			 width;
	int			 height;
	int			 stride;
	struct jps_node		*nodes;		/* 1 << bits slots */
	int			 bits;
	uint32_t		 live;		/* of this generation */
	uint32_t		 gen;
	struct open_list	 open;		/* ids are slots */

	uint32_t		 start;		/* of the last search */
	uint32_t		 goal;
	int			 found;

	path_trace_fn		 trace;
	void			*trace_ctx;
};

/* What one search needs at hand, so the jumps take one pointer. */
struct jps_search {
	const uint8_t		*cells;
	const uint8_t		*open;
	const uint64_t		*stops[4];	/* the grid's: GRID_STOP_* */
	size_t			 rw, cw;	/* words per row, per column */
	const uint64_t		*diags[2];	/* the grid's: GRID_DIAG_* */
	size_t			 dw;		/* words per diagonal line */
	int			 height;
	uint32_t		 s;		/* stride */
	int			 gx, gy;	/* goal, bordered coordinates */
	uint32_t		 gi;
	uint32_t		 si;		/* the start */
	path_cost		 cost;		/* of every open cell */
	path_cost		 unit_o, unit_d;	/* a step's cost */
	int			 tie_bits, g_shift;	/* grid_key() */
};

/* Creates a workspace: see jps.h. */
struct path_jps *
path_jps_new(int width, int height)
{
	struct path_jps	*ws;

	if (!grid_size_ok(width, height)) {
		grid_new_refused("path_jps_new", width, height);
		return (NULL);
	}
	ws = xcalloc(1, sizeof *ws);
	ws->width = width;
	ws->height = height;
	ws->stride = width + 2;
	ws->bits = JPS_FIRST_BITS;
	ws->nodes = xcalloc((size_t)1 << ws->bits, sizeof *ws->nodes);
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
	return (sizeof *ws + ((size_t)1 << ws->bits) * sizeof *ws->nodes +
	    (ws->open.e != NULL ? (ws->open.cap + 4) * sizeof *ws->open.e : 0));
}

/* A cell's first slot: Fibonacci hashing, the top bits of a product. */
static inline uint32_t
jps_hash(uint32_t cell, int bits)
{
	return ((cell * UINT32_C(0x9e3779b1)) >> (32 - bits));
}

/* The record of a cell in this generation, or NULL. */
static struct jps_node *
jps_find(const struct path_jps *ws, uint32_t cell)
{
	uint32_t	mask = ((uint32_t)1 << ws->bits) - 1;
	uint32_t	i = jps_hash(cell, ws->bits);

	for (;; i = (i + 1) & mask) {
		if (STAMP_GEN(ws->nodes[i].stamp) != ws->gen)
			return (NULL);
		if (ws->nodes[i].cell == cell)
			return (&ws->nodes[i]);
	}
}

/*
 * Doubles the table and moves this generation's records into it; the
 * open list's entries, which name slots, follow their cells (the cell of
 * an entry is its coordinates').
 */
static void
jps_grow(struct path_jps *ws)
{
	struct jps_node	*old = ws->nodes;
	size_t		 n = (size_t)1 << ws->bits, k;
	uint32_t	 mask, i, s = (uint32_t)ws->stride;

	ws->bits++;
	ws->nodes = xcalloc(n * 2, sizeof *ws->nodes);
	mask = ((uint32_t)1 << ws->bits) - 1;
	for (k = 0; k < n; k++) {
		if (STAMP_GEN(old[k].stamp) != ws->gen)
			continue;
		for (i = jps_hash(old[k].cell, ws->bits);
		    STAMP_GEN(ws->nodes[i].stamp) == ws->gen;
		    i = (i + 1) & mask)
			;
		ws->nodes[i] = old[k];
	}
	free(old);
	for (k = 0; k < ws->open.n; k++)
		ws->open.e[k].id = (uint32_t)(jps_find(ws,
		    ws->open.e[k].y * s + ws->open.e[k].x) - ws->nodes);
}

/*
 * The record of a cell in this generation, made (empty: g, parent and
 * stamp are the caller's to write, the generation with no direction yet)
 * if there is none; *fresh tells which.  The table is kept at most half
 * full, so a search finds a cell in a probe or two.
 */
static struct jps_node *
jps_node(struct path_jps *ws, uint32_t cell, int *fresh)
{
	uint32_t	mask, i;

	if (2 * (ws->live + 1) > (uint32_t)1 << ws->bits)
		jps_grow(ws);
	mask = ((uint32_t)1 << ws->bits) - 1;
	for (i = jps_hash(cell, ws->bits);; i = (i + 1) & mask) {
		if (STAMP_GEN(ws->nodes[i].stamp) != ws->gen)
			break;
		if (ws->nodes[i].cell == cell) {
			*fresh = 0;
			return (&ws->nodes[i]);
		}
	}
	ws->live++;
	ws->nodes[i].cell = cell;
	ws->nodes[i].stamp = STAMP(ws->gen, 0);
	*fresh = 1;
	return (&ws->nodes[i]);
}

void
path_jps_set_trace(struct path_jps *ws, path_trace_fn fn, void *ctx)
{
	ws->trace = fn;
	ws->trace_ctx = ctx;
}

/* Builds the grid's planes ahead of its first search: see jps.h. */
int
path_jps_prepare(const struct path_grid *grid)
{
	if (grid->cost_fn != NULL)
		return (-1);
	grid_jump_planes(grid);
	return (0);
}

/* Whether the search is exact here: see jps.h. */
int
path_jps_supports(const struct path_grid *grid, struct path_rules rules)
{
	rules = path_rules_normalize(rules);
	return (grid->cost_fn == NULL &&
	    (rules.movement == PATH_MOVE_8_OCTILE ||
	    rules.movement == PATH_MOVE_8_EUCLID) &&
	    rules.diagonal == PATH_DIAG_NO_CORNER_CUT && grid_uniform(grid));
}

/*
 * Whether to prefer it to A*: see jps.h.  Jump point search pays where
 * long straight and diagonal runs cross open ground, and loses where
 * obstacles are scattered one by one, since every isolated obstacle
 * makes four convex corners and every corner a jump point, so diagonal
 * runs stop every few cells and each stop costs two straight runs, while
 * A* walks past such obstacles almost as if they were not there.  The
 * grid counts its corners and its lone obstacles (blocked cells with
 * eight open neighbours, four corners each) as it changes
 * (grid_corners()).  Measured with each search running every problem of
 * a file in one timed loop (A*'s time / jump point search's; below 1, A*
 * is faster):
 *
 *   map                  corners per cell   of them, on lone   A* / jps
 *                        with a diagonal    obstacles
 *   AR0011SR             0.009              0                    47
 *   den520d              0.033              0.02                 14
 *   8room_000            0.112              0                     2.8
 *   scatter512-5         0.005              0                     4.2
 *   rooms512-64          0.003              0.01                 23
 *   lone cells, 0.1%     0.004              1                     4.7
 *   lone cells, 0.25%    0.010              1                     1.6
 *   lone cells, 0.5%     0.020              1                     0.92
 *   lone cells, 1%       0.039              0.95                  0.63
 *   lone cells, 5%       0.181              0.77                  0.47
 *   random512-10-0       0.332              0.58                  0.56
 *   den520d, 1% lone     0.130              0.75                  1.16
 *   scatter512-10, 0.5% lone  0.032         0.70                  1.42
 *   maze512-1-0          no diagonal steps at all                 1.25
 *
 * (lone cells on open 512x512 ground, or added to a map at random where
 * it was open; scatter512-* and rooms512-64 are in bench/maps/open).  So
 * jump point search is preferred on grids with no diagonal step at all
 * (mazes of corridors one cell wide), where it only ever runs straight,
 * and elsewhere below 0.2 corners per cell with a diagonal step, unless
 * three quarters of them are the corners of lone obstacles and those
 * alone come to 0.02 a cell.  Among the maps measured it chose wrongly
 * only on rooms512-64 with 1% lone cells added (0.042 lone corners a
 * cell, 0.93 of all; jump point search 1.5 times faster): the rooms'
 * walls make A* slow and have hardly any corners to tell.
 */
int
path_jps_preferred(const struct path_grid *grid, struct path_rules rules)
{
	size_t	lone = 4 * grid->lone;	/* their corners */

	if (!path_jps_supports(grid, rules))
		return (0);
	if (grid->diagonal_cells == 0)
		return (1);
	return (grid->corners * 5 < grid->diagonal_cells &&
	    !(lone * 4 >= grid->corners * 3 &&
	    lone * 50 >= grid->diagonal_cells));
}

/*
 * The first stop on a line of stop bits (grid-internal.h) after position
 * p, and the last one before it.  The border stops every line, so the
 * loops end on it at the latest; across open ground they read one word
 * for 64 cells.
 */
static inline __attribute__((always_inline)) int
jps_next_stop(const uint64_t *line, int p)
{
	unsigned	 q = (unsigned)p + 1;
	const uint64_t	*w = line + (q >> 6);
	uint64_t	 b = *w & (~UINT64_C(0) << (q & 63));

	while (b == 0)
		b = *++w;
	return ((int)((w - line) * 64 + __builtin_ctzll(b)));
}

static inline __attribute__((always_inline)) int
jps_prev_stop(const uint64_t *line, int p)
{
	unsigned	 q = (unsigned)p - 1;
	const uint64_t	*w = line + (q >> 6);
	uint64_t	 b = *w & (~UINT64_C(0) >> (63 - (q & 63)));

	while (b == 0)
		b = *--w;
	return ((int)((w - line) * 64 + 63 - __builtin_clzll(b)));
}

/*
 * Runs straight from bordered cell (x,y) in direction dir.  Returns the
 * cell where it stops with something to expand (a jump point or the
 * goal) and the steps to it in *steps, or JPS_NONE when it ends at a
 * wall.  The run stops at the first stop bit of its line; it passes the
 * goal first if the goal lies on the line before that bit.
 */
static inline __attribute__((always_inline)) uint32_t
jps_straight_run(const struct jps_search *js, int x, int y, int dir,
    int *steps)
{
	const uint64_t	*line;
	uint32_t	 v;
	int		 c;

	switch (dir) {
	case DIR_E:
		line = js->stops[GRID_STOP_E] + (size_t)y * js->rw;
		c = jps_next_stop(line, x);
		if (js->gy == y && js->gx > x && js->gx <= c)
			c = js->gx;
		*steps = c - x;
		v = (uint32_t)y * js->s + (uint32_t)c;
		break;
	case DIR_W:
		line = js->stops[GRID_STOP_W] + (size_t)y * js->rw;
		c = jps_prev_stop(line, x);
		if (js->gy == y && js->gx < x && js->gx >= c)
			c = js->gx;
		*steps = x - c;
		v = (uint32_t)y * js->s + (uint32_t)c;
		break;
	case DIR_S:
		line = js->stops[GRID_STOP_S] + (size_t)x * js->cw;
		c = jps_next_stop(line, y);
		if (js->gx == x && js->gy > y && js->gy <= c)
			c = js->gy;
		*steps = c - y;
		v = (uint32_t)c * js->s + (uint32_t)x;
		break;
	default:
		line = js->stops[GRID_STOP_N] + (size_t)x * js->cw;
		c = jps_prev_stop(line, y);
		if (js->gx == x && js->gy < y && js->gy >= c)
			c = js->gy;
		*steps = y - c;
		v = (uint32_t)c * js->s + (uint32_t)x;
		break;
	}
	return (js->cells[v] != 0 ? v : JPS_NONE);
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

/* grid_diag_first(), from what a search keeps at hand. */
static inline int
jps_diag_first(const struct jps_search *js, int l)
{
	return (l > js->height + 1 ? l - js->height - 1 : 0);
}

/*
 * How many diagonal steps by (dx,dy) from bordered cell (x,y), up to k,
 * are allowed one after the other: the grid's diagonal planes
 * (grid-internal.h) tell 64 steps with a word of each of three lines,
 * the line of the cells the steps enter and the lines beside it, which
 * hold the two cells beside each step, one in the same column as the
 * cell it enters, the other a column back.
 */
static int
jps_diagonal_free(const struct jps_search *js, int x, int y, int dx, int dy,
    int k)
{
	const int	 plane = dx == dy ? GRID_DIAG_MAIN : GRID_DIAG_ANTI;
	const int	 l = dx == dy ? x - y + js->height + 1 : x + y;
	/* The line beside whose cells share a step's column: */
	const int	 la = l + (dx == dy ? dy : -dy), lb = 2 * l - la;
	const uint64_t	*m = js->diags[plane] + (size_t)l * js->dw;
	const uint64_t	*a = js->diags[plane] + (size_t)la * js->dw;
	const uint64_t	*b = js->diags[plane] + (size_t)lb * js->dw;
	/* Each line's bits start at its own first column. */
	const int	 fm = jps_diag_first(js, l), fa = jps_diag_first(js, la);
	const int	 fb = jps_diag_first(js, lb);
	uint64_t	 ok;
	int		 n, p;

	for (n = 0; n < k; n += 64) {
		if (dx > 0) {
			/* Step n + 1 + i is bit i: column x + n + 1 + i. */
			p = x + n + 1;
			ok = grid_diag_bits(m, p - fm) &
			    grid_diag_bits(a, p - fa) &
			    grid_diag_bits(b, p - 1 - fb);
			if (~ok != 0)
				return (n + __builtin_ctzll(~ok) < k ?
				    n + __builtin_ctzll(~ok) : k);
		} else {
			/* Step n + 1 + i is bit 63 - i: x - n - 1 - i. */
			p = x - n - 1;
			ok = grid_diag_bits(m, p - 63 - fm) &
			    grid_diag_bits(a, p - 63 - fa) &
			    grid_diag_bits(b, p - 62 - fb);
			if (~ok != 0)
				return (n + __builtin_clzll(~ok) < k ?
				    n + __builtin_clzll(~ok) : k);
		}
	}
	return (k);
}

/*
 * Whether the goal is in sight from bordered cell (x,y) along a path of
 * octile length: diagonal steps towards it first, then straight ones.
 * Such a path costs the heuristic exactly, so from a cell taken off the
 * open list (whose f is the least there is, and no more than the
 * cheapest path's cost) it is a cheapest path, and the search can go
 * straight to the goal (Warthog's JPS does the same).  The diagonal part
 * reads 64 steps at a time (jps_diagonal_free()); the straight part reads
 * the stop bits of its line, passing the jump points on it, until the
 * goal or a wall.  Sets *turn to where the path turns (x,y itself, or
 * the goal, when it has one part only) and *diag to its diagonal steps.
 */
static int
jps_goal_in_sight(const struct jps_search *js, int x, int y, uint32_t *turn,
    int *diag)
{
	const int	 dx = (js->gx > x) - (js->gx < x);
	const int	 dy = (js->gy > y) - (js->gy < y);
	const int	 ax = abs(js->gx - x), ay = abs(js->gy - y);
	const int	 k = ax < ay ? ax : ay;
	const uint64_t	*line;
	uint32_t	 u;
	int		 c;

	if (k > 0 && jps_diagonal_free(js, x, y, dx, dy, k) < k)
		return (0);
	u = (uint32_t)(y + dy * k) * js->s + (uint32_t)(x + dx * k);
	*turn = u;
	*diag = k;
	x += dx * k;
	y += dy * k;
	/* The straight part: stop bits that are jump points do not stop it. */
	if (ax > ay) {
		line = js->stops[dx > 0 ? GRID_STOP_E : GRID_STOP_W] +
		    (size_t)y * js->rw;
		for (c = x; c != js->gx; x = c) {
			c = dx > 0 ? jps_next_stop(line, x) :
			    jps_prev_stop(line, x);
			if ((dx > 0 ? c >= js->gx : c <= js->gx))
				return (1);
			if (js->cells[(uint32_t)y * js->s + (uint32_t)c] == 0)
				return (0);
		}
	} else if (ay > ax) {
		line = js->stops[dy > 0 ? GRID_STOP_S : GRID_STOP_N] +
		    (size_t)x * js->cw;
		for (c = y; c != js->gy; y = c) {
			c = dy > 0 ? jps_next_stop(line, y) :
			    jps_prev_stop(line, y);
			if ((dy > 0 ? c >= js->gy : c <= js->gy))
				return (1);
			if (js->cells[(uint32_t)c * js->s + (uint32_t)x] == 0)
				return (0);
		}
	}
	return (1);
}

/*
 * Records that cell v (bordered (vx,vy)) is reached at cost ng from u,
 * arriving in direction dir, and puts it on the open list unless it was
 * reached as cheaply before or closed.
 */
static void
jps_reach(struct path_jps *ws, const struct jps_search *js, uint32_t v,
    int vx, int vy, path_cost ng, int dir, uint32_t u, struct path_stats *st)
{
	struct jps_node		*n;
	enum path_trace_event	 ev = PATH_TRACE_OPEN;
	path_cost		 h;
	int			 fresh;

	n = jps_node(ws, v, &fresh);
	if (!fresh) {
		if ((n->stamp & STAMP_CLOSED) || ng >= n->g)
			return;
		ev = PATH_TRACE_IMPROVE;
	} else
		st->touched++;
	n->g = ng;
	n->parent = u;
	n->stamp = STAMP(ws->gen, dir);
	h = grid_heuristic(PATH_H_OCTILE, vx, vy, js->gx, js->gy) * js->cost;
	open_push(&ws->open, grid_key(js->tie_bits, js->g_shift, ng, h),
	    (uint32_t)(n - ws->nodes), vx, vy);
	st->pushes++;
	if (ws->trace != NULL)
		ws->trace(ws->trace_ctx, ev, vx - 1, vy - 1, ng, h,
		    (int)(u % js->s) - 1, (int)(u / js->s) - 1);
}

/*
 * The goal is in sight from u (jps_goal_in_sight()): reaches it from u,
 * by way of the cell where the path turns if it has one, and opens
 * nothing else, since the goal now has the least f on the open list and
 * the most g among equal f.
 */
static void
jps_reach_goal(struct path_jps *ws, const struct jps_search *js, uint32_t u,
    int x, int y, path_cost g, uint32_t turn, int diag, struct path_stats *st)
{
	struct jps_node	*t;
	path_cost	 gt = g + js->unit_d * (path_cost)diag;
	int		 tx = (int)(turn % js->s), ty = (int)(turn / js->s);
	int		 fresh;
	int		 dir = js->gy < y ? (js->gx > x ? DIR_NE : DIR_NW) :
			    (js->gx > x ? DIR_SE : DIR_SW);
	int		 sdir = tx == js->gx ? (js->gy > ty ? DIR_S : DIR_N) :
			    (js->gx > tx ? DIR_E : DIR_W);

	if (diag > 0 && turn != js->gi) {
		/*
		 * The turn holds the path's bend, as a closed jump point;
		 * jps_reach() may move it, so its g is read first.
		 */
		t = jps_node(ws, turn, &fresh);
		if (fresh || gt < t->g) {
			st->touched += (uint64_t)fresh;
			t->g = gt;
			t->parent = u;
			t->stamp = STAMP(ws->gen, dir) | STAMP_CLOSED;
		}
		jps_reach(ws, js, js->gi, js->gx, js->gy, t->g + js->unit_o *
		    (path_cost)(abs(js->gx - tx) + abs(js->gy - ty)), sdir, turn,
		    st);
	} else if (diag > 0)
		jps_reach(ws, js, js->gi, js->gx, js->gy, gt, dir, u, st);
	else
		jps_reach(ws, js, js->gi, js->gx, js->gy, g + js->unit_o *
		    (path_cost)(abs(js->gx - x) + abs(js->gy - y)), sdir, u, st);
}

/*
 * Expands jump point u (bordered (x,y), reached at cost g in the
 * direction its stamp holds): the goal if it is in sight the way a
 * successor leads, else a run in each direction worth one.
 */
static void
jps_expand(struct path_jps *ws, const struct jps_search *js, uint32_t u,
    uint32_t stamp, int x, int y, path_cost g, struct path_stats *st)
{
	uint32_t		 v, turn;
	unsigned		 want = 0;
	int			 m = js->open[u], dirs[8], ndirs = 0, dir;
	int			 i, k, steps = 0, diag, gdir;

	if (u == js->si) {
		for (k = 0; k < 8; k++)
			dirs[ndirs++] = k;
	} else if ((dir = STAMP_DIR(stamp)) < 4) {
		dirs[ndirs++] = dir;
		for (i = 0; i < 2; i++) {
			if ((m & jps_bit[jps_straight[dir].side[i]]) &&
			    !(m & jps_bit[jps_straight[dir].behind[i]])) {
				dirs[ndirs++] = jps_straight[dir].side[i];
				dirs[ndirs++] = jps_straight[dir].diag[i];
			}
		}
	} else {
		dirs[ndirs++] = dir;
		dirs[ndirs++] = jps_parts[dir][0];
		dirs[ndirs++] = jps_parts[dir][1];
	}
	for (i = 0; i < ndirs; i++)
		want |= 1u << dirs[i];

	/* The goal's way from here, and whether it is in sight that way. */
	if (js->gx == x)
		gdir = js->gy > y ? DIR_S : DIR_N;
	else if (js->gy == y)
		gdir = js->gx > x ? DIR_E : DIR_W;
	else
		gdir = js->gy < y ? (js->gx > x ? DIR_NE : DIR_NW) :
		    (js->gx > x ? DIR_SE : DIR_SW);
	if ((want >> gdir & 1) && jps_goal_in_sight(js, x, y, &turn, &diag)) {
		jps_reach_goal(ws, js, u, x, y, g, turn, diag, st);
		return;
	}

	for (i = 0; i < ndirs; i++) {
		k = dirs[i];
		if (k < 4) {
			if (!(m & jps_bit[k]))
				continue;
			v = jps_straight_run(js, x, y, k, &steps);
		} else
			v = jps_diagonal(js, x, y, k, &steps);
		if (v != JPS_NONE)
			jps_reach(ws, js, v, x + grid_step_dx[k] * steps,
			    y + grid_step_dy[k] * steps, g + (k < 4 ?
			    js->unit_o : js->unit_d) * (path_cost)steps, k, u,
			    st);
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
	struct jps_node		*n;
	struct open_entry	 top;
	path_cost		 h;
	uint32_t		 si;
	int			 k;

	memset(st, 0, sizeof *st);
	if (grid_check_size(grid, ws->width, ws->height) != 0)
		return (grid_size_refused("path_jps_search", grid, ws->width,
		    ws->height));
	if (!path_jps_supports(grid, rules)) {
		x_report(X_ERROR_MISUSE, "path_jps_search: rules or costs it "
		    "cannot search exactly (path_jps_supports)");
		return (PATH_COST_ERROR);
	}
	/* A new generation: every cell becomes unseen. */
	grid_next_generation(&ws->gen, JPS_MAX_GEN, ws->nodes,
	    (size_t)1 << ws->bits, sizeof *ws->nodes);
	ws->live = 0;
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
	js.si = si;
	js.cells = grid->cells;
	js.open = grid->open;
	grid_jump_planes(grid);		/* built on the first search */
	for (k = 0; k < 4; k++)
		js.stops[k] = grid->stops[k];
	js.rw = grid->row_words;
	js.cw = grid->col_words;
	js.diags[0] = grid->diags[0];
	js.diags[1] = grid->diags[1];
	js.dw = grid->diag_words;
	js.height = grid->height;
	js.s = (uint32_t)grid->stride;
	js.gx = gx + 1;
	js.gy = gy + 1;
	js.cost = grid->cells[si];
	js.unit_o = (path_cost)PATH_COST_ORTHO * js.cost;
	js.unit_d = (path_cost)PATH_COST_DIAG * js.cost;
	grid_key_layout(grid, &js.tie_bits, &js.g_shift);
	open_clear(&ws->open);

	n = jps_node(ws, si, &k);
	n->g = 0;
	n->parent = si;
	h = grid_heuristic(PATH_H_OCTILE, sx, sy, gx, gy) * js.cost;
	open_push(&ws->open, grid_key(js.tie_bits, js.g_shift, 0, h),
	    (uint32_t)(n - ws->nodes), sx + 1, sy + 1);
	st->pushes = st->touched = 1;
	if (ws->trace != NULL)
		ws->trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);

	while (ws->open.n > 0) {
		top = open_pop(&ws->open);
		n = &ws->nodes[top.id];
		if (n->stamp & STAMP_CLOSED)
			continue;	/* a stale entry */
		n->stamp |= STAMP_CLOSED;
		st->expansions++;
		if (ws->trace != NULL)
			ws->trace(ws->trace_ctx, PATH_TRACE_EXPAND, top.x - 1,
			    top.y - 1, n->g, grid_heuristic(PATH_H_OCTILE,
			    top.x, top.y, js.gx, js.gy) * js.cost,
			    (int)(n->parent % js.s) - 1,
			    (int)(n->parent / js.s) - 1);
		if (n->cell == js.gi) {
			ws->found = 1;
			return (n->g);
		}
		jps_expand(ws, &js, n->cell, n->stamp, top.x, top.y, n->g, st);
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
	for (v = ws->goal; v != ws->start; v = p) {
		p = jps_find(ws, v)->parent;
		dx = abs((int)(v % s) - (int)(p % s));
		dy = abs((int)(v / s) - (int)(p / s));
		len += (size_t)(dx > dy ? dx : dy);
	}
	i = len;
	for (v = ws->goal;; v = p) {
		x = (int)(v % s) - 1;
		y = (int)(v / s) - 1;
		if (v == ws->start) {
			if (--i < max) {
				out[i].x = x;
				out[i].y = y;
			}
			break;
		}
		p = jps_find(ws, v)->parent;
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
