/*
 * fuzz-dungeon.c: dungeon files and Moving AI maps as dungeons
 * (src/game/data/dungeon.c, dungeon_parse), and the games made from them.
 *
 * The input is a dungeon file, read against the shipped terrain,
 * monster and item tables.  A refused file must leave a "name:..."
 * message and an empty dungeon.  An accepted one must keep every promise
 * of dungeon.h (sizes, terrains, spawns, items, gates and events inside
 * the map) and, when it is small enough to play quickly, must make a
 * game: game_new() on the same file cannot refuse what the parser
 * accepted, the game must survive a few turns, and a save of it must
 * restore the same game.  The
 * keys played are those after the last "#keys:" in the input (a comment
 * to the parser), else a fixed walk.  The checker (dungeon_check_text,
 * astray --check) reads the same input and must agree: errors exactly
 * when the game refuses, the first of them the game's own message, each
 * naming the file, warnings only for a file without errors.
 *
 * An input whose first line starts "vault" is a vault file (vault.h):
 * a refused one must leave a "name:..." message and an empty set; an
 * accepted one must keep vault.h's promises (depths, weights, entries on
 * the map's edge) and, when small, must make a generated game that
 * places its vaults and survives a few turns.  The checker must agree:
 * its first error is the game's message, and a file the game takes gets
 * no error but a vault no generated level could take.
 *
 * An input whose first word is "campaign" is a campaign (campaign.h),
 * written to a folder of its own, so the files it names beside it do not
 * exist and its installed names are the shipped data's: a refused one
 * must leave a "name:..." message and an empty campaign, and the checker
 * must report that message among its errors; an accepted one must keep
 * campaign.h's promises (levels, depths, sizes, the goal on the last
 * level only), the checker must find nothing but vaults no level could
 * take, and, when its levels are small, it must make a game that goes
 * down every level to the end, each save of it restoring the same game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "campaign.h"
#include "dungeon.h"
#include "fuzz.h"
#include "check-files.h"
#include "game.h"
#include "state.h"
#include "gen.h"
#include "vault.h"

#define PLAY_CELLS	(160 * 160)	/* larger maps are only parsed */
#define PLAY_KEYS	64
#define PLAY_LEVELS	8		/* campaigns longer are only read */

/*
 * A legend cell's kinds: one (n 1) or a list (2 to DUNGEON_PICK_MAX) of
 * kinds of the table with weights in range, kind the first; or any (n
 * 0, kind -1).
 */
static void
fuzz_pick(const struct dungeon_pick *p, int kind, int n, const char *what)
{
	int	j;

	fuzz_assert(p->n >= 0 && p->n <= DUNGEON_PICK_MAX, "%s of %d kinds",
	    what, p->n);
	fuzz_assert(p->n == 0 ? kind == -1 : kind == p->kinds[0], "%s kind %d",
	    what, kind);
	for (j = 0; j < p->n; j++)
		fuzz_assert(p->kinds[j] >= 0 && p->kinds[j] < n &&
		    p->weights[j] >= 1 && p->weights[j] <= DUNGEON_PICK_WEIGHT,
		    "%s kind %d weight %d", what, p->kinds[j], p->weights[j]);
}

