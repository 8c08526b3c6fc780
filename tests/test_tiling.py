"""Tiled boards as people assemble them: a clean preflight, trim lines and numbered steps on
every sheet, a label at body size, and nothing printed touching the board."""

import subprocess
from pathlib import Path

import pytest
from in_process import pnp_ok, run_pnp
from PIL import Image

from generator import i18n, render
from generator.app import documents
from generator.core.formats import PDF
from generator.core.geometry import Affine, Point
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.core.scene import Clip, Document, Page, Text, place
from generator.core.scene import Path as Stroke
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.i18n import ENGLISH
from generator.layout import sheet, tiling
from generator.layout.flow import STYLE
from generator.layout.printing import Printing

CASES = [("nex", ["--size", "19"], "20"), ("blind-hex", [], "25"), ("hex-kb", [], "30")]


def pnp_check(pdf: Path) -> subprocess.CompletedProcess[str]:
    return run_pnp("check", "--for", "home", str(pdf), text=True)   # in process


@pytest.mark.parametrize("game, options, cell", CASES)
def test_tiled_boards_pass_pnp_check_for_home(tmp_path, game, options, cell):
    pdf = tmp_path / "tiled.pdf"
    pnp_ok("board", game, *options, "--cell", cell, "--tile", "-o", str(pdf))
    result = pnp_check(pdf)
    assert result.returncode == 0, result.stdout


def test_control_a_sheet_that_keeps_its_clipped_away_labels_fails_the_check(tmp_path):
    """The first round's sheet: the whole board inside the window's clip, labels far off the
    paper included. The check must see them."""
    game = GAMES["nex"]
    options = game.make_options(size=19)
    doc = documents.tiled_board(game, options, printing=Printing(paper=NAMED["a4"]), cell=20.0,
                                tile=True)
    pages = game.pages()
    virtual = tiling.virtual_paper(NAMED["a4"], lambda p: pages.board_cell(options, p,
                                                                           words=ENGLISH),
                                   target=20.0)
    board = tiling.board_only(pages.items[ITEMS["board"]](options,
                                                          Printing(paper=virtual)).pages[0],
                              virtual.margin)
    first = doc.pages[0]
    window = next(s for s in first.shapes if isinstance(s, Clip))
    everything = Clip(window.x, window.y, window.width, window.height,
                      tuple(place(board.shapes, Affine.translation(0, 0))))
    old = Page(first.width, first.height, (*first.shapes, everything))
    pdf = tmp_path / "old.pdf"
    render.save(Document((old,), "old", "me", lang="en"), pdf, fmt=PDF, default_stem="old")
    result = pnp_check(pdf)
    assert result.returncode == 1 and "FAIL  safe zone" in result.stdout


def tiled(game: str = "nex", size: int = 19, cell: float = 20.0) -> Document:
    g = GAMES[game]
    options = g.make_options(size=size) if size else g.make_options()
    return documents.tiled_board(g, options, printing=Printing(paper=NAMED["a4"]), cell=cell,
                                 tile=True)


def trim_lines(page: Page) -> list[tuple[str, float]]:
    """The dashed lines of a sheet: ("x", at) for an upright one, ("y", at) for one across."""
    out = []
    for s in page.shapes:
        if isinstance(s, Stroke) and s.paint.dash:
            (a, b), = s.subpaths
            out.append(("x", round(a.x, 6)) if abs(a.x - b.x) < 1e-9 else ("y", round(a.y, 6)))
    return out


def test_every_sheet_but_the_first_has_trim_lines_at_its_seams():
    doc = tiled()
    window = next(s for s in doc.pages[0].shapes if isinstance(s, Clip))
    half = tiling.TRIM_WIDTH / 2
    text = [next(s.text for s in p.shapes if isinstance(s, Text)) for p in doc.pages]
    for page, name in zip(doc.pages, text, strict=True):
        row = int(name.split("row ")[1].split(" ")[0])
        column = int(name.split("column ")[1].split(" ")[0])
        expected = ([("x", round(window.x - half, 6))] if column > 1 else []) + \
                   ([("y", round(window.y - half, 6))] if row > 1 else [])
        assert sorted(trim_lines(page)) == sorted(expected), name
    # Control: the first sheet has none, and a sheet in the second row and column both.
    assert trim_lines(doc.pages[0]) == []
    assert len({k for k, _ in trim_lines(doc.pages[-1])}) == 2


