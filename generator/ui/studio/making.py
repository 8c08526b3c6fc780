"""What a request makes in the studio: the document the command line would write, within
the studio's caps (copies, sheets, pixels), and the figures shown beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator import i18n
from generator.app import requests
from generator.app.params import largest_dpi
from generator.app.puzzle_request import PuzzleRequest, document
from generator.app.record_request import RecordRequest, content
from generator.core.scene import Document, Page
from generator.core.units import MM_PER_INCH
from generator.games.game import OptionError
from generator.layout import hyphenation, tiling
from generator.ui.studio.form import MAX_COPIES, BadRequest, Request

if TYPE_CHECKING:
    from generator.core.paper import Paper
    from generator.games import SomeGame
    from generator.games.protocols import GameOptions
    from generator.games.puzzle_book import Puzzles

# Work one request may ask for: the command line allows more, the studio sends people to it.
MAX_PAGES = 24          # sheets of one document: a tiled board, a kit with copies
# Pages of a record's booklet: its length is the record's (read up to 256 KiB, and the
# diagrams the booklet holds are bounded: played.py), so a long game's comments may take
# more pages than an item; a 180 KiB record of 80 commented moves takes 27 in 0.9 s.
MAX_RECORD_PAGES = 64
# Sheets of a puzzle book: as many as its most puzzles take (200 from seed 1: 136).
MAX_BOOK_PAGES = 160
MAX_PIXELS = 40_000_000  # of one PNG page: A4 at 600 dpi; the command line makes more
TILING_SLACK = 1.4      # how far over the cap an estimated tiling is refused unmade


@dataclass(frozen=True)
class Made:
    """What a request makes: the document, and the options' label."""
    document: Document
    figures: tuple[str, ...]
    warnings: tuple[str, ...]


def figures(request: Request) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The figures beside the preview: the options' label, then the game's own figures for
    its board (Blind Hex's balance, Hex KB's windows and gaps) where it has them. Asked for
    after the preview, so the drawing never waits for them."""
    checked = request.checked()
    if not isinstance(checked, requests.ItemRequest):
        return (), ()
    game = request.game
    words = i18n.words(checked.lang)
    label = checked.options.label(words)
    report = game.figures.figures(checked.options, words) if game.figures is not None else None
    if report is None:
        return (label,), ()
    if report.in_words:     # for a player, in the language chosen
        return (label, *report.in_words), report.warnings_in_words
    # The report's heading names the options again ("Blind Hex board 11x11, ..."): the
    # label above says it already.
    lines = [line for line in report.lines
             if line != label and not line.startswith(f"{game.title} board")]
    return (label, *lines), tuple(report.warnings)


def make(request: Request, chosen: Puzzles | None = None) -> Made:
    """The document the command would write, made as the command makes it (a kit from its
    items' kept documents, as every kit is), with the options' label; a puzzle book from
    its puzzles, `chosen`, solved before."""
    checked = request.checked()
    if isinstance(checked, requests.BookletRequest):
        return Made(_capped(requests.make(checked)), (), ())
    if isinstance(checked, RecordRequest):
        return _record(checked)
    if isinstance(checked, PuzzleRequest):
        if chosen is None:
            raise BadRequest("the puzzle book's puzzles were not solved; ask again")
        return _puzzle_book(checked, chosen)
    if checked.copies is not None and checked.copies > MAX_COPIES:
        raise BadRequest(f"Copies: {checked.copies} is not between 1 and {MAX_COPIES}: the "
                         f"studio prints up to {MAX_COPIES} copies at a time (the command "
                         f"line up to 100).",
                         "copies")
    if checked.tile and checked.cell is not None:
        _refuse_large_tilings(checked.game, checked.options, checked.paper, checked.cell,
                              words=i18n.words(checked.lang))
    label = checked.options.label(i18n.words(checked.lang))
    return Made(_capped(requests.make(checked)), (label,), ())


def _record(checked: RecordRequest) -> Made:
    """A record's booklet as `pnp record` draws it; its figures are the game's title and
    what the record says of it (event, date, how it ended), in the language chosen."""
    drawn = content(checked)
    if not isinstance(drawn, Document):     # a record written as data is no preview
        raise BadRequest("the studio shows a record's booklet, not its text")
    words = i18n.words(checked.lang)
    said = tuple(filter(None, (checked.played.title(words), checked.played.byline(words))))
    return Made(_capped(drawn, MAX_RECORD_PAGES), said, ())


def _puzzle_book(checked: PuzzleRequest, chosen: Puzzles) -> Made:
    """A puzzle book as `pnp puzzles` draws it; its figure how many puzzles it holds, as
    its cover says it, in the language chosen."""
    said = (i18n.words(checked.lang).ngettext("%(count)s puzzle, every answer proven",
                                              "%(count)s puzzles, every answer proven",
                                              n=len(chosen), count=len(chosen)),)
    return Made(_capped(document(checked, chosen), MAX_BOOK_PAGES), said, ())


def _refuse_large_tilings(game: SomeGame, options: GameOptions, paper: Paper,
                          cell: float, *, words: i18n.Words) -> None:
    """Refuse a tiling far over the cap before drawing it: cells grow with the sheet, so the
    board's cell on the paper itself tells the scale, and the scale the sheets. The estimate
    runs up to a third high, so only what is well over is refused here; the rest is counted
    exactly once made."""
    low, high = tiling.CELL_RANGE
    if not low <= cell <= high:
        return      # the command's own sentence follows
    scale = cell / game.pages().board_cell(options, paper, words)
    page = Page(paper.width * scale, paper.height * scale, ())
    sheets = min(tiling.sheets_needed(page, paper.margin, sheet_paper=p, words=words)
                 for p in (paper, paper.turned()))
    if sheets > TILING_SLACK * MAX_PAGES:
        raise OptionError(f"a board with {cell:g} mm cells takes more than {MAX_PAGES} sheets "
                          f"of {paper.name}; the studio makes up to {MAX_PAGES} at a time, "
                          f"the command line more")


def _capped(doc: Document, most: int = MAX_PAGES) -> Document:
    if len(doc.pages) > most:
        raise OptionError(f"that is {len(doc.pages)} sheets; the studio makes up to "
                          f"{most} at a time, the command line more")
    return doc


def check_pixels(width_mm: float, height_mm: float, *, dpi: int) -> None:
    """Refuse a PNG page of more pixels than the studio makes, naming the dpi that fits."""
    most = largest_dpi((width_mm / MM_PER_INCH) * (height_mm / MM_PER_INCH), MAX_PIXELS)
    if dpi > most:
        raise BadRequest(f"Resolution: at {dpi} dpi this page is more pixels than the studio "
                         f"makes; at most {most} dpi here (the command line makes more).",
                         "dpi")


def ready_language(lang: str) -> None:
    """Read what setting text in a language needs once, before a sheet needs it: the
    language's catalogue and hyphenation patterns (both kept for the process)."""
    i18n.translations(lang)
    hyphenation.positions("hyphenation", lang)
