/*
 * dlite.h: what D* Lite and Moving Target D* Lite share.
 *
 * Both keep, for every cell their searches touched, a g value, a
 * one-step lookahead rhs and (MT-D* Lite) a parent, in sparse records;
 * both keep inconsistent cells (g != rhs) on a heap ordered by a
 * two-part key [min(g, rhs) + h + km; tie], where h is measured to an
 * anchor cell (the hunter for D* Lite, which searches from the target;
 * the target for MT-D* Lite, which searches from the hunter) and km
 * absorbs the anchor's moves so that old keys stay lower bounds.
 *
 * The tie-break is not the papers'.  They order equal first parts by
 * min(g, rhs), smallest first, and must then expand every cell whose f
 * equals the goal's and whose g is smaller: on an octile map, the whole
 * parallelogram of cells that lie on some cheapest path, thousands of
 * cells where A* (ties to the larger g) expands a line.  Here an
 * underconsistent cell (g < rhs) comes first (tie 0), and the others go
 * larger rhs first (tie = big - rhs).  The search stays exact:
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
 * The property tests hold every planner against an independent
 * Bellman-Ford after every call.  Library-internal.
 */
#ifndef ASTRAY_DLITE_H
#define ASTRAY_DLITE_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"
#include "cellmap.h"
#include "grid-internal.h"
#include "heap.h"
#include "path.h"

struct dlite {
	struct cellmap		 map;
	struct heap		 open;	/* record ids, positions in recs */
	path_cost		 km;
	const struct path_grid	*grid;
	struct path_rules	 rules;
	path_cost		 diag;	/* unweighted diagonal step */
	int			 ax, ay;	/* the heuristic's anchor */
	path_trace_fn		 trace;		/* the context's, or NULL */
	void			*trace_ctx;
};

void	 dlite_init(struct dlite *, const struct path_grid *,
	     struct path_rules);
void	 dlite_free(struct dlite *);

/* Forgets every record and empties the heap; km = 0. */
void	 dlite_clear(struct dlite *);
size_t	 dlite_memory(const struct dlite *);

/* The record of a cell, created if need be (may move the records). */
uint32_t dlite_get(struct dlite *, uint32_t cell, int x, int y);

static inline uint32_t
dlite_find(const struct dlite *d, uint32_t cell)
{
	return (cellmap_find(&d->map, cell));
}

static inline path_cost
dlite_g(const struct dlite *d, uint32_t r)
{
	return (r == CELL_NONE ? PATH_COST_NONE : d->map.recs[r].g);
}

static inline path_cost
dlite_rhs(const struct dlite *d, uint32_t r)
{
	return (r == CELL_NONE ? PATH_COST_NONE : d->map.recs[r].rhs);
}

/* A record's key: [min(g,rhs) + h(anchor, cell) + km; tie] (see top). */
void	 dlite_key(const struct dlite *, uint32_t r, path_cost *k1,
	     path_cost *k2);

/* Whether (a1,a2) sorts before (b1,b2). */
static inline int
dlite_less(path_cost a1, path_cost a2, path_cost b1, path_cost b2)
{
	return (a1 < b1 || (a1 == b1 && a2 < b2));
}

/*
 * UpdateVertex: puts an inconsistent record on the heap (or moves it to
 * its current key) and takes a consistent one off.
 */
void	 dlite_update(struct dlite *, uint32_t r);

/* Sum of two costs, infinite if either is. */
static inline path_cost
dlite_add(path_cost a, path_cost b)
{
	return (a == PATH_COST_NONE || b == PATH_COST_NONE ? PATH_COST_NONE :
	    a + b);
}

/*
 * Writes km, the anchor, the records and the heap (in its exact order, so
 * ties break the same after a restore); reads them back, checking that
 * the heap and the records' positions agree.  Returns 0 or -1.
 */
void	 dlite_save(const struct dlite *, struct ser *);
int	 dlite_load(struct dlite *, struct deser *);

/* The legal steps out of (equivalently, into) an open cell; 0 if blocked. */
static inline int
dlite_moves(const struct dlite *d, uint32_t cell, struct grid_move mv[8])
{
	if (d->grid->cells[cell] == 0)
		return (0);
	return (grid_moves(d->grid, d->rules.diagonal, d->diag, cell, mv));
}

#endif
