"""The catalogue's index page, one a language: the booklets, then each item of each game
with a thumbnail and links to its files (PDF, SVG, the rule sheets' web editions; a kit
also laid out to fold, and its calibration sheet), and the files for a print shop or a
vendor where there are any, each product under its vendor's name for it."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator import i18n, render, templating
from generator.app.contents import Booklet, Entry, language_folder, paper_name
from generator.app.shelf import ShelfBook
from generator.core.destinations import HOME, PRINT_SHOP, Destination
from generator.core.formats import PDF, SVG, Format
from generator.core.paper import NAMED
from generator.games import SomeGame
from generator.games import load as game_named
from generator.games.items import BOARD, RULES, Item
from generator.i18n import Words
from generator.layout.duplex import CALIBRATE, GUTTER_FOLD, Backs

WHOLE_ZIP = "pnp-catalogue.zip"     # every file of the build, the index pages included

# A thumbnail's key: a game, its variant, an item and a paper's name.
Shown = tuple[str, str, Item, str]
# A card's key: a game, its variant, an item, a paper's name and how a kit's backs print.
Shelved = tuple[str, str, Item, str, str]


@dataclass(frozen=True)
class Card:
    label: str
    links: tuple[tuple[str, str], ...]      # each file: its link's text and address
    thumbnail: str = ""     # an SVG page that shows what the file holds

    @property
    def pdf(self) -> str:
        """The card's first file, which its thumbnail opens."""
        return self.links[0][1]


@dataclass(frozen=True, slots=True)
class Group:
    """A section of the page: a game's cards, or the print shop's booklets (no designer)."""
    key: str
    title: str
    cards: list[Card]
    designer: str = ""
    year: str = ""


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """The files for a print shop or a vendor: its name, what its files are, its groups."""
    key: str
    heading: str
    note: str
    groups: list[Group]


def card_label(game: SomeGame, variant: str, *, item: Item, paper: str, words: Words,
               backs: str = "") -> str:
    """"cards rules, A4", "board, Letter": the variant (unless the only one), item (a kit
    to fold, a calibration sheet), paper."""
    what = {GUTTER_FOLD: words._("kit to fold"), CALIBRATE: words._("calibration sheet")}.get(
        backs, words._(item.label))
    if variant != "standard":
        kind = game.edition_name(variant, words=words)
        what = words._("%(variant)s %(item)s", variant=kind, item=what)
    return words._("%(item)s, %(paper)s", item=what,
                   paper=paper_name(paper.lower(), words=words) if paper.lower() in NAMED
                   else paper)


def _links(found: dict[Format, list[str]]) -> tuple[tuple[str, str], ...]:
    """A card's links: each format's files, named by the format, numbered where several."""
    links = []
    for fmt, paths in found.items():
        shown = "saved object" if fmt.folder else fmt.name.upper()
        links += [(f"{shown} {k}" if len(paths) > 1 and fmt != PDF else shown, path)
                  for k, path in enumerate(paths, 1)]
    return tuple(links)


def index_html(out: Path, built: list[tuple[Entry, list[Path]]],
               *, made: Sequence[tuple[Booklet, list[Path]]] = (), lang: str = i18n.SOURCE,
               languages: Sequence[tuple[str, str]] = (),
               recorded: Sequence[tuple[ShelfBook, list[Path]]] = (),
               whole: str = "") -> str:
    """The catalogue page of one language, at `out`: the booklets (the rules', and the
    game records' that `recorded` holds), then each item of each game, a thumbnail, and
    links to its files; then, when there are any, the print shop's booklets and files.
    `languages` are the other languages' pages, as (code, link), when the catalogue has
    more than one; `whole` links to the zip of the whole catalogue."""
    words = i18n.words(lang)
    ours = [(e, paths) for e, paths in built if e.lang == lang]
    ours_made = [(b, paths) for b, paths in made if b.lang == lang]
    home = [(e, paths) for e, paths in ours if e.paper.press.destination == HOME]
    home_made = [(b, paths) for b, paths in ours_made if b.target == HOME]
    shown = _thumbnails(out, home)
    home_records = [(r, paths) for r, paths in recorded if not r.target.shop]
    places = dict.fromkeys([*(e.paper.press.destination for e, _p in ours),
                            *(b.target for b, _p in ours_made)])
    elsewhere = [_elsewhere(out, place, ours, ours_made, recorded, words, shown)
                 for place in places if place != HOME]
    links = [{"code": code, "name": i18n.NAMES[code], "href": href}
             for code, href in languages]
    return templating.render("templates/index.html.j2", language=words,
                             games=_game_groups(out, home, shown, words=words),
                             booklets=[*_booklet_cards(out, home_made, shown),
                                       *_record_cards(out, home_records, lang, shown)],
                             elsewhere=elsewhere, lang=lang, languages=links,
                             whole=whole)


