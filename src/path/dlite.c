/*
 * dlite.c: paged records, keys and the heap of the D* Lite family.
 *
 * The heap is 4-ary (half the depth of a binary heap, and four 8-byte
 * keys share half a cache line) with lazy deletion (see dlite.h): keys
 * and records are kept in two arrays so that a sift reads keys only.
 * Four sentinel keys, the largest there is, always follow the last one,
 * so a sift compares four children without asking how many there are.
 * A sweep (dlite_sweep) drops the entries of consistent records, merges
 * duplicates through the pages' mark bytes and computes every key again,
 * then heapifies: linear in the heap, run when the heap has doubled
 * since the last sweep, before pages are given back (no entry may name
 * a page that is gone) and whenever keys shift together.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "xmalloc.h"

/*
 * The flags, beside wide, of a save that ends with the heap's size at its
 * last sweep and then with its stale pops and rekeys since (which say
 * when the next sweep reorders it).
 */
#define DLITE_SAVE_SWEPT	2
#define DLITE_SAVE_WASTED	4

/* A loaded km at or above this is damage: a live km stays below it. */
#define DLITE_KM_MAX	DLITE_KM_RENORM_AT

const int16_t dlite_slot_off[8] = {
	-PAGE_SIDE, 1, PAGE_SIDE, -1, 1 - PAGE_SIDE, 1 + PAGE_SIDE,
	PAGE_SIDE - 1, -1 - PAGE_SIDE
};

/*
 * Whether values on this grid, as costs are now, fit narrow records and
 * narrow keys: a value, plus the largest heuristic, plus km before it is
 * reset (which may overshoot by one heuristic), stays below 2^32.
 */
static int
dlite_fits(const struct path_grid *g)
{
	uint64_t	bound = grid_cost_bound(g);
	uint64_t	hmax = (uint64_t)PATH_COST_DIAG *
			    (uint64_t)(g->width + g->height + 2);

	return (bound < (uint64_t)DLITE_VALUE_LIMIT &&
	    2 * bound + (uint64_t)DLITE_RENORM_AT + 2 * PATH_COST_DIAG *
	    (uint64_t)PATH_GRID_MAX_COST + 2 * hmax +
	    (uint64_t)DLITE_KM_RENORM_AT < (uint64_t)DLITE_VALUE_LIMIT);
}

void
dlite_init(struct dlite *d, struct page_pool *pool,
    const struct path_grid *grid, struct path_rules rules)
{
	uint32_t	th;

	memset(d, 0, sizeof *d);
	d->pool = pool;
	d->grid = grid;
	d->rules = rules;
	d->diag = grid_diag_base(rules.movement);
	for (th = 0; th < 8; th++) {
		d->base[th] = th < 4 ? PATH_COST_ORTHO : d->diag;
		d->off[th] = grid_step_dy[th] * grid->stride + grid_step_dx[th];
	}
	d->tiles_w = (uint32_t)(grid->width + 2 + PAGE_SIDE - 1) >> PAGE_SHIFT;
	th = (uint32_t)(grid->height + 2 + PAGE_SIDE - 1) >> PAGE_SHIFT;
	d->ntiles = d->tiles_w * th;
	d->table = xcalloc(d->ntiles, sizeof *d->table);
	d->gen = 1;
	d->wide = !dlite_fits(grid);
}

/* Gives a page's out-of-line values back, if it has them. */
static void
dlite_drop_ext(struct dlite *d, struct cell_page *pg)
{
	if (pg->ext == NULL)
		return;
	free(pg->ext);
	pg->ext = NULL;
	d->next--;
}

/* Gives a page (and its out-of-line values) back to the pool. */
static void
dlite_drop_page(struct dlite *d, uint32_t i)
{
	uint32_t		 pn = d->pages[i];
	struct cell_page	*pg = page_pool_page(d->pool, pn);

	d->table[(uint32_t)(pg->by0 >> PAGE_SHIFT) * d->tiles_w +
	    (uint32_t)(pg->bx0 >> PAGE_SHIFT)] = PAGE_NONE;
	dlite_drop_ext(d, pg);
	page_pool_give(d->pool, pn);
	d->pages[i] = d->pages[--d->npages];
	if (i < d->npages)
		page_pool_page(d->pool, d->pages[i])->slot = i;
}

void
dlite_free(struct dlite *d)
{
	while (d->npages > 0)
		dlite_drop_page(d, d->npages - 1);
	free(d->pages);
	free(d->table);
	free(d->heap_mem);
	memset(d, 0, sizeof *d);
}

/* Writes the four sentinel keys after the last entry. */
static void
dlite_sentinels(struct dlite *d)
{
	uint32_t	i;

	for (i = d->n; i < d->n + 4; i++)
		d->heap[i].key = DLITE_KEY_NONE;
}

/*
 * Gives the heap room for exactly cap entries (sentinels included),
 * keeping its n entries and their sentinels.  Entry i lives at slot i + 3
 * of a 64-byte aligned block, so that the children of entry i, 4i + 1 to
 * 4i + 4, sit in slots 4(i + 1) to 4(i + 1) + 3: one cache line.
 */
static void
dlite_heap_resize(struct dlite *d, uint32_t cap)
{
	struct dlite_entry	*mem;
	size_t			 bytes = ((size_t)cap + 3) * sizeof *mem;

	bytes = (bytes + 63) & ~(size_t)63;
	mem = aligned_alloc(64, bytes);
	if (mem == NULL)
		xfatal("out of memory (%zu bytes for a search's heap)", bytes);
	if (d->heap != NULL)
		memcpy(mem + 3, d->heap, ((size_t)d->n + 4) * sizeof *mem);
	else {
		mem[3].key = mem[4].key = mem[5].key = mem[6].key =
		    DLITE_KEY_NONE;	/* a new heap's sentinels */
	}
	free(d->heap_mem);
	d->heap_mem = mem;
	d->heap = mem + 3;
	d->cap = cap;
}

