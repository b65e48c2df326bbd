/*
 * lab-bot.c: what every bot shares: seeing, planning and typing keys.
 *
 * Seeing: lab_bot_look() copies what a player's screen shows into the
 * bot, each turn: the player's figures, the monsters in view (only those:
 * a bot never looks at a monster it cannot see), and the level as known,
 * as a cost grid made from game_known_cost(), the same costs the game's
 * own travel and exploring plan with.  The grid is rewritten whole each
 * look: a level is a few thousand cells, and a field planned over it is
 * cheaper than a turn of the monsters.
 *
 * Planning: one field of the path library, begun again for each
 * question.  When nothing can be reached, a second grid adds what could
 * be dug (at a price of LAB_BOT_DIG_COST steps) when the bot carries a
 * pick with wear left in it, so a bot walled in by a collapsed corridor
 * digs out by the cheapest way, four-connected.  Towards goals (the
 * frontier, the stairs, the monsters) it is
 * a multi-source field to the goals, run only as far as the player's
 * cell, and the step is the field's own next step.  Away from the
 * monsters it is the safety map: a multi-source field from every monster
 * in view, run whole, and the step is to the free neighbour it puts
 * farthest from them (Brogue's flight along a Dijkstra map, without its
 * rescaling).
 *
 * Typing: an action becomes the keys a player presses for it, each fed
 * through keys_feed() and logged with game_log_key(), and the game plays
 * the action the key machine gives back, which must be the one asked for
 * (anything else is a broken invariant, fatal).  So the key log is a
 * faithful replay of the bot's game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "lab-bot.h"

/* Starts a bot: see lab-bot.h. */
void
lab_bot_init(struct lab_bot *b, struct game *g)
{
	memset(b, 0, sizeof *b);
	b->game = g;
	b->refused_turn = -1;
}

/* Frees what the bot planned with. */
void
lab_bot_free(struct lab_bot *b)
{
	path_field_free(b->field);
	path_grid_free(b->known);
	path_grid_free(b->dig);
	b->field = NULL;
	b->known = NULL;
	b->dig = NULL;
}

/* Looks at the game again: see lab-bot.h. */
void
lab_bot_look(struct lab_bot *b)
{
	struct game_cell	c;
	struct game_item_info	ii;
	int			x, y, i, n, cost, pick = 0;

	game_info(b->game, &b->info);
	/* Digging takes a pick with wear left in it. */
	for (i = 0; i < 26; i++)
		pick |= game_pack_item(b->game, i, &ii) == 0 && ii.key == 'D' &&
		    ii.plus > 0;
	if (b->known == NULL || b->width != b->info.width ||
	    b->height != b->info.height) {
		lab_bot_free(b);
		b->width = b->info.width;
		b->height = b->info.height;
		b->known = path_grid_new(b->width, b->height, 0, 1);
		b->dig = path_grid_new(b->width, b->height, 0, 1);
		b->field = path_field_new(b->width, b->height);
	}
	b->rules = game_rules(b->game);
	for (y = 0; y < b->height; y++) {
		for (x = 0; x < b->width; x++) {
			cost = game_known_cost(b->game, x, y, NULL);
			path_grid_set(b->known, x, y, (unsigned)cost);
			if (cost == 0 && pick &&
			    game_known_diggable(b->game, x, y))
				cost = LAB_BOT_DIG_COST;
			path_grid_set(b->dig, x, y, (unsigned)cost);
		}
	}
	b->nseen = 0;
	n = game_monster_count(b->game);
	for (i = 0; i < n && b->nseen < LAB_BOT_SEEN_MAX; i++) {
		/*
		 * A peaceful monster is no threat and no target: a bot that
		 * walked into it would be refused for ever (walking into it
		 * does not attack), so the bots leave it be.
		 */
		if (game_monster_info(b->game, i, &b->seen_info[b->nseen]) != 0 ||
		    !b->seen_info[b->nseen].alive ||
		    b->seen_info[b->nseen].peaceful)
			continue;
		game_cell(b->game, b->seen_info[b->nseen].x,
		    b->seen_info[b->nseen].y, &c);
		if (c.monster != i)
			continue;	/* not in view */
		b->seen[b->nseen++] = i;
	}
	if (b->refused_turn != b->info.turn)
		b->refused = 0;
}

