"""Hex and square grid geometry: pure functions over immutable values, in millimetres.

The hex grid's coordinates and layouts (Hex, Point, Layout, corners, ...) are in
generator/core/hexgrid.py and offered here too; here are the boards, the square grids and the
plane helpers (transforms, hatching, hulls, fitting points in a box).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from generator.core.hexgrid import (
    DIRECTIONS,
    FLAT,
    POINTY,
    SQRT3,
    Hex,
    Layout,
    Orientation,
    Point,
    corner_offset,
    corner_offsets,
    corners,
    direction_index,
    edge_endpoints,
    edge_key,
    hex_round,
    hex_to_pixel,
    opposite,
    pixel_to_hex,
    swapped_direction,
)

__all__ = [
    "DIRECTIONS", "FLAT", "POINTY", "SQRT3", "SQUARE_DIRECTIONS", "Affine", "Fit", "Hex",
    "Layout", "Orientation", "Point", "Rhombus", "Square", "SquareGrid", "best_fit", "bounds",
    "convex_hull", "corner_offset", "corner_offsets", "corners", "direction_index",
    "edge_endpoints", "edge_key", "hatching", "hex_round", "hex_to_pixel", "opposite",
    "pixel_to_hex", "swapped_direction",
]


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


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A square of a grid: column to the right, row downwards (equal to its own kind only,
    as the hex grid's values are)."""
    col: int
    row: int

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


@dataclass(frozen=True, slots=True, order=True)
class Affine:
    """x' = a x + b y + e, y' = c x + d y + f."""
    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

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

    def apply_all(self, points: Iterable[Point]) -> tuple[Point, ...]:
        """`apply` to many points in one call (a board's thousands, moved alike)."""
        return self.apply_paths((points,))[0]

    def apply_paths(self, subpaths: Iterable[Iterable[Point]]
                    ) -> tuple[tuple[Point, ...], ...]:
        """`apply` to each point of a path's subpaths, in one call, written out rather than
        called for each: a figure's grid lines are thousands of two-point subpaths, and a
        call and a comprehension for each was a sixth of setting a rule sheet."""
        a, b, c, d, e, f = self.a, self.b, self.c, self.d, self.e, self.f
        if b == c == 0.0 and e != 0.0 and f != 0.0:
            # No turn and a move both ways (a sheet placed on a page, a page on a sheet):
            # a x + 0 y + e is a x + e to the last bit when e is not zero, so the terms
            # that are always zero are left out.
            return tuple([tuple([Point(a * p.x + e, d * p.y + f) for p in sub])
                          for sub in subpaths])
        return tuple([tuple([Point(a * p.x + b * p.y + e, c * p.x + d * p.y + f) for p in sub])
                      for sub in subpaths])

    def linear_scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


# Kept: the same cells are hatched again and again (Hex KB's border in each of a rule
# sheet's six figures, drawn from one placement).
@lru_cache(maxsize=1024)
def hatching(polygon: tuple[Point, ...], spacing: float,
             *, angle: float = -45.0) -> tuple[tuple[Point, Point], ...]:
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
    return tuple(lines)


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Andrew's monotone chain; counter-clockwise in y-up terms, without repeated points."""
    pts = sorted(set((p.x, p.y) for p in points))
    if len(pts) <= 2:
        return [Point(x, y) for x, y in pts]

    def cross(o: tuple[float, float], a: tuple[float, float], *, b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], b=p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], b=p) <= 0:
            upper.pop()
        upper.append(p)
    return [Point(x, y) for x, y in lower[:-1] + upper[:-1]]


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True, slots=True, order=True)
class Fit:
    """How points fill a box: turned by `angle` degrees, scaled, then centred."""
    angle: float  # degrees, clockwise on the page
    scale: float
    transform: Affine


def best_fit(points: Sequence[Point], width: float, *, height: float,
             angles: Iterable[float]) -> Fit:
    """The rotation among `angles` that lets `points` fill a width x height box at the largest
    scale, centred in the box. Ties go to the earlier angle, so callers list preferred first."""
    return best_fit_hull(convex_hull(points), width, height=height, angles=angles)


def best_fit_hull(hull: Sequence[Point], width: float, *, height: float,
                  angles: Iterable[float]) -> Fit:
    """best_fit of points whose convex hull (convex_hull's) is `hull`: for a caller that
    fits the same drawing into many boxes and keeps its hull."""
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
