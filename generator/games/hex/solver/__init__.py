"""A Hex solver: who wins a position, and every winning move, each proven (docs/solver.md).

Pure: no drawing, no files. A `Position` (a board of 1 to 19 cells a side, the stones, the
player to move, in the records' terms: Black joins the top and bottom rows, White the left
and right columns, `a1` top left) is solved within a `Budget` into a `Solution`:

    board.py        the board as bitsets (a set of cells is an int)
    inferior.py     cells a player never needs, and the fill-in they allow
    connections.py  virtual connections by H-search
    analysis.py     a position before search: filled in, decided or not, its mustplay
    dfpn.py         depth-first proof-number search with a transposition table
    answer.py       the root: every move settled, the main line, the winning connection
    positions.py    positions from records and the project's own position files
    puzzles.py      the positions of a played game worth a puzzle, proven and graded
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from generator.errors import UserError
from generator.games.hex.records.model import BLACK, WHITE, Cell, Colour, cell_name
from generator.games.hex.solver.answer import answer_of
from generator.games.hex.solver.board import SIDES, Board, bits, board_of, connected
from generator.games.hex.solver.dfpn import TABLE, Limits

__all__ = ["Budget", "Position", "PositionError", "Solution", "solve"]

COLOURS: tuple[Colour, Colour] = (BLACK, WHITE)
NODES = 10_000_000        # analyses a solve makes at most, by default (and the largest)
SECONDS = 60.0            # a solve's default time


class PositionError(UserError, ValueError):
    """A position the solver cannot take; str() is one line saying why."""


@dataclass(frozen=True, slots=True)
class Position:
    """Stones on a board of `columns` x `rows` cells, and the player to move."""
    columns: int
    rows: int
    black: frozenset[Cell]
    white: frozenset[Cell]
    to_move: Colour

    def __post_init__(self) -> None:
        check(self.columns, self.rows, black=self.black, white=self.white)

    def _bits(self, cells: frozenset[Cell]) -> int:
        stride = self.columns + 1
        return sum(1 << c.row * stride + c.column for c in cells)


_SIDES: dict[Colour, str] = {BLACK: "the top and bottom rows",
                             WHITE: "the left and right columns"}


def check(columns: int, rows: int, *, black: frozenset[Cell], white: frozenset[Cell]) -> None:
    """Refuse (PositionError) what the solver cannot take: a board out of its sizes, a
    stone off the board or two on a cell, a game already over."""
    if columns not in SIDES or rows not in SIDES:
        raise PositionError(f"the solver takes boards of {SIDES.start} to {SIDES.stop - 1} "
                            f"cells a side, not {columns} × {rows}")
    for cell in black | white:
        if not (0 <= cell.column < columns and 0 <= cell.row < rows):
            raise PositionError(f"{cell_name(cell)} is off the {columns} × {rows} board")
    both = black & white
    if both:
        raise PositionError(f"{cell_name(min(both, key=_board_order))} holds a Black and a "
                            f"White stone")
    shape = board_of(columns, rows)
    stride = columns + 1
    for colour, stones in ((BLACK, black), (WHITE, white)):
        mask = sum(1 << c.row * stride + c.column for c in stones)
        if connected(shape, mask, colour=COLOURS.index(colour)):
            raise PositionError(f"the game is over: {colour.capitalize()} has connected "
                                f"{_SIDES[colour]}")
    if len(black) + len(white) == columns * rows:
        raise PositionError("the board is full")


def _board_order(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.column


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a solve may do: seconds of time, analyses (nodes), table entries."""
    seconds: float = SECONDS
    nodes: int = NODES
    table: int = TABLE


@dataclass(frozen=True, slots=True)
class Solution:
    """A position solved: the winner (None when not proven within the budget), every move
    proven to win, every move proven to lose, and those left open (cells in board order).
    `proven` is the whole answer: the winner and every move settled."""
    position: Position
    winner: Colour | None
    winning: tuple[Cell, ...]
    losing: tuple[Cell, ...]
    unsettled: tuple[Cell, ...]
    nodes: int
    seconds: float
    line: tuple[Cell, ...]           # the main line: the player to move first, alternating
    connection: tuple[Cell, ...]     # the winner's chain at the line's end, board order

    @property
    def to_move(self) -> Colour:
        return self.position.to_move

    @property
    def proven(self) -> bool:
        return self.winner is not None and not self.unsettled


def solve(position: Position, budget: Budget = Budget(), *, explain: bool = True
          ) -> Solution:
    """The position's winner and every winning move, proven within the budget; with
    `explain`, the main line and the winning connection too."""
    start = time.monotonic()
    shape = board_of(position.columns, position.rows)
    limits = Limits(nodes=budget.nodes, deadline=start + budget.seconds, table=budget.table)
    found = answer_of(shape, position._bits(position.black), white=position._bits(position.white),
                   to_move=COLOURS.index(position.to_move), limits=limits, clock_start=start,
                   explain=explain)

    def cells(mask: int) -> tuple[Cell, ...]:
        return tuple(_cell(shape, i) for i in bits(mask))

    return Solution(
        position, None if found.winner is None else COLOURS[found.winner],
        cells(found.winning), cells(found.losing), cells(found.unsettled), found.nodes,
        found.seconds, tuple(_cell(shape, i) for i in found.line), cells(found.connection))


def _cell(shape: Board, index: int) -> Cell:
    column, row = shape.place(index)
    return Cell(column, row)
