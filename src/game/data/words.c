/*
 * words.c: checking names, glyphs, text and ranges in the data files.
 *
 * The data files are untrusted and may hold any bytes, NULs included, so
 * every value is checked where it is read and copied into fixed buffers
 * only once it is known to fit.  Names are kept to a plain alphabet so
 * they can be typed, quoted in messages and used as keys without
 * escaping.  Glyphs may be any single printable UTF-8 character: the
 * decoder rejects overlong forms, surrogates and C1 controls rather than
 * letting invalid bytes reach the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "words.h"

/* Length of the UTF-8 character at p: see words.h. */
int
words_utf8_len(const char *p, size_t n)
{
	const unsigned char	*u = (const unsigned char *)p;
	unsigned char		 lo = 0x80, hi = 0xbf;
	int			 len, i;

	if (n == 0)
		return (0);
	if (u[0] < 0x80)
		return (1);
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		if (u[0] == 0xe0)
			lo = 0xa0;		/* overlong */
		else if (u[0] == 0xed)
			hi = 0x9f;		/* surrogates */
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		if (u[0] == 0xf0)
			lo = 0x90;		/* overlong */
		else if (u[0] == 0xf4)
			hi = 0x8f;		/* above U+10FFFF */
	} else
		return (0);
	if (n < (size_t)len)
		return (0);
	if (u[1] < lo || u[1] > hi)
		return (0);
	for (i = 2; i < len; i++) {
		if (u[i] < 0x80 || u[i] > 0xbf)
			return (0);
	}
	return (len);
}

/* Copies a glyph of one printable character: see words.h. */
int
words_glyph(const struct scan_field *f, char *out, size_t size,
    const char **why)
{
	const unsigned char	*u = (const unsigned char *)f->p;
	int			 len;

	if (f->n == 0) {
		*why = "a glyph cannot be empty";
		return (-1);
	}
	len = words_utf8_len(f->p, f->n);
	if (len == 0) {
		*why = "a glyph must be valid UTF-8";
		return (-1);
	}
	if ((size_t)len != f->n) {
		*why = "a glyph is exactly one character";
		return (-1);
	}
	if (len == 1 && (u[0] <= 0x20 || u[0] == 0x7f)) {
		*why = "a glyph must be a printable character, not a space or "
		    "a control character";
		return (-1);
	}
	if (len == 2 && u[0] == 0xc2 && u[1] < 0xa1) {
		*why = "a glyph must be a printable character, not a space or "
		    "a control character";
		return (-1);
	}
	if ((size_t)len >= size) {
		*why = "a glyph is at most 4 bytes";
		return (-1);
	}
	memcpy(out, f->p, (size_t)len);
	out[len] = '\0';
	return (0);
}

/* Copies a name of letters, digits, '-' and '_': see words.h. */
int
words_name(const struct scan_field *f, char *out, size_t size,
    const char **why)
{
	size_t	i;
	char	c;

	if (f->n == 0) {
		*why = "a name cannot be empty";
		return (-1);
	}
	if (f->n >= size) {
		*why = "the name is too long";
		return (-1);
	}
	for (i = 0; i < f->n; i++) {
		c = f->p[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_')) {
			*why = "a name is made of letters, digits, '-' and '_'";
			return (-1);
		}
	}
	memcpy(out, f->p, f->n);
	out[f->n] = '\0';
	return (0);
}

/* Copies trimmed text without control characters: see words.h. */
int
words_text(const char *p, size_t n, char *out, size_t size,
    const char **why)
{
	size_t	i;

	while (n > 0 && (p[0] == ' ' || p[0] == '\t')) {
		p++;
		n--;
	}
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= size) {
		*why = "the text is too long";
		return (-1);
	}
	for (i = 0; i < n; i++) {
		if ((unsigned char)p[i] < 0x20 && p[i] != '\t') {
			*why = "the text holds a control character";
			return (-1);
		}
		if ((unsigned char)p[i] == 0x7f) {
			*why = "the text holds a control character";
			return (-1);
		}
	}
	memcpy(out, p, n);
	out[n] = '\0';
	return (0);
}

