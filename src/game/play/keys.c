/*
 * keys.c: turning keys into game actions.
 */
#include <stdlib.h>
#include <string.h>

#include "keys.h"

#define KEY_ESCAPE	27

/* Starts with nothing half typed. */
void
keys_init(struct keys *k)
{
	k->pending = 0;
	k->slot = -1;
	k->ox = k->oy = 0;
	k->game = NULL;
}

/*
 * The keys after '_': each direction moves the target a cell (as far as
 * KEYS_TRAVEL_MAX), '.' or '_' travels there; anything else cancels.
 */
static enum keys_result
keys_feed_travel(struct keys *k, int key, struct game_action *out)
{
	int	dx, dy;

	if (key == '.' || key == '_') {
		out->cmd = GAME_CMD_TRAVEL;
		out->dx = k->ox;
		out->dy = k->oy;
		k->ox = k->oy = 0;
		return (KEYS_ACTION);
	}
	if (keys_direction(key, &dx, &dy) != 0) {
		k->ox = k->oy = 0;
		return (KEYS_CANCEL);
	}
	if (abs(k->ox + dx) <= KEYS_TRAVEL_MAX)
		k->ox += dx;
	if (abs(k->oy + dy) <= KEYS_TRAVEL_MAX)
		k->oy += dy;
	k->pending = '_';
	return (KEYS_MORE);
}

/* The command of an item verb key. */
static enum game_cmd
keys_item_cmd(int verb)
{
	switch (verb) {
	case 'd':
		return (GAME_CMD_DROP);
	case 'q':
		return (GAME_CMD_QUAFF);
	case 'r':
		return (GAME_CMD_READ);
	case 't':
		return (GAME_CMD_THROW);
	case 'A':
		return (GAME_CMD_APPLY);
	case 'z':
		return (GAME_CMD_ZAP);
	default:
		return (GAME_CMD_WIELD);
	}
}

/*
 * The way an aimed command goes: a direction, or the verb again (or '.')
 * for the nearest monster in view, (0,0).  Returns 0, or -1.
 */
static int
keys_aim(int verb, int key, int *dx, int *dy)
{
	if (key == verb || key == '.') {
		*dx = *dy = 0;
		return (0);
	}
	return (keys_direction(key, dx, dy));
}

/*
 * The key after an item verb (and its slot, for t, A, z, and r of a
 * scroll that asks which item): see keys.h.  k->pending is the verb,
 * already cleared from *k by the caller.
 */
static enum keys_result
keys_feed_item(struct keys *k, int verb, int key, struct game_action *out)
{
	int	dx, dy, slot = k->slot;

	k->slot = -1;
	out->cmd = keys_item_cmd(verb);
	out->dx = out->dy = 0;
	if (slot < 0) {
		if (key < 'a' || key > 'z')
			return (KEYS_CANCEL);
		out->item = key - 'a';
		if (verb == 't' || verb == 'A' || verb == 'z' || (verb == 'r' &&
		    k->game != NULL && game_item_wants_target(k->game,
		    out->item))) {
			k->pending = verb;
			k->slot = out->item;
			return (KEYS_MORE);
		}
		return (KEYS_ACTION);
	}
	out->item = slot;
	if (verb == 'r') {
		if (key == ')' || key == '[')
			out->target = key == ')' ? GAME_TARGET_WIELDED :
			    GAME_TARGET_WORN;
		else if (key >= 'a' && key <= 'z')
			out->target = key - 'a' + 1;
		else
			return (KEYS_CANCEL);
		return (KEYS_ACTION);
	}
	if ((verb == 'A' ? keys_direction(key, &dx, &dy) :
	    keys_aim(verb, key, &dx, &dy)) != 0)
		return (KEYS_CANCEL);
	out->dx = dx;
	out->dy = dy;
	return (KEYS_ACTION);
}

