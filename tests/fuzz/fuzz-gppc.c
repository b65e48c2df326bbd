/*
 * fuzz-gppc.c: GPPC dynamic scenarios and patch files (src/path/gppc.c,
 * lab_gppc_parse and lab_gppc_patch_name).
 *
 * The input is a scenario, a NUL byte, then its patch file (no NUL: an
 * empty patch file).  A refused pair must leave a "name:..." message.  In
 * an accepted one every patch must fit the grid, every command must name
 * a patch that exists and lie inside the grid, and the queries must be
 * counted; lab_gppc_patch_name() must agree that the scenario's header
 * is good.  Every patch command is then applied to a grid of the
 * scenario's size, as astray-lab dyn does, under the sanitizers' eyes.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gppc.h"
#include "grid.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct lab_gppc_command	*c;
	const struct lab_gppc_patch	*p;
	struct lab_gppc		*sc;
	struct path_grid		*g;
	const char			*buf = (const char *)data, *nul;
	const char			*patch = "";
	char				*cause = NULL, *name;
	size_t				 len = size, plen = 0, i, queries = 0;
	int				 line;

	if ((nul = memchr(buf, '\0', size)) != NULL) {
		len = (size_t)(nul - buf);
		patch = nul + 1;
		plen = size - len - 1;
	}
	sc = lab_gppc_parse("g.scen", buf, len, "g.patch", patch, plen,
	    &cause);
	if (sc == NULL) {
		fuzz_assert(cause != NULL && (strncmp(cause, "g.scen:", 7) == 0
		    || strncmp(cause, "g.patch:", 8) == 0), "message \"%s\"",
		    cause != NULL ? cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	name = lab_gppc_patch_name("g.scen", buf, len, &line, &cause);
	fuzz_assert(name != NULL, "the scenario parses but its patch name "
	    "does not: %s", cause);
	fuzz_assert(name[0] != '\0' && strchr(name, '/') == NULL &&
	    strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && line > 0,
	    "patch file \"%s\" at line %d", name, line);
	free(name);

	fuzz_assert(sc->width >= 1 && sc->height >= 1 &&
	    sc->width <= PATH_GRID_MAX_SIDE && sc->height <= PATH_GRID_MAX_SIDE,
	    "size %dx%d", sc->width, sc->height);
	fuzz_assert(strcmp(sc->patch_file, "g.patch") == 0, "patch file %s",
	    sc->patch_file);
	for (i = 0; i < sc->npatches; i++) {
		p = &sc->patches[i];
		fuzz_assert(p->width >= 1 && p->width <= sc->width &&
		    p->height >= 1 && p->height <= sc->height && p->open != NULL,
		    "patch %zu is %dx%d", i, p->width, p->height);
	}
	for (i = 0; i < sc->ncommands; i++) {
		c = &sc->commands[i];
		if (c->kind == LAB_GPPC_PATCH) {
			fuzz_assert(c->patch >= 0 &&
			    (size_t)c->patch < sc->npatches, "command %zu: "
			    "patch %d", i, c->patch);
			p = &sc->patches[c->patch];
			fuzz_assert(c->x >= 0 && c->y >= 0 &&
			    c->x + p->width <= sc->width &&
			    c->y + p->height <= sc->height, "command %zu: patch "
			    "at %d,%d", i, c->x, c->y);
			continue;
		}
		fuzz_assert(c->kind == LAB_GPPC_QUERY, "command %zu: kind %d",
		    i, (int)c->kind);
		fuzz_assert(c->sx >= 0 && c->sx < sc->width && c->sy >= 0 &&
		    c->sy < sc->height && c->gx >= 0 && c->gx < sc->width &&
		    c->gy >= 0 && c->gy < sc->height, "command %zu: query "
		    "outside the grid", i);
		fuzz_assert(c->reference == -1 || c->reference >= 0,
		    "command %zu: reference %g", i, c->reference);
		queries++;
	}
	fuzz_assert(queries == sc->nqueries, "%zu queries counted as %zu",
	    queries, sc->nqueries);
	if ((long)sc->width * sc->height <= 1L << 20) {
		g = path_grid_new(sc->width, sc->height, 1,
		    PATH_GRID_LOG_DEFAULT);
		for (i = 0; i < sc->ncommands; i++) {
			if (sc->commands[i].kind == LAB_GPPC_PATCH)
				lab_gppc_apply(sc, &sc->commands[i], g);
		}
		path_grid_free(g);
	}
	lab_gppc_free(sc);
	return (0);
}