/* Makes room for n entries and their sentinels. */
static void
dlite_heap_room(struct dlite *d, uint32_t n)
{
	uint32_t	cap;

	if (n + 4 <= d->cap)
		return;
	cap = d->cap ? 2 * d->cap : 256;
	if (cap < n + 4)
		cap = n + 4;
	dlite_heap_resize(d, cap);
}

/* Forgets everything: see dlite.h. */
void
dlite_clear(struct dlite *d)
{
	d->n = 0;
	d->swept_n = 0;
	d->wasted = 0;
	if (d->heap != NULL)
		dlite_sentinels(d);
	d->km = 0;
	if (d->purge)
		while (d->npages > 0)
			dlite_drop_page(d, d->npages - 1);
	if (++d->gen == 0) {
		/* After 2^32 searches, make sure no page claims the new one. */
		while (d->npages > 0)
			dlite_drop_page(d, d->npages - 1);
		d->gen = 1;
	}
	d->wide = !dlite_fits(d->grid);
	d->fresh_ok = !d->wide && d->fq != NULL;
}

/* Whether narrow records no longer suffice: see dlite.h. */
int
dlite_outgrown(const struct dlite *d)
{
	return (!d->wide && !dlite_fits(d->grid));
}

size_t
dlite_memory(const struct dlite *d)
{
	return ((size_t)d->npages * sizeof (struct cell_page) +
	    (size_t)d->next * PAGE_CELLS * sizeof (struct cell_wide) +
	    (size_t)d->ntiles * sizeof *d->table +
	    (size_t)d->pages_cap * sizeof *d->pages +
	    ((size_t)d->cap + 3) * sizeof *d->heap);
}

/*
 * Takes a page's values out of line (every value of a wide planner's
 * pages, or a narrow page whose values span more than 16 bits).
 */
static void
dlite_take_ext(struct dlite *d, struct cell_page *pg)
{
	struct cell_wide	*w;
	uint32_t		 i;

	w = xreallocarray(NULL, PAGE_CELLS, sizeof *w);
	for (i = 0; i < PAGE_CELLS; i++) {
		w[i].g = dlite_value(pg, 0, i);
		w[i].rhs = dlite_value(pg, 1, i);
	}
	for (i = 0; i < PAGE_CELLS; i++)
		pg->v[i].g = pg->v[i].rhs = PAGE_VAL_NONE;
	pg->ext = w;
	d->next++;
}

/* Makes a page current and empty (narrow or wide as the planner is). */
static void
dlite_wipe(struct dlite *d, struct cell_page *pg)
{
	uint32_t	i;

	for (i = 0; i < PAGE_CELLS; i++)
		pg->v[i].g = pg->v[i].rhs = PAGE_VAL_NONE;
	pg->base = PAGE_BASE_NONE;	/* no scan at the first store */
	memset(pg->par, DLITE_NOPAR << 4 | DLITE_NOPAR, sizeof pg->par);
	pg->mark = 0;
	pg->gen = d->gen;
	dlite_drop_ext(d, pg);
	if (d->wide)
		dlite_take_ext(d, pg);
}

/* Creates the page of a cell: see dlite.h. */
uint32_t
dlite_get_slow(struct dlite *d, int bx, int by)
{
	uint32_t		 tile = (uint32_t)(by >> PAGE_SHIFT) *
				    d->tiles_w + (uint32_t)(bx >> PAGE_SHIFT);
	uint32_t		 pn = d->table[tile];
	struct cell_page	*pg;

	if (pn == PAGE_NONE) {
		pn = page_pool_take(d->pool);
		pg = page_pool_page(d->pool, pn);
		pg->ext = NULL;
		pg->bx0 = (uint16_t)(bx & ~(PAGE_SIDE - 1));
		pg->by0 = (uint16_t)(by & ~(PAGE_SIDE - 1));
		if (d->npages == d->pages_cap) {
			d->pages_cap = d->pages_cap ? 2 * d->pages_cap : 16;
			d->pages = xreallocarray(d->pages, d->pages_cap,
			    sizeof *d->pages);
		}
		pg->slot = d->npages;
		d->pages[d->npages++] = pn;
		d->table[tile] = pn;
	} else
		pg = page_pool_page(d->pool, pn);
	dlite_wipe(d, pg);
	return (dlite_find(d, bx, by));
}

/*
 * Stores a value the page's base does not reach (see dlite.h): moves the
 * base if every value of the page, this one included, then lies within
 * 16 bits of it, else takes the page's values out of line.
 */
void
dlite_store_wide(struct dlite *d, struct cell_page *pg, int rhs, uint32_t r,
    path_cost v)
{
	const uint32_t	 at = r & (PAGE_CELLS - 1);
	path_cost	 lo = v, hi = v, w;
	uint32_t	 i;
	uint16_t	 slo = PAGE_VAL_NONE, shi = 0;

	if (!d->wide && v != PATH_COST_NONE && (v < 0 ||
	    v >= DLITE_VALUE_LIMIT))
		xfatal("dlite: value %lld outgrew its narrow record",
		    (long long)v);
	if (pg->ext == NULL) {
		/*
		 * The least and greatest words stored, the one overwritten
		 * aside (none if nothing was stored since the wipe); shi is
		 * one above the greatest, so that infinity (all ones) counts
		 * as 0.
		 */
		if (rhs)
			pg->v[at].rhs = PAGE_VAL_NONE;
		else
			pg->v[at].g = PAGE_VAL_NONE;
		for (i = 0; i < PAGE_CELLS && pg->base != PAGE_BASE_NONE;
		    i++) {
			slo = pg->v[i].g < slo ? pg->v[i].g : slo;
			slo = pg->v[i].rhs < slo ? pg->v[i].rhs : slo;
			shi = (uint16_t)(pg->v[i].g + 1) > shi ?
			    (uint16_t)(pg->v[i].g + 1) : shi;
			shi = (uint16_t)(pg->v[i].rhs + 1) > shi ?
			    (uint16_t)(pg->v[i].rhs + 1) : shi;
		}
		if (slo != PAGE_VAL_NONE) {
			w = (path_cost)pg->base + slo;
			lo = w < lo ? w : lo;
			w = (path_cost)pg->base + shi - 1;
			hi = w > hi ? w : hi;
		}
		if (hi - lo < PAGE_VAL_NONE) {
			/*
			 * Every value fits a base of lo; half the room left
			 * goes below it, for values yet to come.
			 */
			w = (PAGE_VAL_NONE - 1 - (hi - lo)) / 2;
			lo = lo > w ? lo - w : 0;
			for (i = 0; i < PAGE_CELLS && slo != PAGE_VAL_NONE;
			    i++) {
				if (pg->v[i].g != PAGE_VAL_NONE)
					pg->v[i].g = (uint16_t)(pg->v[i].g +
					    pg->base - lo);
				if (pg->v[i].rhs != PAGE_VAL_NONE)
					pg->v[i].rhs = (uint16_t)(pg->v[i].rhs +
					    pg->base - lo);
			}
			pg->base = (uint32_t)lo;
			if (rhs)
				pg->v[at].rhs = (uint16_t)(v - lo);
			else
				pg->v[at].g = (uint16_t)(v - lo);
			return;
		}
		dlite_take_ext(d, pg);
	}
	if (rhs)
		pg->ext[at].rhs = v;
	else
		pg->ext[at].g = v;
}

