/*
 * vault-place.c: putting vaults into generated levels (vault.h).
 *
 * A placement works on a copy of the level's terrains: the vault's cells
 * are stamped at a random spot, each entry is joined by the shortest dug
 * corridor (4-neighbour steps outside the vault, at most VAULT_MAX_JOIN
 * of them) to a cell the player can walk on, and the spot is refused
 * when the vault covers the player or the stairs, or when the player no
 * longer reaches every cell it reached before together with every entry
 * (walking outside the vault only, so a vault is never the level's only
 * bridge).  Another spot is tried, up to a count; the level then gets
 * the differences through level_set_terrain(), the one function that
 * changes a tile, so the cost grids and the monsters' planners see them.
 * What is placed is an instance drawn from the game's generator
 * (vault_draw(): the vault's rules, then its turn), so one vault plays
 * differently each time.
 *
 * Which vaults a level gets is drawn from a stream of its own seeded from
 * the game's seed (vault_plan()), replaying every depth above: so
 * per-game counts are a function of the seed and need no saved state.
 * A vault the plan chose but no spot could take is counted all the same;
 * a stand-in is then drawn (from the game's stream) among the vaults of
 * the depth that have no per-game limit, so a limit is never exceeded.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "state.h"
#include "vault-place.h"
#include "xmalloc.h"

#define VAULT_MAX_JOIN		30	/* dug cells for one entry */
#define VAULT_TRIES		30	/* spots tried for one vault */
#define VAULT_STAND_INS		2	/* after a planned vault failed */
#define VAULT_SEED		UINT64_C(0x7a0175eed5a17ed)

/* The scratch of one fitting. */
struct vault_work {
	const struct terrain_table	*tt;
	int				 w, h;
	uint8_t				*cells;	/* the copy being changed */
	uint8_t				*block;	/* 1: a walk may not enter */
	uint8_t				*seen;
	int				*queue;
	int				*parent;
};

/* True when the player can walk on (or open) a terrain. */
static int
vault_passable(const struct terrain_table *tt, int t)
{
	return (tt->t[t].cost[tt->walk] != 0 || t == tt->door);
}

/*
 * Marks in vw->seen every cell reached from `from` by 4-neighbour steps
 * over passable cells not blocked; returns how many.
 */
static int
vault_flood(struct vault_work *vw, const uint8_t *cells, int from)
{
	static const int	 dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			 head = 0, tail = 0, c, x, y, k, nx, ny, nc;

	memset(vw->seen, 0, (size_t)vw->w * vw->h);
	if (!vault_passable(vw->tt, cells[from]))
		return (0);
	vw->seen[from] = 1;
	vw->queue[tail++] = from;
	while (head < tail) {
		c = vw->queue[head++];
		x = c % vw->w;
		y = c / vw->w;
		for (k = 0; k < 4; k++) {
			nx = x + dx[k];
			ny = y + dy[k];
			if (nx < 0 || ny < 0 || nx >= vw->w || ny >= vw->h)
				continue;
			nc = ny * vw->w + nx;
			if (vw->seen[nc] || vw->block[nc] ||
			    !vault_passable(vw->tt, cells[nc]))
				continue;
			vw->seen[nc] = 1;
			vw->queue[tail++] = nc;
		}
	}
	return (tail);
}

/*
 * Digs the shortest corridor from an entry (the vault's cells blocked)
 * to a passable cell; returns 0, or -1 when none is near enough.
 */
static int
vault_join(struct vault_work *vw, int entry)
{
	static const int	 dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			*dist = vw->parent + vw->w * vw->h;
	int			 head = 0, tail = 0, c, x, y, k, nx, ny, nc;

	memset(vw->seen, 0, (size_t)vw->w * vw->h);
	vw->seen[entry] = 1;
	vw->queue[tail++] = entry;
	dist[entry] = 0;
	while (head < tail) {
		c = vw->queue[head++];
		if (c != entry && vault_passable(vw->tt, vw->cells[c])) {
			for (c = vw->parent[c]; c != entry; c = vw->parent[c])
				vw->cells[c] = (uint8_t)vw->tt->floor;
			return (0);
		}
		if (dist[c] == VAULT_MAX_JOIN)
			continue;
		x = c % vw->w;
		y = c / vw->w;
		for (k = 0; k < 4; k++) {
			nx = x + dx[k];
			ny = y + dy[k];
			if (nx < 1 || ny < 1 || nx >= vw->w - 1 ||
			    ny >= vw->h - 1)
				continue;
			nc = ny * vw->w + nx;
			if (vw->seen[nc] || vw->block[nc])
				continue;
			vw->seen[nc] = 1;
			vw->parent[nc] = c;
			dist[nc] = dist[c] + 1;
			vw->queue[tail++] = nc;
		}
	}
	return (-1);
}

