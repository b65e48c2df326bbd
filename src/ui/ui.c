/*
 * ui.c: astray in a terminal.
 *
 * Which game: the driver's choice (driver.h), the same as the headless
 * driver's.  The terminal holds the save from start to end: a new game
 * asks, before the terminal is taken over, whether it may replace a save
 * that is there, writes its own at once and keeps it current with
 * checkpoints; a game that ends removes it, is scored and leaves its
 * morgue file (record.h), whose path or failure the end screen shows.
 * With --record the game's replay is kept the same way: written before
 * the terminal is taken over (a file that cannot be written stops the
 * game there, with a message), at every checkpoint, on saving and at the
 * end; a later failure is shown, and told again on leaving (exit 1).
 *
 * Then the loop: read a key, name it, look up its command in the key
 * map, and either play it (through the same key machine as the headless
 * driver, so the key log is a replay) or change what is shown (show.c,
 * shared with the replay loop; draw.c paints).  A replay watched
 * (--replay) opens its own game, holds no save and has its own loop
 * (view.c), which this file starts and which never calls back.
 *
 * The terminal (terminal.c) is always given back: on a normal end, on
 * an error (an atexit() handler), and on SIGINT, SIGTERM, SIGHUP and
 * SIGQUIT, which save the game first (the handler only sets a flag; the
 * loop, which wakes at least every fifth of a second, does the work).
 * SIGXFSZ is ignored (main.c), so a save past a file size limit fails
 * with a message instead of killing the game.  A terminal resized below
 * 80x24 shows a message until it is large enough again.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cursor.h"
#include "draw.h"
#include "record.h"
#include "replay.h"
#include "show.h"
#include "terminal.h"
#include "ui-internal.h"
#include "ui.h"
#include "view.h"
#include "xmalloc.h"

#define UI_WAIT_MS	200	/* the longest wait for a key: see above */

/*
 * Writes the --record replay of the game so far, if asked for; a failure
 * is shown, and told again on leaving.  Returns 0, or -1.
 */
static int
ui_record(struct ui *ui)
{
	char	*cause;

	if (ui->record == NULL)
		return (0);
	free(ui->record_error);
	ui->record_error = NULL;
	if (record_write(ui->record, ui->g, &cause) != 0) {
		snprintf(ui->note, sizeof ui->note, "Could not write the "
		    "replay: %s", cause);
		ui->record_error = cause;
		return (-1);
	}
	return (0);
}

/* Saves the game; returns 0, or -1 with ui->note saying why not. */
static int
ui_save(struct ui *ui)
{
	char	*cause;

	while (game_mid_turn(ui->g))
		game_step(ui->g);
	if (game_status(ui->g) != GAME_PLAYING)
		return (0);
	if (driver_save(&ui->session, &cause) != 0) {
		snprintf(ui->note, sizeof ui->note, "Could not save: %s",
		    cause);
		free(cause);
		return (-1);
	}
	ui_record(ui);		/* told on leaving if it fails */
	return (0);
}

/*
 * Writes a checkpoint if one is due (see savefile.h), and the replay
 * with it; a failure is shown.
 */
static void
ui_checkpoint(struct ui *ui)
{
	char	*cause;
	int	 rc;

	if ((rc = driver_checkpoint(&ui->session, &cause)) < 0) {
		snprintf(ui->note, sizeof ui->note, "Could not save a "
		    "checkpoint: %s", cause);
		free(cause);
	} else if (rc > 0)
		ui_record(ui);
}

/* A game is over: the high scores, its morgue, its save gone, the end. */
static void
ui_game_over(struct ui *ui)
{
	/* A revealed game is a study, not a score. */
	driver_game_over(&ui->session, ui->scores, ui->reveal, &ui->end);
	ui_record(ui);
	ui->screen = SCREEN_END;
	ui->mode = MODE_PLAY;
}

/*
 * Whether the pack holds something a verb key (d q r t z A w) takes: any
 * item to drop, else one used with that key.
 */
static int
ui_pack_has(const struct ui *ui, int verb)
{
	struct game_item_info	ii;
	int			slot;

	for (slot = 0; slot < 26; slot++) {
		if (game_pack_item(ui->g, slot, &ii) == 0 &&
		    (verb == 'd' || ii.key == verb))
			return (1);
	}
	return (0);
}

