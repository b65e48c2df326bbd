/*
 * oracle.c: brute-force shortest paths, a path checker and random grids.
 *
 * The oracle is Bellman-Ford in its queue form: a cell whose cost drops
 * is queued, and relaxing it may lower its neighbours in turn, until no
 * cost changes anywhere.  With positive step costs that fixed point is
 * the exact cheapest cost, whatever order the cells come out in, so the
 * oracle needs no priority queue, no heuristic and no tie-breaking, the
 * parts of a search where bugs hide.  It is slower than Dijkstra, which
 * does not matter on grids of at most a few thousand cells.
 *
 * The movement rules are written out again here from their description
 * rather than shared with the library: orthogonal steps cost 985, diagonal
 * steps 1393 (985 under 8-chebyshev), times the cost of the cell entered;
 * a 4-connected search never steps diagonally, and the diagonal rule says
 * how many of the two cells beside a diagonal step must be open.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

/* Advances the generator: splitmix64. */
uint64_t
oracle_rng_next(struct oracle_rng *rng)
{
	uint64_t	z;

	rng->state += 0x9e3779b97f4a7c15ULL;
	z = rng->state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/* Seeds the generator; equal seeds give equal streams. */
void
oracle_rng_seed(struct oracle_rng *rng, uint64_t seed)
{
	rng->state = seed;
	(void)oracle_rng_next(rng);
}

/* Draws from [0, n), rejecting the biased top of the range. */
int
oracle_rng_below(struct oracle_rng *rng, int n)
{
	uint64_t	bound, limit, v;

	if (n <= 1)
		return (0);
	bound = (uint64_t)n;
	limit = UINT64_MAX - UINT64_MAX % bound;
	do
		v = oracle_rng_next(rng);
	while (v >= limit);
	return ((int)(v % bound));
}

/* Draws from [lo, hi]. */
int
oracle_rng_range(struct oracle_rng *rng, int lo, int hi)
{
	return (lo + oracle_rng_below(rng, hi - lo + 1));
}

/* Draws the cost of an open cell. */
static unsigned
oracle_open_cost(struct oracle_rng *rng, int max_cost)
{
	if (max_cost <= 1)
		return (1);
	return ((unsigned)oracle_rng_range(rng, 1, max_cost));
}

/* A grid with every cell open and weighted at random. */
struct path_grid *
oracle_grid_open(struct oracle_rng *rng, int width, int height, int max_cost)
{
	struct path_grid	*g;
	int			 x, y;

	g = path_grid_new(width, height, 1, 16);
	for (y = 0; y < height; y++) {
		for (x = 0; x < width; x++)
			path_grid_set(g, x, y, oracle_open_cost(rng, max_cost));
	}
	return (g);
}

/* A grid with each cell a wall with probability wall_percent / 100. */
struct path_grid *
oracle_grid_scatter(struct oracle_rng *rng, int width, int height,
    int wall_percent, int max_cost)
{
	struct path_grid	*g;
	int			 x, y;

	g = oracle_grid_open(rng, width, height, max_cost);
	for (y = 0; y < height; y++) {
		for (x = 0; x < width; x++) {
			if (oracle_rng_below(rng, 100) < wall_percent)
				path_grid_set(g, x, y, 0);
		}
	}
	return (g);
}

/*
 * Draws full-length wall lines, each pierced by one to three doors, so the
 * grid becomes rooms and corridors; lines that cross can seal a room.
 */
struct path_grid *
oracle_grid_rooms(struct oracle_rng *rng, int width, int height, int max_cost)
{
	struct path_grid	*g;
	int			 lines, i, j, at, doors, vertical, len, k;

	g = oracle_grid_scatter(rng, width, height, oracle_rng_below(rng, 10),
	    max_cost);
	lines = 1 + (width + height) / 10;
	for (i = 0; i < lines; i++) {
		vertical = oracle_rng_below(rng, 2);
		at = oracle_rng_below(rng, vertical ? width : height);
		len = vertical ? height : width;
		for (k = 0; k < len; k++) {
			if (vertical)
				path_grid_set(g, at, k, 0);
			else
				path_grid_set(g, k, at, 0);
		}
		doors = oracle_rng_range(rng, 1, 3);
		for (j = 0; j < doors; j++) {
			k = oracle_rng_below(rng, len);
			if (vertical)
				path_grid_set(g, at, k,
				    oracle_open_cost(rng, max_cost));
			else
				path_grid_set(g, k, at,
				    oracle_open_cost(rng, max_cost));
		}
	}
	return (g);
}

/*
 * Scattered walls plus one unbroken wall line across the grid, so every
 * cell on one side is unreachable from the other.
 */
struct path_grid *
oracle_grid_cut(struct oracle_rng *rng, int width, int height, int max_cost)
{
	struct path_grid	*g;
	int			 at, k;

	g = oracle_grid_scatter(rng, width, height, oracle_rng_below(rng, 20),
	    max_cost);
	if (height == 1 || (width > 1 && oracle_rng_below(rng, 2))) {
		at = oracle_rng_below(rng, width);
		for (k = 0; k < height; k++)
			path_grid_set(g, at, k, 0);
	} else {
		at = oracle_rng_below(rng, height);
		for (k = 0; k < width; k++)
			path_grid_set(g, k, at, 0);
	}
	return (g);
}

/*
 * Carves a maze: the cells of even coordinates are its rooms, and a
 * depth-first walk from a random room opens the wall between each room
 * and the next unvisited one, so every room is reached exactly once: a
 * tree.  Knocking out some of the walls left between two rooms then adds
 * loops, which is what makes a maze interesting to repair incrementally.
 */
struct path_grid *
oracle_grid_maze(struct oracle_rng *rng, int width, int height,
    int loop_percent, int max_cost)
{
	static const int	 dirs[4][2] = { { 2, 0 }, { -2, 0 }, { 0, 2 },
				     { 0, -2 } };
	struct path_grid	*g;
	int			 rw = (width + 1) / 2, rh = (height + 1) / 2;
	int			*stack, top = 0, room, x, y, nx, ny, i, k;
	int			 choices[4];
	char			*seen;

	g = path_grid_new(width, height, 0, 16);
	stack = calloc((size_t)rw * rh, sizeof *stack);
	seen = calloc((size_t)rw * rh, 1);
	if (stack == NULL || seen == NULL)
		abort();
	room = oracle_rng_below(rng, rw * rh);
	seen[room] = 1;
	stack[top++] = room;
	path_grid_set(g, room % rw * 2, room / rw * 2,
	    oracle_open_cost(rng, max_cost));
	while (top > 0) {
		room = stack[top - 1];
		x = room % rw * 2;
		y = room / rw * 2;
		for (i = k = 0; i < 4; i++) {
			nx = x + dirs[i][0];
			ny = y + dirs[i][1];
			if (nx >= 0 && ny >= 0 && nx < width && ny < height &&
			    !seen[ny / 2 * rw + nx / 2])
				choices[k++] = i;
		}
		if (k == 0) {
			top--;
			continue;
		}
		i = choices[oracle_rng_below(rng, k)];
		nx = x + dirs[i][0];
		ny = y + dirs[i][1];
		path_grid_set(g, x + dirs[i][0] / 2, y + dirs[i][1] / 2,
		    oracle_open_cost(rng, max_cost));
		path_grid_set(g, nx, ny, oracle_open_cost(rng, max_cost));
		seen[ny / 2 * rw + nx / 2] = 1;
		stack[top++] = ny / 2 * rw + nx / 2;
	}
	for (y = 0; y < height; y++) {
		for (x = 0; x < width; x++) {
			/* Walls between two rooms: one odd coordinate. */
			if ((x % 2) == (y % 2) || path_grid_get(g, x, y) != 0)
				continue;
			if (x % 2 == 1 && x + 1 >= width)
				continue;
			if (y % 2 == 1 && y + 1 >= height)
				continue;
			if (oracle_rng_below(rng, 100) < loop_percent)
				path_grid_set(g, x, y,
				    oracle_open_cost(rng, max_cost));
		}
	}
	free(stack);
	free(seen);
	return (g);
}

/* Makes a grid of one terrain kind. */
struct path_grid *
oracle_grid_make(struct oracle_rng *rng, enum oracle_terrain terrain,
    int width, int height, int max_cost)
{
	switch (terrain) {
	case ORACLE_TERRAIN_OPEN:
		return (oracle_grid_open(rng, width, height, max_cost));
	case ORACLE_TERRAIN_SCATTER:
		return (oracle_grid_scatter(rng, width, height,
		    oracle_rng_range(rng, 5, 45), max_cost));
	case ORACLE_TERRAIN_ROOMS:
		return (oracle_grid_rooms(rng, width, height, max_cost));
	default:
		return (oracle_grid_cut(rng, width, height, max_cost));
	}
}

/* Draws one side: uniform a third of the time, else biased small. */
static int
oracle_random_side(struct oracle_rng *rng, int max_side)
{
	if (max_side < 2)
		return (1);
	if (oracle_rng_below(rng, 3) == 0)
		return (oracle_rng_range(rng, 2, max_side));
	/* A uniform draw below a uniform draw favours small sides. */
	return (2 + oracle_rng_below(rng, 1 + oracle_rng_below(rng,
	    max_side - 1)));
}

/* Picks a grid size, often degenerate, mostly small. */
void
oracle_random_size(struct oracle_rng *rng, int max_side, int *width,
    int *height)
{
	int	kind = oracle_rng_below(rng, 12);

	*width = oracle_random_side(rng, max_side);
	*height = oracle_random_side(rng, max_side);
	switch (kind) {
	case 0:
		*width = *height = 1;
		break;
	case 1:
		*width = 1;
		break;
	case 2:
		*height = 1;
		break;
	}
}

/* Name of a terrain kind. */
const char *
oracle_terrain_name(enum oracle_terrain terrain)
{
	switch (terrain) {
	case ORACLE_TERRAIN_OPEN:
		return ("open");
	case ORACLE_TERRAIN_SCATTER:
		return ("scatter");
	case ORACLE_TERRAIN_ROOMS:
		return ("rooms");
	case ORACLE_TERRAIN_CUT:
		return ("cut");
	default:
		return ("?");
	}
}

/* Whether (x,y) is inside the grid and not a wall. */
static int
oracle_open(const struct path_grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= path_grid_width(g) ||
	    y >= path_grid_height(g))
		return (0);
	return (path_grid_get(g, x, y) != 0);
}

