/*
 * textbook-dlite.h: LPA*, D* Lite and Moving Target D* Lite, for reading.
 *
 * The incremental searches the game's planners use (dlite.c) are built
 * for speed: pages of records, narrow values, renormalised keys.  These
 * are the algorithms as the papers print them, on the textbook search's
 * maps and rules (textbook.h), reporting what they do through one
 * callback so a walkthrough can narrate it: each cell that becomes
 * inconsistent (g != rhs), each cell taken from the open list with its
 * key and whether it was over- or underconsistent, each cell Moving
 * Target D* Lite deletes from its search tree, every other change of
 * an rhs, and the end of each step (the taken cell's neighbours
 * updated), when a picture may read every g, rhs, parent and the open
 * list in order (path_tbdl_open).  Slow on purpose: every rhs is
 * recomputed from all of a cell's neighbours, every change
 * updates the changed cell and its eight neighbours.
 *
 * The three differ in which end they search from and what they can
 * follow:
 *
 * - LPA* (Koenig, Likhachev & Furcy 2004) searches from the hunter to
 *   the target.  Tile changes are repaired; a target that moves keeps
 *   every g (distances from the hunter do not depend on it) and re-keys
 *   the open list; a hunter that moves means starting over.
 * - D* Lite (Koenig & Likhachev 2002) searches from the target back to
 *   the hunter, so the hunter may move: the key modifier km grows by the
 *   heuristic distance moved.  A target that moves means starting over.
 * - Moving Target D* Lite (Sun, Yeoh & Koenig 2010), in its basic form,
 *   searches from the hunter to the target: a target that moves adds to
 *   km; a hunter that moves within the search tree keeps the subtree
 *   under its new cell and deletes the rest, whose cells get their rhs
 *   back from the neighbours that remain.
 *
 * The heuristic must be consistent (every heuristic but a scaled-up one
 * is, for the movement it belongs to).
 *
 * Of the rules, the neighbours (their order, reversed on the cells the
 * parity rule names), the step costs, the diagonal rule and the
 * heuristic apply, and the tie rule decides among open cells of equal
 * keys: PATH_TB_TIE_FIFO the cell pushed first, LIFO last (every push
 * counts, even one that leaves the key as it was, as in code whose
 * UpdateVertex deletes the cell and inserts it again), XY the smaller x
 * then y, and YX, the default of the walkthroughs, the smaller cell
 * number (y, then x); any other rule is taken as YX.  The search stops,
 * as the papers' does, when the first key is not below the aim's and the
 * aim is consistent.
 */
#ifndef ASTRAY_TEXTBOOK_DLITE_H
#define ASTRAY_TEXTBOOK_DLITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "textbook.h"

enum path_tbdl_algorithm {
	PATH_TBDL_LPA,
	PATH_TBDL_DSTAR,
	PATH_TBDL_MTDSTAR
};

enum path_tbdl_event_kind {
	PATH_TBDL_INCONSISTENT,	/* a cell's rhs changed and differs from g */
	PATH_TBDL_TAKE,		/* a cell leaves the open list */
	PATH_TBDL_DELETE,	/* MT-D* Lite drops a cell from its tree */
	PATH_TBDL_RESTART,	/* the search starts over: all g, rhs inf */
	PATH_TBDL_RHS,		/* a cell's rhs changed, leaving it consistent */
	PATH_TBDL_STEP_END	/* a taken cell's neighbours are updated */
};

/*
 * One event.  g and rhs are the cell's after the event (for TAKE: after
 * the step; over tells which case it was: g > rhs, so g took rhs's
 * value; or g < rhs, so g became infinite), old_rhs before it, k1 and
 * k2 its key.  PATH_COST_NONE stands for infinity.
 */
struct path_tbdl_event {
	enum path_tbdl_event_kind	kind;
	int				x, y;
	path_cost			g, rhs, old_rhs;
	path_cost			k1, k2;
	bool				over;
};

typedef void (*path_tbdl_fn)(void *ctx, const struct path_tbdl_event *);

struct path_tbdl;

/*
 * A search of the algorithm on a copy of the map's costs, between the
 * hunter (hx,hy) and the target (tx,ty), both inside the map.  The first
 * call to path_tbdl_plan() does the initial search.
 */
struct path_tbdl *path_tbdl_new(const struct path_textbook_map *,
		     const struct path_textbook_rules *,
		     enum path_tbdl_algorithm, int hx, int hy, int tx, int ty,
		     path_tbdl_fn fn, void *ctx);
void		 path_tbdl_free(struct path_tbdl *);

/*
 * Makes every cell that matters consistent again; returns the cost from
 * the hunter to the target, or PATH_COST_NONE.  *expanded (may be NULL)
 * gets the number of cells taken by this call.
 */
path_cost	 path_tbdl_plan(struct path_tbdl *, uint64_t *expanded);

/* Changes a tile's cost (0 blocks it); returns 1 if it changed. */
int		 path_tbdl_set_cost(struct path_tbdl *, int x, int y,
		     uint32_t cost);

/* Moves the hunter or the target; returns 1 if the search restarted. */
int		 path_tbdl_move_hunter(struct path_tbdl *, int x, int y);
int		 path_tbdl_move_target(struct path_tbdl *, int x, int y);

/*
 * The path from the hunter to the target after a plan, by following the
 * parents: returns the number of cells in *out (allocated; caller
 * frees), 0 when there is none.
 */
size_t		 path_tbdl_path(const struct path_tbdl *,
		     struct path_point **out);

/* The current map (for a from-scratch search to compare with). */
struct path_textbook_map path_tbdl_map(const struct path_tbdl *);

/* A cell's g and rhs (PATH_COST_NONE: infinite) and the key modifier. */
path_cost	 path_tbdl_g(const struct path_tbdl *, int x, int y);
path_cost	 path_tbdl_rhs(const struct path_tbdl *, int x, int y);
path_cost	 path_tbdl_km(const struct path_tbdl *);

/*
 * A cell's parent, the neighbour that gave its rhs (y * width + x), or
 * -1; and the key it is on the open list with (its key when last
 * pushed, which may be below its current one once km grew).
 */
int		 path_tbdl_parent(const struct path_tbdl *, int x, int y);
void		 path_tbdl_key(const struct path_tbdl *, int x, int y,
		     path_cost *k1, path_cost *k2);

/*
 * The open list in the order its cells would leave it, as cell numbers
 * (y * width + x) in *out (allocated; caller frees, NULL when empty);
 * returns how many.
 */
size_t		 path_tbdl_open(const struct path_tbdl *, int **out);

const char	*path_tbdl_algorithm_name(enum path_tbdl_algorithm);
int		 path_tbdl_algorithm_parse(const char *,
		     enum path_tbdl_algorithm *);

#endif
