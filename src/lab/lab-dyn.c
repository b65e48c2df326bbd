/*
 * lab-dyn.c: astray-lab dyn, the GPPC dynamic-track runner.
 *
 * The grid starts all open; the scenario's commands are carried out in
 * order, patches through path_grid_set (so the grid's change log sees
 * every cell that changed, as it does in the game) and queries solved and
 * timed one by one, by A* or jump point search from scratch (--search)
 * or, with --planner, by one planner
 * kept for the whole run, so an incremental planner can reuse its work
 * from query to query and repair it after each patch.  A query's
 * reference of -1 means no path; anything else must match within the
 * benchmark tolerance.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "gppc.h"
#include "jps.h"
#include "planner.h"
#include "lab.h"
#include "lab-opt.h"
#include "movingai.h"
#include "scen.h"
#include "xmalloc.h"

static const char dyn_usage[] =
    "astray-lab dyn [--planner NAME | --search astar|jps|auto] [--csv] "
    "FILE.scen";

static const char dyn_csv_header[] = "index,sx,sy,gx,gy,reference,cost,micros";

/* What the command line asks for. */
struct dyn_cmd {
	enum path_planner_kind	 kind;		/* with --planner */
	const char		*search;	/* astar, jps or auto */
	int			 csv;
};

/* One run: the scenario, the grid it changes, what answers, the totals. */
struct dyn_run {
	const char		*file;
	int			 csv;
	const char		*search;
	struct path_rules	 rules;
	struct lab_gppc	*sc;
	struct path_grid	*grid;
	uint64_t		 version0;	/* the grid's, before patches */
	struct path_astar	*ws;
	struct path_jps		*jws;
	struct path_context	*ctx;		/* with --planner */
	struct path_planner	*pl;
	enum path_planner_kind	 kind;
	uint64_t		 clock_cost;	/* of one clock reading, ns */
	struct lab_progress	 prog;
	double			*micros;	/* per query, for the median */
	uint64_t		 ns, max_ns, exps;
	size_t			 q, patches, wrong;
};

/* Prints dyn --help. */
static void
dyn_help(void)
{
	printf("usage: %s\n\nRuns a GPPC dynamic-track scenario "
	    "(\"version 2\", with its .patch file):\npatches "
	    "change the grid between queries; every query's cost "
	    "is checked\nagainst the file's reference.\n\n"
	    "  --planner NAME  one planner answers every query, "
	    "repairing itself\n                  after each patch "
	    "(one of %s)\n  --search S      astar (the default), "
	    "jps or auto (jps where it\n                  pays), "
	    "from scratch for every query\n"
	    "  --csv           one row per query: %s\n", dyn_usage,
	    path_planner_names, dyn_csv_header);
}

/* --search astar|jps|auto. */
static int
dyn_opt_search(void *target, const char *arg)
{
	struct dyn_cmd	*cmd = target;

	if (strcmp(arg, "astar") != 0 && strcmp(arg, "jps") != 0 &&
	    strcmp(arg, "auto") != 0)
		return (-1);
	cmd->search = arg;
	return (0);
}

/* dyn's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt dyn_opts[] = {
	{ .name = "csv", .letter = 'c', .kind = LAB_OPT_SET,
	  .at = offsetof(struct dyn_cmd, csv) },
	{ .name = "planner", .letter = 'p', .kind = LAB_OPT_PLANNER,
	  .at = offsetof(struct dyn_cmd, kind),
	  .bad = "unknown planner \"%s\" (one of %s)" },
	{ .name = "search", .letter = 's', .kind = LAB_OPT_CALL,
	  .call = dyn_opt_search,
	  .bad = "--search wants astar, jps or auto" },
	{ .name = NULL }
};

static const struct lab_cmd dyn_entry = {
	.usage = dyn_usage,
	.help = dyn_help,
	.opts = dyn_opts,
	.args_min = 1,
	.args_max = 1,
	.args_bad = "expected one scenario file"
};

/* Whether a found cost agrees with a GPPC reference. */
static int
dyn_matches(double reference, path_cost cost)
{
	if (reference < 0)
		return (cost == PATH_COST_NONE);
	return (lab_length_matches(reference, cost));
}

