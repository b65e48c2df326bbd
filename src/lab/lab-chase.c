/*
 * lab-chase.c: astray-lab chase, the chase benchmark.
 *
 * A player walks towards a random waypoint and picks another on arrival;
 * D doorway cells flip open or shut with probability P each turn; N
 * monsters each plan and take one step towards the player per turn.  The
 * scenario (map, doors, player's walk, door schedule, monsters' starting
 * cells) is built once from the seed, and each planner then runs it in a
 * child process of its own: so every planner faces the identical
 * scenario, and each one's peak memory is its own.  The player's walk and
 * the doors depend only on the seed, never on the monsters.
 *
 * Every monster-turn the planner's cost is held against a from-scratch
 * A* on the same grid (not timed): a difference is counted for any
 * planner, and for cached the excess over the optimum is averaged.  Times
 * cover what a game would pay: the plan call and reading the next step.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "astar.h"
#include "field.h"
#include "gen.h"
#include "lab.h"
#include "movingai.h"
#include "planner.h"
#include "rng.h"
#include "xmalloc.h"

static const char chase_usage[] =
    "astray-lab chase [--scenario NAME] [--map FILE | --generate KIND:WxH]\n"
    "       [--monsters N] [--turns T] [--doors D] [--toggle P] [--seed S]\n"
    "       [--planner all|NAME[,NAME...]] [--budget N] [--movement M]\n"
    "       [--diagonal R] [--still] [--no-check] [--csv]";

/* The standard scenarios: the figures the project quotes. */
static const struct chase_scenario {
	const char	*name;
	const char	*map;		/* or NULL */
	const char	*generate;	/* or NULL */
	long		 monsters, turns, doors;
	double		 toggle;
	long		 seed;
} chase_scenarios[] = {
	{ "chase-small", NULL, "rooms:80x21", 10, 1000, 20, 0.05, 1 },
	{ "chase-std", "../shared/movingai/dao/den520d.map", NULL, 100, 500,
	  200, 0.02, 1 },
	{ "chase-big", "../shared/movingai/room/8room_000.map", NULL, 200, 300,
	  400, 0.01, 1 },
};

#define CHASE_DOOR_MAX	3	/* widest passage a door spans */

struct chase_door {
	int	x, y;		/* first cell */
	int	dx, dy;		/* along the door */
	int	len;
	uint8_t	cost[CHASE_DOOR_MAX];	/* of each cell when open */
	int	open;
};

struct chase_world {
	struct path_grid	*grid;
	int			 w, h;
	struct chase_door	*doors;
	int			 ndoors;
	int			 px, py;	/* player */
	int			 wx, wy;	/* its waypoint */
	struct rng		 rng;		/* walk and doors */
	struct path_point	*monsters;
	int			 nmonsters;
	long			 turns;
	double			 toggle;
	struct path_rules	 rules;
	unsigned long		 budget;
	int			 check;
	int			 still;		/* the player does not move */
};

struct chase_result {
	uint64_t	monster_turns;
	uint64_t	expansions;
	uint64_t	replans;
	uint64_t	cache_hits;
	uint64_t	diffs;
	uint64_t	partial;
	uint64_t	unreachable;
	uint64_t	excess_turns;
	double		excess_sum;
	double		excess_max;
	double		micros_mean;
	double		micros_p99;
	long		peak_kib;
	double		own_peak_kib;
	int		ok;
};

/* A random open cell; the map has at least one. */
static void
chase_open_cell(struct chase_world *wd, int *x, int *y)
{
	do {
		*x = (int)rng_below(&wd->rng, (uint32_t)wd->w);
		*y = (int)rng_below(&wd->rng, (uint32_t)wd->h);
	} while (path_grid_get(wd->grid, *x, *y) == 0);
}

/*
 * Whether a run of len cells from (x,y) along (dx,dy) is a doorway: all
 * open, walled at both ends, with open cells on both sides of the whole
 * run, so that shutting it cuts a passage (up to CHASE_DOOR_MAX wide).
 */
