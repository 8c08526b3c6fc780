"""The sentences an option is refused with, the same from the command line, the studio and
`pnp build`: the option as it was typed, and where it would change something."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from generator.app import params
from generator.games import all_games
from generator.games.game import Game, OptionError, OptionsT, Topic
from generator.games.items import WHOLE_KIT, Item


def refuse_given(given: Collection[str], names: Sequence[str], *, values: Mapping[str, object],
                 what: str, fmt: str) -> None:
    """Refuse the options of `names` that were given, naming exactly those, as typed."""
    named = [spelled(n, values.get(n)) for n in names if n in given]
    if named:
        verb = "is" if len(named) == 1 else "are"
        raise OptionError(f"{listed(named)} {verb} {what}, not --format {fmt}")


def spelled(name: str, value: object = None) -> str:
    """An option as it was typed: a switch turned off is --no-NAME."""
    flag = params.Param(name, "", params.TEXT).flag
    return f"--no-{flag[2:]}" if value is False else flag


def listed(words: Sequence[str], conjunction: str = "and") -> str:
    """Words as a sentence lists them: "a, b and c" (or "a, b or c")."""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def changed_by(game: Game[OptionsT], name: str) -> list[str]:
    """Where an option of a game changes something, as a person would ask for it."""
    return [" ".join(filter(None, ("pnp", str(where.command), game.key,
                                   f"--format {where.fmt.name}" if where.fmt else "")))
            for where in params.readers(game, name)]


def _takers(game: Game[OptionsT], name: str) -> list[str]:
    """The game's commands that take a parameter, as a person would type them."""
    return [f"pnp {item} {game.key}" for item in (*game.items, WHOLE_KIT)
            if any(p.name == name for p in params.item_params(game, item))]


def not_offered(game: Game[OptionsT], topic: Topic, *, name: str, value: object = None) -> str:
    """Why an option is refused for an item (or `pnp stats`, `pnp judge`): one of the game's
    options that changes nothing there, or another item's option, with where it does
    change something; or an option no command of the game takes."""
    flag = spelled(name, value)
    if name in params.option_names(game) and (isinstance(topic, Item) or topic is params.STATS):
        places = changed_by(game, name)
        what = "figures" if topic is params.STATS else topic
        return (f"{flag} changes nothing in {game.title}'s {what}; it is for "
                f"{listed(places) if places else 'nothing yet'}")
    takers = _takers(game, name)
    if not takers:
        # Another game's item may take it (--backs for a kit with cards, --cut-path for
        # pieces to cut out): it changes nothing here, and is for those.
        elsewhere = [taker for other in all_games().values() if other != game
                     and name not in params.option_names(other) for taker in _takers(other, name)]
        if elsewhere and isinstance(topic, Item):
            return (f"{flag} changes nothing in {game.title}'s {topic}; it is for "
                    f"{listed(elsewhere)}")
        return f"{game.title} takes no option {flag}"
    if not isinstance(topic, Item):
        return f"pnp {topic} {game.key} takes no option {flag}"
    return f"{flag} is for {listed(takers)}, not pnp {topic} {game.key}"
