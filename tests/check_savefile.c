/*
 * check_savefile.c: the save a running game holds (src/game/play/savefile.c).
 *
 * The lock is tested across real processes, as players meet it: a child
 * takes the save and waits; while it lives, taking the same save fails
 * with a message naming the save and the child's process id, and leaves
 * the file byte for byte; once the child is killed with SIGKILL (no
 * chance to clean up), the save can be taken at once: no stale lock.  A
 * child that ends normally leaves no lock file.
 *
 * The checkpoint policy is checked against its definition turn by turn:
 * savefile_checkpoint() writes exactly when the depth differs from the
 * last write's or the turn has entered a new span of SAVEFILE_EVERY
 * turns, and what it wrote loads back as the game at that moment (equal
 * digests).  To reach a new level without walking a maze, the test puts
 * the player on the stairs of a generated level (found in the level's
 * text) and descends.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "state.h"
#include "savefile.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* A scratch folder of the test's own; the caller removes it. */
static char *
scratch(void)
{
	char	tmpl[] = "/tmp/astray-savefile.XXXXXX";

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	return (strdup(tmpl));
}

/* Reads a whole small file into buf; returns its length or -1. */
static long
slurp(const char *path, char *buf, size_t size)
{
	FILE	*f = fopen(path, "rb");
	size_t	 n;

	if (f == NULL)
		return (-1);
	n = fread(buf, 1, size, f);
	fclose(f);
	return ((long)n);
}

/* A child that takes the save, says so through a pipe, and waits. */
static pid_t
holder(const char *path)
{
	struct savefile	*sf;
	char		*cause = NULL, c;
	int		 fd[2];
	pid_t		 pid;

	ck_assert_int_eq(pipe(fd), 0);
	if ((pid = fork()) == 0) {
		close(fd[0]);
		sf = savefile_open(path, &cause);
		c = sf != NULL ? 'y' : 'n';
		if (write(fd[1], &c, 1) != 1)
			_exit(2);
		if (sf == NULL)
			_exit(1);
		pause();	/* until killed */
		savefile_close(sf);
		_exit(0);
	}
	ck_assert_int_gt(pid, 0);
	close(fd[1]);
	ck_assert_int_eq(read(fd[0], &c, 1), 1);
	close(fd[0]);
	ck_assert_msg(c == 'y', "the child could not take the save");
	return (pid);
}

START_TEST(test_lock_across_processes)
{
	struct savefile	*sf;
	char		*dir = scratch(), *path, *cause = NULL, *want;
	char		 before[64], after[64];
	long		 nb, na;
	pid_t		 pid;
	int		 status;
	FILE		*f;

	path = malloc(strlen(dir) + 16);
	sprintf(path, "%s/a.save", dir);
	f = fopen(path, "w");
	fputs("a saved game", f);
	fclose(f);
	nb = slurp(path, before, sizeof before);

	pid = holder(path);
	sf = savefile_open(path, &cause);
	ck_assert_msg(sf == NULL, "a save in use was taken twice");
	want = malloc(strlen(path) + 80);
	sprintf(want, "%s is in use by another astray (process %ld)", path,
	    (long)pid);
	ck_assert_msg(strncmp(cause, want, strlen(want)) == 0, "message "
	    "\"%s\", not \"%s...\"", cause, want);
	free(cause);
	cause = NULL;
	na = slurp(path, after, sizeof after);
	ck_assert(na == nb && memcmp(before, after, (size_t)na) == 0);

	/* Killed without a chance to clean up: no stale lock. */
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	sf = savefile_open(path, &cause);
	ck_assert_msg(sf != NULL, "after the holder was killed: %s", cause);
	ck_assert(savefile_exists(sf));
	savefile_close(sf);
	sprintf(want, "%s.lock", path);
	ck_assert_msg(access(want, F_OK) != 0, "%s left behind", want);
	unlink(path);
	rmdir(dir);
	free(want);
	free(path);
	free(dir);
}
END_TEST

