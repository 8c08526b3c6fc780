"""The games the generator knows, each in a module of its own, found through one table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..paper import Paper
from ..scene import Document


class OptionError(ValueError):
    """An option a game cannot take; the message is one line for the user."""


ItemMaker = Callable[[Any, Paper, dict[str, str], int], Document]


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    designer: str
    year: str
    make_options: Callable[..., Any]  # keyword options from the command line -> validated value
    items: dict[str, ItemMaker]       # board, rules, pad: (options, paper, colours, copies)
    catalogue: Callable[[], list[tuple[str, Any]]]  # (variant name, options) to build
    extras: dict[str, Callable[..., Any]] = field(default_factory=dict)


def _registry() -> dict[str, Game]:
    from . import blind_hex
    return {g.key: g for g in (blind_hex.GAME,)}


GAMES: dict[str, Game] = _registry()


def kit(game: Game, options: Any, paper: Paper, colours: dict[str, str], copies: int) -> Document:
    """Rules, board and score pad in one document."""
    parts = [game.items[name](options, paper, colours, copies)
             for name in ("rules", "board", "pad") if name in game.items]
    doc = parts[0]
    for part in parts[1:]:
        doc = doc + part
    return Document(doc.pages, f"{game.title}: print-and-play kit", doc.author, doc.subject,
                    doc.keywords)
