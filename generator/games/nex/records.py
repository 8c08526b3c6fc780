"""A Nex game's record for the record item (`pnp record nex FILE`): the project's own move
list, the file `pnp judge nex` reads (rules.py: one turn a line, Black first, an optional
`size N` line; plain cells become the player's stones, cells in brackets neutral ones, and
`swap` is the pie rule), replayed by Nex's engine. Pure: nothing here draws. Imported only
when a record is read, so that `pnp judge nex` loads no other game's modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.gridfile import decode, hex_name
from generator.games.hex.records.model import GameRecord, RecordError
from generator.games.nex.rules import BLACK, NEX, Replay, Turn, is_move_list, read_moves
from generator.games.played import refuse_foreign


@dataclass(frozen=True, slots=True)
class NexRecord(GameRecord):
    """A Nex move list as a record: the board (GameRecord's columns and rows; the record item
    asks for a GameRecord) and its turns in Nex's own terms, which rules.py replays."""
    turns: tuple[Turn, ...] = ()


def read(data: bytes) -> NexRecord:
    """The move list in a file's bytes; a position has no moves to show, and is refused by
    name, as Hex's record item refuses one."""
    text = decode(data)
    refuse_foreign(text, "Nex", key="nex")
    if not is_move_list(text):
        raise RecordError("a position has no moves to print; give a move list")
    size, turns = read_moves(text)
    return NexRecord("move-list", size, size, (), turns=tuple(turns))


def written(turn: Turn) -> str:
    """A turn as the move list writes it: its cells, the neutral ones in brackets, or swap."""
    if turn.swap:
        return "swap"
    return " ".join([*map(hex_name, turn.mine), *(f"({hex_name(h)})" for h in turn.neutral)])


@dataclass(frozen=True, slots=True)
class PlayedNex:
    """A Nex move list replayed: who played each turn (a swap keeps the second player on
    turn, as rules.py has it) and the engine's replay, its steps and winner."""
    record: NexRecord
    movers: tuple[str, ...]
    game: Replay


def replay(record: NexRecord) -> PlayedNex:
    game = NEX.replay(record.turns, record.columns)
    movers, colour = [], BLACK
    for turn, step in zip(record.turns, game.steps, strict=True):
        movers.append(colour)
        if not (turn.swap and not step.illegal):
            colour = NEX.other(colour)
    return PlayedNex(record, tuple(movers), game)
