/*
 * blockfile.c: the line loop of the game's block files (see blockfile.h).
 *
 * The loop knows the grammar's shape and its messages; the readers
 * (terrain.c, monster.c, item.c, campaign.c) know the values.  A key is
 * looked up by its first word among the reader's entries, which it steps
 * over key_size bytes at a time, so each reader keeps one table of keys
 * and handlers.  The values the readers share are read here, into the
 * field the entry names, so a glyph or a depth range reads (and fails)
 * alike in every file; the fields' sizes are checked against what the
 * kind writes, so a table naming the wrong member stops at the first
 * use of the key, whatever the file holds.
 */
#include <string.h>

#include "blockfile.h"
#include "report.h"
#include "suggest.h"
#include "words.h"
#include "xmalloc.h"

/* The entry of the key the field names, or NULL. */
static const struct blockfile_key *
blockfile_find(const struct blockfile *bf, const struct scan_field *f)
{
	const char			*p = bf->keys;
	const struct blockfile_key	*k;
	size_t				 i;

	for (i = 0; i < bf->nkeys; i++) {
		k = (const void *)(p + i * bf->key_size);
		if (scan_is(f, k->name) ||
		    (k->alias != NULL && scan_is(f, k->alias)))
			return (k);
	}
	return (NULL);
}

/* The key's name as the line spells it: see blockfile.h. */
const char *
blockfile_spelling(const struct blockfile_key *k, const struct scan_field *f)
{
	return (k->alias != NULL && scan_is(f, k->alias) ? k->alias :
	    k->name);
}

/* The name of the block being read, or NULL outside blocks. */
static const char *
blockfile_block(const struct blockfile *bf)
{
	const char	*record;

	if (bf->record == NULL)
		return (bf->current(bf->reader));
	record = bf->record(bf->reader);
	return (record != NULL ? record + bf->name : NULL);
}

/* Reads "KEY TEXT...", the rest of the line, into out[size]. */
static int
blockfile_description(const struct blockfile_value *bv,
    struct scan_field *f, char *out, size_t size)
{
	const char	*p = f[0].p + f[0].n;
	const char	*why;

	if (words_text(p, bv->s->n - (size_t)(p - bv->s->p), out, size,
	    &why) != 0) {
		*bv->cause = scan_error(bv->s, f[0].column + (int)f[0].n + 1,
		    "bad description: %s (at most %d bytes)", why,
		    (int)size - 1);
		return (-1);
	}
	return (0);
}

/*
 * Reads "KEY HOW WORDS...": how a name counts, into *noun, and the words
 * a player reads, the rest of the line, into out[size].
 */
static int
blockfile_noun(const struct blockfile_value *bv, struct scan_field *f,
    int nf, char *out, size_t size, enum words_noun *noun)
{
	static const char *const	 hows[WORDS_NOUNS] = {
		[WORDS_A] = "a", [WORDS_AN] = "an", [WORDS_MASS] = "mass",
		[WORDS_PLURAL] = "plural", [WORDS_UNIQUE] = "the"
	};
	const char			*p, *why;
	char				 show[64];
	int				 i;

	if (nf < 3) {
		*bv->cause = scan_error(bv->s, f[0].column + (int)f[0].n + 1,
		    "\"%s\" wants how the name counts (a, an, mass, plural "
		    "or the) and the words a player reads: \"%s a cave-in\"",
		    bv->key, bv->key);
		return (-1);
	}
	for (i = 1; i < WORDS_NOUNS && !scan_is(&f[1], hows[i]); i++)
		continue;
	if (i == WORDS_NOUNS) {
		*bv->cause = scan_error(bv->s, f[1].column, "a name counts as "
		    "a, an, mass, plural or the, not %s",
		    scan_show(&f[1], show));
		return (-1);
	}
	p = f[2].p;
	if (words_text(p, bv->s->n - (size_t)(p - bv->s->p), out, size,
	    &why) != 0) {
		*bv->cause = scan_error(bv->s, f[2].column, "bad words for "
		    "\"%s\": %s (at most %d bytes)", bv->key, why,
		    (int)size - 1);
		return (-1);
	}
	*noun = (enum words_noun)i;
	return (0);
}

/*
 * True when a key's entry names fields of the sizes its kind writes: a
 * table naming the wrong member, or leaving one out, is a bug.
 */
