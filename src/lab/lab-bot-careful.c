/*
 * lab-bot-careful.c: the careful bot, which weighs a fight before it.
 *
 * Policy (frozen; docs/bots.md says the same), first rule that applies:
 *
 *   1. Hit points at 40% or less with a monster in view, or at 25% or
 *      less: drink a potion of healing if it has one.
 *   2. A fight it cannot win (below): if on the stairs, go down; if a
 *      monster is next to it, read a scroll of teleport if it has one;
 *      else step down the safety map (away from every monster in view);
 *      cornered there (no step takes it farther), read teleport, else
 *      throw a noise maker away from the nearest monster, else fight.
 *   3. A monster in view next to it: attack it (the one with the fewest
 *      hit points).
 *   4. Standing on an item, with room in the pack: pick it up.
 *   5. A weapon or armour in the pack that it neither wields nor wears
 *      (by name; the standard game has one of each, so any is better
 *      than none): wield or wear it.
 *   6. Hurt and no monster in view: rest (R).
 *   7. A monster in view: step towards the unexplored, else to the
 *      stairs (and down), else dig its way, as the baseline does (but
 *      never towards the monsters).
 *   8. Explore (X); with nothing left, go to the stairs and down (>);
 *      with no stairs it can reach, dig its way, as the baseline does.
 *
 * A fight it cannot win: killing the monsters in view that hunt it or
 * stand next to it, weakest first, at its mean blow (the mean of its
 * damage range, three blows in four landing), while each of them that
 * is still alive hits it for a guessed blow (1 + a fifth of the monster's
 * full hit points, less its armour, at least half a point) every turn,
 * would cost at least its hit points less two.  The guess uses only
 * what a player sees: the monster, its hit points, the player's own
 * figures; never the monster's real damage.
 */
#include <stdlib.h>
#include <string.h>

#include "lab-bot.h"

/* The careful bot's thresholds, part of its frozen policy. */
#define CAREFUL_DRINK_IN_FIGHT	40	/* % of hp_max: drink with a monster */
#define CAREFUL_DRINK_ALWAYS	25	/* % of hp_max: drink anyway */
#define CAREFUL_MARGIN		2	/* hp kept in hand when weighing */

/* Whether monster i of the view takes part in a fight. */
static int
lab_bot_careful_foe(const struct lab_bot *b, int i)
{
	return (strcmp(b->seen_info[i].state, "hunting") == 0 ||
	    (abs(b->seen_info[i].x - b->info.px) <= 1 &&
	    abs(b->seen_info[i].y - b->info.py) <= 1));
}

/* Whether the fight in view is one it cannot win: see the top of the file. */
static int
lab_bot_careful_hopeless(const struct lab_bot *b)
{
	double	blow, taken = 0, guess, turns = 0, left[LAB_BOT_SEEN_MAX];
	double	hit[LAB_BOT_SEEN_MAX];
	int	i, j, n = 0, used[LAB_BOT_SEEN_MAX];

	blow = 0.75 * (b->info.damage_min + b->info.damage_max) / 2.0;
	if (blow <= 0)
		blow = 0.5;
	for (i = 0; i < b->nseen; i++) {
		if (!lab_bot_careful_foe(b, i))
			continue;
		left[n] = b->seen_info[i].hp;
		guess = 1 + b->seen_info[i].hp_max / 5.0 - b->info.armour;
		hit[n] = guess < 0.5 ? 0.5 : guess;
		used[n++] = 0;
	}
	/* Weakest first: each foe hits until the turn it dies. */
	for (j = 0; j < n; j++) {
		int	k = -1;

		for (i = 0; i < n; i++)
			if (!used[i] && (k < 0 || left[i] < left[k]))
				k = i;
		used[k] = 1;
		turns += (double)(int)((left[k] + blow - 0.001) / blow);
		taken += hit[k] * turns;
	}
	return (n > 0 && taken >= b->info.hp - CAREFUL_MARGIN);
}

/* An action using the pack slot. */
static struct game_action
lab_bot_careful_use(enum game_cmd cmd, int slot, int dx, int dy)
{
	struct game_action	a = { .cmd = cmd, .item = slot, .dx = dx,
				      .dy = dy };

	return (a);
}

