/*
 * checker.c: astray --check.
 *
 * The data folder's terrain.txt, monsters.txt and items.txt (if it has
 * one) are read once, as the game reads them, each on its own: a table
 * that fails is said on standard error, and each file that needs it is
 * an error ("not checked").  Each file's kind is told once (checker.h:
 * by its name, then by its first word) and the file is read by its own
 * checker: dungeon_check_file(), vault_check_file(),
 * campaign_check_file() (which checks every file the campaign names as
 * well), terrain_check(), monster_check() and item_check() (a table
 * checked alone, against the data folder's tables below it), or the key
 * map's, which the terminal front end hands in (only it knows keys).
 * Each goes on after an error, and what it found is printed: the errors
 * and warnings as "FILE:LINE:COLUMN: message" lines, in the order they
 * came, then "FILE: ok", or "FILE: N errors, M warnings", with the
 * files a table's names were looked up in.  The lines go to standard
 * output, since they are what was asked for; the exit status tells
 * whether any file has an error.  With --show N, each vault of a vault
 * file is then drawn N times, fitted into levels generated from the seed
 * given and the N-1 after it; a dungeon file's level, or a campaign's
 * levels, are drawn for those N seeds as the game builds them (a game is
 * started from the file, through game.h only, and a campaign's stairs
 * taken at once).
 */
#include <sys/stat.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign.h"
#include "check-files.h"
#include "checker.h"
#include "dungeon.h"
#include "game.h"
#include "report.h"
#include "scan.h"
#include "item.h"
#include "monster.h"
#include "mods.h"
#include "tables.h"
#include "terrain.h"
#include "vault.h"
#include "vault-place.h"
#include "xmalloc.h"

/* What every file's check is given. */
struct checker_options {
	int			 show;
	uint64_t		 seed;
	checker_keymap_fn	*keymap;
	FILE			*out;
	FILE			*err;
};

/* The kinds of file the checker knows (checker.h says how it tells). */
enum checker_kind {
	CHECKER_DUNGEON,
	CHECKER_VAULTS,
	CHECKER_CAMPAIGN,
	CHECKER_TERRAIN,
	CHECKER_MONSTERS,
	CHECKER_ITEMS,
	CHECKER_KEYMAP
};

/* The kinds by a file's name, then by the first word of its text. */
static const struct {
	enum checker_kind	 kind;
	const char		*name;		/* the file's, or NULL */
	const char		*ext;		/* its ending, or NULL */
	const char		*first;		/* its first word, or NULL */
	const char		*also;		/* another first word */
} checker_kinds[] = {
	{ CHECKER_TERRAIN, "terrain.txt", NULL, "terrain", "class" },
	{ CHECKER_MONSTERS, "monsters.txt", NULL, "monster", NULL },
	{ CHECKER_ITEMS, "items.txt", NULL, "item", NULL },
	{ CHECKER_VAULTS, "vaults.txt", NULL, "vault", NULL },
	{ CHECKER_CAMPAIGN, NULL, ".camp", "campaign", NULL },
	{ CHECKER_KEYMAP, "keys", ".keys", "bind", "unbind" },
	{ CHECKER_DUNGEON, NULL, ".dun", NULL, NULL },
	{ CHECKER_DUNGEON, NULL, ".map", NULL, NULL }
};
#define CHECKER_KINDS	(sizeof checker_kinds / sizeof checker_kinds[0])

/*
 * The tables every file is read against: the data folder's, each read
 * on its own, so that one that fails leaves the others (a broken
 * monsters.txt can still be checked against terrain.txt).  A table
 * that failed has its cause kept, to say why a file needing it was not
 * checked.
 */
struct checker_tables {
	const char		*dir;
	const struct mods	*mods;	/* on dir, or NULL */
	struct terrain_table	 tt;
	struct monster_table	 mt;
	struct item_table	 it;
	char			*terrain;	/* the files' paths */
	char			*monsters;
	char			*items;
	char			*no_terrain;	/* why not read, or NULL */
	char			*no_monsters;
	char			*no_items;
};

/*
 * The paths of a table in every layer that has it, joined by ", ", for
 * the messages: the data folder's always (it must have its tables, but
 * items.txt), a mod's when it has one.  A new string, or NULL when no
 * layer has it.
 */
