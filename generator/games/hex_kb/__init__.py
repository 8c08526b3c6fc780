"""Hex KB (Mark Steere, 2009): Hex on a Klein bottle with a hole.

Red and Blue take turns claiming one empty cell each. Red owns two opposite border segments,
Blue the other two. Two portal frames, the rings round two windows in the board, are the same
cells: claiming a frame cell puts a stone on it and on its twin. A player wins with a simple
connecting path (no net transit through the portal), a portal loop together with a single
transit connecting path, or a double transit connecting path. A full board has exactly one
winner. The board here is built from the rules' description of its topology (see rules.py).
"""

from __future__ import annotations

from generator.games.game import Game
from generator.games.hex_kb.rules import (
    DESIGNER,
    TITLE,
    YEAR,
    Options,
    board_json,
    judge,
    stats_report,
)

GAME = Game(
    key="hex-kb", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "puzzle", "pad"),
    board_json=board_json, judge=judge, stats=stats_report,
)
