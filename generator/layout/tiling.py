"""Large boards on small paper: the board drawn at a chosen cell size, over several sheets.

The board page is drawn on a virtual sheet just large enough for cells of the asked size;
each real sheet shows one window onto it. Neighbouring windows overlap by at least OVERLAP.
Every sheet but the first is trimmed along a dashed line at its left and top window edges
(the seams) and laid over the sheets before it; crosshairs centred on each seam are whole on
the sheet beneath and cut in half on the trimmed one, so the halves meet when the sheets lie
right. Seams are placed clear of text, so no label is split between two sheets; text that
crosses a window's other edges lies where the next sheet covers it, and is left off.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    ARTIFACT,
    BEFORE_ANCHOR,
    SMALLEST_TEXT,
    Circle,
    Clip,
    Group,
    Page,
    Paint,
    Path,
    Shape,
    Text,
    flattened,
    place,
    segments,
)
from generator.fonts import ASCENT, DESCENT, text_width
from generator.i18n import Words
from generator.layout import sheet
from generator.layout.flow import STYLE

OVERLAP = 12.0        # mm shared by neighbouring sheets, at least
INSET = 1.5           # mm the window stands inside the printer's margin: a trim line just
                      # outside it still prints
CLEAR = 2.0           # mm between the board and the label or ruler: nothing touches it
RULER_ROOM = 4.7      # mm the calibration ruler and its labels take above the bottom margin
LABEL_SIZE = STYLE.body
LEADING = 1.3
TRIM_WIDTH, TRIM_DASH = 0.3, (2.0, 1.5)
TEXT_CLEAR = 0.5      # mm a seam keeps from any text, so no label is cut in two
MARK_RADIUS = 2.5
CELL_RANGE = (5.0, 100.0)
MAX_SCALE = 20.0      # a virtual sheet at most this many times the paper's size
MAX_SHEETS = 100


def virtual_paper(paper: Paper, cell: Callable[[Paper], float], *, target: float) -> Paper:
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
    if isinstance(shape, Group):
        boxes = [bounds(inner) for inner in flattened((shape,))] or [(0.0, 0.0, 0.0, 0.0)]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
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
    advance, p = text_width(shape.text, shape.size, role=shape.font), shape.position
    if shape.angle:
        reach = advance + shape.size
        return p.x - reach, p.y - reach, p.x + reach, p.y + reach
    left = p.x - advance * BEFORE_ANCHOR[shape.anchor]
    return left, p.y - ASCENT * shape.size, left + advance, p.y + DESCENT * shape.size


def within(shapes: Iterable[Shape], x: float, *, y: float, width: float,
           height: float) -> tuple[Shape, ...]:
    """The shapes that reach into the rectangle: what a clip to it would show any of. A
    clip inside is narrowed to the rectangle and keeps only what shows through both, so
    nothing wholly clipped away is written to the page (a reader, or a preflight, would
    otherwise find hundreds of invisible labels off the sheet)."""
    def meets(shape: Shape) -> bool:
        left, top, right, bottom = bounds(shape)
        return left < x + width and right > x and top < y + height and bottom > y
    out: list[Shape] = []
    for shape in shapes:
        if not meets(shape):
            continue
        if isinstance(shape, Clip):
            left, top = max(x, shape.x), max(y, shape.y)
            right = min(x + width, shape.x + shape.width)
            bottom = min(y + height, shape.y + shape.height)
            inner = within(shape.shapes, left, y=top, width=right - left, height=bottom - top)
            if inner:
                out.append(Clip(left, top, right - left, bottom - top, inner))
            continue
        out.append(shape)
    return tuple(out)


def board_only(page: Page, margin: float) -> Page:
    """The page's body, between its header and its footer, as a page of its own with the
    paper's margin round it: a tiled sheet carries its own label and ruler instead, so the
    board page's title, credit line and ruler appear on none of the sheets. (The board
    page may have turned to landscape, so its own size, not the paper's, places them.)"""
    x, y, width, height = sheet.body_box(Paper("board", page.width, page.height, margin))
    # The page's own words and ruler (its title, line and credit, wherever they stand) are
    # left off; a board set over the page's whole height with its words in the corners it
    # leaves (generator/layout/boardpage.py) reaches past the body: then the page inside
    # its margins is taken.
    shapes = [s for s in page.shapes if not _furniture(s)]
    if any(bounds(s)[1] < y - 1e-6 or bounds(s)[3] > y + height + 1e-6 for s in shapes):
        x, y, width, height = margin, margin, page.width - 2 * margin, page.height - 2 * margin
    m = margin
    moved = place(shapes, Affine.translation(m - x, m - y))
    return Page(width + 2 * m, height + 2 * m,
                (Clip(m, m, width, height, within(moved, m, y=m, width=width, height=height)),))


