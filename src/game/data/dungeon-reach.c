/*
 * dungeon-reach.c: whether a hand-made level can be won (dungeon-reach.h).
 *
 * The level changes with time: gates open and shut on their clocks and
 * events change rectangles of the map on their turns.  So the search
 * asks, for every cell, the latest turn W at which a player standing on
 * it can still get out (to stairs or the goal): a player may always wait
 * where it stands (events spare the player's cell, gates never shut on
 * it), so one who stands there at any turn up to W gets out too.  W is
 * found as Dijkstra's search finds distances, backwards from the exits
 * and with a max-heap: an exit's W is the last turn it is one (forever,
 * for most); a cell beside a cell of known W gets the latest turn a step
 * into it can start and still arrive by then.  A start cell can be won
 * from when its W is 0 or more.  One search serves every start cell.
 *
 * A step is the game's (level_step_ok(), action_move()): one turn, into
 * a cell the player's class `walk` can enter at the turn it is taken,
 * diagonally only as the level's movement and corner rule allow, judged
 * by the cells beside the step at that turn.  A terrain `walk` cannot
 * enter but whose `open` transition it can (a door, a spiked door) takes
 * two turns: bumping opens it, then the step.  In the digging search a
 * terrain whose `dig` transition `walk` can enter takes its hardness in
 * turns of digging, then the step.  A gate's cell is its clock's alone
 * (an event, a bump or a pick there is undone the next turn): it is
 * entered only at the turns its clock makes it enterable.  Any other
 * cell has a timeline: its terrain at turn 0, then what each event
 * covering it makes it from the event's turn (events sorted as the game
 * sorts them, by turn and then by line).  Triggered events (the player
 * steps on a cell, a door opens, a monster dies) may come at any turn or
 * never: one that may shut a way is taken to happen as the first turn
 * passes, one that only opens a way never to happen (reach_timelines()),
 * so the search never counts on a trigger.
 *
 * The search never finds a way these rules do not allow, but may miss a
 * way that needs a diagonal step just when a corner opens (the steps
 * round that corner are found, a turn later), a return to a cell an
 * event spared under the player, or a door opened and passed again.
 * Two bounds on its work make it lenient instead, on levels far beyond
 * the shipped ones: events that change more than REACH_CHANGES_MAX cells
 * in all are not timed (reach_timelines()), and in a map without stairs
 * but with gates or events, the game's stairs are searched for only
 * while start cells times cells stay under REACH_WORK_MAX, and for at
 * most REACH_SEARCHES_MAX cells (reach_to_stairs()).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dungeon-reach.h"
#include "xmalloc.h"

#define REACH_NEVER	((int64_t)-1)
#define REACH_FOREVER	((int64_t)1 << 60)	/* after every event */
#define REACH_CHANGES_MAX	(1 << 22)	/* cell changes of all events */
#define REACH_TRIES	1000000	/* random tries for a start: level-gen.c */
#define REACH_UNLIKELY	28	/* per million cells: with as many starts
				   that are not pockets, the game's tries
				   all miss them once in e^28 */
#define REACH_WORK_MAX	((int64_t)1 << 26)	/* cells x starts */
#define REACH_SEARCHES_MAX	256	/* searches for the game's stairs */

/* A level as the search sees it. */
struct reach {
	const struct dungeon		*d;
	const struct terrain_table	*tt;
	struct path_rules		 rules;
	int				 w, n;
	int				*gate;		/* of a cell, or -1 */
	int				*off;		/* cell i's changes are */
	int64_t				*when;		/* off[i] to off[i+1]-1 */
	uint8_t				*to;
	uint8_t				*base;		/* terrain at turn 0 */
	int				 dynamic;	/* gates or events */
};

/* An entry of the max-heap of cells by W. */
struct reach_entry {
	int64_t	w;
	int	cell;
};

struct reach_heap {
	struct reach_entry	*e;
	size_t			 n, cap;
};

/* Whether the player's class enters terrain t. */
static int
reach_walk(const struct reach *r, int t)
{
	return (r->tt->t[t].cost[r->tt->walk] != 0);
}

