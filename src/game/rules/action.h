/*
 * action.h: what the player's actions do (action.c).
 */
#ifndef ASTRAY_ACTION_H
#define ASTRAY_ACTION_H

#include "query.h"

struct game;

/*
 * The player moves by (dx,dy), attacks the monster there or opens the
 * door there.  Returns 1 if a turn went, 0 (with an event saying why) if
 * not.
 */
int	 action_move(struct game *, int dx, int dy);

/*
 * Opens, closes (GAME_CMD_OPEN, GAME_CMD_CLOSE) or digs through the cell
 * (dx,dy) from the player.  Returns 1 if a turn went, 0 (with an event
 * saying why) if not.
 */
int	 action_transform(struct game *, enum game_cmd, int dx, int dy);

#endif
