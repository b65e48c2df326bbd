/*
 * fov.c: field of view by Albert Ford's symmetric shadowcasting.
 *
 * The plane around the origin is cut into four quadrants (north, east,
 * south, west), each a 90 degree wedge scanned in rows of increasing
 * depth.  A row is the open wedge between two slopes, kept as exact
 * fractions of integers so that no rounding can break symmetry; the row
 * covers every tile whose segment along the row's centre line meets the
 * wedge.  A wall narrows the wedge for the rows behind it: the run of
 * floor before it becomes a row of its own, one deeper, and the wedge
 * after it starts at the wall's far edge.  A wall is shown when the wedge
 * touches it; a floor tile only when its centre lies within the wedge,
 * which is what makes sight symmetric between two floor tiles.
 *
 * Rows are scanned a depth at a time from two arrays, never by recursion,
 * so no map or radius can exhaust the C stack.  The rows of one depth are
 * disjoint and each follows a separate run of floor in the row before, so
 * a depth never holds more than depth + 1 of them; the arrays start on
 * the C stack and move to the heap only for very wide views, so an
 * ordinary call allocates nothing.
 *
 * Two neighbouring quadrants share the diagonal between them.  Whether a
 * diagonal tile is seen depends only on the diagonal tiles nearer to the
 * origin (a ray that close to the diagonal crosses nothing else), so both
 * quadrants agree about it, and each reports only its anticlockwise edge
 * to call see() once per tile.  Coordinates are worked out in long long:
 * a tile that would not fit in an int is opaque and never reported, and
 * every product of depths and slope terms stays below 2^63 even for a
 * radius of INT_MAX.  see() is given walls just outside the map too, as
 * those are opaque tiles at the edge of sight; callers ignore them.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fov.h"
#include "xmalloc.h"

/* Rows of one depth held on the C stack before moving to the heap. */
#define FOV_LOCAL_ROWS	32

/* A slope, column over depth, as a fraction with a positive denominator. */
struct fov_slope {
	long long	num;
	long long	den;
};

/* A row waiting to be scanned: the open wedge between two slopes. */
struct fov_row {
	struct fov_slope	start;
	struct fov_slope	end;
};

/* The rows of one depth. */
struct fov_rows {
	struct fov_row	*rows;
	struct fov_row	*local;		/* the C stack array rows starts in */
	size_t		 n;
	size_t		 size;
};

/* What a scan needs: the caller's arguments and the current quadrant. */
struct fov_scan {
	long long	  ox;
	long long	  oy;
	int		  radius;
	long long	  limit;	/* radius * radius + radius */
	int		  quadrant;	/* 0 north, 1 east, 2 south, 3 west */
	int		(*opaque)(void *, int, int);
	void		(*see)(void *, int, int);
	void		 *ctx;
};

/* Appends a row, moving the array to the heap when the stack one is full. */
static void
fov_rows_push(struct fov_rows *rs, struct fov_slope start,
    struct fov_slope end)
{
	struct fov_row	*bigger;

	if (rs->n == rs->size) {
		if (rs->rows == rs->local) {
			bigger = xreallocarray(NULL, rs->size * 2,
			    sizeof *bigger);
			memcpy(bigger, rs->rows, rs->n * sizeof *bigger);
		} else
			bigger = xreallocarray(rs->rows, rs->size * 2,
			    sizeof *bigger);
		rs->rows = bigger;
		rs->size *= 2;
	}
	rs->rows[rs->n].start = start;
	rs->rows[rs->n].end = end;
	rs->n++;
}

/* Frees a row array if it moved to the heap. */
static void
fov_rows_free(struct fov_rows *rs)
{
	if (rs->rows != rs->local)
		free(rs->rows);
}

/* The slope to a tile's edge nearer the start of its row. */
static struct fov_slope
fov_edge(long long depth, long long col)
{
	struct fov_slope	s = { 2 * col - 1, 2 * depth };

	return (s);
}

/*
 * Works out depth * slope as a whole part and a remainder over the
 * slope's denominator, the whole part rounded towards minus infinity.
 */
static long long
fov_times(long long depth, struct fov_slope s, long long *rem)
{
	long long	whole = depth * s.num / s.den;

	*rem = depth * s.num % s.den;
	if (*rem < 0) {
		whole--;
		*rem += s.den;
	}
	return (whole);
}

