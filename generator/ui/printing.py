"""`pnp ITEM GAME` (`pnp board hex`, `pnp kit nex`, ...): one group an item, with one command
per game that has the item, made from the items table and the request's parameters
(generator/app/params.py): `pnp kit nex --help` lists Nex's options only. Everything that can
be refused is refused by the request (generator/app/requests.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from generator import render
from generator.app import params, requests
from generator.games import SomeGame
from generator.games.items import ITEMS, WHOLE_KIT, Item
from generator.ui.game_commands import GameCommand, GameGroup, first_paragraph
from generator.ui.options import click_option, given_on_command_line
from generator.ui.running import one_line, report


def about(game: SomeGame, item: Item) -> str:
    """What an item gives for a game, as the game says; a kit lists its items. The first
    paragraph is the game's line in `pnp ITEM --help`."""
    if item == WHOLE_KIT:
        parts = [part.label for part in game.items]
        return (f"Print {game.title}'s {', '.join(parts[:-1])} and {parts[-1]} in one "
                f"document.")
    return game.about.get(item) or f"{item.help} ({game.title})"


def item_command(item: Item) -> Callable[[SomeGame], click.Command]:
    def make(game: SomeGame) -> click.Command:
        def run(output: Path | None, **values: object) -> None:
            given = given_on_command_line(click.get_current_context())
            request = requests.item_request(game, item, values=values, given=given, output=output)
            render.check_target(output, request.fmt, allowed=request.formats,
                                default_stem=request.stem)
            content = requests.content(request)
            for path in render.save(content, output, fmt=request.fmt, default_stem=request.stem,
                                    allowed=request.formats, settings=request.settings):
                report(one_line(str(path)))

        text = about(game, item)
        data = item.data
        if data is not None:
            text += f"\n\nWith --format {data.name}, the board's description as data instead."
        return GameCommand(game, item, copies=item.copies, callback=run,
                           params=[click_option(p) for p in params.item_params(game, item)],
                           help=text, short_help=first_paragraph(text))
    return make


def has_item(item: Item) -> Callable[[SomeGame], bool]:
    return lambda game: game.has(item)


def item_group(item: Item) -> GameGroup:
    """The item's group: one command per game that has it."""
    return GameGroup(item.key, has=has_item(item), make=item_command(item), what=item.key,
                     help=f"{item.help} GAME is one of the games that has it; "
                          f"'pnp {item.key} GAME --help' lists its options.")


# Every item but a record (`pnp record`, generator/ui/recording.py), by its command's name.
COMMANDS: dict[str, click.Command] = {
    item.key: item_group(item) for item in ITEMS.values() if not item.from_record}
