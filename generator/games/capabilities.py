"""What a game may offer besides its items and its board's data, each a protocol mypy checks:
a board's figures (`pnp stats`), the records of played games it reads (`pnp record`) and
editions (variants with pieces of their own). A game's `Game` value holds the ones it has
and None for the others, so a front end asks the game for a capability and uses what it
gets, typed. The judge's protocol is beside its implementations, in judges.py.

`FiguresOf` and `RecordsOf` make the first two from a function, as judges.TextJudge makes
a judge; a game with more to say implements the protocol itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from generator.games.protocols import GameOptions, OptionsT

if TYPE_CHECKING:
    from generator.games.figures import Report
    from generator.games.items import Item
    from generator.games.record_book import Study
    from generator.i18n import Words

OptionsIn = TypeVar("OptionsIn", bound=GameOptions, contravariant=True)


class Figures(Protocol[OptionsIn]):
    """A board's figures from the game's options, as `pnp stats` and the studio show them,
    in `words`."""
    def figures(self, options: OptionsIn, words: Words) -> Report: ...


class RecordReader(Protocol):
    """A played game's record from a file's bytes, read and replayed by the game's own
    engine, ready to print (`pnp record`); an unreadable file is a UserError of one line.
    A folder of records is read for its files named with `suffix` (any case), which hold
    `written_as` (".sgf", "SGF records"); its other files are left alone."""
    @property
    def suffix(self) -> str: ...

    @property
    def written_as(self) -> str: ...

    def read_record(self, data: bytes) -> Study: ...


class Editions(Protocol[OptionsT]):
    """A game printed in several editions, each with its own pieces (Blind Hex's cards and
    pennies): what `pnp build` makes, what each edition's kit holds, and what is refused."""
    def variants(self) -> Sequence[tuple[str, OptionsT]]:
        """Each edition by name, with its options: what `pnp build` makes."""
        ...

    def names(self, variant: str) -> tuple[str, str] | None:
        """An edition's name, untranslated: short (the index page: "cards rules, A4") and
        long (a sheet or booklet: "cards edition"); None for a variant without one."""
        ...

    def has(self, options: OptionsT, item: Item) -> bool:
        """Whether the edition these options choose has the item (its own pieces)."""
        ...

    def refuse(self, options: OptionsT, item: Item) -> None:
        """Refuse (OptionError) an item, or a kit, these options cannot make, naming the
        edition that has it; before any work."""
        ...


@dataclass(frozen=True, slots=True)
class FiguresOf(Generic[OptionsT]):
    """Figures made by a function of the game's options."""
    report: Callable[[OptionsT, Words], Report]

    def figures(self, options: OptionsT, words: Words) -> Report:
        return self.report(options, words)


@dataclass(frozen=True, slots=True)
class RecordsOf:
    """Records read by a function of a file's bytes; in a folder, the files named with
    `suffix`, which hold `written_as`."""
    read: Callable[[bytes], Study]
    suffix: str
    written_as: str

    def read_record(self, data: bytes) -> Study:
        return self.read(data)
