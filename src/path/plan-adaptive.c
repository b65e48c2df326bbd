/*
 * plan-adaptive.c: the adaptive planner, A* whose heuristic learns.
 *
 * Adaptive A* (Koenig & Likhachev 2005) notices that after a search to a
 * goal of cost C, every cell s the search expanded is at most C - g(s)
 * from the goal, a better estimate than the heuristic, and still
 * consistent.  The next search to that goal expands fewer cells.  Here the
 * learned values live in tables owned by the context and keyed by goal
 * cell, so every hunter of the context chasing the player learns for the
 * others: a pack converging on the player keeps refining one table.
 *
 * The target moves.  Generalized Adaptive A* (Sun, Koenig & Yeoh 2008)
 * keeps a table when its goal moves from t to t': since the learned h is
 * consistent, h(s) - h(t') never overestimates the distance to t', so the
 * corrected heuristic is max(H(s,t'), h(s) - h(t')).  That is done in
 * O(1): a table stores k(s) = h(s) + D, and retargeting adds h(t') to the
 * table's shift D, so h(s) = max(k(s) - D, H(s, goal)).  (Consistency
 * where H takes over from k also needs H's triangle inequality, which
 * every heuristic here has, the rounded Euclidean one to within a unit
 * that the shift adds.)  A cell never
 * learned holds k = 0, which leaves the plain heuristic.  D only grows;
 * before k could overflow 32 bits it is renormalised (k -= D, clamped at
 * zero; D = 0), which changes no value of h: a pass over the table every
 * few thousand target steps on plain terrain, and often enough on heavily
 * weighted grids that the tests meet it.
 *
 * A call for goal t' uses the table of t' if there is one, else the table
 * whose goal is nearest: retargeted if that goal is near, else copied into
 * a free (or the least recently used) slot first, so that hunters chasing
 * two far-apart cells do not keep undoing each other's learning.
 *
 * Costs change.  When they rise, h stays consistent and admissible.  When
 * they fall (a door opens), h(s) may exceed c(s,s') + h(s') around the
 * change, and GAA*'s consistency procedure lowers it: seeded by the cells
 * beside every cheaper cell and propagated Dijkstra-like to their
 * predecessors while a value drops.  Only learned values can become
 * inconsistent, so the repair stays inside the learned region; if it
 * still outgrows half the grid the table is reset instead, which is then
 * about as cheap as the repair and costs only the learning.  Measured on
 * chase-big (400 doors, 1% flipping a turn): resetting at every cheaper
 * cost gives 794 expansions a monster-turn, repairing 401; a limit of an
 * eighth of the grid 434, half the grid 401.  A
 * table keeps the grid version it is consistent with and catches up
 * through the grid's change log itself (a log that no longer reaches back
 * resets it), whichever planner uses it next.
 *
 * Multipath Adaptive A* (Hernandez, Baier & Asin 2014) adds path reuse:
 * the cells of a path found to the table's goal have an exact h and a
 * pointer to the next cell; a later search that expands such a cell stops
 * there (g + h is then optimal: the cell was taken at the least f) and
 * follows the pointers.  A whole pack converging on one target thus pays
 * for about one full search per turn: the others stop as soon as they
 * meet a path already found.  Pointers hold only while the goal and the
 * grid are unchanged; an epoch per table (from a counter of the context,
 * so no two tables share one) marks them, and a retarget or any cost
 * change starts a new epoch, which invalidates them all at once.
 *
 * Every answer is exact: the learned h is consistent, so A* with it is
 * optimal, and stopping on an exact cell is too.  The search has its own
 * loop (a 4-ary heap keyed on f then larger g, generation stamps, no
 * allocation per query once warm), in a workspace of the context.  A
 * search whose g would outgrow 31 bits (only on huge, heavily weighted
 * grids) hands over to the context's A*, and a budgeted call to an astar
 * planner of its own (whose search resumes across calls); neither learns.
 *
 * Memory: per table two 32-bit words per cell of the bordered grid, at
 * most ADAPTIVE_TABLES tables and one workspace of 8 bytes per cell per
 * context, whatever the number of hunters: 5,000 hunters on a 512x512 map
 * share about 10 MiB.  A planner holds only its path.
 */
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "planner-internal.h"
#include "xmalloc.h"

#define ADAPTIVE_TABLES		4	/* goals with a table of their own */
#define ADAPTIVE_NEAR		16	/* steps: retarget rather than copy */
#define ADAPTIVE_G_MAX		((path_cost)INT32_MAX)
#define ADAPTIVE_SHIFT_MAX	(UINT64_C(1) << 24)	/* then renormalise */
#define ADAPTIVE_MAX_EPOCH	(UINT32_MAX >> 3)

/* Where a cell seen by the current search is. */
#define WHERE_OPEN		0
#define WHERE_CLOSED		1
#define STAMP(gen, dir, w)	((gen) << 5 | (uint32_t)(dir) << 2 | (w))
#define STAMP_GEN(s)		((s) & ~UINT32_C(31))
#define STAMP_DIR(s)		((s) >> 2 & 7)
#define STAMP_WHERE(s)		((s) & 3)
#define ADAPTIVE_MAX_GEN	(UINT32_MAX >> 5)

/*
 * Directions are those of grid_step_dx and grid_step_dy (N E S W NE SE
 * SW NW); (dx,dy) -> direction.
 */
static const int8_t adaptive_dir[9] = { 7, 0, 4, 3, -1, 1, 6, 2, 5 };
#define DIR_OF(dx, dy)	adaptive_dir[((dy) + 1) * 3 + (dx) + 1]

