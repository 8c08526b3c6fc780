"""Hex KB's judge: chains, their net transits across the portal, loops, and who has won."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from generator.core.hexgrid import DIRECTIONS, Hex
from generator.games.hex_kb.board import BLUE, RED, TRANSIT_BOUND, UNSEEN, KleinBoard


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who wins a full board, and how."""
    winner: str | None
    transits: int       # net transits of the winning connecting path (0: none)
    portal_loop: bool   # the winner also has a loop with odd transits

    @property
    def criterion(self) -> int | None:
        """The rules' numbering: 1 simple, 2 portal loop plus single transit, 3 double."""
        if self.winner is None:
            return None
        return {0: 1, 1: 2, 2: 3}.get(abs(self.transits))


class Judge:
    """Prepared once per board, then fast for any number of positions."""

    def __init__(self, board: KleinBoard):
        self.board = board
        self.index = {h: i for i, h in enumerate(board.cells)}
        n = len(board.cells)
        # Virtual nodes for the four border segments: red q = -1, q = N; blue r = -1, r = N.
        self.borders = {RED: (n, n + 1), BLUE: (n + 2, n + 3)}
        self.nodes = n + 4
        frame_b = board.twin_of_b
        # Each drawn cell's node (a frame B cell's is its twin's); off the board and in the
        # windows there is none. One lookup then says both whether a neighbour is playable
        # and which node it is, which matters: every `pnp judge hex-kb` builds this.
        node = {h: self.index[board.canonical(h)] for h in board._rhombus
                if h not in board.holes}
        edges = set()
        for h, u in node.items():
            # Potential of a cell is measured at its frame A copy: a frame B copy sits one
            # transit further on, so stepping out of it onto window B's side costs +1.
            out = 1 if h in frame_b else 0
            for d in DIRECTIONS:
                n_ = h + d
                v = node.get(n_)
                if v is None:
                    continue
                into = 1 if n_ in frame_b else 0
                w = out - into
                if u < v:
                    edges.add((u, v, w))
                elif v < u:
                    edges.add((v, u, -w))
        self.edges = sorted(edges)
        size = board.size
        self.border_edges = []
        for h in board.cells:
            i = self.index[h]
            for colour, axis in ((RED, h.q), (BLUE, h.r)):
                low, high = self.borders[colour]
                if axis == 0:
                    self.border_edges.append((i, low, colour))
                if axis == size - 1:
                    self.border_edges.append((i, high, colour))
        self.border_colours = [RED, RED, BLUE, BLUE]
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in range(self.nodes)]
        for u, v, w in self.edges:
            self.adjacent[u].append((v, w))
            self.adjacent[v].append((u, -w))
        for i, border, _ in self.border_edges:
            self.adjacent[i].append((border, 0))
            self.adjacent[border].append((i, 0))

    def judge(self, colours: Sequence[str]) -> Outcome:
        """The winner, if any; on a full board the rules promise exactly one."""
        found = self.verdicts(colours)
        return found[RED] or found[BLUE] or Outcome(None, 0, False)

    def components(self, colours: Sequence[str]) -> Components:
        """Chains of each colour with their transit potentials, in one traversal each:
        colours[i] is R, B or anything else (empty) for cell i of board.cells."""
        colour = list(colours) + self.border_colours
        pot = [UNSEEN] * self.nodes
        root = [-1] * self.nodes
        loops: dict[int, int] = {}     # component (its first node) -> gcd of loop transits
        adjacent = self.adjacent
        for start in range(self.nodes):
            c = colour[start]
            if pot[start] != UNSEEN or (c != RED and c != BLUE):
                continue
            # A second way to a cell with a different potential closes a loop with that
            # many net transits.
            pot[start] = 0
            stack = [start]
            g = 0
            while stack:
                x = stack.pop()
                px = pot[x]
                root[x] = start
                for v, w in adjacent[x]:
                    if colour[v] != c:
                        continue
                    pv = pot[v]
                    if pv == UNSEEN:
                        pot[v] = px + w
                        stack.append(v)
                    elif pv != px + w:
                        g = math.gcd(g, abs(pv - px - w))
            loops[start] = g
        return Components(colour, pot, root, loops)

    def verdicts(self, colours: Sequence[str]) -> dict[str, Outcome | None]:
        """Each colour's verdict, judged independently."""
        found = self.components(colours)
        out: dict[str, Outcome | None] = {}
        for c in (RED, BLUE):
            low, high = self.borders[c]
            out[c] = None
            if found.root[low] == found.root[high]:
                out[c] = _verdict(c, found.pot[high] - found.pot[low],
                                  found.loops[found.root[low]], found.portal_loop(c))
        return out

    def structure(self, colours: Sequence[str], verdict: Outcome) -> set[int]:
        """Cells of a winning structure: a shortest chain joining the winner's borders with
        the verdict's net transits, and when the count is odd, a shortest portal loop."""
        winner = verdict.winner
        if winner is None:
            return set()
        low, high = self.borders[winner]
        cells = self._walk(colours, winner, [(low, 0)],
                           lambda node, k: node == high and k == verdict.transits)
        if verdict.transits % 2:
            frame = [self.index[h] for h in self.board.twins
                     if colours[self.index[h]] == winner]
            loops = [self._walk(colours, winner, [(x, 0)], _back_round(x)) for x in frame]
            cells |= min((loop for loop in loops if loop), key=lambda c: (len(c), sorted(c)))
        return cells

    def _walk(self, colours: Sequence[str], colour: str, starts: list[tuple[int, int]],
              done: Callable[[int, int], bool]) -> set[int]:
        """Breadth first through (cell, net transits so far) of one colour until `done`;
        the cells of the walk found, or an empty set. Counts stay small, so they are bounded
        a little past the largest a verdict reports."""
        colour_of = list(colours) + self.border_colours
        parent: dict[tuple[int, int], tuple[int, int] | None] = {s: None for s in starts}
        queue = deque(starts)
        while queue:
            state = queue.popleft()
            node, k = state
            if done(node, k) and parent[state] is not None:
                cells = set()
                step: tuple[int, int] | None = state
                while step is not None:
                    if step[0] < len(colours):
                        cells.add(step[0])
                    step = parent[step]
                return cells
            for v, w in self.adjacent[node]:
                step = (v, k + w)
                if colour_of[v] == colour and abs(k + w) <= TRANSIT_BOUND and step not in parent:
                    parent[step] = state
                    queue.append(step)
        return set()


