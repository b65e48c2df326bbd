/*
 * field.c: Dijkstra distance fields on a bucket queue, over pages of
 * cells allocated as the search reaches them.
 *
 * One search from a source gives the cheapest cost between the source and
 * every cell it reaches.  It runs to the end (a full Dijkstra map, as
 * Brogue builds them), in steps of a budget, or until one given cell is
 * settled (what the crowd planner needs: the search stops at the asking
 * hunter and resumes for a farther one).  Because a step costs what the
 * entered cell costs, the direction matters on weighted terrain.  Going
 * out from the source, relaxing a settled cell u to its neighbour v adds
 * v's cost.  Towards the source, the step is v -> u and enters u, the
 * cell nearer the source, so it adds u's cost.  The legal steps are
 * symmetric (grid_moves), so one neighbour list serves both.
 *
 * The queue (bucket.h) keeps cells in buckets of width w = PATH_COST_ORTHO
 * = 985 and takes the lowest bucket's cells in any order.  Why that is
 * still exact.  Every step costs at least w: an orthogonal step 985 times
 * the entered cell's cost (at least 1), a Chebyshev diagonal the same, an
 * octile or Euclidean diagonal 1393 times it.  Claim: when bucket b comes
 * up, every cell whose tentative cost d(v) lies in bucket b has its final
 * cost.  Suppose not: the true cost d*(v) < d(v) < (b + 1) w, and the
 * last step u -> v of a cheapest path costs c >= w, so d*(u) = d*(v) - c
 * < b w: u lies in an earlier bucket, whose cells are final by induction
 * and were all expanded, so relaxing u gave d(v) <= d*(u) + c = d*(v), a
 * contradiction.  And expanding a cell of bucket b only pushes costs of
 * at least b w + w, into later buckets, so bucket b never changes while
 * it is emptied and its cells need no order among themselves.  The
 * fixed-point costs (985 and 1393, weights up to 254) are integers, so
 * nothing rounds.  Hence: a cell is final ("settled") as soon as its
 * tentative cost lies in the bucket now being emptied or an earlier one;
 * the crowd planner's hunter need not even wait to be popped.
 *
 * Each cell also keeps which neighbour gave it its cost (its parent, one
 * byte), so walking a field towards the source is a lookup per step.  A
 * settled cell's parent is expanded, so final, and the step to it costs
 * exactly the difference: the walk follows a cheapest path.  The order of
 * expansions, and so every parent, depends only on the grid, the rules
 * and the source, never on where budgets paused the search: a field
 * rebuilt after a restore gives the same steps.
 *
 * Cells live in pages of 16x16, found through a page table (no hashing),
 * taken on first touch from the field's spare pages and given back when
 * the next search begins; spares beyond what the last search used are
 * freed, so memory follows the work, not the map.  Costs are 32-bit where
 * the grid's largest possible path cost fits (every real map), 64-bit
 * otherwise.  An untouched cell reads as all ones, which compares above
 * any cost, so "unknown" needs no test of its own.
 *
 * A computation that has expanded a sixteenth of the map (a crowd search
 * out to hunters spread over a 512x512 map, a safety map) moves to a
 * dense layout at the end of that bucket: one array of costs and one of
 * parents, indexed like the grid's own cells (with their border), so a
 * neighbour is a fixed offset away and no page is looked up.  With the
 * current bucket and its first cost kept at hand, an expansion of a
 * whole field of 8room_000 went from 23 to 18 ns.  Its pages are copied
 * over and given back; the dense arrays (four or five bytes a cell, see
 * below) hold at most sixteen times what the pages held when it moved,
 * and what a search over the whole map holds in pages anyway.  The computation after one
 * that went dense starts dense, on the same arrays, and so does the
 * first after path_context_reserve() took them up front; one that begins
 * after a computation that stayed small starts on pages again, and the
 * dense arrays are freed.  The order of expansions, and so every cost
 * and parent, is the same in both layouts (the move happens between two
 * buckets, where a search also stops): only where a cell's cost is kept
 * differs, and check_field compares the two cell by cell.
 *
 * Towards the source (or either way where every open cell costs the
 * same: then the two directions are one search, and the grid's costs
 * need not be read at all), a dense cell offers its neighbours only two
 * costs, one through an orthogonal step and one through a diagonal, and
 * its three rows of neighbours are adjacent words: one SSE2 comparison of
 * three rows of four tells which neighbours those costs would lower
 * (field_lowers()), and only those are written and queued, in the usual
 * step order, so expansions and parents stay as they were.  An
 * expansion then branches once for each neighbour it lowers (about
 * one), not twice for each of eight.  Dense queue entries hold the
 * cell's index alone: a page's coordinates are of no use there.  On
 * chase-big, where a crowd search covers most of 8room_000 every turn,
 * the crowd planner went from 0.080 to 0.069 of A*'s time.
 *
 * Where every cost a search can store fits below 2^29 - 1, the dense
 * layout keeps each cell's parent in the low three bits of its cost
 * word, as the step (bit of grid_step_mask()) that reached it: cost << 3
 * | step.  Costs then compare as words (a cost lowers a word only if the
 * word lies above the cost with all three bits set, so a tie keeps the
 * old parent as before), all ones stays "unknown" above any cost, and a
 * source, the only cell without a parent, is the only one of cost 0.  A
 * relaxation writes one word instead of two arrays, and the layout takes
 * four bytes a cell, not five (1 MiB on 512x512, an L2 cache's worth):
 * the crowd planner on chase-big went on from 0.069 to 0.066 of A*'s
 * time, and on chase-std from 0.375 to 0.362.  Every cost a search
 * stores is that of a path entering no cell twice (a cheapest path, and
 * one step more to a cell not on it), so grid_open_cost_bound() bounds
 * them all: 206,642 open cells of cost 1 on 8room_000 fit easily; a
 * 1024x1024 map of open cells does not, and keeps its parents in an
 * array apart (field_packs()).
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bucket.h"
#include "field-internal.h"
#include "grid-internal.h"
#include "xmalloc.h"

#define PAGE_SHIFT	4
#define PAGE_SIDE	(1 << PAGE_SHIFT)
#define PAGE_CELLS	(PAGE_SIDE * PAGE_SIDE)
#define PARENT_NONE	4		/* the source, or no parent */
#define SPARE_KEEP	16		/* spare pages kept whatever happens */
#define PACK_SHIFT	3		/* a packed cost's step bits */
#define PACK_STEP	((1u << PACK_SHIFT) - 1)
#define PACK_MAX	((UINT32_MAX >> PACK_SHIFT) - 1)	/* dearest
							   packed cost */

/* The step bit that reaches a cell from its parent, by parent byte. */
static const uint8_t field_parent_step[9] = { 5, 2, 6, 1, 0, 3, 4, 0, 7 };

/*
 * The parent byte of a cell reached by each step of grid_step_mask()'s
 * bits (grid_step_dx, grid_step_dy; a packed parent is one step back).
 */
static const uint8_t field_step_parent[8] = { 7, 3, 1, 5, 6, 0, 2, 8 };

/* Where a computation keeps its cells' costs and parents. */
enum field_cells {
	FIELD_PAGES,		/* in pages of 16x16, found by a table */
	FIELD_DENSE,		/* by the grid's own index, parents apart */
	FIELD_PACKED		/* likewise, each parent in its cost's low
				   bits */
};

