/*
 * check_tactics.c: a summoner and an interceptor (issue 26).
 *
 * The necromancer (data/monsters.txt "summons", "summon-every",
 * "summon-cap", "keeps" without a ranged attack), seeing the player,
 * raises zombies beside itself, no more than its cap alive, not again
 * before its time; the call is an event told in words; the zombies hunt;
 * it keeps its distance.  The warg ("behaviour intercept") plans to a
 * cell on the player's way to where their last moves say they are going
 * (the stairs, an item), gets there first, and follows the guess as it
 * changes, its planner exact for the moving target.  A save in the
 * middle changes nothing that follows.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "astar.h"
#include "gametest.h"
#include "state.h"
#include "testutil.h"

#define FIXTURE(f)	TEST_DATA "/dun/" f

/* Chebyshev distance from the player. */
static int
distance(const struct game *g, const struct monster *m)
{
	int	dx = abs(m->x - g->px), dy = abs(m->y - g->py);

	return (dx > dy ? dx : dy);
}

/* Living monsters of a kind on the level. */
static int
count(struct game *g, const char *name)
{
	int	i, n = 0, kind = monster_find(&g->monsters, name);

	for (i = 0; i < g->level->nmon; i++)
		n += g->level->mon[i].alive && g->level->mon[i].kind == kind;
	return (n);
}

/* The crypt, the player made tough. */
static struct game *
crypt(void)
{
	struct game	*g = gt_start(FIXTURE("crypt.dun"), 0, 0, 1);

	g->hp = g->hp_max = 100000;
	ck_assert_ptr_nonnull(gt_monster(g, "necromancer"));
	ck_assert_int_eq(count(g, "zombie"), 0);
	return (g);
}

/*
 * Seeing the player, it raises one or two zombies beside itself on its
 * first action, then none until summon-every turns have passed, and
 * never more alive than its cap.
 */
START_TEST(test_summons)
{
	struct game			*g = crypt();
	const struct monster_kind	*k;
	struct monster			*n = gt_monster(g, "necromancer"), *z;
	struct game_monster_info	 mi;
	char				 want[64];
	int				 i, zombies, calls = 1, before;
	long				 called;

	k = &g->monsters.k[n->kind];
	ck_assert_int_eq(k->summons, monster_find(&g->monsters, "zombie"));
	ck_assert_int_eq(gt_play(g, "."), 1);
	zombies = count(g, "zombie");
	ck_assert_int_ge(zombies, k->summons_min);
	ck_assert_int_le(zombies, k->summons_max);
	n = gt_monster(g, "necromancer");
	for (i = 0; i < g->level->nmon; i++) {
		z = &g->level->mon[i];
		if (z == n)
			continue;
		ck_assert_int_eq(z->raised_by, (int)(n - g->level->mon) + 1);
		ck_assert_int_le(abs(z->x - n->x), 1);
		ck_assert_int_le(abs(z->y - n->y), 1);
		ck_assert_int_gt(level_cost(g->level,
		    g->monsters.k[z->kind].cls, z->x, z->y), 0);
	}
	/* The AI panel and the look say so. */
	ck_assert_int_eq(game_monster_info(g, (int)(n - g->level->mon), &mi),
	    0);
	snprintf(want, sizeof want, "summoning in %d turns",
	    k->summon_every);
	ck_assert_str_eq(mi.tactic, want);
	called = g->turn;
	for (i = 0; i < 60; i++) {
		before = count(g, "zombie");
		ck_assert_int_eq(gt_play(g, "."), 1);
		if (count(g, "zombie") > before) {
			ck_assert_int_ge(g->turn - called, k->summon_every);
			called = g->turn;
			calls++;
		}
		ck_assert_int_le(count(g, "zombie"), k->summon_cap);
	}
	ck_assert_int_ge(calls, 2);
	ck_assert_int_eq(count(g, "zombie"), k->summon_cap);
	n = gt_monster(g, "necromancer");
	ck_assert_int_eq(game_monster_info(g, (int)(n - g->level->mon), &mi),
	    0);
	snprintf(want, sizeof want, "summoning: %d up, at its cap",
	    k->summon_cap);
	ck_assert_str_eq(mi.tactic, want);
	game_free(g);
}
END_TEST

