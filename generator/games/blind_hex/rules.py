"""Blind Hex (Don Kirkby, 2012): the options of a board, the worked turn the rule sheet
draws, and the board as data and figures. The hash marks are searched for in search.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core.geometry import Hex
from generator.games.blind_hex import plain_figures
from generator.games.blind_hex.board import (
    DEFAULT_NUMBERS,
    DEFAULT_SEED,
    DEFAULT_SIZE,
    DESIGNER,
    EDITION_NAMES,
    EDITIONS,
    LICENCE,
    MIN_RULE_NUMBERS,
    NUMBERS,
    ORIGINAL,
    PLAYED_NUMBERS,
    PLAYED_SIZES,
    SIZES,
    TITLE,
    YEAR,
    HashBoard,
    balance_tolerance,
)
from generator.games.blind_hex.search import generate
from generator.games.blind_hex.stats import stats
from generator.games.figures import Report
from generator.games.game import OptionError, option
from generator.games.items import CARDS, COINS, Item
from generator.i18n import Words

# --- the options of a board -------------------------------------------------------------------


# The pieces each edition plays with, printed for it alone: its hands of cards, its pennies.
EDITION_ITEMS = {CARDS: "cards", COINS: "pennies"}


@dataclass(frozen=True)
class Options:
    """Blind Hex's options: the board's size, numbers and seed, the edition, the coordinates."""
    size: int = option(DEFAULT_SIZE, f"Board size N (N × N cells), {SIZES.start} to "
                                     f"{SIZES.stop - 1}.")
    numbers: int = option(DEFAULT_NUMBERS, f"Hash marks numbered 1 to N, N from "
                                           f"{NUMBERS.start} to {NUMBERS.stop - 1} ("
                                           f"{MIN_RULE_NUMBERS} or more for what is printed).")
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

    def has_item(self, item: Item) -> bool:
        """Whether this edition has the item: the cards and the coins belong to one each."""
        return EDITION_ITEMS.get(item, self.edition) == self.edition

    def check_item(self, item: Item) -> None:
        """Refuse, before any work, options an item cannot be made with."""
        if not self.has_item(item):
            raise OptionError(f"{TITLE} {item} are for --edition {EDITION_ITEMS[item]}, not "
                              f"{self.edition}")
        # A board, pad or kit with fewer numbers would be printed for a game its rules
        # cannot play, so every item is refused alike.
        if self.numbers < MIN_RULE_NUMBERS:
            what = f"{item} need" if item.key.endswith("s") else f"{item}s need"  # cards, coins
            raise OptionError(f"{TITLE} {what} --numbers of at least {MIN_RULE_NUMBERS}: "
                              f"two numbers are covered each turn and two must remain to "
                              f"choose")

    def label(self, words: Words) -> str:
        edition = words._(EDITION_NAMES[self.edition][1])
        return words._("%(size)s × %(size)s · numbers 1–%(numbers)s · board %(seed)s · "
                       "%(edition)s", size=self.size, numbers=self.numbers, seed=self.seed,
                       edition=edition)

    def board(self) -> HashBoard:
        return generate(self.size, self.numbers, seed=self.seed)


class CardsAndPennies:
    """Blind Hex's two editions, each with its own pieces, as the kit, the catalogue and
    the requests ask of them (games/capabilities.py: Editions)."""

    def variants(self) -> list[tuple[str, Options]]:
        return [(edition, Options(edition=edition)) for edition in EDITIONS]

    def names(self, variant: str) -> tuple[str, str] | None:
        return EDITION_NAMES.get(variant)

    def has(self, options: Options, item: Item) -> bool:
        return options.has_item(item)

    def refuse(self, options: Options, item: Item) -> None:
        options.check_item(item)


# --- a worked turn for the rule sheet ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
    board = generate(EXAMPLE_SIZE, numbers, seed=seed)
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


def stats_report(opts: Options, words: Words) -> Report:
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
    return Report(tuple(lines), tuple(s.warnings()), plain_figures.lines(s, words),
                  plain_figures.warnings(s, words))


__all__ = ["DESIGNER", "EDITIONS", "LICENCE", "NUMBERS", "ORIGINAL", "PLAYED_NUMBERS",
           "PLAYED_SIZES", "SIZES", "TITLE", "YEAR", "ExampleTurn", "HashBoard", "Options",
           "board_json", "example_turn", "generate", "stats", "stats_report"]
