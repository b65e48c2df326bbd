/*
 * plan-cached.c: the cached planner, A* once and then the cached path.
 *
 * The path is searched for once and walked until something gives a
 * reason to search again:
 *
 *   - the hunter is not where the path expects it (it left the path);
 *   - a change touches the rest of the path: a cell on it, or a corner a
 *     diagonal step of it squeezes past, became blocked or dearer (the
 *     rest of the path is re-costed and checked step by step);
 *   - a cell near the path (two cells at most) became open or cheaper and
 *     a route through it could be cheaper, as far as the heuristic can
 *     tell: h(hunter, cell) + h(cell, target) < what is left of the path;
 *   - the target leaves the end of the path.  A target that steps onto
 *     the path cuts it short, and one that steps next to its end extends
 *     it by that step, a few times before a fresh search.
 *
 * So the path is always legal, but not always cheapest: the chase
 * benchmark measures by how much.  Searches go through an astar planner
 * of its own, so they share the context's A* workspace and honour a
 * budget the same way (a search cut short by its budget gives a partial
 * path and fills no cache); the planner itself holds only its path.
 */
#include <stdlib.h>
#include <string.h>

#include "planner-internal.h"
#include "xmalloc.h"

#define CACHED_NEAR	2	/* how near a cheaper cell must be */

struct cached_state {
	struct path_point	*pts;	/* the cached path, hunter first */
	path_cost		*cum;	/* cost from pts[0] to pts[i] */
	size_t			 n;
	size_t			 cap;
	size_t			 idx;	/* where the hunter is on it */
	size_t			 extended;	/* steps added at the end */
	int			 valid;
	struct path_planner	*search;	/* an astar planner */
};

static void
cached_init(struct path_planner *p)
{
	struct cached_state	*s = xcalloc(1, sizeof *s);

	s->search = path_planner_new(PATH_PLANNER_ASTAR, p->ctx);
	p->state = s;
}

static void
cached_free(struct path_planner *p)
{
	struct cached_state	*s = p->state;

	path_planner_free(s->search);
	free(s->pts);
	free(s->cum);
	free(s);
}

static size_t
cached_memory(const struct path_planner *p)
{
	const struct cached_state	*s = p->state;

	return (sizeof *s + s->cap * (sizeof *s->pts + sizeof *s->cum) +
	    path_planner_memory(s->search));
}

static void
cached_grow(struct cached_state *s, size_t n)
{
	if (n <= s->cap)
		return;
	s->cap = n + n / 2 + 16;
	s->pts = xreallocarray(s->pts, s->cap, sizeof *s->pts);
	s->cum = xreallocarray(s->cum, s->cap, sizeof *s->cum);
}

/*
 * Searches afresh; returns the search's status.  A complete path becomes
 * the cache; a partial one is copied to the planner's path only.
 */
static enum path_plan_status
cached_search(struct path_planner *p, unsigned long budget,
    struct path_plan_stats *st)
{
	struct cached_state	*s = p->state;
	struct path_plan_stats	 ss;
	enum path_plan_status	 status;
	size_t			 i;

	path_planner_set_hunter(s->search, p->hx, p->hy);
	path_planner_set_target(s->search, p->tx, p->ty);
	status = path_planner_plan(s->search, budget, &ss);
	st->expansions += ss.expansions;
	st->touched += ss.touched;
	st->replanned = 1;
	st->restarted |= ss.restarted;
	s->valid = 0;
	if (status == PATH_PLAN_PARTIAL) {
		/* A partial path is followed, never cached. */
		struct path_point	*part;
		size_t			 n = path_planner_path(s->search, NULL, 0);

		part = xreallocarray(NULL, n ? n : 1, sizeof *part);
		path_planner_path(s->search, part, n);
		for (i = 0; i < n; i++)
			planner_path_push(p, part[i].x, part[i].y);
		free(part);
	}
	if (status != PATH_PLAN_FOUND)
		return (status);
	s->n = path_planner_path(s->search, NULL, 0);
	cached_grow(s, s->n);
	path_planner_path(s->search, s->pts, s->n);
	s->cum[0] = 0;
	for (i = 1; i < s->n; i++)
		s->cum[i] = s->cum[i - 1] + planner_step(p, s->pts[i - 1].x,
		    s->pts[i - 1].y, s->pts[i].x, s->pts[i].y);
	s->idx = 0;
	s->extended = 0;
	s->valid = 1;
	return (PATH_PLAN_FOUND);
}

