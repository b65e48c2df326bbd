/*
 * flank.c: the flanking step rule (flank.h), on a field towards the
 * target that runs only as far as the range.
 *
 * Why a step rule and not a cost.  Making cells beside other hunters
 * dearer would spread a pack too, but every planner would then answer a
 * question other than "the cheapest way to the target", and no planner
 * could be held to a from-scratch search any more.  So the planners stay
 * exact and the rule chooses among the steps that lose at most one step
 * against the best.  "One step" is the dearest unweighted step of the
 * movement (a diagonal where diagonals cost more): with only an
 * orthogonal step of slack, a hunter beside another on an octile grid
 * could never go round it diagonally, and a file of hunters stays a
 * file.  A step costs at least PATH_COST_ORTHO, so the cell entered is at
 * most 1393 - 985 dearer than the one left: a hunter drifts sideways at
 * worst, and its goal side draws it round, then in.  Where a cheapest
 * step is free and no side calls, it is the planner's own.
 *
 * Costs come from one Dijkstra field TO the target, begun again when the
 * target moves or the grid changes, and run until every cell a decision
 * within the range can compare is final: a hunter within the range costs
 * at most range orthogonal steps, and each of its candidates at most a
 * slack more (path_field_run_within).  Such cells lie within range + 2
 * cells of the target in both axes (each step costs at least
 * PATH_COST_ORTHO and moves at most one cell each way), so a turn costs a
 * few hundred cells per movement class, whatever the number of hunters.
 * A hunter not final in that field is out of range; a neighbour not final
 * costs more than any candidate may.
 *
 * Sides.  A side is one of eight sectors around the target.  The caller
 * says which sides are covered; path_flank_covered() works them out from
 * the hunters nearer the target than the one deciding (nearer in
 * Chebyshev distance, then Manhattan, then row and column), so the
 * nearest keeps its line and the ones behind spread out, and two hunters
 * never both leave a side to each other.  A hunter heads for the
 * uncovered side nearest its own and steps to the candidate whose side is
 * nearest that one: it comes round the target a sector at a time.
 */
#include <stdlib.h>

#include "field.h"
#include "flank.h"
#include "grid-internal.h"
#include "xmalloc.h"

struct path_flank {
	const struct path_grid	*grid;
	struct path_rules	 rules;
	struct path_field	*field;
	int			 range;		/* in cells */
	path_cost		 limit;		/* range orthogonal steps */
	path_cost		 slack;		/* one step, the dearest kind */
	int			 begun;
	int			 tx;
	int			 ty;
	uint64_t		 version;	/* of the grid, at begin */
};

/* Creates the workspace: see flank.h. */
struct path_flank *
path_flank_new(const struct path_grid *grid, struct path_rules rules,
    int range)
{
	struct path_flank	*fl;

	if (range < 1 || range > 64) {
		x_report(X_ERROR_MISUSE, "path_flank_new: a range of %d (1 to "
		    "64)", range);
		return (NULL);
	}
	if (grid_callback_check("path_flank_new", grid) != 0)
		return (NULL);
	fl = xcalloc(1, sizeof *fl);
	fl->grid = grid;
	fl->rules = path_rules_normalize(rules);
	fl->field = path_field_new(grid->width, grid->height);
	fl->range = range;
	fl->limit = (path_cost)range * PATH_COST_ORTHO;
	fl->slack = fl->rules.movement == PATH_MOVE_4 ? PATH_COST_ORTHO :
	    grid_diag_base(fl->rules.movement);
	return (fl);
}

void
path_flank_free(struct path_flank *fl)
{
	if (fl == NULL)
		return;
	path_field_free(fl->field);
	free(fl);
}

/* Bytes held: see flank.h. */
size_t
path_flank_memory(const struct path_flank *fl)
{
	return (sizeof *fl + path_field_memory(fl->field));
}

/* The side of the target a cell lies on: see flank.h. */
int
path_flank_side(const struct path_flank *fl, int tx, int ty, int x, int y)
{
	int	dx = x - tx, dy = y - ty;
	int	ax = abs(dx), ay = abs(dy);

	if ((dx == 0 && dy == 0) || ax > fl->range || ay > fl->range)
		return (-1);
	if (ax > 2 * ay)
		return (dx > 0 ? 2 : 6);
	if (ay > 2 * ax)
		return (dy < 0 ? 0 : 4);
	if (dy < 0)
		return (dx > 0 ? 1 : 7);
	return (dx > 0 ? 3 : 5);
}

/* Whether cell a is nearer the target than cell b, in the sides' order. */
static int
flank_nearer(int tx, int ty, int ax, int ay, int bx, int by)
{
	int	adx = abs(ax - tx), ady = abs(ay - ty);
	int	bdx = abs(bx - tx), bdy = abs(by - ty);
	int	ac = adx > ady ? adx : ady, bc = bdx > bdy ? bdx : bdy;

	if (ac != bc)
		return (ac < bc);
	if (adx + ady != bdx + bdy)
		return (adx + ady < bdx + bdy);
	if (ay != by)
		return (ay < by);
	return (ax < bx);
}

/*
 * The sides covered for a hunter at (x,y): those of the cells within the
 * range where occupied() says a hunter stands, nearer the target than
 * (x,y) in the order above.  (x,y) itself never counts.
 */
