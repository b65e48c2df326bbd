/*
 * textbook-bidir.c: bidirectional Dijkstra, for comparing searches.
 *
 * Two uniform-cost searches, one out of the start and one back from the
 * goal, each expanding in turn whichever has the smaller least key.
 * Every step that reaches a cell the other side has a distance for
 * offers a route through it; the search stops when the two least keys
 * add up to no less than the best route offered, which is then optimal.
 * The backward search walks steps in reverse: the step from u into v
 * costs what entering v costs, whichever side looks at it, so weighted
 * maps come out right.  Open lists are binary heaps with lazy deletion
 * (an entry whose key is above its cell's distance is skipped).
 */
#include <stdlib.h>
#include <string.h>

#include "textbook.h"
#include "xmalloc.h"

#define INF	PATH_COST_NONE

/* An entry of an open list. */
struct bd_entry {
	path_cost	key;
	int		cell;
};

/* One direction's search. */
struct bd_side {
	path_cost	*d;
	int		*parent;
	uint8_t		*closed;
	struct bd_entry	*heap;
	size_t		 n, cap;
	bool		 forward;
};

/* Pushes an entry onto a side's heap. */
static void
bd_push(struct bd_side *s, path_cost key, int cell)
{
	size_t	i;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->heap = xreallocarray(s->heap, s->cap, sizeof *s->heap);
	}
	for (i = s->n++; i > 0 && s->heap[(i - 1) / 2].key > key;
	    i = (i - 1) / 2)
		s->heap[i] = s->heap[(i - 1) / 2];
	s->heap[i] = (struct bd_entry){ key, cell };
}

/* Pops the least entry of a side's heap (which must not be empty). */
static struct bd_entry
bd_pop(struct bd_side *s)
{
	struct bd_entry	top = s->heap[0], last = s->heap[--s->n];
	size_t		i = 0, l;

	for (;;) {
		l = 2 * i + 1;
		if (l >= s->n)
			break;
		if (l + 1 < s->n && s->heap[l + 1].key < s->heap[l].key)
			l++;
		if (s->heap[l].key >= last.key)
			break;
		s->heap[i] = s->heap[l];
		i = l;
	}
	if (s->n > 0)
		s->heap[i] = last;
	return (top);
}

/* The cost of the step from a into its neighbour b, or INF. */
static path_cost
bd_step(const struct path_textbook_map *m, const struct path_textbook_rules *r,
    int a, int b)
{
	int	ax = a % m->width, ay = a / m->width;
	int	bx = b % m->width, by = b / m->width;
	bool	s1, s2;

	if (m->cost[a] == 0 || m->cost[b] == 0)
		return (INF);
	if (ax == bx || ay == by)
		return (r->orth * m->cost[b]);
	s1 = m->cost[ay * m->width + bx] != 0;
	s2 = m->cost[by * m->width + ax] != 0;
	if (r->diagonal == PATH_DIAG_NEVER ||
	    (r->diagonal == PATH_DIAG_NO_CORNER_CUT && !(s1 && s2)) ||
	    (r->diagonal == PATH_DIAG_ONE_SIDE && !(s1 || s2)))
		return (INF);
	return (r->diag * m->cost[b]);
}

/*
 * Expands u on side s: relaxes its neighbours and offers routes through
 * cells the other side has reached, lowering *best and setting *meet.
 */
static void
bd_expand(const struct path_textbook_map *m,
    const struct path_textbook_rules *r, struct bd_side *s,
    const struct bd_side *other, int u, path_cost *best, int *meet)
{
	int		i, dx, dy, x = u % m->width, y = u / m->width, v;
	path_cost	c, nd;

	for (i = 0; i < r->norder; i++) {
		path_textbook_dir_step(r->order[i], &dx, &dy);
		if (x + dx < 0 || y + dy < 0 || x + dx >= m->width ||
		    y + dy >= m->height)
			continue;
		v = (y + dy) * m->width + x + dx;
		c = s->forward ? bd_step(m, r, u, v) : bd_step(m, r, v, u);
		if (c == INF || s->closed[v])
			continue;
		nd = s->d[u] + c;
		if (nd < s->d[v]) {
			s->d[v] = nd;
			s->parent[v] = u;
			bd_push(s, nd, v);
		}
		if (other->d[v] != INF && nd + other->d[v] < *best) {
			*best = nd + other->d[v];
			*meet = v;
		}
	}
}

