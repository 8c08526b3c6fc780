"""Where a kit is printed, in one table: each destination a value that carries what printing
there asks of the files (generator/core/printing.py has the shop's numbers and their
sources, generator/core/cards.py the card sizes printers sell).

Home: the printable area inside a margin the printer cannot reach, crop marks and a
calibration ruler, RGB. A print shop: pages the trim plus bleed with TrimBox and BleedBox,
text inside its safe zone, colours separated to CMYK for a printing condition, PDF only.
A vendor is one more value: its bleed and safe zone, whether it takes CMYK PDF/X-1a (and
which: 2001 or 2003) or converts sRGB itself, the formats it takes, the card size it sells,
whether it wants one image per card face with one shared back or a 1-up PDF (back or face
first), whether it takes a cut path, the board product it prints, and the multiple its
books' page counts must be. The "Vendors" table of docs/print-shops.md cites each figure's source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from generator.core.cards import POKER, CardSize
from generator.core.formats import PDF, PNG, Format
from generator.core.printing import (
    BLEED_IN,
    BLEED_MM,
    HOME_MARGIN,
    MM_PER_INCH,
    PDFX_2001,
    PDFX_2003,
    SHOP_SAFE,
    PdfX,
)

EIGHTH_INCH = BLEED_IN * MM_PER_INCH           # 3.175 mm
HALF_INCH = 0.5 * MM_PER_INCH                  # 12.7 mm


@dataclass(frozen=True, slots=True)
class Destination:
    """A place that prints the files: `--for KEY`."""
    key: str
    described: str              # as a sentence names it: "ready for home printing"
    margin: float               # mm inside the trim that nothing (home) or no text (shop) crosses
    # A print shop's page: trim plus bleed, boxes, no marks; and the bleed it asks for by
    # default on metric and on inch papers (mm).
    shop: bool = False
    bleed_mm: float = 0.0
    bleed_inch_paper: float = 0.0
    # What `pnp build` writes for it, when not each item's own formats; the folder it goes in
    # beside the home catalogue (none: the catalogue's own).
    formats: tuple[Format, ...] | None = None
    folder: str = ""
    # Colour: a shop's pages separated to CMYK for a printing condition and marked PDF/X-1a
    # (`cmyk`), or left in sRGB for a vendor that converts them itself.
    cmyk: bool = True
    pdfx: PdfX = PDFX_2001      # the PDF/X-1a a separated file is marked as
    # Whether the vendor names that flavour in its specifications: `pnp check --for KEY`
    # then holds a file to it (a print shop in general takes either).
    pdfx_named: bool = False
    condition: str = ""         # the printing condition it names (--press), if it names one
    # The formats it takes uploads in (None: any), the first the default.
    takes: tuple[Format, ...] | None = None
    # The one card size it sells (None: --card-size chooses); cards as one image per face
    # and one shared back (`card_images`) rather than a 1-up PDF alternating front and back.
    card: CardSize | None = None
    card_images: bool = False
    card_bleed: float | None = None      # mm past a card's trim, where not the shop's
    # A 1-up card PDF puts each card's back before its face (DriveThruCards), not after.
    back_first: bool = False
    # Whether its files may carry a cut path (--cut-path); DriveThruCards rounds the corners
    # itself and asks for no die line in the layout.
    cut_path: bool = True
    # A board product printed as one image of this trim size (mm, square), e.g. a quad-fold.
    board: float | None = None
    # A book's page count must be a multiple of this (saddle stitching: 4).
    page_multiple: int = 1
    # What `pnp check --for KEY` holds its files to: "home", "print-shop" or none.
    preflight: str = ""

    def __str__(self) -> str:
        return self.key

    def default_bleed(self, inches: bool) -> float:
        """The bleed it asks for on a paper measured in inches or in mm."""
        return self.bleed_inch_paper if inches else self.bleed_mm

    @property
    def separated(self) -> bool:
        """Whether its files are separated into ink for a press (CMYK, PDF/X-1a)."""
        return self.shop and self.cmyk


def _vendor(key: str, described: str, safe: float) -> Destination:
    """A vendor's destination: a print shop that asks an eighth of an inch of bleed on every
    paper, its files in a folder and named after it (its own facts are replaced in)."""
    return Destination(key, described, safe, shop=True, bleed_mm=EIGHTH_INCH,
                       bleed_inch_paper=EIGHTH_INCH, folder=key)


HOME = Destination("home", "home printing", HOME_MARGIN, preflight="home")
PRINT_SHOP = Destination("print-shop", "a print shop", SHOP_SAFE, shop=True,
                         bleed_mm=BLEED_MM, bleed_inch_paper=BLEED_IN * MM_PER_INCH,
                         formats=(PDF,), folder="print-shop",
                         preflight="print-shop")
# The Game Crafter: poker cards 825 × 1125 px at 300 dpi, cut line 37.5 px and safe line
# 75 px in from the image's edge (its proof overlay); RGB PNG or JPG only ("CMYK images will
# be rejected") and a quad-fold board 18 × 18 in, 5475 × 5475 px with its bleed (both
# second-hand: docs/print-shops.md says where each figure comes from).
THE_GAME_CRAFTER = replace(_vendor("thegamecrafter", "The Game Crafter", EIGHTH_INCH),
                           cmyk=False, takes=(PNG,), card=POKER, card_images=True,
                           board=18 * MM_PER_INCH)
# DriveThruCards ("Specifications for Print Cards"): one PDF a deck, PDF/X-1a:2003, 2.75 ×
# 3.75 in a page (poker with 0.125 in of bleed), the back of card 1 first, then its face, then
# the back of card 2 ...; CMYK within 240% ink; nothing important within 0.125 in of the trim;
# no die line for the rounded corners. Its card-prep page has Acrobat make the PDF/X-1a for
# "US Web Coated (SWOP) v2": SWOP, the default --press here.
DRIVETHRUCARDS = replace(_vendor("drivethrucards", "DriveThruCards", EIGHTH_INCH),
                         takes=(PDF,), card=POKER, preflight="print-shop", pdfx=PDFX_2003,
                         pdfx_named=True,
                         condition="swop", back_first=True, cut_path=False)
# MakePlayingCards: poker cards as images of 822 × 1122 px at 300 dpi (750 × 1050 trimmed,
# 36 px of bleed a side), RGB (second-hand: its own pages were not found).
MAKEPLAYINGCARDS = replace(_vendor("makeplayingcards", "MakePlayingCards", EIGHTH_INCH),
                           cmyk=False, takes=(PNG,), card=POKER, card_bleed=36 / 300 * MM_PER_INCH,
                           card_images=True)
# Lulu prints in sRGB and converts anything else itself: sRGB PDF, an eighth of an inch of
# bleed, text half an inch inside the trim, no crop marks.
LULU = replace(_vendor("lulu", "Lulu", HALF_INCH), cmyk=False, takes=(PDF,))
# DriveThruRPG's print on demand: PDF/X-1a, CMYK within 240% ink, an eighth of an inch of
# bleed, text half an inch inside the trim, page counts divisible by 4 (second-hand, and
# the one summary found says X-1a:2003 where a OneBookShelf help page says X-1a:2001).
DRIVETHRURPG = replace(_vendor("drivethrurpg", "DriveThruRPG", HALF_INCH), takes=(PDF,),
                       page_multiple=4, preflight="print-shop")

DESTINATIONS: Mapping[str, Destination] = {d.key: d for d in (
    HOME, PRINT_SHOP, THE_GAME_CRAFTER, DRIVETHRUCARDS, MAKEPLAYINGCARDS, LULU, DRIVETHRURPG)}
CHECKED: Mapping[str, Destination] = {k: d for k, d in DESTINATIONS.items() if d.preflight}
