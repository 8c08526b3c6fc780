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
into it by `pnp record hex .`, which must not stop the next). A record that cannot be read,
or that holds an illegal move, is one `pnp: FOLDER/FILE: ...` line and nothing is written.
The folder is bounded like every input: at most MOST_RECORDS records of at most the judges'
256 KiB each, and MOST_BYTES in all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import i18n, render
from generator.app import names
from generator.app import params as P
from generator.app.contents import language_folder, paper_name
from generator.app.product_checks import check_taken, sold
from generator.app.record_request import RECORD, reader_and_values
from generator.core.destinations import HOME, Destination
from generator.core.formats import PDF, Format
from generator.core.gridfile import LIMIT
from generator.core.palette import COLOUR, Palette
from generator.core.paper import NAMED, Press, for_press
from generator.core.scene import Document
from generator.errors import UserError
from generator.games.capabilities import RecordReader
from generator.games.game import Game, OptionError
from generator.games.played import DEFAULT_EVERY
from generator.games.protocols import GameOptions
from generator.games.record_book import Study
from generator.i18n import _, ngettext
from generator.layout import booklet

MOST_RECORDS = 100                 # a tournament's games: about 30 s to print on one core
MOST_BYTES = 8 * 1024 * 1024       # in all (a 100-move SGF record is about 1.5 KB)


@dataclass(frozen=True, slots=True)
class FolderRequest:
    """A folder's records to print as one booklet, each read, judged and checked."""
    game: Game[GameOptions]
    folder: str                              # the folder's name, as given
    played: tuple[tuple[str, Study], ...]   # each file's name and its game, in order
    every: int
    paper: str                               # a key of layout.booklet.FORMATS
    palette: Palette
    target: Destination
    bleed: float | None
    lang: str
    press: Press

    formats: tuple[Format, ...] = (PDF,)

    @property
    def fmt(self) -> Format:
        return PDF

    @property
    def stem(self) -> str:
        # The folder's own name, also for `.` or `..` (absolute, but no link followed).
        return names.record_stem(self.game.key, os.path.abspath(self.folder), self.every,
                                 DEFAULT_EVERY, self.paper, self.palette,
                                 self.lang, self.target, folder=True)

    @property
    def settings(self) -> render.Settings:
        return render.Settings(None, self.press if self.press.shop else None)


def record_files(folder: Path, shown: str, records: RecordReader) -> list[tuple[str, bytes]]:
    """Each record in the folder, by name, with its bytes: the files not hidden named with
    the game's suffix (any case: round-1.SGF), sorted by name; other files (a README.txt,
    the booklet printed into the folder) are left alone. Refused (one line) when there are
    none, or more than the bounds allow."""
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
        name = f"{shown.rstrip('/')}/{path.name}"
        try:
            with path.open("rb") as stream:
                data = stream.read(LIMIT + 1)
        except OSError as err:
            raise UserError(f"{name}: cannot be read: {err.strerror or err}") from None
        total += len(data)
        if total > MOST_BYTES:
            raise UserError(f"{shown}: its records come to more than "
                            f"{MOST_BYTES // (1024 * 1024)} MiB; a booklet takes at most that")
        out.append((name, data))
    return out


