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
 *
 * Records live in pages lent by the context (see dlite.h): a new target
 * starts a new generation, which costs nothing until a page is touched,
 * and pages the search no longer reaches go back to the pool.  g is a
 * cost to the target, so it never drifts; km does, by the hunter's moves,
 * and is folded into the heap's keys when it grows large.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "planner-internal.h"
#include "xmalloc.h"

struct dstar_state {
	struct dlite	 d;		/* first, for tests/check_dlite.c */
	int		 active;	/* searching for the current target */
	int		 gbx, gby;	/* the target searched for, bordered */
	int		 lx, ly;	/* hunter when km was last updated */
};

static void
dstar_init(struct path_planner *p)
{
	struct dstar_state	*s = xcalloc(1, sizeof *s);

	dlite_init(&s->d, planner_pages(p->ctx), p->ctx->grid, p->ctx->rules);
	s->d.fq = planner_fresh(p->ctx);
	p->state = s;
}

static void
dstar_free(struct path_planner *p)
{
	struct dstar_state	*s = p->state;

	dlite_free(&s->d);
	dlite_fresh_trim(p->ctx->fresh);	/* grown for this one, maybe */
	free(s);
}

static size_t
dstar_memory(const struct path_planner *p)
{
	const struct dstar_state	*s = p->state;

	return (sizeof *s + dlite_memory(&s->d));
}

/*
 * The best step out of a cell other than the goal, at (bx, by) with
 * record r (or DLITE_NONE): returns the least c + g over its steps, the
 * rhs the cell should have, with that step's direction in *best_dir (the
 * first in grid_step_dx order on a tie), or PATH_COST_NONE if no step leads
 * to a cell with a value.  A step costs what the cell it enters costs.
 */
static path_cost
dstar_best_step(const struct dstar_state *s, uint32_t r, int bx, int by,
    int *best_dir)
{
	return (dlite_best_neighbour(&s->d, r, bx, by, 0, best_dir));
}

/* rhs of a cell other than the goal: see dstar_best_step. */
static path_cost
dstar_best_rhs(const struct dstar_state *s, uint32_t r, int bx, int by)
{
	int	dir;

	return (dstar_best_step(s, r, bx, by, &dir));
}

/*
 * Recomputes rhs of a cell (not the goal) and updates it: a
 * dlite_each_changed() callback, arg the planner's state.
 */
static void
dstar_refresh(void *arg, int bx, int by)
{
	struct dstar_state	*s = arg;
	struct dlite		*d = &s->d;
	uint32_t		 r = dlite_find(d, bx, by);
	path_cost		 rhs = dstar_best_rhs(s, r, bx, by);

	if (r == DLITE_NONE) {
		if (rhs == PATH_COST_NONE)
			return;
		r = dlite_get(d, bx, by);
	}
	dlite_set_rhs(d, r, rhs);
	dlite_update(d, r);
}

/* Starts the search afresh from the target. */
static void
dstar_restart(struct path_planner *p, struct path_plan_stats *st)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 r;

	dlite_clear(d);
	s->gbx = p->tx + 1;
	s->gby = p->ty + 1;
	s->lx = p->hx;
	s->ly = p->hy;
	dlite_anchor(d, p->hx, p->hy);
	r = dlite_get(d, s->gbx, s->gby);
	dlite_set_rhs(d, r, 0);
	dlite_update(d, r);
	s->active = 1;
	st->replanned = 1;
	st->restarted = 1;
}

/*
 * The overconsistent expansion's second half, narrow: cell u at (ux, uy),
 * record ur on page pg, just settled at ru, offers each cell that steps
 * into it (m, its steps) the cost through it, and queues those it
 * improves.  The goal needs no test of its own: its rhs, 0, is below
 * any step's cost.  When all eight neighbours lie on u's page (dlite_inner)
 * their records are u's place plus dlite_slot_off; otherwise each is
 * looked up, and made if its page is not there yet.
 */
static inline __attribute__((always_inline)) void
dstar_lower_narrow(struct dlite *d, const enum path_heuristic hk, uint32_t ur,
    struct cell_page *pg, int ux, int uy, uint32_t ru, unsigned m,
    struct path_plan_stats *st)
{
	const path_cost		 cu = d->grid->cells[(uint32_t)uy *
				    (uint32_t)d->grid->stride + (uint32_t)ux];
	const path_cost		 ortho = PATH_COST_ORTHO * cu + ru;
	const path_cost		 diag = d->diag * cu + ru;
	struct cell_page	*vpg;
	path_cost		 cost, rel;
	uint32_t		 vr, i;
	int			 dir, vx, vy;

