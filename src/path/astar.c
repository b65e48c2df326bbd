/*
 * astar.c: A* from scratch, fast enough to run every turn.
 *
 * Per-cell state lives in one array the size of the bordered grid, 8
 * bytes a cell: g, and one word packing the search's generation, whether
 * the cell is closed and the direction of its parent.  On a 512x512 map
 * that is 2 MiB, half of what it would be with a 64-bit g and a parent
 * index: the difference shows in cache misses, which are a good third of
 * the time.  A cell whose generation is not the current search's is
 * unseen, so a new search starts by bumping one counter; the array is
 * cleared only when the 27-bit counter wraps.
 *
 * g is 32 bits.  Every new g is computed in 64 and checked: a search whose
 * costs outgrow 32 bits (paths of more than four million orthogonal steps'
 * worth, only possible on huge or heavily weighted grids) starts over in a
 * wide mode that keeps g in a 64-bit array made on first need.
 *
 * The open list.  With a consistent heuristic (every admissible one here)
 * f never decreases from one expansion to the next, and when a cell is
 * expanded at the minimum f its successors' f is at most twice the
 * costliest step higher (g grows by the step, h shrinks by at most the
 * step).  So every open cell has f in [min, min + 2 * step], and W slots,
 * W a power of two above that span, give each f value its own slot
 * f & (W - 1): a circular bucket queue (Dial's algorithm for A*).  Each
 * slot is a stack of (cell, x, y) entries, kept in blocks of 31 from one
 * pool so that memory follows what one search holds, and a bitmap of
 * non-empty slots finds the next minimum.  An improved cell is pushed again into
 * its new, lower slot and its old entry is left where it is (lazy
 * deletion): the new entry surfaces first, since f only grows, so the
 * old one finds the cell closed and is skipped.  Nothing is unlinked,
 * and a cell's record is 8 hot bytes with no links beside it.
 *
 * Ties among equal f go to the cell pushed last.  The successors of the
 * cell just expanded are pushed last, and they lie one step further from
 * the start, so this is a cheap stand-in for "larger g first": on open
 * maps the search still runs straight at the goal instead of widening a
 * front of equally good cells.  On the Moving AI sets it expands within
 * a few percent of the cells an exact larger-g order expands, at a
 * fraction of the cost of ordering each plateau.
 *
 * Grids with very expensive cells (the span grows with the costliest
 * step) and inconsistent heuristics (Manhattan with diagonal steps,
 * allowed for teaching) use a 4-ary heap on a packed key instead, with
 * lazy deletion: an improved cell is pushed again and its stale entry is
 * skipped when it surfaces.  The key packs f into its high bits and the
 * complement of g into the low ones, so one comparison orders by f and
 * then by larger g; the split follows the grid's cost bound, and on huge
 * weighted grids g loses low bits, which coarsens tie-breaking only.
 *
 * The search is specialised, by forced inlining, on the heuristic and
 * the open list, so the inner loop has no indirect calls.  With an
 * inconsistent heuristic closed cells are still never reopened, so the
 * result may not be optimal; path_rules_admissible() lets callers warn.
 */
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid-internal.h"
#include "heap.h"
#include "xmalloc.h"

#define ASTAR_NONE		UINT32_MAX	/* no cell, end of a list */
#define ASTAR_MAX_SLOTS		(1u << 17)	/* largest bucket queue */

/* Where a cell seen by the current search is. */
enum astar_where {
	WHERE_OPEN,	/* on the open list (perhaps more than once) */
	WHERE_CLOSED = 3/* expanded */
};

/* The stamp: generation, parent direction (DIR_*), where (WHERE_*). */
#define STAMP(gen, dir, where)	((gen) << 5 | (uint32_t)(dir) << 2 | (where))
#define STAMP_GEN(stamp)	((stamp) & ~UINT32_C(31))
#define STAMP_DIR(stamp)	((stamp) >> 2 & 7)
#define STAMP_WHERE(stamp)	((stamp) & 3)
#define ASTAR_MAX_GEN		(UINT32_MAX >> 5)

/*
 * Directions from a parent to its child, as the stamp stores them: the
 * order of grid_step_dx and grid_step_dy.
 */
enum { DIR_N, DIR_E, DIR_S, DIR_W, DIR_NE, DIR_SE, DIR_SW, DIR_NW };

