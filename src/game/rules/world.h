/*
 * world.h: time passing on a level (world.c).
 */
#ifndef ASTRAY_WORLD_H
#define ASTRAY_WORLD_H

struct game;
struct level;

/*
 * A turn passes on the level: gates keep their schedules, a dungeon's
 * events come due, and a corridor of a generated level may cave in; what
 * the player may notice is reported as events.
 */
void	 world_tick(struct game *, struct level *);

/*
 * Whether (x,y) has a way to the level's stairs (or goal) for the
 * player, who opens doors: 1 when the level has neither.  A teleport
 * lands only where it does, as a cave-in never cuts it.
 */
int	 world_way_out(const struct game *, const struct level *, int x,
	     int y);

#endif
