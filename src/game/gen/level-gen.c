/*
 * level-gen.c: building levels: generated ones, a dungeon file's, a
 * campaign's.
 *
 * Generated levels are built from the generator's character map (gen.c):
 * granite all round, doors where corridors enter rooms, pools of water
 * (and deeper down, lava) placed only where they leave the level
 * connected for walkers, the stairs (or, on the last level, the amulet)
 * as far from the player as the level allows, the vaults its depth draws
 * (vault-place.c), monsters of the depth on cells their movement class
 * can stand on, and items.  Items are placed from a random stream of
 * their own (seeded by the game's seed and the depth), so that placing
 * them disturbs neither the level nor the monsters.  A dungeon file's
 * level is its map, monsters, items, gates and events as read, with the
 * stairs added where it has none.  A campaign's level is one of the two,
 * as its plan says; its vaults come from vault_plan() with a seed of the
 * game's seed and the level's index, so two levels of one depth draw
 * afresh.
 *
 * Everything draws from the game's seeded streams, so a seed gives the
 * same levels; what a level could not hold (extra monsters without room)
 * is reported as an event.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "gen.h"
#include "level-gen.h"
#include "rng.h"
#include "state.h"
#include "vault-place.h"
#include "xmalloc.h"

#define LEVEL_ESCORT_RADIUS	2	/* escorts stand this near their leader */
#define LEVEL_ITEMS_SALT	UINT64_C(0x17e3517e3517e35)
#define LEVEL_STAGE_SEED	UINT64_C(0xca3a16115eed)

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

/*
 * A random cell a class can stand on, away from the player (and, for a
 * monster arriving during play, out of the player's view); -1 if none.
 */
