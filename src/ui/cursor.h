/*
 * cursor.h: the look and travel cursors.
 *
 * x's cursor says what it is on; _'s picks where to travel and says the
 * same of it, so a player sees where they are going before they go.
 * Both step with the movement keys, eight cells at a time with Shift and
 * a direction (the run keys), and jump:
 *
 *   look      Tab, + or =   the next monster or item in view, nearest
 *             -             first; the previous one
 *   travel    > and <       the next and the previous stairs known
 *             _             the next item seen
 *
 * The jumps are fixed keys, not the key map's (as the replay viewer's
 * are), since they mean something only while a cursor is up.  The
 * cursor is the front end's own: the game learns of a travel target only
 * when the player confirms it (ui.c feeds it the keys then).
 */
#ifndef ASTRAY_CURSOR_H
#define ASTRAY_CURSOR_H

#include "keymap.h"

struct ui;

/* What a key in travel mode leaves the player to do. */
enum cursor_travel {
	CURSOR_STAY,		/* the cursor moved, or did not: choose on */
	CURSOR_GO,		/* travel to the cursor */
	CURSOR_CANCEL		/* no travel after all */
};

/*
 * Starts looking: the cursor on the nearest monster in view, else on
 * the player, and says what is there (ui->look).
 */
void	 cursor_look_start(struct ui *);

/*
 * A key while looking, named as the terminal names it (name may be
 * NULL); returns 1 if it ends looking (the look text then cleared),
 * else 0.
 */
int	 cursor_look_key(struct ui *, enum command, const char *name);

/* Starts choosing where to travel: the cursor on the player. */
void	 cursor_travel_start(struct ui *);

/* A key while choosing where to travel: see enum cursor_travel. */
enum cursor_travel cursor_travel_key(struct ui *, enum command,
	     const char *name);

/* Clears what the cursors said: ui->look, ui->prompt and ui->note. */
void	 cursor_clear(struct ui *);

#endif
