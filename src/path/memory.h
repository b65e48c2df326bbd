/*
 * memory.h: what the library does when memory runs out.
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

PATH_END_DECLS

#endif
