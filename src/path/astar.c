/*
 * astar.c: A* from scratch, fast enough to run every turn.
 *
 * Per-cell state is a 16-byte record (g, generation, heap position) plus
 * a parent index, in arrays the size of the bordered grid.  A cell whose
 * generation is not the current search's is unseen, so a new search
 * starts by bumping one counter; the arrays are cleared only when the
 * 32-bit counter wraps.  The open list is the shared binary heap with
 * decrease-key, keyed on (f, -g): among equal f the deeper cell comes
 * first.  The heuristic is chosen once per search and the loop is
 * specialised for it, so the inner loop has no indirect calls.
 *
 * A search with a consistent heuristic never improves a closed cell, so
 * closed cells are skipped; with an inconsistent one (Manhattan on an
 * 8-connected grid, allowed for teaching) the result may not be optimal,
 * which path_rules_admissible() lets callers warn about.
 */
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid-internal.h"
#include "heap.h"
#include "xmalloc.h"

struct astar_node {
	path_cost	g;
	uint32_t	gen;
	uint32_t	pos;	/* heap position, HEAP_CLOSED when expanded */
};

struct path_astar {
	int			 width;
	int			 height;
	int			 stride;
	size_t			 ncells;
	struct astar_node	*nodes;
	uint32_t		*parent;
	uint32_t		 gen;
	struct heap		 open;

	uint32_t		 start;		/* of the last search */
	uint32_t		 goal;
	int			 found;

	path_trace_fn		 trace;
	void			*trace_ctx;
};

/* Creates a workspace: see astar.h. */
struct path_astar *
path_astar_new(int width, int height)
{
	struct path_astar	*ws;

	ws = xcalloc(1, sizeof *ws);
	ws->width = width;
	ws->height = height;
	ws->stride = width + 2;
	ws->ncells = grid_padded_cells(width, height);
	ws->nodes = xcalloc(ws->ncells, sizeof *ws->nodes);
	ws->parent = xcalloc(ws->ncells, sizeof *ws->parent);
	heap_init(&ws->open, &ws->nodes[0].pos, sizeof *ws->nodes);
	return (ws);
}

void
path_astar_free(struct path_astar *ws)
{
	if (ws == NULL)
		return;
	heap_free(&ws->open);
	free(ws->nodes);
	free(ws->parent);
	free(ws);
}

void
path_astar_set_trace(struct path_astar *ws, path_trace_fn fn, void *ctx)
{
	ws->trace = fn;
	ws->trace_ctx = ctx;
}

/* Coordinates of a bordered index. */
static void
astar_coords(const struct path_astar *ws, uint32_t i, int *x, int *y)
{
	*x = (int)(i % (uint32_t)ws->stride) - 1;
	*y = (int)(i / (uint32_t)ws->stride) - 1;
}

/*
 * The search proper, forced inline into one copy per heuristic so that
 * `hk` is a constant inside each copy.
 */
static inline __attribute__((always_inline)) path_cost
astar_run(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, const enum path_heuristic hk, uint32_t si,
    int sx, int sy, uint32_t gi, int gx, int gy, struct path_stats *st)
{
	struct astar_node	*nodes = ws->nodes, *n;
	uint32_t		*parent = ws->parent;
	const uint8_t		*cells = grid->cells;
	const uint32_t		 gen = ws->gen;
	const path_cost		 diag = grid_diag_base(rules.movement);
	struct heap		*open = &ws->open;
	struct heap_entry	 top;
	struct grid_move	 mv[8];
	path_cost		 g, ng, h;
	int			 i, k, vx, vy;
	uint32_t		 u, v;

	n = &nodes[si];
	n->g = 0;
	n->gen = gen;
	parent[si] = si;
	st->touched++;
	h = grid_heuristic(hk, sx, sy, gx, gy);
	heap_push(open, h, 0, si, sx, sy);
	st->pushes++;
	if (ws->trace != NULL)
		ws->trace(ws->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);

	while (open->n > 0) {
		top = heap_pop(open);
		u = top.id;
		nodes[u].pos = HEAP_CLOSED;
		g = nodes[u].g;
		st->expansions++;
		if (ws->trace != NULL) {
			astar_coords(ws, parent[u], &vx, &vy);
			ws->trace(ws->trace_ctx, PATH_TRACE_EXPAND, top.x,
			    top.y, g, top.k1 - g, vx, vy);
		}
		if (u == gi) {
			ws->found = 1;
			return (g);
		}
		k = grid_moves(grid, rules.diagonal, diag, u, mv);
		for (i = 0; i < k; i++) {
			v = mv[i].id;
			n = &nodes[v];
			ng = g + mv[i].base * cells[v];
			if (n->gen == gen) {
				if (n->pos == HEAP_CLOSED || ng >= n->g)
					continue;
				vx = top.x + mv[i].dx;
				vy = top.y + mv[i].dy;
				h = grid_heuristic(hk, vx, vy, gx, gy);
				n->g = ng;
				parent[v] = u;
				heap_update(open, n->pos, ng + h, -ng);
				st->pushes++;
				if (ws->trace != NULL)
					ws->trace(ws->trace_ctx,
					    PATH_TRACE_IMPROVE, vx, vy, ng, h,
					    top.x, top.y);
				continue;
			}
			vx = top.x + mv[i].dx;
			vy = top.y + mv[i].dy;
			h = grid_heuristic(hk, vx, vy, gx, gy);
			n->g = ng;
			n->gen = gen;
			parent[v] = u;
			st->touched++;
			heap_push(open, ng + h, -ng, v, vx, vy);
			st->pushes++;
			if (ws->trace != NULL)
				ws->trace(ws->trace_ctx, PATH_TRACE_OPEN, vx,
				    vy, ng, h, top.x, top.y);
		}
	}
	return (PATH_COST_NONE);
}

