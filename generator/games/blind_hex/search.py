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

import random
from functools import cache
from types import MappingProxyType

from generator.core.geometry import Hex
from generator.games.blind_hex.board import (
    DEFAULT_NUMBERS,
    DEFAULT_SEED,
    DEFAULT_SIZE,
    NUMBERS,
    SIZES,
    HashBoard,
    published_boards,
)
from generator.games.blind_hex.orbits import EdgeKey
from generator.games.blind_hex.tallies import Tallies


class _Search(Tallies):
    """Local search over the labels of swap orbits, with incremental counts (see Tallies).

    Two kinds of variable. A hub orbit (a hub and its mirror image) always carries a number. A
    mark orbit (an edge that belongs to no hub, and its mirror image) is usually unmarked; it may
    carry a number only to give a one-number cell that is not a hub its second number. Hub
    labels do the balancing; marks mend the cells the hub pattern leaves with one number (see
    `generate`). Cells touched only by hubs never offer more than two numbers, so the search
    starts valid and stays valid.

    A step relabels one hub orbit or swaps the labels of two, then lets the marks follow (see
    `_repair`) and keeps the step if the cost did not rise: every step changes something, and
    a step is judged with the marks it needs, so the search does not stall on boards one mark
    away from better. A variance term under the spread guides it when the spread is flat.
    """

    WORSE = 0.003   # how often a worse step is kept, to leave a local minimum
    SWAP = 0.3      # steps above this roll trade two hubs' numbers
    FOCUS = 0.3     # steps below this roll move a hub of a cell no mark can mend

    def __init__(self, size: int, numbers: int, *, rng: random.Random):
        super().__init__(size, numbers)
        self.rng = rng
        # The targets' figures the cost reads at every step.
        self.tolerance, self.good_spread = self.targets.tolerance, self.targets.good_spread
        self.every_number = self.targets.every_number
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
            near = [0] * (self.numbers + 1)    # the last for unlabelled neighbours
            for o in next_to[orbit]:
                near[labels[o]] += 1
            best = min(range(self.numbers), key=lambda n: (near[n], used[n], rng.random()))
            labels[orbit] = best
            used[best] += len(self.cells_of_orbit[orbit])
        return labels

    def cost(self) -> float:
        counts = self.counts
        missing_numbers = counts.count(0)
        spread = max(counts) - min(counts)
        over = max(0.0, spread - self.tolerance)
        uneven = max(0.0, spread - self.good_spread)
        # The counts' variance, squeezed under 0.5 (its term below): between boards alike on
        # every other term, the one with more counts near the mean, so that a search at
        # spread 3 finds its way down to 2 instead of wandering.
        total = sum(counts)
        variance = (sum([c * c for c in counts]) - total * total / len(counts)) / len(counts)
        # A lonely cell weighs less than a unit of spread: the search may part two hubs of one
        # number to even the counts, then mend the cell between them with a mark. Spread and
        # marks always weigh a little, so even boards that look like the published one are
        # preferred where no target applies.
        return (1000 * missing_numbers + 100 * self.missing_pairs + 10 * over + 2 * uneven
                + len(self.lonely) + spread / 100 + variance / (2 * variance + 2)
                + len(self.marked) / 100_000)

    def satisfied(self) -> bool:
        counts = self.counts
        return (not self.lonely and self.missing_pairs == 0
                and (not self.every_number or min(counts) > 0)
                and max(counts) - min(counts) <= self.good_spread)

    def _mend_all(self) -> None:
        """Give every lonely cell that can have one a second number, the least offered."""
        for cell in sorted(self.lonely):
            if cell in self.lonely:
                options = self.mends(cell)
                if options:
                    orbit, n = min(options, key=lambda m: (self.counts[m[1]], self.rng.random()))
                    self.relabel(orbit, n)

    def _move(self) -> list[tuple[int, int]]:
        """Hub relabellings that change something: one hub orbit takes another number, or two
        trade theirs (which keeps the totals near)."""
        rng, label = self.rng, self.label
        roll = rng.random()
        if self.lonely and roll < self.FOCUS:
            # A cell no mark can mend: one of its hubs moves (the others wander to make room).
            orbit = rng.choice(self.hub_sources[rng.choice(list(self.lonely))])
        else:
            orbit = rng.randrange(self.first_mark)
        if rng.random() > self.SWAP:
            other = rng.randrange(self.first_mark)
            if label[other] != label[orbit]:
                return [(orbit, label[other]), (other, label[orbit])]
        new = rng.randrange(self.numbers - 1)
        return [(orbit, new if new < label[orbit] else new + 1)]

    def _repair(self, moved: list[tuple[int, int]]) -> None:
        """The marks follow the hubs: a cell a move leaves with three numbers loses its marks,
        and a cell it leaves with one is mended, so a move is judged with its marks in place."""
        popcount, offers, label = self.popcount, self.offers, self.label
        unmarked, cells_of_orbit = self.UNMARKED, self.cells_of_orbit
        cells = [c for orbit, _new in moved for c in cells_of_orbit[orbit]]
        if self.crowded:
            for cell in cells:   # the cells whose marks go are looked at too
                if popcount[offers[cell]] > 2:
                    for orbit in self.mark_sources[cell]:
                        if label[orbit] != unmarked:
                            self.relabel(orbit, unmarked)
                            cells += cells_of_orbit[orbit]
        lonely = self.lonely
        if not lonely:
            return
        counts = self.counts
        for cell in cells:
            if cell in lonely:
                options = self.mends(cell)
                if options:      # a mark whose number is offered least
                    least = min(counts[n] for _, n in options)
                    self.relabel(*self.rng.choice([m for m in options if counts[m[1]] == least]))

    def run(self, steps: int) -> None:
        current = best = self.cost()
        best_labels = list(self.label)
        log, journal, counts = self.log, self.journal, self.counts
        # A step not kept leaves everything as it was, so the targets are looked at again
        # only after a step that is kept.
        satisfied = self.satisfied()
        self.steps_taken = steps
        for step in range(steps):
            if satisfied:
                best_labels = self.label
                self.steps_taken = step
                break
            move = self._move()
            log.clear()
            journal.clear()
            tallies = counts[:], self.missing_pairs, self.crowded
            for orbit, new in move:
                self.relabel(orbit, new)
            self._repair(move)
            candidate = self.cost()
            if not self.crowded and (candidate <= current or self.rng.random() < self.WORSE):
                current = candidate
                if current < best:
                    best, best_labels = current, list(self.label)
                satisfied = self.satisfied()
            else:
                self.take_back()
                counts[:], self.missing_pairs, self.crowded = tallies
        if best_labels != self.label:
            self.load(best_labels)
        self._mend_all()   # where the steps ran out with a cell still lonely
        self._drop_idle_marks()

    def _drop_idle_marks(self) -> None:
        """A mark repeating a number both its cells already offer changes nothing: remove it."""
        for orbit in sorted(self.marked):
            label = self.label[orbit]
            self.relabel(orbit, self.UNMARKED)
            if any(not self.offers[c] >> label & 1 for c in self.cells_of_orbit[orbit]):
                self.relabel(orbit, label)


