/*
 * bitflip.c: every planner's saved buffer, damaged one bit at a time,
 * must be refused or plan exactly.
 *
 * planner.h promises that path_planner_load_buffer() and
 * path_context_load_buffer() refuse anything inconsistent and that a
 * restored planner makes exactly the choices the saved one would have
 * made.  The buffers carry no checksum (that is the container's job), so
 * a buffer damaged or crafted with any content reaches the loads.  This
 * program holds them to the promise: in several small chases (a target
 * walking at random, doors opening and shutting, a few hunters planning
 * and stepping each turn) it saves the grid, the context and every
 * planner mid-chase, then flips one bit of the context's or of one
 * planner's buffer at a time and, in a forked child (so that an abort or
 * a crash is counted, not fatal), loads the whole set on the intact grid
 * and plays the chase on for a few turns.  Each damaged copy must either
 * be refused by a load or give, at every plan of every hunter, the cost
 * the undamaged copy gives, which for every planner but cached is also
 * what a from-scratch A* gives (checked here once per turn); a cached
 * planner, not always cheapest, must give a legal path from the hunter
 * to the target that costs what it says (see bf_cached_lies).  A child
 * that dies of a signal, exits otherwise or hangs (10 s) is an abort.
 *
 * A test program rather than an astray-lab subcommand: it judges the
 * library against its own header and has no question to ask of a
 * user's map, so it belongs beside the other tests, and make check runs
 * it.  Run without arguments (as make check does) it flips a sample of
 * bits spread over every buffer (8 of each, --samples, a share of them
 * as ASTRAY_TEST_SCALE says; a few seconds);
 * --full flips them all.  Bits that once broke a load (bf_kept) are
 * flipped in every run.
 *
 *   tests/bitflip [--full] [--samples N] [--planner NAME] [--chase N]
 *                 [--verbose]
 *
 * It prints per planner and per object (the planners' buffers, the
 * context's) the buffers, the bits flipped, how many were refused,
 * accepted and exact, accepted and wrong, and aborted, and exits 1 if
 * any was wrong or aborted, or if an undamaged copy was refused or
 * planned other than A* (said on the output, its buffers not flipped).  --verbose names each bad case (chase,
 * planner, buffer, bit), so it can be run again alone with
 * --planner, --chase and --bit BUFFER:BIT (buffer 0 is the context's,
 * 1 to 3 the planners', in the order they were saved).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "oracle.h"
#include "path.h"

#define BF_HUNTERS	3	/* hunters of each chase */
#define BF_DOORS	6	/* cells that open and shut */
#define BF_AFTER	5	/* turns played after a load */
#define BF_ALARM	10	/* seconds a child may take */

/* What a child reports. */
enum bf_outcome {
	BF_REFUSED = 10,
	BF_EXACT = 11,
	BF_WRONG = 12
};

/* One chase: its map and its moves. */
struct bf_chase {
	const char		*name;
	uint64_t		 seed;
	enum oracle_terrain	 terrain;
	int			 width, height, max_cost;
	struct path_rules	 rules;
	int			 before;	/* turns played before saving */
};

static const struct bf_chase bf_chases[] = {
	{ "scatter-octile", 1, ORACLE_TERRAIN_SCATTER, 16, 10, 1,
	  { PATH_MOVE_8_OCTILE, PATH_DIAG_NO_CORNER_CUT, PATH_H_DEFAULT }, 9 },
	{ "rooms-weighted", 2, ORACLE_TERRAIN_ROOMS, 15, 11, 9,
	  { PATH_MOVE_8_OCTILE, PATH_DIAG_ALWAYS, PATH_H_DEFAULT }, 12 },
	{ "cut-4way", 3, ORACLE_TERRAIN_CUT, 14, 9, 3,
	  { PATH_MOVE_4, PATH_DIAG_NEVER, PATH_H_DEFAULT }, 7 },
	{ "open-chebyshev", 4, ORACLE_TERRAIN_OPEN, 12, 8, 5,
	  { PATH_MOVE_8_CHEBYSHEV, PATH_DIAG_ONE_SIDE, PATH_H_DEFAULT }, 10 }
};
#define BF_CHASES	(sizeof bf_chases / sizeof bf_chases[0])

/* The moving parts of a chase, copied whole into every child. */
struct bf_world {
	struct oracle_rng	rng;
	int			tx, ty;
	int			hx[BF_HUNTERS], hy[BF_HUNTERS];
	int			dx[BF_DOORS], dy[BF_DOORS];
	uint8_t			dcost[BF_DOORS];
};

