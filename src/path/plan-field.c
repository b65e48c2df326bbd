/*
 * plan-field.c: the field planner, one Dijkstra map for a whole pack,
 * and the context's shared searches it lends to the crowd planner.
 *
 * Brogue keeps a distance map from the player and lets every monster roll
 * downhill on it.  Here the map is a field TO the target kept in the
 * context and shared by every field and crowd planner of it: the first
 * planner to ask after the target moved or a tile changed begins it again
 * (from scratch: a field is cheap per monster only when many share it),
 * the others find it ready.  A context keeps a few fields, one per target
 * (least recently used goes first), so planners hunting different targets
 * do not keep undoing each other's work.  A field planner runs its field
 * to the end, the whole map, as Brogue does; a crowd planner
 * (plan-crowd.c) runs the same search only until its hunter is final.
 * With a budget the field is built a few cells per call; a cell is final
 * once settled, so a hunter near the target gets its answer early, and
 * one further away steps towards the target meanwhile.
 *
 * The searches belong to the context, so this file frees, counts, traces
 * and reserves them for it, through the field planner's context hooks
 * (the crowd planner, which uses the same searches, has none of its own).
 */
#include <stdlib.h>
#include <string.h>

#include "field-internal.h"
#include "planner-internal.h"
#include "xmalloc.h"

static void
field_init(struct path_planner *p)
{
	p->state = NULL;
}

static void
field_free(struct path_planner *p)
{
	(void)p;
}

static size_t
field_memory(const struct path_planner *p)
{
	(void)p;
	return (0);
}

/* The context whose fields a context uses: see planner-internal.h. */
struct path_context *
planner_field_owner(struct path_context *ctx)
{
	const struct path_grid	*mine = ctx->grid, *theirs;

	if (ctx->share == NULL)
		return (ctx);
	theirs = ctx->share->grid;
	if (ctx->share_same < 0 || ctx->share_mine != mine->version ||
	    ctx->share_theirs != theirs->version) {
		ctx->share_same = memcmp(mine->cells, theirs->cells,
		    (size_t)mine->stride * (size_t)(mine->height + 2)) == 0;
		ctx->share_mine = mine->version;
		ctx->share_theirs = theirs->version;
	}
	return (ctx->share_same ? ctx->share : ctx);
}

/* The context's field for a target: see planner-internal.h. */
struct planner_field *
planner_field_for(struct path_context *ctx, int tx, int ty,
    struct path_plan_stats *st)
{
	const struct path_grid	*grid;
	struct planner_field	*pf, *best;
	int			 i;

	ctx = planner_field_owner(ctx);
	grid = ctx->grid;
	best = &ctx->fields[0];

	for (i = 0; i < PLANNER_FIELDS; i++) {
		pf = &ctx->fields[i];
		if (pf->valid && pf->tx == tx && pf->ty == ty) {
			best = pf;
			break;
		}
		if (pf->used < best->used)
			best = pf;
	}
	best->used = ++ctx->clock;
	if (best->field == NULL) {
		best->field = path_field_new(grid->width, grid->height);
		path_field_set_trace(best->field, ctx->trace, ctx->trace_ctx);
	}
	if (!best->valid || best->tx != tx || best->ty != ty ||
	    best->version != grid->version) {
		path_field_begin(best->field, grid, ctx->rules, tx, ty,
		    PATH_FIELD_TO_SOURCE);
		best->valid = 1;
		best->tx = tx;
		best->ty = ty;
		best->version = grid->version;
		best->restored = 0;
		if (st != NULL) {
			st->replanned = 1;
			st->restarted = 1;
		}
	}
	return (best);
}

/*
 * The answer of a field on which the hunter is final: see the header.
 * Only the first step is copied: a hunter walks one step a turn and
 * the target moves on, so copying whole paths out of a shared field
 * (a few hundred steps each for thousands of hunters) would cost more
 * than the search; path_planner_path() reads the rest from the field
 * if anyone asks while it stands.
 */
