"""Nex (João Pedro Neto, 2004): Hex with neutral stones that both players share.

Black joins the NW and SE sides of the board (the q sides), White the SW and NE sides (the r
sides). On a turn a player either drops one stone of their own and one neutral stone on empty
cells, or turns two neutral stones into their own and one of their own into a neutral. Neutral
stones never connect anything. Three conventions finish an almost full board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from .. import cutsheet, hexboard, sheet, templating
from ..connect import chain
from ..geometry import SQRT3, Hex, Point, Rhombus
from ..gridfile import GridError, content_lines, parse_cell, read_grid, setting
from ..paper import Paper, roomiest
from ..scene import Circle, Document, Page, Paint, Shape, Text, segments
from ..textlayout import Figure, centred_label, typeset
from . import Game, OptionError, Verdict, options_from

TITLE = "Nex"
DESIGNER = "João Pedro Neto"
YEAR = "2004"
CREDIT = f"{TITLE} by {DESIGNER}, {YEAR}."
LICENCE = (f"Game and original rules © {YEAR} {DESIGNER}; this kit's text and drawings are "
           f"MIT licensed")
SIZES = range(9, 20)
JUDGE_SIZES = range(1, 27)   # a..z
DEFAULT_SIZE = 11
# The rules' diagram stands the board on a corner: rows run across, (a, 1) at the top.
DIAGRAM_ANGLE = (60.0,)

BLACK, WHITE, NEUTRAL = "B", "W", "N"
NAMES = {BLACK: "Black", WHITE: "White", NEUTRAL: "neutral"}
SIDES = {BLACK: "NW and SE", WHITE: "SW and NE"}
TILE_PER_CELL = 1.2   # counter side in cell radii: a square this size fits inside a cell

Stones = Mapping[Hex, str]   # occupied cells only


@dataclass(frozen=True)
class Options:
    size: int = DEFAULT_SIZE
    coordinates: bool = True

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise OptionError(f"--size must be {SIZES.start} to {SIZES.stop - 1} for {TITLE}, "
                              f"not {self.size}")

    @property
    def label(self) -> str:
        return f"{self.size} × {self.size} · Black joins NW–SE · White joins SW–NE"


def make_options(**given) -> Options:
    return options_from(Options, TITLE, given)


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


# --- who has connected ----------------------------------------------------------------------


def connection(size: int, stones: Stones, colour: str) -> list[Hex] | None:
    """A chain of the colour's stones joining its two sides, or None."""
    mine = {h for h, c in stones.items() if c == colour}
    axis = (lambda h: h.q) if colour == BLACK else (lambda h: h.r)
    return chain([h for h in mine if axis(h) == 0],
                 {h for h in mine if axis(h) == size - 1},
                 lambda h: (n for n in h.neighbours() if n in mine))


def winner(size: int, stones: Stones) -> tuple[str, list[Hex]] | None:
    for colour in (BLACK, WHITE):
        path = connection(size, stones, colour)
        if path:
            return colour, path
    return None


# --- turns -----------------------------------------------------------------------------------


class IllegalTurn(ValueError):
    pass


@dataclass(frozen=True)
class Turn:
    """A turn as written on the score pad: plain cells end as the player's stones, cells in
    brackets end as neutral stones. `swap` is the pie rule's exchange of colours."""
    mine: tuple[Hex, ...] = ()
    neutral: tuple[Hex, ...] = ()
    swap: bool = False
    line: int = 0