/* True when the rectangle holds the cell (px,py) or stairs or the goal. */
static int
vault_covers(const struct vault_work *vw, const uint8_t *terrain, int x0,
    int y0, int vw_, int vh, int px, int py)
{
	int	x, y;

	if (px >= x0 && px < x0 + vw_ && py >= y0 && py < y0 + vh)
		return (1);
	for (y = y0; y < y0 + vh; y++)
		for (x = x0; x < x0 + vw_; x++)
			if (vw->tt->t[terrain[y * vw->w + x]].flags &
			    (TERRAIN_STAIRS | TERRAIN_GOAL))
				return (1);
	return (0);
}

/* Stamps the vault at (x0,y0) into vw->cells and joins it; 0, or -1. */
static int
vault_try(struct vault_work *vw, const struct vault *v, const uint8_t
    *terrain, const uint8_t *reach0, int x0, int y0, int from)
{
	const struct dungeon	*d = &v->d;
	int			 x, y, i, n = vw->w * vw->h, e;

	memcpy(vw->cells, terrain, (size_t)n);
	memset(vw->block, 0, (size_t)n);
	for (y = 0; y < d->height; y++) {
		for (x = 0; x < d->width; x++) {
			vw->cells[(y0 + y) * vw->w + x0 + x] =
			    d->terrain[y * d->width + x];
			vw->block[(y0 + y) * vw->w + x0 + x] = 1;
		}
	}
	for (i = 0; i < v->nentries; i++) {
		e = (y0 + v->entries[i] / d->width) * vw->w + x0 +
		    v->entries[i] % d->width;
		if (vault_join(vw, e) != 0)
			return (-1);
	}
	for (i = 0; i < v->nentries; i++)	/* entries: walked through */
		vw->block[(y0 + v->entries[i] / d->width) * vw->w + x0 +
		    v->entries[i] % d->width] = 0;
	vault_flood(vw, vw->cells, from);
	for (i = 0; i < n; i++)
		if (reach0[i] && !vw->block[i] && !vw->seen[i])
			return (-1);
	for (i = 0; i < v->nentries; i++)
		if (!vw->seen[(y0 + v->entries[i] / d->width) * vw->w + x0 +
		    v->entries[i] % d->width])
			return (-1);
	return (0);
}

/*
 * Draws a spot for the vault's corner as its "orient:" asks, inside the
 * level's border: anywhere, its side against the border's (north:
 * its top row on row 1), or over the level's centre cell; 0, or -1
 * when the level has no such spot.
 */
static int
vault_spot(const struct vault *v, int w, int h, struct rng *r, int *x0,
    int *y0)
{
	int	o = v->orient, lo, hi;

	*x0 = 1 + (int)rng_below(r, (uint32_t)(w - 1 - v->d.width));
	*y0 = 1 + (int)rng_below(r, (uint32_t)(h - 1 - v->d.height));
	if (o == VAULT_EDGE)
		o = VAULT_NORTH + (int)rng_below(r, 4);
	switch (o) {
	case VAULT_NORTH:
		*y0 = 1;
		break;
	case VAULT_SOUTH:
		*y0 = h - 1 - v->d.height;
		break;
	case VAULT_WEST:
		*x0 = 1;
		break;
	case VAULT_EAST:
		*x0 = w - 1 - v->d.width;
		break;
	case VAULT_CENTRE:
		lo = w / 2 - v->d.width + 1 > 1 ? w / 2 - v->d.width + 1 : 1;
		hi = w / 2 < w - 1 - v->d.width ? w / 2 : w - 1 - v->d.width;
		if (hi < lo)
			return (-1);
		*x0 = lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
		lo = h / 2 - v->d.height + 1 > 1 ? h / 2 - v->d.height + 1 : 1;
		hi = h / 2 < h - 1 - v->d.height ? h / 2 : h - 1 - v->d.height;
		if (hi < lo)
			return (-1);
		*y0 = lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
		break;
	}
	return (0);
}