/* Checks an accepted dungeon against dungeon.h. */
static void
check_dungeon(const struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt,
    const struct item_table *it)
{
	size_t	cells, i;
	int	k;

	fuzz_assert(d->width >= 1 && d->width <= DUNGEON_MAX_SIDE &&
	    d->height >= 1 && d->height <= DUNGEON_MAX_SIDE, "size %dx%d",
	    d->width, d->height);
	cells = (size_t)d->width * (size_t)d->height;
	for (i = 0; i < cells; i++) {
		fuzz_assert(d->terrain[i] < tt->n, "cell %zu holds terrain %d",
		    i, d->terrain[i]);
	}
	fuzz_assert(d->depth >= 1 && d->depth <= 100, "depth %d", d->depth);
	fuzz_assert(memchr(d->name, '\0', sizeof d->name) != NULL,
	    "unterminated name");
	fuzz_assert((d->px == -1 && d->py == -1) || (d->px >= 0 &&
	    d->px < d->width && d->py >= 0 && d->py < d->height),
	    "player at %d,%d", d->px, d->py);
	if (d->px >= 0)
		fuzz_assert(tt->t[d->terrain[d->py * d->width + d->px]].cost[
		    tt->walk] > 0, "the player stands on %s",
		    tt->t[d->terrain[d->py * d->width + d->px]].name);
	fuzz_assert(d->nspawns >= 0 && d->nspawns <= DUNGEON_MAX_SPAWNS,
	    "%d spawns", d->nspawns);
	for (k = 0; k < d->nspawns; k++) {
		fuzz_pick(&d->spawns[k].pick, d->spawns[k].kind, mt->n,
		    "spawn");
		fuzz_assert(d->spawns[k].x >= 0 && d->spawns[k].x < d->width &&
		    d->spawns[k].y >= 0 && d->spawns[k].y < d->height,
		    "spawn at %d,%d", d->spawns[k].x, d->spawns[k].y);
	}
	fuzz_assert(d->nitems >= 0 && d->nitems <= DUNGEON_MAX_ITEMS,
	    "%d items", d->nitems);
	for (k = 0; k < d->nitems; k++) {
		fuzz_pick(&d->items[k].pick, d->items[k].kind, it->n, "item");
		fuzz_assert(d->items[k].x >= 0 && d->items[k].x < d->width &&
		    d->items[k].y >= 0 && d->items[k].y < d->height,
		    "item at %d,%d", d->items[k].x, d->items[k].y);
		fuzz_assert(tt->t[d->terrain[d->items[k].y * d->width +
		    d->items[k].x]].cost[tt->walk] > 0, "an item on %s",
		    tt->t[d->terrain[d->items[k].y * d->width +
		    d->items[k].x]].name);
	}
	fuzz_assert(d->ngates >= 0 && d->ngates <= DUNGEON_MAX_GATES,
	    "%d gates", d->ngates);
	for (k = 0; k < d->ngates; k++) {
		const struct dungeon_gate	*g = &d->gates[k];
		int				 c;

		fuzz_assert(g->open >= 0 && g->open < tt->n && g->closed >= 0 &&
		    g->closed < tt->n, "gate terrains %d %d", g->open,
		    g->closed);
		fuzz_assert(g->every >= 1 && g->open_for >= 0 &&
		    g->open_for <= g->every && g->offset >= 0 &&
		    g->offset < g->every, "gate timing %d %d %d", g->every,
		    g->open_for, g->offset);
		fuzz_assert(g->ncells >= 1, "gate %s has no cells", g->name);
		for (c = 0; c < g->ncells; c++) {
			fuzz_assert(g->cells[c] >= 0 && (size_t)g->cells[c] <
			    cells, "gate cell %d", g->cells[c]);
		}
	}
	fuzz_assert(d->nevents >= 0 && d->nevents <= DUNGEON_MAX_EVENTS,
	    "%d events", d->nevents);
	for (k = 0; k < d->nevents; k++) {
		const struct dungeon_event	*e = &d->events[k];

		fuzz_assert(e->x >= 0 && e->y >= 0 && e->w >= 1 && e->h >= 1 &&
		    e->x + e->w <= d->width && e->y + e->h <= d->height,
		    "event %dx%d at %d,%d", e->w, e->h, e->x, e->y);
		fuzz_assert(e->terrain >= 0 && e->terrain < tt->n,
		    "event terrain %d", e->terrain);
	}
}

/*
 * Reads the input as the checker does and holds its report against the
 * game's verdict: cause is the game's refusal, or NULL if it accepted.
 */
static void
check_report(const uint8_t *data, size_t size, const char *cause,
    const struct terrain_table *tt, const struct monster_table *mt,
    const struct item_table *it)
{
	struct dungeon_report	r;
	int			i, n;

	n = dungeon_check_text(&r, tt, mt, it, "f.dun", (const char *)data,
	    size);
	fuzz_assert(n == r.nerrors && n >= 0 && n <= 101, "%d errors", n);
	fuzz_assert((n == 0) == (cause == NULL), "the checker finds %d "
	    "errors where the game says: %s", n, cause ? cause : "(fine)");
	if (cause != NULL)
		fuzz_assert(strcmp(r.errors[0], cause) == 0, "the checker's "
		    "first error \"%s\", the game's \"%s\"", r.errors[0],
		    cause);
	for (i = 0; i < r.nerrors; i++)
		fuzz_assert(strncmp(r.errors[i], "f.dun:", 6) == 0,
		    "error \"%s\"", r.errors[i]);
	fuzz_assert(r.nwarnings == 0 || n == 0, "warnings with errors");
	for (i = 0; i < r.nwarnings; i++)
		fuzz_assert(strncmp(r.warnings[i], "f.dun:", 6) == 0,
		    "warning \"%s\"", r.warnings[i]);
	dungeon_report_free(&r);
}

