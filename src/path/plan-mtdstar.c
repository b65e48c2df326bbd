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
 * else that hung from the old root is deleted (g = rhs = infinity, which
 * leaves its heap entries stale), and the deleted cells next to the kept
 * subtree get their rhs back from it and go on the heap: the fringe the
 * search resumes from.  That is the optimised deletion of the paper,
 * borrowed from Fringe-Retrieving A*.  A record keeps its parent as a
 * direction (four bits); a cell's children are the neighbours whose
 * direction points back at it, so the cells to delete are found by
 * walking down from the old root with the new root's subtree cut off,
 * looking at eight neighbours a cell, all found by direct indexing: the
 * work is what is deleted, not everything the planner knows, and
 * re-parenting a cell is four bits written.
 *
 * The root need not move at every step, though.  A hunter that takes the
 * steps of its own answers walks down the tree, and while the cheapest
 * path from the root to the target passes through the hunter's cell, the
 * rest of that path is a cheapest one from the hunter (mtd_through).  So
 * the root stays behind for a while (MTD_LAG) and moves, with the
 * deletion, only when the search from it finds a path that does not pass
 * the hunter: on chase-std that cut the cells expanded a call from 20.4
 * to 6.5 and mtdstar's time against A*'s from 2.2 to 1.2 (chase-big 0.73
 * to 0.37, chase-far 1.5 to 0.22), the same costs.  Each deletion had
 * sent the fringe behind the hunter back to the open list, and the
 * target's next step had it expanded again.  A hunter a step or two from
 * the target whose tree spans a few pages starts over instead of
 * deleting (mtd_near).
 *
 * A changed cell changes the edges into itself and into its eight
 * neighbours (entering it; leaving it, if it became blocked; diagonals
 * past its corners), so those nine cells get their rhs and parent
 * recomputed and the search repairs what depends on them.
 *
 * Deleted records carry no information; the pages that hold nothing else
 * go back to the context's pool (dlite_compact), so memory follows what
 * the planner knows, not everywhere it has been.
 *
 * A search that starts over (on the GPPC dynamic track, every query: new
 * hunter, new target) expands what A* does, so it runs a loop of its own
 * while it is on the context's bucket queue (mtd_fresh_run): specialised
 * on the heuristic and on uniform costs, the eight steps unrolled, the
 * pages a cell by its page's edge may step into looked up once, and an
 * offer that is no better turned down on the stored words alone.  On
 * den312d's dynamic scenario that cut mtdstar's instructions from 95 to
 * 71 million (A*: 41) and its mispredicted branches (cachegrind's model)
 * from 847 to 512 thousand (A*: 396), the same cells expanded in the same
 * order.
 *
 * Every g is measured from the first root, so kept values grow with the
 * way the hunter travelled.  Before they near the narrow records' limit
 * the planner subtracts the smallest value it holds from all of them
 * (dlite_renormalise); should a stale value far below the root's hold
 * that back, it starts over instead, and counts the restart.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "planner-internal.h"
#include "xmalloc.h"

struct mtd_state {
	struct dlite	 d;		/* anchor: the target; first, for
					   tests/check_dlite.c */
	int		 active;
	int		 sbx, sby;	/* the root, bordered */
	int		 gbx, gby;	/* the target, bordered */
	struct path_context *ctx;	/* for its scratch lists */
};

static void
mtd_init(struct path_planner *p)
{
	struct mtd_state	*s = xcalloc(1, sizeof *s);

	dlite_init(&s->d, planner_pages(p->ctx), p->ctx->grid, p->ctx->rules);
	s->d.fq = planner_fresh(p->ctx);
	s->d.purge = 1;		/* restarts are rare: see dlite.h */
	s->ctx = p->ctx;
	p->state = s;
}

static void
mtd_free(struct path_planner *p)
{
	struct mtd_state	*s = p->state;

	dlite_free(&s->d);
	dlite_fresh_trim(p->ctx->fresh);	/* grown for this one, maybe */
	planner_scratch_release(s->ctx);	/* grown for this one, maybe */
	free(s);
}

static size_t
mtd_memory(const struct path_planner *p)
{
	const struct mtd_state	*s = p->state;

	return (sizeof *s + dlite_memory(&s->d));
}

/*
 * The best way into cell (bx, by), whose record is r (or DLITE_NONE):
 * rhs = min over steps s' -> cell of g(s') + c(s', cell), with the
 * direction of that s' in *par (DLITE_NOPAR if none).  A step into the
 * cell costs what the cell costs.
 */
static path_cost
mtd_best(const struct mtd_state *s, uint32_t r, int bx, int by, int *par)
{
	return (dlite_best_neighbour(&s->d, r, bx, by, 1, par));
}

/* Recomputes a record's rhs and parent from its predecessors. */
static void
mtd_reparent(struct mtd_state *s, uint32_t r, int bx, int by)
{
	int		par;
	path_cost	rhs = mtd_best(s, r, bx, by, &par);

	dlite_set_rhs(&s->d, r, rhs);
	dlite_set_par(&s->d, r, par);
}

/*
 * Recomputes a cell's rhs and parent after a change near it, creating its
 * record if the change made it reachable: a dlite_each_changed()
 * callback, arg the planner's state.
 */
static void
mtd_refresh(void *arg, int bx, int by)
{
	struct mtd_state	*s = arg;
	uint32_t		 r = dlite_find(&s->d, bx, by);
	int			 par;

	if (r == DLITE_NONE) {
		if (mtd_best(s, r, bx, by, &par) == PATH_COST_NONE)
			return;
		r = dlite_get(&s->d, bx, by);
	}
	mtd_reparent(s, r, bx, by);
	dlite_update(&s->d, r);
}

/* Starts over from the hunter. */
static void
mtd_restart(struct path_planner *p, struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 r;

	dlite_clear(d);
	s->sbx = p->hx + 1;
	s->sby = p->hy + 1;
	s->gbx = p->tx + 1;
	s->gby = p->ty + 1;
	dlite_anchor(d, p->tx, p->ty);
	r = dlite_get(d, s->sbx, s->sby);
	dlite_set_rhs(d, r, 0);
	dlite_update(d, r);
	s->active = 1;
	st->replanned = 1;
	st->restarted = 1;
}

/*
 * The context's scratch lists with room for n records each: the
 * deletion's stack and its dropped records.
 */
static struct planner_scratch *
mtd_scratch(struct mtd_state *s, uint32_t n)
{
	struct planner_scratch	*sc = &s->ctx->scratch;

	return (n < sc->cap ? sc : planner_scratch(s->ctx, n));
}

/*
 * Appends record r and every record below it in the tree to the dropped
 * list, marking each (its parent byte becomes DLITE_SEEN) so that a
 * record is listed once however it is reached.  Measured and dropped:
 * an inner record's children and mtd_borders' test read three rows of
 * parents as words, nibbles compared at once (chase-std under
 * cachegrind: 0.8% fewer instructions, the deletion's 349 million 336;
 * most of its cost is elsewhere, cells by a page's edge and the stores).
 */
static void
mtd_subtree(struct mtd_state *s, uint32_t r, uint32_t *ndropped)
{
	struct dlite		*d = &s->d;
	struct planner_scratch	*sc = mtd_scratch(s, *ndropped + 1);
	uint32_t		 top = 0, q;
	int			 bx, by, dir;

	sc->stack[top++] = r;
	dlite_set_par(d, r, DLITE_SEEN);
	while (top > 0) {
		r = sc->stack[--top];
		sc->list[(*ndropped)++] = r;
		if (dlite_inner(r)) {
			struct cell_page *pg = dlite_page(d, r);

			for (dir = 0; dir < 8; dir++) {
				q = (uint32_t)((int32_t)r + dlite_slot_off[dir]);
				if (page_par(pg, q) != (unsigned)(dir ^ 2))
					continue;
				page_set_par(pg, q, DLITE_SEEN);
				sc = mtd_scratch(s, *ndropped + top + 1);
				sc->stack[top++] = q;
			}
			continue;
		}
		dlite_xy(d, r, &bx, &by);
		for (dir = 0; dir < 8; dir++) {
			q = dlite_near(d, r, bx, by, grid_step_dx[dir],
			    grid_step_dy[dir]);
			if (q == DLITE_NONE || dlite_par(d, q) != (dir ^ 2))
				continue;
			dlite_set_par(d, q, DLITE_SEEN);
			sc = mtd_scratch(s, *ndropped + top + 1);
			sc->stack[top++] = q;
		}
	}
}

/* Whether record q, whose parent is par, stays in the tree: see below. */
static inline int
mtd_keeps(const struct dlite *d, uint32_t q, unsigned par, uint32_t nr)
{
	return (par < 8 || q == nr || (par == DLITE_NOPAR &&
	    dlite_g(d, q) != PATH_COST_NONE));
}

/*
 * Whether dropped record r borders a record that stays in the tree (the
 * new root nr or one with a parent, once every dropped record is marked
 * DLITE_SEEN or has lost its parent), or one that keeps a finite g
 * without a parent (raised, its rhs gone, not yet expanded): only those
 * can give it a finite rhs, so only those are worth mtd_best's look at
 * every way in (on chase-big, one dropped cell in fifty).  Passing over
 * the last kind left a dropped cell's rhs infinite beside a finite g,
 * against the one-step lookahead that mtd_check holds a load to (and
 * for good, should that g turn out right).
 */
static int
mtd_borders(const struct mtd_state *s, uint32_t r, uint32_t nr)
{
	const struct dlite	*d = &s->d;
	uint32_t		 q;
	int			 bx, by, dir;

	if (dlite_inner(r)) {
		const struct cell_page *pg = dlite_page(d, r);

		for (dir = 0; dir < 8; dir++) {
			q = (uint32_t)((int32_t)r + dlite_slot_off[dir]);
			if (mtd_keeps(d, q, page_par(pg, q), nr))
				return (1);
		}
		return (0);
	}
	dlite_xy(d, r, &bx, &by);
	for (dir = 0; dir < 8; dir++) {
		q = dlite_near(d, r, bx, by, grid_step_dx[dir],
		    grid_step_dy[dir]);
		if (q != DLITE_NONE && mtd_keeps(d, q, (unsigned)dlite_par(d,
		    q), nr))
			return (1);
	}
	return (0);
}

/*
 * The hunter moved from the old root to (nbx, nby): keep the subtree
 * below the new root, delete the rest of the old tree, and seed the
 * fringe.
 */
static void
mtd_delete(struct path_planner *p, int nbx, int nby,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 old = dlite_find(d, s->sbx, s->sby), nr, q;
	uint32_t		 ndropped = 0, i;
	struct cell_page	*pg;
	int			 bx, by;

	nr = dlite_get(d, nbx, nby);
	dlite_set_par(d, nr, DLITE_NOPAR);	/* cut its subtree off */
	if (old != DLITE_NONE && old != nr)
		mtd_subtree(s, old, &ndropped);
	for (i = 0; i < ndropped; i++) {
		q = s->ctx->scratch.list[i];
		page_set_mark(dlite_page(d, q), q, mtd_borders(s, q, nr));
		dlite_set_par(d, q, DLITE_NOPAR);
		dlite_set_g(d, q, PATH_COST_NONE);
		dlite_set_rhs(d, q, PATH_COST_NONE);
	}
	s->sbx = nbx;
	s->sby = nby;
	if (dlite_rhs(d, nr) == PATH_COST_NONE) {
		/* The hunter left the tree: its cell becomes a fresh root. */
		dlite_set_rhs(d, nr, 0);
		dlite_update(d, nr);
	}
	for (i = 0; i < ndropped; i++) {
		q = s->ctx->scratch.list[i];
		pg = dlite_page(d, q);
		if (!page_marked(pg, q) || q == nr) {
			page_set_mark(pg, q, 0);
			continue;
		}
		page_set_mark(pg, q, 0);
		dlite_xy(d, q, &bx, &by);
		mtd_reparent(s, q, bx, by);
		if (dlite_rhs(d, q) != PATH_COST_NONE) {
			dlite_update(d, q);
			st->touched++;
		}
	}
}

/*
 * Takes the travelled way out of the values once the root's value grows
 * large (see the top); returns 0, or -1 if the planner must start over.
 */
static int
mtd_renormalise(struct mtd_state *s)
{
	struct dlite	*d = &s->d;
	uint32_t	 rr = dlite_find(d, s->sbx, s->sby);
	path_cost	 root = dlite_rhs(d, rr), low;

	if (d->wide || root == PATH_COST_NONE || root < DLITE_RENORM_AT)
		return (0);
	low = dlite_min_value(d);
	dlite_renormalise(d, low < root ? low : root);
	return (dlite_rhs(d, rr) < DLITE_RENORM_AT ? 0 : -1);
}

/*
 * Offers record vr, on page vpg, the cell a step in direction dir from
 * (ux, uy), the cost through that step: lowers its rhs and parent if
 * that is less, and queues it if that leaves it inconsistent.  While the
 * cost lies within 16 bits of the page's base the stored words are
 * written as they are (see dlite.h).  Narrow values only.
 */
static inline __attribute__((always_inline)) void
mtd_offer(struct dlite *d, const enum path_heuristic hk,
    struct cell_page *vpg, uint32_t vr, int ux, int uy, int dir,
    path_cost cost)
{
	const uint32_t	i = vr & (PAGE_CELLS - 1);
	const int	vx = ux + grid_step_dx[dir], vy = uy + grid_step_dy[dir];
	const path_cost	rel = cost - (path_cost)vpg->base;

	if (__builtin_expect(vpg->ext == NULL, 1) && (uint64_t)rel <
	    PAGE_VAL_NONE && cost < DLITE_VALUE_LIMIT) {
		if ((uint16_t)rel >= vpg->v[i].rhs)
			return;
		vpg->v[i].rhs = (uint16_t)rel;
		page_set_par(vpg, i, (unsigned)(dir ^ 2));
		if (vpg->v[i].g == (uint16_t)rel)
			return;		/* consistent */
		dlite_enqueue(d, dlite_key_h(d, grid_heuristic(hk, d->abx,
		    d->aby, vx, vy), vpg->v[i].g == PAGE_VAL_NONE ?
		    PATH_COST_NONE : (path_cost)vpg->base + vpg->v[i].g, cost),
		    vr);
		return;
	}
	if (cost >= dlite_pg_rhs(d, vpg, i))
		return;
	dlite_store(d, vpg, 1, i, cost);
	page_set_par(vpg, i, (unsigned)(dir ^ 2));
	dlite_update_narrow_hk(d, hk, dlite_pg_g(d, vpg, i), vr, vx, vy, cost);
}

/*
 * Whether cost is no better than the rhs at place i of page pg, as the
 * stored words tell at a glance: most offers are turned down, and this
 * turns them down without looking further.  A page holding its values
 * out of line stores only infinite words (dlite_take_ext), which this
 * never turns down; nor a cost it would have to look further at.
 */
static inline int
mtd_no_better(const struct cell_page *pg, uint32_t i, path_cost cost)
{
	const uint16_t	w = pg->v[i].rhs;

	return (w != PAGE_VAL_NONE && cost >= (path_cost)pg->base + w);
}

/*
 * One step of the overconsistent expansion's second half, narrow: the
 * step in direction dir (a constant) out of cell u at (ux, uy), grid
 * index ucell, record ur on page pg, just settled at ru, if m (its legal
 * steps) holds it.  The cell it enters is offered the cost through it
 * (what that cell costs to enter: the step's own cost when uniform, a
 * constant, says every open cell costs 1).  Its record is u's place plus
 * the step when inner (all eight neighbours lie on u's page,
 * dlite_inner); else its page is one of pn (see mtd_lower_narrow),
 * chosen by whether the step leaves u's tile across x, y or both, with
 * no branch (which way a step by a page's edge goes is hard to predict),
 * and made if it is not there yet.
 */
static inline __attribute__((always_inline)) void
mtd_lower_step(struct dlite *d, const enum path_heuristic hk,
    const int uniform, const int inner, const int dir, uint32_t ur,
    struct cell_page *pg, uint32_t *pn, int ux, int uy, uint32_t ucell,
    path_cost ru, unsigned m, struct path_plan_stats *st)
{
	const int		 dx = grid_step_dx[dir], dy = grid_step_dy[dir];
	const uint32_t		 nx = (ur & (PAGE_SIDE - 1)) + (uint32_t)dx;
	const uint32_t		 ny = (ur >> PAGE_SHIFT & (PAGE_SIDE - 1)) +
				    (uint32_t)dy;
	const uint32_t		 k = (uint32_t)(nx >= PAGE_SIDE) |
				    (uint32_t)(ny >= PAGE_SIDE) << 1;
	struct cell_page	*vpg = pg;
	path_cost		 cost;
	uint32_t		 vr;

	if ((m >> dir & 1) == 0)
		return;
	cost = ru + (dir < 4 ? PATH_COST_ORTHO : d->diag) * (uniform ? 1 :
	    d->grid->cells[ucell + (uint32_t)d->off[dir]]);
	if (inner)
		vr = (uint32_t)((int32_t)ur + dy * PAGE_SIDE + dx);
	else {
		if (pn[k] == PAGE_NONE) {
			vr = dlite_get_slow(d, ux + dx, uy + dy);
			pn[k] = vr >> 8;
			st->touched++;
			mtd_offer(d, hk, dlite_page(d, vr), vr, ux, uy, dir,
			    cost);
			return;
		}
		vr = pn[k] << 8 | (ny & (PAGE_SIDE - 1)) << PAGE_SHIFT |
		    (nx & (PAGE_SIDE - 1));
		vpg = dlite_page(d, vr);
	}
	if (!mtd_no_better(vpg, vr & (PAGE_CELLS - 1), cost))
		mtd_offer(d, hk, vpg, vr, ux, uy, dir, cost);
}

/* mtd_lower_step in direction DIR, a constant, in mtd_lower_steps(). */
#define MTD_LOWER_STEP(DIR)						\
	mtd_lower_step(d, hk, uniform, inner, (DIR), ur, pg, pn, ux, uy,	\
	    ucell, ru, m, st)

/*
 * mtd_lower_step in every direction, in order, inner a constant: written
 * out, so that each direction's offsets are constants whatever the
 * compiler unrolls.
 */
static inline __attribute__((always_inline)) void
mtd_lower_steps(struct dlite *d, const enum path_heuristic hk,
    const int uniform, const int inner, uint32_t ur, struct cell_page *pg,
    uint32_t *pn, int ux, int uy, uint32_t ucell, path_cost ru, unsigned m,
    struct path_plan_stats *st)
{
	MTD_LOWER_STEP(0);
	MTD_LOWER_STEP(1);
	MTD_LOWER_STEP(2);
	MTD_LOWER_STEP(3);
	MTD_LOWER_STEP(4);
	MTD_LOWER_STEP(5);
	MTD_LOWER_STEP(6);
	MTD_LOWER_STEP(7);
}

#undef MTD_LOWER_STEP

/*
 * The overconsistent expansion's second half, narrow: cell u at (ux, uy),
 * grid index ucell, record ur on page pg, just settled at ru, offers each
 * cell it steps into (m, its steps) the cost through it, one direction
 * after another (mtd_lower_step).  The root is passed over (its rhs is
 * frozen), its step taken out of m once.  A cell by its page's edge
 * looks up first the pages its steps may enter, pn: its own, the one
 * across x, across y and across both (its own where it is not by that
 * edge; PAGE_NONE for none).  The page table holds only current pages
 * (mtdstar purges: see mtd_init), as dlite_find would check otherwise,
 * and u lies inside the grid, so every tile next to its own is in the
 * table.  Forced inline, hk and uniform constants where the caller is
 * specialised on them (as dstar_lower_narrow in plan-dstar.c).
 */
static inline __attribute__((always_inline)) void
mtd_lower_narrow(struct mtd_state *s, const enum path_heuristic hk,
    const int uniform, uint32_t ur, struct cell_page *pg, int ux, int uy,
    uint32_t ucell, path_cost ru, unsigned m, struct path_plan_stats *st)
{
	struct dlite	*d = &s->d;
	const int	 rdx = s->sbx - ux, rdy = s->sby - uy;
	const uint32_t	 lx = ur & (PAGE_SIDE - 1);
	const uint32_t	 ly = ur >> PAGE_SHIFT & (PAGE_SIDE - 1);
	uint32_t	 pn[4], tile;
	int32_t		 ox, oy;

	if (rdx >= -1 && rdx <= 1 && rdy >= -1 && rdy <= 1 && (rdx | rdy))
		m &= ~(1u << dlite_dir(rdx, rdy));
	if (dlite_inner(ur)) {
		mtd_lower_steps(d, hk, uniform, 1, ur, pg, NULL, ux, uy, ucell,
		    ru, m, st);
		return;
	}
	ox = lx == 0 ? -1 : lx == PAGE_SIDE - 1;
	oy = ly == 0 ? -(int32_t)d->tiles_w : ly == PAGE_SIDE - 1 ?
	    (int32_t)d->tiles_w : 0;
	tile = (uint32_t)(uy >> PAGE_SHIFT) * d->tiles_w +
	    (uint32_t)(ux >> PAGE_SHIFT);
	pn[0] = ur >> 8;
	pn[1] = d->table[(int32_t)tile + ox];
	pn[2] = d->table[(int32_t)tile + oy];
	pn[3] = d->table[(int32_t)tile + ox + oy];
	mtd_lower_steps(d, hk, uniform, 0, ur, pg, pn, ux, uy, ucell, ru, m,
	    st);
}

/*
 * mtd_compute's loop while the search starts over on the context's
 * bucket queue (d->fresh, so values are narrow; no trace), with what such
 * a search never meets taken out: the top is found in its slot without
 * asking whether the band or the heap hold anything, a record taken is
 * overconsistent (its g, infinite or above its rhs, becomes its rhs: the
 * stored word copied), and a step into it needs no test of the root
 * beyond mtd_lower_narrow's.  The same records are expanded in the same
 * order, the same entries pushed.  Returns 1 when the target's value is
 * settled, 0 when the budget ran out, -1 when the search must go on in
 * the general loop (it left the queue, or the top record holds its
 * values out of line or is underconsistent), *done and *gr kept for it.
 */
static inline __attribute__((always_inline)) int
mtd_fresh_run(struct mtd_state *s, const enum path_heuristic hk,
    const int uniform, unsigned long budget, unsigned long *done, uint32_t *gr,
    struct path_plan_stats *st)
{
	struct dlite		*d = &s->d;
	struct dlite_fresh	*fq = d->fq;
	const uint32_t		 stride = (uint32_t)d->grid->stride;
	struct cell_page	*pg;
	uint64_t		 top;
	uint32_t		 slot, ur, ui, ucell;
	int			 ux, uy;

	while (d->fresh) {
		slot = dlite_fresh_slot(fq, fq->lo);
		if ((fq->bits[slot >> 6] >> (slot & 63) & 1) != 0) {
			ur = fq->ent[fq->head[slot]].ref;
			if (!dlite_open(d, ur)) {
				dlite_fresh_take(fq, slot);	/* stale */
				continue;
			}
			top = fq->ent[fq->head[slot]].key;
		} else {
			/* The slot emptied: on to the next, as dlite_top. */
			if (dlite_fresh_lowest(fq) != DLITE_NONE)
				continue;
			if (!dlite_top(d, &top, &ur))
				return (1);
			slot = fq->top;
		}
		if (dlite_goal_settled(d, s->gbx, s->gby, gr, top))
			return (1);
		if (budget != 0 && *done == budget)
			return (0);
		pg = dlite_page(d, ur);
		ui = ur & (PAGE_CELLS - 1);
		if (pg->ext != NULL || pg->v[ui].g < pg->v[ui].rhs)
			return (-1);
		dlite_fresh_take(fq, slot);
		++*done;
		st->expansions++;
		ux = pg->bx0 + (int)(ur & (PAGE_SIDE - 1));
		uy = pg->by0 + (int)(ur >> PAGE_SHIFT & (PAGE_SIDE - 1));
		pg->v[ui].g = pg->v[ui].rhs;	/* one base: g = rhs */
		ucell = (uint32_t)uy * stride + (uint32_t)ux;
		mtd_lower_narrow(s, hk, uniform, ur, pg, ux, uy, ucell,
		    (path_cost)pg->base + pg->v[ui].rhs, dlite_steps(d, ucell),
		    st);
	}
	return (-1);
}

/*
 * mtd_fresh_run, specialised on the usual heuristic and costs.  Flattened:
 * everything it calls that can be is inlined into it (else the compiler,
 * its budget spent on the eight steps, calls the push's link out of
 * line: 3% more instructions on the GPPC dynamic track).
 */
static __attribute__((flatten)) int
mtd_fresh(struct mtd_state *s, unsigned long budget, unsigned long *done,
    uint32_t *gr, struct path_plan_stats *st)
{
	const struct dlite	*d = &s->d;

	if (d->rules.heuristic == PATH_H_OCTILE && d->grid->max_cost <= 1)
		return (mtd_fresh_run(s, PATH_H_OCTILE, 1, budget, done, gr,
		    st));
	return (mtd_fresh_run(s, d->rules.heuristic, 0, budget, done, gr,
	    st));
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
	const uint32_t		 stride = (uint32_t)d->grid->stride;
	struct cell_page	*pg;
	path_cost		 cost, gu, ru;
	uint64_t		 top;
	uint32_t		 gr = DLITE_NONE, ur, vr, ucell;
	unsigned long		 done = 0;
	unsigned		 m;
	int			 dir, ux, uy, vx, vy, back, fr;

	if (d->fresh && d->trace == NULL && (fr = mtd_fresh(s, budget, &done,
	    &gr, st)) >= 0)
		return (fr);
	for (;;) {
		if (dlite_settled(d, s->gbx, s->gby, &gr, &ur, &top))
			return (1);
		if (budget != 0 && done == budget)
			return (0);
		if (!dlite_take(d, ur, top, &ux, &uy, &gu, &ru))
			continue;	/* a key that grew: not an expansion */
		done++;
		st->expansions++;
		pg = dlite_page(d, ur);
		ucell = (uint32_t)uy * stride + (uint32_t)ux;
		m = dlite_steps(d, ucell);
		if (gu > ru) {
			/* Overconsistent: settle it, offer it to successors. */
			dlite_set_g(d, ur, ru);
			if (!d->wide) {
				/* Specialised on the usual heuristic. */
				if (d->rules.heuristic == PATH_H_OCTILE)
					mtd_lower_narrow(s, PATH_H_OCTILE, 0, ur, pg,
					    ux, uy, ucell, ru, m, st);
				else
					mtd_lower_narrow(s, d->rules.heuristic,
					    0, ur, pg, ux, uy, ucell, ru, m, st);
				continue;
			}
			/* Wide: as mtd_lower_narrow, through the general calls. */
			for (; m != 0; m &= m - 1) {
				dir = __builtin_ctz(m);
				vx = ux + grid_step_dx[dir];
				vy = uy + grid_step_dy[dir];
				if (vx == s->sbx && vy == s->sby)
					continue;
				cost = ru + dlite_base(d, dir) *
				    cells[(int32_t)ucell + dlite_off(d, dir)];
				vr = dlite_near(d, ur, ux, uy,
				    grid_step_dx[dir], grid_step_dy[dir]);
				if (cost >= dlite_rhs(d, vr))
					continue;
				if (vr == DLITE_NONE) {
					vr = dlite_get(d, vx, vy);
					st->touched++;
				}
				dlite_set_rhs(d, vr, cost);
				dlite_set_par(d, vr, dir ^ 2);
				dlite_update(d, vr);
			}
			continue;
		}
		/* Underconsistent: raise it, re-parent its children. */
		dlite_set_g(d, ur, PATH_COST_NONE);
		for (; m != 0; m &= m - 1) {
			dir = __builtin_ctz(m);
			vx = ux + grid_step_dx[dir];
			vy = uy + grid_step_dy[dir];
			back = dir ^ 2;
			vr = dlite_near(d, ur, ux, uy, grid_step_dx[dir],
			    grid_step_dy[dir]);
			if (vr == DLITE_NONE || (vx == s->sbx &&
			    vy == s->sby) || dlite_par(d, vr) != back)
				continue;
			mtd_reparent(s, vr, vx, vy);
			dlite_update(d, vr);
		}
		dlite_update(d, ur);
	}
}

/*
 * Builds the path from the cell (hbx, hby) down to the record of (bx, by)
 * and its cost in *cost (the steps' costs added up): 0, or 1 if the
 * parents lead to the root without passing (hbx, hby), or -1 if they do
 * not lead to the root.
 */
static int
mtd_chain_from(struct path_planner *p, int hbx, int hby, int bx, int by,
    path_cost *cost)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	const uint8_t		*cells = d->grid->cells;
	const uint32_t		 stride = (uint32_t)d->grid->stride;
	size_t			 n = 0, most = (size_t)d->npages * PAGE_CELLS;
	uint32_t		 r;
	int			 dir;

	planner_path_clear(p);
	*cost = 0;
	for (;;) {
		if (n++ > most)
			return (-1);	/* a cycle */
		planner_path_push(p, bx - 1, by - 1);
		if (bx == hbx && by == hby)
			break;
		if (bx == s->sbx && by == s->sby)
			return (1);
		r = dlite_find(d, bx, by);
		if (r == DLITE_NONE || (dir = dlite_par(d, r)) == DLITE_NOPAR)
			return (-1);
		*cost += dlite_base(d, dir) * cells[(uint32_t)by * stride +
		    (uint32_t)bx];
		bx += grid_step_dx[dir];
		by += grid_step_dy[dir];
	}
	planner_path_reverse(p);
	return (0);
}

