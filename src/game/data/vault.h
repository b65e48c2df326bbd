/*
 * vault.h: vaults, small hand-made maps the generator puts into levels.
 *
 * A vault file holds one or more blocks, each a dungeon file's header and
 * map (dungeon.h) opened by a "vault NAME" line:
 *
 *   vault NAME                  starts a vault (NAME: letters, digits, -_)
 *   depth: A | A-B              the depths it may appear at (1-100)
 *   weight: N                   how often it is picked (1-10000; 10)
 *   per-game: N                 at most N times in one game (0: no limit)
 *   entry: C                    the entry glyph (ASCII; 'E' unless given)
 *   rotate: yes | no            placed turned 0-3 quarter turns (no)
 *   mirror: yes | no            placed mirrored half the time (no)
 *   subst: C = A:W B:W [once]   each C cell (or all at once) A or B
 *   nsubst: C = N:A *:B         N of the C cells A, the rest B
 *   shuffle: ABC                the glyphs swapped among themselves
 *   tags: WORD...               words a campaign picks vaults by ("sub":
 *                               only ever a sub-vault)
 *   orient: north|south|east|west|edge|centre|any
 *                               where in the level it goes (any)
 *   subvault: C = NAME|tag:WORD the C cells, a rectangle, hold a vault
 *   legend:, gate:, event:      as in a dungeon file, the vault's own
 *   map ... end                 the vault's map
 *
 * An entry is a floor cell on the map's edge that the generator joins to
 * the level's corridors.  Comments and blank lines may come between
 * blocks.  The level's keys (name, movement, corners, monsters) and the
 * player '@' do not belong in a vault.
 */
#ifndef ASTRAY_VAULT_H
#define ASTRAY_VAULT_H

#include <stddef.h>
#include <stdint.h>

#include "dungeon.h"
#include "rng.h"

#define VAULT_MAX		1000	/* vaults in one file */
#define VAULT_MAX_SIDE		64
#define VAULT_PER_LEVEL		2	/* vaults a generated level gets */
#define VAULT_MAX_RULES		16	/* subst, nsubst, shuffle lines */
#define VAULT_MAX_CHOICES	16	/* glyphs on one of them */
#define VAULT_MAX_TAGS		8
#define VAULT_MAX_SUBS		4	/* subvault lines of a vault */
#define VAULT_MAX_NEST		3	/* vaults inside vaults inside ... */

/* Where in a level a vault goes ("orient:"). */
enum vault_orient {
	VAULT_ANY,
	VAULT_NORTH,		/* its top row against the level's top */
	VAULT_SOUTH,
	VAULT_EAST,
	VAULT_WEST,
	VAULT_EDGE,		/* against one of the four, at random */
	VAULT_CENTRE		/* over the level's centre cell */
};

struct vault;

/* A "subvault:" line: a rectangle of the map that holds another vault. */
struct vault_sub {
	char		 glyph;
	char		 target[NAME_LEN];	/* a name, or a tag */
	int		 by_tag;
	int		 x, y, w, h;		/* the rectangle, once read */
	int		 line, column;		/* of the target */
	int		 glyph_column;
	struct vault	*cand;			/* copies of the vaults that
						   may go there */
	int		 ncand;
};

enum vault_rule_kind {
	VAULT_SUBST,		/* each cell draws its glyph */
	VAULT_SUBST_ONCE,	/* one draw for every cell */
	VAULT_NSUBST,		/* fixed counts of each glyph */
	VAULT_SHUFFLE		/* the glyphs swapped among themselves */
};

/* A line of randomness: see docs/modding.md, "Randomness in vaults". */
struct vault_rule {
	enum vault_rule_kind	 kind;
	char			 from;		/* not for shuffle */
	char			 to[VAULT_MAX_CHOICES];
	int			 n[VAULT_MAX_CHOICES];	/* weight, or count
							   (-1: the rest) */
	int			 column[VAULT_MAX_CHOICES];
	int			 nto;
	int			 line;
};

