"""Blind Hex's number cards for a printer without double-sided printing: each sheet carries
a row of fronts above the fold and their backs below it, mirrored across the gutter, so the
sheet folded along the dashed line puts every back behind its front. Glued and then cut,
the two layers make one card, as gutter-fold print-and-play cards are made.

The last sheet holds one card, its front beside its back across an upright fold, and below
them the tuck box that holds the deck (generator/layout/tuckbox.py), printed on the one side
the sheet has: the backs' field and emblem, the box's outside, under its cut and fold lines,
folded with the print outside (on a sheet of its own where it is too large for that). A
folded card is two layers of card, so the box is as deep as the deck of folded cards: FOLDED
a card. The other cards share the sheets before it as evenly as the rows allow.
"""

from __future__ import annotations

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Document, Page, Paint, Role, Shape, Text, line, segments
from generator.games.blind_hex.cards import (
    BOX_GAP,
    CARD_HEIGHT,
    CARD_WIDTH,
    Boxed,
    Card,
    about,
    back,
    corner_guides,
    emblem,
    field,
    front,
    hands,
    turned,
)
from generator.games.blind_hex.credits import credit, document
from generator.games.blind_hex.rules import TITLE, Options
from generator.i18n import Words
from generator.layout import cutsheet, sheet, tuckbox
from generator.layout.printing import Printing

GUTTER = 10.0        # mm between the fronts' row and the backs': the fold runs down its middle
# mm a folded card: its two layers, each of the thickest card stock the kit suggests
# (tuckbox.CALIPER, 0.35 mm for 300 g/m², a-size.com's chart). The glue film between them is
# not counted: a glue stick's is far thinner than a layer of card.
FOLDED = 2 * tuckbox.CALIPER
CUT_EDGE = 1.2       # mm: the paper-coloured band each of the box's cuts is drawn on
HOW_SIZE = 2.6       # mm (7.4 pt): the box's how-to, as on the back-to-back kit's box
HOW_LEADING = 1.3
HOW_GAP = 1.5        # mm between the how-to's last line and the net's bleed


def _columns(paper: Paper) -> tuple[bool, int]:
    """Upright or sideways cards, and how many across: the way that fits more in a row
    whose height fits each half of the sheet."""
    x, top, width, height = sheet.body_box(paper)
    half = paper.height / 2 - GUTTER / 2 - top
    best = (False, 0)
    for sideways in (False, True):
        w, h = (CARD_HEIGHT, CARD_WIDTH) if sideways else (CARD_WIDTH, CARD_HEIGHT)
        if h <= half:
            across = cutsheet.fitting(width - 2 * cutsheet.BLEED, w, gutter=0.0)
            if across > best[1]:
                best = (sideways, across)
    return best


def folded_page(paper: Paper, cards: list[Card], *, numbers: int, colours: Palette,
                sideways: bool, across: int, words: Words) -> Page:
    w, h = (CARD_HEIGHT, CARD_WIDTH) if sideways else (CARD_WIDTH, CARD_HEIGHT)
    degrees = 90.0 if sideways else 0.0
    fold_y = paper.height / 2
    x0 = (paper.width - across * w) / 2
    top_y = fold_y - GUTTER / 2 - h
    shapes: list[Shape] = sheet.header(paper, words._("%(game)s number cards", game=TITLE),
                                       subtitle=words._(
        "fronts above the fold, backs below: fold on the dashed line, glue, then cut"),
        colours=colours)
    upright = Point(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False)
    for i, card in enumerate(cards):
        x = x0 + i * w
        shapes += turned(front(card, numbers, colours=colours),
                         about(upright, degrees, to=Point(x + w / 2, top_y + h / 2)),
                         degrees=degrees)
        # Mirrored across the fold: folded under, it lies behind its front.
        shapes += back((x, fold_y + GUTTER / 2, w, h), cutsheet.BLEED / 2, angle=degrees,
                       colours=colours)
    for y in (top_y, fold_y + GUTTER / 2):
        for i in range(len(cards)):
            shapes += corner_guides(x0 + i * w, y, w=w, h=h, paint=paint)
        shapes.append(segments(cutsheet.grid_cuts(x0, y, width=w, height=h, count=len(cards),
                                                  columns=across), paint))
    fold = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, dash=(2.0, 1.5),
                 round_caps=False)
    shapes.append(line(Point(x0 - 6, fold_y), Point(x0 + len(cards) * w + 6, fold_y), paint=fold))
    shapes += fold_footer(paper, colours, words=words)
    return Page(paper.width, paper.height, tuple(shapes))


