"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share.

Black joins the NW and SE sides of the board (the q sides), White the SW and NE sides (the r
sides). On a turn a player either drops one stone of their own and one neutral stone on empty
cells, or turns two neutral stones into their own and one of their own into a neutral. Neutral
stones never connect anything. Three conventions finish an almost full board.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

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
from generator.i18n import _

TITLE = "Nex"
DESIGNER = "João Pedro Neto"
YEAR = "2004"
SIZES = range(9, 20)
JUDGE_SIZES = range(1, 27)   # a..z
DEFAULT_SIZE = 11

BLACK, WHITE, NEUTRAL = "B", "W", "N"
NAMES = {BLACK: "Black", WHITE: "White", NEUTRAL: "neutral"}
SIDES = {BLACK: "NW and SE", WHITE: "SW and NE"}

Stones = Mapping[Hex, str]   # occupied cells only


@dataclass(frozen=True)
class Options:
    """Nex's options: the board's size, the coordinates."""
    size: int = option(DEFAULT_SIZE, f"Board size N (N × N cells), {SIZES.start} to "
                                     f"{SIZES.stop - 1}.")
    coordinates: bool = option(True, "Column letters and row numbers round the board.")

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise OptionError(f"--size must be {SIZES.start} to {SIZES.stop - 1} for {TITLE}, "
                              f"not {self.size}")

    @property
    def label(self) -> str:
        return _("%(size)s × %(size)s · Black joins NW–SE · White joins SW–NE", size=self.size)


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


# --- who has connected ----------------------------------------------------------------------


def connection(size: int, stones: Stones, colour: str) -> list[Hex] | None:
    """A chain of the colour's stones joining its two sides, or None."""
    mine = {h for h, c in stones.items() if c == colour}
    axis = (lambda h: h.q) if colour == BLACK else (lambda h: h.r)
    return chain([h for h in mine if axis(h) == 0],
                 {h for h in mine if axis(h) == size - 1},
                 lambda h: (n for n in h.neighbours() if n in mine))


def winner(size: int, stones: Stones) -> tuple[str, list[Hex]] | None:
    for colour in (BLACK, WHITE):
        path = connection(size, stones, colour)
        if path:
            return colour, path
    return None


# --- turns -----------------------------------------------------------------------------------


class IllegalTurn(ValueError):
    pass


class Turn(records.Record, tuple[tuple[Hex, ...], tuple[Hex, ...], bool, int]):
    """A turn as written on the score pad: plain cells end as the player's stones, cells in
    brackets end as neutral stones. `swap` is the pie rule's exchange of colours (a record:
    generator/core/records.py)."""
    __slots__ = ()
    _fields = ("mine", "neutral", "swap", "line")
    mine: tuple[Hex, ...] = records.field(0)
    neutral: tuple[Hex, ...] = records.field(1)
    swap: bool = records.field(2)
    line: int = records.field(3)

    def __new__(cls, mine: tuple[Hex, ...] = (), neutral: tuple[Hex, ...] = (),
                swap: bool = False, line: int = 0) -> Turn:
        return tuple.__new__(cls, (mine, neutral, swap, line))


def apply_turn(size: int, stones: Stones, colour: str, turn: Turn) -> dict[Hex, str]:
    """The stones after `colour` plays `turn`; IllegalTurn says why a turn cannot be played."""
    named = turn.mine + turn.neutral
    if len(set(named)) != len(named):
        raise IllegalTurn("the turn names a cell twice")
    empty = size * size - len(stones)
    neutrals = sum(1 for c in stones.values() if c == NEUTRAL)
    new = dict(stones)

    def holding(h: Hex) -> str:
        return f"{hex_name(h)} holds a {NAMES[stones[h]]} stone" if h in stones \
            else f"{hex_name(h)} is empty"

    shape = (len(turn.mine), len(turn.neutral))
    if shape == (1, 1):
        for h in named:
            if h in stones:
                raise IllegalTurn(f"a drop needs empty cells, but {holding(h)}")
        new[turn.mine[0]], new[turn.neutral[0]] = colour, NEUTRAL
    elif shape == (2, 1):
        for h in turn.mine:
            if stones.get(h) != NEUTRAL:
                raise IllegalTurn(f"only neutral stones can be taken, but {holding(h)}")
        given = turn.neutral[0]
        if stones.get(given) != colour:
            raise IllegalTurn(f"the stone given up must be {NAMES[colour]}'s, but "
                              f"{holding(given)}")
        new.update({turn.mine[0]: colour, turn.mine[1]: colour, given: NEUTRAL})
    elif shape == (1, 0):
        new.update(_full_board_turn(stones, colour, turn.mine[0], empty, neutrals, holding))
    else:
        raise IllegalTurn(f"a turn is one cell and one in brackets (a drop) or two cells and "
                          f"one in brackets (taking neutrals); this names {shape[0]} and "
                          f"{shape[1]} in brackets")
    return new


