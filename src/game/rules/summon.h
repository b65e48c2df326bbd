/*
 * summon.h: monsters that raise others (summon.c).
 */
#ifndef ASTRAY_SUMMON_H
#define ASTRAY_SUMMON_H

struct game;

/* How far from itself (in steps) a summoner raises what it calls. */
#define SUMMON_RADIUS	3

/*
 * Monster i of the level, seeing the player, calls if it is a summoner
 * whose time has come and whose raised are fewer than its cap: returns
 * 1 if it called (its action is spent), else 0.  The level's monsters
 * may move in memory: take pointers to them again.
 */
int	 summon_call(struct game *, int i);

#endif
