/*
 * scen.c: reading Moving AI scenarios (.map.scen), for the lab and its
 * tests; a program linking libastray-path does not carry it.
 *
 * Scenario lines need exactly nine fields (tabs in most files, spaces in
 * bg512/) with coordinates inside the size the line itself gives;
 * lab_scen_check() then holds them against the real map.  Nothing is
 * trusted: the count of problems is bounded before anything is kept.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "scan.h"
#include "scen.h"
#include "xmalloc.h"

/* Parses one problem line into p; returns 0 or -1 with *cause. */
static int
movingai_problem(struct scan *s, struct lab_scenario_problem *p,
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

/* Parses a .map.scen: see scen.h. */
struct lab_scenario *
lab_scen_parse(const char *name, const char *buf, size_t len,
    char **cause)
{
	struct scan		 s;
	struct scan_field	 f[3];
	struct lab_scenario	*sc;
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
		if (sc->count == LAB_SCEN_MAX_PROBLEMS) {
			*cause = scan_error(&s, 0, "more than %d problems",
			    LAB_SCEN_MAX_PROBLEMS);
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
	lab_scen_free(sc);
	return (NULL);
}

/* Reads a .map.scen file: see scen.h. */
struct lab_scenario *
lab_scen_read(const char *path, char **cause)
{
	struct lab_scenario	*sc;
	char			*buf;
	size_t			 len;

	if ((buf = x_read_file(path, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	sc = lab_scen_parse(path, buf, len, cause);
	free(buf);
	return (sc);
}

void
lab_scen_free(struct lab_scenario *sc)
{
	if (sc == NULL)
		return;
	free(sc->map);
	free(sc->problems);
	free(sc);
}

/* Holds a scenario against its map: see scen.h. */
int
lab_scen_check(const struct lab_scenario *sc, const char *name,
    const struct path_grid *g, char **cause)
{
	const struct lab_scenario_problem	*p;
	size_t				 i;
	int				 w = path_grid_width(g);
	int				 h = path_grid_height(g);

	for (i = 0; i < sc->count; i++) {
		p = &sc->problems[i];
		if (p->width != w || p->height != h) {
			*cause = xasprintf("%s:%d: the problem is for a %dx%d "
			    "map but the map is %dx%d", name, p->line,
			    p->width, p->height, w, h);
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

/* Compares a cost with a printed optimal length: see scen.h. */
int
lab_length_matches(double optimal, path_cost cost)
{
	double	tolerance = 2e-5 * optimal;

	if (cost == PATH_COST_NONE)
		return (0);
	if (tolerance < 0.011)
		tolerance = 0.011;
	return (fabs(path_cost_to_double(cost) - optimal) <= tolerance);
}
