/*
 * lab-chase.c: astray-lab chase, the chase benchmark: its command line,
 * its standard scenarios and its report.
 *
 * The scenario is built by lab-chase-world.c and run by lab-chase-run.c
 * (read their opening comments for what is measured and how).  This file
 * turns options into a scenario, finds the standard scenarios' maps
 * (installed with the data, else shipped in bench/maps, else
 * ../shared/movingai), and prints a table per planner, with ratios to
 * astar measured in the same run, or CSV.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"
#include "lab.h"
#include "lab-chase.h"
#include "lab-opt.h"
#include "movingai.h"
#include "planner.h"
#include "rng.h"
#include "xmalloc.h"

#ifndef LAB_MAPDIR
#define LAB_MAPDIR	"/usr/local/share/astray/maps"
#endif
#ifndef LAB_SRCMAPDIR
#define LAB_SRCMAPDIR	"bench/maps"
#endif
#define CHASE_SHARED_MAPS	"../shared/movingai"

/* Below this resident growth, page and allocator granularity dominate. */
#define CHASE_RSS_JUDGED_KIB	1024
#define CHASE_RSS_TOLERANCE	0.10

static const char chase_usage[] =
    "astray-lab chase [--scenario NAME] [--map FILE | --generate KIND:WxH]\n"
    "       [--monsters N] [--turns T] [--doors D] [--toggle P] [--seed S]\n"
    "       [--planner all|NAME[,NAME...]] [--budget N] [--movement M]\n"
    "       [--diagonal R] [--still] [--far] [--crowding] [--isolate]\n"
    "       [--no-check] [--csv]";

/*
 * The standard scenarios: the figures the project quotes.  A map is named
 * as in the Moving AI set and looked for in bench/maps, then in
 * ../shared/movingai.
 */
static const struct chase_scenario {
	const char	*name;
	const char	*map;		/* or NULL */
	const char	*generate;	/* or NULL */
	long		 monsters, turns, doors;
	double		 toggle;
	long		 seed;
	int		 far;
} chase_scenarios[] = {
	{ "chase-small", NULL, "rooms:80x21", 10, 1000, 20, 0.05, 1, 0 },
	{ "chase-std", "dao/den520d.map", NULL, 100, 500, 200, 0.02, 1, 0 },
	{ "chase-big", "room/8room_000.map", NULL, 200, 300, 400, 0.01, 1, 0 },
	{ "chase-far", "dao/orz100d.map", NULL, 20, 500, 100, 0.01, 1, 1 },
};
#define CHASE_SCENARIOS	\
    (sizeof chase_scenarios / sizeof chase_scenarios[0])

static const char chase_csv_header[] =
    "planner,monster_turns,expansions_per_turn,cpu_us_mean,turn_cpu_us_p99,"
    "ns_per_expansion,restarts,replans,peak_kib,cost_diffs,excess_mean,"
    "excess_max";

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

/* Expansions per monster-turn. */
static double
chase_per_turn(const struct chase_result *r)
{
	return (r->monster_turns ? (double)r->expansions /
	    (double)r->monster_turns : 0.0);
}

/* CPU microseconds per monster-turn. */
static double
chase_cpu_us(const struct chase_result *r)
{
	return (r->monster_turns ? (double)r->cpu_ns / 1000.0 /
	    (double)r->monster_turns : 0.0);
}

/* Share of the calls that searched from scratch. */
static double
chase_restart_share(const struct chase_result *r)
{
	return (r->monster_turns ? (double)r->restarts /
	    (double)r->monster_turns : 0.0);
}

/* Mean excess cost over the optimum, in orthogonal steps. */
static double
chase_excess_mean(const struct chase_result *r)
{
	return (r->excess_turns ? r->excess_sum / (double)r->excess_turns :
	    0.0);
}

/* Prints the results as CSV, one row per planner. */
static void
chase_csv(const struct chase_result *res, const int *ran,
    const struct chase_options *opt)
{
	const struct chase_result	*r;
	int				 k;

	printf("%s\n", chase_csv_header);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!ran[k])
			continue;
		r = &res[k];
		printf("%s,%llu,%.3f,%.3f,%.1f,",
		    path_planner_name((enum path_planner_kind)k),
		    (unsigned long long)r->monster_turns, chase_per_turn(r),
		    chase_cpu_us(r), r->turn_us_p99);
		if (r->expansions > 0)
			printf("%.1f", (double)r->cpu_ns /
			    (double)r->expansions);
		printf(",%.4f,%llu,%.0f,", chase_restart_share(r),
		    (unsigned long long)r->replans, r->lib_peak_kib);
		if (opt->check)
			printf("%llu,%.4f,%.4f\n",
			    (unsigned long long)r->diffs,
			    chase_excess_mean(r), r->excess_max);
		else
			printf(",,\n");
	}
}

