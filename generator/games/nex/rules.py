"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share.

Black joins the NW and SE sides of the board (the q sides), White the SW and NE sides (the r
sides). On a turn a player either drops one stone of their own and one neutral stone on empty
cells, or turns two neutral stones into their own and one of their own into a neutral. Neutral
stones never connect anything. Three conventions finish an almost full board.

The connection games' engine (games/connection.py) does the reading, replaying and judging;
this module gives it Nex's players, its neutral stones and what a Nex turn does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.gridfile import hex_name
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

TITLE = "Nex"
DESIGNER = "João Pedro Neto"
YEAR = "2004"
SIZES = range(9, 20)
JUDGE_SIZES = range(1, 27)   # a..z
DEFAULT_SIZE = 11

BLACK, WHITE, NEUTRAL = "B", "W", "N"
NAMES = {BLACK: "Black", WHITE: "White", NEUTRAL: "neutral"}
SIDES = {BLACK: "NW and SE", WHITE: "SW and NE"}
# A turn's words: plain cells become the player's stones, cells in brackets neutral ones.
# ASCII only: a space is an ASCII space, so look-alikes are refused by name.
WORDS = re.compile(r"\(\s*(?P<neutral>[^\s()]*)\s*\)|(?P<mine>[^\s()]+)|(?P<stray>\S)", re.ASCII)


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

    def label(self, words: Words) -> str:
        return words._("%(size)s × %(size)s · Black joins NW–SE · White joins SW–NE",
                       size=self.size)


def apply_turn(size: int, stones: Stones, *, colour: str, turn: Turn) -> dict[Hex, str]:
    """The stones after `colour` plays `turn`."""
    return {**stones, **turn_changes(size, stones, colour=colour, turn=turn)}


def turn_changes(size: int, stones: Stones, *, colour: str, turn: Turn) -> dict[Hex, str]:
    """The cells `colour` changes by playing `turn`, with the stones they then hold;
    IllegalTurn says why a turn cannot be played."""
    named = turn.mine + turn.neutral
    if len(set(named)) != len(named):
        raise IllegalTurn("the turn names a cell twice")
    empty = size * size - len(stones)
    neutrals = sum(1 for c in stones.values() if c == NEUTRAL)
    changes: dict[Hex, str] = {}

    def holding(h: Hex) -> str:
        return f"{hex_name(h)} holds a {NAMES[stones[h]]} stone" if h in stones \
            else f"{hex_name(h)} is empty"

    shape = (len(turn.mine), len(turn.neutral))
    if shape == (1, 1):
        for h in named:
            if h in stones:
                raise IllegalTurn(f"a drop needs empty cells, but {holding(h)}")
        changes[turn.mine[0]], changes[turn.neutral[0]] = colour, NEUTRAL
    elif shape == (2, 1):
        for h in turn.mine:
            if stones.get(h) != NEUTRAL:
                raise IllegalTurn(f"only neutral stones can be taken, but {holding(h)}")
        given = turn.neutral[0]
        if stones.get(given) != colour:
            raise IllegalTurn(f"the stone given up must be {NAMES[colour]}'s, but "
                              f"{holding(given)}")
        changes.update({turn.mine[0]: colour, turn.mine[1]: colour, given: NEUTRAL})
    elif shape == (1, 0):
        changes.update(_full_board_turn(stones, colour, turn.mine[0], empty, neutrals, holding))
    else:
        raise IllegalTurn(f"a turn is one cell and one in brackets (a drop) or two cells and "
                          f"one in brackets (taking neutrals); this names {shape[0]} and "
                          f"{shape[1]} in brackets")
    return changes


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


NEX = ConnectionRules(
    key="nex",
    first=Player(BLACK, NAMES[BLACK], f"the {SIDES[BLACK]} sides", "black"),
    second=Player(WHITE, NAMES[WHITE], f"the {SIDES[WHITE]} sides", "white"),
    apply=turn_changes,
    balance_note="note: every ordinary turn gives its player one stone, so Black has as "
                 "many stones as White, or one more after Black's turn",
    neutral=NEUTRAL, words=WORDS, after_swap=None,
    sizes=JUDGE_SIZES, default_size=DEFAULT_SIZE)

other = NEX.other
connection = NEX.connection
winner = NEX.winner
parse_turn = NEX.parse_turn
read_moves = NEX.read_moves
replay = NEX.replay
is_move_list = NEX.is_move_list
read_position = NEX.read_position
describe = NEX.describe
judge = NEX.judge
facts = NEX.facts


def most_stones(size: int) -> dict[str, int]:
    """The most stones of each kind a game on a size × size board can hold at once: what a
    set of counters must have. Every turn but the swap gives its player one stone (a drop
    one, a conversion two for one); the swap changes none, and the last full-board case
    gives each player one. So Black has as many stones as White, or one more, and the two
    together fit the board's cells: Black at most ⌈N²/2⌉, White ⌊N²/2⌋. A neutral stone
    comes only with a drop, which fills two empty cells, and no turn empties a cell: at most
    ⌊N²/2⌋ of them."""
    cells = size * size
    return {BLACK: (cells + 1) // 2, WHITE: cells // 2, NEUTRAL: cells // 2}


def board_json(opts: Options) -> BoardData:
    """The board as data: its cells and each player's sides."""
    return NEX.board_json(opts.size)
