/*
 * inventory.h: the player's items, picked up, dropped and used
 * (inventory.c).
 */
#ifndef ASTRAY_INVENTORY_H
#define ASTRAY_INVENTORY_H

#include "query.h"

struct game;

/*
 * Carries out an item command for the player (pick up, drop, quaff,
 * read, throw, apply, wield): returns 1 if a turn went, 0 (with an event
 * saying why) if not.
 */
int	 inventory_act(struct game *, struct game_action);

/* A turn went: stealth wears off. */
void	 inventory_turn(struct game *);

#endif
