"""Blind Hex (Don Kirkby, 2012): Hex played in pencil, with simultaneous secret choices.

Two players write x and o on a Hex board whose cell edges carry hash marks numbered 1..M.
Each turn both choose two numbers in secret; a number chosen by one player only lets that
player write in an empty space with that number on one of its edges. The cards edition keeps
the numbers in hand as cards; the pennies edition tracks them with pennies on the board page.
Each edition's kit prints its own pieces: ten number cards, or four tokens and a coin.
"""

from __future__ import annotations

from generator.games.blind_hex.rules import (
    DESIGNER,
    EDITIONS,
    TITLE,
    YEAR,
    Options,
    board_json,
    stats_report,
)
from generator.games.game import Game


def _variants() -> list[tuple[str, Options]]:
    return [(edition, Options(edition=edition)) for edition in EDITIONS]


GAME = Game(
    key="blind-hex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "pad", "cards", "coins"), board_json=board_json,
    stats=stats_report, editions=_variants, refuse=Options.check_item,
    offers=Options.has_item,
)
