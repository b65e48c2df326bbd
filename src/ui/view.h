/*
 * view.h: watching a replay in the terminal (astray --replay FILE).
 */
#ifndef ASTRAY_VIEW_H
#define ASTRAY_VIEW_H

struct replay;
struct ui;

/*
 * Plays the replay r back on the screen, its game open in ui and the
 * terminal taken; the watcher sets the pace.  Gives the terminal back
 * and returns the exit status: 0 when the watcher leaves, 128 and the
 * signal's number on a signal.  Nothing is saved, scored or written.
 */
int	 view_play(struct ui *, const struct replay *r);

#endif
