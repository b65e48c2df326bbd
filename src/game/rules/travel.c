/*
 * travel.c: moving without tedium: resting, exploring, going to the
 * stairs, each many turns for one key.
 *
 * Running (Shift and a direction) walks one way until something
 * changes: it stops before a wall, a door, a monster or anything it
 * cannot walk on, and, going straight along a corridor or a wall, where
 * the cells on either side change (a side passage opens, a room begins or
 * ends): a fork or a doorway.  It never opens a door or fights.
 *
 * A journey hands the turn loop its next action, one ordinary action at
 * a time (a wait, or a step that may open a door), as DCSS's travel hands
 * its next command back to the input loop: travel_next() says what to do
 * or that the journey is over, the loop plays the turn as it plays a key
 * (so the monsters act between steps exactly as they would between keys,
 * and a replay of the one key is the same game), and travel_went() says
 * whether the turn just played ends it.  A journey stops before a turn
 * when a monster threatens (travel_threat(): one beside the player, one
 * that hunts and can reach the player, one come into view since the
 * last step), and after one that cost the player hit
 * points or brought news (an event the player learns of, but the
 * journey's own doors: event_is_news()); resting also when the player is
 * whole (begun whole, R waits TRAVEL_WAIT_TURNS turns instead: the way to
 * sit out a shut gate), exploring when nothing known is left to explore
 * (saying so, and whether a gate seen shut may bar the way) or an item is
 * underfoot, travel on arrival.  Why it stopped is reported as an event,
 * like everything else the rules do.
 *
 * Exploring and travel walk over what the player knows, not the level as
 * it is: a cell never seen cannot be planned through, and a shut door
 * costs a step more, so the player opens it on the way.  The goals are,
 * for exploring, the frontier (every known cell the player can enter, or
 * open, beside a cell never seen, as DCSS and Brogue explore) and every
 * item seen on a cell the player has not stood on (LEVEL_ITEM without
 * LEVEL_TRODDEN: an item left lying is not gone back for); for travel
 * the stairs the player has seen, or the one cell chosen.  The way is one
 * Dijkstra search of the path library's field, out from the player, that
 * stops at the first goal it settles (the cheapest; of two as cheap, the
 * first in the map's row order): a disc out to the nearest goal.  A
 * multi-source field from every goal to the player gives the same costs
 * but spreads from all of them at once, some 65,000 cells a step on a
 * half-explored 512x512 level against a few hundred.  The way found is
 * kept and walked while what the player knows stays the same (more cells
 * seen, or a known cell turned to another terrain, make it look again):
 * the rest of a cheapest way to the nearest goal is a cheapest way from
 * each of its cells, and no other goal can have come nearer.
 *
 * A goal of exploring that proved no good is given up, as DCSS and
 * Brogue drop theirs, until the player sees a cell never seen before:
 * one the way to which was lost on the way (a timed gate came down), and
 * one the player reached and still could not see past.  The marks are
 * kept in the level's memory of what the player has seen (LEVEL_GIVEN_UP),
 * so they outlive the key and are saved; without them a player pressing
 * X, and > when X does nothing, may walk between the stairs and a gate
 * for ever, each round one cycle of the gate.
 *
 * The goals are kept up to date, not looked for: whether a cell is a
 * goal depends only on it and its eight neighbours, so each cell that
 * changed is looked at with its neighbours.  A step of exploring a
 * 512x512 level then costs a pass comparing what the player knows with
 * what was mapped (a block of cells at a time), and the search.
 */
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "carry.h"
#include "event.h"
#include "field.h"
#include "state.h"
#include "travel.h"
#include "xmalloc.h"

#define TRAVEL_TURNS_MAX	1000	/* turns of one command, at most */
#define TRAVEL_WAIT_TURNS	100	/* R when whole: turns it waits */
#define TRAVEL_BLOCK		64	/* cells compared at once */
#define TRAVEL_FORGET		20	/* turns a monster seen stays known */

