"""A Hex board as bitsets: a set of cells is one Python int, a cell one bit.

Cell (column q, row r) is bit r * stride + q, where the stride is one more than the columns:
the spare bit at the end of each row is never a cell, so a shift by 1, by the stride or by
the stride less 1 moves every cell of a set to one of its neighbours at once, and whatever
falls off a row lands on a spare bit that the mask of cells clears. Bit order is board
order: row 1 from column a, then row 2, as the project names cells (`a1` top left).

The colours are the records' (records/model.py): Black joins the top and bottom rows,
White the left and right columns. Inside the solver a colour is an int, BLACK 0 and
WHITE 1, so that `1 - colour` is the other one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

BLACK, WHITE = 0, 1
SIDES = range(1, 20)       # 1 to 19 cells a side (HexGui's largest board)


@dataclass(frozen=True, slots=True)
class Board:
    """A board's shape and the masks every analysis uses, made once a size (`board`)."""
    columns: int
    rows: int
    stride: int
    cells: int                              # every cell
    edges: tuple[tuple[int, int], ...]      # by colour: the cells along its two sides
    near: tuple[int, ...]                   # by bit: the cell's neighbours
    order: tuple[int, ...]                  # the cells' bits in board order

    def spread(self, cells: int) -> int:
        """The cells and every neighbour of one of them."""
        s, w = self.stride, self.stride - 1
        return (cells | cells << 1 | cells >> 1 | cells << s | cells >> s | cells << w
                | cells >> w) & self.cells

    def bit(self, column: int, row: int) -> int:
        """A cell's bit number."""
        return row * self.stride + column

    def place(self, index: int) -> tuple[int, int]:
        """(column, row) of a bit number."""
        return index % self.stride, index // self.stride


@cache
def board_of(columns: int, rows: int) -> Board:
    """The board of `columns` x `rows` cells; made once a size."""
    if columns not in SIDES or rows not in SIDES:
        raise ValueError(f"a side is {SIDES.start} to {SIDES.stop - 1} cells")
    stride = columns + 1
    order = tuple(r * stride + q for r in range(rows) for q in range(columns))
    cells = sum(1 << i for i in order)
    top = sum(1 << r * stride + q for r in (0,) for q in range(columns))
    bottom = sum(1 << (rows - 1) * stride + q for q in range(columns))
    left = sum(1 << r * stride for r in range(rows))
    right = sum(1 << r * stride + columns - 1 for r in range(rows))
    near = [0] * (rows * stride)
    for index in order:
        q, r = index % stride, index // stride
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            if 0 <= q + dq < columns and 0 <= r + dr < rows:
                near[index] |= 1 << (r + dr) * stride + q + dq
    return Board(columns, rows, stride, cells, ((top, bottom), (left, right)), tuple(near),
                 order)


def bits(cells: int) -> Iterator[int]:
    """The bit numbers of a set, lowest (first in board order) first."""
    while cells:
        low = cells & -cells
        yield low.bit_length() - 1
        cells ^= low


def count(cells: int) -> int:
    return cells.bit_count()


def chain_of(board: Board, stones: int, *, seed: int) -> int:
    """The stones joined to `seed` (a set of stones) through stones."""
    grown = seed & stones
    while True:
        wider = board.spread(grown) & stones
        if wider == grown:
            return grown
        grown = wider


def connected(board: Board, stones: int, *, colour: int) -> bool:
    """Whether the stones join the colour's two sides."""
    first, second = board.edges[colour]
    return bool(chain_of(board, stones, seed=stones & first) & second)
