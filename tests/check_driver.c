/*
 * check_driver.c: which game a front end opens (src/driver/driver.c).
 *
 * The policy both front ends follow, written once in the driver, is
 * tested here as the terminal and the headless driver use it, on a
 * scratch folder of saves and scores:
 *
 *   - no seed and no dungeon, no save there: a new game whose seed,
 *     chosen from the clock and the process id, is printed (headless)
 *     and is the game's own, below 10^18; no save is held after;
 *   - no seed and no dungeon, a save there: that game, restored, holding
 *     its save, with the digest it was saved with; a dungeon and no seed,
 *     a save there: a new game of that dungeon, its seed printed;
 *   - a seed with a save there, holding the save from the start (the
 *     terminal): the front end is asked, and a "no" keeps the save
 *     untouched and says how to play it; a "yes" opens the new game;
 *   - saving a game that holds no save never overwrites another game's;
 *   - a game over removes the save it holds and enters the score table,
 *     unless it was a study, which leaves the table as it was;
 *   - a game over leaves a morgue file beside the table, which replays to
 *     the same game and never replaces another; none for a game of study
 *     rules (--hunted), which no replay reproduces; a folder that cannot
 *     be written is said for the table and the morgue both.
 */
#include <sys/stat.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "keys.h"
#include "replay.h"
#include "scores.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* The scratch folder of one test, and its files. */
struct place {
	char	dir[64];
	char	save[96];
	char	scores[96];
};

/* Makes a scratch folder with a save and a score table named in it. */
static void
place_make(struct place *p, struct driver_options *o)
{
	snprintf(p->dir, sizeof p->dir, "/tmp/astray-driver.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(p->dir));
	snprintf(p->save, sizeof p->save, "%s/astray.save", p->dir);
	snprintf(p->scores, sizeof p->scores, "%s/scores", p->dir);
	memset(o, 0, sizeof *o);
	o->data_dir = SRC_DATA;
	o->save = p->save;
	o->scores = p->scores;
}

/* Removes the scratch folder and what the tests left in it. */
static void
place_remove(const struct place *p)
{
	struct dirent	*de;
	DIR		*d;
	char		 path[512];

	if ((d = opendir(p->dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strncmp(de->d_name, "morgue-", 7) != 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", p->dir,
			    de->d_name);
			unlink(path);
		}
		closedir(d);
	}
	unlink(p->save);
	unlink(p->scores);
	snprintf(path, sizeof path, "%s.lock", p->save);
	unlink(path);
	rmdir(p->dir);
}

/* Opens a session or fails the test with the driver's reason. */
static void
open_ok(struct driver_session *s, const struct driver_options *o,
    const struct driver_open *how)
{
	char	*cause = NULL;

	ck_assert_msg(driver_open(s, o, how, &cause) == 0, "driver_open: %s",
	    cause);
}

/* Plays a few waits, so a game is not the one a seed makes. */
static void
play_a_little(struct game *g)
{
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	int			i;

	for (i = 0; i < 3; i++)
		ck_assert(game_act(g, a));
}

/* Writes the session's game to its save. */
static void
save_ok(struct driver_session *s)
{
	char	*cause = NULL;

	ck_assert_msg(driver_save(s, &cause) == 0, "driver_save: %s", cause);
}

/*
 * Leaves a saved game of the seed in the place's save (played a little
 * if asked), the options then asking for no seed; returns its digest.
 */
static uint64_t
saved_game(struct driver_options *o, uint64_t seed, int play)
{
	struct driver_open	how = { .hold = 0 };
	struct driver_session	s;
	uint64_t		digest;

	o->have_seed = 1;
	o->seed = seed;
	open_ok(&s, o, &how);
	if (play)
		play_a_little(s.game);
	digest = game_digest(s.game);
	save_ok(&s);
	driver_close(&s);
	o->have_seed = 0;
	return (digest);
}

/* No seed, no dungeon, no save: a new game, its seed printed. */
START_TEST(test_new_game_random_seed)
{
	struct driver_options	 o;
	struct driver_session	 s;
	struct driver_open	 how = { .hold = 0 };
	struct game_origin	 origin;
	struct place		 p;
	char			 line[64], want[64];
	FILE			*out;

	place_make(&p, &o);
	ck_assert_ptr_nonnull(out = tmpfile());
	how.announce = out;
	open_ok(&s, &o, &how);
	ck_assert(!s.restored);
	ck_assert_ptr_null(s.save);
	ck_assert_str_eq(s.save_path, p.save);
	game_origin(s.game, &origin);
	ck_assert(origin.seed < UINT64_C(1000000000000000000));
	rewind(out);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, out));
	snprintf(want, sizeof want, "seed %llu\n",
	    (unsigned long long)origin.seed);
	ck_assert_str_eq(line, want);
	fclose(out);
	driver_close(&s);
	ck_assert_ptr_null(s.game);
	place_remove(&p);
}
END_TEST

