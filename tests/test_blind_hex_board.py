"""The Blind Hex board as players read it: hash marks clear of the cells' corners and of the
side bands, measured in the drawn page, and boards refused when their cells would be too
small to read."""

import math
import subprocess
from functools import cache

import pytest
from in_process import run_pnp

from generator import i18n
from generator.app import documents
from generator.core.geometry import Point
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.core.scene import Circle, Page, Path, Role, Text
from generator.games import GAMES
from generator.games.blind_hex import marks as blind_hex_marks
from generator.games.blind_hex import pages as blind_hex_pages
from generator.games.blind_hex import tracks
from generator.games.blind_hex.colours import SIDES
from generator.games.items import ITEMS
from generator.layout import hexboard
from generator.layout.printing import Printing

GAME = GAMES["blind-hex"]
BAND_CLEAR = 0.2      # edge lengths between a mark and a side band


def to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b.x - a.x, b.y - a.y
    k = max(0.0, min(1.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy,
                                                                      1e-12)))
    return math.dist((a.x + k * dx, a.y + k * dy), (p.x, p.y))


def between(s: tuple[Point, Point], t: tuple[Point, Point]) -> float:
    """Distance between two line segments that do not cross."""
    return min(to_segment(s[0], *t), to_segment(s[1], *t), to_segment(t[0], *s),
               to_segment(t[1], *s))


@cache
def board_page(edition: str = "cards", numbers: int = 5, paper: str = "a4") -> Page:
    options = GAME.make_options(edition=edition, numbers=numbers)
    return documents.make_document(GAME, ITEMS["board"], options=options,
                                   printing=Printing(paper=NAMED[paper])).pages[0]


def drawn(page: Page):
    """The marks (ink strokes), the cell corners (ends of the board lines) and the side
    bands (filled in the players' colours), as the page draws them."""
    paths = [s for s in page.shapes if isinstance(s, Path)]
    grid = next(s for s in paths if s.paint.stroke == COLOUR["board line"] and not s.closed
                and len(s.subpaths) > 100)
    marks = next(s for s in paths if s.paint.stroke == COLOUR["ink"] and len(s.subpaths) > 100)
    bands = [s for s in paths if s.paint.fill in (COLOUR[SIDES["x"]], COLOUR[SIDES["o"]])]
    corners = {(round(p.x, 6), round(p.y, 6)) for sub in grid.subpaths for p in sub}
    edge = min(math.dist((a.x, a.y), (b.x, b.y)) for a, b in grid.subpaths)
    return marks, [Point(*c) for c in corners], bands, edge


def corner_gap(page: Page) -> float:
    """The least distance from a mark's ink to a cell corner, in edge lengths."""
    marks, corners, _bands, edge = drawn(page)
    half = marks.paint.width / 2
    near = [(s, [c for c in corners if math.dist((c.x, c.y), (s[0].x, s[0].y)) < 1.5 * edge])
            for s in marks.subpaths]
    return min(to_segment(c, *s) - half for s, cs in near for c in cs) / edge


def band_gap(page: Page) -> float:
    """The least distance from a mark's ink to a side band's edge, in edge lengths."""
    marks, _corners, bands, edge = drawn(page)
    half = marks.paint.width / 2
    sides = [(sub[i], sub[(i + 1) % len(sub)]) for band in bands for sub in band.subpaths
             for i in range(len(sub))]
    return min(between(s, t) for s in marks.subpaths for t in sides) / edge - half / edge


@pytest.mark.parametrize("edition, numbers", [("cards", 5), ("pennies", 5), ("cards", 4),
                                              ("cards", 7), ("cards", 9)])
def test_hash_marks_stand_clear_of_every_cell_corner(edition, numbers):
    assert corner_gap(board_page(edition, numbers)) >= blind_hex_marks.VERTEX_CLEAR - 1e-6


def test_control_the_first_rounds_spacing_runs_marks_into_the_corners(monkeypatch):
    # Ticks 0.15 edge apart, as before: the gates on edges that meet nearly touch.
    monkeypatch.setattr(blind_hex_marks, "tick_gap", lambda length, numbers: 0.15 * length)
    page = documents.make_document(GAME, ITEMS["board"], options=GAME.make_options(),
                                   printing=Printing(paper=NAMED["a4"])).pages[0]
    assert corner_gap(page) < blind_hex_marks.VERTEX_CLEAR


@pytest.mark.parametrize("edition", ["cards", "pennies"])
def test_hash_marks_stand_clear_of_the_side_bands(edition):
    assert band_gap(board_page(edition)) >= BAND_CLEAR


