/*
 * flee.c: badly hurt monsters run from the player along a safety map.
 *
 * A monster whose kind has a flee threshold (monsters.txt "flee N": N
 * percent of its hit points) flees once its hit points fall below it,
 * and comes back to the hunt once it has healed to twice the threshold
 * (or whole); while it flees it heals a point every FLEE_HEAL_EVERY
 * turns.
 *
 * The safety map is Brogue's, made by the path library (safety.h): the
 * cost of the player's way to every cell, for the monster's movement
 * class, times -1.2, then settled again as a Dijkstra map whose every
 * cell is a goal of its own value.  Rolling downhill on the raw negated
 * distance sends a monster into the nearest dead end; after the second
 * pass a cell's value also counts the way out of it, so a fleeing
 * monster prefers the far side of a loop to a closet, and will run past
 * the player (the 1.2) only when that gets it much farther.  The map is
 * a function of the player's cell and the terrain, so it is made at most
 * once a turn per class, only when a monster flees, and again only when
 * the player has moved or a tile has changed; a save needs none of it.  Its costs are the planners' own (a diagonal step dearer
 * than a straight one), and `astray-lab safety` draws the same map.
 */
#include <stdlib.h>

#include "game-internal.h"
#include "safety.h"
#include "xmalloc.h"

/* The eight neighbours, for the step. */
static const int flee_dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int flee_dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };

/* Makes the safety map of a class for the player's cell. */
static void
flee_map(struct game *g, struct level *l, int cls)
{
	if (l->safety[cls] == NULL)
		l->safety[cls] = xreallocarray(NULL, (size_t)l->width *
		    (size_t)l->height, sizeof *l->safety[cls]);
	(void)path_safety_compute(l->cost[cls], l->rules, g->px, g->py,
	    l->safety[cls], NULL);
	l->safety_turn[cls] = g->turn;
	l->safety_version[cls] = path_grid_version(l->cost[cls]);
	l->safety_x[cls] = g->px;
	l->safety_y[cls] = g->py;
}

/*
 * Whether a monster flees now: below its kind's threshold it starts, at
 * twice the threshold (or whole) it stops.
 */
int
flee_wants(const struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];

	if (k->flee == 0)
		return (0);
	if (m->state == MS_FLEE && (m->hp * 100 >= 2 * k->flee * k->hp ||
	    m->hp >= k->hp))
		m->state = MS_HUNT;
	else if (m->state != MS_FLEE && m->hp * 100 < k->flee * k->hp)
		m->state = MS_FLEE;
	return (m->state == MS_FLEE);
}

/*
 * One action of a fleeing monster: it heals now and then, and steps to
 * the neighbour lowest on the safety map if that is lower than where it
 * stands; cornered beside the player, it fights (the caller's step).
 * Returns 0 if it acted, -1 if it is cornered.
 */
int
flee_step(struct game *g, int i, int *nx, int *ny)
{
	struct level		*l = g->level;
	struct monster		*m = &l->mon[i];
	int			 cls = g->monsters.k[m->kind].cls, d, x, y;
	const path_cost		*v;
	path_cost		 best;

	if (g->turn % FLEE_HEAL_EVERY == 0 && m->hp < g->monsters.k[m->kind].hp)
		m->hp++;
	/*
	 * The map is made again for a new turn, but only if the player moved
	 * or a tile changed: it depends on nothing else, so a player who
	 * stands and fights does not pay for it every turn.
	 */
	if (l->safety[cls] == NULL || l->safety_x[cls] != g->px ||
	    l->safety_y[cls] != g->py || (l->safety_turn[cls] != g->turn &&
	    l->safety_version[cls] != path_grid_version(l->cost[cls])))
		flee_map(g, l, cls);
	v = l->safety[cls];
	best = v[m->y * l->width + m->x];
	*nx = -1;
	for (d = 0; d < 8; d++) {
		x = m->x + flee_dx[d];
		y = m->y + flee_dy[d];
		if (!level_contains(l, x, y) || v[y * l->width + x] >= best ||
		    !level_step_ok(l, cls, m->x, m->y, flee_dx[d], flee_dy[d]) ||
		    level_monster_at(l, x, y) != NULL ||
		    (x == g->px && y == g->py))
			continue;
		best = v[y * l->width + x];
		*nx = x;
		*ny = y;
	}
	return (*nx >= 0 ? 0 : -1);
}