/* Places a vault into a map of terrains: see vault.h. */
int
vault_fit(const struct vault *v, const struct terrain_table *tt,
    uint8_t *terrain, int w, int h, int px, int py, int tries,
    struct rng *r, int *ox, int *oy)
{
	struct vault_work	 vw = { .tt = tt, .w = w, .h = h };
	uint8_t			*reach0;
	size_t			 n = (size_t)w * h;
	int			 t, x0, y0, rc = -1;

	if (v->d.width > w - 2 || v->d.height > h - 2)
		return (-1);
	vw.cells = xmalloc(n);
	vw.block = xcalloc(n, 1);
	vw.seen = xcalloc(n, 1);
	vw.queue = xcalloc(n, sizeof *vw.queue);
	vw.parent = xcalloc(n * 2, sizeof *vw.parent);
	reach0 = xcalloc(n, 1);
	vault_flood(&vw, terrain, py * w + px);
	memcpy(reach0, vw.seen, n);
	for (t = 0; t < tries && rc != 0; t++) {
		if (vault_spot(v, w, h, r, &x0, &y0) != 0)
			break;
		if (vault_covers(&vw, terrain, x0, y0, v->d.width,
		    v->d.height, px, py) ||
		    vault_try(&vw, v, terrain, reach0, x0, y0,
		    py * w + px) != 0)
			continue;
		memcpy(terrain, vw.cells, n);
		*ox = x0;
		*oy = y0;
		rc = 0;
	}
	free(reach0);
	free(vw.cells);
	free(vw.block);
	free(vw.seen);
	free(vw.queue);
	free(vw.parent);
	return (rc);
}

/* True when a vault may appear at a depth. */
static int
vault_of_depth(const struct vault *v, int depth)
{
	return (depth >= v->depth_min && depth <= v->depth_max);
}

/*
 * Picks by weight one vault of the depth with a use `left` (or, with
 * no_limit_only, one without a per-game limit) that is not among
 * picks[0..npicks); -1 when there is none.
 */
static int
vault_pick(const struct vault_set *vs, int depth, const int *left,
    int no_limit_only, const int *picks, int npicks, struct rng *r)
{
	uint32_t	total = 0, x;
	int		i, k, ok[VAULT_MAX];

	for (i = 0; i < vs->n; i++) {
		ok[i] = vault_of_depth(&vs->v[i], depth) &&
		    !vault_has_tag(&vs->v[i], "sub") &&
		    (vs->v[i].per_game == 0 ? 1 : !no_limit_only &&
		    left[i] > 0);
		for (k = 0; k < npicks; k++)
			ok[i] &= picks[k] != i;
		if (ok[i])
			total += (uint32_t)vs->v[i].weight;
	}
	if (total == 0)
		return (-1);
	x = rng_below(r, total);
	for (i = 0; i < vs->n; i++) {
		if (!ok[i])
			continue;
		if (x < (uint32_t)vs->v[i].weight)
			return (i);
		x -= (uint32_t)vs->v[i].weight;
	}
	return (-1);
}

/* Which vaults a level gets: see vault.h. */
int
vault_plan(const struct vault_set *vs, uint64_t seed, int depth, int *picks)
{
	struct rng	 r;
	int		*left, d, k, i, np = 0;

	if (vs->n == 0)
		return (0);
	left = xcalloc((size_t)vs->n, sizeof *left);
	for (i = 0; i < vs->n; i++)
		left[i] = vs->v[i].per_game;
	rng_seed(&r, seed ^ VAULT_SEED);
	for (d = 1; d <= depth; d++) {
		np = 0;
		for (k = 0; k < VAULT_PER_LEVEL; k++) {
			if ((i = vault_pick(vs, d, left, 0, picks, np,
			    &r)) < 0)
				break;
			picks[np++] = i;
			left[i]--;
		}
	}
	free(left);
	return (np);
}

