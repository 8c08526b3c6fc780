"""Hex KB on a virtual table: the kit's Klein bottle board with a snap point on each of its
cells (frame cells in both frames, as the board prints them; window cells have none), bags of
Red's and Blue's stones, the rule sheet and the score pad."""

from __future__ import annotations

from collections.abc import Callable

from generator.core.geometry import Affine, Hex, Point, Rhombus
from generator.core.palette import Palette
from generator.core.scene import Shape
from generator.core.virtual_table import VirtualTable
from generator.games import table_parts as parts
from generator.games.hex_kb import pages
from generator.games.hex_kb.rules import BLUE, RED, TITLE, Options
from generator.games.tables import Tables
from generator.i18n import Words
from generator.layout import hexboard


def stone_drawn(colour: str, colours: Palette, *, words: Words) -> Callable[[Point, float],
                                                                            list[Shape]]:
    """A stone as the kit draws a claimed cell's, just inside the disc (0.62 of its cell's
    radius at most, the lettered palette's ring)."""
    def drawn(centre: Point, radius: float) -> list[Shape]:
        p = hexboard.Placement(Rhombus(1), Affine.scaling(0.96 * radius / 0.62).then(
            Affine.translation(centre.x, centre.y)))
        return pages.stone_shapes(p, Hex(0, 0), stone=colour, colours=colours, numbered=False,
                                  words=words)
    return drawn


def make(opts: Options, colours: Palette, *, words: Words) -> VirtualTable:
    paper = pages.board_paper(opts, parts.PAPER, words=words)
    drawn = opts.board()
    laid = pages.board_layout(opts, paper, words=words)
    p, box = laid.placement, laid.region
    cells = (p.centre(h) for h in Rhombus(drawn.size) if h not in drawn.holes)
    board = parts.board(parts.board_name(TITLE, words),
                        pages.plain_board_page(opts, paper, colours=colours,
                                               words=words), box=box, cells=cells)
    diameter = parts.stone_diameter(p.cell_radius)
    bags = [parts.stone_bag(pages.name(colour, words), role, diameter=diameter,
                            drawn=stone_drawn(colour, colours, words=words), colour=colours[role])
            for colour, role in ((RED, "red"), (BLUE, "blue"))]
    return parts.kit_table(TITLE, opts, key_text=parts.key("hex-kb", opts, colours=colours),
                           board=board,
                           pieces=bags, rules=pages.rules_item,
                           pads=pages.pad_pages, credit=pages.credit(words), colours=colours,
                           words=words)


TABLE = Tables(make)