/*
 * What a copy of the search loop is specialised on, every member a
 * constant in it (field_run() picks the copy): where the costs are kept,
 * whether pages hold 64-bit costs, whether a step costs what the cell it
 * leaves costs (towards the source), and whether every open cell costs
 * the same (then the two directions are one search, and the grid's
 * costs are not read).
 */
struct field_layout {
	enum field_cells	cells;
	int			wide;
	int			to_source;
	int			uniform;
};

/* Where a search stops short of the end of the computation. */
struct field_stop {
	unsigned long	budget;		/* expansions, 0: no limit */
	int		at_cell;	/* once (x,y) is final */
	int		x, y;
	uint64_t	bucket;		/* once this bucket comes up
					   (UINT64_MAX: never) */
};

struct path_field {
	int			 width;
	int			 height;
	int			 pages_across;
	size_t			 npages;
	unsigned char		**pages;	/* page table (NULL: none) */
	uint32_t		*used;		/* page numbers in use */
	size_t			 nused;
	unsigned char		**spare;	/* pages to reuse */
	size_t			 nspare;
	int			 wide;		/* pages hold 64-bit costs */
	uint32_t		*dense;		/* dense layout: 32-bit costs by
						   the grid's own index, or
						   NULL */
	unsigned char		*dense_parent;	/* and parents likewise
						   where costs cannot hold
						   them, or NULL */
	size_t			 dense_cells;	/* (width + 2) x (height + 2) */
	int			 in_dense;	/* this computation is dense */
	int			 packed;	/* its costs hold parents:
						   cost << 3 | step */
	int			 no_pack;	/* no packing (tests) */
	int			 reserved;	/* the next one starts dense */
	uint64_t		 dense_from;	/* expansions after which it
						   becomes so */
	uint64_t		 dense_after;	/* field_set_dense_after() */
	struct bucket_queue	 queue;
	struct path_rules	 rules;		/* of the current computation */
	unsigned		 uniform;	/* the cost of every open cell,
						   or 0 if they differ */
	enum path_field_direction direction;
	int			 callback;	/* begun on a callback grid */
	int			 has_source;
	int			 complete;
	uint64_t		 expanded;	/* since path_field_begin */
	uint64_t		 generation;	/* path_field_begin calls */
	path_trace_fn		 trace;		/* or NULL */
	void			*trace_ctx;
};

/* Bytes of one page: costs, then a parent byte per cell. */
static size_t
field_page_bytes(int wide)
{
	return (PAGE_CELLS * (wide ? sizeof (uint64_t) : sizeof (uint32_t)) +
	    PAGE_CELLS);
}

/* Page number and offset in the page of an inside cell. */
static inline size_t
field_page_of(const struct path_field *f, int x, int y)
{
	return ((size_t)(y >> PAGE_SHIFT) * (size_t)f->pages_across +
	    (size_t)(x >> PAGE_SHIFT));
}

static inline unsigned
field_offset(int x, int y)
{
	return ((unsigned)(y & (PAGE_SIDE - 1)) << PAGE_SHIFT |
	    (unsigned)(x & (PAGE_SIDE - 1)));
}

/* A cell's index in the dense layout: the grid's (grid_index()). */
static inline size_t
field_dense_of(const struct path_field *f, int x, int y)
{
	return ((size_t)(y + 1) * (size_t)(f->width + 2) + (size_t)(x + 1));
}

/* A cell's cost in the dense layout, packed or not: all ones (32-bit)
   when untouched. */
static inline uint64_t
field_dense_cost(const struct path_field *f, size_t at)
{
	uint32_t	d = f->dense[at];

	return (f->packed && d != UINT32_MAX ? d >> PACK_SHIFT : d);
}

/* A cell's raw cost in a page: all ones when untouched. */
static inline __attribute__((always_inline)) uint64_t
field_raw(const unsigned char *pg, unsigned off, int wide)
{
	if (wide)
		return (((const uint64_t *)(const void *)pg)[off]);
	return (((const uint32_t *)(const void *)pg)[off]);
}

/* The raw value of "untouched" in a layout. */
static inline __attribute__((always_inline)) uint64_t
field_unknown(int wide)
{
	return (wide ? UINT64_MAX : UINT32_MAX);
}

static inline __attribute__((always_inline)) void
field_store(unsigned char *pg, unsigned off, uint64_t d, int parent,
    int wide)
{
	if (wide) {
		((uint64_t *)(void *)pg)[off] = d;
		pg[PAGE_CELLS * sizeof (uint64_t) + off] =
		    (unsigned char)parent;
	} else {
		((uint32_t *)(void *)pg)[off] = (uint32_t)d;
		pg[PAGE_CELLS * sizeof (uint32_t) + off] =
		    (unsigned char)parent;
	}
}

static inline int
field_parent(const unsigned char *pg, unsigned off, int wide)
{
	return (pg[PAGE_CELLS * (wide ? sizeof (uint64_t) :
	    sizeof (uint32_t)) + off]);
}

/* Gives page number i a page, spare or new, with every cell untouched. */
static unsigned char *
field_page_new(struct path_field *f, size_t i)
{
	unsigned char	*pg;

	if (f->nspare > 0)
		pg = f->spare[--f->nspare];
	else
		pg = xmalloc(field_page_bytes(f->wide));
	memset(pg, 0xff, PAGE_CELLS * (f->wide ? sizeof (uint64_t) :
	    sizeof (uint32_t)));
	f->pages[i] = pg;
	f->used[f->nused++] = (uint32_t)i;
	return (pg);
}

/* Sets when a computation goes dense: see field-internal.h. */
void
field_set_dense_after(struct path_field *f, uint64_t expansions)
{
	f->dense_after = expansions;
}

/* Sets whether a dense computation may pack: see field-internal.h. */
void
field_set_packing(struct path_field *f, int allow)
{
	f->no_pack = !allow;
}

/*
 * Whether a dense computation on the grid can keep each cell's parent in
 * the low bits of its cost (see the top of the file): every cost it
 * stores must fit above them, and below all ones.
 */
static int
field_packs(const struct path_field *f, const struct path_grid *grid)
{
	return (!f->no_pack && grid_open_cost_bound(grid) <= PACK_MAX);
}

/* Installs a trace: see field.h. */
void
path_field_set_trace(struct path_field *f, path_trace_fn fn, void *ctx)
{
	f->trace = fn;
	f->trace_ctx = ctx;
}

/* Creates a field: see field.h. */
struct path_field *
path_field_new(int width, int height)
{
	struct path_field	*f;
	size_t			 down;

	if (!grid_size_ok(width, height)) {
		grid_new_refused("path_field_new", width, height);
		return (NULL);
	}
	f = xcalloc(1, sizeof *f);
	f->width = width;
	f->height = height;
	f->pages_across = (width + PAGE_SIDE - 1) >> PAGE_SHIFT;
	down = (size_t)((height + PAGE_SIDE - 1) >> PAGE_SHIFT);
	f->npages = (size_t)f->pages_across * down;
	f->pages = xcalloc(f->npages ? f->npages : 1, sizeof *f->pages);
	f->used = xcalloc(f->npages ? f->npages : 1, sizeof *f->used);
	f->spare = xcalloc(f->npages ? f->npages : 1, sizeof *f->spare);
	bucket_init(&f->queue);
	f->complete = 1;
	return (f);
}

/* Frees every page, in use or spare. */
static void
field_drop_pages(struct path_field *f)
{
	size_t	i;

	for (i = 0; i < f->nused; i++) {
		free(f->pages[f->used[i]]);
		f->pages[f->used[i]] = NULL;
	}
	f->nused = 0;
	for (i = 0; i < f->nspare; i++)
		free(f->spare[i]);
	f->nspare = 0;
}