static int
level_spawn_cell(struct game *g, struct level *l, int cls, int unseen,
    int *x, int *y)
{
	int	tries;

	for (tries = 0; tries < 400; tries++) {
		*x = (int)rng_below(&g->rng, (uint32_t)l->width);
		*y = (int)rng_below(&g->rng, (uint32_t)l->height);
		if (!level_stand_ok(l, &g->terrain, cls, *x, *y) ||
		    l->occupant[*y * l->width + *x] != 0 ||
		    (*x == g->px && *y == g->py) ||
		    abs(*x - g->px) + abs(*y - g->py) < 8 ||
		    (unseen && l->visible[*y * l->width + *x]))
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

/* One of n kinds, each as likely as its frequency (data/monsters.txt). */
static int
level_pick_monster(struct game *g, const int *kinds, int n)
{
	return (monster_pick(&g->monsters, &g->rng, kinds, n));
}

/*
 * Monster i was just placed: if its kind has an escort, A-B of that kind
 * go beside it (as near as there is room, within LEVEL_ESCORT_RADIUS),
 * wandering its way, each knowing it as its leader.  Returns how many.
 */
static int
level_escort(struct game *g, struct level *l, int i)
{
	const struct monster_kind	*k = &g->monsters.k[l->mon[i].kind];
	int				 n, j, e, placed = 0;

	if (k->escort < 0)
		return (0);
	n = rng_range(&g->rng, k->escort_min, k->escort_max);
	for (j = 0; j < n; j++) {
		e = level_add_monster_near(g, l, k->escort, l->mon[i].x,
		    l->mon[i].y, LEVEL_ESCORT_RADIUS, g->px, g->py);
		if (e < 0)
			break;
		l->mon[e].dx = l->mon[i].dx;
		l->mon[e].dy = l->mon[i].dy;
		l->mon[e].leader = i + 1;
		placed++;
	}
	return (placed);
}

/*
 * Places n monsters of kinds that belong at the depth, each as likely as
 * its frequency; returns how many found room.
 */
static int
level_populate(struct game *g, struct level *l, int depth, int n)
{
	int	*kinds, nk = 0, i, k, x, y, m, placed = 0;

	kinds = xcalloc((size_t)g->monsters.n + 1, sizeof *kinds);
	for (k = 0; k < g->monsters.n; k++) {
		if (g->monsters.k[k].depth_min <= depth &&
		    g->monsters.k[k].depth_max >= depth &&
		    g->monsters.k[k].frequency > 0)
			kinds[nk++] = k;
	}
	for (i = 0; i < n && nk > 0; i++) {
		k = level_pick_monster(g, kinds, nk);
		if (level_spawn_cell(g, l, g->monsters.k[k].cls, 0, &x, &y) ==
		    0) {
			m = level_add_monster(g, l, k, x, y);
			level_wander_start(g, l, m);
			(void)level_escort(g, l, m);
			placed++;
		}
	}
	free(kinds);
	return (placed);
}

/* Monsters arrive while the player lingers: see level-gen.h. */
void
level_arrivals(struct game *g, struct level *l)
{
	const struct monster_kind	*k;
	struct monster			*m;
	int				 kinds[MONSTER_KINDS_MAX], nk = 0, i;
	int				 x, y;

	if (l->from_file || g->extra == GAME_NO_MONSTERS ||
	    rng_below(&g->rng, LEVEL_ARRIVE_ONE_IN) != 0)
		return;
	for (i = 0; i < g->monsters.n; i++)
		if (g->monsters.k[i].depth_min <= g->depth &&
		    g->monsters.k[i].depth_max >= g->depth &&
		    g->monsters.k[i].frequency > 0)
			kinds[nk++] = i;
	if (nk == 0)
		return;
	k = &g->monsters.k[level_pick_monster(g, kinds, nk)];
	if (level_spawn_cell(g, l, k->cls, 1, &x, &y) != 0)
		return;
	/* It comes looking where the player is now. */
	i = level_add_hunter(g, l, (int)(k - g->monsters.k), x, y,
	    MS_SEARCH);
	m = &l->mon[i];
	event_add(&g->events, (struct event){ .kind = EVENT_ARRIVAL,
	    .monster = m->kind, .x = x, .y = y });
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

/*
 * Lays a generated level's items on free floor: a few more the deeper
 * the level and the larger it is.
 */
static void
level_place_items(struct game *g, struct level *l, int depth)
{
	struct rng	r;
	int		n, i, kind, tries, x, y;

	rng_seed(&r, g->seed ^ (LEVEL_ITEMS_SALT * (uint64_t)depth));
	n = 3 + depth + l->width * l->height / 600;
	for (i = 0; i < n; i++) {
		if ((kind = item_pick(&g->items, &r, depth)) < 0)
			return;
		for (tries = 0; tries < 200; tries++) {
			x = (int)rng_below(&r, (uint32_t)l->width);
			y = (int)rng_below(&r, (uint32_t)l->height);
			if (level_at(l, x, y) == g->terrain.floor &&
			    level_item_at(l, x, y) < 0 &&
			    !(x == g->px && y == g->py))
				break;
		}
		if (tries < 200)
			level_add_found(g, l, x, y, kind);
	}
}

/*
 * How many random monsters a generated level gets: the player's
 * --monsters N for every level (GAME_NO_MONSTERS: none), else the
 * plan's own count (-1: fall_back, by size and depth).
 */
static int
level_monsters_asked(const struct game *g, int own, int fall_back)
{
	if (g->extra > 0)
		return (g->extra);
	if (g->extra == GAME_NO_MONSTERS)
		return (0);
	return (own >= 0 ? own : fall_back);
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
	int				 w, h, x, y, i, n, pools, sx, sy;
	int				 depth = plan->depth;

	w = 60 + 8 * (depth - 1);
	h = 22 + 3 * (depth - 1);
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
	n = w * h / 150 + depth;
	level_populate(g, l, depth, level_monsters_asked(g, plan->monsters,
	    n < LEVEL_MONSTERS_MAX ? n : LEVEL_MONSTERS_MAX));
	level_place_items(g, l, depth);
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
	return (dungeon_event_order(a, b));
}

/* Builds the level of a dungeon file (or Moving AI map). */
struct level *
level_from_dungeon(struct game *g, const struct dungeon *d)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l;
	size_t				 n = (size_t)d->width * d->height;
	int				 i, k, x, y;

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
	for (i = 0; i < d->nspawns && g->extra != GAME_NO_MONSTERS; i++) {
		x = d->spawns[i].x;
		y = d->spawns[i].y;
		/* A player placed at random may have taken the cell. */
		if (l->occupant[y * d->width + x] != 0 || (x == g->px &&
		    y == g->py))
			continue;
		/* A list or "any" draws its kind now, from the game's stream. */
		k = dungeon_draw_monster(&g->monsters, t, &d->spawns[i].pick,
		    l->terrain[y * d->width + x], d->depth, &g->rng);
		if (k >= 0)
			level_wander_start(g, l, level_add_monster(g, l, k, x,
			    y));
	}
	for (i = 0; i < d->nitems; i++) {
		k = dungeon_draw_item(&g->items, &d->items[i].pick, d->depth,
		    &g->rng);
		if (k >= 0)
			level_add_found(g, l, d->items[i].x, d->items[i].y, k);
	}
	g->monsters_short = d->extra_monsters - level_populate(g, l,
	    d->depth, d->extra_monsters);
	if (g->monsters_short > 0)
		event_add(&g->events, (struct event){ .kind = EVENT_SHORT,
		    .seen = 1, .a = d->extra_monsters - g->monsters_short,
		    .b = d->extra_monsters });
	if (d->ngates > 0) {
		l->gates = xcalloc((size_t)d->ngates, sizeof *l->gates);
		for (i = 0; i < d->ngates; i++) {
			memcpy(l->gates[i].name, d->gates[i].name,
			    sizeof l->gates[i].name);
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

/* A hand-made level of the campaign, its monsters as asked. */
static struct level *
level_generate_handmade(struct game *g, const struct campaign_level *cl)
{
	struct dungeon	d = cl->d;	/* read only: a shallow copy */

	if (g->extra > 0)
		d.extra_monsters = g->extra;
	else if (g->extra == GAME_NO_MONSTERS)
		d.extra_monsters = 0;
	else if (cl->monsters >= 0)
		d.extra_monsters = cl->monsters;
	g->depth = d.depth;
	g->monsters_asked = d.extra_monsters;
	return (level_from_dungeon(g, &d));
}

/* Builds level `stage` of the game's campaign and sets the depth. */
struct level *
level_generate_stage(struct game *g, int stage)
{
	const struct campaign		*c = g->campaign;
	const struct campaign_level	*cl = &c->levels[stage];
	struct level_plan		 plan;

	g->stage = stage;
	if (cl->kind == CAMPAIGN_HANDMADE)
		return (level_generate_handmade(g, cl));
	plan = (struct level_plan){
		.depth = cl->depth,
		.kind = cl->gen,
		.width = cl->width,
		.height = cl->height,
		.last = stage == c->n - 1,
		.goal_stairs = cl->goal_stairs,
		.monsters = cl->monsters,
		.vaults = cl->own_vaults ? &cl->vaults : &g->vaults,
		.vault_seed = g->seed ^ (LEVEL_STAGE_SEED * (uint64_t)(stage +
		    1)),
		.name = cl->name,
	};
	g->depth = cl->depth;
	g->monsters_asked = 0;
	g->monsters_short = 0;
	return (level_generate_plan(g, &plan));
}
