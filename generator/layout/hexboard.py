"""Drawing an N x N Hex rhombus on a page: placement, cells, sides and coordinates.

Positions are worked out in a unit layout (cell circumradius 1) and carried to the page by
one affine transform, so every game draws in cell units and gets millimetres for free.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from generator.core.geometry import (
    POINTY,
    Affine,
    Fit,
    Hex,
    Layout,
    Point,
    Rhombus,
    best_fit_hull,
    convex_hull,
    corners,
    edge_endpoints,
    edge_key,
)
from generator.core.gridfile import column_name
from generator.core.scene import SMALLEST_TEXT, Paint, Path, Shape, Text, area, segments
from generator.layout.figure_cache import forgotten_with_figures
from generator.layout.textlayout import centred_label

UNIT = Layout(POINTY, 1.0)
# Distances outside the board, in axial units from the outermost cell corners (2/3 past the
# last cell centre): the coloured side band, then coordinates, then the side's letter.
BAND = (0.12, 0.36)
# The bands' outline stroke, in cell radii, and how far past the outline it reaches at the
# board's sharp (60°) corners, where the mitre runs out to the full stroke width.
BAND_EDGE = 0.04
BAND_REACH = BAND_EDGE
COORDINATE_AT = 0.78
SIDE_LETTER_AT = 1.6
# Label sizes in cell radii, for the fit; the drawing scales them the same way.
COORDINATE_SIZE = 0.42
SIDE_LETTER_SIZE = 0.9
# Boards sit square to the page: turned only by multiples of 30 degrees, every cell edge runs
# at 0, 30, 60 or 90 degrees to the paper's edges, never a few degrees off like a sheet that
# fed crooked. (The rhombus looks the same turned half way round.) Which of these a board
# takes is its game's fact, the same on every paper and size and in its rules' figures, so
# a position copied from a figure to the board needs no turning in the head: the fit only
# scales, and the page turns to landscape where that gives larger cells.
ANGLES = (0, 30, 60, 90, 120, 150)


def axial_point(fq: float, fr: float) -> Point:
    """A point in the unit layout from fractional axial coordinates."""
    m = UNIT.orientation
    return Point(m.f0 * fq + m.f1 * fr, m.f2 * fq + m.f3 * fr)


@lru_cache(maxsize=4096)
def unit_corners(h: Hex) -> tuple[Point, ...]:
    """A cell's corners in the unit layout."""
    return corners(UNIT, h)


@dataclass(frozen=True)
class Placement:
    board: Rhombus
    transform: Affine  # unit layout -> page mm
    # The column letter at each sharp corner left to the opposite side (place_board), only
    # where that makes the cells larger.
    tip_letters_moved: bool = False

    @property
    def cell_radius(self) -> float:
        """Circumradius of a cell on the page, mm (also the length of its edges)."""
        return self.transform.linear_scale()

    def point(self, fq: float, fr: float) -> Point:
        return self.transform.apply(axial_point(fq, fr))

    def centre(self, h: Hex) -> Point:
        return self.point(h.q, h.r)

    def corners(self, h: Hex) -> tuple[Point, ...]:
        # The cell's corners kept: a board page's layout draws the board at each size it
        # tries, every corner of every cell.
        return self.transform.apply_all(unit_corners(h))

    def edge(self, h: Hex, direction: int) -> tuple[Point, Point]:
        a, b = edge_endpoints(UNIT, h, direction=direction)
        return self.transform.apply(a), self.transform.apply(b)

    @property
    def low(self) -> float:
        return -2 / 3

    @property
    def high(self) -> float:
        return self.board.size - 1 + 2 / 3


def outline(size: int, distance: float) -> list[Point]:
    """The parallelogram `distance` axial units outside the board's outermost corners."""
    lo, hi = -2 / 3 - distance, size - 1 + 2 / 3 + distance
    return [axial_point(lo, lo), axial_point(hi, lo), axial_point(hi, hi), axial_point(lo, hi)]