/* Rule 2, the fight it cannot win: see the top of the file. */
static int
lab_bot_careful_escape(struct lab_bot *b, struct game_action *a)
{
	int	exit, slot, dx, dy, i, near = -1, d, best = 0;

	game_known_cost(b->game, b->info.px, b->info.py, &exit);
	if (exit && !lab_bot_was_refused(b, GAME_CMD_DESCEND)) {
		a->cmd = GAME_CMD_DESCEND;
		return (1);
	}
	slot = lab_bot_pack_find(b, "scroll-of-teleport");
	if (slot >= 0 && lab_bot_adjacent(b) >= 0) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		return (1);
	}
	if (lab_bot_flee_step(b, &dx, &dy) == 0) {
		a->cmd = GAME_CMD_MOVE;
		a->dx = dx;
		a->dy = dy;
		return (1);
	}
	if (slot >= 0) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		return (1);
	}
	if ((slot = lab_bot_pack_find(b, "noise-maker")) >= 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_THROW)) {
		for (i = 0; i < b->nseen; i++) {
			d = abs(b->seen_info[i].x - b->info.px) +
			    abs(b->seen_info[i].y - b->info.py);
			if (near < 0 || d < best) {
				near = i;
				best = d;
			}
		}
		dx = b->info.px - b->seen_info[near].x;
		dy = b->info.py - b->seen_info[near].y;
		dx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
		dy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
		if (dx == 0 && dy == 0)
			dx = 1;
		*a = lab_bot_careful_use(GAME_CMD_THROW, slot, dx, dy);
		return (1);
	}
	return (0);
}

/* Rules 4 and 5, the items: see the top of the file. */
static int
lab_bot_careful_items(struct lab_bot *b, struct game_action *a)
{
	struct game_item_info	ii;
	int			slot;

	if (game_floor_item(b->game, b->info.px, b->info.py, &ii) == 0 &&
	    lab_bot_pack_used(b) < 26 &&
	    !lab_bot_was_refused(b, GAME_CMD_PICKUP)) {
		a->cmd = GAME_CMD_PICKUP;
		return (1);
	}
	if (lab_bot_was_refused(b, GAME_CMD_WIELD))
		return (0);
	for (slot = 0; slot < 26; slot++) {
		if (game_pack_item(b->game, slot, &ii) != 0 || ii.key != 'w')
			continue;
		if ((b->info.wielded == NULL ||
		    strcmp(ii.name, b->info.wielded) != 0) &&
		    (b->info.worn == NULL || strcmp(ii.name, b->info.worn) != 0)) {
			*a = lab_bot_careful_use(GAME_CMD_WIELD, slot, 0, 0);
			return (1);
		}
	}
	return (0);
}

/* The careful bot's next action: see the top of the file. */
static struct game_action
lab_bot_careful_decide(struct lab_bot *b)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			m, slot;
	int			pct = 100 * b->info.hp / (b->info.hp_max > 0 ?
				    b->info.hp_max : 1);

	slot = lab_bot_pack_find(b, "potion-of-healing");
	if (slot >= 0 && !lab_bot_was_refused(b, GAME_CMD_QUAFF) &&
	    (pct <= CAREFUL_DRINK_ALWAYS || (pct <= CAREFUL_DRINK_IN_FIGHT &&
	    b->nseen > 0)))
		return (lab_bot_careful_use(GAME_CMD_QUAFF, slot, 0, 0));
	if (lab_bot_careful_hopeless(b) && lab_bot_careful_escape(b, &a))
		return (a);
	if ((m = lab_bot_adjacent(b)) >= 0) {
		a.cmd = GAME_CMD_MOVE;
		a.dx = b->seen_info[m].x - b->info.px;
		a.dy = b->seen_info[m].y - b->info.py;
		return (a);
	}
	if (lab_bot_careful_items(b, &a))
		return (a);
	if (b->nseen == 0 && b->info.hp < b->info.hp_max &&
	    !lab_bot_was_refused(b, GAME_CMD_REST)) {
		a.cmd = GAME_CMD_REST;
		return (a);
	}
	if (b->nseen > 0)
		return (lab_bot_go_on(b, 0));
	return (lab_bot_explore_on(b));
}

const struct lab_bot_policy lab_bot_careful = {
	.name = "careful",
	.summary = "drinks, rests, flees a fight it cannot win (stairs, "
	    "safety map, teleport, noise), picks up and wields",
	.decide = lab_bot_careful_decide,
};