/* Finds the stairs '>' in the level's text; 0, or -1 if there are none. */
static int
find_stairs(const struct game *g, int *sx, int *sy)
{
	char	*text = game_level_text(g), *line, *save;
	int	 y = -1, rc = -1;

	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save), y++) {
		if (y >= 0 && strchr(line, '>') != NULL) {
			*sx = (int)(strchr(line, '>') - line);
			*sy = y;
			rc = 0;
			break;
		}
	}
	free(text);
	return (rc);
}

/* Whether the policy wants a write now: its definition, independently. */
static int
due(int last_depth, long last_turn, const struct game *g)
{
	struct game_info	gi;

	game_info(g, &gi);
	return (gi.depth != last_depth || gi.turn / SAVEFILE_EVERY !=
	    last_turn / SAVEFILE_EVERY);
}

START_TEST(test_checkpoints)
{
	struct game_config	 cfg;
	struct game_action	 wait = { .cmd = GAME_CMD_WAIT };
	struct game_action	 down = { .cmd = GAME_CMD_DESCEND };
	struct game_info	 gi;
	struct savefile		*sf;
	struct game		*g, *back;
	char			*dir = scratch(), *path, *cause = NULL;
	int			 last_depth, writes = 0, level_writes = 0;
	int			 sx, sy, rc, want, step;
	long			 last_turn;
	uint64_t		 seed;

	path = malloc(strlen(dir) + 16);
	sprintf(path, "%s/c.save", dir);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.depths = 3;
	/* A seed whose player lives through the waits below. */
	for (seed = 7; seed < 40; seed++) {
		cfg.seed = seed;
		ck_assert_ptr_nonnull(g = game_new(&cfg, &cause));
		for (step = 0; step < 250 && game_status(g) == GAME_PLAYING;
		    step++)
			game_act(g, wait);
		rc = game_status(g) == GAME_PLAYING;
		game_free(g);
		if (rc)
			break;
	}
	ck_assert_ptr_nonnull(g = game_new(&cfg, &cause));
	ck_assert_ptr_nonnull(sf = savefile_open(path, &cause));
	ck_assert_int_eq(savefile_checkpoint(sf, g, &cause), 1);
	game_info(g, &gi);
	last_depth = gi.depth;
	last_turn = gi.turn;
	for (step = 0; step < 260 && game_status(g) == GAME_PLAYING; step++) {
		if (step == 130 || step == 131) {
			/* The stairs, for a new level (twice: two levels). */
			ck_assert_int_eq(find_stairs(g, &sx, &sy), 0);
			if (level_monster_at(g->level, sx, sy) != NULL)
				continue;
			g->px = sx;
			g->py = sy;
			game_act(g, down);
		} else
			game_act(g, wait);
		want = due(last_depth, last_turn, g) &&
		    game_status(g) == GAME_PLAYING;
		rc = savefile_checkpoint(sf, g, &cause);
		ck_assert_msg(rc == want, "step %d: checkpoint %d, want %d",
		    step, rc, want);
		if (rc != 1)
			continue;
		game_info(g, &gi);
		writes++;
		level_writes += gi.depth != last_depth;
		last_depth = gi.depth;
		last_turn = gi.turn;
		ck_assert_ptr_nonnull(back = game_load(path, &cfg, &cause));
		ck_assert(game_digest(back) == game_digest(g));
		game_free(back);
	}
	ck_assert_msg(level_writes == 2 && writes > level_writes, "%d writes, "
	    "%d for new levels", writes, level_writes);
	savefile_close(sf);
	game_free(g);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}
END_TEST

/* The suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("savefile");
	TCase	*tc;

	tc = tcase_create("lock");
	tcase_add_test(tc, test_lock_across_processes);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	tc = tcase_create("checkpoints");
	tcase_add_test(tc, test_checkpoints);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return (s);
}
