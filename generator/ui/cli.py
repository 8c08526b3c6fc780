"""The `pnp` command: parse options, call the library, report one-line errors.

Every item command (`pnp board`, `pnp kit`, ...) is a group with one command per game that
has the item, made from the game table: `pnp kit nex --help` lists Nex's options only.
Drawing code is imported by the commands that draw, so `pnp --help`, `list`, `judge` and
`stats` start without reportlab, svgwrite or jinja2.
"""

from __future__ import annotations

import os
import signal
import sys


def _quiet_exit(signum: int, frame: object) -> None:
    # Until the command runs there is nothing to clean up: one line, and out.
    os.write(2, b"pnp: interrupted\n" if signum == signal.SIGINT else b"pnp: terminated\n")
    os._exit(128 + signum)


if __name__ == "__main__" or os.path.basename(sys.argv[0]) == "pnp":
    # Run as the program: an interrupt while it starts is one line, not a traceback.
    # A signal the caller ignores (a background job's SIGINT, nohup) stays ignored.
    for _signal in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(_signal) is not signal.SIG_IGN:
            signal.signal(_signal, _quiet_exit)

import dataclasses
import errno
import threading
import typing
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import click

from generator import __version__
from generator.core.palette import PALETTES
from generator.core.paper import MAX_BLEED, NAMED, PAPERS, TARGETS, Paper, for_press, parse_paper
from generator.core.printing import CONDITIONS
from generator.errors import UserError
from generator.games import KEYS, aliases, all_games, find
from generator.games.items import ITEMS
from generator.i18n import LANGUAGES

if typing.TYPE_CHECKING:
    from generator.games.game import Game

# What an item is written as: documents, and for boards their data too.
DOCUMENT_FORMATS = ("pdf", "svg", "png")
BOARD_FORMATS = (*DOCUMENT_FORMATS, "json")

EXIT_BAD_INPUT = 2



class Interrupted(BaseException):
    """SIGINT or SIGTERM, raised where the program is so that temporary files go and
    workers stop on the way out. Not an Exception: nothing but `Pnp.main` catches it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_caught: list[int] = []   # the signal that arrived, in case its exception was swallowed


def _interrupted(signum: int, frame: object) -> None:
    # Once: a second Ctrl-C while cleaning up must not stop the cleaning.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    _caught.append(signum)
    raise Interrupted(signum)


@contextmanager
def _signals_raise() -> Iterator[None]:
    """While a command runs, SIGINT and SIGTERM raise Interrupted (then the handlers that
    were there come back: the command may run inside a test)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _caught.clear()
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig, handler in before.items():
        if handler is not signal.SIG_IGN:   # what the caller ignores stays ignored
            signal.signal(sig, _interrupted)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def one_line(text: str) -> str:
    """User text in a message, on one line: control characters escaped as repr does."""
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


def _silence_stdout() -> None:
    """After standard output failed, send it nowhere, so the final flush at exit is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _fail(message: str, status: int) -> typing.NoReturn:
    with suppress(OSError):
        click.echo(f"pnp: {one_line(message)}", err=True)
    sys.exit(status)


def say(text: str) -> None:
    """A line on standard output; a full disk or closed pipe there is one line on stderr."""
    try:
        click.echo(text)
    except OSError as err:
        if err.errno == errno.EPIPE:
            raise
        raise StdoutError(f"cannot write to standard output: {err.strerror or err}") from None


class StdoutError(UserError):
    """Standard output could not be written."""


class Pnp(click.Group):
    """Every user error is one line on stderr and exit status 2, never a traceback; an
    interrupt is one line and 128 + the signal's number."""

    # One signature for both of click's overloads: this main never returns to its caller.
    def main(self, args: Sequence[str] | None = None,  # type: ignore[override]
             prog_name: str | None = None, **extra: Any) -> Any:
        try:
            with _signals_raise():
                # Without standalone mode click returns a command's Exit status instead of
                # exiting.
                status = super().main(args, prog_name=prog_name, standalone_mode=False,
                                      **extra)
                if _caught:
                    # The signal came where Python ignores exceptions (a callback during
                    # an import) and the work went on: it is done, but it was stopped.
                    raise Interrupted(_caught[0])
        except Interrupted as stop:
            _fail("interrupted" if stop.signum == signal.SIGINT else "terminated",
                  128 + stop.signum)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.Abort:
            _fail("aborted", 1)
        except click.ClickException as err:
            _fail(err.format_message(), EXIT_BAD_INPUT)
        except StdoutError as err:
            _silence_stdout()
            _fail(str(err), EXIT_BAD_INPUT)
        except UserError as err:
            _fail(str(err), EXIT_BAD_INPUT)
        except OSError as err:
            # What pnp writes names its files; an error without a name is standard output.
            if err.filename is None:
                _silence_stdout()
                _fail(f"cannot write to standard output: {err.strerror or err}", EXIT_BAD_INPUT)
            _fail(f"{err.filename}: {err.strerror or err}", EXIT_BAD_INPUT)
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
FOR_HELP = ("Print at home (crop marks, calibration ruler, RGB) or at a print shop (pages the "
            "trim plus bleed with TrimBox and BleedBox, CMYK for the press, PDF/X-1a, no "
            "marks).")
