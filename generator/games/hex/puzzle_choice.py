"""Which puzzles a Hex puzzle book holds (`pnp puzzles hex`): cut from players' records, or
from games of its own on small boards, each proven by the solver and graded by its effort
(solver/puzzles.py), then chosen for a spread of levels. Pure: it draws nothing.

A game is walked back from its end: the positions near the end are the easiest, and each
step back is harder, so the walk stops at the first position the solver cannot settle
within the puzzle's budget. Of each game the book keeps at most one puzzle a level, the
hardest of it (the furthest back): two positions a move apart are one puzzle twice. The
records share the total time in turn (each game gets what is left over the games left), so
a slow game cannot starve the others. The games of its own are random legal games from the
seed on 5 x 5 to 7 x 7 boards, solved within a node budget (OWN_NODES, the same on every
machine), so the same seed makes the same book; time bounds them too (OWN_SECONDS a
puzzle, and the total), but only as a safety a machine of normal speed does not reach.

The total time is the cutting's (CUTTING of it) and then the answers' main lines, played
out to the connection (playout.py) while it lasts. The chosen puzzles are spread over the
levels: an equal share each, a level that has too few giving its share to the others,
hardest first; within a level those of fewest winning moves first (a puzzle of one answer
asks the most), then the hardest, one game each before a second from any. The book orders
them by level, then by effort.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from generator.games.hex.playout import Line, played_out
from generator.games.hex.records.model import BLACK, WHITE, Cell, GameRecord
from generator.games.hex.solver import Budget, Position
from generator.games.hex.solver.board import board_of, connected
from generator.games.hex.solver.positions import game_positions
from generator.games.hex.solver.puzzles import LEVELS, Puzzle, tried

OWN_SIZES = (5, 6, 7)          # the boards of a book's own games
OWN_NODES = 400                # positions analysed a puzzle of its own at most: some
OWN_SECONDS = 60.0             # seconds on a slow machine; the time is only a safety bound
MOST_OWN_GAMES = 400           # games of its own played at most, however few puzzles
CUTTING = 0.8                  # of the total time: the cutting; the rest, the main lines
FEWEST = 3                     # a game is walked back to a board a third full
ALL_LEVELS = tuple(range(1, len(LEVELS) + 2))


@dataclass(frozen=True, slots=True)
class Source:
    """Where a puzzle came from: a record's file, players and event, or the seed and the
    number of the book's own game; and the move the position follows."""
    move: int
    record: str = ""
    black: str = ""
    white: str = ""
    event: str = ""
    seed: int | None = None
    game: int = 0


@dataclass(frozen=True, slots=True)
class BookPuzzle:
    puzzle: Puzzle
    source: Source
    line: Line | None = None        # the main line played out (playout.py), once chosen

    @property
    def level(self) -> int:
        return self.puzzle.level

    @property
    def main_line(self) -> tuple[Cell, ...]:
        return self.puzzle.solution.line if self.line is None else self.line.moves

    @property
    def connection(self) -> tuple[Cell, ...]:
        """The winner's connection at the main line's end."""
        return self.puzzle.solution.connection if self.line is None else \
            self.line.connection


def played(puzzles: Sequence[BookPuzzle], budget: Budget, *, deadline: float,
           clock: Callable[[], float] = time.monotonic) -> tuple[BookPuzzle, ...]:
    """The chosen puzzles with their main lines played out to the connection, while the
    deadline allows; past it, a puzzle keeps the solver's own line."""
    out = []
    for p in puzzles:
        left = deadline - clock()
        line = played_out(p.puzzle.solution, Budget(min(budget.seconds, left), budget.nodes,
                                                    budget.table)) if left > 0 else None
        out.append(BookPuzzle(p.puzzle, p.source, line))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Game:
    """A game to cut puzzles from: its positions (with the move each follows) and what the
    sources of its puzzles say."""
    positions: Sequence[tuple[int, Position]]
    source: Source


def record_game(name: str, record: GameRecord) -> Game:
    """A record's positions, and its players and event for the puzzles' sources."""
    return Game(game_positions(record),
                Source(0, name, record.players.black, record.players.white, record.event))


def walk(game: Game, budget: Budget, *, deadline: float, fewest: int = 0,
         clock: Callable[[], float] = time.monotonic) -> list[BookPuzzle]:
    """The game's puzzles, walked back from its end, at most one a level (the furthest
    back), until a position is not settled within the budget, the deadline passes, or the
    board holds fewer than `fewest` stones."""
    kept: dict[int, BookPuzzle] = {}
    for move, position in reversed(game.positions):
        left = deadline - clock()
        if left <= 0 or len(position.black) + len(position.white) < fewest:
            break
        puzzle, settled = tried(move, position,
                                budget=Budget(min(budget.seconds, left), budget.nodes,
                                              budget.table))
        if not settled:
            break
        if puzzle is not None:
            kept[puzzle.level] = BookPuzzle(puzzle, _at(game.source, move))
    return list(kept.values())


def _at(source: Source, move: int) -> Source:
    return Source(move, source.record, source.black, source.white, source.event,
                  source.seed, source.game)


