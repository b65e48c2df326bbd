/*
 * check_reach.c: the checker's search for a way out, against an oracle.
 *
 * Small random dungeon files, with the shipped terrain (floor, soft rock,
 * granite, doors, shallow and deep water, cave-ins), a player or none,
 * stairs, up to two gates on random clocks between random terrains and
 * up to five events, are given to astray --check's reader
 * (dungeon_check_text()).  The oracle plays each start cell forward, turn
 * by turn, by the rules docs/modding.md gives for the search ("Can the
 * level be won?"): at each turn, from every cell reached by then, every
 * step that can start then, and the earliest turn each cell is reached;
 * the level's terrain at a turn worked out afresh from the map, the
 * gates' clocks and the events.  It knows nothing of the search's
 * latest-turn labels, timelines or heap.  With four-way movement, or
 * diagonal steps that pass any corner, the checker's verdict (ok, only
 * digging: a warning, or none: an error) and the cell it names must be
 * the oracle's; with a corner rule, where the search may miss a diagonal
 * step taken just as a corner opens, the checker may be stricter, never
 * more lenient.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dungeon.h"
#include "dungeon-reach.h"
#include "item.h"
#include "monster.h"
#include "rng.h"
#include "terrain.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

#define R_WMAX		9
#define R_HMAX		6
#define R_CELLS		(R_WMAX * R_HMAX)
#define R_GATES		2
#define R_EVENTS	5
#define R_NEVER		1000000000
#define R_CHUNKS	20
#define R_PER_CHUNK	40

enum r_how { R_WALK, R_DIG, R_NONE };

struct r_gate {
	int	open, closed, every, open_for, offset;
};

struct r_event {
	int	turn, x, y, w, h, terrain;
};

/* A random level, as the oracle reads it and as a dungeon file's text. */
struct r_map {
	int		w, h, n;
	int		terrain[R_CELLS];	/* at turn 0, gates aside */
	int		gate[R_CELLS];		/* -1, or the gate */
	int		px, py;
	int		four, corners;		/* PATH_DIAG_* */
	struct r_gate	g[R_GATES];
	int		ngates;
	struct r_event	e[R_EVENTS];		/* in file order */
	int		nevents;
	char		text[4096];
	int		map_line;
};

static struct terrain_table	tt;
static struct monster_table	mt;
static struct item_table	it;