def folded_box(count: int, *, sideways: bool = False) -> tuckbox.TuckBox:
    """The box for a deck of `count` folded cards, opening on their short edge or
    (sideways) their long one."""
    return tuckbox.for_deck(tuckbox.Deck(count, CARD_WIDTH, CARD_HEIGHT, FOLDED),
                            sideways=sideways)


def fold_footer(paper: Paper, colours: Palette, *, words: Words) -> list[Shape]:
    return sheet.footer(paper, words._("%(credit)s Fold along the dashed line, glue the halves "
                                       "together, then cut along the grey lines.",
                                       credit=credit(words)), colours=colours)


def box_how(width: float, words: Words) -> list[str]:
    """How to make the box, in lines no wider than its net."""
    return sheet.wrap_words(words._("Box: cut along the solid lines, fold along the dashed ones "
                                    "with the print outside, glue the shaded flap inside the "
                                    "opposite end, then tuck the flaps in."), HOW_SIZE, width=width)


def how_height(lines: list[str]) -> float:
    """The room the box's how-to takes above its net, clear of the net's bleed."""
    return len(lines) * HOW_SIZE * HOW_LEADING + HOW_GAP + cutsheet.BLEED


def placed(paper: Paper, count: int, *, below: float, words: Words) -> Boxed | None:
    """Where the net of the box for `count` folded cards goes under its how-to, in the body
    from `below` down (None: no room): centred in that room, opening on the cards' short
    edge or, where only that fits, their long one."""
    x, top, width, height = sheet.body_box(paper)
    for sideways in (False, True):
        laid = tuckbox.net(folded_box(count, sideways=sideways))
        above = how_height(box_how(laid.width, words))
        room = top + height - below - above
        if laid.width <= width and laid.height <= room:
            return Boxed(laid, Point(x + (width - laid.width) / 2,
                                     below + above + (room - laid.height) / 2))
    return None


def pair_box(paper: Paper, count: int, *, words: Words) -> Boxed | None:
    """Where the box goes below the last card's front and back, BOX_GAP clear of them (None:
    no room for the pair or the box)."""
    _x, top, width, _height = sheet.body_box(paper)
    if width < 2 * CARD_WIDTH + GUTTER:
        return None
    return placed(paper, count, below=top + cutsheet.MARGIN + CARD_HEIGHT + BOX_GAP,
                  words=words)


def pair_page(paper: Paper, card: Card, *, numbers: int, colours: Palette,
              boxed: Boxed, words: Words) -> Page:
    """The last card, its front beside its back across an upright fold (the back drawn as
    any back: folded behind its front it is upright too), and the cards' box below them."""
    x, top, width, _height = sheet.body_box(paper)
    x0 = x + (width - 2 * CARD_WIDTH - GUTTER) / 2
    y0 = top + cutsheet.MARGIN
    shapes: list[Shape] = sheet.header(paper, words._("%(game)s number cards", game=TITLE),
                                       subtitle=words._(
        "the last card's front beside its back: cut them out as one piece, fold on the dashed "
        "line, glue, then cut; below, the cards' box"), colours=colours)
    shapes += turned(front(card, numbers, colours=colours),
                     about(Point(CARD_WIDTH / 2, CARD_HEIGHT / 2), 0.0,
                           to=Point(x0 + CARD_WIDTH / 2, y0 + CARD_HEIGHT / 2)), degrees=0.0)
    right = x0 + CARD_WIDTH + GUTTER
    shapes += back((right, y0, CARD_WIDTH, CARD_HEIGHT), cutsheet.BLEED / 2, angle=0.0,
                   colours=colours)
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False)
    for left in (x0, right):
        shapes += corner_guides(left, y0, w=CARD_WIDTH, h=CARD_HEIGHT, paint=paint)
        shapes.append(segments(cutsheet.grid_cuts(left, y0, width=CARD_WIDTH,
                                                  height=CARD_HEIGHT, count=1, columns=1),
                               paint))
    fold = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, dash=(2.0, 1.5),
                 round_caps=False)
    middle = x0 + CARD_WIDTH + GUTTER / 2
    shapes.append(line(Point(middle, y0 - 6), Point(middle, y0 + CARD_HEIGHT + 6), paint=fold))
    shapes += box_printed(boxed, colours, words=words)
    shapes += fold_footer(paper, colours, words=words)
    return Page(paper.width, paper.height, tuple(shapes))


