"""Sheets of square pieces to cut out: blocks of tiles with cut lines and crop marks.

Tiles of one kind sit edge to edge in a block, so one straight cut serves two tiles; a
block's background runs BLEED past its outer cuts, so a cut a little off the line shows no
white edge. Crop marks stand outside the bleed, in line with every cut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from .geometry import Point
from .paper import Paper
from .scene import Page, Paint, Shape, rectangle, segments
from . import sheet

BLEED = 3.0
MARK_GAP = 1.0   # between the bleed and a crop mark
MARK_LENGTH = 3.5
MARGIN = BLEED + MARK_GAP + MARK_LENGTH  # room a block needs round it
CUT_WIDTH = 0.2


@dataclass(frozen=True)
class TileRun:
    """`count` tiles of one kind: an optional background for the whole block and the drawing
    of one tile, given its centre and side."""
    name: str
    count: int
    background: str | None
    draw: Callable[[Point, float], list[Shape]]


@dataclass(frozen=True)
class Block:
    run: TileRun
    x: float
    y: float
    columns: int
    rows: int
    side: float


def columns_for(paper: Paper, side: float) -> int:
    return int((paper.inner_width - 2 * MARGIN) // side)


def layout(paper: Paper, side: float, runs: list[TileRun]) -> list[list[Block]]:
    """Blocks page by page. Each run starts a new row and is rounded up to whole rows."""
    columns = columns_for(paper, side)
    if columns < 1:
        raise ValueError("tiles wider than the page")
    x0, top, _, height = sheet.body_box(paper)
    x = paper.margin + (paper.inner_width - columns * side) / 2
    first_y, bottom = top + MARGIN, top + height - MARGIN
    pages: list[list[Block]] = [[]]
    y = first_y
    for run in runs:
        rows = math.ceil(run.count / columns)
        while rows:
            room = int((bottom - y) // side + 1e-9)
            if room < 1:
                pages.append([])
                y = first_y
                continue
            take = min(rows, room)
            pages[-1].append(Block(run, x, y, columns, take, side))
            rows -= take
            y += take * side + 2 * MARGIN
    return [p for p in pages if p]


def block_shapes(b: Block, colours: dict[str, str]) -> list[Shape]:
    w, h = b.columns * b.side, b.rows * b.side
    shapes: list[Shape] = []
    if b.run.background:
        shapes.append(rectangle(b.x - BLEED, b.y - BLEED, w + 2 * BLEED, h + 2 * BLEED,
                                Paint(fill=b.run.background)))
    for j in range(b.rows):
        for i in range(b.columns):
            shapes += b.run.draw(Point(b.x + (i + 0.5) * b.side, b.y + (j + 0.5) * b.side),
                                 b.side)
    xs = [b.x + i * b.side for i in range(b.columns + 1)]
    ys = [b.y + j * b.side for j in range(b.rows + 1)]
    cuts = [(Point(x, b.y), Point(x, b.y + h)) for x in xs[1:-1]]
    cuts += [(Point(b.x, y), Point(b.x + w, y)) for y in ys[1:-1]]
    near, far = BLEED + MARK_GAP, MARGIN
    marks = []
    for x in xs:
        marks += [(Point(x, b.y - far), Point(x, b.y - near)),
                  (Point(x, b.y + h + near), Point(x, b.y + h + far))]
    for y in ys:
        marks += [(Point(b.x - far, y), Point(b.x - near, y)),
                  (Point(b.x + w + near, y), Point(b.x + w + far, y))]
    paint = Paint(stroke=colours["cut line"], width=CUT_WIDTH, round_caps=False)
    if not b.run.background:
        # Without a background the outer cuts show too, as on a plain grid.
        cuts += [(Point(b.x, b.y), Point(b.x + w, b.y)), (Point(b.x, b.y + h),
                                                          Point(b.x + w, b.y + h)),
                 (Point(b.x, b.y), Point(b.x, b.y + h)), (Point(b.x + w, b.y),
                                                          Point(b.x + w, b.y + h))]
    shapes.append(segments(cuts, paint))
    shapes.append(segments(marks, paint))
    return shapes


def tile_pages(paper: Paper, side: float, runs: list[TileRun], title: str, subtitle: str,
               footer: str, colours: dict[str, str]) -> list[Page]:
    pages = []
    for blocks in layout(paper, side, runs):
        shapes = sheet.header(paper, title, subtitle, colours)
        for b in blocks:
            shapes += block_shapes(b, colours)
        shapes += sheet.footer(paper, footer, colours)
        pages.append(Page(paper.width, paper.height, tuple(shapes)))
    return pages
