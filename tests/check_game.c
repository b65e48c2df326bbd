/*
 * check_game.c: the game's rules as a player meets them.
 *
 * Three kinds of test.  The first plays small hand-made dungeons
 * (tests/data/dun/) with one monster each and fixed seeds, and asserts
 * what a player would see: the orc opens the door it heard shut; the
 * kobold, which has no hands, never comes through a shut door and goes
 * round when there is a way round; a monster whose gallery caves in ahead
 * of it turns back and takes the other way, with the same planner it had
 * (incremental planners catch up through the grid's change log, nothing
 * is rebuilt); a wall the player digs through becomes the monster's way;
 * a troll that loses the player goes to where it last noticed it, finds
 * nobody and gives up.
 *
 * The second holds every planner kind to an independent judge inside the
 * real game.  Each run forces one kind on every monster and plays
 * thousands of random turns (moves, fights, doors opened and shut, walls
 * dug, corridors caved in and cleared, gates, timed events) with an
 * immortal player.  The judge watches every plan the game makes through
 * the game's plan observer (game.h), which names the monster as its plan
 * ends and before it steps: the plan's path must be a legal walk on its
 * class's cost grid as it is then, and cost what the planner says, and
 * for every kind but cached that cost must equal the oracle's
 * from-scratch Dijkstra cost (tests/oracle.c) from the monster to what it
 * was heading for; cached may only be dearer, never cheaper.
 *
 * The third is about time and files: the same seed and keys give the same
 * digest turn by turn; a game saved mid-hunt and restored plays on to the
 * same digests, monster paths included, as the game that was never
 * saved, and saving the restored game gives the same bytes; the key log,
 * written as a replay file and read back, replays to the same digest.
 * Saves and replays go to a private mkdtemp folder, removed afterwards.
 */
#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "state.h"
#include "keys.h"
#include "oracle.h"
#include "replay.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test fixtures folder"
#endif
#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* A fixture dungeon, and a shipped one. */
#define FIXTURE(name)	TEST_DATA "/dun/" name
#define SHIPPED(name)	SRC_DATA "/dungeons/" name

/* Longest path a test copies out of a planner on the small maps. */
#define PATH_MAX_POINTS	4096

/* Monsters a judged game may have. */
#define JUDGE_MONSTERS	64

/* Turns of each randomized planner run, on a fixture and generated. */
#define RUN_TURNS_ARENA		1200
#define RUN_TURNS_GENERATED	800

/* Keys typed in each determinism and persistence case. */
#define PERSIST_KEYS	500

/* Every planner kind, in the order of enum path_planner_kind. */
static const enum path_planner_kind every_kind[PATH_PLANNER_KINDS] = {
	PATH_PLANNER_ASTAR,
	PATH_PLANNER_CACHED,
	PATH_PLANNER_DSTAR,
	PATH_PLANNER_MTDSTAR,
	PATH_PLANNER_FIELD,
	PATH_PLANNER_CROWD,
	PATH_PLANNER_ADAPTIVE
};

/* A configuration for a game of a dungeon (NULL: generated). */
static struct game_config
play_config(const char *dungeon, uint64_t seed, int monsters)
{
	struct game_config	cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = dungeon;
	cfg.seed = seed;
	cfg.monsters = monsters;
	return (cfg);
}

/* Starts a game, failing the test with the game's reason if it cannot. */
static struct game *
play_start(const struct game_config *cfg)
{
	struct game	*g;
	char		*cause = NULL;

	g = game_new(cfg, &cause);
	ck_assert_msg(g != NULL, "game_new(%s, seed %llu): %s",
	    cfg->dungeon != NULL ? cfg->dungeon : "generated",
	    (unsigned long long)cfg->seed, cause != NULL ? cause : "?");
	return (g);
}

static struct game *
play_fixture(const char *dungeon, uint64_t seed)
{
	struct game_config	cfg = play_config(dungeon, seed, 0);

	return (play_start(&cfg));
}

/* The newest message, for failure messages. */
static const char *
last_message(const struct game *g)
{
	const char	*m = game_message_text(g, 0, NULL);

	return (m != NULL ? m : "(none)");
}

/* Carries out an action that must take a turn. */
static void
act(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	struct game_action	a = { .cmd = cmd, .dx = dx, .dy = dy };
	struct game_info	gi;

	game_info(g, &gi);
	ck_assert_msg(game_act(g, a) == 1, "turn %ld: action %d (%d,%d) "
	    "took no turn: %s", gi.turn, (int)cmd, dx, dy, last_message(g));
}

/* Whether a message given after the first `since` contains text. */
static int
said_since(const struct game *g, long since, const char *text)
{
	long		 i;
	const char	*m;

	for (i = game_message_total(g) - since - 1; i >= 0; i--) {
		m = game_message_text(g, (int)i, NULL);
		if (m != NULL && strstr(m, text) != NULL)
			return (1);
	}
	return (0);
}

/* The first living monster of a kind; fails the test if there is none. */
static int
monster_find_alive(const struct game *g, const char *name)
{
	struct game_monster_info	mi;
	int				i;

	for (i = 0; i < game_monster_count(g); i++) {
		if (game_monster_info(g, i, &mi) == 0 && mi.alive &&
		    strcmp(mi.name, name) == 0)
			return (i);
	}
	ck_abort_msg("no living %s in the level", name);
	return (-1);
}

/* The monster standing on (x, y); fails the test if there is none. */
static int
monster_at(const struct game *g, int x, int y)
{
	int	i = game_monster_at(g, x, y);

	ck_assert_msg(i >= 0, "no monster at %d,%d", x, y);
	return (i);
}

static struct game_monster_info
monster_get(const struct game *g, int i)
{
	struct game_monster_info	mi;

	/* Called for every monster after every key: see test_assert_msg. */
	if (game_monster_info(g, i, &mi) != 0)
		ck_abort_msg("no monster %d", i);
	return (mi);
}

/* Whether a monster's current path goes through (x,y). */
static int
path_through(const struct game *g, int i, int x, int y)
{
	static struct path_point	path[PATH_MAX_POINTS];
	size_t				n, k;

	n = game_monster_path(g, i, path, PATH_MAX_POINTS);
	ck_assert_uint_le(n, PATH_MAX_POINTS);
	for (k = 0; k < n; k++) {
		if (path[k].x == x && path[k].y == y)
			return (1);
	}
	return (0);
}

/* Whether a monster's current path visits row y. */
static int
path_on_row(const struct game *g, int i, int y)
{
	static struct path_point	path[PATH_MAX_POINTS];
	size_t				n, k;

	n = game_monster_path(g, i, path, PATH_MAX_POINTS);
	ck_assert_uint_le(n, PATH_MAX_POINTS);
	for (k = 0; k < n; k++) {
		if (path[k].y == y)
			return (1);
	}
	return (0);
}

/* Chebyshev distance from a monster to the player. */
static int
monster_reach(const struct game *g, const struct game_monster_info *mi)
{
	struct game_info	gi;
	int			dx, dy;

	game_info(g, &gi);
	dx = abs(mi->x - gi.px);
	dy = abs(mi->y - gi.py);
	return (dx > dy ? dx : dy);
}

/* Whether a monster of a kind attacked the player since message since. */
static int
attacked_since(const struct game *g, long since, const char *name)
{
	char	hits[64], misses[64];

	snprintf(hits, sizeof hits, "The %s hits you", name);
	snprintf(misses, sizeof misses, "The %s misses you", name);
	return (said_since(g, since, hits) || said_since(g, since, misses));
}

/*
 * Makes every monster of the game plan with one kind, as if the monster
 * file said so.  Only before the first turn: planners are made fresh.
 */
static void
force_planner(struct game *g, enum path_planner_kind kind)
{
	struct level	*l = g->level;
	struct monster	*m;
	int		 i;

	ck_assert_int_eq(g->turn, 0);
	for (i = 0; i < g->monsters.n; i++)
		g->monsters.k[i].planner = kind;
	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		path_planner_free(m->planner);
		m->planner = path_planner_new(kind,
		    l->ctx[g->monsters.k[m->kind].cls]);
	}
}

/* --- behaviour on hand-made dungeons ------------------------------------ */

/*
 * door-orc.dun: the player shuts the door in the orc's face, steps back
 * and waits.  The orc heard the door, so it hunts; it must open the door
 * itself (the player never touches it again) and come to fight.
 */
