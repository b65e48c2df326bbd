/*
 * modlist.h: astray --mods.
 *
 * Prints the mods folder, the installed mods --no-mods left out (off,
 * or NULL), and each active mod of ms in order: where it is, whether it
 * is installed or given with --mod, its signature, and what it adds and
 * overrides, by table ("monsters.txt: adds hill-giant; overrides orc"),
 * vault, dungeon and campaign.  Returns 0, or 1 when a mod does not read
 * (said on err).
 */
#ifndef ASTRAY_MODLIST_H
#define ASTRAY_MODLIST_H

#include <stdio.h>

#include "mods.h"

int	 modlist_run(const char *data_dir, const struct mods *ms,
	     const struct mods *off, FILE *out, FILE *err);

#endif
