"""The `pnp` command: parse options, call the library, report one-line errors."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import booklet, catalogue, render
from .games import GAMES, OptionError
from .gridfile import GridError
from .paper import NAMED, PAPERS, Paper, parse_paper
from .palette import PALETTES

EXIT_BAD_INPUT = 2


class Pnp(click.Group):
    """Every user error is one line on stderr and exit status 2, never a traceback."""

    def main(self, args=None, prog_name=None, **extra):
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
        except (OptionError, render.OutputError) as err:
            click.echo(f"pnp: {err}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        sys.exit(status if isinstance(status, int) else 0)


class PaperType(click.ParamType):
    name = "paper"

    def convert(self, value, param, ctx) -> Paper:
        if isinstance(value, Paper):
            return value
        try:
            return parse_paper(value)
        except ValueError as err:
            self.fail(str(err), param, ctx)


GAME = click.argument("game", type=click.Choice(sorted(GAMES)), metavar="GAME")
PAPER = click.option("--paper", type=PaperType(), default="a4", show_default=True,
                     help=f"Paper: {', '.join(NAMED)}, or WxH in mm or inches (200x300, "
                          f"8.5x14in). Boards turn to landscape when that gives a larger "
                          f"board.")
PALETTE = click.option("--palette", type=click.Choice(sorted(PALETTES)), default="colour",
                       show_default=True, help="Colours by role.")


def game_options(command):
    """Options that some games take; a game refuses the ones it does not."""
    for option in reversed([
        click.option("--size", type=int, help="Board size N (N x N cells)."),
        click.option("--numbers", type=int, help="Blind Hex: hash-mark numbers 1..M."),
        click.option("--edition", type=str, help="Blind Hex: cards or pennies."),
        click.option("--seed", type=int, help="Which generated board (or puzzle)."),
        click.option("--window", type=int,
                     help="Hex KB: portal window radius (0: one cell; default by size)."),
        click.option("--neutral", type=str,
                     help="Bling: the neutral block's cell (default c3, the centre)."),
        click.option("--coordinates/--no-coordinates", default=None,
                     help="Column letters and row numbers round the board (default: on)."),
    ]):
        command = option(command)
    return command


def _options(game: str, **given):
    return GAMES[game].make_options(**given)


@click.group(cls=Pnp)
def main():
    """Print-and-play kits for connection games: boards, rule sheets and score pads."""


@main.command("list")
def list_games():
    """List the games and what can be printed for each."""
    for key, game in sorted(GAMES.items()):
        variants = ", ".join(v for v, _ in game.catalogue())
        items = ", ".join([*game.items, "kit"])
        by = ", ".join(filter(None, (game.designer, game.year)))
        click.echo(f"{key:10} {game.title} ({by}): {items}; variants: {variants}")


def _item_command(item: str, doc: str, formats=render.FORMATS):
    @GAME
    @PAPER
    @PALETTE
    @click.option("--format", "fmt", type=click.Choice(formats),
                  help="Output format (default: from the -o file's extension, else pdf).")
    @click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                  help="Output file (default GAME-ITEM.FORMAT here). Multi-page SVG becomes "
                       "NAME-1.svg, NAME-2.svg, ...")
    @click.option("--copies", type=click.IntRange(1, 100), default=1, show_default=True,
                  help="Repeat boards and pads this many times.")
    @click.option("--cell", type=float, help="Board: cells this many mm across (flat to "
                                             "flat), instead of as large as the paper allows.")
    @click.option("--tile", is_flag=True,
                  help="Board: with --cell, print a board larger than the paper over several "
                       "overlapping sheets with crosshairs to line them up.")
    @game_options
    def command(game, paper, palette, fmt, output, copies, cell, tile, **given):
        options = _options(game, **given)
        if fmt is None:
            suffix = output.suffix.lower().lstrip(".") if output else ""
            fmt = suffix if suffix in formats else "pdf"
        if item != "kit" and item not in GAMES[game].items:
            raise OptionError(f"{game} has no {item}; it has {', '.join(GAMES[game].items)}")
        target = output or Path(f"{game}-{item}.{fmt}")
        if fmt == "json":
            data = json.dumps(GAMES[game].extras["json"](options), indent=1) + "\n"
            render.write_atomically([(target, data.encode())])
            return
        if (cell is not None or tile) and item != "board":
            raise OptionError("--cell and --tile are for boards")
        if tile and cell is None:
            raise OptionError("--tile needs --cell, the size of the cells in mm")
        if cell is not None:
            document = catalogue.tiled_board(GAMES[game], options, paper, cell, tile, palette)
        else:
            document = catalogue.make_document(GAMES[game], item, options, paper, copies,
                                               palette)
        for path in render.save(document, fmt, target):
            click.echo(path)

    command.__doc__ = doc
    return main.command(item)(command)


_item_command("board", "Print a board (or its JSON description with --format json).",
              formats=(*render.FORMATS, "json"))
_item_command("rules", "Print the rule sheet.")
_item_command("pad", "Print a score pad.")
_item_command("counters", "Print a sheet of counters to cut out (Nex).")
_item_command("tiles", "Print the blocks to cut out (Bling).")
_item_command("puzzle", "Print a puzzle and, on the next page, its solution (Hex KB).")
_item_command("kit", "Print every item of a game in one document.")


@main.command()
@GAME
@game_options
def stats(game, **given):
    """Figures of a generated board; warns when a board misses its balance targets."""
    report = GAMES[game].extras.get("stats")
    if report is None:
        raise OptionError(f"{game} has no board figures")
    text, warnings = report(_options(game, **given))
    click.echo(text)
    for warning in warnings:
        click.echo(f"warning: {warning}")


@main.command("booklet")
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--all", "everything", is_flag=True,
              help="A compendium of every game, with a cover and contents.")
@click.option("--paper", type=click.Choice(sorted(booklet.FORMATS)), default="a4",
              show_default=True, help="A5 pages on A4 sheets, or half-letter on Letter.")
@click.option("--with", "extras", multiple=True, metavar="ITEM",
              help="Add a game's other items too (board, pad, puzzle, ...); repeatable.")
@PALETTE
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("booklet.pdf"), show_default=True, help="Output PDF.")
def booklet_command(games, everything, paper, extras, palette, output):
    """Impose rule sheets (and more) as a saddle-stitched booklet, ready to print duplex."""
    keys = sorted(GAMES) if everything else list(dict.fromkeys(games))
    if not keys:
        raise OptionError("name the games for the booklet, or give --all")
    document = catalogue.booklet_document(keys, list(extras), paper, palette)
    for path in render.save(document, "pdf", output):
        click.echo(path)


@main.command()
@GAME
@click.argument("file", type=click.File("r", encoding="utf-8"))
def judge(game, file):
    """Say who has connected in a position or a replayed move list (FILE, or - for stdin).
    Exit status 1 when the move list holds illegal turns."""
    referee = GAMES[game].extras.get("judge")
    if referee is None:
        raise OptionError(f"{game} has no judge")
    try:
        verdict = referee(file.read())
    except (GridError, UnicodeDecodeError) as err:
        raise OptionError(f"{file.name}: {err}") from None
    for text in verdict.lines:
        click.echo(text)
    if not verdict.clean:
        raise click.exceptions.Exit(1)


@main.command()
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--paper", type=PaperType(), multiple=True,
              help="Paper size(s); A4 and Letter by default.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the catalogue.")
@click.option("--jobs", type=click.IntRange(1, 64),
              help="Processes to build with (default: one per core).")
def build(games, paper, out, jobs):
    """Write the whole catalogue (every game, item, paper and format) into a folder."""
    papers = list(paper) or [PAPERS[k] for k in sorted(PAPERS)]
    keys = list(dict.fromkeys(games)) or sorted(GAMES)
    catalogue.make_folder(out)
    with click.progressbar(length=len(keys), label="Building", file=sys.stderr) as bar:
        built = catalogue.build(keys, papers, out, jobs or os.cpu_count() or 1,
                                progress=lambda key: bar.update(1))
    click.echo(f"{sum(len(paths) for _, paths in built) + 1} files in {out}, with index.html")


if __name__ == "__main__":
    main()
