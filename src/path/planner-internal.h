/*
 * planner-internal.h: what the planners of this library share.
 *
 * A planner is the common part below plus its kind's state, driven by a
 * table of operations (tmux's way with window modes).  path_planner_plan()
 * collects the grid's changes since the planner last looked into a list
 * of cells, then hands the kind everything at once, because the order in
 * which an incremental search applies a moved hunter, a moved target and
 * changed cells matters (Moving Target D* Lite must drop the part of its
 * tree the hunter left behind before it repairs edges).
 */
#ifndef ASTRAY_PLANNER_INTERNAL_H
#define ASTRAY_PLANNER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"
#include "field.h"
#include "grid-internal.h"
#include "pagepool.h"
#include "planner.h"
#include "saves.h"
#include "serial.h"

#define PLANNER_FIELDS	4	/* distinct targets with a field of their own */
/* The largest dense field path_context_reserve() takes, bytes. */
#define PLANNER_RESERVE_MAX	((size_t)8 << 20)

/*
 * A shared field TO a target, and what it was begun for: the search the
 * field planners run to the end and the crowd planners until their
 * hunter is final.
 */
struct planner_field {
	struct path_field	*field;		/* made on first use */
	int			 valid;		/* begun for the values below */
	int			 tx, ty;
	uint64_t		 version;
	uint64_t		 used;		/* when last asked for */
	int			 restored;	/* by a crowd planner's load */
};

struct adaptive_shared;
struct dlite_fresh;

/*
 * Two lists a planner fills and empties within one call (mtdstar's
 * deletion: a stack and the records dropped).  They are the context's,
 * since its planners plan one at a time: 200 hunters share one pair
 * instead of keeping 200 pairs as large as their largest deletion.
 */
struct planner_scratch {
	uint32_t	*stack;
	uint32_t	*list;
	size_t		 cap;		/* entries, each */
};

struct path_context {
	const struct path_grid	*grid;
	struct path_rules	 rules;		/* normalised */
	struct path_astar	*astar;		/* made on first use */
	/* The field and crowd planners' searches (plan-field.c). */
	struct planner_field	 fields[PLANNER_FIELDS];
	uint64_t		 clock;		/* for the fields' LRU */
	struct page_pool	*pages;		/* made on first use */
	struct planner_scratch	 scratch;
	struct dlite_fresh	*fresh;		/* made on first use */
	path_trace_fn		 trace;		/* or NULL */
	void			*trace_ctx;
	struct adaptive_shared	*adaptive;	/* made on first use
						   (plan-adaptive.c) */
	/*
	 * The context whose fields this one's field and crowd planners use
	 * while the two grids hold the same costs (path_context_share), and
	 * when that was last found out: the two grids' versions then.
	 */
	struct path_context	*share;
	uint64_t		 share_mine;
	uint64_t		 share_theirs;
	int			 share_same;	/* -1: not yet compared */
};

/* Tells a context's trace, if it has one, what a search did to a cell. */
#define PLANNER_TRACE(fn, arg, ev, x, y) do {				\
	if ((fn) != NULL)						\
		(fn)((arg), (ev), (x), (y), 0, 0, (x), (y));		\
} while (0)

/* The inputs of one planning call, gathered by path_planner_plan(). */
struct plan_input {
	int			 moved_hunter;	/* since the last call */
	int			 moved_target;
	int			 reset;		/* the change log overflowed */
	const struct path_change *changes;	/* since the last call */
	size_t			 nchanges;
	unsigned long		 budget;	/* 0: no limit */
};

struct planner_ops {
	const char	*name;
	void		 (*init)(struct path_planner *);
	void		 (*free)(struct path_planner *);
	/*
	 * Plans from p->hx,hy to p->tx,ty: fills p->path, p->npath and
	 * p->cost, adds to stats, and returns the status.
	 */
	enum path_plan_status (*plan)(struct path_planner *,
			     const struct plan_input *,
			     struct path_plan_stats *);
	size_t		 (*memory)(const struct path_planner *);
	void		 (*save)(const struct path_planner *, struct ser *);
	int		 (*load)(struct path_planner *, struct deser *);

	/*
	 * What a kind keeps in the context for all its planners (the
	 * adaptive planners' learned tables, the searches the field and
	 * crowd planners share), each hook NULL where it keeps nothing:
	 * freed, counted, written and read with the context, told when the
	 * context's trace changes, and taken up front by
	 * path_context_reserve().  The context goes through the kinds in
	 * the order of enum path_planner_kind, so what a context writes is
	 * its size, then each kind's part in that order.  context_load
	 * replaces the kind's state with what it reads and returns 0, or -1
	 * with the reader's error set.
	 */
	void		 (*context_free)(struct path_context *);
	size_t		 (*context_memory)(const struct path_context *);
	void		 (*context_save)(const struct path_context *,
			     struct ser *);
	int		 (*context_load)(struct path_context *, struct deser *);
	void		 (*context_trace)(struct path_context *);
	void		 (*context_reserve)(struct path_context *);
};