/* Builds the path from the root down to the record of (bx, by). */
static int
mtd_chain(struct path_planner *p, int bx, int by)
{
	struct mtd_state	*s = p->state;
	path_cost		 cost;

	return (mtd_chain_from(p, s->sbx, s->sby, bx, by, &cost));
}

struct mtd_nearest {
	const struct dlite	*d;
	int			 tx, ty;	/* bordered */
	path_cost		 h;
	uint32_t		 cell;
	int			 bx, by;
};

/* Offers a record to mtd_partial's search for the nearest settled cell. */
static void
mtd_nearest_one(void *arg, uint32_t r)
{
	struct mtd_nearest	*n = arg;
	path_cost		 g = dlite_g(n->d, r), h;
	uint32_t		 cell;
	int			 bx, by;

	if (g == PATH_COST_NONE || g != dlite_rhs(n->d, r))
		return;
	dlite_xy(n->d, r, &bx, &by);
	h = grid_heuristic(n->d->rules.heuristic, bx, by, n->tx, n->ty);
	cell = (uint32_t)by * (uint32_t)n->d->grid->stride + (uint32_t)bx;
	if (h < n->h || (h == n->h && cell < n->cell)) {
		n->h = h;
		n->cell = cell;
		n->bx = bx;
		n->by = by;
	}
}