/* Fills the result's path through the meeting cell, start first. */
static void
bd_path(const struct path_textbook_map *m, const struct bd_side *f,
    const struct bd_side *b, int start, int goal, int meet,
    struct path_textbook_result *res)
{
	size_t	nf = 1, nb = 0, i;
	int	v;

	for (v = meet; v != start; v = f->parent[v])
		nf++;
	for (v = meet; v != goal; v = b->parent[v])
		nb++;
	res->path = xcalloc(nf + nb, sizeof *res->path);
	res->npath = nf + nb;
	for (v = meet, i = nf; i-- > 0; v = f->parent[v])
		res->path[i] = (struct path_point){ v % m->width,
		    v / m->width };
	for (v = meet, i = nf; i < nf + nb; i++) {
		v = b->parent[v];
		res->path[i] = (struct path_point){ v % m->width,
		    v / m->width };
	}
}

/* Sets up one side rooted at cell root. */
static void
bd_side_init(struct bd_side *s, size_t n, int root, bool forward)
{
	size_t	i;

	memset(s, 0, sizeof *s);
	s->d = xcalloc(n, sizeof *s->d);
	s->parent = xcalloc(n, sizeof *s->parent);
	s->closed = xcalloc(n, 1);
	for (i = 0; i < n; i++)
		s->d[i] = INF;
	s->d[root] = 0;
	s->parent[root] = root;
	s->forward = forward;
	bd_push(s, 0, root);
}

/* Frees one side. */
static void
bd_side_free(struct bd_side *s)
{
	free(s->d);
	free(s->parent);
	free(s->closed);
	free(s->heap);
}

/* The search: see textbook.h. */
path_cost
path_textbook_bidirectional(const struct path_textbook_map *m,
    const struct path_textbook_rules *r, int sx, int sy, int gx, int gy,
    path_textbook_fn fn, void *ctx, struct path_textbook_result *res)
{
	struct bd_side	f, b, *s, *o;
	struct bd_entry	e;
	size_t		n = (size_t)m->width * m->height;
	int		start = sy * m->width + sx, goal = gy * m->width + gx;
	int		meet = start == goal ? start : -1;
	path_cost	best = start == goal ? 0 : INF;

	memset(res, 0, sizeof *res);
	res->cost = INF;
	if (m->cost[start] == 0 || m->cost[goal] == 0)
		return (INF);
	bd_side_init(&f, n, start, true);
	bd_side_init(&b, n, goal, false);
	while (f.n > 0 && b.n > 0 && (best == INF ||
	    f.heap[0].key + b.heap[0].key < best)) {
		s = f.heap[0].key <= b.heap[0].key ? &f : &b;
		o = s == &f ? &b : &f;
		e = bd_pop(s);
		if (s->closed[e.cell] || e.key > s->d[e.cell])
			continue;
		s->closed[e.cell] = 1;
		res->stats.expansions++;
		if (fn != NULL)
			fn(ctx, &(struct path_textbook_event){ .kind =
			    PATH_TB_TAKE, .x = e.cell % m->width,
			    .y = e.cell / m->width, .g = e.key });
		bd_expand(m, r, s, o, e.cell, &best, &meet);
	}
	if (best != INF) {
		res->cost = best;
		bd_path(m, &f, &b, start, goal, meet, res);
	}
	bd_side_free(&f);
	bd_side_free(&b);
	return (res->cost);
}
