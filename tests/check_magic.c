/*
 * check_magic.c: every item effect and the identification game, played
 * headless through the game's keys as a player would.
 *
 * Each test lays the items it needs under the player, picks them up with
 * g and uses them with the keys of keys.h, then asserts what a player
 * would notice: hit points, where they stand, what the pack says, what
 * the monsters do, the messages.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "item.h"
#include "magic.h"
#include "query.h"
#include "testutil.h"

#define FIXTURE(f)	TEST_DATA "/dun/" f

/* Lays items under the player and picks them up with 'g'. */
static void
give(struct game *g, const char *name, int count)
{
	gt_give(g, name, count, 0);
}

/* The pack slot holding a kind, or -1. */
static int
slot_of(const struct game *g, const char *name)
{
	int	i, kind = item_find(&g->items, name);

	for (i = 0; i < PACK_SLOTS; i++)
		if (g->pack[i].kind == kind)
			return (i);
	return (-1);
}

/* Plays a verb on the slot of a kind, then the rest of the keys. */
static int
use(struct game *g, char verb, const char *name, const char *rest)
{
	char	keys[16];
	int	s = slot_of(g, name);

	ck_assert_msg(s >= 0, "%s is not in the pack", name);
	snprintf(keys, sizeof keys, "%c%c%s", verb, 'a' + s, rest);
	return (gt_play(g, keys));
}

/* The first living monster of a kind, or NULL. */
static struct monster *
monster(struct game *g, const char *name)
{
	return (gt_monster(g, name));
}

/* Moves a monster to a cell (if it is not where it should be). */
static void
put(struct game *g, struct monster *m, int x, int y)
{
	if (m->alive && (m->x != x || m->y != y) &&
	    level_monster_at(g->level, x, y) == NULL)
		level_move_monster(g->level, (int)(m - g->level->mon), x, y);
}

static int
said(const struct game *g, const char *text)
{
	return (gt_said(g, text, 12));
}

/*
 * The looks of a class are dealt anew per seed: within a game every
 * kind of a class looks different, the same seed deals the same, and
 * some other seed deals otherwise.
 */
START_TEST(test_looks_per_seed)
{
	struct game	*a = gt_start(NULL, GAME_NO_MONSTERS, 0, 1);
	struct game	*b = gt_start(NULL, GAME_NO_MONSTERS, 0, 1);
	struct game	*c;
	int		 i, j, differ = 0;
	uint64_t	 seed;

	for (i = 0; i < a->items.n; i++) {
		ck_assert_int_eq(a->look_of[i], b->look_of[i]);
		ck_assert_int_eq(a->items.k[a->look_of[i]].cls,
		    a->items.k[i].cls);
		for (j = 0; j < i; j++)
			if (a->items.k[i].look[0] != '\0')
				ck_assert_int_ne(a->look_of[i], a->look_of[j]);
	}
	for (seed = 2; seed < 6 && !differ; seed++) {
		c = gt_start(NULL, GAME_NO_MONSTERS, 0, seed);
		for (i = 0; i < a->items.n; i++)
			differ |= c->look_of[i] != a->look_of[i];
		game_free(c);
	}
	ck_assert_msg(differ, "four seeds dealt the same looks");
	game_free(a);
	game_free(b);
}
END_TEST

/*
 * An unknown potion shows its look, not its name; drinking it names
 * it, and a second one of the kind is known on sight.
 */
START_TEST(test_unknown_then_known)
{
	struct game		*g = gt_start(FIXTURE("quiet.dun"),
				    GAME_NO_MONSTERS, 0, 3);
	struct game_item_info	 ii;
	int			 kind = item_find(&g->items,
				    "potion-of-healing");

	give(g, "potion-of-healing", 2);
	ck_assert_int_eq(game_pack_item(g, 0, &ii), 0);
	ck_assert_int_eq(ii.known, 0);
	ck_assert_str_eq(ii.name, "");
	ck_assert_str_eq(ii.display,
	    g->items.k[g->look_of[kind]].look);
	ck_assert_ptr_null(strstr(ii.display, "healing"));
	ck_assert_int_eq(use(g, 'q', "potion-of-healing", ""), 1);
	ck_assert(said(g, "That was a potion of healing"));
	ck_assert_int_eq(game_pack_item(g, 0, &ii), 0);
	ck_assert_int_eq(ii.known, 1);
	ck_assert_str_eq(ii.display, "potion of healing");
	game_free(g);
}
END_TEST

