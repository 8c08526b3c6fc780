"""The answer to a position: who wins, and every winning move, each proven.

The search (dfpn.py) needs one winning move to prove a position won, and leaves out moves
it need not try. The answer settles every empty cell of the root on its own:

* a cell outside the mustplay loses: the opponent keeps a semi connection between its
  sides that the move leaves whole, and plays its key (analysis.py);
* a cell the fill-in filled (inferior.py) is worth a pass, whoever's stone filled it, but
  for a captured pair given to the opponent: the position after the move has the value of
  the root with the opponent to move (a cell the player's fill-in took: the player's stone
  is worth no more than the whole fill-in, which changes nothing; a cell useless to the
  player: the player's stone there is worth the opponent's, which changes nothing). A
  pass wins only if every move wins (a stone never hurts its owner), so these cells lose
  as soon as one move loses, and otherwise the root with the opponent to move is proven;
* a cell of the opponent's captured pair is not worth a pass (the opponent need not
  answer it in the pair), so it is searched as the root's other cells are, from the
  position as given;
* every other cell is searched: the move wins when the position after it is proven lost
  for the opponent, and loses when it is proven won for him.

Moves are never dropped for being dominated by others: a dominated move may win too.

The root is proven first (if it is lost, every move loses); then each cell. What the budget
leaves unsettled is said to be so. The main line follows the proof: the winner's move
that took the least work, and against it the loser's that took the most (the strongest
defence), to the position the analysis decides, where the winning connection is the
shortest chain of the winner's stones and the cells of the connection H-search found.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from generator.games.hex.solver.analysis import OPEN, analyse
from generator.games.hex.solver.board import Board, bits, connected
from generator.games.hex.solver.connections import search
from generator.games.hex.solver.dfpn import (
    BLACK_STONES,
    DELTA,
    MOVES,
    PHI,
    WHITE_STONES,
    WORK,
    Entry,
    Limits,
    OutOfBudget,
    Search,
)
from generator.games.hex.solver.inferior import opponent_pairs

LONGEST_LINE = 400      # moves: more than any board the solver takes has cells


@dataclass(frozen=True, slots=True)
class Answer:
    """A root's answer in bits (the public Solution names the cells)."""
    to_move: int
    winner: int | None             # None: not proven
    winning: int                   # cells proven to win
    losing: int                    # cells proven to lose
    unsettled: int                 # cells neither
    nodes: int
    seconds: float
    line: tuple[int, ...]          # the main line, from the player to move
    connection: int                # the winner's chain at the end of the line


def answer_of(board: Board, black: int, *, white: int, to_move: int, limits: Limits,
           clock_start: float | None = None, explain: bool = True) -> Answer:
    """Solve the position (to_move: 0 Black, 1 White) within the limits; with `explain`,
    find the main line and the winning connection too."""
    start = time.monotonic() if clock_start is None else clock_start
    found = Search(board, limits)
    empty = board.cells & ~(black | white)
    settled = _Settled()
    winner: int | None = None
    try:
        root = found.prove(black, white, to_move=to_move)
        if root[DELTA] == 0:
            winner, settled.losing = 1 - to_move, empty
        else:
            winner = to_move
            _settle(found, root, black, white, to_move, settled)
    except OutOfBudget:
        pass
    winning, losing = settled.winning, settled.losing
    line: tuple[int, ...] = ()
    connection = 0
    if winner is not None and explain:
        line, connection = _main_line(found, black, white, to_move, winner)
    return Answer(to_move, winner, winning, losing, empty & ~(winning | losing),
                  found.nodes, time.monotonic() - start, line, connection)


class _Settled:
    """The root's cells settled so far, kept when the budget runs out."""
    __slots__ = ("winning", "losing")

    def __init__(self) -> None:
        self.winning = self.losing = 0


