/*
 * level.h: a level in play, the model's heart (level.c).
 *
 * A level is a terrain grid plus, for every movement class, a cost grid
 * derived from the terrain and a planner context on it; every monster
 * plans in the context of its class.  Terrain changes go through
 * level_set_terrain() and nowhere else, so every cost grid and its change
 * log see every change and every planner catches up by itself.  The
 * level also holds its monsters, the items on its floor, and what the
 * player sees, remembers and recalls of it.  Nothing here decides (the
 * rules do) or builds a level (generation does).
 */
#ifndef ASTRAY_LEVEL_H
#define ASTRAY_LEVEL_H

#include <stdint.h>

#include "dungeon.h"
#include "field.h"
#include "flank.h"
#include "planner.h"
#include "terrain.h"

struct game;

enum monster_state {
	MS_WANDER,	/* has not noticed the player */
	MS_HUNT,	/* perceives the player now */
	MS_SEARCH,	/* lost the player: goes where it was last seen */
	MS_FLEE		/* badly hurt: runs from the player (flee.c) */
};

struct monster {
	int			 kind;
	int			 x, y;
	int			 hp;
	int			 energy;
	enum monster_state	 state;
	int			 lx, ly;	/* where the player was last noticed */
	int			 timer;		/* searching turns left */
	int			 cooldown;	/* turns before planning again */
	int			 dx, dy;	/* wandering momentum */
	int			 alive;
	struct path_planner	*planner;
	struct path_plan_stats	 stats;		/* of its last plan */
	uint64_t		 plan_ns;	/* of its last plan (clock) */
	int			 replans;	/* searches since the level began */
	int			 noticed;	/* turn it last noticed the player */
	int			 lured;		/* actions left following a noise */
	int			 sighted;	/* 1 + the turn a journey last
						   saw it, or 0: see travel.c */
	int			 slowed;	/* turns left at half speed */
	int			 afraid;	/* turns left fleeing the player */
	int			 post_x, post_y;	/* a shooter's cell to shoot
						   from, or an interceptor's
						   cell on the player's way,
						   while it goes there; else
						   -1 (not saved: made again
						   each turn) */
	int			 guess;		/* an interceptor's guess of
						   where the player goes (enum
						   level_guess; not saved:
						   made again each turn) */
	int			 raised_by;	/* 1 + the index of the
						   summoner that raised it, or
						   0 */
	long			 summon_at;	/* a summoner's: the turn it
						   may call again */
	/* A door-holder's door (hold.c): the shut door it holds, or -1;
	   the actions it has held it, and the player's tries at it and
	   actions beside it since it took hold.  Saved. */
	int			 hold_x, hold_y;
	int			 hold_turns;
	int			 hold_tries, hold_near;
	/* A digger's wall (dig.c): the cell it is digging, or -1, and the
	   actions spent on it so far.  Saved. */
	int			 dig_x, dig_y;
	int			 dig_done;
	/* What it carries (carry.c), stolen or picked up: an item kind,
	   or -1; how many, and their enchantment or charges. */
	int			 carry_kind;
	int			 carry_count;
	int			 carry_plus;
	int			 away;		/* a thief's turns out of the
						   player's view, fleeing */
	int			 provoked;	/* a peaceful kind's: attacked
						   by the player */
	int			 leader;	/* an escort's: the index + 1
						   of the monster it escorts,
						   or 0 */
};

/* Where an interceptor guesses the player is going (monster.guess). */
enum level_guess {
	LEVEL_GUESS_NONE,	/* no guess: it goes for the player */
	LEVEL_GUESS_STAIRS,
	LEVEL_GUESS_ITEM,
	LEVEL_GUESS_DOOR
};

/* The player's last cells on a level, for interceptors (intercept.c). */
#define LEVEL_TRAIL	6

/* Items lying on a level: a stack of one kind on a cell. */
struct floor_item {
	int	x, y;
	int	kind;
	int	count;
	int	plus;	/* enchantment, or a wand's charges (item.h) */
};

