"""Where a kit is printed, in one table: each destination a value that carries what printing
there asks of the files (generator/core/printing.py has the numbers and their sources).

Home: the printable area inside a margin the printer cannot reach, crop marks and a
calibration ruler, RGB. A print shop: pages the trim plus bleed with TrimBox and BleedBox,
text inside its safe zone, colours separated to CMYK for a printing condition, PDF only.
A vendor with its own trim, bleed and products (The Game Crafter, DriveThruCards) is one
more value here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.core.formats import PDF, Format
from generator.core.printing import BLEED_IN, BLEED_MM, HOME_MARGIN, MM_PER_INCH, SHOP_SAFE


@dataclass(frozen=True, slots=True)
class Destination:
    """A place that prints the files: `--for KEY`."""
    key: str
    described: str              # as a sentence names it: "ready for home printing"
    margin: float               # mm inside the trim that nothing (home) or no text (shop) crosses
    # A print shop's page: trim plus bleed, boxes, CMYK for the press, no marks; and the
    # bleed it asks for by default on metric and on inch papers (mm).
    shop: bool = False
    bleed_mm: float = 0.0
    bleed_inch_paper: float = 0.0
    # What `pnp build` writes for it, when not each item's own formats; the folder it goes in
    # beside the home catalogue (none: the catalogue's own), and what the studio adds to a
    # download's file name so it does not overwrite the one for home.
    formats: tuple[Format, ...] | None = None
    folder: str = ""
    file_suffix: str = ""

    def __str__(self) -> str:
        return self.key

    def default_bleed(self, inches: bool) -> float:
        """The bleed it asks for on a paper measured in inches or in mm."""
        return self.bleed_inch_paper if inches else self.bleed_mm


HOME = Destination("home", "home printing", HOME_MARGIN)
PRINT_SHOP = Destination("print-shop", "a print shop", SHOP_SAFE, shop=True,
                         bleed_mm=BLEED_MM, bleed_inch_paper=BLEED_IN * MM_PER_INCH,
                         formats=(PDF,), folder="print-shop", file_suffix="-print-shop")

DESTINATIONS: Mapping[str, Destination] = {d.key: d for d in (HOME, PRINT_SHOP)}