static char *
checker_table_paths(const char *dir, const struct mods *ms, const char *file)
{
	char	*all = NULL, *path, *s;
	int	 i;

	for (i = 0; i < mods_layers(ms); i++) {
		path = xasprintf("%s/%s", mods_dir(dir, ms, i), file);
		if (access(path, F_OK) == 0 || (i == 0 && strcmp(file,
		    "items.txt") != 0)) {
			s = xasprintf("%s%s%s", all != NULL ? all : "",
			    all != NULL ? ", " : "", path);
			free(all);
			all = s;
		}
		free(path);
	}
	return (all);
}

/*
 * Reads one table through the layers (the data folder's, then each
 * mod's that has the file) with read(table, path, cause); 0, or -1 with
 * *cause set.
 */
static int
checker_load_table(struct checker_tables *t, const char *file,
    int (*read)(struct checker_tables *, int, const char *, char **),
    char **cause)
{
	char	*path;
	int	 i, rc = 0;

	for (i = 0; i < mods_layers(t->mods) && rc == 0; i++) {
		path = xasprintf("%s/%s", mods_dir(t->dir, t->mods, i), file);
		if (i == 0 || access(path, F_OK) == 0)
			rc = read(t, i, path, cause);
		free(path);
	}
	return (rc);
}

static int
checker_read_terrain(struct checker_tables *t, int layer, const char *path,
    char **cause)
{
	return (terrain_read_layer(&t->tt, layer, path, cause));
}

static int
checker_read_items(struct checker_tables *t, int layer, const char *path,
    char **cause)
{
	if (access(path, F_OK) != 0)
		return (0);	/* the data folder's is optional */
	t->it.absent[0] = '\0';
	return (item_read_layer(&t->it, layer, &t->tt, path, cause));
}

static int
checker_read_monsters(struct checker_tables *t, int layer, const char *path,
    char **cause)
{
	if (monster_read_layer(&t->mt, layer, &t->tt, path, cause) != 0)
		return (-1);
	if (t->no_items != NULL || t->it.n == 0)
		return (0);
	return (monster_link_items(&t->mt, &t->it, path, t->items, cause));
}

/*
 * Reads the terrain, monsters and items of the data folder and the mods
 * on it (none when no layer has items.txt), as the game does, each on
 * its own: a table that fails keeps its cause.
 */
static void
checker_load(const char *dir, const struct mods *ms, struct checker_tables *t)
{
	t->dir = dir;
	t->mods = ms;
	t->terrain = checker_table_paths(dir, ms, "terrain.txt");
	t->monsters = checker_table_paths(dir, ms, "monsters.txt");
	t->items = checker_table_paths(dir, ms, "items.txt");
	if (checker_load_table(t, "terrain.txt", checker_read_terrain,
	    &t->no_terrain) != 0) {
		t->no_monsters = xstrdup(t->no_terrain);
		t->no_items = xstrdup(t->no_terrain);
		return;
	}
	snprintf(t->it.absent, sizeof t->it.absent, "%s/items.txt", dir);
	if (checker_load_table(t, "items.txt", checker_read_items,
	    &t->no_items) != 0)
		t->it.n = 0;
	if (t->items == NULL)
		t->items = xasprintf("%s/items.txt", dir);
	if (checker_load_table(t, "monsters.txt", checker_read_monsters,
	    &t->no_monsters) != 0)
		t->mt.n = 0;
}

/* Frees what checker_load() made. */
static void
checker_unload(struct checker_tables *t)
{
	free(t->terrain);
	free(t->monsters);
	free(t->items);
	free(t->no_terrain);
	free(t->no_monsters);
	free(t->no_items);
}

/* The last part of a path. */
static const char *
checker_basename(const char *path)
{
	const char	*slash = strrchr(path, '/');

	return (slash != NULL ? slash + 1 : path);
}

/* The first word of a file's first line that is not blank or a comment. */
static void
checker_first_word(const char *file, char *word, size_t size)
{
	struct scan		 s;
	struct scan_field	 f[1];
	char			*buf, *cause = NULL;
	size_t			 len;

	word[0] = '\0';
	if ((buf = x_read_file(file, 1UL << 25, &len, &cause)) == NULL) {
		free(cause);
		return;
	}
	scan_init(&s, file, buf, len);
	if (scan_content_line(&s, '#') && scan_fields(&s, f, 1) >= 1 &&
	    f[0].n < size) {
		memcpy(word, f[0].p, f[0].n);
		word[f[0].n] = '\0';
	}
	free(buf);
}