/* Whether the player opens terrain t into one it enters (a door). */
static int
reach_opens(const struct reach *r, int t)
{
	const struct terrain	*e = &r->tt->t[t];

	return (!reach_walk(r, t) && e->open >= 0 && reach_walk(r, e->open));
}

/* Whether the player digs terrain t into one it enters (a wall). */
static int
reach_digs(const struct reach *r, int t)
{
	const struct terrain	*e = &r->tt->t[t];

	return (!reach_walk(r, t) && e->dig >= 0 && reach_walk(r, e->dig));
}

/* Whether a gate is open at a turn (dungeon.c, world.c). */
static int
reach_gate_open(const struct dungeon_gate *g, int64_t turn)
{
	return (((turn - g->offset) % g->every + g->every) % g->every <
	    g->open_for);
}

/* Cell i's terrain at a turn. */
static int
reach_at(const struct reach *r, int i, int64_t turn)
{
	const struct dungeon_gate	*g;
	int				 k, t = r->base[i];

	if (r->gate[i] >= 0) {
		g = &r->d->gates[r->gate[i]];
		return (reach_gate_open(g, turn) ? g->open : g->closed);
	}
	for (k = r->off[i]; k < r->off[i + 1] && r->when[k] <= turn; k++)
		t = r->to[k];
	return (t);
}

/* Whether a gate's cells are ever enterable by the player. */
static int
reach_gate_ever(const struct reach *r, const struct dungeon_gate *g)
{
	return ((g->open_for > 0 && reach_walk(r, g->open)) ||
	    (g->open_for < g->every && reach_walk(r, g->closed)));
}

/*
 * Events in the order the game applies them (dungeon_event_order(),
 * which dungeon.c, this file's caller, holds): timed ones by turn and
 * line, triggers after.
 */
static int
reach_event_order(const void *a, const void *b)
{
	const struct dungeon_event	*ea = *(const struct dungeon_event *
					    const *)a;
	const struct dungeon_event	*eb = *(const struct dungeon_event *
					    const *)b;

	if ((ea->trigger != DUNGEON_AT_TURN) != (eb->trigger != DUNGEON_AT_TURN))
		return (ea->trigger != DUNGEON_AT_TURN ? 1 : -1);
	if (ea->turn != eb->turn)
		return (ea->turn < eb->turn ? -1 : 1);
	return (ea->line - eb->line);
}

/*
 * Whether a triggered event may shut a way: its terrain is one `walk`
 * cannot enter, or one of its cells is stairs or the goal at turn 0 or
 * by a timed event.  Such a trigger is searched as if it happened as
 * the first turn passes, for good; any other (it only opens) as if it
 * never happened.
 */
static int
reach_trigger_shuts(const struct reach *r, const struct dungeon_event *e)
{
	const struct dungeon	*d = r->d;
	int			 x, y, k, exit = TERRAIN_STAIRS | TERRAIN_GOAL;

	if (!reach_walk(r, e->terrain))
		return (1);
	for (y = e->y; y < e->y + e->h; y++)
		for (x = e->x; x < e->x + e->w; x++)
			if (r->tt->t[r->base[y * r->w + x]].flags & exit)
				return (1);
	for (k = 0; k < d->nevents; k++)
		if (d->events[k].trigger == DUNGEON_AT_TURN &&
		    (r->tt->t[d->events[k].terrain].flags & exit) &&
		    d->events[k].x < e->x + e->w && e->x < d->events[k].x +
		    d->events[k].w && d->events[k].y < e->y + e->h &&
		    e->y < d->events[k].y + d->events[k].h)
			return (1);
	return (0);
}

/*
 * The events the search times, in the game's order: the timed ones, and
 * the triggers that may shut a way (reach_trigger_shuts()), at turn 1.
 */
static const struct dungeon_event **
reach_events(const struct reach *r, int *n, int64_t *total)
{
	const struct dungeon		 *d = r->d;
	const struct dungeon_event	**ev;
	int				  e;

	ev = xcalloc((size_t)d->nevents + 1, sizeof *ev);
	*n = 0;
	*total = 0;
	for (e = 0; e < d->nevents; e++)
		if (d->events[e].trigger == DUNGEON_AT_TURN ||
		    reach_trigger_shuts(r, &d->events[e])) {
			ev[(*n)++] = &d->events[e];
			*total += (int64_t)d->events[e].w * d->events[e].h;
		}
	qsort(ev, (size_t)*n, sizeof *ev, reach_event_order);
	return (ev);
}