def _furniture(shape: Shape) -> bool:
    """Whether a shape is a sheet's title (H1), the line beside or under it, its credit
    (paragraphs 1 and 2, as generator/layout/sheet.py and corners.py set them) or page
    furniture (its ruler, the rule under its header)."""
    role = getattr(shape, "role", None)     # a clip has none of its own
    return role is not None and (role.kind in ("H1", ARTIFACT)
                                 or (role.kind == "P" and role.element in (1, 2)))


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    xs: tuple[float, ...]   # left of each window, in the virtual page: the column seams
    ys: tuple[float, ...]
    width: float            # window size
    height: float


def steps_text(*, words: Words) -> str:
    return words._("1. Trim along the dashed lines (sheet 1 has none). 2. Overlap: lay each "
                   "sheet over those before it. 3. Match the crosshairs: the halves at a trimmed "
                   "edge complete those beneath. 4. Tape on the back.")


def label_width(sheet_paper: Paper) -> float:
    """The label runs from just right of a left trim line to the window's right edge."""
    return sheet_paper.inner_width - 2 * INSET - CLEAR


def steps_lines(sheet_paper: Paper, *, words: Words) -> list[str]:
    """The steps wrapped to the label's width, a step's number kept with its first word."""
    tokens: list[str] = []
    for word in steps_text(words=words).split():
        if tokens and tokens[-1][:-1].isdigit() and tokens[-1].endswith("."):
            tokens[-1] += f"\u00a0{word}"
        else:
            tokens.append(word)
    lines: list[str] = []
    for word in tokens:
        if lines and text_width(f"{lines[-1]} {word}", LABEL_SIZE) <= label_width(sheet_paper):
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return [line.replace("\u00a0", " ") for line in lines]


def strip_height(sheet_paper: Paper, *, words: Words) -> float:
    """The label above the window: a line naming the sheet, then the numbered steps."""
    return (1 + len(steps_lines(sheet_paper, words=words))) * LABEL_SIZE * LEADING + CLEAR


def window(sheet_paper: Paper, *, words: Words) -> tuple[float, float, float, float]:
    """left, top, width, height of the window on each real sheet."""
    left = sheet_paper.margin + INSET
    top = sheet_paper.margin + INSET + strip_height(sheet_paper, words=words)
    return (left, top, sheet_paper.inner_width - 2 * INSET,
            sheet_paper.height - sheet_paper.margin - RULER_ROOM - CLEAR - top)


def text_boxes(shapes: Iterable[Shape]) -> list[tuple[float, float, float, float]]:
    """The extent of every text, inside clips too."""
    out = []
    for shape in shapes:
        if isinstance(shape, Clip):
            out += text_boxes(shape.shapes)
        elif isinstance(shape, Group):
            out += text_boxes(flattened((shape,)))
        elif isinstance(shape, Text):
            out.append(bounds(shape))
    return out


