/*
 * terrain.h: what dungeons are made of (data/terrain.txt).
 *
 * The file declares movement classes ("class walk", "class fly", ...)
 * and terrains.  A terrain has a glyph, a colour, a cost of entering for
 * each movement class (0: that class cannot enter), whether it blocks
 * sight, and what it becomes when opened, closed, dug or collapsed.
 * From the table the game derives one cost grid per movement class.
 * Names are case-sensitive; a terrain may name terrains defined after it.
 */
#ifndef ASTRAY_TERRAIN_H
#define ASTRAY_TERRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "colour.h"
#include "words.h"

#define TERRAIN_MAX		64	/* terrains in a table */
#define CLASS_MAX		8	/* movement classes */
#define NAME_LEN		32	/* names, with their NUL */
#define GLYPH_LEN		8	/* one UTF-8 character and its NUL */
#define DESCRIBE_LEN		160

#define TERRAIN_OPAQUE	0x1	/* blocks sight */
#define TERRAIN_STAIRS	0x2	/* leads down */
#define TERRAIN_GOAL	0x4	/* reaching it wins the game */

#define TERRAIN_HARDNESS_MAX	100	/* turns digging a terrain takes, at most */

struct terrain {
	char		name[NAME_LEN];
	char		display[NAME_LEN];	/* for the player: "open door" */
	enum words_noun	noun;			/* how display counts */
	char		glyph[GLYPH_LEN];
	enum colour	colour;
	int		bright;
	uint8_t		cost[CLASS_MAX];	/* 0: cannot enter */
	unsigned	flags;
	int		open;			/* what "open" makes it, or -1 */
	int		close;
	int		dig;
	int		hardness;		/* turns digging it takes */
	int		collapse;
	char		describe[DESCRIBE_LEN];
	int		line;			/* where it was defined */
	int		layer;			/* in which layer (mods.h) */
};

struct terrain_table {
	int		nclasses;
	char		classes[CLASS_MAX][NAME_LEN];
	unsigned	digs;			/* bit c: class c digs */
	int		n;
	struct terrain	t[TERRAIN_MAX];

	/* The terrains and class the game itself relies on. */
	int		floor, wall, granite, door, open_door, rubble;
	int		shallow_water, deep_water, lava, stairs, goal, cave_in;
	int		walk;			/* the player's class */
	int		layer;			/* the layer being read (mods.h):
					   its file adds to the table */
};

/*
 * Parses a terrain file.  Returns 0, or -1 with *cause set to
 * "name:line:column: what was expected" (the caller frees it).  The
 * table must declare the class "walk" and the terrains floor, wall,
 * granite, door, open-door, rubble, shallow-water, deep-water, lava,
 * stairs, amulet and cave-in, which the game builds levels from.
 */
int	 terrain_parse(struct terrain_table *, const char *name,
	     const char *buf, size_t len, char **cause);
int	 terrain_read(struct terrain_table *, const char *path, char **cause);

/*
 * Reads a terrain file as layer `layer` (mods.h) on the table: for 0 as
 * terrain_read() does, else over what the table holds, a terrain of a
 * name it has replacing that one where it stands (its class lines may
 * name classes the table has: "digs" is then added to them).  The
 * whole-file rules are checked on the result.
 */
int	 terrain_read_layer(struct terrain_table *, int layer,
	     const char *path, char **cause);

/*
 * The checker's look at a terrain file (astray --check): every error
 * (up to REPORT_MAX_ERRORS), each "file:line:column: ...", added to *r,
 * and the table read into *tt when there is none (else *tt is left as it
 * was).  Returns the number of errors added.
 */
struct dungeon_report;
int	 terrain_check(struct dungeon_report *r, struct terrain_table *tt,
	     const char *path);

/*
 * For a name not found: " (did you mean NAME?)" naming the terrains (or
 * the classes) closest to the word (len bytes), or "", written into
 * buf[size] and returned (suggest.h).
 */
const char *terrain_near(const struct terrain_table *, const char *word,
	     size_t len, char *buf, size_t size);
const char *terrain_class_near(const struct terrain_table *,
	     const char *word, size_t len, char *buf, size_t size);

/* Index of a terrain or class by name, or -1. */
int	 terrain_find(const struct terrain_table *, const char *name);

/*
 * Whether a terrain is solid: opaque, and no class may enter it but by
 * digging it (rock, a cave-in).  An item under it is buried: the map
 * shows the terrain.
 */
int	 terrain_solid(const struct terrain_table *, int terrain);
int	 terrain_class_find(const struct terrain_table *, const char *name);
/*
 * Whether a class enters a terrain by digging it: the class digs ("class
 * NAME digs"), the terrain has a dig transition and the class a cost on
 * it (the cost its planner weighs the digging at).  Such a monster digs
 * the cell for the terrain's hardness in actions before it steps in
 * (dig.c); it never stands on it as it is.
 */
int	 terrain_dug(const struct terrain_table *, int cls, int terrain);

/* The classes declared, "walk, fly", or "none", for messages. */
void	 terrain_class_list(const struct terrain_table *, char *buf,
	     size_t size);

/* Colour names: default black red green yellow blue magenta cyan white. */

#endif
