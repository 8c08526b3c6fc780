"""Blind Hex hash marks: which number (1..M) each cell edge carries.

What the rule sheet promises: every space offers one or two numbers (a space offers a number
when one of its six edges carries it), most offer two, and a space offering one has that
number on all six sides.

Method. Hubs are the cells whose coordinates are both even (the 2L sublattice), plus the far
corner (N-1, N-1) on even sizes, which would otherwise touch no hub. No two hubs touch. A hub
marks all six of its edges with its number, so a hub offers one number and every other cell
offers the numbers of the one or two hubs it touches. The few cells that get only one number
that way (see `generate`) get a second from a mark on an edge that belongs to no hub; no mark
ever gives a cell a third.

Hubs and marks are labelled per orbit of the player swap (q, r) -> (r, q): a hub and its mirror
image carry the same number, so the swap maps the board onto itself with the numbers
unchanged. A seeded local search chooses the labels so that the counts of cells offering each
number are even, every pair of numbers appears on some two-number cell, and no cell offers one
number without being a hub.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from types import MappingProxyType

from generator.core.geometry import Hex, Rhombus, edge_key, swapped_direction
from generator.games.blind_hex.board import (
    DEFAULT_NUMBERS,
    DEFAULT_SEED,
    DEFAULT_SIZE,
    NUMBERS,
    SIZES,
    HashBoard,
    Targets,
    hubs_of,
)


class _Pool:
    """A set of whole numbers with a seeded random pick, in a deterministic order."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.items)

    def add(self, item: int) -> None:
        if item not in self.where:
            self.where[item] = len(self.items)
            self.items.append(item)

    def discard(self, item: int) -> None:
        k = self.where.pop(item, None)
        if k is None:
            return
        last = self.items.pop()
        if k < len(self.items):
            self.items[k] = last
            self.where[last] = k

    def pick(self, rng: random.Random) -> int:
        return self.items[rng.randrange(len(self.items))]


Edge = tuple[Hex, int]  # as geometry.edge_key names it