BLEED_HELP = ("With --for print-shop, bleed past the trim on every side, 0-10 mm.  [default: 3 "
              "mm, or 0.125 in on inch papers]")


PRESS_HELP = ("With --for print-shop, the printing condition to separate the colours for: "
              "fogra39 (coated offset, Europe), gracol (GRACoL 2006, North America) or swop.  "
              "[default: fogra39 on metric papers, gracol on inch papers]")
INK_HELP = ("With --for print-shop, the most ink on any spot, C+M+Y+K in %, 100 up to what "
            "the condition allows (300).  [default: 240]")


def condition_options() -> list[click.Parameter]:
    """--press and --ink-limit: the print shop's printing condition and total ink."""
    return [click.Option(["--press", "condition"], type=click.Choice(sorted(CONDITIONS)),
                         help=PRESS_HELP),
            click.Option(["--ink-limit"], type=click.FloatRange(0, 400), metavar="PERCENT",
                         help=INK_HELP)]


def press_options() -> list[click.Parameter]:
    """--for, --bleed, --press and --ink-limit: who prints the pages (generator.core.paper.
    Press)."""
    return [click.Option(["--for", "target"], type=click.Choice(TARGETS), default="home",
                         show_default=True, help=FOR_HELP),
            click.Option(["--bleed"], type=click.FloatRange(0, MAX_BLEED), metavar="MM",
                         help=BLEED_HELP),
            *condition_options()]


def pressed(paper: Paper, target: str, bleed: float | None, condition: str | None = None,
            ink_limit: float | None = None) -> Paper:
    """The paper for the target; --bleed, --press and --ink-limit without --for print-shop
    are refused, as is an ink limit the condition does not allow."""
    from generator.games.game import OptionError
    try:
        return for_press(paper, target, bleed, condition=condition, ink_limit=ink_limit)
    except ValueError as err:
        raise OptionError(str(err)) from None


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
        return super().convert(aliases().get(value, value), param, ctx)


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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args:   # one line, not the group's help
            raise click.UsageError(f"name a game: pnp {self.name} GAME, where GAME is one of "
                                   f"{', '.join(self.list_commands(ctx))}", ctx)
        return super().parse_args(ctx, args)

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

    def __init__(self, game: Game[Any], item: str = "", **attrs: Any):
        super().__init__(game.key, **attrs)
        self.game, self.item = game, item

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as err:
            if err.option_name == "--copies" and not ITEMS[self.item].copies:
                raise click.UsageError(f"{self.item} takes no option --copies: one copy "
                                       f"is the whole item", ctx) from None
            raise click.UsageError(f"{self.game.title} takes no option {err.option_name}",
                                   ctx) from None


def game_parameters(game: Game[Any]) -> list[click.Parameter]:
    """The command-line options of a game: one per field of its options class."""
    hints = typing.get_type_hints(game.options)
    params: list[click.Parameter] = []
    for field in dataclasses.fields(game.options):
        name = field.name.replace("_", "-")
        kind = hints[field.name]
        help_text = field.metadata.get("help", "")
        if field.default is not None:
            help_text += f"  [default: {field.default}]"
        if kind is bool:
            params.append(click.Option([f"--{name}/--no-{name}", field.name], default=None,
                                       help=help_text))
            continue
        number = kind in (int, int | None)
        metavar = field.metadata.get("metavar") or "|".join(field.metadata.get("choices", ()))
        params.append(click.Option([f"--{name}", field.name], type=int if number else str,
                                   default=None, metavar=metavar or ("N" if number else "TEXT"),
                                   help=help_text))
    return params