/*
 * What the player remembers of a cell, bits of level.seen: seen at some
 * time, and a goal exploring gave up on (travel.c), until something new
 * is seen.  Both are saved with the level.
 */
#define LEVEL_SEEN	0x01
#define LEVEL_GIVEN_UP	0x02
#define LEVEL_ITEM	0x04	/* an item is remembered there */
#define LEVEL_TRODDEN	0x08	/* the player stood there */
#define LEVEL_MARKS	0x0f	/* every bit of seen */

/* A gate of a dungeon file, with its cells. */
struct level_gate {
	char	 name[NAME_LEN];	/* the dungeon file's: "kennel" */
	int	 open, closed;		/* terrains */
	int	 every, open_for, offset;
	int	*cells;
	int	 ncells;
};

struct level {
	int			 width;
	int			 height;
	uint8_t			*terrain;	/* width * height */
	uint8_t			*seen;		/* LEVEL_SEEN, LEVEL_GIVEN_UP,
						   LEVEL_ITEM, LEVEL_TRODDEN */
	int			 given_up;	/* cells with LEVEL_GIVEN_UP */
	uint8_t			*memory;	/* terrain last seen, where seen */
	uint8_t			*visible;	/* seen by the player now */
	uint8_t			*heard;		/* scratch: in hearing */
	int			*occupant;	/* monster index + 1, or 0 */
	struct path_rules	 rules;
	struct path_grid	*cost[CLASS_MAX];
	struct path_context	*ctx[CLASS_MAX];
	struct path_flank	*flank[CLASS_MAX];	/* made when first used */
	struct monster		*mon;
	int			 nmon;
	int			 capmon;
	struct level_gate	*gates;
	int			 ngates;
	struct dungeon_event	*events;	/* sorted by turn */
	int			 nevents;
	int			 next_event;
	double			 collapse_chance;	/* per turn */
	int			 from_file;	/* a dungeon file's level */
	char			 name[64];
	int			 sight;		/* radius of the far FOV */
	uint8_t			*far;		/* seen from the player, far */
	int			 view_x, view_y;	/* centre of the marks */
	int			 view_r;	/* their radius; 0: none */
	path_cost		*safety[CLASS_MAX];	/* flee.c's maps */
	struct path_field	*aim;		/* ranged.c's, made when a
						   shooter first needs it */
	struct path_field	*lead[4];	/* intercept.c's, likewise */
	long			 safety_turn[CLASS_MAX];
	uint64_t		 safety_version[CLASS_MAX]; /* grid's */
	int			 safety_x[CLASS_MAX], safety_y[CLASS_MAX];
	int			 safety_x0[CLASS_MAX], safety_y0[CLASS_MAX];
	int			 safety_w[CLASS_MAX], safety_h[CLASS_MAX];
	struct floor_item	*items;		/* on the floor, oldest first */
	int			 nitems;
	int			 capitems;
	int			 trail[LEVEL_TRAIL];	/* the player's
						   last cells (y * width + x),
						   oldest first, each
						   different from the one
						   before; saved */
	int			 ntrail;
	struct floor_item	*recalled;	/* the top item last seen on a
						   cell out of view now, by
						   cell (level_remember()) */
	int			 nrecalled;
	int			 caprecalled;
};

/* Creates an empty level of granite, its cost grids filled alike. */
struct level *level_new(struct game *, int width, int height,
	     struct path_rules);
/* Makes the planner contexts, once the terrain is in place. */
void	 level_make_planners(struct game *, struct level *);
void	 level_free(struct level *);

int	 level_contains(const struct level *, int x, int y);
/* Terrain at a cell; -1 outside. */
int	 level_at(const struct level *, int x, int y);
/* What entering a cell costs a class; 0 if it cannot. */
int	 level_cost(const struct level *, int cls, int x, int y);
/*
 * Whether a class may step from (x,y) by (dx,dy) under the level's rules:
 * the target open to it and, diagonally, the corner rule satisfied.
 */
int	 level_step_ok(const struct level *, int cls, int x, int y, int dx,
	     int dy);
