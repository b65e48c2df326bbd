/*
 * fuzz-terrain.c: the terrain file (src/game/data/terrain.c, terrain_parse).
 *
 * A refused file must leave a "name:..." message and the caller's table
 * untouched.  An accepted table must keep terrain.h's promises (names and
 * glyphs unique and terminated, transitions naming real terrains, the
 * required terrains in place) and must serve the files read against it:
 * the shipped monster file and dungeons are parsed with it, and must be
 * accepted or refused cleanly, never crash; and a generated game made of
 * it must play a few turns and save and restore exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dungeon.h"
#include "fuzz.h"
#include "monster.h"
#include "terrain.h"

/* Checks an accepted table against terrain.h. */
static void
check_table(const struct terrain_table *tt)
{
	const int	*req[] = { &tt->floor, &tt->wall, &tt->granite,
			    &tt->door, &tt->open_door, &tt->rubble,
			    &tt->shallow_water, &tt->deep_water, &tt->lava,
			    &tt->stairs, &tt->goal, &tt->cave_in };
	const struct terrain	*t;
	size_t			 r;
	int			 i, j;

	fuzz_assert(tt->n >= 1 && tt->n <= TERRAIN_MAX, "%d terrains", tt->n);
	fuzz_assert(tt->nclasses >= 1 && tt->nclasses <= CLASS_MAX,
	    "%d classes", tt->nclasses);
	fuzz_assert(tt->walk >= 0 && tt->walk < tt->nclasses, "walk %d",
	    tt->walk);
	for (r = 0; r < sizeof req / sizeof req[0]; r++) {
		fuzz_assert(*req[r] >= 0 && *req[r] < tt->n, "required "
		    "terrain %zu is %d", r, *req[r]);
	}
	for (i = 0; i < tt->nclasses; i++) {
		fuzz_assert(memchr(tt->classes[i], '\0', NAME_LEN) != NULL &&
		    tt->classes[i][0] != '\0', "class %d name", i);
		for (j = 0; j < i; j++)
			fuzz_assert(strcmp(tt->classes[i], tt->classes[j]) != 0,
			    "class \"%s\" twice", tt->classes[i]);
	}
	for (i = 0; i < tt->n; i++) {
		t = &tt->t[i];
		fuzz_assert(memchr(t->name, '\0', NAME_LEN) != NULL &&
		    t->name[0] != '\0', "terrain %d name", i);
		fuzz_assert(memchr(t->glyph, '\0', GLYPH_LEN) != NULL &&
		    t->glyph[0] != '\0' && strcmp(t->glyph, "@") != 0,
		    "terrain %s glyph", t->name);
		fuzz_assert(memchr(t->describe, '\0', DESCRIBE_LEN) != NULL,
		    "terrain %s description", t->name);
		fuzz_assert((unsigned)t->colour <= COLOUR_WHITE, "colour %d",
		    (int)t->colour);
		fuzz_assert(t->open >= -1 && t->open < tt->n &&
		    t->close >= -1 && t->close < tt->n &&
		    t->dig >= -1 && t->dig < tt->n &&
		    t->collapse >= -1 && t->collapse < tt->n,
		    "terrain %s transitions", t->name);
		for (j = 0; j < CLASS_MAX; j++)
			fuzz_assert(t->cost[j] <= 254, "cost %d", t->cost[j]);
		for (j = 0; j < i; j++) {
			fuzz_assert(strcmp(t->name, tt->t[j].name) != 0,
			    "terrain \"%s\" twice", t->name);
			fuzz_assert(strcmp(t->glyph, tt->t[j].glyph) != 0,
			    "glyph \"%s\" twice", t->glyph);
		}
		fuzz_assert(terrain_find(tt, t->name) == i, "find %s",
		    t->name);
	}
	fuzz_assert(tt->t[tt->floor].cost[tt->walk] > 0, "floor cost");
}

/* Parses a shipped dungeon against the tables; either outcome is fine. */
static void
try_dungeon(const struct terrain_table *tt, const struct monster_table *mt,
    const struct item_table *it, const char *file)
{
	struct dungeon	 d;
	const char	*buf;
	char		*cause = NULL;
	size_t		 len;

	buf = fuzz_data_file(file, &len);
	if (dungeon_parse(&d, tt, mt, it, file, buf, len, &cause) == 0)
		dungeon_free(&d);
	else {
		fuzz_assert(cause != NULL, "no message");
		free(cause);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct terrain_table	 tt, before;
	static struct monster_table	 mt;
	static struct item_table	 it;
	const char			*buf;
	char				*cause = NULL;
	size_t				 len;

	memset(&tt, 0xa5, sizeof tt);
	before = tt;
	if (terrain_parse(&tt, "t.txt", (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, "t.txt:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		fuzz_assert(memcmp(&tt, &before, sizeof tt) == 0,
		    "a refused file changed the table");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	check_table(&tt);

	buf = fuzz_data_file("monsters.txt", &len);
	if (monster_parse(&mt, &tt, "monsters.txt", buf, len, &cause) != 0) {
		fuzz_assert(cause != NULL, "no message");
		free(cause);
		return (0);
	}
	/* Items the terrains cannot carry: a mod without items. */
	buf = fuzz_data_file("items.txt", &len);
	if (item_parse(&it, &tt, "items.txt", buf, len, &cause) != 0) {
		free(cause);
		memset(&it, 0, sizeof it);
	}
	buf = fuzz_data_file("monsters.txt", &len);
	try_dungeon(&tt, &mt, &it, "dungeons/arena.dun");
	try_dungeon(&tt, &mt, &it, "dungeons/gates.dun");
	try_dungeon(&tt, &mt, &it, "dungeons/collapsing-mine.dun");
	fuzz_game_with_data(data, size, buf, len, "hjklyubnDhoj.>", 14);
	return (0);
}
