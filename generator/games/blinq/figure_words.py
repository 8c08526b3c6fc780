"""What a Blinq figure shows, in words: the blocks on the board, level by level, each by its
cell and the way its white half faces (the description a tagged PDF gives the figure, which
the caption, saying what the figure means, does not list)."""

from __future__ import annotations

from generator.games.blinq.rules import NEUTRAL, Stack
from generator.i18n import Words
from generator.layout import describe


def facing(orientation: str, words: Words) -> str:
    return {"U": words._("up"), "R": words._("right"), "D": words._("down"),
            "L": words._("left")}[orientation]


def blocks(stack: Stack, words: Words) -> str:
    """"Level 1: white half left: b1, b2; up: a3; neutral: c3. Level 2: white half right:
    a3.": the blocks of each level, lowest first, by the way their white half faces (up,
    right, down, left), cells in reading order."""
    said = []
    for level in sorted({spot.level for spot in stack}):
        ways: dict[str, list[str]] = {}
        for spot in sorted((s for s in stack if s.level == level), key=lambda s: (s.row, s.col)):
            ways.setdefault(stack[spot], []).append(spot.name.split()[1])
        parts = [words._("neutral: %(cells)s", cells=", ".join(ways[way])) if way == NEUTRAL else
                 words._("white half %(facing)s: %(cells)s", facing=facing(way, words),
                         cells=", ".join(ways[way]))
                 for way in ("U", "R", "D", "L", NEUTRAL) if way in ways]
        said.append(words._("Level %(n)s: %(blocks)s", n=level, blocks="; ".join(parts)))
    return describe.sentence(*said)