/* Prints the results as a table, with ratios to astar when it ran. */
static void
chase_table(const struct chase_result *res, const int *ran,
    const struct chase_options *opt, const struct chase_world *wd,
    const char *what, double clock_ns)
{
	const struct chase_result	*a = ran[PATH_PLANNER_ASTAR] ?
	    &res[PATH_PLANNER_ASTAR] : NULL;
	const struct chase_result	*r;
	int				 k;

	printf("chase on %s: %d monsters%s, %ld turns, %d doors, toggle "
	    "%.3f, %s %s%s\n", what, wd->nmonsters, opt->far ?
	    " starting far" : "", wd->turns, wd->ndoors, opt->toggle,
	    path_movement_name(wd->rules.movement),
	    path_diagonal_name(wd->rules.diagonal),
	    opt->crowding ? ", crowding" : "");
	printf("monsters start %.0f steps from the player on average (the "
	    "nearest %.0f)\n", wd->start_mean, wd->start_min);
	printf("%s;\nthread CPU time, one clock pair per planner-turn (a "
	    "reading costs %.2f us,\n%.4f us per monster-turn)\n",
	    opt->isolate ? "each planner in a process of its own, one after "
	    "another" : "planners interleaved in one process, in rotating "
	    "order", clock_ns / 1000.0, clock_ns / 1000.0 /
	    (double)wd->nmonsters);
	printf("%-8s %9s %9s %8s %9s %7s %8s %8s %9s %6s %7s %7s %7s %7s\n",
	    "planner", "m_turns", "exp/turn", "cpu_us", "turn_p99", "ns/exp",
	    "restarts", "replans", "peak_kib", "diffs", "ex_mean", "ex_max",
	    "exp/A*", "time/A*");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!ran[k])
			continue;
		r = &res[k];
		printf("%-8s %9llu %9.1f %8.2f %9.1f ",
		    path_planner_name((enum path_planner_kind)k),
		    (unsigned long long)r->monster_turns, chase_per_turn(r),
		    chase_cpu_us(r), r->turn_us_p99);
		if (r->expansions > 0)
			printf("%7.1f", (double)r->cpu_ns /
			    (double)r->expansions);
		else
			printf("%7s", "-");
		printf(" %8.3f %8llu %9.0f ", chase_restart_share(r),
		    (unsigned long long)r->replans, r->lib_peak_kib);
		if (opt->check)
			printf("%6llu %7.3f %7.3f",
			    (unsigned long long)r->diffs,
			    chase_excess_mean(r), r->excess_max);
		else
			printf("%6s %7s %7s", "-", "-", "-");
		if (a != NULL && a->expansions > 0 && a->cpu_ns > 0)
			printf(" %7.3f %7.3f\n", (double)r->expansions /
			    (double)a->expansions, (double)r->cpu_ns /
			    (double)a->cpu_ns);
		else
			printf(" %7s %7s\n", "-", "-");
	}
	if (!opt->check)
		printf("(costs were not compared with A*%s)\n", opt->isolate ?
		    ": --isolate measures memory" : "");
	if (opt->crowding) {
		printf("crowding: steps refused because another monster stood "
		    "there:");
		for (k = 0; k < PATH_PLANNER_KINDS; k++) {
			if (ran[k])
				printf(" %s %llu", path_planner_name(
				    (enum path_planner_kind)k),
				    (unsigned long long)res[k].waits);
		}
		printf("\nflanking: steps other than the planner's (round a "
		    "monster or to a free side):");
		for (k = 0; k < PATH_PLANNER_KINDS; k++) {
			if (ran[k])
				printf(" %s %llu", path_planner_name(
				    (enum path_planner_kind)k),
				    (unsigned long long)res[k].flanks);
		}
		printf("\n");
	}
}

/*
 * Prints --isolate's memory check: each planner's peak by the library's
 * count against the growth of its process's resident set.  Returns the
 * number of planners whose count is more than 10% off a growth large
 * enough to judge.
 */
