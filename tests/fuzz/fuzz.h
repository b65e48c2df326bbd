/*
 * fuzz.h: what every fuzz harness shares.
 *
 * A harness is one file, tests/fuzz/fuzz-NAME.c, defining
 * LLVMFuzzerTestOneInput() for one parser.  It is linked either with
 * libFuzzer (clang -fsanitize=fuzzer, by tests/fuzz/run.sh) or with
 * driver.c, a main() that feeds it files (tests/fuzz-regress.sh, under
 * make check, with any C compiler).  Besides not crashing, a harness
 * checks what the parser promises: a refused input leaves an error
 * message and nothing allocated, an accepted one is within the limits the
 * header states.  A broken promise is reported by fuzz_assert(), which
 * aborts, so libFuzzer keeps the input as a crash.
 *
 * Files the code under test must read by name (saves, dungeons given to
 * a game) are written into one scratch folder: $FUZZ_SCRATCH if set, else
 * a folder made under /dev/shm or $TMPDIR and removed at exit.  The
 * shipped data files come from $ASTRAY_FUZZ_DATA, else FUZZ_DATA (set
 * when the harness is compiled).
 */
#ifndef ASTRAY_FUZZ_H
#define ASTRAY_FUZZ_H

#include <stddef.h>
#include <stdint.h>

struct game;
struct item_table;
struct monster_table;
struct terrain_table;

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Aborts with a message unless cond holds. */
#define fuzz_assert(cond, ...) do {					\
	if (!(cond))							\
		fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);	\
} while (0)
void	 fuzz_fail(const char *file, int line, const char *cond,
	     const char *fmt, ...)
	    __attribute__((format(printf, 4, 5), noreturn));

/* The shipped data folder (terrain.txt, monsters.txt, dungeons/). */
const char *fuzz_data_dir(void);

/* A shipped file, read once and kept: "terrain.txt", "dungeons/x.dun". */
const char *fuzz_data_file(const char *name, size_t *len);

/* The shipped terrain, monster and item tables, parsed once. */
const struct terrain_table *fuzz_terrain(void);
const struct monster_table *fuzz_monsters(void);
const struct item_table *fuzz_items(void);

/* The scratch folder, and a path in it (a static buffer per slot 0-8). */
const char *fuzz_scratch(void);
const char *fuzz_path(int slot, const char *name);

/* Writes bytes to a file in the scratch folder; returns its path. */
const char *fuzz_write(int slot, const char *name, const void *buf,
	     size_t len);

/* Removes everything in the scratch folder. */
void	 fuzz_clean(void);

/*
 * Plays keys (as typed: "hjkl", ".", "o" + direction, ...) while the game
 * lasts; keys that are not game keys, and saving, are skipped.
 */
void	 fuzz_play(struct game *, const char *keys, size_t n);

/*
 * Makes a generated game (seed 1, two depths) from the given terrain and
 * monster files, written to a scratch data folder, and plays keys in it;
 * then checks a save of it as fuzz_save_check() does.  A game refused
 * for its data is not an error: the parsers' own harnesses judge that.
 */
void	 fuzz_game_with_data(const void *terrain, size_t tlen,
	     const void *monsters, size_t mlen, const char *keys, size_t n);

/*
 * Saves a game, loads the save, and checks the two are the same game:
 * equal digests, and equal again after both play the same keys.  A game
 * half way through a turn or over is left alone.
 */
void	 fuzz_save_check(struct game *, const char *keys, size_t n);

/* The same, for a game made with the data files in data_dir. */
void	 fuzz_save_check_in(struct game *, const char *data_dir,
	     const char *keys, size_t n);

#endif
