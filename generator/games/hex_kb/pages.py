"""Hex KB's pages: the board with its border segments and twin-numbered portal frames, the
puzzle and its solution, the rule sheet's judged figures, and the score pad."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from generator import templating
from generator.core.geometry import SQRT3, Hex, Point, Rhombus
from generator.core.palette import COLOUR, Palette, text_on
from generator.core.paper import Paper, roomiest
from generator.core.scene import (
    Circle,
    Document,
    Page,
    Paint,
    Path,
    Shape,
    Text,
    area,
    polygon,
    segments,
)
from generator.games.hex_kb.colours import PATH, PORTAL, PORTAL_TINT, WINDOW
from generator.games.hex_kb.examples import (
    FIGURE_BOARD,
    Puzzle,
    check_examples,
    example_positions,
    literal_reading_example,
    puzzle,
)
from generator.games.hex_kb.rules import (
    BLUE,
    DESIGNER,
    RED,
    TITLE,
    YEAR,
    KleinBoard,
    Options,
    Outcome,
    border_cells,
    letter,
)
from generator.games.items import BOARD, PAD, PUZZLE, RULES
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import boardpage, describe, hexboard, scorepad, sheet
from generator.layout.cover import Cover
from generator.layout.figure_cache import kept_figures
from generator.layout.printing import Printing
from generator.layout.textlayout import Figure, centred_label, typeset

CAPTION_SIZE = 3.0    # mm: a solution's verdict, under the board
# The board lies one way on every paper and in every figure: R segments left and right, B
# segments along the top and bottom, columns a, b, ... from left to right.
BOARD_ANGLE = 30.0


def credit(words: Words) -> str:
    return words._("%(game)s by %(designer)s, March %(year)s.", game=TITLE, designer=DESIGNER,
                   year=YEAR)


def name(colour: str, words: Words) -> str:
    return words._("Red") if colour == RED else words._("Blue")


def criterion_text(criterion: int, words: Words) -> str:
    return {1: words._("a simple connecting path (net transits 0)"),
            2: words._("a portal loop and a single transit connecting path"),
            3: words._("a double transit connecting path")}[criterion]


def describe_verdict(verdict: Outcome, words: Words) -> str:
    """A full board's verdict, as the solution's caption says it."""
    if verdict.winner is None:
        return words._("No winner yet.")
    who = name(verdict.winner, words)
    if verdict.criterion:
        return words._("%(who)s wins: criterion %(n)s, %(criterion)s.", who=who,
                       n=verdict.criterion,
                       criterion=criterion_text(verdict.criterion, words))
    if verdict.transits % 2 == 0:
        return words._("%(who)s wins: a connecting path with net transits %(n)s, which counts like "
                       "a double transit path (criterion 3).", who=who, n=verdict.transits)
    return words._("%(who)s wins: a portal loop and a connecting path with net transits %(n)s, "
                   "which count like criterion 2.", who=who, n=verdict.transits)


# --- drawing -------------------------------------------------------------------------------


def position(board: KleinBoard, p: hexboard.Placement, *, stones: dict[Hex, str],
             verdict: Outcome | None = None, setup: bool = True, words: Words) -> str:
    """A Hex KB position in words: the board, where each colour's border segments lie
    (unless `setup` is false: a rule sheet's later figures, on the same board as its first,
    say it once), how many stones each colour has and on which frame cells, and the
    judge's verdict."""
    q, r = describe.hex_sides(p, words)
    said = [describe.sized(TITLE, board.size, words=words),
            words._("two windows, each ringed by a portal frame of %(n)s cells numbered 1 to "
                    "%(n)s; cells with the same number are one cell", n=len(board.frame_a)),
            describe.sides(name(RED, words), letter(RED, words), where=q, words=words),
            describe.sides(name(BLUE, words), letter(BLUE, words), where=r,
                           words=words)] if setup else []
    for colour in (RED, BLUE):
        mine = [h for h, s in stones.items() if s == colour]
        if not mine:
            continue
        count = words.ngettext("%(who)s: %(num)s stone", "%(who)s: %(num)s stones", n=len(mine),
                               who=name(colour, words))
        framed = sorted(n for n in (board.twin_index(h) for h in mine) if n is not None)
        said.append(count if not framed else words.ngettext(
            "%(count)s, on frame cell %(cells)s", "%(count)s, on frame cells %(cells)s",
            n=len(framed), count=count, cells=", ".join(map(str, framed))))
    if verdict is not None:
        said.append(describe_verdict(verdict, words))
    return describe.sentence(*said)


