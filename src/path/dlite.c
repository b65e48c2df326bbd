/*
 * dlite.c: records, keys and the heap of the D* Lite family.
 */
#include <stdlib.h>
#include <string.h>

#include "dlite.h"
#include "xmalloc.h"

/*
 * km grows by a heuristic distance each time the target moves: a game of
 * 2^31 turns adds up to far less than this, and keys built on it (g + h +
 * km) stay clear of overflow.  A loaded km above it is damage.
 */
#define DLITE_KM_MAX	(INT64_C(1) << 62)

void
dlite_init(struct dlite *d, const struct path_grid *grid,
    struct path_rules rules)
{
	memset(d, 0, sizeof *d);
	cellmap_init(&d->map);
	heap_init(&d->open, NULL, sizeof (struct cell_rec));
	d->grid = grid;
	d->rules = rules;
	d->diag = grid_diag_base(rules.movement);
}

void
dlite_free(struct dlite *d)
{
	heap_free(&d->open);
	cellmap_free(&d->map);
}

/* Forgets everything: see dlite.h. */
void
dlite_clear(struct dlite *d)
{
	d->open.n = 0;		/* positions die with the records */
	cellmap_clear(&d->map);
	d->km = 0;
}

size_t
dlite_memory(const struct dlite *d)
{
	return (cellmap_memory(&d->map) + d->open.cap * sizeof *d->open.e);
}

/* Finds or creates a record, keeping the heap's view of the records. */
uint32_t
dlite_get(struct dlite *d, uint32_t cell, int x, int y)
{
	uint32_t	r = cellmap_get(&d->map, cell, x, y);

	d->open.pos_base = (char *)&d->map.recs[0].pos;
	return (r);
}

/* A record's key: see dlite.h. */
void
dlite_key(const struct dlite *d, uint32_t r, path_cost *k1, path_cost *k2)
{
	const struct cell_rec	*c = &d->map.recs[r];
	path_cost		 m = c->g < c->rhs ? c->g : c->rhs;

	if (m == PATH_COST_NONE) {
		*k1 = *k2 = PATH_COST_NONE;
		return;
	}
	*k1 = m + grid_heuristic(d->rules.heuristic, d->ax, d->ay, c->x, c->y) +
	    d->km;
	*k2 = c->g < c->rhs ? 0 : PATH_COST_NONE - 1 - c->rhs;
}

/* UpdateVertex: see dlite.h. */
void
dlite_update(struct dlite *d, uint32_t r)
{
	struct cell_rec	*c = &d->map.recs[r];
	path_cost	 k1, k2;

	if (c->g != c->rhs) {
		dlite_key(d, r, &k1, &k2);
		if (c->pos != HEAP_NONE)
			heap_update(&d->open, c->pos, k1, k2);
		else {
			heap_push(&d->open, k1, k2, r, c->x, c->y);
			if (d->trace != NULL)
				d->trace(d->trace_ctx, PATH_TRACE_OPEN, c->x,
				    c->y, 0, 0, c->x, c->y);
		}
	} else if (c->pos != HEAP_NONE)
		heap_remove(&d->open, c->pos);
}

/* Writes the search: see dlite.h. */
void
dlite_save(const struct dlite *d, struct ser *s)
{
	size_t	i;

	ser_i64(s, d->km);
	ser_u32(s, (uint32_t)d->ax);
	ser_u32(s, (uint32_t)d->ay);
	cellmap_save(&d->map, s);
	ser_u32(s, (uint32_t)d->open.n);
	for (i = 0; i < d->open.n; i++) {
		ser_i64(s, d->open.e[i].k1);
		ser_i64(s, d->open.e[i].k2);
		ser_u32(s, d->open.e[i].id);
	}
}

/* Reads the search: see dlite.h. */
int
dlite_load(struct dlite *d, struct deser *in)
{
	struct cell_rec	*c;
	uint32_t	 n, i, id, onheap = 0;
	path_cost	 k1, k2;

	dlite_clear(d);
	d->km = deser_range(in, 0, DLITE_KM_MAX, "a bad km");
	d->ax = (int)deser_below(in, PATH_GRID_MAX_SIDE, "a bad anchor");
	d->ay = (int)deser_below(in, PATH_GRID_MAX_SIDE, "a bad anchor");
	if (cellmap_load(&d->map, in, d->grid) != 0)
		return (-1);
	d->open.pos_base = d->map.recs != NULL ?
	    (char *)&d->map.recs[0].pos : NULL;
	n = deser_count(in, d->map.nrecs, 20);
	for (i = 0; i < n && in->error == NULL; i++) {
		k1 = deser_i64(in);
		k2 = deser_i64(in);
		id = deser_below(in, d->map.nrecs, "a heap entry names no record");
		if (in->error != NULL)
			break;
		c = &d->map.recs[id];
		if (c->pos != i) {
			deser_fail(in, "a heap entry disagrees with its record");
			break;
		}
		/* Push in order: positions are written back as they are. */
		heap_push(&d->open, k1, k2, id, c->x, c->y);
		if (c->pos != i)
			deser_fail(in, "the heap is out of order");
	}
	for (i = 0; i < d->map.nrecs && in->error == NULL; i++)
		onheap += d->map.recs[i].pos != HEAP_NONE;
	if (in->error == NULL && onheap != n)
		deser_fail(in, "records claim heap places that are not there");
	if (in->error != NULL) {
		dlite_clear(d);
		return (-1);
	}
	return (0);
}
