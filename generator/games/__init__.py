"""The games the generator knows, found from the folders beside this file: a game is one
folder (its package) whose `__init__` defines GAME, keyed on the command line by the folder's
name with dashes (blind_hex is blind-hex).

A game is imported when it is first asked for: its options and rules engine, which are pure,
come with it; its pages (and with them reportlab, svgwrite and jinja2) only when a page is
made. So `pnp judge nex` loads Nex's engine alone.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.games.game import Game

# (os rather than pathlib: pathlib brings urllib.parse and ipaddress, which the start-up of
# `pnp judge` or `pnp list` has no use for.)
_HERE = os.path.dirname(os.path.realpath(__file__))

# key on the command line -> the game's package (its folder's name)
PACKAGES: dict[str, str] = {
    name.replace("_", "-"): name
    for name in sorted(os.listdir(_HERE))
    if os.path.isfile(os.path.join(_HERE, name, "__init__.py")) and not name.startswith("_")
}
KEYS: tuple[str, ...] = tuple(sorted(PACKAGES))


@cache
def load(key: str) -> Game[Any]:
    found: Game[Any] = import_module(f".{PACKAGES[key]}", __name__).GAME
    if found.key != key:
        raise RuntimeError(f"the game in games/{PACKAGES[key]} is keyed {found.key!r}, not "
                           f"{key!r}: a game's key is its folder's name")
    return found


@cache
def aliases() -> dict[str, str]:
    """Other names the command line accepts for a game, as each game declares them."""
    return {alias: key for key in KEYS for alias in load(key).aliases}


def find(name: str) -> Game[Any] | None:
    """The game a name or an alias on the command line means, or None."""
    if name in PACKAGES:
        return load(name)
    key = aliases().get(name)
    return load(key) if key else None


def all_games() -> dict[str, Game[Any]]:
    return {key: load(key) for key in KEYS}


def __getattr__(name: str) -> Any:
    # GAMES, the whole table, for the code that wants every game at once.
    if name == "GAMES":
        return all_games()
    raise AttributeError(name)


__all__ = ["GAMES", "KEYS", "PACKAGES", "aliases", "all_games", "find", "load"]
