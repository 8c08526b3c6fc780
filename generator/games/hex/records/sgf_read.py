"""A Hex SGF record's meaning (https://www.red-bean.com/sgf/hex.html, GM[11]), as HexGui,
MoHex and Little Golem write it.

- Cells are a column's letters and a row's number, any case (`a1`, `G5`, `aA27`); HexGui
  also reads Go's two letters, column then row from `a` (`aa` is a1), which Little Golem
  writes (HexGui's src/hexgui/sgf/SgfReader.java, parsePoint).
- Special moves: `swap-pieces`, `swap-sides`, the older `swap` (HexGui's HexPoint.get reads
  it as swap-pieces, Little Golem writes it), `resign`, `forfeit`; any case.
- Little Golem's records carry no GM and name the first player's moves W: its W nodes are
  PB's, PB moves first and joins the top and bottom rows, and RE names the winner as B (PB)
  or W (PW) (PlayHex's reader, src/shared/app/little-golem/littleGolemHsgf.ts). They are
  read here in SGF's terms: PB is Black, and its moves are Black's.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field, replace

from generator.games.hex.records.model import (
    BLACK,
    MAX_SIDE,
    NO_MARKUP,
    WHITE,
    Branch,
    Cell,
    Colour,
    GameRecord,
    Mark,
    Markup,
    Move,
    MoveKind,
    Players,
    RecordError,
    Setup,
    ToPlay,
    column_number,
)
from generator.games.hex.records.sgf import Prop, Tree, parse, where

HEX = "11"
DEFAULT_SIDE = 11
_CELL = re.compile(r"([a-z]{1,3})([0-9]{1,3})", re.ASCII)
_GO_POINT = re.compile(r"[a-z]{2}", re.ASCII)
_SIZE = re.compile(r"\s*([0-9]{1,12})\s*(?::\s*([0-9]{1,12})\s*)?", re.ASCII)
SPECIAL: dict[str, MoveKind] = {"swap-pieces": "swap", "swap-sides": "swap", "swap": "swap",
                                "resign": "resign", "forfeit": "forfeit"}


def read_sgf(text: str) -> GameRecord:
    tree = parse(text)
    if not tree.nodes:
        raise RecordError("the record's game tree has no node")
    root = {p.name: p for p in tree.nodes[0]}
    game = _first(root, "GM")
    if game is not None and game.strip() != HEX:
        raise RecordError(f"this SGF record is of game GM[{game.strip()[:8]}], not Hex "
                          f"(GM[11])")
    columns, rows = _size(tree, root.get("SZ"))
    reader = _Reader(tree, columns, rows, _is_little_golem(tree, root), tree.children())
    main = reader.line(0, 0)
    return GameRecord(
        format="little-golem" if reader.golem else "sgf", columns=columns, rows=rows,
        moves=tuple(main.moves), setup=tuple(main.setup), to_play=tuple(main.to_play),
        players=Players(_text(root, "PB"), _text(root, "PW")),
        event=_event(_text(root, "EV")), round=_text(root, "RO"), date=_text(root, "DT"),
        place=_text(root, "PC"), result=_text(root, "RE"),
        comment=printed(_first(root, "C") or "").strip(),
        variations=tree.variations, name=_text(root, "GN"), markup=main.markup,
        branches=reader.branches(main))


@dataclass(slots=True)
class _Line:
    """A line of play as it is read, node by node (a builder, never handed out)."""
    moves: list[Move] = field(default_factory=list)
    setup: list[Setup] = field(default_factory=list)
    to_play: list[ToPlay] = field(default_factory=list)
    comment: str = ""                  # of the nodes before its first move
    markup: Markup = NO_MARKUP         # likewise
    forks: list[tuple[int, int]] = field(default_factory=list)   # (node, moves before it)


# The marks SGF draws on cells, by property.
MARKS: dict[str, Mark] = {"MA": "cross", "TR": "triangle", "SQ": "square", "CR": "circle"}


@dataclass(frozen=True, slots=True)
class _Reader:
    """Reads a record's lines of play: the main line from the root, each variation from the
    node it starts at, every node's moves, setup, comment and markup."""
    tree: Tree
    columns: int
    rows: int
    golem: bool
    children: tuple[tuple[int, ...], ...]

    def line(self, start: int, before: int) -> _Line:
        """The line from node `start` on, following each node's first child, after
        `before` moves; the variations branching off it are kept as forks to read."""
        out = _Line()
        k = start
        while True:
            props = self.tree.every[k]
            comment = "\n".join(printed(v) for p in props if p.name == "C"
                                for v in p.values).strip() if k else ""
            for prop in props:
                if prop.name in ("AB", "AW", "AE"):
                    colour = {"AB": BLACK, "AW": WHITE}.get(prop.name)
                    cells = tuple(c for v in prop.values for c in self.cells(prop, v))
                    out.setup.append(Setup(before + len(out.moves) + 1, colour, cells))
                elif prop.name == "PL":
                    out.to_play.append(ToPlay(before + len(out.moves) + 1,
                                              _player(self.tree, prop)))
            markup = self.markup(props)
            played = [p for p in props if p.name in ("B", "W")]
            if len(played) > 1:
                raise RecordError(f"{where(self.tree.text, played[1].at)}: a node with two "
                                  f"moves ({played[0].name} and {played[1].name})")
            if played:
                prop = played[0]
                colour = BLACK if (prop.name == "B") != self.golem else WHITE
                out.moves.append(_move(self.tree, prop, before + len(out.moves) + 1, colour,
                                       self.columns, self.rows, comment, markup))
            elif out.moves and (comment or markup):
                # A node without a move comments on the position its line has reached.
                last = out.moves[-1]
                out.moves[-1] = replace(last, comment="\n".join(
                    filter(None, (last.comment, comment))), markup=last.markup + markup)
            else:
                out.comment = "\n".join(filter(None, (out.comment, comment)))
                out.markup = out.markup + markup
            kids = self.children[k]
            out.forks += [(kid, before + len(out.moves)) for kid in kids[1:]]
            if not kids:
                return out
            k = kids[0]

    def branches(self, main: _Line) -> tuple[Branch, ...]:
        """The variations off the main line, each with its own, read breadth first (no
        recursion: records nest variations up to model.MAX_DEPTH deep)."""
        read: list[tuple[_Line, int]] = []            # each variation and its first move
        parents: list[int] = []                       # each's parent (-1: the main line)
        queue = [(node, before, -1) for node, before in main.forks]
        for node, before, parent in queue:
            line = self.line(node, before)
            queue += [(kid, at, len(read)) for kid, at in line.forks]
            read.append((line, before + 1))
            parents.append(parent)
        kids: list[list[Branch]] = [[] for _ in read]
        top: list[Branch] = []
        # A variation is read after the one it branches from: built from the last back.
        for k in range(len(read) - 1, -1, -1):
            line, at = read[k]
            branch = Branch(at, tuple(line.moves), tuple(line.setup), line.comment,
                            line.markup, tuple(reversed(kids[k])))
            (kids[parents[k]] if parents[k] >= 0 else top).append(branch)
        return tuple(reversed(top))

    def cells(self, prop: Prop, value: str) -> list[Cell]:
        """The cells a value names: one, or FF[4]'s rectangle of them (`a1:c3`)."""
        corner, colon, other = value.partition(":")
        if not colon:
            return [_cell(self.tree, prop, value, self.columns, self.rows)]
        a = _cell(self.tree, prop, corner, self.columns, self.rows)
        b = _cell(self.tree, prop, other, self.columns, self.rows)
        return [Cell(q, r) for r in range(min(a.row, b.row), max(a.row, b.row) + 1)
                for q in range(min(a.column, b.column), max(a.column, b.column) + 1)]

    def pair(self, prop: Prop, value: str) -> tuple[Cell, Cell]:
        """An arrow's or a line's two cells (`a1:c3`)."""
        start, colon, end = value.partition(":")
        if not colon:
            raise RecordError(f"{where(self.tree.text, prop.at)}: {prop.name}[{value[:20]}] "
                              f"is not two cells (a1:c3)")
        return (_cell(self.tree, prop, start, self.columns, self.rows),
                _cell(self.tree, prop, end, self.columns, self.rows))

    def markup(self, props: tuple[Prop, ...]) -> Markup:
        labels: list[tuple[Cell, str]] = []
        marks: list[tuple[Cell, Mark]] = []
        arrows: list[tuple[Cell, Cell]] = []
        lines: list[tuple[Cell, Cell]] = []
        for prop in props:
            if prop.name == "LB":
                for value in prop.values:
                    where_, colon, label = value.partition(":")
                    if not colon:
                        raise RecordError(f"{where(self.tree.text, prop.at)}: "
                                          f"LB[{value[:20]}] is not a cell and its label "
                                          f"(a1:A)")
                    cell = _cell(self.tree, prop, where_, self.columns, self.rows)
                    words = " ".join(printed(label).split())
                    if words:
                        labels.append((cell, words))
            elif prop.name in MARKS:
                marks += [(c, MARKS[prop.name]) for v in prop.values
                          for c in self.cells(prop, v)]
            elif prop.name in ("AR", "LN"):
                (arrows if prop.name == "AR" else lines).extend(
                    self.pair(prop, v) for v in prop.values)
        if not (labels or marks or arrows or lines):
            return NO_MARKUP
        return Markup(tuple(labels), tuple(marks), tuple(arrows), tuple(lines))


