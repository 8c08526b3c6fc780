"""Plain-text board files: one line per row, one symbol per cell, for the judges.

Spaces between symbols and before a row are ignored, so a row may be indented to show the
rhombus; `#` starts a comment. Errors name the line and column a user should look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .errors import UserError
from .geometry import Hex

_CELL = re.compile(r"([a-z])(\d{1,2})$")


class GridError(UserError, ValueError):
    """A file a judge cannot read; str() is one line naming where."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column = line, column


@dataclass(frozen=True)
class Symbol:
    char: str
    line: int
    column: int


def content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text without comment) for every line that has something on it."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if body.strip():
            out.append((number, body))
    return out


def setting(lines: list[tuple[int, str]], keyword: str, valid: Callable[[str], bool],
            placeholder: str,
            meaning: str) -> str | None:
    """The value of a first line `KEYWORD VALUE`, taken off the lines, or None if the file
    does not start with one; `valid(value)` decides, and a bad one is explained as
    'KEYWORD PLACEHOLDER', MEANING."""
    if not lines or lines[0][1].split()[0].lower() != keyword:
        return None
    number, body = lines.pop(0)
    words = body.split()
    if len(words) != 2 or not valid(words[1]):
        raise GridError(number, 1, f"expected '{keyword} {placeholder}', {meaning}")
    return words[1].lower()


def read_grid(lines: list[tuple[int, str]], symbols: str, sizes: range) -> list[list[Symbol]]:
    """A square grid of the given symbols, N rows of N, N in sizes, from content lines."""
    rows = []
    for number, body in lines:
        row = []
        for col, ch in enumerate(body, start=1):
            if ch in " \t":
                continue
            if ch.upper() not in symbols:
                raise GridError(number, col, f"'{ch}' is not one of {' '.join(symbols)}")
            row.append(Symbol(ch.upper(), number, col))
        rows.append(row)
    if not rows:
        raise GridError(1, 1, "the file holds no board")
    size = len(rows)
    if size not in sizes:
        raise GridError(rows[0][0].line, 1, f"a board of {size} rows; sizes {sizes.start} to "
                                            f"{sizes.stop - 1} are judged")
    for row in rows:
        if len(row) != size:
            at = row[-1] if row else None
            raise GridError(at.line if at else 1, (at.column + 1) if at else 1,
                            f"this row has {len(row)} cells; a board of {size} rows needs "
                            f"{size} in every row")
    return rows


def column_name(col: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[col]


def cell_name(col: int, row: int) -> str:
    """A cell as players write it: column letter, then row number from 1."""
    return f"{column_name(col)}{row + 1}"


def hex_name(h: Hex) -> str:
    """A hex cell as players write it: column letter (q), row number (r + 1)."""
    return cell_name(h.q, h.r)


def parse_cell(token: str, size: int) -> tuple[int, int] | None:
    """(q, r) from a name such as c4 (column letter, row number), or None if off the board."""
    m = _CELL.match(token)
    if not m:
        return None
    q, r = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    return (q, r) if 0 <= q < size and 0 <= r < size else None
