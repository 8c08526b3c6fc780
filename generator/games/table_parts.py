"""The parts a game's virtual table is made of, cut from its kit's own pages: the board (the
board page's body, with a snap point on each cell), pieces in the kit's colours, the rule
sheet as a PDF, the score pad, and a notecard; and where they lie round the board.

The board and the pad are the A4 kit's (pnp's default paper), at the size they print: the
table shows what the kit prints, and a game's pieces take their size from its board's cells.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from generator.core.geometry import SQRT3, Affine, Point
from generator.core.palette import Palette
from generator.core.paper import NAMED, Paper
from generator.core.scene import Document, Page, Shape, place
from generator.core.virtual_table import (
    Board,
    Deck,
    InfiniteBag,
    Notecard,
    Picture,
    Place,
    Rulebook,
    Thing,
    Tile,
    TileShape,
    VirtualTable,
)
from generator.i18n import Words
from generator.layout import sheet
from generator.layout.printing import Printing


class Labelled(Protocol):
    def label(self, words: Words) -> str: ...


OptionsT = TypeVar("OptionsT", bound=Labelled)
OptionsIn = TypeVar("OptionsIn", bound=Labelled, contravariant=True)


class PadMaker(Protocol[OptionsIn]):
    """A game's score pad's pages (its pages.pad_pages)."""
    def __call__(self, opts: OptionsIn, paper: Paper, *, colours: Palette,
                 words: Words) -> list[Page]: ...


PAPER: Paper = NAMED["a4"]
GAP = 40.0            # mm between the board and what lies beside it, and between those
PAD_DPI = 150         # a pad is read, not zoomed into: an A4 page stays under 2000 pixels
PIECE_DPI = 300
# A stone covers this much of a hex cell's width (flat to flat): it sits inside its cell with
# room to pick it up, as a go stone does on its point.
STONE_SHARE = 0.8
# What a bag, a rule book and a notecard cover on the table, mm: for laying them out only.
BAG_SIZE = (60.0, 60.0)
BOOK_SIZE = (110.0, 150.0)
NOTE_SIZE = (90.0, 60.0)


def key(game: str, options: object, *, colours: Palette) -> str:
    """What makes a table what it is, but for its language (kit_table adds that): the game,
    its options and the palette; the writer derives the objects' GUIDs from it."""
    return f"{game} {options!r} {colours.name}"


def region(page: Page, box: tuple[float, float, float, float]) -> Page:
    """The part of a page inside a box (x, y, width, height, mm), as a page of its own."""
    x, y, w, h = box
    return Page(w, h, tuple(place(page.shapes, Affine.translation(-x, -y))))


def body(paper: Paper) -> tuple[float, float, float, float]:
    """A page's body: between its header and footer, inside the margins."""
    return sheet.body_box(paper)


def board(name: str, page: Page, *, box: tuple[float, float, float, float],
          cells: Iterable[Point], description: str = "") -> Board:
    """The board: the part of its page in `box`, with a snap point at each cell's centre
    (the cells' centres on the page)."""
    x, y = box[0], box[1]
    # One snap point a place: Blinq's upper levels stand over places of the lower ones.
    snaps = dict.fromkeys(Point(round(c.x - x, 6), round(c.y - y, 6)) for c in cells)
    return Board(name, Picture("board", region(page, box)), tuple(snaps),
                 description=description)


def disc(name: str, diameter: float, *, drawn: Callable[[Point, float], list[Shape]]) -> Picture:
    """A round piece's picture: `drawn(centre, radius)` on a square page `diameter` mm
    across, which a round tile crops to its circle."""
    centre = Point(diameter / 2, diameter / 2)
    return Picture(name, Page(diameter, diameter, tuple(drawn(centre, diameter / 2))),
                   PIECE_DPI)


def stone_diameter(cell_radius: float) -> float:
    """A stone's diameter on a hex board whose cells have this circumradius, mm."""
    return STONE_SHARE * SQRT3 * cell_radius


