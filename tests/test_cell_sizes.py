"""Every game's board is printed with cells of at least 7 mm flat to flat, and one that
would come out smaller is refused with one `pnp:` line naming the paper that gives 9 mm."""

from __future__ import annotations

import dataclasses
import re

import pytest
from in_process import run_pnp

from generator.app.documents import board_cells_fit
from generator.core.paper import NAMED, parse_paper
from generator.games import GAMES
from generator.games.game import OptionError
from generator.games.items import ITEMS
from generator.games.protocols import READABLE_CELL, SMALLEST_CELL
from generator.i18n import ENGLISH

BOARD_GAMES = sorted(key for key, game in GAMES.items() if ITEMS["board"] in game.pages().items)


def cell(key: str, paper: str, **options: object) -> float:
    game = GAMES[key]
    return game.pages().board_cell(game.make_options(**options), NAMED[paper], words=ENGLISH)


# Boards under 7 mm that were once printed without a word, and boards just above it.
CASES = [("hex", 26, "a4"), ("hex-kb", 25, "letter"), ("hex-kb", 25, "a4"), ("nex", 19, "a5"),
         ("hex", 19, "a5"), ("blind-hex", 25, "a4"), ("hex", 19, "a4"), ("nex", 19, "letter"),
         ("hex-kb", 19, "a4"), ("hex", 26, "a3")]


@pytest.mark.parametrize("key, size, paper", CASES)
def test_a_board_is_refused_exactly_when_its_cells_are_under_7_mm(tmp_path, key, size, paper):
    measured = cell(key, paper, size=size)
    for command in ("board", "kit"):
        result = run_pnp(command, key, "--size", str(size), "--paper", paper,
                         "-o", str(tmp_path / f"{command}.pdf"), text=True)
        if measured >= SMALLEST_CELL:
            assert result.returncode == 0, result.stderr
            continue
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith("pnp: ") and f"{measured:.1f} mm" in result.stderr
        assert not (tmp_path / f"{command}.pdf").exists()
        # The last paper it names gives the 9 mm the board is meant to have, and is printed.
        named = re.findall(r"--paper (\S+) gives", result.stderr)
        assert named, result.stderr
        assert cell(key, named[-1], size=size) >= READABLE_CELL
        assert run_pnp("board", key, "--size", str(size), "--paper", named[-1],
                       "-o", str(tmp_path / "larger.pdf")).returncode == 0


@pytest.mark.parametrize("key", BOARD_GAMES)
def test_every_game_declares_the_smallest_cell_and_its_default_board_reaches_9_mm(key):
    pages = GAMES[key].pages()
    assert (pages.smallest_cell, pages.readable_cell) == (SMALLEST_CELL, READABLE_CELL)
    for paper in ("a4", "letter"):
        assert cell(key, paper) >= READABLE_CELL, (key, paper)


def test_control_a_game_that_declares_no_smallest_cell_lets_small_cells_pass():
    # Control: with the smallest cell declared as nothing, the same board is printed.
    game = GAMES["hex"]
    lax = dataclasses.replace(game.pages(), smallest_cell=0.0)
    options = game.make_options(size=26)
    board_cells_fit(game.title, lax, options=options, paper=parse_paper("a4"), words=ENGLISH)
    with pytest.raises(OptionError, match="under the 7 mm"):
        board_cells_fit(game.title, game.pages(), options=options, paper=parse_paper("a4"),
                        words=ENGLISH)
