/*
 * saves.h: the library's objects written into, and read from, a record
 * that the caller is building (serial.h in the base layer).
 *
 * astray's own saves hold a level's grids, contexts and planners among
 * its other records, in one file, so they write them through the base
 * layer's writer.  These functions are internal to programs built with
 * the library's sources: the installed API offers the same through
 * buffers of bytes (path_grid_save_buffer and the others), which wrap
 * these with a header naming the kind of object and the format's
 * version.
 */
#ifndef ASTRAY_PATH_SAVES_H
#define ASTRAY_PATH_SAVES_H

#include "grid.h"
#include "planner.h"
#include "serial.h"

/*
 * Writes a grid (size, cells, version and change log) for a save, and
 * reads one back.  Reading checks sizes, costs and log entries and
 * returns NULL, with the reader's error set, on anything wrong.
 */
void	 path_grid_save(const struct path_grid *, struct ser *);
struct path_grid *path_grid_load(struct deser *);

/*
 * Writes what a context keeps across turns that changes later plans (the
 * adaptive planners' learned tables) for a save.  path_context_load()
 * reads it into a fresh context on the restored grid (same size and
 * rules) before its planners are loaded, checks it (a learned table must
 * be consistent with the grid it was learned on, its path marks exact),
 * and refuses anything else, returning -1 with the reader's error set and
 * the context as new.  A restored context and its restored planners make
 * exactly the choices the saved ones would have made.
 */
void	 path_context_save(const struct path_context *, struct ser *);

int	 path_context_load(struct path_context *, struct deser *);

/*
 * Writes a planner's whole state (positions, path, search) for a save.
 * path_planner_load() reads one into a planner of the same kind made in a
 * context on the restored grid, and refuses anything inconsistent
 * (returning -1 with the reader's error set).  A restored planner makes
 * exactly the choices the saved one would have made.
 */
void	 path_planner_save(const struct path_planner *, struct ser *);
int	 path_planner_load(struct path_planner *, struct deser *);

#endif
