/*
 * check_ranged.c: monsters that shoot, and monsters that arrive.
 *
 * A shooter (data/monsters.txt "ranged", "range", "keeps") goes to a
 * cell it can shoot from, shoots from there, backs off when the player
 * closes in and moves again when the line of fire is broken; its keys
 * are checked when the file is read.  On generated levels monsters
 * arrive over time, out of view, looking for the player; on a dungeon
 * file's level they do not.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "level-gen.h"
#include "ranged.h"
#include "state.h"
#include "testutil.h"

#define FIXTURE(f)	TEST_DATA "/dun/" f

/* The first living monster of a kind, or NULL. */
static struct monster *
monster(struct game *g, const char *name)
{
	return (gt_monster(g, name));
}

/* Chebyshev distance from the player. */
static int
distance(const struct game *g, const struct monster *m)
{
	int	dx = abs(m->x - g->px), dy = abs(m->y - g->py);

	return (dx > dy ? dx : dy);
}

/* The archery hall, the player made tough and the archer hunting. */
static struct game *
hall(void)
{
	struct game	*g = gt_start(FIXTURE("archer.dun"), 0, 1, 1);

	g->hp = g->hp_max = 1000;
	ck_assert_ptr_nonnull(monster(g, "kobold-archer"));
	return (g);
}

/* Whether the newest message is a shot. */
static int
shot_now(const struct game *g, long before)
{
	return (game_message_total(g) > before &&
	    strstr(game_message_text(g, 0, NULL), "shoots an arrow") != NULL);
}

/*
 * Out of range, the archer goes to a cell it can shoot from; from there
 * it shoots, never nearer than it keeps nor farther than its range, and
 * always along a clear line.
 */
START_TEST(test_goes_and_shoots)
{
	struct game	*g = hall();
	struct monster	*a = monster(g, "kobold-archer");
	int		 i, shots = 0, d0 = distance(g, a);
	long		 before;

	ck_assert_int_gt(d0, 6);
	for (i = 0; i < 12; i++) {
		before = game_message_total(g);
		ck_assert_int_eq(gt_play(g, "."), 1);
		if (shot_now(g, before)) {
			shots++;
			ck_assert_int_ge(distance(g, a), 3);
			ck_assert_int_le(distance(g, a), 6);
			ck_assert(ranged_line(g, a->x, a->y, g->px, g->py));
		}
	}
	ck_assert_int_gt(shots, 0);
	ck_assert_int_lt(distance(g, a), d0);
	game_free(g);
}
END_TEST

/* Closed in on, it backs off instead of shooting. */
START_TEST(test_backs_off)
{
	struct game	*g = hall();
	struct monster	*a = monster(g, "kobold-archer");
	long		 before;

	level_move_monster(g->level, (int)(a - g->level->mon), g->px + 2,
	    g->py);
	before = game_message_total(g);
	ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_ge(distance(g, a), 3);
	ck_assert(!shot_now(g, before));
	game_free(g);
}
END_TEST

/*
 * Behind the pillar, the player is out of the line of fire: the archer
 * moves (no shot from where it stood) until it has a line again.
 */
START_TEST(test_line_broken)
{
	struct game	*g = hall();
	struct monster	*a = monster(g, "kobold-archer");
	int		 i, moved = 0, shots = 0, x, y;
	long		 before;

	/* The pillar at 5,4: the player at 4,4... no: at 4,5 is wall; the
	   player stands at 4,4 west of it, the archer east of it. */
	g->px = 4;
	g->py = 4;
	level_move_monster(g->level, (int)(a - g->level->mon), 9, 4);
	level_update_view(g, g->level);
	ck_assert(!ranged_line(g, a->x, a->y, g->px, g->py));
	x = a->x;
	y = a->y;
	for (i = 0; i < 8 && shots == 0; i++) {
		before = game_message_total(g);
		ck_assert_int_eq(gt_play(g, "."), 1);
		moved |= a->x != x || a->y != y;
		if (shot_now(g, before)) {
			shots++;
			ck_assert(ranged_line(g, a->x, a->y, g->px, g->py));
		}
	}
	ck_assert(moved);
	ck_assert_int_gt(shots, 0);
	game_free(g);
}
END_TEST

