/*
 * textbook.c: A* the way tutorials write it (see textbook.h).
 *
 * Written to be read beside a tutorial, not to be fast: one record per
 * cell of the map, allocated per search, and a binary heap of cell
 * numbers with each cell's position in it, so that improving an open
 * cell moves it up in place.  The heap compares cells with
 * path_textbook_before(), whose last tie is the insertion number, so no
 * two cells ever compare equal and the order of the heap is the order
 * of the comparison, whatever the heap's shape: a narrator sorting the
 * open list with the same function sees the order cells will leave it.
 *
 * A cell's insertion number is given when it first goes on the open
 * list and kept when its g improves: a tutorial's open list is an array
 * in which an improved cell keeps its place.  With duplicates kept
 * (PATH_TB_DUP_KEEP) the heap holds entries, not cells: every push is a
 * new entry with a new insertion number, pos[] is not used, and the heap
 * grows past the map's size when it must.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "textbook.h"
#include "xmalloc.h"

enum tb_state { TB_UNSEEN, TB_OPEN, TB_CLOSED };

/* An entry of the open list: the cell with its keys, so comparing two
 * entries never reaches into the cell arrays. */
struct tb_entry {
	struct path_textbook_key	key;
	int				cell;
};

/* The search's state: the map's cells and the open list. */
struct tb_search {
	const struct path_textbook_map		*map;
	const struct path_textbook_rules	*rules;
	path_textbook_fn			 fn;
	void					*ctx;
	path_cost				*g;
	path_cost				*h;
	uint64_t				*seq;
	int					*parent;
	uint32_t				*pos;	/* in heap[] */
	uint8_t					*state;
	struct tb_entry				*heap;
	size_t					 nheap;
	size_t					 capheap;
	uint64_t				 next_seq;
	int					 start, goal;
	struct path_stats			 stats;
};

static const char *const tb_dir_names[8] = {
	"N", "NE", "E", "SE", "S", "SW", "W", "NW"
};
static const int tb_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int tb_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
static const char *const tb_tie_names[] = {
	"larger-g", "fifo", "lifo", "smaller-h", "xy", "yx"
};
#define TB_NTIES	(sizeof tb_tie_names / sizeof tb_tie_names[0])
static const char *const tb_parity_names[] = { "none", "even", "odd" };
static const char *const tb_h_names[] = {
	"zero", "manhattan", "octile", "chebyshev", "euclid", "euclid-floor"
};
static const char *const tb_reason_names[] = {
	"wall", "corner", "start", "closed", "not-better"
};

/* The library's conventions: see textbook.h. */
struct path_textbook_rules
path_textbook_rules_default(void)
{
	return ((struct path_textbook_rules){
		.order = { PATH_TB_N, PATH_TB_E, PATH_TB_S, PATH_TB_W },
		.norder = 4,
		.diagonal = PATH_DIAG_NO_CORNER_CUT,
		.orth = PATH_COST_ORTHO,
		.diag = PATH_COST_DIAG,
		.heuristic = PATH_TB_H_MANHATTAN,
		.scale = PATH_COST_ORTHO,
		.tie = PATH_TB_TIE_LARGER_G,
		.goal_test = PATH_TB_GOAL_EXPAND,
		.close_start = true,
	});
}

/* The open list's order, inlined into the heap's sifts. */
static inline bool
tb_key_before(const struct path_textbook_rules *r,
    const struct path_textbook_key *a, const struct path_textbook_key *b)
{
	if (a->f != b->f)
		return (a->f < b->f);
	if (r->smaller_g_first && a->g != b->g)
		return (a->g < b->g);
	switch (r->tie) {
	case PATH_TB_TIE_LARGER_G:
		if (a->g != b->g)
			return (a->g > b->g);
		break;
	case PATH_TB_TIE_SMALLER_H:
		if (a->h != b->h)
			return (a->h < b->h);
		break;
	case PATH_TB_TIE_LIFO:
		return (a->seq > b->seq);
	case PATH_TB_TIE_XY:
		if (a->x != b->x)
			return (a->x < b->x);
		if (a->y != b->y)
			return (a->y < b->y);
		break;
	case PATH_TB_TIE_YX:
		if (a->y != b->y)
			return (a->y < b->y);
		if (a->x != b->x)
			return (a->x < b->x);
		break;
	default:
		break;
	}
	return (a->seq < b->seq);
}

