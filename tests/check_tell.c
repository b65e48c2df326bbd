/*
 * check_tell.c: every kind of event, in the words a player reads.
 *
 * Each kind the rules report (event.h) is told once here, with the
 * numbers, names and places it carries, and its message is compared
 * with the words wanted, whole: articles and plurals from the data ("a
 * cave-in", "shallow water", "the caltrops scatter", "1 step"),
 * directions and steps instead of coordinates.  A kind added to event.h
 * without a line here fails test_every_kind_told.  Then the timers: a
 * gate watched for 30 turns is told opening (with how long) and about to
 * shut, never every change; stealth is told when it starts, three turns
 * before it ends and when it ends.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "event.h"
#include "game.h"
#include "gametest.h"
#include "state.h"
#include "tell.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif

#define FIXTURE(name)	TEST_DATA "/dun/" name

/* One event and the words wanted for it. */
struct wording {
	struct event	 e;
	const char	*monster;	/* names filling the event's kinds */
	const char	*item;
	const char	*terrain;
	const char	*want;
};

/* The player stands at 1,1 of gate.dun; the kennel gate is at 4,1. */
static const struct wording wordings[] = {
	{ { .kind = EVENT_NOTICED, .a = 1 }, "kobold", NULL, NULL,
	  "The kobold notices you!" },
	{ { .kind = EVENT_NOTICED, .a = 0 }, "kobold", NULL, NULL,
	  "The kobold hears you!" },
	{ { .kind = EVENT_MISSED }, "orc", NULL, NULL, "The orc misses you." },
	{ { .kind = EVENT_HIT, .a = 3 }, "orc", NULL, NULL,
	  "The orc hits you (3)." },
	{ { .kind = EVENT_DIED }, "orc", NULL, NULL, "You die..." },
	{ { .kind = EVENT_OPENED }, "goblin", NULL, NULL,
	  "The goblin opens a door." },
	{ { .kind = EVENT_SHUT }, "goblin", NULL, NULL,
	  "The goblin shuts the door behind it." },
	{ { .kind = EVENT_GATE, .seen = 1, .x = 4, .y = 1, .a = 1, .b = 5 },
	  NULL, NULL, NULL, "The kennel gate grinds open, 3 steps to the "
	  "east: it shuts in 5 turns." },
	{ { .kind = EVENT_GATE, .seen = 1, .x = 4, .y = 1, .a = 2, .b = 2 },
	  NULL, NULL, NULL, "The kennel gate, 3 steps to the east, is about "
	  "to shut (2 turns)." },
	{ { .kind = EVENT_GATE, .seen = 1, .x = 4, .y = 1, .a = 0 },
	  NULL, NULL, NULL, "The kennel gate, 3 steps to the east, slams "
	  "shut." },
	{ { .kind = EVENT_DUNGEON }, NULL, NULL, "deep-water",
	  "You hear water rushing." },
	{ { .kind = EVENT_CAVE_IN, .seen = 1, .x = 2, .y = 2 }, NULL, NULL,
	  NULL, "The corridor caves in, 1 step to the south-east!" },
	{ { .kind = EVENT_CAVE_IN }, NULL, NULL, NULL, "You hear rumbling: "
	  "somewhere on this level a corridor caved in." },
	{ { .kind = EVENT_SHORT, .a = 3, .b = 5 }, NULL, NULL, NULL,
	  "Only 3 of the 5 monsters asked for found room on the level." },
	{ { .kind = EVENT_MISS }, "rat", NULL, NULL, "You miss the rat." },
	{ { .kind = EVENT_STRIKE, .a = 4 }, "rat", NULL, NULL,
	  "You hit the rat (4)." },
	{ { .kind = EVENT_KILL }, "rat", NULL, NULL, "You kill the rat." },
	{ { .kind = EVENT_LEVEL_UP, .a = 2 }, NULL, NULL, NULL,
	  "You reach experience level 2: 38 hit points, blows of 2-7." },
	{ { .kind = EVENT_DOOR }, NULL, NULL, "door", "You open the door." },
	{ { .kind = EVENT_IN_THE_WAY }, NULL, NULL, "cave-in",
	  "The cave-in is in the way." },
	{ { .kind = EVENT_IN_THE_WAY }, NULL, NULL, "gate-closed",
	  "The closed gate is in the way." },
	{ { .kind = EVENT_IN_THE_WAY }, NULL, NULL, "caltrops",
	  "The caltrops are in the way." },
	{ { .kind = EVENT_CORNER, .x = 2, .y = 0 }, NULL, NULL, "granite",
	  "You cannot squeeze past the granite to the north-east." },
	{ { .kind = EVENT_CORNER, .terrain = -1 }, NULL, NULL, NULL,
	  "You can only move straight here." },
	{ { .kind = EVENT_STAIRS_HERE }, NULL, NULL, NULL,
	  "There are stairs down here (press >)." },
	{ { .kind = EVENT_GOAL }, NULL, NULL, "amulet",
	  "You take the Amulet of Astray.  You win!" },
	{ { .kind = EVENT_NOTHING_THERE }, NULL, NULL, NULL,
	  "There is nothing there." },
	{ { .kind = EVENT_CANNOT, .a = GAME_CMD_DIG }, NULL, NULL, "granite",
	  "You cannot dig through the granite." },
	{ { .kind = EVENT_OCCUPIED }, NULL, NULL, NULL,
	  "Something is in the way." },
	{ { .kind = EVENT_CHANGED, .a = GAME_CMD_DIG }, NULL, NULL, "cave-in",
	  "You dig through the cave-in." },
	{ { .kind = EVENT_ESCAPED }, NULL, NULL, NULL,
	  "You climb down the stairs and out.  You win!" },
	{ { .kind = EVENT_DESCENDED }, NULL, NULL, NULL,
	  "You go down the stairs to depth 1." },
	{ { .kind = EVENT_SEE_HERE, .a = 2 }, NULL, "caltrops", NULL,
	  "You see here: caltrops (2)." },
	{ { .kind = EVENT_NOTHING_HERE }, NULL, NULL, NULL,
	  "There is nothing here to pick up." },
	{ { .kind = EVENT_PACK_FULL }, NULL, "noise-maker", NULL,
	  "Your pack has no room for the noise maker." },
	{ { .kind = EVENT_PICKED, .a = 3, .b = 1 }, NULL, "door-spikes", NULL,
	  "b - door spikes (3)." },
	{ { .kind = EVENT_NO_ROOM }, NULL, NULL, NULL,
	  "There is no room here." },
	{ { .kind = EVENT_DROPPED }, NULL, "short-sword", NULL,
	  "You drop the short sword." },
	{ { .kind = EVENT_STAYED }, NULL, NULL, NULL,
	  "You shudder, but stay where you are." },
	{ { .kind = EVENT_TELEPORTED }, NULL, NULL, NULL,
	  "The world twists: you are somewhere else." },
	{ { .kind = EVENT_NO_DOOR }, NULL, NULL, NULL,
	  "There is no shut door there to spike." },
	{ { .kind = EVENT_SPIKED }, NULL, NULL, "door",
	  "You jam the door shut with spikes." },
	{ { .kind = EVENT_ALREADY }, NULL, "leather-armour", NULL,
	  "You already wear leather armour." },
	{ { .kind = EVENT_ALREADY }, NULL, "short-sword", NULL,
	  "You already wield a short sword." },
	{ { .kind = EVENT_WIELDED }, NULL, "short-sword", NULL,
	  "You wield the short sword." },
	{ { .kind = EVENT_WHICH_WAY }, NULL, NULL, NULL, "Which way?" },
	{ { .kind = EVENT_RATTLES, .x = 1, .y = 1, .a = 0 }, NULL,
	  "noise-maker", NULL,
	  "The noise maker rattles at your feet; no monster hears it." },
	{ { .kind = EVENT_RATTLES, .x = 2, .y = 1, .a = 1 }, NULL,
	  "noise-maker", NULL,
	  "The noise maker rattles beside you to the east; a monster hears "
	  "it." },
	{ { .kind = EVENT_RATTLES, .x = 7, .y = 2, .a = 4 }, NULL,
	  "noise-maker", NULL, "The noise maker rattles 6 steps to the east; "
	  "4 monsters hear it." },
	{ { .kind = EVENT_SCATTERED, .x = 5, .y = 2 }, NULL, "caltrops", NULL,
	  "The caltrops scatter 4 steps to the east." },
	{ { .kind = EVENT_BORED, .a = 1 }, NULL, "wand-of-digging", NULL,
	  "The wand of digging bores through 1 cell of rock." },
	{ { .kind = EVENT_HEALED, .a = 20 }, NULL, "potion-of-healing", NULL,
	  "You feel better (20 hp)." },
	{ { .kind = EVENT_SILENT, .a = 20 }, NULL, NULL, NULL,
	  "You move without a sound (20 turns)." },
	{ { .kind = EVENT_NO_SUCH_ITEM }, NULL, NULL, NULL,
	  "You have no such item (i lists your pack)." },
	{ { .kind = EVENT_WRONG_USE, .a = ITEM_USE_QUAFF,
	  .b = ITEM_USE_THROW }, NULL, "caltrops", NULL,
	  "You cannot drink the caltrops (you throw them)." },
	{ { .kind = EVENT_HEARD_AGAIN, .a = 3 }, NULL, NULL, NULL,
	  "Your silence is wearing off (3 turns more)." },
	{ { .kind = EVENT_HEARD_AGAIN }, NULL, NULL, NULL,
	  "You can be heard again." },
	{ { .kind = EVENT_SHOT_AT, .a = 3, .x = 3, .y = 1 }, "kobold-archer",
	  NULL, NULL, "The kobold archer shoots an arrow: it hits you (3)." },
	{ { .kind = EVENT_SHOT_AT, .x = 3, .y = 1 }, "fire-imp", NULL, NULL,
	  "The fire imp shoots fire; it misses you." },
	{ { .kind = EVENT_SHOT_AT, .a = 2, .x = 40, .y = 1 }, "kobold-archer",
	  NULL, NULL, "Something shoots an arrow from the east: it hits you "
	  "(2)." },
	{ { .kind = EVENT_ARRIVAL, .x = 40, .y = 1 }, "orc", NULL, NULL,
	  "You hear something moving somewhere on the level." },
	{ { .kind = EVENT_SUMMONED, .seen = 1, .x = 3, .y = 1, .a = 2 },
	  "necromancer", NULL, NULL, "The necromancer raises 2 zombies!" },
	{ { .kind = EVENT_SUMMONED, .seen = 1, .x = 3, .y = 1, .a = 1 },
	  "necromancer", NULL, NULL, "The necromancer raises a zombie!" },
	{ { .kind = EVENT_SUMMONED, .x = 40, .y = 1, .a = 2 },
	  "necromancer", NULL, NULL, "You hear a chant." },
	{ { .kind = EVENT_SHUT, .a = 1 }, "hobgoblin", NULL, NULL,
	  "The hobgoblin slams the door shut." },
	{ { .kind = EVENT_HELD }, "hobgoblin", NULL, NULL,
	  "Something holds the door shut!" },
	{ { .kind = EVENT_HELD, .seen = 1 }, "hobgoblin", NULL, NULL,
	  "The hobgoblin holds the door shut." },
	{ { .kind = EVENT_HOLD_SPIKED }, "hobgoblin", NULL, "door",
	  "You hear hammering: something spikes the door shut." },
	{ { .kind = EVENT_HOLD_SPIKED, .seen = 1 }, "hobgoblin", NULL,
	  "door", "The hobgoblin spikes the door shut." },
	{ { .kind = EVENT_TUNNELED, .a = 1 }, "burrower", NULL, "wall",
	  "You hear digging." },
	{ { .kind = EVENT_TUNNELED, .seen = 1 }, "burrower", NULL, "wall",
	  "The burrower tunnels through the wall." },
	{ { .kind = EVENT_STOLEN, .seen = 1, .a = 3 }, "cutpurse", "dart",
	  NULL, "The cutpurse snatches your dart (3)!" },
	{ { .kind = EVENT_STOLEN, .seen = 1, .a = 1 }, "cutpurse", "dagger",
	  NULL, "The cutpurse snatches your dagger!" },
	{ { .kind = EVENT_THIEF_GONE, .seen = 1, .a = 3 }, "cutpurse", "dart",
	  NULL, "The cutpurse is gone, and your dart (3) with it." },
	{ { .kind = EVENT_SNATCHED, .seen = 1, .a = 1 }, "jackdaw", "dagger",
	  NULL, "The jackdaw picks up the dagger." },
	{ { .kind = EVENT_ENRAGED, .seen = 1 }, "cave-bear", NULL, NULL,
	  "The cave bear roars!" },
	{ { .kind = EVENT_PEACEFUL }, "cave-bear", NULL, NULL,
	  "The cave bear is in your way (F and a direction to fight it)." },
	{ { .kind = EVENT_LEARNED }, NULL, "potion-of-haste", NULL,
	  "(That was a potion of haste.)" },
	{ { .kind = EVENT_IDENTIFIED, .a = 2 }, NULL, NULL, NULL,
	  "The scroll names 2 kinds of thing you carry." },
	{ { .kind = EVENT_IDENTIFIED, .a = 1 }, NULL, NULL, NULL,
	  "The scroll names 1 kind of thing you carry." },
	{ { .kind = EVENT_IDENTIFIED }, NULL, NULL, NULL,
	  "You carry nothing unknown: the scroll is spent for nothing." },
	{ { .kind = EVENT_STRONGER, .a = 2 }, NULL, NULL, NULL,
	  "You feel stronger: your blows do 2 more damage in all." },
	{ { .kind = EVENT_HASTE, .a = 15 }, NULL, NULL, NULL,
	  "You feel yourself speed up (15 turns)." },
	{ { .kind = EVENT_HASTE }, NULL, NULL, NULL,
	  "You slow down to your usual pace." },
	{ { .kind = EVENT_POISON, .a = 1 }, NULL, NULL, NULL,
	  "You feel very sick: poisoned (1 turn)." },
	{ { .kind = EVENT_POISON }, NULL, NULL, NULL,
	  "The poison has run its course." },
	{ { .kind = EVENT_CONFUSED, .a = 10 }, NULL, NULL, NULL,
	  "The world spins: you are confused (10 turns)." },
	{ { .kind = EVENT_CONFUSED }, NULL, NULL, NULL, "Your head clears." },
	{ { .kind = EVENT_STUMBLE }, NULL, NULL, NULL, "You stumble." },
	{ { .kind = EVENT_BLINDED, .a = 15 }, NULL, NULL, NULL,
	  "Darkness falls over your eyes (15 turns)." },
	{ { .kind = EVENT_BLINDED }, NULL, NULL, NULL, "You can see again." },
	{ { .kind = EVENT_ENCHANTED, .a = 2 }, NULL, "short-sword", NULL,
	  "Your short sword glows blue: it is +2 now." },
	{ { .kind = EVENT_NOTHING_TO_ENCHANT }, NULL, NULL, NULL,
	  "The scroll glows, but you hold nothing to take it." },
	{ { .kind = EVENT_MAPPED }, NULL, NULL, NULL,
	  "A map of the level forms in your mind." },
	{ { .kind = EVENT_AGGRAVATED, .a = 1 }, NULL, NULL, NULL,
	  "A piercing shriek rings out: 1 monster on this level hunts you "
	  "now." },
	{ { .kind = EVENT_AGGRAVATED, .a = 7 }, NULL, NULL, NULL,
	  "A piercing shriek rings out: 7 monsters on this level hunt you "
	  "now." },
	{ { .kind = EVENT_FRIGHTENED }, NULL, NULL, NULL,
	  "A dreadful wail rings out, but no monster in view hears it." },
	{ { .kind = EVENT_FRIGHTENED, .a = 1 }, NULL, NULL, NULL,
	  "A dreadful wail: 1 monster in view flees in terror." },
	{ { .kind = EVENT_FRIGHTENED, .a = 3 }, NULL, NULL, NULL,
	  "A dreadful wail: 3 monsters in view flee in terror." },
	{ { .kind = EVENT_RECHARGED }, NULL, NULL, NULL,
	  "The scroll crackles, but you carry no wand." },
	{ { .kind = EVENT_RECHARGED, .a = 2 }, NULL, NULL, NULL,
	  "2 wands hum with new charges." },
	{ { .kind = EVENT_SHOT, .a = 7 }, "orc", "wand-of-striking", NULL,
	  "The bolt hits the orc (7)." },
	{ { .kind = EVENT_SHOT, .a = 9, .b = 1 }, "orc", "javelin", NULL,
	  "The javelin kills the orc." },
	{ { .kind = EVENT_SHOT }, "kobold", "dart", NULL,
	  "The dart misses the kobold." },
	{ { .kind = EVENT_SHOT_NOTHING, .x = 4, .y = 1 }, NULL, "dart", NULL,
	  "The dart lands 3 steps to the east." },
	{ { .kind = EVENT_SHOT_NOTHING, .x = 4, .y = 1 }, NULL,
	  "wand-of-striking", NULL, "The bolt hits nothing." },
	{ { .kind = EVENT_SLOWED, .a = 15 }, "troll", "wand-of-slowing", NULL,
	  "The troll slows down (15 turns)." },
	{ { .kind = EVENT_SLOWED, .monster = -1 }, NULL, "wand-of-slowing",
	  NULL, "The bolt hits nothing." },
	{ { .kind = EVENT_BLINKED, .a = 1 }, NULL, NULL, NULL,
	  "You blink 1 step." },
	{ { .kind = EVENT_BLINKED }, NULL, NULL, NULL,
	  "You flicker, but there is no room to go that way." },
	{ { .kind = EVENT_NO_CHARGES }, NULL, "wand-of-blinking", NULL,
	  "Your wand of blinking has no charges left." },
	{ { .kind = EVENT_NO_TARGET }, NULL, NULL, NULL,
	  "No monster in view is in a clear line: give a direction." },
	{ { .kind = EVENT_NO_LAUNCHER }, NULL, NULL, NULL,
	  "You have no launcher in hand to fire (wield one with w)." },
	{ { .kind = EVENT_NO_AMMO }, NULL, "sling-stone", NULL,
	  "You have nothing to fire: it takes a sling stone." },
	{ { .kind = EVENT_NEED_PICK }, NULL, NULL, NULL,
	  "You have nothing to dig with: digging needs a pick." },
	{ { .kind = EVENT_DIGGING, .a = 2, .b = 5 }, NULL, NULL, "wall",
	  "You dig at the wall (2 of 5 turns)." },
	{ { .kind = EVENT_PICK_WORN, .a = 1 }, NULL, "pick-axe", NULL,
	  "Your pick axe is good for 1 more wall." },
	{ { .kind = EVENT_PICK_WORN }, NULL, "pick-axe", NULL,
	  "Your pick axe breaks." },
	{ { .kind = EVENT_STOP_MONSTER, .a = EVENT_STOP_BESIDE, .b = 1,
	  .x = 1, .y = 2 }, "eel", NULL, NULL,
	  "You stop: an eel is beside you, to the south." },
	{ { .kind = EVENT_STOP_MONSTER, .a = EVENT_STOP_HUNTS, .b = 0,
	  .x = 8, .y = 1 }, "troll", NULL, NULL,
	  "Not now: the troll hunts you, 7 steps to the east." },
	{ { .kind = EVENT_STOP_MONSTER, .a = EVENT_STOP_NEW, .b = 1,
	  .x = 3, .y = 1 }, "orc", NULL, NULL,
	  "You stop: an orc comes into view, 2 steps to the east." },
	{ { .kind = EVENT_STOP_ITEM }, NULL, NULL, NULL,
	  "You stop: something lies here." },
	{ { .kind = EVENT_STOP_HURT }, NULL, NULL, NULL,
	  "You stop: you are hurt." },
	{ { .kind = EVENT_RESTED }, NULL, NULL, NULL, "You feel rested." },
	{ { .kind = EVENT_WAITED }, NULL, NULL, NULL,
	    "You wait a while; nothing happens." },
	{ { .kind = EVENT_EXPLORED, .a = 1 }, NULL, NULL, NULL,
	    "There is nothing left you can reach to explore; a gate you have "
	    "seen is shut (R waits)." },
	{ { .kind = EVENT_EXPLORED }, NULL, NULL, NULL,
	  "There is nothing left you can reach to explore." },
	{ { .kind = EVENT_NO_WAY }, NULL, NULL, NULL,
	  "You know of no way there." },
	{ { .kind = EVENT_NO_STAIRS }, NULL, NULL, NULL,
	  "You know of no stairs you can reach." },
	{ { .kind = EVENT_ARRIVED }, NULL, NULL, NULL, "You are there." },
	{ { .kind = EVENT_AT_STAIRS }, NULL, NULL, NULL,
	  "You are at the stairs." },
};
#define WORDINGS	(sizeof wordings / sizeof wordings[0])