/* Cost of one step under the rules, or -1: see oracle.h. */
path_cost
oracle_step(const struct path_grid *g, struct path_rules rules, int x, int y,
    int dx, int dy)
{
	path_cost	base;
	int		beside;

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return (-1);
	if (!oracle_open(g, x, y) || !oracle_open(g, x + dx, y + dy))
		return (-1);
	if (dx == 0 || dy == 0)
		base = PATH_COST_ORTHO;
	else {
		if (rules.movement == PATH_MOVE_4)
			return (-1);
		beside = oracle_open(g, x + dx, y) + oracle_open(g, x, y + dy);
		switch (rules.diagonal) {
		case PATH_DIAG_NO_CORNER_CUT:
			if (beside < 2)
				return (-1);
			break;
		case PATH_DIAG_ONE_SIDE:
			if (beside < 1)
				return (-1);
			break;
		case PATH_DIAG_ALWAYS:
			break;
		default:
			return (-1);
		}
		if (rules.movement == PATH_MOVE_8_CHEBYSHEV)
			base = PATH_COST_ORTHO;
		else
			base = PATH_COST_DIAG;
	}
	return (base * path_grid_get(g, x + dx, y + dy));
}

/* A step's cost as one Bellman-Ford below reads it: -1 if illegal. */
typedef path_cost (*oracle_step_fn)(const void *ctx, int x, int y, int dx,
    int dy);