/*
 * The question after the slot of an item that is aimed (t z A) or, for a
 * known scroll of enchanting (r), the pack again for the item it is for.
 */
static void
ui_prompt_slot(struct ui *ui)
{
	int	verb = ui->ks.pending;

	if (verb == 'r') {
		ui->mode = MODE_ITEM;
		ui->screen = SCREEN_INVENTORY;
		snprintf(ui->prompt, sizeof ui->prompt, "Enchant which item? "
		    "(a-z, ) what you wield, [ what you wear; Escape "
		    "cancels)");
		return;
	}
	ui->mode = MODE_DIRECTION;
	snprintf(ui->prompt, sizeof ui->prompt, "%s", verb == 't' ?
	    "Throw it which way? (t or .: the nearest monster)" : verb ==
	    'z' ? "Zap it which way? (z or .: the nearest monster)" :
	    "Apply it which way?");
}

/*
 * Asks for the rest of a command after a key that needs more: a pack
 * slot (shown on the inventory screen, only the items the verb takes;
 * with none, the command is cancelled at once and the note says so), a
 * direction, an item to enchant, or y to give up.
 */
static void
ui_prompt_more(struct ui *ui, int key)
{
	static const struct {
		int		 key;
		const char	*verb;
		const char	*what;
	} verbs[] = {
		{ 'd', "Drop", "drop" }, { 'q', "Drink", "drink" },
		{ 'r', "Read", "read" }, { 't', "Throw", "throw" },
		{ 'z', "Zap", "zap" }, { 'A', "Apply", "apply" },
		{ 'w', "Wield or wear", "wield or wear" },
	};
	struct game_action	a;
	size_t			i;

	/* Travel's keys come all at once from the cursor (cursor.c). */
	if (ui->ks.pending == '_')
		return;
	if (ui->ks.slot >= 0) {
		/* The key was the slot: now a direction, or an item. */
		ui_prompt_slot(ui);
		return;
	}
	for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		if (verbs[i].key != key)
			continue;
		if (!ui_pack_has(ui, key)) {
			keys_feed(&ui->ks, KEYS_CANCEL_KEY, &a);
			game_log_key(ui->g, KEYS_CANCEL_KEY);
			snprintf(ui->note, sizeof ui->note, "You have nothing "
			    "to %s.", verbs[i].what);
			return;
		}
		ui->mode = MODE_ITEM;
		ui->screen = SCREEN_INVENTORY;
		snprintf(ui->prompt, sizeof ui->prompt, "%s which item? "
		    "(a-z; Escape cancels)", verbs[i].verb);
		return;
	}
	ui->mode = key == 'Q' ? MODE_GIVE_UP : MODE_DIRECTION;
	snprintf(ui->prompt, sizeof ui->prompt, "%s", key == 'Q' ?
	    "Give up this game?  It will be lost.  (y gives up, any "
	    "other key plays on)" : key == 'o' ? "Open which way?" :
	    key == 'c' ? "Close which way?" : key == 'G' ? "Run which way?" :
	    key == 'f' ? "Fire which way? (f or .: the nearest monster)" :
	    key == 'F' ? "Fight which way?" :
	    "Dig which way?");
}

/* Feeds one of the game's own keys; returns 1 if a turn began. */
static int
ui_feed(struct ui *ui, int key)
{
	struct game_action	a;
	enum keys_result	r;
	int			took;

	ui->ks.game = ui->g;
	r = keys_feed(&ui->ks, key, &a);
	if (r == KEYS_UNKNOWN)
		return (0);
	game_log_key(ui->g, key);
	ui->prompt[0] = '\0';
	ui->mode = MODE_PLAY;
	if (r == KEYS_MORE) {
		ui_prompt_more(ui, key);
		return (0);
	}
	if (r != KEYS_ACTION)
		return (0);
	took = ui->step_mode ? game_begin(ui->g, a) : game_act(ui->g, a);
	if (!took && game_mid_turn(ui->g))
		took = 1;
	ui->actor = -1;
	show_after_turn(ui);
	return (took);
}

/*
 * Travels to the travel cursor: feeds the game the keys a player would
 * type for it (_, the moves from the player to the cursor, .), so the
 * key log replays it.
 */