/* Whether a page of the current generation holds no value and no mark. */
static int
dlite_page_empty(const struct cell_page *pg)
{
	unsigned	acc = PAGE_VAL_NONE;
	int		i;

	if (pg->mark != 0)
		return (0);
	if (pg->ext != NULL) {
		for (i = 0; i < PAGE_CELLS; i++)
			if (pg->ext[i].g != PATH_COST_NONE ||
			    pg->ext[i].rhs != PATH_COST_NONE)
				return (0);
		return (1);
	}
	for (i = 0; i < PAGE_CELLS; i++)
		acc &= (unsigned)pg->v[i].g & pg->v[i].rhs;
	return (acc == PAGE_VAL_NONE);
}


/*
 * Asks for the lines of record r that a sweep reads (its values and its
 * page's header, where the marks are), ahead of the look: a sweep visits
 * records all over the planner's pages, which the other planners' calls
 * since its last one have pushed out of the caches, and waiting for each
 * in turn cost chase-big's mtdstar 2.5% of its time.
 */
static inline void
dlite_prefetch(const struct dlite *d, uint32_t r)
{
	const struct cell_page	*pg = dlite_page(d, r);

	__builtin_prefetch(&pg->v[r & (PAGE_CELLS - 1)]);
	__builtin_prefetch(&pg->mark);
}

/*
 * The child of least key among the four from c (the first on a tie); the
 * sentinels stand in for missing children.
 */
static inline uint32_t
dlite_least_child(const struct dlite_entry *h, uint32_t c)
{
	uint32_t	a = c + (h[c + 1].key < h[c].key);
	uint32_t	b = c + 2 + (h[c + 3].key < h[c + 2].key);

	return (h[b].key < h[a].key ? b : a);
}

/* Moves the key at i, with its record, down to where it belongs. */
static void
dlite_sift_down(struct dlite *d, uint32_t i)
{
	struct dlite_entry	*h = d->heap, e = h[i];
	uint32_t		 c, best;

	for (;;) {
		c = 4 * i + 1;
		if (c >= d->n)
			break;
		best = dlite_least_child(h, c);
		if (h[best].key >= e.key)
			break;
		h[i] = h[best];
		i = best;
	}
	h[i] = e;
}

/* Puts key, with its record r, at hole i or above, where it belongs. */
static inline void
dlite_sift_up(struct dlite *d, uint32_t i, uint64_t key, uint32_t r)
{
	struct dlite_entry	*h = d->heap;
	uint32_t		 parent;

	while (i > 0) {
		parent = (i - 1) / 4;
		if (h[parent].key <= key)
			break;
		h[i] = h[parent];
		i = parent;
	}
	h[i].key = key;
	h[i].ref = r;
}

/* ---------------------------------------------------------------------
 * The fresh search's bucket queue: see dlite.h.
 */

/* Slots at most: a wider window (costly cells) keeps the heap. */
#define FRESH_MAX_SLOTS		(1u << 16)


struct dlite_fresh *
dlite_fresh_new(void)
{
	return (xcalloc(1, sizeof (struct dlite_fresh)));
}

void
dlite_fresh_free(struct dlite_fresh *fq)
{
	dlite_fresh_trim(fq);
	free(fq);
}

/* Gives the queue's arrays back; the next fresh search makes them again. */
void
dlite_fresh_trim(struct dlite_fresh *fq)
{
	if (fq == NULL)
		return;
	free(fq->head);
	free(fq->bits);
	free(fq->ent);
	free(fq->sorted);
	memset(fq, 0, sizeof *fq);
}

size_t
dlite_fresh_memory(const struct dlite_fresh *fq)
{
	if (fq == NULL)
		return (0);
	return (sizeof *fq + (size_t)fq->w * sizeof *fq->head +
	    (size_t)fq->w / 64 * sizeof *fq->bits + (size_t)fq->cap *
	    sizeof *fq->ent + (size_t)fq->sorted_cap * sizeof *fq->sorted);
}

/* Puts an entry in its slot; the key must fit the window. */
void
dlite_fresh_put(struct dlite_fresh *fq, uint64_t key, uint32_t r)
{
	uint32_t	i;

	if (!dlite_fresh_room(fq, &i)) {
		fq->cap = fq->cap ? 2 * fq->cap : 1024;
		fq->ent = xreallocarray(fq->ent, fq->cap, sizeof *fq->ent);
		i = fq->n++;
	}
	dlite_fresh_link(fq, i, key, r);
}

/*
 * Empties a slot whose entries, taken of them, were all looked at: their
 * room goes with the queue's, which the caller empties after the last.
 */
static void
fresh_clear_slot(struct dlite_fresh *fq, uint32_t slot, uint32_t taken)
{
	fq->head[slot] = DLITE_NONE;
	fq->bits[slot >> 6] &= ~(UINT64_C(1) << (slot & 63));
	fq->live -= taken;
}


