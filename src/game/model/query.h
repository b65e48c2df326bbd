/*
 * query.h: a game as front ends see it, read-only.
 *
 * The types a front end and the rules share (a game's status, the
 * player's commands and actions) and every question a screen, a bot or a
 * test asks of a game: cells, the player, monsters and what their
 * planners are doing, items, messages, a digest of the whole state.
 * Nothing here changes a game.  game.h adds how a game is made, played,
 * saved and restored, and includes this.
 */
#ifndef ASTRAY_QUERY_H
#define ASTRAY_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "planner.h"
#include "terrain.h"

/* --monsters 0: none of a dungeon's own extra monsters. */
#define GAME_NO_MONSTERS	(-1)

enum game_status {
	GAME_PLAYING,
	GAME_WON,
	GAME_DEAD,
	GAME_SAVED,	/* saved and left; the save restores it */
	GAME_QUIT	/* abandoned */
};

enum game_cmd {
	GAME_CMD_MOVE,	/* dx, dy: step, or attack, or open a door */
	GAME_CMD_WAIT,
	GAME_CMD_OPEN,	/* dx, dy: the door */
	GAME_CMD_CLOSE,
	GAME_CMD_DIG,
	GAME_CMD_DESCEND,
	GAME_CMD_SAVE,	/* save and leave (the driver writes the file) */
	GAME_CMD_QUIT,	/* abandon the game */
	GAME_CMD_PICKUP,	/* what lies under the player */
	GAME_CMD_DROP,		/* item: the pack slot */
	GAME_CMD_QUAFF,		/* item */
	GAME_CMD_READ,		/* item */
	GAME_CMD_THROW,		/* item, dx, dy (as zap) */
	GAME_CMD_APPLY,		/* item, dx, dy */
	GAME_CMD_WIELD,		/* item: wield a weapon or wear armour */
	GAME_CMD_REST,		/* wait until healed or disturbed */
	GAME_CMD_EXPLORE,	/* walk to the unexplored until disturbed */
	GAME_CMD_TRAVEL,	/* dx, dy: walk to the cell that far from
				   the player (any distance); 0, 0: to known
				   stairs (so does GAME_CMD_DESCEND off
				   them) */
	GAME_CMD_RUN,		/* dx, dy: walk that way until something
				   changes (travel.c) */
	GAME_CMD_ZAP,		/* item, dx, dy: a wand that way (a
				   direction), at that cell, or (0, 0) at the
				   nearest monster in view */
	GAME_CMD_FIRE,		/* dx, dy as zap: the wielded launcher's
				   ammo */
	GAME_CMD_DIG_TURN,	/* dx, dy: one turn of digging (GAME_CMD_DIG
				   digs until the wall is through) */
	GAME_CMD_FIGHT		/* dx, dy: attack the monster there, even a
				   peaceful one (walking into it does not) */
};

struct game_action {
	enum game_cmd	cmd;
	int		dx;
	int		dy;
	int		item;	/* a pack slot, 0 (a) to 25 (z) */
	int		target;	/* read: what a scroll of enchanting is
				   aimed at: 1 + a pack slot,
				   GAME_TARGET_WIELDED, GAME_TARGET_WORN,
				   or 0 (what is wielded, else worn) */
};
#define GAME_TARGET_WIELDED	27	/* the key ')' */
#define GAME_TARGET_WORN	28	/* the key '[' */

struct game;

/*
 * Watching the planners, for overlays: while on, every search made in a
 * turn is recorded (expansions per cell, and which cells the watched
 * monster's last search opened and closed).  Costs time only while on;
 * changes nothing in the game.
 */
void		 game_watch(struct game *, int on, int monster);
enum game_search_cell {
	GAME_SEARCH_NONE,
	GAME_SEARCH_OPEN,
	GAME_SEARCH_CLOSED
};
enum game_search_cell game_watch_search(const struct game *, int x, int y);
unsigned	 game_watch_heat(const struct game *, int x, int y);
unsigned	 game_watch_heat_max(const struct game *);

/* The game's key log (for replays): len keys, NUL-terminated. */
const char	*game_keys(const struct game *, size_t *len);

enum game_status game_status(const struct game *);

/* What made the game: enough, with the keys, to replay it. */
struct game_origin {
	uint64_t	 seed;
	const char	*dungeon;	/* or NULL */
	int		 depths;	/* 0: a dungeon file's game */
	int		 monsters;	/* 0: the dungeon's own; or
					   GAME_NO_MONSTERS */
	const struct mods *mods;	/* its mods (mods.h), or NULL */
};
void		 game_origin(const struct game *, struct game_origin *);

