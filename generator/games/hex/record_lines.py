"""What a Hex record's study booklet shows, before anything is drawn: the main line cut into
diagrams, and each variation, to the depth asked (--variations), in diagrams of its own set
after the diagram of the move it branches from, in reading order; with what is left out
and why. Pure: records/ reads and replays, record_drawing.py draws.

A diagram ends after a move whose node marks the board (LB, MA, TR, SQ, CR, AR, LN), so the
marks are drawn on the position they were made on, as sgf2dg and GoWrite cut theirs; a mark
before the first move opens with the position before it. The diagrams keep the --every grid
otherwise (moves 1 to 20, 21 to 40, ...). A variation is numbered in the order it is read
and drawn from the position where it leaves its line, its own moves numbered as the game's
(23, 24, ...), the stones before it unnumbered. A booklet holds at most MOST_DIAGRAMS: the
main line is refused past that (played.py), the variations that would go past it are left
out, counted in a note.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from generator.games import played
from generator.games.hex.records.judge import HexStep, Replay, replay
from generator.games.hex.records.model import (
    NO_MARKUP,
    Branch,
    Cell,
    Colour,
    GameRecord,
    Markup,
    Move,
)


@dataclass(frozen=True, slots=True)
class Variation:
    """A variation as the booklet shows it: its number in reading order, the move it
    replaces, the variation it branches from (0: the main line), and how deep it lies."""
    number: int
    at: int
    parent: int
    depth: int


@dataclass(frozen=True, slots=True)
class Diagram:
    """The position after move `last`, with the stones placed in moves `first` to `last`
    numbered; `moves` are those moves, with the comments beside them; the marks of the
    position, its winning chain, and the variation it shows (None: the main line), with
    that variation's own comment on its first diagram."""
    first: int
    last: int
    stones: dict[Cell, Colour]
    numbers: dict[Cell, int]
    moves: tuple[Move, ...]
    chain: tuple[Cell, ...] = ()
    markup: Markup = NO_MARKUP
    variation: Variation | None = None
    comment: str = ""
    parts: int = 1                  # the diagrams its line (a variation) takes
    # Cells shaded under the stones: a puzzle's answer shades the winning connection.
    shaded: frozenset[Cell] = frozenset()


@dataclass(frozen=True, slots=True)
class Shown:
    """The booklet's diagrams in reading order, and what it leaves out: each variation
    with a move that cannot be played (the variation, and that move's number), and how
    many lie deeper than asked or past the booklet's diagrams."""
    diagrams: tuple[Diagram, ...]
    unplayable: tuple[tuple[Variation, int], ...] = ()
    deeper: int = 0
    beyond: int = 0


def breaks(moves: tuple[Move, ...], opening: Markup, *, start: int) -> frozenset[int]:
    """The moves after which a diagram ends, for the marks on their positions; `start - 1`
    where the line opens with marks."""
    found = {m.number for m in moves if m.markup and m.number >= start}
    return frozenset(found | ({start - 1} if opening else set()))


def cut(game: Replay, every: int, *, start: int = 1, opening: Markup = NO_MARKUP,
        comment: str = "", variation: Variation | None = None) -> list[Diagram]:
    """A line's diagrams from move `start` (games/played.py), a swapped stone keeping the
    number of the move that placed it, and its marks on the diagram of their position."""
    moves = game.record.moves

    def number(step: HexStep) -> int:
        return 1 if step.number and moves[step.number - 1].kind == "swap" else step.number
    won = game.chain if game.winner and game.won_on >= start else ()
    made = played.diagrams(game.steps, len(moves), every=every, chain=won, number=number,
                           start=start,
                           breaks=breaks(moves, opening, start=start))
    out = []
    for k, d in enumerate(made):
        shown = moves[d.first - 1:d.last]
        marks = opening if d.last < d.first else sum((m.markup for m in shown), NO_MARKUP)
        out.append(Diagram(d.first, d.last, d.stones, d.numbers, shown, d.chain, marks,
                           variation, comment if k == 0 else "", len(made)))
    return out


def line_of(record: GameRecord, branch: Branch) -> GameRecord:
    """The record of a variation's line, from the game's start: the moves of the line it
    leaves before its first, then its own, with the setups of each."""
    before = tuple(s for s in record.setup
                   if s.before < branch.at or s.before == branch.at == 1)
    return replace(record, moves=record.moves[:branch.at - 1] + branch.moves,
                   setup=before + branch.setup, branches=(), markup=NO_MARKUP)


def _hangs(diagrams: list[Diagram], at: int) -> int:
    """The index of the diagram a variation replacing move `at` is set after: the last
    whose moves begin at or before it (the line's first, if none)."""
    return max((k for k, d in enumerate(diagrams) if d.first <= at), default=0)


def shown(game: Replay, every: int, *, depth: int) -> Shown:
    """The booklet's diagrams: the main line's, each followed by the variations branching
    in its moves, to `depth` (each followed in turn by its own)."""
    main = cut(game, every, opening=game.record.markup)
    budget = played.MOST_DIAGRAMS - len(main)
    unplayable: list[tuple[Variation, int]] = []
    counts = {"deeper": 0, "beyond": 0, "number": 0}

    def follow(diagrams: list[Diagram], record: GameRecord, *, branches: tuple[Branch, ...],
               parent: int, level: int) -> Iterator[Diagram]:
        """The diagrams, each followed by those of the variations hung after it."""
        nonlocal budget
        after: dict[int, list[Branch]] = {}
        for branch in branches:
            after.setdefault(_hangs(diagrams, branch.at), []).append(branch)
        for k, diagram in enumerate(diagrams):
            yield diagram
            for branch in after.get(k, []):
                if level > depth:
                    counts["deeper"] += 1 + _count(branch.branches)
                    continue
                line = line_of(record, branch)
                again = replay(line)
                counts["number"] += 1
                variation = Variation(counts["number"], branch.at, parent, level)
                wrong = next((s.number for s in again.steps if s.illegal), 0)
                if wrong:
                    unplayable.append((variation, wrong))
                    continue
                own = cut(again, every, start=branch.at, opening=branch.markup,
                          comment=branch.comment, variation=variation)
                if len(own) > budget:
                    counts["beyond"] += 1 + _count(branch.branches)
                    continue
                budget -= len(own)
                yield from follow(own, line, branches=branch.branches, parent=variation.number,
                                  level=level + 1)

    diagrams = tuple(follow(main, game.record, branches=game.record.branches, parent=0, level=1))
    return Shown(diagrams, tuple(unplayable), counts["deeper"], counts["beyond"])


def _count(branches: tuple[Branch, ...]) -> int:
    """The variations in these and in theirs, counted by a loop (they nest deep)."""
    total, stack = 0, list(branches)
    while stack:
        branch = stack.pop()
        total += 1
        stack += branch.branches
    return total


__all__ = ["Diagram", "Shown", "Variation", "cut", "line_of", "shown"]
