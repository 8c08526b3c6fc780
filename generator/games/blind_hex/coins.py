"""Blind Hex's pennies edition on paper: four tokens for the tracks' spots, two in each
player's colour and letter, and a coin to flip for the first toss, printed on both faces of
a strip that is folded in two.

The tokens are squares whose diagonal is under the spots' 21 mm, laid edge to edge so one
cut serves two; the coin's strip is cut round, folded on its dashed line and glued.
"""

from __future__ import annotations

from generator.core.geometry import Point
from generator.core.palette import Palette, text_on
from generator.core.paper import Paper
from generator.core.scene import (
    Circle,
    Document,
    Page,
    Paint,
    Role,
    Shape,
    Text,
    line,
    segments,
)
from generator.games.blind_hex.colours import SIDES
from generator.games.blind_hex.credits import credit, document
from generator.games.blind_hex.rules import TITLE, Options
from generator.i18n import Words
from generator.layout import cutsheet, sheet
from generator.layout.printing import Printing
from generator.layout.textlayout import centred_label

SPOT = 21.0                          # mm: the pennies tracks' spots (tracks.COIN_SPOT)
TOKEN = 14.5                         # mm: a square whose diagonal, 20.5 mm, fits a spot
COIN = 25.0                          # mm: each face of the coin to flip
LABEL = 3.0                          # mm: the lines that say what each piece is for
GROUP_GAP = 6.0                      # between the tokens' marks and the coin's


def face(centre: Point, radius: float, *, letter: str, colour: str,
         colours: Palette) -> list[Shape]:
    """A disc in a player's colour carrying their letter; in the ink-saving palette a ring
    with the letter in the colour, on white."""
    if colours.hatched:
        return [Circle(centre, radius, Paint(fill=colours["cell"], stroke=colour, width=0.6)),
                centred_label(centre.x, centre.y - 0.3, text=letter, size=1.2 * radius,
                              colour=colour, font="bold")]
    return [Circle(centre, radius, Paint(fill=colour)),
            centred_label(centre.x, centre.y - 0.3, text=letter, size=1.2 * radius,
                          colour=text_on(colours, colour), font="bold")]


def tokens(x: float, y: float, *, colours: Palette) -> list[Shape]:
    """Two rows edge to edge, x's tokens above o's: three cuts each way."""
    shapes: list[Shape] = []
    for row, letter in enumerate(("x", "o")):
        for col in range(2):
            centre = Point(x + (col + 0.5) * TOKEN, y + (row + 0.5) * TOKEN)
            shapes += face(centre, 0.4 * TOKEN, letter=letter, colour=colours[SIDES[letter]],
                           colours=colours)
    return shapes


def coin(x: float, y: float, *, colours: Palette) -> list[Shape]:
    """The coin's strip: x's face and o's side by side, folded on the dashed line between
    them so the two back onto each other."""
    shapes: list[Shape] = []
    for i, letter in enumerate(("x", "o")):
        centre = Point(x + (i + 0.5) * COIN, y + COIN / 2)
        shapes += face(centre, 0.44 * COIN, letter=letter, colour=colours[SIDES[letter]],
                       colours=colours)
    fold = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, dash=(1.2, 1.2),
                 round_caps=False)
    return shapes + [line(Point(x + COIN, y), Point(x + COIN, y + COIN), paint=fold)]


def pieces(paper: Paper, top: float, *, colours: Palette, words: Words) -> tuple[list[Shape],
                                                                                 float]:
    """The tokens and the coin's strip with their labels and how to make them, from `top`
    down: the shapes and the y below them."""
    left, _top, width, _height = sheet.body_box(paper)
    margin = cutsheet.MARGIN
    groups = (2 * TOKEN, 2 * COIN)
    total = sum(groups) + 4 * margin + GROUP_GAP
    token_x = left + (width - total) / 2 + margin
    coin_x = token_x + groups[0] + 2 * margin + GROUP_GAP
    label_y = top + LABEL + 1.0
    y = label_y + margin + 1.0
    shapes: list[Shape] = []
    for centre_x, text in ((token_x + groups[0] / 2, words._("two tokens each")),
                           (coin_x + groups[1] / 2, words._("a coin to flip"))):
        shapes.append(centred_label(centre_x, label_y, text=text, size=LABEL, colour=colours["ink"],
                                    font="bold"))
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False)
    cut = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False,
                cut=True)
    shapes += tokens(token_x, y, colours=colours)
    shapes += coin(coin_x, y, colours=colours)
    cuts = cutsheet.grid_cuts(token_x, y, width=TOKEN, height=TOKEN, count=4, columns=2)
    outline = [(Point(coin_x, y), Point(coin_x + 2 * COIN, y)),
               (Point(coin_x, y + COIN), Point(coin_x + 2 * COIN, y + COIN)),
               (Point(coin_x, y), Point(coin_x, y + COIN)),
               (Point(coin_x + 2 * COIN, y), Point(coin_x + 2 * COIN, y + COIN))]
    shapes.append(segments(cuts + outline, cut))
    if not paper.press.shop:
        xs = [token_x + i * TOKEN for i in range(3)]
        ys = [y + i * TOKEN for i in range(3)]
        shapes.append(segments(cutsheet.crop_marks(xs, ys, x=token_x, y=y, w=2 * TOKEN,
                                                   h=2 * TOKEN),
                               paint))
        shapes.append(segments(cutsheet.crop_marks([coin_x, coin_x + 2 * COIN],
                                                   [y, y + COIN], x=coin_x, y=y, w=2 * COIN,
                                                   h=COIN),
                               paint))
    steps = words._("Cut along the grey lines. Fold the coin on the dashed line and glue its faces "
                    "together; flip it, and the letter that lands face up wins the toss.")
    size = LABEL
    lines = sheet.wrap_words(steps, size, width=width)
    below = y + max(2 * TOKEN, COIN) + margin + 2.0 + size
    for i, text in enumerate(lines):
        shapes.append(centred_label(left + width / 2, below + i * 1.3 * size, text=text, size=size,
                                    colour=colours["ink"]))
    return shapes, below + (len(lines) - 1) * 1.3 * size + size


def coins_page(paper: Paper, colours: Palette, *, words: Words) -> Page:
    _left, top, _width, _height = sheet.body_box(paper)
    shapes = sheet.header(paper, words._("%(game)s tokens and coin", game=TITLE),
                          subtitle=words._("pennies edition · for the tracks' %(spot)s mm spots",
                                  spot=f"{SPOT:g}"), colours=colours)
    shapes += pieces(paper, top, colours=colours, words=words)[0]
    shapes += sheet.footer(paper, words._("%(credit)s Card stock makes pieces that last.",
                                          credit=credit(words)), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def below_guide(opts: Options, paper: Paper, *, colours: Palette, top: float,
                words: Words) -> tuple[list[Shape], float]:
    """The pieces under the kit's print guide, which leaves half the page empty: a heading
    naming them, then the pieces; the y below them."""
    x, _top, _width, _height = sheet.body_box(paper)
    title = words._("%(game)s tokens and coin", game=TITLE)
    shapes: list[Shape] = [Text(Point(x, top + GUIDE_HEADING), title, GUIDE_HEADING,
                                colours["ink"], "bold", role=Role("H2", text=title))]
    drawn, bottom = pieces(paper, top + GUIDE_HEADING + 1.0, colours=colours, words=words)
    return shapes + drawn, bottom


GUIDE_HEADING = 3.8          # as the guide's own headings


def coins_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    return document(opts, [coins_page(paper, colours, words=words)] * copies,
                    what=words._("tokens and coin"), words=words)
