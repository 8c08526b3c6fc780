"""Colours by role. A palette is a value, so another look is a swap of one value.

Besides its colours a palette says how pages save ink: `hatched` draws large fields (border
rows, frames, side bands) as hatching instead of fills, and `lettered` tells pieces apart by
a letter (B, W, N) rather than by a dark fill.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from generator.core import printing


@dataclass(frozen=True)
class Palette:
    """Role name -> "#rrggbb", plus how pieces and large fields are drawn."""
    name: str
    roles: Mapping[str, str] = field(compare=False)
    hatched: bool = False
    lettered: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", MappingProxyType(dict(self.roles)))

    def __getitem__(self, role: str) -> str:
        return self.roles[role]

    def __iter__(self) -> Iterator[str]:
        return iter(self.roles)


COLOUR = Palette("colour", {
    "ink": "#000000",           # text and hash marks: pure black, one ink on any printer
    "muted": "#6b6b6b",         # captions, coordinates, footers
    "board line": "#8c8c8c",    # cell outlines
    "cell": "#ffffff",
    "rule": "#b3b3b3",          # table rules
    "cut line": "#8c8c8c",      # cut lines and crop marks; visible on black and on white
    # The players' colours: a light red and a dark blue, some 67 grey levels apart, so the
    # sides stay apart on a mono laser too.
    "x side": "#e8412f",
    "o side": "#0e2d82",
    "x tint": "#f6d3d8",        # cells where x may write, in figures
    "o tint": "#d4e2f3",
    "both tint": "#e4d9ec",
    "header fill": "#ededed",
    "black stone": "#000000",
    "white stone": "#ffffff",
    "neutral stone": "#a8a8a8",
    "stone edge": "#000000",
    "black side": "#000000",
    "white side": "#ffffff",
    "highlight": "#2e9d4a",     # a winning chain in figures
    "change": "#f8e2a8",        # cells a turn changed, in figures
    "bare board": "#e9e2d2",    # empty board in figures, so white pieces stand out
    "red": "#e8412f",           # Hex KB's red border segments and stones
    "blue": "#0e2d82",
    "portal": "#2e9d4a",        # portal frames
    "portal tint": "#d8efdc",
    "window": "#d9d9d9",        # the holes the frames surround
    "path": "#f2b134",          # a structure picked out in figures and solutions
})

INK_SAVER = Palette("ink-saver", {
    **COLOUR.roles,
    "x tint": "#fbeef0",
    "o tint": "#eef3fa",
    "both tint": "#f4f0f7",
    "header fill": "#ffffff",
    # Stones carry their letter; black ones keep a light grey, so the two players' stones
    # still differ in grey at a glance.
    "black stone": "#bdbdbd",
    "neutral stone": "#ffffff",
    "bare board": "#ffffff",
}, hatched=True, lettered=True)

# Paul Tol's high-contrast scheme (blue, red, yellow) and light tints: each pair of roles
# that meet on a page differs in lightness, so it survives the common colour-vision
# deficiencies and greyscale printing alike.
COLOUR_BLIND = Palette("colour-blind", {
    **COLOUR.roles,
    "x side": "#bb5566",
    "o side": "#004488",
    "x tint": "#f2b9ce",
    "o tint": "#8fb4d9",
    "both tint": "#ece4b8",
    "neutral stone": "#9a9a9a",
    "highlight": "#ddaa33",
    "change": "#f5dd9a",
    "red": "#bb5566",
    "blue": "#004488",
    "portal": "#ddaa33",
    "portal tint": "#f9dabd",
    "window": "#bcc5d3",
    "path": "#77aadd",
})

PALETTES: dict[str, Palette] = {p.name: p for p in (COLOUR, INK_SAVER, COLOUR_BLIND)}

# Roles that meet on a page and must stay apart: the colour-blind palette is tested on
# every pair within each group, under simulated colour-vision deficiencies and in grey.
CONTRASTS: tuple[tuple[str, ...], ...] = (
    ("x side", "o side", "cell"),
    ("x tint", "o tint", "both tint", "cell"),
    ("red", "blue", "portal", "cell"),
    ("portal tint", "window", "cell", "path"),
    ("black stone", "white stone", "neutral stone", "highlight"),
    ("black side", "white side"),
)

# The two players' roles in each game (Blind Hex's x and o, Hex KB's red and blue, Nex's and
# Blinq's black and white sides and stones). Every palette keeps each pair at least
# PLAYER_GREY_GAP levels apart in grey (Rec. 601 luma, 0-255), for mono lasers; a hatched
# palette also draws the two in different patterns.
PLAYERS: tuple[tuple[str, str], ...] = (
    ("x side", "o side"),
    ("red", "blue"),
    ("black side", "white side"),
    ("black stone", "white stone"),
)
PLAYER_GREY_GAP = 60.0


grey = printing.grey   # a "#rrggbb" colour's grey as printed in black only, 0-255