/*
 * The best partial path while the budget holds the search back: to the
 * settled cell nearest the target by the heuristic (the first in grid
 * order on a tie).
 */
static void
mtd_partial(struct path_planner *p)
{
	struct mtd_state	*s = p->state;
	struct mtd_nearest	 n;

	n.d = &s->d;
	n.tx = p->tx + 1;
	n.ty = p->ty + 1;
	n.h = PATH_COST_NONE;
	n.cell = UINT32_MAX;
	n.bx = n.by = 0;
	dlite_each(&s->d, mtd_nearest_one, &n);
	if (n.h == PATH_COST_NONE || mtd_chain(p, n.bx, n.by) != 0 ||
	    p->npath < 2)
		planner_greedy_step(p);
}

/*
 * How far (in steps, along either axis) the root may stay behind the
 * hunter: see mtd_through.  On chase-std (time against A*'s in the same
 * run, one run each on a noisy machine) 1 (the root moves at every
 * step) gave 2.23, 2: 1.67, 4: 1.52, 8: 1.30, 16: 1.17, 24: 1.39,
 * 40: 1.50; with no limit the open list grew with the tree behind the
 * hunter and the rekeys after the target's steps cost 5.6.  The root
 * also moves once it lags by the heuristic's distance from the hunter
 * to the target or more: on chase-small, where hunters close in on the
 * target, a search from a root far behind them expanded 4.8 cells a
 * call instead of 2.6 (2.1 with this rule; half the distance, 2.1,
 * a quarter, 2.2, in no clear order of time).  On chase-std nearly
 * every move of the root (16,121 of 16,819 in 50,000 calls) comes from
 * that rule, hunters two or three steps from the target; letting the
 * root lag four times the distance moved it 5,040 times, but the cells
 * deleted stayed the same (538,000 against 488,000: what a hunter
 * leaves behind is deleted sooner or later), the cells expanded too
 * (6.5 a call), and the instructions rose 2.5% (callgrind).
 */
