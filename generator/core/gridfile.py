"""Plain-text board files: one line per row, one symbol per cell, for the judges.

Spaces between symbols and before a row are ignored, so a row may be indented to show the
rhombus; `#` starts a comment. Errors name the line and column a user should look at.

The formats are ASCII: letters, digits and spaces are matched as ASCII only, so a look-alike
(a superscript digit, a Cyrillic letter, a dotted capital I) is refused by name rather than
read as something else. Lines end in LF, CRLF or CR, and a leading byte-order mark is skipped.
A judge reads at most LIMIT bytes.
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.core.hexgrid import Hex
from generator.errors import UserError

# A cell's name; compiled when first used (_cell_name), as the Hex KB judge names none.
_CELL = r"([a-z])([0-9]{1,2})"
_LINE_END = re.compile(r"\r\n|\r|\n")
_DIGITS = re.compile(r"[0-9]+", re.ASCII)
BLANK = " \t"                   # the only spaces a file may have between symbols
BOM = "\ufeff"
# The most a judge reads. The longest real files are Nex move lists: a game on the largest
# board (26 × 26) lasts some 700 turns, under 64 KiB even with a comment on every turn.
LIMIT = 256 * 1024
LIMIT_NAME = "256 KiB"


class GridError(UserError, ValueError):
    """A file a judge cannot read; str() is one line naming where."""

    def __init__(self, line: int, column: int, *, message: str):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column = line, column


@dataclass(frozen=True, slots=True)
class Symbol:
    """A cell's symbol as read, and where it stands in the file."""
    char: str
    line: int
    column: int


def quoted(text: str, most: int = 20) -> str:
    """Text from a file as a message shows it: quoted, cut short, control characters and
    unusual spaces escaped (so the message stays one line), and the first other character
    that is not ASCII named by its code point, as look-alikes are common."""
    cut = text[:most]
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                    for ch in cut)
    out = f"'{shown}{'…' if len(text) > most else ''}'"
    odd = next((ch for ch in cut if not ch.isascii() and ch.isprintable()), None)
    if odd is not None:
        out += f" (U+{ord(odd):04X})" if len(text) == 1 else f" (with U+{ord(odd):04X})"
    return out


def split_lines(text: str) -> list[str]:
    """The lines of a text as an editor numbers them: LF, CRLF and CR end a line, and
    nothing else does."""
    return _LINE_END.split(text)


def position(text: str, index: int) -> tuple[int, int]:
    """(line, column) of text[index], counting as content_lines does."""
    if text.startswith(BOM):
        text, index = text[1:], max(index - 1, 0)
    before = split_lines(text[:index])
    return len(before), len(before[-1]) + 1


def decode(data: bytes) -> str:
    """The text of a file a judge was given: UTF-8 (with or without the byte-order mark
    Notepad writes), or UTF-16 with its byte-order mark (as Windows PowerShell writes). A file
    over LIMIT bytes, or bytes that are not text, stop with the line and column where."""
    if len(data) > LIMIT:
        line, column = position(data[:LIMIT].decode("utf-8", "replace"), LIMIT)
        raise GridError(line, column, message=f"the file goes on past {LIMIT_NAME} ({LIMIT:,} "
                                              f"bytes); a judge reads files up to that size")
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    codec = "utf-16" if utf16 else "utf-8"
    try:
        return data.decode(codec)
    except UnicodeDecodeError as err:
        line, column = position(data[:err.start].decode(codec, "replace"), err.start)
        bad = data[err.start:err.end][:4].hex(" ")
        raise GridError(line, column,
                        message=f"this is not {codec.upper()} text (bytes {bad}); save "
                                f"the file as UTF-8") from None


def content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text without comment) for every line that has something on it."""
    if len(text) > LIMIT:
        raise GridError(*position(text, LIMIT),
                        message=f"the text goes on past {LIMIT:,} characters; "
                                f"a judge reads files up to {LIMIT_NAME}")
    if text.startswith(BOM):
        text = text[1:]
    # A line cut at its comment and stripped of blanks at its end holds something if it
    # holds anything at all (its last character is then not a blank).
    bodies = [raw.partition("#")[0].rstrip(BLANK) for raw in split_lines(text)]
    return [(number, body) for number, body in enumerate(bodies, start=1) if body]


def words(body: str) -> list[str]:
    """A line's words, split at ASCII spaces and tabs only."""
    return [w for w in body.replace("\t", " ").split(" ") if w]


