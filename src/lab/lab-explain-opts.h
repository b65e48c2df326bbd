/*
 * lab-explain-opts.h: what astray-lab explain was asked to do.
 *
 * The command line settles into one struct: the map, the two points (in
 * 0-based coordinates, whatever the user typed), the conventions as the
 * textbook search's rules, and the outputs.
 */
#ifndef ASTRAY_LAB_EXPLAIN_OPTS_H
#define ASTRAY_LAB_EXPLAIN_OPTS_H

#include "lab-explain.h"

#define EXPLAIN_MAX_EVENTS	64

struct explain_opts {
	const char			*map;
	const char			*legend;
	const char			*svg;
	const char			*svg_steps;	/* a folder */
	const char			*html;
	const char			*planner;	/* incremental */
	const char			*events[EXPLAIN_MAX_EVENTS];
	int				 nevents;
	int				 sx, sy, gx, gy;
	int				 base;
	int				 csv;
	long				 steps;
	enum path_movement		 movement;
	struct path_textbook_rules	 rules;
	enum explain_list_order		 list_order;
	path_cost			 unit;
	/* --scratch-tie: the A* from scratch incremental repairs are
	 * compared with breaks ties by [f; g], then the incremental
	 * search's rule (scratch_same), or by scratch_tie. */
	bool				 scratch_same;
	enum path_textbook_tie		 scratch_tie;
};

extern const char explain_usage[];

/*
 * Parses explain's arguments into o (by a table, lab-opt.h).  Returns -1
 * to go on, or the exit status to stop with: 0 after printing --help, or
 * that of a usage error printed on standard error.
 */
int	 explain_opts_parse(int argc, char **argv, struct explain_opts *o);

/*
 * The incremental walkthrough (--planner, --event) on a map whose two
 * points were checked; returns the exit status.
 */
int	 explain_incremental(const struct explain_opts *,
	     const struct path_tilemap *);

#endif
