/*
 * dungeon.h: hand-made levels (.dun files in data/dungeons), Moving AI maps.
 *
 * A dungeon file is a header of "key: value" lines, then the map between
 * "map" and "end".  '#' starts a comment anywhere outside the map.  Keys:
 *
 *   name: TEXT                      what the level is called
 *   depth: N                        1 to 100 (monsters come from it)
 *   movement: 4 | 8 | 8-octile | 8-chebyshev | 8-euclid
 *   corners: never | no-corner-cut | one-side | always
 *   legend: C terrain NAME          glyph C stands for that terrain
 *   legend: C monster NAME [on T]   a monster, standing on terrain T
 *   legend: C monster A B:W.. [on T] one of a list each cell, by weight
 *   legend: C monster any [on T]    a kind of the depth, each cell
 *   legend: C item NAME [on T]      an item (a stack of as many as it
 *                                   is found in), lying on terrain T;
 *                                   a list or any as for monsters
 *   legend: C gate NAME             a cell of gate NAME
 *   legend: C player [on T]         where the player starts
 *   gate: NAME open T closed T every N open-for M [offset K]
 *                                   gate cells are T-open for M turns out
 *                                   of every N, starting at turn K
 *   event: TURN X,Y [WxH] T         at TURN the rectangle becomes T
 *                                   (a collapse, a flood)
 *   event: step:X,Y X,Y [WxH] T     a trigger: when the player steps on
 *   event: door:X,Y X,Y [WxH] T     cell X,Y, the door there is opened,
 *   event: death:KIND X,Y [WxH] T   or a KIND dies, once
 *   monsters: N                     also place N monsters of the depth
 *
 * Every terrain's own glyph stands for it unless a legend says otherwise,
 * and '@' is the player on floor.  Errors name file:line:column.  A file
 * starting with "type octile" is read as a Moving AI map: '.' 'G' 'S'
 * floor, anything else wall, no player (placed by the game).
 */
#ifndef ASTRAY_DUNGEON_H
#define ASTRAY_DUNGEON_H

#include <stddef.h>
#include <stdint.h>

#include "item.h"
#include "monster.h"
#include "path.h"
#include "report.h"
#include "terrain.h"

#define DUNGEON_MAX_SIDE	1024
#define DUNGEON_MAX_EVENTS	10000
#define DUNGEON_MAX_SPAWNS	10000
#define DUNGEON_MAX_ITEMS	10000
#define DUNGEON_MAX_GATES	64

#define DUNGEON_PICK_MAX	8	/* kinds on one legend line */
#define DUNGEON_PICK_WEIGHT	1000	/* of one kind of a list */

/*
 * What a legend glyph places on each of its cells: one kind (n 1), one
 * drawn by weight from a list ("monster orc goblin:3": n 2), or any kind
 * of the level's depth ("monster any": n 0), drawn as the level is built
 * (level-gen.h).
 */
struct dungeon_pick {
	int	n;
	int	kinds[DUNGEON_PICK_MAX];
	int	weights[DUNGEON_PICK_MAX];
};

struct dungeon_spawn {
	int			kind;	/* monster kind: the one listed (the
					   first of a list); -1: any */
	int			x, y;
	struct dungeon_pick	pick;
};

struct dungeon_item {
	int			kind;	/* item kind, as a spawn's */
	int			x, y;
	struct dungeon_pick	pick;
};

/*
 * What a legend cell of a dungeon file or vault places as its level is
 * built: the kind of a one-kind legend line without a draw, else one
 * drawn from r (the game's stream, so a seed gives the same level): one
 * of a list by weight, or for "any" a kind of the depth by frequency as
 * generated levels draw them, among the monsters that can stand on the
 * cell's terrain t (-1 when none can) or among the items of the depth
 * (-1 when there are none).
 */
struct rng;
int	 dungeon_draw_monster(const struct monster_table *,
	     const struct terrain_table *, const struct dungeon_pick *, int t,
	     int depth, struct rng *r);
int	 dungeon_draw_item(const struct item_table *,
	     const struct dungeon_pick *, int depth, struct rng *r);

