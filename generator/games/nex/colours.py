"""Nex's colour roles: black, white and neutral stones and the black and white sides, all of
them roles every page shares; what Nex declares is which must stay apart."""

from __future__ import annotations

from generator.core.colour_roles import (
    BLACK_SIDE,
    BLACK_STONE,
    HIGHLIGHT,
    NEUTRAL_STONE,
    WHITE_SIDE,
    WHITE_STONE,
    ColourRoles,
)

ROLES = ColourRoles(
    contrasts=((BLACK_STONE, WHITE_STONE, NEUTRAL_STONE, HIGHLIGHT), (BLACK_SIDE, WHITE_SIDE)),
    players=((BLACK_SIDE, WHITE_SIDE), (BLACK_STONE, WHITE_STONE)),
)
