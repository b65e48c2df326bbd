/*
 * field.h: full distance fields (Dijkstra maps) over a cost grid.
 *
 * One Dijkstra search from a source gives the cheapest cost between the
 * source and every cell.  With weighted terrain the two directions differ,
 * because a step costs what the entered cell costs: a field TO the source
 * answers "how far is the player from here", which is what every monster of
 * a movement class can share, and a field FROM the source answers "how far
 * is every cell from here".
 *
 * A field is built on a bucket queue over pages of cells that the search
 * allocates as it spreads (field.c explains why that stays exact), so a
 * field that stops early, as the crowd planner's do, costs only the cells
 * it reached.
 */
#ifndef ASTRAY_FIELD_H
#define ASTRAY_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "astar.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

enum path_field_direction {
	PATH_FIELD_FROM_SOURCE,	/* cost of the path source -> cell */
	PATH_FIELD_TO_SOURCE	/* cost of the path cell -> source */
};

struct path_field;

/*
 * Creates a field for grids of width x height; NULL if no grid can have
 * that size (path_grid_check_size).
 */
PATH_API struct path_field *path_field_new(int width, int height);
PATH_API void	 path_field_free(struct path_field *);

/* Installs (or, with NULL, removes) a trace of cells opened and settled. */
PATH_API void	 path_field_set_trace(struct path_field *, path_trace_fn, void *ctx);

/*
 * Computes the field from (sx,sy) over the grid; the heuristic of rules
 * is ignored.  A blocked or outside source leaves every cell
 * unreachable.  stats may be NULL.  Returns 0, or -1, changing nothing,
 * if the grid is not of the field's size (as do path_field_begin() and,
 * instead of 0 or 1, the path_field_run functions below).
 *
 * On a grid of costs from a callback (grid.h) a field asks the callback
 * for each step it looks at, out of a cell (from the source) or into it
 * (to the source), and keeps 64-bit costs on pages: it is exact while
 * the callback answers the same from begin to complete.  The run
 * functions return -1 when the callback gives a cost out of range (the
 * field is then to be begun again), or when run on a grid with (or
 * without) a callback for a field begun on one without (or with).
 */
PATH_API int	 path_field_compute(struct path_field *, const struct path_grid *,
	     struct path_rules, int sx, int sy,
	     enum path_field_direction, struct path_stats *stats);

/*
 * The same computation in steps: path_field_begin() starts it, and each
 * path_field_run() expands at most budget cells (0: no limit), adding to
 * stats if not NULL, and returns 1 once the field is complete.  A cell's
 * value is final as soon as it is settled, so a field in progress already
 * answers for the cells nearest the source.  The grid must not change
 * while a computation is under way: it is computed for the grid as it
 * was when begun (begin again after a change).
 */
PATH_API int	 path_field_begin(struct path_field *, const struct path_grid *,
	     struct path_rules, int sx, int sy, enum path_field_direction);
PATH_API int	 path_field_run(struct path_field *, const struct path_grid *,
	     unsigned long budget, struct path_stats *stats);
/*
 * Multi-source fields: after path_field_begin() and before the first
 * path_field_run(), adds (x,y) as another source at cost 0, so that the
 * field holds every cell's cost to (or from) the nearest source (a
 * Dijkstra map from many goals: the unexplored frontier, every exit).
 * path_field_begin()'s own source may be outside the grid to start with
 * none.  A blocked, outside or repeated source is ignored, and so is one
 * added once the field began to run or on a grid of another size.
 */
PATH_API void	 path_field_add_source(struct path_field *,
	     const struct path_grid *, int x, int y);

/*
 * Like path_field_run(), but stops as soon as (x,y) is final (outside the
 * grid: never, so it runs on); returns 1 once (x,y) is final or the field
 * is complete, 0 when the budget ran out first.  A later call resumes.
 */
PATH_API int	 path_field_run_to(struct path_field *, const struct path_grid *,
	     unsigned long budget, int x, int y, struct path_stats *stats);

/*
 * Like path_field_run(), but stops as soon as every cell whose cost is at
 * most bound is final, so that a caller interested only in the cells
 * near the source pays only for them; returns 1 once they are (or the
 * field is complete), 0 when the budget ran out first.  A later call
 * resumes.
 */
PATH_API int	 path_field_run_within(struct path_field *,
	     const struct path_grid *, unsigned long budget, path_cost bound,
	     struct path_stats *stats);

/* Whether every cell the source reaches is final (the search ran out). */
PATH_API int	 path_field_complete(const struct path_field *);

/*
 * Cells expanded since path_field_begin().  The order of expansions
 * depends only on the grid, the rules and the source, so beginning again
 * and running this many reproduces the field exactly.
 */
PATH_API uint64_t path_field_expanded(const struct path_field *);

/*
 * How many computations the field has begun: what was read from it stays
 * true while this is unchanged.
 */
PATH_API uint64_t path_field_generation(const struct path_field *);

/* Whether a cell's value is final (settled, or the field is complete). */
PATH_API int	 path_field_settled(const struct path_field *, int x, int y);

/* Bytes the field holds. */
PATH_API size_t	 path_field_memory(const struct path_field *);

/*
 * Cost between (x,y) and the source, or PATH_COST_NONE; while the field
 * is in progress, a cell not yet final may show a tentative (higher)
 * value.
 */
PATH_API path_cost path_field_get(const struct path_field *, int x, int y);

/*
 * For a field TO the source: the neighbour of (x,y) to step to on a
 * cheapest path towards the source.  Returns 0 with (*nx,*ny) set, or -1
 * if (x,y) is the source, cannot reach it or is not final yet.  The grid
 * must be unchanged since the field was begun: the step is the neighbour
 * the search reached (x,y) from, remembered, not looked up again.
 */
PATH_API int	 path_field_next_step(const struct path_field *,
	     const struct path_grid *, int x, int y, int *nx, int *ny);

/*
 * The path from (x,y), which must be final, down the field to the source,
 * written into out (at most max points; out may be NULL when max is 0).
 * For a field TO the source it is a cheapest way from (x,y) to the
 * source, the steps path_field_next_step() would give; for a field FROM
 * the source, a cheapest way from the source to (x,y), read backwards.
 * Returns its length in points, which may exceed max; 0 if (x,y) is not
 * final or cannot reach the source.
 */
PATH_API size_t	 path_field_path(const struct path_field *, int x, int y,
	     struct path_point *out, size_t max);

PATH_END_DECLS

#endif
