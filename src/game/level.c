/*
 * level.c: a level in play: terrain, cost grids, monsters, sight, time.
 *
 * Every movement class gets a cost grid derived from the terrain table
 * (what it costs that class to enter each cell) and a planner context on
 * that grid, shared by the monsters of the class.  level_set_terrain() is
 * the one way terrain changes: it rewrites the cell in every class's grid,
 * so each grid's change log records it and every planner catches up on
 * its next plan, whatever changed the tile (a door, a pick, a collapse, a
 * gate, a flood).
 *
 * Generated levels are built from the generator's character map: granite
 * all round, doors where corridors enter rooms, pools of water (and
 * deeper down, lava) placed only where they leave the level connected for
 * walkers, the stairs (or, on the last level, the amulet) as far from the
 * player as the level allows, and monsters of the depth on cells their
 * movement class can stand on.  Corridors of generated levels collapse now
 * and then, more often deeper down.  What happens on a level that the
 * player may notice is recorded (level_tell()) for game.c to tell.
 *
 * The player's memory of a level is a byte a cell, the terrain last seen
 * there, written as the view is computed (and when a cell in view
 * changes), and a short list of the top items last seen, one a cell:
 * screens draw cells out of view from it, so a door shut behind the
 * player's back shows open until seen again.  The player's own travel
 * and exploring (travel.c) plan on seen cells of the level as it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fov.h"
#include "game-internal.h"
#include "gen.h"
#include "xmalloc.h"

/* Creates an empty level of granite: see game-internal.h. */
struct level *
level_new(struct game *g, int width, int height, struct path_rules rules)
{
	struct level	*l;
	size_t		 n = (size_t)width * height;
	int		 c;

	l = xcalloc(1, sizeof *l);
	l->width = width;
	l->height = height;
	l->rules = path_rules_normalize(rules);
	l->terrain = xmalloc(n);
	memset(l->terrain, g->terrain.granite, n);
	l->seen = xcalloc(n, 1);
	l->memory = xcalloc(n, 1);
	l->visible = xcalloc(n, 1);
	l->far = xcalloc(n, 1);
	l->heard = xcalloc(n, 1);
	l->occupant = xcalloc(n, sizeof *l->occupant);
	for (c = 0; c < g->terrain.nclasses; c++)
		l->cost[c] = path_grid_new(width, height, 0,
		    PATH_GRID_LOG_DEFAULT);
	return (l);
}

/* Makes the planner contexts, once the terrain is in place. */
void
level_make_planners(struct game *g, struct level *l)
{
	int	c;

	for (c = 0; c < g->terrain.nclasses; c++) {
		if (l->ctx[c] == NULL)
			l->ctx[c] = path_context_new(l->cost[c], l->rules);
		/* Classes whose costs agree share one search per target. */
		if (c > 0)
			path_context_share(l->ctx[c], l->ctx[0]);
	}
}

void
level_free(struct level *l)
{
	int	i;

	if (l == NULL)
		return;
	for (i = 0; i < l->nmon; i++)
		path_planner_free(l->mon[i].planner);
	free(l->mon);
	for (i = 0; i < CLASS_MAX; i++) {
		path_context_free(l->ctx[i]);
		path_flank_free(l->flank[i]);
		path_grid_free(l->cost[i]);
		free(l->safety[i]);
	}
	for (i = 0; i < l->ngates; i++)
		free(l->gates[i].cells);
	free(l->gates);
	free(l->events);
	free(l->terrain);
	free(l->seen);
	free(l->memory);
	free(l->visible);
	free(l->far);
	free(l->heard);
	free(l->occupant);
	free(l->happened);
	free(l->items);
	free(l->recalled);
	free(l);
}

/* Records what happened, for game.c to tell: see game-internal.h. */
void
level_tell(struct level *l, enum happening_kind kind, int seen, int monster,
    int value, int value2)
{
	if (l->nhappened == l->caphappened) {
		l->caphappened = l->caphappened ? l->caphappened * 2 : 16;
		l->happened = xreallocarray(l->happened,
		    (size_t)l->caphappened, sizeof *l->happened);
	}
	l->happened[l->nhappened++] = (struct happening){
		.kind = kind,
		.seen = seen,
		.monster = monster,
		.value = value,
		.value2 = value2,
	};
}

