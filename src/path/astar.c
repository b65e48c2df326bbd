/*
 * astar.c: A* from scratch, fast enough to run every turn.
 *
 * Per-cell state lives in two arrays the size of the bordered grid.  The
 * hot one holds what every neighbour test reads and every push writes, in
 * 8 bytes a cell: g, and one word packing the search's generation, where
 * the cell is (on a slot list, on the plateau heap, on the heap, closed)
 * and the direction of its parent.  The cold one holds only the slot-list
 * links and coordinates, written when a cell goes on a slot list.  On a
 * 512x512 map the hot array is 2 MiB, half of what it would be with a
 * 64-bit g and a parent index, and a push writes no second array: the
 * difference shows in cache misses, which are a good third of the time.
 * A cell whose generation is not the current search's is unseen, so a new
 * search starts by bumping one counter; the arrays are cleared only when
 * the 27-bit counter wraps.
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
 * slot is a doubly linked list threaded through the records, so an
 * improved cell moves from one slot to another in O(1) and the open list
 * never holds stale entries.  A bitmap of non-empty slots finds the next
 * minimum.
 *
 * Ties among equal f go to the larger g, exactly: when a slot becomes the
 * minimum its cells move into a small 4-ary heap on g (the plateau heap),
 * and successors that land on the same f join them there.  A cell on the
 * plateau is never improved (its f is already the minimum), so that heap
 * needs no decrease-key.  Only the current plateau is ever ordered.
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
	WHERE_LIST,	/* on the open list, in its slot's list */
	WHERE_PLATEAU,	/* on the open list, in the plateau heap */
	WHERE_HEAP,	/* on the open list (heap mode) */
	WHERE_CLOSED	/* expanded */
};

/* The stamp: generation, parent direction (DIR_*), where (WHERE_*). */
#define STAMP(gen, dir, where)	((gen) << 5 | (uint32_t)(dir) << 2 | (where))
#define STAMP_GEN(stamp)	((stamp) & ~UINT32_C(31))
#define STAMP_DIR(stamp)	((stamp) >> 2 & 7)
#define STAMP_WHERE(stamp)	((stamp) & 3)
#define ASTAR_MAX_GEN		(UINT32_MAX >> 5)

/* Directions from a parent to its child, as the stamp stores them. */
enum { DIR_N, DIR_E, DIR_S, DIR_W, DIR_NE, DIR_SE, DIR_SW, DIR_NW };
static const int astar_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int astar_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

struct astar_node {		/* hot */
	uint32_t	g;		/* unless the search is wide */
	uint32_t	stamp;
};

struct astar_link {		/* cold: slot lists only */
	uint32_t	prev;
	uint32_t	next;
	uint16_t	x;
	uint16_t	y;
};

struct path_astar {
	int			 width;
	int			 height;
	int			 stride;
	size_t			 ncells;
	struct astar_node	*nodes;
	struct astar_link	*links;
	uint64_t		*wide_g;	/* g of a wide search */
	int			 wide;		/* the last search was wide */
	int32_t			 off[8];	/* index offsets of DIR_* */
	uint32_t		 gen;

	/* Bucket queue: slot heads, non-empty bitmap, plateau heap. */
	uint32_t		*head;
	uint64_t		*bits;
	uint32_t		 slots;		/* allocated */
	uint32_t		 mask;		/* W - 1 for this search */
	uint32_t		 cur;		/* slot of the minimum f */
	size_t			 listed;	/* cells in slot lists */
	struct open_list	 plateau;

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

	ws = xcalloc(1, sizeof *ws);
	ws->width = width;
	ws->height = height;
	ws->stride = width + 2;
	ws->ncells = grid_padded_cells(width, height);
	ws->nodes = xcalloc(ws->ncells, sizeof *ws->nodes);
	ws->links = xcalloc(ws->ncells, sizeof *ws->links);
	for (d = 0; d < 8; d++)
		ws->off[d] = astar_dy[d] * ws->stride + astar_dx[d];
	return (ws);
}

