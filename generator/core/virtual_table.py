"""A virtual table: what a kit becomes on a table such as Tabletop Simulator's, as values.

A table holds things, each placed on it in millimetres: a board (its picture, and snap points
on its cells, so a stone dropped near a cell settles on it), a tile (one picture a side), an
infinite bag that hands out copies of a tile, a deck of cards (face sheets and a back), a rule
book (a document the table shows as a PDF) and a notecard (text, and the rule book it points
to). Pictures are scene pages drawn in mm; how many pixels they become, what file they are
written to and what the table's own file says of them are the writer's
(generator/render/tabletop.py), which knows nothing of games. Each game says what its table
holds in its own folder (generator/games/<game>/table.py).

Places are seen from above by the first player, who sits at the near edge: x runs to their
right, z away from them, both from the table's centre; `turn` turns a thing clockwise.
"""

from __future__ import annotations

import math
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from generator.core.geometry import Point
from generator.core.scene import Document, Page

# Tabletop Simulator cuts a deck's face sheet into at most 10 columns and 7 rows (its custom
# deck's width and height default to 10 and 7, the most its import takes; docs/
# tabletop-simulator.md cites where).
MOST_COLUMNS, MOST_ROWS = 10, 7
MOST_CARDS = MOST_COLUMNS * MOST_ROWS


@dataclass(frozen=True, slots=True)
class Picture:
    """An image the table shows: a page drawn in mm, named for its file. `dpi` is the
    resolution wanted; the writer takes less where a side would pass the largest image the
    table loads."""
    name: str
    page: Page
    dpi: int = 200

    def __post_init__(self) -> None:
        if not self.name or "/" in self.name or self.name.startswith("."):
            raise ValueError(f"a picture's name is a plain file stem, not {self.name!r}")
        if self.page.width <= 0 or self.page.height <= 0:
            raise ValueError(f"picture {self.name} has no area")


@dataclass(frozen=True, slots=True)
class Place:
    """Where a thing lies: mm right of the table's centre and away from the first player,
    turned clockwise by `turn` degrees, as that player sees it from above."""
    x: float = 0.0
    z: float = 0.0
    turn: float = 0.0


class TileShape(Enum):
    """A tile's outline; the value is Tabletop Simulator's own number for it, the one fact
    of the format the model keeps, as it names the shape and nothing else."""
    BOX = 0
    HEX = 1
    CIRCLE = 2
    ROUNDED = 3


@dataclass(frozen=True, slots=True)
class Board:
    """A board: its picture, its snap points (mm on the picture's page from its top-left
    corner, y down: where pieces settle, one on each cell) and where it lies. Locked unless
    asked: players move the pieces, not the board."""
    name: str
    picture: Picture
    snaps: tuple[Point, ...]
    place: Place = Place()
    description: str = ""
    locked: bool = True

    def __post_init__(self) -> None:
        page = self.picture.page
        outside = [p for p in self.snaps
                   if not (0 <= p.x <= page.width and 0 <= p.y <= page.height)]
        if outside:
            raise ValueError(f"board {self.name} has snap points off its picture: {outside[:3]}")

    @property
    def width(self) -> float:
        return self.picture.page.width

    @property
    def height(self) -> float:
        return self.picture.page.height


@dataclass(frozen=True, slots=True)
class Tile:
    """A flat piece the size of its picture's page: its top, its bottom (the top again where
    None), its outline and thickness (mm). Stackable tiles of one kind merge into a pile;
    others rest on each other, as Blinq's blocks must to build a pyramid."""
    name: str
    top: Picture
    bottom: Picture | None = None
    shape: TileShape = TileShape.BOX
    thickness: float = 2.0
    place: Place = Place()
    description: str = ""
    locked: bool = False
    stackable: bool = False

    def __post_init__(self) -> None:
        if self.thickness <= 0:
            raise ValueError(f"tile {self.name} has no thickness")
        if self.bottom is not None and (self.bottom.page.width, self.bottom.page.height) != (
                self.top.page.width, self.top.page.height):
            raise ValueError(f"tile {self.name}'s two sides differ in size")

    @property
    def width(self) -> float:
        return self.top.page.width

    @property
    def height(self) -> float:
        return self.top.page.height


@dataclass(frozen=True, slots=True)
class InfiniteBag:
    """A bag that hands out as many copies of one tile as are taken from it, in a colour."""
    name: str
    holds: Tile
    colour: str
    place: Place = Place()
    description: str = ""

    def __post_init__(self) -> None:
        if len(self.colour) != 7 or not self.colour.startswith("#"):
            raise ValueError(f"bag {self.name}'s colour is #rrggbb, not {self.colour!r}")