/* Makes a game of the dungeon file and plays it a little. */
static void
play(const uint8_t *data, size_t size, const char *keys, size_t nkeys)
{
	struct game_config	 cfg;
	struct game_info	 gi;
	struct game		*g;
	const char		*path;
	char			*cause = NULL, *text;

	path = fuzz_write(0, "fuzz.dun", data, size);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = fuzz_data_dir();
	cfg.dungeon = path;
	cfg.seed = 1;
	if ((g = game_new(&cfg, &cause)) == NULL)
		fuzz_fail(__FILE__, __LINE__, "game_new", "the parser accepted "
		    "the dungeon but the game refuses it: %s", cause);
	fuzz_play(g, keys, nkeys);
	game_info(g, &gi);
	fuzz_assert(gi.px >= 0 && gi.px < gi.width && gi.py >= 0 &&
	    gi.py < gi.height, "the player is at %d,%d on a %dx%d level",
	    gi.px, gi.py, gi.width, gi.height);
	text = game_level_text(g);
	free(text);
	fuzz_save_check(g, keys, nkeys);
	game_free(g);
	remove(path);
}

/* Checks an accepted vault file against vault.h. */
static void
check_vaults(const struct vault_set *vs, const struct terrain_table *tt,
    const struct monster_table *mt,
    const struct item_table *it)
{
	const struct vault	*v;
	int			 i, k, x, y;

	fuzz_assert(vs->n >= 1 && vs->n <= VAULT_MAX, "%d vaults", vs->n);
	for (i = 0; i < vs->n; i++) {
		v = &vs->v[i];
		check_dungeon(&v->d, tt, mt, it);
		fuzz_assert(v->d.px == -1, "a vault with a player");
		fuzz_assert(v->d.width <= VAULT_MAX_SIDE &&
		    v->d.height <= VAULT_MAX_SIDE, "vault %dx%d", v->d.width,
		    v->d.height);
		fuzz_assert(v->depth_min >= 1 && v->depth_min <= v->depth_max &&
		    v->depth_max <= 100, "depths %d-%d", v->depth_min,
		    v->depth_max);
		fuzz_assert(v->weight >= 1 && v->per_game >= 0, "weight %d, "
		    "per-game %d", v->weight, v->per_game);
		fuzz_assert(v->nentries >= 1, "a vault without an entry");
		for (k = 0; k < v->nentries; k++) {
			x = v->entries[k] % v->d.width;
			y = v->entries[k] / v->d.width;
			fuzz_assert(v->entries[k] >= 0 && y < v->d.height &&
			    (x == 0 || y == 0 || x == v->d.width - 1 ||
			    y == v->d.height - 1), "entry at %d,%d", x, y);
		}
	}
}

/* The checker on a vault file agrees with the game's reading of it. */
static void
check_vault_report(const char *path, const char *cause,
    const struct terrain_table *tt, const struct monster_table *mt,
    const struct item_table *it)
{
	struct dungeon_report	r;
	int			i, n;

	n = vault_check_file(&r, tt, mt, it, path);
	fuzz_assert(n == r.nerrors && r.nwarnings == 0, "%d errors", n);
	if (cause != NULL)
		fuzz_assert(n >= 1 && strcmp(r.errors[0], cause) == 0,
		    "the checker's first error \"%s\", the game's \"%s\"",
		    n > 0 ? r.errors[0] : "(none)", cause);
	for (i = 0; i < r.nerrors; i++)
		fuzz_assert(strncmp(r.errors[i], path, strlen(path)) == 0,
		    "error \"%s\"", r.errors[i]);
	for (i = 0; cause == NULL && i < r.nerrors; i++)
		fuzz_assert(strstr(r.errors[i], "could not be joined") != NULL,
		    "the game takes the file, the checker says \"%s\"",
		    r.errors[i]);
	dungeon_report_free(&r);
}

