/*
 * pack.c: a pack of wolves sharing one Dijkstra field, with astray's
 * path library (libastray-path).
 *
 * When many monsters chase one target, one search from the target serves
 * them all (Brogue's "Dijkstra maps"): each turn the game computes a field
 * of costs to the player once, and every wolf steps downhill on it: to
 * the free neighbour nearest the player, so a wolf whose best step is
 * taken goes round the one in its way, or waits.
 *
 *   cc pack.c $(pkg-config --cflags --libs astray-path) -o pack
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <astray/path.h>

static const char level[] =
    "##########################\n"
    "#........#...............#\n"
    "#........#.....###.......#\n"
    "#..............###.......#\n"
    "#........#...............#\n"
    "###.######...............#\n"
    "#........................#\n"
    "##########################\n";

#define WOLVES	5

/* Whether a wolf other than self stands on (x,y). */
static int
occupied(const struct path_point *wolf, int self, int x, int y)
{
	int	i;

	for (i = 0; i < WOLVES; i++)
		if (i != self && wolf[i].x == x && wolf[i].y == y)
			return (1);
	return (0);
}

/*
 * The free cell next to wolf self that is nearest the player on the
 * field, if nearer than where it stands (a diagonal step may not cut a
 * wall's corner); returns 0 with (*nx,*ny) set, or -1 to wait.
 */
static int
downhill(const struct path_field *field, const struct path_grid *grid,
    const struct path_point *wolf, int self, int *nx, int *ny)
{
	path_cost	best = path_field_get(field, wolf[self].x, wolf[self].y);
	int		dx, dy, x, y, found = -1;

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			x = wolf[self].x + dx;
			y = wolf[self].y + dy;
			if (!path_grid_contains(grid, x, y) ||
			    path_grid_get(grid, x, y) == 0 ||
			    occupied(wolf, self, x, y) ||
			    path_field_get(field, x, y) == 0 ||	/* the player */
			    path_field_get(field, x, y) >= best)
				continue;
			if (dx != 0 && dy != 0 &&
			    (path_grid_get(grid, wolf[self].x, y) == 0 ||
			    path_grid_get(grid, x, wolf[self].y) == 0))
				continue;
			best = path_field_get(field, x, y);
			*nx = x;
			*ny = y;
			found = 0;
		}
	}
	return (found);
}

int
main(void)
{
	struct path_point	 wolf[WOLVES] = {
		{ .x = 1, .y = 1 }, { .x = 2, .y = 1 }, { .x = 1, .y = 2 },
		{ .x = 3, .y = 6 }, { .x = 1, .y = 6 }
	};
	struct path_point	 player = { .x = 22, .y = 3 };
	struct path_grid	*grid;
	struct path_field	*field;
	struct path_stats	 stats;
	char			*cause;
	int			 turn, i, nx, ny, adjacent = 0;

	grid = path_textgrid_parse("level", level, strlen(level), &cause);
	if (grid == NULL) {
		fprintf(stderr, "pack: %s\n", cause);
		return (1);
	}
	field = path_field_new(path_grid_width(grid), path_grid_height(grid));

	for (turn = 1; turn <= 40 && adjacent < WOLVES; turn++) {
		/* One search per turn, from the player, for the whole pack. */
		memset(&stats, 0, sizeof stats);
		path_field_compute(field, grid, path_rules_movingai(),
		    player.x, player.y, PATH_FIELD_TO_SOURCE, &stats);
		adjacent = 0;
		for (i = 0; i < WOLVES; i++) {
			if (downhill(field, grid, wolf, i, &nx, &ny) == 0) {
				wolf[i].x = nx;
				wolf[i].y = ny;
			}
			if (abs(wolf[i].x - player.x) <= 1 &&
			    abs(wolf[i].y - player.y) <= 1)
				adjacent++;	/* next to the player: it bites */
		}
		if (turn == 1)
			printf("turn 1: one field of %llu cells serves %d "
			    "wolves\n", (unsigned long long)stats.expansions,
			    WOLVES);
		/* The player flees one step a turn, while it can. */
		if (turn % 2 == 0 && player.x < 24 &&
		    !occupied(wolf, -1, player.x + 1, player.y))
			player.x++;
	}
	printf("turn %d: %d of %d wolves next to the player\n", turn - 1,
	    adjacent, WOLVES);
	path_field_free(field);
	path_grid_free(grid);
	return (adjacent >= 3 ? 0 : 1);
}
