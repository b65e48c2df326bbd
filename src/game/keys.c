/*
 * keys.c: turning keys into game actions.
 */
#include <string.h>

#include "keys.h"

#define KEY_ESCAPE	27

void
keys_init(struct keys *k)
{
	k->pending = 0;
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

	return (key == KEY_ESCAPE || (key > 0 && key < 127 && (keys_direction(key,
	    &dx, &dy) == 0 || strchr(".5>SocDQyY" KEYS_CANCEL_STR, key) !=
	    NULL)));
}

/* Feeds one key: see keys.h. */
enum keys_result
keys_feed(struct keys *k, int key, struct game_action *out)
{
	int	dx, dy, pending = k->pending;

	if (!keys_valid(key))
		return (KEYS_UNKNOWN);	/* and the state stays as it was */
	k->pending = 0;
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
		    GAME_CMD_CLOSE : GAME_CMD_DIG;
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
	case 'o':
	case 'c':
	case 'D':
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
