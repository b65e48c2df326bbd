/*
 * game-action.c: what the player's actions do to the game.
 *
 * Moving (which attacks a monster in the way and opens a closed door),
 * and opening, closing and digging next to the player.  A door a monster
 * holds shut (hold.c) does not open, walked into or opened: the turn
 * goes on the try.  Each reports
 * what happened, or why it could not be done, as an event (event.h), and
 * makes the noise the monsters then hear.  game.c decides whether an
 * action is asked for at all, runs the turn around it and tells the
 * events; taking the stairs, which changes the level, is its own.
 */
#include "action.h"
#include "carry.h"
#include "event.h"
#include "growth.h"
#include "hold.h"
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

/* Damage to a monster, from any weapon: see action.h. */
int
action_hurt(struct game *g, struct monster *m, int damage)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];

	m->hp -= damage;
	carry_provoke(g, m);
	if (m->state == MS_WANDER) {
		m->state = MS_HUNT;
		m->lx = g->px;
		m->ly = g->py;
		m->timer = k->give_up;
	}
	if (m->hp > 0)
		return (0);
	if (g->kills < GAME_KILLS_MAX)
		g->kills++;
	/* A raised monster is worth nothing: a summoner is no farm. */
	action_add_kill_points(g, m->raised_by ? 0 : k->value);
	growth_gain(g, m->raised_by ? 0 : k->value);
	carry_drop(g, m);
	level_kill_monster(g->level, (int)(m - g->level->mon));
	return (1);
}

/* One blow of the player's at a monster. */
static void
action_blow(struct game *g, struct monster *m)
{
	int	damage;

	carry_provoke(g, m);	/* hit or missed, a peaceful one is angry */
	if ((int)rng_below(&g->rng, 100) >= player_to_hit(g)) {
		action_tell(g, (struct event){ .kind = EVENT_MISS,
		    .monster = m->kind });
		return;
	}
	damage = rng_range(&g->rng, g->damage_min, g->damage_max) +
	    player_damage_bonus(g);
	if (damage >= m->hp)
		action_tell(g, (struct event){ .kind = EVENT_KILL,
		    .monster = m->kind });
	else
		action_tell(g, (struct event){ .kind = EVENT_STRIKE,
		    .monster = m->kind, .a = damage });
	action_hurt(g, m, damage);
}

/*
 * The player attacks the monster one step (dx,dy) away, and with a
 * spear the one behind it too, with an axe every other one around.
 */
