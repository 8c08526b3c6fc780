"""A sheet's title, ruler and credit set in the corners a rhombus board leaves empty, so the
board takes the page's whole height: the title and its line top right, the ruler and the
credit bottom left (the board's sharp corners reach the other two). What is set there is
checked clear of the board's outline; where it is not, the board keeps the usual header
and footer (generator/layout/sheet.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import SMALLEST_TEXT, Role, Shape, Text
from generator.fonts import ASCENT, DESCENT, text_width
from generator.layout import sheet

CLEAR = 2.0            # mm between what a corner holds and the board's outline
LINE_GAP = 1.25        # lines of a corner's text, in sizes

Box = tuple[float, float, float, float]     # left, top, right, bottom, mm


def text_box(text: Text) -> Box:
    """The box a line of text takes on the page (upright text)."""
    width = text_width(text.text, text.size, role=text.font)
    left = {"start": text.position.x, "middle": text.position.x - width / 2,
            "end": text.position.x - width}[text.anchor]
    return (left, text.position.y - ASCENT * text.size, left + width,
            text.position.y + DESCENT * text.size)


def distance_to_hull(at: Point, hull: Sequence[Point]) -> float:
    """How far a point stands outside a convex polygon (0 inside it)."""
    inside, best = True, math.inf
    turns = [((b.x - a.x) * (at.y - a.y) - (b.y - a.y) * (at.x - a.x))
             for a, b in zip(hull, [*hull[1:], hull[0]], strict=True)]
    inside = all(t >= 0 for t in turns) or all(t <= 0 for t in turns)
    for a, b in zip(hull, [*hull[1:], hull[0]], strict=True):
        ex, ey = b.x - a.x, b.y - a.y
        t = max(0.0, min(1.0, ((at.x - a.x) * ex + (at.y - a.y) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(at.x - (a.x + t * ex), at.y - (a.y + t * ey)))
    return 0.0 if inside else best


def segment_distance(at: Point, a: Point, *, b: Point) -> float:
    """How far a point stands from the segment a-b."""
    ex, ey = b.x - a.x, b.y - a.y
    length = ex * ex + ey * ey
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((at.x - a.x) * ex + (at.y - a.y) * ey)
                                             / length))
    return math.hypot(at.x - (a.x + t * ex), at.y - (a.y + t * ey))


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a-b and c-d cross."""
    def side(p: Point, q: Point, *, r: Point) -> float:
        return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
    return side(a, b, r=c) * side(a, b, r=d) < 0 and side(c, d, r=a) * side(c, d, r=b) < 0


# mm past `than` a side must leave a box for it to be found apart without measuring: far
# over the rounding of the distances measured, so the answer is theirs.
APART = 1e-6


def beyond_a_side(points: Sequence[Point], edges: Sequence[tuple[Point, Point]], *,
                  by: float) -> bool:
    """Whether the line through one side of a convex polygon (`edges`, in order round it)
    leaves all the points at least `by` mm on its outer side: then no point of the polygon
    comes nearer them than that."""
    turning = sum((b.x - a.x) * (b.y + a.y) for a, b in edges)     # its sign: the order
    sign = 1.0 if turning < 0 else -1.0
    for a, b in edges:
        ex, ey = b.x - a.x, b.y - a.y
        length = math.hypot(ex, ey)
        if length == 0.0:
            continue
        if all(sign * (ex * (q.y - a.y) - ey * (q.x - a.x)) <= -by * length for q in points):
            return True
    return False


def nearer(box: Box, hull: Sequence[Point], *, than: float) -> bool:
    """Whether a box comes nearer a convex polygon than `than` (> 0) mm: where they meet, or
    a corner of one stands that near an edge of the other (two convex shapes that do not
    meet are nearest at a corner of one and an edge of the other). Found at the first
    corner and edge that near: a layout's search tries many boxes that are."""
    left, top, right, bottom = box
    corners_ = [Point(left, top), Point(right, top), Point(right, bottom), Point(left, bottom)]
    hull_edges = list(zip(hull, [*hull[1:], hull[0]], strict=True))
    if beyond_a_side(corners_, hull_edges, by=than + APART):
        return False
    box_edges = list(zip(corners_, [*corners_[1:], corners_[0]], strict=True))
    return any(segment_distance(c, a, b=b) < than for c in corners_ for a, b in hull_edges) \
        or any(segment_distance(c, a, b=b) < than for c in hull for a, b in box_edges) \
        or any(left <= c.x <= right and top <= c.y <= bottom for c in hull) \
        or any(distance_to_hull(c, hull) == 0.0 for c in corners_) \
        or any(_crosses(a, b, c, d) for a, b in box_edges for c, d in hull_edges)


def clear_of(hull: Sequence[Point], boxes: Sequence[Box], *, paper: Paper) -> bool:
    """Whether every box lies inside the page's margins and CLEAR of the hull."""
    for box in boxes:
        left, top, right, bottom = box
        if left < paper.margin - 1e-6 or right > paper.width - paper.margin + 1e-6:
            return False
        if top < paper.margin - 1e-6 or bottom > paper.height - paper.margin + 1e-6:
            return False
        if nearer(box, hull, than=CLEAR):
            return False
    return True


def title_corner(paper: Paper, title: str, *, subtitle: str, colours: Palette,
                 width: float) -> list[Text]:
    """The title and, under it, its line, set to the right margin at the top, the line
    broken to `width` (each line at least 6 pt)."""
    right = paper.width - paper.margin
    y = paper.margin + sheet.TITLE_SIZE * ASCENT
    shapes = [Text(Point(right, y), title, sheet.TITLE_SIZE, colours["ink"], "bold", "end",
                   role=Role("H1", text=title))]
    size = max(SMALLEST_TEXT, sheet.SUBTITLE_SIZE * 0.9)
    for line_ in sheet.wrap_words(subtitle, size, width=width):
        y += size * LINE_GAP + (2.0 if len(shapes) == 1 else 0.0)
        shapes.append(Text(Point(right, y), line_, size, colours["muted"], anchor="end",
                           role=Role("P", 1, subtitle)))
    return shapes


def credit_corner(paper: Paper, text: str, *, colours: Palette, width: float) -> list[Shape]:
    """The ruler at the foot of the left margin, as on every sheet, and the credit in lines
    of `width` over it, set to the left margin."""
    size = max(SMALLEST_TEXT, sheet.FOOTER_SIZE)
    lines = sheet.wrap_words(text, size, width=width)
    # The ruler's marks reach 2.6 mm up from the margin, its line above them: the credit
    # stands above both.
    bottom = paper.height - paper.margin - 6.5
    return sheet.ruler(paper, colours) + [
        Text(Point(paper.margin, bottom - (len(lines) - 1 - i) * size * LINE_GAP), line_, size,
             colours["muted"], role=Role("P", 2, text))
        for i, line_ in enumerate(lines)]


def credit_top(paper: Paper, text: str, *, width: float) -> float:
    """Where the credit's first line reaches up to, for what stands above it."""
    size = max(SMALLEST_TEXT, sheet.FOOTER_SIZE)
    count = len(sheet.wrap_words(text, size, width=width))
    return paper.height - paper.margin - 6.5 - (count - 1) * size * LINE_GAP - ASCENT * size
