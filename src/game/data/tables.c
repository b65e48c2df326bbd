/*
 * tables.c: the terrain, monster and item tables, through the layers.
 *
 * The game and the checker (astray --check) read the same files the
 * same way, so that a folder the checker accepts is one the game starts
 * with: the terrains first, since monsters name its movement classes and
 * items the terrains they make, then the monsters and the items, and
 * last the monsters' drops are linked to the items.  Each table is read
 * from the data folder, then from each mod that has the file, into the
 * same table (mods.h): a mod's entry replaces the one of its name or is
 * added.  items.txt is optional, for data folders made before there were
 * items: without one in any layer the monsters' drops are not looked at,
 * and none falls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tables.h"
#include "xmalloc.h"

/* The path of file in layer i, or NULL when a mod does not have it. */
static char *
tables_path(const char *dir, const struct mods *ms, int i, const char *file)
{
	char	*path = xasprintf("%s/%s", mods_dir(dir, ms, i), file);

	if (i > 0 && access(path, F_OK) != 0) {
		free(path);
		return (NULL);
	}
	return (path);
}

/* Reads the terrains and the monsters of every layer. */
static int
tables_read_kinds(const char *dir, const struct mods *ms,
    struct terrain_table *tt, struct monster_table *mt, char **cause)
{
	char	*path;
	int	 i, rc = 0;

	for (i = 0; i < mods_layers(ms) && rc == 0; i++) {
		if ((path = tables_path(dir, ms, i, "terrain.txt")) == NULL)
			continue;
		rc = terrain_read_layer(tt, i, path, cause);
		free(path);
	}
	for (i = 0; i < mods_layers(ms) && rc == 0; i++) {
		if ((path = tables_path(dir, ms, i, "monsters.txt")) == NULL)
			continue;
		rc = monster_read_layer(mt, i, tt, path, cause);
		free(path);
	}
	return (rc != 0 ? -1 : 0);
}

/* Reads the three tables: see tables.h. */
int
tables_read(const char *dir, const struct mods *ms, struct terrain_table *tt,
    struct monster_table *mt, struct item_table *it, char **cause)
{
	char	*path, *items;
	int	 i, rc = 0, found = 0;

	if (tables_read_kinds(dir, ms, tt, mt, cause) != 0)
		return (-1);
	for (i = 0; i < mods_layers(ms) && rc == 0; i++) {
		path = xasprintf("%s/items.txt", mods_dir(dir, ms, i));
		if (access(path, F_OK) == 0) {
			rc = item_read_layer(it, i, tt, path, cause);
			found = 1;
		}
		free(path);
	}
	/* Data without items.txt has no items, nor drops. */
	if (!found) {
		it->n = 0;
		snprintf(it->absent, sizeof it->absent, "%s/items.txt", dir);
		return (0);
	}
	/* The monsters' drops name items: each layer's linked as its own. */
	for (i = 0; i < mods_layers(ms) && rc == 0; i++) {
		if ((path = tables_path(dir, ms, i, "monsters.txt")) == NULL)
			continue;
		items = mods_find(dir, ms, "items.txt", NULL);
		mt->layer = i;
		rc = monster_link_items(mt, it, path, items, cause);
		free(items);
		free(path);
	}
	return (rc != 0 ? -1 : 0);
}
