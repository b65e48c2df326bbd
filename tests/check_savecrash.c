/*
 * check_savecrash.c: saves survive being killed, a full disk and a
 * read-only folder.
 *
 * The crash test is the user's worst case made routine: a child saves a
 * large game over and over (the 512x512 Moving AI map ../shared/movingai/
 * room/8room_000.map if it is there, else the arena, with hundreds of
 * extra monsters: 1.7 MB or 110 kB, milliseconds to write), and the
 * parent SIGKILLs it after a random delay of up to twice a save's time,
 * hundreds of times.  Each child saves the state the file does not hold,
 * so "old" and "new" always differ.  After every kill the file must load,
 * and its digest must be the old state's or the new one's: never an
 * error, never a third state.  Kills that land mid-write leave a
 * temporary file behind; the next successful save must sweep it up, so
 * the count of temporary files never grows beyond the kills since the
 * last save a child finished, and a last save leaves none.  The figures
 * (kills, loads, how many were old and new, kills that left a temporary
 * file) are printed in the test log, and the test insists that some
 * kills did land mid-write and some saves did complete: otherwise it
 * proved nothing.
 *
 * A full disk (RLIMIT_FSIZE in a child, with SIGXFSZ ignored so the write
 * fails with EFBIG) and a read-only folder (for root, whom chmod does not
 * stop, a child that has become nobody, 65534) must make game_save return
 * -1 with "PATH: cannot write: REASON", leave the old save byte for byte,
 * and leave no temporary file; and astray --headless, restoring a save
 * from such a folder and told to save again, must exit 1 with that
 * message.  The headless cases run the real program named by $ASTRAY
 * (make check sets it); as root, the read-only one runs it as nobody, and
 * if nobody cannot reach the program or the data (a build under /root)
 * the log says the case was not run.
 *
 * Runs scale with ASTRAY_TEST_SCALE (see testutil.h).
 */
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif
#ifndef SHARED_MOVINGAI
#error "SHARED_MOVINGAI must name the shared Moving AI maps"
#endif

/* Kills in the crash test (before ASTRAY_TEST_SCALE). */
#define CRASH_KILLS		300

/* Extra monsters in the big game: each adds a planner to every save. */
#define CRASH_MONSTERS		300

/* Turns between the two states the children save. */
#define CRASH_TURNS		5

/* The user nobody, for the read-only folder when running as root. */
#define NOBODY			65534

/* A file size limit far below any save, for the full disk. */
#define FULL_DISK_BYTES		1024

/* The save's name in a scratch folder. */
#define SAVE_NAME		"astray.save"

/* Room for a path. */
#define PATH_LEN		4096

/* The big map, if the shared maps are there. */
static const char big_map[] = SHARED_MOVINGAI "/room/8room_000.map";

/*
 * What a test works on.  Kept in one struct whose address the children
 * see, so that a child's leak check (under valgrind) finds every block
 * the test owns, rather than a pointer the compiler held in a register.
 */
struct scene {
	char		 scratch[PATH_LEN];	/* removed at the end */
	char		 dir[PATH_LEN];		/* the save's folder */
	char		 path[PATH_LEN];	/* the save */
	char		 xdg[PATH_LEN];		/* $XDG_DATA_HOME */
	struct game	*game[2];		/* the old state, the new */
	char		*before;		/* the old save's bytes */
	size_t		 nbefore;
};

/* Writes dir/name into a path buffer, which must be big enough. */
static void
path_join(char *buf, const char *dir, const char *name)
{
	int	n = snprintf(buf, PATH_LEN, "%s/%s", dir, name);

	ck_assert_msg(n > 0 && n < PATH_LEN, "a path is too long: %s", dir);
}

/* Makes a scene's scratch folder under $TMPDIR (or /tmp). */
static void
scratch_new(struct scene *sc)
{
	const char	*tmpdir = getenv("TMPDIR");

	if (tmpdir == NULL || tmpdir[0] != '/')
		tmpdir = "/tmp";
	path_join(sc->scratch, tmpdir, "astray-savecrash-XXXXXX");
	ck_assert_msg(mkdtemp(sc->scratch) != NULL, "mkdtemp %s: %s",
	    sc->scratch, strerror(errno));
}