	if (dlite_inner(ur)) {
		for (; m != 0; m &= m - 1) {
			dir = __builtin_ctz(m);
			cost = dir < 4 ? ortho : diag;
			i = (uint32_t)((int32_t)(ur & (PAGE_CELLS - 1)) +
			    dlite_slot_off[dir]);
			rel = cost - (path_cost)pg->base;
			if (pg->ext == NULL && rel >= 0 && rel < PAGE_VAL_NONE) {
				/* The stored words, as they are: see dlite.h. */
				if ((uint16_t)rel >= pg->v[i].rhs)
					continue;
				pg->v[i].rhs = (uint16_t)rel;
				if (pg->v[i].g == (uint16_t)rel)
					continue;	/* consistent */
				dlite_enqueue(d, dlite_key_h(d, grid_heuristic(
				    hk, d->abx, d->aby, ux + grid_step_dx[dir],
				    uy + grid_step_dy[dir]), pg->v[i].g ==
				    PAGE_VAL_NONE ? PATH_COST_NONE :
				    (path_cost)pg->base + pg->v[i].g, cost),
				    (ur & ~(uint32_t)(PAGE_CELLS - 1)) | i);
				continue;
			}
			if (cost >= dlite_pg_rhs(d, pg, i))
				continue;
			dlite_store(d, pg, 1, i, cost);
			dlite_update_narrow_hk(d, hk, dlite_pg_g(d, pg, i), (ur &
			    ~(uint32_t)(PAGE_CELLS - 1)) | i,
			    ux + grid_step_dx[dir], uy + grid_step_dy[dir],
			    cost);
		}
		return;
	}
	for (; m != 0; m &= m - 1) {
		dir = __builtin_ctz(m);
		cost = dir < 4 ? ortho : diag;
		vx = ux + grid_step_dx[dir];
		vy = uy + grid_step_dy[dir];
		vr = dlite_near(d, ur, ux, uy, grid_step_dx[dir],
		    grid_step_dy[dir]);
		if (vr == DLITE_NONE) {
			vr = dlite_get_slow(d, vx, vy);
			st->touched++;
		}
		vpg = dlite_page(d, vr);
		i = vr & (PAGE_CELLS - 1);
		if (cost >= dlite_pg_rhs(d, vpg, i))
			continue;
		dlite_store(d, vpg, 1, i, cost);
		dlite_update_narrow_hk(d, hk, dlite_pg_g(d, vpg, i), vr, vx, vy,
		    cost);
	}
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
	const uint32_t		 stride = (uint32_t)d->grid->stride;
	const int		 hbx = p->hx + 1, hby = p->hy + 1;
	struct cell_page	*pg;
	path_cost		 gold, cost, gu, ru, step;
	uint64_t		 top;
	uint32_t		 sr = DLITE_NONE, ur, vr, ucell;
	unsigned long		 done = 0;
	unsigned		 m, mm;
	int			 dir, ux, uy, vx, vy;

