/*
 * field.c: Dijkstra distance fields over a whole grid.
 *
 * The same legal-step definition as A* and a 4-ary heap with lazy
 * deletion, with no heuristic and no goal: the search runs until the open
 * list is empty, or in steps of a given budget, since a field shared by
 * many monsters may be built a little at a time.  Because a step costs
 * what the entered cell costs, the direction matters on weighted terrain.
 * Going out from the source, relaxing a settled cell u to its neighbour v
 * adds v's cost.  Towards the source, the step is v -> u and enters u,
 * the cell nearer the source, so it adds u's cost.  The legal steps are
 * symmetric, so one neighbour list serves both.
 */
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "grid-internal.h"
#include "heap.h"
#include "xmalloc.h"

struct field_node {
	path_cost	d;
	uint32_t	gen;
	uint32_t	closed;
};

struct path_field {
	int			 width;
	int			 height;
	size_t			 ncells;
	struct field_node	*nodes;
	uint32_t		 gen;
	struct open_list	 open;
	struct path_rules	 rules;		/* of the current computation */
	enum path_field_direction direction;
	uint32_t		 source;	/* 0 when there is none */
	int			 complete;
	path_trace_fn		 trace;		/* or NULL */
	void			*trace_ctx;
};

/* Installs a trace: see field.h. */
void
path_field_set_trace(struct path_field *f, path_trace_fn fn, void *ctx)
{
	f->trace = fn;
	f->trace_ctx = ctx;
}

/* Creates a field: see field.h. */
struct path_field *
path_field_new(int width, int height)
{
	struct path_field	*f;

	f = xcalloc(1, sizeof *f);
	f->width = width;
	f->height = height;
	f->ncells = grid_padded_cells(width, height);
	f->nodes = xcalloc(f->ncells, sizeof *f->nodes);
	f->complete = 1;
	return (f);
}

void
path_field_free(struct path_field *f)
{
	if (f == NULL)
		return;
	open_free(&f->open);
	free(f->nodes);
	free(f);
}

size_t
path_field_memory(const struct path_field *f)
{
	return (sizeof *f + f->ncells * sizeof *f->nodes +
	    (f->open.cap + 4) * sizeof *f->open.e);
}

/* Starts a computation: see field.h. */
void
path_field_begin(struct path_field *f, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy, enum path_field_direction dir)
{
	uint32_t	si;

	if (grid->width != f->width || grid->height != f->height)
		xfatal("field is %dx%d but the grid is %dx%d", f->width,
		    f->height, grid->width, grid->height);
	f->rules = path_rules_normalize(rules);
	f->direction = dir;
	open_clear(&f->open);
	if (++f->gen == 0) {
		memset(f->nodes, 0, f->ncells * sizeof *f->nodes);
		f->gen = 1;
	}
	f->source = 0;
	f->complete = 1;
	if (!path_grid_contains(grid, sx, sy))
		return;
	si = grid_index(grid, sx, sy);
	if (grid->cells[si] == 0)
		return;
	f->source = si;
	f->complete = 0;
	f->nodes[si].d = 0;
	f->nodes[si].gen = f->gen;
	f->nodes[si].closed = 0;
	open_push(&f->open, 0, si, sx, sy);
}

