/*
 * lab-bot-baseline.c: the baseline bot, the least a player does.
 *
 * Policy (frozen; docs/bots.md says the same):
 *
 *   1. A monster in view next to it: attack it (the one with the fewest
 *      hit points).
 *   2. Else, with a monster in view (the game's explore key refuses to
 *      walk then): step towards the nearest unexplored place over what it
 *      knows; with nothing left, towards the stairs, and down them when
 *      on them; with no stairs known, towards the nearest monster in
 *      view; else dig its way as in 3.
 *   3. Else explore (X) until nothing is left, then go to the stairs and
 *      down (>); with no stairs it can reach, dig (D) the cheapest way
 *      to the stairs it knows or else the unexplored, through collapsed
 *      corridors and walls.
 *
 * It never picks anything up, never rests, never flees: the floor of
 * what a player can do, against which the careful bot and the game's
 * difficulty are measured.
 */
#include "lab-bot.h"

/* The baseline's next action: see the top of the file. */
static struct game_action
lab_bot_baseline_decide(struct lab_bot *b)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			m;

	if ((m = lab_bot_adjacent(b)) >= 0) {
		a.cmd = GAME_CMD_MOVE;
		a.dx = b->seen_info[m].x - b->info.px;
		a.dy = b->seen_info[m].y - b->info.py;
		return (a);
	}
	if (b->nseen > 0)
		return (lab_bot_go_on(b, 1));
	return (lab_bot_explore_on(b));
}

const struct lab_bot_policy lab_bot_baseline = {
	.name = "baseline",
	.summary = "explores, fights what is next to it, goes down; no items, "
	    "no rest, no flight",
	.decide = lab_bot_baseline_decide,
};
