/*
 * field-internal.h: a field's layout switch, for the library's own tests.
 * Library-internal.
 */
#ifndef ASTRAY_FIELD_INTERNAL_H
#define ASTRAY_FIELD_INTERNAL_H

#include <stdint.h>

#include "field.h"
#include "grid.h"

/*
 * Sets how many cells a computation expands before it moves to the
 * dense layout (field.c), from the next path_field_begin() on:
 * UINT64_MAX never, 0 back to the default (a sixteenth of the map).
 * Costs and parents must not depend on it: tests compare the layouts.
 */
void	 field_set_dense_after(struct path_field *, uint64_t expansions);

/*
 * Sets whether a dense computation may pack each cell's parent into its
 * cost where the grid's costs leave room (allow 1, the default), or must
 * keep parents in an array of their own (0), from the next
 * path_field_begin() on.  Costs and parents must not depend on it:
 * tests compare the layouts.
 */
void	 field_set_packing(struct path_field *, int allow);

/*
 * Takes the dense arrays a computation on grid needs (field.c), written
 * through once, and has the next computation start dense on them
 * (path_context_reserve()).  After that the usual rule holds: a
 * computation that stays small frees them.
 */
void	 field_reserve_dense(struct path_field *, const struct path_grid *);

/* Whether the computation under way is on the dense layout. */
int	 field_is_dense(const struct path_field *);

#endif
