/*
 * safety.c: Brogue's safety map (safety.h) as two Dijkstra searches on
 * bucket queues, instead of Brogue's sweeps over the grid until nothing
 * changes (which take as many passes as a maze has turns).
 *
 * The first search is a field from the pursuer (field.c).  The second is
 * a search towards every cell at once, each starting at its own value
 * v0: it settles cells in the order of their final values, a cell's
 * value being its own v0 or a neighbour's value plus the step into that
 * neighbour, whichever is less.  Shifted by K (so every start is at
 * least 0), the values fit the bucket queue of field.c, whose argument
 * for exactness carries over unchanged: every step costs at least the
 * bucket width, so the cells of the lowest bucket are final.  What is
 * new is that cells start in every bucket, not just the first: they are
 * sorted by the bucket of their start once (a counting sort: the order
 * within a bucket is free, as the queue's is, since a value is a least
 * sum whatever the order it is found in), and each joins the queue when
 * the queue reaches its bucket, so no push ever lands below the bucket
 * being emptied or beyond the ring's span ahead of it.
 */
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "field.h"
#include "grid-internal.h"
#include "safety.h"
#include "xmalloc.h"

/*
 * The first pass: the pursuer's field (field.c), read into out as d, or
 * PATH_COST_NONE; returns the largest d, or -1 if the pursuer reaches
 * nothing.
 */
static path_cost
safety_first(const struct path_grid *g, struct path_rules rules, int px,
    int py, path_cost *out, struct path_stats *stats)
{
	struct path_field	*f = path_field_new(g->width, g->height);
	path_cost		 d, far = -1;
	int			 x, y;

	path_field_compute(f, g, rules, px, py, PATH_FIELD_FROM_SOURCE, stats);
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			d = g->cells[grid_index(g, x, y)] == 0 ?
			    PATH_COST_NONE : path_field_get(f, x, y);
			out[(size_t)y * (size_t)g->width + (size_t)x] = d;
			if (d != PATH_COST_NONE && d > far)
				far = d;
		}
	}
	path_field_free(f);
	return (far);
}

/* A value of the second search, 32 or 64 bits wide. */
static inline __attribute__((always_inline)) uint64_t
safety_val(const void *val, uint32_t i, const int wide)
{
	if (wide)
		return (((const uint64_t *)val)[i]);
	return (((const uint32_t *)val)[i]);
}

static inline __attribute__((always_inline)) void
safety_set(void *val, uint32_t i, uint64_t v, const int wide)
{
	if (wide)
		((uint64_t *)val)[i] = v;
	else
		((uint32_t *)val)[i] = (uint32_t)v;
}

/*
 * The second search, over the grid's bordered layout (a neighbour is a
 * fixed offset away; border and blocked cells are never stepped on, so
 * their values are never read as a neighbour's), on values shifted to
 * start at 0 and at most shift, 32-bit when shift fits.  order lists
 * the open cells by the bucket of their start, the starts of bucket b
 * at order[first[b]] to order[first[b + 1] - 1].
 *
 * Each cell is queued at most once a bucket, so nothing marks the cells
 * done.  A cell's value only falls; it is queued when its value falls
 * into a bucket it was not already in.  Its start's bucket b is pushed
 * when b comes up, unless by then its value lies in an earlier bucket
 * (then it was queued and expanded there): and no step can have queued
 * it in b before, since that needs a value above b's beforehand, and a
 * value never exceeds its start.  An entry whose cell's value has since
 * fallen below the bucket being emptied is stale, as in field.c.
 */
static inline __attribute__((always_inline)) void
safety_settle(const struct path_grid *g, struct path_rules rules, void *val,
    const uint32_t *order, const size_t *first, uint64_t nbuckets,
    struct path_stats *stats, const int wide)
{
	struct bucket_queue	 q;
	struct bucket_entry	 e;
	const uint8_t		*open = g->open;
	const uint32_t		 s = (uint32_t)g->stride;
	const uint64_t		 diag = (uint64_t)grid_diag_base(
				     rules.movement);
	uint64_t		 cur = 0, sb = 0, lo, vc, nd[2], bk[2], hi[2];
	uint64_t		 expanded = 0, pushes = 0;
	size_t			 i;
	unsigned		 m, c;
	uint32_t		 v;