def box_page(paper: Paper, boxed: Boxed, *, colours: Palette, words: Words) -> Page:
    """The box on a sheet of its own, where the last card leaves it no room."""
    shapes = sheet.header(paper, words._("%(game)s card box", game=TITLE),
                          subtitle=words._("for the number cards"), colours=colours)
    shapes += box_printed(boxed, colours, words=words)
    shapes += sheet.footer(paper, credit(words), colours=colours)
    return Page(paper.width, paper.height, tuple(shapes))


def box_printed(boxed: Boxed, colours: Palette, *, words: Words) -> list[Shape]:
    """The box as printed on one side, its how-to above it: its outside (the backs' field
    over the whole net, past its cuts, and the emblem on its front and back) under its cut
    and fold lines and the shaded glue flap; the cuts edged in the paper's colour, to stand
    out from the field's lines of the same grey."""
    at = boxed.at
    how = box_how(boxed.net.width, words)
    first = at.y - how_height(how) + HOW_SIZE
    told: list[Shape] = [Text(Point(at.x, first + i * HOW_SIZE * HOW_LEADING), text_line,
                              HOW_SIZE, colours["muted"], role=Role("P", text=" ".join(how)))
                         for i, text_line in enumerate(how)]
    shapes = field((at.x, at.y, boxed.net.width, boxed.net.height), cutsheet.BLEED, colours=colours)
    for x, y, w, h in (boxed.net.front, boxed.net.back):
        shapes += emblem(Point(at.x + x + w / 2, at.y + y + h / 2), 0.0, colours=colours)
    _folds, cuts = tuckbox.folds_and_cuts(boxed.net)
    shapes.append(segments([(Point(a.x + at.x, a.y + at.y), Point(b.x + at.x, b.y + at.y))
                            for a, b in cuts],
                           Paint(stroke=colours["cell"], width=CUT_EDGE, round_caps=False)))
    return told + shapes + tuckbox.drawn(boxed.net, at.x, y=at.y, colours=colours, words=words)


def spread(count: int, across: int) -> list[int]:
    """`count` cards in rows of at most `across`, as few rows as that takes, as even as can
    be (the longer rows first)."""
    rows = -(-count // across)
    if not rows:
        return []
    base, extra = divmod(count, rows)
    return [base + 1] * extra + [base] * (rows - extra)


def folded_sheets(opts: Options, printing: Printing) -> Document:
    """The cards, a row of them a sheet, each with its backs across the fold; the last card
    beside its back on a sheet with the box that holds them all, or, where the box is too
    large for that, the cards in full rows and the box on a sheet of its own (none on paper
    with no room for its net)."""
    words = printing.words
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    portrait = paper.turned() if paper.landscape and paper.turnable else paper
    sideways, across = _columns(portrait)
    if not across:
        raise ValueError("cards larger than half the page")
    cards = hands(opts.numbers) * copies
    shared = pair_box(portrait, len(cards), words=words)
    rows = spread(len(cards) - 1, across) if shared else spread(len(cards), across)
    pages = []
    start = 0
    for size in rows:
        pages.append(folded_page(portrait, cards[start:start + size], numbers=opts.numbers,
                                 colours=colours, sideways=sideways, across=across,
                                 words=words))
        start += size
    if shared:
        pages.append(pair_page(portrait, cards[-1], numbers=opts.numbers, colours=colours,
                               boxed=shared, words=words))
    else:
        alone = placed(portrait, len(cards), below=sheet.body_box(portrait)[1], words=words)
        if alone is not None:
            pages.append(box_page(portrait, alone, colours=colours, words=words))
    return document(opts, pages, what=words._("number cards"), words=words)