def starts(lo: float, hi: float, *, window: float,
           spans: list[tuple[float, float]]) -> tuple[float, ...]:
    """Window starts covering lo to hi, neighbours sharing at least OVERLAP, spread evenly
    but each seam moved, as little as may be, off the given spans of text. Where no seam
    clear of text exists, one or two windows more are tried before giving up on it."""
    span = hi - lo
    if span <= window:
        return (lo - (window - span) / 2,)
    fewest = math.ceil((span - OVERLAP) / (window - OVERLAP))

    def crossed(at: float) -> int:
        return sum(a - TEXT_CLEAR < at < b + TEXT_CLEAR for a, b in spans)

    def placed(count: int, strict: bool) -> tuple[float, ...] | None:
        step = (span - window) / (count - 1)
        out = [lo]
        for k in range(1, count):
            # A later window may not leave the rest more than the windows after it can cover.
            low = max(out[-1] + 1.0, hi - window - (count - 1 - k) * (window - OVERLAP))
            high = out[-1] + window - OVERLAP
            target = min(max(lo + k * step, low), high)
            tries = [t for n in range(int((high - low) * 4) + 2) for sign in (1, -1)
                     if low <= (t := target + sign * 0.25 * n) <= high]
            found = next((t for t in tries if not crossed(t)), None)
            if found is None:
                if strict:
                    return None
                # No seam clear of text: the one that cuts the fewest labels.
                found = min(tries or [target], key=crossed)
            out.append(found)
        return tuple(out) if out[-1] + window >= hi - 1e-9 else None

    for count in (fewest, fewest + 1, fewest + 2):
        found = placed(count, strict=True)
        if found is not None:
            return found
    step = (span - window) / (fewest - 1)
    return placed(fewest, strict=False) or tuple(lo + i * step for i in range(fewest))


def grid(page: Page, margin: float, *, sheet_paper: Paper, words: Words) -> Grid:
    _left, _top, width, height = window(sheet_paper, words=words)
    boxes = text_boxes(within(page.shapes, 0, y=0, width=page.width, height=page.height))
    xs = starts(margin, page.width - margin, window=width, spans=[(b[0], b[2]) for b in boxes])
    ys = starts(margin, page.height - margin, window=height, spans=[(b[1], b[3]) for b in boxes])
    return Grid(len(xs), len(ys), xs, ys, width, height)


def sheets_needed(page: Page, margin: float, *, sheet_paper: Paper, words: Words) -> int:
    g = grid(page, margin, sheet_paper=sheet_paper, words=words)
    return g.columns * g.rows


def crosshair(at: Point, colour: str) -> list[Shape]:
    r = MARK_RADIUS
    ink = Paint(stroke=colour, width=0.2, round_caps=False)
    return [Circle(at, r, ink),
            segments([(at + Point(-1.6 * r, 0), at + Point(1.6 * r, 0)),
                      (at + Point(0, -1.6 * r), at + Point(0, 1.6 * r))], ink)]


def marks(g: Grid, colour: str) -> list[Shape]:
    """Crosshairs centred on every seam, at the same place for both sheets: whole on the
    sheet beneath, halved by the trim on the sheet laid over it."""
    out: list[Shape] = []
    for x in g.xs[1:]:
        for y0 in g.ys:
            out += [s for f in (0.25, 0.75) for s in crosshair(Point(x, y0 + f * g.height),
                                                             colour)]
    for y in g.ys[1:]:
        for x0 in g.xs:
            out += [s for f in (0.25, 0.75) for s in crosshair(Point(x0 + f * g.width, y),
                                                             colour)]
    return out


def seen(shapes: Iterable[Shape], x: float, *, y: float, width: float, height: float,
         trimmed_left: bool, trimmed_top: bool) -> tuple[Shape, ...]:
    """What the window shows. Text it does not hold whole is left off: past the right or
    bottom edge it lies under the next sheet; only text across a seam (where no seam clear
    of text was found) is kept, cut, so the two halves still meet."""
    def keep(shape: Shape) -> bool:
        if isinstance(shape, Clip):
            return True
        if not isinstance(shape, Text):
            return True
        left, top, right, bottom = bounds(shape)
        whole = left >= x and top >= y and right <= x + width and bottom <= y + height
        return whole or (trimmed_left and left < x < right) or (trimmed_top and top < y < bottom)

    def sift(found: tuple[Shape, ...]) -> tuple[Shape, ...]:
        out: list[Shape] = []
        for s in found:
            if isinstance(s, Clip):
                inner = sift(s.shapes)
                if inner:
                    out.append(Clip(s.x, s.y, s.width, s.height, inner))
            elif keep(s):
                out.append(s)
        return tuple(out)
    return sift(within(shapes, x, y=y, width=width, height=height))