def place(board: KleinBoard, x: float, *, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(board.size, x, y=y, width=w, height=h, angle=BOARD_ANGLE,
                                with_coordinates=with_coordinates, outset=hexboard.BORDER_ROW)


def stone_shapes(p: hexboard.Placement, h: Hex, *, stone: str, colours: Palette,
                 numbered: bool, words: Words) -> list[Shape]:
    """A claimed cell's stone: a disc of the player's colour, or, in a lettered palette, a
    ring with the player's letter (a frame cell keeps its number instead; Blue's ring is
    doubled, so the two stay apart in one ink without a fill)."""
    r = p.cell_radius
    c = p.centre(h)
    colour = colours["red" if stone == RED else "blue"]
    if not colours.lettered:
        return [Circle(c, 0.6 * r, Paint(fill=colour, stroke=colours["ink"], width=0.06 * r))]
    ring = Paint(stroke=colour, width=max(0.2, 0.09 * r))
    shapes: list[Shape] = [Circle(c, 0.62 * r, ring)]
    if stone == BLUE:
        shapes.append(Circle(c, 0.45 * r, ring))
    if not numbered:
        shapes.append(centred_label(c.x, c.y, text=letter(stone, words),
                                    size=hexboard.label_size(0.5, r),
                                    colour=colour, font="bold"))
    return shapes


# The rule sheet's six figures are one board at one placement: its cells' corners, and its
# border cells', are found once for them all.
@lru_cache(maxsize=8)
def cell_corners(p: hexboard.Placement) -> Mapping[Hex, tuple[Point, ...]]:
    """The corners on the page of each cell of the board and of its border."""
    return MappingProxyType({h: p.corners(h) for h in (*Rhombus(p.board.size),
                                                       *border_cells(p.board.size))})


def board_shapes(p: hexboard.Placement, board: KleinBoard, *, colours: Palette,
                 with_coordinates: bool = True, stones: dict[Hex, str] | None = None,
                 marked: AbstractSet[Hex] = frozenset(), words: Words) -> list[Shape]:
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
            fills.setdefault(colours[WINDOW], []).append(h)
        elif board.canonical(h) in marked:
            fills.setdefault(colours[PATH], []).append(h)
        elif h in frames:
            fills.setdefault(colours[PORTAL_TINT], []).append(h)
        else:
            fills.setdefault(colours["cell"], []).append(h)
    corners = cell_corners(p)
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
                           hatched="lines" if colour == RED else "cross",
                           edge_width=max(0.15, 0.05 * r))
    frame_line = Paint(stroke=colours[PORTAL], width=max(0.3, 0.1 * r))
    for h in sorted(frames):
        shapes.append(polygon(corners[h], frame_line))
    ground: dict[Hex, str] = {}
    for colour, cells in fills.items():
        ground.update((h, colour) for h in cells)
    for h in Rhombus(board.size):
        stone = stones.get(board.canonical(h)) if h not in board.holes else None
        if stone:
            shapes += stone_shapes(p, h, stone=stone, colours=colours, numbered=h in frames,
                                   words=words)
            if not colours.lettered:
                ground[h] = colours["red" if stone == RED else "blue"]
    # Twin numbers last, so a stone never hides one: black or white, whichever reads better
    # on the cell's ground, so the numbers keep 4.5:1 in every palette.
    size = hexboard.label_size(0.55, r)
    for h in sorted(frames):
        centre = p.centre(h)
        shapes.append(centred_label(centre.x, centre.y, text=str(board.twin_index(h)), size=size,
                                    colour=text_on(colours, ground[h]), font="bold"))
    shapes += hexboard.labels(p, q_side=(letter(RED, words), colours["red"]),
                              r_side=(letter(BLUE, words), colours["blue"]),
                              muted=colours["muted"], with_coordinates=with_coordinates,
                              outset=hexboard.BORDER_ROW)
    return shapes


