"""What a game draws: the table its pages module (generator/games/GAME/pages.py) offers. Apart
from game.py, so that the commands that draw nothing (the judge, `list`, `stats`) do not
create the class (a dataclass costs a good part of a millisecond at import)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from generator.core.paper import NAMED
from generator.games.game import ItemMaker, OptionError, OptionsT

if TYPE_CHECKING:
    from generator.core.paper import Paper

# Cells flat to flat, mm. A fingertip places a stone on a 9 mm cell without nudging its
# neighbours, and a pencilled letter fits inside it; under 7 mm neither does.
READABLE_CELL = 9.0
SMALLEST_CELL = 7.0


@dataclass(frozen=True)
class Pages(Generic[OptionsT]):
    """What a game draws: its items in kit order, and the cell size of its board on a paper
    (flat to flat, mm), which tiling scales from. Every board names the smallest cell it is
    printed with (a board that would come out smaller is refused, naming the paper that
    gives enough), the size it is meant to have, and what the smallest is for."""
    items: Mapping[str, ItemMaker[OptionsT]]
    board_cell: Callable[[OptionsT, Paper], float]
    # How an item is made inside the kit, where that differs: a print shop's cards come
    # one card a page, but in the kit they stay on sheets of the kit's paper, so the kit's
    # pages keep one size.
    in_kit: Mapping[str, ItemMaker[OptionsT]] = dataclasses.field(default_factory=dict)
    smallest_cell: float = SMALLEST_CELL
    readable_cell: float = READABLE_CELL
    smallest_for: str = "a stone and a pencilled letter need"


def check_cells(title: str, pages: Pages[OptionsT], options: OptionsT, paper: Paper) -> None:
    """Refuse, with an OptionError of one line, a board whose cells would come out under
    the game's smallest, naming the smallest paper that gives enough and the smallest that
    gives the size the board is meant to have."""
    cell = pages.board_cell(options, paper)
    if cell >= pages.smallest_cell - 1e-9:
        return
    by_size = sorted(NAMED.items(), key=lambda named: named[1].width * named[1].height)
    cells = {key: pages.board_cell(options, p) for key, p in by_size}
    enough = next((k for k in cells if cells[k] >= pages.smallest_cell), None)
    readable = next((k for k in cells if cells[k] >= pages.readable_cell), None)
    named = [k for k in dict.fromkeys((enough, readable)) if k is not None]
    advice = (", ".join(f"--paper {k} gives {cells[k]:.1f} mm" for k in named) if named else
              "no paper up to Tabloid is large enough; --cell with --tile prints it over "
              "several sheets")
    raise OptionError(f"{title} board: its cells would be {cell:.1f} mm across on "
                      f"{paper.name}, under the {pages.smallest_cell:g} mm "
                      f"{pages.smallest_for}; {advice} (or choose a smaller --size)")