/* A scroll of identify names every unknown kind carried, not others. */
START_TEST(test_identify)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);

	give(g, "scroll-of-identify", 1);
	give(g, "potion-of-poison", 1);
	give(g, "wand-of-striking", 1);
	ck_assert(!player_knows(g, item_find(&g->items, "potion-of-poison")));
	ck_assert_int_eq(use(g, 'r', "scroll-of-identify", ""), 1);
	ck_assert(player_knows(g, item_find(&g->items, "potion-of-poison")));
	ck_assert(player_knows(g, item_find(&g->items, "wand-of-striking")));
	ck_assert(!player_knows(g, item_find(&g->items, "potion-of-haste")));
	ck_assert(said(g, "names 2 kinds"));
	game_free(g);
}
END_TEST

/* Healing, strength, experience: what they add. */
START_TEST(test_potions_that_help)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	int		 bonus = player_damage_bonus(g), level = g->xp_level;

	g->hp = 5;
	give(g, "potion-of-healing", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-healing", ""), 1);
	ck_assert_int_eq(g->hp, 25);
	give(g, "potion-of-strength", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-strength", ""), 1);
	ck_assert_int_eq(player_damage_bonus(g), bonus + 1);
	give(g, "potion-of-experience", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-experience", ""), 1);
	ck_assert_int_eq(g->xp_level, level + 1);
	game_free(g);
}
END_TEST

/*
 * Haste: two actions a turn.  Poison: a hit point a turn, never the
 * last, until it wears off.  Blindness: the view shrinks to one cell.
 */
START_TEST(test_timers)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	long		 turn;
	int		 i, seen = 0;

	give(g, "potion-of-haste", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-haste", ""), 1);
	turn = g->turn;
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_eq(g->turn - turn, 2);
	for (i = 0; i < 40; i++)
		(void)gt_play(g, ".");
	ck_assert_int_eq(g->hasted, 0);
	ck_assert(gt_said(g, "usual pace", 40));
	turn = g->turn;
	ck_assert_int_eq(gt_play(g, ".."), 2);
	ck_assert_int_eq(g->turn - turn, 2);

	g->hp = 8;
	give(g, "potion-of-poison", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-poison", ""), 1);
	ck_assert_int_lt(g->hp, 8);
	for (i = 0; i < 20; i++)
		(void)gt_play(g, ".");
	ck_assert_int_ge(g->hp, 1);
	ck_assert_int_eq(g->poisoned, 0);
	ck_assert(gt_said(g, "run its course", 20));

	give(g, "potion-of-blindness", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-blindness", ""), 1);
	for (i = 0; i < g->level->width * g->level->height; i++)
		seen += g->level->visible[i] != 0;
	ck_assert_int_le(seen, 9);
	game_free(g);
}
END_TEST

/* Confusion turns some steps a random way, and wears off. */
START_TEST(test_confusion)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	int		 i, stumbles = 0;

	give(g, "potion-of-confusion", 1);
	ck_assert_int_eq(use(g, 'q', "potion-of-confusion", ""), 1);
	for (i = 0; i < 8; i++) {
		(void)gt_play(g, i % 2 ? "h" : "l");
		stumbles += said(g, "You stumble") && strstr(
		    game_message_text(g, 0, NULL), "stumble") != NULL;
	}
	ck_assert_int_gt(stumbles, 0);
	for (i = 0; i < 12; i++)
		(void)gt_play(g, ".");
	ck_assert_int_eq(g->confused, 0);
	game_free(g);
}
END_TEST

/*
 * Enchanting: unknown, it falls on the weapon in hand; known, it asks
 * which item and enchants that one (here the armour in the pack).
 */
START_TEST(test_enchant)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	char		 keys[8];
	int		 armour;

	give(g, "short-sword", 1);
	ck_assert_int_eq(use(g, 'w', "short-sword", ""), 1);
	give(g, "scroll-of-enchanting", 2);
	ck_assert_int_eq(use(g, 'r', "scroll-of-enchanting", ""), 1);
	ck_assert_int_eq(g->wielded.plus, 1);
	ck_assert(said(g, "is +1 now"));
	give(g, "leather-armour", 1);
	armour = slot_of(g, "leather-armour");
	ck_assert(game_item_wants_target(g, slot_of(g,
	    "scroll-of-enchanting")));
	snprintf(keys, sizeof keys, "%c", 'a' + armour);
	ck_assert_int_eq(use(g, 'r', "scroll-of-enchanting", keys), 1);
	ck_assert_int_eq(g->pack[armour].plus, 1);
	ck_assert_int_eq(g->wielded.plus, 1);
	ck_assert_int_eq(use(g, 'w', "leather-armour", ""), 1);
	ck_assert_int_eq(player_armour(g), 3);
	game_free(g);
}
END_TEST

/* Mapping marks the level's layout seen, walls included. */
START_TEST(test_map)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	int		 x = g->level->width - 3, y = 2;

	ck_assert(!(g->level->seen[y * g->level->width + x] & LEVEL_SEEN));
	give(g, "scroll-of-magic-mapping", 1);
	ck_assert_int_eq(use(g, 'r', "scroll-of-magic-mapping", ""), 1);
	ck_assert(g->level->seen[y * g->level->width + x] & LEVEL_SEEN);
	ck_assert(said(g, "map of the level"));
	game_free(g);
}
END_TEST

/* Aggravation: every monster hunts; fear: the ones in view flee. */
START_TEST(test_aggravate_fear)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	int		 i;

	give(g, "scroll-of-aggravation", 1);
	ck_assert_int_eq(use(g, 'r', "scroll-of-aggravation", ""), 1);
	ck_assert(said(g, "3 monsters on this level hunt you"));
	give(g, "scroll-of-fear", 1);
	ck_assert_int_eq(use(g, 'r', "scroll-of-fear", ""), 1);
	for (i = 0; i < g->level->nmon; i++)
		if (g->level->mon[i].alive && g->level->visible[
		    g->level->mon[i].y * g->level->width + g->level->mon[i].x])
			ck_assert_int_gt(g->level->mon[i].afraid, 0);
	ck_assert(said(g, "flee in terror"));
	game_free(g);
}
END_TEST