static int
chase_doorway(const struct path_grid *g, int x, int y, int dx, int dy,
    int len)
{
	int	i, cx, cy;

	if (path_grid_get(g, x - dx, y - dy) != 0 ||
	    path_grid_get(g, x + len * dx, y + len * dy) != 0)
		return (0);
	for (i = 0; i < len; i++) {
		cx = x + i * dx;
		cy = y + i * dy;
		if (path_grid_get(g, cx, cy) == 0 ||
		    path_grid_get(g, cx + dy, cy + dx) == 0 ||
		    path_grid_get(g, cx - dy, cy - dx) == 0)
			return (0);
	}
	return (1);
}

/* Adds a door over a run of cells, if none of them has a door yet. */
static void
chase_add_door(struct chase_world *wd, uint8_t *taken, int x, int y, int dx,
    int dy, int len)
{
	struct chase_door	*d;
	int			 i;

	for (i = 0; i < len; i++) {
		if (taken[(y + i * dy) * wd->w + x + i * dx])
			return;
	}
	d = &wd->doors[wd->ndoors++];
	d->x = x;
	d->y = y;
	d->dx = dx;
	d->dy = dy;
	d->len = len;
	d->open = 1;
	for (i = 0; i < len; i++) {
		taken[(y + i * dy) * wd->w + x + i * dx] = 1;
		d->cost[i] = path_grid_get(wd->grid, x + i * dx, y + i * dy);
	}
}

/*
 * Picks up to n doors: the generator's doors first, then doorways found
 * on the map (narrowest first), each group in a seeded random order.
 */
static void
chase_pick_doors(struct chase_world *wd, const struct gen_map *gm, int n)
{
	int	*cand, ncand, i, j, t, x, y, len, dir;
	uint8_t	*taken;

	cand = xcalloc((size_t)wd->w * wd->h * 2, sizeof *cand);
	taken = xcalloc((size_t)wd->w * wd->h, 1);
	wd->doors = xcalloc((size_t)(n > 0 ? n : 1), sizeof *wd->doors);
	for (len = 0; len <= CHASE_DOOR_MAX && wd->ndoors < n; len++) {
		ncand = 0;
		for (y = 0; y < wd->h; y++) {
			for (x = 0; x < wd->w; x++) {
				if (len == 0) {
					if (gm != NULL && gen_at(gm, x, y) == '+')
						cand[ncand++] = (y * wd->w + x) * 2;
					continue;
				}
				for (dir = 0; dir < 2; dir++) {
					if (chase_doorway(wd->grid, x, y, !dir,
					    dir, len))
						cand[ncand++] = (y * wd->w + x) * 2 +
						    dir;
				}
			}
		}
		for (i = ncand - 1; i > 0; i--) {
			j = (int)rng_below(&wd->rng, (uint32_t)i + 1);
			t = cand[i];
			cand[i] = cand[j];
			cand[j] = t;
		}
		for (i = 0; i < ncand && wd->ndoors < n; i++) {
			dir = cand[i] % 2;
			chase_add_door(wd, taken, cand[i] / 2 % wd->w,
			    cand[i] / 2 / wd->w, !dir, dir, len ? len : 1);
		}
	}
	free(taken);
	free(cand);
}

/* Places the player and the monsters where the player can be reached. */
static int
chase_place(struct chase_world *wd)
{
	struct path_field	*f;
	int			 i, x, y, tries;

	f = path_field_new(wd->w, wd->h);
	chase_open_cell(wd, &wd->px, &wd->py);
	path_field_compute(f, wd->grid, wd->rules, wd->px, wd->py,
	    PATH_FIELD_FROM_SOURCE, NULL);
	wd->wx = wd->px;
	wd->wy = wd->py;
	for (i = 0; i < wd->nmonsters; i++) {
		for (tries = 0; tries < 100000; tries++) {
			chase_open_cell(wd, &x, &y);
			if (path_field_get(f, x, y) != PATH_COST_NONE &&
			    (x != wd->px || y != wd->py))
				break;
		}
		wd->monsters[i].x = x;
		wd->monsters[i].y = y;
	}
	path_field_free(f);
	return (0);
}

