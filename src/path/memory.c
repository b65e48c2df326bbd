/*
 * memory.c: the library's out-of-memory handler, handed to the base
 * layer's allocator, which every part of the library allocates through,
 * and its error handler, relayed from the base layer's (xmalloc.h).
 */
#include "memory.h"
#include "xmalloc.h"

/* Installs the out-of-memory handler: see memory.h. */
void
path_set_oom_handler(path_oom_fn fn, void *ctx)
{
	x_set_oom_handler(fn, ctx);
}

_Static_assert(PATH_ERROR_MISUSE == X_ERROR_MISUSE &&
    PATH_ERROR_LOAD == X_ERROR_LOAD && PATH_ERROR_MEMORY == X_ERROR_MEMORY &&
    PATH_ERROR_INTERNAL == X_ERROR_INTERNAL,
    "the error kinds are the base layer's");

/* The host's error handler, called through memory_error_relay. */
static struct {
	path_error_fn	 fn;
	void		*ctx;
} memory_error;

/* Hands the base layer's report to the host's handler, with its type. */
static void
memory_error_relay(int kind, const char *message, void *ctx)
{
	(void)ctx;
	memory_error.fn((enum path_error_kind)kind, message, memory_error.ctx);
}

/* Installs the error handler: see memory.h. */
void
path_set_error_handler(path_error_fn fn, void *ctx)
{
	memory_error.fn = fn;
	memory_error.ctx = ctx;
	x_set_error_handler(fn != NULL ? memory_error_relay : NULL, NULL);
}
