"""Blinq's pages: the board with its frames, the sheet of blocks to cut out, the rule sheet's
figures (each position replayed by the judge) and the score pad."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator import templating
from generator.core.colour_roles import CELL, Role
from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper, roomiest
from generator.core.scene import (
    SMALLEST_TEXT,
    Document,
    Page,
    Paint,
    Shape,
    area,
    rectangle,
    segments,
)
from generator.games.blinq import figure_words
from generator.games.blinq.colours import BARE_BOARD
from generator.games.blinq.rules import (
    BLOCKS,
    CENTRE,
    DESIGNER,
    NEUTRAL,
    PER_PLAYER,
    SIZE,
    TITLE,
    Move,
    Options,
    Replay,
    Spot,
    Stack,
    cell_index,
    read_moves,
    replay,
    winner,
)
from generator.games.items import BOARD, PAD, RULES, TILES
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import aid, cutsheet, describe, scorepad, sheet
from generator.layout.cover import Cover
from generator.layout.figure_cache import kept_figures
from generator.layout.printing import Printing
from generator.layout.textlayout import Figure, centred_label, typeset

# --- drawing ------------------------------------------------------------------------------------

FRAME = 0.32      # frame width, in cells
LABEL_GAP = 0.28  # coordinates sit this far outside the frames, in cells


@dataclass(frozen=True)
class BoardPlace:
    x: float      # top-left corner of cell a1, mm
    y: float
    cell: float   # cell side, mm

    def point(self, col: float, row: float) -> Point:
        return Point(self.x + col * self.cell, self.y + row * self.cell)


def fit_board(box: tuple[float, float, float, float]) -> BoardPlace:
    """The board centred in a box (x, y, width, height), as large as fits with its frames
    and coordinates."""
    x, y, w, h = box
    reach = SIZE + 2 * (FRAME + LABEL_GAP + 0.25)
    cell = min(w / reach, h / reach)
    return BoardPlace(x + (w - SIZE * cell) / 2, y + (h - SIZE * cell) / 2, cell)


def frames(b: BoardPlace, colours: Palette) -> list[Shape]:
    """Four mitred frames: white at the top and bottom, black at the left and right."""
    f = FRAME
    inner = [b.point(0, 0), b.point(SIZE, 0), b.point(SIZE, SIZE), b.point(0, SIZE)]
    outer = [b.point(-f, -f), b.point(SIZE + f, -f), b.point(SIZE + f, SIZE + f),
             b.point(-f, SIZE + f)]
    fills = [colours["white side"], colours["black side"]] * 2
    hatched = colours.hatched
    return [shape for i in range(4)
            for shape in area((inner[i], inner[(i + 1) % 4], outer[(i + 1) % 4], outer[i]),
                              fills[i], hatched=hatched and i % 2 == 1,
                              edge=colours["stone edge"], edge_width=0.3)]


def block_shapes(b: BoardPlace, spot: Spot, *, orientation: str, colours: Palette,
                 bleed: float = 0.0) -> list[Shape]:
    """One block seen from above: its two halves (or the neutral square) and its outline."""
    c = spot.corner()
    left, top = c.col / 2, c.row / 2
    k = b.cell
    edge = Paint(stroke=colours["stone edge"], width=max(0.2, 0.012 * k))
    fields: list[tuple[float, float, float, float, str]]
    if orientation == NEUTRAL:
        fields = [(0.0, 0.0, 1.0, 1.0, colours["neutral stone"])]
    else:
        white, black = colours["white stone"], colours["black stone"]
        halves: dict[str, list[tuple[float, float, float, float, str]]] = {
                  "U": [(0, 0, 1, .5, white), (0, .5, 1, .5, black)],
                  "D": [(0, 0, 1, .5, black), (0, .5, 1, .5, white)],
                  "L": [(0, 0, .5, 1, white), (.5, 0, .5, 1, black)],
                  "R": [(0, 0, .5, 1, black), (.5, 0, .5, 1, white)]}
        fields = halves[orientation]
    shapes: list[Shape] = []
    if spot.level > 1 and not bleed:
        # A soft shadow down and to the right shows the block stands higher.
        o = 0.05 * k
        at = b.point(left, top)
        shapes.append(rectangle(at.x + o, at.y + o, w=k, h=k, paint=Paint(fill=colours["muted"])))
    for fx, fy, fw, fh, colour in fields:
        at = b.point(left + fx, top + fy)
        # Bleed only on the outer sides of each field, never into the other half.
        x0 = at.x - (bleed if fx == 0 else 0)
        y0 = at.y - (bleed if fy == 0 else 0)
        x1 = at.x + fw * k + (bleed if fx + fw == 1 else 0)
        y1 = at.y + fh * k + (bleed if fy + fh == 1 else 0)
        shapes.append(rectangle(x0, y0, w=x1 - x0, h=y1 - y0, paint=Paint(fill=colour)))
    if colours.lettered and orientation != NEUTRAL:
        shapes += _ink_saver_marks(b, left, top, orientation, colours)
    if orientation == NEUTRAL:
        centre = b.point(left + 0.5, top + 0.5)
        shapes.append(centred_label(centre.x, centre.y, text="N", size=max(0.3 * k, SMALLEST_TEXT),
                                    colour=colours["ink"], font="bold"))
    if not bleed:
        at = b.point(left, top)
        shapes.append(rectangle(at.x, at.y, w=k, h=k, paint=edge))
        if orientation != NEUTRAL:
            a, z = {"U": ((0, .5), (1, .5)), "D": ((0, .5), (1, .5)),
                    "L": ((.5, 0), (.5, 1)), "R": ((.5, 0), (.5, 1))}[orientation]
            shapes.append(segments([(b.point(left + a[0], top + a[1]),
                                     b.point(left + z[0], top + z[1]))], edge))
    return shapes


def _ink_saver_marks(b: BoardPlace, left: float, top: float, orientation: str,
                     colours: Palette) -> list[Shape]:
    """Lines along the black half, so the halves differ without a large fill."""
    x0, y0 = {"U": (0, .5), "D": (0, 0), "L": (.5, 0), "R": (0, 0)}[orientation]
    across = orientation in "UD"
    lines = []
    for i in range(1, 6):
        t = i / 6 * 0.5
        if across:
            a, z = (x0 + 0.08, y0 + t), (x0 + 0.92, y0 + t)
        else:
            a, z = (x0 + t, y0 + 0.08), (x0 + t, y0 + 0.92)
        lines.append((b.point(left + a[0], top + a[1]), b.point(left + z[0], top + z[1])))
    return [segments(lines, Paint(stroke=colours["ink"], width=max(0.2, 0.012 * b.cell)))]


def board_shapes(b: BoardPlace, colours: Palette, *, stack: Stack, neutral_spot: Spot,
                 with_coordinates: bool = True, cell: Role = CELL, words: Words) -> list[Shape]:
    k = b.cell
    line = Paint(stroke=colours["board line"], width=max(0.2, 0.012 * k), round_caps=False)
    shapes = frames(b, colours)
    shapes.append(rectangle(b.x, b.y, w=SIZE * k, h=SIZE * k, paint=Paint(fill=colours[cell])))
    grid = [(b.point(i, 0), b.point(i, SIZE)) for i in range(SIZE + 1)]
    grid += [(b.point(0, i), b.point(SIZE, i)) for i in range(SIZE + 1)]
    shapes.append(segments(grid, line))
    if neutral_spot not in stack:
        c = b.point(neutral_spot.col + 0.5, neutral_spot.row + 0.5)
        shapes.append(rectangle(c.x - 0.42 * k, c.y - 0.42 * k, w=0.84 * k, h=0.84 * k,
                                paint=Paint(stroke=colours["muted"], width=0.3, dash=(1.5, 1.2))))
        shapes.append(centred_label(c.x, c.y, text=words.pgettext("Blinq block", "neutral"),
                                    size=0.16 * k,
                                    colour=colours["muted"]))
    for spot in sorted(stack):
        shapes += block_shapes(b, spot, orientation=stack[spot], colours=colours)
    if with_coordinates:
        size = max(0.18 * k, SMALLEST_TEXT)
        out = FRAME + LABEL_GAP
        for i in range(SIZE):
            for at in (b.point(i + 0.5, -out), b.point(i + 0.5, SIZE + out)):
                shapes.append(centred_label(at.x, at.y, text="abcde"[i], size=size,
                                            colour=colours["muted"]))
            for at in (b.point(-out, i + 0.5), b.point(SIZE + out, i + 0.5)):
                shapes.append(centred_label(at.x, at.y, text=str(i + 1), size=size,
                                            colour=colours["muted"]))
    return shapes


def neutral_spot(opts: Options) -> Spot:
    cell = cell_index(opts.neutral)
    assert cell is not None, "options hold a cell of the board"
    return Spot(1, *cell)


def board_page(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> Page:
    x, y, w, h = sheet.body_box(paper)
    shapes = sheet.header(paper, TITLE, subtitle=opts.label(words), colours=colours)
    b = fit_board((x, y, w, h))
    # Empty cells tinted as in the rules' figures, so a block's white half stands out
    # against the board and the white frames.
    shapes += describe.board_figure(
        board_shapes(b, colours, stack={}, neutral_spot=neutral_spot(opts),
                     with_coordinates=opts.coordinates, cell=BARE_BOARD,
                     words=words),
        words._("%(game)s: %(what)s", game=TITLE, what=opts.label(words)))
    shapes += sheet.footer(paper,
                           words._("%(credit)s White joins the two white frames, Black the two "
                                   "black frames, as seen from above.",
                                   credit=credit(words)),
                           colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def credit(words: Words) -> str:
    return words._("%(game)s by %(designer)s.", game=TITLE, designer=DESIGNER)


def document(pages: list[Page], what: str, *, words: Words) -> Document:
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=TITLE, what=what),
                    words._("pnp (game by %(designer)s)", designer=DESIGNER),
                    words._("%(game)s %(what)s", game=TITLE, what=what),
                    ("Blinq", words._("connection game"), words._("stacking"),
                     words._("print and play")),
                    words._("Game and original rules by %(designer)s; this kit's text and drawings "
                            "are MIT licensed", designer=DESIGNER), lang=words.code)


def board_cell(paper: Paper) -> float:
    """The board's cell side on this paper, turned whichever way gives the larger board."""
    return fit_board(sheet.body_box(board_paper(paper))).cell