/* The call is an event told as words, and heard as a chant unseen. */
START_TEST(test_summon_words)
{
	struct game	*g = crypt();

	ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert(gt_said(g, "The necromancer raises ", 3));
	game_free(g);
}
END_TEST

/* The raised hunt the player and come for them. */
START_TEST(test_raised_hunt)
{
	struct game	*g = crypt();
	struct monster	*z;
	int		 i, d0;

	ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_ge(count(g, "zombie"), 1);
	z = gt_monster(g, "zombie");
	ck_assert_int_eq(z->state, MS_HUNT);
	ck_assert_int_eq(z->lx, g->px);
	ck_assert_int_eq(z->ly, g->py);
	d0 = distance(g, z);
	for (i = 0; i < 6; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	z = gt_monster(g, "zombie");
	ck_assert_int_lt(distance(g, z), d0);
	game_free(g);
}
END_TEST

/*
 * Between calls it keeps its distance: the player walking at it finds
 * it backing off, never nearer than it keeps while it has room.
 */
START_TEST(test_keeps_away)
{
	struct game	*g = crypt();
	struct monster	*n = gt_monster(g, "necromancer");
	int		 keeps = g->monsters.k[n->kind].keeps, i;

	ck_assert_int_gt(keeps, 1);
	n->summon_at = 1000;		/* no call in this test */
	level_move_monster(g->level, (int)(n - g->level->mon), g->px + 2,
	    g->py);
	ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_ge(distance(g, n), 3);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(gt_play(g, "l"), 1);
		ck_assert_int_ge(distance(g, n), keeps - 1);
	}
	ck_assert_int_ge(n->x, g->px + keeps - 1);
	game_free(g);
}
END_TEST

/* The player's own strength again, as a save wants it. */
static void
mortal(struct game *g)
{
	int	dmin, dmax;

	player_strength(g->xp_level, &g->hp_max, &dmin, &dmax);
	g->hp = g->hp_max;
}

/* Plays the same keys on two games and checks they stay one game. */
static void
same_play(struct game *a, struct game *b, const char *keys)
{
	const struct monster	*m, *n;
	char			 key[2] = { 0, 0 };
	int			 i;

	for (; *keys != '\0'; keys++) {
		key[0] = *keys;
		(void)gt_play(a, key);
		(void)gt_play(b, key);
		ck_assert_int_eq(a->level->nmon, b->level->nmon);
		ck_assert_msg(game_digest(a) == game_digest(b), "the games "
		    "part at turn %ld", a->turn);
		for (i = 0; i < a->level->nmon; i++) {
			m = &a->level->mon[i];
			n = &b->level->mon[i];
			ck_assert_msg(m->post_x == n->post_x && m->post_y ==
			    n->post_y && m->guess == n->guess, "monster %d "
			    "aims elsewhere after the save at turn %ld", i,
			    a->turn);
		}
	}
}

/* A save between calls: the next call comes when it would have. */
START_TEST(test_summon_save)
{
	struct game		*a = crypt(), *b;
	struct game_config	 cfg;

	ck_assert_int_eq(gt_play(a, ".."), 2);
	ck_assert_int_ge(count(a, "zombie"), 1);
	mortal(a);
	memset(&cfg, 0, sizeof cfg);
	b = gt_reload(a, &cfg);
	ck_assert_int_eq(count(b, "zombie"), count(a, "zombie"));
	same_play(a, b, "..........");
	game_free(a);
	game_free(b);
}
END_TEST

/* The junction, the player tough and the warg hunting. */
static struct game *
junction(void)
{
	struct game	*g = gt_start(FIXTURE("junction.dun"), 0, 1, 1);

	g->hp = g->hp_max = 100000;
	ck_assert_ptr_nonnull(gt_monster(g, "warg"));
	ck_assert(g->monsters.k[gt_monster(g, "warg")->kind].flags &
	    MONSTER_INTERCEPT);
	return (g);
}

/* The stairs' and the potion's cells on the junction. */
#define STAIRS_X	1
#define ITEM_X		19
#define ROW		5

/*
 * Walking west, towards the stairs: the warg aims at a cell on the
 * corridor between the player and the stairs (not the player's cell),
 * and stands in the player's way before the player passes its den.
 */
