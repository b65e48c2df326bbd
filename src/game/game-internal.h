/*
 * game-internal.h: the game's state, for the modules of src/game only.
 *
 * A game is the data tables, two random streams (gameplay, and cosmetic
 * choices that must not disturb it), the player, the current level and
 * the message log.  A level is a terrain grid plus, for every movement
 * class, a cost grid derived from the terrain and a planner context on
 * it; every monster plans in the context of its class.  Terrain changes
 * go through level_set_terrain() and nowhere else, so every cost grid
 * and its change log see every change and every planner catches up by
 * itself.  Front ends see none of this: they go through game.h.
 */
#ifndef ASTRAY_GAME_INTERNAL_H
#define ASTRAY_GAME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "campaign.h"
#include "dungeon.h"
#include "vault.h"
#include "game.h"
#include "item.h"
#include "monster.h"
#include "planner.h"
#include "rng.h"
#include "terrain.h"

#define GAME_MESSAGES		200	/* kept in the log */
#define GAME_MESSAGE_LEN	160
#define PLAYER_SIGHT		9
#define PLAYER_HP		30
#define PLAYER_DAMAGE_MIN	2
#define PLAYER_DAMAGE_MAX	6

/*
 * Counters stop at these instead of overflowing, and a save holding more
 * is refused: play can reach them (in theory) but never pass them.
 */
#define GAME_TURN_MAX		1000000000L	/* turns */
#define GAME_KILLS_MAX		1000000000	/* kills */
#define GAME_SCORE_MAX		1000000000000000L	/* points */
#define GAME_REPLANS_MAX	2000000000	/* a monster's searches */

/* The scoring rule's points (game-query.c, game_score_rule()). */
#define GAME_SCORE_DEPTH	50	/* for each depth reached */
#define GAME_SCORE_WIN		1000	/* for winning */

/* Experience (growth.c). */
#define GROWTH_LEVEL_MAX	20
#define GROWTH_HP		6	/* hit points a level */
#define GROWTH_XP_STEP		15	/* level L + 1 needs 15 L^2 in all */
#define GROWTH_XP_MAX		100000000L
#define PLAYER_HP_TOP		(PLAYER_HP + GROWTH_HP * (GROWTH_LEVEL_MAX - 1))

/* Noises an action makes: how far, scaled by a monster's hearing. */
#define NOISE_WAIT		1
#define NOISE_MOVE		4
#define NOISE_DOOR		7
#define NOISE_FIGHT		9
#define NOISE_DIG		14

enum monster_state {
	MS_WANDER,	/* has not noticed the player */
	MS_HUNT,	/* perceives the player now */
	MS_SEARCH,	/* lost the player: goes where it was last seen */
	MS_FLEE		/* badly hurt: runs from the player (flee.c) */
};

#define FLEE_HEAL_EVERY	3	/* turns a fleeing monster heals a point in */
#define FLEE_WINDOW	97	/* side of the safety map round the player */

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
};

/* Items lying on a level: a stack of one kind on a cell. */
struct floor_item {
	int	x, y;
	int	kind;
	int	count;
};

/* A slot of the player's pack, a to z: a stack of one kind. */
#define PACK_SLOTS	26
struct pack_slot {
	int	kind;		/* or -1: empty */
	int	count;
};

/*
 * What happened on a level, as the level and the monsters tell it: the
 * level is the model and the monsters decide, but neither writes to the
 * player.  game.c reads what happened after each part of a turn and turns
 * it into messages, and into the player's wounds.  seen: the player saw
 * it happen (else it may still be heard).
 */
enum happening_kind {
	HAPPEN_NOTICED,		/* a monster notices the player (value 1:
				   sees, 0: hears) */
	HAPPEN_MISSED,		/* a monster attacks the player and misses */
	HAPPEN_HIT,		/* ... and hits, for value */
	HAPPEN_OPENED,		/* a monster opens a door */
	HAPPEN_SHUT,		/* a monster shuts the door behind it */
	HAPPEN_GATE,		/* a gate opens (value 1) or shuts (0) */
	HAPPEN_EVENT,		/* a dungeon event: value2 its terrain */
	HAPPEN_CAVE_IN,		/* a corridor caves in */
	HAPPEN_SHORT		/* only value of value2 extra monsters fit */
};

