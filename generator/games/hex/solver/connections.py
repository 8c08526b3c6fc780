"""Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex",
Artificial Intelligence 134, 2002), for one player.

The nodes are the player's two sides (each with the stones joined to it), each other chain
of the player's stones, and each empty cell. Between two nodes, a *full* connection with
carrier C (a set of empty cells, neither end among them) is one the player keeps whoever
moves first inside C; a *semi* connection is one the player makes by moving first, at its
key, which its carrier holds. Two rules build them from the adjacencies:

* AND: full x-m (carrier A) and full m-y (carrier B), A and B disjoint and neither holding
  the other end: through a chain m, a full x-y with carrier A | B; through an empty cell m,
  a semi x-y with key m and carrier A | B | m.
* OR: semis x-y whose carriers have no cell in common make a full x-y with their union as
  carrier (the opponent cannot break them all with one stone).

Both are sound; neither is complete, and the lists are bounded (FULLS, SEMIS and OR_DEPTH
a pair), so a connection H-search misses is only a proof not found, never a wrong one. A
carrier that holds another of the same pair is dropped, so each list keeps minimal
carriers. The work is in a fixed order (nodes by kind and bit, a queue of new fulls, each
joined by the AND rule with those taken from the queue before it, so that two fulls are
joined once), so the same position always gives the same connections.

What the solver asks (`search`): does the player have a full or a semi between its sides
(and with what carrier and key), and the carriers of all its semis between its sides, whose
intersection is where the opponent must play (analysis.py).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from generator.games.hex.solver.board import Board, bits
from generator.games.hex.solver.inferior import nodes

FULLS = 8           # full carriers kept a pair
SEMIS = 12          # semi carriers kept a pair
OR_DEPTH = 4        # semis combined at most by one use of the OR rule (the new one and 3)


@dataclass(frozen=True, slots=True)
class Connections:
    """What H-search found between a player's two sides, and the cells it weighs."""
    full: int | None                # a full connection's carrier (None: none found)
    semis: tuple[tuple[int, int], ...]   # (carrier with its key, key) of each semi found
    reach: tuple[int, int]          # empty cells with a full connection to each side


