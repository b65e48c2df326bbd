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
 * the player (the 1.2) only when that gets it much farther.  On a level
 * bigger than FLEE_WINDOW in either direction, the map is that of the
 * FLEE_WINDOW square round the player (flee_map()).  The map is
 * a function of the player's cell and the terrain, so it is made at most
 * once a turn per class, only when a monster flees, and again only when
 * the player has moved or a tile has changed; a save needs none of it.
 * Its costs are the planners' own (a diagonal step dearer than a
 * straight one), and `astray-lab safety` draws the same map.
 */
#include <stdlib.h>

#include "flee.h"
#include "safety.h"
#include "state.h"
#include "xmalloc.h"

/* The eight neighbours, for the step. */
static const int flee_dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int flee_dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };

/* Where a window of side FLEE_WINDOW round c begins, within 0..size. */
static int
flee_window_start(int c, int size)
{
	int	start = c - FLEE_WINDOW / 2;

	if (size <= FLEE_WINDOW || start < 0)
		return (0);
	return (start + FLEE_WINDOW > size ? size - FLEE_WINDOW : start);
}

/*
 * Makes the safety map of a class for the player's cell, over the
 * FLEE_WINDOW x FLEE_WINDOW cells round the player (the whole level on
 * any level that small: every generated one).  On a bigger level (a
 * Moving AI map of 512x512), the map of the whole level took some 10 ms,
 * twice a turn of 200 hunters; the window's takes a few hundredths of
 * that, and a monster that has fled out of it is far enough to rest.
 * The window's costs are copied into a grid of its own, so the map is
 * the library's safety map of that part of the level.
 */
static void
flee_map(struct game *g, struct level *l, int cls)
{
	struct path_grid	*win;
	int			 x0, y0, w, h, x, y;

	x0 = flee_window_start(g->px, l->width);
	y0 = flee_window_start(g->py, l->height);
	w = l->width < FLEE_WINDOW ? l->width : FLEE_WINDOW;
	h = l->height < FLEE_WINDOW ? l->height : FLEE_WINDOW;
	if (l->safety[cls] == NULL || l->safety_w[cls] != w ||
	    l->safety_h[cls] != h) {
		free(l->safety[cls]);
		l->safety[cls] = xreallocarray(NULL, (size_t)w * (size_t)h,
		    sizeof *l->safety[cls]);
	}
	if (w == l->width && h == l->height)
		(void)path_safety_compute(l->cost[cls], l->rules, g->px,
		    g->py, l->safety[cls], NULL);
	else {
		win = path_grid_new(w, h, 0, 1);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				(void)path_grid_set(win, x, y, path_grid_get(
				    l->cost[cls], x0 + x, y0 + y));
		(void)path_safety_compute(win, l->rules, g->px - x0,
		    g->py - y0, l->safety[cls], NULL);
		path_grid_free(win);
	}
	l->safety_x0[cls] = x0;
	l->safety_y0[cls] = y0;
	l->safety_w[cls] = w;
	l->safety_h[cls] = h;
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

	if (m->afraid > 0 || ((k->flags & MONSTER_STEALS) &&
	    m->carry_kind >= 0)) {
		m->state = MS_FLEE;	/* a scroll of fear (magic.c), or a
					   thief with its loot (carry.c) */
		return (1);
	}
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
	int			 x0, y0, w, h;

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
	x0 = l->safety_x0[cls];
	y0 = l->safety_y0[cls];
	w = l->safety_w[cls];
	h = l->safety_h[cls];
	*nx = -1;
	/* Fled out of the window round the player: far enough, it rests. */
	if (m->x < x0 || m->y < y0 || m->x >= x0 + w || m->y >= y0 + h)
		return (-1);
	best = v[(m->y - y0) * w + m->x - x0];
	for (d = 0; d < 8; d++) {
		x = m->x + flee_dx[d];
		y = m->y + flee_dy[d];
		if (x < x0 || y < y0 || x >= x0 + w || y >= y0 + h ||
		    v[(y - y0) * w + x - x0] >= best ||
		    !level_step_ok(l, cls, m->x, m->y, flee_dx[d], flee_dy[d]) ||
		    !level_stand_ok(l, &g->terrain, cls, x, y) ||
		    level_monster_at(l, x, y) != NULL ||
		    (x == g->px && y == g->py))
			continue;
		best = v[(y - y0) * w + x - x0];
		*nx = x;
		*ny = y;
	}
	return (*nx >= 0 ? 0 : -1);
}
