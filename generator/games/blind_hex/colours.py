"""Blind Hex's colour roles: the two players' sides, and the tints of the cells each may write
in (figures of the rules). The players' colours are the red and blue the Hex family prints."""

from __future__ import annotations

from generator.core.colour_roles import BLUE, CELL, RED, ColourRoles, Role

# The sides take the red and blue players' colours in every look.
X_SIDE = Role("x side", RED.colour, colour_blind=RED.colour_blind)
O_SIDE = Role("o side", BLUE.colour, colour_blind=BLUE.colour_blind)
# Cells where x may write, o may write, or both, in figures; the ink saver pales them, and the
# colour-blind tints differ in lightness as well as hue.
X_TINT = Role("x tint", "#f6d3d8", ink_saver="#fbeef0", colour_blind="#f2b9ce")
O_TINT = Role("o tint", "#d4e2f3", ink_saver="#eef3fa", colour_blind="#8fb4d9")
BOTH_TINT = Role("both tint", "#e4d9ec", ink_saver="#f4f0f7", colour_blind="#ece4b8")

ROLES = ColourRoles(
    roles=(X_SIDE, O_SIDE, X_TINT, O_TINT, BOTH_TINT),
    contrasts=((X_SIDE, O_SIDE, CELL), (X_TINT, O_TINT, BOTH_TINT, CELL)),
    players=((X_SIDE, O_SIDE),),
)

# Each player's side, by the letter the cards and coins print.
SIDES: dict[str, Role] = {"x": X_SIDE, "o": O_SIDE}