/*
 * Takes the dense costs if the field has none, and the parents' array
 * if the computation does not pack them (freeing it if it does).
 */
static void
field_dense_alloc(struct path_field *f)
{
	if (f->dense == NULL) {
		f->dense_cells = (size_t)(f->width + 2) *
		    (size_t)(f->height + 2);
		/* One more: field_lowers() reads a row of four from x - 1. */
		f->dense = xreallocarray(NULL, f->dense_cells + 1,
		    sizeof *f->dense);
		f->dense[f->dense_cells] = 0;
	}
	if (!f->packed && f->dense_parent == NULL)
		f->dense_parent = xmalloc(f->dense_cells);
	else if (f->packed && f->dense_parent != NULL) {
		free(f->dense_parent);
		f->dense_parent = NULL;
	}
}

/*
 * Takes the dense arrays a computation on the grid needs now and has the
 * next computation start dense on them: see field-internal.h.  They are
 * written here, so that the system supplies their pages now rather than
 * during a search.
 */
void
field_reserve_dense(struct path_field *f, const struct path_grid *grid)
{
	f->packed = field_packs(f, grid);
	field_dense_alloc(f);
	memset(f->dense, 0xff, f->dense_cells * sizeof *f->dense);
	if (f->dense_parent != NULL)
		memset(f->dense_parent, PARENT_NONE, f->dense_cells);
	f->reserved = 1;
}

/* Whether the computation is dense: see field-internal.h. */
int
field_is_dense(const struct path_field *f)
{
	return (f->in_dense);
}

/* Frees the dense arrays, if any. */
static void
field_drop_dense(struct path_field *f)
{
	free(f->dense);
	free(f->dense_parent);
	f->dense = NULL;
	f->dense_parent = NULL;
	f->in_dense = 0;
}

void
path_field_free(struct path_field *f)
{
	if (f == NULL)
		return;
	field_drop_pages(f);
	field_drop_dense(f);
	bucket_free(&f->queue);
	free(f->pages);
	free(f->used);
	free(f->spare);
	free(f);
}

/* Bytes held: see field.h. */
size_t
path_field_memory(const struct path_field *f)
{
	return (sizeof *f + f->npages * (sizeof *f->pages + sizeof *f->used +
	    sizeof *f->spare) + (f->nused + f->nspare) *
	    field_page_bytes(f->wide) + (f->dense != NULL ? (f->dense_cells +
	    1) * sizeof *f->dense : 0) + (f->dense_parent != NULL ?
	    f->dense_cells : 0) + bucket_memory(&f->queue) -
	    sizeof f->queue);
}

/*
 * Gives back the pages of the last search, keeping as spares no more
 * than it used (or SPARE_KEEP), and switches the layout if asked.
 */
static void
field_release(struct path_field *f, int wide)
{
	size_t	i, keep = f->nused > SPARE_KEEP ? f->nused : SPARE_KEEP;

	if (wide != f->wide) {
		field_drop_pages(f);
		f->wide = wide;
		return;
	}
	for (i = 0; i < f->nused; i++) {
		f->spare[f->nspare++] = f->pages[f->used[i]];
		f->pages[f->used[i]] = NULL;
	}
	f->nused = 0;
	while (f->nspare > keep)
		free(f->spare[--f->nspare]);
}

/*
 * The cost of every open cell if they all cost the same, else 0: then a
 * step costs the same whichever cell it enters, and the search need not
 * read the grid's costs at all.
 */
static unsigned
field_uniform_cost(const struct path_grid *grid)
{
	unsigned	c;

	if (!grid_uniform(grid))
		return (0);
	for (c = 1; c < grid->max_cost; c++)
		if (grid->costs[c] != 0)
			break;
	return (c);
}

/* Starts a computation: see field.h. */
int
path_field_begin(struct path_field *f, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy, enum path_field_direction dir)
{
	unsigned char	*pg;
	int		 wide;

	if (grid_check_size(grid, f->width, f->height) != 0) {
		grid_size_refused("path_field_begin", grid, f->width,
		    f->height);
		return (-1);
	}
	f->rules = path_rules_normalize(rules);
	f->direction = dir;
	/* A callback grid: 64-bit costs on pages, the dearest steps' span. */
	f->callback = grid->cost_fn != NULL;
	f->uniform = f->callback ? 0 : field_uniform_cost(grid);
	wide = f->callback || grid_cost_bound(grid) >= UINT32_MAX;
	field_release(f, wide);
	f->packed = !wide && field_packs(f, grid);
	f->dense_from = wide ? UINT64_MAX : f->dense_after != 0 ?
	    f->dense_after : ((uint64_t)f->width * (uint64_t)f->height) / 16 +
	    1;
	/*
	 * After a computation that went dense, or a reservation, the next
	 * starts dense.
	 */
	if (f->dense != NULL && !wide && (f->reserved || (f->in_dense &&
	    f->expanded >= f->dense_from))) {
		field_dense_alloc(f);	/* parents apart, if needed */
		memset(f->dense, 0xff, f->dense_cells * sizeof *f->dense);
		f->in_dense = 1;
	} else if (f->dense != NULL)
		field_drop_dense(f);
	f->reserved = 0;
	bucket_clear(&f->queue, f->callback ? PATH_GRID_MAX_COST :
	    grid->max_cost);
	f->has_source = 0;
	f->complete = 1;
	f->expanded = 0;
	f->generation++;
	if (!path_grid_contains(grid, sx, sy) ||
	    grid->cells[grid_index(grid, sx, sy)] == 0)
		return (0);
	f->has_source = 1;
	f->complete = 0;
	if (f->in_dense) {
		f->dense[field_dense_of(f, sx, sy)] = 0;
		if (!f->packed)
			f->dense_parent[field_dense_of(f, sx, sy)] =
			    PARENT_NONE;
	} else {
		pg = field_page_new(f, field_page_of(f, sx, sy));
		field_store(pg, field_offset(sx, sy), 0, PARENT_NONE, f->wide);
	}
	bucket_push(&f->queue, 0, grid_index(grid, sx, sy), sx, sy);
	return (0);
}

/*
 * Adds another source at cost 0 to a field just begun (before any
 * path_field_run()): the field then gives every cell's cost to (or from)
 * the nearest source, as Brogue's and DCSS's multi-goal Dijkstra maps do.
 * A blocked, outside or repeated source is ignored.
 */
void
path_field_add_source(struct path_field *f, const struct path_grid *grid,
    int x, int y)
{
	unsigned char	*pg;
	size_t		 page;

	if (f->expanded != 0) {
		x_report(X_ERROR_MISUSE, "path_field_add_source: the field "
		    "began to run: ignored");
		return;
	}
	if (grid_check_size(grid, f->width, f->height) != 0) {
		grid_size_refused("path_field_add_source", grid, f->width,
		    f->height);
		return;		/* another grid: ignored */
	}
	if (!path_grid_contains(grid, x, y) ||
	    grid->cells[grid_index(grid, x, y)] == 0)
		return;
	if (f->in_dense) {
		if (field_dense_cost(f, field_dense_of(f, x, y)) == 0)
			return;
		f->has_source = 1;
		f->complete = 0;
		f->dense[field_dense_of(f, x, y)] = 0;
		if (!f->packed)
			f->dense_parent[field_dense_of(f, x, y)] = PARENT_NONE;
		bucket_push(&f->queue, 0, grid_index(grid, x, y), x, y);
		return;
	}
	page = field_page_of(f, x, y);
	if ((pg = f->pages[page]) == NULL)
		pg = field_page_new(f, page);
	else if (field_raw(pg, field_offset(x, y), f->wide) == 0)
		return;
	f->has_source = 1;
	f->complete = 0;
	field_store(pg, field_offset(x, y), 0, PARENT_NONE, f->wide);
	bucket_push(&f->queue, 0, grid_index(grid, x, y), x, y);
}

