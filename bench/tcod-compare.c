/*
 * tcod-compare.c: libtcod 1.18's A* on Moving AI scenarios, for the
 * comparison in bench/tcod-compare.sh.  Not part of astray: it is built
 * only by that script, only where libtcod-dev is installed.
 *
 * Two ways of calling libtcod.  "function" passes a walk-cost callback
 * that refuses diagonal steps past a blocked corner, which is the Moving
 * AI rule, so every length can be checked against the optimal one; this
 * is the fair comparison.  "map" uses libtcod's own walkability map, which
 * lets diagonals cut corners: a different (easier) problem, reported for
 * reference only.  Prints one line per scenario file: problems, mean and
 * median microseconds per query (CPU time of the thread, as astray-lab
 * measures its own, less what a pair of clock readings costs), and how
 * many lengths disagree with the optimal ones.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libtcod.h>

struct bench_map {
	int		 w, h;
	unsigned char	*open;
};

static unsigned char
bench_open(const struct bench_map *m, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->w || y >= m->h)
		return (0);
	return (m->open[y * m->w + x]);
}

/* Walk cost for libtcod: 1 when the step is legal without corner cutting. */
static float
bench_cost(int xf, int yf, int xt, int yt, void *ctx)
{
	const struct bench_map	*m = ctx;

	if (!bench_open(m, xt, yt))
		return (0.0f);
	if (xf != xt && yf != yt &&
	    (!bench_open(m, xt, yf) || !bench_open(m, xf, yt)))
		return (0.0f);
	return (1.0f);
}

static int
bench_load_map(const char *file, struct bench_map *m)
{
	FILE	*f = fopen(file, "r");
	char	 line[70000];
	int	 y = 0, x;

	if (f == NULL)
		return (-1);
	m->w = m->h = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "height %d", &m->h) == 1)
			continue;
		if (sscanf(line, "width %d", &m->w) == 1)
			continue;
		if (strncmp(line, "map", 3) == 0)
			break;
	}
	m->open = calloc((size_t)m->w * m->h, 1);
	while (y < m->h && fgets(line, sizeof line, f) != NULL) {
		for (x = 0; x < m->w; x++)
			m->open[y * m->w + x] = line[x] == '.' ||
			    line[x] == 'G' || line[x] == 'S';
		y++;
	}
	fclose(f);
	return (y == m->h ? 0 : -1);
}

static double
bench_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (ts.tv_sec * 1e6 + ts.tv_nsec / 1e3);
}

static int
bench_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* Length of libtcod's current path from (sx,sy). */
static double
bench_length(TCOD_path_t p, int sx, int sy)
{
	double	len = 0;
	int	i, n = TCOD_path_size(p), x, y, px = sx, py = sy;

	for (i = 0; i < n; i++) {
		TCOD_path_get(p, i, &x, &y);
		len += (x != px && y != py) ? sqrt(2.0) : 1.0;
		px = x;
		py = y;
	}
	return (len);
}

int
main(int argc, char **argv)
{
	struct bench_map	 m;
	TCOD_map_t		 tmap = NULL;
	TCOD_path_t		 p;
	FILE			*f;
	char			 line[4096], mapfile[4096], name[1024];
	double			*us = NULL, t0, total, opt, len, overhead;
	int			 use_map, bucket, w, h, sx, sy, gx, gy, n, wrong;
	int			 x, y, cap = 0;

	if (argc != 3 || (strcmp(argv[1], "function") != 0 &&
	    strcmp(argv[1], "map") != 0)) {
		fprintf(stderr, "usage: tcod-compare function|map FILE.map.scen\n");
		return (2);
	}
	use_map = strcmp(argv[1], "map") == 0;
	snprintf(mapfile, sizeof mapfile, "%.*s", (int)strlen(argv[2]) - 5,
	    argv[2]);
	if (bench_load_map(mapfile, &m) != 0 ||
	    (f = fopen(argv[2], "r")) == NULL) {
		fprintf(stderr, "tcod-compare: cannot read %s\n", argv[2]);
		return (1);
	}
	if (use_map) {
		tmap = TCOD_map_new(m.w, m.h);
		for (y = 0; y < m.h; y++)
			for (x = 0; x < m.w; x++)
				TCOD_map_set_properties(tmap, x, y, true,
				    m.open[y * m.w + x]);
		p = TCOD_path_new_using_map(tmap, 1.41421356f);
	} else
		p = TCOD_path_new_using_function(m.w, m.h, bench_cost, &m,
		    1.41421356f);
	/* What a pair of clock readings costs, as astray-lab subtracts it. */
	for (n = 0; n < 101; n++) {
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			us = realloc(us, cap * sizeof *us);
		}
		t0 = bench_now();
		us[n] = bench_now() - t0;
	}
	qsort(us, n, sizeof *us, bench_cmp);
	overhead = us[n / 2];
	n = wrong = 0;
	total = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%d %1023s %d %d %d %d %d %d %lf", &bucket,
		    name, &w, &h, &sx, &sy, &gx, &gy, &opt) != 9)
			continue;
		t0 = bench_now();
		TCOD_path_compute(p, sx, sy, gx, gy);
		t0 = bench_now() - t0 - overhead;
		if (t0 < 0)
			t0 = 0;
		len = bench_length(p, sx, sy);
		if (fabs(len - opt) > fmax(0.011, 2e-5 * opt))
			wrong++;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			us = realloc(us, cap * sizeof *us);
		}
		us[n++] = t0;
		total += t0;
	}
	fclose(f);
	qsort(us, n, sizeof *us, bench_cmp);
	printf("%s %d %.2f %.2f %d\n", argv[2], n, total / n, us[n / 2], wrong);
	TCOD_path_delete(p);
	if (tmap != NULL)
		TCOD_map_delete(tmap);
	free(us);
	free(m.open);
	return (0);
}
