/*
 * check_thief.c: monsters that steal, pick up and carry items, monsters
 * not hostile until provoked, and the drops and escorts of monsters.txt.
 *
 * A cutpurse's blow that lands takes a stack from the pack and it flees,
 * gone with it once it reaches the stairs or stays out of sight; killed,
 * it drops what it carries, and a save keeps what it carries.  A jackdaw
 * that does not hunt flies to an item it sees and picks it up, and drops
 * it when killed.  A cave bear beside the player leaves the player be;
 * walking into it does not attack and takes no turn; F and a direction
 * fights it, and then it hunts.  A kind's "drops" are rolled when it
 * dies, and a kind with an "escort" is placed with that many of it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "action.h"
#include "carry.h"
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

/* The den: the player tough, the pack only 3 darts, the cutpurse beside. */
static struct game *
den(void)
{
	struct game	*g = gt_start(FIXTURE("thief.dun"), 0, 1, 1);
	int		 i;

	g->hp = g->hp_max = 1000;
	for (i = 0; i < PACK_SLOTS; i++)
		g->pack[i] = (struct pack_slot){ .kind = -1 };
	g->pack[0] = (struct pack_slot){ .kind = item_find(&g->items, "dart"),
	    .count = 3 };
	ck_assert_int_ge(g->pack[0].kind, 0);
	ck_assert_ptr_nonnull(gt_monster(g, "cutpurse"));
	return (g);
}

