/*
 * check_greedy.c: the greedy bot of astray-lab play (lab-bot-greedy.c),
 * line by line.
 *
 * Each test makes the situation one line of the policy is about, in a
 * small dungeon file of tests/data/dun/greedy-*.dun, and asks the bot
 * for its key: the line fires, and the lines above it do not take its
 * place.  Hit points are the one thing a dungeon file cannot set, so
 * those tests write them into what the bot sees (its game_info), which
 * is all the bot reads of them.  A refused key is what lab_bot_act()
 * records when the game takes no turn; the tests record it the same way
 * to show that the bot then tries the next line, and waits when none
 * is left.  The bot is linked as astray-lab is built from it, its own
 * objects, not a second compile.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gametest.h"
#include "lab-bot.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif

#define FIXTURE(name)	TEST_DATA "/dun/" name

/* A game of a fixture and a bot that has looked at it. */
struct greedy_test {
	struct game	*g;
	struct lab_bot	 b;
};

/* Starts a fixture (with its monsters, or none) and looks. */
static void
start(struct greedy_test *t, const char *fixture, int monsters)
{
	t->g = gt_start(fixture, monsters, 0, 1);
	lab_bot_init(&t->b, t->g);
	lab_bot_look(&t->b);
}

static void
finish(struct greedy_test *t)
{
	lab_bot_free(&t->b);
	game_free(t->g);
}

/* The bot's key now. */
static struct game_action
decide(struct greedy_test *t)
{
	return (lab_bot_greedy.decide(&t->b));
}

/* Records cmd as refused this turn, as lab_bot_act() does. */
static void
refuse(struct greedy_test *t, enum game_cmd cmd)
{
	t->b.refused |= 1u << cmd;
	t->b.refused_turn = t->b.info.turn;
}

/*
 * Shows the bot hit points of pct out of 100 (so that a line's edge is
 * exact, whatever the player's real most).
 */
static void
hp(struct greedy_test *t, int pct)
{
	t->b.info.hp_max = 100;
	t->b.info.hp = pct;
}

#define ck_assert_cmd(a, want)						\
	ck_assert_msg((a).cmd == (want), "command %d, wanted %d",	\
	    (int)(a).cmd, (int)(want))
#define ck_assert_step(a, x, y) do {					\
	ck_assert_cmd(a, GAME_CMD_MOVE);				\
	ck_assert_msg((a).dx == (x) && (a).dy == (y),			\
	    "step %d,%d, wanted %d,%d", (a).dx, (a).dy, (x), (y));	\
} while (0)

/* 1: of three rats next to it, the one first in h, j, k, l, y, u, b, n. */
START_TEST(test_attack_order)
{
	struct greedy_test	t;

	start(&t, FIXTURE("greedy-adjacent.dun"), 0);
	ck_assert_int_eq(t.b.nseen, 3);
	ck_assert_step(decide(&t), 0, 1);
	/* Hurt, a potion or not: the fight comes first. */
	hp(&t, 1);
	ck_assert_step(decide(&t), 0, 1);
	/* The attack refused: no rest with monsters in view, no move. */
	refuse(&t, GAME_CMD_MOVE);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
}
END_TEST

/* 2: below 35%, the potion of healing (slot b, not the scroll in a). */
START_TEST(test_drink)
{
	struct greedy_test	t;
	struct game_action	a;

	start(&t, FIXTURE("greedy-items.dun"), 0);
	gt_play(t.g, "lglg");
	lab_bot_look(&t.b);
	ck_assert_int_eq(lab_bot_pack_used(&t.b), 2);
	hp(&t, 34);
	a = decide(&t);
	ck_assert_cmd(a, GAME_CMD_QUAFF);
	ck_assert_int_eq(a.item, 1);
	/* At 35%, not below: no drink, but a rest (below 70%). */
	hp(&t, 35);
	ck_assert_cmd(decide(&t), GAME_CMD_REST);
	/* The drink refused: the next line, the rest. */
	hp(&t, 34);
	refuse(&t, GAME_CMD_QUAFF);
	ck_assert_cmd(decide(&t), GAME_CMD_REST);
	finish(&t);
}
END_TEST

