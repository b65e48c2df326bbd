/*
 * game-query.c: what front ends ask of a game, read-only.
 *
 * Everything a screen, a digest line or a score entry shows: the game as
 * a whole, a cell, a monster and its planner's path, messages, the
 * planners' totals of the last turn, the level as text, and a digest of
 * the whole state.  Nothing here changes the game: the actions are in
 * game-action.c, the turn in game.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "state.h"
#include "watch.h"
#include "xmalloc.h"

/* The key log: see game.h. */
const char *
game_keys(const struct game *g, size_t *len)
{
	*len = g->nkeys;
	return (g->keys != NULL ? g->keys : "");
}

/* How the game stands: see game.h. */
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
	o->mods = g->mods;
}

/*
 * The one scoring rule, and the only place it is written: each kill's
 * value (monsters.txt), GAME_SCORE_DEPTH for each depth reached, and
 * GAME_SCORE_WIN for a win, however it came: the amulet taken, or a
 * hand-made dungeon escaped by its stairs.  game_score_rule() says it
 * in words, for the help screen, from the same numbers.
 */
static long
game_score(const struct game *g)
{
	return (g->kill_points + (long)GAME_SCORE_DEPTH * g->depth +
	    (g->status == GAME_WON ? GAME_SCORE_WIN : 0));
}

#define GAME_STRING(x)	GAME_STRING2(x)
#define GAME_STRING2(x)	#x

/* The scoring rule in words: see game.h. */
const char *
game_score_rule(void)
{
	return ("each kill's value, " GAME_STRING(GAME_SCORE_DEPTH) " a "
	    "depth, " GAME_STRING(GAME_SCORE_WIN) " a win (amulet or dungeon "
	    "escaped)");
}

/* A way a monster may fight: see query.h. */
int
game_monster_way(int i, const char **key, const char **help)
{
	return (monster_way(i, key, help));
}

/* What a screen shows of the game: see game.h. */
void
game_info(const struct game *g, struct game_info *gi)
{
	int	i;

	memset(gi, 0, sizeof *gi);
	gi->turn = g->turn;
	gi->depth = g->depth;
	if (g->campaign != NULL) {
		gi->level = g->stage + 1;
		gi->levels = g->campaign->n;
	} else if (g->dungeon_path[0] != '\0')
		gi->level = gi->levels = 1;
	else {
		gi->depths = g->depths;
		gi->level = g->depth;
		gi->levels = g->depths;
	}
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
	gi->stealth = g->stealth;
	gi->wielded = g->wielded.kind >= 0 ?
	    g->items.k[g->wielded.kind].display : NULL;
	gi->worn = g->worn.kind >= 0 ? g->items.k[g->worn.kind].display : NULL;
	if (g->wielded.kind >= 0)
		gi->wielded_noun = g->items.k[g->wielded.kind].noun;
	if (g->worn.kind >= 0)
		gi->worn_noun = g->items.k[g->worn.kind].noun;
	gi->wielded_plus = g->wielded.plus;
	gi->worn_plus = g->worn.plus;
	gi->to_hit = player_to_hit(g);
	gi->hasted = g->hasted;
	gi->poisoned = g->poisoned;
	gi->confused = g->confused;
	gi->blind = g->blind;
	gi->damage_min = g->damage_min + player_damage_bonus(g);
	gi->damage_max = g->damage_max + player_damage_bonus(g);
	gi->armour = player_armour(g);
	gi->xp_level = g->xp_level;
	gi->xp = g->xp;
	gi->xp_next = player_to_next(g);
}

/* Fills an item's description from its kind. */
static void
game_item_fill(const struct game *g, int kind, int count, int plus,
    struct game_item_info *ii)
{
	static const char	 keys[] = {
		[ITEM_USE_QUAFF] = 'q', [ITEM_USE_READ] = 'r',
		[ITEM_USE_THROW] = 't', [ITEM_USE_APPLY] = 'A',
		[ITEM_USE_WIELD] = 'w', [ITEM_USE_ZAP] = 'z',
		[ITEM_USE_CARRY] = 'D'
	};
	const struct item_kind	*k = &g->items.k[kind];
	const struct item_kind	*look = &g->items.k[g->look_of[kind]];
	enum item_use		 use = item_use_of(k->effect);

