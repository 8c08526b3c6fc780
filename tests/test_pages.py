"""Every page of the catalogue, checked as a player holds it: every game, variant and item, in
every palette, on A4, Letter, A5 and a narrow custom sheet.

A page fails on text under 6 pt, ink in the printable margin, a hex cell turned off the
page's square (edges not at a multiple of 30 degrees), the two players' colours closer than
60 grey levels, two players hatched alike in the ink-saver palette, or near-black where
black is meant. Each check has a control case: a deliberately bad page it must reject.
"""

from __future__ import annotations

import math
import re
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from cases import case_id, item_cases
from palettes import COLOUR, INK_SAVER, PALETTES, PLAYERS
from test_render import assert_inside_margin

from generator.app import documents
from generator.core.geometry import Affine, Point
from generator.core.paper import Paper, parse_paper
from generator.core.scene import Circle, Clip, Document, Page, Paint, Shape, Text, area, segments
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout import hexboard
from generator.layout.printing import Printing
from generator.render.pdf import document_pdf
from generator.render.svg import page_svg

PT_PER_MM = 72 / 25.4
SMALLEST_PT = 6.0
GREY_GAP = 60.0
NEAR_BLACK = 0x40          # channels all below this, but not all zero: a black gone grey
# A5, and a narrower custom sheet: the least every item takes is 145 mm a side (narrower
# papers are refused, item by item; tests/test_narrow_paper.py checks that).
PAPERS = ("a4", "letter", "a5", "145x210")

CASES = item_cases(PAPERS)

def document(key: str, variant: str, item: str, paper: str, palette: str = "colour") -> Document:
    """Each page once for the module: the checks here and the palettes' in colour read the
    same document (a cache keyed on the arguments as given would make it twice)."""
    return _document(key, variant, item, paper, palette)


@cache
def _document(key: str, variant: str, item: str, paper: str, palette: str) -> Document:
    game = GAMES[key]
    options = dict(game.variants())[variant]
    return documents.make_document(game, ITEMS[item], options=options,
                                   printing=Printing(paper=parse_paper(paper),
                                                     palette=PALETTES[palette]))


def leaves(shapes) -> list[Shape]:
    out: list[Shape] = []
    for s in shapes:
        out += leaves(s.shapes) if isinstance(s, Clip) else [s]
    return out


# --- the checks: each returns what is wrong with a page, empty when nothing is ---------------


def small_text(page: Page) -> list[str]:
    return [f"{s.text!r} at {s.size * PT_PER_MM:.2f} pt" for s in leaves(page.shapes)
            if isinstance(s, Text) and s.size * PT_PER_MM < SMALLEST_PT - 1e-6]


def margin_ink(page: Page, paper: Paper) -> list[str]:
    try:
        assert_inside_margin(Document((page,), "", "", lang="en"), paper)
    except AssertionError as err:
        return [f"ink in the margin: {str(err)[:200]}"]
    return []


def _hexagon(points) -> bool:
    """Six corners, sides of one length: a hex cell, whatever its turn."""
    if len(points) != 6:
        return False
    sides = [math.dist((a.x, a.y), (b.x, b.y))
             for a, b in zip(points, points[1:] + points[:1], strict=True)]
    return min(sides) > 0 and max(sides) - min(sides) < 1e-3 * max(sides)


def off_square(page: Page) -> list[str]:
    """Hex cells whose edges are not at a multiple of 30 degrees to the page's edges."""
    bad = []
    for s in leaves(page.shapes):
        if not (hasattr(s, "subpaths") and s.closed):
            continue
        for sub in s.subpaths:
            sub = list(sub)
            if not _hexagon(sub):
                continue
            for a, b in zip(sub, sub[1:] + sub[:1], strict=False):
                angle = math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 30
                if min(angle, 30 - angle) > 0.05:
                    turned = math.degrees(math.atan2(b.y - a.y, b.x - a.x))
                    bad.append(f"cell edge at {turned:.1f}°")
                    break
    return bad[:3]


