"""A Hex KB game's record for the record item (`pnp record hex-kb FILE`): its move list
(moves.py) as the record item takes it. Imported only when a record is read, so that
`pnp judge hex-kb` loads no other game's modules."""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.gridfile import decode
from generator.games.hex.records.model import GameRecord, RecordError
from generator.games.hex_kb.board import KleinBoard
from generator.games.hex_kb.moves import Claim, HexKbGame, is_move_list, read_moves, replay
from generator.games.played import refuse_foreign


@dataclass(frozen=True, slots=True)
class HexKbRecord(GameRecord):
    """A Hex KB move list as a record: the board (GameRecord's columns and rows; the record
    item asks for a GameRecord), its windows' radius and its claims."""
    radius: int = 0
    claims: tuple[Claim, ...] = ()

    def replay(self) -> HexKbGame:
        return replay(KleinBoard(self.columns, self.radius), list(self.claims))


def read(data: bytes) -> HexKbRecord:
    """The move list in a file's bytes, for the record item; a position has no moves to show,
    and is refused by name, as Hex's record item refuses one."""
    text = decode(data)
    refuse_foreign(text, "Hex KB", key="hex-kb")
    if not is_move_list(text):
        raise RecordError("a position has no moves to print; give a move list")
    board, claims = read_moves(text)
    return HexKbRecord("move-list", board.size, board.size, (), radius=board.radius,
                       claims=tuple(claims))