/* The open list's order: see textbook.h. */
bool
path_textbook_before(const struct path_textbook_rules *r,
    const struct path_textbook_key *a, const struct path_textbook_key *b)
{
	return (tb_key_before(r, a, b));
}

/* The heuristic: see textbook.h. */
path_cost
path_textbook_heuristic(const struct path_textbook_rules *r, int x0, int y0,
    int x1, int y1)
{
	path_cost	dx = x0 > x1 ? x0 - x1 : x1 - x0;
	path_cost	dy = y0 > y1 ? y0 - y1 : y1 - y0;
	path_cost	lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
	double		d = sqrt((double)(dx * dx + dy * dy));

	switch (r->heuristic) {
	case PATH_TB_H_MANHATTAN:
		return (r->scale * (dx + dy));
	case PATH_TB_H_OCTILE:
		return (r->scale * (r->orth * (hi - lo) + r->diag * lo) /
		    r->orth);
	case PATH_TB_H_CHEBYSHEV:
		return (r->scale * hi);
	case PATH_TB_H_EUCLID:
		/* Below the true length even where sqrt rounds up. */
		return ((path_cost)((double)r->scale * d * (1 - 1e-12)));
	case PATH_TB_H_EUCLID_FLOOR:
		return (r->scale * (path_cost)(d * (1 + 1e-12)));
	default:
		return (0);
	}
}

/* The step of a direction: see textbook.h. */
void
path_textbook_dir_step(enum path_textbook_dir d, int *dx, int *dy)
{
	*dx = tb_dx[d];
	*dy = tb_dy[d];
}

/* A direction's name: see textbook.h. */
const char *
path_textbook_dir_name(enum path_textbook_dir d)
{
	return ((unsigned)d < 8 ? tb_dir_names[d] : "?");
}

/* Parses a direction of len bytes, in any case; returns 0, or -1. */
int
path_textbook_dir_parse(const char *s, size_t len, enum path_textbook_dir *out)
{
	size_t	i, k;

	for (i = 0; i < 8; i++) {
		if (strlen(tb_dir_names[i]) != len)
			continue;
		for (k = 0; k < len; k++) {
			if ((s[k] & ~0x20) != tb_dir_names[i][k])
				break;
		}
		if (k == len) {
			*out = (enum path_textbook_dir)i;
			return (0);
		}
	}
	return (-1);
}

/* A tie rule's name: see textbook.h. */
const char *
path_textbook_tie_name(enum path_textbook_tie t)
{
	return ((unsigned)t < TB_NTIES ? tb_tie_names[t] : "?");
}

/* Parses a tie rule ("cell", the cell number, is yx); returns 0, or -1. */
int
path_textbook_tie_parse(const char *s, enum path_textbook_tie *out)
{
	size_t	i;

	if (strcmp(s, "cell") == 0) {
		*out = PATH_TB_TIE_YX;
		return (0);
	}
	for (i = 0; i < TB_NTIES; i++) {
		if (strcmp(s, tb_tie_names[i]) == 0) {
			*out = (enum path_textbook_tie)i;
			return (0);
		}
	}
	return (-1);
}

/* A parity's name: see textbook.h. */
const char *
path_textbook_parity_name(enum path_textbook_parity p)
{
	return ((unsigned)p < 3 ? tb_parity_names[p] : "?");
}

/* Parses a parity; returns 0, or -1. */
int
path_textbook_parity_parse(const char *s, enum path_textbook_parity *out)
{
	size_t	i;

	for (i = 0; i < 3; i++) {
		if (strcmp(s, tb_parity_names[i]) == 0) {
			*out = (enum path_textbook_parity)i;
			return (0);
		}
	}
	return (-1);
}