def board_paper(paper: Paper) -> Paper:
    return roomiest(paper, lambda p: fit_board(sheet.body_box(p)).cell)


def board_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document([board_page(opts, board_paper(paper), colours=colours, words=words)] * copies,
                    words._("board"), words=words)


def tiles_item(opts: Options, printing: Printing) -> Document:
    """54 dual blocks and the neutral one, the size of a board cell, edge to edge and
    sharing their cuts, each bled into its neighbours' like colour and past the block's
    edge, so that a cut a little off the line shows no white edge."""
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    side = board_cell(paper)

    def drawer(orientation: str) -> cutsheet.TileDraw:
        def draw(centre: Point, s: float, *, bleed: float) -> list[Shape]:
            b = BoardPlace(centre.x - s / 2, centre.y - s / 2, s)
            return block_shapes(b, Spot(1, 0, 0), orientation=orientation, colours=colours,
                                bleed=bleed)
        return draw

    # White half up on one row, down on the next: each block meets its neighbours in the
    # same colour at every edge (white to white across a row's middle, black to black
    # under it, and half and half side by side), so the blocks lie edge to edge and share
    # every cut, each bled into its neighbours' like colour.
    runs = [cutsheet.TileRun(words.pgettext("Blinq block", "dual"), BLOCKS * copies, None,
                             drawer("U"),
                             alternate=drawer("D"), bleed=cutsheet.BLEED),
            cutsheet.TileRun(words.pgettext("Blinq block", "neutral"), copies, None,
                             drawer(NEUTRAL),
                             bleed=cutsheet.BLEED)]
    pages = cutsheet.tile_pages(
        paper, side, runs=runs, title=words._("%(game)s blocks", game=TITLE),
        subtitle=words._("%(blocks)s dual-coloured blocks and 1 neutral · %(side)s mm, the size "
                         "of a board cell", blocks=BLOCKS, side=f"{side:.0f}"),
        # A print shop's sheets keep the cut lines between the blocks but have no crop marks.
        footer=words._("%(credit)s Print on card, or glue onto thick card so blocks stack five "
                       "levels; cut along the lines between the blocks.",
                       credit=credit(words)) if paper.press.shop else
        words._("%(credit)s Print on card, or glue onto thick card so blocks stack five levels; "
                "cut along the crop marks.", credit=credit(words)),
        colours=colours, balanced=True)
    return document(pages, words._("blocks"), words=words)