def test_control_bands_where_other_boards_draw_them_come_near_the_marks(monkeypatch):
    monkeypatch.setattr(blind_hex_pages, "MARK_OUTSET", 0.0)
    monkeypatch.setattr(blind_hex_marks, "tick_gap", lambda length, numbers: 0.15 * length)
    page = documents.make_document(GAME, ITEMS["board"], options=GAME.make_options(),
                                   printing=Printing(paper=NAMED["a4"])).pages[0]
    assert band_gap(page) < BAND_CLEAR


# --- the smallest readable cell ---------------------------------------------------------------


def measured_cell(page: Page) -> float:
    """Cells flat to flat, mm, from the drawn board lines."""
    return math.sqrt(3) * drawn(page)[3]


def pnp_board(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_pnp("board", "blind-hex", *args, "-o", str(tmp_path / "b.pdf"), text=True)


@pytest.mark.parametrize("edition, size, paper", [
    ("cards", 11, "a4"), ("cards", 11, "letter"), ("cards", 11, "a5"), ("pennies", 11, "a4"),
    ("pennies", 11, "letter"), ("cards", 21, "a4"), ("cards", 25, "a4"), ("pennies", 11, "a5"),
    ("pennies", 15, "a4"), ("cards", 25, "a3")])
def test_a_board_is_printed_exactly_when_its_cells_reach_the_smallest_size(tmp_path, edition,
                                                                           size, paper):
    options = GAME.make_options(edition=edition, size=size)
    page = documents.make_document(GAME, ITEMS["board"], options=options,
                                   printing=Printing(paper=NAMED[paper])).pages[0]
    cell = measured_cell(page)
    result = pnp_board(tmp_path, "--edition", edition, "--size", str(size), "--paper", paper)
    if cell >= blind_hex_pages.SMALLEST_CELL:
        assert result.returncode == 0, result.stderr
    else:
        assert result.returncode == 2 and result.stderr.count("\n") == 1
        assert result.stderr.startswith("pnp: ") and f"{cell:.1f} mm" in result.stderr
        # The paper it names gives the cells it says.
        named = result.stderr.split("--paper ")[1].split(" ")[0]
        larger = documents.make_document(GAME, ITEMS["board"], options=options,
                                         printing=Printing(paper=NAMED[named])).pages[0]
        assert measured_cell(larger) >= blind_hex_pages.SMALLEST_CELL
        assert pnp_board(tmp_path, "--edition", edition, "--size", str(size),
                         "--paper", named).returncode == 0


def test_every_default_board_is_allowed_on_the_papers_people_use():
    for edition in ("cards", "pennies"):
        for paper in ("a4", "letter"):
            page = documents.make_document(GAME, ITEMS["board"],
                                           options=GAME.make_options(edition=edition),
                                           printing=Printing(paper=NAMED[paper])).pages[0]
            assert measured_cell(page) >= blind_hex_pages.SMALLEST_CELL, (edition, paper)
    # The booklet's A5 pages carry the cards board.
    a5 = documents.make_document(GAME, ITEMS["board"], options=GAME.make_options(),
                                 printing=Printing(paper=NAMED["a5"])).pages[0]
    assert measured_cell(a5) >= blind_hex_pages.SMALLEST_CELL


def test_a_tiled_board_needs_the_smallest_cell_too(tmp_path):
    small = pnp_board(tmp_path, "--size", "25", "--cell", "6", "--tile")
    assert small.returncode == 2 and "under the 7 mm" in small.stderr
    # Control: a cell above it on the same paper is made, though the whole board on Letter
    # is not.
    assert pnp_board(tmp_path, "--size", "25", "--cell", "9", "--tile").returncode == 0
    assert pnp_board(tmp_path, "--size", "25", "--paper", "letter").returncode == 2


# --- the pennies board: coin tracks in the corners the rhombus leaves ----------------------------


def spots_overlapping_the_board(page: Page) -> list[Point]:
    """Coin spots that come within 1 mm of anything the board draws: a cell corner, a side
    band, a mark, a coordinate or side letter (text by its anchor point)."""
    spots = [s for s in page.shapes if isinstance(s, Circle)
             and abs(s.radius - tracks.COIN_SPOT / 2) < 1e-6]
    marks, corners, bands, _edge = drawn(page)
    ink = corners + [p for band in bands for sub in band.subpaths for p in sub]
    ink += [p for sub in marks.subpaths for p in sub]
    ink += [t.position for t in page.shapes if isinstance(t, Text) and t.role is not None
            and t.role.kind == "Figure"]
    return [s.centre for s in spots
            if any((s.centre - p).length() < s.radius + 1.0 for p in ink)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("numbers", [4, 5, 7, 9])
def test_the_coin_tracks_stand_clear_of_the_board(paper, numbers):
    page = board_page("pennies", numbers, paper)
    spots = [s for s in page.shapes if isinstance(s, Circle)
             and abs(s.radius - tracks.COIN_SPOT / 2) < 1e-6]
    assert len(spots) == 4 * numbers
    assert spots_overlapping_the_board(page) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pennies_board_reaches_9_mm_on_a4_and_letter(paper):
    assert measured_cell(board_page("pennies", 5, paper)) >= blind_hex_pages.READABLE_CELL


def test_control_tracks_laid_over_the_board_are_caught(monkeypatch):
    # Control: a board that takes its whole box, as if the tracks were always clear of it.
    monkeypatch.setattr(tracks, "clear", lambda *args, **named: True)
    blind_hex_pages.pennies_box.cache_clear()
    try:
        options = GAME.make_options(edition="pennies")
        page = documents.make_document(GAME, ITEMS["board"], options=options,
                                       printing=Printing(paper=NAMED["a4"])).pages[0]
        assert spots_overlapping_the_board(page)
    finally:
        blind_hex_pages.pennies_box.cache_clear()


# --- the cards board over the whole page: title, key and ruler in the corners -------------------

KIRKBY_CELL = 15.9      # mm flat to flat: Don Kirkby's own Letter board


def cards_board(paper: str, coordinates: bool = True, lang: str = "en") -> Page:
    options = GAME.make_options(coordinates=coordinates)
    return documents.make_document(GAME, ITEMS["board"], options=options,
                                   printing=Printing(paper=NAMED[paper],
                                                     words=i18n.words(lang))).pages[0]


def furniture_over_the_board(page: Page) -> list[str]:
    """The page's words that are not the board's own (its title, key, credit and ruler: no
    coordinate, side letter or figure text) whose box comes within 1 mm of a cell corner
    or a side band, or leaves the margins."""
    from generator.layout.corners import text_box
    _marks, corners, bands, _edge = drawn(page)
    ink = corners + [p for band in bands for sub in band.subpaths for p in sub]
    margin = NAMED["letter"].margin
    faults = []
    for t in page.shapes:
        if not isinstance(t, Text) or t.role is None or t.role.kind == "Figure":
            continue
        left, top, right, bottom = text_box(t)
        if left < margin - 1e-6 or right > page.width - margin + 1e-6:
            faults.append(f"{t.text!r} in the margin")
        if any(left - 1 <= p.x <= right + 1 and top - 1 <= p.y <= bottom + 1 for p in ink):
            faults.append(f"{t.text!r} over the board")
    return faults


@pytest.mark.parametrize("lang", ["en", "de", "es", "pt"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_cards_board_takes_the_page_with_its_words_in_the_corners(paper, lang):
    page = cards_board(paper, lang=lang)
    assert furniture_over_the_board(page) == []
    heading = [t.text for t in page.shapes if isinstance(t, Text) and t.role is not None
               and t.role.kind == "H1"]
    assert heading == ["Blind Hex"]
    if paper == "letter":
        # Anchored on Don Kirkby's own board (about 15.9 mm, printed to the edge): as large
        # without coordinates, at least 15 mm with them.
        assert measured_cell(page) >= 15.0
        assert measured_cell(cards_board(paper, coordinates=False, lang=lang)) >= KIRKBY_CELL


def test_control_the_board_under_a_header_and_over_a_key_is_smaller():
    """The board as once laid out, between the header and the key: 12.6 mm on Letter."""
    paper = NAMED["letter"]
    options = GAME.make_options()
    x, y, w, h = blind_hex_pages.sheet.body_box(paper)
    old = blind_hex_pages.place(options.size, True, box=(x, y, w, h - blind_hex_pages.KEY_HEIGHT))
    assert math.sqrt(3) * old.cell_radius < 15.0 <= measured_cell(cards_board("letter"))


def test_control_bands_cut_past_the_corner_cell_leave_cells_under_kirkbys(monkeypatch):
    """The sharp corners' bands cut as first, 1.5 band distances past the corner cell's
    point: the board without coordinates on Letter is smaller than Kirkby's."""
    monkeypatch.setattr(hexboard, "TIP_CUT", 1.0 + 1.5 * 0.5)
    assert measured_cell(cards_board("letter", coordinates=False)) < KIRKBY_CELL


def test_control_words_laid_over_the_board_are_caught():
    page = cards_board("letter")
    cell = drawn(page)[1][0]
    stray = Text(cell, "Blind Hex", 6.0, role=Role("H1", text="x"))
    assert furniture_over_the_board(Page(page.width, page.height, (*page.shapes, stray)))
