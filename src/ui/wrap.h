/*
 * wrap.h: text cut into lines at word boundaries.
 *
 * A pure function, knowing nothing of curses: the painter asks it where
 * each line of a paragraph starts and ends for the width it has, and the
 * play loop asks the same question to know how many lines a message
 * takes (for --More--), so the two can never disagree.
 */
#ifndef ASTRAY_WRAP_H
#define ASTRAY_WRAP_H

#include <stddef.h>

/* One line of a text wrapped: the bytes text[start] to text[start+len). */
struct wrap_line {
	size_t	start;
	size_t	len;
};

/*
 * Cuts text into lines of at most width columns (a UTF-8 character is
 * one column; a width below 1 counts as 1).  A line breaks after the
 * last word that fits, the spaces at the break belonging to no line; a
 * word longer than a whole line is cut at the width; a newline always
 * ends a line (a final one starts no new line).  Stores the first max
 * lines in lines (which may be NULL when max is 0) and returns how many
 * lines the whole text takes: 0 for "", and a blank line counts.
 */
int	 wrap_text(const char *text, int width, struct wrap_line *lines,
	    int max);

#endif
