/*
 * check-files.h: the checker's look at vault files and campaigns, with the
 * generator's test of each vault (check-files.c).
 *
 * Reading a file checks what can be checked from its text (vault.h,
 * campaign.h, dungeon.h); whether a vault can join a generated level
 * takes the generator, so that test is here, above it.
 */
#ifndef ASTRAY_CHECK_FILES_H
#define ASTRAY_CHECK_FILES_H

#include "campaign.h"
#include "dungeon.h"
#include "item.h"
#include "monster.h"
#include "terrain.h"

/*
 * The checker's look at a vault file (astray --check): every error of
 * each vault as vault_check_read() finds them; then for each vault read
 * that no generated level of its depth could take (10 are tried), an
 * error.  Returns the error count; *r is to be freed.
 */
int	 vault_check_file(struct dungeon_report *r,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *path);

/*
 * The checker's look at a campaign: campaign_check_read() with the vault
 * files it names looked at by vault_check_file().  Returns the error
 * count; *r is to be freed.
 */
int	 campaign_check_file(struct dungeon_report *r,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *data_dir,
	     const struct mods *, const char *path);

#endif
