/*
 * hold.c: a monster that holds a door shut against the player.
 *
 * A door-holder (behaviour hold-doors, data/monsters.txt) hunting the
 * player whose way to them goes through a door next to it does not go
 * through: it shuts the door if it is open (EVENT_SHUT) and holds it
 * from its side, as long as the player is within HOLD_RANGE of the door.
 * While it stands beside the shut door it holds, the player's open, and
 * walking into the door, fails (EVENT_HELD) and costs the turn.
 *
 * A player who keeps at it is answered: at the player's HOLD_TRIES'th try,
 * or after HOLD_NEAR of its actions with the player beside the door, a
 * holder whose kind has "spikes" spikes the door: the door becomes that
 * terrain (a spiked door, which no class may enter), through
 * level_set_terrain() like every change of terrain, so every monster's
 * planner sees the way shut and plans round.  A spiked door it holds is
 * held like a shut one.
 *
 * The player's counters: another way round (a holder the player comes
 * upon lets go and fights), a wand or a pick through the wall beside the
 * door, a noise maker (a lured holder lets go to follow the noise), or
 * waiting: after HOLD_TURNS of its actions holding, it gives up, opens
 * the door (pulling its spikes) and comes through to fight; it does not
 * hold a door again until it has lost the player and wandered.
 */
#include <stdlib.h>

#include "event.h"
#include "hold.h"
#include "state.h"

/* Whether (x,y) is a shut door: the player cannot walk in; it opens. */
static int
hold_shut(const struct game *g, int x, int y)
{
	const struct terrain_table	*t = &g->terrain;
	int				 tt = level_at(g->level, x, y);

	return (tt >= 0 && t->t[tt].cost[t->walk] == 0 && t->t[tt].open >= 0);
}

/* Whether two cells are the same or neighbours. */
static int
hold_beside(int x0, int y0, int x1, int y1)
{
	return (abs(x0 - x1) <= 1 && abs(y0 - y1) <= 1);
}

/* Lets go of the door held. */
static void
hold_let_go(struct monster *m)
{
	m->hold_x = m->hold_y = -1;
	m->hold_tries = m->hold_near = 0;
}

/* A monster that lost the player may hold a door again: see hold.h. */
void
hold_forget(struct monster *m)
{
	hold_let_go(m);
	m->hold_turns = 0;
}

/* The monster holding a door: see hold.h. */
int
hold_holder(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;
	const struct monster	*m;
	int			 dx, dy, o;

	if (!hold_shut(g, x, y))
		return (-1);
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			if (!level_contains(l, x + dx, y + dy) ||
			    (o = l->occupant[(y + dy) * l->width + x + dx]) ==
			    0)
				continue;
			m = &l->mon[o - 1];
			if (m->alive && m->hold_x == x && m->hold_y == y &&
			    m->state != MS_WANDER && m->lured == 0)
				return (o - 1);
		}
	}
	return (-1);
}

/* Whether the player sees the door at (x,y) or monster i. */
static int
hold_seen(const struct game *g, int i, int x, int y)
{
	const struct level	*l = g->level;

	return (l->visible[y * l->width + x] || level_monster_shown(g, l, i));
}

/* The player tries a held door: see hold.h. */
void
hold_refuse(struct game *g, int h, int x, int y)
{
	struct monster	*m = &g->level->mon[h];

	if (m->hold_tries < HOLD_TRIES)
		m->hold_tries++;
	event_add(&g->events, (struct event){ .kind = EVENT_HELD,
	    .seen = level_monster_shown(g, g->level, h), .monster = m->kind,
	    .x = x, .y = y });
}

/* Gives up holding: opens the door, spikes and all, to come through. */
static void
hold_give_up(struct game *g, int i)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct terrain_table	*t = &g->terrain;
	int				 x = m->hold_x, y = m->hold_y;

	hold_let_go(m);
	level_set_terrain(l, t, x, y, t->t[level_at(l, x, y)].open);
	event_add(&g->events, (struct event){ .kind = EVENT_OPENED,
	    .seen = hold_seen(g, i, x, y), .monster = m->kind });
}

/* A holding monster's action: see hold.h. */
int
hold_act(struct game *g, int i)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 x = m->hold_x, y = m->hold_y, tt;

	if (x < 0)
		return (0);
	if (!hold_shut(g, x, y) || !hold_beside(m->x, m->y, x, y) ||
	    m->lured > 0 || hold_beside(m->x, m->y, g->px, g->py)) {
		hold_let_go(m);		/* opened, left, lured or found */
		return (0);
	}
	if (hold_beside(g->px, g->py, x, y) && m->hold_near < HOLD_NEAR)
		m->hold_near++;
	if (m->hold_turns < HOLD_TURNS)
		m->hold_turns++;
	if (m->hold_turns >= HOLD_TURNS) {
		hold_give_up(g, i);
		return (1);
	}
	tt = level_at(l, x, y);
	if (k->spikes >= 0 && tt != k->spikes &&
	    (m->hold_tries >= HOLD_TRIES || m->hold_near >= HOLD_NEAR)) {
		level_set_terrain(l, &g->terrain, x, y, k->spikes);
		event_add(&g->events, (struct event){
		    .kind = EVENT_HOLD_SPIKED, .seen = hold_seen(g, i, x, y),
		    .monster = m->kind, .terrain = tt, .x = x, .y = y });
	}
	return (1);
}

/* A door-holder takes hold of the door it would go through: hold.h. */
int
hold_take(struct game *g, int i, int nx, int ny)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct terrain_table	*t = &g->terrain;
	int				 tt = level_at(l, nx, ny);

	if (!(g->monsters.k[m->kind].flags & MONSTER_HOLD) || tt < 0 ||
	    m->hold_turns >= HOLD_TURNS || m->lured > 0 ||
	    (!hold_shut(g, nx, ny) && t->t[tt].close < 0) ||
	    (nx == g->px && ny == g->py) ||
	    level_monster_at(l, nx, ny) != NULL ||
	    hold_beside(m->x, m->y, g->px, g->py) ||
	    abs(g->px - nx) > HOLD_RANGE || abs(g->py - ny) > HOLD_RANGE)
		return (0);
	if (!hold_shut(g, nx, ny)) {
		level_set_terrain(l, t, nx, ny, t->t[tt].close);
		event_add(&g->events, (struct event){ .kind = EVENT_SHUT,
		    .seen = hold_seen(g, i, nx, ny), .monster = m->kind,
		    .a = 1 });
	}
	m->hold_x = nx;
	m->hold_y = ny;
	m->hold_tries = m->hold_near = 0;
	return (1);
}
