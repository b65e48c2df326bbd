/*
 * player.c: the player's figures that follow from the state alone.
 *
 * Experience level L + 1 needs GROWTH_XP_STEP * L * L points in all, and
 * every level gives GROWTH_HP more hit points and one more point on the
 * top of a blow, every second level one more on the bottom (growth.c
 * raises the level).  What a level gives is a function of the level
 * alone: a save stores the level and the experience, and loading checks
 * the player's strength against what the level gives.  A wielded weapon
 * adds its power and enchantment to each blow (a launcher is no weapon
 * in the hand: it adds to what it fires), potions of strength add
 * theirs, worn armour takes its power and enchantment off each blow
 * that lands.  A weapon's accuracy and enchantment change the chance to
 * hit; its delay and the armour's how long a blow and a step take.
 */
#include "state.h"

/* An empty pack, nothing wielded or worn. */
void
player_init(struct game *g)
{
	int	i;

	for (i = 0; i < PACK_SLOTS; i++)
		g->pack[i] = (struct pack_slot){ .kind = -1, .count = 0 };
	g->wielded = g->worn = (struct held){ .kind = -1 };
	g->stealth = g->hasted = g->poisoned = g->confused = g->blind = 0;
	g->strength = g->time = g->dig_done = 0;
	g->dig_x = g->dig_y = -1;
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

/* The wielded kind when it is a weapon for blows, or NULL. */
static const struct item_kind *
player_weapon(const struct game *g)
{
	if (g->wielded.kind < 0 ||
	    g->items.k[g->wielded.kind].effect != ITEM_WEAPON)
		return (NULL);
	return (&g->items.k[g->wielded.kind]);
}

/* What the wielded weapon and strength add to a blow. */
int
player_damage_bonus(const struct game *g)
{
	const struct item_kind	*w = player_weapon(g);

	return (g->strength + (w != NULL ? w->power + g->wielded.plus : 0));
}

/* What the worn armour takes off a blow that lands. */
int
player_armour(const struct game *g)
{
	if (g->worn.kind < 0)
		return (0);
	return (g->items.k[g->worn.kind].power + g->worn.plus);
}

/* The chance, in percent, that a blow lands: see state.h. */
int
player_to_hit(const struct game *g)
{
	const struct item_kind	*w = player_weapon(g);
	int			 p = PLAYER_TO_HIT;

	if (w != NULL)
		p += w->accuracy + PLAYER_PLUS_ACCURACY * g->wielded.plus;
	return (p < 5 ? 5 : p > 98 ? 98 : p);
}

/* How long a blow takes, in time (GAME_TIME_TURN a turn). */
int
player_blow_time(const struct game *g)
{
	const struct item_kind	*w = player_weapon(g);

	return (w != NULL ? w->delay : GAME_TIME_TURN);
}

/* How long a step takes: the armour's delay. */
int
player_step_time(const struct game *g)
{
	return (g->worn.kind >= 0 ? g->items.k[g->worn.kind].delay :
	    GAME_TIME_TURN);
}

/* What the armour adds to (or takes from) a step's noise. */
int
player_step_noise(const struct game *g)
{
	int	n = NOISE_MOVE;

	if (g->worn.kind >= 0)
		n += g->items.k[g->worn.kind].noise;
	return (n < 1 ? 1 : n);
}

/* Whether the player knows a kind: see state.h. */
int
player_knows(const struct game *g, int kind)
{
	return (g->items.k[kind].look[0] == '\0' || g->known[kind]);
}

/* The name the player knows a kind by: see state.h. */
const char *
player_item_display(const struct game *g, int kind, enum words_noun *noun)
{
	const struct item_kind	*k = &g->items.k[kind];

	if (player_knows(g, kind)) {
		if (noun != NULL)
			*noun = k->noun;
		return (k->display);
	}
	if (noun != NULL)
		*noun = WORDS_COUNT;
	return (g->items.k[g->look_of[kind]].look);
}
