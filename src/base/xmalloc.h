/*
 * xmalloc.h: allocation that cannot fail, and small helpers for messages.
 *
 * Running out of memory is a broken invariant, not bad input: these
 * functions never return NULL, so callers never carry half-built state.
 * They call the host's handler if it set one, else print a message
 * naming the program and abort.  Input sizes are validated before
 * anything is allocated, so no file can ask for an absurd amount.
 */
#ifndef ASTRAY_XMALLOC_H
#define ASTRAY_XMALLOC_H

#include <stddef.h>
#include <sys/types.h>

void	*xmalloc(size_t size);
void	*xaligned_alloc(size_t align, size_t size);
void	*xcalloc(size_t count, size_t size);
void	*xreallocarray(void *ptr, size_t count, size_t size);
char	*xstrdup(const char *s);
char	*xasprintf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

/*
 * Called when memory runs out; returns non-zero to have the allocation
 * tried again.  One per process, set before threads start.
 */
typedef int (*x_oom_fn)(size_t size, void *ctx);
void	 x_set_oom_handler(x_oom_fn, void *ctx);

/*
 * Told of an error before it is acted on, for a host's log (the path
 * library's path_set_error_handler): its kind and a message without the
 * program's name.  One per process, set before threads start.  Kinds:
 * an argument refused (the call returns its error value), a saved buffer
 * refused (the load returns its cause too), memory run out for good and
 * a broken invariant (both abort next).
 */
#define X_ERROR_MISUSE		0
#define X_ERROR_LOAD		1
#define X_ERROR_MEMORY		2
#define X_ERROR_INTERNAL	3
typedef void (*x_error_fn)(int kind, const char *message, void *ctx);
void	 x_set_error_handler(x_error_fn, void *ctx);

/*
 * Tells the host's error handler, if it set one, of an error of the kind
 * (X_ERROR_*), the message formatted without allocating; does nothing
 * else.
 */
void	 x_report(int kind, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* The name of the program that runs, for messages ("astray-lab"). */
const char *x_progname(void);

/*
 * Reads a whole file into a NUL-terminated buffer of at most max bytes.
 * Returns the buffer (length in *len) or NULL with *cause set to a message
 * naming the file; the caller frees either.
 */
/* Reports a broken invariant (a bug, never bad input) and aborts. */
void	 xfatal(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2), noreturn));

char	*x_read_file(const char *path, size_t max, size_t *len, char **cause);

/*
 * The message for a file over its size limit, the limit written as the
 * documentation writes it ("file is larger than 1 MiB"); the caller
 * frees it.
 */
char	*x_too_large(const char *path, size_t max);

/* What kind of file a stat mode is, for messages ("a FIFO", ...). */
const char *x_file_kind(mode_t mode);

#endif