enum path_plan_status
planner_field_answer(struct path_planner *p, const struct path_field *f)
{
	int	nx, ny;

	planner_path_clear(p);
	p->cost = path_field_get(f, p->hx, p->hy);
	if (p->cost == PATH_COST_NONE)
		return (PATH_PLAN_NONE);
	planner_path_push(p, p->hx, p->hy);
	if (path_field_next_step(f, p->ctx->grid, p->hx, p->hy, &nx,
	    &ny) == 0)
		planner_path_push(p, nx, ny);
	else if (p->hx != p->tx || p->hy != p->ty)
		xfatal("a settled field gives no step from (%d,%d) to the "
		    "target (%d,%d)", p->hx, p->hy, p->tx, p->ty);
	p->lazy = f;
	p->lazy_gen = path_field_generation(f);
	return (PATH_PLAN_FOUND);
}

/* Plans on a shared search from the target: see planner-internal.h. */
enum path_plan_status
planner_field_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st, int whole)
{
	struct path_context	*ctx = p->ctx;
	struct planner_field	*pf;
	struct path_stats	 ss = { 0 };

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty))
		return (PATH_PLAN_NONE);
	pf = planner_field_for(ctx, p->tx, p->ty, st);
	if (whole)
		path_field_run(pf->field, planner_field_owner(ctx)->grid,
		    in->budget, &ss);
	else
		path_field_run_to(pf->field, planner_field_owner(ctx)->grid,
		    in->budget, p->hx, p->hy, &ss);
	st->expansions += ss.expansions;
	st->touched += ss.touched;
	if (!path_field_settled(pf->field, p->hx, p->hy)) {
		planner_greedy_step(p);
		return (PATH_PLAN_PARTIAL);
	}
	return (planner_field_answer(p, pf->field));
}

/* Plans on the shared field, run over the whole map. */
static enum path_plan_status
field_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	return (planner_field_plan(p, in, st, 1));
}

/*
 * Nothing of its own to save: the shared field is rebuilt on demand after
 * a restore, and distances, and so steps, do not depend on how it was
 * built.
 */
static void
field_save(const struct path_planner *p, struct ser *s)
{
	(void)p;
	(void)s;
}

static int
field_load(struct path_planner *p, struct deser *d)
{
	(void)p;
	(void)d;
	return (0);
}

/* Frees the context's searches (a context_free hook). */
static void
field_context_free(struct path_context *ctx)
{
	int	i;

	for (i = 0; i < PLANNER_FIELDS; i++)
		path_field_free(ctx->fields[i].field);
}

/* Bytes of the context's searches (a context_memory hook). */
static size_t
field_context_memory(const struct path_context *ctx)
{
	size_t	n = 0;
	int	i;

	for (i = 0; i < PLANNER_FIELDS; i++) {
		if (ctx->fields[i].field != NULL)
			n += path_field_memory(ctx->fields[i].field);
	}
	return (n);
}

/* Gives the context's searches its new trace (a context_trace hook). */
static void
field_context_trace(struct path_context *ctx)
{
	int	i;

	for (i = 0; i < PLANNER_FIELDS; i++) {
		if (ctx->fields[i].field != NULL)
			path_field_set_trace(ctx->fields[i].field, ctx->trace,
			    ctx->trace_ctx);
	}
}

/*
 * Takes the dense arrays of every slot of the searches the context uses
 * now (a context_reserve hook): see path_context_reserve() in planner.h.
 */
static void
field_context_reserve(struct path_context *ctx)
{
	struct planner_field	*pf;
	int			 i;

	ctx = planner_field_owner(ctx);
	/* Too big to hold four up front, or costs a dense field cannot hold. */
	if ((size_t)(ctx->grid->width + 2) * (size_t)(ctx->grid->height + 2) *
	    5 > PLANNER_RESERVE_MAX || grid_cost_bound(ctx->grid) >=
	    UINT32_MAX)
		return;
	for (i = 0; i < PLANNER_FIELDS; i++) {
		pf = &ctx->fields[i];
		if (pf->field != NULL)
			continue;
		pf->field = path_field_new(ctx->grid->width,
		    ctx->grid->height);
		path_field_set_trace(pf->field, ctx->trace, ctx->trace_ctx);
		field_reserve_dense(pf->field, ctx->grid);
	}
}

const struct planner_ops planner_field_ops = {
	.name = "field",
	.init = field_init,
	.free = field_free,
	.plan = field_plan,
	.memory = field_memory,
	.save = field_save,
	.load = field_load,
	.context_free = field_context_free,
	.context_memory = field_context_memory,
	.context_trace = field_context_trace,
	.context_reserve = field_context_reserve,
};
