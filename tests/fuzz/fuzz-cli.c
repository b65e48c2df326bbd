/*
 * fuzz-cli.c: astray's command line (src/ui/main.c), and the headless
 * game it starts (src/driver/headless.c).
 *
 * The input is the argument list, split on NUL bytes ("--seed\0" "5\0"
 * "--headless").  The real main() runs on it: run.sh and
 * fuzz-regress.sh compile src/ui/main.c with -Dmain=astray_main, and
 * with headless_run and ui_run renamed to the two functions below, so
 * the option parser, its number checks and its rules about which options
 * go together are the real ones, and nothing else of the program is
 * linked twice.
 *
 * The terminal front end is never started: fuzz_cli_ui() only checks
 * what main() hands it.  fuzz_cli_headless() checks the same and then
 * runs the real headless game, but never on the user's files, whatever
 * the arguments say: every file is replaced by one in the scratch folder
 * ($XDG_DATA_HOME and $HOME point there too, for the default save and
 * the high scores), which is emptied after each run.  A --dungeon value
 * naming a shipped dungeon (arena.dun) plays it; any other value is
 * taken as the text of a dungeon file.  A --replay value is taken as the
 * text of a replay file, its dungeon line mapped the same way.  --data is
 * replaced by a folder that does not exist (its absence, ASTRAY_DATA
 * names the shipped data).  A run with no seed gets seed 1, not one from
 * the clock, so each input always does the same thing; the keys are cut
 * to 200 and the monsters to 50, to keep a run short.  What main()
 * decides is checked: the exit status is 0, 1 or 2, the headless options
 * never include the terminal's, and a recorded replay can be read back.
 * --check is handed to fuzz_cli_check(), which runs the real checker on
 * scratch files alike.  main() reads --mod's folder itself, before it
 * hands over, so the harness gives every --mod a folder of the scratch
 * area instead (which does not exist: a "no such mod" the harness sees).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "mods.h"
#include "fuzz.h"
#include "game.h"
#include "headless.h"
#include "ui.h"
#include "replay.h"
#include "xmalloc.h"

#define CLI_MAX_ARGS	32
#define CLI_MAX_KEYS	200
#define CLI_MAX_MONSTERS 50

int	astray_main(int, char **);
int	fuzz_cli_headless(const struct headless_options *);
int	fuzz_cli_ui(const struct ui_options *);
int	fuzz_cli_check(const char *, const struct mods *, char *const *, int,
	    int, uint64_t, checker_keymap_fn *, FILE *, FILE *);

static int	cli_called;	/* main() handed over to a front end */

/* Checks what main() promises about the game options it hands over. */
static void
cli_check(const struct driver_options *o)
{
	fuzz_assert(o->data_dir != NULL, "no data folder");
	fuzz_assert(o->seed <= UINT64_C(999999999999999999), "seed %llu",
	    (unsigned long long)o->seed);
	fuzz_assert(o->depths >= 0 && o->depths <= 100, "depths %d",
	    o->depths);
	/* --monsters 0 is handed over as GAME_NO_MONSTERS, "none". */
	fuzz_assert((o->monsters >= 0 && o->monsters <= 100000) ||
	    o->monsters == GAME_NO_MONSTERS, "monsters %d", o->monsters);
	fuzz_assert(!cli_called, "a front end started twice");
	cli_called = 1;
}

/* The terminal front end: see the top of the file. */
int
fuzz_cli_ui(const struct ui_options *o)
{
	cli_check(&o->game);
	fuzz_assert(o->game.planner == NULL && !o->game.hunted,
	    "headless options for the terminal");
	return (0);
}

/* The shipped dungeon a name stands for, or NULL. */
static const char *
cli_shipped(const char *name, char *buf, size_t size)
{
	const char	*base = strrchr(name, '/');
	char		 dir[4096];
	struct dirent	*e;
	DIR		*d;
	int		 found = 0;

	base = base != NULL ? base + 1 : name;
	snprintf(dir, sizeof dir, "%s/dungeons", fuzz_data_dir());
	if ((d = opendir(dir)) == NULL)
		return (NULL);
	while ((e = readdir(d)) != NULL && !found) {
		if (e->d_name[0] != '.' && strcmp(e->d_name, base) == 0)
			found = 1;
	}
	closedir(d);
	if (!found)
		return (NULL);
	snprintf(buf, size, "%s/%s", dir, base);
	return (buf);
}

/*
 * The checker (--check FILE...): main() must hand over a data folder and
 * at least one file.  The real checker then runs on the shipped data and
 * on scratch files only: a shipped dungeon's name stands for it, any
 * other name is taken as the text of a dungeon file (the first one
 * only, in slot 7), and what it prints goes nowhere.  --show must come
 * as a count from 0 (none) to 100; at most 2 instances are drawn here.
 */
int
fuzz_cli_check(const char *data_dir, const struct mods *ms,
    char *const *files, int nfiles, int show, uint64_t seed,
    checker_keymap_fn *keymap, FILE *out, FILE *err)
{
	char		 shipped[4096];
	char		*file;
	FILE		*null;
	int		 status;

	(void)out;
	(void)err;
	fuzz_assert(data_dir != NULL, "no data folder for --check");
	fuzz_assert(show >= 0 && show <= 100, "--show %d", show);
	fuzz_assert(nfiles >= 1 && files != NULL && files[0] != NULL,
	    "--check with %d files", nfiles);
	fuzz_assert(!cli_called, "a front end started twice");
	cli_called = 1;
	if (cli_shipped(files[0], shipped, sizeof shipped) != NULL)
		file = shipped;
	else
		file = (char *)(uintptr_t)fuzz_write(7, "check.dun", files[0],
		    strlen(files[0]));
	if ((null = fopen("/dev/null", "w")) == NULL)
		fuzz_fail(__FILE__, __LINE__, "fopen", "/dev/null");
	status = checker_run(fuzz_data_dir(), ms, &file, 1, show > 2 ? 2 : show,
	    seed, keymap, null, null);
	fclose(null);
	fuzz_assert(status == 0 || status == 1, "--check exit status %d",
	    status);
	return (status);
}