/* A heuristic's name: see textbook.h. */
const char *
path_textbook_h_name(enum path_textbook_h h)
{
	return ((unsigned)h < 6 ? tb_h_names[h] : "?");
}

/* Parses a heuristic name of len bytes; returns 0, or -1. */
int
path_textbook_h_parse(const char *s, size_t len, enum path_textbook_h *out)
{
	size_t	i;

	for (i = 0; i < 6; i++) {
		if (strlen(tb_h_names[i]) == len &&
		    memcmp(s, tb_h_names[i], len) == 0) {
			*out = (enum path_textbook_h)i;
			return (0);
		}
	}
	return (-1);
}

/* A rejection's reason as CSV writes it: see textbook.h. */
const char *
path_textbook_reason_name(enum path_textbook_reason r)
{
	return ((unsigned)r < 5 ? tb_reason_names[r] : "?");
}

/* Whether entry a leaves the open list before entry b. */
static inline bool
tb_before(const struct tb_search *s, const struct tb_entry *a,
    const struct tb_entry *b)
{
	return (tb_key_before(s->rules, &a->key, &b->key));
}

/* Puts an entry at heap position i, recording where its cell is. */
static inline void
tb_place(struct tb_search *s, size_t i, struct tb_entry e)
{
	s->heap[i] = e;
	s->pos[e.cell] = (uint32_t)i;
}

