"""Hex KB (Mark Steere, 2009): Hex on a Klein bottle with a hole.

Red and Blue take turns claiming one empty cell each. Red owns two opposite border segments,
Blue the other two. Two portal frames, the rings round two windows in the board, are the same
cells: claiming a frame cell puts a stone on it and on its twin. A player wins with a simple
connecting path (no net transit through the portal), a portal loop together with a single
transit connecting path, or a double transit connecting path. A full board has exactly one
winner. The board here is built from the rules' description of its topology (see klein.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .. import hexboard, klein, sheet, templating
from ..geometry import SQRT3, Hex, Rhombus
from ..gridfile import GridError, content_lines, read_grid, setting
from ..klein import BLUE, RED, Judge, KleinBoard, around
from ..paper import Paper, roomiest
from ..scene import Circle, Document, Page, Paint, Path, Shape, area, polygon, segments
from ..textlayout import Figure, centred_label, typeset
from . import Game, OptionError, Verdict, options_from

TITLE = "Hex KB"
DESIGNER = "Mark Steere"
YEAR = "2009"
CREDIT = f"{TITLE} by {DESIGNER}, March {YEAR}."
LICENCE = (f"Free publication of the rules and programs allowed by {DESIGNER}, with the name "
           f"and rules unchanged and the game attributed to him (marksteeregames.com)")
NAMES = {RED: "Red", BLUE: "Blue"}
WINDOW = "O"    # window cells in a position file
CRITERIA = {1: "a simple connecting path (net transits 0)",
            2: "a portal loop and a single transit connecting path",
            3: "a double transit connecting path"}
PUZZLE_TRIES = 2000
PAD_ROWS_MAX = 36     # rows a pad page can hold legibly; big boards rarely fill up


@dataclass(frozen=True)
class Options:
    size: int = 11
    window: int | None = None     # window radius; None: the size's default
    seed: int = 1                 # which puzzle
    coordinates: bool = True

    def __post_init__(self) -> None:
        s = klein.SIZES
        if self.size not in s:
            raise OptionError(f"--size must be {s.start} to {s.stop - 1} for {TITLE}, "
                              f"not {self.size}")
        try:
            KleinBoard(self.size, self.radius)
        except ValueError:
            raise OptionError(f"--window {self.window} leaves no room for two windows on a "
                              f"{self.size} × {self.size} board") from None

    @property
    def radius(self) -> int:
        return klein.default_radius(self.size) if self.window is None else self.window

    def board(self) -> KleinBoard:
        return KleinBoard(self.size, self.radius)

    @property
    def label(self) -> str:
        cells = 1 + 3 * self.radius * (self.radius + 1)
        return (f"{self.size} × {self.size} · windows of {cells} cell{'s' * (cells > 1)} · "
                f"Red joins the R segments, Blue the B segments")


def make_options(**given) -> Options:
    if given.get("window") is not None and given["window"] < 0:
        raise OptionError(f"--window must be 0 or more, not {given['window']}")
    return options_from(Options, TITLE, given)


# --- drawing -------------------------------------------------------------------------------


def border_cells(size: int) -> dict[Hex, str]:
    """The rows of border cells just outside the board: red beyond q = 0 and q = N - 1, blue
    beyond r = 0 and r = N - 1. The four corner cells belong to no segment."""
    out = {}
    for i in range(size):
        out[Hex(-1, i)] = out[Hex(size, i)] = RED
        out[Hex(i, -1)] = out[Hex(i, size)] = BLUE
    return out


def place(board: KleinBoard, x: float, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(board.size, x, y, w, h, with_coordinates,
                                outset=hexboard.BORDER_ROW)


def board_shapes(p: hexboard.Placement, board: KleinBoard, colours: dict[str, str],
                 with_coordinates: bool = True, stones: dict[Hex, str] | None = None,
                 marked: set[Hex] = frozenset()) -> list[Shape]:
    """Border cells, playable cells, windows, frames with twin labels, and stones. Stones are
    keyed by cell of the game; a frame cell's stone is drawn in both frames."""
    stones = stones or {}
    r = p.cell_radius
    line = Paint(stroke=colours["board line"], width=max(0.12, 0.03 * r))
    fills: dict[str, list] = {}
    frames = set(board.twins) | set(board.twins.values())
    hatched = getattr(colours, "outlines", False)
    if not hatched:
        for h, colour in border_cells(board.size).items():
            fills.setdefault(colours["red" if colour == RED else "blue"], []).append(h)
    for h in Rhombus(board.size):
        if h in board.holes:
            fills.setdefault(colours["window"], []).append(h)
        elif board.canonical(h) in marked:
            fills.setdefault(colours["path"], []).append(h)
        elif h in frames:
            fills.setdefault(colours["portal tint"], []).append(h)
        else:
            fills.setdefault(colours["cell"], []).append(h)
    corners = {h: p.corners(h) for h in (*Rhombus(board.size), *border_cells(board.size))}
    shapes: list[Shape] = []
    for colour in sorted(fills):
        shapes.append(Path(tuple(corners[h] for h in fills[colour]),
                                    Paint(fill=colour), closed=True))
    edges = []
    drawn = [h for h in Rhombus(board.size) if h not in board.holes] + list(border_cells(
        board.size))
    for h in drawn:
        ring = corners[h]
        edges += list(zip(ring, ring[1:] + ring[:1]))
    shapes.append(segments(edges, line))
    if hatched:
        for h, colour in border_cells(board.size).items():
            shapes += area(corners[h], colours["red" if colour == RED else "blue"], True,
                           edge_width=max(0.15, 0.05 * r))
    frame_line = Paint(stroke=colours["portal"], width=max(0.3, 0.1 * r))
    for h in sorted(frames):
        shapes.append(polygon(corners[h], frame_line))
        label = board.twin_index(h)
        centre = p.centre(h)
        if board.canonical(h) not in stones:
            shapes.append(centred_label(centre.x, centre.y, str(label), 0.55 * r,
                                        colours["portal"], "bold"))
    for h in Rhombus(board.size):
        colour = stones.get(board.canonical(h)) if h not in board.holes else None
        if colour:
            c = p.centre(h)
            shapes.append(Circle(c, 0.6 * r, Paint(fill=colours["red" if colour == RED
                                                                   else "blue"],
                                                   stroke=colours["ink"], width=0.06 * r)))
    shapes += hexboard.labels(p, ("R", colours["red"]), ("B", colours["blue"]),
                              colours["muted"], with_coordinates, outset=hexboard.BORDER_ROW)
    return shapes


