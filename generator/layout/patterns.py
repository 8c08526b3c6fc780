"""Hyphenation patterns read as a typesetter needs them: the few that a sheet's words touch.

Pyphen parses every pattern of a dictionary when it opens it: 1.1 s for German's 66,000,
0.11 s for English's 14,000, on every command that sets a rule sheet. A sheet asks for the
hyphens of a few dozen words. So a dictionary is read here as its lines, each filed under its
letters (the line with its digits taken out, a C-speed `str.translate`), and a line's digits
are read only when a word contains its letters. Where a word may break is then worked out
exactly as Pyphen does (Liang's algorithm: the highest digit between two letters, odd means
a hyphen), and tests/test_typesetting.py holds the two to the same answers.

Dictionaries that use what this reader does not (hexadecimal ^^hh escapes, non-standard
hyphenation such as German's old "ck/k=k") are left to Pyphen whole.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

# Lines Pyphen skips: comments, and the hyphen minimums, which pnp sets itself.
IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
           "COMPOUNDRIGHTHYPHENMIN")
# Pyphen's own reading of a pattern: an optional digit before each letter.
_PAIRS = re.compile(r"(\d?)(\D?)").findall

Values = tuple[int, tuple[int, ...]]


def _values(line: str) -> Values:
    """A pattern's digits as Pyphen keeps them: the offset of the first that is not zero
    and the run up to the last; none for a pattern of zeros only (which Pyphen skips)."""
    values = [int(digit or "0") for digit, _ in _PAIRS(line)]
    if not any(values):
        return 0, ()
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, tuple(values[start:end])


class NonStandard(ValueError):
    """A dictionary with non-standard hyphenation, which Pyphen reads and this does not."""


class Patterns:
    """One dictionary's patterns, each line read when a word first needs it."""

    def __init__(self, body: bytes, encoding: str) -> None:
        """`body`: the dictionary file after its first line (the encoding's name). Read by
        whole-text operations, each a pass in C: a loop in Python over German's 78,000 lines
        would cost more than all the words of a sheet."""
        # Digits are single bytes in every encoding a dictionary declares (UTF-8 and the
        # 8-bit ones), so they come out of the bytes before decoding.
        lines = list(map(str.strip, body.decode(encoding).split("\n")))
        keys = list(map(str.strip, body.translate(None, b"0123456789").decode(encoding)
                        .split("\n")))
        # Comments and the hyphen minimums (which pnp sets itself) are filed too, under keys
        # with a % or # or capitals in them that no word's letters ever match; sifting them
        # out line by line would cost more than they do.
        if any("/" in line and "=" in line and not line.startswith(IGNORED)
               for line in (line for line in lines if "/" in line)):
            raise NonStandard("non-standard hyphenation")
        self._lines: dict[str, str | Values] = dict(zip(keys, lines, strict=True))
        self._lines.pop("", None)
        if len(self._lines) != len(lines) - keys.count(""):
            # The same letters twice: the later line wins, as in Pyphen, unless it is all
            # zeros (which Pyphen does not file at all).
            repeated = {key for key, count in Counter(keys).items() if count > 1}
            for key, line in zip(keys, lines, strict=True):
                if key in repeated and key and not line.startswith(IGNORED) \
                        and any(_values(line)[1]):
                    self._lines[key] = line
        self.longest = max(map(len, self._lines), default=0)

    def positions(self, word: str, left: int, right: int) -> list[int]:
        """The letters before each place the word may break, with at least `left` letters
        before a hyphen and `right` after it: Pyphen's `positions`, case folded as there."""
        filed = self._lines
        dotted = f".{word.lower()}."
        scores = [0] * (len(dotted) + 1)
        for i in range(len(dotted) - 1):
            for j in range(i + 1, min(i + self.longest, len(dotted)) + 1):
                found = filed.get(dotted[i:j])
                if found is None:
                    continue
                if isinstance(found, str):      # read once, when a word first needs it
                    found = filed[dotted[i:j]] = _values(found)
                offset, values = found
                for k, value in zip(range(i + offset, len(scores)), values, strict=False):
                    if value > scores[k]:
                        scores[k] = value
        last = len(word) - right
        return [i - 1 for i, score in enumerate(scores) if score % 2 and left <= i - 1 <= last]


def read(path: Path) -> Patterns | None:
    """A dictionary file's patterns, or None where only Pyphen reads it rightly."""
    data = path.read_bytes()
    first, _, body = data.partition(b"\n")
    encoding = first.decode().strip()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    # As Pyphen reads it: in text mode, whatever ends its lines.
    body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if b"^^" in body:
        return None
    try:
        return Patterns(body, encoding)
    except NonStandard:
        return None
