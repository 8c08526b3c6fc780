"""The games the generator knows, each in a module of its own, found through one table."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..paper import Paper
from ..scene import Document


class OptionError(ValueError):
    """An option a game cannot take; the message is one line for the user."""


def options_from(cls: type, title: str, given: dict[str, Any]) -> Any:
    """A game's options from the command line's; None means the option was not given."""
    given = {k: v for k, v in given.items() if v is not None}
    unknown = sorted(set(given) - set(cls.__dataclass_fields__))
    if unknown:
        raise OptionError(f"{title} takes no option {', '.join('--' + k for k in unknown)}")
    return cls(**given)


@dataclass(frozen=True)
class Verdict:
    """What a judge prints, and whether the file it read recorded only legal moves."""
    lines: list[str]
    clean: bool


ItemMaker = Callable[[Any, Paper, dict[str, str], int], Document]


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    designer: str
    year: str
    make_options: Callable[..., Any]  # keyword options from the command line -> validated value
    items: dict[str, ItemMaker]       # rules, board, ..., pad, in kit order
    catalogue: Callable[[], list[tuple[str, Any]]]  # (variant name, options) to build
    extras: dict[str, Callable[..., Any]] = field(default_factory=dict)


def _registry() -> dict[str, Game]:
    from . import blind_hex, bling, hex_kb, nex
    return {g.key: g for g in (blind_hex.GAME, hex_kb.GAME, nex.GAME, bling.GAME)}


GAMES: dict[str, Game] = _registry()


def kit(game: Game, options: Any, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    """Every item of the game in one document, in the order the game lists them."""
    parts = [make(options, paper, colours, copies) for make in game.items.values()]
    doc = parts[0]
    for part in parts[1:]:
        doc = doc + part
    return replace(doc, title=f"{game.title}: print-and-play kit")
