/*
 * pagepool.c: the context's pool of cell pages.
 *
 * A bitmap per slab says which pages are lent and a count per slab how
 * many; `first' is a slab below which none has a free page, so lending
 * the lowest free number is a short scan.  A slab whose last page comes
 * back is freed unless it is the only wholly free one, so a planner that
 * grows and shrinks around a slab boundary does not make the pool
 * allocate and free a slab every call.
 */
#include <stdlib.h>
#include <string.h>

#include "pagepool.h"
#include "xmalloc.h"

struct page_pool *
page_pool_new(void)
{
	return (xcalloc(1, sizeof (struct page_pool)));
}

void
page_pool_free(struct page_pool *pp)
{
	uint32_t	i;

	if (pp == NULL)
		return;
	for (i = 0; i < pp->nslabs; i++)
		free(pp->slab[i]);
	free(pp->slab);
	free(pp->page);
	free(pp->used);
	free(pp->nused);
	free(pp);
}

/* Bytes beyond the lent pages: see pagepool.h. */
size_t
page_pool_memory(const struct page_pool *pp)
{
	size_t	n = sizeof *pp + (size_t)pp->nslabs * (sizeof *pp->slab +
	    sizeof *pp->nused + PAGE_SLAB_WORDS * sizeof *pp->used + PAGE_SLAB *
	    sizeof *pp->page) + sizeof *pp->page;

	return (n + ((size_t)pp->allocated * PAGE_SLAB - pp->lent) *
	    sizeof (struct cell_page));
}

/* Lends the lowest free page number: see pagepool.h. */
uint32_t
page_pool_take(struct page_pool *pp)
{
	uint32_t	s, b, i, w;

	for (s = pp->first; s < pp->nslabs; s++)
		if (pp->nused[s] < PAGE_SLAB)
			break;
	if (s == pp->nslabs) {
		pp->nslabs++;
		pp->slab = xreallocarray(pp->slab, pp->nslabs,
		    sizeof *pp->slab);
		pp->used = xreallocarray(pp->used, (size_t)pp->nslabs *
		    PAGE_SLAB_WORDS, sizeof *pp->used);
		pp->nused = xreallocarray(pp->nused, pp->nslabs,
		    sizeof *pp->nused);
		pp->page = xreallocarray(pp->page, (size_t)pp->nslabs *
		    PAGE_SLAB + 1, sizeof *pp->page);
		pp->slab[s] = NULL;
		for (w = 0; w < PAGE_SLAB_WORDS; w++)
			pp->used[s * PAGE_SLAB_WORDS + w] = 0;
		pp->nused[s] = 0;
	}
	if (pp->slab[s] == NULL) {
		pp->slab[s] = xaligned_alloc(_Alignof(struct cell_page),
		    PAGE_SLAB * sizeof (struct cell_page));
		for (i = 0; i < PAGE_SLAB; i++)
			pp->page[(s << PAGE_SLAB_SHIFT) + i + 1] =
			    &pp->slab[s][i];
		pp->allocated++;
	}
	pp->first = s;
	for (w = s * PAGE_SLAB_WORDS; pp->used[w] == UINT64_MAX; w++)
		;
	b = (uint32_t)__builtin_ctzll(~pp->used[w]);
	pp->used[w] |= UINT64_C(1) << b;
	b += (w - s * PAGE_SLAB_WORDS) * 64;
	pp->nused[s]++;
	pp->lent++;
	return ((s << PAGE_SLAB_SHIFT) + b + 1);
}

/* Takes a page back: see pagepool.h. */
void
page_pool_give(struct page_pool *pp, uint32_t n)
{
	uint32_t	s = (n - 1) >> PAGE_SLAB_SHIFT, b = (n - 1) &
			    (PAGE_SLAB - 1), i, spare = 0;

	if (n == PAGE_NONE || s >= pp->nslabs ||
	    !(pp->used[s * PAGE_SLAB_WORDS + b / 64] >> (b % 64) & 1))
		xfatal("page pool: page %u is not lent", (unsigned)n);
	pp->used[s * PAGE_SLAB_WORDS + b / 64] &= ~(UINT64_C(1) << (b % 64));
	pp->nused[s]--;
	pp->lent--;
	if (s < pp->first)
		pp->first = s;
	if (pp->nused[s] != 0)
		return;
	/* Keep one wholly free slab; free any other. */
	for (i = 0; i < pp->nslabs; i++)
		if (i != s && pp->slab[i] != NULL && pp->nused[i] == 0)
			spare++;
	if (spare == 0)
		return;
	free(pp->slab[s]);
	pp->slab[s] = NULL;
	pp->allocated--;
}