# A board whose sharp (60°) corners are cut (`cut_tips`): its bands stop square across the
# long diagonal, where mitred they ran out three times their width past the corner cell's
# point (on Blind Hex's 11 x 11 board, 18 mm beyond the cells at each end, two and a half
# cells of height the fit took from every cell); where the column letter at each sharp
# corner then reaches furthest, and the cells gain by it, it is left to the opposite side,
# where it stands by the same column (place_board). The cut crosses the
# diagonal TIP_CUT cell radii out from the corner cell's centre: halfway along the cell's two
# outer edges (they run from its point, 1 radius out, back to 0.5), so the bands still flank
# the corner cell on both its sides, and the band's outer corner, the page's last ink along
# the diagonal, stands 0.58 of a radius past the cell's point instead of 1.15 (cut 1.5 band
# distances past it, as first): Blind Hex's 11 x 11 board without coordinates on Letter,
# as tall as the page between its margins, has cells of 16.00 mm instead of 15.39.
TIP_CUT = 0.75


def tip_cuts(size: int) -> tuple[tuple[Point, float], ...]:
    """The half-planes that cut the sharp corners, each as (a unit direction out along the
    long diagonal, the most a kept point lies along it)."""
    out = Point(-math.sqrt(3) / 2, -0.5)        # from cell (0, 0) out through its point
    far = axial_point(size - 1, size - 1)
    return ((out, TIP_CUT), (Point(-out.x, -out.y), -(far.x * out.x + far.y * out.y) + TIP_CUT))


def clipped(points: list[Point], cuts: tuple[tuple[Point, float], ...]) -> list[Point]:
    """A convex polygon cut by half-planes (Sutherland and Hodgman's clipping)."""
    for direction, limit in cuts:
        kept: list[Point] = []
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            da = a.x * direction.x + a.y * direction.y - limit
            db = b.x * direction.x + b.y * direction.y - limit
            if da <= 0:
                kept.append(a)
            if da * db < 0:
                t = da / (da - db)
                kept.append(Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)))
        points = kept
    return points


def tip_column(size: int, *, fq: float, fr: float) -> bool:
    """Whether a column letter at (fq, fr) is the one at a sharp corner."""
    return (fq, fr < 0) in ((0, True), (size - 1, False))


def _disc(centre: Point, radius: float) -> list[Point]:
    return [centre + Point(radius * math.cos(a * math.pi / 4), radius * math.sin(a * math.pi / 4))
            for a in range(8)]


def side_letter_distance(with_coordinates: bool) -> float:
    """Side letters move in to where the coordinates would be when there are none."""
    return SIDE_LETTER_AT if with_coordinates else SIDE_LETTER_AT - COORDINATE_AT


# A ring of border cells drawn outside the board pushes the labels out by one cell row.
BORDER_ROW = 1.0


def extent(size: int, with_coordinates: bool = True, *, outset: float = 0.0,
           smallest: float = 0.0, cut_tips: bool = False,
           tip_letters_moved: bool = False) -> list[Point]:
    """Points the drawn board reaches in the unit layout: bands, coordinates, side letters;
    `outset` axial units further out when border cells surround the board. Labels are at
    least `smallest` cell radii high, for boards whose cells are small. `cut_tips`: the
    sharp corners cut (TIP_CUT); `tip_letters_moved`: the column letters at them left to
    the opposite side."""
    reach = BAND[1] + BAND_REACH + outset
    points = outline(size, reach)
    if cut_tips:
        points = clipped(points, tip_cuts(size))
    if with_coordinates:
        lo, hi = -2 / 3 - COORDINATE_AT - outset, size - 1 + 2 / 3 + COORDINATE_AT + outset
        for i in (0, size - 1):
            for fq, fr in ((i, lo), (i, hi), (lo, i), (hi, i)):
                tip = tip_letters_moved and tip_column(size, fq=fq, fr=fr)
                if not tip:
                    points += _disc(axial_point(fq, fr), max(COORDINATE_SIZE, smallest))
                # The letter that stands next along the side, now the last before the corner.
                if tip:
                    step = 1 if fq == 0 else -1
                    points += _disc(axial_point(fq + step, fr), max(COORDINATE_SIZE, smallest))
    at = side_letter_distance(with_coordinates) + outset
    lo, hi = -2 / 3 - at, size - 1 + 2 / 3 + at
    mid = (size - 1) / 2
    for fq, fr in ((lo, mid), (hi, mid), (mid, lo), (mid, hi)):
        points += _disc(axial_point(fq, fr), max(SIDE_LETTER_SIZE, smallest) * 0.6)
    return points


def label_size(share: float, cell_radius: float) -> float:
    """A label `share` of a cell radius high, but never under the smallest text (mm)."""
    return max(share * cell_radius, SMALLEST_TEXT)