def _file_name(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A file name as given: not empty (Path('') would be the current folder)."""
    if value is None:
        return None
    if not value:
        raise click.BadParameter("give a file name, or - for standard output", ctx, param)
    if os.path.isdir(value):
        raise click.BadParameter(f"{value} is a folder; give a file name", ctx, param)
    return Path(value)


def _folder_name(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    if not value:
        raise click.BadParameter("give a folder name (. for the current folder)", ctx, param)
    return Path(value)


def given_on_command_line(ctx: click.Context, *names: str) -> bool:
    """Whether any of the options was given on the command line rather than defaulted."""
    source = click.core.ParameterSource
    return any(ctx.get_parameter_source(n) not in (source.DEFAULT, None) for n in names)


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
            click.Option(["-o", "--output"], callback=_file_name, metavar="FILE",
                         help=f"Output file (default {game.key}-{item}.FORMAT here; - for "
                              f"standard output). Multi-page SVG and PNG become NAME-1.EXT, "
                              f"NAME-2.EXT, ..."),
            click.Option(["--dpi"], type=click.IntRange(36, 1200), metavar="N",
                         help="Pixels per inch of --format png.  [default: 300]"),
            *press_options(),
            lang_option(),
        ]
        if ITEMS[item].copies:
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
                dpi: int | None, target: str, bleed: float | None, condition: str | None,
                ink_limit: float | None, lang: str, copies: int | None = None,
                cell: float | None = None, tile: bool = False, **given: Any) -> None:
            from generator import i18n
            with i18n.language(lang):
                write(pressed(paper, target, bleed, condition, ink_limit), palette, fmt,
                      output, dpi, copies, cell, tile, **given)

        def write(paper: Paper, palette: str, fmt: str | None, output: Path | None,
                  dpi: int | None, copies: int | None, cell: float | None,
                  tile: bool, **given: Any) -> None:
            from generator import render
            from generator.games.game import OptionError
            options = game.make_options(**given)
            chosen = render.output_format(output, fmt, formats)
            if dpi is not None and chosen != "png":
                raise OptionError(f"--dpi is for --format png, not {chosen}")
            stem = f"{game.key}-{item}"
            content: Any
            # Everything that can be refused is refused before any drawing.
            if chosen in render.DATA_FORMATS:
                if paper.press.shop:
                    raise OptionError("--for print-shop is for printed items, not --format "
                                      "json")
                if copies is not None or cell is not None or tile:
                    raise OptionError("--copies, --cell and --tile are for printed boards, "
                                      "not --format json")
                if given_on_command_line(click.get_current_context(), "paper", "palette"):
                    raise OptionError("--paper and --palette are for printed boards, not "
                                      "--format json")
                render.check_target(output, chosen, formats, stem)
                content = game.board_json(options)
            else:
                from generator.app import documents
                if tile and cell is None:
                    raise OptionError("--tile needs --cell, the size of the cells in mm")
                if cell is not None and copies is not None:
                    raise OptionError("--copies is for whole boards, not --cell boards")
                documents.check(game, item, options, paper)
                render.check_target(output, chosen, formats, stem)
                if cell is not None:
                    content = documents.tiled_board(game, options, paper, cell, tile, palette)
                else:
                    content = documents.make_document(game, item, options, paper,
                                                      copies or 1, palette)
            settings: dict[str, Any] = {"dpi": dpi} if dpi is not None else {}
            if paper.press.shop:
                settings["press"] = paper.press
            for path in render.save(content, output, chosen, stem, formats, **settings):
                say(one_line(str(path)))

        return GameCommand(game, item, callback=run, params=params,
                           help=f"{ITEMS[item].help} ({game.title})")
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
        say(f"{key:10} {game.title} ({by}): {items}; variants: {variants}")


def has_item(item: str) -> Callable[[Game[Any]], bool]:
    return lambda game: item == "kit" or item in game.items


for _item in ITEMS.values():
    main.add_command(GameGroup(
        _item.key, has=has_item(_item.key), make=item_command(_item.key),
        what=_item.key, help=f"{_item.help} GAME is one of the games that has it; "
                         f"'pnp {_item.key} GAME --help' lists its options."))


def _stats_command(game: Game[Any]) -> click.Command:
    def run(**given: Any) -> None:
        assert game.stats is not None
        report = game.stats(game.make_options(**given))
        for text in report.lines:
            say(text)
        for warning in report.warnings:
            say(f"warning: {warning}")
    return GameCommand(game, callback=run, params=game_parameters(game),
                       help=f"Figures of a generated {game.title} board.")


main.add_command(GameGroup(
    "stats", has=lambda g: g.stats is not None, make=_stats_command, what="board figures",
    help="Figures of a generated board; warns when a board misses its balance targets."))


def _judge_command(game: Game[Any]) -> click.Command:
    from generator.core.gridfile import LIMIT, decode

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
@click.option("-o", "--output", callback=_file_name, metavar="FILE",
              help="Output PDF (default booklet.pdf here; - for standard output).")
@click.option("--for", "target", type=click.Choice(TARGETS), default="home", show_default=True,
              help="Home: imposed two pages to a side, to print duplex and fold. Print shop: "
                   "single pages with bleed in reading order, padded to a multiple of 4.")
@click.option("--bleed", type=click.FloatRange(0, MAX_BLEED), metavar="MM", help=BLEED_HELP)
@click.option("--press", "condition", type=click.Choice(sorted(CONDITIONS)), help=PRESS_HELP)
@click.option("--ink-limit", type=click.FloatRange(0, 400), metavar="PERCENT", help=INK_HELP)
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help=LANG_HELP)
def booklet_command(games: tuple[str, ...], everything: bool, paper: str,
                    extras: tuple[str, ...], palette: str, output: Path | None, target: str,
                    bleed: float | None, condition: str | None, ink_limit: float | None,
                    lang: str) -> None:
    """Impose rule sheets (and more) as a saddle-stitched booklet, ready to print duplex."""
    from generator import i18n, render
    from generator.app import documents
    from generator.layout.booklet import FORMATS
    if everything and games:
        raise click.UsageError(f"--all is every game: name games ({', '.join(games)}) or "
                               f"give --all, not both")
    keys = list(KEYS) if everything else list(dict.fromkeys(games))
    if not keys:
        raise click.UsageError("name the games for the booklet, or give --all")
    press = pressed(FORMATS[paper][0], target, bleed, condition, ink_limit).press
    render.check_target(output, None, ("pdf",), "booklet")
    with i18n.language(lang):
        document = documents.booklet_document(keys, list(extras), paper, palette, target,
                                              bleed)
    settings = {"press": press} if press.shop else {}
    for path in render.save(document, output, None, "booklet", ("pdf",), **settings):
        say(one_line(str(path)))


@main.command()
@click.argument("games", nargs=-1, type=GameName())
@click.option("--paper", type=PaperType(), multiple=True,
              help="Paper size(s); A4 and Letter by default.")
@click.option("--out", callback=_folder_name, default="output", show_default=True,
              help="Folder for the catalogue.")
@click.option("--jobs", type=click.IntRange(1, 64),
              help="Processes to build with (default: one per core).")
@click.option("--for", "target", type=click.Choice(TARGETS), default="home", show_default=True,
              help="home: the catalogue to print at home. print-shop: that too, and beside it "
                   "in OUT/print-shop/ every PDF and booklet for a print shop; the index "
                   "lists both.")
@click.option("--bleed", type=click.FloatRange(0, MAX_BLEED), metavar="MM", help=BLEED_HELP)
@click.option("--lang", "langs", type=click.Choice([*LANGUAGES, "all"]), multiple=True,
              help="Language(s), repeatable, or all; English by default. Other languages go "
                   "in OUT/LANG/.")
def build(games: tuple[str, ...], paper: tuple[Paper, ...], out: Path,
          jobs: int | None, target: str, bleed: float | None, langs: tuple[str, ...]) -> None:
    """Write the whole catalogue (every game, item, paper and format) into a folder."""
    from generator.app import catalogue
    papers = list(paper) or [PAPERS[k] for k in sorted(PAPERS)]
    keys = list(dict.fromkeys(games)) or list(KEYS)
    chosen = list(LANGUAGES) if "all" in langs else list(dict.fromkeys(langs)) or ["en"]
    pressed(papers[0], target, bleed)     # --bleed without --for print-shop is refused
    catalogue.check(keys, papers, out)
    catalogue.make_folder(out)
    with click.progressbar(length=len(keys) * len(chosen), label="Building",
                           file=sys.stderr) as bar:
        built = catalogue.build(keys, papers, out, jobs or os.cpu_count() or 1,
                                progress=lambda key: bar.update(1),
                                shop=target != "home", shop_bleed=bleed, langs=chosen)
    say(f"{sum(len(paths) for _, paths in built) + 1} files in {out}, with index.html")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535),
              help="Port on 127.0.0.1: 8470 by default, or any free one if that is taken; 0 "
                   "for any free one.")
@click.option("--no-browser", is_flag=True, help="Only serve the page; open no browser.")
def studio(port: int | None, no_browser: bool) -> None:
    """Every game, item and option on a page in the browser, with a live preview and
    downloads. Served on this computer only, until Ctrl+C."""
    from generator.ui import studio as served
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
    from generator import preflight
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
    main(prog_name="pnp")