/*
 * Builds each cell's timeline from the events, but a gate's, which the
 * gate's clock sets again the next turn.  A cell a shutting trigger
 * covers is its terrain from turn 1 for good, and granite (nothing
 * passes) when other events cover it too, since the trigger may come
 * before or after them.  Events that change more than
 * REACH_CHANGES_MAX cells in all are not timed: a cell one of them
 * makes enterable counts as enterable from turn 0, as it did before the
 * search was timed (a trigger's cells are still its terrain).
 */
static void
reach_timelines(struct reach *r)
{
	const struct dungeon_event	**ev;
	int64_t				  total;
	int				  e, x, y, i, k, n, *fill;
	uint8_t				 *trig;

	r->off = xcalloc((size_t)r->n + 1, sizeof *r->off);
	ev = reach_events(r, &n, &total);
	trig = xcalloc((size_t)r->n, 1);
	for (e = 0; e < n; e++)
		for (y = ev[e]->y; y < ev[e]->y + ev[e]->h; y++)
			for (x = ev[e]->x; x < ev[e]->x + ev[e]->w; x++) {
				i = y * r->w + x;
				if (r->gate[i] >= 0)
					continue;	/* the clock's */
				if (ev[e]->trigger != DUNGEON_AT_TURN)
					trig[i] = 1;
				if (total > REACH_CHANGES_MAX && (trig[i] ||
				    (!reach_walk(r, r->base[i]) &&
				    reach_walk(r, ev[e]->terrain))))
					r->base[i] = (uint8_t)ev[e]->terrain;
			}
	if (total > REACH_CHANGES_MAX) {
		free(trig);
		free(ev);
		return;
	}
	for (e = 0; e < n; e++)
		for (y = ev[e]->y; y < ev[e]->y + ev[e]->h; y++)
			for (x = ev[e]->x; x < ev[e]->x + ev[e]->w; x++)
				r->off[y * r->w + x + 1] +=
				    r->gate[y * r->w + x] < 0;
	for (i = 0; i < r->n; i++)
		r->off[i + 1] += r->off[i];
	r->when = xcalloc((size_t)total + 1, sizeof *r->when);
	r->to = xcalloc((size_t)total + 1, 1);
	fill = xcalloc((size_t)r->n, sizeof *fill);
	for (e = 0; e < n; e++)
		for (y = ev[e]->y; y < ev[e]->y + ev[e]->h; y++)
			for (x = ev[e]->x; x < ev[e]->x + ev[e]->w; x++) {
				i = y * r->w + x;
				if (r->gate[i] >= 0)
					continue;	/* the clock's */
				/* Turn 0 and 1 both happen as turn 1 starts. */
				r->when[r->off[i] + fill[i]] = ev[e]->turn > 1 ?
				    ev[e]->turn : 1;
				r->to[r->off[i] + fill[i]++] =
				    (uint8_t)ev[e]->terrain;
			}
	for (i = 0; i < r->n; i++)	/* shared with other events */
		for (k = r->off[i]; trig[i] && r->off[i + 1] - r->off[i] > 1 &&
		    k < r->off[i + 1]; k++) {
			r->when[k] = 1;
			r->to[k] = (uint8_t)r->tt->granite;
		}
	free(fill);
	free(trig);
	free(ev);
}

/* Sets up the search's view of a level. */
static void
reach_init(struct reach *r, const struct dungeon *d,
    const struct terrain_table *tt)
{
	int	g, k;

	memset(r, 0, sizeof *r);
	r->d = d;
	r->tt = tt;
	r->rules = path_rules_normalize(d->rules);
	r->w = d->width;
	r->n = d->width * d->height;
	r->base = xmalloc((size_t)r->n);
	memcpy(r->base, d->terrain, (size_t)r->n);
	r->gate = xcalloc((size_t)r->n, sizeof *r->gate);
	memset(r->gate, 0xff, (size_t)r->n * sizeof *r->gate);
	for (g = 0; g < d->ngates; g++) {
		for (k = 0; k < d->gates[g].ncells; k++)
			r->gate[d->gates[g].cells[k]] = g;
		if (d->gates[g].open_for > 0 && d->gates[g].open_for <
		    d->gates[g].every && reach_walk(r, d->gates[g].open) !=
		    reach_walk(r, d->gates[g].closed))
			r->dynamic = 1;
	}
	r->dynamic |= d->nevents > 0;
	reach_timelines(r);
}

