/*
 * game.c: a game from its first turn to its last.
 *
 * game_new() reads the data files (their contents are hashed, so a save
 * can tell whether it was made with the same ones), seeds two random
 * streams from the seed (everything that shapes the game draws from the
 * first; the second is for flavour and may be used freely by front ends
 * without disturbing a replay) and builds the first level, generated or
 * from a dungeon file; a campaign's first level (stage.c).
 *
 * game_act() carries out one player action.  An action that is not
 * possible (walking into a wall, digging granite) costs no turn and
 * leaves a message.  One that is possible takes a turn: the world ticks
 * (gates, events, collapses), the player's field of view is updated so
 * the monsters can see it, the monsters act, and the view is updated
 * again for the screen.  The player heals a point every eight turns.
 * Reaching the amulet (or the stairs of a dungeon file) wins; running
 * out of hit points loses; both end with a score, by the one rule in
 * game-query.c: each kill's value, 50 a depth reached, 1000 for winning.
 *
 * The level is the model and ai.c decides; game.c orchestrates the turn
 * and, after each of its parts (the world's tick, each monster's action),
 * turns what the level was told happened into messages and the player's
 * wounds (game_report()).  What each of the player's actions does is in
 * game-action.c; what front ends may ask of a game, read-only, in
 * game-query.c.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "action.h"
#include "event.h"
#include "inventory.h"
#include "level-gen.h"
#include "loop.h"
#include "magic.h"
#include "scan.h"
#include "stage.h"
#include "state.h"
#include "tables.h"
#include "tell.h"
#include "travel.h"
#include "watch.h"
#include "world.h"
#include "xmalloc.h"

#define GAME_DEFAULT_DEPTHS	10

/*
 * Reads the data folder's terrain, monsters and items, each within its
 * own documented size limit, as the checker does; 0, or -1 with *cause.
 */
static int
game_load_data(struct game *g, const struct game_config *cfg, char **cause)
{
	return (tables_read(cfg->data_dir, cfg->mods, &g->terrain,
	    &g->monsters, &g->items, cause));
}

/*
 * Reads the vaults generated levels get: the file the configuration
 * names, else the vaults.txt of the data folder and of each mod that has
 * one, merged by name (mods.h).
 */
static int
game_load_vaults(struct game *g, const struct game_config *cfg,
    char **cause)
{
	if (cfg->vaults != NULL)
		return (vault_read(&g->vaults, &g->terrain, &g->monsters,
		    &g->items, cfg->vaults, cause));
	return (vault_read_layers(&g->vaults, &g->terrain, &g->monsters,
	    &g->items, cfg->data_dir, cfg->mods, cause));
}

/*
 * Makes every kind of monster hear the player anywhere on a level, even
 * waiting (the quietest noise reaches hearing * noise / 4 cells), so
 * that every monster hunts: for measuring planners at scale.  Saved, like
 * --planner, through the kinds' rules.
 */
static void
game_hunted(struct game *g)
{
	int	i;

	for (i = 0; i < g->monsters.n; i++)
		g->monsters.k[i].hearing = 4 * 4 * PATH_GRID_MAX_SIDE /
		    NOISE_WAIT;
}

/*
 * Gives every kind of monster one planner, for studying a planner at
 * scale.  A save records the kinds as they are, so only a game given the
 * same planner can restore it.  Returns 0, or -1 with *cause set.
 */
static int
game_one_planner(struct game *g, const char *name, char **cause)
{
	enum path_planner_kind	kind;
	struct scan_field	f;
	char			near[128];
	int			i;

	if (path_planner_parse(name, &kind) != 0) {
		f.p = name;
		f.n = strlen(name);
		f.column = 1;
		*cause = xasprintf("unknown planner \"%s\"%s (expected one of "
		    "%s)", name, monster_planner_near(&f, near, sizeof near),
		    path_planner_names);
		return (-1);
	}
	for (i = 0; i < g->monsters.n; i++)
		g->monsters.k[i].planner = kind;
	return (0);
}

