/*
 * lab-play-chart.c: astray-lab play's curve, deaths per depth, drawn.
 *
 * The same figures the summary lines give (deaths per depth, per bot),
 * as bars: in the terminal a row per depth and bot, the longest bar
 * fifty characters wide; as an SVG picture (--svg FILE) a group of
 * bars per depth, one colour per bot, with a title saying what was run,
 * both axes named and a legend, so a reader sees the curve (deaths
 * spread over the depths, or a wall) at a glance.
 */
#include <stdio.h>
#include <string.h>

#include "lab-play.h"
#include "xmalloc.h"

#define CHART_BAR	50	/* the longest bar in the terminal */

/* The SVG's frame, in pixels. */
#define SVG_LEFT	64
#define SVG_TOP		56
#define SVG_PLOT_H	300
#define SVG_BAR_W	18
#define SVG_GAP		14	/* between two depths' groups */
#define SVG_BOTTOM	96	/* the depth axis, its name, the legend */

/* Colours of the series, in the bots' order (past the sixth, paler). */
static const char *const chart_fill[] = {
	"#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#6d4c41"
};
#define CHART_NFILL	(sizeof chart_fill / sizeof chart_fill[0])

/* The deepest depth with a death: see lab-play.h. */
int
play_chart_depths(const struct play_summary *s, size_t n)
{
	size_t	k;
	int	d, deepest = 0;

	for (k = 0; k < n; k++)
		for (d = 1; d <= PLAY_DEPTHS_MAX; d++)
			if (s[k].deaths[d] > 0 && d > deepest)
				deepest = d;
	return (deepest);
}

/* The most deaths any bot had on one depth. */
static long
chart_most(const struct play_summary *s, size_t n)
{
	size_t	k;
	long	most = 0;
	int	d;

	for (k = 0; k < n; k++)
		for (d = 1; d <= PLAY_DEPTHS_MAX; d++)
			if (s[k].deaths[d] > most)
				most = s[k].deaths[d];
	return (most);
}

/* Prints the bars: see lab-play.h. */
void
play_chart_text(FILE *f, const struct play_summary *s, size_t n)
{
	long	most = chart_most(s, n), len, i;
	int	d, depths = play_chart_depths(s, n);
	size_t	k;

	fprintf(f, "deaths by depth (the longest bar: %ld death%s)\n", most,
	    most == 1 ? "" : "s");
	if (depths == 0) {
		fprintf(f, "  no deaths\n");
		return;
	}
	for (d = 1; d <= depths; d++) {
		for (k = 0; k < n; k++) {
			if (k == 0)
				fprintf(f, "depth %-3d ", d);
			else
				fprintf(f, "%10s", "");
			fprintf(f, "%-9s |", s[k].bot);
			len = (s[k].deaths[d] * CHART_BAR + most / 2) / most;
			if (len == 0 && s[k].deaths[d] > 0)
				len = 1;
			for (i = 0; i < len; i++)
				fputc('#', f);
			fprintf(f, " %ld\n", s[k].deaths[d]);
		}
	}
}

/* Writes text into the SVG with <, > and & escaped. */
static void
chart_svg_text(FILE *f, const char *text)
{
	for (; *text != '\0'; text++) {
		switch (*text) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*text, f);
		}
	}
}

/* A step of the deaths axis: 1, 2 or 5 times a power of ten, <= 8 ticks. */
static long
chart_tick(long most)
{
	long	step = 1;

	for (;;) {
		if (most / step <= 8)
			return (step);
		if (most / (step * 2) <= 8)
			return (step * 2);
		if (most / (step * 5) <= 8)
			return (step * 5);
		step *= 10;
	}
}

