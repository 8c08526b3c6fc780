"""What a destination makes of an item, as data: each item is a kind of product (a sheet of
paper, a board, a deck of cards, pieces to cut, a book), and each destination says, kind by
kind, which products it sells and what their files must be: the formats it takes, a fixed
trim (a vendor's board, its one card size), its bleed where not the destination's own, how
a deck's faces are laid out, whether it takes a cut path or crop marks, and the multiple a
book's page count must be. An item whose kind a destination has no product for is refused
by name before anything is drawn (generator/app/requests.py), and `pnp build --for` walks
the same table (docs/print-shops.md cites each vendor's figure).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.core.cards import CardSize
from generator.core.formats import Format


class Kind(Enum):
    """What an item is, as a printer sells it; the value is its name in a sentence."""
    SHEETS = "sheets"           # pages on the paper asked for: rules, pads, puzzles
    BOARD = "boards"
    CARDS = "cards"             # a deck
    PIECES = "pieces"           # counters, tiles and tokens to cut out
    BOOK = "books"              # a booklet: rules imposed, a game record's study booklet
    KIT = "kits"                # every item of a game: the destination's products of them

    def __str__(self) -> str:
        return self.value


class Faces(Enum):
    """How a deck's cards are laid out in its files."""
    SHEETS = "sheets"               # several cards on a sheet of paper, backs on the next
    FACE_FIRST = "face first"       # one card a page: each face, then its back
    BACK_FIRST = "back first"       # one card a page: each back, then its face (DriveThruCards)
    IMAGES = "images"               # one image a face and one for the back they all share


@dataclass(frozen=True, slots=True)
class Product:
    """One product a destination sells for a kind of item, and what its files must be."""
    kind: Kind
    name: str                               # as the destination sells it: "Poker Deck"
    # The formats it takes, the first the default; None: every format the item is written in.
    formats: tuple[Format, ...] | None = None
    trim: float | None = None               # a square trim, mm (a vendor's board); None: paper
    card: CardSize | None = None            # the one card size it prints; None: --card-size
    bleed: float | None = None              # mm past the trim, where not the destination's own
    faces: Faces = Faces.SHEETS             # how a deck is laid out
    cut_path: bool = False                  # whether its files may carry a cut path
    crop_marks: bool = False                # whether it takes crop marks in a slug
    page_multiple: int = 1                  # a book's page count is a multiple of this
    fixed: bool = False                     # made at its own size whatever the paper

    def takes(self, fmt: Format) -> bool:
        return self.formats is None or fmt in self.formats

    @property
    def own_size(self) -> bool:
        """Whether it is made at a size of its own, not on the paper asked for: a vendor's
        board or deck, a virtual table's kit."""
        return self.fixed or self.trim is not None or self.card is not None
