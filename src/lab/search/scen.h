/*
 * scen.h: Moving AI benchmark scenarios (.map.scen), read by astray-lab
 * and its tests (the lab's library, not the installed libastray-path).
 *
 * The reader takes the file's bytes, so the same code serves files,
 * tests and fuzzers, and validates everything before allocating.
 * Errors read "file:line: what was expected".
 */
#ifndef ASTRAY_SCEN_H
#define ASTRAY_SCEN_H

#include <stddef.h>

#include "grid.h"

#define LAB_SCEN_MAX_PROBLEMS	1000000

/* One problem of a scenario file. */
struct lab_scenario_problem {
	int	 bucket;
	int	 width;		/* of the map the problem was made for */
	int	 height;
	int	 sx, sy;
	int	 gx, gy;
	double	 optimal;	/* optimal length, in orthogonal steps */
	int	 line;		/* line in the scenario file */
};

struct lab_scenario {
	char			*map;	/* the map field of the first problem */
	struct lab_scenario_problem *problems;
	size_t			 count;
};

/*
 * Parses a .map.scen: "version 1" (or 1.0), then lines of nine fields
 * separated by tabs or spaces.  Returns a new scenario or NULL with
 * *cause set.
 */
struct lab_scenario *lab_scen_parse(const char *name, const char *buf,
		     size_t len, char **cause);
struct lab_scenario *lab_scen_read(const char *path, char **cause);
void	 lab_scen_free(struct lab_scenario *);

/*
 * Checks a scenario against the map it runs on: the sizes agree and every
 * start and goal is inside the map and open.  Returns 0, or -1 with *cause
 * naming the scenario's file and line.
 */
int	 lab_scen_check(const struct lab_scenario *, const char *scen_name,
	     const struct path_grid *, char **cause);

/*
 * True when a fixed-point cost matches an optimal length printed in a
 * benchmark file, within max(0.011, 2e-5 * length).
 */
int	 lab_length_matches(double optimal, path_cost cost);

#endif
