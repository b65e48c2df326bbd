/*
 * main.c: astray's command line.
 *
 * Reads the options and hands over to the headless driver (--headless)
 * or the terminal front end, each given the same game options
 * (driver.h) and its own.  The data folder is --data, else
 * $ASTRAY_DATA, else the installed one, else the source tree's (so a
 * freshly built astray runs where it was built); --dungeon NAME finds the
 * data folder's dungeons and campaigns by name.
 */

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "game.h"
#include "checker.h"
#include "driver.h"
#include "headless.h"
#include "keymap.h"
#include "modlist.h"
#include "mods.h"
#include "ui.h"

static const char main_usage[] =
"usage: astray [--seed N] [--dungeon NAME] [--depths N] [--monsters N]\n"
"              [--data DIR] [--mod DIR]... [--no-mods] [--save FILE]\n"
"              [--scores FILE] [--keymap FILE] [--reveal] [--record FILE]\n"
"       astray --replay FILE [--data DIR] [--mod DIR]... [--no-mods]\n"
"              [--keymap FILE] [--reveal]\n"
"       astray --headless [options] [--keys KEYS | --replay FILE]\n"
"              [--record FILE] [--each-turn] [--messages] [--timing]\n"
"              [--show-level] [--planner NAME] [--hunted]\n"
"       astray --check [--data DIR] [--mod DIR]... [--no-mods]\n"
"              [--show N [--seed S]] FILE-OR-MOD...\n"
"       astray --mods [--data DIR] [--mod DIR]... [--no-mods]\n"
"       astray --help | --version\n";

static const char main_help[] =
"\n"
"A turn-based roguelike whose monsters hunt you with incremental A*.\n"
"\n"
"  --seed N         start a new game from seed N (default: restore the\n"
"                   saved game, or a new one with a random seed)\n"
"  --dungeon NAME   play a hand-made dungeon instead of generated levels:\n"
"                   one of the data folder's (arena, door-maze, gates,\n"
"                   collapsing-mine, flooded-crypt: DIR/dungeons/NAME.dun)\n"
"                   or any .dun file or Moving AI .map by its path; a\n"
"                   campaign of levels likewise (the-long-descent:\n"
"                   DIR/campaigns/NAME.camp, or a .camp file's path)\n"
"  --depths N       levels in a generated game (default 10)\n"
"  --monsters N     N random monsters of its depth on every level,\n"
"                   instead of the level's own count (0: no monster at\n"
"                   all, not even a dungeon file's or a vault's own)\n"
"  --data DIR       the data folder: terrain.txt, monsters.txt,\n"
"                   items.txt and dungeons/ (default $ASTRAY_DATA, else\n"
"                   " ASTRAY_DATADIR ")\n"
"  --mod DIR        play with the mod in folder DIR on top of the data\n"
"                   and the installed mods (again for more, in order)\n"
"  --no-mods        leave out the installed mods (those in\n"
"                   $XDG_DATA_HOME/astray/mods, all active by default)\n"
"  --mods           list the installed and active mods and what each\n"
"                   adds and overrides\n"
"  --save FILE      the save file (default $XDG_DATA_HOME/astray/astray.save)\n"
"  --scores FILE    the high-score table (default\n"
"                   $XDG_DATA_HOME/astray/scores)\n"
"  --keymap FILE    the terminal's keys (default\n"
"                   $XDG_CONFIG_HOME/astray/keys, if there is one)\n"
"  --reveal         study the AI: show the whole level and every monster\n"
"                   and its path (such games get no high score)\n"
"  --headless       no terminal: play the keys given and print digests\n"
"  --keys KEYS      keys to play, as in the terminal: hjklyubn move,\n"
"                   . wait, o/c/D + direction open/close/dig, > down,\n"
"                   g pick up, d/q/r/w + letter drop/drink/read/wield,\n"
"                   t/z/A + letter + direction throw/zap/apply (t/z\n"
"                   again or . for the nearest monster), f + direction\n"
"                   fire, R rest,\n"
"                   X explore, G + direction run, > off the stairs:\n"
"                   walk to them,\n"
"                   _ + moves + . travel to that cell,\n"
"                   S save and quit, Q y give up, ! cancel; spaces are\n"
"                   ignored, to group keys ('o l' opens east)\n"
"  --replay FILE    play a replay file (seed, dungeon and keys): watch it\n"
"                   in the terminal (Space pauses, . steps, + and -\n"
"                   speed, Tab overlays, q quits), or with --headless\n"
"                   print it; morgue files and --record files are\n"
"                   replays\n"
"  --record FILE    write the game played as a replay file (the terminal\n"
"                   keeps it current as it saves)\n"
"  --each-turn      print the state and its digest after every turn\n"
"  --messages       print the game's messages too\n"
"  --timing         print each turn's CPU time in nanoseconds on stderr\n"
"  --planner NAME   study one planner at scale: every monster plans with\n"
"                   it (not with --replay or --record; only a game given\n"
"                   the same planner restores its save)\n"
"  --hunted         study: every monster hears you wherever you are, so\n"
"                   they all hunt (the same rules as --planner)\n"
"  --show-level     print the whole level as text at the end\n"
"  --check          check the data files given, without playing: every\n"
"                   error with its file, line and column, whether each\n"
"                   level can be won, a warning when only digging reaches\n"
"                   its stairs; a folder is a mod, checked whole on the\n"
"                   data and mods below it (only --data, --mod,\n"
"                   --no-mods and --show go with it)\n"
"  --show N         with --check: draw each vault of a vault file N times,\n"
"                   in levels generated from --seed S on (default 1); a\n"
"                   dungeon's level or a campaign's levels for those seeds\n"
"\n"
"Exit status: 0 played (or checked without an error), 1 bad input\n"
"(dungeon, save, replay) or a file that could not be written (save,\n"
"scores, standard output), 2 bad usage.\n";

