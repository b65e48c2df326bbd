/*
 * gen-kind.h: the kinds of generated level, by name (gen-kind.c).
 *
 * The generator itself is gen.h's; files and options that only name a
 * kind or a size need only this.
 */
#ifndef ASTRAY_GEN_KIND_H
#define ASTRAY_GEN_KIND_H

#define GEN_MIN_WIDTH	8
#define GEN_MIN_HEIGHT	6
#define GEN_MAX_SIDE	2048

enum gen_kind {
	GEN_ROOMS,	/* rooms joined by corridors, with doors */
	GEN_CAVES,	/* cellular-automaton caves */
	GEN_OPEN,	/* one open hall inside a wall */
	GEN_MIXED	/* caves with rooms carved into them */
};

/* Parses "KIND:WxH" (e.g. "rooms:80x21"); returns 0 or -1 with *cause. */
int	 gen_parse_spec(const char *spec, enum gen_kind *kind, int *width,
	     int *height, char **cause);
const char *gen_kind_name(enum gen_kind);

/* Finds a kind by its name ("rooms"); returns 0, or -1. */
int	 gen_kind_parse(const char *name, enum gen_kind *kind);

#endif
