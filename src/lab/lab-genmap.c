/*
 * lab-genmap.c: astray-lab genmap, benchmark maps made from a seed.
 *
 * It writes NAME.map and NAME.map.scen in the Moving AI formats, so that
 * astray-lab scen, the tests and other people's programs (Warthog's
 * harness) read them as they read the Moving AI sets.  Two kinds:
 *
 *   scatter  open ground with obstacles dropped on it at random until
 *            --density percent of the cells are blocked: each obstacle a
 *            rectangle whose sides are drawn from --block A-B (1-1, lone
 *            cells, as Moving AI's random maps have; larger, clumps of
 *            rock or buildings on open ground);
 *   rooms    square rooms of side --room between walls a cell thick, as
 *            Moving AI's room maps have, each wall between two rooms
 *            broken by one to three doors, each one to room/8 cells wide;
 *            --density scatters obstacles in them too.
 *
 * The problems are --problems pairs of open cells drawn at random, kept
 * when a path joins them, and sorted by length; the optimal length is
 * that of the path A* finds, its steps counted (orthogonal ones 1,
 * diagonal ones sqrt(2)), so it is exact and not A*'s fixed-point cost.
 * Everything is drawn from one splitmix64 stream seeded by --seed: the
 * same options make the same files.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "lab.h"
#include "lab-opt.h"
#include "xmalloc.h"

static const char genmap_usage[] =
    "astray-lab genmap [--kind scatter|rooms] [--size WxH] [--density P]\n"
    "       [--block A-B] [--room N] [--seed S] [--problems N] NAME";

/* What the command line asks for. */
struct genmap_cmd {
	int		 rooms;		/* the kind: 0 scatter, 1 rooms */
	int		 w, h;
	long		 density;	/* percent of cells blocked */
	int		 bmin, bmax;	/* sides of an obstacle */
	long		 room;
	long		 seed;
	long		 problems;
};

/* The stream everything is drawn from: splitmix64. */
static uint64_t
genmap_next(uint64_t *state)
{
	uint64_t	z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return (z ^ (z >> 31));
}

/* Uniform in [lo, hi]. */
static int
genmap_range(uint64_t *state, int lo, int hi)
{
	return (lo + (int)(genmap_next(state) % (uint64_t)(hi - lo + 1)));
}

/* Parses two numbers apart by sep ("WxH", "A-B"; "A" alone is A-A). */
static int
genmap_pair(const char *arg, int sep, long max, int *a, int *b)
{
	const char	*at = strchr(arg, sep);
	char		 buf[32];
	long		 x, y;

	if (at == NULL) {
		if (lab_parse_count(arg, max, &x) != 0 || x < 1)
			return (-1);
		*a = *b = (int)x;
		return (0);
	}
	if ((size_t)(at - arg) >= sizeof buf)
		return (-1);
	memcpy(buf, arg, (size_t)(at - arg));
	buf[at - arg] = '\0';
	if (lab_parse_count(buf, max, &x) != 0 ||
	    lab_parse_count(at + 1, max, &y) != 0 || x < 1 || y < 1 ||
	    (sep == '-' && y < x))
		return (-1);
	*a = (int)x;
	*b = (int)y;
	return (0);
}

static int
genmap_opt_kind(void *target, const char *arg)
{
	struct genmap_cmd	*cmd = target;

	if (strcmp(arg, "scatter") == 0)
		cmd->rooms = 0;
	else if (strcmp(arg, "rooms") == 0)
		cmd->rooms = 1;
	else
		return (-1);
	return (0);
}

static int
genmap_opt_size(void *target, const char *arg)
{
	struct genmap_cmd	*cmd = target;

	if (genmap_pair(arg, 'x', PATH_GRID_MAX_SIDE, &cmd->w, &cmd->h) != 0 ||
	    (long)cmd->w * cmd->h > PATH_GRID_MAX_CELLS)
		return (-1);
	return (0);
}

