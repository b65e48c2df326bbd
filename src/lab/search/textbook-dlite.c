/*
 * textbook-dlite.c: LPA*, D* Lite and MT-D* Lite as the papers print them
 * (see textbook-dlite.h).
 *
 * One engine serves the three.  It searches from a root, whose rhs is 0,
 * towards an aim, whose heuristic guides it: the hunter and the target
 * for LPA* and MT-D* Lite, the target and the hunter for D* Lite.  A
 * cell's rhs is the least g of a neighbour plus the step between them,
 * taken in the direction of the search (into the cell when searching
 * from the hunter, out of it when searching back from the target: a step
 * costs what the tile it enters costs, so the two differ on weighted
 * maps).  The parent of a cell is the neighbour that gave its rhs; the
 * path runs along parents from the aim to the root.
 *
 * Keys are [min(g, rhs) + h(cell, aim) + km; min(g, rhs)].  The open
 * list is a binary heap with positions, ordered by key and then by the
 * rules' tie (see textbook-dlite.h), and keeps the key each cell was
 * inserted with; a cell whose stored key is below its current one (km
 * grew since) is re-inserted instead of expanded, as D* Lite does.
 * Every push of a cell, even one that leaves its key as it was, gives
 * it a new insertion number, as code that deletes and re-inserts a cell
 * in UpdateVertex does; re-keying the whole list (LPA*'s moving target)
 * keeps them.
 */
#include <stdlib.h>
#include <string.h>

#include "textbook-dlite.h"
#include "xmalloc.h"

#define INF	PATH_COST_NONE
#define NOWHERE	UINT32_MAX

struct path_tbdl {
	enum path_tbdl_algorithm		 algo;
	struct path_textbook_rules		 rules;
	int					 w, h;
	uint32_t				*cost;	/* our copy */
	path_cost				*g, *rhs, *k1, *k2;
	int					*parent;
	uint32_t				*pos;	/* in heap, or NOWHERE */
	uint64_t				*seq;	/* of the last push */
	uint64_t				 next_seq;
	int					*heap;
	size_t					 nheap;
	int					 hunter, target;
	int					 root, aim;
	path_cost				 km;
	bool					 forward; /* root is the hunter */
	uint64_t				 expanded;
	path_tbdl_fn				 fn;
	void					*ctx;
};

static const char *const tbdl_names[] = { "lpa", "dstar", "mtdstar" };

/* Adds two costs, infinity absorbing. */
static path_cost
tbdl_add(path_cost a, path_cost b)
{
	return (a == INF || b == INF ? INF : a + b);
}

/* Reports an event about cell u. */
static void
tbdl_report(struct path_tbdl *t, enum path_tbdl_event_kind kind, int u,
    path_cost old_rhs, bool over)
{
	if (t->fn == NULL)
		return;
	t->fn(t->ctx, &(struct path_tbdl_event){ .kind = kind,
	    .x = u % t->w, .y = u / t->w, .g = t->g[u], .rhs = t->rhs[u],
	    .old_rhs = old_rhs, .k1 = t->k1[u], .k2 = t->k2[u], .over = over });
}

/* The cost of the step from a into its neighbour b, or INF. */
static path_cost
tbdl_step(const struct path_tbdl *t, int a, int b)
{
	int	ax = a % t->w, ay = a / t->w, bx = b % t->w, by = b / t->w;
	bool	s1, s2;

	if (t->cost[a] == 0 || t->cost[b] == 0)
		return (INF);
	if (ax == bx || ay == by)
		return (t->rules.orth * t->cost[b]);
	s1 = t->cost[ay * t->w + bx] != 0;
	s2 = t->cost[by * t->w + ax] != 0;
	if (t->rules.diagonal == PATH_DIAG_NEVER ||
	    (t->rules.diagonal == PATH_DIAG_NO_CORNER_CUT && !(s1 && s2)) ||
	    (t->rules.diagonal == PATH_DIAG_ONE_SIDE && !(s1 || s2)))
		return (INF);
	return (t->rules.diag * t->cost[b]);
}

