/*
 * game.h: astray's rules, as front ends see them.
 *
 * A game is made from a configuration (data directory, seed, optionally a
 * dungeon file), driven one player action at a time, and asked about
 * anything a screen shows: cells, the player, monsters and what their
 * planners are doing, messages.  Nothing here draws or reads keys, so
 * the whole game runs and is tested headless.  The same seed and the same
 * actions always give the same game, bit for bit, and a save restores it
 * exactly, planners included.
 */
#ifndef ASTRAY_GAME_H
#define ASTRAY_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "planner.h"
#include "terrain.h"

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
	GAME_CMD_THROW,		/* item, dx, dy */
	GAME_CMD_APPLY,		/* item, dx, dy */
	GAME_CMD_WIELD,		/* item: wield a weapon or wear armour */
	GAME_CMD_REST,		/* wait until healed or disturbed */
	GAME_CMD_EXPLORE,	/* walk to the unexplored until disturbed */
	GAME_CMD_TRAVEL,	/* dx, dy: walk to the cell that far from
				   the player (any distance); 0, 0: to known
				   stairs (so does GAME_CMD_DESCEND off
				   them) */
	GAME_CMD_RUN		/* dx, dy: walk that way until something
				   changes (travel.c) */
};

struct game_action {
	enum game_cmd	cmd;
	int		dx;
	int		dy;
	int		item;	/* a pack slot, 0 (a) to 25 (z) */
};

struct game;

struct game_config {
	const char	*data_dir;	/* terrain.txt, monsters.txt */
	const char	*dungeon;	/* a dungeon file, or NULL */
	const char	*vaults;	/* a vault file for generated levels;
					   NULL: DATA/vaults.txt if present */
	uint64_t	 seed;
	int		 depths;	/* levels of a generated game; 0: 5 */
	int		 monsters;	/* a dungeon's extra monsters; 0: its own,
					   GAME_NO_MONSTERS: none */
	const char	*planner;	/* for study: every monster plans with
					   this planner; NULL: each its own */
	int		 hunted;	/* for study: every monster hears the
					   player wherever it is, so all hunt */
	uint64_t	(*clock_ns)(void);	/* optional: for statistics */
	/*
	 * Optional, for tests: told of every monster's plan as it ends,
	 * before the monster steps, with the monster's index.  It may look
	 * at the game but not change it.
	 */
	void		(*plan_observer)(void *arg, const struct game *,
			    int monster);
	void		*plan_observer_arg;
};

/* --monsters 0: none of a dungeon's own extra monsters. */
#define GAME_NO_MONSTERS	(-1)

/* Creates a game; NULL with *cause set if the data or dungeon is bad. */
struct game	*game_new(const struct game_config *, char **cause);
void		 game_free(struct game *);

/*
 * Carries out an action for the player.  Returns 1 if it took a turn
 * (the monsters then act), 0 if it was refused (a message says why) or
 * the game is over.  Resting, exploring and travel take as many whole
 * turns as they need (each stops when a monster comes into view).
 */
int		 game_act(struct game *, struct game_action);

/*
 * The same action in steps, for watching monsters one at a time:
 * game_begin() does the player's part and returns what game_act() would;
 * then each game_step() makes one monster act and returns its index;
 * after the turn's last action game_mid_turn() is 0 (a game_step() with
 * nothing left to do returns -1).  The game is the same as if
 * game_act() had been called.  A turn half done is finished before the
 * next action, and cannot be saved.
 */
int		 game_begin(struct game *, struct game_action);
int		 game_step(struct game *);
int		 game_mid_turn(const struct game *);

/*
 * Optional, for drivers that time turns: fn(arg, g) is called each time
 * a turn has been played in full (the player's action and every
 * monster's), each turn of a command that takes many (rest, explore,
 * travel) too.  It may look at the game but not change it.  NULL
 * removes it.
 */
void		 game_set_turn_observer(struct game *,
		    void (*fn)(void *arg, const struct game *), void *arg);

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

/* Appends a key to the game's key log (for replays). */
void		 game_log_key(struct game *, int key);
const char	*game_keys(const struct game *, size_t *len);

enum game_status game_status(const struct game *);

/* What made the game: enough, with the keys, to replay it. */
struct game_origin {
	uint64_t	 seed;
	const char	*dungeon;	/* or NULL */
	int		 depths;	/* 0: a dungeon file's game */
	int		 monsters;	/* 0: the dungeon's own; or
					   GAME_NO_MONSTERS */
};
void		 game_origin(const struct game *, struct game_origin *);

/* What a screen shows of the game as a whole. */
struct game_info {
	long		 turn;
	int		 depth;
	int		 depths;
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
	const char	*describe;	/* and description */
	int		 visible;	/* in view now */
	int		 seen;		/* remembered */
	int		 monster;	/* index of a visible monster, or -1 */
	int		 player;
	const char	*item_glyph;	/* an item seen there, or NULL */
	enum colour	 item_colour;
	int		 item_bright;
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
struct game_item_info {
	const char	*name;		/* the data's: "scroll-of-teleport" */
	const char	*display;	/* the player's: "scroll of teleport" */
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

/* Messages, newest first (i = 0); NULL past the last one kept. */
const char	*game_message_text(const struct game *, int i, long *turn);

/* How many messages the game has ever given (the log keeps the last). */
long		 game_message_total(const struct game *);

/* Monsters, alive or dead, by index. */
struct game_monster_info {
	const char	*name;		/* the data's: "giant-bat" */
	const char	*display;	/* the player's: "giant bat" */
	const char	*glyph;
	enum colour	 colour;
	int		 bright;
	const char	*describe;
	int		 alive;
	int		 x, y;
	int		 hp, hp_max;
	const char	*state;		/* "wandering", "hunting", ... */
	enum path_planner_kind planner;
	int		 tx, ty;	/* what it is heading for, or -1 */
	struct path_plan_stats stats;	/* of its last plan */
	uint64_t	 plan_ns;
	int		 replans;
};
int		 game_monster_count(const struct game *);
int		 game_monster_info(const struct game *, int i,
		     struct game_monster_info *);
size_t		 game_monster_path(const struct game *, int i,
		     struct path_point *out, size_t max);

/*
 * The player's own route, as travel (to (tx,ty)) or exploring (tx < 0:
 * to the nearest cell that shows something new) would walk it now over
 * what the player knows: the player first, written into out (at most max
 * points).  Returns its length in points, which may exceed max; 0 if
 * there is no such way (or the game is over).  For the paths overlay.
 */
size_t		 game_player_route(const struct game *, int tx, int ty,
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
 * Takes a campaign's stairs at once, wherever the player stands: its
 * next level is built as the game builds it when the player comes down
 * (for astray --check --show).  Returns 0, or -1 when the game is not a
 * campaign in play or is on its last level (the game is left as it is).
 */
int		 game_descend_now(struct game *);

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
 * Saves to a file atomically (a temporary file, flushed, then renamed
 * over the old one).  Returns 0, or -1 with *cause set; the old save is
 * untouched on failure.
 */
int		 game_save(const struct game *, const char *path, char **cause);

/*
 * Restores a saved game, checking its version and checksum, that it was
 * made with data files of the same rules (comments, spacing and glyphs
 * do not matter; *cause names what changed if they do), and every value
 * against what play can reach.  Returns NULL with *cause set if the save
 * cannot be played; the file is left as it is.
 */
struct game	*game_load(const char *path, const struct game_config *,
		     char **cause);

#endif
