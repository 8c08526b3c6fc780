"""Hex's colour roles: its red and blue players, roles every page shares, kept apart in grey."""

from __future__ import annotations

from generator.core.colour_roles import BLUE, RED, ColourRoles

ROLES = ColourRoles(players=((RED, BLUE),))
