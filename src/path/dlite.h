/*
 * dlite.h: what D* Lite and Moving Target D* Lite share.
 *
 * Both keep, for every cell their searches touched, a g value, a
 * one-step lookahead rhs and (MT-D* Lite) a parent; both keep
 * inconsistent cells (g != rhs) on a heap ordered by a two-part key
 * [min(g, rhs) + h + km; tie], where h is measured to an anchor cell (the
 * hunter for D* Lite, which searches from the target; the target for
 * MT-D* Lite, which searches from the hunter) and km absorbs the
 * anchor's moves so that old keys stay lower bounds.
 *
 * Records.  A cell's record lives in a page of its 8 x 8 tile (see
 * pagepool.h), found through the planner's page table: no hashing.  A
 * record is named by a 32-bit reference, page number << 8 | place in
 * the page, which the heap stores too; a cell's coordinates come from
 * its page's origin and its place, so records store none.  g and rhs are
 * 32 bits (all ones for infinity) while the grid's costs allow it: every
 * value a search writes is at most the planner's offset (below) plus
 * twice the grid's cost bound.  On grids where that does not fit (huge or
 * heavily weighted ones) the planner runs wide: each page takes a second
 * page for the high halves of g and rhs.  The mode is chosen when a
 * search starts over, and a grid whose costs grow past the narrow range
 * forces a new start.  Every record of a page belongs to a generation; a
 * new search bumps the planner's generation, and a page of an older one
 * reads as empty and is wiped on first touch, so starting over costs
 * nothing up front.
 *
 * Drift.  Two values only grow in a long chase: km, by the anchor's
 * every move, and (MT-D* Lite) the g values kept as the hunter travels,
 * which all carry the cost of the way travelled.  Both are taken out
 * before they matter: dlite_renormalise() subtracts the offset from
 * every value and every heap key at once, and km is folded into the
 * heap keys and reset.  A shift common to every key keeps the heap's
 * order, so a renormalised search expands exactly what the plain one
 * would.  The thresholds are compile-time (DLITE_RENORM_AT and
 * DLITE_KM_RENORM_AT); a test build sets them tiny.
 *
 * Memory.  Deleted and stale records carry no information; pages holding
 * nothing else go back to the context's pool once the planner's pages
 * outnumber twice those still alive at the last count (dlite_compact).
 *
 * The tie-break is not the papers'.  They order equal first parts by
 * min(g, rhs), smallest first, and must then expand every cell whose f
 * equals the goal's and whose g is smaller: on an octile map, the whole
 * parallelogram of cells that lie on some cheapest path, thousands of
 * cells where A* (ties to the larger g) expands a line.  Here an
 * underconsistent cell (g < rhs) comes first (tie 0), and the others go
 * larger rhs first (tie = 2^32 - 1 - rhs, at least 1; saturated in wide
 * mode, which coarsens ties between overconsistent cells only).  The
 * search stays exact:
 *
 *   - an overconsistent cell whose rhs is still too high has a first key
 *     strictly above that of the first wrong cell on its cheapest path
 *     (the heuristic is consistent, costs are positive), so it is never
 *     settled too early, whatever the tie-break (A*'s own argument);
 *   - an underconsistent cell that the goal's value rests on has a first
 *     key no larger than the goal's, and on a tie its 0 puts it first, so
 *     every raise that matters is made before the search stops;
 *   - an overconsistent cell left with the goal's first key cannot make
 *     the goal cheaper: through it the goal costs at least rhs + h, which
 *     is the goal's value.
 *
 * Cells are named here by bordered coordinates (bx, by) = (x + 1, y + 1)
 * of the grid's layout (grid-internal.h).  The property tests hold every
 * planner against an independent Bellman-Ford after every call.
 * Library-internal.
 */
#ifndef ASTRAY_DLITE_H
#define ASTRAY_DLITE_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"
#include "grid-internal.h"
#include "pagepool.h"
#include "path.h"
#include "serial.h"

#define DLITE_NONE	UINT32_MAX	/* no record */
#define DLITE_NOPOS	UINT32_MAX	/* a record not on the heap */
#define DLITE_NOPAR	0xff		/* a record without a parent */
#define DLITE_SEEN	0xfe		/* a record being deleted */
#define DLITE_NARROW_INF UINT32_MAX	/* infinity, narrow */

/* The largest finite value a narrow record may hold, plus one. */
#ifndef DLITE_VALUE_LIMIT
#define DLITE_VALUE_LIMIT	(UINT32_MAX - 1)
#endif
/* Offsets and km are taken out when they reach these. */
#ifndef DLITE_RENORM_AT
#define DLITE_RENORM_AT		(INT64_C(1) << 30)
#endif
#ifndef DLITE_KM_RENORM_AT
#define DLITE_KM_RENORM_AT	(INT64_C(1) << 60)
#endif

