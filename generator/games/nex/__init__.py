"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.capabilities import RecordsOf
from generator.games.game import Game, Subject
from generator.games.items import BOARD, COUNTERS, PAD, RECORD, RULES
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
    facts,
    judge,
)

if TYPE_CHECKING:
    from generator.games.record_book import Study


def read_record(data: bytes) -> Study:
    """A move list read (records.py) and replayed for its study booklet (record_pages.py),
    imported only then: the judge and the game's other commands load no other modules."""
    # here: the study's pages draw (reportlab), which the judge, loading this game, never does
    from generator.games.nex.record_pages import study
    from generator.games.nex.records import read
    return study(read(data))


GAME = Game(
    key="nex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=(RULES, BOARD, COUNTERS, PAD),
    board_json=board_json, judge=TextJudge(judge, facts),
    records=RecordsOf(read_record, ".txt", "move lists"),
    about={
        RULES: "Print the Nex rule sheet, with figures of a drop, a conversion and a won "
               "board.",
        BOARD: f"Print an {DEFAULT_SIZE} × {DEFAULT_SIZE} Nex board (--size {SIZES.start} to "
               f"{SIZES.stop - 1}) standing on corner a1, its sides marked B and W.",
        COUNTERS: "Print black, white and neutral Nex counters, at least one of each a cell, "
                  "to cut out.",
        PAD: "Print a Nex score pad: drops, conversions and swaps, written by cell.",
        Subject.JUDGE:
            "Say who has connected in a Nex position, or replay a move list and name "
            "each illegal turn.\n\n"
            "A position is one row a line, B black, W white, N neutral, . empty. A move "
            "list is one turn a line, Black first, optionally numbered, after an optional "
            "'size N' line: plain cells become the player's stones, cells in brackets "
            "neutral ones, and 'swap' is the pie rule. For example:"
            "\n\n\b\n    1. c4 (d5)\n    2. e5 (f6)",
        RECORD: "Print a Nex game's move list as a study booklet: numbered black, white "
                "and neutral stones, a diagram every N moves.",
    },
    unread={RULES: ("coordinates",), COUNTERS: ("coordinates",),
            PAD: ("coordinates",), Subject.BOARD_DATA: ("coordinates",)},
    roles=ROLES,
)