static int
chase_memory_table(const struct chase_result *res, const int *ran, int csv)
{
	const struct chase_result	*r;
	FILE				*out = csv ? stderr : stdout;
	double				 growth, ratio;
	const char			*verdict;
	int				 k, off = 0;

	fprintf(out, "\nmemory (KiB), one planner per process: growth = peak "
	    "resident set minus the\nresident set before its context and "
	    "planners were made; heap = the peak\ngrowth of malloc's bytes "
	    "in use, touched or not (mallinfo2).  The library's\ncount must "
	    "be within %.0f%% of heap and not under growth by more; \"over\"\n"
	    "means allocated pages never touched (growths under %d KiB, and "
	    "runs whose\nmalloc gives no figures, as under valgrind or "
	    "sanitizers, are not judged)\n", CHASE_RSS_TOLERANCE * 100,
	    CHASE_RSS_JUDGED_KIB);
	fprintf(out, "%-8s %9s %9s %9s %9s %9s %8s %8s  %s\n", "planner",
	    "library", "heap", "rss_base", "rss_peak", "growth", "lib/heap",
	    "lib/rss", "verdict");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!ran[k])
			continue;
		r = &res[k];
		growth = (double)(r->rss_peak_kib - r->rss_base_kib);
		ratio = growth > 0 ? r->lib_peak_kib / growth : 0;
		if (r->heap_peak_kib > 0 && r->lib_peak_kib >= 64 &&
		    fabs(r->lib_peak_kib / r->heap_peak_kib - 1) >
		    CHASE_RSS_TOLERANCE) {
			verdict = "WRONG: the count is off malloc's by >10%";
			off++;
		} else if (!r->rss_known)
			verdict = "unknown (no /proc/self/status)";
		else if (r->heap_peak_kib <= 0)
			verdict = "not judged (no malloc figures)";
		else if (growth < CHASE_RSS_JUDGED_KIB)
			verdict = "not judged (small)";
		else if (ratio < 1 - CHASE_RSS_TOLERANCE) {
			verdict = "UNDER: resident growth more than 10% above";
			off++;
		} else if (ratio > 1 + CHASE_RSS_TOLERANCE)
			verdict = r->heap_peak_kib > 0 ? "over: allocated, "
			    "never touched" : "over";
		else
			verdict = "ok";
		fprintf(out, "%-8s %9.0f ", path_planner_name(
		    (enum path_planner_kind)k), r->lib_peak_kib);
		if (r->heap_peak_kib >= 0)
			fprintf(out, "%9.0f ", r->heap_peak_kib);
		else
			fprintf(out, "%9s ", "-");
		fprintf(out, "%9ld %9ld %9.0f ", r->rss_base_kib,
		    r->rss_peak_kib, growth);
		if (r->heap_peak_kib > 0)
			fprintf(out, "%8.3f ", r->lib_peak_kib /
			    r->heap_peak_kib);
		else
			fprintf(out, "%8s ", "-");
		fprintf(out, "%8.3f  %s\n", ratio, verdict);
	}
	return (off);
}

/* Finds a standard scenario by name; NULL if there is none. */
static const struct chase_scenario *
chase_scenario(const char *name)
{
	size_t	i;

	for (i = 0; i < CHASE_SCENARIOS; i++) {
		if (strcmp(chase_scenarios[i].name, name) == 0)
			return (&chase_scenarios[i]);
	}
	return (NULL);
}

/*
 * Finds a standard scenario's map: the installed copy, else the source
 * tree's bench/maps (as configured, for a build run where it was built),
 * else ../shared/movingai from the current folder.  Returns a path to
 * free, or NULL after reporting.
 */
static char *
chase_find_map(const char *scenario, const char *name)
{
	static const char *const dirs[] = {
		LAB_MAPDIR, LAB_SRCMAPDIR, CHASE_SHARED_MAPS
	};
	char	*path;
	size_t	 i;

	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		path = xasprintf("%s/%s", dirs[i], name);
		if (access(path, R_OK) == 0)
			return (path);
		free(path);
	}
	lab_error("%s needs the map %s: it is in none of %s, %s and %s "
	    "(give --map FILE)", scenario, name, LAB_MAPDIR, LAB_SRCMAPDIR,
	    CHASE_SHARED_MAPS);
	return (NULL);
}

/*
 * Makes the grid: reads a Moving AI map or generates one from spec with
 * the seed (filling *gm, which the caller frees).  Returns NULL after
 * reporting; *status is then the exit status.
 */
