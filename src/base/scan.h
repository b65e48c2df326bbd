/*
 * scan.h: reading line-oriented text files, for every parser in astray.
 *
 * A scanner walks a buffer line by line (LF, CRLF or a lone CR), counting
 * lines, and splits lines into fields separated by spaces or tabs,
 * remembering each field's column.  Buffers may hold any bytes, NULs included: nothing
 * here relies on C strings.  Errors come out as "file:line:column: what",
 * the form every message about bad input in astray takes.
 */
#ifndef ASTRAY_SCAN_H
#define ASTRAY_SCAN_H

#include <stdarg.h>
#include <stddef.h>

struct scan {
	const char	*name;
	const char	*buf;
	size_t		 len;
	size_t		 next;	/* offset of the next line */
	int		 line;	/* number of the current line, from 1 */
	const char	*p;	/* the current line, without its end */
	size_t		 n;
};

struct scan_field {
	const char	*p;
	size_t		 n;
	int		 column;	/* from 1 */
};

void	 scan_init(struct scan *, const char *name, const char *buf,
	     size_t len);

/* Moves to the next line; returns 0 at the end of the buffer. */
int	 scan_line(struct scan *);

/*
 * Like scan_line, but skips blank lines and lines whose first non-blank
 * byte is the comment character; '\0' means there is none.
 */
int	 scan_content_line(struct scan *, char comment);

/* Bytes after the current line. */
size_t	 scan_remaining(const struct scan *);

/*
 * Splits the current line into fields, filling at most max of them, and
 * returns how many there are in all.
 */
int	 scan_fields(const struct scan *, struct scan_field *out, int max);

/* True when a field is exactly the given word. */
int	 scan_is(const struct scan_field *, const char *word);

/* Parses a decimal integer in [min, max]; returns 0, or -1. */
int	 scan_long(const struct scan_field *, long min, long max, long *out);

/* Parses a finite decimal number; returns 0, or -1. */
int	 scan_double(const struct scan_field *, double *out);

/*
 * A printable rendering of a field for messages, in quotes and cut to
 * fit buf: printable ASCII as it is, other characters as <U+00A0>, bytes
 * that are not UTF-8 as \xNN.
 */
const char *scan_show(const struct scan_field *, char buf[64]);

/* A printable rendering of one byte: 'x', or \xNN. */
const char *scan_show_byte(unsigned char c, char buf[8]);

/*
 * A printable rendering of the character at p (n bytes left), without
 * quotes: "x" for printable ASCII, "U+00A0" for any other UTF-8
 * character (so a no-break space cannot pass for a space), "\xNN" for a
 * byte that starts none.  Returns the bytes it took (0 when n is 0).
 */
size_t	 scan_show_char(const char *p, size_t n, char buf[16]);

/*
 * Formats "name:line:column: message" (no column when column is 0) into a
 * new string.
 */
char	*scan_error(const struct scan *, int column, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* The same, for another line of a file (a block's, a legend's). */
char	*scan_error_at(const char *name, int line, int column,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
char	*scan_verror_at(const char *name, int line, int column,
	    const char *fmt, va_list) __attribute__((format(printf, 4, 0)));

#endif