static void
r_load(void)
{
	char	*cause = NULL;

	ck_assert_msg(terrain_read(&tt, SRC_DATA "/terrain.txt", &cause) == 0,
	    "%s", cause);
	ck_assert_msg(monster_read(&mt, &tt, SRC_DATA "/monsters.txt",
	    &cause) == 0, "%s", cause);
	ck_assert_msg(item_read(&it, &tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
}

static int
r_terrain(const char *name)
{
	int	t = terrain_find(&tt, name);

	ck_assert_msg(t >= 0, "no terrain %s", name);
	return (t);
}

static int
r_walk(int t)
{
	return (tt.t[t].cost[tt.walk] != 0);
}

/* Whether a gate is open at a turn, as modding.md says. */
static int
r_gate_open(const struct r_gate *g, int turn)
{
	return (((turn - g->offset) % g->every + g->every) % g->every <
	    g->open_for);
}

/* The turn an event happens: turns 0 and 1 as turn 1 starts. */
static int
r_event_turn(const struct r_event *e)
{
	return (e->turn > 1 ? e->turn : 1);
}

static int
r_covers(const struct r_map *m, const struct r_event *e, int c)
{
	int	x = c % m->w, y = c / m->w;

	return (x >= e->x && x < e->x + e->w && y >= e->y && y < e->y + e->h);
}

/* Cell c's terrain at a turn, from the map, the clocks and the events. */
static int
r_at(const struct r_map *m, int c, int turn)
{
	int	t = m->terrain[c], i, k, best;

	if (m->gate[c] >= 0)
		return (r_gate_open(&m->g[m->gate[c]], turn) ?
		    m->g[m->gate[c]].open : m->g[m->gate[c]].closed);
	/* The last event by (turn, file order) that covers c, by then. */
	best = -1;
	for (i = 0; i < m->nevents; i++) {
		if (!r_covers(m, &m->e[i], c) || r_event_turn(&m->e[i]) > turn)
			continue;
		k = best;
		if (k < 0 || m->e[i].turn > m->e[k].turn ||
		    (m->e[i].turn == m->e[k].turn && i > k))
			best = i;
	}
	return (best >= 0 ? m->e[best].terrain : t);
}

/* Whether an event changes cell c at a turn in [from, to]. */
static int
r_changes(const struct r_map *m, int c, int from, int to)
{
	int	i;

	if (m->gate[c] >= 0)
		return (0);
	for (i = 0; i < m->nevents; i++)
		if (r_covers(m, &m->e[i], c) && r_event_turn(&m->e[i]) >= from &&
		    r_event_turn(&m->e[i]) <= to)
			return (1);
	return (0);
}

/* Whether a diagonal step from c by (dx,dy) passes its corners then. */
static int
r_corners(const struct r_map *m, int c, int dx, int dy, int turn)
{
	int	a, b;

	if (dx == 0 || dy == 0)
		return (1);
	a = r_walk(r_at(m, c + dx, turn));
	b = r_walk(r_at(m, c + dy * m->w, turn));
	if (m->corners == PATH_DIAG_NO_CORNER_CUT)
		return (a && b);
	if (m->corners == PATH_DIAG_ONE_SIDE)
		return (a || b);
	return (1);
}

/*
 * How long a step from c into n that starts at a turn takes, or 0 when
 * it cannot start then: one turn into a cell walk enters, two for a door
 * (unless an event changes it as it opens), hardness and one for soft
 * rock when digging (unless an event changes it meanwhile).
 */
static int
r_step(const struct r_map *m, int c, int n, int turn, int dig)
{
	int	t = r_at(m, n, turn), lag;
	int	dx = n % m->w - c % m->w, dy = n / m->w - c / m->w;

	if (r_walk(t))
		lag = 0;
	else if (m->gate[n] < 0 && tt.t[t].open >= 0 &&
	    r_walk(tt.t[t].open) && !r_changes(m, n, turn + 1, turn + 1))
		lag = 1;
	else if (dig && m->gate[n] < 0 && tt.t[t].dig >= 0 &&
	    r_walk(tt.t[t].dig) && !r_changes(m, n, turn + 1, turn +
	    tt.t[t].hardness))
		lag = tt.t[t].hardness;
	else
		return (0);
	return (r_corners(m, c, dx, dy, turn + lag) ? lag + 1 : 0);
}

/* The clocks' common period: the least multiple of the gates' periods. */
static int
r_period(const struct r_map *m)
{
	int	period = 1, i, a, b, d;

	for (i = 0; i < m->ngates; i++) {
		for (a = period, b = m->g[i].every; b != 0; ) {
			d = a % b;
			a = b;
			b = d;
		}
		period = period / a * m->g[i].every;
	}
	return (period);
}

/* The turn after which no event happens. */
static int
r_last(const struct r_map *m)
{
	int	i, last = 0;

	for (i = 0; i < m->nevents; i++)
		if (r_event_turn(&m->e[i]) > last)
			last = r_event_turn(&m->e[i]);
	return (last);
}

/*
 * Whether a player standing on a cell at a turn wins, playing on turn by
 * turn.
 */
static int
r_oracle_from(const struct r_map *m, int start, int from, int dig)
{
	int	arrive[R_CELLS], turn, c, n, dx, dy, d, x, y, changed, quiet = 0;
	int	last = r_last(m), period = r_period(m);

	for (c = 0; c < m->n; c++)
		arrive[c] = R_NEVER;
	arrive[start] = from;
	for (turn = from; ; turn++) {
		changed = 0;
		for (c = 0; c < m->n; c++) {
			if (arrive[c] > turn)
				continue;
			if (tt.t[r_at(m, c, turn)].flags & (TERRAIN_STAIRS |
			    TERRAIN_GOAL) && m->gate[c] < 0)
				return (1);
			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++) {
					x = c % m->w + dx;
					y = c / m->w + dy;
					if ((dx == 0 && dy == 0) || x < 0 ||
					    y < 0 || x >= m->w || y >= m->h ||
					    (dx != 0 && dy != 0 && m->four))
						continue;
					n = y * m->w + x;
					d = r_step(m, c, n, turn, dig);
					if (d > 0 && turn + d < arrive[n]) {
						arrive[n] = turn + d;
						changed = 1;
					}
				}
		}
		if (turn > last + 1) {
			quiet = changed ? 0 : quiet + 1;
			if (quiet > period + 10)
				return (0);
		}
	}
}

/* Whether the player wins from a start cell, from turn 0. */
static int
r_oracle(const struct r_map *m, int start, int dig)
{
	return (r_oracle_from(m, start, 0, dig));
}

/*
 * The latest turn a player standing on a cell still wins from: -1 for
 * none, R_NEVER for any (one who wins from a turn after every event and
 * a whole period of the clocks wins from every later turn, a period
 * on).
 */
static int
r_latest(const struct r_map *m, int c, int dig)
{
	int	lo = 0, hi = r_last(m) + r_period(m) + 12, mid;

	if (r_oracle_from(m, c, hi, dig))
		return (R_NEVER);
	if (!r_oracle_from(m, c, 0, dig))
		return (-1);
	while (hi - lo > 1) {		/* wins from lo, not from hi */
		mid = lo + (hi - lo) / 2;
		if (r_oracle_from(m, c, mid, dig))
			lo = mid;
		else
			hi = mid;
	}
	return (lo);
}

/* Whether cell c is a pocket at turn 0 (level-gen.c's rule). */
static int
r_pocket(const struct r_map *m, int c)
{
	static const int	dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	int			k, x, y, t;

	for (k = 0; k < 4; k++) {
		x = c % m->w + dx[k];
		y = c / m->w + dy[k];
		if (x < 0 || y < 0 || x >= m->w || y >= m->h)
			continue;
		t = r_at(m, y * m->w + x, 0);
		if (r_walk(t) || t == tt.door)
			return (0);
	}
	return (1);
}

/*
 * The oracle's verdict over every start cell, the worst, and the first
 * start cell (in reading order) that has it; -1 when the map has no
 * cell to start on.
 */
static int
r_verdict(const struct r_map *m, int *where)
{
	int	c, how, worst = -1, first = -1, rooms = 0;

	for (c = 0; c < m->n; c++) {
		if (m->px >= 0 ? c != m->py * m->w + m->px :
		    !r_walk(r_at(m, c, 0)))
			continue;
		if (first < 0)
			first = c;
		if (m->px < 0 && r_pocket(m, c))
			continue;
		rooms++;
		how = r_oracle(m, c, 0) ? R_WALK : r_oracle(m, c, 1) ? R_DIG :
		    R_NONE;
		if (how > worst) {
			worst = how;
			*where = c;
		}
	}
	/* None is: the game's tries all miss, and any cell will do. */
	for (c = first; rooms == 0 && c >= 0 && c < m->n; c++) {
		if (!r_walk(r_at(m, c, 0)))
			continue;
		how = r_oracle(m, c, 0) ? R_WALK : r_oracle(m, c, 1) ? R_DIG :
		    R_NONE;
		if (how > worst) {
			worst = how;
			*where = c;
		}
	}
	return (worst);
}

/* Appends a line to the map's text. */
static void
r_line(struct r_map *m, const char *fmt, ...)
{
	va_list	ap;
	size_t	len = strlen(m->text);

	va_start(ap, fmt);
	vsnprintf(m->text + len, sizeof m->text - len, fmt, ap);
	va_end(ap);
	m->map_line++;
}

/* A random terrain of a list. */
static int
r_pick(struct rng *rng, const char *const *names, int n)
{
	return (r_terrain(names[rng_below(rng, (uint32_t)n)]));
}

/* Makes a random level and its dungeon file. */
static void
r_make(struct r_map *m, struct rng *rng)
{
	static const char *const cell[] = { "floor", "floor", "floor", "floor",
	    "floor", "floor", "wall", "wall", "granite", "granite", "granite",
	    "door", "shallow-water", "deep-water", "deep-water", "cave-in",
	    "rubble" };
	static const char *const gate[] = { "floor", "gate-open",
	    "gate-closed", "granite", "deep-water", "shallow-water" };
	static const char *const change[] = { "floor", "granite", "wall",
	    "deep-water", "cave-in", "rubble", "bridge" };
	static const char *const corner[] = { "never", "no-corner-cut",
	    "one-side", "always" };
	int	c, i, x, y, k;

	memset(m, 0, sizeof *m);
	m->w = rng_range(rng, 4, R_WMAX);
	m->h = rng_range(rng, 2, R_HMAX);
	m->n = m->w * m->h;
	m->four = rng_chance(rng, 0.3);
	m->corners = m->four ? PATH_DIAG_ALWAYS : rng_range(rng,
	    PATH_DIAG_NO_CORNER_CUT, PATH_DIAG_ALWAYS);
	r_line(m, "name: R\n");
	r_line(m, "movement: %s\n", m->four ? "4" : "8");
	r_line(m, "corners: %s\n", corner[m->corners]);
	m->ngates = rng_range(rng, 0, R_GATES);
	for (i = 0; i < m->ngates; i++) {
		m->g[i].open = r_pick(rng, gate, 6);
		m->g[i].closed = r_pick(rng, gate, 6);
		m->g[i].every = rng_range(rng, 1, 6);
		m->g[i].open_for = rng_range(rng, 0, m->g[i].every);
		m->g[i].offset = rng_range(rng, 0, m->g[i].every - 1);
		r_line(m, "legend: %c gate g%d\n", 'A' + i, i);
		r_line(m, "gate: g%d open %s closed %s every %d open-for %d "
		    "offset %d\n", i, tt.t[m->g[i].open].name,
		    tt.t[m->g[i].closed].name, m->g[i].every,
		    m->g[i].open_for, m->g[i].offset);
	}
	for (c = 0; c < m->n; c++) {
		m->terrain[c] = r_pick(rng, cell, 17);
		m->gate[c] = -1;
	}
	for (i = 0; i < m->ngates; i++)
		for (k = rng_range(rng, 1, 3); k > 0; k--)
			m->gate[rng_below(rng, (uint32_t)m->n)] = i;
	for (k = rng_range(rng, 1, 2); k > 0; k--) {
		c = (int)rng_below(rng, (uint32_t)m->n);
		m->gate[c] = -1;
		m->terrain[c] = tt.stairs;
	}
	m->px = m->py = -1;
	if (rng_chance(rng, 0.6)) {
		c = (int)rng_below(rng, (uint32_t)m->n);
		if (m->terrain[c] != tt.stairs) {
			m->gate[c] = -1;
			m->terrain[c] = tt.floor;
			m->px = c % m->w;
			m->py = c / m->w;
		}
	}
	for (i = 0; i < m->ngates; i++) {	/* every gate needs a cell */
		for (c = 0; c < m->n && m->gate[c] != i; c++)
			continue;
		for (k = 0; c == m->n && k < m->n; k++)
			if (m->terrain[k] != tt.stairs && k != m->py * m->w +
			    m->px && m->gate[k] < 0) {
				m->gate[k] = i;
				c = k;
			}
	}
	m->nevents = rng_range(rng, 0, R_EVENTS);
	for (i = 0; i < m->nevents; i++) {
		/* Often at the very start, where turns 0 and 1 are one. */
		m->e[i].turn = rng_chance(rng, 0.3) ? rng_range(rng, 0, 2) :
		    rng_range(rng, 0, 25);
		m->e[i].x = rng_range(rng, 0, m->w - 1);
		m->e[i].y = rng_range(rng, 0, m->h - 1);
		m->e[i].w = rng_range(rng, 1, m->w - m->e[i].x < 3 ?
		    m->w - m->e[i].x : 3);
		m->e[i].h = rng_range(rng, 1, m->h - m->e[i].y < 2 ?
		    m->h - m->e[i].y : 2);
		m->e[i].terrain = r_pick(rng, change, 7);
		r_line(m, "event: %d %d,%d %dx%d %s\n", m->e[i].turn,
		    m->e[i].x, m->e[i].y, m->e[i].w, m->e[i].h,
		    tt.t[m->e[i].terrain].name);
	}
	r_line(m, "map\n");
	m->map_line++;		/* now the line of the first row */
	for (y = 0; y < m->h; y++) {
		for (x = 0; x < m->w; x++) {
			c = y * m->w + x;
			if (x == m->px && y == m->py)
				strcat(m->text, "@");
			else if (m->gate[c] >= 0)
				snprintf(m->text + strlen(m->text), 2, "%c",
				    'A' + m->gate[c]);
			else
				strcat(m->text, tt.t[m->terrain[c]].glyph);
		}
		strcat(m->text, "\n");
	}
	strcat(m->text, "end\n");
	/* A gate's cell shows its state at turn 0. */
	for (c = 0; c < m->n; c++)
		if (m->gate[c] >= 0)
			m->terrain[c] = r_at(m, c, 0);
}

/* The checker's verdict on a map, and where it says it. */
static int
r_checker(const struct r_map *m, char *where, size_t size)
{
	struct dungeon_report	r;
	int			how;

	dungeon_check_text(&r, &tt, &mt, &it, "r.dun", m->text,
	    strlen(m->text));
	where[0] = '\0';
	if (r.nerrors > 0) {
		snprintf(where, size, "%s", r.errors[0]);
		how = R_NONE;
	} else if (r.nwarnings > 0) {
		snprintf(where, size, "%s", r.warnings[0]);
		how = R_DIG;
	} else
		how = R_WALK;
	ck_assert_msg(r.nerrors + r.nwarnings <= 1, "%d errors, %d warnings "
	    "for\n%s", r.nerrors, r.nwarnings, m->text);
	dungeon_report_free(&r);
	return (how);
}

START_TEST(test_reach_oracle)
{
	static const char *const name[] = { "ok", "only digging", "none" };
	struct r_map	 m;
	struct rng	 rng;
	char		 said[600], at[64];
	int		 i, want, got, cell = -1, seen[3] = { 0, 0, 0 }, exact;

	r_load();
	rng_seed(&rng, test_seed_base() * 7919 + (uint64_t)_i);
	for (i = 0; i < R_PER_CHUNK; i++) {
		r_make(&m, &rng);
		if ((want = r_verdict(&m, &cell)) < 0)
			continue;	/* no cell to start on: refused apart */
		got = r_checker(&m, said, sizeof said);
		exact = m.four || m.corners == PATH_DIAG_ALWAYS;
		ck_assert_msg(exact ? got == want : got >= want, "the checker "
		    "says %s (%s), the oracle %s, for\n%s", name[got], said,
		    name[want], m.text);
		seen[want]++;
		if (!exact || want == R_WALK)
			continue;
		snprintf(at, sizeof at, "r.dun:%d:%d: ", m.map_line + cell /
		    m.w, cell % m.w + 1);
		ck_assert_msg(strncmp(said, at, strlen(at)) == 0, "the "
		    "checker names \"%s\", the oracle %s, for\n%s", said, at,
		    m.text);
	}
	/* Both kinds of verdict turn up, or the levels test too little. */
	ck_assert_msg(seen[R_WALK] > 0 && seen[R_DIG] + seen[R_NONE] > 0,
	    "verdicts ok %d, digging %d, none %d", seen[R_WALK], seen[R_DIG],
	    seen[R_NONE]);
}
END_TEST

/*
 * The search's label of a cell, the latest turn a player standing there
 * can still get out (dungeon_reach_latest()), is the oracle's, walking
 * and digging, for every cell of the level: so each gate's clock and
 * each event's turn is held to the turn.
 */
START_TEST(test_reach_latest)
{
	struct r_map	 m;
	struct dungeon	 d;
	struct rng	 rng;
	char		*cause = NULL;
	int64_t		 got;
	int		 i, c, dig, want, timed = 0, exact;

	r_load();
	rng_seed(&rng, test_seed_base() * 104729 + (uint64_t)_i);
	for (i = 0; i < R_PER_CHUNK; i++) {
		r_make(&m, &rng);
		/* A piece is read without the check of a whole level. */
		ck_assert_msg(dungeon_parse_piece(&d, &tt, &mt, &it, "r.dun",
		    m.text, strlen(m.text), &cause) == 0, "%s", cause);
		exact = m.four || m.corners == PATH_DIAG_ALWAYS;
		for (c = 0; c < m.n; c++)
			for (dig = 0; dig <= 1; dig++) {
				want = r_latest(&m, c, dig);
				got = dungeon_reach_latest(&d, &tt, c % m.w,
				    c / m.w, dig);
				if (got >= DUNGEON_REACH_ANY_TURN)
					got = R_NEVER;
				timed += want > 0 && want < R_NEVER;
				ck_assert_msg(exact ? got == want : got <= want,
				    "cell %d,%d%s: the search says %lld, the "
				    "oracle %d, for\n%s", c % m.w, c / m.w,
				    dig ? " digging" : "", (long long)got, want,
				    m.text);
			}
		dungeon_free(&d);
	}
	ck_assert_msg(timed > 0, "no cell's way out closes at a turn");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("reach");
	TCase	*tc = tcase_create("oracle");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_reach_oracle, 0, (int)test_scaled(
	    R_CHUNKS));
	tcase_add_loop_test(tc, test_reach_latest, 0, (int)test_scaled(
	    R_CHUNKS));
	suite_add_tcase(s, tc);
	return (s);
}
