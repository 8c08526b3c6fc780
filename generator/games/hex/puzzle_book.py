"""`pnp puzzles hex`: the puzzles chosen (puzzle_choice.py) from records or from a seed,
ready to print (puzzle_pages.py) or to write as data (puzzle_facts.py). Records that
cannot be read, or whose boards the book cannot draw, are left out with why, as a folder's
record booklet leaves them out; a book with no puzzle at all is refused in one line."""

from __future__ import annotations

from collections.abc import Sequence

from generator.errors import UserError
from generator.games.hex.puzzle_choice import Game, from_games, from_seed, record_game
from generator.games.hex.puzzle_pages import HexPuzzles
from generator.games.hex.records import read_record
from generator.games.hex.records.model import RecordError
from generator.games.hex.solver import Budget
from generator.games.puzzle_book import PuzzleAsk


def _game(name: str, data: bytes) -> Game:
    record = read_record(data)
    if not record.square:
        raise RecordError(f"the board is {record.columns} × {record.rows}; the book draws "
                          f"square boards")
    game = record_game(name, record)
    if not game.positions:
        raise RecordError("it holds no position the solver takes")
    return game


def puzzles_of_records(files: Sequence[tuple[str, bytes]], ask: PuzzleAsk
                       ) -> tuple[HexPuzzles, list[tuple[str, str]]]:
    """The book's puzzles cut from the records, and the records left out, with why."""
    games, left_out = [], []
    for name, data in files:
        try:
            games.append(_game(name, data))
        except UserError as err:
            left_out.append((name, str(err)))
    if not games:
        name, why = left_out[0]
        raise UserError(f"{name}: {why}" if len(left_out) == 1 else
                        f"none of the {len(left_out)} records can be read; the first, "
                        f"{name}: {why}")
    chosen = from_games(games, ask.count, budget=Budget(seconds=ask.seconds),
                        seconds=ask.total)
    if not chosen:
        raise UserError("no puzzle was found in the records within the budget: a puzzle is a "
                        "position whose player to move has a proven win that is not a "
                        "one-move finish (try a larger --budget or --total)")
    return HexPuzzles(chosen), left_out


def puzzles_of_seed(ask: PuzzleAsk) -> HexPuzzles:
    """The book's own puzzles, from the seed."""
    chosen = from_seed(ask.seed, ask.count, budget=Budget(seconds=ask.seconds),
                       seconds=ask.total)
    if not chosen:
        raise UserError("no puzzle was found within the time (try a larger --total)")
    return HexPuzzles(chosen)


__all__ = ["puzzles_of_records", "puzzles_of_seed"]
