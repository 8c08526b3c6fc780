"""Colours by role. A palette is a value, so another look is a swap of one value.

Besides its colours a palette says how pages save ink: `hatched` draws large fields (border
rows, frames, side bands) as hatching instead of fills, and `lettered` tells pieces apart by
a letter (B, W, N) rather than by a dark fill. Where a rule or caption names a colour, it
takes the word from the palette (`colour_word`), so the text never names a colour the page
does not print.

The roles are values (core/colour_roles.py): the ones every page shares are here; each game
declares its own in its folder, and a palette draws any role in its colour for the look.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from generator.core import printing
from generator.core.colour_roles import SHARED, ColourRoles, Look, Role
from generator.i18n import Words


@dataclass(frozen=True, slots=True)
class Palette:
    """Role name -> "#rrggbb", plus how pieces and large fields are drawn. A role the table
    does not hold (one a game declares) is drawn in its own colour for the palette's look."""
    name: str
    roles: Mapping[str, str] = field(compare=False)
    hatched: bool = False
    lettered: bool = False
    # Role name -> the colour's name in words (marked for translation), for the roles that
    # rule sheets and captions name.
    words: Mapping[str, str] = field(default_factory=dict, compare=False)
    look: Look = Look.COLOUR

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", MappingProxyType(dict(self.roles)))
        object.__setattr__(self, "words", MappingProxyType(dict(self.words)))

    def colour_word(self, role: Role | str, words: Words) -> str:
        """The role's colour in words, in the language of `words` ("green")."""
        if isinstance(role, Role) and role.name not in self.words:
            word = role.word_in(self.look)
            if word is None:
                raise KeyError(role.name)
            return words._(word)
        return words._(self.words[role.name if isinstance(role, Role) else role])

    def __getitem__(self, role: Role | str) -> str:
        if isinstance(role, str):
            return self.roles[role]
        return self.roles.get(role.name) or role.colour_in(self.look)

    def __iter__(self) -> Iterator[str]:
        return iter(self.roles)


def palette(look: Look, *declared: ColourRoles) -> Palette:
    """A look's palette over the roles declared: each in its colour for the look. A role two
    declarations share must be the same role."""
    roles: dict[str, Role] = {}
    for role in (r for d in declared for r in d.roles):
        if roles.setdefault(role.name, role) != role:
            raise ValueError(f"the colour role {role.name!r} is declared twice, differently")
    words = {name: word for name, role in roles.items() if (word := role.word_in(look))}
    # The ink saver draws large fields as hatching and tells pieces apart by a letter
    # (B, W, N) rather than by a dark fill.
    saving = look is Look.INK_SAVER
    return Palette(look.value, {name: role.colour_in(look) for name, role in roles.items()},
                   hatched=saving, lettered=saving, words=words, look=look)


# Besides its colours a palette says how pages save ink; the colour-blind palette takes each
# role's colour-blind colour, chosen so each pair of roles that meet on a page differs in
# lightness and survives the common colour-vision deficiencies and greyscale printing alike.
COLOUR, INK_SAVER, COLOUR_BLIND = (palette(look, SHARED) for look in Look)
PALETTES: dict[str, Palette] = {p.name: p for p in (COLOUR, INK_SAVER, COLOUR_BLIND)}

# Every palette keeps each pair of a game's players at least PLAYER_GREY_GAP levels apart in
# grey (Rec. 601 luma, 0-255), for mono lasers.
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
