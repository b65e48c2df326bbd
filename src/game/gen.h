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

#include "rng.h"

#define GEN_MIN_WIDTH	8
#define GEN_MIN_HEIGHT	6
#define GEN_MAX_SIDE	2048

enum gen_kind {
	GEN_ROOMS,	/* rooms joined by corridors, with doors */
	GEN_CAVES,	/* cellular-automaton caves */
	GEN_OPEN,	/* one open hall inside a wall */
	GEN_MIXED	/* caves with rooms carved into them */
};

struct gen_map {
	int	 width;
	int	 height;
	char	*cells;		/* width * height, row by row */
};

/* Parses "KIND:WxH" (e.g. "rooms:80x21"); returns 0 or -1 with *cause. */
int	 gen_parse_spec(const char *spec, enum gen_kind *kind, int *width,
	     int *height, char **cause);
const char *gen_kind_name(enum gen_kind);

/* Finds a kind by its name ("rooms"); returns 0, or -1. */
int	 gen_kind_parse(const char *name, enum gen_kind *kind);

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