	for (;;) {
		if (dlite_settled(d, hbx, hby, &sr, &ur, &top))
			return (1);
		if (budget != 0 && done == budget)
			return (0);
		if (!dlite_take(d, ur, top, &ux, &uy, &gu, &ru))
			continue;	/* a key that grew: not an expansion */
		done++;
		st->expansions++;
		ucell = (uint32_t)uy * stride + (uint32_t)ux;
		m = dlite_steps(d, ucell);
		pg = dlite_page(d, ur);
		if (gu > ru) {
			/* Overconsistent: settle it, then improve preds. */
			dlite_set_g(d, ur, ru);
			if (!d->wide) {
				/* Specialised on the usual heuristic. */
				if (d->rules.heuristic == PATH_H_OCTILE)
					dstar_lower_narrow(d, PATH_H_OCTILE, ur,
					    pg, ux, uy, (uint32_t)ru, m, st);
				else
					dstar_lower_narrow(d,
					    d->rules.heuristic, ur, pg, ux, uy,
					    (uint32_t)ru, m, st);
				continue;
			}
			/* As dstar_lower_narrow, the goal (rhs 0) included. */
			for (mm = m; mm != 0; mm &= mm - 1) {
				dir = __builtin_ctz(mm);
				vx = ux + grid_step_dx[dir];
				vy = uy + grid_step_dy[dir];
				cost = dlite_base(d, dir) * cells[ucell] + ru;
				vr = dlite_near(d, ur, ux, uy,
				    grid_step_dx[dir], grid_step_dy[dir]);
				if (cost >= dlite_rhs(d, vr))
					continue;
				if (vr == DLITE_NONE) {
					vr = dlite_get(d, vx, vy);
					st->touched++;
				}
				dlite_set_rhs(d, vr, cost);
				dlite_update(d, vr);
			}
			continue;
		}
		/* Underconsistent: raise it, repair what depended on it. */
		gold = gu;
		dlite_set_g(d, ur, PATH_COST_NONE);
		for (mm = m; mm != 0; mm &= mm - 1) {
			dir = __builtin_ctz(mm);
			vx = ux + grid_step_dx[dir];
			vy = uy + grid_step_dy[dir];
			if (vx == s->gbx && vy == s->gby)
				continue;
			vr = dlite_near(d, ur, ux, uy, grid_step_dx[dir],
			    grid_step_dy[dir]);
			step = dlite_base(d, dir) * cells[ucell];
			if (vr == DLITE_NONE || dlite_rhs(d, vr) !=
			    dlite_add(step, gold))
				continue;
			dlite_set_rhs(d, vr, dstar_best_rhs(s, vr, vx, vy));
			dlite_update(d, vr);
		}
		if (ux != s->gbx || uy != s->gby)
			dlite_set_rhs(d, ur, dstar_best_rhs(s, ur, ux, uy));
		dlite_update(d, ur);
	}
}

/*
 * The path down the gradient from the hunter: at each cell the step
 * minimising c + g (dstar_best_step, which reads neighbours on the cell's
 * own page without looking them up).  Stops after limit steps (never
 * reached when the values are consistent, since g falls at every step).
 */
static void
dstar_descend(struct path_planner *p, size_t limit)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 r;
	int			 x = p->hx + 1, y = p->hy + 1, dir;

	planner_path_clear(p);
	planner_path_push(p, x - 1, y - 1);
	r = dlite_find(d, x, y);
	while ((x != s->gbx || y != s->gby) && p->npath <= limit) {
		if (dstar_best_step(s, r, x, y, &dir) == PATH_COST_NONE)
			break;
		r = r != DLITE_NONE ? dlite_near(d, r, x, y, grid_step_dx[dir],
		    grid_step_dy[dir]) : dlite_find(d, x + grid_step_dx[dir],
		    y + grid_step_dy[dir]);
		x += grid_step_dx[dir];
		y += grid_step_dy[dir];
		planner_path_push(p, x - 1, y - 1);
	}
}

/* Plans with D* Lite: see the top of the file. */
static enum path_plan_status
dstar_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct dstar_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 sr;
	int			 settled;

	/* The context's trace now, for the repairs as for the search. */
	d->trace = p->ctx->trace;
	d->trace_ctx = p->ctx->trace_ctx;
	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty)) {
		s->active = 0;
		return (PATH_PLAN_NONE);
	}
	/* Not planned: new, or a load failed part way through the state. */
	if (!s->active || in->reset || !p->planned || p->tx + 1 != s->gbx ||
	    p->ty + 1 != s->gby || dlite_outgrown(d))
		dstar_restart(p, st);
	else {
		d->fresh_ok = 0;	/* the search goes on, not afresh */
		if (p->hx != s->lx || p->hy != s->ly) {
			dlite_move_anchor(d, p->hx, p->hy);
			s->lx = p->hx;
			s->ly = p->hy;
		}
		dlite_each_changed(d, in->changes, in->nchanges, s->gbx,
		    s->gby, dstar_refresh, s);
	}
	dlite_compact(d);
	if (p->hx == p->tx && p->hy == p->ty) {
		/* On the target: nothing to search, whatever is queued. */
		planner_path_push(p, p->hx, p->hy);
		p->cost = 0;
		return (PATH_PLAN_FOUND);
	}
	sr = DLITE_NONE;
	/* On the context's bucket queue while it starts over (dlite.h). */
	dlite_fresh_begin(d);
	settled = dstar_compute(p, in->budget, st);
	dlite_fresh_end(d);
	if (!settled) {
		sr = dlite_find(d, p->hx + 1, p->hy + 1);
		if (dlite_g(d, sr) != PATH_COST_NONE)
			dstar_descend(p, 1);
		if (p->npath < 2)
			planner_greedy_step(p);
		return (PATH_PLAN_PARTIAL);
	}
	sr = dlite_find(d, p->hx + 1, p->hy + 1);
	if (dlite_rhs(d, sr) == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	p->cost = dlite_rhs(d, sr);
	dstar_descend(p, (size_t)d->npages * PAGE_CELLS + 1);
	return (PATH_PLAN_FOUND);
}