struct path_planner {
	const struct planner_ops *ops;
	enum path_planner_kind	 kind;
	struct path_context	*ctx;
	int			 hx, hy;	/* hunter */
	int			 tx, ty;	/* target */
	int			 last_hx, last_hy; /* at the last plan */
	int			 last_tx, last_ty;
	int			 planned;	/* has planned at least once */
	uint64_t		 version;	/* of the grid, last seen */

	struct path_change	*changes;	/* gathered for a call */
	size_t			 nchanges;
	size_t			 changes_cap;

	struct path_point	*path;		/* hunter first */
	size_t			 npath;
	size_t			 path_cap;
	/*
	 * A path read lazily: path holds its first two points and the rest
	 * is this field's walk from the first, as long as the field's
	 * generation is lazy_gen (NULL: path is the whole path).
	 */
	const struct path_field	*lazy;
	uint64_t		 lazy_gen;
	path_cost		 cost;		/* of a complete path */
	enum path_plan_status	 status;

	void			*state;		/* the kind's own */
};

extern const struct planner_ops planner_astar_ops;
extern const struct planner_ops planner_cached_ops;
extern const struct planner_ops planner_dstar_ops;
extern const struct planner_ops planner_mtdstar_ops;
extern const struct planner_ops planner_field_ops;
extern const struct planner_ops planner_crowd_ops;

extern const struct planner_ops planner_adaptive_ops;

/* Empties the planner's path. */
void	 planner_path_clear(struct path_planner *);

/* Appends a point to the planner's path. */
void	 planner_path_push(struct path_planner *, int x, int y);

/* Reverses the planner's path in place (for paths built goal first). */
void	 planner_path_reverse(struct path_planner *);

/*
 * Gives the planner's path room for n points, for a caller that copies a
 * path of n points in at once.
 */
void	 planner_path_room(struct path_planner *, size_t n);

/*
 * Plans with A* from scratch on the context's workspace (plan-astar.c):
 * the cost and the whole path from the hunter to the target, or
 * PATH_PLAN_NONE; adds the search to st and counts it a restart.
 */
enum path_plan_status planner_astar_plan(struct path_planner *,
		     struct path_plan_stats *st);

/*
 * Cost of one step from (ax,ay) to the adjacent (bx,by) under the
 * context's rules, or PATH_COST_NONE if the step is not legal now.
 */
path_cost planner_step(const struct path_planner *, int ax, int ay, int bx,
	     int by);

/* Whether an inside cell of the context's grid is open. */
int	 planner_open(const struct path_planner *, int x, int y);

/*
 * The greedy fallback when a budgeted planner knows no path yet: a path
 * of one step to the open neighbour nearest the target by the heuristic,
 * or just the hunter when no neighbour is nearer.
 */
void	 planner_greedy_step(struct path_planner *);

/*
 * The context whose fields a context's field and crowd planners use: the
 * one it shares with while their grids hold the same costs, else itself.
 */
struct path_context *planner_field_owner(struct path_context *);

/*
 * The context's field towards (tx,ty) on the grid as it is now, for the
 * field and crowd planners: the one some planner asked for since the grid
 * last changed, or else the least recently used slot, begun afresh (then
 * st->replanned is set, if st is not NULL).
 */
struct planner_field *planner_field_for(struct path_context *, int tx,
		     int ty, struct path_plan_stats *st);

/*
 * Plans a field or crowd planner on the context's search from its target:
 * the whole map when whole is set (field), else only until the hunter's
 * cost is final (crowd); then answers from it, or steps greedily when the
 * budget stopped the search first.
 */
enum path_plan_status planner_field_plan(struct path_planner *,
	     const struct plan_input *, struct path_plan_stats *, int whole);

/*
 * Answers from a field on which the hunter is final: the cost and the
 * first step down the field to the target, the rest of the path left to
 * be read from the field when asked for (see struct path_planner), or
 * PATH_PLAN_NONE.
 */
enum path_plan_status planner_field_answer(struct path_planner *,
		     const struct path_field *);

/* The context's shared A* workspace, made on first use. */
struct path_astar *planner_astar(struct path_context *);

/* The context's pool of cell pages, made on first use. */
struct page_pool *planner_pages(struct path_context *);

/*
 * The context's scratch lists, with room for at least n entries in each
 * (what they held is kept when they grow).
 */
struct planner_scratch *planner_scratch(struct path_context *, size_t n);

/* The context's bucket queue for D* searches that start over (dlite.h). */
struct dlite_fresh *planner_fresh(struct path_context *);

/* Gives the scratch lists' memory back (a planner that used them went). */
void	planner_scratch_release(struct path_context *);

#endif
