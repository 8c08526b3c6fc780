"""The whole catalogue: every game's variants, items, papers and formats, written to a folder,
in each language asked for (English at the top of the folder, the others in LANG/)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from . import i18n, render, templating
from .documents import booklet_document, make_document
from .games import load as game_named
from .games.game import Game
from .i18n import _
from .paper import NAMED, Paper

# A kit repeats the other items' pages, so it is offered as one PDF to print in one go.
ITEM_FORMATS = {"kit": ("pdf",)}


@dataclass(frozen=True)
class Entry:
    game: Game[Any]
    variant: str
    options: Any
    item: str
    paper: Paper
    fmt: str
    lang: str = i18n.SOURCE

    def path(self, out: Path) -> Path:
        return (language_folder(out, self.lang) / self.game.key /
                f"{self.variant}-{self.item}-{self.paper.name.lower()}.{self.fmt}")


def language_folder(out: Path, lang: str) -> Path:
    """Where a language's files go: English at the top, the others in a folder of their own."""
    return out if lang == i18n.SOURCE else out / lang


def entries(game_keys: list[str], papers: list[Paper],
            lang: str = i18n.SOURCE) -> Iterator[Entry]:
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items, "kit"):
                for paper in papers:
                    for fmt in ITEM_FORMATS.get(item, render.FORMATS):
                        yield Entry(game, variant, options, item, paper, fmt, lang)


def build_entry(entry: Entry, out: Path, cache: dict) -> list[Path]:
    key = (entry.game.key, entry.variant, entry.item, entry.paper.name, entry.lang)
    if key not in cache:
        with i18n.language(entry.lang):
            cache[key] = make_document(entry.game, entry.item, entry.options, entry.paper)
    target = entry.path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    return render.save(cache[key], target, entry.fmt, entry.item)


@dataclass(frozen=True)
class Booklet:
    """A rules booklet in the catalogue: one game's, or every game's built together."""
    keys: tuple[str, ...]
    paper_key: str      # a key of layout.booklet.FORMATS
    lang: str = i18n.SOURCE

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
        return (language_folder(out, self.lang) / "booklets" /
                f"{self.name}-booklet-{self.paper_key}.pdf")


def paper_name(key: str) -> str:
    """A paper's name as the index page gives it: A4, and Letter in each language."""
    return _("Letter") if key == "letter" else NAMED[key].name


def booklets(game_keys: list[str], papers: list[Paper],
             lang: str = i18n.SOURCE) -> Iterator[Booklet]:
    """A booklet of each game and, with more than one game, of them all, on each paper a
    booklet is made for (A4 and Letter)."""
    from .layout.booklet import FORMATS
    groups: list[tuple[str, ...]] = [(key,) for key in game_keys]
    if len(game_keys) > 1:
        groups.append(tuple(game_keys))
    for paper in papers:
        paper_key = paper.name.lower()
        if paper_key in FORMATS and NAMED[paper_key] == paper:
            for keys in groups:
                yield Booklet(keys, paper_key, lang)


def build_booklet(item: Booklet, out: Path) -> list[Path]:
    target = item.path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    with i18n.language(item.lang):
        document = booklet_document(list(item.keys), [], item.paper_key)
    return render.save(document, target, "pdf", "booklet", ("pdf",))


@dataclass(frozen=True)
class Card:
    label: str
    pdf: str
    svgs: tuple[str, ...]

    @property
    def thumbnail(self) -> str | None:
        return self.svgs[0] if self.svgs else None


# What the index page calls an item and a variant, in each language.
ITEM_LABELS = {"rules": i18n.N_("rules"), "board": i18n.N_("board"), "pad": i18n.N_("pad"),
               "counters": i18n.N_("counters"), "tiles": i18n.N_("tiles"),
               "puzzle": i18n.N_("puzzle"), "kit": i18n.N_("kit")}
VARIANT_LABELS = {"cards": i18n.N_("cards"), "pennies": i18n.N_("pennies")}


def card_label(variant: str, item: str, paper: str) -> str:
    """"cards rules, A4", "board, Letter": the variant (unless the only one), item, paper."""
    what = _(ITEM_LABELS[item]) if item in ITEM_LABELS else item
    if variant != "standard":
        kind = _(VARIANT_LABELS[variant]) if variant in VARIANT_LABELS else variant
        what = _("%(variant)s %(item)s", variant=kind, item=what)
    return _("%(item)s, %(paper)s", item=what,
             paper=paper_name(paper.lower()) if paper.lower() in NAMED else paper)