static void
ui_travel(struct ui *ui)
{
	static const char	keys[3][3] = {
		{ 'y', 'k', 'u' }, { 'h', 0, 'l' }, { 'b', 'j', 'n' }
	};
	struct game_info	gi;
	int			dx, dy, sx, sy;

	game_info(ui->g, &gi);
	dx = ui->cx - gi.px;
	dy = ui->cy - gi.py;
	ui_feed(ui, '_');
	while (dx != 0 || dy != 0) {
		sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
		sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
		ui_feed(ui, keys[sy + 1][sx + 1]);
		dx -= sx;
		dy -= sy;
	}
	ui_feed(ui, '.');
}

/* Whether the screen shows monster i where it stands. */
static int
ui_shows_monster(const struct ui *ui, int i)
{
	struct game_monster_info	mi;
	struct game_cell		c;

	if (game_monster_info(ui->g, i, &mi) != 0 || !mi.alive)
		return (0);
	draw_cell_shown(ui, mi.x, mi.y, &c);
	return (c.monster == i);
}

/*
 * Plays a command in step mode's half-done turn: Space, monsters until
 * one the screen shows has acted (a monster out of sight acts unseen,
 * never named or marked), or the turn is over; Enter, the whole turn.
 */
static void
ui_step(struct ui *ui, enum command c)
{
	struct game_monster_info	mi;
	int				i;

	if (c == CMD_FINISH) {
		while (game_step(ui->g) >= 0)
			continue;
		ui->actor = -1;
		show_after_turn(ui);
		return;
	}
	do
		i = game_step(ui->g);
	while (i >= 0 && !ui_shows_monster(ui, i) && game_mid_turn(ui->g));
	if (i >= 0 && !ui_shows_monster(ui, i))
		i = -1;
	ui->actor = i;
	show_after_turn(ui);
	if (i >= 0 && game_monster_info(ui->g, i, &mi) == 0)
		snprintf(ui->note, sizeof ui->note, "Step: the %s (%s, %s) "
		    "acted.  %s", mi.display, game_planner_name(mi.planner),
		    mi.state, game_mid_turn(ui->g) ? "Space: next, Enter: all." :
		    "The turn is over.");
	else
		snprintf(ui->note, sizeof ui->note, "Step: the turn is over.");
}

/* Does what a key means on the map; returns -1 to leave the game. */
static int
ui_map_key(struct ui *ui, enum command c, int raw, const char *name)
{
	enum cursor_travel	t;
	int			key, dx, dy;

	if (ui->mode == MODE_GIVE_UP) {
		ui_feed(ui, raw == 'y' || raw == 'Y' ? 'y' : KEYS_CANCEL_KEY);
		return (0);
	}
	if (ui->mode == MODE_TRAVEL) {
		if ((t = cursor_travel_key(ui, c, name)) == CURSOR_STAY)
			return (0);
		ui->mode = MODE_PLAY;
		cursor_clear(ui);
		if (t == CURSOR_GO)
			ui_travel(ui);
		return (0);
	}
	if (ui->mode == MODE_ITEM) {
		/* A pack slot, as the game's own key (or, for enchanting,
		   ) or [); anything else cancels. */
		ui_feed(ui, (raw >= 'a' && raw <= 'z') || ((raw == ')' ||
		    raw == '[') && ui->ks.pending == 'r') ? raw :
		    KEYS_CANCEL_KEY);
		return (0);
	}
	if (ui->mode == MODE_DIRECTION) {
		/*
		 * A direction, as the game's own key; for an aimed verb (t z
		 * f) that verb again or wait (.), the nearest monster;
		 * anything else cancels.
		 */
		key = keymap_game_key(c);
		ui_feed(ui, keymap_direction(c, &dx, &dy) == 0 ||
		    (key != 0 && ui->ks.pending != 0 &&
		    strchr("tzf", ui->ks.pending) != NULL &&
		    (key == ui->ks.pending || c == CMD_WAIT)) ? key :
		    KEYS_CANCEL_KEY);
		return (0);
	}
	ui->note[0] = '\0';
	ui->prompt[0] = '\0';
	if (show_key(ui, c) == 0)
		return (0);
	switch (c) {
	case CMD_LOOK:
		cursor_look_start(ui);
		return (0);
	case CMD_TRAVEL:
		cursor_travel_start(ui);
		return (0);
	case CMD_STEP_MODE:
		ui->step_mode = !ui->step_mode;
		snprintf(ui->note, sizeof ui->note, "%s", ui->step_mode ?
		    "Step mode: after your move, Space makes the next monster "
		    "act, Enter the rest." : "Step mode off.");
		if (!ui->step_mode)
			ui_step(ui, CMD_FINISH);
		return (0);
	case CMD_STEP:
	case CMD_FINISH:
		if (game_mid_turn(ui->g))
			ui_step(ui, c);
		return (0);
	case CMD_SAVE:
		return (ui_save(ui) == 0 ? -1 : 0);
	default:
		break;
	}
	if (c >= CMD_RUN_WEST && c <= CMD_RUN_SOUTH_EAST) {
		/* Shift and a direction: the game's G and that direction. */
		ui_feed(ui, keymap_game_key(CMD_RUN));
		ui_feed(ui, keymap_game_key((enum command)(CMD_WEST +
		    (c - CMD_RUN_WEST))));
		return (0);
	}
	if ((key = keymap_game_key(c)) != 0)
		ui_feed(ui, key);
	return (0);
}

