/*
 * check_travel.c: resting, exploring and travel, one key for many turns.
 *
 * What a player would notice: R heals to the full and stops the moment a
 * monster comes into view; X walks until everything it can reach has
 * been seen (checked against a flood fill of the map, the oracle) and
 * does not move at all with a monster in view; > off the stairs walks to
 * the stairs the player knows, and > on them goes down; G and a direction
 * runs to the next fork, bend or door; X gives up a place it lost the
 * way to (a gate came down) until something new is seen, and a save
 * keeps what it gave up.  Each is one key of the key log, so a replay of
 * it is the same game.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "state.h"
#include "gametest.h"
#include "keys.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif
#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

#define FIXTURE(name)	TEST_DATA "/dun/" name

/* Starts a game: a fixture dungeon, or generated (NULL). */
static struct game *
start(const char *dungeon, int hunted, uint64_t seed)
{
	return (gt_start(dungeon, 0, hunted, seed));
}

/* Takes every monster off the level. */
static void
clear(struct game *g)
{
	int	i;

	for (i = 0; i < g->level->nmon; i++)
		if (g->level->mon[i].alive)
			level_kill_monster(g->level, i);
}

/* Plays one game key; returns whether a turn went. */
static int
press(struct game *g, int key)
{
	struct keys		ks;
	struct game_action	a;

	keys_init(&ks);
	ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_ACTION);
	game_log_key(g, key);
	return (game_act(g, a));
}

/* Whether one of the last few messages contains text. */
static int
said(const struct game *g, const char *text)
{
	return (gt_said(g, text, 6));
}

/*
 * The same message twice on one turn among the last n: a command that
 * refused and was asked again, refusing again.
 */
static int
stuck_repeats(const struct game *g, int n)
{
	const char	*a, *b;
	long		 ta, tb;
	int		 i, repeats = 0;

	for (i = 0; i + 1 < n && (a = game_message_text(g, i, &ta)) != NULL &&
	    (b = game_message_text(g, i + 1, &tb)) != NULL; i++)
		repeats += ta == tb && strcmp(a, b) == 0;
	return (repeats);
}

/* Whether a living monster stands in the player's view. */
static int
monster_in_view(const struct game *g)
{
	struct game_monster_info	mi;
	struct game_cell		c;
	int				i;

	for (i = 0; i < game_monster_count(g); i++) {
		ck_assert_int_eq(game_monster_info(g, i, &mi), 0);
		game_cell(g, mi.x, mi.y, &c);
		if (mi.alive && c.visible)
			return (1);
	}
	return (0);
}

/*
 * R heals to the full over many turns, with nobody about; begun whole, it
 * waits 100 turns instead.
 */
START_TEST(test_rest_heals)
{
	struct game	*g = start(FIXTURE("search.dun"), 0, 1);

	clear(g);
	ck_assert_int_eq(press(g, 'R'), 1);	/* whole: waits */
	ck_assert_int_eq(g->turn, 100);
	ck_assert(said(g, "You wait a while; nothing happens."));
	g->turn = 0;
	g->hp = 10;
	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_int_eq(g->hp, g->hp_max);
	ck_assert_int_ge(g->turn, 20 * 8 - 8);	/* a point every 8 turns */
	ck_assert(said(g, "You feel rested"));
	game_free(g);
}
END_TEST

/*
 * R stops when a monster comes into view, and not before: the troll
 * hears the player wherever they are (hunted), so it comes.
 */
START_TEST(test_rest_disturbed)
{
	struct game	*g = start(FIXTURE("search.dun"), 1, 1 + (uint64_t)_i);
	long		 turn;

	/*
	 * The troll is in view at the start, not yet hunting: resting
	 * begins, and stops once it hunts (it hears the player at once).
	 */
	g->hp = 5;
	ck_assert(monster_in_view(g));
	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_int_le(g->turn, 3);
	ck_assert_msg(said(g, "You stop: the troll hunts you"), "%s",
	    game_message_text(g, 0, NULL));
	/* Now it hunts and can reach: resting is refused, said once. */
	turn = g->turn;
	ck_assert_int_eq(press(g, 'R'), 0);
	ck_assert_int_eq(press(g, 'R'), 0);
	ck_assert_int_eq(g->turn, turn);
	ck_assert(said(g, "Not now: the troll hunts you"));
	ck_assert_int_eq(stuck_repeats(g, 10), 0);
	/* Out of sight down the corridor (15,5), rest until it comes. */
	g->px = 15;
	g->py = 6;
	level_update_view(g, g->level);
	ck_assert(!monster_in_view(g));
	turn = g->turn;
	press(g, 'R');
	ck_assert_int_gt(g->turn, turn);
	ck_assert_msg(monster_in_view(g) && g->hp >= 5, "rest stopped at turn "
	    "%ld, hp %d, %s", g->turn, g->hp, monster_in_view(g) ? "the troll "
	    "in view" : "nothing in view");
	ck_assert_int_lt(g->hp, g->hp_max);
	game_free(g);
}
END_TEST