void
path_astar_free(struct path_astar *ws)
{
	if (ws == NULL)
		return;
	free(ws->head);
	free(ws->bits);
	open_free(&ws->plateau);
	open_free(&ws->heap);
	free(ws->nodes);
	free(ws->links);
	free(ws->wide_g);
	free(ws);
}

/* Bytes the workspace holds. */
size_t
path_astar_memory(const struct path_astar *ws)
{
	return (sizeof *ws + ws->ncells * (sizeof *ws->nodes +
	    sizeof *ws->links) + (ws->wide_g != NULL ? ws->ncells *
	    sizeof *ws->wide_g : 0) + (size_t)ws->slots * sizeof *ws->head +
	    (size_t)ws->slots / 8 +
	    (ws->plateau.e != NULL ? (ws->plateau.cap + 4) *
	    sizeof *ws->plateau.e : 0) +
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
		if (w > ws->slots) {
			free(ws->head);
			free(ws->bits);
			ws->head = xreallocarray(NULL, w, sizeof *ws->head);
			ws->bits = xcalloc(w / 64, sizeof *ws->bits);
			for (i = 0; i < w; i++)
				ws->head[i] = ASTAR_NONE;
			ws->slots = (uint32_t)w;
		} else if (ws->listed > 0) {
			for (i = 0; i < ws->slots / 64; i++) {
				while (ws->bits[i] != 0) {
					ws->head[i * 64 + (uint32_t)
					    __builtin_ctzll(ws->bits[i])] =
					    ASTAR_NONE;
					ws->bits[i] &= ws->bits[i] - 1;
				}
			}
		}
		ws->mask = (uint32_t)w - 1;
		ws->listed = 0;
		open_clear(&ws->plateau);
		return (1);
	}

	grid_key_layout(grid, &ws->tie_bits, &ws->g_shift);
	open_clear(&ws->heap);
	return (0);
}

/* The heap key of a cell: f high, then the complement of g. */
static inline uint64_t
astar_key(int tie_bits, int g_shift, path_cost g, path_cost h)
{
	uint64_t	mask = (UINT64_C(1) << tie_bits) - 1;

	return (((uint64_t)(g + h) << tie_bits) |
	    (mask - ((uint64_t)g >> g_shift)));
}

/*
 * Puts cell v at (x,y), of cost f and g, reached in direction dir, on the
 * open list.
 */
static inline __attribute__((always_inline)) void
astar_open(struct path_astar *ws, const int bucketed, uint32_t v,
    path_cost f, path_cost g, int x, int y, int dir)
{
	struct astar_node	*n = &ws->nodes[v];
	struct astar_link	*links = ws->links, *l;
	uint32_t		 slot, gen = STAMP(ws->gen, 0, 0);

	if (!bucketed) {
		n->stamp = STAMP(ws->gen, dir, WHERE_HEAP);
		open_push(&ws->heap, astar_key(ws->tie_bits, ws->g_shift, g,
		    f - g), v, x, y);
		return;
	}
	slot = (uint32_t)f & ws->mask;
	if (slot == ws->cur) {
		n->stamp = gen | (uint32_t)dir << 2 | WHERE_PLATEAU;
		open_push(&ws->plateau, UINT64_MAX - (uint64_t)g, v, x, y);
		return;
	}
	n->stamp = gen | (uint32_t)dir << 2 | WHERE_LIST;
	l = &links[v];
	l->x = (uint16_t)x;
	l->y = (uint16_t)y;
	l->prev = ASTAR_NONE;
	l->next = ws->head[slot];
	if (l->next != ASTAR_NONE)
		links[l->next].prev = v;
	else
		ws->bits[slot / 64] |= UINT64_C(1) << (slot % 64);
	ws->head[slot] = v;
	ws->listed++;
}

/* Takes cell v, whose f was f, out of its slot list. */
static inline __attribute__((always_inline)) void
astar_unlist(struct path_astar *ws, uint32_t v, path_cost f)
{
	struct astar_link	*links = ws->links, *l = &links[v];
	uint32_t		 slot = (uint32_t)f & ws->mask;

	if (l->prev == ASTAR_NONE) {
		ws->head[slot] = l->next;
		if (l->next == ASTAR_NONE)
			ws->bits[slot / 64] &= ~(UINT64_C(1) << (slot % 64));
	} else
		links[l->prev].next = l->next;
	if (l->next != ASTAR_NONE)
		links[l->next].prev = l->prev;
	ws->listed--;
}