/* The game the events are told in: gate.dun, no monsters. */
static struct game *
start(void)
{
	return (gt_start(FIXTURE("gate.dun"), GAME_NO_MONSTERS, 0, 1));
}

/* Tells one wording's event and compares the newest message. */
START_TEST(test_event_wording)
{
	const struct wording	*w = &wordings[_i];
	struct game		*g = start();
	struct event		 e = w->e;
	const char		*m;

	if (w->monster != NULL)
		ck_assert_int_ge(e.monster = monster_find(&g->monsters,
		    w->monster), 0);
	if (e.kind == EVENT_SUMMONED)	/* what the summoner raises */
		ck_assert_int_ge(e.b = g->monsters.k[e.monster].summons, 0);
	if (w->item != NULL) {
		ck_assert_int_ge(e.item = item_find(&g->items, w->item), 0);
		g->known[e.item] = 1;	/* names, not looks: check_magic */
	}
	if (w->terrain != NULL)
		ck_assert_int_ge(e.terrain = terrain_find(&g->terrain,
		    w->terrain), 0);
	/* Told, however the game would have learned of it. */
	if (e.kind == EVENT_NOTICED || e.kind == EVENT_OPENED ||
	    e.kind == EVENT_SHUT)
		e.seen = 1;
	event_add(&g->events, e);
	tell_report(g);
	m = game_message_text(g, 0, NULL);
	ck_assert_msg(m != NULL && strcmp(m, w->want) == 0,
	    "event kind %d: \"%s\", wanted \"%s\"", (int)e.kind,
	    m != NULL ? m : "(nothing)", w->want);
	game_free(g);
}
END_TEST