def luma(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def colours_used(page: Page) -> set[str]:
    used = set()
    for s in leaves(page.shapes):
        if isinstance(s, Text):
            used.add(s.colour.lower())
        else:
            used |= {c.lower() for c in (s.paint.fill, s.paint.stroke) if c}
    return used


def players_close(page: Page, palette) -> list[str]:
    """The two players' colours, where a page shows both, at least GREY_GAP grey levels apart."""
    used = colours_used(page)
    return [f"{a} {palette[a]} / {b} {palette[b]}: {abs(luma(palette[a]) - luma(palette[b])):.0f}"
            f" grey levels" for a, b in PLAYERS
            if {palette[a].lower(), palette[b].lower()} <= used
            and abs(luma(palette[a]) - luma(palette[b])) < GREY_GAP]


def hatch_angles(page: Page) -> dict[str, set[int]]:
    """Colour -> the directions (degrees, mod 180) of the hatching drawn in it: runs of
    butt-capped open strokes."""
    out: dict[str, set[int]] = {}
    for s in leaves(page.shapes):
        if isinstance(s, (Text, Circle)) or s.closed or not s.paint.stroke:
            continue
        if s.paint.round_caps or len(s.subpaths) < 3:
            continue
        for a, b in (sub for sub in s.subpaths if len(sub) == 2):
            angle = round(math.degrees(math.atan2(b.y - a.y, b.x - a.x))) % 180
            out.setdefault(s.paint.stroke.lower(), set()).add(angle)
    return out


def hatched_alike(page: Page, palette) -> list[str]:
    """Two players both hatched on a page must be hatched differently."""
    angles = hatch_angles(page)
    bad = []
    for a, b in PLAYERS:
        ha, hb = angles.get(palette[a].lower()), angles.get(palette[b].lower())
        if ha and hb and ha == hb:
            bad.append(f"{a} and {b} both hatched at {sorted(ha)}°")
    return bad


def near_black(colour: str) -> bool:
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return all(c < NEAR_BLACK for c in channels) and any(channels)


def near_black_in_scene(page: Page) -> list[str]:
    return sorted(c for c in colours_used(page) if c.startswith("#") and near_black(c))


# --- the PDF and the SVG as written ---------------------------------------------------------

_STRING = re.compile(rb"\((?:\\.|[^\\)])*\)", re.DOTALL)
_RGB = re.compile(rb"(?<![\w.])(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(rg|RG)(?!\w)")
_GRAY = re.compile(rb"(?<![\w.])(-?[\d.]+)\s+(g|G)(?!\w)")


def pdf_colours(pdf: bytes, tmp_path: Path) -> list[tuple[str, tuple[float, ...]]]:
    """Every colour operator in the PDF's content, decompressed by qpdf: (operator, values)."""
    src, out = tmp_path / "in.pdf", tmp_path / "qdf.pdf"
    src.write_bytes(pdf)
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(src), str(out)],
                   check=True, capture_output=True)
    text = _STRING.sub(b"()", out.read_bytes())
    found = [(m.group(4).decode(), tuple(float(v) for v in m.group(1, 2, 3)))
             for m in _RGB.finditer(text)]
    found += [(m.group(2).decode(), (float(m.group(1)),)) for m in _GRAY.finditer(text)]
    return found


def pdf_black_problems(colours: list[tuple[str, tuple[float, ...]]]) -> list[str]:
    """Near-black, and greys (black above all) sent as RGB, which a print shop separates
    into four inks."""
    bad = []
    for op, values in colours:
        levels = [round(v * 255) for v in values]
        if all(v < NEAR_BLACK for v in levels) and any(levels):
            bad.append(f"near-black {' '.join(f'{v:g}' for v in values)} {op}")
        elif op in ("rg", "RG") and len(set(levels)) == 1:
            bad.append(f"grey as RGB {' '.join(f'{v:g}' for v in values)} {op}")
    return sorted(set(bad))


