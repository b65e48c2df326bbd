/*
 * monster.h: the monster catalogue (data/monsters.txt).
 *
 * Each monster kind has a look, hit points, a damage range, a speed (10
 * acts once per player turn, 20 twice, 5 every other), how far it sees
 * and hears, the movement class it walks with (from the terrain table),
 * the planner it hunts with, behaviour flags, how long it searches for a
 * lost player, the depths it appears at, and the score it is worth.
 * A kind may be made from a kind above it ("like KIND", a template): a
 * copy of its values, the block's lines changing what differs.
 */
#ifndef ASTRAY_MONSTER_H
#define ASTRAY_MONSTER_H

#include <stddef.h>

#include "planner.h"
#include "terrain.h"

#define MONSTER_KINDS_MAX	64
#define MONSTER_RANGE_MAX	12	/* cells a ranged attack reaches */

#define MONSTER_PACK		0x1	/* hunts with others of its kind */
#define MONSTER_GUARD		0x2	/* stays put until it notices you */
#define MONSTER_ERRATIC		0x4	/* a quarter of its moves are random */
#define MONSTER_PATIENT		0x8	/* with no way, closes in and waits */
#define MONSTER_DOORS		0x10	/* shuts the doors it walks through */
#define MONSTER_AMBUSH		0x20	/* wanders only once it noticed you */
#define MONSTER_FLANK		0x40	/* comes round to a free side of you */
#define MONSTER_SUBMERGE	0x80	/* unseen under water until beside you */
#define MONSTER_INTERCEPT	0x100	/* heads where your moves say you go */

#define MONSTER_SUMMON_MAX	8	/* raised at one call, at most */
#define MONSTER_SUMMON_CAP	4	/* alive at once, unless summon-cap */
#define MONSTER_HOLD		0x1000	/* holds a door shut against you
					   (hold.c) */
#define MONSTER_STEALS		0x2000	/* a blow that lands steals (carry.c) */
#define MONSTER_PICKS_UP	0x4000	/* picks up items it sees (carry.c) */
#define MONSTER_PEACEFUL	0x8000	/* not hostile until attacked */

#define MONSTER_DROPS_MAX	4	/* "drops" lines a kind may have */
#define MONSTER_ESCORT_MAX	8	/* escorts placed with one monster */

/* "drops ITEM PERCENT": on its death, the item is left that often. */
struct monster_drop {
	char	 item_name[NAME_LEN];	/* as written, until linked */
	int	 item;			/* an item kind, once linked */
	int	 percent;		/* 1 to 100 */
	int	 line, column;		/* of the item's name */
};

struct monster_kind {
	char			 name[NAME_LEN];
	char			 display[NAME_LEN];	/* "giant bat" */
	enum words_noun		 noun;		/* how display counts */
	char			 glyph[GLYPH_LEN];
	enum colour		 colour;
	int			 bright;
	int			 hp;
	int			 damage_min;
	int			 damage_max;
	int			 speed;
	int			 sight;		/* radius; 0: blind */
	int			 hearing;	/* radius; 0: deaf */
	int			 cls;		/* movement class */
	enum path_planner_kind	 planner;
	unsigned		 flags;
	int			 give_up;	/* turns of searching */
	int			 depth_min;
	int			 depth_max;
	int			 value;		/* score for a kill */
	int			 flee;		/* flees below this % of hp; 0:
						   never */
	/* A ranged attack (issue 26): its damage, how far it reaches,
	   the distance the monster keeps from the player, and what flies
	   ("an arrow"); range 0: none. */
	int			 frequency;	/* weight among the depth's
						   kinds (default 10) */
	int			 ranged_min, ranged_max;
	int			 range;
	int			 keeps;
	char			 shot[NAME_LEN];
	enum words_noun		 shot_noun;
	/* A summoner (issue 26): the kind it raises (-1: none), how many
	   a call, the turns between calls, and how many of those it
	   raised may be alive at once.  "keeps" without a ranged attack
	   makes a monster keep its distance without shooting. */
	int			 summons;
	int			 summons_min, summons_max;
	int			 summon_every;
	int			 summon_cap;
	char			 summons_name[NAME_LEN];	/* as read */
	int			 summons_line, summons_column;
	int			 spikes;	/* the terrain a door-holder
						   makes of a door it holds
						   (hold.c), or -1 */
	char			 describe[DESCRIBE_LEN];
	int			 line;
	int			 layer;		/* in which layer (mods.h) */
	/* What it leaves when it dies, rolled each ("drops"). */
	struct monster_drop	 drops[MONSTER_DROPS_MAX];
	int			 ndrops;
	/* "escort KIND A-B": placed with A-B of a kind beside it, or
	   escort -1. */
	int			 escort;
	int			 escort_min, escort_max;
};