# A board is fitted into many boxes (a corner layout's search, a paper's two ways round, a
# pennies board's box narrowed step by step): its outline's hull is found once a board (and
# again after a test's control changes how it is cut).
@forgotten_with_figures
@lru_cache(maxsize=256)
def _extent_hull(size: int, with_coordinates: bool, outset: float, smallest: float,
                 cut_tips: bool, tip_letters_moved: bool) -> tuple[Point, ...]:
    return tuple(convex_hull(extent(size, with_coordinates, outset=outset, smallest=smallest,
                                    cut_tips=cut_tips, tip_letters_moved=tip_letters_moved)))


def placed_hull(p: Placement, *, with_coordinates: bool, outset: float = 0.0,
                cut_tips: bool = False) -> list[Point]:
    """The hull of all the placed board draws, on the page."""
    return convex_hull(p.transform.apply(q) for q in extent(
        p.board.size, with_coordinates, outset=outset, cut_tips=cut_tips,
        tip_letters_moved=p.tip_letters_moved))


def place_board(size: int, x: float, *, y: float, width: float, height: float, angle: float,
                with_coordinates: bool = True, outset: float = 0.0,
                cut_tips: bool = False) -> Placement:
    """Turn the board by its game's `angle` (one of ANGLES, degrees clockwise) and scale it
    and its labels to fill the box. Where cells come out so small that labels keep the
    smallest text size instead of scaling with them, the fit makes room for labels that
    large. A board with its sharp corners cut has the column letters there left to the
    opposite side only where that gives larger cells (a player looks for a1 by its letter)."""
    if angle not in ANGLES:
        raise ValueError(f"a board turns by one of {ANGLES} degrees, not {angle:g}")
    fit = _fit(size, width, height, angle=angle, with_coordinates=with_coordinates,
               outset=outset, cut_tips=cut_tips, tip_letters_moved=False)
    moved = False
    if cut_tips and with_coordinates:
        tight = _fit(size, width, height, angle=angle, with_coordinates=with_coordinates,
                     outset=outset, cut_tips=cut_tips, tip_letters_moved=True)
        if tight.scale > fit.scale * (1 + 1e-9):
            fit, moved = tight, True
    return Placement(Rhombus(size), fit.transform.then(Affine.translation(x, y)),
                     tip_letters_moved=moved)


def _fit(size: int, width: float, height: float, *, angle: float, with_coordinates: bool,
         outset: float, cut_tips: bool, tip_letters_moved: bool) -> Fit:
    smallest = 0.0
    for _ in range(8):
        fit = best_fit_hull(_extent_hull(size, with_coordinates, outset, smallest, cut_tips,
                                         tip_letters_moved),
                            width, height=height, angles=(angle,))
        need = SMALLEST_TEXT / fit.scale
        if need <= max(smallest, COORDINATE_SIZE if with_coordinates else SIDE_LETTER_SIZE):
            break
        smallest = need * 1.02
    return fit


# A board's cells, their edges and the marks drawn on them (Blind Hex's) are drawn from the
# same corners: each cell's six are found once a placement, where finding them for each of
# these took a third of drawing a 25 x 25 board.
@lru_cache(maxsize=8)
def page_corners(p: Placement) -> Mapping[Hex, tuple[Point, ...]]:
    """Each cell's corners on the page, as Placement.corners finds them."""
    return MappingProxyType({h: p.corners(h) for h in p.board})


def corner_edge(ring: tuple[Point, ...], direction: int) -> tuple[Point, Point]:
    """A cell's edge towards `direction` from its corners on the page: the same two points
    Placement.edge finds (edge_endpoints takes the same two of the same corners)."""
    first = (direction + UNIT.orientation.edge_corner_offset) % 6
    return ring[first], ring[(first + 1) % 6]


@lru_cache(maxsize=8)
def cell_edges(p: Placement) -> tuple[tuple[Point, Point], ...]:
    """Every edge of the board's cells once, in the order of its cells and their sides:
    the same for every palette and page a placement is drawn in."""
    rings = page_corners(p)
    seen = set()
    edges = []
    for h in p.board:
        for d in range(6):
            key = edge_key(h, d)
            if key not in seen:
                seen.add(key)
                edges.append(corner_edge(rings[h], d))
    return tuple(edges)


