"""An exhaustive Hex solver for the tests: plain minimax over every continuation, remembered
by position, with none of the solver's own code (its board, fill-in, connections or
search), so that the two agree only if both are right. Cells are numbered row by row, a
board of `columns` x `rows`, Black joining the top and bottom rows and White the left and
right columns, as the records have it.
"""

from __future__ import annotations

from functools import cache

from generator.games.hex.records.model import Cell
from generator.games.hex.solver import Position

STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Oracle:
    """Who wins, and with which moves, on one board size."""

    def __init__(self, columns: int, rows: int):
        self.columns, self.rows = columns, rows
        self.cells = columns * rows
        self.near = [sum(1 << (r + dr) * columns + q + dq for dq, dr in STEPS
                         if 0 <= q + dq < columns and 0 <= r + dr < rows)
                     for r in range(rows) for q in range(columns)]
        top = sum(1 << q for q in range(columns))
        bottom = top << (rows - 1) * columns
        left = sum(1 << r * columns for r in range(rows))
        right = left << (columns - 1)
        self.sides = ((top, bottom), (left, right))
        self.full = (1 << self.cells) - 1
        self.wins = cache(self._wins)

    def joined(self, stones: int, colour: int) -> bool:
        first, second = self.sides[colour]
        seen = frontier = stones & first
        while frontier:
            grown = 0
            rest = frontier
            while rest:
                low = rest & -rest
                grown |= self.near[low.bit_length() - 1]
                rest ^= low
            frontier = grown & stones & ~seen
            seen |= frontier
        return bool(seen & second)

    def _wins(self, black: int, white: int, mover: int) -> bool:
        """Whether the player to move wins (neither has connected)."""
        return any(self._move_wins(black, white, mover, 1 << i) for i in range(self.cells)
                   if not (black | white) >> i & 1)

    def _move_wins(self, black: int, white: int, mover: int, bit: int) -> bool:
        if mover == 0:
            black |= bit
            return self.joined(black, 0) or not self.wins(black, white, 1)
        white |= bit
        return self.joined(white, 1) or not self.wins(black, white, 0)

    def winning_moves(self, position: Position) -> frozenset[Cell]:
        """Every move of the player to move that wins."""
        black, white = self.bits(position.black), self.bits(position.white)
        mover = 0 if position.to_move == "black" else 1
        return frozenset(Cell(i % self.columns, i // self.columns) for i in range(self.cells)
                         if not (black | white) >> i & 1
                         and self._move_wins(black, white, mover, 1 << i))

    def bits(self, cells: frozenset[Cell]) -> int:
        return sum(1 << c.row * self.columns + c.column for c in cells)

    def over(self, black: frozenset[Cell], white: frozenset[Cell]) -> bool:
        return self.joined(self.bits(black), 0) or self.joined(self.bits(white), 1)
