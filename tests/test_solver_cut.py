"""Puzzles cut from a played game (generator/games/hex/solver/puzzles.py): a position is
kept exactly when the player to move has a proven win, cannot finish in one move, and has a
losing move; a one-move finish is told by placing each stone (the control)."""

from __future__ import annotations

import random

from solver_oracle import Oracle

from generator.games.hex.records import read_record
from generator.games.hex.records.model import BLACK, WHITE, Cell
from generator.games.hex.solver import Budget, Position, solve
from generator.games.hex.solver.positions import game_positions
from generator.games.hex.solver.puzzles import LEVELS, cut, finishes


def one_stone_connects(oracle: Oracle, position: Position) -> bool:
    mover = 0 if position.to_move == BLACK else 1
    stones = oracle.bits(position.black if mover == 0 else position.white)
    taken = oracle.bits(position.black | position.white)
    return any(oracle.joined(stones | 1 << i, mover) for i in range(oracle.cells)
               if not taken >> i & 1)


def test_a_one_move_finish_is_told() -> None:
    oracle = Oracle(5, 5)
    rng = random.Random(2)
    cells = [Cell(q, r) for r in range(5) for q in range(5)]
    told = []
    while len(told) < 200:
        chosen = rng.sample(cells, rng.randint(0, 20))
        black, white = frozenset(chosen[0::2]), frozenset(chosen[1::2])
        if oracle.over(black, white):
            continue
        position = Position(5, 5, black, white, rng.choice((BLACK, WHITE)))
        assert finishes(position) == one_stone_connects(oracle, position), position
        told.append(finishes(position))
    assert any(told) and not all(told)


def a_game(size: int, seed: int) -> str:
    """A record of random moves to the end of the game."""
    rng = random.Random(seed)
    cells = [f"{chr(97 + c)}{r + 1}" for c in range(size) for r in range(size)]
    rng.shuffle(cells)
    moves = "".join(f";{'BW'[i % 2]}[{cell}]" for i, cell in enumerate(cells))
    return f"(;FF[4]GM[11]SZ[{size}]{moves})"


def test_the_puzzles_of_a_game_are_those_it_should_keep() -> None:
    positions = game_positions(read_record(a_game(5, 3)))
    assert positions[0][0] == 0 and len(positions) > 8
    budget = Budget(seconds=30)
    puzzles = cut(positions, budget)
    kept = {p.move for p in puzzles}
    assert kept
    for move, position in positions:
        solution = solve(position, budget, explain=False)
        worth = (not finishes(position) and solution.proven
                 and solution.winner == position.to_move and bool(solution.losing))
        assert (move in kept) == worth, move
    for puzzle in puzzles:
        assert puzzle.solution.winning and puzzle.solution.losing
        assert 1 <= puzzle.level <= len(LEVELS) + 1
        assert puzzle.solution.line[0] in puzzle.solution.winning


def test_a_position_where_every_move_wins_is_no_puzzle() -> None:
    # Control: Black's centre stone on 3 x 3 holds both sides whoever moves (b1 or c1 to
    # the top, a3 or b3 to the bottom), so with Black to move every move wins: no puzzle.
    every = Position(3, 3, frozenset({Cell(1, 1)}), frozenset({Cell(0, 0)}), BLACK)
    solution = solve(every)
    assert solution.proven and solution.winner == BLACK and not solution.losing
    assert cut([(0, every)], Budget()) == ()