/* What a screen shows of the game as a whole. */
struct game_info {
	long		 turn;
	int		 depth;	/* how deep: the monsters' and items' */
	int		 depths;	/* a generated game's deepest; 0 in
					   a dungeon file's or a campaign's */
	int		 level;		/* the level of the game, from 1 */
	int		 levels;	/* its levels (1: a dungeon file's) */
	int		 hp;
	int		 hp_max;
	int		 px, py;
	uint64_t	 seed;
	long		 score;
	int		 kills;
	const char	*level_name;
	enum game_status status;
	const char	*end_cause;	/* how it ended, or "" */
	int		 width;
	int		 height;
	int		 monsters;	/* alive on the level */
	int		 monsters_asked;	/* a dungeon's extra, asked for */
	int		 monsters_short;	/* how many of them found no room */
	int		 stealth;	/* turns left unheard */
	const char	*wielded;	/* an item's display name, or NULL */
	const char	*worn;
	enum words_noun	 wielded_noun;	/* how each counts */
	enum words_noun	 worn_noun;
	int		 wielded_plus;	/* their enchantment */
	int		 worn_plus;
	int		 to_hit;	/* percent a blow lands */
	int		 hasted;	/* turns left of each */
	int		 poisoned;
	int		 confused;
	int		 blind;
	int		 damage_min;	/* a blow, the weapon's share in */
	int		 damage_max;
	int		 armour;	/* taken off each blow that lands */
	int		 xp_level;	/* experience level, from 1 */
	long		 xp;		/* experience: a kill's score value */
	long		 xp_next;	/* more needed for the next level; 0
					   at the top */
};
void		 game_info(const struct game *, struct game_info *);

/*
 * The scoring rule (game_info()'s score), in words for a help screen:
 * "each kill's value, 50 a depth, 1000 a win (...)", short enough
 * for a line of 80 columns.
 */
const char	*game_score_rule(void);

/*
 * The i-th way a monster may fight, from 0, for a help screen: its data
 * key and what it does and how to meet it.  Returns -1 past the last.
 */
int		 game_monster_way(int i, const char **key, const char **help);

/*
 * What a screen shows of a cell, as the player knows it: in view, the
 * cell as it is; out of view but seen before, the terrain and the top
 * item as the player last saw them there (a door seen open stays open
 * until seen shut); never seen, the terrain as it is (for study views;
 * a screen draws nothing there).
 */
struct game_cell {
	const char	*glyph;		/* UTF-8 */
	enum colour	 colour;
	int		 bright;
	const char	*display;	/* its terrain's name: "open door" */
	enum words_noun	 noun;		/* how display counts */
	const char	*describe;	/* and description */
	int		 visible;	/* in view now */
	int		 seen;		/* remembered */
	int		 monster;	/* index of a visible monster, or -1 */
	int		 player;
	const char	*item_glyph;	/* an item seen there, or NULL */
	enum colour	 item_colour;
	int		 item_bright;
	/*
	 * An item seen there that lies buried in solid terrain (a corridor
	 * caved in on it), so the terrain is drawn: its name, or NULL.
	 */
	const char	*buried;
	enum words_noun	 buried_noun;
};
void		 game_cell(const struct game *, int x, int y,
		     struct game_cell *);
/*
 * The same for study views (--reveal): every cell as it is now, in view,
 * with the monster on it.
 */
void		 game_cell_revealed(const struct game *, int x, int y,
		     struct game_cell *);
const char	*game_terrain_name(const struct game *, int x, int y);
/* A cell's terrain as the player reads it: "open door", or "nothing". */
const char	*game_terrain_display(const struct game *, int x, int y);

/*
 * What the player knows of a cell, for planning on the player's side (the
 * bots of astray-lab plan with it as the player's own travel and
 * exploring do): the cost of entering it (1..254; a shut door the player
 * can open costs 2), or 0 if it was never seen or cannot be entered.
 * *exit, if not NULL, is set to 1 for known stairs or the goal, else 0.
 */
int		 game_known_cost(const struct game *, int x, int y, int *exit);

/* Whether the player knows a cell and could dig through it (D). */
int		 game_known_diggable(const struct game *, int x, int y);

/* The level's movement rules, to plan over game_known_cost() with. */
struct path_rules game_rules(const struct game *);

/* The monster on a cell, seen or not (for study views), or -1. */
int		 game_monster_at(const struct game *, int x, int y);
const char	*game_terrain_describe(const struct game *, int x, int y);

/*
 * Items: a slot of the player's pack (0 is 'a'), or the item on top of
 * the pile at (x,y); each returns 0, or -1 if there is none.
 */
/* What a number after an item's name means. */
enum game_item_shows {
	GAME_ITEM_PLAIN,	/* nothing */
	GAME_ITEM_PLUS,		/* enchantment: "+2 short sword" */
	GAME_ITEM_CHARGES,	/* "wand of digging (3 charges)" */
	GAME_ITEM_WEAR		/* "pick-axe (4 walls left)" */
};

