"""Sheets of square pieces to cut out: blocks of tiles with cut lines and crop marks.

Tiles of one colour sit edge to edge in a block, so one straight cut serves two tiles; the
block's background runs BLEED past its outer cuts, so a cut a little off the line shows no
white edge. Tiles of several colours sit apart, a gutter of twice the bleed between them,
and each draws its own bleed. Crop marks stand outside the bleed, in line with every cut,
on sheets printed at home; a print shop's sheets keep the cut lines between pieces but no
crop marks outside them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Protocol

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Page, Paint, Path, Shape, rectangle, segments
from generator.layout import sheet

BLEED = 3.0
MARK_GAP = 1.0   # between the bleed and a crop mark
MARK_LENGTH = 3.5
MARGIN = BLEED + MARK_GAP + MARK_LENGTH  # room a block needs round it
CUT_WIDTH = 0.2


class TileDraw(Protocol):
    """One tile drawn at its centre and side, its colour fields bled by `bleed`."""
    def __call__(self, centre: Point, side: float, /, *, bleed: float) -> list[Shape]: ...


@dataclass(frozen=True)
class TileRun:
    """`count` tiles of one kind: an optional background for the whole block and the drawing
    of one tile, given its centre, side and how far its colour fields must bleed."""
    name: str
    count: int
    background: str | None
    draw: TileDraw
    # Rounded up to whole rows, so no piece stands alone on a short last row (where a few
    # spare pieces do no harm).
    whole_rows: bool = False
    # Every other row's drawing (None: all alike): tiles turned so that each meets its
    # neighbours in the same colour at every edge, and laid edge to edge without a gutter
    # (Blinq's blocks, white half up, then down), bleed into their neighbours' like colour
    # by `bleed`, and share every cut.
    alternate: TileDraw | None = None
    bleed: float = 0.0


@dataclass(frozen=True)
class Block:
    run: TileRun
    x: float
    y: float
    columns: int
    rows: int
    side: float
    gutter: float = 0.0
    count: int = 0      # tiles drawn; the last row of a block without background may be short

    @property
    def pitch(self) -> float:
        return self.side + self.gutter

    @property
    def width(self) -> float:
        return self.columns * self.pitch - self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.pitch - self.gutter


def fitting(room: float, side: float, *, gutter: float) -> int:
    return int((room + gutter) // (side + gutter) + 1e-9)


def layout(paper: Paper, side: float, *, runs: list[TileRun],
           gutter: float = 0.0, balanced: bool = False) -> list[list[Block]]:
    """Blocks page by page. Each run starts a new row; a run with a background is rounded up
    to whole rows, so its block stays a rectangle of colour. `balanced`: a run that takes
    more than a page is spread evenly over the pages it takes, rather than leaving its
    last page a row or two (Blinq's 54 blocks on A4: 5 rows and 4, not 8 and 1)."""
    pitch = side + gutter
    columns = fitting(paper.inner_width - 2 * MARGIN, side, gutter=gutter)
    if columns < 1:
        raise ValueError("tiles wider than the page")
    x0, top, _, height = sheet.body_box(paper)
    x = paper.margin + (paper.inner_width - (columns * pitch - gutter)) / 2
    first_y, bottom = top + MARGIN, top + height - MARGIN
    pages: list[list[Block]] = [[]]
    y = first_y
    for run in runs:
        rows = math.ceil(run.count / columns)
        left = rows * columns if run.background or run.whole_rows else run.count
        full = fitting(bottom - first_y, side, gutter=gutter)
        most = math.ceil(rows / math.ceil(rows / full)) if balanced and full else rows
        while rows:
            room = fitting(bottom - y, side, gutter=gutter)
            if room < 1:
                pages.append([])
                y = first_y
                continue
            take = min(rows, room, most)
            block = Block(run, x, y, columns, take, side, gutter, min(left, take * columns))
            pages[-1].append(block)
            rows -= take
            left -= block.count
            y += block.height + 2 * MARGIN
            if rows and take == most < room:
                y = bottom          # its share of this page taken: the rest on the next
    return [p for p in pages if p]


def tile_corners(b: Block) -> list[tuple[float, float]]:
    """Top-left corner of each tile in the block, row by row."""
    return [(b.x + (n % b.columns) * b.pitch, b.y + (n // b.columns) * b.pitch)
            for n in range(b.count)]


def shared_cuts(b: Block) -> list[tuple[Point, Point]]:
    """Cut lines along the edges of the tiles drawn, edge to edge: a short last row has cuts
    round its tiles only, never empty boxes beside them."""
    return grid_cuts(b.x, b.y, width=b.pitch, height=b.pitch, count=b.count, columns=b.columns)


def grid_cuts(x: float, y: float, *, width: float, height: float, count: int,
              columns: int) -> list[tuple[Point, Point]]:
    """Cuts for `count` pieces of width × height laid edge to edge from (x, y), row by row:
    one straight cut along each line of edges, running only past the pieces there, so a
    short last row gets no empty boxes beside it."""
    full, short = divmod(count, columns)
    depth = [full + (1 if c < short else 0) for c in range(columns)]
    widths = [columns] * full + ([short] if short else [])
    cuts = []
    for c in range(columns + 1):
        rows = max(depth[c - 1] if c else 0, depth[c] if c < columns else 0)
        if rows:
            cuts.append((Point(x + c * width, y), Point(x + c * width, y + rows * height)))
    for r in range(len(widths) + 1):
        across = max(widths[r - 1] if r else 0, widths[r] if r < len(widths) else 0)
        if across:
            cuts.append((Point(x, y + r * height), Point(x + across * width, y + r * height)))
    return cuts


def block_shapes(b: Block, colours: Palette, *, press_shop: bool = False) -> list[Shape]:
    w, h = b.width, b.height
    shapes: list[Shape] = []
    if b.run.background:
        shapes.append(rectangle(b.x - BLEED, b.y - BLEED, w=w + 2 * BLEED, h=h + 2 * BLEED,
                                paint=Paint(fill=b.run.background)))
    bleed = b.gutter / 2 if b.gutter else b.run.bleed
    for n, (x, y) in enumerate(tile_corners(b)):
        odd = (n // b.columns) % 2 == 1
        draw = b.run.alternate if odd and b.run.alternate is not None else b.run.draw
        shapes += draw(Point(x + b.side / 2, y + b.side / 2), b.side, bleed=bleed)
    # Every tile edge is a cut; with no gutter a cut serves the tiles on both sides.
    xs = sorted({round(b.x + i * b.pitch + d, 6) for i in range(b.columns)
                 for d in (0.0, b.side)})
    ys = sorted({round(b.y + j * b.pitch + d, 6) for j in range(b.rows)
                 for d in (0.0, b.side)})
    paint = Paint(stroke=colours["cut line"], width=CUT_WIDTH, round_caps=False, cut=True)
    if not b.gutter and b.run.background:
        cuts = [(Point(x, b.y), Point(x, b.y + h)) for x in xs[1:-1]]
        cuts += [(Point(b.x, y), Point(b.x + w, y)) for y in ys[1:-1]]
    elif not b.gutter:
        cuts = shared_cuts(b)
    else:
        # Tiles apart: each outlined, so scissors can follow it as well as a knife the marks.
        cuts = []
        for x, y in tile_corners(b):
            corners = [Point(x, y), Point(x + b.side, y), Point(x + b.side, y + b.side),
                       Point(x, y + b.side)]
            cuts += list(zip(corners, corners[1:] + corners[:1], strict=False))
    shapes.append(segments(cuts, paint))
    if press_shop:
        return shapes
    shapes.append(segments(crop_marks(xs, ys, x=b.x, y=b.y, w=w, h=h), replace(paint, cut=False)))
    return shapes


def rounded_cut(width: float, height: float, *, radius: float, colours: Palette) -> Shape:
    """A piece's trim with rounded corners (a card's), as one closed line to cut along."""
    points = []
    for cx, cy, start in ((width - radius, height - radius, 0), (radius, height - radius, 90),
                          (radius, radius, 180), (width - radius, radius, 270)):
        points += [Point(cx + radius * math.cos(math.radians(start + 15 * k)),
                         cy + radius * math.sin(math.radians(start + 15 * k))) for k in range(7)]
    paint = Paint(stroke=colours["cut line"], width=CUT_WIDTH, cut=True)
    return Path((tuple(points),), paint, closed=True)


def crop_marks(xs: list[float], ys: list[float], *, x: float, y: float, w: float,
               h: float) -> list[tuple[Point, Point]]:
    """Marks outside the bleed of the box (x, y, w, h), in line with the cuts at xs and ys,
    so a knife and rule can follow each cut across the sheet."""
    near, far = BLEED + MARK_GAP, MARGIN
    marks = []
    for cx in xs:
        marks += [(Point(cx, y - far), Point(cx, y - near)),
                  (Point(cx, y + h + near), Point(cx, y + h + far))]
    for cy in ys:
        marks += [(Point(x - far, cy), Point(x - near, cy)),
                  (Point(x + w + near, cy), Point(x + w + far, cy))]
    return marks


def tile_pages(paper: Paper, side: float, *, runs: list[TileRun], title: str, subtitle: str,
               footer: str, colours: Palette, gutter: float = 0.0,
               footer_keep: int = 1, balanced: bool = False) -> list[Page]:
    """Pages of tiles under a header, with `footer` (whose first `footer_keep` sentences
    stay however narrow the page: sheet.two_lines)."""
    pages = []
    for blocks in layout(paper, side, runs=runs, gutter=gutter, balanced=balanced):
        shapes = sheet.header(paper, title, subtitle=subtitle, colours=colours)
        for b in blocks:
            shapes += block_shapes(b, colours, press_shop=paper.press.shop)
        shapes += sheet.footer(paper, footer, colours=colours, keep=footer_keep)
        pages.append(Page(paper.width, paper.height, tuple(shapes)))
    return pages
