/*
 * check_fov.c: field of view, against symmetry, an oracle and drawings.
 *
 * Three judges, each independent of fov.c's rows and rounding.  The
 * first is symmetry itself: on thousands of random maps, every floor
 * cell looks at every other within the radius and the answers must
 * agree both ways.  The second is an oracle that knows nothing of rows:
 * it tests rays.  In each quadrant a wall is a closed segment, as wide
 * as its tile, on the centre line of its row; a floor tile is seen when
 * the ray from the origin's centre to its centre, turned by an
 * infinitesimal angle one way or the other, crosses no wall segment
 * nearer than the tile; a wall is seen when some ray through the open
 * segment of its own row is clear in the same way.  That is Ford's
 * algorithm read as geometry, with exact fractions.  The third is a set
 * of small maps drawn by hand with what should be seen marked, worked out
 * on paper; the oracle is held to them too, so that it is not trusted
 * blindly.  Around these: each cell reported once, nothing beyond the
 * radius, nothing read that is not needed, huge maps and radii, and
 * coordinates at the edge of int.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fov.h"
#include "oracle.h"
#include "testutil.h"

/* Random maps per chunk of the symmetry test, and chunks. */
#define SYMMETRY_MAPS		200
#define SYMMETRY_CHUNKS		12

/* The largest box a view records around its origin. */
#define VIEW_REACH_MAX		64

/* Random maps per chunk of the oracle test, and chunks. */
#define ORACLE_MAPS		100
#define ORACLE_CHUNKS		8

/* A map of walls ('#') and floor (anything else); outside is wall. */
struct fmap {
	int	 w;
	int	 h;
	char	*cell;
};

/* What one fov_compute call did, cell by cell around the origin. */
struct view {
	const struct fmap	*map;
	int			 ox;
	int			 oy;
	int			 radius;
	int			 reach;		/* half the side of count */
	int			 side;
	unsigned char		*count;		/* see() calls per cell */
	long			 seen;
	long			 stray;		/* see() beyond the box */
	long			 reads;
	long			 bad_reads;	/* opaque() not needed */
	int			 bad_x;
	int			 bad_y;
};

/* A map of floor of the given size. */
static struct fmap *
fmap_new(int w, int h)
{
	struct fmap	*m = calloc(1, sizeof *m);

	ck_assert(m != NULL);
	m->w = w;
	m->h = h;
	m->cell = malloc((size_t)w * (size_t)h);
	ck_assert(m->cell != NULL);
	memset(m->cell, '.', (size_t)w * (size_t)h);
	return (m);
}

/* Frees a map. */
static void
fmap_free(struct fmap *m)
{
	if (m != NULL)
		free(m->cell);
	free(m);
}

/* Whether a cell is a wall; everything outside the map is. */
static int
fmap_wall(const struct fmap *m, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->w || y >= m->h)
		return (1);
	return (m->cell[(size_t)y * m->w + x] == '#');
}

/* Makes a cell a wall or floor, ignoring cells outside the map. */
static void
fmap_set(struct fmap *m, int x, int y, int wall)
{
	if (x >= 0 && y >= 0 && x < m->w && y < m->h)
		m->cell[(size_t)y * m->w + x] = wall ? '#' : '.';
}

/*
 * A random map: walls scattered at a random density, sometimes with
 * straight wall lines and rooms so that there are corridors and doors.
 */
static struct fmap *
fmap_random(struct oracle_rng *rng, int max_side)
{
	struct fmap	*m;
	int		 w, h, density, lines, i, j, x, y, len, dir;

	w = oracle_rng_range(rng, 1, max_side);
	h = oracle_rng_range(rng, 1, max_side);
	m = fmap_new(w, h);
	density = oracle_rng_below(rng, 4) == 0 ? 0 :
	    oracle_rng_range(rng, 0, 70);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			if (oracle_rng_below(rng, 100) < density)
				fmap_set(m, x, y, 1);
		}
	}
	lines = oracle_rng_below(rng, 3) == 0 ? oracle_rng_range(rng, 1, 8) : 0;
	for (i = 0; i < lines; i++) {
		x = oracle_rng_below(rng, w);
		y = oracle_rng_below(rng, h);
		len = oracle_rng_range(rng, 2, max_side);
		dir = oracle_rng_below(rng, 4);
		for (j = 0; j < len; j++) {
			/* Straight, or a diagonal staircase. */
			fmap_set(m, x, y, oracle_rng_below(rng, 8) != 0);
			if (dir == 0 || dir == 2)
				x++;
			if (dir == 1 || dir == 2)
				y++;
			if (dir == 3) {
				x++;
				y--;
			}
		}
	}
	return (m);
}

/* Prints a map with the origin and, if given, what a view saw. */
static void
fmap_print(FILE *f, const struct fmap *m, int ox, int oy,
    const struct view *v)
{
	int	x, y, wall, seen, dx, dy;

	for (y = 0; y < m->h; y++) {
		for (x = 0; x < m->w; x++) {
			wall = fmap_wall(m, x, y);
			seen = 0;
			if (v != NULL) {
				dx = x - v->ox + v->reach;
				dy = y - v->oy + v->reach;
				if (dx >= 0 && dy >= 0 && dx < v->side &&
				    dy < v->side)
					seen = v->count[dy * v->side + dx];
			}
			if (x == ox && y == oy)
				fputc('@', f);
			else if (v == NULL)
				fputc(wall ? '#' : '.', f);
			else if (wall)
				fputc(seen ? '#' : '%', f);
			else
				fputc(seen ? '*' : '.', f);
		}
		fputc('\n', f);
	}
}

/* Whether (dx, dy) is within the radius by the rule of fov.h. */
static int
within(long long dx, long long dy, int radius)
{
	if (radius < 0)
		radius = 0;
	return (dx * dx + dy * dy <=
	    (long long)radius * radius + radius);
}