struct vault {
	char		 name[NAME_LEN];
	int		 line;		/* of "vault NAME" */
	int		 depth_min, depth_max;
	int		 weight;
	int		 per_game;	/* 0: no limit */
	char		 entry;		/* the entry glyph */
	struct dungeon	 d;		/* map, monsters, gates, events */
	int		*entries;	/* y * width + x */
	int		 nentries;
	struct vault_rule rules[VAULT_MAX_RULES];
	int		 nrules;
	char		*text;		/* the block, to draw instances from */
	size_t		 text_len;
	int		 map_line;	/* of its first row, in text, from 1 */
	int		 rotate;	/* "rotate: yes": any quarter turn */
	int		 mirror;	/* "mirror: yes": mirrored or not */
	int		 layer;		/* the data's 0, or a mod's (mods.h) */
	char		 tags[VAULT_MAX_TAGS][NAME_LEN];
	int		 ntags;
	int		 orient;	/* enum vault_orient */
	struct vault_sub subs[VAULT_MAX_SUBS];
	int		 nsubs;
};

/* Whether a vault has a tag. */
int	 vault_has_tag(const struct vault *, const char *tag);

struct vault_set {
	struct vault	*v;
	int		 n;
};

/* True when a file's text is a vault file (its first line "vault ..."). */
int	 vault_is_vault_text(const char *buf, size_t len);

/*
 * Parses a vault file.  Returns 0, or -1 with *cause set to
 * "name:line:column: ..." (the set is left empty).
 */
int	 vault_parse(struct vault_set *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *name, const char *buf, size_t len, char **cause);
int	 vault_read(struct vault_set *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *path, char **cause);
void	 vault_set_free(struct vault_set *);

/*
 * Reads vaults.txt of the data folder and of each mod in ms (NULL: none)
 * that has one, merged into vs by name as vault_set_merge() does; 0, or
 * -1 with *cause set by the first that does not read.
 */
struct mods;
int	 vault_read_layers(struct vault_set *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     const char *data_dir, const struct mods *, char **cause);

/*
 * Moves the vaults of from (a mod's, mods.h) into vs: one of a name vs
 * has replaces it where it stands, a new one is added at the end.  from
 * is left empty.
 */
void	 vault_set_merge(struct vault_set *vs, struct vault_set *from);

/* Keeps the vaults i whose keep[i] is true, in their order; frees the rest. */
void	 vault_set_keep(struct vault_set *, const int *keep);

/*
 * The checker's look at a vault file (astray --check), without the
 * generator: every error of each vault (its keys and rules, its legend,
 * gates, events and map as the dungeon parser's checker reads them, each
 * choice of a rule that does not read, each entry off the edge), up to
 * 100, the first the game's own message.  The vaults read are left in
 * *vs (to be freed) for the generator's look: vault_check_file()
 * (check-files.h) goes on to try each in generated levels.  Returns the error
 * count; *r is to be freed.
 */
int	 vault_check_read(struct dungeon_report *,
	     const struct terrain_table *, const struct monster_table *,
	     const struct item_table *, const char *path,
	     struct vault_set *vs);

/*
 * Reads a "subst:", "nsubst:" or "shuffle:" line (the scan's current
 * line) into the vault's rules; 0, or -1 with *error set.
 */
struct scan;
int	 vault_rule_read(struct vault *, const struct scan *, char **error);

/*
 * A copy of a block's text with the rules applied to its map rows (from
 * map_line on, rows of them): with r, drawn; without, every rule takes
 * its choice `choice[i]` (a shuffle stays as it is).
 */
char	*vault_rules_apply(const struct vault *, const char *text,
	     size_t len, int map_line, int rows, struct rng *r,
	     const int *choice);

/*
 * One instance of a vault drawn from r: its rules applied and read into
 * *d (to be freed); 0, or -1 when it does not read (the vault is then
 * not placed).  A vault without rules returns 1: its own map is the only
 * instance (*d is left alone).
 */
int	 vault_instance(const struct vault *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     struct rng *r, struct dungeon *d);

/*
 * Draws what a placement uses: an instance (vault_instance()), then, if
 * the vault allows, turned a random number of quarter turns and
 * mirrored or not, its monsters, items, gates, events and entries with
 * it.  0
 * with *out to be freed by vault_drawn_free(), or -1.
 */
int	 vault_draw(const struct vault *, const struct terrain_table *,
	     const struct monster_table *, const struct item_table *,
	     struct rng *r, struct vault *out);
void	 vault_drawn_free(struct vault *);

#endif
