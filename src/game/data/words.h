/*
 * words.h: the small words the game's data files are made of.
 *
 * terrain.txt, monsters.txt and the dungeon files share their vocabulary:
 * names, one-character glyphs (UTF-8), free text and number ranges.  Each
 * check here takes a field from the scanner (bytes, not a C string) and
 * either copies a clean value out or says in a few words what is wrong,
 * for the caller to place at its file:line:column.
 */
#ifndef ASTRAY_WORDS_H
#define ASTRAY_WORDS_H

#include <stddef.h>

#include "scan.h"

/*
 * Length of the UTF-8 character that starts at p (at most n bytes): 1 to
 * 4, or 0 when the bytes are not valid UTF-8 (overlong forms and
 * surrogates included).
 */
int	 words_utf8_len(const char *p, size_t n);

/*
 * Copies a glyph: exactly one printable character, not a space, into out
 * (size at least 5).  Returns 0, or -1 with *why set.
 */
int	 words_glyph(const struct scan_field *, char *out, size_t size,
	     const char **why);

/*
 * Copies a name: 1 to size-1 letters, digits, '-' or '_'.  Returns 0, or
 * -1 with *why set.
 */
int	 words_name(const struct scan_field *, char *out, size_t size,
	     const char **why);

/*
 * Copies free text (blanks around it trimmed) of at most size-1 bytes
 * with no control characters.  Returns 0, or -1 with *why set.
 */
int	 words_text(const char *p, size_t n, char *out, size_t size,
	     const char **why);

/*
 * Reads the NAME of a line "KIND NAME" that starts a block (terrain,
 * monster), nf fields in f.  Returns 0, or -1 with *cause set to the
 * message at the field's file:line:column.
 */
int	 words_block_name(struct scan *, const struct scan_field *f, int nf,
	     const char *kind, char *name, size_t size, char **cause);

/*
 * The name a player reads for a data name: '-' and '_' become spaces
 * ("giant-bat" is "giant bat"), into out of size bytes.
 */
void	 words_display(const char *name, char *out, size_t size);

/* The indefinite article of a display name: "an" before a vowel, "a". */
const char *words_article(const char *display);

/*
 * How a thing's name counts, which the data may say ("noun mass shallow
 * water"): the article a sentence gives it and the verb that agrees.
 * WORDS_COUNT, a record's zero, takes "a" or "an" by its first letter.
 */
enum words_noun {
	WORDS_COUNT,		/* "a kobold", "an eel" */
	WORDS_A,		/* "a" whatever the letter: "a unicorn" */
	WORDS_AN,		/* "an" whatever the letter: "an hour" */
	WORDS_MASS,		/* no article: "shallow water", "lava" */
	WORDS_PLURAL,		/* no article, plural verbs: "caltrops" */
	WORDS_UNIQUE		/* always "the": "the Amulet of Astray" */
};
#define WORDS_NOUNS	6

/* How a phrase of words_noun() starts. */
#define WORDS_THE	0x1	/* "the cave-in", not "a cave-in" */
#define WORDS_CAPITAL	0x2	/* "A cave-in", "Shallow water" */

/*
 * A display name with the article its noun takes, into out (which it
 * returns): "a cave-in", "an open door", "shallow water", "caltrops";
 * with WORDS_THE, "the caltrops".
 */
char	*words_noun(char *out, size_t size, const char *display,
	     enum words_noun noun, int how);

/* Whether the noun takes plural verbs ("the caltrops are"). */
int	 words_plural(enum words_noun noun);

/* The verb that agrees: words_verb(noun, "is", "are"). */
const char *words_verb(enum words_noun noun, const char *one,
	     const char *many);

/* "s" after a count of things but 1: "%d step%s". */
const char *words_s(long n);

/*
 * The way from one cell to another in words, "north-east" ("here" for
 * the same cell), and the steps between them (a diagonal step counts
 * one): a cell more than twice as far one way as the other lies
 * straight that way.
 */
const char *words_way(int dx, int dy, int *steps);

/* Copies a field into a C string if it fits; returns 0, or -1. */
int	 words_copy(const struct scan_field *, char *out, size_t size);

/*
 * Parses "A-B" (or "N", meaning N-N) with min <= A <= B <= max.  Returns
 * 0, or -1.
 */
int	 words_range(const struct scan_field *, long min, long max, long *lo,
	     long *hi);

/*
 * Splits a field at the first sep into two fields (columns kept); returns
 * 0, or -1 when sep is missing.
 */
int	 words_split(const struct scan_field *, char sep,
	     struct scan_field *left, struct scan_field *right);

#endif