/* opaque() for a view: reads the map and notes reads it need not make. */
static int
view_opaque(void *ctx, int x, int y)
{
	struct view	*v = ctx;
	long long	 dx = (long long)x - v->ox, dy = (long long)y - v->oy;
	long long	 far = dx < 0 ? -dx : dx;

	if ((dy < 0 ? -dy : dy) > far)
		far = dy < 0 ? -dy : dy;
	v->reads++;
	/*
	 * The origin is always seen, rows stop at the radius, and the last
	 * row need not be read beyond the circle.
	 */
	if (far == 0 || far > v->radius ||
	    (far == v->radius && !within(dx, dy, v->radius))) {
		if (v->bad_reads++ == 0) {
			v->bad_x = x;
			v->bad_y = y;
		}
	}
	return (fmap_wall(v->map, x, y));
}

/* see() for a view: counts the call in the box around the origin. */
static void
view_see(void *ctx, int x, int y)
{
	struct view	*v = ctx;
	long long	 dx = (long long)x - v->ox + v->reach;
	long long	 dy = (long long)y - v->oy + v->reach;

	v->seen++;
	if (dx < 0 || dy < 0 || dx >= v->side || dy >= v->side) {
		v->stray++;
		return;
	}
	if (v->count[dy * v->side + dx] < UCHAR_MAX)
		v->count[dy * v->side + dx]++;
}

/* Runs fov_compute on a map, recording everything it does. */
static void
view_run(struct view *v, const struct fmap *m, int ox, int oy, int radius)
{
	memset(v, 0, sizeof *v);
	v->map = m;
	v->ox = ox;
	v->oy = oy;
	v->radius = radius;
	v->reach = radius < 0 ? 0 : radius;
	if (v->reach > VIEW_REACH_MAX)
		v->reach = VIEW_REACH_MAX;
	v->side = 2 * v->reach + 1;
	v->count = calloc((size_t)v->side * v->side, 1);
	ck_assert(v->count != NULL);
	fov_compute(ox, oy, radius, view_opaque, view_see, v);
}

/* Frees what a view recorded. */
static void
view_free(struct view *v)
{
	free(v->count);
	v->count = NULL;
}

/* How many times a view reported a cell. */
static int
view_count(const struct view *v, int x, int y)
{
	long long	dx = (long long)x - v->ox + v->reach;
	long long	dy = (long long)y - v->oy + v->reach;

	if (dx < 0 || dy < 0 || dx >= v->side || dy >= v->side)
		return (0);
	return (v->count[dy * v->side + dx]);
}

/*
 * Checks what holds for every view: the origin seen, no cell twice,
 * nothing beyond the radius, no read that is not needed.  Returns 0 and
 * prints why with what if not.
 */
static int
view_sane(const struct view *v, const char *what)
{
	int	x, y, c;

	if (view_count(v, v->ox, v->oy) != 1) {
		fprintf(stderr, "%s: origin (%d,%d) reported %d times\n",
		    what, v->ox, v->oy, view_count(v, v->ox, v->oy));
		return (0);
	}
	if (v->stray != 0) {
		fprintf(stderr, "%s: %ld cells reported beyond the radius "
		    "or the box\n", what, v->stray);
		return (0);
	}
	if (v->bad_reads != 0) {
		fprintf(stderr, "%s: %ld needless reads, the first (%d,%d)\n",
		    what, v->bad_reads, v->bad_x, v->bad_y);
		return (0);
	}
	for (y = 0; y < v->side; y++) {
		for (x = 0; x < v->side; x++) {
			c = v->count[y * v->side + x];
			if (c > 1) {
				fprintf(stderr, "%s: (%d,%d) reported %d "
				    "times\n", what, v->ox + x - v->reach,
				    v->oy + y - v->reach, c);
				return (0);
			}
			if (c == 1 && !within(x - v->reach, y - v->reach,
			    v->radius)) {
				fprintf(stderr, "%s: (%d,%d) is beyond radius "
				    "%d\n", what, v->ox + x - v->reach,
				    v->oy + y - v->reach, v->radius);
				return (0);
			}
		}
	}
	return (1);
}

/* An exact fraction with a positive denominator. */
struct frac {
	long long	num;
	long long	den;
};

/* A wall in one quadrant: its depth and the slopes of its two edges. */
struct oracle_wall {
	int		depth;
	struct frac	lo;
	struct frac	hi;
};

/* Compares two fractions. */
static int
frac_cmp(struct frac a, struct frac b)
{
	long long	l = a.num * b.den, r = b.num * a.den;

	return ((l > r) - (l < r));
}

/* Where depth and column of quadrant q fall, relative to the origin. */
static void
oracle_turn(int q, int depth, int col, int *dx, int *dy)
{
	static const int	turn[4][4] = {
		/* dx = a*depth + b*col, dy = c*depth + d*col */
		{ 0, 1, -1, 0 },	/* north */
		{ 1, 0, 0, 1 },		/* east */
		{ 0, -1, 1, 0 },	/* south */
		{ -1, 0, 0, -1 }	/* west */
	};

	*dx = turn[q][0] * depth + turn[q][1] * col;
	*dy = turn[q][2] * depth + turn[q][3] * col;
}

/*
 * Whether the ray at slope s, turned an infinitesimal angle towards
 * side (+1 towards larger slopes, -1 smaller), lies inside the quadrant
 * and misses every wall nearer than depth.
 */
static int
oracle_clear(const struct oracle_wall *walls, size_t n, int depth,
    struct frac s, int side)
{
	static const struct frac	one = { 1, 1 }, minus_one = { -1, 1 };
	size_t				i;
	int				lo, hi;

	if (side > 0) {
		if (frac_cmp(s, minus_one) < 0 || frac_cmp(s, one) >= 0)
			return (0);
	} else {
		if (frac_cmp(s, minus_one) <= 0 || frac_cmp(s, one) > 0)
			return (0);
	}
	for (i = 0; i < n; i++) {
		if (walls[i].depth >= depth)
			continue;
		lo = frac_cmp(walls[i].lo, s);
		hi = frac_cmp(s, walls[i].hi);
		if (side > 0 ? (lo <= 0 && hi < 0) : (lo < 0 && hi <= 0))
			return (0);
	}
	return (1);
}

