/*
 * lab-bot-greedy.c: the greedy bot, the crude script of issue 25.
 *
 * Policy (frozen; docs/bots.md says the same).  Each turn it presses the
 * key of the first line that applies:
 *
 *   1. A monster in view is next to it: attack it, the first in the
 *      order h, j, k, l, y, u, b, n.
 *   2. Hit points below 35% and a potion to drink: the identified
 *      potion of healing if it carries one, else the unknown potion with
 *      the lowest pack letter: drink it (q).
 *   3. Hit points below 70% and no monster in view: rest (R).
 *   4. Something lies underfoot: pick it up (g).
 *   5. A monster in view that it can reach: one step along the cheapest
 *      path over the cells it knows (the bots' own field, lab-bot.h),
 *      towards the nearest such monster; of equal steps, the first in
 *      the order h, j, k, l, y, u, b, n.
 *   6. Somewhere left to explore: explore (X).
 *   7. Otherwise: > (which walks to the stairs or the goal, and down).
 *
 * If the key takes no turn (a full pack, a refusal: the game says so by
 * taking no turn), it tries the next line; if no line takes a turn, it
 * waits (.).  "Somewhere left to explore" is the game's own answer: X
 * takes no turn when nothing is left (or a monster in view stops it).
 * It never digs, wields, wears, throws, reads, zaps or applies: what it
 * measures is how far attacking, drinking, resting and walking down get
 * a player who makes no choice at all.
 */
#include <stdlib.h>

#include "lab-bot.h"

/* The greedy bot's thresholds, part of its frozen policy (percent). */
#define GREEDY_DRINK	35	/* drink below this share of hp_max */
#define GREEDY_REST	70	/* rest below it, with no monster in view */

/* The steps h, j, k, l, y, u, b, n: the order of every tie. */
static const int greedy_dx[8] = { -1, 0, 0, 1, -1, 1, -1, 1 };
static const int greedy_dy[8] = { 0, 1, -1, 0, -1, -1, 1, 1 };

/* Whether hp is below pct percent of the most. */
static int
greedy_below(const struct lab_bot *b, int pct)
{
	return (100L * b->info.hp < (long)pct * b->info.hp_max);
}

/* Line 1: the first monster in view next to it, in key order; 0, or -1. */
static int
greedy_adjacent(const struct lab_bot *b, int *dx, int *dy)
{
	int	d, i;

	for (d = 0; d < 8; d++) {
		for (i = 0; i < b->nseen; i++) {
			if (b->seen_info[i].x == b->info.px + greedy_dx[d] &&
			    b->seen_info[i].y == b->info.py + greedy_dy[d]) {
				*dx = greedy_dx[d];
				*dy = greedy_dy[d];
				return (0);
			}
		}
	}
	return (-1);
}

/* Line 2: the potion to drink, or -1 (see lab_bot_potion()). */
static int
greedy_potion(const struct lab_bot *b)
{
	struct game_item_info	ii;
	int			slot, unknown = -1;

	for (slot = 0; slot < 26; slot++) {
		if (game_pack_item(b->game, slot, &ii) != 0)
			continue;
		switch (lab_bot_potion(&ii)) {
		case LAB_BOT_POTION_HEALING:
			return (slot);
		case LAB_BOT_POTION_UNKNOWN:
			if (unknown < 0)
				unknown = slot;
			break;
		default:
			break;
		}
	}
	return (unknown);
}

/*
 * Line 5: the first step, in key order, of a cheapest known path to the
 * nearest monster in view: a multi-source field to the monsters over
 * what it knows, and the free neighbour whose step and distance on add
 * up least.  Returns 0 with (*dx,*dy) set, or -1 if none can be reached.
 */
static int
greedy_toward(struct lab_bot *b, int *dx, int *dy)
{
	path_cost	v, step, best = PATH_COST_NONE;
	int		d, i, x, y;

	if (b->nseen == 0)
		return (-1);
	path_field_begin(b->field, b->known, b->rules, -1, -1,
	    PATH_FIELD_TO_SOURCE);
	for (i = 0; i < b->nseen; i++)
		path_field_add_source(b->field, b->known, b->seen_info[i].x,
		    b->seen_info[i].y);
	path_field_run(b->field, b->known, 0, NULL);
	if (path_field_get(b->field, b->info.px, b->info.py) == PATH_COST_NONE)
		return (-1);
	for (d = 0; d < 8; d++) {
		if (!lab_bot_free_step(b, greedy_dx[d], greedy_dy[d]))
			continue;
		x = b->info.px + greedy_dx[d];
		y = b->info.py + greedy_dy[d];
		if ((v = path_field_get(b->field, x, y)) == PATH_COST_NONE)
			continue;
		step = path_step_cost(b->rules, greedy_dx[d], greedy_dy[d],
		    (int)path_grid_get(b->known, x, y));
		if (best == PATH_COST_NONE || v + step < best) {
			best = v + step;
			*dx = greedy_dx[d];
			*dy = greedy_dy[d];
		}
	}
	return (best == PATH_COST_NONE ? -1 : 0);
}

/* The greedy bot's next action: see the top of the file. */
static struct game_action
lab_bot_greedy_decide(struct lab_bot *b)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	struct game_item_info	ii;
	int			dx, dy, slot;

	if (!lab_bot_was_refused(b, GAME_CMD_MOVE) &&
	    greedy_adjacent(b, &dx, &dy) == 0) {
		a.cmd = GAME_CMD_MOVE;
		a.dx = dx;
		a.dy = dy;
	} else if (greedy_below(b, GREEDY_DRINK) &&
	    !lab_bot_was_refused(b, GAME_CMD_QUAFF) &&
	    (slot = greedy_potion(b)) >= 0) {
		a.cmd = GAME_CMD_QUAFF;
		a.item = slot;
	} else if (greedy_below(b, GREEDY_REST) && b->nseen == 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_REST))
		a.cmd = GAME_CMD_REST;
	else if (game_floor_item(b->game, b->info.px, b->info.py, &ii) == 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_PICKUP))
		a.cmd = GAME_CMD_PICKUP;
	else if (!lab_bot_was_refused(b, GAME_CMD_MOVE) &&
	    greedy_toward(b, &dx, &dy) == 0) {
		a.cmd = GAME_CMD_MOVE;
		a.dx = dx;
		a.dy = dy;
	} else if (!lab_bot_was_refused(b, GAME_CMD_EXPLORE))
		a.cmd = GAME_CMD_EXPLORE;
	else if (!lab_bot_was_refused(b, GAME_CMD_DESCEND))
		a.cmd = GAME_CMD_DESCEND;
	return (a);
}

const struct lab_bot_policy lab_bot_greedy = {
	.name = "greedy",
	.summary = "attacks, drinks below 35%, rests below 70%, picks up, "
	    "walks to monsters, explores, goes down; nothing else",
	.decide = lab_bot_greedy_decide,
};