class _Search:
    def __init__(self, count: int, cell_bit: list[int], *, stop_at_semi: bool):
        self.count = count
        self.cell_bit = cell_bit                  # a node's own bit, 0 for a chain or side
        self.fulls: dict[int, list[int]] = {}
        self.semis: dict[int, list[tuple[int, int]]] = {}
        self.order: dict[tuple[int, int], int] = {}   # (pair, carrier): its job's place
        self.taken = [0] * count        # nodes with a full to this one taken from the queue
        self.queue: deque[tuple[int, int, int]] = deque()
        self.pushed = 0                             # jobs ever queued
        self.done = False                         # a full between the sides: stop
        self.stop_at_semi = stop_at_semi          # ... or a semi, when that settles it

    def add_full(self, x: int, y: int, *, carrier: int) -> None:
        if x > y:
            x, y = y, x
        pair = x * self.count + y
        found = self.fulls.get(pair)
        if found is None:
            found = self.fulls[pair] = []
        else:
            for other in found:
                if other & carrier == other:
                    return
            if len(found) >= FULLS:
                return
            found[:] = [other for other in found if other & carrier != carrier]
        found.append(carrier)
        semis = self.semis.get(pair)
        if semis:
            semis[:] = [s for s in semis if s[0] & carrier != carrier]
        self.order[pair, carrier] = self.pushed
        self.queue.append((x, y, carrier))
        self.pushed += 1
        if pair == 1:          # nodes 0 and 1 are the sides
            self.done = True

    def add_semi(self, x: int, y: int, *, carrier: int, key: int) -> None:
        if x > y:
            x, y = y, x
        pair = x * self.count + y
        for other in self.fulls.get(pair, ()):
            if other & carrier == other:
                return
        found = self.semis.get(pair)
        if found is None:
            found = self.semis[pair] = []
        else:
            for other, _ in found:
                if other & carrier == other:
                    return
            if len(found) >= SEMIS:
                return
            found[:] = [s for s in found if s[0] & carrier != carrier]
        found.append((carrier, key))
        if pair == 1 and self.stop_at_semi:
            self.done = True
            return
        self._or(x, y, found, carrier)

    def _or(self, x: int, y: int, found: list[tuple[int, int]], carrier: int) -> None:
        """Fulls from the new semi (the last of `found`) and the others, their carriers
        meeting nowhere."""
        others = [c for c, _ in found[:-1]]
        stack = [(0, carrier, carrier, 1)]
        while stack:
            start, common, union, depth = stack.pop()
            for j in range(start, len(others)):
                meet = common & others[j]
                if meet == common:
                    continue
                if not meet:
                    self.add_full(x, y, carrier=union | others[j])
                elif depth + 1 < OR_DEPTH:
                    stack.append((j + 1, meet, union | others[j], depth + 1))

    def run(self, chains: int) -> None:
        """The AND rule over the queue of new fulls, until none is left. Nodes below
        `chains` are the sides and chains (midpoints through which fulls join to fulls);
        the sides are never midpoints. Each two fulls are joined once, when the later of
        them is taken from the queue: a full still queued joins this one when it is
        taken."""
        cell_bit, taken, fulls, count = self.cell_bit, self.taken, self.fulls, self.count
        queue, order = self.queue, self.order
        place = -1
        while queue and not self.done:
            a, b, carrier = queue.popleft()
            place += 1
            pair = a * count + b
            if carrier not in fulls[pair]:
                continue
            taken[a] |= 1 << b
            taken[b] |= 1 << a
            for m, x in ((a, b), (b, a)):
                if m < 2:
                    continue
                m_bit, x_bit = cell_bit[m], cell_bit[x]
                for z in bits(taken[m] & ~(1 << x)):
                    z_bit = cell_bit[z]
                    if z_bit & carrier:
                        continue
                    key = m * count + z if m < z else z * count + m
                    for other in tuple(fulls[key]):
                        if order[key, other] >= place or other & carrier or other & x_bit:
                            continue
                        if m_bit:
                            self.add_semi(x, z, carrier=carrier | other | m_bit, key=m_bit)
                        else:
                            self.add_full(x, z, carrier=carrier | other)
                        if self.done:
                            return


def search(board: Board, stones: int, *, empty: int, colour: int,
           stop_at_semi: bool = False) -> Connections:
    """H-search for `colour` (whose stones are `stones`) on the empty cells `empty`."""
    groups = nodes(board, stones, empty=empty, colour=colour)
    chains = len(groups)
    cells = list(bits(empty))
    count = chains + len(cells)
    cell_bit = [0] * chains + [1 << c for c in cells]
    search = _Search(count, cell_bit, stop_at_semi=stop_at_semi)
    node_of = {c: chains + i for i, c in enumerate(cells)}
    near = board.near
    # The adjacencies: full connections with an empty carrier.
    for g, (_, touch) in enumerate(groups):
        for c in bits(touch):
            search.add_full(g, node_of[c], carrier=0)
    for c in cells:
        for d in bits(near[c] & empty & ~((2 << c) - 1)):
            search.add_full(node_of[c], node_of[d], carrier=0)
    search.run(chains)
    full = search.fulls.get(1)
    semis = tuple(search.semis.get(1, ()))
    reach = []
    for side in (0, 1):
        cells_reached = 0
        for c in cells:
            n = node_of[c]
            pair = side * count + n
            if search.fulls.get(pair):
                cells_reached |= 1 << c
        reach.append(cells_reached)
    return Connections(min(full, key=_size) if full else None, semis,
                       (reach[0], reach[1]))


def _size(carrier: int) -> tuple[int, int]:
    return carrier.bit_count(), carrier
