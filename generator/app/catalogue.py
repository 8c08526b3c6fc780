"""The whole catalogue: every game's variants, items, papers and formats, written to a folder,
in each language asked for (English at the top of the folder, the others in LANG/), with the
rules booklets and an index page a language; checked before any work, and taken back when a
build fails. What it holds is in contents.py, how it is made in making.py.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from generator import i18n, render
from generator.app.contents import (
    FOLDERS,
    Booklet,
    Entry,
    booklets,
    language_folder,
    refusal,
)
from generator.app.index_page import WHOLE_ZIP, write_index
from generator.app.making import make, make_folder, warm_up
from generator.app.refusals import listed
from generator.app.shelf import ShelfBook
from generator.core.destinations import HOME, Destination
from generator.core.formats import PDF
from generator.core.paper import PAPERS, Paper, for_press
from generator.core.products import Kind
from generator.games import load as game_named
from generator.games.game import OptionError
from generator.games.items import WHOLE_KIT
from generator.i18n import ENGLISH
from generator.render.zipped import write_zip


def check(game_keys: list[str], papers: list[Paper], *, out: Path) -> list[str]:
    """Refuse, before any work, a catalogue that cannot be made: no item that fits its
    paper, an output folder that is a file or cannot be written, a game's folder that is a
    file (one-line UserErrors). What one paper cannot hold (a Blind Hex pennies board on
    A5) is left out of the catalogue: the sentences of what is left out are returned."""
    left_out: list[str] = []
    made, first = 0, None
    for key in game_keys:
        game = game_named(key)
        for variant, options in game.variants():
            for item in (*game.items_for(options), WHOLE_KIT):
                for paper in papers:
                    # In English, as the command line says it; the catalogue's pages in each
                    # language are checked again when their requests are.
                    why = refusal(game, item, options=options, paper=paper, words=ENGLISH)
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
    if not existing.is_dir():
        raise render.OutputError(f"cannot make the folder {out}: {existing} is a file, not a "
                                 f"folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        read_only = bool(os.statvfs(existing).f_flag & os.ST_RDONLY)
        why = "it is on a read-only file system" if read_only else "permission denied"
        raise render.OutputError(f"cannot write in {existing}: {why}")
    return left_out


def check_destination(destination: Destination, bleed: float | None) -> None:
    """Refuse, before any work, a bleed the destination does not take (one line)."""
    try:
        for_press(PAPERS["a4"], destination, bleed=bleed)
    except ValueError as err:
        raise OptionError(str(err)) from None


def unsold(game_keys: list[str], destination: Destination) -> str:
    """What a build for the destination leaves out of its folder, in words ("" for none):
    the items of the games it sells nothing of, and the booklets, with what it prints."""
    games = [game_named(key) for key in game_keys]
    items = dict.fromkeys(item for game in games for item in (*game.items, WHOLE_KIT)
                          if destination.product(item.kind) is None)
    left = [item.plural for item in items]
    if destination.product(Kind.BOOK) is None:
        left.append("booklets")
    if not left:
        return ""
    return f"{listed(left)} (it {destination.verb} {destination.sells})"


def build(game_keys: list[str], papers: list[Paper], *, out: Path, jobs: int,
          progress: Callable[[str], None] = lambda key: None,
          destination: Destination = HOME, bleed: float | None = None,
          langs: Sequence[str] = (i18n.SOURCE,), records: Sequence[ShelfBook] = ()
          ) -> list[tuple[Entry | Booklet | ShelfBook, list[Path]]]:
    """The whole catalogue in each language, one game and language per process when there
    is more than one core, the rules booklets, and the index pages; for another
    `destination` than home, also every product it sells of each item and booklet, in a
    folder named after it (bleed `bleed`, by default the paper's); and each of `records`, a
    folder of played games read and checked already (`pnp build --records`), as a booklet
    beside the rules'. Files do not depend on the order they are made in."""
    roots = _roots(out, game_keys, langs)
    existed = _contents(out, roots)
    # The folders above `out` that the build will make (`--out n1/n2/n3` in an empty
    # folder makes n1 and n2 as well), deepest first.
    above = [folder for folder in out.parents if not folder.exists()]
    try:
        return _build(game_keys, papers, out, jobs, progress, destination, bleed, langs,
                      records)
    except BaseException:
        _take_back(out, roots, existed)
        for folder in above:
            with contextlib.suppress(OSError):    # not empty: something else wrote there
                folder.rmdir()
        raise


def _roots(out: Path, game_keys: Sequence[str], langs: Sequence[str]) -> list[Path]:
    """The folders a build writes in, below `out` (never the rest of `out`, which may be a
    folder of the user's own)."""
    tops = [out, *(language_folder(out, lang) for lang in langs if lang != i18n.SOURCE)]
    return [top / name for top in tops
            for name in (*game_keys, "booklets", *FOLDERS)] + tops[1:]


def _contents(out: Path, roots: Sequence[Path]) -> set[Path]:
    found = {out, *out.glob("*.html"), *out.glob(WHOLE_ZIP)} if out.is_dir() else set()
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
           progress: Callable[[str], None], destination: Destination, bleed: float | None,
           langs: Sequence[str], records: Sequence[ShelfBook]
           ) -> list[tuple[Entry | Booklet | ShelfBook, list[Path]]]:
    make_folder(out)
    warm_up(game_keys, langs=langs)
    other = [for_press(p, destination, bleed=bleed) for p in papers] if destination != HOME else []
    made = [item for lang in langs for item in booklets(game_keys, papers, lang=lang)]
    if other and destination.product(Kind.BOOK) is not None:
        made += [replace(b, target=destination, bleed=bleed) for b in made]
    built, folded = make(game_keys, [*papers, *other], made=made, out=out, jobs=jobs,
                         progress=progress, langs=langs)
    recorded = [(request, render.save(request.document(), request.path(out), fmt=PDF,
                                      default_stem=request.stem, allowed=request.formats,
                                      settings=request.settings))
                for request in records]
    pages = write_index(out, built, made=folded, langs=langs, recorded=recorded)
    made_files = [path for _, paths in [*built, *folded, *recorded] for path in paths]
    top = os.path.abspath(out)      # a virtual table's files are named absolutely
    write_zip(out / WHOLE_ZIP, [(Path(os.path.relpath(os.path.abspath(path), top)).as_posix(),
                                 path) for path in dict.fromkeys([*made_files, *pages])])
    return [*built, *folded, *recorded]
