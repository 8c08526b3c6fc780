"""Puzzles cut from a played game, for a puzzle book: the positions where the player to move
has a forced win that is not a one-move finish and where not every move wins, each proven
within a budget and graded by the solver's effort. Pure: it draws nothing.

Each position of the game (after each move, the player to move as the record has it) is
tried in turn:

* a position where the player to move connects with one stone is a finish, not a puzzle
  (checked directly: a cell next to both of the player's sides, through his stones);
* the rest are solved within the budget; a position is kept when it is proven, the player
  to move wins, and some move of his loses (a puzzle where every move wins asks nothing).

The effort is the positions the solver analysed to settle every move; `level` sorts it
into four bands by its order of magnitude, for a book that keeps a spread of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.games.hex.solver import COLOURS, Budget, Position, Solution, solve
from generator.games.hex.solver.board import board_of, chain_of

LEVELS = (30, 300, 3000)       # analyses: under each bound, the level it names (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position of a game worth a puzzle, and its proven solution."""
    move: int                   # the position after this move of the game (0: as set up)
    solution: Solution

    @property
    def position(self) -> Position:
        return self.solution.position

    @property
    def effort(self) -> int:
        """The positions the solver analysed to settle every move."""
        return self.solution.nodes

    @property
    def level(self) -> int:
        """1 to 4, by the effort's order of magnitude."""
        return 1 + sum(self.effort >= bound for bound in LEVELS)


def finishes(position: Position) -> bool:
    """Whether the player to move connects his sides with one stone."""
    board = board_of(position.columns, position.rows)
    colour = COLOURS.index(position.to_move)
    mine = position._bits(position.black if colour == 0 else position.white)
    theirs = position._bits(position.white if colour == 0 else position.black)
    empty = board.cells & ~(mine | theirs)
    first, second = board.edges[colour]
    reach = [(board.spread(chain_of(board, mine, seed=mine & side)) | side) & empty
             for side in (first, second)]
    return bool(reach[0] & reach[1])


def tried(move: int, position: Position, *, budget: Budget) -> tuple[Puzzle | None, bool]:
    """The position as a puzzle (None when it is none), and whether the solver settled it
    within the budget: a book walking a game back from its end stops at the first position
    it cannot settle, as the positions before it are harder."""
    if finishes(position):
        return None, True
    solution = solve(position, budget)
    if solution.proven and solution.winner == position.to_move and solution.losing:
        return Puzzle(move, solution), True
    return None, solution.winner is not None and (solution.proven or
                                                  solution.winner != position.to_move)


def cut(positions: Iterable[tuple[int, Position]], budget: Budget) -> tuple[Puzzle, ...]:
    """The puzzles among a game's positions (each with the move it follows), each solved
    within `budget`, in the game's order."""
    found = []
    for move, position in positions:
        puzzle, _settled = tried(move, position, budget=budget)
        if puzzle is not None:
            found.append(puzzle)
    return tuple(found)
