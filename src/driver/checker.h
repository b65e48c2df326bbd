/*
 * checker.h: astray --check, the modder's look at data files without
 * playing them.
 *
 * Each file is checked by its kind, told first by its name, then by the
 * first word of its first line that is not blank or a comment:
 *
 *   terrain.txt, or "terrain" / "class"      a terrain table
 *   monsters.txt, or "monster"               a monster table
 *   items.txt, or "item"                     an item table
 *   vaults.txt, or "vault"                   a vault file
 *   NAME.camp, or "campaign"                 a campaign
 *   keys or NAME.keys, or "bind" / "unbind"  a key map
 *   anything else (NAME.dun, NAME.map, "key: value", "type octile")
 *                                            a dungeon file
 *
 * Every error of a file is printed, with its file, line and column, not
 * only the first (up to 100 a file).  Files are read against the data
 * folder's terrain, monsters and items, each read on its own: a table
 * checked alone is read against the tables below it (a monster table
 * against terrain.txt and items.txt, an item table against terrain.txt),
 * and its line says which files its names were looked up in.  A dungeon
 * read without an error is checked as the game checks it (the level can
 * be won) and warned about when only digging reaches its stairs or goal.
 * A campaign is checked with every file it names.  The data is the data
 * folder and the active mods on it (mods.h).  A folder given is a mod,
 * checked whole: each file the game reads from it (its tables on the
 * data and mods below it, as the game layers them), then a line for the
 * mod.  See docs/modding.md, "Checking a file", "Campaigns" and "Mods
 * that layer".
 */
#ifndef ASTRAY_CHECKER_H
#define ASTRAY_CHECKER_H

#include <stdint.h>
#include <stdio.h>

/*
 * Checks the files, printing each error and warning, then a line per
 * file, on out; a data folder that cannot be read is said on err.  When
 * show is more than 0, each vault of a vault file is then drawn show
 * times in levels generated from seeds seed, seed + 1, ..., and a
 * dungeon file's level or each level of a campaign is drawn as the game
 * builds it for those seeds ("FILE: seed S, level L:" and the level's
 * text, as --show-level prints it).  A table of the data folder that does
 * not read is said on err, and the files read against it are not checked
 * (an error each).  Returns the exit status: 0 when no file has an error,
 * else 1.
 */
/*
 * The key map is the terminal's (src/ui): its checker is handed in.  It
 * gives each error line to each(ctx, line), which takes it over, and
 * returns the number of errors (keymap.h, keymap_check()).
 */
typedef int checker_keymap_fn(const char *path,
    void (*each)(void *ctx, char *line), void *ctx);

struct mods;
int	 checker_run(const char *data_dir, const struct mods *,
	     char *const *files, int nfiles, int show, uint64_t seed,
	     checker_keymap_fn *keymap, FILE *out, FILE *err);

#endif
