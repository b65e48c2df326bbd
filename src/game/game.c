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

#include "game-internal.h"
#include "words.h"
#include "xmalloc.h"

#define GAME_DEFAULT_DEPTHS	5

/*
 * Reads and parses the two data files, each within its own documented
 * size limit; returns 0 or -1 with *cause.
 */
static int
game_load_data(struct game *g, const char *dir, char **cause)
{
	char	*path;
	int	 rc;

	path = xasprintf("%s/terrain.txt", dir);
	rc = terrain_read(&g->terrain, path, cause);
	free(path);
	if (rc != 0)
		return (-1);
	path = xasprintf("%s/monsters.txt", dir);
	rc = monster_read(&g->monsters, &g->terrain, path, cause);
	free(path);
	if (rc != 0)
		return (-1);
	/* A mod without items.txt has no items. */
	path = xasprintf("%s/items.txt", dir);
	rc = access(path, F_OK) != 0 ? 0 : item_read(&g->items, &g->terrain,
	    path, cause);
	free(path);
	return (rc);
}

/*
 * Reads the vaults generated levels get: the file the configuration
 * names, else the data folder's vaults.txt when there is one.
 */
static int
game_load_vaults(struct game *g, const struct game_config *cfg,
    char **cause)
{
	char	*path;
	int	 rc = 0;

	if (cfg->vaults != NULL)
		return (vault_read(&g->vaults, &g->terrain, &g->monsters,
		    &g->items, cfg->vaults, cause));
	path = xasprintf("%s/vaults.txt", cfg->data_dir);
	if (access(path, F_OK) == 0)
		rc = vault_read(&g->vaults, &g->terrain, &g->monsters,
		    &g->items, path, cause);
	free(path);
	return (rc);
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
	int			i;

	if (path_planner_parse(name, &kind) != 0) {
		*cause = xasprintf("unknown planner \"%s\" (expected one of "
		    "%s)", name, path_planner_names);
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

/* Takes hit points from the player; at none the game is lost. */
static void
game_hurt_player(struct game *g, int damage, const char *by)
{
	g->hp -= damage;
	if (g->hp > 0 || g->status != GAME_PLAYING)
		return;
	g->hp = 0;
	g->status = GAME_DEAD;
	snprintf(g->end_cause, sizeof g->end_cause, "killed by %s %s on %s",
	    words_article(by), by, g->level->name);
	game_message(g, "You die...");
}

/*
 * The sound of a dungeon's event, from the terrain it makes: water that
 * swimmers take rushes in, rock or rubble that walkers cannot cross (or
 * cross slowly) groans down, and anything else (a cage's bars, a way
 * cleared) grinds open.
 */
static const char *
game_event_sound(const struct game *g, int terrain)
{
	const struct terrain	*t = &g->terrain.t[terrain];
	int			 swim = terrain_class_find(&g->terrain, "swim");

	if (swim >= 0 && t->cost[swim] != 0)
		return ("You hear water rushing.");
	if (t->cost[g->terrain.walk] == 0 || t->cost[g->terrain.walk] > 1)
		return ("You hear the earth groan.");
	return ("You hear something grind open.");
}

/* Tells the player one thing that happened (see game-internal.h). */
static void
game_tell(struct game *g, const struct happening *h)
{
	const char	*name = h->monster >= 0 ?
			    g->monsters.k[h->monster].display : "";
	int		 damage;

	switch (h->kind) {
	case HAPPEN_NOTICED:
		if (h->seen)
			game_message(g, "The %s %s you!", name, h->value ?
			    "notices" : "hears");
		break;
	case HAPPEN_MISSED:
		game_message(g, "The %s misses you.", name);
		break;
	case HAPPEN_HIT:
		damage = h->value - inventory_armour(g);
		if (damage < 1)
			damage = h->value > 0 ? 1 : 0;
		game_message(g, "The %s hits you (%d).", name, damage);
		game_hurt_player(g, damage, name);
		break;
	case HAPPEN_OPENED:
		if (h->seen)
			game_message(g, "The %s opens a door.", name);
		break;
	case HAPPEN_SHUT:
		if (h->seen)
			game_message(g, "The %s shuts the door behind it.",
			    name);
		break;
	case HAPPEN_GATE:
		if (h->seen)
			game_message(g, "%s", h->value ? "A gate grinds open." :
			    "A gate slams shut.");
		break;
	case HAPPEN_EVENT:
		game_message(g, "%s", game_event_sound(g, h->value2));
		break;
	case HAPPEN_CAVE_IN:
		game_message(g, "%s", h->seen ? "The corridor caves in!" :
		    "You hear rumbling.");
		break;
	case HAPPEN_SHORT:
		game_message(g, "Only %d of the %d monsters asked for found "
		    "room on the level.", h->value, h->value2);
		break;
	}
}

/* Tells the player everything that happened on the level since last. */
static void
game_report(struct game *g)
{
	struct level	*l = g->level;
	int		 i;

	for (i = 0; i < l->nhappened; i++)
		game_tell(g, &l->happened[i]);
	l->nhappened = 0;
}

/* One monster action of the turn, told; as ai_step(). */
static int
game_monster_acts(struct game *g)
{
	int	i = ai_step(g);

	game_report(g);
	return (i);
}

/* Makes an empty game with its data read; NULL with *cause on failure. */
struct game *
game_alloc(const struct game_config *cfg, char **cause)
{
	struct game	*g;

	g = xcalloc(1, sizeof *g);
	if (game_load_data(g, cfg->data_dir, cause) != 0) {
		free(g);
		return (NULL);
	}
	if (game_load_vaults(g, cfg, cause) != 0) {
		free(g);
		return (NULL);
	}
	inventory_init(g);
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

	if (cfg->monsters > 0)
		g->extra = cfg->monsters;
	else if (cfg->monsters == GAME_NO_MONSTERS)
		g->extra = GAME_NO_MONSTERS;
	if (stage_open(g, cfg->data_dir, cause) != 0)
		return (-1);
	c = g->campaign;
	game_message(g, "You set out on %s.", c->name);
	for (i = 0; i < c->nintro; i++)
		game_message(g, "%s", c->intro[i]);
	g->level = stage_level(g, 0);
	game_report(g);
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
	g->hp = g->hp_max = PLAYER_HP;
	g->xp_level = 1;
	g->damage_min = PLAYER_DAMAGE_MIN;
	g->damage_max = PLAYER_DAMAGE_MAX;
	g->depth = 1;
	g->status = GAME_PLAYING;
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
		if (cfg->monsters > 0)
			d.extra_monsters = g->extra = cfg->monsters;
		else if (cfg->monsters == GAME_NO_MONSTERS) {
			d.extra_monsters = 0;
			g->extra = GAME_NO_MONSTERS;
		}
		g->monsters_asked = d.extra_monsters;
		g->level = level_from_dungeon(g, &d);
		game_report(g);
		game_enter_dungeon(g, &d);
		dungeon_free(&d);
	} else {
		g->level = level_generate(g, 1);
		game_report(g);
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
	free(g->keys);
	free(g);
}

/* Adds a message to the log. */
void
game_message(struct game *g, const char *fmt, ...)
{
	va_list	ap;
	int	i = g->nmessages % GAME_MESSAGES;

	va_start(ap, fmt);
	vsnprintf(g->messages[i], GAME_MESSAGE_LEN, fmt, ap);
	va_end(ap);
	g->message_turn[i] = g->turn;
	g->nmessages++;
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
	if (a.cmd != GAME_CMD_TRAVEL && (a.dx < -1 || a.dx > 1 || a.dy < -1 ||
	    a.dy > 1))
		return (0);
	if (a.cmd == GAME_CMD_SAVE) {
		/* Not an action: the game is as it was, noise and all. */
		g->status = GAME_SAVED;
		return (0);
	}
	if (a.cmd == GAME_CMD_RUN && a.dx == 0 && a.dy == 0)
		return (0);
	if (a.cmd == GAME_CMD_REST || a.cmd == GAME_CMD_EXPLORE ||
	    a.cmd == GAME_CMD_TRAVEL || a.cmd == GAME_CMD_RUN ||
	    (a.cmd == GAME_CMD_DESCEND &&
	    !(g->terrain.t[level_at(g->level, g->px, g->py)].flags &
	    TERRAIN_STAIRS)))
		return (travel_act(g, a.cmd == GAME_CMD_DESCEND ?
		    GAME_CMD_TRAVEL : a.cmd, a.cmd == GAME_CMD_TRAVEL ||
		    a.cmd == GAME_CMD_RUN ? a.dx : 0, a.cmd == GAME_CMD_TRAVEL ||
		    a.cmd == GAME_CMD_RUN ? a.dy : 0));	/* whole turns */
	noise = g->noise;
	g->noise = 0;
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
	case GAME_CMD_DIG:
		took = action_transform(g, a.cmd, a.dx, a.dy);
		break;
	case GAME_CMD_DESCEND:	/* on the stairs (see above) */
		action_descend(g);
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
		took = inventory_act(g, a);
		break;
	case GAME_CMD_REST:
	case GAME_CMD_EXPLORE:
	case GAME_CMD_TRAVEL:
	case GAME_CMD_RUN:
		return (0);	/* taken above */
	}
	if (!took) {
		g->noise = noise;	/* a refused action changes nothing */
		return (0);
	}
	if (g->turn < GAME_TURN_MAX)
		g->turn++;	/* see GAME_TURN_MAX */
	inventory_turn(g);
	if (g->status == GAME_PLAYING) {
		level_tick(g, g->level);
		game_report(g);
		level_update_view(g, g->level);
		ai_begin(g);
		if (!ai_more(g))
			game_step(g);	/* no monster acts: the turn is over */
	}
	return (1);
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