static int
blockfile_fits(const struct blockfile_key *k)
{
	/* The bytes each kind writes at offset (0: a buffer of any size)
	   and at also (0: nothing). */
	static const struct {
		size_t	field;
		size_t	also;
	} sizes[] = {
		[BLOCKFILE_OWN] = { 0, 0 },
		[BLOCKFILE_GLYPH] = { 0, 0 },
		[BLOCKFILE_COLOUR] = { sizeof (enum colour), sizeof (int) },
		[BLOCKFILE_NUMBER] = { sizeof (int), 0 },
		[BLOCKFILE_RANGE] = { sizeof (int), sizeof (int) },
		[BLOCKFILE_DESCRIPTION] = { 0, 0 },
		[BLOCKFILE_NOUN] = { 0, sizeof (enum words_noun) }
	};

	return (k->size != 0 && (sizes[k->kind].field == 0 ||
	    k->size == sizes[k->kind].field) &&
	    k->also_size == sizes[k->kind].also);
}

/*
 * Reads the value of a key of a shared kind into the current block's
 * record; 0, or -1 with *cause set.
 */
static int
blockfile_shared(const struct blockfile *bf, const struct blockfile_key *k,
    struct scan_field *f, int nf)
{
	const struct blockfile_value	 bv = { bf->s,
	    blockfile_spelling(k, &f[0]), bf->cause };
	char				*record = NULL;
	void				*field, *also;
	long				 lo, hi;

	if (bf->record != NULL)
		record = bf->record(bf->reader);
	if (record == NULL || !blockfile_fits(k))
		xfatal("blockfile: key \"%s\" names no field of its kind",
		    k->name);
	field = record + k->offset;
	also = record + k->also;
	switch (k->kind) {
	case BLOCKFILE_GLYPH:
		return (blockfile_glyph(&bv, f, nf, field, k->size));
	case BLOCKFILE_COLOUR:
		return (blockfile_colour(&bv, f, nf, field, also));
	case BLOCKFILE_NUMBER:
		if (blockfile_number(&bv, f, nf, k->min, k->max, &lo) != 0)
			return (-1);
		*(int *)field = (int)lo;
		return (0);
	case BLOCKFILE_RANGE:
		if (blockfile_range(&bv, f, nf, k->min, k->max, &lo, &hi) != 0)
			return (-1);
		*(int *)field = (int)lo;
		*(int *)also = (int)hi;
		return (0);
	case BLOCKFILE_DESCRIPTION:
		return (blockfile_description(&bv, f, field, k->size));
	case BLOCKFILE_NOUN:
		return (blockfile_noun(&bv, f, nf, field, k->size, also));
	case BLOCKFILE_OWN:
		break;
	}
	xfatal("blockfile: key \"%s\" of no kind", k->name);
}

/*
 * Refuses a comment after the words of a line: '#' starts a comment only
 * at the start of a line (after blanks), so a word from f[from] on that
 * starts with '#' is one put at the end of a line.  (A glyph '#' is the
 * word after its key, so from is 1 for lines that take no glyph and 2
 * for those that do; text keys take '#' as text and are not looked at.)
 * 0, or -1 with *cause set at the '#'.
 */
static int
blockfile_comment(const struct blockfile *bf, const struct scan_field *f,
    int nf, int from)
{
	int	i;

	for (i = from; i < nf && i < bf->fields; i++) {
		if (f[i].n > 0 && f[i].p[0] == '#') {
			*bf->cause = scan_error(bf->s, f[i].column, "comments "
			    "must be on their own line (a line whose first "
			    "word starts with '#'), not after a line's words");
			return (-1);
		}
	}
	return (0);
}

/* "unknown key ...", with the known keys closest to it; sets *cause. */
static void
blockfile_unknown(const struct blockfile *bf, const struct scan_field *f)
{
	const char			*p = bf->keys;
	const struct blockfile_key	*k;
	struct suggest			 sg;
	char				 show[64], near[128];
	size_t				 i;

	suggest_init(&sg, f->p, f->n);
	suggest_add(&sg, bf->block);
	if (bf->other != NULL)
		suggest_add(&sg, bf->other);
	for (i = 0; i < bf->nkeys; i++) {
		k = (const void *)(p + i * bf->key_size);
		suggest_add(&sg, k->name);
	}
	*bf->cause = scan_error(bf->s, f->column, "unknown key %s%s "
	    "(expected %s)", scan_show(f, show), suggest_text(&sg, near,
	    sizeof near), bf->expected);
}

