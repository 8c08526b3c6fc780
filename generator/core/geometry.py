"""Hex and square grid geometry: pure functions over immutable values, in millimetres.

The vocabulary follows Red Blob Games' hex grid guide: axial coordinates (q, r) with the
derived cube coordinate s = -q - r, six directions, corners, neighbours, and a Layout that
maps cells to points. Screen y grows downwards, as in SVG.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from generator.core.records import field, new_args, record_repr

SQRT3 = math.sqrt(3.0)


# Hex, Point, Square and the layouts and transforms are tuples rather than frozen dataclasses:
# the searches and the drawing make and hash millions of them, and a tuple's constructor, hash
# and equality run in C. Their hashes, orderings and reprs are the dataclasses' own, so every
# set and dict iterates, and every board comes out, as before. They are written out as
# namedtuple would make them (generator/core/records.py says why).
_tuple_new = tuple.__new__


class Hex(tuple[int, int]):
    __slots__ = ()
    _fields = ("q", "r")
    q: int = field(0)
    r: int = field(1)
    __repr__ = record_repr
    __getnewargs__ = new_args

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


class Point(tuple[float, float]):
    __slots__ = ()
    _fields = ("x", "y")
    x: float = field(0)
    y: float = field(1)
    __repr__ = record_repr
    __getnewargs__ = new_args

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


class Orientation(tuple[float, float, float, float, float, float, float, float, float, int]):
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
    __repr__ = record_repr
    __getnewargs__ = new_args

    def __new__(cls, f0: float, f1: float, f2: float, f3: float, b0: float, b1: float,
                b2: float, b3: float, start_angle: float, edge_corner_offset: int
                ) -> Orientation:
        return _tuple_new(cls, (f0, f1, f2, f3, b0, b1, b2, b3, start_angle,
                                edge_corner_offset))


POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5, 0)
FLAT = Orientation(1.5, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0, -1)


_ORIGIN = Point(0.0, 0.0)


class Layout(tuple[Orientation, float, Point]):
    __slots__ = ()
    _fields = ("orientation", "size", "origin")
    orientation: Orientation = field(0)
    size: float = field(1)  # circumradius of a cell, mm
    origin: Point = field(2)
    __repr__ = record_repr
    __getnewargs__ = new_args

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


# --- boards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rhombus:
    """An N x N Hex board: q and r run from 0 to N - 1."""
    size: int

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"board size must be positive, not {self.size}")

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and 0 <= h.q < self.size and 0 <= h.r < self.size

    def __iter__(self) -> Iterator[Hex]:
        for r in range(self.size):
            for q in range(self.size):
                yield Hex(q, r)

    def __len__(self) -> int:
        return self.size * self.size

    def neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbours() if n in self]

    def frame(self) -> list[Hex]:
        """The ring of cells just outside the board, where side markers and coordinates sit."""
        n = self.size
        return [Hex(q, r) for r in range(-1, n + 1) for q in range(-1, n + 1)
                if not (0 <= q < n and 0 <= r < n)]


# --- square grids ---------------------------------------------------------------------------

SQUARE_DIRECTIONS = ((1, 0), (0, -1), (-1, 0), (0, 1))


class Square(tuple[int, int]):
    """A square of a grid: column to the right, row downwards."""
    __slots__ = ()
    _fields = ("col", "row")
    col: int = field(0)
    row: int = field(1)
    __repr__ = record_repr
    __getnewargs__ = new_args

    def __new__(cls, col: int, row: int) -> Square:
        return _tuple_new(cls, (col, row))

    def neighbours(self) -> tuple[Square, ...]:
        """The four squares sharing an edge with this one."""
        return tuple(Square(self.col + dc, self.row + dr) for dc, dr in SQUARE_DIRECTIONS)


@dataclass(frozen=True)
class SquareGrid:
    columns: int
    rows: int

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a grid needs at least one square, not {self.columns} x "
                             f"{self.rows}")

    def __contains__(self, s: object) -> bool:
        return isinstance(s, Square) and 0 <= s.col < self.columns and 0 <= s.row < self.rows

    def __iter__(self) -> Iterator[Square]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield Square(col, row)

    def __len__(self) -> int:
        return self.columns * self.rows

    def neighbours(self, s: Square) -> list[Square]:
        return [n for n in s.neighbours() if n in self]


# --- plane helpers ------------------------------------------------------------------------


class Affine(tuple[float, float, float, float, float, float]):
    """x' = a x + b y + e, y' = c x + d y + f."""
    __slots__ = ()
    _fields = ("a", "b", "c", "d", "e", "f")
    a: float = field(0)
    b: float = field(1)
    c: float = field(2)
    d: float = field(3)
    e: float = field(4)
    f: float = field(5)
    __repr__ = record_repr
    __getnewargs__ = new_args

    def __new__(cls, a: float = 1.0, b: float = 0.0, c: float = 0.0, d: float = 1.0,
                e: float = 0.0, f: float = 0.0) -> Affine:
        return _tuple_new(cls, (a, b, c, d, e, f))

    @staticmethod
    def rotation(degrees: float) -> Affine:
        t = math.radians(degrees)
        return Affine(math.cos(t), -math.sin(t), math.sin(t), math.cos(t))

    @staticmethod
    def scaling(k: float) -> Affine:
        return Affine(k, 0.0, 0.0, k)

    @staticmethod
    def translation(dx: float, dy: float) -> Affine:
        return Affine(e=dx, f=dy)

    def then(self, other: Affine) -> Affine:
        """This transform followed by other."""
        return Affine(
            other.a * self.a + other.b * self.c,
            other.a * self.b + other.b * self.d,
            other.c * self.a + other.d * self.c,
            other.c * self.b + other.d * self.d,
            other.a * self.e + other.b * self.f + other.e,
            other.c * self.e + other.d * self.f + other.f,
        )

    def apply(self, p: Point) -> Point:
        return Point(self.a * p.x + self.b * p.y + self.e, self.c * p.x + self.d * p.y + self.f)

    def linear_scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


def hatching(polygon: Sequence[Point], spacing: float,
             angle: float = -45.0) -> list[tuple[Point, Point]]:
    """Parallel lines across a convex polygon, `spacing` apart, running at `angle` degrees
    clockwise from the page's x axis (-45: rising to the right): a light way to mark an area
    that would otherwise be a large fill."""
    t = math.radians(angle)
    # Lines n . p = c, with n the unit normal to the lines' direction.
    nx, ny = -math.sin(t), math.cos(t)
    levels = [nx * p.x + ny * p.y for p in polygon]
    lines = []
    c = math.floor(min(levels) / spacing) * spacing + spacing
    while c < max(levels):
        hits = []
        for a, b in zip(polygon, list(polygon[1:]) + [polygon[0]], strict=False):
            fa, fb = nx * a.x + ny * a.y - c, nx * b.x + ny * b.y - c
            if (fa < 0) != (fb < 0):
                hits.append(a.lerp(b, fa / (fa - fb)))
        if len(hits) >= 2:
            # Ends ordered along the lines' direction.
            hits.sort(key=lambda p: p.x * math.cos(t) + p.y * math.sin(t))
            lines.append((hits[0], hits[-1]))
        c += spacing
    return lines


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Andrew's monotone chain; counter-clockwise in y-up terms, without repeated points."""
    pts = sorted(set((p.x, p.y) for p in points))
    if len(pts) <= 2:
        return [Point(x, y) for x, y in pts]

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [Point(x, y) for x, y in lower[:-1] + upper[:-1]]


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return min(xs), min(ys), max(xs), max(ys)


