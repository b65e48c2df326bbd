/*
 * fuzz-item.c: the item file (src/game/data/item.c, item_parse).
 *
 * The input is an item file read against the shipped terrain table.  A
 * refused file must leave a "name:..." message and the caller's table
 * untouched.  An accepted one must keep item.h's promises (every number
 * in its range, effects and terrains that exist, names unique); then a
 * generated game with it places its items, the player is given one of
 * every kind and uses each the way it is used, and the game must save
 * and restore exactly.  The shipped monsters name items they drop; a
 * fuzzed table need not hold those, so their "drops" lines are left out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "game.h"
#include "state.h"
#include "item.h"
#include "terrain.h"
#include "xmalloc.h"

/* Checks an accepted catalogue against item.h. */
static void
check_table(const struct item_table *it, const struct terrain_table *tt)
{
	const struct item_kind	*k;
	int			 i, j;

	fuzz_assert(it->n >= 1 && it->n <= ITEM_KINDS_MAX, "%d kinds", it->n);
	for (i = 0; i < it->n; i++) {
		k = &it->k[i];
		fuzz_assert(memchr(k->name, '\0', NAME_LEN) != NULL &&
		    k->name[0] != '\0', "kind %d name", i);
		fuzz_assert(memchr(k->glyph, '\0', GLYPH_LEN) != NULL &&
		    k->glyph[0] != '\0', "%s glyph", k->name);
		fuzz_assert(memchr(k->describe, '\0', DESCRIBE_LEN) != NULL,
		    "%s description", k->name);
		fuzz_assert((unsigned)k->colour <= COLOUR_WHITE, "colour %d",
		    (int)k->colour);
		fuzz_assert((unsigned)k->effect < ITEM_EFFECTS, "%s effect %d",
		    k->name, (int)k->effect);
		fuzz_assert(k->power >= 0 && k->power <= ITEM_POWER_MAX,
		    "%s power %d", k->name, k->power);
		fuzz_assert(k->range >= 1 && k->range <= ITEM_RANGE_MAX,
		    "%s range %d", k->name, k->range);
		fuzz_assert(k->terrain >= -1 && k->terrain < tt->n,
		    "%s terrain %d", k->name, k->terrain);
		fuzz_assert((k->effect != ITEM_SPIKE &&
		    k->effect != ITEM_SCATTER) || k->terrain >= 0,
		    "%s makes no terrain", k->name);
		fuzz_assert(k->count >= 1 && k->count <= ITEM_COUNT_MAX,
		    "%s count %d", k->name, k->count);
		fuzz_assert(k->depth_min >= 1 && k->depth_min <= k->depth_max &&
		    k->depth_max <= 100, "%s depth", k->name);
		fuzz_assert(k->frequency >= 0 && k->frequency <= 1000,
		    "%s frequency", k->name);
		for (j = 0; j < i; j++)
			fuzz_assert(strcmp(k->name, it->k[j].name) != 0,
			    "item \"%s\" twice", k->name);
		fuzz_assert(item_find(it, k->name) == i, "find %s", k->name);
	}
}

/*
 * The shipped monster file without its "drops" lines, made once: the items
 * it names need not be in the fuzzed table.
 */
static const char *
monsters_without_drops(size_t *len)
{
	static char	*out;
	static size_t	 outlen;
	const char	*buf, *line, *end, *p;
	size_t		 n;

	if (out != NULL) {
		*len = outlen;
		return (out);
	}
	buf = fuzz_data_file("monsters.txt", &n);
	out = xmalloc(n + 1);
	for (line = buf; line < buf + n; line = end) {
		end = memchr(line, '\n', (size_t)(buf + n - line));
		end = end != NULL ? end + 1 : buf + n;
		for (p = line; p < end && (*p == ' ' || *p == '\t'); p++)
			;
		if ((size_t)(end - p) > 6 && strncmp(p, "drops", 5) == 0 &&
		    (p[5] == ' ' || p[5] == '\t'))
			continue;
		memcpy(out + outlen, line, (size_t)(end - line));
		outlen += (size_t)(end - line);
	}
	*len = outlen;
	return (out);
}

/*
 * A generated game with the shipped terrain and monsters and the fuzzed
 * items: one of every kind is laid under the player and picked up, and
 * each slot is used in every way (most are refused), then the save is
 * checked.
 */
static void
play_items(const uint8_t *data, size_t size)
{
	static const char	 keys[] = "g.qarbwcdd" "taltblAcjAdk" "hjkl.";
	struct game_config	 cfg;
	struct game		*g;
	const char		*dir = fuzz_path(2, "data"), *buf;
	char			*cause = NULL, use[4];
	size_t			 len;
	int			 i, slot;

	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		fuzz_fail(__FILE__, __LINE__, "mkdir", "%s: %s", dir,
		    strerror(errno));
	buf = fuzz_data_file("terrain.txt", &len);
	fuzz_write(0, "data/terrain.txt", buf, len);
	buf = monsters_without_drops(&len);
	fuzz_write(1, "data/monsters.txt", buf, len);
	fuzz_write(4, "data/items.txt", data, size);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = dir;
	cfg.seed = 1;
	cfg.depths = 2;
	g = game_new(&cfg, &cause);
	fuzz_assert(g != NULL, "a good item file gives no game: %s", cause);
	for (i = 0; i < g->items.n && i < PACK_SLOTS; i++)
		level_add_found(g, g->level, g->px, g->py, i);
	for (i = 0; i < g->items.n && i < PACK_SLOTS; i++)
		fuzz_play(g, "g", 1);
	for (slot = 0; slot < PACK_SLOTS; slot++) {
		for (i = 0; "qrwtAz"[i] != '\0'; i++) {
			use[0] = "qrwtAz"[i];
			use[1] = (char)('a' + slot);
			use[2] = "hjkl"[slot % 4];
			fuzz_play(g, use, 3);
		}
	}
	fuzz_play(g, keys, sizeof keys - 1);
	free(game_level_text(g));
	fuzz_save_check_in(g, dir, keys, sizeof keys - 1);
	game_free(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct item_table	 it, before;
	const struct terrain_table	*tt = fuzz_terrain();
	char				*cause = NULL;

	memset(&it, 0xa5, sizeof it);
	before = it;
	if (item_parse(&it, tt, "i.txt", (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, "i.txt:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		fuzz_assert(memcmp(&it, &before, sizeof it) == 0,
		    "a refused file changed the table");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	check_table(&it, tt);
	play_items(data, size);
	return (0);
}
