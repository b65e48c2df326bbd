/*
 * grid-internal.h: the cost grid's layout, for the searches of this
 * library only (like Lua's lstate.h: callers outside src/path see an
 * opaque struct).
 *
 * Cells are stored row by row with a one-cell blocked border all round,
 * so a search can look at all eight neighbours of any inside cell without
 * a bounds check.  A cell's index is (y + 1) * stride + (x + 1).
 */
#ifndef ASTRAY_GRID_INTERNAL_H
#define ASTRAY_GRID_INTERNAL_H

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "grid.h"
#include "rules.h"
#include "xmalloc.h"

struct path_grid {
	int			 width;
	int			 height;
	int			 stride;	/* width + 2 */
	uint8_t			*cells;		/* (width+2) * (height+2) */
	uint8_t			*open;		/* open neighbours, GRID_OPEN_* */
	/* Jump point search's bit planes, built when it first asks. */
	atomic_int		 planes;	/* GRID_PLANES_* */
	uint64_t		*stops[4];	/* GRID_STOP_*: see below */
	size_t			 row_words;	/* words per row of stops E, W */
	size_t			 col_words;	/* words per column of N, S */
	uint64_t		*diags[2];	/* GRID_DIAG_*: see below */
	size_t			 diag_words;	/* words per line of diags */
	uint32_t		 costs[256];	/* open cells of each cost */
	int			 distinct;	/* costs with a cell */
	size_t			 corners;	/* see grid_corners() */
	size_t			 diagonal_cells;
	size_t			 lone;

	uint8_t			 max_cost;	/* no cell costs more */

	uint64_t		 version;
	struct path_change	*log;		/* ring of log_capacity */
	size_t			 log_capacity;

	path_cost_fn		 cost_fn;	/* from the caller, or NULL */
	void			*cost_user;
};

/* Index of an inside cell in the bordered layout. */
static inline uint32_t
grid_index(const struct path_grid *g, int x, int y)
{
	return ((uint32_t)(y + 1) * (uint32_t)g->stride + (uint32_t)(x + 1));
}

/*
 * Which neighbours of a cell are open (cost above 0), a bit each: the
 * orthogonals in the order grid_diagonals reads them (north, east,
 * south, west), then the diagonals in its result's order (north-east,
 * south-east, south-west, north-west).  A search learns every legal step
 * out of a cell from this one byte and grid_diagonals: the orthogonal
 * steps are the low four bits, the diagonal ones
 * grid_diagonals[rule][open & 15] & open >> 4.  Kept current by every
 * write.  The border's bytes mean nothing: no search expands a border
 * cell.
 */
#define GRID_OPEN_N	0x01
#define GRID_OPEN_E	0x02
#define GRID_OPEN_S	0x04
#define GRID_OPEN_W	0x08
#define GRID_OPEN_NE	0x10
#define GRID_OPEN_SE	0x20
#define GRID_OPEN_SW	0x40
#define GRID_OPEN_NW	0x80

/*
 * Where a straight run of jump point search stops, as bits, so that a
 * run reads 64 cells of its line in one word: for each straight
 * direction (N, E, S, W: the order of the first four GRID_OPEN_* bits),
 * a plane of bits with bit p of a line set when position p of that line
 * (of the bordered layout) is blocked, or is a jump point for a run that
 * way: a cell beside it across the run is open while the cell behind
 * that one (beside the cell the run came from) is blocked.  E and W are
 * planes of rows (row y at stops[d] + y * row_words), N and S planes of
 * columns (column x at stops[d] + x * col_words), so that a vertical run
 * reads words too.  The border is blocked, so every run stops on its
 * line.  Kept current by every write: a cell's bits follow from its open
 * mask (grid_stop_mask), and a write changes the masks of the 3x3 cells
 * round it only.
 */
#define GRID_STOP_N	0
#define GRID_STOP_E	1
#define GRID_STOP_S	2
#define GRID_STOP_W	3

/*
 * The planes (the stop planes and the diagonal ones below) serve jump
 * point search alone, and take about 330 KB on 512x512, so a grid has
 * none until a search asks for them (grid_jump_planes()): the game's
 * grids, which it never searches that way, neither hold them nor keep
 * them current at every write (a level of 512x512 was set up 0.15 s
 * slower when every grid kept them).  Once built they are kept current
 * by every write.  A grid nobody writes may be searched by several
 * threads at once (library.md), so the first search's build is guarded:
 * GRID_PLANES_NONE, then GRID_PLANES_BUILDING for the one thread that
 * builds, then GRID_PLANES_READY for good; a thread that finds them
 * being built waits for them.
 */
