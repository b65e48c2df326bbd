/*
 * pagepool.h: fixed-size pages of per-cell search state, lent by a
 * context to its planners.
 *
 * An incremental planner keeps state only where its searches went, but
 * finding that state through a hash costs a probe at every neighbour
 * test.  Here the grid is cut into tiles of PAGE_SIDE x PAGE_SIDE cells
 * (of the bordered layout), and a planner holds a page for each tile its
 * searches touched, found through its own page table (one 32-bit page
 * number per tile, 0 for none): a cell's state is two loads away, no
 * probing.  Pages come from a pool that the context owns, so a page one
 * planner gives back is the next page another one takes, and a planner's
 * memory follows the cells it searched, not the map's size.
 *
 * A page number names a page for as long as it is lent: pages live in
 * slabs of PAGE_SLAB pages and never move, and an array of pointers, one
 * per page number, makes finding a page one load.  The pool lends the
 * lowest free number, so lent pages gather in the first slabs, and a
 * slab none of whose pages is lent is freed (one spare is kept against
 * churn): memory goes back to the system when planners shrink.
 *
 * A page holds g and rhs as 16 bits each above a base of its own (see
 * dlite.h; all ones for infinity), four bits per cell for its owner (a
 * parent direction), and a bit per cell for the owner's sweeps (a 64-bit
 * mark word): 4.5 bytes a cell and 32 of header, 320 bytes for a tile
 * of 8 x 8 (a byte of mark and a byte of parent per cell made a sixth of
 * mtdstar's pages on chase-big).  A page whose values do not fit 16 bits
 * holds them out of line (ext, 64-bit, 1 KiB), as every page of a
 * planner whose grid needs more than 32 bits does.  A cell's g and rhs
 * lie side by side and pages are aligned to 64 bytes, the parents, mark
 * and header in the first line and two rows of cells in each of the
 * four others: a record read (an open test, a sweep's key) touches one
 * line of values, and a cell's neighbours on its page two.  Measured
 * (mtdstar's time against A*'s, alternated runs, the same cells
 * expanded): g and rhs as 32-bit arrays (568-byte pages) against the
 * 32-bit pairs side by side (576 bytes): chase-std 1.361 -> 1.266
 * (medians of 5 pairs, a loaded machine), chase-big 0.377 -> 0.368 and
 * 0.392 -> 0.379; cachegrind (chase-std, a 1 MiB last level) 15% fewer
 * last-level and 6% fewer first-level data misses, 0.6% more
 * instructions.  Those pairs (576 bytes) against 16-bit values above a
 * page's base (320 bytes; on chase-std and chase-big 0 and 0.007% of
 * mtdstar's pages held values spanning more than 16 bits): see dlite.h.
 * Tiles of 8 x 8 rather than 16 x 16:
 * a search's frontier leaves pages part empty, and on the chase-big
 * benchmark mtdstar's records fill about 40% of 16 x 16 pages; smaller
 * pages cut its memory by a fifth at about the same speed (4% more
 * instructions, for more neighbours across a page edge), for a page table
 * of one 32-bit word per 64 cells (17 KiB a planner on 512 x 512).
 * Slabs of 512 pages (160 KiB) are large enough that the C library maps
 * them on their own and gives them back to the system when freed.
 * Library-internal.
 */
#ifndef ASTRAY_PAGEPOOL_H
#define ASTRAY_PAGEPOOL_H

#include <stddef.h>
#include <stdint.h>

#ifndef PAGE_SHIFT
#define PAGE_SHIFT	3			/* tiles are 8 x 8 cells */
#endif
#define PAGE_SIDE	(1 << PAGE_SHIFT)
#define PAGE_CELLS	(PAGE_SIDE * PAGE_SIDE)
#define PAGE_SLAB_SHIFT	9			/* 512 pages a slab */
#define PAGE_SLAB	(1u << PAGE_SLAB_SHIFT)
#define PAGE_SLAB_WORDS	(PAGE_SLAB / 64)	/* of the lent bitmap */
#define PAGE_NONE	0			/* page number of no page */