/* Learned values for one goal cell. */
struct adaptive_table {
	uint32_t	*k;		/* h + shift per cell; 0 unlearned */
	uint32_t	*mark;		/* epoch << 3 | next dir on a path */
	int		 valid;
	int		 learned;	/* some search has taught it */
	uint32_t	 goal;		/* bordered index */
	int		 gx, gy;
	uint64_t	 shift;		/* D */
	uint64_t	 version;	/* of the grid it is consistent with */
	uint32_t	 epoch;		/* of its path marks */
	uint64_t	 used;		/* LRU clock */
};

struct adaptive_node {
	uint32_t	g;
	uint32_t	stamp;
};

/* What every adaptive planner of a context shares. */
struct adaptive_shared {
	struct adaptive_table	 tables[ADAPTIVE_TABLES];
	size_t			 ncells;
	int32_t			 off[8];
	uint32_t		 epochs;	/* last epoch handed out */
	uint64_t		 clock;

	/* The search workspace. */
	struct adaptive_node	*nodes;		/* made on first search */
	uint32_t		 gen;
	struct open_list	 open;
	uint32_t		*expanded;
	size_t			 nexpanded;
	size_t			 expanded_cap;

	/* Catching up with the grid. */
	struct path_change	*changes;
	size_t			 nchanges;
	size_t			 changes_cap;
	struct open_list	 repair;

	uint64_t		 repairs;	/* tables repaired */
	uint64_t		 resets;	/* tables reset */
};

/* A planner's own state: only the astar planner for budgeted calls. */
struct adaptive_state {
	struct path_planner	*budgeted;	/* made on first need */
};

/* The context's shared state, made on first use. */
static struct adaptive_shared *
adaptive_shared(struct path_context *ctx)
{
	struct adaptive_shared	*sh = ctx->adaptive;
	int			 d, stride = ctx->grid->width + 2;

	if (sh != NULL)
		return (sh);
	sh = xcalloc(1, sizeof *sh);
	sh->ncells = grid_padded_cells(ctx->grid->width, ctx->grid->height);
	for (d = 0; d < 8; d++)
		sh->off[d] = grid_step_dy[d] * stride + grid_step_dx[d];
	open_clear(&sh->open);
	open_clear(&sh->repair);
	ctx->adaptive = sh;
	return (sh);
}

/* Frees the shared state. */
static void
adaptive_shared_free(struct adaptive_shared *sh)
{
	int	i;

	if (sh == NULL)
		return;
	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		free(sh->tables[i].k);
		free(sh->tables[i].mark);
	}
	free(sh->nodes);
	open_free(&sh->open);
	open_free(&sh->repair);
	free(sh->expanded);
	free(sh->changes);
	free(sh);
}

/* Frees the context's shared state (a context_free hook). */
static void
adaptive_context_free(struct path_context *ctx)
{
	adaptive_shared_free(ctx->adaptive);
	ctx->adaptive = NULL;
}

/* Bytes of the context's shared state (a context_memory hook). */
static size_t
adaptive_context_memory(const struct path_context *ctx)
{
	const struct adaptive_shared	*sh = ctx->adaptive;
	size_t				 n, i;

	if (sh == NULL)
		return (0);
	n = sizeof *sh + sh->expanded_cap * sizeof *sh->expanded +
	    sh->changes_cap * sizeof *sh->changes +
	    (sh->open.cap + 4) * sizeof *sh->open.e +
	    (sh->repair.cap + 4) * sizeof *sh->repair.e;
	if (sh->nodes != NULL)
		n += sh->ncells * sizeof *sh->nodes;
	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		if (sh->tables[i].k != NULL)
			n += sh->ncells * (sizeof *sh->tables[i].k +
			    sizeof *sh->tables[i].mark);
	}
	return (n);
}

/* A new epoch for a table: its old path marks stop counting. */
static void
adaptive_new_epoch(struct adaptive_shared *sh, struct adaptive_table *t)
{
	int	i;

	if (sh->epochs >= ADAPTIVE_MAX_EPOCH) {
		for (i = 0; i < ADAPTIVE_TABLES; i++) {
			if (sh->tables[i].mark != NULL)
				memset(sh->tables[i].mark, 0, sh->ncells *
				    sizeof *sh->tables[i].mark);
			sh->tables[i].epoch = 0;
		}
		sh->epochs = 0;
	}
	t->epoch = ++sh->epochs;
}

/* Forgets everything a table learned (it keeps its goal). */
static void
adaptive_reset(struct adaptive_shared *sh, struct adaptive_table *t,
    uint64_t version)
{
	memset(t->k, 0, sh->ncells * sizeof *t->k);
	t->shift = 0;
	t->version = version;
	t->learned = 0;
	adaptive_new_epoch(sh, t);
	sh->resets++;
}

/* The learned-or-heuristic h of cell u at (x,y) in a table. */
static inline __attribute__((always_inline)) path_cost
adaptive_h(const struct adaptive_table *t, enum path_heuristic hk,
    uint32_t u, int x, int y)
{
	path_cost	learned = (path_cost)t->k[u] - (path_cost)t->shift;
	path_cost	h = grid_heuristic(hk, x, y, t->gx, t->gy);

	return (learned > h ? learned : h);
}

/* Coordinates of a bordered index. */
static inline void
adaptive_coords(const struct path_grid *grid, uint32_t u, int *x, int *y)
{
	*x = (int)(u % (uint32_t)grid->stride) - 1;
	*y = (int)(u / (uint32_t)grid->stride) - 1;
}

