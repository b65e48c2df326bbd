/*
 * textbook.h: A* the way tutorials write it, every convention a choice.
 *
 * Tutorials agree on A* and disagree on everything around it: which of
 * two cells of equal f leaves the open list first, the order neighbours
 * are tried (on some cells backwards), whether the search stops when the
 * goal is put on the open list or when it is taken off, integer step
 * costs such as 10 and 14, a heuristic truncated to an integer, whether
 * the start is listed as closed, whether a cell found again more cheaply
 * is moved up the open list or pushed again beside its old entry, tiles
 * that cost 200 or 99999.  This search lets each of these
 * be chosen, so that a published walkthrough comes out step for step,
 * and reports every decision it makes (each cell taken, each neighbour
 * added, improved or rejected and why) through one callback.
 *
 * It is separate from the library's fast A* (astar.c) on purpose: that
 * one is tuned for the game and breaks ties for speed; this one is tuned
 * for being read.  Its open list is a binary heap ordered by
 * path_textbook_before(), a total order (the last tie goes to insertion
 * order), so the order cells leave it is always knowable and a narrator
 * sorting its own copy of the list with the same function prints exactly
 * the order they will be taken in.  Teaching never slows the game down.
 */
#ifndef ASTRAY_TEXTBOOK_H
#define ASTRAY_TEXTBOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "path.h"

#define PATH_TEXTBOOK_MAX_STEP	100000		/* largest step cost */
#define PATH_TEXTBOOK_MAX_TILE	100000		/* largest tile cost */
#define PATH_TEXTBOOK_MAX_SCALE	100000		/* largest heuristic scale */

/* The eight directions, named as compass points (north is y - 1). */
enum path_textbook_dir {
	PATH_TB_N, PATH_TB_NE, PATH_TB_E, PATH_TB_SE,
	PATH_TB_S, PATH_TB_SW, PATH_TB_W, PATH_TB_NW
};

/*
 * Which of two open entries of equal f leaves the open list first.  XY
 * and YX are the order of a binary heap of (f, (x, y)) or (f, (row,
 * column)) tuples, as Python's heapq and C++'s priority_queue of pairs
 * keep them in most tutorial code.
 */
enum path_textbook_tie {
	PATH_TB_TIE_LARGER_G,	/* the larger g, then the earlier inserted */
	PATH_TB_TIE_FIFO,	/* the earlier inserted */
	PATH_TB_TIE_LIFO,	/* the later inserted */
	PATH_TB_TIE_SMALLER_H,	/* the smaller h, then the earlier inserted */
	PATH_TB_TIE_XY,		/* the smaller x, then y, then the earlier */
	PATH_TB_TIE_YX		/* the smaller y, then x, then the earlier */
};

/*
 * On which cells the neighbour order is tried backwards: Red Blob
 * Games' trick for straighter 4-way paths reverses it where x + y is
 * even.
 */
enum path_textbook_parity {
	PATH_TB_PARITY_NONE,
	PATH_TB_PARITY_EVEN,	/* cells whose x + y is even */
	PATH_TB_PARITY_ODD	/* cells whose x + y is odd */
};

/*
 * What a cheaper way to a cell already seen does.  UPDATE is the
 * textbook's: an open cell's entry moves up in place (its insertion
 * number kept) and a closed cell is rejected.  KEEP is code with no
 * closed list and no decrease-key: a new entry is pushed whenever a
 * cell's g falls, the old one stays behind (stale), a cell already
 * expanded goes back on the list, and every entry taken is expanded
 * with the cell's g at that time, stale or not.
 */
enum path_textbook_dups {
	PATH_TB_DUP_UPDATE,
	PATH_TB_DUP_KEEP
};

/* When the search stops at the goal. */
enum path_textbook_goal_test {
	PATH_TB_GOAL_EXPAND,	/* when the goal is taken off the open list */
	PATH_TB_GOAL_GENERATE	/* as soon as it is put on the open list */
};

/* Heuristics, in orthogonal steps before scaling. */
enum path_textbook_h {
	PATH_TB_H_ZERO,
	PATH_TB_H_MANHATTAN,
	PATH_TB_H_OCTILE,	/* with the diagonal as diag/orth steps */
	PATH_TB_H_CHEBYSHEV,
	PATH_TB_H_EUCLID,	/* floor(scale * sqrt(dx^2 + dy^2)) */
	PATH_TB_H_EUCLID_FLOOR	/* scale * (int)sqrt(dx^2 + dy^2) */
};

/*
 * The conventions.  A step's cost is orth or diag times the cost of the
 * tile it enters; h is the heuristic times scale.  Directions not in
 * order[] are never tried; diagonal ones obey the diagonal rule.
 */
struct path_textbook_rules {
	enum path_textbook_dir		order[8];
	int				norder;
	enum path_diagonal		diagonal;
	path_cost			orth;
	path_cost			diag;
	enum path_textbook_h		heuristic;
	path_cost			scale;
	enum path_textbook_tie		tie;
	enum path_textbook_goal_test	goal_test;
	bool				close_start;	/* list it as closed */
	bool				greedy;		/* f = h: greedy best-first */
	enum path_textbook_parity	parity;		/* order reversed on */
	enum path_textbook_dups		duplicates;
	/*
	 * Among equal f, the smaller g first, before the tie rule: the
	 * order of LPA*'s and D* Lite's keys [f; g] (textbook-dlite.h).
	 */
	bool				smaller_g_first;
};

