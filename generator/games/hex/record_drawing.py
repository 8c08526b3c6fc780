"""A Hex record's diagrams drawn: the board as the kit's board is drawn (pages.py: a1 top
left, Black's sides banded in the kit's red, White's in its blue), the stones numbered, the
winning chain, and the record's study marks as HexWiki's diagrams and HexGui show them: a
label (LB) in its cell, a cross (MA), triangle (TR), square (SQ) or circle (CR) on its cell,
an arrow (AR) or a line (LN) from one cell's centre to another's.

A mark is drawn in the colour that reads on what it stands on (ink on an empty cell, paper
white on a black stone, ink on a white one), and an arrow or a line in ink over a paper-white
edge, so each reads over stones of either colour, in every palette and in grey. A labelled
or marked stone shows its mark in place of its number (the caption and "The moves" list
every move).

The board itself (its bands, cells, coordinates and side letters) is the same for every
diagram of a booklet: drawn once for a size, width and palette and shared by all of them as
one scene.Group, so a booklet of a hundred records holds one board, not five hundred; each
diagram is one Group too, so setting it on a page and the page on a sheet moves it without
copying its points.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from itertools import pairwise
from types import MappingProxyType

from generator.core.geometry import Hex, Point
from generator.core.palette import Palette
from generator.core.scene import (
    SMALLEST_TEXT,
    Circle,
    Group,
    Paint,
    Path,
    Shape,
    polygon,
    segments,
)
from generator.fonts import text_width
from generator.games.hex.colours import CONNECTION
from generator.games.hex.pages import BOARD_ANGLE
from generator.games.hex.record_lines import Diagram
from generator.games.hex.records.model import (
    BLACK,
    WHITE,
    Cell,
    Colour,
    Mark,
    Markup,
    column_name,
)
from generator.games.record_book import IN_PROPORTION, StoneNumbers, stone_number
from generator.i18n import Words
from generator.layout import hexboard
from generator.layout.textlayout import Figure, centred_label

FIGURE_WIDTH = 90.0            # mm before the column scales it; about an A4 column
STONE = 0.78                   # a stone's radius, in cell radii
# A mark's size in cell radii: a cross's and a square's half width, a triangle's and a
# circle's radius; all drawn as lines of MARK_LINE cell radii.
MARK_SIZE: dict[Mark, float] = {"cross": 0.3, "triangle": 0.42, "square": 0.3, "circle": 0.36}
MARK_LINE = 0.09
ARROW_LINE, HALO = 0.1, 0.07   # an arrow's or a line's width, and its paper edge each side
HEAD_LENGTH, HEAD_WIDTH = 0.5, 0.3
LONGEST_LABEL = 3              # characters of a label a cell shows; the rest are cut


def colour_name(colour: Colour, words: Words) -> str:
    return words._("Black") if colour == BLACK else words._("White")


def side_letter(colour: Colour, words: Words) -> str:
    """The letter on the sides a record's colour joins (its initial in the language)."""
    return words.pgettext("record side", "B") if colour == BLACK else words.pgettext("record side",
                                                                                     "W")


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _on(fill: str, colours: Palette) -> str:
    """Ink or paper white, whichever reads on the fill."""
    return colours["cell"] if _luminance(fill) < 0.5 else colours["ink"]