/* Continues a computation: see field.h. */
int
path_field_run(struct path_field *f, const struct path_grid *grid,
    unsigned long budget, struct path_stats *stats)
{
	struct path_stats	 local;
	struct path_stats	*st = stats != NULL ? stats : &local;
	struct field_node	*nodes = f->nodes, *n;
	const uint8_t		*cells = grid->cells;
	const int		 to = f->direction == PATH_FIELD_TO_SOURCE;
	struct open_entry	 top;
	struct grid_move	 mv[8];
	path_cost		 diag, d, nd;
	uint32_t		 u, v;
	unsigned long		 done = 0;
	int			 i, k;

	if (f->complete)
		return (1);
	diag = grid_diag_base(f->rules.movement);
	while (f->open.n > 0) {
		if (budget != 0 && done == budget)
			return (0);
		top = open_pop(&f->open);
		u = top.id;
		if (nodes[u].closed)
			continue;	/* stale: settled through a cheaper entry */
		nodes[u].closed = 1;
		d = nodes[u].d;
		if (f->trace != NULL)
			f->trace(f->trace_ctx, PATH_TRACE_EXPAND, top.x, top.y,
			    (path_cost)d, 0, top.x, top.y);
		st->expansions++;
		done++;
		k = grid_moves(grid, f->rules.diagonal, diag, u, mv);
		for (i = 0; i < k; i++) {
			v = mv[i].id;
			n = &nodes[v];
			nd = d + mv[i].base * (to ? cells[u] : cells[v]);
			if (n->gen != f->gen) {
				n->gen = f->gen;
				n->closed = 0;
				st->touched++;
			} else if (n->closed || nd >= n->d)
				continue;
			n->d = nd;
			open_push(&f->open, (uint64_t)nd, v, top.x + mv[i].dx,
			    top.y + mv[i].dy);
			st->pushes++;
		}
	}
	f->complete = 1;
	return (1);
}

/* Computes a whole field: see field.h. */
void
path_field_compute(struct path_field *f, const struct path_grid *grid,
    struct path_rules rules, int sx, int sy,
    enum path_field_direction dir, struct path_stats *stats)
{
	struct path_stats	local;

	memset(&local, 0, sizeof local);
	path_field_begin(f, grid, rules, sx, sy, dir);
	if (f->source != 0)
		local.touched = local.pushes = 1;
	path_field_run(f, grid, 0, &local);
	if (stats != NULL)
		*stats = local;
}

/* The record of an inside cell. */
static const struct field_node *
field_node(const struct path_field *f, int x, int y)
{
	if (x < 0 || y < 0 || x >= f->width || y >= f->height)
		return (NULL);
	return (&f->nodes[(uint32_t)(y + 1) * (uint32_t)(f->width + 2) +
	    (uint32_t)(x + 1)]);
}

/* Cost between a cell and the source: see field.h. */
path_cost
path_field_get(const struct path_field *f, int x, int y)
{
	const struct field_node	*n = field_node(f, x, y);

	if (n == NULL || n->gen != f->gen || f->source == 0)
		return (PATH_COST_NONE);
	return (n->d);
}

/* Whether a cell's value is final: see field.h. */
int
path_field_settled(const struct path_field *f, int x, int y)
{
	const struct field_node	*n = field_node(f, x, y);

	if (n == NULL)
		return (0);
	return (f->complete || (n->gen == f->gen && n->closed));
}

/* Next step downhill towards the source: see field.h. */
int
path_field_next_step(const struct path_field *f, const struct path_grid *grid,
    int x, int y, int *nx, int *ny)
{
	struct grid_move	 mv[8];
	path_cost		 here, best = PATH_COST_NONE, c;
	uint32_t		 u;
	int			 i, k, bi = -1;

	if (f->direction != PATH_FIELD_TO_SOURCE ||
	    (here = path_field_get(f, x, y)) == PATH_COST_NONE || here == 0 ||
	    !path_field_settled(f, x, y))
		return (-1);
	u = grid_index(grid, x, y);
	if (grid->cells[u] == 0)
		return (-1);
	k = grid_moves(grid, f->rules.diagonal,
	    grid_diag_base(f->rules.movement), u, mv);
	for (i = 0; i < k; i++) {
		if (!path_field_settled(f, x + mv[i].dx, y + mv[i].dy))
			continue;
		c = path_field_get(f, x + mv[i].dx, y + mv[i].dy);
		if (c == PATH_COST_NONE)
			continue;
		c += mv[i].base * grid->cells[mv[i].id];
		if (c < best) {
			best = c;
			bi = i;
		}
	}
	if (bi < 0)
		return (-1);
	*nx = x + mv[bi].dx;
	*ny = y + mv[bi].dy;
	return (0);
}
