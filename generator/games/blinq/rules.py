"""Blinq (Néstor Romeral Andrés): dual-coloured blocks that stack into a pyramid.

Every block is a square made of two rectangles, one white and one black, and both players
place the same blocks. A block goes either into a cell of the 5 x 5 board (level 1) or centred
on a 2 x 2 platform of blocks one level down, so a raised block covers a quarter of each of
four cells. Seen from above the board is a grid of 10 x 10 quarter cells, each showing the
colour of the topmost block over it; White wins by joining the two white frames along white
quarter cells, Black the two black frames along black ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.connect import chain
from generator.core.formats import JsonValue
from generator.core.geometry import Square, SquareGrid
from generator.core.gridfile import (
    BLANK,
    GridError,
    cell_name,
    content_lines,
    parse_cell,
    quoted,
    setting,
)
from generator.games.game import OptionError, option
from generator.games.judges import Verdict
from generator.i18n import Words

TITLE = "Blinq"
DESIGNER = "Néstor Romeral Andrés"
YEAR = ""
SIZE = 5                      # cells per side; levels 1..5 hold 25, 16, 9, 4 and 1 blocks
LEVELS = range(1, SIZE + 1)
BLOCKS = 54                   # dual-coloured, 27 for each player, besides the neutral block
PER_PLAYER = BLOCKS // 2
QUARTERS = 2 * SIZE           # quarter cells per side of the top view
WHITE, BLACK, NEUTRAL, EMPTY = "W", "B", "N", "."
NAMES = {WHITE: "White", BLACK: "Black", NEUTRAL: "neutral"}
# Which side of a block its white half faces, as seen on the printed page.
ORIENTATIONS = {"U": "up", "R": "right", "D": "down", "L": "left"}
CENTRE = (2, 2)


@dataclass(frozen=True)
class Options:
    """Blinq's options: the neutral block's cell, the coordinates."""
    neutral: str = option("c3", "The neutral block's cell, a1 to e5 (c3, the centre, by "
                                "default; anywhere else is the rules' variant).",
                          metavar="CELL")
    coordinates: bool = option(True, "Column letters and row numbers round the board.")

    def __post_init__(self) -> None:
        # A cell is written as it is printed: a column letter and a row digit, in ASCII;
        # C3 means c3, but a01 or c with an Arabic-Indic three are not cells.
        name = self.neutral.lower() if self.neutral.isascii() else self.neutral
        if not re.fullmatch(r"[a-z][0-9]", name) or cell_index(name) is None:
            raise OptionError(f"--neutral must be a cell from a1 to e5, not {self.neutral!r}")
        object.__setattr__(self, "neutral", name)

    def label(self, words: Words) -> str:
        if cell_index(self.neutral) == CENTRE:
            return words._("5 × 5 · 54 blocks · neutral block on %(cell)s (centre)",
                           cell=self.neutral)
        return words._("5 × 5 · 54 blocks · neutral block on %(cell)s (variant: %(cell)s)",
                       cell=self.neutral)


def cell_index(name: str) -> tuple[int, int] | None:
    return parse_cell(name, SIZE)


# --- the pyramid ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Spot:
    """A place for a block: level k holds (6 - k) x (6 - k) of them, named like cells
    (ordered by level, column, row)."""
    level: int
    col: int
    row: int

    @property
    def span(self) -> int:
        return SIZE + 1 - self.level

    def on_board(self) -> bool:
        return self.level in LEVELS and 0 <= self.col < self.span and 0 <= self.row < self.span

    def platform(self) -> tuple[Spot, ...]:
        """The four blocks one level down that carry this one (none on level 1)."""
        if self.level == 1:
            return ()
        k = self.level - 1
        return tuple(Spot(k, self.col + dc, self.row + dr) for dr in (0, 1) for dc in (0, 1))

    def corner(self) -> Square:
        """Top-left quarter cell covered: each level up shifts a block by half a cell."""
        return Square(2 * self.col + self.level - 1, 2 * self.row + self.level - 1)

    @property
    def name(self) -> str:
        return f"{self.level} {cell_name(self.col, self.row)}"


def spots() -> list[Spot]:
    return [Spot(k, c, r) for k in LEVELS for r in range(SIZE + 1 - k)
            for c in range(SIZE + 1 - k)]


def quarters(spot: Spot, orientation: str) -> dict[Square, str]:
    """The four quarter cells a block covers and the colour it shows on each."""
    c = spot.corner()
    out = {}
    for dr in (0, 1):
        for dc in (0, 1):
            if orientation == NEUTRAL:
                colour = NEUTRAL
            else:
                white = {"U": dr == 0, "D": dr == 1, "L": dc == 0, "R": dc == 1}[orientation]
                colour = WHITE if white else BLACK
            out[Square(c.col + dc, c.row + dr)] = colour
    return out


Stack = Mapping[Spot, str]    # spot -> orientation (U, R, D, L) or N for the neutral block

TOP_VIEW = SquareGrid(QUARTERS, QUARTERS)


def top_view(stack: Stack) -> dict[Square, str]:
    """The colour seen from above on each of the 100 quarter cells."""
    view = {s: EMPTY for s in TOP_VIEW}
    for spot in sorted(stack):    # lower levels first, so higher blocks cover them
        view.update(quarters(spot, stack[spot]))
    return view


def connection(view: Mapping[Square, str], colour: str) -> list[Square] | None:
    """White joins the top and bottom frames, Black the left and right, along quarter cells of
    their colour that share an edge."""
    mine = {s for s, c in view.items() if c == colour}
    axis = (lambda s: s.row) if colour == WHITE else (lambda s: s.col)
    return chain([s for s in mine if axis(s) == 0],
                 {s for s in mine if axis(s) == QUARTERS - 1},
                 neighbours=lambda s: (n for n in s.neighbours() if n in mine))


def winner(stack: Stack) -> tuple[str, list[Square]] | None:
    view = top_view(stack)
    for colour in (WHITE, BLACK):
        path = connection(view, colour)
        if path:
            return colour, path
    return None


def view_text(view: Mapping[Square, str]) -> list[str]:
    return ["".join(view[Square(c, r)] for c in range(QUARTERS)) for r in range(QUARTERS)]


# --- moves and the judge ---------------------------------------------------------------------


class IllegalMove(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a move list: a block placed, or a resignation."""
    spot: Spot | None = None     # None: the player resigns
    orientation: str = ""
    line: int = 0