/*
 * Re-costs the rest of the path on the grid as it is now.  Returns -1 if
 * a step is no longer legal or the rest got dearer, else 0 (a cheaper
 * rest is simply taken).
 */
static int
cached_recost(struct path_planner *p)
{
	struct cached_state	*s = p->state;
	path_cost		 old = s->cum[s->n - 1], c;
	size_t			 i;

	for (i = s->idx + 1; i < s->n; i++) {
		c = planner_step(p, s->pts[i - 1].x, s->pts[i - 1].y,
		    s->pts[i].x, s->pts[i].y);
		if (c == PATH_COST_NONE)
			return (-1);
		s->cum[i] = s->cum[i - 1] + c;
	}
	return (s->cum[s->n - 1] > old ? -1 : 0);
}

/* Whether a change calls for a fresh search (see the top of the file). */
static int
cached_stale(struct path_planner *p, const struct path_change *c)
{
	struct cached_state	*s = p->state;
	const struct path_rules	 r = p->ctx->rules;
	path_cost		 lb, left;
	size_t			 i;
	int			 d, near = 0, touches = 0;

	for (i = s->idx; i < s->n; i++) {
		d = abs(s->pts[i].x - c->x);
		if (abs(s->pts[i].y - c->y) > d)
			d = abs(s->pts[i].y - c->y);
		if (d <= 1)
			touches = 1;
		if (d <= CACHED_NEAR)
			near = 1;
	}
	if (touches && cached_recost(p) != 0)
		return (1);
	if (near && c->new_cost != 0 &&
	    (c->old_cost == 0 || c->new_cost < c->old_cost)) {
		lb = grid_heuristic(r.heuristic, p->hx, p->hy, c->x, c->y) +
		    grid_heuristic(r.heuristic, c->x, c->y, p->tx, p->ty);
		left = s->cum[s->n - 1] - s->cum[s->idx];
		if (lb < left)
			return (1);
	}
	return (0);
}

/* Follows the target: 0 if the cached path still ends on it, -1 if not. */
static int
cached_follow_target(struct path_planner *p)
{
	struct cached_state	*s = p->state;
	path_cost		 c;
	size_t			 i;

	if (s->pts[s->n - 1].x == p->tx && s->pts[s->n - 1].y == p->ty)
		return (0);
	for (i = s->idx; i < s->n; i++) {
		if (s->pts[i].x == p->tx && s->pts[i].y == p->ty) {
			s->n = i + 1;		/* it stepped onto the path */
			return (0);
		}
	}
	c = planner_step(p, s->pts[s->n - 1].x, s->pts[s->n - 1].y, p->tx,
	    p->ty);
	if (c == PATH_COST_NONE || s->extended >= 4 + s->n / 4)
		return (-1);
	cached_grow(s, s->n + 1);
	s->pts[s->n].x = p->tx;
	s->pts[s->n].y = p->ty;
	s->cum[s->n] = s->cum[s->n - 1] + c;
	s->n++;
	s->extended++;
	return (0);
}

/* Plans from the cache when it can: see the top of the file. */
static enum path_plan_status
cached_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct cached_state	*s = p->state;
	enum path_plan_status	 status;
	size_t			 i, stop;
	int			 fresh = !s->valid || in->reset;

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty)) {
		s->valid = 0;
		return (PATH_PLAN_NONE);
	}
	if (!fresh) {
		stop = s->idx + 4 < s->n ? s->idx + 4 : s->n;
		for (i = s->idx; i < stop; i++) {
			if (s->pts[i].x == p->hx && s->pts[i].y == p->hy)
				break;
		}
		if (i == stop)
			fresh = 1;	/* the hunter left the path */
		else
			s->idx = i;
	}
	if (!fresh && cached_follow_target(p) != 0)
		fresh = 1;
	for (i = 0; !fresh && i < in->nchanges; i++)
		fresh = cached_stale(p, &in->changes[i]);
	if (fresh && (status = cached_search(p, in->budget, st)) !=
	    PATH_PLAN_FOUND)
		return (status);
	for (i = s->idx; i < s->n; i++)
		planner_path_push(p, s->pts[i].x, s->pts[i].y);
	p->cost = s->cum[s->n - 1] - s->cum[s->idx];
	return (PATH_PLAN_FOUND);
}

