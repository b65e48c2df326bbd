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
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"
#include "tell.h"
#include "words.h"

/*
 * The length of a message without its count, " (x3)", and the count (1
 * when it has none).
 */
static size_t
tell_base(const char *m, int *count)
{
	size_t		 len = strlen(m), i;
	const char	*p;

	*count = 1;
	if (len < 5 || m[len - 1] != ')' || (p = strrchr(m, '(')) == NULL ||
	    p < m + 1 || p[-1] != ' ' || p[1] != 'x' || !isdigit((unsigned
	    char)p[2]))
		return (len);
	for (i = 2; p[i] != ')'; i++)
		if (!isdigit((unsigned char)p[i]))
			return (len);
	*count = atoi(p + 2);
	return ((size_t)(p - 1 - m));
}

/*
 * Whether a refusal was said already on this turn, among the messages of
 * the turn (the newest first): a key pressed again, or a journey that
 * cannot start asked again between other keys, says nothing new.
 */
static int
tell_said_this_turn(const struct game *g, const char *text)
{
	long	n;
	int	i, count;
	size_t	len;

	for (n = g->nmessages - 1; n >= 0 && n >= g->nmessages -
	    GAME_MESSAGES; n--) {
		i = (int)(n % GAME_MESSAGES);
		if (g->message_turn[i] != g->turn)
			return (0);
		len = tell_base(g->messages[i], &count);
		if (strlen(text) == len && strncmp(text, g->messages[i],
		    len) == 0)
			return (1);
	}
	return (0);
}

/*
 * Adds a message to the log: see tell.h.  A message the same as the
 * newest is merged into it, "You open the door. (x7)", stamped with
 * this turn; a refusal said already on the same turn is not said again.
 */
void
game_message(struct game *g, const char *fmt, ...)
{
	char	 text[GAME_MESSAGE_LEN], *last;
	va_list	 ap;
	size_t	 len;
	int	 i = g->nmessages % GAME_MESSAGES, count;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (g->telling_refusal && tell_said_this_turn(g, text))
		return;
	if (g->nmessages > 0) {
		i = (g->nmessages - 1) % GAME_MESSAGES;
		last = g->messages[i];
		len = tell_base(last, &count);
		if (strlen(text) == len && strncmp(text, last, len) == 0) {
			/* Room for the count: the text gives way. */
			snprintf(last, GAME_MESSAGE_LEN, "%.*s (x%d)",
			    (int)(len < GAME_MESSAGE_LEN - 14 ? len :
			    GAME_MESSAGE_LEN - 14), text, count + 1);
			g->message_turn[i] = g->turn;
			g->message_merges++;
			return;
		}
		i = g->nmessages % GAME_MESSAGES;
	}
	memcpy(g->messages[i], text, sizeof text);
	g->message_turn[i] = g->turn;
	g->nmessages++;
}

/*
 * The way from the player to (x,y) in words: "north-east" and the steps,
 * never coordinates (words_way()).
 */
static const char *
tell_direction(const struct game *g, int x, int y, int *steps)
{
	return (words_way(x - g->px, y - g->py, steps));
}

/* A monster kind's name with its article: "a kobold", "the kobold". */
static const char *
tell_monster(const struct game *g, int kind, int how, char *out, size_t size)
{
	const struct monster_kind	*k = &g->monsters.k[kind];

	return (words_noun(out, size, k->display, k->noun, how));
}

/* A terrain's name with its article: "a cave-in", "shallow water". */
static const char *
tell_terrain(const struct game *g, int terrain, int how, char *out,
    size_t size)
{
	const struct terrain	*t = &g->terrain.t[terrain];

	return (words_noun(out, size, t->display, t->noun, how));
}

/*
 * An item kind's name as the player knows it, with its article: "a noise
 * maker", "caltrops", "a murky potion".
 */
static const char *
tell_item_name(const struct game *g, int kind, int how, char *out,
    size_t size)
{
	enum words_noun	 noun;
	const char	*display = player_item_display(g, kind, &noun);

	return (words_noun(out, size, display, noun, how));
}

/* The same without its article: "murky potion", "short sword". */
static const char *
tell_item_bare(const struct game *g, int kind)
{
	return (player_item_display(g, kind, NULL));
}

/*
 * Where a thrown item landed, from the player: "at your feet" (it hit
 * the wall beside them), "beside you to the north", "4 steps to the
 * north-east".
 */