def index_html(out: Path, built: list[tuple[Entry, list[Path]]],
               made: Sequence[tuple[Booklet, list[Path]]] = (), lang: str = i18n.SOURCE,
               languages: Sequence[tuple[str, str]] = ()) -> str:
    """The catalogue page of one language, at `out`: the booklets, then each item of each
    game, a thumbnail, and links to its files; `languages` are the other languages' pages,
    as (code, link), when the catalogue has more than one."""
    with i18n.language(lang):
        booklet_cards = [Card(item.label, relative(paths[0], out), ())
                         for item, paths in made if item.lang == lang]
        files: dict[tuple, dict[str, list[str]]] = {}
        for entry, paths in built:
            if entry.lang != lang:
                continue
            key = (entry.game.key, entry.variant, entry.item, entry.paper.name)
            files.setdefault(key, {}).setdefault(entry.fmt, []).extend(
                relative(p, out) for p in paths)
        games = []
        for game_key in dict.fromkeys(k[0] for k in files):
            game = game_named(game_key)
            cards = [Card(card_label(variant, item, paper),
                          found["pdf"][0], tuple(found.get("svg", ())))
                     for (g, variant, item, paper), found in files.items() if g == game_key]
            games.append({"key": game.key, "title": game.title, "designer": game.designer,
                          "year": game.year, "cards": cards})
        links = [{"code": code, "name": i18n.NAMES[code], "href": href}
                 for code, href in languages]
        return templating.render("index.html.j2", games=games, booklets=booklet_cards,
                                 lang=lang, languages=links)


def relative(path: Path, start: Path) -> str:
    """A link from a page in `start` to a file below or beside it."""
    return Path(os.path.relpath(path, start)).as_posix()


def write_index(out: Path, built: list[tuple[Entry, list[Path]]],
                made: Sequence[tuple[Booklet, list[Path]]] = (),
                langs: Sequence[str] = (i18n.SOURCE,)) -> Path:
    """Each language's page, the first language's at out/index.html (English, when built)
    and the others' in their folders, each listing the others when there are several."""
    pages = {lang: out / "index.html" if k == 0 else language_folder(out, lang) / "index.html"
             for k, lang in enumerate(langs)}
    writes = []
    for lang, page in pages.items():
        others = [(code, relative(target, page.parent)) for code, target in pages.items()
                  if len(pages) > 1]
        writes.append((page, index_html(page.parent, built, made, lang, others).encode("utf-8")))
    for page, _html in writes:
        page.parent.mkdir(parents=True, exist_ok=True)
    render.write_atomically(writes)
    return pages[langs[0]]


def build_game(key: str, papers: list[Paper], out: Path,
               lang: str = i18n.SOURCE) -> list[tuple[Entry, list[Path]]]:
    """Every file of one game in one language; a unit of work for one process."""
    cache: dict = {}
    return [(entry, build_entry(entry, out, cache)) for entry in entries([key], papers, lang)]


def _build_game_keyed(args) -> tuple[tuple[str, str], list[tuple[tuple, list[Path]]]]:
    key, papers, out, lang = args
    # Entries hold functions, which do not cross processes: send back what names them.
    return (key, lang), [((e.variant, e.item, e.paper, e.fmt), paths)
                         for e, paths in build_game(key, papers, out, lang)]


def make_folder(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise render.OutputError(f"cannot make the folder {out}: {err.strerror}") from None


def build(game_keys: list[str], papers: list[Paper], out: Path, jobs: int,
          progress=lambda key: None, langs: Sequence[str] = (i18n.SOURCE,)
          ) -> list[tuple[Entry | Booklet, list[Path]]]:
    """The whole catalogue in each language, one game and language per process when there
    is more than one core, the rules booklets, and the index pages. Files do not depend on
    the order they are made in."""
    make_folder(out)
    units = [(key, lang) for lang in langs for key in game_keys]
    results: dict[tuple[str, str], list[tuple[Entry, list[Path]]]] = {}
    if jobs > 1 and len(units) > 1:
        context = multiprocessing.get_context("fork")
        with context.Pool(min(jobs, len(units))) as pool:
            work = [(key, papers, out, lang) for key, lang in units]
            for unit, made in pool.imap_unordered(_build_game_keyed, work):
                lookup = {(e.variant, e.item, e.paper, e.fmt): e
                          for e in entries([unit[0]], papers, unit[1])}
                results[unit] = [(lookup[name], paths) for name, paths in made]
                progress(unit[0])
    else:
        for key, lang in units:
            results[key, lang] = build_game(key, papers, out, lang)
            progress(key)
    built = [pair for unit in units for pair in results[unit]]
    folded = [(item, build_booklet(item, out)) for lang in langs
              for item in booklets(game_keys, papers, lang)]
    write_index(out, built, folded, langs)
    return [*built, *folded]
