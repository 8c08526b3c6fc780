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
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from generator import i18n
from generator.core.geometry import Hex, Rhombus, edge_key, swapped_direction
from generator.core.gridfile import hex_name
from generator.games.game import OptionError, Report, option

TITLE = "Blind Hex"
DESIGNER = "Don Kirkby"
YEAR = "2012"
EDITIONS = ("cards", "pennies")
LICENCE = "CC-BY-SA 3.0"
ORIGINAL = "donkirkby.github.io/blind-hex"   # the original work, which CC-BY-SA asks to name
SIZES = range(4, 26)
NUMBERS = range(2, 10)
PLAYED_SIZES = range(7, 26)
PLAYED_NUMBERS = range(3, 7)
PAIRS_FROM_SIZE = 9
DEFAULT_SIZE = 11
DEFAULT_NUMBERS = 5
DEFAULT_SEED = 1
SEARCH_STEPS = 40_000


def balance_tolerance(cells: int) -> float:
    return max(3.0, 0.03 * cells)


def hubs_of(size: int) -> list[Hex]:
    hubs = [Hex(q, r) for r in range(0, size, 2) for q in range(0, size, 2)]
    if size % 2 == 0:
        hubs.append(Hex(size - 1, size - 1))
    return hubs


@dataclass(frozen=True)
class Targets:
    """What a balanced board must show: the figures of the issue, as data."""
    in_band: bool
    every_number: bool
    tolerance: float
    pairs: bool

    @staticmethod
    def for_board(size: int, numbers: int) -> Targets:
        played = size in PLAYED_SIZES and numbers in PLAYED_NUMBERS
        return Targets(in_band=played, every_number=played,
                       tolerance=balance_tolerance(size * size),
                       pairs=played and size >= PAIRS_FROM_SIZE)

    @property
    def search_steps(self) -> int:
        # Outside the band the figures may be out of reach; a short search keeps it quick.
        return SEARCH_STEPS if self.in_band else SEARCH_STEPS // 20

    @property
    def good_spread(self) -> float:
        return min(self.tolerance, 2)


@dataclass(frozen=True)
class HashBoard:
    size: int
    numbers: int
    seed: int
    edges: Mapping[tuple[Hex, int], int]  # keyed by geometry.edge_key; read-only

    @property
    def board(self) -> Rhombus:
        return Rhombus(self.size)

    def edge_label(self, cell: Hex, direction: int) -> int | None:
        return self.edges.get(edge_key(cell, direction))

    def edge_labels(self, cell: Hex) -> tuple[int | None, ...]:
        return tuple(self.edge_label(cell, d) for d in range(6))

    def is_hub(self, cell: Hex) -> bool:
        labels = set(self.edge_labels(cell))
        return len(labels) == 1 and None not in labels

    def offered(self, cell: Hex) -> frozenset[int]:
        return frozenset(n for n in self.edge_labels(cell) if n is not None)

    def cells_offering(self, number: int) -> list[Hex]:
        return [c for c in self.board if number in self.offered(c)]


