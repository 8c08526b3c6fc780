"""The position a file gives the solver: a record (anything `pnp judge hex` reads: SGF with
its setup stones and PL, Little Golem, Trmph and HexWorld links, the project's move lists)
at a move, or the project's own position file (one row a line).

The solver works in the records' terms (Black joins the top and bottom rows). The
project's own files have Red first, joining the columns (generator/games/hex/rules.py), so
they are read as records/write.py reads a move list: each cell reflected in the long
diagonal, Red as Black and Blue as White; `Terms` names the answer back in the file's own
colours and cells.

Who moves: the `to_move` asked for, else the last PL up to the position, else the player of
the next move, else the player after the last one (a swap-sides swapper moves again), else
(a board with no moves) the one whose turn the stones show: Black (Red) when both have as
many, White (Blue) when Black has one more; other counts are refused, as a position whose
turn cannot be told. Only that case checks the counts: a puzzle's setup may give either
side more stones.

A record's moves up to the position must be legal as `pnp judge hex` replays them, with
one allowance: a record without a swap may list its stones as moves in any order (a puzzle
written as moves, as Benzene's 5x5-berge-1 is, begins with White), so there only a move
onto a taken cell is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.gridfile import decode as decode_text
from generator.core.gridfile import hex_name
from generator.core.hexgrid import Hex
from generator.games.hex import rules
from generator.games.hex.judging import FORMAT_NAMES, record_text
from generator.games.hex.records import GameRecord, read_record
from generator.games.hex.records.judge import replay, swap_reading
from generator.games.hex.records.model import BLACK, WHITE, Cell, Colour, cell_name, other
from generator.games.hex.records.write import from_move_list
from generator.games.hex.solver import Position, PositionError, check
from generator.games.played import Change, foreign


@dataclass(frozen=True, slots=True)
class Terms:
    """How the answer is named: in the records' colours and cells, or in the project's
    own (Red and Blue, each cell reflected back across the long diagonal)."""
    own: bool

    def colour(self, colour: Colour) -> str:
        if not self.own:
            return colour
        return "red" if colour == BLACK else "blue"

    def cell(self, cell: Cell) -> str:
        if not self.own:
            return cell_name(cell)
        return hex_name(Hex(cell.row, cell.column))

    def order(self, cell: Cell) -> tuple[int, int]:
        """Board order as the file names its cells: row by row, each from column a."""
        return (cell.column, cell.row) if self.own else (cell.row, cell.column)


@dataclass(frozen=True, slots=True)
class Read:
    """A file's position, how to name its answer, and what was read (for the text)."""
    position: Position
    terms: Terms
    what: str


def read_position(data: bytes, *, move: int | None = None, to_move: Colour | None = None
                  ) -> Read:
    """The position in a file's bytes (the module's docstring says which)."""
    text = record_text(data)
    if text is not None:
        record = read_record(text)
        return _from_record(record, move, to_move, Terms(own=False),
                            FORMAT_NAMES[record.format])
    own = decode_text(data)
    if foreign(own):
        raise PositionError("this is a web link, but not a Trmph or HexWorld one: it is not a "
                            "Hex position (docs/records.md lists what is read)")
    if rules.is_move_list(own):
        return _from_record(from_move_list(own), move, to_move, Terms(own=True), "move list")
    if move is not None:
        raise PositionError("--move is for a record or a move list: a position file has no "
                            "moves")
    size, stones = rules.read_position(own)
    black = frozenset(Cell(h.r, h.q) for h, c in stones.items() if c == rules.RED)
    white = frozenset(Cell(h.r, h.q) for h, c in stones.items() if c == rules.BLUE)
    check(size, size, black=black, white=white)
    colour = to_move or _by_count(black, white, Terms(own=True))
    return Read(Position(size, size, black, white, colour), Terms(own=True), "position")


def game_positions(record: GameRecord) -> list[tuple[int, Position]]:
    """Every position of a record a solver can take, with the move it follows: as set up,
    then after each move, up to where the game is over (or a move is illegal)."""
    out = []
    for at in range(len(record.moves) + 1):
        try:
            read = _from_record(record, at, None, Terms(own=False), "")
        except PositionError:
            break
        out.append((at, read.position))
    return out


