/*
 * lab-chase-world.c: the chase scenario, built once from the seed.
 *
 * A player walks towards a random waypoint and picks another on arrival;
 * D doorways flip open or shut with probability P each turn (never shut
 * onto the player); N monsters start on distinct open cells from which
 * the player can be reached (with --far, only cells at least half as far
 * from the player's start as the farthest reachable one).  The player's
 * walk and the doors depend only on the seed, never on the monsters, so
 * the whole schedule is worked out here before any planner runs: every
 * planner then faces the identical scenario, the runs replay it cheaply,
 * and nothing the scenario needs (the walk's A* workspace) is allocated
 * while a planner's memory is being measured.
 */
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "field.h"
#include "lab-chase.h"
#include "rng.h"
#include "xmalloc.h"

/* A random open cell; the map has at least one. */
static void
chase_world_open_cell(const struct chase_world *wd, struct rng *rng, int *x,
    int *y)
{
	do {
		*x = (int)rng_below(rng, (uint32_t)wd->w);
		*y = (int)rng_below(rng, (uint32_t)wd->h);
	} while (path_grid_get(wd->grid, *x, *y) == 0);
}

/*
 * Whether a run of len cells from (x,y) along (dx,dy) is a doorway: all
 * open, walled at both ends, with open cells on both sides of the whole
 * run, so that shutting it cuts a passage (up to CHASE_DOOR_MAX wide).
 */
static int
chase_world_doorway(const struct path_grid *g, int x, int y, int dx, int dy,
    int len)
{
	int	i, cx, cy;

	if (path_grid_get(g, x - dx, y - dy) != 0 ||
	    path_grid_get(g, x + len * dx, y + len * dy) != 0)
		return (0);
	for (i = 0; i < len; i++) {
		cx = x + i * dx;
		cy = y + i * dy;
		if (path_grid_get(g, cx, cy) == 0 ||
		    path_grid_get(g, cx + dy, cy + dx) == 0 ||
		    path_grid_get(g, cx - dy, cy - dx) == 0)
			return (0);
	}
	return (1);
}

/* Adds a door over a run of cells, if none of them has a door yet. */
static void
chase_world_add_door(struct chase_world *wd, uint8_t *taken, int x, int y,
    int dx, int dy, int len)
{
	struct chase_door	*d;
	int			 i;

	for (i = 0; i < len; i++) {
		if (taken[(y + i * dy) * wd->w + x + i * dx])
			return;
	}
	d = &wd->doors[wd->ndoors++];
	d->x = x;
	d->y = y;
	d->dx = dx;
	d->dy = dy;
	d->len = len;
	d->open = 1;
	for (i = 0; i < len; i++) {
		taken[(y + i * dy) * wd->w + x + i * dx] = 1;
		d->cost[i] = path_grid_get(wd->grid, x + i * dx, y + i * dy);
	}
}

/*
 * Picks up to n doors: the generator's doors first, then doorways found
 * on the map (narrowest first), each group in a seeded random order.
 */
static void
chase_world_doors(struct chase_world *wd, const struct gen_map *gm, int n,
    struct rng *rng)
{
	int	*cand, ncand, i, j, t, x, y, len, dir;
	uint8_t	*taken;

	cand = xcalloc((size_t)wd->w * wd->h * 2, sizeof *cand);
	taken = xcalloc((size_t)wd->w * wd->h, 1);
	wd->doors = xcalloc((size_t)(n > 0 ? n : 1), sizeof *wd->doors);
	for (len = 0; len <= CHASE_DOOR_MAX && wd->ndoors < n; len++) {
		ncand = 0;
		for (y = 0; y < wd->h; y++) {
			for (x = 0; x < wd->w; x++) {
				if (len == 0) {
					if (gm != NULL && gen_at(gm, x, y) == '+')
						cand[ncand++] = (y * wd->w + x) * 2;
					continue;
				}
				for (dir = 0; dir < 2; dir++) {
					if (chase_world_doorway(wd->grid, x, y,
					    !dir, dir, len))
						cand[ncand++] = (y * wd->w + x) * 2 +
						    dir;
				}
			}
		}
		for (i = ncand - 1; i > 0; i--) {
			j = (int)rng_below(rng, (uint32_t)i + 1);
			t = cand[i];
			cand[i] = cand[j];
			cand[j] = t;
		}
		for (i = 0; i < ncand && wd->ndoors < n; i++) {
			dir = cand[i] % 2;
			chase_world_add_door(wd, taken, cand[i] / 2 % wd->w,
			    cand[i] / 2 / wd->w, !dir, dir, len ? len : 1);
		}
	}
	free(taken);
	free(cand);
}

/*
 * Places the player, then the monsters on distinct cells from which the
 * player can be reached and, with far, that are at least half as far as
 * the farthest such cell.  The player starts at player[0] for now.
 */