/* What a journey keeps from step to step. */
struct travel {
	enum game_cmd		 cmd;
	int			 tx, ty;	/* a travel's cell, or -1 */
	struct path_grid	*known;		/* what the player knows */
	struct path_field	*map;		/* from the player */
	uint8_t			*memory;	/* terrain when last mapped */
	uint8_t			*seen;		/* seen cells when last mapped */
	uint8_t			*goal;		/* per cell: a goal now */
	int			 width;
	int			 mapped;	/* known and goal are made */
	int			 routed;	/* route is the way, if any */
	struct path_point	*route;		/* the player first */
	size_t			 nroute;	/* 0: no way */
	size_t			 caproute;
	size_t			 at;		/* the player's place on it */
	int			 best;		/* nearest goal found, or -1 */
	path_cost		 best_cost;
	int			 lost;		/* goal headed for before the
						   way was found again, or -1 */
	int			 dx, dy;	/* a run's way */
	int			 sides;		/* a run's: travel_run_step() */
	int			 turns;		/* played so far */
	int			 waiting;	/* R begun whole: waits */
	int			 hp;		/* before the turn under way */
	long			 news;		/* likewise, the events' count */
	uint8_t			*in_view;	/* per monster, at the last
						   look: in the player's view */
	int			 nviews;
	struct path_astar	*reach;		/* whether one can reach */
};

/* Whether monster i of the level can reach the player by its class. */
static int
travel_can_reach(const struct game *g, struct travel *tr, int i)
{
	const struct level	*l = g->level;
	const struct monster	*m = &l->mon[i];

	if (tr->reach == NULL)
		tr->reach = path_astar_new(l->width, l->height);
	return (path_astar_search(tr->reach,
	    l->cost[g->monsters.k[m->kind].cls], l->rules, m->x, m->y, g->px,
	    g->py, NULL) != PATH_COST_NONE);
}

/*
 * The monster that stops a journey before its next turn, or -1; *why
 * says how (enum event_stop): of several, the most pressing (beside the
 * player, then hunting, then new in view), then the nearest.  One
 * beside the player stops it (it can strike from where it is); so does
 * one that hunts the player and can
 * reach them by its movement class, and, once the journey is under way,
 * one that came into view since the last step and was not seen by a
 * journey in the last TRAVEL_FORGET turns: something new to see.  (A
 * monster stepping in and out of view at the edge of sight, or a player
 * stepping back and forth there, is not news every other turn: without
 * the memory, X and a step back could trade turns for ever.)
 * A monster that can neither reach the player nor strike from where it
 * is (an eel in its pool, a rat across deep water), or that does not hunt
 * and is not beside the player, lets the journey go on; so does a peaceful
 * one beside the player (carry.c), which is no threat.
 */
static int
travel_threat(struct game *g, struct travel *tr, int *why)
{
	struct level	*l = g->level;
	struct monster	*m;
	int		 i, found = -1, seen, how, near, nearest = 0, fresh;

	if (tr->nviews < l->nmon) {
		tr->in_view = xreallocarray(tr->in_view, (size_t)l->nmon, 1);
		memset(tr->in_view + tr->nviews, 0, (size_t)(l->nmon -
		    tr->nviews));
		tr->nviews = l->nmon;
	}
	*why = -1;
	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		seen = level_monster_shown(g, l, i);
		fresh = m->sighted == 0 || g->turn + 1 - m->sighted >
		    TRAVEL_FORGET;
		if (seen)
			m->sighted = (int)g->turn + 1;
		near = abs(m->x - g->px) > abs(m->y - g->py) ?
		    abs(m->x - g->px) : abs(m->y - g->py);
		how = -1;
		if (seen && near <= 1 && !carry_peaceful(g, m))
			how = EVENT_STOP_BESIDE;	/* not one at peace */
		else if (seen && m->state == MS_HUNT && (found < 0 ||
		    *why > EVENT_STOP_HUNTS || near < nearest) &&
		    travel_can_reach(g, tr, i))
			how = EVENT_STOP_HUNTS;
		else if (seen && !tr->in_view[i] && fresh && tr->turns > 0)
			how = EVENT_STOP_NEW;
		/* The most pressing, then the nearest, is the one told. */
		if (how >= 0 && (found < 0 || how < *why || (how == *why &&
		    near < nearest))) {
			found = i;
			*why = how;
			nearest = near;
		}
		tr->in_view[i] = (uint8_t)seen;
	}
	return (found);
}

