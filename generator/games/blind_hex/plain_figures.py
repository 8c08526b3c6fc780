"""A Blind Hex board's figures in plain words, for a player choosing a board (the studio's
Figures panel): what `pnp stats` counts, said as what it means at the table, in the words
given. `pnp stats` keeps its own terse lines for those who tune the generator."""

from __future__ import annotations

from generator.games.blind_hex.board import (
    PAIRS_FROM_SIZE,
    PLAYED_NUMBERS,
    PLAYED_SIZES,
    balance_tolerance,
)
from generator.games.blind_hex.stats import Stats
from generator.i18n import Words


def lines(s: Stats, words: Words) -> tuple[str, ...]:
    cells = s.size ** 2
    out = [words._("Of the %(cells)s cells, %(two)s let a player choose between two numbers and "
                   "%(one)s offer one number.", cells=cells, two=s.two_number_cells,
                   one=s.one_number_cells)]
    low, high = min(s.counts.values()), max(s.counts.values())
    out.append(words._("Each number can be played on %(low)s to %(high)s cells.", low=low,
                       high=high)
               if low != high else words._("Each number can be played on %(count)s cells.",
                                           count=low))
    out.append(words._("The numbers come up about equally often: the board is fair.")
               if s.spread <= balance_tolerance(cells) else
               words._("Some numbers come up more often than others: the board is not balanced."))
    if s.numbers >= 2:
        covered = sum(1 for c in s.pairs.values() if c)
        out.append(words._("Every two numbers are offered together on some cell.")
                   if covered == len(s.pairs) else
                   words._("%(covered)s of the %(pairs)s pairs of numbers are offered together on "
                           "some cell.", covered=covered, pairs=len(s.pairs)))
    return tuple(out)


def _cells(count: int, words: Words) -> str:
    return words.ngettext("%(count)s cell", "%(count)s cells", n=count, count=count)


def warnings(s: Stats, words: Words) -> tuple[str, ...]:
    """What is wrong with the board, as stats.Stats.warnings finds it, in plain words."""
    cells = s.size ** 2
    out = []
    if s.bare_cells:
        out.append(words._("%(cells)s: no number at all.", cells=_cells(s.bare_cells, words)))
    if s.crowded_cells:
        out.append(words._("%(cells)s: more than two numbers to choose from.",
                           cells=_cells(len(s.crowded_cells), words)))
    if s.lonely_cells:
        out.append(words._("%(cells)s: one number, but not marked on all six sides.",
                           cells=_cells(len(s.lonely_cells), words)))
    if 2 * s.two_number_cells <= cells:
        out.append(words._("Only %(two)s of the %(cells)s cells let a player choose between two "
                           "numbers; a good board has more than half.", two=s.two_number_cells,
                           cells=cells))
    if not (s.size in PLAYED_SIZES and s.numbers in PLAYED_NUMBERS):
        out.append(words._("Boards of this size with this many numbers have not been tested for "
                           "balance (sizes %(small)s to %(large)s, numbers %(few)s to %(many)s): "
                           "the board can be played, but may favour one number.",
                           small=PLAYED_SIZES.start, large=PLAYED_SIZES.stop - 1,
                           few=PLAYED_NUMBERS.start, many=PLAYED_NUMBERS.stop - 1))
    if s.missing_numbers:
        out.append(words._("No cell offers %(numbers)s.",
                           numbers=", ".join(map(str, s.missing_numbers))))
    if s.spread > balance_tolerance(cells):
        out.append(words._("One number can be played on %(more)s more cells than another: too "
                           "uneven for a fair game.", more=s.spread))
    if s.size >= PAIRS_FROM_SIZE and s.missing_pairs:
        out.append(words._("No cell offers these numbers together: %(pairs)s.",
                           pairs=", ".join(f"{a}+{b}" for a, b in s.missing_pairs)))
    return tuple(out)