/*
 * Bellman-Ford with a queue of cells whose cost dropped, on a width x
 * height grid whose steps step gives: forwards, the cost from (sx,sy) to
 * every cell; backwards, a cell whose cost to (sx,sy) drops offers every
 * cell that can step into it that cost plus the step.
 */
static void
oracle_bellman(int w, int h, oracle_step_fn stepf, const void *ctx,
    int backwards, int sx, int sy, path_cost *out)
{
	size_t		 n = (size_t)w * (size_t)h, head = 0, count, i;
	size_t		*queue;
	char		*queued;
	path_cost	 step, next;
	int		 u, x, y, dx, dy, v;

	for (i = 0; i < n; i++)
		out[i] = PATH_COST_NONE;
	queue = calloc(n, sizeof *queue);
	queued = calloc(n, 1);
	if (queue == NULL || queued == NULL)
		abort();
	u = sy * w + sx;
	out[u] = 0;
	queue[0] = (size_t)u;
	queued[u] = 1;
	count = 1;
	while (count > 0) {
		u = (int)queue[head];
		head = (head + 1) % n;
		count--;
		queued[u] = 0;
		x = u % w;
		y = u / w;
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				/* Backwards: the step from (x-dx,y-dy) in. */
				step = backwards ? stepf(ctx, x - dx, y - dy,
				    dx, dy) : stepf(ctx, x, y, dx, dy);
				if (step < 0)
					continue;
				v = backwards ? (y - dy) * w + (x - dx) :
				    (y + dy) * w + (x + dx);
				next = out[u] + step;
				if (next >= out[v])
					continue;
				out[v] = next;
				if (!queued[v]) {
					queue[(head + count) % n] = (size_t)v;
					queued[v] = 1;
					count++;
				}
			}
		}
	}
	free(queue);
	free(queued);
}