/*
 * A sound from afar is only news: arena.dun's earth groans at turn 100,
 * and a rest from turn 0 with 5 hit points goes on past it to the full.
 */
START_TEST(test_rest_message)
{
	struct game	*g = start(TEST_DATA "/dun/arena.dun", 0, 1);

	clear(g);
	g->hp = 5;
	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_msg(g->turn > 100, "the rest stopped at turn %ld",
	    g->turn);
	ck_assert_int_eq(g->hp, g->hp_max);
	ck_assert(gt_said(g, "You hear the earth groan", 10));
	ck_assert(said(g, "You feel rested"));
	game_free(g);
}
END_TEST

/* X sees everything a flood fill of the map reaches, then says so. */
START_TEST(test_explore_all)
{
	struct game	*g = start(FIXTURE("search.dun"), 0, 1);
	struct level	*l = g->level;
	int		 i, n = l->width * l->height, unseen = 0, k;

	clear(g);
	ck_assert_int_eq(press(g, 'X'), 1);
	for (k = 0; k < 5 && !said(g, "nothing left"); k++)
		press(g, 'X');
	ck_assert(said(g, "nothing left"));
	/* The oracle: every floor cell is one cave system on this map. */
	for (i = 0; i < n; i++)
		unseen += l->terrain[i] == g->terrain.floor && !l->seen[i];
	ck_assert_msg(unseen == 0, "%d floor cells never seen", unseen);
	ck_assert_int_gt(g->turn, 30);
	game_free(g);
}
END_TEST

/*
 * X with a monster in view that hunts and can reach the player does not
 * move, and says which and where, once however often it is pressed.
 */
START_TEST(test_explore_monster)
{
	struct game	*g = start(FIXTURE("search.dun"), 1, 1);
	int		 k;

	ck_assert(monster_in_view(g));
	for (k = 0; k < 5 && !said(g, "notices you"); k++)
		press(g, '.');	/* until the troll hears the player */
	for (k = 0; k < 100; k++)
		ck_assert_int_eq(press(g, 'X'), 0);
	ck_assert_msg(said(g, "Not now: the troll hunts you, ") &&
	    said(g, " steps to the west."), "%s", game_message_text(g, 0,
	    NULL));
	ck_assert_int_eq(stuck_repeats(g, 10), 0);
	game_free(g);
}
END_TEST

/*
 * A rat on an island of deep water can neither reach the player nor
 * strike from where it is: once it hunts, R rests to the full, X
 * explores the whole room, and > walks to the stairs and down, none of
 * them stopped by it, with it in view all the while.
 */
START_TEST(test_journey_unreachable)
{
	struct game		*g = gt_start(FIXTURE("pool.dun"), 0, 1, 1);
	struct game_cell	 c;
	int			 k, rat = g->level->occupant[4 *
				    g->level->width + 10] - 1;

	ck_assert_int_ge(rat, 0);
	for (k = 0; k < 10 && g->level->mon[rat].state != MS_HUNT; k++)
		press(g, '.');
	ck_assert_int_eq(g->level->mon[rat].state, MS_HUNT);
	g->hp = 10;
	game_cell(g, 10, 4, &c);
	ck_assert_int_eq(c.monster, rat);	/* in view, and seen */
	game_cell(g, 5, 8, &c);
	ck_assert(c.visible && c.monster < 0);	/* the eel, submerged */
	ck_assert(g->level->occupant[8 * g->level->width + 5] > 0);
	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_int_eq(g->hp, g->hp_max);
	ck_assert(said(g, "You feel rested"));
	for (k = 0; k < 5 && !said(g, "nothing left"); k++)
		press(g, 'X');
	ck_assert_msg(said(g, "nothing left"), "%s",
	    game_message_text(g, 0, NULL));
	ck_assert(!gt_said(g, "stop:", 20) && !gt_said(g, "Not now:", 20));
	/* To the stairs and down them: out of the level, won. */
	for (k = 0; k < 2 && game_status(g) == GAME_PLAYING; k++)
		ck_assert_int_eq(press(g, '>'), 1);
	ck_assert_int_eq(game_status(g), GAME_WON);
	game_free(g);
}
END_TEST

