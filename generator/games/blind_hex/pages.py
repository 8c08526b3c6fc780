"""Blind Hex's pages: the board with its hash marks (and pennies tracks), the rule sheet's
figures, and the score pad."""

from __future__ import annotations

import functools
import math

from generator import templating
from generator.core.geometry import SQRT3, Hex, Point, hatching
from generator.core.gridfile import hex_name
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper, roomiest
from generator.core.scene import (
    SMALLEST_TEXT,
    Circle,
    Document,
    Page,
    Paint,
    Shape,
    Text,
    segments,
)
from generator.fonts import text_width
from generator.games.blind_hex import cards, coins, figure_words, gutterfold, tracks
from generator.games.blind_hex.board import EDITION_NAMES, MIN_RULE_NUMBERS
from generator.games.blind_hex.colours import BOTH_TINT, O_SIDE, O_TINT, X_SIDE, X_TINT
from generator.games.blind_hex.credits import credit, document
from generator.games.blind_hex.marks import (
    MARK_OUTSET,
    glyph_segments,
    hash_marks,
    mark_width,
)
from generator.games.blind_hex.rules import (
    LICENCE,
    ORIGINAL,
    TITLE,
    ExampleTurn,
    HashBoard,
    Options,
    example_turn,
)
from generator.games.game import OptionError
from generator.games.items import BOARD, CARDS, COINS, PAD, RULES
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import corners, describe, hexboard, scorepad, sheet
from generator.layout.cover import Cover
from generator.layout.figure_cache import forgotten_with_figures
from generator.layout.printing import Printing
from generator.layout.textlayout import Figure, balanced_rows, centred_label, typeset

# x sides to the players' left and right, o sides at the top and bottom, as the rules say,
# and square to the page with the x sides upright: one way on every paper and in the rules'
# figure, so a position copied from one to the other needs no turning in the head.
BOARD_ANGLE = 30.0


# --- the board page ---------------------------------------------------------------------------

# Cells flat to flat, mm. At READABLE_CELL the marks count at a glance and a pencilled letter
# fits inside them; every board with its default options is printed at least that large on
# A4 and Letter (both editions). Below SMALLEST_CELL the ticks of a 4 stand under
# 0.4 mm apart and a letter no longer fits between the marks, so such a board is refused
# and the paper that gives READABLE_CELL is named. Between the two (the cards board on A5,
# 8.9 mm; a 19 x 19 board on A4, 8.2 mm) it is printed as asked.
READABLE_CELL = 9.0
SMALLEST_CELL = 7.0


def board_shapes(p: hexboard.Placement, board: HashBoard, *, colours: Palette,
                 with_coordinates: bool = True, fills: dict[Hex, str] | None = None,
                 cut_tips: bool = False) -> list[Shape]:
    r = p.cell_radius
    shapes: list[Shape] = hexboard.side_bands(p, q_colour=colours[X_SIDE], r_colour=colours[O_SIDE],
                                              outset=MARK_OUTSET, cut_tips=cut_tips)
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.12, 0.03 * r)), fills=fills)
    shapes += hash_marks(p, board, colour=colours["ink"])
    return shapes + hexboard.labels(p, q_side=("x", colours[X_SIDE]),
                                    r_side=("o", colours[O_SIDE]), muted=colours["muted"],
                                    with_coordinates=with_coordinates, outset=MARK_OUTSET)


KEY_HEIGHT = 16.5      # mm: the key to the marks, under the board (room for two lines)
KEY_TEXT = 3.0         # mm: its numbers and line, at body size
KEY_EDGE = 8.0         # mm: the longest edge a key glyph is drawn on


def board_box(opts: Options, paper: Paper) -> tuple[float, float, float, float]:
    """Where the board goes: the body, less the key to the marks at the foot; on the pennies
    board, less as little height as leaves the coin tracks in its corners clear."""
    x, y, w, h = sheet.body_box(paper)
    if opts.edition != "pennies":
        return x, y, w, h - KEY_HEIGHT
    return pennies_box(opts.size, opts.numbers, with_coordinates=opts.coordinates,
                       x=x, y=y, w=w, h=h - KEY_HEIGHT)


