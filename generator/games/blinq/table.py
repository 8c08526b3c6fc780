"""Blinq on a virtual table: the kit's board with a snap point on every place a block can
take (each cell of level 1, and the places half a cell in of each level above, where a
block rests on four), bags of the dual-coloured blocks, the neutral block, the rule sheet
and the score pad. Blocks do not merge into piles: each rests on the four below it."""

from __future__ import annotations

from generator.core.palette import Palette
from generator.core.scene import Page
from generator.core.virtual_table import Picture, Tile, VirtualTable
from generator.games import table_parts as parts
from generator.games.blinq import pages
from generator.games.blinq.rules import NEUTRAL, TITLE, Options, Spot, spots
from generator.games.tables import Tables
from generator.i18n import Words

# A block is as tall as a quarter of its side: thick enough to see each level of the pyramid.
THICKNESS = 0.25


def block(name: str, orientation: str, *, side: float, colours: Palette) -> Picture:
    """A block seen from above, as the kit's sheet of blocks prints it, filling its page."""
    b = pages.BoardPlace(0.0, 0.0, side)
    shapes = pages.block_shapes(b, Spot(1, 0, 0), orientation=orientation, colours=colours)
    return Picture(name, Page(side, side, tuple(shapes)), parts.PIECE_DPI)


def make(opts: Options, colours: Palette, *, words: Words) -> VirtualTable:
    paper = pages.board_paper(parts.PAPER)
    box = parts.body(paper)
    b = pages.fit_board(box)
    places = [b.point(s.corner().col / 2 + 0.5, s.corner().row / 2 + 0.5) for s in spots()]
    board = parts.board(parts.board_name(TITLE, words),
                        pages.board_page(opts, paper, colours=colours,
                                                                         words=words), box=box,
                        cells=places)
    side = b.cell
    dual = Tile(words.pgettext("Blinq block", "dual"), block("block-dual", "U", side=side,
                                                       colours=colours),
                thickness=THICKNESS * side)
    bags = [parts.bag(words._("White"), dual, colour=colours["white stone"]),
            parts.bag(words._("Black"), dual, colour=colours["black stone"])]
    neutral = Tile(words.pgettext("Blinq block", "neutral"),
                   block("block-neutral", NEUTRAL, side=side, colours=colours),
                   thickness=THICKNESS * side)
    return parts.kit_table(TITLE, opts, key_text=parts.key("blinq", opts, colours=colours),
                           board=board,
                           pieces=[*bags, neutral], rules=pages.rules_item,
                           pads=pages.pad_pages, credit=pages.credit(words), colours=colours,
                           words=words)


TABLE = Tables(make)
