/*
 * path.c: movement rules, step costs and heuristics.
 *
 * Everything a search needs to know about moving lives here, so that A*,
 * the distance fields and the incremental planners cannot disagree on what
 * a step costs.  The Euclidean heuristic is scaled by 1393/(985*sqrt 2),
 * a hair under one, so that it stays admissible and consistent against the
 * fixed-point diagonal cost, which is itself a hair under sqrt 2 (see
 * grid_heuristic in grid-internal.h).
 */
#include <stdlib.h>
#include <string.h>

#include "grid-internal.h"
#include "rules.h"

const char path_movement_names[] = "4, 8-octile, 8-chebyshev, 8-euclid";
const char path_diagonal_names[] = "never, no-corner-cut, one-side, always";
const char path_heuristic_names[] =
    "default, zero, manhattan, octile, chebyshev, euclid";

static const char *const movement_names[] = {
	"4", "8-octile", "8-chebyshev", "8-euclid"
};
static const char *const diagonal_names[] = {
	"never", "no-corner-cut", "one-side", "always"
};
static const char *const heuristic_names[] = {
	"default", "zero", "manhattan", "octile", "chebyshev", "euclid"
};

#define NITEMS(a) (sizeof (a) / sizeof (a)[0])

/* Looks a name up in a table; returns its index or -1. */
static int
rules_lookup(const char *const *table, size_t n, const char *name)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(table[i], name) == 0)
			return ((int)i);
	}
	return (-1);
}

/* Rules of the Moving AI and GPPC benchmarks. */
struct path_rules
path_rules_movingai(void)
{
	struct path_rules r = {
		.movement = PATH_MOVE_8_OCTILE,
		.diagonal = PATH_DIAG_NO_CORNER_CUT,
		.heuristic = PATH_H_OCTILE
	};

	return (r);
}

/* Fills in defaults: see rules.h. */
struct path_rules
path_rules_normalize(struct path_rules r)
{
	if (r.movement == PATH_MOVE_4)
		r.diagonal = PATH_DIAG_NEVER;
	if (r.heuristic == PATH_H_DEFAULT) {
		switch (r.movement) {
		case PATH_MOVE_4:
			r.heuristic = PATH_H_MANHATTAN;
			break;
		case PATH_MOVE_8_OCTILE:
			r.heuristic = PATH_H_OCTILE;
			break;
		case PATH_MOVE_8_CHEBYSHEV:
			r.heuristic = PATH_H_CHEBYSHEV;
			break;
		case PATH_MOVE_8_EUCLID:
			r.heuristic = PATH_H_EUCLID;
			break;
		}
	}
	return (r);
}

/*
 * Admissible means never above the cheapest step count: Manhattan only
 * when no diagonal step is possible, octile unless diagonals cost one
 * orthogonal step.
 */
bool
path_rules_admissible(struct path_rules r)
{
	bool	diagonals;

	r = path_rules_normalize(r);
	diagonals = r.movement != PATH_MOVE_4 &&
	    r.diagonal != PATH_DIAG_NEVER;
	switch (r.heuristic) {
	case PATH_H_MANHATTAN:
		return (!diagonals);
	case PATH_H_OCTILE:
	case PATH_H_EUCLID:
		return (!diagonals || r.movement != PATH_MOVE_8_CHEBYSHEV);
	default:
		return (true);
	}
}

/* Heuristic from (x0,y0) to (x1,y1): see rules.h. */
path_cost
path_heuristic(struct path_rules r, int x0, int y0, int x1, int y1)
{
	return (grid_heuristic(path_rules_normalize(r).heuristic, x0, y0, x1,
	    y1));
}

/* Cost of one step: see rules.h. */
path_cost
path_step_cost(struct path_rules r, int dx, int dy, int c)
{
	if (dx != 0 && dy != 0 && r.movement != PATH_MOVE_8_CHEBYSHEV)
		return ((path_cost)PATH_COST_DIAG * c);
	return ((path_cost)PATH_COST_ORTHO * c);
}

double
path_cost_to_double(path_cost cost)
{
	return ((double)cost / PATH_COST_ORTHO);
}

const char *
path_movement_name(enum path_movement m)
{
	return ((size_t)m < NITEMS(movement_names) ? movement_names[m] : "?");
}

const char *
path_diagonal_name(enum path_diagonal d)
{
	return ((size_t)d < NITEMS(diagonal_names) ? diagonal_names[d] : "?");
}

const char *
path_heuristic_name(enum path_heuristic h)
{
	return ((size_t)h < NITEMS(heuristic_names) ?
	    heuristic_names[h] : "?");
}

/* Parses a movement name; returns 0, or -1 if unknown. */
int
path_movement_parse(const char *name, enum path_movement *out)
{
	int	i = rules_lookup(movement_names, NITEMS(movement_names), name);

	if (i < 0 && strcmp(name, "8") == 0)
		i = PATH_MOVE_8_OCTILE;
	if (i < 0)
		return (-1);
	*out = (enum path_movement)i;
	return (0);
}

/* Parses a diagonal rule; returns 0, or -1 if unknown. */
int
path_diagonal_parse(const char *name, enum path_diagonal *out)
{
	int	i = rules_lookup(diagonal_names, NITEMS(diagonal_names), name);

	if (i < 0)
		return (-1);
	*out = (enum path_diagonal)i;
	return (0);
}

/* Parses a heuristic name; returns 0, or -1 if unknown. */
int
path_heuristic_parse(const char *name, enum path_heuristic *out)
{
	int	i = rules_lookup(heuristic_names, NITEMS(heuristic_names), name);

	if (i < 0)
		return (-1);
	*out = (enum path_heuristic)i;
	return (0);
}
