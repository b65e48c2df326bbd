/*
 * tilemap.c: maps of integer tile costs (see tilemap.h).
 *
 * A file without a legend is handed to the readers every other command
 * uses (Moving AI maps, 0/1 and '.'/'#' text grids), so a map means the
 * same thing everywhere; the cost grid they return becomes tile costs.
 * A legend switches to this file's own reader: a table of 256 glyph
 * costs, filled with the defaults and then the legend's entries, and two
 * passes over the rows like the text grid reader's (check and measure,
 * then fill).
 */
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "movingai.h"
#include "scan.h"
#include "textbook.h"
#include "textgrid.h"
#include "tilemap.h"
#include "xmalloc.h"

#define TILE_UNKNOWN	UINT32_MAX

/* A glyph table: the cost of every byte, TILE_UNKNOWN where none. */
struct tile_legend {
	uint32_t	cost[256];
};

/* Fills the table with the defaults of a map with a legend. */
static void
tile_legend_defaults(struct tile_legend *l)
{
	int	c;

	for (c = 0; c < 256; c++)
		l->cost[c] = TILE_UNKNOWN;
	l->cost['.'] = 1;
	l->cost['#'] = l->cost['@'] = 0;
	for (c = '1'; c <= '9'; c++)
		l->cost[c] = (uint32_t)(c - '0');
}

/* Whether a byte separates legend entries. */
static int
tile_sep(char c)
{
	return (c == ',' || c == ' ' || c == '\t');
}

/*
 * Reads legend entries "G=COST" from p[0..n); column is the column of
 * p[0].  Returns 0, or -1 with *cause set (where names the line).
 */
static int
tile_legend_parse(struct tile_legend *l, const char *name, int line,
    int column, const char *p, size_t n, char **cause)
{
	size_t		i = 0, j;
	char		ch[8], num[16];
	long		v;
	char		*end;

	for (;;) {
		while (i < n && tile_sep(p[i]))
			i++;
		if (i == n)
			return (0);
		if (i + 2 > n || p[i + 1] != '=' || p[i] == '=') {
			*cause = scan_error_at(name, line, column + (int)i,
			    "expected a legend entry GLYPH=COST or "
			    "GLYPH=blocked, as in ~=5");
			return (-1);
		}
		for (j = i + 2; j < n && !tile_sep(p[j]); j++)
			continue;
		if (j - (i + 2) == 7 && memcmp(p + i + 2, "blocked", 7) == 0)
			v = 0;
		else if (j - (i + 2) == 4 && memcmp(p + i + 2, "wall", 4) == 0)
			v = 0;
		else {
			if (j - (i + 2) == 0 || j - (i + 2) >= sizeof num) {
				v = -1;
			} else {
				memcpy(num, p + i + 2, j - (i + 2));
				num[j - (i + 2)] = '\0';
				v = num[0] >= '0' && num[0] <= '9' ?
				    strtol(num, &end, 10) : -1;
				if (v >= 0 && *end != '\0')
					v = -1;
			}
			if (v < 1 || v > PATH_TEXTBOOK_MAX_TILE) {
				*cause = scan_error_at(name, line,
				    column + (int)i + 2, "the cost of %s must "
				    "be 1 to %d or \"blocked\"",
				    scan_show_byte((unsigned char)p[i], ch),
				    PATH_TEXTBOOK_MAX_TILE);
				return (-1);
			}
		}
		l->cost[(unsigned char)p[i]] = (uint32_t)v;
		i = j;
	}
}

/* Whether the current line is a legend line; sets *rest past the word. */
static int
tile_is_legend_line(const struct scan *s, size_t *rest)
{
	size_t	i = 0;

	while (i < s->n && (s->p[i] == ' ' || s->p[i] == '\t'))
		i++;
	if (s->n - i < 6 || memcmp(s->p + i, "legend", 6) != 0)
		return (0);
	*rest = i + 6;
	if (*rest < s->n && s->p[*rest] == ':')
		(*rest)++;
	return (1);
}

/*
 * Walks the rows of a map with a legend, checking them and, when m's
 * cells are allocated, filling them.  Returns 0 with the size in m, or
 * -1 with *cause set.
 */