/* Every kind of event.h has a wording above (but the campaign's end). */
START_TEST(test_every_kind_told)
{
	int	kind, found;
	size_t	i;

	for (kind = 0; kind <= EVENT_AT_STAIRS; kind++) {
		if (kind == EVENT_FINISHED)
			continue;	/* needs a campaign: check_campaign */
		for (found = 0, i = 0; i < WORDINGS; i++)
			found |= (int)wordings[i].e.kind == kind;
		ck_assert_msg(found, "event kind %d has no wording here", kind);
	}
}
END_TEST

/* How many of the messages since the first `since` contain text. */
static int
count_since(const struct game *g, long since, const char *text)
{
	long	n = game_message_total(g) - since, i;
	int	count = 0;

	for (i = 0; i < n; i++)
		count += strstr(game_message_text(g, (int)i, NULL), text) !=
		    NULL;
	return (count);
}

/*
 * The kennel gate watched for 30 turns: told opening, with how long, and
 * about to shut, each cycle; never its shutting (it was announced), so
 * two messages in ten turns, not one each change.
 */
START_TEST(test_gate_timer)
{
	struct game	*g = start();
	long		 since = game_message_total(g);
	int		 k;

	for (k = 0; k < 30; k++)
		ck_assert_int_eq(gt_play(g, "."), 1);
	/* Open on turns 0-4, 10-14, 20-24, 30-34. */
	ck_assert_int_eq(count_since(g, since, "The kennel gate grinds open, "
	    "3 steps to the east: it shuts in 5 turns."), 3);
	ck_assert_int_eq(count_since(g, since, "The kennel gate, 3 steps to "
	    "the east, is about to shut (2 turns)."), 3);
	ck_assert_int_eq(count_since(g, since, "slams shut"), 0);
	ck_assert_int_eq(count_since(g, since, "gate"), 6);
	game_free(g);
}
END_TEST

