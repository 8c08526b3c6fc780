"""What a game hands the rest of pnp, as types mypy checks: its options (a dataclass with a
label) and its pages (a `Pages` value: what each item draws, and how the kit lays it out).
generator/games/kit.py and game.py both read these; neither imports the other for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Document, Shape
    from generator.games.items import Item
    from generator.i18n import Words
    from generator.layout.cover import Cover
    from generator.layout.printing import Printing


class GameOptions(Protocol):
    """What every game's options offer: a one-line label for page headers, in the words
    given. They are a dataclass, whose fields are the game's options."""
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def label(self, words: Words) -> str: ...

    def __hash__(self) -> int: ...     # frozen: a document is kept by its options


OptionsT = TypeVar("OptionsT", bound=GameOptions)
OptionsIn = TypeVar("OptionsIn", bound=GameOptions, contravariant=True)
# (options, printing: paper, palette, copies, words, ...) -> the item's pages
ItemMaker = Callable[[OptionsT, "Printing"], "Document"]


class GuideMaker(Protocol[OptionsIn]):
    """Small parts' shapes below the print guide, from `top` down, and the y below them."""
    def __call__(self, opts: OptionsIn, paper: Paper, *, colours: Palette, top: float,
                 words: Words) -> tuple[list[Shape], float]: ...


class GuideNote(Protocol[OptionsIn]):
    """What the kit's guide says of a part beyond how to print and cut it."""
    def __call__(self, opts: OptionsIn, paper: Paper, *, words: Words) -> str: ...


# Cells flat to flat, mm. A fingertip places a stone on a 9 mm cell without nudging its
# neighbours, and a pencilled letter fits inside it; under 7 mm neither does.
READABLE_CELL = 9.0
SMALLEST_CELL = 7.0


@dataclass(frozen=True)
class Pages(Generic[OptionsT]):
    """What a game draws (PAGES in its pages module): its items in kit order, and the cell
    size of its board on a paper (flat to flat, mm), which tiling scales from. Every board
    names the smallest cell it is printed with (a board that would come out smaller is
    refused, naming the paper that gives enough), the size it is meant to have, and what the
    smallest is for."""
    items: Mapping[Item, ItemMaker[OptionsT]]
    # (options, paper, words): the board's page is laid out round its words
    board_cell: Callable[[OptionsT, Paper, Words], float]
    # How an item is made inside the kit, where that differs: a print shop's cards come
    # one card a page, but in the kit they stay on sheets of the kit's paper, so the kit's
    # pages keep one size.
    in_kit: Mapping[Item, ItemMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    # How an item is made in a kit for a printer without double-sided printing, where it
    # differs: the cards' fronts and backs side by side, to fold (generator/games/kit.py).
    folded: Mapping[Item, ItemMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    # Small parts drawn below the kit's print guide instead of on a page of their own:
    # (options, paper, colours, top, words) -> their shapes and the y below them.
    below_guide: Mapping[Item, GuideMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    # What the kit's guide says of an item beyond how to print and cut it (how many of
    # Nex's counters are spares), in the words given.
    guide_notes: Mapping[Item, GuideNote[OptionsT]] = dataclasses.field(default_factory=dict)
    # What the kit's cover says of the game and the board in play it shows (None: the kit
    # opens on its print guide alone).
    cover: Cover[OptionsT] | None = None
    smallest_cell: float = SMALLEST_CELL
    readable_cell: float = READABLE_CELL
    smallest_for: str = "a stone and a pencilled letter need"
