/*
 * plan-dstar.c: the dstar planner, D* Lite (Koenig & Likhachev 2002).
 *
 * The search runs backwards, from the target to the hunter, so g(s) is
 * the cost from s to the target and rhs(s) = min over s's steps s -> s' of
 * c(s, s') + g(s').  The hunter moving only changes the heuristic (measured
 * from the hunter), which km absorbs, so the search is reused; a changed
 * cell changes the edges out of itself and its eight neighbours (entering
 * it, leaving it if it became blocked, and diagonal steps past its
 * corners), so their rhs values are recomputed and the search repairs
 * only what depends on them.  The target moving changes the root of the
 * search, and D* Lite starts over: that is the price this planner pays in
 * a chase, and what Moving Target D* Lite avoids.
 *
 * Paths follow the gradient: from the hunter, the step minimising c + g.
 * With a budget the search stops early and resumes on the next call; in
 * the meantime the hunter takes that greedy step if its neighbours have
 * values yet, or steps towards the target.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "planner-internal.h"
#include "xmalloc.h"

struct dstar_state {
	struct dlite	 d;
	int		 active;	/* searching for the current target */
	uint32_t	 goal;		/* cell of the target searched for */
	int		 lx, ly;	/* hunter when km was last updated */
};

static void
dstar_init(struct path_planner *p)
{
	struct dstar_state	*s = xcalloc(1, sizeof *s);

	dlite_init(&s->d, p->ctx->grid, p->ctx->rules);
	p->state = s;
}

static void
dstar_free(struct path_planner *p)
{
	struct dstar_state	*s = p->state;

	dlite_free(&s->d);
	free(s);
}

static size_t
dstar_memory(const struct path_planner *p)
{
	const struct dstar_state	*s = p->state;

	return (sizeof *s + dlite_memory(&s->d));
}

/* rhs of a cell other than the goal: the best step out of it. */
static path_cost
dstar_best_rhs(const struct dstar_state *s, uint32_t cell)
{
	const struct dlite	*d = &s->d;
	struct grid_move	 mv[8];
	path_cost		 best = PATH_COST_NONE, c;
	int			 i, k;

	k = dlite_moves(d, cell, mv);
	for (i = 0; i < k; i++) {
		c = dlite_add(mv[i].base * d->grid->cells[mv[i].id],
		    dlite_g(d, dlite_find(d, mv[i].id)));
		if (c < best)
			best = c;
	}
	return (best);
}

/* Recomputes rhs of a cell (not the goal) and updates it. */
static void
dstar_refresh(struct dstar_state *s, uint32_t cell, int x, int y)
{
	struct dlite	*d = &s->d;
	path_cost	 rhs = dstar_best_rhs(s, cell);
	uint32_t	 r = dlite_find(d, cell);

	if (r == CELL_NONE) {
		if (rhs == PATH_COST_NONE)
			return;
		r = dlite_get(d, cell, x, y);
	}
	d->map.recs[r].rhs = rhs;
	dlite_update(d, r);
}

/* Starts the search afresh from the target. */
static void
dstar_restart(struct path_planner *p)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 r;

	dlite_clear(d);
	s->goal = grid_index(d->grid, p->tx, p->ty);
	s->lx = p->hx;
	s->ly = p->hy;
	d->ax = p->hx;
	d->ay = p->hy;
	r = dlite_get(d, s->goal, p->tx, p->ty);
	d->map.recs[r].rhs = 0;
	dlite_update(d, r);
	s->active = 1;
}

/*
 * ComputeShortestPath, for at most budget expansions (0: no limit).
 * Returns 1 when the hunter's value is settled, 0 when the budget ran out.
 */
static int
dstar_compute(struct path_planner *p, unsigned long budget,
    struct path_plan_stats *st)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	const uint8_t		*cells = d->grid->cells;

	d->trace = p->ctx->trace;
	d->trace_ctx = p->ctx->trace_ctx;
	const uint32_t		 si = grid_index(d->grid, p->hx, p->hy);
	struct grid_move	 mv[8];
	struct heap_entry	 top;
	struct cell_rec		*c;
	path_cost		 k1, k2, gold, cost;
	uint32_t		 sr, ur, vr, v, ucell;
	unsigned long		 done = 0;
	int			 i, k, ux, uy;

	for (;;) {
		if (d->open.n == 0)
			return (1);
		top = d->open.e[0];
		sr = dlite_find(d, si);
		if (sr != CELL_NONE)
			dlite_key(d, sr, &k1, &k2);
		else
			k1 = k2 = PATH_COST_NONE;
		if (!dlite_less(top.k1, top.k2, k1, k2) &&
		    !(dlite_rhs(d, sr) > dlite_g(d, sr)))
			return (1);
		if (budget != 0 && done == budget)
			return (0);
		done++;
		st->expansions++;
		ur = top.id;
		if (d->trace != NULL)
			d->trace(d->trace_ctx, PATH_TRACE_EXPAND,
			    d->map.recs[ur].x, d->map.recs[ur].y, 0, 0,
			    d->map.recs[ur].x, d->map.recs[ur].y);
		dlite_key(d, ur, &k1, &k2);
		if (dlite_less(top.k1, top.k2, k1, k2)) {
			heap_update(&d->open, d->map.recs[ur].pos, k1, k2);
			continue;
		}
		c = &d->map.recs[ur];
		ux = c->x;
		uy = c->y;
		ucell = c->cell;
		k = dlite_moves(d, ucell, mv);
		if (c->g > c->rhs) {
			/* Overconsistent: settle it, then improve preds. */
			c->g = c->rhs;
			heap_remove(&d->open, c->pos);
			for (i = 0; i < k; i++) {
				v = mv[i].id;
				if (v == s->goal)
					continue;
				cost = dlite_add(mv[i].base * cells[ucell],
				    d->map.recs[ur].g);
				vr = dlite_find(d, v);
				if (cost >= dlite_rhs(d, vr))
					continue;
				if (vr == CELL_NONE) {
					vr = dlite_get(d, v, ux + mv[i].dx,
					    uy + mv[i].dy);
					st->touched++;
				}
				d->map.recs[vr].rhs = cost;
				dlite_update(d, vr);
			}
			continue;
		}
		/* Underconsistent: raise it, repair what depended on it. */
		gold = c->g;
		c->g = PATH_COST_NONE;
		for (i = 0; i < k; i++) {
			v = mv[i].id;
			if (v == s->goal)
				continue;
			vr = dlite_find(d, v);
			if (vr == CELL_NONE || d->map.recs[vr].rhs !=
			    dlite_add(mv[i].base * cells[ucell], gold))
				continue;
			d->map.recs[vr].rhs = dstar_best_rhs(s, v);
			dlite_update(d, vr);
		}
		if (ucell != s->goal)
			d->map.recs[ur].rhs = dstar_best_rhs(s, ucell);
		dlite_update(d, ur);
	}
}