def _full_board_turn(stones: Stones, colour: str, h: Hex, empty: int, neutrals: int,
                     holding: Callable[[Hex], str]) -> dict[Hex, str]:
    """The three conventions: a single cell is a legal turn only on an almost full board."""
    almost_full = (f"a single cell is a turn only when no ordinary turn is left (now "
                   f"{empty} empty cell{'' if empty == 1 else 's'}, {neutrals} neutral "
                   f"stone{'' if neutrals == 1 else 's'})")
    if h not in stones:
        if empty != 1 or neutrals > 1:
            raise IllegalTurn(almost_full)
        changes = {h: colour}
        # One empty cell and one neutral: the player drops, the opponent takes the neutral.
        changes.update({n: other(colour) for n, c in stones.items() if c == NEUTRAL})
        return changes
    if stones[h] == NEUTRAL:
        if empty != 0 or neutrals != 1:
            raise IllegalTurn(almost_full)
        return {h: colour}
    raise IllegalTurn(f"a single cell must be the last empty cell or the last neutral stone, "
                      f"but {holding(h)}")


# ASCII only: a space is a space or a tab, a digit 0-9, so look-alikes are refused by name.
_TOKEN = re.compile(r"\(\s*([^\s()]*)\s*\)|([^\s()]+)|(\S)", re.ASCII)
_NUMBER = re.compile(r"\s*\d+\.(?=\s|$)", re.ASCII)
_hex = functools.cache(Hex)   # one object per cell, however long the move list


def parse_turn(body: str, line: int, size: int) -> Turn:
    numbered = _NUMBER.match(body)
    start = numbered.end() if numbered else 0
    mine: list[Hex] = []
    neutral: list[Hex] = []
    for m in _TOKEN.finditer(body, start):
        column = m.start() + 1
        if m.group(3):
            raise GridError(line, column, f"unmatched {quoted(m.group(3))}")
        bracketed = m.group(1) is not None
        name = m.group(1) if bracketed else m.group(2)
        if name.isascii() and name.lower() == "swap" and not bracketed:
            if mine or neutral or body[m.end():].strip():
                raise GridError(line, column, "swap is a whole turn on its own")
            return Turn(swap=True, line=line)
        cell = parse_cell(name, size)
        if cell is None:
            last = f"{column_name(size - 1)}{size}"
            raise GridError(line, column, f"{quoted(name)} is not a cell of a {size} × {size} "
                                          f"board (a1 to {last})")
        (neutral if bracketed else mine).append(_hex(*cell))
    return Turn(tuple(mine), tuple(neutral), line=line)


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
    """Play the turns from an empty board. An illegal turn is reported and skipped, and play
    goes on, so one mistake does not hide the rest."""
    game = Replay(size)
    colour = BLACK
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
                continue   # colours change hands, stones stay: White still moves next
            game.stones = apply_turn(size, game.stones, colour, turn)
            result = winner(size, game.stones)
            if result:
                game.won = (result[0], number, result[1])
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
    """Board grids hold only B, W, N and dots; a move list names cells, which have digits."""
    return any(re.search(r"\d|swap|size", body, re.ASCII | re.IGNORECASE)
               for _, body in content_lines(text))


def read_position(text: str) -> tuple[int, dict[Hex, str]]:
    rows = read_grid(content_lines(text), "BWN.", JUDGE_SIZES)
    stones = {Hex(q, r): s.char for r, row in enumerate(rows) for q, s in enumerate(row)
              if s.char != "."}
    return len(rows), stones


def describe(size: int, stones: Stones) -> list[str]:
    lines = connection_lines(winner(size, stones), NAMES,
                             {c: f"the {SIDES[c]} sides" for c in (BLACK, WHITE)}, stones,
                             size, {BLACK: "Black", WHITE: "White", NEUTRAL: "neutral"})
    counts = {k: sum(1 for c in stones.values() if c == k) for k in (BLACK, WHITE)}
    if counts[BLACK] - counts[WHITE] not in (0, 1):
        lines.append("note: every ordinary turn gives its player one stone, so Black has as "
                     "many stones as White, or one more after Black's turn")
    return lines


def judge(text: str) -> Verdict:
    """What `pnp judge nex FILE` prints (games/verdicts.py)."""
    return judge_connection(text, sys.modules[__name__])


# --- the board as data ----------------------------------------------------------------------------


def board_json(opts: Options) -> dict[str, Any]:
    # Here: the judge starts without the boards and plane helpers (generator/core/hexgrid.py).
    from generator.core.geometry import Rhombus
    return {"game": "nex", "size": opts.size,
            "sides": {"black": ["q = 0", f"q = {opts.size - 1}"],
                      "white": ["r = 0", f"r = {opts.size - 1}"]},
            "cells": [{"q": h.q, "r": h.r, "name": hex_name(h)}
                      for h in Rhombus(opts.size)]}
