/*
 * tell.c: what happened, in words: the one place the game writes to the
 * player.
 *
 * The rules report events (event.h); after each part of a turn (the
 * player's action, time passing, each monster's action) the turn loop
 * calls tell_report(), which turns every event of the queue into its
 * message, in order, stamped with the turn it happened on, and empties
 * the queue.  An event the player does not learn of (event_is_told())
 * says nothing.  Endings are worded here too: the cause a score table and
 * a morgue show ("killed by a kobold on depth 2 (rooms)") is written when
 * the event that ended the game is told.
 *
 * The log keeps the last GAME_MESSAGES messages; how many were ever
 * given is counted, so a front end can tell new ones from old.
 */
#include <stdarg.h>
#include <stdio.h>

#include "state.h"
#include "tell.h"
#include "words.h"

/* Adds a message to the log: see tell.h. */
void
game_message(struct game *g, const char *fmt, ...)
{
	va_list	ap;
	int	i = g->nmessages % GAME_MESSAGES;

	va_start(ap, fmt);
	vsnprintf(g->messages[i], GAME_MESSAGE_LEN, fmt, ap);
	va_end(ap);
	g->message_turn[i] = g->turn;
	g->nmessages++;
}

/*
 * The sound of a dungeon's event, from the terrain it makes: water that
 * swimmers take rushes in, rock or rubble that walkers cannot cross (or
 * cross slowly) groans down, and anything else (a cage's bars, a way
 * cleared) grinds open.
 */
static const char *
tell_event_sound(const struct game *g, int terrain)
{
	const struct terrain	*t = &g->terrain.t[terrain];
	int			 swim = terrain_class_find(&g->terrain, "swim");

	if (swim >= 0 && t->cost[swim] != 0)
		return ("You hear water rushing.");
	if (t->cost[g->terrain.walk] == 0 || t->cost[g->terrain.walk] > 1)
		return ("You hear the earth groan.");
	return ("You hear something grind open.");
}

/* The monsters and the level, told. */
static void
tell_world(struct game *g, const struct event *e)
{
	const char	*name = g->monsters.k[e->monster].display;

	switch (e->kind) {
	case EVENT_NOTICED:
		game_message(g, "The %s %s you!", name, e->a ? "notices" :
		    "hears");
		break;
	case EVENT_MISSED:
		game_message(g, "The %s misses you.", name);
		break;
	case EVENT_HIT:
		game_message(g, "The %s hits you (%d).", name, e->a);
		break;
	case EVENT_DIED:
		snprintf(g->end_cause, sizeof g->end_cause, "killed by %s %s "
		    "on %s", words_article(name), name, g->level->name);
		game_message(g, "You die...");
		break;
	case EVENT_OPENED:
		game_message(g, "The %s opens a door.", name);
		break;
	default:	/* EVENT_SHUT */
		game_message(g, "The %s shuts the door behind it.", name);
		break;
	}
}

/* The player's doings with the level and its monsters, told. */
static void
tell_action(struct game *g, const struct event *e)
{
	const struct terrain_table	*t = &g->terrain;
	const char			*monster = e->monster >= 0 ?
					    g->monsters.k[e->monster].display :
					    "";
	static const char *const	 verbs[] = {
		[GAME_CMD_OPEN] = "open",
		[GAME_CMD_CLOSE] = "close",
		[GAME_CMD_DIG] = "dig through",
	};

	switch (e->kind) {
	case EVENT_MISS:
		game_message(g, "You miss the %s.", monster);
		break;
	case EVENT_STRIKE:
		game_message(g, "You hit the %s (%d).", monster, e->a);
		break;
	case EVENT_KILL:
		game_message(g, "You kill the %s.", monster);
		break;
	case EVENT_DOOR:
		game_message(g, "You open the %s.", t->t[e->terrain].display);
		break;
	case EVENT_IN_THE_WAY:
		game_message(g, "The %s is in the way.",
		    t->t[e->terrain].display);
		break;
	case EVENT_CORNER:
		game_message(g, "You cannot squeeze past that corner.");
		break;
	case EVENT_STAIRS_HERE:
		game_message(g, "There are stairs down here (press >).");
		break;
	case EVENT_GOAL:
		snprintf(g->end_cause, sizeof g->end_cause, "took the %s on "
		    "depth %d", t->t[e->terrain].display, g->depth);
		game_message(g, "You take the %s.  You win!",
		    t->t[e->terrain].display);
		break;
	case EVENT_NOTHING_THERE:
		game_message(g, "There is nothing there.");
		break;
	case EVENT_CANNOT:
		game_message(g, "You cannot %s the %s.", verbs[e->a],
		    t->t[e->terrain].display);
		break;
	case EVENT_OCCUPIED:
		game_message(g, "Something is in the way.");
		break;
	default:	/* EVENT_CHANGED */
		game_message(g, "You %s the %s.", verbs[e->a],
		    t->t[e->terrain].display);
		break;
	}
}

