"""Hex boards' sharp corners as printed: on every banded board's own page (Hex, Nex, Blind
Hex's cards board) the side bands stop across the long diagonal before the corner cell's
point, so nothing the board draws runs past its cells along the direction the page is
tightest in (mitred, the bands ran out three times their width past them)."""

from __future__ import annotations

import math

import pytest

from generator.core.geometry import Hex, Point
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.core.scene import Page, Path
from generator.games import GAMES
from generator.games.blind_hex import pages as blind_hex_pages
from generator.games.hex import pages as hex_pages
from generator.games.nex import pages as nex_pages
from generator.i18n import ENGLISH
from generator.layout import hexboard

LAYOUTS = {"hex": hex_pages, "nex": nex_pages, "blind-hex": blind_hex_pages}


def placement(key: str, paper: str) -> hexboard.Placement:
    pages = LAYOUTS[key]
    options = GAMES[key].make_options()
    return pages.board_placement(options, pages.board_paper(options, NAMED[paper], words=ENGLISH),
                                 words=ENGLISH)


def board_page(key: str, paper: str) -> Page:
    """The board's own page, as its kit prints it."""
    pages = LAYOUTS[key]
    options = GAMES[key].make_options()
    return pages.board_page(options, pages.board_paper(options, NAMED[paper], words=ENGLISH),
                            colours=COLOUR, words=ENGLISH)


def past_the_tips(page: Page, p: hexboard.Placement) -> float:
    """How far the board's lines and areas reach past its corner cells' points along the
    long diagonal, in cell radii (0 where the corner cells' points are the furthest)."""
    n = p.board.size - 1
    ends = [(p.centre(Hex(0, 0)), p.centre(Hex(n, n))), (p.centre(Hex(n, n)), p.centre(Hex(0, 0)))]
    points = [q for s in page.shapes if isinstance(s, Path) and s.role is not None
              and s.role.kind == "Figure" for sub in s.subpaths for q in sub]
    reach = -math.inf
    for corner, other in ends:
        length = math.dist((corner.x, corner.y), (other.x, other.y))
        out = Point((corner.x - other.x) / length, (corner.y - other.y) / length)
        reach = max(reach, max((q.x - corner.x) * out.x + (q.y - corner.y) * out.y
                               for q in points))
    return reach / p.cell_radius - 1.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_no_band_runs_past_the_corner_cells(key, paper):
    assert past_the_tips(board_page(key, paper), placement(key, paper)) <= 1e-6


@pytest.mark.parametrize("key", ["hex", "nex"])
def test_control_mitred_bands_run_past_the_corner_cells(key, monkeypatch):
    # The bands cut only where their mitres end, as the board page first drew them.
    monkeypatch.setattr(hexboard, "TIP_CUT", 10.0)
    assert past_the_tips(board_page(key, "a4"), placement(key, "a4")) > 1.0