/* Parses a seed; returns 0, or -1. */
static int
main_seed(const char *s, uint64_t *out)
{
	char			*end;
	unsigned long long	 v;

	if (*s < '0' || *s > '9' || strlen(s) > 18)
		return (-1);
	v = strtoull(s, &end, 10);
	if (*end != '\0')
		return (-1);
	*out = v;
	return (0);
}

/* Parses a number from lo to hi; returns 0, or -1. */
static int
main_number(const char *s, long lo, long hi, int *out)
{
	char	*end;
	long	 v;

	if (*s < '0' || *s > '9' || strlen(s) > 9)
		return (-1);
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < lo || v > hi)
		return (-1);
	*out = (int)v;
	return (0);
}

/* Flushes standard output; a failed write turns status into 1. */
static int
main_close_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "astray: standard output: %s\n",
		    errno != 0 ? strerror(errno) : "write error");
		return (status != 0 ? status : 1);
	}
	return (status);
}

/* --mod, --no-mods and --mods, as given. */
struct main_mods {
	const char	*dir[MODS_MAX];
	int		 n;
	int		 none;
	int		 list;
};

/* Takes --mod, --no-mods or --mods; returns -1 to read on, or 2. */
static int
main_mod_option(int ch, struct main_mods *mm)
{
	switch (ch) {
	case 'O':
		if (mm->n == MODS_MAX) {
			fprintf(stderr, "astray: at most %d --mod\n%s",
			    MODS_MAX, main_usage);
			return (2);
		}
		mm->dir[mm->n++] = optarg;
		return (-1);
	case 'N':
		mm->none = 1;
		return (-1);
	default:
		mm->list = 1;
		return (-1);
	}
}

/*
 * The active mods: the installed ones unless --no-mods (then they go to
 * off, for --mods to list), then each --mod.  Returns 0, or 1 after
 * saying why not.
 */
static int
main_load_mods(const struct main_mods *mm, struct mods *ms, struct mods *off)
{
	char	*cause = NULL;
	int	 i;

	if (mods_add_installed(mm->none ? off : ms, &cause) != 0)
		goto fail;
	for (i = 0; i < mm->n; i++) {
		if (mods_add(ms, mm->dir[i], 0, &cause) != 0)
			goto fail;
	}
	return (0);

fail:
	fprintf(stderr, "astray: %s\n", cause);
	free(cause);
	return (1);
}

/*
 * Takes one option (getopt_long's ch) into the options; returns -1 to
 * read on, or the exit status (help, version, a bad value).
 */
