/*
 * jps.h: jump point search, from scratch, on uniform-cost grids.
 *
 * Jump point search (Harabor & Grastien, AAAI 2011) is A* that skips the
 * cells a cheapest path would only pass straight through: from each cell
 * it expands, it runs along each useful direction until it meets a cell
 * where a path may have to turn (a jump point), and only jump points go
 * on the open list.  On game maps that is one to two orders of magnitude
 * fewer cells on the open list for the same, optimal, cost.
 *
 * It is exact only where every open cell costs the same and the rules
 * are the Moving AI and GPPC ones: eight neighbours, diagonal steps of
 * sqrt(2) that never cut a corner.  path_jps_supports() tells; a search
 * under other rules is a caller's error.
 *
 * A workspace is reused by every query, as A*'s is, and is not
 * thread-safe.
 */
#ifndef ASTRAY_JPS_H
#define ASTRAY_JPS_H

#include <stddef.h>

#include "api.h"
#include "astar.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

struct path_jps;

/*
 * Creates a workspace for grids of width x height; NULL if no grid can
 * have that size (path_grid_check_size).
 */
PATH_API struct path_jps *path_jps_new(int width, int height);
PATH_API void	 path_jps_free(struct path_jps *);

/* Bytes the workspace holds. */
PATH_API size_t	 path_jps_memory(const struct path_jps *);

/*
 * Installs (or, with NULL, removes) a trace.  It sees jump points only:
 * each one opened, improved and expanded, with its g, h and the jump
 * point it was reached from.
 */
PATH_API void	 path_jps_set_trace(struct path_jps *, path_trace_fn, void *ctx);

/*
 * Whether jump point search is exact on this grid under these rules: every
 * open cell costs the same, the movement is 8-octile or 8-euclid and
 * diagonal steps may not cut corners.  Changes to the grid can change the
 * answer.  Never on a grid of costs from a callback (grid.h): a run skips
 * the very cells whose costs it would have to ask.
 */
PATH_API int	 path_jps_supports(const struct path_grid *, struct path_rules);

/*
 * Whether jump point search should answer a from-scratch query here rather
 * than A*: it is exact here (path_jps_supports()) and the grid is not of
 * the kind where it measurably loses (see jps.c).  The choice the lab's
 * "auto" makes.
 */
PATH_API int	 path_jps_preferred(const struct path_grid *, struct path_rules);

/*
 * Builds the bit planes that the first path_jps_search() of this grid
 * would otherwise build (about 330 KB and 2 to 3 ms on 512x512), so that
 * no search pays for them: a benchmark's timed loop, a game's first
 * turn.  The grid keeps them current at every write from then on.  Safe
 * to call again (it does nothing once they are built) and from several
 * threads at once, as searches are.  Returns 0, or -1 with nothing built
 * on a grid of costs from a callback, which jump point search never
 * searches.
 */
PATH_API int	 path_jps_prepare(const struct path_grid *);

/*
 * Finds a cheapest path from (sx,sy) to (gx,gy), as path_astar_search()
 * does, with the same result: its cost, or PATH_COST_NONE.  Returns
 * PATH_COST_ERROR, searching nothing, if the grid and rules are not
 * supported (path_jps_supports()) or the grid is not of the workspace's
 * size.  stats counts jump points: expansions are jump points taken from
 * the open list.  The first search of a grid builds the bit planes the
 * searches read, unless path_jps_prepare() has (a grid never searched
 * this way has none), and the grid keeps them current at every write;
 * several threads may make that first search at once.
 */
PATH_API path_cost path_jps_search(struct path_jps *, const struct path_grid *,
	     struct path_rules, int sx, int sy, int gx, int gy,
	     struct path_stats *stats);

/*
 * Copies the path found by the last search, every cell of it from start to
 * goal (the cells between jump points filled in), into out (at most max
 * points).  Returns the number of points in the whole path, 0 if none.
 */
PATH_API size_t	 path_jps_path(const struct path_jps *, struct path_point *out,
	     size_t max);

PATH_END_DECLS

#endif
