/*
 * check_doors.c: the door-holder and the digger (issue 26).
 *
 * A door-holder (behaviour hold-doors, hold.c) shuts the door between it
 * and the player and holds it: the player's open fails, the turn spent;
 * kept at, it spikes the door, and every monster's planner goes round;
 * come upon by another way it lets go and fights; waited out, it opens
 * the door and comes through.  A digger (class dig, dig.c) tunnels
 * through soft rock to the player, the rock's hardness in actions a
 * cell, and a walker then comes through its tunnel with the plan a
 * fresh A* finds; granite stops it; a save in the middle of a wall keeps
 * its progress.  Fixtures: tests/data/dun/hold.dun and burrow.dun.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "gametest.h"
#include "hold.h"
#include "state.h"
#include "testutil.h"

#define FIXTURE(f)	TEST_DATA "/dun/" f

#define PATH_MAX_POINTS	4096	/* of a monster's path, read */
#define DOOR_X	8	/* hold.dun's door */
#define DOOR_Y	2

/* Carries out an action; returns whether a turn went. */
static int
act(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	struct game_action	a = { .cmd = cmd, .dx = dx, .dy = dy };

	return (game_act(g, a));
}

/* A monster's state as the AI panel shows it. */
static const char *
state_of(const struct game *g, const struct monster *m)
{
	struct game_monster_info	mi;

	ck_assert_int_eq(game_monster_info(g, (int)(m - g->level->mon), &mi),
	    0);
	return (mi.state);
}

/* Whether monster m's current path visits (x,y). */
static int
path_through(const struct game *g, const struct monster *m, int x, int y)
{
	static struct path_point	path[PATH_MAX_POINTS];
	size_t				n, k;

	n = game_monster_path(g, (int)(m - g->level->mon), path,
	    PATH_MAX_POINTS);
	for (k = 0; k < n && k < PATH_MAX_POINTS; k++)
		if (path[k].x == x && path[k].y == y)
			return (1);
	return (0);
}

/* What a fresh A* finds from (x,y) to the player on a class's grid. */
static path_cost
fresh_astar(const struct game *g, int cls, int x, int y)
{
	const struct level	*l = g->level;
	struct path_astar	*a = path_astar_new(l->width, l->height);
	path_cost		 c;

	c = path_astar_search(a, l->cost[cls], l->rules, x, y, g->px, g->py,
	    NULL);
	path_astar_free(a);
	return (c);
}

/* Adds a monster of a kind at (x,y), hunting the player. */
static struct monster *
add_hunter(struct game *g, const char *name, int x, int y)
{
	int		 kind = monster_find(&g->monsters, name), i;
	struct monster	*m;

	ck_assert_int_ge(kind, 0);
	i = level_add_monster(g, g->level, kind, x, y);
	m = &g->level->mon[i];
	m->state = MS_HUNT;
	m->lx = g->px;
	m->ly = g->py;
	m->timer = g->monsters.k[kind].give_up;
	return (m);
}

/*
 * hold.dun, the player tough and the hobgoblin holding the door: it saw
 * the player through the open door, came to it and shut it.
 */
static struct game *
held(struct monster **hp)
{
	struct game	*g = gt_start(FIXTURE("hold.dun"), 0, 0, 1);
	struct monster	*h;
	int		 turn;

	g->hp = g->hp_max = 1000;
	h = gt_monster(g, "hobgoblin");
	ck_assert_ptr_nonnull(h);
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "open-door");
	for (turn = 0; turn < 10 && h->hold_x < 0; turn++)
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert_msg(h->hold_x == DOOR_X && h->hold_y == DOOR_Y,
	    "the hobgoblin took no hold of the door (at %d,%d, %s)", h->x,
	    h->y, state_of(g, h));
	*hp = h;
	return (g);
}

/* It comes to the door, shuts it in the player's face and holds it. */
START_TEST(test_hold_takes_door)
{
	struct monster	*h;
	struct game	*g = held(&h);

	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "door");
	ck_assert_int_eq(h->x, DOOR_X + 1);
	ck_assert_str_eq(state_of(g, h), "holding the door");
	ck_assert(gt_said(g, "The hobgoblin slams the door shut.", 5));
	/* It stays there, holding, while the player stays near. */
	ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert_int_eq(h->x, DOOR_X + 1);
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "door");
	game_free(g);
}
END_TEST

/*
 * Opening the held door, or walking into it, fails with EVENT_HELD: the
 * turn goes, the door stays shut, the player stays put.
 */