/* Whether a cell of a table lies on a path found in its current epoch. */
static inline int
adaptive_marked(const struct adaptive_table *t, uint32_t u)
{
	return (t->epoch != 0 && t->mark[u] >> 3 == t->epoch);
}

/* Appends a change to the shared list (a path_change_fn). */
static void
adaptive_collect(void *arg, const struct path_change *c)
{
	struct adaptive_shared	*sh = arg;

	if (sh->nchanges == sh->changes_cap) {
		sh->changes_cap = sh->changes_cap ? sh->changes_cap * 2 : 64;
		sh->changes = xreallocarray(sh->changes, sh->changes_cap,
		    sizeof *sh->changes);
	}
	sh->changes[sh->nchanges++] = *c;
}

/* Lowers h(u) to v (v is never below H, the heuristic being consistent). */
static inline void
adaptive_lower(struct adaptive_table *t, uint32_t u, path_cost v)
{
	t->k[u] = (uint32_t)((uint64_t)v + t->shift);
}

/*
 * Makes h consistent again after costs fell around the changed cells:
 * GAA*'s procedure, see the top of the file.  Returns 0, or -1 when the
 * repair outgrew its limit (the caller resets the table).
 */
static int
adaptive_repair(struct path_context *ctx, struct adaptive_shared *sh,
    struct adaptive_table *t)
{
	const struct path_grid	*grid = ctx->grid;
	const struct path_rules	 r = ctx->rules;
	const path_cost		 diag = grid_diag_base(r.movement);
	struct grid_move	 mv[8];
	struct open_entry	 e;
	path_cost		 hu, hw, m, step;
	size_t			 i, pops = 0, limit = sh->ncells / 2 + 16;
	uint32_t		 u, w;
	int			 d, j, n, x, y;

	open_clear(&sh->repair);
	for (i = 0; i < sh->nchanges; i++) {
		const struct path_change *c = &sh->changes[i];

		if (c->new_cost == 0 || (c->old_cost != 0 &&
		    c->new_cost >= c->old_cost))
			continue;	/* dearer: h stays consistent */
		for (d = -1; d < 8; d++) {
			x = c->x + (d < 0 ? 0 : grid_step_dx[d]);
			y = c->y + (d < 0 ? 0 : grid_step_dy[d]);
			if (!path_grid_contains(grid, x, y))
				continue;
			u = grid_index(grid, x, y);
			if (grid->cells[u] == 0 || u == t->goal)
				continue;
			hu = adaptive_h(t, r.heuristic, u, x, y);
			m = hu;
			n = grid_moves(grid, r.diagonal, diag, u, mv);
			for (j = 0; j < n; j++) {
				step = mv[j].base * grid->cells[mv[j].id];
				hw = adaptive_h(t, r.heuristic, mv[j].id,
				    x + mv[j].dx, y + mv[j].dy);
				if (step + hw < m)
					m = step + hw;
			}
			if (m < hu) {
				adaptive_lower(t, u, m);
				open_push(&sh->repair, (uint64_t)m, u, x, y);
			}
		}
	}
	while (sh->repair.n > 0) {
		e = open_pop(&sh->repair);
		w = e.id;
		hw = adaptive_h(t, r.heuristic, w, e.x, e.y);
		if ((uint64_t)hw != e.key)
			continue;	/* lowered again since */
		if (++pops > limit)
			return (-1);
		/* The cells that step into w are its neighbours. */
		n = grid_moves(grid, r.diagonal, diag, w, mv);
		for (j = 0; j < n; j++) {
			u = mv[j].id;
			if (u == t->goal)
				continue;
			x = e.x + mv[j].dx;
			y = e.y + mv[j].dy;
			step = mv[j].base * grid->cells[w];
			if (adaptive_h(t, r.heuristic, u, x, y) > step + hw) {
				adaptive_lower(t, u, step + hw);
				open_push(&sh->repair, (uint64_t)(step + hw), u,
				    x, y);
			}
		}
	}
	return (0);
}

/*
 * Brings a table up to the grid's version: repairs it after cheaper
 * costs, or resets it if the log no longer reaches back or the repair
 * grows too big.
 */
static void
adaptive_sync(struct path_context *ctx, struct adaptive_shared *sh,
    struct adaptive_table *t)
{
	const struct path_grid	*grid = ctx->grid;

	if (t->version == grid->version)
		return;
	sh->nchanges = 0;
	if (path_grid_changes_since(grid, t->version, adaptive_collect,
	    sh) < 0 || adaptive_repair(ctx, sh, t) != 0) {
		adaptive_reset(sh, t, grid->version);
		return;
	}
	sh->repairs++;
	t->version = grid->version;
	adaptive_new_epoch(sh, t);
}

/* Moves a table's goal to (gx,gy): GAA*'s correction, in O(1). */
static void
adaptive_retarget(struct path_context *ctx, struct adaptive_shared *sh,
    struct adaptive_table *t, int gx, int gy)
{
	uint32_t	gi = grid_index(ctx->grid, gx, gy);
	uint64_t	shift;
	size_t		i;

	if (t->goal == gi)
		return;
	/*
	 * The Euclidean heuristic is rounded down, so its triangle
	 * inequality, H(s,t) <= H(s,t') + H(t',t), which keeps the corrected
	 * values consistent where the heuristic takes over from learning,
	 * can miss by one unit: take one more.
	 */
	shift = t->shift + (uint64_t)adaptive_h(t, ctx->rules.heuristic, gi,
	    gx, gy) + (ctx->rules.heuristic == PATH_H_EUCLID);
	if (shift > ADAPTIVE_SHIFT_MAX) {
		for (i = 0; i < sh->ncells; i++)
			t->k[i] = t->k[i] > shift ? t->k[i] - (uint32_t)shift :
			    0;
		shift = 0;
	}
	t->shift = shift;
	t->goal = gi;
	t->gx = gx;
	t->gy = gy;
	adaptive_new_epoch(sh, t);
}