/*
 * The slots a bucket queue needs on this grid, or 0 if that is too many
 * (or values are wide): keys span at most twice the costliest step (see
 * dlite.h).
 */
static uint32_t
fresh_width(const struct dlite *d)
{
	uint64_t	span;
	uint32_t	w;

	span = 2 * (uint64_t)d->diag * (uint64_t)(d->grid->max_cost ?
	    d->grid->max_cost : 1) + 1;
	for (w = 64; w < span && w < FRESH_MAX_SLOTS; w *= 2)
		;
	return (w < span || d->wide ? 0 : w);
}

/* Empties the queue, with at least w slots, its lowest first key lo. */
static void
fresh_reset(struct dlite_fresh *fq, uint32_t w, uint64_t lo)
{
	uint32_t	i;

	if (fq->w < w) {
		free(fq->head);
		free(fq->bits);
		fq->head = xreallocarray(NULL, w, sizeof *fq->head);
		fq->bits = xcalloc(w / 64, sizeof *fq->bits);
		for (i = 0; i < w; i++)
			fq->head[i] = DLITE_NONE;
		fq->w = w;
	}
	/* Arrays wider than this grid needs are as good: keys still fit. */
	fq->n = 0;
	fq->free = DLITE_NONE;
	fq->live = 0;
	fq->lo = lo;
}

/*
 * Starts a search that goes on from the last one with the band (see
 * dlite.h): the bucket queue holds the pushes that fit it from now on,
 * the heap the rest.
 */
static void
dlite_band_begin(struct dlite *d)
{
	uint32_t	w;

	if (d->fq == NULL || d->n == 0 || (w = fresh_width(d)) == 0)
		return;
	fresh_reset(d->fq, w, d->heap[0].key >> 32);
	d->band = 1;
}

/* Starts a fresh search on the bucket queue: see dlite.h. */
void
dlite_fresh_begin(struct dlite *d)
{
	struct dlite_fresh	*fq = d->fq;
	uint64_t		 lo = UINT64_MAX;
	uint32_t		 w, i;

	d->searching = 1;
	if (!d->fresh_ok) {
		dlite_band_begin(d);
		return;
	}
	d->fresh_ok = 0;
	if ((w = fresh_width(d)) == 0)
		return;
	for (i = 0; i < d->n; i++) {
		if ((uint32_t)d->heap[i].key == 0)
			return;		/* underconsistent: not fresh */
		if (d->heap[i].key >> 32 < lo)
			lo = d->heap[i].key >> 32;
	}
	for (i = 0; i < d->n; i++)
		if ((d->heap[i].key >> 32) - lo >= w)
			return;
	fresh_reset(fq, w, lo == UINT64_MAX ? 0 : lo);
	for (i = 0; i < d->n; i++)
		dlite_fresh_put(fq, d->heap[i].key, d->heap[i].ref);
	d->n = 0;
	dlite_sentinels(d);
	d->fresh = 1;
}

/*
 * Moves what the bucket queue holds back into the heap, sorted by key:
 * the open records only, each with the key it has now.  A fresh search
 * holds no underconsistent record and its anchor and km stay put, so an
 * open record's key follows from its rhs (the first part is rhs plus a
 * heuristic fixed for the cell, the tie 2^32 - 1 - rhs): an entry is the
 * record's current one when the record is overconsistent and the tie
 * matches its rhs, which needs neither the cell's place nor the
 * heuristic.
 */
static void
dlite_fresh_leave(struct dlite *d)
{
	struct dlite_fresh	*fq = d->fq;
	const struct cell_page	*pg;
	struct dlite_entry	 e;
	uint32_t		 g, rhs;
	uint32_t		 slot, i, j, k, start, n = 0, r, taken;

	if (!d->fresh)
		return;
	d->fresh = 0;
	if (fq->sorted_cap < fq->live) {
		fq->sorted_cap = fq->live + fq->live / 2;
		fq->sorted = xreallocarray(fq->sorted, fq->sorted_cap,
		    sizeof *fq->sorted);
	}
	while ((slot = dlite_fresh_lowest(fq)) != DLITE_NONE) {
		start = n;
		taken = 0;
		for (i = fq->head[slot]; i != DLITE_NONE; i = fq->ent[i].next) {
			r = fq->ent[i].ref;
			pg = dlite_page(d, r);
			g = dlite_pg_g(d, pg, r);
			rhs = dlite_pg_rhs(d, pg, r);
			taken++;
			if (g <= rhs || (uint32_t)fq->ent[i].key !=
			    UINT32_MAX - (uint32_t)rhs)
				continue;	/* settled, or pushed again */
			fq->sorted[n].key = fq->ent[i].key;
			fq->sorted[n++].ref = r;
		}
		/* A slot's entries share a first key: order them by key. */
		for (j = start + 1; j < n; j++) {
			e = fq->sorted[j];
			for (k = j; k > start && fq->sorted[k - 1].key > e.key;
			    k--)
				fq->sorted[k] = fq->sorted[k - 1];
			fq->sorted[k] = e;
		}
		fresh_clear_slot(fq, slot, taken);
	}
	fq->n = 0;
	fq->free = DLITE_NONE;
	/* Sorted by key, the array is a heap as it stands. */
	d->n = 0;
	dlite_heap_room(d, n);
	for (i = 0; i < n; i++)
		d->heap[i] = fq->sorted[i];
	d->n = n;
	d->swept_n = n;
	d->wasted = 0;
	dlite_sentinels(d);
}

/* Adds an entry to the heap itself. */
static void
dlite_heap_push(struct dlite *d, uint64_t key, uint32_t r)
{
	dlite_heap_room(d, d->n + 1);
	d->heap[d->n + 4].key = DLITE_KEY_NONE;
	dlite_sift_up(d, d->n++, key, r);
}

/*
 * Adds an entry to the heap or, during a search, holds it as the hot
 * entry if its key is below every other (see dlite.h).
 */
