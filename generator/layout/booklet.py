"""Saddle-stitched booklets: half-size pages imposed two to a side, in signature order.

Print the sheets double-sided, flipping on the short edge, fold the stack in half and staple
on the fold: the pages then read in order. A booklet of n pages (padded with blanks to a
multiple of four) takes n / 4 sheets; sheet i carries, outside, pages n - 2i and 2i + 1, and
inside, pages 2i + 2 and n - 2i - 1 (counting from 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..geometry import Affine, Point
from ..palette import Palette
from ..paper import NAMED, Paper
from ..scene import Document, Page, Paint, Shape, Text, line, place
from . import sheet
from .textlayout import STYLE

# Booklet page and the sheet it is printed on, for each paper the booklet can be made on.
FORMATS = {
    "a4": (replace(NAMED["a5"], turnable=False), NAMED["a4"].turned()),
    "letter": (Paper("Half letter", 139.7, 215.9, turnable=False), NAMED["letter"].turned()),
}
INSTRUCTIONS = (
    "How to print this booklet",
    "Print every page double-sided, flipping on the short edge, at 100% (no scaling).",
    "Keep the sheets in the order they come out, fold the stack in half across its width, "
    "and staple twice on the fold.",
    "The pages then read in order. Blank pages at the end make up the last sheet.",
)


def padded(count: int) -> int:
    """Pages in the booklet: the count rounded up to a multiple of four."""
    return -(-count // 4) * 4


def signature_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page indices, from 0, for each printed side in printing order: sheet 1
    outside, sheet 1 inside, sheet 2 outside, and so on."""
    if pages % 4:
        raise ValueError(f"a saddle-stitched booklet needs a multiple of 4 pages, not {pages}")
    sides = []
    for i in range(pages // 4):
        sides.append((pages - 1 - 2 * i, 2 * i))          # outside: last, first
        sides.append((2 * i + 1, pages - 2 - 2 * i))      # inside: second, second to last
    return sides


def reading_order(sides: list[tuple[int, int]]) -> list[int]:
    """The pages in the order a reader meets them once the sheets are stacked and folded:
    down the right-hand halves of the outsides and left halves of the insides, then back up
    through the other halves."""
    sheets = [(sides[k], sides[k + 1]) for k in range(0, len(sides), 2)]
    first = [p for outside, inside in sheets for p in (outside[1], inside[0])]
    second = [p for outside, inside in reversed(sheets) for p in (inside[1], outside[0])]
    return first + second


def impose(pages: list[Page], page_paper: Paper, sheet_paper: Paper) -> list[Page]:
    """Pages (all page_paper sized) set two to a side of sheet_paper, in signature order."""
    count = padded(len(pages))
    blank = Page(page_paper.width, page_paper.height, ())
    pages = pages + [blank] * (count - len(pages))
    half = sheet_paper.width / 2
    inset = (half - page_paper.width) / 2
    top = (sheet_paper.height - page_paper.height) / 2
    out = []
    for left, right in signature_order(count):
        shapes: list[Shape] = []
        for slot, index in enumerate((left, right)):
            move = Affine.translation(slot * half + inset, top)
            shapes += place(pages[index].shapes, move)
        out.append(Page(sheet_paper.width, sheet_paper.height, tuple(shapes)))
    return out


@dataclass(frozen=True)
class Part:
    """A section of the booklet: a heading for the contents and its pages."""
    title: str
    byline: str
    pages: list[Page]


def cover(paper: Paper, title: str, parts: list[Part], colours: Palette) -> Page:
    x = paper.margin + 6
    y = paper.height * 0.3
    shapes: list[Shape] = [Text(Point(x, y), title, 9.0, colours["ink"], "bold")]
    y += 8
    shapes.append(line(Point(x, y), Point(paper.width - x, y),
                       Paint(stroke=colours["rule"], width=0.4, round_caps=False)))
    y += 9
    for part in parts:
        shapes.append(Text(Point(x, y), part.title, 5.0, colours["ink"], "bold"))
        shapes.append(Text(Point(x, y + 5), part.byline, 3.2, colours["muted"]))
        y += 13
    shapes.append(Text(Point(x, paper.height - paper.margin - 4),
                       "Rules and boards to print and play, made with pnp.", 2.8,
                       colours["muted"]))
    return Page(paper.width, paper.height, tuple(shapes))


def instructions(paper: Paper, colours: Palette) -> Page:
    x, width = paper.margin + 4, paper.inner_width - 8
    y = paper.margin + 12
    heading, *lines = INSTRUCTIONS
    shapes: list[Shape] = [Text(Point(x, y), heading, 4.6, colours["ink"], "bold")]
    y += 9
    for text in lines:
        for row in sheet.wrap_words(text, STYLE.body, width):
            shapes.append(Text(Point(x, y), row, STYLE.body, colours["ink"]))
            y += STYLE.body * STYLE.leading
        y += 2
    return Page(paper.width, paper.height, tuple(shapes))


def contents(paper: Paper, parts: list[Part], first_page: int,
             colours: Palette) -> Page:
    x, right = paper.margin + 4, paper.width - paper.margin - 4
    y = paper.margin + 12
    shapes: list[Shape] = [Text(Point(x, y), "Contents", 4.6, colours["ink"], "bold")]
    y += 10
    page = first_page
    for part in parts:
        shapes.append(Text(Point(x, y), part.title, STYLE.body * 1.1, colours["ink"], "bold"))
        shapes.append(Text(Point(right, y), f"page {page}", STYLE.body, colours["ink"],
                           anchor="end"))
        shapes.append(Text(Point(x, y + 4.5), part.byline, STYLE.caption, colours["muted"]))
        y += 11
        page += len(part.pages)
    return Page(paper.width, paper.height, tuple(shapes))


def booklet(title: str, parts: list[Part], paper_key: str,
            colours: Palette) -> list[Page]:
    """The booklet's pages with its cover, instructions and contents, imposed on sheets."""
    page_paper, sheet_paper = FORMATS[paper_key]
    front = [cover(page_paper, title, parts, colours), instructions(page_paper, colours)]
    if len(parts) > 1:
        front.append(contents(page_paper, parts, len(front) + 2, colours))
    pages = front + [p for part in parts for p in part.pages]
    return impose(pages, page_paper, sheet_paper)


def document(title: str, sheets: list[Page], author: str) -> Document:
    return Document(tuple(sheets), title, author, f"{title}, imposed for saddle stitching",
                    ("booklet", "print and play", "connection games"))
