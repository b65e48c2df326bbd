/*
 * keymap.c: key names, commands, defaults and key map files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keymap.h"
#include "keys.h"
#include "suggest.h"

#define KEYMAP_MAX_FILE	(64UL << 10)	/* bytes in a key map file */
#include "xmalloc.h"

static const struct {
	const char	*name;
	const char	*help;
	int		 game_key;	/* what the key log records */
} keymap_commands[CMD_COUNT] = {
	[CMD_NONE] =		{ "none", "", 0 },
	[CMD_WEST] =		{ "west", "move/attack west", 'h' },
	[CMD_SOUTH] =		{ "south", "move/attack south", 'j' },
	[CMD_NORTH] =		{ "north", "move/attack north", 'k' },
	[CMD_EAST] =		{ "east", "move/attack east", 'l' },
	[CMD_NORTH_WEST] =	{ "north-west", "move north-west", 'y' },
	[CMD_NORTH_EAST] =	{ "north-east", "move north-east", 'u' },
	[CMD_SOUTH_WEST] =	{ "south-west", "move south-west", 'b' },
	[CMD_SOUTH_EAST] =	{ "south-east", "move south-east", 'n' },
	[CMD_WAIT] =		{ "wait", "wait a turn", '.' },
	[CMD_OPEN] =		{ "open", "open a door (+ dir.)",
				  'o' },
	[CMD_CLOSE] =		{ "close", "close a door (+ dir.)",
				  'c' },
	[CMD_DIG] =		{ "dig", "dig with a pick (+ dir.)", 'D' },
	[CMD_FIGHT] =		{ "fight", "attack (+ dir.), even a peaceful "
				    "monster", 'F' },
	[CMD_DESCEND] =		{ "descend", "go down, or to, the stairs",
				  '>' },
	[CMD_LOOK] =		{ "look", "look: cursor, describe", 0 },
	[CMD_MESSAGES] =	{ "messages", "message history", 0 },
	[CMD_HELP] =		{ "help", "keys, how monsters fight", 0 },
	[CMD_SAVE] =		{ "save", "save and quit", 'S' },
	[CMD_QUIT] =		{ "quit", "give up (asks first)",
				  'Q' },
	[CMD_OVERLAY] =		{ "overlay", "AI overlays", 0 },
	[CMD_PANEL] =		{ "panel", "AI panel on/off",
				  0 },
	[CMD_STEP_MODE] =	{ "step-mode", "step mode on/off", 0 },
	[CMD_STEP] =		{ "step", "step: next monster acts", 0 },
	[CMD_FINISH] =		{ "finish-turn", "step: finish the turn", 0 },
	[CMD_SCORES] =		{ "scores", "high scores", 0 },
	[CMD_REDRAW] =		{ "redraw", "redraw the screen", 0 },
	[CMD_CANCEL] =		{ "cancel", "cancel, go back", 0 },
	[CMD_CONFIRM] =		{ "confirm", "", 0 },
	[CMD_PICKUP] =		{ "pick-up", "pick up what lies here", 'g' },
	[CMD_INVENTORY] =	{ "inventory", "your pack", 0 },
	[CMD_DROP] =		{ "drop", "drop an item (+ letter)", 'd' },
	[CMD_QUAFF] =		{ "quaff", "drink a potion (+ letter)", 'q' },
	[CMD_READ] =		{ "read", "read a scroll (+ letter)", 'r' },
	[CMD_THROW] =		{ "throw", "throw (+ letter, dir.; t or .: "
				    "the nearest monster)", 't' },
	[CMD_APPLY] =		{ "apply", "apply door spikes (+ letter, "
				    "dir.)", 'A' },
	[CMD_WIELD] =		{ "wield", "wield or wear (+ letter)", 'w' },
	[CMD_ZAP] =		{ "zap", "zap a wand (+ letter, dir.; z or .: "
				    "the nearest monster)", 'z' },
	[CMD_FIRE] =		{ "fire", "fire the wielded launcher (+ dir.; "
				    "f or .: the nearest monster)", 'f' },
	[CMD_REST] =		{ "rest", "rest, or wait 100 turns", 'R' },
	[CMD_EXPLORE] =		{ "explore", "explore, and go to items seen, until "
				    "disturbed", 'X' },
	[CMD_TRAVEL] =		{ "travel", "travel: cursor, Enter", '_' },
	[CMD_CHARACTER] =	{ "character", "you: hp, level, blows", 0 },
	[CMD_KNOWN] =		{ "known-items", "the items identified, and "
				    "the looks not yet known", 0 },
	[CMD_RUN] =		{ "run", "run (+ dir.; Shift+dir.)", 'G' },
	[CMD_RUN_WEST] =	{ "run-west", "", 0 },
	[CMD_RUN_SOUTH] =	{ "run-south", "", 0 },
	[CMD_RUN_NORTH] =	{ "run-north", "", 0 },
	[CMD_RUN_EAST] =	{ "run-east", "", 0 },
	[CMD_RUN_NORTH_WEST] =	{ "run-north-west", "", 0 },
	[CMD_RUN_NORTH_EAST] =	{ "run-north-east", "", 0 },
	[CMD_RUN_SOUTH_WEST] =	{ "run-south-west", "", 0 },
	[CMD_RUN_SOUTH_EAST] =	{ "run-south-east", "", 0 },
};