/* g of a cell seen by the current search. */
static inline __attribute__((always_inline)) path_cost
astar_g(const struct path_astar *ws, const int wide, uint32_t v)
{
	return (wide ? (path_cost)ws->wide_g[v] : (path_cost)ws->nodes[v].g);
}

/*
 * Takes the next cell to expand, least f then largest g, into *e.
 * Returns 0, or -1 when the open list is empty.
 */
static inline __attribute__((always_inline)) int
astar_next(struct path_astar *ws, const int bucketed, const int wide,
    struct open_entry *e)
{
	struct astar_node	*nodes = ws->nodes;
	uint32_t		 slot, word, v;
	uint64_t		 bits;

	if (!bucketed) {
		if (ws->heap.n == 0)
			return (-1);
		*e = open_pop(&ws->heap);
		return (0);
	}
	if (ws->plateau.n == 0) {
		if (ws->listed == 0)
			return (-1);
		/* The minimum moves on to the next slot with a list. */
		slot = ws->cur;
		word = slot / 64;
		bits = ws->bits[word] & (~UINT64_C(0) << (slot % 64));
		while (bits == 0) {
			word = (word + 1) & (ws->mask / 64);
			bits = ws->bits[word];
		}
		slot = word * 64 + (uint32_t)__builtin_ctzll(bits);
		ws->bits[word] &= ~(UINT64_C(1) << (slot % 64));
		ws->cur = slot;
		for (v = ws->head[slot]; v != ASTAR_NONE;
		    v = ws->links[v].next) {
			nodes[v].stamp = (nodes[v].stamp & ~UINT32_C(3)) |
			    WHERE_PLATEAU;
			open_push(&ws->plateau, UINT64_MAX -
			    (uint64_t)astar_g(ws, wide, v), v, ws->links[v].x,
			    ws->links[v].y);
			ws->listed--;
		}
		ws->head[slot] = ASTAR_NONE;
	}
	*e = open_pop(&ws->plateau);
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
	path_cost		 ng_ = g + (base) * cells[(v)];		\
	path_cost		 h_, seen_g_;				\
	uint32_t		 st_ = n_->stamp;			\
	enum path_trace_event	 ev_ = PATH_TRACE_OPEN;			\
									\
	/* One test for unseen, closed and not better: unseen is worth	\
	 * infinity, closed nothing (chosen without branching). */	\
	seen_g_ = STAMP_WHERE(st_) == WHERE_CLOSED ? 0 :		\
	    astar_g(ws, wide, (v));					\
	if (ng_ >= (STAMP_GEN(st_) == gen ? seen_g_ : PATH_COST_NONE))	\
		break;							\
	if (!wide && ng_ > (path_cost)UINT32_MAX)			\
		goto overflow;						\
	h_ = grid_heuristic(hk, (vx), (vy), gx, gy);			\
	if (STAMP_GEN(st_) == gen) {					\
		if (bucketed && STAMP_WHERE(st_) == WHERE_LIST)		\
			astar_unlist(ws, (v), astar_g(ws, wide, (v)) + h_);\
		ev_ = PATH_TRACE_IMPROVE;				\
	} else								\
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
 * and width so that hk, bucketed and wide are constants in each.  Counters
 * live in locals until the end: through the stats pointer they would be
 * stored at every step, since the compiler cannot prove it does not alias
 * a record.  Returns PATH_COST_NONE with *overflowed set when a narrow
 * search outgrows 32 bits.
 */
static inline __attribute__((always_inline)) path_cost
astar_run(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, const enum path_heuristic hk, const int bucketed,
    const int wide, uint32_t si, int sx, int sy, uint32_t gi, int gx, int gy,
    struct path_stats *st, int *overflowed)
{
	struct astar_node	*nodes = ws->nodes;
	const uint8_t		*cells = grid->cells;
	const uint32_t		 gen = STAMP(ws->gen, 0, 0);
	const uint32_t		 s = (uint32_t)grid->stride;
	const path_cost		 diag = grid_diag_base(rules.movement);
	const uint8_t		*diagonals = grid_diagonals[rules.diagonal];
	const path_trace_fn	 trace = ws->trace;
	struct open_entry	 top;
	uint64_t		 expansions = 0, pushes = 1, touched = 1;
	path_cost		 g, h, result = PATH_COST_NONE;
	uint32_t		 u;
	int			 x, y, on, oe, os, ow, d, dir;