def svg_black_problems(svg: bytes) -> list[str]:
    bad = set()
    for element in ET.fromstring(svg).iter():
        for attr in ("fill", "stroke"):
            value = (element.get(attr) or "").lower()
            if re.fullmatch(r"#[0-9a-f]{6}", value) and near_black(value):
                bad.add(value)
    return sorted(bad)


# --- every page ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_text_under_six_points(case):
    for n, page in enumerate(document(*case).pages, 1):
        assert small_text(page) == [], f"page {n}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_ink_in_the_margin(case):
    paper = parse_paper(case[3])
    for n, page in enumerate(document(*case).pages, 1):
        assert margin_ink(page, paper) == [], f"page {n}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_hex_cells_are_square_to_the_page(case):
    for n, page in enumerate(document(*case).pages, 1):
        assert off_square(page) == [], f"page {n}"


def cases_in_palettes() -> list:
    """Every page in every palette; `make test` keeps every item on every paper in colour
    (the pages the other checks here draw) and every item in each other palette on A4, and
    the rest are the exhaustive tier's: a palette's colours are the same on any paper."""
    later = pytest.mark.exhaustive(reason="each item in each palette kept on A4")
    return [pytest.param(case, palette, id=f"{case_id(case)}-{palette}",
                         marks=() if palette == COLOUR.name or case[3] == "a4" else later)
            for case in CASES for palette in sorted(PALETTES)]


@pytest.mark.parametrize("case, palette", cases_in_palettes())
def test_players_apart_in_grey_and_pattern_and_black_is_black(case, palette):
    colours = PALETTES[palette]
    for n, page in enumerate(document(*case, palette).pages, 1):
        assert players_close(page, colours) == [], f"page {n}"
        if colours.hatched:
            assert hatched_alike(page, colours) == [], f"page {n}"
        assert near_black_in_scene(page) == [], f"page {n}"


def test_every_palette_means_black_when_it_says_ink():
    for palette in PALETTES.values():
        assert palette["ink"] == "#000000", palette.name
        assert [r for r in palette if near_black(palette[r])] == [], palette.name


KITS = [(key, variant) for key in sorted(GAMES) for variant, _ in GAMES[key].variants()]


def kits_in_palettes() -> list:
    """Every kit in every palette; `make test` keeps the diagonal, each kit in one palette
    and each palette on two kits (the palettes in turn down the kits), so every game,
    edition and palette is written there, and the rest are the exhaustive tier's: the
    writers' colour path is the same code for each of them."""
    palettes = sorted(PALETTES)
    later = pytest.mark.exhaustive(reason="each kit and each palette kept on the diagonal")
    return [pytest.param(key, variant, palette,
                         marks=() if palette == palettes[n % len(palettes)] else later)
            for n, (key, variant) in enumerate(KITS) for palette in palettes]


@pytest.mark.parametrize("key, variant, palette", kits_in_palettes())
def test_written_pdf_and_svg_print_black_as_black(key, variant, palette, tmp_path):
    game = GAMES[key]
    doc = documents.make_document(game, ITEMS["kit"], options=dict(game.variants())[variant],
                                  printing=Printing(paper=parse_paper("a4"),
                                                    palette=PALETTES[palette]))
    colours = pdf_colours(document_pdf(doc), tmp_path)
    assert pdf_black_problems(colours) == []
    # Text and line art in black go out as DeviceGray 0: one ink, solid on a mono laser.
    assert ("g", (0.0,)) in colours and ("G", (0.0,)) in colours
    for page in doc.pages:
        assert svg_black_problems(page_svg(page, doc.title)) == []


# --- control cases: each check rejects a page made to fail it --------------------------------

A4 = parse_paper("a4")