START_TEST(test_hold_refuses)
{
	struct monster	*h;
	struct game	*g = held(&h);
	long		 turn;

	while (g->px < DOOR_X - 1)
		ck_assert_int_eq(act(g, GAME_CMD_MOVE, 1, 0), 1);
	turn = g->turn;
	ck_assert_int_eq(act(g, GAME_CMD_OPEN, 1, 0), 1);
	ck_assert_int_eq(g->turn, turn + 1);
	ck_assert(gt_said(g, "Something holds the door shut!", 3));
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "door");
	ck_assert_int_eq(act(g, GAME_CMD_MOVE, 1, 0), 1);
	ck_assert_int_eq(g->px, DOOR_X - 1);
	ck_assert(gt_said(g, "Something holds the door shut!", 3));
	ck_assert_int_eq(h->hold_tries, 2);
	game_free(g);
}
END_TEST

/*
 * At the third try it spikes the door: the terrain changes, and both the
 * holder's plan and that of an orc on its side, which waited at the held
 * door, go round by the corridor, as a fresh A* does.
 */
START_TEST(test_hold_spikes_and_replans)
{
	struct monster	*h, *o;
	struct game	*g = held(&h);
	int		 doors = terrain_class_find(&g->terrain, "doors");
	int		 tries, ox, oy;

	while (g->px < DOOR_X - 1)
		ck_assert_int_eq(act(g, GAME_CMD_MOVE, 1, 0), 1);
	o = add_hunter(g, "orc", 15, 3);
	ck_assert_int_eq(act(g, GAME_CMD_OPEN, 1, 0), 1);
	ck_assert_msg(path_through(g, o, DOOR_X, DOOR_Y), "the orc's way is "
	    "not through the door");
	for (tries = 2; tries <= HOLD_TRIES; tries++) {
		ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "door");
		ck_assert_int_eq(act(g, tries % 2 ? GAME_CMD_OPEN :
		    GAME_CMD_MOVE, 1, 0), 1);
	}
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "spiked-door");
	ck_assert(gt_said(g, "spikes the door shut", 5));
	ox = o->x;
	oy = o->y;
	ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert(!path_through(g, o, DOOR_X, DOOR_Y));
	ck_assert_int_eq(path_planner_cost(o->planner),
	    fresh_astar(g, doors, ox, oy));
	ck_assert(!path_through(g, h, DOOR_X, DOOR_Y));
	ck_assert_int_eq(path_planner_cost(h->planner),
	    fresh_astar(g, doors, h->x, h->y));
	ck_assert_str_eq(state_of(g, h), "holding the door");
	/* Spiked and held, it opens no more than before. */
	ck_assert_int_eq(act(g, GAME_CMD_OPEN, 1, 0), 1);
	ck_assert(gt_said(g, "holds the door shut", 3));
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "spiked-door");
	game_free(g);
}
END_TEST

/*
 * A door held shut is shut to every monster: an orc on the holder's side
 * (the holder moved aside, still beside the door) waits at it rather than
 * opening it.
 */
START_TEST(test_hold_shut_to_all)
{
	struct monster	*h, *o;
	struct game	*g = held(&h);
	int		 turn;

	level_move_monster(g->level, (int)(h - g->level->mon), DOOR_X + 1,
	    DOOR_Y - 1);
	o = add_hunter(g, "orc", DOOR_X + 3, DOOR_Y);
	for (turn = 0; turn < 6; turn++) {
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "door");
	}
	ck_assert_int_eq(o->x, DOOR_X + 1);
	ck_assert_int_eq(o->y, DOOR_Y);
	ck_assert_str_eq(state_of(g, h), "holding the door");
	game_free(g);
}
END_TEST

/*
 * Saved and loaded while it holds the door, the holder still holds it,
 * with the player's tries and its turns counted as they were.
 */