/*
 * Welcomes the player to a dungeon file's level: its name and what wins
 * it (its stairs out, its goal, or both, as the level holds them), then
 * the file's intro lines, each a message.
 */
static void
game_enter_dungeon(struct game *g, const struct dungeon *d)
{
	const struct terrain_table	*t = &g->terrain;
	const char			*goal = NULL;
	int				 x, y, tt, stairs = 0, i;

	for (y = 0; y < g->level->height; y++) {
		for (x = 0; x < g->level->width; x++) {
			if ((tt = level_at(g->level, x, y)) < 0)
				continue;
			if (t->t[tt].flags & TERRAIN_STAIRS)
				stairs = 1;
			if ((t->t[tt].flags & TERRAIN_GOAL) && goal == NULL)
				goal = t->t[tt].display;
		}
	}
	if (stairs && goal != NULL)
		game_message(g, "You enter %s.  Find the stairs out, or the "
		    "%s.", g->level->name, goal);
	else if (goal != NULL)
		game_message(g, "You enter %s.  Find the %s.", g->level->name,
		    goal);
	else
		game_message(g, "You enter %s.  Find the stairs out.",
		    g->level->name);
	for (i = 0; i < d->nintro; i++)
		game_message(g, "%s", d->intro[i]);
}

static void	game_spend(struct game *);
static void	game_turn_starts(struct game *);

/* One monster action of the turn, told; as ai_step(). */
static int
game_monster_acts(struct game *g)
{
	int	i = ai_step(g);

	tell_report(g);
	return (i);
}

/* Makes an empty game with its data read; NULL with *cause on failure. */
struct game *
game_alloc(const struct game_config *cfg, char **cause)
{
	struct game	*g;

	g = xcalloc(1, sizeof *g);
	g->mods = cfg->mods;
	if (game_load_data(g, cfg, cause) != 0) {
		free(g);
		return (NULL);
	}
	if (game_load_vaults(g, cfg, cause) != 0) {
		free(g);
		return (NULL);
	}
	player_init(g);
	g->clock_ns = cfg->clock_ns;
	g->plan_observer = cfg->plan_observer;
	g->plan_observer_arg = cfg->plan_observer_arg;
	g->depths = cfg->depths > 0 ? cfg->depths : GAME_DEFAULT_DEPTHS;
	if (cfg->planner != NULL && game_one_planner(g, cfg->planner,
	    cause) != 0) {
		game_free(g);
		return (NULL);
	}
	if (cfg->hunted)
		game_hunted(g);
	return (g);
}

/*
 * Starts a campaign game (its dungeon path is a campaign): the campaign
 * read whole, its introduction told, its first level built.  0, or -1
 * with *cause set.
 */
static int
game_campaign_start(struct game *g, const struct game_config *cfg,
    char **cause)
{
	const struct campaign	*c;
	int			 i;

	if (stage_open(g, cfg->data_dir, cause) != 0)
		return (-1);
	c = g->campaign;
	game_message(g, "You set out on %s.", c->name);
	for (i = 0; i < c->nintro; i++)
		game_message(g, "%s", c->intro[i]);
	g->level = level_generate_stage(g, 0);
	tell_report(g);
	game_message(g, "You enter %s (level 1 of %d).", g->level->name,
	    c->n);
	return (0);
}

/* Takes a campaign's stairs at once: see game.h. */
int
game_descend_now(struct game *g)
{
	if (g->campaign == NULL || g->status != GAME_PLAYING ||
	    g->stage + 1 >= g->campaign->n)
		return (-1);
	stage_descend(g);
	tell_report(g);
	level_update_view(g, g->level);
	return (0);
}