	memset(ii, 0, sizeof *ii);
	ii->kind = kind;
	ii->known = player_knows(g, kind);
	ii->name = ii->known ? k->name : "";
	ii->display = player_item_display(g, kind, &ii->noun);
	ii->glyph = k->glyph;
	ii->colour = ii->known ? k->colour : look->look_colour;
	ii->bright = ii->known ? k->bright : look->look_bright;
	ii->count = count;
	ii->plus = plus;
	ii->cls = item_class_name(k->cls);
	ii->shows = k->cls == ITEM_CLASS_WEAPON ||
	    k->cls == ITEM_CLASS_ARMOUR ? GAME_ITEM_PLUS :
	    k->cls == ITEM_CLASS_WAND && ii->known ? GAME_ITEM_CHARGES :
	    k->effect == ITEM_PICK ? GAME_ITEM_WEAR : GAME_ITEM_PLAIN;
	ii->verb = item_use_verb(use);
	ii->key = keys[use];
	ii->effect = ii->known ? item_effect_name(k->effect) : NULL;
	if (ii->known) {
		ii->power = k->power;
		ii->accuracy = k->accuracy;
		ii->delay = k->delay;
		ii->noise = k->noise;
	}
	ii->describe = ii->known ? k->describe : "You do not know what it "
	    "does until you use it or read a scroll of identify.";
}

/* What is wielded or worn: see query.h. */
int
game_held_item(const struct game *g, int worn, struct game_item_info *ii)
{
	const struct held	*h = worn ? &g->worn : &g->wielded;

	if (h->kind < 0)
		return (-1);
	game_item_fill(g, h->kind, 1, h->plus, ii);
	return (0);
}

/* Whether reading the scroll in a slot asks for an item: see query.h. */
int
game_item_wants_target(const struct game *g, int slot)
{
	int	kind;

	if (slot < 0 || slot >= PACK_SLOTS || (kind = g->pack[slot].kind) < 0)
		return (0);
	return (player_knows(g, kind) &&
	    g->items.k[kind].effect == ITEM_ENCHANT);
}

/* How many kinds the item table holds: see query.h. */
int
game_item_kinds(const struct game *g)
{
	return (g->items.n);
}

/* A kind of the item table, as the player knows it: see query.h. */
int
game_item_kind(const struct game *g, int kind, struct game_item_info *ii)
{
	if (kind < 0 || kind >= g->items.n)
		return (-1);
	game_item_fill(g, kind, 1, 0, ii);
	return (0);
}

/* A slot of the player's pack: see game.h. */
int
game_pack_item(const struct game *g, int slot, struct game_item_info *ii)
{
	if (slot < 0 || slot >= PACK_SLOTS || g->pack[slot].kind < 0)
		return (-1);
	game_item_fill(g, g->pack[slot].kind, g->pack[slot].count,
	    g->pack[slot].plus, ii);
	return (0);
}

/* The top item on a cell as the player knows it: see game.h. */
int
game_known_item(const struct game *g, int x, int y,
    struct game_item_info *ii)
{
	const struct level	*l = g->level;
	int			 i;

	if (!level_contains(l, x, y))
		return (-1);
	if (l->visible[y * l->width + x])
		return (game_floor_item(g, x, y, ii));
	if (!l->seen[y * l->width + x] || (i = level_recalled_at(l, x, y)) < 0)
		return (-1);
	game_item_fill(g, l->recalled[i].kind, l->recalled[i].count,
	    l->recalled[i].plus, ii);
	return (0);
}

/* The top item on a cell: see game.h. */
int
game_floor_item(const struct game *g, int x, int y,
    struct game_item_info *ii)
{
	int	i = level_item_at(g->level, x, y);