/* Whether an inside cell's value is final (see the top of the file). */
static inline int
field_final(const struct path_field *f, int x, int y)
{
	const unsigned char	*pg;
	uint64_t		 d;

	if (f->complete)
		return (1);
	if (f->in_dense)
		d = field_dense_cost(f, field_dense_of(f, x, y));
	else {
		pg = f->pages[field_page_of(f, x, y)];
		if (pg == NULL)
			return (0);
		d = field_raw(pg, field_offset(x, y), f->wide);
	}
	return (d != field_unknown(f->wide) &&
	    bucket_of((path_cost)d) <= f->queue.cur);
}

/*
 * Brings the queue to its next valid entry: moves cur to the lowest
 * bucket with entries and drops stale ones (cells whose cost fell into an
 * earlier bucket and were expanded there) from the top of its stack.
 * Returns 1 with a valid entry on top, or 0 once the queue is empty, when
 * the field is complete.  The search calls it before every return, so
 * the state it leaves after n expansions is always the same, however
 * budgets and stopping cells cut the calls that made them (a stale entry
 * the loop dropped on the way is one this would have dropped): that is
 * what lets a restored search replay to exactly where a saved one was.
 */
static inline __attribute__((always_inline)) int
field_next(struct path_field *f, const struct field_layout lay)
{
	struct bucket_queue		*q = &f->queue;
	const struct bucket_entry	*e;

	for (;;) {
		if (!bucket_advance(q)) {
			f->complete = 1;
			return (0);
		}
		e = bucket_top(q);
		if ((lay.cells == FIELD_PACKED ? f->dense[e->id] >> PACK_SHIFT :
		    lay.cells == FIELD_DENSE ? f->dense[e->id] :
		    field_raw(f->pages[field_page_of(f, e->x, e->y)],
		    field_offset(e->x, e->y), lay.wide)) >=
		    q->cur * BUCKET_WIDTH)
			return (1);
		(void)bucket_take(q);
	}
}

/*
 * Offers cell v (at nx,ny; its cost at voff of page vp) the cost nd
 * through its neighbour in direction parent: stores it if lower, and
 * queues v in nd's bucket, bk, unless it already waits there (an old
 * cost below the next bucket's first shares the bucket).
 */
static inline __attribute__((always_inline)) void
field_relax(struct path_field *f, struct path_stats *st, unsigned char *vp,
    unsigned voff, uint64_t nd, uint64_t bk, int parent, uint32_t v, int nx,
    int ny, const int wide)
{
	uint64_t	hi = (bk + 1) * BUCKET_WIDTH;
	uint64_t	old = field_raw(vp, voff, wide);

	if (nd >= old)
		return;
	field_store(vp, voff, nd, parent, wide);
	st->touched += old == field_unknown(wide);
	if (old >= hi) {
		bucket_push(&f->queue, bk, v, nx, ny);
		st->pushes++;
	}
}

/*
 * field_relax() on the dense layout: v is the cell's index, all its
 * queue entry holds (the search needs no coordinates there).
 */
static inline __attribute__((always_inline)) void
field_relax_dense(struct path_field *f, uint32_t *dense,
    unsigned char *dense_parent, struct path_stats *st, uint64_t nd,
    uint64_t bk, int parent, uint32_t v)
{
	uint64_t	hi = (bk + 1) * BUCKET_WIDTH;
	uint32_t	old = dense[v];

	if (nd >= old)
		return;
	dense[v] = (uint32_t)nd;
	dense_parent[v] = (unsigned char)parent;
	st->touched += old == UINT32_MAX;
	if (old >= hi) {
		bucket_push_id(&f->queue, bk, v);
		st->pushes++;
	}
}

/*
 * Which neighbours of the dense cell at c (rows s apart) a cost of orth
 * through an orthogonal step, or diag through a diagonal one, would
 * lower, as a mask in grid_step_mask()'s bit order: the test of
 * field_relax_dense() for all eight at once, before any of them is
 * written (they are eight different cells, so one's store cannot change
 * another's test).  With SSE2, three rows of four costs are compared at
 * once (unsigned, by flipping the sign bits) and each lane weighted by
 * its step's bit; the fourth lane and the cell itself weigh nothing.
 * Both costs must fit 32 bits, which they do where fields go dense.
 */
static inline __attribute__((always_inline)) unsigned
field_lowers(const uint32_t *c, uint32_t s, uint32_t orth, uint32_t diag)
{
#if defined(__SSE2__)
	const __m128i	flip = _mm_set1_epi32(INT32_MIN);
	__m128i		o, d, side, corner, above, row, below;

	o = _mm_xor_si128(_mm_cvtsi32_si128((int)orth), flip);
	d = _mm_xor_si128(_mm_cvtsi32_si128((int)diag), flip);
	corner = _mm_unpacklo_epi32(d, o);		/* diag, orth */
	corner = _mm_unpacklo_epi64(corner, corner);	/* and again */
	side = _mm_shuffle_epi32(o, 0);
	above = _mm_loadu_si128((const __m128i *)(const void *)(c - s - 1));
	row = _mm_loadu_si128((const __m128i *)(const void *)(c - 1));
	below = _mm_loadu_si128((const __m128i *)(const void *)(c + s - 1));
	above = _mm_and_si128(_mm_cmpgt_epi32(_mm_xor_si128(above, flip),
	    corner), _mm_setr_epi32(0x80, 0x01, 0x10, 0));
	row = _mm_and_si128(_mm_cmpgt_epi32(_mm_xor_si128(row, flip), side),
	    _mm_setr_epi32(0x08, 0, 0x02, 0));
	below = _mm_and_si128(_mm_cmpgt_epi32(_mm_xor_si128(below, flip),
	    corner), _mm_setr_epi32(0x40, 0x04, 0x20, 0));
	above = _mm_or_si128(_mm_or_si128(above, row), below);
	above = _mm_or_si128(above, _mm_shuffle_epi32(above,
	    _MM_SHUFFLE(1, 0, 3, 2)));
	above = _mm_or_si128(above, _mm_shuffle_epi32(above,
	    _MM_SHUFFLE(2, 3, 0, 1)));
	return ((unsigned)_mm_cvtsi128_si32(above));
#else
	const uint32_t	*up = c - s, *down = c + s;

	return ((unsigned)(up[0] > orth) | (unsigned)(c[1] > orth) << 1 |
	    (unsigned)(down[0] > orth) << 2 | (unsigned)(c[-1] > orth) << 3 |
	    (unsigned)(up[1] > diag) << 4 | (unsigned)(down[1] > diag) << 5 |
	    (unsigned)(down[-1] > diag) << 6 | (unsigned)(up[-1] > diag) << 7);
#endif
}

/*
 * field_relax_dense() with the parent packed into the cost, as the step
 * (bit of grid_step_mask()) that reached v: one word written, not two.
 * A tie keeps the old parent, as in the other layouts; every cost
 * offered to a cell not yet final fits (field_packs()).
 */
