/*
 * checker.c: astray --check.
 *
 * The data folder's terrain.txt, monsters.txt and items.txt (if it has
 * one) are read once, as the game reads them (an error there ends the
 * check: no dungeon can be read without them); then each file is read by dungeon_check_file(), a
 * vault file by vault_check_file(), a campaign by campaign_check_file()
 * (which checks every file the campaign names as well), each going on
 * after an error, and
 * what it found is printed: the errors and
 * warnings as "FILE:LINE:COLUMN: message" lines, in the order they came,
 * then "FILE: ok", or "FILE: N errors, M warnings".  The lines go to
 * standard output, since they are what was asked for; the exit status
 * tells whether any file has an error.  With --show N, each vault of a
 * vault file is then drawn N times, fitted into levels generated from
 * the seed given and the N-1 after it; a dungeon file's level, or a
 * campaign's levels, are drawn for those N seeds as the game builds them
 * (a game is started from the file, through game.h only, and a
 * campaign's stairs taken at once).
 */
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "check-files.h"
#include "checker.h"
#include "dungeon.h"
#include "game.h"
#include "item.h"
#include "monster.h"
#include "tables.h"
#include "terrain.h"
#include "vault.h"
#include "vault-place.h"
#include "xmalloc.h"

/* The tables every file is read against. */
struct checker_tables {
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
};

/*
 * Reads the data folder's terrain, monsters and items (none when it has
 * no items.txt), as the game does; 0, or -1 with *cause.
 */
static int
checker_load(const char *dir, struct checker_tables *t, char **cause)
{
	return (tables_read(dir, &t->tt, &t->mt, &t->it, cause));
}

/* True when a file reads as a vault file (vault.h); false if unreadable. */
static int
checker_is_vault_file(const char *file)
{
	char	*buf, *cause = NULL;
	size_t	 len;
	int	 yes;

	if ((buf = x_read_file(file, 1UL << 20, &len, &cause)) == NULL) {
		free(cause);
		return (0);
	}
	yes = vault_is_vault_text(buf, len);
	free(buf);
	return (yes);
}

/* Prints what the checker found in one file; returns its error count. */
static int
checker_file(const struct checker_tables *t, const char *data_dir,
    const char *file, FILE *out)
{
	struct dungeon_report	r;
	int			i, errors;

	if (campaign_is_campaign_file(file))
		errors = campaign_check_file(&r, &t->tt, &t->mt, &t->it,
		    data_dir, file);
	else if (checker_is_vault_file(file))
		errors = vault_check_file(&r, &t->tt, &t->mt, &t->it, file);
	else
		errors = dungeon_check_file(&r, &t->tt, &t->mt, &t->it, file);
	for (i = 0; i < r.nerrors; i++)
		fprintf(out, "%s\n", r.errors[i]);
	for (i = 0; i < r.nwarnings; i++)
		fprintf(out, "%s\n", r.warnings[i]);
	if (r.nerrors == 0 && r.nwarnings == 0)
		fprintf(out, "%s: ok\n", file);
	else
		fprintf(out, "%s: %d error%s, %d warning%s\n", file,
		    r.nerrors, r.nerrors == 1 ? "" : "s", r.nwarnings,
		    r.nwarnings == 1 ? "" : "s");
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
checker_show_levels(const char *data_dir, const char *file, int show,
    uint64_t seed, FILE *out)
{
	struct game_config	 cfg;
	struct game		*g;
	char			*cause = NULL, *text;
	int			 k, level;

	for (k = 0; k < show; k++) {
		memset(&cfg, 0, sizeof cfg);
		cfg.data_dir = data_dir;
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

/* Checks the files: see checker.h. */
int
checker_run(const char *data_dir, char *const *files, int nfiles, int show,
    uint64_t seed, FILE *out, FILE *err)
{
	struct checker_tables	*t;
	char			*cause = NULL;
	int			 i, errors = 0;

	t = xcalloc(1, sizeof *t);
	if (checker_load(data_dir, t, &cause) != 0) {
		fprintf(err, "astray: %s\n", cause);
		free(cause);
		free(t);
		return (1);
	}
	for (i = 0; i < nfiles; i++) {
		errors += checker_file(t, data_dir, files[i], out);
		if (show == 0)
			continue;
		if (checker_is_vault_file(files[i]))
			checker_show(t, files[i], show, seed, out);
		else
			checker_show_levels(data_dir, files[i], show, seed,
			    out);
	}
	free(t);
	return (errors > 0 ? 1 : 0);
}