/* Going down, and winning by the stairs, told. */
static void
tell_stairs(struct game *g, const struct event *e)
{
	switch (e->kind) {
	case EVENT_ESCAPED:
		snprintf(g->end_cause, sizeof g->end_cause, "escaped from %s",
		    g->level->name);
		game_message(g, "You climb down the stairs and out.  You win!");
		break;
	case EVENT_FINISHED:
		snprintf(g->end_cause, sizeof g->end_cause, "finished %s",
		    g->campaign->name);
		game_message(g, "You climb down the stairs and out of %s.  "
		    "You win!", g->campaign->name);
		break;
	default:	/* EVENT_DESCENDED */
		if (g->campaign != NULL)
			game_message(g, "You go down the stairs to %s (level "
			    "%d of %d).", g->level->name, g->stage + 1,
			    g->campaign->n);
		else
			game_message(g, "You go down the stairs to depth %d.",
			    g->depth);
		break;
	}
}

/* What the player did with an item, told. */
static void
tell_item(struct game *g, const struct event *e)
{
	const struct item_kind	*k = e->item >= 0 ? &g->items.k[e->item] :
				    NULL;

	switch (e->kind) {
	case EVENT_NOTHING_HERE:
		game_message(g, "There is nothing here to pick up.");
		break;
	case EVENT_PACK_FULL:
		game_message(g, "Your pack has no room for the %s.",
		    k->display);
		break;
	case EVENT_PICKED:
		game_message(g, "%c - %s (%d).", 'a' + e->b, k->display, e->a);
		break;
	case EVENT_NO_ROOM:
		game_message(g, "There is no room here.");
		break;
	case EVENT_DROPPED:
		game_message(g, "You drop the %s.", k->display);
		break;
	case EVENT_STAYED:
		game_message(g, "You shudder, but stay where you are.");
		break;
	case EVENT_TELEPORTED:
		game_message(g, "The world twists: you are somewhere else.");
		break;
	case EVENT_NO_DOOR:
		game_message(g, "There is no shut door there to spike.");
		break;
	case EVENT_SPIKED:
		game_message(g, "You jam the %s shut with spikes.",
		    g->terrain.t[e->terrain].display);
		break;
	case EVENT_ALREADY:
		game_message(g, "You already %s %s %s.", k->effect ==
		    ITEM_WEAPON ? "wield" : "wear", words_article(k->display),
		    k->display);
		break;
	case EVENT_WIELDED:
		game_message(g, "You %s the %s.", k->effect == ITEM_WEAPON ?
		    "wield" : "put on", k->display);
		break;
	case EVENT_WHICH_WAY:
		game_message(g, "Which way?");
		break;
	case EVENT_RATTLES:
		game_message(g, "The %s rattles at %d,%d; %d monster%s hear%s "
		    "it.", k->display, e->x, e->y, e->a, e->a == 1 ? "" : "s",
		    e->a == 1 ? "s" : "");
		break;
	case EVENT_SCATTERED:
		game_message(g, "The %s scatter around %d,%d.", k->display,
		    e->x, e->y);
		break;
	case EVENT_BORED:
		game_message(g, "The %s bores through %d cell%s of rock.",
		    k->display, e->a, e->a == 1 ? "" : "s");
		break;
	case EVENT_HEALED:
		game_message(g, "You drink the %s and feel better (%d hp).",
		    k->display, e->a);
		break;
	case EVENT_SILENT:
		game_message(g, "You move without a sound (%d turns).", e->a);
		break;
	case EVENT_NO_SUCH_ITEM:
		game_message(g, "You have no such item (i lists your pack).");
		break;
	case EVENT_WRONG_USE:
		game_message(g, "You cannot %s the %s (you %s it).", e->a >= 0 ?
		    item_use_verb((enum item_use)e->a) : "use", k->display,
		    item_use_verb((enum item_use)e->b));
		break;
	default:	/* EVENT_HEARD_AGAIN */
		game_message(g, "You can be heard again.");
		break;
	}
}

