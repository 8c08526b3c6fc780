"""The connection games' engine: two players on an N × N rhombus of hexagons, each joining a
pair of opposite sides with a chain of their stones. Hex and Nex (and any later game of the
kind) configure it with a `ConnectionRules` value: their players, what a turn does, how its
cells are written and what the judge notes.

The engine reads move lists and positions, replays turns (with the swap rule), finds who has
connected and with which chain, describes a board for the judge and gives the board as data.
It is pure: no files, no drawing. Which pair of sides the first player joins is the game's
(`first_joins`): Nex's first player joins column a to the last column (q = 0 to q = N - 1)
and the second row 1 to the last row (r = 0 to r = N - 1); Hex's first player joins the
rows, as every Hex tool names the board (a1 top left, letters across the top, the first
player joining the top and bottom).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from generator.core.connect import chain
from generator.core.gridfile import (
    BLANK,
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
from generator.games.judges import Verdict
from generator.games.played import Change, Step
from generator.games.verdicts import connection_lines, judge_connection

if TYPE_CHECKING:
    from generator.core.formats import BoardData, JsonValue

Stones = Mapping[Hex, str]   # occupied cells only: a cell's stone by its letter
# A pair of opposite sides: the columns' (q = 0 and q = N - 1) or the rows' (r = 0, N - 1).
Axis = Literal["q", "r"]

# ASCII only: a space is a space or a tab, a digit 0-9, so look-alikes are refused by name.
_NUMBER = re.compile(r"\s*\d+\.(?=\s|$)", re.ASCII)
# A turn's words where no cell is written in brackets (Hex): each is a cell, or swap.
PLAIN_WORDS = re.compile(r"(?P<mine>[^ \t]+)", re.ASCII)
_hex = functools.cache(Hex)   # one object per cell, however long the move list


class IllegalTurn(ValueError):
    """Why a turn cannot be played; the replay names the turn, its player and its line."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn as written on the score pad: plain cells end as the player's stones, cells in
    brackets as neutral stones (in games that have them), and `swap` is the pie rule's
    exchange of colours. `line` is where the turn stands in its file."""
    mine: tuple[Hex, ...] = ()
    neutral: tuple[Hex, ...] = ()
    swap: bool = False
    line: int = 0


class TurnRule(Protocol):
    """What a turn does: the cells that change when `colour` plays `turn` on a board of
    `size`, each with the stone it then holds, or IllegalTurn saying why it cannot be played.
    The stones given are not changed."""

    def __call__(self, size: int, stones: Stones, *, colour: str,
                 turn: Turn) -> dict[Hex, str]: ...


@dataclass(frozen=True, slots=True)
class Player:
    """A player: the letter of their stones (on a position and in `Stones`), their name in
    the judge's messages, their two sides as the judge names them (a template that may use
    {last_column} and {size}), and their name in the board's data."""
    letter: str
    name: str
    sides: str
    data: str