int
level_contains(const struct level *l, int x, int y)
{
	return (x >= 0 && y >= 0 && x < l->width && y < l->height);
}

/* Terrain at a cell; -1 outside. */
int
level_at(const struct level *l, int x, int y)
{
	if (!level_contains(l, x, y))
		return (-1);
	return (l->terrain[y * l->width + x]);
}

/* What entering a cell costs a class; 0 if it cannot. */
int
level_cost(const struct level *l, int cls, int x, int y)
{
	return (path_grid_get(l->cost[cls], x, y));
}

/*
 * Whether a class may step from (x,y) by (dx,dy) under the level's rules:
 * the target open to it and, diagonally, the corner rule satisfied.
 */
int
level_step_ok(const struct level *l, int cls, int x, int y, int dx, int dy)
{
	int	a, b;

	if (level_cost(l, cls, x + dx, y + dy) == 0)
		return (0);
	if (dx == 0 || dy == 0)
		return (1);
	if (l->rules.movement == PATH_MOVE_4)
		return (0);
	a = level_cost(l, cls, x + dx, y) != 0;
	b = level_cost(l, cls, x, y + dy) != 0;
	switch (l->rules.diagonal) {
	case PATH_DIAG_NO_CORNER_CUT:
		return (a && b);
	case PATH_DIAG_ONE_SIDE:
		return (a || b);
	case PATH_DIAG_ALWAYS:
		return (1);
	default:
		return (0);
	}
}

/* The one way terrain changes: see the top of the file. */
void
level_set_terrain(struct level *l, const struct terrain_table *t, int x,
    int y, int terrain)
{
	int	c;

	if (!level_contains(l, x, y) || terrain < 0 || terrain >= t->n)
		return;
	l->terrain[y * l->width + x] = (uint8_t)terrain;
	/* A change the player watches happen is remembered at once. */
	if (l->visible[y * l->width + x])
		l->memory[y * l->width + x] = (uint8_t)terrain;
	for (c = 0; c < t->nclasses; c++)
		path_grid_set(l->cost[c], x, y, t->t[terrain].cost[c]);
}

/* The monster standing on a cell, or NULL. */
struct monster *
level_monster_at(struct level *l, int x, int y)
{
	int	i;

	if (!level_contains(l, x, y))
		return (NULL);
	i = l->occupant[y * l->width + x];
	return (i > 0 ? &l->mon[i - 1] : NULL);
}

/*
 * Adds a monster of a kind; returns its index.  Draws nothing from the
 * random streams (a restored save adds its monsters this way too).
 */
int
level_add_monster(struct game *g, struct level *l, int kind, int x, int y)
{
	const struct monster_kind	*k = &g->monsters.k[kind];
	struct monster			*m;

	if (l->nmon == l->capmon) {
		l->capmon = l->capmon ? l->capmon * 2 : 32;
		l->mon = xreallocarray(l->mon, (size_t)l->capmon,
		    sizeof *l->mon);
	}
	m = &l->mon[l->nmon];
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->x = x;
	m->y = y;
	m->hp = k->hp;
	m->alive = 1;
	m->state = MS_WANDER;
	m->lx = m->ly = -1;
	m->planner = path_planner_new(k->planner, l->ctx[k->cls]);
	/*
	 * The searches a pack shares take their memory now rather than in
	 * the first turns of the chase (path_context_reserve()).
	 */
	if (k->planner == PATH_PLANNER_CROWD ||
	    k->planner == PATH_PLANNER_FIELD)
		path_context_reserve(l->ctx[k->cls]);
	l->occupant[y * l->width + x] = l->nmon + 1;
	return (l->nmon++);
}

void
level_move_monster(struct level *l, int i, int x, int y)
{
	struct monster	*m = &l->mon[i];

	l->occupant[m->y * l->width + m->x] = 0;
	m->x = x;
	m->y = y;
	l->occupant[y * l->width + x] = i + 1;
}

void
level_kill_monster(struct level *l, int i)
{
	struct monster	*m = &l->mon[i];

	m->alive = 0;
	m->hp = 0;
	l->occupant[m->y * l->width + m->x] = 0;
}

struct level_view {
	const struct game	*g;
	struct level		*l;
	uint8_t			*mark;
	uint8_t			*also;		/* marked too, or NULL */
	int			 learned;	/* a cell of also newly marked */
};

