"""The `pnp` command: parse options, call the library, report one-line errors.

Every item command (`pnp board`, `pnp kit`, ...) is a group with one command per game that
has the item, made from the game table: `pnp kit nex --help` lists Nex's options only.
Drawing code is imported by the commands that draw, so `pnp --help`, `list`, `judge` and
`stats` start without reportlab, svgwrite or jinja2.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from . import __version__
from .errors import UserError
from .games import ALIASES, KEYS, all_games, find
from .i18n import LANGUAGES
from .palette import PALETTES
from .paper import NAMED, PAPERS, Paper, parse_paper

if typing.TYPE_CHECKING:
    from .games.game import Game

# What an item is written as: documents, and for boards their data too.
DOCUMENT_FORMATS = ("pdf", "svg", "png")
BOARD_FORMATS = (*DOCUMENT_FORMATS, "json")

EXIT_BAD_INPUT = 2

ITEMS = {
    "board": "Print a board (or its description as data with --format json).",
    "rules": "Print the rule sheet.",
    "pad": "Print a score pad.",
    "counters": "Print a sheet of counters to cut out.",
    "tiles": "Print the blocks to cut out.",
    "puzzle": "Print a puzzle and, on the next page, its solution.",
    "kit": "Print every item of a game in one document.",
}
NOT_REPEATED = ("rules",)   # items --copies would not change


class Pnp(click.Group):
    """Every user error is one line on stderr and exit status 2, never a traceback."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             **extra: Any) -> Any:
        try:
            # Without standalone mode click returns a command's Exit status instead of exiting.
            status = super().main(args, prog_name=prog_name, standalone_mode=False, **extra)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.Abort:
            click.echo("pnp: aborted", err=True)
            sys.exit(1)
        except click.ClickException as err:
            click.echo(f"pnp: {err.format_message()}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except UserError as err:
            click.echo(f"pnp: {err}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        sys.exit(status if isinstance(status, int) else 0)


class PaperType(click.ParamType):
    name = "paper"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Paper:
        if isinstance(value, Paper):
            return value
        try:
            return parse_paper(value)
        except ValueError as err:
            self.fail(str(err), param, ctx)


PAPER_HELP = (f"Paper: {', '.join(NAMED)}, or WxH in mm or inches (200x300, 8.5x14in). Boards "
              f"turn to landscape when that gives a larger board.")
PALETTE = click.option("--palette", type=click.Choice(sorted(PALETTES)), default="colour",
                       show_default=True, help="Colours by role.")
LANG_HELP = "Language of everything printed: English, Portuguese, Spanish or German."


def lang_option() -> click.Option:
    return click.Option(["--lang"], type=click.Choice(LANGUAGES), default="en",
                        show_default=True, help=LANG_HELP)


class GameName(click.Choice):
    """A game's key, or another name it is known by (bling for Blinq), as its key."""

    def __init__(self) -> None:
        super().__init__(KEYS)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return super().convert(ALIASES.get(value, value), param, ctx)


class GameGroup(click.Group):
    """A command whose subcommands are the games that have something: an item, a judge,
    figures. Commands are made when asked for, from the game table."""

    def __init__(self, name: str, has: Callable[[Game[Any]], bool],
                 make: Callable[[Game[Any]], click.Command], what: str, **attrs: Any):
        super().__init__(name, **attrs)
        self.has, self.make, self.what = has, make, what

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [key for key, game in all_games().items() if self.has(game)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        game = find(cmd_name)
        if game is None or not self.has(game):
            return None
        return self.make(game)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        command = self.get_command(ctx, name)
        if command is None:
            offered = self.list_commands(ctx)
            if find(name) is None:
                raise click.UsageError(f"Invalid value for 'GAME': '{name}' is not one of "
                                       f"{', '.join(KEYS)}", ctx)
            raise click.UsageError(f"{name} has no {self.what}; {', '.join(offered)} "
                              f"{'has' if len(offered) == 1 else 'have'}")
        return command.name, command, args[1:]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "GAME [OPTIONS]")


class GameCommand(click.Command):
    """One game's command: an option the game does not take is named with the game."""

    def __init__(self, game: Game[Any], **attrs: Any):
        super().__init__(game.key, **attrs)
        self.game = game

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as err:
            raise click.UsageError(f"{self.game.title} takes no option {err.option_name}",
                                   ctx) from None


def game_parameters(game: Game[Any]) -> list[click.Parameter]:
    """The command-line options of a game: one per field of its options class."""
    hints = typing.get_type_hints(game.options)
    params: list[click.Parameter] = []
    for field in dataclasses.fields(game.options):  # type: ignore[arg-type]
        name = field.name.replace("_", "-")
        kind = hints[field.name]
        help_text = field.metadata.get("help", "")
        if field.default is not None:
            help_text += f"  [default: {field.default}]"
        if kind is bool:
            params.append(click.Option([f"--{name}/--no-{name}", field.name], default=None,
                                       help=help_text))
            continue
        number = kind in (int, typing.Optional[int])
        metavar = field.metadata.get("metavar") or "|".join(field.metadata.get("choices", ()))
        params.append(click.Option([f"--{name}", field.name], type=int if number else str,
                                   default=None, metavar=metavar or ("N" if number else "TEXT"),
                                   help=help_text))
    return params


def item_command(item: str) -> Callable[[Game[Any]], click.Command]:
    def make(game: Game[Any]) -> click.Command:
        formats = BOARD_FORMATS if item == "board" else DOCUMENT_FORMATS
        params = game_parameters(game) + [
            click.Option(["--paper"], type=PaperType(), default="a4", show_default=True,
                         help=PAPER_HELP),
            click.Option(["--palette"], type=click.Choice(sorted(PALETTES)), default="colour",
                         show_default=True, help="Colours by role."),
            click.Option(["--format", "fmt"], type=click.Choice(formats),
                         help="Output format (default: from the -o file's extension, else "
                              "pdf)."),
            click.Option(["-o", "--output"], type=click.Path(dir_okay=False, path_type=Path),
                         help=f"Output file (default {game.key}-{item}.FORMAT here). "
                              f"Multi-page SVG and PNG become NAME-1.EXT, NAME-2.EXT, ..."),
            click.Option(["--dpi"], type=click.IntRange(36, 1200), metavar="N",
                         help="Pixels per inch of --format png.  [default: 300]"),
            lang_option(),
        ]
        if item not in NOT_REPEATED:
            params.append(click.Option(["--copies"], type=click.IntRange(1, 100),
                                       help="Print the item this many times.  [default: 1]"))
        if item == "board":
            params += [
                click.Option(["--cell"], type=float, metavar="MM",
                             help="Cells this many mm across (flat to flat), instead of as "
                                  "large as the paper allows."),
                click.Option(["--tile"], is_flag=True, default=False,
                             help="With --cell, print a board larger than the paper over "
                                  "several overlapping sheets with crosshairs to line them "
                                  "up."),
            ]

        def run(paper: Paper, palette: str, fmt: str | None, output: Path | None,
                dpi: int | None, lang: str, copies: int | None = None, cell: float | None = None,
                tile: bool = False, **given: Any) -> None:
            from . import i18n
            with i18n.language(lang):
                write(paper, palette, fmt, output, dpi, copies, cell, tile, **given)

        def write(paper: Paper, palette: str, fmt: str | None, output: Path | None,
                  dpi: int | None, copies: int | None, cell: float | None,
                  tile: bool, **given: Any) -> None:
            from . import render
            from .games.game import OptionError
            options = game.make_options(**given)
            chosen = render.output_format(output, fmt, formats)
            if dpi is not None and chosen != "png":
                raise OptionError(f"--dpi is for --format png, not {chosen}")
            content: Any
            if chosen in render.DATA_FORMATS:
                if copies is not None or cell is not None or tile:
                    raise OptionError("--copies, --cell and --tile are for printed boards, "
                                      "not --format json")
                content = game.board_json(options)
            else:
                from . import documents
                if cell is not None or tile:
                    if tile and cell is None:
                        raise OptionError("--tile needs --cell, the size of the cells in mm")
                    if copies is not None:
                        raise OptionError("--copies is for whole boards, not --cell boards")
                    content = documents.tiled_board(game, options, paper, cell or 0.0, tile,
                                                    palette)
                else:
                    content = documents.make_document(game, item, options, paper,
                                                      copies or 1, palette)
            settings = {"dpi": dpi} if dpi is not None else {}
            for path in render.save(content, output, chosen, f"{game.key}-{item}", formats,
                                    **settings):
                click.echo(path)

        return GameCommand(game, callback=run, params=params,
                           help=f"{ITEMS[item]} ({game.title})")
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
        variants = ", ".join(v for v, _ in game.variants())
        items = ", ".join([*game.items, "kit"])
        by = ", ".join(filter(None, (game.designer, game.year)))
        click.echo(f"{key:10} {game.title} ({by}): {items}; variants: {variants}")


for _item, _help in ITEMS.items():
    main.add_command(GameGroup(
        _item, has=lambda g, i=_item: i == "kit" or i in g.items, make=item_command(_item),
        what=_item, help=f"{_help} GAME is one of the games that has it; "
                         f"'pnp {_item} GAME --help' lists its options."))


def _stats_command(game: Game[Any]) -> click.Command:
    def run(**given: Any) -> None:
        assert game.stats is not None
        report = game.stats(game.make_options(**given))
        for text in report.lines:
            click.echo(text)
        for warning in report.warnings:
            click.echo(f"warning: {warning}")
    return GameCommand(game, callback=run, params=game_parameters(game),
                       help=f"Figures of a generated {game.title} board.")


main.add_command(GameGroup(
    "stats", has=lambda g: g.stats is not None, make=_stats_command, what="board figures",
    help="Figures of a generated board; warns when a board misses its balance targets."))


def _judge_command(game: Game[Any]) -> click.Command:
    from .gridfile import LIMIT, decode

    def run(file: str) -> None:
        assert game.judge is not None
        name = "<stdin>" if file == "-" else "".join(
            ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace")
            .decode("ascii") for ch in file)
        try:
            if file == "-" and sys.stdin is None:
                raise OSError("standard input is closed")
            # At most one byte past the limit, so a huge file or an endless stream is refused
            # after reading what the limit allows.
            with click.open_file(file, "rb") as stream:
                data = stream.read(LIMIT + 1)
        except OSError as err:
            raise UserError(f"{name}: cannot be read: {err.strerror or err}") from None
        try:
            verdict = game.judge(decode(data))
        except UserError as err:
            raise UserError(f"{name}: {err}") from None
        for text in verdict.lines:
            click.echo(text)
        if not verdict.clean:
            raise click.exceptions.Exit(1)
    return GameCommand(
        game, callback=run,
        params=[click.Argument(["file"], type=click.Path(allow_dash=True))],
        help=f"Judge a {game.title} file (FILE, or - for standard input).")


main.add_command(GameGroup(
    "judge", has=lambda g: g.judge is not None, make=_judge_command, what="judge",
    help="Say who has connected in a position or a replayed move list (FILE, or - for "
         "stdin). Exit status 1 when a move list holds illegal turns."))


@main.command("booklet")
@click.argument("games", nargs=-1, type=GameName())
@click.option("--all", "everything", is_flag=True,
              help="A compendium of every game, with a cover and contents.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
              show_default=True, help="A5 pages on A4 sheets, or half-letter on Letter.")
@click.option("--with", "extras", multiple=True, metavar="ITEM",
              help="Add a game's other items too (board, pad, puzzle, ...); repeatable.")
@PALETTE
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("booklet.pdf"), show_default=True, help="Output PDF.")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help=LANG_HELP)
def booklet_command(games: tuple[str, ...], everything: bool, paper: str,
                    extras: tuple[str, ...], palette: str, output: Path, lang: str) -> None:
    """Impose rule sheets (and more) as a saddle-stitched booklet, ready to print duplex."""
    from . import documents, i18n, render
    keys = list(KEYS) if everything else list(dict.fromkeys(games))
    if not keys:
        raise click.UsageError("name the games for the booklet, or give --all")
    with i18n.language(lang):
        document = documents.booklet_document(keys, list(extras), paper, palette)
    for path in render.save(document, output, None, "booklet", ("pdf",)):
        click.echo(path)


