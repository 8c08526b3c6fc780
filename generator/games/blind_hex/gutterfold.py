"""Blind Hex's number cards for a printer without double-sided printing: each sheet carries
a row of fronts above the fold and their backs below it, mirrored across the gutter, so the
sheet folded along the dashed line puts every back behind its front. Glued and then cut,
the two layers make one card, as gutter-fold print-and-play cards are made.
"""

from __future__ import annotations

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Document, Page, Paint, Shape, line, segments
from generator.games.blind_hex.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Card,
    about,
    back,
    corner_guides,
    front,
    hands,
    turned,
)
from generator.games.blind_hex.credits import credit, document
from generator.games.blind_hex.rules import TITLE, Options
from generator.i18n import Words
from generator.layout import cutsheet, sheet
from generator.layout.printing import Printing

GUTTER = 10.0        # mm between the fronts' row and the backs': the fold runs down its middle


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
    shapes: list[Shape] = sheet.header(paper, words._("%(game)s number cards", game=TITLE), words._(
        "fronts above the fold, backs below: fold on the dashed line, glue, then cut"),
        colours)
    upright = Point(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False)
    for i, card in enumerate(cards):
        x = x0 + i * w
        shapes += turned(front(card, numbers, colours),
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
    shapes += sheet.footer(paper, words._("%(credit)s Fold along the dashed line, glue the halves "
                                          "together, then cut along the grey lines.",
                                          credit=credit(words)), colours)
    return Page(paper.width, paper.height, tuple(shapes))


def folded_sheets(opts: Options, printing: Printing) -> Document:
    words = printing.words
    """The cards, a row of them a sheet, each with its backs across the fold."""
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    portrait = paper.turned() if paper.landscape and paper.turnable else paper
    sideways, across = _columns(portrait)
    if not across:
        raise ValueError("cards larger than half the page")
    cards = hands(opts.numbers) * copies
    pages = [folded_page(portrait, cards[i:i + across], numbers=opts.numbers, colours=colours,
                         sideways=sideways, across=across, words=words)
             for i in range(0, len(cards), across)]
    return document(opts, pages, words._("number cards"), words=words)
