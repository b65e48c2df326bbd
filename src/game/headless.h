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

#include <stdint.h>

struct headless_options {
	const char	*data_dir;
	const char	*dungeon;	/* or NULL */
	int		 have_seed;
	uint64_t	 seed;
	int		 depths;	/* 0: the default */
	int		 monsters;	/* a dungeon's extra monsters; 0: its own */
	const char	*planner;	/* every monster's planner, or NULL */
	int		 hunted;	/* every monster hears the player */
	const char	*keys;		/* or NULL */
	const char	*replay;	/* a replay file to play, or NULL */
	const char	*record;	/* write the replay here, or NULL */
	const char	*save;		/* the save file, or NULL: default */
	const char	*scores;	/* the score table, or NULL: default */
	const char	*keymap;	/* the terminal's key map file, or NULL */
	int		 reveal;	/* the terminal shows the whole level */
	int		 each_turn;	/* a digest line per turn */
	int		 messages;	/* print messages as they come */
	int		 timing;	/* time per turn, on standard error */
	int		 show_level;	/* print the level as text at the end */
};

/* Runs the game headless; returns the exit status. */
int	 headless_run(const struct headless_options *);

/*
 * The default save file, $XDG_DATA_HOME/astray/astray.save (made on
 * demand), or NULL with *cause set.
 */
char	*headless_save_path(char **cause);

#endif