/* Moves the player one step towards its waypoint, picking a new one. */
static void
chase_walk(struct chase_world *wd, struct path_astar *ws)
{
	struct path_point	step[2];
	int			tries;

	for (tries = 0; tries < 8; tries++) {
		if ((wd->px != wd->wx || wd->py != wd->wy) &&
		    path_astar_search(ws, wd->grid, wd->rules, wd->px, wd->py,
		    wd->wx, wd->wy, NULL) != PATH_COST_NONE) {
			if (path_astar_path(ws, step, 2) >= 2) {
				wd->px = step[1].x;
				wd->py = step[1].y;
			}
			return;
		}
		chase_open_cell(wd, &wd->wx, &wd->wy);
	}
}

/* Flips each door with the toggle probability; never onto the player. */
static void
chase_doors(struct chase_world *wd)
{
	struct chase_door	*d;
	int			 i, k, on_player;

	for (i = 0; i < wd->ndoors; i++) {
		d = &wd->doors[i];
		if (!rng_chance(&wd->rng, wd->toggle))
			continue;
		for (on_player = 0, k = 0; k < d->len; k++)
			on_player |= d->x + k * d->dx == wd->px &&
			    d->y + k * d->dy == wd->py;
		if (d->open && on_player)
			continue;
		d->open = !d->open;
		for (k = 0; k < d->len; k++)
			path_grid_set(wd->grid, d->x + k * d->dx,
			    d->y + k * d->dy, d->open ? d->cost[k] : 0);
	}
}

/* Sorts doubles, for the percentile. */
static int
chase_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* Runs the whole scenario with one kind of planner; fills *res. */
static void
chase_run(struct chase_world *wd, enum path_planner_kind kind,
    struct chase_result *res)
{
	struct lab_progress	  prog;
	struct path_context	 *ctx;
	struct path_planner	**pl;
	struct path_astar	 *walk, *oracle;
	struct path_plan_stats	  st;
	struct path_point	 *pos;
	struct rusage		  ru;
	enum path_plan_status	  status;
	double			 *micros, own, ex;
	path_cost		  pc, oc;
	uint64_t		  t0, n = 0;
	long			  t;
	int			  i, nx, ny;

	memset(res, 0, sizeof *res);
	ctx = path_context_new(wd->grid, wd->rules);
	pl = xcalloc((size_t)wd->nmonsters, sizeof *pl);
	pos = xcalloc((size_t)wd->nmonsters, sizeof *pos);
	for (i = 0; i < wd->nmonsters; i++) {
		pl[i] = path_planner_new(kind, ctx);
		pos[i] = wd->monsters[i];
	}
	walk = path_astar_new(wd->w, wd->h);
	oracle = wd->check ? path_astar_new(wd->w, wd->h) : NULL;
	micros = xcalloc((size_t)wd->turns * wd->nmonsters + 1,
	    sizeof *micros);
	lab_progress_init(&prog);