#ifndef MTD_LAG
#define MTD_LAG		16
#endif

/*
 * Whether the hunter may leave the root where it is for this call (see
 * mtd_through): it took the last answer's first step or stayed where it
 * was (followed), the root is less than MTD_LAG steps behind it and than
 * the heuristic's distance to the target, and neither a budget nor a
 * blocked root stands in the way.  A hunter that went elsewhere (pushed aside, flanking)
 * seldom lies on the root's new path, and the search from the root would
 * be wasted: on chase-small with --crowding, 9.87 expansions a call
 * without this test, 9.38 when the root moved at every step.
 */
static int
mtd_may_defer(const struct path_planner *p, const struct plan_input *in,
    int followed)
{
	const struct mtd_state	*s = p->state;
	const struct path_grid	*g = s->d.grid;

	int			 lag = abs(p->hx + 1 - s->sbx) >
				    abs(p->hy + 1 - s->sby) ?
				    abs(p->hx + 1 - s->sbx) :
				    abs(p->hy + 1 - s->sby);

	return (followed && in->budget == 0 && lag < MTD_LAG && (path_cost)lag *
	    PATH_COST_ORTHO < grid_heuristic(s->d.rules.heuristic, p->hx,
	    p->hy, p->tx, p->ty) && g->cells[(uint32_t)s->sby *
	    (uint32_t)g->stride + (uint32_t)s->sbx] != 0);
}

