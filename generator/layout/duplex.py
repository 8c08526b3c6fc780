"""Sheets printed back to back: the blank page that keeps a front on the front of a sheet,
the shift that corrects a printer whose backs land off their fronts, and the calibration
sheet that measures that shift.

A kit's back-to-back parts (card fronts and backs, a puzzle and its solution) start on an
odd page, so that printed double-sided, every front is the front of a sheet and the page
after it its back; a blank page, marked as printers mark one, goes before a part that would
start on an even page. `--back-offset X,Y` moves every back X mm to the right and Y mm up as
seen on the back, as dominiontabs' --back-offset and --back-offset-height do in points
(github.com/sumpfork/dominiontabs, src/domdiv/config_options.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Page, Paint, Shape, Text, place, segments
from generator.i18n import Words
from generator.layout import sheet
from generator.layout.textlayout import centred_label

# How a kit's back-to-back parts are printed: on both sides of the sheet (turned over on
# its long edge); fronts and backs side by side on one side, to fold along the gutter (a
# printer without double-sided printing); or only the sheet that measures --back-offset.
DUPLEX, GUTTER_FOLD, CALIBRATE = "duplex", "gutter-fold", "calibrate"
MODES = (DUPLEX, GUTTER_FOLD, CALIBRATE)
MAX_OFFSET = 10.0      # mm: a printer further off than this needs mending, not a shift
SCALE = 8              # the calibration scales run from -SCALE to SCALE mm
AWAY = 25.0            # mm from the centre: where each scale stands, apart from the other
LABEL = 2.2            # mm: their numbers, just over the smallest text (6 pt)


@dataclass(frozen=True, slots=True)
class Backs:
    """How the kit's back-to-back sheets are to be printed: the mode, and the shift of
    every back page (mm, right and up as seen on the back)."""
    mode: str = DUPLEX
    offset: tuple[float, float] = (0.0, 0.0)


def parse_offset(text: str) -> tuple[float, float]:
    """`X,Y` in mm, each within MAX_OFFSET; ValueError with the reason otherwise."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p.strip()) for p in parts)
    except ValueError:
        raise ValueError(f"{text!r} is not X,Y in mm (such as 1.5,-0.5)") from None
    if not all(abs(v) <= MAX_OFFSET for v in (x, y)):      # also refuses nan and inf
        raise ValueError(f"{text!r}: each shift is at most {MAX_OFFSET:g} mm; a printer further "
                         f"off needs its paper guides set")
    return x, y


def shifted(page: Page, offset: tuple[float, float]) -> Page:
    """A back page moved by the offset: right and up as seen on the back."""
    dx, dy = offset
    if dx == dy == 0.0:
        return page
    return Page(page.width, page.height, tuple(place(page.shapes, Affine.translation(dx, -dy))))


def blank_page(like: Page, colours: Palette, *, words: Words) -> Page:
    """A page left blank so that the next part starts on the front of a sheet, saying so as
    printers do, in small type at its foot; the size of the page before it."""
    text = words._("This page is intentionally left blank.")
    return Page(like.width, like.height, (
        Text(Point(like.width / 2, like.height - 20.0), text, 2.8, colours["muted"],
             anchor="middle"),))


def calibration_pages(paper: Paper, colours: Palette, *, words: Words) -> list[Page]:
    """Two pages to print on one sheet, back to back: the front's lines cross the middle of
    the page; the back's scales, numbered in mm, are where those lines fall on a perfect
    printer. Held to a light, the back toward you, the numbers the front's lines meet are
    --back-offset X,Y."""
    ink = Paint(stroke=colours["ink"], width=0.3, round_caps=False)
    cx, cy = paper.width / 2, paper.height / 2
    _x, top, _w, height = sheet.body_box(paper)
    front = sheet.header(paper, words._("Calibration sheet: front"), subtitle=words._(
        "print this page and the next on one sheet, double-sided"), colours=colours)
    front.append(segments([(Point(cx, top + 8), Point(cx, top + height - 8)),
                           (Point(paper.margin + 8, cy), Point(paper.width - paper.margin - 8,
                                                               cy))], ink))
    front += _steps(paper, top + 4, colours, words=words)
    back = sheet.header(paper, words._("Calibration sheet: back"), subtitle=words._(
        "hold the sheet to a light, this side toward you"), colours=colours)
    back += _scale(cx, cy, horizontal=True, colours=colours)
    back += _scale(cx, cy, horizontal=False, colours=colours)
    return [Page(paper.width, paper.height,
                 tuple(front + sheet.footer(paper, "", colours=colours))),
            Page(paper.width, paper.height, tuple(back + sheet.footer(paper, "", colours=colours)))]


def _steps(paper: Paper, y: float, colours: Palette, *, words: Words) -> list[Shape]:
    """How to read the sheet, at the top of its front, beside the vertical line."""
    text = words._("Print this sheet double-sided, turned over on the long edge, as you will print "
                   "the kit. Hold it to a light with its back toward you. Where the vertical line "
                   "of this side meets the back's scale across, read X; where the horizontal line "
                   "meets the scale up the page, read Y. Make the kit with its backs moved X mm to "
                   "the right and Y mm up (0,0 needs nothing).")
    width = paper.width / 2 - paper.margin - 6
    lines = sheet.wrap_words(text, 3.0, width=width)
    return [Text(Point(paper.margin, y + 3.0 + i * 3.9), line_, 3.0, colours["ink"])
            for i, line_ in enumerate(lines)]


def _scale(cx: float, cy: float, horizontal: bool, colours: Palette) -> list[Shape]:
    """Ticks every mm from -SCALE to SCALE through the centre, numbered every 4 mm; across
    the page, positive to the right; up it, positive upwards."""
    ink = Paint(stroke=colours["ink"], width=0.2, round_caps=False)
    ticks = []
    name = "X" if horizontal else "Y"
    labels: list[Shape] = [Text(Point(cx - SCALE - 6, cy - AWAY - 1) if horizontal else
                                Point(cx + AWAY - 1, cy + SCALE + 5), name, 3.5,
                                colours["ink"], "bold")]
    for mm in range(-SCALE, SCALE + 1):
        tall = 3.0 if mm == 0 else 2.0 if mm % 2 == 0 else 1.0
        if horizontal:
            ticks.append((Point(cx + mm, cy - AWAY - tall), Point(cx + mm, cy - AWAY)))
            if mm % 4 == 0:
                labels.append(centred_label(cx + mm * 1.0, cy - AWAY - 6.5,
                                            text=f"{mm:+d}" if mm else "0", size=LABEL,
                                            colour=colours["ink"]))
        else:
            ticks.append((Point(cx + AWAY, cy - mm), Point(cx + AWAY + tall, cy - mm)))
            if mm % 4 == 0:
                labels.append(Text(Point(cx + AWAY + 4.0, cy - mm + 0.8),
                                   f"{mm:+d}" if mm else "0", LABEL, colours["ink"]))
    return [segments(ticks, ink), *labels]
