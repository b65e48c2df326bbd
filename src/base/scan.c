/*
 * scan.c: line and field scanning for the text formats.
 *
 * Numbers are parsed from (pointer, length) fields without strtol's
 * locale, whitespace skipping or need for a terminating NUL, and with
 * explicit bounds, so that "height 99999999999999999999" is a clean
 * "out of range" rather than an overflow.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "xmalloc.h"

void
scan_init(struct scan *s, const char *name, const char *buf, size_t len)
{
	s->name = name;
	s->buf = buf;
	s->len = len;
	s->next = 0;
	s->line = 0;
	s->p = buf;
	s->n = 0;
	/* A UTF-8 byte-order mark (some editors write one) is not text. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		s->next = 3;
}

/*
 * Moves to the next line: see scan.h.  A line ends at LF, CR LF, or a CR
 * alone (old Mac files), so a file of CR-ended lines reads line by line
 * rather than as one line.
 */
int
scan_line(struct scan *s)
{
	size_t	n, rest;

	if (s->next >= s->len)
		return (0);
	s->p = s->buf + s->next;
	rest = s->len - s->next;
	for (n = 0; n < rest && s->p[n] != '\n' && s->p[n] != '\r'; n++)
		continue;
	s->next += n;
	if (n < rest && s->p[n] == '\r')
		s->next++;
	if (s->next < s->len && s->buf[s->next] == '\n')
		s->next++;
	s->n = n;
	s->line++;
	return (1);
}

/* Moves to the next line that has content: see scan.h. */
int
scan_content_line(struct scan *s, char comment)
{
	size_t	i;

	while (scan_line(s)) {
		for (i = 0; i < s->n && (s->p[i] == ' ' || s->p[i] == '\t');
		    i++)
			;
		if (i < s->n && (comment == '\0' || s->p[i] != comment))
			return (1);
	}
	return (0);
}

size_t
scan_remaining(const struct scan *s)
{
	return (s->len - s->next);
}

/* Splits the current line into fields: see scan.h. */
int
scan_fields(const struct scan *s, struct scan_field *out, int max)
{
	size_t	i = 0, start;
	int	count = 0;

	for (;;) {
		while (i < s->n && (s->p[i] == ' ' || s->p[i] == '\t'))
			i++;
		if (i >= s->n)
			break;
		start = i;
		while (i < s->n && s->p[i] != ' ' && s->p[i] != '\t')
			i++;
		if (count < max) {
			out[count].p = s->p + start;
			out[count].n = i - start;
			out[count].column = (int)start + 1;
		}
		count++;
	}
	return (count);
}

int
scan_is(const struct scan_field *f, const char *word)
{
	size_t	n = strlen(word);

	return (f->n == n && memcmp(f->p, word, n) == 0);
}

