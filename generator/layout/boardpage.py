"""A rhombus board's page, as Hex's and Nex's boards are printed: the board over the page's
whole height, its title and line top right and its credit and ruler bottom left, in the
corners the rhombus leaves (generator/layout/corners.py), or, where they would not stand
clear of it, the usual header and footer round a smaller board (generator/layout/sheet.py).

The layout is found once for each board, paper, words and palette (the studio asks again
for each format, and a board's cell size is read from it)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from generator import i18n
from generator.core.geometry import Affine, Hex, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Circle, Document, Page, Path, Shape, Text
from generator.layout import corners, describe, hexboard, sheet
from generator.layout.figure_cache import forgotten_with_figures

# x, y, width, height, mm
Box = tuple[float, float, float, float]


class Place(Protocol):
    """A board of a size placed in a box (x, y, width, height)."""
    def __call__(self, size: int, box: Box, *, with_coordinates: bool) -> hexboard.Placement: ...
    def __hash__(self) -> int: ...   # a key of the layout's cache


class Draw(Protocol):
    """The empty board drawn at a placement, its side letters in the words given."""
    def __call__(self, p: hexboard.Placement, colours: Palette, *, with_coordinates: bool,
                 words: i18n.Words) -> list[Shape]: ...
    def __hash__(self) -> int: ...   # a key of the layout's cache


# (placement, colours, with_coordinates, cut_tips, words) -> a banded board (Hex's, Nex's)
# drawn there, its bands cut at the sharp corners or not
BandShapes = Callable[..., list[Shape]]


@dataclass(frozen=True)
class CutPlacer:
    """A banded board (Hex's, Nex's) placed in a box at its angle as its own page places it,
    its bands cut at the sharp corners (hexboard.TIP_CUT): mitred, they ran out past the cells
    along the long diagonal, the direction the page is tightest in."""
    angle: float

    def __call__(self, size: int, box: Box, *, with_coordinates: bool) -> hexboard.Placement:
        x, y, w, h = box
        return hexboard.place_board(size, x, y=y, width=w, height=h, angle=self.angle,
                                    with_coordinates=with_coordinates, cut_tips=True)


@dataclass(frozen=True)
class CutDrawer:
    """A banded board drawn empty as its own page draws it, its sharp corners cut."""
    shapes: BandShapes

    def __call__(self, p: hexboard.Placement, colours: Palette, *, with_coordinates: bool,
                 words: i18n.Words) -> list[Shape]:
        return self.shapes(p, colours, with_coordinates=with_coordinates, cut_tips=True,
                           words=words)


# What the corners may hold, across: a share of the page's inner width, the widest first
# (fewest lines), as Blind Hex's board.
CORNER_SHARES = (0.46, 0.42, 0.38, 0.34, 0.30)
INSET = 2.0          # mm inside the margins the board's box keeps
SHRINK = tuple(1.0 - 0.01 * i for i in range(16))     # the board's box, whole to 85%


@dataclass(frozen=True)
class Words:
    """What a board's page says around it: its title, the line under it (the board's size
    and sides) and its credit, and the language they are in (which the board's own letters
    are drawn in)."""
    title: str
    subtitle: str
    credit: str
    language: i18n.Words


@dataclass(frozen=True)
class Laid:
    """A board's page laid out: the board's placement, the words round it, and the part
    of the page they take (x, y, width, height: inside the margins where the words stand
    in the corners, else between the header and footer), which a virtual table shows."""
    placement: hexboard.Placement
    furniture: tuple[Shape, ...]
    region: tuple[float, float, float, float]


def layout(size: int, coordinates: bool, *, paper: Paper, words: Words, colours: Palette,
           place: Place, draw: Draw, outset: float = 0.0, cut_tips: bool = False) -> Laid:
    """Where the board goes on the page and what stands round it: in the corners where they
    are clear of it, else the header and footer. The board is `draw`n where it may stand
    beside the title corner's words, to see where it starts. A board whose sides are bands
    (`cut_tips`: Hex's, Nex's) has them cut at its sharp corners (hexboard.TIP_CUT): `place`
    and `draw` cut them too."""
    # Kept by every argument given in full: functools' cache tells `outset=0.0` given from
    # `outset` left out, and a board's page laid out again what its cell size had laid out.
    return _laid(size, coordinates, paper=paper, words=words, colours=colours, place=place,
                 draw=draw, outset=outset, cut_tips=cut_tips)


@forgotten_with_figures
@functools.lru_cache(maxsize=64)
def _laid(size: int, coordinates: bool, *, paper: Paper, words: Words, colours: Palette,
          place: Place, draw: Draw, outset: float, cut_tips: bool) -> Laid:
    headed = place(size, sheet.body_box(paper), with_coordinates=coordinates)
    # A little inside the margins: a side letter set at 6 pt on a small board reaches a
    # little past the disc the fit keeps for it.
    x, y = paper.margin + INSET, paper.margin + INSET
    w, h = paper.inner_width - 2 * INSET, paper.height - 2 * paper.margin - 2 * INSET
    # The board over the whole page, then a little smaller each time, centred, until its
    # corners hold the words clear of it; no smaller than under a header and footer.
    for k in SHRINK:
        p = place(size, (x + (1 - k) * w / 2, y + (1 - k) * h / 2, k * w, k * h),
                  with_coordinates=coordinates)
        if p.cell_radius <= headed.cell_radius:
            break
        hull = hexboard.placed_hull(p, with_coordinates=coordinates, outset=outset,
                                    cut_tips=cut_tips)
        # Where the board starts down the page, drawn only where the title's line may stand
        # beside it.
        start = functools.cache(lambda p=p: drawn_top(draw(p, colours,
                                                           with_coordinates=coordinates,
                                                           words=words.language)))
        for share in CORNER_SHARES:
            title = corners.title_corner(paper, words.title, subtitle=words.subtitle,
                                         colours=colours, width=share * w)
            foot = corners.credit_corner(paper, words.credit, colours=colours,
                                         width=share * w)
            boxes = [corners.text_box(t) for t in title + foot if isinstance(t, Text)]
            boxes.append((x, paper.height - paper.margin - 4.5, x + sheet.RULER_WIDTH - 8.0,
                          paper.height - paper.margin))
            for placed, outline in clear_of_the_words(p, hull, title=title, box=(y, y + h),
                                                      top=start):
                if corners.clear_of(outline, boxes, paper=paper):
                    return Laid(placed, (*title, *foot), (paper.margin, paper.margin,
                                                          paper.inner_width,
                                                          paper.height - 2 * paper.margin))
    return Laid(headed, (*sheet.header(paper, words.title, subtitle=words.subtitle,
                                       colours=colours),
                         *sheet.footer(paper, words.credit, colours=colours)),
                sheet.body_box(paper))


# mm: how far below the title corner's last baseline a board moved under it starts
BELOW = 0.5


def drawn_top(shapes: list[Shape]) -> float:
    """Where a drawing starts down the page, as a reader meets it: its lines' highest point,
    its circles' tops and its words' baselines."""
    tops = [math.inf]
    for shape in shapes:
        if isinstance(shape, Path):
            tops += [q.y for sub in shape.subpaths for q in sub]
        elif isinstance(shape, Circle):
            tops.append(shape.centre.y - shape.radius)
        elif isinstance(shape, Text):
            tops.append(shape.position.y)
    return min(tops)


def clear_of_the_words(p: hexboard.Placement, hull: list[Point], *, title: list[Text],
                       box: tuple[float, float], top: Callable[[], float]
                       ) -> Iterator[tuple[hexboard.Placement, list[Point]]]:
    """Where the board may stand so that it does not start beside the middle of the title
    corner's line (a board narrower than its box, centred in it, as Hex KB's on a booklet's
    A5 page): a reader going down the page would meet the board between two lines of one
    paragraph. The board (drawn from `top()` down) starts above the line's first baseline
    or below its last: as placed, moved up to the top of its `box` (top, foot), or moved
    down under the line as far as the box allows, in that order. The words are checked
    clear of it after. The board is drawn only where its corner cells (drawn, so no lower
    than its top) and its outline (round all it draws) leave it in doubt."""
    if len(title) < 3:
        yield p, hull
        return
    high, low = min(q.y for q in hull), max(q.y for q in hull)
    n = p.board.size - 1
    cells = min(c.y for h in (Hex(0, 0), Hex(n, 0), Hex(0, n), Hex(n, n))
                for c in p.corners(h))
    first, last = title[1].position.y, title[-1].position.y + BELOW

    def beside(move: float) -> bool:
        if cells + move <= first or high + move >= last - 1e-6:
            return False
        return first < top() + move < last - 1e-6

    for move in (0.0, box[0] - high, None):
        move = last - top() if move is None else move
        if beside(move) or high + move < box[0] - 1e-6 or low + move > box[1] + 1e-6:
            continue
        shift = Affine.translation(0.0, move)
        yield (hexboard.Placement(p.board, p.transform.then(shift)),
               [shift.apply(q) for q in hull])


def board_page(paper: Paper, colours: Palette, *, size: int, coordinates: bool,
               place: Place, draw: Draw, words: Words, outset: float = 0.0,
               cut_tips: bool = False,
               described: Callable[[hexboard.Placement], str]) -> Page:
    """The board's page: the board drawn where the layout puts it, marked as one figure
    `described` so, and its words round it."""
    laid = layout(size, coordinates, paper=paper, words=words, colours=colours, place=place,
                  draw=draw, outset=outset, cut_tips=cut_tips)
    return Page(paper.width, paper.height,
                (*laid.furniture, *describe.board_figure(
                    draw(laid.placement, colours, with_coordinates=coordinates,
                         words=words.language),
                    described(laid.placement))))




def document(pages: list[Page], what: str, *, game: str, designer: str, size: int,
             keywords: tuple[str, ...], licence: str, words: i18n.Words) -> Document:
    """One part of a board game's kit (its `what`: "board", "rules") as a document: its
    title, author, subject with the board's size, keywords and licence, in `words`."""
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=game, what=what),
                    words._("pnp (game by %(designer)s)", designer=designer),
                    words._("%(game)s %(what)s, %(size)s × %(size)s", game=game, what=what,
                            size=size), keywords, licence, lang=words.code)