/* The saved state of one chase and what the undamaged copy does next. */
struct bf_saved {
	void		*buf[1 + BF_HUNTERS];	/* context, then planners */
	size_t		 len[1 + BF_HUNTERS];
	void		*grid;
	size_t		 grid_len;
	struct bf_world	 world;
	int		 hx[BF_AFTER][BF_HUNTERS], hy[BF_AFTER][BF_HUNTERS];
	int		 tx[BF_AFTER], ty[BF_AFTER];
	path_cost	 cost[BF_AFTER][BF_HUNTERS];
};

/* Figures for one planner kind and one object. */
struct bf_count {
	long	buffers, bits, refused, exact, wrong, aborts;
};

static struct {
	const char	*corpus;
	int	full, samples, verbose, chase;
	int	kind;			/* -1: every kind */
	long	buffer, bit;		/* -1: every one */
} bf_opt = { NULL, 0, 8, 0, -1, -1, -1, -1 };

/* Picks a random open cell. */
static void
bf_open_cell(const struct path_grid *g, struct oracle_rng *rng, int *x,
    int *y)
{
	int	w = path_grid_width(g), h = path_grid_height(g), i;

	for (i = 0; i < 10000; i++) {
		*x = oracle_rng_below(rng, w);
		*y = oracle_rng_below(rng, h);
		if (path_grid_get(g, *x, *y) != 0)
			return;
	}
	*x = *y = 0;
}

/* Sets a chase up: its grid, doors, target and hunters. */
static struct path_grid *
bf_setup(const struct bf_chase *c, struct bf_world *w)
{
	struct path_grid	*g;
	int			 i;

	memset(w, 0, sizeof *w);
	oracle_rng_seed(&w->rng, c->seed);
	g = oracle_grid_make(&w->rng, c->terrain, c->width, c->height,
	    c->max_cost);
	for (i = 0; i < BF_DOORS; i++) {
		bf_open_cell(g, &w->rng, &w->dx[i], &w->dy[i]);
		w->dcost[i] = path_grid_get(g, w->dx[i], w->dy[i]);
	}
	bf_open_cell(g, &w->rng, &w->tx, &w->ty);
	for (i = 0; i < BF_HUNTERS; i++)
		bf_open_cell(g, &w->rng, &w->hx[i], &w->hy[i]);
	return (g);
}

/* The world's turn: doors flip, the target takes a random step. */
static void
bf_world_turn(struct path_grid *g, struct bf_world *w)
{
	int	i, nx, ny;

	for (i = 0; i < BF_DOORS; i++) {
		if (oracle_rng_below(&w->rng, 4) != 0)
			continue;
		if (w->dx[i] == w->tx && w->dy[i] == w->ty)
			continue;
		path_grid_set(g, w->dx[i], w->dy[i],
		    path_grid_get(g, w->dx[i], w->dy[i]) != 0 ? 0 :
		    w->dcost[i]);
	}
	nx = w->tx + oracle_rng_range(&w->rng, -1, 1);
	ny = w->ty + oracle_rng_range(&w->rng, -1, 1);
	if (path_grid_contains(g, nx, ny) && path_grid_get(g, nx, ny) != 0) {
		w->tx = nx;
		w->ty = ny;
	}
}

/* Plans for hunter i at (x,y); returns the cost. */
static path_cost
bf_plan(struct path_planner *p, const struct bf_world *w, int x, int y)
{
	path_planner_set_hunter(p, x, y);
	path_planner_set_target(p, w->tx, w->ty);
	path_planner_plan(p, 0, NULL);
	return (path_planner_cost(p));
}

/*
 * Loads a saved set, buffer `flip` with bit `bit` flipped (flip -1: none),
 * into a new grid, context and planners; returns 0, or -1 if a load
 * refused it.
 */
static int
bf_load(const struct bf_saved *s, enum path_planner_kind kind,
    const struct bf_chase *c, int flip, long bit, struct path_grid **gp,
    struct path_context **ctxp, struct path_planner **p)
{
	unsigned char	*copy;
	char		*cause = NULL;
	int		 i, rc;