/*
 * After a key: if its messages do not fit the message lines, --More--
 * shows them from the first one not yet shown, a screenful at a time.
 */
static void
ui_check_more(struct ui *ui)
{
	long	total = game_message_total(ui->g), turn;

	/* Only the log's last messages are kept: start at the oldest. */
	while (ui->more_from < total && game_message_text(ui->g,
	    (int)(total - 1 - ui->more_from), &turn) == NULL)
		ui->more_from++;
	if (ui->screen == SCREEN_MAP && ui->mode != MODE_LOOK &&
	    ui->mode != MODE_TRAVEL && !draw_unseen_fit(ui)) {
		ui->more = 1;
		return;
	}
	ui->more = 0;
	ui->more_from = total;
}

/* A key at --More--: the next messages, or, for cancel, the newest. */
static void
ui_more_key(struct ui *ui, enum command c)
{
	ui->more_from += draw_more_count(ui);
	if (c == CMD_CANCEL || draw_unseen_fit(ui)) {
		ui->more = 0;
		ui->more_from = game_message_total(ui->g);
	}
}

/* One key read from the terminal; returns -1 to leave. */
static int
ui_key(struct ui *ui, int ch)
{
	char		 buf[16];
	const char	*name;
	enum command	 c;

	if (ch == TERMINAL_RESIZED || terminal_too_small())
		return (0);
	name = terminal_key_name(ch, buf, sizeof buf);
	c = name != NULL ? keymap_lookup(&ui->km, name) : CMD_NONE;
	if (ui->more && ui->screen == SCREEN_MAP) {
		ui_more_key(ui, c);
		return (0);
	}
	switch (ui->screen) {
	case SCREEN_END:
		return (ch == 'q' || ch == 'Q' || c == CMD_CANCEL ? -1 : 0);
	case SCREEN_MESSAGES:
		if (c == CMD_SOUTH || c == CMD_NORTH) {
			ui->scroll += c == CMD_NORTH ? 1 : -1;
			return (0);
		}
		ui->screen = SCREEN_MAP;
		return (0);
	case SCREEN_HELP:
	case SCREEN_KNOWN:
		show_help_key(ui, c);
		return (0);
	case SCREEN_SCORES:
	case SCREEN_CHARACTER:
		ui->screen = SCREEN_MAP;
		return (0);
	case SCREEN_INVENTORY:
		ui->screen = SCREEN_MAP;
		if (ui->mode != MODE_ITEM)
			return (0);
		break;		/* the key chooses the item */
	case SCREEN_MAP:
		break;
	}
	if (ui->mode == MODE_LOOK) {
		cursor_look_key(ui, c, name);
		return (0);
	}
	if (c == CMD_NONE && ui->mode == MODE_PLAY) {
		if (ch != TERMINAL_NO_KEY && name != NULL)
			snprintf(ui->note, sizeof ui->note, "%s does nothing "
			    "(? lists the keys).", name);
		return (0);
	}
	if (game_mid_turn(ui->g) && c != CMD_STEP && c != CMD_FINISH &&
	    c != CMD_OVERLAY && c != CMD_PANEL && c != CMD_LOOK &&
	    c != CMD_HELP && c != CMD_MESSAGES && c != CMD_STEP_MODE)
		ui_step(ui, CMD_FINISH);
	if (ui_map_key(ui, c, ch, name) < 0)
		return (-1);
	if (game_status(ui->g) != GAME_PLAYING && game_status(ui->g) !=
	    GAME_SAVED)
		ui_game_over(ui);
	else {
		ui_checkpoint(ui);
		ui_check_more(ui);
	}
	return (0);
}

