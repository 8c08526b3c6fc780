"""Lines of a paragraph: broken at spaces and, where a line would end far short of the
column, at a hyphen the language's dictionary allows; never inside a dimension or between a
number and its unit.

Line breaks depend only on the text, the width, the size and the language, and a sheet is
set several times over while it is fitted to its pages and its columns balanced: each
paragraph is broken once per width and kept (`wrap` is cached).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from generator.core.geometry import Point
from generator.core.scene import FontRole, Role, Text
from generator.fonts import text_width
from generator.layout.hyphenation import hyphen_points
from generator.layout.markdown import Run, runs

# Spaces no line may break at: inside a dimension (11 × 11, N × N) and between a number and
# its unit (20 mm, 45 °). They are set as plain spaces.
NO_BREAK = "\u00a0"
_DIMENSION = re.compile(r"(?<=\w) (?=× ?\w)|(?<=\w ×) (?=\w)")
_UNIT = re.compile(r"(?<=\d) (?=(?:mm|cm|pt|%|°)(?!\w))")
HYPHEN = "-"
# A word is hyphenated only where the line would otherwise end more than this share of the
# column short: ragged-right text keeps its hyphens for the lines that need them.
HYPHENATE_SLACK = 0.1
MOST_HYPHENS_IN_A_ROW = 2

Word = tuple[str, FontRole, bool]   # (word, font, preceded by a space)
Line = tuple[Run, ...]


def keep_together(text: str) -> str:
    """The text with a no-break space wherever a line must not break."""
    return _UNIT.sub(NO_BREAK, _DIMENSION.sub(NO_BREAK, text))


def wrap(text: str, width: float, *, size: float, base: FontRole = "regular",
         lang: str, names: frozenset[str] = frozenset(),
         hyphenate: bool = True, slack: float = HYPHENATE_SLACK) -> tuple[Line, ...]:
    """Greedy line breaking; each line is a tuple of (text, font) runs. Hyphenated in the
    language `lang` (a code) where a line would end more than `slack` of the width short,
    never inside `names`, with no more than two hyphenated line ends in a row."""
    return _wrap(text, round(width, 6), size, base, lang if hyphenate else "", names, slack)


# Kept: a paragraph is broken at several widths and sizes while its sheet is fitted.
@lru_cache(maxsize=4096)
def _words(text: str, base: FontRole) -> tuple[Word, ...]:
    words: list[Word] = []
    after_space = False
    for chunk, font in runs(keep_together(text), base):
        for i, piece in enumerate(chunk.split(" ")):
            after_space = after_space or i > 0
            if piece:
                words.append((piece.replace(NO_BREAK, " "), font, after_space))
                after_space = False
    return tuple(words)


def _capitalised(word: str) -> bool:
    letters = word.lstrip("(\"'“‘«¿¡*")
    return letters[:1].isupper()


@lru_cache(maxsize=4096)
def _wrap(text: str, width: float, size: float, base: FontRole, lang: str,
          names: frozenset[str], slack: float) -> tuple[Line, ...]:
    words = _words(text, base)
    # Words with no space between them (a bracket, then an italic word) break as one.
    units: list[list[Word]] = []
    for entry in words:
        if units and not entry[2]:
            units[-1].append(entry)
        else:
            units.append([entry])
    lines: list[list[Run]] = [[]]
    used, in_a_row = 0.0, 0
    for k, unit in enumerate(units):
        space = text_width(" ", size, role=unit[0][1]) if lines[-1] else 0.0
        w = sum(text_width(word, size, role=font) for word, font, _ in unit)
        if lines[-1] and used + space + w > width:
            head = None
            if (lang and len(unit) == 1 and in_a_row < MOST_HYPHENS_IN_A_ROW
                    and width - used > slack * width):
                word, font, _ = unit[0]
                beside = (k > 0 and _capitalised(units[k - 1][0][0])) or (
                    k + 1 < len(units) and _capitalised(units[k + 1][0][0]))
                for p in reversed(hyphen_points(word, lang, names=names, beside_capital=beside)):
                    if used + space + text_width(word[:p] + HYPHEN, size, role=font) <= width:
                        head = p
                        break
            if head is not None:
                word, font, _ = unit[0]
                lines[-1].append(((" " if space else "") + word[:head] + HYPHEN, font))
                unit = [(word[head:], font, False)]
                w = text_width(word[head:], size, role=font)
                in_a_row += 1
            else:
                in_a_row = 0
            lines.append([])
            used, space = 0.0, 0.0
        for n, (word, font, _) in enumerate(unit):
            lines[-1].append(((" " if space and n == 0 else "") + word, font))
        used += space + w
    return tuple(_merge(runs_) for runs_ in lines if runs_)


def clear_cache() -> None:
    """Forget every line break made so far (the benchmark sets each sheet from nothing)."""
    _wrap.cache_clear()
    _words.cache_clear()


def _merge(line_runs: list[Run]) -> Line:
    merged: list[Run] = []
    for text, font in line_runs:
        if merged and merged[-1][1] == font:
            merged[-1] = (merged[-1][0] + text, font)
        else:
            merged.append((text, font))
    return tuple(merged)


def set_line(line_runs: Sequence[Run], x: float, *, y: float, size: float, colour: str,
             anchor: str = "start", role: Role | None = None) -> list[Text]:
    """A line's runs as texts from x (or centred on it), each marked as part of the element
    `role` names."""
    total = sum(text_width(t, size, role=f) for t, f in line_runs)
    if anchor == "middle":
        x -= total / 2
    out = []
    for t, f in line_runs:
        lead = len(t) - len(t.lstrip(" "))
        x += text_width(t[:lead], size, role=f)
        out.append(Text(Point(x, y), t.lstrip(" "), size, colour, f, role=role))
        x += text_width(t[lead:], size, role=f)
    return out
