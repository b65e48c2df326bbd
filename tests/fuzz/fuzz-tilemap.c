/*
 * fuzz-tilemap.c: maps with legends (src/path/tilemap.c,
 * path_tilemap_parse), the maps astray-lab explain reads, and the
 * textbook search on what they give.
 *
 * The input's first line is the --legend option (empty: none), the rest
 * the file.  A refused map must leave a message naming the file or the
 * option.  An accepted one must have a size of at least 1x1 and tile
 * costs within the limit, and the textbook search between its first
 * and last open cells must end with a path that starts and ends there,
 * or none.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "textbook.h"
#include "tilemap.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char			*text = (const char *)data, *nl;
	char				*legend = NULL, *cause = NULL;
	struct path_tilemap		*m;
	struct path_textbook_rules	 r = path_textbook_rules_default();
	struct path_textbook_result	 res;
	struct path_textbook_map	 tm;
	size_t				 n, i, first = 0, last = 0, open = 0;

	nl = memchr(text, '\n', size);
	if (nl != NULL && nl > text && memchr(text, '\0', (size_t)(nl -
	    text)) == NULL) {
		legend = strndup(text, (size_t)(nl - text));
		size -= (size_t)(nl - text) + 1;
		text = nl + 1;
	}
	m = path_tilemap_parse("t.txt", text, size, legend, &cause);
	free(legend);
	if (m == NULL) {
		fuzz_assert(cause != NULL && (strncmp(cause, "t.txt", 5) == 0 ||
		    strncmp(cause, "--legend:", 9) == 0), "message \"%s\"",
		    cause != NULL ? cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(m->width >= 1 && m->height >= 1, "size %dx%d", m->width,
	    m->height);
	n = (size_t)m->width * (size_t)m->height;
	for (i = 0; i < n; i++) {
		fuzz_assert(m->cost[i] <= PATH_TEXTBOOK_MAX_TILE, "tile %zu "
		    "costs %u", i, m->cost[i]);
		if (m->cost[i] != 0) {
			if (open++ == 0)
				first = i;
			last = i;
		}
	}
	if (open > 0 && n <= 4096) {
		tm = (struct path_textbook_map){ m->width, m->height, m->cost };
		r.orth = r.diag = r.scale = 1;
		path_textbook_search(&tm, &r, (int)(first % (size_t)m->width),
		    (int)(first / (size_t)m->width), (int)(last %
		    (size_t)m->width), (int)(last / (size_t)m->width), NULL,
		    NULL, &res);
		fuzz_assert(res.npath == 0 || ((size_t)res.path[0].y *
		    (size_t)m->width + (size_t)res.path[0].x == first &&
		    (size_t)res.path[res.npath - 1].y * (size_t)m->width +
		    (size_t)res.path[res.npath - 1].x == last), "path ends");
		free(res.path);
	}
	path_tilemap_free(m);
	return (0);
}