static int
genmap_opt_block(void *target, const char *arg)
{
	struct genmap_cmd	*cmd = target;

	return (genmap_pair(arg, '-', 1000, &cmd->bmin, &cmd->bmax));
}

/* Blocks the cells of a rectangle that lie inside the map. */
static void
genmap_block(uint8_t *open, int w, int h, int x0, int y0, int bw, int bh,
    long *blocked)
{
	int	x, y;

	for (y = y0; y < y0 + bh && y < h; y++) {
		for (x = x0; x < x0 + bw && x < w; x++) {
			if (open[(size_t)y * w + x]) {
				open[(size_t)y * w + x] = 0;
				(*blocked)++;
			}
		}
	}
}

/* Opens a cell (a door), if it is blocked. */
static void
genmap_open(uint8_t *open, size_t at, long *blocked)
{
	if (!open[at]) {
		open[at] = 1;
		(*blocked)--;
	}
}

/*
 * The walls of the rooms kind: a line of wall after every room, broken
 * between each two rooms by one to three doors.
 */
static void
genmap_rooms(const struct genmap_cmd *cmd, uint8_t *open, uint64_t *rng,
    long *blocked)
{
	const int	r = (int)cmd->room, w = cmd->w, h = cmd->h;
	int		at, lo, len, d, doors, dw, k, vertical;

	for (vertical = 0; vertical < 2; vertical++) {
		len = vertical ? w : h;		/* along the wall */
		for (at = r; at < (vertical ? h : w) - 1; at += r + 1) {
			if (vertical)
				genmap_block(open, w, h, 0, at, w, 1, blocked);
			else
				genmap_block(open, w, h, at, 0, 1, h, blocked);
			/* Each room's stretch of this wall gets its doors. */
			for (lo = 0; lo < len; lo += r + 1) {
				doors = genmap_range(rng, 1, 3);
				for (d = 0; d < doors; d++) {
					dw = genmap_range(rng, 1, r / 8 > 1 ?
					    r / 8 : 1);
					k = lo + genmap_range(rng, 0, r - 1);
					for (; dw > 0 && k < len; dw--, k++)
						genmap_open(open, vertical ?
						    (size_t)at * w + k :
						    (size_t)k * w + at, blocked);
				}
			}
		}
	}
}

/* The map: rooms' walls, then obstacles until the density is reached. */
static uint8_t *
genmap_map(const struct genmap_cmd *cmd, uint64_t *rng)
{
	const size_t	 n = (size_t)cmd->w * (size_t)cmd->h;
	uint8_t		*open = xmalloc(n);
	long		 blocked = 0, want;

	memset(open, 1, n);
	if (cmd->rooms)
		genmap_rooms(cmd, open, rng, &blocked);
	want = (long)((double)n * (double)cmd->density / 100.0);
	while (blocked < want)
		genmap_block(open, cmd->w, cmd->h, genmap_range(rng, 0,
		    cmd->w - 1), genmap_range(rng, 0, cmd->h - 1),
		    genmap_range(rng, cmd->bmin, cmd->bmax),
		    genmap_range(rng, cmd->bmin, cmd->bmax), &blocked);
	return (open);
}

/* One problem of the scenario file. */
struct genmap_problem {
	int	sx, sy, gx, gy;
	double	length;
};

static int
genmap_by_length(const void *a, const void *b)
{
	const struct genmap_problem	*p = a, *q = b;

	return ((p->length > q->length) - (p->length < q->length));
}

/*
 * Draws the problems: pairs of distinct open cells that a path joins,
 * each with the exact length of the path A* finds.  Returns NULL if the
 * map has fewer than two open cells or after too many draws without a
 * path.
 */