def apply_turn(size: int, stones: Stones, colour: str, turn: Turn) -> dict[Hex, str]:
    """The stones after `colour` plays `turn`; IllegalTurn says why a turn cannot be played."""
    named = turn.mine + turn.neutral
    if len(set(named)) != len(named):
        raise IllegalTurn("the turn names a cell twice")
    empty = size * size - len(stones)
    neutrals = sum(1 for c in stones.values() if c == NEUTRAL)
    new = dict(stones)

    def holding(h: Hex) -> str:
        return f"{hexboard.cell_name(h)} holds a {NAMES[stones[h]]} stone" if h in stones \
            else f"{hexboard.cell_name(h)} is empty"

    shape = (len(turn.mine), len(turn.neutral))
    if shape == (1, 1):
        for h in named:
            if h in stones:
                raise IllegalTurn(f"a drop needs empty cells, but {holding(h)}")
        new[turn.mine[0]], new[turn.neutral[0]] = colour, NEUTRAL
    elif shape == (2, 1):
        for h in turn.mine:
            if stones.get(h) != NEUTRAL:
                raise IllegalTurn(f"only neutral stones can be taken, but {holding(h)}")
        given = turn.neutral[0]
        if stones.get(given) != colour:
            raise IllegalTurn(f"the stone given up must be {NAMES[colour]}'s, but "
                              f"{holding(given)}")
        new.update({turn.mine[0]: colour, turn.mine[1]: colour, given: NEUTRAL})
    elif shape == (1, 0):
        new.update(_full_board_turn(stones, colour, turn.mine[0], empty, neutrals, holding))
    else:
        raise IllegalTurn(f"a turn is one cell and one in brackets (a drop) or two cells and "
                          f"one in brackets (taking neutrals); this names {shape[0]} and "
                          f"{shape[1]} in brackets")
    return new


def _full_board_turn(stones: Stones, colour: str, h: Hex, empty: int, neutrals: int,
                     holding) -> dict[Hex, str]:
    """The three conventions: a single cell is a legal turn only on an almost full board."""
    almost_full = (f"a single cell is a turn only when no ordinary turn is left (now "
                   f"{empty} empty cells, {neutrals} neutral stones)")
    if h not in stones:
        if empty != 1 or neutrals > 1:
            raise IllegalTurn(almost_full)
        changes = {h: colour}
        # One empty cell and one neutral: the player drops, the opponent takes the neutral.
        changes.update({n: other(colour) for n, c in stones.items() if c == NEUTRAL})
        return changes
    if stones[h] == NEUTRAL:
        if empty != 0 or neutrals != 1:
            raise IllegalTurn(almost_full)
        return {h: colour}
    raise IllegalTurn(f"a single cell must be the last empty cell or the last neutral stone, "
                      f"but {holding(h)}")


_TOKEN = re.compile(r"\(\s*([^\s()]*)\s*\)|([^\s()]+)|(\S)")
_NUMBER = re.compile(r"\s*\d+\.(?=\s|$)")


def parse_turn(body: str, line: int, size: int) -> Turn:
    numbered = _NUMBER.match(body)
    start = numbered.end() if numbered else 0
    mine: list[Hex] = []
    neutral: list[Hex] = []
    for m in _TOKEN.finditer(body, start):
        column = m.start() + 1
        if m.group(3):
            raise GridError(line, column, f"unmatched '{m.group(3)}'")
        bracketed = m.group(1) is not None
        name = (m.group(1) if bracketed else m.group(2)).lower()
        if name == "swap" and not bracketed:
            if mine or neutral or body[m.end():].strip():
                raise GridError(line, column, "swap is a whole turn on its own")
            return Turn(swap=True, line=line)
        cell = parse_cell(name, size)
        if cell is None:
            last = f"{hexboard.column_name(size - 1)}{size}"
            raise GridError(line, column, f"'{name}' is not a cell of a {size} × {size} board "
                                          f"(a1 to {last})")
        (neutral if bracketed else mine).append(Hex(*cell))
    return Turn(tuple(mine), tuple(neutral), line=line)


# --- the judge --------------------------------------------------------------------------------


