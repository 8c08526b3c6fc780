"""The games the generator knows, found from the folders beside this file: a game is one
folder (its package) whose `__init__` defines GAME, keyed on the command line by the folder's
name with dashes (blind_hex is blind-hex).

A game is imported when it is first asked for: its options and rules engine, which are pure,
come with it; its pages (and with them reportlab, svgwrite and jinja2) only when a page is
made. So `pnp judge nex` loads Nex's engine alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:   # the games' shape comes with the first game loaded: `--help` loads none
    from generator.games.game import Game
    from generator.games.protocols import GameOptions

# Every game as the registry hands it out: each has its own options type, which a table of
# them all can only name as what every game's options offer.
SomeGame: TypeAlias = "Game[GameOptions]"

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
def load(key: str) -> SomeGame:
    found: SomeGame = import_module(f".{PACKAGES[key]}", __name__).GAME
    if found.key != key:
        raise RuntimeError(f"the game in games/{PACKAGES[key]} is keyed {found.key!r}, not "
                           f"{key!r}: a game's key is its folder's name")
    return found


@cache
def aliases() -> dict[str, str]:
    """Other names the command line accepts for a game, as each game declares them."""
    return {alias: key for key in KEYS for alias in load(key).aliases}


def find(name: str) -> SomeGame | None:
    """The game a name or an alias on the command line means, or None."""
    if name in PACKAGES:
        return load(name)
    key = aliases().get(name)
    return load(key) if key else None


def all_games() -> dict[str, SomeGame]:
    return {key: load(key) for key in KEYS}


class _Registry(Mapping[str, SomeGame]):
    """Every game by key, each imported when it is first looked up (`pnp judge nex` loads
    Nex alone)."""

    def __getitem__(self, key: str) -> SomeGame:
        if key not in PACKAGES:
            raise KeyError(key)
        return load(key)

    def __iter__(self) -> Iterator[str]:
        return iter(KEYS)

    def __len__(self) -> int:
        return len(KEYS)


GAMES: Mapping[str, SomeGame] = _Registry()

__all__ = ["GAMES", "KEYS", "PACKAGES", "SomeGame", "aliases", "all_games", "find", "load"]