def _player(tree: Tree, prop: Prop) -> Colour:
    """PL's colour, B or W in any case (as AB and AW are read, in SGF's terms)."""
    value = prop.values[0].strip().upper()
    if value not in ("B", "W"):
        raise RecordError(f"{where(tree.text, prop.at)}: PL[{prop.values[0][:20]}] is not a "
                          f"player to move (PL[B] or PL[W])")
    return BLACK if value == "B" else WHITE


def _first(props: dict[str, Prop], name: str) -> str | None:
    prop = props.get(name)
    return prop.values[0] if prop else None


def _text(props: dict[str, Prop], name: str) -> str:
    """A SimpleText value: line breaks and runs of spaces become one space."""
    return " ".join(printed(_first(props, name) or "").split())


def printed(value: str) -> str:
    """A text value as it is printed: composed (NFC), so a name typed as letters and separate
    marks (e, then U+0302 and U+0303) prints as the same name typed composed (ễ), its marks
    placed by the font; without control characters (ESC, BEL, NUL: boxes on the page) or
    soft hyphens (Vera draws one as a hyphen). Line breaks and other spaces stay."""
    return "".join(ch for ch in unicodedata.normalize("NFC", value)
                   if ch.isspace() or ch != "\u00ad" and unicodedata.category(ch) != "Cc")


