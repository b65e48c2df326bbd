/*
 * fuzz-textgrid.c: hand-typed text grids (src/path/textgrid.c,
 * path_textgrid_parse), the maps astray-lab explain reads.
 *
 * A refused grid must leave a "name:..." message.  An accepted one must
 * have as many cells as the text has cell characters (every byte but
 * blanks, on lines that are not ';' comments; a line ends at LF, CR LF
 * or a lone CR), each a cost from 0 (wall) to 9.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "grid.h"
#include "textgrid.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct path_grid	*g;
	char			*cause = NULL;
	size_t			 i, start, cells = 0, k;
	int			 x, y, w, h;

	g = path_textgrid_parse("t.txt", (const char *)data, size, &cause);
	if (g == NULL) {
		fuzz_assert(cause != NULL && strncmp(cause, "t.txt:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	w = path_grid_width(g);
	h = path_grid_height(g);
	fuzz_assert(w >= 1 && h >= 1, "size %dx%d", w, h);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			fuzz_assert(path_grid_get(g, x, y) <= 9, "cell %d,%d "
			    "costs %d", x, y, path_grid_get(g, x, y));
	}
	/*
	 * Cell characters, line by line, skipping ';' comment lines and a
	 * UTF-8 byte-order mark at the very start, which readers accept.
	 */
	start = size >= 3 && data[0] == 0xef && data[1] == 0xbb &&
	    data[2] == 0xbf ? 3 : 0;
	for (; start < size; start = i + 1 + (i < size && data[i] == '\r' &&
	    i + 1 < size && data[i + 1] == '\n')) {
		for (i = start; i < size && data[i] != '\n' &&
		    data[i] != '\r'; i++)
			;
		for (k = start; k < i && (data[k] == ' ' || data[k] == '\t');
		    k++)
			;
		if (k < i && data[k] == ';')
			continue;
		for (; k < i; k++)
			cells += data[k] != ' ' && data[k] != '\t';
	}
	fuzz_assert(cells == (size_t)w * (size_t)h, "%zu cell characters, "
	    "%dx%d grid", cells, w, h);
	path_grid_free(g);
	return (0);
}