def start(neutral: str = "c3") -> dict[Spot, str]:
    """The stack before the first move: the neutral block alone, on its cell."""
    cell = cell_index(neutral)
    if cell is None:
        raise ValueError(f"{neutral} is not a cell of the board")
    return {Spot(1, *cell): NEUTRAL}


def check(stack: Stack, spot: Spot) -> None:
    """Why a block cannot go on this place now, as IllegalMove; nothing when it can."""
    if not spot.on_board():
        if spot.level not in LEVELS:
            raise IllegalMove(f"there is no level {spot.level}; levels run 1 to {SIZE}")
        last = cell_name(spot.span - 1, spot.span - 1)
        raise IllegalMove(f"off the board: level {spot.level} places run a1 to {last}")
    if spot in stack:
        what = "the neutral block" if stack[spot] == NEUTRAL else "a block"
        raise IllegalMove(f"{spot.name} already holds {what}")
    missing = [s for s in spot.platform() if s not in stack]
    if missing:
        raise IllegalMove(f"no 2 × 2 platform under {spot.name}: "
                          + ", ".join(s.name for s in missing) + " empty")


@dataclass
class Replay:
    """A move list replayed: the pyramid, the illegal moves and the result."""
    stack: dict[Spot, str]
    errors: list[str] = field(default_factory=list)
    placed: dict[str, int] = field(default_factory=lambda: {WHITE: 0, BLACK: 0})
    result: str = ""            # empty while the game goes on
    to_move: str = WHITE
    # How it ended, for `--format json`: the winner's colour ("" for a draw or none), the
    # criterion (connection, resignation or draw) and the move that decided it.
    winner: str = ""
    criterion: str = ""
    decided_on: int = 0


