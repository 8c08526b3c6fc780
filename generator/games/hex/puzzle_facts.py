"""A Hex puzzle as data (`pnp puzzles hex --format json`): one object a puzzle, whose
position is an SGF of setup stones (AB, AW) and the player to move (PL), so that any other
solver (HexGui, Benzene) can read it and check the book. Cells are named as the records
name them: a1 top left, letters across; Black joins the top and bottom rows."""

from __future__ import annotations

from generator.core.formats import JsonValue
from generator.games.hex.puzzle_choice import BookPuzzle, Source
from generator.games.hex.records.model import BLACK, Cell, cell_name


def _order(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.column


def _sgf_cell(cell: Cell) -> str:
    """An SGF point as HexGui writes a Hex cell: its name (a1, b12), which pnp reads too."""
    return cell_name(cell)


def position_sgf(puzzle: BookPuzzle) -> str:
    """The puzzle's position as SGF: the board, its stones as setup, the player to move."""
    position = puzzle.puzzle.position
    size = (str(position.columns) if position.columns == position.rows else
            f"{position.columns}:{position.rows}")
    stones = ""
    for tag, cells in (("AB", position.black), ("AW", position.white)):
        if cells:
            stones += tag + "".join(f"[{_sgf_cell(c)}]" for c in sorted(cells, key=_order))
    return (f"(;FF[4]GM[11]AP[pnp]SZ[{size}]{stones}"
            f"PL[{'B' if position.to_move == BLACK else 'W'}])")


def source_facts(source: Source) -> dict[str, JsonValue]:
    """Where the puzzle came from: the record's file, players and event, or the seed and
    the number of the book's own game; and the move the position follows."""
    if source.seed is not None:
        return {"seed": source.seed, "game": source.game, "move": source.move}
    return {"record": source.record, "black": source.black, "white": source.white,
            "event": source.event, "move": source.move}


def facts(puzzle: BookPuzzle) -> dict[str, JsonValue]:
    """One puzzle as one JSON object."""
    solution = puzzle.puzzle.solution
    return {"position": position_sgf(puzzle), "to_move": solution.to_move,
            "winning_moves": [cell_name(c) for c in sorted(solution.winning, key=_order)],
            "level": puzzle.level, "source": source_facts(puzzle.source),
            "main_line": [cell_name(c) for c in puzzle.main_line],
            "connection": [cell_name(c) for c in sorted(puzzle.connection, key=_order)],
            "nodes": puzzle.puzzle.effort}


__all__ = ["facts", "position_sgf", "source_facts"]