def _order(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.column


def _hex(cell: Cell) -> Hex:
    return Hex(cell.column, cell.row)


@functools.lru_cache(maxsize=64)
def height_at(size: int, width: float) -> float:
    """The height of a board's diagram drawn `width` mm wide."""
    points = hexboard.extent(size, True)
    w = max(p.x for p in points) - min(p.x for p in points)
    h = max(p.y for p in points) - min(p.y for p in points)
    return width * h / w


@functools.lru_cache(maxsize=16)
def background(size: int, width: float, *, colours: Palette,
               words: Words) -> tuple[hexboard.Placement, Group]:
    """The board every diagram of a size, width and palette shares, and where its cells
    lie: the bands, the cells, the coordinates as the record names its cells (aa, ab, ...
    past z) and each colour's letter on its sides, White's on the columns (q), Black's on
    the rows (r)."""
    p = hexboard.place_board(size, 0.0, y=0.0, width=width, height=height_at(size, width),
                             angle=BOARD_ANGLE, with_coordinates=True)
    r = p.cell_radius
    shapes: list[Shape] = hexboard.side_bands(p, q_colour=colours["blue"], r_colour=colours["red"],
                                              hatched=colours.hatched)
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.15, 0.035 * r)))
    label = hexboard.label_size(hexboard.COORDINATE_SIZE, r)
    lo, hi = p.low - hexboard.COORDINATE_AT, p.high + hexboard.COORDINATE_AT
    for i in range(size):
        for at in (p.point(i, lo), p.point(i, hi)):
            shapes.append(centred_label(at.x, at.y, text=column_name(i), size=label,
                                        colour=colours["muted"]))
        for at in (p.point(lo, i), p.point(hi, i)):
            shapes.append(centred_label(at.x, at.y, text=str(i + 1), size=label,
                                        colour=colours["muted"]))
    shapes += hexboard.side_letters(
        p, side_letter("white", words), r_text=side_letter(BLACK, words), q_colour=colours["blue"],
        r_colour=colours["red"],
        size=hexboard.label_size(hexboard.SIDE_LETTER_SIZE, r), with_coordinates=True)
    return p, Group(tuple(shapes))


@functools.lru_cache(maxsize=16)
def _centres(p: hexboard.Placement) -> Mapping[tuple[int, int], Point]:
    """Each cell's centre by (column, row), worked out once a board: the hundreds of
    diagrams of a booklet put their stones and numbers on the same cells."""
    size = p.board.size
    return MappingProxyType({(q, r): p.centre(Hex(q, r)) for q in range(size)
                             for r in range(size)})


def board(size: int, diagram: Diagram, *, colours: Palette, caption: str, description: str,
          width: float = FIGURE_WIDTH, numbers: StoneNumbers = IN_PROPORTION,
          words: Words) -> Figure:
    """One diagram: the shared board, the stones, their numbers, the chain and the marks."""
    p, shared = background(size, width, colours=colours, words=words)
    r = p.cell_radius
    centres = _centres(p)

    def centre(cell: Cell) -> Point:
        found = centres.get((cell.column, cell.row))
        return p.centre(_hex(cell)) if found is None else found
    shapes: list[Shape] = [shared]
    if diagram.shaded:
        # As Hex KB's solution shades its winning structure: the cells filled, under the
        # stones, their outlines drawn again over the fill.
        cells = tuple(p.corners(_hex(c)) for c in sorted(diagram.shaded, key=_order))
        shapes.append(Path(cells, Paint(fill=colours[CONNECTION], stroke=colours["board line"],
                                        width=max(0.15, 0.035 * r)), closed=True))
    on: dict[Cell, str] = {}            # what reads on each stone
    # Each colour's stone paint, and what reads on it, made once a diagram.
    kinds: dict[Colour, tuple[str, Paint]] = {}
    for colour in (BLACK, WHITE):
        fill = colours["black stone" if colour == BLACK else "white stone"]
        kinds[colour] = (_on(fill, colours), Paint(fill=fill, stroke=colours["stone edge"],
                                                   width=max(0.12, 0.05 * r)))
    for cell, colour in sorted(diagram.stones.items(), key=lambda cc: (cc[0].row,
                                                                       cc[0].column)):
        on[cell], paint = kinds[colour]
        shapes.append(Circle(centre(cell), STONE * r, paint))
    if diagram.chain:
        shapes.append(segments([(p.centre(_hex(a)), p.centre(_hex(b)))
                                for a, b in pairwise(diagram.chain)],
                               Paint(stroke=colours["highlight"], width=0.22 * r)))
    marked = {c for c, _label in diagram.markup.labels} | {c for c, _m in
                                                           diagram.markup.marks}
    # Numbers over the chain, which they would hide; a marked stone shows its mark.
    for cell, number in sorted(diagram.numbers.items(), key=lambda cn: cn[1]):
        if cell in marked:
            continue
        text = str(number)
        label = r * (0.95, 0.8, 0.62, 0.5)[min(3, len(text) - 1)]
        shapes.append(stone_number(centre(cell), text, size=label, radius=STONE * r,
                                   ink=on[cell], numbers=numbers))
    shapes += marks(p, diagram.markup, on=on, colours=colours, numbers=numbers)
    return Figure(width, height_at(size, width), (Group(tuple(shapes)),), caption,
                  description)