/* Whether a known cell is a goal of exploring: enterable, beside the unseen. */
static int
travel_frontier(const struct game *g, const struct level *l, int x, int y)
{
	int	dx, dy;

	if (level_known_cost(g, l, y * l->width + x) == 0)
		return (0);
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			if (level_contains(l, x + dx, y + dy) &&
			    !l->seen[(y + dy) * l->width + x + dx])
				return (1);
		}
	}
	return (0);
}

/* Whether a known cell is a goal of the journey: see the top of the file. */
static int
travel_is_goal(const struct game *g, const struct travel *tr, int x, int y)
{
	const struct level	*l = g->level;
	int			 i = y * l->width + x;

	if (tr->tx >= 0)
		return (0);	/* one goal, the chosen cell: the source */
	if (tr->cmd == GAME_CMD_EXPLORE)
		return (!(l->seen[i] & LEVEL_GIVEN_UP) &&
		    (travel_frontier(g, l, x, y) || ((l->seen[i] &
		    (LEVEL_ITEM | LEVEL_TRODDEN)) == LEVEL_ITEM &&
		    level_known_cost(g, l, i) != 0)));
	return (l->seen[i] && (g->terrain.t[l->terrain[i]].flags &
	    (TERRAIN_STAIRS | TERRAIN_GOAL)));
}

/* Looks again at whether (x,y) is a goal. */
static void
travel_mark(const struct game *g, struct travel *tr, int x, int y)
{
	if (level_contains(g->level, x, y))
		tr->goal[y * g->level->width + x] = (uint8_t)travel_is_goal(g,
		    tr, x, y);
}

/*
 * The field's trace while looking for the nearest goal: keeps the
 * cheapest goal settled so far (of two as cheap, the first in row order).
 */
static void
travel_found(void *ctx, enum path_trace_event event, int x, int y,
    path_cost cost, path_cost h, int px, int py)
{
	struct travel	*tr = ctx;
	int		 i = y * tr->width + x;

	(void)h;
	(void)px;
	(void)py;
	if (event != PATH_TRACE_EXPAND || !tr->goal[i])
		return;
	if (tr->best < 0 || cost < tr->best_cost ||
	    (cost == tr->best_cost && i < tr->best)) {
		tr->best = i;
		tr->best_cost = cost;
	}
}

/*
 * Rounds the corners the way would squeeze past.  The known grid counts
 * a shut door as open ground (the player opens it on the way), so a way
 * may go diagonally past one where the corner rule forbids it, and the
 * step would be refused turn after turn.  Such a step becomes two,
 * through the cell beside it the player can enter, or else open (the
 * door itself: the player opens it, then goes on).
 */
static void
travel_round_corners(const struct game *g, struct travel *tr)
{
	const struct level	*l = g->level;
	int			 walk = g->terrain.walk, dx, dy, ax, ay, bx, by;
	size_t			 k;

	for (k = 0; k + 1 < tr->nroute; k++) {
		dx = tr->route[k + 1].x - tr->route[k].x;
		dy = tr->route[k + 1].y - tr->route[k].y;
		if (dx == 0 || dy == 0 || level_cost(l, walk, tr->route[k].x +
		    dx, tr->route[k].y + dy) == 0 || level_step_ok(l, walk,
		    tr->route[k].x, tr->route[k].y, dx, dy))
			continue;
		ax = tr->route[k].x + dx;
		ay = tr->route[k].y;
		bx = tr->route[k].x;
		by = tr->route[k].y + dy;
		if (level_known_cost(g, l, by * l->width + bx) > 0 &&
		    (level_cost(l, walk, bx, by) > 0 ||
		    level_known_cost(g, l, ay * l->width + ax) == 0)) {
			ax = bx;
			ay = by;
		} else if (level_known_cost(g, l, ay * l->width + ax) == 0)
			continue;	/* no way round: the step says why */
		if (tr->nroute == tr->caproute) {
			tr->caproute = tr->caproute * 2;
			tr->route = xreallocarray(tr->route, tr->caproute,
			    sizeof *tr->route);
		}
		memmove(tr->route + k + 2, tr->route + k + 1,
		    (tr->nroute - k - 1) * sizeof *tr->route);
		tr->route[k + 1] = (struct path_point){ .x = ax, .y = ay };
		tr->nroute++;
	}
}

/*
 * Finds the way from the player to the nearest goal (or the chosen
 * cell): see the top of the file.  Leaves nroute 0 when there is none.
 */
