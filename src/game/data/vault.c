/*
 * vault.c: reading vault files (vault.h).
 *
 * A vault file is cut into blocks, each from its "vault NAME" line to the
 * "end" of its map.  The keys only a vault has (depth as a range, weight,
 * per-game, entry, rotate, mirror, and the rules of vault-random.c) are
 * read here; the rest of a block is a dungeon file's
 * header and map, read by dungeon.c's own parser from a copy of the file
 * in which every line outside the block, and each vault key's line, is
 * left empty.  So errors keep naming the file's own lines and columns,
 * and a vault's legend, gates and events mean what they mean in a level.
 * The "vault" line itself becomes the legend of the entry glyph (floor),
 * which is why the entry glyph is kept to printable ASCII other than '#'.
 *
 * Entries are found by walking the block's map rows again, counting
 * characters as the dungeon parser does (a UTF-8 glyph is one cell),
 * and so are the rectangles of sub-vault glyphs; a "subvault:" line is
 * read by the dungeon parser as the legend of its glyph (floor).  Once
 * the whole file is read, each sub-vault gets copies of the vaults that
 * may fill it (vault_resolve()), so a vault carries what it draws into
 * its rectangles wherever it goes (a campaign keeps only some vaults of
 * a file); a loop of sub-vaults, nesting deeper than VAULT_MAX_NEST, or
 * a sub-vault nothing fits is an error at its "subvault:" line.
 *
 * A header key no vault has ("wieght:") is refused here, naming the
 * vault's keys and the closest (suggest.h), rather than left to the
 * dungeon parser, which knows only a level's keys.
 *
 * The checker (vault_check_file) reads in a mode that tells every error
 * of a block, not only its first: a bad vault key or rule line is told
 * and left out, the block's text is read by the dungeon parser's own
 * checker (dungeon_check_piece(), every error of the legend, gates,
 * events and map), each choice of a rule that does not read is told, and
 * so is each entry off the map's edge.  What would only follow from an
 * earlier error is not told again: a block whose entry glyph or a rule
 * was refused does not have its map read, since its glyphs no longer
 * mean what the file says.  A block with an error is left out of the
 * set; errors come in the order the game meets them, so the first is the
 * game's own message.  Lines that break the blocks themselves (a vault
 * before a map, a file ending inside a block) end the block as before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mods.h"
#include "scan.h"
#include "suggest.h"
#include "vault.h"
#include "xmalloc.h"

#define VAULT_MAX_FILE		(1UL << 20)	/* bytes */
#define VAULT_MAX_WEIGHT	10000
#define VAULT_MAX_PER_GAME	100
#define VAULT_MAX_DEPTH		100
#define VAULT_FIELDS		8
#define VAULT_MAX_ERRORS	100		/* the checker's, per file */
#define VAULT_KEY_LINES		24		/* key lines of a vault */

/* Where the reader is in the file. */
enum vault_state {
	VAULT_BETWEEN,		/* between blocks */
	VAULT_HEADER,		/* a block's keys */
	VAULT_MAP		/* a block's rows */
};

/* One block being read. */
struct vault_block {
	struct vault	 v;
	int		 first, last;	/* its lines */
	int		 map_line;	/* of its first row */
	int		 blank[VAULT_MAX_RULES + VAULT_KEY_LINES];	/* vault
							   keys' lines */
	int		 sub_line[VAULT_MAX_SUBS];	/* read as legends */
	int		 sub_count[VAULT_MAX_SUBS];	/* cells in the map */
	int		 sub_x1[VAULT_MAX_SUBS], sub_y1[VAULT_MAX_SUBS];
	int		 nblank;
	int		 entry_line[VAULT_MAX_SIDE * 4];
	int		 entry_column[VAULT_MAX_SIDE * 4];
	int		 rows;		/* read so far */
	int		 nerrors;	/* the checker's, in this block */
	int		 broken;	/* its map is not to be read */
};

/* Everything the reader carries from line to line. */
struct vault_reader {
	struct scan			 s;
	const struct terrain_table	*tt;
	const struct monster_table	*mt;
	const struct item_table		*it;
	const char			*buf;
	size_t				 len;
	struct vault_set		*set;
	struct vault_block		 b;
	enum vault_state		 state;
	/* The checker's mode: every block's first error is kept. */
	struct dungeon_report		*report;
	char				*error;
};

/*
 * After an error in vr->error: in the checker's mode, reports it and
 * counts it against the block, then returns 0 (the caller may read on);
 * else returns -1 with the error left in vr->error.
 */
static int
vault_keep(struct vault_reader *vr)
{
	if (vr->report == NULL)
		return (-1);
	dungeon_report_add_error(vr->report, vr->error);
	vr->error = NULL;
	vr->b.nerrors++;
	return (0);
}

/* True when a field is a vault name: letters, digits, '-' and '_'. */
static int
vault_good_name(const struct scan_field *f)
{
	size_t	i;

	if (f->n == 0 || f->n >= NAME_LEN)
		return (0);
	for (i = 0; i < f->n; i++) {
		if (!((f->p[i] >= 'a' && f->p[i] <= 'z') ||
		    (f->p[i] >= 'A' && f->p[i] <= 'Z') ||
		    (f->p[i] >= '0' && f->p[i] <= '9') || f->p[i] == '-' ||
		    f->p[i] == '_'))
			return (0);
	}
	return (1);
}

/* The fields of the current line before any comment; at most max kept. */
static int
vault_fields(const struct scan *s, struct scan_field *f, int max)
{
	int	n, i;

	n = scan_fields(s, f, max);
	for (i = 0; i < n && i < max; i++) {
		if (f[i].n > 0 && f[i].p[0] == '#')
			return (i);
	}
	return (n);
}