/* A line of fire: clear over floor, cut by a wall or another monster. */
START_TEST(test_line)
{
	struct game	*g = hall();

	ck_assert(ranged_line(g, 3, 2, 10, 2));
	ck_assert(ranged_line(g, 3, 2, 10, 3));
	ck_assert(!ranged_line(g, 4, 4, 9, 4));		/* the pillar */
	ck_assert(ranged_line(g, 4, 3, 9, 3));
	level_move_monster(g->level, 0, 6, 3);
	ck_assert(!ranged_line(g, 4, 3, 9, 3));		/* the archer */
	ck_assert(ranged_line(g, 4, 3, 6, 3));		/* ends don't count */
	game_free(g);
}
END_TEST

/* The keys of a ranged attack go together, each error at its line. */
START_TEST(test_ranged_keys)
{
	static const struct {
		const char	*text;
		const char	*want;
	} bad[] = {
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\trange 5\n",
		  "m.txt:1:1: monster \"x\" has no \"ranged A-B\"" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tranged 1-2\n",
		  "m.txt:1:1: monster \"x\" has no \"range N\"" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tranged 1-2\n\trange 4\n"
		  "\tkeeps 4\n",
		  "m.txt:1:1: monster \"x\" keeps as far as its range" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tranged 1-2\n\trange 99\n",
		  "m.txt:9:8: range \"99\" is not a number from 2 to 12" },
	};
	struct game		*g = hall();
	struct monster_table	 t;
	char			*cause;
	size_t			 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = NULL;
		ck_assert_int_eq(monster_parse(&t, &g->terrain, "m.txt",
		    bad[i].text, strlen(bad[i].text), &cause), -1);
		ck_assert_msg(strncmp(cause, bad[i].want,
		    strlen(bad[i].want)) == 0, "\"%s\", wanted \"%s...\"",
		    cause, bad[i].want);
		free(cause);
	}
	game_free(g);
}
END_TEST

/*
 * On a generated level monsters arrive while the player waits, each
 * out of view and looking for the player; a dungeon file's level keeps
 * what its author put there.
 */
START_TEST(test_arrivals)
{
	struct game	*g = gt_start(NULL, 0, 0, 11);
	struct game	*f = hall();
	int		 n = g->level->nmon, i, searching = 0;

	g->hp = g->hp_max = 100000;
	/* One turn in LEVEL_ARRIVE_ONE_IN: ten times that is plenty. */
	for (i = 0; i < 10 * LEVEL_ARRIVE_ONE_IN && g->level->nmon == n; i++)
		(void)gt_play(g, ".");
	ck_assert_msg(g->level->nmon > n, "no monster arrived in %d turns",
	    10 * LEVEL_ARRIVE_ONE_IN);
	searching = g->level->mon[g->level->nmon - 1].state == MS_SEARCH ||
	    g->level->mon[g->level->nmon - 1].state == MS_HUNT;
	ck_assert(searching);
	ck_assert(gt_said(g, "You hear something moving", 5));
	n = f->level->nmon;
	for (i = 0; i < 3 * LEVEL_ARRIVE_ONE_IN; i++)
		(void)gt_play(f, "h");
	ck_assert_int_eq(f->level->nmon, n);
	game_free(g);
	game_free(f);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("ranged");
	TCase	*tc = tcase_create("ranged");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_goes_and_shoots);
	tcase_add_test(tc, test_backs_off);
	tcase_add_test(tc, test_line_broken);
	tcase_add_test(tc, test_line);
	tcase_add_test(tc, test_ranged_keys);
	tcase_add_test(tc, test_arrivals);
	suite_add_tcase(s, tc);
	return (s);
}