@dataclass(frozen=True, slots=True)
class CardSheet:
    """One face sheet of a deck: card faces (pages of one size) in `columns` × `rows`, row
    by row from the top left, as the table cuts it; `titles`, where given, name each card."""
    name: str
    faces: tuple[Page, ...]
    columns: int
    rows: int
    titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= self.columns <= MOST_COLUMNS or not 1 <= self.rows <= MOST_ROWS:
            raise ValueError(f"sheet {self.name} is {self.columns} × {self.rows} cards; the "
                             f"table cuts at most {MOST_COLUMNS} × {MOST_ROWS}")
        if not 1 <= len(self.faces) <= self.columns * self.rows:
            raise ValueError(f"sheet {self.name} holds {len(self.faces)} cards in "
                             f"{self.columns} × {self.rows}")
        if self.titles and len(self.titles) != len(self.faces):
            raise ValueError(f"sheet {self.name} names {len(self.titles)} of its "
                             f"{len(self.faces)} cards")
        sizes = {(f.width, f.height) for f in self.faces}
        if len(sizes) != 1:
            raise ValueError(f"sheet {self.name}'s cards differ in size: {sorted(sizes)}")

    @property
    def card_size(self) -> tuple[float, float]:
        """A card's width and height, mm."""
        return self.faces[0].width, self.faces[0].height


def card_sheets(name: str, faces: tuple[Page, ...],
                *, titles: tuple[str, ...] = ()) -> tuple[CardSheet, ...]:
    """Faces on as few sheets as hold them: 70 a sheet, each as wide as its cards need up to
    ten and as few rows as hold them (NAME, NAME-2, ...)."""
    if not faces:
        raise ValueError(f"deck {name} has no cards")
    sheets = []
    for first in range(0, len(faces), MOST_CARDS):
        part = faces[first:first + MOST_CARDS]
        columns = min(MOST_COLUMNS, len(part))
        number = first // MOST_CARDS + 1
        sheets.append(CardSheet(name if number == 1 else f"{name}-{number}", part, columns,
                                math.ceil(len(part) / columns),
                                titles[first:first + MOST_CARDS]))
    return tuple(sheets)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: its face sheets and the back every card shares, face down where it lies."""
    name: str
    sheets: tuple[CardSheet, ...]
    back: Picture
    place: Place = Place()
    description: str = ""

    def __post_init__(self) -> None:
        if not self.sheets:
            raise ValueError(f"deck {self.name} has no cards")
        sizes = {s.card_size for s in self.sheets}
        back = (self.back.page.width, self.back.page.height)
        if len(sizes) != 1 or back not in sizes:
            raise ValueError(f"deck {self.name}'s faces and back differ in size")

    @property
    def count(self) -> int:
        return sum(len(s.faces) for s in self.sheets)


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A document the table shows page by page (a PDF), under the file stem `file`."""
    name: str
    document: Document
    file: str
    place: Place = Place()
    description: str = ""
    locked: bool = False


@dataclass(frozen=True, slots=True)
class Notecard:
    """A card of text players can read and edit; `link` is the file stem of a rule book on
    the same table, whose address the writer adds to the text."""
    name: str
    text: str
    link: str | None = None
    place: Place = Place()


Thing = Board | Tile | InfiniteBag | Deck | Rulebook | Notecard


@dataclass(frozen=True, slots=True)
class VirtualTable:
    """What a kit puts on the table: its things, under the table's name. `key` says which
    request made it (game, options, palette, language); everything the writer derives,
    the objects' GUIDs among them, comes from it, so the same request gives the same files."""
    name: str
    key: str
    things: tuple[Thing, ...]

    def __post_init__(self) -> None:
        # Every file the table names is one thing's: a picture two things share is one
        # picture, but no two different ones, sheets or books share a name.
        pages: dict[str, Page] = {}
        for picture in self.pictures():
            if pages.setdefault(picture.name, picture.page) != picture.page:
                raise ValueError(f"two different pictures are named {picture.name}")
        others = [s.name for t in self.things if isinstance(t, Deck) for s in t.sheets]
        others += [t.file for t in self.things if isinstance(t, Rulebook)]
        named = [*pages, *others]
        twice = sorted({n for n in named if named.count(n) > 1})
        if twice:
            raise ValueError(f"two files of the table are named {twice[0]}")
        books = {t.file for t in self.things if isinstance(t, Rulebook)}
        for thing in self.things:
            if isinstance(thing, Notecard) and thing.link is not None and thing.link not in books:
                raise ValueError(f"notecard {thing.name} links to {thing.link}, which is not a "
                                 f"rule book on this table")

    def pictures(self) -> Iterator[Picture]:
        """Every picture the table shows, in the order its things hold them (a picture two
        things share, once for each)."""
        for thing in self.things:
            if isinstance(thing, Board):
                yield thing.picture
            elif isinstance(thing, Tile):
                yield from _sides(thing)
            elif isinstance(thing, InfiniteBag):
                yield from _sides(thing.holds)
            elif isinstance(thing, Deck):
                yield thing.back


def _sides(tile: Tile) -> Iterator[Picture]:
    yield tile.top
    if tile.bottom is not None:
        yield tile.bottom


def url_base(text: str) -> str:
    """A URL base as given (http or https, with a host), ending in one slash; ValueError with
    a sentence for the user where it is not one."""
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query \
            or parts.fragment:
        raise ValueError(f"--url-base takes an http or https address of a folder, not {text!r}")
    return text if text.endswith("/") else text + "/"
