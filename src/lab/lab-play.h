/*
 * lab-play.h: what astray-lab play's parts share: a bot's totals over a
 * run, and the curve drawn from them (lab-play-chart.c), deaths per
 * depth as bars in the terminal and as an SVG picture.
 */
#ifndef ASTRAY_LAB_PLAY_H
#define ASTRAY_LAB_PLAY_H

#include <stdint.h>
#include <stdio.h>

#define PLAY_DEPTHS_MAX	64

/* A bot's totals over the run. */
struct play_summary {
	const char	*bot;		/* its name */
	long		 games, won, capped;
	double		 turns, score;
	long		 deaths[PLAY_DEPTHS_MAX + 1];	/* by depth, from 1 */
	long		*win_turns;	/* each win's turns, won of them */
	uint64_t	 cpu_ns;
};

/* The deepest depth any of n bots died on, or 0. */
int	 play_chart_depths(const struct play_summary *, size_t n);

/*
 * Prints the deaths per depth of n bots as bars, a row per depth and
 * bot, the longest bar 50 characters.
 */
void	 play_chart_text(FILE *, const struct play_summary *, size_t n);

/*
 * Writes the same as an SVG picture into f, opened for writing at path,
 * and closes it; the picture is titled with what was run (title, plain
 * text): a bar per depth and bot, the axes named, a legend of the bots.
 * Returns 0, or -1 with *cause set.
 */
int	 play_chart_svg(FILE *f, const char *path, const char *title,
	     const struct play_summary *, size_t n, char **cause);

#endif