def test_control_small_text_is_caught():
    page = Page(210, 297, (Text(Point(20, 20), "1", 4 / PT_PER_MM),
                           Text(Point(20, 40), "ok", 6 / PT_PER_MM)))
    assert small_text(page) == ["'1' at 4.00 pt"]


def test_control_ink_in_the_margin_is_caught():
    inside = segments([(Point(20, 100), Point(50, 100))], Paint(stroke="#000000"))
    assert margin_ink(Page(210, 297, (inside,)), A4) == []
    across = segments([(Point(2, 100), Point(50, 100))], Paint(stroke="#000000"))
    assert margin_ink(Page(210, 297, (inside, across)), A4)


def test_control_a_turned_board_is_caught():
    def board(angle):
        p = hexboard.place_board(5, 20, y=20, width=170, height=250, angle=angle)
        return Page(210, 297, tuple(hexboard.cell_shapes(p, Paint(stroke="#8c8c8c"))))
    square = hexboard.place_board(5, 20, y=20, width=170, height=250, angle=0)
    crooked = hexboard.Placement(square.board, square.transform.then(Affine.rotation(7)))
    assert off_square(Page(210, 297, tuple(hexboard.cell_shapes(crooked,
                                                                Paint(stroke="#8c8c8c")))))
    assert off_square(board(0)) == [] and off_square(board(30)) == []


def test_control_players_close_in_grey_are_caught():
    old = PALETTES["colour"].roles | {"red": "#c8102e", "blue": "#1f5fa8"}
    from generator.core.palette import Palette
    palette = Palette("old", old)
    page = Page(210, 297, (*area([Point(20, 20), Point(40, 20), Point(30, 40)], old["red"]),
                           *area([Point(50, 20), Point(70, 20), Point(60, 40)], old["blue"])))
    assert players_close(page, palette)
    assert players_close(page, COLOUR) == []   # neither of the new colours is on the page


def test_control_players_hatched_alike_are_caught():
    tri = [Point(20, 20), Point(40, 20), Point(30, 40)]
    far = [Point(50, 20), Point(70, 20), Point(60, 40)]
    alike = Page(210, 297, (*area(tri, INK_SAVER["red"], hatched=True),
                            *area(far, INK_SAVER["blue"], hatched=True)))
    assert hatched_alike(alike, INK_SAVER)
    apart = Page(210, 297, (*area(tri, INK_SAVER["red"], hatched="lines"),
                            *area(far, INK_SAVER["blue"], hatched="cross")))
    assert hatched_alike(apart, INK_SAVER) == []


def test_control_near_black_is_caught(tmp_path):
    grey_ink = Page(210, 297, (Text(Point(20, 20), "ink", 4.0, "#1a1a1a"),
                               segments([(Point(20, 30), Point(60, 30))],
                                        Paint(stroke="#1a1a1a"))))
    assert near_black_in_scene(grey_ink) == ["#1a1a1a"]
    assert svg_black_problems(page_svg(grey_ink, "grey")) == ["#1a1a1a"]
    doc = Document((grey_ink,), "grey", "test", lang="en")
    assert pdf_black_problems(pdf_colours(document_pdf(doc), tmp_path))
    # Black sent as RGB is caught too: what reportlab writes when asked for it that way.
    import io

    from reportlab.pdfgen.canvas import Canvas
    out = io.BytesIO()
    c = Canvas(out)
    c.setFillColorRGB(0, 0, 0)
    c.rect(10, 10, 50, 50, fill=1)
    c.save()
    assert pdf_black_problems(pdf_colours(out.getvalue(), tmp_path)) == ["grey as RGB 0 0 0 rg"]


def test_the_cases_cover_the_catalogue():
    assert {c[0] for c in CASES} == set(GAMES)
    for key, game in GAMES.items():
        for variant, options in game.variants():
            for item in (i.key for i in game.items_for(options)):
                assert {c[3] for c in CASES if c[:3] == (key, variant, item)} == set(PAPERS)