	for (t = 0; t < wd->turns; t++) {
		if (!wd->still)
			chase_walk(wd, walk);
		chase_doors(wd);
		for (i = 0; i < wd->nmonsters; i++) {
			t0 = lab_now();
			path_planner_set_hunter(pl[i], pos[i].x, pos[i].y);
			path_planner_set_target(pl[i], wd->px, wd->py);
			status = path_planner_plan(pl[i], wd->budget, &st);
			if (path_planner_next(pl[i], &nx, &ny) != 0) {
				nx = pos[i].x;
				ny = pos[i].y;
			}
			micros[n++] = (double)(lab_now() - t0) / 1000.0;
			res->expansions += st.expansions;
			res->replans += st.replanned;
			res->cache_hits += st.cache_hit;
			if (status == PATH_PLAN_PARTIAL)
				res->partial++;
			if (oracle != NULL && status != PATH_PLAN_PARTIAL) {
				pc = path_planner_cost(pl[i]);
				oc = path_astar_search(oracle, wd->grid,
				    wd->rules, pos[i].x, pos[i].y, wd->px,
				    wd->py, NULL);
				if (oc == PATH_COST_NONE)
					res->unreachable++;
				if (pc != oc)
					res->diffs++;
				if (pc != PATH_COST_NONE &&
				    oc != PATH_COST_NONE) {
					ex = path_cost_to_double(pc - oc);
					res->excess_sum += ex;
					res->excess_turns++;
					if (ex > res->excess_max)
						res->excess_max = ex;
				}
			}
			if (nx != wd->px || ny != wd->py) {
				pos[i].x = nx;
				pos[i].y = ny;
			}
		}
		own = (double)path_context_memory(ctx);
		for (i = 0; i < wd->nmonsters; i++)
			own += (double)path_planner_memory(pl[i]);
		if (own / 1024 > res->own_peak_kib)
			res->own_peak_kib = own / 1024;
		lab_progress(&prog, "chase: %s turn %ld/%ld",
		    path_planner_name(kind), t + 1, wd->turns);
	}
	lab_progress_done(&prog);

	res->monster_turns = n;
	if (n > 0) {
		for (t = 0; t < (long)n; t++)
			res->micros_mean += micros[t];
		res->micros_mean /= (double)n;
		qsort(micros, n, sizeof *micros, chase_cmp);
		res->micros_p99 = micros[(size_t)ceil(0.99 * (double)n) - 1];
	}
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		res->peak_kib = ru.ru_maxrss;
	res->ok = 1;

	free(micros);
	path_astar_free(walk);
	path_astar_free(oracle);
	for (i = 0; i < wd->nmonsters; i++)
		path_planner_free(pl[i]);
	free(pl);
	free(pos);
	path_context_free(ctx);
}

/*
 * Runs one planner in a child process so that its peak memory is its own
 * and every planner starts from the same scenario.
 */
static int
chase_fork(struct chase_world *wd, enum path_planner_kind kind,
    struct chase_result *res)
{
	pid_t	pid;
	int	fd[2], status;
	ssize_t	got;

	fflush(stdout);
	fflush(stderr);
	if (pipe(fd) != 0 || (pid = fork()) < 0) {
		lab_error("cannot start a process for %s: %s",
		    path_planner_name(kind), strerror(errno));
		return (-1);
	}
	if (pid == 0) {
		close(fd[0]);
		chase_run(wd, kind, res);
		if (write(fd[1], res, sizeof *res) != (ssize_t)sizeof *res)
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	do
		got = read(fd[0], res, sizeof *res);
	while (got < 0 && errno == EINTR);
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got != (ssize_t)sizeof *res || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0 || !res->ok) {
		lab_error("the %s run failed", path_planner_name(kind));
		return (-1);
	}
	return (0);
}

/* Parses a --planner list into flags; returns 0, or -1. */
static int
chase_planners(const char *arg, int want[PATH_PLANNER_KINDS])
{
	enum path_planner_kind	 k;
	char			*list, *name, *save = NULL;
	int			 bad = 0;

	memset(want, 0, PATH_PLANNER_KINDS * sizeof *want);
	if (strcmp(arg, "all") == 0) {
		for (k = 0; k < PATH_PLANNER_KINDS; k++)
			want[k] = 1;
		return (0);
	}
	list = xstrdup(arg);
	for (name = strtok_r(list, ",", &save); name != NULL;
	    name = strtok_r(NULL, ",", &save)) {
		if (path_planner_parse(name, &k) != 0)
			bad = 1;
		else
			want[k] = 1;
	}
	free(list);
	return (bad ? -1 : 0);
}