/* Frees what reach_init() took. */
static void
reach_free(struct reach *r)
{
	free(r->gate);
	free(r->off);
	free(r->when);
	free(r->to);
	free(r->base);
}

/* Whether a diagonal step from cell a to cell b passes its corners. */
static int
reach_corners(const struct reach *r, int a, int b, int64_t turn)
{
	int	dx = b % r->w - a % r->w, dy = b / r->w - a / r->w, s, t;

	if (dx == 0 || dy == 0)
		return (1);
	if (r->rules.movement == PATH_MOVE_4)
		return (0);
	s = reach_walk(r, reach_at(r, a + dx, turn));
	t = reach_walk(r, reach_at(r, a + dy * r->w, turn));
	switch (r->rules.diagonal) {
	case PATH_DIAG_NO_CORNER_CUT:
		return (s && t);
	case PATH_DIAG_ONE_SIDE:
		return (s || t);
	case PATH_DIAG_ALWAYS:
		return (1);
	default:
		return (0);
	}
}

/* The latest turn up to `by` a gate's cell is enterable, or never. */
static int64_t
reach_gate_latest(const struct reach *r, const struct dungeon_gate *g,
    int64_t by)
{
	int	ow = reach_walk(r, g->open), cw = reach_walk(r, g->closed);
	int64_t	phase;

	if (by < 0 || (!ow && !cw))
		return (REACH_NEVER);
	if (ow && cw)
		return (by);
	phase = ((by - g->offset) % g->every + g->every) % g->every;
	if (ow) {
		if (g->open_for == 0)
			return (REACH_NEVER);
		if (phase >= g->open_for)	/* the last turn it was open */
			by -= phase - g->open_for + 1;
	} else {
		if (g->open_for == g->every)
			return (REACH_NEVER);
		if (phase < g->open_for)	/* the last turn it was shut */
			by -= phase + 1;
	}
	return (by >= 0 ? by : REACH_NEVER);
}

/*
 * The latest turn a step from cell a into cell b can start (opening or
 * digging b first, when it takes that) and still stand on b by turn
 * `by`; or never.
 */
static int64_t
reach_latest(const struct reach *r, int a, int b, int64_t by, int dig)
{
	int64_t	start, end, t, lag;
	int	k, terrain;

	if (r->gate[b] >= 0) {
		t = reach_gate_latest(r, &r->d->gates[r->gate[b]], by - 1);
		return (t != REACH_NEVER && reach_corners(r, a, b, t) ? t :
		    REACH_NEVER);
	}
	/* Each stretch of b's timeline, the latest first. */
	for (k = r->off[b + 1]; k >= r->off[b]; k--) {
		start = k > r->off[b] ? r->when[k - 1] : 0;
		end = k < r->off[b + 1] ? r->when[k] : REACH_FOREVER;
		terrain = k > r->off[b] ? r->to[k - 1] : r->base[b];
		if (reach_walk(r, terrain))
			lag = 0;
		else if (reach_opens(r, terrain))
			lag = 1;			/* the bump */
		else if (dig && reach_digs(r, terrain))
			lag = r->tt->t[terrain].hardness > 0 ?
			    r->tt->t[terrain].hardness : 1;
		else
			continue;
		/* Step at t + lag, on b at t + lag + 1; b unchanged till. */
		t = by - lag - 1 < end - 1 - lag ? by - lag - 1 : end - 1 - lag;
		if (t >= start && t >= 0 && reach_corners(r, a, b, t + lag))
			return (t);
	}
	return (REACH_NEVER);
}

/* Adds an entry to the heap. */
static void
reach_push(struct reach_heap *h, int64_t w, int cell)
{
	size_t			i;
	struct reach_entry	e = { w, cell };

	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->e = xreallocarray(h->e, h->cap, sizeof *h->e);
	}
	for (i = h->n++; i > 0 && h->e[(i - 1) / 2].w < w; i = (i - 1) / 2)
		h->e[i] = h->e[(i - 1) / 2];
	h->e[i] = e;
}

