/*
 * lab-scen.c: astray-lab scen, the Moving AI benchmark runner.
 *
 * Each scenario file is solved problem by problem with A* under Moving AI
 * rules (octile, no corner cutting), each query timed on its own by the
 * thread's CPU clock, not the wall clock.  The table gives per file the
 * mismatches against the optimal lengths, the mean, median and worst time
 * per query and the time per expansion; the CSV gives one row per
 * problem so every result can be checked independently.  A mismatch makes the exit status 1.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "jps.h"
#include "lab.h"
#include "lab-opt.h"
#include "movingai.h"
#include "scen.h"
#include "xmalloc.h"

static const char scen_usage[] =
    "astray-lab scen [--map FILE] [--search LIST] [--repeat N] [--csv]\n"
    "       FILE.map.scen...";

/* The searches scen can run, and how many at once. */
enum scen_search { SCEN_ASTAR, SCEN_JPS, SCEN_AUTO, SCEN_CALLBACK };
static const char *const scen_search_names[] = { "astar", "jps", "auto",
    "callback" };
#define SCEN_SEARCHES	4

/*
 * --search callback: A* on a grid whose costs come from a callback
 * (path_grid_new_callback) that reads the map's stored grid, so that the
 * two give the same answers and the difference in time is the price of
 * asking a function for each step (docs/library.md quotes it).
 */
struct scen_callback {
	const struct path_grid	*grid;
	struct path_rules	 rules;
};

static path_cost
scen_callback_cost(void *user, int fx, int fy, int tx, int ty)
{
	const struct scen_callback	*c = user;
	unsigned			 to = path_grid_get(c->grid, tx, ty);

	if (to == 0 || path_grid_get(c->grid, fx, fy) == 0)
		return (PATH_COST_NONE);
	return (path_step_cost(c->rules, tx - fx, ty - fy, (int)to));
}

/* The grid a search runs on: the callback's for callback, else the map. */
static const struct path_grid *
scen_grid_of(enum scen_search search, const struct path_grid *grid,
    const struct path_grid *cbgrid)
{
	return (search == SCEN_CALLBACK ? cbgrid : grid);
}

struct scen_totals {
	size_t		problems;
	size_t		mismatches;
	uint64_t	expansions;
	uint64_t	ns;
	uint64_t	max_ns;
	double		*micros;	/* per query, for the median */
};

/*
 * The searches asked for, in order (the first is the others' baseline),
 * and how many whole passes over each file to time after the first.
 */
struct scen_plan {
	enum scen_search	 search[SCEN_SEARCHES];
	int			 n;
	long			 repeat;
};

/* Parses a comma-separated list of searches; returns 0, or -1. */
static int
scen_parse_searches(const char *list, struct scen_plan *plan)
{
	const char	*p = list, *end;
	size_t		 len;
	int		 k, i;

	plan->n = 0;
	for (;;) {
		end = strchr(p, ',');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		for (k = 0; k < SCEN_SEARCHES; k++) {
			if (strlen(scen_search_names[k]) == len &&
			    strncmp(p, scen_search_names[k], len) == 0)
				break;
		}
		if (k == SCEN_SEARCHES)
			return (-1);
		for (i = 0; i < plan->n; i++) {
			if (plan->search[i] == (enum scen_search)k)
				return (-1);
		}
		plan->search[plan->n++] = (enum scen_search)k;
		if (end == NULL)
			return (0);
		p = end + 1;
	}
}

/* The map beside a scenario: FILE.map for FILE.map.scen. */
static char *
scen_map_for(const char *scen)
{
	size_t	n = strlen(scen);

	if (n > 5 && strcmp(scen + n - 5, ".scen") == 0)
		return (xasprintf("%.*s", (int)(n - 5), scen));
	return (NULL);
}

/*
 * Prints the table's or the CSV's header the first time there is a
 * result, so that bad input leaves standard output empty.
 */
static void
scen_header(int csv, int ratio)
{
	static int	done;

	if (done)
		return;
	done = 1;
	if (csv)
		printf("file,search,index,sx,sy,gx,gy,optimal,cost,expansions,"
		    "micros\n");
	else
		printf("%-30s %-6s %8s %6s %9s %9s %9s %11s %8s%s\n", "file",
		    "search", "problems", "wrong", "mean_us", "median_us",
		    "max_us", "expansions", "ns/exp", ratio ? "    ratio" : "");
}

