/*
 * summon.c: a summoner raises monsters that were not there.
 *
 * A monster whose kind "summons KIND A-B" (data/monsters.txt), hunting
 * and seeing the player, calls once its time has come (every
 * "summon-every" turns, counted from its last call): it raises A to B
 * monsters of the kind, no more than keep the ones it raised that are
 * alive within its "summon-cap", on the free cells nearest to it that
 * the raised kind can stand on (a breadth-first search over the cells
 * that kind can enter, out to SUMMON_RADIUS steps, nearest first, so no
 * zombie is raised behind a wall).  The raised come into play as any
 * monster arriving on the level (level_add_hunter()): with a planner of
 * their class's context, hunting the player where they stand.  A call
 * is an event (EVENT_SUMMONED), told by tell.c.  Between calls the
 * summoner keeps its distance (ranged.c's keeping, "keeps N"), so the
 * player must reach it through what it raised.
 */
#include <stdlib.h>

#include "event.h"
#include "rng.h"
#include "state.h"
#include "summon.h"

#define SUMMON_SIDE	(2 * SUMMON_RADIUS + 1)
#define SUMMON_CELLS	(SUMMON_SIDE * SUMMON_SIDE)

/*
 * Up to max free cells round (cx,cy) that class cls can stand on,
 * nearest first (breadth first, in the eight directions' order), into
 * xs, ys; returns how many.
 */
static int
summon_cells(struct game *g, int cls, int cx, int cy, int max, int *xs,
    int *ys)
{
	static const int	 dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
	static const int	 dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
	struct level		*l = g->level;
	int			 queue[SUMMON_CELLS], step[SUMMON_CELLS];
	unsigned char		 seen[SUMMON_CELLS] = { 0 };
	int			 head = 0, tail = 0, n = 0, d, x, y, k, c;

	queue[tail] = SUMMON_RADIUS * SUMMON_SIDE + SUMMON_RADIUS;
	step[tail++] = 0;
	seen[queue[0]] = 1;
	while (head < tail && n < max) {
		c = queue[head];
		x = cx + c % SUMMON_SIDE - SUMMON_RADIUS;
		y = cy + c / SUMMON_SIDE - SUMMON_RADIUS;
		if (step[head++] > 0 && level_monster_at(l, x, y) == NULL &&
		    (x != g->px || y != g->py)) {
			xs[n] = x;
			ys[n++] = y;
		}
		if (step[head - 1] == SUMMON_RADIUS)
			continue;
		for (d = 0; d < 8; d++) {
			k = c + dy[d] * SUMMON_SIDE + dx[d];
			if (abs(c % SUMMON_SIDE - SUMMON_RADIUS + dx[d]) >
			    SUMMON_RADIUS || abs(c / SUMMON_SIDE -
			    SUMMON_RADIUS + dy[d]) > SUMMON_RADIUS ||
			    seen[k] || !level_step_ok(l, cls, x, y, dx[d],
			    dy[d]))
				continue;
			seen[k] = 1;
			queue[tail] = k;
			step[tail++] = step[head - 1] + 1;
		}
	}
	return (n);
}

/* A summoner's call, if its time has come: see summon.h. */
int
summon_call(struct game *g, int i)
{
	struct level			*l = g->level;
	const struct monster_kind	*k = &g->monsters.k[l->mon[i].kind];
	int				 xs[MONSTER_SUMMON_MAX];
	int				 ys[MONSTER_SUMMON_MAX];
	int				 room, n, j, sx, sy, r;

	if (k->summons < 0 || g->turn < l->mon[i].summon_at ||
	    (room = k->summon_cap - level_raised(l, i)) <= 0)
		return (0);
	n = rng_range(&g->rng, k->summons_min, k->summons_max);
	if (n > room)
		n = room;
	sx = l->mon[i].x;
	sy = l->mon[i].y;
	n = summon_cells(g, g->monsters.k[k->summons].cls, sx, sy, n, xs, ys);
	if (n == 0)
		return (0);
	for (j = 0; j < n; j++) {
		r = level_add_hunter(g, l, k->summons, xs[j], ys[j], MS_HUNT);
		l->mon[r].raised_by = i + 1;
	}
	l->mon[i].summon_at = g->turn + k->summon_every;
	event_add(&g->events, (struct event){ .kind = EVENT_SUMMONED,
	    .seen = l->visible[sy * l->width + sx], .monster = l->mon[i].kind,
	    .x = sx, .y = sy, .a = n, .b = k->summons });
	return (1);
}
