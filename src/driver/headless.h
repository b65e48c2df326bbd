/*
 * headless.h: the game without a terminal (astray --headless).
 *
 * Runs a new game (from a seed, a dungeon, or a replay file) or restores
 * the saved one, feeds it keys exactly as the terminal would, and prints
 * a digest of the state per turn or once at the end.  Tests, replays and
 * benchmarks drive the real game this way.
 */
#ifndef ASTRAY_HEADLESS_H
#define ASTRAY_HEADLESS_H

#include "driver.h"

/* The headless driver's options: the game, and what to play and print. */
struct headless_options {
	struct driver_options	 game;
	const char	*keys;		/* or NULL */
	const char	*replay;	/* a replay file to play, or NULL */
	const char	*record;	/* write the replay here, or NULL */
	int		 each_turn;	/* a digest line per turn */
	int		 messages;	/* print messages as they come */
	int		 timing;	/* time per turn, on standard error */
	int		 show_level;	/* print the level as text at the end */
};

/* Runs the game headless; returns the exit status. */
int	 headless_run(const struct headless_options *);

#endif
