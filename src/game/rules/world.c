/*
 * world.c: time passing on a level, whatever the player does.
 *
 * Gates open and shut on their schedules (a gate never shuts on the
 * player or a monster: it waits for them), a dungeon file's events
 * happen on their turn (a triggered one once, as the turn passes after
 * the player stands on its cell, its door is open, or a monster of its
 * kind died: level_kill_monster() marks it due), and on generated
 * levels a corridor may collapse
 * now and then, more often deeper down, but never one that would cut
 * the player off from the stairs.  Each change goes through
 * level_set_terrain(), so every planner sees it, and what the player may
 * notice is reported as an event.
 */
#include <stdint.h>
#include <stdlib.h>

#include "astar.h"
#include "event.h"
#include "rng.h"
#include "state.h"
#include "world.h"

#define WORLD_GATE_WARN	2	/* turns before a gate shuts, told */

/* Whether a corridor cell: floor, open on two opposite sides only. */
static int
world_corridor(const struct game *g, const struct level *l, int x, int y)
{
	const struct terrain_table	*t = &g->terrain;
	int				 n, e, s, w;

	if (level_at(l, x, y) != t->floor)
		return (0);
	n = level_cost(l, t->walk, x, y - 1) != 0;
	e = level_cost(l, t->walk, x + 1, y) != 0;
	s = level_cost(l, t->walk, x, y + 1) != 0;
	w = level_cost(l, t->walk, x - 1, y) != 0;
	return ((n && s && !e && !w) || (e && w && !n && !s));
}

/*
 * Whether (x,y) has a way to the stairs (or the goal) over grid: 1 when
 * the level has neither.
 */
static int
world_way_over(const struct game *g, const struct level *l,
    const struct path_grid *grid, int x, int y)
{
	const struct terrain_table	*t = &g->terrain;
	struct path_astar		*a;
	int				 i, n = l->width * l->height, found;

	for (i = 0; i < n; i++)
		if (t->t[l->terrain[i]].flags & (TERRAIN_STAIRS | TERRAIN_GOAL))
			break;
	if (i == n)
		return (1);
	a = path_astar_new(l->width, l->height);
	found = path_astar_search(a, grid, l->rules, x, y, i % l->width,
	    i / l->width, NULL) != PATH_COST_NONE;
	path_astar_free(a);
	return (found);
}

/* The player's grid: the door-openers', as the player opens doors. */
static const struct path_grid *
world_player_grid(const struct game *g, const struct level *l)
{
	int	cls = terrain_class_find(&g->terrain, "doors");

	return (l->cost[cls >= 0 ? cls : g->terrain.walk]);
}

/* Whether (x,y) has a way out: see world.h. */
int
world_way_out(const struct game *g, const struct level *l, int x, int y)
{
	return (world_way_over(g, l, world_player_grid(g, l), x, y));
}

/*
 * Whether corridor cell (x,y) may cave in: not when it would cut the
 * player off from the way out they had (a level's dice must never wall a
 * player in; a gate or the player's own doing may).
 */
static int
world_may_collapse(const struct game *g, const struct level *l, int x,
    int y)
{
	struct path_grid	*grid;
	int			 ok;

	if (!world_way_out(g, l, g->px, g->py))
		return (1);
	grid = path_grid_clone(world_player_grid(g, l));
	path_grid_set(grid, x, y, 0);
	ok = world_way_over(g, l, grid, g->px, g->py);
	path_grid_free(grid);
	return (ok);
}

/* Applies a terrain change somewhere; returns whether anything changed. */
static int
world_change(struct game *g, struct level *l, int x, int y, int terrain)
{
	if (level_at(l, x, y) == terrain)
		return (0);
	level_set_terrain(l, &g->terrain, x, y, terrain);
	return (1);
}

/*
 * A gate keeps its schedule (dungeon_gate_open(), dungeon.h), and never
 * shuts on anyone: it waits for them.  Its opening is reported with how
 * long it stays open, and WORLD_GATE_WARN turns before it shuts that it
 * is about to (when it stays open longer than that); its shutting only
 * when no warning came before it, so a gate the player watches says two
 * things a cycle, not one every change.  The player sees it when any of
 * its cells is in view (a gate of two doorways is seen from either), and
 * it is told at the first cell in view.
 */
