"""Colours by role. A palette is a plain dict, so another look is a swap of one table."""

from __future__ import annotations

Palette = dict[str, str]

COLOUR: Palette = {
    "ink": "#1a1a1a",           # text and hash marks
    "muted": "#6b6b6b",         # captions, coordinates, footers
    "board line": "#8c8c8c",    # cell outlines
    "cell": "#ffffff",
    "rule": "#b3b3b3",          # table rules and cut lines
    "x side": "#c8102e",
    "o side": "#1f5fa8",
    "x tint": "#f6d3d8",        # cells where x may write, in figures
    "o tint": "#d4e2f3",
    "both tint": "#e4d9ec",
    "header fill": "#ededed",
}

PALETTES: dict[str, Palette] = {"colour": COLOUR}