/* True when a file's text is a vault file: see vault.h. */
int
vault_is_vault_text(const char *buf, size_t len)
{
	struct scan		s;
	struct scan_field	f[2];

	scan_init(&s, "", buf, len);
	if (!scan_content_line(&s, '#'))
		return (0);
	return (scan_fields(&s, f, 2) >= 1 && scan_is(&f[0], "vault"));
}

/* Reads "A" or "A-B" as a depth range; 0, or -1. */
static int
vault_depths(const struct scan_field *f, int *lo, int *hi)
{
	struct scan_field	a = *f, b;
	const char		*dash;
	long			 x, y;

	dash = memchr(f->p, '-', f->n);
	if (dash == NULL) {
		if (scan_long(f, 1, VAULT_MAX_DEPTH, &x) != 0)
			return (-1);
		*lo = *hi = (int)x;
		return (0);
	}
	a.n = (size_t)(dash - f->p);
	b.p = dash + 1;
	b.n = f->n - a.n - 1;
	b.column = f->column + (int)a.n + 1;
	if (scan_long(&a, 1, VAULT_MAX_DEPTH, &x) != 0 ||
	    scan_long(&b, 1, VAULT_MAX_DEPTH, &y) != 0 || y < x)
		return (-1);
	*lo = (int)x;
	*hi = (int)y;
	return (0);
}

/* Reads a vault key's value (f[1]) into the block; 0, or -1 with error. */
static int
vault_key(struct vault_reader *vr, struct scan_field *f, int nf)
{
	struct vault	*v = &vr->b.v;
	long		 x;

	if (nf != 2) {
		vr->error = scan_error(&vr->s, nf < 2 ? 0 : f[2].column,
		    "\"%.*s\" takes one value", (int)f[0].n, f[0].p);
		return (-1);
	}
	if (scan_is(&f[0], "depth:")) {
		if (vault_depths(&f[1], &v->depth_min, &v->depth_max) != 0) {
			vr->error = scan_error(&vr->s, f[1].column, "a "
			    "vault's depth is N or A-B, with 1 <= A <= B <= "
			    "%d", VAULT_MAX_DEPTH);
			return (-1);
		}
	} else if (scan_is(&f[0], "weight:")) {
		if (scan_long(&f[1], 1, VAULT_MAX_WEIGHT, &x) != 0) {
			vr->error = scan_error(&vr->s, f[1].column, "a "
			    "weight is a number from 1 to %d",
			    VAULT_MAX_WEIGHT);
			return (-1);
		}
		v->weight = (int)x;
	} else if (scan_is(&f[0], "per-game:")) {
		if (scan_long(&f[1], 0, VAULT_MAX_PER_GAME, &x) != 0) {
			vr->error = scan_error(&vr->s, f[1].column, "per-game "
			    "is a number from 0 (no limit) to %d",
			    VAULT_MAX_PER_GAME);
			return (-1);
		}
		v->per_game = (int)x;
	} else if (scan_is(&f[0], "rotate:") || scan_is(&f[0], "mirror:")) {
		if (!scan_is(&f[1], "yes") && !scan_is(&f[1], "no")) {
			vr->error = scan_error(&vr->s, f[1].column, "%.*s "
			    "takes yes or no", (int)f[0].n - 1, f[0].p);
			return (-1);
		}
		*(scan_is(&f[0], "rotate:") ? &v->rotate : &v->mirror) =
		    scan_is(&f[1], "yes");
	} else {
		if (f[1].n != 1 || f[1].p[0] <= ' ' || f[1].p[0] > '~' ||
		    f[1].p[0] == '#' || f[1].p[0] == '@') {
			vr->error = scan_error(&vr->s, f[1].column, "an entry "
			    "glyph is one printable ASCII character other "
			    "than '#' and '@'");
			return (-1);
		}
		v->entry = f[1].p[0];
	}
	vr->b.blank[vr->b.nblank++] = vr->s.line;
	return (0);
}

/* Reads "tags: WORD..."; 0, or -1 with error. */
static int
vault_key_tags(struct vault_reader *vr, struct scan_field *f, int nf)
{
	struct vault	*v = &vr->b.v;
	int		 i;

	if (nf < 2 || v->ntags + nf - 1 > VAULT_MAX_TAGS) {
		vr->error = scan_error(&vr->s, nf < 2 ? 0 : f[1].column,
		    "expected \"tags: WORD...\" (at most %d tags)",
		    VAULT_MAX_TAGS);
		return (-1);
	}
	for (i = 1; i < nf; i++) {
		if (!vault_good_name(&f[i])) {
			vr->error = scan_error(&vr->s, f[i].column, "a tag is "
			    "one word of letters, digits, '-' and '_' (at most "
			    "%d)", NAME_LEN - 1);
			return (-1);
		}
		memcpy(v->tags[v->ntags], f[i].p, f[i].n);
		v->tags[v->ntags++][f[i].n] = '\0';
	}
	return (0);
}

/* The words of "orient:", in enum vault_orient's order. */
static const char *const vault_orients[] = {
	"any", "north", "south", "east", "west", "edge", "centre"
};

/* Reads "orient: WHERE"; 0, or -1 with error. */
static int
vault_key_orient(struct vault_reader *vr, struct scan_field *f, int nf)
{
	int	i;

	for (i = 0; nf == 2 && i < (int)(sizeof vault_orients /
	    sizeof vault_orients[0]); i++)
		if (scan_is(&f[1], vault_orients[i]) || (i == VAULT_CENTRE &&
		    scan_is(&f[1], "center"))) {
			vr->b.v.orient = i;
			return (0);
		}
	vr->error = scan_error(&vr->s, nf < 2 ? 0 : f[1].column, "orient "
	    "takes north, south, east, west, edge, centre or any");
	return (-1);
}