/* A stored grid's steps, for oracle_bellman. */
struct oracle_grid_steps {
	const struct path_grid	*g;
	struct path_rules	 rules;
};

static path_cost
oracle_grid_step(const void *ctx, int x, int y, int dx, int dy)
{
	const struct oracle_grid_steps	*gs = ctx;

	return (oracle_step(gs->g, gs->rules, x, y, dx, dy));
}

/* Costs from (sx,sy): see oracle.h. */
void
oracle_costs_from(const struct path_grid *g, struct path_rules rules, int sx,
    int sy, path_cost *out)
{
	struct oracle_grid_steps	gs = { g, rules };
	size_t				i, n = (size_t)path_grid_width(g) *
					    (size_t)path_grid_height(g);

	if (!oracle_open(g, sx, sy)) {
		for (i = 0; i < n; i++)
			out[i] = PATH_COST_NONE;
		return;
	}
	oracle_bellman(path_grid_width(g), path_grid_height(g),
	    oracle_grid_step, &gs, 0, sx, sy, out);
}

/* Costs to (gx,gy): see oracle.h. */
void
oracle_costs_to(const struct path_grid *g, struct path_rules rules, int gx,
    int gy, path_cost *out)
{
	struct oracle_grid_steps	gs = { g, rules };
	size_t				i, n = (size_t)path_grid_width(g) *
					    (size_t)path_grid_height(g);

	if (!oracle_open(g, gx, gy)) {
		for (i = 0; i < n; i++)
			out[i] = PATH_COST_NONE;
		return;
	}
	oracle_bellman(path_grid_width(g), path_grid_height(g),
	    oracle_grid_step, &gs, 1, gx, gy, out);
}