/* Reads a vault file; a small one is placed in a game played a little. */
static void
fuzz_vaults(const uint8_t *data, size_t size, const char *keys,
    size_t nkeys)
{
	const struct terrain_table	*tt = fuzz_terrain();
	const struct monster_table	*mt = fuzz_monsters();
	const struct item_table		*it = fuzz_items();
	struct vault_set		 vs;
	struct game_config		 cfg;
	struct game			*g;
	const char			*path;
	char				*cause = NULL;

	path = fuzz_write(0, "f.dun", data, size);
	if (vault_parse(&vs, tt, mt, it, path, (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, path,
		    strlen(path)) == 0, "message \"%s\"",
		    cause != NULL ? cause : "(none)");
		fuzz_assert(vs.n == 0 && vs.v == NULL, "a refused file "
		    "left vaults");
		check_vault_report(path, cause, tt, mt, it);
		free(cause);
		remove(path);
		return;
	}
	check_vaults(&vs, tt, mt, it);
	if (vs.n <= 4) {
		check_vault_report(path, NULL, tt, mt, it);
		memset(&cfg, 0, sizeof cfg);
		cfg.data_dir = fuzz_data_dir();
		cfg.vaults = path;
		cfg.seed = 1;
		cfg.depths = 2;
		if ((g = game_new(&cfg, &cause)) == NULL)
			fuzz_fail(__FILE__, __LINE__, "game_new", "the parser "
			    "accepted the vaults but the game refuses them: %s",
			    cause);
		fuzz_play(g, keys, nkeys);
		game_free(g);
	}
	vault_set_free(&vs);
	remove(path);
}

/* Checks an accepted campaign against campaign.h. */
static void
check_campaign(const struct campaign *c, const struct terrain_table *tt,
    const struct monster_table *mt,
    const struct item_table *it)
{
	const struct campaign_level	*cl;
	int				 i;

	fuzz_assert(c->n >= 1 && c->n <= CAMPAIGN_MAX_LEVELS, "%d levels",
	    c->n);
	fuzz_assert(c->nintro >= 0 && c->nintro <= CAMPAIGN_MAX_INTRO,
	    "%d intro lines", c->nintro);
	fuzz_assert(c->name[0] != '\0', "a campaign without a title");
	for (i = 0; i < c->n; i++) {
		cl = &c->levels[i];
		if (cl->kind == CAMPAIGN_HANDMADE) {
			check_dungeon(&cl->d, tt, mt, it);
			fuzz_assert(cl->path != NULL, "a level without a file");
			continue;
		}
		fuzz_assert(cl->kind == CAMPAIGN_GENERATED, "level kind %d",
		    (int)cl->kind);
		fuzz_assert(cl->depth >= 1 && cl->depth <= 100, "depth %d",
		    cl->depth);
		fuzz_assert(cl->gen >= -1 && cl->gen <= GEN_MIXED, "kind %d",
		    cl->gen);
		fuzz_assert((cl->width == 0 && cl->height == 0) ||
		    (cl->width >= GEN_MIN_WIDTH && cl->width <= 512 &&
		    cl->height >= GEN_MIN_HEIGHT && cl->height <= 512),
		    "size %dx%d", cl->width, cl->height);
		fuzz_assert(cl->monsters >= -1 && cl->monsters <= 1000,
		    "%d monsters", cl->monsters);
		fuzz_assert(!cl->goal_stairs || i == c->n - 1, "a goal on "
		    "level %d of %d", i + 1, c->n);
		fuzz_assert(cl->own_vaults || cl->vaults.n == 0, "vaults not "
		    "its own");
	}
}

/* The cells of a campaign's levels, at most (160x60 by depth). */
static size_t
campaign_cells(const struct campaign *c)
{
	size_t	n = 0;
	int	i;

	for (i = 0; i < c->n; i++) {
		if (c->levels[i].kind == CAMPAIGN_HANDMADE)
			n += (size_t)c->levels[i].d.width *
			    (size_t)c->levels[i].d.height;
		else if (c->levels[i].width > 0)
			n += (size_t)c->levels[i].width *
			    (size_t)c->levels[i].height;
		else
			n += 160 * 60;
	}
	return (n);
}

/*
 * Plays a campaign: keys, then down each level's stairs (the player put
 * on them) to the end; a save on the way must restore the same game.
 */
static void
play_campaign(const char *path, int levels, const char *keys, size_t nkeys)
{
	struct game_config	 cfg;
	struct game_action	 down = { .cmd = GAME_CMD_DESCEND };
	struct game		*g;
	const struct level	*l;
	char			*cause = NULL;
	int			 k, i;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = fuzz_data_dir();
	cfg.dungeon = path;
	cfg.seed = 1;
	if ((g = game_new(&cfg, &cause)) == NULL)
		fuzz_fail(__FILE__, __LINE__, "game_new", "the parser accepted "
		    "the campaign but the game refuses it: %s", cause);
	fuzz_play(g, keys, nkeys);
	for (k = 0; k < levels && game_status(g) == GAME_PLAYING; k++) {
		l = g->level;
		for (i = 0; i < l->width * l->height; i++) {
			if ((g->terrain.t[l->terrain[i]].flags &
			    TERRAIN_STAIRS) && l->occupant[i] == 0)
				break;
		}
		if (i == l->width * l->height)
			break;	/* a goal instead, or a monster on them */
		g->px = i % l->width;
		g->py = i / l->width;
		game_act(g, down);
		fuzz_assert(g->stage >= 0 && g->stage < levels, "stage %d of "
		    "%d", g->stage, levels);
	}
	if (game_status(g) == GAME_PLAYING)
		fuzz_save_check(g, keys, nkeys);
	game_free(g);
}

