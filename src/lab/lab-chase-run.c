/*
 * lab-chase-run.c: planners chasing through a scenario, measured fairly.
 *
 * Each planner gets a fleet: its own context, a planner per monster and
 * its own copy of the monsters' positions; the grid, the doors and the
 * player are the world's, shared, since they never depend on the
 * monsters.  By default every fleet lives in this one process and each
 * turn runs every fleet once, in an order that rotates from turn to turn,
 * so that whatever else the machine is doing falls on every planner
 * alike.  A fleet's whole turn (every monster's plan call, reading its
 * next step and taking it) is timed by ONE pair of readings of the
 * thread's CPU clock: a reading costs about as much as a cheap plan call
 * on a virtual machine, so timing single calls would mostly time the
 * clock.  The clock's own cost is measured at start and reported.
 * Everything that is not the game's work happens outside the timed
 * region: copying the positions, comparing each cost with a from-scratch
 * A* (memoised per turn and cell, since fleets often stand on the same
 * cells), adding up the library's memory count.
 *
 * With --crowding monsters block each other and flank as the game's
 * flanking monsters do: they act in the order of their numbers, and each
 * takes its step through the path library's flanking rule (flank.h):
 * its planner's step, or near the player one that comes round to a side
 * no nearer monster covers or round a monster in the way; one with no
 * free step waits (planners do not see monsters; they plan again next
 * turn).  The rule's work, a small field from the player per turn, is
 * part of the fleet's timed turn, as it is of the game's.  No monster
 * steps onto the player.
 *
 * With --isolate each fleet runs in a child process of its own, alone,
 * so that its peak resident memory can be told apart: the child pre-
 * touches the lab's own arrays, reads its resident set, makes the peak
 * start again from there (/proc/self/clear_refs), then creates the
 * context and the planners and chases; the planner's memory is the peak
 * minus that base, to be compared with the library's own count.  No A*
 * check runs there, since its workspace would count as the planner's.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 33)
#include <malloc.h>
#define CHASE_HAVE_MALLINFO2	1
#endif
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "astar.h"
#include "lab.h"
#include "lab-chase.h"
#include "xmalloc.h"

/* One planner's monsters and what is measured of them. */
struct chase_fleet {
	enum path_planner_kind	 kind;
	struct path_context	*ctx;
	struct path_planner	**pl;
	struct path_point	*pos;		/* where each monster is */
	struct path_point	*from;		/* where it planned this turn */
	uint8_t			*status;	/* of its call this turn */
	uint8_t			*occupied;	/* --crowding: per cell */
	int			 width;		/* of occupied */
	struct path_flank	*flank;		/* --crowding: the step rule */
	double			*turn_ns;	/* CPU time of each turn */
	struct chase_result	 res;
};

/* Costs from cells to the player on this turn's grid, by A*, memoised. */
struct chase_oracle {
	struct path_astar	*astar;
	path_cost		*cost;
	uint32_t		*stamp;		/* turn + 1 the cost is of */
	uint32_t		 now;
};

/*
 * Allocates a fleet's own arrays, written through so that their pages
 * are resident before any memory is measured.
 */
static void
chase_fleet_alloc(struct chase_fleet *f, const struct chase_world *wd,
    const struct chase_options *opt, enum path_planner_kind kind)
{
	size_t	n = (size_t)wd->nmonsters, cells = (size_t)wd->w * wd->h;
	int	i;

	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->width = wd->w;
	f->pl = xcalloc(n, sizeof *f->pl);
	f->pos = xcalloc(n, sizeof *f->pos);
	f->from = xcalloc(n, sizeof *f->from);
	f->status = xcalloc(n, 1);
	f->turn_ns = xcalloc((size_t)wd->turns + 1, sizeof *f->turn_ns);
	memset(f->turn_ns, 0, ((size_t)wd->turns + 1) * sizeof *f->turn_ns);
	memcpy(f->pos, wd->monsters, n * sizeof *f->pos);
	memcpy(f->from, f->pos, n * sizeof *f->pos);
	if (opt->crowding) {
		f->occupied = xcalloc(cells, 1);
		memset(f->occupied, 0, cells);
		for (i = 0; i < wd->nmonsters; i++)
			f->occupied[f->pos[i].y * wd->w + f->pos[i].x] = 1;
	}
}