# --- figures for the rule sheet ----------------------------------------------------------------

# A short game, White first: Black cuts White's white strip down column b on move 4, and
# White bridges the cut with a level-2 block on move 9, which wins. The caption names the
# cutting block by its cell and frames the bridging one, as the figure numbers no move.
EXAMPLE_GAME = """\
1. 1 b1 L
2. 1 a3 U
3. 1 b2 L
4. 1 b3 U
5. 1 b4 L
6. 1 a4 D
7. 1 b5 L
8. 1 d3 R
9. 2 a3 R
"""
CUT_MOVE = 4
# Four blocks on level 1 and one centred on them.
PLATFORM_EXAMPLE = "1 b1 U\n1 c1 L\n1 b2 R\n1 d2 D\n1 c2 U\n1 a1 R\n2 b1 L\n"


def example_game() -> Replay:
    game = replay(read_moves(EXAMPLE_GAME)[1])
    if game.errors or not game.result.startswith("White connected"):
        raise AssertionError(f"the rules' example game went wrong: {game.errors or game.result}")
    return game


def small_board(stack: Stack, colours: Palette, *, width: float, caption: str,
                extra: Callable[[BoardPlace], list[Shape]] = lambda b: [],
                words: Words) -> Figure:
    b = fit_board((0, 0, width, width))
    shapes = board_shapes(b, colours, stack=stack, neutral_spot=Spot(1, *CENTRE), cell=BARE_BOARD,
                          words=words)
    return Figure(width, width, tuple(shapes + extra(b)), caption, figure_words.blocks(stack,
                                                                                       words))