/* One "key value..." line inside a block; 0, or -1 with *cause set. */
static int
blockfile_property(const struct blockfile *bf, struct scan_field *f,
    int nf)
{
	const struct blockfile_key	*k;
	const char			*block, *name;

	if ((k = blockfile_find(bf, &f[0])) == NULL) {
		blockfile_unknown(bf, &f[0]);
		return (-1);
	}
	name = blockfile_spelling(k, &f[0]);
	if ((block = blockfile_block(bf)) == NULL && bf->head == NULL) {
		*bf->cause = scan_error(bf->s, f[0].column, "\"%s\" outside a "
		    "%s block (a \"%s NAME\" line must come first)", name,
		    bf->block, bf->block);
		return (-1);
	}
	if (*bf->seen & k->bit) {
		if (block == NULL)
			*bf->cause = scan_error(bf->s, f[0].column, "\"%s\" "
			    "given twice for the %s", name, bf->head);
		else
			*bf->cause = scan_error(bf->s, f[0].column, "\"%s\" "
			    "given twice for %s \"%s\"", name, bf->block,
			    block);
		return (-1);
	}
	if (!k->text && k->kind != BLOCKFILE_DESCRIPTION &&
	    k->kind != BLOCKFILE_NOUN && blockfile_comment(bf, f, nf,
	    k->kind == BLOCKFILE_GLYPH || strcmp(k->name, "glyph") == 0 ?
	    2 : 1) != 0)
		return (-1);
	if (nf > bf->fields && !k->text && k->kind != BLOCKFILE_DESCRIPTION &&
	    k->kind != BLOCKFILE_NOUN) {
		*bf->cause = scan_error(bf->s, f[bf->fields - 1].column, "too "
		    "many words for \"%s\"", name);
		return (-1);
	}
	*bf->seen |= k->bit;
	if (nf > bf->fields)
		nf = bf->fields;
	if (k->kind != BLOCKFILE_OWN)
		return (blockfile_shared(bf, k, f, nf));
	return (bf->property(bf->reader, k, f, nf));
}

/*
 * What the loop does with an error of a line: stop (-1), or hand it to
 * the reader's error handler and read on (0).
 */
static int
blockfile_failed(const struct blockfile *bf)
{
	char	*message;

	if (bf->error == NULL)
		return (-1);
	message = *bf->cause;
	*bf->cause = NULL;
	return (bf->error(bf->reader, message));
}

/*
 * Ends the block before a "block" or "other" line, then reads the line.
 * An error ending the block is handed on first (the checker reads on);
 * *started tells whether a new block was started.  0, or -1.
 */
static int
blockfile_switch(const struct blockfile *bf, struct scan_field *f, int nf,
    int block, int *started)
{
	*started = 0;
	if (bf->end(bf->reader) != 0 && blockfile_failed(bf) != 0)
		return (-1);
	if (blockfile_comment(bf, f, nf, 1) != 0 || (block ?
	    bf->start(bf->reader, f, nf) : bf->outside(bf->reader, f,
	    nf)) != 0)
		return (blockfile_failed(bf) != 0 ? -1 : 0);
	*started = block;
	return (0);
}

/*
 * One line, by its first word; 0, or -1 with *cause set.  In the
 * checker's mode (an error handler), a block whose first line was
 * refused, and not started, is skipped to the next block: its keys
 * would each be told again as outside a block.
 */
static int
blockfile_line(const struct blockfile *bf, struct scan_field *f, int nf,
    int *skipping)
{
	int	started;

	if ((bf->other != NULL && scan_is(&f[0], bf->other)) ||
	    scan_is(&f[0], bf->block)) {
		if (blockfile_switch(bf, f, nf, scan_is(&f[0], bf->block),
		    &started) != 0)
			return (-1);
		/* A reader may start the block even so (and read on). */
		*skipping = scan_is(&f[0], bf->block) && !started &&
		    blockfile_block(bf) == NULL;
		return (0);
	}
	if (*skipping)
		return (0);
	if (blockfile_property(bf, f, nf) != 0 && blockfile_failed(bf) != 0)
		return (-1);
	return (0);
}