/* Gives a table slot its arrays. */
static void
adaptive_table_alloc(struct adaptive_shared *sh, struct adaptive_table *t)
{
	if (t->k == NULL) {
		t->k = xcalloc(sh->ncells, sizeof *t->k);
		t->mark = xcalloc(sh->ncells, sizeof *t->mark);
	}
}

/*
 * The table for goal (gx,gy), caught up with the grid and aimed at the
 * goal: see the top of the file.
 */
static struct adaptive_table *
adaptive_table_for(struct path_context *ctx, struct adaptive_shared *sh,
    int gx, int gy)
{
	const struct path_grid	*grid = ctx->grid;
	struct adaptive_table	*t, *near = NULL, *slot = NULL;
	uint32_t		 gi = grid_index(grid, gx, gy);
	path_cost		 d, best = PATH_COST_NONE;
	int			 i;

	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		t = &sh->tables[i];
		if (!t->valid) {
			if (slot == NULL || slot->valid)
				slot = t;
			continue;
		}
		if (t->goal == gi) {
			near = t;
			best = 0;
			break;
		}
		d = grid_heuristic(ctx->rules.heuristic, t->gx, t->gy, gx, gy);
		if (d < best) {
			best = d;
			near = t;
		}
		if (slot == NULL || (slot->valid && t->used < slot->used))
			slot = t;
	}
	if (near != NULL && (best <= ADAPTIVE_NEAR * PATH_COST_DIAG ||
	    slot == near))
		t = near;
	else {
		t = slot;
		adaptive_table_alloc(sh, t);
		if (near != NULL) {
			/* Start from what the nearest goal's table knows. */
			memcpy(t->k, near->k, sh->ncells * sizeof *t->k);
			t->shift = near->shift;
			t->learned = near->learned;
			t->version = near->version;
			t->goal = near->goal;
			t->gx = near->gx;
			t->gy = near->gy;
		} else {
			memset(t->k, 0, sh->ncells * sizeof *t->k);
			t->shift = 0;
			t->learned = 0;
			t->version = grid->version;
			t->goal = gi;
			t->gx = gx;
			t->gy = gy;
		}
		t->valid = 1;
		adaptive_new_epoch(sh, t);
	}
	t->used = ++sh->clock;
	adaptive_sync(ctx, sh, t);
	adaptive_retarget(ctx, sh, t, gx, gy);
	return (t);
}

/*
 * The table already aimed at goal (gx,gy) and caught up with the grid, if
 * there is one: what adaptive_table_for() would return without changing
 * anything.  NULL otherwise.
 */
static struct adaptive_table *
adaptive_table_current(struct path_context *ctx, struct adaptive_shared *sh,
    int gx, int gy)
{
	uint32_t	gi = grid_index(ctx->grid, gx, gy);
	int		i;

	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		if (sh->tables[i].valid && sh->tables[i].goal == gi &&
		    sh->tables[i].version == ctx->grid->version)
			return (&sh->tables[i]);
	}
	return (NULL);
}

/* Where and at what cost a search ended. */
struct adaptive_end {
	uint32_t	cell;		/* the goal, or a cell on a known path */
	path_cost	cost;
	uint64_t	expansions;
	uint64_t	touched;
};

/* The heap key: f, then the larger g. */
static inline uint64_t
adaptive_key(path_cost g, path_cost h)
{
	return ((uint64_t)(g + h) << 32 | (UINT32_MAX - (uint32_t)g));
}

/*
 * The search, forced inline into one copy per heuristic.  Returns 0 when
 * it found the cost (*end filled), 1 when the goal is unreachable, -1
 * when g outgrew ADAPTIVE_G_MAX.
 */