def _by_count(black: frozenset[Cell], white: frozenset[Cell], terms: Terms) -> Colour:
    if len(black) == len(white):
        return BLACK
    if len(black) == len(white) + 1:
        return WHITE
    first, second = terms.colour(BLACK), terms.colour(WHITE)
    raise PositionError(f"{first.capitalize()} has {len(black)} stones and "
                        f"{second.capitalize()} {len(white)}, so whose turn it is cannot be "
                        f"told: say it with --to-move {first} or --to-move {second}")


def _from_record(record: GameRecord, move: int | None, to_move: Colour | None,
                 terms: Terms, kind: str) -> Read:
    moves = len(record.moves)
    at = moves if move is None else move
    if not 0 <= at <= moves:
        raise PositionError(f"--move {at}: the record has {moves} move"
                            f"{'' if moves == 1 else 's'}")
    if any(m.kind == "swap" for m in record.moves):
        black, white = _replayed(record, at)
    else:
        black, white = _placed(record, at, terms)
    said = [t.colour for t in record.to_play if t.before <= at + 1]
    if to_move is None:
        if said:
            to_move = said[-1]
        elif at < moves:
            to_move = record.moves[at].colour
        elif moves:
            last = record.moves[-1]
            again = last.kind == "swap" and swap_reading(record) == "swap-sides"
            to_move = last.colour if again else other(last.colour)
        else:
            check(record.columns, record.rows, black=black, white=white)
            to_move = _by_count(black, white, terms)
    where = f"after move {at}" if at else "as set up"
    return Read(Position(record.columns, record.rows, black, white, to_move), terms,
                f"{kind}, {where}")


def _placed(record: GameRecord, at: int, terms: Terms
            ) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The stones of a record without a swap: its setup and its moves' stones, in order,
    whoever played them."""
    stones: dict[Cell, Colour] = {}
    setups = list(record.setup)

    def set_up(before: int) -> None:
        while setups and setups[0].before <= before:
            step = setups.pop(0)
            for cell in step.cells:
                if step.colour is None:
                    stones.pop(cell, None)
                else:
                    stones[cell] = step.colour
    for move in record.moves[:at]:
        set_up(move.number)
        if move.kind in ("resign", "forfeit"):
            break
        if move.cell is None:
            continue
        held = stones.get(move.cell)
        if held is not None:
            raise PositionError(f"move {move.number} ({terms.colour(move.colour)} "
                                f"{terms.cell(move.cell)}): {terms.cell(move.cell)} already "
                                f"holds a {terms.colour(held).capitalize()} stone")
        stones[move.cell] = move.colour
    set_up(at + 1)
    return (frozenset(c for c, k in stones.items() if k == BLACK),
            frozenset(c for c, k in stones.items() if k == WHITE))


def _replayed(record: GameRecord, at: int) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The stones of a record with a swap, as the judge replays it (records/judge.py
    reads the swap): every move up to the position must be legal."""
    game = replay(record)
    illegal_steps = (step for step in game.steps if step.illegal)
    bad = [line for line, step in zip(game.illegal, illegal_steps, strict=True)
           if 0 < step.number <= at]
    if bad:
        raise PositionError(f"illegal {bad[0]}")
    stones: dict[Cell, Colour] = {}
    setups = len(record.setup)
    index = 0
    consumed = 0
    for move in record.moves:
        while consumed < setups and record.setup[consumed].before <= move.number:
            _apply(stones, game.steps[index].changes)
            index += 1
            consumed += 1
        if move.number > at:
            break
        _apply(stones, game.steps[index].changes)
        index += 1
    else:
        while consumed < setups:
            _apply(stones, game.steps[index].changes)
            index += 1
            consumed += 1
    return (frozenset(c for c, k in stones.items() if k == BLACK),
            frozenset(c for c, k in stones.items() if k == WHITE))


def _apply(stones: dict[Cell, Colour], changes: tuple[Change[Cell, Colour], ...]) -> None:
    for change in changes:
        if change.colour is None:
            stones.pop(change.cell, None)
        else:
            stones[change.cell] = change.colour
