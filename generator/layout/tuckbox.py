"""A tuck box for a deck of cards: its inside measured from the deck, and its net to cut,
fold and glue (die lines solid, folds dashed, the glue flap shaded and labelled).

The deck's thickness is the cards' count times the caliper of the thickest card stock the
kit suggests for cards (160-300 g/m²; 300 g/m² board is about 0.35 mm, 250 g/m² 0.28 mm,
210 g/m² 0.25 mm: a-size.com's paper weight chart, "Paper weight and thickness"). The
box is cut to hold that deck with a little play for the fingers (WIDTH_PLAY, DEPTH_PLAY)
and no more: less than one card's thickness on the depth, so a card more would not go in
and the deck does not rattle.

A reverse tuck end box, as card games come in: back, side, front, side and a glue flap
in a row; the lid and its tuck flap above the back, the bottom and its tuck flap below
the front, a dust flap above and below each side. A piece's edge that another piece shares
is a fold, every other edge a cut: the net is drawn from its pieces, so no fold or cut is
left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.scene import Paint, Role, Shape, Text, polygon, segments
from generator.fonts import CAP_HEIGHT, text_width
from generator.i18n import Words
from generator.layout import cutsheet

CALIPER = 0.35       # mm a card: 300 g/m² board (a-size.com's chart), the thickest suggested
WIDTH_PLAY = 1.5     # mm more than a card across and along, for the deck to slide out
DEPTH_PLAY = 0.3     # mm more than the deck's thickness: under one card's
TUCK = 12.0          # mm: the tuck flaps
DUST = 12.0          # mm: the dust flaps (no deeper than the box is wide)
GLUE = 9.0           # mm: the glue flap
GLUE_LABEL = 2.5     # mm: the glue flap's word, 7 pt


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a box holds: how many, and one card's size upright (mm)."""
    cards: int
    width: float
    height: float
    caliper: float = CALIPER

    @property
    def thickness(self) -> float:
        return self.cards * self.caliper


@dataclass(frozen=True, slots=True)
class TuckBox:
    """A box's inside: across the deck's face, along its height, and its depth (mm); its
    panels are as much larger as the board they are folded from is thick."""
    width: float
    height: float
    depth: float
    wall: float = CALIPER

    def holds(self, deck: Deck) -> bool:
        """Whether the deck goes in, upright or sideways (its face and its thickness within
        the inside)."""
        face = sorted((deck.width, deck.height))
        inside = sorted((self.width, self.height))
        return face[0] <= inside[0] and face[1] <= inside[1] and deck.thickness <= self.depth

    @property
    def panels(self) -> tuple[float, float, float]:
        """The front's width, its height and a side's width, fold to fold."""
        return self.width + self.wall, self.height + self.wall, self.depth + self.wall


def for_deck(deck: Deck, *, sideways: bool = False) -> TuckBox:
    """The box that holds the deck with its play: opening on the cards' short edge, or
    (sideways) on their long edge, a wider and lower box for a sheet with less room."""
    width, height = (deck.height, deck.width) if sideways else (deck.width, deck.height)
    return TuckBox(width + WIDTH_PLAY, height + WIDTH_PLAY, deck.thickness + DEPTH_PLAY)


@dataclass(frozen=True, slots=True)
class Net:
    """The box's net with its top-left corner at the origin: its pieces (polygons), and
    which are the front, the back and the glue flap (as rectangles x, y, w, h)."""
    pieces: tuple[tuple[Point, ...], ...]
    front: tuple[float, float, float, float]
    back: tuple[float, float, float, float]
    glue: tuple[Point, ...]
    width: float
    height: float