def round_piece(name: str, top: Picture, *, bottom: Picture | None = None,
                thickness: float = 3.0) -> Tile:
    return Tile(name, top, bottom, TileShape.CIRCLE, thickness)


def bag(name: str, piece: Tile, *, colour: str) -> InfiniteBag:
    """An infinite bag of one piece, in a colour of the kit (its player's, say)."""
    return InfiniteBag(name, piece, colour)


def stone_bag(name: str, key: str, *, diameter: float,
              drawn: Callable[[Point, float], list[Shape]], colour: str) -> InfiniteBag:
    """An infinite bag of one player's round stones: each drawn as the kit draws it
    (`drawn`), `diameter` mm across, its picture named stone-KEY."""
    return bag(name, round_piece(name, disc(f"stone-{key}", diameter, drawn=drawn)), colour=colour)


def pad(name: str, page: Page) -> Tile:
    """The score pad's page as a sheet on the table, locked, so players can write on it with
    the game's drawing tools."""
    return Tile(name, Picture("pad", page, PAD_DPI), thickness=0.5, locked=True)


def rulebook(name: str, document: Document, *, file: str) -> Rulebook:
    return Rulebook(name, document, file)


def notecard(name: str, text: str, *, link: str) -> Notecard:
    return Notecard(name, text, link)


def footprint(thing: Thing) -> tuple[float, float]:
    """What a thing covers on the table, mm across and along, for laying things out."""
    if isinstance(thing, Board):
        return thing.width, thing.height
    if isinstance(thing, Tile):
        return thing.width, thing.height
    if isinstance(thing, Deck):
        return thing.sheets[0].card_size
    if isinstance(thing, Rulebook):
        return BOOK_SIZE
    if isinstance(thing, Notecard):
        return NOTE_SIZE
    return BAG_SIZE


def laid_out(centre: Board, right: Sequence[Thing], *, left: Sequence[Thing]) -> tuple[Thing, ...]:
    """The board in the middle; `right` in a column beside its right edge and `left` beside
    its left, each from the board's far edge towards the first player."""
    things: list[Thing] = [dataclasses.replace(centre, place=Place())]
    for side, column in ((1, right), (-1, left)):
        width = max((footprint(t)[0] for t in column), default=0.0)
        x = side * (centre.width / 2 + GAP + width / 2)
        z = centre.height / 2
        for thing in column:
            w, h = footprint(thing)
            things.append(dataclasses.replace(thing, place=Place(x, z - h / 2)))
            z -= h + GAP / 2
    return tuple(things)


def kit_table(title: str, options: OptionsT, *, key_text: str, board: Board,
              pieces: Sequence[Thing], rules: Callable[[OptionsT, Printing], Document],
              pads: PadMaker[OptionsT], credit: str, colours: Palette, words: Words,
              beside: Sequence[Thing] = ()) -> VirtualTable:
    """A kit's table as every game lays it: the board in the middle, its pieces at its
    right, the rule sheet (a PDF, as `rules` makes it for these options on PAPER), a
    notecard with the credit and the rule sheet's address, the score pad's first page (of
    those `pads` makes) and anything `beside` at its left. Named as the kit's pages are:
    TITLE and what each is."""
    book = rulebook(words._("%(game)s: %(what)s", game=title, what=words._("rules")),
                    rules(options, Printing(paper=PAPER, palette=colours, words=words)),
                    file="rules")
    sheet_pad = pad(words._("%(game)s: %(what)s", game=title, what=words._("score pad")),
                    pads(options, PAPER, colours=colours, words=words)[0])
    note = notecard(title, credit, link=book.file)
    return VirtualTable(words._("%(game)s: %(what)s", game=title, what=options.label(words)),
                        f"{key_text} {words.code}",
                        laid_out(board, pieces, left=[book, note, *beside, sheet_pad]))


def board_name(title: str, words: Words) -> str:
    return words._("%(game)s: %(what)s", game=title, what=words._("board"))
