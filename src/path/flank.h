/*
 * flank.h: a step rule for hunters that close in together, so that a
 * pack surrounds its prey instead of queueing behind its leader.
 *
 * A planner gives each hunter the first step of a cheapest path.  Near
 * the target, a hunter may instead take any free step that costs at most
 * one step more than the best (so it never falls back), and it prefers
 * one that brings it round to a side of the target that no other hunter
 * covers.  The planners stay exact: this is a choice among steps,
 * not a change of costs.  Every cost it compares is final in a Dijkstra
 * field towards the target, run only as far as the flanking range.
 */
#ifndef ASTRAY_FLANK_H
#define ASTRAY_FLANK_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

/* The eight sides of a target, as bits of a covered mask. */
#define PATH_FLANK_SIDES	8

/* The range astray's monsters and astray-lab's --crowding flank within. */
#define PATH_FLANK_RANGE	8

/*
 * A covered mask for path_flank_step() that asks it to work the mask out
 * itself with path_flank_covered(), and only for a hunter within range.
 */
#define PATH_FLANK_AUTO		0x100u

/* What path_flank_step() chose. */
enum path_flank_choice {
	PATH_FLANK_WAIT,	/* no free step: stay */
	PATH_FLANK_PLANNED,	/* the planner's own step */
	PATH_FLANK_AROUND,	/* another step: the planned one was taken */
	PATH_FLANK_SIDE		/* another step: to an uncovered side */
};

struct path_flank;

/*
 * Creates the rule's workspace for a grid under rules, flanking within
 * range orthogonal steps' cost of the target (1 to 64; NULL for any
 * other range, or a grid of costs from a callback, grid.h).  The grid
 * must outlive it; its cells may change between calls.
 */
PATH_API struct path_flank *path_flank_new(const struct path_grid *,
	     struct path_rules, int range);
PATH_API void	 path_flank_free(struct path_flank *);

/*
 * The side of the target (tx,ty) that (x,y) lies on: 0 north, then
 * clockwise to 7 north-west, by the direction from the target to the
 * cell (a cell more than twice as far along one axis as the other lies
 * on that axis's side); -1 for the target itself or a cell farther than
 * the range in either axis.  For the caller's covered mask: a hunter
 * that ends its move on side s covers bit 1 << s.
 */
PATH_API int	 path_flank_side(const struct path_flank *, int tx, int ty,
	     int x, int y);

/*
 * The sides covered for a hunter at (x,y) chasing (tx,ty): the sides of
 * the cells within the range on which occupied(arg, x, y) says another
 * hunter stands, counting only cells nearer the target than (x,y)
 * (nearer in Chebyshev distance, then Manhattan, then by row, then by
 * column), so that the nearest hunter keeps its line and those behind
 * it spread out.  Looks at (2 range + 1)^2 cells, whatever the number of
 * hunters.
 */
PATH_API unsigned path_flank_covered(const struct path_flank *, int tx,
	     int ty, int x, int y, int (*occupied)(void *arg, int x, int y),
	     void *arg);

/*
 * Chooses the step of a hunter at (x,y) chasing (tx,ty), whose planner
 * stepped to (px,py) (or gave none: px < 0).  blocked(arg, x, y) says
 * whether another hunter stands on a cell (the target's cell is never
 * stepped on but through the planner: an attack).  covered holds the
 * sides other hunters already cover, or is PATH_FLANK_AUTO:
 * path_flank_covered()'s mask, worked out only if the hunter is within
 * range (it looks at (2 range + 1)^2 cells, which a far hunter need not
 * pay for).
 *
 * Out of range (the hunter's cost to the target above the range, or
 * unknown within the range's work) the planner's step stands: it is
 * returned if free (PATH_FLANK_PLANNED), else the hunter waits.  In
 * range, the candidates are the free legal steps n with
 * step(x,y -> n) + cost(n) at most cost(x,y) + one step (PATH_COST_DIAG
 * for octile and Euclidean movement, else PATH_COST_ORTHO).  The
 * hunter heads for its goal, the uncovered side nearest its own side
 * (its own if uncovered; of two as near, the clockwise one): it takes
 * the candidate whose side is nearest the goal, then the cheapest, then
 * the planner's own, then the first in grid_moves order (with every
 * side covered, the cheapest, then the planner's own, then the first).
 * A planned step onto the target is always kept: an attack.  A hunter
 * standing on the target's cell (a target that walked onto it) waits.
 * Sets (*nx,*ny) unless it returns PATH_FLANK_WAIT.  stats (may be NULL)
 * gains the field's expansions.
 */
PATH_API enum path_flank_choice path_flank_step(struct path_flank *,
	     int tx, int ty, int x, int y, int px, int py,
	     int (*blocked)(void *arg, int x, int y), void *arg,
	     unsigned covered, int *nx, int *ny, struct path_stats *stats);

/* Bytes the workspace holds (its field's pages included). */
PATH_API size_t	 path_flank_memory(const struct path_flank *);

PATH_END_DECLS

#endif
