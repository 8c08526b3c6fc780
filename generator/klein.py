"""Hex KB topology: a Hex rhombus with two portal windows whose frames are one set of cells.

Red owns the q sides (border segments q = -1 and q = N), Blue the r sides. Two windows (holes
of radius W) sit on the long diagonal q = r, at mirror positions, so swapping q and r with the
colours exchanged maps the board onto itself. The ring round each window is a portal frame;
frame A is carried onto frame B by a translation, and twin cells are one cell of the game.

Transits are signed crossings of the portal: a chain that comes into a frame cell from window
A's side and leaves it on window B's side has crossed once (+1), the other way -1. Judging
follows chains with a weighted union-find, whose weights are transit counts, so one pass over
the edges finds every chain's net transits and every loop's (a "portal loop" has an odd count).

A colour wins when a chain of it joins its two border segments with an even net transit count
(0: a simple connecting path; 2: a double transit path), or with an odd count (1: a single
transit path) while a portal loop of that colour exists anywhere. The rules' three criteria are
the cases 0, 1 and 2; larger counts are classified by parity in the same way.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

from .connect import chain
from .geometry import POINTY, Hex, Layout, hex_to_pixel

RED, BLUE = "R", "B"
TRANSIT_BOUND = 8    # net transits a highlighted walk may reach on its way
SIZES = range(7, 26)
_UNIT = Layout(POINTY, 1.0)


def gaps(size: int, radius: int, offset: int) -> tuple[int, int]:
    """Cells of board between a frame and the border, and between the two frames."""
    border = offset - (radius + 1)
    between = 2 * (size - 1 - 2 * offset) - 2 * (radius + 1) - 1
    return border, between


def place_windows(size: int, radius: int) -> int:
    """The diagonal offset of window A that keeps both gaps as wide as possible."""
    best = max(range(radius + 1, (size - 1) // 2 + 1),
               key=lambda c: (min(gaps(size, radius, c)), c), default=None)
    if best is None or min(gaps(size, radius, best)) < 1:
        raise ValueError(f"no room for windows of radius {radius} on a {size} x {size} board")
    return best


def largest_radius(size: int, gap: int = 2) -> int | None:
    fitting = [w for w in range(size) if _fits(size, w, gap)]
    return max(fitting) if fitting else None


def _fits(size: int, radius: int, gap: int) -> bool:
    try:
        return min(gaps(size, radius, place_windows(size, radius))) >= gap
    except ValueError:
        return False


def default_radius(size: int) -> int:
    """The largest window that leaves two cells of board round each frame; 0 on boards too
    small for that (7-9), where the gaps are one cell."""
    return largest_radius(size) or 0


@dataclass(frozen=True)
class KleinBoard:
    size: int
    radius: int

    def __post_init__(self) -> None:
        place_windows(self.size, self.radius)   # raises when the windows do not fit

    @cached_property
    def offset(self) -> int:
        return place_windows(self.size, self.radius)

    @cached_property
    def centres(self) -> tuple[Hex, Hex]:
        c, far = self.offset, self.size - 1 - self.offset
        return Hex(c, c), Hex(far, far)

    def on_rhombus(self, h: Hex) -> bool:
        return 0 <= h.q < self.size and 0 <= h.r < self.size

    @cached_property
    def holes(self) -> frozenset[Hex]:
        a, b = self.centres
        return frozenset(h for h in self._rhombus if min(h.distance(a), h.distance(b))
                         <= self.radius)

    @cached_property
    def _rhombus(self) -> list[Hex]:
        return [Hex(q, r) for r in range(self.size) for q in range(self.size)]

    @cached_property
    def frame_a(self) -> tuple[Hex, ...]:
        """Frame A's cells clockwise on the page, starting due east of the window."""
        a = self.centres[0]
        ring = [h for h in self._rhombus if h.distance(a) == self.radius + 1]
        centre = hex_to_pixel(_UNIT, a)

        def angle(h: Hex) -> float:
            p = hex_to_pixel(_UNIT, h)
            # y grows downwards, so increasing atan2 runs clockwise on the page.
            return math.atan2(p.y - centre.y, p.x - centre.x) % (2 * math.pi)
        return tuple(sorted(ring, key=angle))

    @cached_property
    def twins(self) -> dict[Hex, Hex]:
        """Frame A cell -> its twin in frame B: the same offset from the other window."""
        a, b = self.centres
        return {h: h - a + b for h in self.frame_a}

    @cached_property
    def cells(self) -> list[Hex]:
        """Playable cells, one per cell of the game: a frame pair is its frame A cell."""
        frame_b = set(self.twins.values())
        return [h for h in self._rhombus if h not in self.holes and h not in frame_b]

    def canonical(self, h: Hex) -> Hex:
        """The cell of the game that a cell of the drawing belongs to."""
        return self.twin_of_b.get(h, h)

    @cached_property
    def twin_of_b(self) -> dict[Hex, Hex]:
        """Frame B cell -> its twin in frame A."""
        return {b: a for a, b in self.twins.items()}

    def open_chain(self, start: Hex, goal: Hex, avoid: set[Hex]) -> list[Hex]:
        """A shortest run of cells from start to goal outside windows and frames (the goal
        may be a frame cell) and outside `avoid`: for laying out example positions."""
        frames = set(self.twins) | set(self.twins.values())

        def free(h: Hex) -> bool:
            return (self.on_rhombus(h) and h not in self.holes and h not in avoid
                    and (h not in frames or h == goal))
        path = chain([start], {goal}, lambda h: (n for n in h.neighbours() if free(n)))
        if path is None:
            raise ValueError(f"no open way from {start} to {goal}")
        return path

    def twin_index(self, h: Hex) -> int | None:
        """Twins share a label: their place, from 1, clockwise round their frame."""
        a = self.canonical(h)
        return self.frame_a.index(a) + 1 if a in self.twins else None


