/*
 * check_flee.c: monsters' tactics.  A badly hurt monster runs, heals and
 * comes back; a pack of flankers surrounds the player.
 *
 * search.dun: the player waits in the west room; the troll, wounded below
 * its kind's flee threshold, is put in the corridor.  It hears the player
 * everywhere (hunted), so without fleeing it would come to fight; it must
 * instead get farther away turn by turn along the corridor, never
 * closer, say "fleeing", and never attack.  Once healed to twice the
 * threshold it hunts again and comes back.  While the player stands still
 * and no tile changes, its safety map is made once, not every turn.
 *
 * A 200x40 open map, bigger than the FLEE_WINDOW square the safety map
 * covers on such levels: a monster put beside the waiting player flees
 * east as far as the window round the player reaches and stays within
 * it; the map it runs on is the window's, not the level's.  Once the
 * player stands far east of it, it is out of the window and rests where
 * it is.
 *
 * flank.dun: six wolves in a file east of a player who waits in an open
 * hall (and cannot die).  Wolves flank, so they must end up on at least
 * four of the eight cells around the player; the same pack with the
 * behaviour taken away queues behind its leader and holds fewer.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flee.h"
#include "game.h"
#include "state.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif
#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* Steps (Chebyshev) from a monster to the player. */
static int
reach(const struct game *g, int i)
{
	int	dx = abs(g->level->mon[i].x - g->px);
	int	dy = abs(g->level->mon[i].y - g->py);

	return (dx > dy ? dx : dy);
}

START_TEST(test_flee_and_return)
{
	struct game_config		 cfg;
	struct game_monster_info	 mi;
	struct game_action		 wait = { .cmd = GAME_CMD_WAIT };
	struct game			*g;
	char				*cause = NULL;
	int				 troll = 0, kind, turn, d, before, far;
	int				 back = 0, cls, kept = 0;
	long				 made;
	uint64_t			 version;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = TEST_DATA "/dun/search.dun";
	cfg.seed = 1 + (uint64_t)_i;
	cfg.hunted = 1;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	kind = g->level->mon[troll].kind;
	ck_assert_str_eq(g->monsters.k[kind].name, "troll");
	g->monsters.k[kind].flee = 20;
	level_move_monster(g->level, troll, 15, 4);
	g->level->mon[troll].hp = 1;
	/* Speed 7: it acts on most turns, and flees from its first. */
	for (turn = 0; turn < 3 && g->level->mon[troll].state != MS_FLEE;
	    turn++)
		ck_assert_int_eq(game_act(g, wait), 1);
	before = reach(g, troll);
	cls = g->monsters.k[kind].cls;
	ck_assert_ptr_nonnull(g->level->safety[cls]);
	made = g->level->safety_turn[cls];
	version = path_grid_version(g->level->cost[cls]);
	for (turn = 0; turn < 16; turn++) {
		ck_assert_int_eq(game_act(g, wait), 1);
		if (path_grid_version(g->level->cost[cls]) == version) {
			ck_assert_msg(g->level->safety_turn[cls] == made,
			    "turn %d: the safety map was made again for the "
			    "same cell and terrain", turn);
			kept++;
		}
		ck_assert_int_eq(game_monster_info(g, troll, &mi), 0);
		ck_assert_str_eq(mi.state, "fleeing");
		d = reach(g, troll);
		ck_assert_msg(d >= before, "turn %d: the troll came from %d to "
		    "%d steps", turn, before, d);
		before = d;
	}
	ck_assert_msg(kept >= 8, "the terrain changed on %d of 16 turns",
	    16 - kept);
	far = reach(g, troll);
	ck_assert_msg(far >= 15, "the fleeing troll is only %d steps away",
	    far);
	ck_assert_int_eq(g->hp, g->hp_max);	/* it never struck */
	/* It heals a point every 3 turns; at 40% it hunts again. */
	for (turn = 0; turn < 200 && !back; turn++) {
		ck_assert_int_eq(game_act(g, wait), 1);
		g->hp = g->hp_max;
		ck_assert_int_eq(game_monster_info(g, troll, &mi), 0);
		if (strcmp(mi.state, "fleeing") != 0 && reach(g, troll) < far - 3)
			back = 1;
	}
	ck_assert_msg(back, "the troll never came back (%s, %d hp, %d away)",
	    mi.state, mi.hp, reach(g, troll));
	ck_assert_int_ge(mi.hp * 100, 2 * 20 * mi.hp_max - 100);
	game_free(g);
}
END_TEST