def folder_request(game: Game[GameOptions], folder: str, files: list[tuple[str, bytes]],
                   values: Mapping[str, object], output: Path | None = None,
                   read: tuple[tuple[str, Study], ...] | None = None) -> FolderRequest:
    """A checked request from the folder's records (record_files) and the values by
    parameter name: every record read and judged, and anything the booklet cannot print
    refused in one line naming the file, before any drawing; or the records another
    request of the same folder `read` already (a build's booklet on each paper and in each
    language)."""
    records, typed = reader_and_values(game, values)
    asked = typed.get("fmt")
    fmt = render.output_format(output, RECORD.format_named(str(asked)) if asked else None,
                               RECORD.formats)
    if fmt != PDF:
        raise OptionError(f"a folder of records is printed as one booklet, a PDF, not "
                          f"--format {fmt.name}; give a file for {fmt.name}")
    if typed.get("dpi") is not None:
        raise OptionError("--dpi is for --format png, not a booklet")
    paper = typed.get("paper") or P.PAPER.convert(P.PAPER.default)
    key = next((k for k in booklet.FORMATS if NAMED[k] == paper), None)
    if key is None:
        raise OptionError("a folder of records is a booklet: A5 pages on A4 sheets, or half "
                          "letter on Letter; take --paper a4 or letter")
    target = typed.get("target", HOME)
    assert isinstance(target, Destination)
    check_taken(sold(game, RECORD, target), target, PDF,
                "a booklet of a folder's records, which is a PDF: give another --for")
    bleed, ink, condition = typed.get("bleed"), typed.get("ink_limit"), typed.get("condition")
    try:
        press = for_press(booklet.FORMATS[key][0], target,
                          float(bleed) if isinstance(bleed, (int, float)) else None,
                          condition=condition if isinstance(condition, str) else None,
                          ink_limit=float(ink) if isinstance(ink, (int, float)) else None).press
    except ValueError as err:
        raise OptionError(str(err)) from None
    every = typed.get("every", DEFAULT_EVERY)
    assert isinstance(every, int)
    played = list(read or ())
    for name, data in files if read is None else ():
        try:
            game_played = records.read_record(data)
            game_played.check(every)
        except UserError as err:
            raise UserError(f"{name}: {err}") from None
        played.append((name, game_played))
    palette = typed.get("palette", COLOUR)
    assert isinstance(palette, Palette)
    return FolderRequest(game, folder, tuple(played), every, key, palette, target,
                         float(bleed) if isinstance(bleed, (int, float)) else None,
                         str(typed.get("lang", i18n.SOURCE)), press)


def common_event(request: FolderRequest) -> str:
    """The event every record names, where they all name the same one: the booklet's title."""
    events = {g.event() for _name, g in request.played}
    return events.pop() if len(events) == 1 else ""


def titles(request: FolderRequest) -> list[str]:
    """Each game's title in the contents and its bookmark: a title another game has too (a
    move list's, which names no players) carries the file's name, so each game keeps its
    own entry and bookmark."""
    said = [game.title() for _name, game in request.played]
    return [title if said.count(title) == 1 else f"{title} ({Path(name).name})"
            for title, (name, _game) in zip(said, request.played, strict=True)]


def catalogue_label(request: FolderRequest) -> str:
    """What the index page calls the booklet, in the active language."""
    return _("Game records: %(folder)s, %(paper)s", folder=Path(request.folder).name,
             paper=paper_name(request.paper))


def catalogue_path(request: FolderRequest, out: Path) -> Path:
    """Where `pnp build --records` writes the booklet: beside the rules' booklets, the
    print shop's in its folder."""
    root = language_folder(out, request.lang)
    if request.target.folder:
        root = root / request.target.folder
    return root / "booklets" / f"{request.stem}.pdf"


def parts(request: FolderRequest) -> list[booklet.Part]:
    """Each game's study pages, a part of the booklet each, in the folder's order."""
    with i18n.language(request.lang):
        page_paper = booklet.content_paper(booklet.page_paper(request.paper, request.target,
                                                              request.bleed))
        return [booklet.Part(title, game.byline(),
                             list(game.booklet(request.every, page_paper,
                                               request.palette, title).pages))
                for title, (_name, game) in zip(titles(request), request.played, strict=True)]


def document(request: FolderRequest, made: list[booklet.Part] | None = None) -> Document:
    """The booklet: each game's study pages a part (`made`, or made here), after the cover
    and contents."""
    made = parts(request) if made is None else made
    with i18n.language(request.lang):
        printed = booklet.page_paper(request.paper, request.target, request.bleed)
        count = len(made)
        title = common_event(request) or _("Game records")
        inside = ngettext("%(count)s game of %(game)s", "%(count)s games of %(game)s", count,
                          count=count, game=request.game.title)
        sheets = booklet.booklet(title, inside, made, request.paper, request.palette,
                                 printed)
        return booklet.document(_("%(title)s: %(inside)s, a booklet", title=title,
                                  inside=inside), sheets,
                                _("pnp (game by %(designer)s)",
                                  designer=request.game.designer),
                                printed.press.shop)


__all__ = ["MOST_BYTES", "MOST_RECORDS", "FolderRequest", "catalogue_label", "catalogue_path",
           "document", "folder_request", "parts", "record_files"]