START_TEST(test_intercepts_stairs)
{
	struct game			*g = junction();
	struct game_monster_info	 mi;
	struct monster			*w;
	struct path_point		 path[64];
	size_t				 np;
	int				 i, aimed = 0, first = 0;

	for (i = 0; i < 4 && !first; i++) {
		ck_assert_int_eq(gt_play(g, "h"), 1);
		w = gt_monster(g, "warg");
		ck_assert_int_eq(game_monster_info(g, (int)(w -
		    g->level->mon), &mi), 0);
		if (g->level->ntrail >= 2 && distance(g, w) > 1) {
			ck_assert_int_eq(w->guess, LEVEL_GUESS_STAIRS);
			ck_assert_str_eq(mi.tactic, "intercepting: the stairs");
			ck_assert_int_eq(mi.ty, ROW);
			ck_assert_int_lt(mi.tx, g->px);
			ck_assert_int_ge(mi.tx, STAIRS_X);
			/* The paths overlay draws the plan to that cell. */
			np = game_monster_path(g, (int)(w - g->level->mon),
			    path, sizeof path / sizeof path[0]);
			ck_assert(np > 0 &&
			    np <= sizeof path / sizeof path[0]);
			ck_assert_int_eq(path[np - 1].x, mi.tx);
			ck_assert_int_eq(path[np - 1].y, mi.ty);
			aimed++;
		}
		first = w->y == ROW && w->x < g->px;
	}
	ck_assert_int_gt(aimed, 0);
	ck_assert_msg(first, "the warg is not in the player's way");
	ck_assert_int_gt(g->px, 5);	/* before the player passed its den */
	game_free(g);
}
END_TEST

/* The warg's plan against a fresh A* to its target, every plan. */
struct exact {
	int	checked;
	int	wrong;
};

static void
exact_observe(void *arg, const struct game *g, int i)
{
	struct exact			*e = arg;
	const struct monster		*m = &g->level->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	struct path_astar		*a;
	path_cost			 want;

	if (!(k->flags & MONSTER_INTERCEPT) || m->post_x < 0)
		return;
	a = path_astar_new(g->level->width, g->level->height);
	want = path_astar_search(a, g->level->cost[k->cls], g->level->rules,
	    m->x, m->y, m->post_x, m->post_y, NULL);
	path_astar_free(a);
	e->checked++;
	e->wrong += path_planner_cost(m->planner) != want;
}

/*
 * Turning east, towards the potion: the guess becomes the item, the
 * target moves to the potion's side of the player, and every plan to
 * the moving target costs what a fresh A* to it does.
 */
START_TEST(test_intercepts_item)
{
	struct game	*g = junction();
	struct monster	*w;
	struct exact	 e = { 0, 0 };
	int		 i, item = 0;

	g->plan_observer = exact_observe;
	g->plan_observer_arg = &e;
	ck_assert_int_eq(gt_play(g, "hh"), 2);
	w = gt_monster(g, "warg");
	ck_assert_int_eq(w->guess, LEVEL_GUESS_STAIRS);
	/* Hold the warg back in its den, so that it is not beside the
	   player when they turn. */
	level_move_monster(g->level, (int)(w - g->level->mon), 5, 1);
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(gt_play(g, "l"), 1);
		w = gt_monster(g, "warg");
		if (w->guess == LEVEL_GUESS_ITEM && distance(g, w) > 1) {
			ck_assert_int_eq(w->post_y, ROW);
			ck_assert_int_gt(w->post_x, g->px);
			ck_assert_int_le(w->post_x, ITEM_X);
			item++;
		}
	}
	ck_assert_int_gt(item, 0);
	ck_assert_int_gt(e.checked, 3);
	ck_assert_int_eq(e.wrong, 0);
	game_free(g);
}
END_TEST

/* A save in the middle: the same trail, the same target, the same moves. */
START_TEST(test_intercept_save)
{
	struct game		*a = junction(), *b;
	struct game_config	 cfg;

	ck_assert_int_eq(gt_play(a, "hh"), 2);
	mortal(a);
	memset(&cfg, 0, sizeof cfg);
	cfg.hunted = 1;
	b = gt_reload(a, &cfg);
	ck_assert_int_eq(b->level->ntrail, a->level->ntrail);
	same_play(a, b, "hllll");
	ck_assert_int_eq(gt_monster(a, "warg")->post_x,
	    gt_monster(b, "warg")->post_x);
	game_free(a);
	game_free(b);
}
END_TEST

