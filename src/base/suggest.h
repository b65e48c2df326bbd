/*
 * suggest.h: "did you mean ...?" for a name not found in a list.
 *
 * Every reader that looks a name up (a terrain, a monster, an item, a
 * planner, a key of a file, a key of the key map) hands the names it
 * knows to a suggester one by one and asks it for the closest: the names
 * within a few edits (insert, delete, change or swap two letters next to
 * each other) of the word written, nearest first.  How far is "a few"
 * grows with the word: one edit for a word of up to four letters, then
 * one more for every four, so "wieght" finds weight and "rotat" rotate,
 * while "x" finds nothing.  Names compare case-sensitively, as every
 * table does, but a difference of case alone costs one edit.
 */
#ifndef ASTRAY_SUGGEST_H
#define ASTRAY_SUGGEST_H

#include <stddef.h>

#define SUGGEST_MAX	3	/* names suggested, at most */
#define SUGGEST_WORD	64	/* bytes of the word looked at, at most */
#define SUGGEST_NAME	32	/* bytes of a name kept, with its NUL */

struct suggest {
	char	word[SUGGEST_WORD];
	size_t	len;
	int	limit;				/* edits allowed */
	int	n;
	char	name[SUGGEST_MAX][SUGGEST_NAME];
	int	cost[SUGGEST_MAX];
};

/* Starts looking for names close to the word (len bytes, not a C string). */
void	 suggest_init(struct suggest *, const char *word, size_t len);

/* Offers a known name; kept when among the closest so far. */
void	 suggest_add(struct suggest *, const char *name);

/*
 * The suggestion as words to put after a message: " (did you mean
 * weight?)", " (did you mean orc or ogre?)", or "" when no name is close.
 * Written into buf of size bytes, which is returned.
 */
const char *suggest_text(const struct suggest *, char *buf, size_t size);

/*
 * The number of edits between two words (a, n bytes; b, m bytes), or
 * more than limit when it is more (the search stops early).
 */
int	 suggest_distance(const char *a, size_t n, const char *b, size_t m,
	     int limit);

#endif
