"""A puzzle's main line played out to the connection, for its answer: the solver's own line
(solver/answer.py) stops where the analysis decides the position, often after one move,
when the winner holds a virtual connection; a reader wants to see the defence tried and
the winner's answers. Pure: it draws nothing.

From the end of the solver's line, in turn: the loser intrudes where it costs the winner
the most work to prove the win again (the strongest defence: the cells of the winner's
connection, each solved with the winner to move, the one of most positions analysed,
board order breaking ties); the winner answers in that connection, next to the intrusion
first (a bridge's other cell), with a move proven to win. It stops when the winner has
connected, or where a position is not proven within the budget (then the line is the
solver's, as far as it was proven). Every winner's move is one the solver proved to win.
Each step is a proof of one position (dfpn.py), not a solve that settles every move, so a
line on 13 x 13 takes seconds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from generator.games.hex.records.model import BLACK, WHITE, Cell, Colour
from generator.games.hex.solver import Budget, Position, PositionError, Solution, solve
from generator.games.hex.solver.board import bits, board_of, chain_of
from generator.games.hex.solver.dfpn import DELTA, Limits, OutOfBudget, Search
from generator.games.hex.solver.puzzles import finishes

LONGEST = 60            # moves a line is played out to at most


@dataclass(frozen=True, slots=True)
class Line:
    """A main line from the puzzle's position, and the winner's connection at its end."""
    moves: tuple[Cell, ...]
    connection: tuple[Cell, ...]


def _other(colour: Colour) -> Colour:
    return WHITE if colour == BLACK else BLACK


def _after(position: Position, cell: Cell) -> Position | None:
    """The position after a move, or None when the move ends the game."""
    black, white = position.black, position.white
    if position.to_move == BLACK:
        black = black | {cell}
    else:
        white = white | {cell}
    try:
        return Position(position.columns, position.rows, black, white,
                        _other(position.to_move))
    except PositionError:
        return None


def _joined(position: Position, last: Cell) -> tuple[Cell, ...]:
    """The winner's stones that join his sides once `last` is played: the group touching
    both, in board order."""
    colour = 0 if position.to_move == BLACK else 1
    shape = board_of(position.columns, position.rows)
    mine = position._bits((position.black if colour == 0 else position.white) | {last})
    first, second = shape.edges[colour]
    group = chain_of(shape, mine, seed=mine & first) & chain_of(shape, mine, seed=mine & second)
    return tuple(Cell(*shape.place(i)) for i in bits(group))


def _empty(position: Position) -> list[Cell]:
    taken = position.black | position.white
    return [Cell(q, r) for r in range(position.rows) for q in range(position.columns)
            if Cell(q, r) not in taken]


def _order(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.column


def _proof(position: Position, budget: Budget) -> tuple[Colour | None, int]:
    """Who wins the position, proven (None: not within the budget), and the positions the
    search analysed: a proof alone, without settling every move as a solve does."""
    shape = board_of(position.columns, position.rows)
    search = Search(shape, Limits(budget.nodes, time.monotonic() + budget.seconds,
                                  budget.table))
    mover = 0 if position.to_move == BLACK else 1
    try:
        entry = search.prove(position._bits(position.black), position._bits(position.white),
                             to_move=mover)
    except OutOfBudget:
        return None, search.nodes
    loser = entry[DELTA] == 0
    return (_other(position.to_move) if loser else position.to_move), search.nodes


def _near(cell: Cell) -> set[Cell]:
    return {Cell(cell.column + dq, cell.row + dr)
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))}


def played_out(solution: Solution, budget: Budget) -> Line:
    """The solution's main line played out to the winner's connection (the module's
    docstring says how)."""
    winner = solution.winner
    moves = list(solution.line)
    connection = solution.connection
    if winner is None or not moves:
        return Line(tuple(moves), connection)
    position: Position | None = solution.position
    for cell in moves:
        assert position is not None
        position = _after(position, cell)
    while position is not None and len(moves) < LONGEST:
        taken = position.black | position.white
        if position.to_move == winner:
            if finishes(position):      # the stone that joins the winner's sides
                last = next(c for c in _empty(position) if _after(position, c) is None)
                moves.append(last)
                connection = _joined(position, last)
                break
            # Mend the connection where the intrusion broke into it: next to it first.
            near = _near(moves[-1])
            mended = None
            for cell in sorted(set(connection) - taken,
                               key=lambda c: (c not in near, _order(c))):
                after = _after(position, cell)
                if after is not None and _proof(after, budget)[0] == winner:
                    mended = cell
                    break
            if mended is None:          # elsewhere: the solver's winning move of least work
                found = solve(position, budget)
                if found.winner != winner or not found.line:
                    break
                mended = found.line[0]
                if _after(position, mended) is None:
                    moves.append(mended)
                    connection = _joined(position, mended)
                    break
            after = _after(position, mended)
            assert after is not None
            # The connection the loser now faces: the carrier after the winner's move (a
            # lost root is not settled move by move, so this solve is a proof and a line).
            known = solve(after, budget)
            if known.winner != winner:
                break
            move, connection = mended, known.connection
        else:
            tries = []
            for cell in sorted(set(connection) - taken, key=_order):
                after = _after(position, cell)
                if after is None:
                    continue
                won, nodes = _proof(after, budget)
                if won != winner:
                    return Line(tuple(moves), connection)   # not proven: stop here
                tries.append((-nodes, _order(cell), cell))
            if not tries:
                break
            move = min(tries)[2]
        moves.append(move)
        position = _after(position, move)
    return Line(tuple(moves), connection)


__all__ = ["Line", "played_out"]
