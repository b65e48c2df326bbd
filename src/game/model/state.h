/*
 * state.h: a game's state, for src/game only.
 *
 * A game is the data tables, two random streams (gameplay, and cosmetic
 * choices that must not disturb it), the player, the current level
 * (level.h), the events not yet told (event.h) and the message log.
 * Front ends see none of this: they go through game.h and query.h.  The
 * player's strength, by experience level, and what their weapon and
 * armour give are functions of this state alone (player.c).
 */
#ifndef ASTRAY_STATE_H
#define ASTRAY_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "campaign.h"
#include "event.h"
#include "item.h"
#include "level.h"
#include "monster.h"
#include "planner.h"
#include "query.h"
#include "rng.h"
#include "terrain.h"
#include "vault.h"

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

/* The scoring rule's points (query.c, game_score_rule()). */
#define GAME_SCORE_DEPTH	50	/* for each depth reached */
#define GAME_SCORE_WIN		1000	/* for winning */

/* Experience (player.c, growth.c). */
#define GROWTH_LEVEL_MAX	20
#define GROWTH_HP		8	/* hit points a level */
#define GROWTH_XP_STEP		15	/* level L + 1 needs 15 L^2 in all */
#define GROWTH_XP_MAX		100000000L
#define PLAYER_HP_TOP		(PLAYER_HP + GROWTH_HP * (GROWTH_LEVEL_MAX - 1))

/* Noises an action makes: how far, scaled by a monster's hearing. */
#define NOISE_WAIT		1
#define NOISE_MOVE		4
#define NOISE_DOOR		7
#define NOISE_FIGHT		9
#define NOISE_DIG		14

/* A slot of the player's pack, a to z: a stack of one kind. */
#define PACK_SLOTS	26
struct pack_slot {
	int	kind;		/* or -1: empty */
	int	count;
	int	plus;		/* enchantment, charges or wear left */
};

/* What is in hand or on: the kind (or -1) and its enchantment. */
struct held {
	int	kind;
	int	plus;
};

/* A turn is this much time; actions take a share of it (item delay). */
#define GAME_TIME_TURN		100

struct watch;

struct game {
	struct terrain_table	 terrain;
	struct monster_table	 monsters;
	struct item_table	 items;
	struct rng		 rng;		/* everything that matters */
	struct rng		 cosmetic;	/* flavour only */
	uint64_t		 seed;
	char			 dungeon_path[1024];	/* or empty */
	struct campaign		*campaign;	/* when dungeon_path is one */
	const struct mods	*mods;		/* the active mods (the game's
						   config's), or NULL */
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
	struct held		 wielded;	/* a weapon or launcher */
	struct held		 worn;		/* armour */
	int			 stealth;	/* turns left unheard */
	int			 hasted;	/* turns left acting twice */
	int			 poisoned;	/* turns left losing hit points */
	int			 confused;	/* turns left stumbling */
	int			 blind;		/* turns left seeing one cell */
	int			 strength;	/* damage added by potions */
	int			 time;		/* of the turn under way, spent
						   by the player's actions
						   (GAME_TIME_TURN a turn) */
	int			 spent;		/* by the action under way */
	int			 owed;		/* turns it still takes */
	int			 dig_x, dig_y;	/* the wall being dug */
	int			 dig_done;	/* turns spent on it */
	/* Identification: which kinds the player knows, and which
	   kind's look each kind wears in this game (item.h look). */
	unsigned char		 known[ITEM_KINDS_MAX];
	int			 look_of[ITEM_KINDS_MAX];
	long			 xp;		/* experience */
	int			 xp_level;	/* from 1 */

	struct level		*level;

	struct event_queue	 events;	/* not yet told (event.h) */
	char			 messages[GAME_MESSAGES][GAME_MESSAGE_LEN];
	long			 message_turn[GAME_MESSAGES];
	int			 nmessages;	/* ever, mod GAME_MESSAGES */
	long			 message_merges;	/* a message said
						   again, merged: not saved */
	int			 telling_refusal;	/* what is told
						   is why nothing was done */

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

/* An empty pack, nothing wielded or worn, no stealth. */
void	 player_init(struct game *);

/* Experience needed, in all, to reach an experience level. */
long	 player_xp_needed(int level);

/* The player's strength at an experience level (see GROWTH_HP). */
void	 player_strength(int level, int *hp_max, int *damage_min,
	     int *damage_max);

/* Experience still needed for the next level, or 0 at the top. */
long	 player_to_next(const struct game *);

/* What the wielded weapon adds to a blow. */
int	 player_damage_bonus(const struct game *);

/* What the worn armour takes off a blow that lands. */
int	 player_armour(const struct game *);

/* The chance in percent that a blow lands (weapon and enchantment). */
#define PLAYER_TO_HIT		80
#define PLAYER_PLUS_ACCURACY	5	/* percent a point of enchantment */
int	 player_to_hit(const struct game *);

/* How long a blow and a step take (GAME_TIME_TURN is a turn). */
int	 player_blow_time(const struct game *);
int	 player_step_time(const struct game *);

/* How loud a step is, with the armour worn. */
int	 player_step_noise(const struct game *);

/*
 * Identification: whether the player knows a kind (kinds without a look
 * always are), and the name they know it by: its own, or the look it
 * wears in this game ("murky potion"), with how that name counts.
 */
int	 player_knows(const struct game *, int kind);
const char *player_item_display(const struct game *, int kind,
	     enum words_noun *);

#endif