/* The first column of a row: depth * start, rounded with ties up. */
static long long
fov_first_col(long long depth, struct fov_slope start)
{
	long long	whole, rem;

	whole = fov_times(depth, start, &rem);
	return (2 * rem >= start.den ? whole + 1 : whole);
}

/* The last column of a row: depth * end, rounded with ties down. */
static long long
fov_last_col(long long depth, struct fov_slope end)
{
	long long	whole, rem;

	whole = fov_times(depth, end, &rem);
	return (2 * rem > end.den ? whole + 1 : whole);
}

/* Whether a tile's centre lies within the closed wedge of its row. */
static int
fov_symmetric(long long depth, long long col, struct fov_slope start,
    struct fov_slope end)
{
	return (col * start.den >= depth * start.num &&
	    col * end.den <= depth * end.num);
}

/*
 * Turns a quadrant's depth and column into map coordinates; returns 0 if
 * they do not fit in an int.
 */
static int
fov_place(const struct fov_scan *s, long long depth, long long col, int *x,
    int *y)
{
	long long	lx, ly;

	switch (s->quadrant) {
	case 0:
		lx = s->ox + col;
		ly = s->oy - depth;
		break;
	case 1:
		lx = s->ox + depth;
		ly = s->oy + col;
		break;
	case 2:
		lx = s->ox - col;
		ly = s->oy + depth;
		break;
	default:
		lx = s->ox - depth;
		ly = s->oy - col;
		break;
	}
	if (lx < INT_MIN || lx > INT_MAX || ly < INT_MIN || ly > INT_MAX)
		return (0);
	*x = (int)lx;
	*y = (int)ly;
	return (1);
}

/*
 * Scans one row: reports what it shows and queues, for the next depth,
 * one row per run of floor it contains.
 */
static void
fov_scan_row(const struct fov_scan *s, long long depth,
    const struct fov_row *row, struct fov_rows *next)
{
	struct fov_slope	start = row->start;
	long long		col, first, last;
	int			x, y, placed, wall, inside, deeper;
	int			prev = -1;	/* none yet, else prev wall */

	first = fov_first_col(depth, row->start);
	last = fov_last_col(depth, row->end);
	deeper = depth < s->radius;
	for (col = first; col <= last; col++) {
		inside = col * col + depth * depth <= s->limit;
		/* The last row only matters for what it shows. */
		if (!deeper && !inside)
			continue;
		placed = fov_place(s, depth, col, &x, &y);
		wall = !placed || s->opaque(s->ctx, x, y) != 0;
		if (placed && inside && col != depth &&
		    (wall || fov_symmetric(depth, col, start, row->end)))
			s->see(s->ctx, x, y);
		if (prev == 1 && !wall)
			start = fov_edge(depth, col);
		else if (prev == 0 && wall && deeper)
			fov_rows_push(next, start, fov_edge(depth, col));
		prev = wall;
	}
	if (prev == 0 && deeper)
		fov_rows_push(next, start, row->end);
}

/* Computes the field of view: see fov.h. A negative radius counts as 0. */
void
fov_compute(int ox, int oy, int radius,
    int (*opaque)(void *ctx, int x, int y),
    void (*see)(void *ctx, int x, int y), void *ctx)
{
	static const struct fov_slope	 left = { -1, 1 }, right = { 1, 1 };
	struct fov_row			 local[2][FOV_LOCAL_ROWS];
	struct fov_rows			 a, b, *cur, *next, *swap;
	struct fov_scan			 s;
	long long			 depth;
	size_t				 i;

	see(ctx, ox, oy);
	if (radius <= 0)
		return;

	s.ox = ox;
	s.oy = oy;
	s.radius = radius;
	s.limit = (long long)radius * radius + radius;
	s.opaque = opaque;
	s.see = see;
	s.ctx = ctx;

	a.rows = a.local = local[0];
	b.rows = b.local = local[1];
	a.size = b.size = FOV_LOCAL_ROWS;
	for (s.quadrant = 0; s.quadrant < 4; s.quadrant++) {
		cur = &a;
		next = &b;
		cur->n = 0;
		fov_rows_push(cur, left, right);
		/* The next depth is empty once depth reaches the radius. */
		for (depth = 1;; depth++) {
			next->n = 0;
			for (i = 0; i < cur->n; i++)
				fov_scan_row(&s, depth, &cur->rows[i], next);
			if (next->n == 0)
				break;
			swap = cur;
			cur = next;
			next = swap;
		}
	}
	fov_rows_free(&a);
	fov_rows_free(&b);
}
