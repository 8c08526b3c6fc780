"""Records written out: SGF that HexGui reads back, and the project's own move list.

HexGui's reader (src/hexgui/sgf/SgfReader.java) takes FF, GM[11] (any other GM is refused),
SZ[N] or SZ[C:R], AB/AW/AE, B/W with a cell (`a1`, lower case, as its writer spells them)
or `swap-pieces`, `swap` or `resign`; every other property is kept as text. It knows
neither `swap-sides` nor `forfeit` (HexPoint.get), so a swap is written `swap-pieces`,
whatever the record spelled, and a forfeit goes into RE (`W+F`, SGF's forfeit result)
rather than into a move. Its cells stop at 19 × 19 (HexPoint.MAX_WIDTH); larger boards are
written all the same, as the SGF page names their cells. HexGui reads an escaped character
as its code number, so values are written unescaped wherever SGF allows: only `\\` and `]`
are escaped.

The project's move lists have Red first, joining columns a to the last, and the swap as
the players exchanging colours with the stones staying (generator/games/hex/rules.py);
SGF's Black joins the top and bottom rows. So a move list becomes SGF with every cell
reflected in the long diagonal (c4 becomes d3), Red's moves Black's and Blue's White's:
the same game, each player joining the same sides of the board turned over. A record whose
swap was read as swap-pieces comes back as the same game in the move list's terms: the
moves after the swap keep their cells (the position reflected, with its colours exchanged,
is the same game with the stones staying).
"""

from __future__ import annotations

from generator import __version__
from generator.core.gridfile import column_name as move_list_column
from generator.games.hex.records.judge import swap_reading
from generator.games.hex.records.model import (
    BLACK,
    WHITE,
    Cell,
    Colour,
    GameRecord,
    Move,
    Players,
    RecordError,
    cell_name,
)

MOVE_LIST_SIDES = range(1, 27)      # the move list names columns a to z


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _result(record: GameRecord) -> str:
    if record.result:
        return record.result
    end = next((m for m in record.moves if m.kind in ("resign", "forfeit")), None)
    if end is None:
        return ""
    winner = "W" if end.colour == BLACK else "B"
    return f"{winner}+{'R' if end.kind == 'resign' else 'F'}"


def _move_value(move: Move) -> str | None:
    if move.kind == "cell" and move.cell is not None:
        return cell_name(move.cell)
    if move.kind == "swap":
        return "swap-pieces"
    if move.kind == "resign":
        return "resign"
    return None          # forfeit (in RE) and pass (no Hex move) are not written as moves


def write_sgf(record: GameRecord) -> str:
    """The record as SGF: the root's game information, then one node a move."""
    size = str(record.columns) if record.square else f"{record.columns}:{record.rows}"
    root = [f"FF[4]CA[UTF-8]AP[pnp:{__version__}]GM[11]SZ[{size}]"]
    for ident, text in (("PB", record.players.black), ("PW", record.players.white),
                        ("EV", record.event), ("RO", record.round), ("DT", record.date),
                        ("PC", record.place), ("RE", _result(record)),
                        ("C", record.comment)):
        if text:
            root.append(f"{ident}[{_escape(text)}]")
    setups: dict[int, list[str]] = {}
    for setup in record.setup:
        add = {BLACK: "AB", WHITE: "AW", None: "AE"}[setup.colour]
        setups.setdefault(setup.before, []).append(
            add + "".join(f"[{cell_name(c)}]" for c in setup.cells))
    for turn in record.to_play:
        setups.setdefault(turn.before, []).append(f"PL[{'B' if turn.colour == BLACK else 'W'}]")
    root.extend(setups.pop(1, []))
    nodes = ["(;" + "".join(root)]
    for move in record.moves:
        value = _move_value(move)
        extra = "".join(setups.pop(move.number, [])) if move.number > 1 else ""
        if value is None and not extra:
            continue
        node = ";" + extra
        if value is not None:
            node += f"{'B' if move.colour == BLACK else 'W'}[{value}]"
        if move.comment:
            node += f"C[{_escape(move.comment)}]"
        nodes.append(node)
    nodes.extend(";" + "".join(rest) for _, rest in sorted(setups.items()))
    return "\n".join(nodes) + ")\n"


# --- the project's move lists ------------------------------------------------------------


def _list_name(cell: Cell) -> str:
    return f"{move_list_column(cell.column)}{cell.row + 1}"


def to_move_list(record: GameRecord) -> str:
    """The record as the project's move list (docs/commands.md, "Hex files for pnp judge hex")."""
    if not record.square or record.columns not in MOVE_LIST_SIDES:
        raise RecordError(f"a move list is of a square board of 1 to 26 cells a side; this "
                          f"record's board is {record.columns} × {record.rows}")
    if record.setup:
        raise RecordError("the record sets stones up (AB, AW, AE), which a move list cannot "
                          "hold")
    # Which cells are reflected: all of them when the stones stayed at the swap; after a
    # swap-pieces the moves after it are not (the position reflected and its colours
    # exchanged is the same game, with the stones staying); after an in-place swap, none.
    reading = swap_reading(record)
    lines = [f"# {label}: {name}" for label, name in
             (("Black", record.players.black), ("White", record.players.white),
              ("Event", record.event), ("Date", record.date), ("Result", record.result))
             if name]
    lines.append(f"size {record.columns}")
    swapped = False
    for number, move in enumerate(record.moves, start=1):
        if move.kind == "swap":
            lines.append(f"{number}. swap")
            swapped = True
        elif move.kind == "cell" and move.cell is not None:
            keep = reading == "in-place" or (swapped and reading == "swap-pieces")
            cell = move.cell if keep else move.cell.mirrored()
            lines.append(f"{number}. {_list_name(cell)}")
        else:
            lines.append(f"# {move.colour.capitalize()}: {move.written or move.kind}")
    return "\n".join(lines) + "\n"


def from_move_list(text: str) -> GameRecord:
    """A move list (Red first) as a record in SGF's terms: Red's moves Black's, each cell
    reflected in the long diagonal, and the swap HexGui's way (the stones stay, and White
    moves after it)."""
    from generator.games.hex.rules import read_moves
    size, turns = read_moves(text)
    moves: list[Move] = []
    colour: Colour = BLACK
    for number, turn in enumerate(turns, start=1):
        if turn.swap:
            moves.append(Move(number, colour, "swap", None, "swap-pieces"))
            continue       # the stones stay and the swapper moves next, as in the move list
        if len(turn.mine) != 1:
            raise RecordError(f"turn {number} (line {turn.line}) names "
                              f"{len(turn.mine)} cells; a record's move is one")
        h = turn.mine[0]
        cell = Cell(h.r, h.q)
        moves.append(Move(number, colour, "cell", cell, cell_name(cell)))
        colour = WHITE if colour == BLACK else BLACK
    return GameRecord("move-list", size, size, tuple(moves), players=Players())