static struct path_grid *
chase_grid(const char *map, const char *spec, long seed, struct gen_map *gm,
    int *made, char *what, size_t whatlen, int *status)
{
	struct path_grid	*grid;
	struct rng		 rng;
	enum gen_kind		 kind;
	char			*cause, *real;
	int			 gw, gh, x, y;

	*made = 0;
	if (map != NULL) {
		if ((grid = path_movingai_read_map(map, &cause)) == NULL) {
			lab_error("%s", cause);
			free(cause);
			*status = LAB_EXIT_BAD_INPUT;
			return (NULL);
		}
		if ((real = realpath(map, NULL)) != NULL) {
			snprintf(what, whatlen, "%s", real);
			free(real);
		} else
			snprintf(what, whatlen, "%s", map);
		return (grid);
	}
	if (gen_parse_spec(spec, &kind, &gw, &gh, &cause) != 0) {
		lab_error("--generate: %s", cause);
		free(cause);
		*status = LAB_EXIT_USAGE;
		return (NULL);
	}
	rng_seed(&rng, (uint64_t)seed);
	gen_generate(gm, kind, gw, gh, &rng);
	*made = 1;
	grid = path_grid_new(gw, gh, 0, PATH_GRID_LOG_DEFAULT);
	for (y = 0; y < gh; y++)
		for (x = 0; x < gw; x++)
			path_grid_set(grid, x, y, gen_at(gm, x, y) == '#' ? 0 : 1);
	snprintf(what, whatlen, "%s (seed %ld)", spec, seed);
	return (grid);
}

static const char chase_help[] =
"Every planner chases the player on the identical scenario: a player\n"
"walking between random waypoints, doors flipping open and shut, N\n"
"monsters planning and stepping each turn.  The planners run interleaved\n"
"in one process: each turn runs every planner's whole turn (all its\n"
"monsters' plan calls and steps) in an order that rotates, timed by one\n"
"pair of readings of the thread's CPU clock; the clock's own cost is\n"
"measured first and printed.  Reports per planner: monster-turns,\n"
"expansions (cells taken from the queue) and CPU microseconds per\n"
"monster-turn, the 99th percentile of a whole turn, nanoseconds per\n"
"expansion, the share of calls that searched from scratch (restarts),\n"
"calls that searched (replans), peak memory by the library's own count\n"
"(KiB, context and planners), monster-turns whose cost differs from a\n"
"from-scratch A* (not timed) with the mean and worst excess in steps, and\n"
"expansions and time relative to astar.\n"
"\n"
"  --still      the player stands still (to tell its moves from the rest)\n"
"  --far        monsters start at least half as far from the player as the\n"
"               farthest reachable cell\n"
"  --crowding   monsters block each other and flank as the game's flanking\n"
"               monsters do: in the order of their numbers, each takes\n"
"               its planner's step or, within 8 steps of the player, one\n"
"               that comes round to a side no nearer monster covers or\n"
"               round a monster in the way; one hemmed in waits\n"
"  --isolate    each planner in a process of its own instead, one after\n"
"               another: also prints its peak resident memory against the\n"
"               library's count (which must agree within 10%); no A* check\n"
"  --no-check   skip the comparison with a from-scratch A*\n"
"\n"
"Standard scenarios, all with seed 1 (maps from " LAB_MAPDIR ",\n"
"else the source tree's bench/maps, else ../shared/movingai):\n"
"  chase-small  --generate rooms:80x21, 10 monsters, 1000 turns, 20 doors,\n"
"               toggle 0.05\n"
"  chase-std    dao/den520d.map, 100 monsters, 500 turns, 200 doors, 0.02\n"
"  chase-big    room/8room_000.map, 200 monsters, 300 turns, 400 doors,\n"
"               0.01\n"
"  chase-far    dao/orz100d.map, 20 monsters starting far, 500 turns,\n"
"               100 doors, 0.01\n"
"\n";

/* What the command line asks for. */
struct chase_cmd {
	struct chase_options		 opt;
	const struct chase_scenario	*sc;	/* a standard one, or NULL */
	const char			*map;
	const char			*generate;
	long				 budget;
	int				 csv;
};

/* Prints chase --help. */
static void
chase_print_help(void)
{
	printf("usage: %s\n\n", chase_usage);
	fputs(chase_help, stdout);
	printf("--csv prints %s.\n", chase_csv_header);
}

/* Takes the map: a file or a generated one, instead of a scenario's. */
static int
chase_source(struct chase_cmd *cmd, const char *map, const char *generate)
{
	cmd->map = map;
	cmd->generate = generate;
	cmd->sc = NULL;
	return (0);
}