#define GRID_PLANES_NONE	0
#define GRID_PLANES_BUILDING	1
#define GRID_PLANES_READY	2

/* Builds the grid's planes if it has none yet: see above. */
void	grid_jump_planes(const struct path_grid *);

/*
 * The stop bits of an inside cell, a bit per GRID_STOP_* direction, from
 * its cost and open mask.
 */
static inline unsigned
grid_stop_mask(const struct path_grid *g, uint32_t u)
{
	unsigned	m = g->open[u];
	unsigned	n = m & 1, e = m >> 1 & 1, s = m >> 2 & 1, w = m >> 3 & 1;
	unsigned	ne = m >> 4 & 1, se = m >> 5 & 1, sw = m >> 6 & 1;
	unsigned	nw = m >> 7 & 1;

	if (g->cells[u] == 0)
		return (15);
	return (((w & ~sw) | (e & ~se)) << GRID_STOP_N |
	    ((n & ~nw) | (s & ~sw)) << GRID_STOP_E |
	    ((w & ~nw) | (e & ~ne)) << GRID_STOP_S |
	    ((n & ~ne) | (s & ~se)) << GRID_STOP_W);
}

/*
 * Open cells as bits along the diagonals, so that a walk of diagonal
 * steps reads 64 of them at a time: GRID_DIAG_ANTI holds the lines of
 * cells whose bordered x + y is the same (north-east to south-west),
 * line x + y; GRID_DIAG_MAIN those whose x - y is (north-west to
 * south-east), line x - y + height + 1.  Line l holds the cells of
 * bordered columns grid_diag_first(g, l) onwards, at most the shorter
 * side and the border: column x is bit x - grid_diag_first(g, l) + 64 of
 * its diag_words words, so that a walk may read the 64 positions on
 * either side of any of its cells without a bounds check; positions off
 * the grid and the border are blocked.  A diagonal step from a cell
 * needs three cells open, the one it enters and the two beside both:
 * those lie on its line and the two lines next to it, so three words
 * tell 64 steps.
 */
#define GRID_DIAG_ANTI	0
#define GRID_DIAG_MAIN	1

/* The first bordered column on line l of either diagonal plane. */
static inline int
grid_diag_first(const struct path_grid *g, int l)
{
	return (l > g->height + 1 ? l - g->height - 1 : 0);
}

/* The 64 bits of a line of diagonal bits from bit b + 64 up. */
static inline uint64_t
grid_diag_bits(const uint64_t *line, int b)
{
	unsigned	q = (unsigned)(b + 64), w = q >> 6, s = q & 63;

	return (s == 0 ? line[w] : line[w] >> s | line[w + 1] << (64 - s));
}

/* Every open cell costs the same (or there is none). */
static inline int
grid_uniform(const struct path_grid *g)
{
	return (g->distinct <= 1);
}

/* Recomputes max_cost and the open masks after cells were written directly. */
void	grid_refresh(struct path_grid *);

/*
 * The most a path on this grid can cost: every cell once, diagonally, at
 * the highest cost.  Searches size their heap keys from it.
 */
static inline uint64_t
grid_cost_bound(const struct path_grid *g)
{
	return ((uint64_t)g->width * (uint64_t)g->height * PATH_COST_DIAG *
	    (g->max_cost ? g->max_cost : 1));
}

/*
 * The most a path that enters no cell twice can cost: every open cell
 * entered once, diagonally, at its own cost.  Tighter than
 * grid_cost_bound() where much of the map is blocked or cheap (a third of
 * it on 8room_000), and it bounds every cost a Dijkstra search stores: a
 * cheapest path, and one more step off it to a cell not on it.
 */
static inline uint64_t
grid_open_cost_bound(const struct path_grid *g)
{
	uint64_t	sum = 0;
	int		c;

	for (c = 1; c <= g->max_cost; c++)
		sum += (uint64_t)g->costs[c] * (uint64_t)c;
	return (sum * PATH_COST_DIAG);
}

