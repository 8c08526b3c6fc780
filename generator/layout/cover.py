"""A kit's cover, its first page: the game's name, who designed it and under which licence,
how many play and for how long, and a board in play drawn by the game's own figure code;
the print guide (generator/layout/printguide.py) and any small part below it.

A publisher's kit opens on its game, not on printing instructions alone: the guide took
13-31% of its page (measured by ink, docs/commands.md), the cover and guide together fill
it. The board in play takes the room the guide and the parts below it leave, so a short
guide gives a larger picture and a long one (a kit with cards, in German) a smaller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar

from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.printing import THINNEST_STROKE
from generator.core.scene import Role, Shape, Text, lines_at_least, place, with_role
from generator.i18n import Words
from generator.layout import sheet, tiling
from generator.layout.flow import Figure

OptionsIn = TypeVar("OptionsIn", contravariant=True)


class Picture(Protocol[OptionsIn]):
    """The cover's board in play for these options and colours, in the words given."""
    def __call__(self, opts: OptionsIn, colours: Palette, *, words: Words) -> Figure: ...


CREDIT_SIZE = 3.4       # mm, ~9.6 pt: the designer and licence under the title
LEADING = 1.3
GAP = 5.0               # mm between the credit, the board in play and the guide
SMALLEST_PICTURE = 35.0  # mm high: below this the board in play is left out


@dataclass(frozen=True)
class Cover(Generic[OptionsIn]):
    """What a game's cover says of it: its credit line (designer, in the words given),
    players, a playing time in minutes (least, most: the kit's estimate for a game on the
    board it prints, said as "about"), and a board in play for these options and colours
    (one of its rule sheet's figures, drawn by its own code)."""
    credit: Callable[[Words], str]
    minutes: tuple[int, int]
    picture: Picture[OptionsIn]
    players: int = 2


def head(game: str, cover: Cover[OptionsIn], *, licence: str, paper: Paper,
         colours: Palette, words: Words) -> tuple[list[Shape], float]:
    """The cover's header (the game's name; players and time beside it) and its credit and
    licence below; the shapes and the y below them."""
    lo, hi = cover.minutes
    players = words.ngettext("%(num)s player", "%(num)s players", n=cover.players)
    subtitle = words._("%(players)s · about %(lo)s–%(hi)s minutes · print-and-play kit, %(paper)s",
                       players=players, lo=lo, hi=hi, paper=paper.name)
    shapes = sheet.header(paper, game, subtitle=subtitle, colours=colours)
    x, top, width, _height = sheet.body_box(paper)
    y = top + 2.0
    for text in (cover.credit(words), licence + "."):
        for text_line in sheet.wrap_words(text, CREDIT_SIZE, width=width):
            y += CREDIT_SIZE * LEADING
            shapes.append(Text(Point(x, y), text_line, CREDIT_SIZE, colours["ink"],
                               role=Role("P", text=text)))
    return shapes, y + GAP


# A layout of the cover's body: the picture's scale, its left and top, and the guide's
# column (None: across the page, below the picture).
Column = tuple[float, float]
Drawn = tuple[list[Shape], float]
SPLITS = (0.38, 0.44, 0.5, 0.56, 0.62, 0.68, 0.72)   # the picture's share beside the guide


@dataclass(frozen=True)
class Body:
    scale: float
    left: float
    top: float
    guide_top: float
    column: Column | None
    bottom: float          # the y below the picture and the guide


def body(figure: Figure, paper: Paper, *, top: float, bottom: float,
         guide: Callable[[Column | None], Drawn]) -> Body | None:
    """Where the board in play and the guide go between `top` and `bottom`: the picture
    above a guide across the page, or beside a guide in a column, whichever draws it
    larger (a tall board beside, a wide one above); the picture is left out where it
    would be under SMALLEST_PICTURE high. None: the guide alone does not fit. `guide`
    draws the guide from y = 0 across the page (None) or in a column, and gives its
    height."""
    x, _top, width, _height = sheet.body_box(paper)
    best: Body | None = None
    across = guide(None)[1]
    room = bottom - top - across - GAP
    scale = min(width / figure.width, room / figure.height)
    if figure.height * scale >= SMALLEST_PICTURE:
        best = Body(scale, x + (width - figure.width * scale) / 2, top,
                    top + figure.height * scale + GAP, None, top + figure.height * scale
                    + GAP + across)
    for share in SPLITS:
        left_width = width * share - GAP / 2
        column = (x + left_width + GAP, width - left_width - GAP)
        tall = guide(column)[1]
        if top + tall > bottom:
            continue
        scale = min(left_width / figure.width, (bottom - top) / figure.height)
        if figure.height * scale < SMALLEST_PICTURE:
            continue
        if best is None or scale > best.scale:
            best = Body(scale, x + (left_width - figure.width * scale) / 2, top, top,
                        column, top + max(tall, figure.height * scale))
    if best is None and top + across <= bottom:
        best = Body(0.0, x, top, top, None, top + across)
    return best


def tight(figure: Figure) -> Figure:
    """The figure cropped to its ink: a rule sheet's figure keeps room for a caption or a
    column's width that the cover would spend on white."""
    boxes = [tiling.bounds(shape) for shape in figure.shapes]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return replace(figure, width=right - left, height=bottom - top,
                   shapes=tuple(place(figure.shapes, Affine.translation(-left, -top))))


def picture(figure: Figure, laid: Body) -> list[Shape]:
    """The board in play where the body's layout puts it (nothing at scale 0)."""
    if laid.scale == 0.0:
        return []
    drawn = lines_at_least(place(figure.shapes, Affine.scaling(laid.scale)
                                 .then(Affine.translation(laid.left, laid.top))),
                           THINNEST_STROKE)
    return with_role(drawn, Role("Figure", text=figure.description or figure.caption))


def moved(shapes: Sequence[Shape], dy: float) -> list[Shape]:
    """Shapes drawn at one height, moved down by dy."""
    return place(shapes, Affine.translation(0.0, dy)) if dy else list(shapes)
