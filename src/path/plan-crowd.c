/*
 * plan-crowd.c: the crowd planner, one backward search per target shared
 * by every hunter of a context, run only as far as the hunters that ask.
 *
 * A pack chasing the player asks the same question a hundred times a
 * turn: how far is it from here to the player?  astar answers each hunter
 * with a search of its own.  The crowd planner answers all of them from
 * one Dijkstra search rooted at the target (a field TO the target, see
 * field.c), kept in the context for (target cell, grid version) and
 * shared with the field planners: the context holds a few, one per target
 * cell, the least recently used dropped, because hunters may chase
 * different cells (the player, a last-seen place, a noise).  The first
 * hunter to ask after the target moved or a tile changed begins the
 * search afresh; the search stops as soon as that hunter's cost is final,
 * which on the bucket queue is as soon as the bucket holding its
 * tentative cost comes up; a farther hunter resumes it, a nearer one
 * finds its answer already there and expands nothing.  A turn costs one
 * search out to the farthest hunter, plus a step read off the field for
 * each: the rest of a hunter's path is walked only if someone asks for
 * it (plan-field.c), since at 5,000 hunters copying every path out cost
 * a fifth of the turn.  Contexts whose grids hold the same costs (the
 * movement classes of a level without water or doors) share one search
 * through path_context_share(), instead of one search per class.
 *
 * Exact on every call: the cost read is the settled Dijkstra distance,
 * which is what a from-scratch A* returns (both are the least sum of the
 * same integer step costs), and the path follows the parent each cell was
 * reached from, a neighbour n of least step(h, n) + d(n), under the same
 * legal-step definition (grid_moves: the diagonal corner rule included).
 * Tile changes and target moves rebuild rather than repair.  A target
 * that moves one step, at cost c, changes the cost of most cells: each
 * old cost plus c is still the cost of a path (through the old cell),
 * and exact only where no cheaper way to the new cell exists, which on
 * open ground is the quarter of the plane behind the step (a square
 * cone); every other cell's cost falls, by up to 2c.  A repair must
 * expand at least the cells whose cost falls, so it saves at most about
 * a quarter of the rebuild's expansions there, and more only where walls
 * and doorways shelter whole regions.  Measured on a trial branch (a
 * helper's field_repair(), kept as the cost plus a bias so that the
 * cells behind need no write, and subtrees dropped below changed tiles,
 * since doors flip every turn in the chase benchmarks): 24% fewer
 * expansions on chase-std and 35% on chase-big, but each expansion
 * dearer, for 0.445-0.494 of A*'s time on chase-std against
 * 0.414-0.445 rebuilt, and 0.057 against 0.082 on chase-big.  At the
 * rebuild's cost per expansion such a repair would give about 0.28 of
 * A*'s time on chase-std and 0.05 on chase-big; and a repaired search's
 * parents depend on the targets it followed, so saves would have to
 * hold the search itself, not the few words below.
 *
 * Hunters far beyond the search could instead search on their own until
 * they meet its final cells (an A* from the hunter whose estimate is the
 * field's exact cost on final cells and max(octile, the search's
 * frontier) elsewhere: consistent, so exact).  Measured against growing
 * the shared search, with a rent-or-buy rule between the two and with
 * meets only, it lost everywhere: on chase-std meets expanded as many
 * cells as the search they saved (54.3 against 55.3 a monster-turn) at
 * three times the cost per cell (a heap instead of buckets), on
 * chase-big 4.8 times the cells (8room's doorways make an octile
 * estimate a poor guide), on chase-far the same cells; so it is not
 * used.
 *
 * Nor does the search shrink when near hunters are answered without it.
 * A hunter whose straight route (its diagonal steps first, or its
 * straight steps first) is open and costs exactly the movement's own
 * admissible estimate has found its exact cost with no search at all.
 * Measured on a trial (2026-12-07): on chase-std 45,387 of 50,000 calls
 * were answered so, yet the search still reached the few hunters far
 * behind walls (about nine a turn) and expanded 53.5 cells a
 * monster-turn instead of 55.3, for the same time; on chase-big 14% were
 * answered and the expansions did not change.  Those far hunters,
 * searched each on its own with A*, took 641 expansions each, 0.90 of
 * A*'s time in all.  The search's extent, set by the farthest hunter,
 * is the cost; so the trial was not kept.
 *
 * Budgets: a call expands at most its budget; a hunter not yet final gets
 * PATH_PLAN_PARTIAL and a greedy step, and the next call by any planner
 * of the context resumes the same search where it stopped.
 *
 * Save and load: the searches belong to the context, so a planner saves
 * the context's table of them: which target each slot holds, the grid
 * version it was begun on, its place in the LRU order and how many cells
 * it had expanded (a few dozen bytes, not the search).  The order of a
 * search's expansions depends only on the grid, the rules and the target,
 * and field.c leaves the state after n expansions canonical, so a
 * restored planner whose grid is at that version begins each search again
 * and runs exactly that many expansions, which reproduces it cell for
 * cell: parents, settled cells, which slot the LRU drops next, and so
 * every later answer, budgeted or not, and the work it takes, are what
 * the saved planners would have given.  (Field planners save nothing:
 * unbudgeted, their answers do not depend on the search's history; a
 * context's crowd planners restore the searches they share with them.)
 */