/* Whether the oracle sees one tile of a quadrant. */
static int
oracle_tile(const struct oracle_wall *walls, size_t n, int depth, int col,
    int wall)
{
	struct frac	centre = { col, depth };
	struct frac	lo = { 2 * col - 1, 2 * depth };
	struct frac	hi = { 2 * col + 1, 2 * depth };
	struct frac	minus_one = { -1, 1 };
	size_t		i;

	if (!wall)
		return (oracle_clear(walls, n, depth, centre, -1) ||
		    oracle_clear(walls, n, depth, centre, 1));
	/*
	 * A clear stretch of the wall's open segment starts at one of its
	 * ends, the quadrant's edge or the far edge of a nearer wall.
	 */
	if (oracle_clear(walls, n, depth, lo, 1))
		return (1);
	if (frac_cmp(lo, minus_one) <= 0 && frac_cmp(minus_one, hi) < 0 &&
	    oracle_clear(walls, n, depth, minus_one, 1))
		return (1);
	for (i = 0; i < n; i++) {
		if (walls[i].depth >= depth ||
		    frac_cmp(walls[i].hi, lo) < 0 ||
		    frac_cmp(walls[i].hi, hi) >= 0)
			continue;
		if (oracle_clear(walls, n, depth, walls[i].hi, 1))
			return (1);
	}
	return (0);
}

/*
 * What the oracle sees from (ox, oy): marks visible[] for the box of
 * side 2 * radius + 1 centred on the origin.
 */
static void
oracle_view(const struct fmap *m, int ox, int oy, int radius,
    unsigned char *visible)
{
	struct oracle_wall	*walls;
	size_t			 n;
	int			 side, q, depth, col, dx, dy, wall;

	if (radius < 0)
		radius = 0;
	side = 2 * radius + 1;
	memset(visible, 0, (size_t)side * side);
	visible[radius * side + radius] = 1;
	walls = calloc((size_t)(radius + 1) * (2 * radius + 1) + 1,
	    sizeof *walls);
	ck_assert(walls != NULL);
	for (q = 0; q < 4; q++) {
		n = 0;
		for (depth = 1; depth <= radius; depth++) {
			for (col = -depth; col <= depth; col++) {
				oracle_turn(q, depth, col, &dx, &dy);
				if (!fmap_wall(m, ox + dx, oy + dy))
					continue;
				walls[n].depth = depth;
				walls[n].lo.num = 2 * col - 1;
				walls[n].lo.den = 2 * depth;
				walls[n].hi.num = 2 * col + 1;
				walls[n].hi.den = 2 * depth;
				n++;
			}
		}
		for (depth = 1; depth <= radius; depth++) {
			for (col = -depth; col <= depth; col++) {
				oracle_turn(q, depth, col, &dx, &dy);
				if (!within(dx, dy, radius))
					continue;
				wall = fmap_wall(m, ox + dx, oy + dy);
				if (oracle_tile(walls, n, depth, col, wall))
					visible[(radius + dy) * side +
					    radius + dx] = 1;
			}
		}
	}
	free(walls);
}

/* The origin is seen and nothing else when the radius is 0 or less. */
START_TEST(test_fov_radius_zero)
{
	static const int	 radii[] = { 0, -1, -7, INT_MIN };
	struct fmap		*m = fmap_new(9, 9);
	struct view		 v;
	size_t			 i;

	for (i = 0; i < sizeof radii / sizeof radii[0]; i++) {
		view_run(&v, m, 4, 4, radii[i]);
		ck_assert_msg(v.seen == 1 && view_count(&v, 4, 4) == 1,
		    "radius %d: %ld cells reported", radii[i], v.seen);
		ck_assert_msg(v.reads == 0, "radius %d: %ld reads", radii[i],
		    v.reads);
		view_free(&v);
	}

	/* Standing in a wall, or outside the map, changes nothing. */
	fmap_set(m, 4, 4, 1);
	view_run(&v, m, 4, 4, 0);
	ck_assert_int_eq(v.seen, 1);
	view_free(&v);
	view_run(&v, m, -3, 20, 0);
	ck_assert_int_eq(v.seen, 1);
	ck_assert_int_eq(view_count(&v, -3, 20), 1);
	view_free(&v);
	fmap_free(m);
}
END_TEST

/* Radius 1 sees the eight neighbours in the open, each once. */
START_TEST(test_fov_radius_one)
{
	struct fmap	*m = fmap_new(5, 5);
	struct view	 v;
	int		 x, y;

	view_run(&v, m, 2, 2, 1);
	ck_assert(view_sane(&v, "radius 1"));
	ck_assert_int_eq(v.seen, 9);
	for (y = 1; y <= 3; y++) {
		for (x = 1; x <= 3; x++)
			ck_assert_int_eq(view_count(&v, x, y), 1);
	}
	view_free(&v);

	/* Walled in: the eight walls, and not a read beyond them. */
	for (y = 1; y <= 3; y++) {
		for (x = 1; x <= 3; x++)
			fmap_set(m, x, y, x != 2 || y != 2);
	}
	view_run(&v, m, 2, 2, 1000);
	ck_assert(view_sane(&v, "walled in"));
	ck_assert_int_eq(v.seen, 9);
	ck_assert_msg(v.reads <= 12, "%ld reads inside eight walls", v.reads);
	view_free(&v);
	fmap_free(m);
}
END_TEST

/*
 * In a rectangular room every floor cell and every wall within the
 * radius is seen, and nothing beyond the walls.
 */