def document(opts: Options, pages: list[Page], what: str) -> Document:
    return Document(tuple(pages), f"{TITLE}: {what}", DESIGNER,
                    f"{TITLE} {what}, {opts.size} × {opts.size}",
                    ("Hex KB", "Hex", "Klein bottle", "print and play"), LICENCE)


def board_page(opts: Options, paper: Paper, colours: dict[str, str],
               stones: dict[Hex, str] | None = None, marked: set[Hex] = frozenset(),
               title: str = TITLE, subtitle: str = "", note: str = "") -> Page:
    board = opts.board()
    x, y, w, h = sheet.body_box(paper)
    shapes = sheet.header(paper, title, subtitle or opts.label, colours)
    shapes += board_shapes(place(board, x, y, w, h, opts.coordinates), board, colours,
                           opts.coordinates, stones, marked)
    shapes += sheet.footer(paper, note or f"{CREDIT} Board after the rules' description. "
                                          f"Frame cells with the same number are one cell.",
                           colours)
    return Page(paper.width, paper.height, tuple(shapes))


def board_paper(opts: Options, paper: Paper) -> Paper:
    board = opts.board()
    return roomiest(paper, lambda p: place(board, *sheet.body_box(p),
                                           opts.coordinates).cell_radius)


def board_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    return document(opts, [board_page(opts, board_paper(opts, paper), colours)] * copies,
                    "board")


# --- positions and the judge ------------------------------------------------------------------


def read_position(text: str) -> tuple[KleinBoard, dict[Hex, str]]:
    """A grid of R, B and . for every cell of the rhombus, O in the windows; twins must
    agree. An optional first line `window W` gives the window radius."""
    lines = content_lines(text)
    given = setting(lines, "window", str.isdigit, "W", "W a window radius of 0 or more")
    rows = read_grid(lines, f"RB.{WINDOW}", klein.SIZES)
    size = len(rows)
    radius = int(given) if given else klein.default_radius(size)
    try:
        board = KleinBoard(size, radius)
    except ValueError:
        raise GridError(rows[0][0].line, 1, f"windows of radius {radius} do not fit a "
                                            f"{size} × {size} board") from None
    stones: dict[Hex, str] = {}
    for r, row in enumerate(rows):
        for q, symbol in enumerate(row):
            h = Hex(q, r)
            where = (symbol.line, symbol.column)
            if (symbol.char == WINDOW) != (h in board.holes):
                what = "a window cell" if h in board.holes else "not a window cell"
                raise GridError(*where, f"{hexboard.cell_name(h)} is {what}: write "
                                        f"{WINDOW} for window cells only")
            cell = board.canonical(h)
            if cell != h and rows[cell.r][cell.q].char != symbol.char:
                raise GridError(*where, f"{hexboard.cell_name(h)} and its twin "
                                        f"{hexboard.cell_name(cell)} differ")
            if symbol.char in (RED, BLUE):
                stones[cell] = symbol.char
    return board, stones


def describe(verdict: klein.Verdict) -> str:
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