/* Creates the fleet's context and planners. */
static void
chase_fleet_start(struct chase_fleet *f, const struct chase_world *wd)
{
	int	i;

	if (f->occupied != NULL)
		f->flank = path_flank_new(wd->grid, wd->rules,
		    PATH_FLANK_RANGE);
	f->ctx = path_context_new(wd->grid, wd->rules);
	for (i = 0; i < wd->nmonsters; i++)
		f->pl[i] = path_planner_new(f->kind, f->ctx);
}

/* Frees a fleet's planners, context and arrays. */
static void
chase_fleet_free(struct chase_fleet *f, const struct chase_world *wd)
{
	int	i;

	for (i = 0; i < wd->nmonsters && f->pl != NULL; i++)
		path_planner_free(f->pl[i]);
	if (f->ctx != NULL)
		path_context_free(f->ctx);
	path_flank_free(f->flank);
	free(f->pl);
	free(f->pos);
	free(f->from);
	free(f->status);
	free(f->occupied);
	free(f->turn_ns);
}

/* Whether a monster of the fleet stands on a cell: for the flank rule. */
static int
chase_occupied(void *arg, int x, int y)
{
	const struct chase_fleet	*f = arg;

	return (f->occupied[y * f->width + x]);
}

/*
 * One whole turn of a fleet towards the player at (px,py): every
 * monster plans, reads its next step and takes it unless the player is
 * there (with crowding, through the flanking rule).  Returns the
 * thread's CPU time it took, from one pair of clock readings.
 */
static uint64_t
chase_fleet_turn(struct chase_fleet *f, const struct chase_world *wd,
    const struct chase_options *opt, int px, int py)
{
	struct chase_result	*r = &f->res;
	struct path_plan_stats	 st;
	enum path_flank_choice	 choice;
	uint64_t		 t0, t1;
	int			 i, nx, ny, n = wd->nmonsters, w = wd->w;

	memcpy(f->from, f->pos, (size_t)n * sizeof *f->pos);
	t0 = lab_cpu_now();
	for (i = 0; i < n; i++) {
		path_planner_set_hunter(f->pl[i], f->pos[i].x, f->pos[i].y);
		path_planner_set_target(f->pl[i], px, py);
		f->status[i] = (uint8_t)path_planner_plan(f->pl[i],
		    opt->budget, &st);
		r->expansions += st.expansions;
		r->replans += (uint64_t)st.replanned;
		r->restarts += (uint64_t)st.restarted;
		if (path_planner_next(f->pl[i], &nx, &ny) != 0)
			nx = ny = -1;
		if (f->occupied != NULL) {
			choice = path_flank_step(f->flank, px, py, f->pos[i].x,
			    f->pos[i].y, nx, ny, chase_occupied, f,
			    PATH_FLANK_AUTO, &nx, &ny, NULL);
			if (choice == PATH_FLANK_WAIT) {
				r->waits++;
				continue;
			}
			r->flanks += choice != PATH_FLANK_PLANNED;
		}
		if (nx < 0 || (nx == px && ny == py))
			continue;
		if (f->occupied != NULL) {
			f->occupied[f->pos[i].y * w + f->pos[i].x] = 0;
			f->occupied[ny * w + nx] = 1;
		}
		f->pos[i].x = nx;
		f->pos[i].y = ny;
	}
	t1 = lab_cpu_now();
	r->monster_turns += (uint64_t)n;
	return (t1 - t0);
}

/*
 * With crowding, checks after a turn that no two monsters of the fleet
 * share a cell and that the occupancy map says exactly where they are;
 * a broken rule is a bug in this file, so it stops the program.
 */
static void
chase_fleet_crowd_check(struct chase_fleet *f, const struct chase_world *wd)
{
	size_t	c;
	int	i, on = 0;

	for (i = 0; i < wd->nmonsters; i++) {
		c = (size_t)f->pos[i].y * wd->w + f->pos[i].x;
		if (f->occupied[c] != 1) {
			lab_error("chase --crowding: %s monster %d shares (%d,%d)",
			    path_planner_name(f->kind), i, f->pos[i].x,
			    f->pos[i].y);
			abort();
		}
		f->occupied[c] = 2;
	}
	for (c = 0; c < (size_t)wd->w * wd->h; c++) {
		on += f->occupied[c] != 0;
		if (f->occupied[c] == 2)
			f->occupied[c] = 1;
	}
	if (on != wd->nmonsters) {
		lab_error("chase --crowding: %d cells held for %d monsters",
		    on, wd->nmonsters);
		abort();
	}
}