/* The kind of a file: see checker.h. */
static enum checker_kind
checker_kind_of(const char *file)
{
	const char	*base = checker_basename(file);
	char		 word[64];
	size_t		 i, len = strlen(base), ext;

	for (i = 0; i < CHECKER_KINDS; i++) {
		ext = checker_kinds[i].ext != NULL ?
		    strlen(checker_kinds[i].ext) : 0;
		if ((checker_kinds[i].name != NULL &&
		    strcmp(base, checker_kinds[i].name) == 0) ||
		    (ext > 0 && len > ext && strcmp(base + len - ext,
		    checker_kinds[i].ext) == 0))
			return (checker_kinds[i].kind);
	}
	checker_first_word(file, word, sizeof word);
	for (i = 0; i < CHECKER_KINDS; i++) {
		if ((checker_kinds[i].first != NULL &&
		    strcmp(word, checker_kinds[i].first) == 0) ||
		    (checker_kinds[i].also != NULL &&
		    strcmp(word, checker_kinds[i].also) == 0))
			return (checker_kinds[i].kind);
	}
	return (CHECKER_DUNGEON);
}

/* Hands a key map's error line to the report (keymap_check()'s each). */
static void
checker_add(void *ctx, char *line)
{
	dungeon_report_add_error(ctx, line);
}

/*
 * When a table a kind of file is read against could not be read: says
 * so as the file's one error, and returns 1; else 0.
 */
static int
checker_cannot(struct dungeon_report *r, const char *file, const char *why)
{
	if (why == NULL)
		return (0);
	dungeon_report_add_error(r, xasprintf("%s: not checked: the data "
	    "folder's tables do not read (%s)", file, why));
	return (1);
}

/*
 * Checks one file by its kind into r; sets *against to the files its
 * names were looked up in (a table checked alone), or leaves it NULL.
 */
static void
checker_read(const struct checker_tables *t, const struct checker_tables *below,
    const char *file, enum checker_kind kind, checker_keymap_fn *keymap,
    struct dungeon_report *r, char **against)
{
	struct terrain_table	*tt;
	struct item_table	*it;
	struct monster_table	*mt;
	const char		*why = t->no_terrain;
	int			 layer = mods_layers(t->mods) - 1;

	switch (kind) {
	case CHECKER_TERRAIN:
		tt = xcalloc(1, sizeof *tt);
		if (below != NULL) {	/* a mod's, on the layers below */
			*tt = below->tt;
			tt->layer = layer;
		}
		terrain_check(r, tt, file);
		free(tt);
		return;
	case CHECKER_KEYMAP:
		if (keymap != NULL)
			keymap(file, checker_add, r);
		else
			dungeon_report_add_error(r, xasprintf("%s: a key map "
			    "is the terminal's, not checked here", file));
		return;
	case CHECKER_ITEMS:
		if (checker_cannot(r, file, why))
			return;
		it = xcalloc(1, sizeof *it);
		if (below != NULL) {
			*it = below->it;
			it->layer = layer;
		}
		item_check(r, it, &t->tt, file);
		free(it);
		*against = xasprintf("terrains from %s", t->terrain);
		return;
	case CHECKER_MONSTERS:
		if (checker_cannot(r, file, why))
			return;
		mt = xcalloc(1, sizeof *mt);
		if (below != NULL) {
			*mt = below->mt;
			mt->layer = layer;
		}
		monster_check(r, mt, &t->tt, t->no_items == NULL &&
		    t->it.n > 0 ? &t->it : NULL, t->items, file);
		free(mt);
		*against = xasprintf("classes and terrains from %s%s%s",
		    t->terrain, t->no_items == NULL && t->it.n > 0 ?
		    ", drops from " : " (no items to look drops up in)",
		    t->no_items == NULL && t->it.n > 0 ? t->items : "");
		return;
	default:
		break;
	}
	if (why == NULL)
		why = t->no_monsters != NULL ? t->no_monsters : t->no_items;
	if (checker_cannot(r, file, why))
		return;
	if (kind == CHECKER_CAMPAIGN)
		campaign_check_file(r, &t->tt, &t->mt, &t->it, t->dir, t->mods,
		    file);
	else if (kind == CHECKER_VAULTS)
		vault_check_file(r, &t->tt, &t->mt, &t->it, file);
	else
		dungeon_check_file(r, &t->tt, &t->mt, &t->it, file);
}