@main.command()
@click.argument("games", nargs=-1, type=GameName())
@click.option("--paper", type=PaperType(), multiple=True,
              help="Paper size(s); A4 and Letter by default.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the catalogue.")
@click.option("--jobs", type=click.IntRange(1, 64),
              help="Processes to build with (default: one per core).")
@click.option("--lang", "langs", type=click.Choice([*LANGUAGES, "all"]), multiple=True,
              help="Language(s), repeatable, or all; English by default. Other languages go "
                   "in OUT/LANG/.")
def build(games: tuple[str, ...], paper: tuple[Paper, ...], out: Path,
          jobs: int | None, langs: tuple[str, ...]) -> None:
    """Write the whole catalogue (every game, item, paper and format) into a folder."""
    from . import catalogue
    papers = list(paper) or [PAPERS[k] for k in sorted(PAPERS)]
    keys = list(dict.fromkeys(games)) or list(KEYS)
    chosen = list(LANGUAGES) if "all" in langs else list(dict.fromkeys(langs)) or ["en"]
    catalogue.make_folder(out)
    with click.progressbar(length=len(keys) * len(chosen), label="Building",
                           file=sys.stderr) as bar:
        built = catalogue.build(keys, papers, out, jobs or os.cpu_count() or 1,
                                progress=lambda key: bar.update(1), langs=chosen)
    click.echo(f"{sum(len(paths) for _, paths in built) + 1} files in {out}, with index.html")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535),
              help="Port on 127.0.0.1: 8470 by default, or any free one if that is taken; 0 "
                   "for any free one.")
