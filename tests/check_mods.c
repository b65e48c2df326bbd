/*
 * check_mods.c: mods that layer on the shipped data (mods.h), headless.
 *
 * The mods are the fixtures of tests/data/mods (see tests/mods.sh).  The
 * oracle for "merged by name" is the shipped data read alone: an entry a
 * mod replaces keeps the index it has there and takes the mod's values,
 * an entry a mod adds comes after all of the shipped ones, and nothing
 * else moves.  Saves and replays are refused by the mod's name when the
 * mods differ, and a changed mod changes its signature.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "mods.h"
#include "replay.h"
#include "scores.h"
#include "tables.h"
#include "testutil.h"
#include "vault.h"
#include "xmalloc.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif

#define MODS	TEST_DATA "/mods"

/* The three tables, read through the data folder and some mods. */
struct tables {
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
};

static struct tables *
read_tables(const struct mods *ms)
{
	struct tables	*t = calloc(1, sizeof *t);
	char		*cause = NULL;

	ck_assert_ptr_nonnull(t);
	ck_assert_msg(tables_read(SRC_DATA, ms, &t->tt, &t->mt, &t->it,
	    &cause) == 0, "%s", cause);
	return (t);
}

/* Mods from fixture names, in order. */
static void
add_mods(struct mods *ms, const char *const *names)
{
	char	*dir, *cause = NULL;

	memset(ms, 0, sizeof *ms);
	for (; *names != NULL; names++) {
		dir = xasprintf("%s/%s", MODS, *names);
		ck_assert_msg(mods_add(ms, dir, 0, &cause) == 0, "%s", cause);
		free(dir);
	}
}

/* Entries a mod replaces keep their place; new ones come after. */
START_TEST(test_tables_merge)
{
	static const char *const names[] = { "giants", "bigger-orcs",
	    "extras", NULL };
	struct tables	*base, *with;
	struct mods	 ms;
	int		 orc, giant, dart, spear, moss, i;

	base = read_tables(NULL);
	add_mods(&ms, names);
	with = read_tables(&ms);
	orc = monster_find(&base->mt, "orc");
	ck_assert_int_ge(orc, 0);
	ck_assert_int_eq(monster_find(&with->mt, "orc"), orc);
	ck_assert_int_eq(with->mt.k[orc].hp, 30);
	ck_assert_int_eq(base->mt.k[orc].hp, 10);
	ck_assert_int_eq(with->mt.k[orc].layer, 2);
	giant = monster_find(&with->mt, "hill-giant");
	ck_assert_int_eq(giant, base->mt.n);
	ck_assert_int_eq(with->mt.n, base->mt.n + 2);
	/* A mod's template of a kind below: the orc as the mod has it. */
	i = monster_find(&with->mt, "orc-brute");
	ck_assert_int_eq(i, base->mt.n + 1);
	ck_assert_int_eq(with->mt.k[i].hp, 40);
	ck_assert_int_eq(with->mt.k[i].damage_max, with->mt.k[orc].damage_max);
	ck_assert_int_eq(with->mt.k[i].flags, with->mt.k[orc].flags);
	ck_assert_int_eq(with->mt.k[i].layer, 2);
	ck_assert_str_eq(with->mt.k[i].display, "orc brute");
	ck_assert_int_eq(with->mt.k[giant].layer, 1);
	ck_assert_int_eq(with->mt.k[giant].hp, 40);
	for (i = 0; i < base->mt.n; i++) {
		if (i == orc)
			continue;
		ck_assert_str_eq(with->mt.k[i].name, base->mt.k[i].name);
		ck_assert_int_eq(with->mt.k[i].hp, base->mt.k[i].hp);
		ck_assert_int_eq(with->mt.k[i].layer, 0);
	}
	/* The orc's drop, linked in its own layer, to the shipped dart. */
	dart = item_find(&with->it, "dart");
	ck_assert_int_eq(dart, item_find(&base->it, "dart"));
	ck_assert_int_eq(with->mt.k[orc].drops[0].item, dart);
	ck_assert_int_eq(with->it.k[dart].power, 5);
	ck_assert_int_eq(base->it.k[dart].power, 4);
	spear = item_find(&with->it, "stone-spear");
	ck_assert_int_eq(spear, base->it.n);
	/* A new terrain and class: the shipped terrains cannot enter it. */
	moss = terrain_find(&with->tt, "moss");
	ck_assert_int_eq(moss, base->tt.n);
	ck_assert_int_eq(with->tt.nclasses, base->tt.nclasses + 1);
	ck_assert_int_eq(with->tt.t[with->tt.floor].cost[base->tt.nclasses],
	    0);
	ck_assert_int_eq(with->tt.t[moss].cost[with->tt.walk], 2);
	ck_assert_int_eq(with->tt.floor, base->tt.floor);
	mods_free(&ms);
	free(base);
	free(with);
}
END_TEST

