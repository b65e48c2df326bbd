/*
 * gen.c: rooms-and-corridors, caves and open halls.
 *
 * Rooms are placed by rejection (no two touch), joined in order of their
 * centres by L-shaped corridors so that all of them connect, plus a few
 * extra corridors for loops; a corridor cell on a room's wall ring that
 * is walled on both sides along the ring becomes a door.  Caves are the
 * classic cellular automaton (a cell is wall when five of the nine cells
 * around it are), then only the largest connected cave is kept.  Mixed
 * levels are caves with a few rooms carved in, each room joined to the
 * nearest open cave floor by a corridor through a door.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "xmalloc.h"

struct gen_room {
	int	x, y, w, h;	/* the floor rectangle */
};

char
gen_at(const struct gen_map *m, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->width || y >= m->height)
		return ('#');
	return (m->cells[y * m->width + x]);
}

static void
gen_set(struct gen_map *m, int x, int y, char c)
{
	if (x > 0 && y > 0 && x < m->width - 1 && y < m->height - 1)
		m->cells[y * m->width + x] = c;
}

/* Whether a room, grown by one cell all round, overlaps another. */
static int
gen_overlaps(const struct gen_room *rooms, int n, const struct gen_room *r)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (r->x - 1 <= rooms[i].x + rooms[i].w &&
		    rooms[i].x - 1 <= r->x + r->w &&
		    r->y - 1 <= rooms[i].y + rooms[i].h &&
		    rooms[i].y - 1 <= r->y + r->h)
			return (1);
	}
	return (0);
}

/* Carves an L-shaped corridor between two points. */
static void
gen_corridor(struct gen_map *m, int x0, int y0, int x1, int y1, int hfirst)
{
	int	x = x0, y = y0;

	while (hfirst && x != x1) {
		gen_set(m, x, y, '.');
		x += x1 > x ? 1 : -1;
	}
	while (y != y1) {
		gen_set(m, x, y, '.');
		y += y1 > y ? 1 : -1;
	}
	while (x != x1) {
		gen_set(m, x, y, '.');
		x += x1 > x ? 1 : -1;
	}
	gen_set(m, x, y, '.');
}

static int
gen_room_order(const void *a, const void *b)
{
	const struct gen_room	*ra = a, *rb = b;

	return ((ra->x + ra->w / 2) - (rb->x + rb->w / 2));
}

/*
 * Whether a door is next to a cell: where the wall rings of two rooms lie
 * side by side, a corridor crossing both gets one door, not two in a row.
 */
static int
gen_near_door(const struct gen_map *m, int x, int y)
{
	return (gen_at(m, x - 1, y) == '+' || gen_at(m, x + 1, y) == '+' ||
	    gen_at(m, x, y - 1) == '+' || gen_at(m, x, y + 1) == '+');
}

/* Marks doors where corridors cross a room's wall ring. */
static void
gen_doors(struct gen_map *m, const struct gen_room *r)
{
	int	x, y;

	for (x = r->x; x < r->x + r->w; x++) {
		for (y = r->y - 1; y <= r->y + r->h; y += r->h + 1) {
			if (gen_at(m, x, y) == '.' && gen_at(m, x - 1, y) == '#' &&
			    gen_at(m, x + 1, y) == '#' && !gen_near_door(m, x, y))
				gen_set(m, x, y, '+');
		}
	}
	for (y = r->y; y < r->y + r->h; y++) {
		for (x = r->x - 1; x <= r->x + r->w; x += r->w + 1) {
			if (gen_at(m, x, y) == '.' && gen_at(m, x, y - 1) == '#' &&
			    gen_at(m, x, y + 1) == '#' && !gen_near_door(m, x, y))
				gen_set(m, x, y, '+');
		}
	}
}

/* Rooms and corridors: see the top of the file. */
static void
gen_rooms(struct gen_map *m, struct rng *rng)
{
	struct gen_room	*rooms, r;
	int		 n = 0, max, attempt, i, j, x, y, maxw, maxh;

	max = m->width * m->height / 60 + 2;
	rooms = xcalloc((size_t)max, sizeof *rooms);
	maxw = m->width - 4 < 14 ? m->width - 4 : 14;
	maxh = m->height - 4 < 8 ? m->height - 4 : 8;
	for (attempt = 0; attempt < 50 * max && n < max; attempt++) {
		r.w = rng_range(rng, 2, maxw);
		r.h = rng_range(rng, 2, maxh);
		r.x = rng_range(rng, 2, m->width - r.w - 2);
		r.y = rng_range(rng, 2, m->height - r.h - 2);
		if (gen_overlaps(rooms, n, &r))
			continue;
		rooms[n++] = r;
	}
	if (n == 0) {
		rooms[0].x = rooms[0].y = 1;
		rooms[0].w = m->width - 2;
		rooms[0].h = m->height - 2;
		n = 1;
	}
	for (i = 0; i < n; i++) {
		for (y = rooms[i].y; y < rooms[i].y + rooms[i].h; y++)
			for (x = rooms[i].x; x < rooms[i].x + rooms[i].w; x++)
				gen_set(m, x, y, '.');
	}
	qsort(rooms, (size_t)n, sizeof *rooms, gen_room_order);
	for (i = 1; i < n + n / 3; i++) {
		j = i < n ? i - 1 : (int)rng_below(rng, (uint32_t)n);
		r = rooms[i < n ? i : (int)rng_below(rng, (uint32_t)n)];
		gen_corridor(m, rooms[j].x + rooms[j].w / 2,
		    rooms[j].y + rooms[j].h / 2, r.x + r.w / 2, r.y + r.h / 2,
		    (int)rng_below(rng, 2));
	}
	for (i = 0; i < n; i++)
		gen_doors(m, &rooms[i]);
	free(rooms);
}

