/*
 * tilemap.h: maps of integer tile costs for the textbook search.
 *
 * Tutorials give tiles costs a cost grid cannot hold (200 for a
 * mountain, 99999 for a swamp that is only a last resort), so the
 * textbook search reads its maps here: any map path_map_read() reads,
 * or a text grid with a legend saying what each glyph costs.  A legend
 * comes from the command line ("w=blocked,~=5,^=200") or from lines
 * starting with "legend" above the grid in the file:
 *
 *	legend ~=5 ^=200 w=blocked
 *	..~~^
 *	.ww.^
 *
 * With a legend, '.' costs 1, '#' and '@' are blocked and the digits
 * 1-9 cost their value, unless the legend says otherwise; every other
 * glyph must be in the legend.  Spaces and tabs separate cells, as in
 * every text grid.
 */
#ifndef ASTRAY_TILEMAP_H
#define ASTRAY_TILEMAP_H

#include <stddef.h>
#include <stdint.h>

struct path_tilemap {
	int		 width;
	int		 height;
	uint32_t	*cost;		/* 0 blocked; row by row */
	char		*glyph;		/* the character each cell was typed as */
};

/*
 * Reads a map; legend may be NULL.  Returns a new map, or NULL with
 * *cause set to "file:line:column: what" (or "--legend:column: what").
 */
struct path_tilemap *path_tilemap_read(const char *file, const char *legend,
		     char **cause);

/* Parses a text map held in memory: the same rules, for tests and fuzzing. */
struct path_tilemap *path_tilemap_parse(const char *name, const char *buf,
		     size_t len, const char *legend, char **cause);

void		 path_tilemap_free(struct path_tilemap *);

#endif
