/*
 * planner.c: the planner interface and contexts.
 *
 * The common part keeps positions, gathers the grid's changes since the
 * planner last looked (or notices the log overflowed), owns the path, and
 * dispatches to a kind through its operations table; each kind lives in
 * its own plan-*.c (the astar planner in plan-astar.c).
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "planner-internal.h"
#include "xmalloc.h"

const char path_planner_names[] =
    "astar, cached, dstar, mtdstar, field, crowd, adaptive";

static const struct planner_ops *const planner_kinds[PATH_PLANNER_KINDS] = {
	[PATH_PLANNER_ASTAR] = &planner_astar_ops,
	[PATH_PLANNER_CACHED] = &planner_cached_ops,
	[PATH_PLANNER_DSTAR] = &planner_dstar_ops,
	[PATH_PLANNER_MTDSTAR] = &planner_mtdstar_ops,
	[PATH_PLANNER_FIELD] = &planner_field_ops,
	[PATH_PLANNER_CROWD] = &planner_crowd_ops,
	[PATH_PLANNER_ADAPTIVE] = &planner_adaptive_ops,
};

/* Creates a context: see planner.h. */
struct path_context *
path_context_new(const struct path_grid *grid, struct path_rules rules)
{
	struct path_context	*ctx;

	ctx = xcalloc(1, sizeof *ctx);
	ctx->grid = grid;
	ctx->share_same = -1;
	ctx->rules = path_rules_normalize(rules);
	if (!path_rules_admissible(ctx->rules))
		ctx->rules.heuristic = PATH_H_CHEBYSHEV;	/* always admissible */
	return (ctx);
}

void
path_context_free(struct path_context *ctx)
{
	int	k;

	if (ctx == NULL)
		return;
	path_astar_free(ctx->astar);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_free != NULL)
			planner_kinds[k]->context_free(ctx);
	}
	page_pool_free(ctx->pages);
	dlite_fresh_free(ctx->fresh);
	planner_scratch_release(ctx);
	free(ctx);
}

size_t
path_context_memory(const struct path_context *ctx)
{
	size_t	n = sizeof *ctx + ctx->scratch.cap *
		    (sizeof *ctx->scratch.stack + sizeof *ctx->scratch.list) +
		    dlite_fresh_memory(ctx->fresh);
	int	k;

	if (ctx->astar != NULL)
		n += path_astar_memory(ctx->astar);
	if (ctx->pages != NULL)
		n += page_pool_memory(ctx->pages);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_memory != NULL)
			n += planner_kinds[k]->context_memory(ctx);
	}
	return (n);
}

/*
 * Writes a context: see saves.h.  Its size, then what each kind of
 * planner keeps in it (only the adaptive planners' tables today).  The
 * A* workspace and the fields are not written: they hold no state that
 * outlives a search (a field is rebuilt on demand, to the same
 * distances; crowd planners write what they need of it themselves).
 */
void
path_context_save(const struct path_context *ctx, struct ser *s)
{
	int	k;

	ser_u32(s, (uint32_t)ctx->grid->width);
	ser_u32(s, (uint32_t)ctx->grid->height);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_save != NULL)
			planner_kinds[k]->context_save(ctx, s);
	}
}

/*
 * Reads what each kind of planner wrote of a context, in path_context_save's
 * order; returns 0, or -1 at the first that fails.
 */
static int
planner_context_load(struct path_context *ctx, struct deser *d)
{
	int	k;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_load != NULL &&
		    planner_kinds[k]->context_load(ctx, d) != 0)
			return (-1);
	}
	return (0);
}

/* Reads a context: see saves.h. */
int
path_context_load(struct path_context *ctx, struct deser *d)
{
	uint32_t	w = deser_u32(d), h = deser_u32(d);

	if (d->error == NULL && (w != (uint32_t)ctx->grid->width ||
	    h != (uint32_t)ctx->grid->height))
		deser_fail(d, "a context for a grid of another size");
	if (d->error != NULL || planner_context_load(ctx, d) != 0) {
		deser_fail(d, "a context's state is inconsistent");
		return (-1);
	}
	return (0);
}

/* The shared A* workspace: see planner-internal.h. */
struct path_astar *
planner_astar(struct path_context *ctx)
{
	if (ctx->astar == NULL) {
		ctx->astar = path_astar_new(ctx->grid->width,
		    ctx->grid->height);
		path_astar_set_trace(ctx->astar, ctx->trace, ctx->trace_ctx);
	}
	return (ctx->astar);
}

