"""Hex (Piet Hein, 1942; John Nash, 1947): two players take turns placing a stone on an empty
cell of an N × N rhombus, and the first to join their two sides with a chain wins.

Red moves first and joins column a to the last column (the q sides); Blue joins row 1 to the
last row (the r sides), as Hex KB's Red and Blue and Nex's Black and White do. A chain of one
colour joining its sides cuts the other colour's sides apart, so a full board has exactly one
player connected: Hex has no draws. The swap (pie) rule is the usual option: instead of a
second turn, Blue may take over Red's first stone by exchanging colours.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator import i18n
from generator.core import records
from generator.core.connect import chain
from generator.core.gridfile import (
    GridError,
    column_name,
    content_lines,
    hex_name,
    parse_cell,
    quoted,
    read_grid,
    setting,
    small_number,
)
from generator.core.hexgrid import Hex
from generator.games.game import OptionError, Verdict, option
from generator.games.verdicts import connection_lines, judge_connection

TITLE = "Hex"
# Hein invented the game in 1942 and Nash, independently, in 1947: each name with its year,
# and no word between them, so every language prints the byline as it is ("by Piet Hein
# 1942, John Nash 1947" on a booklet's cover and the index page).
DESIGNER = "Piet Hein 1942, John Nash 1947"
YEAR = ""
SIZES = range(2, 27)         # a..z: every board the column letters can name
JUDGE_SIZES = range(1, 27)
DEFAULT_SIZE = 11

RED, BLUE = "R", "B"
NAMES = {RED: "Red", BLUE: "Blue"}

Stones = Mapping[Hex, str]   # occupied cells only


@dataclass(frozen=True)
class Options:
    """Hex's options: the board's size, the swap rule, the coordinates."""
    size: int = option(DEFAULT_SIZE, f"Board size N (N × N cells), {SIZES.start} to "
                                     f"{SIZES.stop - 1}; 11, 13, 14 and 19 are the sizes "
                                     f"most played.")
    swap: bool = option(True, "Play with the swap (pie) rule: the rule sheet and the score "
                              "pad describe it, and the board's data (JSON) records it.")
    coordinates: bool = option(True, "Column letters and row numbers round the board.")

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise OptionError(f"--size must be {SIZES.start} to {SIZES.stop - 1} for {TITLE}, "
                              f"not {self.size}")

    @property
    def label(self) -> str:
        return i18n._("%(size)s × %(size)s · Red joins the %(R)s sides, Blue the %(B)s sides",
                      size=self.size, R=letter(RED), B=letter(BLUE))


def letter(colour: str) -> str:
    """The letter marking a colour's sides on the printed board."""
    return i18n.pgettext("Hex side", "R") if colour == RED else i18n.pgettext("Hex side", "B")


def other(colour: str) -> str:
    return BLUE if colour == RED else RED


def last_cell(size: int) -> str:
    return f"{column_name(size - 1)}{size}"


def sides(size: int, colour: str) -> str:
    """A colour's two sides, as the judge names them."""
    if colour == RED:
        return f"column a to column {column_name(size - 1)}"
    return f"row 1 to row {size}"


# --- who has connected ----------------------------------------------------------------------


def connection(size: int, stones: Stones, colour: str) -> list[Hex] | None:
    """A shortest chain of the colour's stones joining its two sides, or None."""
    mine = {h for h, c in stones.items() if c == colour}
    axis = (lambda h: h.q) if colour == RED else (lambda h: h.r)
    return chain(sorted((h for h in mine if axis(h) == 0), key=lambda h: (h.r, h.q)),
                 {h for h in mine if axis(h) == size - 1},
                 lambda h: (n for n in h.neighbours() if n in mine))


def winner(size: int, stones: Stones) -> tuple[str, list[Hex]] | None:
    for colour in (RED, BLUE):
        path = connection(size, stones, colour)
        if path:
            return colour, path
    return None


# --- turns -----------------------------------------------------------------------------------


class IllegalTurn(ValueError):
    pass


class Turn(records.Record, tuple[tuple[Hex, ...], bool, int]):
    """A turn as written on the score pad: the cells it names (a legal turn names one), or
    `swap`, the pie rule's exchange of colours (a record: generator/core/records.py)."""
    __slots__ = ()
    _fields = ("cells", "swap", "line")
    cells: tuple[Hex, ...] = records.field(0)
    swap: bool = records.field(1)
    line: int = records.field(2)

    def __new__(cls, cells: tuple[Hex, ...] = (), swap: bool = False, line: int = 0) -> Turn:
        return tuple.__new__(cls, (cells, swap, line))


def apply_turn(stones: Stones, colour: str, turn: Turn) -> dict[Hex, str]:
    """The stones after `colour` plays `turn`; IllegalTurn says why a turn cannot be played."""
    if len(turn.cells) != 1:
        raise IllegalTurn(f"a turn is one cell (or swap); this names {len(turn.cells)}: "
                          f"{' '.join(hex_name(h) for h in turn.cells)}")
    h = turn.cells[0]
    if h in stones:
        raise IllegalTurn(f"{hex_name(h)} already holds a {NAMES[stones[h]]} stone")
    return {**stones, h: colour}