def _elsewhere(out: Path, place: Destination, built: list[tuple[Entry, list[Path]]],
               made: Sequence[tuple[Booklet, list[Path]]],
               recorded: Sequence[tuple[ShelfBook, list[Path]]], words: Words,
               shown: dict[Shown, str]) -> Elsewhere:
    """The section of a print shop's or a vendor's files: its booklets, then each game's."""
    theirs = [(e, paths) for e, paths in built if e.paper.press.destination == place]
    booklets = [(b, paths) for b, paths in made if b.target == place]
    records = [(r, paths) for r, paths in recorded if r.target == place]
    groups = [Group(f"{place.key}-booklets", "",
                    [*_booklet_cards(out, booklets, shown),
                     *_record_cards(out, records, words.code, shown)]),
              *_game_groups(out, theirs, shown, words=words)]
    if place == PRINT_SHOP:
        return Elsewhere(place.key, "For a print shop", "PDF pages with bleed, TrimBox and "
                         "BleedBox, in CMYK; booklets as single pages in reading order", groups)
    sold = ", ".join(f"{product.name} ({kind})" for kind, product in place.products.items())
    if not place.shop:      # a virtual table
        return Elsewhere(place.key, f"For {place.described}", f"Each kit as a {sold}: "
                         f"its folder goes in Saves/Saved Objects", groups)
    return Elsewhere(place.key, f"For {place.described}", f"What it sells: {sold}", groups)


def _thumbnails(out: Path, home: list[tuple[Entry, list[Path]]]) -> dict[Shown, str]:
    """The first SVG page of each game's variant, item and paper, as the home files have it."""
    found: dict[Shown, str] = {}
    for entry, paths in home:
        if entry.fmt == SVG and paths and entry.backs is None:
            found.setdefault((entry.game.key, entry.variant, entry.item, entry.paper.name),
                             relative(paths[0], out))
    return found


def _thumbnail(shown: dict[Shown, str], game: SomeGame, variant: str, item: Item,
               paper: str) -> str:
    """A file's thumbnail: its own first SVG page, or the home file's (a print shop's PDF);
    a kit, which is a PDF only and opens with its print guide, shows its board, or the
    first of its items drawn in SVG. A vendor's product of its own size shows the home
    file's on the first paper."""
    for what in (item, BOARD, *game.items):
        for sheet in (paper, *(p.name for p in NAMED.values())):
            if (game.key, variant, what, sheet) in shown:
                return shown[game.key, variant, what, sheet]
    return ""


def _booklet_cards(out: Path, made: Sequence[tuple[Booklet, list[Path]]],
                   shown: dict[Shown, str]) -> list[Card]:
    """Each booklet, shown by its first game's rule sheet on the booklet's paper."""
    cards = []
    for item, paths in made:
        game = game_named(item.keys[0])
        cards.append(Card(item.label, (("PDF", relative(paths[0], out)),),
                          _thumbnail(shown, game, game.variants()[0][0], RULES,
                                     NAMED[item.paper_key].name)))
    return cards


def _record_cards(out: Path, recorded: Sequence[tuple[ShelfBook, list[Path]]], lang: str,
                  shown: dict[Shown, str]) -> list[Card]:
    """Each booklet of game records in this language, shown by its game's rule sheet."""
    return [Card(request.label(),
                 (("PDF", relative(paths[0], out)),),
                 _thumbnail(shown, request.game, request.game.variants()[0][0], RULES,
                            NAMED[request.paper].name))
            for request, paths in recorded if request.lang == lang]


def _backs_name(backs: Backs | None) -> str:
    return backs.mode if backs is not None else ""


def _game_groups(out: Path, built: list[tuple[Entry, list[Path]]],
                 shown: dict[Shown, str], *, words: Words) -> list[Group]:
    files: dict[Shelved, dict[Format, list[str]]] = {}
    for entry, paths in built:
        product = entry.product
        fixed = product is not None and product.own_size
        key = (entry.game.key, entry.variant, entry.item,
               product.name if fixed and product is not None else entry.paper.name,
               _backs_name(entry.backs))
        files.setdefault(key, {}).setdefault(entry.fmt, []).extend(
            relative(p, out) for p in paths)
    games = []
    for game_key in dict.fromkeys(k[0] for k in files):
        game = game_named(game_key)
        cards = [Card(card_label(game, variant, item=item, paper=paper, words=words,
                                 backs=backs), _links(found),
                      _thumbnail(shown, game, variant, item, paper))
                 for (g, variant, item, paper, backs), found in files.items()
                 if g == game_key]
        games.append(Group(game.key, game.title, cards, game.designer, game.year))
    return games


def relative(path: Path, start: Path) -> str:
    """A link from a page in `start` to a file below or beside it."""
    return Path(os.path.relpath(path, start)).as_posix()


def write_index(out: Path, built: list[tuple[Entry, list[Path]]],
                *, made: Sequence[tuple[Booklet, list[Path]]] = (),
                langs: Sequence[str] = (i18n.SOURCE,),
                recorded: Sequence[tuple[ShelfBook, list[Path]]] = ()) -> list[Path]:
    """Each language's page, the first language's at out/index.html (English, when built)
    and the others' in their folders, each listing the others when there are several, and
    linking to the zip of the whole catalogue (WHOLE_ZIP, which the build writes last)."""
    pages = {lang: out / "index.html" if k == 0 else language_folder(out, lang) / "index.html"
             for k, lang in enumerate(langs)}
    writes = []
    for lang, page in pages.items():
        others = [(code, relative(target, page.parent)) for code, target in pages.items()
                  if len(pages) > 1]
        writes.append((page, index_html(page.parent, built, made=made, lang=lang, languages=others,
                                        recorded=recorded,
                                        whole=relative(out / WHOLE_ZIP, page.parent)
                                        ).encode("utf-8")))
    for page, _html in writes:
        page.parent.mkdir(parents=True, exist_ok=True)
    render.write_atomically(writes)
    return list(pages.values())
