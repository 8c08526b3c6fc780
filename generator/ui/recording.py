"""`pnp record GAME FILE`: a played game's record, or a folder of them, printed as a study
booklet (docs/records.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path

import click

from generator import fonts, i18n, render
from generator.app import record_folder, record_request
from generator.app.collecting import uncollected
from generator.app.record_folder import FolderRequest
from generator.app.record_request import reader_and_values
from generator.core.content import Content
from generator.core.destinations import HOME, PRINT_SHOP, Destination
from generator.core.formats import DRAWN, SVG
from generator.core.paper import NAMED, Paper
from generator.core.scene import Document, Page, texts
from generator.errors import UserError
from generator.games import SomeGame, all_games
from generator.games.items import ITEMS
from generator.games.judges import FileJudge
from generator.layout import booklet
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.judging import read_bytes, shown
from generator.ui.options import click_option
from generator.ui.running import one_line, report


def print_folder(game: SomeGame, folder: str, *, values: dict[str, object],
                 output: Path | None) -> None:
    """A folder of records (a tournament's games) as one booklet with a contents page:
    `pnp record GAME FOLDER`, and `pnp booklet --records FOLDER`."""
    records, _typed = reader_and_values(game, values)
    files = record_folder.record_files(Path(folder), shown(folder), records=records)
    request = record_folder.folder_request(game, folder, files=files, values=values, output=output)
    render.check_target(output, request.fmt, allowed=request.formats, default_stem=request.stem)
    warn_of_left_out(request)
    with uncollected():
        made = record_folder.parts(request)
        for (name, _game), part in zip(request.played, made, strict=True):
            warn_of_boxes(page_words(part.pages), name)
        paths = render.save(record_folder.document(request, made), output, fmt=request.fmt,
                            default_stem=request.stem, allowed=request.formats,
                            settings=request.settings)
    for path in paths:
        report(one_line(str(path)))


MOST_SHOWN = 12     # characters a warning names; the rest are counted


def warn_of_left_out(request: FolderRequest) -> None:
    """One line on standard error for each record the booklet leaves out, and why: the
    booklet prints the others, and its contents list these."""
    for name, why in request.left_out:
        click.echo(f"pnp: warning: {one_line(name)}: left out of the booklet: "
                   f"{one_line(why)}", err=True)


def page_words(pages: Sequence[Page]) -> str:
    """Every word the pages print, run together."""
    return "".join(text for page in pages for text in texts(page.shapes))


def warn_of_boxes(words: str, name: str, *, svg: bool = False) -> None:
    """One line on standard error where a record asks for what pnp cannot print as written:
    characters that no face of pnp has (generator/fonts.py: Vera and DejaVu Sans cover Latin,
    Greek, Cyrillic and more, not Chinese or Japanese), which a PDF or PNG prints as empty
    boxes and an SVG viewer in a font of its own; or right-to-left text (Hebrew, Arabic),
    which pnp sets left to right. The record is printed anyway."""
    missing = fonts.unprintable(words)
    if missing:
        more = len(missing) - MOST_SHOWN
        listed = " ".join(missing[:MOST_SHOWN]) + (f" and {more} more" if more > 0 else "")
        what = ("an SVG viewer draws them in a font of its own, in widths pnp cannot know"
                if svg else "they print as empty boxes")
        click.echo(f"pnp: warning: {one_line(name)}: no font of pnp has {listed}; {what}",
                   err=True)
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in words):
        click.echo(f"pnp: warning: {one_line(name)}: pnp sets text left to right: its Hebrew "
                   f"or Arabic prints in reverse, and Arabic's letters unjoined", err=True)


def record_booklets(folder: str, papers: Sequence[Paper], *, langs: Sequence[str],
                    target: Destination = HOME, bleed: float | None = None
                    ) -> list[FolderRequest]:
    """`pnp build --records FOLDER`: the booklet of the Hex records in the folder on each
    booklet paper the build makes (A4, Letter) and in each language, and, for any shop, the
    print shop's too (single pages in reading order, with bleed `bleed` or the paper's), as
    the rules' booklets are; every record read and checked now, before the build begins."""
    keys = [key for key in booklet.FORMATS if NAMED[key] in papers]
    if not keys:
        raise UserError("--records: the records' booklet is printed on A4 or Letter; "
                        "build one of them (--paper a4 or letter)")
    game = all_games()["hex"]
    files = record_folder.record_files(Path(folder), shown(folder),
                                       records=reader_and_values(game, {})[0])
    # As the build makes the rules' booklets: any shop's are the print shop's (catalogue.py).
    shops: list[dict[str, object]] = [{}] + ([{"target": PRINT_SHOP.key, "bleed": bleed}]
                                             if target.shop else [])
    booklets = [{"paper": key, "lang": lang, **shop} for shop in shops for key in keys
                for lang in langs]
    # Each record read and judged once, for the first booklet; the others take it from there.
    first = record_folder.folder_request(game, folder, files=files, values=booklets[0])
    # What each record names, said of before the build draws it (its workers say nothing).
    warn_of_left_out(first)
    said = i18n.words(first.lang)
    for name, played in first.played:
        warn_of_boxes(played.title(said) + played.byline(said) + played.event(), name)
    return [first, *(record_folder.folder_request(game, folder, files=files, values=values,
                                                  read=first)
                     for values in booklets[1:])]