static int
main_option(int ch, struct headless_options *o, struct ui_options *u,
    const char **data, int *headless, int *check, int *show,
    struct main_mods *mm)
{
	switch (ch) {
	case 'O':
	case 'N':
	case 'Z':
		return (main_mod_option(ch, mm));
	case 'c':
		*check = 1;
		return (-1);
	case 'w':
		if (main_number(optarg, 1, 100, show) != 0) {
			fprintf(stderr, "astray: --show wants a number from 1 "
			    "to 100, not \"%s\"\n%s", optarg, main_usage);
			return (2);
		}
		return (-1);
	case 's':
		if (main_seed(optarg, &o->game.seed) != 0) {
			fprintf(stderr, "astray: --seed wants a number from 0 "
			    "to 999999999999999999, not \"%s\"\n%s", optarg,
			    main_usage);
			return (2);
		}
		o->game.have_seed = 1;
		return (-1);
	case 'd':
		o->game.dungeon = optarg;
		return (-1);
	case 'D':
		*data = optarg;
		return (-1);
	case 'S':
		o->game.save = optarg;
		return (-1);
	case 'C':
		o->game.scores = optarg;
		return (-1);
	case 'H':
		*headless = 1;
		return (-1);
	case 'k':
		o->keys = optarg;
		return (-1);
	case 'r':
		o->replay = optarg;
		return (-1);
	case 'R':
		o->record = optarg;
		return (-1);
	case 'e':
		o->each_turn = 1;
		return (-1);
	case 'm':
		o->messages = 1;
		return (-1);
	case 't':
		o->timing = 1;
		return (-1);
	case 'P':
		o->game.planner = optarg;
		return (-1);
	case 'U':
		o->game.hunted = 1;
		return (-1);
	case 'M':
		if (main_number(optarg, 0, 100000, &o->game.monsters) != 0) {
			fprintf(stderr, "astray: --monsters wants a "
			    "number from 0 to 100000, not \"%s\"\n%s",
			    optarg, main_usage);
			return (2);
		}
		if (o->game.monsters == 0)
			o->game.monsters = GAME_NO_MONSTERS;
		return (-1);
	case 'L':
		if (main_number(optarg, 1, 100, &o->game.depths) != 0) {
			fprintf(stderr, "astray: --depths wants a "
			    "number from 1 to 100, not \"%s\"\n%s",
			    optarg, main_usage);
			return (2);
		}
		return (-1);
	case 'l':
		o->show_level = 1;
		return (-1);
	case 'K':
		u->keymap = optarg;
		return (-1);
	case 'A':
		u->reveal = 1;
		return (-1);
	case 'h':
		printf("%s%s", main_usage, main_help);
		return (main_close_stdout(0));
	case 'V':
		printf("astray %s\n", PACKAGE_VERSION);
		return (main_close_stdout(0));
	default:
		fputs(main_usage, stderr);
		return (2);
	}
}

/*
 * Checks which options go together; returns -1 if they do, else 2 after
 * saying why not.
 */
static int
main_rules(const struct headless_options *o, const struct ui_options *u,
    int headless)
{
	if (o->replay != NULL && (o->game.have_seed ||
	    o->game.dungeon != NULL || o->game.monsters != 0 ||
	    o->game.depths != 0)) {
		fprintf(stderr, "astray: --replay gives its own seed, dungeon, "
		    "depths and monsters\n%s", main_usage);
		return (2);
	}
	if (!headless && (o->keys != NULL ||
	    o->each_turn || o->messages || o->timing ||
	    o->show_level || o->game.planner != NULL || o->game.hunted)) {
		fprintf(stderr, "astray: --keys, "
		    "--each-turn, --messages, --timing, --show-level, "
		    "--planner and --hunted need --headless\n%s",
		    main_usage);
		return (2);
	}
	if (!headless && o->replay != NULL && (o->record != NULL ||
	    o->game.save != NULL || o->game.scores != NULL)) {
		fprintf(stderr, "astray: a replay watched in the terminal is "
		    "not saved, scored or recorded: --replay goes with "
		    "neither --save, --scores nor --record\n%s", main_usage);
		return (2);
	}
	if ((o->game.planner != NULL || o->game.hunted) &&
	    (o->replay != NULL || o->record != NULL)) {
		fprintf(stderr, "astray: a replay records neither --planner "
		    "nor --hunted, so they go with neither --replay nor "
		    "--record\n%s",
		    main_usage);
		return (2);
	}
	if (headless && (u->reveal || u->keymap != NULL)) {
		fprintf(stderr, "astray: --reveal and --keymap are for the "
		    "terminal, not --headless\n%s", main_usage);
		return (2);
	}
	return (-1);
}

/*
 * Runs --check over the files left after the options, after making sure
 * no option but --data was given with it; returns the exit status.
 */