/* Removes a folder and everything in it. */
static void
remove_tree(const char *dir)
{
	char		 path[PATH_LEN];
	struct dirent	*de;
	struct stat	 st;
	DIR		*d;

	chmod(dir, 0700);
	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
			if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
				remove_tree(path);
			else
				unlink(path);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* Frees what a scene holds and removes its scratch folder. */
static void
scene_free(struct scene *sc)
{
	if (sc->game[0] != NULL)
		game_free(sc->game[0]);
	if (sc->game[1] != NULL)
		game_free(sc->game[1]);
	free(sc->before);
	if (sc->scratch[0] != '\0')
		remove_tree(sc->scratch);
	memset(sc, 0, sizeof *sc);
}

/* Reads a whole file; the caller frees. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*buf = NULL;
	long	 n;

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert(fseek(f, 0, SEEK_END) == 0);
	n = ftell(f);
	ck_assert(n >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return (buf);
}

/* Counts the temporary files of SAVE_NAME in dir. */
static int
count_temporaries(const char *dir)
{
	struct dirent	*de;
	DIR		*d = opendir(dir);
	int		 n = 0;

	ck_assert_msg(d != NULL, "%s: %s", dir, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, SAVE_NAME ".", strlen(SAVE_NAME) + 1)
		    == 0)
			n++;
	}
	closedir(d);
	return (n);
}

/* The configuration of the big game (or a small one). */
static struct game_config
config_for(int big)
{
	struct game_config	cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.seed = 20240601;
	if (big) {
		cfg.dungeon = access(big_map, R_OK) == 0 ? big_map :
		    SRC_DATA "/dungeons/arena.dun";
		cfg.monsters = CRASH_MONSTERS;
	}
	return (cfg);
}