/* Creates a game: see game.h. */
struct game *
game_new(const struct game_config *cfg, char **cause)
{
	struct game	*g;
	struct dungeon	 d;
	char		*why;

	if ((g = game_alloc(cfg, cause)) == NULL)
		return (NULL);
	g->seed = cfg->seed;
	rng_seed(&g->rng, cfg->seed);
	rng_seed(&g->cosmetic, cfg->seed ^ UINT64_C(0x5eed0fc0ffee));
	magic_deal_looks(g);
	g->hp = g->hp_max = PLAYER_HP;
	g->xp_level = 1;
	g->damage_min = PLAYER_DAMAGE_MIN;
	g->damage_max = PLAYER_DAMAGE_MAX;
	g->depth = 1;
	g->status = GAME_PLAYING;
	if (cfg->monsters > 0 || cfg->monsters == GAME_NO_MONSTERS)
		g->extra = cfg->monsters;	/* every level's count */
	if (cfg->dungeon != NULL) {
		if (strlen(cfg->dungeon) >= sizeof g->dungeon_path) {
			*cause = xasprintf("%s: the file name is too long",
			    cfg->dungeon);
			game_free(g);
			return (NULL);
		}
		snprintf(g->dungeon_path, sizeof g->dungeon_path, "%s",
		    cfg->dungeon);
		if (campaign_is_campaign_file(cfg->dungeon)) {
			if (game_campaign_start(g, cfg, cause) != 0) {
				game_free(g);
				return (NULL);
			}
			level_update_view(g, g->level);
			return (g);
		}
		if (dungeon_read(&d, &g->terrain, &g->monsters, &g->items,
		    cfg->dungeon, &why) != 0) {
			*cause = why;
			game_free(g);
			return (NULL);
		}
		g->depth = d.depth;
		if (g->extra != 0)
			d.extra_monsters = g->extra > 0 ? g->extra : 0;
		g->monsters_asked = d.extra_monsters;
		g->level = level_from_dungeon(g, &d);
		tell_report(g);
		game_enter_dungeon(g, &d);
		dungeon_free(&d);
	} else {
		g->level = level_generate(g, 1);
		tell_report(g);
		/* No stairs to speak of on a game of one level. */
		if (g->depths == 1)
			game_message(g, "You enter the dungeon.  Find the "
			    "amulet.");
		else
			game_message(g, "You enter the dungeon.  Find the "
			    "stairs down; the amulet is on depth %d.",
			    g->depths);
	}
	level_update_view(g, g->level);
	return (g);
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	level_free(g->level);
	vault_set_free(&g->vaults);
	if (g->campaign != NULL)
		campaign_free(g->campaign);
	free(g->campaign);
	watch_free(g->watch);
	event_free(&g->events);
	free(g->keys);
	free(g);
}

/*
 * Takes the stairs the player stands on: down to the next level, out of
 * a dungeon file's level or the standard game's last (won), or on in a
 * campaign (stage.c).
 */
static void
game_take_stairs(struct game *g)
{
	if (g->campaign != NULL) {
		stage_descend(g);
		return;
	}
	if (g->dungeon_path[0] != '\0' || g->depth >= g->depths) {
		g->status = GAME_WON;
		event_add(&g->events, (struct event){ .kind = EVENT_ESCAPED });
		return;
	}
	event_add(&g->events, (struct event){ .kind = EVENT_DESCENDED });
	level_free(g->level);
	g->depth++;
	g->level = level_generate(g, g->depth);
	if (g->watch != NULL)
		watch_new_level(g);
}

/*
 * Rests, explores, travels or runs: whole turns, each played as a key
 * is, for as long as the journey gives a next action (travel.h).
 * Returns 1 if a turn went.
 */
static int
game_journey(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	struct travel		*tr = travel_begin(g, cmd, dx, dy);
	struct game_action	 a;
	int			 went;

	while (tr != NULL && travel_next(g, tr, &a) == 0 && game_act(g, a) &&
	    travel_went(g, tr) == 0)
		continue;
	went = travel_end(g, tr);
	g->telling_refusal = !went;
	tell_report(g);
	g->telling_refusal = 0;
	return (went);
}

