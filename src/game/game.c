/*
 * game.c: a game from its first turn to its last.
 *
 * game_new() reads the data files (their contents are hashed, so a save
 * can tell whether it was made with the same ones), seeds two random
 * streams from the seed (everything that shapes the game draws from the
 * first; the second is for flavour and may be used freely by front ends
 * without disturbing a replay) and builds the first level, generated or
 * from a dungeon file.
 *
 * game_act() carries out one player action.  An action that is not
 * possible (walking into a wall, digging granite) costs no turn and
 * leaves a message.  One that is possible takes a turn: the world ticks
 * (gates, events, collapses), the player's field of view is updated so
 * the monsters can see it, the monsters act, and the view is updated
 * again for the screen.  The player heals a point every eight turns.
 * Reaching the amulet (or the stairs of a dungeon file) wins; running
 * out of hit points loses; both end with a score: 50 a depth reached,
 * each kill's value, 1000 for winning.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "xmalloc.h"

#define GAME_DEFAULT_DEPTHS	5

/* FNV-1a over bytes, continuing from h. */
static uint64_t
game_hash(uint64_t h, const void *p, size_t n)
{
	const uint8_t	*b = p;
	size_t		 i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= UINT64_C(0x100000001b3);
	}
	return (h);
}

#define GAME_HASH_START	UINT64_C(0xcbf29ce484222325)

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
	g->clock_ns = cfg->clock_ns;
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
		if (dungeon_read(&d, &g->terrain, &g->monsters, cfg->dungeon,
		    &why) != 0) {
			*cause = why;
			game_free(g);
			return (NULL);
		}
		snprintf(g->dungeon_path, sizeof g->dungeon_path, "%s",
		    cfg->dungeon);
		g->depth = d.depth;
		if (cfg->monsters > 0)
			d.extra_monsters = g->extra = cfg->monsters;
		else if (cfg->monsters == GAME_NO_MONSTERS) {
			d.extra_monsters = 0;
			g->extra = GAME_NO_MONSTERS;
		}
		g->monsters_asked = d.extra_monsters;
		g->level = level_from_dungeon(g, &d);
		dungeon_free(&d);
		game_message(g, "You enter %s.", g->level->name);
	} else {
		g->level = level_generate(g, 1);
		game_message(g, "You enter the dungeon.  Find the amulet on "
		    "depth %d.", g->depths);
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

/* A uniform roll in [lo, hi]. */
int
game_roll(struct game *g, int lo, int hi)
{
	return (rng_range(&g->rng, lo, hi));
}

/* Takes hit points from the player; at none the game is lost. */
void
game_hurt_player(struct game *g, int damage, const char *by)
{
	g->hp -= damage;
	if (g->hp > 0 || g->status != GAME_PLAYING)
		return;
	g->hp = 0;
	g->status = GAME_DEAD;
	snprintf(g->end_cause, sizeof g->end_cause, "killed by a %s on %s",
	    by, g->level->name);
	game_message(g, "You die...");
}

/* Adds points to the score, which stops at GAME_SCORE_MAX. */
static void
game_add_score(struct game *g, long points)
{
	g->score = points > GAME_SCORE_MAX - g->score ? GAME_SCORE_MAX :
	    g->score + points;
}

/* The player attacks the monster at (x,y). */
static void
game_attack(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 damage;

	g->noise = NOISE_FIGHT;
	if (rng_below(&g->rng, 100) >= 80) {
		game_message(g, "You miss the %s.", k->name);
		return;
	}
	damage = game_roll(g, g->damage_min, g->damage_max);
	m->hp -= damage;
	if (m->state == MS_WANDER) {
		m->state = MS_HUNT;
		m->lx = g->px;
		m->ly = g->py;
		m->timer = k->give_up;
	}
	if (m->hp > 0) {
		game_message(g, "You hit the %s (%d).", k->name, damage);
		return;
	}
	game_message(g, "You kill the %s.", k->name);
	if (g->kills < GAME_KILLS_MAX)
		g->kills++;
	game_add_score(g, k->value);
	level_kill_monster(g->level, (int)(m - g->level->mon));
}

/* Moves down a level (or out, for a dungeon file's stairs). */
static void
game_descend(struct game *g)
{
	if (g->dungeon_path[0] != '\0' || g->depth >= g->depths) {
		g->status = GAME_WON;
		snprintf(g->end_cause, sizeof g->end_cause, "escaped from %s",
		    g->level->name);
		game_message(g, "You climb down the stairs and out.  You win!");
		return;
	}
	level_free(g->level);
	g->depth++;
	g->level = level_generate(g, g->depth);
	if (g->watch != NULL)
		watch_new_level(g);
	game_message(g, "You go down the stairs to depth %d.", g->depth);
}

/* The player moves, attacks or opens a door: returns 1 if a turn went. */
static int
game_move(struct game *g, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	struct monster			*m;
	int				 nx = g->px + dx, ny = g->py + dy, tt;

	if ((m = level_monster_at(l, nx, ny)) != NULL && m->alive) {
		game_attack(g, m);
		return (1);
	}
	tt = level_at(l, nx, ny);
	if (tt >= 0 && t->t[tt].cost[t->walk] == 0 && t->t[tt].open >= 0) {
		level_set_terrain(l, t, nx, ny, t->t[tt].open);
		g->noise = NOISE_DOOR;
		game_message(g, "You open the %s.", t->t[tt].name);
		return (1);
	}
	if (!level_step_ok(l, t->walk, g->px, g->py, dx, dy)) {
		if (tt >= 0 && t->t[tt].cost[t->walk] == 0)
			game_message(g, "The %s is in the way.", t->t[tt].name);
		else
			game_message(g, "You cannot squeeze past that "
			    "corner.");
		return (0);
	}
	g->px = nx;
	g->py = ny;
	g->noise = NOISE_MOVE;
	if (t->t[tt].flags & TERRAIN_GOAL) {
		g->status = GAME_WON;
		game_add_score(g, 1000);
		snprintf(g->end_cause, sizeof g->end_cause, "took the %s on "
		    "depth %d", t->t[tt].name, g->depth);
		game_message(g, "You take the %s.  You win!", t->t[tt].name);
	} else if (t->t[tt].flags & TERRAIN_STAIRS)
		game_message(g, "There are stairs down here (press >).");
	return (1);
}

/* Opens, closes or digs next to the player: returns 1 if a turn went. */
static int
game_transform(struct game *g, enum game_cmd cmd, int dx, int dy)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l = g->level;
	int				 x = g->px + dx, y = g->py + dy;
	int				 tt = level_at(l, x, y), to;
	const char			*verb;

	if (tt < 0 || (dx == 0 && dy == 0)) {
		game_message(g, "There is nothing there.");
		return (0);
	}
	switch (cmd) {
	case GAME_CMD_OPEN:
		to = t->t[tt].open;
		verb = "open";
		break;
	case GAME_CMD_CLOSE:
		to = t->t[tt].close;
		verb = "close";
		break;
	default:
		to = t->t[tt].dig;
		verb = "dig through";
		break;
	}
	if (to < 0) {
		game_message(g, "You cannot %s the %s.", verb, t->t[tt].name);
		return (0);
	}
	if (cmd == GAME_CMD_CLOSE && level_monster_at(l, x, y) != NULL) {
		game_message(g, "Something is in the way.");
		return (0);
	}
	game_message(g, "You %s the %s.", verb, t->t[tt].name);
	level_set_terrain(l, t, x, y, to);
	g->noise = cmd == GAME_CMD_DIG ? NOISE_DIG : NOISE_DOOR;
	return (1);
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
	if (a.dx < -1 || a.dx > 1 || a.dy < -1 || a.dy > 1)
		return (0);
	if (a.cmd == GAME_CMD_SAVE) {
		/* Not an action: the game is as it was, noise and all. */
		g->status = GAME_SAVED;
		return (0);
	}
	noise = g->noise;
	g->noise = 0;
	switch (a.cmd) {
	case GAME_CMD_MOVE:
		if (a.dx == 0 && a.dy == 0)
			return (0);
		took = game_move(g, a.dx, a.dy);
		break;
	case GAME_CMD_WAIT:
		g->noise = NOISE_WAIT;
		took = 1;
		break;
	case GAME_CMD_OPEN:
	case GAME_CMD_CLOSE:
	case GAME_CMD_DIG:
		took = game_transform(g, a.cmd, a.dx, a.dy);
		break;
	case GAME_CMD_DESCEND:
		if (!(g->terrain.t[level_at(g->level, g->px, g->py)].flags &
		    TERRAIN_STAIRS)) {
			game_message(g, "There are no stairs here.");
			return (0);
		}
		game_descend(g);
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
	}
	if (!took) {
		g->noise = noise;	/* a refused action changes nothing */
		return (0);
	}
	if (g->turn < GAME_TURN_MAX)
		g->turn++;	/* see GAME_TURN_MAX */
	if (g->status == GAME_PLAYING) {
		level_tick(g, g->level);
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
	if ((i = ai_step(g)) >= 0 && ai_more(g))
		return (i);
	while (ai_step(g) >= 0)
		continue;
	if (g->status == GAME_PLAYING) {
		level_update_view(g, g->level);
		if (g->turn % 8 == 0 && g->hp < g->hp_max && g->hp > 0)
			g->hp++;
	}
	return (i);
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

const char *
game_keys(const struct game *g, size_t *len)
{
	*len = g->nkeys;
	return (g->keys != NULL ? g->keys : "");
}

enum game_status
game_status(const struct game *g)
{
	return (g->status);
}

/* Where the game came from: see game.h. */
void
game_origin(const struct game *g, struct game_origin *o)
{
	o->seed = g->seed;
	o->dungeon = g->dungeon_path[0] != '\0' ? g->dungeon_path : NULL;
	o->depths = g->dungeon_path[0] != '\0' ? 0 : g->depths;
	o->monsters = g->extra;
}

/* The score: see the top of the file. */
static long
game_score(const struct game *g)
{
	return (g->score + 50L * g->depth);
}

/* What a screen shows of the game: see game.h. */
void
game_info(const struct game *g, struct game_info *gi)
{
	int	i;

	memset(gi, 0, sizeof *gi);
	gi->turn = g->turn;
	gi->depth = g->depth;
	gi->depths = g->dungeon_path[0] != '\0' ? g->depth : g->depths;
	gi->hp = g->hp;
	gi->hp_max = g->hp_max;
	gi->px = g->px;
	gi->py = g->py;
	gi->seed = g->seed;
	gi->score = game_score(g);
	gi->kills = g->kills;
	gi->monsters_asked = g->monsters_asked;
	gi->monsters_short = g->monsters_short;
	gi->level_name = g->level->name;
	gi->status = g->status;
	gi->end_cause = g->end_cause;
	gi->width = g->level->width;
	gi->height = g->level->height;
	for (i = 0; i < g->level->nmon; i++)
		gi->monsters += g->level->mon[i].alive;
}

/* What a screen shows of a cell: see game.h. */
void
game_cell(const struct game *g, int x, int y, struct game_cell *c)
{
	const struct level	*l = g->level;
	const struct terrain	*t;
	int			 tt = level_at(l, x, y), i;

	memset(c, 0, sizeof *c);
	c->monster = -1;
	if (tt < 0) {
		c->glyph = " ";
		return;
	}
	t = &g->terrain.t[tt];
	c->glyph = t->glyph;
	c->colour = t->colour;
	c->bright = t->bright;
	i = y * l->width + x;
	c->visible = l->visible[i];
	c->seen = l->seen[i];
	c->player = x == g->px && y == g->py;
	if (c->visible && l->occupant[i] > 0)
		c->monster = l->occupant[i] - 1;
}

int
game_monster_at(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;

	if (x < 0 || y < 0 || x >= l->width || y >= l->height)
		return (-1);
	return (l->occupant[y * l->width + x] - 1);
}

const char *
game_terrain_name(const struct game *g, int x, int y)
{
	int	tt = level_at(g->level, x, y);

	return (tt < 0 ? "nothing" : g->terrain.t[tt].name);
}

const char *
game_terrain_describe(const struct game *g, int x, int y)
{
	int	tt = level_at(g->level, x, y);

	return (tt < 0 ? "" : g->terrain.t[tt].describe);
}

/* A message, newest first: see game.h. */
const char *
game_message_text(const struct game *g, int i, long *turn)
{
	int	k;

	if (i < 0 || i >= g->nmessages || i >= GAME_MESSAGES)
		return (NULL);
	k = (g->nmessages - 1 - i) % GAME_MESSAGES;
	if (turn != NULL)
		*turn = g->message_turn[k];
	return (g->messages[k]);
}

long
game_message_total(const struct game *g)
{
	return (g->nmessages);
}

int
game_monster_count(const struct game *g)
{
	return (g->level->nmon);
}

static const char *const game_state_names[] = {
	"wandering", "hunting", "searching"
};

/* A monster as a screen describes it: see game.h. */
int
game_monster_info(const struct game *g, int i, struct game_monster_info *mi)
{
	const struct monster		*m;
	const struct monster_kind	*k;

	if (i < 0 || i >= g->level->nmon)
		return (-1);
	m = &g->level->mon[i];
	k = &g->monsters.k[m->kind];
	memset(mi, 0, sizeof *mi);
	mi->name = k->name;
	mi->glyph = k->glyph;
	mi->colour = k->colour;
	mi->bright = k->bright;
	mi->describe = k->describe;
	mi->alive = m->alive;
	mi->x = m->x;
	mi->y = m->y;
	mi->hp = m->hp;
	mi->hp_max = k->hp;
	mi->state = (k->flags & (MONSTER_GUARD | MONSTER_AMBUSH)) &&
	    m->state == MS_WANDER ? "lying in wait" :
	    game_state_names[m->state];
	mi->planner = k->planner;
	mi->tx = m->state == MS_HUNT ? g->px : m->state == MS_SEARCH ?
	    m->lx : -1;
	mi->ty = m->state == MS_HUNT ? g->py : m->state == MS_SEARCH ?
	    m->ly : -1;
	mi->stats = m->stats;
	mi->plan_ns = m->plan_ns;
	mi->replans = m->replans;
	return (0);
}

size_t
game_monster_path(const struct game *g, int i, struct path_point *out,
    size_t max)
{
	if (i < 0 || i >= g->level->nmon || !g->level->mon[i].alive ||
	    g->level->mon[i].state == MS_WANDER)
		return (0);
	return (path_planner_path(g->level->mon[i].planner, out, max));
}

/* What the planners did on the last turn: see game.h. */
void
game_ai_totals(const struct game *g, struct game_ai_totals *t)
{
	*t = g->ai;
}

/* A planner kind's name: see game.h. */
const char *
game_planner_name(enum path_planner_kind kind)
{
	return (path_planner_name(kind));
}

/* The level as text, everything shown: see game.h. */
char *
game_level_text(const struct game *g)
{
	const struct level		*l = g->level;
	const struct monster		*m;
	const struct monster_kind	*k;
	char				*text = NULL;
	size_t				 size = 0;
	FILE				*f;
	int				 x, y, i;

	if ((f = open_memstream(&text, &size)) == NULL)
		xfatal("open_memstream failed");
	fprintf(f, "level %s, depth %d, %dx%d\n", l->name, g->depth,
	    l->width, l->height);
	for (y = 0; y < l->height; y++) {
		for (x = 0; x < l->width; x++) {
			i = y * l->width + x;
			if (x == g->px && y == g->py)
				fputc('@', f);
			else if (l->occupant[i] > 0)
				fputs(g->monsters.k[l->mon[l->occupant[i] -
				    1].kind].glyph, f);
			else
				fputs(g->terrain.t[l->terrain[i]].glyph, f);
		}
		fputc('\n', f);
	}
	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		k = &g->monsters.k[m->kind];
		if (m->alive)
			fprintf(f, "monster %s at %d,%d hp %d %s, %s\n",
			    k->name, m->x, m->y, m->hp,
			    path_planner_name(k->planner),
			    game_state_names[m->state]);
	}
	fclose(f);
	return (text);
}

/* A digest of the state: see game.h. */
uint64_t
game_digest(const struct game *g)
{
	const struct level	*l = g->level;
	const struct monster	*m;
	uint64_t		 h = GAME_HASH_START;
	int64_t			 v[12];
	int			 i;

	v[0] = (int64_t)g->seed;
	v[1] = g->turn;
	v[2] = g->depth;
	v[3] = g->status == GAME_SAVED ? GAME_PLAYING : g->status;
	v[4] = g->px;
	v[5] = g->py;
	v[6] = g->hp;
	v[7] = g->kills;
	v[8] = game_score(g);
	v[9] = (int64_t)g->rng.state;
	v[10] = g->noise;
	v[11] = g->hp_max;
	h = game_hash(h, v, sizeof v);
	h = game_hash(h, l->terrain, (size_t)l->width * l->height);
	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		v[0] = m->kind;
		v[1] = m->x;
		v[2] = m->y;
		v[3] = m->hp;
		v[4] = m->alive;
		v[5] = m->state;
		v[6] = m->energy;
		v[7] = m->cooldown;
		v[8] = m->timer;
		v[9] = m->lx * 65536L + m->ly;
		v[10] = m->noticed;
		v[11] = (m->dx + 1) * 3 + m->dy + 1;
		h = game_hash(h, v, sizeof v);
	}
	return (h);
}
