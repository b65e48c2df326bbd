/*
 * ui-internal.h: the terminal front end's state, shared by its files.
 *
 * ui.c owns the loop (keys, signals, resizes, saving, the end of a game);
 * view.c the loop of a replay watched; draw.c paints the screen from the
 * game and this state.  Only src/ui
 * includes curses.h.
 */
#ifndef ASTRAY_UI_INTERNAL_H
#define ASTRAY_UI_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "driver.h"
#include "game.h"
#include "keymap.h"
#include "keys.h"

#define UI_MIN_COLS	80
#define UI_MIN_LINES	24
#define UI_PANEL_COLS	31	/* the AI panel, beside the map */
#define UI_TOP_LINES	4	/* title and three messages */
#define UI_PATH_MAX	256	/* points of a path remembered */

enum ui_overlay {
	OVERLAY_OFF,
	OVERLAY_PATHS,		/* each visible monster's plan */
	OVERLAY_SEARCH,		/* the watched monster's last search */
	OVERLAY_HEAT,		/* expansions this turn, per cell */
	OVERLAYS
};

enum ui_screen {
	SCREEN_MAP,
	SCREEN_HELP,
	SCREEN_MESSAGES,
	SCREEN_SCORES,
	SCREEN_INVENTORY,	/* the pack, or choosing an item from it */
	SCREEN_CHARACTER,	/* the player: health, growth, combat */
	SCREEN_END
};

/* What keys do on the map screen. */
enum ui_mode {
	MODE_PLAY,		/* they play the game */
	MODE_LOOK,		/* they move the look cursor */
	MODE_DIRECTION,		/* open, close, dig, throw, apply: which way */
	MODE_ITEM,		/* an item verb asks which pack slot */
	MODE_TRAVEL,		/* _: the cursor picks where to travel */
	MODE_GIVE_UP		/* "Give up this game?": y, or play on */
};

struct ui {
	struct driver_session	 session;	/* the game and its save */
	struct game		*g;		/* session.game */
	struct keymap		 km;
	struct keys		 ks;
	char			*scores;	/* the score table */
	int			 colour;	/* the terminal has colours */
	int			 utf8;		/* the locale writes UTF-8 */
	int			 reveal;	/* the whole level is shown */
	int			 viewing;	/* a replay, watched (view.c) */

	enum ui_screen		 screen;
	int			 scroll;	/* of the message history */
	enum ui_overlay		 overlay;
	int			 panel;
	int			 step_mode;
	int			 actor;		/* monster that just acted */
	int			 watched;	/* monster the search shows */
	enum ui_mode		 mode;
	int			 cx, cy;	/* the cursor, on the map */
	char			 prompt[160];	/* a question, or "" */
	char			 note[200];	/* a line of the UI's own */
	long			 more_from;	/* the first message (counted
						   from the game's first) the
						   player has not been shown */
	int			 more;		/* --More--: they did not fit */
	struct driver_ending	 end;		/* scores and morgue, at the end */
	const char		*record;	/* --record: the replay kept */
	char			*record_error;	/* why it was last not written */

	/* Paths remembered from the last turn, to show replans. */
	int			 npaths;
	struct path_point	*paths;		/* npaths * UI_PATH_MAX */
	int			*plen;
	uint8_t			*changed;	/* replanned this turn */
	int			 depth;		/* the level they are of */

	/* The map's window onto the level. */
	int			 vx, vy;	/* level cell at its top left */
	int			 mapw, maph;	/* cells shown */

	/* Redraw timing: the AI panel shows it, ASTRAY_REDRAW_LOG logs it. */
	uint64_t		 start_ns;
	uint64_t		 draw_ns;
	long			 frames;
	FILE			*redraw_log;
};

/* ui.c */
int	 ui_message_rows(const struct ui *);
int	 ui_caught_signal(void);
void	 ui_end_curses(void);
const char *ui_key_name(int, char *, size_t);
void	 ui_after_turn(struct ui *);
int	 ui_show_key(struct ui *, enum command);

/*
 * view.c: watches a replay, its game open in ui, the terminal taken;
 * gives the terminal back and returns the exit status.
 */
struct replay;
int	 view_play(struct ui *, const struct replay *);
void	 ui_cell(const struct ui *, int x, int y, struct game_cell *);

/* draw.c */
void	 draw_init_colours(struct ui *);
void	 draw_screen(struct ui *);
int	 draw_too_small(void);
void	 draw_remember_paths(struct ui *);

#endif