static void
dlite_heap_add(struct dlite *d, uint64_t key, uint32_t r)
{
	if (d->searching && (d->has_hot ? key < d->hot.key : d->n == 0 ||
	    key < d->heap[0].key)) {
		if (d->has_hot)
			dlite_heap_push(d, d->hot.key, d->hot.ref);
		d->hot.key = key;
		d->hot.ref = r;
		d->has_hot = 1;
		return;
	}
	dlite_heap_push(d, key, r);
}

/*
 * Ends the band: what it still holds goes into the heap, the open records
 * only, each with the key it has now (a record whose key changed was
 * pushed again with the new one).
 */
static void
dlite_band_leave(struct dlite *d)
{
	struct dlite_fresh	*fq = d->fq;
	const struct cell_page	*pg;
	path_cost		 g, rhs;
	uint32_t		 slot, i, r, taken;

	if (!d->band)
		return;
	d->band = 0;
	while ((slot = dlite_fresh_lowest(fq)) != DLITE_NONE) {
		taken = 0;
		for (i = fq->head[slot]; i != DLITE_NONE; i = fq->ent[i].next) {
			r = fq->ent[i].ref;
			pg = dlite_page(d, r);
			g = dlite_pg_g(d, pg, r);
			rhs = dlite_pg_rhs(d, pg, r);
			taken++;
			if (g == rhs || fq->ent[i].key != dlite_key_at(d,
			    pg->bx0 + (int)(r & (PAGE_SIDE - 1)), pg->by0 +
			    (int)(r >> PAGE_SHIFT & (PAGE_SIDE - 1)), g, rhs))
				continue;	/* settled, or pushed again */
			/* Taken in key order: each stays near the bottom. */
			dlite_heap_push(d, fq->ent[i].key, r);
		}
		fresh_clear_slot(fq, slot, taken);
	}
	fq->n = 0;
	fq->free = DLITE_NONE;
}

/* Ends a search: see dlite.h. */
void
dlite_fresh_end(struct dlite *d)
{
	d->fresh_ok = 0;
	dlite_fresh_leave(d);
	if (d->has_hot)
		dlite_heap_push(d, d->hot.key, d->hot.ref);
	d->has_hot = 0;
	dlite_band_leave(d);
	d->searching = 0;
}

/* Adds an entry: see dlite.h. */
void
dlite_push(struct dlite *d, uint64_t key, uint32_t r)
{

	if (d->fresh) {
		if (dlite_fresh_fits(d, key)) {
			dlite_fresh_put(d->fq, key, r);
			goto traced;
		}
		dlite_fresh_leave(d);
	} else if (d->band && dlite_fresh_fits(d, key)) {
		dlite_fresh_put(d->fq, key, r);
		goto traced;
	}
	dlite_heap_add(d, key, r);
traced:
	if (d->trace != NULL) {
		int	bx, by;

		dlite_xy(d, r, &bx, &by);
		d->trace(d->trace_ctx, PATH_TRACE_OPEN, bx - 1, by - 1, 0, 0,
		    bx - 1, by - 1);
	}
}

/*
 * Takes the top entry off: see dlite.h.  The last entry, which takes the
 * top's place, came from the bottom and almost always goes back there,
 * so the hole left at the top moves down along the smaller children to
 * the bottom without comparing it at each level, and the entry then
 * climbs from there (Floyd's bottom-up sift; on chase-big a fifth of
 * mtdstar's instructions went to sifting).
 */
static void
dlite_heap_pop(struct dlite *d)
{
	struct dlite_entry	*h = d->heap, last;
	uint32_t		 i = 0, c, best;

	if (d->has_hot) {
		d->has_hot = 0;		/* it was the top */
		return;
	}
	if (--d->n == 0) {
		h[0].key = DLITE_KEY_NONE;
		return;
	}
	last = h[d->n];
	h[d->n].key = DLITE_KEY_NONE;
	for (;;) {
		c = 4 * i + 1;
		if (c >= d->n)
			break;
		best = dlite_least_child(h, c);
		h[i] = h[best];
		i = best;
	}
	dlite_sift_up(d, i, last.key, last.ref);
}

/* Takes the top entry off: see dlite_heap_pop. */
void
dlite_pop(struct dlite *d)
{
	if (d->fresh || (d->band && d->band_top)) {
		/* The slot dlite_top just found: its top is the entry. */
		dlite_fresh_take(d->fq, d->fq->top);
		return;
	}
	dlite_heap_pop(d);
}

/* Gives the top entry a new key: see dlite.h. */
void
dlite_rekey_top(struct dlite *d, uint64_t key)
{
	struct dlite_fresh	*fq = d->fq;
	uint32_t		 r;

	if (d->band && d->band_top) {
		/* Taken off the band and queued again where it fits. */
		r = fq->ent[fq->head[fq->top]].ref;
		dlite_fresh_take(fq, fq->top);
		if (dlite_fresh_fits(d, key))
			dlite_fresh_put(fq, key, r);
		else
			dlite_heap_add(d, key, r);
		return;
	}
	/* Never in a fresh search, where keys only fall (dlite_take). */
	d->wasted++;
	if (d->has_hot) {
		/* It was the top: held again only if still below the heap. */
		d->has_hot = 0;
		dlite_heap_add(d, key, d->hot.ref);
		return;
	}
	d->heap[0].key = key;
	dlite_sift_down(d, 0);
}