/* Reads "subvault: C = NAME" or "subvault: C = tag:WORD"; 0, or -1. */
static int
vault_key_sub(struct vault_reader *vr, struct scan_field *f, int nf)
{
	struct vault		*v = &vr->b.v;
	struct vault_sub	*sub = &v->subs[v->nsubs];
	struct scan_field	 name;
	int			 i;

	nf = scan_fields(&vr->s, f, VAULT_FIELDS);	/* '#': a glyph */
	if (nf > 4 && f[4].p[0] == '#')
		nf = 4;
	if (nf != 4 || !scan_is(&f[2], "=")) {
		vr->error = scan_error(&vr->s, nf < 2 ? 0 : f[1].column,
		    "expected \"subvault: C = NAME\" or \"subvault: C = "
		    "tag:WORD\"");
		return (-1);
	}
	if (v->nsubs == VAULT_MAX_SUBS) {
		vr->error = scan_error(&vr->s, 1, "more than %d sub-vaults",
		    VAULT_MAX_SUBS);
		return (-1);
	}
	if (f[1].n != 1 || f[1].p[0] <= ' ' || f[1].p[0] > '~' ||
	    f[1].p[0] == '#' || f[1].p[0] == '@' || f[1].p[0] == v->entry) {
		vr->error = scan_error(&vr->s, f[1].column, "a sub-vault's "
		    "glyph is one printable ASCII character other than '#', "
		    "'@' and the entry glyph");
		return (-1);
	}
	for (i = 0; i < v->nsubs; i++)
		if (v->subs[i].glyph == f[1].p[0]) {
			vr->error = scan_error(&vr->s, f[1].column, "'%c' "
			    "holds a sub-vault already (line %d)", f[1].p[0],
			    v->subs[i].line);
			return (-1);
		}
	name = f[3];
	sub->by_tag = f[3].n > 4 && memcmp(f[3].p, "tag:", 4) == 0;
	if (sub->by_tag) {
		name.p += 4;
		name.n -= 4;
		name.column += 4;
	}
	if (!vault_good_name(&name)) {
		vr->error = scan_error(&vr->s, name.column, "expected a "
		    "vault's name or tag:WORD (letters, digits, '-' and '_')");
		return (-1);
	}
	memset(sub, 0, sizeof *sub);
	sub->by_tag = name.p != f[3].p;
	sub->glyph = f[1].p[0];
	memcpy(sub->target, name.p, name.n);
	sub->line = vr->s.line;
	sub->column = f[3].column;
	sub->glyph_column = f[1].column;
	vr->b.sub_line[v->nsubs++] = vr->s.line;
	return (0);
}

/*
 * The keys a vault's header may hold, its own and the dungeon file's it
 * shares (read by dungeon.c), for the message about one misspelt.
 */
static const char *const vault_keys[] = {
	"depth", "weight", "per-game", "entry", "rotate", "mirror", "subst",
	"nsubst", "shuffle", "tags", "orient", "subvault", "legend", "gate",
	"event", "intro"
};
#define VAULT_KEYS	(sizeof vault_keys / sizeof vault_keys[0])

/*
 * True when a header line's first word is a key ("WORD:") no vault has:
 * not a vault's own, nor one the dungeon parser reads for it, nor a
 * level's (told apart).  Sets vr->error, naming the vault's keys and
 * the closest.
 */
static int
vault_unknown_key(struct vault_reader *vr, const struct scan_field *f)
{
	struct scan_field	key = *f;
	struct suggest		sg;
	const char		*colon;
	char			show[64], near[128];
	size_t			i;

	if ((colon = memchr(f->p, ':', f->n)) == NULL)
		return (0);
	key.n = (size_t)(colon - f->p);
	for (i = 0; i < VAULT_KEYS; i++) {
		if (scan_is(&key, vault_keys[i]))
			return (0);
	}
	suggest_init(&sg, key.p, key.n);
	for (i = 0; i < VAULT_KEYS - 1; i++)	/* intro is a level's */
		suggest_add(&sg, vault_keys[i]);
	vr->error = scan_error(&vr->s, f->column, "unknown key %s%s (a "
	    "vault's keys are depth, weight, per-game, entry, rotate, "
	    "mirror, subst, nsubst, shuffle, tags, orient, subvault, legend, "
	    "gate and event, then map)", scan_show(&key, show), suggest_text(&sg, near,
	    sizeof near));
	return (1);
}

/*
 * A header line that is not the vault's (a level's key, or one no file
 * has): told, and left out of what the dungeon parser reads.
 */
static int
vault_refuse_line(struct vault_reader *vr)
{
	if (vr->b.nblank >= VAULT_KEY_LINES) {	/* as for vault keys */
		vr->b.broken = 1;
		return (vault_keep(vr));
	}
	vr->b.blank[vr->b.nblank++] = vr->s.line;
	return (vault_keep(vr));
}

