/*
 * campaign.h: campaigns, a sequence of levels played as one game.
 *
 * A campaign file (data/campaigns/NAME.camp) starts with a "campaign TITLE"
 * line, then "intro TEXT" lines, then one "level NAME" block per level,
 * in the order they are played, of "key value" lines ('#' starts a
 * comment line), read through blockfile.c's loop:
 *
 *   campaign TITLE          first: what the campaign is called
 *   intro TEXT              repeats: told when the campaign starts
 *   level NAME              starts a level (NAME: letters, digits, -_)
 *     dungeon FILE          a hand-made level: a .dun (or Moving AI
 *                           .map) beside the campaign, or by installed
 *                           name (DATA/dungeons/FILE.dun)
 *     generate KIND[:WxH]   a generated level: rooms, caves, open, mixed
 *                           or any (the standard game's pick for the
 *                           depth); the size by depth unless given
 *     depth N               a generated level's depth (one more than the
 *                           level before, 1 for the first)
 *     name TEXT             what a generated level is called
 *     vaults FILE | none    its vault file (beside the campaign, or in
 *                           DATA); the game's vaults unless given
 *     vault NAME...         repeats: only these vaults of that file
 *     monsters N            a generated level's monsters (by size and
 *                           depth unless given); a hand-made level's
 *                           extra monsters ("monsters:" of the file)
 *     goal amulet | stairs  the last level only, generated: its way out
 *                           (the amulet unless given)
 *
 * Every level but the last has stairs down to the next; the last one's
 * stairs, or its goal, end the game as a win.  Every file a campaign
 * names is read with it, so a campaign that reads is one whose every
 * level can be built.  Errors name file:line:column.
 */
#ifndef ASTRAY_CAMPAIGN_H
#define ASTRAY_CAMPAIGN_H

#include <stddef.h>

#include "dungeon.h"
#include "vault.h"

#define CAMPAIGN_MAX_LEVELS	100
#define CAMPAIGN_MAX_INTRO	8
#define CAMPAIGN_TEXT_LEN	160	/* an intro line, with its NUL */

enum campaign_level_kind {
	CAMPAIGN_HANDMADE,	/* a dungeon file */
	CAMPAIGN_GENERATED
};

struct campaign_level {
	char			 label[NAME_LEN];	/* "level NAME" */
	int			 line;
	enum campaign_level_kind kind;
	char			*path;		/* hand-made: the file, found */
	struct dungeon		 d;		/* hand-made: read */
	int			 gen;		/* enum gen_kind, or -1: any */
	int			 width, height;	/* 0: by depth */
	int			 depth;
	int			 monsters;	/* -1: the level's own */
	char			 name[64];	/* generated; "": by depth */
	int			 goal_stairs;	/* last level: stairs out */
	int			 own_vaults;	/* 0: the game's vault set */
	struct vault_set	 vaults;	/* when own_vaults */
};

struct campaign {
	char			 name[64];
	char			 intro[CAMPAIGN_MAX_INTRO][CAMPAIGN_TEXT_LEN];
	int			 nintro;
	struct campaign_level	*levels;
	int			 n;
};

/* True when a file's text is a campaign (its first word "campaign"). */
int	 campaign_is_campaign_text(const char *buf, size_t len);

/*
 * The same for a file, or a file whose name ends in ".camp" (so that a
 * campaign without its first line is told so, not read as a dungeon);
 * false when it cannot be read.
 */
int	 campaign_is_campaign_file(const char *path);

/*
 * Reads a campaign file and every file it names, against the tables
 * and the data folder and mods on it (for installed names: the last
 * layer that has one, mods.h).  Returns 0, or -1 with
 * *cause set to the first error, "file:line:column: ..." of whichever
 * file it is in (the campaign is left empty).
 */
struct mods;
int	 campaign_read(struct campaign *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *data_dir, const struct mods *, const char *path,
	     char **cause);
int	 campaign_parse(struct campaign *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *data_dir, const char *name, const char *buf,
	     size_t len, char **cause);
void	 campaign_free(struct campaign *);

/*
 * How the checker looks at a vault file a campaign names: the generator's
 * full look (vault_check_file(), check.h) for astray --check; returns its
 * error count, *r to be freed.
 */
typedef int campaign_vault_check(struct dungeon_report *r,
    const struct terrain_table *, const struct monster_table *,
    const struct item_table *, const char *path);

/*
 * The checker's look at a campaign (astray --check): every error of the
 * campaign file, each at its file:line:column, the line skipped and the
 * reading gone on; then each dungeon file it names as the checker checks
 * them (dungeon_check_file()), and each vault file by check, each once,
 * their errors and warnings at their own lines.  Returns the number of
 * errors; *r is to be freed.  campaign_check_file() (check-files.h) is this
 * with the generator's look at vaults.
 */
int	 campaign_check_read(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *data_dir,
	     const struct mods *, const char *path,
	     campaign_vault_check *check);

#endif
