#!/usr/bin/env python3
"""dstarlite-trace.py: run hwbehrens/DStarLite's LPA* on its tests' maps.

The public repository https://github.com/hwbehrens/DStarLite holds an
LPA* in Python (src/lifelong_planning_a_star.py, over the queue of
src/dual_priority_queue.py, which breaks ties among equal keys by the
order cells were pushed) and, in tests/lifelong_planning_a_star_tests.py,
examples with their expected paths: small open grids, walls found after
the first search, and a corridor plugged near its end.  This script runs
that code itself (imported from a checkout given on the command line,
never copied here) on those examples and prints what its queue gives up,
so that astray-lab explain --planner lpa --tie-break fifo can be held to
it step for step.

Their coordinates are (x, y) with x the column, the map `resolution`
wide and high, neighbours tried north, east, south, west, every step
costing 1, the heuristic the Manhattan distance.  A wall made before the
first search is part of the map; one made after it is an event.

    dstarlite-trace.py CHECKOUT > tests/data/explain/dstarlite-lpa.trace

Output: comment lines naming the source and its commit, then for each
example a line "example NAME WIDTH HEIGHT SX,SY GX,GY WALLS EVENTS" (the
walls before the first search and those made after it, one event each,
as x:y lists joined by ";", "-" when none), then CSV rows
"event,step,case,x,y,k1,k2" for every cell popped (event 0 is the first
search; case is overconsistent or underconsistent, as the code decides
it), and "event,path,x:y ..." ("none" when the code finds no path).
"""

import collections
import collections.abc
import os
import subprocess
import sys

# (name, width, height, start, goal, walls before, walls after): the
# examples of tests/lifelong_planning_a_star_tests.py that search.
EXAMPLES = [
    ('a', 2, 2, (0, 0), (1, 1), [], []),
    ('b', 3, 3, (0, 0), (2, 2), [], [(2, 0), (1, 1)]),
    ('d', 3, 1, (0, 0), (2, 0), [(1, 0)], []),
    ('e', 5, 10, (2, 0), (2, 9),
     [(x, y) for y in range(1, 9) for x in (1, 3)], [(2, 8)]),
]


def xy_list(cells, sep=' '):
    return sep.join('%d:%d' % c for c in cells) if cells else '-'


def main(argv):
    if len(argv) != 2:
        sys.stderr.write('usage: dstarlite-trace.py CHECKOUT\n')
        return 2
    checkout = argv[1]
    # The code predates Python 3.10, which moved Iterable.
    collections.Iterable = collections.abc.Iterable
    sys.path.insert(0, checkout)
    from src import dual_priority_queue as dpq
    from src import lifelong_planning_a_star as lpa

    pops = []
    current = {}
    plain_pop = dpq.DualPriorityQueue.pop

    def logged_pop(queue):
        top = plain_pop(queue)
        if top is not None:
            g, rhs = current['search']._get_weight_tuple(top[0])
            pops.append((top[0], top[1], top[2], g > rhs))
        return top
    dpq.DualPriorityQueue.pop = logged_pop

    try:
        commit = subprocess.run(['git', '-C', checkout, 'rev-parse',
                                 'HEAD'], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = 'unknown'
    out = sys.stdout
    out.write('# What hwbehrens/DStarLite\'s LPA* does on the examples of its\n'
              '# tests/lifelong_planning_a_star_tests.py (a, b, d, e), made by\n'
              '# running that code (https://github.com/hwbehrens/DStarLite,\n'
              '# commit %s)\n'
              '# with tests/tools/dstarlite-trace.py; do not edit by hand.\n'
              % commit)
    for name, w, h, start, goal, before, after in EXAMPLES:
        out.write('example %s %d %d %d,%d %d,%d %s %s\n' % (
            name, w, h, start[0], start[1], goal[0], goal[1],
            xy_list(before, ';'), xy_list(after, ';')))
        search = lpa.LPAStar(start_coord=start, goal_coord=goal,
                             resolution=(w, h))
        current['search'] = search
        for cell in before:
            search.make_wall_at(cell)
        for event in range(len(after) + 1):
            if event > 0:
                search.make_wall_at(after[event - 1])
            del pops[:]
            path = search.extract_path()
            for step, (cell, k1, k2, over) in enumerate(pops, 1):
                out.write('%d,%d,%s,%d,%d,%d,%d\n' % (
                    event, step,
                    'overconsistent' if over else 'underconsistent',
                    cell[0], cell[1], k1, k2))
            out.write('%d,path,%s\n' % (
                event, xy_list(path) if path else 'none'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