/*
 * Reads the scenario and makes what answers its queries.  Returns 0, or
 * -1 after reporting, with nothing to free.
 */
static int
dyn_open(struct dyn_run *r, const char *file, const struct dyn_cmd *cmd,
    int use_planner)
{
	char	*cause;

	memset(r, 0, sizeof *r);
	r->file = file;
	r->csv = cmd->csv;
	r->search = cmd->search;
	r->kind = cmd->kind;
	r->rules = path_rules_movingai();
	r->clock_cost = (uint64_t)lab_cpu_clock_cost();
	if ((r->sc = lab_gppc_read(file, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (-1);
	}
	r->grid = path_grid_new(r->sc->width, r->sc->height, 1,
	    PATH_GRID_LOG_DEFAULT);
	r->version0 = path_grid_version(r->grid);
	r->ws = path_astar_new(r->sc->width, r->sc->height);
	r->jws = path_jps_new(r->sc->width, r->sc->height);
	if (use_planner) {
		r->ctx = path_context_new(r->grid, r->rules);
		r->pl = path_planner_new(r->kind, r->ctx);
	}
	r->micros = xcalloc(r->sc->nqueries, sizeof *r->micros);
	lab_progress_init(&r->prog);
	return (0);
}

/*
 * Whether a query is answered by jump point search: 1 or 0, or -1 after
 * reporting that --search jps cannot answer on this grid.
 */
static int
dyn_use_jps(struct dyn_run *r, const struct lab_gppc_command *c)
{
	if (strcmp(r->search, "jps") == 0) {
		if (!path_jps_supports(r->grid, r->rules)) {
			lab_error("%s:%d: jump point search needs every "
			    "open cell to cost the same", r->file, c->line);
			return (-1);
		}
		return (1);
	}
	if (strcmp(r->search, "auto") == 0)
		return (path_jps_preferred(r->grid, r->rules));
	return (0);
}

/* Answers one query, timed, by the planner or a search from scratch. */
static path_cost
dyn_solve(struct dyn_run *r, const struct lab_gppc_command *c, int jps,
    uint64_t *ns, uint64_t *expansions)
{
	struct path_plan_stats	ps;
	struct path_stats	st;
	path_cost		cost;
	uint64_t		t0, dt;

	if (jps && r->pl == NULL)	/* untimed, as in scen */
		(void)path_jps_prepare(r->grid);
	t0 = lab_cpu_now();
	if (r->pl != NULL) {
		path_planner_set_hunter(r->pl, c->sx, c->sy);
		path_planner_set_target(r->pl, c->gx, c->gy);
		path_planner_plan(r->pl, 0, &ps);
		cost = path_planner_cost(r->pl);
		st.expansions = ps.expansions;
	} else if (jps)
		cost = path_jps_search(r->jws, r->grid, r->rules, c->sx, c->sy,
		    c->gx, c->gy, &st);
	else
		cost = path_astar_search(r->ws, r->grid, r->rules, c->sx,
		    c->sy, c->gx, c->gy, &st);
	dt = lab_cpu_now() - t0;
	*ns = dt > r->clock_cost ? dt - r->clock_cost : 0;
	*expansions = st.expansions;
	return (cost);
}

/*
 * Answers one query and checks it against the reference: counts it,
 * reports a mismatch, prints its CSV row.  Returns 0, or -1 when the
 * run cannot go on.
 */
static int
dyn_query(struct dyn_run *r, const struct lab_gppc_command *c)
{
	path_cost	cost;
	uint64_t	dt, expansions;
	char		cb[32];
	int		jps;

	if ((jps = dyn_use_jps(r, c)) < 0) {
		r->wrong = 1;
		return (-1);
	}
	cost = dyn_solve(r, c, jps, &dt, &expansions);
	r->ns += dt;
	if (dt > r->max_ns)
		r->max_ns = dt;
	r->micros[r->q] = dt / 1000.0;
	r->exps += expansions;
	if (!dyn_matches(c->reference, cost)) {
		if (r->wrong < 10)
			fprintf(stderr, "astray-lab: %s:%d: mismatch: "
			    "reference %.5f, found %s\n", r->file, c->line,
			    c->reference, lab_cost(cost, cb));
		r->wrong++;
	}
	if (r->csv)
		printf("%zu,%d,%d,%d,%d,%.5f,%.5f,%.3f\n", r->q, c->sx, c->sy,
		    c->gx, c->gy, c->reference, cost == PATH_COST_NONE ? -1.0 :
		    path_cost_to_double(cost), dt / 1000.0);
	r->q++;
	if (r->q % 64 == 0)
		lab_progress(&r->prog, "dyn: %s: %zu/%zu queries", r->file,
		    r->q, r->sc->nqueries);
	return (0);
}

/* Carries out the scenario's commands in order: patches and queries. */
static void
dyn_commands(struct dyn_run *r)
{
	const struct lab_gppc_command	*c;
	size_t				 i;

	if (r->csv)
		printf("%s\n", dyn_csv_header);
	for (i = 0; i < r->sc->ncommands; i++) {
		c = &r->sc->commands[i];
		if (c->kind == LAB_GPPC_PATCH) {
			lab_gppc_apply(r->sc, c, r->grid);
			r->patches++;
		} else if (dyn_query(r, c) != 0)
			break;
	}
	lab_progress_done(&r->prog);
}

/* Prints the run's table: a row of totals. */
static void
dyn_table(struct dyn_run *r)
{
	const char	*base = strrchr(r->file, '/');
	double		 n = r->q ? (double)r->q : 1;

	printf("%-28s %-8s %8s %8s %9s %6s %9s %9s %9s %11s\n", "file",
	    "planner", "queries", "patches", "changed", "wrong", "mean_us",
	    "median_us", "max_us", "expansions");
	printf("%-28s %-8s %8zu %8zu %9llu %6zu %9.2f %9.2f %9.2f %11.1f\n",
	    base != NULL ? base + 1 : r->file, r->pl != NULL ?
	    path_planner_name(r->kind) : r->search, r->q, r->patches,
	    (unsigned long long)(path_grid_version(r->grid) - r->version0),
	    r->wrong, r->ns / n / 1000.0, lab_median(r->micros, r->q),
	    r->max_ns / 1000.0, r->exps / n);
}

/* Frees what dyn_open() made. */
static void
dyn_close(struct dyn_run *r)
{
	free(r->micros);
	path_planner_free(r->pl);
	path_context_free(r->ctx);
	path_astar_free(r->ws);
	path_jps_free(r->jws);
	path_grid_free(r->grid);
	lab_gppc_free(r->sc);
}

/* astray-lab dyn: see the file comment. */
int
lab_dyn(int argc, char **argv)
{
	struct dyn_cmd	 cmd = { .kind = PATH_PLANNER_ASTAR,
			     .search = "astar" };
	struct lab_args	 args;
	struct dyn_run	 r;
	int		 status, use_planner;

	if ((status = lab_opt_parse(&dyn_entry, argc, argv, &cmd,
	    &args)) >= 0)
		return (status);
	use_planner = lab_opt_given(&args, 'p');
	if (use_planner && strcmp(cmd.search, "astar") != 0)
		return (lab_usage(dyn_usage, "--planner and --search exclude "
		    "each other"));
	if (dyn_open(&r, args.argv[0], &cmd, use_planner) != 0)
		return (LAB_EXIT_BAD_INPUT);
	dyn_commands(&r);
	if (!r.csv)
		dyn_table(&r);
	dyn_close(&r);
	if (r.wrong > 0) {
		lab_error("%zu quer%s disagree with the reference", r.wrong,
		    r.wrong == 1 ? "y" : "ies");
		return (1);
	}
	return (0);
}
