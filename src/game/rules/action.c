/*
 * game-action.c: what the player's actions do to the game.
 *
 * Moving (which attacks a monster in the way and opens a closed door),
 * and opening, closing and digging next to the player.  Each reports
 * what happened, or why it could not be done, as an event (event.h), and
 * makes the noise the monsters then hear.  game.c decides whether an
 * action is asked for at all, runs the turn around it and tells the
 * events; taking the stairs, which changes the level, is its own.
 */
#include "action.h"
#include "event.h"
#include "growth.h"
#include "rng.h"
#include "state.h"

/* Reports what an action did. */
static void
action_tell(struct game *g, struct event e)
{
	event_add(&g->events, e);
}

/* Adds a kill's points to the score's, which stop at GAME_SCORE_MAX. */
static void
action_add_kill_points(struct game *g, long points)
{
	g->kill_points = points > GAME_SCORE_MAX - g->kill_points ?
	    GAME_SCORE_MAX : g->kill_points + points;
}

/* The player attacks the monster at (x,y). */
static void
action_attack(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 damage;

	g->noise = NOISE_FIGHT;
	if (rng_below(&g->rng, 100) >= 80) {
		action_tell(g, (struct event){ .kind = EVENT_MISS,
		    .monster = m->kind });
		return;
	}
	damage = rng_range(&g->rng, g->damage_min, g->damage_max) +
	    player_damage_bonus(g);
	m->hp -= damage;
	if (m->state == MS_WANDER) {
		m->state = MS_HUNT;
		m->lx = g->px;
		m->ly = g->py;
		m->timer = k->give_up;
	}
	if (m->hp > 0) {
		action_tell(g, (struct event){ .kind = EVENT_STRIKE,
		    .monster = m->kind, .a = damage });
		return;
	}
	action_tell(g, (struct event){ .kind = EVENT_KILL,
	    .monster = m->kind });
	if (g->kills < GAME_KILLS_MAX)
		g->kills++;
	action_add_kill_points(g, k->value);
	growth_gain(g, k->value);
	level_kill_monster(g->level, (int)(m - g->level->mon));
}

/*
 * The corner a diagonal step (dx,dy) cannot squeeze past: the cell beside
 * it that the player cannot walk on, named with its terrain (none on a
 * level of four-way movement, where no diagonal step is taken).
 */
static struct event
action_corner(const struct game *g, int dx, int dy)
{
	const struct level	*l = g->level;
	struct event		 e = { .kind = EVENT_CORNER, .terrain = -1 };

	if (l->rules.movement == PATH_MOVE_4)
		return (e);
	e.x = g->px + dx;
	e.y = g->py;
	if (level_cost(l, g->terrain.walk, e.x, e.y) != 0) {
		e.x = g->px;
		e.y = g->py + dy;
	}
	e.terrain = level_at(l, e.x, e.y);
	return (e);
}

/* The player moves, attacks or opens a door: returns 1 if a turn went. */
int
action_move(struct game *g, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	struct monster			*m;
	int				 nx = g->px + dx, ny = g->py + dy, tt, i;

	if ((m = level_monster_at(l, nx, ny)) != NULL && m->alive) {
		action_attack(g, m);
		return (1);
	}
	tt = level_at(l, nx, ny);
	if (tt >= 0 && t->t[tt].cost[t->walk] == 0 && t->t[tt].open >= 0) {
		level_set_terrain(l, t, nx, ny, t->t[tt].open);
		g->noise = NOISE_DOOR;
		action_tell(g, (struct event){ .kind = EVENT_DOOR,
		    .terrain = tt });
		return (1);
	}
	if (!level_step_ok(l, t->walk, g->px, g->py, dx, dy)) {
		if (tt >= 0 && t->t[tt].cost[t->walk] == 0)
			action_tell(g, (struct event){ .kind = EVENT_IN_THE_WAY,
			    .terrain = tt });
		else
			action_tell(g, action_corner(g, dx, dy));
		return (0);
	}
	g->px = nx;
	g->py = ny;
	g->noise = NOISE_MOVE;
	if (t->t[tt].flags & TERRAIN_GOAL) {
		g->status = GAME_WON;
		action_tell(g, (struct event){ .kind = EVENT_GOAL,
		    .terrain = tt });
	} else if (t->t[tt].flags & TERRAIN_STAIRS)
		action_tell(g, (struct event){ .kind = EVENT_STAIRS_HERE });
	if ((i = level_item_at(l, nx, ny)) >= 0)
		action_tell(g, (struct event){ .kind = EVENT_SEE_HERE,
		    .item = l->items[i].kind, .a = l->items[i].count });
	return (1);
}

/* Opens, closes or digs next to the player: returns 1 if a turn went. */
int
action_transform(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	int				 x = g->px + dx, y = g->py + dy;
	int				 tt = level_at(l, x, y), to;

	if (tt < 0 || (dx == 0 && dy == 0)) {
		action_tell(g, (struct event){ .kind = EVENT_NOTHING_THERE });
		return (0);
	}
	switch (cmd) {
	case GAME_CMD_OPEN:
		to = t->t[tt].open;
		break;
	case GAME_CMD_CLOSE:
		to = t->t[tt].close;
		break;
	default:
		cmd = GAME_CMD_DIG;
		to = t->t[tt].dig;
		break;
	}
	if (to < 0) {
		action_tell(g, (struct event){ .kind = EVENT_CANNOT,
		    .a = (int)cmd, .terrain = tt });
		return (0);
	}
	if (cmd == GAME_CMD_CLOSE && level_monster_at(l, x, y) != NULL) {
		action_tell(g, (struct event){ .kind = EVENT_OCCUPIED });
		return (0);
	}
	/* "You close the door", not "the open door": what it becomes. */
	action_tell(g, (struct event){ .kind = EVENT_CHANGED, .a = (int)cmd,
	    .terrain = cmd == GAME_CMD_CLOSE ? to : tt });
	level_set_terrain(l, t, x, y, to);
	g->noise = cmd == GAME_CMD_DIG ? NOISE_DIG : NOISE_DOOR;
	return (1);
}
