/*
 * view.c: watching a replay in the terminal.
 *
 * astray --replay FILE without --headless opens the file's game (its
 * seed, dungeon, depths and monsters) and plays its keys back on the
 * screen, one action at a time, through the same key machine and rules
 * as play, so what is shown is the game as it went.  The watcher sets
 * the pace: Space pauses and plays on, . plays one action and pauses,
 * + and - play faster and slower, q leaves.  The keys that only show
 * things (Tab's overlays, the AI panel, help, the message history, the
 * pack, the character) work as in play (show.c does them for both),
 * with the watcher's key map; nothing is saved, scored or written.  One action is one of the
 * player's keys that played: a replay's X or > walks many turns at once,
 * as it did for its player.
 *
 * The loop waits for a key at most as long as the speed's delay, and
 * plays the next action when none came, so a paused replay only redraws
 * (and still wakes every fifth of a second for a signal).
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "replay.h"
#include "show.h"
#include "terminal.h"
#include "ui-internal.h"
#include "view.h"

/* Milliseconds between actions, slowest first. */
static const int view_delays[] = { 2000, 1000, 500, 250, 100, 40, 10 };
#define VIEW_SPEEDS	((int)(sizeof view_delays / sizeof view_delays[0]))
#define VIEW_SPEED	3	/* the first speed: four actions a second */
#define VIEW_IDLE	200	/* ms: a paused replay's wait for a key */

/* Where a replay being watched is. */
struct view {
	const struct replay	*r;
	size_t			 at;		/* keys played */
	int			 speed;		/* index of view_delays */
	int			 paused;
};

/*
 * Plays the replay's keys up to and including the next that plays an
 * action; returns 0, or -1 when there is none (the keys are all played
 * or the game is over).  A saving 'S' (only an old or hand-made replay
 * holds one) is passed over, as the headless driver does.
 */
static int
view_advance(struct ui *ui, struct view *v)
{
	struct game_action	a;
	enum keys_result	kr;
	int			key;

	while (v->at < v->r->nkeys && game_status(ui->g) == GAME_PLAYING) {
		key = (unsigned char)v->r->keys[v->at++];
		ui->ks.game = ui->g;
		kr = keys_feed(&ui->ks, key, &a);
		if (kr == KEYS_UNKNOWN)
			continue;	/* replay_read() let it through */
		if (kr != KEYS_ACTION || a.cmd != GAME_CMD_SAVE)
			game_log_key(ui->g, key);
		if (kr != KEYS_ACTION || a.cmd == GAME_CMD_SAVE)
			continue;
		game_act(ui->g, a);
		show_after_turn(ui);
		return (0);
	}
	return (-1);
}

/* Whether the replay has nothing left to play. */
static int
view_over(const struct ui *ui, const struct view *v)
{
	return (v->at >= v->r->nkeys || game_status(ui->g) != GAME_PLAYING);
}

/* The note line: where the replay is and the keys that steer it. */
static void
view_note(struct ui *ui, const struct view *v)
{
	struct game_info	gi;

	game_info(ui->g, &gi);
	if (view_over(ui, v)) {
		snprintf(ui->note, sizeof ui->note, "Replay over on turn %ld "
		    "(%s).  q leaves, Tab and ? still show.", gi.turn,
		    game_status(ui->g) == GAME_WON ? "won" :
		    game_status(ui->g) == GAME_DEAD ? "dead" :
		    game_status(ui->g) == GAME_QUIT ? "given up" : "its keys "
		    "end there");
		return;
	}
	snprintf(ui->note, sizeof ui->note, "Replay %s, key %zu/%zu, %d ms: "
	    "Space %s, . steps, +- speed, q quits", v->paused ? "paused" :
	    "playing", v->at, v->r->nkeys, view_delays[v->speed],
	    v->paused ? "plays" : "pauses");
}

/*
 * One key of the watcher's; returns -1 to leave.  The replay's own keys
 * come first (they are fixed, not the key map's, as q, Space and . are
 * in most pagers and players); then the key map's showing commands.
 */
static int
view_key(struct ui *ui, struct view *v, int ch)
{
	char		 buf[16];
	const char	*name;
	enum command	 c;

	if (ch == TERMINAL_RESIZED)
		return (0);
	name = terminal_key_name(ch, buf, sizeof buf);
	c = name != NULL ? keymap_lookup(&ui->km, name) : CMD_NONE;
	if (ui->screen == SCREEN_HELP || ui->screen == SCREEN_KNOWN) {
		show_help_key(ui, c);	/* Space: its next page */
		return (0);
	}
	if (ui->screen != SCREEN_MAP) {
		ui->screen = SCREEN_MAP;	/* any key goes back */
		return (0);
	}
	switch (ch) {
	case 'q':
	case 'Q':
	case 27:
		return (-1);
	case ' ':
		v->paused = !v->paused;
		return (0);
	case '.':
		v->paused = 1;
		view_advance(ui, v);
		return (0);
	case '+':
	case '=':
		if (v->speed < VIEW_SPEEDS - 1)
			v->speed++;
		return (0);
	case '-':
		if (v->speed > 0)
			v->speed--;
		return (0);
	default:
		break;
	}
	if (show_key(ui, c) != 0 && name != NULL)
		snprintf(ui->note, sizeof ui->note, "%s does nothing in a "
		    "replay (? lists the keys).", name);
	return (0);
}

/* Watches a replay: see the top of the file and view.h. */
int
view_play(struct ui *ui, const struct replay *r)
{
	struct view	v = { .r = r, .speed = VIEW_SPEED };
	int		ch, sig;

	ui->viewing = 1;
	for (;;) {
		if (ui->note[0] == '\0' || strncmp(ui->note, "Replay", 6) == 0)
			view_note(ui, &v);
		ui->more = 0;
		ui->more_from = game_message_total(ui->g);
		draw_screen(ui);
		ch = terminal_read_key(v.paused || view_over(ui, &v) ||
		    ui->screen != SCREEN_MAP ? VIEW_IDLE :
		    view_delays[v.speed]);
		if ((sig = terminal_signal()) != 0) {
			terminal_stop();
			fprintf(stderr, "astray: %s: left the replay\n",
			    strsignal(sig));
			return (128 + sig);
		}
		if (ch == TERMINAL_NO_KEY) {
			if (!v.paused && ui->screen == SCREEN_MAP)
				view_advance(ui, &v);
			continue;
		}
		if (strncmp(ui->note, "Replay", 6) != 0)
			ui->note[0] = '\0';	/* the last key's, read */
		if (view_key(ui, &v, ch) < 0)
			break;
	}
	terminal_stop();
	return (0);
}
