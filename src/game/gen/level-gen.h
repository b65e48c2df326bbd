/*
 * level-gen.h: building levels (level-gen.c).
 *
 * Each returns a new level, the player placed on it (g->px, g->py), and
 * draws from the game's gameplay stream; the caller frees the level it
 * replaces.  What the new level could not hold is reported as an event.
 */
#ifndef ASTRAY_LEVEL_GEN_H
#define ASTRAY_LEVEL_GEN_H

#include <stdint.h>

#include "dungeon.h"
#include "vault.h"

struct game;
struct level;

/*
 * What a generated level is to be: the standard game's by depth, or a
 * campaign's level with its own kind, size, vaults and way out.
 */
struct level_plan {
	int			 depth;
	int			 kind;		/* enum gen_kind; -1: by depth */
	int			 width, height;	/* 0: by depth */
	int			 last;		/* the goal, not stairs down */
	int			 goal_stairs;	/* ... but stairs out */
	int			 monsters;	/* -1: by size and depth */
	const struct vault_set	*vaults;	/* drawn from */
	uint64_t		 vault_seed;	/* which ones: vault_plan() */
	const char		*name;		/* or NULL: by depth */
};

/* The level of a depth of the standard game. */
struct level *level_generate(struct game *, int depth);

/*
 * Time costs: on a generated level, one turn in LEVEL_ARRIVE_ONE_IN a
 * monster of the depth arrives out of the player's view and comes
 * looking for them where they are (EVENT_ARRIVAL), so a player who rests
 * long is found.  Levels of dungeon files are left as their author made
 * them.
 */
#define LEVEL_ARRIVE_ONE_IN	300
void	 level_arrivals(struct game *, struct level *);

/*
 * The monsters a generated level is made with, unless its plan says: one
 * per 150 cells and one per depth, at most LEVEL_MONSTERS_MAX (the deep
 * levels are large; more would be a crowd, not a fight).
 */
#define LEVEL_MONSTERS_MAX	34

/* A generated level as a plan says (the standard game's, or a campaign's). */
struct level *level_generate_plan(struct game *, const struct level_plan *);

/* The level of a dungeon file (or Moving AI map), as read. */
struct level *level_from_dungeon(struct game *, const struct dungeon *);

/*
 * Level `stage` of the game's campaign (hand-made or generated, its
 * monsters as the game asked); sets the game's stage and depth.
 */
struct level *level_generate_stage(struct game *, int stage);

#endif
