"""Blinq (Néstor Romeral Andrés): dual-coloured blocks that stack into a pyramid."""

from __future__ import annotations

from generator.games.blinq.colours import ROLES
from generator.games.blinq.rules import (
    BLOCKS,
    DESIGNER,
    SIZE,
    TITLE,
    YEAR,
    Options,
    board_json,
    facts,
    judge,
)
from generator.games.game import Game, Subject
from generator.games.items import BOARD, PAD, RULES, TILES
from generator.games.judges import TextJudge

GAME = Game(
    key="blinq", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=(RULES, BOARD, TILES, PAD),
    board_json=board_json, judge=TextJudge(judge, facts),
    # Blinq was keyed "bling" (a mis-transcription in the rules file the kit started from),
    # so commands and scripts written then still work.
    aliases=("bling",),
    about={
        RULES: "Print the Blinq rule sheet: placing and stacking blocks, winning, and the "
               "neutral-block variant.",
        BOARD: f"Print the {SIZE} × {SIZE} Blinq board with its white and black frames "
               f"(--neutral marks the variant's cell).",
        TILES: f"Print Blinq's {BLOCKS} dual-coloured blocks and the neutral block, to glue "
               f"on card and cut out.",
        PAD: "Print a Blinq score pad: each move's level, place and the side its white half "
             "faces.",
        Subject.JUDGE:
            "Replay a Blinq move list: each illegal move, the result, and the pyramid "
            "seen from above.\n\n"
            "One move a line, White first, optionally numbered: the level (1-5), the "
            "place and the side the block's white half faces (U, R, D or L); an optional "
            "first line 'neutral CELL' for the variant; 'resign' gives up. For example:"
            "\n\n\b\n    1 c4 R\n    1 b1 L",
    },
    unread={RULES: ("neutral", "coordinates"), TILES: ("neutral", "coordinates"),
            PAD: ("coordinates",), Subject.BOARD_DATA: ("coordinates",)},
    roles=ROLES,
)
