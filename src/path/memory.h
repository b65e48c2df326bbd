/*
 * memory.h: what the library does when memory runs out, and how a host
 * hears of its errors.
 *
 * The library never returns half-built state: a search, grid or planner
 * that cannot get memory cannot go on.  Instead of aborting silently it
 * calls the host's handler, which may free memory (a cache, old levels)
 * and return non-zero to have the allocation tried again, or never return
 * (save the game and exit, or longjmp to a safe point of its own).  With
 * no handler, or when the handler returns 0, the library prints
 * "PROGRAM: out of memory (...)" on standard error and aborts.
 */
#ifndef ASTRAY_PATH_MEMORY_H
#define ASTRAY_PATH_MEMORY_H

#include <stddef.h>

#include "api.h"

PATH_BEGIN_DECLS

/*
 * Called with the size that could not be allocated and the context given
 * to path_set_oom_handler().  Returns non-zero to retry, 0 to give up.
 */
typedef int (*path_oom_fn)(size_t size, void *ctx);

/*
 * Installs (or, with NULL, removes) the out-of-memory handler.  It is one
 * per process: set it once, before any thread uses the library.
 */
PATH_API void path_set_oom_handler(path_oom_fn fn, void *ctx);

/*
 * What a host's error handler is told of.  The library prints nothing
 * for the first two: the call returns its documented error value
 * (NULL, -1, PATH_COST_ERROR) or the load its cause.
 */
enum path_error_kind {
	PATH_ERROR_MISUSE,	/* an argument refused (a size or range out
				   of bounds, a grid of another size, a
				   search that cannot be exact, a bad kind) */
	PATH_ERROR_LOAD,	/* a saved buffer refused: the message is
				   the cause the load returns */
	PATH_ERROR_MEMORY,	/* memory ran out and the out-of-memory
				   handler gave up: the library aborts next */
	PATH_ERROR_INTERNAL	/* a broken invariant of the library (a
				   bug): it prints "internal error" and
				   aborts next */
};

/*
 * Called with the kind, a message naming the function and what was
 * wrong (no program name, no newline; valid during the call only), and
 * the context given to path_set_error_handler().  It may log and
 * return; before an abort it may also leave on its own terms (save and
 * exit).  It must not call the library.
 */
typedef void (*path_error_fn)(enum path_error_kind kind, const char *message,
    void *ctx);

/*
 * Installs (or, with NULL, removes) the error handler, for a host that
 * logs the library's errors.  One per process, like the out-of-memory
 * handler: set it once, before any thread uses the library.
 */
PATH_API void path_set_error_handler(path_error_fn fn, void *ctx);

PATH_END_DECLS

#endif