/* Adds the fleet's bytes by the library's count to its peak. */
static void
chase_fleet_memory(struct chase_fleet *f, const struct chase_world *wd)
{
	double	own = (double)path_context_memory(f->ctx);
	int	i;

	for (i = 0; i < wd->nmonsters; i++)
		own += (double)path_planner_memory(f->pl[i]);
	if (f->flank != NULL)
		own += (double)path_flank_memory(f->flank);
	if (own / 1024 > f->res.lib_peak_kib)
		f->res.lib_peak_kib = own / 1024;
}

/* The cost from (x,y) to the player on this turn's grid. */
static path_cost
chase_oracle_cost(struct chase_oracle *o, const struct chase_world *wd,
    int x, int y, int px, int py)
{
	size_t	i = (size_t)y * wd->w + x;

	if (o->stamp[i] != o->now) {
		o->stamp[i] = o->now;
		o->cost[i] = path_astar_search(o->astar, wd->grid, wd->rules,
		    x, y, px, py, NULL);
	}
	return (o->cost[i]);
}

/* Holds each cost of the fleet's last turn against a from-scratch A*. */
static void
chase_fleet_check(struct chase_fleet *f, const struct chase_world *wd,
    struct chase_oracle *o, int px, int py)
{
	struct chase_result	*r = &f->res;
	path_cost		 pc, oc;
	double			 ex;
	int			 i;

	for (i = 0; i < wd->nmonsters; i++) {
		if (f->status[i] == PATH_PLAN_PARTIAL) {
			r->partial++;
			continue;
		}
		pc = path_planner_cost(f->pl[i]);
		oc = chase_oracle_cost(o, wd, f->from[i].x, f->from[i].y, px,
		    py);
		r->checked++;
		if (pc != oc)
			r->diffs++;
		if (pc != PATH_COST_NONE && oc != PATH_COST_NONE) {
			ex = path_cost_to_double(pc - oc);
			r->excess_sum += ex;
			r->excess_turns++;
			if (ex > r->excess_max)
				r->excess_max = ex;
		}
	}
}

/* Sorts doubles, for the percentiles. */
static int
chase_run_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* Works out the whole-turn percentiles once the chase is over. */
static void
chase_fleet_finish(struct chase_fleet *f, long turns)
{
	size_t	n = (size_t)turns;

	if (n > 0) {
		qsort(f->turn_ns, n, sizeof *f->turn_ns, chase_run_cmp);
		f->res.turn_us_p99 = f->turn_ns[(size_t)ceil(0.99 *
		    (double)n) - 1] / 1000.0;
		f->res.turn_us_median = (n % 2 ? f->turn_ns[n / 2] :
		    (f->turn_ns[n / 2 - 1] + f->turn_ns[n / 2]) / 2) / 1000.0;
	}
	f->res.ok = 1;
}

/* Runs the fleets interleaved in this process: see lab-chase.h. */
int
chase_run_interleaved(struct chase_world *wd, const struct chase_options *opt,
    struct chase_result res[PATH_PLANNER_KINDS],
    int ran[PATH_PLANNER_KINDS])
{
	struct chase_fleet	 fleet[PATH_PLANNER_KINDS];
	struct chase_oracle	 oracle;
	struct lab_progress	 prog;
	struct chase_fleet	*f;
	size_t			 cells = (size_t)wd->w * wd->h;
	uint64_t		 ns;
	long			 t;
	int			 order[PATH_PLANNER_KINDS], n = 0, j, k;
	int			 px, py;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!opt->want[k])
			continue;
		order[n++] = k;
		chase_fleet_alloc(&fleet[k], wd, opt, (enum path_planner_kind)k);
		chase_fleet_start(&fleet[k], wd);
	}
	memset(&oracle, 0, sizeof oracle);
	if (opt->check) {
		oracle.astar = path_astar_new(wd->w, wd->h);
		oracle.cost = xcalloc(cells, sizeof *oracle.cost);
		oracle.stamp = xcalloc(cells, sizeof *oracle.stamp);
	}
	lab_progress_init(&prog);
	for (t = 0; t < wd->turns; t++) {
		chase_world_turn(wd, t);
		px = wd->player[t].x;
		py = wd->player[t].y;
		oracle.now = (uint32_t)t + 1;
		for (j = 0; j < n; j++) {
			f = &fleet[order[(t + j) % n]];
			ns = chase_fleet_turn(f, wd, opt, px, py);
			f->turn_ns[t] = (double)ns;
			f->res.cpu_ns += ns;
			chase_fleet_memory(f, wd);
			if (f->occupied != NULL)
				chase_fleet_crowd_check(f, wd);
			if (opt->check)
				chase_fleet_check(f, wd, &oracle, px, py);
		}
		lab_progress(&prog, "chase: turn %ld/%ld, %d planners "
		    "interleaved", t + 1, wd->turns, n);
	}
	lab_progress_done(&prog);
	for (j = 0; j < n; j++) {
		f = &fleet[order[j]];
		chase_fleet_finish(f, wd->turns);
		res[order[j]] = f->res;
		ran[order[j]] = 1;
		chase_fleet_free(f, wd);
	}
	path_astar_free(oracle.astar);
	free(oracle.cost);
	free(oracle.stamp);
	return (0);
}

