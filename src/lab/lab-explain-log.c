/*
 * lab-explain-log.c: the walkthrough's record of a textbook search.
 *
 * The search reports events; this file turns them into steps and keeps
 * its own copy of the open and closed lists from them alone.  The open
 * list is an unordered array of entries (a cell and the g it went on
 * with, one per insertion number) with each entry's index in it, so
 * adding and removing cost O(1) whatever the map's size; it is sorted
 * only when a writer asks to print it, with the very comparison the
 * search's heap uses (path_textbook_before), so the printed order is the
 * order entries will leave.  Nothing here looks at every cell of the map
 * per step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain.h"
#include "xmalloc.h"

/* An open entry with what the sort compares, the rules included. */
struct explain_sort_key {
	struct path_textbook_key		 key;
	uint64_t				 seq;
	const struct path_textbook_rules	*rules;
};

/* Sets up a log: see lab-explain.h. */
void
explain_log_init(struct explain_log *l, const struct path_tilemap *map,
    const struct path_textbook_rules *rules, int start, int goal)
{
	size_t	n = (size_t)map->width * (size_t)map->height;

	l->map = map;
	l->rules = *rules;
	l->start = start;
	l->goal = goal;
	l->cells = xcalloc(n, sizeof *l->cells);
	l->capentries = n;
	l->nentries = 0;
	l->entries = xcalloc(n, sizeof *l->entries);
	l->open = xcalloc(n, sizeof *l->open);
	l->closed = xcalloc(n, sizeof *l->closed);
	l->sorted = NULL;
	l->nopen = l->nclosed = 0;
	memset(&l->cur, 0, sizeof l->cur);
	l->cur.step = -1;
}

/* Empties a step's lists, keeping their memory. */
static void
explain_step_clear(struct explain_step *s)
{
	s->added.n = s->improved.n = s->rejected.n = 0;
	s->goal = s->exhausted = s->stale = false;
}

/* Frees what a log holds: see lab-explain.h. */
void
explain_log_free(struct explain_log *l)
{
	free(l->cells);
	free(l->entries);
	free(l->open);
	free(l->closed);
	free(l->sorted);
	free(l->cur.added.v);
	free(l->cur.improved.v);
	free(l->cur.rejected.v);
}

/* Appends an item to a list of a step. */
static void
explain_items_push(struct explain_items *it, struct explain_item item)
{
	if (it->n == it->cap) {
		it->cap = it->cap ? 2 * it->cap : 8;
		it->v = xreallocarray(it->v, it->cap, sizeof *it->v);
	}
	it->v[it->n++] = item;
}

/*
 * Puts an entry of a cell on the mirror's open list: insertion number
 * seq, the cell's g and h now.  Insertion numbers count up from 0, one
 * per entry, so they index the entries; the arrays grow when duplicates
 * make more entries than cells.
 */
static void
explain_open_add(struct explain_log *l, int cell, uint64_t seq)
{
	const struct explain_cell	*c = &l->cells[cell];
	size_t				 cap = l->capentries;

	while (seq >= cap)
		cap *= 2;
	if (cap != l->capentries) {
		l->entries = xreallocarray(l->entries, cap,
		    sizeof *l->entries);
		l->open = xreallocarray(l->open, cap, sizeof *l->open);
		l->capentries = cap;
	}
	if (seq >= l->nentries)
		l->nentries = (size_t)seq + 1;
	l->entries[seq] = (struct explain_entry){ .cell = cell, .g = c->g,
	    .h = c->h, .seq = seq, .open_at = (int)l->nopen };
	l->cells[cell].state = EXPLAIN_OPEN;
	l->open[l->nopen++] = seq;
}

/* Takes an entry off the mirror's open list (the last one fills its place). */
static void
explain_open_remove(struct explain_log *l, uint64_t seq)
{
	int		at;
	uint64_t	last;

	if (seq >= l->nentries || l->entries[seq].open_at < 0)
		return;
	at = l->entries[seq].open_at;
	last = l->open[--l->nopen];
	l->open[at] = last;
	l->entries[last].open_at = at;
	l->entries[seq].open_at = -1;
}

/*
 * Closes a cell whose entry seq was taken, listing it unless it is a
 * start the rules do not list or it is listed already (a stale entry).
 */
static void
explain_close(struct explain_log *l, int cell, uint64_t seq)
{
	struct explain_cell	*c = &l->cells[cell];

	explain_open_remove(l, seq);
	c->state = EXPLAIN_CLOSED;
	if (!c->listed && (cell != l->start || l->rules.close_start)) {
		c->listed = true;
		l->closed[l->nclosed++] = cell;
	}
}

/* Hands the current step to the writer. */
static void
explain_flush(struct explain_log *l)
{
	if (l->cur.step >= 0 && l->on_step != NULL)
		l->on_step(l->ctx, l, &l->cur);
}

/* A cell's g fell (IMPROVE): in place, or as a new entry with KEEP. */
static void
explain_improve(struct explain_log *l, int cell,
    const struct path_textbook_event *ev)
{
	struct explain_cell	*c = &l->cells[cell];

	c->g = ev->g;
	c->parent = ev->py * l->map->width + ev->px;
	if (l->rules.duplicates == PATH_TB_DUP_KEEP) {
		c->seq = ev->seq;
		explain_open_add(l, cell, ev->seq);
	} else if (c->seq < l->nentries) {
		l->entries[c->seq].g = ev->g;
	}
}

