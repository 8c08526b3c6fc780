"""Hex's pages: the board with Red's and Blue's sides, the rule sheet's figures (a cell's six
neighbours, and a short game won), and the score pad."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from generator import templating
from generator.core.geometry import SQRT3, Hex, Rhombus
from generator.core.gridfile import hex_name
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper, roomiest
from generator.core.scene import Circle, Document, Page, Paint, Shape, segments
from generator.games.hex.rules import (
    BLUE,
    DESIGNER,
    RED,
    TITLE,
    Options,
    Stones,
    last_cell,
    letter,
    read_moves,
    replay,
)
from generator.games.items import BOARD, PAD, RULES
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import boardpage, describe, hexboard, scorepad, sheet
from generator.layout.cover import Cover
from generator.layout.figure_cache import kept_figures
from generator.layout.printing import Printing
from generator.layout.textlayout import Figure, centred_label, typeset


def credit(words: Words) -> str:
    # The years in the message, not in YEAR's "1942, 1947", so a translation says whose is which.
    return words._("%(game)s by Piet Hein (1942) and John Nash (1947).", game=TITLE)


def name(colour: str, words: Words) -> str:
    return words._("Red") if colour == RED else words._("Blue")


# --- drawing stones and boards ------------------------------------------------------------------


def stone(colour: str, p: hexboard.Placement, *, h: Hex, colours: Palette,
          words: Words) -> list[Shape]:
    """A stone in a figure; where a palette tells pieces apart by letter, it carries one."""
    r = p.cell_radius
    centre = p.centre(h)
    role = "red" if colour == RED else "blue"
    shapes: list[Shape] = [Circle(centre, 0.6 * r, Paint(fill=colours[role],
                                                         stroke=colours["stone edge"],
                                                         width=max(0.15, 0.06 * r)))]
    if colours.lettered:
        shapes.append(centred_label(centre.x, centre.y, text=letter(colour, words), size=0.7 * r,
                                    colour=colours["cell"], font="bold"))
    return shapes


def board_shapes(p: hexboard.Placement, colours: Palette, *, with_coordinates: bool,
                 stones: Stones | None = None,
                 tinted: Mapping[Hex, str] | None = None, cut_tips: bool = False, words: Words
                 ) -> list[Shape]:
    """Red's sides (the rows', r) and Blue's (the columns', q) as bands, cells, stones and
    labels."""
    r = p.cell_radius
    shapes = hexboard.side_bands(p, q_colour=colours["blue"], r_colour=colours["red"],
                                 hatched=colours.hatched,
                                 cut_tips=cut_tips)
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.15, 0.035 * r)), fills=dict(tinted or {}))
    for h, colour in sorted((stones or {}).items(), key=lambda hc: (hc[0].r, hc[0].q)):
        shapes += stone(colour, p, h=h, colours=colours, words=words)
    return shapes + hexboard.labels(p, q_side=(letter(BLUE, words), colours["blue"]),
                                    r_side=(letter(RED, words), colours["red"]),
                                    muted=colours["muted"], with_coordinates=with_coordinates)


# As HexGui, HexWorld, Little Golem and HexWiki draw the board: a1 at the top left, the
# columns' letters across the top and bottom, the rows' numbers down the sides, Red's sides
# (the rows 1 and N) at the top and bottom, Blue's (the columns) at the left and right. One
# way on every paper and size, in the rules' figures and in every record's diagrams (the
# page turns to landscape where that gives larger cells; the board does not turn on it).
BOARD_ANGLE = 0.0


def place(size: int, x: float, *, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(size, x, y=y, width=w, height=h, angle=BOARD_ANGLE,
                                with_coordinates=with_coordinates)


# The board's own page cuts the bands at the board's sharp corners, as every banded board's
# page does.
CUT_PLACE = boardpage.CutPlacer(BOARD_ANGLE)
CUT_DRAW = boardpage.CutDrawer(board_shapes)


def page_words(opts: Options, words: Words) -> boardpage.Words:
    """What the board's page says round it, in `words`."""
    return boardpage.Words(TITLE, opts.label(words), words._(
        "%(credit)s Red joins the two %(R)s sides; Blue joins the two %(B)s sides.",
        credit=credit(words), R=letter(RED, words), B=letter(BLUE, words)), words)


