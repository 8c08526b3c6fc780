"""What can be printed for a game, in one table: each item's help, its names on a sheet and
on the index page, the smallest paper it lays out on, the formats it is written in, and
whether copies of it make sense. The command line, the studio, the catalogue and the
booklets all read it; a game lists the items it has (its pages), in kit order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.formats import DRAWN, HTML, JSON, PDF, SGF, SVG, Format
from generator.core.printing import MM_PER_INCH
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
    # The smallest sheet it lays out on inside the margins, in mm on each side: measured by
    # drawing every game's item over papers from 100 mm up in 2 mm steps, with a few mm to
    # spare (tests/test_hostile.py draws each on its smallest papers). A rule sheet's footer
    # line, a pad's tables and the pennies edition's coin tracks need this much.
    smallest_paper: float = SMALLEST_PAPER
    formats: tuple[Format, ...] = DRAWN
    # What `pnp build` writes it as; None for the formats the destination's catalogue takes.
    built: tuple[Format, ...] | None = None
    copies: bool = True          # whether --copies repeats it (a rule sheet is whole once)
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
             N_("rules"), N_("rules"), 145.0, formats=(*DRAWN, HTML),
             built=(PDF, SVG, HTML), copies=False)
BOARD = Item("board", "Print a board (or its description as data with --format json).",
             N_("board"), N_("boards"), 130.0, formats=(*DRAWN, JSON))
PAD = Item("pad", "Print a score pad.", N_("pad"), N_("score pads"), 140.0)
COUNTERS = Item("counters", "Print a sheet of counters to cut out.", N_("counters"),
                N_("counters"))
TILES = Item("tiles", "Print the blocks to cut out.", N_("tiles"), N_("tiles"))
PUZZLE = Item("puzzle", "Print a puzzle and, on the next page, its solution.", N_("puzzle"),
              N_("puzzles"))
# An edition's own pieces: not every variant has them (Game.editions), and a booklet, made
# with a game's standard options, carries neither.
CARDS = Item("cards", "Print the number cards to cut out (one card a page for a print shop).",
             N_("number cards"), N_("number cards"), 120.0, in_booklet=False,
             shop_bleed=CARD_BLEED_IN * MM_PER_INCH)
COINS = Item("coins", "Print the tokens and a coin to flip, to cut out.", N_("tokens and coin"),
             N_("tokens and coins"), 132.0, in_booklet=False)
# A played game as a study booklet; --format sgf writes the record itself back.
RECORD = Item("record", "Print a game's record as a study booklet: diagrams of the moves, the "
                        "comments and the move list (or write it as SGF with --format sgf).",
              N_("game record"), N_("game records"), 140.0, formats=(*DRAWN, HTML, SGF),
              built=(), copies=False, in_booklet=False, from_record=True)
# Every item of a game in one document: offered as one PDF to print in one go.
WHOLE_KIT = Item("kit", "Print every item of a game in one document.", N_("kit"), N_("kits"),
                 built=(PDF,), in_booklet=False)

ITEMS: dict[str, Item] = {item.key: item for item in (
    RULES, BOARD, PAD, COUNTERS, TILES, PUZZLE, CARDS, COINS, RECORD, WHOLE_KIT)}
KIT = WHOLE_KIT.key     # the kit as the command line and the front ends name it


def smallest_for(keys: Iterable[str]) -> float:
    """The smallest paper side every one of the items lays out on."""
    return max((ITEMS[k].smallest_paper for k in keys if k in ITEMS), default=SMALLEST_PAPER)
