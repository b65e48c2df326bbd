/*
 * check-files.c: the checker's look at vault files and campaigns, the
 * generator's part.
 *
 * A vault that reads without an error may still join no level: its
 * entries may lead nowhere, or it may not fit.  Each is tried in ten
 * generated levels of its least depth (vault_joins_somewhere()), as the
 * game would place it, and one that never joins is an error at its
 * first line (but one tagged "sub", which only ever goes inside another
 * vault).  A campaign's vault files are looked at the same way,
 * each once, when the campaign names them.
 */
#include "check-files.h"
#include "scan.h"
#include "vault-place.h"

/* The checker's look at a vault file: see check-files.h. */
int
vault_check_file(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *path)
{
	struct vault_set	vs;
	int			i;

	vault_check_read(r, tt, mt, it, path, &vs);
	for (i = 0; i < vs.n; i++) {
		if (vault_has_tag(&vs.v[i], "sub") ||	/* never alone */
		    vault_joins_somewhere(&vs.v[i], tt) != 0)
			continue;
		dungeon_report_add_error(r, scan_error_at(path, vs.v[i].line,
		    1, "vault \"%s\" could not be joined to any of 10 "
		    "generated levels of depth %d: do its entries lead "
		    "out, and does it fit?", vs.v[i].name,
		    vs.v[i].depth_min));
	}
	vault_set_free(&vs);
	return (r->nerrors);
}

/* The checker's look at a campaign: see check-files.h. */
int
campaign_check_file(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const struct mods *mods, const char *path)
{
	return (campaign_check_read(r, tt, mt, it, data_dir, mods, path,
	    vault_check_file));
}
