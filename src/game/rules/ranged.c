/*
 * ranged.c: where a monster with a ranged attack stands to shoot.
 *
 * A shooter that has the player in a clear line of fire within its
 * range shoots; one the player has closed in on, nearer than the
 * distance it keeps, steps back first (to the free neighbour farthest
 * from the player, one that keeps the line if there is one), and fights
 * hand to hand only when the player is beside it.  A shooter without a
 * line, or out of range, goes to the nearest cell it can shoot from: a
 * multi-source Dijkstra field of the path library, whose sources are the
 * cells at a distance from the player between the one it keeps and its
 * range, with a clear line to the player, run from those cells only as
 * far as the shooter (so the nearest is found, not guessed).  The cell
 * found becomes the target of the shooter's own planner (ai.c), so the
 * overlays show its plan as any other's, and the target moves with the
 * player: a moving target for the incremental planners.
 *
 * A line of fire is a straight line drawn on the grid, cell by cell:
 * nothing opaque and no other monster between the two ends.
 *
 * A keeper, a monster that keeps its distance without shooting (a
 * summoner, summon.c), does the same with a reach of RANGED_KEEPER_BAND
 * cells past the distance it keeps and a line of sight for a line of
 * fire (monsters do not block it: it shoots nothing); where a shooter
 * would shoot it holds its ground, watching.
 */
#include <stdlib.h>

#include "field.h"
#include "ranged.h"
#include "state.h"

/* Chebyshev distance: a diagonal step is one. */
static int
ranged_distance(int x0, int y0, int x1, int y1)
{
	int	dx = abs(x1 - x0), dy = abs(y1 - y0);

	return (dx > dy ? dx : dy);
}

/* How far a monster shoots, or a keeper watches from; 0: neither. */
static int
ranged_reach(const struct monster_kind *k)
{
	if (k->range > 0)
		return (k->range);
	return (k->keeps > 0 ? k->keeps + RANGED_KEEPER_BAND : 0);
}

static int	ranged_clear(const struct game *, int, int, int, int, int);

/* Whether a line from (x0,y0) to (x1,y1) is clear: see ranged.h. */
int
ranged_line(const struct game *g, int x0, int y0, int x1, int y1)
{
	return (ranged_clear(g, x0, y0, x1, y1, 1));
}

/*
 * Whether a monster of kind k at (x0,y0) has the line it needs to
 * (x1,y1): a line of fire for a shooter, of sight for a keeper.
 */
static int
ranged_has_line(const struct game *g, const struct monster_kind *k, int x0,
    int y0, int x1, int y1)
{
	return (ranged_clear(g, x0, y0, x1, y1, k->range > 0));
}

/* A line without opaque cells, and if monsters block, without them. */
static int
ranged_clear(const struct game *g, int x0, int y0, int x1, int y1,
    int monsters)
{
	const struct level	*l = g->level;
	const struct monster	*o;
	int			 n = ranged_distance(x0, y0, x1, y1), i, x, y;
	int			 tx = x1 - x0, ty = y1 - y0, tt;

	for (i = 1; i < n; i++) {
		/* Rounded to the nearest cell, halves away from zero. */
		x = x0 + (tx * i * 2 + (tx < 0 ? -n : n)) / (2 * n);
		y = y0 + (ty * i * 2 + (ty < 0 ? -n : n)) / (2 * n);
		if ((tt = level_at(l, x, y)) < 0 ||
		    (g->terrain.t[tt].flags & TERRAIN_OPAQUE))
			return (0);
		if (monsters && (o = level_monster_at((struct level *)l, x,
		    y)) != NULL && o->alive)
			return (0);
	}
	return (1);
}

