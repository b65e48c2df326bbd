/*
 * lab-bot-careful.c: the careful bot, which weighs a fight before it.
 *
 * Policy (frozen; docs/bots.md says the same), first rule that applies:
 *
 *   1. Hit points at 40% or less with a monster in view, or at 25% or
 *      less: drink a potion it knows heals; with none, at 25% or less
 *      with a monster in view, gamble on an unknown potion (the lowest
 *      pack letter).
 *   2. A fight it cannot win (below): if on the stairs, go down; if a
 *      monster is next to it, read a scroll of teleport if it knows
 *      one; zap a wand of slowing it knows at the nearest monster; else
 *      step down the safety map (away from every monster in view);
 *      cornered there (no step takes it farther), read teleport, else
 *      zap a wand of blinking it knows away from the nearest monster,
 *      else throw a noise maker away from it, else fight.
 *   3. A monster in view next to it: attack it (the one with the fewest
 *      hit points).
 *   4. A monster in view that hunts it, in a clear line: zap a wand of
 *      striking it knows at the nearest one, else throw a missile (darts,
 *      javelins) at it; else, when one of them shoots (issue 26), close in
 *      on the nearest monster in view rather than be shot at.
 *   5. Standing on an item, with room in the pack: pick it up.
 *   6. A weapon or armour in the pack better than what it wields or
 *      wears (below): wield or wear it.  A scroll of enchanting it knows:
 *      read it on the weapon it wields (else its armour).
 *   7. No monster in view and hit points full: read a scroll of identify
 *      it knows when it carries something unknown; else try an unknown
 *      scroll, else an unknown potion (the lowest pack letter).
 *   8. Hurt and no monster in view: rest (R).
 *   9. A monster in view: step towards the unexplored, else to the
 *      stairs (and down), else dig its way (with a pick), as the
 *      baseline does (but never towards the monsters).
 *  10. Explore (X); with nothing left, go to the stairs and down (>);
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
 *
 * Better: a weapon's worth is its power and enchantment, scaled by its
 * chance to hit and divided by the time a blow takes; a launcher is not
 * a weapon to it.  Armour's worth is its power and enchantment, less
 * one for each point of noise it adds and two if it slows a step.
 */
#include <stdlib.h>
#include <string.h>

#include "lab-bot.h"

/* The careful bot's thresholds, part of its frozen policy. */
#define CAREFUL_DRINK_IN_FIGHT	40	/* % of hp_max: drink with a monster */
#define CAREFUL_DRINK_ALWAYS	25	/* % of hp_max: drink anyway */
#define CAREFUL_MARGIN		2	/* hp kept in hand when weighing */

/* The pack slot of an item it knows, by effect ("heal", "bolt"), or -1. */
static int
careful_known(const struct lab_bot *b, const char *effect)
{
	struct game_item_info	ii;
	int			slot;

	for (slot = 0; slot < 26; slot++)
		if (game_pack_item(b->game, slot, &ii) == 0 && ii.known &&
		    ii.effect != NULL && strcmp(ii.effect, effect) == 0)
			return (slot);
	return (-1);
}

/* The lowest pack slot of an unknown item used with a key, or -1. */
static int
careful_unknown(const struct lab_bot *b, char key)
{
	struct game_item_info	ii;
	int			slot;

	for (slot = 0; slot < 26; slot++)
		if (game_pack_item(b->game, slot, &ii) == 0 && !ii.known &&
		    ii.key == key)
			return (slot);
	return (-1);
}

/* Whether the wand in a slot has a charge. */
static int
careful_charged(const struct lab_bot *b, int slot)
{
	struct game_item_info	ii;

	return (game_pack_item(b->game, slot, &ii) == 0 && ii.plus > 0);
}

/*
 * Zaps a wand it knows, by effect, with a charge left, at the nearest
 * monster in a clear line; 0 if it has none (or a zap was refused).
 */
