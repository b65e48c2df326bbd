/*
 * movingai.c: reading Moving AI maps.
 *
 * The parser trusts nothing.  A map's size is checked against the grid
 * limits and against the bytes that actually follow "map" before a grid
 * is allocated, so a ten-byte file claiming a huge map costs nothing.
 * Rows must have exactly the promised width; unknown characters are
 * reported with their column.  The scenarios that go with the maps are
 * the lab's to read (src/lab/search/scen.c).
 */
#include <stdlib.h>
#include <string.h>

#include "grid-internal.h"
#include "movingai.h"
#include "scan.h"
#include "xmalloc.h"

/* Cost of a Moving AI map character: 1 open, 0 blocked, -1 unknown. */
static int
movingai_terrain(unsigned char c)
{
	switch (c) {
	case '.':
	case 'G':
	case 'S':
		return (1);
	case '@':
	case 'O':
	case 'T':
	case 'W':
		return (0);
	default:
		return (-1);
	}
}

/* Parses "height N" / "width N" values; returns 0 or -1 with *cause. */
static int
movingai_dimension(struct scan *s, struct scan_field *f, int nf,
    long *out, char **cause)
{
	char	show[64];

	if (*out != 0) {
		*cause = scan_error(s, f[0].column, "%.*s given twice",
		    (int)f[0].n, f[0].p);
		return (-1);
	}
	if (nf != 2) {
		*cause = scan_error(s, f[0].column, "expected \"%.*s N\"",
		    (int)f[0].n, f[0].p);
		return (-1);
	}
	if (scan_long(&f[1], 1, PATH_GRID_MAX_SIDE, out) != 0) {
		*cause = scan_error(s, f[1].column, "%.*s %s is not a number "
		    "from 1 to %d", (int)f[0].n, f[0].p, scan_show(&f[1], show),
		    PATH_GRID_MAX_SIDE);
		return (-1);
	}
	return (0);
}

/* Parses a .map: see movingai.h. */
struct path_grid *
path_movingai_parse_map(const char *name, const char *buf, size_t len,
    char **cause)
{
	struct scan		 s;
	struct scan_field	 f[3];
	struct path_grid	*g;
	long			 width = 0, height = 0, x, y;
	int			 nf, have_type = 0, c, seen = 0;
	char			 show[64], ch[8];

	scan_init(&s, name, buf, len);
	for (;; seen++) {
		if (!scan_content_line(&s, '\0')) {
			if (seen == 0)
				*cause = xasprintf("%s: empty file: expected a "
				    "Moving AI map (\"type octile\")", name);
			else
				*cause = scan_error(&s, 0, "the map ends "
				    "before its \"map\" line");
			return (NULL);
		}
		nf = scan_fields(&s, f, 3);
		if (scan_is(&f[0], "map") && nf == 1)
			break;
		if (scan_is(&f[0], "type")) {
			if (nf != 2 || !scan_is(&f[1], "octile")) {
				*cause = scan_error(&s, f[0].column,
				    "expected \"type octile\" (the only type of "
				    "Moving AI grid map)");
				return (NULL);
			}
			have_type = 1;
		} else if (scan_is(&f[0], "height")) {
			if (movingai_dimension(&s, f, nf, &height, cause) != 0)
				return (NULL);
		} else if (scan_is(&f[0], "width")) {
			if (movingai_dimension(&s, f, nf, &width, cause) != 0)
				return (NULL);
		} else {
			*cause = scan_error(&s, f[0].column, "expected \"type\", "
			    "\"height\", \"width\" or \"map\", found %s",
			    scan_show(&f[0], show));
			return (NULL);
		}
	}
	if (!have_type || width == 0 || height == 0) {
		*cause = scan_error(&s, 0, "the header lacks its %s line",
		    !have_type ? "\"type\"" : width == 0 ? "\"width\"" :
		    "\"height\"");
		return (NULL);
	}
	if (path_grid_check_size(width, height, cause) != 0) {
		char	*why = *cause;

		*cause = scan_error(&s, 0, "%s", why);
		free(why);
		return (NULL);
	}
	if (scan_remaining(&s) < (size_t)(width * height)) {
		*cause = scan_error(&s, 0, "truncated: the header promises %ld "
		    "rows of %ld cells but only %zu bytes follow", height,
		    width, scan_remaining(&s));
		return (NULL);
	}

	g = path_grid_new((int)width, (int)height, 0, PATH_GRID_LOG_DEFAULT);
	for (y = 0; y < height; y++) {
		if (!scan_line(&s)) {
			*cause = scan_error(&s, 0, "truncated: %ld of %ld rows",
			    y, height);
			goto fail;
		}
		if ((long)s.n != width) {
			*cause = scan_error(&s, 0, "row %ld has %zu characters, "
			    "expected %ld", y + 1, s.n, width);
			goto fail;
		}
		for (x = 0; x < width; x++) {
			c = movingai_terrain((unsigned char)s.p[x]);
			if (c < 0) {
				*cause = scan_error(&s, (int)x + 1, "unknown "
				    "character %s (expected one of . G S @ O "
				    "T W)", scan_show_byte((unsigned char)s.p[x],
				    ch));
				goto fail;
			}
			g->cells[grid_index(g, (int)x, (int)y)] = (uint8_t)c;
		}
	}
	if (scan_content_line(&s, '\0')) {
		*cause = scan_error(&s, 0, "unexpected text after the %ld rows "
		    "of the map", height);
		goto fail;
	}
	grid_refresh(g);
	return (g);

fail:
	path_grid_free(g);
	return (NULL);
}

/* Reads a .map file: see movingai.h. */
struct path_grid *
path_movingai_read_map(const char *path, char **cause)
{
	struct path_grid	*g;
	char			*buf;
	size_t			 len;

	if ((buf = x_read_file(path, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	g = path_movingai_parse_map(path, buf, len, cause);
	free(buf);
	return (g);
}