	if (i < 0)
		return (-1);
	game_item_fill(g, g->level->items[i].kind, g->level->items[i].count,
	    g->level->items[i].plus, ii);
	return (0);
}

/*
 * Fills a cell with terrain tt and, if item is not NULL, that item on
 * top; the rest of c is left to the caller.
 */
static void
game_cell_fill(const struct game *g, int tt, const struct floor_item *item,
    struct game_cell *c)
{
	const struct terrain	*t = &g->terrain.t[tt];

	c->glyph = t->glyph;
	c->colour = t->colour;
	c->bright = t->bright;
	c->display = t->display;
	c->noun = t->noun;
	c->describe = t->describe;
	c->buried = NULL;
	if (item != NULL && terrain_solid(&g->terrain, tt)) {
		c->buried = g->items.k[item->kind].display;
		c->buried_noun = g->items.k[item->kind].noun;
	} else if (item != NULL) {
		c->item_glyph = g->items.k[item->kind].glyph;
		c->item_colour = g->items.k[item->kind].colour;
		c->item_bright = g->items.k[item->kind].bright;
	}
}

/* What a screen shows of a cell: see game.h. */
void
game_cell(const struct game *g, int x, int y, struct game_cell *c)
{
	const struct level	*l = g->level;
	const struct floor_item	*item = NULL;
	int			 tt = level_at(l, x, y), i, k;

	memset(c, 0, sizeof *c);
	c->monster = -1;
	c->display = "nothing";
	c->describe = "";
	if (tt < 0) {
		c->glyph = " ";
		return;
	}
	i = y * l->width + x;
	c->visible = l->visible[i];
	c->seen = (l->seen[i] & LEVEL_SEEN) != 0;
	c->player = x == g->px && y == g->py;
	if (c->visible && l->occupant[i] > 0 &&
	    level_monster_shown(g, l, l->occupant[i] - 1))
		c->monster = l->occupant[i] - 1;
	if (c->visible) {
		if ((k = level_item_at(l, x, y)) >= 0)
			item = &l->items[k];
	} else if (c->seen) {
		/* As the player last saw it. */
		tt = l->memory[i];
		if ((k = level_recalled_at(l, x, y)) >= 0)
			item = &l->recalled[k];
	}
	game_cell_fill(g, tt, item, c);
}