/* Whether a search answers with jump point search on this grid. */
static int
scen_uses_jps(enum scen_search search, const struct path_grid *grid)
{
	return (search == SCEN_JPS || (search == SCEN_AUTO &&
	    path_jps_preferred(grid, path_rules_movingai())));
}

/*
 * --repeat: each search runs every problem of the file plan->repeat
 * times more, each pass timed whole (the searches taking turns to go
 * first), and its time becomes the mean of those passes, so that queries
 * shorter than a reading of the clock are measured too.
 */
static void
scen_batches(const struct lab_scenario *sc, const struct path_grid *grid,
    const struct path_grid *cbgrid, const struct scen_plan *plan,
    struct path_astar *ws, struct path_jps *jws, struct scen_totals *tt)
{
	const struct path_rules		 rules = path_rules_movingai();
	const struct lab_scenario_problem	*p;
	uint64_t			 ns[SCEN_SEARCHES] = { 0 }, t0;
	long				 pass;
	size_t				 i;
	int				 k, r, use_jps;

	for (pass = 0; pass < plan->repeat; pass++) {
		for (r = 0; r < plan->n; r++) {
			k = (int)((pass + r) % plan->n);
			use_jps = scen_uses_jps(plan->search[k], grid);
			t0 = lab_cpu_now();
			for (i = 0; i < sc->count; i++) {
				p = &sc->problems[i];
				if (use_jps)
					(void)path_jps_search(jws, grid, rules,
					    p->sx, p->sy, p->gx, p->gy, NULL);
				else
					(void)path_astar_search(ws,
					    scen_grid_of(plan->search[k], grid,
					    cbgrid), rules, p->sx, p->sy, p->gx,
					    p->gy, NULL);
			}
			ns[k] += lab_cpu_now() - t0;
		}
	}
	for (k = 0; k < plan->n; k++)
		tt[k].ns = ns[k] / (uint64_t)plan->repeat;
}

