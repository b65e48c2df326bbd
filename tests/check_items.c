/*
 * check_items.c: the player's items, as a player would notice them.
 *
 * Each test lays items where the player stands on a hand-made dungeon
 * (tests/data/dun), then plays the game's own keys through keys_feed(),
 * as the terminal and the headless driver do: 'g' picks up, q r w d and
 * t A with a direction use and drop.  What is checked is what the player
 * sees happen and what the monsters' planners must answer: hit points
 * back, the player elsewhere and every hunter's target moved with them,
 * monsters walking to a thrown noise, a spiked door the orc never passes
 * through, a line of rock turned to floor, hunters losing a stealthy
 * player, caltrops that cost walkers more, a weapon and armour that
 * change the numbers of a fight, and all of it kept by a save.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "state.h"
#include "gametest.h"
#include "keys.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif
#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

#define FIXTURE(name)	TEST_DATA "/dun/" name

/* Starts a game of a fixture dungeon (seed 7). */
static struct game *
start(const char *dungeon, int monsters, int hunted)
{
	return (gt_start(dungeon, monsters, hunted, 7));
}

/* Plays a string of game keys; returns how many turns went. */
static int
play(struct game *g, const char *keys)
{
	return (gt_play(g, keys));
}

/* Lays items under the player and picks them up with 'g'. */
static void
give(struct game *g, const char *name, int count)
{
	gt_give(g, name, count, 1);
}

/* The newest message. */
static const char *
last(const struct game *g)
{
	const char	*m = game_message_text(g, 0, NULL);

	return (m != NULL ? m : "");
}

/* Whether one of the last few messages contains text. */
static int
said(const struct game *g, const char *text)
{
	return (gt_said(g, text, 12));
}

/* Picking up, stacking, the pack as a screen shows it, dropping. */
START_TEST(test_pickup_drop)
{
	struct game		*g = start(FIXTURE("dig.dun"), GAME_NO_MONSTERS,
				    0);
	struct game_item_info	 ii;
	int			 x = g->px, y = g->py;

	ck_assert_int_eq(play(g, "g"), 0);	/* nothing here */
	ck_assert_ptr_nonnull(strstr(last(g), "nothing here"));
	give(g, "potion-of-healing", 1);
	give(g, "noise-maker", 2);
	give(g, "potion-of-healing", 2);
	ck_assert_int_eq(game_pack_item(g, 0, &ii), 0);
	ck_assert_str_eq(ii.name, "potion-of-healing");
	ck_assert_int_eq(ii.count, 3);
	ck_assert_str_eq(ii.verb, "drink");
	ck_assert_int_eq(ii.key, 'q');
	ck_assert_int_eq(game_pack_item(g, 1, &ii), 0);
	ck_assert_str_eq(ii.name, "noise-maker");
	ck_assert_int_eq(ii.key, 't');
	ck_assert_int_eq(game_pack_item(g, 2, &ii), -1);
	ck_assert_int_eq(game_floor_item(g, x, y, &ii), -1);
	/* Reading a potion is refused, and says how it is used. */
	ck_assert_int_eq(play(g, "ra"), 0);
	ck_assert_ptr_nonnull(strstr(last(g), "you drink it"));
	ck_assert_int_eq(play(g, "qz"), 0);	/* an empty slot */
	ck_assert_int_eq(play(g, "db"), 1);
	ck_assert_int_eq(game_pack_item(g, 1, &ii), -1);
	ck_assert_int_eq(game_floor_item(g, x, y, &ii), 0);
	ck_assert_str_eq(ii.name, "noise-maker");
	ck_assert_int_eq(ii.count, 2);
	game_free(g);
}
END_TEST

