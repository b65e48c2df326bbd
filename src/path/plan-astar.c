/*
 * plan-astar.c: the astar planner, A* from scratch on every call.
 *
 * Without a budget it uses the context's shared A* workspace, the fastest
 * search there is, so it is an honest baseline.  With a budget its search
 * must survive between calls while other planners use the workspace, so
 * it runs a sparse A* of its own (records only for cells it touched) that
 * resumes as long as the hunter, the target and the grid stay as they
 * were; meanwhile its partial path leads to the expanded cell nearest the
 * target.
 */
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"
#include "heap.h"
#include "planner-internal.h"
#include "xmalloc.h"

struct astar_state {
	struct cellmap		 map;	/* the budgeted search's records */
	struct open_list	 open;
	int			 tie_bits;
	int			 g_shift;
	int			 active;	/* a budgeted search is under way */
	uint32_t		 start;
	uint32_t		 goal;
	uint32_t		 best;		/* closed record nearest the goal */
	path_cost		 best_h;
};

#define ASTAR_CLOSED	1	/* cell_rec.pos of an expanded record */
#define ASTAR_OPEN	0

static void
astar_init(struct path_planner *p)
{
	struct astar_state	*s = xcalloc(1, sizeof *s);

	cellmap_init(&s->map);
	p->state = s;
}

static void
astar_free(struct path_planner *p)
{
	struct astar_state	*s = p->state;

	cellmap_free(&s->map);
	open_free(&s->open);
	free(s);
}

static size_t
astar_memory(const struct path_planner *p)
{
	const struct astar_state	*s = p->state;

	return (sizeof *s + cellmap_memory(&s->map) +
	    (s->open.e != NULL ? (s->open.cap + 4) * sizeof *s->open.e : 0));
}

/* Builds the planner's path from a record's chain of parents. */
static void
astar_chain(struct path_planner *p, uint32_t r)
{
	struct astar_state	*s = p->state;

	planner_path_clear(p);
	for (; r != CELL_NONE; r = s->map.recs[r].par)
		planner_path_push(p, s->map.recs[r].x, s->map.recs[r].y);
	planner_path_reverse(p);
}

/* Pushes a record on the budgeted search's open list. */
static void
astar_push(const struct path_planner *p, uint32_t r, path_cost h)
{
	struct astar_state	*s = p->state;
	const struct cell_rec	*c = &s->map.recs[r];

	open_push(&s->open, grid_key(s->tie_bits, s->g_shift, c->g, h), r,
	    c->x, c->y);
	PLANNER_TRACE(p->ctx->trace, p->ctx->trace_ctx, PATH_TRACE_OPEN,
	    c->x, c->y);
}

/* Runs the budgeted sparse A* for at most budget expansions. */
static enum path_plan_status
astar_budgeted(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct astar_state	*s = p->state;
	const struct path_grid	*grid = p->ctx->grid;
	const struct path_rules	 r = p->ctx->rules;
	const path_cost		 diag = grid_diag_base(r.movement);
	struct grid_move	 mv[8];
	struct cell_rec		*u;
	path_cost		 ng, h;
	uint32_t		 si = grid_index(grid, p->hx, p->hy);
	uint32_t		 gi = grid_index(grid, p->tx, p->ty), ur, vr;
	unsigned long		 done = 0;
	int			 i, k, ux, uy;

	if (!s->active || s->start != si || s->goal != gi ||
	    in->nchanges > 0 || in->reset) {
		cellmap_clear(&s->map);
		open_clear(&s->open);
		grid_key_layout(grid, &s->tie_bits, &s->g_shift);
		s->start = si;
		s->goal = gi;
		s->active = 1;
		ur = cellmap_get(&s->map, si, p->hx, p->hy);
		s->map.recs[ur].g = 0;
		s->map.recs[ur].pos = ASTAR_OPEN;
		s->best = ur;
		s->best_h = grid_heuristic(r.heuristic, p->hx, p->hy, p->tx,
		    p->ty);
		astar_push(p, ur, s->best_h);
		st->touched++;
		st->replanned = 1;
		st->restarted = 1;
	}
	while (s->open.n > 0) {
		if (done == in->budget) {
			astar_chain(p, s->best);
			if (p->npath < 2)
				planner_greedy_step(p);
			return (PATH_PLAN_PARTIAL);
		}
		ur = open_pop(&s->open).id;
		u = &s->map.recs[ur];
		if (u->pos == ASTAR_CLOSED)
			continue;
		u->pos = ASTAR_CLOSED;
		done++;
		st->expansions++;
		ux = u->x;
		uy = u->y;
		PLANNER_TRACE(p->ctx->trace, p->ctx->trace_ctx,
		    PATH_TRACE_EXPAND, ux, uy);
		if (u->cell == gi) {
			s->active = 0;
			p->cost = u->g;
			astar_chain(p, ur);
			return (PATH_PLAN_FOUND);
		}
		h = grid_heuristic(r.heuristic, ux, uy, p->tx, p->ty);
		if (h < s->best_h) {
			s->best_h = h;
			s->best = ur;
		}
		k = grid_moves(grid, r.diagonal, diag, u->cell, mv);
		for (i = 0; i < k; i++) {
			ng = s->map.recs[ur].g + mv[i].base *
			    grid->cells[mv[i].id];
			vr = cellmap_find(&s->map, mv[i].id);
			if (vr == CELL_NONE) {
				vr = cellmap_get(&s->map, mv[i].id,
				    ux + mv[i].dx, uy + mv[i].dy);
				s->map.recs[vr].pos = ASTAR_OPEN;
				st->touched++;
			} else if (s->map.recs[vr].pos == ASTAR_CLOSED ||
			    ng >= s->map.recs[vr].g)
				continue;
			s->map.recs[vr].g = ng;
			s->map.recs[vr].par = ur;
			astar_push(p, vr, grid_heuristic(r.heuristic,
			    ux + mv[i].dx, uy + mv[i].dy, p->tx, p->ty));
		}
	}
	s->active = 0;
	planner_path_clear(p);
	return (PATH_PLAN_NONE);
}