/* Writes the search for a save. */
static void
dstar_save(const struct path_planner *p, struct ser *s)
{
	const struct dstar_state	*st = p->state;

	ser_u8(s, (uint8_t)st->active);
	ser_u32(s, (uint32_t)st->gby * (uint32_t)st->d.grid->stride +
	    (uint32_t)st->gbx);
	ser_i64(s, st->lx);
	ser_i64(s, st->ly);
	dlite_save(&st->d, s);
}

/* What dstar_check() walks the records with. */
struct dstar_checking {
	const struct dstar_state	*s;
	uint8_t				*near;	/* bordered: by a change */
	int				 bad;
};

/*
 * Checks rhs at a record's cell and the cells next to it: 0 at the goal,
 * elsewhere the least c + g over the cell's steps (none where no record
 * is), but where the next plan refreshes it.
 */
static void
dstar_check_record(void *arg, uint32_t r)
{
	struct dstar_checking	*k = arg;
	const struct dstar_state *s = k->s;
	const struct path_grid	*g = s->d.grid;
	uint32_t		 vr;
	path_cost		 want;
	int			 bx, by, x, y;

	dlite_xy(&s->d, r, &bx, &by);
	for (y = by - 1; y <= by + 1 && !k->bad; y++) {
		for (x = bx - 1; x <= bx + 1; x++) {
			if (x < 1 || y < 1 || x > g->width || y > g->height ||
			    k->near[y * g->stride + x])
				continue;
			vr = dlite_find(&s->d, x, y);
			want = x == s->gbx && y == s->gby ? 0 :
			    dstar_best_rhs(s, vr, x, y);
			if (dlite_rhs(&s->d, vr) != want)
				k->bad = 1;
			k->near[y * g->stride + x] = 1;	/* checked once */
		}
	}
}

/*
 * Checks what D* Lite relies on that dlite_load() cannot: rhs, the
 * one-step lookahead, is exact at every record and next to it on the
 * grid as the planner last saw it (away from the changes since, whose
 * neighbourhoods the next plan recomputes), so that the repairs start
 * from a consistent search.  g may hold anything: a record whose g
 * differs from its rhs is on the heap (dlite_load checks that), and the
 * search corrects it.  Returns 0, or -1.
 */
static int
dstar_check(struct path_planner *p)
{
	struct dstar_state	*s = p->state;
	const struct path_grid	*g = p->ctx->grid;
	struct dstar_checking	 k;
	uint32_t		 gr;

	if (!s->active || !p->planned)
		return (0);		/* the next plan starts afresh */
	gr = dlite_find(&s->d, s->gbx, s->gby);
	if (gr == DLITE_NONE || dlite_rhs(&s->d, gr) != 0)
		return (-1);
	k.s = s;
	k.bad = 0;
	if ((k.near = dlite_changed_near(g, p->version)) != NULL)
		dlite_each(&s->d, dstar_check_record, &k);
	free(k.near);
	return (k.bad ? -1 : 0);
}

/* Reads the search back: see dstar_save. */
static int
dstar_load(struct path_planner *p, struct deser *d)
{
	struct dstar_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;
	uint32_t		 goal;

	st->active = deser_u8(d) != 0;
	goal = deser_u32(d);
	st->gbx = (int)(goal % (uint32_t)g->stride);
	st->gby = (int)(goal / (uint32_t)g->stride);
	if (!st->active)
		st->gbx = st->gby = 0;	/* has not searched yet */
	else if (st->gbx < 1 || st->gbx > g->width || st->gby < 1 ||
	    st->gby > g->height)
		deser_fail(d, "a bad goal");
	st->lx = (int)deser_range(d, -(1 << 20), 1 << 20, "a bad position");
	st->ly = (int)deser_range(d, -(1 << 20), 1 << 20, "a bad position");
	if (d->error != NULL || dlite_load(&st->d, d) != 0) {
		st->active = 0;
		return (-1);
	}
	if (dstar_check(p) != 0) {
		deser_fail(d, "a search value does not follow from its "
		    "neighbours'");
		dlite_clear(&st->d);
		st->active = 0;
		return (-1);
	}
	return (0);
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
