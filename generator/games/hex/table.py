"""Hex on a virtual table: the kit's board with a snap point on each cell, bags of Red's and
Blue's stones, the rule sheet and the score pad."""

from __future__ import annotations

from collections.abc import Callable

from generator.core.geometry import Affine, Hex, Point, Rhombus
from generator.core.palette import Palette
from generator.core.scene import Shape
from generator.core.virtual_table import VirtualTable
from generator.games import table_parts as parts
from generator.games.hex import pages
from generator.games.hex.rules import BLUE, RED, TITLE, Options
from generator.games.tables import Tables
from generator.i18n import Words
from generator.layout import hexboard


def stone_drawn(colour: str, colours: Palette, *, words: Words) -> Callable[[Point, float],
                                                                            list[Shape]]:
    """A stone as the kit's figures draw it, just inside a disc of the radius given (the
    figures' stone is 0.6 of its cell's radius)."""
    def drawn(centre: Point, radius: float) -> list[Shape]:
        p = hexboard.Placement(Rhombus(1), Affine.scaling(0.98 * radius / 0.6).then(
            Affine.translation(centre.x, centre.y)))
        return pages.stone(colour, p, h=Hex(0, 0), colours=colours, words=words)
    return drawn


def make(opts: Options, colours: Palette, *, words: Words) -> VirtualTable:
    paper = pages.board_paper(opts, parts.PAPER, words=words)
    laid = pages.board_layout(opts, paper, words=words)
    p, box = laid.placement, laid.region
    board = parts.board(parts.board_name(TITLE, words),
                        pages.board_page(opts, paper, colours=colours,
                                                                         words=words), box=box,
                        cells=(p.centre(h) for h in p.board))
    diameter = parts.stone_diameter(p.cell_radius)
    bags = [parts.stone_bag(pages.name(colour, words), role, diameter=diameter,
                            drawn=stone_drawn(colour, colours, words=words), colour=colours[role])
            for colour, role in ((RED, "red"), (BLUE, "blue"))]
    return parts.kit_table(TITLE, opts, key_text=parts.key("hex", opts, colours=colours),
                           board=board,
                           pieces=bags, rules=pages.rules_item,
                           pads=pages.pad_pages, credit=pages.credit(words), colours=colours,
                           words=words)


TABLE = Tables(make)