/*
 * A wand of striking at the nearest monster in a clear line: the golem
 * in front, not the orc behind it; a charge goes; empty, it is refused.
 * Recharging fills it again.
 */
START_TEST(test_bolt)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	struct monster	*golem = monster(g, "golem"), *orc = monster(g, "orc");
	int		 s, hp = golem->hp, orc_hp = orc->hp, i;

	give(g, "wand-of-striking", 1);
	s = slot_of(g, "wand-of-striking");
	ck_assert_int_eq(g->pack[s].plus, 5);
	ck_assert_int_eq(use(g, 'z', "wand-of-striking", "z"), 1);
	ck_assert_int_lt(golem->hp, hp);
	ck_assert_int_eq(orc->hp, orc_hp);
	ck_assert_int_eq(g->pack[s].plus, 4);
	for (i = 0; i < 4; i++)
		(void)use(g, 'z', "wand-of-striking", "l");
	ck_assert_int_eq(g->pack[s].plus, 0);
	ck_assert_int_eq(use(g, 'z', "wand-of-striking", "l"), 0);
	ck_assert(said(g, "no charges left"));
	give(g, "scroll-of-recharging", 1);
	ck_assert_int_eq(use(g, 'r', "scroll-of-recharging", ""), 1);
	ck_assert_int_eq(g->pack[s].plus, 3);
	game_free(g);
}
END_TEST

/* Slowing halves a monster's speed for a while. */
START_TEST(test_slow)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	struct monster	*golem = monster(g, "golem");

	give(g, "wand-of-slowing", 1);
	ck_assert_int_eq(use(g, 'z', "wand-of-slowing", "l"), 1);
	ck_assert_int_gt(golem->slowed, 0);
	ck_assert(said(g, "slows down"));
	game_free(g);
}
END_TEST

/* Blinking carries the player along a line, short of a wall. */
START_TEST(test_blink)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	int		 x = g->px;

	give(g, "wand-of-blinking", 1);
	ck_assert_int_eq(use(g, 'z', "wand-of-blinking", "l"), 1);
	ck_assert_int_eq(g->px, x + 2);	/* the soft rock at x + 3 */
	ck_assert(said(g, "You blink 2 steps"));
	ck_assert_int_eq(use(g, 'z', "wand-of-blinking", "h"), 1);
	ck_assert_int_eq(g->px, 1);
	game_free(g);
}
END_TEST

/*
 * Darts thrown at the nearest monster hit it and land to be picked up;
 * a sling fires its stones only when wielded, and only with stones.
 */
