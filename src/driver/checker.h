/*
 * checker.h: astray --check, the modder's look at dungeon files without
 * playing them.
 *
 * Each file is read against the data folder's terrain and monsters and
 * every error in it is printed, with its file, line and column, not only
 * the first; a file read without an error is checked as the game checks
 * it (the level can be won) and warned about when only digging reaches
 * its stairs or goal.  A campaign is checked with every file it names.
 * See docs/modding.md, "Checking a file" and "Campaigns".
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
 * text, as --show-level prints it).  Returns the exit status: 0 when no
 * file has an error, else 1.
 */
int	 checker_run(const char *data_dir, char *const *files, int nfiles,
	     int show, uint64_t seed, FILE *out, FILE *err);

#endif
