/*
 * vault-place.h: vaults placed in generated levels (vault-place.c).
 */
#ifndef ASTRAY_VAULT_PLACE_H
#define ASTRAY_VAULT_PLACE_H

#include <stdint.h>

#include "item.h"
#include "monster.h"
#include "rng.h"
#include "terrain.h"
#include "vault.h"

struct game;
struct level;

/*
 * Furnishes a generated level of a depth with the vaults vault_plan()
 * draws from vs for the seed, each fitted where it joins the level.
 */
void	 vault_furnish(struct game *, struct level *,
	     const struct vault_set *vs, uint64_t seed, int depth);

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
 * rows of glyphs, the vault's items and monsters shown (a monster over
 * an item); NULL when it did not fit.
 */
char	*vault_show(const struct vault *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     uint64_t seed);

/*
 * Which vaults the generated level of a depth gets, in order (at most
 * VAULT_PER_LEVEL): drawn by weight among those of the depth from a
 * stream of the game's seed, so that per-game counts need no saving.
 * Returns how many were written to picks.
 */
int	 vault_plan(const struct vault_set *, uint64_t seed, int depth,
	     int *picks);

#endif