/* Reads a header line of a block; 0, or -1 with vr->error. */
static int
vault_header_line(struct vault_reader *vr)
{
	struct scan_field	f[VAULT_FIELDS];
	int			nf;

	if (scan_fields(&vr->s, f, 1) >= 1 && (scan_is(&f[0], "subst:") ||
	    scan_is(&f[0], "nsubst:") || scan_is(&f[0], "shuffle:"))) {
		if (vault_rule_read(&vr->b.v, &vr->s, &vr->error) != 0) {
			vr->b.broken = 1;	/* no map read: no blank */
			return (vault_keep(vr));
		}
		vr->b.blank[vr->b.nblank++] = vr->s.line;
		return (0);
	}
	nf = vault_fields(&vr->s, f, VAULT_FIELDS);
	if (nf == 0)
		return (0);
	if (scan_is(&f[0], "map") && nf == 1) {
		vr->state = VAULT_MAP;
		vr->b.map_line = vr->s.line + 1;
		return (0);
	}
	if (scan_is(&f[0], "vault")) {
		vr->error = scan_error(&vr->s, 1, "a new vault before the "
		    "map of vault \"%s\"", vr->b.v.name);
		return (-1);
	}
	if (scan_is(&f[0], "name:") || scan_is(&f[0], "movement:") ||
	    scan_is(&f[0], "corners:") || scan_is(&f[0], "monsters:")) {
		vr->error = scan_error(&vr->s, 1, "\"%.*s\" belongs to a "
		    "level, not to a vault", (int)f[0].n, f[0].p);
		return (vault_refuse_line(vr));
	}
	if (vault_unknown_key(vr, &f[0]))
		return (vault_refuse_line(vr));
	if (scan_is(&f[0], "tags:") || scan_is(&f[0], "orient:") ||
	    scan_is(&f[0], "subvault:")) {
		if (vr->b.nblank >= VAULT_KEY_LINES) {
			vr->error = scan_error(&vr->s, 1, "too many vault "
			    "keys");
			return (-1);
		}
		vr->b.blank[vr->b.nblank++] = vr->s.line;
		if ((scan_is(&f[0], "tags:") ? vault_key_tags(vr, f, nf) :
		    scan_is(&f[0], "orient:") ? vault_key_orient(vr, f, nf) :
		    vault_key_sub(vr, f, nf)) == 0)
			return (0);
		vr->b.broken |= scan_is(&f[0], "subvault:");
		return (vault_keep(vr));
	}
	if (scan_is(&f[0], "depth:") || scan_is(&f[0], "weight:") ||
	    scan_is(&f[0], "per-game:") || scan_is(&f[0], "entry:") ||
	    scan_is(&f[0], "rotate:") || scan_is(&f[0], "mirror:")) {
		if (vr->b.nblank >= VAULT_KEY_LINES) {
			vr->error = scan_error(&vr->s, 1, "too many vault "
			    "keys");
			return (-1);
		}
		if (vault_key(vr, f, nf) == 0)
			return (0);
		/* The line is left out; a refused entry glyph breaks the map. */
		vr->b.blank[vr->b.nblank++] = vr->s.line;
		vr->b.broken |= scan_is(&f[0], "entry:");
		return (vault_keep(vr));
	}
	return (0);		/* the dungeon parser's */
}

/* Notes a cell of a sub-vault's glyph: its rectangle grows. */
static void
vault_row_sub(struct vault_block *b, char c, int x)
{
	struct vault_sub	*sub;
	int			 k;

	for (k = 0; k < b->v.nsubs; k++) {
		sub = &b->v.subs[k];
		if (sub->glyph != c)
			continue;
		if (b->sub_count[k]++ == 0) {
			sub->x = b->sub_x1[k] = x;
			sub->y = b->sub_y1[k] = b->rows;
		}
		sub->x = x < sub->x ? x : sub->x;
		b->sub_x1[k] = x > b->sub_x1[k] ? x : b->sub_x1[k];
		b->sub_y1[k] = b->rows;
	}
}

/* Notes the entries of a map row of the block; 0, or -1 with error. */
static int
vault_row(struct vault_reader *vr)
{
	struct vault_block	*b = &vr->b;
	size_t			 i;
	int			 x = 0;

	for (i = 0; i < vr->s.n; i++) {
		if (((unsigned char)vr->s.p[i] & 0xc0) == 0x80)
			continue;
		if (vr->s.p[i] == b->v.entry) {
			if (b->v.nentries == (int)(sizeof b->entry_line /
			    sizeof b->entry_line[0])) {
				vr->error = scan_error(&vr->s, x + 1, "too "
				    "many entries");
				return (-1);
			}
			b->entry_line[b->v.nentries] = vr->s.line;
			b->entry_column[b->v.nentries] = x + 1;
			b->v.entries = xreallocarray(b->v.entries,
			    (size_t)b->v.nentries + 1, sizeof *b->v.entries);
			/* x for now; y * width + x once the width is known */
			b->v.entries[b->v.nentries++] = b->rows * 65536 + x;
		}
		vault_row_sub(b, vr->s.p[i], x);
		x++;
	}
	b->rows++;
	return (0);
}

/* Appends line by line the copy of the file the dungeon parser reads. */
static char *
vault_block_text(const struct vault_reader *vr, size_t *len)
{
	const struct vault_block	*b = &vr->b;
	struct scan			 s;
	char				*out, *legend;
	size_t				 n = 0, k;
	int				 i, blank;

	legend = xasprintf("legend: %c terrain floor", b->v.entry);
	out = xmalloc(vr->len + strlen(legend) + 2 + VAULT_MAX_SUBS * 32);
	scan_init(&s, vr->s.name, vr->buf, vr->len);
	while (scan_line(&s) && s.line <= b->last) {
		blank = s.line < b->first;
		for (i = 0; i < b->nblank; i++)
			blank |= s.line == b->blank[i];
		for (i = 0; i < b->v.nsubs; i++)
			if (s.line == b->sub_line[i]) {
				n += (size_t)sprintf(out + n, "legend: %c "
				    "terrain floor", b->v.subs[i].glyph);
				blank = 1;
			}
		if (s.line == b->first) {
			k = strlen(legend);
			memcpy(out + n, legend, k);
			n += k;
		} else if (!blank) {
			memcpy(out + n, s.p, s.n);
			n += s.n;
		}
		out[n++] = '\n';
	}
	free(legend);
	*len = n;
	return (out);
}

