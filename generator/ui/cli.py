"""The `pnp` command: turn arguments into a request, make it, report one-line errors.

Every item command (`pnp board`, `pnp kit`, ...) is a group with one command per game that
has the item, made from the game table and the request's parameters (generator/app/params.py):
`pnp kit nex --help` lists Nex's options only. Everything that can be refused is refused by
the request (generator/app/requests.py). Drawing code is imported by the commands that draw,
so `pnp --help`, `list`, `judge` and `stats` start without reportlab, svgwrite or jinja2;
and the parameters, papers and palettes are imported by the commands that take them, so the
judge, `list` and `--help` start without those too (tests/test_startup.py).
"""

from __future__ import annotations

import os
import sys
import typing
from collections.abc import Callable

import click

from generator import __version__
from generator.core.destinations import CHECKED, HOME
from generator.core.printing import SCREEN_READER
from generator.errors import UserError
from generator.games import KEYS, all_games
from generator.games.items import ITEMS, WHOLE_KIT, Item
from generator.ui.options import (
    GameCommand,
    GameGroup,
    GameName,
    LateOptions,
    ParamValue,
    click_option,
    first_paragraph,
    folder_name,
    given_on_command_line,
)
from generator.ui.puzzling import puzzle_booklets, puzzles_group
from generator.ui.recording import print_folder, record_booklets, record_group

# How the command runs; its handler for a Ctrl-C while it starts is in ui/start.py.
from generator.ui.running import Pnp, one_line, report, say
from generator.ui.solving import solve_group

if typing.TYPE_CHECKING:
    from pathlib import Path

    from generator.app.shelf import ShelfBook
    from generator.core.destinations import Destination
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.games import SomeGame


def about(game: SomeGame, item: Item) -> str:
    """What an item (or judge, stats) gives for a game, as the game says; a kit lists its
    items. The first paragraph is the game's line in `pnp ITEM --help`."""
    if item == WHOLE_KIT:
        parts = [part.label for part in game.items]
        return (f"Print {game.title}'s {', '.join(parts[:-1])} and {parts[-1]} in one "
                f"document.")
    return game.about.get(item) or f"{item.help} ({game.title})"


def item_command(item: Item) -> Callable[[SomeGame], click.Command]:
    def make(game: SomeGame) -> click.Command:
        from generator.app import params
        def run(output: Path | None, **values: object) -> None:
            from generator import render
            from generator.app import requests
            given = given_on_command_line(click.get_current_context())
            request = requests.item_request(game, item, values, given=given, output=output)
            render.check_target(output, request.fmt, request.formats, request.stem)
            content = requests.content(request)
            for path in render.save(content, output, request.fmt, request.stem,
                                    request.formats, settings=request.settings):
                report(one_line(str(path)))

        text = about(game, item)
        data = item.data
        if data is not None:
            text += f"\n\nWith --format {data.name}, the board's description as data instead."
        return GameCommand(game, item, item.copies, callback=run,
                           params=[click_option(p) for p in params.item_params(game, item)],
                           help=text, short_help=first_paragraph(text))
    return make


@click.group(cls=Pnp, invoke_without_command=True)
@click.version_option(__version__, prog_name="pnp")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Print-and-play kits for connection games: boards, rule sheets and score pads."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@main.command("list")
def list_games() -> None:
    """List the games and what can be printed for each."""
    for key, game in all_games().items():
        # Named as the option that chooses them; a game of one edition has nothing to choose.
        variants = [v for v, _ in game.variants()]
        editions = f"; --edition {' or '.join(variants)}" if len(variants) > 1 else ""
        items = ", ".join([*(i.key for i in game.items), "kit"])
        by = ", ".join(filter(None, (game.designer, game.year)))
        say(f"{key:10} {game.title} ({by}): {items}{editions}")


def plural(count: int) -> str:
    """An English plural's s, for the command's own summary lines (never on a sheet)."""
    return "" if count == 1 else "s"


def has_item(item: Item) -> Callable[[SomeGame], bool]:
    return lambda game: game.has(item)


for _item in (i for i in ITEMS.values() if not i.from_record):
    main.add_command(GameGroup(
        _item.key, has=has_item(_item), make=item_command(_item),
        what=_item.key, help=f"{_item.help} GAME is one of the games that has it; "
                             f"'pnp {_item.key} GAME --help' lists its options."))


main.add_command(record_group())