static const struct keymap_binding keymap_default[] = {
	{ ".", CMD_WAIT },
	{ "h", CMD_WEST }, { "j", CMD_SOUTH }, { "k", CMD_NORTH },
	{ "l", CMD_EAST }, { "y", CMD_NORTH_WEST }, { "u", CMD_NORTH_EAST },
	{ "b", CMD_SOUTH_WEST }, { "n", CMD_SOUTH_EAST },
	{ "left", CMD_WEST }, { "down", CMD_SOUTH }, { "up", CMD_NORTH },
	{ "right", CMD_EAST }, { "home", CMD_NORTH_WEST },
	{ "pgup", CMD_NORTH_EAST }, { "end", CMD_SOUTH_WEST },
	{ "pgdn", CMD_SOUTH_EAST }, { "kp-centre", CMD_WAIT },
	{ "4", CMD_WEST }, { "2", CMD_SOUTH }, { "8", CMD_NORTH },
	{ "6", CMD_EAST }, { "7", CMD_NORTH_WEST }, { "9", CMD_NORTH_EAST },
	{ "1", CMD_SOUTH_WEST }, { "3", CMD_SOUTH_EAST }, { "5", CMD_WAIT },
	{ "o", CMD_OPEN }, { "c", CMD_CLOSE },
	{ "D", CMD_DIG }, { ">", CMD_DESCEND }, { "x", CMD_LOOK },
	{ "M", CMD_MESSAGES }, { "?", CMD_HELP }, { "S", CMD_SAVE },
	{ "Q", CMD_QUIT }, { "tab", CMD_OVERLAY }, { "a", CMD_PANEL },
	{ "Z", CMD_STEP_MODE }, { "space", CMD_STEP },
	{ "enter", CMD_FINISH }, { "V", CMD_SCORES }, { "^L", CMD_REDRAW },
	{ "escape", CMD_CANCEL }, { "^G", CMD_CANCEL },
	{ "g", CMD_PICKUP }, { ",", CMD_PICKUP }, { "i", CMD_INVENTORY },
	{ "d", CMD_DROP }, { "q", CMD_QUAFF }, { "r", CMD_READ },
	{ "t", CMD_THROW }, { "A", CMD_APPLY }, { "w", CMD_WIELD },
	{ "z", CMD_ZAP }, { "f", CMD_FIRE }, { "\\", CMD_KNOWN },
	{ "R", CMD_REST }, { "X", CMD_EXPLORE }, { "_", CMD_TRAVEL },
	{ "C", CMD_CHARACTER },
	{ "G", CMD_RUN }, { "H", CMD_RUN_WEST }, { "J", CMD_RUN_SOUTH },
	{ "K", CMD_RUN_NORTH }, { "L", CMD_RUN_EAST },
	{ "Y", CMD_RUN_NORTH_WEST }, { "U", CMD_RUN_NORTH_EAST },
	{ "B", CMD_RUN_SOUTH_WEST }, { "N", CMD_RUN_SOUTH_EAST },
	{ "F", CMD_FIGHT },
};

