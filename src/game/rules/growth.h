/*
 * growth.h: the player grows stronger by fighting (growth.c).
 */
#ifndef ASTRAY_GROWTH_H
#define ASTRAY_GROWTH_H

struct game;

/*
 * Gives the player experience for a kill, and every experience level it
 * reaches (player_strength(), state.h), with an event for each.
 */
void	 growth_gain(struct game *, int xp);

#endif
