/*
 * grid.c: cost grids with a version counter and a bounded change log.
 *
 * The log is a ring: change number v (the version right after it) lives
 * at slot (v - 1) % capacity.  A reader that last saw version s can
 * replay changes s+1 .. version as long as version - s <= capacity;
 * beyond that the oldest entries it needs were overwritten and it must
 * start over.  The bound keeps memory fixed however long a game runs,
 * and a planner that fell far behind would do no better replaying a huge
 * log than searching afresh.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "grid-internal.h"
#include "saves.h"
#include "serial.h"
#include "xmalloc.h"

/*
 * Allowed diagonals per rule and open orthogonals: see grid-internal.h.
 * NE needs N and E, SE needs S and E, SW needs S and W, NW needs N and W;
 * no-corner-cut wants both, one-side either.
 */
#define GRID_BOTH(o, a, b)	(((o) >> (a) & 1) && ((o) >> (b) & 1))
#define GRID_EITHER(o, a, b)	(((o) >> (a) & 1) || ((o) >> (b) & 1))
#define GRID_RULE(test, o)						\
	(test(o, 0, 1) | test(o, 2, 1) << 1 | test(o, 2, 3) << 2 |	\
	test(o, 0, 3) << 3)
#define GRID_ROW(test) {						\
	GRID_RULE(test, 0), GRID_RULE(test, 1), GRID_RULE(test, 2),	\
	GRID_RULE(test, 3), GRID_RULE(test, 4), GRID_RULE(test, 5),	\
	GRID_RULE(test, 6), GRID_RULE(test, 7), GRID_RULE(test, 8),	\
	GRID_RULE(test, 9), GRID_RULE(test, 10), GRID_RULE(test, 11),	\
	GRID_RULE(test, 12), GRID_RULE(test, 13), GRID_RULE(test, 14),	\
	GRID_RULE(test, 15) }
const uint8_t grid_diagonals[4][16] = {
	[PATH_DIAG_NEVER] = { 0 },
	[PATH_DIAG_NO_CORNER_CUT] = GRID_ROW(GRID_BOTH),
	[PATH_DIAG_ONE_SIDE] = GRID_ROW(GRID_EITHER),
	[PATH_DIAG_ALWAYS] = {
		15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15
	}
};
#undef GRID_ROW
#undef GRID_RULE
#undef GRID_EITHER
#undef GRID_BOTH

/* Reports a size out of range: see grid-internal.h. */
void
grid_new_refused(const char *fn, int width, int height)
{
	x_report(X_ERROR_MISUSE, "%s: a size of %dx%d (each side 1 to %d, at "
	    "most %ld cells)", fn, width, height, PATH_GRID_MAX_SIDE,
	    (long)PATH_GRID_MAX_CELLS);
}

/* Reports a callback grid where none can serve: see grid-internal.h. */
void
grid_callback_refused(const char *fn)
{
	x_report(X_ERROR_MISUSE, "%s: cannot use a grid whose costs come "
	    "from a callback (grid.h says which can)", fn);
}

/* Reports a grid of another size: see grid-internal.h. */
path_cost
grid_size_refused(const char *fn, const struct path_grid *g, int width,
    int height)
{
	x_report(X_ERROR_MISUSE, "%s: a grid of %dx%d, not %dx%d", fn,
	    g->width, g->height, width, height);
	return (PATH_COST_ERROR);
}

/* Checks a grid size against the limits: see grid.h. */
int
path_grid_check_size(long width, long height, char **cause)
{
	if (width < 1 || height < 1) {
		*cause = xasprintf("a grid needs a width and height of at "
		    "least 1, not %ldx%ld", width, height);
		return (-1);
	}
	if (width > PATH_GRID_MAX_SIDE || height > PATH_GRID_MAX_SIDE) {
		*cause = xasprintf("%ldx%ld is too large: at most %d cells "
		    "a side", width, height, PATH_GRID_MAX_SIDE);
		return (-1);
	}
	if (width * height > PATH_GRID_MAX_CELLS) {
		*cause = xasprintf("%ldx%ld is too large: at most %ld cells",
		    width, height, (long)PATH_GRID_MAX_CELLS);
		return (-1);
	}
	return (0);
}