static const char *const keymap_names[] = {
	"space", "tab", "enter", "escape", "backspace", "up", "down", "left",
	"right", "home", "end", "pgup", "pgdn", "kp-centre", "insert",
	"delete", NULL
};

const char *
keymap_command_name(enum command c)
{
	return ((unsigned)c < CMD_COUNT ? keymap_commands[c].name : "?");
}

const char *
keymap_command_help(enum command c)
{
	return ((unsigned)c < CMD_COUNT ? keymap_commands[c].help : "");
}

int
keymap_game_key(enum command c)
{
	return ((unsigned)c < CMD_COUNT ? keymap_commands[c].game_key : 0);
}

/*
 * The direction of a movement command: its game key's, from the one
 * direction table (keys.c), so the two can never disagree.
 */
int
keymap_direction(enum command c, int *dx, int *dy)
{
	if (c < CMD_WEST || c > CMD_SOUTH_EAST)
		return (-1);
	return (keys_direction(keymap_commands[c].game_key, dx, dy));
}

/* Whether a name is a key: see keymap.h. */
int
keymap_key_valid(const char *key)
{
	size_t	len = strlen(key);
	int	i;

	if (len == 1)
		return (key[0] > ' ' && key[0] < 127);
	if (len == 2 && key[0] == '^')
		return (key[1] >= 'A' && key[1] <= 'Z');
	if (len == 2 && key[0] == 'f' && key[1] >= '1' && key[1] <= '9')
		return (1);
	if (len == 3 && key[0] == 'f' && key[1] == '1' && key[2] >= '0' &&
	    key[2] <= '2')
		return (1);
	for (i = 0; keymap_names[i] != NULL; i++) {
		if (strcmp(key, keymap_names[i]) == 0)
			return (1);
	}
	return (0);
}

/* Binds a key, replacing what it did. */
static int
keymap_bind(struct keymap *km, const char *key, enum command c)
{
	int	i;

	for (i = 0; i < km->nbind; i++) {
		if (strcmp(km->bind[i].key, key) == 0) {
			km->bind[i].cmd = c;
			return (0);
		}
	}
	if (km->nbind == KEYMAP_MAX)
		return (-1);
	snprintf(km->bind[km->nbind].key, KEYMAP_NAME, "%s", key);
	km->bind[km->nbind++].cmd = c;
	return (0);
}

void
keymap_defaults(struct keymap *km)
{
	size_t	i;

	memset(km, 0, sizeof *km);
	for (i = 0; i < sizeof keymap_default / sizeof keymap_default[0]; i++)
		keymap_bind(km, keymap_default[i].key, keymap_default[i].cmd);
}

enum command
keymap_lookup(const struct keymap *km, const char *key)
{
	int	i;

	for (i = 0; i < km->nbind; i++) {
		if (strcmp(km->bind[i].key, key) == 0)
			return (km->bind[i].cmd);
	}
	return (CMD_NONE);
}

const char *
keymap_keys_of(const struct keymap *km, enum command c, char *buf,
    size_t size)
{
	size_t	used = 0;
	int	i, n;

	buf[0] = '\0';
	for (i = 0; i < km->nbind; i++) {
		if (km->bind[i].cmd != c)
			continue;
		n = snprintf(buf + used, size - used, "%s%s",
		    used > 0 ? " " : "", km->bind[i].key);
		if (n < 0 || (size_t)n >= size - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)n;
	}
	return (buf);
}

/* Finds a command by name; CMD_COUNT if none. */
static enum command
keymap_command(const char *name)
{
	int	c;

	for (c = CMD_WEST; c < CMD_COUNT; c++) {
		if (strcmp(name, keymap_commands[c].name) == 0)
			return ((enum command)c);
	}
	return (CMD_COUNT);
}