/* Directions: N E S W NE SE SW NW, as parents are stored. */
extern const int8_t dlite_dx[8];
extern const int8_t dlite_dy[8];
extern const int16_t dlite_slot_off[8];	/* within a page */

/*
 * Whether all eight neighbours of record r lie in its own page (true of
 * 36 of a page's 64 cells), so that they are r's place plus
 * dlite_slot_off.
 */
static inline int
dlite_inner(uint32_t r)
{
	return ((r & (PAGE_SIDE - 1)) - 1 < PAGE_SIDE - 2 &&
	    (r >> PAGE_SHIFT & (PAGE_SIDE - 1)) - 1 < PAGE_SIDE - 2);
}

/* Which direction (dx, dy) is, as an index into dlite_dx/dy. */
static inline int
dlite_dir(int dx, int dy)
{
	static const int8_t	dirs[3][3] = {
		{ 7, 0, 4 }, { 3, -1, 1 }, { 6, 2, 5 }
	};

	return (dirs[dy + 1][dx + 1]);
}

struct dlite_entry {
	path_cost	k1;
	uint32_t	k2;
	uint32_t	ref;
};

struct dlite {
	struct page_pool	*pool;		/* the context's */
	uint32_t		*table;		/* page per tile, PAGE_NONE */
	uint32_t		 tiles_w;
	uint32_t		 ntiles;
	uint32_t		*pages;		/* the pages lent to us */
	uint32_t		 npages;
	uint32_t		 pages_cap;
	uint32_t		 live_pages;	/* at the last compaction */
	uint32_t		 gen;
	int			 wide;

	struct dlite_entry	*heap;		/* 4-ary, positions in pages */
	uint32_t		 n;
	uint32_t		 cap;

	path_cost		 km;
	const struct path_grid	*grid;
	struct path_rules	 rules;
	path_cost		 diag;	/* unweighted diagonal step */
	path_cost		 base[8];	/* unweighted step, by direction */
	int32_t			 off[8];	/* grid index step, by direction */
	int			 abx, aby;	/* the heuristic's anchor */
	path_trace_fn		 trace;		/* the context's, or NULL */
	void			*trace_ctx;
	uint64_t		 renormalised;	/* values shifted, times */
	uint64_t		 km_folded;	/* km folded into keys, times */
};

void	 dlite_init(struct dlite *, struct page_pool *,
	     const struct path_grid *, struct path_rules);
void	 dlite_free(struct dlite *);

/*
 * Forgets every record and empties the heap; km = 0.  Chooses narrow or
 * wide values for the grid's costs as they are now.
 */
void	 dlite_clear(struct dlite *);

/* Whether the records must start over because the grid's costs outgrew
 * narrow values. */
int	 dlite_outgrown(const struct dlite *);

/* Bytes of the records, page table and heap. */
size_t	 dlite_memory(const struct dlite *);

/* Gives back the pages that hold nothing any more (see the top). */
void	 dlite_compact(struct dlite *);

/* Sets the anchor (inside coordinates). */
static inline void
dlite_anchor(struct dlite *d, int x, int y)
{
	d->abx = x + 1;
	d->aby = y + 1;
}

static inline struct cell_page *
dlite_page(const struct dlite *d, uint32_t ref)
{
	return (page_pool_page(d->pool, ref >> 8));
}

/* The record of cell (bx, by), or DLITE_NONE if it has none. */
static inline uint32_t
dlite_find(const struct dlite *d, int bx, int by)
{
	uint32_t	pn = d->table[(uint32_t)(by >> PAGE_SHIFT) * d->tiles_w +
			    (uint32_t)(bx >> PAGE_SHIFT)];

	if (pn == PAGE_NONE || page_pool_page(d->pool, pn)->gen != d->gen)
		return (DLITE_NONE);
	return (pn << 8 | (uint32_t)(by & (PAGE_SIDE - 1)) << PAGE_SHIFT |
	    (uint32_t)(bx & (PAGE_SIDE - 1)));
}

/* Makes the page of a cell (slow path of dlite_get). */
uint32_t dlite_get_slow(struct dlite *, int bx, int by);

/* The record of cell (bx, by), created empty (infinite, no parent, off
 * the heap) if it has none. */
static inline uint32_t
dlite_get(struct dlite *d, int bx, int by)
{
	uint32_t	r = dlite_find(d, bx, by);

	return (r != DLITE_NONE ? r : dlite_get_slow(d, bx, by));
}

/*
 * The record of the neighbour (bx + dx, by + dy) of record r at (bx, by):
 * in r's own page when it lies there, which is the usual case.
 */