/* Creates a grid filled with one cost: see grid.h. */
struct path_grid *
path_grid_new(int width, int height, uint8_t fill, size_t log_capacity)
{
	struct path_grid	*g;
	int			 y;

	if (!grid_size_ok(width, height)) {
		grid_new_refused("path_grid_new", width, height);
		return (NULL);
	}
	if (fill > PATH_GRID_MAX_COST)
		fill = PATH_GRID_MAX_COST;
	if (log_capacity == 0)
		log_capacity = 1;

	g = xcalloc(1, sizeof *g);
	g->width = width;
	g->height = height;
	g->stride = width + 2;
	g->cells = xcalloc(grid_padded_cells(width, height), 1);
	g->open = xcalloc(grid_padded_cells(width, height), 1);
	atomic_init(&g->planes, GRID_PLANES_NONE);
	for (y = 0; y < height; y++)
		memset(g->cells + grid_index(g, 0, y), fill, (size_t)width);
	g->log = xcalloc(log_capacity, sizeof *g->log);
	g->log_capacity = log_capacity;
	if (fill != 0)
		grid_refresh(g);	/* all blocked: as made already */
	return (g);
}

/* Bit of direction d (GRID_OPEN_* order) and its opposite. */
static const uint8_t grid_open_bit[8] = {
	GRID_OPEN_N, GRID_OPEN_E, GRID_OPEN_S, GRID_OPEN_W,
	GRID_OPEN_NE, GRID_OPEN_SE, GRID_OPEN_SW, GRID_OPEN_NW
};
static const int grid_open_back[8] = { 2, 3, 0, 1, 6, 7, 4, 5 };

/* The open mask of an inside cell, read from its neighbours. */
static inline uint8_t
grid_open_mask(const struct path_grid *g, uint32_t u)
{
	const uint8_t	*c = g->cells;
	const uint32_t	 s = (uint32_t)g->stride;

	return ((uint8_t)((c[u - s] != 0) | (c[u + 1] != 0) << 1 |
	    (c[u + s] != 0) << 2 | (c[u - 1] != 0) << 3 |
	    (c[u - s + 1] != 0) << 4 | (c[u + s + 1] != 0) << 5 |
	    (c[u + s - 1] != 0) << 6 | (c[u - s - 1] != 0) << 7));
}

/* Sets or clears bit p of a line of bits. */
static inline void
grid_bit_put(uint64_t *line, unsigned p, unsigned on)
{
	uint64_t	bit = UINT64_C(1) << (p & 63);

	line[p >> 6] = (line[p >> 6] & ~bit) | (on ? bit : 0);
}

/* Writes the stop bits of bordered cell (x,y): see grid-internal.h. */
static void
grid_stop_put(struct path_grid *g, unsigned x, unsigned y, unsigned mask)
{
	grid_bit_put(g->stops[GRID_STOP_N] + x * g->col_words, y,
	    mask >> GRID_STOP_N & 1);
	grid_bit_put(g->stops[GRID_STOP_E] + y * g->row_words, x,
	    mask >> GRID_STOP_E & 1);
	grid_bit_put(g->stops[GRID_STOP_S] + x * g->col_words, y,
	    mask >> GRID_STOP_S & 1);
	grid_bit_put(g->stops[GRID_STOP_W] + y * g->row_words, x,
	    mask >> GRID_STOP_W & 1);
}

/* Words of the four stop planes, all in one block. */
static size_t
grid_stop_words(const struct path_grid *g)
{
	return (2 * ((size_t)g->height + 2) * g->row_words +
	    2 * (size_t)g->stride * g->col_words);
}

/* Points the four planes into their block, which starts at stops[0]. */
static void
grid_stop_planes(struct path_grid *g)
{
	size_t	rows = ((size_t)g->height + 2) * g->row_words;
	size_t	cols = (size_t)g->stride * g->col_words;

	g->stops[GRID_STOP_E] = g->stops[GRID_STOP_N] + cols;
	g->stops[GRID_STOP_S] = g->stops[GRID_STOP_E] + rows;
	g->stops[GRID_STOP_W] = g->stops[GRID_STOP_S] + cols;
}

/* Lines of a diagonal plane: x + y, or x - y shifted, of any cell. */
static size_t
grid_diag_lines(const struct path_grid *g)
{
	return ((size_t)g->width + (size_t)g->height + 3);
}