/*
 * Asks, before the terminal is taken over, whether a new game may replace
 * the saved one in save; returns 1 for yes.
 */
static int
ui_confirm_new(const char *save)
{
	char	answer[64];

	printf("%s holds a saved game.\nStart a new game and lose that one? "
	    "(y starts a new game, anything else keeps it) ", save);
	fflush(stdout);
	if (fgets(answer, sizeof answer, stdin) == NULL)
		return (0);
	return (answer[0] == 'y' || answer[0] == 'Y');
}

/* Reads the key map: --keymap, else the player's file if there is one. */
static int
ui_keymap(struct ui *ui, const char *opt, char **cause)
{
	const char	*xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char		*path;
	struct stat	 st;
	int		 rc;

	if (opt != NULL)
		return (keymap_load(&ui->km, opt, cause));
	if (xdg != NULL && xdg[0] == '/')
		path = xasprintf("%s/astray/keys", xdg);
	else if (home != NULL && home[0] != '\0')
		path = xasprintf("%s/.config/astray/keys", home);
	else {
		keymap_defaults(&ui->km);
		return (0);
	}
	if (stat(path, &st) != 0) {
		keymap_defaults(&ui->km);
		free(path);
		return (0);
	}
	rc = keymap_load(&ui->km, path, cause);
	free(path);
	return (rc);
}

