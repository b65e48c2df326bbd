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
 * search out to the farthest hunter, plus a walk down the field for each.
 *
 * Exact on every call: the cost read is the settled Dijkstra distance,
 * which is what a from-scratch A* returns (both are the least sum of the
 * same integer step costs), and the path follows the parent each cell was
 * reached from, a neighbour n of least step(h, n) + d(n), under the same
 * legal-step definition (grid_moves: the diagonal corner rule included).
 * Tile changes and target moves rebuild rather than repair: in the chase
 * benchmarks the grid changes nearly every turn, the search is cheap per
 * cell (a bucket push and pop, no heap), and a repair (dynamic SSSP)
 * would touch most of what a rebuild does while keeping a heap.
 *
 * Budgets: a call expands at most its budget; a hunter not yet final gets
 * PATH_PLAN_PARTIAL and a greedy step, and the next call by any planner
 * of the context resumes the same search where it stopped.
 *
 * Save and load: the search belongs to the context, so a planner saves
 * only how far the search of its last target had come (its grid version
 * and expansions).  The order of a search's expansions depends only on the
 * grid, the rules and the target, so a restored planner whose grid is at
 * that version begins the search again and runs exactly that many
 * expansions, which reproduces it cell for cell: parents, settled cells,
 * and so every later answer, budgeted or not, are what the saved planner
 * would have given.
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

/* Plans on the shared search: see the top of the file. */
static enum path_plan_status
crowd_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct path_context	*ctx = p->ctx;
	struct planner_field	*pf;
	struct path_stats	 ss = { 0 };

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty))
		return (PATH_PLAN_NONE);
	pf = planner_field_for(ctx, p->tx, p->ty, st);
	path_field_run_to(pf->field, ctx->grid, in->budget, p->hx, p->hy, &ss);
	st->expansions += ss.expansions;
	st->touched += ss.touched;
	if (!path_field_settled(pf->field, p->hx, p->hy)) {
		planner_greedy_step(p);
		return (PATH_PLAN_PARTIAL);
	}
	return (planner_field_answer(p, pf->field));
}

/* The context's search this planner last used, if it is still there. */
static const struct planner_field *
crowd_search(const struct path_planner *p)
{
	const struct path_context	*ctx = p->ctx;
	int				 i;

	if (!p->planned)
		return (NULL);
	for (i = 0; i < PLANNER_FIELDS; i++) {
		if (ctx->fields[i].valid && ctx->fields[i].tx == p->last_tx &&
		    ctx->fields[i].ty == p->last_ty &&
		    ctx->fields[i].field != NULL)
			return (&ctx->fields[i]);
	}
	return (NULL);
}

/* Writes how far the shared search had come: see the top of the file. */
static void
crowd_save(const struct path_planner *p, struct ser *s)
{
	const struct planner_field	*pf = crowd_search(p);

	ser_u8(s, pf != NULL);
	if (pf == NULL)
		return;
	ser_u64(s, pf->version);
	ser_u64(s, pf->used);
	ser_u64(s, path_field_expanded(pf->field));
}

/*
 * Reads what crowd_save wrote and, if the grid is still at that version,
 * brings the context's search for the planner's last target to the same
 * point.
 */
static int
crowd_load(struct path_planner *p, struct deser *d)
{
	struct path_context	*ctx = p->ctx;
	const struct path_grid	*grid = ctx->grid;
	struct planner_field	*pf;
	uint64_t		 version, used, expanded, have, clock;

	if (deser_u8(d) == 0)
		return (d->error != NULL ? -1 : 0);
	version = deser_u64(d);
	used = deser_u64(d);
	expanded = deser_u64(d);
	if (d->error != NULL)
		return (-1);
	if (version > grid->version || expanded > (uint64_t)grid->width *
	    (uint64_t)grid->height || !p->planned) {
		deser_fail(d, "a crowd search beyond its grid");
		return (-1);
	}
	if (version != grid->version ||
	    !path_grid_contains(grid, p->last_tx, p->last_ty))
		return (0);	/* the next call begins afresh anyway */
	/* Every planner of the search saved the same stamp: restore it. */
	clock = ctx->clock;
	pf = planner_field_for(ctx, p->last_tx, p->last_ty, NULL);
	pf->used = used;
	ctx->clock = used > clock ? used : clock;
	have = path_field_expanded(pf->field);
	if (have < expanded) {
		/* Replayed quietly: the overlays saw these the first time. */
		path_field_set_trace(pf->field, NULL, NULL);
		path_field_run(pf->field, grid, (unsigned long)(expanded - have),
		    NULL);
		path_field_set_trace(pf->field, ctx->trace, ctx->trace_ctx);
	}
	return (0);
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
