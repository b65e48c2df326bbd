#!/usr/bin/env python3
"""gen-dyn.py: build a GPPC dynamic-track scenario and its patch file.

The scenario's grid starts all open.  A map (a Moving AI .map, or a grid
generated here from the seed) is revealed tile by tile through patches,
in shuffled order, with queries in between, so early queries run on a
grid that is mostly open and late ones on the real map.  Then come
random events: doors and floods that close rectangles, collapses that
open them, and a pen that walls a few cells in (making unreachable
goals certain) and is opened again later.  Queries ask between random
cells, with a share of blocked starts and goals, unreachable goals and
start == goal.

Reference costs come from this script's own Dijkstra in floating point
(orthogonal 1, diagonal sqrt(2), 8-connected, no corner cutting),
printed with 11 significant digits, -1 when there is no path; nothing is
shared with the C library under test.  Output depends only on the
arguments: the same seed writes the same bytes.

    gen-dyn.py --seed 1 --generate rooms --width 32 --height 24 \\
        --queries 40 --out tests/data/dyn/rooms-32x24
    gen-dyn.py --seed 2 --map tests/data/movingai/dao/den312d.map \\
        --queries 200 --out tests/data/dyn/den312d

write NAME.scen and NAME.patch (the scenario names the patch file by its
plain name; both go in the same folder).
"""

import argparse
import heapq
import math
import os
import random
import sys

OPEN = set(".GS")
BLOCKED = set("@OTW")
SQRT2 = math.sqrt(2.0)


def die(msg):
    """Prints a message and exits with status 1."""
    sys.stderr.write("gen-dyn.py: %s\n" % msg)
    sys.exit(1)


def read_map(path):
    """Reads a Moving AI .map into a list of row strings."""
    with open(path, "rb") as f:
        lines = f.read().decode("ascii").splitlines()
    header = {}
    i = 0
    while i < len(lines) and lines[i].strip() != "map":
        fields = lines[i].split()
        if len(fields) == 2:
            header[fields[0]] = fields[1]
        i += 1
    if i == len(lines) or "width" not in header or "height" not in header:
        die("%s: not a Moving AI map" % path)
    width, height = int(header["width"]), int(header["height"])
    rows = lines[i + 1:i + 1 + height]
    if len(rows) != height or any(len(r) != width for r in rows):
        die("%s: rows do not match the header" % path)
    for r in rows:
        for c in r:
            if c not in OPEN and c not in BLOCKED:
                die("%s: unknown character %r" % (path, c))
    return rows