def test_the_trim_line_prints_as_dashes_where_a_sheet_is_trimmed(tmp_path):
    doc = tiled()
    pdf = tmp_path / "t.pdf"
    render.save(Document(doc.pages[:2], "t", "me", lang="en"), pdf, fmt=PDF, default_stem="t")
    window = next(s for s in doc.pages[0].shapes if isinstance(s, Clip))
    dpmm = 300 / 25.4
    x = round((window.x - tiling.TRIM_WIDTH / 2) * dpmm)
    # Only a strip around that column is rasterised (poppler crops before it draws): the
    # same pixels of it as the whole sheet at 300 dpi, at a fraction of the work.
    left, top, bottom = x - 8, round(NAMED["a4"].margin * dpmm), round(window.y * dpmm)
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "300", "-x", str(left), "-y", "0",
                    "-W", "17", "-H", str(bottom + 1), str(pdf), str(tmp_path / "p")],
                   check=True)

    def dark_runs(png: Path) -> int:
        image = Image.open(png).convert("L")
        column = [image.getpixel((x - left, y)) < 128 for y in range(top, bottom)]
        return sum(1 for a, b in zip(column, column[1:], strict=False) if b and not a)
    pages = sorted(tmp_path.glob("p-*.png"))
    # Dashes 2 mm long with 1.5 mm gaps, down the label strip beside the label.
    strip = window.y - NAMED["a4"].margin
    assert dark_runs(pages[1]) >= int(strip / 3.5) - 1
    assert dark_runs(pages[0]) == 0      # control: sheet 1 is not trimmed


def page_texts(pdf: Path) -> list[str]:
    """Each page's text, as pdftotext reads it in one run, its white space made single."""
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return [" ".join(page.split()) for page in out.split("\f")[:-1]]


def test_each_sheet_names_itself_and_numbers_the_four_steps(tmp_path):
    pdf = tmp_path / "t.pdf"
    render.save(tiled(), pdf, fmt=PDF, default_stem="t")
    pages = len(tiled().pages)
    steps = " ".join(tiling.steps_text(words=i18n.ENGLISH).split())
    texts = page_texts(pdf)
    assert len(texts) == pages
    for k, text in enumerate(texts, 1):
        assert steps in text, k
        assert all(f"{n}. " in text for n in range(1, 5))
        assert f"sheet {k} of {pages}" in text
    # Control: a board page that is not tiled carries no steps.
    other = tmp_path / "board.pdf"
    render.save(documents.make_document(GAMES["nex"], ITEMS["board"],
                                        options=GAMES["nex"].make_options(),
                                        printing=Printing(paper=NAMED["a4"])), other, fmt=PDF,
                default_stem="b")
    assert steps not in page_texts(other)[0]


def label_faults(page: Page) -> list[str]:
    """The label (the texts above the window) set under body size, or its name not bold."""
    window = next(s for s in page.shapes if isinstance(s, Clip))
    label = [s for s in page.shapes if isinstance(s, Text) and s.position.y < window.y]
    faults = [f"{s.text[:20]!r} at {s.size:.2f} mm" for s in label
              if abs(s.size - STYLE.body) > 1e-9]
    return faults + ([] if label and label[0].font == "bold" else ["no bold name"])


def test_the_label_is_set_at_body_size():
    pages = tiled().pages
    assert all(label_faults(page) == [] for page in pages)
    # Control: the first round's label, one line at 3 mm in grey, is told apart.
    page = pages[0]
    window = next(s for s in page.shapes if isinstance(s, Clip))
    old = Page(page.width, page.height, (
        Text(Point(window.x, window.y - 3), "Nex board", 3.0,
             COLOUR["muted"]), window))
    assert label_faults(old)


def touching(page: Page, clear: float) -> list[str]:
    """Shapes outside the window (label, ruler) that come nearer the window than `clear`;
    trim lines run along it on purpose."""
    window = next(s for s in page.shapes if isinstance(s, Clip))
    faults = []
    for s in page.shapes:
        if isinstance(s, Clip) or (isinstance(s, Stroke) and s.paint.dash):
            continue
        left, top, right, bottom = tiling.bounds(s)
        gap = max(window.x - right, left - window.x - window.width, window.y - bottom,
                  top - window.y - window.height)
        if gap < clear:
            faults.append(f"{getattr(s, 'text', 'a line')!r} {gap:.2f} mm from the board")
    return faults


@pytest.mark.parametrize("game, size, cell", [("nex", 19, 20.0), ("blind-hex", 0, 25.0)])
def test_nothing_printed_touches_the_board(game, size, cell):
    for page in tiled(game, size, cell).pages:
        assert touching(page, 1.5) == []
    # Control: the ruler 2 mm higher, as in the first round, touches it.
    page = tiled(game, size, cell).pages[2]
    ruler = place(sheet.ruler(NAMED["a4"], COLOUR), Affine.translation(0, -2.0))
    moved = Page(page.width, page.height, (*page.shapes, *ruler))
    assert any("50 mm" in f for f in touching(moved, 1.5))