/* The top inconsistent entry: see dlite.h. */
int
dlite_top(struct dlite *d, uint64_t *key, uint32_t *r)
{
	struct dlite_fresh	*fq = d->fq;
	uint32_t		 slot = DLITE_NONE, i;

	while ((d->fresh || d->band) && (slot = dlite_fresh_lowest(fq)) !=
	    DLITE_NONE) {
		i = fq->head[slot];
		if (dlite_open(d, fq->ent[i].ref)) {
			*key = fq->ent[i].key;
			*r = fq->ent[i].ref;
			fq->top = slot;
			if (d->fresh)
				return (1);
			break;
		}
		dlite_fresh_take(fq, slot);
	}
	/*
	 * The band's lowest entry, if any, against the heap's top: below its
	 * key, stale or not (a lower bound of the heap), it is the top.
	 */
	if (slot != DLITE_NONE && *key < (d->has_hot ? d->hot.key :
	    d->heap[0].key)) {
		d->band_top = 1;
		return (1);
	}
	d->band_top = 0;
	if (d->has_hot) {
		if (dlite_open(d, d->hot.ref)) {
			/* Not above the band's entry, by the test above. */
			*key = d->hot.key;
			*r = d->hot.ref;
			return (1);
		}
		d->has_hot = 0;		/* stale */
	}
	while (d->n > 0) {
		if (dlite_open(d, d->heap[0].ref)) {
			if (slot != DLITE_NONE && *key < d->heap[0].key)
				break;
			*key = d->heap[0].key;
			*r = d->heap[0].ref;
			/*
			 * The band's window moves up with the keys taken from
			 * the heap: none of its entries lies below this one.
			 */
			if (d->band && (*key >> 32) > fq->lo)
				fq->lo = *key >> 32;
			return (1);
		}
		d->wasted++;
		dlite_heap_pop(d);
	}
	if (slot == DLITE_NONE)
		return (0);
	d->band_top = 1;
	return (1);
}

/* Makes the array a heap, bottom up. */
static void
dlite_heapify(struct dlite *d)
{
	uint32_t	i;

	dlite_sentinels(d);
	for (i = d->n / 4 + 1; i-- > 0;)
		if (i < d->n)
			dlite_sift_down(d, i);
}

/*
 * Sweeps the heap: keeps one entry per inconsistent record, with the key
 * it has now, in heap order (see the top).
 */
static void
dlite_sweep(struct dlite *d)
{
	struct cell_page	*pg;
	uint32_t		 i, j = 0, r;

	for (i = 0; i < d->n; i++) {
		if (i + 8 < d->n)	/* far enough ahead to arrive in time */
			dlite_prefetch(d, d->heap[i + 8].ref);
		r = d->heap[i].ref;
		pg = dlite_page(d, r);
		if (page_marked(pg, r) || !dlite_open(d, r))
			continue;
		page_set_mark(pg, r, 1);
		d->heap[j].ref = r;
		d->heap[j++].key = dlite_key(d, r);
	}
	for (i = 0; i < j; i++)
		page_set_mark(dlite_page(d, d->heap[i].ref), d->heap[i].ref, 0);
	d->n = j;
	d->swept_n = j;
	d->wasted = 0;
	if (d->heap != NULL)
		dlite_heapify(d);
}

/* Sweeps the heap if it has doubled since the last sweep. */
static void
dlite_sweep_if_grown(struct dlite *d)
{
	if (d->n > d->swept_n + d->swept_n / 2 + 256)
		dlite_sweep(d);
}

/* Sweeps the heap if its top was worked enough: see dlite.h. */
void
dlite_sweep_if_worked(struct dlite *d)
{
	if (d->n > 0 && (uint64_t)d->wasted * DLITE_SWEEP_WORK >= d->n)
		dlite_sweep(d);
}

/* Sets (or clears) the marks of the cells the heap's entries name. */
static void
dlite_mark_entries(struct dlite *d, uint8_t v)
{
	uint32_t	i, r;

	for (i = 0; i < d->n; i++) {
		r = d->heap[i].ref;
		page_set_mark(dlite_page(d, r), r, v);
	}
}

/* Gives back empty and stale pages: see dlite.h. */
void
dlite_compact(struct dlite *d)
{
	struct cell_page	*pg;
	uint32_t		 i;

	dlite_sweep_if_grown(d);
	if (d->cap > 2 * d->n + 128) {
		/* Room for half as many again, and the sentinels. */
		dlite_heap_resize(d, d->n + d->n / 2 + 64);
	}
	if (d->npages < d->live_pages + d->live_pages / 8 + 4)
		return;	/* fewer than a quarter more than were live */
	/*
	 * A page an entry names stays, even empty, so that no entry
	 * dangles; sweeping the entries out instead would make ties break
	 * differently after a save and a load, which keep no page counts.
	 */
	dlite_mark_entries(d, 1);
	for (i = d->npages; i-- > 0;) {
		pg = page_pool_page(d->pool, d->pages[i]);
		if (pg->gen != d->gen || dlite_page_empty(pg))
			dlite_drop_page(d, i);
	}
	dlite_mark_entries(d, 0);
	d->live_pages = d->npages;
	if (d->pages_cap > 2 * d->npages + 32) {
		d->pages_cap = d->npages + 16;
		d->pages = xreallocarray(d->pages, d->pages_cap,
		    sizeof *d->pages);
	}
}

/* A record's key: see dlite.h. */
uint64_t
dlite_key(const struct dlite *d, uint32_t r)
{
	const struct cell_page	*pg = dlite_page(d, r);

	return (dlite_key_at(d, pg->bx0 + (int)(r & (PAGE_SIDE - 1)),
	    pg->by0 + (int)(r >> PAGE_SHIFT & (PAGE_SIDE - 1)),
	    dlite_pg_g(d, pg, r), dlite_pg_rhs(d, pg, r)));
}

/* Moves the anchor: see dlite.h. */
void
dlite_move_anchor(struct dlite *d, int x, int y)
{
	d->fresh_ok = 0;	/* a search going on, not a fresh one */
	d->km += grid_heuristic(d->rules.heuristic, d->abx, d->aby, x + 1,
	    y + 1);
	dlite_anchor(d, x, y);
	if (d->km < DLITE_KM_RENORM_AT)
		return;
	d->km = 0;
	dlite_sweep(d);
	d->km_folded++;
}

/* The smallest value: see dlite.h. */
path_cost
dlite_min_value(const struct dlite *d)
{
	const struct cell_page	*pg;
	path_cost		 best = PATH_COST_NONE, v;
	uint32_t		 i, j, pn;

	for (i = 0; i < d->npages; i++) {
		pn = d->pages[i];
		pg = page_pool_page(d->pool, pn);
		if (pg->gen != d->gen)
			continue;
		for (j = 0; j < PAGE_CELLS; j++) {
			v = dlite_g(d, pn << 8 | j);
			if (v < best)
				best = v;
			v = dlite_rhs(d, pn << 8 | j);
			if (v < best)
				best = v;
		}
	}
	return (best);
}

