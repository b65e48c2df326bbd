/*
 * missile.h: what flies along a line of fire (missile.c).
 */
#ifndef ASTRAY_MISSILE_H
#define ASTRAY_MISSILE_H

struct game;
struct monster;

/*
 * Follows the line from the player towards offset (tx,ty) for up to
 * range cells: *x,*y is the last cell it reaches (the player's own if
 * none), *hit the monster it stops at, or NULL.  Returns the cells
 * flown.
 */
int	 missile_trace(const struct game *, int tx, int ty, int range,
	     int *x, int *y, struct monster **hit);

/*
 * The offset of the nearest monster in view that a line of range cells
 * reaches with nothing in the way: 0, or -1 if there is none.
 */
int	 missile_nearest(const struct game *, int range, int *tx, int *ty);

/*
 * A missile of a kind and plus thrown (bonus 0) or fired (bonus: the
 * launcher's) towards (tx,ty); it lands where it stops.
 */
void	 missile_fly(struct game *, int kind, int plus, int bonus, int tx,
	     int ty);

/* A wand's charge (bolt, slowing, blinking) towards (tx,ty). */
void	 missile_zap(struct game *, int kind, int tx, int ty);

#endif