/* The key of a step (dx,dy), a unit step. */
static int
lab_bot_direction_key(int dx, int dy)
{
	static const char	keys[3][3] = {
		{ 'y', 'k', 'u' }, { 'h', '.', 'l' }, { 'b', 'j', 'n' }
	};

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) {
		fprintf(stderr, "astray-lab: bot: no key for the step %d,%d\n",
		    dx, dy);
		abort();
	}
	return (keys[dy + 1][dx + 1]);
}

/* Writes the keys of an action into buf (at least 8 bytes). */
static void
lab_bot_keys(struct game_action a, char *buf)
{
	static const struct {
		enum game_cmd	cmd;
		char		verb;
	} items[] = {
		{ GAME_CMD_DROP, 'd' }, { GAME_CMD_QUAFF, 'q' },
		{ GAME_CMD_READ, 'r' }, { GAME_CMD_WIELD, 'w' },
		{ GAME_CMD_THROW, 't' }, { GAME_CMD_APPLY, 'A' },
		{ GAME_CMD_ZAP, 'z' },
	};
	size_t	i, n = 0;

	for (i = 0; i < sizeof items / sizeof items[0]; i++) {
		if (items[i].cmd != a.cmd)
			continue;
		buf[n++] = items[i].verb;
		buf[n++] = (char)('a' + a.item);
		if ((a.cmd == GAME_CMD_THROW || a.cmd == GAME_CMD_ZAP) &&
		    a.dx == 0 && a.dy == 0)
			buf[n++] = items[i].verb;	/* the nearest */
		else if (a.cmd == GAME_CMD_THROW || a.cmd == GAME_CMD_APPLY ||
		    a.cmd == GAME_CMD_ZAP)
			buf[n++] = (char)lab_bot_direction_key(a.dx, a.dy);
		if (a.cmd == GAME_CMD_READ && a.target > 0)
			buf[n++] = a.target == GAME_TARGET_WIELDED ? ')' :
			    a.target == GAME_TARGET_WORN ? '[' :
			    (char)('a' + a.target - 1);
		buf[n] = '\0';
		return;
	}
	switch (a.cmd) {
	case GAME_CMD_MOVE:
		buf[n++] = (char)lab_bot_direction_key(a.dx, a.dy);
		break;
	case GAME_CMD_WAIT:
		buf[n++] = '.';
		break;
	case GAME_CMD_DIG:
		buf[n++] = 'D';
		buf[n++] = (char)lab_bot_direction_key(a.dx, a.dy);
		break;
	case GAME_CMD_FIGHT:
		buf[n++] = 'F';
		buf[n++] = (char)lab_bot_direction_key(a.dx, a.dy);
		break;
	case GAME_CMD_FIRE:
		buf[n++] = 'f';
		buf[n++] = a.dx == 0 && a.dy == 0 ? 'f' :
		    (char)lab_bot_direction_key(a.dx, a.dy);
		break;
	case GAME_CMD_DESCEND:
		buf[n++] = '>';
		break;
	case GAME_CMD_PICKUP:
		buf[n++] = 'g';
		break;
	case GAME_CMD_REST:
		buf[n++] = 'R';
		break;
	case GAME_CMD_EXPLORE:
		buf[n++] = 'X';
		break;
	default:
		fprintf(stderr, "astray-lab: bot: command %d has no keys here\n",
		    (int)a.cmd);
		abort();
	}
	buf[n] = '\0';
}