/*
 * Whether a hunter whose root must move should start over instead: it is
 * less than MTD_NEAR steps (by the heuristic) from the target, where a
 * search from scratch expands a cell or two, and its records fill
 * MTD_NEAR_PAGES pages or more.  The deletion would keep a tree much
 * larger than that search needs, and the pages, the heap and the sweeps
 * over them go on costing for it: on chase-std, MTD_NEAR 3 with any
 * number of pages took mtd_plan's instructions (callgrind) from 1,377 to
 * 1,199 million, but chase-small's expansions from 2.10 to 2.45 a call
 * (over chase-guard's limit, 2.20), its hunters' trees being mostly one
 * or two pages; with 3 pages or more, 1,282 million and 2.18 (chase-std
 * 6.49 -> 6.61 expansions a call, 12% of calls starting over; mtdstar
 * against A*, medians of 7 alternated runs, 1.159 -> 1.050 in one set,
 * 1.076 -> 1.011 in another, every pair lower or equal; chase-big the
 * same cells expanded, 2.1% of calls starting over, 0.346 -> 0.349,
 * medians of 3 pairs, within the noise).  Measured
 * and dropped: 4 pages or more (1,311 million), 5 steps with 4 pages
 * (1,302), 3 steps with 8 heap entries or more (1,209 million, but
 * chase-small 2.24), with 16 (1,297), and starting over only when the
 * deletion would drop more than 16 or 32 cells (most near hunters' drop
 * fewer: 7.7% and 0.3% of chase-std's calls started over, the gain
 * gone).
 */
