"""Paper sizes and the printable area, in millimetres.

Named sizes are portrait; `turned()` gives the landscape sheet, and `roomiest` picks
whichever of the two gives a drawing more room. `parse_paper` also reads custom sizes such
as 200x300 (millimetres), 200x300mm or 8.5x14in.

A paper also says who prints it (its `Press`): at home, with a margin the printer cannot
reach, a calibration ruler and crop marks; or at a print shop, where the page is the trim
size plus bleed all round, the margin is the shop's safe zone for text, and the writer sets
the PDF's TrimBox and BleedBox and separates the colours for the press's printing condition
(FOGRA39 by default on metric papers, GRACoL 2006 on inch papers) within its ink limit.
`for_press` turns a home paper into a print shop's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.core.cards import EURO_POKER, CardSize, card_named
from generator.core.destinations import HOME as AT_HOME
from generator.core.destinations import Destination
from generator.core.printing import (
    CONDITIONS,
    HOME_MARGIN,
    INK_LIMIT,
    LEAST_INK_LIMIT,
    MAX_BLEED,
    SHOP_SAFE,
    default_condition,
)
from generator.core.products import Faces
from generator.core.units import MM_PER_INCH

MARGIN = HOME_MARGIN
SMALLEST, LARGEST = 100.0, 1500.0   # mm; a sheet outside these holds no useful page

__all__ = ["MARGIN", "MAX_BLEED", "SHOP_SAFE", "Paper", "Press"]


@dataclass(frozen=True)
class Press:
    """Who prints the pages: at home (no bleed, no condition) or a print shop: bleed mm
    past the trim, colours separated for `condition` (a key of printing.CONDITIONS) with at
    most `ink_limit` % total ink (none for a vendor that takes sRGB). Also what is printed
    besides the artwork: the card size and how a deck is laid out (`faces`: on sheets, one
    card a page, one image a face), cut lines as a `CutContour` spot colour for a cutter
    (`cut_path`), crop marks in a slug outside the bleed (`crop_marks`)."""
    destination: Destination = AT_HOME
    bleed: float = 0.0
    condition: str = ""
    ink_limit: float = 0.0
    card: CardSize = EURO_POKER
    faces: Faces = Faces.SHEETS      # how a deck's cards are laid out (the product's)
    cut_path: bool = False
    crop_marks: bool = False

    @property
    def shop(self) -> bool:
        return self.destination.shop

    @property
    def separated(self) -> bool:
        """Colours separated into ink for the condition, the file marked PDF/X-1a."""
        return self.destination.separated


HOME = Press()


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float = MARGIN
    turnable: bool = True   # False where the page size is fixed, as in a booklet
    inches: bool = False    # an inch paper (Letter, Tabloid, 8.5x14in): bleed in inches
    press: Press = HOME

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def inner_height(self) -> float:
        return self.height - 2 * self.margin

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    def turned(self) -> Paper:
        return replace(self, width=self.height, height=self.width)


NAMED: dict[str, Paper] = {
    "a3": Paper("A3", 297.0, 420.0),
    "a4": Paper("A4", 210.0, 297.0),
    "a5": Paper("A5", 148.0, 210.0),
    "letter": Paper("Letter", 215.9, 279.4, inches=True),
    "tabloid": Paper("Tabloid", 279.4, 431.8, inches=True),
}
# The catalogue `pnp build` writes by default.
PAPERS: dict[str, Paper] = {k: NAMED[k] for k in ("a4", "letter")}

# Digits 0-9 and the letter x only, as the judges read numbers: not ٣ or １１, not ×.
_CUSTOM = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*x\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|in)?",
                     re.I | re.ASCII)


def parse_paper(text: str) -> Paper:
    """A named size or WxH in mm (the default) or inches; ValueError says what is wrong."""
    key = text.strip().lower()
    if key in NAMED:
        return NAMED[key]
    m = _CUSTOM.fullmatch(key)
    if not m:
        raise ValueError(f"'{text}' is not a paper: use {', '.join(NAMED)} or WxH in mm or "
                         f"inches, e.g. 200x300 or 8.5x14in")
    inches = (m.group(3) or "mm").lower() == "in"
    k = MM_PER_INCH if inches else 1.0
    width, height = float(m.group(1)) * k, float(m.group(2)) * k
    card = card_named(width, height)
    if card is not None and min(width, height) < SMALLEST:
        # A card's own size (2.5x3.5in): cards one a page at that size.
        return Paper(f"{text.strip()}", width, height, turnable=False, inches=inches)
    for side in (width, height):
        if not SMALLEST <= side <= LARGEST:
            raise ValueError(f"paper '{text}' must be {SMALLEST:g} to {LARGEST:g} mm on each "
                             f"side")
    return Paper(f"{width:g}x{height:g}mm", width, height, inches=inches)


def for_press(paper: Paper, target: Destination = AT_HOME, *, bleed: float | None = None,
              safe: float | None = None, condition: str | None = None,
              ink_limit: float | None = None) -> Paper:
    """The paper as printed for a destination: a home paper as it is, or a print shop's,
    with bleed (by default the shop's: 3 mm, or 0.125 in on an inch paper), a margin of
    `safe` mm (by default the shop's safe zone), and the printing condition (by default the
    one the destination names, else FOGRA39 on a metric paper, GRACoL on an inch paper) and
    total ink in % (by default 240%, at most the condition's)."""
    if not target.shop:
        for given, option in ((bleed, "--bleed"), (condition, "--press"),
                              (ink_limit, "--ink-limit")):
            if given is not None:
                raise ValueError(f"{option} is for --for print-shop")
        # Home's paper as it is; another destination that prints nothing (a virtual table)
        # is named on the press, so its files go to its own folder.
        return paper if target == AT_HOME else replace(paper, press=Press(target))
    if bleed is None:
        bleed = target.default_bleed(paper.inches)
    if not 0 <= bleed <= MAX_BLEED:
        raise ValueError(f"--bleed must be 0 to {MAX_BLEED:g} mm, not {bleed:g}")
    margin = target.margin if safe is None else safe
    if not target.cmyk:
        for given, option in ((condition, "--press"), (ink_limit, "--ink-limit")):
            if given is not None:
                raise ValueError(f"{option} is for a destination printed in CMYK; "
                                 f"{target.described} takes sRGB and converts it itself")
        return replace(paper, margin=margin, press=Press(target, bleed))
    if condition is None:
        condition = target.condition or default_condition(paper.inches)
    if condition not in CONDITIONS:
        raise ValueError(f"'{condition}' is not a printing condition: use "
                         f"{', '.join(CONDITIONS)}")
    most = CONDITIONS[condition].ink_limit
    if ink_limit is None:
        ink_limit = min(INK_LIMIT * 100, most)
    if not LEAST_INK_LIMIT <= ink_limit <= most:
        raise ValueError(f"--ink-limit must be {LEAST_INK_LIMIT:g} to {most:g}% on "
                         f"{condition}, not {ink_limit:g}")
    return replace(paper, margin=margin, press=Press(target, bleed, condition, ink_limit))


def check_fits(paper: Paper, least: float, *, what: str) -> None:
    """ValueError, one line, when the paper is smaller than `least` mm on a side."""
    if min(paper.width, paper.height) < least:
        raise ValueError(f"{what}: the paper must be at least {least:g} mm on each side, "
                         f"not {paper.width:g} × {paper.height:g} mm")


def roomiest(paper: Paper, room: Callable[[Paper], float]) -> Paper:
    """Portrait or landscape, whichever gives the larger `room` (portrait on a tie)."""
    if not paper.turnable:
        return paper
    portrait = paper if not paper.landscape else paper.turned()
    landscape = portrait.turned()
    return landscape if room(landscape) > room(portrait) * (1 + 1e-9) else portrait
