/*
 * heap.h: the binary min-heap with decrease-key that every search uses.
 *
 * An entry carries two keys compared in order (A* uses f then -g, so
 * equal f goes to the larger g; D* Lite uses its two-part key), the id
 * of the node and its coordinates, which ride along in what would
 * otherwise be padding so a search never divides to find a cell's x and
 * y.
 *
 * Two ways to lower a key.  With positions, the heap writes each node's
 * position into the caller's node records (pos_base + id * pos_stride, a
 * uint32_t), which makes decrease-key and removal O(log n); D* Lite needs
 * that.  Without (pos_base NULL), a search pushes the node again and
 * skips stale entries when they surface: lazy deletion, which A* uses
 * because writing positions into a large node array costs a cache miss
 * at every level of every sift.
 *
 * Everything is static inline: the searches are the hot path and the
 * compiler should see through the comparisons.
 */
#ifndef ASTRAY_HEAP_H
#define ASTRAY_HEAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "rules.h"
#include "xmalloc.h"

#define HEAP_NONE	UINT32_MAX	/* position of a node not in a heap */
#define HEAP_CLOSED	(UINT32_MAX - 1)/* position of an expanded node */

struct heap_entry {
	path_cost	k1;
	path_cost	k2;
	uint32_t	id;
	uint16_t	x;
	uint16_t	y;
};

struct heap {
	struct heap_entry	*e;
	size_t			 n;
	size_t			 cap;
	char			*pos_base;	/* where positions are kept */
	size_t			 pos_stride;	/* bytes between them */
};

static inline void
heap_init(struct heap *h, void *pos_base, size_t pos_stride)
{
	h->e = NULL;
	h->n = h->cap = 0;
	h->pos_base = pos_base;
	h->pos_stride = pos_stride;
}

static inline void
heap_free(struct heap *h)
{
	free(h->e);
	h->e = NULL;
	h->n = h->cap = 0;
}

static inline uint32_t *
heap_pos(const struct heap *h, uint32_t id)
{
	return ((uint32_t *)(void *)(h->pos_base + (size_t)id * h->pos_stride));
}

static inline int
heap_less(const struct heap_entry *a, const struct heap_entry *b)
{
	return (a->k1 < b->k1 || (a->k1 == b->k1 && a->k2 < b->k2));
}

static inline void
heap_place(struct heap *h, size_t i, const struct heap_entry *e)
{
	h->e[i] = *e;
	if (h->pos_base != NULL)
		*heap_pos(h, e->id) = (uint32_t)i;
}

/* Moves the entry at i up to where it belongs. */
static inline void
heap_sift_up(struct heap *h, size_t i)
{
	struct heap_entry	e = h->e[i];
	size_t			parent;

	while (i > 0) {
		parent = (i - 1) / 2;
		if (!heap_less(&e, &h->e[parent]))
			break;
		heap_place(h, i, &h->e[parent]);
		i = parent;
	}
	heap_place(h, i, &e);
}

/* Moves the entry at i down to where it belongs. */
static inline void
heap_sift_down(struct heap *h, size_t i)
{
	struct heap_entry	e = h->e[i];
	size_t			child;

	for (;;) {
		child = 2 * i + 1;
		if (child >= h->n)
			break;
		if (child + 1 < h->n && heap_less(&h->e[child + 1],
		    &h->e[child]))
			child++;
		if (!heap_less(&h->e[child], &e))
			break;
		heap_place(h, i, &h->e[child]);
		i = child;
	}
	heap_place(h, i, &e);
}

static inline void
heap_push(struct heap *h, path_cost k1, path_cost k2, uint32_t id,
    int x, int y)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->e = xreallocarray(h->e, h->cap, sizeof *h->e);
	}
	h->e[h->n].k1 = k1;
	h->e[h->n].k2 = k2;
	h->e[h->n].id = id;
	h->e[h->n].x = (uint16_t)x;
	h->e[h->n].y = (uint16_t)y;
	h->n++;
	heap_sift_up(h, h->n - 1);
}