@dataclass(frozen=True)
class Verdict:
    winner: str | None
    transits: int | None          # net transits of the winning connecting path
    portal_loop: bool              # the winner also has a loop with odd transits

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
        edges = set()
        for h in board._rhombus:
            if h in board.holes:
                continue
            u = self.index[board.canonical(h)]
            # Potential of a cell is measured at its frame A copy: a frame B copy sits one
            # transit further on, so stepping out of it onto window B's side costs +1.
            out = 1 if h in frame_b else 0
            for n_ in h.neighbours():
                if not board.on_rhombus(n_) or n_ in board.holes:
                    continue
                v = self.index[board.canonical(n_)]
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

    def judge(self, colours: Sequence[str]) -> Verdict:
        """The winner, if any; on a full board the rules promise exactly one."""
        found = self.verdicts(colours)
        return found[RED] or found[BLUE] or Verdict(None, None, False)

    def components(self, colours: Sequence[str]) -> Components:
        """Chains of each colour with their transit potentials, in one traversal each:
        colours[i] is R, B or anything else (empty) for cell i of board.cells."""
        colour = list(colours) + self.border_colours
        pot: list[int | None] = [None] * self.nodes
        root = [-1] * self.nodes
        loops: dict[int, int] = {}     # component (its first node) -> gcd of loop transits
        adjacent = self.adjacent
        for start in range(self.nodes):
            c = colour[start]
            if pot[start] is not None or (c != RED and c != BLUE):
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
                    if pv is None:
                        pot[v] = px + w
                        stack.append(v)
                    elif pv != px + w:
                        g = math.gcd(g, abs(pv - px - w))
            loops[start] = g
        return Components(colour, pot, root, loops)

    def verdicts(self, colours: Sequence[str]) -> dict[str, Verdict | None]:
        """Each colour's verdict, judged independently."""
        found = self.components(colours)
        out: dict[str, Verdict | None] = {}
        for c in (RED, BLUE):
            low, high = self.borders[c]
            out[c] = None
            if found.root[low] == found.root[high]:
                out[c] = _verdict(c, found.pot[high] - found.pot[low],
                                  found.loops[found.root[low]], found.portal_loop(c))
        return out

    def structure(self, colours: Sequence[str], verdict: Verdict) -> set[int]:
        """Cells of a winning structure: a shortest chain joining the winner's borders with
        the verdict's net transits, and when the count is odd, a shortest portal loop."""
        low, high = self.borders[verdict.winner]
        cells = self._walk(colours, verdict.winner, [(low, 0)],
                           lambda node, k: node == high and k == verdict.transits)
        if verdict.transits % 2:
            frame = [self.index[h] for h in self.board.twins
                     if colours[self.index[h]] == verdict.winner]
            loops = [self._walk(colours, verdict.winner, [(x, 0)],
                                lambda node, k, x=x: node == x and k % 2 == 1)
                     for x in frame]
            cells |= min((loop for loop in loops if loop), key=lambda c: (len(c), sorted(c)))
        return cells

    def _walk(self, colours: Sequence[str], colour: str, starts, done) -> set[int]:
        """Breadth first through (cell, net transits so far) of one colour until `done`;
        the cells of the walk found, or an empty set. Counts stay small, so they are bounded
        a little past the largest a verdict reports."""
        colour_of = list(colours) + self.border_colours
        parent = {s: None for s in starts}
        queue = deque(starts)
        while queue:
            state = queue.popleft()
            node, k = state
            if done(node, k) and parent[state] is not None:
                cells = set()
                while state is not None:
                    if state[0] < len(colours):
                        cells.add(state[0])
                    state = parent[state]
                return cells
            for v, w in self.adjacent[node]:
                step = (v, k + w)
                if colour_of[v] == colour and abs(k + w) <= TRANSIT_BOUND and step not in parent:
                    parent[step] = state
                    queue.append(step)
        return set()


@dataclass(frozen=True)
class Components:
    colour: list[str]            # cells, then the four border segments
    pot: list[int | None]        # net transits from the component's first node
    root: list[int]              # the component's first node; -1 for empty cells
    loops: dict[int, int]        # component -> gcd of its loops' transits (0: no loop)

    def portal_loop(self, colour: str) -> bool:
        return any(g % 2 and self.colour[k] == colour for k, g in self.loops.items())


def _verdict(colour: str, t0: int, d: int, odd_loop: bool) -> Verdict | None:
    """A connecting chain with net transits t0, in a component whose loops have gcd d."""
    values = _reachable(t0, d)
    even = [k for k in values if k % 2 == 0]
    if even:
        return Verdict(colour, min(even, key=lambda k: (abs(k), k)), odd_loop)
    if odd_loop:
        return Verdict(colour, min(values, key=lambda k: (abs(k), k)), True)
    return None


def _reachable(t0: int, d: int) -> list[int]:
    """Net transit counts of connecting chains near zero: t0 plus any multiple of the gcd d
    of the component's loop transits (just t0 when it has no portal loop)."""
    if d == 0:
        return [t0]
    base = t0 % d
    return [base + j * d for j in range(-2, 3)]


def around(cells) -> set[Hex]:
    """The cells and every cell touching them."""
    return {n for h in cells for n in h.neighbours()} | set(cells)
