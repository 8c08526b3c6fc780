"""What the connection games' judges print, in one wording: the illegal turns of a replay,
how far it went, who connected and with which chain, and the stones on the board."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from generator.core.gridfile import hex_name
from generator.core.hexgrid import Hex
from generator.games.judges import Verdict


def count(n: int, one: str, *, many: str) -> str:
    """"1 turn", "2 turns": a count with its noun."""
    return f"{n} {one if n == 1 else many}"


def replay_lines(errors: Iterable[str], turns: int, *, size: int,
                 won: tuple[str, int, Sequence[Hex]] | None,
                 names: Mapping[str, str]) -> list[str]:
    """A replay's illegal turns, then how far it went and who connected on which turn
    (`won`: the colour, the turn and the chain)."""
    lines = [f"illegal: {e}" for e in errors]
    lines.append(f"after {count(turns, 'turn', many='turns')} on {size} × {size}:")
    if won:
        lines.append(f"{names[won[0]]} connected on turn {won[1]}.")
    return lines


def connection_lines(result: tuple[str, Sequence[Hex]] | None, names: Mapping[str, str],
                     *, sides: Mapping[str, str], stones: Mapping[Hex, str], size: int,
                     kinds: Mapping[str, str]) -> list[str]:
    """Who has connected which sides, with the chain; then the stones of each kind (`kinds`
    maps a stone's letter to its name) and the empty cells."""
    if result:
        colour, path = result
        lines = [f"{names[colour]} has connected {sides[colour]}: "
                 + " ".join(hex_name(h) for h in path)]
    else:
        lines = ["No one has connected yet."]
    counts = ", ".join(f"{name} {sum(1 for c in stones.values() if c == k)}"
                       for k, name in kinds.items())
    lines.append(f"stones: {counts}, empty {size * size - len(stones)}")
    return lines


class Replayed(Protocol):
    """A move list replayed, as the judge reports it."""

    @property
    def errors(self) -> Sequence[str]: ...
    @property
    def turns(self) -> int: ...
    @property
    def won(self) -> tuple[str, int, Sequence[Hex]] | None: ...   # colour, turn, chain
    @property
    def stones(self) -> Mapping[Hex, str]: ...


class Swappable(Protocol):
    """A turn that may be the swap (pie) rule's."""

    @property
    def swap(self) -> bool: ...


TurnT = TypeVar("TurnT", bound=Swappable)


class ConnectionJudge(Protocol[TurnT]):
    """A connection game's engine as its judge uses it (games/connection.py's rules), whatever
    its turns are."""

    @property
    def names(self) -> Mapping[str, str]: ...
    def is_move_list(self, text: str) -> bool: ...
    def read_moves(self, text: str) -> tuple[int, list[TurnT]]: ...
    def replay(self, turns: Sequence[TurnT], size: int) -> Replayed: ...
    def read_position(self, text: str) -> tuple[int, dict[Hex, str]]: ...
    def describe(self, size: int, stones: Mapping[Hex, str]) -> list[str]: ...


def judge_connection(text: str, rules: ConnectionJudge[TurnT]) -> Verdict:
    """What `pnp judge GAME FILE` prints for a game of placing stones: a position's result,
    or a replay's illegal turns and result. GridError carries the line and column of anything
    unreadable."""
    if rules.is_move_list(text):
        size, turns = rules.read_moves(text)
        game = rules.replay(turns, size)
        lines = replay_lines(game.errors, game.turns, size=size, won=game.won, names=rules.names)
        at = next((n for n, turn in enumerate(turns, start=1) if turn.swap), 0)
        if at and not any(e.startswith(f"turn {at} (") for e in game.errors):
            lines.append(f"swap on turn {at}: the players exchanged colours.")
        lines += rules.describe(size, game.stones)
        return Verdict(tuple(lines), not game.errors)
    size, stones = rules.read_position(text)
    return Verdict(tuple(rules.describe(size, stones)), True)
