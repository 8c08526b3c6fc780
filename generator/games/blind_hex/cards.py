"""Blind Hex's number cards: the ace to M of diamonds (x's hand) and of clubs (o's hand) at
poker size, each marked with its player's letter and its number's hash marks as the board
draws them, and one back for all.

At home the cards lie edge to edge in one block, turned sideways when that fits more on a
sheet, so one straight cut serves two cards; every corner carries an arc to round it by.
Each sheet of fronts is followed by its backs, placed to fall behind their fronts when the
two are printed on one sheet, turned over on its long edge. A print shop gets one card a
page at the card's own size, each front followed by the back (the back first where the
destination asks so), with the bleed card printers ask for (the request gives it:
Item.shop_bleed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from generator.core.cards import EURO_POKER, CardSize
from generator.core.geometry import SQRT3, Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.products import Faces
from generator.core.scene import (
    Circle,
    Clip,
    Document,
    Page,
    Paint,
    Path,
    Role,
    Shape,
    Text,
    polygon,
    rectangle,
    segments,
    transformed,
)
from generator.games.blind_hex.colours import O_SIDE, SIDES, X_SIDE
from generator.games.blind_hex.credits import credit, document
from generator.games.blind_hex.marks import glyph_segments, mark_width
from generator.games.blind_hex.rules import TITLE, Options
from generator.i18n import Words
from generator.layout import cutsheet, sheet, tuckbox
from generator.layout.printing import Printing
from generator.layout.textlayout import centred_label

CARD_WIDTH, CARD_HEIGHT = 63.0, 88.0     # poker size, upright
CORNER = 3.5          # mm: the rounded corners' radius (a poker card's is about 1/8 in)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9")
PLAYERS = ("x", "o")
SUITS = {"x": "diamonds", "o": "clubs"}
# Where the pips of each number sit, as fractions of the pip field (across, down): the
# familiar layouts of a deck, so a card reads at a glance as the number it is.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0),
        (1.0, 1.0)),
    9: ((0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3),
        (1.0, 2 / 3), (0.0, 1.0), (1.0, 1.0)),
}
PIP_FIELD = (19.0, 16.0, 25.0, 38.0)    # x, y, width, height on the upright card
MARKS_Y = 67.0                          # the edge that carries the number's hash marks
MARKS_EDGE = 24.0


@dataclass(frozen=True)
class Card:
    player: str       # "x" or "o"
    number: int       # 1 (the ace) to M

    @property
    def rank(self) -> str:
        return RANKS[self.number - 1]

    @property
    def suit(self) -> str:
        return SUITS[self.player]


def hands(numbers: int) -> list[Card]:
    """The cards the cards edition plays with: x's hand, then o's."""
    return [Card(p, n) for p in PLAYERS for n in range(1, numbers + 1)]


# --- drawing one card -------------------------------------------------------------------------


def suit_sign(suit: str, centre: Point, *, size: float, colour: str, colours: Palette,
              angle: float = 0.0) -> list[Shape]:
    """A suit's sign `size` mm tall, drawn as shapes rather than set in a font, so it needs
    no glyph the embedded font may lack. In a hatched (ink-saving) palette it is an outline:
    each part stroked twice as wide, then all parts filled with paper, which leaves the outer
    half of the outline of their union."""
    turn = Affine.rotation(angle)

    def at(dx: float, dy: float) -> Point:
        p = turn.apply(Point(dx * size, dy * size))
        return Point(centre.x + p.x, centre.y + p.y)

    if suit == "diamonds":
        parts: list[tuple[str, tuple[Point, ...] | tuple[Point, float]]] = [
            ("poly", (at(0, -0.5), at(0.36, 0), at(0, 0.5), at(-0.36, 0)))]
    else:
        r = 0.24 * size
        parts = [("circle", (at(0, -0.24), r)), ("circle", (at(-0.25, 0.05), r)),
                 ("circle", (at(0.25, 0.05), r)),
                 ("poly", (at(0, -0.1), at(0.2, 0.5), at(-0.2, 0.5)))]

    def drawn(paint: Paint) -> list[Shape]:
        out: list[Shape] = []
        for kind, data in parts:
            if kind == "circle":
                c, radius = data
                assert isinstance(c, Point) and isinstance(radius, float)
                out.append(Circle(c, radius, paint))
            else:
                out.append(polygon([p for p in data if isinstance(p, Point)], paint))
        return out

    if not colours.hatched:
        return drawn(Paint(fill=colour))
    width = max(0.25, 0.045 * size)
    return drawn(Paint(stroke=colour, width=2 * width)) + drawn(Paint(fill=colours["cell"]))


def turned(shapes: list[Shape], t: Affine, *, degrees: float) -> list[Shape]:
    """Shapes carried by a rotation of `degrees` (and a move): text turns with them."""
    out = []
    for shape in shapes:
        moved = transformed(shape, t)
        out.append(replace(moved, angle=moved.angle + degrees)
                   if isinstance(moved, Text) else moved)
    return out


def about(centre: Point, degrees: float, *, to: Point) -> Affine:
    """Turn about `centre`, then carry `centre` to `to`."""
    return (Affine.translation(-centre.x, -centre.y).then(Affine.rotation(degrees))
            .then(Affine.translation(to.x, to.y)))


def corner_index(card: Card, colours: Palette) -> list[Shape]:
    """The top corners: the rank over its suit at the left, the player's letter ringed at
    the right. Inside the 5 mm a print shop keeps text from the trim."""
    colour = colours[SIDES[card.player]]
    shapes: list[Shape] = [centred_label(8.5, 9.5, text=card.rank, size=6.5, colour=colour,
                                         font="bold")]
    shapes += suit_sign(card.suit, Point(8.5, 17.5), size=5.5, colour=colour, colours=colours)
    shapes.append(Circle(Point(CARD_WIDTH - 9.5, 10.0), 4.6,
                         Paint(fill=colours["cell"], stroke=colour, width=0.4)))
    shapes.append(centred_label(CARD_WIDTH - 9.5, 9.3, text=card.player, size=7.0, colour=colour,
                                font="bold"))
    return shapes


def hash_marks(number: int, numbers: int, *, colours: Palette) -> list[Shape]:
    """The number's tally marks on a short edge, drawn as on the board and its key."""
    cx = CARD_WIDTH / 2
    a, b = Point(cx - MARKS_EDGE / 2, MARKS_Y), Point(cx + MARKS_EDGE / 2, MARKS_Y)
    return [segments([(a, b)], Paint(stroke=colours["board line"], width=0.4)),
            segments(glyph_segments(a, b, number=number, numbers=numbers),
                     Paint(stroke=colours["ink"], width=mark_width(MARKS_EDGE, numbers)))]