def small_number(word: str) -> int | None:
    """The value of a word of ASCII digits (leading zeros allowed), or None; numbers of more
    than six digits, which no setting can take, are None too."""
    if not _DIGITS.fullmatch(word):
        return None
    digits = word.lstrip("0") or "0"
    return int(digits) if len(digits) <= 6 else None


def setting(lines: list[tuple[int, str]], keyword: str, *, valid: Callable[[str], bool],
            placeholder: str,
            meaning: str) -> str | None:
    """The value of a first line `KEYWORD VALUE`, taken off the lines, or None if the file
    does not start with one; `valid(value)` decides, and a bad one is explained as
    'KEYWORD PLACEHOLDER', MEANING."""
    if not lines:
        return None
    first = words(lines[0][1])
    if not (first[0].isascii() and first[0].lower() == keyword):
        return None
    number_, _ = lines.pop(0)
    if len(first) != 2 or not valid(first[1]):
        raise GridError(number_, 1, message=f"expected '{keyword} {placeholder}', {meaning}")
    return first[1].lower()


def read_grid(lines: list[tuple[int, str]], symbols: str, *, sizes: range) -> list[list[Symbol]]:
    """A square grid of the given symbols, N rows of N, N in sizes, from content lines.
    Symbols are ASCII, either case; a row or a board larger than the largest size stops at
    the first cell too many."""
    most = sizes.stop - 1
    rows: list[list[Symbol]] = []
    for number_, body in lines:
        if len(rows) == most:
            raise GridError(number_, 1, message=f"a board of more than {most} rows; sizes "
                                                f"{sizes.start} to {most} are judged")
        row: list[Symbol] = []
        for col, ch in enumerate(body, start=1):
            if ch in BLANK:
                continue
            if not (ch.isascii() and ch.upper() in symbols):
                raise GridError(number_, col, message=f"{quoted(ch)} is not one of "
                                                      f"{' '.join(symbols)}")
            if len(row) == most:
                raise GridError(number_, col, message=f"a row of more than {most} cells; sizes "
                                                      f"{sizes.start} to {most} are judged")
            row.append(Symbol(ch.upper(), number_, col))
        rows.append(row)
    if not rows:
        raise GridError(1, 1, message="the file holds no board")
    size = len(rows)
    if size not in sizes:
        raise GridError(rows[0][0].line, 1,
                        message=f"a board of {size} row{'' if size == 1 else 's'}; "
                                f"sizes {sizes.start} to {sizes.stop - 1} are "
                                f"judged")
    for row in rows:
        if len(row) != size:
            at = row[-1] if row else None
            raise GridError(at.line if at else 1, (at.column + 1) if at else 1,
                            message=f"this row has {len(row)} cell{'' if len(row) == 1 else 's'}; "
                                    f"a board of {size} row{'' if size == 1 else 's'} needs {size} "
                                    f"in every row")
    return rows


def column_name(col: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[col]


def cell_name(col: int, row: int) -> str:
    """A cell as players write it: column letter, then row number from 1."""
    return f"{column_name(col)}{row + 1}"


def hex_name(h: Hex) -> str:
    """A hex cell as players write it: column letter (q), row number (r + 1)."""
    return cell_name(h.q, h.r)


@functools.cache
def _cell_name() -> re.Pattern[str]:
    """_CELL compiled, once: every cell of a move list is read with it, and re.fullmatch
    would look its compiled form up again for each (its flags combined anew each time)."""
    return re.compile(_CELL, re.ASCII | re.IGNORECASE)


def parse_cell(token: str, size: int) -> tuple[int, int] | None:
    """(q, r) from a name such as c4 or C4 (column letter, row number), or None if it is not
    a cell of the board."""
    m = _cell_name().fullmatch(token)
    if not m:
        return None
    q, r = ord(m.group(1).lower()) - ord("a"), int(m.group(2)) - 1
    return (q, r) if 0 <= q < size and 0 <= r < size else None