#include <stdlib.h>

#include "planner-internal.h"

static void
crowd_init(struct path_planner *p)
{
	p->state = NULL;
}

static void
crowd_free(struct path_planner *p)
{
	(void)p;
}

/* The shared search is the context's: a crowd planner holds nothing. */
static size_t
crowd_memory(const struct path_planner *p)
{
	(void)p;
	return (0);
}

/* Plans on the shared search, run only until the hunter is final. */
static enum path_plan_status
crowd_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	return (planner_field_plan(p, in, st, 0));
}

/*
 * Writes the table of searches the planner uses (its context's, or the
 * one it shares with while the grids agree): for each slot its target,
 * the grid version it was begun on, its LRU stamp and how many cells it
 * had expanded; then the LRU clock.  Every crowd planner using a table
 * writes the same, so any one of them restores it all.
 */
static void
crowd_save(const struct path_planner *p, struct ser *s)
{
	const struct path_context	*ctx = planner_field_owner(p->ctx);
	const struct planner_field	*pf;
	int				 i;

	ser_u8(s, PLANNER_FIELDS);
	for (i = 0; i < PLANNER_FIELDS; i++) {
		pf = &ctx->fields[i];
		ser_u8(s, (uint8_t)pf->valid);
		if (!pf->valid)
			continue;
		ser_i64(s, pf->tx);
		ser_i64(s, pf->ty);
		ser_u64(s, pf->version);
		ser_u64(s, pf->used);
		ser_u64(s, pf->field != NULL ? path_field_expanded(pf->field) :
		    0);
	}
	ser_u64(s, ctx->clock);
}

/*
 * Restores slot i of the context's table, unless an earlier planner did:
 * a search on the grid's current version is begun again and replayed to
 * the same number of expansions; an older one only needs its place in the
 * LRU order, since its next use begins it afresh.  Every crowd planner of
 * the context saved the same table: one that disagrees with what an
 * earlier one restored is refused (so a doctored save cannot make every
 * planner replay a search of its own).  Returns 0, or -1.
 */
static int
crowd_restore(struct path_context *ctx, int i, int tx, int ty,
    uint64_t version, uint64_t used, uint64_t expanded)
{
	const struct path_grid	*grid = ctx->grid;
	struct planner_field	*pf = &ctx->fields[i];

	if (pf->restored) {
		if (pf->valid && pf->tx == tx && pf->ty == ty &&
		    pf->version == version && pf->used == used &&
		    (version != grid->version || (pf->field != NULL &&
		    path_field_expanded(pf->field) == expanded)))
			return (0);
		return (-1);
	}
	pf->restored = 1;
	pf->valid = 1;
	pf->tx = tx;
	pf->ty = ty;
	pf->version = version;
	pf->used = used;
	if (version != grid->version)
		return (0);
	if (pf->field == NULL)
		pf->field = path_field_new(grid->width, grid->height);
	path_field_begin(pf->field, grid, ctx->rules, tx, ty,
	    PATH_FIELD_TO_SOURCE);
	/* Replayed quietly: the overlays saw these the first time. */
	path_field_set_trace(pf->field, NULL, NULL);
	if (expanded > 0)
		path_field_run(pf->field, grid, (unsigned long)expanded, NULL);
	path_field_set_trace(pf->field, ctx->trace, ctx->trace_ctx);
	/* A search that ends sooner was not saved from this grid. */
	return (path_field_expanded(pf->field) == expanded ? 0 : -1);
}

/* Reads what crowd_save wrote and restores the table: see above. */
static int
crowd_load(struct path_planner *p, struct deser *d)
{
	struct path_context	*ctx = planner_field_owner(p->ctx);
	const struct path_grid	*grid = ctx->grid;
	uint64_t		 version, used, expanded;
	int			 i, tx, ty;

	if (deser_u8(d) != PLANNER_FIELDS) {
		deser_fail(d, "a crowd planner's table of another size");
		return (-1);
	}
	for (i = 0; i < PLANNER_FIELDS && d->error == NULL; i++) {
		if (deser_u8(d) == 0) {
			if (ctx->fields[i].restored)
				deser_fail(d, "crowd planners disagree about "
				    "their searches");
			continue;
		}
		tx = (int)deser_range(d, 0, grid->width - 1, "a bad target");
		ty = (int)deser_range(d, 0, grid->height - 1, "a bad target");
		version = deser_u64(d);
		used = deser_u64(d);
		expanded = deser_u64(d);
		if (d->error == NULL && (version > grid->version ||
		    expanded > (uint64_t)grid->width * (uint64_t)grid->height))
			deser_fail(d, "a crowd search beyond its grid");
		if (d->error == NULL && crowd_restore(ctx, i, tx, ty, version,
		    used, expanded) != 0)
			deser_fail(d, "a crowd search that does not fit its "
			    "grid or its planners");
	}
	ctx->clock = deser_u64(d);
	return (d->error != NULL ? -1 : 0);
}

const struct planner_ops planner_crowd_ops = {
	.name = "crowd",
	.init = crowd_init,
	.free = crowd_free,
	.plan = crowd_plan,
	.memory = crowd_memory,
	.save = crowd_save,
	.load = crowd_load,
};