/* Cuts the next word of a line: returns its column (1-based), or 0. */
static int
keymap_word(const char *line, size_t *at, char *out, size_t size,
    size_t *wlen)
{
	size_t	i = *at, start;

	while (line[i] == ' ' || line[i] == '\t')
		i++;
	if (line[i] == '\0' || line[i] == '#')
		return (0);
	start = i;
	while (line[i] != '\0' && line[i] != ' ' && line[i] != '\t')
		i++;
	*wlen = i - start;
	snprintf(out, size, "%.*s", (int)(i - start), line + start);
	*at = i;
	return ((int)start + 1);
}

/*
 * A word for a message: printable ASCII as it is, any other byte as
 * \xNN, so a stray escape sequence is shown, not sent to the terminal.
 */
static const char *
keymap_show(const char *word, char *buf, size_t size)
{
	const unsigned char	*p = (const unsigned char *)word;
	size_t			 n = 0;

	for (; *p != '\0' && n + 5 < size; p++) {
		if (*p >= ' ' && *p < 127)
			buf[n++] = (char)*p;
		else
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", *p);
	}
	buf[n] = '\0';
	return (buf);
}

/* The commands closest to a word, for a message (suggest.h). */
static const char *
keymap_command_near(const char *word, char *buf, size_t size)
{
	struct suggest	sg;
	int		c;

	suggest_init(&sg, word, strlen(word));
	for (c = CMD_WEST; c < CMD_COUNT; c++)
		suggest_add(&sg, keymap_commands[c].name);
	return (suggest_text(&sg, buf, size));
}

/*
 * Reads one line of a key map (a C string, without its end) into km;
 * 0, or -1 with *cause set to "name:lineno:column: ...".
 */
static int
keymap_line(struct keymap *km, const char *name, int lineno,
    const char *line, char **cause)
{
	char		 verb[32], key[32], cmd[64], extra[8];
	char		 shown[256], near[128];
	struct suggest	 sg;
	size_t		 at = 0, wlen;
	int		 col, kcol, ccol, i;
	enum command	 c;

	if ((col = keymap_word(line, &at, verb, sizeof verb, &wlen)) == 0)
		return (0);
	if (strcmp(verb, "bind") != 0 && strcmp(verb, "unbind") != 0) {
		suggest_init(&sg, verb, strlen(verb));
		suggest_add(&sg, "bind");
		suggest_add(&sg, "unbind");
		*cause = xasprintf("%s:%d:%d: \"%s\" is not bind or unbind%s",
		    name, lineno, col, keymap_show(verb, shown, sizeof shown),
		    suggest_text(&sg, near, sizeof near));
		return (-1);
	}
	if ((kcol = keymap_word(line, &at, key, sizeof key, &wlen)) == 0) {
		*cause = xasprintf("%s:%d:%d: %s wants a key", name, lineno,
		    (int)at + 1, verb);
		return (-1);
	}
	if (wlen >= KEYMAP_NAME || !keymap_key_valid(key)) {
		suggest_init(&sg, key, strlen(key));
		for (i = 0; keymap_names[i] != NULL; i++)
			suggest_add(&sg, keymap_names[i]);
		*cause = xasprintf("%s:%d:%d: \"%s\" is not a key%s (a "
		    "character, ^A..^Z, f1..f12, or one of: space tab enter "
		    "escape backspace up down left right home end pgup pgdn "
		    "kp-centre insert delete)", name, lineno, kcol,
		    keymap_show(key, shown, sizeof shown),
		    suggest_text(&sg, near, sizeof near));
		return (-1);
	}
	if (verb[0] == 'u')
		c = CMD_NONE;
	else {
		if ((ccol = keymap_word(line, &at, cmd, sizeof cmd,
		    &wlen)) == 0) {
			*cause = xasprintf("%s:%d:%d: bind %s wants a command",
			    name, lineno, (int)at + 1, keymap_show(key, shown,
			    sizeof shown));
			return (-1);
		}
		if ((c = keymap_command(cmd)) == CMD_COUNT) {
			*cause = xasprintf("%s:%d:%d: \"%s\" is not a command%s "
			    "(see the help screen, ?)", name, lineno, ccol,
			    keymap_show(cmd, shown, sizeof shown),
			    keymap_command_near(cmd, near, sizeof near));
			return (-1);
		}
	}
	if ((col = keymap_word(line, &at, extra, sizeof extra, &wlen)) != 0) {
		*cause = xasprintf("%s:%d:%d: unexpected \"%s\" after the %s",
		    name, lineno, col, keymap_show(extra, shown, sizeof shown),
		    verb[0] == 'u' ? "key" : "command");
		return (-1);
	}
	if (keymap_bind(km, key, c) != 0) {
		*cause = xasprintf("%s:%d:%d: more than %d keys bound", name,
		    lineno, kcol, KEYMAP_MAX);
		return (-1);
	}
	return (0);
}