/*
 * Fills out[] with u's neighbours in the rules' directions (backwards on
 * the cells the parity rule names); returns how many.
 */
static int
tbdl_neighbours(const struct path_tbdl *t, int u, int out[8])
{
	int	i, n = 0, dx, dy, x = u % t->w, y = u / t->w;
	int	no = t->rules.norder;
	bool	back = (t->rules.parity == PATH_TB_PARITY_EVEN &&
		    (x + y) % 2 == 0) || (t->rules.parity ==
		    PATH_TB_PARITY_ODD && (x + y) % 2 == 1);

	for (i = 0; i < no; i++) {
		path_textbook_dir_step(t->rules.order[back ? no - 1 - i : i],
		    &dx, &dy);
		if (x + dx >= 0 && x + dx < t->w && y + dy >= 0 &&
		    y + dy < t->h)
			out[n++] = (y + dy) * t->w + x + dx;
	}
	return (n);
}

/* The edge between a cell and its neighbour n, in the search's direction. */
static path_cost
tbdl_edge(const struct path_tbdl *t, int n, int cell)
{
	return (t->forward ? tbdl_step(t, n, cell) : tbdl_step(t, cell, n));
}

/* Whether key (a1,a2) comes before key (b1,b2). */
static bool
tbdl_key_less(path_cost a1, path_cost a2, path_cost b1, path_cost b2)
{
	if (a1 != b1)
		return (a1 < b1);
	return (a2 < b2);
}

/* Among equal keys, whether open cell u leaves before v (the tie rule). */
static bool
tbdl_tie(const struct path_tbdl *t, int u, int v)
{
	switch (t->rules.tie) {
	case PATH_TB_TIE_FIFO:
		return (t->seq[u] < t->seq[v]);
	case PATH_TB_TIE_LIFO:
		return (t->seq[u] > t->seq[v]);
	case PATH_TB_TIE_XY:
		if (u % t->w != v % t->w)
			return (u % t->w < v % t->w);
		return (u < v);
	default:
		return (u < v);
	}
}

/* Whether open cell u leaves the open list before open cell v. */
static bool
tbdl_before(const struct path_tbdl *t, int u, int v)
{
	if (t->k1[u] != t->k1[v] || t->k2[u] != t->k2[v])
		return (tbdl_key_less(t->k1[u], t->k2[u], t->k1[v], t->k2[v]));
	return (tbdl_tie(t, u, v));
}

/* Computes a cell's key into k1, k2 (not stored). */
static void
tbdl_key(const struct path_tbdl *t, int u, path_cost *k1, path_cost *k2)
{
	path_cost	m = t->g[u] < t->rhs[u] ? t->g[u] : t->rhs[u];

	*k2 = m;
	*k1 = tbdl_add(tbdl_add(m, path_textbook_heuristic(&t->rules,
	    u % t->w, u / t->w, t->aim % t->w, t->aim / t->w)), t->km);
}

/* Puts u at heap position i. */
static void
tbdl_place(struct path_tbdl *t, size_t i, int u)
{
	t->heap[i] = u;
	t->pos[u] = (uint32_t)i;
}