@dataclass(frozen=True, slots=True)
class Components:
    """A board's connected groups of one colour, with the transits round their loops."""
    colour: list[str]        # cells, then the four border segments
    pot: list[int]           # net transits from the component's first node
    root: list[int]          # the component's first node; -1 for empty cells
    loops: dict[int, int]    # component -> gcd of its loops' transits (0: no loop)

    def portal_loop(self, colour: str) -> bool:
        return any(g % 2 and self.colour[k] == colour for k, g in self.loops.items())


def _verdict(colour: str, t0: int, d: int, odd_loop: bool) -> Outcome | None:
    """A connecting chain with net transits t0, in a component whose loops have gcd d."""
    values = _reachable(t0, d)
    even = [k for k in values if k % 2 == 0]
    if even:
        return Outcome(colour, min(even, key=lambda k: (abs(k), k)), odd_loop)
    if odd_loop:
        return Outcome(colour, min(values, key=lambda k: (abs(k), k)), True)
    return None


def _reachable(t0: int, d: int) -> list[int]:
    """Net transit counts of connecting chains near zero: t0 plus any multiple of the gcd d
    of the component's loop transits (just t0 when it has no portal loop)."""
    if d == 0:
        return [t0]
    base = t0 % d
    return [base + j * d for j in range(-2, 3)]


def _arrives(x: int, transits: int) -> Callable[[int, int], bool]:
    """The end of a walk: at cell x with the given net transit count."""
    return lambda node, k: node == x and k == transits


def _back_at(x: int) -> Callable[[int, int], bool]:
    """The end of a walk round any loop: back at cell x with a transit count other than 0."""
    return lambda node, k: node == x and k != 0


def _back_round(x: int) -> Callable[[int, int], bool]:
    """The end of a walk round a portal loop: back at cell x with an odd transit count."""
    return lambda node, k: node == x and k % 2 == 1


def around(cells: Iterable[Hex]) -> set[Hex]:
    """The cells and every cell touching them."""
    return {n for h in cells for n in h.neighbours()} | set(cells)
