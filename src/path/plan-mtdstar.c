/*
 * plan-mtdstar.c: the mtdstar planner, Moving Target D* Lite (Sun, Yeoh
 * and Koenig, AAMAS 2010).
 *
 * D* Lite searches from the goal so that the searcher's moves only shift
 * the heuristic.  A hunter's target moves too, so Moving Target D* Lite
 * turns the search around: it runs from the hunter, g(s) is the cost from
 * the hunter, rhs(s) = min over steps s' -> s of g(s') + c(s', s), and
 * every cell keeps the parent that gives its rhs.  The target moving now
 * only shifts the heuristic (measured to the target): km grows by the
 * heuristic between its old and new cell and the search tree is reused.
 *
 * The hunter moving changes the root.  The subtree below the hunter's new
 * cell is still a tree of cheapest paths from it: every g in it is too
 * high by the same amount, the old root-to-new-root cost, which changes
 * no comparison, so it is kept as it is (the root's rhs is frozen by the
 * s != start guards, and a path costs g(target) - rhs(root)).  Everything
 * else that hung from the old root is deleted (g = rhs = infinity, off the
 * heap), and the deleted cells next to the kept subtree get their rhs back
 * from it and go on the heap: the fringe the search resumes from.  That is
 * the optimised deletion of the paper, borrowed from Fringe-Retrieving A*.
 * Records keep child lists as well as parents, so the cells to delete are
 * found by walking down from the old root with the new root's subtree cut
 * off: the work is what is deleted, not everything the planner knows.

 *
 * A changed cell changes the edges into itself and into its eight
 * neighbours (entering it; leaving it, if it became blocked; diagonals
 * past its corners), so those nine cells get their rhs and parent
 * recomputed and the search repairs what depends on them.
 *
 * Deleted records carry no information; when they outnumber the live
 * ones the records are compacted, so memory follows what the planner
 * knows, not everywhere it has been.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "planner-internal.h"
#include "xmalloc.h"

struct mtd_state {
	struct dlite	 d;		/* anchor: the target */
	int		 active;
	uint32_t	 start;		/* cell of the root */
	uint32_t	 goal;		/* cell of the target */
	uint32_t	*stack;		/* deletion scratch, per record */
	uint32_t	*dropped;
	uint32_t	 scratch_cap;
	uint32_t	 live;		/* records after the last compaction */
};

static void
mtd_init(struct path_planner *p)
{
	struct mtd_state	*s = xcalloc(1, sizeof *s);

	dlite_init(&s->d, p->ctx->grid, p->ctx->rules);
	p->state = s;
}

static void
mtd_free(struct path_planner *p)
{
	struct mtd_state	*s = p->state;

	dlite_free(&s->d);
	free(s->stack);
	free(s->dropped);
	free(s);
}

static size_t
mtd_memory(const struct path_planner *p)
{
	const struct mtd_state	*s = p->state;

	return (sizeof *s + dlite_memory(&s->d) + (size_t)s->scratch_cap *
	    (sizeof *s->stack + sizeof *s->dropped));
}

/* Makes par the parent of record r, keeping the child lists right. */
static void
mtd_link(struct dlite *d, uint32_t r, uint32_t par)
{
	struct cell_rec	*recs = d->map.recs, *c = &recs[r];

	if (c->par == par)
		return;
	if (c->par != CELL_NONE) {
		if (c->prev != CELL_NONE)
			recs[c->prev].next = c->next;
		else
			recs[c->par].kid = c->next;
		if (c->next != CELL_NONE)
			recs[c->next].prev = c->prev;
	}
	c->par = par;
	c->prev = CELL_NONE;
	c->next = CELL_NONE;
	if (par != CELL_NONE) {
		c->next = recs[par].kid;
		if (c->next != CELL_NONE)
			recs[c->next].prev = r;
		recs[par].kid = r;
	}
}

/*
 * The best way into a cell: rhs = min over steps s' -> cell of g(s') +
 * c(s', cell), and the record of that s' in *par (CELL_NONE if none).
 */
static path_cost
mtd_best(const struct mtd_state *s, uint32_t cell, uint32_t *par)
{
	const struct dlite	*d = &s->d;
	struct grid_move	 mv[8];
	path_cost		 best = PATH_COST_NONE, c, enter;
	uint32_t		 r;
	int			 i, k;

	*par = CELL_NONE;
	k = dlite_moves(d, cell, mv);
	enter = d->grid->cells[cell];
	for (i = 0; i < k; i++) {
		r = dlite_find(d, mv[i].id);
		c = dlite_add(dlite_g(d, r), mv[i].base * enter);
		if (c < best) {
			best = c;
			*par = r;
		}
	}
	return (best);
}

