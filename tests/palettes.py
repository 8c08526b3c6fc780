"""Every palette with every game's colour roles, and the roles each game says must stay
apart: what the palette, readability and press tests check, gathered from the games'
registry (each game declares its roles in its colours.py), so a new game's are checked too."""

from __future__ import annotations

from generator.core.colour_roles import SHARED, Look
from generator.core.palette import Palette, palette
from generator.games import all_games

DECLARED = (SHARED, *(game.roles for game in all_games().values()))

PALETTES: dict[str, Palette] = {look.value: palette(look, *DECLARED) for look in Look}
COLOUR = PALETTES[Look.COLOUR.value]
INK_SAVER = PALETTES[Look.INK_SAVER.value]
COLOUR_BLIND = PALETTES[Look.COLOUR_BLIND.value]

# By role name; a group or pair two games declare is checked once.
CONTRASTS: tuple[tuple[str, ...], ...] = tuple(dict.fromkeys(
    tuple(role.name for role in group) for d in DECLARED for group in d.contrasts))
PLAYERS: tuple[tuple[str, str], ...] = tuple(dict.fromkeys(
    (a.name, b.name) for d in DECLARED for a, b in d.players))
