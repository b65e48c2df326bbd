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

/* Moves to the next line: see scan.h. */
int
scan_line(struct scan *s)
{
	const char	*end;
	size_t		 n;

	if (s->next >= s->len)
		return (0);
	s->p = s->buf + s->next;
	end = memchr(s->p, '\n', s->len - s->next);
	n = end != NULL ? (size_t)(end - s->p) : s->len - s->next;
	s->next += n + (end != NULL);
	if (n > 0 && s->p[n - 1] == '\r')
		n--;
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

/* Renders a field printably for a message, cut at 32 bytes. */
const char *
scan_show(const struct scan_field *f, char buf[64])
{
	size_t	i, o = 0;

	buf[o++] = '"';
	for (i = 0; i < f->n && i < 32; i++) {
		if (f->p[i] >= 0x20 && f->p[i] < 0x7f)
			buf[o++] = f->p[i];
		else
			buf[o++] = '?';
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
