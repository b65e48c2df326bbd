/*
 * rules.h: the vocabulary shared by every search in the pathfinding library.
 *
 * Costs are integers in fixed point: an orthogonal step costs
 * PATH_COST_ORTHO and a diagonal step PATH_COST_DIAG.  985:1393 is a
 * Pell-number ratio within 4e-7 of sqrt(2), so octile costs are exact to
 * compare (two planners either agree or one of them is wrong) and close
 * enough to real lengths that Moving AI's optimal lengths check against
 * them.  A weighted cell multiplies the cost of entering it.
 *
 * Connectivity, metric and the diagonal rule belong to a search, not to a
 * grid: the same cost grid serves a 4-connected rat and an 8-connected orc.
 */
#ifndef ASTRAY_PATH_RULES_H
#define ASTRAY_PATH_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "api.h"

PATH_BEGIN_DECLS

typedef int64_t path_cost;

#define PATH_COST_ORTHO	985
#define PATH_COST_DIAG	1393
#define PATH_COST_NONE	INT64_MAX	/* unreachable */
/*
 * What a search returns when it cannot be asked at all: a grid of
 * another size than its workspace's, or rules or costs it cannot search
 * exactly (jps.h).  Never a cost: every cost is at least 0.
 */
#define PATH_COST_ERROR	INT64_C(-1)

enum path_movement {
	PATH_MOVE_4,		/* 4 neighbours, Manhattan */
	PATH_MOVE_8_OCTILE,	/* 8 neighbours, diagonal sqrt(2), octile */
	PATH_MOVE_8_CHEBYSHEV,	/* 8 neighbours, diagonal 1, Chebyshev */
	PATH_MOVE_8_EUCLID	/* 8 neighbours, diagonal sqrt(2), Euclidean */
};

enum path_diagonal {
	PATH_DIAG_NEVER,	/* no diagonal steps at all */
	PATH_DIAG_NO_CORNER_CUT,/* both orthogonal cells beside must be open */
	PATH_DIAG_ONE_SIDE,	/* one of them suffices */
	PATH_DIAG_ALWAYS	/* diagonal steps squeeze between walls */
};

enum path_heuristic {
	PATH_H_DEFAULT,		/* the movement's own heuristic */
	PATH_H_ZERO,		/* none: Dijkstra's algorithm */
	PATH_H_MANHATTAN,
	PATH_H_OCTILE,
	PATH_H_CHEBYSHEV,
	PATH_H_EUCLID
};

/* How a search moves: neighbours, step costs, diagonal rule, heuristic. */
struct path_rules {
	enum path_movement	movement;
	enum path_diagonal	diagonal;
	enum path_heuristic	heuristic;
};

/* A cell of a grid: x is the column, y the row, (0,0) top left. */
struct path_point {
	int	x;
	int	y;
};

/* Counters every search fills in. */
struct path_stats {
	uint64_t	expansions;	/* cells taken from the open list */
	uint64_t	pushes;		/* insertions and decrease-keys */
	uint64_t	touched;	/* distinct cells given a g value */
};

/* Rules for Moving AI and GPPC: octile, no corner cutting. */
PATH_API struct path_rules path_rules_movingai(void);

/*
 * Rules with defaults filled in: a 4-connected movement never steps
 * diagonally, and PATH_H_DEFAULT becomes the movement's heuristic.
 */
PATH_API struct path_rules path_rules_normalize(struct path_rules rules);

/* True when the heuristic never overestimates under these rules. */
PATH_API bool		 path_rules_admissible(struct path_rules rules);

/* Heuristic estimate from (x0,y0) to (x1,y1) in fixed point. */
PATH_API path_cost	 path_heuristic(struct path_rules rules, int x0, int y0, int x1,
		     int y1);

/* Cost of one step of (dx,dy), each -1, 0 or 1, into a cell of cost c. */
PATH_API path_cost	 path_step_cost(struct path_rules rules, int dx, int dy, int c);

/* Fixed-point cost as a length in orthogonal steps. */
PATH_API double		 path_cost_to_double(path_cost cost);

/* Names as users type them ("8-octile", "no-corner-cut", "euclid"). */
PATH_API const char	*path_movement_name(enum path_movement);
PATH_API const char	*path_diagonal_name(enum path_diagonal);
PATH_API const char	*path_heuristic_name(enum path_heuristic);
PATH_API int		 path_movement_parse(const char *, enum path_movement *);
PATH_API int		 path_diagonal_parse(const char *, enum path_diagonal *);
PATH_API int		 path_heuristic_parse(const char *, enum path_heuristic *);

/* Comma-separated lists of the accepted names, for error messages. */
extern PATH_API const char path_movement_names[];
extern PATH_API const char path_diagonal_names[];
extern PATH_API const char path_heuristic_names[];

PATH_END_DECLS

#endif
