#!/usr/bin/env python3
"""redblob-astar.py: Red Blob Games' A* on its weighted example, traced.

Red Blob Games' "Implementation of A*"
(https://www.redblobgames.com/pathfinding/a-star/implementation.html)
gives Python code that many students start from.  This script is
written afresh from that article's code, convention for convention, so
that astray-lab explain can be held to what that code does:

- cells are (x, y) tuples; the neighbours of (x, y) are tried east,
  west, north, south, except that on cells where x + y is even the list
  is reversed (south, north, west, east): the article's trick against
  zig-zag paths (its section "Ugly paths");
- entering a tile costs its weight: 5 for forest, 1 elsewhere;
- the frontier is Python's heapq holding (priority, cell) tuples, so
  among equal priorities the smaller (x, y) comes out first; the start
  goes in with priority 0;
- there is no closed list and no decrease-key: a neighbour is pushed
  again whenever a cheaper cost_so_far is found for it, the old tuple
  stays in the heap, and every tuple popped is expanded with the cell's
  cost_so_far at that time, stale or not;
- the priority is cost_so_far plus the Manhattan distance to the goal;
- the search stops when the goal is popped.

Examples (--example NAME):

- diagram4 (the default): the article's weighted example, 10x10, walls
  at (1,7), (1,8), (2,7), (2,8), (3,7), (3,8), its forest, from (1,4) to
  (8,3), as the article runs it;
- stale: a 6x5 grid of ours on which four stale tuples are popped before
  the goal (none is on diagram4), to hold the stale pops to the code too.

Output (the trace, on standard output): comment lines naming the source,
then CSV: one row per pop, "pop,x,y,g,priority,stale" (g is the
cost_so_far the pop is expanded with; stale is 1 when the tuple was
pushed before the cell's cost fell), then "path,x:y x:y ..." from start
to goal and "cost,C".  With --map it prints the example's grid instead,
as a text grid for astray-lab ('.' open, '#' wall, '5' forest).

Regenerate the committed files from the top of the source tree:

    for e in diagram4 stale; do
        python3 tests/tools/redblob-astar.py --example $e --map \\
            > tests/data/explain/redblob-$e.txt
        python3 tests/tools/redblob-astar.py --example $e \\
            > tests/data/explain/redblob-$e.trace
    done
"""

import argparse
import heapq
import sys

FOREST_DIAGRAM4 = {      # x: the rows y of that column that are forest
    3: (4, 5),
    4: range(1, 9),
    5: range(1, 9),
    6: range(2, 8),
    7: range(3, 6),
}


class Example:
    """A grid, its walls and forest, the two ends, and what it is."""

    def __init__(self, width, height, walls, forest, start, goal, what):
        self.width, self.height = width, height
        self.walls, self.forest = walls, forest
        self.start, self.goal = start, goal
        self.what = what


EXAMPLES = {
    'diagram4': Example(
        10, 10, {(1, 7), (1, 8), (2, 7), (2, 8), (3, 7), (3, 8)},
        {(x, y) for x, ys in FOREST_DIAGRAM4.items() for y in ys},
        (1, 4), (8, 3),
        'its weighted example diagram4 from (1,4) to (8,3)'),
    # Found by trying random grids: the smallest with stale pops.
    'stale': Example(
        6, 5, set(), {(0, 0), (3, 0), (2, 1), (3, 1), (4, 2)},
        (4, 4), (0, 0),
        'a 6x5 grid of ours (forest at (0,0), (3,0), (2,1), (3,1), '
        '(4,2)), from (4,4) to (0,0), where four stale tuples are popped'),
}


def neighbours(ex, cell):
    """The open cells next to cell, in the order the code tries them."""
    x, y = cell
    order = [(x + 1, y), (x - 1, y), (x, y - 1), (x, y + 1)]
    if (x + y) % 2 == 0:
        order = order[::-1]
    return [(nx, ny) for nx, ny in order
            if 0 <= nx < ex.width and 0 <= ny < ex.height
            and (nx, ny) not in ex.walls]


def step_cost(ex, to):
    """What entering a tile costs."""
    return 5 if to in ex.forest else 1


def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def search(ex):
    """Runs the search; returns the pops, came_from and cost_so_far."""
    frontier = [(0, ex.start)]
    came_from = {ex.start: None}
    cost_so_far = {ex.start: 0}
    pops = []
    while frontier:
        priority, cur = heapq.heappop(frontier)
        g = cost_so_far[cur]
        stale = cur != ex.start and priority - manhattan(cur, ex.goal) > g
        pops.append((cur, g, priority, stale))
        if cur == ex.goal:
            break
        for nxt in neighbours(ex, cur):
            new_g = g + step_cost(ex, nxt)
            if nxt not in cost_so_far or new_g < cost_so_far[nxt]:
                cost_so_far[nxt] = new_g
                came_from[nxt] = cur
                heapq.heappush(frontier,
                               (new_g + manhattan(nxt, ex.goal), nxt))
    return pops, came_from, cost_so_far


def print_map(name, ex, out):
    out.write('; Red Blob Games\' "Implementation of A*": %s.\n'
              '; # wall, 5 forest (costs 5 to enter), 0-based.\n'
              '; Made by tests/tools/redblob-astar.py --example %s --map.\n'
              % (ex.what, name))
    for y in range(ex.height):
        out.write(''.join('#' if (x, y) in ex.walls else
                          '5' if (x, y) in ex.forest else '.'
                          for x in range(ex.width)) + '\n')


def print_trace(name, ex, out):
    pops, came_from, cost_so_far = search(ex)
    out.write('# The trace of Red Blob Games\' A* ("Implementation of A*",\n'
              '# https://www.redblobgames.com/pathfinding/a-star/'
              'implementation.html:\n'
              '# its Python a_star_search with heapq, the parity trick and '
              'no closed list)\n'
              '# on %s.\n'
              '# Made by tests/tools/redblob-astar.py --example %s, which '
              'runs that code\'s\n'
              '# conventions (see the script); do not edit by hand.\n'
              % (ex.what, name))
    out.write('pop,x,y,g,priority,stale\n')
    for i, (cell, g, priority, stale) in enumerate(pops, 1):
        out.write('%d,%d,%d,%d,%d,%d\n' % (i, cell[0], cell[1], g, priority,
                                           1 if stale else 0))
    path = [ex.goal]
    while came_from[path[-1]] is not None:
        path.append(came_from[path[-1]])
    path.reverse()
    out.write('path,%s\n' % ' '.join('%d:%d' % c for c in path))
    out.write('cost,%d\n' % cost_so_far[ex.goal])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--example', choices=sorted(EXAMPLES),
                    default='diagram4')
    ap.add_argument('--map', action='store_true',
                    help='print the grid instead of the trace')
    args = ap.parse_args()
    ex = EXAMPLES[args.example]
    if args.map:
        print_map(args.example, ex, sys.stdout)
    else:
        print_trace(args.example, ex, sys.stdout)
    return 0


if __name__ == '__main__':
    sys.exit(main())
