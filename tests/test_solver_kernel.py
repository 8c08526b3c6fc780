"""The compiled kernel (generator/games/hex/solver/_kernel.c) and the Python modules it
mirrors give the same analysis of every position: the same fill-in, the same verdict, the
same moves in the same order, on boards of every width the kernel is built for (its sets of
one, two, three and six 64-bit words), square or not; and so the same solutions. Where no
compiler built the kernel there is nothing to compare, and the solver runs on Python."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.hex.records.model import BLACK, WHITE, Cell
from generator.games.hex.solver import Position, analysis, dfpn, solve
from generator.games.hex.solver.analysis import Facts, compiled_analyse, python_analyse
from generator.games.hex.solver.board import SIDES, bits, board_of, connected

pytestmark = pytest.mark.skipif(not analysis.COMPILED,
                                reason="the compiled kernel was not built here")


def position(columns: int, rows: int, stones: float, seed: int) -> tuple[int, int, int]:
    """Random stones on about `stones` of the cells, no one connected: (black, white, to
    move)."""
    board = board_of(columns, rows)
    rng = random.Random(seed)
    while True:
        black = white = 0
        for cell in bits(board.cells):
            if rng.random() < stones:
                if rng.random() < 0.5:
                    black |= 1 << cell
                else:
                    white |= 1 << cell
        if not (connected(board, black, colour=0) or connected(board, white, colour=1)):
            return black, white, rng.randint(0, 1)


def differ(columns: int, rows: int, black: int, white: int, to_move: int) -> Facts | None:
    """The Python facts where the kernel's are not the same, else None."""
    board = board_of(columns, rows)
    facts = python_analyse(board, black, white=white, to_move=to_move)
    return None if compiled_analyse(board, black, white=white, to_move=to_move) == facts else facts


@settings(max_examples=40)
@given(st.integers(1, 9), st.integers(1, 9), st.floats(0.1, 0.8), st.integers(0, 10**6))
def test_the_same_facts_on_small_boards(columns: int, rows: int, stones: float,
                                        seed: int) -> None:
    assert differ(columns, rows, *position(columns, rows, stones, seed)) is None


@pytest.mark.parametrize("columns, rows", [(7, 9), (8, 8), (10, 10), (11, 11), (13, 12),
                                           (14, 14), (19, 19), (19, 1)])
def test_the_same_facts_for_each_width_of_set(columns: int, rows: int) -> None:
    # Boards of one, two, three and six words; mostly filled, so Python's H-search is quick.
    for seed in range(3):
        assert differ(columns, rows, *position(columns, rows, 0.75, seed)) is None


def test_sides_the_kernel_takes_are_the_solvers() -> None:
    board = board_of(SIDES.stop - 1, SIDES.stop - 1)
    assert board.rows * board.stride <= 6 * 64


PUZZLES = [  # Black to move in each; 5 x 5 and 6 x 6 positions that need a search
    Position(5, 5, frozenset({Cell(4, 3), Cell(0, 1)}), frozenset({Cell(2, 2), Cell(1, 1)}),
             BLACK),
    Position(6, 6, frozenset({Cell(2, 2), Cell(5, 2), Cell(3, 4)}),
             frozenset({Cell(1, 0), Cell(1, 4)}), WHITE),
]


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_same_solution_either_way(monkeypatch: pytest.MonkeyPatch,
                                      puzzle: Position) -> None:
    compiled = solve(puzzle)
    monkeypatch.setattr(dfpn, "analyse", python_analyse)
    monkeypatch.setattr("generator.games.hex.solver.answer.analyse", python_analyse)
    by_python = solve(puzzle)
    assert compiled.proven and compiled.nodes > 5
    assert (by_python.winner, by_python.winning, by_python.losing, by_python.nodes,
            by_python.line, by_python.connection) == \
        (compiled.winner, compiled.winning, compiled.losing, compiled.nodes, compiled.line,
         compiled.connection)


def test_a_different_order_of_moves_is_told_apart() -> None:
    # Control: facts that differ only in the order of their moves are not the same facts.
    board = board_of(7, 7)
    facts = next(f for f in (compiled_analyse(board, black, white=white, to_move=to_move)
                             for black, white, to_move in (position(7, 7, 0.2, seed)
                                                           for seed in range(100)))
                 if len(f.moves) > 1)
    shuffled = Facts(facts.black, facts.white, facts.outcome, facts.moves[::-1])
    assert shuffled != facts