/* Parses a bounded decimal integer: see scan.h. */
int
scan_long(const struct scan_field *f, long min, long max, long *out)
{
	size_t	i = 0;
	int	neg = 0;
	long	v = 0;

	if (f->n > 0 && (f->p[0] == '-' || f->p[0] == '+')) {
		neg = f->p[0] == '-';
		i = 1;
	}
	if (i >= f->n || f->n - i > 18)		/* 18 digits fit a long */
		return (-1);
	for (; i < f->n; i++) {
		if (!isdigit((unsigned char)f->p[i]))
			return (-1);
		v = v * 10 + (f->p[i] - '0');
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return (-1);
	*out = v;
	return (0);
}

/* Parses a finite number: see scan.h. */
int
scan_double(const struct scan_field *f, double *out)
{
	char	 buf[64], *end;
	size_t	 i;
	double	 v;

	if (f->n == 0 || f->n >= sizeof buf)
		return (-1);
	for (i = 0; i < f->n; i++) {
		if (!isdigit((unsigned char)f->p[i]) && f->p[i] != '.' &&
		    f->p[i] != '-' && f->p[i] != '+' && f->p[i] != 'e' &&
		    f->p[i] != 'E')
			return (-1);
	}
	memcpy(buf, f->p, f->n);
	buf[f->n] = '\0';
	v = strtod(buf, &end);
	if (*end != '\0' || !isfinite(v))
		return (-1);
	*out = v;
	return (0);
}

/* Renders a byte printably for a message. */
const char *
scan_show_byte(unsigned char c, char buf[8])
{
	if (c >= 0x20 && c < 0x7f)
		snprintf(buf, 8, "'%c'", c);
	else
		snprintf(buf, 8, "\\x%02x", c);
	return (buf);
}

/*
 * The code point of the UTF-8 character at p (at most n bytes) into *cp;
 * its length, or 0 when the bytes are no valid UTF-8 (overlong forms,
 * surrogates and code points past U+10FFFF included).
 */
static size_t
scan_utf8(const char *p, size_t n, unsigned long *cp)
{
	const unsigned char	*u = (const unsigned char *)p;
	size_t			 len, i;
	unsigned long		 v, min;

	if (n == 0)
		return (0);
	if (u[0] < 0x80) {
		*cp = u[0];
		return (1);
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		v = u[0] & 0x1f;
		min = 0x80;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		v = u[0] & 0x0f;
		min = 0x800;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		v = u[0] & 0x07;
		min = 0x10000;
	} else
		return (0);
	if (len > n)
		return (0);
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return (0);
		v = v << 6 | (u[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return (0);
	*cp = v;
	return (len);
}

/* Renders one character for a message: see scan.h. */
size_t
scan_show_char(const char *p, size_t n, char buf[16])
{
	unsigned long	cp;
	size_t		len;

	if (n == 0) {
		buf[0] = '\0';
		return (0);
	}
	len = scan_utf8(p, n, &cp);
	if (len == 1 && cp >= 0x20 && cp < 0x7f)
		snprintf(buf, 16, "%c", (int)cp);
	else if (len > 1)
		snprintf(buf, 16, "U+%04lX", cp);
	else {
		snprintf(buf, 16, "\\x%02x", (unsigned char)p[0]);
		len = 1;
	}
	return (len);
}

/*
 * Renders a field printably for a message, cut to fit 64 bytes: printable
 * ASCII as it is, any other character as <U+XXXX> (a no-break space is
 * no blank), and bytes that are no UTF-8 as \xNN.
 */
const char *
scan_show(const struct scan_field *f, char buf[64])
{
	char	one[16];
	size_t	i = 0, o = 0, k, w;

	buf[o++] = '"';
	while (i < f->n) {
		k = scan_show_char(f->p + i, f->n - i, one);
		w = strlen(one);
		if (w > 1 && one[0] == 'U') {
			if (o + w + 2 > 56)
				break;
			buf[o++] = '<';
			memcpy(buf + o, one, w);
			o += w;
			buf[o++] = '>';
		} else {
			if (o + w > 56)
				break;
			memcpy(buf + o, one, w);
			o += w;
		}
		i += k;
	}
	if (i < f->n) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return (buf);
}

/* Formats a located error message: see scan.h. */
char *
scan_error(const struct scan *s, int column, const char *fmt, ...)
{
	va_list	 ap;
	char	*out;

	va_start(ap, fmt);
	out = scan_verror_at(s->name, s->line, column, fmt, ap);
	va_end(ap);
	return (out);
}

/* A message at another place: see scan.h. */
char *
scan_error_at(const char *name, int line, int column, const char *fmt, ...)
{
	va_list	 ap;
	char	*out;

	va_start(ap, fmt);
	out = scan_verror_at(name, line, column, fmt, ap);
	va_end(ap);
	return (out);
}

/* Formats "name:line:column: message" (no column when it is 0). */
char *
scan_verror_at(const char *name, int line, int column, const char *fmt,
    va_list ap)
{
	va_list	 aq;
	char	*msg, *out;
	int	 n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	msg = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	if (column > 0)
		out = xasprintf("%s:%d:%d: %s", name, line, column, msg);
	else
		out = xasprintf("%s:%d: %s", name, line, msg);
	free(msg);
	return (out);
}
