/*
 * loop.h: the turn loop's own, for what restores a game (game.c, save.c).
 */
#ifndef ASTRAY_LOOP_H
#define ASTRAY_LOOP_H

#include "game.h"

/*
 * An empty game: its data read, its rules as the configuration says, no
 * level yet.  NULL with *cause on failure.
 */
struct game	*game_alloc(const struct game_config *, char **cause);

#endif