START_TEST(test_door_opener)
{
	struct game			*g;
	struct game_monster_info	 mi;
	long				 seen;
	int				 orc, turn, opened = 0, fought = 0;

	g = play_fixture(FIXTURE("door-orc.dun"), 1 + (uint64_t)_i);
	orc = monster_find_alive(g, "orc");
	ck_assert_str_eq(game_terrain_name(g, 5, 4), "open-door");
	act(g, GAME_CMD_CLOSE, 0, -1);
	ck_assert_str_eq(game_terrain_name(g, 5, 4), "door");
	mi = monster_get(g, orc);
	ck_assert_msg(strcmp(mi.state, "hunting") == 0, "the orc did not "
	    "hear the door shut: it is %s", mi.state);
	ck_assert_msg(path_through(g, orc, 5, 4), "the orc's way is not "
	    "through the door");
	act(g, GAME_CMD_MOVE, 0, 1);
	for (turn = 3; turn <= 15 && !fought; turn++) {
		seen = game_message_total(g);
		act(g, GAME_CMD_WAIT, 0, 0);
		mi = monster_get(g, orc);
		if (!opened &&
		    strcmp(game_terrain_name(g, 5, 4), "open-door") == 0) {
			opened = turn;
			ck_assert_msg(said_since(g, seen, "The orc opens a "
			    "door."), "turn %d: the door opened, but not by "
			    "the orc (%s)", turn, last_message(g));
			ck_assert_msg(abs(mi.x - 5) <= 1 && mi.y == 3,
			    "turn %d: the orc opened the door from %d,%d",
			    turn, mi.x, mi.y);
		}
		if (attacked_since(g, seen, "orc")) {
			fought = turn;
			ck_assert_int_eq(monster_reach(g, &mi), 1);
			ck_assert_msg(opened, "the orc fought through a shut "
			    "door");
		}
	}
	ck_assert_msg(opened, "the orc never opened the door (it is at "
	    "%d,%d, %s)", mi.x, mi.y, mi.state);
	ck_assert_msg(fought, "the orc came through the door but never "
	    "attacked (it is at %d,%d, %s)", mi.x, mi.y, mi.state);
	game_free(g);
}
END_TEST

/*
 * door-orc.dun again: orcs shut the doors they walk out of ("behaviour
 * doors"), so once the orc is through, the door is shut behind it, and it
 * says so.  A tile change made by a monster, which every other planner
 * must catch up with.
 */
START_TEST(test_door_shutter)
{
	struct game			*g;
	struct game_monster_info	 mi;
	long				 seen;
	int				 orc, turn, through = 0, opened = 0;

	g = play_fixture(FIXTURE("door-orc.dun"), 1 + (uint64_t)_i);
	orc = monster_find_alive(g, "orc");
	act(g, GAME_CMD_CLOSE, 0, -1);
	act(g, GAME_CMD_MOVE, 0, 1);
	act(g, GAME_CMD_MOVE, 0, 1);
	for (turn = 4; turn <= 20 && !through; turn++) {
		seen = game_message_total(g);
		act(g, GAME_CMD_WAIT, 0, 0);
		mi = monster_get(g, orc);
		if (strcmp(game_terrain_name(g, 5, 4), "open-door") == 0)
			opened = 1;
		if (mi.y >= 5) {
			through = turn;
			ck_assert_msg(opened, "the orc got through a shut door");
			ck_assert_msg(strcmp(game_terrain_name(g, 5, 4),
			    "door") == 0, "turn %d: the orc left the door %s",
			    turn, game_terrain_name(g, 5, 4));
			ck_assert_msg(said_since(g, seen, "The orc shuts the "
			    "door behind it."), "turn %d: no message (%s)",
			    turn, last_message(g));
		}
	}
	ck_assert_msg(through, "the orc never came through (it is at %d,%d, "
	    "%s)", mi.x, mi.y, mi.state);
	game_free(g);
}
END_TEST

/*
 * door-kobold-shut.dun: the same, with a kobold, which has no hands and
 * no other way.  It heard the door, and must stay on its side of it
 * without ever fighting; it asks its planner again only every few turns
 * (it is told there is no way), and in time it gives up.
 */
START_TEST(test_door_no_hands_waits)
{
	struct game			*g;
	struct game_monster_info	 mi;
	long				 seen;
	int				 kobold, turn, busy = 0, gave_up = 0;

	g = play_fixture(FIXTURE("door-kobold-shut.dun"),
	    1 + (uint64_t)_i);
	kobold = monster_find_alive(g, "kobold");
	act(g, GAME_CMD_CLOSE, 0, -1);
	mi = monster_get(g, kobold);
	ck_assert_msg(strcmp(mi.state, "hunting") == 0, "the kobold did not "
	    "hear the door shut: it is %s", mi.state);
	act(g, GAME_CMD_MOVE, 0, 1);
	for (turn = 3; turn <= 80; turn++) {
		seen = game_message_total(g);
		act(g, GAME_CMD_WAIT, 0, 0);
		mi = monster_get(g, kobold);
		ck_assert_str_eq(game_terrain_name(g, 5, 4), "door");
		ck_assert_msg(mi.y < 4, "turn %d: the kobold got through the "
		    "shut door to %d,%d", turn, mi.x, mi.y);
		ck_assert_msg(!attacked_since(g, seen, "kobold"),
		    "turn %d: the kobold attacked through a shut door", turn);
		if (strcmp(mi.state, "wandering") != 0)
			busy = turn;
		else if (!gave_up)
			gave_up = turn;
	}
	mi = monster_get(g, kobold);
	ck_assert_msg(gave_up > 0, "the kobold never gave up (%s)",
	    mi.state);
	ck_assert_msg(mi.replans <= busy / 3 + 1, "the kobold asked its "
	    "planner %d times in %d turns with no way to the player",
	    mi.replans, busy);
	game_free(g);
}
END_TEST

/*
 * door-kobold-detour.dun: a kobold, a door it cannot open and a drift
 * round the top.  It must never stand in the doorway or plan through
 * it, and must come round by the drift to fight from the east.
 */
START_TEST(test_door_no_hands_detour)
{
	struct game			*g;
	struct game_monster_info	 mi;
	long				 seen;
	int				 kobold, turn, drift = 0, fought = 0;

	g = play_fixture(FIXTURE("door-kobold-detour.dun"),
	    1 + (uint64_t)_i);
	kobold = monster_find_alive(g, "kobold");
	act(g, GAME_CMD_CLOSE, -1, 0);
	mi = monster_get(g, kobold);
	ck_assert_msg(strcmp(mi.state, "hunting") == 0, "the kobold did not "
	    "hear the door shut: it is %s", mi.state);
	ck_assert_msg(path_on_row(g, kobold, 1), "the kobold's first plan is "
	    "not round by the drift");
	for (turn = 2; turn <= 30 && !fought; turn++) {
		seen = game_message_total(g);
		act(g, GAME_CMD_WAIT, 0, 0);
		mi = monster_get(g, kobold);
		ck_assert_str_eq(game_terrain_name(g, 4, 3), "door");
		ck_assert_msg(mi.x != 4 || mi.y != 3, "turn %d: the kobold "
		    "stands in the shut doorway", turn);
		ck_assert_msg(!path_through(g, kobold, 4, 3), "turn %d: the "
		    "kobold plans through the shut door", turn);
		if (mi.y == 1)
			drift = turn;
		if (attacked_since(g, seen, "kobold")) {
			fought = turn;
			ck_assert_msg(mi.x == 6 && mi.y == 3, "turn %d: the "
			    "kobold fights from %d,%d", turn, mi.x, mi.y);
		}
	}
	ck_assert_msg(drift > 0, "the kobold never took the drift");
	ck_assert_msg(fought > drift, "the kobold never came round to fight "
	    "(it is at %d,%d, %s)", mi.x, mi.y, mi.state);
	game_free(g);
}
END_TEST

/*
 * collapse.dun, once per planner kind: the orc hunts the player down the
 * gallery; on turn 4 the gallery caves in ahead of it.  Before, its way
 * is the gallery; from that turn on it plans round by the drift, with the
 * planner it always had, which had to search again; it arrives from the
 * drift and fights.  The player rattles the closet door every turn so the
 * orc keeps hearing it (that door is off every way).
 */
/*
 * Whether the player can walk to the stairs on the level as it is: a
 * flood fill over the door-openers' costs, eight ways, no corner cut
 * (the oracle, not the game's own search).
 */
static int
stairs_reachable(const struct game *g)
{
	const struct level	*l = g->level;
	const struct path_grid	*grid = l->cost[terrain_class_find(&g->terrain,
				    "doors")];
	int			 n = l->width * l->height, *queue, head = 0;
	int			 tail = 0, i, x, y, dx, dy, nx, ny, found = 0;
	char			*seen = calloc((size_t)n, 1);

	queue = calloc((size_t)n, sizeof *queue);
	ck_assert(seen != NULL && queue != NULL);
	queue[tail++] = g->py * l->width + g->px;
	seen[queue[0]] = 1;
	while (head < tail && !found) {
		i = queue[head++];
		x = i % l->width;
		y = i / l->width;
		found = (g->terrain.t[l->terrain[i]].flags & TERRAIN_STAIRS) != 0;
		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++) {
				nx = x + dx;
				ny = y + dy;
				if (!level_contains(l, nx, ny) ||
				    seen[ny * l->width + nx] ||
				    path_grid_get(grid, nx, ny) == 0 ||
				    (dx != 0 && dy != 0 &&
				    (path_grid_get(grid, nx, y) == 0 ||
				    path_grid_get(grid, x, ny) == 0)))
					continue;
				seen[ny * l->width + nx] = 1;
				queue[tail++] = ny * l->width + nx;
			}
	}
	free(seen);
	free(queue);
	return (found);
}

/*
 * Corridors cave in, but never one that would cut the player off from
 * the stairs (two-ways.dun, the collapse chance forced to every turn):
 * some cell caves in, and after every turn the stairs can be walked to.
 */
START_TEST(test_collapse_keeps_way)
{
	struct game	*g = play_fixture(FIXTURE("two-ways.dun"), 1);
	int		 turn, i, caved = 0;

	g->level->collapse_chance = 1.0;
	for (turn = 0; turn < 60; turn++) {
		act(g, GAME_CMD_WAIT, 0, 0);
		ck_assert_msg(stairs_reachable(g), "turn %d: a cave-in cut the "
		    "player off from the stairs", turn);
	}
	for (i = 0; i < g->level->width * g->level->height; i++)
		caved += g->level->terrain[i] == g->terrain.cave_in;
	ck_assert_int_gt(caved, 0);
	game_free(g);
}
END_TEST