/*
 * > off the stairs walks to the stairs the player has seen, > on them
 * goes down.  Generated levels, their monsters gone, the map known.
 */
START_TEST(test_travel_stairs)
{
	struct game	*g = start(NULL, 0, 5 + (uint64_t)_i);
	struct level	*l = g->level;
	int		 i, n = l->width * l->height;

	clear(g);
	ck_assert_int_eq(press(g, '>'), 0);	/* no stairs known yet */
	ck_assert(said(g, "no stairs"));
	for (i = 0; i < n; i++)
		l->seen[i] = 1;
	/* A message to read (a vault's gate, say) stops travel; > again
	 * goes on, as a player would press it. */
	for (i = 0; i < 8 && !(g->terrain.t[level_at(l, g->px,
	    g->py)].flags & TERRAIN_STAIRS); i++)
		ck_assert_int_eq(press(g, '>'), 1);
	ck_assert_msg(g->terrain.t[level_at(l, g->px, g->py)].flags &
	    TERRAIN_STAIRS, "travel ended at %d,%d, not on the stairs", g->px,
	    g->py);
	ck_assert_int_eq(press(g, '>'), 1);
	ck_assert_int_eq(g->depth, 2);
	game_free(g);
}
END_TEST

/* Plays a string of game keys through one key machine. */
static int
play(struct game *g, const char *keys)
{
	struct keys		ks;
	struct game_action	a;
	enum keys_result	r;
	int			turns = 0;

	keys_init(&ks);
	for (; *keys != '\0'; keys++) {
		r = keys_feed(&ks, (unsigned char)*keys, &a);
		ck_assert_int_ne(r, KEYS_UNKNOWN);
		game_log_key(g, (unsigned char)*keys);
		if (r == KEYS_ACTION)
			turns += game_act(g, a);
	}
	return (turns);
}

/*
 * _ and moves and . travels to the cell the moves point at, one turn a
 * step; a cell never seen, or a wall, is refused.
 */
START_TEST(test_travel_cell)
{
	struct game	*g = start(FIXTURE("search.dun"), 0, 1);

	clear(g);
	ck_assert_int_eq(play(g, "_jjjjjj."), 0);	/* rock */
	ck_assert(said(g, "no way there"));
	ck_assert_int_eq(play(g, "_lllllllll!"), 0);	/* cancelled */
	ck_assert_int_eq(g->turn, 0);
	ck_assert_int_eq(play(g, "_lllllllll."), 1);
	ck_assert_int_eq(g->px, 15);
	ck_assert_int_eq(g->py, 3);
	ck_assert_int_eq(g->turn, 9);
	ck_assert(said(g, "You are there"));
	/* Back west and down a row, into the first room: diagonals count. */
	ck_assert_int_eq(play(g, "_hhhhhhhhhhj_"), 1);
	ck_assert_int_eq(g->px, 5);
	ck_assert_int_eq(g->py, 4);
	ck_assert_int_eq(g->turn, 19);
	game_free(g);
}
END_TEST

/* Where the player stood after each turn, for test_player_route. */
struct walk {
	struct path_point	p[64];
	int			n;
};

static void
record_step(void *arg, const struct game *g)
{
	struct walk	*w = arg;

	if (w->n < 64) {
		w->p[w->n].x = g->px;
		w->p[w->n].y = g->py;
		w->n++;
	}
}

/*
 * The route the paths overlay shows is the journey's own: to a cell it
 * starts at the player, takes legal single steps over known cells and
 * ends there, and travel then walks exactly it; the explore route ends
 * on a known cell beside an unseen one, and X's first step is its first.
 */
