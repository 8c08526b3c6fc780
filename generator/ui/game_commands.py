"""The click groups whose subcommands are the games (`pnp board GAME`, `pnp judge GAME`, ...),
and a game's name as an argument. Light on purpose: the judge's and the solver's commands
are made of these without the request parameters (generator/ui/options.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from generator.games import KEYS, aliases, all_games, find

if TYPE_CHECKING:
    from generator.games import SomeGame
    from generator.games.game import Topic


class GameName(click.Choice):
    """A game's key, or another name it is known by (bling for Blinq), as its key."""

    def __init__(self) -> None:
        super().__init__(KEYS)

    # click's ParamType.convert fixes the shape: (value, param, ctx).
    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> object:
        named = aliases().get(value, value) if isinstance(value, str) else value
        return super().convert(named, param, ctx)


class GameGroup(click.Group):
    """A command whose subcommands are the games that have something: an item, a judge,
    figures. Commands are made when asked for, from the game table; each game's line in the
    help says what it prints for that game."""

    def __init__(self, name: str, *, has: Callable[[SomeGame], bool],
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

    def __init__(self, game: SomeGame, topic: Topic, *, copies: bool = True,
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
            # Here: only an option mistyped reads every command's parameters, whose tables
            # import the papers and fonts (0.2 s) that the judge and the solver never need.
            from generator.ui.options import refused_option
            raise click.UsageError(refused_option(self.game, self.topic, typed=err.option_name),
                                   ctx) from None


def first_paragraph(text: str) -> str:
    """A help text's first paragraph: its line in the group's list of commands."""
    return text.split("\n\n")[0]