/* Waits until the cutpurse has stolen; fails after 30 turns. */
static struct monster *
robbed(struct game *g)
{
	struct monster	*m = gt_monster(g, "cutpurse");
	int		 i;

	for (i = 0; i < 30 && m->carry_kind < 0; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_msg(m->carry_kind >= 0, "the cutpurse stole nothing in 30 "
	    "turns");
	return (m);
}

/*
 * Its blow takes the darts, all three, instead of wounding; it says so,
 * and runs.
 */
START_TEST(test_steals_and_flees)
{
	struct game			*g = den();
	struct monster			*m = robbed(g);
	struct game_monster_info	 mi;
	int				 d, i;

	ck_assert_int_eq(m->carry_kind, item_find(&g->items, "dart"));
	ck_assert_int_eq(m->carry_count, 3);
	ck_assert_int_eq(g->pack[0].kind, -1);
	ck_assert_int_eq(g->hp, 1000);
	ck_assert(gt_said(g, "The cutpurse snatches your dart (3)!", 4));
	ck_assert_int_eq(m->state, MS_FLEE);
	ck_assert_int_eq(game_monster_info(g, (int)(m - g->level->mon), &mi),
	    0);
	ck_assert_str_eq(mi.carrying, "carrying your dart (3)");
	ck_assert_str_eq(mi.state, "fleeing");
	d = distance(g, m);
	for (i = 0; i < 3 && m->alive; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert(!m->alive || distance(g, m) > d);
	ck_assert_int_eq(g->hp, 1000);
	game_free(g);
}
END_TEST

/* It gets away: gone from the level, the darts with it. */
START_TEST(test_thief_gone)
{
	struct game	*g = den();
	int		 i;

	(void)robbed(g);
	for (i = 0; i < 100 && gt_monster(g, "cutpurse") != NULL; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_ptr_null(gt_monster(g, "cutpurse"));
	ck_assert_int_eq(g->level->nitems, 0);
	ck_assert_int_eq(g->pack[0].kind, -1);
	ck_assert_int_eq(g->kills, 0);
	game_free(g);
}
END_TEST

/*
 * Fleeing with its loot onto the stairs, it is gone at once, out of
 * sight or not.
 */
START_TEST(test_thief_stairs)
{
	struct game	*g = den();
	struct monster	*m = robbed(g);
	int		 i;

	ck_assert_int_eq(level_at(g->level, 38, 2), g->terrain.stairs);
	level_move_monster(g->level, (int)(m - g->level->mon), 37, 2);
	m->away = 0;
	for (i = 0; i < 3 && m->alive; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert(!m->alive);
	ck_assert_int_lt(m->away, CARRY_AWAY);
	ck_assert_int_eq(m->x, 38);
	ck_assert_int_eq(g->level->nitems, 0);
	game_free(g);
}
END_TEST

/* Killed, it drops the darts where it dies. */
START_TEST(test_thief_killed)
{
	struct game	*g = den();
	struct monster	*m = robbed(g);
	int		 x = m->x, y = m->y, it;

	ck_assert_int_eq(action_hurt(g, m, 1000), 1);
	it = level_item_at(g->level, x, y);
	ck_assert_int_ge(it, 0);
	ck_assert_int_eq(g->level->items[it].kind, item_find(&g->items,
	    "dart"));
	ck_assert_int_eq(g->level->items[it].count, 3);
	ck_assert_int_eq(m->carry_kind, -1);
	game_free(g);
}
END_TEST

/* A save keeps what a monster carries, and the thief's time away. */
START_TEST(test_carry_saved)
{
	struct game		*g = den(), *b;
	struct game_config	 cfg;
	struct monster		*m = robbed(g), *n;
	int			 dmin, dmax;

	/* The loader wants the player's hit points their level's. */
	player_strength(g->xp_level, &g->hp_max, &dmin, &dmax);
	g->hp = g->hp_max;
	m->carry_plus = 2;
	m->away = 4;
	memset(&cfg, 0, sizeof cfg);
	cfg.hunted = 1;		/* as den() started it */
	b = gt_reload(g, &cfg);
	n = gt_monster(b, "cutpurse");
	ck_assert_ptr_nonnull(n);
	ck_assert_int_eq(n->carry_kind, m->carry_kind);
	ck_assert_int_eq(n->carry_count, 3);
	ck_assert_int_eq(n->carry_plus, 2);
	ck_assert_int_eq(n->away, 4);
	ck_assert_uint_eq(game_digest(b), game_digest(g));
	game_free(b);
	game_free(g);
}
END_TEST

/*
 * The jackdaw, which cannot see or hear the player, flies to the dart
 * and picks it up; killed, it drops it.
 */
START_TEST(test_jackdaw)
{
	struct game	*g = gt_start(FIXTURE("jackdaw.dun"), 0, 0, 1);
	struct monster	*m = gt_monster(g, "jackdaw");
	int		 dart = item_find(&g->items, "dart"), i, x, y, it;

	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(g->level->nitems, 1);
	x = g->level->items[0].x;
	y = g->level->items[0].y;
	for (i = 0; i < 20 && m->carry_kind < 0; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_eq(m->carry_kind, dart);
	ck_assert_int_eq(m->carry_count, g->items.k[dart].count);
	ck_assert_int_eq(level_item_at(g->level, x, y), -1);
	ck_assert_int_eq(g->level->nitems, 0);
	ck_assert_int_ne(m->state, MS_HUNT);
	x = m->x;
	y = m->y;
	ck_assert_int_eq(action_hurt(g, m, 1000), 1);
	it = level_item_at(g->level, x, y);
	ck_assert_int_ge(it, 0);
	ck_assert_int_eq(g->level->items[it].kind, dart);
	ck_assert_int_eq(g->level->items[it].count, g->items.k[dart].count);
	game_free(g);
}
END_TEST

/*
 * The cave bear beside the player: walking into it does not attack and
 * takes no turn; for 20 turns it does nothing to the player; F h fights
 * it, it roars, hunts and strikes back.
 */
START_TEST(test_peaceful)
{
	struct game			*g = gt_start(FIXTURE("bear.dun"), 0, 0, 1);
	struct monster			*m = gt_monster(g, "cave-bear");
	struct game_monster_info	 mi;
	long				 turn = g->turn;
	int				 i, hp;

	ck_assert_ptr_nonnull(m);
	hp = m->hp;
	g->hp = g->hp_max = 1000;
	ck_assert_int_eq(distance(g, m), 1);
	ck_assert_int_eq(gt_play(g, "h"), 0);
	ck_assert_int_eq(g->turn, turn);
	ck_assert_int_eq(m->hp, hp);
	ck_assert(gt_said(g, "The cave bear is in your way", 1));
	ck_assert_int_eq(game_monster_info(g, (int)(m - g->level->mon), &mi),
	    0);
	ck_assert_str_eq(mi.state, "peaceful");
	ck_assert(mi.peaceful);
	for (i = 0; i < 20; i++) {
		ck_assert_int_eq(gt_play(g, "."), 1);
		ck_assert_int_eq(distance(g, m), 1);
		ck_assert(!gt_said(g, "hits you", 1));
		ck_assert(!gt_said(g, "misses you", 1));
	}
	ck_assert_int_eq(g->hp, 1000);
	ck_assert_int_eq(m->hp, hp);
	/* Fought on purpose: it is angry for good. */
	ck_assert_int_eq(gt_play(g, "Fh"), 1);
	ck_assert(m->provoked);
	ck_assert(gt_said(g, "The cave bear roars!", 4));
	for (i = 0; i < 20 && g->hp == 1000; i++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_lt(g->hp, 1000);
	ck_assert_int_eq(m->state, MS_HUNT);
	ck_assert_int_eq(game_monster_info(g, (int)(m - g->level->mon), &mi),
	    0);
	ck_assert_str_eq(mi.state, "hunting");
	game_free(g);
}
END_TEST

/* A peaceful bear beside the player is no threat: resting goes on. */
START_TEST(test_peaceful_rest)
{
	struct game	*g = gt_start(FIXTURE("bear.dun"), 0, 0, 1);
	long		 turn = g->turn;

	ck_assert_int_eq(distance(g, gt_monster(g, "cave-bear")), 1);
	g->hp = g->hp_max - 2;
	ck_assert_int_eq(gt_play(g, "R"), 1);	/* one journey */
	ck_assert_int_eq(g->hp, g->hp_max);
	ck_assert_int_ge(g->turn, turn + 8);	/* a point every 8 turns */
	ck_assert(gt_said(g, "You feel rested.", 2));
	game_free(g);
}
END_TEST

/* F at an empty cell does nothing and takes no turn. */
START_TEST(test_fight_nothing)
{
	struct game	*g = gt_start(FIXTURE("bear.dun"), 0, 0, 1);
	long		 turn = g->turn;

	ck_assert_int_eq(gt_play(g, "Fl"), 0);
	ck_assert_int_eq(g->turn, turn);
	ck_assert(gt_said(g, "There is nothing there.", 1));
	game_free(g);
}
END_TEST

/* A kind's drops: the orc's dart, made certain, falls where it dies. */
START_TEST(test_drops)
{
	struct game		*g = gt_start(FIXTURE("door-orc.dun"), 0, 0, 1);
	struct monster		*m = gt_monster(g, "orc");
	struct monster_kind	*k;
	int			 dart = item_find(&g->items, "dart"), it;

	ck_assert_ptr_nonnull(m);
	k = &g->monsters.k[m->kind];
	ck_assert_int_eq(k->ndrops, 1);
	ck_assert_int_eq(k->drops[0].item, dart);
	k->drops[0].percent = 100;
	ck_assert_int_eq(level_item_at(g->level, m->x, m->y), -1);
	ck_assert_int_eq(action_hurt(g, m, 1000), 1);
	it = level_item_at(g->level, m->x, m->y);
	ck_assert_int_ge(it, 0);
	ck_assert_int_eq(g->level->items[it].kind, dart);
	game_free(g);
}
END_TEST

/* Writes a file of a scratch data folder. */
static void
write_file(const char *dir, const char *name, const char *text)
{
	char	path[512];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

/* Copies a shipped data file into a scratch data folder. */
static void
copy_file(const char *dir, const char *name)
{
	char	path[512], buf[4096];
	FILE	*in, *out;
	size_t	n;

	snprintf(path, sizeof path, "%s/%s", SRC_DATA, name);
	ck_assert_ptr_nonnull(in = fopen(path, "r"));
	snprintf(path, sizeof path, "%s/%s", dir, name);
	ck_assert_ptr_nonnull(out = fopen(path, "w"));
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	ck_assert_int_eq(fclose(out), 0);
}

/* The first monster of a kind that hunts, or -1. */
static int
hunting(const struct game *g, int kind)
{
	int	i;

	for (i = 0; i < g->level->nmon; i++)
		if (g->level->mon[i].kind == kind && g->level->mon[i].alive &&
		    g->level->mon[i].state == MS_HUNT)
			return (i);
	return (-1);
}

/*
 * A kind with "escort minion 2-2", the only kind placed at random, is
 * placed three times, each with two minions beside it that know it as
 * their leader; the leader noticing the player rouses them.
 */
START_TEST(test_escort)
{
	static const char	 monsters[] =
	    "monster boss\nglyph B\nhp 20\ndamage 1-2\nspeed 10\n"
	    "class walk\nplanner astar\nescort minion 2-2\n"
	    "monster minion\nglyph m\nhp 3\ndamage 1\nspeed 10\n"
	    "class walk\nplanner astar\nfrequency 0\nsight 0\nhearing 0\n";
	struct game_config	 cfg;
	struct game		*g;
	struct level		*l;
	char			 dir[] = "/tmp/astray-escort-XXXXXX", path[512];
	char			*cause = NULL;
	int			 boss, minion, i, j, n, bosses = 0, minions = 0;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	copy_file(dir, "terrain.txt");
	copy_file(dir, "items.txt");
	write_file(dir, "monsters.txt", monsters);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = dir;
	cfg.dungeon = FIXTURE("escort.dun");
	cfg.seed = 1;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause != NULL ? cause : "?");
	l = g->level;
	boss = monster_find(&g->monsters, "boss");
	minion = monster_find(&g->monsters, "minion");
	for (i = 0; i < l->nmon; i++) {
		if (l->mon[i].kind != boss)
			continue;
		bosses++;
		for (j = n = 0; j < l->nmon; j++) {
			if (l->mon[j].leader != i + 1)
				continue;
			ck_assert_int_eq(l->mon[j].kind, minion);
			ck_assert_int_le(abs(l->mon[j].x - l->mon[i].x), 2);
			ck_assert_int_le(abs(l->mon[j].y - l->mon[i].y), 2);
			n++;
		}
		ck_assert_int_eq(n, 2);
	}
	for (i = 0; i < l->nmon; i++)
		minions += l->mon[i].kind == minion;
	ck_assert_int_eq(bosses, 3);
	ck_assert_int_eq(minions, 6);
	/*
	 * The minions neither see nor hear: once a boss hunts, its own
	 * come looking all the same.
	 */
	g->hp = g->hp_max = 100000;
	for (i = 0; i < l->nmon; i++)
		if (l->mon[i].kind == boss)
			l->mon[i].state = MS_WANDER;
	for (j = 0; j < 40 && (i = hunting(g, boss)) < 0; j++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	ck_assert_int_ge(i, 0);
	for (j = n = 0; j < l->nmon; j++) {
		if (l->mon[j].leader != i + 1)
			continue;
		ck_assert_int_ne(l->mon[j].state, MS_WANDER);
		n++;
	}
	ck_assert_int_eq(n, 2);
	game_free(g);
	snprintf(path, sizeof path, "%s/terrain.txt", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/items.txt", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/monsters.txt", dir);
	unlink(path);
	rmdir(dir);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("thief");
	TCase	*tc = tcase_create("thief");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_steals_and_flees);
	tcase_add_test(tc, test_thief_gone);
	tcase_add_test(tc, test_thief_stairs);
	tcase_add_test(tc, test_thief_killed);
	tcase_add_test(tc, test_carry_saved);
	tcase_add_test(tc, test_jackdaw);
	tcase_add_test(tc, test_peaceful);
	tcase_add_test(tc, test_peaceful_rest);
	tcase_add_test(tc, test_fight_nothing);
	tcase_add_test(tc, test_drops);
	tcase_add_test(tc, test_escort);
	suite_add_tcase(s, tc);
	return (s);
}
