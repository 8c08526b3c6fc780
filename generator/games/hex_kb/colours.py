"""Hex KB's colour roles: its portals' frames and tints, the windows they surround, and the
structures its figures and solutions pick out. Its players are the red and blue every page
shares."""

from __future__ import annotations

from generator.core.colour_roles import BLUE, CELL, RED, ColourRoles, Role
from generator.i18n import N_

# Portal frames, green; Paul Tol's high-contrast yellow for colour-blind eyes. The rules name
# the colour, so it comes with its word.
PORTAL = Role("portal", "#2e9d4a", colour_blind="#ddaa33",
              word=N_("green"), colour_blind_word=N_("yellow"))
PORTAL_TINT = Role("portal tint", "#d8efdc", colour_blind="#f9dabd")
WINDOW = Role("window", "#d9d9d9", colour_blind="#bcc5d3")   # the holes the frames surround
# A structure picked out in figures and solutions: amber, or Tol's mint (a colour of neither
# player).
PATH = Role("path", "#f2b134", colour_blind="#44bb99",
            word=N_("amber"), colour_blind_word=N_("mint green"))

ROLES = ColourRoles(
    roles=(PORTAL, PORTAL_TINT, WINDOW, PATH),
    contrasts=((RED, BLUE, PORTAL, CELL), (PORTAL_TINT, WINDOW, CELL, PATH)),
    players=((RED, BLUE),),
)