#ifndef MTD_NEAR
#define MTD_NEAR	3
#endif
#ifndef MTD_NEAR_PAGES
#define MTD_NEAR_PAGES	3
#endif

static int
mtd_near(const struct mtd_state *s, const struct path_planner *p)
{
	return (s->d.npages >= MTD_NEAR_PAGES &&
	    grid_heuristic(s->d.rules.heuristic, p->hx, p->hy, p->tx, p->ty) <
	    (path_cost)MTD_NEAR * PATH_COST_ORTHO);
}

/*
 * Brings the records up to date with the hunter's and the target's moves
 * and the grid's changes before a search that goes on.  The hunter's
 * move is left for later when mtd_may_defer allows (the root stays
 * behind it); returns 0, or -1 if the planner must start over.
 */
static int
mtd_catch_up(struct path_planner *p, const struct plan_input *in,
    int followed, struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;

	d->fresh_ok = 0;	/* the search goes on, not afresh */
	if ((p->hx + 1 != s->sbx || p->hy + 1 != s->sby) &&
	    !mtd_may_defer(p, in, followed)) {
		if (mtd_near(s, p))
			return (-1);	/* starting over is cheaper */
		mtd_delete(p, p->hx + 1, p->hy + 1, st);
	}
	if (p->tx + 1 != s->gbx || p->ty + 1 != s->gby) {
		dlite_move_anchor(d, p->tx, p->ty);
		s->gbx = p->tx + 1;
		s->gby = p->ty + 1;
	}
	dlite_each_changed(d, in->changes, in->nchanges, s->sbx, s->sby,
	    mtd_refresh, s);
	if (mtd_renormalise(s) != 0)
		return (-1);
	/*
	 * After a move most keys have grown and the deletion left entries
	 * stale: one pass over the heap rather than a pop or a rekey for
	 * each (dlite.h).
	 */
	if (in->moved_hunter || in->moved_target)
		dlite_sweep_if_worked(d);
	dlite_compact(d);
	return (0);
}