START_TEST(test_fov_open_room)
{
	struct oracle_rng	 rng;
	struct fmap		*m;
	struct view		 v;
	char			 what[128];
	int			 k, w, h, ox, oy, radius, x, y, want, ring;

	oracle_rng_seed(&rng, test_seed_base() + 11);
	for (k = 0; k < 400; k++) {
		w = oracle_rng_range(&rng, 1, 30);
		h = oracle_rng_range(&rng, 1, 30);
		m = fmap_new(w + 2, h + 2);
		for (y = 0; y < h + 2; y++) {
			for (x = 0; x < w + 2; x++)
				fmap_set(m, x, y, x == 0 || y == 0 ||
				    x == w + 1 || y == h + 1);
		}
		ox = oracle_rng_range(&rng, 1, w);
		oy = oracle_rng_range(&rng, 1, h);
		radius = oracle_rng_range(&rng, 0, 40);
		snprintf(what, sizeof what, "room %dx%d from (%d,%d) radius "
		    "%d", w, h, ox, oy, radius);
		view_run(&v, m, ox, oy, radius);
		ck_assert_msg(view_sane(&v, what), "%s", what);
		for (y = oy - radius; y <= oy + radius; y++) {
			for (x = ox - radius; x <= ox + radius; x++) {
				ring = x >= 0 && y >= 0 && x <= w + 1 &&
				    y <= h + 1;
				want = ring && within(x - ox, y - oy, radius);
				if (view_count(&v, x, y) != want)
					fmap_print(stderr, m, ox, oy, &v);
				test_assert_msg(view_count(&v, x, y) == want,
				    "%s: (%d,%d) %s", what, x, y, want ?
				    "not seen" : "seen");
			}
		}
		view_free(&v);
		fmap_free(m);
	}
}
END_TEST

/*
 * A pillar casts a shadow that widens behind it; the cells beside the
 * shadow stay in sight.  Checked in each of the four directions.
 */
START_TEST(test_fov_pillar)
{
	/* (forward, sideways) offsets from the origin, pillar 2 ahead. */
	static const int	 hidden[][2] = {
		{ 3, 0 }, { 4, 0 }, { 5, 0 }, { 5, 1 }, { 5, -1 }, { 8, 0 },
		{ 8, 1 }, { 8, -1 }
	};
	static const int	 shown[][2] = {
		{ 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, -1 }, { 3, 1 }, { 3, -1 },
		{ 4, 1 }, { 4, -1 }, { 5, 2 }, { 5, -2 }, { 8, 3 }, { 8, -3 }
	};
	/* Diagonal pillar next to the origin: (forward, sideways). */
	static const int	 diag_hidden[][2] = {
		{ 2, 2 }, { 3, 3 }, { 3, 2 }, { 2, 3 }, { 6, 6 }
	};
	static const int	 diag_shown[][2] = {
		{ 1, 1 }, { 2, 1 }, { 1, 2 }, { 3, 1 }, { 1, 3 }, { 4, 2 },
		{ 2, 4 }
	};
	static const int	 dirs[4][2] = {
		{ 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 }
	};
	struct fmap		*m;
	struct view		 v;
	const int		*f, *sd;
	size_t			 i;
	int			 d, o = 10, x, y;

	for (d = 0; d < 4; d++) {
		f = dirs[d];
		sd = dirs[(d + 1) % 4];
		m = fmap_new(21, 21);
		fmap_set(m, o + 2 * f[0], o + 2 * f[1], 1);
		view_run(&v, m, o, o, 10);
		ck_assert(view_sane(&v, "pillar"));
		for (i = 0; i < sizeof hidden / sizeof hidden[0]; i++) {
			x = o + hidden[i][0] * f[0] + hidden[i][1] * sd[0];
			y = o + hidden[i][0] * f[1] + hidden[i][1] * sd[1];
			if (view_count(&v, x, y) != 0)
				fmap_print(stderr, m, o, o, &v);
			ck_assert_msg(view_count(&v, x, y) == 0, "direction "
			    "%d: (%d,%d) behind the pillar is seen", d, x, y);
		}
		for (i = 0; i < sizeof shown / sizeof shown[0]; i++) {
			x = o + shown[i][0] * f[0] + shown[i][1] * sd[0];
			y = o + shown[i][0] * f[1] + shown[i][1] * sd[1];
			ck_assert_msg(view_count(&v, x, y) == 1, "direction "
			    "%d: (%d,%d) beside the shadow is not seen", d,
			    x, y);
		}
		view_free(&v);
		fmap_free(m);

		m = fmap_new(21, 21);
		fmap_set(m, o + f[0] + sd[0], o + f[1] + sd[1], 1);
		view_run(&v, m, o, o, 10);
		ck_assert(view_sane(&v, "diagonal pillar"));
		ck_assert_int_eq(view_count(&v, o + f[0] + sd[0],
		    o + f[1] + sd[1]), 1);
		for (i = 0; i < sizeof diag_hidden / sizeof diag_hidden[0];
		    i++) {
			x = o + diag_hidden[i][0] * f[0] +
			    diag_hidden[i][1] * sd[0];
			y = o + diag_hidden[i][0] * f[1] +
			    diag_hidden[i][1] * sd[1];
			ck_assert_msg(view_count(&v, x, y) == 0, "direction "
			    "%d: (%d,%d) behind the diagonal pillar is seen",
			    d, x, y);
		}
		for (i = 0; i < sizeof diag_shown / sizeof diag_shown[0];
		    i++) {
			if (diag_shown[i][0] == 1 && diag_shown[i][1] == 1)
				continue;
			x = o + diag_shown[i][0] * f[0] +
			    diag_shown[i][1] * sd[0];
			y = o + diag_shown[i][0] * f[1] +
			    diag_shown[i][1] * sd[1];
			ck_assert_msg(view_count(&v, x, y) == 1, "direction "
			    "%d: (%d,%d) beside the diagonal shadow is not "
			    "seen", d, x, y);
		}
		view_free(&v);
		fmap_free(m);
	}
}
END_TEST

/*
 * A straight corridor is seen to its end from its mouth, walls and all,
 * whichever way it runs; from one step to the side only its first cells.
 */