START_TEST(test_hold_save_load)
{
	struct monster	*h;
	struct game	*g, *r;
	int		 hp, turns;

	g = gt_start(FIXTURE("hold.dun"), 0, 0, 1);
	hp = g->hp;
	game_free(g);
	g = held(&h);
	while (g->px < DOOR_X - 1)
		ck_assert_int_eq(act(g, GAME_CMD_MOVE, 1, 0), 1);
	ck_assert_int_eq(act(g, GAME_CMD_OPEN, 1, 0), 1);
	ck_assert_int_eq(h->hold_tries, 1);
	turns = h->hold_turns;
	ck_assert_int_gt(turns, 0);
	g->hp = g->hp_max = hp;		/* the player's own, to save */
	r = gt_reload(g, &(struct game_config){ 0 });
	game_free(g);
	h = gt_monster(r, "hobgoblin");
	ck_assert_int_eq(h->hold_x, DOOR_X);
	ck_assert_int_eq(h->hold_y, DOOR_Y);
	ck_assert_int_eq(h->hold_tries, 1);
	ck_assert_int_eq(h->hold_turns, turns);
	ck_assert_str_eq(state_of(r, h), "holding the door");
	ck_assert_int_eq(act(r, GAME_CMD_OPEN, 1, 0), 1);
	ck_assert(gt_said(r, "holds the door shut", 3));
	game_free(r);
}
END_TEST

/*
 * A noise maker thrown lures the holder off the door: it lets go (the
 * door is held no more) and goes to the noise, here on the player's side,
 * opening the door itself.
 */
START_TEST(test_hold_lured)
{
	struct monster	*h;
	struct game	*g = held(&h);
	char		 keys[4] = "t?j";
	int		 i;

	gt_give(g, "noise-maker", 1, 1);
	for (i = 0; i < PACK_SLOTS; i++)
		if (g->pack[i].kind == item_find(&g->items, "noise-maker"))
			keys[1] = (char)('a' + i);
	ck_assert_int_ne(keys[1], '?');
	ck_assert_int_eq(gt_play(g, keys), 1);
	ck_assert(gt_said(g, "rattles", 5));
	ck_assert_int_lt(h->hold_x, 0);
	ck_assert_int_lt(hold_holder(g, DOOR_X, DOOR_Y), 0);
	ck_assert_str_eq(state_of(g, h), "going to a noise");
	/* On its way to the noise it opened the door itself: the player's
	   moment (seeing the player again, it takes hold anew). */
	ck_assert_str_eq(game_terrain_name(g, DOOR_X, DOOR_Y), "open-door");
	game_free(g);
}
END_TEST

/*
 * The player who comes round by the corridor (put at its end on the
 * holder's side) and walks up to it: it lets go of the door and fights.
 */
START_TEST(test_hold_other_way)
{
	struct monster	*h;
	struct game	*g = held(&h);
	long		 before;
	int		 turn, fought = 0;

	g->px = 13;
	g->py = 5;
	ck_assert_int_eq(act(g, GAME_CMD_MOVE, 0, -1), 1);
	for (turn = 0; turn < 10 && (abs(g->px - h->x) > 1 ||
	    abs(g->py - h->y) > 1); turn++)
		ck_assert_int_eq(act(g, GAME_CMD_MOVE, g->px > h->x + 1 ? -1 :
		    0, g->py > h->y + 1 ? -1 : 0), 1);
	ck_assert(abs(g->px - h->x) <= 1 && abs(g->py - h->y) <= 1);
	for (turn = 0; turn < 4 && !fought; turn++) {
		before = game_message_total(g);
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		fought = gt_said(g, "The hobgoblin hits you",
		    (int)(game_message_total(g) - before)) ||
		    gt_said(g, "The hobgoblin misses you",
		    (int)(game_message_total(g) - before));
	}
	ck_assert_msg(fought, "the hobgoblin did not fight (%s)",
	    state_of(g, h));
	ck_assert_int_lt(h->hold_x, 0);
	ck_assert_str_ne(state_of(g, h), "holding the door");
	game_free(g);
}
END_TEST

/*
 * The player who waits beside the door: the holder spikes it (the player
 * stands there), then gives up after HOLD_TURNS of its actions, pulls
 * the spikes, opens the door and comes through to fight.
 */
START_TEST(test_hold_gives_up)
{
	struct monster	*h;
	struct game	*g = held(&h);
	int		 turn, spiked = 0, opened = 0;

	while (g->px < DOOR_X - 1)
		ck_assert_int_eq(act(g, GAME_CMD_MOVE, 1, 0), 1);
	for (turn = 0; turn < HOLD_TURNS + 5 && !opened; turn++) {
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		spiked |= strcmp(game_terrain_name(g, DOOR_X, DOOR_Y),
		    "spiked-door") == 0;
		opened = strcmp(game_terrain_name(g, DOOR_X, DOOR_Y),
		    "open-door") == 0;
	}
	ck_assert_msg(spiked, "the hobgoblin never spiked the door");
	ck_assert_msg(opened, "the hobgoblin never gave up the door");
	ck_assert_int_ge(turn, HOLD_TURNS - 10);
	for (turn = 0; turn < 3; turn++)
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert(abs(g->px - h->x) <= 1 && abs(g->py - h->y) <= 1);
	ck_assert(gt_said(g, "The hobgoblin hits you", 6) ||
	    gt_said(g, "The hobgoblin misses you", 6));
	/* Given up, it does not hold a door again while it hunts. */
	ck_assert_int_lt(h->hold_x, 0);
	game_free(g);
}
END_TEST

