"""The parameters a request takes, described once: their names, help, kinds, ranges and
defaults, and how a value typed by a person becomes a typed value (the `Param` itself, and a
game's own options, are in generator/app/game_params.py).

The command line makes its options from these (generator/ui/cli.py) and the studio its form
(generator/ui/studio); both give the typed text to `Param.convert`, so a value is refused with
the same reason wherever it was typed. Nothing here knows click or HTTP.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

# One parameter, and a game's own options as parameters, live apart (`pnp stats` needs only
# those); they are part of this module's vocabulary, so the front ends import them from here.
from generator.app.game_params import (
    CHOICE,
    DATA,
    FLAG,
    FLOAT,
    INT,
    MANY,
    PAPER_SIZE,
    PRINTED,
    STATS,
    SWITCH,
    TEXT,
    Param,
    ParamError,
    game_params,
    option_names,
    readers,
    reads,
)
from generator.core.cards import CARD_SIZES
from generator.core.destinations import DESTINATIONS, HOME
from generator.core.formats import Format
from generator.core.palette import PALETTES
from generator.core.paper import MAX_BLEED, NAMED, Paper, parse_paper
from generator.core.printing import CONDITIONS
from generator.core.products import Kind
from generator.core.units import MM_PER_INCH
from generator.core.virtual_table import url_base
from generator.games.game import OptionError
from generator.games.items import WHOLE_KIT, Item
from generator.i18n import LANGUAGES
from generator.layout.duplex import MODES, parse_offset

if TYPE_CHECKING:
    from generator.games.game import Game, OptionsT

PALETTE_NAMES = tuple(sorted(PALETTES))
DPI_RANGE = (36, 1200)
DEFAULT_DPI = 300
# The most pixels a PNG page may have: 100 million, about 400 MB while it is drawn. A4 takes
# up to 1017 dpi, A3 719, Letter 1034.
MAX_PIXELS = 100e6
COPIES_RANGE = (1, 100)


def largest_dpi(square_inches: float, most: float = MAX_PIXELS) -> int:
    """The largest whole dpi at which a page of this area has at most `most` pixels: the
    one limit both said and applied (a square root in floats can land one off)."""
    dpi = int((most / square_inches) ** 0.5)
    while square_inches * (dpi + 1) ** 2 <= most:
        dpi += 1
    while dpi > 0 and square_inches * dpi * dpi > most:
        dpi -= 1
    return dpi


def millions(pixels: float) -> str:
    """Pixels in millions, rounded up, so that more than the limit never reads as equal."""
    return f"{math.ceil(pixels / 1e5) / 10:g}"


def refuse_huge_pixels(paper: Paper, dpi: int) -> None:
    """Refuse, before drawing, a page whose pixels would not fit in memory: the largest dpi
    the paper allows is in the message. (A tiled board's sheets are the paper.)"""
    bleed = 2 * paper.press.bleed
    inches = ((paper.width + bleed) / MM_PER_INCH, (paper.height + bleed) / MM_PER_INCH)
    pixels = inches[0] * dpi * inches[1] * dpi
    largest = largest_dpi(inches[0] * inches[1])
    if dpi > largest:
        raise OptionError(f"--dpi {dpi} on {paper.name} paper makes {millions(pixels)} million "
                          f"pixels a page, more than {MAX_PIXELS / 1e6:.0f} million; this "
                          f"paper takes at most --dpi {largest}")


# --- what every printed item takes ------------------------------------------------------

PAPER_HELP = (f"Paper: {', '.join(NAMED)}, or WxH in mm or inches (200x300, 8.5x14in). Boards "
              f"turn to landscape when that gives a larger board.")
FOR_HELP = ("Print at home (crop marks, calibration ruler, RGB), at a print shop (pages the "
            "trim plus bleed with TrimBox and BleedBox, CMYK for the press, PDF/X-1a, no "
            "marks), or for a vendor's own products: thegamecrafter, drivethrucards, "
            "makeplayingcards, lulu, drivethrurpg; or put a kit on a virtual table: "
            "tabletop-simulator.")
BLEED_HELP = ("With --for print-shop, bleed past the trim on every side, 0-10 mm.  [default: 3 "
              "mm, or 0.125 in on inch papers]")
PRESS_HELP = ("With --for print-shop, the printing condition to separate the colours for: "
              "fogra39 (coated offset, Europe), gracol (GRACoL 2006, North America) or swop.  "
              "[default: fogra39 on metric papers, gracol on inch papers]")
INK_HELP = ("With --for print-shop, the most ink on any spot, C+M+Y+K in %, 100 up to what "
            "the condition allows (300).  [default: 240]")
LANG_HELP = "Language of everything printed: English, Portuguese, Spanish or German."

PAPER = Param("paper", PAPER_HELP, PAPER_SIZE, default="a4", choices=tuple(NAMED),
              metavar="PAPER", read=parse_paper)
PALETTE_HELP = ("colour; colour-blind (Paul Tol's colours, told apart by colour-blind eyes); or "
                "ink-saver (outlines, letters and hatching instead of large fills).")
PALETTE = Param("palette", PALETTE_HELP, CHOICE, default="colour", choices=PALETTE_NAMES,
                values=PALETTES)
TARGET = Param("target", FOR_HELP, CHOICE, default=HOME.key, choices=tuple(DESTINATIONS),
               spelled="--for", values=DESTINATIONS)
BLEED = Param("bleed", BLEED_HELP, FLOAT, low=0, high=MAX_BLEED, metavar="MM")
PRESS = Param("condition", PRESS_HELP, CHOICE, choices=tuple(sorted(CONDITIONS)),
              spelled="--press")
INK_LIMIT = Param("ink_limit", INK_HELP, FLOAT, low=0, high=400, metavar="PERCENT")
LANG = Param("lang", LANG_HELP, CHOICE, default="en", choices=LANGUAGES)
DPI = Param("dpi", "Pixels per inch of --format png.  [default: 300]", INT,
            low=DPI_RANGE[0], high=DPI_RANGE[1], metavar="N")
COPIES = Param("copies", "Print the item this many times.  [default: 1]", INT,
               low=COPIES_RANGE[0], high=COPIES_RANGE[1], metavar="N")
CELL = Param("cell", "Cells this many mm across (flat to flat), instead of as large as the "
                     "paper allows.", FLOAT, metavar="MM")
CARD_SIZE = Param("card_size", "The cards' size, where the destination does not fix it: "
                  "63x88mm, poker (2.5 x 3.5 in), bridge, mini, tarot or square.  [default: "
                  "63x88mm; poker for The Game Crafter, DriveThruCards, MakePlayingCards]",
                  CHOICE, choices=tuple(CARD_SIZES), cli_only=True, values=CARD_SIZES)
CUT_PATH = Param("cut_path", "Draw the cut lines as the spot colour CutContour, overprinting, "
                             "for a cutter or die-cutter (PDF); with --format svg, also a "
                             "NAME-cut.svg of the cut lines for a home cutting machine.",
                 FLAG, default=False, cli_only=True)
CROP_MARKS = Param("crop_marks", "For a print shop that trims itself: crop marks in a slug "
                                 "outside the bleed (PDF).", FLAG, default=False,
                   cli_only=True)
TILE = Param("tile", "With --cell, print a board larger than the paper over several "
                     "overlapping sheets with crosshairs to line them up.", FLAG, default=False)

URL_BASE = Param("url_base", "With --for tabletop-simulator, name the saved object's images "
                             "under this web address (where you publish the folder, on Steam "
                             "Cloud or any web host) instead of by their file:// paths on this "
                             "computer.", TEXT, metavar="URL", cli_only=True, read=url_base)

BACKS = Param("backs", "How the kit's back-to-back sheets (card fronts and backs, a puzzle and "
                       "its solution) are printed: duplex (both sides, turned over on the long "
                       "edge), gutter-fold (fronts and backs side by side on one side, to fold: "
                       "a printer without double-sided printing), or calibrate (only the sheet "
                       "that measures --back-offset).  [default: duplex]", CHOICE,
              choices=MODES)
BACK_OFFSET = Param("back_offset", "Move every back page X mm to the right and Y mm up, as "
                                   "seen on the back, for a printer whose backs land off "
                                   "their fronts (the calibration sheet, --backs calibrate, "
                                   "measures X,Y).  [default: 0,0]", TEXT, metavar="X,Y",
                    read=parse_offset)


def format_param(formats: Sequence[Format]) -> Param:
    names = tuple(f.name for f in formats)
    return Param("fmt", f"Output format (default: from the -o file's extension, else "
                        f"{names[0]}).",
                 CHOICE, choices=names, metavar="|".join(names), spelled="--format",
                 values={f.name: f for f in formats})


def output_param(default_name: str) -> Param:
    return Param("output", f"Output file (default {default_name}.FORMAT here; - for standard "
                           f"output). Multi-page SVG and PNG become NAME-1.EXT, NAME-2.EXT, "
                           f"...", TEXT, metavar="FILE", short="-o", cli_only=True)


def item_params(game: Game[OptionsT], item: Item, *, printed: bool = False) -> list[Param]:
    """What `pnp ITEM GAME` takes, in the order its help lists them: the game's options that
    change the item (in a printed format, with `printed`), then what every item takes, then
    what the item's own data says it takes: a cut path where it has cut lines, a card size
    where it holds cards, copies, a board's cell size, and how a kit's back-to-back sheets
    print where it has any."""
    read = reads(game, item, fmt=PRINTED if printed else None)
    parts = game.items if item == WHOLE_KIT else (item,)
    cutting = [CUT_PATH] if any(part.cut for part in parts) else []
    params = [*game_params(game, read), PAPER, PALETTE, format_param(item.formats),
              output_param(f"{game.key}-{item.key}"), DPI, TARGET, BLEED, PRESS, INK_LIMIT,
              *cutting, CROP_MARKS, LANG]
    if any(part.kind is Kind.CARDS for part in parts):
        params.append(CARD_SIZE)
    if item.copies:
        params.append(COPIES)
    if item.cells:
        params += [CELL, TILE]
    if item == WHOLE_KIT and any(part.back_to_back for part in parts):
        params += [BACKS, BACK_OFFSET]
    if item == WHOLE_KIT:
        params.append(URL_BASE)
    return params


def default_paper() -> Paper:
    return NAMED["a4"]


__all__ = [
    "BACKS", "BACK_OFFSET", "BLEED", "BLEED_HELP", "CARD_SIZE", "CELL", "CHOICE", "COPIES",
    "COPIES_RANGE", "CROP_MARKS", "CUT_PATH", "DEFAULT_DPI", "DPI",
    "DPI_RANGE", "FLAG", "FLOAT", "FOR_HELP", "INK_HELP", "INK_LIMIT", "INT", "DATA", "LANG",
    "LANG_HELP", "MANY", "MAX_PIXELS", "PALETTE", "PALETTE_HELP", "PALETTE_NAMES", "PAPER",
    "PAPER_HELP", "PAPER_SIZE", "PRESS", "PRESS_HELP", "PRINTED", "STATS", "SWITCH", "TARGET",
    "TEXT", "TILE", "URL_BASE", "Param", "ParamError", "default_paper", "format_param",
    "game_params", "item_params", "largest_dpi", "millions", "option_names", "output_param",
    "readers", "reads", "refuse_huge_pixels",
]
