"""The Blind Hex search's state: the labels of the swap orbits (see orbits.py) and what they
make of every cell, kept up to date label by label, so that a step of the search costs a few
integer updates and a step not kept can be taken back."""

from __future__ import annotations

import itertools

from generator.games.blind_hex.board import Targets
from generator.games.blind_hex.orbits import layout


class Tallies:
    """The labels, each cell's offer (a bit mask: bit n, the cell offers number n), how many
    cells offer each number and each pair, and which cells offer one number without being
    hubs (lonely) or three or more (crowded)."""

    UNMARKED = -1

    def __init__(self, size: int, numbers: int):
        self.numbers = numbers
        self.targets = Targets.for_board(size, numbers)
        self.all_pairs = list(itertools.combinations(range(numbers), 2))
        grid = layout(size)
        self.grid = grid
        self.cell_count, self.is_hub_cell = size * size, grid.is_hub_cell
        self.first_mark = grid.first_mark
        self.sources, self.hub_sources = grid.sources, grid.hub_sources
        self.mark_sources, self.cells_of_orbit = grid.mark_sources, grid.cells_of_orbit
        self.next_to = grid.next_to
        # Offers as bit masks, with how many of a cell's sources carry each number, so that a
        # relabelling touches a few integers only.
        # Each mask's numbers from those of the mask without its lowest bit: 512 masks for
        # nine numbers, made for every search.
        self.popcount = [0] * (1 << numbers)
        self.bits_of: list[tuple[int, ...]] = [()] * (1 << numbers)
        for m in range(1, 1 << numbers):
            low = m & -m
            self.popcount[m] = self.popcount[m ^ low] + 1
            self.bits_of[m] = (low.bit_length() - 1, *self.bits_of[m ^ low])
        self.every_bit = (1 << numbers) - 1

    def load(self, labels: list[int]) -> None:
        M = self.numbers
        self.label = list(labels)
        self.counts = [0] * M
        self.pairs = [0] * (1 << M)    # cells offering exactly the numbers of a two-bit mask
        self.missing_pairs = len(self.all_pairs) if self.targets.pairs else 0
        self.lonely: dict[int, None] = {}   # cells offering one number, not hubs (in order)
        self.marked: dict[int, None] = {}    # mark orbits carrying a number
        self.crowded = 0         # cells offering three or more numbers
        # How many of cell c's sources carry number n, at carried[n][c].
        self.carried = [[0] * self.cell_count for _ in range(M)]
        self.offers = [0] * self.cell_count          # as last accounted
        # What the relabellings of a step did, so that a step not kept can be taken back:
        # (orbit, old label, new label, where its cells start in the journal), and the
        # journal's (cell, offer before, offer after) of every cell whose offer changed.
        self.log: list[tuple[int, int, int, int]] = []
        self.journal: list[tuple[int, int, int]] = []
        for orbit in range(self.first_mark, len(labels)):
            if labels[orbit] != self.UNMARKED:
                self.marked[orbit] = None
        for i, cell_sources in enumerate(self.sources):
            mask = 0
            for o in cell_sources:
                n = labels[o]
                if n != self.UNMARKED:
                    self.carried[n][i] += 1
                    mask |= 1 << n
            self.offers[i] = mask
            self._account(i, mask, +1)
        # What relabel reads, in one attribute: it runs some ten times a step.
        self.state = (self.label, self.offers, self.counts, self.carried, self.pairs,
                      self.lonely, self.marked, self.popcount, self.is_hub_cell,
                      self.cells_of_orbit, self.targets.pairs, self.first_mark,
                      self.log, self.journal)

    def _account(self, cell: int, offer: int, sign: int) -> None:
        """Count a cell's offer (a bit mask) in (+1) or out (-1)."""
        counts = self.counts
        for n in self.bits_of[offer]:
            counts[n] += sign
        k = self.popcount[offer]
        if k == 2:
            before = self.pairs[offer]
            self.pairs[offer] = before + sign
            if self.targets.pairs and (before == 0 or before + sign == 0):
                self.missing_pairs -= sign
        elif k > 2:
            self.crowded += sign
        elif k == 1 and not self.is_hub_cell[cell]:
            if sign > 0:
                self.lonely[cell] = None
            else:
                self.lonely.pop(cell, None)

    def relabel(self, orbit: int, new: int) -> None:
        """Give an orbit a new label and count again the cells whose offer changes: what
        _account(cell, before, -1) then _account(cell, after, +1) would do, written out
        because the search spends its time here."""
        (label, offers, counts, carried, pairs, lonely, marked, popcount, is_hub_cell,
         cells_of_orbit, count_pairs, first_mark, log, journal) = self.state
        old = label[orbit]
        label[orbit] = new
        log.append((orbit, old, new, len(journal)))
        if orbit >= first_mark:
            if new < 0:
                marked.pop(orbit, None)
            else:
                marked[orbit] = None
        # Two numbers' tallies, one list each, and their bits (0 for an unmarked label).
        old_bit = 0 if old < 0 else 1 << old
        new_bit = 0 if new < 0 else 1 << new
        old_carried = carried[old]
        new_carried = carried[new]
        for cell in cells_of_orbit[orbit]:
            before = after = offers[cell]
            if old_bit:
                left = old_carried[cell] - 1
                old_carried[cell] = left
                if not left:
                    after ^= old_bit
                    counts[old] -= 1
            if new_bit:
                new_carried[cell] += 1
                if not after & new_bit:
                    after |= new_bit
                    counts[new] += 1
            if after == before:
                continue
            offers[cell] = after
            journal.append((cell, before, after))
            k = popcount[before]
            if k == 2:
                pairs[before] -= 1
                if count_pairs and not pairs[before]:
                    self.missing_pairs += 1
            elif k > 2:
                self.crowded -= 1
            elif k == 1:
                lonely.pop(cell, None)
            k = popcount[after]
            if k == 2:
                if count_pairs and not pairs[after]:
                    self.missing_pairs -= 1
                pairs[after] += 1
            elif k > 2:
                self.crowded += 1
            elif k == 1 and not is_hub_cell[cell]:
                lonely[cell] = None

    def take_back(self) -> None:
        """Undo the step's relabellings, last first, as relabelling each orbit back would:
        the same offers, and the same cells lonely in the same order (a move picks a lonely
        cell by its place), from the journal instead of counting again. The caller restores
        the counts it saved."""
        (label, offers, _counts, carried, pairs, lonely, marked, popcount, is_hub_cell,
         cells_of_orbit, _count_pairs, first_mark, log, journal) = self.state
        end = len(journal)
        for orbit, old, new, start in reversed(log):
            label[orbit] = old
            cells = cells_of_orbit[orbit]
            if new >= 0:
                tally = carried[new]
                for cell in cells:
                    tally[cell] -= 1
            if old >= 0:
                tally = carried[old]
                for cell in cells:
                    tally[cell] += 1
            if orbit >= first_mark:
                if old < 0:
                    marked.pop(orbit, None)
                else:
                    marked[orbit] = None
            for i in range(start, end):
                cell, before, after = journal[i]
                offers[cell] = before
                k = popcount[after]
                if k == 2:
                    pairs[after] -= 1
                elif k == 1:
                    lonely.pop(cell, None)
                k = popcount[before]
                if k == 2:
                    pairs[before] += 1
                elif k == 1 and not is_hub_cell[cell]:
                    lonely[cell] = None
            end = start

    def mends(self, cell: int) -> list[tuple[int, int]]:
        """The marks (orbit, number) that give a lonely cell a second number and no cell a
        third."""
        popcount, offers, label = self.popcount, self.offers, self.label
        unmarked, cells_of_orbit, bits_of = self.UNMARKED, self.cells_of_orbit, self.bits_of
        new = self.every_bit & ~offers[cell]
        out: list[tuple[int, int]] = []
        for orbit in self.mark_sources[cell]:
            if label[orbit] != unmarked:
                continue
            # A number is allowed where every cell the mark touches that offers two numbers
            # already offers it.
            allowed = new
            for c in cells_of_orbit[orbit]:
                t = offers[c]
                if popcount[t] >= 2:
                    allowed &= t
            for n in bits_of[allowed]:
                out.append((orbit, n))
        return out
