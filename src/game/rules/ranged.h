/*
 * ranged.h: where a shooting monster stands (ranged.c).
 */
#ifndef ASTRAY_RANGED_H
#define ASTRAY_RANGED_H

struct game;

/* What a monster with a ranged attack does, perceiving the player. */
enum ranged_choice {
	RANGED_MELEE,	/* as any monster: towards the player, or a blow */
	RANGED_SHOOT,	/* shoot from where it stands */
	RANGED_STEP,	/* step back to (x,y), away from the player */
	RANGED_GO,	/* plan to (x,y), a cell it can shoot from */
	RANGED_HOLD	/* a keeper without a shot: stay and watch */
};

/*
 * A keeper (a monster with "keeps" and no ranged attack: a summoner)
 * keeps its distance as a shooter does, watching the player from cells
 * this many farther than it keeps.
 */
#define RANGED_KEEPER_BAND	2

/*
 * The choice of monster i of the level, with the cell it is for; a
 * monster with neither a ranged attack nor a distance to keep always
 * gets RANGED_MELEE.
 */
enum ranged_choice ranged_choose(struct game *, int i, int *x, int *y);

/*
 * Whether the straight line from (x0,y0) to (x1,y1) is clear: nothing
 * opaque, no living monster, between the two ends.
 */
int	 ranged_line(const struct game *, int x0, int y0, int x1, int y1);

#endif