/* Prints what the checker found in one file; returns its error count. */
static int
checker_file(const struct checker_tables *t, const struct checker_tables *below,
    const char *file, enum checker_kind kind, checker_keymap_fn *keymap,
    FILE *out)
{
	struct dungeon_report	 r;
	char			*against = NULL;
	int			 i, errors;

	memset(&r, 0, sizeof r);
	checker_read(t, below, file, kind, keymap, &r, &against);
	errors = r.nerrors;
	for (i = 0; i < r.nerrors; i++)
		fprintf(out, "%s\n", r.errors[i]);
	for (i = 0; i < r.nwarnings; i++)
		fprintf(out, "%s\n", r.warnings[i]);
	if (r.nerrors == 0 && r.nwarnings == 0)
		fprintf(out, "%s: ok", file);
	else
		fprintf(out, "%s: %d error%s, %d warning%s", file,
		    r.nerrors, r.nerrors == 1 ? "" : "s", r.nwarnings,
		    r.nwarnings == 1 ? "" : "s");
	fprintf(out, "%s%s%s\n", against != NULL ? " (names looked up: " :
	    "", against != NULL ? against : "", against != NULL ? ")" : "");
	free(against);
	dungeon_report_free(&r);
	return (errors);
}

/* Draws each vault of a vault file `show` times, from seeds on. */
static void
checker_show(const struct checker_tables *t, const char *file, int show,
    uint64_t seed, FILE *out)
{
	struct vault_set	 vs;
	char			*cause = NULL, *text;
	int			 i, k;

	if (vault_read(&vs, &t->tt, &t->mt, &t->it, file, &cause) != 0) {
		free(cause);
		return;
	}
	for (i = 0; i < vs.n; i++) {
		for (k = 0; k < show; k++) {
			text = vault_show(&vs.v[i], &t->tt, &t->mt, &t->it,
			    seed + (uint64_t)k);
			fprintf(out, "%s: vault %s, seed %llu:\n%s", file,
			    vs.v[i].name, (unsigned long long)(seed +
			    (uint64_t)k), text != NULL ? text :
			    "(no spot in this level)\n");
			free(text);
		}
	}
	vault_set_free(&vs);
}

/*
 * Draws a dungeon file's level, or each level of a campaign, as the game
 * builds it for each of `show` seeds from `seed` on: the level's text as
 * --show-level prints it, its random legend and extra monsters drawn; a
 * campaign's levels one after another, as if the player took the stairs
 * on arriving.  A file the game refuses draws nothing (its errors are
 * told already).
 */
static void
checker_show_levels(const char *data_dir, const struct mods *ms,
    const char *file, int show, uint64_t seed, FILE *out)
{
	struct game_config	 cfg;
	struct game		*g;
	char			*cause = NULL, *text;
	int			 k, level;

	for (k = 0; k < show; k++) {
		memset(&cfg, 0, sizeof cfg);
		cfg.data_dir = data_dir;
		cfg.mods = ms;
		cfg.dungeon = file;
		cfg.seed = seed + (uint64_t)k;
		if ((g = game_new(&cfg, &cause)) == NULL) {
			free(cause);
			return;
		}
		level = 1;
		do {
			text = game_level_text(g);
			fprintf(out, "%s: seed %llu, level %d:\n%s", file,
			    (unsigned long long)cfg.seed, level++, text);
			free(text);
		} while (game_descend_now(g) == 0);
		game_free(g);
	}
}

/* Says on err why the tables do not read, if they do not. */
static void
checker_say_tables(const struct checker_tables *t, FILE *err)
{
	if (t->no_terrain != NULL)
		fprintf(err, "astray: %s\n", t->no_terrain);
	else if (t->no_items != NULL)
		fprintf(err, "astray: %s\n", t->no_items);
	else if (t->no_monsters != NULL)
		fprintf(err, "astray: %s\n", t->no_monsters);
}