/* --map FILE. */
static int
chase_opt_map(void *target, const char *arg)
{
	return (chase_source(target, arg, NULL));
}

/* --generate KIND:WxH. */
static int
chase_opt_generate(void *target, const char *arg)
{
	return (chase_source(target, NULL, arg));
}

/* --toggle P: a probability. */
static int
chase_opt_toggle(void *target, const char *arg)
{
	struct chase_cmd	*cmd = target;
	char			*end;

	cmd->opt.toggle = strtod(arg, &end);
	if (*end != '\0' || end == arg || !(cmd->opt.toggle >= 0) ||
	    cmd->opt.toggle > 1)
		return (-1);
	return (0);
}

/* --planner all|NAME[,NAME...]. */
static int
chase_opt_planner(void *target, const char *arg)
{
	struct chase_cmd	*cmd = target;

	if (chase_planners(arg, cmd->opt.want) != 0)
		return (lab_usage(chase_usage, "--planner wants all or some "
		    "of: %s", path_planner_names));
	return (0);
}

#define CHASE_AT(field)	offsetof(struct chase_cmd, field)

/* chase's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt chase_opts[] = {
	{ .name = "scenario", .letter = 'S', .kind = LAB_OPT_READ_BEFORE },
	{ .name = "map", .letter = 'm', .kind = LAB_OPT_CALL,
	  .call = chase_opt_map },
	{ .name = "generate", .letter = 'g', .kind = LAB_OPT_CALL,
	  .call = chase_opt_generate },
	{ .name = "monsters", .letter = 'n', .kind = LAB_OPT_COUNT,
	  .at = CHASE_AT(opt.monsters), .min = 1, .max = 100000,
	  .bad = "--monsters wants 1 to 100000" },
	{ .name = "turns", .letter = 't', .kind = LAB_OPT_COUNT,
	  .at = CHASE_AT(opt.turns), .max = 10000000,
	  .bad = "--turns wants a count" },
	{ .name = "doors", .letter = 'd', .kind = LAB_OPT_COUNT,
	  .at = CHASE_AT(opt.doors), .max = 10000000,
	  .bad = "--doors wants a count" },
	{ .name = "toggle", .letter = 'p', .kind = LAB_OPT_CALL,
	  .call = chase_opt_toggle,
	  .bad = "--toggle wants a probability from 0 to 1" },
	{ .name = "seed", .letter = 's', .kind = LAB_OPT_COUNT,
	  .at = CHASE_AT(opt.seed), .max = 2147483647L,
	  .bad = "--seed wants a non-negative number" },
	{ .name = "planner", .letter = 'P', .kind = LAB_OPT_CALL,
	  .call = chase_opt_planner },
	{ .name = "budget", .letter = 'b', .kind = LAB_OPT_COUNT,
	  .at = CHASE_AT(budget), .max = 1000000000L,
	  .bad = "--budget wants a count (0: no limit)" },
	{ .name = "movement", .letter = 'M', .kind = LAB_OPT_MOVEMENT,
	  .at = CHASE_AT(opt.rules.movement),
	  .bad = "unknown movement \"%s\" (%s)" },
	{ .name = "diagonal", .letter = 'D', .kind = LAB_OPT_DIAGONAL,
	  .at = CHASE_AT(opt.rules.diagonal),
	  .bad = "unknown diagonal rule \"%s\" (%s)" },
	{ .name = "no-check", .letter = 'N', .kind = LAB_OPT_CLEAR,
	  .at = CHASE_AT(opt.check) },
	{ .name = "still", .letter = 'T', .kind = LAB_OPT_SET,
	  .at = CHASE_AT(opt.still) },
	{ .name = "far", .letter = 'F', .kind = LAB_OPT_SET,
	  .at = CHASE_AT(opt.far) },
	{ .name = "crowding", .letter = 'C', .kind = LAB_OPT_SET,
	  .at = CHASE_AT(opt.crowding) },
	{ .name = "isolate", .letter = 'I', .kind = LAB_OPT_SET,
	  .at = CHASE_AT(opt.isolate) },
	{ .name = "csv", .letter = 'c', .kind = LAB_OPT_SET,
	  .at = CHASE_AT(csv) },
	{ .name = NULL }
};

static const struct lab_cmd chase_entry = {
	.usage = chase_usage,
	.help = chase_print_help,
	.opts = chase_opts,
	.args_min = 0,
	.args_max = 0,
	.args_bad = "unexpected argument \"%s\""
};

/*
 * Takes the defaults of the scenario --scenario names, which the other
 * options then override wherever they stand.  As the lab always has, it
 * looks only for "--scenario NAME", and for "--scenario=NAME" short of
 * the last argument; the table takes the option's other spellings (an
 * abbreviation, -S) and ignores them.  Returns -1 to go on, or the exit
 * status of a usage error.
 */
