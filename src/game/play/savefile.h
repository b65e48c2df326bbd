/*
 * savefile.h: the save file a running game holds (see savefile.c).
 *
 * The front ends take the save before they read or write it, hold it
 * while the game runs, and let it go when they leave: two astrays never
 * play from one save.  A game that holds its save keeps it current with
 * checkpoints, at every new level and every SAVEFILE_EVERY turns.
 */
#ifndef ASTRAY_SAVEFILE_H
#define ASTRAY_SAVEFILE_H

#define SAVEFILE_EVERY	100	/* turns between checkpoints */

struct game;
struct game_config;
struct savefile;

/*
 * Takes the save at path for this process (the file need not exist).
 * Returns NULL with *cause set, having read and changed nothing, if
 * another astray holds it or something other than a regular file is
 * there.
 */
struct savefile	*savefile_open(const char *path, char **cause);

/* The save's file name. */
const char	*savefile_path(const struct savefile *);

/* Whether there is a file at the save's name now. */
int		 savefile_exists(const struct savefile *);

/* game_load() from the save; the game read is the first checkpoint. */
struct game	*savefile_load(struct savefile *, const struct game_config *,
		     char **cause);

/* game_save() to the save: 0, or -1 with *cause set (the file as it was). */
int		 savefile_write(struct savefile *, const struct game *,
		     char **cause);

/*
 * Writes the game if a checkpoint is due (a level not yet written, or
 * SAVEFILE_EVERY turns into a new span since the last write) and the
 * game is playing between turns.  Returns 1 if it wrote, 0 if none was
 * due, -1 with *cause set if the write failed.
 */
int		 savefile_checkpoint(struct savefile *, const struct game *,
		     char **cause);

/* Removes the save (a finished game's); the lock stays held. */
void		 savefile_remove(struct savefile *);

/* Lets the save go (unlocks it); NULL is allowed. */
void		 savefile_close(struct savefile *);

#endif
