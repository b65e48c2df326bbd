/*
 * files.c: the data folder, and atomic writes.
 *
 * The temporary file is made with mkstemp() beside the target (a rename
 * is only atomic within one file system), written in full, fsync()ed,
 * renamed, and then the folder itself is fsync()ed so the rename survives
 * a power cut.  Any failure removes the temporary file and reports the
 * system's reason; the target is never opened for writing.
 *
 * A writer killed half way (SIGKILL, a power cut) cannot remove its
 * temporary file, so every successful write sweeps up the ones of its
 * target that earlier writers left.  A writer holds a POSIX lock on its
 * temporary file from mkstemp() until the rename has taken the name away,
 * and the kernel drops the lock when the writer dies: a temporary file
 * that can be locked is an orphan and is removed, one that cannot belongs
 * to a live writer and is left alone.  The ".tmp." in the name keeps the
 * sweep off a user's own files beside the target.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "xmalloc.h"

/* Makes a folder and its parents; returns 0 or -1 (errno set). */
static int
files_mkdirs(const char *path)
{
	char	*p = xstrdup(path), *s;
	int	 rc = 0;

	for (s = p + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
		if (rc != 0)
			break;
	}
	if (rc == 0 && mkdir(p, 0700) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return (rc);
}

/* The data folder: see files.h. */
char *
files_data_home(char **cause)
{
	const char	*xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char		*dir;
	struct stat	 st;

	if (xdg != NULL && xdg[0] == '/')
		dir = xasprintf("%s/astray", xdg);
	else if (home != NULL && home[0] != '\0')
		dir = xasprintf("%s/.local/share/astray", home);
	else {
		*cause = xstrdup("neither XDG_DATA_HOME nor HOME is set, so "
		    "there is nowhere to keep saves");
		return (NULL);
	}
	if (files_mkdirs(dir) != 0 || stat(dir, &st) != 0 ||
	    !S_ISDIR(st.st_mode)) {
		*cause = xasprintf("%s: cannot make the folder: %s", dir,
		    strerror(errno));
		free(dir);
		return (NULL);
	}
	return (dir);
}

/* Locks a whole file for writing without waiting; returns 0 or -1. */
static int
files_lock(int fd)
{
	struct flock	fl;

	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	return (fcntl(fd, F_SETLK, &fl));
}

/*
 * Removes the temporary files of path (path.tmp.XXXXXX) that killed
 * writers left in dir: those nobody holds locked.  Best effort: a file
 * that cannot be opened or locked is left.
 */
static void
files_sweep(const char *dir, const char *path)
{
	const char	*base = strrchr(path, '/'), *tail;
	char		*prefix, *orphan;
	struct dirent	*de;
	struct stat	 st;
	size_t		 plen, i;
	DIR		*d;
	int		 fd;

	base = base != NULL ? base + 1 : path;
	if ((d = opendir(dir)) == NULL)
		return;
	prefix = xasprintf("%s.tmp.", base);
	plen = strlen(prefix);
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, plen) != 0)
			continue;
		tail = de->d_name + plen;
		for (i = 0; tail[i] != '\0'; i++) {
			if (!isalnum((unsigned char)tail[i]))
				break;
		}
		if (i != 6 || tail[i] != '\0')
			continue;
		orphan = xasprintf("%s/%s", dir, de->d_name);
		fd = open(orphan, O_WRONLY | O_NONBLOCK | O_NOFOLLOW);
		if (fd >= 0) {
			if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
			    files_lock(fd) == 0)
				unlink(orphan);
			close(fd);
		}
		free(orphan);
	}
	closedir(d);
	free(prefix);
}

/* Writes a file atomically: see files.h. */
int
files_write_atomic(const char *path, const void *buf, size_t len,
    char **cause)
{
	char		*tmp, *dir, *slash;
	const char	*p = buf, *top;
	ssize_t		 n;
	size_t		 done = 0;
	int		 fd, dfd, saved;

	tmp = xasprintf("%s.tmp.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0) {
		*cause = xasprintf("%s: cannot write: %s", path,
		    strerror(errno));
		free(tmp);
		return (-1);
	}
	(void)files_lock(fd);	/* see the top of the file */
	while (done < len) {
		n = write(fd, p + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		done += (size_t)n;
	}
	if (fsync(fd) != 0)
		goto fail;
	/*
	 * Renamed before it is closed, so the lock lasts until the name is
	 * gone; the data is on disk already, so close() has nothing left
	 * to report.
	 */
	if (rename(tmp, path) != 0)
		goto fail;
	close(fd);
	free(tmp);
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash != NULL)
		*slash = '\0';
	top = slash != NULL ? (dir[0] != '\0' ? dir : "/") : ".";
	if ((dfd = open(top, O_RDONLY)) >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	files_sweep(top, path);
	free(dir);
	return (0);

fail:
	saved = errno != 0 ? errno : EIO;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	*cause = xasprintf("%s: cannot write: %s", path, strerror(saved));
	return (-1);
}