/* Recomputes a record's rhs and parent from its predecessors. */
static void
mtd_reparent(struct mtd_state *s, uint32_t r)
{
	uint32_t	par;
	path_cost	rhs = mtd_best(s, s->d.map.recs[r].cell, &par);

	s->d.map.recs[r].rhs = rhs;
	mtd_link(&s->d, r, rhs == PATH_COST_NONE ? CELL_NONE : par);
}

/*
 * Recomputes a cell's rhs and parent after a change near it, creating its
 * record if the change made it reachable.
 */
static void
mtd_refresh(struct mtd_state *s, uint32_t cell, int x, int y)
{
	uint32_t	r = dlite_find(&s->d, cell), par;

	if (r == CELL_NONE) {
		if (mtd_best(s, cell, &par) == PATH_COST_NONE)
			return;
		r = dlite_get(&s->d, cell, x, y);
	}
	mtd_reparent(s, r);
	dlite_update(&s->d, r);
}

/* Starts over from the hunter. */
static void
mtd_restart(struct path_planner *p)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 r;

	dlite_clear(d);
	s->start = grid_index(d->grid, p->hx, p->hy);
	s->goal = grid_index(d->grid, p->tx, p->ty);
	d->ax = p->tx;
	d->ay = p->ty;
	r = dlite_get(d, s->start, p->hx, p->hy);
	d->map.recs[r].rhs = 0;
	dlite_update(d, r);
	s->live = 0;
	s->active = 1;
}

/* Grows the deletion scratch to the number of records. */
static void
mtd_scratch(struct mtd_state *s)
{
	uint32_t	n = s->d.map.nrecs;

	if (n <= s->scratch_cap)
		return;
	s->scratch_cap = n + n / 2 + 64;
	s->stack = xreallocarray(s->stack, s->scratch_cap, sizeof *s->stack);
	s->dropped = xreallocarray(s->dropped, s->scratch_cap,
	    sizeof *s->dropped);
}

/*
 * The hunter moved from the old root to new_start: keep the subtree below
 * the new root, delete the rest of the old tree, and seed the fringe.
 */
static void
mtd_delete(struct path_planner *p, uint32_t new_start, int x, int y,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	struct cell_rec		*c;
	uint32_t		 old = dlite_find(d, s->start), nr, r, q;
	uint32_t		 top = 0, ndropped = 0;

	nr = dlite_get(d, new_start, x, y);
	mtd_scratch(s);
	mtd_link(d, nr, CELL_NONE);	/* cut the new root's subtree off */
	if (old != CELL_NONE && old != nr)
		s->stack[top++] = old;
	while (top > 0) {
		r = s->stack[--top];
		s->dropped[ndropped++] = r;
		for (q = d->map.recs[r].kid; q != CELL_NONE &&
		    top < s->scratch_cap; q = d->map.recs[q].next)
			s->stack[top++] = q;
	}
	for (r = 0; r < ndropped; r++) {
		q = s->dropped[r];
		mtd_link(d, q, CELL_NONE);
		c = &d->map.recs[q];
		c->g = c->rhs = PATH_COST_NONE;
		if (c->pos != HEAP_NONE)
			heap_remove(&d->open, c->pos);
	}
	s->start = new_start;
	if (d->map.recs[nr].rhs == PATH_COST_NONE) {
		/* The hunter left the tree: its cell becomes a fresh root. */
		d->map.recs[nr].rhs = 0;
		dlite_update(d, nr);
	}
	for (r = 0; r < ndropped; r++) {
		q = s->dropped[r];
		if (d->map.recs[q].cell == new_start)
			continue;
		mtd_reparent(s, q);
		if (d->map.recs[q].rhs != PATH_COST_NONE) {
			dlite_update(d, q);
			st->touched++;
		}
	}
}

/* Whether a record still carries information (for compaction). */
static int
mtd_keep(void *ctx, const struct cell_rec *c)
{
	return (c->g != PATH_COST_NONE || c->rhs != PATH_COST_NONE ||
	    c->pos != HEAP_NONE);
}

