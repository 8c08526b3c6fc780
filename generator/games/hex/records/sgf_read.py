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

from generator.games.hex.records.model import (
    BLACK,
    MAX_SIDE,
    WHITE,
    Cell,
    Colour,
    GameRecord,
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
    golem = _is_little_golem(tree, root)
    moves: list[Move] = []
    setup: list[Setup] = []
    to_play: list[ToPlay] = []
    for node in tree.nodes:
        comment = ""
        for prop in node:
            if prop.name == "C":
                comment = "\n".join(map(printed, prop.values)).strip()
        for prop in node:
            if prop.name in ("AB", "AW", "AE"):
                colour = {"AB": BLACK, "AW": WHITE}.get(prop.name)
                cells = tuple(_cell(tree, prop, v, columns, rows) for v in prop.values)
                setup.append(Setup(len(moves) + 1, colour, cells))
            elif prop.name == "PL":
                to_play.append(ToPlay(len(moves) + 1, _player(tree, prop)))
        played = [p for p in node if p.name in ("B", "W")]
        if len(played) > 1:
            raise RecordError(f"{where(text, played[1].at)}: a node with two moves "
                              f"({played[0].name} and {played[1].name})")
        if played:
            prop = played[0]
            colour = BLACK if prop.name == "B" else WHITE
            if golem:
                colour = WHITE if colour == BLACK else BLACK
            moves.append(_move(tree, prop, len(moves) + 1, colour, columns, rows,
                               comment if node is not tree.nodes[0] else ""))
    root_comment = printed(_first(root, "C") or "")
    return GameRecord(
        format="little-golem" if golem else "sgf", columns=columns, rows=rows,
        moves=tuple(moves), setup=tuple(setup), to_play=tuple(to_play),
        players=Players(_text(root, "PB"), _text(root, "PW")),
        event=_event(_text(root, "EV")), round=_text(root, "RO"), date=_text(root, "DT"),
        place=_text(root, "PC"), result=_text(root, "RE"),
        comment=root_comment.strip(),
        variations=tree.variations)


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
          comment: str) -> Move:
    value = prop.values[0]
    kind = SPECIAL.get(value.strip().lower())
    if kind is not None:
        return Move(number, colour, kind, None, value.strip(), comment)
    cell = _cell(tree, prop, value, columns, rows)
    return Move(number, colour, "cell", cell, value.strip(), comment)