/* A name twice in one mod's file is an error; over a lower layer, not. */
START_TEST(test_duplicate_in_a_layer)
{
	struct tables	*t = read_tables(NULL);
	char		*cause = NULL;
	FILE		*f;
	int		 fd;
	char		 tmp[] = "/tmp/astray-mods-XXXXXX";

	ck_assert_int_ge(fd = mkstemp(tmp), 0);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	fputs("monster rat\nglyph r\nhp 3\ndamage 1-2\nspeed 10\nclass walk\n"
	    "planner astar\n", f);
	fclose(f);
	ck_assert_msg(monster_read_layer(&t->mt, 1, &t->tt, tmp, &cause) ==
	    0, "%s", cause);
	ck_assert_int_eq(t->mt.k[monster_find(&t->mt, "rat")].hp, 3);
	/* Two rats in the one file of layer 2: a duplicate. */
	f = fopen(tmp, "a");
	fputs("monster rat\nglyph r\nhp 4\ndamage 1-2\nspeed 10\nclass walk\n"
	    "planner astar\n", f);
	fclose(f);
	ck_assert_int_ne(monster_read_layer(&t->mt, 2, &t->tt, tmp, &cause),
	    0);
	ck_assert_ptr_nonnull(strstr(cause, ":8:9: duplicate monster \"rat\" "
	    "(first defined at line 1)"));
	free(cause);
	unlink(tmp);
	free(t);
}
END_TEST

/* A mod's vault of a shipped name replaces it in place. */
START_TEST(test_vaults_merge)
{
	static const char *const names[] = { "giants", "extras", NULL };
	struct tables		*t;
	struct vault_set	 base, with;
	struct mods		 ms;
	char			*cause = NULL;
	int			 i;

	add_mods(&ms, names);
	t = read_tables(&ms);
	memset(&base, 0, sizeof base);
	memset(&with, 0, sizeof with);
	ck_assert_msg(vault_read_layers(&base, &t->tt, &t->mt, &t->it,
	    SRC_DATA, NULL, &cause) == 0, "%s", cause);
	ck_assert_msg(vault_read_layers(&with, &t->tt, &t->mt, &t->it,
	    SRC_DATA, &ms, &cause) == 0, "%s", cause);
	ck_assert_int_eq(with.n, base.n);
	for (i = 0; i < base.n; i++) {
		ck_assert_str_eq(with.v[i].name, base.v[i].name);
		ck_assert_int_eq(base.v[i].layer, 0);
		if (strcmp(base.v[i].name, "door-maze") == 0) {
			/* the mod's: moss in the north-west room */
			ck_assert_int_eq(with.v[i].layer, 2);
			ck_assert_int_eq(with.v[i].d.terrain[1 *
			    with.v[i].d.width + 1], terrain_find(&t->tt,
			    "moss"));
			ck_assert_int_eq(with.v[i].nrules, 0);
			ck_assert_int_gt(base.v[i].nrules, 0);
		} else {
			ck_assert_int_eq(with.v[i].layer, 0);
			ck_assert_int_eq(with.v[i].line, base.v[i].line);
		}
	}
	vault_set_free(&base);
	vault_set_free(&with);
	mods_free(&ms);
	free(t);
}
END_TEST

