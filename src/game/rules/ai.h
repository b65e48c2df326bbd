/*
 * ai.h: what monsters do with their turns (ai.c).
 *
 * A turn's monsters act one action at a time, so a front end can watch
 * them one by one: ai_begin(), then ai_step() until it returns -1.
 */
#ifndef ASTRAY_AI_H
#define ASTRAY_AI_H

struct game;

/* Starts the monsters' share of a turn. */
void	 ai_begin(struct game *);

/*
 * One monster action of the turn under way, in turn order; returns the
 * index of the monster that acted, or -1 when every monster has had its
 * go.
 */
int	 ai_step(struct game *);

/* Whether a monster is still to act this turn. */
int	 ai_more(const struct game *);

#endif