/* Types an action's keys and plays it: see lab-bot.h. */
int
lab_bot_act(struct lab_bot *b, struct game_action a)
{
	struct keys		ks;
	struct game_action	got;
	enum keys_result	kr = KEYS_MORE;
	char			buf[8];
	size_t			i;
	int			ok;

	lab_bot_keys(a, buf);
	keys_init(&ks);
	ks.game = b->game;
	memset(&got, 0, sizeof got);
	for (i = 0; buf[i] != '\0'; i++) {
		kr = keys_feed(&ks, (unsigned char)buf[i], &got);
		game_log_key(b->game, (unsigned char)buf[i]);
	}
	if (kr != KEYS_ACTION || got.cmd != a.cmd || got.dx != a.dx ||
	    got.dy != a.dy || (got.item != a.item && a.cmd >= GAME_CMD_DROP &&
	    a.cmd <= GAME_CMD_WIELD)) {
		fprintf(stderr, "astray-lab: bot: the keys \"%s\" do not give "
		    "command %d\n", buf, (int)a.cmd);
		abort();
	}
	ok = game_act(b->game, got);
	if (!ok) {
		b->refused |= 1u << a.cmd;
		b->refused_turn = b->info.turn;
	}
	return (ok);
}

/* Whether a command was refused this turn: see lab-bot.h. */
int
lab_bot_was_refused(const struct lab_bot *b, enum game_cmd cmd)
{
	return (b->refused_turn == b->info.turn &&
	    (b->refused & (1u << cmd)) != 0);
}

/* Whether a known cell is the frontier: enterable, beside the unseen. */
static int
lab_bot_frontier(const struct lab_bot *b, const struct path_grid *grid,
    int x, int y)
{
	struct game_cell	c;
	int			dx, dy;

	if (path_grid_get(grid, x, y) == 0)
		return (0);
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			if (!path_grid_contains(b->known, x + dx, y + dy))
				continue;
			game_cell(b->game, x + dx, y + dy, &c);
			if (!c.seen && !c.visible)
				return (1);
		}
	}
	return (0);
}

/* Plans a step to the nearest goal: see lab-bot.h. */
int
lab_bot_step_to(struct lab_bot *b, enum lab_bot_goal goal, int *dx, int *dy)
{
	int	x, y, i, exit, nx, ny;

	path_field_begin(b->field, b->known, b->rules, -1, -1,
	    PATH_FIELD_TO_SOURCE);
	if (goal == LAB_BOT_MONSTERS) {
		for (i = 0; i < b->nseen; i++)
			path_field_add_source(b->field, b->known,
			    b->seen_info[i].x, b->seen_info[i].y);
	} else {
		for (y = 0; y < b->height; y++) {
			for (x = 0; x < b->width; x++) {
				if (goal == LAB_BOT_FRONTIER ?
				    lab_bot_frontier(b, b->known, x, y) :
				    (game_known_cost(b->game, x, y, &exit) > 0 &&
				    exit))
					path_field_add_source(b->field,
					    b->known, x, y);
			}
		}
	}
	path_field_run_to(b->field, b->known, 0, b->info.px, b->info.py, NULL);
	if (path_field_get(b->field, b->info.px, b->info.py) == PATH_COST_NONE ||
	    path_field_next_step(b->field, b->known, b->info.px, b->info.py,
	    &nx, &ny) != 0)
		return (-1);
	*dx = nx - b->info.px;
	*dy = ny - b->info.py;
	return (0);
}

