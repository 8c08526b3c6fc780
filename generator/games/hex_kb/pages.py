"""Hex KB's pages: the board with its border segments and twin-numbered portal frames, the
puzzle and its solution, the rule sheet's judged figures, and the score pad."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from ... import templating
from ...geometry import SQRT3, Hex, Point, Rhombus
from ...layout import hexboard, sheet
from ...layout.textlayout import Figure, centred_label, typeset
from ...palette import Palette
from ...paper import Paper, roomiest
from ...scene import Circle, Document, Page, Paint, Path, Shape, Text, area, polygon, segments
from ..game import Pages
from .rules import (
    CREDIT,
    CRITERIA,
    DESIGNER,
    FIGURE_BOARD,
    LICENCE,
    RED,
    TITLE,
    KleinBoard,
    Options,
    border_cells,
    check_examples,
    describe,
    example_positions,
    literal_reading_example,
    puzzle,
)

CAPTION_SIZE = 3.0    # mm: a solution's verdict, under the board


# --- drawing -------------------------------------------------------------------------------


def place(board: KleinBoard, x: float, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(board.size, x, y, w, h, with_coordinates,
                                outset=hexboard.BORDER_ROW)


def board_shapes(p: hexboard.Placement, board: KleinBoard, colours: Palette,
                 with_coordinates: bool = True, stones: dict[Hex, str] | None = None,
                 marked: AbstractSet[Hex] = frozenset()) -> list[Shape]:
    """Border cells, playable cells, windows, frames with twin labels, and stones. Stones are
    keyed by cell of the game; a frame cell's stone is drawn in both frames."""
    stones = stones or {}
    r = p.cell_radius
    line = Paint(stroke=colours["board line"], width=max(0.12, 0.03 * r))
    fills: dict[str, list] = {}
    frames = set(board.twins) | set(board.twins.values())
    hatched = colours.hatched
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
        edges += list(zip(ring, ring[1:] + ring[:1], strict=False))
    shapes.append(segments(edges, line))
    if hatched:
        # Red's segments single-hatched, Blue's cross-hatched: apart in one ink too.
        for h, colour in border_cells(board.size).items():
            shapes += area(corners[h], colours["red" if colour == RED else "blue"],
                           "lines" if colour == RED else "cross",
                           edge_width=max(0.15, 0.05 * r))
    frame_line = Paint(stroke=colours["portal"], width=max(0.3, 0.1 * r))
    for h in sorted(frames):
        shapes.append(polygon(corners[h], frame_line))
    for h in Rhombus(board.size):
        stone = stones.get(board.canonical(h)) if h not in board.holes else None
        if stone:
            c = p.centre(h)
            shapes.append(Circle(c, 0.6 * r, Paint(fill=colours["red" if stone == RED
                                                                   else "blue"],
                                                   stroke=colours["ink"], width=0.06 * r)))
    # Twin numbers last, so a stone never hides one: light on a stone, portal green elsewhere.
    size = hexboard.label_size(0.55, r)
    for h in sorted(frames):
        centre = p.centre(h)
        on_stone = board.canonical(h) in stones
        shapes.append(centred_label(centre.x, centre.y, str(board.twin_index(h)), size,
                                    colours["cell"] if on_stone else colours["portal"],
                                    "bold"))
    shapes += hexboard.labels(p, ("R", colours["red"]), ("B", colours["blue"]),
                              colours["muted"], with_coordinates, outset=hexboard.BORDER_ROW)
    return shapes


def document(opts: Options, pages: list[Page], what: str) -> Document:
    return Document(tuple(pages), f"{TITLE}: {what}", f"pnp (game by {DESIGNER})",
                    f"{TITLE} {what}, {opts.size} × {opts.size}",
                    ("Hex KB", "Hex", "Klein bottle", "print and play"), LICENCE)


def board_page(opts: Options, paper: Paper, colours: Palette,
               stones: dict[Hex, str] | None = None, marked: AbstractSet[Hex] = frozenset(),
               title: str = TITLE, subtitle: str = "", note: str = "",
               caption: str = "") -> Page:
    """The board, with a caption under it if given (set no smaller than 6 pt, however
    narrow the page)."""
    board = opts.board()
    x, y, w, h = sheet.body_box(paper)
    shapes = sheet.header(paper, title, subtitle or opts.label, colours)
    if caption:
        lines = sheet.wrap_words(caption, CAPTION_SIZE, w)
        h -= len(lines) * CAPTION_SIZE * 1.3 + 1
        for i, text in enumerate(lines):
            shapes.append(Text(Point(x + w / 2, y + h + 1 + (i + 0.8) * CAPTION_SIZE * 1.3),
                               text, CAPTION_SIZE, colours["ink"], anchor="middle"))
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


def board_item(opts: Options, paper: Paper, colours: Palette, copies: int) -> Document:
    return document(opts, [board_page(opts, board_paper(opts, paper), colours)] * copies,
                    "board")


