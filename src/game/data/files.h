/*
 * files.h: where astray keeps its files, and writing them safely.
 *
 * Saves and high scores live in $XDG_DATA_HOME/astray (by default
 * ~/.local/share/astray), made on first use with mode 0700.  Every file
 * astray writes is written whole to a temporary file in the same folder,
 * flushed to disk, and renamed over the old one, so a crash or a full disk
 * leaves either the old file or the new one, never half of one.  The
 * temporary file of a writer that was killed is removed by the next
 * successful write of the same file.
 */
#ifndef ASTRAY_FILES_H
#define ASTRAY_FILES_H

#include <sys/types.h>

#include <stddef.h>

/*
 * The folder for saves and scores, made if need be.  Returns a new string,
 * or NULL with *cause set (no HOME, a folder that cannot be made).
 */
char	*files_data_home(char **cause);

/*
 * Writes len bytes to path atomically (see above), through a temporary
 * file path.tmp.XXXXXX.  Returns 0, or -1 with *cause set, in which case
 * path is as it was and no temporary file is left.
 */
int	 files_write_atomic(const char *path, const void *buf, size_t len,
	     char **cause);

#endif