/* Reads every line: see blockfile.h. */
int
blockfile_read(const struct blockfile *bf)
{
	struct scan_field	f[BLOCKFILE_FIELDS];
	int			nf, lines = 0, skipping = 0;

	if (bf->fields > BLOCKFILE_FIELDS)
		xfatal("blockfile: %d fields asked for, at most %d", bf->fields,
		    BLOCKFILE_FIELDS);
	while (scan_content_line(bf->s, '#')) {
		lines++;
		nf = scan_fields(bf->s, f, bf->fields);
		if (blockfile_line(bf, f, nf, &skipping) != 0)
			return (-1);
	}
	if (lines == 0) {
		*bf->cause = xasprintf("%s: empty file: expected %s",
		    bf->s->name, bf->empty);
		return (-1);
	}
	if (bf->end(bf->reader) != 0 && blockfile_failed(bf) != 0)
		return (-1);
	return (0);
}

/* Keeps an error for the checker: see blockfile.h. */
int
blockfile_keep(struct dungeon_report *r, const char *name, char **cause)
{
	if (r == NULL)
		return (-1);
	dungeon_report_add_error(r, *cause);
	*cause = NULL;
	if (r->nerrors < REPORT_MAX_ERRORS)
		return (0);
	*cause = xasprintf("%s: stopping after %d errors: the rest of the "
	    "file is not read", name, REPORT_MAX_ERRORS);
	return (-1);
}

/* Reads "KEY N": see blockfile.h. */
int
blockfile_number(const struct blockfile_value *bv, struct scan_field *f,
    int nf, long min, long max, long *v)
{
	char	show[64];

	if (nf != 2) {
		*bv->cause = scan_error(bv->s, f[0].column, "expected \"%s N\"",
		    bv->key);
		return (-1);
	}
	if (scan_long(&f[1], min, max, v) != 0) {
		*bv->cause = scan_error(bv->s, f[1].column, "%s %s is not a "
		    "number from %ld to %ld", bv->key, scan_show(&f[1], show),
		    min, max);
		return (-1);
	}
	return (0);
}

/* Reads "KEY A-B": see blockfile.h. */
int
blockfile_range(const struct blockfile_value *bv, struct scan_field *f,
    int nf, long min, long max, long *lo, long *hi)
{
	char	show[64];

	if (nf != 2) {
		*bv->cause = scan_error(bv->s, f[0].column, "expected \"%s "
		    "A-B\"", bv->key);
		return (-1);
	}
	if (words_range(&f[1], min, max, lo, hi) != 0) {
		*bv->cause = scan_error(bv->s, f[1].column, "%s %s is not a "
		    "range A-B with %ld <= A <= B <= %ld", bv->key,
		    scan_show(&f[1], show), min, max);
		return (-1);
	}
	return (0);
}

/* Reads "KEY NAME [bright]": see blockfile.h. */
int
blockfile_colour(const struct blockfile_value *bv, struct scan_field *f,
    int nf, enum colour *colour, int *bright)
{
	char		word[16], show[64];

	if (nf < 2 || nf > 3 || (nf == 3 && !scan_is(&f[2], "bright"))) {
		*bv->cause = scan_error(bv->s, f[0].column, "expected \"%s "
		    "NAME [bright]\"", bv->key);
		return (-1);
	}
	if (words_copy(&f[1], word, sizeof word) != 0 ||
	    colour_parse(word, colour) != 0) {
		*bv->cause = scan_error(bv->s, f[1].column, "unknown colour "
		    "%s (expected default, black, red, green, yellow, blue, "
		    "magenta, cyan or white)", scan_show(&f[1], show));
		return (-1);
	}
	*bright = nf == 3;
	return (0);
}

/* Reads "KEY C": see blockfile.h. */
int
blockfile_glyph(const struct blockfile_value *bv, struct scan_field *f,
    int nf, char *glyph, size_t size)
{
	const char	*why;

	if (nf != 2) {
		*bv->cause = scan_error(bv->s, f[0].column, "expected \"%s C\" "
		    "with one character C (not a space)", bv->key);
		return (-1);
	}
	if (words_glyph(&f[1], glyph, size, &why) != 0) {
		*bv->cause = scan_error(bv->s, f[1].column, "bad glyph: %s",
		    why);
		return (-1);
	}
	return (0);
}