def _stats_command(game: SomeGame) -> click.Command:
    from generator.app import game_params

    figures = game.figures
    assert figures is not None      # the group makes this command for a game with figures

    def run(**given: object) -> None:
        report = figures.figures(game.make_options(**given))
        for text in report.lines:
            say(text)
        for warning in report.warnings:
            say(f"warning: {warning}")
    text = game.about.get(game_params.STATS) or f"Figures of a generated {game.title} board."
    return GameCommand(game, game_params.STATS, callback=run,
                       params=[click_option(p) for p in game_params.game_params(
                           game, game_params.reads(game, game_params.STATS))],
                       help=text, short_help=first_paragraph(text))


main.add_command(GameGroup(
    "stats", has=lambda g: g.figures is not None, make=_stats_command, what="board figures",
    help="Figures of a generated board; warns when a board misses its balance targets."))


def _judge_command(game: SomeGame) -> click.Command:
    from generator.games.game import Subject
    from generator.ui.judging import judge_files

    def run(files: tuple[str, ...], fmt: str) -> None:
        status = judge_files(game, files, fmt == "json")
        if status:
            raise click.exceptions.Exit(status)
    text = game.about.get(Subject.JUDGE) or f"Judge a {game.title} file."
    return GameCommand(
        game, Subject.JUDGE, callback=run,
        params=[click.Argument(["files"], nargs=-1, required=True,
                               type=click.Path(allow_dash=True), metavar="FILE..."),
                click.Option(["--format", "fmt"], type=click.Choice(["text", "json"]),
                             default="text", show_default=True,
                             help="text: the judge's lines (under each file's name when "
                                  "there are several); json: one JSON object a line per "
                                  "file (docs/records.md lists its fields).")],
        help=f"{text}\n\nFILE is a text file, or - for standard input; several are judged "
             f"in one go. Exit status: 0 when every file was read (and every move legal), 1 "
             f"when one holds an illegal move, 2 when one cannot be read (the others are "
             f"judged all the same). The format in full: docs/commands.md, the sections \"Files "
             f"for `pnp judge`\" and \"... for `pnp judge {game.key}`\".",
        short_help=first_paragraph(text))


main.add_command(solve_group())
main.add_command(puzzles_group())
main.add_command(GameGroup(
    "judge", has=lambda g: g.judge is not None, make=_judge_command, what="judge",
    help="Say who has connected in a position, a replayed move list or (Hex) a game's "
         "record (FILE..., or - for standard input). Exit status 1 when a file holds illegal "
         "moves, 2 when one cannot be read. 'pnp judge GAME --help' describes the game's "
         "file format."))


def _booklet_options() -> list[click.Parameter]:
    from generator.app import params
    return [
        click.Argument(["games"], nargs=-1, type=GameName(), metavar="[GAME]..."),
        click.Option(["--all", "everything"], is_flag=True,
                     help="A compendium of every game, with a cover and contents."),
        click.Option(["--paper"], type=click.Choice(["a4", "letter"]), default="a4",
                     show_default=True, help="A5 pages on A4 sheets, or half-letter on Letter."),
        click.Option(["--with", "extras"], multiple=True, metavar="ITEM",
                     help="Add a game's other items too (board, pad, puzzle, ...); "
                          "repeatable."),
        click.Option(["--records"], metavar="FOLDER",
                     help="A folder of one game's records (a tournament's games) as a "
                          "booklet with a contents page, as 'pnp record GAME FOLDER' prints "
                          "it; GAME is Hex unless named."),
        click.Option(["--palette"], type=ParamValue(params.PALETTE),
                     default=params.PALETTE.default, show_default=True,
                     metavar=params.PALETTE.shown_metavar, help=params.PALETTE.help),
        click.Option(["-o", "--output"],
                     callback=click_option(params.output_param("booklet")).callback,
                     metavar="FILE", help="Output PDF (default named after its games "
                                          "here: hex-nex-booklet.pdf; - for standard "
                                          "output)."),
        click.Option(["--for", "target"], type=ParamValue(params.TARGET),
                     default=params.TARGET.default,
                     show_default=True, metavar=params.TARGET.shown_metavar,
                     help="Home: imposed two pages to a side, to print duplex and fold. Print "
                          "shop: single pages with bleed in reading order, padded to a "
                          "multiple of 4."),
        click.Option(["--bleed"], type=ParamValue(params.BLEED), metavar="MM",
                     help=params.BLEED_HELP),
        click.Option(["--press", "condition"], type=ParamValue(params.PRESS),
                     metavar=params.PRESS.shown_metavar, help=params.PRESS_HELP),
        click.Option(["--ink-limit"], type=ParamValue(params.INK_LIMIT), metavar="PERCENT",
                     help=params.INK_HELP),
        click.Option(["--lang"], type=ParamValue(params.LANG), default="en", show_default=True,
                     metavar=params.LANG.shown_metavar, help=params.LANG_HELP),
    ]


