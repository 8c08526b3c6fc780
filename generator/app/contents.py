"""What the catalogue holds: each file (an Entry: a game's variant, item, paper and format)
and each rules booklet, where it goes in the folder, and what a paper cannot hold.

With print-shop papers (generator.core.paper.for_press) the same items go to a print-shop/ folder
beside them, as PDF only (a print shop takes PDF; SVG has no CMYK), with the booklets as
single pages; with a vendor's papers, each product the vendor sells (its products table,
generator/core/destinations.py) in the format it takes, in a folder named after it. A
product of a fixed size (a vendor's board, its one card size) is made once, not once a
paper. A kit printed back to back is also in the catalogue laid out to fold, and as the
calibration sheet its guide names.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator import i18n
from generator.app.asked import Asked
from generator.app.documents import check as check_document
from generator.app.product_checks import product_paper
from generator.core.destinations import DESTINATIONS, HOME, PRINT_SHOP, Destination
from generator.core.formats import VECTORS, Format
from generator.core.paper import NAMED, Paper, for_press, parse_paper
from generator.core.products import Product
from generator.games import SomeGame
from generator.games import load as game_named
from generator.games.game import OptionError
from generator.games.items import WHOLE_KIT, Item
from generator.games.protocols import GameOptions
from generator.i18n import Words
from generator.layout.booklet import FORMATS as BOOKLET_FORMATS
from generator.layout.duplex import CALIBRATE, DUPLEX, GUTTER_FOLD, Backs

SHOP_FOLDER = PRINT_SHOP.folder    # the print shop's files, beside the home catalogue
# Every destination's folder beside the home catalogue (a print shop's, each vendor's).
FOLDERS = tuple(d.folder for d in DESTINATIONS.values() if d.folder)


def language_folder(out: Path, lang: str) -> Path:
    """Where a language's files go: English at the top, the others in a folder of their own."""
    return out if lang == i18n.SOURCE else out / lang


def paper_name(key: str, *, words: Words) -> str:
    """A paper's name as the index page gives it: A4, and Letter in each language."""
    return words._("Letter") if key == "letter" else NAMED[key].name


def _root(out: Path, paper: Paper, lang: str) -> Path:
    folder = language_folder(out, lang)
    where = paper.press.destination.folder
    return folder / where if where else folder


# How a kit's backs print, as its file's name says it (duplex, the usual, says nothing).
BACKS_NAMES = {GUTTER_FOLD: "gutter-fold", CALIBRATE: "calibration"}


@dataclass(frozen=True)
class Entry:
    game: SomeGame
    variant: str
    options: GameOptions
    item: Item
    paper: Paper
    fmt: Format
    lang: str = i18n.SOURCE
    product: Product | None = None      # what the destination makes of it
    backs: Backs | None = None          # a kit laid out to fold, or its calibration sheet

    @property
    def size(self) -> str:
        """The size its name gives: a deck's one card size, or the paper (a vendor's board
        is printed on a paper of its own trim)."""
        card = self.product.card if self.product is not None else None
        return card.key if card is not None else self.paper.name.lower()

    @property
    def asked(self) -> Asked:
        """What the command line would be asked for this file: the paper as named, the
        destination, and the bleed where the build was given one (its paper's press holds
        it), so that the file is made to the destination's rules as the command's is."""
        press = self.paper.press
        plain = parse_paper(self.paper.name)
        usual = for_press(plain, press.destination).press.bleed
        return Asked(paper=plain, target=press.destination, lang=self.lang, fmt=self.fmt,
                     bleed=None if press.bleed == usual else press.bleed,
                     backs=self.backs.mode if self.backs is not None else DUPLEX,
                     given=frozenset({"backs"} if self.backs is not None else ()))

    def path(self, out: Path) -> Path:
        """Where the file goes; a format written as a folder (a virtual table) is the
        folder VARIANT-ITEM, its main file in it."""
        folder = _root(out, self.paper, self.lang) / self.game.key
        if self.fmt.folder:
            return folder / f"{self.variant}-{self.item.key}"
        backs = f"-{BACKS_NAMES[self.backs.mode]}" if self.backs is not None else ""
        return folder / f"{self.variant}-{self.item.key}{backs}-{self.size}.{self.fmt.extension}"


def entries(game_keys: list[str], papers: list[Paper],
            *, lang: str = i18n.SOURCE) -> Iterator[Entry]:
    """Every file of the games on the papers (each pressed for its destination), in the
    order of the index page."""
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items_for(options), WHOLE_KIT):
                yield from _item_entries(game, variant, options, item, papers, lang)


def _item_entries(game: SomeGame, variant: str, options: GameOptions, item: Item,
                  papers: list[Paper], lang: str) -> Iterator[Entry]:
    """An item's files on each paper its destination prints it on (a product of a fixed
    size once), in each format the destination's catalogue takes; a home kit that prints
    back to back also folded and as its calibration sheet."""
    made: set[tuple[str, Destination]] = set()
    for paper in papers:
        destination = paper.press.destination
        product = destination.product(item.kind)
        if product is None:
            continue
        paper = product_paper(paper, product, given=False, described=destination.described)
        entry = Entry(game, variant, options, item, paper, VECTORS[0], lang, product)
        if (entry.size, destination) in made or refusal(game, item, options=options, paper=paper,
                                                        words=i18n.words(lang)):
            continue
        made.add((entry.size, destination))
        formats = ((product.formats[:1] if product.formats else None)
                   or destination.catalogue or item.built or VECTORS)
        for fmt in formats:
            yield Entry(game, variant, options, item, paper, fmt, lang, product)
        if item == WHOLE_KIT and destination == HOME:
            yield from _backs_entries(entry)


def _backs_entries(kit: Entry) -> Iterator[Entry]:
    """A kit's other layouts of its back-to-back sheets: to fold, where it has cards to
    fold, and the calibration sheet, where anything prints back to back."""
    parts = kit.game.items_for(kit.options)
    two_sided = [part for part in parts if part.back_to_back]
    if not two_sided:
        return
    modes = [CALIBRATE]
    if set(kit.game.pages().folded) & set(two_sided):
        modes.insert(0, GUTTER_FOLD)
    for mode in modes:
        yield Entry(kit.game, kit.variant, kit.options, kit.item, kit.paper, kit.fmt,
                    kit.lang, kit.product, Backs(mode))


def refusal(game: SomeGame, item: Item, *, options: GameOptions, paper: Paper,
            words: Words) -> str | None:
    """Why an item cannot be made on a paper in `words` (the sentence the command line
    would give), or None when it can."""
    try:
        check_document(game, item, options=options, paper=paper, words=words)
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
        """What the index page calls the booklet, in its own language."""
        words = i18n.words(self.lang)
        what = (game_named(self.keys[0]).title if len(self.keys) == 1
                else words._("All %(count)s games", count=len(self.keys)))
        return f"{what}, {paper_name(self.paper_key, words=words)}"

    def path(self, out: Path) -> Path:
        root = language_folder(out, self.lang)
        if self.target.folder:
            root = root / self.target.folder
        return root / "booklets" / f"{self.name}-booklet-{self.paper_key}.pdf"


def booklets(game_keys: list[str], papers: list[Paper],
             *, lang: str = i18n.SOURCE) -> Iterator[Booklet]:
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