/* Runs one scenario file; returns 0, or -1 after printing an error. */
static int
scen_run(const char *file, const char *map_opt, int csv,
    const struct scen_plan *plan, struct lab_progress *prog, size_t fileno,
    size_t nfiles, struct scen_totals *tt)
{
	const struct path_rules		 rules = path_rules_movingai();
	const struct lab_scenario_problem	*p;
	struct lab_scenario		*sc;
	struct path_grid		*grid, *cbgrid;
	struct scen_callback		 scb;
	struct path_astar		*ws;
	struct path_jps			*jws;
	struct scen_totals		*t;
	struct path_stats		 st;
	enum scen_search		 search;
	char				*map, *cause;
	char				 cb[32];
	path_cost			 cost;
	uint64_t			 t0, dt, clock_cost = (uint64_t)lab_cpu_clock_cost();
	size_t				 i;
	int				 k, r, use_jps;

	memset(tt, 0, SCEN_SEARCHES * sizeof *tt);
	if ((sc = lab_scen_read(file, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (-1);
	}
	map = map_opt != NULL ? xstrdup(map_opt) : scen_map_for(file);
	if (map == NULL) {
		lab_error("%s: cannot tell which map it uses (it does not end "
		    "in .scen); name it with --map", file);
		lab_scen_free(sc);
		return (-1);
	}
	if ((grid = path_movingai_read_map(map, &cause)) == NULL ||
	    lab_scen_check(sc, file, grid, &cause) != 0) {
		lab_error("%s", cause);
		free(cause);
		path_grid_free(grid);
		lab_scen_free(sc);
		free(map);
		return (-1);
	}

	if (csv)
		scen_header(csv, 0);
	scb.grid = grid;
	scb.rules = rules;
	cbgrid = NULL;		/* made only when asked for */
	for (k = 0; k < plan->n; k++)
		if (plan->search[k] == SCEN_CALLBACK && cbgrid == NULL)
			cbgrid = path_grid_new_callback(path_grid_width(grid),
			    path_grid_height(grid), scen_callback_cost, &scb);
	ws = path_astar_new(path_grid_width(grid), path_grid_height(grid));
	jws = path_jps_new(path_grid_width(grid), path_grid_height(grid));
	for (k = 0; k < plan->n; k++)
		tt[k].micros = xcalloc(sc->count, sizeof *tt[k].micros);
	if (!path_jps_supports(grid, rules)) {
		for (k = 0; k < plan->n; k++) {
			if (plan->search[k] == SCEN_JPS) {
				lab_error("%s: jump point search needs every "
				    "open cell to cost the same", map);
				goto fail;
			}
		}
	}
	/*
	 * The grid's jump point planes are built before any clock starts,
	 * not in the first query, as Warthog's harness builds its rotated
	 * map before its timer: a query's time is its search.
	 */
	for (k = 0; k < plan->n; k++)
		if (scen_uses_jps(plan->search[k], grid))
			(void)path_jps_prepare(grid);
	for (i = 0; i < sc->count; i++) {
		p = &sc->problems[i];
		/* The searches take turns going first, to share the load. */
		for (r = 0; r < plan->n; r++) {
			k = (int)((i + (size_t)r) % (size_t)plan->n);
			t = &tt[k];
			search = plan->search[k];
			use_jps = scen_uses_jps(search, grid);
			t0 = lab_cpu_now();
			cost = use_jps ? path_jps_search(jws, grid, rules,
			    p->sx, p->sy, p->gx, p->gy, &st) :
			    path_astar_search(ws, scen_grid_of(search, grid,
			    cbgrid), rules, p->sx, p->sy, p->gx, p->gy, &st);
			dt = lab_cpu_now() - t0;
			dt = dt > clock_cost ? dt - clock_cost : 0;
			t->problems++;
			t->ns += dt;
			if (dt > t->max_ns)
				t->max_ns = dt;
			t->micros[i] = dt / 1000.0;
			t->expansions += st.expansions;
			if (!lab_length_matches(p->optimal, cost)) {
				if (t->mismatches < 10)
					fprintf(stderr, "astray-lab: %s:%d: "
					    "mismatch (%s): optimal %.5f, "
					    "found %s\n", file, p->line,
					    scen_search_names[search],
					    p->optimal, lab_cost(cost, cb));
				t->mismatches++;
			}
			if (csv)
				printf("%s,%s,%zu,%d,%d,%d,%d,%.5f,%.5f,%llu,"
				    "%.3f\n", file, scen_search_names[search],
				    i, p->sx, p->sy, p->gx, p->gy, p->optimal,
				    cost == PATH_COST_NONE ? -1.0 :
				    path_cost_to_double(cost),
				    (unsigned long long)st.expansions,
				    dt / 1000.0);
		}
		if (i % 64 == 0)
			lab_progress(prog, "scen: file %zu/%zu %s: %zu/%zu",
			    fileno + 1, nfiles, file, i, sc->count);
	}
	if (plan->repeat > 0)
		scen_batches(sc, grid, cbgrid, plan, ws, jws, tt);
	path_jps_free(jws);
	path_astar_free(ws);
	path_grid_free(cbgrid);
	path_grid_free(grid);
	lab_scen_free(sc);
	free(map);
	return (0);

fail:
	for (k = 0; k < plan->n; k++)
		free(tt[k].micros);
	path_jps_free(jws);
	path_astar_free(ws);
	path_grid_free(cbgrid);
	path_grid_free(grid);
	lab_scen_free(sc);
	free(map);
	return (-1);
}

/* Prints a table row for one file (or the total). */
static void
scen_row(const char *name, enum scen_search search, struct scen_totals *t,
    const struct scen_totals *base)
{
	double	n = t->problems ? (double)t->problems : 1;

	printf("%-30s %-6s %8zu %6zu %9.2f %9.2f %9.2f %11.1f %8.1f", name,
	    scen_search_names[search], t->problems, t->mismatches,
	    t->ns / n / 1000.0, lab_median(t->micros, t->problems),
	    t->max_ns / 1000.0, t->expansions / n,
	    t->expansions ? (double)t->ns / (double)t->expansions : 0.0);
	if (base != NULL)
		printf(" %8.3f", base->ns ? (double)t->ns / (double)base->ns :
		    0.0);
	putchar('\n');
}

/* Adds one file's totals to the running ones. */
static void
scen_add(struct scen_totals *all, const struct scen_totals *t)
{
	all->micros = xreallocarray(all->micros, all->problems + t->problems,
	    sizeof *all->micros);
	memcpy(all->micros + all->problems, t->micros,
	    t->problems * sizeof *t->micros);
	all->problems += t->problems;
	all->mismatches += t->mismatches;
	all->expansions += t->expansions;
	all->ns += t->ns;
	if (t->max_ns > all->max_ns)
		all->max_ns = t->max_ns;
}

/* What the command line asks for. */
struct scen_cmd {
	const char		*map;		/* or NULL: beside each file */
	struct scen_plan	 plan;
	int			 csv;
};

/* Prints scen --help. */
static void
scen_help(void)
{
	printf("usage: %s\n\nSolves every problem of Moving AI "
	    "scenario files (octile, no corner\n"
	    "cutting) and compares each cost with the optimal "
	    "length.  The map is\nFILE.map beside FILE.map.scen "
	    "unless --map names it.\n\n  --map FILE     the map "
	    "for every scenario given\n  --search LIST  astar "
	    "(the default), jps (jump point search), auto\n"
	    "                 (jps where it is exact and pays, "
	    "else astar), callback\n                 (astar on "
	    "a grid whose costs come from a callback\n"
	    "                 reading the map), or several\n"
	    "                 apart "
	    "by commas: each query runs them all in turn, and "
	    "the\n                 table adds each one's time "
	    "relative to the first\n  --repeat N     then N more "
	    "passes over each file, each timed whole:\n"
	    "                 mean_us, ns/exp and the ratio are "
	    "theirs (for queries\n                 too short for "
	    "the clock; median_us and max_us stay\n"
	    "                 the first pass's)\n"
	    "  --csv          one row "
	    "per problem and search: %s\n", scen_usage,
	    "file,search,index,sx,sy,gx,gy,optimal,cost,"
	    "expansions,micros");
}

/* --search LIST. */
static int
scen_opt_search(void *target, const char *arg)
{
	struct scen_cmd	*cmd = target;

	return (scen_parse_searches(arg, &cmd->plan));
}

/* scen's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt scen_opts[] = {
	{ .name = "map", .letter = 'm', .kind = LAB_OPT_STRING,
	  .at = offsetof(struct scen_cmd, map) },
	{ .name = "search", .letter = 's', .kind = LAB_OPT_CALL,
	  .call = scen_opt_search,
	  .bad = "--search wants astar, jps, auto or callback, or several "
	  "apart by commas, each once" },
	{ .name = "repeat", .letter = 'r', .kind = LAB_OPT_COUNT,
	  .at = offsetof(struct scen_cmd, plan.repeat), .min = 1,
	  .max = 100000, .bad = "--repeat wants 1 to 100000" },
	{ .name = "csv", .letter = 'c', .kind = LAB_OPT_SET,
	  .at = offsetof(struct scen_cmd, csv) },
	{ .name = NULL }
};

static const struct lab_cmd scen_entry = {
	.usage = scen_usage,
	.help = scen_help,
	.opts = scen_opts,
	.args_min = 1,
	.args_max = -1,
	.args_bad = "no scenario file given"
};

/* astray-lab scen: see the file comment. */
int
lab_scen(int argc, char **argv)
{
	struct scen_cmd		 cmd = { .plan = { { SCEN_ASTAR }, 1 } };
	struct lab_args		 args;
	struct lab_progress	 prog;
	struct scen_totals	 t[SCEN_SEARCHES], all[SCEN_SEARCHES];
	const struct scen_plan	*plan = &cmd.plan;
	const char		*base, *file;
	size_t			 nfiles, i, bad = 0;
	int			 csv, failed = 0, k, status;

	if ((status = lab_opt_parse(&scen_entry, argc, argv, &cmd,
	    &args)) >= 0)
		return (status);
	csv = cmd.csv;
	nfiles = (size_t)args.argc;

	lab_progress_init(&prog);
	memset(all, 0, sizeof all);
	for (i = 0; i < nfiles; i++) {
		file = args.argv[i];
		if (scen_run(file, cmd.map, csv, plan, &prog, i, nfiles,
		    t) != 0) {
			failed = 1;
			continue;
		}
		lab_progress_done(&prog);
		for (k = 0; k < plan->n; k++) {
			scen_add(&all[k], &t[k]);
			bad += t[k].mismatches;
			if (!csv) {
				scen_header(csv, plan->n > 1);
				base = strrchr(file, '/');
				scen_row(base != NULL ? base + 1 : file,
				    plan->search[k], &t[k], plan->n > 1 ?
				    &t[0] : NULL);
			}
			free(t[k].micros);
		}
	}
	lab_progress_done(&prog);
	for (k = 0; k < plan->n; k++) {
		if (!csv && nfiles > 1 && all[k].problems > 0)
			scen_row("total", plan->search[k], &all[k],
			    plan->n > 1 ? &all[0] : NULL);
		free(all[k].micros);
	}
	if (failed)
		return (LAB_EXIT_BAD_INPUT);
	if (bad > 0) {
		lab_error("%zu mismatch%s against the optimal lengths", bad,
		    bad == 1 ? "" : "es");
		return (1);
	}
	return (0);
}
