/*
 * headless.c: astray --headless.
 *
 * Which game: a replay file's (its seed, dungeon and keys), a new one
 * from --seed (and --dungeon), or, with neither, the saved game if there
 * is one, as the terminal game would restore it, else a new game with a
 * seed from the clock.  Keys go through the same key machine as in the
 * terminal and into the game's key log, so --record writes a replay that
 * reproduces the run.  'S' saves and stops, but never over another
 * game's save; a game that ends is entered in the high scores and its
 * save, if any, removed.  A restored game holds its save (savefile.h)
 * and keeps it current: checkpoints as it plays, and its last state when
 * the keys run out, so no run starts again from an older save.
 *
 * Output, on standard output: one line per turn with --each-turn, and a
 * closing line, both ending with the state's digest.  A bad key, file or
 * save is one line on standard error and a non-zero exit: 1 for bad
 * input, 2 for bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "files.h"
#include "game.h"
#include "headless.h"
#include "keys.h"
#include "replay.h"
#include "savefile.h"
#include "scores.h"
#include "xmalloc.h"

/* The default save file: see headless.h. */
char *
headless_save_path(char **cause)
{
	char	*dir, *path;

	if ((dir = files_data_home(cause)) == NULL)
		return (NULL);
	path = xasprintf("%s/astray.save", dir);
	free(dir);
	return (path);
}

static uint64_t
headless_clock(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

static const char *const headless_status[] = {
	"playing", "won", "dead", "saved", "quit"
};

/* Prints a state line: prefix, turn, depth, hp, position, digest. */
static void
headless_line(const struct game *g, const char *prefix)
{
	struct game_info	gi;

	game_info(g, &gi);
	printf("%s turn %ld depth %d hp %d/%d pos %d,%d monsters %d "
	    "status %s score %ld digest %016llx\n", prefix, gi.turn, gi.depth,
	    gi.hp, gi.hp_max, gi.px, gi.py, gi.monsters,
	    headless_status[gi.status], gi.score,
	    (unsigned long long)game_digest(g));
}

/* Prints the messages given since the last call (*printed of them). */
static void
headless_messages(const struct game *g, long *printed)
{
	long		 total = game_message_total(g), i, turn;
	const char	*m;

	for (i = total - *printed - 1; i >= 0; i--) {
		if ((m = game_message_text(g, (int)i, &turn)) != NULL)
			printf("message %ld %s\n", turn, m);
	}
	*printed = total;
}

/* Enters a finished game in the high scores; 0, or -1 with *cause set. */
static int
headless_score(const struct game *g, const char *scores, char **cause)
{
	char	*path;
	int	 rc;

	if (scores != NULL)
		return (scores_add_game(scores, g, cause) < 0 ? -1 : 0);
	if ((path = scores_default_path(cause)) == NULL)
		return (-1);
	rc = scores_add_game(path, g, cause) < 0 ? -1 : 0;
	free(path);
	return (rc);
}

/* Says so on standard error when a dungeon had no room for its monsters. */
static void
headless_monsters_short(const struct game *g)
{
	struct game_info	gi;

	game_info(g, &gi);
	if (gi.monsters_short > 0)
		fprintf(stderr, "astray: only %d of the %d monsters asked for "
		    "found room on the level\n", gi.monsters_asked -
		    gi.monsters_short, gi.monsters_asked);
}

/* A seed for a game nobody chose one for, printed so it can be replayed. */
static uint64_t
headless_random_seed(void)
{
	uint64_t	seed;

	seed = ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32)) %
	    UINT64_C(1000000000000000000);
	printf("seed %llu\n", (unsigned long long)seed);
	return (seed);
}