/*
 * Whether a class may stand on a cell as it is: it may enter it, and the
 * cell is no rock it would have to dig first (terrain_dug(): a digging
 * class tunnels through it, dig.c).  Where monsters are placed, wander
 * and flee.
 */
int	 level_stand_ok(const struct level *, const struct terrain_table *,
	     int cls, int x, int y);
/* The one way terrain changes: see the top of the file. */
void	 level_set_terrain(struct level *, const struct terrain_table *,
	     int x, int y, int terrain);
/*
 * What the player knows of entering cell i: the walker's cost of a seen
 * cell, 2 for a seen shut door the player can open, else 0.
 */
int	 level_known_cost(const struct game *, const struct level *, int i);

/* The monster standing on a cell, or NULL. */
struct monster *level_monster_at(struct level *, int x, int y);

/*
 * Whether the player sees monster i: alive, on a cell in view, and not
 * submerged (a submerging kind is seen only beside the player).
 */
int	 level_monster_shown(const struct game *, const struct level *, int i);
/*
 * Adds a monster of a kind; returns its index.  Draws nothing from the
 * random streams (a restored save adds its monsters this way too).
 */
int	 level_add_monster(struct game *, struct level *, int kind, int x,
	     int y);
/*
 * Adds a monster of a kind that comes into play while the level is
 * played (an arrival, one a summoner raises): as level_add_monster(),
 * then hunting (MS_HUNT) or searching (MS_SEARCH) for the player where
 * they stand now.  It takes a dead monster's slot where there is one
 * (forgetting that one raised or led others), so a level holds as many
 * monsters as are alive, not as many as ever came.  Returns its index
 * (the level's monsters may have moved in memory: take pointers to them
 * again).
 */
int	 level_add_hunter(struct game *, struct level *, int kind, int x,
	     int y, enum monster_state);
/*
 * Notes the player standing on (x,y) in the level's trail: a cell
 * different from the last one noted goes on its end, the oldest off
 * its start when it is full.
 */
void	 level_note_player(struct level *, int x, int y);
/* How many monsters raised by monster i (raised_by) are alive. */
int	 level_raised(const struct level *, int i);
void	 level_move_monster(struct level *, int index, int x, int y);
/* Monster index dies: its cell is freed, its kind's death triggers due. */
void	 level_kill_monster(struct level *, int index);
/*
 * Places a monster of a kind on a free cell as near (x,y) as there is
 * one within radius r that its class may stand on, not the player's
 * (px,py); returns its index, or -1 if none is free.  Draws nothing
 * from the random streams.
 */
int	 level_add_monster_near(struct game *, struct level *, int kind,
	     int x, int y, int r, int px, int py);

/*
 * Recomputes what the player sees, what it remembers, and how far its
 * sight reaches for the monsters' benefit.
 */
void	 level_update_view(struct game *, struct level *);
/* Marks cell i a goal exploring gave up on (LEVEL_GIVEN_UP). */
void	 level_give_up(struct level *, int i);
/* Forgets every goal exploring gave up on. */
void	 level_forget_given_up(struct level *);

/*
 * Lays a stack of items on a cell, on top of what lies there (a stack of
 * the same kind and plus on the top grows instead, when the kind
 * stacks: item_stacks()).  Returns 0, or -1 if the
 * stack would pass ITEM_COUNT_MAX.
 */
int	 level_add_item(struct level *, int x, int y, int kind, int count,
	     int plus, int stacks);
/*
 * Lays an item as it is found: its kind's count, a wand's or a pick's
 * charges.
 */
void	 level_add_found(struct game *, struct level *, int x, int y,
	     int kind);
/* Takes the stack at an index off the floor, keeping the others' order. */
void	 level_take_item(struct level *, int index);
/* The index of the top stack on a cell (the last laid there), or -1. */
int	 level_item_at(const struct level *, int x, int y);
/* The item the player recalls on a cell (an index of recalled), or -1. */
int	 level_recalled_at(const struct level *, int x, int y);
/* Adds an item to what the player recalls (one a cell). */
void	 level_recall_add(struct level *, int x, int y, int kind, int count);

#endif