/* Orders events by turn, then by where they were written. */
static int
vault_event_order(const void *a, const void *b)
{
	const struct dungeon_event	*ea = a, *eb = b;

	if (ea->trigger != DUNGEON_AT_TURN || eb->trigger != DUNGEON_AT_TURN ||
	    ea->turn != eb->turn)
		return (dungeon_event_order(ea, eb));
	if (ea->line != eb->line)
		return (ea->line - eb->line);
	if (ea->y != eb->y)
		return (ea->y - eb->y);
	return (ea->x - eb->x);
}

static int	vault_furnish_fit(struct game *, struct level *,
		    const struct vault *);

/* Gives the level a placed vault's monsters, items, gates and events. */
static void
vault_furnish_with(struct game *g, struct level *l, const struct vault *v,
    int ox, int oy)
{
	const struct dungeon	*d = &v->d;
	struct level_gate	*gate;
	int			 i, k, x, y, m;

	/* --monsters 0: no level has monsters, a vault's neither. */
	for (i = 0; i < d->nspawns && g->extra != GAME_NO_MONSTERS; i++) {
		x = ox + d->spawns[i].x;
		y = oy + d->spawns[i].y;
		if (l->occupant[y * l->width + x] != 0)
			continue;
		/* A list or "any" draws its kind now (dungeon.h). */
		k = dungeon_draw_monster(&g->monsters, &g->terrain,
		    &d->spawns[i].pick, l->terrain[y * l->width + x], g->depth,
		    &g->rng);
		if (k < 0)
			continue;
		m = level_add_monster(g, l, k, x, y);
		l->mon[m].dx = (int)rng_below(&g->rng, 3) - 1;
		l->mon[m].dy = (int)rng_below(&g->rng, 3) - 1;
	}
	for (i = 0; i < d->nitems; i++) {
		k = dungeon_draw_item(&g->items, &d->items[i].pick, g->depth,
		    &g->rng);
		if (k >= 0)
			level_add_found(g, l, ox + d->items[i].x,
			    oy + d->items[i].y, k);
	}
	if (d->ngates > 0) {
		l->gates = xreallocarray(l->gates, (size_t)(l->ngates +
		    d->ngates), sizeof *l->gates);
		for (i = 0; i < d->ngates; i++) {
			gate = &l->gates[l->ngates++];
			*gate = (struct level_gate){
				.open = d->gates[i].open,
				.closed = d->gates[i].closed,
				.every = d->gates[i].every,
				.open_for = d->gates[i].open_for,
				.offset = d->gates[i].offset,
				.ncells = d->gates[i].ncells,
				.cells = xcalloc((size_t)d->gates[i].ncells,
				    sizeof (int)),
			};
			for (k = 0; k < gate->ncells; k++)
				gate->cells[k] = (oy + d->gates[i].cells[k] /
				    d->width) * l->width + ox +
				    d->gates[i].cells[k] % d->width;
		}
	}
	if (d->nevents > 0) {
		l->events = xreallocarray(l->events, (size_t)(l->nevents +
		    d->nevents), sizeof *l->events);
		for (i = 0; i < d->nevents; i++) {
			l->events[l->nevents] = d->events[i];
			l->events[l->nevents].x += ox;
			l->events[l->nevents].y += oy;
			l->events[l->nevents].tx += ox;
			l->events[l->nevents++].ty += oy;
		}
		qsort(l->events, (size_t)l->nevents, sizeof *l->events,
		    vault_event_order);
	}
}

/*
 * Places one vault into the level, an instance of it drawn first when it
 * has rules; 0, or -1 when no spot would do.
 */
static int
vault_furnish_one(struct game *g, struct level *l, const struct vault *v)
{
	struct vault	 drawn;
	int		 rc;

	if (vault_draw(v, &g->terrain, &g->monsters, &g->items, &g->rng,
	    &drawn) != 0)
		return (-1);
	rc = vault_furnish_fit(g, l, &drawn);
	vault_drawn_free(&drawn);
	return (rc);
}