/* 2: with no potion, the line does not apply: a rest. */
START_TEST(test_drink_none)
{
	struct greedy_test	t;

	start(&t, FIXTURE("greedy-items.dun"), 0);
	ck_assert_int_eq(lab_bot_pack_used(&t.b), 0);
	hp(&t, 1);
	ck_assert_cmd(decide(&t), GAME_CMD_REST);
	finish(&t);
}
END_TEST

/*
 * The one place identification is read: what each pack item is.  A
 * potion of healing is unknown until one is drunk; then the other is
 * known to heal.
 */
START_TEST(test_potion_kind)
{
	struct greedy_test	t;
	struct game_item_info	ii;

	start(&t, FIXTURE("greedy-items.dun"), 0);
	gt_play(t.g, "lglglg");
	ck_assert_int_eq(game_pack_item(t.g, 0, &ii), 0);
	ck_assert_int_eq(lab_bot_potion(&ii), LAB_BOT_POTION_NONE);
	ck_assert_int_eq(game_pack_item(t.g, 1, &ii), 0);
	ck_assert_int_eq(ii.count, 2);
	ck_assert_int_eq(lab_bot_potion(&ii), LAB_BOT_POTION_UNKNOWN);
	ck_assert_int_eq(gt_play(t.g, "qb"), 1);
	ck_assert_int_eq(game_pack_item(t.g, 1, &ii), 0);
	ck_assert_int_eq(lab_bot_potion(&ii), LAB_BOT_POTION_HEALING);
	finish(&t);
}
END_TEST

/* 3: below 70% with no monster in view, a rest; not at 70%, not in view. */
START_TEST(test_rest)
{
	struct greedy_test	t;

	start(&t, FIXTURE("greedy-items.dun"), 0);
	hp(&t, 69);
	ck_assert_cmd(decide(&t), GAME_CMD_REST);
	hp(&t, 70);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	hp(&t, 69);
	refuse(&t, GAME_CMD_REST);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
	/* A rat in view, even one it cannot reach: no rest. */
	start(&t, FIXTURE("greedy-water.dun"), 0);
	ck_assert_int_eq(t.b.nseen, 1);
	hp(&t, 69);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
}
END_TEST

/* 4: on an item, pick it up; the pick-up refused, the next line. */
START_TEST(test_pickup)
{
	struct greedy_test	t;

	start(&t, FIXTURE("greedy-items.dun"), 0);
	gt_play(t.g, "l");
	lab_bot_look(&t.b);
	ck_assert_cmd(decide(&t), GAME_CMD_PICKUP);
	/* Hurt below 70%: the rest comes first. */
	hp(&t, 69);
	ck_assert_cmd(decide(&t), GAME_CMD_REST);
	hp(&t, 100);
	refuse(&t, GAME_CMD_PICKUP);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
}
END_TEST

/* 5: a step towards the rat; of two as short, the first in h, j, k, l. */
START_TEST(test_chase_ties)
{
	static const struct {
		const char	*fixture;
		int		 dx, dy;
	} cases[] = {
		{ FIXTURE("greedy-chase-se.dun"), 0, 1 },
		{ FIXTURE("greedy-chase-ne.dun"), 0, -1 },
		{ FIXTURE("greedy-chase-sw.dun"), -1, 0 },
	};
	struct greedy_test	t;

	start(&t, cases[_i].fixture, 0);
	ck_assert_int_eq(t.b.nseen, 1);
	ck_assert_step(decide(&t), cases[_i].dx, cases[_i].dy);
	/* The step refused: the next line, exploring. */
	refuse(&t, GAME_CMD_MOVE);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
}
END_TEST