/* A game from a configuration, played on for some turns. */
static struct game *
game_after(const struct game_config *cfg, int turns)
{
	struct game_action	 wait = { .cmd = GAME_CMD_WAIT };
	struct game		*g;
	char			*cause = NULL;
	int			 i;

	g = game_new(cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	for (i = 0; i < turns && game_status(g) == GAME_PLAYING; i++)
		game_act(g, wait);
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	return (g);
}

/* Saves a game, which must work. */
static void
save_ok(const struct game *g, const char *path)
{
	char	*cause = NULL;

	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
}

/* The digest of a save, which must load (when: for the message). */
static uint64_t
load_digest(const char *path, const struct game_config *cfg,
    const char *when)
{
	struct game	*g;
	char		*cause = NULL;
	uint64_t	 digest;

	g = game_load(path, cfg, &cause);
	ck_assert_msg(g != NULL, "%s: %s", when, cause);
	digest = game_digest(g);
	game_free(g);
	return (digest);
}

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* Sleeps for a number of seconds. */
static void
nap(double seconds)
{
	struct timespec	ts;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* A small generator for the kill delays (splitmix64). */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t	z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return (z ^ (z >> 31));
}

/* Reads what is waiting in a non-blocking pipe; returns the bytes read. */
static long
drain(int fd)
{
	char	buf[256];
	ssize_t	n;
	long	total = 0;

	while ((n = read(fd, buf, sizeof buf)) > 0)
		total += n;
	return (total);
}

/*
 * The crash test: see the top of the file.  A child writes a byte down
 * the pipe after each save it finishes, so the parent knows which kills
 * came after a save that swept the folder.  If the kills asked for are
 * done before one has landed mid-write and one save has finished (a slow
 * machine, valgrind), it goes on killing, up to ten times as many.
 */
START_TEST(test_kill_mid_save)
{
	struct game_config	 cfg = config_for(1);
	struct scene		 sc;
	uint64_t		 digest[2], rng, have, loaded;
	double			 t0, save_time, span;
	long			 kills = test_scaled(CRASH_KILLS), k, finished;
	long			 olds = 0, news = 0, left = 0, completed = 0;
	int			 fds[2], status, want, temps, allowed = 0;
	int			 most = 0, i;
	char			 when[64];
	struct stat		 st;
	pid_t			 pid;

	memset(&sc, 0, sizeof sc);
	scratch_new(&sc);
	path_join(sc.dir, sc.scratch, "saves");
	ck_assert(mkdir(sc.dir, 0700) == 0);
	path_join(sc.path, sc.dir, SAVE_NAME);
	sc.game[0] = game_after(&cfg, 0);
	sc.game[1] = game_after(&cfg, CRASH_TURNS);
	digest[0] = game_digest(sc.game[0]);
	digest[1] = game_digest(sc.game[1]);
	ck_assert_msg(digest[0] != digest[1], "the two states are the same");

	/* How long a save takes here, to spread the kills over it. */
	save_ok(sc.game[0], sc.path);
	t0 = now();
	for (i = 0; i < 3; i++)
		save_ok(sc.game[i % 2], sc.path);
	save_time = (now() - t0) / 3;
	span = 2 * save_time;
	save_ok(sc.game[0], sc.path);
	have = digest[0];
	ck_assert(stat(sc.path, &st) == 0);
	printf("save-crash: %s with %d extra monsters, a save is %lld bytes "
	    "and takes %.1f ms; killing at random in the first %.1f ms\n",
	    cfg.dungeon, cfg.monsters, (long long)st.st_size, save_time * 1e3,
	    span * 1e3);

	rng = test_seed_base();
	for (k = 0; k < kills || ((left == 0 || news == 0) &&
	    k < 10 * kills); k++) {
		want = have == digest[0] ? 1 : 0;
		ck_assert(pipe(fds) == 0);
		fflush(NULL);
		pid = fork();
		ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
		if (pid == 0) {
			char	*cause = NULL;

			close(fds[0]);
			for (;;) {
				if (game_save(sc.game[want], sc.path,
				    &cause) != 0) {
					fprintf(stderr, "save-crash: %s\n",
					    cause);
					_exit(1);
				}
				if (write(fds[1], "s", 1) != 1)
					_exit(1);
			}
		}
		close(fds[1]);
		nap(span * (double)(next_random(&rng) % 1000001) / 1e6);
		kill(pid, SIGKILL);
		ck_assert(waitpid(pid, &status, 0) == pid);
		ck_assert_msg(WIFSIGNALED(status) &&
		    WTERMSIG(status) == SIGKILL, "kill %ld: the child stopped "
		    "by itself (status %d): its save failed", k, status);
		fcntl(fds[0], F_SETFL, O_NONBLOCK);
		finished = drain(fds[0]);
		close(fds[0]);
		completed += finished;

		snprintf(when, sizeof when, "after kill %ld", k);
		loaded = load_digest(sc.path, &cfg, when);
		if (loaded == digest[want])
			news++;
		else if (loaded == have)
			olds++;
		else
			ck_abort_msg("kill %ld: the save holds a third state "
			    "(digest %016llx)", k, (unsigned long long)loaded);
		have = loaded;

		/*
		 * This kill may have left one temporary file; those of
		 * earlier kills are gone if this child finished a save.
		 */
		allowed = finished > 0 ? 1 : allowed + 1;
		temps = count_temporaries(sc.dir);
		if (temps > 0)
			left++;
		if (temps > most)
			most = temps;
		ck_assert_msg(temps <= allowed, "kill %ld: %d temporary files, "
		    "at most %d expected", k, temps, allowed);
	}
	save_ok(sc.game[0], sc.path);
	temps = count_temporaries(sc.dir);
	printf("save-crash: %ld kills, %ld saves loaded (%ld old, %ld new), "
	    "%ld saves finished, %ld kills left a temporary file (at most %d "
	    "at once), %d after a last save\n", k, olds + news, olds, news,
	    completed, left, most, temps);
	fflush(stdout);
	ck_assert_msg(temps == 0, "a last save left %d temporary files",
	    temps);
	ck_assert_msg(left > 0, "no kill landed mid-write in %ld: the test "
	    "proved nothing", k);
	ck_assert_msg(news > 0, "no save finished before its kill in %ld", k);
	scene_free(&sc);
}
END_TEST

/* How a child makes a folder unwritable for itself. */
enum lockout {
	LOCKOUT_NONE,		/* the folder stays writable */
	LOCKOUT_FULL_DISK,	/* RLIMIT_FSIZE, SIGXFSZ ignored */
	LOCKOUT_READ_ONLY	/* nobody if root, else the folder is 0500 */
};

/*
 * In a child: makes writes fail the way lockout says.  Returns NULL, or
 * why it could not.  For LOCKOUT_READ_ONLY the parent has made the
 * folder read-only (not root) or left it root's (root).
 */
static const char *
lock_out(enum lockout lockout, const char *dir)
{
	struct rlimit	rl;

	switch (lockout) {
	case LOCKOUT_NONE:
		break;
	case LOCKOUT_FULL_DISK:
		signal(SIGXFSZ, SIG_IGN);
		rl.rlim_cur = rl.rlim_max = FULL_DISK_BYTES;
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			return ("setrlimit RLIMIT_FSIZE failed");
		break;
	case LOCKOUT_READ_ONLY:
		if (geteuid() == 0 &&
		    (setgid(NOBODY) != 0 || setuid(NOBODY) != 0))
			return ("cannot become nobody (65534)");
		if (access(dir, W_OK) == 0)
			return ("the folder is still writable");
		break;
	}
	return (NULL);
}

/*
 * Makes dir read-only for the child of lock_out(): chmod 0500, or for
 * root, a folder nobody can enter but not write (the scratch folder
 * above it must let nobody in too).  undo puts it back.
 */
static void
read_only(const char *scratch, const char *dir, int undo)
{
	if (geteuid() == 0) {
		ck_assert(chmod(scratch, undo ? 0700 : 0755) == 0);
		ck_assert(chmod(dir, undo ? 0700 : 0755) == 0);
	} else
		ck_assert(chmod(dir, undo ? 0700 : 0500) == 0);
}

/* Reads a pipe to its end into buf (NUL-terminated). */
static void
read_all(int fd, char *buf, size_t len)
{
	size_t	done = 0;
	ssize_t	n;

	while (done + 1 < len && ((n = read(fd, buf + done,
	    len - 1 - done)) > 0 || (n < 0 && errno == EINTR)))
		done += n > 0 ? (size_t)n : 0;
	buf[done] = '\0';
}

/*
 * Saves the scene's new state in a child locked out of writing; returns
 * game_save's result and its message (in cause, len bytes).
 */
static int
save_locked_out(struct scene *sc, enum lockout lockout, char *cause,
    size_t len)
{
	const char	*why;
	char		*c = NULL;
	int		 fds[2], status, rc;
	pid_t		 pid;

	ck_assert(pipe(fds) == 0);
	fflush(NULL);
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		if ((why = lock_out(lockout, sc->dir)) != NULL) {
			dprintf(fds[1], "setup: %s", why);
			_exit(3);
		}
		rc = game_save(sc->game[1], sc->path, &c);
		if (rc != 0)
			dprintf(fds[1], "%s", c);
		free(c);
		_exit(rc == 0 ? 0 : 1);
	}
	close(fds[1]);
	read_all(fds[0], cause, len);
	close(fds[0]);
	ck_assert(waitpid(pid, &status, 0) == pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) != 3, "%s",
	    cause);
	ck_assert_msg(WIFEXITED(status), "the saving child died (status %d)",
	    status);
	return (WEXITSTATUS(status) == 0 ? 0 : -1);
}

