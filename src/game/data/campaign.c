/*
 * campaign.c: reading campaign files (data/campaigns/NAME.camp).
 *
 * A campaign is a block file (campaign.h gives its keys): its head, the
 * "campaign" and "intro" lines, then a "level NAME" block per level,
 * read through blockfile.c's line loop with a table of keys and a
 * handler each, as monsters.txt is.  What a level names is read as soon
 * as the level's block ends: its dungeon file with dungeon.c's parser,
 * its vault file with vault.c's, so a campaign that reads is one whose
 * every level can be built, and the game never meets a bad file half
 * way down.  Names are found beside the campaign first, then in the
 * data folder, so a campaign in a mod's folder can use its own files
 * and the installed ones alike.
 *
 * The checker reads the same way with an error handler (blockfile.h):
 * each bad line is reported and skipped, each file the campaign names
 * is checked as the checker checks it, once, and its report merged in,
 * at its own file:line:column.  One parser serves both, so the game and
 * the checker cannot disagree about what a campaign means.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "blockfile.h"
#include "campaign.h"
#include "gen-kind.h"
#include "mods.h"
#include "suggest.h"
#include "words.h"
#include "xmalloc.h"

#define CAMPAIGN_MAX_FILE	(1UL << 20)	/* bytes */
#define CAMPAIGN_FIELDS		16		/* words a line, at most */
#define CAMPAIGN_MAX_SIDE	512		/* a generated level's side */
#define CAMPAIGN_MAX_MONSTERS	1000
#define CAMPAIGN_MAX_NAMES	64		/* "vault" names of a level */
#define CAMPAIGN_MAX_ERRORS	100		/* the checker's */
#define CAMPAIGN_MAX_DEPTH	100

/* Key bits: each key at most once in a block (intro, vault: 0, repeat). */
#define CAMPAIGN_KEY_TITLE	0x1
#define CAMPAIGN_KEY_DUNGEON	0x2
#define CAMPAIGN_KEY_GENERATE	0x4
#define CAMPAIGN_KEY_DEPTH	0x8
#define CAMPAIGN_KEY_NAME	0x10
#define CAMPAIGN_KEY_VAULTS	0x20
#define CAMPAIGN_KEY_MONSTERS	0x40
#define CAMPAIGN_KEY_GOAL	0x80

/* Where something was written, for a message about it later. */
struct campaign_spot {
	int	line;
	int	column;
};

/* A name of a "vault" line, to be found in the level's vault file. */
struct campaign_vault_name {
	char			name[NAME_LEN];
	struct campaign_spot	at;
};

/* Everything the parser carries from line to line. */
struct campaign_parser {
	struct scan			 s;
	struct campaign			 c;
	const struct terrain_table	*tt;
	const struct monster_table	*mt;
	const struct item_table		*it;
	const char			*data_dir;
	const struct mods		*mods;	/* layered on it, or NULL */
	char				*dir;	/* the campaign's folder, with
						   its '/', or "" */
	struct campaign_level		*cur;	/* block being read, or NULL */
	int				 kinded;	/* its kind is known */
	unsigned			 seen;
	int				 titled;	/* "campaign" was read */
	char				**cause;
	struct dungeon_report		*report;	/* the checker's, or NULL */
	campaign_vault_check		*check_vaults;	/* the checker's */
	int				 nerrors;	/* the checker's */

	/* The current level's keys, resolved when its block ends. */
	char				*vault_path;	/* "vaults FILE" */
	struct campaign_spot		 vault_at;
	int				 vaults_none;
	struct campaign_vault_name	 names[CAMPAIGN_MAX_NAMES];
	int				 nnames;
	const char			*generated_key;	/* the first key only
							   generated levels
							   take, or NULL */
	struct campaign_spot		 generated_at;
	struct campaign_spot		 goal[CAMPAIGN_MAX_LEVELS];

	char				**checked;	/* files checked */
	int				 nchecked;
};

/* A key and its handler. */
struct campaign_key {
	struct blockfile_key	 key;	/* name, bit, free text or not */
	int			 head;	/* belongs before the first level */
	int			 generated;	/* a generated level's only */
	int			(*fn)(struct campaign_parser *,
				    const struct campaign_key *,
				    struct scan_field *, int);
};