struct astar_node {
	uint32_t	g;		/* unless the search is wide */
	uint32_t	stamp;
};

/* An entry of a slot's stack: the cell and, to spare a division, x,y. */
struct astar_entry {
	uint32_t	v;
	uint16_t	x;
	uint16_t	y;
};

/*
 * Slots keep their entries in blocks from one pool: a slot is a chain of
 * blocks, newest on top, so memory follows the entries one search holds
 * at once, not the most each slot ever held over many searches.
 */
#define ASTAR_BLOCK	31
struct astar_block {
	uint32_t		 below;		/* the block under it, or NONE */
	uint32_t		 n;
	struct astar_entry	 e[ASTAR_BLOCK];
};

struct path_astar {
	int			 width;
	int			 height;
	int			 stride;
	size_t			 ncells;
	struct astar_node	*nodes;
	uint64_t		*wide_g;	/* g of a wide search */
	int			 wide;		/* the last search was wide */
	int32_t			 off[8];	/* index offsets of DIR_* */
	uint32_t		 gen;

	/* Bucket queue: each slot's top block, and which slots have some. */
	uint32_t		*top;
	uint64_t		*bits;
	uint32_t		 slots;		/* allocated */
	uint32_t		 mask;		/* W - 1 for this search */
	uint32_t		 cur;		/* slot of the minimum f */
	size_t			 listed;	/* entries in all slots */
	struct astar_block	*blocks;	/* the pool */
	uint32_t		 nblocks;	/* handed out since the search began */
	uint32_t		 block_cap;
	uint32_t		 free_block;	/* a chain of returned ones, or NONE */

	/* Heap mode. */
	struct open_list	 heap;
	int			 tie_bits;
	int			 g_shift;

	uint32_t		 start;		/* of the last search */
	uint32_t		 goal;
	int			 found;

	path_trace_fn		 trace;
	void			*trace_ctx;
};

/* Creates a workspace: see astar.h. */
struct path_astar *
path_astar_new(int width, int height)
{
	struct path_astar	*ws;
	int			 d;

	if (!grid_size_ok(width, height)) {
		grid_new_refused("path_astar_new", width, height);
		return (NULL);
	}
	ws = xcalloc(1, sizeof *ws);
	ws->width = width;
	ws->height = height;
	ws->stride = width + 2;
	ws->ncells = grid_padded_cells(width, height);
	ws->nodes = xcalloc(ws->ncells, sizeof *ws->nodes);
	for (d = 0; d < 8; d++)
		ws->off[d] = grid_step_dy[d] * ws->stride + grid_step_dx[d];
	return (ws);
}

void
path_astar_free(struct path_astar *ws)
{
	if (ws == NULL)
		return;
	free(ws->top);
	free(ws->blocks);
	free(ws->bits);
	open_free(&ws->heap);
	free(ws->nodes);
	free(ws->wide_g);
	free(ws);
}

/* Bytes the workspace holds. */
size_t
path_astar_memory(const struct path_astar *ws)
{
	return (sizeof *ws + ws->ncells * sizeof *ws->nodes +
	    (ws->wide_g != NULL ? ws->ncells * sizeof *ws->wide_g : 0) +
	    (size_t)ws->slots * sizeof *ws->top + (size_t)ws->slots / 8 +
	    (size_t)ws->block_cap * sizeof *ws->blocks +
	    (ws->heap.e != NULL ? (ws->heap.cap + 4) * sizeof *ws->heap.e : 0));
}

void
path_astar_set_trace(struct path_astar *ws, path_trace_fn fn, void *ctx)
{
	ws->trace = fn;
	ws->trace_ctx = ctx;
}

/* Coordinates of a bordered index. */
static void
astar_coords(const struct path_astar *ws, uint32_t i, int *x, int *y)
{
	*x = (int)(i % (uint32_t)ws->stride) - 1;
	*y = (int)(i / (uint32_t)ws->stride) - 1;
}

/*
 * Chooses the open list for a search: the bucket queue when the heuristic
 * is consistent and the span of f fits ASTAR_MAX_SLOTS slots (returning
 * 1 with the queue emptied and sized), else the heap (returning 0 with
 * its key layout set).
 */
