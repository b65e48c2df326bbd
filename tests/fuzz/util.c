/*
 * util.c: the fuzz harnesses' shared helpers (see fuzz.h).
 *
 * Everything read from the data folder is read once and kept for the
 * life of the process: a harness runs millions of times and the shipped
 * files never change under it.  The scratch folder is made on first use;
 * one made here (not given in $FUZZ_SCRATCH) is removed at exit.
 */
#include <sys/stat.h>

#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game.h"
#include "item.h"
#include "keys.h"
#include "monster.h"
#include "terrain.h"
#include "xmalloc.h"

#ifndef FUZZ_DATA
#define FUZZ_DATA	"data"
#endif

#define FUZZ_FILES	16

static struct {
	char	 name[64];
	char	*buf;
	size_t	 len;
} fuzz_files[FUZZ_FILES];
static int	fuzz_nfiles;

static char	fuzz_scratch_dir[4096];
static int	fuzz_scratch_made;
static char	fuzz_paths[9][4096 + 64];	/* the slots of fuzz_path() */

/*
 * Where sanitizers write their reports: libFuzzer's -close_fd_mask=2
 * sends standard error to /dev/null and keeps a copy of it for these.
 * Weak, so that a build without sanitizers links too.
 */
void	__sanitizer_report_error_summary(const char *)
	    __attribute__((weak));

/* Reports a broken promise and aborts: see fuzz.h. */
void
fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list	ap;
	char	msg[1024];
	int	n;

	n = snprintf(msg, sizeof msg, "%s:%d: fuzz_assert(%s) failed: ", file,
	    line, cond);
	if (n > 0 && (size_t)n < sizeof msg) {
		va_start(ap, fmt);
		vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
		va_end(ap);
	}
	fprintf(stderr, "%s\n", msg);
	if (__sanitizer_report_error_summary != NULL)
		__sanitizer_report_error_summary(msg);
	abort();
}

const char *
fuzz_data_dir(void)
{
	const char	*env = getenv("ASTRAY_FUZZ_DATA");

	return (env != NULL && env[0] != '\0' ? env : FUZZ_DATA);
}

/* Reads a shipped file once: see fuzz.h. */
const char *
fuzz_data_file(const char *name, size_t *len)
{
	char	*path, *cause;
	int	 i;

	for (i = 0; i < fuzz_nfiles; i++) {
		if (strcmp(fuzz_files[i].name, name) == 0) {
			*len = fuzz_files[i].len;
			return (fuzz_files[i].buf);
		}
	}
	if (fuzz_nfiles == FUZZ_FILES || strlen(name) >= sizeof
	    fuzz_files[0].name)
		fuzz_fail(__FILE__, __LINE__, "room", "too many data files");
	path = xasprintf("%s/%s", fuzz_data_dir(), name);
	fuzz_files[i].buf = x_read_file(path, 1UL << 24, &fuzz_files[i].len,
	    &cause);
	if (fuzz_files[i].buf == NULL)
		fuzz_fail(__FILE__, __LINE__, "read", "%s", cause);
	free(path);
	snprintf(fuzz_files[i].name, sizeof fuzz_files[i].name, "%s", name);
	fuzz_nfiles++;
	*len = fuzz_files[i].len;
	return (fuzz_files[i].buf);
}

/* The shipped terrain table: see fuzz.h. */
const struct terrain_table *
fuzz_terrain(void)
{
	static struct terrain_table	 tt;
	static int			 done;
	const char			*buf;
	char				*cause;
	size_t				 len;

	if (!done) {
		buf = fuzz_data_file("terrain.txt", &len);
		if (terrain_parse(&tt, "terrain.txt", buf, len, &cause) != 0)
			fuzz_fail(__FILE__, __LINE__, "terrain", "%s", cause);
		done = 1;
	}
	return (&tt);
}

/* The shipped monster table: see fuzz.h. */
const struct monster_table *
fuzz_monsters(void)
{
	static struct monster_table	 mt;
	static int			 done;
	const char			*buf;
	char				*cause;
	size_t				 len;

	if (!done) {
		buf = fuzz_data_file("monsters.txt", &len);
		if (monster_parse(&mt, fuzz_terrain(), "monsters.txt", buf, len,
		    &cause) != 0)
			fuzz_fail(__FILE__, __LINE__, "monsters", "%s", cause);
		done = 1;
	}
	return (&mt);
}

/* The shipped item table: see fuzz.h. */
const struct item_table *
fuzz_items(void)
{
	static struct item_table	 it;
	static int			 done;
	const char			*buf;
	char				*cause;
	size_t				 len;

	if (!done) {
		buf = fuzz_data_file("items.txt", &len);
		if (item_parse(&it, fuzz_terrain(), "items.txt", buf, len,
		    &cause) != 0)
			fuzz_fail(__FILE__, __LINE__, "items", "%s", cause);
		done = 1;
	}
	return (&it);
}

/* Removes one entry below the scratch folder (nftw callback). */
static int
fuzz_remove(const char *path, const struct stat *st, int flag,
    struct FTW *ftw)
{
	if (ftw->level > 0)
		remove(path);
	return (0);
}

void
fuzz_clean(void)
{
	if (fuzz_scratch_dir[0] != '\0')
		nftw(fuzz_scratch_dir, fuzz_remove, 16, FTW_DEPTH | FTW_PHYS);
}