/*
 * Sets up a scene for the refusals: a save of the old state in dir
 * (scratch/saves, or for the headless driver scratch/xdg/astray), its
 * bytes kept.  The new state is a few turns on.
 */
static void
scene_refusal(struct scene *sc, int headless)
{
	struct game_config	cfg = config_for(0);

	memset(sc, 0, sizeof *sc);
	scratch_new(sc);
	if (headless) {
		path_join(sc->xdg, sc->scratch, "xdg");
		ck_assert(mkdir(sc->xdg, 0755) == 0);
		path_join(sc->dir, sc->xdg, "astray");
	} else
		path_join(sc->dir, sc->scratch, "saves");
	ck_assert(mkdir(sc->dir, 0700) == 0);
	path_join(sc->path, sc->dir, SAVE_NAME);
	sc->game[0] = game_after(&cfg, headless ? CRASH_TURNS : 0);
	sc->game[1] = game_after(&cfg, CRASH_TURNS + 1);
	save_ok(sc->game[0], sc->path);
	ck_assert(chmod(sc->path, 0644) == 0);	/* nobody must read it */
	sc->before = slurp(sc->path, &sc->nbefore);
	ck_assert_msg(sc->nbefore > FULL_DISK_BYTES, "the save is too small");
}

/* The old save is there byte for byte, and no temporary file. */
static void
scene_unchanged(struct scene *sc)
{
	char	*after;
	size_t	 nafter;

	after = slurp(sc->path, &nafter);
	ck_assert_msg(nafter == sc->nbefore &&
	    memcmp(sc->before, after, nafter) == 0, "the old save changed");
	free(after);
	ck_assert_int_eq(count_temporaries(sc->dir), 0);
}

/*
 * A failed save: -1, "PATH: cannot write: REASON", the old save byte for
 * byte, no temporary file.
 */