/* Sets or clears bordered cell (x,y) in the diagonal planes. */
static void
grid_diag_put(struct path_grid *g, unsigned x, unsigned y, unsigned open)
{
	int	anti = (int)(x + y), main = (int)x - (int)y + g->height + 1;

	grid_bit_put(g->diags[GRID_DIAG_ANTI] + (size_t)anti * g->diag_words,
	    (unsigned)((int)x - grid_diag_first(g, anti) + 64), open);
	grid_bit_put(g->diags[GRID_DIAG_MAIN] + (size_t)main * g->diag_words,
	    (unsigned)((int)x - grid_diag_first(g, main) + 64), open);
}

/* Allocates the planes for the grid's size (grid_planes_fill writes them). */
static void
grid_bits_alloc(struct path_grid *g)
{
	/* A line holds at most the shorter side and the border. */
	g->diag_words = ((size_t)(g->width < g->height ? g->width :
	    g->height) + 2) / 64 + 3;
	g->diags[GRID_DIAG_ANTI] = xcalloc(2 * grid_diag_lines(g) *
	    g->diag_words, sizeof (uint64_t));
	g->diags[GRID_DIAG_MAIN] = g->diags[GRID_DIAG_ANTI] +
	    grid_diag_lines(g) * g->diag_words;
	g->row_words = ((size_t)g->stride + 63) / 64;
	g->col_words = ((size_t)g->height + 2 + 63) / 64;
	g->stops[GRID_STOP_N] = xreallocarray(NULL, grid_stop_words(g),
	    sizeof (uint64_t));
	grid_stop_planes(g);
}

/*
 * Writes the planes from the cells and their open masks: every line
 * blocked, the border included, until an open cell opens its bits.
 */
static void
grid_planes_fill(struct path_grid *g)
{
	uint32_t	u;
	int		x, y;

	memset(g->stops[0], 0xff, grid_stop_words(g) * sizeof (uint64_t));
	memset(g->diags[0], 0, 2 * grid_diag_lines(g) * g->diag_words *
	    sizeof (uint64_t));
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			u = grid_index(g, x, y);
			if (g->cells[u] == 0)
				continue;
			grid_stop_put(g, (unsigned)x + 1, (unsigned)y + 1,
			    grid_stop_mask(g, u));
			grid_diag_put(g, (unsigned)x + 1, (unsigned)y + 1, 1);
		}
	}
}

/*
 * Whether the grid keeps planes: once it says so, they and their sizes
 * may be read (the build's release, this acquire).
 */
static int
grid_planes_kept(const struct path_grid *g)
{
	return (atomic_load_explicit(&((struct path_grid *)g)->planes,
	    memory_order_acquire) == GRID_PLANES_READY);
}

/*
 * Builds the planes on jump point search's first call: see
 * grid-internal.h.  The grid is its caller's to read only, but the
 * planes are a cache of what it holds (built once, and by one thread:
 * the others wait), so they are written through a cast.
 */
void
grid_jump_planes(const struct path_grid *cg)
{
	struct path_grid	*g = (struct path_grid *)cg;
	int			 none = GRID_PLANES_NONE;

	if (atomic_load_explicit(&g->planes, memory_order_acquire) ==
	    GRID_PLANES_READY)
		return;
	if (atomic_compare_exchange_strong_explicit(&g->planes, &none,
	    GRID_PLANES_BUILDING, memory_order_acquire,
	    memory_order_acquire)) {
		grid_bits_alloc(g);
		grid_planes_fill(g);
		atomic_store_explicit(&g->planes, GRID_PLANES_READY,
		    memory_order_release);
		return;
	}
	while (atomic_load_explicit(&g->planes, memory_order_acquire) !=
	    GRID_PLANES_READY)
		sched_yield();
}

/* Counts a cell's cost in or out of the histogram of open costs. */
static void
grid_count(struct path_grid *g, uint8_t cost, int add)
{
	if (cost == 0)
		return;
	if (add && g->costs[cost]++ == 0)
		g->distinct++;
	else if (!add && --g->costs[cost] == 0)
		g->distinct--;
}

