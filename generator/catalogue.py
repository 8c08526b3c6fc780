"""The whole catalogue: every game's variants, items, papers and formats, written to a folder.

With print-shop papers (generator.paper.for_press) the same items go to OUT/print-shop/, as
PDF only (a print shop takes PDF; SVG has no CMYK), with the booklets as single pages.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from . import render, templating
from .documents import booklet_document, make_document
from .documents import check as check_document
from .games import load as game_named
from .games.game import Game
from .paper import NAMED, Paper, for_press
from .scene import Document

# A kit repeats the other items' pages, so it is offered as one PDF to print in one go.
ITEM_FORMATS = {"kit": ("pdf",)}
SHOP_FOLDER = "print-shop"     # the print shop's files, beside the home catalogue
SHOP_FORMATS = ("pdf",)


def _root(out: Path, paper: Paper) -> Path:
    return out / SHOP_FOLDER if paper.press.shop else out


def _press(paper: Paper) -> dict[str, Any]:
    """The writer's press setting for a paper: none at home, so home files stay as they
    were."""
    return {"press": paper.press} if paper.press.shop else {}


@dataclass(frozen=True)
class Entry:
    game: Game[Any]
    variant: str
    options: Any
    item: str
    paper: Paper
    fmt: str

    def path(self, out: Path) -> Path:
        name = f"{self.variant}-{self.item}-{self.paper.name.lower()}.{self.fmt}"
        return _root(out, self.paper) / self.game.key / name


def entries(game_keys: list[str], papers: list[Paper]) -> Iterator[Entry]:
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items, "kit"):
                for paper in papers:
                    formats = (SHOP_FORMATS if paper.press.shop
                               else ITEM_FORMATS.get(item, render.FORMATS))
                    for fmt in formats:
                        yield Entry(game, variant, options, item, paper, fmt)


def build_entry(entry: Entry, out: Path, cache: dict[tuple[str, str, str, Paper], Document]
                ) -> list[Path]:
    key = (entry.game.key, entry.variant, entry.item, entry.paper)
    if key not in cache:
        cache[key] = make_document(entry.game, entry.item, entry.options, entry.paper)
    target = entry.path(out)
    make_folder(target.parent)
    return render.save(cache[key], target, entry.fmt, entry.item, **_press(entry.paper))


def check(game_keys: list[str], papers: list[Paper], out: Path) -> None:
    """Refuse, before any work, a catalogue that cannot be made: a paper too small for an
    item, an output folder that is a file or cannot be written, a game's folder that is a
    file. One-line UserErrors."""
    for key in game_keys:
        game = game_named(key)
        for _, options in game.variants():
            for item in (*game.items, "kit"):
                for paper in papers:
                    check_document(game, item, options, paper)
    for folder in [out, *(out / key for key in game_keys)]:
        if folder.exists() and not folder.is_dir():
            raise render.OutputError(f"cannot make the folder {folder}: a file has that name")
    existing = next((f for f in [out, *out.parents] if f.exists()), Path("."))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise render.OutputError(f"cannot write in {existing}: permission denied")


@dataclass(frozen=True)
class Booklet:
    """A rules booklet in the catalogue: one game's, or every game's built together."""
    keys: tuple[str, ...]
    paper_key: str      # a key of layout.booklet.FORMATS
    target: str = "home"
    bleed: float | None = None

    @property
    def name(self) -> str:
        return self.keys[0] if len(self.keys) == 1 else "all-games"

    @property
    def label(self) -> str:
        what = (game_named(self.keys[0]).title if len(self.keys) == 1
                else f"All {len(self.keys)} games")
        return f"{what}, {NAMED[self.paper_key].name}"

    def path(self, out: Path) -> Path:
        root = out / SHOP_FOLDER if self.target != "home" else out
        return root / "booklets" / f"{self.name}-booklet-{self.paper_key}.pdf"


def booklets(game_keys: list[str], papers: list[Paper]) -> Iterator[Booklet]:
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
                yield Booklet(keys, paper_key)


def build_booklet(item: Booklet, out: Path) -> list[Path]:
    from .layout.booklet import page_paper
    target = item.path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    document = booklet_document(list(item.keys), [], item.paper_key, target=item.target,
                                bleed=item.bleed)
    return render.save(document, target, "pdf", "booklet", ("pdf",),
                       **_press(page_paper(item.paper_key, item.target, item.bleed)))


@dataclass(frozen=True)
class Card:
    label: str
    pdf: str
    svgs: tuple[str, ...]

    @property
    def thumbnail(self) -> str | None:
        return self.svgs[0] if self.svgs else None


def index_html(out: Path, built: list[tuple[Entry, list[Path]]],
               made: Sequence[tuple[Booklet, list[Path]]] = ()) -> str:
    """The catalogue page: the booklets, then each item of each game, a thumbnail, and links
    to its files; then, when there are any, the print shop's booklets and files."""
    home = [(e, paths) for e, paths in built if not e.paper.press.shop]
    shop = [(e, paths) for e, paths in built if e.paper.press.shop]
    home_made = [(b, paths) for b, paths in made if b.target == "home"]
    shop_made = [(b, paths) for b, paths in made if b.target != "home"]
    shop_groups = []
    if shop or shop_made:
        shop_groups.append({"key": "print-shop-booklets", "title": "",
                            "cards": _booklet_cards(out, shop_made)})
        shop_groups += _game_groups(out, shop)
    return templating.render("index.html.j2", games=_game_groups(out, home),
                             booklets=_booklet_cards(out, home_made), shop=shop_groups)


