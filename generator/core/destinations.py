"""Where a kit is printed, in one table: each destination a value that carries what printing
there asks of the files, and the products it sells for each kind of item
(generator/core/products.py; generator/core/printing.py has the shops' numbers and their
sources, generator/core/cards.py the card sizes printers sell).

Home: the printable area inside a margin the printer cannot reach, crop marks and a
calibration ruler, RGB; every item on the paper asked for. A print shop: pages the trim plus
bleed with TrimBox and BleedBox, text inside its safe zone, colours separated to CMYK for a
printing condition, PDF/X-1a; every item too. A vendor is one more value: its bleed and safe
zone, whether it takes CMYK PDF/X-1a (and which: 2001 or 2003) or converts sRGB itself, and
its products: The Game Crafter's poker deck and quad-fold board, DriveThruCards' and
MakePlayingCards' poker cards, Lulu's and DriveThruRPG's books. The "Vendors" table of
docs/print-shops.md cites each figure's source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from generator.core.cards import POKER
from generator.core.formats import DRAWN, PDF, PNG, TABLE, Format
from generator.core.printing import (
    BLEED_IN,
    BLEED_MM,
    HOME_MARGIN,
    PDFX_2001,
    PDFX_2003,
    SHOP_SAFE,
    PdfX,
)
from generator.core.products import Faces, Kind, Product
from generator.core.units import MM_PER_INCH

EIGHTH_INCH = BLEED_IN * MM_PER_INCH           # 3.175 mm
HALF_INCH = 0.5 * MM_PER_INCH                  # 12.7 mm


class Checks(Enum):
    """The rules `pnp check --for` holds a destination's PDFs to."""
    HOME = "home"
    PRINT_SHOP = "print-shop"


@dataclass(frozen=True, slots=True)
class Destination:
    """A place that prints the files: `--for KEY`."""
    key: str
    described: str              # as a sentence names it: "ready for home printing"
    margin: float               # mm inside the trim that nothing (home) or no text (shop) crosses
    # What it sells, by the kind of item: an item of a kind it has no product for is refused.
    products: Mapping[Kind, Product] = field(hash=False, compare=False)
    # A print shop's page: trim plus bleed, boxes, no marks; and the bleed it asks for by
    # default on metric and on inch papers (mm).
    shop: bool = False
    bleed_mm: float = 0.0
    bleed_inch_paper: float = 0.0
    # What `pnp build` writes for it, when not each item's own formats; the folder it goes in
    # beside the home catalogue (none: the catalogue's own).
    catalogue: tuple[Format, ...] | None = None
    folder: str = ""
    # Colour: a shop's pages separated to CMYK for a printing condition and marked PDF/X-1a
    # (`cmyk`), or left in sRGB for a vendor that converts them itself.
    cmyk: bool = True
    pdfx: PdfX = PDFX_2001      # the PDF/X-1a a separated file is marked as
    # Whether the vendor names that flavour in its specifications: `pnp check --for KEY`
    # then holds a file to it (a print shop in general takes either).
    pdfx_named: bool = False
    condition: str = ""         # the printing condition it names (--press), if it names one
    # What `pnp check --for KEY` holds its PDFs to (None: pnp checks none of its files).
    checks: Checks | None = None
    verb: str = "prints"        # what it does with files, as a sentence says it

    def __str__(self) -> str:
        return self.key

    def default_bleed(self, inches: bool) -> float:
        """The bleed it asks for on a paper measured in inches or in mm."""
        return self.bleed_inch_paper if inches else self.bleed_mm

    @property
    def separated(self) -> bool:
        """Whether its files are separated into ink for a press (CMYK, PDF/X-1a)."""
        return self.shop and self.cmyk

    def product(self, kind: Kind) -> Product | None:
        """What it makes of an item of this kind, or None where it sells none."""
        return self.products.get(kind)

    @property
    def sells(self) -> str:
        """What it prints, as a sentence names it: "cards", "cards and boards"."""
        kinds = [str(kind) for kind in self.products if kind is not Kind.KIT] or [
            str(Kind.KIT)]
        return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]


def _every(name: str, *, crop_marks: bool) -> dict[Kind, Product]:
    """A product of every kind, each taking a cut path: what home and a print shop print (a
    kit drawn, as one document)."""
    return {kind: Product(kind, name, DRAWN if kind is Kind.KIT else None, cut_path=True,
                          crop_marks=crop_marks) for kind in Kind}


HOME = Destination("home", "home printing", HOME_MARGIN, checks=Checks.HOME, products={
    **_every("pages of your paper", crop_marks=False)})
# A print shop takes every item as pages of the trim plus bleed; cards one a page, each face
# then its back; books as single pages in reading order, counted in fours.
PRINT_SHOP = Destination("print-shop", "a print shop", SHOP_SAFE, shop=True,
                         bleed_mm=BLEED_MM, bleed_inch_paper=BLEED_IN * MM_PER_INCH,
                         catalogue=(PDF,), folder="print-shop", checks=Checks.PRINT_SHOP,
                         products={
                             **_every("pages with bleed", crop_marks=True),
                             Kind.CARDS: Product(Kind.CARDS, "cards one a page",
                                                 faces=Faces.FACE_FIRST, cut_path=True,
                                                 crop_marks=True),
                             Kind.BOOK: Product(Kind.BOOK, "single pages with bleed",
                                                cut_path=True, crop_marks=True,
                                                page_multiple=4)})


