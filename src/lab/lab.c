/*
 * lab.c: astray-lab's entry point, which hands over to a subcommand.
 *
 * Whatever the subcommand, its results are only worth anything if they
 * reached standard output: a write that failed (a full disk, a closed
 * pipe, > /dev/full) is an error with a message and exit status 1, even
 * if the subcommand itself went well.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "lab.h"

static const char lab_help[] =
"usage: astray-lab COMMAND [OPTIONS] [FILES]\n"
"\n"
"The astray laboratory: the game's pathfinding, and bots playing it, headless.\n"
"\n"
"commands:\n"
"  explain MAP --from X,Y --to X,Y   A* step by step, as a textbook shows it\n"
"  compare MAP --from X,Y --to X,Y   several searches on one problem, side by side\n"
"  scen FILE.map.scen...             solve Moving AI benchmark scenarios\n"
"  dyn FILE.scen                     run a GPPC dynamic-track scenario\n"
"  chase [--scenario NAME] ...       every planner chasing on one scenario\n"
"  safety MAP --from X,Y             where a fleeing monster runs (safety map)\n"
"  play --bot NAME --seeds A-B       bots playing whole games, a row per game\n"
"  genmap NAME [--kind K] ...        write a benchmark map and its problems\n"
"\n"
"Run `astray-lab COMMAND --help` for a command's options.\n"
"Exit status: 0 success, 1 bad input or a wrong result, 2 bad usage.\n";

static const struct {
	const char	*name;
	int		(*run)(int, char **);
} lab_commands[] = {
	{ "explain", lab_explain },
	{ "compare", lab_compare },
	{ "scen", lab_scen },
	{ "dyn", lab_dyn },
	{ "chase", lab_chase },
	{ "safety", lab_safety },
	{ "play", lab_play },
	{ "genmap", lab_genmap },
};

/* Flushes standard output; a failed write turns status into 1. */
static int
lab_close_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "astray-lab: standard output: %s\n",
		    errno != 0 ? strerror(errno) : "write error");
		return (status != 0 ? status : LAB_EXIT_BAD_INPUT);
	}
	return (status);
}

int
main(int argc, char **argv)
{
	size_t	i;

	if (argc < 2) {
		fputs(lab_help, stderr);
		return (LAB_EXIT_USAGE);
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(lab_help, stdout);
		return (lab_close_stdout(0));
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("astray-lab %s\n", PACKAGE_VERSION);
		return (lab_close_stdout(0));
	}
	for (i = 0; i < sizeof lab_commands / sizeof lab_commands[0]; i++) {
		if (strcmp(argv[1], lab_commands[i].name) == 0)
			return (lab_close_stdout(lab_commands[i].run(argc - 1,
			    argv + 1)));
	}
	lab_error("unknown command \"%s\"", argv[1]);
	fputs(lab_help, stderr);
	return (LAB_EXIT_USAGE);
}
