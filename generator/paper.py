"""Paper sizes and the printable area, in millimetres (portrait)."""

from __future__ import annotations

from dataclasses import dataclass

# Most home printers cannot print within a quarter inch of the edge; nothing is drawn there.
MARGIN = 6.35


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float = MARGIN

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def inner_height(self) -> float:
        return self.height - 2 * self.margin


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}