/* Starts the next step with the entry taken (or the start put on). */
static void
explain_begin_step(struct explain_log *l, int cell,
    const struct path_textbook_event *ev)
{
	explain_flush(l);
	explain_step_clear(&l->cur);
	l->cur.step++;
	l->cur.cell = cell;
	l->cur.g = ev->g;
	l->cur.h = ev->h;
	l->cur.entry_g = ev->kind == PATH_TB_TAKE ? ev->old_g : ev->g;
	l->cur.seq = ev->seq;
	l->cur.stale = ev->stale;
}

/* The search's callback: see lab-explain.h. */
void
explain_log_event(void *ctx, const struct path_textbook_event *ev)
{
	struct explain_log	*l = ctx;
	int			 cell = ev->y * l->map->width + ev->x;
	int			 parent = ev->py * l->map->width + ev->px;
	struct explain_cell	*c = &l->cells[cell];
	struct explain_item	 item = { .cell = cell, .g = ev->g, .h = ev->h,
				     .old_g = ev->old_g, .seq = ev->seq,
				     .reason = ev->reason,
				     .nth = (int)(l->cur.added.n +
				     l->cur.improved.n + l->cur.rejected.n) };

	switch (ev->kind) {
	case PATH_TB_START:
	case PATH_TB_TAKE:
		explain_begin_step(l, cell, ev);
		if (ev->kind == PATH_TB_TAKE) {
			explain_close(l, cell, ev->seq);
			break;
		}
		/* FALLTHROUGH */
	case PATH_TB_ADD:
		*c = (struct explain_cell){ .g = ev->g, .h = ev->h,
		    .seq = ev->seq, .parent = parent };
		explain_open_add(l, cell, ev->seq);
		explain_items_push(&l->cur.added, item);
		break;
	case PATH_TB_IMPROVE:
		explain_improve(l, cell, ev);
		explain_items_push(&l->cur.improved, item);
		break;
	case PATH_TB_REJECT:
		explain_items_push(&l->cur.rejected, item);
		break;
	case PATH_TB_GOAL:
		l->cur.goal = true;
		if (c->state == EXPLAIN_OPEN)
			explain_close(l, cell, c->seq);
		break;
	case PATH_TB_EXHAUSTED:
		l->cur.exhausted = true;
		break;
	}
}

/* Hands over the last step: see lab-explain.h. */
void
explain_log_finish(struct explain_log *l)
{
	explain_flush(l);
	l->cur.step = -1;
}

/* Orders sort keys as the open list gives entries up. */
static int
explain_by_priority(const void *a, const void *b)
{
	const struct explain_sort_key	*ka = a, *kb = b;

	if (path_textbook_before(ka->rules, &ka->key, &kb->key))
		return (-1);
	return (path_textbook_before(ka->rules, &kb->key, &ka->key) ? 1 : 0);
}

/* Orders sort keys by insertion. */
static int
explain_by_insertion(const void *a, const void *b)
{
	const struct explain_sort_key	*ka = a, *kb = b;

	return (ka->seq < kb->seq ? -1 : ka->seq > kb->seq);
}

/* The open list in print order: see lab-explain.h. */
size_t
explain_open_list(struct explain_log *l, const struct explain_entry **list)
{
	struct explain_sort_key	*keys;
	size_t			 i;
	int			 w = l->map->width;

	keys = xcalloc(l->nopen ? l->nopen : 1, sizeof *keys);
	for (i = 0; i < l->nopen; i++) {
		const struct explain_entry	*e = &l->entries[l->open[i]];

		keys[i] = (struct explain_sort_key){ .key = {
		    l->rules.greedy ? e->h : e->g + e->h, e->g, e->h, e->seq,
		    e->cell % w, e->cell / w }, .seq = e->seq,
		    .rules = &l->rules };
	}
	qsort(keys, l->nopen, sizeof *keys,
	    l->list_order == EXPLAIN_LIST_INSERTION ? explain_by_insertion :
	    explain_by_priority);
	free(l->sorted);
	l->sorted = xcalloc(l->nopen ? l->nopen : 1, sizeof *l->sorted);
	for (i = 0; i < l->nopen; i++) {
		l->sorted[i] = l->entries[keys[i].seq];
		l->sorted[i].stale = l->sorted[i].g >
		    l->cells[l->sorted[i].cell].g;
	}
	free(keys);
	*list = l->sorted;
	return (l->nopen);
}

/* Formats a cost: see lab-explain.h. */
const char *
explain_cost(const struct explain_log *l, path_cost c, char buf[32])
{
	if (c == PATH_COST_NONE)
		snprintf(buf, 32, "none");
	else if (c % l->unit == 0)
		snprintf(buf, 32, "%lld", (long long)(c / l->unit));
	else
		snprintf(buf, 32, "%.3f", (double)c / (double)l->unit);
	return (buf);
}

/* Formats a cell with a separator: see lab-explain.h. */
const char *
explain_xy_sep(const struct explain_log *l, int cell, char sep, char buf[32])
{
	snprintf(buf, 32, "%d%c%d", cell % l->map->width + l->base, sep,
	    cell / l->map->width + l->base);
	return (buf);
}

/* Formats a cell "(x,y)": see lab-explain.h. */
const char *
explain_xy(const struct explain_log *l, int cell, char buf[32])
{
	snprintf(buf, 32, "(%d,%d)", cell % l->map->width + l->base,
	    cell / l->map->width + l->base);
	return (buf);
}
