/*
 * lab-safety.c: astray-lab safety, the safety map a fleeing monster runs
 * down (the path library's safety.h, what the game's flee.c uses).
 *
 * For a pursuer at --from, it prints the map with an arrow in every open
 * cell: the step a fleeing monster standing there would take (to
 * its neighbour of least value, when that is below its own), or 'o'
 * where it stays (a refuge: no neighbour is safer), '@' for the pursuer
 * and '#' for walls.  A student sees where the distance alone would trap
 * a monster and where the second pass sends it round a loop instead.
 * With --csv, one row per open cell: x,y,distance,safety,step_x,step_y
 * (distance and safety in orthogonal steps; the step is the cell itself
 * for a refuge).  Arrows are ASCII, so any terminal shows them: ^ v < >
 * for straight steps, and the game's own keys for diagonal ones (y u b
 * n: north-west, north-east, south-west, south-east).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "field.h"
#include "grid-internal.h"
#include "lab.h"
#include "lab-opt.h"
#include "safety.h"
#include "xmalloc.h"

static const char safety_usage[] =
    "astray-lab safety MAP --from X,Y [--movement M] [--diagonal R]\n"
    "       [--one-based] [--csv]";

/* The step a fleeing monster at (x,y) takes, or none (*nx = x). */
static void
safety_step(const struct path_grid *g, struct path_rules rules,
    const path_cost *v, int x, int y, int *nx, int *ny)
{
	struct grid_move	mv[8];
	path_cost		best = v[y * g->width + x];
	int			k, n, cx, cy;

	*nx = x;
	*ny = y;
	n = grid_moves(g, rules.diagonal, grid_diag_base(rules.movement),
	    grid_index(g, x, y), mv);
	for (k = 0; k < n; k++) {
		cx = x + mv[k].dx;
		cy = y + mv[k].dy;
		if (v[cy * g->width + cx] < best) {
			best = v[cy * g->width + cx];
			*nx = cx;
			*ny = cy;
		}
	}
}

/* The arrow for a step by (dx,dy). */
static char
safety_arrow(int dx, int dy)
{
	static const char	arrows[3][3] = {
		{ 'y', '^', 'u' },
		{ '<', 'o', '>' },
		{ 'b', 'v', 'n' }
	};

	return (arrows[dy + 1][dx + 1]);
}

/* A signed cost in orthogonal steps, into buf. */
static const char *
safety_value(path_cost c, char buf[34])
{
	char	tmp[32];

	if (c < 0) {
		snprintf(buf, 34, "-%s", lab_cost(-c, tmp));
		return (buf);
	}
	return (lab_cost(c, buf));
}

/* Prints the map or the rows of --csv. */
static void
safety_print(const struct path_grid *g, struct path_rules rules,
    const path_cost *v, const struct path_field *d, int px, int py,
    int base, int csv)
{
	char	c1[32], c2[34];
	int	x, y, nx, ny;

	if (csv)
		printf("x,y,distance,safety,step_x,step_y\n");
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			if (v[y * g->width + x] == PATH_COST_NONE) {
				if (!csv)
					putchar('#');
				continue;
			}
			safety_step(g, rules, v, x, y, &nx, &ny);
			if (csv)
				printf("%d,%d,%s,%s,%d,%d\n", x + base,
				    y + base, lab_cost(path_field_get(d, x, y),
				    c1), safety_value(v[y * g->width + x], c2),
				    nx + base, ny + base);
			else
				putchar(x == px && y == py ? '@' :
				    safety_arrow(nx - x, ny - y));
		}
		if (!csv)
			putchar('\n');
	}
}

/* Prints safety --help. */
static void
safety_help(void)
{
	printf("usage: %s\n\n"
"The safety map of MAP for a pursuer at --from: Brogue's map that astray's\n"
"fleeing monsters run down (the cost of the pursuer's way to each cell,\n"
"times -1.2, settled again so that each cell also counts the way on from\n"
"it).  Each open cell shows the step a fleeing monster there takes: ^ v <\n"
"> for straight steps, the game's keys y u b n for diagonal ones, o where\n"
"no neighbour is safer; @ is the pursuer, # a wall.\n\n"
"  --movement M   %s (default 8-octile)\n"
"  --diagonal R   %s (default no-corner-cut)\n"
"  --one-based    number rows and columns from 1\n"
"  --csv          x,y,distance,safety,step_x,step_y (in orthogonal steps)\n",
	    safety_usage, path_movement_names, path_diagonal_names);
}

/* What the command line asks for. */
struct safety_cmd {
	struct path_rules	 rules;
	int			 px, py;	/* the pursuer */
	int			 base;
	int			 csv;
};

#define SAFETY_AT(field)	offsetof(struct safety_cmd, field)

/* safety's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt safety_opts[] = {
	{ .name = "from", .letter = 'f', .kind = LAB_OPT_POINT,
	  .at = SAFETY_AT(px), .at_y = SAFETY_AT(py),
	  .bad = "--from wants X,Y, not \"%s\"" },
	{ .name = "movement", .letter = 'm', .kind = LAB_OPT_MOVEMENT,
	  .at = SAFETY_AT(rules.movement),
	  .bad = "unknown movement \"%s\"" },
	{ .name = "diagonal", .letter = 'd', .kind = LAB_OPT_DIAGONAL,
	  .at = SAFETY_AT(rules.diagonal),
	  .bad = "unknown diagonal rule \"%s\"" },
	{ .name = "one-based", .letter = '1', .kind = LAB_OPT_SET,
	  .at = SAFETY_AT(base) },
	{ .name = "csv", .letter = 'x', .kind = LAB_OPT_SET,
	  .at = SAFETY_AT(csv) },
	{ .name = NULL }
};

static const struct lab_cmd safety_entry = {
	.usage = safety_usage,
	.help = safety_help,
	.opts = safety_opts,
	.args_min = 1,
	.args_max = 1,
	.args_bad = "expected one map file"
};

/* astray-lab safety: see the top of the file. */
int
lab_safety(int argc, char **argv)
{
	struct safety_cmd	 cmd = { .rules = path_rules_movingai() };
	struct lab_args		 args;
	struct path_rules	 rules;
	struct path_grid	*g;
	struct path_field	*d;
	path_cost		*v;
	const char		*map;
	char			*cause;
	int			 px, py, base, status;

	if ((status = lab_opt_parse(&safety_entry, argc, argv, &cmd,
	    &args)) >= 0)
		return (status);
	if (!lab_opt_given(&args, 'f'))
		return (lab_usage(safety_usage, "--from is needed"));
	map = args.argv[0];
	if ((g = path_map_read(map, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	rules = path_rules_normalize(cmd.rules);
	base = cmd.base;
	px = cmd.px - base;
	py = cmd.py - base;
	if (!path_grid_contains(g, px, py) || path_grid_get(g, px, py) == 0) {
		lab_error("--from (%d,%d) is outside %s or a wall", px + base,
		    py + base, map);
		path_grid_free(g);
		return (LAB_EXIT_BAD_INPUT);
	}
	v = xreallocarray(NULL, (size_t)g->width * (size_t)g->height,
	    sizeof *v);
	(void)path_safety_compute(g, rules, px, py, v, NULL);
	d = path_field_new(g->width, g->height);
	path_field_compute(d, g, rules, px, py, PATH_FIELD_FROM_SOURCE, NULL);
	safety_print(g, rules, v, d, px, py, base, cmd.csv);
	path_field_free(d);
	free(v);
	path_grid_free(g);
	return (0);
}