/*
 * Splits a 64-bit heap key into f (high bits) and the complement of g
 * (low bits) for searches on this grid: f gets the bits the largest f can
 * need, g the rest, dropping its low bits only on huge weighted grids
 * (which coarsens tie-breaking, never the order on f).
 */
static inline void
grid_key_layout(const struct path_grid *g, int *tie_bits, int *g_shift)
{
	uint64_t	fmax;
	int		fbits = 0;

	fmax = 2 * grid_cost_bound(g) +
	    (uint64_t)PATH_COST_DIAG * (uint64_t)(g->width + g->height);
	while (fbits < 64 && (fmax >> fbits) != 0)
		fbits++;
	*tie_bits = 64 - fbits;
	*g_shift = fbits > *tie_bits ? fbits - *tie_bits : 0;
}

/*
 * The heap key of a cell of cost g and estimate h in the layout
 * grid_key_layout() chose: f in the high bits, then the complement of g,
 * so that one comparison orders by f and then by the larger g.
 */
static inline uint64_t
grid_key(int tie_bits, int g_shift, path_cost g, path_cost h)
{
	uint64_t	mask = (UINT64_C(1) << tie_bits) - 1;

	return (((uint64_t)(g + h) << tie_bits) |
	    (mask - ((uint64_t)g >> g_shift)));
}

/*
 * A step of a callback grid (path_grid_new_callback): its direction (the
 * order of grid_step_dx, grid_step_dy) and the cost the callback gave.
 */
struct grid_cb_step {
	int		dir;
	path_cost	cost;
};

/*
 * The legal steps of a callback grid at inside cell (x,y) under rules
 * (normalised): with reverse 0 the steps out of it, with reverse 1 the
 * steps into it (a step's dir is then from (x,y) to the neighbour the step
 * comes from), each with the callback's cost, the diagonal rule applied
 * to the orthogonal steps out of the cell the step leaves.  Returns how
 * many, or -1 when the callback gave a cost out of range (below the
 * step's unweighted cost or above PATH_GRID_MAX_STEP_COST), told to the
 * error handler as a misuse of who.
 */
int	 grid_callback_steps(const struct path_grid *, struct path_rules,
	     int x, int y, int reverse, const char *who,
	     struct grid_cb_step out[8]);

/* Number of cells of the bordered layout. */
static inline size_t
grid_padded_cells(int width, int height)
{
	return ((size_t)(width + 2) * (size_t)(height + 2));
}

/*
 * Stops the program, naming what (a workspace, a field) in the message,
 * unless the grid is width x height: a search's workspace serves grids
 * of its own size only.  Inline, so that a search pays a call only when
 * it fails.
 */
static inline int
grid_check_size(const struct path_grid *g, int width, int height)
{
	return (g->width == width && g->height == height ? 0 : -1);
}

/* Whether a grid may be width x height (path_grid_check_size). */
static inline int
grid_size_ok(int width, int height)
{
	return (width >= 1 && height >= 1 && width <= PATH_GRID_MAX_SIDE &&
	    height <= PATH_GRID_MAX_SIDE &&
	    (long)width * height <= PATH_GRID_MAX_CELLS);
}

/*
 * Tells the host's error handler (memory.h) that fn was asked for a
 * width x height out of range (grid_new_refused), or was given a grid of
 * another size than its own width x height (grid_size_refused, which
 * returns PATH_COST_ERROR for the searches to return).  Out of line and
 * cold: the searches pay nothing for them until they fail.
 */
void	 grid_new_refused(const char *fn, int width, int height)
	    __attribute__((cold));
path_cost grid_size_refused(const char *fn, const struct path_grid *g,
	     int width, int height) __attribute__((cold));

/*
 * Tells the error handler that fn cannot use a callback grid (grid.h
 * says which can) and returns -1; returns 0 for a grid of stored costs.
 */
void	 grid_callback_refused(const char *fn) __attribute__((cold));
static inline int
grid_callback_check(const char *fn, const struct path_grid *g)
{
	if (__builtin_expect(g->cost_fn == NULL, 1))
		return (0);
	grid_callback_refused(fn);
	return (-1);
}

/*
 * Starts a new generation of a search's per-cell stamps, so that every
 * cell reads as unseen: bumps *gen, and when it would pass max clears
 * the ncells records of size bytes at nodes instead and starts again at
 * 1 (a cleared record holds generation 0).
 */