/* Moves the entry at position i up while it goes before its parent. */
static void
tb_sift_up(struct tb_search *s, size_t i)
{
	struct tb_entry	e = s->heap[i];

	while (i > 0 && tb_before(s, &e, &s->heap[(i - 1) / 2])) {
		tb_place(s, i, s->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	tb_place(s, i, e);
}

/* Takes the first entry off the open list. */
static struct tb_entry
tb_pop(struct tb_search *s)
{
	struct tb_entry	top = s->heap[0], last;
	size_t		i = 0, l;

	last = s->heap[--s->nheap];
	for (;;) {
		l = 2 * i + 1;
		if (l >= s->nheap)
			break;
		if (l + 1 < s->nheap && tb_before(s, &s->heap[l + 1],
		    &s->heap[l]))
			l++;
		if (!tb_before(s, &s->heap[l], &last))
			break;
		tb_place(s, i, s->heap[l]);
		i = l;
	}
	if (s->nheap > 0)
		tb_place(s, i, last);
	return (top);
}

/*
 * Puts an open cell's entry on the heap, or moves it after its g fell
 * (present: only with UPDATE; with KEEP every push is a new entry).
 */
static void
tb_push(struct tb_search *s, int v, bool present)
{
	struct tb_entry	e = { { s->rules->greedy ? s->h[v] : s->g[v] + s->h[v],
			    s->g[v], s->h[v], s->seq[v], v % s->map->width,
			    v / s->map->width }, v };

	if (!present) {
		if (s->nheap == s->capheap) {
			s->capheap *= 2;
			s->heap = xreallocarray(s->heap, s->capheap,
			    sizeof *s->heap);
		}
		s->pos[v] = (uint32_t)s->nheap++;
	}
	s->heap[s->pos[v]] = e;
	tb_sift_up(s, s->pos[v]);
}

/* Reports an event about cell v seen from cell u. */
static void
tb_report(struct tb_search *s, enum path_textbook_event_kind kind,
    enum path_textbook_reason reason, int v, int u, path_cost g,
    path_cost old_g)
{
	int	w = s->map->width;

	if (s->fn == NULL)
		return;
	s->fn(s->ctx, &(struct path_textbook_event){
		.kind = kind, .reason = reason, .x = v % w, .y = v / w,
		.px = u % w, .py = u / w, .g = g, .h = s->h[v],
		.old_g = old_g, .seq = s->seq[v] });
}

/* Reports the entry e taken off the open list. */
static void
tb_report_take(struct tb_search *s, const struct tb_entry *e)
{
	int	w = s->map->width, v = e->cell, u = s->parent[v];

	if (s->fn == NULL)
		return;
	s->fn(s->ctx, &(struct path_textbook_event){
		.kind = PATH_TB_TAKE, .x = v % w, .y = v / w, .px = u % w,
		.py = u / w, .g = s->g[v], .h = s->h[v], .old_g = e->key.g,
		.seq = e->key.seq, .stale = e->key.g > s->g[v] });
}

/*
 * Why the step from u by direction d may not be taken, or -1 if it may;
 * *v is the cell it leads to, -2 when that is off the map (steps off the
 * map are not neighbours and are not reported).
 */
static int
tb_step_refused(const struct tb_search *s, int u, enum path_textbook_dir d,
    int *v)
{
	const struct path_textbook_map	*m = s->map;
	int				 x = u % m->width, y = u / m->width;
	int				 nx = x + tb_dx[d], ny = y + tb_dy[d];
	bool				 a, b;

	if (nx < 0 || ny < 0 || nx >= m->width || ny >= m->height) {
		*v = -2;
		return (-1);
	}
	*v = ny * m->width + nx;
	if (m->cost[*v] == 0)
		return (PATH_TB_WALL);
	if (tb_dx[d] != 0 && tb_dy[d] != 0) {
		a = m->cost[y * m->width + nx] != 0;
		b = m->cost[ny * m->width + x] != 0;
		if (s->rules->diagonal == PATH_DIAG_NEVER ||
		    (s->rules->diagonal == PATH_DIAG_NO_CORNER_CUT && !(a && b)) ||
		    (s->rules->diagonal == PATH_DIAG_ONE_SIDE && !(a || b)))
			return (PATH_TB_CORNER);
	}
	if (*v == s->start && !s->rules->close_start)
		return (PATH_TB_IS_START);
	if (s->state[*v] == TB_CLOSED &&
	    s->rules->duplicates != PATH_TB_DUP_KEEP)
		return (PATH_TB_CLOSED);
	return (-1);
}

/* Whether the neighbours of u are tried in the rules' order backwards. */
static bool
tb_reversed(const struct tb_search *s, int u)
{
	int	odd = (u % s->map->width + u / s->map->width) % 2;

	return ((s->rules->parity == PATH_TB_PARITY_EVEN && !odd) ||
	    (s->rules->parity == PATH_TB_PARITY_ODD && odd));
}

/*
 * Looks at the neighbours of u in the rules' order, adding and improving
 * them; returns true when the goal was put on the open list and the goal
 * test is on generation.
 */
static bool
tb_expand(struct tb_search *s, int u)
{
	const struct path_textbook_rules	*r = s->rules;
	path_cost				 ng;
	int					 i, v, why;
	enum path_textbook_dir			 d;
	bool					 back = tb_reversed(s, u);
	bool					 keep = r->duplicates ==
						     PATH_TB_DUP_KEEP;

	for (i = 0; i < r->norder; i++) {
		d = r->order[back ? r->norder - 1 - i : i];
		why = tb_step_refused(s, u, d, &v);
		if (v == -2)
			continue;
		if (why >= 0) {
			tb_report(s, PATH_TB_REJECT, why, v, u, 0, s->g[v]);
			continue;
		}
		ng = s->g[u] + (tb_dx[d] != 0 && tb_dy[d] != 0 ? r->diag :
		    r->orth) * (path_cost)s->map->cost[v];
		if (s->state[v] != TB_UNSEEN && ng >= s->g[v]) {
			tb_report(s, PATH_TB_REJECT, PATH_TB_NOT_BETTER, v, u, ng,
			    s->g[v]);
			continue;
		}
		s->stats.pushes++;
		s->parent[v] = u;
		if (s->state[v] != TB_UNSEEN) {
			path_cost	old = s->g[v];

			s->g[v] = ng;
			if (keep) {
				s->state[v] = TB_OPEN;
				s->seq[v] = s->next_seq++;
			}
			tb_push(s, v, !keep);
			tb_report(s, PATH_TB_IMPROVE, 0, v, u, ng, old);
			continue;
		}
		s->stats.touched++;
		s->state[v] = TB_OPEN;
		s->g[v] = ng;
		s->h[v] = path_textbook_heuristic(r, v % s->map->width,
		    v / s->map->width, s->goal % s->map->width,
		    s->goal / s->map->width);
		s->seq[v] = s->next_seq++;
		tb_push(s, v, false);
		tb_report(s, PATH_TB_ADD, 0, v, u, ng, 0);
		if (v == s->goal && r->goal_test == PATH_TB_GOAL_GENERATE)
			return (true);
	}
	return (false);
}

/* Fills the result's path from the goal's parents, start first. */
static void
tb_path(struct tb_search *s, struct path_textbook_result *res)
{
	size_t	n = 1, i;
	int	v;

	for (v = s->goal; v != s->start; v = s->parent[v])
		n++;
	res->path = xcalloc(n, sizeof *res->path);
	res->npath = n;
	for (v = s->goal, i = n; i-- > 0; v = s->parent[v])
		res->path[i] = (struct path_point){ v % s->map->width,
		    v / s->map->width };
	res->cost = s->g[s->goal];
}

/* Runs the loop of the search once the start is on the open list. */
static void
tb_run(struct tb_search *s, struct path_textbook_result *res)
{
	struct tb_entry	e;
	int		u;

	while (s->nheap > 0) {
		e = tb_pop(s);
		u = e.cell;
		s->state[u] = TB_CLOSED;
		s->stats.expansions++;
		tb_report_take(s, &e);
		/* A start that is the goal is never generated: it is taken. */
		if ((u == s->goal && (s->rules->goal_test ==
		    PATH_TB_GOAL_EXPAND || u == s->start)) || tb_expand(s, u)) {
			if (s->state[s->goal] == TB_OPEN)
				s->state[s->goal] = TB_CLOSED;
			tb_report(s, PATH_TB_GOAL, 0, s->goal,
			    s->parent[s->goal], s->g[s->goal], 0);
			tb_path(s, res);
			return;
		}
	}
	tb_report(s, PATH_TB_EXHAUSTED, 0, s->start, s->start, 0, 0);
}

/* The search: see textbook.h. */
path_cost
path_textbook_search(const struct path_textbook_map *map,
    const struct path_textbook_rules *rules, int sx, int sy, int gx, int gy,
    path_textbook_fn fn, void *ctx, struct path_textbook_result *res)
{
	struct tb_search	 s = { .map = map, .rules = rules, .fn = fn,
				     .ctx = ctx };
	size_t			 n = (size_t)map->width * (size_t)map->height;

	memset(res, 0, sizeof *res);
	res->cost = PATH_COST_NONE;
	s.start = sy * map->width + sx;
	s.goal = gy * map->width + gx;
	if (map->cost[s.start] == 0 || map->cost[s.goal] == 0)
		return (PATH_COST_NONE);
	s.g = xcalloc(n, sizeof *s.g);
	s.h = xcalloc(n, sizeof *s.h);
	s.seq = xcalloc(n, sizeof *s.seq);
	s.parent = xcalloc(n, sizeof *s.parent);
	s.pos = xcalloc(n, sizeof *s.pos);
	s.state = xcalloc(n, sizeof *s.state);
	s.capheap = n;
	s.heap = xcalloc(n, sizeof *s.heap);
	s.h[s.start] = path_textbook_heuristic(rules, sx, sy, gx, gy);
	s.parent[s.start] = s.start;
	s.state[s.start] = TB_OPEN;
	s.seq[s.start] = s.next_seq++;
	tb_push(&s, s.start, false);
	s.stats.pushes = s.stats.touched = 1;
	tb_report(&s, PATH_TB_START, 0, s.start, s.start, 0, 0);
	tb_run(&s, res);
	res->stats = s.stats;
	free(s.g);
	free(s.h);
	free(s.seq);
	free(s.parent);
	free(s.pos);
	free(s.state);
	free(s.heap);
	return (res->cost);
}
