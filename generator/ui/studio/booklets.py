"""The booklet in the studio: its own parameters (its sheets, the chosen game's other items,
other games' rules, or every game with a cover and contents) and the booklet request the
command line makes from them (`pnp booklet GAME... | --all`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from generator.app import params, requests
from generator.core.destinations import Destination
from generator.core.palette import COLOUR, Palette
from generator.games import SomeGame, all_games
from generator.games.items import RULES
from generator.i18n import SOURCE

# Its papers are the booklet's sheets; its extras the items a game can add after its rules.
PAPER = params.Param("paper", "", params.CHOICE, default="a4", choices=requests.BOOKLET_PAPERS)
EXTRAS = params.Param("extras", "", params.MANY, choices=(), spelled="--with")
# Other games' rules after the chosen game's, named on the command line after it.
GAMES = params.Param("games", "", params.MANY, choices=())
EVERY_GAME = params.Param("everything", "", params.FLAG, default=False, spelled="--all")


def booklet_params(game: SomeGame) -> list[params.Param]:
    extras = tuple(i.key for i in game.items if i != RULES and i.in_booklet)
    others = tuple(key for key in all_games() if key != game.key)
    return [PAPER, params.PALETTE, dataclasses.replace(EXTRAS, choices=extras),
            dataclasses.replace(GAMES, choices=others), EVERY_GAME, params.LANG]


def titles(keys: tuple[str, ...]) -> tuple[str, ...]:
    games = all_games()
    return tuple(games[key].title for key in keys)


def every_game(values: tuple[tuple[str, str], ...]) -> bool:
    return ("everything", "true") in values


def games(game: SomeGame, values: tuple[tuple[str, str], ...]) -> list[str]:
    """The games the command line names: the chosen one, then the others ticked, in the
    order of the list; none where every game is asked for (`--all`)."""
    if every_game(values):
        return []
    ticked = {v for n, v in values if n == "games"}
    return [game.key, *(key for key in all_games() if key in ticked and key != game.key)]


def checked(game: SomeGame, values: tuple[tuple[str, str], ...], *, target: Destination,
            bleed: str) -> requests.BookletRequest:
    """The booklet request checked as the command line checks it."""
    own = {p.name: p for p in booklet_params(game)}
    given: Mapping[str, str] = dict(values)
    for name, value in values:
        if own[name].kind == params.MANY:
            own[name].convert(value)
    typed = {name: own[name].convert(value) for name, value in given.items()
             if own[name].kind != params.MANY}
    chosen = games(game, values)
    extras = requests.extra_items([v for n, v in values if n == "extras"], chosen)
    palette = typed.get("palette", COLOUR)
    assert isinstance(palette, Palette)
    return requests.booklet_request(
        chosen, everything=every_game(values), extras=extras,
        paper=str(typed.get("paper", "a4")), palette=palette, target=target,
        bleed=params.BLEED.number(bleed) if bleed else None, lang=str(typed.get("lang", SOURCE)))