/* A map of integer tile costs: 0 is blocked. */
struct path_textbook_map {
	int		 width;
	int		 height;
	const uint32_t	*cost;		/* width * height, row by row */
};

/* What the search reports. */
enum path_textbook_event_kind {
	PATH_TB_START,		/* the start goes on the open list */
	PATH_TB_TAKE,		/* a cell leaves the open list (a step) */
	PATH_TB_ADD,		/* a neighbour goes on the open list */
	PATH_TB_IMPROVE,	/* a neighbour seen before gets a smaller g */
	PATH_TB_REJECT,		/* a neighbour is left alone: see reason */
	PATH_TB_GOAL,		/* the goal test passed: the search stops */
	PATH_TB_EXHAUSTED	/* the open list is empty: no path */
};

/* Why a neighbour was left alone. */
enum path_textbook_reason {
	PATH_TB_WALL,		/* blocked */
	PATH_TB_CORNER,		/* a diagonal the corner rule forbids */
	PATH_TB_IS_START,	/* the start, which is never put back */
	PATH_TB_CLOSED,		/* already taken (never with KEEP) */
	PATH_TB_NOT_BETTER	/* on the open list with a g at most as large */
};

/*
 * One event.  For TAKE, ADD and IMPROVE, g and h are the cell's; for
 * IMPROVE old_g is the g it had; for a NOT_BETTER rejection g is what the
 * step would have given and old_g what the cell has.  (px,py) is the
 * cell being expanded (the parent), seq the insertion number of the
 * cell's entry on the open list (what FIFO and LIFO ties compare): with
 * UPDATE one per cell, kept when its g falls; with KEEP one per push.
 * For TAKE, seq and old_g are those of the entry taken: with KEEP the
 * entry is stale when its g, old_g, is above the cell's g, which is the
 * one the expansion uses.
 */
struct path_textbook_event {
	enum path_textbook_event_kind	kind;
	enum path_textbook_reason	reason;
	int				x, y;
	int				px, py;
	path_cost			g, h, old_g;
	uint64_t			seq;
	bool				stale;		/* TAKE: see above */
};

typedef void (*path_textbook_fn)(void *ctx,
		     const struct path_textbook_event *);

/*
 * An entry of the open list as the list orders it: f is g + h, or h if
 * greedy; (x, y) its cell.
 */
struct path_textbook_key {
	path_cost	f;
	path_cost	g;
	path_cost	h;
	uint64_t	seq;
	int		x, y;
};

/* What a search found. */
struct path_textbook_result {
	path_cost		 cost;		/* PATH_COST_NONE: no path */
	struct path_point	*path;		/* start first; caller frees */
	size_t			 npath;
	struct path_stats	 stats;
};

/* Rules a search starts from: the library's own conventions. */
struct path_textbook_rules path_textbook_rules_default(void);

/* True when a leaves the open list before b under the rules' order. */
bool		 path_textbook_before(const struct path_textbook_rules *,
		     const struct path_textbook_key *a,
		     const struct path_textbook_key *b);

/* The heuristic from (x0,y0) to (x1,y1) under the rules. */
path_cost	 path_textbook_heuristic(const struct path_textbook_rules *,
		     int x0, int y0, int x1, int y1);

/* The step (dx,dy) of a direction. */
void		 path_textbook_dir_step(enum path_textbook_dir, int *dx,
		     int *dy);

/* A direction's name ("N", "NE", ...); parses one, returning 0 or -1. */
const char	*path_textbook_dir_name(enum path_textbook_dir);
int		 path_textbook_dir_parse(const char *, size_t len,
		     enum path_textbook_dir *);

/*
 * Names of ties, parities, goal tests and heuristics as users type them
 * ("cell", the cell number row by row, is parsed as yx).
 */
const char	*path_textbook_tie_name(enum path_textbook_tie);
int		 path_textbook_tie_parse(const char *, enum path_textbook_tie *);
const char	*path_textbook_parity_name(enum path_textbook_parity);
int		 path_textbook_parity_parse(const char *,
		     enum path_textbook_parity *);
const char	*path_textbook_h_name(enum path_textbook_h);
int		 path_textbook_h_parse(const char *, size_t len,
		     enum path_textbook_h *);
const char	*path_textbook_reason_name(enum path_textbook_reason);

/*
 * Runs the search from (sx,sy) to (gx,gy), both inside the map, calling
 * fn(ctx, event) for every event when fn is not NULL.  Fills *result
 * (the path is allocated; free it with free()) and returns the cost,
 * or PATH_COST_NONE when the start or goal is blocked or unreachable.
 * The rules must have steps and tiles within the limits above.
 */
path_cost	 path_textbook_search(const struct path_textbook_map *,
		     const struct path_textbook_rules *, int sx, int sy,
		     int gx, int gy, path_textbook_fn fn, void *ctx,
		     struct path_textbook_result *result);

/*
 * Bidirectional Dijkstra (textbook-bidir.c), for comparisons: the same
 * map, steps and diagonal rule (the heuristic, ties and goal test do
 * not apply); reports each cell taken, from either end, as a TAKE event
 * with its distance from that end; returns the optimal cost.
 */
path_cost	 path_textbook_bidirectional(const struct path_textbook_map *,
		     const struct path_textbook_rules *, int sx, int sy,
		     int gx, int gy, path_textbook_fn fn, void *ctx,
		     struct path_textbook_result *result);

#endif