/* Whether a cell blocks sight (outside the level does). */
static int
level_opaque(void *ctx, int x, int y)
{
	struct level_view	*v = ctx;
	int			 t = level_at(v->l, x, y);

	return (t < 0 || (v->g->terrain.t[t].flags & TERRAIN_OPAQUE));
}

static void
level_see(void *ctx, int x, int y)
{
	struct level_view	*v = ctx;

	if (level_contains(v->l, x, y)) {
		v->mark[y * v->l->width + x] = 1;
		if (v->also != NULL) {
			if (!(v->also[y * v->l->width + x] & LEVEL_SEEN)) {
				v->also[y * v->l->width + x] |= LEVEL_SEEN;
				v->learned = 1;
			}
			v->l->memory[y * v->l->width + x] =
			    v->l->terrain[y * v->l->width + x];
		}
	}
}

/* Clears the square of marks a view left, and nothing else. */
static void
level_clear_view(struct level *l, uint8_t *mark)
{
	int	x0, x1, y0, y1, y;

	if (l->view_r == 0)
		return;
	x0 = l->view_x - l->view_r < 0 ? 0 : l->view_x - l->view_r;
	x1 = l->view_x + l->view_r >= l->width ? l->width - 1 :
	    l->view_x + l->view_r;
	y0 = l->view_y - l->view_r < 0 ? 0 : l->view_y - l->view_r;
	y1 = l->view_y + l->view_r >= l->height ? l->height - 1 :
	    l->view_y + l->view_r;
	for (y = y0; y <= y1 && x0 <= x1; y++)
		memset(mark + (size_t)y * l->width + x0, 0, (size_t)(x1 - x0 + 1));
}

/*
 * Marks cell i a goal exploring gave up on (travel.c): it stays given up
 * until the player sees a cell they had never seen.
 */
void
level_give_up(struct level *l, int i)
{
	if (!(l->seen[i] & LEVEL_GIVEN_UP)) {
		l->seen[i] |= LEVEL_GIVEN_UP;
		l->given_up++;
	}
}

/* Something new was seen: every goal given up is a goal again. */
static void
level_forget_given_up(struct level *l)
{
	int	i, n = l->width * l->height;

	for (i = 0; i < n; i++)
		l->seen[i] &= (uint8_t)~LEVEL_GIVEN_UP;
	l->given_up = 0;
}

/*
 * Brings the items the player remembers up to date with the view just
 * computed: what was recalled on a cell in view is forgotten, and the top
 * item of each cell in view is recalled (so a cell out of view shows the
 * item last seen there, taken or not, and an item dropped out of sight is
 * not known).  Both lists are short, so this costs nothing per cell.
 */
static void
level_remember_items(struct level *l)
{
	int	i, n = 0;

	for (i = 0; i < l->nrecalled; i++) {
		if (!l->visible[l->recalled[i].y * l->width +
		    l->recalled[i].x])
			l->recalled[n++] = l->recalled[i];
	}
	l->nrecalled = n;
	for (i = 0; i < l->nitems; i++) {
		if (l->visible[l->items[i].y * l->width + l->items[i].x] &&
		    level_item_at(l, l->items[i].x, l->items[i].y) == i)
			level_recall_add(l, l->items[i].x, l->items[i].y,
			    l->items[i].kind, l->items[i].count);
	}
}

/*
 * Recomputes what the player sees, what it remembers, and how far its
 * sight reaches for the monsters' benefit (sight is symmetric: a monster
 * sees the player when the player's wide field holds the monster).
 */
void
level_update_view(struct game *g, struct level *l)
{
	struct level_view	v = { .g = g, .l = l, .mark = l->visible,
				    .also = l->seen };
	int			r = l->sight > PLAYER_SIGHT ? l->sight :
				    PLAYER_SIGHT;

	/*
	 * Only the square the last view could reach is cleared: on a big
	 * Moving AI map, touching every cell each turn would cost more than
	 * all the monsters' planning.
	 */
	level_clear_view(l, l->visible);
	level_clear_view(l, l->far);
	fov_compute(g->px, g->py, PLAYER_SIGHT, level_opaque, level_see, &v);
	v.mark = l->far;
	v.also = NULL;
	fov_compute(g->px, g->py, l->sight, level_opaque, level_see, &v);
	if (v.learned && l->given_up > 0)
		level_forget_given_up(l);
	l->view_x = g->px;
	l->view_y = g->py;
	l->view_r = r;
	level_remember_items(l);
}

