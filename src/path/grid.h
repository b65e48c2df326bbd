/*
 * grid.h: the cost grid, with its version counter and change log.
 *
 * A grid is width x height step costs: 0 is blocked, 1..254 the cost of
 * entering the cell in units of an orthogonal step.  Every change that
 * alters a cost bumps the version and is appended to a bounded log, so an
 * incremental planner can replay exactly the changes since the version it
 * last saw, or learn that the log no longer reaches back that far and
 * replan from scratch.
 */
#ifndef ASTRAY_GRID_H
#define ASTRAY_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "rules.h"

PATH_BEGIN_DECLS

#define PATH_GRID_MAX_SIDE	16384		/* per dimension */
#define PATH_GRID_MAX_CELLS	(1L << 26)	/* 64 Mi cells */
#define PATH_GRID_MAX_COST	254
#define PATH_GRID_LOG_DEFAULT	4096
#define PATH_MAP_MAX_FILE	(256UL << 20)	/* largest map file read */

/*
 * No path costs more than entering every cell of the largest grid at the
 * dearest step: a saved cost above it is damage, and would overflow the
 * sums a planner makes.
 */
#define PATH_GRID_MAX_PATH_COST \
	((path_cost)PATH_GRID_MAX_CELLS * PATH_GRID_MAX_COST * PATH_COST_DIAG)

struct path_grid;

/* One entry of the change log. */
struct path_change {
	int	x;
	int	y;
	uint8_t	old_cost;
	uint8_t	new_cost;
};

typedef void (*path_change_fn)(void *ctx, const struct path_change *);

/*
 * Checks that a width x height grid is allowed.  Returns 0, or -1 with
 * *cause set to a message the caller frees.
 */
PATH_API int	path_grid_check_size(long width, long height, char **cause);

/*
 * Creates a grid of the given size with every cell set to fill, keeping
 * the last log_capacity changes (at least 1).  Returns NULL if the size
 * does not pass path_grid_check_size() (which says why).
 */
PATH_API struct path_grid *path_grid_new(int width, int height, uint8_t fill,
		     size_t log_capacity);
/*
 * Costs from the caller (libtcod's TCOD_path_new_using_function): a grid
 * whose step costs come from fn instead of stored cells.  fn is asked for
 * the step from (fx,fy) to its neighbour (tx,ty), both inside the grid,
 * and returns PATH_COST_NONE if the step is blocked, or its cost in fixed
 * point (rules.h), which may depend on the direction, on who moves, on
 * what stands where: path_step_cost(rules, dx, dy, w) is the stored grid's
 * cost of entering a cell of cost w.  A cost must be at least the step's
 * unweighted cost under the search's rules (path_step_cost(rules, dx, dy,
 * 1): PATH_COST_ORTHO, or the diagonal's), or the heuristic would
 * overestimate, and at most PATH_GRID_MAX_STEP_COST (the stored grid's
 * dearest step, a diagonal into a cell of 254); a search that is
 * given one outside returns PATH_COST_ERROR and tells the error handler
 * (memory.h) of the misuse.  Under PATH_DIAG_NO_CORNER_CUT (or
 * PATH_DIAG_ONE_SIDE) a diagonal step also needs both (or one of) the two
 * orthogonal steps from the same cell towards its sides unblocked.
 *
 * Who can use one: path_astar_search(), the path_field functions and the
 * astar planner (path_planner_new(PATH_PLANNER_ASTAR, ...) on a context of
 * a callback grid; a budget is ignored: each plan searches in full) ask fn
 * on every search, so they are exact whatever it returns, as long as it
 * returns the same between the start and the end of one search (a field
 * in progress included).  Jump point search cannot (its runs skip the
 * cells whose costs it would have to ask): path_jps_supports() is 0 and
 * path_jps_search() returns PATH_COST_ERROR.  Every other planner kind
 * (cached, dstar, mtdstar, field, crowd, adaptive) keeps what it found
 * from one call to the next and learns what changed from the grid's
 * change log, which a callback cannot write: path_planner_new() returns
 * NULL for them, as path_flank_new() and path_safety_compute() (which
 * returns PATH_COST_ERROR) do.  A callback grid has no stored costs:
 * path_grid_get() reads 1 for every cell inside, path_grid_set() changes
 * nothing (0), the version stays 0, and path_grid_save_buffer() returns
 * NULL (save what fn reads instead).  Each is told to the error handler
 * as a misuse but path_grid_get()'s.  A clone asks the same fn.
 *
 * Returns NULL (a misuse told to the handler) for a size out of range or
 * a NULL fn.  The price, measured in docs/library.md: A* asks fn for
 * every step it looks at and cannot use the stored grid's bucket queue.
 */
#define PATH_GRID_MAX_STEP_COST \
	((path_cost)PATH_COST_DIAG * PATH_GRID_MAX_COST)

typedef path_cost (*path_cost_fn)(void *user, int fx, int fy, int tx,
    int ty);

PATH_API struct path_grid *path_grid_new_callback(int width, int height,
		     path_cost_fn fn, void *user);

/* Whether a grid's costs come from a callback (path_grid_new_callback). */
PATH_API int	 path_grid_is_callback(const struct path_grid *);

PATH_API struct path_grid *path_grid_clone(const struct path_grid *);
PATH_API void	 path_grid_free(struct path_grid *);

PATH_API int	 path_grid_width(const struct path_grid *);
PATH_API int	 path_grid_height(const struct path_grid *);
PATH_API int	 path_grid_contains(const struct path_grid *, int x, int y);

/* Cost of a cell; 0 (blocked) outside the grid. */
PATH_API uint8_t	 path_grid_get(const struct path_grid *, int x, int y);

/*
 * Sets a cell's cost (clamped to 254).  Returns 1 and logs the change if
 * the cost differs, 0 if it was already so.  Cells outside are ignored.
 */
PATH_API int	 path_grid_set(struct path_grid *, int x, int y, unsigned cost);

/* Number of cost changes ever made; starts at 0. */
PATH_API uint64_t path_grid_version(const struct path_grid *);
PATH_API size_t	 path_grid_log_capacity(const struct path_grid *);

/*
 * Calls fn for every change after version `since`, oldest first.  Returns
 * the number of changes replayed, or -1 if the log no longer holds all of
 * them (the caller must start over) or since is in the future.
 */
PATH_API long	 path_grid_changes_since(const struct path_grid *, uint64_t since,
	     path_change_fn fn, void *ctx);

/*
 * Saves a grid (size, costs, version and change log) into a new buffer of
 * *len bytes, which the caller frees with free().  The buffer begins with
 * a header naming what it holds and the format's version.
 */
PATH_API void	*path_grid_save_buffer(const struct path_grid *, size_t *len);

/*
 * Restores a grid saved by path_grid_save_buffer().  Returns a new grid,
 * or NULL with *cause set to a message (the caller frees it) when the
 * bytes are not exactly one saved grid of this format's version.
 */
PATH_API struct path_grid *path_grid_load_buffer(const void *buf, size_t len,
		     char **cause);

PATH_END_DECLS

#endif
