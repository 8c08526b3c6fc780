"""A game's judge, as the front ends use it: of a text (a position or a move list) and of a
file's bytes, with the facts `pnp judge --format json` prints. A game whose files are text
alone gives its judge of text (TextJudge); a game that reads other files too, such as Hex's
records, gives its judge of bytes as well (FileJudge).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from generator.core.formats import JsonValue
from generator.core.gridfile import decode


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a judge prints, and whether the file it read recorded only legal moves."""
    lines: tuple[str, ...]
    clean: bool


@dataclass(frozen=True, slots=True)
class Judged:
    """What a judge of a file's bytes gives: the lines it prints, whether every move was
    legal, and the facts `pnp judge --format json` prints as one JSON object."""
    lines: tuple[str, ...]
    clean: bool
    facts: dict[str, JsonValue]


class Judge(Protocol):
    """What `pnp judge` and the tests ask of a game's judge."""
    def text(self, text: str) -> Verdict: ...

    def file(self, data: bytes) -> Judged: ...


def illegal_lines(verdict: Verdict) -> list[JsonValue]:
    """The illegal turns a verdict names, as its `illegal: ` lines say them."""
    return [line.removeprefix("illegal: ") for line in verdict.lines
            if line.startswith("illegal: ")]


@dataclass(frozen=True, slots=True)
class TextJudge:
    """A judge of text: a file is decoded (generator/core/gridfile.py: byte-order marks,
    UTF-16, line ends) and judged as text; its facts are what `of_facts` finds in it (the
    winner, the criterion, the deciding turn: docs/commands.md) and the illegal turns."""
    of_text: Callable[[str], Verdict]
    of_facts: Callable[[str], dict[str, JsonValue]]

    def text(self, text: str) -> Verdict:
        return self.of_text(text)

    def file(self, data: bytes) -> Judged:
        text = decode(data)
        verdict = self.of_text(text)
        return Judged(verdict.lines, verdict.clean,
                      {**self.of_facts(text), "illegal": illegal_lines(verdict)})


@dataclass(frozen=True, slots=True)
class FileJudge:
    """A judge that reads a file's bytes itself (records as well as the game's own files)."""
    of_text: Callable[[str], Verdict]
    of_file: Callable[[bytes], Judged]

    def text(self, text: str) -> Verdict:
        return self.of_text(text)

    def file(self, data: bytes) -> Judged:
        return self.of_file(data)