/* ComputeCostMinimalPath on the context's bucket queue while it starts
 * over (dlite.h): 1 when the target's value is settled, else 0. */
static int
mtd_search(struct path_planner *p, unsigned long budget,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	int			 settled;

	dlite_fresh_begin(&s->d);
	settled = mtd_compute(p, budget, st);
	dlite_fresh_end(&s->d);
	return (settled);
}

/*
 * The answer while the root is left behind the hunter (mtd_catch_up),
 * once the search from the root has settled the target: if the cheapest
 * path the parents give from the root passes the hunter's cell h, its
 * part from h is a cheapest path from h (a cheaper one would make the
 * root reach the target for less), and the planner answers with it, the
 * deletion behind the hunter not done at all.  Fringe-Retrieving A* and
 * Moving Target D* Lite move the root at every step of the hunter; in a
 * chase the hunter walks down the tree's own paths, and the deletion
 * with the re-expansions it calls for was most of mtdstar's work.
 * Otherwise the root moves to h now (mtd_delete) and the search goes on
 * from there.  Returns 1 if the path was found below the old root, 0 if
 * the root moved, -1 if the target cannot be reached.
 */
static int
mtd_through(struct path_planner *p, struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	path_cost		 cost;

	if (dlite_rhs(d, dlite_find(d, s->gbx, s->gby)) != PATH_COST_NONE &&
	    mtd_chain_from(p, p->hx + 1, p->hy + 1, s->gbx, s->gby,
	    &cost) == 0) {
		p->cost = cost;
		return (1);
	}
	planner_path_clear(p);
	mtd_delete(p, p->hx + 1, p->hy + 1, st);
	dlite_sweep_if_worked(d);
	dlite_compact(d);
	return (mtd_search(p, 0, st) ? 0 : -1);
}

/* Plans with Moving Target D* Lite: see the top of the file. */
static enum path_plan_status
mtd_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	uint32_t		 gr, sr;
	/* Whether the hunter took the last answer's first step, or stayed
	 * where it began. */
	int			 followed = p->status == PATH_PLAN_FOUND &&
				    p->npath >= 1 && ((p->path[0].x == p->hx &&
				    p->path[0].y == p->hy) || (p->npath >= 2 &&
				    p->path[1].x == p->hx && p->path[1].y == p->hy));

	/* The context's trace now, for the repairs as for the search. */
	d->trace = p->ctx->trace;
	d->trace_ctx = p->ctx->trace_ctx;
	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty)) {
		s->active = 0;
		return (PATH_PLAN_NONE);
	}
	/*
	 * Not planned: new, or a load failed part way through the state.  A
	 * hunter that left the tree would have the whole of it deleted, one
	 * cell at a time: a new generation forgets it at once.  So does a
	 * hunter that jumped (more than a step from its cell at the last
	 * call): the part of the tree below its new cell is then seldom
	 * worth the deletion of the rest (on the GPPC dynamic track, where
	 * every query starts elsewhere, deleting cost a third of mtdstar's
	 * time).
	 */
	if (!s->active || in->reset || !p->planned || dlite_outgrown(d) ||
	    abs(p->hx - p->last_hx) > 1 || abs(p->hy - p->last_hy) > 1 ||
	    ((p->hx + 1 != s->sbx || p->hy + 1 != s->sby) &&
	    dlite_rhs(d, dlite_find(d, p->hx + 1, p->hy + 1)) ==
	    PATH_COST_NONE) || mtd_catch_up(p, in, followed, st) != 0)
		mtd_restart(p, st);
	if (p->hx == p->tx && p->hy == p->ty) {
		/* The hunter is on the goal: nothing to search, whatever is
		 * queued. */
		planner_path_push(p, p->hx, p->hy);
		p->cost = 0;
		return (PATH_PLAN_FOUND);
	}
	if (!mtd_search(p, in->budget, st)) {
		mtd_partial(p);
		return (PATH_PLAN_PARTIAL);
	}
	if (p->hx + 1 != s->sbx || p->hy + 1 != s->sby) {
		switch (mtd_through(p, st)) {
		case 1:
			return (PATH_PLAN_FOUND);
		case -1:
			return (PATH_PLAN_NONE);	/* not with no budget */
		}
	}
	gr = dlite_find(d, s->gbx, s->gby);
	sr = dlite_find(d, s->sbx, s->sby);
	if (dlite_rhs(d, gr) == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	if (mtd_chain(p, s->gbx, s->gby) != 0)
		xfatal("mtdstar: the target's parents do not lead to the "
		    "hunter");
	p->cost = dlite_rhs(d, gr) - dlite_rhs(d, sr);
	return (PATH_PLAN_FOUND);
}

