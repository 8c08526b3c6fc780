"""A record replayed: how its swap was read, the changes each move makes to the board, its
illegal moves by name, and who connected (generator/core/hexgrid.py's neighbours, and a
union-find of each colour's stones with its two sides).

Real records differ in what follows a swap. The SGF page's swap-pieces reflects the first
stone in the long diagonal and gives it the swapper's colour, and the first colour moves
next; HexGui (src/hexgui/gui/HexGui.java: the colour to move does not change after
swap-pieces, and the stone is left where it is) and MoHex write W[swap-pieces] and go on
with a White move: the stone stayed and the players exchanged colours, as swap-sides says.
So a record is read as its next move shows: the swapper's colour next is swap-sides, the
first colour next is swap-pieces (or, for a Trmph link, the stone recoloured in place).
With no move after the swap, the spelling decides: swap-sides as written, else swap-pieces.

`Replay.steps` are the board changes in order (a cell taking a colour, or emptied), so an
engine can replay them; the judge here only needs connections, which it keeps as it goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, TypeAlias

from generator.core.connect import chain
from generator.core.hexgrid import DIRECTIONS
from generator.games.hex.records.model import (
    BLACK,
    WHITE,
    Cell,
    Colour,
    End,
    GameRecord,
    Move,
    Setup,
    SwapReading,
    cell_name,
    other,
)
from generator.games.played import Change, Step

# A Hex record's board changes, in the game-neutral terms the study booklets share.
HexStep: TypeAlias = Step[Cell, Colour]
Criterion = Literal["connection", "resignation", "forfeit"]
CRITERIA: dict[End, Criterion] = {"resign": "resignation", "forfeit": "forfeit"}


@dataclass(frozen=True, slots=True)
class Replay:
    record: GameRecord
    steps: tuple[HexStep, ...]
    stones: tuple[tuple[Cell, Colour], ...]        # the final position, row by row
    swap: SwapReading | None
    winner: Colour | None                          # who connected their sides
    won_on: int                                    # the move that connected them (0: none)
    chain: tuple[Cell, ...]                        # a shortest winning chain
    end: End | None
    ended_by: Colour | None                        # who resigned or forfeited
    illegal: tuple[str, ...]
    ended_on: int = 0                              # the resignation's or forfeit's move
    # What the record holds that is no mistake but worth a word: a resignation or forfeit
    # after the game was already decided ("White had already connected on move 52").
    notes: tuple[str, ...] = ()
    swap_refused: str = ""                         # the illegal swap, as `illegal` names it

    @property
    def victor(self) -> Colour | None:
        """Who won: who connected, else the other side of a resignation or forfeit."""
        if self.winner is not None:
            return self.winner
        return other(self.ended_by) if self.ended_by is not None else None

    @property
    def criterion(self) -> Criterion | None:
        """How the game was decided: by a connection, a resignation or a forfeit."""
        if self.winner is not None:
            return "connection"
        return CRITERIA[self.end] if self.end is not None else None

    @property
    def decided_on(self) -> int:
        """The move that decided the game (0: none, or a position set up connected)."""
        return self.won_on if self.winner is not None else self.ended_on


@cache
def _neighbours(columns: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours by index (row * columns + column), in hexgrid's directions:
    a cell (q, r) is hexgrid's Hex(q, r), and the board the rhombus a1 to its far corner."""
    out = []
    for r in range(rows):
        for q in range(columns):
            out.append(tuple((r + d.r) * columns + q + d.q for d in DIRECTIONS
                             if 0 <= q + d.q < columns and 0 <= r + d.r < rows))
    return tuple(out)


@cache
def _links(columns: int, rows: int) -> dict[Colour, tuple[tuple[int, ...], ...]]:
    """For each colour, each cell's neighbours and the side nodes (numbered from
    columns * rows: top, bottom, left, right) that a stone of that colour there touches.
    Worked out once a board size: judging a thousand records places a hundred thousand
    stones."""
    near, sides = _neighbours(columns, rows), columns * rows
    black, white = [], []
    for index in range(sides):
        q, r = index % columns, index // columns
        black.append(near[index] + ((sides,) if r == 0 else ()) +
                     ((sides + 1,) if r == rows - 1 else ()))
        white.append(near[index] + ((sides + 2,) if q == 0 else ()) +
                     ((sides + 3,) if q == columns - 1 else ()))
    return {BLACK: tuple(black), WHITE: tuple(white)}


