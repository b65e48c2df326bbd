/*
 * tables.c: the data folder's terrain, monster and item tables.
 *
 * The game and the checker (astray --check) read the same three files
 * the same way, so that a folder the checker accepts is one the game
 * starts with: the terrains first, since monsters name its movement
 * classes and items the terrains they make, then the monsters and the
 * items, and last the monsters' drops are linked to the items.  items.txt
 * is optional, for mods made before there were items: without it the
 * monsters' drops are not looked at, and none falls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tables.h"
#include "xmalloc.h"

/* Reads the three tables: see tables.h. */
int
tables_read(const char *dir, struct terrain_table *tt,
    struct monster_table *mt, struct item_table *it, char **cause)
{
	char	*path, *items;
	int	 rc;

	path = xasprintf("%s/terrain.txt", dir);
	rc = terrain_read(tt, path, cause);
	free(path);
	if (rc != 0)
		return (-1);
	path = xasprintf("%s/monsters.txt", dir);
	rc = monster_read(mt, tt, path, cause);
	free(path);
	if (rc != 0)
		return (-1);
	/* A mod without items.txt has no items, nor drops. */
	path = xasprintf("%s/items.txt", dir);
	if (access(path, F_OK) != 0) {
		it->n = 0;
		snprintf(it->absent, sizeof it->absent, "%s", path);
		free(path);
		return (0);
	}
	rc = item_read(it, tt, path, cause);
	free(path);
	if (rc != 0)
		return (-1);
	/* The monsters' drops name items. */
	path = xasprintf("%s/monsters.txt", dir);
	items = xasprintf("%s/items.txt", dir);
	rc = monster_link_items(mt, it, path, items, cause);
	free(items);
	free(path);
	return (rc);
}