static struct genmap_problem *
genmap_problems(const struct genmap_cmd *cmd, const struct path_grid *g,
    uint64_t *rng)
{
	struct genmap_problem	*p = xcalloc((size_t)cmd->problems, sizeof *p);
	struct path_astar	*ws = path_astar_new(cmd->w, cmd->h);
	struct path_point	*pt = xcalloc((size_t)cmd->w * cmd->h,
				    sizeof *pt);
	long			 i = 0, draws = 0;
	size_t			 n, k;
	int			 diag;

	while (i < cmd->problems) {
		if (++draws > 100 * cmd->problems + 1000) {
			free(p);
			p = NULL;
			break;
		}
		p[i].sx = genmap_range(rng, 0, cmd->w - 1);
		p[i].sy = genmap_range(rng, 0, cmd->h - 1);
		p[i].gx = genmap_range(rng, 0, cmd->w - 1);
		p[i].gy = genmap_range(rng, 0, cmd->h - 1);
		if ((p[i].sx == p[i].gx && p[i].sy == p[i].gy) ||
		    path_grid_get(g, p[i].sx, p[i].sy) == 0 ||
		    path_grid_get(g, p[i].gx, p[i].gy) == 0 ||
		    path_astar_search(ws, g, path_rules_movingai(), p[i].sx,
		    p[i].sy, p[i].gx, p[i].gy, NULL) == PATH_COST_NONE)
			continue;
		n = path_astar_path(ws, pt, (size_t)cmd->w * cmd->h);
		for (diag = 0, k = 1; k < n; k++)
			diag += pt[k].x != pt[k - 1].x && pt[k].y != pt[k - 1].y;
		p[i].length = (double)(n - 1 - (size_t)diag) + diag * M_SQRT2;
		i++;
	}
	if (p != NULL)
		qsort(p, (size_t)cmd->problems, sizeof *p, genmap_by_length);
	free(pt);
	path_astar_free(ws);
	return (p);
}

/* Writes the map and the scenario; returns 0, or -1 after a message. */
static int
genmap_write(const struct genmap_cmd *cmd, const char *name,
    const uint8_t *open, const struct genmap_problem *p)
{
	const char	*base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	char		*path[2];
	FILE		*f;
	long		 i;
	int		 x, y, k, bad = 0;

	path[0] = xasprintf("%s.map", name);
	path[1] = xasprintf("%s.map.scen", name);
	for (k = 0; k < 2 && !bad; k++) {
		if ((f = fopen(path[k], "w")) == NULL) {
			lab_error("%s: %s", path[k], strerror(errno));
			bad = 1;
			break;
		}
		if (k == 0) {
			fprintf(f, "type octile\nheight %d\nwidth %d\nmap\n",
			    cmd->h, cmd->w);
			for (y = 0; y < cmd->h; y++) {
				for (x = 0; x < cmd->w; x++)
					putc(open[(size_t)y * cmd->w + x] ?
					    '.' : '@', f);
				putc('\n', f);
			}
		} else {
			fprintf(f, "version 1\n");
			for (i = 0; i < cmd->problems; i++)
				fprintf(f, "%d\t%s.map\t%d\t%d\t%d\t%d\t%d\t%d\t"
				    "%.8f\n", (int)(p[i].length / 4), base,
				    cmd->w, cmd->h, p[i].sx, p[i].sy, p[i].gx,
				    p[i].gy, p[i].length);
		}
		if (ferror(f) | fclose(f)) {
			lab_error("%s: %s", path[k], strerror(errno));
			bad = 1;
		}
	}
	free(path[0]);
	free(path[1]);
	return (bad ? -1 : 0);
}

/* Prints genmap --help. */
static void
genmap_help(void)
{
	printf("usage: %s\n\n"
"Writes NAME.map and NAME.map.scen, a benchmark map and its problems in\n"
"the Moving AI formats, made from a seed: the same options make the same\n"
"files.  The optimal length of each problem is that of the path A* finds.\n\n"
"  --kind K        scatter (obstacles on open ground, the default) or rooms\n"
"                  (square rooms between walls with one to three doors each)\n"
"  --size WxH      the map's size (default 512x512)\n"
"  --density P     percent of the cells blocked by obstacles (default 5 for\n"
"                  scatter, 0 for rooms; the walls of rooms come on top)\n"
"  --block A-B     an obstacle is a rectangle whose sides are drawn from A\n"
"                  to B (default 1-1: lone cells)\n"
"  --room N        the side of a room (default 63)\n"
"  --seed S        the seed (default 1)\n"
"  --problems N    how many problems (default 1000)\n",
	    genmap_usage);
}

