"""Making the catalogue's files: each file as the command line's request for it is made, a
game's files in one language, a booklet, and all of them over as many processes as asked,
the largest parts first."""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from pathlib import Path

# The writers and their libraries, imported here, before the build forks its workers, which
# inherit them: pikepdf, which tags every PDF, is a native module that must not be half
# imported when a signal stops a worker; svgwrite alone takes 85 ms to import.
import pikepdf  # noqa: F401

import generator.render.html
import generator.render.pdf
import generator.render.svg  # noqa: F401
from generator import fonts, i18n, render, templating
from generator.app import requests
from generator.app.contents import Booklet, Booklets, Entry, entries, together
from generator.app.documents import PartKey
from generator.core.content import Content
from generator.core.formats import PDF, Format
from generator.core.paper import Paper
from generator.games import load as game_named
from generator.games.items import Item
from generator.layout import booklet, hyphenation
from generator.layout.duplex import Backs

# game, variant, item, paper, language, and how a kit's backs print
DocumentKey = tuple[str, str, Item, Paper, str, Backs | None]


def build_entry(entry: Entry, out: Path, *, cache: dict[DocumentKey, Content]) -> list[Path]:
    """One file of the catalogue, made as the command line's request for it is made; the
    document is shared by the formats it is written in (and a kit made of its items' kept
    documents: generator/app/documents.py)."""
    request = requests.asked_request(entry.game, entry.item, options=entry.options,
                                     asked=entry.asked)
    key = (entry.game.key, entry.variant, entry.item, entry.paper, entry.lang, entry.backs)
    if key not in cache:
        cache[key] = requests.content(request)
    target = entry.path(out)
    make_folder(target.parent)
    return render.save(cache[key], target, fmt=entry.fmt, default_stem=entry.item.key,
                       allowed=request.formats,
                       settings=request.settings)


def warm_up(game_keys: list[str], *, langs: Sequence[str]) -> None:
    """What every item shares, set up once in the process that forks the workers, which
    inherit it: the games' pages, the fonts, the template environment and each language's
    hyphenation dictionary (the writers are imported with this module)."""
    for key in game_keys:
        game_named(key).pages()
    for role in fonts.FILES:
        fonts.registered(role)
    # Every worker sets rule sheets in each language: parsed here once, not in each of them
    # (English's patterns take 0.15 s of CPU, German's 1.7 s).
    for lang in langs:
        hyphenation.dictionary(lang)
    # Each game's rule sheet template, compiled here once rather than in every worker.
    environment = templating.environment()
    for key in game_keys:
        module = import_module(game_named(key).package).__file__ or ""
        for template in sorted(Path(module).parent.glob("*.j2")):
            environment.get_template(templating.beside(module, template.name))


def build_booklet(item: Booklet, out: Path,
                  *, made: dict[PartKey, booklet.Part] | None = None) -> list[Path]:
    """One booklet, made as the command line's request for it is made; `made` holds the
    games' sections other booklets have made (see documents.booklet_document)."""
    target = item.path(out)
    make_folder(target.parent)
    request = requests.booklet_request(list(item.keys), paper=item.paper_key,
                                       target=item.target, bleed=item.bleed, lang=item.lang)
    return render.save(requests.make(request, made), target, fmt=PDF, default_stem="booklet",
                       allowed=request.formats,
                       settings=request.settings)


def build_game(key: str, papers: list[Paper], *, out: Path,
               lang: str = i18n.SOURCE) -> list[tuple[Entry, list[Path]]]:
    """Every file of one game in one language; a unit of work for one process."""
    cache: dict[DocumentKey, Content] = {}
    return [(entry, build_entry(entry, out, cache=cache)) for entry in entries([key], papers,
                                                                               lang=lang)]


# game, language, variant, item, paper, format, backs
EntryName = tuple[str, str, str, Item, Paper, Format, Backs | None]


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
    signal.signal(signal.SIGHUP, signal.SIG_IGN)    # a hangup too: the parent stops them
    signal.signal(signal.SIGTERM, _worker_stop)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)   # held back while the pool started
    gc.disable()


class _Stop:
    """The exit status of the stop this worker was sent, once SIGTERM's handler has run.
    The SystemExit the handler raises may be swallowed on its way (a library's bare
    `except:`); the worker would then finish its part and wait for more work for ever, on
    the task queue's lock that its stopping parent holds. So the end of each part raises
    it again (_make_collected)."""
    status: int | None = None


