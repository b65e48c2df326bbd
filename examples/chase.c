/*
 * chase.c: a monster chasing the player across a map with doors, with
 * astray's path library (libastray-path).
 *
 * The shape a roguelike takes: one grid of step costs for the level, one
 * planner per monster, and each turn the monster plans (cheaply: the
 * planner reuses its last search) and takes the next step.  When the
 * level changes (a door shuts), the game changes the grid and the
 * planner notices by itself on its next plan.
 *
 *   cc chase.c $(pkg-config --cflags --libs astray-path) -o chase
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <astray/path.h>

/* '#' is wall, '.' floor; the doors are floor cells we name below. */
static const char level[] =
    "############################\n"
    "#..........#...............#\n"
    "#..........#...............#\n"
    "#..........................#\n"
    "#..........#...............#\n"
    "#..........#...............#\n"
    "#####.##############.#######\n"
    "#..........................#\n"
    "############################\n";

#define DOOR_X	11	/* the door between the two rooms */
#define DOOR_Y	3

/* Prints the level with the monster (M), the player (@), the door (+). */
static void
show(const struct path_grid *g, int mx, int my, int px, int py)
{
	int	x, y;

	for (y = 0; y < path_grid_height(g); y++) {
		for (x = 0; x < path_grid_width(g); x++) {
			if (x == mx && y == my)
				putchar('M');
			else if (x == px && y == py)
				putchar('@');
			else if (x == DOOR_X && y == DOOR_Y)
				putchar(path_grid_get(g, x, y) ? '\'' : '+');
			else
				putchar(path_grid_get(g, x, y) ? '.' : '#');
		}
		putchar('\n');
	}
}

int
main(void)
{
	struct path_grid	*grid;
	struct path_context	*ctx;
	struct path_planner	*monster;
	char			*cause;
	path_cost		 before, after;
	int			 mx = 2, my = 2, px = 24, py = 3, turn;

	grid = path_textgrid_parse("level", level, strlen(level), &cause);
	if (grid == NULL) {
		fprintf(stderr, "chase: %s\n", cause);
		return (1);
	}
	/* A context holds what the planners of one grid and rules share. */
	ctx = path_context_new(grid, path_rules_movingai());
	monster = path_planner_new(PATH_PLANNER_MTDSTAR, ctx);
	path_planner_set_target(monster, px, py);

	for (turn = 1; mx != px || my != py; turn++) {
		path_planner_set_hunter(monster, mx, my);
		if (path_planner_plan(monster, 0, NULL) == PATH_PLAN_NONE) {
			printf("turn %d: the monster cannot reach you\n", turn);
			break;
		}
		if (turn == 1)
			before = path_planner_cost(monster);
		if (turn == 4) {
			/* The door shuts: one change to the grid, that's all. */
			after = path_planner_cost(monster);
			printf("turn %d: %.1f steps to go through the door\n",
			    turn, path_cost_to_double(after));
			path_grid_set(grid, DOOR_X, DOOR_Y, 0);
			if (path_planner_plan(monster, 0, NULL) !=
			    PATH_PLAN_FOUND) {
				fprintf(stderr, "chase: no way round\n");
				return (1);
			}
			after = path_planner_cost(monster);
			printf("turn %d: the door shuts; %.1f steps round by "
			    "the corridor\n", turn, path_cost_to_double(after));
			if (after <= before) {
				fprintf(stderr, "chase: the detour should cost "
				    "more than the door\n");
				return (1);
			}
		}
		if (path_planner_next(monster, &mx, &my) != 0)
			break;
	}
	show(grid, mx, my, px, py);
	printf("turn %d: the monster reaches you\n", turn);
	path_planner_free(monster);
	path_context_free(ctx);
	path_grid_free(grid);
	return (mx == px && my == py ? 0 : 1);
}
