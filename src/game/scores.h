/*
 * scores.h: the high-score table (the "scores" file beside the save).
 *
 * One line per game, best first, at most SCORES_MAX lines:
 * score, turns, depth, seed, result (won, died, quit) and how it ended,
 * separated by tabs.  Lines that do not parse are dropped when the table
 * is rewritten, and it is always rewritten atomically.
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
};

/* Reads up to SCORES_MAX entries; a missing file is an empty table. */
int	 scores_read(const char *path, struct score *out, int max);

/*
 * Adds an entry; returns its rank from 1 (or 0 if it did not make the
 * table), or -1 with *cause set if the file cannot be written.
 */
int	 scores_add(const char *path, const struct score *, char **cause);

/* The table kept beside a save file (its folder's "scores"); freed. */
char	*scores_path(const char *save);

struct game;

/* Makes a finished game's entry. */
void	 scores_entry(const struct game *, struct score *);

/* Enters a finished game in the table beside a save: as scores_add(). */
int	 scores_add_game(const char *save, const struct game *,
	     char **cause);

#endif
