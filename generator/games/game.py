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
from enum import Enum
from importlib import import_module
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar

from generator.core.colour_roles import ColourRoles
from generator.core.formats import JSON
from generator.errors import UserError
from generator.games.items import RECORD, WHOLE_KIT, Item
from generator.games.protocols import OptionsT, Pages

# Named only in annotations: each game imports what it has (a judge, a solver, puzzles), and
# the judge of one game has no use for another's solver.
if TYPE_CHECKING:
    from generator.core.formats import BoardData
    from generator.core.scene import Document
    from generator.games.capabilities import Editions, Figures, RecordReader
    from generator.games.judges import Judge
    from generator.games.puzzle_book import PuzzlesOf
    from generator.games.solvers import Solver
    from generator.i18n import Words
    from generator.layout.printing import Printing


T = TypeVar("T")


class OptionError(UserError, ValueError):
    """An option a game cannot take; the message is one line for the user."""


def option(default: T, help: str, *, choices: Sequence[str] = (), metavar: str = "") -> T:
    """A field of a game's options, with what `--help` says of it. `choices`, where given,
    are the only values; `metavar` names the value in the help."""
    return dataclasses.field(default=default, metadata={
        "help": help, "choices": tuple(choices), "metavar": metavar})


class Subject(Enum):
    """What a game's `about` and `unread` name besides its items; the value is the word the
    command line takes for it."""
    FIGURES = "stats"       # `pnp stats`'s figures of a board (Game.figures)
    JUDGE = "judge"         # `pnp judge` (Game.judge)
    SOLVE = "solve"         # `pnp solve` (Game.solver)
    PUZZLES = "puzzles"     # `pnp puzzles` (Game.puzzles)
    BOARD_DATA = JSON.name  # the board's description as data (--format json)

    def __str__(self) -> str:
        return self.value


# A key of a game's `about` and `unread`: one of its items, or another subject.
Topic: TypeAlias = Item | Subject


