"""The figures of a Blind Hex board: how many cells offer each number, which pairs appear,
which cells offer one number or too many."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from generator.core.geometry import Hex
from generator.core.gridfile import hex_name
from generator.games.blind_hex.board import (
    PAIRS_FROM_SIZE,
    PLAYED_NUMBERS,
    PLAYED_SIZES,
    HashBoard,
    balance_tolerance,
)


@dataclass(frozen=True)
class Stats:
    """How often a board offers each number and pair of numbers."""
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
            out.append(f"{_cells(self.bare_cells, 'has', 'have')} no marked edge")
        if self.crowded_cells:
            out.append(f"{_cells(len(self.crowded_cells), 'offers', 'offer')} more than two "
                       f"numbers: "
                       + _names(self.crowded_cells))
        if self.lonely_cells:
            out.append(f"{_cells(len(self.lonely_cells), 'offers', 'offer')} one number without "
                       f"it on all six sides: " + _names(self.lonely_cells))
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


def _cells(count: int, one: str, many: str) -> str:
    """'1 cell has', '3 cells have': a count of cells with its verb."""
    return f"1 cell {one}" if count == 1 else f"{count} cells {many}"