/* A potion of healing gives hit points back, up to the most. */
START_TEST(test_heal)
{
	struct game		*g = start(FIXTURE("dig.dun"), GAME_NO_MONSTERS,
				    0);
	struct game_info	 gi;

	give(g, "potion-of-healing", 2);
	g->hp = 5;
	ck_assert_int_eq(play(g, "qa"), 1);
	game_info(g, &gi);
	ck_assert_int_eq(gi.hp, 25);
	ck_assert_int_eq(play(g, "qa"), 1);
	game_info(g, &gi);
	ck_assert_int_eq(gi.hp, gi.hp_max);
	ck_assert_int_eq(play(g, "qa"), 0);	/* none left */
	game_free(g);
}
END_TEST

/*
 * A teleport moves the player far, and every hunter's next plan heads
 * for the new place (on the arena, every monster hunting).
 */
START_TEST(test_teleport)
{
	struct game			*g = start(FIXTURE("arena.dun"), 0, 1);
	struct game_monster_info	 mi;
	struct game_info		 gi;
	int				 x, y, i, replanned = 0, hunting = 0;

	ck_assert_int_eq(play(g, "."), 1);
	give(g, "scroll-of-teleport", 1);
	x = g->px;
	y = g->py;
	ck_assert_int_eq(play(g, "ra"), 1);
	game_info(g, &gi);
	ck_assert_msg(abs(gi.px - x) + abs(gi.py - y) >= 10, "the teleport "
	    "went from %d,%d only to %d,%d", x, y, gi.px, gi.py);
	for (i = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		if (!mi.alive || strcmp(mi.state, "hunting") != 0)
			continue;
		hunting++;
		ck_assert_int_eq(mi.tx, gi.px);
		ck_assert_int_eq(mi.ty, gi.py);
		replanned += mi.stats.expansions > 0;
	}
	ck_assert_int_gt(hunting, 3);
	ck_assert_int_gt(replanned, 0);
	game_free(g);
}
END_TEST

/*
 * A thrown noise maker: the monsters that hear it go to where it landed,
 * not to the player, and get there.
 */
START_TEST(test_noise)
{
	struct game			*g = start(FIXTURE("arena.dun"), 0, 1);
	struct game_monster_info	 mi;
	int				 i, turn, lured = 0, arrived = 0;
	int				 still;
	int				 nx, ny;

	give(g, "noise-maker", 1);
	/* From 4,7 east: it flies to 8,7, against the wall. */
	ck_assert_int_eq(play(g, "tal"), 1);
	nx = 8;
	ny = 7;
	ck_assert_msg(said(g, "rattles 4 steps to the east;"), "%s", last(g));
	for (i = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		if (!mi.alive || strcmp(mi.state, "going to a noise") != 0)
			continue;
		lured++;
		ck_assert_int_eq(mi.tx, nx);
		ck_assert_int_eq(mi.ty, ny);
	}
	ck_assert_msg(lured >= 3, "only %d monsters go to the noise", lured);
	/* Waiting makes a noise every monster hears (hunted): they go on. */
	for (turn = 0; turn < 3; turn++) {
		g->hp = g->hp_max;
		ck_assert_int_eq(play(g, "."), 1);
	}
	for (i = 0, still = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		still += mi.alive && strcmp(mi.state, "going to a noise") == 0 &&
		    mi.tx == nx && mi.ty == ny;
	}
	ck_assert_msg(still >= 3, "after 3 turns only %d monsters still go to "
	    "the noise rather than to the player", still);
	/* The player waits (kept alive: this is about the monsters). */
	for (turn = 0; turn < 40 && !arrived; turn++) {
		g->hp = g->hp_max;
		ck_assert_int_eq(play(g, "."), 1);
		for (i = 0; i < game_monster_count(g); i++) {
			ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
			if (mi.alive && abs(mi.x - nx) <= 1 &&
			    abs(mi.y - ny) <= 1)
				arrived = 1;
		}
	}
	ck_assert_msg(arrived, "no monster reached the noise in 40 turns");
	game_free(g);
}
END_TEST

/*
 * door-orc.dun: the player shuts the door and spikes it; the orc, which
 * opens doors, never comes through, and never plans through it.
 */