START_TEST(test_fov_corridor)
{
	static const int	 dirs[4][2] = {
		{ 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 }
	};
	struct fmap		*m;
	struct view		 v;
	int			 d, i, len = 60, n = 2 * 60 + 9;
	int			 ox, oy, x, y, fx, fy, sx, sy, deep;

	for (d = 0; d < 4; d++) {
		fx = dirs[d][0];
		fy = dirs[d][1];
		sx = dirs[(d + 1) % 4][0];
		sy = dirs[(d + 1) % 4][1];
		/* Solid rock, a 5x5 room at the centre, a corridor out. */
		m = fmap_new(n, n);
		memset(m->cell, '#', (size_t)n * n);
		ox = oy = n / 2;
		for (y = -2; y <= 2; y++) {
			for (x = -2; x <= 2; x++)
				fmap_set(m, ox + x, oy + y, 0);
		}
		for (i = 3; i < 3 + len; i++)
			fmap_set(m, ox + i * fx, oy + i * fy, 0);

		/* From the mouth, and from the middle of the room. */
		for (deep = 2; deep >= 0; deep--) {
			x = ox + deep * fx;
			y = oy + deep * fy;
			view_run(&v, m, x, y, 100);
			ck_assert(view_sane(&v, "corridor"));
			for (i = 3; i < 3 + len + 1; i++) {
				ck_assert_msg(view_count(&v, ox + i * fx,
				    oy + i * fy) == 1, "direction %d, from %d "
				    "in: corridor cell %d not seen", d, deep,
				    i);
				ck_assert_msg(view_count(&v, ox + i * fx + sx,
				    oy + i * fy + sy) == 1 &&
				    view_count(&v, ox + i * fx - sx,
				    oy + i * fy - sy) == 1, "direction %d, "
				    "from %d in: corridor walls at %d not seen",
				    d, deep, i);
				/* Rock behind the walls stays hidden. */
				if (i > 4)
					ck_assert_int_eq(view_count(&v,
					    ox + i * fx + 2 * sx,
					    oy + i * fy + 2 * sy), 0);
			}
			view_free(&v);
		}

		/* Off the axis, at the room's edge: only the start. */
		x = ox + 2 * fx + 2 * sx;
		y = oy + 2 * fy + 2 * sy;
		view_run(&v, m, x, y, 100);
		ck_assert(view_sane(&v, "corridor from the side"));
		ck_assert_int_eq(view_count(&v, ox + 3 * fx, oy + 3 * fy), 1);
		ck_assert_int_eq(view_count(&v, ox + 10 * fx, oy + 10 * fy), 0);
		ck_assert_int_eq(view_count(&v, ox + 40 * fx, oy + 40 * fy), 0);
		view_free(&v);
		fmap_free(m);
	}
}
END_TEST

/*
 * Maps drawn by hand: '@' the origin, '*' floor seen, '.' floor not
 * seen, '#' wall seen, '%' wall not seen.  Each was worked out on paper
 * from the rules; fov_compute and the oracle must both agree.
 */
static const char *const hand_maps[] = {
	/* An open room: everything, corners included. */
	"#######\n"
	"#*****#\n"
	"#**@**#\n"
	"#*****#\n"
	"#######\n",

	/* A pillar two steps ahead: a shadow widening behind it. */
	"####%%%####\n"
	"#***...***#\n"
	"#****.****#\n"
	"#****.****#\n"
	"#****#****#\n"
	"#*********#\n"
	"#****@****#\n"
	"#*********#\n"
	"###########\n",

	/* A pillar diagonally next to the origin. */
	"#####%%%%\n"
	"#****...%\n"
	"#***....#\n"
	"#***..**#\n"
	"#**#****#\n"
	"#*@*****#\n"
	"#*******#\n"
	"#########\n",

	/* A corridor seen from its mouth, to its end. */
	"%%#*#%%\n"
	"%%#*#%%\n"
	"%%#*#%%\n"
	"%%#*#%%\n"
	"###*###\n"
	"#*****#\n"
	"#*****#\n"
	"#**@**#\n"
	"#######\n",

	/* A corridor turning north: the first cell round the corner. */
	"%%%%%.%\n"
	"#####*#\n"
	"#**@**#\n"
	"#######\n",

	/* Through a door into the next room: a narrow cone. */
	"%%%###%%%\n"
	"%..***..%\n"
	"%..***..%\n"
	"%...*...%\n"
	"####*####\n"
	"#*******#\n"
	"#***@***#\n"
	"#########\n",

	/* A diagonal wall of three tiles. */
	"#######\n"
	"#*****#\n"
	"%.#*@*#\n"
	"#**#**#\n"
	"#..*#*#\n"
	"%..*.*#\n"
	"%%##%##\n",

	/* Standing in a doorway: both rooms, but not along the wall. */
	"#######\n"
	"#*****#\n"
	"%*****%\n"
	"%%#@#%%\n"
	"%*****%\n"
	"#*****#\n"
	"#######\n",

	/* From inside a corridor, out into a room. */
	"%%###%%\n"
	"%.***.%\n"
	"%..*..%\n"
	"%%#*#%%\n"
	"%%#*#%%\n"
	"%%#@#%%\n"
	"%%###%%\n",
};
#define HAND_MAPS	(sizeof hand_maps / sizeof hand_maps[0])

/* Turns a drawing into a map and the origin; want[] gets the marks. */
static struct fmap *
hand_parse(const char *text, int *ox, int *oy, unsigned char **want)
{
	struct fmap	*m;
	const char	*p;
	int		 w = 0, h = 0, x = 0, y = 0;

	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			if (w == 0)
				w = x;
			ck_assert_msg(x == w, "hand map row %d is %d wide, "
			    "not %d", h, x, w);
			h++;
			x = 0;
		} else
			x++;
	}
	m = fmap_new(w, h);
	*want = calloc((size_t)w * h, 1);
	ck_assert(*want != NULL);
	*ox = *oy = -1;
	x = y = 0;
	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			x = 0;
			y++;
			continue;
		}
		ck_assert(strchr("@*.#%", *p) != NULL);
		fmap_set(m, x, y, *p == '#' || *p == '%');
		(*want)[y * w + x] = *p == '@' || *p == '*' || *p == '#';
		if (*p == '@') {
			*ox = x;
			*oy = y;
		}
		x++;
	}
	ck_assert(*ox >= 0);
	return (m);
}

