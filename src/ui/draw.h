/*
 * draw.h: painting the screen.
 *
 * The painter is given the front end's state (struct ui, ui-internal.h)
 * and the game in it, and paints them; it changes nothing but its own
 * bookkeeping (the redraw times, the message history's scroll kept in
 * range) and calls nothing above it in src/ui, only the terminal for
 * colours and size.  Whoever needs to know what the screen shows of a
 * cell asks draw_cell_shown(), so the look command and the overlays
 * agree with what is painted.
 */
#ifndef ASTRAY_DRAW_H
#define ASTRAY_DRAW_H

struct game_cell;
struct ui;

/*
 * Paints the whole screen for the state the front end is in, or a
 * message asking for a larger terminal; times it for the AI panel and
 * ASTRAY_REDRAW_LOG.
 */
void	 draw_screen(struct ui *);

/*
 * A level cell as the screen shows it into *c: as the player knows it,
 * or as it is when the screen reveals the level.
 */
void	 draw_cell_shown(const struct ui *, int x, int y, struct game_cell *c);

#endif
