/*
 * fuzz-monster.c: the monster file (src/game/data/monster.c, monster_parse).
 *
 * The input is a monster file read against the shipped terrain table.  A
 * refused file must leave a "name:..." message and the caller's table
 * untouched.  An accepted one must keep monster.h's promises (every
 * number in its range, classes and planners that exist, names unique),
 * the shipped dungeons must parse against it or be refused cleanly, and a
 * generated game peopled from it must play a few turns and save and
 * restore exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dungeon.h"
#include "fuzz.h"
#include "monster.h"
#include "terrain.h"

/* Checks an accepted catalogue against monster.h. */
static void
check_table(const struct monster_table *mt, const struct terrain_table *tt)
{
	const struct monster_kind	*k;
	int				 i, j;

	fuzz_assert(mt->n >= 1 && mt->n <= MONSTER_KINDS_MAX, "%d kinds",
	    mt->n);
	for (i = 0; i < mt->n; i++) {
		k = &mt->k[i];
		fuzz_assert(memchr(k->name, '\0', NAME_LEN) != NULL &&
		    k->name[0] != '\0', "kind %d name", i);
		fuzz_assert(memchr(k->glyph, '\0', GLYPH_LEN) != NULL &&
		    k->glyph[0] != '\0', "%s glyph", k->name);
		fuzz_assert(memchr(k->describe, '\0', DESCRIBE_LEN) != NULL,
		    "%s description", k->name);
		fuzz_assert((unsigned)k->colour <= COLOUR_WHITE, "colour %d",
		    (int)k->colour);
		fuzz_assert(k->hp >= 1 && k->hp <= 10000, "%s hp %d", k->name,
		    k->hp);
		fuzz_assert(k->damage_min >= 0 && k->damage_min <= k->damage_max
		    && k->damage_max <= 1000, "%s damage %d-%d", k->name,
		    k->damage_min, k->damage_max);
		fuzz_assert(k->speed >= 1 && k->speed <= 100, "%s speed %d",
		    k->name, k->speed);
		fuzz_assert(k->sight >= 0 && k->sight <= 50 && k->hearing >= 0 &&
		    k->hearing <= 50, "%s senses", k->name);
		fuzz_assert(k->cls >= 0 && k->cls < tt->nclasses, "%s class %d",
		    k->name, k->cls);
		fuzz_assert((unsigned)k->planner < PATH_PLANNER_KINDS,
		    "%s planner %d", k->name, (int)k->planner);
		fuzz_assert(k->give_up >= 0 && k->give_up <= 10000,
		    "%s give-up %d", k->name, k->give_up);
		fuzz_assert(k->depth_min >= 1 && k->depth_min <= k->depth_max &&
		    k->depth_max <= 100, "%s depth %d-%d", k->name,
		    k->depth_min, k->depth_max);
		fuzz_assert(k->value >= 0 && k->value <= 1000000,
		    "%s value %d", k->name, k->value);
		fuzz_assert(k->flee >= 0 && k->flee <= 100, "%s flee %d",
		    k->name, k->flee);
		for (j = 0; j < i; j++)
			fuzz_assert(strcmp(k->name, mt->k[j].name) != 0,
			    "monster \"%s\" twice", k->name);
		fuzz_assert(monster_find(mt, k->name) == i, "find %s",
		    k->name);
	}
}

/* Parses a shipped dungeon against a catalogue; either outcome is fine. */
static void
try_dungeon(const struct terrain_table *tt, const struct monster_table *mt,
    const char *file)
{
	struct dungeon	 d;
	const char	*buf;
	char		*cause = NULL;
	size_t		 len;

	buf = fuzz_data_file(file, &len);
	if (dungeon_parse(&d, tt, mt, fuzz_items(), file, buf, len,
	    &cause) == 0)
		dungeon_free(&d);
	else {
		fuzz_assert(cause != NULL, "no message");
		free(cause);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct monster_table	 mt, before;
	const struct terrain_table	*tt = fuzz_terrain();
	const char			*buf;
	char				*cause = NULL;
	size_t				 len;

	memset(&mt, 0xa5, sizeof mt);
	before = mt;
	if (monster_parse(&mt, tt, "m.txt", (const char *)data, size,
	    &cause) != 0) {
		fuzz_assert(cause != NULL && strncmp(cause, "m.txt:", 6) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		fuzz_assert(memcmp(&mt, &before, sizeof mt) == 0,
		    "a refused file changed the table");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	check_table(&mt, tt);
	try_dungeon(tt, &mt, "dungeons/arena.dun");
	try_dungeon(tt, &mt, "dungeons/door-maze.dun");
	buf = fuzz_data_file("terrain.txt", &len);
	fuzz_game_with_data(buf, len, data, size, "hjklyubn.....Dhoj.>", 19);
	return (0);
}