static int
astar_prepare(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules)
{
	uint64_t	span, w = 64;
	uint32_t	i;

	span = 2 * (uint64_t)grid_diag_base(rules.movement) *
	    (grid->max_cost ? grid->max_cost : 1);
	while (w <= span)
		w *= 2;
	if (path_rules_admissible(rules) && w <= ASTAR_MAX_SLOTS) {
		/*
		 * Empty what the last search left: only slots under its mask
		 * can hold entries, and a slot emptied by its last pop may
		 * still have its bit set.  Every block goes back to the pool.
		 */
		for (i = 0; ws->slots > 0 && i <= ws->mask / 64; i++) {
			while (ws->bits[i] != 0) {
				ws->top[i * 64 + (uint32_t)
				    __builtin_ctzll(ws->bits[i])] = ASTAR_NONE;
				ws->bits[i] &= ws->bits[i] - 1;
			}
		}
		ws->listed = 0;
		ws->nblocks = 0;
		ws->free_block = ASTAR_NONE;
		if (w > ws->slots) {
			ws->top = xreallocarray(ws->top, w, sizeof *ws->top);
			for (i = ws->slots; i < w; i++)
				ws->top[i] = ASTAR_NONE;
			free(ws->bits);
			ws->bits = xcalloc(w / 64, sizeof *ws->bits);
			ws->slots = (uint32_t)w;
		}
		ws->mask = (uint32_t)w - 1;
		return (1);
	}

	grid_key_layout(grid, &ws->tie_bits, &ws->g_shift);
	open_clear(&ws->heap);
	return (0);
}

/* A block from the pool for the top of slot, on the block below. */
static uint32_t
astar_block_new(struct path_astar *ws, uint32_t below)
{
	uint32_t	b;

	if (ws->free_block != ASTAR_NONE) {
		b = ws->free_block;
		ws->free_block = ws->blocks[b].below;
	} else {
		if (ws->nblocks == ws->block_cap) {
			ws->block_cap = ws->block_cap < 64 ? 64 :
			    ws->block_cap * 2;
			ws->blocks = xreallocarray(ws->blocks, ws->block_cap,
			    sizeof *ws->blocks);
		}
		b = ws->nblocks++;
	}
	ws->blocks[b].below = below;
	ws->blocks[b].n = 0;
	return (b);
}

/*
 * Puts cell v at (x,y), of cost f and g, reached in direction dir, on the
 * open list.
 */
static inline __attribute__((always_inline)) void
astar_open(struct path_astar *ws, const int bucketed, uint32_t v,
    path_cost f, path_cost g, int x, int y, int dir)
{
	struct astar_block	*bl;
	struct astar_entry	*e;
	uint32_t		 slot, b;

	ws->nodes[v].stamp = STAMP(ws->gen, dir, WHERE_OPEN);
	if (!bucketed) {
		open_push(&ws->heap, grid_key(ws->tie_bits, ws->g_shift, g,
		    f - g), v, x, y);
		return;
	}
	slot = (uint32_t)f & ws->mask;
	b = ws->top[slot];
	if (b == ASTAR_NONE) {
		ws->bits[slot / 64] |= UINT64_C(1) << (slot % 64);
		b = ws->top[slot] = astar_block_new(ws, ASTAR_NONE);
	} else if (__builtin_expect(ws->blocks[b].n == ASTAR_BLOCK, 0))
		b = ws->top[slot] = astar_block_new(ws, b);
	bl = &ws->blocks[b];
	e = &bl->e[bl->n++];
	e->v = v;
	e->x = (uint16_t)x;
	e->y = (uint16_t)y;
	ws->listed++;
}

/* g of a cell seen by the current search. */
static inline __attribute__((always_inline)) path_cost
astar_g(const struct path_astar *ws, const int wide, uint32_t v)
{
	return (wide ? (path_cost)ws->wide_g[v] : (path_cost)ws->nodes[v].g);
}

/*
 * Takes the next entry off the open list, least f then newest, into *e;
 * the caller skips a cell already closed (a stale entry).  Returns 0, or
 * -1 when the open list is empty.
 */