@functools.cache
def pennies_box(size: int, numbers: int, *, with_coordinates: bool, x: float, y: float, w: float,
                h: float) -> tuple[float, float, float, float]:
    """The box, shrunk top and bottom alike by the least (to 0.1 mm) that leaves both
    tracks, tucked in its corners, clear of the board centred in it."""
    laid = tracks.tracks(numbers, (x, y, w, h))

    def fits(d: float) -> bool:
        p = place(size, with_coordinates, box=(x, y + d, w, h - 2 * d))
        return tracks.clear(p, with_coordinates, outset=MARK_OUTSET, laid=laid)
    low, high = 0.0, h / 2 - 1.0
    if not fits(low):
        while high - low > 0.1:
            middle = (low + high) / 2
            low, high = (low, middle) if fits(middle) else (middle, high)
        low = high
    return x, y + low, w, h - 2 * low


def place(size: int, with_coordinates: bool,
          *, box: tuple[float, float, float, float]) -> hexboard.Placement:
    x, y, width, height = box
    return hexboard.place_board(size, x, y=y, width=width, height=height, angle=BOARD_ANGLE,
                                with_coordinates=with_coordinates, outset=MARK_OUTSET)


def board_placement(opts: Options, paper: Paper, *, words: Words) -> hexboard.Placement:
    cornered = _corner_setting(opts, paper, words) \
        if opts.edition != "pennies" else None
    if cornered is not None:
        return cornered[0]
    return place(opts.size, opts.coordinates, box=board_box(opts, paper))


# What the corners the board leaves may hold, across: a share of the page's inner width,
# the widest first (fewest lines); the bottom-left corner narrows upwards, so a longer
# language's key may need a narrower, taller setting to stand clear.
CORNER_SHARES = (0.46, 0.42, 0.38, 0.34)


def corner_layout(opts: Options, paper: Paper, *, colours: Palette, words: Words
                  ) -> tuple[hexboard.Placement, list[Shape]] | None:
    """The cards board over the page's whole height, its sharp corners cut, with the title
    top right and the key, credit and ruler bottom left, in the corners the rhombus leaves
    (generator/layout/corners.py); None where they would not stand clear of the board, and
    on the pennies board, whose corners hold the coin tracks. On Letter this gives the
    11 x 11 board 15.2 mm cells for 12.6 (16.0 without coordinates)."""
    if opts.edition == "pennies":
        return None
    setting = _corner_setting(opts, paper, words)
    if setting is None:
        return None
    p, share = setting
    laid = _in_corners(opts, paper, colours=colours, p=p, width=share * paper.inner_width,
                       words=words)
    assert laid is not None, "the setting found fits its words"
    return p, laid[0]


# A request is checked, then drawn, and the studio asks again for each format and palette:
# the setting, a search over the corners' widths, is found once for each board, paper and
# language (its words are set in the corners; their colours change no box they take).
@forgotten_with_figures
@functools.lru_cache(maxsize=32)
def _corner_setting(opts: Options, paper: Paper, words: Words
                    ) -> tuple[hexboard.Placement, float] | None:
    return _search_corners(opts, paper, words=words)


def _search_corners(opts: Options, paper: Paper, *, words: Words) -> tuple[hexboard.Placement,
                                                                           float] | None:
    """The board's placement and the share of the page's inner width its corners are set
    in (CORNER_SHARES), or None where no share stands clear."""
    x, y, w, h = paper.margin, paper.margin, paper.inner_width, paper.height - 2 * paper.margin
    p = hexboard.place_board(opts.size, x, y=y, width=w, height=h, angle=BOARD_ANGLE,
                             with_coordinates=opts.coordinates, outset=MARK_OUTSET,
                             cut_tips=True)
    hull = hexboard.placed_hull(p, with_coordinates=opts.coordinates, outset=MARK_OUTSET,
                                cut_tips=True)
    for share in CORNER_SHARES:
        laid = _in_corners(opts, paper, colours=COLOUR, p=p, width=share * w, words=words)
        # The key's words whole on its two lines, and everything clear of the board.
        if laid is not None and corners.clear_of(hull, laid[1], paper=paper):
            return p, share
    return None


