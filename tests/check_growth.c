/*
 * check_growth.c: the player grows by fighting.
 *
 * A kill gives the monster's value in experience; crossing 15 L^2 points
 * reaches level L + 1, with 6 more hit points (healed too) and harder
 * blows, as growth.c promises; a save keeps the level and the restored
 * game plays on the same.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "growth.h"
#include "game.h"
#include "state.h"
#include "tell.h"
#include "gametest.h"
#include "keys.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif
#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* Puts the first living monster of a kind next to the player, at 1 hp. */
static int
weak_beside(struct game *g, const char *name)
{
	struct level	*l = g->level;
	int		 i, kind = monster_find(&g->monsters, name);

	for (i = 0; i < l->nmon; i++) {
		if (l->mon[i].alive && l->mon[i].kind == kind)
			break;
	}
	ck_assert_int_lt(i, l->nmon);
	level_move_monster(l, i, g->px - 1, g->py);
	l->mon[i].hp = 1;
	return (i);
}

/* Attacks west until the monster dies (80% of blows land). */
static void
kill_west(struct game *g, int i)
{
	struct game_action	a = { .cmd = GAME_CMD_MOVE, .dx = -1 };
	int			tries;

	for (tries = 0; tries < 50 && g->level->mon[i].alive; tries++) {
		g->hp = g->hp_max;	/* about growth, not survival */
		ck_assert_int_eq(game_act(g, a), 1);
	}
	ck_assert(!g->level->mon[i].alive);
}

/* Whether one of the last few messages contains text. */
static int
said(const struct game *g, const char *text)
{
	return (gt_said(g, text, 8));
}

START_TEST(test_growth_levels)
{
	struct game_config	 cfg;
	struct game		*g, *b;
	struct game_info	 gi;
	char			*cause = NULL;
	int			 i;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = TEST_DATA "/dun/door-kobold-detour.dun";
	cfg.seed = 3;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	/* door-kobold-detour.dun: the player at 5,3, the door west. */
	level_set_terrain(g->level, &g->terrain, 4, 3, g->terrain.open_door);
	game_info(g, &gi);
	ck_assert_int_eq(gi.xp_level, 1);
	ck_assert_int_eq(gi.xp_next, 15);
	kill_west(g, weak_beside(g, "kobold"));
	game_info(g, &gi);
	ck_assert_int_eq(gi.xp, g->monsters.k[monster_find(&g->monsters,
	    "kobold")].value);
	ck_assert_int_eq(gi.xp_level, 1);
	/* Just short of level 2, then one more kill: a level. */
	g->xp = 14;
	i = level_add_monster(g, g->level, monster_find(&g->monsters,
	    "kobold"), 1, 1);
	ck_assert_int_ge(i, 0);
	kill_west(g, weak_beside(g, "kobold"));
	game_info(g, &gi);
	ck_assert_int_eq(gi.xp_level, 2);
	ck_assert_int_eq(gi.hp_max, PLAYER_HP + GROWTH_HP);
	ck_assert_int_eq(gi.damage_min, PLAYER_DAMAGE_MIN);
	ck_assert_int_eq(gi.damage_max, PLAYER_DAMAGE_MAX + 1);
	ck_assert_int_eq(gi.xp_next, 60 - gi.xp);
	ck_assert(said(g, "You reach experience level 2"));

	/* A save keeps it all. */
	b = gt_reload(g, &cfg);
	ck_assert_uint_eq(game_digest(b), game_digest(g));
	ck_assert_int_eq(b->hp_max, PLAYER_HP + GROWTH_HP);
	ck_assert_int_eq(b->xp_level, 2);
	game_free(b);
	game_free(g);
}
END_TEST

/* Many levels at once from a big kill, each one told. */
START_TEST(test_growth_many)
{
	struct game_config	 cfg;
	struct game		*g;
	char			*cause = NULL;
	int			 hp_max, dmin, dmax;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = TEST_DATA "/dun/dig.dun";
	cfg.seed = 3;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	growth_gain(g, 15 * 16);	/* level 5 needs 15 * 4^2 */
	tell_report(g);			/* as the turn loop does */
	ck_assert_int_eq(g->xp_level, 5);
	player_strength(5, &hp_max, &dmin, &dmax);
	ck_assert_int_eq(g->hp_max, hp_max);
	ck_assert_int_eq(g->hp, hp_max);
	ck_assert_int_eq(dmin, PLAYER_DAMAGE_MIN + 2);
	ck_assert(said(g, "level 3") && said(g, "level 4") &&
	    said(g, "level 5"));
	growth_gain(g, 1000000000);
	ck_assert_int_eq(g->xp_level, GROWTH_LEVEL_MAX);
	ck_assert_int_le(g->hp_max, PLAYER_HP_TOP);
	game_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("growth");
	TCase	*tc;

	tc = tcase_create("growth");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_growth_levels);
	tcase_add_test(tc, test_growth_many);
	suite_add_tcase(s, tc);
	return (s);
}