def document(opts: Options, pages: list[Page], *, what: str, words: Words) -> Document:
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=TITLE, what=what),
                    words._("pnp (game by %(designer)s)", designer=DESIGNER),
                    words._("%(game)s %(what)s, %(size)s × %(size)s", game=TITLE, what=what,
                            size=opts.size),
                    ("Hex KB", "Hex", words._("Klein bottle"), words._("print and play")),
                    words._("Free publication of the rules and programs allowed by %(designer)s, "
                            "with the name and rules unchanged and the game attributed to him "
                            "(marksteeregames.com)", designer=DESIGNER), lang=words.code)


def board_page(opts: Options, paper: Paper, *, colours: Palette,
               stones: dict[Hex, str] | None = None, marked: AbstractSet[Hex] = frozenset(),
               title: str = TITLE, subtitle: str = "", note: str = "",
               caption: str = "", words: Words) -> Page:
    """The board, with a caption under it if given (set no smaller than 6 pt, however
    narrow the page)."""
    board = opts.board()
    x, y, w, h = sheet.body_box(paper)
    shapes = sheet.header(paper, title, subtitle=subtitle or opts.label(words), colours=colours)
    if caption:
        lines = sheet.wrap_words(caption, CAPTION_SIZE, width=w)
        h -= len(lines) * CAPTION_SIZE * 1.3 + 1
        for i, text in enumerate(lines):
            shapes.append(Text(Point(x + w / 2, y + h + 1 + (i + 0.8) * CAPTION_SIZE * 1.3),
                               text, CAPTION_SIZE, colours["ink"], anchor="middle"))
    p = place(board, x, y=y, w=w, h=h, with_coordinates=opts.coordinates)
    shapes += describe.board_figure(
        board_shapes(p, board, colours=colours, with_coordinates=opts.coordinates, stones=stones,
                     marked=marked, words=words),
        position(board, p, stones={board.canonical(h): s for h, s in (stones or {}).items()},
                 words=words))
    shapes += sheet.footer(paper, note or words._("%(credit)s Board after the rules' description. "
                                                  "Frame cells with the same number are one cell.",
                                                  credit=credit(words)), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


@dataclass(frozen=True)
class Placer:
    """This board placed in a box, as the shared board page places a board by its size
    (generator/layout/boardpage.py)."""
    board: KleinBoard

    def __call__(self, size: int, box: boardpage.Box, *,
                 with_coordinates: bool) -> hexboard.Placement:
        x, y, w, h = box
        return place(self.board, x, y=y, w=w, h=h, with_coordinates=with_coordinates)


@dataclass(frozen=True)
class Drawer:
    """This board drawn empty at a placement, as the shared board page draws a board
    (generator/layout/boardpage.py)."""
    board: KleinBoard

    def __call__(self, p: hexboard.Placement, colours: Palette, *,
                 with_coordinates: bool, words: Words) -> list[Shape]:
        return board_shapes(p, self.board, colours=colours, with_coordinates=with_coordinates,
                            words=words)


def page_words(opts: Options, words: Words) -> boardpage.Words:
    """What the board's own page says round it, in `words`."""
    return boardpage.Words(TITLE, opts.label(words), words._(
        "%(credit)s Board after the rules' description. Frame cells with the same number are "
        "one cell.", credit=credit(words)), words)


def board_layout(opts: Options, paper: Paper, *, words: Words) -> boardpage.Laid:
    """The board's own page laid out: its title and credit in the corners the rhombus
    leaves where they stand clear of it (a puzzle's page keeps its header and caption)."""
    board = opts.board()
    return boardpage.layout(board.size, opts.coordinates, paper=paper,
                            words=page_words(opts, words), colours=COLOUR,
                            place=Placer(board), draw=Drawer(board),
                            outset=hexboard.BORDER_ROW)


def plain_board_page(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> Page:
    """The board's own page, empty, as large as the corners it leaves allow."""
    board = opts.board()
    return boardpage.board_page(
        paper, colours, size=board.size, coordinates=opts.coordinates, place=Placer(board),
        draw=Drawer(board), words=page_words(opts, words), outset=hexboard.BORDER_ROW,
        described=lambda p: position(board, p, stones={}, words=words))


def board_paper(opts: Options, paper: Paper, *, words: Words) -> Paper:
    return roomiest(paper, lambda p: board_layout(opts, p, words=words).placement.cell_radius)


def board_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    page = plain_board_page(opts, board_paper(opts, paper, words=words), colours=colours,
                            words=words)
    return document(opts, [page] * copies, what=words._("board"), words=words)


# --- puzzles ------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def kept_puzzle(opts: Options) -> Puzzle:
    """The options' puzzle, found once: it is the seed's alone, and its pages are drawn
    again in each palette and language (the studio's preview, then its kit; a build)."""
    return puzzle(opts)


def puzzle_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    p = kept_puzzle(opts)
    paper = board_paper(opts, paper, words=words)
    title = words._("%(game)s puzzle %(seed)s", game=TITLE, seed=opts.seed)
    question = board_page(opts, paper, colours=colours, stones=p.stones, title=title,
                          subtitle=words._("The board is full. Which colour wins, and how?"),
                          note=words._("%(credit)s Every full board has exactly one winner. The "
                                       "solution is on the next page.", credit=credit(words)),
                          words=words)
    answer = board_page(opts, paper, colours=colours, stones=p.stones, marked=p.structure,
                        title=title, subtitle=words._("Solution"),
                        note=words._("%(credit)s The winning structure is shaded.",
                                     credit=credit(words)),
                        caption=describe_verdict(p.verdict, words), words=words)
    return document(opts, [question, answer] * copies,
                    what=words._("puzzle %(seed)s", seed=opts.seed),
                    words=words)


# --- figures for the rule sheet -----------------------------------------------------------------



# The figures' width, mm: six of them go with their text, two to a booklet page at most.
FIGURE_WIDTH = 70.0


def example_figure(name: str, colours: Palette, *, caption: str, width: float = FIGURE_WIDTH,
                   setup: bool = False, words: Words) -> Figure:
    """A rule sheet's example, described by its stones: its caption says who wins."""
    board = FIGURE_BOARD
    cells = example_positions(board)[name]
    stones = {board.canonical(h): RED for h in cells}
    p = place(board, 0, y=0, w=width, h=width * 0.8, with_coordinates=False)
    shapes = board_shapes(p, board, colours=colours, with_coordinates=False, stones=stones,
                          marked=set(stones), words=words)
    return Figure(width, width * 0.8, tuple(shapes), caption,
                  position(board, p, stones=stones, setup=setup, words=words))


def literal_figure(colours: Palette, width: float = FIGURE_WIDTH, *, words: Words) -> Figure:
    """The note's figure: a position that would have two winners if any loop through the
    portal were a portal loop. Red's loop is shaded; the judge has checked both colours."""
    board = FIGURE_BOARD
    example = literal_reading_example(board)
    p = place(board, 0, y=0, w=width, h=width * 0.8, with_coordinates=False)
    shapes = board_shapes(p, board, colours=colours, with_coordinates=False, stones=example.stones,
                          marked=set(example.red_loop),
                          words=words)
    path, loop = (f"{n}".replace("-", "−") for n in (example.red_path_transits,
                                                      example.red_loop_transits))
    criterion = example.blue_verdict.criterion
    assert criterion is not None        # Blue has won
    return Figure(width, width * 0.8, tuple(shapes),
                  words._("Red joins its %(R)s segments with net transits %(path)s, and its shaded "
                          "cells form a loop that passes through the portal with net transits "
                          "%(loop)s. Blue has %(blue)s. Read word for word, both would win; in "
                          "this kit's reading Red's loop is not a portal loop, and only Blue wins.",
                          R=letter(RED, words), path=path, loop=loop,
                          blue=criterion_text(criterion, words)),
                  position(board, p, stones=example.stones, setup=False, words=words))


@kept_figures
def figures(colours: Palette, words: Words) -> dict[str, Figure]:
    check_examples()        # the judge agrees with what the captions say
    board = FIGURE_BOARD
    a, _other = board.centres

    def label(offset: Hex) -> int:
        number = board.twin_index(a + offset)
        assert number is not None, "the figures' frame cells are next to the window"
        return number
    west, east, north_east, south_west = (label(Hex(-1, 0)), label(Hex(1, 0)),
                                          label(Hex(1, -1)), label(Hex(-1, 1)))
    return {
        "first-move": example_figure(
            "first move", colours, setup=True, words=words,
            caption=words._("Red's first cell is frame cell %(east)s: one cell, so two stones, "
                            "one in each frame.", east=east)),
        "simple": example_figure(
            "simple", colours, words=words,
            caption=words._("A simple connecting path: Red joins the %(R)s segments without "
                            "passing through the portal. Red wins.", R=letter(RED, words))),
        "single": example_figure(
            "single", colours, words=words,
            caption=words._("A single transit path, in at frame cell %(west)s from the first "
                            "window's side and out on the second window's side, and apart from "
                            "it a portal loop through frame cells %(east)s and %(north_east)s. "
                            "Together they win.", west=west, east=east, north_east=north_east)),
        "double": example_figure(
            "double", colours, words=words,
            caption=words._("A double transit path: through the portal at frame cell %(west)s, "
                            "back round, and through again at frame cell %(east)s. Red wins.",
                            west=west, east=east)),
        "border-loop": example_figure(
            "border loop", colours, words=words,
            caption=words._("A portal loop along Red's border segment: out of frame cell "
                            "%(west)s to the border, along it, and back in at frame cell "
                            "%(south_west)s from the other window's side.", west=west,
                            south_west=south_west)),
        "literal": literal_figure(colours, words=words),
    }


def rules_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours = printing.paper, printing.palette
    frame = 6 * (opts.radius + 1)
    markup = templating.render_beside(__file__, "rules.md.j2", N=opts.size, frame=frame,
                                      language=printing.words,
                                      window=1 + 3 * opts.radius * (opts.radius + 1),
                                      credit=credit(words),
                                      R=letter(RED, words), B=letter(BLUE, words),
                                      portal=colours.colour_word(PORTAL, words))
    pages = typeset(markup, figures(colours, words), paper=paper, colours=colours,
                    footer_text=words._("%(credit)s Rules text written for this kit.",
                                        credit=credit(words)),
                    first_on_right=printing.first_on_right, words=words)
    return document(opts, pages, what=words._("rules"), words=words)


# --- the score pad ------------------------------------------------------------------------------


def pad_label(opts: Options, words: Words) -> str:
    """The board's label without the sides, which the pad has no need of (A5 has no room)."""
    return opts.board_label(words)


def pad_pages(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> list[Page]:
    """A row for every round of a game that fills the board: two claims a round, a frame
    cell and its twin one cell."""
    frame = 6 * (opts.radius + 1)
    return scorepad.score_pad(paper, scorepad.Pad(
        words._("Hex KB score pad"), pad_label(opts, words), (words._("Red"), words._("Blue")),
        (words._("Write each claimed cell by column letter and row number (e.g. c4); a portal "
                 "frame cell once, by the number printed in it: 1 to %(frame)s.", frame=frame),
         words._("Red moves first.")),
        # The narrowest each column may go: a row number, one cell or frame number.
        (sheet.Column(words._("Turn"), 0.5, least=8.0), sheet.Column(words._("Red"), 1.2,
                                                                     least=16.0),
         sheet.Column(words._("Blue"), 1.2, least=16.0)),
        words._("%(credit)s Row n holds each player's n-th turn: Red's cell, then Blue's.",
                credit=credit(words)),
        record_blocks=2, min_rows=-(-len(opts.board().cells) // 2)), colours=colours, words=words)


def pad_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, pad_pages(opts, paper, colours=colours, words=words) * copies,
                    what=words._("score pad"), words=words)


PAGES = Pages(
    cover=Cover(credit, (20, 40), lambda opts, colours, words: figures(colours, words)["simple"]),
    items={RULES: rules_item, BOARD: board_item, PUZZLE: puzzle_item, PAD: pad_item},
    board_cell=lambda opts, paper, words: SQRT3 * board_layout(
        opts, board_paper(opts, paper, words=words), words=words).placement.cell_radius,
)
