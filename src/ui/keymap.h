/*
 * keymap.h: which key does what in the terminal game.
 *
 * Keys are named, not numbered, so the map knows nothing of curses: the
 * front end names each key it reads ("k", "up", "^X", "kp-centre") and
 * asks the map for its command.  The defaults are the vi-keys, the arrow
 * keys and the numeric keypad; a key map file rebinds keys, one per line:
 *
 *   # comment
 *   bind KEY COMMAND
 *   unbind KEY
 *
 * where KEY is one printable character or a name (space, tab, enter,
 * escape, backspace, up, down, left, right, home, end, pgup, pgdn,
 * kp-centre, f1 ... f12, ^A ... ^Z) and COMMAND one of keymap_commands.
 * A bad line is reported as file:line:column and the file is refused
 * whole.
 */
#ifndef ASTRAY_KEYMAP_H
#define ASTRAY_KEYMAP_H

#include <stddef.h>

enum command {
	CMD_NONE,
	CMD_WEST, CMD_SOUTH, CMD_NORTH, CMD_EAST,
	CMD_NORTH_WEST, CMD_NORTH_EAST, CMD_SOUTH_WEST, CMD_SOUTH_EAST,
	CMD_WAIT,
	CMD_OPEN,
	CMD_CLOSE,
	CMD_DIG,
	CMD_FIGHT,
	CMD_DESCEND,
	CMD_LOOK,
	CMD_MESSAGES,
	CMD_HELP,
	CMD_SAVE,
	CMD_QUIT,
	CMD_OVERLAY,
	CMD_PANEL,
	CMD_STEP_MODE,
	CMD_STEP,
	CMD_FINISH,
	CMD_SCORES,
	CMD_REDRAW,
	CMD_CANCEL,
	CMD_CONFIRM,
	CMD_PICKUP,
	CMD_INVENTORY,
	CMD_DROP,
	CMD_QUAFF,
	CMD_READ,
	CMD_THROW,
	CMD_APPLY,
	CMD_WIELD,
	CMD_ZAP,
	CMD_FIRE,
	CMD_REST,
	CMD_EXPLORE,
	CMD_TRAVEL,
	CMD_CHARACTER,
	CMD_KNOWN,
	CMD_RUN,
	/* Run a way at once (Shift and a direction); as CMD_WEST's order. */
	CMD_RUN_WEST, CMD_RUN_SOUTH, CMD_RUN_NORTH, CMD_RUN_EAST,
	CMD_RUN_NORTH_WEST, CMD_RUN_NORTH_EAST, CMD_RUN_SOUTH_WEST,
	CMD_RUN_SOUTH_EAST,
	CMD_COUNT
};

#define KEYMAP_MAX	256	/* bindings at once */
#define KEYMAP_NAME	16

struct keymap_binding {
	char		key[KEYMAP_NAME];
	enum command	cmd;
};

struct keymap {
	struct keymap_binding	bind[KEYMAP_MAX];
	int			nbind;
};

/* The default bindings. */
void		 keymap_defaults(struct keymap *);

/*
 * Reads a key map file over the defaults.  Returns 0, or -1 with *cause
 * set ("FILE:LINE:COLUMN: what is wrong"); the map is then the defaults.
 */
int		 keymap_load(struct keymap *, const char *path, char **cause);

/* Same, from a buffer; name is used in messages. */
int		 keymap_parse(struct keymap *, const char *name,
		     const char *buf, size_t len, char **cause);

/*
 * The checker's look at a key map file (astray --check): every bad line,
 * each "FILE:LINE:COLUMN: what is wrong", handed to each (which takes
 * the string over), reading on after each.  Returns the number of
 * errors.
 */
int		 keymap_check(const char *path, void (*each)(void *, char *),
		     void *ctx);

/* The command of a named key, or CMD_NONE. */
enum command	 keymap_lookup(const struct keymap *, const char *key);

/*
 * The keys bound to a command, joined by commas into buf (at most size
 * bytes), for the help screen; "" if none.
 */
const char	*keymap_keys_of(const struct keymap *, enum command, char *buf,
		     size_t size);

/* A command's name and what it does, for files and the help screen. */
const char	*keymap_command_name(enum command);
const char	*keymap_command_help(enum command);

/* Whether a name is a key the map knows. */
int		 keymap_key_valid(const char *key);

/*
 * The direction of a movement command (dx, dy); 0, or -1 if it is not
 * one.  The game's own key for a command (what a replay records), or 0.
 */
int		 keymap_direction(enum command, int *dx, int *dy);
int		 keymap_game_key(enum command);

#endif
