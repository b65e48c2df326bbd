/*
 * plan-field.c: the field planner, one Dijkstra map for a whole pack.
 *
 * Brogue keeps a distance map from the player and lets every monster roll
 * downhill on it.  Here the map is a field TO the target kept in the
 * context and shared by every field planner of it: the first planner to
 * ask after the target moved or a tile changed rebuilds it (from scratch:
 * a field is cheap per monster only when many share it), the others find
 * it ready.  A context keeps a few fields, one per target (least recently
 * used goes first), so planners hunting different targets do not keep
 * undoing each other's work.  With a budget the field is built a few cells per call; a cell
 * is final once settled, so a hunter near the target gets its answer
 * early, and one further away steps towards the target meanwhile.
 */
#include <stdlib.h>

#include "planner-internal.h"

static void
field_init(struct path_planner *p)
{
	p->state = NULL;
}

static void
field_free(struct path_planner *p)
{
}

static size_t
field_memory(const struct path_planner *p)
{
	return (0);
}

/* The context's field for a target: its own, or the least recently used. */
static struct planner_field *
field_for(struct path_context *ctx, int tx, int ty)
{
	struct planner_field	*pf, *best = &ctx->fields[0];
	int			 i;

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
	return (best);
}

/* Plans on the shared field: see the top of the file. */
static enum path_plan_status
field_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct path_context	*ctx = p->ctx;
	const struct path_grid	*grid = ctx->grid;
	struct planner_field	*pf;
	struct path_stats	 ss = { 0 };
	size_t			 guard = (size_t)grid->width * grid->height;
	int			 x, y, nx, ny, complete;

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty))
		return (PATH_PLAN_NONE);
	pf = field_for(ctx, p->tx, p->ty);
	if (pf->field == NULL) {
		pf->field = path_field_new(grid->width, grid->height);
		path_field_set_trace(pf->field, ctx->trace, ctx->trace_ctx);
	}
	if (!pf->valid || pf->tx != p->tx || pf->ty != p->ty ||
	    pf->version != grid->version) {
		path_field_begin(pf->field, grid, ctx->rules, p->tx, p->ty,
		    PATH_FIELD_TO_SOURCE);
		pf->valid = 1;
		pf->tx = p->tx;
		pf->ty = p->ty;
		pf->version = grid->version;
		st->replanned = 1;
		st->restarted = 1;
	}
	complete = path_field_run(pf->field, grid, in->budget, &ss);
	st->expansions += ss.expansions;
	st->touched += ss.touched;

	if (!path_field_settled(pf->field, p->hx, p->hy)) {
		planner_greedy_step(p);
		return (PATH_PLAN_PARTIAL);
	}
	p->cost = path_field_get(pf->field, p->hx, p->hy);
	if (p->cost == PATH_COST_NONE)
		return (complete ? PATH_PLAN_NONE : PATH_PLAN_PARTIAL);
	x = p->hx;
	y = p->hy;
	planner_path_push(p, x, y);
	while ((x != p->tx || y != p->ty) && guard-- > 0 &&
	    path_field_next_step(pf->field, grid, x, y, &nx, &ny) == 0) {
		x = nx;
		y = ny;
		planner_path_push(p, x, y);
	}
	return (PATH_PLAN_FOUND);
}

/*
 * Nothing of its own to save: the shared field is rebuilt on demand after
 * a restore, and distances, and so steps, do not depend on how it was
 * built.
 */
static void
field_save(const struct path_planner *p, struct ser *s)
{
}

static int
field_load(struct path_planner *p, struct deser *d)
{
	return (0);
}

const struct planner_ops planner_field_ops = {
	.name = "field",
	.init = field_init,
	.free = field_free,
	.plan = field_plan,
	.memory = field_memory,
	.save = field_save,
	.load = field_load,
};