/* The direction of a movement key: see keys.h. */
int
keys_direction(int key, int *dx, int *dy)
{
	static const struct {
		char	key;
		int	dx, dy;
	} dirs[] = {
		{ 'h', -1, 0 }, { 'j', 0, 1 }, { 'k', 0, -1 }, { 'l', 1, 0 },
		{ 'y', -1, -1 }, { 'u', 1, -1 }, { 'b', -1, 1 }, { 'n', 1, 1 },
		{ '4', -1, 0 }, { '2', 0, 1 }, { '8', 0, -1 }, { '6', 1, 0 },
		{ '7', -1, -1 }, { '9', 1, -1 }, { '1', -1, 1 }, { '3', 1, 1 },
	};
	size_t	i;

	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if (dirs[i].key == key) {
			*dx = dirs[i].dx;
			*dy = dirs[i].dy;
			return (0);
		}
	}
	return (-1);
}

/* Whether a key means anything to the game: see keys.h. */
int
keys_valid(int key)
{
	int	dx, dy;

	return (key == KEY_ESCAPE || (key >= 'a' && key <= 'z') || (key > 0 &&
	    key < 127 && (keys_direction(key, &dx, &dy) == 0 ||
	    strchr(".5>SocDFQyYg,tAwRX_Gzf)[" KEYS_CANCEL_STR, key) != NULL)));
}

/* Feeds one key: see keys.h. */
enum keys_result
keys_feed(struct keys *k, int key, struct game_action *out)
{
	int	dx, dy, pending = k->pending;

	if (!keys_valid(key))
		return (KEYS_UNKNOWN);	/* and the state stays as it was */
	k->pending = 0;
	out->item = 0;
	out->target = 0;
	if (pending != 0 && strchr("dqrtAwz", pending) != NULL)
		return (keys_feed_item(k, pending, key, out));
	if (pending == 'f') {
		if (keys_aim('f', key, &dx, &dy) != 0)
			return (KEYS_CANCEL);
		out->cmd = GAME_CMD_FIRE;
		out->dx = dx;
		out->dy = dy;
		return (KEYS_ACTION);
	}
	if (pending == '_')
		return (keys_feed_travel(k, key, out));
	if (pending == 'Q') {
		if (key != 'y' && key != 'Y')
			return (KEYS_CANCEL);
		out->cmd = GAME_CMD_QUIT;
		out->dx = out->dy = 0;
		return (KEYS_ACTION);
	}
	if (pending != 0) {
		if (keys_direction(key, &dx, &dy) != 0)
			return (KEYS_CANCEL);
		out->cmd = pending == 'o' ? GAME_CMD_OPEN : pending == 'c' ?
		    GAME_CMD_CLOSE : pending == 'G' ? GAME_CMD_RUN :
		    pending == 'F' ? GAME_CMD_FIGHT : GAME_CMD_DIG;
		out->dx = dx;
		out->dy = dy;
		return (KEYS_ACTION);
	}
	out->dx = out->dy = 0;
	if (keys_direction(key, &dx, &dy) == 0) {
		out->cmd = GAME_CMD_MOVE;
		out->dx = dx;
		out->dy = dy;
		return (KEYS_ACTION);
	}
	switch (key) {
	case '.':
	case '5':
		out->cmd = GAME_CMD_WAIT;
		return (KEYS_ACTION);
	case '>':
		out->cmd = GAME_CMD_DESCEND;
		return (KEYS_ACTION);
	case 'S':
		out->cmd = GAME_CMD_SAVE;
		return (KEYS_ACTION);
	case 'g':
	case ',':
		out->cmd = GAME_CMD_PICKUP;
		return (KEYS_ACTION);
	case 'R':
		out->cmd = GAME_CMD_REST;
		return (KEYS_ACTION);
	case '_':
		k->pending = '_';
		k->ox = k->oy = 0;
		return (KEYS_MORE);
	case 'X':
		out->cmd = GAME_CMD_EXPLORE;
		return (KEYS_ACTION);
	case 'd':
	case 'q':
	case 'r':
	case 't':
	case 'A':
	case 'w':
	case 'z':
		k->pending = key;
		k->slot = -1;
		return (KEYS_MORE);
	case 'f':
	case 'o':
	case 'c':
	case 'D':
	case 'F':
	case 'G':
	case 'Q':
		k->pending = key;
		return (KEYS_MORE);
	case KEY_ESCAPE:
	case KEYS_CANCEL_KEY:
	case 'Y':
		return (KEYS_CANCEL);
	default:
		return (KEYS_UNKNOWN);
	}
}