static int
chase_scenario_defaults(int argc, char **argv, struct chase_cmd *cmd)
{
	const char	*scenario = NULL;
	int		 i;

	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "--scenario") == 0)
			scenario = argv[i + 1];
		else if (strncmp(argv[i], "--scenario=", 11) == 0)
			scenario = argv[i] + 11;
	}
	if (scenario == NULL)
		return (-1);
	if ((cmd->sc = chase_scenario(scenario)) == NULL)
		return (lab_usage(chase_usage, "unknown scenario \"%s\" "
		    "(chase-small, chase-std, chase-big or chase-far)",
		    scenario));
	cmd->map = cmd->sc->map;
	cmd->generate = cmd->sc->generate;
	cmd->opt.monsters = cmd->sc->monsters;
	cmd->opt.turns = cmd->sc->turns;
	cmd->opt.doors = cmd->sc->doors;
	cmd->opt.toggle = cmd->sc->toggle;
	cmd->opt.seed = cmd->sc->seed;
	cmd->opt.far = cmd->sc->far;
	return (-1);
}

/*
 * Reads the command line into cmd.  Returns -1 to go on, or the exit
 * status to stop with (after --help, or a usage error).
 */
static int
chase_parse(int argc, char **argv, struct chase_cmd *cmd)
{
	struct lab_args	 args;
	int		 status;

	memset(cmd, 0, sizeof *cmd);
	cmd->opt.monsters = 10;
	cmd->opt.turns = 100;
	cmd->opt.seed = 1;
	cmd->opt.check = 1;
	cmd->opt.rules = path_rules_movingai();
	chase_planners("all", cmd->opt.want);
	if ((status = chase_scenario_defaults(argc, argv, cmd)) >= 0 ||
	    (status = lab_opt_parse(&chase_entry, argc, argv, cmd,
	    &args)) >= 0)
		return (status);
	cmd->opt.budget = (unsigned long)cmd->budget;
	if (cmd->map == NULL && cmd->generate == NULL)
		return (lab_usage(chase_usage, "give --map, --generate or "
		    "--scenario"));
	return (-1);
}

/* astray-lab chase: see the file comment. */
int
lab_chase(int argc, char **argv)
{
	struct chase_cmd	 cmd;
	struct chase_options	*opt = &cmd.opt;
	struct chase_world	 wd;
	struct chase_result	 res[PATH_PLANNER_KINDS];
	struct path_grid	*grid;
	struct gen_map		 gm;
	const char		*map;
	char			*found = NULL, what[512];
	double			 clock_ns;
	int			 ran[PATH_PLANNER_KINDS];
	int			 made, status;

	if ((status = chase_parse(argc, argv, &cmd)) >= 0)
		return (status);
	status = 0;
	map = cmd.map;
	if (opt->isolate)
		opt->check = 0;
	if (cmd.sc != NULL && cmd.sc->map != NULL) {
		if ((found = chase_find_map(cmd.sc->name, cmd.sc->map)) == NULL)
			return (LAB_EXIT_BAD_INPUT);
		map = found;
	}
	grid = chase_grid(map, cmd.generate, opt->seed, &gm, &made, what,
	    sizeof what, &status);
	free(found);
	if (grid == NULL)
		return (status);

	chase_world_build(&wd, grid, made ? &gm : NULL, opt);
	if (made)
		gen_free(&gm);
	clock_ns = lab_cpu_clock_cost();
	memset(ran, 0, sizeof ran);
	memset(res, 0, sizeof res);
	if ((opt->isolate ? chase_run_isolated(&wd, opt, res, ran) :
	    chase_run_interleaved(&wd, opt, res, ran)) != 0)
		status = 1;
	if (cmd.csv)
		chase_csv(res, ran, opt);
	else
		chase_table(res, ran, opt, &wd, what, clock_ns);
	if (opt->isolate && chase_memory_table(res, ran, cmd.csv) > 0) {
		lab_error("chase --isolate: a planner's own memory count is "
		    "more than 10%% off malloc's or under its resident growth");
		status = 1;
	}
	chase_world_free(&wd);
	return (status);
}
