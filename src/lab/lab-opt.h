/*
 * lab-opt.h: the subcommands' command lines as tables.
 *
 * As tmux describes each command by a cmd_entry, each subcommand of
 * astray-lab describes its command line by a struct lab_cmd: its usage,
 * its --help, how many arguments follow the options, and a table of its
 * options, one struct lab_opt each: the long name, the letter, what kind
 * of value it takes and where in the subcommand's own struct that value
 * goes, or the handler that takes it.  lab_opt_parse() reads the command
 * line by the table, so each kind of value is parsed, and refused, in one
 * place; a subcommand keeps only what is its own (its messages, its
 * handlers, the checks between options).
 *
 * The walk itself is getopt_long's, built from the table: long names may
 * be abbreviated, "--name=value" and the short letters work, options and
 * arguments may come in any order, and getopt's own messages about an
 * unknown option or a missing argument are printed before the usage
 * error, as they always were.  Every table answers --help (-h).
 */
#ifndef ASTRAY_LAB_OPT_H
#define ASTRAY_LAB_OPT_H

#include <stddef.h>
#include <stdint.h>

/* What an option's value is, and so where lab_opt_parse() puts it. */
enum lab_opt_kind {
	LAB_OPT_SET,		/* no argument: the int at .at becomes 1 */
	LAB_OPT_CLEAR,		/* no argument: the int at .at becomes 0 */
	LAB_OPT_STRING,		/* the argument as given: a const char * */
	LAB_OPT_COUNT,		/* a whole number from .min to .max: a long */
	LAB_OPT_POINT,		/* "X,Y": an int at .at, y's at .at_y */
	LAB_OPT_MOVEMENT,	/* a movement's name: enum path_movement */
	LAB_OPT_DIAGONAL,	/* a diagonal rule's name: enum path_diagonal */
	LAB_OPT_PLANNER,	/* a planner's name: enum path_planner_kind */
	LAB_OPT_CALL,		/* an argument .call takes */
	LAB_OPT_READ_BEFORE	/* an argument the subcommand read itself,
				   before the table (chase's --scenario) */
};

/* One option of a subcommand; a table ends with an entry without name. */
struct lab_opt {
	const char		*name;		/* the long name, no "--" */
	const char		*alias;		/* another long name, or NULL */
	int			 letter;	/* its short option and key */
	enum lab_opt_kind	 kind;
	size_t			 at;		/* offsetof the value's place */
	size_t			 at_y;		/* LAB_OPT_POINT: y's place */
	long			 min, max;	/* LAB_OPT_COUNT's range */
	/*
	 * LAB_OPT_CALL: takes the argument into the target.  Returns 0,
	 * -1 when the argument is bad (.bad is printed), or an exit status
	 * after printing a message of its own.
	 */
	int			(*call)(void *target, const char *arg);
	/*
	 * The usage error for a bad argument: the argument is put in place
	 * of its first "%s" and, for the kinds that take a name, the list
	 * of names in place of its second (NULL: "bad option").
	 */
	const char		*bad;
};

/* A subcommand's command line: what tmux's cmd_entry says of a command. */
struct lab_cmd {
	const char		*usage;
	void			(*help)(void);	/* prints --help */
	const struct lab_opt	*opts;
	int			 args_min;	/* arguments after options */
	int			 args_max;	/* -1: no limit */
	/*
	 * The usage error when they are too few or too many: the first
	 * one too many is put in place of a "%s".
	 */
	const char		*args_bad;
};

/* What the command line held besides the options' values. */
struct lab_args {
	int		  argc;		/* the arguments after the options */
	char		**argv;
	uint64_t	  given[2];	/* the options given, by letter */
};

/*
 * Reads argv (argv[0] the subcommand's name) by cmd's table into target,
 * the subcommand's struct whose fields the table's offsets name, and the
 * rest into *args.  Returns -1 to go on; otherwise the exit status to
 * stop with: 0 after printing --help, or that of a usage error printed
 * on standard error.  Fields of target no option named keep their
 * values: set the defaults first.
 */
int	 lab_opt_parse(const struct lab_cmd *cmd, int argc, char **argv,
	     void *target, struct lab_args *args);

/* Whether the option with this letter was given (tmux's args_has). */
int	 lab_opt_given(const struct lab_args *, int letter);

#endif