@cache    # a board is made once per process, however many pages show it
def generate(size: int = DEFAULT_SIZE, numbers: int = DEFAULT_NUMBERS,
             *, seed: int = DEFAULT_SEED) -> HashBoard:
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
    published = published_boards().get((size, numbers, seed))
    return published if published is not None else search_board(size, numbers, seed=seed)


def search_board(size: int, numbers: int, *, seed: int) -> HashBoard:
    """The board the search finds for a seed, uncached, even where a published board stands
    for it (the published 11 x 11 board 1 predates this search; see published.json)."""
    search = _Search(size, numbers, rng=random.Random(f"blind-hex:{size}:{numbers}:{seed}"))
    search.run(search.targets.search_steps)
    grid, label = search.grid, search.label
    edges: dict[EdgeKey, int] = {}
    for orbit, keys in enumerate(grid.hub_edges):
        for key in keys:
            edges[key] = label[orbit] + 1
    for orbit, keys in enumerate(grid.mark_orbits, start=search.first_mark):
        if label[orbit] != search.UNMARKED:
            for key in keys:
                edges[key] = label[orbit] + 1
    # Sorted as (Hex, direction) keys sort, one Hex made per cell.
    hexes: dict[tuple[int, int], Hex] = {}
    named: dict[tuple[Hex, int], int] = {}
    for (q, r, d), n in sorted(edges.items()):
        cell = hexes.get((q, r))
        if cell is None:
            cell = hexes[q, r] = Hex(q, r)
        named[cell, d] = n
    return HashBoard(size, numbers, seed, MappingProxyType(named))
