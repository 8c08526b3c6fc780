"""Nex's pages: the board stood on a corner as in the rules' diagram, the counter sheet, the
rule sheet's figures and the score pad."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

from generator import templating
from generator.core.geometry import SQRT3, Hex, Point, Rhombus
from generator.core.gridfile import hex_name
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper, roomiest
from generator.core.scene import Circle, Document, Page, Paint, Shape, Text, segments
from generator.games.items import BOARD, COUNTERS, PAD, RULES
from generator.games.nex.rules import (
    BLACK,
    DESIGNER,
    NEUTRAL,
    TITLE,
    WHITE,
    YEAR,
    Options,
    Stones,
    most_stones,
    read_moves,
    replay,
    winner,
)
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import aid, boardpage, cutsheet, describe, hexboard, scorepad, sheet
from generator.layout.cover import Cover
from generator.layout.figure_cache import kept_figures
from generator.layout.printing import Printing
from generator.layout.textlayout import Figure, centred_label, typeset

# The rules' diagram stands the board on a corner: rows run across, (a, 1) at the top.
DIAGRAM_ANGLE = 60.0
# A counter is a square cut from a grid, with its stone printed on it as a disc. Cut, it must
# lie inside its cell, clear of the neighbours': the largest square a regular hexagon holds
# has a side of (3 − √3) radii (its corners on the two slanted edges of each side), and the
# counter keeps a twentieth of that clear for a cut a little off the line. A square a little
# narrower than the cell flat to flat, as these once were (1.62 radii), is larger than the
# cell itself: 141.6 mm² of counter on a 141.2 mm² cell.
TILE_PER_CELL = 0.95 * (3 - SQRT3)  # counter side in cell radii
STONE_SHARE = 0.46    # the printed stone's radius, in counter sides: a white rim to cut in
# Counters under this side (fiddly to cut and to pick up), or more than GO_SET_CELLS of
# each kind (a board over 13 × 13), and the sheet advises a Go set: the same boards as when
# the counters were drawn as wide as a cell and fingers asked for 10 mm.
GO_SET_SIDE = 7.5     # mm
GO_SET_CELLS = 169
# Spares of each kind beyond the most a game can use (rules.most_stones), for a counter
# cut wrong or lost; the guide says how many. A kind's last row may be short: rounding up to
# whole rows would print a fifth more counters than the rules can use (80 of each for 63).
SPARES = 3
SPARING = 0.9         # counters up to this much smaller, where that saves a sheet


def credit(words: Words) -> str:
    return words._("%(game)s by %(designer)s, %(year)s.", game=TITLE, designer=DESIGNER, year=YEAR)


def licence(words: Words) -> str:
    return words._("Game and original rules © %(year)s %(designer)s; this kit's text and drawings "
                   "are MIT licensed", year=YEAR, designer=DESIGNER)


def letter(kind: str, words: Words) -> str:
    """The letter a kind of stone is known by on the board and its counters."""
    return {BLACK: words.pgettext("Nex black", "B"), WHITE: words.pgettext("Nex white", "W"),
            NEUTRAL: words.pgettext("Nex neutral", "N")}[kind]


def name(kind: str, words: Words) -> str:
    return {BLACK: words._("Black"), WHITE: words._("White"), NEUTRAL: words.pgettext("Nex stone",
                                                                                      "neutral")}[kind]


# --- drawing stones and boards ------------------------------------------------------------------


def stone(kind: str, centre: Point, *, radius: float, colours: Palette,
          words: Words) -> list[Shape]:
    """A stone as it looks on the board and on its counter; in the ink-saver palette each
    kind carries its letter instead of a fill."""
    fill = colours[{BLACK: "black stone", WHITE: "white stone", NEUTRAL: "neutral stone"}[kind]]
    edge = Paint(fill=fill, stroke=colours["stone edge"], width=max(0.15, 0.07 * radius))
    shapes: list[Shape] = [Circle(centre, radius, edge)]
    if colours.lettered:
        shapes.append(centred_label(centre.x, centre.y, text=letter(kind, words), size=radius * 1.1,
                                    colour=colours["ink"], font="bold"))
    elif kind == NEUTRAL:
        shapes.append(Circle(centre, radius * 0.45, Paint(stroke=colours["stone edge"],
                                                          width=max(0.12, 0.05 * radius))))
    return shapes


def board_shapes(p: hexboard.Placement, colours: Palette, *, with_coordinates: bool,
                 stones: Stones | None = None, marked: tuple[Hex, ...] = (),
                 cut_tips: bool = False, words: Words) -> list[Shape]:
    stones = stones or {}
    r = p.cell_radius
    shapes = hexboard.side_bands(p, q_colour=colours["black side"], r_colour=colours["white side"],
                                 edge=colours["stone edge"],
                                 hatched=colours.hatched, cut_tips=cut_tips)
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.15, 0.035 * r)),
                                   fills={h: colours["change"] for h in marked})
    for h, kind in sorted(stones.items(), key=lambda hk: (hk[0].r, hk[0].q)):
        shapes += stone(kind, p.centre(h), radius=0.62 * r, colours=colours, words=words)
    return shapes + hexboard.labels(p, q_side=(letter(BLACK, words), colours["ink"]),
                                    r_side=(letter(WHITE, words), colours["ink"]),
                                    muted=colours["muted"], with_coordinates=with_coordinates)


def sides(p: hexboard.Placement, words: Words) -> list[str]:
    """Where Black's sides and White's lie on the page, as a description says it."""
    q, r = describe.hex_sides(p, words)
    return [describe.sides(name(BLACK, words), letter(BLACK, words), where=q, words=words),
            describe.sides(name(WHITE, words), letter(WHITE, words), where=r, words=words)]


def position(stones: Stones, words: Words) -> str:
    return describe.stones([(name(kind, words), [h for h, k in stones.items() if k == kind])
                            for kind in (BLACK, WHITE, NEUTRAL)])


def place(size: int, x: float, *, y: float, w: float, h: float,
          with_coordinates: bool = True) -> hexboard.Placement:
    return hexboard.place_board(size, x, y=y, width=w, height=h, angle=DIAGRAM_ANGLE,
                                with_coordinates=with_coordinates)


# The board's own page cuts the bands at the board's sharp corners, as every banded board's
# page does.
CUT_PLACE = boardpage.CutPlacer(DIAGRAM_ANGLE)
CUT_DRAW = boardpage.CutDrawer(board_shapes)


def page_words(opts: Options, words: Words) -> boardpage.Words:
    """What the board's page says round it, in `words`."""
    return boardpage.Words(TITLE, opts.label(words), words._(
        "%(credit)s Black joins the two %(B)s sides; White joins the two %(W)s sides.",
        credit=credit(words), B=letter(BLACK, words), W=letter(WHITE, words)), words)


