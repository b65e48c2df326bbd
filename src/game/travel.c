/*
 * travel.c: moving without tedium: resting, exploring, going to the
 * stairs, each many turns for one key.
 *
 * Each command plays whole turns, one ordinary action at a time (a wait,
 * or a step that may open a door), through game_act(), so the monsters
 * act between them exactly as they would between keys, and a replay of
 * the one key is the same game.  Each stops before a turn when a monster
 * is in view, and after one that cost the player hit points or gave a
 * message to read (anything but the journey's own doors); resting also
 * when the player is whole, exploring when nothing known is left to
 * explore or an item is underfoot, travel on arrival.
 *
 * Exploring and travel follow a Dijkstra map made by the path library's
 * field, to the player from every goal at once (a multi-source field):
 * for exploring the goals are the frontier, every known cell the player
 * can enter (or open) beside a cell never seen, as DCSS and Brogue do; for
 * travel, the cell chosen, or the stairs the player has seen.  The map is walked over what
 * the player knows, not the level as it is: a cell never seen cannot be
 * planned through, and a shut door costs a step more, so the player opens
 * it on the way.  The map is made again only when what the player knows
 * has changed (more cells seen, or a known cell turned to another
 * terrain), and only as far as the player's cell: a Dijkstra search from
 * the goals stops once the player's cell is settled.
 *
 * The goals are kept up to date, not looked for: whether a cell is a
 * goal depends only on it and its eight neighbours, so each cell that
 * changed is looked at with its neighbours, and a list holds the cells
 * that are goals (sorted into the map's row order before they are
 * given to the field, so the field breaks ties as a scan of the whole
 * level would).  A step of exploring a 512x512 level then costs a pass
 * comparing what the player knows with what was mapped, and the search,
 * instead of nine looks at every cell.
 */
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "game-internal.h"
#include "xmalloc.h"

#define TRAVEL_TURNS_MAX	1000	/* turns of one command, at most */
#define TRAVEL_BLOCK		64	/* cells compared at once */

/* What a journey keeps from step to step. */
struct travel {
	enum game_cmd		 cmd;
	int			 tx, ty;	/* a travel's cell, or -1 */
	struct path_grid	*known;		/* what the player knows */
	struct path_field	*map;		/* to the goals */
	uint8_t			*memory;	/* terrain when last mapped */
	uint8_t			*seen;		/* seen cells when last mapped */
	uint8_t			*goal;		/* per cell: TRAVEL_GOAL_* */
	uint32_t		*goals;		/* cells listed: goals, or were */
	size_t			 ngoals;
	size_t			 capgoals;
	int			 mapped;	/* the field is made */
};

/* A cell's place in the goal list. */
#define TRAVEL_GOAL_NO		0	/* not a goal, not listed */
#define TRAVEL_GOAL_YES		1	/* a goal, listed */
#define TRAVEL_GOAL_WAS		2	/* listed, no longer a goal */

/* Whether a living monster is in the player's view. */
static int
travel_monster_in_view(const struct game *g)
{
	const struct level	*l = g->level;
	int			 i;

	for (i = 0; i < l->nmon; i++) {
		if (l->mon[i].alive &&
		    l->visible[l->mon[i].y * l->width + l->mon[i].x])
			return (1);
	}
	return (0);
}

/* What entering a known cell costs the player, or 0 if they cannot. */
static int
travel_cost(const struct game *g, const struct level *l, int i)
{
	const struct terrain	*t = &g->terrain.t[l->terrain[i]];

	if (!l->seen[i])
		return (0);
	if (t->cost[g->terrain.walk] > 0)
		return (t->cost[g->terrain.walk]);
	return (t->open >= 0 && g->terrain.t[t->open].cost[g->terrain.walk] >
	    0 ? 2 : 0);
}

/* Whether a known cell is a goal of exploring: enterable, beside the unseen. */
static int
travel_frontier(const struct game *g, const struct level *l, int x, int y)
{
	int	dx, dy;

	if (travel_cost(g, l, y * l->width + x) == 0)
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
		return (travel_frontier(g, l, x, y));
	return (l->seen[i] && (g->terrain.t[l->terrain[i]].flags &
	    (TERRAIN_STAIRS | TERRAIN_GOAL)));
}

