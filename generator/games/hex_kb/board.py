"""Hex KB's board: where the two windows go, the board with its portal frames, and its
options."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from generator.core.connect import chain
from generator.core.hexgrid import POINTY, Hex, Layout, hex_to_pixel
from generator.games.game import OptionError, option
from generator.i18n import Words

RED, BLUE = "R", "B"
TITLE = "Hex KB"
DESIGNER = "Mark Steere"
YEAR = "2009"
NAMES = {RED: "Red", BLUE: "Blue"}
WINDOW = "O"    # window cells in a position file
CRITERIA = {1: "a simple connecting path (net transits 0)",
            2: "a portal loop and a single transit connecting path",
            3: "a double transit connecting path"}
PUZZLE_TRIES = 2000
TRANSIT_BOUND = 8    # net transits a highlighted walk may reach on its way
UNSEEN = 1 << 40      # a potential not yet set: no real count comes near it
SIZES = range(7, 26)
_UNIT = Layout(POINTY, 1.0)


def gaps(size: int, radius: int, *, offset: int) -> tuple[int, int]:
    """Cells of board between a frame and the border, and between the two frames."""
    border = offset - (radius + 1)
    between = 2 * (size - 1 - 2 * offset) - 2 * (radius + 1) - 1
    return border, between


def place_windows(size: int, radius: int) -> int:
    """The diagonal offset of window A that keeps both gaps as wide as possible."""
    best = max(range(radius + 1, (size - 1) // 2 + 1),
               key=lambda c: (min(gaps(size, radius, offset=c)), c), default=None)
    if best is None or min(gaps(size, radius, offset=best)) < 1:
        raise ValueError(f"no room for windows of radius {radius} on a {size} x {size} board")
    return best


def largest_radius(size: int, gap: int = 2) -> int | None:
    fitting = [w for w in range(size) if _fits(size, w, gap)]
    return max(fitting) if fitting else None


def _fits(size: int, radius: int, gap: int) -> bool:
    try:
        return min(gaps(size, radius, offset=place_windows(size, radius))) >= gap
    except ValueError:
        return False


@lru_cache(maxsize=64)
def default_radius(size: int) -> int:
    """The largest window that leaves two cells of board round each frame; 0 on boards too
    small for that (7-9), where the gaps are one cell."""
    return largest_radius(size) or 0


@dataclass(frozen=True)
class KleinBoard:
    """A Hex KB board of a size and window radius: its cells, windows, frames and borders.

    Without __slots__: its cells, windows and frames are worked out when first asked for and
    kept in the instance's __dict__."""
    size: int
    radius: int

    def __post_init__(self) -> None:
        place_windows(self.size, self.radius)   # raises when the windows do not fit

    @cached_property
    def offset(self) -> int:
        return place_windows(self.size, self.radius)

    @cached_property
    def centres(self) -> tuple[Hex, Hex]:
        c, far = self.offset, self.size - 1 - self.offset
        return Hex(c, c), Hex(far, far)

    def on_rhombus(self, h: Hex) -> bool:
        return 0 <= h.q < self.size and 0 <= h.r < self.size

    @cached_property
    def holes(self) -> frozenset[Hex]:
        a, b = self.centres
        return frozenset(h for h in self._rhombus if min(h.distance(a), h.distance(b))
                         <= self.radius)

    @cached_property
    def _rhombus(self) -> list[Hex]:
        return [Hex(q, r) for r in range(self.size) for q in range(self.size)]

    @cached_property
    def frame_a(self) -> tuple[Hex, ...]:
        """Frame A's cells clockwise on the page, starting due east of the window."""
        a = self.centres[0]
        ring = [h for h in self._rhombus if h.distance(a) == self.radius + 1]
        centre = hex_to_pixel(_UNIT, a)

        def angle(h: Hex) -> float:
            p = hex_to_pixel(_UNIT, h)
            # y grows downwards, so increasing atan2 runs clockwise on the page.
            return math.atan2(p.y - centre.y, p.x - centre.x) % (2 * math.pi)
        return tuple(sorted(ring, key=angle))

    @cached_property
    def twins(self) -> dict[Hex, Hex]:
        """Frame A cell -> its twin in frame B: the same offset from the other window."""
        a, b = self.centres
        return {h: h - a + b for h in self.frame_a}

    @cached_property
    def cells(self) -> list[Hex]:
        """Playable cells, one per cell of the game: a frame pair is its frame A cell."""
        frame_b = set(self.twins.values())
        return [h for h in self._rhombus if h not in self.holes and h not in frame_b]

    def canonical(self, h: Hex) -> Hex:
        """The cell of the game that a cell of the drawing belongs to."""
        return self.twin_of_b.get(h, h)

    @cached_property
    def twin_of_b(self) -> dict[Hex, Hex]:
        """Frame B cell -> its twin in frame A."""
        return {b: a for a, b in self.twins.items()}

    def open_chain(self, start: Hex, goal: Hex, *, avoid: set[Hex]) -> list[Hex]:
        """A shortest run of cells from start to goal outside windows and frames (the goal
        may be a frame cell) and outside `avoid`: for laying out example positions."""
        frames = set(self.twins) | set(self.twins.values())

        def free(h: Hex) -> bool:
            return (self.on_rhombus(h) and h not in self.holes and h not in avoid
                    and (h not in frames or h == goal))
        path = chain([start], {goal}, neighbours=lambda h: (n for n in h.neighbours() if free(n)))
        if path is None:
            raise ValueError(f"no open way from {start} to {goal}")
        return path

    def twin_index(self, h: Hex) -> int | None:
        """Twins share a label: their place, from 1, clockwise round their frame."""
        a = self.canonical(h)
        return self.frame_a.index(a) + 1 if a in self.twins else None