def board_placement(opts: Options, paper: Paper, *, words: Words) -> hexboard.Placement:
    return board_layout(opts, paper, words=words).placement


def board_layout(opts: Options, paper: Paper, *, words: Words) -> boardpage.Laid:
    """The board's page laid out: where the board goes, the words round it, and the part
    of the page they take (a virtual table's board shows that part)."""
    return boardpage.layout(opts.size, opts.coordinates, paper=paper, words=page_words(opts, words),
                            colours=COLOUR,
                            place=CUT_PLACE, draw=CUT_DRAW, cut_tips=True)


def board_page(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> Page:
    return boardpage.board_page(
        paper, colours, size=opts.size, coordinates=opts.coordinates, place=CUT_PLACE,
        draw=CUT_DRAW, words=page_words(opts, words), cut_tips=True,
        described=lambda p: describe.sentence(
            words._("%(game)s board, %(n)s by %(n)s", game=TITLE, n=opts.size), *sides(p, words),
            describe.coordinates(opts.size, words) if opts.coordinates else ""))


def document(opts: Options, pages: list[Page], *, what: str, words: Words) -> Document:
    return boardpage.document(pages, what, game=TITLE, designer=DESIGNER, size=opts.size,
                              keywords=("Nex", "Hex", words._("neutral stones"),
                                        words._("print and play")), licence=licence(words),
                              words=words)


def board_paper(opts: Options, paper: Paper, *, words: Words) -> Paper:
    return roomiest(paper, lambda p: board_placement(opts, p, words=words).cell_radius)


def board_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, [board_page(opts, board_paper(opts, paper, words=words), colours=colours,
                                      words=words)] * copies,
                    what=words._("board"), words=words)


# --- the counter sheet ----------------------------------------------------------------------


