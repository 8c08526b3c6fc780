"""The games the generator knows, each a folder of its own, found through one table.

A game is imported when it is first asked for: its options and rules engine, which are pure,
come with it; its pages (and with them reportlab, svgwrite and jinja2) only when a page is
made. So `pnp judge nex` loads Nex's engine alone.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

# key on the command line -> the game's package
PACKAGES: dict[str, str] = {
    "blind-hex": "blind_hex",
    "blinq": "blinq",
    "hex-kb": "hex_kb",
    "nex": "nex",
}
KEYS: tuple[str, ...] = tuple(sorted(PACKAGES))
# Other names the command line accepts for a game. Blinq was keyed "bling" (a mis-transcription
# in the rules file the kit started from), so commands and scripts written then still work.
ALIASES: dict[str, str] = {"bling": "blinq"}


@cache
def load(key: str) -> Game[Any]:
    found: Game[Any] = import_module(f".{PACKAGES[key]}", __name__).GAME
    return found


def find(name: str) -> Game[Any] | None:
    """The game a name or an alias on the command line means, or None."""
    key = ALIASES.get(name, name)
    return load(key) if key in PACKAGES else None


def all_games() -> dict[str, Game[Any]]:
    return {key: load(key) for key in KEYS}


def __getattr__(name: str) -> Any:
    # GAMES, the whole table, for the code that wants every game at once.
    if name == "GAMES":
        return all_games()
    raise AttributeError(name)


__all__ = ["ALIASES", "GAMES", "KEYS", "PACKAGES", "all_games", "find", "load"]
