/*
 * fuzz-movingai-scen.c: Moving AI scenarios (src/path/movingai.c,
 * lab_scen_parse and lab_scen_check).
 *
 * A refused scenario must leave a "name:..." message.  In an accepted one
 * every problem must lie inside the map size its own line gives, with a
 * finite optimal length of at least 0, and the lines must be in file
 * order.  The scenario is then held against a grid of its first problem's
 * size (walls where a hash of the input says), which must give a clean
 * yes or no.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "grid.h"
#include "movingai.h"
#include "scen.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct lab_scenario_problem	*p;
	struct lab_scenario		*sc;
	struct path_grid		*g;
	char				*cause = NULL;
	uint32_t			 hash = 2166136261u;
	size_t				 i;
	int				 x, y, line = 0;

	sc = lab_scen_parse("m.scen", (const char *)data, size,
	    &cause);
	if (sc == NULL) {
		fuzz_assert(cause != NULL && strncmp(cause, "m.scen:", 7) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	fuzz_assert(sc->count <= LAB_SCEN_MAX_PROBLEMS, "%zu problems",
	    sc->count);
	fuzz_assert(sc->count == 0 || sc->map != NULL, "no map name");
	for (i = 0; i < sc->count; i++) {
		p = &sc->problems[i];
		fuzz_assert(p->width >= 1 && p->width <= PATH_GRID_MAX_SIDE &&
		    p->height >= 1 && p->height <= PATH_GRID_MAX_SIDE,
		    "problem %zu: size %dx%d", i, p->width, p->height);
		fuzz_assert(p->sx >= 0 && p->sx < p->width && p->sy >= 0 &&
		    p->sy < p->height && p->gx >= 0 && p->gx < p->width &&
		    p->gy >= 0 && p->gy < p->height, "problem %zu: points "
		    "outside %dx%d", i, p->width, p->height);
		fuzz_assert(isfinite(p->optimal) && p->optimal >= 0,
		    "problem %zu: optimal %g", i, p->optimal);
		fuzz_assert(p->bucket >= 0, "problem %zu: bucket %d", i,
		    p->bucket);
		fuzz_assert(p->line > line, "problem %zu: line %d after %d", i,
		    p->line, line);
		line = p->line;
	}
	if (sc->count > 0 && (long)sc->problems[0].width *
	    sc->problems[0].height <= 1L << 16) {
		for (i = 0; i < size; i++)
			hash = (hash ^ data[i]) * 16777619u;
		g = path_grid_new(sc->problems[0].width,
		    sc->problems[0].height, 1, PATH_GRID_LOG_DEFAULT);
		for (y = 0; y < path_grid_height(g); y++) {
			for (x = 0; x < path_grid_width(g); x++) {
				if (((hash >> ((x + 3 * y) % 29)) & 7) == 0)
					path_grid_set(g, x, y, 0);
			}
		}
		if (lab_scen_check(sc, "m.scen", g, &cause) != 0) {
			fuzz_assert(cause != NULL && strncmp(cause, "m.scen:",
			    7) == 0, "message \"%s\"", cause != NULL ? cause :
			    "(none)");
			free(cause);
		}
		path_grid_free(g);
	}
	lab_scen_free(sc);
	return (0);
}
