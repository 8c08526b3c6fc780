"""Click's side of the request parameters: each `Param` (generator/app/params.py) becomes one
click option whose value is converted by the Param itself, so the command line and the studio
refuse a value with the same reason; and an option a game's command does not take, refused
with where it would change something (generator/app/refusals.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.app import game_params, params
from generator.app.game_params import Param, ParamError
from generator.app.refusals import not_offered
from generator.games import all_games
from generator.games.items import WHOLE_KIT

if TYPE_CHECKING:
    from generator.games import SomeGame
    from generator.games.game import Topic


class ParamValue(click.ParamType):
    """A value converted by its Param: one reason, wherever it was typed."""

    def __init__(self, param: Param):
        self.param = param
        self.name = param.shown_metavar

    # click's ParamType.convert fixes the shape: (value, param, ctx).
    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> object:
        try:
            return self.param.convert(value)
        except ParamError as err:
            self.fail(err.reason, param, ctx)


def _file_name(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A file name as given: not empty (Path('') would be the current folder)."""
    if value is None:
        return None
    if not value:
        raise click.BadParameter("give a file name, or - for standard output", ctx, param)
    # An existing folder is refused where the file is written (render's target check), since
    # a format written as a folder (a virtual table) may write its own folder again.
    if names_folder(value):
        raise click.BadParameter(f"{value} names a folder (it ends in /); give a file name",
                                 ctx, param)
    return Path(value)


def names_folder(name: str) -> bool:
    """A name that can only be a folder's, whether or not one is there: it ends in a slash
    (or /. or /..), as the shell takes it. Path() would drop that ending and name the file."""
    return os.path.basename(name) in ("", ".", "..")


# A click callback: click fixes the shape, calling it with (ctx, param, value).
def folder_name(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    if not value:
        raise click.BadParameter("give a folder name (. for the current folder)", ctx, param)
    return Path(value)


def click_option(param: Param) -> click.Option:
    """The click option of a request parameter."""
    names = [n for n in (param.short, param.flag) if n]
    if param.kind == game_params.FLAG:
        return click.Option([*names, param.name], is_flag=True, default=False,
                            help=param.help)
    if param.kind == game_params.SWITCH:
        return click.Option([f"{param.flag}/--no-{param.flag[2:]}", param.name], default=None,
                            help=param.help)
    if param.name == "output":
        return click.Option([*names, param.name], callback=_file_name, metavar=param.metavar,
                            help=param.help)
    shown = param.default is not None and not param.game_option
    return click.Option([*names, param.name], type=ParamValue(param), default=param.default,
                        show_default=shown, multiple=param.kind == game_params.MANY,
                        metavar=param.shown_metavar, help=param.help)


def given_on_command_line(ctx: click.Context) -> set[str]:
    """The parameters a person typed, rather than left at their defaults."""
    source = click.core.ParameterSource
    return {name for name in ctx.params
            if ctx.get_parameter_source(name) not in (source.DEFAULT, None)}


def option_named(game: SomeGame, typed: str) -> tuple[str | None, bool | None]:
    """The parameter an option as typed means in any of the game's commands, or another
    game's (None for none), and False for a switch's --no- spelling."""
    for each in (game, *(g for g in all_games().values() if g != game)):
        for item in (*each.items, WHOLE_KIT):
            for param in params.item_params(each, item):
                if typed == param.flag:
                    return param.name, None
    for name in params.option_names(game):
        if typed == f"--{name.replace('_', '-')}":
            return name, None
        if typed == f"--no-{name.replace('_', '-')}":
            return name, False
    return None, None


def refused_option(game: SomeGame, topic: Topic, *, typed: str) -> str:
    """Why a game's command refuses an option as typed: where it would change something,
    or that no command of the game takes it."""
    name, value = option_named(game, typed)
    return (not_offered(game, topic, name=name, value=value) if name else
            f"{game.title} takes no option {typed}")