struct monster_table {
	int			n;
	int			layer;	/* the layer being read (mods.h) */
	struct monster_kind	k[MONSTER_KINDS_MAX];
};

/*
 * Parses a monster file against a terrain table (for class names).
 * Returns 0, or -1 with *cause set to "name:line:column: ...".
 */
int	 monster_parse(struct monster_table *, const struct terrain_table *,
	     const char *name, const char *buf, size_t len, char **cause);
int	 monster_read(struct monster_table *, const struct terrain_table *,
	     const char *path, char **cause);

/*
 * Reads a monster file as layer `layer` (mods.h) on the table: for 0 as
 * monster_read() does, else over what the table holds, a kind of a name
 * it has replacing that one where it stands.
 */
int	 monster_read_layer(struct monster_table *, int layer,
	     const struct terrain_table *, const char *path, char **cause);

/*
 * Links each kind's "drops" to the item table (read after the monsters):
 * returns 0, or -1 with *cause "name:line:column: unknown item ..." (name
 * is the monster file's, items the item file's, for the message).
 */
struct item_table;
int	 monster_link_items(struct monster_table *, const struct item_table *,
	     const char *name, const char *items, char **cause);

/*
 * The checker's look at a monster file (astray --check): every error
 * (up to REPORT_MAX_ERRORS), each "file:line:column: ...", added to *r,
 * its classes and terrains looked up in tt and, when it is not NULL,
 * its drops in it (the file items, named in messages).  The file is read
 * into *mt, a scratch table: empty, or a mod's layer on the tables below
 * (mods.h).  Returns the number of errors added.
 */
struct dungeon_report;
int	 monster_check(struct dungeon_report *r, struct monster_table *mt,
	     const struct terrain_table *tt, const struct item_table *it,
	     const char *items, const char *path);

/*
 * The planners closest to a word: " (did you mean dstar?)" or "", from
 * the path library's list of their names ("astar, cached, ...").
 */
struct scan_field;
const char *monster_planner_near(const struct scan_field *, char *buf,
	     size_t size);

/* Index of a kind by name, or -1. */
int	 monster_find(const struct monster_table *, const char *name);

/*
 * One of n kinds, each as likely as its frequency, drawn from r (the
 * monsters of generated levels, of a dungeon's "monsters:", of a
 * legend's "monster any"); n > 0 and the frequencies' sum above 0.
 */
struct rng;
int	 monster_pick(const struct monster_table *, struct rng *r,
	     const int *kinds, int n);

/*
 * The i-th way a monster may fight, from 0: its data key (a behaviour
 * flag, "ranged", "summons" or "class dig") and a line on what it does
 * and how to meet it.  Returns -1 past the last.
 */
int	 monster_way(int i, const char **name, const char **help);

/*
 * For a name not found: " (did you mean NAME?)" naming the kinds closest
 * to the word (len bytes), or "", written into buf[size] and returned.
 */
const char *monster_near(const struct monster_table *, const char *word,
	     size_t len, char *buf, size_t size);

#endif
