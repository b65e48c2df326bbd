/*
 * dungeon-reach.h: whether a hand-made level can be won (dungeon.c).
 *
 * A search over the level's own rules of movement, from every cell the
 * player can start on to stairs or the goal (or, in a map without
 * either, to the cell the game puts stairs on): steps of the level's
 * movement and corner rule, doors opened by bumping, water only where
 * the player's class walks, gates' cells only while their clocks hold
 * them open, events' cells from their turn on, and walls dug only in a
 * second search that allows digging.  docs/modding.md ("Can the level
 * be won?") lists the rules the search models and what it assumes.
 */
#ifndef ASTRAY_DUNGEON_REACH_H
#define ASTRAY_DUNGEON_REACH_H

#include "dungeon.h"

/* How the player gets from a start cell to the way out, at best. */
enum dungeon_reach_how {
	DUNGEON_REACH_WALK,	/* walking, opening doors, passing gates */
	DUNGEON_REACH_DIG,	/* only by digging too */
	DUNGEON_REACH_NONE	/* not at all: the level cannot be won */
};

#define DUNGEON_REACH_SHUT_LEN	200

/* What the search found, for the start cells that fare worst. */
struct dungeon_reach {
	enum dungeon_reach_how	how;		/* the worst over the starts */
	int			x, y;		/* the first start that has it */
	int			nstarts;	/* cells the player may start on */
	int			nworst;		/* how many of them have it */
	int			rooms;		/* starts that are not a pocket */
	int			exits;		/* stairs and goals at turn 0 */
	int			pocket;		/* none: no floor for stairs */
	int			late;		/* none: events or gates shut
						   the way before the player
						   can pass */
	/* None, and not late: what shuts the way ("granite and
	   deep-water"), or "". */
	char			shut[DUNGEON_REACH_SHUT_LEN];
};

/*
 * Searches a whole level read without an error, which has at least one
 * cell the player can stand on, and fills *out.  Costs a search of the
 * map (twice when walking fails somewhere), or one a start cell in a map
 * without a player, stairs or goal but with gates or events.
 */
void	 dungeon_reach(const struct dungeon *, const struct terrain_table *,
	     struct dungeon_reach *out);

/* Turns from here on stand for "at any turn, however late". */
#define DUNGEON_REACH_ANY_TURN	((int64_t)1 << 59)

/*
 * In a level with stairs or a goal, the latest turn at which a player
 * standing on cell (x,y) can still reach one by the search's rules,
 * digging too when dig is set: DUNGEON_REACH_ANY_TURN or more when it
 * can at any turn, -1 when not even at turn 0.  The search's label of
 * the cell, for tests against other searches.
 */
int64_t	 dungeon_reach_latest(const struct dungeon *,
	     const struct terrain_table *, int x, int y, int dig);

#endif