START_TEST(test_spikes)
{
	struct game			*g = start(FIXTURE("door-orc.dun"), 0, 0);
	struct game_monster_info	 mi;
	int				 orc = 0, turn;

	give(g, "door-spikes", 3);
	ck_assert_int_eq(play(g, "ck"), 1);
	ck_assert_str_eq(game_terrain_name(g, 5, 4), "door");
	ck_assert_int_eq(play(g, "Aak"), 1);
	ck_assert_str_eq(game_terrain_name(g, 5, 4), "spiked-door");
	ck_assert_int_eq(play(g, "Aak"), 0);	/* spiked already */
	for (turn = 0; turn < 30; turn++) {
		ck_assert_int_eq(play(g, "."), 1);
		ck_assert_int_eq(game_monster_info(g, orc, &mi), 0);
		ck_assert_msg(mi.y < 4, "turn %d: the orc is at %d,%d", turn,
		    mi.x, mi.y);
		ck_assert_str_eq(game_terrain_name(g, 5, 4), "spiked-door");
	}
	/* The player pulls the spikes by opening it. */
	ck_assert_int_eq(play(g, "k"), 1);
	ck_assert_str_eq(game_terrain_name(g, 5, 4), "open-door");
	game_free(g);
}
END_TEST

/*
 * A wand of digging, zapped: a line of rock becomes floor in one turn, a
 * charge each (the wand is found with 3); empty, it is refused.
 */
START_TEST(test_dig)
{
	struct game	*g = start(FIXTURE("dig.dun"), GAME_NO_MONSTERS, 0);
	give(g, "wand-of-digging", 1);
	ck_assert_int_eq(g->pack[0].plus, 3);
	ck_assert_int_eq(play(g, "Aak"), 0);	/* a wand is zapped, not applied */
	ck_assert_msg(said(g, "you zap it"), "%s", last(g));
	/* dig.dun: the player at 9,3, granite north: nothing digs it. */
	ck_assert_int_eq(play(g, "zak"), 1);
	ck_assert_str_eq(game_terrain_name(g, 9, 2), "granite");
	ck_assert_msg(said(g, "0 cells"), "%s", last(g));
	/* West: 8,3 is floor, 7,3 rock, then floor to the far end. */
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "wall");
	ck_assert_int_eq(play(g, "zah"), 1);
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "floor");
	ck_assert_msg(said(g, "1 cell of rock"), "%s", last(g));
	ck_assert_int_eq(play(g, "zah"), 1);
	ck_assert_int_eq(play(g, "zah"), 0);	/* no charges left */
	ck_assert_msg(said(g, "no charges left"), "%s", last(g));
	game_free(g);
}
END_TEST

/*
 * Stealth: hunters that heard the player everywhere lose them and search
 * where they last noticed them; when it wears off they hear again.
 */
START_TEST(test_stealth)
{
	struct game			*g = start(FIXTURE("arena.dun"), 0, 1);
	struct game_monster_info	 mi;
	int				 i, hunting = 0, searching = 0;

	ck_assert_int_eq(play(g, "."), 1);
	give(g, "scroll-of-stealth", 1);
	ck_assert_int_eq(play(g, "ra"), 1);
	for (i = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		if (!mi.alive)
			continue;
		if (strcmp(mi.state, "hunting") == 0)
			ck_assert_int_le(abs(mi.x - g->px) + abs(mi.y - g->py),
			    2);
		searching += strcmp(mi.state, "searching") == 0;
	}
	ck_assert_int_gt(searching, 3);
	for (i = 0; i < 20; i++) {
		g->hp = g->hp_max;	/* kept alive: this is about senses */
		play(g, ".");
	}
	ck_assert_int_eq(g->stealth, 0);
	for (i = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		hunting += mi.alive && strcmp(mi.state, "hunting") == 0;
	}
	ck_assert_int_gt(hunting, 3);
	game_free(g);
}
END_TEST