START_TEST(test_player_route)
{
	struct game		*g = start(FIXTURE("search.dun"), 0, 1);
	struct level		*l;
	struct path_point	 r[64];
	struct walk		 walk;
	size_t			 n, k;
	int			 dx, dy, seen_next = 0;

	clear(g);
	l = g->level;
	ck_assert_uint_eq(game_player_route(g, g->px, g->py + 6, r, 64), 0);
	n = game_player_route(g, 15, 3, r, 64);
	ck_assert_uint_eq(n, 10);		/* nine steps east */
	ck_assert(r[0].x == g->px && r[0].y == g->py);
	ck_assert(r[n - 1].x == 15 && r[n - 1].y == 3);
	for (k = 1; k < n; k++) {
		ck_assert(abs(r[k].x - r[k - 1].x) <= 1 &&
		    abs(r[k].y - r[k - 1].y) <= 1);
		ck_assert(l->seen[r[k].y * l->width + r[k].x]);
	}
	/* Travel walks that very route, a cell a turn. */
	memset(&walk, 0, sizeof walk);
	game_set_turn_observer(g, record_step, &walk);
	ck_assert_int_eq(play(g, "_lllllllll."), 1);
	game_set_turn_observer(g, NULL, NULL);
	ck_assert_int_eq(walk.n, 9);
	for (k = 1; k < n; k++)
		ck_assert_msg(walk.p[k - 1].x == r[k].x &&
		    walk.p[k - 1].y == r[k].y, "turn %zu: at (%d,%d), the route "
		    "said (%d,%d)", k, walk.p[k - 1].x, walk.p[k - 1].y, r[k].x,
		    r[k].y);
	/* Back to the start, for the explore route. */
	ck_assert_int_eq(play(g, "_hhhhhhhhh."), 1);
	n = game_player_route(g, -1, -1, r, 64);
	ck_assert_uint_gt(n, 1);
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if (level_contains(l, r[n - 1].x + dx, r[n - 1].y + dy))
				seen_next |= !l->seen[(r[n - 1].y + dy) *
				    l->width + r[n - 1].x + dx];
	ck_assert_msg(seen_next, "the explore route ends at (%d,%d), beside "
	    "nothing unseen", r[n - 1].x, r[n - 1].y);
	ck_assert_int_eq(press(g, 'X'), 1);
	ck_assert_int_ge(g->turn, 1);
	game_free(g);
}
END_TEST

/*
 * G and a direction runs: along a corridor to the fork where another
 * opens beside it, down that one to its bend, then east to stop before
 * a door; each run is one key of the log, and walks no wall or door.
 */
START_TEST(test_run_stops)
{
	struct game	*g = gt_start(FIXTURE("run.dun"), GAME_NO_MONSTERS, 0,
			    1);

	ck_assert_int_eq(g->px, 1);
	ck_assert_int_eq(play(g, "Gl"), 1);
	ck_assert_msg(g->px == 8 && g->py == 1, "east: at %d,%d, not at the "
	    "fork 8,1", g->px, g->py);
	ck_assert_int_eq(g->turn, 7);
	ck_assert_int_eq(play(g, "Gj"), 1);
	ck_assert_msg(g->px == 8 && g->py == 4, "south: at %d,%d, not at the "
	    "bend 8,4", g->px, g->py);
	ck_assert_int_eq(play(g, "Gl"), 1);
	ck_assert_msg(g->px == 14 && g->py == 4, "east: at %d,%d, not before "
	    "the door 15,4", g->px, g->py);
	ck_assert_int_eq(play(g, "Gl"), 0);	/* a door ahead: no step */
	ck_assert_int_eq(play(g, "Gk"), 0);	/* a wall ahead */
	ck_assert_int_eq(g->turn, 16);
	game_free(g);
}
END_TEST

/*
 * X gives up a frontier it set off for and lost the way to (a gate came
 * down on the way), until something new is seen: the bots press X, and
 * > when X does nothing, and on gate-loop.dun that walked the corridor
 * between the stairs and the gate for ever, one gate cycle a round.
 * Now X says there is nothing left, and > takes the stairs.
 */
START_TEST(test_explore_gives_up)
{
	struct game	*g = gt_start(FIXTURE("gate-loop.dun"),
			    GAME_NO_MONSTERS, 0, 1);
	int		 round;

	for (round = 0; round < 40 && g->status == GAME_PLAYING; round++) {
		if (!press(g, 'X'))
			press(g, '>');
	}
	ck_assert_msg(g->status == GAME_WON, "after %d rounds of X and >, "
	    "turn %ld, still playing at %d,%d", round, g->turn, g->px, g->py);
	game_free(g);
}
END_TEST

