/*
 * lab-opt.c: reading a subcommand's command line by its table.
 *
 * getopt_long walks the command line: its view of the table (the long
 * options, then "help"; the letters, with ':' after those that take an
 * argument) is built afresh for each parse, in the table's order, which
 * is the order getopt lists the candidates of an ambiguous abbreviation
 * in.  Each option it returns is found in the table by its letter and
 * taken by its kind; a bad value stops the parse with the entry's own
 * usage error, so a subcommand's messages stay its own while the parsing
 * of a count, a point or a movement's name is written once.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "lab-opt.h"
#include "planner.h"
#include "xmalloc.h"

/* Where a letter's bit is in a given set: the word, and the bit. */
#define LAB_OPT_WORD(letter)	(((unsigned)(letter) & 127) / 64)
#define LAB_OPT_BIT(letter)	(UINT64_C(1) << ((unsigned)(letter) % 64))

/* Whether options of this kind take an argument. */
static int
lab_opt_has_argument(enum lab_opt_kind kind)
{
	return (kind != LAB_OPT_SET && kind != LAB_OPT_CLEAR);
}

/*
 * Prints a table's usage error: msg with arg in place of its first "%s"
 * and names in place of its second.  msg is no printf format (in a table
 * the compiler could not check one): only "%s" is replaced, and what
 * the user typed goes in as typed.  Returns LAB_EXIT_USAGE.
 */
static int
lab_opt_usage(const char *usage, const char *msg, const char *arg,
    const char *names)
{
	const char	*first = strstr(msg, "%s"), *second;

	if (first == NULL)
		return (lab_usage(usage, "%s", msg));
	if (arg == NULL)
		arg = "";
	if ((second = strstr(first + 2, "%s")) == NULL || names == NULL)
		return (lab_usage(usage, "%.*s%s%s", (int)(first - msg), msg,
		    arg, first + 2));
	return (lab_usage(usage, "%.*s%s%.*s%s%s", (int)(first - msg), msg,
	    arg, (int)(second - first - 2), first + 2, names, second + 2));
}

/* One of getopt_long's long options. */
static struct option
lab_opt_long(const char *name, int has_arg, int letter)
{
	return ((struct option){ .name = name, .has_arg = has_arg,
	    .flag = NULL, .val = letter });
}

/*
 * Builds getopt_long's view of a table into longopts (room for two per
 * entry and two more) and letters (as much).
 */
static void
lab_opt_getopt(const struct lab_opt *opts, struct option *longopts,
    char *letters)
{
	const struct lab_opt	*o;
	int			 has;

	for (o = opts; o->name != NULL; o++) {
		has = lab_opt_has_argument(o->kind) ? required_argument :
		    no_argument;
		*longopts++ = lab_opt_long(o->name, has, o->letter);
		if (o->alias != NULL)
			*longopts++ = lab_opt_long(o->alias, has, o->letter);
		*letters++ = (char)o->letter;
		if (has == required_argument)
			*letters++ = ':';
	}
	*longopts++ = lab_opt_long("help", no_argument, 'h');
	*longopts = lab_opt_long(NULL, 0, 0);
	*letters++ = 'h';
	*letters = '\0';
}

/* The table's entry for a letter; NULL if it has none. */
static const struct lab_opt *
lab_opt_find(const struct lab_opt *opts, int letter)
{
	const struct lab_opt	*o;

	for (o = opts; o->name != NULL; o++) {
		if (o->letter == letter)
			return (o);
	}
	return (NULL);
}

/*
 * Takes one option's argument into target by its kind.  Returns 0, or
 * the exit status of the usage error printed.
 */
static int
lab_opt_take(const struct lab_cmd *cmd, const struct lab_opt *o,
    const char *arg, void *target)
{
	char		*at = (char *)target + o->at;
	const char	*names = NULL;	/* what a bad name is told to use */
	long		 n;
	int		 r = 0;

	switch (o->kind) {
	case LAB_OPT_SET:
	case LAB_OPT_CLEAR:
		*(int *)(void *)at = o->kind == LAB_OPT_SET;
		break;
	case LAB_OPT_STRING:
		*(const char **)(void *)at = arg;
		break;
	case LAB_OPT_READ_BEFORE:
		break;
	case LAB_OPT_COUNT:
		r = lab_parse_count(arg, o->max, &n) == 0 && n >= o->min ? 0 :
		    -1;
		if (r == 0)
			*(long *)(void *)at = n;
		break;
	case LAB_OPT_POINT:
		r = lab_parse_point(arg, (int *)(void *)at,
		    (int *)(void *)((char *)target + o->at_y));
		break;
	case LAB_OPT_MOVEMENT:
		r = path_movement_parse(arg, (enum path_movement *)(void *)at);
		names = path_movement_names;
		break;
	case LAB_OPT_DIAGONAL:
		r = path_diagonal_parse(arg, (enum path_diagonal *)(void *)at);
		names = path_diagonal_names;
		break;
	case LAB_OPT_PLANNER:
		r = path_planner_parse(arg,
		    (enum path_planner_kind *)(void *)at);
		names = path_planner_names;
		break;
	case LAB_OPT_CALL:
		r = o->call(target, arg);
		break;
	}
	if (r >= 0)
		return (r);
	return (lab_opt_usage(cmd->usage, o->bad != NULL ? o->bad :
	    "bad option", arg, names));
}

/*
 * Walks the options with getopt_long, taking each into target and noting
 * it in args.  Returns -1 when they are all taken, else the exit status
 * to stop with.
 */
static int
lab_opt_walk(const struct lab_cmd *cmd, int argc, char **argv,
    const struct option *longopts, const char *letters, void *target,
    struct lab_args *args)
{
	const struct lab_opt	*o;
	int			 ch, status;

	optind = 1;
	while ((ch = getopt_long(argc, argv, letters, longopts, NULL)) != -1) {
		if (ch == 'h') {
			cmd->help();
			return (0);
		}
		if ((o = lab_opt_find(cmd->opts, ch)) == NULL)
			return (lab_usage(cmd->usage, "bad option"));
		if ((status = lab_opt_take(cmd, o, optarg, target)) != 0)
			return (status);
		args->given[LAB_OPT_WORD(ch)] |= LAB_OPT_BIT(ch);
	}
	return (-1);
}

/* Reads a command line by its table: see lab-opt.h. */
int
lab_opt_parse(const struct lab_cmd *cmd, int argc, char **argv,
    void *target, struct lab_args *args)
{
	struct option	*longopts;
	char		*letters;
	size_t		 n = 0;
	int		 status, too_many;

	while (cmd->opts[n].name != NULL)
		n++;
	longopts = xreallocarray(NULL, 2 * n + 2, sizeof *longopts);
	letters = xmalloc(2 * n + 2);
	lab_opt_getopt(cmd->opts, longopts, letters);
	memset(args, 0, sizeof *args);
	status = lab_opt_walk(cmd, argc, argv, longopts, letters, target,
	    args);
	free(letters);
	free(longopts);
	if (status >= 0)
		return (status);
	args->argc = argc - optind;
	args->argv = argv + optind;
	too_many = cmd->args_max >= 0 && args->argc > cmd->args_max;
	if (too_many || args->argc < cmd->args_min)
		return (lab_opt_usage(cmd->usage, cmd->args_bad, too_many ?
		    args->argv[cmd->args_max] : NULL, NULL));
	return (-1);
}

/* Whether an option was given: see lab-opt.h. */
int
lab_opt_given(const struct lab_args *args, int letter)
{
	return ((args->given[LAB_OPT_WORD(letter)] & LAB_OPT_BIT(letter)) != 0);
}
