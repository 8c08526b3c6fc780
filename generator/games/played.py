"""A played game as the study booklets show it, whatever the game: the steps that set cells to
a colour (a Hex stone, a Nex drop or conversion, a Hex KB claim on a portal frame and its
twin), and the diagrams cut from them, each the position after a run of moves with the
stones that run placed or changed numbered.

Pure and game-neutral: a cell is whatever the game names its cells by (Hex's records use
(column, row) cells, Nex and Hex KB the hexgrid's Hex), a colour whatever it names its stones
by. Hex's record judge (games/hex/records/judge.py) and the Nex and Hex KB record readers give
their steps in these terms; the record pages of each game draw the diagrams.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from generator.errors import UserError

K = TypeVar("K", bound=Hashable)   # a cell
C = TypeVar("C", bound=str)        # a colour of stone

EVERY = range(1, 101)              # moves a diagram, as --every takes them
DEFAULT_EVERY = 20
MOST_DIAGRAMS = 120                # a 19 × 19 board filled at --every 3; more is refused
# How deep a study booklet follows variations, as --variations takes it: 1 the variations
# off the main line, 2 theirs too, and so on; 0 the main line alone.
VARIATIONS = range(0, 11)
DEFAULT_VARIATIONS = 2


@dataclass(frozen=True, slots=True)
class Cut:
    """How a study booklet cuts a game into diagrams: one every `every` moves, and the
    variations followed `variations` deep (games whose records hold none ignore it)."""
    every: int = DEFAULT_EVERY
    variations: int = DEFAULT_VARIATIONS


# What a file plainly is when it is not a game's move list: an SGF game tree, or a web link.
_SGF = re.compile(r"\(\s*;")
_LINK = re.compile(r"(?:https?://|www\.)\S", re.IGNORECASE)


def foreign(text: str) -> str:
    """What a file given for a move list plainly is instead ("an SGF record", "a web
    link"), or "" when it may be a move list: its first characters tell."""
    head = text.lstrip("\ufeff \t\r\n")
    if _SGF.match(head):
        return "an SGF record"
    if _LINK.match(head):
        return "a web link"
    return ""


def refuse_foreign(text: str, game: str, *, key: str) -> None:
    """Refuse in one plain line a file that is not a move list of `game` at all (a Hex SGF
    given to Nex was read as a move list and refused for an "unmatched '('")."""
    kind = foreign(text)
    if kind:
        raise UserError(f"this is {kind}, not a {game} move list: {game}'s records are the "
                        f"project's move lists ('pnp judge {key} --help' shows one)")


class TooManyDiagrams(UserError, ValueError):
    """A --every that would cut a game into more diagrams than a booklet holds."""


@dataclass(frozen=True, slots=True)
class Change(Generic[K, C]):
    cell: K
    colour: C | None           # None: the cell is emptied


@dataclass(frozen=True, slots=True)
class Step(Generic[K, C]):
    """What one move (number >= 1) or one setup (number 0 before the moves, else the move it
    comes before) did to the board; an illegal move changes nothing."""
    number: int
    changes: tuple[Change[K, C], ...]
    illegal: str = ""


@dataclass(frozen=True, slots=True)
class Diagram(Generic[K, C]):
    """The position after move `last`, with the stones placed or changed in moves `first` to
    `last` numbered (by the last move that changed them), and the winning chain on the last
    diagram of a won game."""
    first: int
    last: int
    stones: dict[K, C]
    numbers: dict[K, int]
    chain: tuple[K, ...] = ()


def count(total: int, every: int) -> int:
    """How many diagrams a `total`-move game cut every `every` moves makes; refused past
    MOST_DIAGRAMS, naming the --every that fits."""
    diagrams = max(1, -(-total // every))
    if diagrams > MOST_DIAGRAMS:
        raise TooManyDiagrams(f"--every {every} makes {diagrams} diagrams of this {total}-move "
                              f"game; a booklet holds at most {MOST_DIAGRAMS}: take --every "
                              f"{-(-total // MOST_DIAGRAMS)} or more")
    return diagrams


def ranges(total: int, every: int, *, start: int = 1,
           breaks: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """The moves each diagram shows, (first, last), from move `start` to `total`: one every
    `every` moves, counted from `start` (moves 1 to 20, 21 to 40, ...), each cut after a
    move in `breaks` too, so that what the record marks on the position after that move is
    drawn on it; a break before `start` opens with the position before any of its moves.
    A line of no moves is one diagram, (start, start - 1)."""
    out: list[tuple[int, int]] = []
    if start - 1 in breaks and total >= start:
        out.append((start, start - 1))
    for first in range(start, total + 1, every):
        last = min(total, first + every - 1)
        for cut in sorted(b for b in breaks if first <= b < last):
            out.append((first, cut))
            first = cut + 1
        out.append((first, last))
    return out or [(start, start - 1)]


def diagrams(steps: Sequence[Step[K, C]], total: int, *, every: int,
             chain: tuple[K, ...] = (),
             number: Callable[[Step[K, C]], int] = lambda step: step.number,
             start: int = 1, breaks: frozenset[int] = frozenset()
             ) -> list[Diagram[K, C]]:
    """The game cut into diagrams of `every` moves (from move `start`, after a move in
    `breaks` too: `ranges`). `number` is the number a step's stones carry (its move's,
    unless the game says otherwise: Hex's swapped stone keeps move 1's); setup stones
    (number 0) stand unnumbered, as do those placed before `start`."""
    stones: dict[K, C] = {}
    placed: dict[K, int] = {}
    out: list[Diagram[K, C]] = []
    pending = list(steps)
    count(total - start + 1, every)
    cut = ranges(total, every, start=start, breaks=breaks)
    if len(cut) > MOST_DIAGRAMS:
        raise TooManyDiagrams(f"this game's marked positions and --every {every} make "
                              f"{len(cut)} diagrams; a booklet holds at most "
                              f"{MOST_DIAGRAMS}: take a larger --every")
    for first, last in cut:
        while pending and pending[0].number <= last:
            step = pending.pop(0)
            for change in step.changes:
                if change.colour is None:
                    stones.pop(change.cell, None)
                    placed.pop(change.cell, None)
                else:
                    stones[change.cell] = change.colour
                    placed[change.cell] = number(step)
        numbers = {c: n for c, n in placed.items() if first <= n <= last}
        out.append(Diagram(first, last, dict(stones), numbers))
    if out and chain:
        end = out[-1]
        out[-1] = Diagram(end.first, end.last, end.stones, end.numbers, chain)
    return out
