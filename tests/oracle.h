/*
 * oracle.h: an independent judge for the searches of the pathfinding
 * library, and the random grids it is asked about.
 *
 * Nothing here calls the library's search code or its movement helpers:
 * the oracle reads a grid only through path_grid_width, path_grid_height
 * and path_grid_get, and re-derives the movement rules from their written
 * specification.  If the oracle and the library agree, two separate
 * readings of the spec agree; if they disagree, one of them is wrong and
 * the failing seed says where to look.
 */
#ifndef ASTRAY_TEST_ORACLE_H
#define ASTRAY_TEST_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

/* A splitmix64 stream: the whole state is one word, seeded explicitly. */
struct oracle_rng {
	uint64_t	state;
};

void		 oracle_rng_seed(struct oracle_rng *, uint64_t seed);
uint64_t	 oracle_rng_next(struct oracle_rng *);

/* Uniform in [0, n); n must be at least 1. */
int		 oracle_rng_below(struct oracle_rng *, int n);

/* Uniform in [lo, hi], both included. */
int		 oracle_rng_range(struct oracle_rng *, int lo, int hi);

/* Kinds of random terrain the makers produce. */
enum oracle_terrain {
	ORACLE_TERRAIN_OPEN,		/* no walls at all */
	ORACLE_TERRAIN_SCATTER,		/* walls at a random density */
	ORACLE_TERRAIN_ROOMS,		/* wall lines with doors: maze-ish */
	ORACLE_TERRAIN_CUT,		/* scatter plus one unbroken wall */
	ORACLE_TERRAIN_COUNT
};

/*
 * Step cost of an open cell is drawn from 1..max_cost: 1 gives
 * unweighted terrain, 9 light weights, 254 the whole range.
 */
struct path_grid *oracle_grid_open(struct oracle_rng *, int width,
		     int height, int max_cost);
struct path_grid *oracle_grid_scatter(struct oracle_rng *, int width,
		     int height, int wall_percent, int max_cost);
struct path_grid *oracle_grid_rooms(struct oracle_rng *, int width,
		     int height, int max_cost);
struct path_grid *oracle_grid_cut(struct oracle_rng *, int width,
		     int height, int max_cost);

/*
 * A maze of one-cell passages carved by a depth-first walk between the
 * cells of even coordinates, with loop_percent of the remaining inner
 * walls knocked out so that there is more than one way round.  Not one of
 * the terrain kinds above, so that adding it changed no existing case.
 */
struct path_grid *oracle_grid_maze(struct oracle_rng *, int width,
		     int height, int loop_percent, int max_cost);

/* Makes one grid of a terrain kind, choosing the details from rng. */
struct path_grid *oracle_grid_make(struct oracle_rng *, enum oracle_terrain,
		     int width, int height, int max_cost);

/*
 * Picks a size with 1 <= width, height <= max_side, often degenerate
 * (1x1, 1xN, Nx1) and biased towards small grids.
 */
void		 oracle_random_size(struct oracle_rng *, int max_side,
		     int *width, int *height);

/* Name of a terrain kind, for messages. */
const char	*oracle_terrain_name(enum oracle_terrain);

/*
 * Cost of one step from (x,y) by (dx,dy) under the rules, or -1 if the
 * step is not allowed (outside, blocked, a diagonal the rule forbids, or
 * not a step to one of the eight neighbours).
 */
path_cost	 oracle_step(const struct path_grid *, struct path_rules,
		     int x, int y, int dx, int dy);

/*
 * Fills out[y * width + x] with the cheapest cost from (sx,sy) to every
 * cell, PATH_COST_NONE where there is no path (everywhere if the source is
 * blocked or outside).  The heuristic of rules is ignored.
 */
void		 oracle_costs_from(const struct path_grid *, struct path_rules,
		     int sx, int sy, path_cost *out);

/*
 * The other direction: fills out[y * width + x] with the cheapest cost
 * from every cell to (gx,gy).  On weighted grids the two differ, since a
 * step costs what the cell it enters costs.
 */
void		 oracle_costs_to(const struct path_grid *, struct path_rules,
		     int gx, int gy, path_cost *out);

/* Cheapest cost from (sx,sy) to (gx,gy), or PATH_COST_NONE. */
path_cost	 oracle_cost(const struct path_grid *, struct path_rules,
		     int sx, int sy, int gx, int gy);

/*
 * Checks a path of n points from (sx,sy) to (gx,gy): it must start and
 * end there and every step must be legal.  Returns its summed cost, or -1
 * with the reason written to why (why may be NULL).
 */
path_cost	 oracle_path_cost(const struct path_grid *, struct path_rules,
		     int sx, int sy, int gx, int gy,
		     const struct path_point *path, size_t n,
		     char *why, size_t whylen);

/*
 * Costs from the caller (path_grid_new_callback), for the oracle: a
 * width x height grid whose steps fn gives, under rules, read as grid.h
 * says (a diagonal needs the orthogonal steps from its cell to its sides
 * as the diagonal rule says).
 */
struct oracle_callback {
	int			 width;
	int			 height;
	struct path_rules	 rules;
	path_cost_fn		 fn;
	void			*user;
};

/* The cost of the step (dx,dy) from (x,y), or -1 if there is none. */
path_cost	 oracle_callback_step(const struct oracle_callback *, int x,
		     int y, int dx, int dy);

/*
 * Fills out[y * width + x] with the cheapest cost from (sx,sy) to every
 * cell (PATH_FIELD_FROM_SOURCE) or from every cell to it (TO_SOURCE),
 * PATH_COST_NONE where there is no path.
 */
void		 oracle_callback_costs(const struct oracle_callback *,
		     int sx, int sy, enum path_field_direction dir,
		     path_cost *out);

#endif