static void
travel_route(const struct game *g, struct travel *tr)
{
	path_cost	bound;
	size_t		n, k;
	int		gx, gy;

	tr->routed = 1;
	tr->nroute = tr->at = 0;
	path_field_begin(tr->map, tr->known, g->level->rules, g->px, g->py,
	    PATH_FIELD_FROM_SOURCE);
	if (tr->tx >= 0) {
		path_field_run_to(tr->map, tr->known, 0, tr->tx, tr->ty, NULL);
		gx = tr->tx;
		gy = tr->ty;
	} else {
		/*
		 * A bucket of costs at a time: once one holds a goal, every
		 * goal as cheap has been settled with it.
		 */
		tr->best = -1;
		for (bound = PATH_COST_ORTHO; tr->best < 0 &&
		    !path_field_complete(tr->map); bound += PATH_COST_ORTHO)
			path_field_run_within(tr->map, tr->known, 0, bound, NULL);
		if (tr->best < 0)
			return;
		gx = tr->best % tr->width;
		gy = tr->best / tr->width;
	}
	if (path_field_get(tr->map, gx, gy) == PATH_COST_NONE)
		return;
	n = path_field_path(tr->map, gx, gy, NULL, 0);
	if (n > tr->caproute) {
		tr->caproute = n;
		tr->route = xreallocarray(tr->route, n, sizeof *tr->route);
	}
	n = path_field_path(tr->map, gx, gy, tr->route, n);
	for (k = 0; k < n / 2; k++) {		/* the player first */
		struct path_point	t = tr->route[k];

		tr->route[k] = tr->route[n - 1 - k];
		tr->route[n - 1 - k] = t;
	}
	tr->nroute = n;
	travel_round_corners(g, tr);
}

/*
 * Brings what the player knows up to date (the known grid's changed
 * cells and the goals around them), then the way: kept while nothing
 * known changed and the player is on it, else found again.
 */
static void
travel_map(const struct game *g, struct travel *tr)
{
	const struct level *l = g->level;
	int		 x, y, i, dx, dy, cells = l->width * l->height;
	int		 changed = 0;

	if (tr->memory == NULL) {
		tr->memory = xmalloc((size_t)cells);
		tr->seen = xcalloc((size_t)cells, 1);
		tr->known = path_grid_new(l->width, l->height, 0, 1);
		tr->map = path_field_new(l->width, l->height);
		path_field_set_trace(tr->map, travel_found, tr);
		tr->goal = xcalloc((size_t)cells, 1);
		tr->width = l->width;
		memset(tr->memory, 0xff, (size_t)cells);
	}
	for (i = 0; i < cells; i++) {
		/* Most of a level is as it was: skip it a block at a time. */
		if (i % TRAVEL_BLOCK == 0 && cells - i >= TRAVEL_BLOCK &&
		    memcmp(tr->memory + i, l->terrain + i, TRAVEL_BLOCK) == 0 &&
		    memcmp(tr->seen + i, l->seen + i, TRAVEL_BLOCK) == 0) {
			i += TRAVEL_BLOCK - 1;
			continue;
		}
		if (tr->memory[i] == l->terrain[i] && tr->seen[i] == l->seen[i])
			continue;
		tr->memory[i] = l->terrain[i];
		tr->seen[i] = l->seen[i];
		x = i % l->width;
		y = i / l->width;
		path_grid_set(tr->known, x, y, (unsigned)level_known_cost(g, l, i));
		for (dy = -1; tr->mapped && dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++)
				travel_mark(g, tr, x + dx, y + dy);
		changed = 1;
	}
	/* The first time every cell changed: look at each once. */
	for (i = 0; !tr->mapped && i < cells; i++)
		travel_mark(g, tr, i % l->width, i / l->width);
	tr->mapped = 1;
	if (tr->routed && !changed && tr->nroute > 0) {
		/* Still on the way: one step further, or not moved. */
		if (tr->at + 1 < tr->nroute &&
		    tr->route[tr->at + 1].x == g->px &&
		    tr->route[tr->at + 1].y == g->py)
			tr->at++;
		if (tr->route[tr->at].x == g->px &&
		    tr->route[tr->at].y == g->py)
			return;
	} else if (tr->routed && !changed)
		return;				/* still no way */
	tr->lost = -1;
	if (tr->tx < 0 && tr->nroute > 0)
		tr->lost = tr->route[tr->nroute - 1].y * tr->width +
		    tr->route[tr->nroute - 1].x;
	travel_route(g, tr);
}