@cache
def _cells(columns: int, rows: int) -> tuple[Cell, ...]:
    return tuple(Cell(i % columns, i // columns) for i in range(columns * rows))


class _Board:
    """The stones, and for each colour a union-find joining its stones to its two sides:
    Black's are the top and bottom rows, White's the left and right columns."""

    def __init__(self, columns: int, rows: int):
        self.columns, self.rows = columns, rows
        self.near = _neighbours(columns, rows)
        self.links = _links(columns, rows)
        self.cells = _cells(columns, rows)
        self.stones: dict[int, Colour] = {}
        self.sides = columns * rows      # index of the first of four side nodes
        self.parent = list(range(self.sides + 4))

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def place(self, index: int, colour: Colour) -> None:
        stones, parent, find, sides = self.stones, self.parent, self.find, self.sides
        stones[index] = colour
        root = find(index)      # stays a root: only other roots are joined to it
        for j in self.links[colour][index]:
            if j >= sides or stones.get(j) == colour:
                parent[find(j)] = root

    def rebuild(self, stones: dict[int, Colour]) -> None:
        self.stones = {}
        self.parent = list(range(self.sides + 4))
        for index, colour in stones.items():
            self.place(index, colour)

    def connected(self, colour: Colour) -> bool:
        a, b = (self.sides, self.sides + 1) if colour == BLACK else (self.sides + 2,
                                                                      self.sides + 3)
        return self.find(a) == self.find(b)

    def index(self, cell: Cell) -> int:
        return cell.row * self.columns + cell.column

    def cell(self, index: int) -> Cell:
        return self.cells[index]


def swap_reading(record: GameRecord) -> SwapReading | None:
    """How the record's first swap is read (the module's docstring says why)."""
    at = next((i for i, m in enumerate(record.moves) if m.kind == "swap"), None)
    if at is None:
        return None
    swap = record.moves[at]
    following = record.moves[at + 1] if at + 1 < len(record.moves) else None
    if following is None:
        return "swap-sides" if swap.written.lower() == "swap-sides" else \
            ("in-place" if record.format == "trmph" else "swap-pieces")
    if following.colour == swap.colour:
        return "swap-sides"
    return "in-place" if record.format == "trmph" else "swap-pieces"


def replay(record: GameRecord) -> Replay:
    """Play the record's main line from its setup. An illegal move is named and changes
    nothing, and play goes on, so one mistake does not hide the rest."""
    board = _Board(record.columns, record.rows)
    reading = swap_reading(record)
    steps: list[HexStep] = []
    illegal: list[str] = []
    notes: list[str] = []
    swapped, refused = False, ""
    setups = list(record.setup)
    to_move: Colour = BLACK if not setups else (record.moves[0].colour if record.moves
                                                else BLACK)
    placed = 0
    won: tuple[Colour, int] | None = None
    ended: tuple[End, Colour, int] | None = None
    for move in record.moves:
        while setups and setups[0].before <= move.number:
            steps.append(_setup(board, setups.pop(0)))
        problem = _problem(record, board, move, to_move, placed, reading, won, ended)
        changes: tuple[Change, ...] = ()
        named = f"move {move.number} ({move.colour} {move.written})"
        if problem:
            illegal.append(f"{named}: {problem}")
            if move.kind == "swap" and not refused:
                refused = illegal[-1]
        elif move.kind in ("resign", "forfeit"):
            ended = ("resign" if move.kind == "resign" else "forfeit", move.colour,
                     move.number)
            if won:
                # MoHex's match script has the loser resign after the winning connection.
                notes.append(f"{named}: {won[0].capitalize()} had already connected on "
                             f"move {won[1]}")
        elif move.kind == "swap":
            changes = _swap(board, record.moves[move.number - 2], move, reading)
            swapped = True
        elif move.cell is not None:
            board.place(board.index(move.cell), move.colour)
            changes = (Change(move.cell, move.colour),)
            placed += 1
            if won is None and board.connected(move.colour):
                won = (move.colour, move.number)
        steps.append(Step(move.number, changes, problem))
        if move.kind not in ("resign", "forfeit"):
            to_move = move.colour if (move.kind == "swap" and not problem and
                                      reading == "swap-sides") else other(move.colour)
    for setup in setups:
        steps.append(_setup(board, setup))
    if won is None:
        won = next(((c, 0) for c in (BLACK, WHITE) if board.connected(c)), None)
    path = _chain(board, won[0]) if won else ()
    stones = tuple((board.cell(i), board.stones[i]) for i in sorted(board.stones))
    return Replay(record, tuple(steps), stones, reading if swapped else None,
                  won[0] if won else None, won[1] if won else 0, path,
                  ended[0] if ended else None, ended[1] if ended else None,
                  tuple(illegal), ended[2] if ended else 0, tuple(notes), refused)


def _problem(record: GameRecord, board: _Board, move: Move, to_move: Colour, placed: int,
             reading: SwapReading | None, won: tuple[Colour, int] | None,
             ended: tuple[End, Colour, int] | None) -> str:
    """Why the move cannot be played, or ''. A resignation or forfeit after someone has
    connected is legal: the game was decided already, and the replay notes it."""
    if ended:
        return f"the game had ended: {ended[1].capitalize()} {ended[0]}ed on move {ended[2]}"
    if move.kind in ("resign", "forfeit"):
        return ""
    if won:
        return f"the game was over: {won[0].capitalize()} connected on move {won[1]}"
    if move.colour != to_move:
        return f"it is {to_move.capitalize()}'s turn"
    if move.kind == "pass":
        return "Hex has no passing"
    if move.kind == "swap":
        first = record.moves[0]
        if move.number != 2 or placed != 1 or first.cell is None or record.setup:
            return "a swap can only be the second move, after the first stone"
        if reading == "swap-pieces" and not record.square:
            return "swap-pieces reflects the first stone, which needs a square board"
        return ""
    assert move.cell is not None
    held = board.stones.get(board.index(move.cell))
    if held is not None:
        return f"{cell_name(move.cell)} already holds a {held.capitalize()} stone"
    return ""


def _swap(board: _Board, first: Move, swap: Move, reading: SwapReading | None
          ) -> tuple[Change, ...]:
    assert first.cell is not None
    if reading == "swap-sides":
        return ()
    stones = dict(board.stones)
    del stones[board.index(first.cell)]
    target = first.cell.mirrored() if reading == "swap-pieces" else first.cell
    stones[board.index(target)] = swap.colour
    board.rebuild(stones)
    if target == first.cell:
        return (Change(target, swap.colour),)
    return (Change(first.cell, None), Change(target, swap.colour))


def _setup(board: _Board, setup: Setup) -> HexStep:
    stones = dict(board.stones)
    for cell in setup.cells:
        if setup.colour is None:
            stones.pop(board.index(cell), None)
        else:
            stones[board.index(cell)] = setup.colour
    board.rebuild(stones)
    return Step(0 if setup.before == 1 else setup.before,
                tuple(Change(c, setup.colour) for c in setup.cells))


def _chain(board: _Board, colour: Colour) -> tuple[Cell, ...]:
    mine = {i for i, c in board.stones.items() if c == colour}
    if colour == BLACK:
        starts = [i for i in sorted(mine) if i < board.columns]
        goals = {i for i in mine if i >= board.columns * (board.rows - 1)}
    else:
        starts = [i for i in sorted(mine) if i % board.columns == 0]
        goals = {i for i in mine if i % board.columns == board.columns - 1}
    path = chain(starts, goals, neighbours=lambda i: (j for j in board.near[i] if j in mine))
    return tuple(board.cell(i) for i in path or ())


def recorded_winner(result: str) -> Colour | None:
    """The winner RE names: `B+...` or `W+...` (SGF's FF[4] results: `B+R`, `W+F`,
    `B+Resign`, a bare `B+`), or Little Golem's bare `B` or `W` (PB or PW, read as Black and
    White); None for a draw, a void or unknown game (`0`, `Void`, `?`) or anything else."""
    text = result.strip().upper()
    if text.startswith("B+") or text == "B":
        return BLACK
    if text.startswith("W+") or text == "W":
        return WHITE
    return None


def _how(game: Replay) -> str:
    """How the board decided the game, as a clause: "White connected on move 52"."""
    if game.winner is not None:
        on = f" on move {game.won_on}" if game.won_on else ""
        return f"{game.winner.capitalize()} connected{on}"
    assert game.ended_by is not None and game.end is not None
    return f"{game.ended_by.capitalize()} {game.end}ed on move {game.ended_on}"


def disagreement(game: Replay) -> str:
    """Where the record's RE names another winner than the board's: what each says, or
    '' (they agree, or one of them names no winner)."""
    named, victor = recorded_winner(game.record.result), game.victor
    if named is None or victor is None or named == victor:
        return ""
    return (f"RE[{game.record.result[:20]}] names {named.capitalize()} the winner, but "
            f"{_how(game)}")


def facts(file: str, game: Replay) -> dict[str, object]:
    """What `pnp judge hex --format json` prints for one record, one JSON object a line
    (docs/records.md, Judging, lists the fields)."""
    record = game.record
    named = recorded_winner(record.result)
    return {"file": file, "format": record.format,
            "size": [record.columns, record.rows],
            "moves": len(record.moves), "swap": game.swap,
            "swap_refused": game.swap_refused or None,
            "winner": game.victor, "criterion": game.criterion,
            "decided_on": game.decided_on or None,
            "end": game.end, "ended_by": game.ended_by,
            "result": record.result or None, "result_winner": named,
            "result_agrees": None if named is None or game.victor is None
            else named == game.victor,
            "variations": record.variations,
            "notes": list(game.notes), "illegal": list(game.illegal)}