/* Writes the cached path and the inner search for a save. */
static void
cached_save(const struct path_planner *p, struct ser *s)
{
	const struct cached_state	*st = p->state;
	size_t				 i;

	ser_u8(s, (uint8_t)st->valid);
	ser_u32(s, st->valid ? (uint32_t)st->n : 0);
	for (i = 0; st->valid && i < st->n; i++) {
		ser_u32(s, (uint32_t)st->pts[i].x);
		ser_u32(s, (uint32_t)st->pts[i].y);
		ser_i64(s, st->cum[i]);
	}
	ser_u32(s, (uint32_t)st->idx);
	ser_u32(s, (uint32_t)st->extended);
	path_planner_save(st->search, s);
}

/*
 * Checks a loaded cache against the grid as the planner last saw it:
 * every step from the hunter's place on legal, each running cost the one
 * before plus the step's (the planner keeps them so, cached_recost; the
 * steps behind the hunter are never read again).  Returns 0, or -1.
 * When the grid's log no longer reaches the planner's version, its next
 * plan starts afresh and reads none of the cache.
 */
static int
cached_check_steps(const struct path_planner *p)
{
	const struct cached_state	*st = p->state;
	struct path_grid		*past;
	path_cost			 c;
	size_t				 i;
	int				 rc = 0;

	if ((past = grid_as_of(p->ctx->grid, p->version)) == NULL)
		return (0);
	for (i = st->idx + 1; i < st->n && rc == 0; i++) {
		c = grid_step(past, p->ctx->rules, st->pts[i - 1].x,
		    st->pts[i - 1].y, st->pts[i].x, st->pts[i].y);
		if (c == PATH_COST_NONE || st->cum[i] != st->cum[i - 1] + c)
			rc = -1;
	}
	if (path_grid_get(past, st->pts[st->idx].x, st->pts[st->idx].y) == 0)
		rc = -1;
	path_grid_free(past);
	return (rc);
}

/* Reads the cached path back: see cached_save. */
static int
cached_load(struct path_planner *p, struct deser *d)
{
	struct cached_state	*st = p->state;
	const struct path_grid	*g = p->ctx->grid;
	uint32_t		 n, i;

	st->valid = deser_u8(d) != 0;
	n = deser_count(d, PATH_GRID_MAX_CELLS, 16);
	cached_grow(st, n);
	st->n = n;
	for (i = 0; i < n && d->error == NULL; i++) {
		st->pts[i].x = (int)deser_below(d, (uint32_t)g->width,
		    "a cached point is outside the grid");
		st->pts[i].y = (int)deser_below(d, (uint32_t)g->height,
		    "a cached point is outside the grid");
		st->cum[i] = deser_range(d, 0, PATH_GRID_MAX_PATH_COST,
		    "a bad cached cost");
	}
	st->idx = deser_u32(d);
	st->extended = deser_u32(d);
	if (d->error == NULL && st->valid && (n == 0 || st->idx >= n ||
	    !p->planned))
		deser_fail(d, "the cached path is inconsistent");
	if (d->error == NULL && st->valid && cached_check_steps(p) != 0)
		deser_fail(d, "the cached path's steps do not cost what it "
		    "says");
	if (d->error != NULL)
		return (-1);
	return (path_planner_load(st->search, d));
}

const struct planner_ops planner_cached_ops = {
	.name = "cached",
	.init = cached_init,
	.free = cached_free,
	.plan = cached_plan,
	.memory = cached_memory,
	.save = cached_save,
	.load = cached_load,
};
