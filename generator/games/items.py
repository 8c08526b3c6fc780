"""What can be printed for a game, in one table: each item's help, its names on a sheet and
on the index page, the kind of product it is (generator/core/products.py: what a destination
makes of it), the smallest paper it lays out on, the formats it is written in, what it asks
of the printer (back to back, card stock, what to cut), and the options only it takes
(copies, a board's cell size). The command line, the studio, the catalogue, the kit's guide
and the booklets all read it; a game lists the items it has (its pages), in kit order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.formats import DRAWN, HTML, JSON, PDF, SGF, SVG, TABLE, Format
from generator.core.products import Kind
from generator.core.units import MM_PER_INCH
from generator.i18n import N_

if TYPE_CHECKING:
    from generator.core.destinations import Destination

SMALLEST_PAPER = 100.0    # mm on each side; a sheet smaller holds no useful page
# Card printers ask for an eighth of an inch past the trim (DriveThruCards, MakePlayingCards).
CARD_BLEED_IN = 0.125


@dataclass(frozen=True, slots=True)
class Item:
    """One thing that can be printed for a game."""
    key: str
    help: str            # what `pnp ITEM --help` and the studio say it prints
    label: str           # the item, as the index page names one (translated)
    plural: str          # as a booklet's cover lists several (translated)
    kind: Kind           # the product it is: what a destination makes of it, if anything
    # The smallest sheet it lays out on inside the margins, in mm on each side: measured by
    # drawing every game's item over papers from 100 mm up in 2 mm steps, with a few mm to
    # spare (tests/test_hostile.py draws each on its smallest papers). A rule sheet's footer
    # line, a pad's tables and the pennies edition's coin tracks need this much.
    smallest_paper: float = SMALLEST_PAPER
    formats: tuple[Format, ...] = DRAWN
    # What `pnp build` writes it as; None for the formats the destination's catalogue takes.
    built: tuple[Format, ...] | None = None
    copies: bool = True          # whether --copies repeats it (a rule sheet is whole once)
    cells: bool = False          # whether --cell (and --tile) size its cells (a board)
    # What it asks of the printer, as the kit's guide says it: each page followed by the one
    # printed on its back, card stock, and what to cut (untranslated; empty: nothing). Only
    # an item with something to cut has cut lines for --cut-path to draw.
    back_to_back: bool = False
    # Whether it may be printed on both sides of its sheets where it has two pages or more
    # (the rule sheet): the guide suggests it only then, a one-page part having one side.
    two_sided_if_long: bool = False
    card_stock: bool = False
    cutting: str = ""
    in_booklet: bool = True      # whether a booklet can carry it after the rules (--with)
    # The bleed a print shop asks for this item when --bleed is not given (mm); None for the
    # paper's own (3 mm, or 0.125 in on an inch paper).
    shop_bleed: float | None = None
    # Made from a game record a person gives (`pnp record hex FILE`), not from a game's
    # options alone: a game offers it by reading records (Game.records), and it is in
    # no kit, catalogue, booklet section or studio form, which have no record to print.
    from_record: bool = False

    def __str__(self) -> str:
        return self.key

    @property
    def cut(self) -> bool:
        """Whether it has cut lines (what --cut-path draws for a cutter)."""
        return bool(self.cutting)

    def format_named(self, name: str) -> Format | None:
        """The item's format a name (as --format takes it) means, or None."""
        return next((f for f in self.formats if f.name == name), None)

    @property
    def data(self) -> Format | None:
        """The format its description as data is written in, if it has one."""
        return next((f for f in self.formats if f.data), None)

    def bleed_for(self, destination: Destination, bleed: float | None) -> float | None:
        """The bleed asked for, or where none was, the item's own at a print shop (None:
        the paper's own)."""
        return self.shop_bleed if destination.shop and bleed is None else bleed


# The rule sheet also has a web edition: --format html.
RULES = Item("rules", "Print the rule sheet (or write its web edition with --format html).",
             N_("rules"), N_("rules"), Kind.SHEETS, 145.0, formats=(*DRAWN, HTML),
             built=(PDF, SVG, HTML), copies=False, two_sided_if_long=True)
BOARD = Item("board", "Print a board (or its description as data with --format json).",
             N_("board"), N_("boards"), Kind.BOARD, 130.0, formats=(*DRAWN, JSON), cells=True,
             card_stock=True)
PAD = Item("pad", "Print a score pad.", N_("pad"), N_("score pads"), Kind.SHEETS, 140.0)
COUNTERS = Item("counters", "Print a sheet of counters to cut out.", N_("counters"),
                N_("counters"), Kind.PIECES, card_stock=True,
                cutting=N_("Cut out the counters: the long lines first, then across."))
TILES = Item("tiles", "Print the blocks to cut out.", N_("tiles"), N_("tiles"), Kind.PIECES,
             card_stock=True,
             cutting=N_("Cut out the tiles along the grey lines, the long ones first."))
# The solution on a sheet of its own, never on the back of its puzzle: printed on plain
# paper it shows through, and a player lays the puzzle on the table to solve it. A puzzle
# book's other answer, the solution small and upside down at the foot of another sheet,
# would shrink a full board's shaded structure below a readable cell, and no sheet of the
# kit has a board's room to spare.
PUZZLE = Item("puzzle", "Print a puzzle and, on the next page, its solution.", N_("puzzle"),
              N_("puzzles"), Kind.SHEETS)
# An edition's own pieces: not every variant has them (Game.editions), and a booklet, made
# with a game's standard options, carries neither.
CARDS = Item("cards", "Print the number cards to cut out (one card a page for a print shop).",
             N_("number cards"), N_("number cards"), Kind.CARDS, 120.0, in_booklet=False,
             shop_bleed=CARD_BLEED_IN * MM_PER_INCH, back_to_back=True, card_stock=True,
             cutting=N_("Cut out the number cards along the grey lines, then round each "
                        "corner along its arc."))
COINS = Item("coins", "Print the tokens and a coin to flip, to cut out.", N_("tokens and coin"),
             N_("tokens and coins"), Kind.PIECES, 132.0, in_booklet=False, card_stock=True,
             cutting=N_("Cut out the tokens and the coin's strip; fold the strip and glue its "
                        "faces together."))
# A played game as a study booklet; --format sgf writes the record itself back.
RECORD = Item("record", "Print a game's record as a study booklet: diagrams of the moves, the "
                        "comments and the move list (or write it as SGF with --format sgf).",
              N_("game record"), N_("game records"), Kind.BOOK, 140.0,
              formats=(*DRAWN, HTML, SGF), built=(), copies=False, in_booklet=False,
              from_record=True)
# Every item of a game in one document: offered as one PDF to print in one go.
# (or put it on a virtual table: --for tabletop-simulator writes it as a saved object).
WHOLE_KIT = Item("kit", "Print every item of a game in one document.", N_("kit"), N_("kits"),
                 Kind.KIT, formats=(*DRAWN, TABLE), built=(PDF,), in_booklet=False)

ITEMS: dict[str, Item] = {item.key: item for item in (
    RULES, BOARD, PAD, COUNTERS, TILES, PUZZLE, CARDS, COINS, RECORD, WHOLE_KIT)}
KIT = WHOLE_KIT.key     # the kit as the command line and the front ends name it


def smallest_for(items: Iterable[Item]) -> float:
    """The smallest paper side every one of the items lays out on."""
    return max((item.smallest_paper for item in items), default=SMALLEST_PAPER)
