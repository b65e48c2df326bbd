/*
 * lab.h: what the subcommands of astray-lab share.
 *
 * astray-lab runs the game's planners headless.  Every subcommand prints
 * a readable table by default and CSV with --csv, reports bad input as
 * one line "astray-lab: file:line: what" with exit status 1, and usage
 * errors with exit status 2.  Long runs show progress on standard error
 * when it is a terminal.
 */
#ifndef ASTRAY_LAB_H
#define ASTRAY_LAB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "path.h"

#define LAB_EXIT_BAD_INPUT	1
#define LAB_EXIT_USAGE		2

struct lab_progress {
	int		enabled;	/* standard error is a terminal */
	uint64_t	last;		/* when it was last drawn, ns */
	int		drawn;
};

int	 lab_explain(int argc, char **argv);
int	 lab_compare(int argc, char **argv);
int	 lab_scen(int argc, char **argv);
int	 lab_dyn(int argc, char **argv);
int	 lab_chase(int argc, char **argv);
int	 lab_safety(int argc, char **argv);
int	 lab_play(int argc, char **argv);
int	 lab_genmap(int argc, char **argv);

/* Prints "astray-lab: message" on standard error. */
void	 lab_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints a usage error for a subcommand; returns LAB_EXIT_USAGE. */
int	 lab_usage(const char *usage, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));

/*
 * CPU time of the calling thread in nanoseconds, for timing searches:
 * unlike the wall clock it does not count time the machine gave to other
 * work.  Reading it can cost a microsecond on a virtual machine, so time
 * whole runs of work, not single short calls.
 */
uint64_t lab_cpu_now(void);

/*
 * The median cost of one lab_cpu_now() call in nanoseconds, over batches
 * of back-to-back readings: what a benchmark that times whole batches
 * reports beside its figures, and what one that times single queries
 * subtracts from each (the interval between two readings holds about
 * one reading's cost).
 */
double	 lab_cpu_clock_cost(void);

/*
 * The process's resident set in KiB: now and its peak (Linux's VmRSS and
 * VmHWM).  Returns 0, or -1 where /proc/self/status is not there.
 */
int	 lab_rss(long *now_kib, long *peak_kib);

/*
 * Makes the peak resident set start again from the current one (Linux's
 * /proc/self/clear_refs); returns 0, or -1 where that is not possible.
 */
int	 lab_rss_reset_peak(void);

/* Progress on standard error, redrawn at most ten times a second. */
void	 lab_progress_init(struct lab_progress *);
void	 lab_progress(struct lab_progress *, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
void	 lab_progress_done(struct lab_progress *);

/* Parses "X,Y"; returns 0, or -1. */
int	 lab_parse_point(const char *, int *x, int *y);

/* Parses a non-negative integer option; returns 0, or -1. */
int	 lab_parse_count(const char *, long max, long *out);

/* A cost in orthogonal steps: "5", "7.243", or "none". */
const char *lab_cost(path_cost, char buf[32]);

/*
 * Writes a paragraph linking to explore.html, the interactive page
 * (file:// to the installed copy, else to the build tree's), for the
 * --html pages, with the map (w x h tile costs, 0 a wall) and the
 * start and goal (cell numbers, -1 for none) in the address when the
 * page can hold them (at most 64 cells a side, costs up to 9); writes
 * nothing when neither page is there (configure found no WebAssembly
 * toolchain).
 */
void	 lab_explore_link(FILE *, int w, int h, const uint32_t *cost,
	     int start, int goal);

/* Median of n values (reorders them); 0 for none. */
double	 lab_median(double *values, size_t n);

#endif