/* The shared pool of cell pages: see planner-internal.h. */
struct page_pool *
planner_pages(struct path_context *ctx)
{
	if (ctx->pages == NULL)
		ctx->pages = page_pool_new();
	return (ctx->pages);
}

/* The shared bucket queue of fresh D* searches: see planner-internal.h. */
struct dlite_fresh *
planner_fresh(struct path_context *ctx)
{
	if (ctx->fresh == NULL)
		ctx->fresh = dlite_fresh_new();
	return (ctx->fresh);
}

/* The shared scratch lists: see planner-internal.h. */
struct planner_scratch *
planner_scratch(struct path_context *ctx, size_t n)
{
	struct planner_scratch	*sc = &ctx->scratch;

	if (n > sc->cap) {
		sc->cap = n + n / 2 + 64;
		sc->stack = xreallocarray(sc->stack, sc->cap,
		    sizeof *sc->stack);
		sc->list = xreallocarray(sc->list, sc->cap, sizeof *sc->list);
	}
	return (sc);
}

/* Frees the scratch lists: see planner-internal.h. */
void
planner_scratch_release(struct path_context *ctx)
{
	free(ctx->scratch.stack);
	free(ctx->scratch.list);
	memset(&ctx->scratch, 0, sizeof ctx->scratch);
}

/* Installs a trace: see planner.h. */
void
path_context_set_trace(struct path_context *ctx, path_trace_fn fn, void *arg)
{
	int	k;

	ctx->trace = fn;
	ctx->trace_ctx = arg;
	if (ctx->astar != NULL)
		path_astar_set_trace(ctx->astar, fn, arg);
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_trace != NULL)
			planner_kinds[k]->context_trace(ctx);
	}
}

/* Takes the searches' memory up front: see planner.h. */
void
path_context_reserve(struct path_context *ctx)
{
	int	k;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (planner_kinds[k]->context_reserve != NULL)
			planner_kinds[k]->context_reserve(ctx);
	}
}

/* Lets a context use another's searches: see planner.h. */
int
path_context_share(struct path_context *ctx, struct path_context *with)
{
	if (with == ctx || (with != NULL && (with->share != NULL ||
	    with->grid->width != ctx->grid->width ||
	    with->grid->height != ctx->grid->height ||
	    memcmp(&with->rules, &ctx->rules, sizeof ctx->rules) != 0))) {
		x_report(X_ERROR_MISUSE, "path_context_share: only with another "
		    "context, on a grid of the same size and rules, that "
		    "shares with none");
		return (-1);
	}
	ctx->share = with;
	ctx->share_same = -1;
	return (0);
}

/* Creates a planner: see planner.h. */
struct path_planner *
path_planner_new(enum path_planner_kind kind, struct path_context *ctx)
{
	struct path_planner	*p;

	if ((unsigned)kind >= PATH_PLANNER_KINDS) {
		x_report(X_ERROR_MISUSE, "path_planner_new: no planner kind %d",
		    (int)kind);
		return (NULL);
	}
	if (kind != PATH_PLANNER_ASTAR &&
	    grid_callback_check("path_planner_new", ctx->grid) != 0)
		return (NULL);
	p = xcalloc(1, sizeof *p);
	p->ops = planner_kinds[kind];
	p->kind = kind;
	p->ctx = ctx;
	p->hx = p->hy = p->tx = p->ty = -1;
	p->cost = PATH_COST_NONE;
	p->status = PATH_PLAN_NONE;
	p->ops->init(p);
	return (p);
}

void
path_planner_free(struct path_planner *p)
{
	if (p == NULL)
		return;
	p->ops->free(p);
	free(p->changes);
	free(p->path);
	free(p);
}

void
path_planner_set_hunter(struct path_planner *p, int x, int y)
{
	p->hx = x;
	p->hy = y;
}

void
path_planner_set_target(struct path_planner *p, int x, int y)
{
	p->tx = x;
	p->ty = y;
}

/* Appends a change to the planner's list (a path_change_fn). */
static void
planner_collect(void *ctx, const struct path_change *c)
{
	struct path_planner	*p = ctx;

	if (p->nchanges == p->changes_cap) {
		p->changes_cap = p->changes_cap ? p->changes_cap * 2 : 64;
		p->changes = xreallocarray(p->changes, p->changes_cap,
		    sizeof *p->changes);
	}
	p->changes[p->nchanges++] = *c;
}

/* Catches up and plans: see planner.h. */
enum path_plan_status
path_planner_plan(struct path_planner *p, unsigned long budget,
    struct path_plan_stats *stats)
{
	struct path_plan_stats	 local;
	struct path_plan_stats	*st = stats != NULL ? stats : &local;
	struct plan_input	 in;
	const struct path_grid	*grid = p->ctx->grid;