def _event(ev: str) -> str:
    return "" if ev == "null" else ev    # Little Golem writes EV[null] for no event


def _size(tree: Tree, prop: Prop | None) -> tuple[int, int]:
    if prop is None:
        return DEFAULT_SIDE, DEFAULT_SIDE
    m = _SIZE.fullmatch(prop.values[0])
    if m is None:
        raise RecordError(f"{where(tree.text, prop.at)}: SZ[{prop.values[0][:20]}] is not a "
                          f"board size (SZ[11], or SZ[columns:rows])")
    columns = int(m.group(1))
    rows = int(m.group(2) or m.group(1))
    if not (1 <= columns <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise RecordError(f"{where(tree.text, prop.at)}: SZ[{prop.values[0][:20]}]: a side "
                          f"is 1 to {MAX_SIDE} cells")
    return columns, rows


def _is_little_golem(tree: Tree, root: dict[str, Prop]) -> bool:
    """Little Golem's records name their source, or else have no GM and Go's two-letter
    cells (which never end in a digit, as Hex's cells do)."""
    if "littlegolem" in (_first(root, "SO") or "").lower():
        return True
    if "GM" in root:
        return False
    return any(_GO_POINT.fullmatch(p.values[0].strip().lower())
               for node in tree.nodes for p in node if p.name in ("B", "W"))


@functools.lru_cache(maxsize=4096)
def _point(value: str) -> Cell | None:
    """The cell a value names, in Hex's or Go's spelling, or None. Cached: a thousand records
    name the same few hundred cells, and reading them again was most of judging's time."""
    v = value.strip().lower()
    m = _CELL.fullmatch(v)
    if m:
        return Cell(column_number(m.group(1)), int(m.group(2)) - 1)
    if _GO_POINT.fullmatch(v):
        return Cell(ord(v[0]) - ord("a"), ord(v[1]) - ord("a"))
    return None


def _cell(tree: Tree, prop: Prop, value: str, columns: int, rows: int) -> Cell:
    cell = _point(value) if len(value) <= 16 else None
    if cell is None:
        raise RecordError(f"{where(tree.text, prop.at)}: {prop.name}[{value[:20]}] is not a "
                          f"cell (a1, c3, ...)")
    if not (0 <= cell.column < columns and 0 <= cell.row < rows):
        raise RecordError(f"{where(tree.text, prop.at)}: {prop.name}[{value[:20]}] is off the "
                          f"{columns} × {rows} board")
    return cell


def _move(tree: Tree, prop: Prop, number: int, colour: Colour, columns: int, rows: int,
          comment: str, markup: Markup) -> Move:
    value = prop.values[0]
    kind = SPECIAL.get(value.strip().lower())
    if kind is not None:
        return Move(number, colour, kind, None, value.strip(), comment, markup)
    cell = _cell(tree, prop, value, columns, rows)
    return Move(number, colour, "cell", cell, value.strip(), comment, markup)