/* Places a vault's map as it is; 0, or -1 when no spot would do. */
static int
vault_furnish_fit(struct game *g, struct level *l, const struct vault *v)
{
	size_t		 n = (size_t)l->width * l->height;
	uint8_t		*cells;
	int		 ox, oy, i;

	if (l->ngates + v->d.ngates > DUNGEON_MAX_GATES ||
	    l->nevents + v->d.nevents > DUNGEON_MAX_EVENTS)
		return (-1);
	cells = xmalloc(n);
	memcpy(cells, l->terrain, n);
	if (vault_fit(v, &g->terrain, cells, l->width, l->height, g->px,
	    g->py, VAULT_TRIES, &g->rng, &ox, &oy) != 0) {
		free(cells);
		return (-1);
	}
	for (i = 0; i < (int)n; i++)
		if (cells[i] != l->terrain[i])
			level_set_terrain(l, &g->terrain, i % l->width,
			    i / l->width, cells[i]);
	free(cells);
	vault_furnish_with(g, l, v, ox, oy);
	return (0);
}

/*
 * Puts vaults of its depth drawn from a set into a generated level
 * (level.c); which ones is vault_plan()'s choice from the seed given.
 */
void
vault_furnish(struct game *g, struct level *l, const struct vault_set *vs,
    uint64_t seed, int depth)
{
	int	picks[VAULT_PER_LEVEL], tried[VAULT_PER_LEVEL * (1 +
		    VAULT_STAND_INS)];
	int	np, ntried, i, k, s;

	if (vs->n == 0)
		return;
	np = vault_plan(vs, seed, depth, picks);
	memcpy(tried, picks, (size_t)np * sizeof *picks);
	ntried = np;
	for (i = 0; i < np; i++) {
		if (vault_furnish_one(g, l, &vs->v[picks[i]]) == 0)
			continue;
		for (k = 0; k < VAULT_STAND_INS; k++) {
			s = vault_pick(vs, depth, NULL, 1, tried,
			    ntried, &g->rng);
			if (s < 0)
				break;
			tried[ntried++] = s;
			if (vault_furnish_one(g, l, &vs->v[s]) == 0)
				break;
		}
	}
}

/* Turns a generated map into terrains as level_generate() does. */
static void
vault_terrains(const struct terrain_table *tt, const struct gen_map *m,
    uint8_t *cells)
{
	int	x, y;

	for (y = 0; y < m->height; y++) {
		for (x = 0; x < m->width; x++) {
			cells[y * m->width + x] = (uint8_t)(x == 0 || y == 0 ||
			    x == m->width - 1 || y == m->height - 1 ?
			    tt->granite : gen_at(m, x, y) == '.' ? tt->floor :
			    gen_at(m, x, y) == '+' ? tt->door : tt->wall);
		}
	}
}

/*
 * A level of the vault's least depth as the generator makes one (sized
 * as level_generate() sizes it), from a seed, with the player somewhere
 * on its floor, and the vault fitted into it; 0, or -1 when it did not
 * fit.  *cells (w x h) is to be freed either way, and so is *plain, the
 * level before the vault, when plain is not NULL.
 */
static int
vault_sample(const struct vault *v, const struct terrain_table *tt,
    uint64_t seed, uint8_t **cells, uint8_t **plain, int *w, int *h,
    int *ox, int *oy)
{
	static const enum gen_kind	 kinds[3] = { GEN_ROOMS, GEN_MIXED,
					     GEN_CAVES };
	struct gen_map			 m;
	struct rng			 r;
	int				 px, py, rc, d = v->depth_min;

	*w = 60 + 12 * (d - 1);
	*h = 22 + 4 * (d - 1);
	*w = *w > 160 ? 160 : *w;
	*h = *h > 60 ? 60 : *h;
	rng_seed(&r, seed);
	gen_generate(&m, d == 1 ? GEN_ROOMS : kinds[seed % 3], *w, *h, &r);
	*cells = xmalloc((size_t)*w * *h);
	vault_terrains(tt, &m, *cells);
	gen_free(&m);
	do {
		px = (int)rng_below(&r, (uint32_t)*w);
		py = (int)rng_below(&r, (uint32_t)*h);
	} while ((*cells)[py * *w + px] != tt->floor);
	if (plain != NULL) {
		*plain = xmalloc((size_t)*w * *h);
		memcpy(*plain, *cells, (size_t)*w * *h);
	}
	rc = vault_fit(v, tt, *cells, *w, *h, px, py, VAULT_TRIES, &r, ox,
	    oy);
	return (rc);
}

