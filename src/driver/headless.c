/*
 * headless.c: astray --headless.
 *
 * Which game: a replay file's (its seed, dungeon and keys), or the one
 * the driver's policy chooses (driver.h), as the terminal would, a seed
 * from the clock printed so the game can be replayed.  Keys go through
 * the same key machine as in the terminal and into the game's key log, so
 * --record writes a replay that reproduces the run.  'S' saves and stops,
 * but never over another game's save; a game that ends is entered in the
 * high scores, leaves its morgue file beside them (record.h), and its
 * save, if any, is removed.  A restored game holds its
 * save (savefile.h) and keeps it current: checkpoints as it plays, and
 * its last state when the keys run out, so no run starts again from an
 * older save.
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

#include "game.h"
#include "headless.h"
#include "keys.h"
#include "record.h"
#include "replay.h"
#include "xmalloc.h"

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

/* The messages printed so far: how many, and the newest's words. */
struct headless_printed {
	long	n;
	char	newest[256];
};

/*
 * Prints the messages given since the last call, and the newest printed
 * then again if a repeat has since been merged into it ("(x2)").
 */
static void
headless_messages(const struct game *g, struct headless_printed *p)
{
	long		 total = game_message_total(g), i, turn;
	const char	*m;

	for (i = total - p->n; i >= 0; i--) {
		if ((m = game_message_text(g, (int)i, &turn)) == NULL)
			continue;
		if (i == total - p->n && (p->n == 0 ||
		    strncmp(m, p->newest, sizeof p->newest - 1) == 0))
			continue;	/* printed, and as it was */
		printf("message %ld %s\n", turn, m);
	}
	p->n = total;
	if ((m = game_message_text(g, 0, &turn)) != NULL)
		snprintf(p->newest, sizeof p->newest, "%s", m);
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

/*
 * Opens the game: a replay's (read into *r, its keys the ones to play
 * unless --keys gives others), or the one the options choose.  Returns
 * 0, or -1 with *cause set.
 */
static int
headless_open(struct driver_session *s, const struct headless_options *o,
    struct replay *r, char **cause)
{
	/* A seed from the clock is printed, so the game can be replayed. */
	struct driver_open	how = { .hold = 0, .announce = stdout };

	if (o->replay == NULL)
		return (driver_open(s, &o->game, &how, cause));
	return (driver_open_replay(s, &o->game, o->replay, r, cause));
}

/*
 * --timing: prints the time since *arg (the start of the key, or the end
 * of the turn before), then marks now.
 */
static void
headless_turn_time(void *arg, const struct game *g)
{
	uint64_t	*mark = arg, now = driver_cpu_clock();

	(void)g;
	fprintf(stderr, "time %llu\n", (unsigned long long)(now - *mark));
	*mark = now;
}

/*
 * Plays the keys (spaces group them, except in a replay's own keys);
 * returns how many were used, or -1 after saying which key is not a game
 * key, or -2 with *cause set if a checkpoint failed.
 */
static long
headless_play(struct driver_session *s, const struct headless_options *o,
    const char *keys, int from_replay, char **cause)
{
	struct game		*g = s->game;
	struct keys		 ks;
	struct game_action	 a;
	enum keys_result	 kr;
	size_t			 i, n = keys != NULL ? strlen(keys) : 0;
	struct headless_printed	 printed = { 0 };
	long			 ret;
	uint64_t		 t0 = 0;

	if (o->messages)
		headless_messages(g, &printed);
	if (o->timing)
		game_set_turn_observer(g, headless_turn_time, &t0);
	keys_init(&ks);
	ks.game = g;
	for (i = 0; i < n && game_status(g) == GAME_PLAYING; i++) {
		/* Spaces group keys for the reader ('o l': open east). */
		if (keys[i] == ' ' && !from_replay)
			continue;
		kr = keys_feed(&ks, (unsigned char)keys[i], &a);
		if (kr == KEYS_UNKNOWN) {
			fprintf(stderr, "astray: key %zu, '%c', is not a game "
			    "key (see --help)\n", i + 1, keys[i]);
			ret = -1;
			goto done;
		}
		/* Saving is not part of the game: a replay never holds 'S'. */
		if (kr != KEYS_ACTION || a.cmd != GAME_CMD_SAVE)
			game_log_key(g, keys[i] == 27 ? KEYS_CANCEL_KEY :
			    (unsigned char)keys[i]);
		if (kr != KEYS_ACTION)
			continue;
		/* An 'S' in a replay (an older one, or hand-made): play on. */
		if (a.cmd == GAME_CMD_SAVE && from_replay)
			continue;
		t0 = driver_cpu_clock();
		if (game_act(g, a) && o->each_turn)
			headless_line(g, "state");
		if (s->restored && driver_checkpoint(s, cause) < 0) {
			ret = -2;
			goto done;
		}
		if (o->messages)
			headless_messages(g, &printed);
	}
	if (i < n && game_status(g) != GAME_SAVED)
		fprintf(stderr, "astray: the game ended with %zu keys left "
		    "over\n", n - i);
	ret = (long)i;
done:
	game_set_turn_observer(g, NULL, NULL);	/* t0 goes out of scope */
	return (ret);
}

/*
 * After the keys: a saved game written, a finished one scored, a
 * restored one's save kept current.  Returns 0, 1 if the scores could
 * not be written (said already), or -1 with *cause set.
 */
static int
headless_settle(struct driver_session *s, const struct headless_options *o,
    char **cause)
{
	struct driver_ending	end;
	int			rc;

	if (game_status(s->game) == GAME_SAVED) {
		if (driver_save(s, cause) != 0)
			return (-1);
		printf("saved %s\n", s->save_path);
		return (0);
	}
	if (game_status(s->game) == GAME_PLAYING) {
		/* The save follows a restored game: no going back. */
		if (s->restored && driver_save(s, cause) != 0)
			return (-1);
		return (0);
	}
	/* Watching a replay: nothing is saved, scored or recorded. */
	if (o->replay != NULL)
		return (0);
	/* Said, and exit 1, but the replay and the end line still. */
	rc = driver_game_over(s, o->game.scores, 0, &end);
	if (end.scores_error != NULL)
		fprintf(stderr, "astray: %s\n", end.scores_error);
	if (end.morgue_error != NULL)
		fprintf(stderr, "astray: %s\n", end.morgue_error);
	driver_ending_free(&end);
	return (rc < 0 ? 1 : 0);
}

/* Runs the game headless: see headless.h. */
int
headless_run(const struct headless_options *o)
{
	struct driver_session	 s;
	struct replay		 r;
	const char		*keys = o->keys;
	char			*cause = NULL, *text;
	long			 played;
	int			 status = 0;

	memset(&s, 0, sizeof s);
	memset(&r, 0, sizeof r);
	if (headless_open(&s, o, &r, &cause) != 0)
		goto bad;
	if (keys == NULL && o->replay != NULL)
		keys = r.keys;
	if (!s.restored)
		headless_monsters_short(s.game);
	if ((played = headless_play(&s, o, keys, keys == r.keys &&
	    keys != NULL, &cause)) == -1) {
		status = 2;
		goto out;
	}
	if (played == -2 || (status = headless_settle(&s, o, &cause)) < 0)
		goto bad;
	if (o->record != NULL && record_write(o->record, s.game, &cause) != 0)
		goto bad;
	if (o->show_level) {
		text = game_level_text(s.game);
		fputs(text, stdout);
		free(text);
	}
	headless_line(s.game, "end");
	goto out;

bad:
	fprintf(stderr, "astray: %s\n", cause);
	free(cause);
	status = 1;
out:
	driver_close(&s);
	replay_free(&r);
	return (status);
}