START_TEST(test_flee_window)
{
	struct game_config	 cfg;
	struct game_action	 wait = { .cmd = GAME_CMD_WAIT };
	struct game		*g;
	char			 path[] = "/tmp/astray-flee-XXXXXX";
	char			*cause = NULL;
	FILE			*fp;
	int			 fd, x, y, kind, cls, turn, before, far = 0;
	int			 mx, my;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "w");
	ck_assert_ptr_nonnull(fp);
	fprintf(fp, "type octile\nheight 40\nwidth 200\nmap\n");
	for (y = 0; y < 40; y++) {
		for (x = 0; x < 200; x++)
			fputc('.', fp);
		fputc('\n', fp);
	}
	ck_assert_int_eq(fclose(fp), 0);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = path;
	cfg.seed = 5;
	cfg.monsters = 1;
	cfg.hunted = 1;
	g = game_new(&cfg, &cause);
	unlink(path);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(g->level->nmon, 1);
	g->px = 20;
	g->py = 20;
	level_move_monster(g->level, 0, 22, 20);
	kind = g->level->mon[0].kind;
	cls = g->monsters.k[kind].cls;
	g->monsters.k[kind].hp = 10;	/* whatever kind it is */
	g->monsters.k[kind].flee = 50;
	g->level->mon[0].hp = 1;
	before = reach(g, 0);
	for (turn = 0; turn < 150; turn++) {
		g->hp = g->hp_max;
		g->level->mon[0].hp = 1;	/* it keeps fleeing */
		ck_assert_int_eq(game_act(g, wait), 1);
		ck_assert_msg(reach(g, 0) >= before, "turn %d: it came from "
		    "%d to %d steps", turn, before, reach(g, 0));
		before = reach(g, 0);
		if (before > far)
			far = before;
		/* The window round (20,20) is x 0 to 96, every row. */
		if (g->level->safety[cls] == NULL)
			continue;
		ck_assert_int_eq(g->level->mon[0].state, MS_FLEE);
		ck_assert_int_eq(g->level->safety_w[cls], FLEE_WINDOW);
		ck_assert_int_eq(g->level->safety_h[cls], 40);
		ck_assert_int_lt(g->level->mon[0].x, FLEE_WINDOW);
	}
	ck_assert_ptr_nonnull(g->level->safety[cls]);
	ck_assert_msg(far >= 60, "it fled only %d steps", far);
	/* The player far east: the monster is out of the window, and rests. */
	g->px = 190;
	mx = g->level->mon[0].x;
	my = g->level->mon[0].y;
	for (turn = 0; turn < 10; turn++) {
		g->level->mon[0].hp = 1;
		ck_assert_int_eq(game_act(g, wait), 1);
		ck_assert_int_eq(g->level->mon[0].x, mx);
		ck_assert_int_eq(g->level->mon[0].y, my);
	}
	ck_assert_int_eq(g->level->safety_x0[cls], 200 - FLEE_WINDOW);
	game_free(g);
}
END_TEST

/* Sides of the player held by adjacent wolves after 25 waiting turns. */
static int
pack_sides(uint64_t seed, int flank)
{
	struct game_config	 cfg;
	struct game_action	 wait = { .cmd = GAME_CMD_WAIT };
	struct game		*g;
	char			*cause = NULL;
	unsigned		 held = 0;
	int			 i, turn, kind, dx, dy;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = TEST_DATA "/dun/flank.dun";
	cfg.seed = seed;
	cfg.hunted = 1;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(g->level->nmon, 6);
	kind = g->level->mon[0].kind;
	ck_assert_str_eq(g->monsters.k[kind].name, "wolf");
	ck_assert_msg(g->monsters.k[kind].flags & MONSTER_FLANK,
	    "data/monsters.txt's wolves do not flank");
	if (!flank)
		g->monsters.k[kind].flags &= ~(unsigned)MONSTER_FLANK;
	for (turn = 0; turn < 25; turn++) {
		g->hp = 1000;	/* six wolves bite hard: outlive them */
		ck_assert_int_eq(game_act(g, wait), 1);
	}
	for (i = 0; i < g->level->nmon; i++) {
		dx = g->level->mon[i].x - g->px;
		dy = g->level->mon[i].y - g->py;
		if (abs(dx) <= 1 && abs(dy) <= 1)
			held |= 1u << ((dy + 1) * 3 + dx + 1);
	}
	game_free(g);
	return (__builtin_popcount(held));
}

START_TEST(test_flank_surrounds)
{
	int	with = pack_sides(1 + (uint64_t)_i, 1);
	int	without = pack_sides(1 + (uint64_t)_i, 0);

	ck_assert_msg(with >= 4, "flanking wolves hold %d sides of the "
	    "player, want at least 4", with);
	ck_assert_msg(without < with, "without flanking %d sides, with it "
	    "%d: flanking changes nothing", without, with);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("flee");
	TCase	*tc;

	tc = tcase_create("flee");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_flee_window);
	tcase_add_loop_test(tc, test_flee_and_return, 0, 3);
	tcase_add_loop_test(tc, test_flank_surrounds, 0, 3);
	suite_add_tcase(s, tc);
	return (s);
}