@dataclass
class Replay:
    size: int
    stones: dict[Hex, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    won: tuple[str, int, list[Hex]] | None = None   # colour, turn number, chain
    turns: int = 0


def replay(turns: list[Turn], size: int) -> Replay:
    """Play the turns from an empty board. An illegal turn is reported and skipped, and play
    goes on, so one mistake does not hide the rest."""
    game = Replay(size)
    colour = BLACK
    for number, turn in enumerate(turns, start=1):
        game.turns = number
        who = f"turn {number} ({NAMES[colour]}, line {turn.line})"
        try:
            if game.won:
                raise IllegalTurn(f"the game was over: {NAMES[game.won[0]]} connected on turn "
                                  f"{game.won[1]}")
            if turn.swap:
                if number != 2:
                    raise IllegalTurn("swap can only be the second turn")
                continue   # colours change hands, stones stay: White still moves next
            game.stones = apply_turn(size, game.stones, colour, turn)
            result = winner(size, game.stones)
            if result:
                game.won = (result[0], number, result[1])
        except IllegalTurn as err:
            game.errors.append(f"{who}: {err}")
        colour = other(colour)
    return game


def read_moves(text: str) -> tuple[int, list[Turn]]:
    lines = content_lines(text)
    given = setting(lines, "size", lambda v: v.isdigit() and int(v) in JUDGE_SIZES,
                    "N", f"N from {JUDGE_SIZES.start} to {JUDGE_SIZES.stop - 1}")
    size = int(given) if given else DEFAULT_SIZE
    return size, [parse_turn(body, number, size) for number, body in lines]


def is_move_list(text: str) -> bool:
    """Board grids hold only B, W, N and dots; a move list names cells, which have digits."""
    return any(re.search(r"\d|swap|size", body, re.I) for _, body in content_lines(text))


def read_position(text: str) -> tuple[int, dict[Hex, str]]:
    rows = read_grid(content_lines(text), "BWN.", JUDGE_SIZES)
    stones = {Hex(q, r): s.char for r, row in enumerate(rows) for q, s in enumerate(row)
              if s.char != "."}
    return len(rows), stones


def describe(size: int, stones: Stones) -> list[str]:
    counts = {k: sum(1 for c in stones.values() if c == k) for k in (BLACK, WHITE, NEUTRAL)}
    lines = []
    result = winner(size, stones)
    if result:
        colour, path = result
        lines.append(f"{NAMES[colour]} has connected the {SIDES[colour]} sides: "
                     + " ".join(hexboard.cell_name(h) for h in path))
    else:
        lines.append("No one has connected yet.")
    lines.append(f"stones: Black {counts[BLACK]}, White {counts[WHITE]}, neutral "
                 f"{counts[NEUTRAL]}, empty {size * size - len(stones)}")
    if counts[BLACK] - counts[WHITE] not in (0, 1):
        lines.append("note: every ordinary turn gives its player one stone, so Black has as "
                     "many stones as White, or one more after Black's turn")
    return lines


def judge(text: str) -> Verdict:
    """What `pnp judge nex FILE` prints: a position's result, or a replay's illegal turns and
    result. GridError carries the line and column of anything unreadable."""
    if is_move_list(text):
        size, turns = read_moves(text)
        game = replay(turns, size)
        lines = [f"illegal: {e}" for e in game.errors]
        lines.append(f"after {game.turns} turns on {size} × {size}:")
        if game.won:
            lines.append(f"{NAMES[game.won[0]]} connected on turn {game.won[1]}.")
        lines += describe(size, game.stones)
        return Verdict(lines, not game.errors)
    size, stones = read_position(text)
    return Verdict(describe(size, stones), True)


# --- drawing stones and boards ------------------------------------------------------------------


def stone(kind: str, centre: Point, radius: float, colours: dict[str, str]) -> list[Shape]:
    """A stone as it looks on the board and on its counter; in the ink-saver palette each
    kind carries its letter instead of a fill."""
    fill = colours[{BLACK: "black stone", WHITE: "white stone", NEUTRAL: "neutral stone"}[kind]]
    edge = Paint(fill=fill, stroke=colours["stone edge"], width=max(0.15, 0.07 * radius))
    shapes: list[Shape] = [Circle(centre, radius, edge)]
    if getattr(colours, "outlines", False):
        shapes.append(centred_label(centre.x, centre.y, kind, radius * 1.1, colours["ink"],
                                    "bold"))
    elif kind == NEUTRAL:
        shapes.append(Circle(centre, radius * 0.45, Paint(stroke=colours["stone edge"],
                                                          width=max(0.12, 0.05 * radius))))
    return shapes


def board_shapes(p: hexboard.Placement, colours: dict[str, str], with_coordinates: bool,
                 stones: Stones = {}, marked: tuple[Hex, ...] = ()) -> list[Shape]:
    r = p.cell_radius
    shapes = hexboard.side_bands(p, colours["black side"], colours["white side"],
                                 edge=colours["stone edge"],
                                 hatched=getattr(colours, "outlines", False))
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.15, 0.035 * r)),
                                   {h: colours["change"] for h in marked})
    for h, kind in sorted(stones.items(), key=lambda hk: (hk[0].r, hk[0].q)):
        shapes += stone(kind, p.centre(h), 0.62 * r, colours)
    return shapes + hexboard.labels(p, ("B", colours["ink"]), ("W", colours["ink"]),
                                    colours["muted"], with_coordinates)


