/*
 * carry.c: monsters that carry items, and monsters not hostile until
 * provoked.
 *
 * A monster carries at most one stack (struct monster's carry_kind,
 * carry_count, carry_plus), saved with it.  A thief ("behaviour steals")
 * whose blow lands takes a stack from the player's pack instead of
 * wounding: a random occupied slot, the whole stack (what is wielded or
 * worn is not in the pack, so it is safe).  From then on it flees
 * (flee.c's safety map) and, once it stands on stairs or has spent
 * CARRY_AWAY of its actions out of the player's view, it leaves the
 * level with the item for good.  A picker ("behaviour picks-up"), while
 * it does not hunt, goes to the nearest item it sees on the floor within
 * CARRY_SEEK cells and picks it up.  Killed, a monster leaves what it
 * carries on its cell, and rolls each of its kind's drops ("drops ITEM
 * PERCENT").
 *
 * A peaceful monster ("behaviour peaceful") wanders and neither hunts
 * nor attacks until the player attacks it (a blow that lands or not,
 * the axe's sweep, a missile, a wand): then it is provoked for good
 * and hunts like any other.  Walking into it does not attack (action.c).
 */
#include <stdlib.h>

#include "carry.h"
#include "event.h"
#include "ranged.h"
#include "rng.h"
#include "state.h"

/* A thief steals on a blow that lands: see carry.h. */
int
carry_steal(struct game *g, struct monster *m)
{
	int	slots[PACK_SLOTS], n = 0, i, s;

	if (!(g->monsters.k[m->kind].flags & MONSTER_STEALS) ||
	    m->carry_kind >= 0)
		return (0);
	for (i = 0; i < PACK_SLOTS; i++)
		if (g->pack[i].kind >= 0)
			slots[n++] = i;
	if (n == 0)
		return (0);
	s = slots[rng_below(&g->rng, (uint32_t)n)];
	m->carry_kind = g->pack[s].kind;
	m->carry_count = g->pack[s].count;
	m->carry_plus = g->pack[s].plus;
	m->away = 0;
	m->state = MS_FLEE;	/* and runs (flee_wants()) */
	g->pack[s] = (struct pack_slot){ .kind = -1 };
	event_add(&g->events, (struct event){ .kind = EVENT_STOLEN,
	    .seen = 1, .monster = m->kind, .item = m->carry_kind,
	    .a = m->carry_count, .b = s });
	return (1);
}

/* Whether a fleeing thief is gone with its loot: see carry.h. */
int
carry_gone(struct game *g, int i)
{
	struct level	*l = g->level;
	struct monster	*m = &l->mon[i];
	int		 tt = level_at(l, m->x, m->y), seen;

	if (!(g->monsters.k[m->kind].flags & MONSTER_STEALS) ||
	    m->carry_kind < 0)
		return (0);
	seen = level_monster_shown(g, l, i);
	if (seen)
		m->away = 0;
	else
		m->away++;
	if (!(tt >= 0 && (g->terrain.t[tt].flags & TERRAIN_STAIRS)) &&
	    m->away < CARRY_AWAY)
		return (0);
	event_add(&g->events, (struct event){ .kind = EVENT_THIEF_GONE,
	    .seen = seen, .monster = m->kind, .item = m->carry_kind,
	    .a = m->carry_count, .x = m->x, .y = m->y });
	m->carry_kind = -1;
	m->carry_count = m->carry_plus = 0;
	level_kill_monster(l, i);
	return (1);
}

/* The nearest floor item a picker sees, or -1. */
static int
carry_nearest(const struct game *g, const struct monster *m)
{
	const struct level	*l = g->level;
	int			 i, d, best = -1, bd = CARRY_SEEK + 1;

	for (i = 0; i < l->nitems; i++) {
		d = abs(l->items[i].x - m->x);
		if (abs(l->items[i].y - m->y) > d)
			d = abs(l->items[i].y - m->y);
		if (d >= bd || (l->items[i].x == g->px &&
		    l->items[i].y == g->py))
			continue;
		if (d > 0 && !ranged_line(g, m->x, m->y, l->items[i].x,
		    l->items[i].y))
			continue;
		best = i;
		bd = d;
	}
	return (best);
}

/* A picker picks up, or goes to, an item it sees: see carry.h. */
int
carry_seek(struct game *g, int i, int *x, int *y)
{
	struct level	*l = g->level;
	struct monster	*m = &l->mon[i];
	int		 it;

	if (!(g->monsters.k[m->kind].flags & MONSTER_PICKS_UP) ||
	    m->carry_kind >= 0 || (it = carry_nearest(g, m)) < 0)
		return (0);
	if (l->items[it].x != m->x || l->items[it].y != m->y) {
		*x = l->items[it].x;
		*y = l->items[it].y;
		return (2);
	}
	m->carry_kind = l->items[it].kind;
	m->carry_count = l->items[it].count;
	m->carry_plus = l->items[it].plus;
	event_add(&g->events, (struct event){ .kind = EVENT_SNATCHED,
	    .seen = level_monster_shown(g, l, i), .monster = m->kind,
	    .item = m->carry_kind, .a = m->carry_count, .x = m->x,
	    .y = m->y });
	level_take_item(l, it);
	return (1);
}

/* A killed monster's items fall: see carry.h. */
void
carry_drop(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	struct level			*l = g->level;
	int				 j;

	if (m->carry_kind >= 0) {
		(void)level_add_item(l, m->x, m->y, m->carry_kind,
		    m->carry_count, m->carry_plus,
		    item_stacks(&g->items.k[m->carry_kind]));
		m->carry_kind = -1;
		m->carry_count = m->carry_plus = 0;
	}
	for (j = 0; j < k->ndrops; j++) {
		if (k->drops[j].item >= 0 &&
		    (int)rng_below(&g->rng, 100) < k->drops[j].percent)
			level_add_found(g, l, m->x, m->y, k->drops[j].item);
	}
}

/* Whether a monster is still peaceful: see carry.h. */
int
carry_peaceful(const struct game *g, const struct monster *m)
{
	return ((g->monsters.k[m->kind].flags & MONSTER_PEACEFUL) &&
	    !m->provoked);
}

/* The player attacks a monster: see carry.h. */
void
carry_provoke(struct game *g, struct monster *m)
{
	const struct level	*l = g->level;

	if (!carry_peaceful(g, m))
		return;
	m->provoked = 1;
	m->state = MS_HUNT;
	m->lx = g->px;
	m->ly = g->py;
	m->timer = g->monsters.k[m->kind].give_up;
	m->noticed = (int)g->turn;
	event_add(&g->events, (struct event){ .kind = EVENT_ENRAGED,
	    .seen = level_monster_shown(g, l, (int)(m - l->mon)),
	    .monster = m->kind, .x = m->x, .y = m->y });
}
