/*
 * bucket.c: the out-of-line part of the bucket queue (see bucket.h):
 * setting up, growing, clearing and freeing its ring of stacks.
 */
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "xmalloc.h"

_Static_assert(BUCKET_RING > BUCKET_SPAN + 1, "the ring must hold a step");
_Static_assert((BUCKET_RING & (BUCKET_RING - 1)) == 0, "a power of two");

/* Makes an empty queue. */
void
bucket_init(struct bucket_queue *q)
{
	memset(q, 0, sizeof *q);
}

/* Frees every bucket's stack. */
void
bucket_free(struct bucket_queue *q)
{
	int	i;

	for (i = 0; i < BUCKET_RING; i++)
		free(q->ring[i].e);
	memset(q, 0, sizeof *q);
}

/* Empties the queue, keeping the stacks for the next search. */
void
bucket_clear(struct bucket_queue *q)
{
	int	i;

	if (q->count != 0) {
		for (i = 0; i < BUCKET_RING; i++)
			q->ring[i].n = 0;
	}
	q->count = 0;
	q->cur = 0;
}

/* Bytes held: the ring and every stack's capacity. */
size_t
bucket_memory(const struct bucket_queue *q)
{
	size_t	n = sizeof *q;
	int	i;

	for (i = 0; i < BUCKET_RING; i++)
		n += q->ring[i].cap * sizeof *q->ring[i].e;
	return (n);
}

/* Doubles a bucket's stack. */
void
bucket_grow(struct bucket *b)
{
	b->cap = b->cap ? b->cap * 2 : 16;
	b->e = xreallocarray(b->e, b->cap, sizeof *b->e);
}