/* Recomputes the cost bound and open masks: see grid-internal.h. */
void
grid_refresh(struct path_grid *g)
{
	uint32_t	u;
	int		x, y;

	g->max_cost = 0;
	memset(g->costs, 0, sizeof g->costs);
	g->distinct = 0;
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			u = grid_index(g, x, y);
			if (g->cells[u] > g->max_cost)
				g->max_cost = g->cells[u];
			g->open[u] = grid_open_mask(g, u);
			grid_count(g, g->cells[u], 1);
		}
	}
	if (grid_planes_kept(g))
		grid_planes_fill(g);
	g->corners = g->diagonal_cells = g->lone = 0;
	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			size_t	corners, diagonal, lone;

			grid_corners(g, grid_index(g, x, y), &corners,
			    &diagonal, &lone);
			g->corners += corners;
			g->diagonal_cells += diagonal;
			g->lone += lone;
		}
	}
}

/* The fields the planes own lie between planes and costs: see below. */
_Static_assert(offsetof(struct path_grid, planes) <
    offsetof(struct path_grid, stops) &&
    offsetof(struct path_grid, diag_words) <
    offsetof(struct path_grid, costs), "the planes' fields moved");

/* Copies a grid, its version and its log. */
struct path_grid *
path_grid_clone(const struct path_grid *src)
{
	struct path_grid	*g;
	size_t			 n = grid_padded_cells(src->width, src->height);

	g = xcalloc(1, sizeof *g);
	/*
	 * Everything but the planes and their sizes, which another thread's
	 * first jump point search may be writing (grid-internal.h): those
	 * are read only once they are ready.
	 */
	memcpy(g, src, offsetof(struct path_grid, planes));
	memcpy(&g->costs, &src->costs, sizeof *g - offsetof(struct path_grid,
	    costs));
	g->cells = memcpy(xmalloc(n), src->cells, n);
	g->open = memcpy(xmalloc(n), src->open, n);
	atomic_init(&g->planes, GRID_PLANES_NONE);
	if (grid_planes_kept(src)) {
		grid_bits_alloc(g);	/* the same size: the same layout */
		memcpy(g->stops[0], src->stops[0], grid_stop_words(g) *
		    sizeof (uint64_t));
		memcpy(g->diags[0], src->diags[0], 2 * grid_diag_lines(g) *
		    g->diag_words * sizeof (uint64_t));
		atomic_store_explicit(&g->planes, GRID_PLANES_READY,
		    memory_order_relaxed);
	}
	g->log = memcpy(xcalloc(src->log_capacity, sizeof *g->log),
	    src->log, src->log_capacity * sizeof *g->log);
	return (g);
}

/* A grid of costs from the caller: see grid.h. */
struct path_grid *
path_grid_new_callback(int width, int height, path_cost_fn fn, void *user)
{
	struct path_grid	*g;

	if (fn == NULL) {
		x_report(X_ERROR_MISUSE, "path_grid_new_callback: no cost "
		    "function (NULL)");
		return (NULL);
	}
	if (!grid_size_ok(width, height)) {
		grid_new_refused("path_grid_new_callback", width, height);
		return (NULL);
	}
	/* Every cell open at 1, for the code that only asks whether. */
	g = path_grid_new(width, height, 1, 1);
	g->cost_fn = fn;
	g->cost_user = user;
	return (g);
}

int
path_grid_is_callback(const struct path_grid *g)
{
	return (g->cost_fn != NULL);
}

/*
 * The callback's cost of the step from (fx,fy) to (tx,ty), both inside g,
 * checked against the step's unweighted cost min: PATH_COST_NONE when
 * blocked, PATH_COST_ERROR (told to the handler) when out of range.
 */
static path_cost
grid_callback_cost(const struct path_grid *g, const char *who, path_cost min,
    int fx, int fy, int tx, int ty)
{
	path_cost	c = g->cost_fn(g->cost_user, fx, fy, tx, ty);

	if (c == PATH_COST_NONE)
		return (c);
	if (c < min || c > PATH_GRID_MAX_STEP_COST) {
		x_report(X_ERROR_MISUSE, "%s: the cost callback gave %lld for "
		    "the step from (%d,%d) to (%d,%d), outside %lld to %lld",
		    who, (long long)c, fx, fy, tx, ty, (long long)min,
		    (long long)PATH_GRID_MAX_STEP_COST);
		return (PATH_COST_ERROR);
	}
	return (c);
}

