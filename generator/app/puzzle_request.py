"""A puzzle book request (`pnp puzzles GAME [RECORDS or FOLDERS]`): how many puzzles, each
proven within what budget and all within what time, from which records (files, and folders
read as a folder's record booklet reads them: record_folder.record_files, with its bounds)
or, with none, from a seed; printed as a booklet on A4 or Letter for home or a print shop
(layout/booklet.py, as the record booklets are), or written as one JSON object a line.
Everything that can be refused is refused before any solving.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from generator import i18n, render
from generator.app import names, params
from generator.app.contents import language_folder, paper_name
from generator.app.product_checks import check_taken, sold
from generator.app.record_folder import (
    MOST_BYTES,
    MOST_RECORDS,
    FolderFile,
    booklet_press,
    booklet_sheet,
    record_files,
)
from generator.app.record_request import reader_and_values
from generator.core.destinations import HOME, Destination
from generator.core.filenames import printable
from generator.core.formats import JSON, PDF, Format
from generator.core.gridfile import LIMIT
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Press
from generator.core.scene import Document
from generator.errors import UserError
from generator.games.game import Game, OptionError
from generator.games.items import RECORD
from generator.games.protocols import GameOptions
from generator.games.puzzle_book import PuzzleAsk, Puzzles
from generator.layout import booklet

FORMATS = (PDF, JSON)
DEFAULT_COUNT, MOST_COUNT = 40, 200
DEFAULT_SECONDS, MOST_SECONDS = 5.0, 600.0        # a puzzle's budget
DEFAULT_TOTAL, MOST_TOTAL = 200.0, 3600.0         # all the cutting: the book in under 5 min

COUNT = params.Param("count", f"How many puzzles, 1 to {MOST_COUNT} (fewer where the records hold "
                         f"fewer).", params.INT, default=DEFAULT_COUNT, low=1, high=MOST_COUNT,
                metavar="N")
BUDGET = params.Param("budget", "Seconds of the solver's work a puzzle may take at most; a "
                           "position it cannot prove in them is no puzzle.", params.FLOAT,
                 default=DEFAULT_SECONDS, low=0.1, high=MOST_SECONDS, metavar="SECONDS")
TOTAL = params.Param("total", "Seconds of solving for the whole book at most, shared by the "
                         "records.", params.FLOAT, default=DEFAULT_TOTAL, low=1, high=MOST_TOTAL,
                metavar="SECONDS")
DEFAULT_SEED = 1
SEED = params.Param("seed", f"With no records, which book of the game's own puzzles: any whole "
                       f"number (the same seed makes the same book; {DEFAULT_SEED} by "
                       f"default).", params.INT, low=-(2**63), high=2**63 - 1, metavar="N")


# The booklet's sheets, and its file: the items' own help speaks of boards and pages.
PAPER = replace(params.PAPER, help="The sheets the booklet is printed on: a4 (A5 pages) or letter "
                              "(half-letter pages).")
OUTPUT = replace(params.output_param("GAME-puzzles"),
                 help="Output file (default GAME-puzzles-NAME.FORMAT here, after the record or "
                      "folder, or the seed; - for standard output).")


def puzzle_params() -> list[params.Param]:
    """What `pnp puzzles GAME` takes, in the order its help lists them."""
    return [COUNT, BUDGET, TOTAL, SEED, PAPER, params.PALETTE, params.format_param(FORMATS), OUTPUT,
            params.TARGET, params.BLEED, params.PRESS, params.INK_LIMIT, params.LANG]


@dataclass(frozen=True, slots=True)
class PuzzleRequest:
    """A puzzle book to make: checked, its records read (not yet solved)."""
    game: Game[GameOptions]
    files: tuple[FolderFile, ...]        # the records, in order; none: from the seed
    ask: PuzzleAsk
    paper: str                           # a key of layout.booklet.FORMATS
    palette: Palette
    target: Destination
    bleed: float | None
    lang: str
    press: Press
    fmt: Format
    named: str = ""                      # the one record or folder given, for the name

    @property
    def formats(self) -> tuple[Format, ...]:
        return FORMATS

    @property
    def stem(self) -> str:
        return names.puzzle_stem(self.game.key, self.named, count=self.ask.count,
                                 default_count=DEFAULT_COUNT,
                                 seed=None if self.files else self.ask.seed,
                                 paper=self.paper, palette=self.palette, lang=self.lang,
                                 target=self.target)

    @property
    def settings(self) -> render.Settings:
        return render.Settings(None, self.press if self.press.shop else None)


def puzzle_request(game: Game[GameOptions], given: Sequence[tuple[str, str]],
                   *, values: Mapping[str, object], output: Path | None = None
                   ) -> PuzzleRequest:
    """A checked request: `given` are the records and folders as typed, each with the name
    messages show it by; the values by parameter name."""
    records, _typed = reader_and_values(game, {})
    known = {p.name: p for p in puzzle_params()}
    typed = {name: known[name].convert(v) for name, v in values.items()
             if v is not None and name in known}
    asked = typed.get("fmt")
    fmt = render.output_format(output, asked if isinstance(asked, Format) else None,
                               allowed=FORMATS)
    key = booklet_sheet(typed, what="a puzzle book")
    target = typed.get("target", HOME)
    assert isinstance(target, Destination)
    if fmt.data and target != HOME:
        raise OptionError(f"--for {target.key} is for printed books, not --format {fmt.name}")
    check_taken(sold(game, RECORD, destination=target), target, fmt=PDF,
                what="a puzzle book, which is a PDF: give another --for")
    press, bleed = booklet_press(key, target, typed=typed), typed.get("bleed")
    files: list[FolderFile] = []
    for path, shown in given:
        if path != "-" and Path(path).is_dir():
            files += record_files(Path(path), shown, records=records)
        else:
            files.append(_one_file(path, shown))
        if len(files) > MOST_RECORDS:
            raise UserError(f"{len(files)} records or more; a puzzle book is cut from at "
                            f"most {MOST_RECORDS}")
    if sum(len(f.data) for f in files) > MOST_BYTES:
        raise UserError(f"the records come to more than {MOST_BYTES // (1024 * 1024)} MiB; "
                        f"a puzzle book is cut from at most that")
    if files and "seed" in typed:
        raise OptionError("--seed is for a book of the game's own puzzles, made with no "
                          "records; the records' puzzles are their own")
    count, seconds, total, seed = (typed.get("count", DEFAULT_COUNT),
                                   typed.get("budget", DEFAULT_SECONDS),
                                   typed.get("total", DEFAULT_TOTAL),
                                   typed.get("seed", DEFAULT_SEED))
    assert isinstance(count, int) and isinstance(seed, int)
    assert isinstance(seconds, (int, float)) and isinstance(total, (int, float))
    palette = typed.get("palette", COLOUR)
    assert isinstance(palette, Palette)
    return PuzzleRequest(game, tuple(files), PuzzleAsk(count, float(seconds), float(total),
                                                       seed),
                         key, palette, target,
                         float(bleed) if isinstance(bleed, (int, float)) else None,
                         str(typed.get("lang", i18n.SOURCE)), press, fmt,
                         _named(given[0][0]) if len(given) == 1 else "")


def _named(path: str) -> str:
    """What names the book: a file's name, or a folder's own (also for `.`)."""
    return os.path.abspath(path) if path != "-" and Path(path).is_dir() else path


def _one_file(path: str, shown: str) -> FolderFile:
    """A record file's bytes (standard input for `-`), at most the judges' LIMIT."""
    try:
        if path == "-":
            if sys.stdin is None:
                raise OSError("standard input is closed")
            data = sys.stdin.buffer.read(LIMIT + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(LIMIT + 1)
    except OSError as err:
        raise UserError(f"{shown}: cannot be read: {err.strerror or err}") from None
    if len(data) > LIMIT:
        raise UserError(f"{shown}: more than {LIMIT // 1024} KiB; a record is at most that")
    return FolderFile(shown, data)


def puzzles(request: PuzzleRequest) -> tuple[Puzzles, list[tuple[str, str]]]:
    """The puzzles, solved and chosen: from the records (with those left out, and why), or
    from the seed."""
    made = request.game.puzzles
    if made is None:
        raise OptionError(f"{request.game.key} makes no puzzle books")
    if not request.files:
        return made.from_seed(request.ask), []
    readable = [(f.name, f.data) for f in request.files if not f.unreadable]
    left_out = [(f.name, f.unreadable) for f in request.files if f.unreadable]
    if not readable:
        name, why = left_out[0]
        raise UserError(f"{name}: {why}")
    chosen, more = made.from_records(readable, request.ask)
    return chosen, left_out + more


def document(request: PuzzleRequest, chosen: Puzzles,
             *, left_out: Sequence[tuple[str, str]] = ()) -> Document:
    """The book: the puzzles and the answers, imposed as a booklet (or single pages for a
    print shop), with a cover, contents and the records left out."""
    words = i18n.words(request.lang)
    printed = booklet.page_paper(request.paper, request.target, bleed=request.bleed)
    content = booklet.content_paper(printed)
    parts = [booklet.Part(c.title, c.byline, c.pages)
             for c in chosen.chapters(content, request.palette, words=words)]
    title = words._("%(game)s puzzles", game=request.game.title)
    inside = words.ngettext("%(count)s puzzle, every answer proven",
                            "%(count)s puzzles, every answer proven", n=len(chosen),
                            count=len(chosen))
    sheets = booklet.booklet(title, inside, parts=parts, paper_key=request.paper,
                             colours=request.palette,
                             page_paper=printed, left_out=tuple(left_out), words=words)
    return booklet.document(words._("%(title)s: %(inside)s, a booklet", title=title,
                                    inside=inside), sheets,
                            author=words._("pnp (game by %(designer)s)",
                                           designer=request.game.designer),
                            shop=printed.press.shop, words=words)


def shown_name(path: str) -> str:
    return "standard input" if path == "-" else printable(path)




@dataclass(frozen=True, slots=True)
class ShelvedPuzzles:
    """A puzzle book as the catalogue shelves it (app/shelf.py): `pnp build --puzzles`
    solves once and draws the same puzzles on each paper and in each language."""
    request: PuzzleRequest
    chosen: Puzzles

    @property
    def game(self) -> Game[GameOptions]:
        return self.request.game

    @property
    def paper(self) -> str:
        return self.request.paper

    @property
    def lang(self) -> str:
        return self.request.lang

    @property
    def target(self) -> Destination:
        return self.request.target

    @property
    def stem(self) -> str:
        return self.request.stem

    @property
    def formats(self) -> tuple[Format, ...]:
        return (PDF,)

    @property
    def settings(self) -> render.Settings:
        return self.request.settings

    def label(self) -> str:
        words = i18n.words(self.lang)
        return words._("%(game)s puzzles, %(paper)s", game=self.game.title,
                       paper=paper_name(self.paper, words=words))

    def path(self, out: Path) -> Path:
        """Beside the rules' booklets, the print shop's in its folder."""
        root = language_folder(out, self.lang)
        if self.target.folder:
            root = root / self.target.folder
        return root / "booklets" / f"{self.stem}.pdf"

    def document(self) -> Document:
        return document(self.request, self.chosen)


def shelved(game: Game[GameOptions], papers: Sequence[str], *, langs: Sequence[str],
            shops: Sequence[Mapping[str, object]]) -> list[ShelvedPuzzles]:
    """`pnp build --puzzles`: the game's own puzzle book (the default seed and count) on
    each booklet paper (`papers`, keys of layout.booklet.FORMATS), in each language and for
    each of `shops` (home's values, and the print shop's where it builds for one), solved
    once before the build begins."""
    requests = [puzzle_request(game, [], values={"paper": key, "lang": lang, **shop})
                for shop in shops for key in papers for lang in langs]
    chosen, _left_out = puzzles(requests[0])
    return [ShelvedPuzzles(r, chosen) for r in requests]


__all__ = ["COUNT", "PuzzleRequest", "ShelvedPuzzles", "document", "puzzle_params",
           "puzzle_request", "puzzles", "shelved"]
