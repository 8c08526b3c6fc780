"""SGF's syntax (FF[4], https://www.red-bean.com/sgf/sgf4.html): the bytes decoded in the
record's charset, and the main line of its first game tree as nodes of properties.

Only the first game tree of a collection is read, as HexGui reads it, and of that tree only
the main line: at each branching, the first variation. The others are parsed (a record must
be well formed throughout) and counted, not kept. The parser is a loop with a depth counter,
not a recursion, and every size is bounded (model.py), so a hostile record is refused in
time linear in its length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.gridfile import LIMIT, LIMIT_NAME
from generator.games.hex.records.model import MAX_DEPTH, MAX_VALUE, RecordError

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CHARSET = re.compile(rb"CA\s*\[([^\]\\]{0,64})\]")
_ASCII = bytes(range(32, 127))
_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z]+")
# Inside a value: anything but `]` and `\`, or an escaped character.
_VALUE_RUN = re.compile(r"(?:[^\]\\]+|\\.)*", re.DOTALL)
# What may follow a value's closing `]` in a well-formed record. Little Golem does not escape
# `]` in names ("PW[Shumacher;]]"), so a `]` followed by anything else is read as part of
# the value, as PlayHex reads Little Golem's files (src/shared/app/little-golem/).
_AFTER_VALUE = re.compile(r"\s*(?:[\[;()]|[A-Za-z]{1,32}\s*\[|$)")


@dataclass(frozen=True, slots=True)
class Prop:
    name: str
    values: tuple[str, ...]
    at: int                    # index in the text, for messages


@dataclass(frozen=True, slots=True)
class Tree:
    """The main line of the record's first game tree."""
    text: str
    nodes: tuple[tuple[Prop, ...], ...]
    variations: int


def _end(pattern: re.Pattern[str], text: str, i: int) -> int:
    """Where a pattern that matches the empty string stops matching from text[i]."""
    m = pattern.match(text, i)
    return m.end() if m else i


def _skip(text: str, i: int) -> int:
    return _end(_SPACE, text, i)


def where(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def decode(data: bytes) -> str:
    """The record's text: UTF-16 with its byte-order mark; else the charset its CA property
    names; else UTF-8, or ISO-8859-1 (FF[4]'s default charset) when it is not UTF-8."""
    if len(data) > LIMIT:
        raise RecordError(f"the record goes on past {LIMIT_NAME} ({LIMIT:,} bytes); records "
                          f"are read up to that size")
    if data.startswith(_UTF16_BOMS):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as err:
            raise RecordError(f"this is not UTF-16 text (byte {err.start})") from None
    found = _CHARSET.search(data)
    if found is None:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode("iso-8859-1")
    name = found.group(1).decode("ascii", "replace").strip()
    try:
        if _ASCII.decode(name) != _ASCII.decode("ascii"):
            raise LookupError(name)
        return data.decode(name).removeprefix("\ufeff")
    except (LookupError, ValueError) as err:
        if isinstance(err, UnicodeDecodeError):
            raise RecordError(f"the record is not {name} text, as its CA property says (byte "
                              f"{err.start}: {data[err.start:err.start + 4].hex(' ')})"
                              ) from None
        raise RecordError(f"CA[{name[:20]}] is not a charset SGF records are written in "
                          f"(UTF-8, ISO-8859-1, ...)") from None


def parse(text: str) -> Tree:
    """The main line of the first game tree in `text`."""
    if len(text) > LIMIT:
        raise RecordError(f"the record goes on past {LIMIT:,} characters")
    i = text.find("(")
    if i < 0:
        raise RecordError("this is not an SGF record: it has no game tree '(;...)'")
    nodes: list[tuple[Prop, ...]] = []
    node: list[Prop] | None = None
    # For each open tree: (on the main line, has had a subtree already).
    stack: list[list[bool]] = []
    variations = 0
    end = len(text)
    while True:
        i = _skip(text, i)
        if i >= end:
            raise RecordError(f"the record ends before its game tree is closed (it has "
                              f"{len(stack)} '(' left open): is it cut short?")
        ch = text[i]
        if ch == "(":
            if len(stack) >= MAX_DEPTH:
                raise RecordError(f"{where(text, i)}: variations nested more than "
                                  f"{MAX_DEPTH} deep")
            if stack:
                parent = stack[-1]
                main = parent[0] and not parent[1]
                variations += not main
                parent[1] = True
            else:
                main = True
            stack.append([main, False])
            node = None
            i += 1
        elif ch == ")":
            if node is None and not stack[-1][1]:
                raise RecordError(f"{where(text, i)}: a game tree with no node in it")
            stack.pop()
            node = None
            i += 1
            if not stack:
                return Tree(text, tuple(nodes), variations)
        elif ch == ";":
            if stack[-1][1]:
                raise RecordError(f"{where(text, i)}: a node after a variation; a game tree's "
                                  f"nodes come before its variations")
            node = []
            if stack[-1][0]:
                nodes.append(())      # filled in when the node ends
            i += 1
            i = _properties(text, i, node)
            if stack[-1][0]:
                nodes[-1] = tuple(node)
        else:
            raise RecordError(f"{where(text, i)}: {text[i]!r} where SGF expects '(', ';' or "
                              f"')'")


def _properties(text: str, i: int, node: list[Prop]) -> int:
    """Read a node's properties from text[i:]; the index after them."""
    while True:
        i = _skip(text, i)
        ident = _IDENT.match(text, i)
        if ident is None:
            return i
        at = i
        # FF[3] allowed lower-case letters in a name, and said to ignore them (`AddBlack`).
        name = "".join(ch for ch in ident.group() if ch.isupper())
        if len(ident.group()) > 32:
            raise RecordError(f"{where(text, at)}: a property name of {len(ident.group())} "
                              f"letters")
        i = _skip(text, ident.end())
        values: list[str] = []
        while i < len(text) and text[i] == "[":
            value, i = _value(text, i + 1)
            values.append(value)
            i = _skip(text, i)
        if not values:
            raise RecordError(f"{where(text, at)}: the property {ident.group()[:32]} has no "
                              f"value '[...]'")
        node.append(Prop(name, tuple(values), at))


def _value(text: str, i: int) -> tuple[str, int]:
    """The value starting at text[i] (after its `[`), unescaped, and the index after `]`."""
    start = i
    parts: list[str] = []
    while True:
        j = _end(_VALUE_RUN, text, i)
        parts.append(text[i:j])
        if j - start > MAX_VALUE:
            raise RecordError(f"{where(text, start)}: a property value longer than "
                              f"{MAX_VALUE:,} characters")
        if j >= len(text):
            raise RecordError(f"{where(text, start)}: a property value '[' that is never "
                              f"closed: is the record cut short?")
        if _AFTER_VALUE.match(text, j + 1):
            break
        parts.append("]")      # Little Golem's unescaped `]` inside a name
        i = j + 1
    raw = "".join(parts)
    if "\\" in raw:
        # SGF's escapes: `\` before a line break removes both; before anything else, keeps it.
        raw = re.sub(r"\\(\r\n|\n\r|\r|\n)|\\(.)", lambda m: m.group(2) or "", raw,
                     flags=re.DOTALL)
    return raw, j + 1