def net(box: TuckBox) -> Net:
    w, h, d = box.panels
    dust = min(DUST, w - 1.0)
    tuck = min(TUCK, w / 2)
    xs = (0.0, w, w + d, 2 * w + d, 2 * w + 2 * d, 2 * w + 2 * d + GLUE)
    top = tuck + d                     # the panels' top edge
    bottom = top + h
    cut = min(4.0, tuck / 2)           # the tuck flaps' corners, cut off
    inset = min(1.5, d / 4)            # the dust flaps' taper

    def rect(x: float, y: float, *, rw: float, rh: float) -> tuple[Point, ...]:
        return (Point(x, y), Point(x + rw, y), Point(x + rw, y + rh), Point(x, y + rh))
    back, front = rect(xs[0], top, rw=w, rh=h), rect(xs[2], top, rw=w, rh=h)
    pieces = [back, rect(xs[1], top, rw=d, rh=h), front, rect(xs[3], top, rw=d, rh=h)]
    glue = (Point(xs[4], top), Point(xs[5], top + 2.0), Point(xs[5], bottom - 2.0),
            Point(xs[4], bottom))
    pieces.append(glue)
    # The lid above the back and its tuck flap; the bottom below the front and its flap.
    pieces.append(rect(xs[0], tuck, rw=w, rh=d))
    pieces.append((Point(xs[0], tuck), Point(xs[0], cut), Point(xs[0] + cut, 0.0),
                   Point(xs[1] - cut, 0.0), Point(xs[1], cut), Point(xs[1], tuck)))
    pieces.append(rect(xs[2], bottom, rw=w, rh=d))
    low = bottom + d
    pieces.append((Point(xs[2], low), Point(xs[3], low), Point(xs[3], low + tuck - cut),
                   Point(xs[3] - cut, low + tuck), Point(xs[2] + cut, low + tuck),
                   Point(xs[2], low + tuck - cut)))
    for left in (xs[1], xs[3]):
        right = left + d
        pieces.append((Point(left, top), Point(left + inset, top - dust),
                       Point(right - inset, top - dust), Point(right, top)))
        pieces.append((Point(left, bottom), Point(right, bottom),
                       Point(right - inset, bottom + dust), Point(left + inset, bottom + dust)))
    height = max(low + tuck, bottom + dust)
    return Net(tuple(pieces), (xs[2], top, w, h), (xs[0], top, w, h), glue, xs[5], height)


def edges(piece: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(piece[i], piece[(i + 1) % len(piece)]) for i in range(len(piece))]


def _key(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    ends = sorted(((round(a.x, 6), round(a.y, 6)), (round(b.x, 6), round(b.y, 6))))
    return ends[0], ends[1]


def folds_and_cuts(laid: Net) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    """The net's folds (edges two pieces share) and cuts (every other edge)."""
    count = Counter(_key(a, b) for piece in laid.pieces for a, b in edges(piece))
    folds: list[tuple[Point, Point]] = []
    cuts: list[tuple[Point, Point]] = []
    seen: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    for piece in laid.pieces:
        for a, b in edges(piece):
            key = _key(a, b)
            if key in seen:
                continue
            seen.add(key)
            (folds if count[key] > 1 else cuts).append((a, b))
    return folds, cuts


def moved(points: Sequence[Point], x: float, *, y: float) -> tuple[Point, ...]:
    return tuple(Point(p.x + x, p.y + y) for p in points)


def drawn(laid: Net, x: float, *, y: float, colours: Palette, words: Words) -> list[Shape]:
    """The net's inside, its top-left corner at (x, y): the glue flap shaded and named,
    folds dashed, cuts solid in the cut lines' grey."""
    folds, cuts = folds_and_cuts(laid)
    cut = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False,
                cut=True)
    fold = Paint(stroke=colours["ink"], width=cutsheet.CUT_WIDTH, dash=(2.0, 1.5),
                 round_caps=False)
    glue = moved(laid.glue, x, y=y)
    word = words._("glue")
    middle = Point(sum(p.x for p in glue) / 4, sum(p.y for p in glue) / 4)
    shapes: list[Shape] = [polygon(glue, Paint(fill=colours["header fill"]))]
    # Along the flap, as large as its length allows, never under 6 pt.
    size = min(GLUE_LABEL, GLUE_LABEL * 0.8 * (laid.glue[2].y - laid.glue[1].y)
               / text_width(word, GLUE_LABEL))
    shapes.append(Text(Point(middle.x + size * CAP_HEIGHT / 2, middle.y), word, size,
                       colours["ink"], anchor="middle", angle=-90.0, role=Role("P", text=word)))
    shapes.append(segments([(Point(a.x + x, a.y + y), Point(b.x + x, b.y + y))
                            for a, b in folds], fold))
    shapes.append(segments([(Point(a.x + x, a.y + y), Point(b.x + x, b.y + y))
                            for a, b in cuts], cut))
    return shapes