/* Prints the results as a table, with ratios to astar when it ran. */
static void
chase_table(const struct chase_result *res, const int *ran,
    const struct chase_world *wd, const char *what)
{
	const struct chase_result	*a = ran[PATH_PLANNER_ASTAR] ?
	    &res[PATH_PLANNER_ASTAR] : NULL;
	const struct chase_result	*r;
	int				 k;

	printf("chase on %s: %d monsters, %ld turns, %d doors, toggle %.3f, "
	    "%s %s\n", what, wd->nmonsters, wd->turns, wd->ndoors, wd->toggle,
	    path_movement_name(wd->rules.movement),
	    path_diagonal_name(wd->rules.diagonal));
	printf("%-8s %9s %10s %9s %9s %8s %8s %9s %6s %8s %8s %8s %8s\n",
	    "planner", "turns", "exp/turn", "us_mean", "us_p99", "replans",
	    "hits", "peak_kib", "diffs", "ex_mean", "ex_max", "exp/A*",
	    "time/A*");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!ran[k])
			continue;
		r = &res[k];
		printf("%-8s %9llu %10.1f %9.2f %9.2f %8llu %8llu %9ld %6llu "
		    "%8.3f %8.3f", path_planner_name((enum path_planner_kind)k),
		    (unsigned long long)r->monster_turns,
		    r->monster_turns ? (double)r->expansions /
		    (double)r->monster_turns : 0.0, r->micros_mean,
		    r->micros_p99, (unsigned long long)r->replans,
		    (unsigned long long)r->cache_hits, r->peak_kib,
		    (unsigned long long)r->diffs, r->excess_turns ?
		    r->excess_sum / (double)r->excess_turns : 0.0,
		    r->excess_max);
		if (a != NULL && a->expansions > 0 && a->micros_mean > 0)
			printf(" %8.3f %8.3f\n", (double)r->expansions /
			    (double)a->expansions, r->micros_mean /
			    a->micros_mean);
		else
			printf(" %8s %8s\n", "-", "-");
	}
	if (!wd->check)
		printf("(--no-check: costs were not compared with A*)\n");
}

/* Fills in a standard scenario's values; returns 0, or -1 if unknown. */
static int
chase_scenario(const char *name, const char **map, const char **generate,
    long *monsters, long *turns, long *doors, double *toggle, long *seed)
{
	size_t	i;

	for (i = 0; i < sizeof chase_scenarios / sizeof chase_scenarios[0];
	    i++) {
		if (strcmp(chase_scenarios[i].name, name) != 0)
			continue;
		*map = chase_scenarios[i].map;
		*generate = chase_scenarios[i].generate;
		*monsters = chase_scenarios[i].monsters;
		*turns = chase_scenarios[i].turns;
		*doors = chase_scenarios[i].doors;
		*toggle = chase_scenarios[i].toggle;
		*seed = chase_scenarios[i].seed;
		return (0);
	}
	return (-1);
}