START_TEST(test_collapse_replans)
{
	enum path_planner_kind		 kind = every_kind[_i];
	struct game			*g;
	struct game_monster_info	 mi;
	struct path_planner		*planner;
	long				 seen;
	int				 orc, turn, replans = 0, drift = 0;
	int				 fought = 0;

	g = play_fixture(FIXTURE("collapse.dun"), 7);
	force_planner(g, kind);
	orc = monster_find_alive(g, "orc");
	planner = g->level->mon[orc].planner;
	ck_assert_str_eq(game_terrain_name(g, 13, 5), "open-door");
	for (turn = 1; turn <= 45 && !fought; turn++) {
		seen = game_message_total(g);
		act(g, turn % 2 ? GAME_CMD_CLOSE : GAME_CMD_OPEN, 0, 1);
		mi = monster_get(g, orc);
		ck_assert_msg(g->level->mon[orc].planner == planner,
		    "%s, turn %d: the orc's planner was rebuilt",
		    path_planner_name(kind), turn);
		ck_assert_int_eq(mi.planner, kind);
		ck_assert_msg(strcmp(mi.state, "hunting") == 0, "%s, turn %d: "
		    "the orc is %s", path_planner_name(kind), turn, mi.state);
		if (turn < 4) {
			ck_assert_str_eq(game_terrain_name(g, 8, 4), "floor");
			ck_assert_msg(path_through(g, orc, 8, 4),
			    "%s, turn %d: the orc's way is not the gallery",
			    path_planner_name(kind), turn);
			replans = mi.replans;
			continue;
		}
		ck_assert_str_eq(game_terrain_name(g, 8, 4), "cave-in");
		ck_assert_msg(!path_through(g, orc, 8, 4), "%s, turn %d: the "
		    "orc plans through the cave-in", path_planner_name(kind),
		    turn);
		if (turn == 4) {
			ck_assert_msg(mi.replans > replans &&
			    mi.stats.replanned,
			    "%s: the orc did not search again when the "
			    "gallery caved in (%d replans before, %d after)",
			    path_planner_name(kind), replans, mi.replans);
			ck_assert_msg(path_on_row(g, orc, 1), "%s: the orc's "
			    "new way is not round by the drift",
			    path_planner_name(kind));
		}
		if (mi.y == 1)
			drift = turn;
		if (attacked_since(g, seen, "orc")) {
			fought = turn;
			ck_assert_msg(mi.x == 13 && mi.y == 3, "%s, turn %d: "
			    "the orc fights from %d,%d",
			    path_planner_name(kind), turn, mi.x, mi.y);
		}
	}
	ck_assert_msg(drift > 0, "%s: the orc never took the drift",
	    path_planner_name(kind));
	ck_assert_msg(fought > drift, "%s: the orc never came round to "
	    "fight (it is at %d,%d)", path_planner_name(kind), mi.x, mi.y);
	game_free(g);
}
END_TEST

/*
 * dig.dun, once per planner kind: the kobold hears the player step and
 * sets off the long way round; the player then digs through the soft
 * rock between them.  The kobold's next path goes through the dug cell
 * (cached too: a way that opens beside its path makes it look again),
 * and that is where it comes to fight from.
 */
START_TEST(test_dig_shortcut)
{
	enum path_planner_kind		 kind = every_kind[_i];
	struct game			*g;
	struct game_monster_info	 mi;
	long				 seen;
	int				 kobold, turn, fought = 0;

	g = play_fixture(FIXTURE("dig.dun"), 3);
	force_planner(g, kind);
	kobold = monster_find_alive(g, "kobold");
	/* Digging takes a pick: one lies where the player starts. */
	level_add_found(g, g->level, g->px, g->py, item_find(&g->items,
	    "pick-axe"));
	act(g, GAME_CMD_PICKUP, 0, 0);
	act(g, GAME_CMD_MOVE, -1, 0);
	mi = monster_get(g, kobold);
	ck_assert_msg(strcmp(mi.state, "hunting") == 0, "%s: the kobold did "
	    "not hear the step: it is %s", path_planner_name(kind), mi.state);
	ck_assert_msg(path_on_row(g, kobold, 1) &&
	    !path_through(g, kobold, 7, 3), "%s: before the dig the kobold's "
	    "way is not round by the drift", path_planner_name(kind));
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "wall");
	act(g, GAME_CMD_DIG, -1, 0);	/* five turns, one command */
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "rubble");
	ck_assert_msg(path_through(g, kobold, 7, 3) &&
	    !path_on_row(g, kobold, 1), "%s: after the dig the kobold's way "
	    "is not through the dug cell", path_planner_name(kind));
	for (turn = 3; turn <= 12 && !fought; turn++) {
		seen = game_message_total(g);
		act(g, GAME_CMD_WAIT, 0, 0);
		mi = monster_get(g, kobold);
		if (attacked_since(g, seen, "kobold"))
			fought = turn;
	}
	ck_assert_msg(fought && mi.x == 7 && mi.y == 3, "%s: the kobold did "
	    "not come through the dug cell to fight (it is at %d,%d)",
	    path_planner_name(kind), mi.x, mi.y);
	game_free(g);
}
END_TEST

/*
 * search.dun: the player walks away from a slow troll down a winding
 * passage, out of its sight and hearing, then waits.  The troll hunts,
 * then searches: heading for a place the player has been (not where the
 * player is now, which it cannot know) and for the same place every turn;
 * it reaches that place, finds nobody, and wanders again.
 */
START_TEST(test_search_gives_up)
{
	static const char	 walk[] = "lllllllll" "jjj" "llllllll" "jjj"
				    "llllllllllllllll";
	struct game			*g;
	struct game_monster_info	 mi;
	struct game_info		 gi;
	struct path_point		 trail[200];
	int				 troll, turn, i, hunted = 0;
	int				 searching = 0, tx = -1, ty = -1;
	int				 gave_up = 0, give_up, visited;
	int				 dx, dy, lx, ly;

	g = play_fixture(FIXTURE("search.dun"), 1 + (uint64_t)_i);
	troll = monster_find_alive(g, "troll");
	mi = monster_get(g, troll);
	give_up = g->monsters.k[g->level->mon[troll].kind].give_up;
	for (turn = 1; turn <= 150 && !gave_up; turn++) {
		if (turn <= (int)sizeof walk - 1) {
			keys_direction(walk[turn - 1], &dx, &dy);
			act(g, GAME_CMD_MOVE, dx, dy);
		} else
			act(g, GAME_CMD_WAIT, 0, 0);
		game_info(g, &gi);
		trail[turn].x = gi.px;
		trail[turn].y = gi.py;
		lx = mi.x;
		ly = mi.y;
		mi = monster_get(g, troll);
		if (strcmp(mi.state, "hunting") == 0) {
			hunted = turn;
			searching = 0;
		} else if (strcmp(mi.state, "searching") == 0) {
			if (searching == 0) {
				searching = turn;
				tx = mi.tx;
				ty = mi.ty;
				ck_assert_msg(tx != gi.px || ty != gi.py,
				    "turn %d: the troll searches where the "
				    "player is", turn);
				for (visited = 0, i = 1; i <= turn; i++)
					visited |= trail[i].x == tx &&
					    trail[i].y == ty;
				ck_assert_msg(visited, "turn %d: the troll "
				    "searches at %d,%d, where the player never "
				    "was", turn, tx, ty);
			}
			ck_assert_msg(mi.tx == tx && mi.ty == ty, "turn %d: "
			    "the troll's search moved from %d,%d to %d,%d",
			    turn, tx, ty, mi.tx, mi.ty);
			ck_assert_msg(path_through(g, troll, tx, ty),
			    "turn %d: the troll's path does not lead to where "
			    "it searches", turn);
		} else if (searching > 0) {
			/* It gives up on the act after it arrives. */
			gave_up = turn;
			ck_assert_msg((mi.x == tx && mi.y == ty) ||
			    (lx == tx && ly == ty), "turn %d: the troll gave "
			    "up at %d,%d, short of %d,%d", turn, lx, ly, tx,
			    ty);
			ck_assert_int_le(gave_up - searching, give_up);
			ck_assert_uint_eq(game_monster_path(g, troll, NULL, 0),
			    0);
			ck_assert_int_eq(mi.tx, -1);
		}
	}
	ck_assert_msg(hunted > 0, "the troll never noticed the player");
	ck_assert_msg(searching > hunted, "the troll never lost the player");
	ck_assert_msg(gave_up > searching, "the troll never gave up (it is "
	    "at %d,%d, %s)", mi.x, mi.y, mi.state);
	game_free(g);
}
END_TEST

/*
 * A rat that sees the player rouses the rats near it (within 12 cells)
 * that cannot: they go to search where it saw the player; a rat farther
 * off, and a kobold, are left alone.  Case 1 fills a sealed store room
 * with hundreds of kobolds first, so that the rousing looks at the cells
 * round the rat instead of walking the monster list; both must agree.
 */
