/*
 * hold.h: a monster that holds a door shut against the player (hold.c).
 */
#ifndef ASTRAY_HOLD_H
#define ASTRAY_HOLD_H

struct game;
struct monster;

#define HOLD_RANGE	8	/* takes hold with the player this near the
				   door */
#define HOLD_TRIES	3	/* the player's tries before it spikes it */
#define HOLD_NEAR	5	/* or its actions with the player beside */
#define HOLD_TURNS	20	/* its actions holding before it gives up */

/*
 * The index of the monster holding the shut door at (x,y) against the
 * player, or -1: a living door-holder beside it that took hold of it and
 * has not lost the player.
 */
int	 hold_holder(const struct game *, int x, int y);

/*
 * The player tries the door at (x,y) that monster h holds: it stays shut
 * (EVENT_HELD), and the holder counts the try.
 */
void	 hold_refuse(struct game *, int h, int x, int y);

/*
 * A holding monster's action, before it chases: it keeps holding (and
 * spikes the door when the player keeps at it), or gives up and opens
 * the door.  Returns 1 if the action went on the door, 0 if monster i
 * holds nothing (any more) and chases as any other.
 */
int	 hold_act(struct game *, int i);

/*
 * Monster i's next step towards the player is (nx,ny): a door-holder
 * takes hold of a door there (shutting it first if it is open) instead
 * of going through.  Returns 1 if it did, taking the action.
 */
int	 hold_take(struct game *, int i, int nx, int ny);

/* A monster that lost the player may hold a door again, once found. */
void	 hold_forget(struct monster *);

#endif
