"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.game import Game
from generator.games.judges import TextJudge
from generator.games.nex.colours import ROLES
from generator.games.nex.rules import (
    DEFAULT_SIZE,
    DESIGNER,
    SIZES,
    TITLE,
    YEAR,
    Options,
    board_json,
    judge,
)

if TYPE_CHECKING:
    from generator.games.hex.records.model import GameRecord


def read_record(data: bytes) -> GameRecord:
    """A move list as the record item reads it (records.py), imported only then: the judge
    and the game's other commands load no other game's modules."""
    from generator.games.nex.records import read
    return read(data)


GAME = Game(
    key="nex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "counters", "pad"),
    board_json=board_json, judge=TextJudge(judge), read_record=read_record,
    about={
        "rules": "Print the Nex rule sheet, with figures of a drop, a conversion and a won "
                 "board.",
        "board": f"Print an {DEFAULT_SIZE} × {DEFAULT_SIZE} Nex board (--size {SIZES.start} to "
                 f"{SIZES.stop - 1}) standing on corner a1, its sides marked B and W.",
        "counters": "Print black, white and neutral Nex counters, at least one of each a cell, "
                    "to cut out.",
        "pad": "Print a Nex score pad: drops, conversions and swaps, written by cell.",
        "judge": "Say who has connected in a Nex position, or replay a move list and name "
                 "each illegal turn.\n\n"
                 "A position is one row a line, B black, W white, N neutral, . empty. A move "
                 "list is one turn a line, Black first, optionally numbered, after an optional "
                 "'size N' line: plain cells become the player's stones, cells in brackets "
                 "neutral ones, and 'swap' is the pie rule. For example:"
                 "\n\n\b\n    1. c4 (d5)\n    2. e5 (f6)",
        "record": "Print a Nex game's move list as a study booklet: numbered black, white "
                  "and neutral stones, a diagram every N moves.",
    },
    unread={"rules": ("coordinates",), "counters": ("coordinates",),
            "pad": ("coordinates",), "json": ("coordinates",)},
    roles=ROLES,
)
