"""A game's puzzle book in the studio (`pnp puzzles GAME --seed N`): the book of its own
puzzles from a seed, with the options the command line offers it (how many, the budgets,
the seed, the booklet's sheets, colours and language), checked by the command line's own
request.

Solving takes seconds (a book of 40 some 5 s of processor time, up to the `--total` the
command line allows), so it is not the drawing thread's work: the puzzles are solved on a
thread of their own, one book at a time, and kept (the last few books), while the drawing
thread goes on answering every other preview. A preview of a book not yet solved waits
a moment and is then answered "still solving" (503, with how long so far), and the page asks
again; once solved, the book is drawn, on the drawing thread, as any other item is. The
solver's answer is the command line's: a book of its own is proven within a count of
positions (the same on every machine), so the studio's file is byte for byte the command's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.app import params
from generator.app.puzzle_request import (
    FORMATS,
    PuzzleRequest,
    puzzle_params,
    puzzle_request,
)
from generator.games.game import OptionError
from generator.games.puzzle_book import PuzzleAsk, Puzzles
from generator.ui.studio import booklets
from generator.ui.studio.drawing import Busy, Drawer, Waited

if TYPE_CHECKING:
    from generator.games import SomeGame

ITEM = "puzzles"      # the command's name, and the item's in the studio's requests
# What the command takes that belongs to the page's downloads (where the file goes, its
# format, the print shop's settings), not to the book.
SKIPPED = ("fmt", "output", "target", "bleed", "condition", "ink_limit")
# How long a preview waits for its book's puzzles before it is answered "still solving":
# short, so the page says how far the solving is, and asks again.
WAIT = 1.5
AGAIN = 1             # seconds after which the page asks again (Retry-After)
KEPT_BOOKS = 8        # solved books kept, the last asked for
QUEUED_BOOKS = 2      # books waiting to be solved behind the one being solved


class Solving(Busy):
    """The book's puzzles are being solved: the page shows this and asks again."""

    def __init__(self, message: str, seconds: float):
        super().__init__(message)
        self.seconds = seconds


def offered(game: SomeGame) -> bool:
    """Whether the studio offers the game's puzzle book: where `pnp puzzles GAME` exists."""
    return game.puzzles is not None


def studio_puzzle_params() -> list[params.Param]:
    """The book's options: what `pnp puzzles GAME` takes, less the downloads' own; its
    sheets a list of the two a booklet is printed on."""
    return [booklets.PAPER if p.name == "paper" else p for p in puzzle_params()
            if p.name not in SKIPPED]


def checked(game: SomeGame, values: Mapping[str, object]) -> PuzzleRequest:
    """The book's request as `pnp puzzles GAME` makes it with no records: from the seed."""
    return puzzle_request(game, [], values=values)


@dataclass(frozen=True, slots=True)
class _Key:
    game: str
    ask: PuzzleAsk


def own_puzzles(request: PuzzleRequest) -> Puzzles:
    """The book's own puzzles, as `pnp puzzles GAME --seed N` solves them."""
    made = request.game.puzzles
    if made is None:
        raise OptionError(f"{request.game.key} makes no puzzle books")
    return made.from_seed(request.ask)


class Solver:
    """Solves books of puzzles one at a time on a thread of its own (a Drawer, `drawer`),
    and keeps the last few: what one preview asked for is there for its page turns and
    downloads. `solve` solves a book; a preview waits `wait` seconds for it."""

    def __init__(self, drawer: Drawer | None = None,
                 solve: Callable[[PuzzleRequest], Puzzles] = own_puzzles,
                 *, wait: float = WAIT) -> None:
        self.drawer = drawer or Drawer(queue=QUEUED_BOOKS, keep=KEPT_BOOKS)
        self.solve, self.wait = solve, wait
        self.lock = threading.Lock()
        self.asked: dict[_Key, float] = {}      # when each book still solving was first asked

    def puzzles(self, request: PuzzleRequest) -> Puzzles:
        """The book's puzzles, solved now or before; Solving while they are being solved
        (after waiting up to the solver's wait); the solver's refusal (no puzzle found) as
        the command line says it."""
        key = _Key(request.game.key, request.ask)
        with self.lock:
            if len(self.asked) > KEPT_BOOKS * 8:   # books asked for once and never again
                self.asked.clear()
            first = self.asked.setdefault(key, time.monotonic())
        try:
            found: Puzzles = self.drawer.get(key, lambda: self.solve(request), timeout=self.wait)
        except Waited:
            seconds = time.monotonic() - first
            raise Solving(f"Solving the puzzles: {seconds:.0f} s so far (at most "
                          f"{request.ask.total:g} s, as the total time allows); every "
                          f"answer is proven before the book is shown.", seconds) from None
        except Exception:
            self._done(key)
            raise
        self._done(key)
        return found

    def _done(self, key: _Key) -> None:
        with self.lock:
            self.asked.pop(key, None)

    def close(self, timeout: float | None = None) -> None:
        """Solve nothing more: a book being solved is finished (it cannot be stopped
        midway) and its thread ends; waited for up to `timeout` seconds."""
        self.drawer.close(timeout)


__all__ = ["FORMATS", "ITEM", "Solver", "Solving", "checked", "offered", "own_puzzles",
           "studio_puzzle_params"]
