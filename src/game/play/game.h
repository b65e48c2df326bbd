/*
 * game.h: astray's rules, as front ends see them.
 *
 * A game is made from a configuration (data directory, seed, optionally a
 * dungeon file), driven one player action at a time, saved and restored;
 * everything a screen shows of it (cells, the player, monsters and what
 * their planners are doing, messages) is asked through query.h, which
 * this includes.  Nothing here draws or reads keys, so the whole game
 * runs and is tested headless.  The same seed and the same actions always
 * give the same game, bit for bit, and a save restores it exactly,
 * planners included.
 */
#ifndef ASTRAY_GAME_H
#define ASTRAY_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "query.h"

struct game_config {
	const char	*data_dir;	/* terrain.txt, monsters.txt */
	const struct mods *mods;	/* layered on data_dir (mods.h), or
					   NULL; kept, not copied: it must
					   outlive the game */
	const char	*dungeon;	/* a dungeon file, or NULL */
	const char	*vaults;	/* a vault file for generated levels;
					   NULL: DATA/vaults.txt if present */
	uint64_t	 seed;
	int		 depths;	/* levels of a generated game; 0: 10 */
	int		 monsters;	/* a dungeon's extra monsters; 0: its own,
					   GAME_NO_MONSTERS: none */
	const char	*planner;	/* for study: every monster plans with
					   this planner; NULL: each its own */
	int		 hunted;	/* for study: every monster hears the
					   player wherever it is, so all hunt */
	uint64_t	(*clock_ns)(void);	/* optional: for statistics */
	/*
	 * Optional, for tests: told of every monster's plan as it ends,
	 * before the monster steps, with the monster's index.  It may look
	 * at the game but not change it.
	 */
	void		(*plan_observer)(void *arg, const struct game *,
			    int monster);
	void		*plan_observer_arg;
};

/* Creates a game; NULL with *cause set if the data or dungeon is bad. */
struct game	*game_new(const struct game_config *, char **cause);
void		 game_free(struct game *);

/*
 * Carries out an action for the player.  Returns 1 if it took a turn
 * (the monsters then act), 0 if it was refused (a message says why) or
 * the game is over.  Resting, exploring and travel take as many whole
 * turns as they need (each stops when a monster comes into view).
 */
int		 game_act(struct game *, struct game_action);

/*
 * The same action in steps, for watching monsters one at a time:
 * game_begin() does the player's part and returns what game_act() would;
 * then each game_step() makes one monster act and returns its index;
 * after the turn's last action game_mid_turn() is 0 (a game_step() with
 * nothing left to do returns -1).  The game is the same as if
 * game_act() had been called.  A turn half done is finished before the
 * next action, and cannot be saved.
 */
int		 game_begin(struct game *, struct game_action);
int		 game_step(struct game *);
int		 game_mid_turn(const struct game *);

/*
 * Optional, for drivers that time turns: fn(arg, g) is called each time
 * a turn has been played in full (the player's action and every
 * monster's), each turn of a command that takes many (rest, explore,
 * travel) too.  It may look at the game but not change it.  NULL
 * removes it.
 */
void		 game_set_turn_observer(struct game *,
		    void (*fn)(void *arg, const struct game *), void *arg);

/* Appends a key to the game's key log (for replays). */
void		 game_log_key(struct game *, int key);

/*
 * The player's own route, as travel (to (tx,ty)) or exploring (tx < 0:
 * to the nearest cell that shows something new) would walk it now over
 * what the player knows: the player first, written into out (at most max
 * points).  Returns its length in points, which may exceed max; 0 if
 * there is no such way (or the game is over).  For the paths overlay.
 */
size_t		 game_player_route(const struct game *, int tx, int ty,
		     struct path_point *out, size_t max);

/*
 * Takes a campaign's stairs at once, wherever the player stands: its
 * next level is built as the game builds it when the player comes down
 * (for astray --check --show).  Returns 0, or -1 when the game is not a
 * campaign in play or is on its last level (the game is left as it is).
 */
int		 game_descend_now(struct game *);

/*
 * Saves to a file atomically (a temporary file, flushed, then renamed
 * over the old one).  Returns 0, or -1 with *cause set; the old save is
 * untouched on failure.
 */
int		 game_save(const struct game *, const char *path, char **cause);

/*
 * Restores a saved game, checking its version and checksum, that it was
 * made with data files of the same rules (comments, spacing and glyphs
 * do not matter; *cause names what changed if they do), and every value
 * against what play can reach.  Returns NULL with *cause set if the save
 * cannot be played; the file is left as it is.
 */
struct game	*game_load(const char *path, const struct game_config *,
		     char **cause);

#endif
