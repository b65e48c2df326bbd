/*
 * tell.h: events into words, and the message log (tell.c).
 *
 * Only the turn loop and what it calls to start, restore or move a game
 * between levels (game.c, stage.c, save.c) write messages: the rules
 * report events instead (event.h).
 */
#ifndef ASTRAY_TELL_H
#define ASTRAY_TELL_H

struct game;

/* Adds a message to the log, stamped with the current turn. */
void	 game_message(struct game *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Tells the player every event of the game's queue, oldest first (those
 * the player does not learn of say nothing), and empties the queue.
 */
void	 tell_report(struct game *);

#endif
