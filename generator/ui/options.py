"""Click's side of the request parameters: each `Param` (generator/app/params.py) becomes one
click option whose value is converted by the Param itself, so the command line and the studio
refuse a value with the same reason. And the groups whose subcommands are the games.

The parameters (and with them the papers and palettes) are imported by the functions that
make an item's options, not here: `pnp --help`, `list` and `judge` make none.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from generator.games import KEYS, aliases, all_games, find

if TYPE_CHECKING:
    from pathlib import Path

    from generator.app.game_params import Param
    from generator.games import SomeGame
    from generator.games.game import Topic


class ParamValue(click.ParamType):
    """A value converted by its Param: one reason, wherever it was typed."""

    def __init__(self, param: Param):
        self.param = param
        self.name = param.shown_metavar

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> object:
        from generator.app.game_params import ParamError
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
    from pathlib import Path  # here: `pnp --help`, `list` and `judge` start without it
    return Path(value)


def names_folder(name: str) -> bool:
    """A name that can only be a folder's, whether or not one is there: it ends in a slash
    (or /. or /..), as the shell takes it. Path() would drop that ending and name the file."""
    return os.path.basename(name) in ("", ".", "..")


def folder_name(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    if not value:
        raise click.BadParameter("give a folder name (. for the current folder)", ctx, param)
    from pathlib import Path
    return Path(value)


def click_option(param: Param) -> click.Option:
    """The click option of a request parameter."""
    from generator.app import game_params
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


class GameName(click.Choice):
    """A game's key, or another name it is known by (bling for Blinq), as its key."""

    def __init__(self) -> None:
        super().__init__(KEYS)

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> object:
        named = aliases().get(value, value) if isinstance(value, str) else value
        return super().convert(named, param, ctx)


class GameGroup(click.Group):
    """A command whose subcommands are the games that have something: an item, a judge,
    figures. Commands are made when asked for, from the game table; each game's line in the
    help says what it prints for that game."""

    def __init__(self, name: str, has: Callable[[SomeGame], bool],
                 make: Callable[[SomeGame], click.Command], what: str, help: str):
        super().__init__(name, help=help)
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

    def __init__(self, game: SomeGame, topic: Topic, copies: bool = True, *,
                 callback: Callable[..., None], params: list[click.Parameter], help: str,
                 short_help: str):
        super().__init__(game.key, callback=callback, params=params, help=help,
                         short_help=short_help)
        # What the command gives: an item, or the figures or the judge.
        self.game, self.topic, self.copies = game, topic, copies

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as err:
            if err.option_name == "--copies" and not self.copies:
                raise click.UsageError(f"{self.topic} takes no option --copies: one copy "
                                       f"is the whole item", ctx) from None
            from generator.app.refusals import not_offered
            name, value = option_named(self.game, err.option_name)
            message = (not_offered(self.game, self.topic, name, value) if name else
                       f"{self.game.title} takes no option {err.option_name}")
            raise click.UsageError(message, ctx) from None


def option_named(game: SomeGame, typed: str) -> tuple[str | None, bool | None]:
    """The parameter an option as typed means in any of the game's commands, or another
    game's (None for none), and False for a switch's --no- spelling."""
    from generator.app import params
    from generator.games.items import WHOLE_KIT
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


class LateOptions(click.Command):
    """A command whose options are made the first time click asks for them (get_params: to
    parse its arguments or write its help): they name papers, palettes and presses, whose
    modules only this command needs, so `pnp --help` and the judge start without them."""

    def __init__(self, name: str | None, options: Callable[[], list[click.Parameter]], *,
                 callback: Callable[..., None] | None = None,
                 params: list[click.Parameter] | None = None, help: str | None = None):
        super().__init__(name, callback=callback, params=params, help=help)
        self._make_options: Callable[[], list[click.Parameter]] | None = options

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if self._make_options is not None:
            self.params = [*self._make_options(), *self.params]
            self._make_options = None
        return super().get_params(ctx)


def first_paragraph(text: str) -> str:
    """A help text's first paragraph: its line in the group's list of commands."""
    return text.split("\n\n")[0]