static inline __attribute__((always_inline)) void
field_relax_packed(struct path_field *f, uint32_t *dense,
    struct path_stats *st, uint64_t nd, uint64_t bk, unsigned step,
    uint32_t v)
{
	uint64_t	key = nd << PACK_SHIFT;
	uint64_t	hi = (bk + 1) * BUCKET_WIDTH << PACK_SHIFT;
	uint32_t	old = dense[v];

	if ((key | PACK_STEP) >= old)
		return;
	dense[v] = (uint32_t)(key | step);
	st->touched += old == UINT32_MAX;
	if (old >= hi) {
		bucket_push_id(&f->queue, bk, v);
		st->pushes++;
	}
}

/*
 * The state of a search loop, shared by its steps below: what it reads at
 * every expansion, how many it made, and the bucket being emptied, which
 * gets no pushes meanwhile and so is kept at hand.  A local of
 * field_search(), into which every step is forced inline, so that the
 * compiler keeps its members in registers as it would plain locals.
 */
struct field_loop {
	struct bucket_queue	*q;
	unsigned char		**pages;
	uint32_t		*dc;		/* dense costs */
	unsigned char		*dp;		/* dense parents, or NULL */
	const uint8_t		*cells;		/* the grid's costs */
	uint32_t		 s;		/* the grid's stride */
	enum path_diagonal	 rule;
	uint64_t		 diag;		/* a diagonal step's base */
	uint64_t		 uniform;	/* f->uniform, read once */
	uint32_t		 step[8];	/* index offsets, by step bit */
	unsigned long		 done;		/* expansions */
	struct bucket		*cb;		/* bucket cur */
	uint64_t		 lo;		/* its first cost (packed: the
						   word) */
};

/* The cell a search expands, and the costs it offers its neighbours. */
struct field_cell {
	struct bucket_entry	 e;
	unsigned char		*pg;		/* its page (paged layout) */
	unsigned		 off;		/* its offset there */
	uint64_t		 du;		/* its cost */
	uint64_t		 nd[2];		/* through an orthogonal and a
						   diagonal step */
	uint64_t		 bk[2];		/* their buckets */
	int			 inner;		/* away from its page's edge */
	/* If not, the pages and offsets of the rows and columns round it. */
	size_t			 prow[3], pcol[3];
	unsigned		 orow[3], ocol[3];
};

/* Takes the bucket now to be emptied in hand. */
static inline __attribute__((always_inline)) void
field_loop_bucket(struct field_loop *lp, const struct field_layout lay)
{
	lp->cb = bucket_at(lp->q, lp->q->cur);
	lp->lo = lp->q->cur * BUCKET_WIDTH << (lay.cells == FIELD_PACKED ?
	    PACK_SHIFT : 0);
}

/* Sets a search loop up on the field's state and the grid. */
static inline __attribute__((always_inline)) void
field_loop_begin(struct field_loop *lp, struct path_field *f,
    const struct path_grid *grid, const struct field_layout lay)
{
	int	k;

	lp->q = &f->queue;
	lp->pages = f->pages;
	lp->dc = f->dense;
	lp->dp = f->dense_parent;
	lp->cells = grid->cells;
	lp->s = (uint32_t)grid->stride;
	lp->rule = f->rules.diagonal;
	lp->diag = (uint64_t)grid_diag_base(f->rules.movement);
	lp->uniform = f->uniform;
	for (k = 0; k < 8; k++)
		lp->step[k] = (uint32_t)(grid_step_dy[k] * (int32_t)lp->s +
		    grid_step_dx[k]);
	lp->done = 0;
	field_loop_bucket(lp, lay);
}

/* Whether the search has come to where it was asked to stop. */
static inline __attribute__((always_inline)) int
field_stopped(const struct path_field *f, const struct field_stop *stop)
{
	return ((stop->at_cell && field_final(f, stop->x, stop->y)) ||
	    f->queue.cur >= stop->bucket);
}

/*
 * Takes the top entry off the bucket in hand into u, with its cell's
 * cost; returns 0 if the entry is stale (its cell was expanded in an
 * earlier bucket), else 1.
 */
static inline __attribute__((always_inline)) int
field_pop(const struct path_field *f, struct field_loop *lp,
    struct field_cell *u, const struct field_layout lay)
{
	u->e = lp->cb->e[--lp->cb->n];
	lp->q->count--;
	if (lay.cells != FIELD_PAGES) {
		u->pg = NULL;
		u->off = 0;
		u->du = lp->dc[u->e.id];
	} else {
		u->pg = lp->pages[field_page_of(f, u->e.x, u->e.y)];
		u->off = field_offset(u->e.x, u->e.y);
		u->du = field_raw(u->pg, u->off, lay.wide);
	}
	if (u->du < lp->lo)
		return (0);
	if (lay.cells == FIELD_PACKED)
		u->du >>= PACK_SHIFT;
	return (1);
}

/* Tells the trace of an expansion (dense entries hold the index alone). */
static void
field_trace_expand(const struct path_field *f, struct bucket_entry e,
    uint32_t s, uint64_t du, int dense)
{
	if (dense) {
		e.x = (uint16_t)(e.id % s - 1);
		e.y = (uint16_t)(e.id / s - 1);
	}
	f->trace(f->trace_ctx, PATH_TRACE_EXPAND, e.x, e.y, (path_cost)du, 0,
	    e.x, e.y);
}

/*
 * Where a step costs what the cell it leaves costs: the two costs the
 * cell offers every neighbour, through an orthogonal step and through a
 * diagonal one, and their buckets, worked out once for all eight.
 */
static inline __attribute__((always_inline)) void
field_offers(const struct path_field *f, const struct field_loop *lp,
    struct field_cell *u, const struct field_layout lay)
{
	const uint64_t	c = lay.uniform ? lp->uniform : lp->cells[u->e.id];

	u->nd[0] = u->du + PATH_COST_ORTHO * c;
	u->nd[1] = u->du + lp->diag * c;
	/* du lies in bucket cur (else it is stale). */
	u->bk[0] = lp->q->cur + c;
	u->bk[1] = lp->diag == PATH_COST_ORTHO ? u->bk[0] :
	    bucket_of((path_cost)u->nd[1]);
}

/* The pages and offsets of the rows and columns round a cell. */
static inline __attribute__((always_inline)) void
field_around(const struct path_field *f, struct field_cell *u)
{
	int	k;

	for (k = 0; k < 3; k++) {
		u->prow[k] = (size_t)((u->e.y + k - 1) >> PAGE_SHIFT) *
		    (size_t)f->pages_across;
		u->pcol[k] = (size_t)((u->e.x + k - 1) >> PAGE_SHIFT);
		u->orow[k] = (unsigned)((u->e.y + k - 1) & (PAGE_SIDE - 1)) <<
		    PAGE_SHIFT;
		u->ocol[k] = (unsigned)((u->e.x + k - 1) & (PAGE_SIDE - 1));
	}
}

/*
 * Offers the dense neighbours of steps m the cell's two costs: only the
 * steps whose neighbour the cost would lower (field_lowers()) are taken,
 * in their bit order.  Packed, a cost lowers a word above it with all
 * step bits set; one too dear to pack lowers nothing.
 */
