"""Hex KB topology: a Hex rhombus with two portal windows whose frames are one set of cells.

Red owns the q sides (border segments q = -1 and q = N), Blue the r sides. Two windows (holes
of radius W) sit on the long diagonal q = r, at mirror positions, so swapping q and r with the
colours exchanged maps the board onto itself. The ring round each window is a portal frame;
frame A is carried onto frame B by a translation, and twin cells are one cell of the game.

Transits are signed crossings of the portal: a chain that comes into a frame cell from window
A's side and leaves it on window B's side has crossed once (+1), the other way -1. The judge
(judge.py) walks each chain breadth first, giving every cell a transit potential, so one walk
finds every chain's net transits and every loop's (a "portal loop" has an odd count).

A colour wins when a chain of it joins its two border segments with an even net transit count
(0: a simple connecting path; 2: a double transit path), or with an odd count (1: a single
transit path) while a portal loop of that colour exists anywhere. The rules' three criteria are
the cases 0, 1 and 2; larger counts are classified by parity in the same way.


The engine is split by job: board.py (windows, the board, its options), judge.py (chains and
verdicts), notation.py (position files and what the judge says), examples.py (puzzles and the
rule sheet's figures, which the pages take from there); this module gathers what the
game and its pages use.
"""
from __future__ import annotations

from typing import Any

from generator.core.gridfile import (
    hex_name,
)
from generator.core.hexgrid import Hex
from generator.games.figures import Report
from generator.games.hex_kb.board import (
    BLUE,
    DESIGNER,
    NAMES,
    RED,
    SIZES,
    TITLE,
    WINDOW,
    YEAR,
    KleinBoard,
    Options,
    border_cells,
    default_radius,
    gaps,
    letter,
    place_windows,
)
from generator.games.hex_kb.judge import (
    Judge,
    Outcome,
    around,
)
from generator.games.hex_kb.notation import (
    describe,
    facts,
    judge,
)
from generator.i18n import Words


def stats_report(opts: Options, words: Words) -> Report:
    """The board's windows and frames, and the gaps of board round the frames."""
    board = opts.board()
    border, between = gaps(board.size, board.radius, offset=board.offset)
    window = 1 + 3 * board.radius * (board.radius + 1)
    lines = (f"{TITLE} board {board.size}x{board.size}, window radius {board.radius}",
             f"each window: {window} cell{'s' * (window > 1)}; each frame: {len(board.frame_a)} "
             f"cells, twinned with the other frame's",
             f"gaps: {border} cell{'s' * (border != 1)} between each frame and the border, "
             f"{between} between the frames",
             f"cells of the game: {len(board.cells)}")
    # The same for a player: holes, the rings round them that are one portal, and the room.
    in_words = (
        words.ngettext("Two holes of %(window)s cell each are cut out of the board.",
                       "Two holes of %(window)s cells each are cut out of the board.", n=window,
                       window=window),
        words._("The ring round each hole is %(frame)s cells; each is the same cell as the one "
                "with its number round the other hole.", frame=len(board.frame_a)),
        words.ngettext("%(border)s cell lies between each ring and the edge of the board; "
                       "%(between)s between the two rings.",
                       "%(border)s cells lie between each ring and the edge of the board; "
                       "%(between)s "
                       "between the two rings.", n=border, border=border, between=between),
        words._("Stones can be played on %(cells)s cells.", cells=len(board.cells)))
    return Report(lines, (), in_words)


# --- the board as data ----------------------------------------------------------------------------


def board_json(opts: Options) -> dict[str, Any]:
    board = opts.board()
    frame_b = board.twin_of_b
    cells = []
    for h in (Hex(q, r) for r in range(board.size) for q in range(board.size)):
        touches = [c for c, at in ((RED, h.q), (BLUE, h.r)) if at in (0, board.size - 1)]
        cells.append({
            "q": h.q, "r": h.r, "name": hex_name(h),
            "kind": "window" if h in board.holes else "playable",
            "border": [NAMES[c].lower() for c in touches],
            "frame": 0 if h in board.twins else 1 if h in frame_b else None,
            "twin": board.twin_index(h) if h not in board.holes else None})
    for h, colour in border_cells(board.size).items():
        cells.append({"q": h.q, "r": h.r, "name": None, "kind": "border",
                      "border": [NAMES[colour].lower()], "frame": None, "twin": None})
    a, b = board.centres
    return {"game": "hex-kb", "size": board.size, "window": board.radius,
            "windows": [{"q": a.q, "r": a.r}, {"q": b.q, "r": b.r}], "cells": cells}


__all__ = [
    "BLUE", "DESIGNER", "Judge", "KleinBoard", "Options", "Outcome", "RED",
    "SIZES", "TITLE", "WINDOW", "YEAR", "around", "board_json", "border_cells",
    "default_radius", "describe", "facts", "gaps", "judge",
    "letter", "place_windows", "stats_report"
]