class Fit(tuple[float, float, Affine]):
    """How points fill a box: turned by `angle` degrees, scaled, then centred."""
    __slots__ = ()
    _fields = ("angle", "scale", "transform")
    angle: float = field(0)  # degrees, clockwise on the page
    scale: float = field(1)
    transform: Affine = field(2)
    __repr__ = record_repr
    __getnewargs__ = new_args

    def __new__(cls, angle: float, scale: float, transform: Affine) -> Fit:
        return _tuple_new(cls, (angle, scale, transform))


def best_fit(points: Sequence[Point], width: float, height: float,
             angles: Iterable[float]) -> Fit:
    """The rotation among `angles` that lets `points` fill a width x height box at the largest
    scale, centred in the box. Ties go to the earlier angle, so callers list preferred first."""
    hull = convex_hull(points)
    best: Fit | None = None
    for angle in angles:
        rot = Affine.rotation(angle)
        x0, y0, x1, y1 = bounds([rot.apply(p) for p in hull])
        scale = min(width / (x1 - x0), height / (y1 - y0))
        if best is None or scale > best.scale * (1 + 1e-9):
            centre = Affine.translation(-(x0 + x1) / 2, -(y0 + y1) / 2)
            transform = rot.then(centre).then(Affine.scaling(scale)).then(
                Affine.translation(width / 2, height / 2))
            best = Fit(angle, scale, transform)
    assert best is not None, "best_fit needs at least one angle"
    return best