/* 5: towards the nearest it can reach, not the first, not across water. */
START_TEST(test_chase_nearest)
{
	struct greedy_test	t;

	start(&t, FIXTURE("greedy-nearest.dun"), 0);
	ck_assert_int_eq(t.b.nseen, 3);
	ck_assert_step(decide(&t), 0, 1);
	finish(&t);
	start(&t, FIXTURE("greedy-water.dun"), 0);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	finish(&t);
}
END_TEST

/* 6 and 7: explore; nothing left (X takes no turn), > ; neither, wait. */
START_TEST(test_explore_descend_wait)
{
	struct greedy_test	t;
	struct game_action	a;

	start(&t, FIXTURE("greedy-chase-se.dun"), GAME_NO_MONSTERS);
	a = decide(&t);
	ck_assert_cmd(a, GAME_CMD_EXPLORE);
	/* The whole room is in view: nothing to explore. */
	ck_assert_int_eq(lab_bot_act(&t.b, a), 0);
	lab_bot_look(&t.b);
	a = decide(&t);
	ck_assert_cmd(a, GAME_CMD_DESCEND);
	refuse(&t, GAME_CMD_DESCEND);
	ck_assert_cmd(decide(&t), GAME_CMD_WAIT);
	/*
	 * > walks to the stairs, and there takes them: out of a dungeon
	 * file, a win.
	 */
	t.b.refused = 0;
	ck_assert_int_eq(lab_bot_act(&t.b, a), 1);
	lab_bot_look(&t.b);
	ck_assert_cmd(decide(&t), GAME_CMD_EXPLORE);
	refuse(&t, GAME_CMD_EXPLORE);
	a = decide(&t);
	ck_assert_cmd(a, GAME_CMD_DESCEND);
	ck_assert_int_eq(lab_bot_act(&t.b, a), 1);
	ck_assert_int_eq(game_status(t.g), GAME_WON);
	finish(&t);
}
END_TEST

/*
 * Whole games: the same seed gives the same game, and the bot presses
 * only the keys of its seven lines (never D, w, t, r or A).
 */
START_TEST(test_whole_games)
{
	struct game_config	 cfg;
	struct game		*g;
	struct lab_bot		 b;
	struct game_action	 a;
	uint64_t		 digest[2];
	char			*cause = NULL;
	int			 run, turns;

	for (run = 0; run < 2; run++) {
		memset(&cfg, 0, sizeof cfg);
		cfg.data_dir = SRC_DATA;
		cfg.seed = 3;
		g = game_new(&cfg, &cause);
		ck_assert_msg(g != NULL, "%s", cause);
		lab_bot_init(&b, g);
		for (turns = 0; turns < 4000 && game_status(g) == GAME_PLAYING;
		    turns++) {
			lab_bot_look(&b);
			a = lab_bot_greedy.decide(&b);
			ck_assert_msg(a.cmd == GAME_CMD_MOVE ||
			    a.cmd == GAME_CMD_QUAFF || a.cmd == GAME_CMD_REST ||
			    a.cmd == GAME_CMD_PICKUP ||
			    a.cmd == GAME_CMD_EXPLORE ||
			    a.cmd == GAME_CMD_DESCEND || a.cmd == GAME_CMD_WAIT,
			    "command %d", (int)a.cmd);
			lab_bot_act(&b, a);
		}
		digest[run] = game_digest(g);
		lab_bot_free(&b);
		game_free(g);
	}
	ck_assert(digest[0] == digest[1]);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("greedy");
	TCase	*tc;

	tc = tcase_create("greedy");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_attack_order);
	tcase_add_test(tc, test_drink);
	tcase_add_test(tc, test_drink_none);
	tcase_add_test(tc, test_potion_kind);
	tcase_add_test(tc, test_rest);
	tcase_add_test(tc, test_pickup);
	tcase_add_loop_test(tc, test_chase_ties, 0, 3);
	tcase_add_test(tc, test_chase_nearest);
	tcase_add_test(tc, test_explore_descend_wait);
	tcase_add_test(tc, test_whole_games);
	suite_add_tcase(s, tc);
	return (s);
}
