/*
 * xmalloc.c: allocation that aborts on failure, and whole-file reading.
 *
 * Out of memory is fatal with a message (as in tmux): a half-allocated
 * search or map is worse than a clean stop.  Bad input never reaches here
 * with an absurd size, because every parser checks sizes first.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"

static void
x_fatal(const char *what, size_t size)
{
	fprintf(stderr, "astray: out of memory (%s of %zu bytes)\n", what,
	    size);
	abort();
}

/* Allocates size bytes (at least one); never returns NULL. */
void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		x_fatal("malloc", size);
	return (p);
}

/* Allocates count zeroed objects of size bytes; never returns NULL. */
void *
xcalloc(size_t count, size_t size)
{
	void	*p;

	if (count == 0 || size == 0)
		count = size = 1;
	if ((p = calloc(count, size)) == NULL)
		x_fatal("calloc", count * size);
	return (p);
}

/* Resizes ptr to count objects of size bytes, checking the product. */
void *
xreallocarray(void *ptr, size_t count, size_t size)
{
	void	*p;

	if (size != 0 && count > SIZE_MAX / size)
		x_fatal("reallocarray overflow", SIZE_MAX);
	if (count * size == 0)
		count = size = 1;
	if ((p = realloc(ptr, count * size)) == NULL)
		x_fatal("realloc", count * size);
	return (p);
}

/* Copies a string; never returns NULL. */
char *
xstrdup(const char *s)
{
	size_t	 len = strlen(s) + 1;

	return (memcpy(xmalloc(len), s, len));
}

/* Formats into a new string; never returns NULL. */
char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap, ap2;
	int	 n;
	char	*s;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		x_fatal("format", 0);
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return (s);
}

/* Reports a broken invariant and aborts: see xmalloc.h. */
void
xfatal(const char *fmt, ...)
{
	va_list	ap;

	fputs("astray: internal error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* Reads a whole file of at most max bytes; see xmalloc.h. */
char *
x_read_file(const char *path, size_t max, size_t *len, char **cause)
{
	FILE	*f;
	char	*buf;
	size_t	 size = 0, cap = 65536, n;

	if ((f = fopen(path, "rb")) == NULL) {
		*cause = xasprintf("%s: cannot open: %s", path,
		    strerror(errno));
		return (NULL);
	}
	buf = xmalloc(cap + 1);
	for (;;) {
		if (size == cap) {
			if (cap >= max) {
				*cause = xasprintf("%s: file is larger than "
				    "%zu bytes", path, max);
				goto fail;
			}
			cap = cap * 2 > max ? max : cap * 2;
			buf = xreallocarray(buf, cap + 1, 1);
		}
		n = fread(buf + size, 1, cap - size, f);
		size += n;
		if (n == 0) {
			if (ferror(f)) {
				*cause = xasprintf("%s: read error: %s", path,
				    strerror(errno));
				goto fail;
			}
			break;
		}
	}
	fclose(f);
	buf[size] = '\0';
	*len = size;
	return (buf);

fail:
	fclose(f);
	free(buf);
	return (NULL);
}
