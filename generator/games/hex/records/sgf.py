"""SGF's syntax (FF[4], https://www.red-bean.com/sgf/sgf4.html): the bytes decoded in the
record's charset, and the main line of its game tree as nodes of properties.

A file holds one game: a collection of several game trees (`(;...)(;...)`, FF[4]'s
Collection) is refused by its count rather than cut to its first game without a word, as
HexGui would read it. The whole tree is kept: every node with its parent, the main line
being at each branching the first variation, the others counted. One regular expression
reads the tokens and a loop keeps a stack, not a recursion, and every size is bounded
(model.py), so a hostile record is refused in time linear in its length.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass

from generator.core.gridfile import LIMIT, LIMIT_NAME
from generator.games.hex.records.model import MAX_DEPTH, MAX_VALUE, RecordError

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CHARSET = re.compile(rb"CA\s*\[([^\]\\]{0,64})\]")
_ASCII = bytes(range(32, 127))
_SPACE = re.compile(r"\s*")
# What may follow a value's closing `]` in a well-formed record. Little Golem does not escape
# `]` in names ("PW[Shumacher;]]"), so a `]` followed by anything else is read as part of
# the value, as PlayHex reads Little Golem's files (src/shared/app/little-golem/).
_AFTER = r"\s*(?:[\[;()]|[A-Za-z]{1,32}\s*\[|\Z)"
# Inside a value: anything but `]` and `\`, an escaped character, or a `]` that does not
# close it. Written as "normal* (special normal*)*", so that no text is read two ways and a
# value that is never closed fails in time linear in its length.
_BODY = rf"[^\]\\]*(?:(?:\\.|\](?!{_AFTER}))[^\]\\]*)*"
_VALUE_RUN = re.compile(_BODY, re.DOTALL)
# One token: a mark, a property's name, or one of its values.
_TOKEN = re.compile(rf"\s*(?:([();])|([A-Za-z]+)|\[({_BODY})\](?={_AFTER}))", re.DOTALL)
_MARK_GROUP, _NAME_GROUP, _VALUE_GROUP = 1, 2, 3
_ESCAPE = re.compile(r"\\(\r\n|\n\r|\r|\n)|\\(.)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Prop:
    name: str
    values: tuple[str, ...]
    at: int                    # index in the text, for messages


@dataclass(frozen=True, slots=True)
class Tree:
    """The record's game tree: every node's properties in the order written, with its
    parent's index (-1 for the root, node 0); `nodes` is the main line's."""
    text: str
    nodes: tuple[tuple[Prop, ...], ...]
    variations: int
    every: tuple[tuple[Prop, ...], ...] = ()
    parents: tuple[int, ...] = ()

    def children(self) -> tuple[tuple[int, ...], ...]:
        """Each node's children by index, in the order written: the first is its line's
        next node, the others the variations branching there."""
        out: list[list[int]] = [[] for _ in self.every]
        for node, parent in enumerate(self.parents):
            if parent >= 0:
                out[parent].append(node)
        return tuple(tuple(c) for c in out)


def _skip(text: str, i: int) -> int:
    m = _SPACE.match(text, i)
    return m.end() if m else i


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
    """The main line of the one game tree in `text`; a file holding more than one (an SGF
    collection) is refused, naming how many it holds. Whatever follows the last tree and is
    not another tree is left alone, as before."""
    if len(text) > LIMIT:
        raise RecordError(f"the record goes on past {LIMIT:,} characters")
    i = text.find("(")
    if i < 0:
        raise RecordError("this is not an SGF record: it has no game tree '(;...)'")
    tree, end = _game_tree(text, i)
    games = 1
    while text.startswith("(", end := _skip(text, end)):
        _later, end = _game_tree(text, end)
        games += 1
    if games > 1:
        raise RecordError(f"the file holds {games} games (SGF game trees); pnp reads one "
                          f"game a file: save each game in a file of its own")
    return tree


def _game_tree(text: str, i: int) -> tuple[Tree, int]:
    """The game tree opening at text[i], and the index past its `)`.

    One regular expression reads the text token by token (a `(`, `)` or `;`, a property's
    name, or one of its values); a loop over the tokens keeps the open trees on a stack.
    Whatever the expression cannot take as a token (an unclosed value, a stray character)
    is named where it stands."""
    every: list[tuple[Prop, ...]] = []
    parents: list[int] = []
    main: list[int] = []           # the main line's nodes, by index
    node: list[Prop] = []
    filling = -1                   # the node whose properties are being read
    current = -1                   # the last node of the sequence being read
    # For each open tree: (on the main line, has had a subtree, has had a node, the node
    # it hangs from).
    stack: list[list[int]] = []
    variations = 0
    name, written, name_at = "", "", -1     # the property whose values are being read
    values: list[str] = []
    token = _TOKEN.match
    while True:
        m = token(text, i)
        if m is None:
            i = _skip(text, i)
            if name_at >= 0 and not values and not text.startswith("[", i):
                _no_value(text, name_at, written)
            _no_token(text, i, stack, name_at >= 0)
        i = m.end()
        kind = m.lastindex
        if kind == _VALUE_GROUP:
            if filling < 0 or name_at < 0:
                _no_token(text, m.start(_VALUE_GROUP) - 1, stack, False)
            value = m.group(_VALUE_GROUP)
            if len(value) > MAX_VALUE:
                raise RecordError(f"{where(text, m.start(_VALUE_GROUP))}: a property value "
                                  f"longer than {MAX_VALUE:,} characters")
            values.append(_unescape(value) if "\\" in value else value)
            continue
        if name_at >= 0:          # the property before this token is complete
            if not values:
                _no_value(text, name_at, written)
            node.append(Prop(name, tuple(values), name_at))
            name_at, values = -1, []
        if kind == _NAME_GROUP:
            if filling < 0:
                _no_token(text, m.start(_NAME_GROUP), stack, False)
            ident = m.group(_NAME_GROUP)
            if len(ident) > 32:
                raise RecordError(f"{where(text, m.start(_NAME_GROUP))}: a property name of "
                                  f"{len(ident)} letters")
            # FF[3] allowed lower-case letters in a name, and said to ignore them (`AddBlack`).
            name = ident if ident.isupper() else "".join(ch for ch in ident if ch.isupper())
            name_at, written = m.start(_NAME_GROUP), ident
            continue
        if filling >= 0:
            every[filling] = tuple(node)
            filling = -1
        ch = m.group(_MARK_GROUP)
        at = m.start(_MARK_GROUP)
        if ch == "(":
            if len(stack) >= MAX_DEPTH:
                raise RecordError(f"{where(text, at)}: variations nested more than "
                                  f"{MAX_DEPTH} deep")
            if stack:
                parent = stack[-1]
                on_main = bool(parent[0]) and not parent[1]
                variations += parent[1]     # a tree's first subtree goes on with its line
                parent[1] = 1
            else:
                on_main = True
            stack.append([on_main, 0, 0, current])
        elif not stack:
            _no_token(text, at, stack, False)
        elif ch == ")":
            if not stack[-1][1] and not stack[-1][2]:
                raise RecordError(f"{where(text, at)}: a game tree with no node in it")
            current = stack.pop()[3]
            if not stack:
                return Tree(text, tuple(every[k] for k in main), variations, tuple(every),
                            tuple(parents)), i
        else:                     # ";"
            if stack[-1][1]:
                raise RecordError(f"{where(text, at)}: a node after a variation; a game tree's "
                                  f"nodes come before its variations")
            every.append(())
            parents.append(current)
            current = filling = len(every) - 1
            if stack[-1][0]:
                main.append(current)
            node = []
            stack[-1][2] = 1


def _no_token(text: str, i: int, stack: list[list[int]], in_property: bool
              ) -> typing.NoReturn:
    """What stands at text[i], where no token could be read."""
    if i >= len(text):
        raise RecordError(f"the record ends before its game tree is closed (it has "
                          f"{len(stack)} '(' left open): is it cut short?")
    if text[i] == "[" and in_property:
        run = _VALUE_RUN.match(text, i + 1)
        if run and len(run[0]) > MAX_VALUE:
            raise RecordError(f"{where(text, i + 1)}: a property value longer than "
                              f"{MAX_VALUE:,} characters")
        raise RecordError(f"{where(text, i + 1)}: a property value '[' that is never "
                          f"closed: is the record cut short?")
    raise RecordError(f"{where(text, i)}: {text[i]!r} where SGF expects '(', ';' or ')'")


def _no_value(text: str, at: int, written: str) -> typing.NoReturn:
    raise RecordError(f"{where(text, at)}: the property {written[:32]} has no value '[...]'")


def _unescape(raw: str) -> str:
    # SGF's escapes: `\` before a line break removes both; before anything else, keeps it.
    return _ESCAPE.sub(lambda m: m.group(2) or "", raw)
