"""`pnp stats GAME`: the figures of a generated board, and a warning where it misses its
balance targets."""

from __future__ import annotations

import click

from generator.app import game_params
from generator.games import SomeGame
from generator.i18n import ENGLISH
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.options import click_option
from generator.ui.running import say


def stats_command(game: SomeGame) -> click.Command:
    figures = game.figures
    assert figures is not None      # the group makes this command for a game with figures

    def run(**given: object) -> None:
        # `pnp stats` speaks English, as the rest of the command line does.
        report = figures.figures(game.make_options(**given), ENGLISH)
        for text in report.lines:
            say(text)
        for warning in report.warnings:
            say(f"warning: {warning}")
    text = game.about.get(game_params.STATS) or f"Figures of a generated {game.title} board."
    return GameCommand(game, game_params.STATS, callback=run,
                       params=[click_option(p) for p in game_params.game_params(
                           game, game_params.reads(game, game_params.STATS))],
                       help=text, short_help=first_paragraph(text))


COMMANDS: dict[str, click.Command] = {"stats": GameGroup(
    "stats", has=lambda g: g.figures is not None, make=stats_command, what="board figures",
    help="Figures of a generated board; warns when a board misses its balance targets.")}