def _settle(found: Search, root: Entry, given_black: int, given_white: int, to_move: int,
            settled: _Settled) -> None:
    """Settle each cell of a won root (the module's docstring says how)."""
    board = found.board
    empty = board.cells & ~(given_black | given_white)
    black, white = root[BLACK_STONES], root[WHITE_STONES]
    open_cells = board.cells & ~(black | white)
    theirs = opponent_pairs(board, given_black, white=given_white, to_move=to_move)
    passes = empty & ~open_cells & ~theirs       # the other cells the fill-in took
    facts = analyse(board, given_black, white=given_white, to_move=to_move)
    if facts.outcome == OPEN:                # its mustplay: the moves searched, then the
        mustplay = facts.mustplay            # ones they dominate
        settled.losing |= open_cells & ~mustplay
        kept = sum(1 << m for m in facts.moves)
        order = [*facts.moves, *bits(mustplay & ~kept)]
    else:                                    # decided by the analysis: every cell
        order = list(bits(open_cells))
    other = 1 - to_move
    for move in order:
        bit = 1 << move
        child = (black | bit, white) if to_move == 0 else (black, white | bit)
        proof = found.prove(child[0], child[1], to_move=other)
        if proof[DELTA] == 0:
            settled.winning |= bit
        else:
            settled.losing |= bit
    for move in bits(theirs):                # searched from the position as given
        bit = 1 << move
        child = (given_black | bit, given_white) if to_move == 0 else \
            (given_black, given_white | bit)
        proof = found.prove(child[0], child[1], to_move=other)
        if proof[DELTA] == 0:
            settled.winning |= bit
        else:
            settled.losing |= bit
    if passes:
        if settled.losing & empty:
            settled.losing |= passes
        else:
            after_pass = found.prove(black, white, to_move=other)
            if after_pass[DELTA] == 0:
                settled.winning |= passes
            else:
                settled.losing |= passes


def _main_line(found: Search, black: int, white: int, to_move: int, winner: int
               ) -> tuple[tuple[int, ...], int]:
    """The main line from the root, and the winner's connection at its end."""
    table = found.table
    line: list[int] = []
    player = to_move
    entry = table.get(found.key(black, white, to_move=player))
    while entry is not None and len(line) < LONGEST_LINE:
        black, white = entry[BLACK_STONES], entry[WHITE_STONES]
        # A root the analysis decided has no moves of its own, but each was settled.
        moves = entry[MOVES] or tuple(bits(found.board.cells & ~(black | white)))
        scored = []
        for move in moves:
            bit = 1 << move
            known = table.get(found.key(black | bit, white, to_move=1) if player == 0 else
                              found.key(black, white | bit, to_move=0))
            if known is None:
                continue
            if player == winner and known[DELTA] == 0:
                scored.append((known[WORK], move))
            elif player != winner and known[PHI] == 0:
                scored.append((-known[WORK], move))
        if not scored:
            break
        move = min(scored)[1]
        line.append(move)
        if player == 0:
            black |= 1 << move
        else:
            white |= 1 << move
        player = 1 - player
        entry = table.get(found.key(black, white, to_move=player))
    if entry is not None:
        black, white = entry[BLACK_STONES], entry[WHITE_STONES]
    return tuple(line), _connection(found.board, black, white, winner)


def _connection(board: Board, black: int, white: int, winner: int) -> int:
    """A shortest chain joining the winner's sides through the winner's stones and the
    cells of a connection H-search finds (its full connection, else all its semis), or 0
    when the winner has neither."""
    facts = analyse(board, black, white=white, to_move=winner)
    black, white = facts.black, facts.white
    stones = black if winner == 0 else white
    if not connected(board, stones, colour=winner):
        empty = board.cells & ~(black | white)
        found = search(board, stones, empty=empty, colour=winner)
        carrier = found.full if found.full is not None else 0
        if found.full is None:
            for semi, _ in found.semis:
                carrier |= semi
        stones |= carrier
    return _shortest(board, stones, winner)


def _shortest(board: Board, allowed: int, colour: int) -> int:
    """The cells of a shortest chain through `allowed` from the colour's first side to its
    second, or 0."""
    first, second = board.edges[colour]
    parent: dict[int, int] = {}
    queue: deque[int] = deque()
    for cell in bits(allowed & first):
        parent[cell] = -1
        queue.append(cell)
    while queue:
        cell = queue.popleft()
        if (1 << cell) & second:
            chain = 0
            while cell >= 0:
                chain |= 1 << cell
                cell = parent[cell]
            return chain
        for near in bits(board.near[cell] & allowed):
            if near not in parent:
                parent[near] = cell
                queue.append(near)
    return 0
