"""The shape every game has: its options, its items, its board data, its judge, its figures.

A game is a `Game` value. Its options are a frozen dataclass whose fields, declared with
`option()`, are the command line's options for that game; its engine (rules.py) is pure and
imported with the game; its pages (pages.py, a `Pages` value) draw with the layout helpers
and are imported only when a page is made: they bring the drawing stack, which commands that
draw nothing never need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Generic, TypeVar

from generator.core.colour_roles import ColourRoles
from generator.core.formats import JSON, BoardData
from generator.errors import UserError
from generator.games.figures import Report
from generator.games.judges import Judge
from generator.games.protocols import OptionsT, Pages
from generator.i18n import _

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Document
    from generator.games.hex.records.model import GameRecord
    from generator.layout.duplex import Backs


T = TypeVar("T")


class OptionError(UserError, ValueError):
    """An option a game cannot take; the message is one line for the user."""


def option(default: T, help: str, *, choices: Sequence[str] = (), metavar: str = "") -> T:
    """A field of a game's options, with what `--help` says of it. `choices`, where given,
    are the only values; `metavar` names the value in the help."""
    return dataclasses.field(default=default, metadata={
        "help": help, "choices": tuple(choices), "metavar": metavar})


# What a game's `unread` and `about` name besides its items: `pnp stats`'s figures, the
# judge, and the board's description as data (its format's name, as --format takes it).
FIGURES, JUDGE, BOARD_DATA = "stats", "judge", JSON.name
RECORD = "record"      # the item made from a game's record (Game.read_record)
@dataclass(frozen=True)
class Game(Generic[OptionsT]):
    """A game: what it is called, its options, what it prints, and its judge and figures."""
    key: str
    title: str
    designer: str
    year: str
    options: type[OptionsT]
    items: tuple[str, ...]                  # what it prints, in kit order
    board_json: Callable[[OptionsT], BoardData]
    # Its judge of the files players keep (games/judges.py); None: the game has none.
    judge: Judge | None = None
    stats: Callable[[OptionsT], Report] | None = None
    # A played game's record from a file's bytes, for the record item (`pnp record`); None:
    # the game prints no records.
    read_record: Callable[[bytes], GameRecord] | None = None
    # What `pnp build` makes, by variant name; one standard board unless the game says.
    editions: Callable[[], Sequence[tuple[str, OptionsT]]] | None = None
    # Refuses (OptionError) an item its options cannot make, before any work.
    refuse: Callable[[OptionsT, str], None] | None = None
    # Other names the command line accepts for the game.
    aliases: tuple[str, ...] = ()
    # What each item (and "judge", "stats") gives for this game, one line each, as
    # `pnp ITEM --help` lists the games; "judge" may go on with paragraphs on the file format.
    about: Mapping[str, str] = field(default_factory=dict, hash=False)
    # The options an item draws nothing from, by item ("stats" for the figures, "json" for
    # the board's data): the command line and the studio do not offer them there.
    unread: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    # Each edition's name, untranslated: short (the index page: "cards rules, A4") and long
    # (a sheet or booklet: "cards edition").
    edition_names: Mapping[str, tuple[str, str]] = field(default_factory=dict, hash=False)

    def edition_name(self, variant: str, long: bool = False) -> str:
        """An edition's name in the active language; a variant without a name is itself."""
        names = self.edition_names.get(variant)
        return _(names[long]) if names else variant
    # Whether a variant has an item (an edition's own pieces); None: every variant has every
    # item. `refuse` names the edition that has it when it is asked for another.
    offers: Callable[[OptionsT, str], bool] | None = None
    # The colour roles it draws with beyond those every page shares (its colours.py).
    roles: ColourRoles = ColourRoles()

    def __post_init__(self) -> None:
        # A misspelt key would quietly offer every option there: refused when the game loads.
        records = (RECORD,) if self.read_record is not None else ()
        for table, named in ((self.unread, (BOARD_DATA, FIGURES)),
                             (self.about, (JUDGE, FIGURES, *records))):
            stray = sorted(set(table) - {*self.items, *named})
            if stray:
                raise ValueError(f"{self.key} names {', '.join(stray)}, which it has not")

    @property
    def package(self) -> str:
        """The game's package: its folder under generator/games."""
        return self.options.__module__.rsplit(".", 1)[0]

    def pages(self) -> Pages[OptionsT]:
        """The game's drawing code: PAGES in the pages module beside its rules, imported
        only now, when a page is to be made."""
        pages = import_module(f"{self.package}.pages").PAGES
        if not isinstance(pages, Pages):
            raise RuntimeError(f"{self.package}.pages defines no Pages as PAGES")
        return pages

    def items_for(self, options: OptionsT) -> tuple[str, ...]:
        """The items these options make, in kit order: what their kit holds, what `pnp build`
        writes and the index page lists for the variant."""
        return tuple(i for i in self.items if self.offers is None or self.offers(options, i))

    def variants(self) -> Sequence[tuple[str, OptionsT]]:
        return self.editions() if self.editions else [("standard", self.options())]

    def make_options(self, **given: object) -> OptionsT:
        """The options from the command line's; None means the option was not given."""
        given = {k: v for k, v in given.items() if v is not None}
        known = {f.name for f in dataclasses.fields(self.options)}
        unknown = sorted(set(given) - known)
        if unknown:
            raise OptionError(f"{self.title} takes no option "
                              f"{', '.join('--' + k for k in unknown)}")
        return self.options(**given)

    def kit(self, options: OptionsT, part: Callable[[str], Document], paper: Paper,
            colours: Palette, backs: Backs | None = None, copies: int = 1) -> Document:
        """The kit: its print guide, then the pages of each item these options make (`part`
        makes one, or finds it made), under the kit's title in the active language
        (generator/games/kit.py)."""
        from generator.games.kit import assemble  # the kit's layout draws: only when asked
        return assemble(self.title, self.items_for(options), self.pages(), options, part, paper,
                        colours, backs, copies)

    def make(self, item: str, options: OptionsT, paper: Paper, palette: Palette,
             copies: int = 1, backs: Backs | None = None) -> Document:
        """One item's pages; `kit` is every item in one document."""
        pages = self.pages()
        makers = pages.items
        if item == "kit":
            return self.kit(options, lambda key: pages.in_kit.get(key, makers[key])(
                options, paper, palette, copies), paper, palette, backs, copies)
        if item not in makers or item not in self.items_for(options):
            raise OptionError(f"{self.key} has no {item} for {options.label}; it has "
                              f"{', '.join(self.items_for(options))}")
        return makers[item](options, paper, palette, copies)

