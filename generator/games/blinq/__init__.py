"""Blinq (Néstor Romeral Andrés): dual-coloured blocks that stack into a pyramid."""

from __future__ import annotations

from generator.games.blinq.rules import DESIGNER, TITLE, YEAR, Options, board_json, judge
from generator.games.game import Game

GAME = Game(
    key="blinq", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "tiles", "pad"),
    board_json=board_json, judge=judge,
    # Blinq was keyed "bling" (a mis-transcription in the rules file the kit started from),
    # so commands and scripts written then still work.
    aliases=("bling",),
)