/* Takes the entry of the greatest W from the heap (not empty). */
static struct reach_entry
reach_pop(struct reach_heap *h)
{
	struct reach_entry	top = h->e[0], last = h->e[--h->n];
	size_t			i = 0, c;

	while ((c = 2 * i + 1) < h->n) {
		if (c + 1 < h->n && h->e[c + 1].w > h->e[c].w)
			c++;
		if (h->e[c].w <= last.w)
			break;
		h->e[i] = h->e[c];
		i = c;
	}
	if (h->n > 0)
		h->e[i] = last;
	return (top);
}

/* The last turn cell i is stairs or the goal, or never. */
static int64_t
reach_exit_until(const struct reach *r, int i)
{
	int	k;

	if (r->gate[i] >= 0)
		return (REACH_NEVER);
	for (k = r->off[i + 1]; k > r->off[i]; k--)
		if (r->tt->t[r->to[k - 1]].flags & (TERRAIN_STAIRS |
		    TERRAIN_GOAL))
			return (k < r->off[i + 1] ? r->when[k] - 1 :
			    REACH_FOREVER);
	if (r->tt->t[r->base[i]].flags & (TERRAIN_STAIRS | TERRAIN_GOAL))
		return (r->off[i] < r->off[i + 1] ? r->when[r->off[i]] - 1 :
		    REACH_FOREVER);
	return (REACH_NEVER);
}

/*
 * Fills win[] with each cell's W (see the top of the file), towards the
 * map's stairs and goals, or towards cell `only` (the stairs the game
 * puts in a map without), digging or not.
 */
static void
reach_search(const struct reach *r, int dig, int only, int64_t *win)
{
	struct reach_heap	 h = { NULL, 0, 0 };
	struct reach_entry	 e;
	uint8_t			*done = xcalloc((size_t)r->n, 1);
	int			 i, dx, dy, x, y, a, diag;

	diag = r->rules.movement != PATH_MOVE_4 &&
	    r->rules.diagonal != PATH_DIAG_NEVER;
	for (i = 0; i < r->n; i++) {
		win[i] = only < 0 ? reach_exit_until(r, i) : REACH_NEVER;
		if (i == only)	/* stairs until an event covers them */
			win[i] = r->off[i] < r->off[i + 1] ?
			    r->when[r->off[i]] - 1 : REACH_FOREVER;
		if (win[i] >= 0)
			reach_push(&h, win[i], i);
	}
	while (h.n > 0) {
		e = reach_pop(&h);
		if (done[e.cell] || e.w != win[e.cell])
			continue;
		done[e.cell] = 1;
		x = e.cell % r->w;
		y = e.cell / r->w;
		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++) {
				a = (y + dy) * r->w + x + dx;
				if ((dx == 0 && dy == 0) || (!diag && dx != 0 &&
				    dy != 0) || x + dx < 0 || x + dx >= r->w ||
				    y + dy < 0 || a >= r->n || done[a])
					continue;
				e.w = reach_latest(r, a, e.cell, win[e.cell],
				    dig);
				if (e.w > win[a]) {
					win[a] = e.w;
					reach_push(&h, e.w, a);
				}
			}
	}
	free(h.e);
	free(done);
}

/*
 * Whether cell i is a pocket of one cell: no neighbour a walker steps to
 * (a door counts), as level-gen.c's level_pocket() says.
 */
static int
reach_pocket(const struct reach *r, int i)
{
	static const int	dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			x = i % r->w, y = i / r->w, k, a;

	for (k = 0; k < 4; k++) {
		a = (y + dy[k]) * r->w + x + dx[k];
		if (x + dx[k] < 0 || x + dx[k] >= r->w || y + dy[k] < 0 ||
		    a >= r->n)
			continue;
		if (reach_walk(r, r->base[a]) || r->base[a] == r->tt->door)
			return (0);
	}
	return (1);
}