def record_command(game: SomeGame) -> click.Command:
    def run(file: str, output: Path | None, **values: object) -> None:
        name = shown(file)
        if file != "-" and Path(file).is_dir():
            print_folder(game, file, values=values, output=output)
            return
        data = read_bytes(file, name)      # its refusal names the file already
        try:
            request = record_request.record_request(game, data, values=values, output=output,
                                                    source="" if file == "-" else file)
        except UserError as err:
            raise UserError(f"{name}: {err}") from None
        render.check_target(output, request.fmt, allowed=request.formats,
                            default_stem=request.stem)
        with uncollected():
            content: Content = record_request.content(request)
            # A drawing only: a web edition's text is the browser's to set, in its fonts.
            if isinstance(content, Document) and request.fmt in DRAWN:
                warn_of_boxes(page_words(content.pages), name, svg=request.fmt == SVG)
            paths = render.save(content, output, fmt=request.fmt, default_stem=request.stem,
                                allowed=request.formats, settings=request.settings)
        for path in paths:
            report(one_line(str(path)))

    text = game.about.get(record_request.RECORD) or f"{record_request.RECORD.help} ({game.title})"
    # A game whose judge reads files besides its own text (Hex) reads the players' records.
    kinds = ("a record (HexGui or MoHex SGF, Little Golem, a Trmph or HexWorld link: "
             "docs/records.md) or one of the project's move lists"
             if isinstance(game.judge, FileJudge) else
             f"one of the project's move lists, as 'pnp judge {game.key} --help' describes "
             f"them")
    example = "game.sgf" if isinstance(game.judge, FileJudge) else "game.txt"
    return GameCommand(
        game, record_request.RECORD, copies=False, callback=run,
        params=[click.Argument(["file"], type=click.Path(allow_dash=True), metavar="FILE"),
                *(click_option(p) for p in record_request.record_params())],
        help=f"{text}\n\nFILE is {kinds}, or - for standard input. FILE may be a folder of "
             f"records (a tournament's games): they are printed, in the order of their "
             f"names, as one PDF booklet with a contents page (--paper a4 or letter). The "
             f"default name is the record's: {example} makes {game.key}-record-game.pdf.",
        short_help=first_paragraph(text))


COMMANDS: dict[str, click.Command] = {"record": GameGroup(
    "record", has=lambda g: g.records is not None, make=record_command,
    what="record", help=f"{ITEMS['record'].help} GAME is one of the games that reads "
                        f"records; 'pnp record GAME --help' lists its options.")}