def counters_item(opts: Options, printing: Printing) -> Document:
    """Of each kind, the most a game can hold (rules.most_stones) and a few spares: stones
    change colour in play, so the counters are not one a cell of each kind, but no kind can
    outnumber half the board's cells by more than one."""
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    side = sheet_side(opts, paper, words=words)
    printed = printed_counters(opts, paper, words=words)

    def run(kind: str) -> cutsheet.TileRun:
        # Stones on white in a thin cut grid, never a block of solid ink to cut through.
        return cutsheet.TileRun(name(kind, words), printed[kind], None,
                                lambda c, s, bleed: counter(kind, c, side=s, colours=colours,
                                                            words=words))

    advice = (words._("%(count)s counters of %(side)s mm in all: a Go set serves better, its black "
                      "and white stones with coins or buttons for the neutral stones.",
                      count=sum(printed.values()), side=words.decimal(side))
              if go_set_serves_better(opts, paper, words=words) else "")
    pages = cutsheet.tile_pages(
        paper, side, runs=[run(k) for k in (BLACK, WHITE, NEUTRAL)] * copies,
        title=words._("%(game)s counters", game=TITLE),
        subtitle=words._("for the %(size)s × %(size)s board · %(black)s black, %(white)s white, "
                         "%(neutral)s neutral · %(side)s mm squares", size=opts.size,
                         black=printed[BLACK], white=printed[WHITE], neutral=printed[NEUTRAL],
                         side=words.decimal(side)),
        # The advice straight after the credit, and kept with it where a narrow page's
        # footer has no room for the rest.
        footer=words._("%(credit)s Cut along the grey lines; card stock makes counters that last.",
                credit=" ".join(filter(None, (credit(words), advice)))), colours=colours,
        footer_keep=2 if advice else 1)
    return document(opts, pages, what=words._("counters"), words=words)


def runs_of(counts: dict[str, int], words: Words) -> list[cutsheet.TileRun]:
    """Where the counters fall, not what is drawn on them."""
    return [cutsheet.TileRun(name(kind, words), counts[kind], None, lambda c, s, bleed: [])
            for kind in (BLACK, WHITE, NEUTRAL)]


def wanted(opts: Options) -> dict[str, int]:
    """The counters a set needs of each kind: the most a game holds, and SPARES."""
    return {kind: most + SPARES for kind, most in most_stones(opts.size).items()}


def printed_counters(opts: Options, paper: Paper, *, words: Words) -> dict[str, int]:
    """The counters printed of each kind, as the sheets lay them out."""
    runs = runs_of(wanted(opts), words)
    kinds = dict(zip(runs, (BLACK, WHITE, NEUTRAL), strict=True))
    counts = dict.fromkeys(kinds.values(), 0)
    for page in cutsheet.layout(paper, sheet_side(opts, paper, words=words), runs=runs):
        for block in page:
            counts[kinds[block.run]] += block.count
    return counts


def guide_note(opts: Options, paper: Paper, *, words: Words) -> str:
    """What the kit's guide says of the counters: how many, and how many are spares."""
    printed, most = printed_counters(opts, paper, words=words), most_stones(opts.size)
    return words._("The counter sheet has %(black)s black, %(white)s white and %(neutral)s neutral "
                   "counters: no game on %(size)s × %(size)s cells holds more than %(most_black)s "
                   "black, %(most_white)s white and %(most_neutral)s neutral stones at once, and "
                   "the rest are spares.", black=printed[BLACK], white=printed[WHITE],
                   neutral=printed[NEUTRAL], size=opts.size, most_black=most[BLACK],
                   most_white=most[WHITE], most_neutral=most[NEUTRAL])


def sheet_side(opts: Options, paper: Paper, *, words: Words) -> float:
    """The counters' side on their sheets: a cell's (counter_side), or, where counters up
    to SPARING of that and no smaller than GO_SET_SIDE fit on a sheet fewer, the largest
    that does (to 0.1 mm), so no sheet is printed for a few rows."""
    side = counter_side(opts, paper, words=words)
    runs = runs_of(wanted(opts), words)

    def sheets(at: float) -> int:
        return len(cutsheet.layout(paper, at, runs=runs))
    low = max(side * SPARING, GO_SET_SIDE)
    if low >= side or sheets(low) == sheets(side):
        return side
    high = side                  # sheets(low) < sheets(high): the largest side like low's
    while high - low > 0.01:
        mid = (low + high) / 2
        low, high = (mid, high) if sheets(mid) < sheets(side) else (low, mid)
    return int(low * 10) / 10


def counter(kind: str, centre: Point, *, side: float, colours: Palette,
            words: Words) -> list[Shape]:
    """A counter's face: its stone, or, in the ink-saver palette, its letter alone (the cut
    square is its edge)."""
    if colours.lettered:
        return [centred_label(centre.x, centre.y, text=letter(kind, words), size=STONE_SHARE * side,
                              colour=colours["ink"], font="bold")]
    return stone(kind, centre, radius=STONE_SHARE * side, colours=colours, words=words)