/* Runs the game headless: see headless.h. */
int
headless_run(const struct headless_options *o)
{
	struct game_config	 cfg;
	struct game		*g = NULL;
	struct replay		 r, rec;
	struct keys		 ks;
	struct game_action	 a;
	struct game_origin	 origin;
	struct savefile		*sf = NULL;
	enum keys_result	 kr;
	const char		*keys = o->keys;
	char			*save = NULL, *cause = NULL, *text;
	size_t			 i, n;
	long			 printed = 0;
	uint64_t		 t0;
	int			 status = 0, restored = 0;

	memset(&cfg, 0, sizeof cfg);
	memset(&r, 0, sizeof r);
	cfg.data_dir = o->data_dir;
	cfg.dungeon = o->dungeon;
	cfg.depths = o->depths;
	cfg.monsters = o->monsters;
	cfg.planner = o->planner;
	cfg.hunted = o->hunted;
	cfg.clock_ns = headless_clock;
	if (o->save != NULL)
		save = xstrdup(o->save);
	else if ((save = headless_save_path(&cause)) == NULL)
		goto bad;

	if (o->replay != NULL) {
		if (replay_read(&r, o->replay, &cause) != 0)
			goto bad;
		cfg.seed = r.seed;
		cfg.dungeon = r.dungeon;
		cfg.depths = r.depths;
		cfg.monsters = r.monsters;
		if (keys == NULL)
			keys = r.keys;
	} else if (o->have_seed)
		cfg.seed = o->seed;
	else if (o->dungeon != NULL)
		cfg.seed = headless_random_seed();
	else {
		/* Restoring: the save is this run's until it ends. */
		if ((sf = savefile_open(save, &cause)) == NULL)
			goto bad;
		if (savefile_exists(sf)) {
			if ((g = savefile_load(sf, &cfg, &cause)) == NULL)
				goto bad;
			restored = 1;
		} else {
			savefile_close(sf);
			sf = NULL;
			cfg.seed = headless_random_seed();
		}
	}
	if (g == NULL && (g = game_new(&cfg, &cause)) == NULL)
		goto bad;
	if (!restored)
		headless_monsters_short(g);
	if (o->messages)
		headless_messages(g, &printed);

	keys_init(&ks);
	n = keys != NULL ? strlen(keys) : 0;
	for (i = 0; i < n && game_status(g) == GAME_PLAYING; i++) {
		/* Spaces group keys for the reader ('o l': open east). */
		if (keys[i] == ' ' && keys != r.keys)
			continue;
		kr = keys_feed(&ks, (unsigned char)keys[i], &a);
		if (kr == KEYS_UNKNOWN) {
			fprintf(stderr, "astray: key %zu, '%c', is not a game "
			    "key (see --help)\n", i + 1, keys[i]);
			status = 2;
			goto out;
		}
		/* Saving is not part of the game: a replay never holds 'S'. */
		if (kr != KEYS_ACTION || a.cmd != GAME_CMD_SAVE)
			game_log_key(g, keys[i] == 27 ? KEYS_CANCEL_KEY :
			    (unsigned char)keys[i]);
		if (kr != KEYS_ACTION)
			continue;
		/* An 'S' in a replay (an older one, or hand-made): play on. */
		if (a.cmd == GAME_CMD_SAVE && keys == r.keys)
			continue;
		t0 = headless_clock();
		if (game_act(g, a) && o->each_turn)
			headless_line(g, "state");
		if (restored && savefile_checkpoint(sf, g, &cause) < 0)
			goto bad;
		if (o->timing)
			fprintf(stderr, "time %llu\n",
			    (unsigned long long)(headless_clock() - t0));
		if (o->messages)
			headless_messages(g, &printed);
	}
	if (i < n && game_status(g) != GAME_SAVED)
		fprintf(stderr, "astray: the game ended with %zu keys left "
		    "over\n", n - i);

	if (game_status(g) == GAME_SAVED) {
		if (sf == NULL && (sf = savefile_open(save, &cause)) == NULL)
			goto bad;
		if (!restored && savefile_exists(sf)) {
			cause = xasprintf("%s holds another saved game; it was "
			    "not overwritten (finish it, or use --save FILE)",
			    save);
			goto bad;
		}
		if (savefile_write(sf, g, &cause) != 0)
			goto bad;
		printf("saved %s\n", save);
	} else if (game_status(g) != GAME_PLAYING) {
		if (restored)
			savefile_remove(sf);
		/* Said, and exit 1, but the replay and the end line still. */
		if (headless_score(g, o->scores, &cause) != 0) {
			fprintf(stderr, "astray: %s\n", cause);
			free(cause);
			cause = NULL;
			status = 1;
		}
	} else if (restored && savefile_write(sf, g, &cause) != 0)
		goto bad;	/* the save follows a restored game: no going back */
	if (o->record != NULL) {
		memset(&rec, 0, sizeof rec);
		game_origin(g, &origin);
		rec.seed = origin.seed;
		rec.dungeon = (char *)(uintptr_t)origin.dungeon;
		rec.depths = origin.depths;
		rec.monsters = origin.monsters;
		rec.keys = (char *)(uintptr_t)game_keys(g, &rec.nkeys);
		if (replay_write(o->record, &rec, &cause) != 0)
			goto bad;
	}
	if (o->show_level) {
		text = game_level_text(g);
		fputs(text, stdout);
		free(text);
	}
	headless_line(g, "end");
	goto out;

bad:
	fprintf(stderr, "astray: %s\n", cause);
	free(cause);
	status = 1;
out:
	savefile_close(sf);
	game_free(g);
	replay_free(&r);
	free(save);
	return (status);
}