unsigned
path_flank_covered(const struct path_flank *fl, int tx, int ty, int x,
    int y, int (*occupied)(void *arg, int x, int y), void *arg)
{
	unsigned	covered = 0;
	int		cx, cy, side;

	for (cy = ty - fl->range; cy <= ty + fl->range; cy++) {
		for (cx = tx - fl->range; cx <= tx + fl->range; cx++) {
			if ((cx == x && cy == y) ||
			    !path_grid_contains(fl->grid, cx, cy) ||
			    !flank_nearer(tx, ty, cx, cy, x, y))
				continue;
			side = path_flank_side(fl, tx, ty, cx, cy);
			if (side >= 0 && !(covered & 1u << side) &&
			    occupied(arg, cx, cy))
				covered |= 1u << side;
		}
	}
	return (covered);
}

/*
 * Brings the field up to date with the target and the grid: begun again
 * when either changed, and run until every cell that a decision within
 * the range may compare is final.
 */
static void
flank_ready(struct path_flank *fl, int tx, int ty, struct path_stats *stats)
{
	uint64_t	version = path_grid_version(fl->grid);

	if (fl->begun && fl->tx == tx && fl->ty == ty &&
	    fl->version == version)
		return;
	path_field_begin(fl->field, fl->grid, fl->rules, tx, ty,
	    PATH_FIELD_TO_SOURCE);
	(void)path_field_run_within(fl->field, fl->grid, 0, fl->limit +
	    fl->slack, stats);
	fl->begun = 1;
	fl->tx = tx;
	fl->ty = ty;
	fl->version = version;
}

/* How far apart two sides are around the target: 0 to 4. */
static int
flank_apart(int a, int b)
{
	int	d = a > b ? a - b : b - a;

	return (d > PATH_FLANK_SIDES / 2 ? PATH_FLANK_SIDES - d : d);
}

/*
 * The uncovered side nearest side own (own itself if uncovered; of two
 * as near, the clockwise one), or -1 when every side is covered.
 */
static int
flank_goal(int own, unsigned covered)
{
	int	d, s;

	for (d = 0; d <= PATH_FLANK_SIDES / 2; d++) {
		s = (own + d) % PATH_FLANK_SIDES;
		if (!(covered & 1u << s))
			return (s);
		s = (own + PATH_FLANK_SIDES - d) % PATH_FLANK_SIDES;
		if (!(covered & 1u << s))
			return (s);
	}
	return (-1);
}

/* Chooses a hunter's step: see flank.h. */
enum path_flank_choice
path_flank_step(struct path_flank *fl, int tx, int ty, int x, int y,
    int px, int py, int (*blocked)(void *arg, int x, int y), void *arg,
    unsigned covered, int *nx, int *ny, struct path_stats *stats)
{
	const struct path_grid	*g = fl->grid;
	struct grid_move	 mv[8];
	path_cost		 dm, dn, sc, best_sc = PATH_COST_NONE;
	int			 planned_free, n, i, cx, cy, goal, rank;
	int			 best = -1, best_rank = 0, best_planned = 0;
	int			 is_planned;

	planned_free = px >= 0 && path_grid_contains(g, px, py) &&
	    ((px == tx && py == ty) || !blocked(arg, px, py));
	if (px == tx && py == ty) {
		*nx = px;
		*ny = py;
		return (PATH_FLANK_PLANNED);	/* an attack */
	}
	if (x == tx && y == ty)
		return (PATH_FLANK_WAIT);	/* where the target is: stay */
	flank_ready(fl, tx, ty, stats);
	if (!path_grid_contains(g, x, y) ||
	    !path_field_settled(fl->field, x, y) ||
	    (dm = path_field_get(fl->field, x, y)) > fl->limit) {
		if (!planned_free)
			return (PATH_FLANK_WAIT);
		*nx = px;
		*ny = py;
		return (PATH_FLANK_PLANNED);
	}
	if (covered & PATH_FLANK_AUTO)
		covered = path_flank_covered(fl, tx, ty, x, y, blocked, arg);
	goal = flank_goal(path_flank_side(fl, tx, ty, x, y), covered & 0xff);
	n = grid_moves(g, fl->rules.diagonal, grid_diag_base(
	    fl->rules.movement), grid_index(g, x, y), mv);
	for (i = 0; i < n; i++) {
		cx = x + mv[i].dx;
		cy = y + mv[i].dy;
		if ((cx == tx && cy == ty) || blocked(arg, cx, cy) ||
		    !path_field_settled(fl->field, cx, cy))
			continue;
		if ((dn = path_field_get(fl->field, cx, cy)) == PATH_COST_NONE)
			continue;
		sc = mv[i].base * g->cells[mv[i].id] + dn;
		if (sc > dm + fl->slack)
			continue;
		/* Within the range every such step has a side. */
		rank = goal < 0 ? 0 : flank_apart(path_flank_side(fl, tx, ty,
		    cx, cy), goal);
		is_planned = cx == px && cy == py;
		if (best < 0 || rank < best_rank || (rank == best_rank &&
		    (sc < best_sc || (sc == best_sc && is_planned &&
		    !best_planned)))) {
			best = i;
			best_rank = rank;
			best_sc = sc;
			best_planned = is_planned;
		}
	}
	if (best < 0)
		return (PATH_FLANK_WAIT);
	*nx = x + mv[best].dx;
	*ny = y + mv[best].dy;
	if (best_planned)
		return (PATH_FLANK_PLANNED);
	return (planned_free ? PATH_FLANK_SIDE : PATH_FLANK_AROUND);
}
