/*
 * driver.c: a main() for a fuzz harness, without libFuzzer.
 *
 * Feeds each file named on the command line (or each file in a folder
 * named there) to LLVMFuzzerTestOneInput() once, so the regression
 * inputs kept in tests/fuzz/crashes/ run under make check with any C
 * compiler.  A harness that crashes or aborts takes the driver down with
 * it, which is the failure the test looks for; the driver itself fails
 * only on a file it cannot read.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "xmalloc.h"

/* Runs the harness on one file; returns 0, or -1 if it cannot be read. */
static int
driver_file(const char *path)
{
	char	*buf, *copy, *cause;
	size_t	 len;

	if ((buf = x_read_file(path, 1UL << 26, &len, &cause)) == NULL) {
		fprintf(stderr, "driver: %s\n", cause);
		free(cause);
		return (-1);
	}
	fprintf(stderr, "driver: %s (%zu bytes)\n", path, len);
	/* A copy of exactly len bytes, so overreads are caught. */
	copy = memcpy(xmalloc(len), buf, len);
	LLVMFuzzerTestOneInput((const uint8_t *)copy, len);
	fprintf(stderr, "driver: %s: ok\n", path);
	free(copy);
	free(buf);
	return (0);
}

/* Runs the harness on every file in a folder, in name order. */
static int
driver_dir(const char *path)
{
	struct dirent	**names;
	char		 *file;
	int		  n, i, rc = 0;

	if ((n = scandir(path, &names, NULL, alphasort)) < 0) {
		fprintf(stderr, "driver: %s: cannot read the folder\n", path);
		return (-1);
	}
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			file = xasprintf("%s/%s", path, names[i]->d_name);
			if (driver_file(file) != 0)
				rc = -1;
			free(file);
		}
		free(names[i]);
	}
	free(names);
	return (rc);
}

int
main(int argc, char **argv)
{
	struct stat	st;
	int		i, rc = 0;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (driver_dir(argv[i]) != 0)
				rc = 1;
		} else if (driver_file(argv[i]) != 0)
			rc = 1;
	}
	return (rc);
}