	if (wide)
		ws->wide_g[si] = 0;
	else
		nodes[si].g = 0;
	h = grid_heuristic(hk, sx, sy, gx, gy);
	ws->cur = (uint32_t)h & ws->mask;
	astar_open(ws, bucketed, si, h, 0, sx, sy, DIR_N);
	if (trace != NULL)
		trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);

	while (astar_next(ws, bucketed, wide, &top) == 0) {
		u = top.id;
		if (STAMP_WHERE(nodes[u].stamp) == WHERE_CLOSED)
			continue;	/* a stale heap entry */
		nodes[u].stamp |= WHERE_CLOSED;
		g = astar_g(ws, wide, u);
		x = top.x;
		y = top.y;
		expansions++;
		if (trace != NULL) {
			dir = u == si ? -1 : (int)STAMP_DIR(nodes[u].stamp);
			trace(ws->trace_ctx, PATH_TRACE_EXPAND, x, y, g,
			    grid_heuristic(hk, x, y, gx, gy),
			    dir < 0 ? x : x - astar_dx[dir],
			    dir < 0 ? y : y - astar_dy[dir]);
		}
		if (u == gi) {
			ws->found = 1;
			result = g;
			break;
		}
		on = cells[u - s] != 0;
		oe = cells[u + 1] != 0;
		os = cells[u + s] != 0;
		ow = cells[u - 1] != 0;
		if (on)
			ASTAR_RELAX(u - s, x, y - 1, PATH_COST_ORTHO, DIR_N);
		if (oe)
			ASTAR_RELAX(u + 1, x + 1, y, PATH_COST_ORTHO, DIR_E);
		if (os)
			ASTAR_RELAX(u + s, x, y + 1, PATH_COST_ORTHO, DIR_S);
		if (ow)
			ASTAR_RELAX(u - 1, x - 1, y, PATH_COST_ORTHO, DIR_W);
		d = diagonals[on | oe << 1 | os << 2 | ow << 3];
		if (d == 0)
			continue;
		d &= (cells[u - s + 1] != 0) | (cells[u + s + 1] != 0) << 1 |
		    (cells[u + s - 1] != 0) << 2 | (cells[u - s - 1] != 0) << 3;
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

/* Starts a new generation: every cell becomes unseen. */
static void
astar_next_generation(struct path_astar *ws)
{
	if (++ws->gen > ASTAR_MAX_GEN) {
		memset(ws->nodes, 0, ws->ncells * sizeof *ws->nodes);
		ws->gen = 1;
	}
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
	int			 bucketed, wide, overflowed;

	if (grid->width != ws->width || grid->height != ws->height)
		xfatal("A* workspace is %dx%d but the grid is %dx%d",
		    ws->width, ws->height, grid->width, grid->height);
	memset(st, 0, sizeof *st);
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
	wide = 0;
again:
	bucketed = astar_prepare(ws, grid, rules);
	ws->wide = wide;
	overflowed = 0;

#define ASTAR_RUN(h, b, w)						\
	astar_run(ws, grid, rules, h, b, w, si, sx, sy, gi, gx, gy, st,	\
	    &overflowed)
#define ASTAR_CASE(h)							\
	case h:								\
		if (wide)						\
			cost = bucketed ? ASTAR_RUN(h, 1, 1) :		\
			    ASTAR_RUN(h, 0, 1);				\
		else							\
			cost = bucketed ? ASTAR_RUN(h, 1, 0) :		\
			    ASTAR_RUN(h, 0, 0);				\
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