def _vendor(key: str, described: str, safe: float, products: Mapping[Kind, Product]
            ) -> Destination:
    """A vendor's destination: a print shop that asks an eighth of an inch of bleed on every
    paper, its files in a folder and named after it (its own facts are replaced in)."""
    return Destination(key, described, safe, products, shop=True, bleed_mm=EIGHTH_INCH,
                       bleed_inch_paper=EIGHTH_INCH, folder=key)


# The Game Crafter: poker cards 825 × 1125 px at 300 dpi, cut line 37.5 px and safe line
# 75 px in from the image's edge (its proof overlay); RGB PNG or JPG only ("CMYK images will
# be rejected") and a quad-fold board 18 × 18 in, 5475 × 5475 px with its bleed (both
# second-hand: docs/print-shops.md says where each figure comes from).
THE_GAME_CRAFTER = replace(_vendor("thegamecrafter", "The Game Crafter", EIGHTH_INCH, {
    Kind.CARDS: Product(Kind.CARDS, "Poker Deck", (PNG,), card=POKER, faces=Faces.IMAGES),
    Kind.BOARD: Product(Kind.BOARD, "Quad-Fold Board", (PNG,), trim=18 * MM_PER_INCH)}),
    cmyk=False)
# DriveThruCards ("Specifications for Print Cards"): one PDF a deck, PDF/X-1a:2003, 2.75 ×
# 3.75 in a page (poker with 0.125 in of bleed), the back of card 1 first, then its face, then
# the back of card 2 ...; CMYK within 240% ink; nothing important within 0.125 in of the trim;
# no die line for the rounded corners. Its card-prep page has Acrobat make the PDF/X-1a for
# "US Web Coated (SWOP) v2": SWOP, the default --press here.
DRIVETHRUCARDS = replace(_vendor("drivethrucards", "DriveThruCards", EIGHTH_INCH, {
    Kind.CARDS: Product(Kind.CARDS, "poker cards", (PDF,), card=POKER,
                        faces=Faces.BACK_FIRST)}),
    checks=Checks.PRINT_SHOP, pdfx=PDFX_2003, pdfx_named=True, condition="swop")
# MakePlayingCards: poker cards as images of 822 × 1122 px at 300 dpi (750 × 1050 trimmed,
# 36 px of bleed a side), RGB (second-hand: its own pages were not found).
MAKEPLAYINGCARDS = replace(_vendor("makeplayingcards", "MakePlayingCards", EIGHTH_INCH, {
    Kind.CARDS: Product(Kind.CARDS, "poker-size playing cards", (PNG,), card=POKER,
                        bleed=36 / 300 * MM_PER_INCH, faces=Faces.IMAGES)}),
    cmyk=False)
# Lulu prints books in sRGB and converts anything else itself: sRGB PDF, an eighth of an inch
# of bleed, text half an inch inside the trim, no crop marks.
LULU = replace(_vendor("lulu", "Lulu", HALF_INCH, {
    Kind.BOOK: Product(Kind.BOOK, "saddle-stitched booklet", (PDF,), page_multiple=4)}),
    cmyk=False)
# DriveThruRPG's print on demand: PDF/X-1a, CMYK within 240% ink, an eighth of an inch of
# bleed, text half an inch inside the trim, page counts divisible by 4 (second-hand, and
# the one summary found says X-1a:2003 where a OneBookShelf help page says X-1a:2001).
DRIVETHRURPG = replace(_vendor("drivethrurpg", "DriveThruRPG", HALF_INCH, {
    Kind.BOOK: Product(Kind.BOOK, "print-on-demand booklet", (PDF,), page_multiple=4)}),
    checks=Checks.PRINT_SHOP)

# Tabletop Simulator: no printer, a virtual table. A kit is a saved object (its JSON and the
# images it names) that the game loads from its Saves/Saved Objects folder; each game says
# what its table holds (its table.py). Berserk Games' knowledge base, cited in
# docs/tabletop-simulator.md, is the format's source.
TABLETOP_SIMULATOR = Destination("tabletop-simulator", "Tabletop Simulator", 0.0, {
    Kind.KIT: Product(Kind.KIT, "saved object", (TABLE,), fixed=True)},
    folder="tabletop-simulator", cmyk=False, verb="takes")

DESTINATIONS: Mapping[str, Destination] = {d.key: d for d in (
    HOME, PRINT_SHOP, THE_GAME_CRAFTER, DRIVETHRUCARDS, MAKEPLAYINGCARDS, LULU, DRIVETHRURPG,
    TABLETOP_SIMULATOR)}
CHECKED: Mapping[str, Destination] = {k: d for k, d in DESTINATIONS.items() if d.checks}
