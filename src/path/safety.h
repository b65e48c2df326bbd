/*
 * safety.h: safety maps, where a hunted creature should run.
 *
 * Brogue's monsters flee along a "safety map": the cost of the player's
 * way to every cell, negated and scaled by 1.2, then settled again as a
 * Dijkstra map in which every cell is a goal worth its own value.
 * Rolling downhill on the plain negated distance leads into the nearest
 * dead end; after the second pass a cell's value also counts the way on
 * from it, so a fleeing creature makes for the far side of a loop or the
 * far end of the level, and slips past its pursuer only when that wins
 * much more ground (the 1.2).
 */
#ifndef ASTRAY_SAFETY_H
#define ASTRAY_SAFETY_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "astar.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

/*
 * The value of a cell no way of the pursuer reaches (before the second
 * pass): safer than any cell it can reach, by this much more than the
 * farthest of them.
 */
#define PATH_SAFETY_UNREACHED	(1000 * (path_cost)PATH_COST_ORTHO)

/*
 * Fills out[y * width + x] with the safety map of the grid for a pursuer
 * at (px,py), under rules (the heuristic is ignored):
 *
 *   d(c)  = the cost of the pursuer's cheapest way from (px,py) to c;
 *   v0(c) = -(6 d(c)) / 5, rounded towards zero, or, where no way
 *           reaches c, -(6 D) / 5 - PATH_SAFETY_UNREACHED with D the
 *           largest d of the grid;
 *   v(c)  = the least, over every cell n that c has a way to, of v0(n)
 *           plus the cost of c's cheapest way to n (n = c included).
 *
 * Lower is safer: a fleeing creature steps to the neighbour of least v
 * when it is below its own.  A blocked cell gets PATH_COST_NONE.  A
 * blocked or outside (px,py) makes every open cell unreached.  Costs are
 * the library's fixed point, the step into a cell times its cost, so the
 * map agrees with every search.  Two bucket-queue Dijkstra searches, the
 * second from every cell at once in the order of their values.  Returns
 * the largest d (D), or PATH_COST_NONE if the pursuer reaches nothing;
 * stats (may be NULL) gains both searches' work.  Returns PATH_COST_ERROR,
 * writing nothing, for a grid of costs from a callback (grid.h).
 */
PATH_API path_cost path_safety_compute(const struct path_grid *,
		     struct path_rules, int px, int py, path_cost *out,
		     struct path_stats *stats);

PATH_END_DECLS

#endif