/* No seed, no dungeon, a save: that game, restored and held. */
START_TEST(test_restore)
{
	struct driver_options	 o;
	struct driver_session	 s;
	struct driver_open	 how = { .hold = 0 };
	struct place		 p;
	uint64_t		 digest;

	place_make(&p, &o);
	digest = saved_game(&o, 42, 1);
	open_ok(&s, &o, &how);
	ck_assert(s.restored);
	ck_assert_ptr_nonnull(s.save);
	ck_assert_uint_eq(game_digest(s.game), digest);
	driver_close(&s);
	place_remove(&p);
}
END_TEST

/* A dungeon and no seed, with a save there: a new game, not the save. */
START_TEST(test_dungeon_is_new)
{
	struct driver_options	 o;
	struct driver_session	 s;
	struct driver_open	 how = { .hold = 0 };
	struct game_origin	 origin;
	struct place		 p;
	char			 line[64];
	FILE			*out;

	place_make(&p, &o);
	saved_game(&o, 9, 0);
	o.dungeon = SRC_DATA "/dungeons/arena.dun";
	ck_assert_ptr_nonnull(out = tmpfile());
	how.announce = out;
	open_ok(&s, &o, &how);
	ck_assert(!s.restored);
	game_origin(s.game, &origin);
	ck_assert_ptr_nonnull(origin.dungeon);
	ck_assert_ptr_nonnull(strstr(origin.dungeon, "arena.dun"));
	rewind(out);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, out));
	ck_assert(strncmp(line, "seed ", 5) == 0);
	fclose(out);
	driver_close(&s);
	place_remove(&p);
}
END_TEST

/* The terminal's answer, for the tests below. */
static int	replace_answer;
static int	replace_asked;

/* Answers whether a new game may replace the save. */
static int
replace(const char *save)
{
	replace_asked++;
	ck_assert_ptr_nonnull(strstr(save, "astray.save"));
	return (replace_answer);
}

/* A new game over a save, held from the start: asked; "no" keeps it. */
START_TEST(test_replace_asks)
{
	struct driver_options	 o;
	struct driver_session	 s;
	struct driver_open	 hold = { .hold = 1, .replace = replace };
	struct place		 p;
	struct stat		 before, after;
	char			*cause = NULL;

	place_make(&p, &o);
	saved_game(&o, 7, 1);
	ck_assert_int_eq(stat(p.save, &before), 0);

	o.have_seed = 1;
	o.seed = 8;
	replace_answer = 0;
	replace_asked = 0;
	ck_assert_int_eq(driver_open(&s, &o, &hold, &cause), -1);
	ck_assert_int_eq(replace_asked, 1);
	ck_assert_ptr_nonnull(strstr(cause, "was kept"));
	ck_assert_ptr_null(s.game);
	free(cause);
	ck_assert_int_eq(stat(p.save, &after), 0);
	ck_assert(before.st_size == after.st_size &&
	    before.st_mtime == after.st_mtime &&
	    before.st_ino == after.st_ino);

	replace_answer = 1;
	open_ok(&s, &o, &hold);
	ck_assert_int_eq(replace_asked, 2);
	ck_assert(!s.restored);
	ck_assert_ptr_nonnull(s.save);
	driver_close(&s);
	place_remove(&p);
}
END_TEST

/* Saving a game that holds no save never overwrites another game's. */
START_TEST(test_save_refuses_other)
{
	struct driver_options	 o;
	struct driver_session	 t;
	struct driver_open	 how = { .hold = 0 };
	struct place		 p;
	char			*cause = NULL;

	place_make(&p, &o);
	saved_game(&o, 3, 0);
	o.have_seed = 1;
	o.seed = 4;
	open_ok(&t, &o, &how);
	ck_assert_int_eq(driver_save(&t, &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, "holds another saved game"));
	free(cause);
	driver_close(&t);
	place_remove(&p);
}
END_TEST

/* A game over: its held save gone, the table entered unless a study. */
START_TEST(test_game_over)
{
	struct driver_options	 o;
	struct driver_session	 s;
	struct driver_open	 how = { .hold = 0 };
	struct game_action	 quit = { .cmd = GAME_CMD_QUIT };
	struct score		 table[SCORES_MAX];
	struct driver_ending	 end;
	struct place		 p;
	char			*cause = NULL;

	place_make(&p, &o);
	saved_game(&o, 5, 0);
	open_ok(&s, &o, &how);		/* restored: holds the save */
	ck_assert(s.restored);
	game_act(s.game, quit);
	ck_assert_int_eq(driver_game_over(&s, p.scores, 1, &end), 0);
	ck_assert_msg(access(p.save, F_OK) != 0, "the save of a game over "
	    "is still there");
	ck_assert_int_eq(end.rank, 0);
	driver_ending_free(&end);
	ck_assert_int_eq(scores_read(p.scores, table, SCORES_MAX, &cause), 0);
	ck_assert_int_eq(driver_game_over(&s, p.scores, 0, &end), 0);
	ck_assert_int_eq(end.rank, 1);
	driver_ending_free(&end);
	ck_assert_int_eq(scores_read(p.scores, table, SCORES_MAX, &cause), 1);
	ck_assert_uint_eq(table[0].seed, 5);
	driver_close(&s);
	place_remove(&p);
}
END_TEST

