/*
 * show.h: what the screen shows beside the play, alike in play and in a
 * replay watched.
 *
 * The keys that only show things (another screen, the next overlay, the
 * AI panel, a redraw), and what the overlays keep between turns: every
 * monster's path, to mark a replan, and the watched monster, whose
 * search the game records while an overlay shows it.
 */
#ifndef ASTRAY_SHOW_H
#define ASTRAY_SHOW_H

#include "keymap.h"

struct ui;

/*
 * Does what a key that only shows something means; returns 0, or -1
 * (nothing changed) if the command is not one of them.
 */
int	 show_key(struct ui *, enum command);

/*
 * After the game moved on (a turn, a step, a new game): remembers each
 * monster's path, marking those replanned, and watches the nearest
 * visible monster if the watched one is gone.
 */
void	 show_after_turn(struct ui *);

/*
 * A key on the help screen or the items known: Space (the key map's step key) shows its
 * next page if there is one; any other key, or Space on the last page,
 * goes back to the map.
 */
void	 show_help_key(struct ui *, enum command);

/* Tells the game whether the overlay shown needs ui->watched's search. */
void	 show_watch(const struct ui *);

/* Frees the paths remembered; the state is then as before any turn. */
void	 show_free(struct ui *);

#endif