/*
 * A scroll of stealth, read: told when it starts, three turns before it
 * wears off, and when it has.
 */
START_TEST(test_stealth_timer)
{
	struct game	*g = start();
	long		 since, read, warned = -1, ended = -1;
	int		 kind = item_find(&g->items, "scroll-of-stealth"), k;

	ck_assert_int_ge(kind, 0);
	g->pack[0].kind = kind;
	g->pack[0].count = 1;
	since = game_message_total(g);
	ck_assert_int_eq(gt_play(g, "ra"), 1);
	read = g->turn;
	ck_assert_int_eq(count_since(g, since, "You move without a sound "
	    "(20 turns)."), 1);
	for (k = 0; k < 30 && ended < 0; k++) {
		since = game_message_total(g);
		gt_play(g, ".");
		if (count_since(g, since, "Your silence is wearing off (3 "
		    "turns more).") == 1)
			warned = g->turn;
		if (count_since(g, since, "You can be heard again.") == 1)
			ended = g->turn;
	}
	ck_assert_msg(warned > 0 && ended == warned + 3, "warned on turn %ld, "
	    "heard again on %ld", warned, ended);
	ck_assert_int_eq(ended - read, 20 - 1);
	game_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("tell");
	TCase	*tc;

	tc = tcase_create("tell");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_event_wording, 0, (int)WORDINGS);
	tcase_add_test(tc, test_every_kind_told);
	tcase_add_test(tc, test_gate_timer);
	tcase_add_test(tc, test_stealth_timer);
	suite_add_tcase(s, tc);
	return (s);
}
