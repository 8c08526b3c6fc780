"""A folder of records (a tournament's games) as one booklet: `pnp record hex FOLDER`.

Each record in the folder, in the order of the files' names, is a chapter of the booklet: the
study pages `pnp record` prints for it (its header, diagrams and moves), set on the booklet's
half-size pages, after a cover and a contents page that lists each game with its players,
event and page. The booklet is made as `pnp booklet` makes the rules' (layout/booklet.py):
imposed two pages to a side on A4 or Letter, or single pages for a print shop; its outline
has a bookmark for each game.

A folder is read whole before anything is drawn: its records are the files not hidden that
are named as the game's records are (Hex's `*.sgf`, any case; Nex's and Hex KB's move lists
`*.txt`), and every other file is left alone (a README, the booklet printed from the folder
into it by `pnp record hex .`, which must not stop the next). Every record that can be
printed is: one that cannot be read, or that holds an illegal move, is left out, named with
its reason in the contents (and by the front end on standard error); only a folder of which
none can be printed is refused, in one line. The folder is bounded like every input: at
most MOST_RECORDS records of at most the judges' 256 KiB each, and MOST_BYTES in all. File
names print whatever bytes they hold (core/filenames.py).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import i18n, render
from generator.app import names, params
from generator.app.contents import language_folder, paper_name
from generator.app.product_checks import check_taken, sold
from generator.app.record_request import RECORD, cut_of, reader_and_values
from generator.core.destinations import HOME, Destination
from generator.core.filenames import printable
from generator.core.formats import PDF, Format
from generator.core.gridfile import LIMIT
from generator.core.palette import COLOUR, Palette
from generator.core.paper import NAMED, Press, for_press
from generator.core.scene import Document
from generator.errors import UserError
from generator.games.capabilities import RecordReader
from generator.games.game import Game, OptionError
from generator.games.played import DEFAULT_EVERY, DEFAULT_VARIATIONS, Cut
from generator.games.protocols import GameOptions
from generator.games.record_book import Study
from generator.layout import booklet

MOST_RECORDS = 100                 # a tournament's games: about 30 s to print on one core
MOST_BYTES = 8 * 1024 * 1024       # in all (a 100-move SGF record is about 1.5 KB)


@dataclass(frozen=True, slots=True)
class FolderRequest:
    """A folder's records to print as one booklet, each read, judged and checked."""
    game: Game[GameOptions]
    folder: str                              # the folder's name, as given
    played: tuple[tuple[str, Study], ...]   # each file's name and its game, in order
    cut: Cut
    paper: str                               # a key of layout.booklet.FORMATS
    palette: Palette
    target: Destination
    bleed: float | None
    lang: str
    press: Press
    # The records that could not be printed, each file's name and why, in order.
    left_out: tuple[tuple[str, str], ...] = ()

    formats: tuple[Format, ...] = (PDF,)

    @property
    def fmt(self) -> Format:
        return PDF

    @property
    def stem(self) -> str:
        # The folder's own name, also for `.` or `..` (absolute, but no link followed).
        return names.record_stem(self.game.key, os.path.abspath(self.folder),
                                 every=self.cut.every, default_every=DEFAULT_EVERY,
                                 paper=self.paper, palette=self.palette, lang=self.lang,
                                 target=self.target, folder=True,
                                 variations=self.cut.variations
                                 if self.cut.variations != DEFAULT_VARIATIONS else None)

    @property
    def settings(self) -> render.Settings:
        return render.Settings(None, self.press if self.press.shop else None)

    # As the catalogue shelves it (app/shelf.py).
    def label(self) -> str:
        return catalogue_label(self)

    def path(self, out: Path) -> Path:
        return catalogue_path(self, out)

    def document(self) -> Document:
        return document(self)


@dataclass(frozen=True, slots=True)
class FolderFile:
    """A record file of a folder: its name as printed (FOLDER/FILE) and its bytes, or why
    it could not be read."""
    name: str
    data: bytes = b""
    unreadable: str = ""