/* Follows a renumbered record into the heap (for compaction). */
static void
mtd_renumbered(void *ctx, uint32_t from, uint32_t to)
{
	struct dlite	*d = ctx;
	struct cell_rec	*c = &d->map.recs[to];

	if (c->pos != HEAP_NONE)
		d->open.e[c->pos].id = to;
}

/* Compacts the records once dead ones outnumber the living. */
static void
mtd_compact(struct mtd_state *s)
{
	struct dlite	*d = &s->d;

	if (d->map.nrecs < 2 * s->live + 64)
		return;
	cellmap_compact(&d->map, mtd_keep, mtd_renumbered, d);
	d->open.pos_base = (char *)&d->map.recs[0].pos;
	s->live = d->map.nrecs;
}

/*
 * ComputeCostMinimalPath, for at most budget expansions (0: no limit).
 * Returns 1 when the target's value is settled, 0 when the budget ran out.
 */
static int
mtd_compute(struct path_planner *p, unsigned long budget,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	const uint8_t		*cells = d->grid->cells;

	d->trace = p->ctx->trace;
	d->trace_ctx = p->ctx->trace_ctx;
	struct grid_move	 mv[8];
	struct heap_entry	 top;
	struct cell_rec		*c;
	path_cost		 k1, k2, cost;
	uint32_t		 gr, ur, vr, v, ucell;
	unsigned long		 done = 0;
	int			 i, k, ux, uy;

	for (;;) {
		if (d->open.n == 0)
			return (1);
		top = d->open.e[0];
		gr = dlite_find(d, s->goal);
		if (gr != CELL_NONE)
			dlite_key(d, gr, &k1, &k2);
		else
			k1 = k2 = PATH_COST_NONE;
		if (!dlite_less(top.k1, top.k2, k1, k2) &&
		    !(dlite_rhs(d, gr) > dlite_g(d, gr)))
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
			/* Overconsistent: settle it, offer it to successors. */
			c->g = c->rhs;
			heap_remove(&d->open, c->pos);
			for (i = 0; i < k; i++) {
				v = mv[i].id;
				if (v == s->start)
					continue;
				cost = dlite_add(d->map.recs[ur].g,
				    mv[i].base * cells[v]);
				vr = dlite_find(d, v);
				if (cost >= dlite_rhs(d, vr))
					continue;
				if (vr == CELL_NONE) {
					vr = dlite_get(d, v, ux + mv[i].dx,
					    uy + mv[i].dy);
					st->touched++;
				}
				d->map.recs[vr].rhs = cost;
				mtd_link(d, vr, ur);
				dlite_update(d, vr);
			}
			continue;
		}
		/* Underconsistent: raise it, re-parent its children. */
		c->g = PATH_COST_NONE;
		for (i = 0; i < k; i++) {
			vr = dlite_find(d, mv[i].id);
			if (vr == CELL_NONE || mv[i].id == s->start ||
			    d->map.recs[vr].par != ur)
				continue;
			mtd_reparent(s, vr);
			dlite_update(d, vr);
		}
		dlite_update(d, ur);
	}
}

/* Builds the path from the root down to record r; 0, or -1 if broken. */
static int
mtd_chain(struct path_planner *p, uint32_t r)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	size_t			 n = 0;

	planner_path_clear(p);
	for (; r != CELL_NONE; r = d->map.recs[r].par) {
		if (n++ > d->map.nrecs)
			return (-1);	/* a cycle */
		planner_path_push(p, d->map.recs[r].x, d->map.recs[r].y);
		if (d->map.recs[r].cell == s->start)
			break;
	}
	if (r == CELL_NONE)
		return (-1);
	planner_path_reverse(p);
	return (0);
}

/*
 * The best partial path while the budget holds the search back: to the
 * settled cell nearest the target by the heuristic.
 */
static void
mtd_partial(struct path_planner *p)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	const struct cell_rec	*c;
	path_cost		 h, best = PATH_COST_NONE;
	uint32_t		 r, bi = CELL_NONE;

	for (r = 0; r < d->map.nrecs; r++) {
		c = &d->map.recs[r];
		if (c->g == PATH_COST_NONE || c->g != c->rhs)
			continue;
		h = grid_heuristic(d->rules.heuristic, c->x, c->y, p->tx, p->ty);
		if (h < best) {
			best = h;
			bi = r;
		}
	}
	if (bi == CELL_NONE || mtd_chain(p, bi) != 0 || p->npath < 2)
		planner_greedy_step(p);
}

