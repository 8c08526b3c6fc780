"""The puzzle book's seam with the games (`pnp puzzles GAME`): what is asked (how many
puzzles, each proven within what budget, the whole within what time, from records or from a
seed), and what a game gives back: its chosen puzzles, as booklet parts to print and as
one JSON object each. A game that makes puzzle books declares `puzzles=PuzzlesOf(...)` on
its Game; the front end never tests the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from generator.core.formats import JsonValue
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Page
    from generator.i18n import Words


@dataclass(frozen=True, slots=True)
class PuzzleAsk:
    """How many puzzles, each proven within `seconds`, all of them cut within `total`
    seconds; and the seed of a book of the game's own puzzles."""
    count: int
    seconds: float
    total: float
    seed: int


@dataclass(frozen=True, slots=True)
class Chapter:
    """A part of the book: its title, a line under it in the contents, its pages."""
    title: str
    byline: str
    pages: list[Page]


class Puzzles(Protocol):
    """A game's chosen puzzles, each proven."""

    def __len__(self) -> int: ...

    def chapters(self, paper: Paper, colours: Palette, *, words: Words) -> list[Chapter]:
        """The puzzles, then their answers, set on the booklet's content paper in `words`."""
        ...

    def facts(self) -> list[dict[str, JsonValue]]:
        """One JSON object a puzzle, in the book's order."""
        ...


@dataclass(frozen=True, slots=True)
class PuzzlesOf:
    """A game's puzzle maker: from records (each file's name and bytes; those that cannot
    be read are given back with why, and left out) and from a seed."""
    from_records: Callable[[Sequence[tuple[str, bytes]], PuzzleAsk],
                           tuple[Puzzles, list[tuple[str, str]]]]
    from_seed: Callable[[PuzzleAsk], Puzzles]


__all__ = ["Chapter", "PuzzleAsk", "Puzzles", "PuzzlesOf"]