static inline __attribute__((always_inline)) int
astar_next(struct path_astar *ws, const int bucketed, struct open_entry *e)
{
	struct astar_block	*bl;
	struct astar_entry	*top;
	uint32_t		 slot, word, b;
	uint64_t		 bits;

	if (!bucketed) {
		if (ws->heap.n == 0)
			return (-1);
		*e = open_pop(&ws->heap);
		return (0);
	}
	b = ws->top[ws->cur];
	if (b == ASTAR_NONE) {
		slot = ws->cur;
		ws->bits[slot / 64] &= ~(UINT64_C(1) << (slot % 64));
		if (ws->listed == 0)
			return (-1);
		/* The minimum moves on to the next slot with entries. */
		word = slot / 64;
		bits = ws->bits[word] & (~UINT64_C(0) << (slot % 64));
		while (bits == 0) {
			word = (word + 1) & (ws->mask / 64);
			bits = ws->bits[word];
		}
		ws->cur = word * 64 + (uint32_t)__builtin_ctzll(bits);
		b = ws->top[ws->cur];
	}
	bl = &ws->blocks[b];
	top = &bl->e[--bl->n];
	ws->listed--;
	e->id = top->v;
	e->x = top->x;
	e->y = top->y;
	if (bl->n == 0) {
		/* The block goes back to the pool. */
		ws->top[ws->cur] = bl->below;
		bl->below = ws->free_block;
		ws->free_block = b;
	}
	return (0);
}

/*
 * Relaxes the step from the cell being expanded (u at x,y, cost g) into
 * v at (vx,vy), direction dir, with unweighted cost base.  A macro so the
 * loop below keeps its state in registers; it jumps to overflow when a
 * narrow search meets a g that needs more than 32 bits.
 */
#define ASTAR_RELAX(v, vx, vy, base, dir) do {				\
	struct astar_node	*n_ = &nodes[(v)];			\
	path_cost		 ng_ = g + (uniform ? (base) :		\
				    (base) * cells[(v)]);	\
	path_cost		 h_, seen_g_;				\
	uint32_t		 st_ = n_->stamp;			\
	enum path_trace_event	 ev_ = PATH_TRACE_OPEN;			\
									\
	/* One test for unseen, closed and not better: unseen is worth	\
	 * infinity.  With the bucket queue the heuristic is consistent,	\
	 * so a closed cell's g is already its least and the test on g	\
	 * turns every new route to it down; the heap may run an		\
	 * inconsistent one, so there closed is worth nothing. */	\
	seen_g_ = !bucketed && STAMP_WHERE(st_) == WHERE_CLOSED ? 0 :	\
	    astar_g(ws, wide, (v));					\
	if (ng_ >= (STAMP_GEN(st_) == gen ? seen_g_ : PATH_COST_NONE))	\
		break;							\
	if (!wide && ng_ > (path_cost)UINT32_MAX)			\
		goto overflow;						\
	h_ = grid_heuristic(hk, (vx), (vy), gx, gy);			\
	if (STAMP_GEN(st_) == gen)					\
		ev_ = PATH_TRACE_IMPROVE;				\
	else								\
		touched++;						\
	if (wide)							\
		ws->wide_g[(v)] = (uint64_t)ng_;			\
	else								\
		n_->g = (uint32_t)ng_;					\
	pushes++;							\
	astar_open(ws, bucketed, (v), ng_ + h_, ng_, (vx), (vy), (dir));	\
	if (trace != NULL)						\
		trace(ws->trace_ctx, ev_, (vx), (vy), ng_, h_, x, y);	\
} while (0)

/*
 * The search proper, forced inline into one copy per heuristic, open list
 * and width so that hk, bucketed and wide are constants in each (and, for
 * the common narrow bucketed search, uniform: every open cell costs 1, so
 * a step's cost needs no look at the cell it enters).  Legal steps come
 * from the grid's open mask, one byte per expansion.  Counters
 * live in locals until the end: through the stats pointer they would be
 * stored at every step, since the compiler cannot prove it does not alias
 * a record.  Returns PATH_COST_NONE with *overflowed set when a narrow
 * search outgrows 32 bits.
 */
