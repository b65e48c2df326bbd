/*
 * magic.h: potions, scrolls, the timers they start, and identification
 * (magic.c).
 */
#ifndef ASTRAY_MAGIC_H
#define ASTRAY_MAGIC_H

struct game;

/* Deals each class's looks out among its kinds, from the game's seed. */
void	 magic_deal_looks(struct game *);

/* Makes a kind known; told (EVENT_LEARNED) if it was not. */
void	 magic_learn(struct game *, int kind);

/*
 * Puts count items of a kind and plus into the pack, on a stack of the
 * same when the kind stacks; returns the slot, or -1 if there is none.
 */
int	 magic_stow(struct game *, int kind, int count, int plus);

/*
 * What the potion or scroll in a slot does (target: what a scroll of
 * enchanting was aimed at, as game_action's).  Returns 0, or -1 when it is a
 * teleport, which is the caller's.  The caller spends the item.
 */
int	 magic_consume(struct game *, int slot, int target);

/* A turn went: poison, haste, confusion, blindness run down; so do the
   monsters' slowness and fear. */
void	 magic_turn(struct game *);

#endif