static inline void
grid_next_generation(uint32_t *gen, uint32_t max, void *nodes, size_t ncells,
    size_t size)
{
	if (++*gen > max) {
		memset(nodes, 0, ncells * size);
		*gen = 1;
	}
}

/*
 * Which diagonal steps a rule allows, as a table indexed by the rule and
 * by which orthogonal neighbours are open (bit 0 north, 1 east, 2 south,
 * 3 west); the result has bit 0 for north-east, 1 south-east, 2
 * south-west, 3 north-west.  A lookup instead of a switch per diagonal.
 */
extern const uint8_t grid_diagonals[4][16];

/*
 * Cost of a single step from (ax,ay) to (bx,by) on g under rules (both
 * cells open, a neighbour, a diagonal the rule allows), or
 * PATH_COST_NONE.  The planners' planner_step() on their own grid.
 */
path_cost grid_step(const struct path_grid *, struct path_rules, int ax,
	     int ay, int bx, int by);

/*
 * A copy of g with its costs as they were at version `version` (the
 * changes since undone from the log), for checking a saved planner
 * against the grid it last saw; the caller frees it with
 * path_grid_free().  NULL if the log no longer reaches that far back or
 * version is in the future.
 */
struct path_grid *grid_as_of(const struct path_grid *g, uint64_t version);

/*
 * The legal steps out of cell u as a bit mask: orthogonal first (bits
 * 0-3: north, east, south, west), then the diagonals in the order of
 * grid_diagonals (bits 4-7: north-east, south-east, south-west,
 * north-west), by the same definition as grid_moves (open cells, the
 * diagonal rule's table), read from the grid's open mask of the cell.
 */
static inline __attribute__((always_inline)) unsigned
grid_step_mask(const uint8_t *open, uint32_t u, enum path_diagonal rule)
{
	unsigned	m = open[u];

	return ((m & 15) | (unsigned)(grid_diagonals[rule][m & 15] &
	    m >> 4) << 4);
}

/*
 * The step of each bit of a mask from grid_step_mask() (GRID_OPEN_*),
 * the directions N E S W NE SE SW NW of every search here.  Static, so
 * that a copy of a search specialised on a direction (jps.c's diagonal
 * runs) reads its step as a constant; ints, since as bytes they cost jump
 * point search 0.12% more instructions (cachegrind, 8room_000's
 * scenarios), where its own table of ints had cost nothing.
 */
static const int grid_step_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int grid_step_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

/*
 * Runs STEP(BIT, DX, DY, DIAGONAL) for each of the eight steps of a mask
 * from grid_step_mask(), in its bit order, with constant offsets: the
 * expansion loop of a search on the bordered layout, written once.
 * STEP tests its bit itself; the diagonals are skipped at once when the
 * mask has none.
 */
#define GRID_EACH_STEP(STEP, MASK) do {					\
	STEP(0, 0, -1, 0);						\
	STEP(1, 1, 0, 0);						\
	STEP(2, 0, 1, 0);						\
	STEP(3, -1, 0, 0);						\
	if ((MASK) > 15) {						\
		STEP(4, 1, -1, 1);					\
		STEP(5, 1, 1, 1);					\
		STEP(6, -1, 1, 1);					\
		STEP(7, -1, -1, 1);					\
	}								\
} while (0)

/*
 * What a cell adds to the grid's corner counts: corners is the number of
 * (open cell, diagonal) pairs whose two orthogonal cells are open but the
 * diagonal one is blocked (the convex corners where jump point search
 * finds jump points), diagonal_cells the open cells with at least one
 * legal diagonal step without corner cutting, lone the blocked cells
 * whose eight neighbours are all open (obstacles of one cell, each of
 * which makes four corners and no wall).  Their ratios tell jump point
 * search's costs on a map (jps.c).  A cell of the border never counts as
 * lone: the cells beyond it, which its open mask would need, are never
 * written.
 */
static inline void
grid_corners(const struct path_grid *g, uint32_t u, size_t *corners,
    size_t *diagonal, size_t *lone)
{
	unsigned	m = g->open[u], allowed, open;

	if (g->cells[u] == 0) {
		*corners = *diagonal = 0;
		*lone = m == 0xff;
		return;
	}
	/* The diagonals whose two orthogonals are open, and the open ones. */
	allowed = grid_diagonals[PATH_DIAG_NO_CORNER_CUT][m & 15];
	open = m >> 4;
	*corners = (size_t)(0x4332322132212110u >> 4 * (allowed & ~open &
	    15) & 15);	/* the number of bits set, for 4 bits */
	*diagonal = (allowed & open) != 0;
	*lone = 0;
}