/* Plans a step that may dig: see lab-bot.h. */
int
lab_bot_dig_step(struct lab_bot *b, int *dx, int *dy, int *dig)
{
	struct path_rules	rules = b->rules;
	int			x, y, exit, exits = 0, nx, ny;

	/* Four ways only: a diagonal dug through may not be a step. */
	rules.movement = PATH_MOVE_4;
	rules.diagonal = PATH_DIAG_NEVER;
	path_field_begin(b->field, b->dig, rules, -1, -1,
	    PATH_FIELD_TO_SOURCE);
	for (y = 0; y < b->height; y++) {
		for (x = 0; x < b->width; x++) {
			if (game_known_cost(b->game, x, y, &exit) > 0 && exit) {
				path_field_add_source(b->field, b->dig, x, y);
				exits++;
			}
		}
	}
	for (y = 0; exits == 0 && y < b->height; y++)
		for (x = 0; x < b->width; x++)
			if (lab_bot_frontier(b, b->dig, x, y))
				path_field_add_source(b->field, b->dig, x, y);
	path_field_run_to(b->field, b->dig, 0, b->info.px, b->info.py, NULL);
	if (path_field_get(b->field, b->info.px, b->info.py) == PATH_COST_NONE ||
	    path_field_next_step(b->field, b->dig, b->info.px, b->info.py,
	    &nx, &ny) != 0)
		return (-1);
	*dx = nx - b->info.px;
	*dy = ny - b->info.py;
	*dig = path_grid_get(b->known, nx, ny) == 0;
	return (0);
}

/* Goes on with a monster in view: see lab-bot.h. */
struct game_action
lab_bot_go_on(struct lab_bot *b, int toward_monsters)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			exit, dx, dy, dig = 0;

	game_known_cost(b->game, b->info.px, b->info.py, &exit);
	if (lab_bot_step_to(b, LAB_BOT_FRONTIER, &dx, &dy) == 0 ||
	    (!exit && lab_bot_step_to(b, LAB_BOT_EXIT, &dx, &dy) == 0) ||
	    (!exit && toward_monsters &&
	    lab_bot_step_to(b, LAB_BOT_MONSTERS, &dx, &dy) == 0) ||
	    (!exit && lab_bot_dig_step(b, &dx, &dy, &dig) == 0)) {
		a.cmd = dig ? GAME_CMD_DIG : GAME_CMD_MOVE;
		a.dx = dx;
		a.dy = dy;
	} else if (exit)
		a.cmd = GAME_CMD_DESCEND;
	return (a);
}

/* With nothing in view, explore, go down or dig: see lab-bot.h. */
struct game_action
lab_bot_explore_on(struct lab_bot *b)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			dx, dy, dig;

	if (!lab_bot_was_refused(b, GAME_CMD_EXPLORE))
		a.cmd = GAME_CMD_EXPLORE;
	else if (!lab_bot_was_refused(b, GAME_CMD_DESCEND))
		a.cmd = GAME_CMD_DESCEND;
	else if (lab_bot_dig_step(b, &dx, &dy, &dig) == 0) {
		a.cmd = dig ? GAME_CMD_DIG : GAME_CMD_MOVE;
		a.dx = dx;
		a.dy = dy;
	}
	return (a);
}

/* Whether the player may step (dx,dy) to a free cell: see lab-bot.h. */
int
lab_bot_free_step(const struct lab_bot *b, int dx, int dy)
{
	int	x = b->info.px + dx, y = b->info.py + dy, a, c, i;

	if (!path_grid_contains(b->known, x, y) ||
	    path_grid_get(b->known, x, y) == 0)
		return (0);
	for (i = 0; i < b->nseen; i++)
		if (b->seen_info[i].x == x && b->seen_info[i].y == y)
			return (0);
	if (dx == 0 || dy == 0)
		return (1);
	if (b->rules.movement == PATH_MOVE_4 ||
	    b->rules.diagonal == PATH_DIAG_NEVER)
		return (0);
	a = path_grid_get(b->known, b->info.px + dx, b->info.py) != 0;
	c = path_grid_get(b->known, b->info.px, b->info.py + dy) != 0;
	switch (b->rules.diagonal) {
	case PATH_DIAG_NO_CORNER_CUT:
		return (a && c);
	case PATH_DIAG_ONE_SIDE:
		return (a || c);
	default:
		return (1);
	}
}

