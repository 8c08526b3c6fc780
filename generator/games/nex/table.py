"""Nex on a virtual table: the kit's board with a snap point on each cell, bags of Black's,
White's and the neutral stones, the rule sheet and the score pad."""

from __future__ import annotations

from collections.abc import Callable

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.scene import Shape
from generator.core.virtual_table import VirtualTable
from generator.games import table_parts as parts
from generator.games.nex import pages
from generator.games.nex.rules import BLACK, NEUTRAL, TITLE, WHITE, Options
from generator.games.tables import Tables
from generator.i18n import Words

# Each kind of stone: its file's name and the colour role of its stones, and of its bag.
KINDS = ((BLACK, "black", "black stone"), (WHITE, "white", "white stone"),
         (NEUTRAL, "neutral", "neutral stone"))


def stone_drawn(kind: str, colours: Palette, *, words: Words) -> Callable[[Point, float],
                                                                          list[Shape]]:
    """A stone as the kit draws it on the board and its counters, just inside the disc."""
    def drawn(centre: Point, radius: float) -> list[Shape]:
        return pages.stone(kind, centre, radius=0.96 * radius, colours=colours, words=words)
    return drawn


def make(opts: Options, colours: Palette, *, words: Words) -> VirtualTable:
    paper = pages.board_paper(opts, parts.PAPER, words=words)
    laid = pages.board_layout(opts, paper, words=words)
    p = laid.placement
    board = parts.board(parts.board_name(TITLE, words),
                        pages.board_page(opts, paper, colours=colours,
                                                                         words=words),
                        box=laid.region, cells=(p.centre(h) for h in p.board))
    diameter = parts.stone_diameter(p.cell_radius)
    bags = [parts.stone_bag(pages.name(kind, words), word, diameter=diameter,
                            drawn=stone_drawn(kind, colours, words=words), colour=colours[role])
            for kind, word, role in KINDS]
    return parts.kit_table(TITLE, opts, key_text=parts.key("nex", opts, colours=colours),
                           board=board,
                           pieces=bags, rules=pages.rules_item,
                           pads=pages.pad_pages, credit=pages.credit(words), colours=colours,
                           words=words)


TABLE = Tables(make)
