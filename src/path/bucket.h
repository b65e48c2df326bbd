/*
 * bucket.h: a bucket queue for Dijkstra's algorithm on fixed-point costs.
 *
 * Dial's idea, widened: bucket i holds the cells whose tentative cost lies
 * in [i * BUCKET_WIDTH, (i + 1) * BUCKET_WIDTH).  With BUCKET_WIDTH no
 * larger than the cheapest step there is (PATH_COST_ORTHO: an orthogonal
 * step into a cell of cost 1; a Chebyshev diagonal costs the same, an
 * octile or Euclidean one more), a step out of bucket i always lands in a
 * later bucket, so the cells of the lowest bucket can be taken in any
 * order: field.c proves why that keeps Dijkstra exact.  A step into a
 * cell of cost c lands at most bucket_span(c) buckets ahead, so a ring of
 * a power of two above that many buckets, indexed by the bucket number
 * modulo the ring, never mixes two live buckets: four buckets for
 * unweighted octile grids, where the same few stacks stay in cache, up
 * to 512 for the dearest cells.  Each bucket is a stack that keeps its
 * capacity between searches, so a search allocates nothing once warm.
 * No decrease-key: a cell whose cost falls into an earlier bucket is
 * pushed again and its old entry is recognised as stale when it comes up.
 * Library-internal.
 */
#ifndef ASTRAY_BUCKET_H
#define ASTRAY_BUCKET_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

#define BUCKET_WIDTH	PATH_COST_ORTHO

/* A queued cell: its bordered grid index and its coordinates. */
struct bucket_entry {
	uint32_t	id;
	uint16_t	x;
	uint16_t	y;
};

struct bucket {
	struct bucket_entry	*e;
	uint32_t		 n;
	uint32_t		 cap;
};

struct bucket_queue {
	struct bucket	*ring;
	uint32_t	 mask;	/* ring size - 1 */
	uint64_t	 cur;	/* lowest bucket that may hold entries */
	size_t		 count;	/* entries in the ring, stale ones too */
};

void	 bucket_init(struct bucket_queue *);
void	 bucket_free(struct bucket_queue *);

/* How many buckets ahead a step into a cell of cost max_cost may land. */
static inline uint32_t
bucket_span(unsigned max_cost)
{
	return ((uint32_t)((PATH_COST_DIAG * (path_cost)(max_cost ? max_cost :
	    1) + BUCKET_WIDTH - 1) / BUCKET_WIDTH));
}

/*
 * Empties the queue (keeping capacity) for a search whose cells cost at
 * most max_cost; the next bucket is number 0.
 */
void	 bucket_clear(struct bucket_queue *, unsigned max_cost);

/* Bytes the queue holds. */
size_t	 bucket_memory(const struct bucket_queue *);

/* Makes room for one more entry in a bucket (out of line: rare). */
void	 bucket_grow(struct bucket *);

/* The bucket number of a cost. */
static inline uint64_t
bucket_of(path_cost c)
{
	return ((uint64_t)c / BUCKET_WIDTH);
}

/*
 * Queues a cell under bucket number index, which must lie in [cur, cur +
 * bucket_span(max_cost)] for the max_cost of the last bucket_clear().
 */
static inline void
bucket_push(struct bucket_queue *q, uint64_t index, uint32_t id, int x, int y)
{
	struct bucket	*b = &q->ring[index & q->mask];

	if (b->n == b->cap)
		bucket_grow(b);
	b->e[b->n].id = id;
	b->e[b->n].x = (uint16_t)x;
	b->e[b->n].y = (uint16_t)y;
	b->n++;
	q->count++;
}

/*
 * bucket_push() for a search that finds a cell by its index alone (a
 * dense field): the entry's coordinates read 0, written with it at once.
 */
static inline void
bucket_push_id(struct bucket_queue *q, uint64_t index, uint32_t id)
{
	struct bucket	*b = &q->ring[index & q->mask];

	if (b->n == b->cap)
		bucket_grow(b);
	b->e[b->n] = (struct bucket_entry){ .id = id };
	b->n++;
	q->count++;
}

/*
 * Moves cur to the lowest bucket holding entries; returns 0 if the queue
 * is empty (cur then stays where it was).
 */
static inline int
bucket_advance(struct bucket_queue *q)
{
	if (q->count == 0)
		return (0);
	while (q->ring[q->cur & q->mask].n == 0)
		q->cur++;
	return (1);
}

/* The bucket of number index. */
static inline struct bucket *
bucket_at(const struct bucket_queue *q, uint64_t index)
{
	return (&q->ring[index & q->mask]);
}

/* Takes an entry of bucket cur, which must hold one. */
static inline struct bucket_entry
bucket_take(struct bucket_queue *q)
{
	struct bucket	*b = &q->ring[q->cur & q->mask];

	q->count--;
	return (b->e[--b->n]);
}

/* The entry bucket_take() would give next; bucket cur must hold one. */
static inline const struct bucket_entry *
bucket_top(const struct bucket_queue *q)
{
	const struct bucket	*b = &q->ring[q->cur & q->mask];

	return (&b->e[b->n - 1]);
}

/* Whether bucket cur still holds entries. */
static inline int
bucket_current_left(const struct bucket_queue *q)
{
	return (q->ring[q->cur & q->mask].n != 0);
}

#endif