/* Steps down the safety map: see lab-bot.h. */
int
lab_bot_flee_step(struct lab_bot *b, int *dx, int *dy)
{
	path_cost	best, v;
	int		i, x, y;

	if (b->nseen == 0)
		return (-1);
	path_field_begin(b->field, b->known, b->rules, -1, -1,
	    PATH_FIELD_FROM_SOURCE);
	for (i = 0; i < b->nseen; i++)
		path_field_add_source(b->field, b->known, b->seen_info[i].x,
		    b->seen_info[i].y);
	path_field_run(b->field, b->known, 0, NULL);
	best = path_field_get(b->field, b->info.px, b->info.py);
	if (best == PATH_COST_NONE)
		return (-1);	/* no monster can reach: nothing to flee */
	*dx = *dy = 0;
	for (y = -1; y <= 1; y++) {
		for (x = -1; x <= 1; x++) {
			if ((x == 0 && y == 0) || !lab_bot_free_step(b, x, y))
				continue;
			v = path_field_get(b->field, b->info.px + x,
			    b->info.py + y);
			if (v != PATH_COST_NONE && v > best) {
				best = v;
				*dx = x;
				*dy = y;
			}
		}
	}
	return (*dx == 0 && *dy == 0 ? -1 : 0);
}

/* The weakest monster in view next to the player: see lab-bot.h. */
int
lab_bot_adjacent(const struct lab_bot *b)
{
	int	i, best = -1;

	for (i = 0; i < b->nseen; i++) {
		if (abs(b->seen_info[i].x - b->info.px) > 1 ||
		    abs(b->seen_info[i].y - b->info.py) > 1)
			continue;
		if (best < 0 || b->seen_info[i].hp < b->seen_info[best].hp)
			best = i;
	}
	return (best);
}

/* Whether a monster in view threatens the player: see lab-bot.h. */
int
lab_bot_threatened(const struct lab_bot *b)
{
	int	i;

	for (i = 0; i < b->nseen; i++)
		if (strcmp(b->seen_info[i].state, "hunting") == 0)
			return (1);
	return (lab_bot_adjacent(b) >= 0);
}

/*
 * Whether two item names are the same, a space and a hyphen alike (the
 * data's "potion-of-healing" is what a screen may show as "potion of
 * healing").
 */
static int
lab_bot_same_name(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (*a != *b && !((*a == '-' || *a == ' ') &&
		    (*b == '-' || *b == ' ')))
			return (0);
	return (*a == *b);
}

/* The first pack slot holding an item of that name: see lab-bot.h. */
int
lab_bot_pack_find(const struct lab_bot *b, const char *name)
{
	struct game_item_info	ii;
	int			slot;

	for (slot = 0; slot < 26; slot++)
		if (game_pack_item(b->game, slot, &ii) == 0 &&
		    lab_bot_same_name(ii.name, name))
			return (slot);
	return (-1);
}

/*
 * Whether a pack item is a potion, and which: see lab-bot.h.  A potion
 * is what is drunk (the key q); the pack query says whether the player
 * knows its kind (potions look different in every game until drunk or
 * identified) and, when known, its effect: any potion whose effect is
 * "heal" is a healing one.
 */
enum lab_bot_potion
lab_bot_potion(const struct game_item_info *ii)
{
	if (ii->key != 'q')
		return (LAB_BOT_POTION_NONE);
	if (!ii->known)
		return (LAB_BOT_POTION_UNKNOWN);
	if (ii->effect != NULL && strcmp(ii->effect, "heal") == 0)
		return (LAB_BOT_POTION_HEALING);
	return (LAB_BOT_POTION_OTHER);
}

/* How many pack slots hold something: see lab-bot.h. */
int
lab_bot_pack_used(const struct lab_bot *b)
{
	struct game_item_info	ii;
	int			slot, n = 0;

	for (slot = 0; slot < 26; slot++)
		n += game_pack_item(b->game, slot, &ii) == 0;
	return (n);
}