/* The steps out of or into a cell of a callback grid: see grid-internal.h. */
int
grid_callback_steps(const struct path_grid *g, struct path_rules r, int x,
    int y, int reverse, const char *who, struct grid_cb_step out[8])
{
	path_cost	c, side[2], ortho[4];
	int		d, n = 0, fx, fy, tx, ty, k;

	for (d = 0; d < 8; d++) {
		if (d >= 4 && r.diagonal == PATH_DIAG_NEVER)
			break;
		tx = x + grid_step_dx[d];
		ty = y + grid_step_dy[d];
		if (d < 4)
			ortho[d] = PATH_COST_NONE;
		if (!path_grid_contains(g, tx, ty))
			continue;
		fx = reverse ? tx : x;
		fy = reverse ? ty : y;
		if (reverse) {
			tx = x;
			ty = y;
		}
		if (d >= 4 && r.diagonal != PATH_DIAG_ALWAYS && !reverse) {
			/* The sides are steps out of (x,y): asked already. */
			side[0] = ortho[grid_step_dx[d] > 0 ? 1 : 3];
			side[1] = ortho[grid_step_dy[d] > 0 ? 2 : 0];
		} else if (d >= 4 && r.diagonal != PATH_DIAG_ALWAYS) {
			/* The orthogonal steps from (fx,fy) to the sides. */
			side[0] = grid_callback_cost(g, who, PATH_COST_ORTHO,
			    fx, fy, tx, fy);
			side[1] = grid_callback_cost(g, who, PATH_COST_ORTHO,
			    fx, fy, fx, ty);
			if (side[0] == PATH_COST_ERROR ||
			    side[1] == PATH_COST_ERROR)
				return (-1);
		}
		if (d >= 4 && r.diagonal != PATH_DIAG_ALWAYS) {
			k = (side[0] != PATH_COST_NONE) +
			    (side[1] != PATH_COST_NONE);
			if (k < (r.diagonal == PATH_DIAG_ONE_SIDE ? 1 : 2))
				continue;
		}
		c = grid_callback_cost(g, who, d < 4 ? PATH_COST_ORTHO :
		    grid_diag_base(r.movement), fx, fy, tx, ty);
		if (c == PATH_COST_ERROR)
			return (-1);
		if (d < 4)
			ortho[d] = c;
		if (c == PATH_COST_NONE)
			continue;
		out[n].dir = d;
		out[n].cost = c;
		n++;
	}
	return (n);
}