def placed(move: Move) -> Spot:
    """Where a move in the rules' examples puts its block (none of them resigns)."""
    assert move.spot is not None, "the examples place blocks"
    return move.spot


@kept_figures
def figures(colours: Palette, words: Words) -> dict[str, Figure]:
    moves = read_moves(EXAMPLE_GAME)[1]
    first = replay(moves[:1]).stack
    game = example_game()
    won = winner(game.stack)
    assert won is not None, "the example game is won"
    path = won[1]
    platform_moves = read_moves(PLATFORM_EXAMPLE)[1]
    platform = replay(platform_moves)
    if platform.errors:
        raise AssertionError(f"the rules' platform example is illegal: {platform.errors}")
    raised, m, last = (placed(move) for move in (platform_moves[-1], moves[0], moves[-1]))
    cut = placed(moves[CUT_MOVE - 1])
    under = ", ".join(s.name.split()[1] for s in raised.platform())

    def framed(spot: Spot) -> Callable[[BoardPlace], list[Shape]]:
        """A heavy frame round one block, which the caption names."""
        def draw(b: BoardPlace) -> list[Shape]:
            c = spot.corner()
            at = b.point(c.col / 2, c.row / 2)
            return [rectangle(at.x, at.y, w=b.cell, h=b.cell,
                              paint=Paint(stroke=colours["highlight"], width=0.09 * b.cell))]
        return draw

    def path_line(b: BoardPlace) -> list[Shape]:
        pts = [b.point(s.col / 2 + 0.25, s.row / 2 + 0.25) for s in path]
        return [segments(list(zip(pts, pts[1:], strict=False)),
                         Paint(stroke=colours["highlight"], width=0.07 * b.cell))]

    facing = {"U": words._("up"), "R": words._("right"), "D": words._("down"), "L": words._("left")}
    return {
        "level-one": small_board(
            first, colours, width=46.0, words=words,
            caption=words._("White's first block, on level 1 in cell %(cell)s, its white half "
                            "facing %(facing)s: written %(move)s.", cell=m.name.split()[1],
                            facing=facing[moves[0].orientation],
                            move=f"{m.name} {moves[0].orientation}")),
        "level-two": small_board(
            platform.stack, colours, width=46.0, extra=framed(raised), words=words,
            caption=words._("A block on level 2 (framed in %(colour)s), centred on the platform "
                            "of %(under)s: written %(move)s.", under=under,
                            move=f"{raised.name} {platform_moves[-1].orientation}",
                            colour=colours.colour_word("highlight", words))),
        "won": small_board(
            game.stack, colours, width=54.0, extra=lambda b: path_line(b) + framed(last)(b),
            words=words,
            caption=words._("Black's block in %(cut)s cut White's strip down column b; White's "
                            "last block, on level 2 (%(move)s, framed), bridges the cut and joins "
                            "the white frames along white seen from above (the line in "
                            "%(colour)s).", cut=cut.name.split()[1],
                            move=f"{last.name} {moves[-1].orientation}",
                            colour=colours.colour_word("highlight", words))),
    }