static void
chase_world_place(struct chase_world *wd, int far, struct rng *rng)
{
	struct path_field	*f;
	uint8_t			*taken;
	path_cost		 c = 0, least = 0;
	double			 steps;
	int			 i, x = 0, y = 0, px, py, tries;

	f = path_field_new(wd->w, wd->h);
	taken = xcalloc((size_t)wd->w * wd->h, 1);
	chase_world_open_cell(wd, rng, &px, &py);
	wd->player[0].x = px;
	wd->player[0].y = py;
	path_field_compute(f, wd->grid, wd->rules, px, py,
	    PATH_FIELD_FROM_SOURCE, NULL);
	if (far) {
		for (y = 0; y < wd->h; y++)
			for (x = 0; x < wd->w; x++) {
				c = path_field_get(f, x, y);
				if (c != PATH_COST_NONE && c > least)
					least = c;
			}
		least /= 2;
	}
	taken[py * wd->w + px] = 1;
	for (i = 0; i < wd->nmonsters; i++) {
		for (tries = 0; tries < 100000; tries++) {
			chase_world_open_cell(wd, rng, &x, &y);
			c = path_field_get(f, x, y);
			if (c != PATH_COST_NONE && c >= least &&
			    !taken[y * wd->w + x])
				break;
		}
		taken[y * wd->w + x] = 1;
		wd->monsters[i].x = x;
		wd->monsters[i].y = y;
		steps = c == PATH_COST_NONE ? 0 : path_cost_to_double(c);
		wd->start_mean += steps / wd->nmonsters;
		if (i == 0 || steps < wd->start_min)
			wd->start_min = steps;
	}
	free(taken);
	path_field_free(f);
}

/* Moves the player one step towards its waypoint, picking a new one. */
static void
chase_world_walk(struct chase_world *wd, struct path_astar *ws,
    struct rng *rng, int *px, int *py, int *wx, int *wy)
{
	struct path_point	step[2];
	int			tries;

	for (tries = 0; tries < 8; tries++) {
		if ((*px != *wx || *py != *wy) &&
		    path_astar_search(ws, wd->grid, wd->rules, *px, *py, *wx,
		    *wy, NULL) != PATH_COST_NONE) {
			if (path_astar_path(ws, step, 2) >= 2) {
				*px = step[1].x;
				*py = step[1].y;
			}
			return;
		}
		chase_world_open_cell(wd, rng, wx, wy);
	}
}

/* Sets a door open or shut on the grid. */
static void
chase_world_set_door(struct chase_world *wd, struct chase_door *d, int open)
{
	int	k;

	d->open = open;
	for (k = 0; k < d->len; k++)
		path_grid_set(wd->grid, d->x + k * d->dx, d->y + k * d->dy,
		    open ? d->cost[k] : 0);
}

/*
 * Flips each door with the toggle probability, never shut onto the
 * player, and appends the flipped doors to the schedule.
 */
static void
chase_world_flip(struct chase_world *wd, double toggle, struct rng *rng,
    int px, int py, size_t *nflips, size_t *cap)
{
	struct chase_door	*d;
	int			 i, k, on_player;

	for (i = 0; i < wd->ndoors; i++) {
		d = &wd->doors[i];
		if (!rng_chance(rng, toggle))
			continue;
		for (on_player = 0, k = 0; k < d->len; k++)
			on_player |= d->x + k * d->dx == px &&
			    d->y + k * d->dy == py;
		if (d->open && on_player)
			continue;
		chase_world_set_door(wd, d, !d->open);
		if (*nflips == *cap) {
			*cap = *cap ? *cap * 2 : 256;
			wd->flips = xreallocarray(wd->flips, *cap,
			    sizeof *wd->flips);
		}
		wd->flips[(*nflips)++] = i;
	}
}

/* Builds the scenario: see lab-chase.h. */
void
chase_world_build(struct chase_world *wd, struct path_grid *grid,
    const struct gen_map *gm, const struct chase_options *opt)
{
	struct path_astar	*walk;
	struct rng		 rng;
	size_t			 nflips = 0, cap = 0;
	long			 t;
	int			 i, px, py, wx, wy;

	memset(wd, 0, sizeof *wd);
	wd->grid = grid;
	wd->w = path_grid_width(grid);
	wd->h = path_grid_height(grid);
	wd->rules = path_rules_normalize(opt->rules);
	wd->nmonsters = (int)opt->monsters;
	wd->turns = opt->turns;
	wd->monsters = xcalloc((size_t)wd->nmonsters, sizeof *wd->monsters);
	wd->player = xcalloc((size_t)wd->turns + 1, sizeof *wd->player);
	wd->flip_at = xcalloc((size_t)wd->turns + 1, sizeof *wd->flip_at);
	rng_seed(&rng, (uint64_t)opt->seed + 1);
	chase_world_doors(wd, gm, (int)opt->doors, &rng);
	chase_world_place(wd, opt->far, &rng);

	/* The walk and the doors, worked out turn by turn. */
	walk = path_astar_new(wd->w, wd->h);
	px = wx = wd->player[0].x;
	py = wy = wd->player[0].y;
	for (t = 0; t < wd->turns; t++) {
		if (!opt->still)
			chase_world_walk(wd, walk, &rng, &px, &py, &wx, &wy);
		wd->flip_at[t] = nflips;
		chase_world_flip(wd, opt->toggle, &rng, px, py, &nflips, &cap);
		wd->player[t].x = px;
		wd->player[t].y = py;
	}
	wd->flip_at[wd->turns] = nflips;
	path_astar_free(walk);
	/* Every door starts open. */
	for (i = 0; i < wd->ndoors; i++) {
		if (!wd->doors[i].open)
			chase_world_set_door(wd, &wd->doors[i], 1);
	}
}

/* Flips turn t's doors: see lab-chase.h. */
void
chase_world_turn(struct chase_world *wd, long t)
{
	struct chase_door	*d;
	size_t			 i;

	for (i = wd->flip_at[t]; i < wd->flip_at[t + 1]; i++) {
		d = &wd->doors[wd->flips[i]];
		chase_world_set_door(wd, d, !d->open);
	}
}

void
chase_world_free(struct chase_world *wd)
{
	free(wd->doors);
	free(wd->monsters);
	free(wd->player);
	free(wd->flips);
	free(wd->flip_at);
	path_grid_free(wd->grid);
	memset(wd, 0, sizeof *wd);
}
