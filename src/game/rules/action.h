/*
 * action.h: what the player's actions do (action.c).
 */
#ifndef ASTRAY_ACTION_H
#define ASTRAY_ACTION_H

#include "query.h"

struct game;
struct monster;

/*
 * The player moves by (dx,dy), attacks the monster there or opens the
 * door there.  Returns 1 if a turn went, 0 (with an event saying why) if
 * not.
 */
int	 action_move(struct game *, int dx, int dy);

/*
 * The player attacks the monster one step (dx,dy) away on purpose: the
 * way to fight a peaceful one, which walking into does not.  Returns 1
 * if a turn went, 0 (nothing there, told) if not.
 */
int	 action_fight(struct game *, int dx, int dy);

/*
 * Opens, closes (GAME_CMD_OPEN, GAME_CMD_CLOSE) or digs through the cell
 * (dx,dy) from the player.  Returns 1 if a turn went, 0 (with an event
 * saying why) if not.
 */
int	 action_transform(struct game *, enum game_cmd, int dx, int dy);

/*
 * Damage the player deals a monster by any means (a blow, a missile, a
 * bolt): it wakes, or dies and counts as a kill.  The caller tells
 * what happened.  Returns 1 if it died.
 */
int	 action_hurt(struct game *, struct monster *, int damage);

#endif
