"""Blinq (Néstor Romeral Andrés): dual-coloured blocks that stack into a pyramid."""

from __future__ import annotations

from ..game import Game, Pages
from .rules import DESIGNER, TITLE, YEAR, Options, board_json, judge


def _pages() -> Pages[Options]:
    from .pages import PAGES
    return PAGES


GAME = Game(
    key="blinq", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "tiles", "pad"), pages=_pages,
    variants=lambda: [("standard", Options())], board_json=board_json, judge=judge,
)