/*
 * Gives up the goals exploring cannot use, until the player sees something
 * new (as DCSS and Brogue drop an explore goal that proved unreachable):
 * the one it was heading for, when what the player learned on the way
 * left no way to it (a gate came down, a corridor caved in); and the one
 * the player stands on and still could not see past.  Then finds the way
 * again.  Without this, a player pressing X and > by turns could walk
 * between the stairs and a timed gate for ever.
 */
static void
travel_give_up(struct game *g, struct travel *tr)
{
	struct level	*l = g->level;
	int		 here = g->py * l->width + g->px, lost = tr->lost;
	int		 given = 0;

	tr->lost = -1;
	if (lost >= 0 && (tr->nroute == 0 ||
	    tr->route[tr->nroute - 1].y * l->width +
	    tr->route[tr->nroute - 1].x != lost)) {
		/* The search stopped at a nearer goal: take it on to this one. */
		path_field_run_to(tr->map, tr->known, 0, lost % l->width,
		    lost / l->width, NULL);
		if (path_field_get(tr->map, lost % l->width, lost / l->width) ==
		    PATH_COST_NONE) {
			level_give_up(l, lost);
			travel_mark(g, tr, lost % l->width, lost / l->width);
			given = 1;
		}
	}
	if (tr->nroute > 0 && tr->at + 1 >= tr->nroute && tr->goal[here]) {
		level_give_up(l, here);
		travel_mark(g, tr, g->px, g->py);
		given = 1;
	}
	if (given)
		travel_route(g, tr);
}

/*
 * Whether a shut gate the player has seen stands beside a cell the
 * journey's field reached: then what is left to explore may be behind it,
 * and waiting is the way (a gate on a timer opens again).
 */
static int
travel_gate_shut(const struct game *g, const struct travel *tr)
{
	const struct level	*l = g->level;
	const struct level_gate	*gt;
	int			 i, k, c, x, y, dx, dy;

	for (i = 0; i < l->ngates; i++) {
		gt = &l->gates[i];
		for (k = 0; k < gt->ncells; k++) {
			c = gt->cells[k];
			if (!l->seen[c] || l->terrain[c] != gt->closed)
				continue;
			x = c % l->width;
			y = c / l->width;
			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					if (level_contains(l, x + dx, y + dy) &&
					    path_field_get(tr->map, x + dx,
					    y + dy) != PATH_COST_NONE)
						return (1);
		}
	}
	return (0);
}

/* Reports why a journey stops (or cannot start). */
static void
travel_tell(struct game *g, enum event_kind kind)
{
	event_add(&g->events, (struct event){ .kind = kind });
}

/* Frees what a journey kept. */
static void
travel_free(struct travel *tr)
{
	path_field_free(tr->map);
	path_grid_free(tr->known);
	free(tr->memory);
	free(tr->seen);
	free(tr->goal);
	free(tr->route);
	free(tr->in_view);
	path_astar_free(tr->reach);
}

/* Whether the player knows of stairs (or the goal) they can reach. */
static int
travel_stairs_reachable(struct game *g)
{
	struct travel	*tr = travel_begin(g, GAME_CMD_TRAVEL, 0, 0);
	int		 found;

	travel_map(g, tr);
	found = tr->nroute > 0;
	travel_free(tr);
	free(tr);
	return (found);
}

/*
 * The next step of an exploration or a journey, or -1 with an event
 * if there is none (arrived, or nothing left).
 */