/* Cost of a single step: see grid-internal.h. */
path_cost
grid_step(const struct path_grid *g, struct path_rules r, int ax, int ay,
    int bx, int by)
{
	int		dx = bx - ax, dy = by - ay, open4;
	unsigned	c = path_grid_get(g, bx, by);

	if (c == 0 || path_grid_get(g, ax, ay) == 0 || dx < -1 || dx > 1 ||
	    dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return (PATH_COST_NONE);
	if (dx != 0 && dy != 0) {
		open4 = (path_grid_get(g, ax, ay - 1) != 0) |
		    (path_grid_get(g, ax + 1, ay) != 0) << 1 |
		    (path_grid_get(g, ax, ay + 1) != 0) << 2 |
		    (path_grid_get(g, ax - 1, ay) != 0) << 3;
		/* Bit of the diagonal: NE 0, SE 1, SW 2, NW 3. */
		if (!(grid_diagonals[r.diagonal][open4] >>
		    (dx > 0 ? (dy < 0 ? 0 : 1) : (dy > 0 ? 2 : 3)) & 1))
			return (PATH_COST_NONE);
	}
	return (path_step_cost(r, dx, dy, (int)c));
}

/* The changes grid_as_of() undoes, oldest first. */
struct grid_undo {
	struct path_change	*changes;
	size_t			 n;
};

static void
grid_undo_collect(void *ctx, const struct path_change *c)
{
	struct grid_undo	*u = ctx;

	u->changes[u->n++] = *c;
}

/* The grid as it was: see grid-internal.h. */
struct path_grid *
grid_as_of(const struct path_grid *g, uint64_t version)
{
	struct grid_undo	 u;
	struct path_grid	*past;
	long			 n;

	if (version > g->version || g->version - version > g->log_capacity)
		return (NULL);
	u.changes = xreallocarray(NULL, g->version - version + 1,
	    sizeof *u.changes);
	u.n = 0;
	n = path_grid_changes_since(g, version, grid_undo_collect, &u);
	if (n < 0) {
		free(u.changes);
		return (NULL);
	}
	past = path_grid_clone(g);
	while (u.n > 0) {
		u.n--;
		path_grid_set(past, u.changes[u.n].x, u.changes[u.n].y,
		    u.changes[u.n].old_cost);
	}
	free(u.changes);
	return (past);
}

void
path_grid_free(struct path_grid *g)
{
	if (g == NULL)
		return;
	free(g->cells);
	free(g->open);
	free(g->stops[0]);
	free(g->diags[0]);
	free(g->log);
	free(g);
}

int
path_grid_width(const struct path_grid *g)
{
	return (g->width);
}

int
path_grid_height(const struct path_grid *g)
{
	return (g->height);
}

int
path_grid_contains(const struct path_grid *g, int x, int y)
{
	return (x >= 0 && y >= 0 && x < g->width && y < g->height);
}

/* Cost of a cell, 0 outside. */
uint8_t
path_grid_get(const struct path_grid *g, int x, int y)
{
	if (!path_grid_contains(g, x, y))
		return (0);
	return (g->cells[grid_index(g, x, y)]);
}

/* Adds (sign 1) or takes away (-1) the corner counts of u and around it. */
static void
grid_count_corners(struct path_grid *g, uint32_t u, int sign)
{
	size_t		corners, diagonal, lone;
	uint32_t	v;
	int		dx, dy;

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			v = (uint32_t)((int64_t)u + dy * g->stride + dx);
			grid_corners(g, v, &corners, &diagonal, &lone);
			if (sign > 0) {
				g->corners += corners;
				g->diagonal_cells += diagonal;
				g->lone += lone;
			} else {
				g->corners -= corners;
				g->diagonal_cells -= diagonal;
				g->lone -= lone;
			}
		}
	}
}

/*
 * Tells the neighbours of inside cell u that it opened or closed; the
 * caller has already written the cell.
 */
static void
grid_set_open(struct path_grid *g, uint32_t u, int open)
{
	uint32_t	v;
	int		d;

	for (d = 0; d < 8; d++) {
		v = (uint32_t)((int64_t)u + grid_step_dy[d] * g->stride +
		    grid_step_dx[d]);
		if (open)
			g->open[v] |= grid_open_bit[grid_open_back[d]];
		else
			g->open[v] &= (uint8_t)~grid_open_bit[grid_open_back[d]];
	}
}

/*
 * Writes one stop bit: that of direction d (a constant once inlined) of
 * cell v, at p of line; the bit grid_stop_mask() gives, worked out for d
 * alone: the cells beside v across a run that way and behind them.
 */
static inline __attribute__((always_inline)) void
grid_stop_one(struct path_grid *g, int d, size_t line, unsigned p,
    uint32_t v)
{
	static const uint8_t	side[4][2] = {
		[GRID_STOP_N] = { GRID_OPEN_W, GRID_OPEN_E },
		[GRID_STOP_E] = { GRID_OPEN_N, GRID_OPEN_S },
		[GRID_STOP_S] = { GRID_OPEN_W, GRID_OPEN_E },
		[GRID_STOP_W] = { GRID_OPEN_N, GRID_OPEN_S }
	};
	static const uint8_t	behind[4][2] = {
		[GRID_STOP_N] = { GRID_OPEN_SW, GRID_OPEN_SE },
		[GRID_STOP_E] = { GRID_OPEN_NW, GRID_OPEN_SW },
		[GRID_STOP_S] = { GRID_OPEN_NW, GRID_OPEN_NE },
		[GRID_STOP_W] = { GRID_OPEN_NE, GRID_OPEN_SE }
	};
	size_t		words = d == GRID_STOP_E || d == GRID_STOP_W ?
			    g->row_words : g->col_words;
	unsigned	m = g->open[v], stop;

	stop = g->cells[v] == 0 ||
	    ((m & side[d][0]) && !(m & behind[d][0])) ||
	    ((m & side[d][1]) && !(m & behind[d][1]));
	grid_bit_put(g->stops[d] + line * words, p, stop);
}