def _booklet_cards(out: Path, made: Sequence[tuple[Booklet, list[Path]]]) -> list[Card]:
    return [Card(item.label, paths[0].relative_to(out).as_posix(), ()) for item, paths in made]


def _game_groups(out: Path, built: list[tuple[Entry, list[Path]]]) -> list[dict[str, Any]]:
    files: dict[tuple, dict[str, list[str]]] = {}
    for entry, paths in built:
        key = (entry.game.key, entry.variant, entry.item, entry.paper.name)
        files.setdefault(key, {}).setdefault(entry.fmt, []).extend(
            p.relative_to(out).as_posix() for p in paths)
    games = []
    for game_key in dict.fromkeys(k[0] for k in files):
        game = game_named(game_key)
        cards = [Card(f"{variant} {item}, {paper}".replace("standard ", ""),
                      found["pdf"][0], tuple(found.get("svg", ())))
                 for (g, variant, item, paper), found in files.items() if g == game_key]
        games.append({"key": game.key, "title": game.title, "designer": game.designer,
                      "year": game.year, "cards": cards})
    return games


def write_index(out: Path, built: list[tuple[Entry, list[Path]]],
                made: Sequence[tuple[Booklet, list[Path]]] = ()) -> Path:
    target = out / "index.html"
    render.write_atomically([(target, index_html(out, built, made).encode("utf-8"))])
    return target


def build_game(key: str, papers: list[Paper], out: Path) -> list[tuple[Entry, list[Path]]]:
    """Every file of one game; a unit of work for one process."""
    cache: dict[tuple[str, str, str, Paper], Document] = {}
    return [(entry, build_entry(entry, out, cache)) for entry in entries([key], papers)]


EntryName = tuple[str, str, Paper, str]     # variant, item, paper, format


def _build_game_keyed(args: tuple[str, list[Paper], Path]
                      ) -> tuple[str, list[tuple[EntryName, list[Path]]]]:
    key, papers, out = args
    # Entries hold functions, which do not cross processes: send back what names them.
    return key, [((e.variant, e.item, e.paper, e.fmt), paths)
                 for e, paths in build_game(key, papers, out)]


def make_folder(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise render.OutputError(f"cannot make the folder {out}: a file has that name") from None
    except OSError as err:
        raise render.OutputError(f"cannot make the folder {out}: {err.strerror}") from None


def _worker_signals() -> None:
    """A worker leaves interrupts to the parent (Ctrl-C reaches the whole process group),
    and on SIGTERM, which the parent sends to stop it, exits quietly after its cleanup:
    SystemExit unwinds through the writer, which takes its temporary files away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)


def _worker_stop(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def build(game_keys: list[str], papers: list[Paper], out: Path, jobs: int,
          progress: Callable[[str], None] = lambda key: None, shop: bool = False,
          shop_bleed: float | None = None) -> list[tuple[Entry | Booklet, list[Path]]]:
    """The whole catalogue, one game per process when there is more than one core, the
    rules booklets, and the index page; with `shop`, also every item and booklet for a
    print shop in OUT/print-shop/ (bleed `shop_bleed`, by default the paper's). Files do not
    depend on the order they are made in."""
    make_folder(out)
    shop_papers = [for_press(p, "print-shop", shop_bleed) for p in papers] if shop else []
    built = _build_items(game_keys, [*papers, *shop_papers], out, jobs, progress)
    made = list(booklets(game_keys, papers))
    if shop:
        made += [replace(b, target="print-shop", bleed=shop_bleed) for b in made]
    folded = [(item, build_booklet(item, out)) for item in made]
    write_index(out, built, folded)
    return [*built, *folded]


def _build_items(game_keys: list[str], papers: list[Paper], out: Path, jobs: int,
                 progress: Callable[[str], object]) -> list[tuple[Entry, list[Path]]]:
    results: dict[str, list[tuple[Entry, list[Path]]]] = {}
    if jobs > 1 and len(game_keys) > 1:
        context = multiprocessing.get_context("fork")
        # Leaving the block on an error or an interrupt terminates the workers (SIGTERM).
        with context.Pool(min(jobs, len(game_keys)), initializer=_worker_signals) as pool:
            work = [(key, papers, out) for key in game_keys]
            for key, made in pool.imap_unordered(_build_game_keyed, work):
                lookup = {(e.variant, e.item, e.paper, e.fmt): e
                          for e in entries([key], papers)}
                results[key] = [(lookup[name], paths) for name, paths in made]
                progress(key)
    else:
        for key in game_keys:
            results[key] = build_game(key, papers, out)
            progress(key)
    return [pair for key in game_keys for pair in results[key]]
