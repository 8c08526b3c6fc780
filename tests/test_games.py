"""The games table: every folder under generator/games with a GAME is a game, keyed by its
folder's name; what a game says it prints is what its pages draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games import KEYS, aliases, all_games, find
from generator.games.items import ITEMS

GAMES_FOLDER = Path(__file__).resolve().parent.parent / "generator" / "games"


def test_every_game_folder_is_a_game():
    folders = sorted(p.name.replace("_", "-") for p in GAMES_FOLDER.iterdir()
                     if (p / "__init__.py").is_file())
    assert list(KEYS) == folders and len(KEYS) >= 5


@pytest.mark.parametrize("key", KEYS)
def test_items_are_what_the_pages_draw(key):
    game = all_games()[key]
    assert tuple(game.items) == tuple(game.pages().items)
    assert set(game.items) <= set(ITEMS.values()) and ITEMS["kit"] not in game.items
    assert (GAMES_FOLDER / game.package.rsplit(".", 1)[-1] / "rules.md.j2").is_file()


def test_a_game_out_of_step_with_its_pages_is_caught():
    # Control: the comparison above does tell a list that differs from the pages.
    game = all_games()["nex"]
    assert tuple(reversed(game.items)) != tuple(game.pages().items)


def test_aliases_find_their_game():
    assert aliases()["bling"] == "blinq" and find("bling") is find("blinq")
    assert find("chess") is None
