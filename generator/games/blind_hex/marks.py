"""Blind Hex's hash marks: the glyph of each number drawn on a cell edge (one to four ticks,
a gate for five and more), kept clear of the edge's corners, as the board, its key, the
rule sheet's figures and the cards draw them."""
from __future__ import annotations

import functools
import math

from generator.core.geometry import Point
from generator.core.scene import (
    Paint,
    Shape,
    segments,
)
from generator.games.blind_hex.rules import (
    HashBoard,
)
from generator.layout import hexboard


def glyph_span(numbers: int) -> float:
    """Width of the widest glyph on a board with this many numbers, in tick spacings."""
    if numbers <= 4:
        return max(numbers - 1, 1)
    return 3.0 + (0.0 if numbers == 5 else 1.6 + (numbers - 6))


# Marks keep this share of the edge's length clear round each end of it (the cell's corner),
# so glyphs on edges that meet at a corner never run together, and a corner stays sharp.
VERTEX_CLEAR = 0.3
TICK_HALF = 0.2       # a tick reaches this share of the edge's length to either side of it
GATE_LEAN = 0.8       # the gate's slash reaches this share of a tick's reach
# Side bands stand this many axial units further out than on other games' boards: the marks
# on the outer edges reach out towards them.
MARK_OUTSET = 0.1


def _glyph(a: Point, b: Point, number: int, gap: float) -> list[tuple[Point, Point]]:
    """Tally marks across the edge from a to b with ticks `gap` apart, centred on it."""
    # In plain numbers, each sum as the points' own arithmetic takes it (the same floats to
    # the last bit): a 25 x 25 board draws some 3,000 ticks, and a Point made for each step
    # of each was a third of its marks' time.
    length = math.dist((a.x, a.y), (b.x, b.y))
    tx, ty = (b.x - a.x) / length, (b.y - a.y) / length     # along the edge
    nx, ny = -ty, tx                                        # across it
    mx, my = a.x + (b.x - a.x) * 0.5, a.y + (b.y - a.y) * 0.5   # its middle
    half = TICK_HALF * length
    gate = number >= 5
    extra = number - 5 if gate else number
    offsets = [float(i) for i in range(4)] if gate else []
    start = 3 + 1.6 if gate else 0.0
    offsets += [start + i for i in range(extra)]
    centre = (offsets[0] + offsets[-1]) / 2
    out = []
    for o in offsets:
        along = (o - centre) * gap
        cx, cy = mx + tx * along, my + ty * along
        out.append((Point(cx + nx * half, cy + ny * half),
                    Point(cx - nx * half, cy - ny * half)))
    if gate:
        low, high = (-0.6 - centre) * gap, (3.6 - centre) * gap
        lean = GATE_LEAN * half
        out.append((Point(mx + tx * low + nx * -lean, my + ty * low + ny * -lean),
                    Point(mx + tx * high + nx * lean, my + ty * high + ny * lean)))
    return out


def corner_clearance(segs: list[tuple[Point, Point]], a: Point, *, b: Point) -> float:
    """The least distance from the glyph's lines to either end of its edge."""
    def to_segment(p: Point, s: tuple[Point, Point]) -> float:
        u, dx, dy = s[0], s[1].x - s[0].x, s[1].y - s[0].y
        k = max(0.0, min(1.0, ((p.x - u.x) * dx + (p.y - u.y) * dy) / max(dx * dx + dy * dy,
                                                                          1e-12)))
        return math.dist((u.x + k * dx, u.y + k * dy), (p.x, p.y))
    return min(to_segment(end, s) for s in segs for end in (a, b))


@functools.cache
def _unit_gap(numbers: int) -> float:
    """Tick spacing on an edge of length 1: as wide as reads well, but no wider than keeps
    every glyph on the board (and its stroke) VERTEX_CLEAR from the edge's ends."""
    a, b = Point(0.0, 0.0), Point(1.0, 0.0)
    gap = min(0.15, 0.68 / glyph_span(numbers))
    while gap > 0.01:
        stroke = min(0.055, 0.5 * gap) / 2
        if all(corner_clearance(_glyph(a, b, k, gap), a, b=b) - stroke >= VERTEX_CLEAR
               for k in range(1, numbers + 1)):
            break
        gap *= 0.99
    return gap


def glyph_segments(a: Point, b: Point, *, number: int, numbers: int) -> list[tuple[Point, Point]]:
    """Tally marks across the edge from a to b: 1-4 ticks, 5 a gate (four ticks and a slash),
    6-9 a gate followed by 1-4 ticks. Spacing is the same for every glyph on one board."""
    return _glyph(a, b, number, tick_gap(math.dist((a.x, a.y), (b.x, b.y)), numbers))


def tick_gap(edge_length: float, numbers: int) -> float:
    return _unit_gap(numbers) * edge_length


def mark_width(edge_length: float, numbers: int) -> float:
    # Never more than half the spacing, or dense glyphs run together into a bar.
    return min(0.5, max(0.15, 0.055 * edge_length), 0.5 * tick_gap(edge_length, numbers))


def hash_marks(p: hexboard.Placement, board: HashBoard, *, colour: str) -> list[Shape]:
    segs = []
    rings = hexboard.page_corners(p)
    for (cell, direction), number in board.edges.items():
        # (An edge of the board's outline may be named from the cell outside it.)
        a, b = hexboard.corner_edge(rings[cell], direction) if cell in rings \
            else p.edge(cell, direction)
        segs += glyph_segments(a, b, number=number, numbers=board.numbers)
    return [segments(segs, Paint(stroke=colour, width=mark_width(p.cell_radius, board.numbers)))]
