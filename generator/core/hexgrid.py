"""Hex grid coordinates and layouts: pure functions over immutable values, in millimetres.

The vocabulary follows Red Blob Games' hex grid guide: axial coordinates (q, r) with the
derived cube coordinate s = -q - r, six directions, corners, neighbours, and a Layout that
maps cells to points. Screen y grows downwards, as in SVG.

generator/core/geometry.py offers all of this with the boards, square grids and plane
helpers; the judges and engines import from here, so that `pnp judge` starts without those.
"""

from __future__ import annotations

import math
from functools import lru_cache

from generator.core.records import Record, field

SQRT3 = math.sqrt(3.0)


# Hex, Point, Square and the layouts and transforms are tuples rather than frozen dataclasses:
# the searches and the drawing make and hash millions of them, and a tuple's constructor, hash
# and equality run in C. Their hashes, orderings and reprs are the dataclasses' own, so every
# set and dict iterates, and every board comes out, as before. They are written out as
# namedtuple would make them (generator/core/records.py says why).
_tuple_new = tuple.__new__


class Hex(Record, tuple[int, int]):
    __slots__ = ()
    _fields = ("q", "r")
    q: int = field(0)
    r: int = field(1)

    def __new__(cls, q: int, r: int) -> Hex:
        return _tuple_new(cls, (q, r))

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
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


class Point(Record, tuple[float, float]):
    __slots__ = ()
    _fields = ("x", "y")
    x: float = field(0)
    y: float = field(1)

    def __new__(cls, x: float, y: float) -> Point:
        return _tuple_new(cls, (x, y))

    def __add__(self, other: Point) -> Point:  # type: ignore[override]
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Point:  # type: ignore[override]
        return Point(self.x * k, self.y * k)

    def lerp(self, other: Point, t: float) -> Point:
        return Point(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)

    def length(self) -> float:
        return math.hypot(self.x, self.y)


class Orientation(Record,
                  tuple[float, float, float, float, float, float, float, float, float, int]):
    """Forward and inverse matrices of a hex layout; pointy and flat are two values of this."""
    __slots__ = ()
    _fields = ("f0", "f1", "f2", "f3", "b0", "b1", "b2", "b3", "start_angle",
               "edge_corner_offset")
    f0: float = field(0)
    f1: float = field(1)
    f2: float = field(2)
    f3: float = field(3)
    b0: float = field(4)
    b1: float = field(5)
    b2: float = field(6)
    b3: float = field(7)
    start_angle: float = field(8)
    # Edge i (towards DIRECTIONS[i]) runs from corner i + offset to corner i + offset + 1.
    edge_corner_offset: int = field(9)

    def __new__(cls, f0: float, f1: float, f2: float, f3: float, b0: float, b1: float,
                b2: float, b3: float, start_angle: float, edge_corner_offset: int
                ) -> Orientation:
        return _tuple_new(cls, (f0, f1, f2, f3, b0, b1, b2, b3, start_angle,
                                edge_corner_offset))


POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5, 0)
FLAT = Orientation(1.5, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0, -1)


_ORIGIN = Point(0.0, 0.0)


class Layout(Record, tuple[Orientation, float, Point]):
    __slots__ = ()
    _fields = ("orientation", "size", "origin")
    orientation: Orientation = field(0)
    size: float = field(1)  # circumradius of a cell, mm
    origin: Point = field(2)

    def __new__(cls, orientation: Orientation, size: float, origin: Point = _ORIGIN
                ) -> Layout:
        return _tuple_new(cls, (orientation, size, origin))


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


def edge_endpoints(layout: Layout, h: Hex, direction: int) -> tuple[Point, Point]:
    ring = corners(layout, h)
    first = (direction + layout.orientation.edge_corner_offset) % 6
    return ring[first], ring[(first + 1) % 6]


def edge_key(h: Hex, direction: int) -> tuple[Hex, int]:
    """One name for an edge whichever of its two cells names it."""
    if direction < 3:
        return h, direction
    return h.neighbour(direction), opposite(direction)