/* Hand-drawn maps: fov_compute and the oracle match the drawing. */
START_TEST(test_fov_hand_maps)
{
	struct fmap	*m;
	struct view	 v;
	unsigned char	*want, *oracle;
	char		 what[64];
	int		 ox, oy, x, y, radius = 30, side = 61, got, seen;

	m = hand_parse(hand_maps[_i], &ox, &oy, &want);
	snprintf(what, sizeof what, "hand map %d", _i);
	view_run(&v, m, ox, oy, radius);
	ck_assert_msg(view_sane(&v, what), "%s", what);
	oracle = malloc((size_t)side * side);
	ck_assert(oracle != NULL);
	oracle_view(m, ox, oy, radius, oracle);
	for (y = 0; y < m->h; y++) {
		for (x = 0; x < m->w; x++) {
			got = view_count(&v, x, y);
			seen = oracle[(y - oy + radius) * side +
			    x - ox + radius];
			if (got != want[y * m->w + x] ||
			    seen != want[y * m->w + x]) {
				fprintf(stderr, "%s, as fov_compute sees it:"
				    "\n", what);
				fmap_print(stderr, m, ox, oy, &v);
			}
			ck_assert_msg(got == want[y * m->w + x], "%s: (%d,%d) "
			    "%s by fov_compute", what, x, y, got ? "seen" :
			    "not seen");
			ck_assert_msg(seen == want[y * m->w + x], "%s: (%d,%d) "
			    "%s by the oracle", what, x, y, seen ? "seen" :
			    "not seen");
		}
	}
	free(oracle);
	free(want);
	view_free(&v);
	fmap_free(m);
}
END_TEST

/* fov_compute agrees with the oracle, cell by cell, on random maps. */
START_TEST(test_fov_oracle)
{
	struct oracle_rng	 rng;
	struct fmap		*m;
	struct view		 v;
	unsigned char		*visible;
	uint64_t		 seed;
	char			 what[160];
	int			 k, t, ox, oy, radius, side, x, y, got;

	for (k = 0; k < ORACLE_MAPS; k++) {
		seed = test_seed_base() * 7919 + (uint64_t)_i * ORACLE_MAPS + k;
		oracle_rng_seed(&rng, seed);
		m = fmap_random(&rng, 24);
		for (t = 0; t < 6; t++) {
			/* Now and then from a wall or from outside. */
			ox = oracle_rng_range(&rng, -2, m->w + 1);
			oy = oracle_rng_range(&rng, -2, m->h + 1);
			if (oracle_rng_below(&rng, 4) != 0 &&
			    ox >= 0 && oy >= 0 && ox < m->w && oy < m->h)
				fmap_set(m, ox, oy, 0);
			radius = oracle_rng_range(&rng, 0, 16);
			snprintf(what, sizeof what, "seed %llu %dx%d from "
			    "(%d,%d) radius %d", (unsigned long long)seed,
			    m->w, m->h, ox, oy, radius);
			view_run(&v, m, ox, oy, radius);
			ck_assert_msg(view_sane(&v, what), "%s", what);
			side = v.side;
			visible = malloc((size_t)side * side);
			ck_assert(visible != NULL);
			oracle_view(m, ox, oy, radius, visible);
			for (y = 0; y < side; y++) {
				for (x = 0; x < side; x++) {
					got = v.count[y * side + x];
					if (got == visible[y * side + x])
						continue;
					fmap_print(stderr, m, ox, oy, &v);
					ck_abort_msg("%s: (%d,%d) %s by "
					    "fov_compute, %s by the oracle",
					    what, ox + x - v.reach,
					    oy + y - v.reach,
					    got ? "seen" : "not seen",
					    got ? "not seen" : "seen");
				}
			}
			free(visible);
			view_free(&v);
		}
		fmap_free(m);
	}
}
END_TEST

/* Marks one cell as seen by the current origin of a symmetry run. */
struct sym_run {
	const struct fmap	*map;
	unsigned char		*bits;	/* n * n bits, row per origin */
	size_t			 n;
	size_t			 from;
	long			 twice;
};

/* see() for the symmetry test: one bit per (origin, cell) pair. */
static void
sym_see(void *ctx, int x, int y)
{
	struct sym_run	*r = ctx;
	size_t		 bit;

	if (x < 0 || y < 0 || x >= r->map->w || y >= r->map->h)
		return;
	bit = r->from * r->n + (size_t)y * r->map->w + x;
	if (r->bits[bit / 8] & (1u << (bit % 8)))
		r->twice++;
	r->bits[bit / 8] |= 1u << (bit % 8);
}

/* opaque() for the symmetry test. */
static int
sym_opaque(void *ctx, int x, int y)
{
	const struct sym_run	*r = ctx;

	return (fmap_wall(r->map, x, y));
}

/* Whether the symmetry run's origin a saw cell b. */
static int
sym_saw(const struct sym_run *r, size_t a, size_t b)
{
	size_t	bit = a * r->n + b;

	return ((r->bits[bit / 8] >> (bit % 8)) & 1);
}

/*
 * Symmetry: for every two floor cells within the radius of each other,
 * A sees B exactly when B sees A.
 */