def from_games(games: Sequence[Game], count: int, *, budget: Budget, seconds: float,
               clock: Callable[[], float] = time.monotonic) -> tuple[BookPuzzle, ...]:
    """`count` puzzles (or as many as there are) cut from the games, each proven within
    `budget`, the whole within `seconds`, spread over the levels."""
    start = clock()
    end = start + CUTTING * seconds          # the rest plays the main lines out
    found: list[BookPuzzle] = []
    seen: set[Position] = set()
    for k, game in enumerate(games):
        share = (end - clock()) / (len(games) - k)     # what is left, over the games left
        # A position two games share (a line every player knows) is one puzzle.
        for p in walk(game, budget, deadline=min(end, clock() + share), fewest=_fewest(game),
                      clock=clock):
            if p.puzzle.position not in seen:
                seen.add(p.puzzle.position)
                found.append(p)
    return played(spread(found, count), budget, deadline=start + seconds, clock=clock)


def _fewest(game: Game) -> int:
    """The fewest stones a puzzle of the game holds: a board near empty is one puzzle in
    every game of its size (an opening, not a puzzle), and the dearest to prove."""
    position = game.positions[0][1]
    return position.columns * position.rows // FEWEST


def random_game(rng: random.Random, size: int, *, number: int, seed: int) -> Game:
    """A random legal game on a size x size board, to its end: Black first."""
    cells = [Cell(q, r) for r in range(size) for q in range(size)]
    rng.shuffle(cells)
    shape = board_of(size, size)
    black: set[Cell] = set()
    white: set[Cell] = set()
    positions: list[tuple[int, Position]] = []
    for move, cell in enumerate(cells):
        to_move = BLACK if move % 2 == 0 else WHITE
        positions.append((move, Position(size, size, frozenset(black), frozenset(white),
                                         to_move)))
        (black if to_move == BLACK else white).add(cell)
        mine = black if to_move == BLACK else white
        if connected(shape, sum(1 << shape.bit(c.column, c.row) for c in mine),
                     colour=0 if to_move == BLACK else 1):
            break
    return Game(positions, Source(0, seed=seed, game=number))


def own_games(seed: int) -> Iterable[Game]:
    """The book's own games from the seed, one after another, on the sizes in turn."""
    rng = random.Random(seed)
    for number in range(1, MOST_OWN_GAMES + 1):
        yield random_game(rng, rng.choice(OWN_SIZES), number=number, seed=seed)


def from_seed(seed: int, count: int, *, budget: Budget, seconds: float,
              clock: Callable[[], float] = time.monotonic) -> tuple[BookPuzzle, ...]:
    """`count` puzzles of the book's own games, made from the seed: games are played until
    every level has its share or MOST_OWN_GAMES were, each puzzle within the node budget
    (OWN_NODES at most: the same on every machine), the whole within `seconds`."""
    start = clock()
    end = start + CUTTING * seconds
    # The nodes bound the work, the same everywhere; time only where a machine crawls.
    capped = Budget(max(budget.seconds, OWN_SECONDS), min(budget.nodes, OWN_NODES),
                    budget.table)
    found: list[BookPuzzle] = []
    share = count // len(ALL_LEVELS)      # a small book need not hold every level
    seen: set[Position] = set()
    for game in own_games(seed):
        for p in walk(game, capped, deadline=end, fewest=_fewest(game), clock=clock):
            if p.puzzle.position not in seen:
                seen.add(p.puzzle.position)
                found.append(p)
        have = [sum(1 for p in found if p.level == level) for level in ALL_LEVELS]
        # The harder levels are rare within OWN_NODES: enough of the first two will do.
        if clock() >= end or (len(found) >= count and min(have[:2]) >= share):
            break
    return played(spread(found, count), capped, deadline=start + seconds, clock=clock)


def spread(found: Sequence[BookPuzzle], count: int) -> tuple[BookPuzzle, ...]:
    """`count` of the puzzles spread over the levels (the module's docstring says how), in
    the book's order: by level, then by effort, then by source."""
    by_level = {level: _ranked([p for p in found if p.level == level])
                for level in ALL_LEVELS}
    shares = dict.fromkeys(ALL_LEVELS, 0)
    left = min(count, len(found))
    while left:
        for level in reversed(ALL_LEVELS):
            if left and shares[level] < len(by_level[level]):
                shares[level] += 1
                left -= 1
    chosen = [p for level in ALL_LEVELS for p in by_level[level][:shares[level]]]
    return tuple(sorted(chosen, key=_book_order))


def _ranked(puzzles: list[BookPuzzle]) -> list[BookPuzzle]:
    """The fewest winning moves first (a puzzle of one answer asks the most), then the
    hardest; one a game before a second from any."""
    hardest = sorted(puzzles, key=lambda p: (len(p.puzzle.solution.winning),
                                             -p.puzzle.effort, _book_order(p)))
    seen: dict[tuple[str, int], int] = {}
    rounds = []
    for p in hardest:
        key = (p.source.record, p.source.game)
        seen[key] = seen.get(key, 0) + 1
        rounds.append((seen[key], p))
    return [p for _round, p in sorted(rounds, key=lambda rp: rp[0])]


def _book_order(p: BookPuzzle) -> tuple[int, int, str, int, int]:
    return (p.level, p.puzzle.effort, p.source.record, p.source.game, p.source.move)


__all__ = ["BookPuzzle", "Game", "Source", "from_games", "from_seed", "record_game",
           "spread"]
