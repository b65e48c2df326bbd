/*
 * movingai.h: Moving AI benchmark maps (.map).
 *
 * The reader takes the file's bytes, so the same code serves files,
 * tests and fuzzers, and validates everything before allocating: a
 * header claiming a million by a million cells is refused, not obeyed.
 * The scenario files (.map.scen) are the lab's to read: astray-lab's
 * src/lab/search/scen.h, not part of the installed library.
 * Errors read "file:line: what was expected".
 */
#ifndef ASTRAY_MOVINGAI_H
#define ASTRAY_MOVINGAI_H

#include <stddef.h>

#include "api.h"
#include "grid.h"

PATH_BEGIN_DECLS

/*
 * Parses a .map: "type octile", "height H", "width W", "map", then H rows
 * of W characters.  '.', 'G' and 'S' are open (cost 1); '@', 'O', 'T' and
 * 'W' are blocked.  Returns a new grid or NULL with *cause set.
 */
PATH_API struct path_grid *path_movingai_parse_map(const char *name, const char *buf,
		     size_t len, char **cause);
PATH_API struct path_grid *path_movingai_read_map(const char *path, char **cause);

PATH_END_DECLS

#endif
