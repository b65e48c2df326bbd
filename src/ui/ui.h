/*
 * ui.h: the terminal front end.
 */
#ifndef ASTRAY_UI_H
#define ASTRAY_UI_H

#include "driver.h"

/* The terminal's options: the game, and how it is shown and played. */
struct ui_options {
	struct driver_options	 game;
	const char		*keymap;	/* the key map file, or NULL */
	int			 reveal;	/* show the whole level */
	const char		*record;	/* keep the replay here, or NULL */
	const char		*replay;	/* watch this replay, or NULL */
	const char		*program;	/* astray as it was run (argv[0]),
						   for "run it again" */
	const char		*data;		/* --data as given, or NULL */
	int			 no_mods;	/* --no-mods was given */
};

/*
 * Plays in the terminal, or with replay set watches that replay file's
 * game (nothing saved or scored); returns the exit status.
 */
int	 ui_run(const struct ui_options *);

#endif