static inline __attribute__((always_inline)) int
adaptive_run(struct path_context *ctx, struct adaptive_shared *sh,
    const struct adaptive_table *t, const enum path_heuristic hk,
    uint32_t si, int sx, int sy, struct adaptive_end *end)
{
	const struct path_grid	*grid = ctx->grid;
	const struct path_rules	 r = ctx->rules;
	const path_cost		 diag = grid_diag_base(r.movement);
	const uint8_t		*cells = grid->cells;
	const uint32_t		 gen = STAMP(sh->gen, 0, 0), gi = t->goal;
	const path_trace_fn	 trace = ctx->trace;
	struct adaptive_node	*nodes = sh->nodes;
	struct grid_move	 mv[8];
	struct open_entry	 e;
	path_cost		 g, ng, h;
	uint32_t		 u, v, st;
	uint64_t		 expansions = 0, touched = 1;
	int			 i, n, x, y, vx, vy;
	enum path_trace_event	 ev;

	open_clear(&sh->open);
	sh->nexpanded = 0;
	nodes[si].g = 0;
	nodes[si].stamp = gen | WHERE_OPEN;
	h = adaptive_h(t, hk, si, sx, sy);
	open_push(&sh->open, adaptive_key(0, h), si, sx, sy);
	if (trace != NULL)
		trace(ctx->trace_ctx, PATH_TRACE_OPEN, sx, sy, 0, h, sx, sy);
	while (sh->open.n > 0) {
		e = open_pop(&sh->open);
		u = e.id;
		if (STAMP_WHERE(nodes[u].stamp) == WHERE_CLOSED)
			continue;	/* a stale entry */
		nodes[u].stamp |= WHERE_CLOSED;
		g = nodes[u].g;
		x = e.x;
		y = e.y;
		expansions++;
		if (sh->nexpanded == sh->expanded_cap) {
			sh->expanded_cap = sh->expanded_cap ?
			    sh->expanded_cap * 2 : 1024;
			sh->expanded = xreallocarray(sh->expanded,
			    sh->expanded_cap, sizeof *sh->expanded);
		}
		sh->expanded[sh->nexpanded++] = u;
		if (trace != NULL)
			trace(ctx->trace_ctx, PATH_TRACE_EXPAND, x, y, g,
			    adaptive_h(t, hk, u, x, y), u == si ? x : x -
			    grid_step_dx[STAMP_DIR(nodes[u].stamp)], u == si ?
			    y : y - grid_step_dy[STAMP_DIR(nodes[u].stamp)]);
		if (u == gi || adaptive_marked(t, u)) {
			end->cell = u;
			end->cost = u == gi ? g : g + ((path_cost)t->k[u] -
			    (path_cost)t->shift);
			end->expansions = expansions;
			end->touched = touched;
			return (0);
		}
		n = grid_moves(grid, r.diagonal, diag, u, mv);
		for (i = 0; i < n; i++) {
			v = mv[i].id;
			ng = g + mv[i].base * cells[v];
			st = nodes[v].stamp;
			ev = PATH_TRACE_OPEN;
			if (STAMP_GEN(st) == gen) {
				if (STAMP_WHERE(st) == WHERE_CLOSED ||
				    ng >= (path_cost)nodes[v].g)
					continue;
				ev = PATH_TRACE_IMPROVE;
			} else
				touched++;
			if (ng > ADAPTIVE_G_MAX)
				return (-1);
			vx = x + mv[i].dx;
			vy = y + mv[i].dy;
			nodes[v].g = (uint32_t)ng;
			nodes[v].stamp = gen | (uint32_t)DIR_OF(mv[i].dx,
			    mv[i].dy) << 2 | WHERE_OPEN;
			h = adaptive_h(t, hk, v, vx, vy);
			open_push(&sh->open, adaptive_key(ng, h), v, vx, vy);
			if (trace != NULL)
				trace(ctx->trace_ctx, ev, vx, vy, ng, h, x, y);
		}
	}
	end->expansions = expansions;
	end->touched = touched;
	return (1);
}

/* Starts a new search generation in the workspace. */
static void
adaptive_next_generation(struct adaptive_shared *sh)
{
	if (sh->nodes == NULL)
		sh->nodes = xcalloc(sh->ncells, sizeof *sh->nodes);
	grid_next_generation(&sh->gen, ADAPTIVE_MAX_GEN, sh->nodes, sh->ncells,
	    sizeof *sh->nodes);
}

/* Runs the search specialised on the context's heuristic. */
static int
adaptive_search(struct path_context *ctx, struct adaptive_shared *sh,
    const struct adaptive_table *t, uint32_t si, int sx, int sy,
    struct adaptive_end *end)
{
	adaptive_next_generation(sh);
	switch (ctx->rules.heuristic) {
	case PATH_H_MANHATTAN:
		return (adaptive_run(ctx, sh, t, PATH_H_MANHATTAN, si, sx, sy,
		    end));
	case PATH_H_OCTILE:
		return (adaptive_run(ctx, sh, t, PATH_H_OCTILE, si, sx, sy,
		    end));
	case PATH_H_CHEBYSHEV:
		return (adaptive_run(ctx, sh, t, PATH_H_CHEBYSHEV, si, sx, sy,
		    end));
	case PATH_H_EUCLID:
		return (adaptive_run(ctx, sh, t, PATH_H_EUCLID, si, sx, sy,
		    end));
	default:
		return (adaptive_run(ctx, sh, t, PATH_H_ZERO, si, sx, sy,
		    end));
	}
}

/*
 * Appends to the planner's path the known path from cell u (already on
 * it) to the table's goal, following the marks.
 */
static void
adaptive_follow(struct path_planner *p, const struct adaptive_shared *sh,
    const struct adaptive_table *t, uint32_t u)
{
	size_t		guard = sh->ncells;
	int		x, y, dir;

	adaptive_coords(p->ctx->grid, u, &x, &y);
	while (u != t->goal) {
		if (guard-- == 0 || !adaptive_marked(t, u))
			xfatal("adaptive: a known path does not reach its "
			    "goal");
		dir = (int)(t->mark[u] & 7);
		u += (uint32_t)sh->off[dir];
		x += grid_step_dx[dir];
		y += grid_step_dy[dir];
		planner_path_push(p, x, y);
	}
}

/*
 * After a search that ended at end->cell: learns h := C - g for every
 * expanded cell (Adaptive A*'s rule), builds the planner's path, and
 * marks its new part as a known path for later searches.
 */
static void
adaptive_learn(struct path_planner *p, struct adaptive_shared *sh,
    struct adaptive_table *t, uint32_t si, const struct adaptive_end *end)
{
	const struct path_grid	*grid = p->ctx->grid;
	const struct adaptive_node *nodes = sh->nodes;
	size_t			 i, n;
	uint32_t		 u;
	int			 x, y, dir;