def over_which(n: int, i: int, *, j: int, columns: int, words: Words) -> str:
    """The sheets a sheet is laid over: the one to its left and the one above it."""
    under = [n - 1] if i > 0 else []
    under += [n - columns] if j > 0 else []
    if not under:
        return words._("the others go over it")
    if len(under) == 1:
        return words._("goes over sheet %(n)s", n=under[0])
    return words._("goes over sheets %(a)s and %(b)s", a=under[1], b=under[0])


def label(sheet_paper: Paper, text: str, *, colours: Palette, words: Words) -> list[Shape]:
    """The sheet's name in bold, then the steps at body size, just right of where a left
    trim line runs."""
    x = sheet_paper.margin + INSET + CLEAR
    width = label_width(sheet_paper)
    # Set smaller where it would not fit, to 6 pt, and shortened by its last parts below that.
    parts = text.split(" · ")
    while len(parts) > 1 and sheet.fitted(" · ".join(parts), LABEL_SIZE, width=width,
                                          font="bold") < SMALLEST_TEXT:
        parts.pop()
    first = " · ".join(parts)
    size = sheet.fitted(first, LABEL_SIZE, width=width, font="bold")
    y = sheet_paper.margin + INSET + ASCENT * LABEL_SIZE
    shapes: list[Shape] = [Text(Point(x, y), first, size, colours["ink"], "bold")]
    for k, line in enumerate(steps_lines(sheet_paper, words=words), start=1):
        shapes.append(Text(Point(x, y + k * LABEL_SIZE * LEADING), line, LABEL_SIZE,
                           colours["ink"]))
    return shapes


def trim_lines(sheet_paper: Paper, i: int, *, j: int, colour: str, words: Words) -> list[Shape]:
    """Dashed lines just outside the window's left edge (from the second column on) and top
    edge (from the second row on), across the whole sheet: cut along them."""
    left, top, width, _height = window(sheet_paper, words=words)
    m, half = sheet_paper.margin, TRIM_WIDTH / 2
    ink = Paint(stroke=colour, width=TRIM_WIDTH, dash=TRIM_DASH, round_caps=False)
    out: list[Shape] = []
    if i > 0:
        out.append(segments([(Point(left - half, m), Point(left - half, sheet_paper.height - m))],
                            ink))
    if j > 0:
        out.append(segments([(Point(m, top - half), Point(sheet_paper.width - m, top - half))],
                            ink))
    return out


def tile(page: Page, margin: float, *, sheet_paper: Paper, title: str,
         colours: Palette, words: Words) -> list[Page]:
    """The page cut into overlapping windows, one per sheet, left to right, top to bottom."""
    g = grid(page, margin, sheet_paper=sheet_paper, words=words)
    drawing = page.shapes + tuple(marks(g, colours["ink"]))
    left, top, _width, _height = window(sheet_paper, words=words)
    total = g.columns * g.rows
    # The ruler moves right, clear of a left trim line.
    ruler = place(sheet.ruler(sheet_paper, colours), Affine.translation(INSET + CLEAR, 0))
    out = []
    for j, y0 in enumerate(g.ys):
        for i, x0 in enumerate(g.xs):
            n = j * g.columns + i + 1
            moved = place(drawing, Affine.translation(left - x0, top - y0))
            name = words._("%(title)s · sheet %(n)s of %(total)s: row %(row)s of %(rows)s, "
                           "column %(column)s of %(columns)s · %(where)s", title=title, n=n,
                           total=total, row=j + 1, rows=g.rows, column=i + 1,
                           columns=g.columns, where=over_which(n, i, j=j, columns=g.columns,
                                                               words=words))
            shapes: list[Shape] = [
                *label(sheet_paper, name, colours=colours, words=words),
                Clip(left, top, g.width, g.height,
                     seen(moved, left, y=top, width=g.width, height=g.height, trimmed_left=i > 0,
                          trimmed_top=j > 0)),
                *trim_lines(sheet_paper, i, j=j, colour=colours["ink"], words=words), *ruler]
            out.append(Page(sheet_paper.width, sheet_paper.height, tuple(shapes)))
    return out
