"""The card sizes printers sell, in one table: `--card-size KEY` chooses among them where a
destination does not fix one (The Game Crafter, DriveThruCards and MakePlayingCards print
poker cards of 2.5 × 3.5 in). Home and a print shop keep the 63 × 88 mm of a European
poker deck unless asked. Sizes are trim sizes, upright, in mm; docs/print-shops.md's "Vendors"
section cites them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.core.units import MM_PER_INCH


@dataclass(frozen=True, slots=True)
class CardSize:
    key: str            # as --card-size takes it
    width: float        # mm, upright
    height: float

    def __str__(self) -> str:
        return self.key

    def matches(self, width: float, height: float) -> bool:
        """Whether a sheet of width × height mm (either way round) is this card."""
        return any(abs(a - self.width) < 0.5 and abs(b - self.height) < 0.5
                   for a, b in ((width, height), (height, width)))


def _inches(key: str, width: float, height: float) -> CardSize:
    return CardSize(key, width * MM_PER_INCH, height * MM_PER_INCH)


EURO_POKER = CardSize("63x88mm", 63.0, 88.0)      # what pnp has always drawn
POKER = _inches("poker", 2.5, 3.5)                # 63.5 × 88.9 mm: The Game Crafter, DTC, MPC
BRIDGE = _inches("bridge", 2.25, 3.5)             # 57.2 × 88.9 mm
MINI = _inches("mini", 1.75, 2.5)                 # 44.5 × 63.5 mm
TAROT = _inches("tarot", 2.75, 4.75)              # 69.9 × 120.7 mm
SQUARE = _inches("square", 3.5, 3.5)              # 88.9 mm

CARD_SIZES: Mapping[str, CardSize] = {c.key: c for c in (
    EURO_POKER, POKER, BRIDGE, MINI, TAROT, SQUARE)}


def card_named(width: float, height: float) -> CardSize | None:
    """The card size a paper of width × height mm is, if it is one."""
    return next((c for c in CARD_SIZES.values() if c.matches(width, height)), None)
