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
 * its page's origin and its place, so records store none.  Values are
 * narrow (below 2^32) while the grid's costs allow it: every value a
 * search writes is at most the planner's offset (below) plus twice the
 * grid's cost bound.  On grids where that does not fit (huge or heavily
 * weighted ones) the planner runs wide, with 64-bit values.  The mode is
 * chosen when a search starts over, and a grid whose costs grow past the
 * narrow range forces a new start.
 *
 * A page stores g and rhs in 16 bits each, above a base of its own (all
 * ones for infinity): the values of one tile seldom lie far apart (on
 * chase-std no page's finite values spanned more than 65,534, on
 * chase-big 0.007% of them).  A value the base does not reach moves the
 * base (dlite_store_wide), if every value of the page then fits; else
 * the page takes its values out of line (ext: 64-bit pairs, 1 KiB, freed
 * when the page is wiped or given back), as every page of a wide planner
 * does.  The hot loops read the stored words of a page with no ext
 * directly (equal words are equal values; a value is the base plus its
 * word).  Renormalising moves bases, not values.  Against the 32-bit
 * g and rhs arrays before (568-byte pages; now 320), mtdstar's time
 * against A*'s, alternated, one run each, the same cells expanded and 0
 * cost differences: chase-std 1.162 -> 1.068, 1.279 -> 1.171 and
 * 1.188 -> 1.064 (three sets of 5 pairs, medians; every pair lower),
 * chase-big 0.374 -> 0.344, 0.382 -> 0.347, 0.377 -> 0.351 and 0.377 ->
 * 0.343, its peak 64,789 -> 41,140 KiB (the library's count; --isolate
 * resident peak 74,592 -> 46,028 KiB).  A hunter on chase-std holds 18.4
 * pages (5.9 KiB; 13 records of 64 in use), a page table of 4.3 KiB
 * and a heap of 2.8 KiB; on chase-big 394 pages (126 KiB), 16.9 KiB
 * and 16.6 KiB.  Every record of a page belongs to a generation; a
 * new search bumps the planner's generation, and a page of an older one
 * reads as empty and is wiped on first touch, so starting over costs
 * nothing up front.  That costs a look at the page's header (its
 * generation) whenever a record is found, a line of its own; a planner
 * that seldom starts over (mtdstar) sets purge instead, and gives every
 * page back when it does, so that a page in its table is always current
 * and finding a record reads the table alone (mtdstar on chase-big spent
 * a fifteenth of its time on that line).
 *
 * Drift.  Two values only grow in a long chase: km, by the anchor's
 * every move, and (MT-D* Lite) the g values kept as the hunter travels,
 * which all carry the cost of the way travelled.  Both are taken out
 * before they matter: dlite_renormalise() subtracts the offset from
 * every value at once, and km is reset; either way every heap key is
 * computed again from its record.  A shift common to every key keeps the
 * keys' order, so a renormalised search expands what the plain one
 * would, ties aside.  The thresholds are compile-time (DLITE_RENORM_AT and
 * DLITE_KM_RENORM_AT); a test build sets them tiny.
 *
 * Memory.  Deleted and stale records carry no information; pages holding
 * nothing else go back to the context's pool once the planner's pages
 * outnumber by an eighth those still alive at the last count, and the
 * heap's array shrinks once it is more than twice what it holds
 * (dlite_compact).  A parent direction takes four bits (DLITE_NOPAR and
 * DLITE_SEEN fit beside the eight directions), a mark one.
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
 * The open list.  Keys pack into one 64-bit word, so that a comparison
 * is one instruction: k1 << 32 | tie while the grid's costs keep k1
 * below 2^32 (narrow mode, where km is folded away before it could push
 * a key past that), and k1 << 1 | (overconsistent) in wide mode, which
 * keeps "underconsistent first" and drops only the larger-rhs order.
 * The heap is 4-ary with lazy deletion: a record whose key changes is
 * pushed again and nothing is ever taken out of the middle, so records
 * carry no heap position and a settled or deleted cell costs nothing
 * until its entry surfaces.  An entry whose record has become consistent
 * is dropped when it reaches the top; one whose key has grown is pushed
 * again with the new key.  Every key a record had is a lower bound of
 * its later keys until its g or rhs falls, and a fall pushes the new key,
 * so every inconsistent record always has an entry no higher than its
 * key: the top is a lower bound of every inconsistent record's key, which
 * is all the termination test needs.  Stale entries are swept out (and
 * duplicates merged) when the heap doubles, before pages are given back,
 * and whenever keys are shifted (km folded, values renormalised), which
 * recomputes every key from its record instead of adjusting old ones.
 * They are swept too, after a move and before the search it calls for,
 * once four times the stale pops and rekeys since the last sweep reach
 * the heap's size (dlite_sweep_if_worked): a planner that searches on
 * every call, as mtdstar does in a chase, finds many of its keys grown
 * by the target's last step and many entries left stale by the hunter's
 * deletions, and would pay for each with a pop or a rekey at the top,
 * where one pass over the array does them all (mtdstar's time against
 * A*'s: chase-std 2.25 before, 2.0 after, chase-big 0.89 and 0.85, the
 * same cells expanded; a sweep keeps the order of distinct keys and may
 * change ties between equal ones only).  The pass costs at most four
 * entries for each stale pop or rekey before it, which cost more; a
 * sweep once all pops reached an eighth of the heap lost on chase-big's
 * large heaps (0.87), where most entries never reach the top.  Not
 * without a move: a heuristic rounded down (Euclid's) may be a unit
 * short of consistent, so a key computed again can be a unit below the
 * entry that ended the last search, which would then search again
 * though nothing changed.  Measured and dropped (chase-std, the
 * instructions of mtd_plan and all below it under callgrind, which no
 * load disturbs: 1,347 million as it is): a sweep due once the stale
 * pops and rekeys reach the heap's size (DLITE_SWEEP_WORK 1) took 1,417
 * million, at half of it 1,371, at a sixteenth 1,338 (0.6% fewer, below
 * what timing on a loaded machine can tell).  Nor a sweep that reads no
 * page (each entry carrying its cell, an overconsistent one's key
 * computed again from the rhs its tie holds, stale entries and
 * duplicates left to surface): the heap held more, its array was as
 * much of the sweep's misses as the pages were, and the whole run took
 * 6.5% more instructions and 4% more first-level misses (cachegrind),
 * its peak 4.8 MiB instead of 4.5.
 *
 * The hot entry.  With ties going to the larger rhs, a cell's successor
 * along a cheapest line has the cell's first key and a larger rhs, so
 * its key is below every other entry's: pushed, it climbs to the root of
 * the heap, and at once it is wasted, down to the bottom and back.  So
 * during a search (between dlite_fresh_begin and dlite_fresh_end), a
 * push whose key is below the heap's top and the hot entry's is held
 * beside the heap as the hot entry instead, the one before it going into
 * the heap, and the hot entry is the top while there is one.  Distinct
 * keys come out in the heap's order; only ties between equal keys may
 * break otherwise, which the exactness argument above allows.
 * dlite_fresh_end puts it back into the heap, so that between calls
 * (saves, sweeps, deletions) the heap holds everything, as it did.
 *
 * A fresh search.  A search that starts over (dlite_clear) holds only
 * overconsistent records until it ends, and with a consistent heuristic
 * their first keys never fall below the last one taken and never rise
 * more than twice the costliest step above it: A*'s own case.  So while
 * a search starts over, its open list is a circular bucket queue, one
 * slot per first key (Dial's algorithm, as astar.c), with each slot a
 * stack: pushes and pops cost a few instructions instead of a climb
 * through the heap (on the GPPC dynamic track, where every query starts
 * over, the heap's pops were a third of mtdstar's time).  Ties between
 * equal first keys go to the entry pushed last, as in astar.c; that
 * stays exact, by A*'s argument: when the lowest first key reaches the
 * goal's, no open record can make the goal cheaper.  The slots are the
 * context's (a search fills and empties them within one call), so a
 * hundred planners hold one set.  When the search stops, whatever is
 * left goes back into the heap, sorted by key (a sorted array is a heap),
 * so a save, the next call's repairs and the tie-break rules above find
 * the heap they always did; a push that would not fit (a key below the
 * lowest slot or beyond the last, an underconsistent record, wide
 * values) moves the queue to the heap at once.
 *
 * The band.  A search that goes on from the last one (the records kept,
 * repaired after moves and changes) uses the same slots beside the heap:
 * from the heap's top first key on, a push that fits the window and is
 * overconsistent goes into its slot, and the rest (the underconsistent
 * records, keys beyond the window or below its lowest slot) into the
 * heap.  The top is the lower of the band's lowest entry (the last one
 * pushed into its lowest slot: within a slot, ties go to the entry
 * pushed last) and the heap's top, by the whole key; the window moves up
 * with the keys dlite_top takes from the heap, none of the band's being
 * below them.  Most of what a search pushes within the
 * window is taken off again before it stops, for a few instructions each
 * instead of a climb into the heap and back; what is left goes into the
 * heap when the search stops (the open records, each with the key it has
 * now), so that between calls the heap holds everything, as before.
 * Exact for the same reasons as the fresh queue: only ties between
 * overconsistent records with equal first keys may come out in another
 * order; an underconsistent record stays in the heap, where its tie of 0
 * still puts it first.  mtdstar against A*: chase-std 2.04 -> 1.94,
 * chase-big 0.85 -> 0.74, chase-far 2.04 -> 1.62 (the same cells expanded
 * but for ties).
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
#define DLITE_NOPAR	0xf		/* a record without a parent */
#define DLITE_SEEN	0xe		/* a record being deleted */

/* The largest finite value a narrow record may hold, plus one. */
#ifndef DLITE_VALUE_LIMIT
#define DLITE_VALUE_LIMIT	(UINT32_MAX - 1)
#endif
/*
 * Offsets and km are taken out when they reach these: low enough that a
 * narrow key, value + heuristic + km, stays below 2^32 on grids up to
 * 1024 x 1024 of unit cost.
 */
#ifndef DLITE_RENORM_AT
#define DLITE_RENORM_AT		(INT64_C(1) << 28)
#endif
#ifndef DLITE_KM_RENORM_AT
#define DLITE_KM_RENORM_AT	(INT64_C(1) << 28)
#endif
#define DLITE_KEY_NONE		UINT64_MAX	/* the key of no record */
/* A sweep is due once stale pops and rekeys times this reach the heap's
 * size (see the top). */
#ifndef DLITE_SWEEP_WORK
#define DLITE_SWEEP_WORK	4
#endif

/*
 * Directions: N E S W NE SE SW NW, as parents are stored, the steps of
 * grid_step_dx and grid_step_dy (grid-internal.h).
 */
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

/* Which direction (dx, dy) is, as an index into grid_step_dx/dy. */
static inline int
dlite_dir(int dx, int dy)
{
	static const int8_t	dirs[3][3] = {
		{ 7, 0, 4 }, { 3, -1, 1 }, { 6, 2, 5 }
	};

	return (dirs[dy + 1][dx + 1]);
}

/*
 * A heap entry: a packed key and its record, 16 bytes, so that the four
 * children of an entry fill one 64-byte cache line (see dlite_heap_room).
 */
struct dlite_entry {
	uint64_t	key;
	uint32_t	ref;
	uint32_t	spare;
};

/* The fresh search's bucket queue, the context's (see the top). */
struct fresh_entry {
	uint64_t	key;
	uint32_t	ref;
	uint32_t	next;		/* below it in its slot, or DLITE_NONE */
};

struct dlite_fresh {
	uint32_t		 w;	/* slots, a power of two; 0 none yet */
	uint32_t		*head;	/* a slot's top entry, or DLITE_NONE */
	uint64_t		*bits;	/* slots holding entries */
	struct fresh_entry	*ent;	/* every entry of this search */
	uint32_t		 n, cap;
	uint32_t		 free;	/* entries taken off, to reuse */
	uint32_t		 live;	/* entries still in slots */
	uint64_t		 lo;	/* first key of the lowest slot in use */
	uint32_t		 top;	/* the slot dlite_top found, for pop */
	struct dlite_entry	*sorted;	/* dlite_fresh_end's scratch */
	uint32_t		 sorted_cap;
};

struct dlite_fresh *dlite_fresh_new(void);
void		    dlite_fresh_free(struct dlite_fresh *);
void		    dlite_fresh_trim(struct dlite_fresh *);
size_t		    dlite_fresh_memory(const struct dlite_fresh *);

struct dlite {
	struct page_pool	*pool;		/* the context's */
	uint32_t		*table;		/* page per tile, PAGE_NONE */
	uint32_t		 tiles_w;
	uint32_t		 ntiles;
	uint32_t		*pages;		/* the pages lent to us */
	uint32_t		 npages;
	uint32_t		 pages_cap;
	uint32_t		 live_pages;	/* at the last compaction */
	uint32_t		 next;		/* pages with values out of
						   line (ext) */
	uint32_t		 gen;
	int			 purge;		/* clear gives pages back */
	int			 wide;
	struct dlite_fresh	*fq;		/* the context's, or NULL */
	int			 fresh_ok;	/* started over, not searched */
	int			 fresh;		/* the open list is fq */
	int			 band;		/* fq holds the band */
	int			 band_top;	/* dlite_top's entry is fq's */

	struct dlite_entry	*heap;		/* 4-ary, children aligned */
	void			*heap_mem;	/* its allocation */
	uint32_t		 n;
	uint32_t		 cap;
	uint32_t		 swept_n;	/* entries after the last sweep */
	uint32_t		 wasted;	/* stale pops, rekeys since it */
	int			 searching;	/* between fresh_begin and end */
	int			 has_hot;	/* hot holds the top entry */
	struct dlite_entry	 hot;

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
 * Around a ComputeShortestPath: begin moves a search that has just
 * started over onto the context's bucket queue (if it can), or starts
 * the band of one that goes on; end moves what is left back into the
 * heap.  Between them the open list is only touched through dlite_top
 * and dlite_top_fast, dlite_take, dlite_pop, dlite_rekey_top, and
 * dlite_push and dlite_enqueue.
 */
void	 dlite_fresh_begin(struct dlite *);
void	 dlite_fresh_end(struct dlite *);

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

/*
 * Sweeps the heap if its stale pops and rekeys since the last sweep,
 * times DLITE_SWEEP_WORK, reach its size (see the top): for a planner to
 * call after the hunter or the target moved, before it searches.
 */
void	 dlite_sweep_if_worked(struct dlite *);

/* Sets the anchor (inside coordinates) of a search starting over. */
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

	if (pn == PAGE_NONE || (!d->purge &&
	    page_pool_page(d->pool, pn)->gen != d->gen))
		return (DLITE_NONE);
	return (pn << 8 | (uint32_t)(by & (PAGE_SIDE - 1)) << PAGE_SHIFT |
	    (uint32_t)(bx & (PAGE_SIDE - 1)));
}

/*
 * Whether any cell within radius (at most PAGE_SIDE) of (bx, by) may
 * have a record: whether a page of the current generation covers any
 * part of that box.  A tile-level look, four page-table entries at most.
 */
static inline int
dlite_any_near(const struct dlite *d, int bx, int by, int radius)
{
	uint32_t	tx0 = (uint32_t)((bx > radius ? bx - radius : 0) >>
			    PAGE_SHIFT), tx1 = (uint32_t)((bx + radius) >>
			    PAGE_SHIFT);
	uint32_t	ty0 = (uint32_t)((by > radius ? by - radius : 0) >>
			    PAGE_SHIFT), ty1 = (uint32_t)((by + radius) >>
			    PAGE_SHIFT);
	uint32_t	tx, ty, pn;

	if (tx1 >= d->tiles_w)
		tx1 = d->tiles_w - 1;
	for (ty = ty0; ty <= ty1 && ty * d->tiles_w < d->ntiles; ty++) {
		for (tx = tx0; tx <= tx1; tx++) {
			pn = d->table[ty * d->tiles_w + tx];
			if (pn != PAGE_NONE && (d->purge ||
			    page_pool_page(d->pool, pn)->gen == d->gen))
				return (1);
		}
	}
	return (0);
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

/* A stored value, g (rhs 0) or rhs (rhs 1), decoded. */
static inline path_cost
dlite_value(const struct cell_page *pg, int rhs, uint32_t r)
{
	const struct cell_val	*c = &pg->v[r & (PAGE_CELLS - 1)];
	uint16_t		 v = rhs ? c->rhs : c->g;

	if (__builtin_expect(pg->ext == NULL, 1))
		return (v == PAGE_VAL_NONE ? PATH_COST_NONE :
		    (path_cost)pg->base + v);
	return (rhs ? pg->ext[r & (PAGE_CELLS - 1)].rhs :
	    pg->ext[r & (PAGE_CELLS - 1)].g);
}

/* g and rhs of the record at place i of page pg. */
static inline path_cost
dlite_pg_g(const struct dlite *d, const struct cell_page *pg, uint32_t i)
{
	(void)d;
	return (dlite_value(pg, 0, i));
}

static inline path_cost
dlite_pg_rhs(const struct dlite *d, const struct cell_page *pg, uint32_t i)
{
	(void)d;
	return (dlite_value(pg, 1, i));
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

/*
 * Stores g (rhs 0) or rhs (rhs 1) of record r on page pg (finite values
 * must fit a narrow record when narrow): the slow path of dlite_store,
 * for a value the page's base does not reach (see the top).
 */
void	 dlite_store_wide(struct dlite *, struct cell_page *pg, int rhs,
	     uint32_t r, path_cost v);

static inline void
dlite_store(struct dlite *d, struct cell_page *pg, int rhs, uint32_t r,
    path_cost v)
{
	struct cell_val	*c = &pg->v[r & (PAGE_CELLS - 1)];
	uint16_t	 s;

	if (__builtin_expect(pg->ext != NULL, 0))
		goto slow;
	if (v == PATH_COST_NONE)
		s = PAGE_VAL_NONE;
	else if (v >= (path_cost)pg->base && v - (path_cost)pg->base <
	    PAGE_VAL_NONE && v < DLITE_VALUE_LIMIT)
		s = (uint16_t)(v - (path_cost)pg->base);
	else
		goto slow;
	if (rhs)
		c->rhs = s;
	else
		c->g = s;
	return;
slow:
	dlite_store_wide(d, pg, rhs, r, v);
}

static inline void
dlite_set_g(struct dlite *d, uint32_t r, path_cost v)
{
	dlite_store(d, dlite_page(d, r), 0, r, v);
}

static inline void
dlite_set_rhs(struct dlite *d, uint32_t r, path_cost v)
{
	dlite_store(d, dlite_page(d, r), 1, r, v);
}

static inline int
dlite_par(const struct dlite *d, uint32_t r)
{
	return ((int)page_par(dlite_page(d, r), r));
}

static inline void
dlite_set_par(struct dlite *d, uint32_t r, int dir)
{
	page_set_par(dlite_page(d, r), r, (unsigned)dir);
}

/*
 * The packed key of a record whose values are g and rhs and whose cell
 * lies h from the anchor: [min(g,rhs) + h + km; tie] (see the top), or
 * DLITE_KEY_NONE for a record holding nothing.
 */
static inline __attribute__((always_inline)) uint64_t
dlite_key_h(const struct dlite *d, path_cost h, path_cost g, path_cost rhs)
{
	path_cost	m = g < rhs ? g : rhs, k1;

	if (m == PATH_COST_NONE)
		return (DLITE_KEY_NONE);
	k1 = m + h + d->km;
	if (__builtin_expect(d->wide, 0))
		return ((uint64_t)k1 << 1 | (uint64_t)(g >= rhs));
	return ((uint64_t)k1 << 32 | (g < rhs ? 0 : UINT32_MAX -
	    (uint32_t)(rhs < UINT32_MAX - 1 ? rhs : UINT32_MAX - 1)));
}

/* The packed key of a record at (bx, by) whose values are g and rhs. */
static inline uint64_t
dlite_key_at(const struct dlite *d, int bx, int by, path_cost g,
    path_cost rhs)
{
	return (dlite_key_h(d, grid_heuristic(d->rules.heuristic, d->abx,
	    d->aby, bx, by), g, rhs));
}

/* A record's packed key (see dlite_key_at). */
uint64_t dlite_key(const struct dlite *, uint32_t r);

/* Adds an entry to the heap (or the fresh search's queue). */
void	 dlite_push(struct dlite *, uint64_t key, uint32_t r);

/* Puts an entry in its fresh slot; the key must fit the window. */
void	 dlite_fresh_put(struct dlite_fresh *, uint64_t key, uint32_t r);

/* Whether a key may go into the fresh queue now (see dlite.h). */
static inline int
dlite_fresh_fits(const struct dlite *d, uint64_t key)
{
	const struct dlite_fresh	*fq = d->fq;
	uint64_t			 k1 = key >> 32;

	return (k1 >= fq->lo && k1 - fq->lo < fq->w &&
	    (uint32_t)key != 0);
}

/*
 * Takes room for an entry in *i, from the free list or the end of the
 * array; 0 if the array is full (dlite_fresh_put grows it).
 */
static inline int
dlite_fresh_room(struct dlite_fresh *fq, uint32_t *i)
{
	if (fq->free != DLITE_NONE) {
		*i = fq->free;
		fq->free = fq->ent[*i].next;
		return (1);
	}
	if (fq->n == fq->cap)
		return (0);
	*i = fq->n++;
	return (1);
}

/* The fresh slot of a first key (a key's high half, or lo). */
static inline uint32_t
dlite_fresh_slot(const struct dlite_fresh *fq, uint64_t k1)
{
	return ((uint32_t)k1 & (fq->w - 1));
}

/* Puts entry i, holding key and record r, on top of its fresh slot. */
static inline void
dlite_fresh_link(struct dlite_fresh *fq, uint32_t i, uint64_t key,
    uint32_t r)
{
	uint32_t	slot = dlite_fresh_slot(fq, key >> 32);

	fq->ent[i].key = key;
	fq->ent[i].ref = r;
	fq->ent[i].next = fq->head[slot];
	fq->head[slot] = i;
	fq->bits[slot >> 6] |= UINT64_C(1) << (slot & 63);
	fq->live++;
}

/*
 * dlite_push, with a fresh search's usual case (room for the entry, no
 * trace) written in place: a push is then a few instructions inline.
 */
static inline __attribute__((always_inline)) void
dlite_enqueue(struct dlite *d, uint64_t key, uint32_t r)
{
	struct dlite_fresh	*fq = d->fq;
	uint32_t		 i;

	if ((d->fresh || d->band) && d->trace == NULL &&
	    dlite_fresh_fits(d, key) && dlite_fresh_room(fq, &i)) {
		dlite_fresh_link(fq, i, key, r);
		return;
	}
	dlite_push(d, key, r);
}

/*
 * The top entry after dropping those whose records are consistent:
 * returns 0 if the heap holds no inconsistent record, else 1 with the
 * entry's key and record.
 */
int	 dlite_top(struct dlite *, uint64_t *key, uint32_t *r);

/* Takes the top entry off the heap. */
void	 dlite_pop(struct dlite *);

/* Takes the top entry of a fresh slot off (its room is used again). */
static inline void
dlite_fresh_take(struct dlite_fresh *fq, uint32_t slot)
{
	uint32_t	i = fq->head[slot];

	fq->head[slot] = fq->ent[i].next;
	fq->ent[i].next = fq->free;
	fq->free = i;
	/* Without a branch: whether a slot empties is hard to predict. */
	fq->bits[slot >> 6] &= ~((uint64_t)(fq->head[slot] == DLITE_NONE) <<
	    (slot & 63));
	fq->live--;
}

/*
 * The lowest slot holding an entry, from lo on; moves lo there.  Returns
 * DLITE_NONE if every slot is empty.
 */
static inline uint32_t
dlite_fresh_lowest(struct dlite_fresh *fq)
{
	uint32_t	slot, word, nwords = fq->w / 64, i, off;
	uint64_t	bits;

	if (fq->live == 0)
		return (DLITE_NONE);
	slot = dlite_fresh_slot(fq, fq->lo);
	word = slot >> 6;
	bits = fq->bits[word] & (~UINT64_C(0) << (slot & 63));
	for (i = 0; bits == 0; i++) {
		word = (word + 1) & (nwords - 1);
		bits = fq->bits[word];
		if (i > nwords)
			return (DLITE_NONE);	/* not reached: live > 0 */
	}
	off = (word << 6 | (uint32_t)__builtin_ctzll(bits));
	fq->lo += (off - slot) & (fq->w - 1);
	return (off);
}

/* Gives the top entry a larger key (its record's key grew). */
void	 dlite_rekey_top(struct dlite *, uint64_t key);

/*
 * UpdateVertex for a record whose rhs just fell to rhs, narrow, at
 * (bx, by) on a page the caller holds: g is read from the same page and
 * the key computed without looking the record up again.  hk is the
 * planner's heuristic, a constant where the caller is specialised on it.
 */
static inline __attribute__((always_inline)) void
dlite_update_narrow_hk(struct dlite *d, const enum path_heuristic hk,
    path_cost g, uint32_t r, int bx, int by, path_cost rhs)
{
	if (g == rhs)
		return;
	dlite_enqueue(d, dlite_key_h(d, grid_heuristic(hk, d->abx, d->aby, bx,
	    by), g, rhs), r);
}

static inline void
dlite_update_narrow(struct dlite *d, path_cost g, uint32_t r, int bx,
    int by, path_cost rhs)
{
	dlite_update_narrow_hk(d, d->rules.heuristic, g, r, bx, by, rhs);
}

/* Whether record r holds g != rhs. */
static inline int
dlite_open(const struct dlite *d, uint32_t r)
{
	const struct cell_page	*pg = dlite_page(d, r);

	if (pg->ext == NULL)	/* one base: equal as stored */
		return (pg->v[r & (PAGE_CELLS - 1)].g !=
		    pg->v[r & (PAGE_CELLS - 1)].rhs);
	return (dlite_pg_g(d, pg, r) != dlite_pg_rhs(d, pg, r));
}

/*
 * dlite_top, with the usual case of a fresh search or the band (the
 * lowest slot is the one its last entry came from, and holds an open
 * entry below the stale ones, and below the heap's top for the band) in
 * place.
 */
static inline int
dlite_top_fast(struct dlite *d, uint64_t *key, uint32_t *r)
{
	struct dlite_fresh	*fq = d->fq;
	uint32_t		 slot, i;

	if (d->fresh || d->band) {
		slot = dlite_fresh_slot(fq, fq->lo);
		while ((fq->bits[slot >> 6] >> (slot & 63) & 1) != 0) {
			i = fq->head[slot];
			if (!dlite_open(d, fq->ent[i].ref)) {
				dlite_fresh_take(fq, slot);	/* stale */
				continue;
			}
			/*
			 * The band's entry is the top if its key is below the
			 * heap's top, stale or not: a stale key is a lower
			 * bound of what the heap holds.
			 */
			if (d->fresh || fq->ent[i].key < (d->has_hot ?
			    d->hot.key : d->heap[0].key)) {
				*key = fq->ent[i].key;
				*r = fq->ent[i].ref;
				fq->top = slot;
				d->band_top = 1;
				return (1);
			}
			break;
		}
	}
	return (dlite_top(d, key, r));
}

/*
 * Whether the goal, the heuristic's anchor at (gbx, gby), record *gr
 * (DLITE_NONE until it has one; found and kept here), is settled when
 * the top key is top: the top key is not below the goal's and the goal
 * is not underconsistent.
 */
static inline __attribute__((always_inline)) int
dlite_goal_settled(const struct dlite *d, int gbx, int gby, uint32_t *gr,
    uint64_t top)
{
	path_cost	g, rhs;

	if (*gr == DLITE_NONE)	/* records never move once made */
		*gr = dlite_find(d, gbx, gby);
	if (*gr == DLITE_NONE)
		return (0);
	g = dlite_g(d, *gr);
	rhs = dlite_rhs(d, *gr);
	/* The anchor is the goal: no heuristic to add. */
	return (top >= dlite_key_h(d, 0, g, rhs) && rhs <= g);
}

/*
 * The test that ends ComputeShortestPath, for a search whose goal is
 * its heuristic's anchor at (gbx, gby), record *gr (as
 * dlite_goal_settled): returns 1 when no inconsistent record is left or
 * the goal's value is settled, else 0 with the top record in *ur and its
 * key in *top.
 */
static inline int
dlite_settled(struct dlite *d, int gbx, int gby, uint32_t *gr, uint32_t *ur,
    uint64_t *top)
{
	if (!dlite_top_fast(d, top, ur))
		return (1);
	return (dlite_goal_settled(d, gbx, gby, gr, *top));
}

/*
 * Takes the top record ur, whose entry has key top, for expansion:
 * pops it, reports it to the trace and returns 1 with its cell and values, or 0
 * if its key has grown since the entry was made (the entry then goes
 * back with the new key, as D* Lite's k_old < CalculateKey(u) case).
 * Not in a fresh search, where keys only fall: there a record's newest
 * entry has the lowest first key of its entries, so the first to come
 * out while the record is open is that one, with the key it has now.
 */
static inline int
dlite_take(struct dlite *d, uint32_t ur, uint64_t top, int *ux, int *uy,
    path_cost *gu, path_cost *ru)
{
	const struct cell_page	*pg = dlite_page(d, ur);
	uint64_t		 key;

	*ux = pg->bx0 + (int)(ur & (PAGE_SIDE - 1));
	*uy = pg->by0 + (int)(ur >> PAGE_SHIFT & (PAGE_SIDE - 1));
	*gu = dlite_pg_g(d, pg, ur);
	*ru = dlite_pg_rhs(d, pg, ur);
	if (d->fresh)
		dlite_fresh_take(d->fq, d->fq->top);
	else {
		key = dlite_key_at(d, *ux, *uy, *gu, *ru);
		if (top < key) {
			dlite_rekey_top(d, key);
			return (0);
		}
		dlite_pop(d);
	}
	if (d->trace != NULL)
		d->trace(d->trace_ctx, PATH_TRACE_EXPAND, *ux - 1, *uy - 1, 0,
		    0, *ux - 1, *uy - 1);
	return (1);
}

/*
 * UpdateVertex: puts an inconsistent record on the heap with its current
 * key; a consistent one is left for its stale entries to be dropped.
 */
static inline void
dlite_update(struct dlite *d, uint32_t r)
{
	const struct cell_page	*pg = dlite_page(d, r);
	uint32_t		 i = r & (PAGE_CELLS - 1);
	path_cost		 g, rhs;

	if (__builtin_expect(pg->ext == NULL, 1)) {
		if (pg->v[i].g == pg->v[i].rhs)
			return;
	}
	g = dlite_pg_g(d, pg, r);
	rhs = dlite_pg_rhs(d, pg, r);
	if (g == rhs)
		return;
	dlite_enqueue(d, dlite_key_at(d, pg->bx0 + (int)(r & (PAGE_SIDE - 1)),
	    pg->by0 + (int)(r >> PAGE_SHIFT & (PAGE_SIDE - 1)), g, rhs), r);
}

/* Sum of two costs, infinite if either is. */
static inline path_cost
dlite_add(path_cost a, path_cost b)
{
	return (a == PATH_COST_NONE || b == PATH_COST_NONE ? PATH_COST_NONE :
	    a + b);
}

/*
 * Moves the heuristic's anchor to (x, y) (inside coordinates) in a live
 * search: km grows by the heuristic between the old anchor and the new,
 * so that old keys stay lower bounds; past DLITE_KM_RENORM_AT, km goes
 * back to 0 and the heap is rekeyed.
 */
void	 dlite_move_anchor(struct dlite *, int x, int y);

/* The smallest finite g or rhs of any record, or PATH_COST_NONE. */
path_cost dlite_min_value(const struct dlite *);

/*
 * Subtracts off from every finite g and rhs and rekeys the heap (narrow
 * records only; off must not exceed any finite value, see
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
 * Calls fn(arg, bx, by) for every cell of the grid at or next to one of
 * n changed cells (named by grid coordinates), but the cell (skip_bx,
 * skip_by): the cells whose edges the changes may have changed, and so
 * whose rhs a planner recomputes.  A change with no page of records
 * within two cells of it is passed over: it can matter to no record.
 * fn may change the search.
 */
void	 dlite_each_changed(struct dlite *, const struct path_change *changes,
	     size_t n, int skip_bx, int skip_by, void (*fn)(void *, int, int),
	     void *arg);

/*
 * Writes km, the anchor, the records that hold a value (cell, g, rhs,
 * parent) and the heap (in its exact order, so ties break the same after
 * a restore, stale entries included); reads them back, checking every
 * cell, value and parent, the heap's order, and that every inconsistent
 * record has an entry no higher than its key.
 * Returns 0 or -1 with the reader's error set.
 */
void	 dlite_save(const struct dlite *, struct ser *);
int	 dlite_load(struct dlite *, struct deser *);

/*
 * For a load's check of a search's values against the grid as the
 * planner last saw it: the cells at or next to a change of grid g since
 * version, bordered, one byte a cell (1 where the next plan recomputes a
 * cell's rhs, so that its value may not follow from the grid now), in a
 * new array the caller frees; NULL if the grid's log no longer reaches
 * back to version (the next plan starts over: nothing to check).
 */
uint8_t	*dlite_changed_near(const struct path_grid *g, uint64_t version);

/*
 * The legal steps out of (equivalently, into) a cell, as a mask of
 * directions (bit d for grid_step_dx[d], grid_step_dy[d]); 0 if it is blocked.
 * The same steps, in the same order, as grid_moves(), read from the
 * grid's open mask of the cell (one byte, where looking at the eight
 * neighbours' costs took nine).
 */
static inline unsigned
dlite_steps(const struct dlite *d, uint32_t cell)
{
	if (d->grid->cells[cell] == 0)
		return (0);
	return (grid_step_mask(d->grid->open, cell, d->rules.diagonal));
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

/*
 * The best neighbour of cell (bx, by), whose record is r (or DLITE_NONE):
 * the least g(n) + c over its legal steps to neighbours n that have a
 * value, with that step's direction in *best_dir (the first in grid_step_dx
 * order on a tie), or PATH_COST_NONE with *best_dir DLITE_NOPAR if no
 * neighbour has one.  c is the step's cost as the search runs: into the
 * neighbour when into_cell is 0 (D* Lite from the goal: rhs(s) = min
 * c(s, n) + g(n)), into the cell when it is 1 (Moving Target D* Lite
 * from the root: rhs(s) = min g(n) + c(n, s)).  Forced inline, into_cell
 * a constant, so that each planner keeps a loop of its own.  When all
 * eight neighbours lie on r's page and values are narrow, they are read
 * there by offset, without a look-up.
 */
static inline __attribute__((always_inline)) path_cost
dlite_best_neighbour(const struct dlite *d, uint32_t r, int bx, int by,
    const int into_cell, int *best_dir)
{
	const struct cell_page	*pg = r != DLITE_NONE ? dlite_page(d, r) :
				    NULL;
	const uint8_t		*cells = d->grid->cells;
	const uint32_t		 cell = (uint32_t)by *
				    (uint32_t)d->grid->stride + (uint32_t)bx;
	path_cost		 best = PATH_COST_NONE, c, g;
	unsigned		 m = dlite_steps(d, cell);
	int			 dir;

	*best_dir = DLITE_NOPAR;
	if (pg != NULL && pg->ext == NULL && dlite_inner(r)) {
		const struct cell_val *c0 = &pg->v[r & (PAGE_CELLS - 1)];
		const path_cost	 base = pg->base;
		uint16_t	 v;

		for (; m != 0; m &= m - 1) {
			dir = __builtin_ctz(m);
			v = c0[dlite_slot_off[dir]].g;
			if (v == PAGE_VAL_NONE)
				continue;
			c = base + v + d->base[dir] * cells[into_cell ?
			    cell : cell + (uint32_t)dlite_off(d, dir)];
			if (c < best) {
				best = c;
				*best_dir = dir;
			}
		}
		return (best);
	}
	for (; m != 0; m &= m - 1) {
		dir = __builtin_ctz(m);
		g = pg != NULL ? dlite_near_g(d, pg, r, bx, by,
		    grid_step_dx[dir], grid_step_dy[dir]) : dlite_g(d,
		    dlite_find(d, bx + grid_step_dx[dir],
		    by + grid_step_dy[dir]));
		if (g == PATH_COST_NONE)
			continue;
		c = g + dlite_base(d, dir) * cells[into_cell ? cell : cell +
		    (uint32_t)dlite_off(d, dir)];
		if (c < best) {
			best = c;
			*best_dir = dir;
		}
	}
	return (best);
}

#endif