/* Whether a cell is one monster m may shoot the player from. */
static int
ranged_post(const struct game *g, const struct monster *m, int x, int y)
{
	const struct level		*l = g->level;
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	const struct monster		*o;
	int				 d = ranged_distance(x, y, g->px, g->py);

	if (d < 2 || d < k->keeps || d > ranged_reach(k) ||
	    path_grid_get(l->cost[k->cls], x, y) == 0)
		return (0);
	o = level_monster_at((struct level *)l, x, y);
	if (o != NULL && o != m && o->alive)
		return (0);
	return (ranged_has_line(g, k, x, y, g->px, g->py));
}

/*
 * Backing off: the free neighbour farthest from the player, keeping the
 * line of fire if one does.  Returns 0 with *nx,*ny, or -1.
 */
static int
ranged_back_off(struct game *g, const struct monster *m, int *nx, int *ny)
{
	const struct level		*l = g->level;
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 dx, dy, x, y, d, score, best = -1;
	int				 here = ranged_distance(m->x, m->y, g->px,
					    g->py);

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			x = m->x + dx;
			y = m->y + dy;
			if ((dx == 0 && dy == 0) ||
			    (d = ranged_distance(x, y, g->px, g->py)) <= here ||
			    level_monster_at((struct level *)l, x, y) != NULL ||
			    !level_step_ok(l, k->cls, m->x, m->y, dx, dy) ||
			    !level_stand_ok(l, &g->terrain, k->cls, x, y))
				continue;
			score = 2 * d + ranged_has_line(g, k, x, y, g->px,
			    g->py);
			if (score > best) {
				best = score;
				*nx = x;
				*ny = y;
			}
		}
	}
	return (best >= 0 ? 0 : -1);
}

/*
 * The nearest cell monster m can shoot from, by the field from every
 * such cell to it; returns 0 with *fx,*fy, or -1 if it reaches none.
 */
static int
ranged_goal(struct game *g, const struct monster *m, int *fx, int *fy)
{
	struct level			*l = g->level;
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	const struct path_grid		*grid = l->cost[k->cls];
	int				 x, y, sources = 0;
	int				 reach = ranged_reach(k);

	if (l->aim == NULL)
		l->aim = path_field_new(l->width, l->height);
	path_field_begin(l->aim, grid, l->rules, -1, -1,
	    PATH_FIELD_TO_SOURCE);
	for (y = g->py - reach; y <= g->py + reach; y++) {
		for (x = g->px - reach; x <= g->px + reach; x++) {
			if (level_contains(l, x, y) && ranged_post(g, m, x, y)) {
				path_field_add_source(l->aim, grid, x, y);
				sources++;
			}
		}
	}
	if (sources == 0)
		return (-1);
	(void)path_field_run_to(l->aim, grid, 0, m->x, m->y, NULL);
	if (path_field_get(l->aim, m->x, m->y) == PATH_COST_NONE)
		return (-1);
	/* Down the field to the source it leads to: the cell to go to. */
	x = m->x;
	y = m->y;
	while (path_field_next_step(l->aim, grid, x, y, fx, fy) == 0) {
		x = *fx;
		y = *fy;
	}
	*fx = x;
	*fy = y;
	return (0);
}

/* What a shooter that perceives the player does: see ranged.h. */
enum ranged_choice
ranged_choose(struct game *g, int i, int *x, int *y)
{
	const struct monster		*m = &g->level->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 d = ranged_distance(m->x, m->y, g->px,
					    g->py);
	int				 reach = ranged_reach(k);

	if (reach == 0 || (d <= 1 && k->range > 0))
		return (RANGED_MELEE);
	if (d <= reach && ranged_has_line(g, k, m->x, m->y, g->px, g->py)) {
		if (d < k->keeps && ranged_back_off(g, m, x, y) == 0)
			return (RANGED_STEP);
		if (k->range == 0)	/* a keeper: cornered, it fights */
			return (d <= 1 ? RANGED_MELEE : RANGED_HOLD);
		return (RANGED_SHOOT);
	}
	if (ranged_goal(g, m, x, y) == 0 && (*x != m->x || *y != m->y))
		return (RANGED_GO);
	return (RANGED_MELEE);
}