def record_files(folder: Path, shown: str, *, records: RecordReader) -> list[FolderFile]:
    """Each record in the folder, by name, with its bytes: the files not hidden named with
    the game's suffix (any case: round-1.SGF), sorted by name; other files (a README.txt,
    the booklet printed into the folder) are left alone. Refused (one line) when there are
    none, or more than the bounds allow; a file that cannot be read says why."""
    try:
        found = sorted(p for p in folder.iterdir()
                       if not p.name.startswith(".") and p.is_file()
                       and p.name.lower().endswith(records.suffix))
    except OSError as err:
        raise UserError(f"{shown}: cannot be read: {err.strerror or err}") from None
    if not found:
        raise UserError(f"{shown}: the folder holds no {records.written_as} "
                        f"(*{records.suffix}); its other files are left alone")
    if len(found) > MOST_RECORDS:
        raise UserError(f"{shown}: the folder holds {len(found)} {records.written_as}; a "
                        f"booklet takes at most {MOST_RECORDS} records")
    out, total = [], 0
    for path in found:
        name = f"{shown.rstrip('/')}/{printable(path.name)}"
        try:
            with path.open("rb") as stream:
                data = stream.read(LIMIT + 1)
        except OSError as err:
            out.append(FolderFile(name, unreadable=f"cannot be read: {err.strerror or err}"))
            continue
        total += len(data)
        if total > MOST_BYTES:
            raise UserError(f"{shown}: its records come to more than "
                            f"{MOST_BYTES // (1024 * 1024)} MiB; a booklet takes at most that")
        out.append(FolderFile(name, data))
    return out


def folder_request(game: Game[GameOptions], folder: str, *, files: list[FolderFile],
                   values: Mapping[str, object], output: Path | None = None,
                   read: FolderRequest | None = None) -> FolderRequest:
    """A checked request from the folder's records (record_files) and the values by
    parameter name: every record read and judged before any drawing, and each the booklet
    cannot print left out with its reason (refused in one line when none can be printed);
    or the records another request of the same folder `read` already (a build's booklet on
    each paper and in each language)."""
    records, typed = reader_and_values(game, values)
    asked = typed.get("fmt")
    fmt = render.output_format(output, RECORD.format_named(str(asked)) if asked else None,
                               allowed=RECORD.formats)
    if fmt != PDF:
        raise OptionError(f"a folder of records is printed as one booklet, a PDF, not "
                          f"--format {fmt.name}; give a file for {fmt.name}")
    if typed.get("dpi") is not None:
        raise OptionError("--dpi is for --format png, not a booklet")
    key = booklet_sheet(typed, what="a folder of records")
    target = typed.get("target", HOME)
    assert isinstance(target, Destination)
    check_taken(sold(game, RECORD, destination=target), target, fmt=PDF,
                what="a booklet of a folder's records, which is a PDF: give another --for")
    press, bleed = booklet_press(key, target, typed=typed), typed.get("bleed")
    cut = cut_of(typed)
    played, left_out = (list(read.played), list(read.left_out)) if read else ([], [])
    for file in files if read is None else ():
        try:
            if file.unreadable:
                raise UserError(file.unreadable)
            game_played = records.read_record(file.data)
            game_played.check(cut)
        except UserError as err:
            left_out.append((file.name, str(err)))
            continue
        played.append((file.name, game_played))
    if not played:
        name, why = left_out[0]
        if len(left_out) == 1:
            raise UserError(f"{name}: {why}")
        raise UserError(f"{printable(folder)}: none of its {len(left_out)} records can be "
                        f"printed; the first, {name}: {why}")
    palette = typed.get("palette", COLOUR)
    assert isinstance(palette, Palette)
    return FolderRequest(game, folder, tuple(played), cut, key, palette, target,
                         float(bleed) if isinstance(bleed, (int, float)) else None,
                         str(typed.get("lang", i18n.SOURCE)), press, tuple(left_out))