static void
world_gate(struct game *g, struct level *l, const struct level_gate *gate)
{
	int	phase, open, k, x, y, changed = 0, seen = 0, at = 0;

	for (k = 0; k < gate->ncells && !seen; k++) {
		if (l->visible[gate->cells[k]]) {
			seen = 1;
			at = k;
		}
	}

	phase = (int)(((g->turn - gate->offset) % gate->every + gate->every) %
	    gate->every);
	open = phase < gate->open_for;
	for (k = 0; k < gate->ncells; k++) {
		x = gate->cells[k] % l->width;
		y = gate->cells[k] / l->width;
		if (!open && ((x == g->px && y == g->py) ||
		    l->occupant[y * l->width + x] != 0))
			continue;
		changed |= world_change(g, l, x, y, open ? gate->open :
		    gate->closed);
	}
	x = gate->cells[at] % l->width;
	y = gate->cells[at] / l->width;
	if (changed && open)
		event_add(&g->events, (struct event){ .kind = EVENT_GATE,
		    .seen = seen, .x = x, .y = y, .a = 1,
		    .b = gate->open_for - phase });
	else if (changed)
		event_add(&g->events, (struct event){ .kind = EVENT_GATE,
		    .seen = seen && gate->open_for <= WORLD_GATE_WARN, .x = x,
		    .y = y, .a = 0 });
	else if (open && gate->open_for > WORLD_GATE_WARN &&
	    gate->open_for - phase == WORLD_GATE_WARN)
		event_add(&g->events, (struct event){ .kind = EVENT_GATE,
		    .seen = seen, .x = x, .y = y, .a = 2,
		    .b = WORLD_GATE_WARN });
}

/*
 * A dungeon's event happens: its rectangle becomes its terrain (but
 * where that would bury the player or a monster), reported as heard.
 */
static void
world_event(struct game *g, struct level *l, const struct dungeon_event *e)
{
	const struct terrain_table	*t = &g->terrain;
	int				 x, y, o;

	for (y = e->y; y < e->y + e->h; y++) {
		for (x = e->x; x < e->x + e->w; x++) {
			if (x == g->px && y == g->py &&
			    t->t[e->terrain].cost[t->walk] == 0)
				continue;	/* spare the player */
			o = l->occupant[y * l->width + x];
			if (o != 0 && t->t[e->terrain].cost[g->monsters.k[
			    l->mon[o - 1].kind].cls] == 0)
				continue;	/* and a monster */
			world_change(g, l, x, y, e->terrain);
		}
	}
	event_add(&g->events, (struct event){ .kind = EVENT_DUNGEON,
	    .terrain = e->terrain });
}

/*
 * Time passes on a level: gates open and shut on their schedules (a gate
 * never shuts on the player), a dungeon's events happen on their turn,
 * and on generated levels a corridor may collapse.
 */
void
world_tick(struct game *g, struct level *l)
{
	const struct terrain_table	*t = &g->terrain;
	struct dungeon_event		*e;
	int				 i, x, y, tries;

	for (i = 0; i < l->ngates; i++)
		world_gate(g, l, &l->gates[i]);
	while (l->next_event < l->nevents &&
	    l->events[l->next_event].trigger == DUNGEON_AT_TURN &&
	    l->events[l->next_event].turn <= g->turn)
		world_event(g, l, &l->events[l->next_event++]);
	for (i = l->next_event; i < l->nevents; i++) {
		e = &l->events[i];
		if (e->trigger == DUNGEON_AT_TURN || e->state == DUNGEON_FIRED)
			continue;
		if ((e->trigger == DUNGEON_ON_STEP && g->px == e->tx &&
		    g->py == e->ty) || (e->trigger == DUNGEON_ON_DOOR &&
		    level_cost(l, t->walk, e->tx, e->ty) != 0))
			e->state = DUNGEON_DUE;
		if (e->state == DUNGEON_DUE) {
			e->state = DUNGEON_FIRED;
			world_event(g, l, e);
		}
	}
	if (l->collapse_chance > 0 && rng_chance(&g->rng, l->collapse_chance)) {
		for (tries = 0; tries < 40; tries++) {
			x = (int)rng_below(&g->rng, (uint32_t)l->width);
			y = (int)rng_below(&g->rng, (uint32_t)l->height);
			if (!world_corridor(g, l, x, y) ||
			    (x == g->px && y == g->py) ||
			    l->occupant[y * l->width + x] != 0 ||
			    t->t[t->floor].collapse < 0 ||
			    !world_may_collapse(g, l, x, y))
				continue;
			event_add(&g->events, (struct event){
			    .kind = EVENT_CAVE_IN, .seen = l->visible[y *
			    l->width + x], .x = x, .y = y });
			level_set_terrain(l, t, x, y, t->t[t->floor].collapse);
			break;
		}
	}
}