/* Caltrops: the floor where they land costs walkers more. */
START_TEST(test_caltrops)
{
	struct game	*g = start(FIXTURE("arena.dun"), GAME_NO_MONSTERS, 0);
	int		 walk = g->terrain.walk, x, y, strewn = 0;

	give(g, "caltrops", 1);
	/* From 4,7 east: they fly 6 cells, to 8,7 (9,7 is rock). */
	ck_assert_int_eq(play(g, "tal"), 1);
	for (y = 6; y <= 8; y++) {
		for (x = 7; x <= 9; x++) {
			if (strcmp(game_terrain_name(g, x, y), "caltrops") != 0)
				continue;
			strewn++;
			ck_assert_int_gt(path_grid_get(g->level->cost[walk],
			    x, y), 1);
		}
	}
	ck_assert_int_eq(strewn, 6);	/* the floor of the 3x3 */
	game_free(g);
}
END_TEST

/* A weapon adds to the player's blows, armour takes from the monsters'. */
START_TEST(test_weapon_armour)
{
	struct game		*g = start(FIXTURE("dig.dun"), GAME_NO_MONSTERS,
				    0);
	struct game_info	 before, after;

	game_info(g, &before);
	give(g, "short-sword", 1);
	give(g, "leather-armour", 1);
	ck_assert_int_eq(play(g, "wa"), 1);
	ck_assert_int_eq(play(g, "wa"), 0);	/* the sword left slot a */
	ck_assert_int_eq(play(g, "wb"), 1);
	game_info(g, &after);
	ck_assert_str_eq(after.wielded, "short sword");
	ck_assert_str_eq(after.worn, "leather armour");
	ck_assert_int_eq(after.damage_min, before.damage_min + 3);
	ck_assert_int_eq(after.damage_max, before.damage_max + 3);
	ck_assert_int_eq(after.armour, 2);
	game_free(g);
}
END_TEST

/*
 * A save keeps the pack, the floor, what is worn, stealth and lured
 * monsters: the restored game plays on to the same digests.
 */
START_TEST(test_save_items)
{
	struct game		*a = start(FIXTURE("arena.dun"), 0, 1), *b;
	struct game_config	 cfg;
	int			 i;

	give(a, "noise-maker", 2);
	give(a, "scroll-of-stealth", 1);
	give(a, "leather-armour", 1);
	give(a, "potion-of-healing", 1);
	ck_assert_int_eq(play(a, "wc"), 1);
	ck_assert_int_eq(play(a, "dd"), 1);	/* the potion, dropped */
	ck_assert_int_eq(play(a, "tak"), 1);
	ck_assert_int_eq(play(a, "rb"), 1);
	memset(&cfg, 0, sizeof cfg);
	cfg.hunted = 1;
	b = gt_reload(a, &cfg);
	ck_assert_uint_eq(game_digest(a), game_digest(b));
	ck_assert_int_eq(b->pack[0].count, 1);
	ck_assert_int_eq(b->worn.kind, item_find(&b->items, "leather-armour"));
	ck_assert_int_gt(b->stealth, 0);
	for (i = 0; i < 30; i++) {
		play(a, i % 2 ? "." : "h");
		play(b, i % 2 ? "." : "h");
		ck_assert_uint_eq(game_digest(a), game_digest(b));
	}
	game_free(a);
	game_free(b);
}
END_TEST

/*
 * A dungeon file's items lie where its map puts them, in the stacks the
 * catalogue finds them in, are picked up like any other, and a save
 * brings back those left on the floor.
 */
START_TEST(test_dungeon_items)
{
	struct game		*a = start(FIXTURE("items.dun"), GAME_NO_MONSTERS,
				    0), *b;
	struct game_config	 cfg;
	int			 potion, wand, i;

	potion = item_find(&a->items, "potion-of-healing");
	wand = item_find(&a->items, "wand-of-digging");
	ck_assert_int_eq(a->level->nitems, 2);
	i = level_item_at(a->level, 2, 1);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(a->level->items[i].kind, potion);
	ck_assert_int_eq(a->level->items[i].count, a->items.k[potion].count);
	i = level_item_at(a->level, 1, 2);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(a->level->items[i].kind, wand);
	ck_assert_int_eq(level_at(a->level, 1, 2), a->terrain.shallow_water);
	ck_assert_int_eq(play(a, "l"), 1);
	ck_assert_int_eq(play(a, "g"), 1);
	ck_assert_int_eq(a->pack[0].kind, potion);
	memset(&cfg, 0, sizeof cfg);
	b = gt_reload(a, &cfg);
	ck_assert_uint_eq(game_digest(a), game_digest(b));
	ck_assert_int_eq(b->level->nitems, 1);
	i = level_item_at(b->level, 1, 2);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(b->level->items[i].kind, wand);
	game_free(a);
	game_free(b);
}
END_TEST