/* The axes, their ticks and names. */
static void
chart_svg_axes(FILE *f, int plot_w, int depths, int group, long most)
{
	long	tick = chart_tick(most), v;
	int	d, y, base = SVG_TOP + SVG_PLOT_H;

	/* The grid first, so that the axes are drawn over it. */
	for (v = 0; v <= most; v += tick) {
		y = base - (int)(v * SVG_PLOT_H / most);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#e0e0e0\"/>\n<text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"end\" font-size=\"12\">%ld</text>\n",
		    SVG_LEFT + 1, y, SVG_LEFT + plot_w, y, SVG_LEFT - 6, y + 4,
		    v);
	}
	fprintf(f, "<g stroke=\"#424242\" stroke-width=\"1\">\n"
	    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
	    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n</g>\n",
	    SVG_LEFT, SVG_TOP, SVG_LEFT, base, SVG_LEFT, base,
	    SVG_LEFT + plot_w, base);
	for (d = 1; d <= depths; d++)
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
		    "font-size=\"12\">%d</text>\n", SVG_LEFT + SVG_GAP +
		    (d - 1) * group + (group - SVG_GAP) / 2, base + 16, d);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
	    "font-size=\"13\">depth (the level the game ended on)</text>\n"
	    "<text transform=\"translate(%d,%d) rotate(-90)\" "
	    "text-anchor=\"middle\" font-size=\"13\">deaths</text>\n",
	    SVG_LEFT + plot_w / 2, base + 36, 18, SVG_TOP + SVG_PLOT_H / 2);
}

/* The bars, a series (a <g>) per bot, and the legend. */
static void
chart_svg_bars(FILE *f, const struct play_summary *s, size_t n, int depths,
    int group, long most)
{
	size_t	k;
	int	d, x, h, base = SVG_TOP + SVG_PLOT_H, lx = SVG_LEFT;

	for (k = 0; k < n; k++) {
		fprintf(f, "<g class=\"series\" fill=\"%s\"><title>",
		    chart_fill[k % CHART_NFILL]);
		chart_svg_text(f, s[k].bot);
		fprintf(f, "</title>\n");
		for (d = 1; d <= depths; d++) {
			x = SVG_LEFT + SVG_GAP + (d - 1) * group +
			    (int)k * SVG_BAR_W;
			h = (int)(s[k].deaths[d] * SVG_PLOT_H / most);
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\"%s><title>", x, base - h,
			    SVG_BAR_W - 2, h, k >= CHART_NFILL ?
			    " fill-opacity=\"0.5\"" : "");
			chart_svg_text(f, s[k].bot);
			fprintf(f, ", depth %d: %ld deaths</title></rect>\n",
			    d, s[k].deaths[d]);
			if (s[k].deaths[d] > 0)
				fprintf(f, "<text x=\"%d\" y=\"%d\" "
				    "text-anchor=\"middle\" font-size=\"10\" "
				    "fill=\"#212121\">%ld</text>\n",
				    x + SVG_BAR_W / 2 - 1, base - h - 3,
				    s[k].deaths[d]);
		}
		fprintf(f, "</g>\n");
	}
	for (k = 0; k < n; k++) {
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
		    "fill=\"%s\"/>\n<text x=\"%d\" y=\"%d\" font-size=\"12\">",
		    lx, base + 52, chart_fill[k % CHART_NFILL], lx + 16,
		    base + 62);
		chart_svg_text(f, s[k].bot);
		fprintf(f, " (%ld of %ld won, %ld at the turn cap)</text>\n",
		    s[k].won, s[k].games, s[k].capped);
		lx += 260;
	}
}

/* Writes the picture: see lab-play.h. */
int
play_chart_svg(FILE *f, const char *path, const char *title,
    const struct play_summary *s, size_t n, char **cause)
{
	long	 most = chart_most(s, n);
	int	 depths = play_chart_depths(s, n), group, plot_w, width;

	if (depths == 0)
		depths = 1;
	if (most == 0)
		most = 1;
	group = (int)n * SVG_BAR_W + SVG_GAP;
	plot_w = depths * group + SVG_GAP;
	width = SVG_LEFT + plot_w + 24;
	if (width < (int)n * 260 + SVG_LEFT)
		width = (int)n * 260 + SVG_LEFT;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" font-family=\"sans-serif\">\n<title>", width,
	    SVG_TOP + SVG_PLOT_H + SVG_BOTTOM);
	chart_svg_text(f, title);
	fprintf(f, "</title>\n<desc>Deaths per depth, one series of bars per "
	    "bot: how many of its games ended in a death on each depth "
	    "(wins and games stopped by the turn cap are not deaths).</desc>\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	    "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">",
	    SVG_LEFT);
	chart_svg_text(f, title);
	fprintf(f, "</text>\n");
	chart_svg_axes(f, plot_w, depths, group, most);
	chart_svg_bars(f, s, n, depths, group, most);
	fprintf(f, "</svg>\n");
	if (ferror(f) | fclose(f)) {
		*cause = xasprintf("%s: cannot write the picture", path);
		return (-1);
	}
	return (0);
}
