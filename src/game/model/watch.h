/*
 * watch.h: what the overlays watch of the monsters' searches (watch.c).
 *
 * The front ends turn watching on and read it through query.h
 * (game_watch(), game_watch_search(), game_watch_heat()); the monsters'
 * turns and the turn loop tell it when a turn, a plan or a level begins.
 * Watching or not, a game plays the same.
 */
#ifndef ASTRAY_WATCH_H
#define ASTRAY_WATCH_H

struct game;
struct watch;

void	 watch_free(struct watch *);
/* A turn begins: the heat map starts again. */
void	 watch_turn(struct game *);
/* The level was replaced (a new one may sit where the old one was). */
void	 watch_new_level(struct game *);
/* A monster (its index) begins, and ends, a plan. */
void	 watch_plan_begin(struct game *, int monster);
void	 watch_plan_end(struct game *, int monster);

#endif
