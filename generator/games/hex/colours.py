"""Hex's colour roles: its red and blue players, roles every page shares, kept apart in grey;
and the winning connection a puzzle's answer shades."""

from __future__ import annotations

from generator.core.colour_roles import BLUE, CELL, RED, ColourRoles, Role
from generator.i18n import N_

# The connection a puzzle's answer shades, in Hex KB's amber (its solutions shade so), or
# Tol's mint: a colour of neither player, light enough for a black stone to read on it.
CONNECTION = Role("connection", "#f2b134", colour_blind="#44bb99",
                  word=N_("amber"), colour_blind_word=N_("mint green"))

ROLES = ColourRoles(roles=(CONNECTION,), contrasts=((CONNECTION, CELL),),
                    players=((RED, BLUE),))
