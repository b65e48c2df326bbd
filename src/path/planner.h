/*
 * planner.h: one interface for every way a monster can plan.
 *
 * A planner chases a target across a cost grid on behalf of one hunter.
 * The caller tells it where the hunter and the target are, then asks it to
 * plan; the planner first catches up with the grid's change log since the
 * version it last saw (replanning from scratch if the log overflowed),
 * then searches, within an optional budget of expansions, and offers the
 * next step, the whole path and its cost.
 *
 *   astar    A* from scratch every call (the baseline: DCSS, Cataclysm)
 *   cached   A* once, then the cached path, replanned only when a change
 *            touches it, a cheaper route may have opened near it, or the
 *            target leaves its end; not always optimal
 *   dstar    D* Lite (Koenig & Likhachev 2002), rooted at the target:
 *            reuses its search when the hunter moves or tiles change,
 *            restarts when the target moves
 *   mtdstar  Moving Target D* Lite (Sun, Yeoh & Koenig 2010), rooted at
 *            the hunter: reuses its search tree when the hunter moves, the
 *            target moves, and tiles change
 *   field    one Dijkstra field from the target, shared by every planner
 *            of a context (Brogue's Dijkstra maps), rebuilt when the
 *            target moves or tiles change
 *   crowd    the same shared search from the target, but stopped as soon
 *            as the asking hunter's cost is final and resumed when a
 *            farther hunter asks: one Dijkstra per target and turn,
 *            however many hunters, on a bucket queue
 *   adaptive A* whose heuristic learns from earlier searches (Adaptive,
 *            Generalized and Multipath Adaptive A*), the learned values
 *            shared by every adaptive planner of the context, per target
 *
 * Every planner but cached returns exactly the cost a from-scratch search
 * returns.  Planners of one grid and one set of movement rules share a
 * context, which holds what they share: the A* workspace, the fields (the
 * searches from a target that field and crowd planners use) and the
 * adaptive planners' learned tables.  A planner's own memory grows with
 * the cells its searches touch, never with the map.
 *
 * When crowd wins: many hunters of one context chasing few cells (a pack
 * after the player, a horde converging on a noise).  Its work per turn is
 * one search out to the farthest hunter that asks, shared by all of them,
 * so each extra hunter costs little more than walking its path, where
 * astar pays a whole search per hunter.  A lone hunter is better served
 * by astar or mtdstar: crowd's search is blind (no heuristic) and grows
 * as a disc around the target.  field pays for the whole map every time
 * the target moves or a tile changes, even when every hunter is near.
 *
 * When adaptive wins: many hunters chasing the same few targets on a
 * large map, the target moving a step at a time.  The first search after
 * the target moves runs on estimates corrected from the last turn's; the
 * others stop as soon as they meet a path already found this turn, so a
 * pack of a hundred pays about one search and a hundred walks along their
 * own paths (instructions per monster-turn against astar's: chase-std
 * 0.17x, chase-big 0.07x; README has the table).
 * It gains little for a lone hunter whose target jumps far every turn,
 * and a door that opens makes it repair or drop what it learned.  Its
 * memory is per context (a few tables of 8 bytes a cell), not per hunter;
 * a call with a budget is handed to a plain astar search and learns
 * nothing.
 *
 * Not thread-safe: planners of one context take turns.
 */
#ifndef ASTRAY_PLANNER_H
#define ASTRAY_PLANNER_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "astar.h"
#include "grid.h"
#include "rules.h"

PATH_BEGIN_DECLS

enum path_planner_kind {
	PATH_PLANNER_ASTAR,
	PATH_PLANNER_CACHED,
	PATH_PLANNER_DSTAR,
	PATH_PLANNER_MTDSTAR,
	PATH_PLANNER_FIELD,
	PATH_PLANNER_CROWD,
	PATH_PLANNER_ADAPTIVE
};
#define PATH_PLANNER_KINDS	7