/* Checks what the dungeon parser does not: no player, entries on the edge. */
static int
vault_block_check(struct vault_reader *vr)
{
	struct vault_block	*b = &vr->b;
	struct vault		*v = &b->v;
	int			 i, x, y;

	if (v->d.px >= 0) {
		vr->error = scan_error_at(vr->s.name, b->map_line + v->d.py,
		    v->d.px + 1, "the player '@' belongs to a level, not to "
		    "a vault");
		if (vault_keep(vr) != 0)
			return (-1);
	}
	if (v->nentries == 0) {
		vr->error = scan_error_at(vr->s.name, b->first, 1, "vault "
		    "\"%s\" has no entry: put its entry glyph '%c' on the "
		    "map's edge", v->name, v->entry);
		if (vault_keep(vr) != 0)
			return (-1);
	}
	for (i = 0; i < v->nentries; i++) {
		y = v->entries[i] / 65536;
		x = v->entries[i] % 65536;
		if (x != 0 && y != 0 && x != v->d.width - 1 &&
		    y != v->d.height - 1) {
			vr->error = scan_error_at(vr->s.name,
			    b->entry_line[i], b->entry_column[i], "an entry "
			    "must be on the edge of the vault's map");
			if (vault_keep(vr) != 0)
				return (-1);
		}
		v->entries[i] = y * v->d.width + x;
	}
	for (i = 0; i < v->nsubs; i++) {
		v->subs[i].w = b->sub_x1[i] - v->subs[i].x + 1;
		v->subs[i].h = b->sub_y1[i] - v->subs[i].y + 1;
		if (b->sub_count[i] == v->subs[i].w * v->subs[i].h)
			continue;
		vr->error = scan_error_at(vr->s.name, v->subs[i].line,
		    v->subs[i].glyph_column,
		    b->sub_count[i] == 0 ? "the sub-vault's glyph '%c' is not "
		    "in the map" : "the sub-vault's '%c' cells are not a "
		    "rectangle", v->subs[i].glyph);
		if (vault_keep(vr) != 0)
			return (-1);
	}
	if (v->d.width > VAULT_MAX_SIDE || v->d.height > VAULT_MAX_SIDE) {
		vr->error = scan_error_at(vr->s.name, b->first, 1, "vault "
		    "\"%s\" is %dx%d, more than %d a side", v->name,
		    v->d.width, v->d.height, VAULT_MAX_SIDE);
		if (vault_keep(vr) != 0)
			return (-1);
	}
	return (b->nerrors > 0 ? -1 : 0);
}