START_TEST(test_missiles)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	struct monster	*golem = monster(g, "golem");
	int		 hp = golem->hp, i, darts = 0, hits = 0;

	give(g, "dart", 5);
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(use(g, 't', "dart", "t"), 1);
		hits += golem->hp < hp;
		hp = golem->hp;
	}
	ck_assert_int_gt(hits, 0);
	ck_assert_int_eq(slot_of(g, "dart"), -1);
	for (i = 0; i < g->level->nitems; i++)
		if (g->level->items[i].kind == item_find(&g->items, "dart"))
			darts += g->level->items[i].count;
	ck_assert_int_eq(darts, 5);
	ck_assert_int_eq(gt_play(g, "ff"), 0);
	ck_assert(said(g, "no launcher"));
	give(g, "sling", 1);
	ck_assert_int_eq(use(g, 'w', "sling", ""), 1);
	ck_assert_int_eq(gt_play(g, "ff"), 0);
	ck_assert(said(g, "nothing to fire"));
	give(g, "sling-stone", 3);
	ck_assert_int_eq(gt_play(g, "ff"), 1);
	ck_assert_int_eq(g->pack[slot_of(g, "sling-stone")].count, 2);
	game_free(g);
}
END_TEST

/*
 * A spear's blow reaches the monster behind; an axe's every monster
 * around; a war hammer's takes two turns.
 */
START_TEST(test_weapons_reach)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	struct monster	*golem = monster(g, "golem"), *orc = monster(g, "orc");
	int		 i, hp = orc->hp;
	long		 turn;

	give(g, "spear", 1);
	ck_assert_int_eq(use(g, 'w', "spear", ""), 1);
	/* The golem beside the player, the orc behind it, blow on blow. */
	for (i = 0; i < 12 && orc->alive && orc->hp == hp; i++) {
		put(g, golem, g->px + 1, g->py);
		put(g, orc, g->px + 2, g->py);
		(void)gt_play(g, "l");
	}
	ck_assert_msg(!orc->alive || orc->hp < hp, "the spear never reached "
	    "the orc behind the golem");
	give(g, "war-hammer", 1);
	ck_assert_int_eq(use(g, 'w', "war-hammer", ""), 1);
	/*
	 * Two turns a blow, both played out whether or not a monster acts
	 * in the first: only the golem is left, and it acts every other
	 * turn.
	 */
	for (i = 0; i < g->level->nmon; i++)
		if (&g->level->mon[i] != golem && g->level->mon[i].alive)
			level_kill_monster(g->level, i);
	for (i = 0; i < 4 && golem->alive; i++) {
		put(g, golem, g->px + 1, g->py);
		turn = g->turn;
		ck_assert_int_eq(gt_play(g, "l"), 1);
		ck_assert_int_eq(g->turn - turn, 2);
		ck_assert_int_eq(game_mid_turn(g), 0);
	}
	game_free(g);
}
END_TEST

/*
 * An axe's blow sweeps every monster next to the player; a dagger lands
 * more often than bare hands, a battle axe less.
 */
START_TEST(test_axe_dagger)
{
	struct game	*g = gt_start(FIXTURE("range.dun"), 0, 0, 3);
	struct monster	*golem = monster(g, "golem"), *orc = monster(g, "orc");
	int		 i, hp = orc->hp, bare = player_to_hit(g);

	give(g, "dagger", 1);
	ck_assert_int_eq(use(g, 'w', "dagger", ""), 1);
	ck_assert_int_eq(player_to_hit(g), bare + 15);
	give(g, "battle-axe", 1);
	ck_assert_int_eq(use(g, 'w', "battle-axe", ""), 1);
	ck_assert_int_eq(player_to_hit(g), bare - 10);
	/* The golem east, the orc south-west: a blow east reaches both. */
	for (i = 0; i < 12 && orc->alive && orc->hp == hp; i++) {
		put(g, golem, g->px + 1, g->py);
		put(g, orc, g->px - 1, g->py + 1);
		(void)gt_play(g, "l");
	}
	ck_assert_msg(!orc->alive || orc->hp < hp, "the axe never swept the "
	    "orc beside the player");
	game_free(g);
}
END_TEST

/* Chain mail makes each step louder; plate makes it slower. */
START_TEST(test_armour_trades)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	long		 turn;
	int		 i;

	ck_assert_int_eq(player_step_noise(g), NOISE_MOVE);
	give(g, "chain-mail", 1);
	ck_assert_int_eq(use(g, 'w', "chain-mail", ""), 1);
	ck_assert_int_eq(player_step_noise(g), NOISE_MOVE + 3);
	give(g, "plate-armour", 1);
	ck_assert_int_eq(use(g, 'w', "plate-armour", ""), 1);
	turn = g->turn;
	for (i = 0; i < 10; i++)
		(void)gt_play(g, i % 2 ? "h" : "l");
	ck_assert_int_eq(g->turn - turn, 13);
	give(g, "cloak-of-shadows", 1);
	ck_assert_int_eq(use(g, 'w', "cloak-of-shadows", ""), 1);
	ck_assert_int_eq(player_step_noise(g), NOISE_MOVE - 3);
	game_free(g);
}
END_TEST