def replay(moves: list[Move], neutral: str = "c3") -> Replay:
    """Play the moves, White first. An illegal move is reported and skipped, and play goes on
    with the other player, so one mistake does not hide the rest."""
    game = Replay(start(neutral))
    for number, move in enumerate(moves, start=1):
        colour = game.to_move
        try:
            if game.result:
                raise IllegalMove(f"the game was over: {game.result}")
            if move.spot is None:
                game.result = (f"{NAMES[colour]} resigned on move {number}: "
                               f"{NAMES[other(colour)]} wins")
                game.winner, game.criterion = other(colour), "resignation"
                game.decided_on = number
                continue
            if game.placed[colour] == PER_PLAYER:
                raise IllegalMove(f"out of blocks: {NAMES[colour]} has placed all "
                                  f"{PER_PLAYER}")
            check(game.stack, move.spot)
            game.stack[move.spot] = move.orientation
            game.placed[colour] += 1
            won = winner(game.stack)
            if won:
                game.result = (f"{NAMES[won[0]]} connected on move {number}: "
                               f"{NAMES[won[0]]} wins")
                game.winner, game.criterion, game.decided_on = won[0], "connection", number
            elif sum(game.placed.values()) == BLOCKS:
                game.result = (f"draw: all {BLOCKS} blocks were placed by move {number} "
                               f"and no one connected")
                game.criterion, game.decided_on = "draw", number
        except IllegalMove as err:
            game.errors.append(f"move {number} ({NAMES[colour]}, line {move.line}): {err}")
        finally:
            game.to_move = other(colour)
    return game


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


# ASCII only, so that case folding cannot turn a look-alike (İ, ſ, K) into a letter.
_MOVE = re.compile(r"(?:\d+\.\s+)?(?:(resign)|(\d)\s*([a-z]\d)\s*([a-z]+))",
                   re.ASCII | re.IGNORECASE)
_WORDS = {**{k: k for k in ORIENTATIONS}, **{v.upper(): k for k, v in ORIENTATIONS.items()}}


def parse_move(body: str, line: int) -> Move:
    text = body.strip(BLANK)
    m = _MOVE.fullmatch(text)
    column = len(body) - len(body.lstrip(BLANK)) + 1
    if not m:
        raise GridError(line, column,
                        message=f"{quoted(text)} is not a move: write level, place and "
                                f"the side the white half faces, e.g. 2 b3 U, or resign")
    if m.group(1):
        return Move(line=line)
    level, place, side = int(m.group(2)), m.group(3).lower(), m.group(4).upper()
    if side not in _WORDS:
        raise GridError(line, column + m.start(4),
                        message=f"{quoted(m.group(4))} is not a side: U, R, D or L (up, right, "
                                f"down, left)")
    col, row = ord(place[0]) - ord("a"), int(place[1:]) - 1
    return Move(Spot(level, col, row), _WORDS[side], line)


def read_moves(text: str) -> tuple[str, list[Move]]:
    """An optional `neutral CELL` line (the variant), then one move per line."""
    lines = content_lines(text)
    neutral = setting(lines, "neutral", valid=lambda v: cell_index(v) is not None,
                      placeholder="CELL", meaning="CELL from a1 to e5") or "c3"
    return neutral, [parse_move(body, number) for number, body in lines]


def judge(text: str) -> Verdict:
    neutral, moves = read_moves(text)
    game = replay(moves, neutral)
    lines = [f"illegal: {e}" for e in game.errors]
    placed = sum(game.placed.values())
    if game.result:
        lines.append(game.result[0].upper() + game.result[1:] + ".")
    else:
        lines.append(f"No result yet: {placed} block{'' if placed == 1 else 's'} placed, "
                     f"{BLOCKS - placed} left; "
                     f"{NAMES[game.to_move]} to move.")
    lines.append("Seen from above, one letter per quarter cell (W white, B black, N neutral, "
                 ". bare board):")
    lines += view_text(top_view(game.stack))
    return Verdict(tuple(lines), not game.errors)


def facts(text: str) -> dict[str, JsonValue]:
    """What `pnp judge blinq --format json` says besides the illegal moves: the winner
    (white or black; null for a draw or a game going on), the criterion (connection,
    resignation or draw) and the move that decided it."""
    neutral, moves = read_moves(text)
    game = replay(moves, neutral)
    return {"format": "move-list", "neutral": neutral, "moves": len(moves),
            "winner": NAMES[game.winner].lower() if game.winner else None,
            "criterion": game.criterion or None, "decided_on": game.decided_on or None}


# --- the board as data ----------------------------------------------------------------------------


def board_json(opts: Options) -> dict[str, Any]:
    """The 5 × 5 cells (column a..e left to right, row 1 at the top), the four frames, the
    neutral block's cell and how many places each level has."""
    return {"game": "blinq", "size": SIZE, "neutral": opts.neutral,
            "frames": {"white": ["top", "bottom"], "black": ["left", "right"]},
            "levels": [{"level": level, "places": (SIZE + 1 - level) ** 2} for level in LEVELS],
            "cells": [{"col": col, "row": row, "name": cell_name(col, row)}
                      for row in range(SIZE) for col in range(SIZE)]}