/* A* from scratch on the context's workspace: see planner-internal.h. */
enum path_plan_status
planner_astar_plan(struct path_planner *p, struct path_plan_stats *st)
{
	struct path_astar	*ws = planner_astar(p->ctx);
	struct path_stats	 ss;
	size_t			 n;

	p->cost = path_astar_search(ws, p->ctx->grid, p->ctx->rules, p->hx,
	    p->hy, p->tx, p->ty, &ss);
	st->restarted = 1;
	st->expansions += ss.expansions;
	st->touched += ss.touched;
	planner_path_clear(p);
	if (p->cost == PATH_COST_ERROR) {
		/* A cost callback out of range, told to the handler. */
		p->cost = PATH_COST_NONE;
		return (PATH_PLAN_NONE);
	}
	if (p->cost == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	n = path_astar_path(ws, NULL, 0);
	planner_path_room(p, n);
	p->npath = path_astar_path(ws, p->path, n);
	return (PATH_PLAN_FOUND);
}

/* Plans from scratch: see the top of the file. */
static enum path_plan_status
astar_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	planner_path_clear(p);
	/* A callback grid's costs are asked anew: no search is resumed. */
	if (in->budget != 0 && p->ctx->grid->cost_fn == NULL &&
	    planner_open(p, p->hx, p->hy) &&
	    planner_open(p, p->tx, p->ty))
		return (astar_budgeted(p, in, st));
	/*
	 * Whatever happens now, a suspended budgeted search is stale: the
	 * changes seen on this call will not be shown to it again.
	 */
	((struct astar_state *)p->state)->active = 0;
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty))
		return (PATH_PLAN_NONE);
	st->replanned = 1;
	return (planner_astar_plan(p, st));
}

/* Writes the budgeted search, if one is under way. */
static void
astar_save(const struct path_planner *p, struct ser *s)
{
	const struct astar_state	*st = p->state;
	size_t				 i;

	ser_u8(s, (uint8_t)st->active);
	if (!st->active)
		return;
	ser_u32(s, (uint32_t)st->tie_bits);
	ser_u32(s, (uint32_t)st->g_shift);
	ser_u32(s, st->start);
	ser_u32(s, st->goal);
	ser_u32(s, st->best);
	ser_i64(s, st->best_h);
	cellmap_save(&st->map, s);
	ser_u32(s, (uint32_t)st->open.n);
	for (i = 0; i < st->open.n; i++) {
		ser_u64(s, st->open.e[i].key);
		ser_u32(s, st->open.e[i].id);
	}
}

/* Reads the budgeted search: see astar_save. */
static int
astar_load(struct path_planner *p, struct deser *d)
{
	struct astar_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;
	const struct cell_rec	*c;
	uint32_t		 n, i, id;
	uint64_t		 key;

	st->active = deser_u8(d) != 0;
	if (!st->active)
		return (d->error != NULL ? -1 : 0);
	st->tie_bits = (int)deser_below(d, 64, "a bad key layout");
	st->g_shift = (int)deser_below(d, 64, "a bad key layout");
	st->start = deser_below(d, (uint32_t)grid_padded_cells(g->width,
	    g->height), "a bad cell");
	st->goal = deser_below(d, (uint32_t)grid_padded_cells(g->width,
	    g->height), "a bad cell");
	st->best = deser_u32(d);
	st->best_h = deser_range(d, 0, PATH_COST_NONE, "a bad estimate");
	if (d->error != NULL || cellmap_load(&st->map, d, g) != 0)
		return (-1);
	if (st->best >= st->map.nrecs)
		deser_fail(d, "a bad best cell");
	open_clear(&st->open);
	n = deser_count(d, 4 * st->map.nrecs + 4, 12);
	for (i = 0; i < n && d->error == NULL; i++) {
		key = deser_u64(d);
		id = deser_below(d, st->map.nrecs, "an entry names no record");
		if (d->error != NULL)
			break;
		if (i > 0 && key < st->open.e[(i - 1) / 4].key)
			deser_fail(d, "the open list is out of order");
		c = &st->map.recs[id];
		open_push(&st->open, key, id, c->x, c->y);
	}
	return (d->error != NULL ? -1 : 0);
}

const struct planner_ops planner_astar_ops = {
	.name = "astar",
	.init = astar_init,
	.free = astar_free,
	.plan = astar_plan,
	.memory = astar_memory,
	.save = astar_save,
	.load = astar_load,
};