@dataclass(frozen=True, slots=True)
class Replay:
    """A move list replayed: the stones, the illegal turns, who won and how far it went."""
    size: int
    stones: dict[Hex, str]
    errors: list[str]
    won: tuple[str, int, list[Hex]] | None   # colour, turn number, chain
    turns: int
    # Each turn's changes to the board, in order (games/played.py), for a study booklet to
    # draw: a swap and an illegal turn change nothing.
    steps: tuple[Step[Hex, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ConnectionRules:
    """One connection game's rules, as its engine and judge use them."""
    key: str
    first: Player            # moves first; joins the `first_joins` sides
    second: Player           # joins the other pair
    apply: TurnRule
    # The judge's note on a position whose stone counts no sequence of turns can give.
    balance_note: str
    neutral: str = ""        # the letter of the stones no one owns, in games that have them
    # A turn's words: named groups `mine` (a cell, or swap), and in games with neutral stones
    # `neutral` (a cell in brackets) and `stray` (a bracket left open or never opened).
    words: re.Pattern[str] = PLAIN_WORDS
    # What may follow `swap` on its line: these characters, or None for any whitespace, as
    # each game's judge has always read it (Hex: spaces and tabs; Nex: str.strip's).
    after_swap: str | None = BLANK
    sizes: range = range(1, 27)   # a..z: every board the column letters can name
    default_size: int = 11
    # The board's data names who moves first and the sides each cell lies on (Hex's does).
    detailed_data: bool = False
    # The sides the first player joins: the columns' (q) or the rows' (r).
    first_joins: Axis = "q"

    @property
    def players(self) -> tuple[Player, Player]:
        return self.first, self.second

    @property
    def names(self) -> dict[str, str]:
        """Each kind of stone's name, by its letter: the players', then the neutral's."""
        names = {p.letter: p.name for p in self.players}
        if self.neutral:
            names[self.neutral] = "neutral"
        return names

    def other(self, colour: str) -> str:
        return self.second.letter if colour == self.first.letter else self.first.letter

    # --- who has connected ----------------------------------------------------------------

    def connection(self, size: int, stones: Stones, *, colour: str) -> list[Hex] | None:
        """A shortest chain of the colour's stones joining its two sides, or None."""
        mine = {h for h, c in stones.items() if c == colour}
        on_q = (colour == self.first.letter) == (self.first_joins == "q")
        # From the first side's cells in reading order: of two chains equally short, the
        # same one whichever way the position came (a replay adds and converts its stones in
        # play's order, a position file in reading order).
        starts = sorted((h for h in mine if (h.q if on_q else h.r) == 0),
                        key=lambda h: (h.r, h.q))
        return chain(starts, {h for h in mine if (h.q if on_q else h.r) == size - 1},
                     neighbours=lambda h: (n for n in h.neighbours() if n in mine))

    def winner(self, size: int, stones: Stones) -> tuple[str, list[Hex]] | None:
        for player in self.players:
            path = self.connection(size, stones, colour=player.letter)
            if path:
                return player.letter, path
        return None

    # --- move lists -----------------------------------------------------------------------

    def parse_turn(self, body: str, line: int, *, size: int) -> Turn:
        """A turn from a line of a move list, after an optional number such as `12.`."""
        numbered = _NUMBER.match(body)
        mine: list[Hex] = []
        neutral: list[Hex] = []
        for m in self.words.finditer(body, numbered.end() if numbered else 0):
            column, kind = m.start() + 1, m.lastgroup
            name = m.group(kind or 0)
            if kind == "stray":
                raise GridError(line, column, message=f"unmatched {quoted(name)}")
            if kind == "mine" and name.isascii() and name.lower() == "swap":
                if mine or neutral or body[m.end():].strip(self.after_swap):
                    raise GridError(line, column, message="swap is a whole turn on its own")
                return Turn(swap=True, line=line)
            cell = parse_cell(name, size)
            if cell is None:
                last = f"{column_name(size - 1)}{size}"
                raise GridError(line, column, message=f"{quoted(name)} is not a cell of a {size} × "
                                                      f"{size} board (a1 to {last})")
            (neutral if kind == "neutral" else mine).append(_hex(*cell))
        return Turn(tuple(mine), tuple(neutral), line=line)

    def read_moves(self, text: str) -> tuple[int, list[Turn]]:
        """A move list's board size (an optional first line `size N`) and its turns."""
        lines = content_lines(text)
        given = setting(lines, "size", valid=lambda v: small_number(v) in self.sizes,
                        placeholder="N",
                        meaning=f"N from {self.sizes.start} to {self.sizes.stop - 1}")
        size = small_number(given or "") or self.default_size
        return size, [self.parse_turn(body, line, size=size) for line, body in lines]

    def is_move_list(self, text: str) -> bool:
        """Board grids hold only stone letters and dots; a move list names cells, which have
        digits."""
        return any(re.search(r"\d|swap|size", body, re.ASCII | re.IGNORECASE)
                   for _, body in content_lines(text))

    def replay(self, turns: Sequence[Turn], size: int) -> Replay:
        """Play the turns from an empty board, the first player first. An illegal turn is
        reported and skipped, and play goes on, so one mistake does not hide the rest."""
        names = self.names
        stones: dict[Hex, str] = {}
        errors: list[str] = []
        won: tuple[str, int, list[Hex]] | None = None
        placed = False   # whether turn 1 put a stone on the board, for a swap to take over
        colour = self.first.letter
        steps: list[Step[Hex, str]] = []
        for number, turn in enumerate(turns, start=1):
            steps.append(Step(number, ()))
            try:
                if won:
                    raise IllegalTurn(f"the game was over: {names[won[0]]} connected on turn "
                                      f"{won[1]}")
                if turn.swap:
                    self._check_swap(number, placed, turns[0])
                    continue   # colours change hands, stones stay: the second still moves next
                changes = self.apply(size, stones, colour=colour, turn=turn)
                after = {**stones, **changes}
                won = self._connected(size, stones, changes, after, number)
                steps[-1] = Step(number, tuple(Change(h, c) for h, c in changes.items()))
                if number == 1:
                    placed = self.first.letter in after.values()
                stones = after
            except IllegalTurn as err:
                errors.append(f"turn {number} ({names[colour]}, line {turn.line}): {err}")
                steps[-1] = Step(number, (), errors[-1])
            colour = self.other(colour)
        return Replay(size, stones, errors, won, len(turns), tuple(steps))

    @staticmethod
    def _check_swap(number: int, placed: bool, first: Turn) -> None:
        if number != 2:
            raise IllegalTurn("swap can only be the second turn")
        if not placed:
            raise IllegalTurn(f"swap exchanges colours after a first turn that placed a stone, "
                              f"but turn 1 (line {first.line}) placed none")

    def _connected(self, size: int, before: Stones, changes: Stones, after: Stones,
                   number: int) -> tuple[str, int, list[Hex]] | None:
        """Who connected with this turn: a chain can only appear for a player who gained a
        stone, and before it no one had connected (the game would have been over)."""
        gained = {c for h, c in changes.items() if before.get(h) != c}
        for player in self.players:
            if player.letter in gained:
                path = self.connection(size, after, colour=player.letter)
                if path:
                    return player.letter, number, path
        return None

    # --- positions and the judge ------------------------------------------------------------

    def read_position(self, text: str) -> tuple[int, dict[Hex, str]]:
        """A board written one row a line, a letter or a dot a cell."""
        letters = "".join(p.letter for p in self.players) + self.neutral
        rows = read_grid(content_lines(text), f"{letters}.", sizes=self.sizes)
        stones = {Hex(q, r): s.char for r, row in enumerate(rows) for q, s in enumerate(row)
                  if s.char != "."}
        return len(rows), stones

    def sides(self, size: int, colour: str) -> str:
        """A player's two sides, as the judge names them."""
        player = self.first if colour == self.first.letter else self.second
        return player.sides.format(last_column=column_name(size - 1), size=size)

    def describe(self, size: int, stones: Stones) -> list[str]:
        """Who has connected, with the chain, and the stones of each kind."""
        names = self.names
        lines = connection_lines(self.winner(size, stones), names,
                                 sides={p.letter: self.sides(size, p.letter) for p in self.players},
                                 stones=stones, size=size, kinds=names)
        first, second = (sum(1 for c in stones.values() if c == p.letter) for p in self.players)
        if first - second not in (0, 1):
            lines.append(self.balance_note)
        return lines

    def judge(self, text: str) -> Verdict:
        """What `pnp judge GAME FILE` prints (games/verdicts.py)."""
        return judge_connection(text, self)

    def facts(self, text: str) -> dict[str, JsonValue]:
        """What `pnp judge GAME --format json` says of a move list or a position besides
        its illegal turns: the winner by the board's data name, the criterion (a
        connection), the turn that decided it, and the swap as taken or refused."""
        data = {p.letter: p.data for p in self.players}
        if not self.is_move_list(text):
            size, stones = self.read_position(text)
            won = self.winner(size, stones)
            return {"format": "position", "size": [size, size], "moves": None,
                    "swap": None, "swap_refused": None,
                    "winner": data[won[0]] if won else None,
                    "criterion": "connection" if won else None, "decided_on": None,
                    "chain": [hex_name(h) for h in won[1]] if won else []}
        size, turns = self.read_moves(text)
        game = self.replay(turns, size)
        at = next((n for n, turn in enumerate(turns, start=1) if turn.swap), 0)
        refused = next((e for e in game.errors if e.startswith(f"turn {at} (")), None) \
            if at else None
        return {"format": "move-list", "size": [size, size], "moves": len(turns),
                # The swap of the project's move lists: colours change hands, stones stay.
                "swap": "swap-sides" if at and refused is None else None,
                "swap_refused": refused,
                "winner": data[game.won[0]] if game.won else None,
                "criterion": "connection" if game.won else None,
                "decided_on": game.won[1] if game.won else None}

    # --- the board as data --------------------------------------------------------------------

    def board_json(self, size: int, swap: bool | None = None) -> BoardData:
        """The board as data (`pnp board GAME --format json`): its cells and each player's
        sides, with the swap rule where the game has it as an option."""
        first, second = self.first.data, self.second.data
        # Who joins the q sides (columns a and the last) and who the r sides (the rows).
        on_q, on_r = (first, second) if self.first_joins == "q" else (second, first)
        data: BoardData = {"game": self.key, "size": size}
        if swap is not None:
            data["swap"] = swap
        if self.detailed_data:
            data["first"] = first
        axes: dict[str, JsonValue] = {on_q: ["q = 0", f"q = {size - 1}"],
                                      on_r: ["r = 0", f"r = {size - 1}"]}
        data["sides"] = {first: axes[first], second: axes[second]}   # the first's first
        edge = (0, size - 1)
        data["cells"] = [
            {"q": q, "r": r, "name": hex_name(Hex(q, r)),
             **({"sides": [name for name in (first, second)
                           if (q if name == on_q else r) in edge]}
                if self.detailed_data else {})}
            for r in range(size) for q in range(size)]   # row by row, as a Rhombus iterates
        return data