/*
 * Rewrites the stop bits that a change of inside cell (x,y) can change,
 * after its neighbours' open masks followed: its own, and for each
 * direction those of the two cells across a run that way and of the two
 * behind them, for which (x,y) is the cell beside or the cell behind
 * (grid-internal.h).  A cell of the border among them gets its bits
 * written as they were, blocked.
 */
static void
grid_stops_around(struct path_grid *g, int x, int y)
{
	const unsigned	X = (unsigned)x + 1, Y = (unsigned)y + 1;
	const uint32_t	s = (uint32_t)g->stride, u = Y * s + X;

	grid_stop_one(g, GRID_STOP_E, Y, X, u);
	grid_stop_one(g, GRID_STOP_E, Y - 1, X, u - s);
	grid_stop_one(g, GRID_STOP_E, Y + 1, X, u + s);
	grid_stop_one(g, GRID_STOP_E, Y - 1, X + 1, u - s + 1);
	grid_stop_one(g, GRID_STOP_E, Y + 1, X + 1, u + s + 1);
	grid_stop_one(g, GRID_STOP_W, Y, X, u);
	grid_stop_one(g, GRID_STOP_W, Y - 1, X, u - s);
	grid_stop_one(g, GRID_STOP_W, Y + 1, X, u + s);
	grid_stop_one(g, GRID_STOP_W, Y - 1, X - 1, u - s - 1);
	grid_stop_one(g, GRID_STOP_W, Y + 1, X - 1, u + s - 1);
	grid_stop_one(g, GRID_STOP_S, X, Y, u);
	grid_stop_one(g, GRID_STOP_S, X - 1, Y, u - 1);
	grid_stop_one(g, GRID_STOP_S, X + 1, Y, u + 1);
	grid_stop_one(g, GRID_STOP_S, X - 1, Y + 1, u + s - 1);
	grid_stop_one(g, GRID_STOP_S, X + 1, Y + 1, u + s + 1);
	grid_stop_one(g, GRID_STOP_N, X, Y, u);
	grid_stop_one(g, GRID_STOP_N, X - 1, Y, u - 1);
	grid_stop_one(g, GRID_STOP_N, X + 1, Y, u + 1);
	grid_stop_one(g, GRID_STOP_N, X - 1, Y - 1, u - s - 1);
	grid_stop_one(g, GRID_STOP_N, X + 1, Y - 1, u - s + 1);
}

/* Sets a cell's cost, logging a change: see grid.h. */
int
path_grid_set(struct path_grid *g, int x, int y, unsigned cost)
{
	struct path_change	*c;
	uint8_t			*cell;

	if (g->cost_fn != NULL) {
		x_report(X_ERROR_MISUSE, "path_grid_set: a grid whose costs "
		    "come from a callback stores none");
		return (0);
	}
	if (!path_grid_contains(g, x, y))
		return (0);
	if (cost > PATH_GRID_MAX_COST)
		cost = PATH_GRID_MAX_COST;
	cell = &g->cells[grid_index(g, x, y)];
	if (*cell == cost)
		return (0);
	c = &g->log[g->version % g->log_capacity];
	c->x = x;
	c->y = y;
	c->old_cost = *cell;
	c->new_cost = (uint8_t)cost;
	grid_count(g, *cell, 0);
	grid_count(g, (uint8_t)cost, 1);
	if ((*cell == 0) != (cost == 0)) {
		grid_count_corners(g, grid_index(g, x, y), -1);
		*cell = (uint8_t)cost;
		grid_set_open(g, grid_index(g, x, y), cost != 0);
		grid_count_corners(g, grid_index(g, x, y), 1);
		if (grid_planes_kept(g)) {
			grid_stops_around(g, x, y);
			grid_diag_put(g, (unsigned)x + 1, (unsigned)y + 1,
			    cost != 0);
		}
	}
	*cell = (uint8_t)cost;
	if (cost > g->max_cost)
		g->max_cost = (uint8_t)cost;
	g->version++;
	return (1);
}

uint64_t
path_grid_version(const struct path_grid *g)
{
	return (g->version);
}