/* Reads a campaign; a small one is played down to its end. */
static void
fuzz_campaign(const uint8_t *data, size_t size, const char *keys,
    size_t nkeys)
{
	const struct terrain_table	*tt = fuzz_terrain();
	const struct monster_table	*mt = fuzz_monsters();
	const struct item_table		*it = fuzz_items();
	struct dungeon_report		 r;
	struct campaign			 c;
	const char			*path;
	char				*cause = NULL;
	int				 i, n, found = 0;

	mkdir(fuzz_path(1, "campaign"), 0700);
	path = fuzz_write(0, "campaign/f.camp", data, size);
	n = campaign_check_file(&r, tt, mt, it, fuzz_data_dir(), NULL, path);
	fuzz_assert(n == r.nerrors, "%d errors", n);
	if (campaign_parse(&c, tt, mt, it, fuzz_data_dir(), path,
	    (const char *)data, size, &cause) != 0) {
		fuzz_assert(cause != NULL && strchr(cause, ':') != NULL,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		fuzz_assert(c.n == 0 && c.levels == NULL, "a refused campaign "
		    "left levels");
		for (i = 0; i < r.nerrors; i++)
			found |= strcmp(r.errors[i], cause) == 0;
		fuzz_assert(found || n >= 100, "the checker does not say what "
		    "the game says: %s", cause);
		free(cause);
		dungeon_report_free(&r);
		remove(path);
		return;
	}
	for (i = 0; i < r.nerrors; i++)
		fuzz_assert(strstr(r.errors[i], "could not be joined") != NULL,
		    "the game takes the campaign, the checker says \"%s\"",
		    r.errors[i]);
	dungeon_report_free(&r);
	check_campaign(&c, tt, mt, it);
	if (c.n <= PLAY_LEVELS && campaign_cells(&c) <= 4 * PLAY_CELLS)
		play_campaign(path, c.n, keys, nkeys);
	campaign_free(&c);
	remove(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct terrain_table	*tt = fuzz_terrain();
	const struct monster_table	*mt = fuzz_monsters();
	const struct item_table		*it = fuzz_items();
	struct dungeon			 d;
	const char			*keys = "hjklyubn.>ohDjcl", *at, *p;
	size_t				 nkeys;
	char				*cause = NULL;

	nkeys = strlen(keys);
	for (p = (const char *)data; p != NULL && (size_t)(p -
	    (const char *)data) < size; p = at + 1) {
		at = memchr(p, '#', size - (size_t)(p - (const char *)data));
		if (at == NULL)
			break;
		if ((size_t)(at - (const char *)data) + 6 <= size &&
		    memcmp(at, "#keys:", 6) == 0) {
			keys = at + 6;
			nkeys = size - (size_t)(keys - (const char *)data);
			if (nkeys > PLAY_KEYS)
				nkeys = PLAY_KEYS;
		}
	}

	if (campaign_is_campaign_text((const char *)data, size)) {
		fuzz_campaign(data, size, keys, nkeys);
		return (0);
	}
	if (vault_is_vault_text((const char *)data, size)) {
		fuzz_vaults(data, size, keys, nkeys);
		return (0);
	}
	if (dungeon_parse(&d, tt, mt, it, "f.dun", (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, "f.dun:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		check_report(data, size, cause, tt, mt, it);
		fuzz_assert(d.terrain == NULL && d.spawns == NULL &&
		    d.items == NULL && d.gates == NULL && d.events == NULL &&
		    d.width == 0,
		    "a refused dungeon is not empty");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	check_report(data, size, NULL, tt, mt, it);
	check_dungeon(&d, tt, mt, it);
	if ((size_t)d.width * (size_t)d.height <= PLAY_CELLS)
		play(data, size, keys, nkeys);
	dungeon_free(&d);
	return (0);
}