/*
 * The cells the game may start the player on (level_from_dungeon()):
 * the map's player, or, without one, any cell `walk` enters that is not
 * a pocket; and when so few are that a million random tries may all
 * miss them, any cell `walk` enters, pockets too (the game's last try
 * may land on one, or, missing, it takes the first).  Sets *rooms to
 * the count of those that are not pockets.
 */
static int *
reach_starts(const struct reach *r, int *nstarts, int *rooms)
{
	int	*s, i, n = 0, all;

	s = xcalloc((size_t)r->n, sizeof *s);
	*rooms = 0;
	if (r->d->px >= 0) {
		s[n++] = r->d->py * r->w + r->d->px;
		*rooms = 1;
		*nstarts = n;
		return (s);
	}
	for (i = 0; i < r->n; i++)
		*rooms += reach_walk(r, r->base[i]) && !reach_pocket(r, i);
	all = (int64_t)*rooms * REACH_TRIES < (int64_t)REACH_UNLIKELY * r->n;
	for (i = 0; i < r->n; i++)
		if (reach_walk(r, r->base[i]) && (all || !reach_pocket(r, i)))
			s[n++] = i;
	*nstarts = n;
	return (s);
}

/*
 * Where the game puts stairs in a map without any, for a player on cell
 * s (level_far_cell()): the first floor cell, in reading order, of those
 * farthest from s by four-way steps over cells `walk` enters and doors;
 * s itself when no other floor is reached.  dist and queue hold a cell
 * each.
 */
static int
reach_far(const struct reach *r, int s, int *dist, int *queue)
{
	static const int	dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			head = 0, tail = 0, i, k, x, y, best = -1;
	int			far = s;

	for (i = 0; i < r->n; i++)
		dist[i] = -1;
	dist[s] = 0;
	queue[tail++] = s;
	while (head < tail) {
		i = queue[head++];
		for (k = 0; k < 4; k++) {
			x = i % r->w + dx[k];
			y = i / r->w + dy[k];
			if (x < 0 || x >= r->w || y < 0 || y * r->w >= r->n ||
			    dist[y * r->w + x] >= 0 ||
			    (!reach_walk(r, r->base[y * r->w + x]) &&
			    r->base[y * r->w + x] != r->tt->door))
				continue;
			dist[y * r->w + x] = dist[i] + 1;
			queue[tail++] = y * r->w + x;
		}
	}
	for (i = 0; i < r->n; i++)
		if (dist[i] > best && r->base[i] == r->tt->floor) {
			best = dist[i];
			far = i;
		}
	return (far);
}

/* Records how one start fares into *out, the worst kept. */
static void
reach_note(const struct reach *r, struct dungeon_reach *out, int s,
    enum dungeon_reach_how how, int pocket)
{
	if (how < out->how)
		return;
	if (how > out->how) {
		out->how = how;
		out->nworst = 0;
		out->x = s % r->w;
		out->y = s / r->w;
		out->pocket = pocket;
	}
	out->nworst++;
}

/* How a start fares towards the map's exits, W of both searches given. */
static enum dungeon_reach_how
reach_how(int64_t walk, const int64_t *dig)
{
	if (walk >= 0)
		return (DUNGEON_REACH_WALK);
	return (dig != NULL && dig[0] >= 0 ? DUNGEON_REACH_DIG :
	    DUNGEON_REACH_NONE);
}

/* Checks the starts of a map with stairs or a goal. */
static void
reach_to_exits(const struct reach *r, const int *starts, int nstarts,
    struct dungeon_reach *out)
{
	int64_t	*walk = xcalloc((size_t)r->n, sizeof *walk), *dig = NULL;
	int	 i;

	reach_search(r, 0, -1, walk);
	for (i = 0; i < nstarts; i++) {
		if (walk[starts[i]] < 0 && dig == NULL) {
			dig = xcalloc((size_t)r->n, sizeof *dig);
			reach_search(r, 1, -1, dig);
		}
		reach_note(r, out, starts[i], reach_how(walk[starts[i]],
		    dig != NULL ? &dig[starts[i]] : NULL), 0);
	}
	free(walk);
	free(dig);
}

/*
 * In a map without gates or events, whether the game finds stairs for
 * each start cell: a floor cell other than itself in its part of the map
 * (four-way steps over cells `walk` enters and doors), as reach_far()
 * would, for all starts in one pass.  The walk that finds the stairs is
 * the player's way there.
 */