static int
travel_step(struct game *g, struct travel *tr, int *dx, int *dy)
{
	travel_map(g, tr);
	if (tr->cmd == GAME_CMD_EXPLORE)
		travel_give_up(g, tr);
	if (tr->nroute == 0 && tr->cmd == GAME_CMD_EXPLORE && tr->turns == 0 &&
	    g->level->given_up > 0 && !travel_stairs_reachable(g)) {
		/*
		 * Nothing left but what was given up, and no stairs to go
		 * to instead: try the given-up goals again rather than
		 * leave the player with nothing to do.
		 */
		level_forget_given_up(g->level);
		tr->mapped = 0;
		tr->routed = 0;
		travel_map(g, tr);
	}
	if (tr->nroute == 0 && tr->cmd == GAME_CMD_EXPLORE) {
		event_add(&g->events, (struct event){ .kind = EVENT_EXPLORED,
		    .a = travel_gate_shut(g, tr) });
		return (-1);
	}
	if (tr->nroute == 0) {
		travel_tell(g, tr->tx >= 0 ? EVENT_NO_WAY : EVENT_NO_STAIRS);
		return (-1);
	}
	if (tr->at + 1 >= tr->nroute) {
		if (tr->cmd == GAME_CMD_TRAVEL)
			travel_tell(g, tr->tx >= 0 ? EVENT_ARRIVED :
			    EVENT_AT_STAIRS);
		return (-1);	/* on a goal: exploring sees more next turn */
	}
	*dx = tr->route[tr->at + 1].x - g->px;
	*dy = tr->route[tr->at + 1].y - g->py;
	return (0);
}

/* Whether the player may walk onto (x,y) while running: see the top. */
static int
travel_run_open(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;
	const struct terrain	*t;

	if (!level_contains(l, x, y) || l->occupant[y * l->width + x] != 0)
		return (0);
	t = &g->terrain.t[l->terrain[y * l->width + x]];
	return (t->cost[g->terrain.walk] > 0 && t->open < 0 && t->close < 0);
}

/* Whether a cell beside a run is a way off it: open ground or a door. */
static int
travel_run_way(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;
	const struct terrain	*t;

	if (!level_contains(l, x, y))
		return (0);
	t = &g->terrain.t[l->terrain[y * l->width + x]];
	return (t->cost[g->terrain.walk] > 0 || t->open >= 0);
}

/*
 * Which of the two cells beside the player, across the way a run goes,
 * are open: bit 0 the left, bit 1 the right; 0 for a diagonal run, which
 * watches only the way ahead.
 */
static int
travel_run_sides(const struct game *g, int dx, int dy)
{
	if (dx != 0 && dy != 0)
		return (0);
	return (travel_run_way(g, g->px + dy, g->py - dx) |
	    travel_run_way(g, g->px - dy, g->py + dx) << 1);
}

/*
 * The next step of a run by (dx,dy), or -1 where it stops (see the top of
 * the file).  *sides holds the sides seen since the run left its first
 * cell: -2 before the first step, -1 after it (the cell a run starts
 * from, often a fork or a doorway, is not what it watches), then the
 * sides of the way it is on.
 */
static int
travel_run_step(const struct game *g, int dx, int dy, int *sides)
{
	int	now = travel_run_sides(g, dx, dy);

	if (!travel_run_open(g, g->px + dx, g->py + dy) ||
	    !level_step_ok(g->level, g->terrain.walk, g->px, g->py, dx, dy))
		return (-1);
	if (*sides >= 0 && now != *sides)
		return (-1);
	*sides = *sides == -2 ? -1 : now;
	return (0);
}

/* Whether a journey stops before its next turn: see the top of the file. */
static int
travel_stop(struct game *g, struct travel *tr)
{
	const struct monster	*m;
	int			 i, why;

	if (g->status != GAME_PLAYING)
		return (1);
	if ((i = travel_threat(g, tr, &why)) >= 0) {
		m = &g->level->mon[i];
		event_add(&g->events, (struct event){ .kind =
		    EVENT_STOP_MONSTER, .monster = m->kind, .x = m->x, .y =
		    m->y, .a = why, .b = tr->turns > 0 });
		return (1);
	}
	if (tr->cmd == GAME_CMD_REST && g->hp >= g->hp_max) {
		if (tr->turns == 0)
			tr->waiting = 1;	/* whole: R waits instead */
		if (!tr->waiting) {
			travel_tell(g, EVENT_RESTED);
			return (1);
		}
		if (tr->turns >= TRAVEL_WAIT_TURNS) {
			travel_tell(g, EVENT_WAITED);
			return (1);
		}
	}
	if (tr->cmd == GAME_CMD_DIG && tr->turns > 0 && g->dig_done == 0)
		return (1);	/* through the wall, or the pick gave out */
	if (tr->cmd != GAME_CMD_REST && tr->cmd != GAME_CMD_DIG &&
	    tr->turns > 0 && level_item_at(g->level, g->px, g->py) >= 0) {
		travel_tell(g, EVENT_STOP_ITEM);
		return (1);
	}
	return (tr->turns >= TRAVEL_TURNS_MAX);
}