/* Whether a corridor cell: floor, open on two opposite sides only. */
static int
level_corridor(const struct game *g, const struct level *l, int x, int y)
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

/* Applies a terrain change somewhere; returns whether anything changed. */
static int
level_change(struct game *g, struct level *l, int x, int y, int terrain)
{
	if (level_at(l, x, y) == terrain)
		return (0);
	level_set_terrain(l, &g->terrain, x, y, terrain);
	return (1);
}

/*
 * Time passes on a level: gates open and shut on their schedules (a gate
 * never shuts on the player), a dungeon's events happen on their turn,
 * and on generated levels a corridor may collapse.
 */
void
level_tick(struct game *g, struct level *l)
{
	const struct terrain_table	*t = &g->terrain;
	struct level_gate		*gate;
	struct dungeon_event		*e;
	int				 i, k, open, x, y, tries;

	for (i = 0; i < l->ngates; i++) {
		gate = &l->gates[i];
		/* The schedule of dungeon_gate_open() (dungeon.h). */
		open = ((g->turn - gate->offset) % gate->every + gate->every) %
		    gate->every < gate->open_for;
		for (k = 0; k < gate->ncells; k++) {
			x = gate->cells[k] % l->width;
			y = gate->cells[k] / l->width;
			/* A gate never shuts on anyone: it waits for them. */
			if (!open && ((x == g->px && y == g->py) ||
			    l->occupant[y * l->width + x] != 0))
				continue;
			if (level_change(g, l, x, y, open ? gate->open :
			    gate->closed) && k == 0)
				level_tell(l, HAPPEN_GATE, l->visible[y *
				    l->width + x], -1, open, 0);
		}
	}
	while (l->next_event < l->nevents &&
	    l->events[l->next_event].turn <= g->turn) {
		e = &l->events[l->next_event++];
		for (y = e->y; y < e->y + e->h; y++) {
			for (x = e->x; x < e->x + e->w; x++) {
				if (x == g->px && y == g->py &&
				    t->t[e->terrain].cost[t->walk] == 0)
					continue;	/* spare the player */
				if (l->occupant[y * l->width + x] != 0 &&
				    t->t[e->terrain].cost[g->monsters.k[l->mon[
				    l->occupant[y * l->width + x] - 1].kind].cls] ==
				    0)
					continue;	/* and a monster */
				level_change(g, l, x, y, e->terrain);
			}
		}
		level_tell(l, HAPPEN_EVENT, 0, -1, 0, e->terrain);
	}
	if (l->collapse_chance > 0 && rng_chance(&g->rng, l->collapse_chance)) {
		for (tries = 0; tries < 40; tries++) {
			x = (int)rng_below(&g->rng, (uint32_t)l->width);
			y = (int)rng_below(&g->rng, (uint32_t)l->height);
			if (!level_corridor(g, l, x, y) ||
			    (x == g->px && y == g->py) ||
			    l->occupant[y * l->width + x] != 0 ||
			    t->t[t->floor].collapse < 0)
				continue;
			level_tell(l, HAPPEN_CAVE_IN, l->visible[y * l->width +
			    x], -1, 0, 0);
			level_set_terrain(l, t, x, y, t->t[t->floor].collapse);
			break;
		}
	}
}

/*
 * Marks every cell a walker (who may open doors) can reach from (x,y);
 * returns how many.  dist, if not NULL, gets steps from (x,y) (-1: none).
 */
static int
level_reach(const struct game *g, const struct level *l, int x, int y,
    int *dist)
{
	const struct terrain_table	*t = &g->terrain;
	int				*q, *d, n = l->width * l->height;
	int				 head = 0, tail = 0, count = 0, i, k;
	int				 cx, cy, nx, ny, tt;
	static const int		 dx[4] = { 1, -1, 0, 0 };
	static const int		 dy[4] = { 0, 0, 1, -1 };

	q = xcalloc((size_t)n, sizeof *q);
	d = dist != NULL ? dist : xcalloc((size_t)n, sizeof *d);
	for (i = 0; i < n; i++)
		d[i] = -1;
	d[y * l->width + x] = 0;
	q[tail++] = y * l->width + x;
	while (head < tail) {
		i = q[head++];
		count++;
		cx = i % l->width;
		cy = i / l->width;
		for (k = 0; k < 4; k++) {
			nx = cx + dx[k];
			ny = cy + dy[k];
			tt = level_at(l, nx, ny);
			if (tt < 0 || d[ny * l->width + nx] >= 0 ||
			    (t->t[tt].cost[t->walk] == 0 && tt != t->door))
				continue;
			d[ny * l->width + nx] = d[i] + 1;
			q[tail++] = ny * l->width + nx;
		}
	}
	free(q);
	if (dist == NULL)
		free(d);
	return (count);
}

