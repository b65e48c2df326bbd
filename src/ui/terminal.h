/*
 * terminal.h: the terminal, taken over and given back.
 *
 * The leaf of src/ui, calling nothing else there: the curses session,
 * the signals that end it, the colours things are painted in, the size
 * below which nothing can be played, and the names of the keys read.
 * Everything above it (the play loop, the replay loop, the painter)
 * asks it and is never called back.
 *
 * terminal_start() and terminal_stop() are a pair, as tmux's tty_start
 * and tty_stop are, and stopping is safe twice: every way out (a normal
 * end, an error, exit() through atexit(), a signal read by a loop) stops
 * the terminal, and only the first stop gives it back.
 */
#ifndef ASTRAY_TERMINAL_H
#define ASTRAY_TERMINAL_H

#include <curses.h>
#include <stddef.h>

#include "game.h"

#define TERMINAL_MIN_COLS	80	/* smaller, and play waits */
#define TERMINAL_MIN_LINES	24

/* What terminal_read_key() returns when no key is there to name. */
#define TERMINAL_NO_KEY		(-1)	/* none came in time */
#define TERMINAL_RESIZED	(-2)	/* the window changed size */

/* Backgrounds the overlays paint under a glyph. */
enum terminal_bg {
	BG_NONE, BG_BLUE, BG_GREEN, BG_CYAN, BG_YELLOW, BG_RED, BG_COUNT
};

/* What the terminal taken over can do: filled by terminal_start(). */
struct terminal_caps {
	int	colour;		/* a colour pair per foreground and bg */
	int	utf8;		/* the locale writes UTF-8 */
};

/*
 * Checks, before anything is asked or drawn, that TERM names a terminal
 * this system knows (curses would print its own message and exit).
 * Returns 0, or -1 with *cause set; nothing is written to the terminal.
 */
int		 terminal_check(char **cause);

/*
 * Takes the terminal over: SIGINT, SIGTERM, SIGHUP and SIGQUIT to a flag
 * (terminal_signal()), the locale, curses and its modes, colours unless
 * NO_COLOR is set; terminal_stop() runs at exit.  Returns 0 with *caps
 * filled, or -1 with *cause set and the terminal untouched.
 */
int		 terminal_start(struct terminal_caps *caps, char **cause);

/* Gives the terminal back; does nothing if it is not taken. */
void		 terminal_stop(void);

/* The signal caught since terminal_start(), or 0; the loops poll it. */
int		 terminal_signal(void);

/*
 * Waits at most wait_ms for a key and returns it (a character or a
 * curses KEY_ code, for terminal_key_name()), TERMINAL_NO_KEY, or
 * TERMINAL_RESIZED, the whole screen then to be painted again.
 */
int		 terminal_read_key(int wait_ms);

/* Has the next refresh paint the whole screen, not only what changed. */
void		 terminal_repaint(void);

/* Whether the terminal is smaller than TERMINAL_MIN_COLS x _LINES. */
int		 terminal_too_small(void);

/*
 * Names a key read for the key map ("k", "up", "^X", "f5", "kp-centre";
 * see keymap.h), in buf (size bytes) if it is built; NULL if the key
 * has no name.
 */
const char	*terminal_key_name(int key, char *buf, size_t size);

/* The attributes of a colour on a background; none without colours. */
attr_t		 terminal_colour(const struct terminal_caps *, enum colour,
		     enum terminal_bg);

#endif