/*
 * Begins resting (R), exploring (X), travel to the cell (dx,dy) from the
 * player (_) or, for (0,0), to the stairs (> off the stairs), or a run
 * (dx,dy): see travel.h.
 */
struct travel *
travel_begin(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	struct travel	*tr;
	int		 tx = -1, ty = -1;

	if (cmd == GAME_CMD_TRAVEL && (dx != 0 || dy != 0)) {
		tx = g->px + dx;
		ty = g->py + dy;
		if (!level_contains(g->level, tx, ty) ||
		    level_known_cost(g, g->level, ty * g->level->width + tx) == 0) {
			travel_tell(g, EVENT_NO_WAY);
			return (NULL);
		}
	}
	tr = xcalloc(1, sizeof *tr);
	tr->cmd = cmd;
	tr->tx = tx;
	tr->ty = ty;
	tr->lost = -1;
	tr->dx = dx;
	tr->dy = dy;
	tr->sides = -2;
	return (tr);
}

/* The journey's next action, or -1 where it stops: see travel.h. */
int
travel_next(struct game *g, struct travel *tr, struct game_action *a)
{
	if (travel_stop(g, tr))
		return (-1);
	*a = (struct game_action){ .cmd = GAME_CMD_WAIT };
	if (tr->cmd == GAME_CMD_DIG) {
		a->cmd = GAME_CMD_DIG_TURN;
		a->dx = tr->dx;
		a->dy = tr->dy;
	} else if (tr->cmd == GAME_CMD_RUN) {
		if (travel_run_step(g, tr->dx, tr->dy, &tr->sides) != 0)
			return (-1);
		a->cmd = GAME_CMD_MOVE;
		a->dx = tr->dx;
		a->dy = tr->dy;
	} else if (tr->cmd != GAME_CMD_REST && tr->cmd != GAME_CMD_DIG) {
		if (travel_step(g, tr, &a->dx, &a->dy) != 0)
			return (-1);
		a->cmd = GAME_CMD_MOVE;
	}
	tr->hp = g->hp;
	tr->news = g->events.news;
	return (0);
}

/* Whether the turn just played ends the journey: see travel.h. */
int
travel_went(struct game *g, struct travel *tr)
{
	tr->turns++;
	if (g->hp < tr->hp) {
		travel_tell(g, EVENT_STOP_HURT);
		return (-1);
	}
	return (g->events.news != tr->news ? -1 : 0);	/* news: the last */
}

/* Ends a journey: see travel.h. */
int
travel_end(struct game *g, struct travel *tr)
{
	int	went;

	if (tr == NULL)
		return (0);
	went = tr->turns > 0;
	if (tr->cmd == GAME_CMD_EXPLORE && went && g->status == GAME_PLAYING) {
		/* What stopped it (a gate's message) may have lost the way. */
		travel_map(g, tr);
		travel_give_up(g, tr);
	}
	travel_free(tr);
	free(tr);
	return (went);
}

/*
 * The way the player's own journey would go now: see travel.h.  The map
 * is made afresh, over what the player knows, as a journey's first step
 * makes it.
 */
size_t
travel_way(const struct game *g, int tx, int ty,
    struct path_point *out, size_t max)
{
	struct travel	tr;
	size_t		n = 0;

	if (g->status != GAME_PLAYING || (tx >= 0 &&
	    (!level_contains(g->level, tx, ty) || level_known_cost(g, g->level,
	    ty * g->level->width + tx) == 0)))
		return (0);
	memset(&tr, 0, sizeof tr);
	tr.cmd = tx >= 0 ? GAME_CMD_TRAVEL : GAME_CMD_EXPLORE;
	tr.tx = tx >= 0 ? tx : -1;
	tr.ty = tx >= 0 ? ty : -1;
	tr.lost = -1;
	travel_map(g, &tr);
	n = tr.nroute;
	memcpy(out, tr.route, (n < max ? n : max) * sizeof *out);
	travel_free(&tr);
	return (n);
}