static int
main_check(const struct headless_options *o, const struct ui_options *u,
    int headless, const char *data, const struct mods *ms, int show,
    int nfiles, char *const *files)
{
	if ((o->game.have_seed && show == 0) || o->game.dungeon != NULL ||
	    o->game.save != NULL || o->game.scores != NULL ||
	    o->game.monsters != 0 || o->game.depths != 0 ||
	    o->game.planner != NULL || o->game.hunted || o->keys != NULL ||
	    o->replay != NULL || o->record != NULL || o->each_turn ||
	    o->messages || o->timing || o->show_level || u->reveal ||
	    u->keymap != NULL || headless) {
		fprintf(stderr, "astray: --check takes only --data, --mod, "
		    "--no-mods, --show (with --seed) and the files to "
		    "check\n%s", main_usage);
		return (2);
	}
	if (nfiles == 0) {
		fprintf(stderr, "astray: --check needs the files to check\n%s",
		    main_usage);
		return (2);
	}
	return (main_close_stdout(checker_run(driver_data_dir(data,
	    ASTRAY_DATADIR, ASTRAY_SRCDATADIR), ms, files, nfiles, show,
	    o->game.have_seed ? o->game.seed : 1, keymap_check, stdout,
	    stderr)));
}

/* Reads the command line and hands over: see the top of the file. */
int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "dungeon", required_argument, NULL, 'd' },
		{ "data", required_argument, NULL, 'D' },
		{ "save", required_argument, NULL, 'S' },
		{ "scores", required_argument, NULL, 'C' },
		{ "headless", no_argument, NULL, 'H' },
		{ "keys", required_argument, NULL, 'k' },
		{ "replay", required_argument, NULL, 'r' },
		{ "record", required_argument, NULL, 'R' },
		{ "each-turn", no_argument, NULL, 'e' },
		{ "messages", no_argument, NULL, 'm' },
		{ "timing", no_argument, NULL, 't' },
		{ "monsters", required_argument, NULL, 'M' },
		{ "depths", required_argument, NULL, 'L' },
		{ "show-level", no_argument, NULL, 'l' },
		{ "keymap", required_argument, NULL, 'K' },
		{ "reveal", no_argument, NULL, 'A' },
		{ "planner", required_argument, NULL, 'P' },
		{ "hunted", no_argument, NULL, 'U' },
		{ "check", no_argument, NULL, 'c' },
		{ "show", required_argument, NULL, 'w' },
		{ "mod", required_argument, NULL, 'O' },
		{ "no-mods", no_argument, NULL, 'N' },
		{ "mods", no_argument, NULL, 'Z' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static struct mods	 ms, off;
	struct headless_options	 o;
	struct ui_options	 u;
	struct main_mods	 mm;
	const char		*data = NULL;
	char			 dungeon_path[4096];
	int			 ch, headless = 0, check = 0, show = 0, found;
	int			 status;

	memset(&o, 0, sizeof o);
	memset(&u, 0, sizeof u);
	memset(&mm, 0, sizeof mm);
	/* Long options only (and -h, -V): no undocumented one-letter forms. */
	while ((ch = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
		if ((status = main_option(ch, &o, &u, &data, &headless,
		    &check, &show, &mm)) >= 0)
			return (status);
	}
	if (show > 0 && !check) {
		fprintf(stderr, "astray: --show goes with --check\n%s",
		    main_usage);
		return (2);
	}
	if (mm.list && (check || optind != argc)) {
		fprintf(stderr, "astray: --mods takes only --data, --mod and "
		    "--no-mods\n%s", main_usage);
		return (2);
	}
	if (main_load_mods(&mm, &ms, &off) != 0)
		return (1);
	if (mm.list)
		return (main_close_stdout(modlist_run(driver_data_dir(data,
		    ASTRAY_DATADIR, ASTRAY_SRCDATADIR), &ms, &off, stdout,
		    stderr)));
	if (check)
		return (main_check(&o, &u, headless, data, &ms, show,
		    argc - optind, argv + optind));
	if (optind != argc) {
		fprintf(stderr, "astray: unexpected argument \"%s\"\n%s",
		    argv[optind], main_usage);
		return (2);
	}
	if ((status = main_rules(&o, &u, headless)) >= 0)
		return (status);
	o.game.data_dir = driver_data_dir(data, ASTRAY_DATADIR,
	    ASTRAY_SRCDATADIR);
	o.game.mods = &ms;
	if (o.game.dungeon != NULL)
		o.game.dungeon = driver_find_dungeon(o.game.dungeon,
		    o.game.data_dir, &ms, dungeon_path, sizeof dungeon_path,
		    &found);
	/* A file too large for the limit fails its write(), and says so. */
	signal(SIGXFSZ, SIG_IGN);
	if (headless)
		return (main_close_stdout(headless_run(&o)));
	u.game = o.game;
	u.record = o.record;
	u.replay = o.replay;
	u.program = argv[0];
	u.data = data;
	u.no_mods = mm.none;
	return (main_close_stdout(ui_run(&u)));
}
