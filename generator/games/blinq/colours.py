"""Blinq's colour roles: its black and white stones and sides, which every page shares, and
the bare board of its figures."""

from __future__ import annotations

from generator.core.colour_roles import (
    BLACK_SIDE,
    BLACK_STONE,
    HIGHLIGHT,
    NEUTRAL_STONE,
    WHITE_SIDE,
    WHITE_STONE,
    ColourRoles,
    Role,
)

# The empty board in figures, so white pieces stand out; white in the ink saver.
BARE_BOARD = Role("bare board", "#e9e2d2", ink_saver="#ffffff")

ROLES = ColourRoles(
    roles=(BARE_BOARD,),
    contrasts=((BLACK_STONE, WHITE_STONE, NEUTRAL_STONE, HIGHLIGHT), (BLACK_SIDE, WHITE_SIDE)),
    players=((BLACK_SIDE, WHITE_SIDE), (BLACK_STONE, WHITE_STONE)),
)