/* Counts the cells walkers can stand on (doors counted open). */
static int
level_walkable(const struct game *g, const struct level *l, int *fx,
    int *fy)
{
	const struct terrain_table	*t = &g->terrain;
	int				 x, y, n = 0, tt;

	for (y = 0; y < l->height; y++) {
		for (x = 0; x < l->width; x++) {
			tt = level_at(l, x, y);
			if (t->t[tt].cost[t->walk] == 0 && tt != t->door)
				continue;
			if (n++ == 0) {
				*fx = x;
				*fy = y;
			}
		}
	}
	return (n);
}

/*
 * Lays a pool of some terrain (deep in the middle, shallow round it) at a
 * random floor cell, and takes it back if it cut the level in two.
 */
static void
level_pool(struct game *g, struct level *l, int deep, int shallow)
{
	const struct terrain_table	*t = &g->terrain;
	uint8_t				*saved;
	size_t				 n = (size_t)l->width * l->height;
	int				 x, y, cx, cy, r, d2, tries, fx = 0, fy = 0;

	for (tries = 0; tries < 50; tries++) {
		cx = (int)rng_below(&g->rng, (uint32_t)l->width);
		cy = (int)rng_below(&g->rng, (uint32_t)l->height);
		if (level_at(l, cx, cy) == t->floor)
			break;
	}
	if (tries == 50)
		return;
	r = rng_range(&g->rng, 2, 4);
	saved = xmalloc(n);
	memcpy(saved, l->terrain, n);
	for (y = cy - r; y <= cy + r; y++) {
		for (x = cx - r; x <= cx + r; x++) {
			d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
			if (level_at(l, x, y) != t->floor || d2 > r * r)
				continue;
			l->terrain[y * l->width + x] = (uint8_t)(d2 * 4 <= r * r ?
			    deep : shallow);
		}
	}
	if (level_walkable(g, l, &fx, &fy) != level_reach(g, l, fx, fy, NULL))
		memcpy(l->terrain, saved, n);
	free(saved);
}

/* Fills every class's cost grid from the terrain (before any planner). */
static void
level_fill_costs(struct game *g, struct level *l)
{
	int	x, y;

	for (y = 0; y < l->height; y++)
		for (x = 0; x < l->width; x++)
			level_set_terrain(l, &g->terrain, x, y,
			    l->terrain[y * l->width + x]);
}

/* A random cell a class can stand on, away from the player; -1 if none. */
static int
level_spawn_cell(struct game *g, struct level *l, int cls, int *x, int *y)
{
	int	tries;

	for (tries = 0; tries < 400; tries++) {
		*x = (int)rng_below(&g->rng, (uint32_t)l->width);
		*y = (int)rng_below(&g->rng, (uint32_t)l->height);
		if (level_cost(l, cls, *x, *y) == 0 ||
		    l->occupant[*y * l->width + *x] != 0 ||
		    (*x == g->px && *y == g->py) ||
		    abs(*x - g->px) + abs(*y - g->py) < 8)
			continue;
		return (0);
	}
	return (-1);
}

/* Gives a new monster a random direction to wander in. */
static void
level_wander_start(struct game *g, struct level *l, int i)
{
	l->mon[i].dx = (int)rng_below(&g->rng, 3) - 1;
	l->mon[i].dy = (int)rng_below(&g->rng, 3) - 1;
}

/*
 * Places n monsters of kinds that belong at the depth; returns how many
 * found room.
 */