static inline __attribute__((always_inline)) void
field_relax_lowered(struct path_field *f, struct field_loop *lp,
    const struct field_cell *u, unsigned m, struct path_stats *counts,
    const struct field_layout lay)
{
	uint64_t	orth = u->nd[0], diag = u->nd[1];
	int		k;

	if (lay.cells == FIELD_PACKED) {
		orth = orth << PACK_SHIFT | PACK_STEP;
		diag = diag << PACK_SHIFT | PACK_STEP;
		orth = orth < UINT32_MAX ? orth : UINT32_MAX;
		diag = diag < UINT32_MAX ? diag : UINT32_MAX;
	}
	m &= field_lowers(lp->dc + u->e.id, lp->s, (uint32_t)orth,
	    (uint32_t)diag);
	while (m != 0) {
		k = __builtin_ctz(m);
		m &= m - 1;
		if (lay.cells == FIELD_PACKED)
			field_relax_packed(f, lp->dc, counts, u->nd[k >> 2],
			    u->bk[k >> 2], (unsigned)k, u->e.id + lp->step[k]);
		else
			field_relax_dense(f, lp->dc, lp->dp, counts,
			    u->nd[k >> 2], u->bk[k >> 2], field_step_parent[k],
			    u->e.id + lp->step[k]);
	}
}

/*
 * Offers the neighbour of step bit (dx,dy), diagonal if dg, its cost
 * through the cell, if bit is in m: called with constants, once for each
 * step (field_relax_each()), so that every offset is a constant.
 */
static inline __attribute__((always_inline)) void
field_relax_step(struct path_field *f, struct field_loop *lp,
    struct field_cell *u, unsigned m, struct path_stats *counts,
    const int bit, const int dx, const int dy, const int dg,
    const struct field_layout lay)
{
	const int	parent = (1 - dy) * 3 + (1 - dx);
	uint32_t	v;
	unsigned char	*vp;
	unsigned	voff;
	size_t		page;

	if (!(m & (1u << bit)))
		return;
	v = u->e.id + (uint32_t)(dy * (int32_t)lp->s + dx);
	if (!lay.to_source && !lay.uniform) {
		u->nd[dg] = u->du + (dg ? lp->diag : PATH_COST_ORTHO) *
		    lp->cells[v];
		u->bk[dg] = bucket_of((path_cost)u->nd[dg]);
	}
	if (lay.cells == FIELD_PACKED) {
		field_relax_packed(f, lp->dc, counts, u->nd[dg],
		    u->bk[dg], (unsigned)bit, v);
		return;
	}
	if (lay.cells == FIELD_DENSE) {
		field_relax_dense(f, lp->dc, lp->dp, counts, u->nd[dg],
		    u->bk[dg], parent, v);
		return;
	}
	if (u->inner) {
		vp = u->pg;
		voff = u->off + (unsigned)(dy * PAGE_SIDE + dx);
	} else {
		page = u->prow[dy + 1] + u->pcol[dx + 1];
		if ((vp = lp->pages[page]) == NULL)
			vp = field_page_new(f, page);
		voff = u->orow[dy + 1] | u->ocol[dx + 1];
	}
	field_relax(f, counts, vp, voff, u->nd[dg], u->bk[dg], parent, v,
	    u->e.x + dx, u->e.y + dy, lay.wide);
}

/* field_relax_step() as GRID_EACH_STEP names it, in field_relax_each(). */
#define FIELD_RELAX_STEP(BIT, DX, DY, DG)				\
	field_relax_step(f, lp, u, m, counts, (BIT), (DX), (DY), (DG), lay)

/* Offers the neighbour of every step in m its cost, one step at a time. */
static inline __attribute__((always_inline)) void
field_relax_each(struct path_field *f, struct field_loop *lp,
    struct field_cell *u, unsigned m, struct path_stats *counts,
    const struct field_layout lay)
{
	GRID_EACH_STEP(FIELD_RELAX_STEP, m);
}

#undef FIELD_RELAX_STEP

/*
 * Expands the cell u: counts and traces it, then offers each neighbour a
 * legal step leads to its cost through u.  Towards the source (or on
 * uniform costs) every step out of u costs u's cost, so the two
 * candidate costs are worked out once, and on the dense layouts the
 * neighbours they lower are picked out all at once.  A cell away from
 * its page's edge finds its neighbours in its own page, by offset.
 */
static inline __attribute__((always_inline)) void
field_expand(struct path_field *f, const struct path_grid *grid,
    struct field_loop *lp, struct field_cell *u, struct path_stats *counts,
    const struct field_layout lay)
{
	unsigned	m;

	lp->done++;
	if (f->trace != NULL)
		field_trace_expand(f, u->e, lp->s, u->du,
		    lay.cells != FIELD_PAGES);
	if (lay.to_source || lay.uniform)
		field_offers(f, lp, u, lay);
	u->inner = lay.cells != FIELD_PAGES ||
	    ((unsigned)((u->e.x & (PAGE_SIDE - 1)) - 1) < PAGE_SIDE - 2 &&
	    (unsigned)((u->e.y & (PAGE_SIDE - 1)) - 1) < PAGE_SIDE - 2);
	if (!u->inner)
		field_around(f, u);
	m = grid_step_mask(grid->open, u->e.id, lp->rule);
	if (lay.cells != FIELD_PAGES && (lay.to_source || lay.uniform))
		field_relax_lowered(f, lp, u, m, counts, lay);
	else
		field_relax_each(f, lp, u, m, counts, lay);
}

/*
 * The bucket in hand is empty: takes the next one in hand and returns -1
 * to go on, or what field_search() returns, 1 when the field is complete
 * or the search has come to its stop, 2 when the computation is big
 * enough to go dense (see the top of the file).  Either way the queue is
 * left at its next valid entry (field_next()).
 */
static inline __attribute__((always_inline)) int
field_bucket_done(struct path_field *f, struct field_loop *lp,
    const struct field_stop *stop, const struct field_layout lay)
{
	if (!bucket_advance(lp->q)) {
		f->complete = 1;
		return (1);
	}
	if (field_stopped(f, stop)) {
		(void)field_next(f, lay);
		return (1);
	}
	if (lay.cells == FIELD_PAGES && f->expanded + lp->done >=
	    f->dense_from) {
		(void)field_next(f, lay);
		return (2);
	}
	field_loop_bucket(lp, lay);
	return (-1);
}

/*
 * The search loop, one copy for each layout it is forced inline with:
 * expands cells bucket by bucket until the field is complete, the stop
 * is reached (returning 1), the budget runs out (0), or a paged
 * computation grows big enough to go dense (2).  The counts live in
 * locals until the end, written back once: through st they would be
 * stored at every step, since the compiler cannot prove st aliases no
 * cell.  The counts of cells touched and pushed are a local of their own,
 * not members of the loop's state: there the compiler kept them in memory,
 * and the field planner ran 2% slower on chase-std.
 */
static inline __attribute__((always_inline)) int
field_search(struct path_field *f, const struct path_grid *grid,
    const struct field_stop stop, struct path_stats *st,
    const struct field_layout lay)
{
	struct field_loop	lp;
	struct field_cell	u;
	struct path_stats	counts = { 0, 0, 0 };	/* touched, pushes */
	int			ret;

	if (f->complete || !field_next(f, lay) || field_stopped(f, &stop))
		return (1);
	field_loop_begin(&lp, f, grid, lay);
	for (;;) {
		if (stop.budget != 0 && lp.done == stop.budget) {
			ret = field_next(f, lay) ? 0 : 1;
			break;
		}
		if (field_pop(f, &lp, &u, lay))
			field_expand(f, grid, &lp, &u, &counts, lay);
		if (lp.cb->n == 0 &&
		    (ret = field_bucket_done(f, &lp, &stop, lay)) >= 0)
			break;
	}
	st->expansions += lp.done;
	st->touched += counts.touched;
	st->pushes += counts.pushes;
	f->expanded += lp.done;
	return (ret);
}

