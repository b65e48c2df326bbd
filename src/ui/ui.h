/*
 * ui.h: the terminal front end.
 */
#ifndef ASTRAY_UI_H
#define ASTRAY_UI_H

#include "headless.h"

/* Plays in the terminal; returns the exit status. */
int	 ui_run(const struct headless_options *);

#endif
