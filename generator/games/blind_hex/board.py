"""Blind Hex's board: its sizes, the balance it aims at, and the hash marks on its edges."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from generator.core.geometry import Hex, Rhombus, edge_key
from generator.i18n import N_

TITLE = "Blind Hex"
DESIGNER = "Don Kirkby"
YEAR = "2012"
EDITIONS = ("cards", "pennies")
# Each edition as the index page names it, and as a sheet or booklet does.
EDITION_NAMES = {"cards": (N_("cards"), N_("cards edition")),
                 "pennies": (N_("pennies"), N_("pennies edition"))}
MIN_RULE_NUMBERS = 4  # two covered numbers must still leave two to choose
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


@dataclass(frozen=True, slots=True)
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
    """A Blind Hex board: the number of hash marks on each cell edge."""
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


PUBLISHED_FILE = os.path.join(os.path.dirname(__file__), "published.json")


@cache
def published_boards() -> dict[tuple[int, int, int], HashBoard]:
    """The boards the catalogue prints, as data (see published.json): the search may change
    which board a seed gives, these stay as published. Keyed by (size, numbers, seed)."""
    with open(PUBLISHED_FILE, encoding="utf-8") as f:
        data = json.load(f)
    out = {}
    for entry in data["boards"]:
        size, numbers, seed = entry["size"], entry["numbers"], entry["seed"]
        edges: dict[tuple[Hex, int], int] = {}
        for r, row in enumerate(entry["rows"]):
            for q, marks in enumerate(row.split()):
                for d, mark in enumerate(marks):
                    if mark != ".":
                        edges[edge_key(Hex(q, r), d)] = int(mark)
        out[(size, numbers, seed)] = HashBoard(size, numbers, seed,
                                               MappingProxyType(dict(sorted(edges.items()))))
    return out
