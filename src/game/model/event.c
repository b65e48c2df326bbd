/*
 * event.c: the queue of what happened, and which of it the player learns.
 *
 * A plain growing array, emptied by the turn loop after each part of a
 * turn: a turn tells a handful of events, so nothing cleverer pays.  The
 * queue counts the news it was ever given, so a journey can tell whether
 * a turn brought any by comparing two counts, without keeping the
 * events.
 */
#include <stdlib.h>

#include "event.h"
#include "query.h"
#include "xmalloc.h"

/* Adds an event: see event.h. */
void
event_add(struct event_queue *q, struct event e)
{
	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 16;
		q->e = xreallocarray(q->e, (size_t)q->cap, sizeof *q->e);
	}
	q->e[q->n++] = e;
	if (event_is_news(&e))
		q->news++;
}

void
event_clear(struct event_queue *q)
{
	q->n = 0;
}

void
event_free(struct event_queue *q)
{
	free(q->e);
	q->e = NULL;
	q->n = q->cap = 0;
}

/* Whether the player learns of an event: see event.h. */
int
event_is_told(const struct event *e)
{
	switch (e->kind) {
	case EVENT_NOTICED:
	case EVENT_OPENED:
	case EVENT_SHUT:
	case EVENT_GATE:
	case EVENT_THIEF_GONE:
	case EVENT_SNATCHED:
	case EVENT_ENRAGED:
		return (e->seen);
	case EVENT_TUNNELED:
		return (e->seen || e->a);
	default:
		return (1);
	}
}

/*
 * Whether an event interrupts a journey: see event.h.  Only what the
 * player meets underfoot or sees change: a monster's doings stop a
 * journey by the threat rule (travel.c), not by being told, and a sound
 * from afar is only news.
 */
int
event_is_news(const struct event *e)
{
	switch (e->kind) {
	case EVENT_SEE_HERE:
	case EVENT_STAIRS_HERE:
	case EVENT_GOAL:
	case EVENT_ESCAPED:
	case EVENT_DESCENDED:
	case EVENT_FINISHED:
	case EVENT_DIED:
	case EVENT_TELEPORTED:
	case EVENT_HELD:
		return (1);
	case EVENT_GATE:
	case EVENT_CAVE_IN:
		return (e->seen);
	default:
		return (0);
	}
}