/*
 * A cell's two values, side by side, each the owner's value less the
 * page's base (PAGE_VAL_NONE: infinite).
 */
#define PAGE_VAL_NONE	UINT16_MAX
#define PAGE_BASE_NONE	UINT32_MAX	/* base: nothing stored yet */
struct cell_val {
	uint16_t	g;
	uint16_t	rhs;
};

/* The values of a page that took them out of line (see dlite.h). */
struct cell_wide {
	int64_t		g;
	int64_t		rhs;
};

struct cell_page {
	uint8_t		par[PAGE_CELLS / 2];	/* the owner's, 4 bits a
						   cell: page_par() */
	uint64_t	mark;			/* the owner's, a bit a cell;
						   0 between uses */
	struct cell_wide *ext;			/* the values, or NULL: v */
	uint16_t	bx0, by0;		/* its tile's first cell */
	uint32_t	gen;			/* the owner's generation */
	uint32_t	base;			/* the value of a stored 0 */
	uint32_t	slot;			/* in the owner's page list */
	/* Two lines for 8 rows of 8 cells, the header the line before. */
	_Alignas(64) struct cell_val v[PAGE_CELLS];
};

struct page_pool {
	struct cell_page **page;	/* by page number; [0] unused */
	struct cell_page **slab;	/* nslabs slab pointers, or NULL */
	uint64_t	 *used;		/* PAGE_SLAB bits a slab */
	uint32_t	 *nused;	/* lent pages a slab */
	uint32_t	  nslabs;
	uint32_t	  lent;		/* pages lent now */
	uint32_t	  allocated;	/* slabs allocated now */
	uint32_t	  first;	/* no free page in a lower slab */
};

struct page_pool *page_pool_new(void);
void		  page_pool_free(struct page_pool *);

/*
 * Bytes the pool holds beyond the pages it has lent (slabs' free pages
 * and its own tables); lent pages are their borrowers' to count.
 */
size_t		  page_pool_memory(const struct page_pool *);

/* Lends a page (its contents are the borrower's to set); never fails. */
uint32_t	  page_pool_take(struct page_pool *);

/* Takes a page back; it must be lent. */
void		  page_pool_give(struct page_pool *, uint32_t);

_Static_assert(PAGE_CELLS <= 64, "a page's marks are one 64-bit word");

/* The owner's 4 bits of cell i of a page (i modulo PAGE_CELLS). */
static inline unsigned
page_par(const struct cell_page *pg, uint32_t i)
{
	i &= PAGE_CELLS - 1;
	return ((unsigned)pg->par[i >> 1] >> ((i & 1) << 2) & 0xf);
}

/* Sets the owner's 4 bits of cell i of a page to v (below 16). */
static inline void
page_set_par(struct cell_page *pg, uint32_t i, unsigned v)
{
	uint8_t		*b;
	unsigned	 sh;

	i &= PAGE_CELLS - 1;
	b = &pg->par[i >> 1];
	sh = (i & 1) << 2;
	*b = (uint8_t)((*b & ~(0xfu << sh)) | v << sh);
}

/* Whether cell i of a page is marked (i taken modulo PAGE_CELLS). */
static inline int
page_marked(const struct cell_page *pg, uint32_t i)
{
	return ((int)(pg->mark >> (i & (PAGE_CELLS - 1)) & 1));
}

/* Marks (v != 0) or unmarks cell i of a page. */
static inline void
page_set_mark(struct cell_page *pg, uint32_t i, int v)
{
	uint64_t	bit = UINT64_C(1) << (i & (PAGE_CELLS - 1));

	pg->mark = v ? pg->mark | bit : pg->mark & ~bit;
}

/* The page of a lent page number (numbers start at 1). */
static inline struct cell_page *
page_pool_page(const struct page_pool *pp, uint32_t n)
{
	return (pp->page[n]);
}

#endif