@main.command("booklet", cls=LateOptions, options=_booklet_options)
def booklet_command(games: tuple[str, ...], everything: bool, paper: str,
                    extras: tuple[str, ...], records: str | None, palette: Palette,
                    output: Path | None, target: Destination, bleed: float | None,
                    condition: str | None, ink_limit: float | None, lang: str) -> None:
    """Impose rule sheets (and more) as a saddle-stitched booklet, ready to print duplex."""
    from generator import render
    from generator.app import requests
    if records is not None:
        if everything or extras or len(games) > 1:
            raise click.UsageError("--records prints one game's records: name at most one "
                                   "game, without --all or --with")
        game = all_games()[games[0] if games else "hex"]
        if game.records is None:
            raise click.UsageError(f"--records: {game.title} prints no records; "
                                   f"{', '.join(k for k, g in all_games().items() if g.records)}"
                                   f" do")
        print_folder(game, records, {"paper": paper, "palette": palette, "target": target,
                                     "bleed": bleed, "condition": condition,
                                     "ink_limit": ink_limit, "lang": lang}, output)
        return
    try:
        request = requests.booklet_request(
            games, everything=everything, extras=requests.extra_items(extras, games),
            paper=paper, palette=palette, target=target, bleed=bleed, lang=lang,
            condition=condition, ink_limit=ink_limit)
    except requests.OptionError as err:
        raise click.UsageError(str(err)) from None
    render.check_target(output, None, request.formats, request.stem)
    document = requests.make(request)
    for path in render.save(document, output, None, request.stem, request.formats,
                            settings=request.settings):
        report(one_line(str(path)))


def _build_options() -> list[click.Parameter]:
    from generator.app import params
    from generator.i18n import LANGUAGES
    return [
        click.Argument(["games"], nargs=-1, type=GameName(), metavar="[GAME]..."),
        click.Option(["--paper"], type=ParamValue(params.PAPER), multiple=True, metavar="PAPER",
                     help="Paper size, repeatable (a4, letter, a3, tabloid, a5 or WxH); A4 "
                          "and Letter by default."),
        click.Option(["--out"], callback=folder_name, default="output", show_default=True,
                     metavar="DIR", help="Folder for the catalogue."),
        click.Option(["--jobs"], type=click.IntRange(1, 64), metavar="N",
                     help="Processes to build with (default: one per core)."),
        click.Option(["--for", "target"], type=ParamValue(params.TARGET),
                     default=params.TARGET.default,
                     show_default=True, metavar=params.TARGET.shown_metavar,
                     help="home: the catalogue to print at home. print-shop: that too, and "
                          "beside it in DIR/print-shop/ every PDF and booklet for a print "
                          "shop; the index lists both."),
        click.Option(["--bleed"], type=ParamValue(params.BLEED), metavar="MM",
                     help=params.BLEED_HELP),
        click.Option(["--lang", "langs"], type=click.Choice([*LANGUAGES, "all"]),
                     multiple=True, metavar="|".join([*LANGUAGES, "all"]),
                     help="Language(s), repeatable, or all; English by default. Other "
                          "languages go in DIR/LANG/."),
        click.Option(["--records"], metavar="FOLDER",
                     help="Also a booklet of the Hex records in FOLDER (a tournament's "
                          "games), on each of A4 and Letter built and in each language, "
                          "listed with the booklets."),
        click.Option(["--puzzles"], is_flag=True, default=False,
                     help="Also the Hex puzzle book of its own puzzles (pnp puzzles hex), on "
                          "each of A4 and Letter built and in each language, listed with the "
                          "booklets."),
    ]


