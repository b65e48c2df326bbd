/*
 * draw.h: painting the screen.
 *
 * The painter is given the front end's state (struct ui, ui-internal.h)
 * and the game in it, and paints them; it changes nothing but its own
 * bookkeeping (the redraw times, the message history's scroll and the
 * help's page kept in range) and calls nothing above it in src/ui, only the terminal for
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
 * The rows under the title the message lines take: three, or more while
 * a cursor's words need them (the map then starts lower).
 */
int	 draw_message_rows(const struct ui *);

/*
 * Whether the messages the player has not been shown (from
 * ui->more_from) fit, wrapped, in the message lines under the prompt
 * and the note; if not, --More-- shows them.
 */
int	 draw_unseen_fit(const struct ui *);

/* How many messages one --More-- screen shows from ui->more_from (1 up). */
int	 draw_more_count(const struct ui *);

/*
 * A level cell as the screen shows it into *c: as the player knows it,
 * or as it is when the screen reveals the level.
 */
void	 draw_cell_shown(const struct ui *, int x, int y, struct game_cell *c);

#endif