/* Looks again at whether (x,y) is a goal, listing it if it became one. */
static void
travel_mark(const struct game *g, struct travel *tr, int x, int y)
{
	int	i = y * g->level->width + x;

	if (!level_contains(g->level, x, y))
		return;
	if (!travel_is_goal(g, tr, x, y)) {
		if (tr->goal[i] == TRAVEL_GOAL_YES)
			tr->goal[i] = TRAVEL_GOAL_WAS;
		return;
	}
	if (tr->goal[i] == TRAVEL_GOAL_NO) {
		if (tr->ngoals == tr->capgoals) {
			tr->capgoals = tr->capgoals ? 2 * tr->capgoals : 256;
			tr->goals = xreallocarray(tr->goals, tr->capgoals,
			    sizeof *tr->goals);
		}
		tr->goals[tr->ngoals++] = (uint32_t)i;
	}
	tr->goal[i] = TRAVEL_GOAL_YES;
}

/* Orders cell numbers, for qsort. */
static int
travel_cell_cmp(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x < y ? -1 : x > y);
}

/*
 * Makes the map again if what the player knows changed since: the known
 * grid's changed cells and the goals around them, then the field from
 * every goal, only as far as the player's own cell (the step is all a
 * turn needs).
 */
static void
travel_map(struct game *g, struct travel *tr)
{
	struct level	*l = g->level;
	int		 x, y, i, dx, dy, cells = l->width * l->height;
	int		 changed = 0;
	size_t		 k, kept;

	if (tr->memory == NULL) {
		tr->memory = xmalloc((size_t)cells);
		tr->seen = xcalloc((size_t)cells, 1);
		tr->known = path_grid_new(l->width, l->height, 0, 1);
		tr->map = path_field_new(l->width, l->height);
		tr->goal = xcalloc((size_t)cells, 1);
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
		path_grid_set(tr->known, x, y, (unsigned)travel_cost(g, l, i));
		for (dy = -1; tr->mapped && dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++)
				travel_mark(g, tr, x + dx, y + dy);
		changed = 1;
	}
	/* The first time every cell changed: look at each once. */
	for (i = 0; !tr->mapped && i < cells; i++)
		travel_mark(g, tr, i % l->width, i / l->width);
	if (!changed && tr->mapped)
		return;
	tr->mapped = 1;
	path_field_begin(tr->map, tr->known, l->rules, tr->tx, tr->ty,
	    PATH_FIELD_TO_SOURCE);
	for (k = kept = 0; k < tr->ngoals; k++) {
		i = (int)tr->goals[k];
		if (tr->goal[i] == TRAVEL_GOAL_YES)
			tr->goals[kept++] = tr->goals[k];
		else
			tr->goal[i] = TRAVEL_GOAL_NO;
	}
	tr->ngoals = kept;
	if (tr->ngoals > 1)	/* none: goals is still NULL */
		qsort(tr->goals, tr->ngoals, sizeof *tr->goals,
		    travel_cell_cmp);
	for (k = 0; k < tr->ngoals; k++)
		path_field_add_source(tr->map, tr->known,
		    (int)(tr->goals[k] % (uint32_t)l->width),
		    (int)(tr->goals[k] / (uint32_t)l->width));
	path_field_run_to(tr->map, tr->known, 0, g->px, g->py, NULL);
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
	free(tr->goals);
}

/*
 * The next step of an exploration or a journey, or -1 with a message
 * if there is none (arrived, or nothing left).
 */
static int
travel_step(struct game *g, struct travel *tr, int *dx, int *dy)
{
	int	nx, ny;

	travel_map(g, tr);
	if (path_field_get(tr->map, g->px, g->py) == PATH_COST_NONE) {
		game_message(g, "%s", tr->cmd == GAME_CMD_EXPLORE ? "There is "
		    "nothing left you can reach to explore." : tr->tx >= 0 ?
		    "You know of no way there." : "You know of no stairs you "
		    "can reach.");
		return (-1);
	}
	if (path_field_next_step(tr->map, tr->known, g->px, g->py, &nx,
	    &ny) != 0) {
		if (tr->cmd == GAME_CMD_TRAVEL)
			game_message(g, "%s", tr->tx >= 0 ? "You are there." :
			    "You are at the stairs.");
		return (-1);	/* on a goal: exploring sees more next turn */
	}
	*dx = nx - g->px;
	*dy = ny - g->py;
	return (0);
}

