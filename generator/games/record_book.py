"""The record item's seam with the games: a played game read, judged and ready to print as a
study booklet (a `Study`), whatever the game; and the booklet's text for games whose records
are the project's own move lists (Nex, Hex KB), which share its shape with Hex's.

Each game that reads records (Game.read_record) has a record_pages module beside its rules
with `study(record)`: the record replayed by the game's own engine. The request
(app/record_request.py) and the folder booklet (app/record_folder.py) ask only this module's
`Study` of it. A move list's booklet has a header naming the board and how the game ended, a
key to the board's sides, a diagram every N moves with the stones numbered and each diagram
captioned with its moves, the last with the winning chain, and the whole move list as it was
written.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Protocol

from generator.errors import UserError
from generator.i18n import _

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Document
    from generator.games.game import Game
    from generator.games.hex.records.model import GameRecord
    from generator.games.protocols import GameOptions


class Study(Protocol):
    """A played game read and judged, to print as a study booklet."""

    def check(self, every: int) -> None:
        """Refuse (one line, a UserError) what the booklet cannot print: an illegal move, a
        board it cannot draw, more diagrams than it holds at `every` moves a diagram."""
        ...

    def booklet(self, every: int, paper: Paper, colours: Palette) -> Document:
        """The booklet: a diagram every `every` moves."""
        ...

    def title(self) -> str:
        """The game's title in the active language: its players, or the game's name."""
        ...

    def byline(self) -> str:
        """A line under the title in a booklet's contents: event, date, how it ended."""
        ...

    def event(self) -> str:
        """The event the record names, or ''."""
        ...

    def sgf(self) -> str:
        """The record as SGF; a game whose records are not SGF refuses (UserError)."""
        ...


class NoSGF(UserError, ValueError):
    """A record asked for as SGF, of a game SGF has no numbers for."""


def study(game: Game[GameOptions], record: GameRecord) -> Study:
    """The record replayed by its game's engine (GAME/record_pages.py's `study`)."""
    found: Study = import_module(f"{game.package}.record_pages").study(record)
    return found


def refuse_sgf(title: str) -> NoSGF:
    return NoSGF(f"{title} records are the project's move lists; --format sgf is for Hex")


# --- a move list's booklet -------------------------------------------------------------------


def moves_range(first: int, last: int) -> str:
    """A diagram's moves, as its caption begins."""
    if first == last:
        return _("Move %(n)s", n=first)
    return _("Moves %(first)s to %(last)s", first=first, last=last)


def markup(title: str, board: str, ending: str, key: str, diagrams: int,
           written: Sequence[str]) -> str:
    """A move list's booklet in the sheets' markup: its header, key, one figure a diagram
    (named d0, d1, ...) and the move list, each turn numbered as it is written."""
    lines = [f"# {title}", "", board, "", ending, "", key, ""]
    for k in range(diagrams):
        lines += [f"[figure d{k}]", ""]
    lines += [f"## {_('The moves')}", "",
              "  ".join(f"**{n}.** {w}" for n, w in enumerate(written, start=1)) or
              _("No moves."), ""]
    return "\n".join(lines)


def a_game(game: str) -> str:
    return _("A game of %(game)s", game=game)


__all__ = ["NoSGF", "Study", "a_game", "markup", "moves_range", "refuse_sgf", "study"]