static inline __attribute__((always_inline)) path_cost
astar_run(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, const enum path_heuristic hk, const int bucketed,
    const int wide, const int uniform, uint32_t si, int sx, int sy,
    uint32_t gi, int gx, int gy,
    struct path_stats *st, int *overflowed)
{
	struct astar_node	*nodes = ws->nodes;
	const uint8_t		*cells = grid->cells;
	const uint8_t		*open = grid->open;
	const uint32_t		 gen = STAMP(ws->gen, 0, 0);
	const uint32_t		 s = (uint32_t)grid->stride;
	const path_cost		 diag = grid_diag_base(rules.movement);
	const uint8_t		*diagonals = grid_diagonals[rules.diagonal];
	const path_trace_fn	 trace = ws->trace;
	struct open_entry	 top;
	uint64_t		 expansions = 0, pushes = 1, touched = 1;
	path_cost		 g, h, result = PATH_COST_NONE;
	uint32_t		 u;
	int			 x, y, m, d, dir;

	if (wide)
		ws->wide_g[si] = 0;
	else
		nodes[si].g = 0;
	h = grid_heuristic(hk, sx, sy, gx, gy);
	ws->cur = (uint32_t)h & ws->mask;
	astar_open(ws, bucketed, si, h, 0, sx, sy, DIR_N);
	if (trace != NULL)
		trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);

	while (astar_next(ws, bucketed, &top) == 0) {
		u = top.id;
		if (STAMP_WHERE(nodes[u].stamp) == WHERE_CLOSED)
			continue;	/* a stale entry */
		nodes[u].stamp |= WHERE_CLOSED;
		g = astar_g(ws, wide, u);
		x = top.x;
		y = top.y;
		expansions++;
		if (trace != NULL) {
			dir = u == si ? -1 : (int)STAMP_DIR(nodes[u].stamp);
			trace(ws->trace_ctx, PATH_TRACE_EXPAND, x, y, g,
			    grid_heuristic(hk, x, y, gx, gy),
			    dir < 0 ? x : x - grid_step_dx[dir],
			    dir < 0 ? y : y - grid_step_dy[dir]);
		}
		if (u == gi) {
			ws->found = 1;
			result = g;
			break;
		}
		m = open[u];
		if (m & GRID_OPEN_N)
			ASTAR_RELAX(u - s, x, y - 1, PATH_COST_ORTHO, DIR_N);
		if (m & GRID_OPEN_E)
			ASTAR_RELAX(u + 1, x + 1, y, PATH_COST_ORTHO, DIR_E);
		if (m & GRID_OPEN_S)
			ASTAR_RELAX(u + s, x, y + 1, PATH_COST_ORTHO, DIR_S);
		if (m & GRID_OPEN_W)
			ASTAR_RELAX(u - 1, x - 1, y, PATH_COST_ORTHO, DIR_W);
		d = diagonals[m & 15] & m >> 4;
		if (d == 0)
			continue;
		if (d & 1)
			ASTAR_RELAX(u - s + 1, x + 1, y - 1, diag, DIR_NE);
		if (d & 2)
			ASTAR_RELAX(u + s + 1, x + 1, y + 1, diag, DIR_SE);
		if (d & 4)
			ASTAR_RELAX(u + s - 1, x - 1, y + 1, diag, DIR_SW);
		if (d & 8)
			ASTAR_RELAX(u - s - 1, x - 1, y - 1, diag, DIR_NW);
	}
	st->expansions = expansions;
	st->pushes = pushes;
	st->touched = touched;
	return (result);

overflow:
	*overflowed = 1;
	return (PATH_COST_NONE);
}

/*
 * A* on a callback grid (grid.h): the costs come from the caller, so
 * the bucket queue's span would be that of the dearest step allowed
 * (PATH_GRID_MAX_STEP_COST), and g is kept wide; the heap's keys are
 * laid out as grid_key_layout() does for a grid of that step, ties going
 * to the larger g.  Stamps and parents as in astar_run, so that
 * path_astar_path() and path_astar_cell() read it the same way.
 */