static void
reach_to_stairs_static(const struct reach *r, const int *starts,
    int nstarts, struct dungeon_reach *out)
{
	static const int	dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			*part, *floors, *queue, i, k, c, x, y, a;
	int			 nparts = 0, head, tail, pocket;

	part = xcalloc((size_t)r->n, sizeof *part);
	floors = xcalloc((size_t)r->n + 1, sizeof *floors);
	queue = xcalloc((size_t)r->n, sizeof *queue);
	for (i = 0; i < r->n; i++) {
		if (part[i] != 0 || (!reach_walk(r, r->base[i]) &&
		    r->base[i] != r->tt->door))
			continue;
		part[i] = ++nparts;
		head = tail = 0;
		queue[tail++] = i;
		while (head < tail) {
			c = queue[head++];
			floors[nparts] += r->base[c] == r->tt->floor;
			for (k = 0; k < 4; k++) {
				x = c % r->w + dx[k];
				y = c / r->w + dy[k];
				a = y * r->w + x;
				if (x < 0 || x >= r->w || y < 0 || a >= r->n ||
				    part[a] != 0 || (!reach_walk(r, r->base[a]) &&
				    r->base[a] != r->tt->door))
					continue;
				part[a] = nparts;
				queue[tail++] = a;
			}
		}
	}
	for (i = 0; i < nstarts; i++) {
		c = starts[i];
		pocket = floors[part[c]] - (r->base[c] == r->tt->floor) == 0;
		reach_note(r, out, c, pocket ? DUNGEON_REACH_NONE :
		    DUNGEON_REACH_WALK, pocket);
	}
	free(part);
	free(floors);
	free(queue);
}

/*
 * Checks the starts of a map without stairs or a goal: from each, the
 * game's stairs must be another cell, and reached.  A map without gates
 * or events needs no search (reach_to_stairs_static()).  Otherwise each
 * start's stairs are searched for, a search for each new cell (up to
 * REACH_SEARCHES_MAX, and while cells times starts stay under
 * REACH_WORK_MAX; past that, as if static).
 */
static void
reach_to_stairs(const struct reach *r, const int *starts, int nstarts,
    struct dungeon_reach *out)
{
	int64_t	*walk, *dig;
	int	*dist, *queue, i, far, last = -1, searches = 0;

	if (!r->dynamic || (int64_t)nstarts * r->n > REACH_WORK_MAX) {
		reach_to_stairs_static(r, starts, nstarts, out);
		return;
	}
	walk = xcalloc((size_t)r->n, sizeof *walk);
	dig = xcalloc((size_t)r->n, sizeof *dig);
	dist = xcalloc((size_t)r->n, sizeof *dist);
	queue = xcalloc((size_t)r->n, sizeof *queue);
	for (i = 0; i < nstarts; i++) {
		far = reach_far(r, starts[i], dist, queue);
		if (far == starts[i]) {
			reach_note(r, out, starts[i], DUNGEON_REACH_NONE, 1);
			continue;
		}
		if (far != last && searches < REACH_SEARCHES_MAX) {
			reach_search(r, 0, far, walk);
			reach_search(r, 1, far, dig);
			last = far;
			searches++;
		}
		reach_note(r, out, starts[i], far == last ?
		    reach_how(walk[starts[i]], &dig[starts[i]]) :
		    DUNGEON_REACH_WALK, 0);
	}
	free(walk);
	free(dig);
	free(dist);
	free(queue);
}

/* Adds a name to a list "a, b and c" of at most four, once. */
static void
reach_list_add(char *buf, size_t size, char names[4][NAME_LEN + 40],
    int *n, const char *name)
{
	int	i;

	for (i = 0; i < *n; i++)
		if (strcmp(names[i], name) == 0)
			return;
	if (*n == 4)
		return;
	snprintf(names[(*n)++], sizeof names[0], "%s", name);
	buf[0] = '\0';
	for (i = 0; i < *n; i++)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
		    i == 0 ? "" : i + 1 == *n ? " and " : ", ", names[i]);
}

