/*
 * fuzz-movingai-map.c: Moving AI maps (src/path/movingai.c,
 * path_movingai_parse_map).
 *
 * A refused map must leave a "name:..." message.  An accepted one must be
 * the size its header gave, with every cell open (1) or blocked (0) as
 * its character says, counted here independently from the text; and the
 * grid must survive a save and load unchanged, as it does inside a game
 * save.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "grid.h"
#include "movingai.h"
#include "saves.h"
#include "serial.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct path_grid	*g, *back;
	struct ser		 s;
	struct deser		 d;
	char			*cause = NULL;
	const char		*p, *end = (const char *)data + size;
	long			 open = 0, text_open = 0;
	int			 x, y, w, h;

	g = path_movingai_parse_map("m.map", (const char *)data, size, &cause);
	if (g == NULL) {
		fuzz_assert(cause != NULL && strncmp(cause, "m.map:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	w = path_grid_width(g);
	h = path_grid_height(g);
	fuzz_assert(w >= 1 && h >= 1 && w <= PATH_GRID_MAX_SIDE &&
	    h <= PATH_GRID_MAX_SIDE && (long)w * h <= PATH_GRID_MAX_CELLS,
	    "size %dx%d", w, h);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			fuzz_assert(path_grid_get(g, x, y) <= 1, "cell %d,%d "
			    "costs %d", x, y, path_grid_get(g, x, y));
			open += path_grid_get(g, x, y);
		}
	}
	fuzz_assert(!path_grid_contains(g, w, 0) &&
	    !path_grid_contains(g, 0, h) && !path_grid_contains(g, -1, 0),
	    "contains() outside the grid");

	/* The open cells, from the text after the "map" line. */
	for (p = (const char *)data; p < end; p++) {
		const char *q = p;

		if (p != (const char *)data && p[-1] != '\n' && p[-1] != '\r')
			continue;	/* a line begins after LF, CR or CR LF */
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (end - q < 3 || memcmp(q, "map", 3) != 0)
			continue;
		for (q += 3; q < end && (*q == ' ' || *q == '\t'); q++)
			;
		if (q == end || *q == '\n' || *q == '\r')
			break;
	}
	for (; p < end; p++)
		text_open += *p == '.' || *p == 'G' || *p == 'S';
	fuzz_assert(open == text_open, "%ld open cells in the grid, %ld in "
	    "the text", open, text_open);

	ser_init(&s);
	path_grid_save(g, &s);
	deser_init(&d, s.buf, s.len);
	back = path_grid_load(&d);
	fuzz_assert(back != NULL && d.error == NULL && d.pos == d.len,
	    "a saved grid does not load: %s", d.error != NULL ? d.error :
	    "(left over)");
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			fuzz_assert(path_grid_get(g, x, y) ==
			    path_grid_get(back, x, y), "cell %d,%d changed", x,
			    y);
	}
	path_grid_free(back);
	ser_free(&s);
	path_grid_free(g);
	return (0);
}