def board_placement(opts: Options, paper: Paper, *, words: Words) -> hexboard.Placement:
    return board_layout(opts, paper, words=words).placement


def board_layout(opts: Options, paper: Paper, *, words: Words) -> boardpage.Laid:
    """The board's page laid out: where the board goes, the words round it, and the part
    of the page they take (a virtual table's board shows that part)."""
    return boardpage.layout(opts.size, opts.coordinates, paper=paper, words=page_words(opts, words),
                            colours=COLOUR,
                            place=CUT_PLACE, draw=CUT_DRAW, cut_tips=True)


def board_paper(opts: Options, paper: Paper, *, words: Words) -> Paper:
    return roomiest(paper, lambda p: board_placement(opts, p, words=words).cell_radius)


def sides(p: hexboard.Placement, words: Words) -> list[str]:
    """Where Red's sides and Blue's lie on the page, as a description says it."""
    q, r = describe.hex_sides(p, words)
    return [describe.sides(name(RED, words), letter(RED, words), where=r, words=words),
            describe.sides(name(BLUE, words), letter(BLUE, words), where=q, words=words)]


def board_page(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> Page:
    return boardpage.board_page(
        paper, colours, size=opts.size, coordinates=opts.coordinates, place=CUT_PLACE,
        draw=CUT_DRAW, words=page_words(opts, words), cut_tips=True,
        described=lambda p: describe.sentence(
            words._("%(game)s board, %(n)s by %(n)s", game=TITLE, n=opts.size), *sides(p, words),
            describe.coordinates(opts.size, words) if opts.coordinates else ""))


def document(opts: Options, pages: list[Page], *, what: str, words: Words) -> Document:
    return boardpage.document(pages, what, game=TITLE, designer=DESIGNER, size=opts.size,
                              keywords=("Hex", words._("connection game"),
                                        words._("print and play")),
                              licence=words._("This kit's text and drawings are MIT licensed"),
                              words=words)


def board_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, [board_page(opts, board_paper(opts, paper, words=words), colours=colours,
                                      words=words)] * copies,
                    what=words._("board"), words=words)


# --- figures for the rule sheet ---------------------------------------------------------------

EXAMPLE_SIZE = 5
# A short game: Blue blocks twice, Red goes round, and Red's last stone joins row 1 to 5.
EXAMPLE_GAME = """\
size 5
1. c3
2. c4
3. b4
4. a5
5. b5
6. d2
7. c2
8. c1
9. d1
"""
TOUCH_CELL = Hex(2, 2)   # c3, the middle of the example board


def example_game() -> tuple[dict[Hex, str], str, list[Hex]]:
    """The example game's final position, its winner and the winning chain, as replayed by
    the judge (an illegal example would stop the rule sheet)."""
    size, turns = read_moves(EXAMPLE_GAME)
    game = replay(turns, size)
    if game.errors or not game.won or game.won[1] != len(turns):
        raise AssertionError(f"the rules' example game is not won on its last turn: "
                             f"{game.errors or game.won}")
    return game.stones, game.won[0], game.won[2]


def touch_figure(colours: Palette, words: Words) -> Figure:
    width, height = 60.0, 52.0
    p = place(EXAMPLE_SIZE, 0.0, y=0.0, w=width, h=height)
    around = Rhombus(EXAMPLE_SIZE).neighbours(TOUCH_CELL)
    shapes = board_shapes(p, colours, with_coordinates=True, stones={TOUCH_CELL: RED},
                          tinted={h: colours["change"] for h in around}, words=words)
    return Figure(width, height, tuple(shapes),
                  words._("A cell touches up to six others: the stone on %(cell)s touches the "
                          "shaded cells %(around)s.", cell=hex_name(TOUCH_CELL),
                          around=", ".join(hex_name(h) for h in sorted(around,
                                                                       key=lambda h: (h.q, h.r)))),
                  describe.sentence(describe.sized(TITLE, EXAMPLE_SIZE, words=words),
                                    describe.stones([(name(RED, words), [TOUCH_CELL])]),
                                    words._("Shaded: %(cells)s", cells=describe.cells(around))))


