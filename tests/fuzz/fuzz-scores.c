/*
 * fuzz-scores.c: the high-score table (src/game/play/scores.c, scores_read and
 * scores_add).
 *
 * A file with a line that does not parse is not a score table: reading
 * it fails with a message naming the file, and adding to it must fail
 * too and leave it byte for byte.  Otherwise reading must give at most
 * the entries asked for, each with terminated strings; adding an entry
 * must rewrite the table so that reading it back gives the new entry at
 * the rank scores_add() returned, unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "scores.h"
#include "xmalloc.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct score	 t[SCORES_MAX + 1], e, *got;
	const char	*path;
	char		*cause = NULL;
	char		*back;
	size_t		 blen;
	int		 n, i, rank, max;

	path = fuzz_write(0, "scores", data, size);
	max = size > 0 ? 1 + data[0] % SCORES_MAX : SCORES_MAX;
	n = scores_read(path, t, max, &cause);
	fuzz_assert(n >= -1 && n <= max, "%d entries of at most %d", n, max);
	memset(&e, 0, sizeof e);
	e.score = size > 1 ? (long)data[1] * 97 : 500;
	e.turns = 1234;
	e.depth = 3;
	e.seed = 42;
	memcpy(e.result, "won", 4);
	memcpy(e.cause, "escaped with the amulet", 24);
	if (n < 0) {
		fuzz_assert(cause != NULL && strncmp(cause, path,
		    strlen(path)) == 0, "message \"%s\"", cause);
		free(cause);
		cause = NULL;
		fuzz_assert(scores_add(path, &e, &cause) < 0, "a file that is "
		    "not a score table was added to");
		free(cause);
		cause = NULL;
		back = x_read_file(path, size + 1, &blen, &cause);
		fuzz_assert(back != NULL && blen == size &&
		    memcmp(back, data, size) == 0, "a file that is not a score "
		    "table was changed");
		free(back);
		remove(path);
		return (0);
	}
	for (i = 0; i < n; i++) {
		fuzz_assert(memchr(t[i].result, '\0', sizeof t[i].result) !=
		    NULL && memchr(t[i].cause, '\0', sizeof t[i].cause) != NULL,
		    "entry %d is not terminated", i);
	}

	if ((rank = scores_add(path, &e, &cause)) < 0)
		fuzz_fail(__FILE__, __LINE__, "add", "%s", cause);
	n = scores_read(path, t, SCORES_MAX, &cause);
	fuzz_assert(n >= 1 && n <= SCORES_MAX, "%d entries after adding one",
	    n);
	fuzz_assert(rank >= 0 && rank <= n, "rank %d of %d", rank, n);
	if (rank > 0) {
		got = &t[rank - 1];
		fuzz_assert(got->score == e.score && got->turns == e.turns &&
		    got->depth == e.depth && got->seed == e.seed &&
		    strcmp(got->result, e.result) == 0 &&
		    strcmp(got->cause, e.cause) == 0, "rank %d holds %ld %s, "
		    "not the entry added", rank, got->score, got->cause);
	}
	remove(path);
	return (0);
}