def front(card: Card, numbers: int, *, colours: Palette) -> list[Shape]:
    """A card's face, upright, its top-left corner at (0, 0): corner indices at the top left
    and, turned half round, the bottom right; the pips; the number's hash marks."""
    colour = colours[SIDES[card.player]]
    shapes: list[Shape] = [rectangle(0, 0, w=CARD_WIDTH, h=CARD_HEIGHT,
                                     paint=Paint(fill=colours["cell"]))]
    centre = Point(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    index = corner_index(card, colours)
    shapes += index + turned(index, about(centre, 180, to=centre), degrees=180)
    x, y, w, h = PIP_FIELD
    if card.number == 1:
        shapes += suit_sign(card.suit, Point(x + w / 2, y + h / 2), size=26.0, colour=colour,
                            colours=colours)
    else:
        for fx, fy in PIPS[card.number]:
            # Pips below the middle stand on their heads, as in a deck.
            shapes += suit_sign(card.suit, Point(x + fx * w, y + fy * h), size=10.0, colour=colour,
                                colours=colours, angle=180.0 if fy > 0.5 else 0.0)
    return shapes + hash_marks(card.number, numbers, colours=colours)


def sized_front(card: Card, numbers: int, *, colours: Palette, size: CardSize) -> list[Shape]:
    """A card's face at `size`: drawn for 63 × 88 mm, scaled to fit the size and centred on
    a ground that fills it (a poker card of 2.5 × 3.5 in is 0.8% larger)."""
    shapes = front(card, numbers, colours=colours)
    if size == EURO_POKER:
        return shapes
    k = min(size.width / CARD_WIDTH, size.height / CARD_HEIGHT)
    move = Affine.scaling(k).then(Affine.translation((size.width - k * CARD_WIDTH) / 2,
                                                     (size.height - k * CARD_HEIGHT) / 2))
    ground = rectangle(0, 0, w=size.width, h=size.height, paint=Paint(fill=colours["cell"]))
    return [ground, *turned(shapes, move, degrees=0.0)]


def back(box: tuple[float, float, float, float], bleed: float, *, angle: float,
         colours: Palette) -> list[Shape]:
    """The back every card shares, filling `box` (x, y, width, height) and `bleed` past it:
    a field of hexagons round an emblem with both players' letters, the emblem turned by
    `angle` with the card. The hexagons keep one phase across the page, so neighbouring
    backs meet without a seam and a back printed a little off its front still looks whole."""
    x, y, w, h = box
    return field(box, bleed, colours=colours) + emblem(Point(x + w / 2, y + h / 2), angle,
                                                       colours=colours)


# The backs' field's hexagons, centre to corner, mm, and from one centre to the next across
# a row and down to the next row.
FIELD_RADIUS = 4.0
_STEP_X, _STEP_Y = SQRT3 * FIELD_RADIUS, 1.5 * FIELD_RADIUS
# Each ring's corners from its centre: worked out once for the thousands of rings.
_RING_CORNERS = tuple((FIELD_RADIUS * math.cos(math.radians(60 * k + 30)),
                       FIELD_RADIUS * math.sin(math.radians(60 * k + 30))) for k in range(7))


# Kept: the field keeps one phase across every page, so each back of a sheet, each sheet of
# backs and each paper draws the same rings again (a catalogue's backs in one language draw
# 18,000 rings, in 1,400 places).
@lru_cache(maxsize=8192)
def _ring(row: int, col: int) -> tuple[Point, ...]:
    """The field's hexagon in that row and column, its first corner again at its end."""
    shift = _STEP_X / 2 if row % 2 else 0.0
    cx, cy = col * _STEP_X + shift, row * _STEP_Y
    return tuple(Point(cx + dx, cy + dy) for dx, dy in _RING_CORNERS)


def field(box: tuple[float, float, float, float], bleed: float,
          *, colours: Palette) -> list[Shape]:
    """The backs' field of hexagons over `box` and `bleed` past it."""
    x, y, w, h = box
    left, top, right, bottom = x - bleed, y - bleed, x + w + bleed, y + h + bleed
    # Ink-saving: outlines on white paper, no ground.
    ground = colours["cell"] if colours.hatched else colours["header fill"]
    rings = [_ring(row, col) for row in range(int(top // _STEP_Y) - 1, int(bottom // _STEP_Y) + 2)
             for col in range(int(left // _STEP_X) - 1, int(right // _STEP_X) + 2)]
    ground_and_rings: list[Shape] = [
        rectangle(left, top, w=right - left, h=bottom - top, paint=Paint(fill=ground)),
        Path(tuple(rings), Paint(stroke=colours["board line"], width=0.3))]
    return [Clip(left, top, right - left, bottom - top, tuple(ground_and_rings))]


def emblem(centre: Point, angle: float, *, colours: Palette) -> list[Shape]:
    """The backs' emblem, both players' letters and the game's name, centred there."""
    drawn: list[Shape] = [polygon([Point(13.0 * math.cos(math.radians(60 * k)),
                                         13.0 * math.sin(math.radians(60 * k)))
                                   for k in range(6)],
                                  Paint(fill=colours["cell"], stroke=colours["ink"], width=0.5)),
                          centred_label(-4.0, -1.8, text="x", size=9.0, colour=colours[X_SIDE],
                                        font="bold"),
                          centred_label(4.0, -1.8, text="o", size=9.0, colour=colours[O_SIDE],
                                        font="bold"),
                          centred_label(0.0, 5.2, text=TITLE, size=2.8, colour=colours["ink"],
                                        font="bold")]
    return turned(drawn, about(Point(0, 0), angle, to=centre), degrees=angle)


def corner_guides(x: float, y: float, *, w: float, h: float, paint: Paint) -> list[Shape]:
    """Quarter circles in each corner of a card: where to round it with scissors or a
    corner punch, as a deck's corners are."""
    arcs = []
    for cx, cy, start in ((x + CORNER, y + CORNER, 180), (x + w - CORNER, y + CORNER, 270),
                          (x + w - CORNER, y + h - CORNER, 0), (x + CORNER, y + h - CORNER, 90)):
        arcs.append(tuple(Point(cx + CORNER * math.cos(math.radians(start + 15 * k)),
                                cy + CORNER * math.sin(math.radians(start + 15 * k)))
                          for k in range(7)))
    return [Path(tuple(arcs), paint)]


# --- sheets of cards to cut -------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """Where the cards go on a paper: a block of `columns` × `rows` slots, edge to edge,
    each a card upright or turned sideways."""
    paper: Paper
    sideways: bool
    columns: int
    rows: int
    card: CardSize = EURO_POKER

    @property
    def slot(self) -> tuple[float, float]:
        w, h = self.card.width, self.card.height
        return (h, w) if self.sideways else (w, h)

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def origin(self, count: int, *, boxed: bool = False) -> Point:
        """The block's top-left corner for `count` cards, centred in the body (at its top,
        where the tuck box shares the sheet)."""
        sw, sh = self.slot
        used = math.ceil(count / self.columns)
        x, top, width, height = sheet.body_box(self.paper)
        down = cutsheet.MARGIN if boxed else (height - used * sh) / 2
        return Point(x + (width - self.columns * sw) / 2, top + down)

    def block_bottom(self, count: int) -> float:
        """The y below a block of `count` cards set at the body's top."""
        return self.origin(count, boxed=True).y + math.ceil(count / self.columns) * self.slot[1]

    def slots(self, count: int, *, boxed: bool = False) -> list[tuple[float, float, float, float]]:
        """Each card's box (x, y, width, height), row by row."""
        sw, sh = self.slot
        o = self.origin(count, boxed=boxed)
        return [(o.x + (n % self.columns) * sw, o.y + (n // self.columns) * sh, sw, sh)
                for n in range(count)]


def sheet_for(paper: Paper, card: CardSize = EURO_POKER) -> Sheet:
    """The way of laying cards on the paper that holds the most: the sheet portrait or
    landscape (where it may turn), the cards upright or sideways; a portrait sheet and
    upright cards on a tie."""
    portrait = paper.turned() if paper.landscape and paper.turnable else paper
    papers = [portrait, portrait.turned()] if paper.turnable else [paper]
    best: Sheet | None = None
    for p in papers:
        _x, _y, width, height = sheet.body_box(p)
        for sideways in (False, True):
            sw, sh = (card.height, card.width) if sideways else (card.width, card.height)
            room = cutsheet.MARGIN * 2
            found = Sheet(p, sideways, cutsheet.fitting(width - room, sw, gutter=0.0),
                          cutsheet.fitting(height - room, sh, gutter=0.0), card)
            if found.capacity and (best is None or found.capacity > best.capacity):
                best = found
    if best is None:
        raise ValueError("cards larger than the page")
    return best


@dataclass(frozen=True)
class Boxed:
    """The tuck box on a sheet of cards: its net and where its top-left corner is."""
    net: tuckbox.Net
    at: Point


def box_place(layout: Sheet, count: int, *, laid: tuckbox.Net) -> Boxed | None:
    """Where the tuck box's net goes below a block of `count` cards (None: no room): centred
    in the room below them, `cutsheet.MARGIN` clear of them."""
    x, top, width, height = sheet.body_box(layout.paper)
    below = layout.block_bottom(count) + BOX_GAP if count else top
    room = top + height - below
    if laid.width > width or laid.height > room:
        return None
    return Boxed(laid, Point(x + (width - laid.width) / 2, below + (room - laid.height) / 2))


BOX_GAP = 8.0     # mm between the cards' cuts and the box's


def box_inside(boxed: Boxed, colours: Palette, *, words: Words) -> list[Shape]:
    """The net as cut: its folds, cuts and glue flap, and on its back panel (the box's
    inside) how to make it."""
    shapes = tuckbox.drawn(boxed.net, boxed.at.x, y=boxed.at.y, colours=colours, words=words)
    bx, by, bw, bh = boxed.net.back
    how = words._("Tuck box: cut along the solid lines, fold along the dashed ones with these "
                  "lines inside, glue the shaded flap inside the opposite end, then tuck the flaps "
                  "in.")
    size = 2.6
    for i, text_line in enumerate(sheet.wrap_words(how, size, width=bw - 6.0)):
        shapes.append(Text(Point(boxed.at.x + bx + 3.0, boxed.at.y + by + 6.0 + i * size * 1.3),
                           text_line, size, colours["muted"], role=Role("P", text=how)))
    return shapes


def box_outside(boxed: Boxed, paper: Paper, *, colours: Palette) -> list[Shape]:
    """The box's outside, on the back of its net when the sheet is printed on both sides and
    turned over on its long edge: the cards' field over the whole net (past its cuts), the
    emblem on its front and back."""
    def mirrored(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x, y, w, h = box
        x, y = boxed.at.x + x, boxed.at.y + y
        if paper.landscape:
            return x, paper.height - y - h, w, h
        return paper.width - x - w, y, w, h
    shapes = field(mirrored((0.0, 0.0, boxed.net.width, boxed.net.height)), cutsheet.BLEED,
                   colours=colours)
    for panel in (boxed.net.front, boxed.net.back):
        x, y, w, h = mirrored(panel)
        shapes += emblem(Point(x + w / 2, y + h / 2), 0.0, colours=colours)
    return shapes


def fronts_page(layout: Sheet, cards: list[Card], *, numbers: int, colours: Palette,
                boxed: Boxed | None = None, words: Words) -> Page:
    paper = layout.paper
    boxes = layout.slots(len(cards), boxed=boxed is not None)
    shapes = sheet.header(paper, words._("%(game)s number cards", game=TITLE), subtitle=words._(
        "x's hand of diamonds and o's of clubs, ace to %(last)s · %(width)s × %(height)s mm "
        "· backs on the next page", last=RANKS[numbers - 1], width=f"{layout.card.width:.3g}",
        height=f"{layout.card.height:.3g}"), colours=colours)
    degrees = 90.0 if layout.sideways else 0.0
    upright = Point(layout.card.width / 2, layout.card.height / 2)
    for card, (x, y, w, h) in zip(cards, boxes, strict=True):
        shapes += turned(sized_front(card, numbers, colours=colours, size=layout.card),
                         about(upright, degrees, to=Point(x + w / 2, y + h / 2)), degrees=degrees)
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False,
                  cut=True)
    for x, y, w, h in boxes:
        shapes += corner_guides(x, y, w=w, h=h, paint=paint)
    x0, y0, sw, sh = boxes[0]
    cuts = cutsheet.grid_cuts(x0, y0, width=sw, height=sh, count=len(boxes), columns=layout.columns)
    shapes.append(segments(cuts, paint))
    if not paper.press.shop:
        xs = sorted({round(a.x, 6) for a, b in cuts if a.x == b.x})
        ys = sorted({round(a.y, 6) for a, b in cuts if a.y == b.y})
        shapes.append(segments(cutsheet.crop_marks(xs, ys, x=x0, y=y0, w=xs[-1] - x0,
                                                   h=ys[-1] - y0),
                               replace(paint, cut=False)))
    if boxed is not None:
        shapes += box_inside(boxed, colours, words=words)
    shapes += sheet.footer(paper,
                           words._("%(credit)s Cut along the grey lines and round the corners "
                                   "along the arcs; card stock makes cards that last.",
                                   credit=_credit(words)), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def backs_page(layout: Sheet, count: int, *, colours: Palette, boxed: Boxed | None = None,
               words: Words) -> Page:
    """The backs of a fronts page, each where its front falls when the sheet is printed on
    both sides and turned over on its long edge; their ground runs past the cuts."""
    paper = layout.paper
    degrees = 90.0 if layout.sideways else 0.0
    shapes = sheet.header(paper, words._("%(game)s card backs", game=TITLE),
                          subtitle=words._("on the back of the fronts: turn the sheet over "
                                           "on its long edge"), colours=colours)
    for x, y, w, h in layout.slots(count, boxed=boxed is not None):
        if paper.landscape:      # turned over on its long edge: top and bottom swap
            y = paper.height - y - h
        else:
            x = paper.width - x - w
        shapes += back((x, y, w, h), cutsheet.BLEED, angle=degrees, colours=colours)
    if boxed is not None:
        shapes += box_outside(boxed, paper, colours=colours)
    shapes += sheet.footer(paper, _credit(words), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def _credit(words: Words) -> str:
    return credit(words)


def card_sheets(opts: Options, printing: Printing) -> Document:
    """The cards on sheets of the paper, each sheet of fronts followed by its backs, and a
    tuck box for them below the last sheet's cards (on a sheet of its own where they leave
    no room for it; none on paper narrower than its net)."""
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    layout = sheet_for(paper, paper.press.card)
    cards = hands(opts.numbers) * copies
    nets = [tuckbox.net(tuck_box(len(cards), layout.card, sideways=sideways))
            for sideways in (False, True)]
    pages: list[Page] = []
    starts = range(0, len(cards), layout.capacity)
    boxed: Boxed | None = None
    for start in starts:
        chunk = cards[start:start + layout.capacity]
        places = [box_place(layout, len(chunk), laid=laid) for laid in nets]
        boxed = next((p for p in places if p is not None), None) \
            if start == starts[-1] else None
        pages += [fronts_page(layout, chunk, numbers=opts.numbers, colours=colours, boxed=boxed,
                              words=words),
                  backs_page(layout, len(chunk), colours=colours, boxed=boxed, words=words)]
    alone = None if boxed else next(
        (p for p in (box_place(layout, 0, laid=laid) for laid in nets) if p is not None), None)
    # (On paper narrower than the box's net, A5, the cards come without it.)
    if alone is not None:
        pages += [box_page(layout, alone, colours=colours, inside=True, words=words),
                  box_page(layout, alone, colours=colours, inside=False, words=words)]
    return document(opts, pages, what=words._("number cards"), words=words)


def tuck_box(count: int, card: CardSize, *, sideways: bool = False) -> tuckbox.TuckBox:
    """The box for a deck of `count` such cards on the thickest card stock suggested,
    opening on their short edge or (sideways) their long one."""
    return tuckbox.for_deck(tuckbox.Deck(count, card.width, card.height), sideways=sideways)


def box_page(layout: Sheet, boxed: Boxed, *, colours: Palette, inside: bool, words: Words) -> Page:
    """A sheet holding only the tuck box: its net, or (the sheet's back) its outside."""
    paper = layout.paper
    shapes = sheet.header(paper, words._("%(game)s card box", game=TITLE), subtitle=words._(
        "for the number cards · its outside on the next page"), colours=colours)
    shapes += box_inside(boxed, colours, words=words) if inside else box_outside(boxed, paper,
                                                                                 colours=colours)
    shapes += sheet.footer(paper, _credit(words), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def card_pages(opts: Options, paper: Paper, *, colours: Palette, copies: int,
               words: Words) -> Document:
    """For a print shop: one card a page at the card's size, the shop's bleed past its
    trim, in the order card printers ask for: each front followed by its back, or the back
    first where the destination asks (one shared back, named so, for a vendor that takes an
    image a face); with --cut-path, the trim's rounded outline to cut along."""
    pages: list[Page] = []
    size = paper.press.card
    box = (0.0, 0.0, size.width, size.height)
    cut = ([cutsheet.rounded_cut(size.width, size.height, radius=CORNER, colours=colours)]
           if paper.press.cut_path else [])
    the_back = Page(size.width, size.height,
                    tuple(back(box, paper.press.bleed, angle=0.0, colours=colours) + cut), "back")
    for card in hands(opts.numbers) * copies:
        face = sized_front(card, opts.numbers, colours=colours, size=size) + cut
        front = Page(size.width, size.height, tuple(face), f"{card.player}-{card.rank}")
        pages += [the_back, front] if paper.press.faces is Faces.BACK_FIRST else [front, the_back]
    return document(opts, pages, what=words._("number cards"), words=words)


def cards_item(opts: Options, printing: Printing) -> Document:
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    if paper.press.faces is not Faces.SHEETS:
        return card_pages(opts, paper, colours=colours, copies=copies, words=words)
    return card_sheets(opts, printing)