/* Files are found in the last layer that has them. */
START_TEST(test_find)
{
	static const char *const names[] = { "giants", "extras", NULL };
	struct mods	 ms;
	char		*p;
	int		 layer = -1;

	add_mods(&ms, names);
	p = mods_find(SRC_DATA, &ms, "dungeons/giant-hall.dun", &layer);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(layer, 1);
	ck_assert_str_eq(p, MODS "/giants/dungeons/giant-hall.dun");
	free(p);
	p = mods_find(SRC_DATA, &ms, "vaults.txt", &layer);
	ck_assert_int_eq(layer, 2);
	free(p);
	p = mods_find(SRC_DATA, &ms, "dungeons/arena.dun", &layer);
	ck_assert_int_eq(layer, 0);
	free(p);
	ck_assert_ptr_null(mods_find(SRC_DATA, &ms, "dungeons/nope.dun",
	    NULL));
	mods_free(&ms);
}
END_TEST

/* Bad mods are refused with a reason; the signature follows the files. */
START_TEST(test_add_and_signature)
{
	struct mods	 ms, again;
	char		*cause = NULL, dir[] = "/tmp/astray-mod-XXXXXX", *path;
	FILE		*f;

	memset(&ms, 0, sizeof ms);
	ck_assert_int_ne(mods_add(&ms, "/nonexistent/mod", 0, &cause), 0);
	ck_assert_str_eq(cause, "/nonexistent/mod: no such mod (a mod is a "
	    "folder)");
	free(cause);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_ne(mods_add(&ms, dir, 0, &cause), 0);
	ck_assert_ptr_nonnull(strstr(cause, "the mod holds nothing astray "
	    "reads"));
	free(cause);
	path = xasprintf("%s/monsters.txt", dir);
	f = fopen(path, "w");
	fputs("# nothing yet\n", f);
	fclose(f);
	ck_assert_int_eq(mods_add(&ms, dir, 0, &cause), 0);
	ck_assert_int_ne(mods_add(&ms, dir, 0, &cause), 0);
	ck_assert_ptr_nonnull(strstr(cause, "is active already"));
	free(cause);
	/* A byte more in a file it reads: another signature. */
	f = fopen(path, "a");
	fputs("#\n", f);
	fclose(f);
	memset(&again, 0, sizeof again);
	ck_assert_int_eq(mods_add(&again, dir, 0, &cause), 0);
	ck_assert_uint_ne(again.m[0].digest, ms.m[0].digest);
	mods_free(&again);
	/* A file it does not read: the same signature. */
	free(path);
	path = xasprintf("%s/README", dir);
	f = fopen(path, "w");
	fputs("notes\n", f);
	fclose(f);
	ck_assert_int_eq(mods_add(&again, dir, 0, &cause), 0);
	mods_free(&again);
	unlink(path);
	free(path);
	path = xasprintf("%s/monsters.txt", dir);
	unlink(path);
	free(path);
	rmdir(dir);
	mods_free(&ms);
}
END_TEST

/* A game with mods saved: refused without them, by name; kept with. */
START_TEST(test_save_refused_by_name)
{
	static const char *const one[] = { "giants", NULL };
	static const char *const two[] = { "giants", "extras", NULL };
	struct game_config	 cfg;
	struct game		*g, *back;
	struct mods		 m1, m2;
	char			*cause = NULL, path[] = "/tmp/astray-mods-save-"
				    "XXXXXX";
	int			 fd;

	add_mods(&m1, one);
	add_mods(&m2, two);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.mods = &m1;
	cfg.dungeon = MODS "/giants/dungeons/giant-hall.dun";
	cfg.seed = 7;
	ck_assert_msg((g = game_new(&cfg, &cause)) != NULL, "%s", cause);
	ck_assert_int_ge(fd = mkstemp(path), 0);
	close(fd);
	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
	cfg.mods = NULL;
	ck_assert_ptr_null(game_load(path, &cfg, &cause));
	ck_assert_msg(strstr(cause, "it was played with the mod \"giants\", "
	    "which is not active") != NULL, "%s", cause);
	free(cause);
	cfg.mods = &m2;
	ck_assert_ptr_null(game_load(path, &cfg, &cause));
	ck_assert_msg(strstr(cause, "it was played without the mod "
	    "\"extras\", which is active") != NULL, "%s", cause);
	free(cause);
	cfg.mods = &m1;
	ck_assert_msg((back = game_load(path, &cfg, &cause)) != NULL, "%s",
	    cause);
	game_free(back);
	game_free(g);
	unlink(path);
	mods_free(&m1);
	mods_free(&m2);
}
END_TEST