/* A cell as it is, for study views: see game.h. */
void
game_cell_revealed(const struct game *g, int x, int y, struct game_cell *c)
{
	const struct level	*l = g->level;
	int			 tt = level_at(l, x, y), k;

	game_cell(g, x, y, c);
	if (tt < 0)
		return;
	c->visible = 1;
	c->monster = game_monster_at(g, x, y);
	k = level_item_at(l, x, y);
	c->item_glyph = NULL;
	game_cell_fill(g, tt, k >= 0 ? &l->items[k] : NULL, c);
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

/* A cell's terrain as the player reads it: see game.h. */
const char *
game_terrain_display(const struct game *g, int x, int y)
{
	int	tt = level_at(g->level, x, y);

	return (tt < 0 ? "nothing" : g->terrain.t[tt].display);
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
	"wandering", "hunting", "searching", "fleeing"
};

/*
 * What a summoner's or an interceptor's tactic is up to, into
 * mi->tactic: see game.h.
 */
static void
game_monster_tactic(const struct game *g, int i,
    struct game_monster_info *mi)
{
	static const char *const	 places[] = {
		[LEVEL_GUESS_STAIRS] = "the stairs",
		[LEVEL_GUESS_ITEM] = "an item",
		[LEVEL_GUESS_DOOR] = "a door"
	};
	const struct level		*l = g->level;
	const struct monster		*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 raised = level_raised(l, i);

	if (k->summons >= 0) {
		if (raised >= k->summon_cap)
			snprintf(mi->tactic, sizeof mi->tactic, "summoning: "
			    "%d up, at its cap", raised);
		else if (m->summon_at > g->turn)
			snprintf(mi->tactic, sizeof mi->tactic, "summoning "
			    "in %ld turn%s", m->summon_at - g->turn,
			    m->summon_at - g->turn == 1 ? "" : "s");
		else
			snprintf(mi->tactic, sizeof mi->tactic, "summoning "
			    "when it sees you");
	} else if ((k->flags & MONSTER_INTERCEPT) && m->state == MS_HUNT)
		snprintf(mi->tactic, sizeof mi->tactic, "intercepting: %s",
		    m->guess != LEVEL_GUESS_NONE ? places[m->guess] :
		    "no guess");
}

/*
 * What a monster carries, as the player would name it: "carrying your
 * dart (3)" (a thief's is the player's), "carrying a murky potion", or
 * "".
 */
static void
game_monster_carrying(const struct game *g, const struct monster *m,
    char *out, size_t size)
{
	enum words_noun	 noun;
	const char	*display;
	char		 a[NAME_LEN + 8];

	out[0] = '\0';
	if (m->carry_kind < 0)
		return;
	display = player_item_display(g, m->carry_kind, &noun);
	if (g->monsters.k[m->kind].flags & MONSTER_STEALS)
		snprintf(a, sizeof a, "your %s", display);
	else
		(void)words_noun(a, sizeof a, display, noun, 0);
	if (m->carry_count > 1)
		snprintf(out, size, "carrying %s (%d)", a, m->carry_count);
	else
		snprintf(out, size, "carrying %s", a);
}

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
	mi->display = k->display;
	mi->noun = k->noun;
	mi->glyph = k->glyph;
	mi->colour = k->colour;
	mi->bright = k->bright;
	mi->describe = k->describe;
	mi->alive = m->alive;
	mi->x = m->x;
	mi->y = m->y;
	mi->hp = m->hp;
	mi->hp_max = k->hp;
	mi->peaceful = (k->flags & MONSTER_PEACEFUL) && !m->provoked;
	game_monster_carrying(g, m, mi->carrying, sizeof mi->carrying);
	mi->state = mi->peaceful ? "peaceful" :
	    (k->flags & (MONSTER_GUARD | MONSTER_AMBUSH)) &&
	    m->state == MS_WANDER ? "lying in wait" : m->state == MS_SEARCH &&
	    m->lured > 0 ? "going to a noise" : game_state_names[m->state];
	if (m->state != MS_WANDER && m->hold_x >= 0)
		mi->state = "holding the door";	/* hold.c */
	else if (m->state != MS_WANDER && m->dig_x >= 0)
		mi->state = "digging";		/* dig.c */
	mi->planner = k->planner;
	mi->tx = m->state == MS_HUNT ? g->px : m->state == MS_SEARCH ?
	    m->lx : -1;
	mi->ty = m->state == MS_HUNT ? g->py : m->state == MS_SEARCH ?
	    m->ly : -1;
	if (m->state == MS_HUNT && m->post_x >= 0) {
		mi->tx = m->post_x;	/* a shooter's cell to shoot from */
		mi->ty = m->post_y;
	}
	mi->range = k->range;
	mi->keeps = k->keeps;
	game_monster_tactic(g, i, mi);
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
	int				 x, y, i, k2;

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
			else if ((k2 = level_item_at(l, x, y)) >= 0)
				fputs(g->items.k[l->items[k2].kind].glyph, f);
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
	for (i = 0; i < l->nitems; i++)
		fprintf(f, "item %s at %d,%d count %d plus %d\n",
		    g->items.k[l->items[i].kind].name, l->items[i].x,
		    l->items[i].y, l->items[i].count, l->items[i].plus);
	for (i = 0; i < PACK_SLOTS; i++) {
		if (g->pack[i].kind >= 0)
			fprintf(f, "pack %c %s count %d plus %d\n", 'a' + i,
			    g->items.k[g->pack[i].kind].name,
			    g->pack[i].count, g->pack[i].plus);
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
	uint64_t		 h = HASH_START;
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
	h = hash_bytes(h, v, sizeof v);
	if (g->campaign != NULL) {	/* other games' digests as they were */
		v[0] = g->stage;
		h = hash_bytes(h, v, sizeof v[0]);
	}
	h = hash_bytes(h, l->terrain, (size_t)l->width * l->height);
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
		h = hash_bytes(h, v, sizeof v);
		h = hash_bytes(h, &m->lured, sizeof m->lured);
		h = hash_bytes(h, &m->slowed, sizeof m->slowed);
		h = hash_bytes(h, &m->afraid, sizeof m->afraid);
		/* A holder's or a digger's state, only where there is one
		   (so the digests of games without them stay as they were). */
		if (m->hold_x >= 0 || m->hold_turns != 0 || m->dig_x >= 0) {
			v[0] = m->hold_x;
			v[1] = m->hold_y;
			v[2] = m->hold_turns;
			v[3] = m->hold_tries;
			v[4] = m->hold_near;
			v[5] = m->dig_x;
			v[6] = m->dig_y;
			v[7] = m->dig_done;
			h = hash_bytes(h, v, 8 * sizeof v[0]);
		}
		/* Only when set, so that games without them hash as before. */
		if (m->carry_kind >= 0 || m->provoked || m->leader || m->away) {
			v[0] = m->carry_kind;
			v[1] = m->carry_count;
			v[2] = m->carry_plus;
			v[3] = m->provoked;
			v[4] = m->leader;
			v[5] = m->away;
			h = hash_bytes(h, v, 6 * sizeof v[0]);
		}
	}
	for (i = 0; i < l->nitems; i++)
		h = hash_bytes(h, &l->items[i], sizeof l->items[i]);
	h = hash_bytes(h, g->pack, sizeof g->pack);
	v[0] = g->wielded.kind * 1000L + g->wielded.plus;
	v[1] = g->worn.kind * 1000L + g->worn.plus;
	v[2] = g->stealth;
	v[3] = g->xp;
	v[4] = g->xp_level;
	v[5] = g->damage_min * 1000L + g->damage_max;
	h = hash_bytes(h, v, 6 * sizeof v[0]);
	v[0] = g->hasted;
	v[1] = g->poisoned;
	v[2] = g->confused;
	v[3] = g->blind;
	v[4] = g->strength;
	v[5] = g->time;
	h = hash_bytes(h, v, 6 * sizeof v[0]);
	h = hash_bytes(h, g->known, sizeof g->known);
	return (h);
}