START_TEST(test_fov_symmetry)
{
	struct oracle_rng	 rng;
	struct fmap		*m;
	struct sym_run		 r;
	uint64_t		 seed;
	size_t			 a, b;
	int			 k, radius, ax, ay, bx, by;
	long			 pairs = 0;

	for (k = 0; k < SYMMETRY_MAPS; k++) {
		seed = test_seed_base() * 104729 + (uint64_t)_i *
		    SYMMETRY_MAPS + k;
		oracle_rng_seed(&rng, seed);
		m = fmap_random(&rng, 40);
		radius = oracle_rng_below(&rng, 5) == 0 ?
		    oracle_rng_range(&rng, 0, 4) : oracle_rng_range(&rng, 0, 45);
		memset(&r, 0, sizeof r);
		r.map = m;
		r.n = (size_t)m->w * m->h;
		r.bits = calloc((r.n * r.n + 7) / 8, 1);
		ck_assert(r.bits != NULL);
		for (a = 0; a < r.n; a++) {
			if (m->cell[a] == '#')
				continue;
			r.from = a;
			fov_compute((int)(a % m->w), (int)(a / m->w), radius,
			    sym_opaque, sym_see, &r);
		}
		ck_assert_msg(r.twice == 0, "seed %llu: %ld cells reported "
		    "twice", (unsigned long long)seed, r.twice);
		for (a = 0; a < r.n; a++) {
			if (m->cell[a] == '#')
				continue;
			ax = (int)(a % m->w);
			ay = (int)(a / m->w);
			ck_assert_msg(sym_saw(&r, a, a), "seed %llu: (%d,%d) "
			    "does not see itself", (unsigned long long)seed,
			    ax, ay);
			for (by = ay; by <= ay + radius && by < m->h; by++) {
				for (bx = ax - radius; bx <= ax + radius; bx++) {
					if (bx < 0 || bx >= m->w ||
					    (by == ay && bx <= ax))
						continue;
					b = (size_t)by * m->w + bx;
					if (m->cell[b] == '#' ||
					    !within(bx - ax, by - ay, radius))
						continue;
					pairs++;
					if (sym_saw(&r, a, b) ==
					    sym_saw(&r, b, a))
						continue;
					fmap_print(stderr, m, ax, ay, NULL);
					ck_abort_msg("seed %llu %dx%d radius "
					    "%d: (%d,%d) %s (%d,%d) but not "
					    "the other way",
					    (unsigned long long)seed, m->w,
					    m->h, radius, ax, ay,
					    sym_saw(&r, a, b) ? "sees" :
					    "is seen by", bx, by);
				}
			}
		}
		free(r.bits);
		fmap_free(m);
	}
	/* The maps must have asked the question often enough. */
	ck_assert_msg(pairs > 100000, "only %ld pairs compared", pairs);
}
END_TEST

/* A 2000x2000 map for the large tests, with pillars every so often. */
struct big_map {
	int		 side;
	int		 pillar_every;	/* 0: open */
	unsigned char	*seen;
	long		 seen_count;
	long		 twice;
	long		 outside;
};

/* opaque() for the large map: made up on the fly, no array. */
static int
big_opaque(void *ctx, int x, int y)
{
	const struct big_map	*b = ctx;
	unsigned		 h;

	if (x < 0 || y < 0 || x >= b->side || y >= b->side)
		return (1);
	if (b->pillar_every == 0)
		return (0);
	h = (unsigned)x * 2654435761u ^ (unsigned)y * 40503u;
	h ^= h >> 13;
	h *= 0x5bd1e995u;
	h ^= h >> 15;
	return (h % (unsigned)b->pillar_every == 0);
}

/* see() for the large map: one byte per cell. */
static void
big_see(void *ctx, int x, int y)
{
	struct big_map	*b = ctx;
	size_t		 i;

	b->seen_count++;
	if (x < 0 || y < 0 || x >= b->side || y >= b->side) {
		b->outside++;
		return;
	}
	i = (size_t)y * b->side + x;
	if (b->seen[i])
		b->twice++;
	b->seen[i] = 1;
}

/*
 * A huge open map with a radius of 1000 sees exactly the disc, once
 * each, without running out of stack; with pillars, no cell twice.
 */
START_TEST(test_fov_large)
{
	struct big_map	b;
	long		want = 0;
	int		dx, dy, r = 1000;

	memset(&b, 0, sizeof b);
	b.side = 2000;
	b.seen = calloc((size_t)b.side * b.side, 1);
	ck_assert(b.seen != NULL);
	fov_compute(1000, 1000, r, big_opaque, big_see, &b);
	for (dy = -r; dy <= r; dy++) {
		for (dx = -r; dx <= r; dx++) {
			if (!within(dx, dy, r))
				continue;
			if (1000 + dx < b.side && 1000 + dy < b.side)
				want++;
		}
	}
	ck_assert_int_eq(b.twice, 0);
	/* The edge of the disc at x or y = 2000 is outside: walls, seen. */
	ck_assert_msg(b.seen_count - b.outside == want, "%ld cells of the "
	    "map seen, the disc holds %ld", b.seen_count - b.outside, want);

	/* Pillars everywhere: many rows per depth. */
	memset(b.seen, 0, (size_t)b.side * b.side);
	b.seen_count = b.twice = b.outside = 0;
	b.pillar_every = 37;
	fov_compute(999, 1001, r, big_opaque, big_see, &b);
	ck_assert_int_eq(b.twice, 0);
	ck_assert_msg(b.seen_count > 1000, "only %ld cells seen among "
	    "pillars", b.seen_count);

	/* Denser pillars from a corner, and a radius far beyond the map. */
	memset(b.seen, 0, (size_t)b.side * b.side);
	b.seen_count = b.twice = b.outside = 0;
	b.pillar_every = 11;
	fov_compute(0, 0, INT_MAX, big_opaque, big_see, &b);
	ck_assert_int_eq(b.twice, 0);
	free(b.seen);
}
END_TEST

/* A medium map full of pillars: the oracle again, at a large radius. */
START_TEST(test_fov_pillars_oracle)
{
	struct fmap	*m;
	struct view	 v;
	unsigned char	*visible;
	int		 x, y, radius = 60, side = 2 * 60 + 1, got;

	m = fmap_new(side, side);
	for (y = 0; y < side; y++) {
		for (x = 0; x < side; x++) {
			/* Sparse pillars, plus one diagonal staircase. */
			if ((x % 5 == 0 && y % 4 == 1) || (x + y == 150 &&
			    x % 7 != 0))
				fmap_set(m, x, y, 1);
		}
	}
	view_run(&v, m, 62, 60, radius);
	ck_assert(view_sane(&v, "pillars"));
	visible = malloc((size_t)side * side);
	ck_assert(visible != NULL);
	oracle_view(m, 62, 60, radius, visible);
	for (y = 0; y < side; y++) {
		for (x = 0; x < side; x++) {
			got = v.count[y * side + x];
			ck_assert_msg(got == visible[y * side + x], "pillars: "
			    "(%d,%d) %s by fov_compute, not by the oracle",
			    62 + x - radius, 60 + y - radius,
			    got ? "seen" : "not seen");
		}
	}
	free(visible);
	view_free(&v);
	fmap_free(m);
}
END_TEST

