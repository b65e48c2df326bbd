/*
 * gametest.h: what the game's Check suites share to set up and play a
 * game through its keys, as a player would.
 */
#ifndef ASTRAY_GAMETEST_H
#define ASTRAY_GAMETEST_H

#include <stdint.h>

#include "game.h"
#include "state.h"

/*
 * Starts a game of the data folder SRC_DATA: a dungeon file, or a
 * generated one (NULL), with monsters (0: the dungeon's; GAME_NO_MONSTERS:
 * none), hunted or not, and a seed.  Fails the test if it cannot.
 */
struct game	*gt_start(const char *dungeon, int monsters, int hunted,
		    uint64_t seed);

/*
 * Plays a string of game keys, logging each as the game logs a player's;
 * returns how many turns went.  Every key must be a game key.
 */
int		 gt_play(struct game *, const char *keys);

/*
 * Saves a game to a scratch file and loads it back with cfg (the data
 * folder SRC_DATA if cfg names none); the file goes.  Fails the test if
 * either fails.
 */
struct game	*gt_reload(const struct game *, const struct game_config *cfg);

/*
 * Lays count items of a kind (with the charges it is found with) under
 * the player and picks them up with g; known makes the kind known, for
 * tests about what items do rather than what they look like.  Fails the
 * test if it cannot.
 */
void		 gt_give(struct game *, const char *name, int count,
		    int known);

/* The first living monster of a kind on the level, or NULL. */
struct monster	*gt_monster(struct game *, const char *name);

/* Whether one of the last n messages contains text. */
int		 gt_said(const struct game *, const char *text, int n);

#endif