/* Appends a word to a command line, quoted for the shell if it must be. */
static char *
ui_append_word(char *line, const char *word)
{
	static const char	 plain[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+,:=@%";
	char			*quoted, *out, *q;
	const char		*p;

	if (word[0] != '\0' && strspn(word, plain) == strlen(word))
		quoted = xstrdup(word);
	else {
		/* 'it'\''s': each ' closes, is escaped and opens again. */
		q = quoted = xmalloc(4 * strlen(word) + 3);
		*q++ = '\'';
		for (p = word; *p != '\0'; p++) {
			if (*p == '\'') {
				memcpy(q, "'\\''", 4);
				q += 4;
			} else
				*q++ = *p;
		}
		*q++ = '\'';
		*q = '\0';
	}
	out = line == NULL ? quoted : xasprintf("%s %s", line, quoted);
	if (line != NULL) {
		free(line);
		free(quoted);
	}
	return (out);
}

/*
 * The command that plays a saved game on, for the words after S: astray
 * as it was run (a source build's ./astray or build/astray, which no
 * PATH may hold, named so; "astray" when the shell found it on the PATH)
 * and the options that say which save, data, scores, mods and keys it
 * used.
 */
static char *
ui_again(const struct ui_options *o)
{
	const char	*program = o->program;
	char		*line;
	int		 i;

	if (program == NULL || program[0] == '\0')
		program = "astray";
	line = ui_append_word(NULL, program);
	if (o->data != NULL) {
		line = ui_append_word(line, "--data");
		line = ui_append_word(line, o->data);
	}
	if (o->game.save != NULL) {
		line = ui_append_word(line, "--save");
		line = ui_append_word(line, o->game.save);
	}
	if (o->game.scores != NULL) {
		line = ui_append_word(line, "--scores");
		line = ui_append_word(line, o->game.scores);
	}
	if (o->no_mods)
		line = ui_append_word(line, "--no-mods");
	for (i = 0; o->game.mods != NULL && i < o->game.mods->n; i++) {
		if (o->game.mods->m[i].installed)
			continue;
		line = ui_append_word(line, "--mod");
		line = ui_append_word(line, o->game.mods->m[i].dir);
	}
	if (o->keymap != NULL) {
		line = ui_append_word(line, "--keymap");
		line = ui_append_word(line, o->keymap);
	}
	return (line);
}

/*
 * Plays until the player leaves or a signal comes; returns the exit
 * status, having said on the way out where the game was saved.
 */
static int
ui_play(struct ui *ui)
{
	int	ch, sig, signal_saved = 0, leave = 0;

	while (!leave) {
		draw_screen(ui);
		ch = terminal_read_key(UI_WAIT_MS);
		if (terminal_signal() != 0) {
			signal_saved = game_status(ui->g) == GAME_PLAYING &&
			    ui_save(ui) == 0;
			break;
		}
		if (ch == TERMINAL_NO_KEY)
			continue;
		leave = ui_key(ui, ch) < 0;
	}
	terminal_stop();
	if ((sig = terminal_signal()) != 0) {
		if (signal_saved)
			fprintf(stderr, "astray: %s: saved the game in %s\n",
			    strsignal(sig), ui->session.save_path);
		else
			fprintf(stderr, "astray: %s: %s\n", strsignal(sig),
			    ui->note[0] != '\0' ? ui->note :
			    "the game was over");
		if (ui->record_error != NULL)
			fprintf(stderr, "astray: could not write the replay: "
			    "%s\n", ui->record_error);
		return (128 + sig);
	}
	if (game_status(ui->g) == GAME_PLAYING)
		printf("Saved in %s.  Run %s again to play on.\n",
		    ui->session.save_path, ui->again);
	if (ui->end.morgue != NULL)
		printf("The game's morgue file: %s\n", ui->end.morgue);
	if (ui->record_error != NULL) {
		fprintf(stderr, "astray: could not write the replay: %s\n",
		    ui->record_error);
		return (1);
	}
	if (ui->record != NULL)
		printf("The game's replay: %s\n", ui->record);
	return (0);
}

/* Plays in the terminal: see ui.h. */
int
ui_run(const struct ui_options *o)
{
	struct driver_open	 hold = {
		.hold = 1,
		.replace = ui_confirm_new,
	};
	struct ui		 ui;
	struct replay		 replay;
	const char		*log;
	char			*cause = NULL;
	int			 status;

	memset(&ui, 0, sizeof ui);
	memset(&replay, 0, sizeof replay);
	ui.start_ns = driver_clock();
	ui.watched = -1;
	ui.actor = -1;
	ui.reveal = o->reveal;
	ui.record = o->record;
	ui.again = ui_again(o);
	hold.again = ui.again;
	keys_init(&ui.ks);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "astray: not a terminal (for play without one, "
		    "see --headless)\n");
		return (2);
	}
	if (terminal_check(&cause) != 0 ||
	    ui_keymap(&ui, o->keymap, &cause) != 0)
		goto bad;
	if ((ui.scores = driver_scores_path(&o->game, &cause)) == NULL ||
	    (o->replay != NULL ? driver_open_replay(&ui.session, &o->game,
	    o->replay, &replay, &cause) :
	    driver_open(&ui.session, &o->game, &hold, &cause)) != 0)
		goto bad;
	ui.g = ui.session.game;
	/* A replay that cannot be written is said before play starts. */
	if (ui.record != NULL && record_write(ui.record, ui.g, &cause) != 0)
		goto bad;
	if ((log = getenv("ASTRAY_REDRAW_LOG")) != NULL && log[0] != '\0' &&
	    (ui.redraw_log = fopen(log, "a")) == NULL) {
		cause = xasprintf("%s: %s", log, strerror(errno));
		goto bad;
	}

	if (terminal_start(&ui.caps, &cause) != 0)
		goto bad;
	show_after_turn(&ui);
	if (o->replay != NULL) {
		status = view_play(&ui, &replay);
		goto out;
	}
	if (ui.session.restored)
		snprintf(ui.note, sizeof ui.note, "Welcome back.  (? lists "
		    "the keys.)");
	else
		snprintf(ui.note, sizeof ui.note, "Welcome to astray.  ? lists "
		    "the keys.");
	ui_checkpoint(&ui);	/* a new game holds its save from turn 0 */
	/* A new game's first messages (a dungeon's intro) may need --More--. */
	ui.more_from = ui.session.restored ? game_message_total(ui.g) : 0;
	ui_check_more(&ui);

	status = ui_play(&ui);
	goto out;

bad:
	terminal_stop();
	fprintf(stderr, "astray: %s\n", cause);
	free(cause);
	status = 1;
out:
	free(ui.scores);
	if (ui.redraw_log != NULL)
		fclose(ui.redraw_log);
	driver_close(&ui.session);
	driver_ending_free(&ui.end);
	replay_free(&replay);
	free(ui.record_error);
	free(ui.again);
	show_free(&ui);
	return (status);
}
