/*
 * growth.c: the player grows stronger by fighting.
 *
 * Killing a monster gives as much experience as the monster is worth to
 * the score (its "value" in monsters.txt), so the data files set the
 * pace.  Experience level L + 1 needs GROWTH_XP_STEP * L * L points in
 * all, so each level takes more kills than the one before while deeper
 * monsters are worth more.  Every level gives GROWTH_HP more hit points
 * (healing them too) and one more point on the top of a blow, every
 * second level one more on the bottom, so that the player keeps pace
 * with the depth's monsters.  What a level gives is a function of the
 * level alone: a save stores the level and the experience, and loading
 * checks the player's strength against what the level gives.
 */
#include "event.h"
#include "growth.h"
#include "state.h"

/*
 * Gives the player experience for a kill, and every level it reaches,
 * with an event for each.
 */
void
growth_gain(struct game *g, int xp)
{
	int	hp_max;

	g->xp = xp > GROWTH_XP_MAX - g->xp ? GROWTH_XP_MAX : g->xp + xp;
	while (g->xp_level < GROWTH_LEVEL_MAX &&
	    g->xp >= player_xp_needed(g->xp_level + 1)) {
		g->xp_level++;
		player_strength(g->xp_level, &hp_max, &g->damage_min,
		    &g->damage_max);
		g->hp += hp_max - g->hp_max;
		g->hp_max = hp_max;
		event_add(&g->events, (struct event){ .kind = EVENT_LEVEL_UP,
		    .a = g->xp_level });
	}
}

