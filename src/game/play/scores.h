/*
 * scores.h: the high-score table ($XDG_DATA_HOME/astray/scores, or the
 * file --scores names; never beside a save).
 *
 * One line per game, best first, at most SCORES_MAX lines:
 * score, turns, depth, seed, result (won, died, quit), how it ended and,
 * for a game played with mods (mods.h), their names joined by ',',
 * separated by tabs.  A file with a line that does not parse is not a
 * score table and is never rewritten; the table is always rewritten
 * atomically.
 */
#ifndef ASTRAY_SCORES_H
#define ASTRAY_SCORES_H

#include <stdint.h>

#define SCORES_MAX	20

struct score {
	long		score;
	long		turns;
	int		depth;
	uint64_t	seed;
	char		result[16];
	char		cause[160];
	char		mods[160];	/* "giants,orcs", or "": none */
};

/*
 * Reads up to max entries; a missing file is an empty table.  Returns
 * how many, or -1 with *cause set if the file is not a score table (a
 * line that does not parse, not a regular file) or cannot be read.
 */
int	 scores_read(const char *path, struct score *out, int max,
	     char **cause);

/*
 * Adds an entry; returns its rank from 1 (or 0 if it did not make the
 * table), or -1 with *cause set if the file is not a score table or
 * cannot be written (it is then as it was).
 */
int	 scores_add(const char *path, const struct score *, char **cause);

/* The player's table, $XDG_DATA_HOME/astray/scores; NULL with *cause. */
char	*scores_default_path(char **cause);

struct game;

/* Makes a finished game's entry. */
void	 scores_entry(const struct game *, struct score *);

/* Enters a finished game in the table at path: as scores_add(). */
int	 scores_add_game(const char *path, const struct game *,
	     char **cause);

#endif