# Kept: a board works out its windows, frames and cells when first asked and keeps them, and
# every page, figure and judge of a size asks again (a 25 × 25 puzzle's two pages: a fifth
# of drawing them).
@lru_cache(maxsize=32)
def klein_board(size: int, radius: int) -> KleinBoard:
    """The board of that size and window radius (ValueError where the windows do not fit)."""
    return KleinBoard(size, radius)


# --- the options of a board ----------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """Hex KB's options: the board's size and window, the puzzle's seed, the coordinates."""
    size: int = option(11, f"Board size N (N × N cells), {SIZES.start} to {SIZES.stop - 1}.")
    window: int | None = option(None, "Portal window radius N (0: one cell, 1: seven cells); by "
                                      "default the largest that leaves two cells of board "
                                      "round each frame.")
    seed: int = option(1, "Which puzzle: any whole number.")
    coordinates: bool = option(True, "Column letters and row numbers round the board.")

    def __post_init__(self) -> None:
        if self.window is not None and self.window < 0:
            raise OptionError(f"--window must be 0 or more, not {self.window}")
        s = SIZES
        if self.size not in s:
            raise OptionError(f"--size must be {s.start} to {s.stop - 1} for {TITLE}, "
                              f"not {self.size}")
        try:
            KleinBoard(self.size, self.radius)
        except ValueError:
            raise OptionError(f"--window {self.window} leaves no room for two windows on a "
                              f"{self.size} × {self.size} board") from None

    @property
    def radius(self) -> int:
        return default_radius(self.size) if self.window is None else self.window

    def board(self) -> KleinBoard:
        return klein_board(self.size, self.radius)

    def board_label(self, words: Words) -> str:
        """The board's size and windows (the label without the sides)."""
        cells = 1 + 3 * self.radius * (self.radius + 1)
        return words.ngettext("%(size)s × %(size)s · windows of %(num)s cell",
                              "%(size)s × %(size)s · windows of %(num)s cells", n=cells,
                              size=self.size)

    def label(self, words: Words) -> str:
        return words._("%(board)s · Red joins the %(R)s segments, Blue the %(B)s segments",
                       board=self.board_label(words), R=letter(RED, words),
                       B=letter(BLUE, words))


def letter(colour: str, words: Words) -> str:
    """The letter marking a colour's border segments on the printed board."""
    return words.pgettext("Hex KB border segment", "R") if colour == RED else words.pgettext(
        "Hex KB border segment", "B")


def border_cells(size: int) -> dict[Hex, str]:
    """The rows of border cells just outside the board: red beyond q = 0 and q = N - 1, blue
    beyond r = 0 and r = N - 1. The four corner cells belong to no segment."""
    out = {}
    for i in range(size):
        out[Hex(-1, i)] = out[Hex(size, i)] = RED
        out[Hex(i, -1)] = out[Hex(i, size)] = BLUE
    return out
