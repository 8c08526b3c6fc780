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

The project's move lists name the board as SGF does (generator/games/hex/rules.py): a1 top
left, Red first joining the top and bottom rows as SGF's Black does, Blue the columns as
White; and the swap as the players exchanging colours with the stones staying (HexGui's
and MoHex's W[swap-pieces] followed by a White move). So a move list and a record name the
same cells for the same players: Red's moves are Black's, Blue's White's, cell for cell. A
record whose swap was read as swap-pieces (the first stone reflected in the long diagonal,
Black to move) comes back as the same game in the move list's terms with the moves after
the swap reflected (c4 becomes d3): the position reflected, with its colours exchanged, is
the same game with the stones staying.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator import __version__
from generator.core.gridfile import column_name as move_list_column
from generator.games.hex.records.judge import swap_reading
from generator.games.hex.records.model import (
    BLACK,
    WHITE,
    Branch,
    Cell,
    Colour,
    GameRecord,
    Markup,
    Move,
    Players,
    RecordError,
    Setup,
    ToPlay,
    cell_name,
)
from generator.games.hex.rules import read_moves

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


def _markup(markup: Markup) -> str:
    """A node's markup as SGF's properties, in the order FF[4] lists them."""
    out = []
    for ident, mark in (("CR", "circle"), ("MA", "cross"), ("SQ", "square"),
                        ("TR", "triangle")):
        cells = [cell_name(c) for c, kind in markup.marks if kind == mark]
        if cells:
            out.append(ident + "".join(f"[{c}]" for c in cells))
    for ident, pairs in (("AR", markup.arrows), ("LN", markup.lines)):
        if pairs:
            out.append(ident + "".join(f"[{cell_name(a)}:{cell_name(b)}]" for a, b in pairs))
    if markup.labels:
        out.append("LB" + "".join(f"[{cell_name(c)}:{_escape(text)}]"
                                  for c, text in markup.labels))
    return "".join(out)


def _setups(setup: tuple[Setup, ...], to_play: tuple[ToPlay, ...]) -> dict[int, list[str]]:
    """Each setup, and each player to move, as its property, by the move it comes before."""
    out: dict[int, list[str]] = {}
    for step in setup:
        add = {BLACK: "AB", WHITE: "AW", None: "AE"}[step.colour]
        out.setdefault(step.before, []).append(
            add + "".join(f"[{cell_name(c)}]" for c in step.cells))
    for turn in to_play:
        out.setdefault(turn.before, []).append(f"PL[{'B' if turn.colour == BLACK else 'W'}]")
    return out


@dataclass(slots=True)
class _Node:
    """A node to write: its properties, the move number its line has reached there, and
    its children (its line's next node first, then the variations branching there)."""
    text: str
    reached: int
    children: list[_Node] = field(default_factory=list)


def _line(moves: tuple[Move, ...], setup: tuple[Setup, ...], first: int, head: str,
          branches: tuple[Branch, ...], work: list[tuple[_Node, Branch]],
          to_play: tuple[ToPlay, ...] = ()) -> _Node:
    """A line's nodes, chained: `head` (what the node before its first move holds, with
    the setups before move `first`), then one a move or setup. Each variation is left in
    `work` with the node it hangs from, to be made in its turn (no recursion)."""
    setups = _setups(setup, to_play)
    start = _Node(head + "".join(setups.pop(first, [])), first - 1)
    chain = [start]
    for move in moves:
        value = _move_value(move)
        extra = "".join(setups.pop(move.number, [])) if move.number > first else ""
        if value is None and not extra:
            continue
        text = extra
        if value is not None:
            text += f"{'B' if move.colour == BLACK else 'W'}[{value}]"
        if move.comment:
            text += f"C[{_escape(move.comment)}]"
        chain.append(_Node(text + _markup(move.markup), move.number))
    chain += [_Node("".join(rest), chain[-1].reached) for _, rest in sorted(setups.items())]
    for a, b in zip(chain, chain[1:], strict=False):
        a.children.append(b)
    for branch in branches:
        # Hung from the last node before its first move.
        where = max((n for n in chain if n.reached < branch.at), key=lambda n: n.reached)
        work.append((where, branch))
    return start


def write_sgf(record: GameRecord) -> str:
    """The record as SGF: the root's game information, then one node a move, and each
    variation as a game tree beside the line it branches from, as HexGui writes them
    (SgfWriter.java: a node of several children writes each as `(;...)`). Made and written
    by loops, not a recursion: records nest variations up to 1,000 deep."""
    size = str(record.columns) if record.square else f"{record.columns}:{record.rows}"
    root = [f"FF[4]CA[UTF-8]AP[pnp:{__version__}]GM[11]SZ[{size}]"]
    for ident, text in (("PB", record.players.black), ("PW", record.players.white),
                        ("EV", record.event), ("RO", record.round), ("DT", record.date),
                        ("PC", record.place), ("GN", record.name),
                        ("RE", _result(record)), ("C", record.comment)):
        if text:
            root.append(f"{ident}[{_escape(text)}]")
    root.append(_markup(record.markup))
    work: list[tuple[_Node, Branch]] = []
    top = _line(record.moves, record.setup, 1, "".join(root), record.branches, work,
                record.to_play)
    while work:
        where, branch = work.pop(0)
        head = (f"C[{_escape(branch.comment)}]" if branch.comment else "") + \
            _markup(branch.markup)
        start = _line(branch.moves, branch.setup, branch.at, head, branch.branches, work)
        # A variation's first node is its first move, unless something stands before it.
        where.children += [start] if start.text or not start.children else start.children
    out: list[str] = []
    stack: list[_Node | None] = [top]        # None: close the tree opened before it
    while stack:
        node = stack.pop()
        if node is None:
            out.append(")")
            continue
        opening = "("
        while True:
            out.append(f"{opening};{node.text}")
            opening = ""
            if len(node.children) != 1:
                break
            node = node.children[0]
        stack.append(None)
        stack += reversed(node.children)
    return "\n".join(_wrapped(out)) + "\n"


def _wrapped(tokens: list[str]) -> list[str]:
    """The tokens as lines, a node or tree mark a line start where HexGui's writer starts
    one (past 72 characters), so a long game stays readable in an editor."""
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + len(token) > 72:
            lines.append(line)
            line = ""
        line += token
    return [*lines, line] if line else lines


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
    # Which cells are reflected: after a swap-pieces, the moves after it (the position
    # reflected and its colours exchanged is the same game, with the stones staying); else
    # none, the move list naming its cells as the record does.
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
            mirror = swapped and reading == "swap-pieces"
            cell = move.cell.mirrored() if mirror else move.cell
            lines.append(f"{number}. {_list_name(cell)}")
        else:
            lines.append(f"# {move.colour.capitalize()}: {move.written or move.kind}")
    return "\n".join(lines) + "\n"


def from_move_list(text: str) -> GameRecord:
    """A move list (Red first) as a record in SGF's terms: Red's moves Black's, each cell
    the same, and the swap HexGui's way (the stones stay, and White moves after it)."""
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
        cell = Cell(h.q, h.r)
        moves.append(Move(number, colour, "cell", cell, cell_name(cell)))
        colour = WHITE if colour == BLACK else BLACK
    return GameRecord("move-list", size, size, tuple(moves), players=Players())