def _in_corners(opts: Options, paper: Paper, *, colours: Palette, p: hexboard.Placement,
                width: float, words: Words) -> tuple[list[Shape], list[corners.Box]] | None:
    """The title, credit, ruler and key set `width` wide in their corners, and the boxes
    they take; None where the key's line needs more than the two lines it has."""
    x = paper.margin
    if len(sheet.wrap_words(key_words(opts.numbers, words), KEY_TEXT, width=width)) > 2:
        return None
    title = corners.title_corner(paper, TITLE, subtitle=opts.label(words), colours=colours,
                                 width=width)
    said = words._("%(credit)s Original: %(original)s.", credit=credit(words), original=ORIGINAL)
    foot = corners.credit_corner(paper, said, colours=colours, width=width)
    key_top = corners.credit_top(paper, said, width=width) - 2.0 - KEY_HEIGHT
    key = marks_key(p, opts.numbers, centre_x=x + width / 2, top=key_top, width=width,
                    colours=colours, words=words)
    edge = min(p.cell_radius, KEY_EDGE)
    span = (opts.numbers - 1) * (edge + 4.0) + edge
    boxes = [corners.text_box(t) for t in title + foot + key if isinstance(t, Text)]
    boxes += [(x + width / 2 - span / 2, key_top, x + width / 2 + span / 2, key_top + 5.0),
              (x, paper.height - paper.margin - 4.5, x + sheet.RULER_WIDTH - 8.0,
               paper.height - paper.margin)]
    return [*title, *foot, *key], boxes


def key_words(numbers: int, words: Words) -> str:
    """The key's line: what the marks are, and whose sides are whose."""
    return words._("The marks on the edges, 1 to %(M)s. x joins the x sides, o the o sides.",
                   M=numbers)


def board_paper(opts: Options, paper: Paper, *, words: Words) -> Paper:
    return roomiest(paper, lambda p: board_placement(opts, p, words=words).cell_radius)


def marks_key(p: hexboard.Placement, numbers: int, *, centre_x: float, top: float,
              width: float, colours: Palette, words: Words) -> list[Shape]:
    """A row of the board's marks, each on a short edge drawn as on the board with its number
    under it, and a line saying whose sides are whose."""
    edge = min(p.cell_radius, KEY_EDGE)
    pitch = edge + 4.0
    shapes: list[Shape] = []
    y = top + 2.5
    for i in range(numbers):
        cx = centre_x + (i - (numbers - 1) / 2) * pitch
        a, b = Point(cx - edge / 2, y), Point(cx + edge / 2, y)
        shapes.append(segments([(a, b)], Paint(stroke=colours["board line"], width=0.3)))
        shapes.append(segments(glyph_segments(a, b, number=i + 1, numbers=numbers),
                               Paint(stroke=colours["ink"], width=mark_width(edge, numbers))))
        shapes.append(centred_label(cx, y + 4.2, text=str(i + 1), size=KEY_TEXT,
                                    colour=colours["ink"], font="bold"))
    text = key_words(numbers, words)
    # One line at body size where it fits, else two, each shrunk no smaller than 6 pt.
    lines = [text] if text_width(text, KEY_TEXT) <= width else sheet.wrap_words(
        text, KEY_TEXT, width=width)[:2]
    for i, line in enumerate(lines):
        size = max(SMALLEST_TEXT, min(KEY_TEXT, sheet.fitted(line, KEY_TEXT, width=width)))
        shapes.append(centred_label(centre_x, y + 8.6 + i * 1.25 * KEY_TEXT, text=line, size=size,
                                    colour=colours["ink"]))
    return shapes


