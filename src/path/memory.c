/*
 * memory.c: the library's out-of-memory handler, handed to the base
 * layer's allocator, which every part of the library allocates through.
 */
#include "memory.h"
#include "xmalloc.h"

/* Installs the out-of-memory handler: see memory.h. */
void
path_set_oom_handler(path_oom_fn fn, void *ctx)
{
	x_set_oom_handler(fn, ctx);
}