/* Writes the search tree for a save. */
static void
mtd_save(const struct path_planner *p, struct ser *s)
{
	const struct mtd_state	*st = p->state;
	uint32_t		 stride = (uint32_t)st->d.grid->stride;

	ser_u8(s, (uint8_t)st->active);
	ser_u32(s, (uint32_t)st->sby * stride + (uint32_t)st->sbx);
	ser_u32(s, (uint32_t)st->gby * stride + (uint32_t)st->gbx);
	dlite_save(&st->d, s);
}

/*
 * Reads a saved cell index into bordered coordinates inside the grid (any
 * value will do for a planner that has not searched yet).
 */
static void
mtd_load_cell(struct deser *d, const struct path_grid *g, int active,
    int *bx, int *by)
{
	uint32_t	cell = deser_u32(d);

	*bx = (int)(cell % (uint32_t)g->stride);
	*by = (int)(cell / (uint32_t)g->stride);
	if (!active)
		*bx = *by = 0;
	else if (*bx < 1 || *bx > g->width || *by < 1 || *by > g->height) {
		deser_fail(d, "a cell outside the map");
		*bx = *by = 1;
	}
}

/* What mtd_check() walks the records with. */
struct mtd_checking {
	const struct mtd_state	*s;
	uint8_t			*near;	/* bordered: by a change */
	int			 bad;
};

/*
 * Checks a cell other than the root, whose record is r (or DLITE_NONE):
 * its rhs is the least g(s') + c(s', cell) over the steps into it, and a
 * finite rhs has a parent that gives it, by a legal step.
 */
static int
mtd_check_cell(const struct mtd_state *s, uint32_t r, int bx, int by)
{
	const struct dlite	*d = &s->d;
	uint32_t		 cell = (uint32_t)by * (uint32_t)d->grid->stride +
				    (uint32_t)bx;
	int			 dir;
	path_cost		 want = mtd_best(s, r, bx, by, &dir);

	if (dlite_rhs(d, r) != want)
		return (-1);
	if (r == DLITE_NONE)
		return (0);
	dir = dlite_par(d, r);
	if (want == PATH_COST_NONE)
		return (dir == DLITE_NOPAR ? 0 : -1);
	if (dir >= 8 || (dlite_steps(d, cell) >> dir & 1) == 0)
		return (-1);
	return (dlite_add(dlite_g(d, dlite_find(d, bx + grid_step_dx[dir],
	    by + grid_step_dy[dir])), dlite_base(d, dir) * d->grid->cells[cell])
	    == want ? 0 : -1);
}

/*
 * Checks a record's cell and the cells next to it (mtd_check_cell), but
 * the root and where the next plan refreshes them; a cell checked is
 * marked in near, so that the records around it do not check it again
 * (a 512 x 512 chase's buffer of 11.5 kB, medians of three: a load took
 * 0.56 ms checking each cell for each record beside it, 0.14 ms once,
 * 0.02 ms unchecked, where a plan in that chase takes 0.15 ms).
 */
static void
mtd_check_record(void *arg, uint32_t r)
{
	struct mtd_checking	*k = arg;
	const struct mtd_state	*s = k->s;
	const struct path_grid	*g = s->d.grid;
	int			 bx, by, x, y;

	dlite_xy(&s->d, r, &bx, &by);
	for (y = by - 1; y <= by + 1 && !k->bad; y++) {
		for (x = bx - 1; x <= bx + 1 && !k->bad; x++) {
			if (x < 1 || y < 1 || x > g->width || y > g->height ||
			    k->near[y * g->stride + x] || (x == s->sbx &&
			    y == s->sby))
				continue;
			k->bad = mtd_check_cell(s, dlite_find(&s->d, x, y), x,
			    y) != 0;
			k->near[y * g->stride + x] = 1;	/* checked once */
		}
	}
}

/*
 * Checks what Moving Target D* Lite relies on that dlite_load() cannot
 * (dlite_load checks that every open record is on the heap with a key
 * no higher than its own): the anchor is the target; the root holds a
 * finite rhs and no parent (its rhs is frozen: a path costs the target's
 * value less the root's); every other cell's rhs is the one-step
 * lookahead from its neighbours' g, on the grid as the planner last saw
 * it (away from the changes since, which the next plan refreshes), and a
 * finite one comes with a parent that gives it.  g may hold anything,
 * as in Lifelong Planning A*: a record whose g differs from its rhs is
 * on the heap, and the search corrects it.  Then, once the search has
 * settled the target, the parents from the target lead to the root
 * (the first cell of the chain that is not consistent would be on the
 * heap below the target's key); parents elsewhere may go round in a
 * circle among records the search has yet to correct, which a save in
 * the middle of a chase holds.  Returns 0, or -1.
 */
static int
mtd_check(struct path_planner *p)
{
	struct mtd_state	*s = p->state;
	struct dlite		*d = &s->d;
	struct mtd_checking	 k;
	uint32_t		 rr;

	if (!s->active || !p->planned)
		return (0);		/* the next plan starts afresh */
	rr = dlite_find(d, s->sbx, s->sby);
	if (d->abx != s->gbx || d->aby != s->gby || rr == DLITE_NONE ||
	    dlite_rhs(d, rr) == PATH_COST_NONE || dlite_par(d, rr) !=
	    DLITE_NOPAR)
		return (-1);
	k.s = s;
	k.bad = 0;
	if ((k.near = dlite_changed_near(d->grid, p->version)) != NULL)
		dlite_each(d, mtd_check_record, &k);
	free(k.near);
	return (k.bad ? -1 : 0);
}

/* Reads the search tree back: see mtd_save. */
static int
mtd_load(struct path_planner *p, struct deser *d)
{
	struct mtd_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;

	st->active = deser_u8(d) != 0;
	mtd_load_cell(d, g, st->active, &st->sbx, &st->sby);
	mtd_load_cell(d, g, st->active, &st->gbx, &st->gby);
	if (d->error != NULL || dlite_load(&st->d, d) != 0) {
		st->active = 0;
		return (-1);
	}
	if (mtd_check(p) != 0) {
		deser_fail(d, "a search value does not follow from its "
		    "neighbours'");
		dlite_clear(&st->d);
		st->active = 0;
		return (-1);
	}
	return (0);
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
