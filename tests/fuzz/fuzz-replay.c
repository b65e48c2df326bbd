/*
 * fuzz-replay.c: replay files (src/game/play/replay.c, replay_parse, and
 * replay_write and replay_read on what it accepted).
 *
 * A refused replay must leave a "name:..." message and an empty replay.
 * An accepted one must keep replay.h's promises (keys printable and not
 * blank, their count right and NUL-terminated, values in range), and
 * writing it out and reading it back must give the same replay: the file
 * astray --record writes must replay the game that was played.  The
 * input's first line is also tried as a dungeon's name (a path given to
 * --dungeon can be anything): replay_write() must refuse it, or write it
 * so that it reads back the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "replay.h"

/* Writes a replay and reads it back; the two must be the same. */
static void
roundtrip(const struct replay *r)
{
	struct replay	 back;
	const char	*path = fuzz_path(0, "back.replay");
	char		*cause = NULL;

	if (replay_write(path, r, &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, path,
		    strlen(path)) == 0, "message \"%s\"", cause != NULL ?
		    cause : "(none)");
		free(cause);
		return;
	}
	if (replay_read(&back, path, &cause) != 0)
		fuzz_fail(__FILE__, __LINE__, "read", "a replay just written "
		    "does not read: %s", cause);
	fuzz_assert(back.seed == r->seed && back.depths == r->depths &&
	    back.monsters == r->monsters, "seed, depths or monsters changed");
	fuzz_assert(back.nkeys == r->nkeys && memcmp(back.keys, r->keys,
	    r->nkeys) == 0, "the keys changed");
	fuzz_assert((back.dungeon == NULL) == (r->dungeon == NULL) &&
	    (r->dungeon == NULL || strcmp(back.dungeon, r->dungeon) == 0),
	    "the dungeon changed: \"%s\", read back \"%s\"",
	    r->dungeon != NULL ? r->dungeon : "(none)",
	    back.dungeon != NULL ? back.dungeon : "(none)");
	replay_free(&back);
	remove(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct replay	 r;
	char		*cause = NULL, name[512], keys[] = "hjkl";
	size_t		 i;

	for (i = 0; i < size && i < sizeof name - 1 && data[i] != '\n' &&
	    data[i] != '\0'; i++)
		name[i] = (char)data[i];
	name[i] = '\0';
	memset(&r, 0, sizeof r);
	r.seed = 1;
	r.dungeon = name;
	r.keys = keys;
	r.nkeys = strlen(keys);
	roundtrip(&r);

	if (replay_parse(&r, "r.replay", (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, "r.replay:",
		    9) == 0, "message \"%s\"", cause != NULL ? cause :
		    "(none)");
		fuzz_assert(r.keys == NULL && r.dungeon == NULL && r.nkeys == 0,
		    "a refused replay is not empty");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	fuzz_assert(r.keys != NULL && strlen(r.keys) == r.nkeys &&
	    r.nkeys <= REPLAY_MAX_KEYS, "%zu keys", r.nkeys);
	for (i = 0; i < r.nkeys; i++)
		fuzz_assert(r.keys[i] > ' ' && r.keys[i] <= '~', "key %zu is "
		    "0x%02x", i, (unsigned char)r.keys[i]);
	fuzz_assert(r.seed <= UINT64_C(999999999999999999), "seed %llu",
	    (unsigned long long)r.seed);
	fuzz_assert(r.depths >= 0 && r.depths <= 100, "depths %d", r.depths);
	/* "monsters 0" reads as GAME_NO_MONSTERS, none. */
	fuzz_assert((r.monsters >= 0 && r.monsters <= 100000) ||
	    r.monsters == GAME_NO_MONSTERS, "monsters %d", r.monsters);

	roundtrip(&r);
	replay_free(&r);
	return (0);
}