static int
level_populate(struct game *g, struct level *l, int depth, int n)
{
	int	*kinds, nk = 0, i, k, x, y, placed = 0;

	kinds = xcalloc((size_t)g->monsters.n + 1, sizeof *kinds);
	for (k = 0; k < g->monsters.n; k++) {
		if (g->monsters.k[k].depth_min <= depth &&
		    g->monsters.k[k].depth_max >= depth)
			kinds[nk++] = k;
	}
	for (i = 0; i < n && nk > 0; i++) {
		k = kinds[rng_below(&g->rng, (uint32_t)nk)];
		if (level_spawn_cell(g, l, g->monsters.k[k].cls, &x, &y) == 0) {
			level_wander_start(g, l, level_add_monster(g, l, k, x,
			    y));
			placed++;
		}
	}
	free(kinds);
	return (placed);
}

/*
 * Whether (x,y) is a pocket of one cell: no neighbour a walker can step
 * to (a door counts).  A player placed there could go nowhere.
 */
static int
level_pocket(const struct game *g, const struct level *l, int x, int y)
{
	static const int	dx[4] = { 1, -1, 0, 0 };
	static const int	dy[4] = { 0, 0, 1, -1 };
	int			k, t;

	for (k = 0; k < 4; k++) {
		t = level_at(l, x + dx[k], y + dy[k]);
		if (t >= 0 && (g->terrain.t[t].cost[g->terrain.walk] != 0 ||
		    t == g->terrain.door))
			return (0);
	}
	return (1);
}

/* The farthest cell from the player a walker can reach. */
static void
level_far_cell(struct game *g, struct level *l, int *fx, int *fy)
{
	int	*dist, i, best = -1, n = l->width * l->height;

	dist = xcalloc((size_t)n, sizeof *dist);
	level_reach(g, l, g->px, g->py, dist);
	*fx = g->px;
	*fy = g->py;
	for (i = 0; i < n; i++) {
		if (dist[i] > best && l->terrain[i] == g->terrain.floor) {
			best = dist[i];
			*fx = i % l->width;
			*fy = i / l->width;
		}
	}
	free(dist);
}

/*
 * Makes sure a generated level has two cells of floor, for the player
 * and the way out: a campaign's small level may have none left once the
 * generator and the pools are done (the standard game's sizes always
 * have plenty, so its levels, and the random draws, are untouched).
 * Two cells in the middle become floor, side by side.
 */
static void
level_room_to_stand(const struct game *g, struct level *l)
{
	int	i, n = 0, c = (l->height / 2) * l->width + l->width / 2;

	for (i = 0; i < l->width * l->height && n < 2; i++)
		n += l->terrain[i] == g->terrain.floor;
	if (n >= 2)
		return;
	l->terrain[c - 1] = (uint8_t)g->terrain.floor;
	l->terrain[c] = (uint8_t)g->terrain.floor;
}

/* Generates the level of a depth of the standard game. */
struct level *
level_generate(struct game *g, int depth)
{
	const struct level_plan	plan = {
		.depth = depth,
		.kind = -1,
		.last = depth >= g->depths,
		.monsters = -1,
		.vaults = &g->vaults,
		.vault_seed = g->seed,
	};

	return (level_generate_plan(g, &plan));
}

