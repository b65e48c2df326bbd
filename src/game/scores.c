/*
 * scores.c: the high-score table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "game.h"
#include "scores.h"
#include "xmalloc.h"

/* Reads the table: see scores.h. */
int
scores_read(const char *path, struct score *out, int max)
{
	FILE			*f;
	char			 line[512], *fld[6], *p, *save;
	unsigned long long	 seed;
	int			 n = 0, k;

	if ((f = fopen(path, "r")) == NULL)
		return (0);
	while (n < max && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		for (k = 0, p = strtok_r(line, "\t", &save); k < 6 && p != NULL;
		    p = strtok_r(NULL, "\t", &save))
			fld[k++] = p;
		if (k != 6 || sscanf(fld[3], "%llu", &seed) != 1)
			continue;
		out[n].score = strtol(fld[0], NULL, 10);
		out[n].turns = strtol(fld[1], NULL, 10);
		out[n].depth = (int)strtol(fld[2], NULL, 10);
		out[n].seed = seed;
		snprintf(out[n].result, sizeof out[n].result, "%s", fld[4]);
		snprintf(out[n].cause, sizeof out[n].cause, "%s", fld[5]);
		n++;
	}
	fclose(f);
	return (n);
}

/* Adds an entry: see scores.h. */
int
scores_add(const char *path, const struct score *e, char **cause)
{
	struct score	 t[SCORES_MAX + 1];
	char		*text, clean[160];
	size_t		 len = 0, cap = (SCORES_MAX + 1) * 256;
	int		 n, i, rank = 0, rc;

	n = scores_read(path, t, SCORES_MAX);
	for (i = n; i > 0 && t[i - 1].score < e->score; i--)
		t[i] = t[i - 1];
	t[i] = *e;
	if (i < SCORES_MAX)
		rank = i + 1;
	if (n < SCORES_MAX)
		n++;
	text = xmalloc(cap);
	for (i = 0; i < n; i++) {
		snprintf(clean, sizeof clean, "%s", t[i].cause);
		clean[strcspn(clean, "\t\n")] = '\0';
		len += (size_t)snprintf(text + len, cap - len,
		    "%ld\t%ld\t%d\t%llu\t%s\t%s\n", t[i].score, t[i].turns,
		    t[i].depth, (unsigned long long)t[i].seed, t[i].result,
		    clean[0] != '\0' ? clean : "-");
	}
	rc = files_write_atomic(path, text, len, cause);
	free(text);
	return (rc != 0 ? -1 : rank);
}

/* The table beside a save: see scores.h. */
char *
scores_path(const char *save)
{
	const char	*slash = strrchr(save, '/');

	if (slash == NULL)
		return (xstrdup("scores"));
	return (xasprintf("%.*s/scores", (int)(slash - save), save));
}

/* A finished game's entry: see scores.h. */
void
scores_entry(const struct game *g, struct score *e)
{
	struct game_info	gi;

	game_info(g, &gi);
	memset(e, 0, sizeof *e);
	e->score = gi.score;
	e->turns = gi.turn;
	e->depth = gi.depth;
	e->seed = gi.seed;
	snprintf(e->result, sizeof e->result, "%s", gi.status == GAME_WON ?
	    "won" : gi.status == GAME_DEAD ? "died" : "quit");
	snprintf(e->cause, sizeof e->cause, "%s", gi.end_cause);
}

/* Enters a finished game: see scores.h. */
int
scores_add_game(const char *save, const struct game *g, char **cause)
{
	struct score	 e;
	char		*path = scores_path(save);
	int		 rank;

	scores_entry(g, &e);
	rank = scores_add(path, &e, cause);
	free(path);
	return (rank);
}
