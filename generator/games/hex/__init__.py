"""Hex (Piet Hein, 1942; John Nash, 1947): the connection game the others grew from. Two
players take turns placing a stone on an empty cell; the first to join their two sides wins,
and a full board always has exactly one winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.capabilities import RecordsOf
from generator.games.game import Game, Subject
from generator.games.hex.colours import ROLES
from generator.games.hex.judging import judge, judge_file, read
from generator.games.hex.rules import (
    DEFAULT_SIZE,
    DESIGNER,
    SIZES,
    TITLE,
    YEAR,
    Options,
    board_json,
)
from generator.games.items import BOARD, PAD, RECORD, RULES
from generator.games.judges import FileJudge
from generator.games.puzzle_book import PuzzlesOf
from generator.games.solvers import SolverOf

if TYPE_CHECKING:
    from collections.abc import Sequence

    from generator.games.puzzle_book import PuzzleAsk, Puzzles
    from generator.games.record_book import Study
    from generator.games.solvers import Solved, SolveRequest


def read_record(data: bytes) -> Study:
    """A record (SGF, Little Golem, a link) or a move list, read and replayed for its study
    booklet (record_pages.py, imported only then: the judge draws nothing)."""
    # here: the study's pages draw (reportlab), which the judge, loading this game, never does
    from generator.games.hex.record_pages import study
    return study(read(data))

def solve_file(data: bytes, request: SolveRequest) -> Solved:
    """A position (a record at a move, or a position file) solved for `pnp solve`
    (solving.py and the solver, imported only then)."""
    from generator.games.hex.solving import solve_file as solved  # here: the solver, for pnp solve
    return solved(data, request)

def puzzles_of_records(files: Sequence[tuple[str, bytes]], ask: PuzzleAsk
                       ) -> tuple[Puzzles, list[tuple[str, str]]]:
    """A puzzle book cut from records (puzzle_book.py and the solver, imported only then)."""
    # here: the puzzle book's solver and pages, for pnp puzzles only
    from generator.games.hex.puzzle_book import puzzles_of_records as cut
    return cut(files, ask)


def puzzles_of_seed(ask: PuzzleAsk) -> Puzzles:
    """A puzzle book of its own, from a seed."""
    # here: the puzzle book's solver and pages, for pnp puzzles only
    from generator.games.hex.puzzle_book import puzzles_of_seed as made
    return made(ask)


GAME = Game(
    key="hex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=(RULES, BOARD, PAD),
    board_json=board_json, judge=FileJudge(judge, judge_file),
    records=RecordsOf(read_record, ".sgf", "SGF records"),
    solver=SolverOf(solve_file, ("black", "white", "red", "blue")),
    puzzles=PuzzlesOf(puzzles_of_records, puzzles_of_seed),
    about={
        RULES: "Print the Hex rule sheet, with the swap (pie) rule or, with --no-swap, "
               "without it.",
        BOARD: f"Print an {DEFAULT_SIZE} × {DEFAULT_SIZE} Hex board (--size {SIZES.start} to "
               f"{SIZES.stop - 1}) with Red's sides marked R and Blue's B.",
        PAD: "Print a Hex score pad: a row for every pair of turns of a game that fills "
             "the board.",
        Subject.JUDGE:
            "Say who has connected in a Hex position, with the chain that does it, or "
            "replay a move list and name each illegal turn.\n\n"
            "A position is one row a line, R red, B blue, . empty. A move list is one "
            "turn a line, Red first, optionally numbered, after an optional 'size N' "
            "line: a cell, or 'swap' as the second turn. For example:"
            "\n\n\b\n    1. c4\n    2. swap\n\n"
            "It also reads the records Hex players keep: HexGui and MoHex SGF, Little "
            "Golem's records, Trmph and HexWorld links (docs/records.md). It names the "
            "swap's reading, each illegal move, and who connected or resigned.",
        Subject.SOLVE:
            "Solve a Hex position: who wins, and every winning move, each proven.\n\n"
            "POSITION is an SGF record whose setup (AB, AW) and PL give a puzzle, any record "
            "'pnp judge hex' reads with --move N for the position after move N (its last "
            "move by default), or a position file, one row a line (R red, B blue, . "
            "empty). A move is listed as winning only when every defence to it is proven "
            "to lose, and the player to move loses only when every move is proven to. "
            "Past the budget the answer is 'not proven', with what was proven so far "
            "(docs/solver.md).",
        Subject.PUZZLES:
            "Print a Hex puzzle book whose every answer is proven: positions cut from "
            "the players' records (or, with none given, from games of its own on 5 × 5 "
            "to 7 × 7 boards, from --seed), each a forced win to find, graded by the "
            "solver's effort, the answers at the back.",
        RECORD: "Print a Hex game's record (SGF, Little Golem, a Trmph or HexWorld link, "
                "or a move list) as a study booklet.",
    },
    # The printed board is the same with or without the swap rule; its data records it.
    unread={RULES: ("coordinates",), BOARD: ("swap",), PAD: ("coordinates",),
            Subject.BOARD_DATA: ("coordinates",)},
    roles=ROLES,
)