/*
 * Digging needs a pick, takes the wall's hardness in turns (one D
 * digs on until through), wears the pick a wall at a time until it
 * breaks, and granite never gives.
 */
START_TEST(test_dig_with_pick)
{
	struct game	*g = gt_start(FIXTURE("quiet.dun"), GAME_NO_MONSTERS,
			    0, 3);
	int		 wall = terrain_find(&g->terrain, "wall");
	long		 turn;

	g->px = 5;
	g->py = 2;
	ck_assert_int_eq(level_at(g->level, 6, 2), wall);
	ck_assert_int_eq(gt_play(g, "Dl"), 0);
	ck_assert(said(g, "nothing to dig with"));
	give(g, "pick-axe", 1);
	turn = g->turn;
	ck_assert_int_eq(gt_play(g, "Dl"), 1);
	ck_assert_int_eq(g->turn - turn, 5);
	ck_assert_int_ne(level_at(g->level, 6, 2), wall);
	ck_assert_int_eq(g->pack[slot_of(g, "pick-axe")].plus, 3);
	ck_assert(said(g, "good for 3 more walls"));
	ck_assert_int_eq(gt_play(g, "Dk"), 0);	/* granite */
	/* Three more walls: the column at x 11, rows 2 and 3, and one put
	   back at 6,1. */
	level_set_terrain(g->level, &g->terrain, 6, 1, wall);
	g->px = 10;
	g->py = 2;
	ck_assert_int_eq(gt_play(g, "Dl"), 1);
	g->py = 3;
	ck_assert_int_eq(gt_play(g, "Dl"), 1);
	ck_assert_int_eq(g->pack[slot_of(g, "pick-axe")].plus, 1);
	g->px = 5;
	g->py = 2;
	ck_assert_int_eq(gt_play(g, "Du"), 1);
	ck_assert_int_eq(slot_of(g, "pick-axe"), -1);
	ck_assert(said(g, "breaks"));
	game_free(g);
}
END_TEST

/* A save holds everything the items changed, and plays on the same. */
START_TEST(test_save_magic)
{
	struct game		*a = gt_start(FIXTURE("range.dun"), 0, 0, 3), *b;
	struct game_config	 cfg;
	int			 i;

	memset(&cfg, 0, sizeof cfg);
	give(a, "potion-of-haste", 1);
	give(a, "wand-of-slowing", 1);
	give(a, "short-sword", 1);
	give(a, "scroll-of-enchanting", 1);
	(void)use(a, 'w', "short-sword", "");
	(void)use(a, 'r', "scroll-of-enchanting", "");
	(void)use(a, 'q', "potion-of-haste", "");
	(void)use(a, 'z', "wand-of-slowing", "l");
	b = gt_reload(a, &cfg);
	ck_assert_uint_eq(game_digest(a), game_digest(b));
	ck_assert_int_eq(b->wielded.plus, 1);
	ck_assert_int_gt(b->hasted, 0);
	for (i = 0; i < 10; i++) {
		(void)gt_play(a, "h");
		(void)gt_play(b, "h");
		ck_assert_uint_eq(game_digest(a), game_digest(b));
	}
	game_free(a);
	game_free(b);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("magic");
	TCase	*tc = tcase_create("effects");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_looks_per_seed);
	tcase_add_test(tc, test_unknown_then_known);
	tcase_add_test(tc, test_identify);
	tcase_add_test(tc, test_potions_that_help);
	tcase_add_test(tc, test_timers);
	tcase_add_test(tc, test_confusion);
	tcase_add_test(tc, test_enchant);
	tcase_add_test(tc, test_map);
	tcase_add_test(tc, test_aggravate_fear);
	tcase_add_test(tc, test_bolt);
	tcase_add_test(tc, test_slow);
	tcase_add_test(tc, test_blink);
	tcase_add_test(tc, test_missiles);
	tcase_add_test(tc, test_weapons_reach);
	tcase_add_test(tc, test_axe_dagger);
	tcase_add_test(tc, test_armour_trades);
	tcase_add_test(tc, test_dig_with_pick);
	tcase_add_test(tc, test_save_magic);
	suite_add_tcase(s, tc);
	return (s);
}

