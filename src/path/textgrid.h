/*
 * textgrid.h: small maps typed by hand, and loading a map of any kind.
 *
 * Textbooks draw grids as rows of 0 and 1 (1 = wall), often with spaces
 * between the digits; roguelike authors draw them with '.' and '#'.  Both
 * read here.  In '.'/'#' grids the digits 1 to 9 are open cells of that
 * cost, so weighted terrain can be typed too.
 */
#ifndef ASTRAY_TEXTGRID_H
#define ASTRAY_TEXTGRID_H

#include <stddef.h>

#include "api.h"
#include "grid.h"

PATH_BEGIN_DECLS

/*
 * Parses a text grid.  Blank lines and lines starting with ';' are
 * ignored; every row must have the same width.  Returns a new grid or NULL
 * with *cause set to "name:line:column: ...".
 */
PATH_API struct path_grid *path_textgrid_parse(const char *name, const char *buf,
		     size_t len, char **cause);

/*
 * Reads a map file: Moving AI when it starts with "type", else a text
 * grid.  Returns a new grid or NULL with *cause set.
 */
PATH_API struct path_grid *path_map_read(const char *path, char **cause);

PATH_END_DECLS

#endif