	*gp = path_grid_load_buffer(s->grid, s->grid_len, &cause);
	if (*gp == NULL) {
		fprintf(stderr, "bitflip: the intact grid: %s\n", cause);
		exit(2);
	}
	*ctxp = path_context_new(*gp, c->rules);
	for (i = 0; i <= BF_HUNTERS; i++) {
		copy = malloc(s->len[i] + 1);
		if (copy == NULL)
			exit(2);
		memcpy(copy, s->buf[i], s->len[i]);
		if (i == flip)
			copy[bit / 8] ^= (unsigned char)(1u << (bit % 8));
		if (i == 0)
			rc = path_context_load_buffer(*ctxp, copy, s->len[i],
			    &cause);
		else {
			p[i - 1] = path_planner_new(kind, *ctxp);
			rc = path_planner_load_buffer(p[i - 1], copy,
			    s->len[i], &cause);
		}
		free(copy);
		if (rc != 0) {
			if (flip < 0) {
				printf("  %s, %s: the intact buffer %d is "
				    "refused: %s\n", c->name,
				    path_planner_name(kind), i, cause);
				free(cause);
				return (-1);
			}
			if (bf_opt.bit >= 0)
				printf("  refused: %s\n", cause);
			free(cause);
			return (-1);
		}
	}
	return (0);
}

/*
 * Plays a chase of one kind up to its save, saves everything, and plays
 * the undamaged copy on, noting each hunter's place and cost; for every
 * planner but cached, each cost must be A*'s.  Returns 0, or -1 if the
 * undamaged copy is refused or plans wrong (said on the output).
 */
static int
bf_prepare(const struct bf_chase *c, enum path_planner_kind kind,
    struct bf_saved *s)
{
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*p[BF_HUNTERS];
	struct path_astar	*as;
	struct bf_world		 w;
	path_cost		 cost, best;
	int			 t, i, x, y;

	g = bf_setup(c, &w);
	ctx = path_context_new(g, c->rules);
	for (i = 0; i < BF_HUNTERS; i++)
		p[i] = path_planner_new(kind, ctx);
	for (t = 0; t < c->before; t++) {
		bf_world_turn(g, &w);
		for (i = 0; i < BF_HUNTERS; i++) {
			bf_plan(p[i], &w, w.hx[i], w.hy[i]);
			if (t % 3 != 2 && path_planner_next(p[i], &x, &y) == 0) {
				w.hx[i] = x;
				w.hy[i] = y;
			}
		}
	}
	s->grid = path_grid_save_buffer(g, &s->grid_len);
	s->buf[0] = path_context_save_buffer(ctx, &s->len[0]);
	for (i = 0; i < BF_HUNTERS; i++) {
		s->buf[i + 1] = path_planner_save_buffer(p[i], &s->len[i + 1]);
		path_planner_free(p[i]);
	}
	path_context_free(ctx);
	path_grid_free(g);
	s->world = w;

	if (bf_load(s, kind, c, -1, 0, &g, &ctx, p) != 0)
		return (-1);
	as = path_astar_new(c->width, c->height);
	for (t = 0; t < BF_AFTER; t++) {
		bf_world_turn(g, &w);
		s->tx[t] = w.tx;
		s->ty[t] = w.ty;
		for (i = 0; i < BF_HUNTERS; i++) {
			s->hx[t][i] = w.hx[i];
			s->hy[t][i] = w.hy[i];
			cost = bf_plan(p[i], &w, w.hx[i], w.hy[i]);
			s->cost[t][i] = cost;
			best = path_astar_search(as, g, c->rules, w.hx[i],
			    w.hy[i], w.tx, w.ty, NULL);
			if (kind != PATH_PLANNER_CACHED && cost != best) {
				printf("  %s, %s, hunter %d, turn %d after "
				    "the intact load: cost %lld, A* %lld\n",
				    c->name, path_planner_name(kind), i, t,
				    (long long)cost, (long long)best);
				return (-1);
			}
			if (t % 3 != 2 && path_planner_next(p[i], &x, &y) == 0) {
				w.hx[i] = x;
				w.hy[i] = y;
			}
		}
	}
	path_astar_free(as);
	for (i = 0; i < BF_HUNTERS; i++)
		path_planner_free(p[i]);
	path_context_free(ctx);
	path_grid_free(g);
	return (0);
}

/* Ends a child, its words on the output first. */
static void
bf_exit(int status)
{
	fflush(stdout);
	_exit(status);
}

/*
 * Whether a cached planner's answer breaks its promise (planner.h: not
 * always cheapest, but legal): a path from the hunter to the target whose
 * steps are legal and cost what the planner says, no cheaper than A*'s,
 * and none only where there is none.  Its choice of path may differ from
 * the undamaged copy's: which path it keeps depends on when it last
 * searched, which a load cannot check.
 */