static int
careful_zap(struct lab_bot *b, const char *effect, struct game_action *a)
{
	int	slot = careful_known(b, effect);

	if (slot < 0 || !careful_charged(b, slot) || b->nseen == 0 ||
	    lab_bot_was_refused(b, GAME_CMD_ZAP))
		return (0);
	*a = (struct game_action){ .cmd = GAME_CMD_ZAP, .item = slot };
	return (1);
}

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
	slot = careful_known(b, "teleport");
	if (slot >= 0 && lab_bot_adjacent(b) >= 0) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		return (1);
	}
	if (careful_zap(b, "slow", a))
		return (1);
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
	if (b->nseen == 0)
		return (0);
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
	if ((slot = careful_known(b, "blink")) >= 0 &&
	    careful_charged(b, slot) && !lab_bot_was_refused(b, GAME_CMD_ZAP)) {
		*a = lab_bot_careful_use(GAME_CMD_ZAP, slot, dx, dy);
		return (1);
	}
	if ((slot = careful_known(b, "noise")) >= 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_THROW)) {
		*a = lab_bot_careful_use(GAME_CMD_THROW, slot, dx, dy);
		return (1);
	}
	return (0);
}

/* A weapon's or armour's worth to it: see the top of the file. */
static double
careful_worth(const struct game_item_info *ii)
{
	if (ii->effect == NULL)
		return (-1e9);
	if (strcmp(ii->effect, "weapon") == 0)
		return ((ii->power + ii->plus) * (80.0 + ii->accuracy +
		    5 * ii->plus) / ii->delay);
	if (strcmp(ii->effect, "armour") == 0)
		return (ii->power + ii->plus - (ii->noise > 0 ? ii->noise : 0) -
		    (ii->delay > 100 ? 2 : 0));
	return (-1e9);
}

/* Rules 5 and 6, the items: see the top of the file. */
static int
lab_bot_careful_items(struct lab_bot *b, struct game_action *a)
{
	struct game_item_info	ii, held;
	int			slot, armour;
	double			now;

	if (game_floor_item(b->game, b->info.px, b->info.py, &ii) == 0 &&
	    lab_bot_pack_used(b) < 26 &&
	    !lab_bot_was_refused(b, GAME_CMD_PICKUP)) {
		a->cmd = GAME_CMD_PICKUP;
		return (1);
	}
	if ((slot = careful_known(b, "enchant")) >= 0 &&
	    (b->info.wielded != NULL || b->info.worn != NULL) &&
	    !lab_bot_was_refused(b, GAME_CMD_READ)) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		a->target = b->info.wielded != NULL ? GAME_TARGET_WIELDED :
		    GAME_TARGET_WORN;
		return (1);
	}
	if (lab_bot_was_refused(b, GAME_CMD_WIELD))
		return (0);
	for (slot = 0; slot < 26; slot++) {
		if (game_pack_item(b->game, slot, &ii) != 0 || ii.key != 'w' ||
		    ii.effect == NULL)
			continue;
		armour = strcmp(ii.effect, "armour") == 0;
		now = game_held_item(b->game, armour, &held) == 0 ?
		    careful_worth(&held) : armour ? -1e8 : 0;
		if (careful_worth(&ii) > now) {
			*a = lab_bot_careful_use(GAME_CMD_WIELD, slot, 0, 0);
			return (1);
		}
	}
	return (0);
}

/*
 * Rule 7: when safe, learns what it carries: a scroll of identify it
 * knows (with something unknown to name), else an unknown scroll, else
 * an unknown potion.
 */
static int
careful_learn(struct lab_bot *b, struct game_action *a)
{
	int	slot;

	if (b->nseen > 0 || b->info.hp < b->info.hp_max)
		return (0);
	if ((slot = careful_known(b, "identify")) >= 0 &&
	    (careful_unknown(b, 'r') >= 0 || careful_unknown(b, 'q') >= 0 ||
	    careful_unknown(b, 'z') >= 0) &&
	    !lab_bot_was_refused(b, GAME_CMD_READ)) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		return (1);
	}
	if ((slot = careful_unknown(b, 'r')) >= 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_READ)) {
		*a = lab_bot_careful_use(GAME_CMD_READ, slot, 0, 0);
		return (1);
	}
	if ((slot = careful_unknown(b, 'q')) >= 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_QUAFF)) {
		*a = lab_bot_careful_use(GAME_CMD_QUAFF, slot, 0, 0);
		return (1);
	}
	return (0);
}

