"""Print production: paper sizes, the calibration ruler, viewer settings and metadata."""

import subprocess
import sys

import pytest
from in_process import pnp_ok, run_pnp
from PIL import Image

from generator import i18n
from generator.app import documents
from generator.core.paper import NAMED, parse_paper, roomiest
from generator.games import GAMES
from generator.games.items import BOARD, ITEMS
from generator.i18n import ENGLISH
from generator.layout.printing import Printing

DPI = 254   # ten pixels to the millimetre


@pytest.mark.parametrize("text, size", [
    ("a4", (210, 297)), ("A3", (297, 420)), ("a5", (148, 210)), ("tabloid", (279.4, 431.8)),
    ("200x300", (200, 300)), ("200 x 300 mm", (200, 300)), ("8.5x14in", (215.9, 355.6)),
])
def test_papers_by_name_and_by_size(text, size):
    paper = parse_paper(text)
    assert (paper.width, paper.height) == pytest.approx(size)


@pytest.mark.parametrize("text", ["a0", "200", "20x30", "200x3000", "8.5x14ft"])
def test_impossible_papers_are_refused(text):
    with pytest.raises(ValueError):
        parse_paper(text)


def test_landscape_is_chosen_only_when_it_gives_more_room():
    a4 = NAMED["a4"]
    assert roomiest(a4, lambda p: p.width) == a4.turned()
    assert roomiest(a4, lambda p: p.height) == a4
    assert roomiest(a4.turned(), lambda p: 1.0) == a4   # a tie stays portrait


def tick_columns(png, top: int, bottom: int) -> list[int]:
    """x of each dark vertical mark in a band of rows, left to right."""
    image = Image.open(png).convert("L")
    dark = []
    for x in range(image.width):
        column = [image.getpixel((x, y)) for y in range(top, bottom)]
        if sum(1 for v in column if v < 128) >= (bottom - top) // 2:
            dark.append(x)
    runs = []
    for x in dark:
        if runs and x == runs[-1][-1] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    return [sum(r) / len(r) for r in runs]


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_the_ruler_prints_50_mm_and_2_inches_at_full_size(tmp_path, fmt):
    out = tmp_path / f"board.{fmt}"
    pnp_ok("board", "nex", "--format", fmt, "-o", str(out))
    png = tmp_path / "board.png"
    if fmt == "pdf":
        subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-singlefile", str(out),
                        str(tmp_path / "board")], check=True)
    else:
        subprocess.run(["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-o", str(png),
                        str(out)], check=True)
    paper = NAMED["a4"]
    mid = paper.height - paper.margin - 2.6        # the ruler's line, mm from the top
    # Millimetre ticks (every 5 mm) stand above the line; the tall inch ticks (every inch)
    # hang below it. The labels start right of the ruler's 2 inches.
    end = (paper.margin + 50.8 + 0.6) * 10
    above = [x for x in tick_columns(png, round((mid - 1.4) * 10), round((mid - 0.2) * 10))
             if x < end]
    below = [x for x in tick_columns(png, round((mid + 1.0) * 10), round((mid + 1.5) * 10))
             if x < end]
    assert len(above) == 11 and len(below) == 3
    assert above[-1] - above[0] == pytest.approx(500, abs=2)     # 50 mm
    assert below[-1] - below[0] == pytest.approx(508, abs=2)     # 2 in


def test_pdfs_ask_viewers_not_to_scale_and_carry_their_licence(tmp_path):
    for key, game in GAMES.items():
        out = tmp_path / f"{key}.pdf"
        pnp_ok("board", key, "-o", str(out))
        assert b"/PrintScaling /None" in out.read_bytes()
        info = subprocess.run(["pdfinfo", "-custom", str(out)], capture_output=True,
                              text=True, check=True).stdout
        fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
        # The kit wrote the document; the designer is credited with the game.
        assert fields["Author"].strip() == f"pnp (game by {game.designer})"
        assert fields["Title"].strip() == f"{game.title}: board"
        assert fields["Producer"].strip() == "pnp print-and-play generator"
        assert fields["Subject"].strip() and fields["Licence"].strip()