#define CELL_X0	7	/* burrow.dun's cell of soft rock */
#define CELL_Y0	4
#define CELL_X1	11
#define CELL_Y1	8

/* Whether (x,y) is on the ring of the player's cell. */
static int
on_ring(int x, int y)
{
	return (x >= CELL_X0 && x <= CELL_X1 && y >= CELL_Y0 && y <= CELL_Y1 &&
	    (x == CELL_X0 || x == CELL_X1 || y == CELL_Y0 || y == CELL_Y1));
}

/* The ring's cell that is no longer wall, or -1. */
static int
ring_opened(const struct game *g)
{
	int	x, y;

	for (y = CELL_Y0; y <= CELL_Y1; y++)
		for (x = CELL_X0; x <= CELL_X1; x++)
			if (on_ring(x, y) &&
			    strcmp(game_terrain_name(g, x, y), "wall") != 0)
				return (y * g->level->width + x);
	return (-1);
}

/* burrow.dun with the burrower hunting at one action a turn. */
static struct game *
burrow(struct monster **bp)
{
	struct game	*g = gt_start(FIXTURE("burrow.dun"), 0, 1, 1);
	struct monster	*b = gt_monster(g, "burrower");

	ck_assert_ptr_nonnull(b);
	g->hp = g->hp_max = 1000;
	g->monsters.k[b->kind].speed = 10;
	b->state = MS_HUNT;
	b->lx = g->px;
	b->ly = g->py;
	*bp = b;
	return (g);
}

/*
 * It tunnels in: a wall cell of the ring becomes rubble after exactly
 * its hardness in the burrower's actions, told, and the burrower comes
 * through to fight.
 */
START_TEST(test_dig_tunnels)
{
	struct monster	*b;
	struct game	*g = burrow(&b);
	int		 turn, began = -1, hard, cell = -1;

	hard = g->terrain.t[g->terrain.wall].hardness;
	for (turn = 0; turn < 40 && cell < 0; turn++) {
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		if (began < 0 && b->dig_x >= 0) {
			began = turn;
			ck_assert(on_ring(b->dig_x, b->dig_y));
			ck_assert_str_eq(state_of(g, b), "digging");
		}
		cell = ring_opened(g);
	}
	ck_assert_msg(cell >= 0, "the burrower never dug in (at %d,%d, %s)",
	    b->x, b->y, state_of(g, b));
	ck_assert_int_eq(turn - 1 - began, hard - 1);
	ck_assert_str_eq(game_terrain_name(g, cell % g->level->width,
	    cell / g->level->width), "rubble");
	ck_assert(gt_said(g, "The burrower tunnels through the wall.", 3) ||
	    gt_said(g, "You hear digging.", 3));
	for (turn = 0; turn < 8 && (abs(g->px - b->x) > 1 ||
	    abs(g->py - b->y) > 1); turn++)
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert(abs(g->px - b->x) <= 1 && abs(g->py - b->y) <= 1);
	game_free(g);
}
END_TEST

/* Granite it cannot dig: it finds no way, waits, and digs nothing. */
START_TEST(test_dig_granite)
{
	struct monster	*b;
	struct game	*g = burrow(&b);
	int		 x, y, turn, bx, by;

	for (y = CELL_Y0; y <= CELL_Y1; y++)
		for (x = CELL_X0; x <= CELL_X1; x++)
			if (on_ring(x, y))
				level_set_terrain(g->level, &g->terrain, x, y,
				    g->terrain.granite);
	bx = b->x;
	by = b->y;
	for (turn = 0; turn < 30; turn++) {
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		ck_assert_int_lt(b->dig_x, 0);
	}
	ck_assert(path_planner_cost(b->planner) == PATH_COST_NONE);
	ck_assert(b->x == bx && b->y == by);
	for (y = CELL_Y0; y <= CELL_Y1; y++)
		for (x = CELL_X0; x <= CELL_X1; x++)
			if (on_ring(x, y))
				ck_assert_str_eq(game_terrain_name(g, x, y),
				    "granite");
	game_free(g);
}
END_TEST

