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
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from generator.core.colour_roles import ColourRoles
from generator.core.formats import JSON, BoardData, JsonValue
from generator.core.paper import NAMED
from generator.errors import UserError
from generator.games.figures import Report
from generator.i18n import _

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Document, Shape
    from generator.games.hex.records.model import GameRecord
    from generator.layout.duplex import Backs


class OptionError(UserError, ValueError):
    """An option a game cannot take; the message is one line for the user."""


def option(default: Any, help: str, *, choices: Sequence[str] = (), metavar: str = "") -> Any:
    """A field of a game's options, with what `--help` says of it. `choices`, where given,
    are the only values; `metavar` names the value in the help."""
    return dataclasses.field(default=default, metadata={
        "help": help, "choices": tuple(choices), "metavar": metavar})


class GameOptions(Protocol):
    """What every game's options offer: a one-line label for page headers. They are a
    dataclass, whose fields are the game's options."""
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    @property
    def label(self) -> str: ...


OptionsT = TypeVar("OptionsT", bound=GameOptions)
# What a game's `unread` and `about` name besides its items: `pnp stats`'s figures, the
# judge, and the board's description as data (its format's name, as --format takes it).
FIGURES, JUDGE, BOARD_DATA = "stats", "judge", JSON.name
RECORD = "record"      # the item made from a game's record (Game.read_record)
# (options, paper, palette, copies) -> the item's pages
ItemMaker = Callable[[OptionsT, "Paper", "Palette", int], "Document"]
# (options, paper, colours, top) -> small parts' shapes below the print guide, and the y below
GuideMaker = Callable[[OptionsT, "Paper", "Palette", float], tuple[list["Shape"], float]]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a judge prints, and whether the file it read recorded only legal moves."""
    lines: tuple[str, ...]
    clean: bool


@dataclass(frozen=True, slots=True)
class Judged:
    """What a judge of a file's bytes gives: the lines it prints, whether every move was
    legal, and the facts `pnp judge --format json` prints as one JSON object."""
    lines: tuple[str, ...]
    clean: bool
    facts: dict[str, JsonValue]


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
    items: Mapping[str, ItemMaker[OptionsT]]
    board_cell: Callable[[OptionsT, Paper], float]
    # How an item is made inside the kit, where that differs: a print shop's cards come
    # one card a page, but in the kit they stay on sheets of the kit's paper, so the kit's
    # pages keep one size.
    in_kit: Mapping[str, ItemMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    # How an item is made in a kit for a printer without double-sided printing, where it
    # differs: the cards' fronts and backs side by side, to fold (generator/games/kit.py).
    folded: Mapping[str, ItemMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    # Small parts drawn below the kit's print guide instead of on a page of their own:
    # (options, paper, colours, top) -> their shapes and the y below them.
    below_guide: Mapping[str, GuideMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    smallest_cell: float = SMALLEST_CELL
    readable_cell: float = READABLE_CELL
    smallest_for: str = "a stone and a pencilled letter need"


def check_cells(title: str, pages: Pages[OptionsT], options: OptionsT, paper: Paper) -> None:
    """Refuse, with an OptionError of one line, a board whose cells would come out under
    the game's smallest, naming the smallest paper that gives enough and the smallest that
    gives the size the board is meant to have."""
    cell = pages.board_cell(options, paper)
    if cell >= pages.smallest_cell - 1e-9:
        return
    by_size = sorted(NAMED.items(), key=lambda named: named[1].width * named[1].height)
    cells = {key: pages.board_cell(options, p) for key, p in by_size}
    enough = next((k for k in cells if cells[k] >= pages.smallest_cell), None)
    readable = next((k for k in cells if cells[k] >= pages.readable_cell), None)
    named = [k for k in dict.fromkeys((enough, readable)) if k is not None]
    advice = (", ".join(f"--paper {k} gives {cells[k]:.1f} mm" for k in named) if named else
              "no paper up to Tabloid is large enough; --cell with --tile prints it over "
              "several sheets")
    raise OptionError(f"{title} board: its cells would be {cell:.1f} mm across on "
                      f"{paper.name}, under the {pages.smallest_cell:g} mm "
                      f"{pages.smallest_for}; {advice} (or choose a smaller --size)")


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
    judge: Callable[[str], Verdict] | None = None
    stats: Callable[[OptionsT], Report] | None = None
    # The judge of a file's bytes, records as well as the game's own files, with facts for
    # --format json; None: the judge above reads the file as text.
    judge_file: Callable[[bytes], Judged] | None = None
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
        return assemble(self, options, part, paper, colours, backs, copies)

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

