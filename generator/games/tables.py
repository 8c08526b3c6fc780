"""What a game puts on a virtual table (generator/core/virtual_table.py): TABLE in the table
module beside its pages, a `Tables` value, imported only when a table is made, as its pages
are (it draws its board and pieces with them)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, Protocol

from generator.games.protocols import OptionsIn, OptionsT

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.virtual_table import VirtualTable
    from generator.games.game import Game
    from generator.i18n import Words


class TableMaker(Protocol[OptionsIn]):
    """What a game's kit puts on the table for these options and palette, in the words
    given."""
    def __call__(self, opts: OptionsIn, colours: Palette, *, words: Words) -> VirtualTable: ...


@dataclass(frozen=True, slots=True)
class Tables(Generic[OptionsT]):
    """A game's table: `make(options, palette, words=words)` is what its kit puts on it, in
    the language of `words`."""
    make: TableMaker[OptionsT]


def tables_of(game: Game[Any]) -> Tables[Any]:
    """The game's table maker: TABLE in the table module beside its rules."""
    tables = import_module(f"{game.package}.table").TABLE
    if not isinstance(tables, Tables):
        raise RuntimeError(f"{game.package}.table defines no Tables as TABLE")
    return tables