@click.option("--no-browser", is_flag=True, help="Only serve the page; open no browser.")
def studio(port: int | None, no_browser: bool) -> None:
    """Every game, item and option on a page in the browser, with a live preview and
    downloads. Served on this computer only, until Ctrl+C."""
    from . import studio as served
    served.serve(port, open_browser=not no_browser, echo=click.echo)

@main.command("check")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--for", "target", type=click.Choice(["home", "print-shop"]), default="home",
              show_default=True, help="Check for home printing, or for a print shop (adds "
                                      "boxes, bleed, CMYK, ink and black text).")
@click.option("--booklet", is_flag=True, default=None,
              help="Check the page count for a booklet (a multiple of 4); on by itself when "
                   "the PDF's title says booklet.")
def check_command(file: Path, target: str, booklet: bool | None) -> None:
    """Preflight any PDF: one line per check; exit status 1 when a check fails."""
    from . import preflight
    results = preflight.check_file(file, target, booklet or None)
    for line in preflight.report_lines(results):
        click.echo(line)
    failed = [c.name for c in results if not c.passed]
    where = "home printing" if target == "home" else "a print shop"
    if failed:
        click.echo(f"{file}: {len(failed)} of {len(results)} checks fail for {where}: "
                   f"{', '.join(failed)}")
        raise click.exceptions.Exit(1)
    click.echo(f"{file}: ready for {where}")


if __name__ == "__main__":
    main()
