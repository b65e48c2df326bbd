/*
 * player.c: the player's figures that follow from the state alone.
 *
 * Experience level L + 1 needs GROWTH_XP_STEP * L * L points in all, and
 * every level gives GROWTH_HP more hit points and one more point on the
 * top of a blow, every second level one more on the bottom (growth.c
 * raises the level).  What a level gives is a function of the level
 * alone: a save stores the level and the experience, and loading checks
 * the player's strength against what the level gives.  A wielded weapon
 * adds its power to each blow, worn armour takes its power off each
 * blow that lands.
 */
#include "state.h"

/* An empty pack, nothing wielded or worn. */
void
player_init(struct game *g)
{
	int	i;

	for (i = 0; i < PACK_SLOTS; i++)
		g->pack[i] = (struct pack_slot){ .kind = -1, .count = 0 };
	g->wielded = g->worn = -1;
	g->stealth = 0;
}

/* Experience needed, in all, to reach a level. */
long
player_xp_needed(int level)
{
	return ((long)GROWTH_XP_STEP * (level - 1) * (level - 1));
}

/* The player's strength at a level: see the top of the file. */
void
player_strength(int level, int *hp_max, int *damage_min, int *damage_max)
{
	*hp_max = PLAYER_HP + GROWTH_HP * (level - 1);
	*damage_min = PLAYER_DAMAGE_MIN + (level - 1) / 2;
	*damage_max = PLAYER_DAMAGE_MAX + (level - 1);
}

/* Experience still needed for the next level, or 0 at the top. */
long
player_to_next(const struct game *g)
{
	if (g->xp_level >= GROWTH_LEVEL_MAX)
		return (0);
	return (player_xp_needed(g->xp_level + 1) - g->xp);
}

/* What the wielded weapon adds to a blow. */
int
player_damage_bonus(const struct game *g)
{
	return (g->wielded >= 0 ? g->items.k[g->wielded].power : 0);
}

/* What the worn armour takes off a blow that lands. */
int
player_armour(const struct game *g)
{
	return (g->worn >= 0 ? g->items.k[g->worn].power : 0);
}
