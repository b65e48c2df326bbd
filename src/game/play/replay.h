/*
 * replay.h: replay files: a seed and the keys typed.
 *
 *   astray-replay 1
 *   seed 12345
 *   dungeon data/dungeons/arena.dun     (optional)
 *   depths 5                            (optional)
 *   monsters 200                        (optional: a dungeon's extra)
 *   mod giants 3f2a...                  (one a mod, in order: mods.h)
 *   keys lllj.o.l                       (any number of keys lines)
 *
 * The game is deterministic, so the seed (and dungeon) plus the keys
 * reproduce it exactly.  Lines starting with '#' are comments (a morgue
 * file is a replay whose comments tell how the game went).  Keys are
 * printable, non-blank ASCII characters.  The dungeon is the rest of
 * its line, so a path may hold spaces but no control characters;
 * replay_write() refuses one that would not read back the same.
 * Errors name file:line:column.
 */
#ifndef ASTRAY_REPLAY_H
#define ASTRAY_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "mods.h"

#define REPLAY_MAX_KEYS	(16UL << 20)

struct replay {
	uint64_t	 seed;
	char		*dungeon;	/* or NULL */
	int		 depths;	/* 0: the default */
	int		 monsters;	/* 0: the dungeon's own */
	char		*keys;
	size_t		 nkeys;
	/* The mods the game was played with ("mod NAME DIGEST" lines). */
	int		 nmods;
	char		 mod[MODS_MAX][NAME_LEN];
	uint64_t	 mod_digest[MODS_MAX];
};

/*
 * Whether the replay's mods are the active ones (ms, NULL: none), in
 * their order and with the same signatures: NULL if so, else a sentence
 * naming the first mod that differs (a new string).
 */
char	*replay_mods_differ(const struct replay *, const struct mods *);

int	 replay_parse(struct replay *, const char *name, const char *buf,
	     size_t len, char **cause);
int	 replay_read(struct replay *, const char *path, char **cause);

/*
 * A replay's text, as replay_write() writes it: a new string of *len
 * bytes, or NULL with *cause set if the dungeon's name cannot be kept.
 */
char	*replay_format(const struct replay *, size_t *len, char **cause);

/* Writes a replay file atomically; returns 0, or -1 with *cause. */
int	 replay_write(const char *path, const struct replay *, char **cause);
void	 replay_free(struct replay *);

#endif
