/*
 * show.c: what the screen shows beside the play, alike in play and in a
 * replay watched.
 *
 * The play loop (ui.c) and the replay loop (view.c) read different keys
 * and move the game differently, but what they show is the same: the
 * keys that only show things switch screens, overlays and the AI panel
 * here, and after every turn both come here to remember each monster's
 * path and to keep a monster watched.
 *
 * A path is remembered so the next turn can tell a replan from a step
 * along it: the new path should be the rest of the old one from where
 * the monster now stands; if it is not, the painter marks it.  The
 * watched monster is the one the search overlay shows (the game records
 * a search only for it, and only while an overlay needs it); when it
 * dies or was never chosen, the nearest monster in view is watched.
 */
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "show.h"
#include "terminal.h"
#include "ui-internal.h"

/* The screens a key opens over the map. */
static const struct {
	enum command	cmd;
	enum ui_screen	screen;
} show_screens[] = {
	{ CMD_MESSAGES, SCREEN_MESSAGES },
	{ CMD_HELP, SCREEN_HELP },
	{ CMD_SCORES, SCREEN_SCORES },
	{ CMD_INVENTORY, SCREEN_INVENTORY },
	{ CMD_CHARACTER, SCREEN_CHARACTER },
	{ CMD_KNOWN, SCREEN_KNOWN },
};

/* Tells the game what the overlays need watched: see show.h. */
void
show_watch(const struct ui *ui)
{
	game_watch(ui->g, ui->overlay == OVERLAY_SEARCH ||
	    ui->overlay == OVERLAY_HEAT, ui->watched);
}

/* Watches the nearest visible monster if the watched one is gone. */
static void
show_pick_watched(struct ui *ui)
{
	struct game_monster_info	mi;
	struct game_info		gi;
	struct game_cell		c;
	int				i, d, best = -1, bestd = 0;

	if (ui->watched >= 0 && game_monster_info(ui->g, ui->watched,
	    &mi) == 0 && mi.alive)
		return;
	game_info(ui->g, &gi);
	for (i = 0; i < game_monster_count(ui->g); i++) {
		if (game_monster_info(ui->g, i, &mi) != 0 || !mi.alive)
			continue;
		draw_cell_shown(ui, mi.x, mi.y, &c);
		if (!c.visible)
			continue;
		d = abs(mi.x - gi.px) > abs(mi.y - gi.py) ?
		    abs(mi.x - gi.px) : abs(mi.y - gi.py);
		if (best < 0 || d < bestd) {
			best = i;
			bestd = d;
		}
	}
	ui->watched = best;
	show_watch(ui);
}

/*
 * Remembers every monster's path after a turn (or a step), marking those
 * that changed other than by the step taken along them: a replan.
 */
static void
show_remember_paths(struct ui *ui)
{
	struct game_monster_info mi;
	struct game_info	 gi;
	struct path_point	 now[UI_PATH_MAX], *old;
	int			 n = game_monster_count(ui->g), i, k, len, same;
	int			 olen, rest;
	size_t			 got;

	game_info(ui->g, &gi);
	if (n != ui->npaths || gi.depth != ui->depth) {
		show_free(ui);
		ui->paths = calloc((size_t)(n > 0 ? n : 1) * UI_PATH_MAX,
		    sizeof *ui->paths);
		ui->plen = calloc((size_t)(n > 0 ? n : 1), sizeof *ui->plen);
		ui->changed = calloc((size_t)(n > 0 ? n : 1), 1);
		if (ui->paths == NULL || ui->plen == NULL ||
		    ui->changed == NULL) {
			ui->npaths = 0;
			return;
		}
		ui->npaths = n;
		ui->depth = gi.depth;
	}
	for (i = 0; i < n; i++) {
		game_monster_info(ui->g, i, &mi);
		got = mi.alive ? game_monster_path(ui->g, i, now,
		    UI_PATH_MAX) : 0;
		len = got > UI_PATH_MAX ? UI_PATH_MAX : (int)got;
		old = &ui->paths[(size_t)i * UI_PATH_MAX];
		olen = ui->plen[i];
		/* The new path should be the rest of the old one. */
		for (k = 0; k < olen; k++) {
			if (old[k].x == mi.x && old[k].y == mi.y)
				break;
		}
		rest = olen - k;
		same = k < olen && memcmp(&old[k], now, (size_t)(rest < len ?
		    rest : len) * sizeof *now) == 0 && (rest == len ||
		    olen == UI_PATH_MAX || len == UI_PATH_MAX);
		ui->changed[i] = ui->plen[i] > 0 && len > 0 && !same;
		memcpy(old, now, (size_t)len * sizeof *now);
		ui->plen[i] = len;
	}
}

/* After the game moved on: see show.h. */
void
show_after_turn(struct ui *ui)
{
	show_remember_paths(ui);
	show_pick_watched(ui);
}

/* A key on a screen in pages (help, items known): see show.h. */
void
show_help_key(struct ui *ui, enum command c)
{
	if (c == CMD_STEP && ui->help_page + 1 < ui->help_pages) {
		ui->help_page++;
		return;
	}
	ui->help_page = 0;
	ui->screen = SCREEN_MAP;
}

/* Frees the paths remembered: see show.h. */
void
show_free(struct ui *ui)
{
	free(ui->paths);
	ui->paths = NULL;
	free(ui->plen);
	ui->plen = NULL;
	free(ui->changed);
	ui->changed = NULL;
	ui->npaths = 0;
	ui->depth = 0;
}

/* Does what a key that only shows something means: see show.h. */
int
show_key(struct ui *ui, enum command c)
{
	size_t	i;

	for (i = 0; i < sizeof show_screens / sizeof show_screens[0]; i++) {
		if (show_screens[i].cmd == c) {
			ui->screen = show_screens[i].screen;
			if (c == CMD_MESSAGES)
				ui->scroll = 0;	/* at the newest */
			ui->help_page = 0;
			return (0);
		}
	}
	switch (c) {
	case CMD_OVERLAY:
		ui->overlay = (enum ui_overlay)((ui->overlay + 1) % OVERLAYS);
		show_pick_watched(ui);
		show_watch(ui);
		return (0);
	case CMD_PANEL:
		ui->panel = !ui->panel;
		return (0);
	case CMD_REDRAW:
		terminal_repaint();
		return (0);
	default:
		return (-1);
	}
}
