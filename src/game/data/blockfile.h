/*
 * blockfile.h: the shape terrain.txt, monsters.txt and items.txt share.
 *
 * Each file is blocks that start with a line "KIND NAME" and hold
 * "key value..." lines, '#' starting a comment; terrain.txt also has
 * lines outside blocks ("class NAME").  blockfile_read() runs the loop
 * the readers need: it finds each line's key in the reader's table,
 * refuses an unknown key, a key outside a block, a key given twice in a
 * block and a line with too many words (file:line:column, naming what
 * was expected), ends a block when the next one starts, and calls the
 * reader for what only the reader knows: starting and ending blocks, and
 * the values of its own keys.  The values every reader has (a glyph, a
 * colour, a number, a range, a description) are a kind of key instead:
 * the table entry says where in the block's record the value goes, and
 * the loop reads it and puts it there, with the same messages for every
 * file.  Two things are optional: a head (keys given before the first
 * block, such as a campaign's title) and an error handler, which takes
 * each error over so that the loop skips the line and reads on (the
 * checker's way: every error, not just the first).
 */
#ifndef ASTRAY_BLOCKFILE_H
#define ASTRAY_BLOCKFILE_H

#include <stddef.h>

#include "scan.h"
#include "colour.h"

#define BLOCKFILE_FIELDS	16	/* words per line, at most */

/*
 * The kinds of key: the reader's own, or a value the loop reads into the
 * current block's record (see the top of the file), into the fields the
 * entry names (BLOCKFILE_FIELD, BLOCKFILE_ALSO).
 */
enum blockfile_kind {
	BLOCKFILE_OWN,		/* the reader's property handler reads it */
	BLOCKFILE_GLYPH,	/* "KEY C": a char[size] */
	BLOCKFILE_COLOUR,	/* "KEY NAME [bright]": an enum colour, and
				   the int at also set to 1 when bright */
	BLOCKFILE_NUMBER,	/* "KEY N", min <= N <= max: an int */
	BLOCKFILE_RANGE,	/* "KEY A-B", min <= A <= B <= max: the int
				   A, and B at also */
	BLOCKFILE_DESCRIPTION,	/* "KEY TEXT...", the rest of the line: a
				   char[size] */
	BLOCKFILE_NOUN		/* "KEY HOW WORDS...", how a name counts
				   (a, an, mass, plural, the) and the words a
				   player reads: the words into a
				   char[size], HOW into the enum
				   words_noun at also */
};

/*
 * What the loop needs of a key.  A reader's key table holds entries that
 * begin with this, followed by what its own handlers need.
 */
struct blockfile_key {
	const char		*name;
	const char		*alias;		/* another spelling of it
						   ("color"), or NULL */
	unsigned		 bit;		/* marks it given in a block */
	int			 text;		/* free text: any number of
						   words (a description's) */
	enum blockfile_kind	 kind;
	long			 min;		/* a number's or a range's */
	long			 max;
	size_t			 offset;	/* the field in the record */
	size_t			 size;		/* its bytes */
	size_t			 also;		/* a range's upper end, a
						   colour's brightness */
	size_t			 also_size;
};

/* A key's field, and its second one, in a record of type. */
#define BLOCKFILE_FIELD(type, member) \
	.offset = offsetof(type, member), .size = sizeof ((type *)0)->member
#define BLOCKFILE_ALSO(type, member) \
	.also = offsetof(type, member), \
	.also_size = sizeof ((type *)0)->member

/* A block file being read: its reader's table and handlers. */
struct blockfile {
	struct scan	*s;
	void		*reader;	/* handed to every handler */
	const char	*block;		/* a block's first word: "monster" */
	const char	*head;		/* what keys before the first block
					   belong to ("campaign"), or NULL:
					   there they are refused */
	const char	*other;		/* a line outside blocks, or NULL */
	const char	*expected;	/* the first words, for a wrong one */
	const char	*empty;		/* what an empty file should hold */
	int		 fields;	/* words a line may have, at most */
	const void	*keys;		/* each starts with a blockfile_key */
	size_t		 nkeys;
	size_t		 key_size;	/* bytes from one entry to the next */
	unsigned	*seen;		/* the current block's keys so far */
	char		**cause;

	/*
	 * Each returns 0, or -1 with *cause set; property reads the value
	 * of a key of the reader's own (BLOCKFILE_OWN).
	 */
	int		(*start)(void *, struct scan_field *, int nf);
	int		(*outside)(void *, struct scan_field *, int nf);
	int		(*end)(void *);
	int		(*property)(void *, const void *key,
			    struct scan_field *, int nf);
	/*
	 * The block being read, or NULL outside blocks, for the keys of a
	 * shared kind and for messages: either record, the struct the
	 * block fills in, with the offset of its name, or only current,
	 * its name (a reader whose keys are all its own).
	 */
	void		*(*record)(void *);
	size_t		 name;
	const char	*(*current)(void *);
	/*
	 * Optional: takes an error message over (the line is skipped) and
	 * returns 0 to read on, or -1 to stop with *cause set.  Without it
	 * the first error stops the loop.
	 */
	int		(*error)(void *, char *message);
};

/*
 * Reads every line (see the top of the file), then ends the last block.
 * Returns 0, or -1 with *cause set.
 */
int	 blockfile_read(const struct blockfile *);

/*
 * The checker's way with an error in *cause (a table reader's error
 * handler, and its checks once the file is read): with a report, adds
 * the message to it and returns 0 to read on, until the report holds
 * REPORT_MAX_ERRORS, when *cause says the reader stops there and -1 is
 * returned; without one, returns -1 with *cause as it is.
 */
struct dungeon_report;
int	 blockfile_keep(struct dungeon_report *, const char *name,
	     char **cause);

/*
 * Comments in block files: '#' starts one only as a line's first word.
 * A word starting with '#' after a line's words is refused ("comments
 * must be on their own line"), but for the glyph after a glyph key and
 * the words of a text key (a description, a noun, a title), where '#' is
 * what it says.
 */

/*
 * The name of key k as the line's first word f spells it (its name or
 * its alias), for messages: they say what the file says.
 */
const char *blockfile_spelling(const struct blockfile_key *k,
	     const struct scan_field *f);

/*
 * Values the readers' keys share.  Each reads the words of a line "KEY
 * VALUE..." (f[0] the key) and returns 0, or -1 with *cause set at the
 * word at fault (file:line:column of s), saying what was expected.
 */
struct blockfile_value {
	struct scan	*s;
	const char	*key;
	char		**cause;
};

/* "KEY N", min <= N <= max. */
int	 blockfile_number(const struct blockfile_value *, struct scan_field *,
	     int nf, long min, long max, long *v);

/* "KEY A-B", min <= A <= B <= max. */
int	 blockfile_range(const struct blockfile_value *, struct scan_field *,
	     int nf, long min, long max, long *lo, long *hi);

/* "KEY NAME [bright]", a colour name (colour.h). */
int	 blockfile_colour(const struct blockfile_value *, struct scan_field *,
	     int nf, enum colour *colour, int *bright);

/* "KEY C", one printable character (not a space) into glyph[size]. */
int	 blockfile_glyph(const struct blockfile_value *, struct scan_field *,
	     int nf, char *glyph, size_t size);

#endif
