/*
 * modlist.c: astray --mods, what is installed and what each mod does.
 *
 * What a mod adds and what it overrides is found as the game finds it:
 * the tables and vaults are read through the layers up to the mod and up
 * to the one before it, and the names compared.  A dungeon or campaign
 * of a mod is new, or overrides one of the same name below it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modlist.h"
#include "tables.h"
#include "vault.h"
#include "xmalloc.h"

/* The names each kind of entry has, through some layers. */
struct modlist_names {
	struct terrain_table	 tt;
	struct monster_table	 mt;
	struct item_table	 it;
	struct vault_set	 vs;
};

/* Reads the layers up to mod n (0: the data folder alone). */
static int
modlist_read(const char *data_dir, const struct mods *ms, int n,
    struct modlist_names *nm, char **cause)
{
	struct mods	 some = *ms;

	memset(nm, 0, sizeof *nm);
	some.n = n;
	if (tables_read(data_dir, &some, &nm->tt, &nm->mt, &nm->it,
	    cause) != 0)
		return (-1);
	return (vault_read_layers(&nm->vs, &nm->tt, &nm->mt, &nm->it,
	    data_dir, &some, cause));
}

/* A growing line of names. */
struct modlist_line {
	char	*adds;
	char	*overrides;
};

static void
modlist_add(char **list, const char *name)
{
	char	*s;

	s = xasprintf("%s%s%s", *list != NULL ? *list : "",
	    *list != NULL ? ", " : "", name);
	free(*list);
	*list = s;
}

/* Prints one table's line: "  FILE: adds A, B; overrides C". */
static void
modlist_print(FILE *out, const char *what, struct modlist_line *l)
{
	if (l->adds == NULL && l->overrides == NULL)
		return;
	fprintf(out, "  %s: %s%s%s%s%s\n", what,
	    l->adds != NULL ? "adds " : "", l->adds != NULL ? l->adds : "",
	    l->adds != NULL && l->overrides != NULL ? "; " : "",
	    l->overrides != NULL ? "overrides " : "",
	    l->overrides != NULL ? l->overrides : "");
	free(l->adds);
	free(l->overrides);
	memset(l, 0, sizeof *l);
}

/* The entries layer `layer` defined, new or over one below. */
static void
modlist_tables(FILE *out, const struct modlist_names *below,
    const struct modlist_names *with, int layer)
{
	struct modlist_line	 l;
	int			 i;

	memset(&l, 0, sizeof l);
	for (i = 0; i < with->tt.n; i++) {
		if (with->tt.t[i].layer == layer)
			modlist_add(i < below->tt.n ? &l.overrides : &l.adds,
			    with->tt.t[i].name);
	}
	modlist_print(out, "terrain.txt", &l);
	for (i = 0; i < with->mt.n; i++) {
		if (with->mt.k[i].layer == layer)
			modlist_add(i < below->mt.n ? &l.overrides : &l.adds,
			    with->mt.k[i].name);
	}
	modlist_print(out, "monsters.txt", &l);
	for (i = 0; i < with->it.n; i++) {
		if (with->it.k[i].layer == layer)
			modlist_add(i < below->it.n ? &l.overrides : &l.adds,
			    with->it.k[i].name);
	}
	modlist_print(out, "items.txt", &l);
	for (i = 0; i < with->vs.n; i++) {
		if (with->vs.v[i].layer == layer)
			modlist_add(i < below->vs.n ? &l.overrides : &l.adds,
			    with->vs.v[i].name);
	}
	modlist_print(out, "vaults.txt", &l);
}

/* The dungeons or campaigns of mod n: new, or over one below. */
static void
modlist_files(FILE *out, const char *data_dir, const struct mods *ms,
    int n, const char *sub)
{
	struct modlist_line	 l;
	struct mods		 some = *ms;
	struct dirent		*de;
	char			*path, *rel, *found;
	DIR			*d;

	memset(&l, 0, sizeof l);
	path = xasprintf("%s/%s", ms->m[n - 1].dir, sub);
	d = opendir(path);
	free(path);
	if (d == NULL)
		return;
	some.n = n - 1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		rel = xasprintf("%s/%s", sub, de->d_name);
		found = mods_find(data_dir, &some, rel, NULL);
		modlist_add(found != NULL ? &l.overrides : &l.adds,
		    de->d_name);
		free(found);
		free(rel);
	}
	closedir(d);
	modlist_print(out, sub, &l);
}

static void
modlist_free(struct modlist_names *nm)
{
	vault_set_free(&nm->vs);
}

/* Lists the mods: see modlist.h. */
int
modlist_run(const char *data_dir, const struct mods *ms,
    const struct mods *off, FILE *out, FILE *err)
{
	struct modlist_names	*below, *with;
	char			*folder, *cause = NULL;
	int			 i, rc = 0;

	if ((folder = mods_folder(&cause)) != NULL)
		fprintf(out, "mods folder: %s\n", folder);
	else {
		fprintf(out, "mods folder: none (%s)\n", cause);
		free(cause);
		cause = NULL;
	}
	free(folder);
	for (i = 0; off != NULL && i < off->n; i++)
		fprintf(out, "%s: installed, not active (--no-mods): %s\n",
		    off->m[i].name, off->m[i].dir);
	if (ms->n == 0)
		fprintf(out, "no mod is active\n");
	below = xcalloc(1, sizeof *below);
	with = xcalloc(1, sizeof *with);
	for (i = 1; i <= ms->n && rc == 0; i++) {
		fprintf(out, "%s: %s, active (layer %d), signature %016llx: "
		    "%s\n", ms->m[i - 1].name, ms->m[i - 1].installed ?
		    "installed" : "--mod", i,
		    (unsigned long long)ms->m[i - 1].digest, ms->m[i - 1].dir);
		if (modlist_read(data_dir, ms, i - 1, below, &cause) != 0 ||
		    modlist_read(data_dir, ms, i, with, &cause) != 0) {
			fprintf(err, "astray: %s\n", cause);
			free(cause);
			rc = 1;
		} else {
			modlist_tables(out, below, with, i);
			modlist_files(out, data_dir, ms, i, "dungeons");
			modlist_files(out, data_dir, ms, i, "campaigns");
		}
		modlist_free(below);
		modlist_free(with);
	}
	free(below);
	free(with);
	return (rc);
}
