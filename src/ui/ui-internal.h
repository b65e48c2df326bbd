/*
 * ui-internal.h: the terminal front end's state, shared by its files.
 *
 * Only the state: each file's functions are in its own header.  ui.c
 * owns it and runs the play loop (keys, signals, resizes, saving, the
 * end of a game); view.c runs the loop of a replay watched; show.c
 * changes what is shown alike for both; cursor.c moves the look and
 * travel cursors and says what they are on; draw.c paints it, its long
 * text cut into lines by wrap.c; terminal.c, below them all, holds the
 * terminal.  Only src/ui includes curses.h.
 */
#ifndef ASTRAY_UI_INTERNAL_H
#define ASTRAY_UI_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "driver.h"
#include "game.h"
#include "keymap.h"
#include "keys.h"
#include "terminal.h"

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
	SCREEN_KNOWN,		/* the item kinds identified, and not */
	SCREEN_END
};

/* What keys do on the map screen. */
enum ui_mode {
	MODE_PLAY,		/* they play the game */
	MODE_LOOK,		/* they move the look cursor */
	MODE_DIRECTION,		/* open, close, dig, throw, zap, fire,
				   apply: which way */
	MODE_ITEM,		/* an item verb asks which pack slot (or
				   a scroll of enchanting, which item) */
	MODE_TRAVEL,		/* _: the cursor picks where to travel (the
				   game is fed the keys only on Enter) */
	MODE_GIVE_UP		/* "Give up this game?": y, or play on */
};

struct ui {
	struct driver_session	 session;	/* the game and its save */
	struct game		*g;		/* session.game */
	struct keymap		 km;
	struct keys		 ks;
	char			*scores;	/* the score table */
	struct terminal_caps	 caps;		/* colours, UTF-8 */
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
	char			 look[2][256];	/* what the look or travel
						   cursor is on, and more of
						   it (cursor.c), or "" */
	int			 help_page;	/* of the help screen (or
						   the items known) shown */
	int			 help_pages;	/* it has, as last painted */
	int			 help_ways_page; /* the first page of the
						   monsters' ways, as last
						   painted */
	char			*again;		/* the command that plays on
						   after S, for its words */
	long			 more_from;	/* the first message (counted
						   from the game's first) the
						   player has not been shown */
	int			 more;		/* --More--: they did not fit */
	struct driver_ending	 end;		/* scores and morgue, at the end */
	const char		*record;	/* --record: the replay kept */
	char			*record_error;	/* why it was last not written */

	/* Paths remembered from the last turn, to show replans (show.c). */
	int			 npaths;
	struct path_point	*paths;		/* npaths * UI_PATH_MAX */
	int			*plen;
	uint8_t			*changed;	/* replanned this turn */
	int			 depth;		/* the level they are of */

	/* Redraw timing: the AI panel shows it, ASTRAY_REDRAW_LOG logs it. */
	uint64_t		 start_ns;
	uint64_t		 draw_ns;
	long			 frames;
	FILE			*redraw_log;
};

#endif