@dataclass(frozen=True)
class Stats:
    size: int
    numbers: int
    seed: int
    counts: dict[int, int]
    pairs: dict[tuple[int, int], int]
    hubs: int
    bare_cells: int
    one_number_cells: int
    two_number_cells: int
    lonely_cells: tuple[Hex, ...] = ()    # one number, not on all six sides
    crowded_cells: tuple[Hex, ...] = ()   # three numbers or more

    @property
    def spread(self) -> int:
        return max(self.counts.values()) - min(self.counts.values())

    @property
    def missing_numbers(self) -> list[int]:
        return [n for n, c in self.counts.items() if c == 0]

    @property
    def missing_pairs(self) -> list[tuple[int, int]]:
        return [p for p, c in self.pairs.items() if c == 0]

    def warnings(self) -> list[str]:
        out = []
        if self.bare_cells:
            out.append(f"{self.bare_cells} cells have no marked edge")
        if self.crowded_cells:
            out.append(f"{len(self.crowded_cells)} cells offer more than two numbers: "
                       + _names(self.crowded_cells))
        if self.lonely_cells:
            out.append(f"{len(self.lonely_cells)} cells offer one number without it on all six "
                       f"sides: " + _names(self.lonely_cells))
        if 2 * self.two_number_cells <= self.size ** 2:
            out.append(f"only {self.two_number_cells} of {self.size ** 2} cells offer two "
                       f"numbers, not more than half")
        in_band = (self.size in PLAYED_SIZES and self.numbers in PLAYED_NUMBERS)
        if not in_band:
            out.append(f"size {self.size} with {self.numbers} numbers is outside the balanced "
                       f"band (sizes {PLAYED_SIZES.start}-{PLAYED_SIZES.stop - 1}, numbers "
                       f"{PLAYED_NUMBERS.start}-{PLAYED_NUMBERS.stop - 1}); the board is valid "
                       f"but its balance is not guaranteed")
        if self.missing_numbers:
            out.append("no cell offers " + ", ".join(map(str, self.missing_numbers)))
        if self.spread > balance_tolerance(self.size ** 2):
            out.append(f"counts differ by {self.spread}, more than "
                       f"{balance_tolerance(self.size ** 2):g}")
        if self.size >= PAIRS_FROM_SIZE and self.missing_pairs:
            out.append("no two-number cell offers " +
                       ", ".join(f"{a}+{b}" for a, b in self.missing_pairs))
        return out


def _names(cells: tuple[Hex, ...], shown: int = 8) -> str:
    names = [hex_name(c) for c in cells[:shown]]
    return ", ".join(names) + (", ..." if len(cells) > shown else "")


def stats(board: HashBoard) -> Stats:
    counts = {n: 0 for n in range(1, board.numbers + 1)}
    pairs = {p: 0 for p in itertools.combinations(range(1, board.numbers + 1), 2)}
    how_many: Counter[int] = Counter()
    lonely, crowded = [], []
    for cell in board.board:
        offered = board.offered(cell)
        how_many[len(offered)] += 1
        for n in offered:
            counts[n] += 1
        if len(offered) == 2:
            a, b = sorted(offered)
            pairs[(a, b)] += 1
        elif len(offered) == 1 and not board.is_hub(cell):
            lonely.append(cell)
        elif len(offered) > 2:
            crowded.append(cell)
    return Stats(board.size, board.numbers, board.seed, counts, pairs,
                 sum(board.is_hub(c) for c in board.board), how_many[0], how_many[1],
                 how_many[2], tuple(lonely), tuple(crowded))


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


# --- the options of a board -------------------------------------------------------------------


MIN_RULE_NUMBERS = 4  # two covered numbers must still leave two to choose


@dataclass(frozen=True)
class Options:
    size: int = option(DEFAULT_SIZE, f"Board size N (N × N cells), {SIZES.start} to "
                                     f"{SIZES.stop - 1}.")
    numbers: int = option(DEFAULT_NUMBERS, f"Hash-mark numbers 1 to M, M from {NUMBERS.start} "
                                           f"to {NUMBERS.stop - 1}.")
    edition: str = option("cards", "Cards (numbers kept as cards in hand) or pennies (tracks "
                                   "for coins on the board page).", choices=EDITIONS)
    seed: int = option(DEFAULT_SEED, "Which generated board: any whole number.")
    coordinates: bool = option(True, "Column letters and row numbers round the board.")

    def __post_init__(self) -> None:
        s, n = SIZES, NUMBERS
        if self.size not in s:
            raise OptionError(f"--size must be {s.start} to {s.stop - 1} for {TITLE}, "
                              f"not {self.size}")
        if self.numbers not in n:
            raise OptionError(f"--numbers must be {n.start} to {n.stop - 1} for {TITLE}, "
                              f"not {self.numbers}")
        if self.edition not in EDITIONS:
            raise OptionError(f"--edition must be one of {', '.join(EDITIONS)}, "
                              f"not {self.edition}")

    def check_item(self, item: str) -> None:
        """Refuse, before any work, options an item cannot be made with."""
        # A board, pad or kit with fewer numbers would be printed for a game its rules
        # cannot play, so every item is refused alike.
        if self.numbers < MIN_RULE_NUMBERS:
            what = "rules need" if item == "rules" else f"{item}s need"
            raise OptionError(f"{TITLE} {what} --numbers of at least {MIN_RULE_NUMBERS}: "
                              f"two numbers are covered each turn and two must remain to "
                              f"choose")

    @property
    def label(self) -> str:
        edition = {"cards": i18n._("cards edition"),
                   "pennies": i18n._("pennies edition")}[self.edition]
        return i18n._("%(size)s × %(size)s · numbers 1–%(numbers)s · board %(seed)s · "
                      "%(edition)s", size=self.size, numbers=self.numbers, seed=self.seed,
                      edition=edition)

    def board(self) -> HashBoard:
        return generate(self.size, self.numbers, self.seed)


