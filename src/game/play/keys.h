/*
 * keys.h: the game's keys, for every front end.
 *
 * The terminal and the headless driver feed the same keys through the
 * same state machine, so a replay's key string is exactly what a player
 * typed (after the terminal turned arrows and the keypad into these):
 *
 *   h j k l y u b n    move (or attack, or open a door) west, south,
 *                      north, east, north-west, north-east, south-west,
 *                      south-east; 1-9 on the numeric keypad as well
 *   . or 5             wait a turn
 *   o c + direction    open, close
 *   D + direction      dig through the wall that way (with a pick), over
 *                      as many turns as the wall takes, until disturbed
 *   >                  go down the stairs; off them, walk to known stairs
 *   _ + moves + . or _ travel to the cell the moves (h j k l y u b n,
 *                      relative to the player) point at
 *   R                  rest until healed or disturbed
 *   X                  explore until disturbed
 *   g or ,             pick up what lies here
 *   d q r w + a-z      drop, drink (quaff), read, wield or wear the item
 *                      in that pack slot; a known scroll of enchanting
 *                      then asks for the item to enchant: a-z in the
 *                      pack, ) what is wielded, [ what is worn
 *   t z + a-z + dir.   throw, zap the item that way; the verb again (or
 *                      .) instead of a direction aims at the nearest
 *                      monster in view
 *   A + a-z + dir.     apply the item (door spikes) that way
 *   f + dir.           fire the wielded launcher's ammo (f f or f .:
 *                      at the nearest monster in view)
 *   S                  save and leave
 *   Q then y           abandon the game (any other key keeps playing)
 *   ! or Escape        cancels a half-typed command (a key log writes !)
 *
 * ) and [ are game keys only there.  Any other key is not a game key: it is refused and changes nothing,
 * even half way through a command.  A lower-case letter that is neither
 * a direction nor a command is a game key only as a pack slot, after
 * d q r w t z or A.
 */
#ifndef ASTRAY_KEYS_H
#define ASTRAY_KEYS_H

#include "game.h"

enum keys_result {
	KEYS_MORE,	/* part of a command: feed the next key */
	KEYS_ACTION,	/* *out holds a whole command */
	KEYS_CANCEL,	/* a half-typed command was dropped */
	KEYS_UNKNOWN	/* not a game key */
};

struct keys {
	int	pending;	/* 'o', 'c', 'D', 'Q', or an item verb waiting,
				   or 0 */
	int	slot;		/* t, A: the slot chosen (0 is 'a'), or -1 */
	int	ox, oy;		/* _: the target, from the player */
	const struct game *game;	/* to ask which scrolls want an
					   item (r), or NULL: none asks */
};

#define KEYS_TRAVEL_MAX	1000	/* cells a travel target is from the player */
#define KEYS_CANCEL_KEY	'!'
#define KEYS_CANCEL_STR	"!"

/* Starts with nothing half typed; set game after it (or leave NULL). */
void	 keys_init(struct keys *);

/* Whether a key is a game key (printable, or Escape). */
int	 keys_valid(int key);
enum keys_result keys_feed(struct keys *, int key, struct game_action *out);

/* The direction of a movement key; returns 0, or -1 if it is none. */
int	 keys_direction(int key, int *dx, int *dy);

#endif
