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
 * Levels are built elsewhere (level-gen.c), and time passes on them
 * elsewhere (world.c): here is what a level is and how it is read and
 * changed.
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
#include "state.h"
#include "xmalloc.h"

/* Creates an empty level of granite: see level.h. */
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
	path_field_free(l->aim);
	for (i = 0; i < 4; i++)
		path_field_free(l->lead[i]);
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
	free(l->items);
	free(l->recalled);
	free(l);
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

/* Whether a class may stand on a cell: see level.h. */
int
level_stand_ok(const struct level *l, const struct terrain_table *t,
    int cls, int x, int y)
{
	int	tt = level_at(l, x, y);

	return (tt >= 0 && level_cost(l, cls, x, y) != 0 &&
	    !terrain_dug(t, cls, tt));
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

/* What the player knows of entering a cell: see level.h. */
int
level_known_cost(const struct game *g, const struct level *l, int i)
{
	const struct terrain	*t = &g->terrain.t[l->terrain[i]];

	if (!l->seen[i])
		return (0);
	if (t->cost[g->terrain.walk] > 0)
		return (t->cost[g->terrain.walk]);
	return (t->open >= 0 && g->terrain.t[t->open].cost[g->terrain.walk] >
	    0 ? 2 : 0);
}

/* Whether the player sees monster i: see level.h. */
int
level_monster_shown(const struct game *g, const struct level *l, int i)
{
	const struct monster	*m = &l->mon[i];

	if (!m->alive || !l->visible[m->y * l->width + m->x])
		return (0);
	return (!(g->monsters.k[m->kind].flags & MONSTER_SUBMERGE) ||
	    (abs(m->x - g->px) <= 1 && abs(m->y - g->py) <= 1));
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

static void	level_init_monster(struct game *, struct level *, int, int, int,
		    int);

/*
 * Adds a monster of a kind; returns its index.  Draws nothing from the
 * random streams (a restored save adds its monsters this way too).
 */

int
level_add_monster(struct game *g, struct level *l, int kind, int x, int y)
{
	if (l->nmon == l->capmon) {
		l->capmon = l->capmon ? l->capmon * 2 : 32;
		l->mon = xreallocarray(l->mon, (size_t)l->capmon,
		    sizeof *l->mon);
	}
	level_init_monster(g, l, l->nmon, kind, x, y);
	return (l->nmon++);
}

/* Makes slot i a new monster of a kind at (x,y), with its planner. */
static void
level_init_monster(struct game *g, struct level *l, int i, int kind, int x,
    int y)
{
	const struct monster_kind	*k = &g->monsters.k[kind];
	struct monster			*m = &l->mon[i];

	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->x = x;
	m->y = y;
	m->hp = k->hp;
	m->alive = 1;
	m->state = MS_WANDER;
	m->lx = m->ly = -1;
	m->post_x = m->post_y = -1;
	m->hold_x = m->hold_y = -1;
	m->dig_x = m->dig_y = -1;
	m->carry_kind = -1;
	m->planner = path_planner_new(k->planner, l->ctx[k->cls]);
	/*
	 * The searches a pack shares take their memory now rather than in
	 * the first turns of the chase (path_context_reserve()).
	 */
	if (k->planner == PATH_PLANNER_CROWD ||
	    k->planner == PATH_PLANNER_FIELD)
		path_context_reserve(l->ctx[k->cls]);
	l->occupant[y * l->width + x] = i + 1;
}

/*
 * A dead monster's slot for a newcomer, or -1: its planner freed, and
 * whatever pointed at it (the monsters it raised, its escorts) let go, so
 * that a level on which monsters keep coming (a summoner's calls,
 * arrivals) holds as many as are alive, not as many as ever came.
 */
static int
level_reuse_slot(struct level *l)
{
	int	i, j;

	for (i = 0; i < l->nmon && l->mon[i].alive; i++)
		;
	if (i == l->nmon)
		return (-1);
	path_planner_free(l->mon[i].planner);
	l->mon[i].planner = NULL;
	for (j = 0; j < l->nmon; j++) {
		if (l->mon[j].raised_by == i + 1)
			l->mon[j].raised_by = 0;
		if (l->mon[j].leader == i + 1)
			l->mon[j].leader = 0;
	}
	return (i);
}

/* Adds a monster that comes into play mid-level: see level.h. */
int
level_add_hunter(struct game *g, struct level *l, int kind, int x, int y,
    enum monster_state state)
{
	const struct monster_kind	*k = &g->monsters.k[kind];
	struct monster			*m;
	int				 i;

	if ((i = level_reuse_slot(l)) >= 0)
		level_init_monster(g, l, i, kind, x, y);
	else
		i = level_add_monster(g, l, kind, x, y);
	m = &l->mon[i];
	m->state = state;
	m->lx = g->px;
	m->ly = g->py;
	m->timer = k->give_up > 0 ? k->give_up : 1;
	if (state == MS_HUNT)
		m->noticed = (int)g->turn;
	return (i);
}

/* Notes the player's cell in the trail: see level.h. */
void
level_note_player(struct level *l, int x, int y)
{
	int	c = y * l->width + x;

	if (!level_contains(l, x, y) ||
	    (l->ntrail > 0 && l->trail[l->ntrail - 1] == c))
		return;
	if (l->ntrail == LEVEL_TRAIL) {
		memmove(l->trail, l->trail + 1, (LEVEL_TRAIL - 1) *
		    sizeof l->trail[0]);
		l->ntrail--;
	}
	l->trail[l->ntrail++] = c;
}

/* How many monsters raised by monster i are alive: see level.h. */
int
level_raised(const struct level *l, int i)
{
	int	j, n = 0;

	for (j = 0; j < l->nmon; j++)
		n += l->mon[j].alive && l->mon[j].raised_by == i + 1;
	return (n);
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

/* Places a monster near a cell: see level.h. */
int
level_add_monster_near(struct game *g, struct level *l, int kind, int x,
    int y, int r, int px, int py)
{
	int	d, cx, cy, cls = g->monsters.k[kind].cls;

	/* Ring by ring, each ring's cells in reading order. */
	for (d = 1; d <= r; d++) {
		for (cy = y - d; cy <= y + d; cy++) {
			for (cx = x - d; cx <= x + d; cx++) {
				if ((abs(cx - x) != d && abs(cy - y) != d) ||
				    level_cost(l, cls, cx, cy) == 0 ||
				    l->occupant[cy * l->width + cx] != 0 ||
				    (cx == px && cy == py))
					continue;
				return (level_add_monster(g, l, kind, cx, cy));
			}
		}
	}
	return (-1);
}

void
level_kill_monster(struct level *l, int i)
{
	struct monster	*m = &l->mon[i];
	int		 k;

	m->alive = 0;
	m->hp = 0;
	l->occupant[m->y * l->width + m->x] = 0;
	for (k = l->next_event; k < l->nevents; k++)	/* death: triggers */
		if (l->events[k].trigger == DUNGEON_ON_DEATH &&
		    l->events[k].kind == m->kind &&
		    l->events[k].state == DUNGEON_ARMED)
			l->events[k].state = DUNGEON_DUE;
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

/* Every goal given up is a goal again: see level.h. */
void
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
	int	i, n = 0, c;

	for (i = 0; i < l->nrecalled; i++) {
		c = l->recalled[i].y * l->width + l->recalled[i].x;
		if (!l->visible[c])
			l->recalled[n++] = l->recalled[i];
		else
			l->seen[c] &= (uint8_t)~LEVEL_ITEM;
	}
	l->nrecalled = n;
	for (i = 0; i < l->nitems; i++) {
		c = l->items[i].y * l->width + l->items[i].x;
		if (l->visible[c] &&
		    level_item_at(l, l->items[i].x, l->items[i].y) == i) {
			level_recall_add(l, l->items[i].x, l->items[i].y,
			    l->items[i].kind, l->items[i].count);
			l->seen[c] |= LEVEL_ITEM;
		}
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
	fov_compute(g->px, g->py, g->blind > 0 ? 1 : PLAYER_SIGHT, level_opaque,
	    level_see, &v);
	v.mark = l->far;
	v.also = NULL;
	fov_compute(g->px, g->py, l->sight, level_opaque, level_see, &v);
	if (v.learned && l->given_up > 0)
		level_forget_given_up(l);
	l->view_x = g->px;
	l->view_y = g->py;
	l->view_r = r;
	l->seen[g->py * l->width + g->px] |= LEVEL_TRODDEN;
	level_remember_items(l);
}

/*
 * Lays a stack of items on a cell, on top of what lies there (a stack of
 * the same kind on the top grows instead).  Returns 0, or -1 if the
 * stack would pass ITEM_COUNT_MAX.
 */
int
level_add_item(struct level *l, int x, int y, int kind, int count, int plus,
    int stacks)
{
	int	top = level_item_at(l, x, y);

	if (top >= 0 && stacks && l->items[top].kind == kind &&
	    l->items[top].plus == plus) {
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
		.x = x, .y = y, .kind = kind, .count = count, .plus = plus
	};
	return (0);
}

/* Lays an item as it is found: see level.h. */
void
level_add_found(struct game *g, struct level *l, int x, int y, int kind)
{
	const struct item_kind	*k = &g->items.k[kind];

	(void)level_add_item(l, x, y, kind, k->count, k->charges,
	    item_stacks(k));
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
	l->recalled[l->nrecalled].plus = 0;
	l->nrecalled++;
}
