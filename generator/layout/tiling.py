"""Large boards on small paper: the board drawn at a chosen cell size, over several sheets.

The board page is drawn on a virtual sheet just large enough for cells of the asked size;
each real sheet shows one window onto it. Neighbouring windows overlap, and crosshairs
printed in the overlap on both sheets show how to lay them together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from generator import i18n
from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Circle, Clip, Page, Paint, Path, Shape, Text, place, segments
from generator.fonts import ASCENT, DESCENT, text_width
from generator.layout import sheet

OVERLAP = 12.0        # mm shared by neighbouring sheets
LABEL_STRIP = 7.0     # mm at the top of each sheet for its label
MARK_RADIUS = 2.5
CELL_RANGE = (5.0, 100.0)
MAX_SCALE = 20.0      # a virtual sheet at most this many times the paper's size
MAX_SHEETS = 100


def virtual_paper(paper: Paper, cell: Callable[[Paper], float], target: float) -> Paper:
    """A sheet of the paper's proportions on which the board's cells measure `target` mm
    across. Cells grow with the sheet, so bisection on the scale finds it."""
    low, high = 0.05, MAX_SCALE
    if cell(_scaled(paper, high)) < target:
        raise ValueError(f"cells of {target:g} mm are beyond what this board draws")
    for _ in range(60):
        k = math.sqrt(low * high)
        if cell(_scaled(paper, k)) < target:
            low = k
        else:
            high = k
    return _scaled(paper, high)


def _scaled(paper: Paper, k: float) -> Paper:
    return replace(paper, name=paper.name, width=paper.width * k, height=paper.height * k)


def bounds(shape: Shape) -> tuple[float, float, float, float]:
    """left, top, right, bottom of a shape's ink (text by its advance, turned or not)."""
    if isinstance(shape, Path):
        xs = [p.x for sub in shape.subpaths for p in sub]
        ys = [p.y for sub in shape.subpaths for p in sub]
        pad = shape.paint.width / 2
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    if isinstance(shape, Circle):
        c, r = shape.centre, shape.radius + shape.paint.width / 2
        return c.x - r, c.y - r, c.x + r, c.y + r
    if isinstance(shape, Clip):
        return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height
    advance, p = text_width(shape.text, shape.size, shape.font), shape.position
    if shape.angle:
        reach = advance + shape.size
        return p.x - reach, p.y - reach, p.x + reach, p.y + reach
    left = p.x - {"start": 0.0, "middle": advance / 2, "end": advance}[shape.anchor]
    return left, p.y - ASCENT * shape.size, left + advance, p.y + DESCENT * shape.size


def within(shapes: Iterable[Shape], x: float, y: float, width: float,
           height: float) -> tuple[Shape, ...]:
    """The shapes that reach into the rectangle: what a clip to it would show any of."""
    def meets(shape: Shape) -> bool:
        left, top, right, bottom = bounds(shape)
        return left < x + width and right > x and top < y + height and bottom > y
    return tuple(s for s in shapes if meets(s))


def board_only(page: Page, margin: float) -> Page:
    """The page's body, between its header and its footer, as a page of its own with the
    paper's margin round it: a tiled sheet carries its own label and ruler instead, so the
    board page's title, credit line and ruler appear on none of the sheets. (The board
    page may have turned to landscape, so its own size, not the paper's, places them.)"""
    x, y, width, height = sheet.body_box(Paper("board", page.width, page.height, margin))
    m = margin
    moved = place(page.shapes, Affine.translation(m - x, m - y))
    return Page(width + 2 * m, height + 2 * m,
                (Clip(m, m, width, height, within(moved, m, m, width, height)),))


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    xs: tuple[float, ...]   # left of each window, in the virtual page
    ys: tuple[float, ...]
    width: float            # window size
    height: float


def grid(page: Page, margin: float, sheet_paper: Paper) -> Grid:
    width = sheet_paper.inner_width
    height = sheet_paper.inner_height - LABEL_STRIP - sheet.FOOTER_HEIGHT

    def starts(lo: float, hi: float, window: float) -> tuple[float, ...]:
        span = hi - lo
        if span <= window:
            return (lo - (window - span) / 2,)
        n = math.ceil((span - OVERLAP) / (window - OVERLAP))
        step = (span - window) / (n - 1)
        return tuple(lo + i * step for i in range(n))
    xs = starts(margin, page.width - margin, width)
    ys = starts(margin, page.height - margin, height)
    return Grid(len(xs), len(ys), xs, ys, width, height)


def sheets_needed(page: Page, margin: float, sheet_paper: Paper) -> int:
    g = grid(page, margin, sheet_paper)
    return g.columns * g.rows


def crosshair(at: Point, colour: str) -> list[Shape]:
    r = MARK_RADIUS
    ink = Paint(stroke=colour, width=0.2, round_caps=False)
    return [Circle(at, r, ink),
            segments([(at + Point(-1.6 * r, 0), at + Point(1.6 * r, 0)),
                      (at + Point(0, -1.6 * r), at + Point(0, 1.6 * r))], ink)]


def marks(g: Grid, colour: str) -> list[Shape]:
    """Crosshairs in the middle of every overlap, at the same place for both sheets."""
    out: list[Shape] = []
    for i in range(g.columns - 1):
        x = (g.xs[i + 1] + g.xs[i] + g.width) / 2
        for y0 in g.ys:
            out += [s for f in (0.25, 0.75) for s in crosshair(Point(x, y0 + f * g.height),
                                                             colour)]
    for j in range(g.rows - 1):
        y = (g.ys[j + 1] + g.ys[j] + g.height) / 2
        for x0 in g.xs:
            out += [s for f in (0.25, 0.75) for s in crosshair(Point(x0 + f * g.width, y),
                                                             colour)]
    return out


def tile(page: Page, margin: float, sheet_paper: Paper, title: str,
         colours: Palette) -> list[Page]:
    """The page cut into overlapping windows, one per sheet, left to right, top to bottom."""
    g = grid(page, margin, sheet_paper)
    drawing = page.shapes + tuple(marks(g, colours["ink"]))
    left = sheet_paper.margin
    top = sheet_paper.margin + LABEL_STRIP
    total = g.columns * g.rows
    out = []
    for j, y0 in enumerate(g.ys):
        for i, x0 in enumerate(g.xs):
            n = j * g.columns + i + 1
            moved = place(drawing, Affine.translation(left - x0, top - y0))
            label = i18n._("%(title)s · sheet %(n)s of %(total)s: row %(row)s of %(rows)s, "
                           "column %(column)s of %(columns)s · lay the sheets over each other "
                           "so the crosshairs meet, then tape", title=title, n=n, total=total,
                           row=j + 1, rows=g.rows, column=i + 1, columns=g.columns)
            size = sheet.fitted(label, 3.0, sheet_paper.inner_width)
            shapes: list[Shape] = [
                Text(Point(left, sheet_paper.margin + 4), label, size, colours["muted"]),
                Clip(left, top, g.width, g.height, within(moved, left, top, g.width, g.height)),
                *sheet.ruler(sheet_paper, colours)]
            out.append(Page(sheet_paper.width, sheet_paper.height, tuple(shapes)))
    return out