	for (i = 0; i < sh->nexpanded; i++) {
		u = sh->expanded[i];
		t->k[u] = (uint32_t)((uint64_t)(end->cost - nodes[u].g) +
		    t->shift);
	}
	t->learned = 1;
	/* The searched part, goal-side first, then reversed. */
	planner_path_clear(p);
	adaptive_coords(grid, end->cell, &x, &y);
	for (u = end->cell;; u -= (uint32_t)sh->off[dir]) {
		planner_path_push(p, x, y);
		if (u == si)
			break;
		dir = (int)STAMP_DIR(nodes[u].stamp);
		x -= grid_step_dx[dir];
		y -= grid_step_dy[dir];
	}
	planner_path_reverse(p);
	n = p->npath;
	for (i = 0; i + 1 < n; i++) {
		u = grid_index(grid, p->path[i].x, p->path[i].y);
		dir = DIR_OF(p->path[i + 1].x - p->path[i].x,
		    p->path[i + 1].y - p->path[i].y);
		t->mark[u] = t->epoch << 3 | (uint32_t)dir;
	}
	adaptive_follow(p, sh, t, end->cell);
}

/* Hands a budgeted call to the planner's own astar planner. */
static enum path_plan_status
adaptive_budgeted(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct adaptive_state	*s = p->state;
	struct path_plan_stats	 bs;
	enum path_plan_status	 status;
	size_t			 n;

	if (s->budgeted == NULL)
		s->budgeted = path_planner_new(PATH_PLANNER_ASTAR, p->ctx);
	path_planner_set_hunter(s->budgeted, p->hx, p->hy);
	path_planner_set_target(s->budgeted, p->tx, p->ty);
	status = path_planner_plan(s->budgeted, in->budget, &bs);
	st->restarted |= bs.restarted;
	st->expansions += bs.expansions;
	st->touched += bs.touched;
	p->cost = path_planner_cost(s->budgeted);
	n = path_planner_path(s->budgeted, NULL, 0);
	planner_path_room(p, n);
	p->npath = path_planner_path(s->budgeted, p->path, n);
	return (status);
}

/* Plans with the learned heuristic: see the top of the file. */
static enum path_plan_status
adaptive_plan(struct path_planner *p, const struct plan_input *in,
    struct path_plan_stats *st)
{
	struct path_context	*ctx = p->ctx;
	struct adaptive_shared	*sh;
	struct adaptive_table	*t;
	struct adaptive_end	 end;
	uint32_t		 si;
	int			 rc;

	planner_path_clear(p);
	if (!planner_open(p, p->hx, p->hy) || !planner_open(p, p->tx, p->ty))
		return (PATH_PLAN_NONE);
	sh = adaptive_shared(ctx);
	si = grid_index(ctx->grid, p->hx, p->hy);
	if (in->budget != 0) {
		/*
		 * A budget hands the search to plain A*, unless a table
		 * already up to date for this target knows the way.
		 */
		t = adaptive_table_current(ctx, sh, p->tx, p->ty);
		if (t == NULL || (si != t->goal && !adaptive_marked(t, si)))
			return (adaptive_budgeted(p, in, st));
	} else
		t = adaptive_table_for(ctx, sh, p->tx, p->ty);
	if (si == t->goal || adaptive_marked(t, si)) {
		/* On a known path: nothing to search. */
		if (!t->learned)
			st->replanned = st->restarted = 1;
		p->cost = (path_cost)t->k[si] - (path_cost)t->shift;
		if (si == t->goal)
			p->cost = 0;
		planner_path_push(p, p->hx, p->hy);
		adaptive_follow(p, sh, t, si);
		return (PATH_PLAN_FOUND);
	}
	/* A table that knows nothing yet makes this a search from scratch. */
	if (!t->learned)
		st->restarted = 1;
	rc = adaptive_search(ctx, sh, t, si, p->hx, p->hy, &end);
	st->expansions += end.expansions;
	st->touched += end.touched;
	if (rc < 0)		/* g outgrew 31 bits: the context's A* */
		return (planner_astar_plan(p, st));
	if (rc > 0)
		return (PATH_PLAN_NONE);
	p->cost = end.cost;
	adaptive_learn(p, sh, t, si, &end);
	return (PATH_PLAN_FOUND);
}

static void
adaptive_init(struct path_planner *p)
{
	p->state = xcalloc(1, sizeof (struct adaptive_state));
}

static void
adaptive_free(struct path_planner *p)
{
	struct adaptive_state	*s = p->state;

	path_planner_free(s->budgeted);
	free(s);
}

static size_t
adaptive_memory(const struct path_planner *p)
{
	const struct adaptive_state	*s = p->state;

	return (sizeof *s + (s->budgeted != NULL ?
	    path_planner_memory(s->budgeted) : 0));
}

/* Writes the budgeted search's planner, if there is one. */
static void
adaptive_save(const struct path_planner *p, struct ser *s)
{
	const struct adaptive_state	*st = p->state;

	ser_u8(s, st->budgeted != NULL);
	if (st->budgeted != NULL)
		path_planner_save(st->budgeted, s);
}

/* Reads what adaptive_save() wrote. */
static int
adaptive_load(struct path_planner *p, struct deser *d)
{
	struct adaptive_state	*st = p->state;

	if (deser_u8(d) == 0)
		return (d->error != NULL ? -1 : 0);
	if (st->budgeted == NULL)
		st->budgeted = path_planner_new(PATH_PLANNER_ASTAR, p->ctx);
	return (path_planner_load(st->budgeted, d));
}