	bucket_init(&q);
	bucket_clear(&q, g->max_cost);
	while (sb < nbuckets && first[sb] == first[sb + 1])
		sb++;
	for (;;) {
		/* The lowest bucket holding a queued cell or a start. */
		if (q.count == 0) {
			if (sb >= nbuckets)
				break;
			cur = sb;
		} else
			while (q.ring[cur & q.mask].n == 0 && cur < sb)
				cur++;
		q.cur = cur;
		lo = cur * BUCKET_WIDTH;
		if (cur == sb) {
			for (i = first[sb]; i < first[sb + 1]; i++)
				if (safety_val(val, order[i], wide) >= lo)
					bucket_push(&q, cur, order[i], 0, 0);
			do
				sb++;
			while (sb < nbuckets && first[sb] == first[sb + 1]);
		}
		while (bucket_current_left(&q)) {
			e = bucket_take(&q);
			vc = safety_val(val, e.id, wide);
			if (vc < lo)
				continue;	/* stale */
			expanded++;
			/* Who steps into c pays c's cost, on top of c's value. */
			c = g->cells[e.id];
			nd[0] = vc + PATH_COST_ORTHO * (uint64_t)c;
			nd[1] = vc + diag * c;
			bk[0] = bucket_of((path_cost)nd[0]);
			bk[1] = bucket_of((path_cost)nd[1]);
			hi[0] = (bk[0] + 1) * BUCKET_WIDTH;
			hi[1] = (bk[1] + 1) * BUCKET_WIDTH;
			m = grid_step_mask(open, e.id, rules.diagonal);
/* A step of direction (DX,DY), bit BIT of m, diagonal if DG. */
#define SAFETY_STEP(BIT, DX, DY, DG) do {				\
	if (m & (1u << (BIT))) {					\
		uint64_t	old;					\
									\
		v = e.id + (uint32_t)((DY) * (int32_t)s + (DX));	\
		old = safety_val(val, v, wide);				\
		if (nd[DG] < old) {					\
			safety_set(val, v, nd[DG], wide);		\
			if (old >= hi[DG]) {				\
				bucket_push(&q, bk[DG], v, 0, 0);	\
				pushes++;				\
			}						\
		}							\
	}								\
} while (0)
			GRID_EACH_STEP(SAFETY_STEP, m);
#undef SAFETY_STEP
		}
	}
	bucket_free(&q);
	stats->expansions += expanded;
	stats->pushes += pushes;
}

/* The safety map: see safety.h and the top of the file. */
path_cost
path_safety_compute(const struct path_grid *g, struct path_rules rules,
    int px, int py, path_cost *out, struct path_stats *stats)
{
	struct path_stats	 local;
	const size_t		 w = (size_t)g->width;
	const size_t		 cells = w * (size_t)g->height;
	const size_t		 bordered = (size_t)g->stride *
				     (size_t)(g->height + 2);
	void			*val;
	uint32_t		*order;
	size_t			*first, i, n = 0;
	uint64_t		 shift, key, nbuckets;
	path_cost		 far, low = 0, v0;
	int			 x, y, wide;

	if (grid_callback_check("path_safety_compute", g) != 0)
		return (PATH_COST_ERROR);
	if (stats == NULL) {
		memset(&local, 0, sizeof local);
		stats = &local;
	}
	rules = path_rules_normalize(rules);
	far = safety_first(g, rules, px, py, out, stats);
	/* d becomes v0; the lowest v0 is the farthest or an unreached one. */
	for (i = 0; i < cells; i++) {
		if (g->cells[grid_index(g, (int)(i % w), (int)(i / w))] == 0)
			continue;
		n++;
		if (out[i] == PATH_COST_NONE)
			out[i] = -(6 * (far < 0 ? 0 : far)) / 5 -
			    PATH_SAFETY_UNREACHED;
		else
			out[i] = -(6 * out[i]) / 5;
		if (out[i] < low)
			low = out[i];
	}
	/* Values fall from their starts, so none exceeds the shift. */
	shift = (uint64_t)-low;
	wide = shift >= UINT32_MAX;
	nbuckets = bucket_of((path_cost)shift) + 1;
	if (nbuckets > SIZE_MAX / sizeof *first - 1)
		xfatal("a safety map of %llu buckets",
		    (unsigned long long)nbuckets);
	val = xreallocarray(NULL, bordered ? bordered : 1, wide ?
	    sizeof (uint64_t) : sizeof (uint32_t));
	order = xreallocarray(NULL, n ? n : 1, sizeof *order);
	first = xcalloc((size_t)nbuckets + 1, sizeof *first);
	/* The starts by bucket: a counting sort on the bordered layout. */
	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++) {
			if (g->cells[grid_index(g, x, y)] == 0)
				continue;
			v0 = out[(size_t)y * w + (size_t)x];
			first[bucket_of(v0 - low) + 1]++;
		}
	for (key = 0; key < nbuckets; key++)
		first[key + 1] += first[key];
	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++) {
			if (g->cells[grid_index(g, x, y)] == 0)
				continue;
			key = (uint64_t)(out[(size_t)y * w + (size_t)x] - low);
			safety_set(val, grid_index(g, x, y), key, wide);
			order[first[bucket_of((path_cost)key)]++] =
			    grid_index(g, x, y);
		}
	/* The pass above moved each first[b] to where b + 1 begins. */
	memmove(first + 1, first, (size_t)nbuckets * sizeof *first);
	first[0] = 0;
	if (wide)
		safety_settle(g, rules, val, order, first, nbuckets, stats, 1);
	else
		safety_settle(g, rules, val, order, first, nbuckets, stats, 0);
	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++)
			if (g->cells[grid_index(g, x, y)] != 0)
				out[(size_t)y * w + (size_t)x] =
				    (path_cost)(safety_val(val, grid_index(g,
				    x, y), wide) - shift);
	free(first);
	free(order);
	free(val);
	return (far < 0 ? PATH_COST_NONE : far);
}
