/*
 * mods.c: finding mods, their signatures, and files through the layers.
 *
 * A mod's signature is FNV-1a over the files the game reads from it, in
 * the order of their paths within the mod: each path, a zero byte, the
 * file's length and its bytes.  So renaming, adding, removing or
 * changing any of them changes it, and nothing else in the folder (a
 * README, an editor's backup) does.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hash.h"
#include "scan.h"
#include "mods.h"
#include "words.h"
#include "xmalloc.h"

#define MODS_FILE_MAX	(32UL << 20)	/* bytes of one file, as a dungeon */
#define MODS_FILES_MAX	4096		/* files a mod's folder may list */

/* The tables a mod may hold, at its top. */
static const char *const mods_tables[] = {
	"terrain.txt", "monsters.txt", "items.txt", "vaults.txt"
};
#define MODS_TABLES	(sizeof mods_tables / sizeof mods_tables[0])

/* The installed mods' folder: see mods.h. */
char *
mods_folder(char **cause)
{
	const char	*xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (xdg != NULL && xdg[0] == '/')
		return (xasprintf("%s/astray/mods", xdg));
	if (home != NULL && home[0] != '\0')
		return (xasprintf("%s/.local/share/astray/mods", home));
	*cause = xstrdup("neither XDG_DATA_HOME nor HOME is set, so there "
	    "is no mods folder");
	return (NULL);
}

