"""A game's solver, as the front ends use it (`pnp solve GAME POSITION`): a file's bytes and
what was asked in, the lines to print and the facts `--format json` prints out. A game that
can be solved declares `solver=SolverOf(...)` on its Game; the front end asks the game for
it and never tests the game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from generator.core.formats import JsonValue


@dataclass(frozen=True, slots=True)
class SolveRequest:
    """What `pnp solve` asks: the position after move `move` of a record (None: as the file
    gives it), the player to move as the command line names it (None: as the file says),
    and the budget: seconds of work and positions analysed at most."""
    move: int | None
    to_move: str | None
    seconds: float
    nodes: int


@dataclass(frozen=True, slots=True)
class Solved:
    """What a solver gives: the lines it prints, and the facts as one JSON object."""
    lines: tuple[str, ...]
    facts: dict[str, JsonValue]


class Solver(Protocol):
    """What `pnp solve` asks of a game's solver; an unreadable file or a position that
    cannot be solved (a finished game, a board too large) is a UserError of one line."""
    @property
    def players(self) -> tuple[str, ...]:
        """The names --to-move takes."""
        ...

    def solve(self, data: bytes, request: SolveRequest) -> Solved: ...


@dataclass(frozen=True, slots=True)
class SolverOf:
    """A solver made from a function of a file's bytes and the request."""
    of_file: Callable[[bytes, SolveRequest], Solved]
    players: tuple[str, ...]

    def solve(self, data: bytes, request: SolveRequest) -> Solved:
        return self.of_file(data, request)