/* Diagonal step cost before weighting, under a movement. */
static inline path_cost
grid_diag_base(enum path_movement m)
{
	return (m == PATH_MOVE_8_CHEBYSHEV ? PATH_COST_ORTHO : PATH_COST_DIAG);
}

/*
 * Heuristic between two cells for an already normalised heuristic kind;
 * inline so that searches specialised on hk fold the switch away.  The
 * Euclidean scale is 1393/sqrt(2), a hair under 985, shaded down further
 * so rounding can never make it overestimate a fixed-point diagonal.
 */
static inline __attribute__((always_inline)) path_cost
grid_heuristic(enum path_heuristic hk, int x0, int y0, int x1, int y1)
{
	path_cost	dx = x0 > x1 ? (path_cost)x0 - x1 : (path_cost)x1 - x0;
	path_cost	dy = y0 > y1 ? (path_cost)y0 - y1 : (path_cost)y1 - y0;
	path_cost	lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	switch (hk) {
	case PATH_H_MANHATTAN:
		return (PATH_COST_ORTHO * (dx + dy));
	case PATH_H_OCTILE:
		return (PATH_COST_ORTHO * (hi - lo) + PATH_COST_DIAG * lo);
	case PATH_H_CHEBYSHEV:
		return (PATH_COST_ORTHO * hi);
	case PATH_H_EUCLID:
		return ((path_cost)(sqrt((double)(dx * dx + dy * dy)) *
		    (PATH_COST_DIAG / 1.4142135623730951) * (1 - 1e-9)));
	default:
		return (0);
	}
}

/* A legal step out of a cell: where to, which way, its unweighted cost. */
struct grid_move {
	uint32_t	id;
	int		dx;
	int		dy;
	path_cost	base;	/* PATH_COST_ORTHO or the diagonal cost */
};

/*
 * The one definition of which steps are legal, shared by every search:
 * fills out with the open neighbours of cell u that a step may enter
 * under the diagonal rule (PATH_DIAG_NEVER for 4-connected movement) and
 * returns how many.  A step's cost is base times the entered cell's cost.
 * The rules are symmetric, so the same cells are the predecessors of u.
 */
static inline __attribute__((always_inline)) int
grid_moves(const struct path_grid *g, enum path_diagonal rule,
    path_cost diag_base, uint32_t u, struct grid_move out[8])
{
	const uint8_t	*c = g->cells;
	const uint32_t	 s = (uint32_t)g->stride;
	int		 n = 0, on, oe, os, ow, diagonals;

#define GRID_MOVE(v, mx, my, b) do {					\
	out[n].id = (v); out[n].dx = (mx); out[n].dy = (my);		\
	out[n].base = (b); n++;						\
} while (0)
	on = c[u - s] != 0;
	oe = c[u + 1] != 0;
	os = c[u + s] != 0;
	ow = c[u - 1] != 0;
	if (on)
		GRID_MOVE(u - s, 0, -1, PATH_COST_ORTHO);
	if (oe)
		GRID_MOVE(u + 1, 1, 0, PATH_COST_ORTHO);
	if (os)
		GRID_MOVE(u + s, 0, 1, PATH_COST_ORTHO);
	if (ow)
		GRID_MOVE(u - 1, -1, 0, PATH_COST_ORTHO);
	diagonals = grid_diagonals[rule][on | oe << 1 | os << 2 | ow << 3];
	if (diagonals == 0)
		return (n);
	if ((diagonals & 1) && c[u - s + 1] != 0)
		GRID_MOVE(u - s + 1, 1, -1, diag_base);
	if ((diagonals & 2) && c[u + s + 1] != 0)
		GRID_MOVE(u + s + 1, 1, 1, diag_base);
	if ((diagonals & 4) && c[u + s - 1] != 0)
		GRID_MOVE(u + s - 1, -1, 1, diag_base);
	if ((diagonals & 8) && c[u - s - 1] != 0)
		GRID_MOVE(u - s - 1, -1, -1, diag_base);
#undef GRID_MOVE
	return (n);
}

#endif