/*
 * Moves a computation in progress to the dense layout (see the top of
 * the file): every touched cell's cost and parent copied from its page,
 * the pages given back as spares.
 */
static void
field_densify(struct path_field *f)
{
	const unsigned char	*pg;
	size_t			 i, k, at;
	unsigned		 off;
	uint32_t		 d;
	int			 x0, y0, x, y;

	field_dense_alloc(f);
	memset(f->dense, 0xff, f->dense_cells * sizeof *f->dense);
	for (i = 0; i < f->nused; i++) {
		k = f->used[i];
		pg = f->pages[k];
		x0 = (int)(k % (size_t)f->pages_across) << PAGE_SHIFT;
		y0 = (int)(k / (size_t)f->pages_across) << PAGE_SHIFT;
		for (off = 0; off < PAGE_CELLS; off++) {
			x = x0 + (int)(off & (PAGE_SIDE - 1));
			y = y0 + (int)(off >> PAGE_SHIFT);
			d = (uint32_t)field_raw(pg, off, 0);
			if (d == UINT32_MAX || x >= f->width || y >= f->height)
				continue;
			at = field_dense_of(f, x, y);
			if (f->packed)
				f->dense[at] = d << PACK_SHIFT |
				    field_parent_step[field_parent(pg, off,
				    0)];
			else {
				f->dense[at] = d;
				f->dense_parent[at] = (unsigned char)
				    field_parent(pg, off, 0);
			}
		}
		f->spare[f->nspare++] = f->pages[k];
		f->pages[k] = NULL;
	}
	f->nused = 0;
	f->in_dense = 1;
}

/*
 * The search loop's copy for a dense computation's layout and direction
 * (on uniform costs both directions are the same search).
 */
static int
field_search_dense(struct path_field *f, const struct path_grid *grid,
    const struct field_stop stop, struct path_stats *stats)
{
	const int	to = f->direction == PATH_FIELD_TO_SOURCE;

	if (f->packed && f->uniform != 0)
		return (field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_PACKED,
		    .to_source = 1, .uniform = 1 }));
	if (f->packed)
		return (to ? field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_PACKED,
		    .to_source = 1 }) : field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_PACKED }));
	if (f->uniform != 0)
		return (field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_DENSE,
		    .to_source = 1, .uniform = 1 }));
	return (to ? field_search(f, grid, stop, stats, (struct field_layout){
	    .cells = FIELD_DENSE, .to_source = 1 }) : field_search(f, grid,
	    stop, stats, (struct field_layout){ .cells = FIELD_DENSE }));
}

/*
 * Expands cell u of a field on a callback grid (grid.h): the steps out of
 * it (from the source) or into it (to the source) with the costs the
 * callback gives, on 64-bit pages.  Every cost is at least BUCKET_WIDTH,
 * so the bucket queue stays exact (see the top of the file).  Returns 0,
 * or -1 when the callback gave a cost out of range.
 */
static int
field_expand_callback(struct path_field *f, const struct path_grid *grid,
    struct field_loop *lp, const struct field_cell *u,
    struct path_stats *counts)
{
	struct grid_cb_step	 steps[8];
	unsigned char		*vp;
	uint64_t		 nd;
	size_t			 page;
	int			 i, n, dx, dy, nx, ny;

	lp->done++;
	if (f->trace != NULL)
		field_trace_expand(f, u->e, lp->s, u->du, 0);
	n = grid_callback_steps(grid, f->rules, u->e.x, u->e.y,
	    f->direction == PATH_FIELD_TO_SOURCE, "path_field_run", steps);
	if (n < 0)
		return (-1);
	for (i = 0; i < n; i++) {
		dx = grid_step_dx[steps[i].dir];
		dy = grid_step_dy[steps[i].dir];
		nx = u->e.x + dx;
		ny = u->e.y + dy;
		nd = u->du + (uint64_t)steps[i].cost;
		page = field_page_of(f, nx, ny);
		if ((vp = lp->pages[page]) == NULL)
			vp = field_page_new(f, page);
		field_relax(f, counts, vp, field_offset(nx, ny), nd,
		    bucket_of((path_cost)nd), (1 - dy) * 3 + (1 - dx),
		    u->e.id + lp->step[steps[i].dir], nx, ny, 1);
	}
	return (0);
}

/*
 * field_search() on a callback grid: always paged and wide (begin saw to
 * it), each expansion asking the callback.  Returns as field_search()
 * does, or -1 when the callback gave a cost out of range (the field is
 * then to be begun again).
 */
static int
field_search_callback(struct path_field *f, const struct path_grid *grid,
    const struct field_stop stop, struct path_stats *st)
{
	const struct field_layout lay = { .cells = FIELD_PAGES, .wide = 1 };
	struct field_loop	lp;
	struct field_cell	u;
	struct path_stats	counts = { 0, 0, 0 };
	int			ret;

	if (f->complete || !field_next(f, lay) || field_stopped(f, &stop))
		return (1);
	field_loop_begin(&lp, f, grid, lay);
	for (;;) {
		if (stop.budget != 0 && lp.done == stop.budget) {
			ret = field_next(f, lay) ? 0 : 1;
			break;
		}
		if (field_pop(f, &lp, &u, lay) &&
		    field_expand_callback(f, grid, &lp, &u, &counts) != 0) {
			ret = -1;
			break;
		}
		if (lp.cb->n == 0 &&
		    (ret = field_bucket_done(f, &lp, &stop, lay)) >= 0)
			break;
	}
	st->expansions += lp.done;
	st->touched += counts.touched;
	st->pushes += counts.pushes;
	f->expanded += lp.done;
	return (ret);
}

/* The search loop's copy for a paged computation's width and direction. */
static int
field_search_paged(struct path_field *f, const struct path_grid *grid,
    const struct field_stop stop, struct path_stats *stats)
{
	if (f->direction == PATH_FIELD_TO_SOURCE)
		return (f->wide ? field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_PAGES, .wide = 1,
		    .to_source = 1 }) : field_search(f, grid, stop, stats,
		    (struct field_layout){ .cells = FIELD_PAGES,
		    .to_source = 1 }));
	return (f->wide ? field_search(f, grid, stop, stats,
	    (struct field_layout){ .cells = FIELD_PAGES, .wide = 1 }) :
	    field_search(f, grid, stop, stats, (struct field_layout){
	    .cells = FIELD_PAGES }));
}

/*
 * Runs the search on whichever layout the field has until the stop; a
 * paged computation that goes dense on the way goes on there with what
 * is left of the budget.
 */
static int
field_run(struct path_field *f, const struct path_grid *grid,
    struct field_stop stop, struct path_stats *stats)
{
	struct path_stats	local;
	uint64_t		before = f->expanded;
	int			ret;

	if (grid_check_size(grid, f->width, f->height) != 0) {
		grid_size_refused("path_field_run", grid, f->width, f->height);
		return (-1);
	}
	if ((grid->cost_fn != NULL) != f->callback) {
		x_report(X_ERROR_MISUSE, "path_field_run: a grid %s costs "
		    "from a callback for a field begun on one %s", f->callback ?
		    "without" : "with", f->callback ? "with" : "without");
		return (-1);
	}
	if (stats == NULL) {
		memset(&local, 0, sizeof local);
		stats = &local;
	}
	if (f->callback)
		return (field_search_callback(f, grid, stop, stats));
	if (f->in_dense)
		return (field_search_dense(f, grid, stop, stats));
	ret = field_search_paged(f, grid, stop, stats);
	if (ret != 2)
		return (ret);
	/* Gone dense between two buckets: the rest of the budget there. */
	field_densify(f);
	if (stop.budget == 0)
		return (field_run(f, grid, stop, stats));
	if (f->expanded - before < stop.budget) {
		stop.budget -= (unsigned long)(f->expanded - before);
		return (field_run(f, grid, stop, stats));
	}
	/* The budget ran out. */
	return (field_next(f, (struct field_layout){ .cells = f->packed ?
	    FIELD_PACKED : FIELD_DENSE }) ? 0 : 1);
}

