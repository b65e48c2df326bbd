/*
 * item.h: the item catalogue (data/items.txt).
 *
 * Each item kind has a look, an effect (what using it does), a power
 * (how much: hit points healed, turns of stealth, cells dug, how loud a
 * noise, damage added, damage stopped), a range for what is thrown, the
 * terrain it makes (door spikes, caltrops), the depths it is found at,
 * how often it is found there, and a description.  The effect decides
 * how it is used: drunk, read, thrown, applied in a direction, or
 * wielded and worn.
 */
#ifndef ASTRAY_ITEM_H
#define ASTRAY_ITEM_H

#include <stddef.h>

#include "terrain.h"

#define ITEM_KINDS_MAX		64
#define ITEM_POWER_MAX		1000
#define ITEM_RANGE_MAX		20
#define ITEM_COUNT_MAX		99	/* of a kind on a cell or in a slot */

enum item_effect {
	ITEM_HEAL,	/* drink: power hit points back */
	ITEM_TELEPORT,	/* read: the player jumps far away */
	ITEM_STEALTH,	/* read: power turns unheard, unseen past one cell */
	ITEM_NOISE,	/* throw: monsters hearing it go there */
	ITEM_SPIKE,	/* apply to a shut door: it becomes terrain */
	ITEM_DIG,	/* apply: power cells of wall in a line become floor */
	ITEM_SCATTER,	/* throw: the floor around where it lands becomes
			   terrain (caltrops) */
	ITEM_WEAPON,	/* wield: power more damage */
	ITEM_ARMOUR,	/* wear: power less damage taken */
	ITEM_EFFECTS
};

/* How an effect is used: each has its own key. */
enum item_use {
	ITEM_USE_QUAFF,
	ITEM_USE_READ,
	ITEM_USE_THROW,		/* + a direction */
	ITEM_USE_APPLY,		/* + a direction */
	ITEM_USE_WIELD
};

struct item_kind {
	char			 name[NAME_LEN];
	char			 display[NAME_LEN];	/* "short sword" */
	enum words_noun		 noun;		/* how display counts */
	char			 glyph[GLYPH_LEN];
	enum colour		 colour;
	int			 bright;
	enum item_effect	 effect;
	int			 power;
	int			 range;		/* of a throw or a dig */
	int			 terrain;	/* made by spike, scatter; or -1 */
	int			 count;		/* found in a stack of */
	int			 depth_min;
	int			 depth_max;
	int			 frequency;	/* weight among the depth's items */
	char			 describe[DESCRIBE_LEN];
	int			 line;
};

struct item_table {
	int			n;
	struct item_kind	k[ITEM_KINDS_MAX];
};

/*
 * Parses an item file against a terrain table (for the terrains items
 * make).  Returns 0, or -1 with *cause set to "name:line:column: ...".
 */
int	 item_parse(struct item_table *, const struct terrain_table *,
	     const char *name, const char *buf, size_t len, char **cause);
int	 item_read(struct item_table *, const struct terrain_table *,
	     const char *path, char **cause);

/* Index of a kind by name, or -1. */
int	 item_find(const struct item_table *, const char *name);

/* How an effect is used, and the verb for it ("drink", "throw"...). */
enum item_use item_use_of(enum item_effect);
const char *item_use_verb(enum item_use);
const char *item_effect_name(enum item_effect);

#endif