@dataclass(frozen=True)
class Game(Generic[OptionsT]):
    """A game: what it is called, its options, what it prints, and its judge and figures."""
    key: str
    title: str
    designer: str
    year: str
    options: type[OptionsT]
    items: tuple[Item, ...]                 # what it prints, in kit order
    board_json: Callable[[OptionsT], BoardData]
    # Its judge of the files players keep (games/judges.py); None: the game has none.
    judge: Judge | None = None
    # Its board's figures, for `pnp stats` (games/capabilities.py); None: it has none.
    figures: Figures[OptionsT] | None = None
    # Its solver of positions, for `pnp solve` (games/solvers.py); None: it has none.
    solver: Solver | None = None
    # Its puzzle books, for `pnp puzzles` (games/puzzle_book.py); None: it makes none.
    puzzles: PuzzlesOf | None = None
    # Its reader of played games' records, for the record item (`pnp record`); None: the
    # game prints no records.
    records: RecordReader | None = None
    # Its editions, each with its own pieces; None: one standard edition with every item.
    editions: Editions[OptionsT] | None = None
    # Other names the command line accepts for the game.
    aliases: tuple[str, ...] = ()
    # What each item (and the judge, the figures) gives for this game, one line each, as
    # `pnp ITEM --help` lists the games; the judge's may go on with paragraphs on the file
    # format.
    about: Mapping[Topic, str] = field(default_factory=dict, hash=False)
    # The options an item draws nothing from, by item (Subject.FIGURES for the figures,
    # Subject.BOARD_DATA for the board's data): the command line and the studio do not
    # offer them there.
    unread: Mapping[Topic, tuple[str, ...]] = field(default_factory=dict, hash=False)
    # The colour roles it draws with beyond those every page shares (its colours.py).
    roles: ColourRoles = ColourRoles()

    def __post_init__(self) -> None:
        # A key for what the game has not would quietly offer every option there, or
        # describe nothing: refused when the game loads. Besides its items, a game has its
        # board's data, and the figures, judge and records it declares.
        declared = ((Subject.FIGURES, self.figures), (Subject.JUDGE, self.judge),
                    (Subject.SOLVE, self.solver), (Subject.PUZZLES, self.puzzles),
                    (RECORD, self.records))
        has = {*self.items, Subject.BOARD_DATA, *(s for s, had in declared if had is not None)}
        for table, named in ((self.unread, {Subject.BOARD_DATA, Subject.FIGURES}),
                             (self.about, {Subject.JUDGE, Subject.SOLVE, Subject.FIGURES,
                                           Subject.PUZZLES, RECORD})):
            stray = sorted(str(key) for key in set(table) - (has & ({*self.items} | named)))
            if stray:
                raise ValueError(f"{self.key} names {', '.join(stray)}, which it has not")
        # An option named in `unread` that is not a field of the options would load quietly
        # and offer, on the command line and in the studio, an option that changes nothing.
        fields = {f.name for f in dataclasses.fields(self.options)}
        for topic, names in self.unread.items():
            strays = sorted(set(names) - fields)
            if strays:
                raise ValueError(f"{self.key}'s unread options for {topic} name "
                                 f"{', '.join(strays)}, which {self.options.__name__} has not")

    def has(self, item: Item) -> bool:
        """Whether the game prints the item (its kit always)."""
        return item == WHOLE_KIT or item in self.items

    def item_named(self, key: str) -> Item | None:
        """The game's item (or its kit) a word names, as the command line takes it."""
        return next((i for i in (*self.items, WHOLE_KIT) if i.key == key), None)

    def edition_name(self, variant: str, *, words: Words, long: bool = False) -> str:
        """An edition's name in `words`; a variant without a name is itself."""
        names = self.editions.names(variant) if self.editions else None
        return words._(names[long]) if names else variant

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

    def items_for(self, options: OptionsT) -> tuple[Item, ...]:
        """The items these options make, in kit order: what their kit holds, what `pnp build`
        writes and the index page lists for the variant."""
        editions = self.editions
        return tuple(i for i in self.items if editions is None or editions.has(options, i))

    def variants(self) -> Sequence[tuple[str, OptionsT]]:
        """What `pnp build` makes, by variant name: each edition, or one standard board."""
        return self.editions.variants() if self.editions else [("standard", self.options())]

    def refuse(self, options: OptionsT, item: Item) -> None:
        """Refuse (OptionError) an item, or the kit, its options cannot make, before any
        work: an item of another edition, say."""
        if self.editions is not None:
            self.editions.refuse(options, item)

    def make_options(self, **given: object) -> OptionsT:
        """The options from the command line's; None means the option was not given."""
        given = {k: v for k, v in given.items() if v is not None}
        known = {f.name for f in dataclasses.fields(self.options)}
        unknown = sorted(set(given) - known)
        if unknown:
            raise OptionError(f"{self.title} takes no option "
                              f"{', '.join('--' + k for k in unknown)}")
        return self.options(**given)

    def kit(self, options: OptionsT, part: Callable[[Item], Document],
            *, printing: Printing) -> Document:
        """The kit: its print guide, then the pages of each item these options make (`part`
        makes one, or finds it made), under the kit's title in the printing's words
        (generator/games/kit.py)."""
        from generator.games.kit import assemble  # the kit's layout draws: only when asked
        return assemble(self.title, self.items_for(options), drawn=self.pages(), options=options,
                        part=part, printing=printing)

    def make(self, item: Item, options: OptionsT, *, printing: Printing) -> Document:
        """One item's pages (a kit is put together from them: `kit`)."""
        makers = self.pages().items
        offered = self.items_for(options)
        if item not in makers or item not in offered:
            raise OptionError(f"{self.key} has no {item} for {options.label}; it has "
                              f"{', '.join(i.key for i in offered)}")
        return makers[item](options, printing)