/*
 * Bytes malloc has handed out and not had back, in KiB, or -1 where the
 * C library does not say: the allocator's view of what the library's
 * count should match, whether or not its pages were ever touched.
 */
static double
chase_heap_kib(void)
{
#ifdef CHASE_HAVE_MALLINFO2
	struct mallinfo2	mi = mallinfo2();

	return ((double)(mi.uordblks + mi.hblkhd) / 1024);
#else
	return (-1);
#endif
}

/*
 * The child's side of --isolate: one fleet alone, its memory measured
 * from the resident set before its planners exist.
 */
static void
chase_isolated_child(struct chase_world *wd, const struct chase_options *opt,
    enum path_planner_kind kind, struct chase_result *res)
{
	struct chase_fleet	 f;
	struct lab_progress	 prog;
	struct rusage		 ru;
	uint64_t		 ns;
	double			 heap0, heap;
	long			 t, now = 0, peak = 0;

	chase_fleet_alloc(&f, wd, opt, kind);
	f.res.rss_known = lab_rss(&now, &peak) == 0 &&
	    lab_rss_reset_peak() == 0 && lab_rss(&now, &peak) == 0;
	f.res.rss_base_kib = now;
	heap0 = chase_heap_kib();
	f.res.heap_peak_kib = heap0 < 0 ? -1 : 0;
	chase_fleet_start(&f, wd);
	lab_progress_init(&prog);
	for (t = 0; t < wd->turns; t++) {
		chase_world_turn(wd, t);
		ns = chase_fleet_turn(&f, wd, opt, wd->player[t].x,
		    wd->player[t].y);
		f.turn_ns[t] = (double)ns;
		f.res.cpu_ns += ns;
		chase_fleet_memory(&f, wd);
		if (heap0 >= 0 && (heap = chase_heap_kib() - heap0) >
		    f.res.heap_peak_kib)
			f.res.heap_peak_kib = heap;
		lab_progress(&prog, "chase --isolate: %s, turn %ld/%ld",
		    path_planner_name(kind), t + 1, wd->turns);
	}
	lab_progress_done(&prog);
	if (f.res.rss_known && lab_rss(&now, &peak) == 0)
		f.res.rss_peak_kib = peak;
	else {
		f.res.rss_known = 0;
		if (getrusage(RUSAGE_SELF, &ru) == 0)
			f.res.rss_peak_kib = ru.ru_maxrss;
	}
	chase_fleet_finish(&f, wd->turns);
	*res = f.res;
	chase_fleet_free(&f, wd);
}

/* Runs one fleet in a child process; returns 0, or -1. */
static int
chase_fork(struct chase_world *wd, const struct chase_options *opt,
    enum path_planner_kind kind, struct chase_result *res)
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
		chase_isolated_child(wd, opt, kind, res);
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

/* Runs each fleet in a process of its own: see lab-chase.h. */
int
chase_run_isolated(struct chase_world *wd, const struct chase_options *opt,
    struct chase_result res[PATH_PLANNER_KINDS],
    int ran[PATH_PLANNER_KINDS])
{
	int	k, status = 0;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (!opt->want[k])
			continue;
		if (chase_fork(wd, opt, (enum path_planner_kind)k,
		    &res[k]) != 0) {
			status = -1;
			continue;
		}
		ran[k] = 1;
	}
	return (status);
}
