/*
 * cellmap.c: the sparse per-cell records of a planner.
 *
 * Fibonacci hashing on the cell index spreads the neighbouring cells a
 * search touches across the table; the table doubles before it is half
 * full, so probes stay short.
 */
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"
#include "grid-internal.h"
#include "heap.h"
#include "xmalloc.h"

#define CELLMAP_MIN_SLOTS	256

void
cellmap_init(struct cellmap *m)
{
	memset(m, 0, sizeof *m);
}

void
cellmap_free(struct cellmap *m)
{
	free(m->recs);
	free(m->slots);
	memset(m, 0, sizeof *m);
}

/* Forgets every record, keeping the memory. */
void
cellmap_clear(struct cellmap *m)
{
	m->nrecs = 0;
	if (m->slots != NULL)
		memset(m->slots, 0, ((size_t)m->mask + 1) * sizeof *m->slots);
}

size_t
cellmap_memory(const struct cellmap *m)
{
	return ((size_t)m->cap * sizeof *m->recs +
	    (m->slots != NULL ? ((size_t)m->mask + 1) * sizeof *m->slots : 0));
}

/* Puts every record back into a table of the given size. */
static void
cellmap_rehash(struct cellmap *m, uint32_t nslots)
{
	uint32_t	r, i;

	free(m->slots);
	m->slots = xcalloc(nslots, sizeof *m->slots);
	m->mask = nslots - 1;
	for (r = 0; r < m->nrecs; r++) {
		for (i = cellmap_hash(m, m->recs[r].cell); m->slots[i] != 0;
		    i = (i + 1) & m->mask)
			;
		m->slots[i] = (uint64_t)m->recs[r].cell << 32 | (r + 1);
	}
}

/* Finds or creates a cell's record: see cellmap.h. */
uint32_t
cellmap_get(struct cellmap *m, uint32_t cell, int x, int y)
{
	struct cell_rec	*r;
	uint64_t	 s;
	uint32_t	 i;

	if (m->slots == NULL)
		cellmap_rehash(m, CELLMAP_MIN_SLOTS);
	for (i = cellmap_hash(m, cell);; i = (i + 1) & m->mask) {
		s = m->slots[i];
		if (s == 0)
			break;
		if ((uint32_t)(s >> 32) == cell)
			return ((uint32_t)s - 1);
	}
	if (m->nrecs == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 128;
		m->recs = xreallocarray(m->recs, m->cap, sizeof *m->recs);
	}
	r = &m->recs[m->nrecs];
	r->g = r->rhs = PATH_COST_NONE;
	r->cell = cell;
	r->par = r->kid = r->next = r->prev = CELL_NONE;
	r->pos = HEAP_NONE;
	r->x = (uint16_t)x;
	r->y = (uint16_t)y;
	m->slots[i] = (uint64_t)cell << 32 | ++m->nrecs;
	if (2 * m->nrecs > m->mask + 1)
		cellmap_rehash(m, 2 * (m->mask + 1));
	return (m->nrecs - 1);
}

/* Drops the records keep() refuses: see cellmap.h. */
void
cellmap_compact(struct cellmap *m, int (*keep)(void *, const struct cell_rec *),
    void (*renumbered)(void *, uint32_t, uint32_t), void *ctx)
{
	uint32_t	*to, r, n = 0, nslots;

	to = xreallocarray(NULL, m->nrecs ? m->nrecs : 1, sizeof *to);
	for (r = 0; r < m->nrecs; r++)
		to[r] = keep(ctx, &m->recs[r]) ? n++ : CELL_NONE;
	for (r = 0; r < m->nrecs; r++) {
		if (to[r] == CELL_NONE)
			continue;
		m->recs[to[r]] = m->recs[r];
		renumbered(ctx, r, to[r]);
	}
#define CELLMAP_REMAP(f) do {						\
	if ((f) != CELL_NONE)						\
		(f) = to[(f)];						\
} while (0)
	for (r = 0; r < n; r++) {
		CELLMAP_REMAP(m->recs[r].par);
		CELLMAP_REMAP(m->recs[r].kid);
		CELLMAP_REMAP(m->recs[r].next);
		CELLMAP_REMAP(m->recs[r].prev);
	}
#undef CELLMAP_REMAP
	free(to);
	m->nrecs = n;
	for (nslots = CELLMAP_MIN_SLOTS; nslots < 4 * n; nslots *= 2)
		;
	if (m->cap > 2 * n + 128) {
		m->cap = 2 * n + 128;
		m->recs = xreallocarray(m->recs, m->cap, sizeof *m->recs);
	}
	cellmap_rehash(m, nslots);
}

/* Writes the records: see cellmap.h. */
void
cellmap_save(const struct cellmap *m, struct ser *s)
{
	const struct cell_rec	*r;
	uint32_t		 i;

	ser_u32(s, m->nrecs);
	for (i = 0; i < m->nrecs; i++) {
		r = &m->recs[i];
		ser_i64(s, r->g);
		ser_i64(s, r->rhs);
		ser_u32(s, r->cell);
		ser_u32(s, r->par);
		ser_u32(s, r->pos);
		ser_u16(s, r->x);
		ser_u16(s, r->y);
		ser_u32(s, r->kid);
		ser_u32(s, r->next);
		ser_u32(s, r->prev);
	}
}

/* Whether a link is CELL_NONE or names one of n records. */
static int
cellmap_link_ok(uint32_t link, uint32_t n)
{
	return (link == CELL_NONE || link < n);
}

/* Whether a loaded g or rhs is a cost some path could have, or none. */
static int
cellmap_cost_ok(path_cost c)
{
	return (c == PATH_COST_NONE ||
	    (c >= 0 && c <= PATH_GRID_MAX_PATH_COST));
}

/* Reads the records: see cellmap.h. */
int
cellmap_load(struct cellmap *m, struct deser *d, const struct path_grid *g)
{
	struct cell_rec	 r;
	uint32_t	 n, i, idx;

	cellmap_clear(m);
	n = deser_count(d, PATH_GRID_MAX_CELLS, 44);
	for (i = 0; i < n && d->error == NULL; i++) {
		r.g = deser_i64(d);
		r.rhs = deser_i64(d);
		r.cell = deser_u32(d);
		r.par = deser_u32(d);
		r.pos = deser_u32(d);
		r.x = deser_u16(d);
		r.y = deser_u16(d);
		r.kid = deser_u32(d);
		r.next = deser_u32(d);
		r.prev = deser_u32(d);
		if (d->error != NULL)
			break;
		if (!cellmap_cost_ok(r.g) || !cellmap_cost_ok(r.rhs) ||
		    !path_grid_contains(g, r.x, r.y) ||
		    r.cell != grid_index(g, r.x, r.y) ||
		    !cellmap_link_ok(r.par, n) || !cellmap_link_ok(r.kid, n) ||
		    !cellmap_link_ok(r.next, n) || !cellmap_link_ok(r.prev, n)) {
			deser_fail(d, "a search record is inconsistent");
			break;
		}
		if (cellmap_find(m, r.cell) != CELL_NONE) {
			deser_fail(d, "a cell has two search records");
			break;
		}
		idx = cellmap_get(m, r.cell, r.x, r.y);	/* may move recs */
		m->recs[idx] = r;
	}
	if (d->error != NULL) {
		cellmap_clear(m);
		return (-1);
	}
	return (0);
}