def cell_shapes(p: Placement, line_paint: Paint, *, fills: dict[Hex, str] | None = None,
                cell_fill: str = "#ffffff") -> list[Shape]:
    """Cell backgrounds, then every edge once."""
    fills = fills or {}
    shapes: list[Shape] = []
    by_colour: dict[str, list[tuple[Point, ...]]] = {}
    rings = page_corners(p)
    for h in p.board:
        by_colour.setdefault(fills.get(h, cell_fill), []).append(rings[h])
    for colour in sorted(by_colour):
        shapes.append(Path(tuple(by_colour[colour]), Paint(fill=colour), closed=True))
    shapes.append(segments(cell_edges(p), line_paint))
    return shapes


def side_bands(p: Placement, *, q_colour: str, r_colour: str,
               edge: str | None = None, hatched: bool = False,
               outset: float = 0.0, cut_tips: bool = False) -> list[Shape]:
    """Four trapezoids along the sides, mitred where they meet: q sides in one colour, r
    sides in the other; an edge colour outlines them, for a side coloured like the paper.
    Hatched, q sides take single lines and r sides cross-hatching (a side coloured like
    the paper stays plain). `outset` axial units moves them out, as `extent` does, for a
    board whose outer edges carry marks that would otherwise reach them."""
    inner = outline(p.board.size, BAND[0] + outset)
    outer = outline(p.board.size, BAND[1] + outset)
    cuts = tip_cuts(p.board.size) if cut_tips else ()
    # outline order: (lo,lo), (hi,lo), (hi,hi), (lo,hi); side i runs from corner i to i+1.
    colours = [r_colour, q_colour, r_colour, q_colour]
    patterns = ["cross", "lines", "cross", "lines"]
    width = BAND_EDGE * p.cell_radius
    bands = [[p.transform.apply(pt) for pt in clipped(
        [inner[i], inner[(i + 1) % 4], outer[(i + 1) % 4], outer[i]], cuts)] for i in range(4)]
    return [shape for i, band in enumerate(bands)
            for shape in area(band, colours[i],
                              hatched=hatched and colours[i] != "#ffffff" and patterns[i],
                              edge=edge, edge_width=width)]


def coordinates(p: Placement, colour: str, *, size: float, outset: float = 0.0
                ) -> list[Text]:
    n = p.board.size
    lo = p.low - COORDINATE_AT - outset
    hi = p.high + COORDINATE_AT + outset
    labels = []
    for i in range(n):
        for fr in (lo, hi):
            if p.tip_letters_moved and tip_column(n, fq=i, fr=fr):
                continue
            at = p.point(i, fr)
            labels.append(centred_label(at.x, at.y, text=column_name(i), size=size, colour=colour))
        for at in (p.point(lo, i), p.point(hi, i)):
            labels.append(centred_label(at.x, at.y, text=str(i + 1), size=size, colour=colour))
    return labels


def side_letters(p: Placement, q_text: str, *, r_text: str, q_colour: str, r_colour: str,
                 size: float, with_coordinates: bool = True, outset: float = 0.0) -> list[Text]:
    mid = (p.board.size - 1) / 2
    at = side_letter_distance(with_coordinates) + outset
    lo = p.low - at
    hi = p.high + at
    out = []
    for fq, fr, text, colour in ((lo, mid, q_text, q_colour), (hi, mid, q_text, q_colour),
                                 (mid, lo, r_text, r_colour), (mid, hi, r_text, r_colour)):
        spot = p.point(fq, fr)
        out.append(centred_label(spot.x, spot.y, text=text, size=size, colour=colour, font="bold"))
    return out


def labels(p: Placement, *, q_side: tuple[str, str], r_side: tuple[str, str], muted: str,
           with_coordinates: bool = True, outset: float = 0.0) -> list[Text]:
    """Coordinates (if wanted) and the players' letters, each side's as (text, colour)."""
    r = p.cell_radius
    out = (coordinates(p, muted, size=label_size(COORDINATE_SIZE, r), outset=outset)
           if with_coordinates else [])
    return out + side_letters(p, q_side[0], r_text=r_side[0], q_colour=q_side[1],
                              r_colour=r_side[1],
                              size=label_size(SIDE_LETTER_SIZE, r),
                              with_coordinates=with_coordinates, outset=outset)