def counter_side(opts: Options, paper: Paper, *, words: Words) -> float:
    """A counter's side, mm, for the board printed on this paper: with its coordinates,
    whose cells are the smaller, so that one set of counters lies inside a cell of the
    board printed either way (and --coordinates changes no counter)."""
    lettered = dataclasses.replace(opts, coordinates=True)
    return TILE_PER_CELL * board_placement(lettered, board_paper(lettered, paper, words=words),
                                           words=words).cell_radius


def go_set_serves_better(opts: Options, paper: Paper, *, words: Words) -> bool:
    """Too many counters, or too small to pick up, to cut out by hand."""
    return opts.size ** 2 > GO_SET_CELLS or counter_side(opts, paper, words=words) < GO_SET_SIDE


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
    positions: list[dict[Hex, str]] = [{}]
    for n in range(1, len(turns) + 1):
        game = replay(turns[:n], size)
        if game.errors:
            raise AssertionError(f"the rules' example game is illegal: {game.errors}")
        positions.append(game.stones)
    return positions


def before_after(before: Stones, after: Stones, *, colours: Palette, caption: str,
                 words: Words) -> Figure:
    width, height, arrow = 92.0, 64.0, 8.0
    half = (width - arrow) / 2
    changed = tuple(h for h in Rhombus(EXAMPLE_SIZE) if before.get(h) != after.get(h))
    shapes: list[Shape] = []
    for x, stones, title in ((0.0, before, words._("before")), (half + arrow, after,
                                                                words._("after"))):
        p = place(EXAMPLE_SIZE, x, y=6.0, w=half, h=height - 6.0)
        shapes.append(Text(Point(x + half / 2, 3.5), title, 3.2, colours["muted"],
                           "italic", "middle"))
        shapes += board_shapes(p, colours, with_coordinates=True, stones=stones, marked=changed,
                               words=words)
    mid = Point(half + arrow / 2, height / 2 + 3)
    shapes.append(segments([(mid + Point(-2.5, 0), mid + Point(2.5, 0)),
                            (mid + Point(1.0, -1.5), mid + Point(2.5, 0)),
                            (mid + Point(1.0, 1.5), mid + Point(2.5, 0))],
                           Paint(stroke=colours["ink"], width=0.5)))
    # The words outside the f-strings, where pybabel's extraction sees them.
    said_before, said_after = words._("before"), words._("after")
    return Figure(width, height, tuple(shapes), caption, describe.sentence(
        describe.sized(TITLE, EXAMPLE_SIZE, words=words),
        f"{said_before}: {position(before, words)}",
        f"{said_after}: {position(after, words)}",
        words._("Shaded: %(cells)s", cells=describe.cells(changed))))


def goal_figure(stones: Stones, colours: Palette, *, words: Words) -> Figure:
    width, height = 70.0, 80.0
    p = place(EXAMPLE_SIZE, 0.0, y=0.0, w=width, h=height)
    won = winner(EXAMPLE_SIZE, stones)
    assert won is not None, "the goal figure shows a finished game"
    colour, path = won
    shapes = board_shapes(p, colours, with_coordinates=True, stones=stones, words=words)
    shapes.append(segments([(p.centre(a), p.centre(b)) for a, b in pairwise(path)],
                           Paint(stroke=colours["highlight"], width=0.45 * p.cell_radius)))
    names = " ".join(hex_name(h) for h in path)
    return Figure(width, height, tuple(shapes),
                  words._("On a %(n)s × %(n)s board, %(who)s has joined the %(B)s sides (NW and "
                          "SE) with %(cells)s, and wins. White's sides are marked %(W)s. Neutral "
                          "stones join nothing.",
                          who=name(colour, words), B=letter(BLACK, words), W=letter(WHITE, words),
                          cells=names,
                          n=EXAMPLE_SIZE),
                  describe.sentence(describe.sized(TITLE, EXAMPLE_SIZE, words=words),
                                    *sides(p, words),
                                    position(stones, words),
                                    words._("Highlighted chain: %(cells)s",
                                            cells=", ".join(map(hex_name, path)))))


