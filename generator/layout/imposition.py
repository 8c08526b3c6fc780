"""Imposing a saddle-stitched booklet: half-size pages set two to a side of the sheet, in
signature order (generator/layout/booklet.py lays out what goes on the pages)."""

from __future__ import annotations

from generator.core.geometry import Affine
from generator.core.paper import Paper
from generator.core.scene import Page, Shape, place


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


def impose(pages: list[Page], page_paper: Paper, *, sheet_paper: Paper) -> list[Page]:
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
