"""Blind Hex hash marks: which number (1..M) each cell edge carries.

Method. Hubs are the cells whose coordinates are both even (the 2L sublattice), plus the far
corner (N-1, N-1) on even sizes, which would otherwise touch no hub. No two hubs touch. A hub
marks all six of its edges with its number, so a hub offers one number and every other cell
offers the numbers of the hubs it touches: two inside the board, one along the far sides of an
even board. Every cell therefore has a marked edge, and a shared edge is marked by the one hub
it belongs to.

The hubs are labelled per orbit of the player swap (q, r) -> (r, q): a hub and its mirror
image carry the same number, so the swap maps the board onto itself with the numbers
unchanged. A seeded local search then chooses the orbit labels so that the counts of cells
offering each number are even and every pair of numbers appears on some two-number cell.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ... import i18n
from ...geometry import Hex, Rhombus, edge_key, swapped_direction
from ..game import OptionError, Report, option

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
        return SEARCH_STEPS if self.in_band else SEARCH_STEPS // 8

    @property
    def good_spread(self) -> float:
        return min(self.tolerance, 2) if self.in_band else self.tolerance


@dataclass(frozen=True)
class HashBoard:
    size: int
    numbers: int
    seed: int
    edges: dict[tuple[Hex, int], int]  # keyed by geometry.edge_key

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


def stats(board: HashBoard) -> Stats:
    counts = {n: 0 for n in range(1, board.numbers + 1)}
    pairs = {p: 0 for p in itertools.combinations(range(1, board.numbers + 1), 2)}
    bare = 0
    for cell in board.board:
        offered = board.offered(cell)
        bare += not offered
        for n in offered:
            counts[n] += 1
        if len(offered) == 2:
            pairs[tuple(sorted(offered))] += 1
    return Stats(board.size, board.numbers, board.seed, counts, pairs,
                 sum(board.is_hub(c) for c in board.board), bare)


class _Search:
    """Local search over the labels of swap orbits, with incremental counts.

    Two kinds of variable: a hub orbit always carries a number; a rim orbit (a non-hub border
    cell and its mirror image) may mark one edge facing off the board, which adds a number to
    that cell alone. Rim marks give the fine steps that small boards need.
    """

    UNMARKED = -1

    def __init__(self, size: int, numbers: int, rng: random.Random):
        self.numbers = numbers
        self.rng = rng
        self.targets = Targets.for_board(size, numbers)
        board = Rhombus(size)
        hubs = hubs_of(size)
        hub_set = self.hub_set = set(hubs)
        self.orbits: list[tuple[Hex, ...]] = []
        self.is_hub: list[bool] = []
        orbit_of: dict[Hex, int] = {}
        rim = [c for c in board if c not in hub_set and len(board.neighbours(c)) < 6]
        for cell in hubs + rim:
            if cell not in orbit_of:
                members = tuple(sorted({cell, cell.swapped()}))
                for m in members:
                    orbit_of[m] = len(self.orbits)
                self.orbits.append(members)
                self.is_hub.append(cell in hub_set)
        self.cells = list(board)
        self.sources: list[tuple[int, ...]] = []
        for cell in self.cells:
            touching = [cell] if cell in hub_set else [n for n in board.neighbours(cell)
                                                      if n in hub_set]
            src = {orbit_of[h] for h in touching}
            if cell in orbit_of and not self.is_hub[orbit_of[cell]]:
                src.add(orbit_of[cell])
            self.sources.append(tuple(sorted(src)))
        self.cells_of_orbit: list[list[int]] = [[] for _ in self.orbits]
        for i, src in enumerate(self.sources):
            for o in src:
                self.cells_of_orbit[o].append(i)
        # Start from the numbers dealt round-robin to shuffled hub orbits: near even already.
        hub_orbits = [i for i, hub in enumerate(self.is_hub) if hub]
        rng.shuffle(hub_orbits)
        self.label = [self.UNMARKED] * len(self.orbits)
        for k, orbit in enumerate(hub_orbits):
            self.label[orbit] = k % numbers
        self.counts = [0] * numbers
        self.pairs: Counter[tuple[int, int]] = Counter()
        self.rim_marks = 0
        for i in range(len(self.cells)):
            self._account(i, +1)
        self.all_pairs = list(itertools.combinations(range(numbers), 2))

    def _offer(self, cell: int) -> set[int]:
        return {self.label[o] for o in self.sources[cell]} - {self.UNMARKED}

    def _account(self, cell: int, sign: int) -> None:
        offer = self._offer(cell)
        for n in offer:
            self.counts[n] += sign
        if len(offer) == 2:
            self.pairs[tuple(sorted(offer))] += sign

    def _missing_pairs(self) -> int:
        if not self.targets.pairs:
            return 0
        return sum(1 for p in self.all_pairs if self.pairs[p] <= 0)

    def cost(self) -> float:
        t = self.targets
        missing_numbers = sum(1 for c in self.counts if c == 0)
        spread = max(self.counts) - min(self.counts)
        over = max(0.0, spread - t.tolerance)
        # Spread and rim marks always weigh a little: even boards that look like the
        # published one are preferred even where no target applies.
        return (1000 * missing_numbers + 100 * self._missing_pairs() + 10 * over
                + spread / 100 + self.rim_marks / 1000)

    def relabel(self, orbit: int, new: int) -> None:
        for cell in self.cells_of_orbit[orbit]:
            self._account(cell, -1)
        self.rim_marks += (new != self.UNMARKED) - (self.label[orbit] != self.UNMARKED)
        self.label[orbit] = new
        for cell in self.cells_of_orbit[orbit]:
            self._account(cell, +1)

    def satisfied(self) -> bool:
        t = self.targets
        return ((min(self.counts) > 0 or not t.every_number)
                and self._missing_pairs() == 0
                and max(self.counts) - min(self.counts) <= t.good_spread)

    def run(self, steps: int) -> None:
        current = self.cost()
        choices = [list(range(self.numbers)) if hub else
                   [self.UNMARKED] + list(range(self.numbers)) for hub in self.is_hub]
        for _ in range(steps):
            if self.satisfied():
                break
            orbit = self.rng.randrange(len(self.orbits))
            old = self.label[orbit]
            new = self.rng.choice(choices[orbit])
            if new == old:
                continue
            self.relabel(orbit, new)
            candidate = self.cost()
            if candidate <= current or self.rng.random() < 0.01:
                current = candidate
            else:
                self.relabel(orbit, old)
        self._drop_idle_rim_marks()

    def _drop_idle_rim_marks(self) -> None:
        """A rim mark repeating a number its cell already offers changes nothing: remove it."""
        for orbit, hub in enumerate(self.is_hub):
            label = self.label[orbit]
            if hub or label == self.UNMARKED:
                continue
            self.label[orbit] = self.UNMARKED
            if any(label not in self._offer(c) for c in self.cells_of_orbit[orbit]):
                self.label[orbit] = label


def rim_direction(board: Rhombus, cell: Hex) -> int:
    """The edge a rim mark uses: the first facing off the board, mirrored for the swap."""
    if cell.swapped() < cell:
        return swapped_direction(rim_direction(board, cell.swapped()))
    return next(d for d in range(6) if cell.neighbour(d) not in board)


def generate(size: int = DEFAULT_SIZE, numbers: int = DEFAULT_NUMBERS,
             seed: int = DEFAULT_SEED) -> HashBoard:
    if size not in SIZES:
        raise ValueError(f"size must be {SIZES.start}-{SIZES.stop - 1}, not {size}")
    if numbers not in NUMBERS:
        raise ValueError(f"numbers must be {NUMBERS.start}-{NUMBERS.stop - 1}, not {numbers}")
    search = _Search(size, numbers, random.Random(f"blind-hex:{size}:{numbers}:{seed}"))
    search.run(search.targets.search_steps)
    board = Rhombus(size)
    edges: dict[tuple[Hex, int], int] = {}
    for orbit, label in zip(search.orbits, search.label):
        for cell in orbit:
            if label == search.UNMARKED:
                continue
            directions = range(6) if cell in search.hub_set else [rim_direction(board, cell)]
            for d in directions:
                edges[edge_key(cell, d)] = label + 1
    return HashBoard(size, numbers, seed, dict(sorted(edges.items())))


# --- the options of a board -------------------------------------------------------------------


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
             "cells offering each number: " +
             ", ".join(f"{n}: {c}" for n, c in s.counts.items()),
             f"spread: {s.spread} (allowed {balance_tolerance(opts.size ** 2):g})"]
    if opts.numbers >= 2:
        covered = sum(1 for c in s.pairs.values() if c)
        lines.append(f"pairs offered by two-number cells: {covered} of {len(s.pairs)}")
    return Report(tuple(lines), tuple(s.warnings()))