static int
tile_walk(const char *name, const char *buf, size_t len,
    const struct tile_legend *l, struct path_tilemap *m, char **cause)
{
	struct scan	s;
	size_t		i, rest;
	long		x, y = 0, w = 0, first = 0;
	char		ch[8], *why;

	scan_init(&s, name, buf, len);
	while (scan_content_line(&s, ';')) {
		if (tile_is_legend_line(&s, &rest)) {
			if (y > 0) {
				*cause = scan_error(&s, 1, "a legend line "
				    "must come before the map's rows");
				return (-1);
			}
			continue;
		}
		for (i = 0, x = 0; i < s.n; i++) {
			if (s.p[i] == ' ' || s.p[i] == '\t')
				continue;
			if (l->cost[(unsigned char)s.p[i]] == TILE_UNKNOWN) {
				*cause = scan_error(&s, (int)i + 1, "unknown "
				    "glyph %s: not in the legend",
				    scan_show_byte((unsigned char)s.p[i], ch));
				return (-1);
			}
			if (x >= PATH_GRID_MAX_SIDE) {
				*cause = scan_error(&s, (int)i + 1, "row is "
				    "wider than %d cells", PATH_GRID_MAX_SIDE);
				return (-1);
			}
			if (m->cost != NULL) {
				m->cost[y * m->width + x] =
				    l->cost[(unsigned char)s.p[i]];
				m->glyph[y * m->width + x] = s.p[i];
			}
			x++;
		}
		if (y == 0) {
			w = x;
			first = s.line;
		} else if (x != w) {
			*cause = scan_error(&s, 0, "row has %ld cells, expected "
			    "%ld as on line %ld", x, w, first);
			return (-1);
		}
		if (++y > PATH_GRID_MAX_SIDE) {
			*cause = scan_error(&s, 0, "more than %d rows",
			    PATH_GRID_MAX_SIDE);
			return (-1);
		}
	}
	if (y == 0 || w == 0) {
		*cause = xasprintf("%s: no map rows after the legend", name);
		return (-1);
	}
	if (path_grid_check_size(w, y, &why) != 0) {
		*cause = xasprintf("%s: %s", name, why);
		free(why);
		return (-1);
	}
	m->width = (int)w;
	m->height = (int)y;
	return (0);
}

/* Fills a legend from the file's legend lines and then the option's. */
static int
tile_legend_build(struct tile_legend *l, const char *name, const char *buf,
    size_t len, const char *legend, int *found, char **cause)
{
	struct scan	s;
	size_t		rest;

	tile_legend_defaults(l);
	*found = legend != NULL;
	scan_init(&s, name, buf, len);
	while (scan_content_line(&s, ';')) {
		if (!tile_is_legend_line(&s, &rest))
			continue;
		*found = 1;
		if (tile_legend_parse(l, name, s.line, (int)rest + 1,
		    s.p + rest, s.n - rest, cause) != 0)
			return (-1);
	}
	/* The option reads as a one-line file: "--legend:1:COLUMN: ...". */
	if (legend != NULL && tile_legend_parse(l, "--legend", 1, 1, legend,
	    strlen(legend), cause) != 0)
		return (-1);
	return (0);
}

/* Makes a tile map from a cost grid. */
static struct path_tilemap *
tile_from_grid(struct path_grid *g)
{
	struct path_tilemap	*m = xcalloc(1, sizeof *m);
	int			 x, y;
	unsigned		 c;

	m->width = path_grid_width(g);
	m->height = path_grid_height(g);
	m->cost = xcalloc((size_t)m->width * m->height, sizeof *m->cost);
	m->glyph = xcalloc((size_t)m->width * m->height, 1);
	for (y = 0; y < m->height; y++) {
		for (x = 0; x < m->width; x++) {
			c = path_grid_get(g, x, y);
			m->cost[y * m->width + x] = c;
			m->glyph[y * m->width + x] = (char)(c == 0 ? '#' :
			    c == 1 ? '.' : c < 10 ? '0' + c : '+');
		}
	}
	path_grid_free(g);
	return (m);
}

/* Parses a map held in memory: see tilemap.h. */
struct path_tilemap *
path_tilemap_parse(const char *name, const char *buf, size_t len,
    const char *legend, char **cause)
{
	struct tile_legend	 l;
	struct path_tilemap	*m;
	struct path_grid	*g;
	struct scan		 s;
	struct scan_field	 f;
	int			 found;

	if (tile_legend_build(&l, name, buf, len, legend, &found, cause) != 0)
		return (NULL);
	if (!found) {
		scan_init(&s, name, buf, len);
		if (scan_content_line(&s, ';') && scan_fields(&s, &f, 1) >= 1 &&
		    scan_is(&f, "type"))
			g = path_movingai_parse_map(name, buf, len, cause);
		else
			g = path_textgrid_parse(name, buf, len, cause);
		return (g == NULL ? NULL : tile_from_grid(g));
	}
	m = xcalloc(1, sizeof *m);
	if (tile_walk(name, buf, len, &l, m, cause) != 0) {
		free(m);
		return (NULL);
	}
	m->cost = xcalloc((size_t)m->width * m->height, sizeof *m->cost);
	m->glyph = xcalloc((size_t)m->width * m->height, 1);
	if (tile_walk(name, buf, len, &l, m, cause) != 0)
		xfatal("tile map %s changed between passes", name);
	return (m);
}

/* Reads a map file: see tilemap.h. */
struct path_tilemap *
path_tilemap_read(const char *file, const char *legend, char **cause)
{
	struct path_tilemap	*m;
	char			*buf;
	size_t			 len;

	if ((buf = x_read_file(file, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	m = path_tilemap_parse(file, buf, len, legend, cause);
	free(buf);
	return (m);
}

/* Frees a map; NULL is allowed. */
void
path_tilemap_free(struct path_tilemap *m)
{
	if (m == NULL)
		return;
	free(m->cost);
	free(m->glyph);
	free(m);
}