/*
 * Shut in by a portcullis that is down: X says a gate it has seen is shut
 * and R waits; R, begun whole, waits until the gate rises (news stops it),
 * and X then goes on through it to the stairs.
 */
START_TEST(test_explore_gate_shut)
{
	struct game	*g = gt_start(FIXTURE("shut-in.dun"),
			    GAME_NO_MONSTERS, 0, 1);
	int		 round;

	ck_assert_int_eq(press(g, 'X'), 0);
	ck_assert(said(g, "There is nothing left you can reach to explore; "
	    "a gate you have seen is shut (R waits)."));
	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_int_eq(g->turn, 10);		/* the gate rises */
	ck_assert(!said(g, "You wait a while"));
	for (round = 0; round < 20 && g->status == GAME_PLAYING; round++) {
		if (!press(g, 'X'))
			press(g, '>');
	}
	ck_assert_msg(g->status == GAME_WON, "turn %ld, still at %d,%d",
	    g->turn, g->px, g->py);
	game_free(g);
}
END_TEST

/*
 * A gate of two cells, the one in view second in the map's order: R,
 * whole, stops when it rises (found in play: a crypt's two tomb gates,
 * the far one first, and R sat out three of their openings).
 */
START_TEST(test_rest_gate_second_cell)
{
	struct game	*g = gt_start(FIXTURE("shut-in-two.dun"),
			    GAME_NO_MONSTERS, 0, 1);

	ck_assert_int_eq(press(g, 'R'), 1);
	ck_assert_int_eq(g->turn, 10);		/* the gate rises */
	ck_assert(!said(g, "You wait a while"));
	game_free(g);
}
END_TEST

/*
 * The goals X gave up are part of the saved game: a save made just after
 * one restores with the same marks, and X and > then go on alike in the
 * restored game and in the one never saved.
 */
START_TEST(test_given_up_saved)
{
	struct game_config	 cfg;
	struct game		*g = gt_start(FIXTURE("gate-loop.dun"),
				    GAME_NO_MONSTERS, 0, 1), *b;
	int			 round, cells;

	for (round = 0; round < 10 && g->level->given_up == 0; round++)
		if (!press(g, 'X'))
			press(g, '>');
	ck_assert_msg(g->level->given_up > 0, "X gave nothing up");
	memset(&cfg, 0, sizeof cfg);
	cfg.dungeon = FIXTURE("gate-loop.dun");
	cfg.seed = 1;
	cfg.monsters = GAME_NO_MONSTERS;
	b = gt_reload(g, &cfg);
	cells = g->level->width * g->level->height;
	ck_assert_int_eq(b->level->given_up, g->level->given_up);
	ck_assert(memcmp(b->level->seen, g->level->seen, (size_t)cells) == 0);
	ck_assert_int_eq(press(b, 'X'), press(g, 'X'));
	ck_assert_int_eq(press(b, '>'), press(g, '>'));
	ck_assert_uint_eq(game_digest(b), game_digest(g));
	ck_assert_int_eq(b->status, g->status);
	game_free(b);
	game_free(g);
}
END_TEST

/*
 * A shut door at the corner of exploring's way: the way goes round it
 * (the corner rule forbids squeezing past), and X pressed 100 times
 * explores the map, never asking again for a step refused.
 */
START_TEST(test_explore_round_corner)
{
	struct game	*g = gt_start(FIXTURE("corner.dun"), GAME_NO_MONSTERS,
			    0, 1);
	int		 k;

	ck_assert_int_eq(g->px, 2);
	ck_assert_int_eq(g->py, 1);
	for (k = 0; k < 100; k++) {
		press(g, 'X');
		ck_assert_msg(!said(g, "squeeze"), "X %d: %s", k,
		    game_message_text(g, 0, NULL));
	}
	ck_assert(g->px != 2 || g->py != 1);
	ck_assert(said(g, "nothing left"));
	ck_assert_int_eq(stuck_repeats(g, 200), 0);
	game_free(g);
}
END_TEST

/*
 * Of two monsters that stop a journey, the one told is the most pressing:
 * the rat beside the player, not the troll that hunts from across the
 * room (and comes first in the level's list).
 */
