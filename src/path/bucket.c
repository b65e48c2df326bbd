/*
 * bucket.c: the out-of-line part of the bucket queue (see bucket.h):
 * sizing, growing, clearing and freeing its ring of stacks.
 */
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "xmalloc.h"

/* Makes an empty queue; the first bucket_clear() sizes its ring. */
void
bucket_init(struct bucket_queue *q)
{
	memset(q, 0, sizeof *q);
}

/* Frees the ring and every bucket's stack. */
void
bucket_free(struct bucket_queue *q)
{
	uint32_t	i;

	if (q->ring != NULL) {
		for (i = 0; i <= q->mask; i++)
			free(q->ring[i].e);
		free(q->ring);
	}
	memset(q, 0, sizeof *q);
}

/* Empties the queue for a new search: see bucket.h. */
void
bucket_clear(struct bucket_queue *q, unsigned max_cost)
{
	uint32_t	size = 4, i;

	while (size <= bucket_span(max_cost) + 1)
		size *= 2;
	if (q->ring == NULL || size != q->mask + 1) {
		bucket_free(q);
		q->ring = xcalloc(size, sizeof *q->ring);
		q->mask = size - 1;
	} else if (q->count != 0) {
		for (i = 0; i <= q->mask; i++)
			q->ring[i].n = 0;
	}
	q->count = 0;
	q->cur = 0;
}

/* Bytes held: the ring and every stack's capacity. */
size_t
bucket_memory(const struct bucket_queue *q)
{
	size_t		n = sizeof *q;
	uint32_t	i;

	if (q->ring == NULL)
		return (n);
	for (i = 0; i <= q->mask; i++)
		n += sizeof q->ring[i] + q->ring[i].cap * sizeof *q->ring[i].e;
	return (n);
}

/* Doubles a bucket's stack. */
void
bucket_grow(struct bucket *b)
{
	b->cap = b->cap ? b->cap * 2 : 16;
	b->e = xreallocarray(b->e, b->cap, sizeof *b->e);
}
