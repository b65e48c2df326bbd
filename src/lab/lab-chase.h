/*
 * lab-chase.h: what the three parts of astray-lab chase share.
 *
 * lab-chase-world.c builds the scenario once from the seed (map, doors,
 * the monsters' starting cells, and the whole schedule of the player's
 * walk and the doors' flips, which never depend on the monsters);
 * lab-chase-run.c makes the planners chase through it, interleaved in one
 * process or one planner per process (--isolate), and measures them;
 * lab-chase.c reads the command line and prints the results.
 */
#ifndef ASTRAY_LAB_CHASE_H
#define ASTRAY_LAB_CHASE_H

#include <stddef.h>
#include <stdint.h>

#include "gen.h"
#include "path.h"
#include "planner.h"

#define CHASE_DOOR_MAX	3	/* widest passage a door spans */

/* A doorway: a run of cells that shuts (cost 0) and opens again. */
struct chase_door {
	int	x, y;		/* first cell */
	int	dx, dy;		/* along the door */
	int	len;
	uint8_t	cost[CHASE_DOOR_MAX];	/* of each cell when open */
	int	open;
};

/* How a chase is set up and measured: the command line, parsed. */
struct chase_options {
	long		 monsters, turns, doors, seed;
	double		 toggle;
	unsigned long	 budget;	/* expansions per call, 0: none */
	struct path_rules rules;
	int		 still;		/* the player does not move */
	int		 far;		/* monsters start in the far half */
	int		 crowding;	/* monsters block each other */
	int		 check;		/* compare costs with A* */
	int		 isolate;	/* one planner per process */
	int		 want[PATH_PLANNER_KINDS];
};

/*
 * The scenario.  player[t] is where the player stands while the monsters
 * plan on turn t, after the doors listed in flips[flip_at[t]] up to
 * flips[flip_at[t + 1]] flipped; the grid holds the map as it is before
 * turn 0 until chase_world_turn() moves it on.
 */
struct chase_world {
	struct path_grid	*grid;
	int			 w, h;
	struct path_rules	 rules;		/* normalised */
	struct chase_door	*doors;
	int			 ndoors;
	struct path_point	*monsters;	/* starting cells */
	int			 nmonsters;
	double			 start_mean;	/* monsters' path lengths */
	double			 start_min;	/* to the player, in steps */
	long			 turns;
	struct path_point	*player;	/* per turn */
	int			*flips;		/* door indexes */
	size_t			*flip_at;	/* turns + 1 */
};

/* One planner's results over a whole chase. */
struct chase_result {
	uint64_t	monster_turns;
	uint64_t	expansions;
	uint64_t	replans;	/* calls that searched */
	uint64_t	restarts;	/* calls that searched from scratch */
	uint64_t	waits;		/* --crowding: hemmed in, waited */
	uint64_t	flanks;		/* --crowding: steps not the planner's */
	uint64_t	partial;
	uint64_t	checked;	/* calls compared with A* */
	uint64_t	diffs;
	uint64_t	excess_turns;
	double		excess_sum;
	double		excess_max;
	uint64_t	cpu_ns;		/* sum of its whole turns */
	double		turn_us_p99;	/* of one whole turn */
	double		turn_us_median;
	double		lib_peak_kib;	/* by the library's count */
	long		rss_base_kib;	/* --isolate: before planners */
	long		rss_peak_kib;	/* --isolate: peak while chasing */
	double		heap_peak_kib;	/* --isolate: malloc's bytes in use,
					   peak growth per turn, or -1 */
	int		rss_known;	/* both figures were read */
	int		ok;
};

/*
 * Builds the scenario on grid (which the world then owns) from the
 * options; gm is the generated map the grid came from, or NULL, for its
 * doors.  Uses a random stream seeded from opt->seed.
 */
void	 chase_world_build(struct chase_world *, struct path_grid *grid,
	     const struct gen_map *gm, const struct chase_options *opt);

/* Flips turn t's doors on the grid. */
void	 chase_world_turn(struct chase_world *, long t);

void	 chase_world_free(struct chase_world *);

/*
 * Runs every wanted planner through the world, each on its own copy of
 * the monsters and in its own context, all in this process, their turns
 * interleaved in rotating order; fills res[kind] and ran[kind].  Returns
 * 0, or -1 if a run failed.
 */
int	 chase_run_interleaved(struct chase_world *,
	     const struct chase_options *,
	     struct chase_result res[PATH_PLANNER_KINDS],
	     int ran[PATH_PLANNER_KINDS]);

/*
 * Runs every wanted planner in a process of its own, one after another,
 * measuring its peak resident memory against the library's count; no
 * comparison with A* (its workspace would count as the planner's).
 */
int	 chase_run_isolated(struct chase_world *,
	     const struct chase_options *,
	     struct chase_result res[PATH_PLANNER_KINDS],
	     int ran[PATH_PLANNER_KINDS]);

#endif