def goal_figure(colours: Palette, words: Words) -> Figure:
    width, height = 70.0, 60.0
    stones, colour, path = example_game()
    p = place(EXAMPLE_SIZE, 0.0, y=0.0, w=width, h=height)
    shapes = board_shapes(p, colours, with_coordinates=True, stones=stones, words=words)
    shapes.append(segments([(p.centre(a), p.centre(b)) for a, b in pairwise(path)],
                           Paint(stroke=colours["highlight"], width=0.3 * p.cell_radius)))
    return Figure(width, height, tuple(shapes),
                  words._("%(who)s has joined the two %(R)s sides with %(cells)s, and wins. Blue's "
                          "sides are marked %(B)s.", who=name(colour, words), R=letter(RED, words),
                          B=letter(BLUE, words), cells=" ".join(hex_name(h) for h in path)),
                  describe.sentence(
                      describe.sized(TITLE, EXAMPLE_SIZE, words=words), *sides(p, words),
                      describe.stones([(name(c, words), [h for h, s in stones.items() if s == c])
                                       for c in (RED, BLUE)]),
                      words._("Highlighted chain: %(cells)s", cells=", ".join(map(hex_name,
                                                                                  path)))))


@kept_figures
def figures(colours: Palette, words: Words) -> dict[str, Figure]:
    return {"touch": touch_figure(colours, words), "goal": goal_figure(colours, words)}


def rules_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours = printing.paper, printing.palette
    markup = templating.render_beside(__file__, "rules.md.j2", N=opts.size, swap=opts.swap,
                                      language=printing.words,
                                      credit=credit(words), last=last_cell(opts.size),
                                      half=-(-opts.size ** 2 // 2),
                                      R=letter(RED, words), B=letter(BLUE, words))
    pages = typeset(markup, figures(colours, words), paper=paper, colours=colours,
                    footer_text=words._("%(credit)s Rules text written for this kit.",
                                        credit=credit(words)),
                    first_on_right=printing.first_on_right, words=words)
    return document(opts, pages, what=words._("rules"), words=words)


# --- the score pad ------------------------------------------------------------------------------


def notation(opts: Options, words: Words) -> tuple[str, ...]:
    how = words._("Write each stone by its cell: column letter and row number, e.g. c4. Red moves "
                  "first.")
    if not opts.swap:
        return (how,)
    return (how,
            words._("Swap rule: Blue may answer Red's first stone with swap, written as Blue's "
                    "first turn; the players exchange colours, the stone stays, and Blue "
                    "moves next."))


def longest_game(opts: Options) -> int:
    """Turns in the longest game: one stone a turn until the board is full, and Blue's swap,
    which places none, where the swap rule is played."""
    return opts.size ** 2 + (1 if opts.swap else 0)


def pad_pages(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> list[Page]:
    """A row for each player's n-th turn, as many as the longest game gives the first."""
    return scorepad.score_pad(paper, scorepad.Pad(
        words._("Hex score pad"), opts.label(words), (words._("Red"), words._("Blue")),
        notation(opts, words),
        (sheet.Column(words._("Turn"), 0.5), sheet.Column(words._("Red"), 1.2),
         sheet.Column(words._("Blue"), 1.2)),
        # By turn number, not by round: after a swap Blue moves first in every round.
        words._("%(credit)s Row n holds Red's n-th turn and Blue's n-th turn.",
                credit=credit(words)),
        record_blocks=3, min_rows=-(-longest_game(opts) // 2)), colours=colours, words=words)


def pad_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, pad_pages(opts, paper, colours=colours, words=words) * copies,
                    what=words._("score pad"), words=words)


PAGES = Pages(
    cover=Cover(credit, (20, 40), lambda opts, colours, words: figures(colours, words)["goal"]),
    items={RULES: rules_item, BOARD: board_item, PAD: pad_item},
    board_cell=lambda opts, paper, words: SQRT3 * board_placement(opts, board_paper(opts, paper,
                                                                                    words=words),
                                                                  words=words)
    .cell_radius,
)