static int	campaign_key_title(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_intro(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_dungeon(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_generate(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_number(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_name(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_vaults(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_vault(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);
static int	campaign_key_goal(struct campaign_parser *,
		    const struct campaign_key *, struct scan_field *, int);

static const struct campaign_key campaign_keys[] = {
	{ .key = { .name = "campaign", .bit = CAMPAIGN_KEY_TITLE,
	  .text = 1 }, .head = 1, .fn = campaign_key_title },
	{ .key = { .name = "intro", .bit = 0, .text = 1 }, .head = 1,
	  .fn = campaign_key_intro },
	{ .key = { .name = "dungeon", .bit = CAMPAIGN_KEY_DUNGEON },
	  .fn = campaign_key_dungeon },
	{ .key = { .name = "generate", .bit = CAMPAIGN_KEY_GENERATE },
	  .fn = campaign_key_generate },
	{ .key = { .name = "depth", .bit = CAMPAIGN_KEY_DEPTH },
	  .generated = 1, .fn = campaign_key_number },
	{ .key = { .name = "name", .bit = CAMPAIGN_KEY_NAME, .text = 1 },
	  .generated = 1, .fn = campaign_key_name },
	{ .key = { .name = "vaults", .bit = CAMPAIGN_KEY_VAULTS },
	  .generated = 1, .fn = campaign_key_vaults },
	{ .key = { .name = "vault", .bit = 0 }, .generated = 1,
	  .fn = campaign_key_vault },
	{ .key = { .name = "monsters", .bit = CAMPAIGN_KEY_MONSTERS },
	  .fn = campaign_key_number },
	{ .key = { .name = "goal", .bit = CAMPAIGN_KEY_GOAL }, .generated = 1,
	  .fn = campaign_key_goal },
};
#define CAMPAIGN_KEYS	(sizeof campaign_keys / sizeof campaign_keys[0])

/* True when a regular file (or anything stat() can see) is at path. */
static int
campaign_exists(const char *path)
{
	struct stat	st;

	return (stat(path, &st) == 0 && S_ISREG(st.st_mode));
}

/*
 * The folder of a file's path, ending in '/', to put before a name
 * beside it: "" when it has none, so that names stay as written.
 */
static char *
campaign_folder(const char *path)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		return (xstrdup(""));
	return (xasprintf("%.*s", (int)(slash - path + 1), path));
}

/*
 * Finds a file a campaign names: an absolute path as it is; else beside
 * the campaign as written, then with `ext`; then in the data folder's
 * `sub` folder with `ext` (an installed name).  NULL when none exists.
 */
static char *
campaign_find(const struct campaign_parser *cp, const char *name,
    const char *sub, const char *ext)
{
	const char	*dir;
	char		*path;
	int		 i;

	if (name[0] == '/')
		return (campaign_exists(name) ? xstrdup(name) : NULL);
	path = xasprintf("%s%s", cp->dir, name);
	if (campaign_exists(path))
		return (path);
	free(path);
	path = xasprintf("%s%s%s", cp->dir, name, ext);
	if (campaign_exists(path))
		return (path);
	free(path);
	if (strchr(name, '/') != NULL)
		return (NULL);
	/* The last layer that has it (mods.h), with the ending or without. */
	for (i = mods_layers(cp->mods) - 1; i >= 0; i--) {
		dir = mods_dir(cp->data_dir, cp->mods, i);
		path = xasprintf("%s/%s%s%s", dir, sub, name, ext);
		if (campaign_exists(path))
			return (path);
		free(path);
		path = xasprintf("%s/%s%s", dir, sub, name);
		if (campaign_exists(path))
			return (path);
		free(path);
	}
	return (NULL);
}

/*
 * An error found outside the line loop (a level's files, the last
 * checks): kept by the checker, which returns 0 to read on; else -1 with
 * *cause set.
 */
static int
campaign_fail(struct campaign_parser *cp, char *message)
{
	if (cp->report == NULL) {
		*cp->cause = message;
		return (-1);
	}
	if (cp->nerrors++ < CAMPAIGN_MAX_ERRORS)
		dungeon_report_add_error(cp->report, message);
	else
		free(message);
	return (0);
}

/* Takes an error of the line loop over, for the checker (blockfile.h). */
static int
campaign_error(void *reader, char *message)
{
	return (campaign_fail(reader, message));
}

/* Moves every line of a report into the checker's. */
static void
campaign_merge(struct campaign_parser *cp, struct dungeon_report *r)
{
	int	i;

	for (i = 0; i < r->nerrors; i++)
		campaign_fail(cp, r->errors[i]);
	for (i = 0; i < r->nwarnings; i++)
		dungeon_report_add_warning(cp->report, r->warnings[i]);
	free(r->errors);
	free(r->warnings);
	memset(r, 0, sizeof *r);
}

/* True the first time the checker meets a file (each is checked once). */
static int
campaign_first_time(struct campaign_parser *cp, const char *path)
{
	int	i;

	for (i = 0; i < cp->nchecked; i++) {
		if (strcmp(cp->checked[i], path) == 0)
			return (0);
	}
	cp->checked = xreallocarray(cp->checked, (size_t)cp->nchecked + 1,
	    sizeof *cp->checked);
	cp->checked[cp->nchecked++] = xstrdup(path);
	return (1);
}

/* The text after a line's key, trimmed, into out; 0, or -1 with *cause. */
static int
campaign_text(struct campaign_parser *cp, struct scan_field *f, char *out,
    size_t size)
{
	const char	*p = f[0].p + f[0].n;
	const char	*why = NULL;

	out[0] = '\0';
	if (words_text(p, cp->s.n - (size_t)(p - cp->s.p), out, size,
	    &why) != 0 || out[0] == '\0') {
		*cp->cause = scan_error(&cp->s, f[0].column + (int)f[0].n + 1,
		    "expected \"%.*s TEXT\": %s (at most %zu bytes)",
		    (int)f[0].n, f[0].p, why != NULL ? why : "no text",
		    size - 1);
		return (-1);
	}
	return (0);
}

/* Reads "campaign TITLE". */
static int
campaign_key_title(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	(void)k;
	(void)nf;
	cp->titled = 1;
	return (campaign_text(cp, f, cp->c.name, sizeof cp->c.name));
}

/* Reads "intro TEXT", one line of the campaign's introduction. */
static int
campaign_key_intro(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	(void)k;
	(void)nf;
	if (cp->c.nintro == CAMPAIGN_MAX_INTRO) {
		*cp->cause = scan_error(&cp->s, f[0].column, "too many "
		    "\"intro\" lines (at most %d)", CAMPAIGN_MAX_INTRO);
		return (-1);
	}
	if (campaign_text(cp, f, cp->c.intro[cp->c.nintro],
	    sizeof cp->c.intro[0]) != 0)
		return (-1);
	cp->c.nintro++;
	return (0);
}

/* Copies a file name word of a key into a new string; NULL if bad. */
static char *
campaign_word(struct campaign_parser *cp, struct scan_field *f, int nf,
    const char *expected)
{
	char	word[1024];

	if (nf != 2 || words_copy(&f[1], word, sizeof word) != 0) {
		*cp->cause = scan_error(&cp->s, nf >= 2 ? f[1].column :
		    f[0].column, "expected \"%s\"", expected);
		return (NULL);
	}
	return (xstrdup(word));
}

/* Says the level is hand-made or generated; -1 if it was the other. */
static int
campaign_kind(struct campaign_parser *cp, struct scan_field *f,
    enum campaign_level_kind kind)
{
	if (cp->seen & (kind == CAMPAIGN_HANDMADE ? CAMPAIGN_KEY_GENERATE :
	    CAMPAIGN_KEY_DUNGEON)) {
		*cp->cause = scan_error(&cp->s, f[0].column, "level \"%s\" "
		    "is either hand-made (\"dungeon FILE\") or generated "
		    "(\"generate KIND\"), not both", cp->cur->label);
		return (-1);
	}
	cp->cur->kind = kind;
	cp->kinded = 1;
	return (0);
}

/* Reads "dungeon FILE": the level's dungeon file, found and read. */
static int
campaign_key_dungeon(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	struct campaign_level	*cl = cp->cur;
	struct dungeon_report	 sub;
	char			*name, *why = NULL;

	(void)k;
	if (campaign_kind(cp, f, CAMPAIGN_HANDMADE) != 0 ||
	    (name = campaign_word(cp, f, nf, "dungeon FILE")) == NULL)
		return (-1);
	cl->path = campaign_find(cp, name, "dungeons/", ".dun");
	if (cl->path == NULL) {
		*cp->cause = scan_error(&cp->s, f[1].column, "no dungeon file "
		    "\"%s\" (as written or with \".dun\", beside the "
		    "campaign or among the data folder's dungeons)", name);
		free(name);
		return (-1);
	}
	if (campaign_is_campaign_file(cl->path)) {
		*cp->cause = scan_error(&cp->s, f[1].column, "\"%s\" is a "
		    "campaign%s%s%s, and a campaign cannot name a campaign: a "
		    "level's \"dungeon\" is a dungeon file (.dun)", name,
		    strcmp(name, cl->path) != 0 ? " (" : "",
		    strcmp(name, cl->path) != 0 ? cl->path : "",
		    strcmp(name, cl->path) != 0 ? ")" : "");
		free(name);
		return (-1);
	}
	free(name);
	if (cp->report != NULL && campaign_first_time(cp, cl->path)) {
		dungeon_check_file(&sub, cp->tt, cp->mt, cp->it, cl->path);
		campaign_merge(cp, &sub);
	}
	if (dungeon_read(&cl->d, cp->tt, cp->mt, cp->it, cl->path, &why) != 0) {
		if (cp->report != NULL) {
			free(why);	/* reported by its own check */
			return (0);
		}
		*cp->cause = why;
		return (-1);
	}
	return (0);
}

/* Reads "generate KIND[:WxH]": a generated level of that kind. */
static int
campaign_key_generate(struct campaign_parser *cp,
    const struct campaign_key *k, struct scan_field *f, int nf)
{
	struct campaign_level	*cl = cp->cur;
	enum gen_kind		 kind;
	char			 spec[64], sized[68], *why;
	int			 w, h, any;

	(void)k;
	if (campaign_kind(cp, f, CAMPAIGN_GENERATED) != 0)
		return (-1);
	if (nf != 2 || words_copy(&f[1], spec, sizeof spec) != 0) {
		*cp->cause = scan_error(&cp->s, nf >= 2 ? f[1].column :
		    f[0].column, "expected \"generate KIND[:WxH]\" (KIND: "
		    "rooms, caves, open, mixed or any)");
		return (-1);
	}
	if (strchr(spec, ':') == NULL) {
		if (strcmp(spec, "any") == 0)
			cl->gen = -1;
		else if (gen_kind_parse(spec, &kind) == 0)
			cl->gen = (int)kind;
		else {
			*cp->cause = scan_error(&cp->s, f[1].column, "unknown "
			    "map kind \"%s\" (rooms, caves, open, mixed or "
			    "any)", spec);
			return (-1);
		}
		return (0);
	}
	/* The generator knows only real kinds: any's size is read as open's. */
	any = strncmp(spec, "any:", 4) == 0;
	snprintf(sized, sizeof sized, "%s%s", any ? "open" : "", any ?
	    spec + 3 : spec);
	if (gen_parse_spec(sized, &kind, &w, &h, &why) != 0) {
		if (any) {
			free(why);
			why = xasprintf("\"%s\" is not any:WIDTHxHEIGHT, "
			    "from %dx%d to %dx%d (for example any:80x21)",
			    spec, GEN_MIN_WIDTH, GEN_MIN_HEIGHT,
			    CAMPAIGN_MAX_SIDE, CAMPAIGN_MAX_SIDE);
		}
		*cp->cause = scan_error(&cp->s, f[1].column, "%s", why);
		free(why);
		return (-1);
	}
	if (w > CAMPAIGN_MAX_SIDE || h > CAMPAIGN_MAX_SIDE) {
		*cp->cause = scan_error(&cp->s, f[1].column, "a generated "
		    "level is at most %dx%d", CAMPAIGN_MAX_SIDE,
		    CAMPAIGN_MAX_SIDE);
		return (-1);
	}
	cl->gen = any ? -1 : (int)kind;
	cl->width = w;
	cl->height = h;
	return (0);
}

/* Reads "depth N" or "monsters N". */
static int
campaign_key_number(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value	bv = { &cp->s, k->key.name, cp->cause };
	long				v;

	if (strcmp(k->key.name, "depth") == 0) {
		if (blockfile_number(&bv, f, nf, 1, CAMPAIGN_MAX_DEPTH,
		    &v) != 0)
			return (-1);
		cp->cur->depth = (int)v;
		return (0);
	}
	if (blockfile_number(&bv, f, nf, 0, CAMPAIGN_MAX_MONSTERS, &v) != 0)
		return (-1);
	cp->cur->monsters = (int)v;
	return (0);
}

/* Reads "name TEXT": what a generated level is called. */
static int
campaign_key_name(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	(void)k;
	(void)nf;
	return (campaign_text(cp, f, cp->cur->name, sizeof cp->cur->name));
}

/* Reads "vaults FILE" or "vaults none". */
static int
campaign_key_vaults(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	char	*name;

	(void)k;
	if ((name = campaign_word(cp, f, nf, "vaults FILE\" or \"vaults "
	    "none")) == NULL)
		return (-1);
	if (strcmp(name, "none") == 0) {
		cp->vaults_none = 1;
		free(name);
		return (0);
	}
	cp->vault_path = campaign_find(cp, name, "", "");
	if (cp->vault_path == NULL) {
		*cp->cause = scan_error(&cp->s, f[1].column, "no vault file "
		    "\"%s\" (beside the campaign or in the data folder)",
		    name);
		free(name);
		return (-1);
	}
	free(name);
	cp->vault_at = (struct campaign_spot){ cp->s.line, f[1].column };
	return (0);
}

/* Reads "vault NAME...": vaults of the level's file it may draw. */
static int
campaign_key_vault(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	struct campaign_vault_name	*vn;
	struct scan_field		 tag;
	const char			*why;
	int				 i;

	(void)k;
	if (nf < 2) {
		*cp->cause = scan_error(&cp->s, f[0].column, "expected \"vault "
		    "NAME...\" (a name, or tag:WORD for every vault of a tag)");
		return (-1);
	}
	for (i = 1; i < nf; i++) {
		if (cp->nnames == CAMPAIGN_MAX_NAMES) {
			*cp->cause = scan_error(&cp->s, f[i].column, "too many "
			    "vaults for one level (at most %d)",
			    CAMPAIGN_MAX_NAMES);
			return (-1);
		}
		vn = &cp->names[cp->nnames];
		if (f[i].n > 4 && memcmp(f[i].p, "tag:", 4) == 0) {
			tag = f[i];
			tag.p += 4;
			tag.n -= 4;
			tag.column += 4;
			if (words_name(&tag, vn->name + 4, sizeof vn->name - 4,
			    &why) != 0) {
				*cp->cause = scan_error(&cp->s, tag.column,
				    "bad vault tag: %s", why);
				return (-1);
			}
			memcpy(vn->name, "tag:", 4);
		} else if (words_name(&f[i], vn->name, sizeof vn->name,
		    &why) != 0) {
			*cp->cause = scan_error(&cp->s, f[i].column, "bad vault "
			    "name: %s", why);
			return (-1);
		}
		vn->at = (struct campaign_spot){ cp->s.line, f[i].column };
		cp->nnames++;
	}
	return (0);
}

/* Reads "goal amulet" or "goal stairs". */
static int
campaign_key_goal(struct campaign_parser *cp, const struct campaign_key *k,
    struct scan_field *f, int nf)
{
	(void)k;
	if (nf != 2 || (!scan_is(&f[1], "amulet") &&
	    !scan_is(&f[1], "stairs"))) {
		*cp->cause = scan_error(&cp->s, nf >= 2 ? f[1].column :
		    f[0].column, "expected \"goal amulet\" or \"goal stairs\"");
		return (-1);
	}
	cp->cur->goal_stairs = scan_is(&f[1], "stairs");
	cp->goal[cp->c.n - 1] = (struct campaign_spot){ cp->s.line,
	    f[0].column };
	return (0);
}

/* Starts a "level NAME" block. */
static int
campaign_start(void *reader, struct scan_field *f, int nf)
{
	struct campaign_parser	*cp = reader;
	struct campaign_level	*cl;
	char			 label[NAME_LEN], *untitled = NULL;
	int			 i;

	if (!cp->titled) {	/* said once; the level is read all the same */
		untitled = scan_error(&cp->s, f[0].column, "expected "
		    "\"campaign TITLE\" before the first level");
		cp->titled = 1;
	}
	if (words_block_name(&cp->s, f, nf, "level", label, sizeof label,
	    cp->cause) != 0) {
		if (untitled != NULL) {
			free(*cp->cause);
			*cp->cause = untitled;
		}
		return (-1);
	}
	for (i = 0; i < cp->c.n; i++) {
		if (strcmp(cp->c.levels[i].label, label) == 0)
			break;
	}
	if (cp->c.n == CAMPAIGN_MAX_LEVELS) {
		*cp->cause = scan_error(&cp->s, f[0].column, "too many levels "
		    "(at most %d)", CAMPAIGN_MAX_LEVELS);
		return (-1);
	}
	cp->c.levels = xreallocarray(cp->c.levels, (size_t)cp->c.n + 1,
	    sizeof *cp->c.levels);
	cl = &cp->c.levels[cp->c.n++];
	memset(cl, 0, sizeof *cl);
	dungeon_free(&cl->d);	/* empty, with no player */
	memcpy(cl->label, label, sizeof label);
	cl->line = cp->s.line;
	cp->kinded = 0;
	cl->gen = -1;
	cl->monsters = -1;
	cp->cur = cl;
	cp->seen = 0;
	if (untitled != NULL) {
		*cp->cause = untitled;
		return (-1);
	}
	if (i < cp->c.n - 1) {	/* read on, as the checker does */
		*cp->cause = scan_error(&cp->s, f[1].column, "a second level "
		    "\"%s\" (the first is at line %d)", label,
		    cp->c.levels[i].line);
		return (-1);
	}
	return (0);
}

/*
 * Keeps the vaults of a "vault tag:WORD" that come at the level's depth
 * (never those tagged "sub", which go only inside other vaults); an
 * error when there is none.
 */
static int
campaign_vault_tag(struct campaign_parser *cp, const struct campaign_level
    *cl, const struct campaign_vault_name *vn, const char *path, int *keep)
{
	const char	*tag = vn->name + 4;
	int		 i, tagged = 0, kept = 0;

	for (i = 0; i < cl->vaults.n; i++) {
		if (!vault_has_tag(&cl->vaults.v[i], tag))
			continue;
		tagged++;
		if (cl->depth < cl->vaults.v[i].depth_min ||
		    cl->depth > cl->vaults.v[i].depth_max ||
		    vault_has_tag(&cl->vaults.v[i], "sub"))
			continue;
		keep[i] = 1;
		kept++;
	}
	if (kept > 0)
		return (0);
	return (campaign_fail(cp, scan_error_at(cp->s.name, vn->at.line,
	    vn->at.column, tagged == 0 ? "no vault tagged \"%s\" in %s" :
	    "no vault tagged \"%s\" in %s is drawn at the level's depth %d",
	    tag, path, cl->depth)));
}

/*
 * Reads a generated level's vault file (or the data folder's
 * vaults.txt, for "vault" names alone) and keeps the vaults named.
 */
static int
campaign_vaults(struct campaign_parser *cp, struct campaign_level *cl)
{
	struct dungeon_report	 sub;
	struct suggest		 sg;
	char			*path, *why = NULL, near[128];
	int			*keep, i, k, rc = 0;

	if (cp->vaults_none) {
		cl->own_vaults = 1;
		if (cp->nnames > 0)
			return (campaign_fail(cp, scan_error_at(cp->s.name,
			    cp->names[0].at.line, cp->names[0].at.column,
			    "\"vault\" names a vault of a level with \"vaults "
			    "none\"")));
		return (0);
	}
	if (cp->vault_path == NULL && cp->nnames == 0)
		return (0);	/* the game's own */
	cl->own_vaults = 1;
	path = cp->vault_path != NULL ? xstrdup(cp->vault_path) :
	    xasprintf("%s/vaults.txt", cp->data_dir);
	if (cp->report != NULL && campaign_first_time(cp, path)) {
		cp->check_vaults(&sub, cp->tt, cp->mt, cp->it, path);
		campaign_merge(cp, &sub);
	}
	/* The game's own vaults are those of every layer (mods.h). */
	if ((cp->vault_path != NULL ? vault_read(&cl->vaults, cp->tt, cp->mt,
	    cp->it, path, &why) : vault_read_layers(&cl->vaults, cp->tt,
	    cp->mt, cp->it, cp->data_dir, cp->mods, &why)) != 0) {
		free(path);
		if (cp->report != NULL) {
			free(why);	/* reported by its own check */
			return (0);
		}
		*cp->cause = why;
		return (-1);
	}
	if (cp->nnames == 0) {
		free(path);
		return (0);
	}
	keep = xcalloc((size_t)cl->vaults.n, sizeof *keep);
	for (k = 0; k < cp->nnames && rc == 0; k++) {
		if (strncmp(cp->names[k].name, "tag:", 4) == 0) {
			rc = campaign_vault_tag(cp, cl, &cp->names[k], path,
			    keep);
			continue;
		}
		for (i = 0; i < cl->vaults.n; i++) {
			if (strcmp(cl->vaults.v[i].name, cp->names[k].name) == 0)
				break;
		}
		if (i == cl->vaults.n) {
			suggest_init(&sg, cp->names[k].name,
			    strlen(cp->names[k].name));
			for (i = 0; i < cl->vaults.n; i++)
				suggest_add(&sg, cl->vaults.v[i].name);
			rc = campaign_fail(cp, scan_error_at(cp->s.name,
			    cp->names[k].at.line, cp->names[k].at.column, "no "
			    "vault \"%s\" in %s%s", cp->names[k].name, path,
			    suggest_text(&sg, near, sizeof near)));
		}
		else if (cl->depth < cl->vaults.v[i].depth_min ||
		    cl->depth > cl->vaults.v[i].depth_max)
			rc = campaign_fail(cp, scan_error_at(cp->s.name,
			    cp->names[k].at.line, cp->names[k].at.column,
			    "vault \"%s\" (depth %d-%d) is never drawn at "
			    "the level's depth %d", cp->names[k].name,
			    cl->vaults.v[i].depth_min,
			    cl->vaults.v[i].depth_max, cl->depth));
		else
			keep[i] = 1;
	}
	vault_set_keep(&cl->vaults, keep);
	free(keep);
	free(path);
	return (rc);
}

/* Ends a level's block: what it must have, its depth, its vaults. */
static int
campaign_end_block(void *reader)
{
	struct campaign_parser	*cp = reader;
	struct campaign_level	*cl = cp->cur;
	int			 rc = 0, prev;

	if (cl == NULL)
		return (0);
	cp->cur = NULL;
	if (!cp->kinded)
		rc = campaign_fail(cp, scan_error_at(cp->s.name, cl->line, 1,
		    "level \"%s\" has neither \"dungeon FILE\" nor \"generate "
		    "KIND\"", cl->label));
	else if (cl->kind == CAMPAIGN_HANDMADE && cp->generated_key != NULL) {
		cp->goal[cl - cp->c.levels].line = 0;	/* said once */
		rc = campaign_fail(cp, scan_error_at(cp->s.name,
		    cp->generated_at.line, cp->generated_at.column, "\"%s\" is "
		    "for generated levels (level \"%s\" is a dungeon file's, "
		    "which says it)", cp->generated_key, cl->label));
	} else if (cl->kind == CAMPAIGN_GENERATED) {
		if (cl->depth == 0) {
			prev = cl == cp->c.levels ? 0 : cl[-1].kind ==
			    CAMPAIGN_HANDMADE ? cl[-1].d.depth : cl[-1].depth;
			cl->depth = prev < CAMPAIGN_MAX_DEPTH ? prev + 1 :
			    CAMPAIGN_MAX_DEPTH;
		}
		rc = campaign_vaults(cp, cl);
	}
	if (cl->kind == CAMPAIGN_HANDMADE && cl->d.depth == 0)
		cl->d.depth = 1;	/* the checker's, after an error */
	free(cp->vault_path);
	cp->vault_path = NULL;
	cp->vaults_none = 0;
	cp->nnames = 0;
	cp->generated_key = NULL;
	return (rc);
}

/* The name of the block being read, or NULL in the head: blockfile.c. */
static const char *
campaign_current(void *reader)
{
	struct campaign_parser	*cp = reader;

	return (cp->cur != NULL ? cp->cur->label : NULL);
}

/* A property line, to its key's handler: for blockfile.c. */
static int
campaign_property(void *reader, const void *key, struct scan_field *f,
    int nf)
{
	struct campaign_parser		*cp = reader;
	const struct campaign_key	*k = key;

	if (!cp->titled && !scan_is(&f[0], "campaign")) {
		cp->titled = 1;	/* said once */
		*cp->cause = scan_error(&cp->s, f[0].column, "expected "
		    "\"campaign TITLE\" first");
		return (-1);
	}
	if (k->head && cp->cur != NULL) {
		*cp->cause = scan_error(&cp->s, f[0].column, "\"%s\" belongs "
		    "before the first level", k->key.name);
		return (-1);
	}
	if (!k->head && cp->cur == NULL) {
		*cp->cause = scan_error(&cp->s, f[0].column, "\"%s\" outside a "
		    "level block (a \"level NAME\" line must come first)",
		    k->key.name);
		return (-1);
	}
	if (k->generated && cp->generated_key == NULL) {
		cp->generated_key = k->key.name;
		cp->generated_at = (struct campaign_spot){ cp->s.line,
		    f[0].column };
	}
	return (k->fn(cp, k, f, nf));
}

/*
 * The checker's warning for a hand-made level before the last that holds
 * a goal: taking it wins the game there, which a campaign rarely means.
 */
static void
campaign_warn_goal(struct campaign_parser *cp, const struct campaign_level *cl)
{
	const struct dungeon	*d = &cl->d;
	size_t			 i, n = (size_t)d->width * (size_t)d->height;

	for (i = 0; i < n; i++) {
		if (cp->tt->t[d->terrain[i]].flags & TERRAIN_GOAL) {
			dungeon_report_add_warning(cp->report, scan_error_at(
			    cp->s.name, cl->line, 1, "warning: level \"%s\" "
			    "is not the last, but its %s ends the game (a win "
			    "before the campaign's end)", cl->label,
			    cp->tt->t[d->terrain[i]].name));
			return;
		}
	}
}

/* What the whole campaign must be: levels, and goals on the last. */
static int
campaign_end_file(struct campaign_parser *cp)
{
	int	i;

	if (cp->c.n == 0)
		return (campaign_fail(cp, xasprintf("%s: no levels: expected "
		    "\"level NAME\" blocks after the \"campaign\" line",
		    cp->s.name)));
	for (i = 0; i < cp->c.n - 1; i++) {
		if (cp->goal[i].line != 0 && campaign_fail(cp,
		    scan_error_at(cp->s.name, cp->goal[i].line,
		    cp->goal[i].column, "\"goal\" is for the last level (the "
		    "way out of every other level is stairs down)")) != 0)
			return (-1);
		if (cp->report != NULL &&
		    cp->c.levels[i].kind == CAMPAIGN_HANDMADE)
			campaign_warn_goal(cp, &cp->c.levels[i]);
	}
	return (0);
}

/* Reads every line of the file (blockfile.h), then checks the whole. */
static int
campaign_lines(struct campaign_parser *cp)
{
	const struct blockfile	bf = {
		.s = &cp->s,
		.reader = cp,
		.block = "level",
		.head = "campaign",
		.other = NULL,
		.expected = "campaign, intro, level, dungeon, generate, "
		    "depth, name, vaults, vault, monsters or goal",
		.empty = "\"campaign TITLE\" and \"level NAME\" blocks",
		.fields = CAMPAIGN_FIELDS,
		.keys = campaign_keys,
		.nkeys = CAMPAIGN_KEYS,
		.key_size = sizeof campaign_keys[0],
		.seen = &cp->seen,
		.cause = cp->cause,
		.start = campaign_start,
		.outside = NULL,
		.end = campaign_end_block,
		.property = campaign_property,
		.current = campaign_current,
		.error = cp->report != NULL ? campaign_error : NULL,
	};

	if (blockfile_read(&bf) != 0) {
		if (cp->report != NULL) {	/* an empty file, say */
			campaign_fail(cp, *cp->cause);
			*cp->cause = NULL;
			return (0);
		}
		return (-1);
	}
	return (campaign_end_file(cp));
}

/* Parses in the game's mode (report NULL) or the checker's. */
static int
campaign_parse_mode(struct campaign *c, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const struct mods *mods, const char *name,
    const char *buf, size_t len, struct dungeon_report *report,
    campaign_vault_check *check_vaults, char **cause)
{
	struct campaign_parser	*cp;
	int			 rc, i;

	memset(c, 0, sizeof *c);
	if (len > CAMPAIGN_MAX_FILE) {
		if (report == NULL) {
			*cause = x_too_large(name, CAMPAIGN_MAX_FILE);
			return (-1);
		}
		dungeon_report_add_error(report, x_too_large(name,
		    CAMPAIGN_MAX_FILE));
		return (0);
	}
	cp = xcalloc(1, sizeof *cp);
	scan_init(&cp->s, name, buf, len);
	cp->tt = tt;
	cp->mt = mt;
	cp->it = it;
	cp->data_dir = data_dir;
	cp->mods = mods;
	cp->dir = campaign_folder(name);
	cp->cause = cause;
	cp->report = report;
	cp->check_vaults = check_vaults;
	rc = campaign_lines(cp);
	if (rc == 0 && report == NULL)
		*c = cp->c;
	else
		campaign_free(&cp->c);
	free(cp->vault_path);
	for (i = 0; i < cp->nchecked; i++)
		free(cp->checked[i]);
	free(cp->checked);
	free(cp->dir);
	free(cp);
	return (rc);
}

/* Parses a campaign: see campaign.h. */
int
campaign_parse(struct campaign *c, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const char *name, const char *buf, size_t len,
    char **cause)
{
	return (campaign_parse_mode(c, tt, mt, it, data_dir, NULL, name, buf,
	    len, NULL, NULL, cause));
}

/* Reads a campaign file: see campaign.h. */
int
campaign_read(struct campaign *c, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const struct mods *mods, const char *path,
    char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(c, 0, sizeof *c);
	if ((buf = x_read_file(path, CAMPAIGN_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = campaign_parse_mode(c, tt, mt, it, data_dir, mods, path, buf, len,
	    NULL, NULL, cause);
	free(buf);
	return (rc);
}

/* Frees a campaign's levels and leaves it empty. */
void
campaign_free(struct campaign *c)
{
	int	i;

	for (i = 0; i < c->n; i++) {
		free(c->levels[i].path);
		dungeon_free(&c->levels[i].d);
		vault_set_free(&c->levels[i].vaults);
	}
	free(c->levels);
	memset(c, 0, sizeof *c);
}

/* True when a text is a campaign: see campaign.h. */
int
campaign_is_campaign_text(const char *buf, size_t len)
{
	struct scan		s;
	struct scan_field	f[1];

	scan_init(&s, "", buf, len);
	if (!scan_content_line(&s, '#'))
		return (0);
	return (scan_fields(&s, f, 1) > 0 && scan_is(&f[0], "campaign"));
}

/* True when a file is a campaign: see campaign.h. */
int
campaign_is_campaign_file(const char *path)
{
	char	*buf, *cause = NULL;
	size_t	 len = strlen(path);
	int	 yes;

	if (len > 5 && strcmp(path + len - 5, ".camp") == 0)
		return (1);	/* what is wrong with it, the reader says */
	if ((buf = x_read_file(path, CAMPAIGN_MAX_FILE, &len,
	    &cause)) == NULL) {
		free(cause);
		return (0);
	}
	yes = campaign_is_campaign_text(buf, len);
	free(buf);
	return (yes);
}

/* The checker's look at a campaign: see campaign.h. */
int
campaign_check_read(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const struct mods *mods, const char *path,
    campaign_vault_check *check)
{
	struct campaign	 c;
	char		*buf, *cause = NULL;
	size_t		 len;

	memset(r, 0, sizeof *r);
	if ((buf = x_read_file(path, CAMPAIGN_MAX_FILE, &len, &cause)) == NULL) {
		dungeon_report_add_error(r, cause);
		return (r->nerrors);
	}
	campaign_parse_mode(&c, tt, mt, it, data_dir, mods, path, buf, len, r,
	    check, &cause);
	free(buf);
	return (r->nerrors);
}