/* Finds a cheapest path: see astar.h. */
path_cost
path_astar_search(struct path_astar *ws, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy, int gx, int gy,
    struct path_stats *stats)
{
	struct path_stats	 local;
	struct path_stats	*st = stats != NULL ? stats : &local;
	uint32_t		 si, gi;
	path_cost		 cost;

	if (grid->width != ws->width || grid->height != ws->height)
		xfatal("A* workspace is %dx%d but the grid is %dx%d",
		    ws->width, ws->height, grid->width, grid->height);
	memset(st, 0, sizeof *st);
	rules = path_rules_normalize(rules);

	heap_clear(&ws->open);
	if (++ws->gen == 0) {
		memset(ws->nodes, 0, ws->ncells * sizeof *ws->nodes);
		ws->gen = 1;
	}
	ws->found = 0;
	ws->start = ws->goal = 0;
	if (!path_grid_contains(grid, sx, sy) ||
	    !path_grid_contains(grid, gx, gy))
		return (PATH_COST_NONE);
	si = grid_index(grid, sx, sy);
	gi = grid_index(grid, gx, gy);
	if (grid->cells[si] == 0 || grid->cells[gi] == 0)
		return (PATH_COST_NONE);
	ws->start = si;
	ws->goal = gi;

	switch (rules.heuristic) {
	case PATH_H_MANHATTAN:
		cost = astar_run(ws, grid, rules, PATH_H_MANHATTAN, si, sx, sy,
		    gi, gx, gy, st);
		break;
	case PATH_H_OCTILE:
		cost = astar_run(ws, grid, rules, PATH_H_OCTILE, si, sx, sy,
		    gi, gx, gy, st);
		break;
	case PATH_H_CHEBYSHEV:
		cost = astar_run(ws, grid, rules, PATH_H_CHEBYSHEV, si, sx, sy,
		    gi, gx, gy, st);
		break;
	case PATH_H_EUCLID:
		cost = astar_run(ws, grid, rules, PATH_H_EUCLID, si, sx, sy,
		    gi, gx, gy, st);
		break;
	default:
		cost = astar_run(ws, grid, rules, PATH_H_ZERO, si, sx, sy,
		    gi, gx, gy, st);
		break;
	}
	return (cost);
}

/* Copies the last path out: see astar.h. */
size_t
path_astar_path(const struct path_astar *ws, struct path_point *out,
    size_t max)
{
	size_t		len = 1, i;
	uint32_t	v;

	if (!ws->found)
		return (0);
	for (v = ws->goal; v != ws->start; v = ws->parent[v])
		len++;
	i = len;
	for (v = ws->goal;; v = ws->parent[v]) {
		i--;
		if (i < max)
			astar_coords(ws, v, &out[i].x, &out[i].y);
		if (v == ws->start)
			break;
	}
	return (len);
}

/* State of a cell after the last search: see astar.h. */
enum path_cell_state
path_astar_cell(const struct path_astar *ws, int x, int y, path_cost *g)
{
	const struct astar_node	*n;

	if (x < 0 || y < 0 || x >= ws->width || y >= ws->height)
		return (PATH_CELL_UNSEEN);
	n = &ws->nodes[(uint32_t)(y + 1) * (uint32_t)ws->stride +
	    (uint32_t)(x + 1)];
	if (n->gen != ws->gen)
		return (PATH_CELL_UNSEEN);
	if (g != NULL)
		*g = n->g;
	return (n->pos == HEAP_CLOSED ? PATH_CELL_CLOSED : PATH_CELL_OPEN);
}
