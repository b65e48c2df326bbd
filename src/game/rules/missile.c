/*
 * missile.c: what flies: thrown and fired missiles, and wands' bolts.
 *
 * Everything aimed goes along a line of fire from the player: towards a
 * direction (dx,dy of -1..1), or towards a cell (any offset: the nearest
 * monster in view, which missile_nearest() finds), stepping as a
 * straight line drawn on the grid does, as far as its range.  The line
 * stops before a cell a walker cannot enter (a wall, a shut door) and at
 * the first monster on it.  So a bolt needs a clear line, and a monster
 * behind another is safe: where the monsters stand is a tactic.
 *
 * A missile hits less often the farther it flies and lands where it
 * stops, to be picked up again; a launcher adds its power and
 * enchantment to the ammo it fires.  A bolt always hits.  A wand of
 * slowing halves a monster's speed for a while, a wand of blinking
 * carries the player along the line, and a wand of digging bores it.
 */
#include <stdlib.h>

#include "action.h"
#include "carry.h"
#include "event.h"
#include "missile.h"
#include "rng.h"
#include "state.h"

#define MISSILE_TO_HIT		90	/* percent, next to the player */
#define MISSILE_FALLOFF		4	/* percent less a cell farther */

/* Reports what flew. */
static void
missile_tell(struct game *g, struct event e)
{
	event_add(&g->events, e);
}

/* The i-th cell (from 1) of the line towards offset (tx,ty). */
static void
missile_cell(const struct game *g, int tx, int ty, int i, int *x, int *y)
{
	int	m = abs(tx) > abs(ty) ? abs(tx) : abs(ty);

	/* Rounded to the nearest cell, halves away from zero. */
	*x = g->px + (tx * i * 2 + (tx < 0 ? -m : m)) / (2 * m);
	*y = g->py + (ty * i * 2 + (ty < 0 ? -m : m)) / (2 * m);
}

/* Follows a line of fire: see missile.h. */
int
missile_trace(const struct game *g, int tx, int ty, int range, int *x,
    int *y, struct monster **hit)
{
	struct level	*l = g->level;
	struct monster	*m;
	int		 i, nx, ny;

	*x = g->px;
	*y = g->py;
	*hit = NULL;
	if (tx == 0 && ty == 0)
		return (0);
	for (i = 1; i <= range; i++) {
		missile_cell(g, tx, ty, i, &nx, &ny);
		if (level_cost(l, g->terrain.walk, nx, ny) == 0)
			break;
		*x = nx;
		*y = ny;
		if ((m = level_monster_at(l, nx, ny)) != NULL && m->alive) {
			*hit = m;
			return (i);
		}
	}
	return (i - 1);
}

/* The nearest monster in view in a clear line: see missile.h. */
int
missile_nearest(const struct game *g, int range, int *tx, int *ty)
{
	const struct level	*l = g->level;
	const struct monster	*m;
	struct monster		*hit;
	int			 i, d, best = -1, x, y;

	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		if (!m->alive || !l->visible[m->y * l->width + m->x])
			continue;
		d = abs(m->x - g->px) > abs(m->y - g->py) ? abs(m->x - g->px) :
		    abs(m->y - g->py);
		if (d > range || (best >= 0 && d >= best))
			continue;
		(void)missile_trace(g, m->x - g->px, m->y - g->py, range, &x,
		    &y, &hit);
		if (hit != m)
			continue;
		best = d;
		*tx = m->x - g->px;
		*ty = m->y - g->py;
	}
	return (best >= 0 ? 0 : -1);
}

/*
 * Damage reaches a monster: told first (so a kill is told before the
 * level it gives), then dealt.
 */
static void
missile_strike(struct game *g, int item, struct monster *m, int damage)
{
	missile_tell(g, (struct event){ .kind = EVENT_SHOT, .item = item,
	    .monster = m->kind, .x = m->x, .y = m->y, .a = damage,
	    .b = damage > 0 && m->hp <= damage });
	carry_provoke(g, m);	/* hit or missed, a peaceful one is angry */
	if (damage > 0)
		action_hurt(g, m, damage);
}

/* A missile thrown, or fired for bonus more damage: see missile.h. */
void
missile_fly(struct game *g, int kind, int plus, int bonus, int tx, int ty)
{
	const struct item_kind	*k = &g->items.k[kind];
	struct monster		*m;
	int			 x, y, d, hit;

	d = missile_trace(g, tx, ty, k->range, &x, &y, &m);
	g->noise = NOISE_FIGHT;
	if (m == NULL)
		missile_tell(g, (struct event){ .kind = EVENT_SHOT_NOTHING,
		    .item = kind, .x = x, .y = y });
	else {
		hit = (int)rng_below(&g->rng, 100) <
		    MISSILE_TO_HIT - MISSILE_FALLOFF * (d - 1) + 5 * plus;
		missile_strike(g, kind, m, hit ? rng_range(&g->rng,
		    (k->power + 1) / 2, k->power) + bonus + plus : 0);
	}
	(void)level_add_item(g->level, x, y, kind, 1, plus, 1);
}

/* A wand's charge: see missile.h. */
void
missile_zap(struct game *g, int kind, int tx, int ty)
{
	const struct item_kind	*k = &g->items.k[kind];
	struct monster		*m;
	int			 x, y, d;

	d = missile_trace(g, tx, ty, k->range, &x, &y, &m);
	g->noise = NOISE_DOOR;
	switch (k->effect) {
	case ITEM_BOLT:
		if (m == NULL)
			missile_tell(g, (struct event){
			    .kind = EVENT_SHOT_NOTHING, .item = kind, .x = x,
			    .y = y });
		else
			missile_strike(g, kind, m, rng_range(&g->rng,
			    (k->power + 1) / 2, k->power));
		break;
	case ITEM_SLOW:
		if (m != NULL)
			m->slowed = k->power;
		missile_tell(g, (struct event){ .kind = EVENT_SLOWED,
		    .item = kind, .monster = m != NULL ? m->kind : -1,
		    .a = m != NULL ? k->power : 0 });
		if (m != NULL)
			carry_provoke(g, m);
		break;
	default:	/* ITEM_BLINK: to the last free cell of the line */
		if (m != NULL)
			missile_cell(g, tx, ty, --d, &x, &y);
		if (d <= 0) {
			x = g->px;
			y = g->py;
		}
		g->px = x;
		g->py = y;
		missile_tell(g, (struct event){ .kind = EVENT_BLINKED,
		    .a = d > 0 ? d : 0 });
		break;
	}
}
