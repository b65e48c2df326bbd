/*
 * stage.h: a campaign in play, one level after another (stage.c).
 */
#ifndef ASTRAY_STAGE_H
#define ASTRAY_STAGE_H

struct game;

/* Reads the campaign the game's dungeon path names; 0, or -1 with *cause. */
int	 stage_open(struct game *, const char *data_dir, char **cause);

/*
 * Takes the stairs of a campaign's level: down to the next level, or,
 * on the last, out and won (an event tells which).
 */
void	 stage_descend(struct game *);

#endif