enum path_plan_status {
	PATH_PLAN_FOUND,	/* a complete path (or hunter on the target) */
	PATH_PLAN_PARTIAL,	/* the budget ran out; a partial path */
	PATH_PLAN_NONE		/* no path exists */
};

/* What one call to path_planner_plan did. */
struct path_plan_stats {
	uint64_t	expansions;
	uint64_t	touched;	/* cells given a value in this call */
	int		replanned;	/* had to search (expanded cells) */
	int		cache_hit;	/* answered from what it had, no search */
	int		from_scratch;	/* the change log had overflowed */
	int		restarted;	/* began a new search, keeping none */
};

struct path_context;
struct path_planner;

/*
 * Creates a context for planners on one grid under one set of rules.  The
 * grid must outlive the context; its cells may change between calls.
 */
PATH_API struct path_context *path_context_new(const struct path_grid *,
		     struct path_rules);
PATH_API void	 path_context_free(struct path_context *);

/*
 * Installs (or, with NULL, removes) a trace that sees every cell any
 * planner of the context opens or expands, whatever its algorithm: for
 * overlays that show a search.  Only the event and the cell are
 * meaningful (g and h are 0 where an algorithm keeps no such values).
 */
PATH_API void	 path_context_set_trace(struct path_context *, path_trace_fn,
	     void *ctx);

/*
 * Lets the field and crowd planners of ctx use the searches of with
 * (NULL: stop) whenever the two grids hold the same costs, as the cost
 * grids of several movement classes do on a level without water or
 * doors: one search from the target then serves every class, instead of
 * one each.  Where the grids differ, ctx uses its own, as before; the
 * grids are compared again only when one of them changed.  with must be
 * on a grid of the same size, under the same rules, share with no other
 * context itself, and outlive ctx.  Answers are the same either way; a
 * context's crowd planners save and restore the searches they use, so
 * the contexts must be shared the same way before a restore.  Returns 0,
 * or -1, changing nothing, if with breaks these rules (or is ctx).
 */
PATH_API int	 path_context_share(struct path_context *ctx,
	     struct path_context *with);

/*
 * Takes now the memory that the field and crowd planners of ctx (or of
 * the context whose searches it shares at the moment, see above) will
 * take on their first searches over most of the map: the dense arrays of
 * every target slot, four bytes a cell each (five where costs leave no
 * room for the parents, field.c), written once so that the system has
 * supplied them.  A game calls it when it sets a level up, so
 * that the first turns of a big level do not pay for fresh memory
 * (taken 4 KiB at a time, each a page fault, it cost each of the first
 * four turns of 200 hunters on a 512x512 map nearly a millisecond).
 * Answers do not change.  Memory that the searches then do not need is
 * given back as usual: a slot whose first search stays small frees its
 * arrays.  Calling it again does nothing more.  On a grid of more than
 * about 1.6 million cells (a dense field of over 8 MiB) it takes
 * nothing: there a field's searches rarely cover enough of the map to
 * need the arrays, and four of them would be a lot to hold up front.
 * Nor on a grid whose costs could pass 32 bits (cells times the dearest
 * step), where fields keep 64-bit costs in pages and never go dense.
 */
PATH_API void	 path_context_reserve(struct path_context *ctx);

/*
 * Bytes the context holds for its planners (A* workspace, fields, the
 * adaptive planners' learned tables, and the pool of cell pages beyond
 * those its planners hold and count).
 */
PATH_API size_t	 path_context_memory(const struct path_context *);

/*
 * Saves what a context keeps across turns that changes later plans (the
 * adaptive planners' learned tables) into a new buffer of *len bytes,
 * which the caller frees with free().  path_context_load_buffer() reads
 * it into a fresh context on the restored grid (same size and rules)
 * before its planners are loaded, and refuses anything inconsistent,
 * returning -1 with *cause set (the caller frees it) and the context as
 * new.  A restored context and its restored planners make exactly the
 * choices the saved ones would have made.
 */
