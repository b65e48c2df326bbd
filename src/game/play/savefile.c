/*
 * savefile.c: the save file a running game holds, and its checkpoints.
 *
 * One game at a time per save: the process that plays from a save (or
 * will write one) holds a POSIX write lock on "SAVE.lock" beside it for as
 * long as it runs.  A second astray on the same save finds the lock taken
 * and stops with a message before it reads or changes anything; the kernel
 * drops the lock of a process that dies, so a killed game never leaves a
 * stale one.  The lock file is removed by its holder on the way out, while
 * still locked; a process that locked a lock file which has since been
 * removed (or replaced) notices that the name no longer leads to the file
 * it locked, and tries again on the new one.  In a folder where no lock
 * file can be made (read-only) nothing can replace or remove the save
 * either, so the game goes on without one.
 *
 * The lock is on a file of its own, not on the save, because every save
 * is written to a temporary file and renamed over the old one: a lock on
 * the old file would be left behind on a name that no longer exists.
 *
 * Checkpoints: a game holding its save rewrites it whenever it reaches a
 * new level and every SAVEFILE_EVERY turns, so a crash or a kill -9 costs
 * at most that much play and never hands back an older choice.
 *
 * Anything at the save's name that is not a regular file (a FIFO, a
 * device, a folder) is refused before a byte is read: it is opened with
 * O_NONBLOCK, so even a FIFO with no writer does not hold the game up.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "game.h"
#include "savefile.h"
#include "xmalloc.h"

struct savefile {
	char	*path;
	char	*lock_path;
	int	 lock_fd;		/* -1: no lock (read-only folder) */
	int	 checkpointed;		/* a checkpoint mark is set */
	int	 depth;			/* the level of the last write */
	long	 turn;			/* the turn of the last write */
};

/* Whether path is absent or a regular file; else -1 with *cause set. */
static int
savefile_check_kind(const char *path, char **cause)
{
	struct stat	st;
	int		fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return (0);
		if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
		    !S_ISLNK(st.st_mode))
			goto special;
		*cause = xasprintf("%s: cannot open: %s", path,
		    strerror(errno));
		return (-1);
	}
	if (fstat(fd, &st) != 0) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		close(fd);
		return (-1);
	}
	close(fd);
	if (S_ISREG(st.st_mode))
		return (0);
special:
	*cause = xasprintf("%s: %s, so not a save (a save is a regular file "
	    "astray writes); it was left as it is", path,
	    x_file_kind(st.st_mode));
	return (-1);
}

/* Takes the lock file; 0, 1 if the folder cannot hold one, or -1. */
static int
savefile_lock(struct savefile *sf, char **cause)
{
	struct flock	fl;
	struct stat	held, now;
	int		fd, tries;

	for (tries = 0; tries < 100; tries++) {
		fd = open(sf->lock_path, O_RDWR | O_CREAT | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0600);
		if (fd < 0 && (errno == EACCES || errno == EROFS ||
		    errno == EPERM))
			return (1);
		if (fd < 0) {
			*cause = xasprintf("%s: cannot lock the save: %s",
			    sf->lock_path, strerror(errno));
			return (-1);
		}
		memset(&fl, 0, sizeof fl);
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(fd, F_SETLK, &fl) != 0) {
			memset(&fl, 0, sizeof fl);
			fl.l_type = F_WRLCK;
			fl.l_whence = SEEK_SET;
			if (fcntl(fd, F_GETLK, &fl) == 0 &&
			    fl.l_type != F_UNLCK)
				*cause = xasprintf("%s is in use by another "
				    "astray (process %ld); it was left as it "
				    "is (finish that game first, or use --save "
				    "FILE)", sf->path, (long)fl.l_pid);
			else
				*cause = xasprintf("%s is in use by another "
				    "astray; it was left as it is (finish "
				    "that game first, or use --save FILE)",
				    sf->path);
			close(fd);
			return (-1);
		}
		/* The name must still lead to the file locked: see above. */
		if (fstat(fd, &held) == 0 && stat(sf->lock_path, &now) == 0 &&
		    held.st_dev == now.st_dev && held.st_ino == now.st_ino &&
		    S_ISREG(held.st_mode)) {
			sf->lock_fd = fd;
			return (0);
		}
		close(fd);
	}
	*cause = xasprintf("%s: cannot lock the save: its lock file keeps "
	    "changing", sf->lock_path);
	return (-1);
}

/* Takes a save: see savefile.h. */
struct savefile *
savefile_open(const char *path, char **cause)
{
	struct savefile	*sf;

	if (savefile_check_kind(path, cause) != 0)
		return (NULL);
	sf = xcalloc(1, sizeof *sf);
	sf->path = xstrdup(path);
	sf->lock_path = xasprintf("%s.lock", path);
	sf->lock_fd = -1;
	if (savefile_lock(sf, cause) < 0 ||
	    savefile_check_kind(path, cause) != 0) {
		savefile_close(sf);
		return (NULL);
	}
	return (sf);
}

/* The save's file name: see savefile.h. */
const char *
savefile_path(const struct savefile *sf)
{
	return (sf->path);
}

/* Whether a save is there: see savefile.h. */
int
savefile_exists(const struct savefile *sf)
{
	struct stat	st;

	return (stat(sf->path, &st) == 0);
}

/* Notes the state just written or read, for the checkpoint policy. */
static void
savefile_mark(struct savefile *sf, const struct game *g)
{
	struct game_info	gi;

	game_info(g, &gi);
	sf->checkpointed = 1;
	sf->depth = gi.depth;
	sf->turn = gi.turn;
}

/* Restores the game: see savefile.h. */
struct game *
savefile_load(struct savefile *sf, const struct game_config *cfg,
    char **cause)
{
	struct game	*g;

	if ((g = game_load(sf->path, cfg, cause)) != NULL)
		savefile_mark(sf, g);
	return (g);
}

/* Writes the game: see savefile.h. */
int
savefile_write(struct savefile *sf, const struct game *g, char **cause)
{
	if (game_save(g, sf->path, cause) != 0)
		return (-1);
	savefile_mark(sf, g);
	return (0);
}

/* Writes a checkpoint if one is due: see savefile.h. */
int
savefile_checkpoint(struct savefile *sf, const struct game *g,
    char **cause)
{
	struct game_info	gi;

	if (game_status(g) != GAME_PLAYING || game_mid_turn(g))
		return (0);
	game_info(g, &gi);
	if (sf->checkpointed && gi.depth == sf->depth &&
	    gi.turn / SAVEFILE_EVERY == sf->turn / SAVEFILE_EVERY)
		return (0);
	return (savefile_write(sf, g, cause) == 0 ? 1 : -1);
}

/* Removes the save of a finished game: see savefile.h. */
void
savefile_remove(struct savefile *sf)
{
	unlink(sf->path);
	sf->checkpointed = 0;
}

/* Lets the save go: see savefile.h. */
void
savefile_close(struct savefile *sf)
{
	if (sf == NULL)
		return;
	if (sf->lock_fd >= 0) {
		unlink(sf->lock_path);	/* still locked: see above */
		close(sf->lock_fd);
	}
	free(sf->lock_path);
	free(sf->path);
	free(sf);
}