static path_cost
astar_callback(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, uint32_t si, int sx, int sy, uint32_t gi,
    int gx, int gy, struct path_stats *st)
{
	struct astar_node	*nodes = ws->nodes;
	const uint32_t		 gen = STAMP(ws->gen, 0, 0);
	struct grid_cb_step	 steps[8];
	struct open_entry	 top;
	path_cost		 g, ng, h;
	uint64_t		 fmax;
	uint32_t		 u, v, sv;
	int			 i, n, x, y, vx, vy, fbits = 0;

	fmax = 2 * (uint64_t)grid->width * (uint64_t)grid->height *
	    PATH_GRID_MAX_STEP_COST + (uint64_t)PATH_COST_DIAG *
	    (uint64_t)(grid->width + grid->height);
	while (fbits < 64 && (fmax >> fbits) != 0)
		fbits++;
	ws->tie_bits = 64 - fbits;
	ws->g_shift = fbits > ws->tie_bits ? fbits - ws->tie_bits : 0;
	if (ws->wide_g == NULL)
		ws->wide_g = xcalloc(ws->ncells, sizeof *ws->wide_g);
	ws->wide = 1;
	open_clear(&ws->heap);
	ws->wide_g[si] = 0;
	nodes[si].stamp = STAMP(ws->gen, DIR_N, WHERE_OPEN);
	h = grid_heuristic(rules.heuristic, sx, sy, gx, gy);
	open_push(&ws->heap, grid_key(ws->tie_bits, ws->g_shift, 0, h), si,
	    sx, sy);
	st->pushes = st->touched = 1;
	if (ws->trace != NULL)
		ws->trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);
	while (ws->heap.n > 0) {
		top = open_pop(&ws->heap);
		u = top.id;
		if (STAMP_WHERE(nodes[u].stamp) == WHERE_CLOSED)
			continue;
		nodes[u].stamp |= WHERE_CLOSED;
		g = (path_cost)ws->wide_g[u];
		x = top.x;
		y = top.y;
		st->expansions++;
		if (ws->trace != NULL)
			ws->trace(ws->trace_ctx, PATH_TRACE_EXPAND, x, y, g,
			    grid_heuristic(rules.heuristic, x, y, gx, gy),
			    u == si ? x : x - grid_step_dx[STAMP_DIR(
			    nodes[u].stamp)], u == si ? y : y - grid_step_dy[
			    STAMP_DIR(nodes[u].stamp)]);
		if (u == gi) {
			ws->found = 1;
			return (g);
		}
		n = grid_callback_steps(grid, rules, x, y, 0,
		    "path_astar_search", steps);
		if (n < 0)
			return (PATH_COST_ERROR);
		for (i = 0; i < n; i++) {
			v = u + (uint32_t)ws->off[steps[i].dir];
			vx = x + grid_step_dx[steps[i].dir];
			vy = y + grid_step_dy[steps[i].dir];
			ng = g + steps[i].cost;
			sv = nodes[v].stamp;
			if (STAMP_GEN(sv) == gen &&
			    (STAMP_WHERE(sv) == WHERE_CLOSED ||
			    ng >= (path_cost)ws->wide_g[v]))
				continue;
			if (STAMP_GEN(sv) != gen)
				st->touched++;
			ws->wide_g[v] = (uint64_t)ng;
			nodes[v].stamp = STAMP(ws->gen, steps[i].dir,
			    WHERE_OPEN);
			h = grid_heuristic(rules.heuristic, vx, vy, gx, gy);
			open_push(&ws->heap, grid_key(ws->tie_bits,
			    ws->g_shift, ng, h), v, vx, vy);
			st->pushes++;
			if (ws->trace != NULL)
				ws->trace(ws->trace_ctx, STAMP_GEN(sv) == gen ?
				    PATH_TRACE_IMPROVE : PATH_TRACE_OPEN, vx,
				    vy, ng, h, x, y);
		}
	}
	return (PATH_COST_NONE);
}

/* Starts a new generation: every cell becomes unseen. */
static void
astar_next_generation(struct path_astar *ws)
{
	grid_next_generation(&ws->gen, ASTAR_MAX_GEN, ws->nodes, ws->ncells,
	    sizeof *ws->nodes);
}

/* Finds a cheapest path: see astar.h. */
path_cost
path_astar_search(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy, int gx, int gy,
    struct path_stats *stats)
{
	struct path_stats	 local;
	struct path_stats	*st = stats != NULL ? stats : &local;
	uint32_t		 si, gi;
	path_cost		 cost;
	int			 bucketed, wide, overflowed, uniform;