/* Whether a command may aim at a cell farther than a step. */
static int
game_aims_far(enum game_cmd cmd)
{
	return (cmd == GAME_CMD_ZAP || cmd == GAME_CMD_FIRE ||
	    cmd == GAME_CMD_THROW);
}

/* Carries out a player action: see game.h. */
int
game_begin(struct game *g, struct game_action a)
{
	int	took = 0, noise;

	while (g->ai_acting)
		game_step(g);
	if (g->status != GAME_PLAYING)
		return (0);
	if (a.cmd != GAME_CMD_TRAVEL && !game_aims_far(a.cmd) && (a.dx < -1 ||
	    a.dx > 1 || a.dy < -1 || a.dy > 1))
		return (0);
	if (game_aims_far(a.cmd) && (abs(a.dx) > ITEM_RANGE_MAX ||
	    abs(a.dy) > ITEM_RANGE_MAX))
		return (0);
	if (a.cmd == GAME_CMD_SAVE) {
		/* Not an action: the game is as it was, noise and all. */
		g->status = GAME_SAVED;
		return (0);
	}
	if (a.cmd == GAME_CMD_RUN && a.dx == 0 && a.dy == 0)
		return (0);
	if (a.cmd == GAME_CMD_DIG)
		return (game_journey(g, GAME_CMD_DIG, a.dx, a.dy));
	if (a.cmd == GAME_CMD_REST || a.cmd == GAME_CMD_EXPLORE ||
	    a.cmd == GAME_CMD_TRAVEL || a.cmd == GAME_CMD_RUN ||
	    (a.cmd == GAME_CMD_DESCEND &&
	    !(g->terrain.t[level_at(g->level, g->px, g->py)].flags &
	    TERRAIN_STAIRS)))
		return (game_journey(g, a.cmd == GAME_CMD_DESCEND ?
		    GAME_CMD_TRAVEL : a.cmd, a.cmd == GAME_CMD_TRAVEL ||
		    a.cmd == GAME_CMD_RUN ? a.dx : 0, a.cmd == GAME_CMD_TRAVEL ||
		    a.cmd == GAME_CMD_RUN ? a.dy : 0));	/* whole turns */
	noise = g->noise;
	g->noise = 0;
	g->spent = GAME_TIME_TURN;
	switch (a.cmd) {
	case GAME_CMD_MOVE:
		if (a.dx == 0 && a.dy == 0)
			return (0);
		took = action_move(g, a.dx, a.dy);
		break;
	case GAME_CMD_WAIT:
		g->noise = NOISE_WAIT;
		took = 1;
		break;
	case GAME_CMD_OPEN:
	case GAME_CMD_CLOSE:
		took = action_transform(g, a.cmd, a.dx, a.dy);
		break;
	case GAME_CMD_DIG_TURN:
		took = action_transform(g, GAME_CMD_DIG, a.dx, a.dy);
		break;
	case GAME_CMD_FIGHT:
		took = action_fight(g, a.dx, a.dy);
		break;
	case GAME_CMD_DESCEND:	/* on the stairs (see above) */
		game_take_stairs(g);
		took = 1;
		break;
	case GAME_CMD_SAVE:
		g->status = GAME_SAVED;
		return (0);
	case GAME_CMD_QUIT:
		g->status = GAME_QUIT;
		snprintf(g->end_cause, sizeof g->end_cause, "gave up on %s",
		    g->level->name);
		return (0);
	case GAME_CMD_PICKUP:
	case GAME_CMD_DROP:
	case GAME_CMD_QUAFF:
	case GAME_CMD_READ:
	case GAME_CMD_THROW:
	case GAME_CMD_APPLY:
	case GAME_CMD_WIELD:
	case GAME_CMD_ZAP:
	case GAME_CMD_FIRE:
		took = inventory_act(g, a);
		break;
	case GAME_CMD_DIG:
	case GAME_CMD_REST:
	case GAME_CMD_EXPLORE:
	case GAME_CMD_TRAVEL:
	case GAME_CMD_RUN:
		return (0);	/* taken above */
	}
	g->telling_refusal = !took;
	tell_report(g);
	g->telling_refusal = 0;
	if (!took) {
		g->noise = noise;	/* a refused action changes nothing */
		return (0);
	}
	game_spend(g);
	return (1);
}