/* Steps from a cost callback: see oracle.h. */
path_cost
oracle_callback_step(const struct oracle_callback *cb, int x, int y, int dx,
    int dy)
{
	path_cost	c;
	int		beside;

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return (-1);
	if (x < 0 || y < 0 || x >= cb->width || y >= cb->height ||
	    x + dx < 0 || y + dy < 0 || x + dx >= cb->width ||
	    y + dy >= cb->height)
		return (-1);
	if (dx != 0 && dy != 0) {
		if (cb->rules.movement == PATH_MOVE_4)
			return (-1);
		beside = (cb->fn(cb->user, x, y, x + dx, y) !=
		    PATH_COST_NONE) + (cb->fn(cb->user, x, y, x, y + dy) !=
		    PATH_COST_NONE);
		if (cb->rules.diagonal == PATH_DIAG_NEVER ||
		    (cb->rules.diagonal == PATH_DIAG_NO_CORNER_CUT &&
		    beside < 2) ||
		    (cb->rules.diagonal == PATH_DIAG_ONE_SIDE && beside < 1))
			return (-1);
	}
	c = cb->fn(cb->user, x, y, x + dx, y + dy);
	return (c == PATH_COST_NONE ? -1 : c);
}

static path_cost
oracle_callback_stepf(const void *ctx, int x, int y, int dx, int dy)
{
	return (oracle_callback_step(ctx, x, y, dx, dy));
}

/* Costs from or to a cell under a cost callback: see oracle.h. */
void
oracle_callback_costs(const struct oracle_callback *cb, int sx, int sy,
    enum path_field_direction dir, path_cost *out)
{
	oracle_bellman(cb->width, cb->height, oracle_callback_stepf, cb,
	    dir == PATH_FIELD_TO_SOURCE, sx, sy, out);
}

/* Cheapest cost between two cells: see oracle.h. */
path_cost
oracle_cost(const struct path_grid *g, struct path_rules rules, int sx,
    int sy, int gx, int gy)
{
	int		 w = path_grid_width(g), h = path_grid_height(g);
	path_cost	*costs, cost;

	if (!oracle_open(g, sx, sy) || !oracle_open(g, gx, gy))
		return (PATH_COST_NONE);
	if ((costs = calloc((size_t)w * (size_t)h, sizeof *costs)) == NULL)
		abort();
	oracle_costs_from(g, rules, sx, sy, costs);
	cost = costs[gy * w + gx];
	free(costs);
	return (cost);
}

/* Checks a path step by step and sums it: see oracle.h. */
path_cost
oracle_path_cost(const struct path_grid *g, struct path_rules rules, int sx,
    int sy, int gx, int gy, const struct path_point *path, size_t n,
    char *why, size_t whylen)
{
	path_cost	total = 0, step;
	size_t		i;

	if (n == 0) {
		if (why != NULL)
			snprintf(why, whylen, "the path is empty");
		return (-1);
	}
	if (path[0].x != sx || path[0].y != sy) {
		if (why != NULL)
			snprintf(why, whylen, "the path starts at (%d,%d), "
			    "not at the start (%d,%d)", path[0].x, path[0].y,
			    sx, sy);
		return (-1);
	}
	if (path[n - 1].x != gx || path[n - 1].y != gy) {
		if (why != NULL)
			snprintf(why, whylen, "the path ends at (%d,%d), not "
			    "at the goal (%d,%d)", path[n - 1].x,
			    path[n - 1].y, gx, gy);
		return (-1);
	}
	if (!oracle_open(g, sx, sy)) {
		if (why != NULL)
			snprintf(why, whylen, "the start (%d,%d) is not an "
			    "open cell", sx, sy);
		return (-1);
	}
	for (i = 1; i < n; i++) {
		step = oracle_step(g, rules, path[i - 1].x, path[i - 1].y,
		    path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
		if (step < 0) {
			if (why != NULL)
				snprintf(why, whylen, "step %zu from (%d,%d) "
				    "to (%d,%d) is not allowed", i,
				    path[i - 1].x, path[i - 1].y, path[i].x,
				    path[i].y);
			return (-1);
		}
		total += step;
	}
	return (total);
}