struct happening {
	enum happening_kind	 kind;
	int			 seen;
	int			 monster;	/* its kind, or -1 */
	int			 value;
	int			 value2;
};

/*
 * What the player remembers of a cell, bits of level.seen: seen at some
 * time, and a goal exploring gave up on (travel.c), until something new
 * is seen.  Both are saved with the level.
 */
#define LEVEL_SEEN	0x01
#define LEVEL_GIVEN_UP	0x02

/* A gate of a dungeon file, with its cells. */
struct level_gate {
	int	 open, closed;		/* terrains */
	int	 every, open_for, offset;
	int	*cells;
	int	 ncells;
};

struct level {
	int			 width;
	int			 height;
	uint8_t			*terrain;	/* width * height */
	uint8_t			*seen;		/* LEVEL_SEEN, LEVEL_GIVEN_UP */
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
	struct happening	*happened;	/* not yet told, oldest first */
	int			 nhappened;
	int			 caphappened;
	path_cost		*safety[CLASS_MAX];	/* flee.c's maps */
	long			 safety_turn[CLASS_MAX];
	uint64_t		 safety_version[CLASS_MAX]; /* grid's */
	int			 safety_x[CLASS_MAX], safety_y[CLASS_MAX];
	int			 safety_x0[CLASS_MAX], safety_y0[CLASS_MAX];
	int			 safety_w[CLASS_MAX], safety_h[CLASS_MAX];
	struct floor_item	*items;		/* on the floor, oldest first */
	int			 nitems;
	int			 capitems;
	struct floor_item	*recalled;	/* the top item last seen on a
						   cell out of view now, by
						   cell (level_remember()) */
	int			 nrecalled;
	int			 caprecalled;
};

struct game {
	struct terrain_table	 terrain;
	struct monster_table	 monsters;
	struct item_table	 items;
	struct rng		 rng;		/* everything that matters */
	struct rng		 cosmetic;	/* flavour only */
	uint64_t		 seed;
	char			 dungeon_path[1024];	/* or empty */
	struct campaign		*campaign;	/* when dungeon_path is one */
	int			 stage;		/* its level being played,
						   from 0 */
	int			 depth;
	int			 depths;	/* of a generated game */
	int			 extra;		/* config: a dungeon's monsters */
	struct vault_set	 vaults;	/* for generated levels */
	int			 monsters_asked;	/* extra monsters to place */
	int			 monsters_short;	/* of them, without room */
	long			 turn;
	enum game_status	 status;
	long			 kill_points;	/* the kills' values, for the
					   score (game_score_rule()) */
	char			 end_cause[GAME_MESSAGE_LEN];

	int			 px, py;
	int			 hp;
	int			 hp_max;
	int			 damage_min;
	int			 damage_max;
	int			 kills;
	int			 noise;		/* of the player's last action */
	struct pack_slot	 pack[PACK_SLOTS];
	int			 wielded;	/* an item kind, or -1 */
	int			 worn;		/* an item kind, or -1 */
	int			 stealth;	/* turns left unheard */
	long			 xp;		/* experience */
	int			 xp_level;	/* from 1 */

	struct level		*level;

	char			 messages[GAME_MESSAGES][GAME_MESSAGE_LEN];
	long			 message_turn[GAME_MESSAGES];
	int			 nmessages;	/* ever, mod GAME_MESSAGES */

	char			*keys;		/* the key log, for replays */
	size_t			 nkeys;
	size_t			 capkeys;

	uint64_t		 (*clock_ns)(void);	/* statistics only */
	void			 (*plan_observer)(void *, const struct game *,
				    int);	/* tests only (game.h) */
	void			*plan_observer_arg;
	void			 (*turn_observer)(void *, const struct game *);
	void			*turn_observer_arg;
	struct game_ai_totals	 ai;		/* of the last turn */