/* What the player knows of entering a cell: see game.h. */
int
game_known_cost(const struct game *g, int x, int y, int *exit)
{
	const struct level	*l = g->level;
	int			 i = y * l->width + x;

	if (exit != NULL)
		*exit = 0;
	if (!level_contains(l, x, y))
		return (0);
	if (exit != NULL && l->seen[i] && (g->terrain.t[l->terrain[i]].flags &
	    (TERRAIN_STAIRS | TERRAIN_GOAL)))
		*exit = 1;
	return (level_known_cost(g, l, i));
}

/* Whether a known cell can be dug through: see game.h. */
int
game_known_diggable(const struct game *g, int x, int y)
{
	const struct level	*l = g->level;

	return (level_contains(l, x, y) && l->seen[y * l->width + x] &&
	    g->terrain.t[l->terrain[y * l->width + x]].dig >= 0);
}

/* The level's movement rules: see game.h. */
struct path_rules
game_rules(const struct game *g)
{
	return (g->level->rules);
}

/* Whether a screen shows bare floor on a cell: see query.h. */
int
game_cell_floor(const struct game *g, int x, int y, int revealed)
{
	const struct level	*l = g->level;
	int			 i, tt = level_at(l, x, y);

	if (tt < 0)
		return (0);
	i = y * l->width + x;
	if (!revealed && !l->visible[i]) {
		if (!(l->seen[i] & LEVEL_SEEN))
			return (0);
		tt = l->memory[i];
	}
	return (tt == g->terrain.floor);
}