	/*
	 * Written out, not grid_check_size() as jps.c and field.c have it:
	 * here the compiler compares both sizes at once, and the helper
	 * (like one for the two ends below) moved the inlined loops and cost
	 * A* 0.5-1% on the Moving AI scenarios with the same instructions.
	 */
	memset(st, 0, sizeof *st);
	if (grid->width != ws->width || grid->height != ws->height)
		return (grid_size_refused("path_astar_search", grid, ws->width,
		    ws->height));
	rules = path_rules_normalize(rules);
	astar_next_generation(ws);
	ws->found = 0;
	ws->start = ws->goal = 0;
	if (!path_grid_contains(grid, sx, sy) ||
	    !path_grid_contains(grid, gx, gy))
		return (PATH_COST_NONE);
	si = grid_index(grid, sx, sy);
	gi = grid_index(grid, gx, gy);
	if (grid->cells[si] == 0 || grid->cells[gi] == 0)
		return (PATH_COST_NONE);
	ws->start = si;
	ws->goal = gi;
	if (__builtin_expect(grid->cost_fn != NULL, 0))
		return (astar_callback(ws, grid, rules, si, sx, sy, gi, gx,
		    gy, st));
	uniform = grid->max_cost == 1;	/* every open cell costs 1 */
	wide = 0;
again:
	bucketed = astar_prepare(ws, grid, rules);
	ws->wide = wide;
	overflowed = 0;

#define ASTAR_RUN(h, b, w, u)						\
	astar_run(ws, grid, rules, h, b, w, u, si, sx, sy, gi, gx, gy,	\
	    st, &overflowed)
#define ASTAR_CASE(h)							\
	case h:								\
		if (wide)						\
			cost = bucketed ? ASTAR_RUN(h, 1, 1, 0) :	\
			    ASTAR_RUN(h, 0, 1, 0);			\
		else if (!bucketed)					\
			cost = ASTAR_RUN(h, 0, 0, 0);			\
		else							\
			cost = uniform ? ASTAR_RUN(h, 1, 0, 1) :	\
			    ASTAR_RUN(h, 1, 0, 0);			\
		break
	switch (rules.heuristic) {
	ASTAR_CASE(PATH_H_MANHATTAN);
	ASTAR_CASE(PATH_H_OCTILE);
	ASTAR_CASE(PATH_H_CHEBYSHEV);
	ASTAR_CASE(PATH_H_EUCLID);
	default:
		ASTAR_CASE(PATH_H_ZERO);
	}
#undef ASTAR_CASE
#undef ASTAR_RUN
	if (overflowed) {
		/* Costs outgrew 32 bits: start over with 64-bit g. */
		if (ws->wide_g == NULL)
			ws->wide_g = xcalloc(ws->ncells, sizeof *ws->wide_g);
		astar_next_generation(ws);
		wide = 1;
		goto again;
	}
	return (cost);
}

/* Copies the last path out: see astar.h. */
size_t
path_astar_path(const struct path_astar *ws, struct path_point *out,
    size_t max)
{
	size_t		len = 1, i;
	uint32_t	v;

	if (!ws->found)
		return (0);
	for (v = ws->goal; v != ws->start;
	    v -= (uint32_t)ws->off[STAMP_DIR(ws->nodes[v].stamp)])
		len++;
	i = len;
	for (v = ws->goal;;
	    v -= (uint32_t)ws->off[STAMP_DIR(ws->nodes[v].stamp)]) {
		i--;
		if (i < max)
			astar_coords(ws, v, &out[i].x, &out[i].y);
		if (v == ws->start)
			break;
	}
	return (len);
}

/* State of a cell after the last search: see astar.h. */
enum path_cell_state
path_astar_cell(const struct path_astar *ws, int x, int y, path_cost *g)
{
	const struct astar_node	*n;

	if (x < 0 || y < 0 || x >= ws->width || y >= ws->height)
		return (PATH_CELL_UNSEEN);
	n = &ws->nodes[(uint32_t)(y + 1) * (uint32_t)ws->stride +
	    (uint32_t)(x + 1)];
	if (STAMP_GEN(n->stamp) != STAMP(ws->gen, 0, 0))
		return (PATH_CELL_UNSEEN);
	if (g != NULL)
		*g = astar_g(ws, ws->wide, (uint32_t)(n - ws->nodes));
	return (STAMP_WHERE(n->stamp) == WHERE_CLOSED ? PATH_CELL_CLOSED :
	    PATH_CELL_OPEN);
}