/* Checks one file, then draws it if asked; returns its error count. */
static int
checker_one(const struct checker_tables *t, const struct checker_tables *below,
    const char *file, const struct checker_options *co)
{
	enum checker_kind	kind = checker_kind_of(file);
	int			errors;

	errors = checker_file(t, below, file, kind, co->keymap, co->out);
	if (co->show == 0 || t->no_terrain != NULL ||
	    t->no_monsters != NULL || t->no_items != NULL)
		return (errors);
	if (kind == CHECKER_VAULTS)
		checker_show(t, file, co->show, co->seed, co->out);
	else if (kind == CHECKER_DUNGEON || kind == CHECKER_CAMPAIGN)
		checker_show_levels(t->dir, t->mods, file, co->show,
		    co->seed, co->out);
	return (errors);
}

/*
 * The mods a mod folder is checked with: the active ones but one of its
 * name, then it, last (with, its digest taken); below is with but the
 * last.  0, or -1 with *cause set.
 */
static int
checker_mod_layers(const struct mods *ms, const char *dir, struct mods *with,
    struct mods *below, char **cause)
{
	struct mods	one;
	int		i;

	memset(&one, 0, sizeof one);
	if (mods_add(&one, dir, 0, cause) != 0)
		return (-1);
	memset(with, 0, sizeof *with);
	for (i = 0; ms != NULL && i < ms->n; i++) {
		if (strcmp(ms->m[i].name, one.m[0].name) != 0 &&
		    with->n < MODS_MAX - 1)
			with->m[with->n++] = ms->m[i];
	}
	*below = *with;
	with->m[with->n++] = one.m[0];	/* its dir is freed by the caller */
	return (0);
}

/*
 * Checks a mod folder whole: each file the game reads from it, its
 * tables on the data and mods below it, the rest on all of them; then a
 * line for the mod.  Returns its error count.
 */
static int
checker_mod(const char *data_dir, const struct mods *ms, const char *dir,
    const struct checker_options *co)
{
	struct checker_tables	*t, *tb;
	struct mods		 with, below;
	char			**files, *cause = NULL, *path;
	size_t			 n, i;
	int			 errors = 0;

	if (checker_mod_layers(ms, dir, &with, &below, &cause) != 0) {
		fprintf(co->out, "%s\n%s: 1 error\n", cause, dir);
		free(cause);
		return (1);
	}
	t = xcalloc(1, sizeof *t);
	tb = xcalloc(1, sizeof *tb);
	checker_load(data_dir, &with, t);
	checker_load(data_dir, &below, tb);
	checker_say_tables(t, co->err);
	n = mods_files(dir, &files);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", with.m[with.n - 1].dir, files[i]);
		errors += checker_one(t, tb, path, co);
		free(path);
		free(files[i]);
	}
	free(files);
	fprintf(co->out, "%s: mod %s, %zu file%s, %d error%s (layer %d, on "
	    "%s)\n", dir, with.m[with.n - 1].name, n, n == 1 ? "" : "s",
	    errors, errors == 1 ? "" : "s", with.n, data_dir);
	checker_unload(t);
	checker_unload(tb);
	free(t);
	free(tb);
	free(with.m[with.n - 1].dir);
	return (errors);
}

/* Checks the files: see checker.h. */
int
checker_run(const char *data_dir, const struct mods *ms, char *const *files,
    int nfiles, int show, uint64_t seed, checker_keymap_fn *keymap,
    FILE *out, FILE *err)
{
	const struct checker_options co = { show, seed, keymap, out, err };
	struct checker_tables	*t;
	struct stat		 st;
	int			 i, errors = 0;

	t = xcalloc(1, sizeof *t);
	checker_load(data_dir, ms, t);
	checker_say_tables(t, err);
	for (i = 0; i < nfiles; i++) {
		if (stat(files[i], &st) == 0 && S_ISDIR(st.st_mode))
			errors += checker_mod(data_dir, ms, files[i], &co);
		else
			errors += checker_one(t, NULL, files[i], &co);
	}
	checker_unload(t);
	free(t);
	return (errors > 0 ? 1 : 0);
}