def judge(text: str) -> Verdict:
    board, stones = read_position(text)
    verdict = Judge(board).judge([stones.get(h, ".") for h in board.cells])
    counts = {c: sum(1 for s in stones.values() if s == c) for c in (RED, BLUE)}
    empty = len(board.cells) - len(stones)
    return Verdict([describe(verdict),
                    f"cells: Red {counts[RED]}, Blue {counts[BLUE]}, empty {empty} "
                    f"(a frame cell and its twin count once)"], True)


# --- puzzles ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    board: KleinBoard
    stones: dict[Hex, str]
    verdict: klein.Verdict
    structure: set[Hex]


def puzzle(opts: Options) -> Puzzle:
    """A full board from the seed. The first fill won through the portal (criterion 2 or 3)
    is preferred, as it makes a better puzzle than a plain Hex win."""
    board = opts.board()
    judge_ = Judge(board)
    rng = random.Random(f"hex-kb:{opts.size}:{opts.radius}:{opts.seed}")
    first = None
    for _ in range(PUZZLE_TRIES):
        colours = [rng.choice((RED, BLUE)) for _ in board.cells]
        verdict = judge_.judge(colours)
        first = first or (colours, verdict)
        if verdict.criterion != 1:
            break
    else:
        colours, verdict = first
    cells = judge_.structure(colours, verdict)
    return Puzzle(board, dict(zip(board.cells, colours)), verdict,
                  {board.cells[i] for i in cells})


def puzzle_item(opts: Options, paper: Paper, colours: dict[str, str],
                copies: int) -> Document:
    p = puzzle(opts)
    paper = board_paper(opts, paper)
    question = board_page(opts, paper, colours, p.stones, title=f"{TITLE} puzzle {opts.seed}",
                          subtitle="The board is full. Which colour wins, and how?",
                          note=f"{CREDIT} Every full board has exactly one winner. "
                               f"The solution is on the next page.")
    answer = board_page(opts, paper, colours, p.stones, p.structure,
                        title=f"{TITLE} puzzle {opts.seed}: solution",
                        subtitle=describe(p.verdict),
                        note=f"{CREDIT} The winning structure is shaded.")
    return document(opts, [question, answer] * copies, f"puzzle {opts.seed}")


# --- figures for the rule sheet -----------------------------------------------------------------

FIGURE_BOARD = KleinBoard(10, 0)


@lru_cache(maxsize=None)
def example_positions(board: KleinBoard = FIGURE_BOARD) -> dict[str, list[Hex]]:
    """Red cells of each example, laid out from the windows' places, so they fit any board
    with room round its windows."""
    a, b = board.centres
    n = board.size
    west, east = a + Hex(-1, 0), a + Hex(1, 0)
    first = [Hex(q, west.r) for q in range(west.q + 1)]       # west border into frame A
    out = [board.twins[west]]

    def to_east(start: Hex, avoid: set[Hex]) -> list[Hex]:
        return board.open_chain(start, Hex(n - 1, n - 1), avoid)

    simple = board.open_chain(Hex(0, n - 2), Hex(n - 1, 1), set())
    single = first + out + to_east(out[0] + Hex(-1, 0), around(first))
    # A loop through the portal, clear of the single transit path.
    p, q = east, a + Hex(1, -1)
    loop = board.open_chain(p + Hex(1, 0), board.twins[q] + Hex(1, -1), around(first))
    single_with_loop = (first + out + [p, q] + loop +
                        to_east(out[0] + Hex(-1, 0), around(first + loop + [
                            p, q, board.twins[p], board.twins[q]])))
    y_out = board.twins[east]
    third = [y_out] + [Hex(k, y_out.r) for k in range(y_out.q + 1, n)]
    middle = board.open_chain(board.twins[west] + Hex(-1, 0), east + Hex(0, 1),
                              around(first + third) | {east + Hex(1, 0)})
    double = first + middle + [east] + third
    # A loop through the west border segment: out of frame A to the border, along it, and
    # back in through frame B.
    south = a + Hex(-1, 1)
    to_border = [Hex(k, west.r) for k in range(west.q)]
    back = board.open_chain(Hex(0, n - 2), board.twins[south] + Hex(-1, 1),
                            around(to_border + [west]))
    border_loop = to_border + [west, south] + back
    return {"first move": [east], "simple": simple, "single": single_with_loop,
            "single alone": single, "double": double, "border loop": border_loop}