class _Search:
    """Local search over the labels of swap orbits, with incremental counts.

    Two kinds of variable. A hub orbit (a hub and its mirror image) always carries a number. A
    mark orbit (an edge that belongs to no hub, and its mirror image) is usually unmarked; it may
    carry a number only to give a one-number cell that is not a hub its second number, and a
    move that would leave any cell offering three numbers is refused. Hub labels do the
    balancing; marks mend the cells the hub pattern leaves with one number (see
    `generate`). Cells touched only by hubs never offer more than two numbers, so the search
    starts valid and stays valid.
    """

    UNMARKED = -1

    def __init__(self, size: int, numbers: int, rng: random.Random):
        self.numbers = numbers
        self.rng = rng
        self.targets = Targets.for_board(size, numbers)
        self.all_pairs = list(itertools.combinations(range(numbers), 2))
        board = Rhombus(size)
        hubs = hubs_of(size)
        hub_set = self.hub_set = set(hubs)
        self.hub_orbits: list[tuple[Hex, ...]] = []
        orbit_of: dict[Hex, int] = {}
        for cell in hubs:
            if cell not in orbit_of:
                members = tuple(sorted({cell, cell.swapped()}))
                for m in members:
                    orbit_of[m] = len(self.hub_orbits)
                self.hub_orbits.append(members)
        self.cells = list(board)
        self.is_hub_cell = [c in hub_set for c in self.cells]
        self.mark_orbits: list[tuple[Edge, ...]] = []
        mark_of: dict[Edge, int] = {}
        sources: list[set[int]] = []
        for cell in self.cells:
            if cell in hub_set:
                sources.append({orbit_of[cell]})
                continue
            src: set[int] = set()
            for d in range(6):
                n = cell.neighbour(d)
                if n in hub_set:
                    src.add(orbit_of[n])
                    continue
                key = edge_key(cell, d)
                if key not in mark_of:
                    mirror = edge_key(cell.swapped(), swapped_direction(d))
                    for k in (key, mirror):
                        mark_of[k] = len(self.hub_orbits) + len(self.mark_orbits)
                    self.mark_orbits.append(tuple(sorted({key, mirror})))
                src.add(mark_of[key])
            sources.append(src)
        self.first_mark = len(self.hub_orbits)
        self.sources = [tuple(sorted(s)) for s in sources]
        self.mark_sources = [tuple(o for o in s if o >= self.first_mark) for s in self.sources]
        orbit_count = self.first_mark + len(self.mark_orbits)
        self.cells_of_orbit: list[list[int]] = [[] for _ in range(orbit_count)]
        for i, cell_sources in enumerate(self.sources):
            for o in cell_sources:
                self.cells_of_orbit[o].append(i)
        # Hub orbits are neighbours when a cell touches both; the cell offers one number if
        # they carry the same.
        self.next_to: list[list[int]] = [[] for _ in range(self.first_mark)]
        for cell_sources in self.sources:
            touching = [o for o in cell_sources if o < self.first_mark]
            for a, b in itertools.permutations(touching, 2):
                if b not in self.next_to[a]:
                    self.next_to[a].append(b)
        self.load(self._greedy_start(rng))
        self._mend_all()

    def _greedy_start(self, rng: random.Random) -> list[int]:
        """Hub orbits in a shuffled order each take the number that fewest of their labelled
        neighbouring hubs carry, then the least used one: a near-even start, and no marks."""
        next_to = self.next_to
        order = list(range(self.first_mark))
        rng.shuffle(order)
        labels = [self.UNMARKED] * len(self.cells_of_orbit)
        used = [0] * self.numbers
        for orbit in order:
            near = Counter(labels[o] for o in next_to[orbit])
            best = min(range(self.numbers), key=lambda n: (near[n], used[n], rng.random()))
            labels[orbit] = best
            used[best] += len(self.cells_of_orbit[orbit])
        return labels

    def load(self, labels: list[int]) -> None:
        self.label = list(labels)
        self.counts = [0] * self.numbers
        self.pairs = [0] * (self.numbers * self.numbers)   # cells offering a and b, at a*M+b
        self.missing_pairs = len(self.all_pairs) if self.targets.pairs else 0
        self.lonely = _Pool()    # cells offering one number that are not hubs
        self.marked = _Pool()    # mark orbits carrying a number
        self.crowded = 0         # cells offering three or more numbers
        self.offers: list[set[int]] = [set() for _ in self.cells]   # as last accounted
        for orbit in range(self.first_mark, len(labels)):
            if labels[orbit] != self.UNMARKED:
                self.marked.add(orbit)
        for i in range(len(self.cells)):
            self.offers[i] = self._offer(i)
            self._account(i, self.offers[i], +1)

    def _offer(self, cell: int) -> set[int]:
        label = self.label
        offer = {label[o] for o in self.sources[cell]}
        offer.discard(self.UNMARKED)
        return offer

    def _account(self, cell: int, offer: set[int], sign: int) -> None:
        """Count a cell's offer in (+1) or out (-1)."""
        counts = self.counts
        for n in offer:
            counts[n] += sign
        if len(offer) == 2:
            a, b = offer
            k = a * self.numbers + b if a < b else b * self.numbers + a
            before = self.pairs[k]
            self.pairs[k] = before + sign
            if self.targets.pairs and (before == 0 or before + sign == 0):
                self.missing_pairs -= sign
        elif len(offer) > 2:
            self.crowded += sign
        elif len(offer) == 1 and not self.is_hub_cell[cell]:
            if sign > 0:
                self.lonely.add(cell)
            else:
                self.lonely.discard(cell)

    def cost(self) -> float:
        t = self.targets
        missing_numbers = sum(1 for c in self.counts if c == 0)
        spread = max(self.counts) - min(self.counts)
        over = max(0.0, spread - t.tolerance)
        uneven = max(0.0, spread - t.good_spread)
        # A lonely cell weighs less than a unit of spread: the search may part two hubs of one
        # number to even the counts, then mend the cell between them with a mark. Spread and
        # marks always weigh a little, so even boards that look like the published one are
        # preferred where no target applies.
        return (1000 * missing_numbers + 100 * self.missing_pairs + 10 * over + 2 * uneven
                + len(self.lonely) + spread / 100 + len(self.marked) / 100_000)

    def relabel(self, orbit: int, new: int) -> None:
        self.label[orbit] = new
        if orbit >= self.first_mark:
            if new == self.UNMARKED:
                self.marked.discard(orbit)
            else:
                self.marked.add(orbit)
        offers = self.offers
        for cell in self.cells_of_orbit[orbit]:
            offer = self._offer(cell)
            if offer != offers[cell]:
                self._account(cell, offers[cell], -1)
                self._account(cell, offer, +1)
                offers[cell] = offer

    def satisfied(self) -> bool:
        t = self.targets
        return ((min(self.counts) > 0 or not t.every_number)
                and not self.lonely
                and self.missing_pairs == 0
                and max(self.counts) - min(self.counts) <= t.good_spread)

    def _mend_all(self) -> None:
        """Give every lonely cell that can have one a second number, the least offered."""
        for cell in sorted(self.lonely.items):
            if cell in self.lonely.where:
                options = self.mends(cell)
                if options:
                    orbit, n = min(options, key=lambda m: (self.counts[m[1]], self.rng.random()))
                    self.relabel(orbit, n)

    def mends(self, cell: int) -> list[tuple[int, int]]:
        """The marks (orbit, number) that give a lonely cell a second number and no cell a
        third."""
        own = self._offer(cell)
        out = []
        for orbit in self.mark_sources[cell]:
            if self.label[orbit] != self.UNMARKED:
                continue
            touched = [self._offer(c) for c in self.cells_of_orbit[orbit]]
            for n in range(self.numbers):
                if n not in own and all(n in t or len(t) < 2 for t in touched):
                    out.append((orbit, n))
        return out

    def _move(self) -> tuple[int, int]:
        """An orbit and a new label for it: mostly hubs, sometimes a mark for a lonely cell."""
        rng = self.rng
        roll = rng.random()
        if self.lonely and roll < 0.3:
            options = self.mends(self.lonely.pick(rng))
            if options:
                return rng.choice(options)
        if self.marked and roll < 0.4:
            return self.marked.pick(rng), rng.randrange(-1, self.numbers)
        return rng.randrange(self.first_mark), rng.randrange(self.numbers)

    def run(self, steps: int) -> None:
        current = best = self.cost()
        best_labels = list(self.label)
        for _ in range(steps):
            if self.satisfied():
                best_labels = self.label
                break
            orbit, new = self._move()
            old = self.label[orbit]
            if new == old:
                continue
            self.relabel(orbit, new)
            if self.crowded:
                self.relabel(orbit, old)
                continue
            candidate = self.cost()
            if candidate <= current or self.rng.random() < 0.01:
                current = candidate
                if current < best:
                    best, best_labels = current, list(self.label)
            else:
                self.relabel(orbit, old)
        if best_labels != self.label:
            self.load(best_labels)
        self._mend_all()   # where the steps ran out with a cell still lonely
        self._drop_idle_marks()

    def _drop_idle_marks(self) -> None:
        """A mark repeating a number both its cells already offer changes nothing: remove it."""
        for orbit in sorted(self.marked.items):
            label = self.label[orbit]
            self.relabel(orbit, self.UNMARKED)
            if any(label not in self._offer(c) for c in self.cells_of_orbit[orbit]):
                self.relabel(orbit, label)


