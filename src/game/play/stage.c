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
#include <stdlib.h>

#include "event.h"
#include "level-gen.h"
#include "stage.h"
#include "state.h"
#include "watch.h"
#include "xmalloc.h"

#define STAGE_VAULT_SEED	UINT64_C(0xca3a16115eed)

/* Reads the campaign the game's dungeon path names; 0, or -1 with *cause. */
int
stage_open(struct game *g, const char *data_dir, char **cause)
{
	struct campaign	*c;

	c = xcalloc(1, sizeof *c);
	if (campaign_read(c, &g->terrain, &g->monsters, &g->items, data_dir,
	    g->mods, g->dungeon_path, cause) != 0) {
		free(c);
		return (-1);
	}
	g->campaign = c;
	g->depths = c->n;
	return (0);
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
		event_add(&g->events, (struct event){ .kind = EVENT_FINISHED });
		return;
	}
	/* Told first: the new level may tell of monsters short. */
	event_add(&g->events, (struct event){ .kind = EVENT_DESCENDED });
	level_free(g->level);
	g->level = level_generate_stage(g, g->stage + 1);
	if (g->watch != NULL)
		watch_new_level(g);
}
