"""The page that opens every kit: what it holds and on which pages, how to print each part
(plain paper or card stock, one side or back to back) and what to cut, in which order.

What each item asks of the printer is data on the item (generator/games/items.py): the kit's
assembly (generator/games/kit.py) reads it and hands it to the guide, so the guide says what
the pages do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Page, Paint, Role, Shape, Text, line
from generator.i18n import Words
from generator.layout import sheet

SIZE = 3.2            # mm: the guide's text, 9 pt
LEADING = 1.3
HEADING = 3.8


@dataclass(frozen=True, slots=True)
class Placed:
    """A part of the kit as the guide lists it: its name, first and last page, and what it
    asks of the printer (its item's: generator/games/items.py): back to back, card stock,
    and what to cut (untranslated; empty: nothing); and what else the guide says of it (in
    the kit's words; empty: nothing)."""
    name: str
    first: int
    last: int
    back_to_back: bool
    card_stock: bool = False
    cutting: str = ""
    note: str = ""
    two_sided_if_long: bool = False   # its item's: it may go on both sides of a sheet

    @property
    def two_sided(self) -> bool:
        """Whether it has two sides to print double-sided, if one likes (the rules)."""
        return self.two_sided_if_long and self.last > self.first

    @property
    def pages(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


def how(part: Placed, *, words: Words) -> str:
    """How to print a part, in `words`."""
    stock = words._("card stock") if part.card_stock else words._("plain paper")
    if part.back_to_back:
        return words._("%(stock)s, double-sided (each odd page backed by the next)", stock=stock)
    return words._("%(stock)s, one side", stock=stock)


def guide_page(game: str, parts: Sequence[Placed], *, paper: Paper, colours: Palette,
               folded: bool, below: Sequence[Shape] = (), foldable: bool = False,
               words: Words) -> Page:
    """The guide, and below it what shares its page (a small part's pieces)."""
    shapes = guide(game, parts, paper=paper, colours=colours, folded=folded,
                   foldable=foldable, words=words)[0]
    return finished_page(paper, [*shapes, *below], colours=colours, words=words)


def finished_page(paper: Paper, shapes: Sequence[Shape], *, colours: Palette, words: Words) -> Page:
    """The guide's page (or the cover holding the guide) with its footer."""
    shapes = list(shapes)
    shapes += sheet.footer(paper, words._("Boards, pads and cards last longer on card stock of "
                                          "160–250 g/m²."), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def room_below(paper: Paper) -> float:
    """How far down the guide's page what shares it may reach: the footer's top."""
    return paper.height - paper.margin - sheet.FOOTER_HEIGHT


def guide(game: str, parts: Sequence[Placed], *, paper: Paper, colours: Palette,
          folded: bool, foldable: bool = False, top: float | None = None,
          column: tuple[float, float] | None = None, words: Words) -> tuple[list[Shape], float]:
    """The guide: a table of the parts, then printing back to back, then cutting; its
    shapes and the y below them. `folded`: the cards are laid out to fold; `foldable`: they
    are back to back and a folded version of the kit exists (the guide says so, in words
    for players, not the command line's). At the page's head, or, where `top` is given, a
    section of the cover from there (generator/layout/cover.py), across the page or in a
    `column` (its left and width)."""
    x, body_top, width, _height = sheet.body_box(paper)
    if column is not None:
        x, width = column
    if top is None:
        shapes: list[Shape] = sheet.header(paper, words._("How to print this kit"),
                                           subtitle=words._(
            "%(game)s · %(paper)s · page 1 is this guide", game=game, paper=paper.name),
            colours=colours)
        y = body_top + 4.0
    else:
        heading = words._("How to print this kit")
        shapes = []
        y = top
        for n, heading_line in enumerate(sheet.wrap_words(heading, HEADING, width=width,
                                                          font="bold")):
            y += HEADING * (1.0 if n == 0 else LEADING)
            shapes.append(Text(Point(x, y), heading_line, HEADING, colours["ink"], "bold",
                               role=Role("H2", text=heading)))
        y += 4.0
    if width >= TABLE_LEAST:
        columns = (0.16, 0.34, 0.50)
        heads = (words._("Pages"), words._("Part"), words._("How to print"))
        y = _row(shapes, x, y, width, columns, heads, colours, "bold")
        rule = Paint(stroke=colours["rule"], width=0.25, round_caps=False)
        shapes.append(line(Point(x, y - SIZE * 0.9), Point(x + width, y - SIZE * 0.9),
                           paint=rule))
        for part in parts:
            y = _row(shapes, x, y, width, columns, (part.pages, part.name, how(part, words=words)),
                     colours)
    else:
        # Too narrow for three columns (a cover's column beside its picture): each part
        # its pages and name in bold, then how to print it.
        for part in parts:
            y = _listed(shapes, x, y, width, (f"{part.pages}  {part.name}", how(part, words=words)),
                        colours)
    duplexed = [p.pages for p in parts if p.back_to_back]
    notes: list[str] = []
    # A print shop prints the pages at their size and in register, with no ruler or crop
    # marks to measure by: the guide names only what its pages carry.
    shop = paper.press.shop
    if duplexed and shop:
        notes.append(words._("Pages %(pages)s print back to back: each odd page is backed by the "
                             "next, turned over on the long edge.", pages=", ".join(duplexed)))
    elif duplexed:
        notes.append(words._(
            "Pages %(pages)s print back to back: print them double-sided, turned over on the "
            "long edge, or the whole kit so. A page marked “intentionally left blank” keeps "
            "each front on the front of a sheet. If the backs land off their fronts, print the "
            "calibration sheet: it measures by how much, and a kit made with its backs moved by "
            "that much lines them up.", pages=", ".join(duplexed)))
        if foldable:
            notes.append(words._("If your printer cannot print both sides, print the folded cards "
                                 "version of this kit: each card's front and back side by side, to "
                                 "fold and glue."))
    elif folded:
        notes.append(words._("The cards' fronts and backs share each sheet: fold it along the "
                             "dashed line in the gutter, glue the halves together, then cut."))
        # The last sheet may hold a card beside its back and the cards' box: folding the whole
        # sheet would crease the box.
        notes.append(words._("Where a card's front and back lie side by side, cut them out as "
                             "one piece before folding."))
    elif any(p.two_sided for p in parts):
        notes.append(words._("Every page prints on one side; print the rules double-sided if you "
                             "like."))
    else:
        # One-page rules have no second side to print.
        notes.append(words._("Every page prints on one side."))
    shared = [p.name for p in parts if p.first == p.last == 1]
    if shared:
        for name in shared:
            notes.append(words._("Print page 1 on card stock: below this guide it holds the part "
                                 "“%(part)s”.", part=name))
    said = [p.note for p in parts if p.note]
    cuts = [words._(p.cutting) for p in parts if p.cutting]
    if not cuts:        # a part's note, beside its cutting where it has any
        notes += said
    if not shop:
        notes.append(words._("Print at 100% (“actual size”), not “fit to page”: the ruler at the "
                             "foot of each page measures 50 mm."))
    y = _paragraphs(shapes, x, y + 2.0, width, words._("Printing"), notes, colours)
    if cuts:
        steps = [f"{i}. {cut}" for i, cut in enumerate(cuts, 1)]
        y = _paragraphs(shapes, x, y + 2.0, width, words._("Cutting, in this order"),
                        [words._("Let the ink dry; cut with a craft knife on a ruler, on a mat.")]
                        + steps + said, colours)
    return shapes, y


def _row(shapes: list[Shape], x: float, y: float, width: float, columns: Sequence[float],
         cells: Sequence[str], colours: Palette, font: str = "regular") -> float:
    """One row of the parts table, each cell wrapped in its column; the next row's y."""
    left = x
    tallest = 1
    for share, text in zip(columns, cells, strict=True):
        room = share * width - 3.0
        lines = sheet.wrap_words(text, SIZE, width=room) or [""]
        for i, text_line in enumerate(lines):
            shapes.append(Text(Point(left, y + i * SIZE * LEADING), text_line, SIZE,
                               colours["ink"], "bold" if font == "bold" else "regular",
                               role=Role("P", text=text) if font == "regular" else None))
        tallest = max(tallest, len(lines))
        left += share * width
    return y + (tallest + 0.6) * SIZE * LEADING


def _listed(shapes: list[Shape], x: float, y: float, width: float, cells: Sequence[str],
            colours: Palette) -> float:
    """One part as a list's entry: its pages and name in bold, how to print it below."""
    for i, text in enumerate(cells):
        for text_line in sheet.wrap_words(text, SIZE, width=width,
                                          font="bold" if i == 0 else "regular"):
            shapes.append(Text(Point(x, y), text_line, SIZE, colours["ink"],
                               "bold" if i == 0 else "regular", role=Role("P", text=text)))
            y += SIZE * LEADING
    return y + SIZE * 0.5


TABLE_LEAST = 95.0     # mm: the narrowest the parts are set as a table of three columns


def _paragraphs(shapes: list[Shape], x: float, y: float, width: float, heading: str,
                texts: Sequence[str], colours: Palette) -> float:
    """A heading and its paragraphs, wrapped to the width; the y below them."""
    for n, heading_line in enumerate(sheet.wrap_words(heading, HEADING, width=width, font="bold")):
        y += HEADING * (1.0 if n == 0 else LEADING)
        shapes.append(Text(Point(x, y), heading_line, HEADING, colours["ink"], "bold",
                           role=Role("H2", text=heading)))
    y += HEADING * 0.6
    for text in texts:
        for text_line in sheet.wrap_words(text, SIZE, width=width):
            y += SIZE * LEADING
            shapes.append(Text(Point(x, y), text_line, SIZE, colours["ink"],
                               role=Role("P", text=text)))
        y += SIZE * 0.5
    return y
