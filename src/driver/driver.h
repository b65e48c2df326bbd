/*
 * driver.h: what running a game needs around the rules, for both front
 * ends (the terminal, src/ui, and the headless driver, headless.c).
 *
 * The rules (src/game) know no clock, no files of the player's and no
 * process: a driver chooses which game to open or restore, where its
 * save and high scores live, the seed of a game nobody chose one for,
 * and the clock the planners' statistics read.  That policy is written
 * here once, so the terminal and the headless driver open the same game
 * from the same options:
 *
 *   - neither --seed nor --dungeon: the saved game if there is one, else
 *     a new game with a seed from the clock and the process id;
 *   - --seed (and --dungeon): that game, new; --dungeon alone: that
 *     dungeon with a seed from the clock.
 *
 * A session holds the save it plays from (savefile.h): a restored game
 * always; a new game when the front end asks to hold it from the start
 * (the terminal, which asks first whether an old save may go).  A held
 * save is kept current with checkpoints and removed when the game ends.
 */
#ifndef ASTRAY_DRIVER_H
#define ASTRAY_DRIVER_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"

/* Which game, and where its files are: options both front ends take. */
struct driver_options {
	const char	*data_dir;
	const struct mods *mods;	/* layered on it (mods.h), or NULL */
	const char	*dungeon;	/* or NULL */
	int		 have_seed;
	uint64_t	 seed;
	int		 depths;	/* 0: the default */
	int		 monsters;	/* a dungeon's extras; 0: its own */
	const char	*planner;	/* every monster's planner, or NULL */
	int		 hunted;	/* every monster hears the player */
	const char	*save;		/* the save file, or NULL: default */
	const char	*scores;	/* the score table, or NULL: default */
};

/* A game being played, with the save it holds. */
struct driver_session {
	struct game		*game;
	char			*save_path;
	struct savefile		*save;		/* held, or NULL */
	int			 restored;	/* it came from the save */
	int			 study_rules;	/* --planner or --hunted: no
						   replay reproduces it */
};

/* What became of a game that ended: see driver_game_over(). */
struct driver_ending {
	int	 rank;		/* in the high scores, from 1; 0: not in them */
	char	*scores_error;	/* why the table was not written, or NULL */
	char	*morgue;	/* the morgue file written (record.h), or NULL */
	char	*morgue_error;	/* why none was written, or NULL */
};

/* How a front end opens a session. */
struct driver_open {
	/*
	 * Hold the save from the start, even for a new game.  A save that
	 * is there already is replaced only if replace() says yes (it is
	 * asked with the save's path); NULL: never.
	 */
	int		 hold;
	int		(*replace)(const char *save);
	/* Where a seed chosen from the clock is printed, or NULL. */
	FILE		*announce;
	/*
	 * The command that plays the saved game on, for the words when a
	 * save is kept (the program as it was run, with its --save and
	 * such); NULL says "astray".
	 */
	const char	*again;
};

/*
 * The folder of the game's data, for a front end's --data (given, or
 * NULL): given, else $ASTRAY_DATA unless it is empty, else installed if
 * it holds the data (its terrain.txt), else built, the source tree's
 * (so that a program runs where it was built before it is installed).
 * Returns one of those strings, never a new one.
 */
const char	*driver_data_dir(const char *given, const char *installed,
		     const char *built);

/*
 * The dungeon file --dungeon NAME names, for astray and astray-lab
 * alike: NAME as given if there is such a file or it names a folder
 * ("maps/x.dun"), else the dungeon of that name of the last mod that has
 * one, or of the data folder ("arena": DIR/dungeons/arena.dun, written
 * into buf), else the campaign of that name likewise
 * ("the-long-descent": DIR/campaigns/the-long-descent.camp).  Returns
 * name or buf; *found says whether a file is there (when not, name
 * comes back, for the caller's error to name).
 */
struct mods;
const char	*driver_find_dungeon(const char *name, const char *data_dir,
		     const struct mods *, char *buf, size_t size, int *found);

/*
 * What to say when driver_find_dungeon() found nothing for a name
 * without a '/': the name and each place it was looked for ("--dungeon nope: no such file; looked
 * for nope here, DIR/dungeons/nope.dun and DIR/campaigns/nope.camp"), a
 * new string.
 */
char		*driver_dungeon_missing(const char *name, const char *data_dir,
		     const struct mods *);

/* Monotonic nanoseconds: the clock planners' statistics are read with. */
uint64_t	 driver_clock(void);

/*
 * This thread's CPU time in nanoseconds: what --timing reports, so that
 * a shared machine's other work does not count.  A reading costs about
 * as much as a cheap plan call, so it times whole turns, never calls.
 */
uint64_t	 driver_cpu_clock(void);

/*
 * A seed for a game nobody chose one for, from the clock and the process
 * id, below 10^18 (what --seed accepts, so it can be given back).
 */
uint64_t	 driver_random_seed(void);

/* A game configuration from the options, with the clock. */
void		 driver_config(const struct driver_options *,
		     struct game_config *);

/*
 * The save file (--save, else $XDG_DATA_HOME/astray/astray.save, its
 * folder made on demand) and the score table (--scores, else
 * $XDG_DATA_HOME/astray/scores): new strings, or NULL with *cause set.
 */
char		*driver_save_path(const struct driver_options *, char **cause);
char		*driver_scores_path(const struct driver_options *,
		     char **cause);

/*
 * Opens the game the options choose (see the top of the file) into *s.
 * Returns 0, or -1 with *cause set and *s holding nothing.
 */
int		 driver_open(struct driver_session *,
		     const struct driver_options *, const struct driver_open *,
		     char **cause);

/*
 * Opens a replay's game: its seed, dungeon, depths and monsters, with
 * the rest of the options; the save is not touched.  As driver_open().
 */
int		 driver_open_config(struct driver_session *,
		     const struct driver_options *, const struct game_config *,
		     char **cause);

/*
 * Reads the replay file at path into *r (free it with replay_free(),
 * whatever the outcome) and opens its game as driver_open_config().
 * Returns 0, or -1 with *cause set.
 */
struct replay;
int		 driver_open_replay(struct driver_session *,
		     const struct driver_options *, const char *path,
		     struct replay *r, char **cause);

/* Writes a checkpoint of a held save if one is due: as savefile.h. */
int		 driver_checkpoint(struct driver_session *, char **cause);

/*
 * Saves the game: to the held save, or else to the save's path unless
 * another game's save is there.  Returns 0, or -1 with *cause set.
 */
int		 driver_save(struct driver_session *, char **cause);

/*
 * A game is over: its held save is removed; unless study is set, it is
 * entered in the score table at scores (NULL: the default one); then its
 * morgue file is written beside that table, unless it was played with
 * study rules (--planner, --hunted), which no replay reproduces.  The
 * table is written first, so a morgue that cannot be written costs only
 * itself.  Fills *end (free it with driver_ending_free()); returns 0, or
 * -1 if the table or the morgue could not be written (end says why).
 */
int		 driver_game_over(struct driver_session *, const char *scores,
		     int study, struct driver_ending *end);
void		 driver_ending_free(struct driver_ending *);

/* Lets the save go and frees the game; s may hold nothing. */
void		 driver_close(struct driver_session *);

#endif
