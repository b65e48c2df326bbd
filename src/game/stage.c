/*
 * stage.c: a campaign in play, one level (a stage) after another.
 *
 * A campaign game is a dungeon game whose dungeon file is a campaign
 * (campaign.h): the game keeps the campaign, read whole when the game
 * starts or is restored, and the index of the level being played.  Each
 * level is built when the player comes down to it, by the code that
 * builds the standard game's levels: a hand-made level as a dungeon file
 * is built, a generated one from a level plan (level.c) with the
 * campaign's kind, size, depth, vaults and way out.  Everything comes
 * from the game's seeded stream, so a seed gives the same campaign, and
 * a save holds the level being played and its index: the levels after
 * it are built from the campaign when they are reached, as they would
 * have been.
 *
 * Which vaults a generated level draws comes from vault_plan() with a
 * seed of the game's seed and the level's index, so two levels of one
 * depth draw afresh; a vault's per-game count therefore counts within
 * one level's draw (docs/modding.md, "Campaigns").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "xmalloc.h"

#define STAGE_VAULT_SEED	UINT64_C(0xca3a16115eed)

/* Reads the campaign the game's dungeon path names; 0, or -1 with *cause. */
int
stage_open(struct game *g, const char *data_dir, char **cause)
{
	struct campaign	*c;

	c = xcalloc(1, sizeof *c);
	if (campaign_read(c, &g->terrain, &g->monsters, &g->items, data_dir,
	    g->dungeon_path, cause) != 0) {
		free(c);
		return (-1);
	}
	g->campaign = c;
	g->depths = c->n;
	return (0);
}

/* A hand-made level of the campaign, its monsters as asked. */
static struct level *
stage_handmade(struct game *g, const struct campaign_level *cl)
{
	struct dungeon	d = cl->d;	/* read only: a shallow copy */

	if (g->extra > 0)
		d.extra_monsters = g->extra;
	else if (g->extra == GAME_NO_MONSTERS)
		d.extra_monsters = 0;
	else if (cl->monsters >= 0)
		d.extra_monsters = cl->monsters;
	g->depth = d.depth;
	g->monsters_asked = d.extra_monsters;
	return (level_from_dungeon(g, &d));
}

/* Builds level `stage` of the game's campaign and sets the depth. */
struct level *
stage_level(struct game *g, int stage)
{
	const struct campaign		*c = g->campaign;
	const struct campaign_level	*cl = &c->levels[stage];
	struct level_plan		 plan;

	g->stage = stage;
	if (cl->kind == CAMPAIGN_HANDMADE)
		return (stage_handmade(g, cl));
	plan = (struct level_plan){
		.depth = cl->depth,
		.kind = cl->gen,
		.width = cl->width,
		.height = cl->height,
		.last = stage == c->n - 1,
		.goal_stairs = cl->goal_stairs,
		.monsters = cl->monsters,
		.vaults = cl->own_vaults ? &cl->vaults : &g->vaults,
		.vault_seed = g->seed ^ (STAGE_VAULT_SEED * (uint64_t)(stage +
		    1)),
		.name = cl->name,
	};
	g->depth = cl->depth;
	g->monsters_asked = 0;
	g->monsters_short = 0;
	return (level_generate_plan(g, &plan));
}

/*
 * Takes the stairs of a campaign's level: down to the next level, or,
 * on the last, out and won.
 */
void
stage_descend(struct game *g)
{
	const struct campaign	*c = g->campaign;

	if (g->stage + 1 >= c->n) {
		g->status = GAME_WON;
		snprintf(g->end_cause, sizeof g->end_cause, "finished %s",
		    c->name);
		game_message(g, "You climb down the stairs and out of %s.  "
		    "You win!", c->name);
		return;
	}
	level_free(g->level);
	g->level = stage_level(g, g->stage + 1);
	if (g->watch != NULL)
		watch_new_level(g);
	game_message(g, "You go down the stairs to %s (level %d of %d).",
	    g->level->name, g->stage + 1, c->n);
}
