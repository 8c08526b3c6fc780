"""Commands whose modules are imported when they are run or their help is shown: click's
documented pattern for lazily loaded subcommands (click's docs, "Complex Applications:
Lazily Loading Subcommands"). Each command's module imports what that command needs at its
top, and `pnp --help` lists every command by the summary written beside its name, so it
imports none of them (tests/test_help.py holds each summary to its command's own help)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

import click


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """Where a command is made, and its line in the group's list of commands."""

    module: str         # a module whose COMMANDS maps the command's name to it
    summary: str        # the first paragraph of the command's help


def load(lazy: LazyCommand, name: str) -> click.Command:
    """The command named `name` in its module's COMMANDS."""
    commands = importlib.import_module(lazy.module).COMMANDS
    command = commands[name]
    if not isinstance(command, click.Command):
        raise TypeError(f"{lazy.module}.COMMANDS[{name!r}] is not a click command")
    return command


class LazyGroup(click.Group):
    """A group whose commands, listed with their summaries, are imported when asked for."""

    def __init__(self, name: str | None = None, *,
                 lazy_subcommands: Mapping[str, LazyCommand], **attrs: object):
        super().__init__(name, **attrs)  # type: ignore[arg-type]
        self.lazy_subcommands = dict(lazy_subcommands)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy_subcommands])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        lazy = self.lazy_subcommands.get(cmd_name)
        if lazy is None:
            return super().get_command(ctx, cmd_name)
        return load(lazy, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, each line from its summary, so that listing them
        imports none."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            lazy = self.lazy_subcommands.get(name)
            command = (click.Command(name, help=lazy.summary) if lazy is not None
                       else super().get_command(ctx, name))
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
