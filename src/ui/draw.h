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

#include <stddef.h>

struct game_cell;
struct game_item_info;
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

/*
 * An item's name as the pack shows it, into buf (which it returns): its
 * enchantment before a weapon's or armour's name ("+1 short sword"), a
 * known wand's charges ("oak wand (3 charges)"), a pick's walls left.
 */
char	*draw_item_name(const struct game_item_info *, char *buf,
	     size_t size);

/*
 * Whether the pack screen lists an item: always, but while an item is
 * chosen (ui->mode MODE_ITEM), only those the verb takes: any to drop,
 * for the item a scroll of enchanting is read on weapons, armour and
 * wands, else those the verb's key uses.
 */
int	 draw_pack_wants(const struct ui *, const struct game_item_info *);

#endif
