/*
 * movingai.h: Moving AI benchmark maps (.map) and scenarios (.map.scen).
 *
 * Both readers take the file's bytes, so the same code serves files,
 * tests and fuzzers, and both validate everything before allocating: a
 * header claiming a million by a million cells is refused, not obeyed.
 * Errors read "file:line: what was expected".
 */
#ifndef ASTRAY_MOVINGAI_H
#define ASTRAY_MOVINGAI_H

#include <stddef.h>

#include "api.h"
#include "grid.h"

PATH_BEGIN_DECLS

#define PATH_SCEN_MAX_PROBLEMS	1000000

/* One problem of a scenario file. */
struct path_scen_problem {
	int	 bucket;
	int	 width;		/* of the map the problem was made for */
	int	 height;
	int	 sx, sy;
	int	 gx, gy;
	double	 optimal;	/* optimal length, in orthogonal steps */
	int	 line;		/* line in the scenario file */
};

struct path_scen {
	char			*map;	/* the map field of the first problem */
	struct path_scen_problem *problems;
	size_t			 count;
};

/*
 * Parses a .map: "type octile", "height H", "width W", "map", then H rows
 * of W characters.  '.', 'G' and 'S' are open (cost 1); '@', 'O', 'T' and
 * 'W' are blocked.  Returns a new grid or NULL with *cause set.
 */
PATH_API struct path_grid *path_movingai_parse_map(const char *name, const char *buf,
		     size_t len, char **cause);
PATH_API struct path_grid *path_movingai_read_map(const char *path, char **cause);

/*
 * Parses a .map.scen: "version 1" (or 1.0), then lines of nine fields
 * separated by tabs or spaces.  Returns a new scenario or NULL with
 * *cause set.
 */
PATH_API struct path_scen *path_movingai_parse_scen(const char *name, const char *buf,
		     size_t len, char **cause);
PATH_API struct path_scen *path_movingai_read_scen(const char *path, char **cause);
PATH_API void	 path_scen_free(struct path_scen *);

/*
 * Checks a scenario against the map it runs on: the sizes agree and every
 * start and goal is inside the map and open.  Returns 0, or -1 with *cause
 * naming the scenario's file and line.
 */
PATH_API int	 path_scen_check(const struct path_scen *, const char *scen_name,
	     const struct path_grid *, char **cause);

/*
 * True when a fixed-point cost matches an optimal length printed in a
 * benchmark file, within max(0.011, 2e-5 * length).
 */
PATH_API int	 path_length_matches(double optimal, path_cost cost);

PATH_END_DECLS

#endif
