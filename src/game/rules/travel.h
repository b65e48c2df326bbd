/*
 * travel.h: journeys, many turns for one key (travel.c).
 *
 * Resting, exploring, travel and running hand the turn loop one action
 * at a time, as DCSS's travel hands its next command back to the input
 * loop:
 *
 *	tr = travel_begin(g, cmd, dx, dy);
 *	while (travel_next(g, tr, &a) == 0 && <play a as one turn> &&
 *	    travel_went(g, tr) == 0)
 *		continue;
 *	went = travel_end(g, tr);
 *
 * Why a journey stops is reported as an event (event.h); what stops it
 * is read from the game and its events, never from messages.
 */
#ifndef ASTRAY_TRAVEL_H
#define ASTRAY_TRAVEL_H

#include <stddef.h>

#include "query.h"

struct travel;

/*
 * Begins a journey: GAME_CMD_REST, GAME_CMD_EXPLORE, GAME_CMD_TRAVEL to
 * the cell (dx,dy) from the player or, for (0,0), to the known stairs,
 * or GAME_CMD_RUN the way (dx,dy).  Returns NULL, with an event saying
 * why, when there is no way to the cell asked for.
 */
struct travel	*travel_begin(struct game *, enum game_cmd, int dx, int dy);

/*
 * The next action of the journey into *a, and 0; or -1 when the journey
 * stops before another turn (a monster in view, arrived, nothing left,
 * whole again: an event says which, where there is something to say).
 */
int		 travel_next(struct game *, struct travel *,
		     struct game_action *a);

/*
 * After the action travel_next() gave has taken its turn: -1 when that
 * turn ends the journey (it cost hit points, with an event saying so, or
 * it brought news), else 0.
 */
int		 travel_went(struct game *, struct travel *);

/* Ends and frees a journey (NULL does nothing); 1 if a turn went. */
int		 travel_end(struct game *, struct travel *);

/*
 * The way the player's own journey would go now, over what the player
 * knows: travel to (tx,ty), or with tx below 0 exploring, to the nearest
 * cell that shows something new.  The player first, written into out (at
 * most max points); returns its length in points, which may exceed max;
 * 0 if there is no such way (or the game is over).
 */
size_t		 travel_way(const struct game *, int tx, int ty,
		     struct path_point *out, size_t max);

#endif