def place(size: int, x: float, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(size, x, y, w, h, with_coordinates, angles=DIAGRAM_ANGLE)


def board_placement(opts: Options, paper: Paper) -> hexboard.Placement:
    return place(opts.size, *sheet.body_box(paper), opts.coordinates)


def board_page(opts: Options, paper: Paper, colours: dict[str, str]) -> Page:
    shapes = sheet.header(paper, TITLE, opts.label, colours)
    shapes += board_shapes(board_placement(opts, paper), colours, opts.coordinates)
    shapes += sheet.footer(paper, f"{CREDIT} Black joins the two B sides; White joins the "
                                  f"two W sides.", colours)
    return Page(paper.width, paper.height, tuple(shapes))


def document(opts: Options, pages: list[Page], what: str) -> Document:
    return Document(tuple(pages), f"{TITLE}: {what}", DESIGNER,
                    f"{TITLE} {what}, {opts.size} × {opts.size}",
                    ("Nex", "Hex", "neutral stones", "print and play"), LICENCE)


def board_paper(opts: Options, paper: Paper) -> Paper:
    return roomiest(paper, lambda p: board_placement(opts, p).cell_radius)


def board_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    return document(opts, [board_page(opts, board_paper(opts, paper), colours)] * copies,
                    "board")


# --- the counter sheet ----------------------------------------------------------------------


def counters_item(opts: Options, paper: Paper, colours: dict[str, str],
                  copies: int) -> Document:
    """One counter per cell of each kind: stones change colour in play, so any cell may end
    up holding any kind."""
    side = TILE_PER_CELL * board_placement(opts, board_paper(opts, paper)).cell_radius
    outlines = getattr(colours, "outlines", False)

    def run(kind: str) -> cutsheet.TileRun:
        background = None if outlines or kind == WHITE else colours[
            {BLACK: "black stone", NEUTRAL: "neutral stone"}[kind]]
        return cutsheet.TileRun(NAMES[kind], opts.size ** 2, background,
                                lambda c, s, bleed: stone(kind, c, 0.4 * s, colours))

    pages = cutsheet.tile_pages(
        paper, side, [run(k) for k in (BLACK, WHITE, NEUTRAL)] * copies,
        f"{TITLE} counters", f"for the {opts.size} × {opts.size} board · {opts.size ** 2} or "
                             f"more of each kind · {side:.1f} mm squares",
        f"{CREDIT} Cut along the grey lines; card stock makes counters that last.", colours)
    return document(opts, pages, "counters")


# --- figures for the rule sheet ---------------------------------------------------------------

EXAMPLE_SIZE = 5
# A short game that shows both kinds of turn and ends with Black joining column a to e.
EXAMPLE_GAME = """\
size 5
1. c3 (b3)
2. c2 (d3)
3. b4 (e3)
4. d2 (a3)
5. b3 d3 (b4)
6. c4 (b5)
7. d4 (e1)
8. b2 (c5)
9. a3 e3 (d4)
"""
DROP_TURN, TAKE_TURN = 3, 5


def example_positions() -> list[dict[Hex, str]]:
    """The example game's position after each turn (index 0: the empty board)."""
    size, turns = read_moves(EXAMPLE_GAME)
    positions = [{}]
    for n in range(1, len(turns) + 1):
        game = replay(turns[:n], size)
        if game.errors:
            raise AssertionError(f"the rules' example game is illegal: {game.errors}")
        positions.append(game.stones)
    return positions


def before_after(before: Stones, after: Stones, colours: dict[str, str], caption: str) -> Figure:
    width, height, arrow = 92.0, 64.0, 8.0
    half = (width - arrow) / 2
    changed = tuple(h for h in Rhombus(EXAMPLE_SIZE) if before.get(h) != after.get(h))
    shapes: list[Shape] = []
    for x, stones, title in ((0.0, before, "before"), (half + arrow, after, "after")):
        p = place(EXAMPLE_SIZE, x, 6.0, half, height - 6.0)
        shapes.append(Text(Point(x + half / 2, 3.5), title, 3.2, colours["muted"],
                           "italic", "middle"))
        shapes += board_shapes(p, colours, True, stones, changed)
    mid = Point(half + arrow / 2, height / 2 + 3)
    shapes.append(segments([(mid + Point(-2.5, 0), mid + Point(2.5, 0)),
                            (mid + Point(1.0, -1.5), mid + Point(2.5, 0)),
                            (mid + Point(1.0, 1.5), mid + Point(2.5, 0))],
                           Paint(stroke=colours["ink"], width=0.5)))
    return Figure(width, height, tuple(shapes), caption)


def goal_figure(stones: Stones, colours: dict[str, str]) -> Figure:
    width, height = 70.0, 80.0
    p = place(EXAMPLE_SIZE, 0.0, 0.0, width, height)
    colour, path = winner(EXAMPLE_SIZE, stones)
    shapes = board_shapes(p, colours, True, stones)
    shapes.append(segments([(p.centre(a), p.centre(b)) for a, b in zip(path, path[1:])],
                           Paint(stroke=colours["highlight"], width=0.45 * p.cell_radius)))
    names = " ".join(hexboard.cell_name(h) for h in path)
    return Figure(width, height, tuple(shapes),
                  f"{NAMES[colour]} has joined the B sides (NW and SE) with {names}, and wins. "
                  f"White's sides are marked W. Neutral stones join nothing.")


def figures(colours: dict[str, str]) -> dict[str, Figure]:
    positions = example_positions()
    _, turns = read_moves(EXAMPLE_GAME)
    drop, take = turns[DROP_TURN - 1], turns[TAKE_TURN - 1]
    name = hexboard.cell_name
    return {
        "drop": before_after(
            positions[DROP_TURN - 1], positions[DROP_TURN], colours,
            f"A drop, written {name(drop.mine[0])} ({name(drop.neutral[0])}): Black places a "
            f"stone on {name(drop.mine[0])} and a neutral stone on {name(drop.neutral[0])}."),
        "take": before_after(
            positions[TAKE_TURN - 1], positions[TAKE_TURN], colours,
            f"A conversion, written {name(take.mine[0])} {name(take.mine[1])} "
            f"({name(take.neutral[0])}): the neutral stones on {name(take.mine[0])} and "
            f"{name(take.mine[1])} become Black, and Black's stone on {name(take.neutral[0])} "
            f"becomes neutral."),
        "goal": goal_figure(positions[-1], colours),
    }


def rules_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    markup = templating.render("nex-rules.md.j2", N=opts.size, credit=CREDIT,
                               last=f"{hexboard.column_name(opts.size - 1)}{opts.size}")
    pages = typeset(markup, figures(colours), paper, colours,
                    footer_text=f"{CREDIT} Rules text written for this kit.")
    return document(opts, pages, "rules")


# --- the score pad ------------------------------------------------------------------------------

NOTATION = ("How to write a turn: plain cells become your stones, cells in brackets become "
            "neutral.", "Drop: c4 (d5)   ·   take two neutrals, give one stone: d5 e6 (c4)   ·   "
            "almost full board: one cell, e.g. e6   ·   pie rule: swap")


def pad_page(opts: Options, paper: Paper, colours: dict[str, str]) -> Page:
    return sheet.score_pad(paper, sheet.Pad(
        f"{TITLE} score pad", opts.label, ("Black", "White"), NOTATION,
        (sheet.Column("Round", 0.5), sheet.Column("Black", 1.2), sheet.Column("White", 1.2)),
        f"{CREDIT} Each row is one round: Black's turn, then White's.", record_blocks=2),
        colours)


def pad_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    return document(opts, [pad_page(opts, paper, colours)] * copies, "score pad")


# --- data for the command line ------------------------------------------------------------------


def board_json(opts: Options) -> dict:
    return {"game": "nex", "size": opts.size,
            "sides": {"black": ["q = 0", f"q = {opts.size - 1}"],
                      "white": ["r = 0", f"r = {opts.size - 1}"]},
            "cells": [{"q": h.q, "r": h.r, "name": hexboard.cell_name(h)}
                      for h in Rhombus(opts.size)]}


def catalogue() -> list[tuple[str, Options]]:
    return [("standard", Options())]


GAME = Game(
    key="nex", title=TITLE, designer=DESIGNER, year=YEAR, make_options=make_options,
    items={"rules": rules_item, "board": board_item, "counters": counters_item,
           "pad": pad_item},
    catalogue=catalogue,
    extras={"json": board_json, "judge": judge,
            "cell": lambda opts, paper: SQRT3 * board_placement(opts, board_paper(opts, paper))
            .cell_radius},
)
