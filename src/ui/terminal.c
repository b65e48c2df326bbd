/*
 * terminal.c: the curses session, its signals, colours and key names.
 *
 * A terminal is one per process, and so is what must reach it from where
 * no argument can: a signal handler, and the atexit() handler that gives
 * the terminal back when the game exits on an error.  Those two are the
 * file's only state (the signal caught, the curses screen while it is
 * taken); everything else is passed in and out.
 *
 * The handler only sets a flag (as Lua's does): the loops above read it
 * with terminal_signal() after every wait for a key and do the work
 * there (save the game, stop the terminal, say why), where any function
 * may be called.  SIGQUIT is caught with the three the design names
 * (SIGINT, SIGTERM, SIGHUP) because it too would leave the terminal raw.
 *
 * Colours are a pair per foreground (the data files' colours) and
 * overlay background, set up once; a terminal without colours, or a
 * player with NO_COLOR set, gets none, and the painter tells things
 * apart with attributes and characters instead.
 */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <unistd.h>

#include "terminal.h"
#include "xmalloc.h"

#define TERMINAL_ESCDELAY	25	/* ms: Escape alone, not a sequence */

/* The curses colour of each enum colour, and of each background. */
static const short terminal_fg_curses[] = {
	[COLOUR_DEFAULT] = -1, [COLOUR_BLACK] = COLOR_BLACK,
	[COLOUR_RED] = COLOR_RED, [COLOUR_GREEN] = COLOR_GREEN,
	[COLOUR_YELLOW] = COLOR_YELLOW, [COLOUR_BLUE] = COLOR_BLUE,
	[COLOUR_MAGENTA] = COLOR_MAGENTA, [COLOUR_CYAN] = COLOR_CYAN,
	[COLOUR_WHITE] = COLOR_WHITE
};
#define TERMINAL_FG_COUNT \
	((int)(sizeof terminal_fg_curses / sizeof terminal_fg_curses[0]))
static const short terminal_bg_curses[BG_COUNT] = {
	[BG_NONE] = -1, [BG_BLUE] = COLOR_BLUE, [BG_GREEN] = COLOR_GREEN,
	[BG_CYAN] = COLOR_CYAN, [BG_YELLOW] = COLOR_YELLOW,
	[BG_RED] = COLOR_RED
};

/*
 * The keys with names of their own (keymap.h lists them), the keypad's
 * corners and centre as the keys they stand for; the rest are named by
 * terminal_key_name() from their code.
 */
static const struct {
	int		 key;
	const char	*name;
} terminal_key_names[] = {
	{ ' ', "space" }, { '\t', "tab" },
	{ '\n', "enter" }, { '\r', "enter" }, { KEY_ENTER, "enter" },
	{ 27, "escape" },
	{ 127, "backspace" }, { '\b', "backspace" },
	{ KEY_BACKSPACE, "backspace" },
	{ KEY_UP, "up" }, { KEY_DOWN, "down" },
	{ KEY_LEFT, "left" }, { KEY_RIGHT, "right" },
	{ KEY_HOME, "home" }, { KEY_A1, "home" },
	{ KEY_END, "end" }, { KEY_C1, "end" },
	{ KEY_PPAGE, "pgup" }, { KEY_A3, "pgup" },
	{ KEY_NPAGE, "pgdn" }, { KEY_C3, "pgdn" },
	{ KEY_B2, "kp-centre" },
	{ KEY_IC, "insert" }, { KEY_DC, "delete" },
};

static volatile sig_atomic_t	 terminal_caught;
static SCREEN			*terminal_screen;	/* NULL: not taken */

/* Notes the signal; the loops do the rest (see the top of the file). */
static void
terminal_on_signal(int sig)
{
	terminal_caught = sig;
}