# --- a worked turn for the rule sheet ------------------------------------------------------------


@dataclass(frozen=True)
class ExampleTurn:
    """One turn where the players share a number, worked out on a small board."""
    board: HashBoard
    x_numbers: tuple[int, int]
    o_numbers: tuple[int, int]
    written: dict[Hex, str]   # letters on the board before the turn
    x_writes: tuple[Hex, Hex]
    o_writes: tuple[Hex, Hex]

    @property
    def shared(self) -> int:
        return (set(self.x_numbers) & set(self.o_numbers)).pop()

    @property
    def x_number(self) -> int:
        return (set(self.x_numbers) - {self.shared}).pop()

    @property
    def o_number(self) -> int:
        return (set(self.o_numbers) - {self.shared}).pop()

    def allowed(self, number: int) -> list[Hex]:
        return [c for c in self.board.cells_offering(number) if c not in self.written]


EXAMPLE_SIZE = 5
# Earlier letters sit between hubs, where they hide no hash marks.
EXAMPLE_WRITTEN = {Hex(1, 1): "x", Hex(3, 1): "o", Hex(1, 2): "o", Hex(3, 2): "x",
                   Hex(2, 3): "x"}


def example_turn(numbers: int, seed: int) -> ExampleTurn:
    """A mid-game position on a small board: x chose a and b, o chose b and c."""
    board = generate(EXAMPLE_SIZE, numbers, seed)
    counts = {n: len(board.cells_offering(n)) for n in range(1, numbers + 1)}
    a, b, c = sorted(counts, key=lambda n: (-counts[n], n))[:3]
    written = EXAMPLE_WRITTEN
    x_cells = [h for h in board.cells_offering(a) if h not in written]
    x_writes = (x_cells[0], x_cells[-1])
    o_cells = [h for h in board.cells_offering(c) if h not in written and h not in x_writes]
    return ExampleTurn(board, (min(a, b), max(a, b)), (min(b, c), max(b, c)), written,
                       x_writes, (o_cells[0], o_cells[-1]))


# --- data and figures for the command line -----------------------------------------------------


def board_json(opts: Options) -> dict[str, Any]:
    board = opts.board()
    return {"game": "blind-hex", "size": opts.size, "numbers": opts.numbers, "seed": opts.seed,
            "cells": [{"q": c.q, "r": c.r, "edges": list(board.edge_labels(c))}
                      for c in board.board]}


def stats_report(opts: Options) -> Report:
    s = stats(opts.board())
    lines = [f"{TITLE} board {opts.size}x{opts.size}, numbers 1-{opts.numbers}, seed {opts.seed}",
             f"cells: {opts.size ** 2}; all-six-sides cells: {s.hubs}; "
             f"cells without a mark: {s.bare_cells}",
             (f"two-number cells: {s.two_number_cells}; one-number cells: "
              f"{s.one_number_cells} ({len(s.lonely_cells)} not on all six sides); "
              f"cells with more than two: {len(s.crowded_cells)}"),
             "cells offering each number: " +
             ", ".join(f"{n}: {c}" for n, c in s.counts.items()),
             f"spread: {s.spread} (allowed {balance_tolerance(opts.size ** 2):g})"]
    if opts.numbers >= 2:
        covered = sum(1 for c in s.pairs.values() if c)
        lines.append(f"pairs offered by two-number cells: {covered} of {len(s.pairs)}")
    return Report(tuple(lines), tuple(s.warnings()))


