/*
 * tables.h: the data folder's tables, read as the game and the checker
 * both read them (tables.c).
 */
#ifndef ASTRAY_TABLES_H
#define ASTRAY_TABLES_H

#include "item.h"
#include "monster.h"
#include "mods.h"
#include "terrain.h"

/*
 * Reads dir/terrain.txt, then dir/monsters.txt and dir/items.txt against
 * it, each followed by the same file of every mod in ms (NULL: none) that
 * has one, merged by name (mods.h).  Data without items.txt in any layer
 * has no items (the table is emptied and its "absent" names the file, for
 * the messages of what names an item).  Returns 0, or -1 with *cause set
 * by the first file that fails (its reader's message, which names it).
 * The tables start empty (zeroed).
 */
int	 tables_read(const char *dir, const struct mods *,
	     struct terrain_table *, struct monster_table *,
	     struct item_table *, char **cause);

#endif
