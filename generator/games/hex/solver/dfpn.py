"""Depth-first proof-number search (Nagai, "Df-pn algorithm for searching AND/OR trees and
its applications", 2002) with the 1+epsilon trick (Pawlewicz and Lew, "Improving
depth-first PN-search: 1+epsilon trick", Computers and Games 2006), as Benzene's solver
uses it for Hex (Pawlewicz and Hayward, "Scalable parallel DFPN search", Computers and
Games 2013; Arneson, Hayward and Henderson, "Solving Hex: beyond humans", 2010).

Each node is a position with a player to move, and carries two numbers from that player's
side: phi, how hard it looks to prove the player wins (0: proven), and delta, how hard to
prove the player loses (0: proven). A node's phi is the least delta of its children and
its delta the sum of their phis. The search goes down the child of least delta, with
thresholds that send it back up as soon as another child looks easier, and keeps every
node's numbers in a transposition table, so going back down costs little. Hex has no
cycles (a move adds a stone), so the table is exact.

A node's children are the moves analysis.py leaves (the mustplay), played on its filled-in
position; each new node is analysed once, when first reached, and the table keeps its
filled position and its moves with its numbers and the nodes its proof took (its work).

Bounds: `nodes` analyses at most and a deadline on the monotonic clock, checked every few
nodes (OutOfBudget ends the search, the table keeping what was proven); the table holds at
most `table` positions, and when full keeps the half with the most work, proven ones
first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from generator.games.hex.solver.analysis import LOSS, WIN, analyse
from generator.games.hex.solver.board import Board

INF = 1 << 50
EPSILON = 0.25          # the 1+epsilon trick: a child's threshold is (1+e) x its sibling's
TABLE = 1 << 17         # positions in the transposition table, by default (~600 bytes each)
CHECK_EVERY = 64        # nodes between two looks at the clock

# A table entry: [phi, delta, work, black, white, moves], the position filled in.
PHI, DELTA, WORK, BLACK_STONES, WHITE_STONES, MOVES = range(6)
Entry = list


class OutOfBudget(Exception):
    """The search used its nodes or its time."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How much work a search may do: analyses, a deadline (time.monotonic), entries."""
    nodes: int
    deadline: float
    table: int = TABLE


def key(black: int, white: int, *, to_move: int, shift: int) -> int:
    """A position's key in the table: its stones and the player to move, as one int."""
    return ((black << shift | white) << 1) | to_move


class Search:
    """One transposition table and its budget, for any number of positions of a board."""

    def __init__(self, board: Board, limits: Limits):
        self.board = board
        self.limits = limits
        self.shift = board.rows * board.stride
        self.table: dict[int, Entry] = {}
        self.nodes = 0

    def key(self, black: int, white: int, *, to_move: int) -> int:
        return key(black, white, to_move=to_move, shift=self.shift)

    def entry(self, black: int, white: int, *, to_move: int) -> Entry:
        """The position's entry, analysing it if the table has none."""
        found = self.table.get(self.key(black, white, to_move=to_move))
        return found if found is not None else self._expand(black, white, to_move)

    def _expand(self, black: int, white: int, to_move: int) -> Entry:
        if self.nodes >= self.limits.nodes:
            raise OutOfBudget
        self.nodes += 1
        # From the first node on, so that a budget of no time proves nothing, always.
        if self.nodes % CHECK_EVERY == 1 and time.monotonic() >= self.limits.deadline:
            raise OutOfBudget
        facts = analyse(self.board, black, white=white, to_move=to_move)
        if facts.outcome == WIN:
            entry = [0, INF, 1, facts.black, facts.white, ()]
        elif facts.outcome == LOSS:
            entry = [INF, 0, 1, facts.black, facts.white, ()]
        else:
            entry = [1, len(facts.moves), 1, facts.black, facts.white, facts.moves]
        self._store(self.key(black, white, to_move=to_move), entry)
        return entry

    def _store(self, position: int, entry: Entry) -> None:
        table = self.table
        table[position] = entry
        if len(table) > self.limits.table:
            # Keep the half that cost the most, proven positions before open ones.
            ranked = sorted(table, key=lambda k: (table[k][PHI] == 0 or table[k][DELTA] == 0,
                                                  table[k][WORK], k))
            for dropped in ranked[:len(ranked) // 2]:
                del table[dropped]

    def children(self, entry: Entry, to_move: int) -> list[tuple[int, int, int]]:
        """Each move's child as (key, black, white), in the entry's order."""
        black, white = entry[BLACK_STONES], entry[WHITE_STONES]
        other = 1 - to_move
        out = []
        for move in entry[MOVES]:
            bit = 1 << move
            b, w = (black | bit, white) if to_move == 0 else (black, white | bit)
            out.append((self.key(b, w, to_move=other), b, w))
        return out

    def prove(self, black: int, white: int, *, to_move: int) -> Entry:
        """Search the position until it is proven either way (or OutOfBudget)."""
        entry = self.entry(black, white, to_move=to_move)
        while entry[PHI] and entry[DELTA]:
            entry = self.mid(black, white, to_move=to_move, most_phi=INF, most_delta=INF)
        return entry

    def mid(self, black: int, white: int, *, to_move: int, most_phi: int, most_delta: int
            ) -> Entry:
        """Search below the position until its phi reaches most_phi or its delta
        most_delta; its entry, updated."""
        position = self.key(black, white, to_move=to_move)
        table = self.table
        entry = table.get(position)
        if entry is None:
            entry = self._expand(black, white, to_move)
        if entry[PHI] >= most_phi or entry[DELTA] >= most_delta:
            return entry
        children = self.children(entry, to_move)
        other = 1 - to_move
        try:
            while True:
                phi, delta, best, second = INF, 0, -1, INF
                best_phi = 1
                for i, (child, _, _) in enumerate(children):
                    found = table.get(child)
                    child_phi, child_delta = (found[PHI], found[DELTA]) if found else (1, 1)
                    if child_delta == 0:
                        phi, delta = 0, INF
                        break
                    delta += child_phi
                    if child_delta < phi:
                        second, phi, best, best_phi = phi, child_delta, i, child_phi
                    elif child_delta < second:
                        second = child_delta
                entry[PHI], entry[DELTA] = phi, min(delta, INF)
                if phi >= most_phi or entry[DELTA] >= most_delta:
                    return entry
                child_most_phi = most_delta - entry[DELTA] + best_phi
                child_most_delta = most_phi if second >= INF else min(
                    most_phi, max(second + 1, int(second * (1 + EPSILON))))
                _, b, w = children[best]
                before = self.nodes
                self.mid(b, w, to_move=other, most_phi=child_most_phi, most_delta=child_most_delta)
                entry[WORK] += self.nodes - before
        finally:
            table[position] = entry