def generate_rooms(rng, width, height):
    """A grid of rooms: walls on random lines with a door or two per
    segment, plus scattered trees, swamp and grass for variety."""
    g = [["." for _ in range(width)] for _ in range(height)]
    xs = sorted(rng.sample(range(4, width - 4), max(1, width // 9)))
    ys = sorted(rng.sample(range(4, height - 4), max(1, height // 8)))
    for x in xs:
        for y in range(height):
            g[y][x] = "@"
    for y in ys:
        for x in range(width):
            g[y][x] = "@"
    # Doors: one or two gaps in each wall segment between crossings.
    for x in xs:
        cuts = [-1] + ys + [height]
        for a, b in zip(cuts, cuts[1:]):
            if b - a > 2:
                for _ in range(rng.randint(1, 2)):
                    g[rng.randrange(a + 1, b)][x] = "."
    for y in ys:
        cuts = [-1] + xs + [width]
        for a, b in zip(cuts, cuts[1:]):
            if b - a > 2:
                for _ in range(rng.randint(1, 2)):
                    g[y][rng.randrange(a + 1, b)] = "."
    # Trees, rocks, grass and swamp, so every map character is used.
    for _ in range(width * height // 12):
        x, y = rng.randrange(width), rng.randrange(height)
        if g[y][x] == ".":
            g[y][x] = rng.choice("TTOGS")
    return ["".join(r) for r in g]


def generate_random(rng, width, height):
    """A grid with a quarter of its cells blocked at random."""
    return ["".join(rng.choice("@@TO") if rng.random() < 0.25 else
                    rng.choice("....GS") for _ in range(width))
            for _ in range(height)]


def dijkstra(grid, width, height, sx, sy, gx, gy):
    """Cost of a cheapest path in floating point, or None."""
    def is_open(x, y):
        return 0 <= x < width and 0 <= y < height and grid[y][x]

    if not is_open(sx, sy) or not is_open(gx, gy):
        return None
    dist = {(sx, sy): 0.0}
    heap = [(0.0, sx, sy)]
    done = set()
    while heap:
        d, x, y = heapq.heappop(heap)
        if (x, y) in done:
            continue
        if (x, y) == (gx, gy):
            return d
        done.add((x, y))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == 0 and dy == 0:
                    continue
                nx, ny = x + dx, y + dy
                if not is_open(nx, ny):
                    continue
                if dx != 0 and dy != 0:
                    if not is_open(x + dx, y) or not is_open(x, y + dy):
                        continue
                    nd = d + SQRT2
                else:
                    nd = d + 1.0
                if nd < dist.get((nx, ny), math.inf):
                    dist[(nx, ny)] = nd
                    heapq.heappush(heap, (nd, nx, ny))
    return None


def reachable(grid, width, height, sx, sy):
    """The set of cells reachable from an open cell (flood fill)."""
    seen = {(sx, sy)}
    todo = [(sx, sy)]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (nx, ny) in seen or not (0 <= nx < width and
                                            0 <= ny < height):
                    continue
                if not grid[ny][nx]:
                    continue
                if dx != 0 and dy != 0 and (not grid[y][x + dx] or
                                            not grid[y + dy][x]):
                    continue
                seen.add((nx, ny))
                todo.append((nx, ny))
    return seen


class Builder:
    """Collects patches (deduplicated) and commands, tracking the grid."""

    def __init__(self, rng, width, height):
        self.rng = rng
        self.width = width
        self.height = height
        self.grid = [[1] * width for _ in range(height)]
        self.patches = []
        self.patch_ids = {}
        self.commands = []
        self.kinds = {}

    def patch(self, rows, x, y):
        """Emits a P command placing rows (strings) at (x, y)."""
        key = tuple(rows)
        if key not in self.patch_ids:
            self.patch_ids[key] = len(self.patches)
            self.patches.append(key)
        for j, r in enumerate(rows):
            for i, c in enumerate(r):
                self.grid[y + j][x + i] = 1 if c in OPEN else 0
        self.commands.append("P 0 %d %d %d" % (self.patch_ids[key], x, y))

    def cells(self, want_open):
        """Cells that are currently open (or blocked)."""
        return [(x, y) for y in range(self.height) for x in range(self.width)
                if bool(self.grid[y][x]) == want_open]

    def query(self, sx, sy, gx, gy, kind):
        """Emits a Q command with its reference cost."""
        d = dijkstra(self.grid, self.width, self.height, sx, sy, gx, gy)
        if d is None:
            cost, bucket = "-1", 0
        else:
            cost, bucket = "%.11g" % d, int(d // 4)
        self.commands.append("Q %d %d %d %d %d %s" %
                             (bucket, sx, sy, gx, gy, cost))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def random_query(self):
        """Emits a query of a randomly chosen kind."""
        rng = self.rng
        opened = self.cells(True)
        blocked = self.cells(False)
        roll = rng.random()
        if not opened:
            roll = 0.0
        if roll < 0.10 and blocked:
            b = rng.choice(blocked)
            o = rng.choice(opened) if opened else rng.choice(blocked)
            if rng.random() < 0.5:
                self.query(b[0], b[1], o[0], o[1], "blocked start")
            else:
                self.query(o[0], o[1], b[0], b[1], "blocked goal")
            return
        s = rng.choice(opened)
        if roll < 0.16:
            self.query(s[0], s[1], s[0], s[1], "start == goal")
            return
        if roll < 0.30:
            region = reachable(self.grid, self.width, self.height, *s)
            away = [c for c in opened if c not in region]
            if away:
                g = rng.choice(away)
                self.query(s[0], s[1], g[0], g[1], "unreachable")
                return
        g = rng.choice(opened)
        self.query(s[0], s[1], g[0], g[1], "random")


def rect(w, h, fill):
    """A patch of one character."""
    return [fill * w] * h


def build(rng, rows, queries, tile):
    """Builds the commands: reveal the map, then random events."""
    height, width = len(rows), len(rows[0])
    b = Builder(rng, width, height)
    tiles = [(x, y) for y in range(0, height, tile)
             for x in range(0, width, tile)]
    rng.shuffle(tiles)
    reveal_queries = queries * 2 // 5
    asked = 0
    for i, (x, y) in enumerate(tiles):
        w, h = min(tile, width - x), min(tile, height - y)
        b.patch([r[x:x + w] for r in rows[y:y + h]], x, y)
        while asked < reveal_queries * (i + 1) // len(tiles):
            b.random_query()
            asked += 1

    # Events on the revealed map.  A pen is a ring of wall round open
    # cells; with its inside cells as starts, unreachable goals are sure.
    events = max(6, (queries - asked) // 4)
    pen = None
    for e in range(events):
        kind = e % 6 if e < 6 else rng.randrange(6)
        pw, ph = rng.randint(1, 4), rng.randint(1, 4)
        if kind == 0 and width >= 5 and height >= 5:
            px, py = rng.randrange(width - 4), rng.randrange(height - 4)
            b.patch(["@@@@@", "@...@", "@.S.@", "@...@", "@@@@@"], px, py)
            pen = (px, py)
            inside = (px + 2, py + 2)
            out = [c for c in b.cells(True) if abs(c[0] - inside[0]) > 2 or
                   abs(c[1] - inside[1]) > 2]
            if out:
                g = rng.choice(out)
                b.query(inside[0], inside[1], g[0], g[1], "penned in")
                asked += 1
            continue
        if kind == 3 and pen is not None:
            b.patch(rect(5, 5, "."), pen[0], pen[1])
            pen = None
            continue
        pw, ph = min(pw, width), min(ph, height)
        px, py = rng.randrange(width - pw + 1), rng.randrange(height - ph + 1)
        if kind in (1, 4):
            # A door or a flood closes a rectangle.
            b.patch(rect(pw, ph, rng.choice("@OW")), px, py)
        elif kind == 2:
            # A collapse opens one.
            b.patch(rect(pw, ph, rng.choice(".GS")), px, py)
        else:
            # Rubble: a random mix.
            b.patch(["".join(rng.choice(".@.T") for _ in range(pw))
                     for _ in range(ph)], px, py)
        left = events - e
        for _ in range((queries - asked) // left):
            b.random_query()
            asked += 1
    while asked < queries:
        b.random_query()
        asked += 1
    return b


def write(b, out, header_note):
    """Writes OUT.scen and OUT.patch."""
    base = os.path.basename(out)
    with open(out + ".patch", "w", newline="\n") as f:
        f.write("type patch\npatches %d\n" % len(b.patches))
        for i, p in enumerate(b.patches):
            f.write("patch %d\nheight %d\nwidth %d\nmap\n" %
                    (i, len(p), len(p[0])))
            for r in p:
                f.write(r + "\n")
    with open(out + ".scen", "w", newline="\n") as f:
        f.write("version 2\nheight %d\nwidth %d\ncost 1 octile\n"
                "patch %s.patch\ncommands\n" % (b.height, b.width, base))
        for c in b.commands:
            f.write(c + "\n")
    kinds = ", ".join("%s %d" % kv for kv in sorted(b.kinds.items()))
    sys.stderr.write("gen-dyn.py: %s: %s; %d patches, %d commands; %s\n" %
                     (out, header_note, len(b.patches), len(b.commands),
                      kinds))


def main():
    """Parses arguments and writes the scenario."""
    ap = argparse.ArgumentParser(description="Generate a GPPC dynamic-track "
                                 "scenario and patch file.")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--map", help="Moving AI .map to reveal")
    ap.add_argument("--generate", choices=("rooms", "random"),
                    default="rooms", help="grid to make when no --map")
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--height", type=int, default=24)
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--tile", type=int, default=8,
                    help="side of the reveal patches")
    ap.add_argument("--out", required=True,
                    help="output path without extension")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    if args.map:
        rows = read_map(args.map)
        note = "revealing %s" % os.path.basename(args.map)
    else:
        if args.width < 10 or args.height < 10:
            die("generated grids need at least 10x10")
        make = generate_rooms if args.generate == "rooms" else \
            generate_random
        rows = make(rng, args.width, args.height)
        note = "generated %s %dx%d" % (args.generate, args.width,
                                       args.height)
    if args.queries < 1 or args.tile < 1:
        die("--queries and --tile must be at least 1")
    b = build(rng, rows, args.queries, args.tile)
    write(b, args.out, note)


if __name__ == "__main__":
    main()
