/*
 * vault.h: vaults, small hand-made maps the generator puts into levels.
 *
 * A vault file holds one or more blocks, each a dungeon file's header and
 * map (dungeon.h) opened by a "vault NAME" line:
 *
 *   vault NAME                  starts a vault (NAME: letters, digits, -_)
 *   depth: A | A-B              the depths it may appear at (1-100)
 *   weight: N                   how often it is picked (1-10000; 10)
 *   per-game: N                 at most N times in one game (0: no limit)
 *   entry: C                    the entry glyph (ASCII; 'E' unless given)
 *   legend:, gate:, event:      as in a dungeon file, the vault's own
 *   map ... end                 the vault's map
 *
 * An entry is a floor cell on the map's edge that the generator joins to
 * the level's corridors.  Comments and blank lines may come between
 * blocks.  The level's keys (name, movement, corners, monsters) and the
 * player '@' do not belong in a vault.
 */
#ifndef ASTRAY_VAULT_H
#define ASTRAY_VAULT_H

#include <stddef.h>
#include <stdint.h>

#include "dungeon.h"
#include "rng.h"

#define VAULT_MAX		1000	/* vaults in one file */
#define VAULT_MAX_SIDE		64
#define VAULT_PER_LEVEL		2	/* vaults a generated level gets */

struct vault {
	char		 name[NAME_LEN];
	int		 line;		/* of "vault NAME" */
	int		 depth_min, depth_max;
	int		 weight;
	int		 per_game;	/* 0: no limit */
	char		 entry;		/* the entry glyph */
	struct dungeon	 d;		/* map, monsters, gates, events */
	int		*entries;	/* y * width + x */
	int		 nentries;
};

struct vault_set {
	struct vault	*v;
	int		 n;
};

/* True when a file's text is a vault file (its first line "vault ..."). */
int	 vault_is_vault_text(const char *buf, size_t len);

/*
 * Parses a vault file.  Returns 0, or -1 with *cause set to
 * "name:line:column: ..." (the set is left empty).
 */
int	 vault_parse(struct vault_set *, const struct terrain_table *,
	     const struct monster_table *, const char *name, const char *buf,
	     size_t len, char **cause);
int	 vault_read(struct vault_set *, const struct terrain_table *,
	     const struct monster_table *, const char *path, char **cause);
void	 vault_set_free(struct vault_set *);

/*
 * The checker's look at a vault file (astray --check): each vault's
 * first error, then for each vault read that no generated level of its
 * depth could take (10 are tried), an error.  Returns the error count.
 */
int	 vault_check_file(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const char *path);

/*
 * Tries to place a vault into a map of terrains (w x h, its edge left
 * alone), at up to `tries` random spots drawn from r: the vault's cells
 * are stamped, each entry joined by a dug corridor to the nearest cell
 * the player can walk on, and the spot refused when this cuts anything
 * the cell (px,py) reached, or covers it or the stairs.  Returns 0 with
 * terrain changed and the vault's corner at (*ox,*oy), or -1 (terrain
 * unchanged).
 */
int	 vault_fit(const struct vault *, const struct terrain_table *,
	     uint8_t *terrain, int w, int h, int px, int py, int tries,
	     struct rng *r, int *ox, int *oy);

/* True when a vault fits one of 10 generated levels of its least depth. */
int	 vault_joins_somewhere(const struct vault *,
	     const struct terrain_table *);

/*
 * Draws one instance of a vault as the checker's --show does: fitted into
 * a level of its least depth generated from the seed, the rectangle that
 * holds the vault and the corridors dug to it (a cell more round), as
 * rows of glyphs, the vault's monsters shown; NULL when it did not fit.
 */
char	*vault_show(const struct vault *, const struct terrain_table *,
	     const struct monster_table *, uint64_t seed);

/*
 * Which vaults the generated level of a depth gets, in order (at most
 * VAULT_PER_LEVEL): drawn by weight among those of the depth from a
 * stream of the game's seed, so that per-game counts need no saving.
 * Returns how many were written to picks.
 */
int	 vault_plan(const struct vault_set *, uint64_t seed, int depth,
	     int *picks);

#endif