PATH_API void	*path_context_save_buffer(const struct path_context *,
	     size_t *len);
PATH_API int	 path_context_load_buffer(struct path_context *,
	     const void *buf, size_t len, char **cause);

/*
 * The estimate of the cost from (x,y) to (gx,gy) that the context's
 * adaptive planners would start from now: their learned value, or the
 * heuristic where they learned nothing.  Returns 0 with *h set, or -1 if
 * the context holds no learned table aimed at (gx,gy) and up to date with
 * the grid, or (x,y) is outside.  Changes nothing; for overlays and
 * tests.
 */
PATH_API int	 path_context_estimate(const struct path_context *, int gx, int gy,
	     int x, int y, path_cost *h);

/*
 * Creates a planner; it must be freed before its context.  NULL if kind
 * is not one of enum path_planner_kind, or if the context's grid takes
 * its costs from a callback (path_grid_new_callback) and kind is not
 * PATH_PLANNER_ASTAR: every other planner keeps what it found from one
 * call to the next and learns what changed from the grid's change log,
 * which a callback cannot write, so it could not stay exact.  The astar
 * planner on such a grid searches in full on every call (a budget is
 * ignored).
 */
PATH_API struct path_planner *path_planner_new(enum path_planner_kind,
		     struct path_context *);
PATH_API void	 path_planner_free(struct path_planner *);

/* Positions for the next plan.  Outside the grid counts as blocked. */
PATH_API void	 path_planner_set_hunter(struct path_planner *, int x, int y);
PATH_API void	 path_planner_set_target(struct path_planner *, int x, int y);

/*
 * Catches up with the grid and plans, expanding at most budget cells (0
 * means no limit); a planner stopped by its budget resumes where it was
 * on the next call.  stats may be NULL.  A hunter or target on a blocked
 * cell gives PATH_PLAN_NONE.
 */
PATH_API enum path_plan_status path_planner_plan(struct path_planner *,
		     unsigned long budget, struct path_plan_stats *stats);

/*
 * The cell to step to next, on the path or the best partial path.
 * Returns 0, or -1 when there is none (no path, or the hunter is on the
 * target).
 */
PATH_API int	 path_planner_next(const struct path_planner *, int *x, int *y);

/*
 * Copies the current path, hunter first, into out (at most max points);
 * returns its length in points, which may exceed max.  After a PARTIAL
 * plan this is the best partial path.  Field and crowd planners keep only
 * the first step and read the rest from their context's shared search
 * when asked: once another planner's call has begun that search again
 * (its target moved or the grid changed), their path is the hunter and
 * the first step until they plan again.  Their next step and cost are
 * never affected.
 */
PATH_API size_t	 path_planner_path(const struct path_planner *,
	     struct path_point *out, size_t max);

/* Cost of the complete path, or PATH_COST_NONE. */
PATH_API path_cost path_planner_cost(const struct path_planner *);

/* Bytes this planner holds of its own (its context's not included). */
PATH_API size_t	 path_planner_memory(const struct path_planner *);

/*
 * Saves a planner's whole state (positions, path, search) into a new
 * buffer of *len bytes, which the caller frees with free().
 * path_planner_load_buffer() reads one into a planner of the same kind
 * made in a context on the restored grid (after the context's own
 * buffer), and refuses anything inconsistent, returning -1 with *cause
 * set (the caller frees it).  A restored planner makes exactly the
 * choices the saved one would have made.
 */
PATH_API void	*path_planner_save_buffer(const struct path_planner *,
	     size_t *len);
PATH_API int	 path_planner_load_buffer(struct path_planner *,
	     const void *buf, size_t len, char **cause);

PATH_API enum path_planner_kind path_planner_kind(const struct path_planner *);
PATH_API const char *path_planner_name(enum path_planner_kind);
PATH_API int	 path_planner_parse(const char *, enum path_planner_kind *);
extern PATH_API const char path_planner_names[];

PATH_END_DECLS

#endif