/* Generates a level as a plan says: see the top of the file. */
struct level *
level_generate_plan(struct game *g, const struct level_plan *plan)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l;
	struct gen_map			 m;
	enum gen_kind			 kind;
	int				 w, h, x, y, i, pools, sx, sy;
	int				 depth = plan->depth;

	w = 60 + 12 * (depth - 1);
	h = 22 + 4 * (depth - 1);
	if (w > 160)
		w = 160;
	if (h > 60)
		h = 60;
	if (plan->width > 0) {
		w = plan->width;
		h = plan->height;
	}
	if (plan->kind >= 0)
		kind = (enum gen_kind)plan->kind;
	else if (depth == 1)
		kind = GEN_ROOMS;
	else if (depth == 2)
		kind = rng_chance(&g->rng, 0.5) ? GEN_ROOMS : GEN_MIXED;
	else
		kind = rng_chance(&g->rng, 0.5) ? GEN_MIXED : GEN_CAVES;
	gen_generate(&m, kind, w, h, &g->rng);

	l = level_new(g, w, h, path_rules_movingai());
	if (plan->name != NULL && plan->name[0] != '\0')
		snprintf(l->name, sizeof l->name, "%s", plan->name);
	else
		snprintf(l->name, sizeof l->name, "depth %d (%s)", depth,
		    gen_kind_name(kind));
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
				continue;	/* granite */
			switch (gen_at(&m, x, y)) {
			case '.':
				l->terrain[y * w + x] = (uint8_t)t->floor;
				break;
			case '+':
				l->terrain[y * w + x] = (uint8_t)t->door;
				break;
			default:
				l->terrain[y * w + x] = (uint8_t)t->wall;
				break;
			}
		}
	}
	gen_free(&m);
	pools = kind == GEN_ROOMS ? (int)rng_below(&g->rng, 2) :
	    rng_range(&g->rng, 1, 3);
	for (i = 0; i < pools; i++)
		level_pool(g, l, t->deep_water, t->shallow_water);
	if (depth >= 3 && rng_chance(&g->rng, 0.6))
		level_pool(g, l, t->lava, t->floor);

	level_room_to_stand(g, l);
	do {
		g->px = (int)rng_below(&g->rng, (uint32_t)w);
		g->py = (int)rng_below(&g->rng, (uint32_t)h);
	} while (l->terrain[g->py * w + g->px] != t->floor);
	level_far_cell(g, l, &sx, &sy);
	l->terrain[sy * w + sx] = (uint8_t)(plan->last && !plan->goal_stairs ?
	    t->goal : t->stairs);
	level_fill_costs(g, l);
	level_make_planners(g, l);
	vault_furnish(g, l, plan->vaults, plan->vault_seed, depth);
	level_populate(g, l, depth, plan->monsters >= 0 ? plan->monsters :
	    w * h / 120 + 2 * depth);
	inventory_place(g, l, depth);
	l->collapse_chance = 0.004 * depth;
	l->sight = 16;
	for (i = 0; i < l->nmon; i++) {
		if (g->monsters.k[l->mon[i].kind].sight > l->sight)
			l->sight = g->monsters.k[l->mon[i].kind].sight;
	}
	return (l);
}

static int
level_event_order(const void *a, const void *b)
{
	const struct dungeon_event	*ea = a, *eb = b;

	if (ea->turn != eb->turn)
		return (ea->turn < eb->turn ? -1 : 1);
	return (ea->line - eb->line);
}

/* Builds the level of a dungeon file (or Moving AI map). */
struct level *
level_from_dungeon(struct game *g, const struct dungeon *d)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l;
	size_t				 n = (size_t)d->width * d->height;
	int				 i, x, y;

	l = level_new(g, d->width, d->height, d->rules);
	l->from_file = 1;
	snprintf(l->name, sizeof l->name, "%s", d->name);
	memcpy(l->terrain, d->terrain, n);
	if (d->px >= 0) {
		g->px = d->px;
		g->py = d->py;
	} else {
		i = 0;
		do {
			g->px = (int)rng_below(&g->rng, (uint32_t)d->width);
			g->py = (int)rng_below(&g->rng, (uint32_t)d->height);
		} while ((t->t[l->terrain[g->py * d->width + g->px]].cost[
		    t->walk] == 0 || level_pocket(g, l, g->px, g->py)) &&
		    ++i < 1000000);
		/* Unlucky on a sparse map: the first cell will do. */
		for (i = 0; t->t[l->terrain[g->py * d->width + g->px]].cost[
		    t->walk] == 0 && i < (int)n; i++) {
			g->px = i % d->width;
			g->py = i / d->width;
		}
	}
	{
		/* A map without stairs gets them as far as it allows. */
		for (i = 0; i < (int)n; i++) {
			if (t->t[l->terrain[i]].flags &
			    (TERRAIN_STAIRS | TERRAIN_GOAL))
				break;
		}
		if (i == (int)n) {
			level_far_cell(g, l, &x, &y);
			if (x != g->px || y != g->py)
				l->terrain[y * d->width + x] =
				    (uint8_t)t->stairs;
		}
	}
	level_fill_costs(g, l);
	level_make_planners(g, l);
	for (i = 0; i < d->nspawns; i++) {
		/* A player placed at random may have taken the cell. */
		if (l->occupant[d->spawns[i].y * d->width +
		    d->spawns[i].x] == 0 && (d->spawns[i].x != g->px ||
		    d->spawns[i].y != g->py))
			level_wander_start(g, l, level_add_monster(g, l,
			    d->spawns[i].kind, d->spawns[i].x, d->spawns[i].y));
	}
	for (i = 0; i < d->nitems; i++)
		(void)level_add_item(l, d->items[i].x, d->items[i].y,
		    d->items[i].kind, g->items.k[d->items[i].kind].count);
	g->monsters_short = d->extra_monsters - level_populate(g, l,
	    d->depth, d->extra_monsters);
	if (g->monsters_short > 0)
		level_tell(l, HAPPEN_SHORT, 1, -1, d->extra_monsters -
		    g->monsters_short, d->extra_monsters);
	if (d->ngates > 0) {
		l->gates = xcalloc((size_t)d->ngates, sizeof *l->gates);
		for (i = 0; i < d->ngates; i++) {
			l->gates[i].open = d->gates[i].open;
			l->gates[i].closed = d->gates[i].closed;
			l->gates[i].every = d->gates[i].every;
			l->gates[i].open_for = d->gates[i].open_for;
			l->gates[i].offset = d->gates[i].offset;
			l->gates[i].ncells = d->gates[i].ncells;
			l->gates[i].cells = xcalloc((size_t)d->gates[i].ncells,
			    sizeof *l->gates[i].cells);
			memcpy(l->gates[i].cells, d->gates[i].cells,
			    (size_t)d->gates[i].ncells * sizeof (int));
		}
		l->ngates = d->ngates;
	}
	if (d->nevents > 0) {
		l->events = xcalloc((size_t)d->nevents, sizeof *l->events);
		memcpy(l->events, d->events,
		    (size_t)d->nevents * sizeof *l->events);
		l->nevents = d->nevents;
		qsort(l->events, (size_t)l->nevents, sizeof *l->events,
		    level_event_order);
	}
	l->sight = 16;
	for (i = 0; i < l->nmon; i++) {
		if (g->monsters.k[l->mon[i].kind].sight > l->sight)
			l->sight = g->monsters.k[l->mon[i].kind].sight;
	}
	return (l);
}

