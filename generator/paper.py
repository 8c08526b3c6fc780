"""Paper sizes and the printable area, in millimetres.

Named sizes are portrait; `turned()` gives the landscape sheet, and `roomiest` picks
whichever of the two gives a drawing more room. `parse_paper` also reads custom sizes such
as 200x300 (millimetres), 200x300mm or 8.5x14in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

# Most home printers cannot print within a quarter inch of the edge; nothing is drawn there.
MARGIN = 6.35
MM_PER_INCH = 25.4
SMALLEST, LARGEST = 100.0, 1500.0   # mm; a sheet outside these holds no useful page


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float = MARGIN
    turnable: bool = True   # False where the page size is fixed, as in a booklet

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
    "letter": Paper("Letter", 215.9, 279.4),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
}
# The catalogue `pnp build` writes by default.
PAPERS: dict[str, Paper] = {k: NAMED[k] for k in ("a4", "letter")}

_CUSTOM = re.compile(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|in)?", re.I)


def parse_paper(text: str) -> Paper:
    """A named size or WxH in mm (the default) or inches; ValueError says what is wrong."""
    key = text.strip().lower()
    if key in NAMED:
        return NAMED[key]
    m = _CUSTOM.fullmatch(key)
    if not m:
        raise ValueError(f"'{text}' is not a paper: use {', '.join(NAMED)} or WxH in mm or "
                         f"inches, e.g. 200x300 or 8.5x14in")
    k = MM_PER_INCH if (m.group(3) or "mm").lower() == "in" else 1.0
    width, height = float(m.group(1)) * k, float(m.group(2)) * k
    for side in (width, height):
        if not SMALLEST <= side <= LARGEST:
            raise ValueError(f"paper '{text}' must be {SMALLEST:g} to {LARGEST:g} mm on each "
                             f"side")
    return Paper(f"{width:g}x{height:g}mm", width, height)


# The smallest sheet each item lays out on inside the margins, in mm on each side: measured
# by drawing every game's item over papers from 100 mm up in 2 mm steps, with a few mm to
# spare (tests/test_hostile.py draws each on its smallest papers). A rule sheet's footer
# line, a pad's tables and the pennies edition's coin tracks need this much; a kit needs
# what its largest item does. A5 (148 mm wide) takes every item.
SMALLEST_FOR: dict[str, float] = {
    "board": 130.0, "counters": 100.0, "tiles": 100.0, "puzzle": 100.0,
    "rules": 145.0, "pad": 140.0,
}


def smallest_for(items: Sequence[str]) -> float:
    return max((SMALLEST_FOR.get(item, SMALLEST) for item in items), default=SMALLEST)


def check_fits(paper: Paper, items: Sequence[str], what: str) -> None:
    """ValueError, one line, when the paper is too small for any of the items."""
    least = smallest_for(items)
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
