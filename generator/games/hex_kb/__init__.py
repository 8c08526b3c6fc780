"""Hex KB (Mark Steere, 2009): Hex on a Klein bottle with a hole.

Red and Blue take turns claiming one empty cell each. Red owns two opposite border segments,
Blue the other two. Two portal frames, the rings round two windows in the board, are the same
cells: claiming a frame cell puts a stone on it and on its twin. A player wins with a simple
connecting path (no net transit through the portal), a portal loop together with a single
transit connecting path, or a double transit connecting path. A full board has exactly one
winner. The board here is built from the rules' description of its topology (see rules.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.capabilities import FiguresOf, RecordsOf
from generator.games.game import Game, Subject
from generator.games.hex_kb.colours import ROLES
from generator.games.hex_kb.rules import (
    DESIGNER,
    TITLE,
    YEAR,
    Options,
    board_json,
    facts,
    judge,
    stats_report,
)
from generator.games.items import BOARD, PAD, PUZZLE, RECORD, RULES
from generator.games.judges import TextJudge

_D = Options()   # the defaults, which the descriptions name


if TYPE_CHECKING:
    from generator.games.record_book import Study


def read_record(data: bytes) -> Study:
    """A move list read (records.py) and replayed for its study booklet (record_pages.py),
    imported only then: the judge and the game's other commands load no other modules."""
    # here: the study's pages draw (reportlab), which the judge, loading this game, never does
    from generator.games.hex_kb.record_pages import study
    from generator.games.hex_kb.records import read
    return study(read(data))


GAME = Game(
    key="hex-kb", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=(RULES, BOARD, PUZZLE, PAD),
    board_json=board_json, judge=TextJudge(judge, facts), figures=FiguresOf(stats_report),
    records=RecordsOf(read_record, ".txt", "move lists"),
    about={
        RULES: "Print the Hex KB rule sheet, with figures of its three ways to win and the "
               "kit's note on reading them.",
        BOARD: f"Print an {_D.size} × {_D.size} Hex KB board with its two portal windows and "
               f"numbered frame cells (--size, --window).",
        PUZZLE: "Print a full Hex KB board to solve (--seed picks it) and, on the next "
                "page, its solution with the winning structure shaded.",
        PAD: "Print a Hex KB score pad: each claimed cell, frame cells by their number.",
        Subject.FIGURES:
            "Show the windows, frames and gaps of a Hex KB board of a size and window "
            "radius.",
        Subject.JUDGE:
            "Say who wins a Hex KB position and by which criterion, or replay a move "
            "list and name each illegal claim.\n\n"
            "One row a line, row 1 first, from column a: R red, B blue, . empty, and O "
            "for each window cell; a frame cell appears in both frames and both copies "
            "agree. An optional first line 'window W' gives the window radius. A 7 × 7 "
            "position begins:\n\n\b\n    window 0\n    . R . . . . .\n\n"
            "A move list is one claim a line, Red first, optionally numbered, after "
            "optional 'size N' and 'window W' lines: a cell, or a portal frame cell by "
            "its number, as the score pad writes it. For example:"
            "\n\n\b\n    size 9\n    1. c4\n    2. 3",
        RECORD: "Print a Hex KB game's move list as a study booklet: numbered stones on "
                "the board with its portal frames, a diagram every N moves.",
    },
    unread={RULES: ("seed", "coordinates"), BOARD: ("seed",),
            PAD: ("seed", "coordinates"), Subject.FIGURES: ("seed", "coordinates"),
            Subject.BOARD_DATA: ("seed", "coordinates")},
    roles=ROLES,
)