#define GENMAP_AT(field)	offsetof(struct genmap_cmd, field)

/* genmap's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt genmap_opts[] = {
	{ .name = "kind", .letter = 'k', .kind = LAB_OPT_CALL,
	  .call = genmap_opt_kind,
	  .bad = "--kind wants scatter or rooms, not \"%s\"" },
	{ .name = "size", .letter = 'S', .kind = LAB_OPT_CALL,
	  .call = genmap_opt_size,
	  .bad = "--size wants WxH, each from 1 to 16384, not \"%s\"" },
	{ .name = "density", .letter = 'd', .kind = LAB_OPT_COUNT,
	  .at = GENMAP_AT(density), .max = 90,
	  .bad = "--density wants a percentage from 0 to 90" },
	{ .name = "block", .letter = 'b', .kind = LAB_OPT_CALL,
	  .call = genmap_opt_block,
	  .bad = "--block wants A-B, 1 <= A <= B <= 1000, not \"%s\"" },
	{ .name = "room", .letter = 'r', .kind = LAB_OPT_COUNT,
	  .at = GENMAP_AT(room), .min = 1, .max = PATH_GRID_MAX_SIDE,
	  .bad = "--room wants a side from 1 to 16384" },
	{ .name = "seed", .letter = 's', .kind = LAB_OPT_COUNT,
	  .at = GENMAP_AT(seed), .max = 2147483647L,
	  .bad = "--seed wants a non-negative number" },
	{ .name = "problems", .letter = 'n', .kind = LAB_OPT_COUNT,
	  .at = GENMAP_AT(problems), .min = 1, .max = 1000000,
	  .bad = "--problems wants 1 to 1000000" },
	{ .name = NULL }
};

static const struct lab_cmd genmap_entry = {
	.usage = genmap_usage,
	.help = genmap_help,
	.opts = genmap_opts,
	.args_min = 1,
	.args_max = 1,
	.args_bad = "expected one NAME for NAME.map and NAME.map.scen"
};

/* astray-lab genmap: see the top of the file. */
int
lab_genmap(int argc, char **argv)
{
	struct genmap_cmd	 cmd = { .w = 512, .h = 512, .density = -1,
				    .bmin = 1, .bmax = 1, .room = 63,
				    .seed = 1, .problems = 1000 };
	struct lab_args		 args;
	struct genmap_problem	*p;
	struct path_grid	*g;
	uint64_t		 rng;
	uint8_t			*open;
	int			 status, x, y;

	if ((status = lab_opt_parse(&genmap_entry, argc, argv, &cmd,
	    &args)) >= 0)
		return (status);
	if (cmd.density < 0)
		cmd.density = cmd.rooms ? 0 : 5;
	rng = (uint64_t)cmd.seed;
	open = genmap_map(&cmd, &rng);
	g = path_grid_new(cmd.w, cmd.h, 1, 1);
	for (y = 0; y < cmd.h; y++)
		for (x = 0; x < cmd.w; x++)
			if (!open[(size_t)y * cmd.w + x])
				path_grid_set(g, x, y, 0);
	p = genmap_problems(&cmd, g, &rng);
	path_grid_free(g);
	if (p == NULL) {
		lab_error("%s: the map has too few pairs of cells a path "
		    "joins for %ld problems", args.argv[0], cmd.problems);
		free(open);
		return (LAB_EXIT_BAD_INPUT);
	}
	status = genmap_write(&cmd, args.argv[0], open, p) != 0 ?
	    LAB_EXIT_BAD_INPUT : 0;
	free(p);
	free(open);
	return (status);
}
