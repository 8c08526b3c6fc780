"""Colour roles, as a game declares them: a role is what a colour is for on a page ("the x
player's side", "a portal's frame"), with its colour in each look a palette can take.

Each game declares the roles it draws with, beside its rules (generator/games/<game>/
colours.py), and registers them on its Game; the core's palette (core/palette.py) is the
mechanism and the roles every page shares, and names no game. This module is light on
purpose: a game's package imports it, so `pnp judge` loads it without the palettes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.i18n import N_


class Look(Enum):
    """The looks a palette takes: which of a role's colours it prints."""
    COLOUR = "colour"
    INK_SAVER = "ink-saver"
    COLOUR_BLIND = "colour-blind"


@dataclass(frozen=True, slots=True)
class Role:
    """A colour role: its name, its "#rrggbb" colour, and where another look differs, that
    look's colour. `word` is the colour's name (marked for translation) for a role that rule
    sheets and captions name, so a text never names a colour the page does not print."""
    name: str
    colour: str
    ink_saver: str | None = None
    colour_blind: str | None = None
    word: str | None = None
    colour_blind_word: str | None = None

    def colour_in(self, look: Look) -> str:
        """The role's colour in a look: the colour palette's, unless the look has its own."""
        own = {Look.INK_SAVER: self.ink_saver, Look.COLOUR_BLIND: self.colour_blind}.get(look)
        return own or self.colour

    def word_in(self, look: Look) -> str | None:
        """The colour's name in a look (untranslated); the ink saver prints the colours'."""
        return (self.colour_blind_word if look is Look.COLOUR_BLIND else None) or self.word


@dataclass(frozen=True, slots=True)
class ColourRoles:
    """What a game declares of its colours: the roles it draws with (beyond those every page
    shares), the groups of roles that meet on its pages and must stay apart (the colour-blind
    palette is tested on every pair of a group, under simulated colour-vision deficiencies
    and in grey), and its players' pairs, which every palette keeps apart in grey for mono
    lasers (and a hatched palette draws in different patterns)."""
    roles: tuple[Role, ...] = ()
    contrasts: tuple[tuple[Role, ...], ...] = ()
    players: tuple[tuple[Role, Role], ...] = ()


# The roles every page shares: the layout's, and those several games draw with. A game
# declares its own beside its rules (generator/games/<game>/colours.py).
INK = Role("ink", "#000000")            # text and hash marks: pure black, one ink on any printer
MUTED = Role("muted", "#6b6b6b")        # captions, coordinates, footers
BOARD_LINE = Role("board line", "#8c8c8c")  # cell outlines
CELL = Role("cell", "#ffffff")
RULE = Role("rule", "#b3b3b3")          # table rules
CUT_LINE = Role("cut line", "#8c8c8c")  # cut lines and crop marks; visible on black and on white
HEADER_FILL = Role("header fill", "#ededed", ink_saver="#ffffff")
# Stones and the sides of a board in black and white. In the ink saver stones carry their
# letter; black ones keep a light grey, so the two players' stones still differ in grey at a
# glance.
BLACK_STONE = Role("black stone", "#000000", ink_saver="#bdbdbd")
WHITE_STONE = Role("white stone", "#ffffff")
NEUTRAL_STONE = Role("neutral stone", "#a8a8a8", ink_saver="#ffffff", colour_blind="#9a9a9a")
STONE_EDGE = Role("stone edge", "#000000")
BLACK_SIDE = Role("black side", "#000000")
WHITE_SIDE = Role("white side", "#ffffff")
# Red and blue players: a light red and a dark blue, some 67 grey levels apart, so the sides
# stay apart on a mono laser too. Paul Tol's muted rose and high-contrast blue for colour-blind
# eyes, the rose lighter than his high-contrast red, so the two stay some 79 grey levels apart.
RED = Role("red", "#e8412f", colour_blind="#cc6677")
BLUE = Role("blue", "#0e2d82", colour_blind="#004488")
# A winning chain in figures; Tol's high-contrast yellow (a colour of neither player).
HIGHLIGHT = Role("highlight", "#2e9d4a", colour_blind="#ddaa33",
                 word=N_("green"), colour_blind_word=N_("yellow"))
CHANGE = Role("change", "#f8e2a8", colour_blind="#f5dd9a")   # cells a turn changed, in figures

SHARED = ColourRoles(roles=(
    INK, MUTED, BOARD_LINE, CELL, RULE, CUT_LINE, HEADER_FILL, BLACK_STONE, WHITE_STONE,
    NEUTRAL_STONE, STONE_EDGE, BLACK_SIDE, WHITE_SIDE, HIGHLIGHT, CHANGE, RED, BLUE))
