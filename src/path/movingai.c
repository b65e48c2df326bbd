/*
 * movingai.c: reading Moving AI maps and scenarios.
 *
 * The parsers trust nothing.  A map's size is checked against the grid
 * limits and against the bytes that actually follow "map" before a grid
 * is allocated, so a ten-byte file claiming a huge map costs nothing.
 * Rows must have exactly the promised width; unknown characters are
 * reported with their column.  Scenario lines need exactly nine fields
 * (tabs in most files, spaces in bg512/) with coordinates inside the
 * size the line itself gives; path_scen_check() then holds them against
 * the real map.
 */
#include <math.h>
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

/* Parses one problem line into p; returns 0 or -1 with *cause. */
static int
movingai_problem(struct scan *s, struct path_scen_problem *p,
    char **mapname, char **cause)
{
	static const char *const what[] = {
		"bucket", "map", "width", "height", "start x", "start y",
		"goal x", "goal y", "optimal length"
	};
	struct scan_field	f[9];
	long			v[8];
	int			nf, i;
	char			show[64];

	nf = scan_fields(s, f, 9);
	if (nf != 9) {
		*cause = scan_error(s, 0, "expected 9 fields (bucket map width "
		    "height start_x start_y goal_x goal_y length), found %d",
		    nf);
		return (-1);
	}
	for (i = 0; i < 8; i++) {
		long	max = PATH_GRID_MAX_SIDE;

		if (i == 1)
			continue;
		if (i == 0)
			max = 1000000000L;
		else if (i == 4 || i == 6)
			max = v[2] - 1;
		else if (i == 5 || i == 7)
			max = v[3] - 1;
		if (scan_long(&f[i], i >= 4 ? 0 : i == 0 ? 0 : 1, max,
		    &v[i]) != 0) {
			*cause = scan_error(s, f[i].column, "%s %s is not a "
			    "whole number from %d to %ld%s", what[i],
			    scan_show(&f[i], show), i >= 4 || i == 0 ? 0 : 1,
			    max, i >= 4 && scan_long(&f[i], -PATH_GRID_MAX_SIDE,
			    2L * PATH_GRID_MAX_SIDE, &v[i]) == 0 ?
			    " (outside the map)" : "");
			return (-1);
		}
	}
	if (scan_double(&f[8], &p->optimal) != 0 || p->optimal < 0) {
		*cause = scan_error(s, f[8].column, "optimal length %s is not "
		    "a number of at least 0", scan_show(&f[8], show));
		return (-1);
	}
	p->bucket = (int)v[0];
	p->width = (int)v[2];
	p->height = (int)v[3];
	p->sx = (int)v[4];
	p->sy = (int)v[5];
	p->gx = (int)v[6];
	p->gy = (int)v[7];
	p->line = s->line;
	if (*mapname == NULL) {
		*mapname = xmalloc(f[1].n + 1);
		memcpy(*mapname, f[1].p, f[1].n);
		(*mapname)[f[1].n] = '\0';
	}
	return (0);
}

/* Parses a .map.scen: see movingai.h. */
struct path_scen *
path_movingai_parse_scen(const char *name, const char *buf, size_t len,
    char **cause)
{
	struct scan		 s;
	struct scan_field	 f[3];
	struct path_scen	*sc;
	size_t			 cap = 0;
	char			 show[64];

	scan_init(&s, name, buf, len);
	if (!scan_content_line(&s, '\0')) {
		*cause = xasprintf("%s: empty file: expected a Moving AI "
		    "scenario (\"version 1\")", name);
		return (NULL);
	}
	if (scan_fields(&s, f, 3) != 2 || !scan_is(&f[0], "version") ||
	    !(scan_is(&f[1], "1") || scan_is(&f[1], "1.0"))) {
		*cause = scan_error(&s, 1, "expected \"version 1\", found %s",
		    scan_show(&(struct scan_field){ s.p, s.n, 1 }, show));
		return (NULL);
	}
	sc = xcalloc(1, sizeof *sc);
	while (scan_content_line(&s, '\0')) {
		if (sc->count == PATH_SCEN_MAX_PROBLEMS) {
			*cause = scan_error(&s, 0, "more than %d problems",
			    PATH_SCEN_MAX_PROBLEMS);
			goto fail;
		}
		if (sc->count == cap) {
			cap = cap ? cap * 2 : 1024;
			sc->problems = xreallocarray(sc->problems, cap,
			    sizeof *sc->problems);
		}
		if (movingai_problem(&s, &sc->problems[sc->count], &sc->map,
		    cause) != 0)
			goto fail;
		sc->count++;
	}
	return (sc);

fail:
	path_scen_free(sc);
	return (NULL);
}

/* Reads a .map.scen file: see movingai.h. */
struct path_scen *
path_movingai_read_scen(const char *path, char **cause)
{
	struct path_scen	*sc;
	char			*buf;
	size_t			 len;

	if ((buf = x_read_file(path, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	sc = path_movingai_parse_scen(path, buf, len, cause);
	free(buf);
	return (sc);
}

void
path_scen_free(struct path_scen *sc)
{
	if (sc == NULL)
		return;
	free(sc->map);
	free(sc->problems);
	free(sc);
}

/* Holds a scenario against its map: see movingai.h. */
int
path_scen_check(const struct path_scen *sc, const char *name,
    const struct path_grid *g, char **cause)
{
	const struct path_scen_problem	*p;
	size_t				 i;

	for (i = 0; i < sc->count; i++) {
		p = &sc->problems[i];
		if (p->width != g->width || p->height != g->height) {
			*cause = xasprintf("%s:%d: the problem is for a %dx%d "
			    "map but the map is %dx%d", name, p->line,
			    p->width, p->height, g->width, g->height);
			return (-1);
		}
		if (path_grid_get(g, p->sx, p->sy) == 0) {
			*cause = xasprintf("%s:%d: the start (%d,%d) is on a "
			    "blocked cell", name, p->line, p->sx, p->sy);
			return (-1);
		}
		if (path_grid_get(g, p->gx, p->gy) == 0) {
			*cause = xasprintf("%s:%d: the goal (%d,%d) is on a "
			    "blocked cell", name, p->line, p->gx, p->gy);
			return (-1);
		}
	}
	return (0);
}

/* Compares a cost with a printed optimal length: see movingai.h. */
int
path_length_matches(double optimal, path_cost cost)
{
	double	tolerance = 2e-5 * optimal;

	if (cost == PATH_COST_NONE)
		return (0);
	if (tolerance < 0.011)
		tolerance = 0.011;
	return (fabs(path_cost_to_double(cost) - optimal) <= tolerance);
}