/* astray-lab chase: see the file comment. */
int
lab_chase(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "scenario", required_argument, NULL, 'S' },
		{ "map", required_argument, NULL, 'm' },
		{ "generate", required_argument, NULL, 'g' },
		{ "monsters", required_argument, NULL, 'n' },
		{ "turns", required_argument, NULL, 't' },
		{ "doors", required_argument, NULL, 'd' },
		{ "toggle", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 's' },
		{ "planner", required_argument, NULL, 'P' },
		{ "budget", required_argument, NULL, 'b' },
		{ "movement", required_argument, NULL, 'M' },
		{ "diagonal", required_argument, NULL, 'D' },
		{ "no-check", no_argument, NULL, 'N' },
		{ "still", no_argument, NULL, 'T' },
		{ "csv", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct chase_world	 wd;
	struct chase_result	 res[PATH_PLANNER_KINDS];
	struct gen_map		 gm, *gmp = NULL;
	struct rng		 genrng;
	enum gen_kind		 kind;
	const char		*map = NULL, *generate = NULL, *scenario = NULL;
	char			*cause, *end, what[256];
	long			 monsters = 10, turns = 100, doors = 0;
	long			 seed = 1, budget = 0;
	double			 toggle = 0;
	int			 want[PATH_PLANNER_KINDS], ran[PATH_PLANNER_KINDS];
	int			 ch, csv = 0, check = 1, i, k, gw, gh, x, y;
	int			 status = 0;

	memset(&wd, 0, sizeof wd);
	wd.rules = path_rules_movingai();
	chase_planners("all", want);
	/* A scenario gives defaults that the other options then override. */
	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "--scenario") == 0)
			scenario = argv[i + 1];
		else if (strncmp(argv[i], "--scenario=", 11) == 0)
			scenario = argv[i] + 11;
	}
	if (scenario != NULL && chase_scenario(scenario, &map, &generate,
	    &monsters, &turns, &doors, &toggle, &seed) != 0)
		return (lab_usage(chase_usage, "unknown scenario \"%s\" "
		    "(chase-small, chase-std or chase-big)", scenario));

	optind = 1;
	while ((ch = getopt_long(argc, argv, "S:m:g:n:t:d:p:s:P:b:M:D:NTch",
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'S':
			break;
		case 'm':
			map = optarg;
			generate = NULL;
			break;
		case 'g':
			generate = optarg;
			map = NULL;
			break;
		case 'n':
			if (lab_parse_count(optarg, 100000, &monsters) != 0 ||
			    monsters < 1)
				return (lab_usage(chase_usage, "--monsters wants "
				    "1 to 100000"));
			break;
		case 't':
			if (lab_parse_count(optarg, 10000000, &turns) != 0)
				return (lab_usage(chase_usage, "--turns wants a "
				    "count"));
			break;
		case 'd':
			if (lab_parse_count(optarg, 10000000, &doors) != 0)
				return (lab_usage(chase_usage, "--doors wants a "
				    "count"));
			break;
		case 'p':
			toggle = strtod(optarg, &end);
			if (*end != '\0' || end == optarg || !(toggle >= 0) ||
			    toggle > 1)
				return (lab_usage(chase_usage, "--toggle wants a "
				    "probability from 0 to 1"));
			break;
		case 's':
			if (lab_parse_count(optarg, 2147483647L, &seed) != 0)
				return (lab_usage(chase_usage, "--seed wants a "
				    "non-negative number"));
			break;
		case 'P':
			if (chase_planners(optarg, want) != 0)
				return (lab_usage(chase_usage, "--planner wants "
				    "all or some of: %s", path_planner_names));
			break;
		case 'b':
			if (lab_parse_count(optarg, 1000000000L, &budget) != 0)
				return (lab_usage(chase_usage, "--budget wants "
				    "a count (0: no limit)"));
			break;
		case 'M':
			if (path_movement_parse(optarg,
			    &wd.rules.movement) != 0)
				return (lab_usage(chase_usage, "unknown movement "
				    "\"%s\" (%s)", optarg, path_movement_names));
			break;
		case 'D':
			if (path_diagonal_parse(optarg,
			    &wd.rules.diagonal) != 0)
				return (lab_usage(chase_usage, "unknown diagonal "
				    "rule \"%s\" (%s)", optarg,
				    path_diagonal_names));
			break;
		case 'N':
			check = 0;
			break;
		case 'T':
			wd.still = 1;
			break;
		case 'c':
			csv = 1;
			break;
		case 'h':
			printf("usage: %s\n\n"
"Every planner chases the player on the identical scenario: a player\n"
"walking between random waypoints, doors flipping open and shut, N\n"
"monsters planning and stepping each turn.  Reports per planner:\n"
"expansions and microseconds per monster-turn (mean, 99th percentile),\n"
"replans, cache hits, peak memory (KiB, of the planner's own process),\n"
"turns whose cost differs from a from-scratch A*, and the excess cost of\n"
"the non-optimal cached planner, with ratios to astar.  --still keeps the\n"
"player in place (to tell the target's moves from the rest of the work).\n\n"
"Standard scenarios: chase-small (rooms:80x21, 10 monsters, 1000 turns,\n"
"20 doors, toggle 0.05), chase-std (dao/den520d, 100, 500, 200, 0.02) and\n"
"chase-big (room/8room_000, 200, 300, 400, 0.01), all with seed 1; the\n"
"maps are looked for in ../shared/movingai.\n\n"
"--csv prints planner,monster_turns,expansions_per_turn,micros_mean,\n"
"micros_p99,replans,peak_kib,cost_diffs,excess_mean,excess_max.\n",
			    chase_usage);
			return (0);
		default:
			return (lab_usage(chase_usage, "bad option"));
		}
	}
	if (optind != argc)
		return (lab_usage(chase_usage, "unexpected argument \"%s\"",
		    argv[optind]));
	if (map == NULL && generate == NULL)
		return (lab_usage(chase_usage, "give --map, --generate or "
		    "--scenario"));

	rng_seed(&genrng, (uint64_t)seed);
	if (map != NULL) {
		if ((wd.grid = path_movingai_read_map(map, &cause)) == NULL) {
			lab_error("%s", cause);
			free(cause);
			return (LAB_EXIT_BAD_INPUT);
		}
		snprintf(what, sizeof what, "%s", map);
	} else {
		if (gen_parse_spec(generate, &kind, &gw, &gh, &cause) != 0) {
			lab_error("--generate: %s", cause);
			free(cause);
			return (LAB_EXIT_USAGE);
		}
		gen_generate(&gm, kind, gw, gh, &genrng);
		gmp = &gm;
		wd.grid = path_grid_new(gw, gh, 0, PATH_GRID_LOG_DEFAULT);
		for (y = 0; y < gh; y++)
			for (x = 0; x < gw; x++)
				path_grid_set(wd.grid, x, y,
				    gen_at(&gm, x, y) == '#' ? 0 : 1);
		snprintf(what, sizeof what, "%s (seed %ld)", generate, seed);
	}
	wd.w = path_grid_width(wd.grid);
	wd.h = path_grid_height(wd.grid);
	wd.nmonsters = (int)monsters;
	wd.turns = turns;
	wd.toggle = toggle;
	wd.budget = (unsigned long)budget;
	wd.check = check;
	wd.rules = path_rules_normalize(wd.rules);
	rng_seed(&wd.rng, (uint64_t)seed + 1);
	wd.monsters = xcalloc((size_t)monsters, sizeof *wd.monsters);
	chase_pick_doors(&wd, gmp, (int)doors);
	chase_place(&wd);

	memset(ran, 0, sizeof ran);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!want[k])
			continue;
		if (chase_fork(&wd, (enum path_planner_kind)k, &res[k]) != 0) {
			status = 1;
			continue;
		}
		ran[k] = 1;
	}
	if (csv) {
		printf("planner,monster_turns,expansions_per_turn,micros_mean,"
		    "micros_p99,replans,peak_kib,cost_diffs,excess_mean,"
		    "excess_max\n");
		for (k = 0; k < PATH_PLANNER_KINDS; k++) {
			if (!ran[k])
				continue;
			printf("%s,%llu,%.3f,%.3f,%.3f,%llu,%ld,%llu,%.4f,%.4f\n",
			    path_planner_name((enum path_planner_kind)k),
			    (unsigned long long)res[k].monster_turns,
			    res[k].monster_turns ? (double)res[k].expansions /
			    (double)res[k].monster_turns : 0.0,
			    res[k].micros_mean, res[k].micros_p99,
			    (unsigned long long)res[k].replans, res[k].peak_kib,
			    (unsigned long long)res[k].diffs,
			    res[k].excess_turns ? res[k].excess_sum /
			    (double)res[k].excess_turns : 0.0,
			    res[k].excess_max);
		}
	} else
		chase_table(res, ran, &wd, what);

	if (gmp != NULL)
		gen_free(gmp);
	free(wd.doors);
	free(wd.monsters);
	path_grid_free(wd.grid);
	return (status);
}