/*
 * A walking kobold (with each planner in turn, incremental ones
 * included) that found no way in before the tunnel opened comes through
 * it afterwards, its plan's cost that of a fresh A*, to the player.
 */
START_TEST(test_dig_walker_follows)
{
	struct monster	*b, *k;
	struct game	*g = burrow(&b);
	int		 walk = g->terrain.walk, turn, cell = -1, kx, ky;
	int		 through = 0;

	k = add_hunter(g, "kobold", 16, 8);
	path_planner_free(k->planner);
	k->planner = path_planner_new((enum path_planner_kind)_i,
	    g->level->ctx[walk]);
	for (turn = 0; turn < 40 && cell < 0; turn++) {
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		cell = ring_opened(g);
	}
	ck_assert_int_ge(cell, 0);
	level_kill_monster(g->level, (int)(b - g->level->mon));
	for (turn = 0; turn < 30 && (abs(g->px - k->x) > 1 ||
	    abs(g->py - k->y) > 1); turn++) {
		kx = k->x;
		ky = k->y;
		k->cooldown = 0;
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
		if (k->x == kx && k->y == ky)
			continue;
		ck_assert_int_eq(path_planner_cost(k->planner),
		    fresh_astar(g, walk, kx, ky));
		through |= k->y * g->level->width + k->x == cell;
	}
	ck_assert_msg(abs(g->px - k->x) <= 1 && abs(g->py - k->y) <= 1,
	    "planner %d: the kobold did not come through (at %d,%d)", _i,
	    k->x, k->y);
	ck_assert(through || (abs(k->x - cell % g->level->width) <= 1 &&
	    abs(k->y - cell / g->level->width) <= 1));
	game_free(g);
}
END_TEST

/*
 * Saved and loaded in the middle of a wall, the burrower goes on where
 * it stopped: the wall opens after the actions it had left, not anew.
 */
START_TEST(test_dig_save_load)
{
	struct monster	*b;
	struct game	*g, *r;
	int		 turn, done, hard, dx, dy, speed, hp;

	g = gt_start(FIXTURE("burrow.dun"), 0, 1, 1);
	speed = g->monsters.k[monster_find(&g->monsters, "burrower")].speed;
	hp = g->hp;
	game_free(g);
	g = burrow(&b);
	g->hp = g->hp_max = hp;		/* the player's own, to save */

	hard = g->terrain.t[g->terrain.wall].hardness;
	for (turn = 0; turn < 40 && b->dig_done < 2; turn++)
		ck_assert_int_eq(act(g, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert_int_eq(b->dig_done, 2);
	dx = b->dig_x;
	dy = b->dig_y;
	g->monsters.k[b->kind].speed = speed;	/* the data's, to save */
	r = gt_reload(g, &(struct game_config){ .hunted = 1 });
	game_free(g);
	b = gt_monster(r, "burrower");
	r->monsters.k[b->kind].speed = 10;
	ck_assert_int_eq(b->dig_x, dx);
	ck_assert_int_eq(b->dig_y, dy);
	ck_assert_int_eq(b->dig_done, 2);
	ck_assert_str_eq(state_of(r, b), "digging");
	for (done = 2; done < hard - 1; done++) {
		ck_assert_int_eq(act(r, GAME_CMD_WAIT, 0, 0), 1);
		ck_assert_str_eq(game_terrain_name(r, dx, dy), "wall");
	}
	ck_assert_int_eq(act(r, GAME_CMD_WAIT, 0, 0), 1);
	ck_assert_str_eq(game_terrain_name(r, dx, dy), "rubble");
	game_free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("doors");
	TCase	*tc = tcase_create("hold");
	TCase	*td = tcase_create("dig");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_hold_takes_door);
	tcase_add_test(tc, test_hold_refuses);
	tcase_add_test(tc, test_hold_spikes_and_replans);
	tcase_add_test(tc, test_hold_shut_to_all);
	tcase_add_test(tc, test_hold_save_load);
	tcase_add_test(tc, test_hold_lured);
	tcase_add_test(tc, test_hold_other_way);
	tcase_add_test(tc, test_hold_gives_up);
	suite_add_tcase(s, tc);
	tcase_set_timeout(td, 60);
	tcase_add_test(td, test_dig_tunnels);
	tcase_add_test(td, test_dig_granite);
	tcase_add_loop_test(td, test_dig_walker_follows, 0,
	    PATH_PLANNER_KINDS);
	tcase_add_test(td, test_dig_save_load);
	suite_add_tcase(s, td);
	return (s);
}
