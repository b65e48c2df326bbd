/*
 * flee.c: badly hurt monsters run from the player along a safety map.
 *
 * A monster whose kind has a flee threshold (monsters.txt "flee N": N
 * percent of its hit points) flees once its hit points fall below it,
 * and comes back to the hunt once it has healed to twice the threshold
 * (or whole); while it flees it heals a point every FLEE_HEAL_EVERY
 * turns.
 *
 * The safety map is Brogue's: the distance from the player to every
 * cell, for the monster's movement class, times -1.2, then rescanned as
 * a Dijkstra map whose every cell is a goal of its own value.  Rolling
 * downhill on the raw negated distance sends a monster into the nearest
 * dead end; after the rescan a cell's value also counts the way out of
 * it, so a fleeing monster prefers the far side of a loop to a closet,
 * and will run past the player (the 1.2) only when that gets it much
 * farther.  The map is a function of the player's cell and the terrain,
 * so it is made at most once a turn per class and only when a monster
 * flees, and a save needs none of it.
 *
 * Both passes are sweeps over the grid, forwards and backwards, repeated
 * until nothing changes (Brogue's dijkstraScan): each pass is a few
 * passes over the cells of a level, and every value is exact at the end.
 * Steps cost what the entered cell costs for the class, diagonals too.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "xmalloc.h"

#define FLEE_NONE	INT_MAX		/* a cell the class cannot enter */

/* The eight neighbours, for the sweeps and the step. */
static const int flee_dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int flee_dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };

/*
 * Relaxes every cell against its neighbours until nothing changes: a
 * cell's value becomes at most a neighbour's plus the step between them
 * (in tenths of what the entered cell costs the class; the cell itself
 * is entered going away from the player, the neighbour going towards a
 * goal: away is 1).  Only the steps the level's rules allow count, so a
 * corner the class may not cut is not cut here either.
 */
static void
flee_scan(const struct level *l, int cls, int *v, int away)
{
	int	changed = 1, pass, x, y, i, k, nx, ny, c, best, d;
	int	n = l->width * l->height;

	for (pass = 0; changed; pass++) {
		changed = 0;
		for (i = 0; i < n; i++) {
			k = pass % 2 == 0 ? i : n - 1 - i;	/* both ways */
			if (v[k] == FLEE_NONE)
				continue;
			x = k % l->width;
			y = k / l->width;
			best = v[k];
			for (d = 0; d < 8; d++) {
				nx = x + flee_dx[d];
				ny = y + flee_dy[d];
				if (!level_contains(l, nx, ny) ||
				    v[ny * l->width + nx] == FLEE_NONE ||
				    !level_step_ok(l, cls, x, y, flee_dx[d],
				    flee_dy[d]))
					continue;
				c = 10 * (away ? level_cost(l, cls, x, y) :
				    level_cost(l, cls, nx, ny));
				if (v[ny * l->width + nx] + c < best)
					best = v[ny * l->width + nx] + c;
			}
			if (best < v[k]) {
				v[k] = best;
				changed = 1;
			}
		}
	}
}

/* Makes the safety map of a class for the player's cell. */
static void
flee_map(struct game *g, struct level *l, int cls)
{
	int	i, n = l->width * l->height, *v;

	if (l->safety[cls] == NULL)
		l->safety[cls] = xcalloc((size_t)n, sizeof (int));
	v = l->safety[cls];
	/* The distance from the player: one source, everything else far. */
	for (i = 0; i < n; i++)
		v[i] = level_cost(l, cls, i % l->width, i / l->width) == 0 ?
		    FLEE_NONE : INT_MAX / 4;
	v[g->py * l->width + g->px] = 0;
	flee_scan(l, cls, v, 1);
	/* Negated, scaled by 1.2, rescanned: see the top of the file. */
	for (i = 0; i < n; i++) {
		if (v[i] != FLEE_NONE)
			v[i] = v[i] >= INT_MAX / 4 ? INT_MIN / 4 : -(v[i] * 6 / 5);
	}
	flee_scan(l, cls, v, 0);
	l->safety_turn[cls] = g->turn;
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
	int			 cls = g->monsters.k[m->kind].cls, d, best, x, y;
	const int		*v;

	if (g->turn % FLEE_HEAL_EVERY == 0 && m->hp < g->monsters.k[m->kind].hp)
		m->hp++;
	if (l->safety[cls] == NULL || l->safety_turn[cls] != g->turn ||
	    l->safety_x[cls] != g->px || l->safety_y[cls] != g->py)
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