size_t
path_grid_log_capacity(const struct path_grid *g)
{
	return (g->log_capacity);
}

/* Replays the changes after version `since`: see grid.h. */
long
path_grid_changes_since(const struct path_grid *g, uint64_t since,
    path_change_fn fn, void *ctx)
{
	uint64_t	v;

	if (since > g->version || g->version - since > g->log_capacity)
		return (-1);
	for (v = since; v < g->version; v++)
		fn(ctx, &g->log[v % g->log_capacity]);
	return ((long)(g->version - since));
}

/* Writes a grid: see saves.h. */
void
path_grid_save(const struct path_grid *g, struct ser *s)
{
	uint64_t	v, first;
	int		y;

	ser_u32(s, (uint32_t)g->width);
	ser_u32(s, (uint32_t)g->height);
	for (y = 0; y < g->height; y++)
		ser_bytes(s, g->cells + grid_index(g, 0, y), (size_t)g->width);
	ser_u8(s, g->max_cost);
	ser_u64(s, g->version);
	ser_u32(s, (uint32_t)g->log_capacity);
	first = g->version > g->log_capacity ? g->version - g->log_capacity : 0;
	for (v = first; v < g->version; v++) {
		const struct path_change *c = &g->log[v % g->log_capacity];

		ser_u32(s, (uint32_t)c->x);
		ser_u32(s, (uint32_t)c->y);
		ser_u8(s, c->old_cost);
		ser_u8(s, c->new_cost);
	}
}

/* Reads a grid: see saves.h. */
struct path_grid *
path_grid_load(struct deser *d)
{
	struct path_grid	*g;
	struct path_change	*c;
	uint32_t		 w, h, cap;
	uint64_t		 version, v, first;
	char			*cause;
	int			 x, y;
	uint8_t			 max_cost;

	w = deser_u32(d);
	h = deser_u32(d);
	if (d->error != NULL)
		return (NULL);
	if (path_grid_check_size(w, h, &cause) != 0) {
		free(cause);
		deser_fail(d, "a grid has an impossible size");
		return (NULL);
	}
	if ((size_t)w * h > d->len - d->pos) {
		deser_fail(d, "the data ends inside a grid");
		return (NULL);
	}
	g = path_grid_new((int)w, (int)h, 0, 1);
	for (y = 0; y < (int)h; y++)
		deser_bytes(d, g->cells + grid_index(g, 0, y), w);
	for (y = 0; y < (int)h; y++) {
		for (x = 0; x < (int)w; x++) {
			if (g->cells[grid_index(g, x, y)] > PATH_GRID_MAX_COST)
				deser_fail(d, "a grid cell costs more than 254");
		}
	}
	max_cost = deser_u8(d);
	version = deser_u64(d);
	cap = deser_count(d, 1u << 24, 0);
	if (d->error == NULL && cap == 0)
		deser_fail(d, "a grid's change log has no room");
	first = version > cap ? version - cap : 0;
	if (d->error == NULL && (version - first) > (d->len - d->pos) / 10)
		deser_fail(d, "the data ends inside a change log");
	if (d->error != NULL) {
		path_grid_free(g);
		return (NULL);
	}
	free(g->log);
	g->log = xcalloc(cap, sizeof *g->log);
	g->log_capacity = cap;
	g->version = version;
	for (v = first; v < version && d->error == NULL; v++) {
		c = &g->log[v % cap];
		c->x = (int)deser_below(d, w, "a log entry is outside its grid");
		c->y = (int)deser_below(d, h, "a log entry is outside its grid");
		c->old_cost = deser_u8(d);
		c->new_cost = deser_u8(d);
		if (c->old_cost > PATH_GRID_MAX_COST ||
		    c->new_cost > PATH_GRID_MAX_COST)
			deser_fail(d, "a logged cost is more than 254");
	}
	if (d->error != NULL) {
		path_grid_free(g);
		return (NULL);
	}
	grid_refresh(g);
	if (max_cost > PATH_GRID_MAX_COST || max_cost < g->max_cost) {
		deser_fail(d, "a grid's cost bound is below its costs");
		path_grid_free(g);
		return (NULL);
	}
	g->max_cost = max_cost;
	return (g);
}
