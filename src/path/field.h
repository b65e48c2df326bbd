/*
 * field.h: full distance fields (Dijkstra maps) over a cost grid.
 *
 * One Dijkstra search from a source gives the cheapest cost between the
 * source and every cell.  With weighted terrain the two directions differ,
 * because a step costs what the entered cell costs: a field TO the source
 * answers "how far is the player from here", which is what every monster of
 * a movement class can share, and a field FROM the source answers "how far
 * is every cell from here".
 */
#ifndef ASTRAY_FIELD_H
#define ASTRAY_FIELD_H

#include "astar.h"
#include "grid.h"
#include "path.h"

enum path_field_direction {
	PATH_FIELD_FROM_SOURCE,	/* cost of the path source -> cell */
	PATH_FIELD_TO_SOURCE	/* cost of the path cell -> source */
};

struct path_field;

/* Creates a field for grids of width x height. */
struct path_field *path_field_new(int width, int height);
void	 path_field_free(struct path_field *);

/* Installs (or, with NULL, removes) a trace of cells opened and settled. */
void	 path_field_set_trace(struct path_field *, path_trace_fn, void *ctx);

/*
 * Computes the field from (sx,sy) over the grid, which must have the
 * field's size; the heuristic of rules is ignored.  A blocked or outside
 * source leaves every cell unreachable.  stats may be NULL.
 */
void	 path_field_compute(struct path_field *, const struct path_grid *,
	     struct path_rules, int sx, int sy,
	     enum path_field_direction, struct path_stats *stats);

/*
 * The same computation in steps: path_field_begin() starts it, and each
 * path_field_run() expands at most budget cells (0: no limit), adding to
 * stats if not NULL, and returns 1 once the field is complete.  A cell's
 * value is final as soon as it is settled, so a field in progress already
 * answers for the cells nearest the source.
 */
void	 path_field_begin(struct path_field *, const struct path_grid *,
	     struct path_rules, int sx, int sy, enum path_field_direction);
int	 path_field_run(struct path_field *, const struct path_grid *,
	     unsigned long budget, struct path_stats *stats);

/* Whether a cell's value is final (settled, or the field is complete). */
int	 path_field_settled(const struct path_field *, int x, int y);

/* Bytes the field holds. */
size_t	 path_field_memory(const struct path_field *);

/* Cost between (x,y) and the source, or PATH_COST_NONE. */
path_cost path_field_get(const struct path_field *, int x, int y);

/*
 * For a field TO the source: the neighbour of (x,y) to step to on a
 * cheapest path towards the source.  Returns 0 with (*nx,*ny) set, or -1
 * if (x,y) is the source or cannot reach it.  The grid must be the one the
 * field was computed on.
 */
int	 path_field_next_step(const struct path_field *,
	     const struct path_grid *, int x, int y, int *nx, int *ny);

#endif
