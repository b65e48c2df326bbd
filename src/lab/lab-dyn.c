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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "gppc.h"
#include "jps.h"
#include "planner.h"
#include "lab.h"
#include "movingai.h"
#include "xmalloc.h"

static const char dyn_usage[] =
    "astray-lab dyn [--planner NAME | --search astar|jps|auto] [--csv] "
    "FILE.scen";

/* Whether a found cost agrees with a GPPC reference. */
static int
dyn_matches(double reference, path_cost cost)
{
	if (reference < 0)
		return (cost == PATH_COST_NONE);
	return (path_length_matches(reference, cost));
}

/* astray-lab dyn: see the file comment. */
int
lab_dyn(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "csv", no_argument, NULL, 'c' },
		{ "planner", required_argument, NULL, 'p' },
		{ "search", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const struct path_rules		 rules = path_rules_movingai();
	const struct path_gppc_command	*c;
	struct lab_progress		 prog;
	struct path_gppc		*sc;
	struct path_grid		*grid;
	struct path_astar		*ws;
	struct path_jps			*jws;
	struct path_context		*ctx = NULL;
	struct path_planner		*pl = NULL;
	struct path_plan_stats		 ps;
	enum path_planner_kind		 kind = PATH_PLANNER_ASTAR;
	struct path_stats		 st;
	const char			*file, *search = "astar";
	char				*cause, cb[32];
	double				*micros, n;
	path_cost			 cost;
	uint64_t			 t0, dt, ns = 0, max_ns = 0, exps = 0;
	uint64_t			 clock_cost = (uint64_t)lab_cpu_clock_cost();
	uint64_t			 version0;
	size_t				 i, q = 0, patches = 0, wrong = 0;
	int				 ch, csv = 0, use_planner = 0, jps;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "cp:s:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			csv = 1;
			break;
		case 'p':
			if (path_planner_parse(optarg, &kind) != 0)
				return (lab_usage(dyn_usage, "unknown planner "
				    "\"%s\" (one of %s)", optarg,
				    path_planner_names));
			use_planner = 1;
			break;
		case 's':
			if (strcmp(optarg, "astar") != 0 &&
			    strcmp(optarg, "jps") != 0 &&
			    strcmp(optarg, "auto") != 0)
				return (lab_usage(dyn_usage, "--search wants "
				    "astar, jps or auto"));
			search = optarg;
			break;
		case 'h':
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
			    path_planner_names,
			    "index,sx,sy,gx,gy,reference,cost,micros");
			return (0);
		default:
			return (lab_usage(dyn_usage, "bad option"));
		}
	}
	if (optind != argc - 1)
		return (lab_usage(dyn_usage, "expected one scenario file"));
	if (use_planner && strcmp(search, "astar") != 0)
		return (lab_usage(dyn_usage, "--planner and --search exclude "
		    "each other"));
	file = argv[optind];
	if ((sc = path_gppc_read(file, &cause)) == NULL) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}

	grid = path_grid_new(sc->width, sc->height, 1, PATH_GRID_LOG_DEFAULT);
	version0 = path_grid_version(grid);
	ws = path_astar_new(sc->width, sc->height);
	jws = path_jps_new(sc->width, sc->height);
	if (use_planner) {
		ctx = path_context_new(grid, rules);
		pl = path_planner_new(kind, ctx);
	}
	micros = xcalloc(sc->nqueries, sizeof *micros);
	lab_progress_init(&prog);
	if (csv)
		printf("index,sx,sy,gx,gy,reference,cost,micros\n");
	for (i = 0; i < sc->ncommands; i++) {
		c = &sc->commands[i];
		if (c->kind == PATH_GPPC_PATCH) {
			path_gppc_apply(sc, c, grid);
			patches++;
			continue;
		}
		jps = 0;
		if (strcmp(search, "jps") == 0) {
			if (!path_jps_supports(grid, rules)) {
				lab_error("%s:%d: jump point search needs every "
				    "open cell to cost the same", file, c->line);
				wrong = 1;
				break;
			}
			jps = 1;
		} else if (strcmp(search, "auto") == 0)
			jps = path_jps_preferred(grid, rules);
		t0 = lab_cpu_now();
		if (pl != NULL) {
			path_planner_set_hunter(pl, c->sx, c->sy);
			path_planner_set_target(pl, c->gx, c->gy);
			path_planner_plan(pl, 0, &ps);
			cost = path_planner_cost(pl);
			st.expansions = ps.expansions;
		} else if (jps)
			cost = path_jps_search(jws, grid, rules, c->sx, c->sy,
			    c->gx, c->gy, &st);
		else
			cost = path_astar_search(ws, grid, rules, c->sx, c->sy,
			    c->gx, c->gy, &st);
		dt = lab_cpu_now() - t0;
		dt = dt > clock_cost ? dt - clock_cost : 0;
		ns += dt;
		if (dt > max_ns)
			max_ns = dt;
		micros[q] = dt / 1000.0;
		exps += st.expansions;
		if (!dyn_matches(c->reference, cost)) {
			if (wrong < 10)
				fprintf(stderr, "astray-lab: %s:%d: mismatch: "
				    "reference %.5f, found %s\n", file, c->line,
				    c->reference, lab_cost(cost, cb));
			wrong++;
		}
		if (csv)
			printf("%zu,%d,%d,%d,%d,%.5f,%.5f,%.3f\n", q, c->sx,
			    c->sy, c->gx, c->gy, c->reference,
			    cost == PATH_COST_NONE ? -1.0 :
			    path_cost_to_double(cost), dt / 1000.0);
		q++;
		if (q % 64 == 0)
			lab_progress(&prog, "dyn: %s: %zu/%zu queries", file, q,
			    sc->nqueries);
	}
	lab_progress_done(&prog);
	if (!csv) {
		n = q ? (double)q : 1;
		printf("%-28s %-8s %8s %8s %9s %6s %9s %9s %9s %11s\n", "file",
		    "planner", "queries", "patches", "changed", "wrong",
		    "mean_us", "median_us", "max_us", "expansions");
		printf("%-28s %-8s %8zu %8zu %9llu %6zu %9.2f %9.2f %9.2f "
		    "%11.1f\n", strrchr(file, '/') ? strrchr(file, '/') + 1 :
		    file, pl != NULL ? path_planner_name(kind) : search, q,
		    patches,
		    (unsigned long long)(path_grid_version(grid) - version0),
		    wrong, ns / n / 1000.0, lab_median(micros, q),
		    max_ns / 1000.0, exps / n);
	}
	free(micros);
	path_planner_free(pl);
	path_context_free(ctx);
	path_astar_free(ws);
	path_jps_free(jws);
	path_grid_free(grid);
	path_gppc_free(sc);
	if (wrong > 0) {
		lab_error("%zu quer%s disagree with the reference", wrong,
		    wrong == 1 ? "y" : "ies");
		return (1);
	}
	return (0);
}