static void
action_attack(struct game *g, struct monster *m, int dx, int dy)
{
	struct level		*l = g->level;
	struct monster		*o;
	enum item_strikes	 s = ITEM_STRIKES_ONE;
	int			 ox, oy;

	g->noise = NOISE_FIGHT;
	g->spent = player_blow_time(g);
	if (g->wielded.kind >= 0 &&
	    g->items.k[g->wielded.kind].effect == ITEM_WEAPON)
		s = g->items.k[g->wielded.kind].strikes;
	action_blow(g, m);
	if (s == ITEM_STRIKES_LINE) {
		if ((o = level_monster_at(l, g->px + 2 * dx, g->py + 2 * dy)) !=
		    NULL && o->alive && level_step_ok(l, g->terrain.walk,
		    g->px + dx, g->py + dy, dx, dy))
			action_blow(g, o);
		return;
	}
	for (oy = -1; s == ITEM_STRIKES_AROUND && oy <= 1; oy++) {
		for (ox = -1; ox <= 1; ox++) {
			if ((ox == dx && oy == dy) || (ox == 0 && oy == 0))
				continue;
			if ((o = level_monster_at(l, g->px + ox, g->py + oy)) !=
			    NULL && o->alive)
				action_blow(g, o);
		}
	}
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

/* A confused player's step goes a random way instead. */
static void
action_stumble(struct game *g, int *dx, int *dy)
{
	int	d = (int)rng_below(&g->rng, 8);

	*dx = d < 3 ? -1 : d < 5 ? 0 : 1;
	*dy = d == 0 || d == 3 || d == 5 ? -1 : d == 1 || d == 6 ? 0 : 1;
	if (*dx == 0 && *dy == 0)
		*dy = 1;
}

/* The player moves, attacks or opens a door: returns 1 if a turn went. */
int
action_move(struct game *g, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	struct monster			*m;
	int				 nx, ny, tt, i;

	if (g->confused > 0 && rng_below(&g->rng, 2) == 0) {
		action_stumble(g, &dx, &dy);
		action_tell(g, (struct event){ .kind = EVENT_STUMBLE });
	}
	nx = g->px + dx;
	ny = g->py + dy;
	if ((m = level_monster_at(l, nx, ny)) != NULL && m->alive &&
	    carry_peaceful(g, m)) {
		/* Not an attack: fighting it is asked for (action_fight()). */
		action_tell(g, (struct event){ .kind = EVENT_PEACEFUL,
		    .monster = m->kind, .x = nx, .y = ny });
		return (0);
	}
	if (m != NULL && m->alive) {
		action_attack(g, m, dx, dy);
		return (1);
	}
	tt = level_at(l, nx, ny);
	if (tt >= 0 && t->t[tt].cost[t->walk] == 0 && t->t[tt].open >= 0) {
		g->noise = NOISE_DOOR;
		if ((i = hold_holder(g, nx, ny)) >= 0) {
			hold_refuse(g, i, nx, ny);	/* held shut: hold.c */
			return (1);
		}
		level_set_terrain(l, t, nx, ny, t->t[tt].open);
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
	g->noise = player_step_noise(g);
	g->spent = player_step_time(g);
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

/* The player attacks the cell (dx,dy) on purpose: see action.h. */
int
action_fight(struct game *g, int dx, int dy)
{
	struct monster	*m;

	if ((dx == 0 && dy == 0) || (m = level_monster_at(g->level,
	    g->px + dx, g->py + dy)) == NULL || !m->alive) {
		action_tell(g, (struct event){ .kind = EVENT_NOTHING_THERE });
		return (0);
	}
	action_attack(g, m, dx, dy);
	return (1);
}

/* The pack slot of a pick with wear left in it, or -1. */
static int
action_pick(const struct game *g)
{
	int	i;

	for (i = 0; i < PACK_SLOTS; i++) {
		if (g->pack[i].kind >= 0 && g->pack[i].plus > 0 &&
		    g->items.k[g->pack[i].kind].effect == ITEM_PICK)
			return (i);
	}
	return (-1);
}

/*
 * A turn of digging at (x,y), of terrain tt that becomes to: it takes the
 * terrain's hardness in turns, loud ones, and a pick, which each wall
 * dug through wears (it breaks when it has nothing left).  Turning to
 * another wall starts again.
 */
static int
action_dig(struct game *g, int x, int y, int tt, int to)
{
	const struct terrain_table	*t = &g->terrain;
	int				 p = action_pick(g), kind;

	if (p < 0) {
		action_tell(g, (struct event){ .kind = EVENT_NEED_PICK });
		return (0);
	}
	if (g->dig_x != x || g->dig_y != y) {
		g->dig_x = x;
		g->dig_y = y;
		g->dig_done = 0;
	}
	g->noise = NOISE_DIG;
	if (++g->dig_done < t->t[tt].hardness) {
		action_tell(g, (struct event){ .kind = EVENT_DIGGING,
		    .terrain = tt, .a = g->dig_done,
		    .b = t->t[tt].hardness });
		return (1);
	}
	g->dig_done = 0;
	g->dig_x = g->dig_y = -1;
	action_tell(g, (struct event){ .kind = EVENT_CHANGED,
	    .a = (int)GAME_CMD_DIG, .terrain = tt });
	level_set_terrain(g->level, t, x, y, to);
	kind = g->pack[p].kind;
	if (--g->pack[p].plus == 0)
		g->pack[p] = (struct pack_slot){ .kind = -1 };
	action_tell(g, (struct event){ .kind = EVENT_PICK_WORN, .item = kind,
	    .a = g->pack[p].kind < 0 ? 0 : g->pack[p].plus });
	return (1);
}

/* Opens, closes or digs next to the player: returns 1 if a turn went. */
int
action_transform(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	int				 x = g->px + dx, y = g->py + dy;
	int				 tt = level_at(l, x, y), to, h;

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
	if (cmd == GAME_CMD_DIG)
		return (action_dig(g, x, y, tt, to));
	if (cmd == GAME_CMD_OPEN && (h = hold_holder(g, x, y)) >= 0) {
		hold_refuse(g, h, x, y);	/* held shut: hold.c */
		g->noise = NOISE_DOOR;
		return (1);
	}
	/* "You close the door", not "the open door": what it becomes. */
	action_tell(g, (struct event){ .kind = EVENT_CHANGED, .a = (int)cmd,
	    .terrain = cmd == GAME_CMD_CLOSE ? to : tt });
	level_set_terrain(l, t, x, y, to);
	g->noise = NOISE_DOOR;
	return (1);
}
