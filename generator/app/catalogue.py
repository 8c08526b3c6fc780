"""The whole catalogue: every game's variants, items, papers and formats, written to a folder,
in each language asked for (English at the top of the folder, the others in LANG/).

With print-shop papers (generator.core.paper.for_press) the same items go to a print-shop/ folder
beside them, as PDF only (a print shop takes PDF; SVG has no CMYK), with the booklets as
single pages.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

from generator import i18n, render, templating
from generator.app import requests
from generator.app.documents import PartKey
from generator.app.documents import check as check_document
from generator.app.index_page import language_folder, paper_name, write_index
from generator.app.requests import ItemRequest
from generator.core.palette import PALETTES
from generator.core.paper import NAMED, Paper, for_press
from generator.core.scene import Document
from generator.games import load as game_named
from generator.games.game import Game, OptionError
from generator.games.items import ITEMS, KIT
from generator.i18n import _
from generator.layout import booklet

SHOP_FOLDER = "print-shop"     # the print shop's files, beside the home catalogue
SHOP_FORMATS = ("pdf",)


def _root(out: Path, paper: Paper, lang: str) -> Path:
    folder = language_folder(out, lang)
    return folder / SHOP_FOLDER if paper.press.shop else folder


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
    lang: str = i18n.SOURCE

    def path(self, out: Path) -> Path:
        name = f"{self.variant}-{self.item}-{self.paper.name.lower()}.{self.fmt}"
        return _root(out, self.paper, self.lang) / self.game.key / name


def entries(game_keys: list[str], papers: list[Paper],
            lang: str = i18n.SOURCE) -> Iterator[Entry]:
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items_for(options), "kit"):
                for paper in papers:
                    if refusal(game, item, options, paper):
                        continue
                    formats = (SHOP_FORMATS if paper.press.shop
                               else ITEMS[item].built or render.FORMATS)
                    for fmt in formats:
                        yield Entry(game, variant, options, item, paper, fmt, lang)


DocumentKey = tuple[str, str, str, Paper, str]     # game, variant, item, paper, language


def build_entry(entry: Entry, out: Path, cache: dict[DocumentKey, Document]) -> list[Path]:
    """One file of the catalogue, made as the command line's request for it is made; the
    document is shared by the formats it is written in."""
    request = ItemRequest(entry.game, entry.item, entry.options, entry.paper,
                          lang=entry.lang, fmt=entry.fmt)
    key = (entry.game.key, entry.variant, entry.item, entry.paper, entry.lang)
    if key not in cache:
        cache[key] = _kit_from(entry, cache) or requests.make(request)
    target = entry.path(out)
    make_folder(target.parent)
    return render.save(cache[key], target, entry.fmt, entry.item, ITEMS[entry.item].formats,
                       **request.settings)


def _kit_from(entry: Entry, cache: dict[DocumentKey, Document]) -> Document | None:
    """A kit put together from the items the build has made already (the entries list a
    game's items before its kit), so no rule sheet or board is set twice; None for anything
    else."""
    if entry.item != KIT:
        return None
    game, items = entry.game, entry.game.items_for(entry.options)
    if entry.paper.press.shop and any(item in game.pages().in_kit for item in items):
        return None     # a print shop's piece made otherwise inside the kit (its cards)
    keys = {item: (game.key, entry.variant, item, entry.paper, entry.lang) for item in items}
    if not all(k in cache for k in keys.values()):
        return None
    with i18n.language(entry.lang):
        return game.kit(entry.options, lambda item: cache[keys[item]], entry.paper,
                        PALETTES["colour"])


def warm_up(game_keys: list[str]) -> None:
    """What every item shares, set up once in the process that forks the workers, which
    inherit it: the games' pages, the fonts, the template environment, the writers with
    their libraries (svgwrite alone takes 85 ms to import), and pikepdf, which tags every
    PDF (a native module that must not be half imported when a signal stops a worker)."""
    import pikepdf  # noqa: F401

    import generator.render.html
    import generator.render.pdf
    import generator.render.svg  # noqa: F401
    from generator import fonts
    for key in game_keys:
        game_named(key).pages()
    for role in fonts.FILES:
        fonts.registered(role)
    # Each game's rule sheet template, compiled here once rather than in every worker.
    environment = templating.environment()
    for key in game_keys:
        module = import_module(game_named(key).package).__file__ or ""
        for template in sorted(Path(module).parent.glob("*.j2")):
            environment.get_template(templating.beside(module, template.name))


def refusal(game: Game[Any], item: str, options: Any, paper: Paper) -> str | None:
    """Why an item cannot be made on a paper (the sentence the command line would give), or
    None when it can."""
    try:
        check_document(game, item, options, paper)
    except OptionError as err:
        return str(err)
    return None


def check(game_keys: list[str], papers: list[Paper], out: Path) -> list[str]:
    """Refuse, before any work, a catalogue that cannot be made: no item that fits its
    paper, an output folder that is a file or cannot be written, a game's folder that is a
    file (one-line UserErrors). What one paper cannot hold (a Blind Hex pennies board on
    A5) is left out of the catalogue: the sentences of what is left out are returned."""
    left_out: list[str] = []
    made, first = 0, None
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items_for(options), "kit"):
                for paper in papers:
                    why = refusal(game, item, options, paper)
                    if why is None:
                        made += 1
                        continue
                    first = first or OptionError(why)
                    label = f"{key} {item}" if variant == "standard" else \
                        f"{key} {variant} {item}"
                    left_out.append(f"{label} on {paper.name}: {why}")
    if not made and first is not None:
        raise first
    for folder in [out, *(out / key for key in game_keys)]:
        if folder.exists() and not folder.is_dir():
            raise render.OutputError(f"cannot make the folder {folder}: a file has that name")
    existing = next((f for f in [out, *out.parents] if f.exists()), Path("."))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise render.OutputError(f"cannot write in {existing}: permission denied")
    return left_out


@dataclass(frozen=True)
class Booklet:
    """A rules booklet in the catalogue: one game's, or every game's built together."""
    keys: tuple[str, ...]
    paper_key: str      # a key of layout.booklet.FORMATS
    lang: str = i18n.SOURCE
    target: str = "home"
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
        if self.target != "home":
            root = root / SHOP_FOLDER
        return root / "booklets" / f"{self.name}-booklet-{self.paper_key}.pdf"


def booklets(game_keys: list[str], papers: list[Paper],
             lang: str = i18n.SOURCE) -> Iterator[Booklet]:
    """A booklet of each game and, with more than one game, of them all, on each paper a
    booklet is made for (A4 and Letter)."""
    from generator.layout.booklet import FORMATS
    groups: list[tuple[str, ...]] = [(key,) for key in game_keys]
    if len(game_keys) > 1:
        groups.append(tuple(game_keys))
    for paper in papers:
        paper_key = paper.name.lower()
        if paper_key in FORMATS and NAMED[paper_key] == paper:
            for keys in groups:
                yield Booklet(keys, paper_key, lang)


def build_booklet(item: Booklet, out: Path,
                  made: dict[PartKey, booklet.Part] | None = None) -> list[Path]:
    """One booklet, made as the command line's request for it is made; `made` holds the
    games' sections other booklets have made (see documents.booklet_document)."""
    target = item.path(out)
    make_folder(target.parent)
    request = requests.booklet_request(item.keys, paper=item.paper_key, target=item.target,
                                       bleed=item.bleed, lang=item.lang)
    return render.save(requests.make(request, made), target, "pdf", "booklet", ("pdf",),
                       **request.settings)


Booklets = tuple[Booklet, ...]      # on one paper, in one language, for one printer


def together(made: Sequence[Booklet]) -> list[Booklets]:
    """The booklets grouped as they share their games' sections: each game's own and every
    game's, on the same paper, in the same language, for the same printer."""
    groups: dict[tuple[str, str, str, float | None], list[Booklet]] = {}
    for item in made:
        groups.setdefault((item.paper_key, item.lang, item.target, item.bleed), []).append(item)
    return [tuple(group) for group in groups.values()]


def build_game(key: str, papers: list[Paper], out: Path,
               lang: str = i18n.SOURCE) -> list[tuple[Entry, list[Path]]]:
    """Every file of one game in one language; a unit of work for one process."""
    cache: dict[DocumentKey, Document] = {}
    return [(entry, build_entry(entry, out, cache)) for entry in entries([key], papers, lang)]


EntryName = tuple[str, str, str, str, Paper, str]  # game, language, variant, item, paper, format


def make_folder(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise render.OutputError(f"cannot make the folder {out}: a file has that name") from None
    except OSError as err:
        raise render.OutputError(f"cannot make the folder {out}: {err.strerror}") from None


def _worker_start() -> None:
    """A worker leaves interrupts to the parent (Ctrl-C reaches the whole process group),
    and on SIGTERM, which the parent sends to stop it, exits quietly after its cleanup:
    SystemExit unwinds through the writer, which takes its temporary files away.
    Its garbage is collected once a part is made (_make_collected), not as it goes: a part
    makes hundreds of thousands of short-lived shapes, and collecting as they come took a
    tenth of the build."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)
    gc.disable()


def _worker_stop(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def build(game_keys: list[str], papers: list[Paper], out: Path, jobs: int,
          progress: Callable[[str], None] = lambda key: None, shop: bool = False,
          shop_bleed: float | None = None, langs: Sequence[str] = (i18n.SOURCE,)
          ) -> list[tuple[Entry | Booklet, list[Path]]]:
    """The whole catalogue in each language, one game and language per process when there
    is more than one core, the rules booklets, and the index pages; with `shop`, also every
    item and booklet for a print shop in a print-shop/ folder (bleed `shop_bleed`, by
    default the paper's). Files do not depend on the order they are made in."""
    roots = _roots(out, game_keys, langs)
    existed = _contents(out, roots)
    try:
        return _build(game_keys, papers, out, jobs, progress, shop, shop_bleed, langs)
    except BaseException:
        _take_back(out, roots, existed)
        raise


def _roots(out: Path, game_keys: Sequence[str], langs: Sequence[str]) -> list[Path]:
    """The folders a build writes in, below `out` (never the rest of `out`, which may be a
    folder of the user's own)."""
    tops = [out, *(language_folder(out, lang) for lang in langs if lang != i18n.SOURCE)]
    return [top / name for top in tops
            for name in (*game_keys, "booklets", SHOP_FOLDER)] + tops[1:]


def _contents(out: Path, roots: Sequence[Path]) -> set[Path]:
    found = {out, *(p for p in out.glob("*.html"))} if out.is_dir() else set()
    for root in roots:
        if root.is_dir():
            found |= {root, *root.rglob("*")}
    return found


def _take_back(out: Path, roots: Sequence[Path], existed: set[Path]) -> None:
    """After a failed build (a full disk, an interrupt), what it made goes again: the files
    that were not there, then the folders it made, deepest first. Files it replaced stay
    replaced, each whole (every file is written atomically)."""
    made = _contents(out, roots) - existed
    for path in sorted(made, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            else:
                path.unlink()


def _build(game_keys: list[str], papers: list[Paper], out: Path, jobs: int,
           progress: Callable[[str], None], shop: bool, shop_bleed: float | None,
           langs: Sequence[str]) -> list[tuple[Entry | Booklet, list[Path]]]:
    make_folder(out)
    warm_up(game_keys)
    shop_papers = [for_press(p, "print-shop", shop_bleed) for p in papers] if shop else []
    made = [item for lang in langs for item in booklets(game_keys, papers, lang)]
    if shop:
        made += [replace(b, target="print-shop", bleed=shop_bleed) for b in made]
    built, folded = _make(game_keys, [*papers, *shop_papers], made, out, jobs, progress, langs)
    write_index(out, built, folded, langs)
    return [*built, *folded]


Part = tuple[str, str, Paper]       # a game's items on one paper, in one language


def _name(entry: Entry) -> EntryName:
    return entry.game.key, entry.lang, entry.variant, entry.item, entry.paper, entry.fmt


Task = Part | Booklets
Made = list[tuple[EntryName, list[Path]]] | list[list[Path]]


def _make_part(task: Task, out: Path) -> tuple[Task, Made]:
    """One unit of work for a process: a game's items on one paper in one language (the
    kit is put together from the items), or the booklets that share their games' sections
    (`together`)."""
    if isinstance(task[0], Booklet):
        made: dict[PartKey, booklet.Part] = {}
        return task, [build_booklet(item, out, made) for item in task]
    key, lang, paper = task
    # Entries hold functions, which do not cross processes: send back what names them.
    return task, [(_name(e), paths) for e, paths in build_game(key, [paper], out, lang)]


def _make_collected(task: Task, out: Path) -> tuple[Task, Made]:
    """A part made in a worker, then the garbage it left (its documents, the writers'
    cycles) collected, so a worker holds no more than one part's."""
    try:
        return _make_part(task, out)
    finally:
        gc.collect()


@contextlib.contextmanager
def _frozen_heap() -> Iterator[None]:
    """What the workers inherit (the modules, fonts and templates of the warm-up) left out
    of their collections, which would otherwise go through it all each time, for as long as
    the workers run. A heap frozen already (by whoever called) is left as it is."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _make(game_keys: list[str], papers: list[Paper], made: list[Booklet], out: Path,
          jobs: int, progress: Callable[[str], object], langs: Sequence[str]
          ) -> tuple[list[tuple[Entry, list[Path]]], list[tuple[Booklet, list[Path]]]]:
    """Every item and booklet, in as many processes as `jobs`. The work is cut small (a
    game on one paper, a booklet) and the largest parts go first, so that no core idles
    while another finishes a whole game or the booklets alone."""
    # Each game's entries listed once: they size its parts and give the order of the index.
    listed = {(key, lang): list(entries([key], papers, lang)) for lang in langs
              for key in game_keys}
    parts: list[Part] = [(key, lang, paper) for lang in langs for key in game_keys
                         for paper in papers]
    size = {part: sum(e.paper == part[2] for e in listed[part[0], part[1]]) for part in parts}
    # The booklets first: each group holds every game's rule sheet, a few times over, and
    # outweighs any one game's part (a booklet group of all five games takes as long as
    # the largest game on one paper); then the parts, the smallest last, so the two
    # processes finish close together.
    tasks: list[Task] = [*sorted(together(made), key=lambda group: -len(group)),
                         *sorted(parts, key=lambda part: -size[part])]
    left = {(key, lang): len(papers) for lang in langs for key in game_keys}
    files: dict[EntryName, list[Path]] = {}
    folded: dict[Booklet, list[Path]] = {}

    def record(task: Task, result: Any) -> None:
        if isinstance(task[0], Booklet):
            folded.update(zip(task, result, strict=True))
            return
        files.update(result)
        left[task[0], task[1]] -= 1
        if not left[task[0], task[1]]:
            progress(task[0])
    if jobs > 1 and len(tasks) > 1:
        context = multiprocessing.get_context("fork")
        # Leaving the block on an error or an interrupt terminates the workers (SIGTERM).
        with _frozen_heap(), context.Pool(min(jobs, len(tasks)),
                                          initializer=_worker_start) as pool:
            for task, result in pool.imap_unordered(partial(_make_collected, out=out), tasks):
                record(task, result)
            # Let the workers finish on their own: leaving the block terminates the pool
            # with SIGTERM, which a worker waiting for work must not be sent (it may hold
            # the task queue's lock, and its sibling would wait on it for ever).
            pool.close()
            pool.join()
    else:
        for task in tasks:
            record(*_make_part(task, out))
    # In the order a game lists its items, whichever process made them first.
    built = [(e, files[_name(e)]) for lang in langs for key in game_keys
             for e in listed[key, lang]]
    return built, [(booklet, folded[booklet]) for booklet in made]