/* True when a vault fits one of 10 generated levels of its least depth. */
int
vault_joins_somewhere(const struct vault *v, const struct terrain_table *tt)
{
	uint8_t		*cells;
	int		 seed, w, h, ok = 0, ox, oy;

	for (seed = 0; seed < 10 && !ok; seed++) {
		ok = vault_sample(v, tt, (uint64_t)seed, &cells, NULL, &w, &h,
		    &ox, &oy) == 0;
		free(cells);
	}
	return (ok);
}

static char	*vault_show_map(const struct vault *,
		    const struct terrain_table *, const struct monster_table *,
		    const struct item_table *, uint64_t, struct rng *);

/* Draws one instance of a vault in a level: see vault.h. */
char *
vault_show(const struct vault *v, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    uint64_t seed)
{
	struct vault	 drawn;
	struct rng	 r;
	char		*out;

	rng_seed(&r, seed ^ VAULT_SEED);
	if (vault_draw(v, tt, mt, it, &r, &drawn) != 0)
		return (NULL);
	out = vault_show_map(&drawn, tt, mt, it, seed, &r);
	vault_drawn_free(&drawn);
	return (out);
}

/* Draws a vault's map as it is, fitted into a level from the seed. */
static char *
vault_show_map(const struct vault *v, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    uint64_t seed, struct rng *r)
{
	const struct dungeon	*d = &v->d;
	uint8_t			*cells, *plain;
	char			*out = NULL;
	size_t			 n = 0, cap = 0, k;
	const char		*glyph;
	int			 w, h, ox, oy, x, y, i, x0, y0, x1, y1, rc;
	int			*mk, *ik;

	rc = vault_sample(v, tt, seed, &cells, &plain, &w, &h, &ox, &oy);
	if (rc != 0) {
		free(cells);
		free(plain);
		return (NULL);
	}
	/* Each legend cell's kind, drawn as the game would (dungeon.h). */
	mk = xcalloc((size_t)d->nspawns + 1, sizeof *mk);
	ik = xcalloc((size_t)d->nitems + 1, sizeof *ik);
	for (i = 0; i < d->nspawns; i++)
		mk[i] = dungeon_draw_monster(mt, tt, &d->spawns[i].pick,
		    cells[(oy + d->spawns[i].y) * w + ox + d->spawns[i].x],
		    v->depth_min, r);
	for (i = 0; i < d->nitems; i++)
		ik[i] = dungeon_draw_item(it, &d->items[i].pick, v->depth_min,
		    r);
	x0 = ox;
	y0 = oy;
	x1 = ox + d->width - 1;
	y1 = oy + d->height - 1;
	for (i = 0; i < w * h; i++) {
		if (cells[i] == plain[i])
			continue;
		x0 = i % w < x0 ? i % w : x0;
		x1 = i % w > x1 ? i % w : x1;
		y0 = i / w < y0 ? i / w : y0;
		y1 = i / w > y1 ? i / w : y1;
	}
	x0 = x0 > 0 ? x0 - 1 : 0;
	y0 = y0 > 0 ? y0 - 1 : 0;
	x1 = x1 < w - 1 ? x1 + 1 : w - 1;
	y1 = y1 < h - 1 ? y1 + 1 : h - 1;
	for (y = y0; y <= y1; y++) {
		for (x = x0; x <= x1; x++) {
			glyph = tt->t[cells[y * w + x]].glyph;
			for (i = 0; i < d->nitems; i++)
				if (ox + d->items[i].x == x &&
				    oy + d->items[i].y == y && ik[i] >= 0)
					glyph = it->k[ik[i]].glyph;
			for (i = 0; i < d->nspawns; i++)
				if (ox + d->spawns[i].x == x &&
				    oy + d->spawns[i].y == y && mk[i] >= 0)
					glyph = mt->k[mk[i]].glyph;
			k = strlen(glyph);
			if (n + k + 2 > cap) {
				cap = cap * 2 + k + 64;
				out = xreallocarray(out, cap, 1);
			}
			memcpy(out + n, glyph, k);
			n += k;
		}
		out[n++] = '\n';
	}
	out[n] = '\0';
	free(mk);
	free(ik);
	free(cells);
	free(plain);
	return (out);
}