/*
 * The path down the gradient from the hunter: at each cell the step
 * minimising c + g.  Stops after limit steps (never reached when the
 * values are consistent, since g falls at every step).
 */
static void
dstar_descend(struct path_planner *p, size_t limit)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	struct grid_move	 mv[8];
	path_cost		 best, c;
	uint32_t		 u;
	int			 i, k, x = p->hx, y = p->hy, bi;

	planner_path_clear(p);
	planner_path_push(p, x, y);
	u = grid_index(d->grid, x, y);
	while (u != s->goal && p->npath <= limit) {
		k = dlite_moves(d, u, mv);
		best = PATH_COST_NONE;
		bi = -1;
		for (i = 0; i < k; i++) {
			c = dlite_add(mv[i].base * d->grid->cells[mv[i].id],
			    dlite_g(d, dlite_find(d, mv[i].id)));
			if (c < best) {
				best = c;
				bi = i;
			}
		}
		if (bi < 0)
			break;
		u = mv[bi].id;
		x += mv[bi].dx;
		y += mv[bi].dy;
		planner_path_push(p, x, y);
	}
}

/* Plans with D* Lite: see the top of the file. */
static enum path_plan_status
dstar_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	const struct path_grid	*grid = d->grid;
	const struct path_change *c;
	size_t			 i;
	uint32_t		 sr;
	int			 nx, ny, dx, dy;

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty)) {
		s->active = 0;
		return (PATH_PLAN_NONE);
	}
	if (!s->active || in->reset ||
	    grid_index(grid, p->tx, p->ty) != s->goal) {
		dstar_restart(p);
		st->replanned = 1;
		st->restarted = 1;
	} else {
		if (p->hx != s->lx || p->hy != s->ly) {
			d->km += grid_heuristic(d->rules.heuristic, s->lx,
			    s->ly, p->hx, p->hy);
			s->lx = p->hx;
			s->ly = p->hy;
			d->ax = p->hx;
			d->ay = p->hy;
		}
		for (i = 0; i < in->nchanges; i++) {
			c = &in->changes[i];
			for (dy = -1; dy <= 1; dy++) {
				for (dx = -1; dx <= 1; dx++) {
					nx = c->x + dx;
					ny = c->y + dy;
					if (!path_grid_contains(grid, nx, ny) ||
					    grid_index(grid, nx, ny) == s->goal)
						continue;
					dstar_refresh(s, grid_index(grid, nx,
					    ny), nx, ny);
				}
			}
		}
	}
	if (p->hx == p->tx && p->hy == p->ty) {
		/* On the target: nothing to search, whatever is queued. */
		planner_path_push(p, p->hx, p->hy);
		p->cost = 0;
		return (PATH_PLAN_FOUND);
	}
	if (!dstar_compute(p, in->budget, st)) {
		sr = dlite_find(d, grid_index(grid, p->hx, p->hy));
		if (dlite_g(d, sr) != PATH_COST_NONE)
			dstar_descend(p, 1);
		if (p->npath < 2)
			planner_greedy_step(p);
		return (PATH_PLAN_PARTIAL);
	}
	sr = dlite_find(d, grid_index(grid, p->hx, p->hy));
	if (dlite_rhs(d, sr) == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	p->cost = dlite_rhs(d, sr);
	dstar_descend(p, d->map.nrecs + 1);
	return (PATH_PLAN_FOUND);
}

/* Writes the search for a save. */
static void
dstar_save(const struct path_planner *p, struct ser *s)
{
	const struct dstar_state	*st = p->state;

	ser_u8(s, (uint8_t)st->active);
	ser_u32(s, st->goal);
	ser_i64(s, st->lx);
	ser_i64(s, st->ly);
	dlite_save(&st->d, s);
}

/* Reads the search back: see dstar_save. */
static int
dstar_load(struct path_planner *p, struct deser *d)
{
	struct dstar_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;

	st->active = deser_u8(d) != 0;
	st->goal = deser_below(d, (uint32_t)grid_padded_cells(g->width,
	    g->height), "a bad goal");
	st->lx = (int)deser_range(d, -(1 << 20), 1 << 20, "a bad position");
	st->ly = (int)deser_range(d, -(1 << 20), 1 << 20, "a bad position");
	if (d->error != NULL)
		return (-1);
	return (dlite_load(&st->d, d));
}

const struct planner_ops planner_dstar_ops = {
	.name = "dstar",
	.init = dstar_init,
	.free = dstar_free,
	.plan = dstar_plan,
	.memory = dstar_memory,
	.save = dstar_save,
	.load = dstar_load,
};