# ASCII only: a space is a space or a tab, a digit 0-9, so look-alikes are refused by name.
_NUMBER = re.compile(r"\s*\d+\.(?=\s|$)", re.ASCII)
_hex = functools.cache(Hex)   # one object per cell, however long the move list


def parse_turn(body: str, line: int, size: int) -> Turn:
    numbered = _NUMBER.match(body)
    rest = body[numbered.end():] if numbered else body
    offset = len(body) - len(rest)
    cells: list[Hex] = []
    for m in re.finditer(r"[^ \t]+", rest, re.ASCII):
        name, column = m.group(), offset + m.start() + 1
        if name.isascii() and name.lower() == "swap":
            if cells or rest[m.end():].strip(" \t"):
                raise GridError(line, column, "swap is a whole turn on its own")
            return Turn(swap=True, line=line)
        cell = parse_cell(name, size)
        if cell is None:
            raise GridError(line, column, f"{quoted(name)} is not a cell of a {size} × {size} "
                                          f"board (a1 to {last_cell(size)})")
        cells.append(_hex(*cell))
    return Turn(tuple(cells), line=line)


# --- the judge --------------------------------------------------------------------------------


@dataclass
class Replay:
    """A move list replayed: the stones, the illegal turns and who won."""
    size: int
    stones: dict[Hex, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    won: tuple[str, int, list[Hex]] | None = None   # colour, turn number, chain
    turns: int = 0


def replay(turns: list[Turn], size: int) -> Replay:
    """Play the turns from an empty board, Red first. An illegal turn is reported and
    skipped, and play goes on, so one mistake does not hide the rest."""
    game = Replay(size)
    colour = RED
    for number, turn in enumerate(turns, start=1):
        game.turns = number
        who = f"turn {number} ({NAMES[colour]}, line {turn.line})"
        try:
            if game.won:
                raise IllegalTurn(f"the game was over: {NAMES[game.won[0]]} connected on turn "
                                  f"{game.won[1]}")
            if turn.swap:
                if number != 2:
                    raise IllegalTurn("swap can only be the second turn")
                continue   # colours change hands, stones stay: Blue still moves next
            game.stones = apply_turn(game.stones, colour, turn)
            path = connection(size, game.stones, colour)
            if path:
                game.won = (colour, number, path)
        except IllegalTurn as err:
            game.errors.append(f"{who}: {err}")
        colour = other(colour)
    return game


def read_moves(text: str) -> tuple[int, list[Turn]]:
    lines = content_lines(text)
    given = setting(lines, "size", lambda v: small_number(v) in JUDGE_SIZES,
                    "N", f"N from {JUDGE_SIZES.start} to {JUDGE_SIZES.stop - 1}")
    size = small_number(given or "") or DEFAULT_SIZE
    return size, [parse_turn(body, line, size) for line, body in lines]


def is_move_list(text: str) -> bool:
    """Board grids hold only R, B and dots; a move list names cells, which have digits."""
    return any(re.search(r"\d|swap|size", body, re.ASCII | re.IGNORECASE)
               for _, body in content_lines(text))


def read_position(text: str) -> tuple[int, dict[Hex, str]]:
    rows = read_grid(content_lines(text), f"{RED}{BLUE}.", JUDGE_SIZES)
    stones = {Hex(q, r): s.char for r, row in enumerate(rows) for q, s in enumerate(row)
              if s.char != "."}
    return len(rows), stones


def describe(size: int, stones: Stones) -> list[str]:
    lines = connection_lines(winner(size, stones), NAMES,
                             {c: sides(size, c) for c in (RED, BLUE)}, stones, size, NAMES)
    counts = {k: sum(1 for c in stones.values() if c == k) for k in (RED, BLUE)}
    if counts[RED] - counts[BLUE] not in (0, 1):
        lines.append("note: players take turns, one stone each, so Red has as many stones as "
                     "Blue, or one more after Red's turn (a swap changes no stone)")
    return lines


def judge(text: str) -> Verdict:
    """What `pnp judge hex FILE` prints (games/verdicts.py)."""
    return judge_connection(text, sys.modules[__name__])


# --- the board as data ----------------------------------------------------------------------------


def board_json(opts: Options) -> dict[str, Any]:
    # Here: the judge starts without the boards and plane helpers (generator/core/hexgrid.py).
    from generator.core.geometry import Rhombus
    return {"game": "hex", "size": opts.size, "swap": opts.swap,
            "first": "red",
            "sides": {"red": ["q = 0", f"q = {opts.size - 1}"],
                      "blue": ["r = 0", f"r = {opts.size - 1}"]},
            "cells": [{"q": h.q, "r": h.r, "name": hex_name(h),
                       "sides": [name for name, on in (
                           ("red", h.q in (0, opts.size - 1)),
                           ("blue", h.r in (0, opts.size - 1))) if on]}
                      for h in Rhombus(opts.size)]}
