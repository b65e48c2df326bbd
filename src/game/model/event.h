/*
 * event.h: what happened, as the rules tell it.
 *
 * The rules (the player's actions, the monsters' turns, time passing on a
 * level, a journey's steps) never write to the player: each reports what
 * happened as an event, a kind and the few facts it needs (a monster's
 * kind, an item's, a terrain, a cell, a number or two).  The turn loop
 * reads the queue after each part of a turn and turns each event into
 * words (tell.c), in the order they came.  Nothing decides by reading the
 * words: what stops a journey is read from the events themselves
 * (event_is_news()), so rewording a message changes nothing but the
 * message.
 *
 * The queue lives in the game, not on a level: an event told while a
 * level is replaced (monsters that found no room on the new one) is
 * told after it, like any other.
 */
#ifndef ASTRAY_EVENT_H
#define ASTRAY_EVENT_H

enum event_kind {
	/* The monsters and the level. */
	EVENT_NOTICED,		/* a monster notices the player: a 1 sees,
				   0 hears */
	EVENT_MISSED,		/* a monster attacks the player and misses */
	EVENT_SHOT_AT,		/* a monster at x,y shoots the player: a
				   damage, 0 a miss */
	EVENT_HIT,		/* ... and hits, for a hit points */
	EVENT_DIED,		/* the player dies, by the monster's blow */
	EVENT_OPENED,		/* a monster opens a door */
	EVENT_SHUT,		/* a monster shuts the door behind it (a 0),
				   or before it, to hold it (a 1) */
	EVENT_GATE,		/* the gate of cell x,y opens (a 1) for b
				   turns, is about to shut (a 2) in b, or
				   shuts (a 0) */
	EVENT_DUNGEON,		/* a dungeon file's event makes terrain */
	EVENT_CAVE_IN,		/* a corridor caves in */
	EVENT_SHORT,		/* only a of b extra monsters found room */
	EVENT_ARRIVAL,		/* a monster arrives on the level, at x,y,
				   out of view, looking for the player */
	EVENT_SUMMONED,		/* a summoner at x,y raises a monsters of
				   kind b (issue 26, summon.c); heard as a
				   chant when not seen */
	/* Issue 26, the door-holder and the digger (hold.c, dig.c). */
	EVENT_HELD,		/* the player's open of the door at x,y
				   fails: the monster holds it (seen: the
				   player sees the holder) */
	EVENT_HOLD_SPIKED,	/* the monster spikes the door (terrain) it
				   holds, at x,y: seen, or heard */
	EVENT_TUNNELED,		/* the monster digs through the terrain at
				   x,y: seen, or a 1 heard */
	/* Carrying and provoking (carry.c). */
	EVENT_STOLEN,		/* a thief's blow takes a stack from the
				   pack: item, a its count, b the slot */
	EVENT_THIEF_GONE,	/* a thief leaves the level with the item
				   (a of it), from x,y */
	EVENT_SNATCHED,		/* a monster picks up the item (a of it)
				   from the floor at x,y */
	EVENT_ENRAGED,		/* a peaceful monster, attacked, hunts */
	EVENT_PEACEFUL,		/* the player walks into a peaceful monster:
				   it is in the way (F fights it) */

	/* The player's actions. */
	EVENT_MISS,		/* the player misses the monster */
	EVENT_STRIKE,		/* ... hits it, for a hit points */
	EVENT_KILL,		/* ... kills it */
	EVENT_LEVEL_UP,		/* experience level a reached */
	EVENT_DOOR,		/* the player opens a door walking into it */
	EVENT_IN_THE_WAY,	/* the terrain stops a step */
	EVENT_CORNER,		/* the corner rule stops a diagonal step:
				   terrain the cell at x,y it cannot squeeze
				   past, or -1 (no diagonal steps at all) */
	EVENT_STAIRS_HERE,	/* the player steps onto stairs */
	EVENT_GOAL,		/* ... onto the goal (terrain): won */
	EVENT_NOTHING_THERE,	/* no cell there to open, close or dig */
	EVENT_CANNOT,		/* a: the command (open, close, dig) cannot
				   be done to the terrain */
	EVENT_OCCUPIED,		/* a door cannot close on a monster */
	EVENT_CHANGED,		/* a: the command done; terrain: what the
				   player names (the door it became, for a
				   closing) */
	EVENT_ESCAPED,		/* the player takes the last stairs: won */
	EVENT_DESCENDED,	/* the player goes down to the new level */
	EVENT_FINISHED,		/* the last stairs of a campaign: won */

