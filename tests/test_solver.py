"""The solver against exhaustive minimax (tests/solver_oracle.py, which shares none of its
code): the verdict and the whole set of winning moves must agree on every 3 x 3 position a
game can reach, on a sample of 4 x 4 positions and on random 5 x 5 positions. Every 4 x 4
position would be 3^16 (43 million) fillings, each a minimax of its own: hours in
Python, so a seeded sample of positions of 7 to 12 stones (a minimax of at most 9 empty
cells each) stands for them. A solver that skips one defence is caught by the same checks
(the controls at the end)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from solver_oracle import Oracle

from generator.games.hex.records.model import BLACK, WHITE, Cell, cell_name
from generator.games.hex.solver import Position, answer, solve
from generator.games.hex.solver import dfpn as search
from generator.games.hex.solver.analysis import LOSS, OPEN, Facts
from generator.games.hex.solver.board import Board, bits, connected


def mismatches(oracle: Oracle, positions: list[Position], first: bool = False) -> list[str]:
    """Each position where the solver's proven answer is not the oracle's (with `first`,
    the first only: a control needs no more)."""
    wrong: list[str] = []
    for position in positions:
        solution = solve(position, explain=False)
        expected = oracle.winning_moves(position)
        winner = position.to_move if expected else (WHITE if position.to_move == BLACK
                                                     else BLACK)
        if not solution.proven or solution.winner != winner or \
                set(solution.winning) != expected:
            wrong.append(f"{position}: solver {solution.winner} {names(solution.winning)}, "
                         f"minimax {winner} {names(expected)}")
            if first:
                break
    return wrong


def names(cells: tuple[Cell, ...] | frozenset[Cell]) -> str:
    return " ".join(sorted(cell_name(c) for c in cells))


def reachable(oracle: Oracle) -> list[Position]:
    """Every position of the board a game can reach: Black has as many stones as White
    (Black to move) or one more (White to move), and no one has connected."""
    cells = [Cell(q, r) for r in range(oracle.rows) for q in range(oracle.columns)]
    out = []
    for colours in itertools.product((0, 1, 2), repeat=len(cells)):
        black = frozenset(c for c, k in zip(cells, colours, strict=True) if k == 1)
        white = frozenset(c for c, k in zip(cells, colours, strict=True) if k == 2)
        if len(black) - len(white) not in (0, 1) or oracle.over(black, white) or \
                len(black) + len(white) == len(cells):
            continue
        out.append(Position(oracle.columns, oracle.rows, black, white,
                            BLACK if len(black) == len(white) else WHITE))
    return out


def sampled(oracle: Oracle, count: int, stones: range, seed: int) -> list[Position]:
    """Positions of `stones` stones, Black's and White's alternately placed at random
    (so as reachable as a game's), either player to move."""
    rng = random.Random(seed)
    cells = [Cell(q, r) for r in range(oracle.rows) for q in range(oracle.columns)]
    out: list[Position] = []
    while len(out) < count:
        chosen = rng.sample(cells, rng.choice(stones))
        black, white = frozenset(chosen[0::2]), frozenset(chosen[1::2])
        if not oracle.over(black, white):
            out.append(Position(oracle.columns, oracle.rows, black, white,
                                rng.choice((BLACK, WHITE))))
    return out


@pytest.fixture(scope="module")
def small() -> tuple[Oracle, list[Position]]:
    oracle = Oracle(4, 4)
    return oracle, sampled(oracle, 150, range(7, 13), seed=4)


def test_every_3x3_position_a_game_can_reach() -> None:
    oracle = Oracle(3, 3)
    positions = reachable(oracle)
    assert len(positions) > 2000
    assert mismatches(oracle, positions) == []


def test_a_sample_of_4x4_positions(small: tuple[Oracle, list[Position]]) -> None:
    oracle, positions = small
    assert mismatches(oracle, positions) == []
    # The sample holds won and lost positions, and puzzles whose winner has one winning
    # move among several losing ones.
    answers = [oracle.winning_moves(p) for p in positions]
    assert sum(not a for a in answers) > 10 and sum(len(a) == 1 for a in answers) > 10


FIVE = Oracle(5, 5)


@st.composite
def five_by_five(draw: st.DrawFn) -> Position:
    """15 to 19 stones, Black's and White's in turn on random cells, no one connected."""
    cells = [Cell(q, r) for r in range(5) for q in range(5)]
    chosen = draw(st.permutations(cells))[:draw(st.integers(15, 19))]
    black, white = frozenset(chosen[0::2]), frozenset(chosen[1::2])
    assume(not FIVE.over(black, white))
    return Position(5, 5, black, white, draw(st.sampled_from((BLACK, WHITE))))


@settings(max_examples=25)
@given(five_by_five())
def test_random_5x5_positions(position: Position) -> None:
    assert mismatches(FIVE, [position]) == []


# --- the search alone ------------------------------------------------------------------
# On boards this small the analysis decides nearly every position before any search (the
# fill-in and H-search are that strong), so the search itself is checked with a bare
# analysis in its place: a finished game is decided, and every empty cell is a move.


def bare(board: Board, black: int, white: int, to_move: int) -> Facts:
    mine, theirs = (white, black) if to_move else (black, white)
    if connected(board, theirs, colour=1 - to_move):
        return Facts(black, white, LOSS, ())
    return Facts(black, white, OPEN, tuple(bits(board.cells & ~(black | white))))


@pytest.fixture
def search_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "analyse", bare)
    monkeypatch.setattr(answer, "opponent_pairs", lambda *_, **__: 0)   # no fill-in to ask


@pytest.fixture(scope="module")
def dense() -> tuple[Oracle, list[Position]]:
    oracle = Oracle(4, 4)
    return oracle, sampled(oracle, 60, range(8, 13), seed=7)


def test_the_search_alone_on_3x3(search_alone: None) -> None:
    oracle = Oracle(3, 3)
    assert mismatches(oracle, reachable(oracle)[::5]) == []


def test_the_search_alone_on_4x4(search_alone: None,
                                 dense: tuple[Oracle, list[Position]]) -> None:
    oracle, positions = dense
    assert mismatches(oracle, positions) == []


# --- controls: a solver that skips a defence is caught ---------------------------------------


def test_a_search_that_ignores_a_reply_is_caught(monkeypatch: pytest.MonkeyPatch,
                                                 search_alone: None,
                                                 dense: tuple[Oracle, list[Position]]
                                                 ) -> None:
    # Each position searched forgets its first move: a defence (or a win) never tried.
    def one_move_short(board: Board, black: int, white: int, to_move: int) -> Facts:
        facts = bare(board, black, white, to_move)
        return replace(facts, moves=facts.moves[1:]) if len(facts.moves) > 1 else facts

    monkeypatch.setattr(search, "analyse", one_move_short)
    oracle, positions = dense
    assert mismatches(oracle, positions, first=True) != []


def test_a_root_that_takes_every_filled_cell_for_a_pass_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A move into the opponent's captured pair is not worth a pass: its cells must be
    # searched (answer.py). Taken for passes, they lose when they may win.
    monkeypatch.setattr(answer, "opponent_pairs", lambda *_, **__: 0)
    oracle = Oracle(3, 3)
    assert mismatches(oracle, reachable(oracle), first=True) != []