static int
bf_cached_lies(const struct path_grid *g, const struct bf_chase *c,
    const struct path_planner *p, const struct bf_world *w, int hx, int hy,
    path_cost cost)
{
	struct path_point	*path;
	path_cost		 best, real;
	size_t			 n;

	best = oracle_cost(g, c->rules, hx, hy, w->tx, w->ty);
	if (cost == PATH_COST_NONE || best == PATH_COST_NONE)
		return (cost != best);
	n = path_planner_path(p, NULL, 0);
	path = calloc(n + 1, sizeof *path);
	if (path == NULL)
		bf_exit(2);
	path_planner_path(p, path, n);
	real = oracle_path_cost(g, c->rules, hx, hy, w->tx, w->ty, path, n,
	    NULL, 0);
	free(path);
	return (real != cost || cost < best);
}

/* The child's work: load the damaged set and play on.  Never returns. */
static void
bf_child(const struct bf_saved *s, enum path_planner_kind kind,
    const struct bf_chase *c, int flip, long bit)
{
	struct path_grid	*g;
	struct path_context	*ctx;
	struct path_planner	*p[BF_HUNTERS];
	struct bf_world		 w = s->world;
	struct rlimit		 rl;
	path_cost		 cost;
	int			 t, i;

	alarm(BF_ALARM);
	rl.rlim_cur = rl.rlim_max = 0;
	setrlimit(RLIMIT_CORE, &rl);
	if (!bf_opt.verbose && freopen("/dev/null", "w", stderr) == NULL)
		_exit(2);
	if (bf_load(s, kind, c, flip, bit, &g, &ctx, p) != 0)
		bf_exit(BF_REFUSED);
	for (t = 0; t < BF_AFTER; t++) {
		bf_world_turn(g, &w);
		for (i = 0; i < BF_HUNTERS; i++) {
			cost = bf_plan(p[i], &w, s->hx[t][i], s->hy[t][i]);
			if (kind != PATH_PLANNER_CACHED) {
				if (cost == s->cost[t][i])
					continue;
				if (bf_opt.bit >= 0)
					printf("  turn %d, hunter %d at (%d,%d), "
					    "target (%d,%d): cost %lld, not "
					    "%lld\n", t, i, s->hx[t][i],
					    s->hy[t][i], w.tx, w.ty,
					    (long long)cost,
					    (long long)s->cost[t][i]);
				bf_exit(BF_WRONG);
			} else if (bf_cached_lies(g, c, p[i], &w,
			    s->hx[t][i], s->hy[t][i], cost))
				bf_exit(BF_WRONG);
		}
	}
	bf_exit(BF_EXACT);
}

/* Writes a buffer behind its length, as the fuzz harness reads it. */
static void
bf_put(FILE *f, const void *buf, size_t len)
{
	unsigned char	n[4];

	n[0] = (unsigned char)len;
	n[1] = (unsigned char)(len >> 8);
	n[2] = (unsigned char)(len >> 16);
	n[3] = (unsigned char)(len >> 24);
	fwrite(n, 1, 4, f);
	fwrite(buf, 1, len, f);
}

/*
 * Writes a chase's intact grid, context and first planner, and its first
 * hunter's turns after the save, as a seed for tests/fuzz/fuzz-planner.c
 * (see there): DIR/PLANNER-CHASE.
 */
static void
bf_corpus(const struct bf_saved *s, enum path_planner_kind kind,
    const struct bf_chase *c)
{
	char		 name[4096];
	FILE		*f;
	unsigned char	 turn[6];
	int		 t;

	snprintf(name, sizeof name, "%s/%s-%s", bf_opt.corpus,
	    path_planner_name(kind), c->name);
	if ((f = fopen(name, "wb")) == NULL) {
		fprintf(stderr, "bitflip: %s: %s\n", name, strerror(errno));
		exit(2);
	}
	fputc((int)kind, f);
	fputc((int)c->rules.movement | (int)c->rules.diagonal << 2, f);
	bf_put(f, s->grid, s->grid_len);
	bf_put(f, s->buf[0], s->len[0]);
	bf_put(f, s->buf[1], s->len[1]);
	for (t = 0; t < BF_AFTER; t++) {
		turn[0] = (unsigned char)s->hx[t][0];
		turn[1] = (unsigned char)s->hy[t][0];
		turn[2] = (unsigned char)s->tx[t];
		turn[3] = (unsigned char)s->ty[t];
		turn[4] = turn[5] = 0;
		fwrite(turn, 1, sizeof turn, f);
	}
	if (fclose(f) != 0) {
		fprintf(stderr, "bitflip: %s: %s\n", name, strerror(errno));
		exit(2);
	}
}