/* Whether path is a folder. */
static int
mods_is_dir(const char *path)
{
	struct stat	st;

	return (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* Whether name ends in ext. */
static int
mods_ends(const char *name, const char *ext)
{
	size_t	n = strlen(name), e = strlen(ext);

	return (n > e && strcmp(name + n - e, ext) == 0);
}

static int
mods_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * Appends to *list the files of sub (a folder of the mod) with one of
 * the two endings, as "sub/name"; the folder may be missing.
 */
static void
mods_list_sub(const char *dir, const char *sub, const char *ext1,
    const char *ext2, char ***list, size_t *n)
{
	char		*path;
	struct dirent	*de;
	DIR		*d;

	path = xasprintf("%s/%s", dir, sub);
	d = opendir(path);
	free(path);
	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL && *n < MODS_FILES_MAX) {
		if (de->d_name[0] == '.' || (!mods_ends(de->d_name, ext1) &&
		    (ext2 == NULL || !mods_ends(de->d_name, ext2))))
			continue;
		*list = xreallocarray(*list, *n + 1, sizeof **list);
		(*list)[(*n)++] = xasprintf("%s/%s", sub, de->d_name);
	}
	closedir(d);
}

/* The files the game reads from a mod: see mods.h. */
size_t
mods_files(const char *dir, char ***list)
{
	char	*path;
	size_t	 n = 0, i;

	*list = NULL;
	for (i = 0; i < MODS_TABLES; i++) {
		path = xasprintf("%s/%s", dir, mods_tables[i]);
		if (access(path, F_OK) == 0) {
			*list = xreallocarray(*list, n + 1, sizeof **list);
			(*list)[n++] = xstrdup(mods_tables[i]);
		}
		free(path);
	}
	mods_list_sub(dir, "dungeons", ".dun", ".map", list, &n);
	mods_list_sub(dir, "campaigns", ".camp", NULL, list, &n);
	if (n > 1)
		qsort(*list, n, sizeof **list, mods_cmp);
	return (n);
}

/* The signature of a mod's files (see the top of the file). */
static int
mods_digest(const char *dir, uint64_t *digest, char **cause)
{
	char		**list, *path, *buf;
	size_t		  n, i, len;
	uint64_t	  h = HASH_START, l;
	int		  rc = 0;

	n = mods_files(dir, &list);
	if (n == 0) {
		*cause = xasprintf("%s: the mod holds nothing astray reads "
		    "(terrain.txt, monsters.txt, items.txt, vaults.txt, "
		    "dungeons/NAME.dun or .map, campaigns/NAME.camp)", dir);
		rc = -1;
	}
	for (i = 0; i < n; i++) {
		if (rc == 0) {
			path = xasprintf("%s/%s", dir, list[i]);
			buf = x_read_file(path, MODS_FILE_MAX, &len, cause);
			free(path);
			if (buf == NULL)
				rc = -1;
			else {
				h = hash_bytes(h, list[i], strlen(list[i]) + 1);
				l = len;
				h = hash_bytes(h, &l, sizeof l);
				h = hash_bytes(h, buf, len);
				free(buf);
			}
		}
		free(list[i]);
	}
	free(list);
	*digest = h;
	return (rc);
}

/* Adds a mod: see mods.h. */
int
mods_add(struct mods *ms, const char *dir, int installed, char **cause)
{
	struct mod	*m;
	struct scan_field f;
	const char	*base, *why;
	char		*copy;
	size_t		 n;
	int		 i;

	if (!mods_is_dir(dir)) {
		*cause = xasprintf("%s: no such mod (a mod is a folder)", dir);
		return (-1);
	}
	copy = xstrdup(dir);
	for (n = strlen(copy); n > 1 && copy[n - 1] == '/'; n--)
		copy[n - 1] = '\0';
	base = strrchr(copy, '/') != NULL ? strrchr(copy, '/') + 1 : copy;
	if (ms->n == MODS_MAX) {
		*cause = xasprintf("%s: too many mods (at most %d)", copy,
		    MODS_MAX);
		goto fail;
	}
	m = &ms->m[ms->n];
	memset(m, 0, sizeof *m);
	f.p = base;
	f.n = strlen(base);
	f.column = 1;
	if (words_name(&f, m->name, sizeof m->name, &why) != 0) {
		*cause = xasprintf("%s: a mod's folder name must be a name "
		    "(letters, digits, '-' and '_'): %s", copy, why);
		goto fail;
	}
	for (i = 0; i < ms->n; i++) {
		if (strcmp(ms->m[i].name, m->name) == 0) {
			*cause = xasprintf("%s: a mod named \"%s\" is active "
			    "already (%s)", copy, m->name, ms->m[i].dir);
			goto fail;
		}
	}
	if (mods_digest(copy, &m->digest, cause) != 0)
		goto fail;
	m->dir = copy;
	m->installed = installed;
	ms->n++;
	return (0);

fail:
	free(copy);
	return (-1);
}

/* Adds the installed mods: see mods.h. */
int
mods_add_installed(struct mods *ms, char **cause)
{
	char		*folder, **names = NULL, *path;
	struct dirent	*de;
	size_t		 n = 0, i;
	DIR		*d;
	int		 rc = 0;

	if ((folder = mods_folder(cause)) == NULL)
		return (-1);
	if ((d = opendir(folder)) == NULL) {
		rc = errno == ENOENT ? 0 : -1;
		if (rc != 0)
			*cause = xasprintf("%s: cannot read the mods folder: "
			    "%s", folder, strerror(errno));
		free(folder);
		return (rc);
	}
	while ((de = readdir(d)) != NULL && n < MODS_FILES_MAX) {
		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", folder, de->d_name);
		if (mods_is_dir(path)) {
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = path;
		} else
			free(path);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, mods_cmp);
	for (i = 0; i < n; i++) {
		if (rc == 0 && mods_add(ms, names[i], 1, cause) != 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	free(folder);
	return (rc);
}

void
mods_free(struct mods *ms)
{
	int	i;

	for (i = 0; i < ms->n; i++)
		free(ms->m[i].dir);
	ms->n = 0;
}

/* The number of layers: see mods.h. */
int
mods_layers(const struct mods *ms)
{
	return (1 + (ms != NULL ? ms->n : 0));
}

/* A layer's folder: see mods.h. */
const char *
mods_dir(const char *data_dir, const struct mods *ms, int i)
{
	return (i == 0 ? data_dir : ms->m[i - 1].dir);
}

/* A file through the layers: see mods.h. */
char *
mods_find(const char *data_dir, const struct mods *ms, const char *rel,
    int *layer)
{
	char	*path;
	int	 i;

	for (i = mods_layers(ms) - 1; i >= 0; i--) {
		path = xasprintf("%s/%s", mods_dir(data_dir, ms, i), rel);
		if (access(path, F_OK) == 0) {
			if (layer != NULL)
				*layer = i;
			return (path);
		}
		free(path);
	}
	return (NULL);
}

/* The mods in words: see mods.h. */
char *
mods_describe(const struct mods *ms)
{
	char	*s = xstrdup(""), *t;
	int	 i;

	if (ms == NULL || ms->n == 0) {
		free(s);
		return (xstrdup("none"));
	}
	for (i = 0; i < ms->n; i++) {
		t = xasprintf("%s%s%s (%016llx)", s, i > 0 ? ", " : "",
		    ms->m[i].name, (unsigned long long)ms->m[i].digest);
		free(s);
		s = t;
	}
	return (s);
}