/*
 * The time the action took passes: a turn (or more, after a slow blow;
 * none, every other action of a hasted player) in which the world ticks
 * and the monsters act.
 */
static void
game_spend(struct game *g)
{
	int	spent = g->spent;

	if (g->hasted > 0)
		spent /= 2;
	g->time += spent;
	g->owed = g->time / GAME_TIME_TURN;
	g->time %= GAME_TIME_TURN;
	if (g->owed > 0) {
		g->owed--;
		game_turn_starts(g);
	} else
		level_update_view(g, g->level);	/* a hasted, free action */
}

/* A turn starts: timers run down, the world ticks, the monsters wake. */
static void
game_turn_starts(struct game *g)
{
	if (g->turn < GAME_TURN_MAX)
		g->turn++;	/* see GAME_TURN_MAX */
	level_note_player(g->level, g->px, g->py);	/* for interceptors */
	inventory_turn(g);
	tell_report(g);
	if (g->status == GAME_PLAYING) {
		world_tick(g, g->level);
		level_arrivals(g, g->level);
		tell_report(g);
		level_update_view(g, g->level);
		ai_begin(g);
		if (!ai_more(g))
			game_step(g);	/* no monster acts: the turn is over */
	}
}

/* One monster action of the turn under way: see game.h. */
int
game_step(struct game *g)
{
	int	i;

	if (!g->ai_acting)
		return (-1);
	/* The turn ends with its last action, not a call later. */
	if ((i = game_monster_acts(g)) >= 0 && ai_more(g))
		return (i);
	while (game_monster_acts(g) >= 0)
		continue;
	if (g->status == GAME_PLAYING) {
		level_update_view(g, g->level);
		if (g->turn % 8 == 0 && g->hp < g->hp_max && g->hp > 0)
			g->hp++;
	}
	if (g->turn_observer != NULL)
		g->turn_observer(g->turn_observer_arg, g);
	if (g->owed > 0 && g->status == GAME_PLAYING) {
		g->owed--;	/* a slow action: another turn goes by */
		game_turn_starts(g);
		if (g->ai_acting)
			return (game_step(g));	/* its first action */
	}
	return (i);
}

/* Installs a turn observer: see game.h. */
void
game_set_turn_observer(struct game *g,
    void (*fn)(void *arg, const struct game *), void *arg)
{
	g->turn_observer = fn;
	g->turn_observer_arg = arg;
}

/* Whether monsters are still to act this turn: see game.h. */
int
game_mid_turn(const struct game *g)
{
	return (g->ai_acting);
}

/* A whole action: the player's part, then every monster's. */
int
game_act(struct game *g, struct game_action a)
{
	if (!game_begin(g, a))
		return (0);
	while (game_step(g) >= 0)
		continue;
	return (1);
}

/* The way the player's own journey would go now: see game.h. */
size_t
game_player_route(const struct game *g, int tx, int ty,
    struct path_point *out, size_t max)
{
	return (travel_way(g, tx, ty, out, max));
}

/* Appends a key to the log: see game.h. */
void
game_log_key(struct game *g, int key)
{
	if (g->nkeys + 1 >= g->capkeys) {
		g->capkeys = g->capkeys ? g->capkeys * 2 : 256;
		g->keys = xreallocarray(g->keys, g->capkeys, 1);
	}
	g->keys[g->nkeys++] = (char)key;
	g->keys[g->nkeys] = '\0';
}