	/* The monsters' share of the turn under way (see ai_step()). */
	int			 ai_acting;	/* a turn is half done */
	int			 ai_next;	/* the monster acting next */
	int			 ai_gained;	/* it has had its energy */

	/* What the overlays watch (watch.c); never saved, never digested. */
	struct watch		*watch;
};

/* Messages (game.c; save.c restores the log through it). */
void	 game_message(struct game *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

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

/* Levels (level.c). */
struct level *level_generate(struct game *, int depth);
struct level *level_generate_plan(struct game *, const struct level_plan *);
struct level *level_from_dungeon(struct game *, const struct dungeon *);
void	 vault_furnish(struct game *, struct level *,
	     const struct vault_set *, uint64_t seed, int depth);
void	 level_free(struct level *);
void	 level_set_terrain(struct level *, const struct terrain_table *,
	     int x, int y, int terrain);
int	 level_contains(const struct level *, int x, int y);
int	 level_at(const struct level *, int x, int y);
int	 level_cost(const struct level *, int cls, int x, int y);
int	 level_step_ok(const struct level *, int cls, int x, int y, int dx,
	     int dy);
void	 level_tick(struct game *, struct level *);
struct monster *level_monster_at(struct level *, int x, int y);
int	 level_add_monster(struct game *, struct level *, int kind, int x,
	     int y);
void	 level_move_monster(struct level *, int index, int x, int y);
void	 level_kill_monster(struct level *, int index);
void	 level_update_view(struct game *, struct level *);
void	 level_give_up(struct level *, int);
struct level *level_new(struct game *, int width, int height,
	     struct path_rules);
void	 level_make_planners(struct game *, struct level *);
void	 level_tell(struct level *, enum happening_kind, int seen,
	     int monster, int value, int value2);

/* Monsters (ai.c). */
void	 ai_begin(struct game *);
int	 ai_step(struct game *);
int	 ai_more(const struct game *);

/* Watching the planners for the overlays (watch.c). */
void	 watch_free(struct watch *);
void	 watch_turn(struct game *);
void	 watch_new_level(struct game *);
void	 watch_plan_begin(struct game *, int monster);
void	 watch_plan_end(struct game *, int monster);

/* The player's actions (game-action.c); each returns 1 if a turn went. */
int	 action_move(struct game *, int dx, int dy);
int	 action_transform(struct game *, enum game_cmd, int dx, int dy);
void	 action_descend(struct game *);

/* Items: placing, picking up, using (inventory.c). */
void	 inventory_init(struct game *);
void	 inventory_place(struct game *, struct level *, int depth);
int	 inventory_act(struct game *, struct game_action);
int	 inventory_damage_bonus(const struct game *);
int	 inventory_armour(const struct game *);
void	 inventory_turn(struct game *);
int	 level_add_item(struct level *, int x, int y, int kind, int count);
void	 level_take_item(struct level *, int index);
int	 level_item_at(const struct level *, int x, int y);
int	 level_recalled_at(const struct level *, int x, int y);
void	 level_recall_add(struct level *, int x, int y, int kind, int count);

/* Fleeing (flee.c). */
int	 flee_wants(const struct game *, struct monster *);
int	 flee_step(struct game *, int monster, int *nx, int *ny);

/* Growth (growth.c). */
void	 growth_gain(struct game *, int xp);
void	 growth_strength(int level, int *hp_max, int *damage_min,
	     int *damage_max);
long	 growth_to_next(const struct game *);

/* Resting, exploring, travel (travel.c). */
int	 travel_act(struct game *, enum game_cmd, int dx, int dy);

/* Game (game.c). */
struct game *game_alloc(const struct game_config *, char **cause);

/* Campaigns in play (stage.c). */
int	 stage_open(struct game *, const char *data_dir, char **cause);
struct level *stage_level(struct game *, int stage);
void	 stage_descend(struct game *);

#endif