static void
refused(enum lockout lockout, int reason)
{
	struct game_config	cfg = config_for(0);
	struct scene		sc;
	char			cause[1024], want[PATH_LEN + 100];

	scene_refusal(&sc, 0);
	if (lockout == LOCKOUT_READ_ONLY)
		read_only(sc.scratch, sc.dir, 0);
	ck_assert_int_eq(save_locked_out(&sc, lockout, cause, sizeof cause),
	    -1);
	if (lockout == LOCKOUT_READ_ONLY)
		read_only(sc.scratch, sc.dir, 1);
	snprintf(want, sizeof want, "%s: cannot write: %s", sc.path,
	    strerror(reason));
	ck_assert_str_eq(cause, want);
	scene_unchanged(&sc);
	ck_assert_uint_eq(load_digest(sc.path, &cfg, "the kept save"),
	    game_digest(sc.game[0]));
	printf("save-crash: %s: refused with \"%s\", the old save kept\n",
	    lockout == LOCKOUT_FULL_DISK ? "full disk" : "read-only folder",
	    cause);
	scene_free(&sc);
}

/* A full disk: the save is refused and the old one kept. */
START_TEST(test_full_disk)
{
	refused(LOCKOUT_FULL_DISK, EFBIG);
}
END_TEST

/* A read-only folder: the save is refused and the old one kept. */
START_TEST(test_read_only)
{
	refused(LOCKOUT_READ_ONLY, EACCES);
}
END_TEST

/*
 * astray --headless restores the save in $XDG_DATA_HOME/astray and is
 * told to save again where it cannot: exit 1, the message on standard
 * error, the old save byte for byte.
 */
static void
headless_refused(enum lockout lockout, int reason)
{
	struct scene	 sc;
	const char	*astray = getenv("ASTRAY"), *why;
	char		 err[PATH_LEN + 100], want[PATH_LEN + 100];
	int		 fds[2], status, devnull;
	pid_t		 pid;

	ck_assert_msg(astray != NULL && access(astray, X_OK) == 0,
	    "ASTRAY must name the astray binary (run through make check)");
	scene_refusal(&sc, 1);
	if (lockout == LOCKOUT_READ_ONLY)
		read_only(sc.scratch, sc.dir, 0);
	ck_assert(pipe(fds) == 0);
	fflush(NULL);
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		if ((why = lock_out(lockout, sc.dir)) != NULL) {
			dprintf(fds[1], "setup: %s", why);
			_exit(3);
		}
		if (access(astray, X_OK) != 0 ||
		    access(SRC_DATA "/terrain.txt", R_OK) != 0) {
			dprintf(fds[1], "nobody (65534) cannot reach %s or "
			    "%s", astray, SRC_DATA);
			_exit(4);
		}
		devnull = open("/dev/null", O_RDWR);
		dup2(devnull, 0);
		dup2(devnull, 1);
		dup2(fds[1], 2);
		setenv("XDG_DATA_HOME", sc.xdg, 1);
		execl(astray, "astray", "--headless", "--data", SRC_DATA,
		    "--keys", "..S", (char *)NULL);
		dprintf(2, "setup: cannot run %s: %s", astray,
		    strerror(errno));
		_exit(3);
	}
	close(fds[1]);
	read_all(fds[0], err, sizeof err);
	close(fds[0]);
	ck_assert(waitpid(pid, &status, 0) == pid);
	if (lockout == LOCKOUT_READ_ONLY)
		read_only(sc.scratch, sc.dir, 1);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) != 3, "%s",
	    err);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 4) {
		/* Root in a folder others cannot enter: say so, go on. */
		printf("save-crash: astray --headless, read-only folder: not "
		    "run: %s\n", err);
		scene_free(&sc);
		return;
	}
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 1,
	    "astray --headless: status %d, expected exit 1: %s", status, err);
	snprintf(want, sizeof want, "astray: %s: cannot write: %s\n",
	    sc.path, strerror(reason));
	ck_assert_str_eq(err, want);
	scene_unchanged(&sc);
	printf("save-crash: astray --headless, %s: exit 1, \"%.*s\"\n",
	    lockout == LOCKOUT_FULL_DISK ? "full disk" : "read-only folder",
	    (int)strlen(err) - 1, err);
	scene_free(&sc);
}

/* astray --headless on a full disk. */
START_TEST(test_headless_full_disk)
{
	headless_refused(LOCKOUT_FULL_DISK, EFBIG);
}
END_TEST

/* astray --headless with a read-only save folder. */
START_TEST(test_headless_read_only)
{
	headless_refused(LOCKOUT_READ_ONLY, EACCES);
}
END_TEST

/* The suite. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("savecrash");
	TCase	*tc;

	tc = tcase_create("kill");
	tcase_add_test(tc, test_kill_mid_save);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);

	tc = tcase_create("refused");
	tcase_add_test(tc, test_full_disk);
	tcase_add_test(tc, test_read_only);
	tcase_add_test(tc, test_headless_full_disk);
	tcase_add_test(tc, test_headless_read_only);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return (s);
}