/* Changes the keys of the entry at position i, up or down. */
static inline void
heap_update(struct heap *h, size_t i, path_cost k1, path_cost k2)
{
	struct heap_entry	old = h->e[i];

	h->e[i].k1 = k1;
	h->e[i].k2 = k2;
	if (heap_less(&h->e[i], &old))
		heap_sift_up(h, i);
	else
		heap_sift_down(h, i);
}

/* Removes and returns the smallest entry; the heap must not be empty. */
static inline struct heap_entry
heap_pop(struct heap *h)
{
	struct heap_entry	top = h->e[0];

	if (h->pos_base != NULL)
		*heap_pos(h, top.id) = HEAP_NONE;
	if (--h->n > 0) {
		h->e[0] = h->e[h->n];
		heap_sift_down(h, 0);
	}
	return (top);
}

/* Removes the entry at position i. */
static inline void
heap_remove(struct heap *h, size_t i)
{
	struct heap_entry	gone = h->e[i];

	*heap_pos(h, gone.id) = HEAP_NONE;
	if (i == --h->n)
		return;
	h->e[i] = h->e[h->n];
	if (heap_less(&h->e[i], &gone))
		heap_sift_up(h, i);
	else
		heap_sift_down(h, i);
}

static inline void
heap_clear(struct heap *h)
{
	size_t	i;

	for (i = 0; h->pos_base != NULL && i < h->n; i++)
		*heap_pos(h, h->e[i].id) = HEAP_NONE;
	h->n = 0;
}

/*
 * A 4-ary min-heap of 16-byte entries with a single 64-bit key and no
 * positions, for searches that delete lazily: A* when its heuristic rules
 * out the bucket queue, jump point search, adaptive A*.  Half the depth of a binary heap, and
 * the four children of a node share one 64-byte cache line.  Four
 * sentinel entries with the largest key always follow the last one, so
 * every node has four children to compare and the sift has no branch on
 * how many there are, which mispredicts on small heaps.
 */
struct open_entry {
	uint64_t	key;
	uint32_t	id;
	uint16_t	x;
	uint16_t	y;
};

struct open_list {
	struct open_entry	*e;	/* n entries, then 4 sentinels */
	size_t			 n;
	size_t			 cap;
};

static inline void
open_free(struct open_list *o)
{
	free(o->e);
	o->e = NULL;
	o->n = o->cap = 0;
}

/* Empties a heap, keeping its memory. */
static inline void
open_clear(struct open_list *o)
{
	size_t	i;

	if (o->e == NULL) {
		o->cap = 1024;
		o->e = xreallocarray(NULL, o->cap + 4, sizeof *o->e);
	}
	o->n = 0;
	for (i = 0; i < 4; i++)
		o->e[i].key = UINT64_MAX;
}

/* Adds an entry; the heap must have been cleared once. */
static inline void
open_push(struct open_list *o, uint64_t key, uint32_t id, int x, int y)
{
	struct open_entry	*e;
	size_t			 i, parent;

	if (o->n == o->cap) {
		o->cap *= 2;
		o->e = xreallocarray(o->e, o->cap + 4, sizeof *o->e);
	}
	e = o->e;
	e[o->n + 4].key = UINT64_MAX;
	for (i = o->n++; i > 0; i = parent) {
		parent = (i - 1) / 4;
		if (e[parent].key <= key)
			break;
		e[i] = e[parent];
	}
	e[i].key = key;
	e[i].id = id;
	e[i].x = (uint16_t)x;
	e[i].y = (uint16_t)y;
}

/* Removes and returns the entry with the smallest key; n must be > 0. */
static inline struct open_entry
open_pop(struct open_list *o)
{
	struct open_entry	*e = o->e, top = e[0], last;
	size_t			 i = 0, c, a, b, best, n;

	n = --o->n;
	last = e[n];
	e[n].key = UINT64_MAX;
	for (;;) {
		c = 4 * i + 1;
		if (c >= n)
			break;
		/* Index arithmetic on comparisons: no branches to mispredict. */
		a = c + (e[c + 1].key < e[c].key);
		b = c + 2 + (e[c + 3].key < e[c + 2].key);
		best = a ^ ((a ^ b) & -(size_t)(e[b].key < e[a].key));
		if (last.key <= e[best].key)
			break;
		e[i] = e[best];
		i = best;
	}
	if (n > 0)
		e[i] = last;
	return (top);
}

#endif