# --- puzzles ------------------------------------------------------------------------------------


def puzzle_item(opts: Options, paper: Paper, colours: Palette,
                copies: int) -> Document:
    p = puzzle(opts)
    paper = board_paper(opts, paper)
    question = board_page(opts, paper, colours, p.stones, title=f"{TITLE} puzzle {opts.seed}",
                          subtitle="The board is full. Which colour wins, and how?",
                          note=f"{CREDIT} Every full board has exactly one winner. "
                               f"The solution is on the next page.")
    answer = board_page(opts, paper, colours, p.stones, p.structure,
                        title=f"{TITLE} puzzle {opts.seed}", subtitle="Solution",
                        note=f"{CREDIT} The winning structure is shaded.",
                        caption=describe(p.verdict))
    return document(opts, [question, answer] * copies, f"puzzle {opts.seed}")


# --- figures for the rule sheet -----------------------------------------------------------------



def example_figure(name: str, colours: Palette, caption: str,
                   width: float = 80.0) -> Figure:
    board = FIGURE_BOARD
    cells = example_positions(board)[name]
    stones = {board.canonical(h): RED for h in cells}
    p = place(board, 0, 0, width, width * 0.8, with_coordinates=False)
    shapes = board_shapes(p, board, colours, False, stones, marked=set(stones))
    return Figure(width, width * 0.8, tuple(shapes), caption)


def literal_figure(colours: Palette, width: float = 80.0) -> Figure:
    """The note's figure: a position that would have two winners if any loop through the
    portal were a portal loop. Red's loop is shaded; the judge has checked both colours."""
    board = FIGURE_BOARD
    example = literal_reading_example(board)
    p = place(board, 0, 0, width, width * 0.8, with_coordinates=False)
    shapes = board_shapes(p, board, colours, False, example.stones, marked=set(example.red_loop))
    path, loop = (f"{n}".replace("-", "−") for n in (example.red_path_transits,
                                                      example.red_loop_transits))
    criterion = example.blue_verdict.criterion
    assert criterion is not None        # Blue has won
    blue = CRITERIA[criterion]
    return Figure(width, width * 0.8, tuple(shapes),
                  f"Red joins its R segments with net transits {path}, and its shaded cells "
                  f"form a loop that passes through the portal with net transits {loop}. Blue "
                  f"has {blue}. Read word for word, both would win; in this kit's reading "
                  f"Red's loop is not a portal loop, and only Blue wins.")


def figures(colours: Palette) -> dict[str, Figure]:
    check_examples()
    board = FIGURE_BOARD
    a, _ = board.centres

    def label(offset: Hex) -> int:
        number = board.twin_index(a + offset)
        assert number is not None, "the figures' frame cells are next to the window"
        return number
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
        "literal": literal_figure(colours),
    }


def rules_item(opts: Options, paper: Paper, colours: Palette, copies: int) -> Document:
    frame = 6 * (opts.radius + 1)
    markup = templating.render("hex-kb-rules.md.j2", N=opts.size, frame=frame,
                               window=1 + 3 * opts.radius * (opts.radius + 1), credit=CREDIT)
    pages = typeset(markup, figures(colours), paper, colours,
                    footer_text=f"{CREDIT} Rules text written for this kit.")
    return document(opts, pages, "rules")


# --- the score pad ------------------------------------------------------------------------------


def pad_label(opts: Options) -> str:
    """The board's label without the sides, which the pad has no need of (A5 has no room)."""
    return opts.label.split(" · Red joins")[0]


def pad_pages(opts: Options, paper: Paper, colours: Palette) -> list[Page]:
    """A row for every round of a game that fills the board: two claims a round, a frame
    cell and its twin one cell."""
    frame = 6 * (opts.radius + 1)
    return sheet.score_pad(paper, sheet.Pad(
        f"{TITLE} score pad", pad_label(opts), ("Red", "Blue"),
        (f"Write each claimed cell by column letter and row number (e.g. c4); a portal frame "
         f"cell once, by the number printed in it: 1 to {frame}.", "Red moves first."),
        (sheet.Column("Turn", 0.5), sheet.Column("Red", 1.2), sheet.Column("Blue", 1.2)),
        f"{CREDIT} Row n holds each player's n-th turn: Red's cell, then Blue's.",
        record_blocks=2, min_rows=-(-len(opts.board().cells) // 2)), colours)


def pad_item(opts: Options, paper: Paper, colours: Palette, copies: int) -> Document:
    return document(opts, pad_pages(opts, paper, colours) * copies, "score pad")


PAGES = Pages(
    items={"rules": rules_item, "board": board_item, "puzzle": puzzle_item, "pad": pad_item},
    board_cell=lambda opts, paper: SQRT3 * place(
        opts.board(), *sheet.body_box(board_paper(opts, paper)), opts.coordinates).cell_radius,
)
