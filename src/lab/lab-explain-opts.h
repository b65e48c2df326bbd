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
	int				 have;		/* 1 from, 2 to */
	int				 base;
	int				 csv;
	long				 steps;
	enum path_movement		 movement;
	struct path_textbook_rules	 rules;
	enum explain_list_order		 list_order;
	path_cost			 unit;
};

extern const char explain_usage[];

/*
 * Parses explain's arguments into o.  Returns 0, -1 when --help was
 * asked for, or a usage exit status after printing the error.
 */
int	 explain_opts_parse(int argc, char **argv, struct explain_opts *o);

/* Prints explain --help on standard output. */
void	 explain_opts_help(void);

/*
 * The incremental walkthrough (--planner, --event) on a map whose two
 * points were checked; returns the exit status.
 */
int	 explain_incremental(const struct explain_opts *,
	     const struct path_tilemap *);

#endif
