/*
 * textgrid.c: grids typed by hand.
 *
 * Two passes over the text: the first checks every row and character and
 * learns the size, the second fills a grid that is only allocated once
 * the whole file is known to be good.  Spaces and tabs separate cells and
 * are never cells themselves, so "0 0 1" and "001" are the same row.  A
 * file whose cells are all 0 or 1 is a textbook grid (1 = wall);
 * anything else is read as '.' open, '#' or '@' wall, 1-9 open with that
 * cost.
 */
#include <stdlib.h>
#include <string.h>

#include "grid-internal.h"
#include "movingai.h"
#include "scan.h"
#include "textgrid.h"
#include "xmalloc.h"

/* Cost of a cell character: 0 wall, 1..9 open, -1 unknown. */
static int
textgrid_cell(unsigned char c, int digits)
{
	if (digits)
		return (c == '0' ? 1 : c == '1' ? 0 : -1);
	if (c == '.')
		return (1);
	if (c == '#' || c == '@')
		return (0);
	if (c >= '1' && c <= '9')
		return (c - '0');
	return (-1);
}

/* Whether every cell of the text is a 0 or a 1. */
static int
textgrid_all_digits(const char *name, const char *buf, size_t len)
{
	struct scan	s;
	size_t		i;

	scan_init(&s, name, buf, len);
	while (scan_content_line(&s, ';')) {
		for (i = 0; i < s.n; i++) {
			if (s.p[i] != ' ' && s.p[i] != '\t' && s.p[i] != '0' &&
			    s.p[i] != '1')
				return (0);
		}
	}
	return (1);
}

/*
 * Walks the rows, checking them; with g non-NULL also fills it.  Returns
 * 0 with the size in *w and *h, or -1 with *cause set; when the error is
 * an unknown character, its column is in *w and its line in *h, else *w
 * is 0.
 */
static int
textgrid_walk(const char *name, const char *buf, size_t len, int digits,
    struct path_grid *g, long *w, long *h, char **cause)
{
	struct scan	s;
	size_t		i;
	long		x, y = 0, first_line = 0, width;
	int		c;
	char		ch[8], *why;

	scan_init(&s, name, buf, len);
	*w = 0;
	while (scan_content_line(&s, ';')) {
		x = 0;
		width = *w;
		for (i = 0; i < s.n; i++) {
			if (s.p[i] == ' ' || s.p[i] == '\t')
				continue;
			c = textgrid_cell((unsigned char)s.p[i], digits);
			if (c < 0) {
				*cause = scan_error(&s, (int)i + 1, "unknown "
				    "character %s (expected %s)",
				    scan_show_byte((unsigned char)s.p[i], ch),
				    digits ? "0 or 1" : "'.', '#', '@' or a "
				    "digit 1-9");
				*w = (long)i + 1;
				*h = s.line;
				return (-1);
			}
			if (g != NULL)
				g->cells[grid_index(g, (int)x, (int)y)] =
				    (uint8_t)c;
			if (++x > PATH_GRID_MAX_SIDE) {
				*cause = scan_error(&s, (int)i + 1, "row is "
				    "wider than %d cells", PATH_GRID_MAX_SIDE);
				*w = 0;
				return (-1);
			}
		}
		if (y == 0) {
			*w = x;
			first_line = s.line;
		} else if (x != width) {
			*cause = scan_error(&s, 0, "row has %ld cells, expected "
			    "%ld as on line %ld", x, width, first_line);
			*w = 0;
			return (-1);
		}
		if (++y > PATH_GRID_MAX_SIDE) {
			*cause = scan_error(&s, 0, "more than %d rows",
			    PATH_GRID_MAX_SIDE);
			*w = 0;
			return (-1);
		}
	}
	*h = y;
	width = *w;
	*w = 0;
	if (y == 0) {
		*cause = xasprintf("%s: empty file: expected rows of 0/1 "
		    "digits or of '.' and '#'", name);
		return (-1);
	}
	if (path_grid_check_size(width, *h, &why) != 0) {
		*cause = xasprintf("%s: %s", name, why);
		free(why);
		return (-1);
	}
	*w = width;
	return (0);
}

/*
 * Parses a text grid: see textgrid.h.  A '.'/'#' grid with an unknown
 * character gets the error of whichever reading went further, so
 * "0,0,0" (a 0/1 grid with commas) is reported at its first comma and
 * not at its first 0.
 */
struct path_grid *
path_textgrid_parse(const char *name, const char *buf, size_t len,
    char **cause)
{
	struct path_grid	*g;
	long			 w, h, w2, h2;
	int			 digits;
	char			*other;

	digits = textgrid_all_digits(name, buf, len);
	if (textgrid_walk(name, buf, len, digits, NULL, &w, &h, cause) != 0) {
		if (!digits && w > 0 && textgrid_walk(name, buf, len, 1, NULL,
		    &w2, &h2, &other) != 0) {
			if (w2 > 0 && (h2 > h || (h2 == h && w2 > w))) {
				free(*cause);
				*cause = other;
			} else
				free(other);
		}
		return (NULL);
	}
	g = path_grid_new((int)w, (int)h, 0, PATH_GRID_LOG_DEFAULT);
	if (textgrid_walk(name, buf, len, digits, g, &w, &h, cause) != 0)
		xfatal("text grid %s changed between passes", name);
	grid_refresh(g);
	return (g);
}

/* Reads a map of either kind: see textgrid.h. */
struct path_grid *
path_map_read(const char *path, char **cause)
{
	struct path_grid	*g;
	struct scan		 s;
	struct scan_field	 f;
	char			*buf;
	size_t			 len;

	if ((buf = x_read_file(path, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	scan_init(&s, path, buf, len);
	if (scan_content_line(&s, ';') && scan_fields(&s, &f, 1) >= 1 &&
	    scan_is(&f, "type"))
		g = path_movingai_parse_map(path, buf, len, cause);
	else
		g = path_textgrid_parse(path, buf, len, cause);
	free(buf);
	return (g);
}