	/* Items. */
	EVENT_SEE_HERE,		/* the player steps onto a of an item */
	EVENT_NOTHING_HERE,	/* nothing to pick up */
	EVENT_PACK_FULL,	/* no slot for the item */
	EVENT_PICKED,		/* item now a in slot b */
	EVENT_NO_ROOM,		/* the floor's stack cannot take the drop */
	EVENT_DROPPED,
	EVENT_STAYED,		/* a teleport found nowhere to go */
	EVENT_TELEPORTED,
	EVENT_NO_DOOR,		/* no shut door there to spike */
	EVENT_SPIKED,		/* the door (terrain) is spiked shut */
	EVENT_ALREADY,		/* the item is already wielded or worn */
	EVENT_WIELDED,		/* ... and now it is */
	EVENT_WHICH_WAY,	/* a directed item with no direction */
	EVENT_RATTLES,		/* a noise maker lands at x,y; a heard it */
	EVENT_SCATTERED,	/* caltrops land round x,y */
	EVENT_BORED,		/* a wand digs a cells */
	EVENT_HEALED,		/* a potion gives a hit points */
	EVENT_SILENT,		/* stealth for a turns */
	EVENT_NO_SUCH_ITEM,	/* an empty slot */
	EVENT_WRONG_USE,	/* the item is not used that way: a the use
				   asked for (-1: none), b its own */
	EVENT_HEARD_AGAIN,	/* stealth wears off (a 0), or will in a
				   turns */
	EVENT_LEARNED,		/* the item's kind is known now */
	EVENT_IDENTIFIED,	/* a scroll made a kinds known (0: none
				   was unknown) */
	EVENT_STRONGER,		/* strength: a more damage a blow */
	EVENT_HASTE,		/* hasted for a turns (0: it wore off) */
	EVENT_POISON,		/* poisoned for a turns (0: it wore off) */
	EVENT_CONFUSED,		/* confused for a turns (0: it wore off) */
	EVENT_STUMBLE,		/* confusion turned a step */
	EVENT_BLINDED,		/* blind for a turns (0: it wore off) */
	EVENT_ENCHANTED,	/* the item held is +a now */
	EVENT_NOTHING_TO_ENCHANT,	/* nothing held, the scroll spent */
	EVENT_MAPPED,		/* the level's layout is known */
	EVENT_AGGRAVATED,	/* a monsters now hunt the player */
	EVENT_FRIGHTENED,	/* a monsters in view flee */
	EVENT_RECHARGED,	/* a wands got charges */
	EVENT_SHOT,		/* the item (a wand's bolt, a missile)
				   reaches the monster: a damage (0: it
				   missed), b 1 if it killed it */
	EVENT_SHOT_NOTHING,	/* ... flies to x,y and hits nothing */
	EVENT_SLOWED,		/* the monster is slowed (a turns) */
	EVENT_BLINKED,		/* the player jumps a cells */
	EVENT_NO_CHARGES,	/* the wand (item) is empty */
	EVENT_NO_TARGET,	/* no monster in view to aim at */
	EVENT_NO_LAUNCHER,	/* firing wants a launcher wielded */
	EVENT_NO_AMMO,		/* ... and its ammo (item) in the pack */
	EVENT_NEED_PICK,	/* digging wants a pick in the pack */
	EVENT_DIGGING,		/* digging at terrain: a turns of b done */
	EVENT_PICK_WORN,	/* the pick (item) broke (a 0) or has a
				   walls left in it */

	/* Journeys (rest, explore, travel, run): why one stops. */
	EVENT_STOP_MONSTER,	/* a monster (at x,y) stops it: a says how
				   (enum event_stop), b whether the journey
				   went (0: it could not start) */
	EVENT_STOP_ITEM,	/* an item lies underfoot */
	EVENT_STOP_HURT,	/* a turn cost hit points */
	EVENT_RESTED,		/* whole again after resting */
	EVENT_WAITED,		/* R begun whole waited its turns */
	EVENT_EXPLORED,		/* nothing left to explore; a 1 if a shut
				   gate borders what the player can reach */
	EVENT_NO_WAY,		/* no known way to the cell asked for */
	EVENT_NO_STAIRS,	/* no known stairs to go to */
	EVENT_ARRIVED,		/* at the cell asked for */
	EVENT_AT_STAIRS		/* at the stairs */
};

/* How a monster stops a journey (EVENT_STOP_MONSTER's a). */
enum event_stop {
	EVENT_STOP_BESIDE,	/* it is beside the player */
	EVENT_STOP_HUNTS,	/* it hunts the player and can reach them */
	EVENT_STOP_NEW		/* it came into view on the way */
};

struct event {
	enum event_kind	kind;
	int		seen;		/* the player saw it happen */
	int		monster;	/* a monster kind, where one is named */
	int		item;		/* an item kind, likewise */
	int		terrain;	/* a terrain, likewise */
	int		x, y;		/* a cell, likewise */
	int		a, b;		/* numbers: see each kind */
};

/* Events not yet told, oldest first, and how many were news. */
struct event_queue {
	struct event	*e;
	int		 n;
	int		 cap;
	long		 news;		/* events ever added that are news */
};

/* Adds an event to the end of the queue. */
void	 event_add(struct event_queue *, struct event);

/* Empties the queue (the count of news stays). */
void	 event_clear(struct event_queue *);
void	 event_free(struct event_queue *);

/*
 * Whether the player learns of an event at all: the monsters' doings and
 * the gates only when seen (a monster that notices the player unseen
 * tells nothing), everything else always.  What is told is exactly this.
 */
int	 event_is_told(const struct event *);

/*
 * Whether an event interrupts a journey: what the player steps onto (an
 * item, stairs, the goal), a change of level, teleporting, death, a door
 * held shut against the player, and a
 * gate or a cave-in the player sees.  Not a monster's doings (the threat
 * rule of travel.c decides on monsters), nor a sound from afar: news
 * only.
 */
int	 event_is_news(const struct event *);

#endif
