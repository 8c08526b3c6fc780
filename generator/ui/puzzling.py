"""`pnp puzzles GAME [RECORDS or FOLDERS]`: a puzzle book whose every answer is proven
(docs/puzzles.md), printed as a booklet or written as one JSON object a line. Exit status 2,
with one `pnp:` line and nothing written, for what cannot be read or makes no puzzle."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import click

from generator import render
from generator.app import puzzle_request
from generator.app.puzzle_request import ShelvedPuzzles, shelved
from generator.core.destinations import HOME, PRINT_SHOP, Destination
from generator.core.paper import NAMED, Paper
from generator.errors import UserError
from generator.games import SomeGame, all_games
from generator.games.game import Subject
from generator.layout import booklet
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.judging import shown
from generator.ui.options import click_option
from generator.ui.running import one_line, report, say


def puzzles_command(game: SomeGame) -> click.Command:
    def run(records: tuple[str, ...], output: Path | None, **values: object) -> None:
        request = puzzle_request.puzzle_request(game, [(r, shown(r)) for r in records],
                                                values=values,
                                                output=output)
        to_stdout = request.fmt.data and (output is None or str(output) == "-")
        if not to_stdout:       # before any solving: a target that cannot be written
            render.check_target(output, request.fmt, allowed=request.formats,
                                default_stem=request.stem)
        chosen, left_out = puzzle_request.puzzles(request)
        for name, why in left_out:
            click.echo(f"pnp: warning: {one_line(name)}: left out of the book: "
                       f"{one_line(why)}", err=True)
        if request.fmt.data:
            lines = [json.dumps(f, ensure_ascii=False) for f in chosen.facts()]
            if to_stdout or output is None:
                for text in lines:
                    say(text)
                return
            output.write_text("".join(t + "\n" for t in lines), encoding="utf-8")
            report(one_line(str(output)))
            return
        book = puzzle_request.document(request, chosen, left_out=left_out)
        for path in render.save(book, output, fmt=request.fmt, default_stem=request.stem,
                                allowed=request.formats,
                                settings=request.settings):
            report(one_line(str(path)))

    text = game.about.get(Subject.PUZZLES) or f"Print a {game.title} puzzle book."
    return GameCommand(
        game, Subject.PUZZLES, copies=False, callback=run,
        params=[click.Argument(["records"], nargs=-1, type=click.Path(allow_dash=True),
                               metavar="[RECORDS or FOLDERS]..."),
                *(click_option(p) for p in puzzle_request.puzzle_params())],
        help=f"{text}\n\nRECORDS are the players' records (any the judge reads), and "
             f"FOLDERS folders of them (their *.sgf files), {puzzle_request.MOST_RECORDS} "
             f"records at most; - reads one from standard input. With none, the book's "
             f"puzzles are its own, from --seed: the same seed makes the same book. "
             f"--format json writes one object a line per puzzle (docs/puzzles.md lists its "
             f"fields) on standard output, or to -o FILE.",
        short_help=first_paragraph(text))


COMMANDS: dict[str, click.Command] = {"puzzles": GameGroup(
    "puzzles", has=lambda g: g.puzzles is not None, make=puzzles_command,
    what="puzzle book", help="Print a puzzle book whose every answer is proven: "
                             "positions cut from the players' records, or of its own "
                             "from a seed. 'pnp puzzles GAME --help' lists its options.")}


def puzzle_booklets(papers: Sequence[Paper], langs: Sequence[str],
                    *, target: Destination = HOME, bleed: float | None = None
                    ) -> list[ShelvedPuzzles]:
    """`pnp build --puzzles`: each game's own puzzle book on each booklet paper the build
    makes (A4, Letter) and in each language, and, for any shop, the print shop's too, as
    the records' booklets are; solved now, once a game, before the build begins."""
    keys = [key for key in booklet.FORMATS if NAMED[key] in papers]
    if not keys:
        raise UserError("--puzzles: the puzzle book is printed on A4 or Letter; build one of "
                        "them (--paper a4 or letter)")
    shops: list[dict[str, object]] = [{}] + ([{"target": PRINT_SHOP.key, "bleed": bleed}]
                                             if target.shop else [])
    return [book for game in all_games().values() if game.puzzles is not None
            for book in shelved(game, keys, langs=langs, shops=shops)]
