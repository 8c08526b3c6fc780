"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share."""

from __future__ import annotations

from generator.games.game import Game
from generator.games.nex.rules import DESIGNER, TITLE, YEAR, Options, board_json, judge

GAME = Game(
    key="nex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "counters", "pad"),
    board_json=board_json, judge=judge,
)
