/*
 * gen.h: dungeon generation.
 *
 * A generated map is a grid of characters: '#' wall, '.' floor, '+' door
 * (a floor cell where a corridor enters a room, which can be shut).  All
 * floor of a map is connected.  The same kind, size and rng state always
 * give the same map.
 */
#ifndef ASTRAY_GEN_H
#define ASTRAY_GEN_H

#include "gen-kind.h"
#include "rng.h"

struct gen_map {
	int	 width;
	int	 height;
	char	*cells;		/* width * height, row by row */
};

/*
 * Generates a map of the given kind and size (at least GEN_MIN_WIDTH x
 * GEN_MIN_HEIGHT, at most GEN_MAX_SIDE a side) into m.
 */
void	 gen_generate(struct gen_map *m, enum gen_kind kind, int width,
	     int height, struct rng *r);
void	 gen_free(struct gen_map *);

/* The character at (x,y); '#' outside the map. */
char	 gen_at(const struct gen_map *, int x, int y);

#endif
