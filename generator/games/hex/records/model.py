"""A Hex game record as read, whatever it was written in: typed values, no drawing.

The values keep the record's own terms, as SGF's Hex page sets them out: Black moves first
and joins the top and bottom rows, White joins the left and right columns, and `a1` is the
top-left cell (columns are letters, rows numbers). A cell is (column, row), both from 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.errors import UserError

Colour = Literal["black", "white"]
BLACK: Colour = "black"
WHITE: Colour = "white"
# How a swap was read (generator/games/hex/records/judge.py says how each is chosen):
#   swap-pieces: the first stone was reflected in the long diagonal and took the swapper's
#                colour; the first colour moves next (the SGF page's swap-pieces).
#   swap-sides:  the stone stayed and the players exchanged colours; the swapper's colour
#                moves next (HexGui and MoHex write W[swap-pieces] and go on with W).
#   in-place:    the stone took the swapper's colour where it stood; the first colour moves
#                next (a Trmph link that names the first cell twice).
SwapReading = Literal["swap-pieces", "swap-sides", "in-place"]
MoveKind = Literal["cell", "swap", "resign", "forfeit", "pass"]
# SGF's marks on cells (FF[4]): MA a cross, TR a triangle, SQ a square, CR a circle.
Mark = Literal["cross", "triangle", "square", "circle"]
Format = Literal["sgf", "little-golem", "trmph", "hexworld", "move-list"]
End = Literal["resign", "forfeit"]

# Bounds on what a record may hold, so no input makes reading slow or large.
MAX_SIDE = 64              # columns or rows; HexGui stops at 19, the letters at 26 (a-z)
MAX_VALUE = 32 * 1024      # characters in one property value (a long comment is ~2 KB)
MAX_DEPTH = 1000           # game trees nested in one another (variations within variations)


class RecordError(UserError, ValueError):
    """A record that cannot be read; str() is one line saying where and what."""


def other(colour: Colour) -> Colour:
    return WHITE if colour == BLACK else BLACK


@dataclass(frozen=True, slots=True)
class Cell:
    column: int    # 0 is column a
    row: int       # 0 is row 1

    def mirrored(self) -> Cell:
        """The cell across the long diagonal: where swap-pieces puts the first stone."""
        return Cell(self.row, self.column)


@dataclass(frozen=True, slots=True)
class Markup:
    """What a record marks on the position after a move, as study records do (SGF's LB,
    MA, TR, SQ, CR, AR and LN): labels in cells, marks on cells, arrows and lines from one
    cell's centre to another's."""
    labels: tuple[tuple[Cell, str], ...] = ()
    marks: tuple[tuple[Cell, Mark], ...] = ()
    arrows: tuple[tuple[Cell, Cell], ...] = ()
    lines: tuple[tuple[Cell, Cell], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.labels or self.marks or self.arrows or self.lines)

    def __add__(self, other: Markup) -> Markup:
        return Markup(self.labels + other.labels, self.marks + other.marks,
                      self.arrows + other.arrows, self.lines + other.lines)


NO_MARKUP = Markup()


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a line of play, in the record's colours (`number` counts from 1, from
    the game's start also in a variation), with the comment and markup of its node."""
    number: int
    colour: Colour
    kind: MoveKind
    cell: Cell | None = None
    written: str = ""          # the value as the record spells it ("swap", "SWAP", "c3")
    comment: str = ""
    markup: Markup = NO_MARKUP


@dataclass(frozen=True, slots=True)
class Setup:
    """Stones added (AB, AW) or cells emptied (AE) before move `before` is played."""
    before: int
    colour: Colour | None      # None: AE, the cells are emptied
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Branch:
    """A variation: moves played instead of move `at` and on, after the line it branches
    from has played moves 1 to `at` - 1; with its own setup, the comment and markup of a
    node before its first move, and its own variations."""
    at: int
    moves: tuple[Move, ...]
    setup: tuple[Setup, ...] = ()
    comment: str = ""
    markup: Markup = NO_MARKUP
    branches: tuple[Branch, ...] = ()


@dataclass(frozen=True, slots=True)
class Players:
    black: str = ""
    white: str = ""


@dataclass(frozen=True, slots=True)
class ToPlay:
    """PL: the player to move, as a node says it before move `before` is played (a
    puzzle's setup names who is to find the win)."""
    before: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its record gives it: the board, who played, the main line and its setup,
    and the variations off it."""
    format: Format
    columns: int
    rows: int
    moves: tuple[Move, ...]
    setup: tuple[Setup, ...] = ()
    to_play: tuple[ToPlay, ...] = ()    # the main line's PL
    players: Players = field(default_factory=Players)
    event: str = ""
    round: str = ""
    date: str = ""
    place: str = ""
    result: str = ""           # RE as written ("B+Resign", "W+", "B")
    comment: str = ""          # the root node's comment, about the whole game
    variations: int = 0        # variations in the file, at any depth
    name: str = ""             # GN, the game's name (MoHex's match script writes one)
    markup: Markup = NO_MARKUP  # on the position before the first move
    branches: tuple[Branch, ...] = ()   # the variations off the main line

    @property
    def square(self) -> bool:
        return self.columns == self.rows


def column_name(column: int) -> str:
    """a..z, then aa, ab, ... (SGF's Hex page: base-26 letters, as spreadsheets name them)."""
    name = ""
    n = column + 1
    while n:
        n, digit = divmod(n - 1, 26)
        name = chr(ord("a") + digit) + name
    return name


def column_number(letters: str) -> int:
    """column_name's inverse, for lower-case ASCII letters."""
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


def cell_name(cell: Cell) -> str:
    return f"{column_name(cell.column)}{cell.row + 1}"
