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
#include "game-internal.h"

/* Experience needed, in all, to reach a level. */
static long
growth_needed(int level)
{
	return ((long)GROWTH_XP_STEP * (level - 1) * (level - 1));
}

/* The player's strength at a level: see the top of the file. */
void
growth_strength(int level, int *hp_max, int *damage_min, int *damage_max)
{
	*hp_max = PLAYER_HP + GROWTH_HP * (level - 1);
	*damage_min = PLAYER_DAMAGE_MIN + (level - 1) / 2;
	*damage_max = PLAYER_DAMAGE_MAX + (level - 1);
}

/*
 * Gives the player experience for a kill, and every level it reaches,
 * with a message for each.
 */
void
growth_gain(struct game *g, int xp)
{
	int	hp_max;

	g->xp = xp > GROWTH_XP_MAX - g->xp ? GROWTH_XP_MAX : g->xp + xp;
	while (g->xp_level < GROWTH_LEVEL_MAX &&
	    g->xp >= growth_needed(g->xp_level + 1)) {
		g->xp_level++;
		growth_strength(g->xp_level, &hp_max, &g->damage_min,
		    &g->damage_max);
		g->hp += hp_max - g->hp_max;
		g->hp_max = hp_max;
		game_message(g, "You reach experience level %d: %d hit points, "
		    "blows of %d-%d.", g->xp_level, g->hp_max, g->damage_min,
		    g->damage_max);
	}
}

/* Experience still needed for the next level, or 0 at the top. */
long
growth_to_next(const struct game *g)
{
	if (g->xp_level >= GROWTH_LEVEL_MAX)
		return (0);
	return (growth_needed(g->xp_level + 1) - g->xp);
}