def booklet_sheet(typed: Mapping[str, object], *, what: str) -> str:
    """The booklet sheet (booklet.FORMATS' key) of the paper the values ask for; WHAT, a
    booklet, refused in one line on any other paper."""
    paper = typed.get("paper") or params.PAPER.convert(params.PAPER.default)
    key = next((k for k in booklet.FORMATS if NAMED[k] == paper), None)
    if key is None:
        raise OptionError(f"{what} is a booklet: A5 pages on A4 sheets, or half letter on "
                          f"Letter; take --paper a4 or letter")
    return key


def booklet_press(paper_key: str, target: Destination, *, typed: Mapping[str, object]) -> Press:
    """Who prints a booklet of records (or of puzzles) on the booklet's sheet PAPER_KEY:
    TARGET, with the bleed, printing condition and ink limit the values ask for."""
    bleed, ink, condition = typed.get("bleed"), typed.get("ink_limit"), typed.get("condition")
    try:
        return for_press(booklet.FORMATS[paper_key][0], target,
                         bleed=float(bleed) if isinstance(bleed, (int, float)) else None,
                         condition=condition if isinstance(condition, str) else None,
                         ink_limit=float(ink) if isinstance(ink, (int, float)) else None).press
    except ValueError as err:
        raise OptionError(str(err)) from None


def common_event(request: FolderRequest) -> str:
    """The event every record names, where they all name the same one: the booklet's title."""
    events = {g.event() for _name, g in request.played}
    return events.pop() if len(events) == 1 else ""


def titles(request: FolderRequest) -> list[str]:
    """Each game's title in the contents and its bookmark: a title another game has too (a
    move list's, which names no players) carries the file's name, so each game keeps its
    own entry and bookmark. In the folder's language."""
    words = i18n.words(request.lang)
    said = [game.title(words) for _name, game in request.played]
    return [title if said.count(title) == 1 else f"{title} ({name.rpartition('/')[2]})"
            for title, (name, _game) in zip(said, request.played, strict=True)]


def catalogue_label(request: FolderRequest) -> str:
    """What the index page calls the booklet, in its own language."""
    words = i18n.words(request.lang)
    return words._("Game records: %(folder)s, %(paper)s",
                   folder=printable(Path(request.folder).name),
                   paper=paper_name(request.paper, words=words))


def catalogue_path(request: FolderRequest, out: Path) -> Path:
    """Where `pnp build --records` writes the booklet: beside the rules' booklets, the
    print shop's in its folder."""
    root = language_folder(out, request.lang)
    if request.target.folder:
        root = root / request.target.folder
    return root / "booklets" / f"{request.stem}.pdf"


def parts(request: FolderRequest) -> list[booklet.Part]:
    """Each game's study pages, a part of the booklet each, in the folder's order."""
    words = i18n.words(request.lang)
    page_paper = booklet.content_paper(booklet.page_paper(request.paper, request.target,
                                                          bleed=request.bleed))
    return [booklet.Part(title, game.byline(words),
                         list(game.booklet(request.cut, page_paper, colours=request.palette,
                                           heading=title,
                                           words=words).pages))
            for title, (_name, game) in zip(titles(request), request.played, strict=True)]


def document(request: FolderRequest, made: list[booklet.Part] | None = None) -> Document:
    """The booklet: each game's study pages a part (`made`, or made here), after the cover
    and contents."""
    made = parts(request) if made is None else made
    words = i18n.words(request.lang)
    printed = booklet.page_paper(request.paper, request.target, bleed=request.bleed)
    count = len(made)
    title = common_event(request) or words._("Game records")
    inside = words.ngettext("%(count)s game of %(game)s", "%(count)s games of %(game)s", n=count,
                            count=count, game=request.game.title)
    sheets = booklet.booklet(title, inside, parts=made, paper_key=request.paper,
                             colours=request.palette,
                             page_paper=printed, left_out=request.left_out, words=words)
    return booklet.document(words._("%(title)s: %(inside)s, a booklet", title=title,
                                    inside=inside), sheets,
                            author=words._("pnp (game by %(designer)s)",
                                           designer=request.game.designer),
                            shop=printed.press.shop, words=words)


__all__ = ["MOST_BYTES", "MOST_RECORDS", "FolderFile", "FolderRequest", "catalogue_label",
           "catalogue_path", "document", "folder_request", "parts", "record_files"]