/* Checks that TERM names a known terminal: see terminal.h. */
int
terminal_check(char **cause)
{
	const char	*name = getenv("TERM");
	int		 err = 0;

	if (name == NULL || name[0] == '\0') {
		*cause = xstrdup("TERM is not set, so astray cannot tell what "
		    "terminal this is (set it: TERM=xterm-256color, say)");
		return (-1);
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		*cause = xasprintf("the terminal type TERM=%s is not known here "
		    "(is TERM right?  TERM=xterm-256color, say)", name);
		return (-1);
	}
	del_curterm(cur_term);
	return (0);
}

/*
 * Sets up a colour pair per foreground and overlay background; returns
 * 1, or 0 if the terminal (or the player) has no colours.
 */
static int
terminal_colours(void)
{
	const char	*no = getenv("NO_COLOR");
	int		 fg, bg;

	if ((no != NULL && no[0] != '\0') || !has_colors())
		return (0);
	if (start_color() == ERR)
		return (0);
	use_default_colors();
	if (COLORS < 8 || COLOR_PAIRS < 1 + TERMINAL_FG_COUNT * BG_COUNT)
		return (0);
	for (fg = 0; fg < TERMINAL_FG_COUNT; fg++) {
		for (bg = 0; bg < BG_COUNT; bg++)
			init_pair((short)(1 + fg * BG_COUNT + bg),
			    terminal_fg_curses[fg], terminal_bg_curses[bg]);
	}
	return (1);
}

/* Takes the terminal over: see terminal.h. */
int
terminal_start(struct terminal_caps *caps, char **cause)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = terminal_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	setlocale(LC_ALL, "");
	caps->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	caps->colour = 0;
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(TERMINAL_ESCDELAY);
	if ((terminal_screen = newterm(NULL, stdout, stdin)) == NULL) {
		*cause = xasprintf("cannot set up the terminal TERM=%s (is "
		    "TERM right?)", getenv("TERM"));
		return (-1);
	}
	atexit(terminal_stop);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	caps->colour = terminal_colours();
	return (0);
}

/* Gives the terminal back, once, whatever the way out. */
void
terminal_stop(void)
{
	SCREEN	*screen = terminal_screen;

	if (screen == NULL)
		return;
	terminal_screen = NULL;
	endwin();
	delscreen(screen);
}

/* The signal caught, or 0. */
int
terminal_signal(void)
{
	return (terminal_caught);
}

/* Waits for a key: see terminal.h. */
int
terminal_read_key(int wait_ms)
{
	int	ch;

	timeout(wait_ms);
	ch = getch();
	if (ch == ERR)
		return (TERMINAL_NO_KEY);
	if (ch == KEY_RESIZE) {
		terminal_repaint();
		return (TERMINAL_RESIZED);
	}
	return (ch);
}

/* The whole screen at the next refresh. */
void
terminal_repaint(void)
{
	clearok(curscr, TRUE);
}

/* Whether the terminal is too small to play in. */
int
terminal_too_small(void)
{
	return (COLS < TERMINAL_MIN_COLS || LINES < TERMINAL_MIN_LINES);
}

/* Names a key from curses for the key map: see terminal.h. */
const char *
terminal_key_name(int ch, char *buf, size_t size)
{
	size_t	i;

	for (i = 0; i < sizeof terminal_key_names /
	    sizeof terminal_key_names[0]; i++) {
		if (terminal_key_names[i].key == ch)
			return (terminal_key_names[i].name);
	}
	if (ch >= KEY_F(1) && ch <= KEY_F(12)) {
		snprintf(buf, size, "f%d", ch - KEY_F(0));
		return (buf);
	}
	if (ch >= 1 && ch <= 26) {
		snprintf(buf, size, "^%c", 'A' + ch - 1);
		return (buf);
	}
	if (ch > ' ' && ch < 127) {
		snprintf(buf, size, "%c", ch);
		return (buf);
	}
	return (NULL);
}

/* The attributes of a colour: see terminal.h. */
attr_t
terminal_colour(const struct terminal_caps *caps, enum colour fg,
    enum terminal_bg bg)
{
	if (!caps->colour || (unsigned)fg >= TERMINAL_FG_COUNT)
		return (A_NORMAL);
	return (COLOR_PAIR(1 + (int)fg * BG_COUNT + (int)bg));
}