/* Whether the player could ever stand on cell i, digging if need be. */
static int
reach_ever(const struct reach *r, int i)
{
	int	k;

	if (r->gate[i] >= 0)
		return (reach_gate_ever(r, &r->d->gates[r->gate[i]]));
	for (k = r->off[i]; k <= r->off[i + 1]; k++) {
		int	t = k > r->off[i] ? r->to[k - 1] : r->base[i];

		if (reach_walk(r, t) || reach_opens(r, t) || reach_digs(r, t))
			return (1);
	}
	return (0);
}

/*
 * Why start s reaches no way out (the map's exits, or cell target, the
 * game's stairs): the cells it could ever reach, at any time, digging
 * too, are flooded; when they hold the way out, events or
 * gates shut the way in time (out->late), else the terrains and gates
 * at the edge of the flood are what shut it (out->shut).
 */
static void
reach_why(const struct reach *r, int s, int target, struct dungeon_reach *out)
{
	char	 names[4][NAME_LEN + 40], name[NAME_LEN + 40];
	int	*queue = xcalloc((size_t)r->n, sizeof *queue);
	uint8_t	*seen = xcalloc((size_t)r->n, 1);
	int	 head = 0, tail = 0, nnames = 0, i, a, dx, dy, x, y;

	queue[tail++] = s;
	seen[s] = 1;
	while (head < tail) {
		i = queue[head++];
		if (target >= 0 ? i == target : reach_exit_until(r, i) >= 0)
			out->late = 1;
		x = i % r->w;
		y = i / r->w;
		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++) {
				a = (y + dy) * r->w + x + dx;
				if (x + dx < 0 || x + dx >= r->w || y + dy < 0 ||
				    a >= r->n || seen[a] || (dx != 0 && dy != 0 &&
				    r->rules.movement == PATH_MOVE_4))
					continue;
				if (reach_ever(r, a)) {
					seen[a] = 1;
					queue[tail++] = a;
				} else if (r->gate[a] >= 0) {
					snprintf(name, sizeof name, "gate \"%s\", "
					    "which never lets the player by",
					    r->d->gates[r->gate[a]].name);
					reach_list_add(out->shut, sizeof out->shut,
					    names, &nnames, name);
				} else
					reach_list_add(out->shut, sizeof out->shut,
					    names, &nnames,
					    r->tt->t[r->base[a]].name);
			}
	}
	if (out->pocket || out->late)
		out->shut[0] = '\0';
	free(queue);
	free(seen);
}

/* Searches a whole level: see dungeon-reach.h. */
void
dungeon_reach(const struct dungeon *d, const struct terrain_table *tt,
    struct dungeon_reach *out)
{
	struct reach	 r;
	int		*starts, *dist, *queue, i, s, far = -1;

	memset(out, 0, sizeof *out);
	out->x = out->y = -1;
	reach_init(&r, d, tt);
	for (i = 0; i < r.n; i++)
		out->exits += (tt->t[d->terrain[i]].flags & (TERRAIN_STAIRS |
		    TERRAIN_GOAL)) != 0;
	starts = reach_starts(&r, &out->nstarts, &out->rooms);
	if (out->exits > 0)
		reach_to_exits(&r, starts, out->nstarts, out);
	else
		reach_to_stairs(&r, starts, out->nstarts, out);
	if (out->how == DUNGEON_REACH_NONE && !out->pocket) {
		s = out->y * r.w + out->x;
		if (out->exits == 0) {
			dist = xcalloc((size_t)r.n, sizeof *dist);
			queue = xcalloc((size_t)r.n, sizeof *queue);
			far = reach_far(&r, s, dist, queue);
			free(dist);
			free(queue);
		}
		reach_why(&r, s, far, out);
	}
	free(starts);
	reach_free(&r);
}

/* The search's label of one cell: see dungeon-reach.h. */
int64_t
dungeon_reach_latest(const struct dungeon *d, const struct terrain_table *tt,
    int x, int y, int dig)
{
	struct reach	 r;
	int64_t		*win, w;

	reach_init(&r, d, tt);
	win = xcalloc((size_t)r.n, sizeof *win);
	reach_search(&r, dig, -1, win);
	w = win[y * r.w + x];
	free(win);
	reach_free(&r);
	return (w);
}
