/*
 * field-internal.h: a field's layout switch, for the library's own tests.
 * Library-internal.
 */
#ifndef ASTRAY_FIELD_INTERNAL_H
#define ASTRAY_FIELD_INTERNAL_H

#include <stdint.h>

#include "field.h"

/*
 * Sets how many cells a computation expands before it moves to the
 * dense layout (field.c), from the next path_field_begin() on:
 * UINT64_MAX never, 0 back to the default (a sixteenth of the map).
 * Costs and parents must not depend on it: tests compare the layouts.
 */
void	 field_set_dense_after(struct path_field *, uint64_t expansions);

/*
 * Takes the dense arrays now, written through once, and has the next
 * computation start dense on them (path_context_reserve()).  After that
 * the usual rule holds: a computation that stays small frees them.
 */
void	 field_reserve_dense(struct path_field *);

/* Whether the computation under way is on the dense layout. */
int	 field_is_dense(const struct path_field *);

#endif