/* Why a journey stopped, or could not start, told. */
static void
tell_journey(struct game *g, const struct event *e)
{
	static const char *const	 why[] = {
		[EVENT_STOP_MONSTER] = "You stop: a monster comes into view.",
		[EVENT_STOP_ITEM] = "You stop: something lies here.",
		[EVENT_STOP_HURT] = "You stop: you are hurt.",
		[EVENT_RESTED] = "You feel rested.",
		[EVENT_NOT_HURT] = "You are not hurt.",
		[EVENT_EXPLORED] = "There is nothing left you can reach to "
		    "explore.",
		[EVENT_NO_WAY] = "You know of no way there.",
		[EVENT_NO_STAIRS] = "You know of no stairs you can reach.",
		[EVENT_ARRIVED] = "You are there.",
		[EVENT_AT_STAIRS] = "You are at the stairs.",
	};

	game_message(g, "%s", why[e->kind]);
}

/* Tells the player one event, if they learn of it. */
static void
tell_one(struct game *g, const struct event *e)
{
	int	hp_max, damage_min, damage_max;

	if (!event_is_told(e))
		return;
	switch (e->kind) {
	case EVENT_NOTICED:
	case EVENT_MISSED:
	case EVENT_HIT:
	case EVENT_DIED:
	case EVENT_OPENED:
	case EVENT_SHUT:
		tell_world(g, e);
		break;
	case EVENT_GATE:
		game_message(g, "%s", e->a ? "A gate grinds open." :
		    "A gate slams shut.");
		break;
	case EVENT_DUNGEON:
		game_message(g, "%s", tell_event_sound(g, e->terrain));
		break;
	case EVENT_CAVE_IN:
		game_message(g, "%s", e->seen ? "The corridor caves in!" :
		    "You hear rumbling.");
		break;
	case EVENT_SHORT:
		game_message(g, "Only %d of the %d monsters asked for found "
		    "room on the level.", e->a, e->b);
		break;
	case EVENT_LEVEL_UP:
		player_strength(e->a, &hp_max, &damage_min, &damage_max);
		game_message(g, "You reach experience level %d: %d hit points, "
		    "blows of %d-%d.", e->a, hp_max, damage_min, damage_max);
		break;
	case EVENT_MISS:
	case EVENT_STRIKE:
	case EVENT_KILL:
	case EVENT_DOOR:
	case EVENT_IN_THE_WAY:
	case EVENT_CORNER:
	case EVENT_STAIRS_HERE:
	case EVENT_GOAL:
	case EVENT_NOTHING_THERE:
	case EVENT_CANNOT:
	case EVENT_OCCUPIED:
	case EVENT_CHANGED:
		tell_action(g, e);
		break;
	case EVENT_ESCAPED:
	case EVENT_DESCENDED:
	case EVENT_FINISHED:
		tell_stairs(g, e);
		break;
	case EVENT_STOP_MONSTER:
	case EVENT_STOP_ITEM:
	case EVENT_STOP_HURT:
	case EVENT_RESTED:
	case EVENT_NOT_HURT:
	case EVENT_EXPLORED:
	case EVENT_NO_WAY:
	case EVENT_NO_STAIRS:
	case EVENT_ARRIVED:
	case EVENT_AT_STAIRS:
		tell_journey(g, e);
		break;
	default:
		tell_item(g, e);
		break;
	}
}

/* Tells everything that happened since the last report: see tell.h. */
void
tell_report(struct game *g)
{
	int	i;

	for (i = 0; i < g->events.n; i++)
		tell_one(g, &g->events.e[i]);
	event_clear(&g->events);
}
