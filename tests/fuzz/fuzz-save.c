/*
 * fuzz-save.c: saved games (src/game/play/save.c game_load, and the path
 * library's grid and planner loaders it calls through src/base/serial.c).
 *
 * A save carries a checksum and the signature of the data files' rules,
 * which random bytes never match, so the first input byte chooses how
 * the rest is read.  Odd: the rest is a save's payload (what follows the
 * signature), and the harness wraps it in a well-formed envelope (magic,
 * version, the shipped data's signature, length, checksum), so the
 * fuzzer works on what the loader must range-check.  Even: the rest is
 * the file as it is, for the envelope's own checks.  The version and the
 * signature are taken from a save the game writes of a new game, so the
 * harness follows the format as it changes.
 *
 * A refused save must leave a message naming the file.  A restored game
 * must be one the game can play for a long time: FUZZ_SAVE_TURNS keys
 * (moves, waits, doors, digging, stairs) are played in it, and a save of
 * it must restore the same game (equal digests, then and after the same
 * keys), so a counter loaded at its limit has to stop there, not
 * overflow (UBSan in make fuzz and fuzz-regress.sh would say so).
 *
 * The harness runs in the source tree (the folder above the shipped
 * data), where make-save-corpus.py played its games, so a campaign's
 * save, which reads its campaign again by the path it was started with,
 * finds it and goes on down its levels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game.h"
#include "serial.h"
#include "xmalloc.h"

#define FUZZ_SAVE_TURNS	400	/* keys played in a restored game */

/* FNV-1a, as save.c checksums what follows the version. */
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

/*
 * The start of a save of the shipped data, up to its payload's length:
 * magic, version, the signature's length and the signature.  Made once.
 */
static const uint8_t *
save_head(size_t *len)
{
	static char		*head;
	static size_t		 hlen;
	struct game_config	 cfg;
	struct game		*g;
	char			*cause = NULL, *buf;
	const char		*path = fuzz_path(1, "head.save");
	size_t			 n, slen = 0;
	int			 i;

	if (head == NULL) {
		memset(&cfg, 0, sizeof cfg);
		cfg.data_dir = fuzz_data_dir();
		cfg.seed = 1;
		if ((g = game_new(&cfg, &cause)) == NULL ||
		    game_save(g, path, &cause) != 0 ||
		    (buf = x_read_file(path, 1UL << 26, &n, &cause)) == NULL)
			fuzz_fail(__FILE__, __LINE__, "head", "%s", cause);
		game_free(g);
		remove(path);
		for (i = 7; i >= 0; i--)
			slen = slen * 256 + (uint8_t)buf[14 + i];
		fuzz_assert(22 + slen <= n, "a save of %zu bytes", n);
		hlen = 22 + slen;
		head = buf;
	}
	*len = hlen;
	return ((const uint8_t *)head);
}

/* The keys played after a restore: a long walk of every kind of key. */
static const char *
play_keys(void)
{
	static char	keys[FUZZ_SAVE_TURNS + 1];
	const char	*pattern = "hjkl.yubn>Dhojlllkkkcjhhh.>Dl";
	size_t		 i, n = strlen(pattern);

	for (i = 0; i < FUZZ_SAVE_TURNS; i++)
		keys[i] = pattern[(i * 7 + i / n) % n];
	return (keys);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game_config	 cfg;
	struct game		*g;
	struct ser		 file;
	const uint8_t		*head;
	const char		*path;
	size_t			 hlen;
	char			*cause = NULL;
	static int		 in_tree;

	if (!in_tree) {
		if (chdir(fuzz_data_dir()) != 0 || chdir("..") != 0)
			fuzz_fail(__FILE__, __LINE__, "chdir", "%s/..",
			    fuzz_data_dir());
		in_tree = 1;
	}
	if (size == 0)
		return (0);
	if (data[0] & 1) {
		head = save_head(&hlen);
		ser_init(&file);
		ser_bytes(&file, head, hlen);
		ser_u64(&file, size - 1);
		ser_bytes(&file, data + 1, size - 1);
		ser_u64(&file, fnv(UINT64_C(0xcbf29ce484222325), file.buf + 14,
		    file.len - 14));
		path = fuzz_write(0, "fuzz.save", file.buf, file.len);
		ser_free(&file);
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
	fuzz_save_check(g, play_keys(), FUZZ_SAVE_TURNS);
	game_free(g);
	return (0);
}