def marks(p: hexboard.Placement, markup: Markup, *, on: dict[Cell, str],
          colours: Palette, numbers: StoneNumbers = IN_PROPORTION) -> list[Shape]:
    """The record's marks: on the cells, then the arrows and lines over everything."""
    r, ink = p.cell_radius, colours["ink"]
    out: list[Shape] = []
    for cell, mark in markup.marks:
        paint = Paint(stroke=on.get(cell, ink), width=max(0.15, MARK_LINE * r))
        out.append(_mark(p.centre(_hex(cell)), mark, MARK_SIZE[mark] * r, paint))
    for cell, text in markup.labels:
        shown = text if len(text) <= LONGEST_LABEL else text[:LONGEST_LABEL - 1] + "…"
        size = r * (0.95, 0.8, 0.62)[len(shown) - 1]
        room = 1.7 * r
        if text_width(shown, size, role="bold") > room:
            size = max(SMALLEST_TEXT, size * room / text_width(shown, size, role="bold"))
        out.append(stone_number(p.centre(_hex(cell)), shown, size=size, radius=STONE * r,
                                ink=on.get(cell, ink), numbers=numbers))
    for pairs, head in ((markup.lines, False), (markup.arrows, True)):
        for a, b in pairs:
            if a != b:
                out += _arrow(p.centre(_hex(a)), p.centre(_hex(b)), r, head, colours)
    return out


def _mark(centre: Point, mark: Mark, size: float, paint: Paint) -> Shape:
    x, y = centre.x, centre.y
    if mark == "cross":
        return segments([(Point(x - size, y - size), Point(x + size, y + size)),
                         (Point(x - size, y + size), Point(x + size, y - size))], paint)
    if mark == "circle":
        return Circle(centre, size, paint)
    if mark == "square":
        corners = [Point(x - size, y - size), Point(x + size, y - size),
                   Point(x + size, y + size), Point(x - size, y + size)]
    else:
        corners = [Point(x + size * math.cos(a), y + size * math.sin(a))
                   for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    return polygon(corners, paint)


def _arrow(start: Point, end: Point, r: float, head: bool, colours: Palette) -> list[Shape]:
    """A line from one centre to another, an arrowhead at its end if `head`: ink over an
    edge of paper white, which parts it from the stones it crosses."""
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    width, halo = max(0.2, ARROW_LINE * r), max(0.12, HALO * r)
    tip = Point(end.x - ux * 0.2 * r, end.y - uy * 0.2 * r)
    base = Point(tip.x - ux * HEAD_LENGTH * r, tip.y - uy * HEAD_LENGTH * r)
    stop = base if head else end
    out: list[Shape] = []
    for colour, wide in ((colours["cell"], width + 2 * halo), (colours["ink"], width)):
        out.append(Path(((start, stop),), Paint(stroke=colour, width=wide)))
        if head:
            side = Point(-uy * HEAD_WIDTH * r, ux * HEAD_WIDTH * r)
            points = (tip, Point(base.x + side.x, base.y + side.y),
                      Point(base.x - side.x, base.y - side.y))
            out.append(polygon(points, Paint(fill=colours["ink"], stroke=colour,
                                             width=wide - width or width / 2)))
    return out


__all__ = ["FIGURE_WIDTH", "background", "board", "colour_name", "height_at", "marks",
           "side_letter"]