/* On a small map, any radius past its far corner gives the same view. */
START_TEST(test_fov_radius_beyond_map)
{
	static const int	 radii[] = { 61, INT_MAX - 1, INT_MAX };
	struct oracle_rng	 rng;
	struct fmap		*m;
	struct view		 v, first;
	size_t			 i;
	int			 k, ox, oy, x, y;

	oracle_rng_seed(&rng, test_seed_base() + 23);
	for (k = 0; k < 30; k++) {
		m = fmap_random(&rng, 30);
		ox = oracle_rng_below(&rng, m->w);
		oy = oracle_rng_below(&rng, m->h);
		fmap_set(m, ox, oy, 0);
		view_run(&first, m, ox, oy, VIEW_REACH_MAX);
		ck_assert(view_sane(&first, "radius 64"));
		for (i = 0; i < sizeof radii / sizeof radii[0]; i++) {
			view_run(&v, m, ox, oy, radii[i]);
			ck_assert(view_sane(&v, "radius beyond the map"));
			ck_assert_msg(v.seen == first.seen, "radius %d saw %ld "
			    "cells, radius 64 %ld", radii[i], v.seen,
			    first.seen);
			for (y = -1; y <= m->h; y++) {
				for (x = -1; x <= m->w; x++) {
					ck_assert_msg(view_count(&v, x, y) ==
					    view_count(&first, x, y), "(%d,%d) "
					    "differs between radius %d and 64",
					    x, y, radii[i]);
				}
			}
			view_free(&v);
		}
		view_free(&first);
		fmap_free(m);
	}
}
END_TEST

/* All floor, everywhere: what the edges of int leave of a disc. */
struct edge_run {
	int	ox;
	int	oy;
	int	radius;
	int	count[21][21];
	long	bad;
};

/* opaque() with no walls at all. */
static int
edge_opaque(void *ctx, int x, int y)
{
	return (0);
}

/* see() around an origin near the edge of int. */
static void
edge_see(void *ctx, int x, int y)
{
	struct edge_run	*e = ctx;
	long long	 dx = (long long)x - e->ox, dy = (long long)y - e->oy;

	if (dx < -10 || dy < -10 || dx > 10 || dy > 10) {
		e->bad++;
		return;
	}
	e->count[dy + 10][dx + 10]++;
}

/*
 * Near INT_MAX and INT_MIN the cells that do not fit in an int are
 * neither read nor reported, everything that fits is, and nothing
 * overflows (the sanitizers watch).
 */
START_TEST(test_fov_int_edges)
{
	static const int	 corners[][2] = {
		{ INT_MAX, INT_MAX }, { INT_MIN, INT_MIN }, { INT_MAX, INT_MIN },
		{ INT_MIN, 0 }, { 0, INT_MAX - 1 }, { INT_MAX - 3, 5 }
	};
	struct edge_run		 e;
	size_t			 i;
	long long		 x, y;
	int			 dx, dy, want;

	for (i = 0; i < sizeof corners / sizeof corners[0]; i++) {
		memset(&e, 0, sizeof e);
		e.ox = corners[i][0];
		e.oy = corners[i][1];
		e.radius = 10;
		fov_compute(e.ox, e.oy, e.radius, edge_opaque, edge_see, &e);
		ck_assert_int_eq(e.bad, 0);
		for (dy = -10; dy <= 10; dy++) {
			for (dx = -10; dx <= 10; dx++) {
				x = (long long)e.ox + dx;
				y = (long long)e.oy + dy;
				want = within(dx, dy, 10) && x >= INT_MIN &&
				    x <= INT_MAX && y >= INT_MIN &&
				    y <= INT_MAX;
				ck_assert_msg(e.count[dy + 10][dx + 10] == want,
				    "origin (%d,%d): (%lld,%lld) reported %d "
				    "times", e.ox, e.oy, x, y,
				    e.count[dy + 10][dx + 10]);
			}
		}
	}
}
END_TEST

/* The oracle itself on a case simple enough to know without it. */
START_TEST(test_fov_oracle_self)
{
	struct fmap	*m = fmap_new(9, 9);
	unsigned char	 visible[11 * 11];
	int		 x, y;

	/* Open: the whole disc of radius 5. */
	oracle_view(m, 4, 4, 5, visible);
	for (y = -5; y <= 5; y++) {
		for (x = -5; x <= 5; x++) {
			ck_assert_int_eq(visible[(y + 5) * 11 + x + 5],
			    within(x, y, 5));
		}
	}
	/* A wall straight ahead hides the cell behind it, not itself. */
	fmap_set(m, 4, 2, 1);
	oracle_view(m, 4, 4, 5, visible);
	ck_assert_int_eq(visible[(2 - 4 + 5) * 11 + 5], 1);
	ck_assert_int_eq(visible[(1 - 4 + 5) * 11 + 5], 0);
	ck_assert_int_eq(visible[(1 - 4 + 5) * 11 + 6], 1);
	fmap_free(m);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("fov");
	TCase	*tc;

	tc = tcase_create("rules");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fov_radius_zero);
	tcase_add_test(tc, test_fov_radius_one);
	tcase_add_test(tc, test_fov_open_room);
	tcase_add_test(tc, test_fov_pillar);
	tcase_add_test(tc, test_fov_corridor);
	tcase_add_test(tc, test_fov_int_edges);
	suite_add_tcase(s, tc);

	tc = tcase_create("drawings");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fov_hand_maps, 0, (int)HAND_MAPS);
	tcase_add_test(tc, test_fov_oracle_self);
	suite_add_tcase(s, tc);

	tc = tcase_create("property");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_fov_symmetry, 0,
	    (int)test_scaled(SYMMETRY_CHUNKS));
	tcase_add_loop_test(tc, test_fov_oracle, 0,
	    (int)test_scaled(ORACLE_CHUNKS));
	tcase_add_test(tc, test_fov_pillars_oracle);
	tcase_add_test(tc, test_fov_radius_beyond_map);
	suite_add_tcase(s, tc);

	tc = tcase_create("large");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_fov_large);
	suite_add_tcase(s, tc);
	return (s);
}
