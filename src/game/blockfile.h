/*
 * blockfile.h: the shape terrain.txt and monsters.txt share.
 *
 * Both files are blocks that start with a line "KIND NAME" and hold
 * "key value..." lines, '#' starting a comment; terrain.txt also has
 * lines outside blocks ("class NAME").  blockfile_read() runs the loop
 * both readers need: it finds each line's key in the reader's table,
 * refuses an unknown key, a key outside a block, a key given twice in a
 * block and a line with too many words (file:line:column, naming what
 * was expected), ends a block when the next one starts, and calls the
 * reader for what only the reader knows: starting and ending blocks, and
 * each property's value.  Two things are optional: a head (keys given
 * before the first block, such as a campaign's title) and an error
 * handler, which takes each error over so that the loop skips the line
 * and reads on (the checker's way: every error, not just the first).
 */
#ifndef ASTRAY_BLOCKFILE_H
#define ASTRAY_BLOCKFILE_H

#include <stddef.h>

#include "scan.h"
#include "terrain.h"

#define BLOCKFILE_FIELDS	16	/* words per line, at most */

/*
 * What the loop needs of a key.  A reader's key table holds entries that
 * begin with this, followed by what its own handlers need.
 */
struct blockfile_key {
	const char	*name;
	unsigned	 bit;		/* marks it given in a block */
	int		 text;		/* free text: any number of words */
};

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

	/* Each returns 0, or -1 with *cause set. */
	int		(*start)(void *, struct scan_field *, int nf);
	int		(*outside)(void *, struct scan_field *, int nf);
	int		(*end)(void *);
	int		(*property)(void *, const void *key,
			    struct scan_field *, int nf);
	/* The name of the block being read, or NULL outside blocks. */
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

/* "KEY NAME [bright]", a colour the terrain table knows (terrain.h). */
int	 blockfile_colour(const struct blockfile_value *, struct scan_field *,
	     int nf, enum colour *colour, int *bright);

#endif
