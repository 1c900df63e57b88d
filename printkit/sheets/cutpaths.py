"""Cut lines of a sheet as a blade should run them: every edge once, joined into as few strokes as can be.

Pieces that touch share an edge (a grid of tiles packed with no gap or bleed,
a honeycomb of hexagons); cutting each outline on its own runs the blade twice
over every shared edge, which tears thin card. Here the outlines of all the
pieces on a sheet (polygons in mm, page coordinates, y up) become one set of
paths in which each stretch of line is cut once:

1. Points are snapped to a 0.1 µm grid (`QUANTUM_MM`) and held as integers, so
   two outlines that meet give exactly the same vertex.
2. Edges are grouped by the straight line they lie on (an exact integer key:
   the reduced direction and the offset across it); on each line the covered
   intervals are united, so overlapping and touching edges become one run from
   end to end, whatever the shapes (rectangles, hexagons, polygons of circles).
3. The runs are joined end to end into polylines (`chains`): a walk starts at a
   node where an odd number of runs meet if there is one, and at each node goes
   on along the unused run that turns least, so a circle is one closed stroke
   and a grid is long straight cuts.

The result depends only on the outlines, never on their order of arrival in
memory beyond the deterministic sort, so the same sheet gives the same file.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

from printkit.sheets.geometry import Placement

QUANTUM_MM = 1e-4
Point = tuple[int, int]  # in units of QUANTUM_MM
Polygon = Sequence[tuple[float, float]]


def outline_on_page(placement: Placement) -> list[tuple[float, float]]:
    """The piece's cut outline in page mm: its `outline` polygon placed and turned, or its trim rectangle."""
    t = placement.trim
    outline = placement.piece.outline
    if outline is None:
        return [(t.x, t.y), (t.right, t.y), (t.right, t.top), (t.x, t.top)]
    if placement.turn == 90:  # drawn after translate(right, y) and a quarter turn counter-clockwise
        return [(t.right - py, t.y + px) for px, py in outline]
    if placement.turn == -90:
        return [(t.x + py, t.top - px) for px, py in outline]
    return [(t.x + px, t.y + py) for px, py in outline]


def _snap(p: tuple[float, float]) -> Point:
    return (round(p[0] / QUANTUM_MM), round(p[1] / QUANTUM_MM))


def _line_key(a: Point, b: Point) -> tuple[tuple[int, int, int], int, int]:
    """(the line through a and b as (dx, dy, offset), and a's and b's positions along it)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    g = math.gcd(dx, dy)
    dx, dy = dx // g, dy // g
    if dx < 0 or (dx == 0 and dy < 0):
        dx, dy = -dx, -dy
    offset = dx * a[1] - dy * a[0]
    return (dx, dy, offset), dx * a[0] + dy * a[1], dx * b[0] + dy * b[1]


def unique_runs(polygons: Iterable[Polygon]) -> list[tuple[Point, Point]]:
    """Every stretch of the polygons' edges once: collinear edges that overlap or touch united into runs."""
    lines: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    points: dict[tuple[tuple[int, int, int], int], Point] = {}
    for polygon in polygons:
        snapped = [_snap(p) for p in polygon]
        for a, b in zip(snapped, snapped[1:] + snapped[:1], strict=True):
            if a == b:
                continue
            key, ta, tb = _line_key(a, b)
            points[(key, ta)], points[(key, tb)] = a, b
            lines[key].append((min(ta, tb), max(ta, tb)))
    runs = []
    for key in sorted(lines):
        intervals = sorted(lines[key])
        start, end = intervals[0]
        for lo, hi in intervals[1:]:
            if lo > end:
                runs.append((points[(key, start)], points[(key, end)]))
                start = lo
            end = max(end, hi)
        runs.append((points[(key, start)], points[(key, end)]))
    return runs


def _heading(a: Point, b: Point) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


def chains(runs: Sequence[tuple[Point, Point]]) -> list[list[Point]]:
    """The runs joined end to end into polylines, each run in exactly one (see the module docstring)."""
    at: dict[Point, list[int]] = defaultdict(list)
    for i, (a, b) in enumerate(runs):
        at[a].append(i)
        at[b].append(i)
    used = [False] * len(runs)
    left = {node: len(edges) for node, edges in at.items()}
    nodes = sorted(at, key=lambda p: (-p[1], p[0]))  # top to bottom, left to right
    starts = [n for n in nodes if left[n] % 2] + nodes
    out = []
    for start in starts:
        while left[start]:
            out.append(_walk(start, runs, at, used, left))
    return out


def _walk(
    node: Point,
    runs: Sequence[tuple[Point, Point]],
    at: dict[Point, list[int]],
    used: list[bool],
    left: dict[Point, int],
) -> list[Point]:
    path = [node]
    heading: tuple[float, float] | None = None
    while left[node]:
        options = [i for i in at[node] if not used[i]]

        def turn(i: int, here: Point = node, h: tuple[float, float] | None = heading) -> float:
            a, b = runs[i]
            step = _heading(here, b if a == here else a)
            return 0.0 if h is None else -(step[0] * h[0] + step[1] * h[1])

        best = min(options, key=turn)
        used[best] = True
        a, b = runs[best]
        nxt = b if a == node else a
        left[node] -= 1
        left[nxt] -= 1
        heading = _heading(node, nxt)
        path.append(nxt)
        node = nxt
    return path


def sheet_chains(placements: Iterable[Placement]) -> list[list[tuple[float, float]]]:
    """The cut strokes of a sheet's pieces in page mm, each shared edge once."""
    strokes = chains(unique_runs(outline_on_page(p) for p in placements))
    return [[(x * QUANTUM_MM, y * QUANTUM_MM) for x, y in stroke] for stroke in strokes]