@cache    # a board is made once per process, however many pages show it
def generate(size: int = DEFAULT_SIZE, numbers: int = DEFAULT_NUMBERS,
             seed: int = DEFAULT_SEED) -> HashBoard:
    """A board whose cells each offer one or two numbers.

    The hubs give every cell its numbers: all six sides of a hub carry its number, and a cell
    between hubs offers the numbers of the two hubs it touches. Two kinds of cell touch only one
    number that way, and a mark on an edge belonging to no hub gives them a second:

    - cells on the long diagonal q = r with odd coordinates touch two hubs that are each
      other's mirror image, which must carry the same number for the swap to keep the numbers;
      their mark goes on the two edges towards the next diagonal hub's cells and repeats that
      hub's number, so the neighbours on the other side of those edges offer nothing new;
    - on even sizes, cells along the far sides (q or r = N - 1) touch a single hub; their mark
      goes on an edge facing off the board (a "rim" mark), which touches that cell alone.

    The search may also give two neighbouring hubs the same number where the balance needs it,
    and mend the cell between them the same way. A mark never makes a cell offer a third
    number, and every mark left on the board is a cell's second number.
    """
    if size not in SIZES:
        raise ValueError(f"size must be {SIZES.start}-{SIZES.stop - 1}, not {size}")
    if numbers not in NUMBERS:
        raise ValueError(f"numbers must be {NUMBERS.start}-{NUMBERS.stop - 1}, not {numbers}")
    search = _Search(size, numbers, random.Random(f"blind-hex:{size}:{numbers}:{seed}"))
    search.run(search.targets.search_steps)
    edges: dict[Edge, int] = {}
    for orbit, cells in enumerate(search.hub_orbits):
        for cell in cells:
            for d in range(6):
                edges[edge_key(cell, d)] = search.label[orbit] + 1
    for orbit, keys in enumerate(search.mark_orbits, start=search.first_mark):
        if search.label[orbit] != search.UNMARKED:
            for key in keys:
                edges[key] = search.label[orbit] + 1
    return HashBoard(size, numbers, seed, MappingProxyType(dict(sorted(edges.items()))))
