"""`pnp judge GAME FILE...`: each file read (bounded), judged by the game, and reported as
text or as one JSON object a line. One process judges them all, so a tournament's thousand
records take seconds; a file that cannot be read is one `pnp: FILE: ...` line on standard
error, and the rest are judged all the same.

Exit status: 2 when a file could not be read, else 1 when one holds an illegal move, else 0.
"""

from __future__ import annotations

import json
import sys
import typing

import click

from generator.core.filenames import printable
from generator.core.gridfile import LIMIT
from generator.errors import UserError
from generator.games import SomeGame
from generator.games.game import Subject
from generator.games.judges import Judged
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.running import one_line

if typing.TYPE_CHECKING:
    from generator.core.formats import JsonValue

UNREADABLE, ILLEGAL = 2, 1


def shown(file: str) -> str:
    """A file's name as printed: <stdin> for -, undecodable bytes and control characters
    escaped (core/filenames.py)."""
    if file == "-":
        return "<stdin>"
    return printable(file)


def read_bytes(file: str, name: str) -> bytes:
    try:
        if file == "-" and sys.stdin is None:
            raise OSError("standard input is closed")
        # At most one byte past the limit, so a huge file or an endless stream is refused
        # after reading what the limit allows.
        with click.open_file(file, "rb") as stream:
            data: bytes = stream.read(LIMIT + 1)
            return data
    except OSError as err:
        raise UserError(f"{name}: cannot be read: {err.strerror or err}") from None


def judged(game: SomeGame, data: bytes) -> Judged:
    """The game's judgement of a file (a game offered `pnp judge` has a judge)."""
    if game.judge is None:
        raise UserError(f"{game.title} has no judge")
    return game.judge.file(data)


def _json_line(facts: dict[str, JsonValue]) -> str:
    return json.dumps(facts)


def judge_files(game: SomeGame, files: typing.Sequence[str], *, as_json: bool) -> int:
    """Judge each file and print what it gives; the exit status."""
    status = 0
    several = len(files) > 1
    for file in files:
        name = shown(file)
        try:
            data = read_bytes(file, name)
            try:
                result = judged(game, data)
            except UserError as err:
                raise UserError(f"{name}: {err}") from None
        except UserError as err:
            status = UNREADABLE
            click.echo(f"pnp: {one_line(str(err))}", err=True)
            if as_json:
                click.echo(_json_line({"file": name, "error": one_line(str(err))}))
            continue
        if not result.clean and status == 0:
            status = ILLEGAL
        if as_json:
            click.echo(_json_line({"file": name, "bytes": len(data), **result.facts}))
            continue
        if several:
            click.echo(f"{name}:")
        for text in result.lines:
            click.echo(f"  {text}" if several else text)
    return status


def judge_command(game: SomeGame) -> click.Command:
    def run(files: tuple[str, ...], fmt: str) -> None:
        status = judge_files(game, files, as_json=fmt == "json")
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


COMMANDS: dict[str, click.Command] = {"judge": GameGroup(
    "judge", has=lambda g: g.judge is not None, make=judge_command, what="judge",
    help="Say who has connected in a position, a replayed move list or (Hex) a game's "
         "record (FILE..., or - for standard input). Exit status 1 when a file holds illegal "
         "moves, 2 when one cannot be read. 'pnp judge GAME --help' describes the game's "
         "file format.")}
