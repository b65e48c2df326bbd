/*
 * intercept.c: an interceptor heads where the player is going.
 *
 * A monster with "behaviour intercept" (data/monsters.txt), hunting the
 * player and not yet beside them, plans not to the player's cell but to
 * where the player's last moves say the player is going.  The level
 * keeps a short trail of the player's cells (level.h, LEVEL_TRAIL,
 * saved with the level).  The places the player may be going are those
 * the player knows of: down stairs, items lying on the floor and doors,
 * as the player last saw them (the level's memory).  Of these the guess
 * is the one whose shortest way from the player shrank the most over the
 * trail (from the trail's oldest cell to the player's cell now), ties to
 * the nearer, then the first in reading order; one that did not come
 * nearer is no guess.  Every way is reckoned in the interceptor's own
 * movement class, the player's too.
 *
 * Then it walks the player's way to the guess, down a field from the
 * guess (a Dijkstra field of the path library, run only as far as the
 * player), and aims at the first cell of it that it reaches no later
 * than the player (its own field from itself, run only as far as the
 * player could go meanwhile; speed counts: the player's is 10); if none,
 * the guess itself.  With no guess it goes for the player.  The cell
 * becomes the target of its own planner (ai.c), so the overlays draw
 * its plan to it, and the target moves as the player moves and the
 * guess changes: a moving target for the incremental planners.
 */
#include "field.h"
#include "intercept.h"
#include "state.h"

/* The level's fields, by use. */
enum {
	INTERCEPT_NOW,		/* from the player */
	INTERCEPT_WAS,		/* from the trail's oldest cell */
	INTERCEPT_WAY,		/* to the guess */
	INTERCEPT_MINE		/* from the interceptor */
};

/* One of the level's fields, made when first needed. */
static struct path_field *
intercept_field(struct level *l, int which)
{
	if (l->lead[which] == NULL)
		l->lead[which] = path_field_new(l->width, l->height);
	return (l->lead[which]);
}

/* What the player knows of cell i as a place to go (enum level_guess). */
static int
intercept_place(const struct game *g, const struct level *l, int i)
{
	const struct terrain	*t;

	if (!(l->seen[i] & LEVEL_SEEN))
		return (LEVEL_GUESS_NONE);
	if (l->seen[i] & LEVEL_ITEM)
		return (LEVEL_GUESS_ITEM);
	t = &g->terrain.t[l->memory[i]];
	if (t->flags & TERRAIN_STAIRS)
		return (LEVEL_GUESS_STAIRS);
	if (t->open >= 0 || t->close >= 0)
		return (LEVEL_GUESS_DOOR);
	return (LEVEL_GUESS_NONE);
}

/*
 * The place the trail heads for, by grid: its kind, with (*gx,*gy), or
 * LEVEL_GUESS_NONE.
 */
static int
intercept_guess(struct game *g, const struct path_grid *grid, int *gx,
    int *gy)
{
	struct level		*l = g->level;
	struct path_field	*now, *was;
	path_cost		 dn, dw, best_fall = 0, best_near = 0;
	int			 i, kind, best = LEVEL_GUESS_NONE, x, y;

	if (l->ntrail < 2)
		return (LEVEL_GUESS_NONE);
	now = intercept_field(l, INTERCEPT_NOW);
	was = intercept_field(l, INTERCEPT_WAS);
	(void)path_field_compute(now, grid, l->rules, g->px, g->py,
	    PATH_FIELD_FROM_SOURCE, NULL);
	(void)path_field_compute(was, grid, l->rules, l->trail[0] % l->width,
	    l->trail[0] / l->width, PATH_FIELD_FROM_SOURCE, NULL);
	for (i = 0; i < l->width * l->height; i++) {
		if ((kind = intercept_place(g, l, i)) == LEVEL_GUESS_NONE)
			continue;
		x = i % l->width;
		y = i / l->width;
		dn = path_field_get(now, x, y);
		dw = path_field_get(was, x, y);
		if (dn == PATH_COST_NONE || dw == PATH_COST_NONE || dn == 0 ||
		    dw <= dn)
			continue;
		if (best == LEVEL_GUESS_NONE || dw - dn > best_fall ||
		    (dw - dn == best_fall && dn < best_near)) {
			best = kind;
			best_fall = dw - dn;
			best_near = dn;
			*gx = x;
			*gy = y;
		}
	}
	return (best);
}

/* Where an interceptor goes: see intercept.h. */
int
intercept_target(struct game *g, int i, int *tx, int *ty)
{
	struct level			*l = g->level;
	const struct monster		*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	const struct path_grid		*grid = l->cost[k->cls];
	struct path_field		*way, *mine;
	path_cost			 total, w, p;
	int				 guess, gx = 0, gy = 0, x, y, nx, ny;

	*tx = g->px;
	*ty = g->py;
	if ((guess = intercept_guess(g, grid, &gx, &gy)) == LEVEL_GUESS_NONE)
		return (LEVEL_GUESS_NONE);
	*tx = gx;
	*ty = gy;
	way = intercept_field(l, INTERCEPT_WAY);
	(void)path_field_begin(way, grid, l->rules, gx, gy,
	    PATH_FIELD_TO_SOURCE);
	(void)path_field_run_to(way, grid, 0, g->px, g->py, NULL);
	if ((total = path_field_get(way, g->px, g->py)) == PATH_COST_NONE)
		return (guess);
	mine = intercept_field(l, INTERCEPT_MINE);
	(void)path_field_begin(mine, grid, l->rules, m->x, m->y,
	    PATH_FIELD_FROM_SOURCE);
	(void)path_field_run_within(mine, grid, 0, (path_cost)((uint64_t)
	    total * (uint64_t)k->speed / 10 + 1), NULL);
	/* Down the player's way: the first cell it is there as soon. */
	x = g->px;
	y = g->py;
	while (path_field_next_step(way, grid, x, y, &nx, &ny) == 0) {
		x = nx;
		y = ny;
		p = total - path_field_get(way, x, y);
		w = path_field_get(mine, x, y);
		if (w != PATH_COST_NONE && (uint64_t)w * 10 <= (uint64_t)p *
		    (uint64_t)k->speed) {
			*tx = x;
			*ty = y;
			break;
		}
	}
	return (guess);
}