struct dungeon_gate {
	char	 name[NAME_LEN];
	int	 open;		/* terrain when open */
	int	 closed;
	int	 every;		/* period in turns */
	int	 open_for;	/* open turns in each period */
	int	 offset;
	int	*cells;		/* y * width + x */
	int	 ncells;
	int	 line;		/* where the gate: key was */
};

/* What makes an event happen: its turn, or a trigger. */
enum dungeon_trigger {
	DUNGEON_AT_TURN,	/* turn */
	DUNGEON_ON_STEP,	/* the player stands on tx,ty */
	DUNGEON_ON_DOOR,	/* the door at tx,ty is open */
	DUNGEON_ON_DEATH	/* a monster of kind `kind` dies */
};

/* A triggered event's state (saved). */
enum dungeon_trigger_state {
	DUNGEON_ARMED,		/* waiting for its trigger */
	DUNGEON_DUE,		/* triggered: happens as the turn passes */
	DUNGEON_FIRED		/* happened: never again */
};

struct dungeon_event {
	int	turn;		/* DUNGEON_AT_TURN only */
	int	x, y, w, h;
	int	terrain;
	int	line;
	int	trigger;	/* enum dungeon_trigger */
	int	tx, ty;		/* the trigger's cell (step, door) */
	int	kind;		/* the trigger's monster kind (death) */
	int	state;		/* enum dungeon_trigger_state */
};

/*
 * The order the game applies events in: timed ones by turn, then by
 * where they were written; triggered ones after them all.
 */
int	 dungeon_event_order(const struct dungeon_event *,
	     const struct dungeon_event *);

/* "intro: TEXT" lines, each a message shown when the player enters. */
#define DUNGEON_INTRO_LINES	8
#define DUNGEON_INTRO_LEN	79	/* bytes of a line, and its NUL */

struct dungeon {
	char			 name[64];
	char			 intro[DUNGEON_INTRO_LINES][DUNGEON_INTRO_LEN];
	int			 nintro;
	int			 depth;
	struct path_rules	 rules;
	int			 width;
	int			 height;
	uint8_t			*terrain;	/* width * height */
	int			 px, py;	/* player start, or -1 */
	int			 extra_monsters;
	struct dungeon_spawn	*spawns;
	int			 nspawns;
	struct dungeon_item	*items;
	int			 nitems;
	struct dungeon_gate	*gates;
	int			 ngates;
	struct dungeon_event	*events;
	int			 nevents;
};

/*
 * Parses a dungeon file or a Moving AI map, its legend's names looked up
 * in the terrain, monster and item tables.  Returns 0, or -1 with *cause
 * set to "name:line:column: ..." (the dungeon is left empty).
 */
int	 dungeon_parse(struct dungeon *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *name, const char *buf, size_t len, char **cause);
int	 dungeon_read(struct dungeon *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *path, char **cause);
void	 dungeon_free(struct dungeon *);

/*
 * Parses the text of one piece of a larger file (a vault, vault.h) as
 * dungeon_parse() does, without what only a whole level needs: room for
 * the player and a way to win.  Lines outside the piece are to be blank,
 * so that errors name the file's own lines.
 */
int	 dungeon_parse_piece(struct dungeon *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *name, const char *buf, size_t len, char **cause);

/*
 * Reads a dungeon file as dungeon_parse() does, without stopping at the
 * first error: a bad header line, glyph, row, gate or event is reported
 * and reading goes on (up to 100 errors), and a file read without an
 * error is checked as the game checks it (it can be won) and for what
 * the game allows but rarely means (only digging reaches the stairs or
 * goal).  Returns the number of errors; *r is to be freed.
 */
int	 dungeon_check_text(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *name, const char *buf,
	     size_t len);
int	 dungeon_check_file(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *path);

/*
 * Reads one piece of a larger file (a vault) as dungeon_check_text()
 * reads a dungeon file, without what only a whole level needs, adding
 * every error to *r (which may hold others already; it stops when *r
 * holds 100).  Returns the number of errors it added.
 */
int	 dungeon_check_piece(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *name, const char *buf,
	     size_t len);

#endif