/* Shifts every value down: see dlite.h. */
void
dlite_renormalise(struct dlite *d, path_cost off)
{
	struct cell_page	*pg;
	uint32_t		 i, j;

	if (d->wide || off <= 0)
		return;
	for (i = 0; i < d->npages; i++) {
		pg = page_pool_page(d->pool, d->pages[i]);
		if (pg->gen != d->gen)
			continue;
		if (pg->ext != NULL) {
			for (j = 0; j < PAGE_CELLS; j++) {
				if (pg->ext[j].g != PATH_COST_NONE)
					pg->ext[j].g -= off;
				if (pg->ext[j].rhs != PATH_COST_NONE)
					pg->ext[j].rhs -= off;
			}
			continue;
		}
		if (pg->base == PAGE_BASE_NONE)
			continue;	/* nothing stored */
		if ((path_cost)pg->base >= off) {
			pg->base -= (uint32_t)off;	/* every value shifts */
			continue;
		}
		/*
		 * Every finite value is off or more, so each stored one is
		 * off - base or more: a base of 0 holds them all.
		 */
		for (j = 0; j < PAGE_CELLS; j++) {
			if (pg->v[j].g != PAGE_VAL_NONE)
				pg->v[j].g = (uint16_t)(pg->v[j].g -
				    (off - pg->base));
			if (pg->v[j].rhs != PAGE_VAL_NONE)
				pg->v[j].rhs = (uint16_t)(pg->v[j].rhs -
				    (off - pg->base));
		}
		pg->base = 0;
	}
	dlite_sweep(d);
	d->renormalised++;
}

/* Visits the records in grid order: see dlite.h. */
void
dlite_each(const struct dlite *d, void (*fn)(void *, uint32_t), void *arg)
{
	const struct cell_page	*pg;
	uint32_t		 t, pn, j;

	for (t = 0; t < d->ntiles; t++) {
		pn = d->table[t];
		if (pn == PAGE_NONE)
			continue;
		pg = page_pool_page(d->pool, pn);
		if (pg->gen != d->gen)
			continue;
		for (j = 0; j < PAGE_CELLS; j++)
			fn(arg, pn << 8 | j);
	}
}

/* Visits the cells round changed cells: see dlite.h. */
void
dlite_each_changed(struct dlite *d, const struct path_change *changes,
    size_t n, int skip_bx, int skip_by, void (*fn)(void *, int, int),
    void *arg)
{
	const struct path_change	*c;
	size_t				 i;
	int				 nx, ny, dx, dy;

	for (i = 0; i < n; i++) {
		c = &changes[i];
		/*
		 * A change can only matter to cells next to it, and only
		 * through records within two cells of it: with no page of
		 * records there, nothing to look at.
		 */
		if (!dlite_any_near(d, c->x + 1, c->y + 1, 2))
			continue;
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				nx = c->x + dx;
				ny = c->y + dy;
				if (!path_grid_contains(d->grid, nx, ny) ||
				    (nx + 1 == skip_bx && ny + 1 == skip_by))
					continue;
				fn(arg, nx + 1, ny + 1);
			}
		}
	}
}

/* Counts the records that hold a value (for the save). */
static void
dlite_count_one(void *arg, uint32_t r)
{
	void		**a = arg;
	const struct dlite *d = a[0];
	uint32_t	*n = a[1];

	if (dlite_g(d, r) != PATH_COST_NONE || dlite_rhs(d, r) !=
	    PATH_COST_NONE)
		(*n)++;
}

/* Writes one record that holds a value (for the save). */
static void
dlite_save_one(void *arg, uint32_t r)
{
	void		**a = arg;
	const struct dlite *d = a[0];
	struct ser	*s = a[1];

	if (dlite_g(d, r) == PATH_COST_NONE && dlite_rhs(d, r) ==
	    PATH_COST_NONE)
		return;
	ser_u32(s, dlite_cell(d, r));
	ser_i64(s, dlite_g(d, r));
	ser_i64(s, dlite_rhs(d, r));
	/* No parent is 0xff in a save, as it always was. */
	ser_u8(s, dlite_par(d, r) == DLITE_NOPAR ? 0xff :
	    (uint8_t)dlite_par(d, r));
}

/* Writes the search: see dlite.h. */
void
dlite_save(const struct dlite *d, struct ser *s)
{
	uint32_t	n = 0, i, cell;
	uint64_t	k;
	void		*a[2];
	int		bx, by;

	ser_i64(s, d->km);
	ser_u32(s, (uint32_t)d->abx);
	ser_u32(s, (uint32_t)d->aby);
	ser_u8(s, (uint8_t)(d->wide | DLITE_SAVE_SWEPT | DLITE_SAVE_WASTED));
	a[0] = (void *)(uintptr_t)d;
	a[1] = &n;
	dlite_each(d, dlite_count_one, a);
	ser_u32(s, n);
	a[1] = s;
	dlite_each(d, dlite_save_one, a);
	ser_u32(s, d->n);
	for (i = 0; i < d->n; i++) {
		dlite_xy(d, d->heap[i].ref, &bx, &by);
		cell = (uint32_t)by * (uint32_t)d->grid->stride + (uint32_t)bx;
		k = d->heap[i].key;
		/* As a first part and a tie, the form saves have always had. */
		if (d->wide) {
			ser_i64(s, (path_cost)(k >> 1));
			ser_u32(s, (k & 1) ? UINT32_MAX : 0);
		} else {
			ser_i64(s, (path_cost)(k >> 32));
			ser_u32(s, (uint32_t)k);
		}
		ser_u32(s, cell);
	}
	ser_u32(s, d->swept_n);
	ser_u32(s, d->wasted);
}

/* Whether a loaded g or rhs is a cost this planner's records can hold. */
static int
dlite_cost_ok(const struct dlite *d, path_cost c)
{
	return (c == PATH_COST_NONE || (c >= 0 &&
	    c <= PATH_GRID_MAX_PATH_COST && (d->wide ||
	    c < DLITE_VALUE_LIMIT)));
}