/* Keeps only the largest connected region of floor; returns its size. */
static int
gen_keep_largest(struct gen_map *m)
{
	int	*label, *stack, n = m->width * m->height;
	int	 i, j, sp, cur = 0, best = 0, best_size = 0, size, x, y, d;
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };

	label = xcalloc((size_t)n, sizeof *label);
	stack = xcalloc((size_t)n, sizeof *stack);
	for (i = 0; i < n; i++) {
		if (m->cells[i] == '#' || label[i] != 0)
			continue;
		cur++;
		size = 0;
		sp = 0;
		stack[sp++] = i;
		label[i] = cur;
		while (sp > 0) {
			j = stack[--sp];
			size++;
			for (d = 0; d < 4; d++) {
				x = j % m->width + dx[d];
				y = j / m->width + dy[d];
				if (gen_at(m, x, y) == '#' ||
				    label[y * m->width + x] != 0)
					continue;
				label[y * m->width + x] = cur;
				stack[sp++] = y * m->width + x;
			}
		}
		if (size > best_size) {
			best_size = size;
			best = cur;
		}
	}
	for (i = 0; i < n; i++) {
		if (label[i] != best)
			m->cells[i] = '#';
	}
	free(label);
	free(stack);
	return (best_size);
}

/* Caves: see the top of the file. */
static void
gen_caves(struct gen_map *m, struct rng *rng)
{
	char	*next;
	int	 pass, x, y, dx, dy, walls, try;

	next = xmalloc((size_t)m->width * m->height);
	for (try = 0; try < 20; try++) {
		for (y = 1; y < m->height - 1; y++)
			for (x = 1; x < m->width - 1; x++)
				gen_set(m, x, y, rng_chance(rng, 0.45) ? '#' :
				    '.');
		for (pass = 0; pass < 4; pass++) {
			memcpy(next, m->cells, (size_t)m->width * m->height);
			for (y = 1; y < m->height - 1; y++) {
				for (x = 1; x < m->width - 1; x++) {
					walls = 0;
					for (dy = -1; dy <= 1; dy++)
						for (dx = -1; dx <= 1; dx++)
							walls += gen_at(m, x + dx,
							    y + dy) == '#';
					next[y * m->width + x] = walls >= 5 ?
					    '#' : '.';
				}
			}
			memcpy(m->cells, next, (size_t)m->width * m->height);
		}
		if (gen_keep_largest(m) * 5 >= (m->width - 2) * (m->height - 2))
			break;
	}
	free(next);
}

/* Carves rooms into caves and joins each to the cave: see the top. */
static void
gen_mixed(struct gen_map *m, struct rng *rng)
{
	struct gen_room	r;
	int		n, i, x, y, best, d, bx = 0, by = 0, cx, cy;

	gen_caves(m, rng);
	n = m->width * m->height / 400 + 1;
	for (i = 0; i < n; i++) {
		r.w = rng_range(rng, 3, m->width / 5 > 3 ? m->width / 5 : 3);
		r.h = rng_range(rng, 3, m->height / 4 > 3 ? m->height / 4 : 3);
		r.x = rng_range(rng, 2, m->width - r.w - 2);
		r.y = rng_range(rng, 2, m->height - r.h - 2);
		cx = r.x + r.w / 2;
		cy = r.y + r.h / 2;
		best = -1;
		for (y = 1; y < m->height - 1; y++) {
			for (x = 1; x < m->width - 1; x++) {
				if (gen_at(m, x, y) != '.' || (x >= r.x - 1 &&
				    x <= r.x + r.w && y >= r.y - 1 &&
				    y <= r.y + r.h))
					continue;
				d = abs(x - cx) + abs(y - cy);
				if (best < 0 || d < best) {
					best = d;
					bx = x;
					by = y;
				}
			}
		}
		for (y = r.y - 1; y <= r.y + r.h; y++)
			for (x = r.x - 1; x <= r.x + r.w; x++)
				gen_set(m, x, y, '#');
		for (y = r.y; y < r.y + r.h; y++)
			for (x = r.x; x < r.x + r.w; x++)
				gen_set(m, x, y, '.');
		if (best >= 0)
			gen_corridor(m, cx, cy, bx, by, (int)rng_below(rng, 2));
		gen_doors(m, &r);
	}
}

/* Generates a map: see gen.h. */
void
gen_generate(struct gen_map *m, enum gen_kind kind, int width, int height,
    struct rng *rng)
{
	int	x, y;

	m->width = width;
	m->height = height;
	m->cells = xmalloc((size_t)width * height);
	memset(m->cells, '#', (size_t)width * height);
	switch (kind) {
	case GEN_ROOMS:
		gen_rooms(m, rng);
		break;
	case GEN_CAVES:
		gen_caves(m, rng);
		break;
	case GEN_OPEN:
		for (y = 1; y < height - 1; y++)
			for (x = 1; x < width - 1; x++)
				gen_set(m, x, y, '.');
		break;
	case GEN_MIXED:
		gen_mixed(m, rng);
		break;
	}
	gen_keep_largest(m);
}

void
gen_free(struct gen_map *m)
{
	free(m->cells);
	m->cells = NULL;
}