/* Runs one damaged copy in a child and counts what became of it. */
static void
bf_flip(const struct bf_saved *s, enum path_planner_kind kind,
    const struct bf_chase *c, int flip, long bit, struct bf_count *n)
{
	const char	*what;
	pid_t		 pid;
	int		 status;

	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		fprintf(stderr, "bitflip: fork: %s\n", strerror(errno));
		exit(2);
	}
	if (pid == 0)
		bf_child(s, kind, c, flip, bit);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "bitflip: waitpid: %s\n",
			    strerror(errno));
			exit(2);
		}
	}
	n->bits++;
	if (WIFEXITED(status) && WEXITSTATUS(status) == BF_REFUSED) {
		n->refused++;
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == BF_EXACT) {
		n->exact++;
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == BF_WRONG) {
		n->wrong++;
		what = "wrong cost";
	} else {
		n->aborts++;
		what = WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) :
		    "odd exit";
	}
	if (bf_opt.verbose)
		printf("  %s: --planner %s --chase %d --bit %d:%ld\n", what,
		    path_planner_name(kind), (int)(c - bf_chases), flip, bit);
}

/*
 * Bits that once got a damaged buffer accepted wrongly, each flipped in
 * every run besides the sample, so that the bug stays fixed.
 */
static const struct {
	enum path_planner_kind	 kind;
	int			 chase, buffer;
	long			 bit;
	const char		*bug;
} bf_kept[] = {
	{ PATH_PLANNER_CACHED, 0, 1, 1752, "a cached path's running cost "
	  "was read unchecked, and the planner said its path cost that" },
	{ PATH_PLANNER_DSTAR, 2, 2, 1212, "a D* Lite record's rhs was read "
	  "unchecked: a value not from its neighbours gave a wrong cost" },
	{ PATH_PLANNER_DSTAR, 2, 3, 892, "the same: cost 0 for a hunter "
	  "a step from its target" },
	{ PATH_PLANNER_MTDSTAR, 0, 1, 1630, "an MT-D* Lite record's values "
	  "were read unchecked (parents alone were walked): a wrong cost" },
	{ PATH_PLANNER_MTDSTAR, 2, 1, 2490, "the same: the target's parents "
	  "missed the root and the plan aborted" },
	{ PATH_PLANNER_MTDSTAR, 3, 3, 4126, "the same, a wrong cost in the "
	  "chase whose intact buffer the walk of parents refused" },
};
#define BF_KEPT	(sizeof bf_kept / sizeof bf_kept[0])

/* Flips the chosen bits of one buffer. */
static void
bf_buffer(const struct bf_saved *s, enum path_planner_kind kind,
    const struct bf_chase *c, int flip, struct bf_count *n)
{
	long	bits = (long)s->len[flip] * 8, step, i, k;

	n->buffers++;
	if (bf_opt.bit >= 0) {
		if (bf_opt.bit < bits)
			bf_flip(s, kind, c, flip, bf_opt.bit, n);
		return;
	}
	if (bf_opt.full || bits <= bf_opt.samples) {
		for (i = 0; i < bits; i++)
			bf_flip(s, kind, c, flip, i, n);
		return;
	}
	/* A sample: one bit in each of samples even stretches. */
	step = bits / bf_opt.samples;
	for (k = 0; k < bf_opt.samples; k++)
		bf_flip(s, kind, c, flip, k * step + (k * 7 + flip) % step, n);
	for (i = 0; i < (long)BF_KEPT; i++) {
		if (bf_kept[i].kind == kind && bf_kept[i].chase ==
		    c - bf_chases && bf_kept[i].buffer == flip &&
		    bf_kept[i].bit < bits)
			bf_flip(s, kind, c, flip, bf_kept[i].bit, n);
	}
}

static void
bf_usage(void)
{
	fprintf(stderr, "usage: bitflip [--full] [--samples N] "
	    "[--planner NAME] [--chase N] [--bit BUFFER:BIT] [--verbose]\n"
	    "       bitflip --corpus DIR [--planner NAME] [--chase N]\n");
	exit(2);
}