/* The record of a loaded cell index, or DLITE_NONE if it lies outside. */
static uint32_t
dlite_load_cell(struct dlite *d, uint32_t cell, int create)
{
	const struct path_grid	*g = d->grid;
	int			 bx = (int)(cell % (uint32_t)g->stride);
	int			 by = (int)(cell / (uint32_t)g->stride);

	if (bx < 1 || bx > g->width || by < 1 || by > g->height)
		return (DLITE_NONE);
	return (create ? dlite_get(d, bx, by) : dlite_find(d, bx, by));
}

struct dlite_loading {
	struct dlite	*d;
	struct deser	*in;
};

/*
 * Fails a load if an inconsistent record has no heap entry at or below
 * its key (marked while the heap was read), and clears the mark.
 */
static void
dlite_check_queued(void *arg, uint32_t r)
{
	struct dlite_loading	*l = arg;
	struct cell_page	*pg = dlite_page(l->d, r);

	if (l->in->error == NULL && !page_marked(pg, r) && dlite_open(l->d, r))
		deser_fail(l->in, "an open search record is not on the heap");
	page_set_mark(pg, r, 0);
}

/* Reads the search: see dlite.h. */
int
dlite_load(struct dlite *d, struct deser *in)
{
	struct dlite_loading	 l;
	uint64_t		 key;
	uint32_t		 n, i, r, par, k2, flags;
	path_cost		 g, rhs, k1;

	dlite_clear(d);
	d->km = deser_range(in, 0, DLITE_KM_MAX, "a bad km");
	/* Bordered; 0 in a planner that has not searched yet. */
	d->abx = (int)deser_below(in, (uint32_t)d->grid->width + 1,
	    "a bad anchor");
	d->aby = (int)deser_below(in, (uint32_t)d->grid->height + 1,
	    "a bad anchor");
	flags = deser_u8(in);
	if (flags > (1 | DLITE_SAVE_SWEPT | DLITE_SAVE_WASTED))
		deser_fail(in, "bad search flags");
	d->wide = (flags & 1) != 0 || !dlite_fits(d->grid);
	n = deser_count(in, PATH_GRID_MAX_CELLS, 21);
	for (i = 0; i < n && in->error == NULL; i++) {
		r = deser_u32(in);
		g = deser_i64(in);
		rhs = deser_i64(in);
		par = deser_u8(in);
		if (in->error != NULL)
			break;
		if (!dlite_cost_ok(d, g) || !dlite_cost_ok(d, rhs) ||
		    (par >= 8 && par != 0xff) ||
		    (r = dlite_load_cell(d, r, 1)) == DLITE_NONE) {
			deser_fail(in, "a search record is inconsistent");
			break;
		}
		if (dlite_g(d, r) != PATH_COST_NONE ||
		    dlite_rhs(d, r) != PATH_COST_NONE) {
			deser_fail(in, "a cell has two search records");
			break;
		}
		if (g == PATH_COST_NONE && rhs == PATH_COST_NONE) {
			deser_fail(in, "a search record holds nothing");
			break;
		}
		dlite_set_g(d, r, g);
		dlite_set_rhs(d, r, rhs);
		dlite_set_par(d, r, par == 0xff ? DLITE_NOPAR : (int)par);
	}
	n = deser_count(in, PATH_GRID_MAX_CELLS, 16);
	for (i = 0; i < n && in->error == NULL; i++) {
		k1 = deser_i64(in);
		k2 = deser_u32(in);
		r = deser_u32(in);
		if (in->error != NULL)
			break;
		if (k1 < 0 || k1 > (d->wide ? INT64_MAX >> 1 : UINT32_MAX)) {
			deser_fail(in, "a heap key is out of range");
			break;
		}
		key = d->wide ? (uint64_t)k1 << 1 | (k2 != 0) :
		    (uint64_t)k1 << 32 | k2;
		/* A stale entry may name a record that holds nothing now. */
		r = dlite_load_cell(d, r, 1);
		if (r == DLITE_NONE) {
			deser_fail(in, "a heap entry names a cell outside the map");
			break;
		}
		dlite_heap_room(d, d->n + 1);
		if (d->n > 0 && key < d->heap[(d->n - 1) / 4].key) {
			deser_fail(in, "the heap is out of order");
			break;
		}
		d->heap[d->n].key = key;
		d->heap[d->n++].ref = r;
		dlite_sentinels(d);
		if (dlite_open(d, r) && key <= dlite_key(d, r))
			page_set_mark(dlite_page(d, r), r, 1);
	}
	d->swept_n = d->n;
	if (flags & DLITE_SAVE_SWEPT)
		d->swept_n = deser_below(in, PATH_GRID_MAX_CELLS,
		    "a bad heap count");
	if (flags & DLITE_SAVE_WASTED)
		d->wasted = deser_u32(in);
	l.d = d;
	l.in = in;
	dlite_each(d, dlite_check_queued, &l);
	if (in->error != NULL) {
		dlite_clear(d);
		return (-1);
	}
	d->fresh_ok = 0;	/* a search that goes on, not a fresh one */
	return (0);
}

/* Marks the cells at or next to a change: see dlite_changed_near. */
static void
dlite_mark_change(void *arg, const struct path_change *c)
{
	void			**a = arg;
	const struct path_grid	 *g = a[0];
	uint8_t			 *near = a[1];
	int			  dx, dy;

	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			near[(c->y + 1 + dy) * g->stride + c->x + 1 + dx] = 1;
}

/* The cells by the changes since version: see dlite.h. */
uint8_t *
dlite_changed_near(const struct path_grid *g, uint64_t version)
{
	uint8_t	*near = xcalloc((size_t)g->stride * (size_t)(g->height + 2),
		    1);
	void	*a[2];

	a[0] = (void *)(uintptr_t)g;
	a[1] = near;
	if (path_grid_changes_since(g, version, dlite_mark_change, a) < 0) {
		free(near);
		return (NULL);
	}
	return (near);
}