static inline uint32_t
dlite_near(const struct dlite *d, uint32_t r, int bx, int by, int dx, int dy)
{
	unsigned	lx = (r & (PAGE_SIDE - 1)) + (unsigned)dx;
	unsigned	ly = (r >> PAGE_SHIFT & (PAGE_SIDE - 1)) + (unsigned)dy;

	if (lx < PAGE_SIDE && ly < PAGE_SIDE)
		return ((r & ~(uint32_t)(PAGE_CELLS - 1)) | ly << PAGE_SHIFT |
		    lx);
	return (dlite_find(d, bx + dx, by + dy));
}

/* Bordered coordinates of a record. */
static inline void
dlite_xy(const struct dlite *d, uint32_t r, int *bx, int *by)
{
	const struct cell_page	*pg = dlite_page(d, r);

	*bx = pg->bx0 + (int)(r & (PAGE_SIDE - 1));
	*by = pg->by0 + (int)(r >> PAGE_SHIFT & (PAGE_SIDE - 1));
}

/* The grid index of a record's cell. */
static inline uint32_t
dlite_cell(const struct dlite *d, uint32_t r)
{
	int	bx, by;

	dlite_xy(d, r, &bx, &by);
	return ((uint32_t)by * (uint32_t)d->grid->stride + (uint32_t)bx);
}

/* A stored value, decoded. */
static inline path_cost
dlite_value(const struct dlite *d, const uint32_t *lo, uint32_t hipage,
    size_t off, uint32_t r)
{
	uint32_t	v = lo[r & (PAGE_CELLS - 1)];
	const uint32_t	*hi;

	if (__builtin_expect(!d->wide, 1))
		return (v == DLITE_NARROW_INF ? PATH_COST_NONE : (path_cost)v);
	hi = (const uint32_t *)(const void *)((const char *)
	    page_pool_page(d->pool, hipage) + off);
	return ((path_cost)((uint64_t)hi[r & (PAGE_CELLS - 1)] << 32 | v));
}

/* g and rhs of the record at place i of page pg. */
static inline path_cost
dlite_pg_g(const struct dlite *d, const struct cell_page *pg, uint32_t i)
{
	return (dlite_value(d, pg->g, pg->hi, offsetof(struct cell_page, g),
	    i));
}

static inline path_cost
dlite_pg_rhs(const struct dlite *d, const struct cell_page *pg, uint32_t i)
{
	return (dlite_value(d, pg->rhs, pg->hi, offsetof(struct cell_page,
	    rhs), i));
}

static inline path_cost
dlite_g(const struct dlite *d, uint32_t r)
{
	if (r == DLITE_NONE)
		return (PATH_COST_NONE);
	return (dlite_pg_g(d, dlite_page(d, r), r));
}

static inline path_cost
dlite_rhs(const struct dlite *d, uint32_t r)
{
	if (r == DLITE_NONE)
		return (PATH_COST_NONE);
	return (dlite_pg_rhs(d, dlite_page(d, r), r));
}

/*
 * g of the neighbour (bx + dx, by + dy) of record r at (bx, by) on page
 * pg: read from pg itself when the neighbour lies there.
 */
static inline path_cost
dlite_near_g(const struct dlite *d, const struct cell_page *pg, uint32_t r,
    int bx, int by, int dx, int dy)
{
	unsigned	lx = (r & (PAGE_SIDE - 1)) + (unsigned)dx;
	unsigned	ly = (r >> PAGE_SHIFT & (PAGE_SIDE - 1)) + (unsigned)dy;

	if (lx < PAGE_SIDE && ly < PAGE_SIDE)
		return (dlite_pg_g(d, pg, ly << PAGE_SHIFT | lx));
	return (dlite_g(d, dlite_find(d, bx + dx, by + dy)));
}

/* Stores a value (finite ones must fit a narrow record when narrow). */
void	 dlite_store_wide(struct dlite *, uint32_t *lo, uint32_t hipage,
	     size_t off, uint32_t r, path_cost v);

static inline void
dlite_store(struct dlite *d, uint32_t *lo, uint32_t hipage, size_t off,
    uint32_t r, path_cost v)
{
	if (!d->wide && (v == PATH_COST_NONE || (v >= 0 &&
	    v < DLITE_VALUE_LIMIT)))
		lo[r & (PAGE_CELLS - 1)] = v == PATH_COST_NONE ?
		    DLITE_NARROW_INF : (uint32_t)v;
	else
		dlite_store_wide(d, lo, hipage, off, r, v);
}

static inline void
dlite_set_g(struct dlite *d, uint32_t r, path_cost v)
{
	struct cell_page	*pg = dlite_page(d, r);

	dlite_store(d, pg->g, pg->hi, offsetof(struct cell_page, g), r, v);
}

