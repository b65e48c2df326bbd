/*
 * carry.h: monsters that carry items, steal, pick up and drop them, and
 * the peaceful ones (carry.c).
 */
#ifndef ASTRAY_CARRY_H
#define ASTRAY_CARRY_H

#define CARRY_AWAY	10	/* a thief's actions out of view before it
				   is gone with what it stole */
#define CARRY_SEEK	8	/* a picker looks for items this far */

struct game;
struct monster;

/*
 * A thief's blow that lands (monster m): it takes a random stack of the
 * pack (all of it) and returns 1, or returns 0 (it carries something
 * already, or the pack is empty) and the blow wounds as any other.
 */
int	 carry_steal(struct game *, struct monster *);

/*
 * Whether a fleeing thief with its loot (monster i) is gone: on stairs,
 * or CARRY_AWAY of its actions out of the player's view.  It leaves the
 * level, the item with it.  Returns 1 if it went.
 */
int	 carry_gone(struct game *, int i);

/*
 * A picker not hunting (monster i): if it stands on an item it picks it
 * up and returns 1; else, if it sees one within CARRY_SEEK, returns 2
 * with the cell in (*x,*y) to go to; else 0.
 */
int	 carry_seek(struct game *, int i, int *x, int *y);

/*
 * A monster killed at its cell: what it carried falls there, and each of
 * its kind's drops is rolled.
 */
void	 carry_drop(struct game *, struct monster *);

/* Whether a monster is peaceful still: its kind's, and not provoked. */
int	 carry_peaceful(const struct game *, const struct monster *);

/*
 * The player attacks monster m (hit or not, by any means): a peaceful
 * one is provoked and hunts from now on.
 */
void	 carry_provoke(struct game *, struct monster *);

#endif