/* Plans with Moving Target D* Lite: see the top of the file. */
static enum path_plan_status
mtd_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	const struct path_grid	*grid = d->grid;
	const struct path_change *c;
	uint32_t		 hunter, target, gr, sr;
	size_t			 i;
	int			 nx, ny, dx, dy;

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty)) {
		s->active = 0;
		return (PATH_PLAN_NONE);
	}
	hunter = grid_index(grid, p->hx, p->hy);
	target = grid_index(grid, p->tx, p->ty);
	if (!s->active || in->reset) {
		mtd_restart(p);
		st->replanned = 1;
		st->restarted = 1;
	} else {
		if (hunter != s->start)
			mtd_delete(p, hunter, p->hx, p->hy, st);
		if (target != s->goal) {
			d->km += grid_heuristic(d->rules.heuristic, d->ax,
			    d->ay, p->tx, p->ty);
			d->ax = p->tx;
			d->ay = p->ty;
			s->goal = target;
		}
		for (i = 0; i < in->nchanges; i++) {
			c = &in->changes[i];
			for (dy = -1; dy <= 1; dy++) {
				for (dx = -1; dx <= 1; dx++) {
					nx = c->x + dx;
					ny = c->y + dy;
					if (!path_grid_contains(grid, nx, ny) ||
					    grid_index(grid, nx, ny) == s->start)
						continue;
					mtd_refresh(s, grid_index(grid, nx,
					    ny), nx, ny);
				}
			}
		}
		mtd_compact(s);
	}
	if (hunter == target) {
		/* The root is the goal: nothing to search, whatever is queued. */
		planner_path_push(p, p->hx, p->hy);
		p->cost = 0;
		return (PATH_PLAN_FOUND);
	}
	if (!mtd_compute(p, in->budget, st)) {
		mtd_partial(p);
		return (PATH_PLAN_PARTIAL);
	}
	gr = dlite_find(d, target);
	sr = dlite_find(d, hunter);
	if (dlite_rhs(d, gr) == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	if (mtd_chain(p, gr) != 0)
		xfatal("mtdstar: the target's parents do not lead to the "
		    "hunter");
	p->cost = d->map.recs[gr].rhs - d->map.recs[sr].rhs;
	return (PATH_PLAN_FOUND);
}

/* Writes the search tree for a save. */
static void
mtd_save(const struct path_planner *p, struct ser *s)
{
	const struct mtd_state	*st = p->state;

	ser_u8(s, (uint8_t)st->active);
	ser_u32(s, st->start);
	ser_u32(s, st->goal);
	ser_u32(s, st->live);
	dlite_save(&st->d, s);
}

/* Reads the search tree back: see mtd_save. */
static int
mtd_load(struct path_planner *p, struct deser *d)
{
	struct mtd_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;
	uint32_t		 ncells = (uint32_t)grid_padded_cells(g->width,
				    g->height), r, q, steps;

	st->active = deser_u8(d) != 0;
	st->start = deser_below(d, ncells, "a bad root");
	st->goal = deser_below(d, ncells, "a bad goal");
	st->live = deser_u32(d);
	if (d->error != NULL || dlite_load(&st->d, d) != 0)
		return (-1);
	/* Parents and child lists must agree, and parents must not loop. */
	for (r = 0; r < st->d.map.nrecs; r++) {
		const struct cell_rec *c = &st->d.map.recs[r];

		if (c->par != CELL_NONE && c->prev == CELL_NONE &&
		    st->d.map.recs[c->par].kid != r)
			deser_fail(d, "a child list is broken");
		if (c->next != CELL_NONE && st->d.map.recs[c->next].prev != r)
			deser_fail(d, "a child list is broken");
		for (q = r, steps = 0; q != CELL_NONE && d->error == NULL;
		    q = st->d.map.recs[q].par)
			if (++steps > st->d.map.nrecs)
				deser_fail(d, "parents go round in a circle");
	}
	return (d->error != NULL ? -1 : 0);
}

const struct planner_ops planner_mtdstar_ops = {
	.name = "mtdstar",
	.init = mtd_init,
	.free = mtd_free,
	.plan = mtd_plan,
	.memory = mtd_memory,
	.save = mtd_save,
	.load = mtd_load,
};