/*
 * Reads every line of a key map into km; without each, the first error
 * stops it (-1, *cause set), with it every error is handed to each (which
 * takes it over) and reading goes on, and the number of errors is
 * returned.
 */
static int
keymap_lines(struct keymap *km, const char *name, const char *buf,
    size_t len, void (*each)(void *, char *), void *ctx, char **cause)
{
	char	 line[256];
	size_t	 pos = 0, n;
	int	 lineno = 0, errors = 0, rc;

	keymap_defaults(km);
	/* A UTF-8 byte-order mark, as some editors write, is not a word. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		pos = 3;
	while (pos < len) {
		lineno++;
		/* A line ends at LF, CR LF or a lone CR, as scan.h reads. */
		for (n = 0; pos + n < len && buf[pos + n] != '\n' &&
		    buf[pos + n] != '\r'; n++)
			continue;
		rc = 0;
		if (n >= sizeof line) {
			*cause = xasprintf("%s:%d:%d: the line is longer than "
			    "%zu characters", name, lineno, (int)sizeof line,
			    sizeof line - 1);
			rc = -1;
		} else {
			memcpy(line, buf + pos, n);
			line[n] = '\0';
			if (memchr(line, '\0', n) != NULL) {
				*cause = xasprintf("%s:%d:%d: a NUL byte",
				    name, lineno, (int)strlen(line) + 1);
				rc = -1;
			} else
				rc = keymap_line(km, name, lineno, line,
				    cause);
		}
		pos += n;
		if (pos < len && buf[pos] == '\r')
			pos++;
		if (pos < len && buf[pos] == '\n')
			pos++;
		if (rc == 0)
			continue;
		if (each == NULL)
			return (-1);
		each(ctx, *cause);
		*cause = NULL;
		errors++;
	}
	return (errors);
}

/* Reads a key map from a buffer: see keymap.h. */
int
keymap_parse(struct keymap *km, const char *name, const char *buf,
    size_t len, char **cause)
{
	if (keymap_lines(km, name, buf, len, NULL, NULL, cause) == 0)
		return (0);
	keymap_defaults(km);
	return (-1);
}

/* The checker's look at a key map file: see keymap.h. */
int
keymap_check(const char *path, void (*each)(void *, char *), void *ctx)
{
	struct keymap	*km;
	char		*buf, *cause = NULL;
	size_t		 len;
	int		 errors;

	if ((buf = x_read_file(path, KEYMAP_MAX_FILE, &len, &cause)) == NULL) {
		each(ctx, cause);
		return (1);
	}
	km = xcalloc(1, sizeof *km);
	errors = keymap_lines(km, path, buf, len, each, ctx, &cause);
	free(km);
	free(buf);
	return (errors);
}

/*
 * Reads a key map file: see keymap.h.  Through x_read_file(), so a FIFO
 * or a device is refused at once and the size limit is checked before
 * anything is read.
 */
int
keymap_load(struct keymap *km, const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, KEYMAP_MAX_FILE, &len, cause)) == NULL) {
		keymap_defaults(km);
		return (-1);
	}
	rc = keymap_parse(km, path, buf, len, cause);
	free(buf);
	return (rc);
}
