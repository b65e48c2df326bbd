/*
 * flee.h: badly hurt monsters run from the player (flee.c).
 */
#ifndef ASTRAY_FLEE_H
#define ASTRAY_FLEE_H

#define FLEE_HEAL_EVERY	3	/* turns a fleeing monster heals a point in */
#define FLEE_WINDOW	97	/* side of the safety map round the player */

struct game;
struct monster;

/* Whether a monster flees now (its kind's threshold, its hit points). */
int	 flee_wants(const struct game *, struct monster *);

/*
 * One action of a fleeing monster (its index): it heals now and then, and
 * returns 0 with the step (*nx,*ny) down the safety map, or -1 when it
 * is cornered.
 */
int	 flee_step(struct game *, int monster, int *nx, int *ny);

#endif
