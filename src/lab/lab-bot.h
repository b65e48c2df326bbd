/*
 * lab-bot.h: bots that play astray as a player does, for astray-lab play.
 *
 * A bot sees what a player sees (game.h's queries: the cells seen, the
 * monsters in view, its own pack) and plays only the actions a player
 * has, each typed as the keys a player would press: lab_bot_act() turns
 * an action into keys, feeds them through the game's own key machine
 * (keys.h) into the key log and the game, so the game a bot plays is a
 * replay like any other.  What a bot knows of the level is kept in a
 * cost grid (game_known_cost()) that the path library plans over: the
 * frontier of the unexplored, the stairs, the monsters in view, and a
 * safety map (the distance from every monster in view at once, a
 * multi-source field) to flee along.
 *
 * A policy is a function from what the bot sees to the next action; it
 * keeps no state of its own beyond the bot, so the same seed and the same
 * policy always give the same game.  The policies are frozen: they are
 * what the game's balance is measured with, so the game is tuned to them,
 * never they to the game.
 */
#ifndef ASTRAY_LAB_BOT_H
#define ASTRAY_LAB_BOT_H

#include "field.h"
#include "game.h"

#define LAB_BOT_SEEN_MAX	64	/* monsters in view a bot looks at */
#define LAB_BOT_DIG_COST	8	/* a cell to dig, as steps of floor */

/* What a bot sees on its turn (lab_bot_look()) and the tools it plans with. */
struct lab_bot {
	struct game		*game;
	struct game_info	 info;
	struct path_rules	 rules;
	int			 width, height;
	struct path_grid	*known;		/* game_known_cost() per cell */
	struct path_grid	*dig;		/* the same, and what can be dug
						   at LAB_BOT_DIG_COST */
	struct path_field	*field;		/* to goals, or from monsters */
	int			 nseen;		/* living monsters in view */
	int			 seen[LAB_BOT_SEEN_MAX];
	struct game_monster_info seen_info[LAB_BOT_SEEN_MAX];
	unsigned		 refused;	/* commands refused this turn,
						   one bit per enum game_cmd */
	long			 refused_turn;
};

/* A policy: its name, a line saying what it does, and its choice. */
struct lab_bot_policy {
	const char	*name;
	const char	*summary;
	struct game_action (*decide)(struct lab_bot *);
};

extern const struct lab_bot_policy lab_bot_baseline;
extern const struct lab_bot_policy lab_bot_careful;
extern const struct lab_bot_policy lab_bot_greedy;

/* Starts a bot on a game, which it does not own. */
void	 lab_bot_init(struct lab_bot *, struct game *);
void	 lab_bot_free(struct lab_bot *);

/* Looks at the game again: the player, the level known, the monsters. */
void	 lab_bot_look(struct lab_bot *);

/*
 * Types the keys of an action into the game's key machine, logging each,
 * and plays it.  Returns what game_act() returns; a refused command is
 * remembered (lab_bot_was_refused()) until a turn goes by.
 */
int	 lab_bot_act(struct lab_bot *, struct game_action);

/* Whether cmd was refused since the last turn went by. */
int	 lab_bot_was_refused(const struct lab_bot *, enum game_cmd);

/* Goals a bot plans towards over what it knows. */
enum lab_bot_goal {
	LAB_BOT_FRONTIER,	/* known cells beside the unseen */
	LAB_BOT_EXIT,		/* known stairs or the goal */
	LAB_BOT_MONSTERS	/* the monsters in view */
};

/*
 * The first step of a cheapest known path to the nearest goal of a kind
 * (into a monster's cell is an attack).  Returns 0 with (*dx,*dy) set, or
 * -1 if the bot stands on one or none can be reached.
 */
int	 lab_bot_step_to(struct lab_bot *, enum lab_bot_goal, int *dx,
	     int *dy);

/*
 * When nothing can be reached otherwise: the first step of a cheapest
 * path to the known stairs or, with none known, to the frontier, over
 * what it knows and what it could dig (a collapsed corridor, a wall).
 * Returns 0 with (*dx,*dy) set and *dig 1 if that cell is to be dug
 * first, or -1 if there is no such path.
 */
int	 lab_bot_dig_step(struct lab_bot *, int *dx, int *dy, int *dig);

/*
 * Going on with a monster in view, when the game's explore key will not:
 * a step towards the unexplored, else towards the stairs (down them when
 * on them), else (if toward_monsters) towards the nearest monster in
 * view, else by lab_bot_dig_step(), else a wait.
 */
struct game_action lab_bot_go_on(struct lab_bot *, int toward_monsters);

/*
 * With nothing in view: the game's explore key, else (nothing left, or
 * refused this turn) its key for the stairs, else a step of
 * lab_bot_dig_step(), else a wait.  Both bots end so.
 */
struct game_action lab_bot_explore_on(struct lab_bot *);

/*
 * The step down the safety map: to the free neighbour farthest from every
 * monster in view (by known paths).  Returns 0 with (*dx,*dy) set, or -1
 * if no neighbour is farther than where the bot stands (cornered).
 */
int	 lab_bot_flee_step(struct lab_bot *, int *dx, int *dy);

/*
 * Whether the player may step (dx,dy), a unit step, onto a known cell
 * that no monster in view stands on, by the level's diagonal rules.
 */
int	 lab_bot_free_step(const struct lab_bot *, int dx, int dy);

/* What a bot knows of a pack item as a potion: lab_bot_potion(). */
enum lab_bot_potion {
	LAB_BOT_POTION_NONE,	/* not a potion (not drunk with q) */
	LAB_BOT_POTION_HEALING,	/* identified: a potion of healing */
	LAB_BOT_POTION_OTHER,	/* identified: another potion */
	LAB_BOT_POTION_UNKNOWN	/* a potion not identified yet */
};

/*
 * Whether a pack item is a potion, and whether the player knows it for
 * one of healing: the one place where a bot reads identification.
 */
enum lab_bot_potion lab_bot_potion(const struct game_item_info *);

/* The monster in view next to the player with the fewest hit points, or -1. */
int	 lab_bot_adjacent(const struct lab_bot *);

/* Whether any monster in view is hunting the player or next to it. */
int	 lab_bot_threatened(const struct lab_bot *);

/* The first pack slot holding an item of that name, or -1. */
int	 lab_bot_pack_find(const struct lab_bot *, const char *name);

/* How many pack slots hold something. */
int	 lab_bot_pack_used(const struct lab_bot *);

#endif
