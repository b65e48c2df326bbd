/*
 * game-action.c: what the player's actions do to the game.
 *
 * Moving (which attacks a monster in the way and opens a closed door),
 * opening, closing and digging next to the player, and going down the
 * stairs.  Each says in a message what happened or why it could not be
 * done, and makes the noise the monsters then hear.  game.c decides
 * whether an action is asked for at all and runs the turn around it.
 */
#include <stdio.h>
#include <string.h>

#include "game-internal.h"

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
		game_message(g, "You miss the %s.", k->display);
		return;
	}
	damage = rng_range(&g->rng, g->damage_min, g->damage_max) +
	    inventory_damage_bonus(g);
	m->hp -= damage;
	if (m->state == MS_WANDER) {
		m->state = MS_HUNT;
		m->lx = g->px;
		m->ly = g->py;
		m->timer = k->give_up;
	}
	if (m->hp > 0) {
		game_message(g, "You hit the %s (%d).", k->display, damage);
		return;
	}
	game_message(g, "You kill the %s.", k->display);
	if (g->kills < GAME_KILLS_MAX)
		g->kills++;
	action_add_kill_points(g, k->value);
	growth_gain(g, k->value);
	level_kill_monster(g->level, (int)(m - g->level->mon));
}

/*
 * Moves down a level (or out, for a dungeon file's stairs); a campaign
 * goes on to its next level.
 */
void
action_descend(struct game *g)
{
	if (g->campaign != NULL) {
		stage_descend(g);
		return;
	}
	if (g->dungeon_path[0] != '\0' || g->depth >= g->depths) {
		g->status = GAME_WON;
		snprintf(g->end_cause, sizeof g->end_cause, "escaped from %s",
		    g->level->name);
		game_message(g, "You climb down the stairs and out.  You win!");
		return;
	}
	level_free(g->level);
	g->depth++;
	g->level = level_generate(g, g->depth);
	if (g->watch != NULL)
		watch_new_level(g);
	game_message(g, "You go down the stairs to depth %d.", g->depth);
}

/* The player moves, attacks or opens a door: returns 1 if a turn went. */
int
action_move(struct game *g, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	struct monster			*m;
	int				 nx = g->px + dx, ny = g->py + dy, tt;

	if ((m = level_monster_at(l, nx, ny)) != NULL && m->alive) {
		action_attack(g, m);
		return (1);
	}
	tt = level_at(l, nx, ny);
	if (tt >= 0 && t->t[tt].cost[t->walk] == 0 && t->t[tt].open >= 0) {
		level_set_terrain(l, t, nx, ny, t->t[tt].open);
		g->noise = NOISE_DOOR;
		game_message(g, "You open the %s.", t->t[tt].display);
		return (1);
	}
	if (!level_step_ok(l, t->walk, g->px, g->py, dx, dy)) {
		if (tt >= 0 && t->t[tt].cost[t->walk] == 0)
			game_message(g, "The %s is in the way.", t->t[tt].display);
		else
			game_message(g, "You cannot squeeze past that "
			    "corner.");
		return (0);
	}
	g->px = nx;
	g->py = ny;
	g->noise = NOISE_MOVE;
	if (t->t[tt].flags & TERRAIN_GOAL) {
		g->status = GAME_WON;
		snprintf(g->end_cause, sizeof g->end_cause, "took the %s on "
		    "depth %d", t->t[tt].display, g->depth);
		game_message(g, "You take the %s.  You win!", t->t[tt].display);
	} else if (t->t[tt].flags & TERRAIN_STAIRS)
		game_message(g, "There are stairs down here (press >).");
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
	const char			*verb;

	if (tt < 0 || (dx == 0 && dy == 0)) {
		game_message(g, "There is nothing there.");
		return (0);
	}
	switch (cmd) {
	case GAME_CMD_OPEN:
		to = t->t[tt].open;
		verb = "open";
		break;
	case GAME_CMD_CLOSE:
		to = t->t[tt].close;
		verb = "close";
		break;
	default:
		to = t->t[tt].dig;
		verb = "dig through";
		break;
	}
	if (to < 0) {
		game_message(g, "You cannot %s the %s.", verb,
		    t->t[tt].display);
		return (0);
	}
	if (cmd == GAME_CMD_CLOSE && level_monster_at(l, x, y) != NULL) {
		game_message(g, "Something is in the way.");
		return (0);
	}
	/* "You close the door", not "the open door": what it becomes. */
	game_message(g, "You %s the %s.", verb, cmd == GAME_CMD_CLOSE ?
	    t->t[to].display : t->t[tt].display);
	level_set_terrain(l, t, x, y, to);
	g->noise = cmd == GAME_CMD_DIG ? NOISE_DIG : NOISE_DOOR;
	return (1);
}
