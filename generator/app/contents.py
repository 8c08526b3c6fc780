"""What the catalogue holds: each file (an Entry: a game's variant, item, paper and format)
and each rules booklet, where it goes in the folder, and what a paper cannot hold.

With print-shop papers (generator.core.paper.for_press) the same items go to a print-shop/ folder
beside them, as PDF only (a print shop takes PDF; SVG has no CMYK), with the booklets as
single pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator import i18n
from generator.app.documents import check as check_document
from generator.core.destinations import HOME, PRINT_SHOP, Destination
from generator.core.formats import VECTORS, Format
from generator.core.paper import NAMED, Paper
from generator.games import SomeGame
from generator.games import load as game_named
from generator.games.game import OptionError
from generator.games.items import ITEMS, KIT
from generator.games.protocols import GameOptions
from generator.i18n import _
from generator.layout.booklet import FORMATS as BOOKLET_FORMATS

SHOP_FOLDER = PRINT_SHOP.folder    # the print shop's files, beside the home catalogue


def language_folder(out: Path, lang: str) -> Path:
    """Where a language's files go: English at the top, the others in a folder of their own."""
    return out if lang == i18n.SOURCE else out / lang


def paper_name(key: str) -> str:
    """A paper's name as the index page gives it: A4, and Letter in each language."""
    return _("Letter") if key == "letter" else NAMED[key].name


def _root(out: Path, paper: Paper, lang: str) -> Path:
    folder = language_folder(out, lang)
    where = paper.press.destination.folder
    return folder / where if where else folder


@dataclass(frozen=True)
class Entry:
    game: SomeGame
    variant: str
    options: GameOptions
    item: str
    paper: Paper
    fmt: Format
    lang: str = i18n.SOURCE

    def path(self, out: Path) -> Path:
        name = f"{self.variant}-{self.item}-{self.paper.name.lower()}.{self.fmt.extension}"
        return _root(out, self.paper, self.lang) / self.game.key / name


def entries(game_keys: list[str], papers: list[Paper],
            lang: str = i18n.SOURCE) -> Iterator[Entry]:
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*(i.key for i in game.items_for(options)), KIT):
                for paper in papers:
                    if refusal(game, item, options, paper):
                        continue
                    formats = (paper.press.destination.formats or ITEMS[item].built
                               or VECTORS)
                    for fmt in formats:
                        yield Entry(game, variant, options, item, paper, fmt, lang)


def refusal(game: SomeGame, item: str, options: GameOptions, paper: Paper) -> str | None:
    """Why an item cannot be made on a paper (the sentence the command line would give), or
    None when it can."""
    try:
        check_document(game, item, options, paper)
    except OptionError as err:
        return str(err)
    return None


@dataclass(frozen=True)
class Booklet:
    """A rules booklet in the catalogue: one game's, or every game's built together."""
    keys: tuple[str, ...]
    paper_key: str      # a key of layout.booklet.FORMATS
    lang: str = i18n.SOURCE
    target: Destination = HOME
    bleed: float | None = None

    @property
    def name(self) -> str:
        return self.keys[0] if len(self.keys) == 1 else "all-games"

    @property
    def label(self) -> str:
        """What the index page calls the booklet, in the active language."""
        what = (game_named(self.keys[0]).title if len(self.keys) == 1
                else _("All %(count)s games", count=len(self.keys)))
        return f"{what}, {paper_name(self.paper_key)}"

    def path(self, out: Path) -> Path:
        root = language_folder(out, self.lang)
        if self.target.folder:
            root = root / self.target.folder
        return root / "booklets" / f"{self.name}-booklet-{self.paper_key}.pdf"


def booklets(game_keys: list[str], papers: list[Paper],
             lang: str = i18n.SOURCE) -> Iterator[Booklet]:
    """A booklet of each game and, with more than one game, of them all, on each paper a
    booklet is made for (A4 and Letter)."""
    groups: list[tuple[str, ...]] = [(key,) for key in game_keys]
    if len(game_keys) > 1:
        groups.append(tuple(game_keys))
    for paper in papers:
        paper_key = paper.name.lower()
        if paper_key in BOOKLET_FORMATS and NAMED[paper_key] == paper:
            for keys in groups:
                yield Booklet(keys, paper_key, lang)


Booklets = tuple[Booklet, ...]      # on one paper, in one language, for one printer


def together(made: Sequence[Booklet]) -> list[Booklets]:
    """The booklets grouped as they share their games' sections: each game's own and every
    game's, on the same paper, in the same language, for the same printer."""
    groups: dict[tuple[str, str, Destination, float | None], list[Booklet]] = {}
    for item in made:
        groups.setdefault((item.paper_key, item.lang, item.target, item.bleed), []).append(item)
    return [tuple(group) for group in groups.values()]