def _worker_stop(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _Stop.status = 128 + signum
    raise SystemExit(_Stop.status)


@dataclass(frozen=True, slots=True)
class Part:
    """A game's items on one paper, in one language: one process's unit of work."""
    game: str
    lang: str
    paper: Paper


def _name(entry: Entry) -> EntryName:
    return (entry.game.key, entry.lang, entry.variant, entry.item, entry.paper, entry.fmt,
            entry.backs)


Task = Part | Booklets
# What a task made: each entry's files (by the entry's name) or each booklet's.
Made = list[tuple[EntryName | Booklet, list[Path]]]


def _make_part(task: Task, out: Path) -> tuple[Task, Made]:
    """One unit of work for a process: a game's items on one paper in one language (the
    kit is put together from the items), or the booklets that share their games' sections
    (`together`)."""
    if not isinstance(task, Part):
        made: dict[PartKey, booklet.Part] = {}
        return task, [(item, build_booklet(item, out, made=made)) for item in task]
    # Entries hold functions, which do not cross processes: send back what names them.
    return task, [(_name(e), paths)
                  for e, paths in build_game(task.game, [task.paper], out=out, lang=task.lang)]


def _make_collected(task: Task, out: Path) -> tuple[Task, Made]:
    """A part made in a worker, then the garbage it left (its documents, the writers'
    cycles) collected, so a worker holds no more than one part's."""
    try:
        return _make_part(task, out)
    finally:
        gc.collect()
        if _Stop.status is not None:    # stopped on the way, and the stop was swallowed
            raise SystemExit(_Stop.status)


STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextlib.contextmanager
def _stops_to_the_main_thread() -> Iterator[None]:
    """SIGINT and SIGTERM held back while the pool starts, so that the threads it starts
    (which inherit the mask) never take them. The kernel may hand a signal sent to the
    process to any thread that does not block it, and Python then runs the handler only
    when the main thread next wakes: asleep on the pool's results, with both workers held
    up, it never would, and the build would wait for ever. A worker unblocks them once its
    handlers are in place (`_worker_start`); one that arrives while the pool starts (in the
    middle of a fork's callbacks, where Python ignores exceptions) lands when this ends."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


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


def make(game_keys: list[str], papers: list[Paper], *, made: list[Booklet], out: Path,
          jobs: int, progress: Callable[[str], object], langs: Sequence[str]
          ) -> tuple[list[tuple[Entry, list[Path]]], list[tuple[Booklet, list[Path]]]]:
    """Every item and booklet, in as many processes as `jobs`. The work is cut small (a
    game on one paper, a booklet) and the largest parts go first, so that no core idles
    while another finishes a whole game or the booklets alone."""
    # Each game's entries listed once: they size its parts and give the order of the index.
    listed = {(key, lang): list(entries([key], papers, lang=lang)) for lang in langs
              for key in game_keys}
    parts = [Part(key, lang, paper) for lang in langs for key in game_keys for paper in papers]
    size = {part: sum(e.paper == part.paper for e in listed[part.game, part.lang])
            for part in parts}
    # The booklets first: each group holds every game's rule sheet, a few times over, and
    # outweighs any one game's part (a booklet group of all five games takes as long as
    # the largest game on one paper); then the parts, the smallest last, so the two
    # processes finish close together.
    tasks: list[Task] = [*sorted(together(made), key=lambda group: -len(group)),
                         *sorted(parts, key=lambda part: -size[part])]
    left = {(key, lang): len(papers) for lang in langs for key in game_keys}
    files: dict[EntryName, list[Path]] = {}
    folded: dict[Booklet, list[Path]] = {}

    def record(task: Task, result: Made) -> None:
        for name, paths in result:
            if isinstance(name, Booklet):
                folded[name] = paths
            else:
                files[name] = paths
        if not isinstance(task, Part):
            return
        left[task.game, task.lang] -= 1
        if not left[task.game, task.lang]:
            progress(task.game)
    if jobs > 1 and len(tasks) > 1:
        context = multiprocessing.get_context("fork")
        # Leaving the block on an error or an interrupt terminates the workers (SIGTERM).
        with _frozen_heap(), contextlib.ExitStack() as started:
            with _stops_to_the_main_thread():
                pool = started.enter_context(context.Pool(min(jobs, len(tasks)),
                                                          initializer=_worker_start))
            try:
                for task, result in pool.imap_unordered(partial(_make_collected, out=out),
                                                        tasks):
                    record(task, result)
            except BaseException:
                # A failure or an interrupt: the pool is terminated on the way out, and it
                # first takes the task queue's lock, which a worker waiting for work holds
                # while it waits. Closing the pool sends each worker its end of work, so
                # none waits on with the lock.
                pool.close()
                raise
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