START_TEST(test_pack_rouses)
{
	struct game			*g;
	struct game_monster_info	 mi;
	struct game_info		 gi;
	int				 seer, near, far, kobold, kind, x, y;

	g = play_fixture(FIXTURE("pack.dun"), 5 + (uint64_t)_i);
	seer = monster_at(g, 5, 2);
	near = monster_at(g, 11, 2);
	far = monster_at(g, 25, 2);
	kobold = monster_at(g, 14, 2);
	if (_i == 1) {
		kind = g->level->mon[kobold].kind;
		for (y = 5; y <= 31; y++)
			for (x = 1; x <= 30; x++)
				level_add_monster(g, g->level, kind, x, y);
		/* More monsters than cells within 12 of one: (2*12+1)^2. */
		ck_assert_int_gt(game_monster_count(g), 25 * 25);
	}
	act(g, GAME_CMD_WAIT, 0, 0);
	game_info(g, &gi);
	mi = monster_get(g, seer);
	ck_assert_str_eq(mi.state, "hunting");
	mi = monster_get(g, near);
	ck_assert_msg(strcmp(mi.state, "searching") == 0, "the rat behind "
	    "the wall is %s, not searching", mi.state);
	ck_assert_int_eq(mi.tx, gi.px);
	ck_assert_int_eq(mi.ty, gi.py);
	mi = monster_get(g, far);
	ck_assert_msg(strcmp(mi.state, "searching") != 0 &&
	    strcmp(mi.state, "hunting") != 0, "the rat 20 cells off is %s",
	    mi.state);
	mi = monster_get(g, kobold);
	ck_assert_msg(strcmp(mi.state, "searching") != 0 &&
	    strcmp(mi.state, "hunting") != 0, "the kobold is %s", mi.state);
	game_free(g);
}
END_TEST

/* --- every planner against the oracle, inside the game ----------------- */

/* Where a monster stood and what it knew when a plan ended. */
struct judge_monster {
	int			 x, y;
	enum monster_state	 state;
	int			 lx, ly;
};

/* The judge of every plan of one game: see the top of the file. */
struct judge {
	const struct game	*g;
	int			 px, py;	/* when the plan ended */
	struct judge_monster	 mon[JUDGE_MONSTERS];
	struct path_planner	*planner[JUDGE_MONSTERS];	/* first */
	struct path_point	*path;
	size_t			 cap;

	path_cost		*to[CLASS_MAX];	/* oracle: costs to */
	int			 to_valid[CLASS_MAX];
	uint64_t		 to_version[CLASS_MAX];
	int			 to_x[CLASS_MAX], to_y[CLASS_MAX];

	long			 judged;
	long			 found;
	long			 none;
	long			 searching;
	long			 dearer;	/* cached, not optimal */
	int			 failed;
	char			 failure[512];
};