/* Writes the replay given as text, its dungeon mapped; returns its path. */
static const char *
cli_replay(const char *text)
{
	struct replay	 r;
	char		*cause = NULL, *dungeon, shipped[4096];
	const char	*path = fuzz_path(1, "cli.replay");

	if (replay_parse(&r, path, text, strlen(text), &cause) != 0) {
		free(cause);
		return (fuzz_write(1, "cli.replay", text, strlen(text)));
	}
	dungeon = r.dungeon;
	if (dungeon != NULL) {
		if (cli_shipped(dungeon, shipped, sizeof shipped) != NULL)
			r.dungeon = shipped;
		else
			r.dungeon = (char *)(uintptr_t)fuzz_path(6,
			    "no-such.dun");
	}
	if (replay_write(path, &r, &cause) != 0)
		fuzz_fail(__FILE__, __LINE__, "write", "%s", cause);
	r.dungeon = dungeon;
	replay_free(&r);
	return (path);
}

/* The headless game, on scratch files: see the top of the file. */
int
fuzz_cli_headless(const struct headless_options *o)
{
	struct headless_options	 safe = *o;
	struct replay		 rec;
	char			 shipped[4096], *keys = NULL, *cause = NULL;
	int			 status;

	cli_check(&o->game);
	fuzz_assert((o->game.planner == NULL && !o->game.hunted) ||
	    (o->replay == NULL && o->record == NULL), "--planner or --hunted "
	    "with a replay");
	fuzz_assert(o->replay == NULL || (!o->game.have_seed &&
	    o->game.dungeon == NULL && o->game.monsters == 0 &&
	    o->game.depths == 0), "--replay with a seed, dungeon, depths or "
	    "monsters");
	if (strcmp(o->game.data_dir, fuzz_data_dir()) != 0)
		safe.game.data_dir = fuzz_path(4, "no-data");
	if (o->game.dungeon != NULL &&
	    (safe.game.dungeon = cli_shipped(o->game.dungeon, shipped,
	    sizeof shipped)) == NULL)
		safe.game.dungeon = fuzz_write(5, "cli.dun", o->game.dungeon,
		    strlen(o->game.dungeon));
	if (o->replay != NULL)
		safe.replay = cli_replay(o->replay);
	if (o->record != NULL)
		safe.record = fuzz_path(3, "record.replay");
	if (o->game.save != NULL)
		safe.game.save = fuzz_path(2, "cli.save");
	if (o->keys != NULL && strlen(o->keys) > CLI_MAX_KEYS) {
		keys = xstrdup(o->keys);
		keys[CLI_MAX_KEYS] = '\0';
		safe.keys = keys;
	}
	if (safe.game.monsters > CLI_MAX_MONSTERS)
		safe.game.monsters = CLI_MAX_MONSTERS;
	if (!o->game.have_seed && o->replay == NULL) {
		safe.game.have_seed = 1;
		safe.game.seed = 1;
	}

	status = headless_run(&safe);
	fuzz_assert(status >= 0 && status <= 2, "exit status %d", status);
	if (status == 0 && safe.record != NULL) {
		if (replay_read(&rec, safe.record, &cause) != 0)
			fuzz_fail(__FILE__, __LINE__, "record", "the recorded "
			    "replay does not read: %s", cause);
		replay_free(&rec);
	}
	free(keys);
	return (status);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int	 ready;
	char		*argv[CLI_MAX_ARGS + 2];
	const uint8_t	*p = data, *end = data + size, *nul;
	size_t		 n;
	int		 argc = 0, i, status, mods;

	if (!ready) {
		setenv("XDG_DATA_HOME", fuzz_path(0, "xdg"), 1);
		setenv("HOME", fuzz_path(0, "home"), 1);
		setenv("ASTRAY_DATA", fuzz_data_dir(), 1);
		unsetenv("XDG_CONFIG_HOME");
		ready = 1;
	}
	argv[argc++] = xstrdup("astray");
	while (p < end && argc <= CLI_MAX_ARGS) {
		nul = memchr(p, '\0', (size_t)(end - p));
		n = nul != NULL ? (size_t)(nul - p) : (size_t)(end - p);
		argv[argc] = xmalloc(n + 1);
		memcpy(argv[argc], p, n);
		argv[argc++][n] = '\0';
		p += n + 1;
	}
	argv[argc] = NULL;
	/* --mod DIR and --mod=DIR: a scratch folder, never the user's. */
	for (i = 1, mods = 0; i < argc; i++) {
		if (strncmp(argv[i], "--mod=", 6) == 0) {
			free(argv[i]);
			argv[i] = xasprintf("--mod=%s", fuzz_path(8, "mod"));
			mods = 1;
		} else if (strcmp(argv[i], "--mod") == 0 && i + 1 < argc) {
			free(argv[++i]);
			argv[i] = xstrdup(fuzz_path(8, "mod"));
			mods = 1;
		}
	}

	cli_called = 0;
	optind = 0;		/* glibc: start getopt afresh */
	status = astray_main(argc, argv);
	fuzz_assert(status >= 0 && status <= 2, "exit status %d", status);
	/* Exit 1 is a game's, or main()'s refusal of a --mod (no folder). */
	fuzz_assert(cli_called || status != 1 || mods, "exit status 1 with "
	    "no game");
	fflush(stdout);
	fuzz_clean();
	for (i = 0; i < argc; i++)
		free(argv[i]);
	return (0);
}