	memset(st, 0, sizeof *st);
	memset(&in, 0, sizeof in);
	p->nchanges = 0;
	if (p->planned && path_grid_changes_since(grid, p->version,
	    planner_collect, p) < 0) {
		in.reset = 1;
		p->nchanges = 0;
		st->from_scratch = 1;
	}
	p->version = path_grid_version(grid);
	in.changes = p->changes;
	in.nchanges = p->nchanges;
	in.budget = budget;
	in.moved_hunter = p->planned &&
	    (p->hx != p->last_hx || p->hy != p->last_hy);
	in.moved_target = p->planned &&
	    (p->tx != p->last_tx || p->ty != p->last_ty);

	p->status = p->ops->plan(p, &in, st);
	/* A call that had to search replanned; any other hit its cache. */
	if (st->expansions > 0)
		st->replanned = 1;
	st->cache_hit = !st->replanned;
	if (p->status != PATH_PLAN_FOUND)
		p->cost = PATH_COST_NONE;
	p->planned = 1;
	p->last_hx = p->hx;
	p->last_hy = p->hy;
	p->last_tx = p->tx;
	p->last_ty = p->ty;
	return (p->status);
}

/* The next step: see planner.h. */
int
path_planner_next(const struct path_planner *p, int *x, int *y)
{
	if (p->status == PATH_PLAN_NONE || p->npath < 2)
		return (-1);
	*x = p->path[1].x;
	*y = p->path[1].y;
	return (0);
}

/* Copies the path: see planner.h. */
size_t
path_planner_path(const struct path_planner *p, struct path_point *out,
    size_t max)
{
	size_t	n = p->status == PATH_PLAN_NONE ? 0 : p->npath;

	if (n > 0 && p->lazy != NULL &&
	    path_field_generation(p->lazy) == p->lazy_gen)
		return (path_field_path(p->lazy, p->path[0].x, p->path[0].y,
		    out, max));
	if (out != NULL && n > 0 && max > 0)
		memcpy(out, p->path, (n < max ? n : max) * sizeof *out);
	return (n);
}

path_cost
path_planner_cost(const struct path_planner *p)
{
	return (p->status == PATH_PLAN_FOUND ? p->cost : PATH_COST_NONE);
}

size_t
path_planner_memory(const struct path_planner *p)
{
	return (sizeof *p + p->path_cap * sizeof *p->path +
	    p->changes_cap * sizeof *p->changes + p->ops->memory(p));
}

/* Writes a planner: see saves.h. */
void
path_planner_save(const struct path_planner *p, struct ser *s)
{
	struct path_point	*path;
	size_t			 i, n;

	ser_u8(s, (uint8_t)p->kind);
	ser_i64(s, p->hx);
	ser_i64(s, p->hy);
	ser_i64(s, p->tx);
	ser_i64(s, p->ty);
	ser_i64(s, p->last_hx);
	ser_i64(s, p->last_hy);
	ser_i64(s, p->last_tx);
	ser_i64(s, p->last_ty);
	ser_u8(s, (uint8_t)p->planned);
	ser_u64(s, p->version);
	ser_u8(s, (uint8_t)p->status);
	ser_i64(s, p->cost);
	/* A lazy path is written whole, as path_planner_path gives it. */
	n = p->status == PATH_PLAN_NONE ? p->npath : path_planner_path(p,
	    NULL, 0);
	path = n > p->npath ? xreallocarray(NULL, n, sizeof *path) : p->path;
	if (path != p->path)
		path_planner_path(p, path, n);
	ser_u32(s, (uint32_t)n);
	for (i = 0; i < n; i++) {
		ser_u32(s, (uint32_t)path[i].x);
		ser_u32(s, (uint32_t)path[i].y);
	}
	if (path != p->path)
		free(path);
	p->ops->save(p, s);
}

/* Reads a position that may lie anywhere, even off the grid. */
static int
planner_load_coord(struct deser *d)
{
	return ((int)deser_range(d, -(1 << 20), 1 << 20, "a bad position"));
}