START_TEST(test_journey_most_pressing)
{
	struct game	*g = gt_start(FIXTURE("two.dun"), 0, 1, 1);
	int		 k;

	for (k = 0; k < 5 && g->level->mon[0].state != MS_HUNT; k++)
		press(g, '.');
	ck_assert_int_eq(g->level->mon[0].state, MS_HUNT);
	ck_assert_int_eq(press(g, 'X'), 0);
	ck_assert_msg(said(g, "Not now: a rat is beside you, to the east."),
	    "%s", game_message_text(g, 0, NULL));
	game_free(g);
}
END_TEST

/*
 * An item in view is a goal of exploring (loot.dun): the potion seen
 * from the start, never a frontier, is walked to and told ("You see
 * here"), and, left lying, never gone back for: X then explores on and
 * says there is nothing left, the potion still on the floor.
 */
START_TEST(test_explore_items)
{
	struct game	*g = gt_start(FIXTURE("loot.dun"), GAME_NO_MONSTERS,
			    0, 1);
	int		 k, stood = 0, x, y;
	char		 seen[GAME_MESSAGE_LEN];

	ck_assert_int_ge(level_item_at(g->level, 9, 1), 0);
	for (k = 0; k < 30 && !said(g, "nothing left"); k++) {
		press(g, 'X');
		stood |= g->px == 9 && g->py == 1;
	}
	ck_assert_msg(stood, "X never went to the potion in view");
	/* Told by its look: it has not been drunk. */
	snprintf(seen, sizeof seen, "You see here: %s (1).",
	    g->items.k[g->look_of[item_find(&g->items,
	    "potion-of-healing")]].look);
	ck_assert_msg(gt_said(g, seen, 40), "not told: %s", seen);
	ck_assert(said(g, "nothing left"));
	ck_assert_int_ge(level_item_at(g->level, 9, 1), 0);
	x = g->px;
	y = g->py;
	for (k = 0; k < 10; k++)
		ck_assert_int_eq(press(g, 'X'), 0);
	ck_assert(g->px == x && g->py == y);
	ck_assert_int_eq(stuck_repeats(g, 20), 0);
	game_free(g);
}
END_TEST

/*
 * What exploring remembers of items goes through a save: the potion seen
 * and not stood on, out of view when the game is saved (the player is
 * down the corridor), is still a goal after a restore.
 */
START_TEST(test_explore_items_saved)
{
	struct game		*g = gt_start(FIXTURE("loot.dun"),
				    GAME_NO_MONSTERS, 0, 1), *b;
	struct game_config	 cfg;
	int			 k, stood = 0;

	ck_assert_int_eq(gt_play(g, "nnljjj"), 6);	/* down the corridor */
	ck_assert_int_eq(g->py, 6);
	ck_assert(!g->level->visible[1 * g->level->width + 9]);
	memset(&cfg, 0, sizeof cfg);
	cfg.dungeon = FIXTURE("loot.dun");
	cfg.seed = 1;
	cfg.monsters = GAME_NO_MONSTERS;
	b = gt_reload(g, &cfg);
	for (k = 0; k < 30 && !said(b, "nothing left"); k++) {
		press(b, 'X');
		stood |= b->px == 9 && b->py == 1;
	}
	ck_assert_msg(stood, "after a restore, X never went to the potion");
	game_free(b);
	game_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("travel");
	TCase	*tc;

	tc = tcase_create("travel");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_rest_heals);
	tcase_add_loop_test(tc, test_rest_disturbed, 0, 3);
	tcase_add_test(tc, test_rest_message);
	tcase_add_test(tc, test_explore_all);
	tcase_add_test(tc, test_explore_monster);
	tcase_add_loop_test(tc, test_travel_stairs, 0, 4);
	tcase_add_test(tc, test_travel_cell);
	tcase_add_test(tc, test_player_route);
	tcase_add_test(tc, test_run_stops);
	tcase_add_test(tc, test_explore_gives_up);
	tcase_add_test(tc, test_explore_gate_shut);
	tcase_add_test(tc, test_rest_gate_second_cell);
	tcase_add_test(tc, test_given_up_saved);
	tcase_add_test(tc, test_explore_round_corner);
	tcase_add_test(tc, test_journey_unreachable);
	tcase_add_test(tc, test_journey_most_pressing);
	tcase_add_test(tc, test_explore_items);
	tcase_add_test(tc, test_explore_items_saved);
	suite_add_tcase(s, tc);
	return (s);
}
