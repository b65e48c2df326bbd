/*
 * wrap.c: text cut into lines at word boundaries.
 *
 * One pass over the text, a line at a time: walk the characters counting
 * columns (UTF-8 continuation bytes take none, so a glyph such as the
 * path overlay's bullet is one column, as the terminal draws it) and
 * remember where the last word that fits ends.  When a character would
 * pass the width, the line ends there: at that word's end if there is
 * one, else in the middle of a word too long for any line, so every line
 * holds at least one character and the loop always moves on.  Nothing is
 * copied or allocated; a line is an offset and a length into the text.
 */
#include "wrap.h"

/* Whether a byte starts a character (is not a UTF-8 continuation). */
static int
wrap_starts_char(unsigned char c)
{
	return ((c & 0xc0) != 0x80);
}

/* Stores a line if there is room for it; returns the count plus one. */
static int
wrap_emit(struct wrap_line *lines, int max, int n, size_t start, size_t end)
{
	if (n < max) {
		lines[n].start = start;
		lines[n].len = end - start;
	}
	return (n + 1);
}

/* Cuts text into lines: see wrap.h. */
int
wrap_text(const char *text, int width, struct wrap_line *lines, int max)
{
	const unsigned char	*s = (const unsigned char *)text;
	size_t			 pos = 0, start, i, word_end, end;
	int			 n = 0, cols;

	if (width < 1)
		width = 1;
	while (s[pos] != '\0') {
		start = pos;
		word_end = 0;		/* none yet: 0 is never after start */
		cols = 0;
		for (i = pos; s[i] != '\0' && s[i] != '\n'; i++) {
			if (s[i] == ' ' && i > start && s[i - 1] != ' ')
				word_end = i;
			if (!wrap_starts_char(s[i]) || ++cols <= width)
				continue;
			/* s[i] does not fit: the line ends before it. */
			if (s[i] == ' ')
				word_end = i;
			break;
		}
		if (s[i] == '\0' || s[i] == '\n') {
			/* The rest fits; trailing spaces belong to no line. */
			for (end = i; end > start && s[end - 1] == ' '; end--)
				continue;
			n = wrap_emit(lines, max, n, start, end);
			pos = s[i] == '\n' ? i + 1 : i;
			continue;
		}
		end = word_end > start ? word_end : i;
		while (end > start && s[end - 1] == ' ')
			end--;
		/* Only spaces before the break (a wide indent): no line. */
		if (end > start)
			n = wrap_emit(lines, max, n, start, end);
		for (pos = end; s[pos] == ' '; pos++)
			continue;
		/* The spaces ran to a newline: it ends this line, not one more. */
		if (s[pos] == '\n')
			pos++;
	}
	return (n);
}
