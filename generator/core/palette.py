"""Colours by role. A palette is a value, so another look is a swap of one value.

Besides its colours a palette says how pages save ink: `hatched` draws large fields (border
rows, frames, side bands) as hatching instead of fills, and `lettered` tells pieces apart by
a letter (B, W, N) rather than by a dark fill. Where a rule or caption names a colour, it
takes the word from the palette (`colour_word`), so the text never names a colour the page
does not print.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from generator.core import printing
from generator.i18n import N_, _


@dataclass(frozen=True)
class Palette:
    """Role name -> "#rrggbb", plus how pieces and large fields are drawn."""
    name: str
    roles: Mapping[str, str] = field(compare=False)
    hatched: bool = False
    lettered: bool = False
    # Role name -> the colour's name in words (marked for translation), for the roles that
    # rule sheets and captions name.
    words: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", MappingProxyType(dict(self.roles)))
        object.__setattr__(self, "words", MappingProxyType(dict(self.words)))

    def colour_word(self, role: str) -> str:
        """The role's colour in words, in the active language ("green")."""
        return _(self.words[role])

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
}, words={"portal": N_("green"), "highlight": N_("green"), "path": N_("amber")})

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
}, hatched=True, lettered=True, words=COLOUR.words)

# Paul Tol's high-contrast blue and yellow, his muted rose for red and his mint for picked-out
# paths (a colour of neither player), with light tints: each pair of roles that meet on a
# page differs in lightness, so it survives the common colour-vision deficiencies and
# greyscale printing alike. The rose is lighter than Tol's high-contrast red, so the two
# players stay some 79 grey levels apart.
COLOUR_BLIND = Palette("colour-blind", {
    **COLOUR.roles,
    "x side": "#cc6677",
    "o side": "#004488",
    "x tint": "#f2b9ce",
    "o tint": "#8fb4d9",
    "both tint": "#ece4b8",
    "neutral stone": "#9a9a9a",
    "highlight": "#ddaa33",
    "change": "#f5dd9a",
    "red": "#cc6677",
    "blue": "#004488",
    "portal": "#ddaa33",
    "portal tint": "#f9dabd",
    "window": "#bcc5d3",
    "path": "#44bb99",
}, words={"portal": N_("yellow"), "highlight": N_("yellow"), "path": N_("mint green")})

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

# Text set on a coloured ground needs this contrast (WCAG 2's 4.5:1 for body text), in every
# palette, so frame numbers and labels stay readable on colour, in grey and to weak sight.
LEGIBLE_CONTRAST = 4.5


def relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a "#rrggbb" colour, 0 (black) to 1 (white)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in printing.rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    dark, light = sorted((relative_luminance(a), relative_luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def text_on(colours: Palette, ground: str) -> str:
    """Black ink or white, whichever reads better on this ground."""
    ink, paper = colours["ink"], colours["cell"]
    return ink if contrast(ink, ground) >= contrast(paper, ground) else paper