/* The message of a "name:line:column: message" cause. */
static const char *
vault_message(const char *cause, const char *name)
{
	const char	*p = cause + strlen(name);
	int		 i;

	if (strncmp(cause, name, strlen(name)) != 0)
		return (cause);
	for (i = 0; i < 2 && *p == ':'; i++) {
		p++;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return (*p == ':' && p[1] == ' ' ? p + 2 : cause);
}

/*
 * The entry or sub-vault glyph choice k of a rule makes or takes, or
 * '\0' when it leaves them alone.
 */
static char
vault_rule_touches(const struct vault *v, const struct vault_rule *rule,
    int k)
{
	int	i;

	if (rule->to[k] == v->entry || (rule->kind != VAULT_SHUFFLE &&
	    rule->from == v->entry))
		return (v->entry);
	for (i = 0; i < v->nsubs; i++)
		if (rule->to[k] == v->subs[i].glyph ||
		    (rule->kind != VAULT_SHUFFLE &&
		    rule->from == v->subs[i].glyph))
			return (v->subs[i].glyph);
	return ('\0');
}

/*
 * Checks that the rules leave the entry glyph alone; 0, or -1 with the
 * error in vr->error (told already, in the checker's mode).
 */
static int
vault_rules_check(struct vault_reader *vr)
{
	const struct vault	*v = &vr->b.v;
	int			 i, k;
	char			 c;

	for (i = 0; i < v->nrules; i++) {
		for (k = 0; k < v->rules[i].nto; k++) {
			c = vault_rule_touches(v, &v->rules[i], k);
			if (c == '\0')
				continue;
			vr->error = scan_error_at(vr->s.name, v->rules[i].line,
			    v->rules[i].column[k], "the %s glyph '%c' "
			    "cannot be substituted or shuffled", c == v->entry ?
			    "entry" : "sub-vault", c);
			vault_keep(vr);
			return (-1);
		}
	}
	return (0);
}

/*
 * Reads a block's text, through its rules: its map is the instance with
 * every rule at its first choice, and each other choice must read too
 * (else the error is told at the choice).  Keeps the block's own lines
 * for drawing instances.  Returns 0, or -1 with vr->error; in the
 * checker's mode every error of the text and every choice that does not
 * read are told instead.
 */
static int
vault_block_read(struct vault_reader *vr, const char *text, size_t n)
{
	struct vault	*v = &vr->b.v;
	struct dungeon	 d;
	char		*applied, *cause = NULL;
	int		 choice[VAULT_MAX_RULES] = { 0 }, i, k, rows = vr->b.rows;
	int		 other;
	size_t		 off = 0;

	if (vault_rules_check(vr) != 0)
		return (-1);
	applied = vault_rules_apply(v, text, n, vr->b.map_line, rows, NULL,
	    choice);
	i = dungeon_parse_piece(&v->d, vr->tt, vr->mt, vr->it, vr->s.name,
	    applied, n, &vr->error);
	if (i != 0 && vr->report != NULL) {
		free(vr->error);
		vr->error = NULL;
		vr->b.nerrors += dungeon_check_piece(vr->report, vr->tt,
		    vr->mt, vr->it, vr->s.name, applied, n);
	}
	free(applied);
	for (k = 0; i == 0 && k < v->nrules; k++) {
		for (choice[k] = 1; choice[k] < v->rules[k].nto &&
		    v->rules[k].kind != VAULT_SHUFFLE; choice[k]++) {
			applied = vault_rules_apply(v, text, n,
			    vr->b.map_line, rows, NULL, choice);
			other = dungeon_parse_piece(&d, vr->tt, vr->mt,
			    vr->it, vr->s.name, applied, n, &cause);
			free(applied);
			if (other == 0) {
				dungeon_free(&d);
				continue;
			}
			vr->error = scan_error_at(vr->s.name,
			    v->rules[k].line, v->rules[k].column[choice[k]],
			    "with '%c' here the vault does not read: %s",
			    v->rules[k].to[choice[k]],
			    vault_message(cause, vr->s.name));
			free(cause);
			cause = NULL;
			if (vault_keep(vr) != 0) {
				dungeon_free(&v->d);
				return (-1);
			}
		}
		choice[k] = 0;
	}
	if (i != 0 || v->nrules == 0)
		return (i);
	for (k = 1; k < vr->b.first && off < n; off++)	/* its own lines */
		if (text[off] == '\n')
			k++;
	v->text_len = n - off;
	v->text = xmalloc(v->text_len);
	memcpy(v->text, text + off, v->text_len);
	v->map_line = vr->b.map_line - vr->b.first + 1;
	return (0);
}

/* Reads the block just ended through the dungeon parser; 0, or -1. */
static int
vault_block_end(struct vault_reader *vr)
{
	struct vault_block	*b = &vr->b;
	struct vault_set	*vs = vr->set;
	char			*text;
	size_t			 n;
	int			 rc;

	b->last = vr->s.line;
	rc = -1;
	if (!b->broken) {
		text = vault_block_text(vr, &n);
		rc = vault_block_read(vr, text, n);
		free(text);
	}
	if (rc == 0 && vault_block_check(vr) != 0) {
		dungeon_free(&b->v.d);
		rc = -1;
	}
	if (rc != 0) {
		free(b->v.entries);
		b->v.entries = NULL;
		free(b->v.text);
		b->v.text = NULL;
		/* The checker's errors are told: read on. */
		return (vr->report != NULL ? 0 : -1);
	}
	vs->v = xreallocarray(vs->v, (size_t)vs->n + 1, sizeof *vs->v);
	vs->v[vs->n++] = b->v;
	b->v.entries = NULL;
	return (0);
}

/* Starts a block at a "vault NAME" line; 0, or -1 with vr->error. */
static int
vault_block_start(struct vault_reader *vr)
{
	struct scan_field	f[VAULT_FIELDS];
	struct vault_block	*b = &vr->b;
	int			 nf;

	nf = vault_fields(&vr->s, f, VAULT_FIELDS);
	if (nf == 0)
		return (0);
	if (!scan_is(&f[0], "vault")) {
		vr->error = scan_error(&vr->s, f[0].column, "expected "
		    "\"vault NAME\" (a vault file holds vaults, each its keys, "
		    "\"map\", the rows and \"end\")");
		return (-1);
	}
	if (nf != 2 || !vault_good_name(&f[1])) {
		vr->error = scan_error(&vr->s, nf < 2 ? 0 : f[1].column,
		    "a vault's name is one word of letters, digits, '-' and "
		    "'_' (at most %d)", NAME_LEN - 1);
		return (-1);
	}
	if (vr->set->n == VAULT_MAX) {
		vr->error = scan_error(&vr->s, 1, "more than %d vaults",
		    VAULT_MAX);
		return (-1);
	}
	memset(b, 0, sizeof *b);
	memcpy(b->v.name, f[1].p, f[1].n);
	b->v.line = b->first = vr->s.line;
	b->v.depth_min = 1;
	b->v.depth_max = VAULT_MAX_DEPTH;
	b->v.weight = 10;
	b->v.entry = 'E';
	vr->state = VAULT_HEADER;
	return (0);
}

/* Reads one line in its state; 0, or -1 with vr->error. */
static int
vault_line(struct vault_reader *vr)
{
	struct scan_field	f[2];

	switch (vr->state) {
	case VAULT_BETWEEN:
		if (vr->s.n == 0 || vault_fields(&vr->s, f, 2) == 0)
			return (0);
		return (vault_block_start(vr));
	case VAULT_HEADER:
		return (vault_header_line(vr));
	case VAULT_MAP:
		if (scan_fields(&vr->s, f, 2) == 1 && scan_is(&f[0], "end")) {
			vr->state = VAULT_BETWEEN;
			return (vault_block_end(vr));
		}
		return (vault_row(vr));
	}
	return (0);
}

/* Whether a vault has a tag: see vault.h. */
int
vault_has_tag(const struct vault *v, const char *tag)
{
	int	i;

	for (i = 0; i < v->ntags; i++)
		if (strcmp(v->tags[i], tag) == 0)
			return (1);
	return (0);
}

/*
 * A copy of n elements of size bytes (one more, zeroed, so that none is
 * never NULL); from may be NULL when n is 0.
 */
static void *
vault_dup(const void *from, size_t n, size_t size)
{
	void	*to = xcalloc(n + 1, size);

	if (n > 0)
		memcpy(to, from, n * size);
	return (to);
}

/* A copy of what a dungeon holds. */
static void
vault_copy_dungeon(struct dungeon *to, const struct dungeon *d)
{
	int	i;

	*to = *d;
	to->terrain = vault_dup(d->terrain, (size_t)d->width * d->height, 1);
	to->spawns = vault_dup(d->spawns, (size_t)d->nspawns,
	    sizeof *d->spawns);
	to->items = vault_dup(d->items, (size_t)d->nitems, sizeof *d->items);
	to->events = vault_dup(d->events, (size_t)d->nevents,
	    sizeof *d->events);
	to->gates = xcalloc((size_t)d->ngates + 1, sizeof *to->gates);
	for (i = 0; i < d->ngates; i++) {
		to->gates[i] = d->gates[i];
		to->gates[i].cells = vault_dup(d->gates[i].cells,
		    (size_t)d->gates[i].ncells, sizeof (int));
	}
}

/* A copy of a vault whose sub-vaults are copied already. */
static void
vault_copy(struct vault *to, const struct vault *v)
{
	int	i, k;

	*to = *v;
	vault_copy_dungeon(&to->d, &v->d);
	to->entries = vault_dup(v->entries, (size_t)v->nentries,
	    sizeof *v->entries);
	to->text = NULL;
	if (v->text != NULL) {
		to->text = xmalloc(v->text_len + 1);
		memcpy(to->text, v->text, v->text_len);
	}
	for (i = 0; i < v->nsubs; i++) {
		to->subs[i].cand = xcalloc((size_t)v->subs[i].ncand + 1,
		    sizeof *to->subs[i].cand);
		for (k = 0; k < v->subs[i].ncand; k++)
			vault_copy(&to->subs[i].cand[k], &v->subs[i].cand[k]);
	}
}

/* Whether vault c may go in sub-vault rectangle `sub`, as turned. */
static int
vault_sub_fits(const struct vault_sub *sub, const struct vault *c)
{
	return ((c->d.width <= sub->w && c->d.height <= sub->h) ||
	    (c->rotate && c->d.height <= sub->w && c->d.width <= sub->h));
}

/* Whether vault c is what sub-vault `sub` names. */
static int
vault_sub_names(const struct vault_sub *sub, const struct vault *c)
{
	return (sub->by_tag ? vault_has_tag(c, sub->target) :
	    strcmp(c->name, sub->target) == 0);
}

/*
 * Gives vault i's sub-vaults the copies of the vaults that may go in
 * them, theirs first (depth first): 0, or -1 with vr->error when one
 * names none that fits, a chain of them is deeper than VAULT_MAX_NEST,
 * or comes back to a vault on it; -2 when it fails only through a vault
 * whose error is told already (state: 0 unseen, 1 on the chain, 2 done,
 * 3 broken, its error told).
 */
static int
vault_resolve(struct vault_reader *vr, int i, int depth, uint8_t *state)
{
	struct vault_set	*vs = vr->set;
	struct vault		*v = &vs->v[i];
	struct vault_sub	*sub;
	int			 k, c, n, told, rc;

	if (state[i] >= 2)
		return (state[i] == 2 ? 0 : -2);
	state[i] = 1;
	for (k = 0; k < v->nsubs; k++) {
		sub = &v->subs[k];
		for (c = n = told = 0; c < vs->n; c++) {
			if (!vault_sub_names(sub, &vs->v[c]))
				continue;
			n++;
			if (state[c] == 3) {	/* its error is told */
				told++;
				continue;
			}
			if (state[c] == 1 || depth + 1 > VAULT_MAX_NEST) {
				if (state[c] == 1)
					vr->error = scan_error_at(vr->s.name,
					    sub->line, sub->column, "vault "
					    "\"%s\" would hold itself: its "
					    "sub-vaults come back to it",
					    vs->v[c].name);
				else
					vr->error = scan_error_at(vr->s.name,
					    sub->line, sub->column, "sub-vaults "
					    "nest more than %d deep here",
					    VAULT_MAX_NEST);
				return (-1);
			}
			if ((rc = vault_resolve(vr, c, depth + 1, state)) != 0)
				return (rc);
			if (!vault_sub_fits(sub, &vs->v[c]))
				continue;
			sub->cand = xreallocarray(sub->cand, (size_t)sub->ncand +
			    1, sizeof *sub->cand);
			vault_copy(&sub->cand[sub->ncand++], &vs->v[c]);
		}
		if (sub->ncand == 0 && told > 0)
			return (-2);
		if (sub->ncand == 0) {
			vr->error = scan_error_at(vr->s.name, sub->line,
			    sub->column, n == 0 ? "no vault %s \"%s\" in the "
			    "file" : "no vault %s \"%s\" fits the sub-vault's "
			    "%dx%d cells", sub->by_tag ? "tagged" : "named",
			    sub->target, sub->w, sub->h);
			return (-1);
		}
	}
	state[i] = 2;
	return (0);
}

/*
 * Resolves every vault's sub-vaults (vault_resolve()) once the file is
 * read; 0, or -1 with vr->error (the checker's errors told instead).
 */
static int
vault_resolve_all(struct vault_reader *vr)
{
	uint8_t	*state;
	int	 i, k, rc = 0;

	state = xcalloc((size_t)vr->set->n + 1, 1);
	for (i = 0; i < vr->set->n; i++) {
		if ((k = vault_resolve(vr, i, 0, state)) == 0)
			continue;
		if (vr->report == NULL) {
			rc = -1;
			break;
		}
		if (k == -1)
			dungeon_report_add_error(vr->report, vr->error);
		vr->error = NULL;
		for (k = 0; k < vr->set->n; k++)	/* the chain: broken */
			state[k] = state[k] == 1 ? 3 : state[k];
	}
	free(state);
	return (rc);
}

/*
 * Reads the file; in the checker's mode the errors inside a block are
 * told as they come (vault_keep()), an error that breaks the blocks is
 * kept and the reader skips to the next "vault" line, and reading stops
 * after VAULT_MAX_ERRORS.  Returns 0, or -1 with error.
 */
static int
vault_read_all(struct vault_reader *vr)
{
	struct dungeon_report	*r = vr->report;
	struct scan_field	 f[2];

	while (scan_line(&vr->s)) {
		if (r != NULL && r->nerrors >= VAULT_MAX_ERRORS) {
			if (strstr(r->errors[r->nerrors - 1], "stopping "
			    "after") == NULL)
				dungeon_report_add_error(r, scan_error(&vr->s,
				    0, "stopping after %d errors: the rest of "
				    "the file is not read", VAULT_MAX_ERRORS));
			free(vr->b.v.entries);
			vr->b.v.entries = NULL;
			vr->state = VAULT_BETWEEN;
			break;
		}
		if (vault_line(vr) == 0)
			continue;
		if (vr->report == NULL)
			return (-1);
		dungeon_report_add_error(vr->report, vr->error);
		vr->error = NULL;
		free(vr->b.v.entries);
		vr->b.v.entries = NULL;
		vr->state = VAULT_BETWEEN;
		while (scan_line(&vr->s)) {	/* to the next vault */
			if (vault_fields(&vr->s, f, 2) >= 1 &&
			    scan_is(&f[0], "vault")) {
				if (vault_line(vr) != 0) {
					dungeon_report_add_error(vr->report,
					    vr->error);
					vr->error = NULL;
					vr->state = VAULT_BETWEEN;
					continue;
				}
				break;
			}
		}
	}
	if (vr->state != VAULT_BETWEEN) {
		free(vr->b.v.entries);
		vr->b.v.entries = NULL;
		vr->error = scan_error_at(vr->s.name, vr->b.first, 1, "vault "
		    "\"%s\" has no %s", vr->b.v.name, vr->state ==
		    VAULT_HEADER ? "\"map\" line" : "\"end\" line");
		if (vr->report == NULL)
			return (-1);
		dungeon_report_add_error(vr->report, vr->error);
		vr->error = NULL;
	}
	if (vault_resolve_all(vr) != 0)
		return (-1);
	if (vr->set->n == 0 && (vr->report == NULL ||
	    vr->report->nerrors == 0)) {
		vr->error = xasprintf("%s: no vault in the file", vr->s.name);
		if (vr->report == NULL)
			return (-1);
		dungeon_report_add_error(vr->report, vr->error);
		vr->error = NULL;
	}
	return (0);
}

/* Reads a vault file in either mode; the set is empty after an error. */
static int
vault_parse_mode(struct vault_set *vs, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len,
    struct dungeon_report *report, char **cause)
{
	struct vault_reader	*vr;
	int			 rc;

	memset(vs, 0, sizeof *vs);
	if (len > VAULT_MAX_FILE) {
		if (report != NULL) {
			dungeon_report_add_error(report,
			    x_too_large(name, VAULT_MAX_FILE));
			return (0);
		}
		*cause = x_too_large(name, VAULT_MAX_FILE);
		return (-1);
	}
	vr = xcalloc(1, sizeof *vr);
	vr->tt = tt;
	vr->mt = mt;
	vr->it = it;
	vr->buf = buf;
	vr->len = len;
	vr->set = vs;
	vr->report = report;
	scan_init(&vr->s, name, buf, len);
	rc = vault_read_all(vr);
	if (rc != 0) {
		*cause = vr->error;
		vault_set_free(vs);
	}
	free(vr);
	return (rc);
}

/* Parses a vault file: see vault.h. */
int
vault_parse(struct vault_set *vs, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *name, const char *buf, size_t len, char **cause)
{
	return (vault_parse_mode(vs, tt, mt, it, name, buf, len, NULL,
	    cause));
}

/* Reads and parses a vault file: see vault.h. */
int
vault_read(struct vault_set *vs, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(vs, 0, sizeof *vs);
	if ((buf = x_read_file(path, VAULT_MAX_FILE, &len, cause)) == NULL)
		return (-1);
	rc = vault_parse(vs, tt, mt, it, path, buf, len, cause);
	free(buf);
	return (rc);
}

/* Frees what one vault of a set holds, its sub-vaults' copies too. */
static void
vault_free_one(struct vault *v)
{
	int	i, k;

	dungeon_free(&v->d);
	free(v->entries);
	free(v->text);
	for (i = 0; i < v->nsubs; i++) {
		for (k = 0; k < v->subs[i].ncand; k++)
			vault_free_one(&v->subs[i].cand[k]);
		free(v->subs[i].cand);
		v->subs[i].cand = NULL;
		v->subs[i].ncand = 0;
	}
}

/* Frees a set's vaults and leaves it empty. */
void
vault_set_free(struct vault_set *vs)
{
	int	i;

	for (i = 0; i < vs->n; i++)
		vault_free_one(&vs->v[i]);
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
}

/* Reads the vaults of every layer: see vault.h. */
int
vault_read_layers(struct vault_set *vs, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *data_dir, const struct mods *ms, char **cause)
{
	struct vault_set	 layer;
	char			*path;
	int			 i, j, rc = 0;

	for (i = 0; i < mods_layers(ms) && rc == 0; i++) {
		path = xasprintf("%s/vaults.txt", mods_dir(data_dir, ms, i));
		memset(&layer, 0, sizeof layer);
		if (access(path, F_OK) == 0 && (rc = vault_read(&layer, tt,
		    mt, it, path, cause)) == 0) {
			for (j = 0; j < layer.n; j++)
				layer.v[j].layer = i;
			vault_set_merge(vs, &layer);
		}
		free(path);
	}
	return (rc);
}

/* Merges a layer's vaults into a set: see vault.h. */
void
vault_set_merge(struct vault_set *vs, struct vault_set *from)
{
	int	i, j;

	for (i = 0; i < from->n; i++) {
		for (j = 0; j < vs->n; j++) {
			if (strcmp(vs->v[j].name, from->v[i].name) == 0)
				break;
		}
		if (j < vs->n)
			vault_free_one(&vs->v[j]);
		else
			vs->v = xreallocarray(vs->v, (size_t)++vs->n,
			    sizeof *vs->v);
		vs->v[j] = from->v[i];
	}
	free(from->v);
	from->v = NULL;
	from->n = 0;
}

/* Keeps only some vaults of a set: see vault.h. */
void
vault_set_keep(struct vault_set *vs, const int *keep)
{
	int	i, n = 0;

	for (i = 0; i < vs->n; i++) {
		if (keep[i])
			vs->v[n++] = vs->v[i];
		else
			vault_free_one(&vs->v[i]);
	}
	vs->n = n;
}

/* The checker's look at a vault file, without the generator: see vault.h. */
int
vault_check_read(struct dungeon_report *r, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *path, struct vault_set *vs)
{
	char			*buf, *cause = NULL;
	size_t			 len;

	memset(r, 0, sizeof *r);
	memset(vs, 0, sizeof *vs);
	if ((buf = x_read_file(path, VAULT_MAX_FILE, &len, &cause)) == NULL) {
		dungeon_report_add_error(r, cause);
		return (r->nerrors);
	}
	vault_parse_mode(vs, tt, mt, it, path, buf, len, r, &cause);
	free(buf);
	return (r->nerrors);
}