@kept_figures
def figures(colours: Palette, words: Words) -> dict[str, Figure]:
    positions = example_positions()
    _size, turns = read_moves(EXAMPLE_GAME)
    drop, take = turns[DROP_TURN - 1], turns[TAKE_TURN - 1]
    cell = hex_name
    return {
        "drop": before_after(
            positions[DROP_TURN - 1], positions[DROP_TURN], colours=colours,
            caption=words._("A drop on a %(n)s × %(n)s board, written %(mine)s (%(neutral)s): "
                            "Black places a stone on %(mine)s and a neutral stone on "
                            "%(neutral)s.", mine=cell(drop.mine[0]),
                            neutral=cell(drop.neutral[0]), n=EXAMPLE_SIZE), words=words),
        "take": before_after(
            positions[TAKE_TURN - 1], positions[TAKE_TURN], colours=colours,
            caption=words._("A conversion on a %(n)s × %(n)s board, written %(a)s %(b)s "
                            "(%(given)s): the neutral stones on %(a)s and %(b)s become Black, "
                            "and Black's stone on %(given)s becomes neutral.",
                            a=cell(take.mine[0]), b=cell(take.mine[1]),
                            given=cell(take.neutral[0]), n=EXAMPLE_SIZE), words=words),
        "goal": goal_figure(positions[-1], colours, words=words),
    }


def rules_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours = printing.paper, printing.palette
    markup = templating.render_beside(__file__, "rules.md.j2", N=opts.size, credit=credit(words),
                                      language=printing.words,
                                      last=f"{hexboard.column_name(opts.size - 1)}{opts.size}",
                                      B=letter(BLACK, words), W=letter(WHITE, words),
                                      X=letter(NEUTRAL, words),
                                      lettered=colours.lettered)
    pages = typeset(markup, figures(colours, words), paper=paper, colours=colours,
                    footer_text=words._("%(credit)s Rules text written for this kit.",
                                        credit=credit(words)),
                    first_on_right=printing.first_on_right, words=words)
    return document(opts, aid.on_last_page(pages, player_aid(words), paper=paper, colours=colours),
                    what=words._("rules"), words=words)


def player_aid(words: Words) -> aid.Aid:
    """A turn, in the rule sheet's own words, for each player to keep at hand."""
    return aid.Aid(words._("A turn"), (
        words._("On your turn you do exactly one of these two things:"),
        words._("**Drop:** put one of your stones on an empty cell and one neutral stone on "
                "another empty cell."),
        words._("**Convert:** turn two neutral stones on the board into stones of your colour, and "
                "turn one other stone of your colour into a neutral stone."),
        words._("A cell that holds a neutral stone is not empty: no stone can be dropped on it.")))


# --- the score pad ------------------------------------------------------------------------------

def notation(words: Words) -> tuple[str, ...]:
    return (words._("How to write a turn: plain cells become your stones, cells in brackets become "
                    "neutral."),
            words._("Drop: c4 (d5)   ·   take two neutrals, give one stone: d5 e6 (c4)   ·   "
                    "almost full board: one cell, e.g. e6   ·   the swap rule: swap"))


def longest_game(size: int) -> int:
    """Turns in the longest game: every turn but the swap takes one from the empty cells
    plus the neutral stones (a drop fills two cells and adds a neutral; taking two neutrals
    and giving one stone leaves one neutral fewer; the full-board turns take the last), so
    a game has at most size² turns, and one more where White answers swap."""
    return size ** 2 + 1


def pad_pages(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> list[Page]:
    """A row for every round of the longest game: Black's turn and White's."""
    return scorepad.score_pad(paper, scorepad.Pad(
        words._("Nex score pad"), opts.label(words), (words._("Black"),
                                                      words._("White")), notation(words),
        # The narrowest each column may go: a row number; three cells, "d5 e6 (c4)".
        (sheet.Column(words._("Round"), 0.5, least=8.0), sheet.Column(words._("Black"), 1.2,
                                                                      least=24.0),
         sheet.Column(words._("White"), 1.2, least=24.0)),
        words._("%(credit)s Each row is one round: Black's turn, then White's.",
                credit=credit(words)),
        record_blocks=2,
        min_rows=-(-longest_game(opts.size) // 2)),
        colours=colours, words=words)


def pad_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, pad_pages(opts, paper, colours=colours, words=words) * copies,
                    what=words._("score pad"), words=words)


PAGES = Pages(
    cover=Cover(credit, (20, 40), lambda opts, colours, words: figures(colours, words)["goal"]),
    items={RULES: rules_item, BOARD: board_item, COUNTERS: counters_item, PAD: pad_item},
    guide_notes={COUNTERS: guide_note},
    board_cell=lambda opts, paper, words: SQRT3 * board_placement(opts, board_paper(opts, paper,
                                                                                    words=words),
                                                                  words=words)
    .cell_radius,
)
