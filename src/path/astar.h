/*
 * astar.h: A* from scratch on a cost grid.
 *
 * A workspace holds per-cell search state for grids of one size and is
 * reused by every query: a generation stamp marks which cells the current
 * search has touched, so starting a search costs nothing per cell and a
 * query allocates nothing.  Ties between equal f values go to the larger
 * g, which on open maps walks straight at the goal instead of widening a
 * front of equally good cells.
 *
 * A workspace is not thread-safe; one per thread, shared by any number of
 * planners that take turns.
 */
#ifndef ASTRAY_ASTAR_H
#define ASTRAY_ASTAR_H

#include <stddef.h>

#include "api.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

struct path_astar;

/* What a search did to a cell, reported to a trace. */
enum path_trace_event {
	PATH_TRACE_EXPAND,	/* taken from the open list, now closed */
	PATH_TRACE_OPEN,	/* first reached: added to the open list */
	PATH_TRACE_IMPROVE	/* reached again by a cheaper route */
};

/*
 * A trace sees every step of a search, for walkthroughs and overlays.
 * (x,y) is the cell, g and h its values, (px,py) its parent (equal to the
 * cell itself for the start).
 */
typedef void (*path_trace_fn)(void *ctx, enum path_trace_event event,
    int x, int y, path_cost g, path_cost h, int px, int py);

/* State of a cell after the last search. */
enum path_cell_state {
	PATH_CELL_UNSEEN,
	PATH_CELL_OPEN,
	PATH_CELL_CLOSED
};

/*
 * Creates a workspace for grids of width x height; NULL if no grid can
 * have that size (path_grid_check_size).
 */
PATH_API struct path_astar *path_astar_new(int width, int height);
PATH_API void	 path_astar_free(struct path_astar *);

/* Bytes the workspace holds. */
PATH_API size_t	 path_astar_memory(const struct path_astar *);

/* Installs (or, with NULL, removes) a trace for later searches. */
PATH_API void	 path_astar_set_trace(struct path_astar *, path_trace_fn, void *ctx);

/*
 * Finds a cheapest path from (sx,sy) to (gx,gy).  Returns the path's
 * cost, or PATH_COST_NONE if the goal cannot be reached (including a
 * start or goal that is blocked or outside the grid), or PATH_COST_ERROR
 * if the grid is not of the workspace's size.  stats may be NULL;
 * otherwise it is overwritten.
 */
PATH_API path_cost path_astar_search(struct path_astar *, const struct path_grid *,
	     struct path_rules, int sx, int sy, int gx, int gy,
	     struct path_stats *stats);

/*
 * Copies the path found by the last search, start and goal included, into
 * out (at most max points).  Returns the number of points in the whole
 * path (0 if there is none), which may exceed max.
 */
PATH_API size_t	 path_astar_path(const struct path_astar *, struct path_point *out,
	     size_t max);

/* State and g value of a cell after the last search. */
PATH_API enum path_cell_state path_astar_cell(const struct path_astar *, int x, int y,
	     path_cost *g);

PATH_END_DECLS

#endif
