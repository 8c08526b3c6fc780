"""Hex KB move lists: a played game as the score pad writes it, replayed on the Klein-bottle
board, for `pnp judge hex-kb` and the record item (`pnp record hex-kb FILE`). Pure.

The format: optional first lines `size N` (7 to 25; 11 by default) and `window W` (the
windows' radius; by default the board's, as `pnp board hex-kb` draws it), then one claim a
line, Red first, optionally numbered (`12.`): a cell by column letter and row number (c4),
or a portal frame cell by the number printed in it (1 to the frame's length), as the pad
says to write it. A frame cell may also be named by either of its two cells on the board:
they are one cell of the game. `#` starts a comment.

A claim on a taken cell, and any claim after a player has won, is illegal: named, skipped,
and play goes on, so one mistake does not hide the rest. Winning is the judge's (judge.py):
a chain joining the claimer's border segments with an even net transit count, or with an
odd one beside a portal loop of theirs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.gridfile import (
    GridError,
    content_lines,
    hex_name,
    parse_cell,
    quoted,
    setting,
    small_number,
)
from generator.core.hexgrid import Hex
from generator.games.hex_kb.board import BLUE, NAMES, RED, SIZES, KleinBoard, default_radius
from generator.games.hex_kb.judge import Judge, Outcome
from generator.games.played import Change, Step

DEFAULT_SIZE = 11
_NUMBER = re.compile(r"\s*\d+\.(?=\s|$)", re.ASCII)
_SETTINGS = ("size", "window")


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim as written: the cell of the game it names (a frame cell's frame A copy), the
    claim as written, and its line in the file."""
    cell: Hex
    written: str
    line: int


@dataclass(frozen=True, slots=True)
class HexKbGame:
    """A move list replayed: each claim's changes (games/played.py), who made it, the
    illegal claims by name, and the winner with the move that won and its structure."""
    board: KleinBoard
    claims: tuple[Claim, ...]
    steps: tuple[Step[Hex, str], ...]
    movers: tuple[str, ...]
    errors: tuple[str, ...]
    verdict: Outcome
    won_on: int                      # the claim that won (0: no one has)
    structure: tuple[Hex, ...]       # the winning structure's cells of the game


def is_move_list(text: str) -> bool:
    """A position holds only R, B, . and O after its optional `window W` line; a move list
    names cells or frame numbers, which have digits, or has a `size N` line, which no
    position has (`size 9` alone is a game of no moves yet, as Nex's and Hex's judges read
    it)."""
    lines = content_lines(text)
    firsts = [(body.split() or [""])[0].lower() for _, body in lines]
    return "size" in firsts or any(
        re.search(r"\d", body, re.ASCII) for (_, body), first in zip(lines, firsts, strict=True)
        if first not in _SETTINGS)


def read_moves(text: str) -> tuple[KleinBoard, list[Claim]]:
    """A move list's board and its claims; GridError names the line and column of anything
    that is not a claim."""
    lines = content_lines(text)
    given: dict[str, tuple[int, str]] = {}     # a setting's line and value, in either order
    for _ in _SETTINGS:
        for key in _SETTINGS:
            if key not in given and lines:
                at = lines[0][0]
                value = setting(lines, key, valid=lambda v: v.isascii() and v.isdigit(),
                                placeholder="N", meaning="N a whole number")
                if value is not None:
                    given[key] = (at, value)
    # A size the game has not (size 0, or one of more digits than any size) is refused on
    # its line, not read as the default.
    at, written = given.get("size", (1, str(DEFAULT_SIZE)))
    size = small_number(written)
    if size is None or size not in SIZES:
        raise GridError(at, 1,
                        message=f"a Hex KB board is {SIZES.start} to {SIZES.stop - 1} cells a "
                                f"side, not {quoted(written)}")
    at, window = given.get("window", (1, ""))
    radius = default_radius(size) if not window else small_number(window)
    try:
        if radius is None:
            raise ValueError(window)
        board = KleinBoard(size, radius)
    except ValueError:
        raise GridError(at, 1, message=f"windows of radius {quoted(window)} do not fit a "
                                       f"{size} × {size} board") from None
    return board, [claim(board, body, line=line) for line, body in lines]


def claim(board: KleinBoard, body: str, *, line: int) -> Claim:
    """A claim from a line of a move list, after an optional number such as `12.`."""
    numbered = _NUMBER.match(body)
    start = numbered.end() if numbered else 0
    words = body[start:].split()
    column = start + len(body[start:]) - len(body[start:].lstrip()) + 1
    if len(words) != 1:
        raise GridError(line, column,
                        message="a claim is one cell (c4) or one frame cell's number"
                        if words else "a numbered line with no claim")
    word = words[0]
    frame = len(board.frame_a)
    if word.isascii() and word.isdigit():
        n = small_number(word)
        if n is None or not 1 <= n <= frame:
            raise GridError(line, column, message=f"frame cells are numbered 1 to {frame}, not "
                                                  f"{quoted(word)}")
        return Claim(board.frame_a[n - 1], word, line)
    cell = parse_cell(word, board.size)
    if cell is None:
        last = f"{chr(ord('a') + board.size - 1)}{board.size}"
        raise GridError(line, column,
                        message=f"{quoted(word)} is not a cell of a {board.size} × "
                                f"{board.size} board (a1 to {last}) or a frame number")
    h = Hex(*cell)
    if h in board.holes:
        raise GridError(line, column,
                        message=f"{hex_name(h)} is a window cell, which no one claims")
    return Claim(board.canonical(h), word.lower(), line)


def replay(board: KleinBoard, claims: list[Claim]) -> HexKbGame:
    """Play the claims from an empty board, Red first."""
    judge = Judge(board)
    colours = ["."] * len(board.cells)
    steps: list[Step[Hex, str]] = []
    movers: list[str] = []
    errors: list[str] = []
    verdict, won_on = Outcome(None, 0, False), 0
    colour = RED
    for number, c in enumerate(claims, start=1):
        movers.append(colour)
        i = judge.index[c.cell]
        problem = ""
        if verdict.winner:
            problem = f"the game was over: {NAMES[verdict.winner]} won on move {won_on}"
        elif colours[i] != ".":
            problem = f"{c.written} already holds a {NAMES[colours[i]]} stone"
        if problem:
            errors.append(f"move {number} ({NAMES[colour]}, line {c.line}): {problem}")
            steps.append(Step(number, (), errors[-1]))
        else:
            colours[i] = colour
            steps.append(Step(number, (Change(c.cell, colour),)))
            mine = judge.verdicts(colours)[colour]
            if mine is not None:
                verdict, won_on = mine, number
        colour = BLUE if colour == RED else RED
    structure = judge.structure(colours, verdict) if verdict.winner else set()
    return HexKbGame(board, tuple(claims), tuple(steps), tuple(movers), tuple(errors),
                     verdict, won_on, tuple(board.cells[i] for i in sorted(structure)))