/* Removes a scratch folder this process made. */
static void
fuzz_scratch_remove(void)
{
	fuzz_clean();
	rmdir(fuzz_scratch_dir);
}

/* The scratch folder: see fuzz.h. */
const char *
fuzz_scratch(void)
{
	const char	*env = getenv("FUZZ_SCRATCH"), *tmp;
	struct stat	 st;

	if (fuzz_scratch_dir[0] != '\0')
		return (fuzz_scratch_dir);
	if (env != NULL && env[0] == '/') {
		snprintf(fuzz_scratch_dir, sizeof fuzz_scratch_dir, "%s", env);
		if (mkdir(env, 0700) != 0 && errno != EEXIST)
			fuzz_fail(__FILE__, __LINE__, "mkdir", "%s: %s", env,
			    strerror(errno));
		return (fuzz_scratch_dir);
	}
	if (stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) &&
	    access("/dev/shm", W_OK) == 0)
		tmp = "/dev/shm";
	else if ((tmp = getenv("TMPDIR")) == NULL || tmp[0] != '/')
		tmp = "/tmp";
	snprintf(fuzz_scratch_dir, sizeof fuzz_scratch_dir,
	    "%s/astray-fuzz.XXXXXX", tmp);
	if (mkdtemp(fuzz_scratch_dir) == NULL)
		fuzz_fail(__FILE__, __LINE__, "mkdtemp", "%s: %s",
		    fuzz_scratch_dir, strerror(errno));
	if (!fuzz_scratch_made)
		atexit(fuzz_scratch_remove);
	fuzz_scratch_made = 1;
	return (fuzz_scratch_dir);
}

/* A path in the scratch folder: see fuzz.h. */
const char *
fuzz_path(int slot, const char *name)
{
	snprintf(fuzz_paths[slot], sizeof fuzz_paths[slot], "%s/%s",
	    fuzz_scratch(), name);
	return (fuzz_paths[slot]);
}

/* Writes a scratch file: see fuzz.h. */
const char *
fuzz_write(int slot, const char *name, const void *buf, size_t len)
{
	const char	*path = fuzz_path(slot, name);
	FILE		*f;

	if ((f = fopen(path, "wb")) == NULL ||
	    (len > 0 && fwrite(buf, 1, len, f) != len) || fclose(f) != 0)
		fuzz_fail(__FILE__, __LINE__, "write", "%s: %s", path,
		    strerror(errno));
	return (path);
}

/* Plays keys: see fuzz.h. */
void
fuzz_play(struct game *g, const char *keys, size_t n)
{
	struct keys		ks;
	struct game_action	a;
	size_t			i;

	keys_init(&ks);
	ks.game = g;
	for (i = 0; i < n && game_status(g) == GAME_PLAYING; i++) {
		if (keys_feed(&ks, (unsigned char)keys[i], &a) != KEYS_ACTION ||
		    a.cmd == GAME_CMD_SAVE)
			continue;
		game_log_key(g, (unsigned char)keys[i]);
		game_act(g, a);
	}
}

/* Saves, loads and compares, with the data from a folder: see fuzz.h. */
void
fuzz_save_check_in(struct game *g, const char *data_dir, const char *keys,
    size_t n)
{
	struct game_config	 cfg;
	struct game		*back;
	const char		*path = fuzz_path(3, "check.save");
	char			*cause = NULL;

	if (game_mid_turn(g) || game_status(g) != GAME_PLAYING)
		return;
	if (game_save(g, path, &cause) != 0)
		fuzz_fail(__FILE__, __LINE__, "save", "%s", cause);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = data_dir;
	if ((back = game_load(path, &cfg, &cause)) == NULL)
		fuzz_fail(__FILE__, __LINE__, "load", "a game just saved "
		    "does not load: %s", cause);
	remove(path);
	fuzz_assert(game_digest(g) == game_digest(back), "the restored game "
	    "differs (digest %016llx, saved %016llx)",
	    (unsigned long long)game_digest(back),
	    (unsigned long long)game_digest(g));
	fuzz_play(g, keys, n);
	fuzz_play(back, keys, n);
	fuzz_assert(game_digest(g) == game_digest(back), "the restored game "
	    "plays differently (digest %016llx, saved game %016llx)",
	    (unsigned long long)game_digest(back),
	    (unsigned long long)game_digest(g));
	game_free(back);
}

/* Saves, loads and compares: see fuzz.h. */
void
fuzz_save_check(struct game *g, const char *keys, size_t n)
{
	fuzz_save_check_in(g, fuzz_data_dir(), keys, n);
}

/* A game from fuzzed data files: see fuzz.h. */
void
fuzz_game_with_data(const void *terrain, size_t tlen, const void *monsters,
    size_t mlen, const char *keys, size_t n)
{
	struct game_config	 cfg;
	struct game		*g;
	char			*cause = NULL, *text;
	const char		*dir = fuzz_path(2, "data");

	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		fuzz_fail(__FILE__, __LINE__, "mkdir", "%s: %s", dir,
		    strerror(errno));
	fuzz_write(0, "data/terrain.txt", terrain, tlen);
	fuzz_write(1, "data/monsters.txt", monsters, mlen);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = dir;
	cfg.seed = 1;
	cfg.depths = 2;
	if ((g = game_new(&cfg, &cause)) == NULL) {
		free(cause);
		return;
	}
	fuzz_play(g, keys, n);
	text = game_level_text(g);
	free(text);
	fuzz_save_check_in(g, dir, keys, n);
	game_free(g);
}