/* The estimate a table holds: see planner.h. */
int
path_context_estimate(const struct path_context *ctx, int gx, int gy,
    int x, int y, path_cost *h)
{
	const struct adaptive_shared	*sh = ctx->adaptive;
	const struct adaptive_table	*t;
	int				 i;

	if (sh == NULL || !path_grid_contains(ctx->grid, x, y) ||
	    !path_grid_contains(ctx->grid, gx, gy))
		return (-1);
	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		t = &sh->tables[i];
		if (t->valid && t->gx == gx && t->gy == gy &&
		    t->version == ctx->grid->version) {
			*h = adaptive_h(t, ctx->rules.heuristic,
			    grid_index(ctx->grid, x, y), x, y);
			return (0);
		}
	}
	return (-1);
}

/* ---------------------------------------------------------------------
 * Saving the shared tables with their context.
 */

/*
 * Writes the context's shared state (a context_save hook): whether there
 * is one, then its clocks and every valid table, with the cells it
 * learned and those on its known paths.
 */
static void
adaptive_context_save(const struct path_context *ctx, struct ser *s)
{
	const struct adaptive_shared	*sh = ctx->adaptive;
	const struct adaptive_table	*t;
	uint32_t			 n;
	size_t				 i, u;

	ser_u8(s, sh != NULL);
	if (sh == NULL)
		return;
	ser_u32(s, sh->epochs);
	ser_u64(s, sh->clock);
	ser_u32(s, ADAPTIVE_TABLES);
	for (i = 0; i < ADAPTIVE_TABLES; i++) {
		t = &sh->tables[i];
		ser_u8(s, (uint8_t)t->valid);
		if (!t->valid)
			continue;
		ser_u32(s, t->goal);
		ser_u64(s, t->shift);
		ser_u64(s, t->version);
		ser_u32(s, t->epoch);
		ser_u64(s, t->used);
		for (n = 0, u = 0; u < sh->ncells; u++)
			n += t->k[u] != 0;
		ser_u32(s, n);
		for (u = 0; u < sh->ncells; u++) {
			if (t->k[u] != 0) {
				ser_u32(s, (uint32_t)u);
				ser_u32(s, t->k[u]);
			}
		}
		for (n = 0, u = 0; u < sh->ncells; u++)
			n += adaptive_marked(t, (uint32_t)u);
		ser_u32(s, n);
		for (u = 0; u < sh->ncells; u++) {
			if (adaptive_marked(t, (uint32_t)u)) {
				ser_u32(s, (uint32_t)u);
				ser_u8(s, (uint8_t)(t->mark[u] & 7));
			}
		}
	}
}

/*
 * The grid as it was at an older version, rebuilt by undoing the logged
 * changes since; NULL if the log no longer reaches back.
 */
static struct path_grid *
adaptive_grid_at(struct adaptive_shared *sh, const struct path_grid *grid,
    uint64_t version)
{
	struct path_grid	*old;
	size_t			 i;

	sh->nchanges = 0;
	if (path_grid_changes_since(grid, version, adaptive_collect, sh) < 0)
		return (NULL);
	old = path_grid_clone(grid);
	for (i = sh->nchanges; i-- > 0;)
		path_grid_set(old, sh->changes[i].x, sh->changes[i].y,
		    sh->changes[i].old_cost);
	return (old);
}

/*
 * Checks a loaded table against the grid it claims to be consistent
 * with: h consistent on every edge, zero at the goal, and every path mark
 * a legal step whose h drops by exactly its cost onto a marked cell or
 * the goal (so every mark is exact), on a cell whose h is its learned
 * k - D.  Returns 0, or -1.
 */
static int
adaptive_check(const struct path_context *ctx,
    const struct adaptive_shared *sh, const struct adaptive_table *t,
    const struct path_grid *g)
{
	const struct path_rules	 r = ctx->rules;
	const path_cost		 diag = grid_diag_base(r.movement);
	struct grid_move	 mv[8];
	path_cost		 hu, hw, step;
	uint32_t		 u, next;
	int			 i, n, x, y, dir, legal;

	if (adaptive_h(t, r.heuristic, t->goal, t->gx, t->gy) != 0)
		return (-1);
	for (u = 0; u < sh->ncells; u++) {
		if (t->k[u] == 0 && !adaptive_marked(t, u))
			continue;
		adaptive_coords(g, u, &x, &y);
		if (!path_grid_contains(g, x, y))
			return (-1);
		if ((path_cost)t->k[u] - (path_cost)t->shift > ADAPTIVE_G_MAX)
			return (-1);
		if (g->cells[u] == 0) {
			if (adaptive_marked(t, u))
				return (-1);	/* a path through a wall */
			continue;
		}
		hu = adaptive_h(t, r.heuristic, u, x, y);
		/*
		 * A search that meets a marked cell, and a hunter on one,
		 * take k - D as its cost to the goal (not h, the larger of
		 * that and the heuristic): learning always leaves them equal.
		 */
		if (adaptive_marked(t, u) &&
		    (path_cost)t->k[u] - (path_cost)t->shift != hu)
			return (-1);
		n = grid_moves(g, r.diagonal, diag, u, mv);
		dir = adaptive_marked(t, u) ? (int)(t->mark[u] & 7) : -1;
		next = dir >= 0 ? u + (uint32_t)sh->off[dir] : 0;
		legal = 0;
		for (i = 0; i < n; i++) {
			step = mv[i].base * g->cells[mv[i].id];
			hw = adaptive_h(t, r.heuristic, mv[i].id, x + mv[i].dx,
			    y + mv[i].dy);
			if (hu > step + hw)
				return (-1);
			if (mv[i].id == next) {
				legal = hu == step + hw && (next == t->goal ||
				    adaptive_marked(t, next));
			}
		}
		if (dir >= 0 && (!legal || u == t->goal))
			return (-1);
	}
	return (0);
}

