/*
 * mods.h: mods, folders of data that layer on the shipped data.
 *
 * A mod is a folder holding only what it adds or changes: any of
 * terrain.txt, monsters.txt, items.txt and vaults.txt, and the .dun and
 * .map files of its folder dungeons and the .camp files of campaigns.  The game reads the data folder
 * first (layer 0), then each active mod in order (layers 1, 2, ...): a
 * table entry (terrain, monster, item, vault) whose name an earlier layer
 * defined replaces that entry where it stands, a new name is added at the
 * end, and a dungeon or campaign is looked for in the last layer that has
 * one of that name.
 *
 * Which mods are active is one rule (docs/modding.md, "Mods that layer"):
 * every folder in $XDG_DATA_HOME/astray/mods (by default
 * ~/.local/share/astray/mods) in the order of their names, unless the
 * player says --no-mods; then each folder given with --mod, in the order
 * given.  A mod is known by its folder's name, and its signature is a
 * digest of the files the game reads from it, which saves, replays,
 * morgue files and high scores keep beside its name.
 */
#ifndef ASTRAY_MODS_H
#define ASTRAY_MODS_H

#include <stddef.h>
#include <stdint.h>

#include "terrain.h"

#define MODS_MAX	16	/* active mods, at most */

struct mod {
	char		 name[NAME_LEN];	/* the folder's own name */
	char		*dir;
	uint64_t	 digest;	/* of the files read from it */
	int		 installed;	/* from the mods folder, not --mod */
};

struct mods {
	struct mod	 m[MODS_MAX];
	int		 n;
};

/*
 * The folder installed mods live in ($XDG_DATA_HOME/astray/mods, or
 * ~/.local/share/astray/mods), not made if missing: a new string, or
 * NULL with *cause set when neither variable is set.
 */
char	*mods_folder(char **cause);

/*
 * Adds the mod in folder dir after those in *ms: 0, or -1 with *cause
 * set (not a folder, nothing in it the game reads, a name another mod
 * has, too many mods, a file that cannot be read).
 */
int	 mods_add(struct mods *, const char *dir, int installed,
	     char **cause);

/*
 * Adds every mod in the mods folder, in the order of their names (a
 * folder that does not exist has none): 0, or -1 with *cause set.
 */
int	 mods_add_installed(struct mods *, char **cause);

void	 mods_free(struct mods *);

/*
 * The files the game reads from the mod in dir, as paths within it
 * ("monsters.txt", "dungeons/cave.dun"), sorted: its tables, dungeons
 * and campaigns.  Returns their number; *list and each are to be freed.
 */
size_t	 mods_files(const char *dir, char ***list);

/*
 * The path of file rel ("monsters.txt", "dungeons/cave.dun") in the
 * last layer that has it, the data folder being the first, or NULL;
 * *layer (if not NULL) is set to its layer, 0 for the data folder.
 */
char	*mods_find(const char *data_dir, const struct mods *, const char *rel,
	     int *layer);

/* The folder of layer i: the data folder for 0, else mod i. */
const char *mods_dir(const char *data_dir, const struct mods *, int i);

/* The number of layers: the data folder and the mods. */
int	 mods_layers(const struct mods *);

/*
 * The mods as "name (digest)" joined by ", ", or "none": for morgue
 * files and messages.  A new string.
 */
char	*mods_describe(const struct mods *);

#endif
