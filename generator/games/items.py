"""What can be printed for a game, in one table: each item's help, its names on a sheet and
on the index page, the smallest paper it lays out on, the formats it is written in, and
whether copies of it make sense. The command line, the studio, the catalogue and the
booklets all read it; a game lists the items it has (its pages), in kit order.
"""

from __future__ import annotations

from generator.core.records import Record, field
from generator.i18n import N_

DOCUMENT_FORMATS = ("pdf", "svg", "png")
DATA_FORMATS = ("json",)
SMALLEST_PAPER = 100.0    # mm on each side; a sheet smaller holds no useful page
# Card printers ask for an eighth of an inch past the trim (DriveThruCards, MakePlayingCards).
CARD_BLEED_IN = 0.125
# mm an inch, as generator/core/printing.py has it: the print-shop facts there are more than
# `pnp --help` and the judge, which read this table, need.
_MM_PER_INCH = 25.4


class Item(Record, tuple[str, str, str, str, float, tuple[str, ...], tuple[str, ...] | None,
                         bool, bool, float | None]):
    """One thing that can be printed for a game (a record: generator/core/records.py)."""
    __slots__ = ()
    _fields = ("key", "help", "label", "plural", "smallest_paper", "formats", "built",
               "copies", "in_booklet", "shop_bleed")
    key: str = field(0)
    help: str = field(1)            # what `pnp ITEM --help` and the studio say it prints
    label: str = field(2)           # the item, as the index page names one (translated)
    plural: str = field(3)          # as a booklet's cover lists several (translated)
    # The smallest sheet it lays out on inside the margins, in mm on each side: measured by
    # drawing every game's item over papers from 100 mm up in 2 mm steps, with a few mm to
    # spare (tests/test_hostile.py draws each on its smallest papers). A rule sheet's footer
    # line, a pad's tables and the pennies edition's coin tracks need this much.
    smallest_paper: float = field(4)
    formats: tuple[str, ...] = field(5)
    # What `pnp build` writes it as; None for every printed format the writers have.
    built: tuple[str, ...] | None = field(6)
    copies: bool = field(7)         # whether --copies repeats it (a rule sheet is whole once)
    in_booklet: bool = field(8)     # whether a booklet can carry it after the rules (--with)
    # The bleed a print shop asks for this item when --bleed is not given (mm); None for the
    # paper's own (3 mm, or 0.125 in on an inch paper).
    shop_bleed: float | None = field(9)

    def __new__(cls, key: str, help: str, label: str, plural: str,
                smallest_paper: float = SMALLEST_PAPER,
                formats: tuple[str, ...] = DOCUMENT_FORMATS, built: tuple[str, ...] | None = None,
                copies: bool = True, in_booklet: bool = True, shop_bleed: float | None = None
                ) -> Item:
        return tuple.__new__(cls, (key, help, label, plural, smallest_paper, formats, built,
                                   copies, in_booklet, shop_bleed))


ITEMS: dict[str, Item] = {item.key: item for item in (
    # The rule sheet also has a web edition: --format html.
    Item("rules", "Print the rule sheet (or write its web edition with --format html).",
         N_("rules"), N_("rules"), 145.0, formats=(*DOCUMENT_FORMATS, "html"),
         built=("pdf", "svg", "html"), copies=False),
    Item("board", "Print a board (or its description as data with --format json).",
         N_("board"), N_("boards"), 130.0, formats=(*DOCUMENT_FORMATS, *DATA_FORMATS)),
    Item("pad", "Print a score pad.", N_("pad"), N_("score pads"), 140.0),
    Item("counters", "Print a sheet of counters to cut out.", N_("counters"), N_("counters")),
    Item("tiles", "Print the blocks to cut out.", N_("tiles"), N_("tiles")),
    Item("puzzle", "Print a puzzle and, on the next page, its solution.", N_("puzzle"),
         N_("puzzles")),
    # An edition's own pieces: not every variant has them (Game.offers), and a booklet,
    # made with a game's standard options, carries neither.
    Item("cards", "Print the number cards to cut out (one card a page for a print shop).",
         N_("number cards"), N_("number cards"), 120.0, in_booklet=False,
         shop_bleed=CARD_BLEED_IN * _MM_PER_INCH),
    Item("coins", "Print the tokens and a coin to flip, to cut out.", N_("tokens and coin"),
         N_("tokens and coins"), 132.0, in_booklet=False),
    # Every item of a game in one document: offered as one PDF to print in one go.
    Item("kit", "Print every item of a game in one document.", N_("kit"), N_("kits"),
         built=("pdf",), in_booklet=False),
)}
KIT = "kit"


def item(key: str) -> Item:
    return ITEMS[key]


def smallest_for(keys: tuple[str, ...] | list[str]) -> float:
    """The smallest paper side every one of the items lays out on."""
    return max((ITEMS[k].smallest_paper for k in keys if k in ITEMS), default=SMALLEST_PAPER)