/* Reads a planner: see saves.h. */
int
path_planner_load(struct path_planner *p, struct deser *d)
{
	const struct path_grid	*g = p->ctx->grid;
	uint32_t		 n, i;

	if (deser_u8(d) != (uint8_t)p->kind) {
		deser_fail(d, "a planner of another kind");
		return (-1);
	}
	p->hx = planner_load_coord(d);
	p->hy = planner_load_coord(d);
	p->tx = planner_load_coord(d);
	p->ty = planner_load_coord(d);
	p->last_hx = planner_load_coord(d);
	p->last_hy = planner_load_coord(d);
	p->last_tx = planner_load_coord(d);
	p->last_ty = planner_load_coord(d);
	p->planned = deser_u8(d) != 0;
	p->version = deser_u64(d);
	if (d->error == NULL && p->version > g->version)
		deser_fail(d, "a planner has seen a grid from the future");
	p->status = (enum path_plan_status)deser_u8(d);
	if (d->error == NULL && (unsigned)p->status > PATH_PLAN_NONE)
		deser_fail(d, "a bad status");
	p->cost = deser_range(d, 0, PATH_COST_NONE, "a bad cost");
	n = deser_count(d, PATH_GRID_MAX_CELLS, 8);
	planner_path_clear(p);
	for (i = 0; i < n && d->error == NULL; i++) {
		int	x = (int)deser_below(d, (uint32_t)g->width,
			    "a path point is outside the grid");
		int	y = (int)deser_below(d, (uint32_t)g->height,
			    "a path point is outside the grid");

		planner_path_push(p, x, y);
	}
	if (d->error != NULL || p->ops->load(p, d) != 0) {
		deser_fail(d, "a planner's state is inconsistent");
		planner_path_clear(p);
		p->planned = 0;
		p->status = PATH_PLAN_NONE;
		return (-1);
	}
	return (0);
}

enum path_planner_kind
path_planner_kind(const struct path_planner *p)
{
	return (p->kind);
}

const char *
path_planner_name(enum path_planner_kind kind)
{
	if ((unsigned)kind >= PATH_PLANNER_KINDS)
		return ("?");
	return (planner_kinds[kind]->name);
}

/* Parses a planner name; returns 0, or -1 if unknown. */
int
path_planner_parse(const char *name, enum path_planner_kind *out)
{
	int	k;

	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (strcmp(planner_kinds[k]->name, name) == 0) {
			*out = (enum path_planner_kind)k;
			return (0);
		}
	}
	return (-1);
}

void
planner_path_clear(struct path_planner *p)
{
	p->npath = 0;
	p->lazy = NULL;
}

void
planner_path_push(struct path_planner *p, int x, int y)
{
	if (p->npath == p->path_cap) {
		p->path_cap = p->path_cap ? p->path_cap * 2 : 64;
		p->path = xreallocarray(p->path, p->path_cap, sizeof *p->path);
	}
	p->path[p->npath].x = x;
	p->path[p->npath].y = y;
	p->npath++;
}

/* Room for a path of n points: see planner-internal.h. */
void
planner_path_room(struct path_planner *p, size_t n)
{
	if (p->path_cap < n) {
		p->path_cap = n;
		p->path = xreallocarray(p->path, n, sizeof *p->path);
	}
}

void
planner_path_reverse(struct path_planner *p)
{
	struct path_point	t;
	size_t			i, j;

	for (i = 0, j = p->npath; i + 1 < j; i++, j--) {
		t = p->path[i];
		p->path[i] = p->path[j - 1];
		p->path[j - 1] = t;
	}
}

int
planner_open(const struct path_planner *p, int x, int y)
{
	return (path_grid_get(p->ctx->grid, x, y) != 0);
}

/* Cost of a single step: see planner-internal.h. */
path_cost
planner_step(const struct path_planner *p, int ax, int ay, int bx, int by)
{
	return (grid_step(p->ctx->grid, p->ctx->rules, ax, ay, bx, by));
}

/* The greedy fallback step: see planner-internal.h. */
void
planner_greedy_step(struct path_planner *p)
{
	const struct path_grid	*grid = p->ctx->grid;
	const struct path_rules	 r = p->ctx->rules;
	struct grid_move	 mv[8];
	path_cost		 best, h;
	int			 i, k, bx = p->hx, by = p->hy;

	planner_path_clear(p);
	planner_path_push(p, p->hx, p->hy);
	if (!planner_open(p, p->hx, p->hy))
		return;
	best = grid_heuristic(r.heuristic, p->hx, p->hy, p->tx, p->ty);
	k = grid_moves(grid, r.diagonal, grid_diag_base(r.movement),
	    grid_index(grid, p->hx, p->hy), mv);
	for (i = 0; i < k; i++) {
		h = grid_heuristic(r.heuristic, p->hx + mv[i].dx,
		    p->hy + mv[i].dy, p->tx, p->ty);
		if (h < best) {
			best = h;
			bx = p->hx + mv[i].dx;
			by = p->hy + mv[i].dy;
		}
	}
	if (bx != p->hx || by != p->hy)
		planner_path_push(p, bx, by);
}
