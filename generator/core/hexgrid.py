"""Hex grid coordinates and layouts: pure functions over immutable values, in millimetres.

The vocabulary follows Red Blob Games' hex grid guide: axial coordinates (q, r) with the
derived cube coordinate s = -q - r, six directions, corners, neighbours, and a Layout that
maps cells to points. Screen y grows downwards, as in SVG.

generator/core/geometry.py offers all of this with the boards, square grids and plane
helpers; the judges and engines, which need none of those, import from here.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

SQRT3 = math.sqrt(3.0)


# The hex grid's values are named tuples that compare only with their own kind, where pnp's
# other values are frozen dataclasses: the judges load them at start, where a dataclass's
# generated methods (compiled from source as its class is made) cost a judge 10 to 30 ms
# more, and the searches hash millions of cells, which a tuple hashes in C. Each hashes as
# the tuple of its fields, as a frozen dataclass does, so every set and dict of cells
# iterates, and every board comes out, in the same order either way.
class OwnKind(tuple[Any, ...]):
    """Equality and order with values of the same class only (Hex(1, 2) is not the tuple
    (1, 2), nor a Square or a Point with those numbers), and no tuple arithmetic: mixed in
    before a NamedTuple's fields."""
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __lt__(self, other: Any) -> bool:
        if type(other) is not type(self):
            _unordered(self, "<", other)
        return tuple.__lt__(self, other)

    def __le__(self, other: Any) -> bool:
        if type(other) is not type(self):
            _unordered(self, "<=", other)
        return tuple.__le__(self, other)

    def __gt__(self, other: Any) -> bool:
        if type(other) is not type(self):
            _unordered(self, ">", other)
        return tuple.__gt__(self, other)

    def __ge__(self, other: Any) -> bool:
        if type(other) is not type(self):
            _unordered(self, ">=", other)
        return tuple.__ge__(self, other)

    def __add__(self, other: Any) -> Any:
        return NotImplemented

    def __radd__(self, other: Any) -> Any:
        # Raised, not NotImplemented: `() + hex` would then fall back to joining tuples.
        raise TypeError(f"a {type(self).__name__} is no tuple to add to")

    def __mul__(self, other: Any) -> Any:
        return NotImplemented

    __rmul__ = __mul__


def _unordered(value: object, operator: str, other: object) -> None:
    # Raised, not NotImplemented, which would let a plain tuple order itself against one.
    raise TypeError(f"'{operator}' not supported between instances of "
                    f"'{type(value).__name__}' and '{type(other).__name__}'")


class _HexFields(NamedTuple):
    q: int
    r: int


class Hex(OwnKind, _HexFields):
    __slots__ = ()

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


class _PointFields(NamedTuple):
    x: float
    y: float


class Point(OwnKind, _PointFields):
    __slots__ = ()

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


class _OrientationFields(NamedTuple):
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


class Orientation(OwnKind, _OrientationFields):
    """Forward and inverse matrices of a hex layout; pointy and flat are two values of this."""
    __slots__ = ()


POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5, 0)
FLAT = Orientation(1.5, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0, -1)


_ORIGIN = Point(0.0, 0.0)


class _LayoutFields(NamedTuple):
    orientation: Orientation
    size: float  # circumradius of a cell, mm
    origin: Point = _ORIGIN


class Layout(OwnKind, _LayoutFields):
    __slots__ = ()


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
    # The edge's two corners only: a board draws thousands of edges (a record's diagrams).
    centre, offsets = hex_to_pixel(layout, h), corner_offsets(layout)
    first = (direction + layout.orientation.edge_corner_offset) % 6
    return centre + offsets[first], centre + offsets[(first + 1) % 6]


def edge_key(h: Hex, direction: int) -> tuple[Hex, int]:
    """One name for an edge whichever of its two cells names it."""
    if direction < 3:
        return h, direction
    return h.neighbour(direction), opposite(direction)