/* Copies a field into a C string: see words.h. */
int
words_copy(const struct scan_field *f, char *out, size_t size)
{
	if (f->n >= size || memchr(f->p, '\0', f->n) != NULL)
		return (-1);
	memcpy(out, f->p, f->n);
	out[f->n] = '\0';
	return (0);
}

/* Splits a field in two at a separator: see words.h. */
int
words_split(const struct scan_field *f, char sep, struct scan_field *left,
    struct scan_field *right)
{
	const char	*at = memchr(f->p, sep, f->n);
	size_t		 k;

	if (at == NULL)
		return (-1);
	k = (size_t)(at - f->p);
	left->p = f->p;
	left->n = k;
	left->column = f->column;
	right->p = at + 1;
	right->n = f->n - k - 1;
	right->column = f->column + (int)k + 1;
	return (0);
}

/* Parses "A-B" or "N": see words.h. */
int
words_range(const struct scan_field *f, long min, long max, long *lo,
    long *hi)
{
	struct scan_field	a, b;

	if (words_split(f, '-', &a, &b) != 0) {
		if (scan_long(f, min, max, lo) != 0)
			return (-1);
		*hi = *lo;
		return (0);
	}
	if (scan_long(&a, min, max, lo) != 0 ||
	    scan_long(&b, min, max, hi) != 0 || *lo > *hi)
		return (-1);
	return (0);
}

/* Reads a block's name: see words.h. */
int
words_block_name(struct scan *s, const struct scan_field *f, int nf,
    const char *kind, char *name, size_t size, char **cause)
{
	const char	*why;

	if (nf != 2) {
		*cause = scan_error(s, f[0].column, "expected \"%s NAME\" (one "
		    "word: letters, digits, '-', '_')", kind);
		return (-1);
	}
	if (words_name(&f[1], name, size, &why) != 0) {
		*cause = scan_error(s, f[1].column, "bad %s name: %s", kind,
		    why);
		return (-1);
	}
	return (0);
}

/* The name a player reads: see words.h. */
void
words_display(const char *name, char *out, size_t size)
{
	size_t	i;

	if (size == 0)
		return;
	for (i = 0; name[i] != '\0' && i + 1 < size; i++)
		out[i] = name[i] == '-' || name[i] == '_' ? ' ' : name[i];
	out[i] = '\0';
}

/* The indefinite article: see words.h. */
const char *
words_article(const char *display)
{
	return (strchr("aeiouAEIOU", display[0]) != NULL &&
	    display[0] != '\0' ? "an" : "a");
}

/* A name with its article: see words.h. */
char *
words_noun(char *out, size_t size, const char *display, enum words_noun noun,
    int how)
{
	const char	*article = "";

	if (size == 0)
		return (out);
	if ((how & WORDS_THE) || noun == WORDS_UNIQUE)
		article = "the ";
	else if (noun == WORDS_A)
		article = "a ";
	else if (noun == WORDS_AN)
		article = "an ";
	else if (noun == WORDS_COUNT)
		article = words_article(display)[1] == 'n' ? "an " : "a ";
	snprintf(out, size, "%s%s", article, display);
	if ((how & WORDS_CAPITAL) && out[0] >= 'a' && out[0] <= 'z')
		out[0] = (char)(out[0] - 'a' + 'A');
	return (out);
}

/* Whether plural verbs: see words.h. */
int
words_plural(enum words_noun noun)
{
	return (noun == WORDS_PLURAL);
}

/* The verb that agrees: see words.h. */
const char *
words_verb(enum words_noun noun, const char *one, const char *many)
{
	return (words_plural(noun) ? many : one);
}

/* A plural's "s": see words.h. */
const char *
words_s(long n)
{
	return (n == 1 ? "" : "s");
}

/* The way in words: see words.h. */
const char *
words_way(int dx, int dy, int *steps)
{
	static const char *const	 names[3][3] = {
		{ "north-west", "north", "north-east" },
		{ "west", "here", "east" },
		{ "south-west", "south", "south-east" },
	};
	int				 ax = abs(dx), ay = abs(dy);

	*steps = ax > ay ? ax : ay;
	if (ax > 2 * ay)
		dy = 0;
	if (ay > 2 * ax)
		dx = 0;
	return (names[(dy > 0) - (dy < 0) + 1][(dx > 0) - (dx < 0) + 1]);
}
