/*
 * xmalloc.c: allocation that never returns NULL, and whole-file reading.
 *
 * Out of memory is fatal with a message (as in tmux): a half-allocated
 * search or map is worse than a clean stop.  Bad input never reaches here
 * with an absurd size, because every parser checks sizes first.  A host
 * program embedding the path library may install a handler first
 * (path_set_oom_handler in memory.h): it may free memory and ask for a
 * retry, or leave on its own terms (save, then exit).  That handler is
 * the one piece of process-wide state in the base layer, set once before
 * threads start.  Messages name the program that runs (astray,
 * astray-lab, or whatever program links the library).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* program_invocation_short_name, where there is one */
#endif

#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "xmalloc.h"

/* The message for a file over its limit: see xmalloc.h. */
char *
x_too_large(const char *path, size_t max)
{
	if (max >= (1UL << 20) && max % (1UL << 20) == 0)
		return (xasprintf("%s: file is larger than %zu MiB, the limit "
		    "for it", path, max >> 20));
	if (max >= 1024 && max % 1024 == 0)
		return (xasprintf("%s: file is larger than %zu KiB, the limit "
		    "for it", path, max >> 10));
	return (xasprintf("%s: file is larger than %zu bytes, the limit for "
	    "it", path, max));
}

/* The host's out-of-memory handler, if it set one (see above). */
static struct {
	x_oom_fn	 fn;
	void		*ctx;
} x_oom;

/* Installs the out-of-memory handler: see xmalloc.h. */
void
x_set_oom_handler(x_oom_fn fn, void *ctx)
{
	x_oom.fn = fn;
	x_oom.ctx = ctx;
}

/* The name of the program that runs, for messages. */
const char *
x_progname(void)
{
#if defined(HAVE_DECL_PROGRAM_INVOCATION_SHORT_NAME) && \
    HAVE_DECL_PROGRAM_INVOCATION_SHORT_NAME
	if (program_invocation_short_name != NULL &&
	    *program_invocation_short_name != '\0')
		return (program_invocation_short_name);
#elif defined(HAVE_GETPROGNAME)
	if (getprogname() != NULL)
		return (getprogname());
#endif
	return ("astray");
}

/* The host's error handler, if it set one (see xmalloc.h). */
static struct {
	x_error_fn	 fn;
	void		*ctx;
} x_err;

/* Installs the error handler: see xmalloc.h. */
void
x_set_error_handler(x_error_fn fn, void *ctx)
{
	x_err.fn = fn;
	x_err.ctx = ctx;
}

/* Tells the error handler, formatted on the stack. */
static void
x_vreport(int kind, const char *fmt, va_list ap)
{
	char	msg[512];

	if (x_err.fn == NULL)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	x_err.fn(kind, msg, x_err.ctx);
}

/* Tells the error handler of an error: see xmalloc.h. */
void
x_report(int kind, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	x_vreport(kind, fmt, ap);
	va_end(ap);
}

/*
 * Called when an allocation of size bytes failed: returns if the host's
 * handler asks for another try, else tells the error handler, prints a
 * message and aborts.
 */
static void
x_out_of_memory(const char *what, size_t size)
{
	if (x_oom.fn != NULL && x_oom.fn(size, x_oom.ctx))
		return;
	x_report(X_ERROR_MEMORY, "out of memory (%s of %zu bytes)", what, size);
	fprintf(stderr, "%s: out of memory (%s of %zu bytes)\n", x_progname(),
	    what, size);
	abort();
}

/* Allocates size bytes (at least one); never returns NULL. */
void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	while ((p = malloc(size)) == NULL)
		x_out_of_memory("malloc", size);
	return (p);
}

/*
 * Allocates size bytes aligned to align (a power of two that divides
 * size), as aligned_alloc does; never returns NULL.
 */
void *
xaligned_alloc(size_t align, size_t size)
{
	void	*p;

	while ((p = aligned_alloc(align, size)) == NULL)
		x_out_of_memory("aligned_alloc", size);
	return (p);
}

/* Allocates count zeroed objects of size bytes; never returns NULL. */
void *
xcalloc(size_t count, size_t size)
{
	void	*p;

	if (count == 0 || size == 0)
		count = size = 1;
	while ((p = calloc(count, size)) == NULL)
		x_out_of_memory("calloc", count * size);
	return (p);
}

/* Resizes ptr to count objects of size bytes, checking the product. */
void *
xreallocarray(void *ptr, size_t count, size_t size)
{
	void	*p;

	if (size != 0 && count > SIZE_MAX / size)
		xfatal("reallocarray of %zu objects of %zu bytes overflows",
		    count, size);
	if (count * size == 0)
		count = size = 1;
	while ((p = realloc(ptr, count * size)) == NULL)
		x_out_of_memory("realloc", count * size);
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
		xfatal("cannot format \"%s\"", fmt);
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

	va_start(ap, fmt);
	x_vreport(X_ERROR_INTERNAL, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: internal error: ", x_progname());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* What kind of file a mode is, for messages: see xmalloc.h. */
const char *
x_file_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return ("a regular file");
	if (S_ISDIR(mode))
		return ("a directory");
	if (S_ISFIFO(mode))
		return ("a FIFO");
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return ("a device");
	if (S_ISSOCK(mode))
		return ("a socket");
	return ("not a regular file");
}

/*
 * Reads a whole file of at most max bytes; see xmalloc.h.  The file is
 * opened without blocking and checked to be a regular file of at most
 * max bytes before anything is read: a FIFO with no writer, a device
 * that never ends or a folder is refused at once.
 */
char *
x_read_file(const char *path, size_t max, size_t *len, char **cause)
{
	struct stat	 st;
	FILE		*f;
	char		*buf;
	size_t		 size = 0, cap, n;
	int		 fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		*cause = xasprintf("%s: cannot open: %s", path,
		    strerror(errno));
		return (NULL);
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*cause = xasprintf("%s: %s, not a file that can be read",
		    path, x_file_kind(st.st_mode));
		close(fd);
		return (NULL);
	}
	if ((unsigned long long)st.st_size > max) {
		*cause = x_too_large(path, max);
		close(fd);
		return (NULL);
	}
	if ((f = fdopen(fd, "rb")) == NULL) {
		*cause = xasprintf("%s: cannot open: %s", path,
		    strerror(errno));
		close(fd);
		return (NULL);
	}
	cap = (size_t)st.st_size < 65536 ? 65536 : (size_t)st.st_size + 1;
	if (cap > max)
		cap = max;
	buf = xmalloc(cap + 1);
	for (;;) {
		if (size == cap) {
			/* It grew since fstat(): the limit still holds. */
			if (cap >= max) {
				if (fgetc(f) == EOF && !ferror(f))
					break;
				*cause = x_too_large(path, max);
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
