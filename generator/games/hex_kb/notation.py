"""Hex KB positions as text: reading a position file, and what the judge says of it."""

from __future__ import annotations

from generator.core.formats import JsonValue
from generator.core.gridfile import (
    GridError,
    content_lines,
    hex_name,
    quoted,
    read_grid,
    setting,
    small_number,
)
from generator.core.hexgrid import Hex
from generator.games.hex_kb.board import (
    BLUE,
    CRITERIA,
    NAMES,
    RED,
    SIZES,
    WINDOW,
    KleinBoard,
    default_radius,
)
from generator.games.hex_kb.judge import Judge, Outcome
from generator.games.hex_kb.moves import (
    HexKbGame,
    is_move_list,
    read_moves,
    replay,
)
from generator.games.judges import Verdict

# --- positions and the judge ------------------------------------------------------------------


def read_position(text: str) -> tuple[KleinBoard, dict[Hex, str]]:
    """A grid of R, B and . for every cell of the rhombus, O in the windows; twins must
    agree. An optional first line `window W` gives the window radius."""
    lines = content_lines(text)
    given = setting(lines, "window", valid=lambda v: v.isascii() and v.isdigit(), placeholder="W",
                    meaning="W a window radius of 0 or more")
    rows = read_grid(lines, f"RB.{WINDOW}", sizes=SIZES)
    size = len(rows)
    radius = default_radius(size) if given is None else small_number(given)
    try:
        if radius is None:   # more digits than any board has cells
            raise ValueError(given)
        board = KleinBoard(size, radius)
    except ValueError:
        shown = quoted(given or "") if radius is None else radius
        raise GridError(rows[0][0].line, 1, message=f"windows of radius {shown} do not fit a "
                                                    f"{size} × {size} board") from None
    stones: dict[Hex, str] = {}
    for r, row in enumerate(rows):
        for q, symbol in enumerate(row):
            h = Hex(q, r)
            where = (symbol.line, symbol.column)
            if (symbol.char == WINDOW) != (h in board.holes):
                what = "a window cell" if h in board.holes else "not a window cell"
                raise GridError(*where, message=f"{hex_name(h)} is {what}: write "
                                                f"{WINDOW} for window cells only")
            cell = board.canonical(h)
            if cell != h and rows[cell.r][cell.q].char != symbol.char:
                raise GridError(*where, message=f"{hex_name(h)} and its twin "
                                                f"{hex_name(cell)} differ")
            if symbol.char in (RED, BLUE):
                stones[cell] = symbol.char
    return board, stones


def describe(verdict: Outcome) -> str:
    if verdict.winner is None:
        return "No winner yet."
    who = NAMES[verdict.winner]
    if verdict.criterion:
        return f"{who} wins: criterion {verdict.criterion}, {CRITERIA[verdict.criterion]}."
    if verdict.transits % 2 == 0:
        return (f"{who} wins: a connecting path with net transits {verdict.transits}, which "
                f"counts like a double transit path (criterion 3).")
    return (f"{who} wins: a portal loop and a connecting path with net transits "
            f"{verdict.transits}, which count like criterion 2.")


# The criteria in `--format json`, by the rules' numbers (board.CRITERIA says each).
CRITERION_KEYS = {1: "simple-path", 2: "portal-loop-and-single-transit", 3: "double-transit"}


def criterion_key(verdict: Outcome) -> str | None:
    """The criterion a win counts as: its own, or the one its net transits count like
    (even: a double transit path; odd with a portal loop: criterion 2), as `describe`
    says it."""
    if verdict.winner is None:
        return None
    counted = verdict.criterion or (3 if verdict.transits % 2 == 0 else 2)
    return CRITERION_KEYS[counted]


def facts(text: str) -> dict[str, JsonValue]:
    """What `pnp judge hex-kb --format json` says besides the illegal claims: the winner,
    the criterion, and the claim that decided it (a move list's)."""
    if is_move_list(text):
        board, claims = read_moves(text)
        game = replay(board, claims)
        verdict, moves, on = game.verdict, len(claims), game.won_on or None
        kind = "move-list"
    else:
        board, stones = read_position(text)
        verdict = Judge(board).judge([stones.get(h, ".") for h in board.cells])
        moves, on, kind = None, None, "position"
    return {"format": kind, "size": [board.size, board.size], "window": board.radius,
            "moves": moves, "winner": NAMES[verdict.winner].lower() if verdict.winner else None,
            "criterion": criterion_key(verdict), "decided_on": on}


def judge(text: str) -> Verdict:
    """A position's winner, or a move list replayed (moves.py): its illegal claims, then the
    final position's winner."""
    if is_move_list(text):
        board, claims = read_moves(text)
        game = replay(board, claims)
        lines = [f"illegal: {e}" for e in game.errors]
        lines.append(f"after {len(claims)} move{'' if len(claims) == 1 else 's'} on "
                     f"{board.size} × {board.size}, windows of radius {board.radius}:")
        if game.verdict.winner:
            lines.append(f"{NAMES[game.verdict.winner]} won on move {game.won_on}.")
        stones = {h: c for h, c in zip(board.cells, _colours(game), strict=True)
                  if c in (RED, BLUE)}
        return Verdict((*lines, *_verdict_lines(board, stones)), not game.errors)
    board, stones = read_position(text)
    return Verdict(_verdict_lines(board, stones), True)


def _colours(game: HexKbGame) -> list[str]:
    stones = {ch.cell: ch.colour for step in game.steps for ch in step.changes}
    return [stones.get(h) or "." for h in game.board.cells]


def _verdict_lines(board: KleinBoard, stones: dict[Hex, str]) -> tuple[str, str]:
    verdict = Judge(board).judge([stones.get(h, ".") for h in board.cells])
    counts = {c: sum(1 for s in stones.values() if s == c) for c in (RED, BLUE)}
    empty = len(board.cells) - len(stones)
    return (describe(verdict),
            f"cells: Red {counts[RED]}, Blue {counts[BLUE]}, empty {empty} "
            f"(a frame cell and its twin count once)")