/* Continues a computation: see field.h. */
int
path_field_run(struct path_field *f, const struct path_grid *grid,
    unsigned long budget, struct path_stats *stats)
{
	return (field_run(f, grid, (struct field_stop){ .budget = budget,
	    .bucket = UINT64_MAX }, stats));
}

/* Continues a computation until a cell is final: see field.h. */
int
path_field_run_to(struct path_field *f, const struct path_grid *grid,
    unsigned long budget, int x, int y, struct path_stats *stats)
{
	struct field_stop	stop = { .budget = budget,
				     .bucket = UINT64_MAX };

	if (x >= 0 && y >= 0 && x < f->width && y < f->height) {
		stop.at_cell = 1;
		stop.x = x;
		stop.y = y;
	}
	return (field_run(f, grid, stop, stats));
}

/*
 * Continues a computation until every cell whose cost is at most bound
 * is final: see field.h.  That is so once the bucket of bound comes up
 * (a cell whose true cost lies in the current bucket or an earlier one
 * is final, as the top of the file shows).
 */
int
path_field_run_within(struct path_field *f, const struct path_grid *grid,
    unsigned long budget, path_cost bound, struct path_stats *stats)
{
	if (bound < 0)
		return (1);
	return (field_run(f, grid, (struct field_stop){ .budget = budget,
	    .bucket = bucket_of(bound) }, stats));
}

/* Computes a whole field: see field.h. */
int
path_field_compute(struct path_field *f, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy,
    enum path_field_direction dir, struct path_stats *stats)
{
	struct path_stats	local;
	int			ret;

	memset(&local, 0, sizeof local);
	if (path_field_begin(f, grid, rules, sx, sy, dir) != 0)
		return (-1);
	if (f->has_source)
		local.touched = local.pushes = 1;
	ret = path_field_run(f, grid, 0, &local);
	if (stats != NULL)
		*stats = local;
	return (ret < 0 ? -1 : 0);
}

/* Whether the field is complete: see field.h. */
int
path_field_complete(const struct path_field *f)
{
	return (f->complete);
}

/* Cells expanded since the computation began: see field.h. */
uint64_t
path_field_expanded(const struct path_field *f)
{
	return (f->expanded);
}

/* Cost between a cell and the source: see field.h. */
path_cost
path_field_get(const struct path_field *f, int x, int y)
{
	const unsigned char	*pg;
	uint64_t		 d;

	if (x < 0 || y < 0 || x >= f->width || y >= f->height)
		return (PATH_COST_NONE);
	if (f->in_dense) {
		d = field_dense_cost(f, field_dense_of(f, x, y));
		return (d == UINT32_MAX ? PATH_COST_NONE : (path_cost)d);
	}
	pg = f->pages[field_page_of(f, x, y)];
	if (pg == NULL)
		return (PATH_COST_NONE);
	d = field_raw(pg, field_offset(x, y), f->wide);
	return (d == field_unknown(f->wide) ? PATH_COST_NONE : (path_cost)d);
}

/* How many computations the field has begun: see field.h. */
uint64_t
path_field_generation(const struct path_field *f)
{
	return (f->generation);
}

/* Whether a cell's value is final: see field.h. */
int
path_field_settled(const struct path_field *f, int x, int y)
{
	if (x < 0 || y < 0 || x >= f->width || y >= f->height)
		return (0);
	return (field_final(f, x, y));
}

/* Next step towards the source: see field.h. */
int
path_field_next_step(const struct path_field *f, const struct path_grid *grid,
    int x, int y, int *nx, int *ny)
{
	const unsigned char	*pg;
	path_cost		 here;
	int			 parent, step;

	(void)grid;
	if (f->direction != PATH_FIELD_TO_SOURCE ||
	    (here = path_field_get(f, x, y)) == PATH_COST_NONE || here == 0 ||
	    !field_final(f, x, y))
		return (-1);
	if (f->in_dense && f->packed) {
		/* The parent is one step back. */
		step = (int)(f->dense[field_dense_of(f, x, y)] & PACK_STEP);
		*nx = x - grid_step_dx[step];
		*ny = y - grid_step_dy[step];
		return (0);
	}
	if (f->in_dense)
		parent = f->dense_parent[field_dense_of(f, x, y)];
	else {
		pg = f->pages[field_page_of(f, x, y)];
		parent = field_parent(pg, field_offset(x, y), f->wide);
	}
	if (parent == PARENT_NONE || parent > 8)
		return (-1);
	*nx = x + parent % 3 - 1;
	*ny = y + parent / 3 - 1;
	return (0);
}

/*
 * The walk down a field, specialised on the page layout: a path stays
 * inside one page for up to sixteen steps, so the page is looked up
 * again only when the walk leaves it.
 */
static inline __attribute__((always_inline)) size_t
field_walk(const struct path_field *f, int x, int y, struct path_point *out,
    size_t max, const int wide)
{
	static const int8_t	 step_x[9] = { -1, 0, 1, -1, 0, 1, -1, 0, 1 };
	static const int8_t	 step_y[9] = { -1, -1, -1, 0, 0, 0, 1, 1, 1 };
	const size_t		 parents = PAGE_CELLS * (wide ?
				     sizeof (uint64_t) : sizeof (uint32_t));
	const unsigned char	*pg = NULL;
	size_t			 n = 0, page = SIZE_MAX, at;
	size_t			 guard = (size_t)f->width * f->height;
	uint32_t		 d;
	int			 parent;

	for (;;) {
		if (n < max) {
			out[n].x = x;
			out[n].y = y;
		}
		if (++n > guard)
			xfatal("a field's parents make a cycle at (%d,%d)", x,
			    y);
		if (f->in_dense && f->packed) {
			d = f->dense[field_dense_of(f, x, y)];
			if (d <= PACK_STEP)
				return (n);	/* cost 0: a source */
			x -= grid_step_dx[d & PACK_STEP];
			y -= grid_step_dy[d & PACK_STEP];
			continue;
		}
		if (f->in_dense) {
			parent = f->dense_parent[field_dense_of(f, x, y)];
			if (parent == PARENT_NONE)
				return (n);
			x += step_x[parent];
			y += step_y[parent];
			continue;
		}
		at = field_page_of(f, x, y);
		if (at != page) {
			page = at;
			pg = f->pages[at] + parents;
		}
		parent = pg[field_offset(x, y)];
		if (parent == PARENT_NONE)
			return (n);
		x += step_x[parent];
		y += step_y[parent];
	}
}

/* The path down a field to its source: see field.h. */
size_t
path_field_path(const struct path_field *f, int x, int y,
    struct path_point *out, size_t max)
{
	if (path_field_get(f, x, y) == PATH_COST_NONE || !field_final(f, x, y))
		return (0);
	return (f->wide ? field_walk(f, x, y, out, max, 1) :
	    field_walk(f, x, y, out, max, 0));
}
