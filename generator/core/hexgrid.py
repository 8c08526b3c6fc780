"""Hex grid coordinates and layouts: pure functions over immutable values, in millimetres.

The vocabulary follows Red Blob Games' hex grid guide: axial coordinates (q, r) with the
derived cube coordinate s = -q - r, six directions, corners, neighbours, and a Layout that
maps cells to points. Screen y grows downwards, as in SVG.

generator/core/geometry.py offers all of this with the boards, square grids and plane
helpers; the judges and engines, which need none of those, import from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

SQRT3 = math.sqrt(3.0)


# Every value here is a frozen, slotted dataclass, as pnp's other values are: it equals only
# values of its own kind (Hex(1, 2) is not the tuple (1, 2), nor a Square or a Point with
# those numbers), and hashes as the tuple of its fields. Cells also order, among cells only,
# so sets and dicts of cells iterate, and every board comes out, in one order; points and
# layouts are never sorted, and ordering them would cost each command's start-up (four more
# generated methods a class) for nothing.
@dataclass(frozen=True, slots=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        d = self - other
        return (abs(d.q) + abs(d.r) + abs(d.s)) // 2

    def swapped(self) -> Hex:
        """The player swap: reflection of the rhombus in its long diagonal q = r."""
        return Hex(self.r, self.q)


# The order matters: edge i of a cell faces DIRECTIONS[i], and board files store edges in it.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)


def direction_index(delta: Hex) -> int:
    return DIRECTIONS.index(delta)


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def swapped_direction(direction: int) -> int:
    """Where direction i points after the player swap (q, r) -> (r, q)."""
    d = DIRECTIONS[direction]
    return direction_index(Hex(d.r, d.q))


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Point:
        return Point(self.x * k, self.y * k)

    def lerp(self, other: Point, t: float) -> Point:
        return Point(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)

    def length(self) -> float:
        return math.hypot(self.x, self.y)


@dataclass(frozen=True, slots=True)
class Orientation:
    """Forward and inverse matrices of a hex layout; pointy and flat are two values of this."""
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float
    # Edge i (towards DIRECTIONS[i]) runs from corner i + offset to corner i + offset + 1.
    edge_corner_offset: int


POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5, 0)
FLAT = Orientation(1.5, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0, -1)


_ORIGIN = Point(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Layout:
    orientation: Orientation
    size: float  # circumradius of a cell, mm
    origin: Point = _ORIGIN


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size
    return Point(x + layout.origin.x, y + layout.origin.y)


def pixel_to_hex(layout: Layout, p: Point) -> Hex:
    m = layout.orientation
    x = (p.x - layout.origin.x) / layout.size
    y = (p.y - layout.origin.y) / layout.size
    return hex_round(m.b0 * x + m.b1 * y, m.b2 * x + m.b3 * y)


def hex_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def corner_offset(layout: Layout, corner: int) -> Point:
    angle = 2.0 * math.pi * (layout.orientation.start_angle - corner) / 6.0
    return Point(layout.size * math.cos(angle), layout.size * math.sin(angle))


@lru_cache(maxsize=16)
def corner_offsets(layout: Layout) -> tuple[Point, ...]:
    return tuple(corner_offset(layout, i) for i in range(6))


def corners(layout: Layout, h: Hex) -> tuple[Point, ...]:
    centre = hex_to_pixel(layout, h)
    return tuple(centre + offset for offset in corner_offsets(layout))


def edge_endpoints(layout: Layout, h: Hex, *, direction: int) -> tuple[Point, Point]:
    # The edge's two corners only: a board draws thousands of edges (a record's diagrams).
    centre, offsets = hex_to_pixel(layout, h), corner_offsets(layout)
    first = (direction + layout.orientation.edge_corner_offset) % 6
    return centre + offsets[first], centre + offsets[(first + 1) % 6]


def edge_key(h: Hex, direction: int) -> tuple[Hex, int]:
    """One name for an edge whichever of its two cells names it."""
    if direction < 3:
        return h, direction
    return h.neighbour(direction), opposite(direction)
