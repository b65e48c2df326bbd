// cxx-header.cpp: the library's public header compiles as C++ and its
// functions link with C linkage (run by tests/cxx-header.sh).
#include <astray/path.h>

#include <cstdio>
#include <cstring>

int
main()
{
	static const char map[] = "....\n.##.\n....\n";
	char *cause = nullptr;
	path_grid *grid = path_textgrid_parse("map", map, std::strlen(map),
	    &cause);

	if (grid == nullptr) {
		std::fprintf(stderr, "%s\n", cause);
		return 1;
	}
	path_context *ctx = path_context_new(grid, path_rules_movingai());
	path_planner *p = path_planner_new(PATH_PLANNER_ASTAR, ctx);
	path_planner_set_hunter(p, 0, 1);
	path_planner_set_target(p, 3, 1);
	// Round the wall in five straight steps: no cutting its corners.
	int ok = path_planner_plan(p, 0, nullptr) == PATH_PLAN_FOUND &&
	    path_planner_cost(p) == 5 * PATH_COST_ORTHO;
	std::printf("cost %.3f\n", path_cost_to_double(path_planner_cost(p)));
	path_planner_free(p);
	path_context_free(ctx);
	path_grid_free(grid);
	return ok ? 0 : 1;
}