static void	 judge_fail(struct judge *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

/* Records the first thing the judge found wrong. */
static void
judge_fail(struct judge *j, const char *fmt, ...)
{
	va_list	ap;

	if (j->failed++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(j->failure, sizeof j->failure, fmt, ap);
	va_end(ap);
}

/* Notes the world as a plan ends. */
static void
judge_snapshot(struct judge *j)
{
	const struct game	*g = j->g;
	const struct level	*l = g->level;
	const struct monster	*m;
	int			 i;

	j->px = g->px;
	j->py = g->py;
	for (i = 0; i < l->nmon && i < JUDGE_MONSTERS; i++) {
		m = &l->mon[i];
		j->mon[i].x = m->x;
		j->mon[i].y = m->y;
		j->mon[i].state = m->state;
		j->mon[i].lx = m->lx;
		j->mon[i].ly = m->ly;
	}
}

/*
 * The oracle's cost from (x,y) to (tx,ty) on the grid of a class.  On the
 * level's own grid one search to the target serves every monster of the
 * class heading there until the grid changes (a pack hunting the player
 * costs one search a turn); a grid as it was earlier gets its own.
 */
static path_cost
judge_oracle(struct judge *j, int cls, const struct path_grid *grid,
    int x, int y, int tx, int ty)
{
	const struct level	*l = j->g->level;
	size_t			 cells = (size_t)l->width * l->height;

	if (grid != l->cost[cls])
		return (oracle_cost(grid, l->rules, x, y, tx, ty));
	if (!j->to_valid[cls] || j->to_version[cls] !=
	    path_grid_version(grid) || j->to_x[cls] != tx ||
	    j->to_y[cls] != ty) {
		if (j->to[cls] == NULL) {
			j->to[cls] = calloc(cells, sizeof *j->to[cls]);
			ck_assert(j->to[cls] != NULL);
		}
		oracle_costs_to(grid, l->rules, tx, ty, j->to[cls]);
		j->to_valid[cls] = 1;
		j->to_version[cls] = path_grid_version(grid);
		j->to_x[cls] = tx;
		j->to_y[cls] = ty;
	}
	if (path_grid_get(grid, x, y) == 0)
		return (PATH_COST_NONE);
	return (j->to[cls][y * l->width + x]);
}

/* Judges the plan monster i just made. */
static void
judge_plan(struct judge *j, int i)
{
	const struct game		*g = j->g;
	const struct level		*l = g->level;
	const struct monster		*m;
	const struct judge_monster	*wm;
	const struct path_grid		*grid;
	enum path_planner_kind		 kind;
	path_cost			 cost, best, walked;
	size_t				 n;
	char				 why[128];
	int				 tx, ty, cls;

	if (i < 0 || i >= l->nmon || i >= JUDGE_MONSTERS) {
		judge_fail(j, "turn %ld: a plan by monster %d, of %d",
		    g->turn, i, l->nmon);
		return;
	}
	m = &l->mon[i];
	wm = &j->mon[i];
	kind = path_planner_kind(m->planner);
	if (j->planner[i] == NULL)
		j->planner[i] = m->planner;	/* a monster that arrived */
	if (m->planner != j->planner[i])
		judge_fail(j, "turn %ld: monster %d's planner was rebuilt",
		    g->turn, i);
	if (wm->state == MS_HUNT && m->post_x >= 0) {
		tx = m->post_x;		/* a shooter's cell to shoot from */
		ty = m->post_y;
	} else if (wm->state == MS_HUNT) {
		tx = j->px;
		ty = j->py;
	} else if (wm->state == MS_SEARCH) {
		tx = wm->lx;
		ty = wm->ly;
		j->searching++;
	} else {
		judge_fail(j, "turn %ld: monster %d planned while wandering",
		    g->turn, i);
		return;
	}
	cls = g->monsters.k[m->kind].cls;
	grid = l->cost[cls];
	cost = path_planner_cost(m->planner);
	best = judge_oracle(j, cls, grid, wm->x, wm->y, tx, ty);
	n = path_planner_path(m->planner, NULL, 0);
	if (n > j->cap) {
		j->cap = n * 2;
		j->path = realloc(j->path, j->cap * sizeof *j->path);
		ck_assert(j->path != NULL);
	}
	path_planner_path(m->planner, j->path, j->cap);
	j->judged++;
	if (cost != PATH_COST_NONE) {
		j->found++;
		walked = oracle_path_cost(grid, l->rules, wm->x, wm->y, tx, ty,
		    j->path, n, why, sizeof why);
		if (walked != cost)
			judge_fail(j, "turn %ld: %s of monster %d from %d,%d "
			    "to %d,%d: its path (%zu points) costs %lld, it "
			    "says %lld (%s)", g->turn, path_planner_name(kind),
			    i, wm->x, wm->y, tx, ty, n, (long long)walked,
			    (long long)cost, walked < 0 ? why : "");
	} else {
		j->none++;
		if (n != 0)
			judge_fail(j, "turn %ld: %s of monster %d found no way "
			    "but offers a path of %zu points", g->turn,
			    path_planner_name(kind), i, n);
	}
	if (kind != PATH_PLANNER_CACHED && cost != best)
		judge_fail(j, "turn %ld: %s of monster %d from %d,%d to %d,%d "
		    "(%s): cost %lld, a search from scratch %lld", g->turn,
		    path_planner_name(kind), i, wm->x, wm->y, tx, ty,
		    wm->state == MS_HUNT ? "hunting" : "searching",
		    (long long)cost, (long long)best);
	if (kind == PATH_PLANNER_CACHED) {
		if ((cost == PATH_COST_NONE) != (best == PATH_COST_NONE) ||
		    cost < best)
			judge_fail(j, "turn %ld: cached of monster %d from "
			    "%d,%d to %d,%d: cost %lld, a search from scratch "
			    "%lld", g->turn, i, wm->x, wm->y, tx, ty,
			    (long long)cost, (long long)best);
		else if (cost > best)
			j->dearer++;
	}
}

/* The game's plan observer: notes the world and judges the plan. */
static void
judge_observe(void *arg, const struct game *g, int monster)
{
	struct judge	*j = arg;

	if (j->g != g)
		return;		/* the game is still being made */
	judge_snapshot(j);
	judge_plan(j, monster);
}

/* A random player's action that takes a turn; waypoint in *wx, *wy. */
static void
player_random(struct game *g, struct oracle_rng *r, int *wx, int *wy)
{
	const struct terrain_table	*t = &g->terrain;
	struct game_action		 a;
	int				 tries, roll, d, tt, dx, dy;
	static const int		 dirs[8][2] = { { 0, -1 }, { 1, -1 },
					     { 1, 0 }, { 1, 1 }, { 0, 1 },
					     { -1, 1 }, { -1, 0 }, { -1, -1 } };

	if ((g->px == *wx && g->py == *wy) || oracle_rng_below(r, 60) == 0) {
		*wx = oracle_rng_below(r, g->level->width);
		*wy = oracle_rng_below(r, g->level->height);
	}
	for (tries = 0; tries < 30; tries++) {
		roll = oracle_rng_below(r, 100);
		d = oracle_rng_below(r, 8);
		a.dx = dirs[d][0];
		a.dy = dirs[d][1];
		tt = level_at(g->level, g->px + a.dx, g->py + a.dy);
		if (roll < 8) {
			a.cmd = GAME_CMD_WAIT;
		} else if (roll < 30) {
			/* Doors: open a shut one, shut an open one. */
			if (tt != t->door && tt != t->open_door)
				continue;
			a.cmd = tt == t->door ? GAME_CMD_OPEN : GAME_CMD_CLOSE;
		} else if (roll < 38) {
			if (tt != t->wall && tt != t->cave_in)
				continue;
			a.cmd = GAME_CMD_DIG;
		} else {
			a.cmd = GAME_CMD_MOVE;
			if (roll < 80) {
				dx = *wx > g->px ? 1 : *wx < g->px ? -1 : 0;
				dy = *wy > g->py ? 1 : *wy < g->py ? -1 : 0;
				if (dx != 0 || dy != 0) {
					a.dx = dx;
					a.dy = dy;
				}
			}
		}
		if (game_act(g, a))
			return;
	}
	act(g, GAME_CMD_WAIT, 0, 0);
}

/*
 * Now and then the ground gives (a floor cell no one stands on caves in)
 * or a cave-in is cleared, through level_set_terrain() as every change.
 */
static void
ground_random(struct game *g, struct oracle_rng *r)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	int				 x, y, tt;

	if (oracle_rng_below(r, 100) >= 6)
		return;
	x = oracle_rng_below(r, l->width);
	y = oracle_rng_below(r, l->height);
	tt = level_at(l, x, y);
	if (tt == t->floor && l->occupant[y * l->width + x] == 0 &&
	    (x != g->px || y != g->py))
		level_set_terrain(l, t, x, y, t->cave_in);
	else if (tt == t->cave_in)
		level_set_terrain(l, t, x, y, t->floor);
}

/*
 * Fails unless every class's cost grid says what the terrain table says
 * of each cell's terrain: a change that went round level_set_terrain()
 * would leave a planner walking on a map that is not the level.
 */
static void
costs_match_terrain(const struct game *g)
{
	const struct terrain_table	*t = &g->terrain;
	const struct level		*l = g->level;
	int				 c, x, y, tt;

	for (c = 0; c < t->nclasses; c++) {
		for (y = 0; y < l->height; y++) {
			for (x = 0; x < l->width; x++) {
				tt = level_at(l, x, y);
				if (path_grid_get(l->cost[c], x, y) ==
				    t->t[tt].cost[c])
					continue;
				ck_abort_msg("turn %ld: %s costs %s %u on the "
				    "grid, %u in terrain.txt, at %d,%d",
				    g->turn, t->t[tt].name, t->classes[c],
				    path_grid_get(l->cost[c], x, y),
				    t->t[tt].cost[c], x, y);
			}
		}
	}
}

/*
 * Plays a long random game with every monster on one planner kind and
 * the judge watching each plan; returns what was judged in *j.
 */
static void
planner_run(const char *dungeon, uint64_t seed, enum path_planner_kind kind,
    int turns, struct judge *j)
{
	struct game_config	 cfg = play_config(dungeon, seed, 0);
	struct game		*g;
	struct level		*l;
	struct oracle_rng	 r;
	int			 turn, i, wx = 0, wy = 0;

	memset(j, 0, sizeof *j);
	cfg.plan_observer = judge_observe;
	cfg.plan_observer_arg = j;
	g = play_start(&cfg);
	l = g->level;
	force_planner(g, kind);
	ck_assert_int_le(l->nmon, JUDGE_MONSTERS);
	/* Nobody dies: the hunt goes on for the whole run. */
	g->hp = g->hp_max = 1000000;
	for (i = 0; i < l->nmon; i++) {
		l->mon[i].hp = 1000000;
		j->planner[i] = l->mon[i].planner;
	}
	j->g = g;
	oracle_rng_seed(&r, seed * 7919 + (uint64_t)kind);
	for (turn = 1; turn <= turns; turn++) {
		player_random(g, &r, &wx, &wy);
		ck_assert_msg(!j->failed, "%s, seed %llu: %s (%d failures)",
		    dungeon != NULL ? dungeon : "generated",
		    (unsigned long long)seed, j->failure, j->failed);
		ck_assert_int_eq(game_status(g), GAME_PLAYING);
		ck_assert_msg(g->level == l, "the player left the level");
		g->hp = g->hp_max;
		ground_random(g, &r);
		if (turn % 8 == 0 || turn == turns)
			costs_match_terrain(g);
		/*
		 * A newcomer that died (an arrival has its own hit points,
		 * and the player's random steps attack) leaves its slot to
		 * the next newcomer, with a planner of its own.
		 */
		for (i = 0; i < l->nmon && i < JUDGE_MONSTERS; i++) {
			if (!l->mon[i].alive)
				j->planner[i] = NULL;
		}
	}
	for (i = 0; i < l->nmon; i++)
		ck_assert(!l->mon[i].alive || l->mon[i].planner ==
		    j->planner[i]);
	game_free(g);
	free(j->path);
	j->path = NULL;
	for (i = 0; i < CLASS_MAX; i++) {
		free(j->to[i]);
		j->to[i] = NULL;
	}
}

/* Holds a run to having judged enough plans of every sort. */
static void
planner_run_check(const struct judge *j, const char *what,
    enum path_planner_kind kind, int turns)
{
	ck_assert_msg(j->judged >= turns, "%s, %s: only %ld plans judged in "
	    "%d turns", what, path_planner_name(kind), j->judged, turns);
	ck_assert_msg(j->found >= turns / 2, "%s, %s: only %ld plans found a "
	    "way", what, path_planner_name(kind), j->found);
	ck_assert_msg(j->none > 0, "%s, %s: no plan ever found no way",
	    what, path_planner_name(kind));
	ck_assert_msg(j->searching > 0, "%s, %s: no monster ever searched",
	    what, path_planner_name(kind));
}

/* arena.dun: every planner kind, Chebyshev moves, one-side corners. */
START_TEST(test_planners_arena)
{
	enum path_planner_kind	kind = every_kind[_i];
	struct judge		j;

	planner_run(FIXTURE("arena.dun"), test_seed_base() + 11, kind,
	    RUN_TURNS_ARENA, &j);
	planner_run_check(&j, "arena.dun", kind, RUN_TURNS_ARENA);
}
END_TEST

/* A generated level: every planner kind, octile, no corner cutting. */
START_TEST(test_planners_generated)
{
	enum path_planner_kind	kind = every_kind[_i];
	struct judge		j;

	planner_run(NULL, test_seed_base() + 23, kind, RUN_TURNS_GENERATED,
	    &j);
	planner_run_check(&j, "generated", kind, RUN_TURNS_GENERATED);
}
END_TEST

/* --- determinism, saves and replays -------------------------------------- */

/* A game to play, save and replay. */
struct persist_case {
	const char	*dungeon;	/* NULL: generated */
	uint64_t	 seed;
	int		 monsters;
};

static const struct persist_case persist_cases[] = {
	{ NULL, 8, 0 },
	{ NULL, 2, 0 },
	{ NULL, 3, 0 },
	{ SHIPPED("gates.dun"), 4, 0 },
	{ SHIPPED("collapsing-mine.dun"), 5, 0 },
	{ SHIPPED("door-maze.dun"), 6, 12 }
};
#define PERSIST_CASES	\
	(int)(sizeof persist_cases / sizeof persist_cases[0])

/* Keys typed, as they are chosen. */
struct typed {
	char	*keys;
	size_t	 n;
	size_t	 cap;
};

static void
typed_add(struct typed *t, char key)
{
	if (t->n + 2 > t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->keys = realloc(t->keys, t->cap);
		ck_assert(t->keys != NULL);
	}
	t->keys[t->n++] = key;
	t->keys[t->n] = '\0';
}

/* The movement key of a step. */
static char
key_of(int dx, int dy)
{
	static const char	moves[] = "hjklyubn";
	int			i, kx, ky;

	for (i = 0; moves[i] != '\0'; i++) {
		keys_direction(moves[i], &kx, &ky);
		if (kx == dx && ky == dy)
			return (moves[i]);
	}
	return ('.');
}

/*
 * The next key or two a restless player types, looking at the game:
 * mostly towards the nearest monster (so that hunts and fights happen),
 * otherwise anywhere, a wait, or an open, close or dig with its
 * direction.
 */
static void
key_choose(const struct game *g, struct oracle_rng *r, struct typed *t)
{
	static const char		 moves[] = "hjklyubn";
	struct game_monster_info	 mi;
	struct game_info		 gi;
	int				 roll, i, d, best = -1, dx, dy;

	game_info(g, &gi);
	roll = oracle_rng_below(r, 100);
	if (roll < 8) {
		typed_add(t, '.');
		return;
	}
	if (roll < 20) {
		typed_add(t, "ocD"[oracle_rng_below(r, 3)]);
		typed_add(t, moves[oracle_rng_below(r, 8)]);
		return;
	}
	if (roll < 60) {
		for (i = 0; i < game_monster_count(g); i++) {
			if (game_monster_info(g, i, &mi) != 0 || !mi.alive)
				continue;
			d = abs(mi.x - gi.px) + abs(mi.y - gi.py);
			if (best < 0 || d < best) {
				best = d;
				dx = mi.x > gi.px ? 1 : mi.x < gi.px ? -1 : 0;
				dy = mi.y > gi.py ? 1 : mi.y < gi.py ? -1 : 0;
			}
		}
		if (best >= 0 && (dx != 0 || dy != 0)) {
			typed_add(t, key_of(dx, dy));
			return;
		}
	}
	typed_add(t, moves[oracle_rng_below(r, 8)]);
}

/*
 * Feeds one key as the front ends do: through the key machine, into the
 * key log (all but a save, which is not part of the game), and to the
 * game, whole or (stepwise) a monster at a time as the watching screen
 * does.  Returns the action's result (1: a turn went, 0: refused), or -1
 * for a key that is only part of a command.
 */
static int
feed_key_as(struct game *g, struct keys *ks, int key, int stepwise)
{
	struct game_action	a;
	enum keys_result	kr;
	int			took;

	kr = keys_feed(ks, key, &a);
	ck_assert_msg(kr != KEYS_UNKNOWN, "'%c' is not a game key", key);
	if (kr != KEYS_ACTION || a.cmd != GAME_CMD_SAVE)
		game_log_key(g, key);
	if (kr != KEYS_ACTION)
		return (-1);
	if (!stepwise)
		return (game_act(g, a));
	took = game_begin(g, a);
	/* Each step is one monster; the turn ends with the last of them. */
	while (game_mid_turn(g))
		ck_assert_int_ge(game_step(g), 0);
	ck_assert_int_eq(game_step(g), -1);
	return (took);
}

static int
feed_key(struct game *g, struct keys *ks, int key)
{
	return (feed_key_as(g, ks, key, 0));
}

/* Plays keys while the game lasts; returns how many were fed. */
static size_t
feed_keys(struct game *g, const char *keys, size_t n)
{
	struct keys	ks;
	size_t		i;

	keys_init(&ks);
	for (i = 0; i < n && game_status(g) == GAME_PLAYING; i++)
		feed_key(g, &ks, (unsigned char)keys[i]);
	return (i);
}

/* Whether some monster is hunting, not yet at the player's side. */
static int
someone_hunting(const struct game *g)
{
	struct game_monster_info	mi;
	int				i;

	for (i = 0; i < game_monster_count(g); i++) {
		if (game_monster_info(g, i, &mi) == 0 && mi.alive &&
		    strcmp(mi.state, "hunting") == 0 &&
		    game_monster_path(g, i, NULL, 0) >= 3)
			return (1);
	}
	return (0);
}

/*
 * Fails unless two games show the same monsters making the same plans.
 * The replan counts of field planners are left out: a context's shared
 * fields are not saved, so the first field plan after a restore rebuilds
 * its field and counts a replan the unsaved game did not (the path, which
 * is what the monster does, is the same and is compared).
 */
static void
same_monsters(const struct game *a, const struct game *b, long turn)
{
	static struct path_point	pa[PATH_MAX_POINTS];
	static struct path_point	pb[PATH_MAX_POINTS];
	struct game_monster_info	ma, mb;
	size_t				na, nb;
	int				i;

	ck_assert_int_eq(game_monster_count(a), game_monster_count(b));
	for (i = 0; i < game_monster_count(a); i++) {
		ma = monster_get(a, i);
		mb = monster_get(b, i);
		/* After every key: test_assert_msg, not ck_assert_msg. */
		test_assert_msg(strcmp(ma.state, mb.state) == 0 &&
		    ma.tx == mb.tx && ma.ty == mb.ty, "turn %ld: monster %d "
		    "(%s) is %s, heading for %d,%d; restored, %s for %d,%d",
		    turn, i, ma.name, ma.state, ma.tx, ma.ty, mb.state, mb.tx,
		    mb.ty);
		test_assert_msg(ma.planner == PATH_PLANNER_FIELD ||
		    ma.replans == mb.replans, "turn %ld: monster %d (%s, %s) "
		    "has replanned %d times, restored %d", turn, i, ma.name,
		    path_planner_name(ma.planner), ma.replans, mb.replans);
		na = game_monster_path(a, i, pa, PATH_MAX_POINTS);
		nb = game_monster_path(b, i, pb, PATH_MAX_POINTS);
		test_assert_msg(na == nb && (na == 0 || memcmp(pa, pb,
		    (na < PATH_MAX_POINTS ? na : PATH_MAX_POINTS) *
		    sizeof *pa) == 0), "turn %ld: monster %d (%s, %s) plans "
		    "another path after the restore", turn, i, ma.name,
		    path_planner_name(ma.planner));
	}
}

/*
 * The persistence tests' private folder, made before them and removed
 * with everything in it after them, by the runner's own process, so that
 * a test that fails half way leaves nothing behind.
 */
static char *persist_dir;

static void
persist_setup(void)
{
	persist_dir = strdup("/tmp/astray-check-game-XXXXXX");
	if (persist_dir == NULL || mkdtemp(persist_dir) == NULL) {
		perror("mkdtemp");
		abort();
	}
}

static void
persist_teardown(void)
{
	struct dirent	*e;
	DIR		*d;
	char		 path[1024];

	if ((d = opendir(persist_dir)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 ||
			    strcmp(e->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", persist_dir,
			    e->d_name);
			unlink(path);
		}
		closedir(d);
	}
	if (rmdir(persist_dir) != 0)
		perror(persist_dir);
	free(persist_dir);
	persist_dir = NULL;
}

/* Reads a whole small file; the caller frees it. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*buf;
	long	 n;

	ck_assert_msg(f != NULL, "%s cannot be read", path);
	ck_assert(fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert(fread(buf, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return (buf);
}

/*
 * Same seed and keys, same game: two games fed the same keys agree on the
 * digest after every key, and so does a third played a monster at a time
 * with the planners watched (as the overlays do: that must change
 * nothing); a fourth from another seed, fed them too, goes otherwise.
 */
START_TEST(test_determinism)
{
	const struct persist_case	*pc = &persist_cases[_i];
	struct game_config		 cfg;
	struct game			*a, *b, *c, *d;
	struct keys			 ka, kb, kc, kd;
	struct oracle_rng		 r;
	struct typed			 t = { NULL, 0, 0 };
	size_t				 i;
	int				 differs = 0;

	cfg = play_config(pc->dungeon, pc->seed, pc->monsters);
	a = play_start(&cfg);
	b = play_start(&cfg);
	d = play_start(&cfg);
	game_watch(d, 1, 0);
	cfg.seed += 1000;
	c = play_start(&cfg);
	ck_assert_uint_eq(game_digest(a), game_digest(b));
	oracle_rng_seed(&r, pc->seed);
	keys_init(&ka);
	keys_init(&kb);
	keys_init(&kc);
	keys_init(&kd);
	for (i = 0; i < PERSIST_KEYS && game_status(a) == GAME_PLAYING; i++) {
		if (i == t.n)
			key_choose(a, &r, &t);
		feed_key(a, &ka, (unsigned char)t.keys[i]);
		feed_key(b, &kb, (unsigned char)t.keys[i]);
		feed_key_as(d, &kd, (unsigned char)t.keys[i], 1);
		if (game_status(c) == GAME_PLAYING)
			feed_key(c, &kc, (unsigned char)t.keys[i]);
		ck_assert_msg(game_digest(a) == game_digest(b), "seed %llu, "
		    "key %zu: the same game gave two digests",
		    (unsigned long long)pc->seed, i);
		same_monsters(a, b, (long)i);
		ck_assert_msg(game_digest(a) == game_digest(d), "seed %llu, "
		    "key %zu: played a monster at a time and watched, the "
		    "game went otherwise", (unsigned long long)pc->seed, i);
		differs |= game_digest(a) != game_digest(c);
	}
	ck_assert_int_eq(game_status(a), game_status(b));
	ck_assert_int_eq(game_status(a), game_status(d));
	ck_assert_msg(differs, "seed %llu: another seed gave the same game",
	    (unsigned long long)pc->seed);
	free(t.keys);
	game_free(a);
	game_free(b);
	game_free(c);
	game_free(d);
}
END_TEST

/*
 * Saves game a, mid-hunt, as a player would, and restores it.
 * Odd cases save with the 'S' key (from a copy of the game, since 'S'
 * ends it); the others call game_save on a itself.  Saving the restored
 * game must give the same bytes.
 */
static struct game *
save_and_restore(struct game *a, const struct game_config *cfg,
    const struct typed *t, int with_key, int name)
{
	struct game	*r, *b;
	struct keys	 ks;
	char		 path1[512], path2[512], *cause = NULL, *saved1;
	char		*saved2;
	size_t		 len1, len2;

	snprintf(path1, sizeof path1, "%s/%d-first.save", persist_dir, name);
	snprintf(path2, sizeof path2, "%s/%d-second.save", persist_dir, name);
	r = a;
	if (with_key) {
		r = play_start(cfg);
		ck_assert_uint_eq(feed_keys(r, t->keys, t->n), t->n);
		ck_assert_uint_eq(game_digest(r), game_digest(a));
		keys_init(&ks);
		ck_assert_int_eq(feed_key(r, &ks, 'S'), 0);
		ck_assert_int_eq(game_status(r), GAME_SAVED);
	}
	ck_assert_msg(game_save(r, path1, &cause) == 0, "%s", cause);
	b = game_load(path1, cfg, &cause);
	ck_assert_msg(b != NULL, "%s", cause);
	ck_assert_int_eq(game_status(b), GAME_PLAYING);
	ck_assert_uint_eq(game_digest(b), game_digest(r));
	same_monsters(r, b, a->turn);
	ck_assert_msg(game_save(b, path2, &cause) == 0, "%s", cause);
	saved1 = slurp(path1, &len1);
	saved2 = slurp(path2, &len2);
	ck_assert_msg(len1 == len2 && memcmp(saved1, saved2, len1) == 0,
	    "the restored game saves differently (%zu bytes, then %zu)", len1,
	    len2);
	free(saved1);
	free(saved2);
	if (r != a)
		game_free(r);
	return (b);
}

/*
 * Save mid-hunt, restore, play on: the restored game and the one that
 * was never saved agree after every key (digest, monster states, targets
 * and paths) to the end; the restored game's key log, replayed from its
 * seed, gives its final digest again; and a replay file of the straight
 * game, written and read back, reproduces it too.
 */
START_TEST(test_save_restore_replay)
{
	const struct persist_case	*pc = &persist_cases[_i];
	struct game_config		 cfg;
	struct game			*a, *b = NULL, *r;
	struct game_origin		 origin;
	struct replay			 rep, back;
	struct keys			 ka, kb;
	struct oracle_rng		 rng;
	struct typed			 t = { NULL, 0, 0 };
	char				*cause = NULL, *text_a, *text_b;
	char				 replay_path[512];
	const char			*log_a, *log_b;
	size_t				 i, cut = 0, nlog_a, nlog_b;
	int				 fed_a, fed_b;

	snprintf(replay_path, sizeof replay_path, "%s/%d.replay", persist_dir,
	    _i);
	cfg = play_config(pc->dungeon, pc->seed, pc->monsters);
	a = play_start(&cfg);
	oracle_rng_seed(&rng, pc->seed * 31 + 1);
	keys_init(&ka);
	keys_init(&kb);
	for (i = 0; i < PERSIST_KEYS && game_status(a) == GAME_PLAYING; i++) {
		if (i == t.n)
			key_choose(a, &rng, &t);
		fed_a = feed_key(a, &ka, (unsigned char)t.keys[i]);
		if (b == NULL) {
			if (ka.pending != 0 || a->turn < 20 ||
			    !someone_hunting(a))
				continue;
			cut = i + 1;
			b = save_and_restore(a, &cfg, &t, _i % 2, _i);
			ck_assert_msg(game_digest(a) == game_digest(b),
			    "seed %llu: the restored game is not the game "
			    "saved", (unsigned long long)pc->seed);
			continue;
		}
		fed_b = feed_key(b, &kb, (unsigned char)t.keys[i]);
		ck_assert_int_eq(fed_a, fed_b);
		ck_assert_msg(game_digest(a) == game_digest(b), "seed %llu: "
		    "key %zu, %zu after the restore: the digests differ",
		    (unsigned long long)pc->seed, i, i - cut);
		same_monsters(a, b, a->turn);
	}
	ck_assert_msg(b != NULL, "seed %llu: no monster ever hunted, so the "
	    "game was never saved mid-hunt (turn %ld)",
	    (unsigned long long)pc->seed, a->turn);
	ck_assert_msg(i >= cut + 20, "seed %llu: the game ended %zu keys "
	    "after it was saved", (unsigned long long)pc->seed, i - cut);
	text_a = game_level_text(a);
	text_b = game_level_text(b);
	ck_assert_str_eq(text_a, text_b);
	free(text_a);
	free(text_b);
	log_a = game_keys(a, &nlog_a);
	log_b = game_keys(b, &nlog_b);
	ck_assert_msg(nlog_a == i && memcmp(log_a, t.keys, i) == 0,
	    "the key log is not the keys typed");
	ck_assert_msg(nlog_a == nlog_b && memcmp(log_a, log_b, nlog_a) == 0,
	    "the restored game's key log differs");

	/* The restored game's key log, replayed from its seed. */
	game_origin(b, &origin);
	cfg = play_config(origin.dungeon, origin.seed, origin.monsters);
	cfg.depths = origin.depths;
	r = play_start(&cfg);
	ck_assert_uint_eq(feed_keys(r, log_b, nlog_b), nlog_b);
	ck_assert_msg(game_digest(r) == game_digest(b), "seed %llu: the "
	    "restored game's key log replays to another game",
	    (unsigned long long)pc->seed);
	game_free(r);

	/* A replay file of the straight game. */
	game_origin(a, &origin);
	memset(&rep, 0, sizeof rep);
	rep.seed = origin.seed;
	rep.dungeon = (char *)(uintptr_t)origin.dungeon;
	rep.depths = origin.depths;
	rep.monsters = origin.monsters;
	rep.keys = (char *)(uintptr_t)log_a;
	rep.nkeys = nlog_a;
	ck_assert_msg(replay_write(replay_path, &rep, &cause) == 0, "%s",
	    cause);
	ck_assert_msg(replay_read(&back, replay_path, &cause) == 0, "%s",
	    cause);
	ck_assert_uint_eq(back.seed, pc->seed);
	ck_assert_int_eq(back.monsters, pc->monsters);
	ck_assert_msg(back.nkeys == nlog_a &&
	    memcmp(back.keys, log_a, nlog_a) == 0, "the replay file lost keys");
	cfg = play_config(back.dungeon, back.seed, back.monsters);
	cfg.depths = back.depths;
	r = play_start(&cfg);
	ck_assert_uint_eq(feed_keys(r, back.keys, back.nkeys), back.nkeys);
	ck_assert_msg(game_digest(r) == game_digest(a), "seed %llu: the "
	    "replay file plays to another game", (unsigned long long)pc->seed);
	game_free(r);
	replay_free(&back);

	free(t.keys);
	game_free(a);
	game_free(b);
}
END_TEST

/*
 * One scoring rule: escaping a hand-made dungeon by its stairs scores as
 * taking the amulet does, 50 a depth reached plus 1000 for the win (both
 * fixtures are of depth 2, without monsters); giving up the same game
 * gets the depth's 50s alone.  The numbers are written here, not taken
 * from the game, and the help's words must say the same.
 */
START_TEST(test_score_rule)
{
	struct game		*g;
	struct game_info	 gi;
	struct game_action	 quit = { .cmd = GAME_CMD_QUIT };

	g = play_fixture(FIXTURE("escape.dun"), 1);
	act(g, GAME_CMD_MOVE, 1, 0);
	act(g, GAME_CMD_DESCEND, 0, 0);
	game_info(g, &gi);
	ck_assert_int_eq(gi.status, GAME_WON);
	ck_assert_str_eq(gi.end_cause, "escaped from The Short Escape");
	ck_assert_int_eq(gi.score, 2 * 50 + 1000);
	game_free(g);

	g = play_fixture(FIXTURE("amulet.dun"), 1);
	act(g, GAME_CMD_MOVE, 1, 0);
	game_info(g, &gi);
	ck_assert_int_eq(gi.status, GAME_WON);
	ck_assert_int_eq(gi.score, 2 * 50 + 1000);
	game_free(g);

	g = play_fixture(FIXTURE("escape.dun"), 1);
	act(g, GAME_CMD_MOVE, 1, 0);
	game_act(g, quit);
	game_info(g, &gi);
	ck_assert_int_eq(gi.status, GAME_QUIT);
	ck_assert_int_eq(gi.score, 2 * 50);
	game_free(g);

	ck_assert_str_eq(game_score_rule(), "each kill's value, 50 a depth, "
	    "1000 a win (amulet or dungeon escaped)");
}
END_TEST

/* Whether one of the last n messages is text. */
static int
told(const struct game *g, const char *text, int n)
{
	const char	*m;
	int		 i;

	for (i = 0; i < n && (m = game_message_text(g, i, NULL)) != NULL; i++) {
		if (strcmp(m, text) == 0)
			return (1);
	}
	return (0);
}

/*
 * The names a player reads are the data's names as words, with the
 * article they take: the door that is shut is "the door", not "the
 * open-door"; an orc hits as "the orc" and kills as "an orc".
 */
START_TEST(test_names)
{
	struct game		*g;
	struct game_info	 gi;
	int			 turns;

	g = play_fixture(FIXTURE("orc-room.dun"), 1);
	act(g, GAME_CMD_MOVE, -1, 0);
	act(g, GAME_CMD_OPEN, -1, 0);
	ck_assert_msg(told(g, "You open the door.", 3), "%s", last_message(g));
	act(g, GAME_CMD_CLOSE, -1, 0);
	ck_assert_msg(told(g, "You close the door.", 3), "%s",
	    last_message(g));
	for (turns = 0; turns < 1000 && game_status(g) == GAME_PLAYING;
	    turns++)
		act(g, GAME_CMD_WAIT, 0, 0);
	game_info(g, &gi);
	ck_assert_int_eq(gi.status, GAME_DEAD);
	ck_assert_msg(strncmp(gi.end_cause, "killed by an orc on The Orc "
	    "Room", 30) == 0, "%s", gi.end_cause);
	ck_assert_msg(strncmp(game_message_text(g, 1, NULL), "The orc hits "
	    "you (", 13) == 0, "%s", game_message_text(g, 1, NULL));
	game_free(g);
}
END_TEST

/*
 * A new game says what wins it, and a dungeon file's intro follows its
 * welcome: stairs out, the amulet, the stairs down of a generated game
 * of ten levels, and no stairs for a generated game of one.
 */
START_TEST(test_welcome)
{
	struct game_config	 cfg;
	struct game		*g;

	g = play_fixture(FIXTURE("escape.dun"), 1);
	ck_assert_str_eq(game_message_text(g, 2, NULL), "You enter The Short "
	    "Escape.  Find the stairs out.");
	ck_assert_str_eq(game_message_text(g, 1, NULL), "A draught comes from "
	    "the east.");
	ck_assert_str_eq(game_message_text(g, 0, NULL), "Somewhere below, "
	    "water drips.");
	game_free(g);

	g = play_fixture(FIXTURE("amulet.dun"), 1);
	ck_assert_str_eq(game_message_text(g, 0, NULL), "You enter The Short "
	    "Hoard.  Find the Amulet of Astray.");
	game_free(g);

	cfg = play_config(NULL, 1, 0);
	g = play_start(&cfg);
	ck_assert_str_eq(game_message_text(g, 0, NULL), "You enter the "
	    "dungeon.  Find the stairs down; the amulet is on depth 10.");
	game_free(g);
	cfg.depths = 1;
	g = play_start(&cfg);
	ck_assert_str_eq(game_message_text(g, 0, NULL), "You enter the "
	    "dungeon.  Find the amulet.");
	game_free(g);
}
END_TEST

/*
 * An event sounds like what it makes: water rushing for deep water, the
 * earth groaning for a cave-in, a grinding for bars that open (a cage
 * opening is not water rushing).
 */
START_TEST(test_event_sounds)
{
	struct game	*g = play_fixture(FIXTURE("events.dun"), 1);
	int		 i;

	for (i = 0; i < 5; i++)
		act(g, GAME_CMD_WAIT, 0, 0);
	ck_assert_msg(told(g, "You hear water rushing.", 5), "no water");
	ck_assert_msg(told(g, "You hear the earth groan.", 5), "no groan");
	ck_assert_msg(told(g, "You hear something grind open.", 5),
	    "no grinding: %s", last_message(g));
	ck_assert_str_eq(game_message_text(g, 0, NULL), "You hear something "
	    "grind open.");
	ck_assert_str_eq(game_message_text(g, 1, NULL), "You hear the earth "
	    "groan.");
	ck_assert_str_eq(game_message_text(g, 2, NULL), "You hear water "
	    "rushing.");
	game_free(g);
}
END_TEST

/* Whether two games' players remember the same, byte for byte. */
static void
same_memory(const struct game *a, const struct game *b)
{
	const struct level	*la = a->level, *lb = b->level;
	size_t			 n = (size_t)la->width * la->height;
	int			 i;

	ck_assert_int_eq(la->width, lb->width);
	ck_assert_int_eq(la->height, lb->height);
	ck_assert_msg(memcmp(la->seen, lb->seen, n) == 0, "seen differs");
	ck_assert_msg(memcmp(la->memory, lb->memory, n) == 0,
	    "the remembered terrain differs");
	ck_assert_int_eq(la->nrecalled, lb->nrecalled);
	for (i = 0; i < la->nrecalled; i++) {
		ck_assert_int_eq(la->recalled[i].x, lb->recalled[i].x);
		ck_assert_int_eq(la->recalled[i].y, lb->recalled[i].y);
		ck_assert_int_eq(la->recalled[i].kind, lb->recalled[i].kind);
		ck_assert_int_eq(la->recalled[i].count, lb->recalled[i].count);
	}
}

/*
 * Remembered cells show what the player saw, not what is there now
 * (tests/data/dun/memory.dun): a door seen open and shut by an event out
 * of view is still drawn and named open, and the potion seen beside it
 * is still there after it is gone, through a save and a restore, until
 * the player comes back and sees the door shut and the floor bare.
 */
START_TEST(test_memory)
{
	struct game_config	 cfg = play_config(FIXTURE("memory.dun"), 1,
				     GAME_NO_MONSTERS);
	struct game		*g = play_start(&cfg), *r;
	struct game_item_info	 ii;
	struct game_cell	 c;
	char			 path[512], *cause = NULL;
	int			 i;

	game_cell(g, 2, 4, &c);
	ck_assert_int_eq(c.visible, 1);
	ck_assert_str_eq(c.glyph, "'");
	ck_assert_str_eq(c.display, "open door");
	game_cell(g, 2, 3, &c);
	ck_assert_int_eq(c.visible, 1);
	ck_assert_ptr_nonnull(c.item_glyph);

	/* Down the corridor, out of sight of the room, till the event. */
	ck_assert_uint_eq(feed_keys(g, "nllllllllll", 11), 11);
	ck_assert_int_eq(g->px, 12);
	ck_assert_int_eq(g->py, 2);
	while (g->turn < 16)
		ck_assert_uint_eq(feed_keys(g, ".", 1), 1);
	ck_assert_str_eq(game_terrain_name(g, 2, 4), "door");
	/* The potion goes too, as if something had taken it. */
	i = level_item_at(g->level, 2, 3);
	ck_assert_int_ge(i, 0);
	level_take_item(g->level, i);
	ck_assert_int_lt(level_item_at(g->level, 2, 3), 0);
	ck_assert_uint_eq(feed_keys(g, ".", 1), 1);

	game_cell(g, 2, 4, &c);
	ck_assert_int_eq(c.visible, 0);
	ck_assert_int_eq(c.seen, 1);
	ck_assert_str_eq(c.glyph, "'");
	ck_assert_str_eq(c.display, "open door");
	game_cell(g, 2, 3, &c);
	ck_assert_int_eq(c.visible, 0);
	ck_assert_ptr_nonnull(c.item_glyph);
	ck_assert_int_eq(game_known_item(g, 2, 3, &ii), 0);
	ck_assert_str_eq(ii.name, "");	/* not drunk yet: its look */
	ck_assert_str_eq(ii.display, g->items.k[g->look_of[item_find(
	    &g->items, "potion-of-healing")]].look);
	ck_assert_int_eq(game_floor_item(g, 2, 3, &ii), -1);
	/* What the player's own travel plans on is untouched. */
	ck_assert_int_eq(game_known_cost(g, 2, 4, NULL), 2);

	/* A save keeps the memory byte for byte. */
	snprintf(path, sizeof path, "%s/memory.save", persist_dir);
	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
	r = game_load(path, &cfg, &cause);
	ck_assert_msg(r != NULL, "%s", cause);
	same_memory(g, r);
	game_cell(r, 2, 4, &c);
	ck_assert_str_eq(c.glyph, "'");
	game_free(g);

	/* Back in the room: the door is seen shut, the floor bare. */
	ck_assert_uint_eq(feed_keys(r, "hhhhhhhhhh", 10), 10);
	ck_assert_int_eq(r->px, 2);
	game_cell(r, 2, 4, &c);
	ck_assert_int_eq(c.visible, 1);
	ck_assert_str_eq(c.glyph, "+");
	ck_assert_str_eq(c.display, "door");
	ck_assert_int_eq(r->level->memory[4 * r->level->width + 2],
	    r->level->terrain[4 * r->level->width + 2]);
	game_cell(r, 2, 3, &c);
	ck_assert_ptr_null(c.item_glyph);
	ck_assert_int_eq(game_known_item(r, 2, 3, &ii), -1);
	ck_assert_int_eq(level_recalled_at(r->level, 2, 3), -1);
	game_free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("game");
	TCase	*tc;

	tc = tcase_create("behaviour");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_door_shutter, 0, 4);
	tcase_add_loop_test(tc, test_door_opener, 0, 4);
	tcase_add_loop_test(tc, test_door_no_hands_waits, 0, 3);
	tcase_add_loop_test(tc, test_door_no_hands_detour, 0, 3);
	tcase_add_loop_test(tc, test_collapse_replans, 0, PATH_PLANNER_KINDS);
	tcase_add_test(tc, test_collapse_keeps_way);
	tcase_add_loop_test(tc, test_dig_shortcut, 0, PATH_PLANNER_KINDS);
	tcase_add_loop_test(tc, test_search_gives_up, 0, 3);
	tcase_add_loop_test(tc, test_pack_rouses, 0, 2);
	tcase_add_test(tc, test_score_rule);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_welcome);
	tcase_add_test(tc, test_event_sounds);
	suite_add_tcase(s, tc);

	tc = tcase_create("planners");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_planners_arena, 0, PATH_PLANNER_KINDS);
	tcase_add_loop_test(tc, test_planners_generated, 0,
	    PATH_PLANNER_KINDS);
	suite_add_tcase(s, tc);

	tc = tcase_create("persistence");
	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, persist_setup, persist_teardown);
	tcase_add_loop_test(tc, test_determinism, 0, PERSIST_CASES);
	tcase_add_loop_test(tc, test_save_restore_replay, 0, PERSIST_CASES);
	tcase_add_test(tc, test_memory);
	suite_add_tcase(s, tc);
	return (s);
}