def board_page(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> Page:
    board = opts.board()
    cornered = corner_layout(opts, paper, colours=colours, words=words)
    if cornered is not None:
        placement, furniture = cornered
        return Page(paper.width, paper.height, (*furniture, *board_figure(
            opts, placement, board=board, colours=colours, cut_tips=True, words=words)))
    x, y, w, h = sheet.body_box(paper)
    h -= KEY_HEIGHT
    shapes = sheet.header(paper, TITLE, subtitle=opts.label(words), colours=colours)
    if opts.edition == "pennies":
        o_track, x_track = tracks.tracks(opts.numbers, (x, y, w, h))
        shapes += tracks.track_shapes(o_track, "o", colour=colours[O_SIDE], colours=colours)
        shapes += tracks.track_shapes(x_track, "x", colour=colours[X_SIDE], colours=colours)
    placement = board_placement(opts, paper, words=words)
    shapes += board_figure(opts, placement, board=board, colours=colours, words=words)
    shapes += marks_key(placement, opts.numbers, centre_x=paper.width / 2, top=y + h, width=w,
                        colours=colours, words=words)
    shapes += sheet.footer(paper, words._("%(credit)s Original: %(original)s.",
                                          credit=credit(words),
                                          original=ORIGINAL), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def board_figure(opts: Options, placement: hexboard.Placement, *, board: HashBoard,
                 colours: Palette, cut_tips: bool = False, words: Words) -> list[Shape]:
    """The board as a figure, with its description for those who do not see it."""
    q, r = describe.hex_sides(placement, words)
    return describe.board_figure(
        board_shapes(placement, board, colours=colours, with_coordinates=opts.coordinates,
                     cut_tips=cut_tips),
        describe.sentence(words._("%(game)s board, %(n)s by %(n)s", game=TITLE, n=opts.size),
                          words._("The sides marked %(letter)s: %(where)s", letter="x", where=q),
                          words._("The sides marked %(letter)s: %(where)s", letter="o", where=r),
                          describe.coordinates(opts.size, words) if opts.coordinates else ""))


def board_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, [board_page(opts, board_paper(opts, paper, words=words), colours=colours,
                                      words=words)] * copies,
                    what=words._("board"), words=words)


# --- figures for the rule sheet -----------------------------------------------------------------


def glyph_key(numbers: int, colours: Palette, *, words: Words) -> Figure:
    per_row = balanced_rows(numbers, 5)
    rows = math.ceil(numbers / per_row)
    cell_w, edge, row_h = 17.0, 11.0, 17.0
    shapes: list[Shape] = []
    for i in range(numbers):
        cx = (i % per_row + 0.5) * cell_w
        cy = (i // per_row) * row_h + 5.0
        a, b = Point(cx - edge / 2, cy), Point(cx + edge / 2, cy)
        shapes.append(segments([(a, b)], Paint(stroke=colours["board line"], width=0.3)))
        shapes.append(segments(glyph_segments(a, b, number=i + 1, numbers=numbers),
                               Paint(stroke=colours["ink"], width=mark_width(edge, numbers))))
        shapes.append(centred_label(cx, cy + 8.5, text=str(i + 1), size=4.0, colour=colours["ink"],
                                    font="bold"))
    return Figure(per_row * cell_w, rows * row_h, tuple(shapes),
                  words._("Hash marks for each number, as they appear on the edges of the spaces."),
                  figure_words.glyph_key(numbers, words))


# Hatching in the worked example, as angles (-45: rising to the right): x's spaces, o's, and
# the spaces open to both, so the three stay apart on a mono printer and in every palette.
X_HATCH, O_HATCH = (-45.0,), (45.0,)


def tint_hatching(p: hexboard.Placement, cells: list[Hex], *, angles: tuple[float, ...],
                  colour: str) -> list[Shape]:
    spacing = 0.3 * p.cell_radius
    pairs = [pair for h in cells for angle in angles
             for pair in hatching(p.corners(h), spacing, angle=angle)]
    return [segments(pairs, Paint(stroke=colour, width=max(0.15, 0.035 * p.cell_radius),
                                  round_caps=False))] if pairs else []


def example_figure(turn: ExampleTurn, colours: Palette, *, words: Words) -> Figure:
    # Upright, as on the board: its height sets its size. 58 mm keeps the cells large enough
    # for a letter and its ring, and the sheet on one page in every language.
    width, height = 80.0, 58.0
    p = hexboard.place_board(turn.board.size, 0, y=0, width=width, height=height,
                             with_coordinates=False,
                             angle=BOARD_ANGLE, outset=MARK_OUTSET)
    x_cells, o_cells = turn.allowed(turn.x_number), turn.allowed(turn.o_number)
    both = [h for h in x_cells if h in o_cells]
    fills = {h: colours[X_TINT] for h in x_cells}
    fills.update((h, colours[O_TINT]) for h in o_cells)
    fills.update((h, colours[BOTH_TINT]) for h in both)
    shapes = board_shapes(p, turn.board, colours=colours, with_coordinates=False, fills=fills)
    # Over the tints, hatching in each player's colour: one slant for x, the other for o,
    # crossed where both may write.
    shapes += tint_hatching(p, x_cells, angles=X_HATCH, colour=colours[X_SIDE])
    shapes += tint_hatching(p, o_cells, angles=O_HATCH, colour=colours[O_SIDE])
    r = p.cell_radius
    size = r * 0.9
    # Earlier letters light grey and plain; this turn's in the player's colour, bold and
    # ringed in black, so the two differ in grey as well as in colour.
    for h, letter in turn.written.items():
        c = p.centre(h)
        shapes.append(centred_label(c.x, c.y, text=letter, size=size, colour=colours["rule"],
                                    font="regular"))
    for cells, letter, colour in ((turn.x_writes, "x", colours[X_SIDE]),
                                  (turn.o_writes, "o", colours[O_SIDE])):
        for h in cells:
            c = p.centre(h)
            shapes.append(Circle(c, 0.62 * r, Paint(fill=colours["cell"], stroke=colours["ink"],
                                                    width=max(0.25, 0.06 * r))))
            shapes.append(centred_label(c.x, c.y, text=letter, size=size, colour=colour,
                                        font="bold"))
    # Short enough that the sheet stays one page in every language.
    caption = words._("On this %(n)s × %(n)s board, x chose %(x1)s and %(x2)s, o chose %(o1)s and "
                      "%(o2)s; %(shared)s, chosen by both, is skipped. Lines rising to the right: "
                      "empty spaces offering %(x)s, where x may write; falling: spaces offering "
                      "%(o)s, where o may write; crossed: both. Ringed letters were written this "
                      "turn, grey ones earlier.",
                      n=turn.board.size, x1=turn.x_numbers[0], x2=turn.x_numbers[1],
                      o1=turn.o_numbers[0], o2=turn.o_numbers[1], shared=turn.shared,
                      x=turn.x_number, o=turn.o_number)
    return Figure(width, height, tuple(shapes), caption, figure_words.example_turn(turn, words))


# --- the rule sheet ----------------------------------------------------------------------------


WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
CARD_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9")


def rules_markup(opts: Options, turn: ExampleTurn, *, words: Words) -> str:
    if opts.numbers < MIN_RULE_NUMBERS:
        raise OptionError(f"{TITLE} rules need --numbers of at least {MIN_RULE_NUMBERS}: two "
                          f"numbers are covered each turn and two must remain to choose")
    return templating.render(templating.beside(__file__, "rules.md.j2"),
        language=words,
        o=opts, M=opts.numbers, N=opts.size, words=WORDS, cards=CARD_NAMES[:opts.numbers],
        fingers=opts.numbers <= 5, turn=turn, credit=credit(words), licence=LICENCE,
        original=ORIGINAL, edition=words._(EDITION_NAMES[opts.edition][1]))


def rules_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours = printing.paper, printing.palette
    turn = example_turn(opts.numbers, opts.seed)
    figures = {"glyph-key": glyph_key(opts.numbers, colours, words=words),
               "example-turn": example_figure(turn, colours, words=words)}
    pages = typeset(rules_markup(opts, turn, words=words), figures, paper=paper, colours=colours,
                    footer_text=words._("%(credit)s Rules text written for this kit.",
                                        credit=credit(words)),
                    first_on_right=printing.first_on_right, words=words)
    return document(opts, pages, what=words._("rules"), words=words)


# --- the score pad -----------------------------------------------------------------------------


def writing_turns(opts: Options) -> int:
    """The most turns a game can have that write: each writes four letters (two numbers a
    player, one letter each, or the other number twice when one is shared). A turn in which
    both chose the same two numbers writes nothing and can come again and again, so no
    number of rows holds every game: the pad says how to go on."""
    return -(-opts.size ** 2 // 4)


def pad_pages(opts: Options, paper: Paper, *, colours: Palette, words: Words) -> list[Page]:
    """Rows for the longest game of turns that write, and a line saying how to go on when
    turns that write nothing have used rows too."""
    example = hex_name(Hex(2, 3))
    rows = writing_turns(opts)
    return scorepad.score_pad(paper, scorepad.Pad(
        words._("Blind Hex score pad"), opts.label(words), (words._("x player"),
                                                            words._("o player")),
        (words._("Write each turn's two numbers per player, then the cells written in, by column "
                 "letter and row number (e.g. %(cell)s).", cell=example),),
        # The narrowest each column may go: a row number; two numbers, "3 5"; two cells.
        (sheet.Column(words.pgettext("Blind Hex: both players choose at once", "Turn"), 0.6,
                      least=8.0),
         sheet.Column(words._("x chose"), 1.0, least=12.0),
         sheet.Column(words._("o chose"), 1.0, least=12.0), sheet.Column(words._("x wrote in"), 1.5,
                                                                         least=18.0),
         sheet.Column(words._("o wrote in"), 1.5, least=18.0)),
        words._("%(credit)s One pad per game; a turn writes at most four letters.",
                credit=credit(words)),
        min_rows=rows,
        carry_on=lambda last: words._("Turns in which both chose the same two numbers write "
                                      "nothing but take a row: past row %(rows)s, go on over the "
                                      "page from turn %(next)s.", rows=last, next=last + 1)),
        colours=colours, words=words)


def pad_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, pad_pages(opts, paper, colours=colours, words=words) * copies,
                    what=words._("score pad"), words=words)




def cover_picture(opts: Options, colours: Palette, *, words: Words) -> Figure:
    """The rule sheet's worked turn: a board in play, letters written and a turn's choices."""
    return example_figure(example_turn(opts.numbers, opts.seed), colours, words=words)


PAGES = Pages(
    cover=Cover(credit, (15, 30), cover_picture),
    items={RULES: rules_item, BOARD: board_item, PAD: pad_item, CARDS: cards.cards_item,
           COINS: coins.coins_item},
    in_kit={CARDS: cards.card_sheets},
    folded={CARDS: gutterfold.folded_sheets},
    below_guide={COINS: coins.below_guide},
    board_cell=lambda opts, paper, words: SQRT3 * board_placement(opts, board_paper(opts, paper,
                                                                                    words=words),
                                                                  words=words)
    .cell_radius,
    smallest_cell=SMALLEST_CELL, readable_cell=READABLE_CELL,
    smallest_for="its marks and a pencilled letter need",
)