struct game_item_info {
	int		 kind;		/* of the item table */
	int		 known;		/* the player knows what it is */
	const char	*name;		/* the data's: "scroll-of-teleport";
					   "" while unknown */
	const char	*display;	/* the player's: "scroll of teleport",
					   or its look: "vellum scroll" */
	const char	*cls;		/* "potion", "wand"... */
	const char	*effect;	/* items.txt's, or NULL while unknown */
	int		 plus;		/* enchantment, charges, wear */
	enum game_item_shows shows;	/* what plus means */
	int		 power;		/* known only (else 0): items.txt's */
	int		 accuracy;
	int		 delay;
	int		 noise;
	enum words_noun	 noun;		/* how display counts */
	const char	*glyph;
	enum colour	 colour;
	int		 bright;
	int		 count;
	const char	*verb;		/* how it is used: "drink", "throw"... */
	char		 key;		/* the key that uses it: q r t A w */
	const char	*describe;
};
int		 game_pack_item(const struct game *, int slot,
		     struct game_item_info *);
int		 game_floor_item(const struct game *, int x, int y,
		     struct game_item_info *);
/*
 * The top item on a cell as the player knows it: the one there now if
 * the cell is in view, else the one last seen there.  Returns 0, or -1
 * if there is none.
 */
int		 game_known_item(const struct game *, int x, int y,
		     struct game_item_info *);

/* What is wielded (worn 0) or worn (1): 0, or -1 if nothing. */
int		 game_held_item(const struct game *, int worn,
		     struct game_item_info *);

/* Whether reading the scroll in a pack slot asks which item it is for. */
int		 game_item_wants_target(const struct game *, int slot);

/*
 * A kind of the item table (0 to game_item_kinds() - 1) as the player
 * knows it, for a screen of what is identified; 0, or -1.
 */
int		 game_item_kind(const struct game *, int kind,
		     struct game_item_info *);
int		 game_item_kinds(const struct game *);

/* Messages, newest first (i = 0); NULL past the last one kept. */
const char	*game_message_text(const struct game *, int i, long *turn);

/* How many messages the game has ever given (the log keeps the last). */
long		 game_message_total(const struct game *);

/* Monsters, alive or dead, by index. */
struct game_monster_info {
	const char	*name;		/* the data's: "giant-bat" */
	const char	*display;	/* the player's: "giant bat" */
	enum words_noun	 noun;		/* how display counts */
	const char	*glyph;
	enum colour	 colour;
	int		 bright;
	const char	*describe;
	int		 alive;
	int		 x, y;
	int		 hp, hp_max;
	const char	*state;		/* "wandering", "hunting", ... */
	enum path_planner_kind planner;
	int		 tx, ty;	/* what it is heading for, or -1: the
					   player, where it searches, or the
					   cell a shooter shoots from */
	int		 range;		/* its shot's reach; 0: it has none */
	int		 keeps;		/* the distance a shooter keeps */
	char		 tactic[64];	/* what its tactic is up to, for the
					   panel and the look, at most 29
					   characters: "summoning in 3
					   turns", "intercepting: the
					   stairs"; or "" */
	int		 peaceful;	/* not hostile until attacked */
	char		 carrying[80];	/* "carrying your dart (3)", or "" */
	struct path_plan_stats stats;	/* of its last plan */
	uint64_t	 plan_ns;
	int		 replans;
};
int		 game_monster_count(const struct game *);
int		 game_monster_info(const struct game *, int i,
		     struct game_monster_info *);
size_t		 game_monster_path(const struct game *, int i,
		     struct path_point *out, size_t max);

/* What the monsters' planners did on the last turn, per planner kind. */
struct game_ai_totals {
	uint64_t	expansions[PATH_PLANNER_KINDS];
	uint64_t	plans[PATH_PLANNER_KINDS];
	uint64_t	replans[PATH_PLANNER_KINDS];
	uint64_t	hits[PATH_PLANNER_KINDS];
	uint64_t	ns[PATH_PLANNER_KINDS];
};
void		 game_ai_totals(const struct game *, struct game_ai_totals *);

/* A planner kind's name ("astar", "mtdstar", ...), for screens. */
const char	*game_planner_name(enum path_planner_kind);

/*
 * The level as text, all of it, whether seen or not: a header line, the
 * map (the player '@', monsters by glyph) and a line per living monster.
 * For tests and the seed catalogue; the caller frees it.
 */
char		*game_level_text(const struct game *);

/*
 * A digest of the whole state that matters (turn, rng, player, terrain,
 * monsters, score): equal digests mean equal games.
 */
uint64_t	 game_digest(const struct game *);

/*
 * Whether the terrain a screen shows on a cell is bare floor (the data's
 * floor terrain): as game_cell() shows it (the floor remembered, out of
 * view) or, with revealed set, as game_cell_revealed() does; 0 for a
 * cell never seen and not revealed, or outside the level.  Overlays draw
 * their marks over bare floor only, so they hide no other terrain.
 */
int		 game_cell_floor(const struct game *, int x, int y,
		     int revealed);

#endif