/* Rule 4: a hunter in view, in a clear line: a bolt, else a missile. */
static int
careful_shoot(struct lab_bot *b, struct game_action *a)
{
	int	i, slot, hunted = 0, shooter = 0;

	for (i = 0; i < b->nseen; i++)
		hunted |= strcmp(b->seen_info[i].state, "hunting") == 0;
	if (!hunted)
		return (0);
	if (careful_zap(b, "bolt", a))
		return (1);
	if ((slot = careful_known(b, "missile")) >= 0 &&
	    !lab_bot_was_refused(b, GAME_CMD_THROW)) {
		*a = lab_bot_careful_use(GAME_CMD_THROW, slot, 0, 0);
		return (1);
	}
	for (i = 0; i < b->nseen; i++)
		shooter |= b->seen_info[i].range > 0 &&
		    strcmp(b->seen_info[i].state, "hunting") == 0;
	if (shooter && !lab_bot_was_refused(b, GAME_CMD_MOVE) &&
	    lab_bot_step_to(b, LAB_BOT_MONSTERS, &a->dx, &a->dy) == 0) {
		a->cmd = GAME_CMD_MOVE;
		return (1);
	}
	return (0);
}

/* Rule 1: a potion to drink now, or -1. */
static int
careful_potion(const struct lab_bot *b)
{
	int	pct = 100 * b->info.hp / (b->info.hp_max > 0 ?
		    b->info.hp_max : 1);
	int	slot;

	if (lab_bot_was_refused(b, GAME_CMD_QUAFF) ||
	    (pct > CAREFUL_DRINK_ALWAYS && (pct > CAREFUL_DRINK_IN_FIGHT ||
	    b->nseen == 0)))
		return (-1);
	if ((slot = careful_known(b, "heal")) >= 0)
		return (slot);
	if (pct <= CAREFUL_DRINK_ALWAYS && b->nseen > 0)
		return (careful_unknown(b, 'q'));
	return (-1);
}

/*
 * A step that digs, refused for want of a pick: a wand of digging it
 * knows, with a charge left, zapped the same way instead (a player
 * walled in by cave-ins has no other way on).
 */
static struct game_action
careful_dig(struct lab_bot *b, struct game_action a)
{
	int	slot;

	if (a.cmd != GAME_CMD_DIG || !lab_bot_was_refused(b, GAME_CMD_DIG) ||
	    lab_bot_was_refused(b, GAME_CMD_ZAP))
		return (a);
	slot = careful_known(b, "dig");
	if (slot < 0 || !careful_charged(b, slot))
		return (a);
	return (lab_bot_careful_use(GAME_CMD_ZAP, slot, a.dx, a.dy));
}

/* The careful bot's next action: see the top of the file. */
static struct game_action
lab_bot_careful_decide(struct lab_bot *b)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			m, slot;

	if ((slot = careful_potion(b)) >= 0)
		return (lab_bot_careful_use(GAME_CMD_QUAFF, slot, 0, 0));
	if (lab_bot_careful_hopeless(b) && lab_bot_careful_escape(b, &a))
		return (a);
	if ((m = lab_bot_adjacent(b)) >= 0) {
		a.cmd = GAME_CMD_MOVE;
		a.dx = b->seen_info[m].x - b->info.px;
		a.dy = b->seen_info[m].y - b->info.py;
		return (a);
	}
	if (careful_shoot(b, &a) || lab_bot_careful_items(b, &a) ||
	    careful_learn(b, &a))
		return (a);
	if (b->nseen == 0 && b->info.hp < b->info.hp_max &&
	    !lab_bot_was_refused(b, GAME_CMD_REST)) {
		a.cmd = GAME_CMD_REST;
		return (a);
	}
	if (b->nseen > 0)
		return (careful_dig(b, lab_bot_go_on(b, 0)));
	return (careful_dig(b, lab_bot_explore_on(b)));
}

const struct lab_bot_policy lab_bot_careful = {
	.name = "careful",
	.summary = "drinks, rests, flees a fight it cannot win (stairs, "
	    "safety map, teleport, slowing, blinking, noise), shoots hunters "
	    "(bolts, missiles), picks up, wields the best, enchants, "
	    "identifies when safe",
	.decide = lab_bot_careful_decide,
};