/*
 * An item on a cell that caves in is buried (tests/data/dun/loot.dun):
 * the map shows the cave-in, not the potion, whether in view or
 * remembered, and the cell says what lies buried in it; dug out, the
 * cell is rubble and shows the potion again.
 */
START_TEST(test_buried_item)
{
	struct game		*g = start(FIXTURE("loot.dun"),
				    GAME_NO_MONSTERS, 0);
	struct game_cell	 c;
	int			 cave_in = g->terrain.cave_in;

	game_cell(g, 9, 1, &c);
	ck_assert_ptr_nonnull(c.item_glyph);
	ck_assert_str_eq(c.item_glyph, "!");
	level_set_terrain(g->level, &g->terrain, 9, 1, cave_in);
	level_update_view(g, g->level);
	game_cell(g, 9, 1, &c);
	ck_assert_str_eq(c.glyph, g->terrain.t[cave_in].glyph);
	ck_assert_msg(c.item_glyph == NULL, "the potion hides the cave-in");
	ck_assert_ptr_nonnull(c.buried);
	ck_assert_str_eq(c.buried, "potion of healing");
	ck_assert_int_eq(play(g, "nnljjj"), 6);	/* out of view */
	game_cell(g, 9, 1, &c);
	ck_assert(c.seen && !c.visible);
	ck_assert_msg(c.item_glyph == NULL, "the remembered potion hides the "
	    "remembered cave-in");
	level_set_terrain(g->level, &g->terrain, 9, 1, g->terrain.rubble);
	ck_assert_int_eq(play(g, "kkkyy"), 5);	/* back in the room */
	game_cell(g, 9, 1, &c);
	ck_assert(c.visible);
	ck_assert_ptr_nonnull(c.item_glyph);
	ck_assert_ptr_null(c.buried);
	game_free(g);
}
END_TEST

/*
 * A teleport never lands in a pocket with no way out (sealed.dun): the
 * pocket is the farthest floor from the player, where a teleport that
 * looked only for the farthest cell would often land.  Twenty seeds.
 */
START_TEST(test_teleport_way_out)
{
	struct game	*g;
	uint64_t	 seed;
	int		 moved = 0;

	for (seed = 1; seed <= 20; seed++) {
		g = gt_start(FIXTURE("sealed.dun"), GAME_NO_MONSTERS, 0, seed);
		give(g, "scroll-of-teleport", 1);
		ck_assert_int_eq(play(g, "ra"), 1);
		ck_assert_msg(g->px != 18 || g->py != 2, "seed %llu: the "
		    "teleport landed in the sealed pocket",
		    (unsigned long long)seed);
		moved += g->px != 1 || g->py != 1;
		game_free(g);
	}
	ck_assert_int_gt(moved, 10);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("items");
	TCase	*tc;

	tc = tcase_create("items");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_pickup_drop);
	tcase_add_test(tc, test_heal);
	tcase_add_test(tc, test_teleport);
	tcase_add_test(tc, test_noise);
	tcase_add_test(tc, test_spikes);
	tcase_add_test(tc, test_dig);
	tcase_add_test(tc, test_stealth);
	tcase_add_test(tc, test_caltrops);
	tcase_add_test(tc, test_weapon_armour);
	tcase_add_test(tc, test_save_items);
	tcase_add_test(tc, test_dungeon_items);
	tcase_add_test(tc, test_buried_item);
	tcase_add_test(tc, test_teleport_way_out);
	suite_add_tcase(s, tc);
	return (s);
}