/* Restores the heap around position i. */
static void
tbdl_fix(struct path_tbdl *t, size_t i)
{
	int	u = t->heap[i], c;
	size_t	l;

	while (i > 0 && tbdl_before(t, u, t->heap[(i - 1) / 2])) {
		tbdl_place(t, i, t->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	for (;;) {
		l = 2 * i + 1;
		if (l >= t->nheap)
			break;
		c = t->heap[l];
		if (l + 1 < t->nheap && tbdl_before(t, t->heap[l + 1], c))
			c = t->heap[++l];
		if (!tbdl_before(t, c, u))
			break;
		tbdl_place(t, i, c);
		i = l;
	}
	tbdl_place(t, i, u);
}

/* Inserts u with its current key, or moves it to that key. */
static void
tbdl_insert(struct path_tbdl *t, int u)
{
	tbdl_key(t, u, &t->k1[u], &t->k2[u]);
	if (t->pos[u] == NOWHERE) {
		t->heap[t->nheap] = u;
		t->pos[u] = (uint32_t)t->nheap++;
	}
	tbdl_fix(t, t->pos[u]);
}

/* A push: an insertion with a new insertion number. */
static void
tbdl_push(struct path_tbdl *t, int u)
{
	t->seq[u] = t->next_seq++;
	tbdl_insert(t, u);
}

/* Takes u off the open list if it is on it. */
static void
tbdl_remove(struct path_tbdl *t, int u)
{
	size_t	i = t->pos[u];
	int	last;

	if (i == NOWHERE)
		return;
	t->pos[u] = NOWHERE;
	last = t->heap[--t->nheap];
	if (last != u) {
		tbdl_place(t, i, last);
		tbdl_fix(t, i);
	}
}

/* The least g of a neighbour plus the edge, and which neighbour gave it. */
static path_cost
tbdl_best(const struct path_tbdl *t, int u, int *from)
{
	path_cost	best = INF, c;
	int		nb[8], n = tbdl_neighbours(t, u, nb), i;

	*from = -1;
	for (i = 0; i < n; i++) {
		c = tbdl_add(t->g[nb[i]], tbdl_edge(t, nb[i], u));
		if (c < best) {
			best = c;
			*from = nb[i];
		}
	}
	return (best);
}

/*
 * UpdateVertex: recomputes u's rhs (the root keeps 0) and puts it on
 * the open list exactly when it is inconsistent; reports it when its rhs
 * changed and left it inconsistent.
 */
static void
tbdl_update(struct path_tbdl *t, int u)
{
	path_cost	old = t->rhs[u];

	if (u != t->root)
		t->rhs[u] = tbdl_best(t, u, &t->parent[u]);
	if (t->g[u] != t->rhs[u]) {
		tbdl_push(t, u);
		if (old != t->rhs[u])
			tbdl_report(t, PATH_TBDL_INCONSISTENT, u, old, false);
	} else {
		tbdl_remove(t, u);
		if (old != t->rhs[u])
			tbdl_report(t, PATH_TBDL_RHS, u, old, false);
	}
}

/* Updates a cell and its neighbours. */
static void
tbdl_update_around(struct path_tbdl *t, int u)
{
	int	nb[8], n = tbdl_neighbours(t, u, nb), i;

	tbdl_update(t, u);
	for (i = 0; i < n; i++)
		tbdl_update(t, nb[i]);
}

/* Forgets everything and puts the root on the open list. */
static void
tbdl_restart(struct path_tbdl *t)
{
	size_t	n = (size_t)t->w * t->h, i;

	for (i = 0; i < n; i++) {
		t->g[i] = t->rhs[i] = INF;
		t->parent[i] = -1;
		t->pos[i] = NOWHERE;
	}
	t->nheap = 0;
	t->km = 0;
	t->root = t->forward ? t->hunter : t->target;
	t->aim = t->forward ? t->target : t->hunter;
	t->rhs[t->root] = 0;
	tbdl_push(t, t->root);
	tbdl_report(t, PATH_TBDL_INCONSISTENT, t->root, INF, false);
}

/* Sets up a search: see textbook-dlite.h. */
struct path_tbdl *
path_tbdl_new(const struct path_textbook_map *m,
    const struct path_textbook_rules *rules, enum path_tbdl_algorithm algo,
    int hx, int hy, int tx, int ty, path_tbdl_fn fn, void *ctx)
{
	struct path_tbdl	*t = xcalloc(1, sizeof *t);
	size_t			 n = (size_t)m->width * m->height;

	t->algo = algo;
	t->rules = *rules;
	t->w = m->width;
	t->h = m->height;
	t->cost = xcalloc(n, sizeof *t->cost);
	memcpy(t->cost, m->cost, n * sizeof *t->cost);
	t->g = xcalloc(n, sizeof *t->g);
	t->rhs = xcalloc(n, sizeof *t->rhs);
	t->k1 = xcalloc(n, sizeof *t->k1);
	t->k2 = xcalloc(n, sizeof *t->k2);
	t->parent = xcalloc(n, sizeof *t->parent);
	t->pos = xcalloc(n, sizeof *t->pos);
	t->seq = xcalloc(n, sizeof *t->seq);
	t->heap = xcalloc(n, sizeof *t->heap);
	t->hunter = hy * t->w + hx;
	t->target = ty * t->w + tx;
	t->forward = algo != PATH_TBDL_DSTAR;
	t->fn = fn;
	t->ctx = ctx;
	tbdl_restart(t);
	return (t);
}

/* Frees a search; NULL is allowed. */
void
path_tbdl_free(struct path_tbdl *t)
{
	if (t == NULL)
		return;
	free(t->cost);
	free(t->g);
	free(t->rhs);
	free(t->k1);
	free(t->k2);
	free(t->parent);
	free(t->pos);
	free(t->seq);
	free(t->heap);
	free(t);
}

/*
 * Whether the open list's first key is below the aim's, or the aim is
 * inconsistent: the papers' test, keys compared alone.
 */
static bool
tbdl_unfinished(const struct path_tbdl *t)
{
	path_cost	a1, a2;
	int		top;

	if (t->nheap == 0)
		return (false);
	top = t->heap[0];
	tbdl_key(t, t->aim, &a1, &a2);
	return (tbdl_key_less(t->k1[top], t->k2[top], a1, a2) ||
	    t->rhs[t->aim] != t->g[t->aim]);
}

/* ComputeShortestPath: see textbook-dlite.h. */
path_cost
path_tbdl_plan(struct path_tbdl *t, uint64_t *expanded)
{
	path_cost	k1, k2;
	int		u, nb[8], n, i;
	uint64_t	before = t->expanded;

	while (tbdl_unfinished(t)) {
		u = t->heap[0];
		tbdl_key(t, u, &k1, &k2);
		if (tbdl_key_less(t->k1[u], t->k2[u], k1, k2)) {
			tbdl_push(t, u);	/* km grew: a stale key */
			continue;
		}
		tbdl_remove(t, u);
		t->expanded++;
		n = tbdl_neighbours(t, u, nb);
		if (t->g[u] > t->rhs[u]) {
			t->g[u] = t->rhs[u];
			tbdl_report(t, PATH_TBDL_TAKE, u, t->rhs[u], true);
		} else {
			t->g[u] = INF;
			tbdl_report(t, PATH_TBDL_TAKE, u, t->rhs[u], false);
			tbdl_update(t, u);
		}
		for (i = 0; i < n; i++)
			tbdl_update(t, nb[i]);
		tbdl_report(t, PATH_TBDL_STEP_END, u, t->rhs[u], false);
	}
	if (expanded != NULL)
		*expanded = t->expanded - before;
	return (t->g[t->aim]);
}

/* Changes a tile: see textbook-dlite.h. */
int
path_tbdl_set_cost(struct path_tbdl *t, int x, int y, uint32_t cost)
{
	int	u = y * t->w + x;

	if (t->cost[u] == cost)
		return (0);
	t->cost[u] = cost;
	tbdl_update_around(t, u);
	return (1);
}

/*
 * Marks in `tree` the cells whose parents lead to the root (1) and
 * those under `top` among them (2); cells with no such chain stay 0.
 */
static void
tbdl_mark_tree(const struct path_tbdl *t, int top, uint8_t *tree)
{
	size_t	n = (size_t)t->w * t->h, i, steps;
	int	v;
	bool	under;

	for (i = 0; i < n; i++) {
		if (t->rhs[i] == INF && t->g[i] == INF)
			continue;
		under = false;
		for (v = (int)i, steps = 0; v != t->root && v >= 0 &&
		    steps <= n; v = t->parent[v], steps++)
			under |= v == top;
		if (v == t->root)
			tree[i] = under || (int)i == top ? 2 : 1;
	}
}

/*
 * The basic deletion of MT-D* Lite when the hunter (the root) moves to
 * a cell of its tree: the subtree under the new root stays, every other
 * cell of the tree is deleted, and each deleted cell takes its rhs
 * from the neighbours that remain.
 */
static void
tbdl_delete(struct path_tbdl *t, int new_root)
{
	size_t	n = (size_t)t->w * t->h, i, ndel = 0;
	uint8_t	*tree = xcalloc(n, 1);
	int	*deleted = xcalloc(n, sizeof *deleted);

	path_cost	old = t->rhs[new_root];

	tbdl_mark_tree(t, new_root, tree);
	t->root = new_root;
	t->parent[new_root] = -1;
	t->rhs[new_root] = 0;
	if (t->g[new_root] != 0) {
		tbdl_push(t, new_root);
		tbdl_report(t, PATH_TBDL_INCONSISTENT, new_root, old, false);
	}
	for (i = 0; i < n; i++) {
		if (tree[i] != 1)
			continue;
		t->parent[i] = -1;
		t->g[i] = t->rhs[i] = INF;
		tbdl_remove(t, (int)i);
		deleted[ndel++] = (int)i;
		tbdl_report(t, PATH_TBDL_DELETE, (int)i, INF, false);
	}
	/* The deleted cells, and any cell whose rhs leaned on one of them. */
	for (i = 0; i < ndel; i++)
		tbdl_update_around(t, deleted[i]);
	free(tree);
	free(deleted);
}

/* Moves the hunter: see textbook-dlite.h. */
int
path_tbdl_move_hunter(struct path_tbdl *t, int x, int y)
{
	int		u = y * t->w + x, old = t->hunter;
	uint8_t		*tree;
	bool		inside;

	if (u == old)
		return (0);
	t->hunter = u;
	if (t->algo == PATH_TBDL_DSTAR) {
		t->km += path_textbook_heuristic(&t->rules, old % t->w,
		    old / t->w, x, y);
		t->aim = u;
		return (0);
	}
	if (t->algo == PATH_TBDL_MTDSTAR) {
		tree = xcalloc((size_t)t->w * t->h, 1);
		tbdl_mark_tree(t, u, tree);
		inside = tree[u] == 2 && t->g[u] != INF;
		free(tree);
		if (inside) {
			tbdl_delete(t, u);
			return (0);
		}
	}
	tbdl_report(t, PATH_TBDL_RESTART, u, INF, false);
	tbdl_restart(t);
	return (1);
}

/* Moves the target: see textbook-dlite.h. */
int
path_tbdl_move_target(struct path_tbdl *t, int x, int y)
{
	int	u = y * t->w + x, old = t->target, *cells;
	size_t	i, n;

	if (u == old)
		return (0);
	t->target = u;
	if (t->algo == PATH_TBDL_DSTAR) {
		tbdl_report(t, PATH_TBDL_RESTART, u, INF, false);
		tbdl_restart(t);
		return (1);
	}
	t->aim = u;
	if (t->algo == PATH_TBDL_MTDSTAR) {
		t->km += path_textbook_heuristic(&t->rules, old % t->w,
		    old / t->w, x, y);
		return (0);
	}
	/*
	 * LPA*: the g values stand; the open list is keyed afresh, each
	 * cell keeping its insertion number.
	 */
	n = t->nheap;
	cells = xcalloc(n ? n : 1, sizeof *cells);
	memcpy(cells, t->heap, n * sizeof *cells);
	for (i = 0; i < n; i++)
		t->pos[cells[i]] = NOWHERE;
	t->nheap = 0;
	for (i = 0; i < n; i++)
		tbdl_insert(t, cells[i]);
	free(cells);
	return (0);
}

/* The path along parents: see textbook-dlite.h. */
size_t
path_tbdl_path(const struct path_tbdl *t, struct path_point **out)
{
	size_t	n = 0, i, cap = (size_t)t->w * t->h;
	int	v;

	*out = NULL;
	if (t->g[t->aim] == INF)
		return (0);
	for (v = t->aim; v >= 0 && n <= cap; v = t->parent[v]) {
		n++;
		if (v == t->root)
			break;
	}
	if (v != t->root)
		return (0);
	*out = xcalloc(n, sizeof **out);
	for (v = t->aim, i = 0; i < n; v = t->parent[v], i++)
		(*out)[t->forward ? n - 1 - i : i] = (struct path_point){
		    v % t->w, v / t->w };
	return (n);
}

/* The search's own copy of the map: see textbook-dlite.h. */
struct path_textbook_map
path_tbdl_map(const struct path_tbdl *t)
{
	return ((struct path_textbook_map){ t->w, t->h, t->cost });
}

/* A cell's g: see textbook-dlite.h. */
path_cost
path_tbdl_g(const struct path_tbdl *t, int x, int y)
{
	return (t->g[y * t->w + x]);
}

/* A cell's rhs: see textbook-dlite.h. */
path_cost
path_tbdl_rhs(const struct path_tbdl *t, int x, int y)
{
	return (t->rhs[y * t->w + x]);
}

/* The key modifier: see textbook-dlite.h. */
path_cost
path_tbdl_km(const struct path_tbdl *t)
{
	return (t->km);
}

/* A cell's parent: see textbook-dlite.h. */
int
path_tbdl_parent(const struct path_tbdl *t, int x, int y)
{
	return (t->parent[y * t->w + x]);
}

/* A cell's key on the open list: see textbook-dlite.h. */
void
path_tbdl_key(const struct path_tbdl *t, int x, int y, path_cost *k1,
    path_cost *k2)
{
	*k1 = t->k1[y * t->w + x];
	*k2 = t->k2[y * t->w + x];
}

/* Sorts cells[0..n) by the order they leave the open list (merging). */
static void
tbdl_sort(const struct path_tbdl *t, int *cells, int *tmp, size_t n)
{
	size_t	h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	tbdl_sort(t, cells, tmp, h);
	tbdl_sort(t, cells + h, tmp, n - h);
	while (i < h || j < n) {
		if (j == n || (i < h && !tbdl_before(t, cells[j], cells[i])))
			tmp[k++] = cells[i++];
		else
			tmp[k++] = cells[j++];
	}
	memcpy(cells, tmp, n * sizeof *cells);
}

/* The open list in order: see textbook-dlite.h. */
size_t
path_tbdl_open(const struct path_tbdl *t, int **out)
{
	int	*tmp;

	*out = NULL;
	if (t->nheap == 0)
		return (0);
	*out = xcalloc(t->nheap, sizeof **out);
	tmp = xcalloc(t->nheap, sizeof *tmp);
	memcpy(*out, t->heap, t->nheap * sizeof **out);
	tbdl_sort(t, *out, tmp, t->nheap);
	free(tmp);
	return (t->nheap);
}

/* An algorithm's name as --planner takes it. */
const char *
path_tbdl_algorithm_name(enum path_tbdl_algorithm a)
{
	return ((unsigned)a < 3 ? tbdl_names[a] : "?");
}

/* Parses "lpa", "dstar" or "mtdstar"; returns 0, or -1. */
int
path_tbdl_algorithm_parse(const char *s, enum path_tbdl_algorithm *out)
{
	int	i;

	for (i = 0; i < 3; i++) {
		if (strcmp(s, tbdl_names[i]) == 0) {
			*out = (enum path_tbdl_algorithm)i;
			return (0);
		}
	}
	return (-1);
}
