/*
 * fuzz-save.c: saved games (src/game/save.c game_load, and the path
 * library's grid and planner loaders it calls through src/path/serial.c).
 *
 * A save carries a checksum and a hash of the data files, which random
 * bytes never match, so the first input byte chooses how the rest is
 * read.  Odd: the rest is a save's payload after its data hash, and the
 * harness wraps it in a well-formed envelope (magic, version, length, the
 * shipped data's hash, checksum), so the fuzzer works on what the loader
 * must range-check.  Even: the rest is the file as it is, for the
 * envelope's own checks.
 *
 * A refused save must leave a message naming the file.  A restored game
 * must be one the game can play: a few turns are played in it, and a
 * save of it must restore the same game (equal digests, then and after
 * the same keys).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "serial.h"

/* FNV-1a, as game.c hashes the data files and save.c its payload. */
static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const uint8_t	*b = p;
	size_t		 i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= UINT64_C(0x100000001b3);
	}
	return (h);
}

/* The hash game_new() makes of the shipped data files. */
static uint64_t
data_hash(void)
{
	const char	*buf;
	size_t		 len;
	uint64_t	 h = UINT64_C(0xcbf29ce484222325);

	buf = fuzz_data_file("terrain.txt", &len);
	h = fnv(h, buf, len);
	buf = fuzz_data_file("monsters.txt", &len);
	return (fnv(h, buf, len));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game_config	 cfg;
	struct game		*g;
	struct ser		 payload, file;
	const char		*path;
	char			*cause = NULL;

	if (size == 0)
		return (0);
	if (data[0] & 1) {
		ser_init(&payload);
		ser_u64(&payload, data_hash());
		ser_bytes(&payload, data + 1, size - 1);
		ser_init(&file);
		ser_bytes(&file, "ASTRAYSAVE", 10);
		ser_u32(&file, 1);
		ser_u64(&file, payload.len);
		ser_bytes(&file, payload.buf, payload.len);
		ser_u64(&file, fnv(UINT64_C(0xcbf29ce484222325), payload.buf,
		    payload.len));
		path = fuzz_write(0, "fuzz.save", file.buf, file.len);
		ser_free(&file);
		ser_free(&payload);
	} else
		path = fuzz_write(0, "fuzz.save", data + 1, size - 1);

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = fuzz_data_dir();
	g = game_load(path, &cfg, &cause);
	if (g == NULL) {
		fuzz_assert(cause != NULL && strncmp(cause, path,
		    strlen(path)) == 0, "message \"%s\"", cause != NULL ?
		    cause : "(none)");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	free(game_level_text(g));
	fuzz_save_check(g, "hjkl.yubn>Dhoj", 14);
	game_free(g);
	return (0);
}