static inline void
dlite_set_rhs(struct dlite *d, uint32_t r, path_cost v)
{
	struct cell_page	*pg = dlite_page(d, r);

	dlite_store(d, pg->rhs, pg->hi, offsetof(struct cell_page, rhs), r,
	    v);
}

static inline uint32_t
dlite_pos(const struct dlite *d, uint32_t r)
{
	return (dlite_page(d, r)->pos[r & (PAGE_CELLS - 1)]);
}

static inline int
dlite_par(const struct dlite *d, uint32_t r)
{
	return (dlite_page(d, r)->par[r & (PAGE_CELLS - 1)]);
}

static inline void
dlite_set_par(struct dlite *d, uint32_t r, int dir)
{
	dlite_page(d, r)->par[r & (PAGE_CELLS - 1)] = (uint8_t)dir;
}

/* A record's key: [min(g,rhs) + h(anchor, cell) + km; tie] (see top). */
void	 dlite_key(const struct dlite *, uint32_t r, path_cost *k1,
	     uint32_t *k2);

/* Whether (a1,a2) sorts before (b1,b2). */
static inline int
dlite_less(path_cost a1, uint32_t a2, path_cost b1, uint32_t b2)
{
	return (a1 < b1 || (a1 == b1 && a2 < b2));
}

/*
 * UpdateVertex: puts an inconsistent record on the heap (or moves it to
 * its current key) and takes a consistent one off.
 */
void	 dlite_update(struct dlite *, uint32_t r);

/* Moves the heap entry at position i to new keys. */
void	 dlite_heap_update(struct dlite *, uint32_t i, path_cost k1,
	     uint32_t k2);

/* Takes the heap entry at position i off the heap. */
void	 dlite_heap_remove(struct dlite *, uint32_t i);

/* Sum of two costs, infinite if either is. */
static inline path_cost
dlite_add(path_cost a, path_cost b)
{
	return (a == PATH_COST_NONE || b == PATH_COST_NONE ? PATH_COST_NONE :
	    a + b);
}

/* Adds to km, folding it into the heap's keys first if it grew large. */
void	 dlite_add_km(struct dlite *, path_cost);

/* The smallest finite g or rhs of any record, or PATH_COST_NONE. */
path_cost dlite_min_value(const struct dlite *);

/*
 * Subtracts off from every finite g and rhs and from every heap key
 * (narrow records only; off must not exceed any finite value, see
 * dlite_min_value).
 */
void	 dlite_renormalise(struct dlite *, path_cost off);

/*
 * Calls fn(arg, r) for every record of the current generation, in the
 * order of the grid (tiles row by row, cells row by row in a tile).
 */
void	 dlite_each(const struct dlite *, void (*fn)(void *, uint32_t),
	     void *arg);

/*
 * Writes km, the anchor, the records that hold a value (cell, g, rhs,
 * parent) and the heap (in its exact order, so ties break the same after
 * a restore); reads them back, checking every cell, value and parent and
 * that the heap holds each inconsistent record once in heap order.
 * Returns 0 or -1 with the reader's error set.
 */
void	 dlite_save(const struct dlite *, struct ser *);
int	 dlite_load(struct dlite *, struct deser *);

/*
 * The legal steps out of (equivalently, into) a cell, as a mask of
 * directions (bit d for dlite_dx[d], dlite_dy[d]); 0 if it is blocked.
 * The same steps, in the same order, as grid_moves().
 */
static inline unsigned
dlite_steps(const struct dlite *d, uint32_t cell)
{
	const uint8_t	*c = d->grid->cells;
	const uint32_t	 s = (uint32_t)d->grid->stride;
	unsigned	 orth, diag;

	if (c[cell] == 0)
		return (0);
	orth = (unsigned)(c[cell - s] != 0) | (unsigned)(c[cell + 1] != 0) << 1 |
	    (unsigned)(c[cell + s] != 0) << 2 | (unsigned)(c[cell - 1] != 0) << 3;
	diag = grid_diagonals[d->rules.diagonal][orth];
	if (diag != 0)
		diag &= (unsigned)(c[cell - s + 1] != 0) |
		    (unsigned)(c[cell + s + 1] != 0) << 1 |
		    (unsigned)(c[cell + s - 1] != 0) << 2 |
		    (unsigned)(c[cell - s - 1] != 0) << 3;
	return (orth | diag << 4);
}

/* Unweighted cost of a step in direction dir. */
static inline path_cost
dlite_base(const struct dlite *d, int dir)
{
	return (dir < 4 ? PATH_COST_ORTHO : d->diag);
}

/* The grid index offset of a step in direction dir. */
static inline int32_t
dlite_off(const struct dlite *d, int dir)
{
	return (d->off[dir]);
}

#endif