def test_every_board_page_carries_the_ruler():
    for key, game in GAMES.items():
        for _variant, options in game.variants():
            for item in (i.key for i in game.items_for(options)):
                if item == "rules":
                    continue   # text pages: no ruler
                doc = documents.make_document(game, ITEMS[item], options=options,
                                              printing=Printing(paper=NAMED["a4"]))
                for page in doc.pages:
                    labels = {getattr(s, "text", None) for s in page.shapes}
                    assert {"50 mm", "2 in"} <= labels, (key, item)


@pytest.mark.parametrize("pages", [4, 8, 12])
def test_imposition_puts_pages_in_signature_order(pages):
    from generator.layout.imposition import reading_order, signature_order
    sides = signature_order(pages)
    assert len(sides) == pages // 2
    assert sorted(p for side in sides for p in side) == list(range(pages))
    # Stacked, folded and read: the pages come in order.
    assert reading_order(sides) == list(range(pages))
    # The outside of the first sheet is the back and front cover; its inside, pages 2 and n-1.
    assert sides[0] == (pages - 1, 0) and sides[1] == (1, pages - 2)
    # Each page's other side is the next or previous page: a leaf holds pages 2k+1, 2k+2.
    for outside, inside in zip(sides[::2], sides[1::2], strict=False):
        assert {outside[1] + 1, outside[0] - 1} == {inside[0], inside[1]}


def test_a_count_not_a_multiple_of_four_is_refused():
    from generator.layout.imposition import signature_order
    with pytest.raises(ValueError):
        signature_order(6)


@pytest.mark.parametrize("paper, sheet", [("a4", (841.89, 595.276)),
                                          ("letter", (792.0, 612.0))])
def test_a_booklet_prints_on_landscape_sheets_padded_to_four(tmp_path, paper, sheet):
    from generator.layout.booklet import padded
    out = tmp_path / "booklet.pdf"
    result = run_pnp("booklet", "nex", "--with", "pad", "--paper", paper, "-o", str(out),
                     text=True)
    assert result.returncode == 0, result.stderr
    subprocess.run(["qpdf", "--check", str(out)], check=True, capture_output=True)
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    sides = int(info.split("Pages:")[1].split()[0])
    size = info.split("Page size:")[1].split("pts")[0].split("x")
    assert [float(v) for v in size] == pytest.approx(sheet, abs=0.01)
    from generator.layout.booklet import FORMATS, content_paper
    made_on = content_paper(FORMATS[paper][0])
    rules, pad = (len(documents.make_document(GAMES["nex"], ITEMS[item],
                                              options=GAMES["nex"].make_options(),
                                              printing=Printing(paper=made_on)).pages)
                  for item in ("rules", "pad"))
    # Cover and instructions; each part of two pages or more after a blank if it would
    # start on an odd page (so it opens as a spread); then the back cover.
    count = 2
    for part in (rules, pad):
        count += (part > 1 and count % 2 == 0) + part
    assert sides * 2 == padded(count + 1)
    assert sides * 2 % 4 == 0


def test_the_compendium_has_a_cover_instructions_and_contents(tmp_path):
    from generator.layout.booklet import FORMATS
    doc = documents.booklet_document(sorted(GAMES), [], paper_key="a4", words=i18n.ENGLISH)
    text = [s.text for page in doc.pages for s in page.shapes if hasattr(s, "text")]
    assert "Connection games" in text and "Contents" in text
    assert any("flipping on the short edge" in t for t in text)
    assert all(any(t.startswith(GAMES[k].title) for t in text) for k in GAMES)
    assert "Blind Hex, cards edition" in text     # which edition is inside
    page, sheet = FORMATS["a4"]
    assert all((p.width, p.height) == (sheet.width, sheet.height) for p in doc.pages)