/* A replay keeps its mods and says which differ. */
START_TEST(test_replay_mods)
{
	static const char *const one[] = { "giants", NULL };
	static const char *const two[] = { "giants", "extras", NULL };
	struct replay	 r, back;
	struct mods	 m1, m2;
	char		*text, *cause = NULL, *why;
	size_t		 len;

	add_mods(&m1, one);
	add_mods(&m2, two);
	memset(&r, 0, sizeof r);
	r.seed = 4;
	r.keys = (char *)(uintptr_t)"hjkl";
	r.nkeys = 4;
	r.nmods = 1;
	memcpy(r.mod[0], "giants", 7);
	r.mod_digest[0] = m1.m[0].digest;
	ck_assert_ptr_nonnull(text = replay_format(&r, &len, &cause));
	ck_assert_msg(replay_parse(&back, "r", text, len, &cause) == 0, "%s",
	    cause);
	free(text);
	ck_assert_int_eq(back.nmods, 1);
	ck_assert_str_eq(back.mod[0], "giants");
	ck_assert_uint_eq(back.mod_digest[0], m1.m[0].digest);
	ck_assert_ptr_null(replay_mods_differ(&back, &m1));
	ck_assert_ptr_nonnull(why = replay_mods_differ(&back, NULL));
	ck_assert_str_eq(why, "the replay was played with the mod \"giants\", "
	    "which is not active (add it with --mod DIR, or install it)");
	free(why);
	ck_assert_ptr_nonnull(why = replay_mods_differ(&back, &m2));
	ck_assert_ptr_nonnull(strstr(why, "without the mod \"extras\""));
	free(why);
	back.mod_digest[0]++;
	ck_assert_ptr_nonnull(why = replay_mods_differ(&back, &m1));
	ck_assert_ptr_nonnull(strstr(why, "the mod \"giants\" has changed"));
	free(why);
	replay_free(&back);
	/* A bad signature, at its column. */
	ck_assert_int_ne(replay_parse(&back, "r", "astray-replay 1\nseed 1\n"
	    "mod giants 12zz\n", 38, &cause), 0);
	ck_assert_str_eq(cause, "r:3:12: a mod's signature is 16 "
	    "hexadecimal digits");
	free(cause);
	mods_free(&m1);
	mods_free(&m2);
}
END_TEST

/* The high scores keep the mods; a table of before mods still reads. */
START_TEST(test_scores_mods)
{
	struct score	 e, t[SCORES_MAX];
	char		*cause = NULL, path[] = "/tmp/astray-mods-scores-XXXXXX";
	FILE		*f;
	int		 fd;

	ck_assert_int_ge(fd = mkstemp(path), 0);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	fputs("100\t50\t2\t7\tdied\tkilled by a rat\n", f);
	fclose(f);
	memset(&e, 0, sizeof e);
	e.score = 200;
	e.turns = 60;
	e.depth = 3;
	e.seed = 8;
	snprintf(e.result, sizeof e.result, "won");
	snprintf(e.cause, sizeof e.cause, "escaped");
	snprintf(e.mods, sizeof e.mods, "giants,extras");
	ck_assert_int_eq(scores_add(path, &e, &cause), 1);
	ck_assert_int_eq(scores_read(path, t, SCORES_MAX, &cause), 2);
	ck_assert_str_eq(t[0].mods, "giants,extras");
	ck_assert_str_eq(t[1].mods, "");
	ck_assert_str_eq(t[1].cause, "killed by a rat");
	unlink(path);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mods");
	TCase	*tc = tcase_create("mods");

	tcase_add_test(tc, test_tables_merge);
	tcase_add_test(tc, test_duplicate_in_a_layer);
	tcase_add_test(tc, test_vaults_merge);
	tcase_add_test(tc, test_find);
	tcase_add_test(tc, test_add_and_signature);
	tcase_add_test(tc, test_save_refused_by_name);
	tcase_add_test(tc, test_replay_mods);
	tcase_add_test(tc, test_scores_mods);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return (s);
}