@main.command(cls=LateOptions, options=_build_options)
def build(games: tuple[str, ...], paper: tuple[Paper, ...], out: Path,
          jobs: int | None, target: Destination, bleed: float | None, langs: tuple[str, ...],
          records: str | None, puzzles: bool) -> None:
    """Write the whole catalogue (every game, item, paper and format) into a folder."""
    from generator.app import catalogue, index_page
    from generator.core.paper import PAPERS
    from generator.i18n import LANGUAGES
    papers = list(paper) or [PAPERS[k] for k in sorted(PAPERS)]
    keys = list(dict.fromkeys(games)) or list(KEYS)
    chosen = list(LANGUAGES) if "all" in langs else list(dict.fromkeys(langs)) or ["en"]
    catalogue.check_destination(target, bleed)
    for left_out in catalogue.check(keys, papers, out):
        click.echo(f"pnp build: left out {left_out}", err=True)
    unsold = catalogue.unsold(keys, target)
    if unsold:
        click.echo(f"pnp build: left out for {target.described}: {unsold}", err=True)
    # Every record read and judged before any work: a bad one stops the build at once.
    recorded: list[ShelfBook] = [] if records is None else [
        *record_booklets(records, papers, chosen, target, bleed)]
    if puzzles:     # solved before the build begins, as the records are read
        recorded += puzzle_booklets(papers, chosen, target, bleed)
    steps = len(keys) * len(chosen)
    if sys.stderr is not None and sys.stderr.isatty():
        with click.progressbar(length=steps, label="Building", file=sys.stderr) as bar:
            built = catalogue.build(keys, papers, out, jobs=jobs or os.cpu_count() or 1,
                                    progress=lambda key: bar.update(1), destination=target,
                                    bleed=bleed, langs=chosen, records=recorded)
    else:
        # Not on a terminal (a log, CI): a line a finished game, so a long build shows life.
        done = [0]

        def step(key: str) -> None:
            done[0] += 1
            click.echo(f"pnp build: {key} done ({done[0]} of {steps})", err=True)
        built = catalogue.build(keys, papers, out, jobs=jobs or os.cpu_count() or 1,
                                progress=step, destination=target, bleed=bleed,
                                langs=chosen, records=recorded)
    # Every file written: the items and booklets, an index page a language, and the zip.
    written = len({path for _, paths in built for path in paths}) + len(chosen) + 1
    pages = ["index.html", *(index_page.relative(index_page.language_folder(out, lang)
                                                / "index.html", out) for lang in chosen[1:])]
    say(f"{written} file{plural(written)} in {out}, with {', '.join(pages)} and "
        f"{index_page.WHOLE_ZIP}")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535), metavar="PORT",
              help="Port on 127.0.0.1: 8470 by default, or any free one if that is taken; 0 "
                   "for any free one.")
@click.option("--no-browser", is_flag=True, help="Only serve the page; open no browser.")
def studio(port: int | None, no_browser: bool) -> None:
    """Every game, item and option on a page in the browser, with a live preview and
    downloads. Served on this computer only, until Ctrl+C."""
    from generator.ui import studio as served
    served.serve(port, open_browser=not no_browser, echo=click.echo)

@main.command("check")
@click.argument("file", type=click.Path())
@click.option("--for", "reader", type=click.Choice([*CHECKED, SCREEN_READER.key]),
              default=HOME.key, show_default=True,
              help="Check for home printing, for a print shop or a vendor that takes "
                   "PDF/X-1a (adds boxes, bleed, CMYK, ink and black text; for "
                   "DriveThruCards, the card size and each back before its face), or for a "
                   "screen reader (tagged, language, title shown, figures described, "
                   "headings in order, tables with headers; fails a file that claims "
                   "PDF/UA-1 and breaks them).")
@click.option("--booklet", is_flag=True, default=None,
              help="Check the page count for a booklet (a multiple of 4); on by itself when "
                   "the PDF's title says booklet.")
def check_command(file: str, reader: str, booklet: bool | None) -> None:
    """Preflight any PDF: one line per check; exit status 1 when a check fails."""
    from pathlib import Path

    from generator import preflight
    from generator.ui.options import names_folder
    if not file or names_folder(file):
        why = "the name is empty" if not file else "a name that ends in / is a folder's"
        raise UserError(f"cannot read {file!r}: {why}; give the name of a PDF file")
    audience: preflight.Reader = CHECKED.get(reader, SCREEN_READER)
    results = preflight.check_file(Path(file), audience, booklet or None)
    for line in preflight.report_lines(results):
        click.echo(line)
    failed = [c.name for c in results if not c.passed]
    if failed:
        verb = "fails" if len(failed) == 1 else "fail"
        click.echo(f"{one_line(file)}: {len(failed)} of {len(results)} check{plural(len(results))} "
                   f"{verb} for {audience.described}: {', '.join(failed)}")
        raise click.exceptions.Exit(1)
    click.echo(f"{one_line(file)}: ready for {audience.described}")


if __name__ == "__main__":
    # Ended as the `pnp` program ends (ui/signals.py): Python's own shutdown would put the
    # default handlers back, and a Ctrl-C then would end the run by the signal, unsaid.
    from generator.ui.signals import run
    run(main)
