/*
 * cellmap.h: per-cell search records for one planner, only where its
 * searches went.
 *
 * A dense array per planner would cost the whole map for every monster;
 * here a planner holds a record only for a cell its searches touched, in
 * an array indexed through an open-addressing hash on the cell (linear
 * probing, at most half full; a slot holds the cell as well as the record
 * index, so a probe reads one word, not a word and a record).  Records refer to each other by record
 * index; cellmap_compact() drops records that carry no information any
 * more and renumbers the rest, so a long chase keeps memory in step with
 * what the planner actually knows.  Library-internal.
 */
#ifndef ASTRAY_CELLMAP_H
#define ASTRAY_CELLMAP_H

#include <stddef.h>
#include <stdint.h>

#include "path.h"
#include "serial.h"

struct path_grid;

#define CELL_NONE	UINT32_MAX

struct cell_rec {
	path_cost	g;
	path_cost	rhs;
	uint32_t	cell;	/* bordered grid index */
	uint32_t	par;	/* record of the parent, or CELL_NONE */
	uint32_t	pos;	/* heap position, or HEAP_NONE */
	uint16_t	x;
	uint16_t	y;
	uint32_t	kid;	/* first child (for planners keeping a tree) */
	uint32_t	next;	/* siblings under the same parent */
	uint32_t	prev;
};

struct cellmap {
	struct cell_rec	*recs;
	uint32_t	 nrecs;
	uint32_t	 cap;
	uint64_t	*slots;		/* cell << 32 | record + 1; 0 empty */
	uint32_t	 mask;		/* slots - 1 */
};

void	 cellmap_init(struct cellmap *);
void	 cellmap_free(struct cellmap *);
void	 cellmap_clear(struct cellmap *);
size_t	 cellmap_memory(const struct cellmap *);

static inline uint32_t
cellmap_hash(const struct cellmap *m, uint32_t cell)
{
	return ((uint32_t)(((uint64_t)cell * UINT64_C(0x9e3779b97f4a7c15)) >>
	    32) & m->mask);
}

/* The record of a cell, or CELL_NONE. */
static inline uint32_t
cellmap_find(const struct cellmap *m, uint32_t cell)
{
	uint64_t	s;
	uint32_t	i;

	if (m->slots == NULL)
		return (CELL_NONE);
	for (i = cellmap_hash(m, cell);; i = (i + 1) & m->mask) {
		s = m->slots[i];
		if (s == 0)
			return (CELL_NONE);
		if ((uint32_t)(s >> 32) == cell)
			return ((uint32_t)s - 1);
	}
}

/*
 * The record of a cell, created (g = rhs = PATH_COST_NONE, no parent, not
 * on a heap) if it has none.  May move the record array.
 */
uint32_t cellmap_get(struct cellmap *, uint32_t cell, int x, int y);

/*
 * Keeps only the records for which keep(ctx, rec) is true, renumbering
 * them; parent, child and sibling links to dropped records become
 * CELL_NONE.  Calls renumbered(ctx,
 * old, new) for every kept record so the caller can fix its own indices.
 */
void	 cellmap_compact(struct cellmap *,
	     int (*keep)(void *, const struct cell_rec *),
	     void (*renumbered)(void *, uint32_t, uint32_t), void *ctx);

/*
 * Writes the records; reads them back into an empty map, checking that
 * every cell lies inside grid, appears once and agrees with its
 * coordinates, and that every link names a record (heap positions are the
 * owner's to check).  Returns 0, or -1 with the reader's error set.
 */
void	 cellmap_save(const struct cellmap *, struct ser *);
int	 cellmap_load(struct cellmap *, struct deser *,
	     const struct path_grid *);

#endif
