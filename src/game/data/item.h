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
	ITEM_DIG,	/* zap: power cells of wall in a line become floor */
	ITEM_SCATTER,	/* throw: the floor around where it lands becomes
			   terrain (caltrops) */
	ITEM_WEAPON,	/* wield: power more damage */
	ITEM_ARMOUR,	/* wear: power less damage taken */
	ITEM_STRENGTH,	/* drink: power more damage, for good */
	ITEM_HASTE,	/* drink: power turns of acting twice as fast */
	ITEM_POISON,	/* drink: lose a hit point a turn for power turns */
	ITEM_CONFUSE,	/* drink: power turns of stumbling at random */
	ITEM_BLIND,	/* drink: power turns of seeing one cell */
	ITEM_EXPERIENCE,	/* drink: an experience level */
	ITEM_IDENTIFY,	/* read: every unknown kind carried is known */
	ITEM_ENCHANT,	/* read: power more to a weapon, armour or wand */
	ITEM_MAP,	/* read: the level's layout is known */
	ITEM_AGGRAVATE,	/* read: every monster on the level hunts you */
	ITEM_FEAR,	/* read: monsters in view flee for power turns */
	ITEM_RECHARGE,	/* read: every wand carried gets power charges */
	ITEM_BOLT,	/* zap: power damage to the first monster in line */
	ITEM_SLOW,	/* zap: that monster acts at half speed, power turns */
	ITEM_BLINK,	/* zap: the player jumps up to range cells that way */
	ITEM_MISSILE,	/* throw (or fire from its launcher): power damage
			   to the first monster in line */
	ITEM_LAUNCHER,	/* wield: fires its ammo for power more damage */
	ITEM_PICK,	/* carried: digs walls (D), wearing a charge each */
	ITEM_EFFECTS
};

/* What kind of thing an item is: how it is shown and found. */
enum item_class {
	ITEM_CLASS_WEAPON,
	ITEM_CLASS_ARMOUR,
	ITEM_CLASS_POTION,
	ITEM_CLASS_SCROLL,
	ITEM_CLASS_WAND,
	ITEM_CLASS_MISSILE,
	ITEM_CLASS_TOOL,
	ITEM_CLASSES
};

/* What a weapon's blow strikes besides the monster in front. */
enum item_strikes {
	ITEM_STRIKES_ONE,	/* that monster only */
	ITEM_STRIKES_LINE,	/* and the one behind it (a spear) */
	ITEM_STRIKES_AROUND	/* and every other monster next to the
				   player (an axe) */
};

/* How an effect is used: each has its own key. */
enum item_use {
	ITEM_USE_QUAFF,
	ITEM_USE_READ,
	ITEM_USE_THROW,		/* + a direction */
	ITEM_USE_APPLY,		/* + a direction */
	ITEM_USE_WIELD,
	ITEM_USE_ZAP,		/* + a direction or the nearest monster */
	ITEM_USE_CARRY		/* used by another command (a pick: D) */
};

#define ITEM_DELAY_MIN		50	/* percent of a turn an action takes */
#define ITEM_DELAY_MAX		400
#define ITEM_ACCURACY_MAX	50	/* percent more or less to hit */
#define ITEM_NOISE_MAX		9	/* added to (or taken from) a step's */
#define ITEM_PLUS_MAX		99	/* enchantment, charges, wear */

struct item_kind {
	char			 name[NAME_LEN];
	char			 display[NAME_LEN];	/* "short sword" */
	enum words_noun		 noun;		/* how display counts */
	char			 glyph[GLYPH_LEN];
	enum colour		 colour;
	int			 bright;
	enum item_effect	 effect;
	enum item_class		 cls;
	char			 look[NAME_LEN];	/* unknown: "murky
						   potion", or "" (always
						   known) */
	enum colour		 look_colour;
	int			 look_bright;
	int			 power;
	int			 charges;	/* a wand's or pick's, found */
	int			 delay;		/* percent of a turn a blow
						   (a weapon) or a step
						   (armour) takes */
	int			 accuracy;	/* percent to hit, more or less */
	enum item_strikes	 strikes;	/* a weapon's reach */
	int			 noise;		/* armour: added to a step's */
	int			 ammo;		/* a launcher's: a kind, or -1 */
	char			 ammo_name[NAME_LEN];
	int			 ammo_line, ammo_column;
	int			 range;		/* of a throw or a dig */
	int			 terrain;	/* made by spike, scatter; or -1 */
	int			 count;		/* found in a stack of */
	int			 depth_min;
	int			 depth_max;
	int			 frequency;	/* weight among the depth's items */
	char			 describe[DESCRIBE_LEN];
	int			 line;
	int			 layer;		/* in which layer (mods.h) */
};

struct item_table {
	int			n;
	int			layer;	/* the layer being read (mods.h) */
	struct item_kind	k[ITEM_KINDS_MAX];
	char			absent[256];	/* the item file looked for
						   and not there (tables.h),
						   or "": for messages */
};

/*
 * Parses an item file against a terrain table (for the terrains items
 * make).  Returns 0, or -1 with *cause set to "name:line:column: ...".
 */
int	 item_parse(struct item_table *, const struct terrain_table *,
	     const char *name, const char *buf, size_t len, char **cause);
int	 item_read(struct item_table *, const struct terrain_table *,
	     const char *path, char **cause);

/*
 * Reads an item file as layer `layer` (mods.h) on the table: for 0 as
 * item_read() does, else over what the table holds, a kind of a name it
 * has replacing that one where it stands.
 */
int	 item_read_layer(struct item_table *, int layer,
	     const struct terrain_table *, const char *path, char **cause);

/*
 * The checker's look at an item file (astray --check): every error (up
 * to REPORT_MAX_ERRORS), each "file:line:column: ...", added to *r, and
 * the table read into *it when there is none (else *it is left as it
 * was).  Returns the number of errors added.
 */
struct dungeon_report;
int	 item_check(struct dungeon_report *r, struct item_table *it,
	     const struct terrain_table *, const char *path);

/* Index of a kind by name, or -1. */
int	 item_find(const struct item_table *, const char *name);

/*
 * A kind that belongs at a depth, each as likely as its frequency, drawn
 * from r (generated levels' items, a legend's "item any"); -1 if none.
 */
struct rng;
int	 item_pick(const struct item_table *, struct rng *r, int depth);

/*
 * For a name not found: " (did you mean NAME?)" naming the kinds closest
 * to the word (len bytes), or "" (or, in a table without items, that its
 * file is absent: there was no item file to look in),
 * written into buf[size] and returned.
 */
const char *item_near(const struct item_table *, const char *word,
	     size_t len, char *buf, size_t size);

/* How an effect is used, and the verb for it ("drink", "throw"...). */
enum item_use item_use_of(enum item_effect);
const char *item_use_verb(enum item_use);
const char *item_effect_name(enum item_effect);
const char *item_class_name(enum item_class);

/* Whether a kind, found again, joins a stack (not wands or picks). */
int	 item_stacks(const struct item_kind *);

#endif
