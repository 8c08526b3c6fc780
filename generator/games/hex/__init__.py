"""Hex (Piet Hein, 1942; John Nash, 1947): the connection game the others grew from. Two
players take turns placing a stone on an empty cell; the first to join their two sides wins,
and a full board always has exactly one winner."""

from __future__ import annotations

from generator.games.game import Game
from generator.games.hex.rules import DESIGNER, TITLE, YEAR, Options, board_json, judge

GAME = Game(
    key="hex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "pad"),
    board_json=board_json, judge=judge,
)