/* The summoner's keys go together, each error at its line. */
START_TEST(test_summon_keys)
{
	static const struct {
		const char	*text;
		const char	*want;
	} bad[] = {
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons y 1-2\n",
		  "m.txt:1:1: monster \"x\" has no \"summon-every N\"" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummon-every 3\n",
		  "m.txt:1:1: monster \"x\" has no \"summons KIND A-B\"" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons y 1-2\n"
		  "\tsummon-every 3\n",
		  "m.txt:8:10: unknown monster \"y\" (did you mean x?) cannot be summoned" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons x 1-2\n"
		  "\tsummon-every 3\n",
		  "m.txt:8:10: monster \"x\" cannot be summoned (a summoner "
		  "cannot raise a summoner" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons y 1-2\n"
		  "\tsummon-every 3\n"
		  "monster y\n\tglyph y\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons x 1-2\n"
		  "\tsummon-every 3\n",
		  "m.txt:8:10: monster \"y\" cannot be summoned (a summoner "
		  "cannot raise a summoner" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons y 0-2\n",
		  "m.txt:8:12: summons \"0-2\" is not a range A-B" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tsummons y\n",
		  "m.txt:8:2: expected \"summons KIND A-B\"" },
		{ "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
		  "\tclass walk\n\tplanner astar\n\tbehaviour intercepts\n",
		  "m.txt:8:12: unknown behaviour \"intercepts\"" },
	};
	static const char good[] =
	    "monster x\n\tglyph x\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
	    "\tclass walk\n\tplanner astar\n\tsummons y 1-2\n"
	    "\tsummon-every 3\n\tkeeps 3\n"
	    "monster y\n\tglyph y\n\thp 3\n\tdamage 1-2\n\tspeed 10\n"
	    "\tclass walk\n\tplanner astar\n\tbehaviour intercept\n";
	struct game		*g = crypt();
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
	cause = NULL;
	ck_assert_msg(monster_parse(&t, &g->terrain, "m.txt", good,
	    strlen(good), &cause) == 0, "%s", cause);
	ck_assert_int_eq(t.k[0].summons, 1);
	ck_assert_int_eq(t.k[0].summon_cap, MONSTER_SUMMON_CAP);
	ck_assert_int_eq(t.k[0].keeps, 3);
	ck_assert(t.k[1].flags & MONSTER_INTERCEPT);
	ck_assert_int_eq(t.k[1].summons, -1);
	game_free(g);
}
END_TEST

/*
 * Killing what it raised is no farm: a raised zombie gives no score and
 * no experience; and the level holds as many monsters as are alive, each
 * newcomer taking a dead one's slot (a level once grew to a thousand).
 */
START_TEST(test_raised_no_farm)
{
	struct game			*g = crypt();
	const struct monster_kind	*k;
	struct monster			*z;
	long				 xp, score;
	int				 i, j, killed = 0;

	k = &g->monsters.k[gt_monster(g, "necromancer")->kind];
	for (i = 0; i < 200; i++) {
		ck_assert_int_eq(gt_play(g, "."), 1);
		for (j = 0; j < g->level->nmon; j++) {
			z = &g->level->mon[j];
			if (!z->alive || z->raised_by == 0)
				continue;
			xp = g->xp;
			score = g->kill_points;
			ck_assert_int_eq(action_hurt(g, z, z->hp), 1);
			ck_assert_int_eq(g->xp, xp);
			ck_assert_int_eq(g->kill_points, score);
			killed++;
		}
		ck_assert_int_le(g->level->nmon, 1 + k->summon_cap);
	}
	ck_assert_int_ge(killed, 10);
	game_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("tactics");
	TCase	*tc = tcase_create("tactics");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_summons);
	tcase_add_test(tc, test_summon_words);
	tcase_add_test(tc, test_raised_hunt);
	tcase_add_test(tc, test_keeps_away);
	tcase_add_test(tc, test_summon_save);
	tcase_add_test(tc, test_raised_no_farm);
	tcase_add_test(tc, test_intercepts_stairs);
	tcase_add_test(tc, test_intercepts_item);
	tcase_add_test(tc, test_intercept_save);
	tcase_add_test(tc, test_summon_keys);
	suite_add_tcase(s, tc);
	return (s);
}
