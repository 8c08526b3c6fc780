"""The games the generator knows, each a folder of its own, found through one table.

Importing this table imports each game's options and rules engine, which are pure and small;
a game's pages (and with them reportlab, svgwrite and jinja2) load only when a page is made.
"""

from __future__ import annotations

from typing import Any

from .blind_hex import GAME as BLIND_HEX
from .blinq import GAME as BLINQ
from .game import Game, GameOptions, OptionError, Pages, Report, Verdict
from .hex_kb import GAME as HEX_KB
from .nex import GAME as NEX

GAMES: dict[str, Game[Any]] = {g.key: g for g in (BLIND_HEX, HEX_KB, NEX, BLINQ)}
# Other names the command line accepts for a game.
ALIASES: dict[str, str] = {alias: g.key for g in GAMES.values() for alias in g.aliases}


def find(name: str) -> Game[Any] | None:
    """The game a name or an alias on the command line means."""
    return GAMES.get(ALIASES.get(name, name))


__all__ = ["GAMES", "ALIASES", "Game", "GameOptions", "OptionError", "Pages", "Report",
           "Verdict", "find"]
