"""Games shared as links: Trmph's and HexWorld's boards carry the whole game in the address.

- Trmph: `https://trmph.com/hex/board#13,a1b2c3`: the side, a comma, then the cells run
  together, each a column letter and a row number, the first player's first. A second move
  naming the first move's cell is the swap: the stone takes the second player's colour
  where it stands (ggpzero's Little Golem converter, in its `ggpzero.battle` package, writes
  a swapped game so, and reads the repeated cell back as the swap).
- HexWorld: `https://hexworld.org/board/#11r9c1,b4:sh4g8`: the side (or `CxR`), display
  settings up to the comma (`r9` a rotation, `c1` coordinates), then the moves: cells, `:s`
  the swap (swap-pieces), `:p` a pass, `:rb`/`:rw` and `:fb`/`:fw` a resignation or
  forfeit by Black or White (the loser). A second comma marks where the viewer stands in
  the line; the moves on both sides of it are the game (PlayHex's src/shared/app/hexworld.ts).

In both, the moves alternate, the first player's first, and the first player joins the top
and bottom rows, as in SGF (PlayHex writes its games to HexWorld with its own orientation,
the first player joining the first and last rows): so the first player is read as Black.
"""

from __future__ import annotations

import re

from generator.games.hex.records.model import (
    BLACK,
    MAX_SIDE,
    WHITE,
    Cell,
    Colour,
    End,
    GameRecord,
    Move,
    RecordError,
    column_number,
    other,
)

_TRMPH = re.compile(r"(?:https?://)?(?:www\.)?trmph\.com/hex/board#", re.IGNORECASE)
_HEXWORLD = re.compile(r"(?:https?://)?(?:www\.)?hexworld\.org/board/?#", re.IGNORECASE)
_CELL = re.compile(r"([a-z]{1,2})([0-9]{1,2})", re.ASCII)
_HEXWORLD_MOVE = re.compile(r"([a-z]{1,2})([0-9]{1,2})|:(s|p)|:([rf])([bw])", re.ASCII)
_HEXWORLD_HEAD = re.compile(r"([0-9]{1,12})(?:x([0-9]{1,12}))?[a-wyz0-9]{0,16},", re.ASCII)
_MOST = 4096      # characters of moves: a full 64 × 64 board takes under 4 × 4096


def is_link(text: str) -> bool:
    return bool(_TRMPH.match(text) or _HEXWORLD.match(text))


def read_link(text: str) -> GameRecord:
    link = text.strip()
    if len(link) > _MOST * 4:
        raise RecordError(f"the link is {len(link):,} characters long; a game's link is "
                          f"under {_MOST * 4:,}")
    trmph = _TRMPH.match(link)
    if trmph:
        return _trmph(link[trmph.end():])
    hexworld = _HEXWORLD.match(link)
    if hexworld is None:
        raise RecordError("this is not a Trmph or HexWorld link")
    return _hexworld(link[hexworld.end():])


def _side(written: str, what: str) -> int:
    side = int(written)
    if not 1 <= side <= MAX_SIDE:
        raise RecordError(f"the {what} link's board side is {written[:12]}; a side is 1 to "
                          f"{MAX_SIDE} cells")
    return side


def _on_board(name: str, cell: Cell, columns: int, rows: int, what: str) -> Cell:
    if not (cell.column < columns and 0 <= cell.row < rows):
        raise RecordError(f"the {what} link's move {name} is off the {columns} × {rows} "
                          f"board")
    return cell


def _trmph(rest: str) -> GameRecord:
    m = re.match(r"([0-9]{1,12}),", rest)
    if m is None:
        raise RecordError("a Trmph link goes on '#SIZE,' after the address (#11,a1b2)")
    side = _side(m.group(1), "Trmph")
    body = rest[m.end():].strip()
    moves: list[Move] = []
    colour: Colour = BLACK
    i = 0
    while i < len(body):
        cell_m = _CELL.match(body, i)
        if cell_m is None:
            raise RecordError(f"the Trmph link's moves hold {body[i:i + 8]!r} at character "
                              f"{i + 1}, which is not a cell (a1, k11)")
        name = cell_m.group()
        cell = _on_board(name, Cell(column_number(cell_m.group(1)), int(cell_m.group(2)) - 1),
                         side, side, "Trmph")
        if len(moves) == 1 and moves[0].cell == cell:
            moves.append(Move(2, colour, "swap", None, name))
        else:
            moves.append(Move(len(moves) + 1, colour, "cell", cell, name))
        colour = other(colour)
        i = cell_m.end()
    return GameRecord("trmph", side, side, tuple(moves))


def _hexworld(rest: str) -> GameRecord:
    head = _HEXWORLD_HEAD.match(rest)
    if head is None:
        raise RecordError("a HexWorld link goes on '#SIZE...,' after the address "
                          "(#11c1,a1b2)")
    columns = _side(head.group(1), "HexWorld")
    rows = _side(head.group(2), "HexWorld") if head.group(2) else columns
    body = rest[head.end():].strip().replace(",", "", 1)
    moves: list[Move] = []
    end: tuple[End, Colour] | None = None
    colour: Colour = BLACK
    i = 0
    while i < len(body):
        m = _HEXWORLD_MOVE.match(body, i)
        if m is None or end is not None:
            raise RecordError(f"the HexWorld link's moves hold {body[i:i + 8]!r} at character "
                              f"{i + 1}, which is not a move (a1, :s, :p, :rb)")
        number = len(moves) + 1
        if m.group(1):
            cell = _on_board(m.group(), Cell(column_number(m.group(1)), int(m.group(2)) - 1),
                             columns, rows, "HexWorld")
            moves.append(Move(number, colour, "cell", cell, m.group()))
        elif m.group(3):
            moves.append(Move(number, colour, "swap" if m.group(3) == "s" else "pass", None,
                              m.group()))
        else:
            loser: Colour = BLACK if m.group(5) == "b" else WHITE
            kind: End = "resign" if m.group(4) == "r" else "forfeit"
            end = (kind, loser)
            moves.append(Move(number, loser, kind, None, m.group()))
        colour = other(colour)
        i = m.end()
    return GameRecord("hexworld", columns, rows, tuple(moves))
