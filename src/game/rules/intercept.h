/*
 * intercept.h: monsters that head where the player is going (intercept.c).
 */
#ifndef ASTRAY_INTERCEPT_H
#define ASTRAY_INTERCEPT_H

struct game;

/*
 * Where interceptor i of the level goes: a cell on the player's way to
 * where the player's last moves say they are going, which it reaches no
 * later than the player (else that place itself), into (*x,*y).  Returns
 * the guess (enum level_guess); with none (LEVEL_GUESS_NONE) the cell is
 * the player's.
 */
int	 intercept_target(struct game *, int i, int *x, int *y);

#endif