/* Reads one table; returns 0, or -1 with the reader's error set. */
static int
adaptive_load_table(struct path_context *ctx, struct adaptive_shared *sh,
    struct adaptive_table *t, struct deser *d)
{
	const struct path_grid	*grid = ctx->grid;
	struct path_grid	*old;
	uint32_t		 n, i, u, prev, step;
	int			 rc;

	adaptive_table_alloc(sh, t);
	memset(t->k, 0, sh->ncells * sizeof *t->k);
	memset(t->mark, 0, sh->ncells * sizeof *t->mark);
	t->learned = 0;
	t->goal = deser_below(d, (uint32_t)sh->ncells, "a bad goal");
	adaptive_coords(grid, t->goal, &t->gx, &t->gy);
	if (d->error == NULL && !path_grid_contains(grid, t->gx, t->gy))
		deser_fail(d, "a table's goal is off the grid");
	t->shift = (uint64_t)deser_range(d, 0, (int64_t)ADAPTIVE_SHIFT_MAX,
	    "a bad shift");
	t->version = deser_u64(d);
	if (d->error == NULL && t->version > grid->version)
		deser_fail(d, "a table has seen a grid from the future");
	t->epoch = deser_below(d, sh->epochs + 1, "a bad epoch");
	t->used = deser_u64(d);
	if (d->error == NULL && t->used > sh->clock)
		deser_fail(d, "a bad clock");
	n = deser_count(d, (uint32_t)sh->ncells, 8);
	for (i = 0, prev = 0; i < n && d->error == NULL; i++) {
		u = deser_below(d, (uint32_t)sh->ncells, "a bad cell");
		if (d->error == NULL && i > 0 && u <= prev)
			deser_fail(d, "cells out of order");
		t->k[u] = deser_u32(d);
		if (t->k[u] != 0)
			t->learned = 1;
		prev = u;
	}
	n = deser_count(d, (uint32_t)sh->ncells, 5);
	for (i = 0, prev = 0; i < n && d->error == NULL; i++) {
		u = deser_below(d, (uint32_t)sh->ncells, "a bad cell");
		if (d->error == NULL && i > 0 && u <= prev)
			deser_fail(d, "cells out of order");
		step = deser_u8(d);
		if (d->error == NULL && step >= 8)
			deser_fail(d, "a bad step");
		t->mark[u] = t->epoch << 3 | (step & 7);
		prev = u;
	}
	if (d->error != NULL)
		return (-1);
	if (t->epoch == 0 && n > 0) {
		deser_fail(d, "path marks without an epoch");
		return (-1);
	}
	t->valid = 1;
	if (t->version == grid->version)
		return (adaptive_check(ctx, sh, t, grid) == 0 ? 0 : -1);
	if ((old = adaptive_grid_at(sh, grid, t->version)) == NULL) {
		/*
		 * The log no longer reaches back: the table's next user
		 * would reset it, and resetting it now plans the same.
		 */
		adaptive_reset(sh, t, grid->version);
		return (0);
	}
	rc = adaptive_check(ctx, sh, t, old);
	path_grid_free(old);
	return (rc);
}

/*
 * Reads what adaptive_context_save() wrote, in place of the context's
 * shared state (a context_load hook); returns 0, or -1 with the reader's
 * error set.
 */
static int
adaptive_context_load(struct path_context *ctx, struct deser *d)
{
	struct adaptive_shared	*sh;
	struct adaptive_table	*a, *b;
	uint32_t		 i, k, n;

	adaptive_shared_free(ctx->adaptive);
	ctx->adaptive = NULL;
	if (deser_u8(d) == 0)
		return (d->error != NULL ? -1 : 0);
	sh = adaptive_shared(ctx);
	sh->epochs = deser_below(d, ADAPTIVE_MAX_EPOCH + 1, "a bad epoch");
	sh->clock = deser_u64(d);
	n = deser_u32(d);
	if (d->error == NULL && n != ADAPTIVE_TABLES)
		deser_fail(d, "another number of tables");
	for (i = 0; i < ADAPTIVE_TABLES && d->error == NULL; i++) {
		if (deser_u8(d) == 0)
			continue;
		if (adaptive_load_table(ctx, sh, &sh->tables[i], d) != 0)
			break;
	}
	for (k = 0; k < ADAPTIVE_TABLES * ADAPTIVE_TABLES &&
	    d->error == NULL; k++) {
		a = &sh->tables[k / ADAPTIVE_TABLES];
		b = &sh->tables[k % ADAPTIVE_TABLES];
		if (a != b && a->valid && b->valid && a->goal == b->goal)
			deser_fail(d, "two tables for one goal");
	}
	if (d->error != NULL || i < ADAPTIVE_TABLES) {
		if (d->error == NULL)
			deser_fail(d, "an inconsistent learned table");
		adaptive_shared_free(ctx->adaptive);
		ctx->adaptive = NULL;
		return (-1);
	}
	sh->resets = sh->repairs = 0;
	return (0);
}

const struct planner_ops planner_adaptive_ops = {
	.name = "adaptive",
	.init = adaptive_init,
	.free = adaptive_free,
	.plan = adaptive_plan,
	.memory = adaptive_memory,
	.save = adaptive_save,
	.load = adaptive_load,
	.context_free = adaptive_context_free,
	.context_memory = adaptive_context_memory,
	.context_save = adaptive_context_save,
	.context_load = adaptive_context_load,
};