static void
bf_options(int argc, char **argv)
{
	enum path_planner_kind	 kind;
	const char		*env = getenv("ASTRAY_TEST_SCALE");
	double			 scale;
	char			*end;
	int			 i;

	/* A slow run (tests/valgrind.sh) flips a share of the sample. */
	if (env != NULL && (scale = strtod(env, &end)) > 0 && scale < 1 &&
	    *end == '\0')
		bf_opt.samples = (int)(bf_opt.samples * scale + 0.999);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--full") == 0)
			bf_opt.full = 1;
		else if (strcmp(argv[i], "--verbose") == 0)
			bf_opt.verbose = 1;
		else if (i + 1 >= argc)
			bf_usage();
		else if (strcmp(argv[i], "--samples") == 0) {
			bf_opt.samples = (int)strtol(argv[++i], &end, 10);
			if (*end != '\0' || bf_opt.samples < 1)
				bf_usage();
		} else if (strcmp(argv[i], "--corpus") == 0) {
			bf_opt.corpus = argv[++i];
		} else if (strcmp(argv[i], "--planner") == 0) {
			if (path_planner_parse(argv[++i], &kind) != 0)
				bf_usage();
			bf_opt.kind = (int)kind;
		} else if (strcmp(argv[i], "--chase") == 0) {
			bf_opt.chase = (int)strtol(argv[++i], &end, 10);
			if (*end != '\0' || bf_opt.chase < 0 ||
			    bf_opt.chase >= (int)BF_CHASES)
				bf_usage();
		} else if (strcmp(argv[i], "--bit") == 0) {
			bf_opt.buffer = strtol(argv[++i], &end, 10);
			if (*end != ':' || bf_opt.buffer < 0 ||
			    bf_opt.buffer > BF_HUNTERS)
				bf_usage();
			bf_opt.bit = strtol(end + 1, &end, 10);
			if (*end != '\0' || bf_opt.bit < 0)
				bf_usage();
		} else
			bf_usage();
	}
}

/* Plays one chase of one kind and flips its buffers (or writes a seed). */
static int
bf_run(enum path_planner_kind kind, const struct bf_chase *c,
    struct bf_count n[2])
{
	struct bf_saved	 s;
	int		 i, intact;

	intact = bf_prepare(c, kind, &s) == 0;
	if (intact && bf_opt.corpus != NULL)
		bf_corpus(&s, kind, c);
	for (i = 0; intact && bf_opt.corpus == NULL && i <= BF_HUNTERS;
	    i++) {
		if (bf_opt.verbose)
			printf("  %s, %s: buffer %d of %zu bytes\n", c->name,
			    path_planner_name(kind), i, s.len[i]);
		if (bf_opt.buffer < 0 || bf_opt.buffer == i)
			bf_buffer(&s, kind, c, i, &n[i != 0]);
	}
	for (i = 0; i <= BF_HUNTERS; i++)
		free(s.buf[i]);
	free(s.grid);
	return (intact ? 0 : -1);
}

int
main(int argc, char **argv)
{
	struct bf_count	 n[PATH_PLANNER_KINDS][2];
	unsigned	 c;
	int		 k, i, bad = 0;

	bf_options(argc, argv);
	memset(n, 0, sizeof n);
	printf("%-9s %-8s %7s %9s %9s %9s %6s %6s\n", "planner", "object",
	    "buffers", "bits", "refused", "exact", "wrong", "aborts");
	for (k = 0; k < PATH_PLANNER_KINDS; k++) {
		if (bf_opt.kind >= 0 && bf_opt.kind != k)
			continue;
		for (c = 0; c < BF_CHASES; c++) {
			if (bf_opt.chase < 0 || bf_opt.chase == (int)c)
				bad |= bf_run((enum path_planner_kind)k,
				    &bf_chases[c], n[k]) != 0;
		}
		for (i = 1; i >= 0; i--) {
			struct bf_count *m = &n[k][i];

			if (m->buffers == 0)
				continue;
			printf("%-9s %-8s %7ld %9ld %9ld %9ld %6ld %6ld\n",
			    path_planner_name((enum path_planner_kind)k),
			    i ? "planner" : "context", m->buffers, m->bits,
			    m->refused, m->exact, m->wrong, m->aborts);
			bad |= m->wrong != 0 || m->aborts != 0;
		}
	}
	return (bad);
}