/* Plays game keys as a player types them, each logged for the replay. */
static void
play_keys(struct game *g, const char *keys)
{
	struct game_action	a;
	struct keys		ks;
	enum keys_result	r;

	keys_init(&ks);
	for (; *keys != '\0'; keys++) {
		r = keys_feed(&ks, (unsigned char)*keys, &a);
		ck_assert(r != KEYS_UNKNOWN);
		game_log_key(g, (unsigned char)*keys);
		if (r == KEYS_ACTION)
			game_act(g, a);
	}
}

/* Reads a whole small file into buf; fails the test if it cannot. */
static void
slurp(const char *path, char *buf, size_t size)
{
	FILE	*f = fopen(path, "r");
	size_t	 n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/*
 * A game over leaves a morgue file beside the scores that tells how it
 * ended and replays to the same game; a second one of the same game and
 * second takes another name; a game of study rules leaves none; a folder
 * that is not there is said, for the table and the morgue both.
 */
START_TEST(test_morgue)
{
	struct driver_options	 o;
	struct driver_session	 s, t;
	struct driver_open	 how = { .hold = 0 };
	struct driver_ending	 end, again;
	struct replay		 r;
	struct place		 p;
	char			*cause = NULL, text[8192], prefix[128];
	char			 bad[160];

	place_make(&p, &o);
	o.have_seed = 1;
	o.seed = 11;
	open_ok(&s, &o, &how);
	play_keys(s.game, "..l.Qy");
	ck_assert_int_eq(game_status(s.game), GAME_QUIT);
	ck_assert_int_eq(driver_game_over(&s, p.scores, 0, &end), 0);
	ck_assert_ptr_nonnull(end.morgue);
	snprintf(prefix, sizeof prefix, "%s/morgue-11-", p.dir);
	ck_assert_msg(strncmp(end.morgue, prefix, strlen(prefix)) == 0,
	    "the morgue is %s, not %s...", end.morgue, prefix);
	slurp(end.morgue, text, sizeof text);
	ck_assert_msg(strstr(text, "# seed     11\n") != NULL &&
	    strstr(text, "# result   gave up: gave up on ") != NULL &&
	    strstr(text, "# turns    4\n") != NULL &&
	    strstr(text, "You enter ") != NULL, "the morgue reads:\n%s",
	    text);

	/* Its replay is the game: the same keys, the same end. */
	ck_assert_msg(replay_read(&r, end.morgue, &cause) == 0, "%s", cause);
	ck_assert_uint_eq(r.seed, 11);
	ck_assert_str_eq(r.keys, "..l.Qy");
	o.seed = r.seed;
	open_ok(&t, &o, &how);
	play_keys(t.game, r.keys);
	ck_assert_uint_eq(game_digest(t.game), game_digest(s.game));
	driver_close(&t);
	replay_free(&r);

	/* The same game again, the same second: another name. */
	ck_assert_int_eq(driver_game_over(&s, p.scores, 1, &again), 0);
	ck_assert_ptr_nonnull(again.morgue);
	ck_assert_str_ne(again.morgue, end.morgue);
	ck_assert(access(end.morgue, F_OK) == 0);
	driver_ending_free(&again);
	driver_ending_free(&end);
	driver_close(&s);

	/* Study rules: no replay reproduces the game, so no morgue. */
	o.hunted = 1;
	open_ok(&s, &o, &how);
	play_keys(s.game, "Qy");
	ck_assert_int_eq(driver_game_over(&s, p.scores, 0, &end), 0);
	ck_assert_ptr_null(end.morgue);
	ck_assert_ptr_null(end.morgue_error);
	driver_ending_free(&end);
	driver_close(&s);
	o.hunted = 0;

	/* A folder that is not there: both said, the game not lost. */
	snprintf(bad, sizeof bad, "%s/gone/scores", p.dir);
	open_ok(&s, &o, &how);
	play_keys(s.game, "Qy");
	ck_assert_int_eq(driver_game_over(&s, bad, 0, &end), -1);
	ck_assert_ptr_nonnull(end.scores_error);
	ck_assert_ptr_nonnull(end.morgue_error);
	ck_assert_msg(strstr(end.morgue_error, "/gone: cannot write the "
	    "morgue file there: No such file") != NULL, "%s",
	    end.morgue_error);
	driver_ending_free(&end);
	driver_close(&s);
	place_remove(&p);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("driver");
	TCase	*tc = tcase_create("open");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_new_game_random_seed);
	tcase_add_test(tc, test_restore);
	tcase_add_test(tc, test_dungeon_is_new);
	tcase_add_test(tc, test_replace_asks);
	tcase_add_test(tc, test_save_refuses_other);
	tcase_add_test(tc, test_game_over);
	tcase_add_test(tc, test_morgue);
	suite_add_tcase(s, tc);
	return (s);
}
