"""What the solver learns of a position before searching it: the fill-in, whether it is
decided already, and the moves worth searching (Hayward, Björnsson, Johanson, Kan, Po and
van Rijswijck, "Solving 7x7 Hex: virtual connections and game-state reduction", 2003;
Henderson, Arneson and Hayward, "Solving 8x8 Hex", IJCAI 2009).

For the player to move (X) against the opponent (Y), on the position with its useless
cells filled (inferior.py):

* X's chain joins X's sides, or H-search finds X a full or semi connection between them:
  X wins (a semi's key, then the full connection, whatever Y does).
* Y's chain joins Y's sides, or Y has a full connection between them: X loses.
* Otherwise every semi connection of Y between Y's sides must be broken at once, or Y
  plays its key and wins: a move of X outside the carrier of one of them loses. The
  *mustplay* is the intersection of their carriers; when it is empty, X loses.

The moves to search are the mustplay's cells, most promising first: a cell X connects to
both of X's sides, then to one, then cells Y connects to Y's sides, then the centre.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from generator.games.hex.solver.board import Board, bits, connected
from generator.games.hex.solver.connections import FULLS, OR_DEPTH, SEMIS, search
from generator.games.hex.solver.inferior import fill_in, fill_in_pairs

_kernel: ModuleType | None
try:        # the compiled kernel (_kernel.c), where it was built
    from generator.games.hex.solver import _kernel
except ImportError:         # a machine without a C compiler: the Python modules alone
    _kernel = None

OPEN, WIN, LOSS = 0, 1, 2      # for the player to move


@dataclass(frozen=True, slots=True)
class Facts:
    """A position as the search sees it: filled in, decided or not, and its moves."""
    black: int                  # the stones after the fill-in
    white: int
    outcome: int                # OPEN, WIN or LOSS for the player to move
    moves: tuple[int, ...]      # the mustplay's cells worth searching, in order (OPEN)
    mustplay: int = 0           # every cell of the mustplay (OPEN)


class Analyse(Protocol):
    """The facts of a position (its stones) with `to_move` (BLACK 0 or WHITE 1) to play."""
    def __call__(self, board: Board, black: int, *, white: int, to_move: int) -> Facts: ...

SET_BYTES = 48          # a set as the kernel takes it: 384 bits, little-endian


def python_analyse(board: Board, black: int, *, white: int, to_move: int) -> Facts:
    """The facts of a position with `to_move` (BLACK 0 or WHITE 1) to play."""
    black, white = fill_in(board, black, white=white, to_move=to_move)
    mine, theirs = (black, white) if to_move == 0 else (white, black)
    if connected(board, mine, colour=to_move):
        return Facts(black, white, WIN, ())
    if connected(board, theirs, colour=1 - to_move):
        return Facts(black, white, LOSS, ())
    empty = board.cells & ~(black | white)
    own = search(board, mine, empty=empty, colour=to_move, stop_at_semi=True)
    if own.full is not None or own.semis:
        return Facts(black, white, WIN, ())
    other = search(board, theirs, empty=empty, colour=1 - to_move)
    if other.full is not None:
        return Facts(black, white, LOSS, ())
    mustplay = empty
    for carrier, _ in other.semis:
        mustplay &= carrier
    if not mustplay:
        return Facts(black, white, LOSS, ())
    ordered = order(board, mustplay, own=own.reach, other=other.reach)
    return Facts(black, white, OPEN, dominant(board, black, white=white, to_move=to_move,
                                              ordered=ordered), mustplay)


def dominant(board: Board, black: int, *, white: int, to_move: int, ordered: tuple[int, ...]
             ) -> tuple[int, ...]:
    """The moves left when each move, in order, drops the later ones it dominates.

    Capture-domination (Henderson, Arneson and Hayward, "Solving 8x8 Hex"): if a cell b is
    filled in after X plays a, then X at b is no better than X at a: X at b is at most X at
    both, and given X at a, X's stone at b changes nothing (b is X's fill-in, or useless to
    X, either way the value stays). Not so for a cell of the opponent's captured pairs in
    that fill-in, which he holds only by answering there; those stay. A dominated move
    wins only if the move that dominates it does, so the search needs only the others; the
    root settles them all the same (answer.py)."""
    kept: list[int] = []
    kept_cells = removed = 0
    occupied = black | white
    for move in ordered:
        if removed >> move & 1:
            continue
        kept.append(move)
        kept_cells |= 1 << move
        bit = 1 << move
        b, w = (black | bit, white) if to_move == 0 else (black, white | bit)
        b, w, pairs = fill_in_pairs(board, b, white=w, to_move=1 - to_move)
        removed |= (b | w) & ~occupied & ~pairs[1 - to_move] & ~kept_cells
    return tuple(kept)


def order(board: Board, cells: int, *, own: tuple[int, int], other: tuple[int, int]
          ) -> tuple[int, ...]:
    """The cells, most promising first (the module's docstring says how); ties in board
    order, so the same position is always searched the same way."""
    def rank(cell: int) -> tuple[int, int, int]:
        mask = 1 << cell
        weight = (4 * (bool(own[0] & mask) + bool(own[1] & mask))
                  + bool(other[0] & mask) + bool(other[1] & mask))
        q, r = board.place(cell)
        # Twice the distance from the centre, in whole numbers.
        return -weight, abs(2 * q - board.columns + 1) + abs(2 * r - board.rows + 1), cell

    return tuple(sorted(bits(cells), key=rank))


def compiled_analyse(board: Board, black: int, *, white: int, to_move: int) -> Facts:
    """python_analyse's facts, from the compiled kernel (which must have been built)."""
    assert _kernel is not None
    b, w, outcome, moves, mustplay = _kernel.analyse(
        board.columns, board.rows, black.to_bytes(SET_BYTES, "little"),
        white.to_bytes(SET_BYTES, "little"), to_move, FULLS, SEMIS, OR_DEPTH)
    return Facts(int.from_bytes(b, "little"), int.from_bytes(w, "little"), outcome, moves,
                 int.from_bytes(mustplay, "little"))


COMPILED = _kernel is not None
# The fastest at hand: both give the same facts for every position.
analyse: Analyse = compiled_analyse if COMPILED else python_analyse