/* Whether a command that takes many turns stops before the next one. */
static int
travel_stop(struct game *g, enum game_cmd cmd, int turns)
{
	if (g->status != GAME_PLAYING)
		return (1);
	if (travel_monster_in_view(g)) {
		game_message(g, "You stop: a monster comes into view.");
		return (1);
	}
	if (cmd == GAME_CMD_REST && g->hp >= g->hp_max) {
		if (turns > 0)
			game_message(g, "You feel rested.");
		else
			game_message(g, "You are not hurt.");
		return (1);
	}
	if (cmd == GAME_CMD_EXPLORE && turns > 0 &&
	    level_item_at(g->level, g->px, g->py) >= 0) {
		game_message(g, "You stop: something lies here.");
		return (1);
	}
	return (turns >= TRAVEL_TURNS_MAX);
}

/*
 * Whether a turn gave a message the player should read: anything since
 * message number since but the journey's own doors.
 */
static int
travel_news(const struct game *g, long since)
{
	const char	*m;
	long		 i;

	for (i = game_message_total(g) - since - 1; i >= 0; i--) {
		m = game_message_text(g, (int)i, NULL);
		if (m != NULL && strncmp(m, "You open the ", 13) != 0)
			return (1);
	}
	return (0);
}

/*
 * Rests (R), explores (X), travels to the cell (dx,dy) from the player
 * (_) or, for (0,0), to the stairs (> off the stairs), for as many turns
 * as it takes: see the top of the file.  Returns 1 if a turn went.
 */
int
travel_act(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	struct travel		tr;
	struct game_action	a = { .cmd = GAME_CMD_WAIT };
	long			since;
	int			turns = 0, hp;

	memset(&tr, 0, sizeof tr);
	tr.cmd = cmd;
	tr.tx = tr.ty = -1;
	if (cmd == GAME_CMD_TRAVEL && (dx != 0 || dy != 0)) {
		tr.tx = g->px + dx;
		tr.ty = g->py + dy;
		if (!level_contains(g->level, tr.tx, tr.ty) ||
		    travel_cost(g, g->level, tr.ty * g->level->width +
		    tr.tx) == 0) {
			game_message(g, "You know of no way there.");
			return (0);
		}
	}
	for (;;) {
		if (travel_stop(g, cmd, turns))
			break;
		a.cmd = GAME_CMD_WAIT;
		a.dx = a.dy = 0;
		if (cmd != GAME_CMD_REST) {
			if (travel_step(g, &tr, &a.dx, &a.dy) != 0)
				break;
			a.cmd = GAME_CMD_MOVE;
		}
		hp = g->hp;
		since = game_message_total(g);
		if (!game_act(g, a))
			break;
		turns++;
		if (g->hp < hp) {
			game_message(g, "You stop: you are hurt.");
			break;
		}
		if (travel_news(g, since))
			break;		/* a message to read: it is the last */
	}
	travel_free(&tr);
	return (turns > 0);
}

/* What the player knows of entering a cell: see game.h. */
int
game_known_cost(const struct game *g, int x, int y, int *exit)
{
	const struct level	*l = g->level;
	int			 i = y * l->width + x;

	if (exit != NULL)
		*exit = 0;
	if (!level_contains(l, x, y))
		return (0);
	if (exit != NULL && l->seen[i] && (g->terrain.t[l->terrain[i]].flags &
	    (TERRAIN_STAIRS | TERRAIN_GOAL)))
		*exit = 1;
	return (travel_cost(g, l, i));
}

/* Whether a known cell can be dug through: see game.h. */
int
game_known_diggable(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;

	return (level_contains(l, x, y) && l->seen[y * l->width + x] &&
	    g->terrain.t[l->terrain[y * l->width + x]].dig >= 0);
}

/* The level's movement rules: see game.h. */
struct path_rules
game_rules(const struct game *g)
{
	return (g->level->rules);
}