static void
tell_landing(const struct game *g, const struct event *e, char *out,
    size_t size)
{
	const char	*way;
	int		 steps;

	way = tell_direction(g, e->x, e->y, &steps);
	if (steps == 0)
		snprintf(out, size, "at your feet");
	else if (steps == 1)
		snprintf(out, size, "beside you to the %s", way);
	else
		snprintf(out, size, "%d steps to the %s", steps, way);
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

/*
 * A gate's doings, told with its name and where it is: "The kennel gate
 * grinds open, 6 steps to the north: it shuts in 20 turns."
 */
static void
tell_gate(struct game *g, const struct event *e)
{
	const struct level	*l = g->level;
	const char		*name = "", *way;
	char			 where[64];
	int			 i, steps;

	for (i = 0; i < l->ngates; i++)
		if (l->gates[i].cells[0] == e->y * l->width + e->x)
			name = l->gates[i].name;
	way = tell_direction(g, e->x, e->y, &steps);
	if (steps == 0)
		snprintf(where, sizeof where, "over you");
	else
		snprintf(where, sizeof where, "%d step%s to the %s", steps,
		    words_s(steps), way);
	if (e->a == 1)
		game_message(g, "The %s%sgate grinds open, %s: it shuts in %d "
		    "turn%s.", name, *name != '\0' ? " " : "", where, e->b,
		    words_s(e->b));
	else if (e->a == 2)
		game_message(g, "The %s%sgate, %s, is about to shut (%d turns).",
		    name, *name != '\0' ? " " : "", where, e->b);
	else
		game_message(g, "The %s%sgate, %s, slams shut.", name,
		    *name != '\0' ? " " : "", where);
}

/*
 * A corridor caving in: seen, with where; heard, with what the sound
 * was, since the player cannot know where.
 */
static void
tell_cave_in(struct game *g, const struct event *e)
{
	const char	*way;
	int		 steps;

	if (!e->seen) {
		game_message(g, "You hear rumbling: somewhere on this level a "
		    "corridor caved in.");
		return;
	}
	way = tell_direction(g, e->x, e->y, &steps);
	game_message(g, "The corridor caves in, %d step%s to the %s!", steps,
	    words_s(steps), way);
}

/* A door-holder's and a digger's doings (hold.c, dig.c), told. */
static void
tell_hold_dig(struct game *g, const struct event *e)
{
	const char	*name = g->monsters.k[e->monster].display;

	switch (e->kind) {
	case EVENT_HELD:
		if (e->seen)
			game_message(g, "The %s holds the door shut.", name);
		else
			game_message(g, "Something holds the door shut!");
		break;
	case EVENT_HOLD_SPIKED:
		if (e->seen)
			game_message(g, "The %s spikes the door shut.", name);
		else
			game_message(g, "You hear hammering: something spikes "
			    "the door shut.");
		break;
	default:	/* EVENT_TUNNELED */
		if (e->seen)
			game_message(g, "The %s tunnels through the %s.", name,
			    g->terrain.t[e->terrain].display);
		else
			game_message(g, "You hear digging.");
		break;
	}
}

/* The monsters and the level, told. */
static void
tell_world(struct game *g, const struct event *e)
{
	const char	*name = g->monsters.k[e->monster].display;
	char		 a[NAME_LEN + 8];

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
		snprintf(g->end_cause, sizeof g->end_cause, "killed by %s on "
		    "%s", tell_monster(g, e->monster, 0, a, sizeof a),
		    g->level->name);
		game_message(g, "You die...");
		break;
	case EVENT_OPENED:
		game_message(g, "The %s opens a door.", name);
		break;
	default:	/* EVENT_SHUT */
		if (e->a)	/* to hold it: hold.c */
			game_message(g, "The %s slams the door shut.", name);
		else
			game_message(g, "The %s shuts the door behind it.",
			    name);
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
	char				 the[NAME_LEN + 8];
	int				 steps;

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
		game_message(g, "%s %s in the way.", tell_terrain(g,
		    e->terrain, WORDS_THE | WORDS_CAPITAL, the, sizeof the),
		    words_verb(t->t[e->terrain].noun, "is", "are"));
		break;
	case EVENT_CORNER:
		if (e->terrain < 0)
			game_message(g, "You can only move straight here.");
		else
			game_message(g, "You cannot squeeze past the %s to the "
			    "%s.", t->t[e->terrain].display,
			    tell_direction(g, e->x, e->y, &steps));
		break;
	case EVENT_STAIRS_HERE:
		game_message(g, "There are stairs down here (press >).");
		break;
	case EVENT_GOAL:
		tell_terrain(g, e->terrain, WORDS_THE, the, sizeof the);
		snprintf(g->end_cause, sizeof g->end_cause, "took %s on "
		    "depth %d", the, g->depth);
		game_message(g, "You take %s.  You win!", the);
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

/*
 * A monster's shot at the player: "The kobold archer shoots an arrow:
 * it hits you (3)."; from a shooter out of view, where it came from.
 */
static void
tell_shot_at(struct game *g, const struct event *e)
{
	const struct monster_kind	*k = &g->monsters.k[e->monster];
	const struct level		*l = g->level;
	char				 who[NAME_LEN + 8], shot[NAME_LEN + 8];
	char				 what[NAME_LEN + 64];
	const char			*way;
	int				 steps;

	words_noun(shot, sizeof shot, k->shot, k->shot_noun, 0);
	if (level_contains(l, e->x, e->y) &&
	    l->visible[e->y * l->width + e->x])
		snprintf(what, sizeof what, "%s shoots %s", tell_monster(g,
		    e->monster, WORDS_THE | WORDS_CAPITAL, who, sizeof who),
		    shot);
	else {
		way = tell_direction(g, e->x, e->y, &steps);
		snprintf(what, sizeof what, "Something shoots %s from the %s",
		    shot, way);
	}
	if (e->a > 0)
		game_message(g, "%s: it hits you (%d).", what, e->a);
	else
		game_message(g, "%s; it misses you.", what);
}

/*
 * A summoner's call: "The necromancer raises 2 zombies!", or unseen,
 * "You hear a chant."
 */
static void
tell_summoned(struct game *g, const struct event *e)
{
	const struct monster_kind	*k = &g->monsters.k[e->b];
	char				 who[NAME_LEN + 8], what[NAME_LEN + 16];

	if (!e->seen) {
		game_message(g, "You hear a chant.");
		return;
	}
	if (e->a == 1)
		words_noun(what, sizeof what, k->display, k->noun, 0);
	else
		snprintf(what, sizeof what, "%d %s%s", e->a, k->display,
		    words_plural(k->noun) ? "" : "s");
	game_message(g, "%s raises %s!", tell_monster(g, e->monster,
	    WORDS_THE | WORDS_CAPITAL, who, sizeof who), what);
}

/* A timed effect starting (a turns) or wearing off (a 0), told. */
static void
tell_timer(struct game *g, const struct event *e)
{
	static const struct {
		enum event_kind	 kind;
		const char	*on, *off;
	} timers[] = {
		{ EVENT_HASTE, "You feel yourself speed up",
		  "You slow down to your usual pace." },
		{ EVENT_POISON, "You feel very sick: poisoned",
		  "The poison has run its course." },
		{ EVENT_CONFUSED, "The world spins: you are confused",
		  "Your head clears." },
		{ EVENT_BLINDED, "Darkness falls over your eyes",
		  "You can see again." },
	};
	size_t	i;

	for (i = 0; i < sizeof timers / sizeof timers[0]; i++) {
		if (timers[i].kind != e->kind)
			continue;
		if (e->a > 0)
			game_message(g, "%s (%d turn%s).", timers[i].on, e->a,
			    words_s(e->a));
		else
			game_message(g, "%s", timers[i].off);
		return;
	}
}

/* What flew (a missile, a wand's bolt) and what it met, told. */
static void
tell_shot(struct game *g, const struct event *e)
{
	const struct item_kind	*k = &g->items.k[e->item];
	char			 what[NAME_LEN + 8], who[NAME_LEN + 8];
	char			 where[64];

	if (k->cls == ITEM_CLASS_WAND)
		snprintf(what, sizeof what, "The bolt");
	else
		tell_item_name(g, e->item, WORDS_THE | WORDS_CAPITAL, what,
		    sizeof what);
	if (e->kind == EVENT_SHOT_NOTHING) {
		tell_landing(g, e, where, sizeof where);
		if (k->cls == ITEM_CLASS_WAND)
			game_message(g, "%s hits nothing.", what);
		else
			game_message(g, "%s lands %s.", what, where);
		return;
	}
	tell_monster(g, e->monster, WORDS_THE, who, sizeof who);
	if (e->a == 0)
		game_message(g, "%s misses %s.", what, who);
	else if (e->b)
		game_message(g, "%s kills %s.", what, who);
	else
		game_message(g, "%s hits %s (%d).", what, who, e->a);
}

/* What a scroll did to the monsters or the pack, told. */
static void
tell_scroll(struct game *g, const struct event *e)
{
	switch (e->kind) {
	case EVENT_IDENTIFIED:
		if (e->a == 0)
			game_message(g, "You carry nothing unknown: the scroll "
			    "is spent for nothing.");
		else
			game_message(g, "The scroll names %d kind%s of thing "
			    "you carry.", e->a, words_s(e->a));
		break;
	case EVENT_NOTHING_TO_ENCHANT:
		game_message(g, "The scroll glows, but you hold nothing to "
		    "take it.");
		break;
	case EVENT_MAPPED:
		game_message(g, "A map of the level forms in your mind.");
		break;
	case EVENT_AGGRAVATED:
		game_message(g, "A piercing shriek rings out: %d monster%s on "
		    "this level hunt%s you now.", e->a, words_s(e->a),
		    e->a == 1 ? "s" : "");
		break;
	case EVENT_FRIGHTENED:
		if (e->a == 0)
			game_message(g, "A dreadful wail rings out, but no "
			    "monster in view hears it.");
		else
			game_message(g, "A dreadful wail: %d monster%s in view "
			    "flee%s in terror.", e->a, words_s(e->a),
			    e->a == 1 ? "s" : "");
		break;
	default:	/* EVENT_RECHARGED */
		if (e->a == 0)
			game_message(g, "The scroll crackles, but you carry no "
			    "wand.");
		else
			game_message(g, "%d wand%s hum%s with new charges.",
			    e->a, words_s(e->a), e->a == 1 ? "s" : "");
		break;
	}
}

/* Digging with a pick, told. */
static void
tell_dig(struct game *g, const struct event *e)
{
	char	a[NAME_LEN + 8];

	switch (e->kind) {
	case EVENT_NEED_PICK:
		game_message(g, "You have nothing to dig with: digging needs "
		    "a pick.");
		break;
	case EVENT_DIGGING:
		game_message(g, "You dig at %s (%d of %d turns).",
		    tell_terrain(g, e->terrain, WORDS_THE, a, sizeof a), e->a,
		    e->b);
		break;
	default:	/* EVENT_PICK_WORN */
		if (e->a == 0)
			game_message(g, "Your %s breaks.", tell_item_bare(g,
			    e->item));
		else
			game_message(g, "Your %s is good for %d more wall%s.",
			    tell_item_bare(g, e->item), e->a, words_s(e->a));
		break;
	}
}

/* What potions, scrolls, wands and missiles did, told. */
static void
tell_magic(struct game *g, const struct event *e)
{
	char	a[NAME_LEN + 8];

	switch (e->kind) {
	case EVENT_LEARNED:
		game_message(g, "(That was %s.)", tell_item_name(g, e->item,
		    0, a, sizeof a));
		break;
	case EVENT_STRONGER:
		game_message(g, "You feel stronger: your blows do %d more "
		    "damage in all.", e->a);
		break;
	case EVENT_HASTE:
	case EVENT_POISON:
	case EVENT_CONFUSED:
	case EVENT_BLINDED:
		tell_timer(g, e);
		break;
	case EVENT_STUMBLE:
		game_message(g, "You stumble.");
		break;
	case EVENT_ENCHANTED:
		game_message(g, "Your %s glows blue: it is %+d now.",
		    tell_item_bare(g, e->item), e->a);
		break;
	case EVENT_SHOT:
	case EVENT_SHOT_NOTHING:
		tell_shot(g, e);
		break;
	case EVENT_SLOWED:
		if (e->monster < 0)
			game_message(g, "The bolt hits nothing.");
		else
			game_message(g, "%s slows down (%d turns).",
			    tell_monster(g, e->monster, WORDS_THE |
			    WORDS_CAPITAL, a, sizeof a), e->a);
		break;
	case EVENT_BLINKED:
		if (e->a == 0)
			game_message(g, "You flicker, but there is no room to "
			    "go that way.");
		else
			game_message(g, "You blink %d step%s.", e->a,
			    words_s(e->a));
		break;
	case EVENT_NO_CHARGES:
		game_message(g, "Your %s has no charges left.",
		    tell_item_bare(g, e->item));
		break;
	case EVENT_NO_TARGET:
		game_message(g, "No monster in view is in a clear line: give a "
		    "direction.");
		break;
	case EVENT_NO_LAUNCHER:
		game_message(g, "You have no launcher in hand to fire (wield "
		    "one with w).");
		break;
	case EVENT_NO_AMMO:
		game_message(g, "You have nothing to fire: it takes %s.",
		    tell_item_name(g, e->item, 0, a, sizeof a));
		break;
	case EVENT_NEED_PICK:
	case EVENT_DIGGING:
	case EVENT_PICK_WORN:
		tell_dig(g, e);
		break;
	default:
		tell_scroll(g, e);
		break;
	}
}

/* What the player did with an item, told. */
static void
tell_item(struct game *g, const struct event *e)
{
	const struct item_kind	*k = e->item >= 0 ? &g->items.k[e->item] :
				    NULL;
	const char		*name = e->item >= 0 ? tell_item_bare(g,
				    e->item) : "";
	char			 where[64], a[NAME_LEN + 8];

	switch (e->kind) {
	case EVENT_SEE_HERE:
		game_message(g, "You see here: %s (%d).", name, e->a);
		break;
	case EVENT_NOTHING_HERE:
		game_message(g, "There is nothing here to pick up.");
		break;
	case EVENT_PACK_FULL:
		game_message(g, "Your pack has no room for the %s.",
		    name);
		break;
	case EVENT_PICKED:
		game_message(g, "%c - %s (%d).", 'a' + e->b, name, e->a);
		break;
	case EVENT_NO_ROOM:
		game_message(g, "There is no room here.");
		break;
	case EVENT_DROPPED:
		game_message(g, "You drop the %s.", name);
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
		game_message(g, "You already %s %s.", k->effect ==
		    ITEM_ARMOUR ? "wear" : "wield", tell_item_name(g, e->item, 0, a,
		    sizeof a));
		break;
	case EVENT_WIELDED:
		game_message(g, "You %s the %s.", k->effect == ITEM_ARMOUR ?
		    "put on" : "wield", name);
		break;
	case EVENT_WHICH_WAY:
		game_message(g, "Which way?");
		break;
	case EVENT_RATTLES:
		tell_landing(g, e, where, sizeof where);
		tell_item_name(g, e->item, WORDS_THE | WORDS_CAPITAL, a, sizeof a);
		if (e->a == 0)
			game_message(g, "%s %s %s; no monster hears it.", a,
			    words_verb(k->noun, "rattles", "rattle"), where);
		else if (e->a == 1)
			game_message(g, "%s %s %s; a monster hears it.", a,
			    words_verb(k->noun, "rattles", "rattle"), where);
		else
			game_message(g, "%s %s %s; %d monsters hear it.", a,
			    words_verb(k->noun, "rattles", "rattle"), where,
			    e->a);
		break;
	case EVENT_SCATTERED:
		tell_landing(g, e, where, sizeof where);
		game_message(g, "%s %s %s.", tell_item_name(g, e->item, WORDS_THE |
		    WORDS_CAPITAL, a, sizeof a), words_verb(k->noun,
		    "scatters", "scatter"), where);
		break;
	case EVENT_BORED:
		game_message(g, "%s %s through %d cell%s of rock.",
		    tell_item_name(g, e->item, WORDS_THE | WORDS_CAPITAL, a, sizeof a),
		    words_verb(k->noun, "bores", "bore"), e->a,
		    words_s(e->a));
		break;
	case EVENT_HEALED:
		game_message(g, "You feel better (%d hp).", e->a);
		break;
	case EVENT_SILENT:
		game_message(g, "You move without a sound (%d turns).", e->a);
		break;
	case EVENT_NO_SUCH_ITEM:
		game_message(g, "You have no such item (i lists your pack).");
		break;
	case EVENT_WRONG_USE:
		game_message(g, "You cannot %s the %s (you %s %s).", e->a >= 0 ?
		    item_use_verb((enum item_use)e->a) : "use", name,
		    item_use_verb((enum item_use)e->b), words_verb(k->noun,
		    "it", "them"));
		break;
	case EVENT_HEARD_AGAIN:
		if (e->a > 0)
			game_message(g, "Your silence is wearing off (%d turn%s "
			    "more).", e->a, words_s(e->a));
		else
			game_message(g, "You can be heard again.");
		break;
	default:
		tell_magic(g, e);
		break;
	}
}

/*
 * A monster that stopped a journey, or kept it from starting, told with
 * where it is: "You stop: a jackal comes into view, 6 steps to the
 * north-east."  "Not now: the orc hunts you, 3 steps to the west."
 */
static void
tell_stop_monster(struct game *g, const struct event *e)
{
	const char	*name = g->monsters.k[e->monster].display;
	const char	*how = e->b ? "You stop" : "Not now", *way;
	char		 a[NAME_LEN + 8];
	int		 steps;

	way = tell_direction(g, e->x, e->y, &steps);
	switch (e->a) {
	case EVENT_STOP_BESIDE:
		game_message(g, "%s: %s is beside you, to the %s.", how,
		    tell_monster(g, e->monster, 0, a, sizeof a), way);
		break;
	case EVENT_STOP_HUNTS:
		game_message(g, "%s: the %s hunts you, %d step%s to the %s.",
		    how, name, steps, words_s(steps), way);
		break;
	default:
		game_message(g, "%s: %s comes into view, %d step%s to the %s.",
		    how, tell_monster(g, e->monster, 0, a, sizeof a), steps,
		    words_s(steps), way);
		break;
	}
}

/* Why a journey stopped, or could not start, told. */
static void
tell_journey(struct game *g, const struct event *e)
{
	static const char *const	 why[] = {
		[EVENT_STOP_ITEM] = "You stop: something lies here.",
		[EVENT_STOP_HURT] = "You stop: you are hurt.",
		[EVENT_RESTED] = "You feel rested.",
		[EVENT_WAITED] = "You wait a while; nothing happens.",
		[EVENT_EXPLORED] = "There is nothing left you can reach to "
		    "explore.",
		[EVENT_NO_WAY] = "You know of no way there.",
		[EVENT_NO_STAIRS] = "You know of no stairs you can reach.",
		[EVENT_ARRIVED] = "You are there.",
		[EVENT_AT_STAIRS] = "You are at the stairs.",
	};

	if (e->kind == EVENT_STOP_MONSTER)
		tell_stop_monster(g, e);
	else if (e->kind == EVENT_EXPLORED && e->a)
		game_message(g, "There is nothing left you can reach to "
		    "explore; a gate you have seen is shut (R waits).");
	else
		game_message(g, "%s", why[e->kind]);
}

/*
 * An item a monster takes, with its count when more than one: "your
 * dagger", "your dart (3)".
 */
static const char *
tell_taken(const struct game *g, const struct event *e, const char *whose,
    char *out, size_t size)
{
	if (e->a > 1)
		snprintf(out, size, "%s%s (%d)", whose, tell_item_bare(g,
		    e->item), e->a);
	else
		snprintf(out, size, "%s%s", whose, tell_item_bare(g, e->item));
	return (out);
}

/* What monsters carry, steal and pick up, and the peaceful ones, told. */
static void
tell_carry(struct game *g, const struct event *e)
{
	const char	*name = g->monsters.k[e->monster].display;
	char		 a[2 * NAME_LEN + 16];

	switch (e->kind) {
	case EVENT_STOLEN:
		game_message(g, "The %s snatches %s!", name, tell_taken(g, e,
		    "your ", a, sizeof a));
		break;
	case EVENT_THIEF_GONE:
		game_message(g, "The %s is gone, and %s with it.", name,
		    tell_taken(g, e, "your ", a, sizeof a));
		break;
	case EVENT_SNATCHED:
		game_message(g, "The %s picks up %s.", name, tell_taken(g, e,
		    "the ", a, sizeof a));
		break;
	case EVENT_ENRAGED:
		game_message(g, "The %s roars!", name);
		break;
	default:
		game_message(g, "The %s is in your way (F and a direction to "
		    "fight it).", name);
		break;
	}
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
	case EVENT_SHOT_AT:
		tell_shot_at(g, e);
		break;
	case EVENT_ARRIVAL:
		game_message(g, "You hear something moving somewhere on the "
		    "level.");
		break;
	case EVENT_SUMMONED:
		tell_summoned(g, e);
		break;
	case EVENT_HELD:
	case EVENT_HOLD_SPIKED:
	case EVENT_TUNNELED:
		tell_hold_dig(g, e);
		break;
	case EVENT_STOLEN:
	case EVENT_THIEF_GONE:
	case EVENT_SNATCHED:
	case EVENT_ENRAGED:
	case EVENT_PEACEFUL:
		tell_carry(g, e);
		break;
	case EVENT_GATE:
		tell_gate(g, e);
		break;
	case EVENT_DUNGEON:
		game_message(g, "%s", tell_event_sound(g, e->terrain));
		break;
	case EVENT_CAVE_IN:
		tell_cave_in(g, e);
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
	case EVENT_WAITED:
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
