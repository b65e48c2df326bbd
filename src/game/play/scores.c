/*
 * scores.c: the high-score table.
 *
 * The table is the player's, in their data folder (or the file --scores
 * names), never beside a save: a save can be anywhere, and the folder it
 * is in may hold a file called "scores" that is somebody else's.  For the
 * same reason a file that does not read as a score table, line for line,
 * is never rewritten: adding to it fails and says why.  Anything that is
 * not a regular file is refused before a byte is read (opened with
 * O_NONBLOCK, so a FIFO cannot hold the game up).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "game.h"
#include "mods.h"
#include "scores.h"
#include "xmalloc.h"

#define SCORES_MAX_FILE	(64UL << 10)	/* bytes: 20 lines of < 512 */

/* Parses a whole decimal field from lo to hi; 0 or -1. */
static int
scores_number(const char *s, long long lo, long long hi, long long *out)
{
	char			*end;
	unsigned long long	 v;

	if (*s < '0' || *s > '9' || strlen(s) > 19)
		return (-1);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > (unsigned long long)hi ||
	    (long long)v < lo)
		return (-1);
	*out = (long long)v;
	return (0);
}

/* Parses one line of the table into e; 0, or -1 if it is not one. */
static int
scores_line(char *line, struct score *e)
{
	char		*fld[8], *p, *save;
	long long	 score, turns, depth, seed;
	int		 k;

	for (k = 0, p = strtok_r(line, "\t", &save); k < 8 && p != NULL;
	    p = strtok_r(NULL, "\t", &save))
		fld[k++] = p;
	if ((k != 6 && k != 7) || (k == 7 && (strlen(fld[6]) >=
	    sizeof e->mods || strspn(fld[6], "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_,") != strlen(fld[6]))) ||
	    scores_number(fld[0], 0, INT64_MAX / 2, &score) != 0 ||
	    scores_number(fld[1], 0, INT64_MAX / 2, &turns) != 0 ||
	    scores_number(fld[2], 0, 1000, &depth) != 0 ||
	    scores_number(fld[3], 0, 999999999999999999LL, &seed) != 0 ||
	    (strcmp(fld[4], "won") != 0 && strcmp(fld[4], "died") != 0 &&
	    strcmp(fld[4], "quit") != 0) || strlen(fld[5]) >= sizeof e->cause)
		return (-1);
	e->score = (long)score;
	e->turns = (long)turns;
	e->depth = (int)depth;
	e->seed = (uint64_t)seed;
	snprintf(e->result, sizeof e->result, "%s", fld[4]);
	snprintf(e->cause, sizeof e->cause, "%s", fld[5]);
	snprintf(e->mods, sizeof e->mods, "%s", k == 7 ? fld[6] : "");
	return (0);
}

/* Reads the table: see scores.h. */
int
scores_read(const char *path, struct score *out, int max, char **cause)
{
	struct stat	 st;
	struct score	 spare;
	FILE		*f;
	char		 line[512];
	int		 fd, n = 0, lineno = 0, start;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return (0);
		*cause = xasprintf("%s: cannot open: %s", path,
		    strerror(errno));
		return (-1);
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > SCORES_MAX_FILE) {
		*cause = xasprintf("%s: not a score table (%s); it was left as "
		    "it is", path, S_ISREG(st.st_mode) ? "too large" :
		    x_file_kind(st.st_mode));
		close(fd);
		return (-1);
	}
	if ((f = fdopen(fd, "r")) == NULL) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		close(fd);
		return (-1);
	}
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f))
			goto bad;
		line[strcspn(line, "\n")] = '\0';
		/* A UTF-8 byte-order mark, from an editor, is not text. */
		start = lineno == 1 && strncmp(line, "\xef\xbb\xbf", 3) == 0 ?
		    3 : 0;
		if (line[start] == '\0')
			continue;
		/* Every line is checked, even those past max. */
		if (scores_line(line + start, n < max ? &out[n] : &spare) != 0)
			goto bad;
		if (n < max)
			n++;
	}
	if (ferror(f)) {
		*cause = xasprintf("%s: read error: %s", path, strerror(errno));
		fclose(f);
		return (-1);
	}
	fclose(f);
	return (n);

bad:
	*cause = xasprintf("%s:%d: not a line of an astray score table, so the "
	    "file is not one; it was left as it is (move it away, or name "
	    "another with --scores FILE)", path, lineno);
	fclose(f);
	return (-1);
}

/* Adds an entry: see scores.h. */
int
scores_add(const char *path, const struct score *e, char **cause)
{
	struct score	 t[SCORES_MAX + 1];
	char		*text, clean[160];
	size_t		 len = 0, cap = (SCORES_MAX + 1) * 512;
	int		 n, i, rank = 0, rc;

	if ((n = scores_read(path, t, SCORES_MAX, cause)) < 0)
		return (-1);
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
		    "%ld\t%ld\t%d\t%llu\t%s\t%s%s%s\n", t[i].score,
		    t[i].turns, t[i].depth, (unsigned long long)t[i].seed,
		    t[i].result, clean[0] != '\0' ? clean : "-",
		    t[i].mods[0] != '\0' ? "\t" : "", t[i].mods);
	}
	rc = files_write_atomic(path, text, len, cause);
	free(text);
	return (rc != 0 ? -1 : rank);
}

/* The player's table: see scores.h. */
char *
scores_default_path(char **cause)
{
	char	*dir, *path;

	if ((dir = files_data_home(cause)) == NULL)
		return (NULL);
	path = xasprintf("%s/scores", dir);
	free(dir);
	return (path);
}

/* A finished game's entry: see scores.h. */
void
scores_entry(const struct game *g, struct score *e)
{
	struct game_info	gi;
	struct game_origin	o;
	size_t			n;
	int			i;

	game_info(g, &gi);
	memset(e, 0, sizeof *e);
	e->score = gi.score;
	e->turns = gi.turn;
	e->depth = gi.depth;
	e->seed = gi.seed;
	snprintf(e->result, sizeof e->result, "%s", gi.status == GAME_WON ?
	    "won" : gi.status == GAME_DEAD ? "died" : "quit");
	snprintf(e->cause, sizeof e->cause, "%s", gi.end_cause);
	game_origin(g, &o);
	for (i = 0; o.mods != NULL && i < o.mods->n; i++) {
		n = strlen(e->mods);
		snprintf(e->mods + n, sizeof e->mods - n, "%s%s", i > 0 ?
		    "," : "", o.mods->m[i].name);
	}
}

/* Enters a finished game: see scores.h. */
int
scores_add_game(const char *path, const struct game *g, char **cause)
{
	struct score	 e;

	scores_entry(g, &e);
	return (scores_add(path, &e, cause));
}
