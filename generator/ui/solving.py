"""`pnp solve GAME POSITION`: a position read (bounded, as the judge reads files), solved by
the game's solver within a budget, and reported as text or as one JSON object.

Exit status: 0 when the position was read and solved or the budget ran out (the answer then
says "not proven", with what was proven so far); 2, with one `pnp:` line, when it cannot be
read or solved (a finished game, a board too large); an interrupt as every command's.
"""

from __future__ import annotations

import json

import click

from generator.games import SomeGame
from generator.games.game import Subject
from generator.games.solvers import SolveRequest
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.judging import read_bytes, shown
from generator.ui.running import say

DEFAULT_SECONDS = 60.0
MOST_SECONDS = 24 * 3600.0          # a day: beyond it a solve is not what the command is for
DEFAULT_NODES = 10_000_000          # positions analysed, when not asked for
MOST_NODES = 10**12


def solve_command(game: SomeGame) -> click.Command:
    """The game's `pnp solve` command."""

    solver = game.solver
    assert solver is not None       # the group makes this command for a game with a solver

    def run(*, position: str, move: int | None, to_move: str | None, budget: float, nodes: int,
            fmt: str) -> None:
        name = shown(position)
        data = read_bytes(position, name)
        solved = solver.solve(data, SolveRequest(move, to_move, budget, nodes))
        if fmt == "json":
            say(json.dumps(solved.facts))
            return
        for line in solved.lines:
            say(line)

    text = game.about.get(Subject.SOLVE) or f"Solve a {game.title} position."
    return GameCommand(
        game, Subject.SOLVE, callback=run,
        params=[
            click.Argument(["position"], type=click.Path(allow_dash=True),
                           metavar="POSITION"),
            click.Option(["--move"], type=click.IntRange(0, 100_000), metavar="N",
                         help="The position after move N of a record (by default after its "
                              "last move)."),
            click.Option(["--to-move"], type=click.Choice(solver.players),
                         help="The player to move, when the file does not say it or says "
                              "otherwise."),
            click.Option(["--budget"], type=click.FloatRange(0, MOST_SECONDS),
                         default=DEFAULT_SECONDS, show_default=True, metavar="SECONDS",
                         help="Seconds of work at most; past them the answer is 'not "
                              "proven', with what was proven so far."),
            click.Option(["--nodes"], type=click.IntRange(1, MOST_NODES),
                         default=DEFAULT_NODES, show_default=True, metavar="N",
                         help="Positions analysed at most: a budget that is the same on "
                              "every machine."),
            click.Option(["--format", "fmt"], type=click.Choice(["text", "json"]),
                         default="text", show_default=True,
                         help="text: the verdict and the moves; json: one JSON object "
                              "(docs/solver.md lists its fields)."),
        ],
        help=f"{text}\n\nPOSITION is a file, or - for standard input. Exit status 2 when it "
             f"cannot be read or solved.",
        short_help=first_paragraph(text))


COMMANDS: dict[str, click.Command] = {"solve": GameGroup(
    "solve", has=lambda g: g.solver is not None, make=solve_command, what="solver",
    help="Solve a position: who wins, and every winning move, each proven within a "
         "budget. 'pnp solve GAME --help' describes the files it reads.")}
