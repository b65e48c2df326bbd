/*
 * lab-util.c: messages, clocks, memory, progress and small parsers for
 * astray-lab.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"
#include "lab.h"

/* Prints an error line: see lab.h. */
void
lab_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("astray-lab: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Prints a usage error: see lab.h. */
int
lab_usage(const char *usage, const char *fmt, ...)
{
	va_list	ap;

	fputs("astray-lab: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: %s\n", usage);
	return (LAB_EXIT_USAGE);
}

uint64_t
lab_cpu_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

/*
 * What one reading of the CPU clock costs: nine batches of 1000 readings
 * back to back, each timed by its own first and last reading; the median
 * batch, so that a batch the scheduler interrupted does not count.
 */
double
lab_cpu_clock_cost(void)
{
	double		batch[9];
	uint64_t	first, last = 0;
	int		b, i;

	for (b = 0; b < 9; b++) {
		first = lab_cpu_now();
		for (i = 0; i < 999; i++)
			last = lab_cpu_now();
		batch[b] = (double)(last - first) / 999.0;
	}
	return (lab_median(batch, 9));
}

/* Reads VmRSS and VmHWM from /proc/self/status: see lab.h. */
int
lab_rss(long *now_kib, long *peak_kib)
{
	FILE	*f;
	char	 line[256];
	long	 v;
	int	 found = 0;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return (-1);
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "VmRSS: %ld", &v) == 1) {
			*now_kib = v;
			found |= 1;
		} else if (sscanf(line, "VmHWM: %ld", &v) == 1) {
			*peak_kib = v;
			found |= 2;
		}
	}
	fclose(f);
	return (found == 3 ? 0 : -1);
}

/* Resets the peak resident set: see lab.h. */
int
lab_rss_reset_peak(void)
{
	int	fd, ok;

	if ((fd = open("/proc/self/clear_refs", O_WRONLY)) < 0)
		return (-1);
	ok = write(fd, "5", 1) == 1;
	close(fd);
	return (ok ? 0 : -1);
}

void
lab_progress_init(struct lab_progress *p)
{
	p->enabled = isatty(STDERR_FILENO);
	p->last = 0;
	p->drawn = 0;
}

/* Redraws the progress line if a tenth of a second has passed. */
void
lab_progress(struct lab_progress *p, const char *fmt, ...)
{
	va_list		ap;
	uint64_t	now;

	if (!p->enabled)
		return;
	now = driver_clock();	/* the monotonic clock, as the game's */
	if (p->drawn && now - p->last < 100000000u)
		return;
	p->last = now;
	p->drawn = 1;
	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
}

/* Erases the progress line. */
void
lab_progress_done(struct lab_progress *p)
{
	if (p->enabled && p->drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	p->drawn = 0;
}

/* Parses a decimal integer from the whole of s into [min, max]. */
static int
lab_parse_long(const char *s, long min, long max, long *out)
{
	char	*end;
	long	 v;

	if (*s == '\0' || (*s != '-' && (*s < '0' || *s > '9')))
		return (-1);
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < min || v > max)
		return (-1);
	*out = v;
	return (0);
}

/* Parses "X,Y": see lab.h. */
int
lab_parse_point(const char *s, int *x, int *y)
{
	const char	*comma = strchr(s, ',');
	char		 buf[32];
	long		 vx, vy;

	if (comma == NULL || (size_t)(comma - s) >= sizeof buf)
		return (-1);
	memcpy(buf, s, (size_t)(comma - s));
	buf[comma - s] = '\0';
	if (lab_parse_long(buf, -1000000, 1000000, &vx) != 0 ||
	    lab_parse_long(comma + 1, -1000000, 1000000, &vy) != 0)
		return (-1);
	*x = (int)vx;
	*y = (int)vy;
	return (0);
}

int
lab_parse_count(const char *s, long max, long *out)
{
	return (lab_parse_long(s, 0, max, out));
}

/* Formats a cost in orthogonal steps: see lab.h. */
const char *
lab_cost(path_cost c, char buf[32])
{
	if (c == PATH_COST_NONE)
		snprintf(buf, 32, "none");
	else if (c % PATH_COST_ORTHO == 0)
		snprintf(buf, 32, "%lld", (long long)(c / PATH_COST_ORTHO));
	else
		snprintf(buf, 32, "%.3f", path_cost_to_double(c));
	return (buf);
}

static int
lab_compare_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* Median of n values: see lab.h. */
double
lab_median(double *v, size_t n)
{
	if (n == 0)
		return (0);
	qsort(v, n, sizeof *v, lab_compare_double);
	return (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
}

/* The interactive page: installed, and in the build tree astray-lab is in. */
#ifndef LAB_EXPLORE
#define LAB_EXPLORE		"/usr/local/share/doc/astray/explore.html"
#endif
#ifndef LAB_BUILD_EXPLORE
#define LAB_BUILD_EXPLORE	"docs/explore.html"
#endif

/* The map as explore.html's address sets it up, if the page can hold it. */
static void
lab_explore_hash(FILE *f, int w, int h, const uint32_t *cost, int start,
    int goal)
{
	const char	*sep;
	int		 i, n = w * h;

	if (w < 1 || h < 1 || w > 64 || h > 64)
		return;
	for (i = 0; i < n; i++)
		if (cost[i] > 9)
			return;
	fprintf(f, "#size=%d,%d", w, h);
	if (start >= 0 && goal >= 0)
		fprintf(f, "&amp;from=%d,%d&amp;to=%d,%d", start % w, start / w,
		    goal % w, goal / w);
	for (i = 0, sep = "&amp;draw="; i < n; i++)
		if (cost[i] == 0) {
			fprintf(f, "%s%d,%d", sep, i % w, i / w);
			sep = ";";
		}
	for (i = 0, sep = "&amp;weight="; i < n; i++)
		if (cost[i] > 1) {
			fprintf(f, "%s%d,%d,%u", sep, i % w, i / w,
			    (unsigned)cost[i]);
			sep = ";";
		}
}

/* Links the interactive page: see lab.h. */
void
lab_explore_link(FILE *f, int w, int h, const uint32_t *cost, int start,
    int goal)
{
	const char	*pages[] = { LAB_EXPLORE, LAB_BUILD_EXPLORE };
	const char	*c;
	size_t		 i;

	for (i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		if (pages[i][0] != '/' || access(pages[i], R_OK) != 0)
			continue;
		fprintf(f, "<p class=\"explore\">Draw on this map and step "
		    "the search yourself: <a href=\"file://");
		for (c = pages[i]; *c != '\0'; c++) {
			if (*c == '"' || *c == '<' || *c == '>' || *c == '&' ||
			    *c == ' ' || *c == '#' || *c == '%' || *c == '?')
				fprintf(f, "%%%02X", (unsigned char)*c);
			else
				fputc(*c, f);
		}
		lab_explore_hash(f, w, h, cost, start, goal);
		fprintf(f, "\">explore.html</a></p>\n");
		return;
	}
}
