"""Hex on a virtual table: the kit's board with a snap point on each cell, bags of Red's and
Blue's stones, the rule sheet and the score pad."""

from __future__ import annotations

from collections.abc import Callable

from generator.core.geometry import SQRT3, Affine, Hex, Point, Rhombus
from generator.core.palette import Palette
from generator.core.scene import Shape
from generator.core.virtual_table import VirtualTable
from generator.games import table_parts as parts
from generator.games.hex import pages
from generator.games.hex.rules import BLUE, RED, TITLE, Options
from generator.games.tables import Tables
from generator.i18n import _
from generator.layout import hexboard

# A stone covers this much of a cell's width (flat to flat): it sits inside its cell with
# room to pick it up, as a go stone does on its point.
STONE_SHARE = 0.8


def stone_drawn(colour: str, colours: Palette) -> Callable[[Point, float], list[Shape]]:
    """A stone as the kit's figures draw it, just inside a disc of the radius given (the
    figures' stone is 0.6 of its cell's radius)."""
    def drawn(centre: Point, radius: float) -> list[Shape]:
        p = hexboard.Placement(Rhombus(1), Affine.scaling(0.98 * radius / 0.6).then(
            Affine.translation(centre.x, centre.y)))
        return pages.stone(colour, p, Hex(0, 0), colours)
    return drawn


def make(opts: Options, colours: Palette) -> VirtualTable:
    paper = pages.board_paper(opts, parts.PAPER)
    p = pages.board_placement(opts, paper)
    box = parts.body(paper)
    board = parts.board(_("%(game)s: %(what)s", game=TITLE, what=_("board")),
                        pages.board_page(opts, paper, colours), box,
                        (p.centre(h) for h in p.board))
    diameter = STONE_SHARE * SQRT3 * p.cell_radius
    bags = []
    for colour, role in ((RED, "red"), (BLUE, "blue")):
        stone = parts.disc(f"stone-{role}", diameter, stone_drawn(colour, colours))
        bags.append(parts.bag(pages.name(colour), parts.round_piece(pages.name(colour), stone),
                              colours[role]))
    rules = parts.rulebook(_("%(game)s: %(what)s", game=TITLE, what=_("rules")),
                           pages.rules_item(opts, parts.PAPER, colours, 1), "rules")
    pad = parts.pad(_("%(game)s: %(what)s", game=TITLE, what=_("score pad")),
                    pages.pad_pages(opts, parts.PAPER, colours)[0])
    note = parts.notecard(TITLE, pages.credit(), rules.file)
    return VirtualTable(_("%(game)s: %(what)s", game=TITLE, what=opts.label),
                        parts.key("hex", opts, colours),
                        parts.laid_out(board, bags, [rules, note, pad]))


TABLE = Tables(make)
