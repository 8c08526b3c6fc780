"""Hex (Piet Hein, 1942; John Nash, 1947): two players take turns placing a stone on an empty
cell of an N × N rhombus, and the first to join their two sides with a chain wins.

Red moves first and joins row 1 to the last row (the r sides, the top and bottom of the
printed board, along which the columns' letters run); Blue joins column a to the last
column (the q sides, left and right). That is the board every Hex tool draws and names:
HexGui, HexWorld, Little Golem and HexWiki put a1 at the top left, the letters across the
top and the first player (HexGui's and SGF's Black, HexWiki's Red) between the top and
bottom, so a move written in any record is the same cell for the same player here. A chain
of one colour joining its sides cuts the other colour's sides apart, so a full board has
exactly one player connected: Hex has no draws. The swap (pie) rule is the usual option:
instead of a second turn, Blue may take over Red's first stone by exchanging colours.

The connection games' engine (games/connection.py) does the reading, replaying and judging;
this module gives it Hex's players and what a Hex turn does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.gridfile import column_name, hex_name
from generator.core.hexgrid import Hex
from generator.games.connection import (
    ConnectionRules,
    IllegalTurn,
    Player,
    Stones,
    Turn,
)
from generator.games.connection import Replay as Replay
from generator.games.game import OptionError, option
from generator.i18n import Words

if TYPE_CHECKING:
    from generator.core.formats import BoardData

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

    def label(self, words: Words) -> str:
        return words._("%(size)s × %(size)s · Red joins the %(R)s sides, Blue the %(B)s sides",
                       size=self.size, R=letter(RED, words), B=letter(BLUE, words))


def letter(colour: str, words: Words) -> str:
    """The letter marking a colour's sides on the printed board."""
    return words.pgettext("Hex side", "R") if colour == RED else words.pgettext("Hex side", "B")


def last_cell(size: int) -> str:
    return f"{column_name(size - 1)}{size}"


def turn_changes(size: int, stones: Stones, *, colour: str, turn: Turn) -> dict[Hex, str]:
    """The cell `colour` fills by playing `turn` (the same on every board); IllegalTurn says
    why a turn cannot be played."""
    cells = turn.mine + turn.neutral   # a Hex turn written by hand has no brackets
    if not cells:
        raise IllegalTurn("a turn is one cell (or swap), and this one names none: write "
                          "the cell after the move's number, as in 12. f6")
    if len(cells) != 1 or turn.neutral:
        raise IllegalTurn(f"a turn is one cell (or swap); this names {len(cells)}: "
                          f"{' '.join(hex_name(h) for h in cells)}")
    h = cells[0]
    if h in stones:
        raise IllegalTurn(f"{hex_name(h)} already holds a {NAMES[stones[h]]} stone")
    return {h: colour}


def apply_turn(stones: Stones, colour: str, *, turn: Turn) -> dict[Hex, str]:
    """The stones after `colour` plays `turn`."""
    return {**stones, **turn_changes(0, stones, colour=colour, turn=turn)}


HEX = ConnectionRules(
    key="hex",
    first=Player(RED, NAMES[RED], "row 1 to row {size}", "red"),
    second=Player(BLUE, NAMES[BLUE], "column a to column {last_column}", "blue"),
    apply=turn_changes,
    balance_note="note: players take turns, one stone each, so Red has as many stones as "
                 "Blue, or one more after Red's turn (a swap changes no stone)",
    sizes=JUDGE_SIZES, default_size=DEFAULT_SIZE, detailed_data=True, first_joins="r")

other = HEX.other
sides = HEX.sides
connection = HEX.connection
winner = HEX.winner
parse_turn = HEX.parse_turn
read_moves = HEX.read_moves
replay = HEX.replay
is_move_list = HEX.is_move_list
read_position = HEX.read_position
describe = HEX.describe
judge = HEX.judge
facts = HEX.facts


def board_json(opts: Options) -> BoardData:
    """The board as data: its cells, the sides each lies on, and the swap rule."""
    return HEX.board_json(opts.size, opts.swap)