def test_a_19_board_at_20_mm_cells_tiles_over_a4_with_matching_crosshairs():
    from generator.core.scene import Clip
    from generator.layout import tiling
    game = GAMES["nex"]
    options = game.make_options(size=19)
    doc = documents.tiled_board(game, options, printing=Printing(paper=NAMED["a4"]), cell=20.0,
                                tile=True)
    a4 = NAMED["a4"]
    assert len(doc.pages) > 1
    for page in doc.pages:
        assert sorted((page.width, page.height)) == sorted((a4.width, a4.height))
    # The virtual sheet gives cells 20 mm across, and sheets only move it: never scale it.
    pages = game.pages()
    virtual = tiling.virtual_paper(a4, lambda p: pages.board_cell(options, p, words=ENGLISH),
                                   target=20.0)
    assert pages.board_cell(options, virtual, words=ENGLISH) == pytest.approx(20.0, abs=0.01)
    page = tiling.board_only(pages.items[BOARD](options, Printing(paper=virtual)).pages[0],
                             virtual.margin)
    sheet = doc.pages[0]
    g = tiling.grid(page, virtual.margin, sheet_paper=NAMED["a4"].turned()
                    if sheet.width > sheet.height else NAMED["a4"], words=i18n.ENGLISH)
    assert g.columns * g.rows == len(doc.pages)
    # Every crosshair is centred on a seam (the trimmed edge of the sheet laid over) and
    # seen whole on the sheet beneath it.
    reach = 1.6 * tiling.MARK_RADIUS
    for mark in tiling.marks(g, "#000000"):
        if hasattr(mark, "centre"):
            c = mark.centre
            on_column_seam = [k for k in range(1, g.columns) if abs(c.x - g.xs[k]) < 1e-9]
            on_row_seam = [k for k in range(1, g.rows) if abs(c.y - g.ys[k]) < 1e-9]
            assert on_column_seam or on_row_seam, c
            beneath = [(g.xs[k - 1], y) for k in on_column_seam for y in g.ys] + \
                      [(x, g.ys[k - 1]) for k in on_row_seam for x in g.xs]
            assert any(x + reach <= c.x <= x + g.width - reach
                       and y + reach <= c.y <= y + g.height - reach for x, y in beneath), c
    # Neighbouring windows overlap by at least the overlap.
    for a, b in zip(g.xs, g.xs[1:], strict=False):
        assert a + g.width - b >= tiling.OVERLAP - 1e-9
    for a, b in zip(g.ys, g.ys[1:], strict=False):
        assert a + g.height - b >= tiling.OVERLAP - 1e-9
    clips = [s for p in doc.pages for s in p.shapes if isinstance(s, Clip)]
    assert len(clips) == len(doc.pages)


@pytest.mark.parametrize("args, message", [
    (["board", "nex", "--size", "19", "--cell", "20"], "sheets of A4: add --tile"),
    (["board", "nex", "--tile"], "--tile needs --cell"),
    (["rules", "nex", "--cell", "20"], "--cell is for pnp board nex, not pnp rules nex"),
    (["board", "blinq", "--cell", "500", "--tile"], "--cell must be 5 to 100 mm"),
])
def test_tiling_mistakes_are_one_line_errors(tmp_path, args, message):
    result = run_pnp(*args, "-o", str(tmp_path / "x.pdf"), text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert message in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_tiled_board_renders_the_same_in_svg_and_pdf(tmp_path):
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from raster import difference, keep_difference, pdf_page, svg_page
    pdf, svg = tmp_path / "t.pdf", tmp_path / "t.svg"
    for out in (pdf, svg):
        pnp_ok("board", "blinq", "--cell", "45", "--tile", "-o", str(out))
    first_svg = sorted(tmp_path.glob("t-*.svg"))[0]
    a, b = pdf_page(pdf, 1, 50, tmp_path), svg_page(first_svg, 50, tmp_path)
    share = difference(a, b)
    if share >= 0.003:
        kept = keep_difference(a, b, tmp_path / "tiled-diff.png")
        pytest.fail(f"{share:.2%} of pixels differ (see {kept})")