def check_examples(board: KleinBoard = FIGURE_BOARD) -> dict[str, klein.Verdict]:
    """Each example judged; the figures are drawn only if the judge agrees with them."""
    judge_ = Judge(board)
    found = {}
    for name, cells in example_positions(board).items():
        stones = {board.canonical(h): RED for h in cells}
        colours = [stones.get(h, ".") for h in board.cells]
        found[name] = judge_.judge(colours)
        if name == "border loop":
            comps = judge_.components(colours)
            west = judge_.borders[RED][0]
            if comps.loops[comps.root[west]] % 2 == 0:
                raise AssertionError("the border loop example has no portal loop")
    expected = {"first move": None, "simple": 1, "single": 2, "single alone": None,
                "double": 3, "border loop": None}
    for name, criterion in expected.items():
        if found[name].criterion != criterion:
            raise AssertionError(f"example {name!r}: judged {found[name]}")
    return found


def example_figure(name: str, colours: dict[str, str], caption: str,
                   width: float = 80.0) -> Figure:
    board = FIGURE_BOARD
    cells = example_positions(board)[name]
    stones = {board.canonical(h): RED for h in cells}
    p = place(board, 0, 0, width, width * 0.8, with_coordinates=False)
    shapes = board_shapes(p, board, colours, False, stones, marked=set(stones))
    return Figure(width, width * 0.8, tuple(shapes), caption)


def figures(colours: dict[str, str]) -> dict[str, Figure]:
    check_examples()
    board = FIGURE_BOARD
    a, _ = board.centres

    def label(offset: Hex) -> int:
        return board.twin_index(a + offset)
    west, east, north_east, south_west = (label(Hex(-1, 0)), label(Hex(1, 0)),
                                          label(Hex(1, -1)), label(Hex(-1, 1)))
    return {
        "first-move": example_figure("first move", colours,
                                     f"Red's first cell is frame cell {east}: one cell, so two "
                                     f"stones, one in each frame."),
        "simple": example_figure("simple", colours,
                                 "A simple connecting path: Red joins the R segments without "
                                 "passing through the portal. Red wins."),
        "single": example_figure("single", colours,
                                 f"A single transit path, in at frame cell {west} from the "
                                 f"first window's side and out on the second window's side, "
                                 f"and apart from it a portal loop through frame cells "
                                 f"{east} and {north_east}. Together they win."),
        "double": example_figure("double", colours,
                                 f"A double transit path: through the portal at frame cell "
                                 f"{west}, back round, and through again at frame cell "
                                 f"{east}. Red wins."),
        "border-loop": example_figure("border loop", colours,
                                      f"A portal loop along Red's border segment: out of frame "
                                      f"cell {west} to the border, along it, and back in at "
                                      f"frame cell {south_west} from the other window's "
                                      f"side."),
    }


def rules_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    frame = 6 * (opts.radius + 1)
    markup = templating.render("hex-kb-rules.md.j2", N=opts.size, frame=frame,
                               window=1 + 3 * opts.radius * (opts.radius + 1), credit=CREDIT)
    pages = typeset(markup, figures(colours), paper, colours,
                    footer_text=f"{CREDIT} Rules text written for this kit.")
    return document(opts, pages, "rules")


# --- the score pad ------------------------------------------------------------------------------


def pad_page(opts: Options, paper: Paper, colours: dict[str, str]) -> Page:
    frame = 6 * (opts.radius + 1)
    return sheet.score_pad(paper, sheet.Pad(
        f"{TITLE} score pad", opts.label, ("Red", "Blue"),
        (f"Write each claimed cell by column letter and row number (e.g. c4); a portal frame "
         f"cell once, by its label: P1 to P{frame}.", "Red moves first."),
        (sheet.Column("Round", 0.5), sheet.Column("Red", 1.2), sheet.Column("Blue", 1.2)),
        f"{CREDIT} Each row is one round: Red's cell, then Blue's.", record_blocks=2,
        min_rows=min(PAD_ROWS_MAX, -(-len(opts.board().cells) // 4))), colours)


def pad_item(opts: Options, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    return document(opts, [pad_page(opts, paper, colours)] * copies, "score pad")


# --- data for the command line ------------------------------------------------------------------


def board_json(opts: Options) -> dict:
    board = opts.board()
    frame_b = board.twin_of_b
    cells = []
    for h in Rhombus(board.size):
        touches = [c for c, at in ((RED, h.q), (BLUE, h.r)) if at in (0, board.size - 1)]
        cells.append({
            "q": h.q, "r": h.r, "name": hexboard.cell_name(h),
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


def catalogue() -> list[tuple[str, Options]]:
    return [("standard", Options())]


GAME = Game(
    key="hex-kb", title=TITLE, designer=DESIGNER, year=YEAR, make_options=make_options,
    items={"rules": rules_item, "board": board_item, "puzzle": puzzle_item, "pad": pad_item},
    catalogue=catalogue,
    extras={"json": board_json, "judge": judge,
            "cell": lambda opts, paper: SQRT3 * place(
                opts.board(), *sheet.body_box(board_paper(opts, paper)),
                opts.coordinates).cell_radius},
)