def rules_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours = printing.paper, printing.palette
    markup = templating.render_beside(__file__, "rules.md.j2", credit=credit(words), blocks=BLOCKS,
                                      language=printing.words,
                                      per_player=PER_PLAYER)
    pages = typeset(markup, figures(colours, words), paper=paper, colours=colours,
                    footer_text=words._("%(credit)s Rules text written for this kit.",
                                        credit=credit(words)),
                    first_on_right=printing.first_on_right, words=words)
    return document(aid.on_last_page(pages, player_aid(words), paper=paper, colours=colours),
                    words._("rules"), words=words)


def player_aid(words: Words) -> aid.Aid:
    """Placing a block, in the rule sheet's own words, for each player to keep at hand."""
    return aid.Aid(words._("Placing a block"), (
        words._("White moves first, then the players take turns. On your turn you place one of "
                "your blocks, square to the board's lines, in one of two ways:"),
        words._("**On the board (level 1):** inside an empty cell."),
        words._("**On top (level 2 and up):** resting on a 2 × 2 platform of four blocks that lie "
                "side by side one level down, and centred on it, so that it covers a quarter of "
                "each of the four."),
        words._("You choose which way the white half faces. The neutral block counts as a block of "
                "level 1, so it can be part of a platform. A platform can be built at any level, "
                "so a pyramid of up to five levels may grow.")))


# --- the score pad ------------------------------------------------------------------------------

def notation(neutral: str, words: Words) -> tuple[str, ...]:
    """How to write a move; the example is a cell the neutral block leaves free."""
    cell = "d4" if neutral != "d4" else "b2"
    return (words._("Write a move as level, place and the side its white half faces: 1 %(cell)s U "
                    "is level 1, cell %(cell)s, white half up (U, R, D, L).", cell=cell),
            words._("Places on level 2 are named a1–d4 by the top-left block of their platform; "
                    "level 3 a1–c3, level 4 a1–b2, level 5 a1."))


def pad_pages(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> list[Page]:
    """A row for every round: each player places all their blocks."""
    return scorepad.score_pad(paper, scorepad.Pad(
        words._("Blinq score pad"), opts.label(words), (words._("White"), words._("Black")),
        notation(opts.neutral, words),
        (sheet.Column(words._("Round"), 0.5), sheet.Column(words._("White: level"), 0.8),
         sheet.Column(words._("place"), 0.7), sheet.Column(words._("white half"), 0.8),
         sheet.Column(words._("Black: level"), 0.8), sheet.Column(words._("place"), 0.7),
         sheet.Column(words._("white half"), 0.8)),
        words._("%(credit)s White moves first; each row is one round.", credit=credit(words)),
        min_rows=PER_PLAYER),
        colours=colours, words=words)


def pad_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(pad_pages(opts, paper, colours=colours, words=words) * copies,
                    words._("score pad"), words=words)


PAGES = Pages(
    cover=Cover(credit, (10, 20), lambda opts, colours, words: figures(colours, words)["won"]),
    items={RULES: rules_item, BOARD: board_item, TILES: tiles_item, PAD: pad_item},
    board_cell=lambda opts, paper, words: board_cell(paper),
)