/*
 * Lays a stack of items on a cell, on top of what lies there (a stack of
 * the same kind on the top grows instead).  Returns 0, or -1 if the
 * stack would pass ITEM_COUNT_MAX.
 */
int
level_add_item(struct level *l, int x, int y, int kind, int count)
{
	int	top = level_item_at(l, x, y);

	if (top >= 0 && l->items[top].kind == kind) {
		if (l->items[top].count + count > ITEM_COUNT_MAX)
			return (-1);
		l->items[top].count += count;
		return (0);
	}
	if (l->nitems == l->capitems) {
		l->capitems = l->capitems ? l->capitems * 2 : 16;
		l->items = xreallocarray(l->items, (size_t)l->capitems,
		    sizeof *l->items);
	}
	l->items[l->nitems++] = (struct floor_item){
		.x = x, .y = y, .kind = kind, .count = count,
	};
	return (0);
}

/* Takes the stack at an index off the floor, keeping the others' order. */
void
level_take_item(struct level *l, int index)
{
	memmove(&l->items[index], &l->items[index + 1],
	    (size_t)(l->nitems - index - 1) * sizeof *l->items);
	l->nitems--;
}

/* The index of the top stack on a cell (the last laid there), or -1. */
int
level_item_at(const struct level *l, int x, int y)
{
	int	i;

	for (i = l->nitems - 1; i >= 0; i--) {
		if (l->items[i].x == x && l->items[i].y == y)
			return (i);
	}
	return (-1);
}

/* The item the player recalls on a cell (an index of recalled), or -1. */
int
level_recalled_at(const struct level *l, int x, int y)
{
	int	i;

	for (i = 0; i < l->nrecalled; i++) {
		if (l->recalled[i].x == x && l->recalled[i].y == y)
			return (i);
	}
	return (-1);
}

/* Adds an item to what the player recalls (one a cell: see level.c). */
void
level_recall_add(struct level *l, int x, int y, int kind, int count)
{
	if (l->nrecalled == l->caprecalled) {
		l->caprecalled = l->caprecalled ? l->caprecalled * 2 : 16;
		l->recalled = xreallocarray(l->recalled,
		    (size_t)l->caprecalled, sizeof *l->recalled);
	}
	l->recalled[l->nrecalled].x = x;
	l->recalled[l->nrecalled].y = y;
	l->recalled[l->nrecalled].kind = kind;
	l->recalled[l->nrecalled].count = count;
	l->nrecalled++;
}
