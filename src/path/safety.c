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

/* A cell and its start, in the order of their buckets. */
struct safety_start {
	uint64_t	key;
	uint32_t	cell;	/* y * width + x */
};

/*
 * Sorts the n starts of in into out by bucket (bucket_of(key)), cells of
 * a bucket in the order they come, in time linear in n and the buckets.
 */
static void
safety_sort(const struct safety_start *in, size_t n, struct safety_start *out)
{
	size_t		*at, i, b, buckets = 0, sum = 0, c;

	for (i = 0; i < n; i++)
		if ((b = (size_t)bucket_of((path_cost)in[i].key)) + 1 > buckets)
			buckets = b + 1;
	at = xcalloc(buckets ? buckets : 1, sizeof *at);
	for (i = 0; i < n; i++)
		at[bucket_of((path_cost)in[i].key)]++;
	for (b = 0; b < buckets; b++) {
		c = at[b];
		at[b] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		out[at[bucket_of((path_cost)in[i].key)]++] = in[i];
	free(at);
}

/*
 * The first pass: fills out with v0 for every open cell (PATH_COST_NONE
 * for blocked ones) and returns the largest d, or PATH_COST_NONE.
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
			d = path_field_get(f, x, y);
			if (d != PATH_COST_NONE && d > far)
				far = d;
		}
	}
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			d = path_field_get(f, x, y);
			if (g->cells[grid_index(g, x, y)] == 0)
				out[y * g->width + x] = PATH_COST_NONE;
			else if (d == PATH_COST_NONE)
				out[y * g->width + x] = -(6 * (far < 0 ? 0 :
				    far)) / 5 - PATH_SAFETY_UNREACHED;
			else
				out[y * g->width + x] = -(6 * d) / 5;
		}
	}
	path_field_free(f);
	return (far < 0 ? PATH_COST_NONE : far);
}

/* The safety map: see safety.h and the top of the file. */
path_cost
path_safety_compute(const struct path_grid *g, struct path_rules rules,
    int px, int py, path_cost *out, struct path_stats *stats)
{
	struct bucket_queue	 q;
	struct bucket_entry	 e;
	struct grid_move	 mv[8];
	struct safety_start	*start, *sorted;
	struct path_stats	 local;
	uint64_t		*val, shift, nd, vc;
	uint8_t			*done;
	size_t			 cells = (size_t)g->width * g->height;
	size_t			 n = 0, next = 0, i;
	path_cost		 far, low = 0;
	int			 k, moves, x, y;
	uint32_t		 c;
	unsigned		 cost;

	if (stats == NULL) {
		memset(&local, 0, sizeof local);
		stats = &local;
	}
	rules = path_rules_normalize(rules);
	far = safety_first(g, rules, px, py, out, stats);
	for (i = 0; i < cells; i++)
		if (out[i] != PATH_COST_NONE && out[i] < low)
			low = out[i];
	shift = (uint64_t)-low;
	val = xreallocarray(NULL, cells ? cells : 1, sizeof *val);
	done = xcalloc(cells ? cells : 1, 1);
	start = xreallocarray(NULL, cells ? cells : 1, sizeof *start);
	for (i = 0; i < cells; i++) {
		val[i] = UINT64_MAX;
		if (out[i] == PATH_COST_NONE)
			continue;
		val[i] = (uint64_t)(out[i] - low);
		start[n].key = val[i];
		start[n].cell = (uint32_t)i;
		n++;
	}
	sorted = xreallocarray(NULL, n ? n : 1, sizeof *sorted);
	safety_sort(start, n, sorted);
	free(start);
	start = sorted;
	bucket_init(&q);
	bucket_clear(&q, g->max_cost);
	while (next < n || q.count > 0) {
		/* The lowest bucket holding a queued cell or a start. */
		if (q.count == 0)
			q.cur = bucket_of((path_cost)start[next].key);
		else
			while (q.ring[q.cur & q.mask].n == 0 && (next == n ||
			    bucket_of((path_cost)start[next].key) > q.cur))
				q.cur++;
		for (; next < n && bucket_of((path_cost)start[next].key) ==
		    q.cur; next++) {
			c = start[next].cell;
			if (val[c] == start[next].key)
				bucket_push(&q, q.cur, grid_index(g, (int)(c %
				    (uint32_t)g->width), (int)(c / (uint32_t)
				    g->width)), (int)(c % (uint32_t)g->width),
				    (int)(c / (uint32_t)g->width));
		}
		while (bucket_current_left(&q)) {
			e = bucket_take(&q);
			c = (uint32_t)e.y * (uint32_t)g->width + (uint32_t)e.x;
			if (done[c])
				continue;
			done[c] = 1;
			stats->expansions++;
			vc = val[c];
			/* Who steps into c pays c's cost, on top of c's value. */
			cost = g->cells[e.id];
			moves = grid_moves(g, rules.diagonal,
			    grid_diag_base(rules.movement), e.id, mv);
			for (k = 0; k < moves; k++) {
				x = e.x + mv[k].dx;
				y = e.y + mv[k].dy;
				i = (size_t)y * (size_t)g->width + (size_t)x;
				nd = vc + (uint64_t)mv[k].base * cost;
				if (done[i] || nd >= val[i])
					continue;
				val[i] = nd;
				bucket_push(&q, bucket_of((path_cost)nd),
				    mv[k].id, x, y);
				stats->pushes++;
			}
		}
	}
	for (i = 0; i < cells; i++)
		if (out[i] != PATH_COST_NONE)
			out[i] = (path_cost)(val[i] - shift);
	bucket_free(&q);
	free(start);
	free(done);
	free(val);
	return (far);
}
