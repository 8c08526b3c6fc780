"""Blinq (Néstor Romeral Andrés): dual-coloured blocks that stack into a pyramid."""

from __future__ import annotations

from ..game import Game
from .rules import DESIGNER, TITLE, YEAR, Options, board_json, judge

GAME = Game(
    key="blinq", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "tiles", "pad"),
    board_json=board_json, judge=judge,
)
