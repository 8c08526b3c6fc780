"""Every catalogue file, checked by the clients that users' viewers are built on."""

import functools
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
import sweeps
from conftest import CATALOGUE_BUILD
from raster import difference, ink, keep_difference, pdf_page
from texts import PdfTexts

from generator import render
from generator.app import contents, documents
from generator.app.index_page import WHOLE_ZIP
from generator.core.destinations import PRINT_SHOP
from generator.core.formats import PDF, SVG
from generator.core.geometry import Point
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS, for_press, parse_paper
from generator.core.scene import Circle, Clip, Document, Page, Text
from generator.core.scene import Path as ScenePath
from generator.fonts import ASCENT, DESCENT, text_width
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout.printing import Printing

PNP = [sys.executable, "-m", "generator.ui.cli"]
PT_PER_MM = 72 / 25.4


# The game built again to compare with the run's catalogue: the one with the most to go
# wrong between two builds (a board searched from a seed, two editions, cards and coins),
# on one of the catalogue's papers (the other is drawn by the same code: a second build of
# it took 2.5 of 6 CPU seconds and showed nothing more).
AGAIN = "blind-hex"
AGAIN_PAPER = "a4"


def run_build(out: Path, *args: str) -> None:
    """The build the run's shared catalogue was made with (conftest.py), with these games
    and options."""
    subprocess.run([*PNP, *CATALOGUE_BUILD, *args, "--out", str(out)], check=True,
                   capture_output=True)


@pytest.fixture(scope="module")
def built(catalogue_folder):
    return catalogue_folder


def test_the_catalogue_has_every_item(built):
    # The home catalogue, and the print shop's beside it (conftest.CATALOGUE_BUILD).
    expected = set()
    papers = [PAPERS[k] for k in sorted(PAPERS)]
    shop = [for_press(p, PRINT_SHOP) for p in papers]
    for entry in contents.entries(sorted(GAMES), [*papers, *shop]):
        expected.add(entry.path(built).with_suffix(""))
    for booklet in contents.booklets(sorted(GAMES), papers):
        expected.add(booklet.path(built).with_suffix(""))
        expected.add(replace(booklet, target=PRINT_SHOP).path(built).with_suffix(""))
    found = {p.with_suffix("") for p in built.rglob("*.pdf")}
    found |= {Path(re.sub(r"-\d+$", "", str(p.with_suffix("")))) for p in built.rglob("*.svg")}
    assert found == expected
    pdfs = {key: len(list((built / key).rglob("*.pdf"))) for key in GAMES}
    # Each variant's items and its kit on each paper, as the registry lists them (each Blind
    # Hex edition has its own pieces); a home kit printed back to back also as its
    # calibration sheet, and, where it has cards, laid out to fold.
    def other_layouts(game, options) -> int:
        two_sided = {i for i in game.items_for(options) if i.back_to_back}
        return bool(two_sided) + bool(two_sided & set(game.pages().folded))
    assert pdfs == {key: len(papers) * sum(len(game.items_for(options)) + 1
                                           + other_layouts(game, options)
                                           for _, options in game.variants())
                    for key, game in GAMES.items()}


BLING = re.compile(r"bling", re.IGNORECASE)


def metadata(pdf: Path) -> str:
    """Every entry of a PDF's document information, the licence among them, as qpdf decodes
    it (what `pdfinfo -custom` prints, read here without a process a file)."""
    with pikepdf.open(pdf) as document:
        return "\n".join(f"{key[1:]}: {value}" for key, value in document.docinfo.items())


def bling_in(path: Path, pdf_texts: PdfTexts) -> list[str]:
    """Where the old spelling shows in a file of the catalogue: its path, the text of a PDF
    (pdftotext, read once in the run) and its metadata (with the licence), an SVG's or a
    page's text."""
    found = [f"path {path}"] if BLING.search(str(path)) else []
    if path.suffix == ".pdf":
        texts = {"text": pdf_texts.text(path), "metadata": metadata(path)}
    else:
        texts = {"text": path.read_text(encoding="utf-8")}
    return found + [f"{what} of {path}" for what, text in texts.items() if BLING.search(text)]


def test_blinq_is_spelled_blinq_everywhere_in_the_catalogue(built, pdf_texts, sweep):
    # (The zip of them all holds these files again: test_index.py holds it to them.)
    files = sweep(p for p in built.rglob("*") if p.is_file() and p.name != WHOLE_ZIP)
    assert {p.suffix for p in files} == {".pdf", ".svg", ".html"}
    assert (built / "blinq").is_dir() and (built / "index.html") in files
    assert [hit for p in files for hit in bling_in(p, pdf_texts)] == []


def test_the_spelling_check_finds_bling(tmp_path, pdf_texts):
    # Control: a document titled and printed with the old spelling, in both formats.
    page = Page(100.0, 100.0, (Text(Point(10, 20), "Bling rules", 4.0, "#000000"),))
    doc = Document((page,), "Bling: board", "pnp", keywords=("bling",), lang="en")
    pdf = render.save(doc, tmp_path / "blinq.pdf", fmt=PDF, default_stem="x")[0]
    svg = render.save(doc, tmp_path / "blinq.svg", fmt=SVG, default_stem="x")[0]
    assert bling_in(pdf, pdf_texts) == [f"text of {pdf}", f"metadata of {pdf}"]
    assert bling_in(svg, pdf_texts) == [f"text of {svg}"]
    named = tmp_path / "bling" / "board.svg"
    named.parent.mkdir()
    named.write_text("<svg/>")
    assert bling_in(named, pdf_texts) == [f"path {named}"]


def paper_of(path: Path):
    return PAPERS[re.search(r"-({})(-\d+)?$".format("|".join(PAPERS)), path.stem).group(1)]


def home_pdfs(built: Path) -> list[Path]:
    """The home catalogue's PDFs (the print shop's, with bleed round the paper, are checked
    in test_print_shop.py)."""
    return sorted(p for p in built.rglob("*.pdf") if contents.SHOP_FOLDER not in p.parts)


@functools.cache
def page_sizes(pdf: Path) -> list[tuple[str, str]]:
    """Each page's width and height in points as poppler reads them (pdfinfo, run once a file
    for the tests that count or measure the pages)."""
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], check=True,
                          capture_output=True, text=True).stdout
    return re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info)


def test_every_pdf_passes_qpdf_and_has_the_exact_page_size(built, sweep):
    for pdf in sweep(home_pdfs(built)):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)
        paper = paper_of(pdf)
        sizes = page_sizes(pdf)
        assert sizes, pdf
        for w, h in sizes:
            # Boards turn to landscape when that gives a larger board.
            want = sorted((paper.width * PT_PER_MM, paper.height * PT_PER_MM))
            got = sorted((float(w), float(h)))
            assert abs(got[0] - want[0]) < 0.01 and abs(got[1] - want[1]) < 0.01, (pdf, w, h)


def test_every_pdf_embeds_its_fonts(built, sweep):
    for pdf in sweep(built.rglob("*.pdf")):
        listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True,
                                 text=True).stdout.splitlines()[2:]
        assert listing, f"{pdf} has no fonts"
        for row in listing:
            assert row.split()[-5] == "yes", f"{pdf}: font not embedded: {row}"


# The resolution every catalogue page is rasterised at, once for the run (conftest.rasters):
# fine enough to see a line of text or a hash mark move, coarse enough to be quick.
DPI = 50


def test_every_svg_is_millimetre_sized_and_renders(built, rasters, sweep):
    for svg in sweep(built.rglob("*.svg")):
        root = ET.parse(svg).getroot()
        paper = paper_of(svg)
        size = {root.get("width"), root.get("height")}
        assert size == {f"{paper.width:g}mm", f"{paper.height:g}mm"}, svg
        image = rasters.svg_page(svg, DPI)
        assert ink(image) > 0.01, f"{svg} renders blank"


def svg_pdf_pairs(built, sweep=sweeps.every_file):
    for svg in sweep(built.rglob("*.svg")):
        m = re.fullmatch(r"(.*)-(\d+)", svg.stem)
        stem, page = (m.group(1), int(m.group(2))) if m else (svg.stem, 1)
        yield svg, svg.with_name(stem + ".pdf"), page


def test_svg_and_pdf_show_the_same_page(built, rasters, tmp_path, sweep):
    for svg, pdf, page in svg_pdf_pairs(built, sweep):
        a = rasters.pdf_page(pdf, page, DPI)
        b = rasters.svg_page(svg, DPI)
        share = difference(a, b)
        if share >= 0.003:
            kept = keep_difference(a, b, tmp_path / f"{svg.stem}-diff.png")
            pytest.fail(f"{svg.name}: {share:.2%} of pixels differ from the PDF (see {kept})")


def test_each_page_rasterised_once_is_that_page(built, rasters, tmp_path):
    # The run's rasters render a whole PDF at once: page n of them is page n rendered alone,
    # on the catalogue's longest PDF (page numbers of two digits), and not page n + 1.
    pdf = max(home_pdfs(built), key=lambda p: len(poppler_pages(p)))
    count = len(poppler_pages(pdf))
    assert count >= 10
    for page in (1, 2, 10, count):
        assert difference(rasters.pdf_page(pdf, page, DPI), pdf_page(pdf, page, DPI, tmp_path)) == 0
    assert difference(rasters.pdf_page(pdf, 2, DPI), pdf_page(pdf, 3, DPI, tmp_path)) > 0.003


def poppler_pages(pdf: Path) -> list[tuple[str, str]]:
    return page_sizes(pdf)


def test_a_changed_page_is_caught_by_the_pixel_comparison(built, rasters, tmp_path):
    # The comparison must be able to fail: one board drawn with another seed differs.
    svg, pdf, page = next(p for p in svg_pdf_pairs(built) if "cards-board-a4" in p[0].name)
    other = tmp_path / "other.pdf"
    subprocess.run([*PNP, "board", "blind-hex", "--seed", "2", "-o", str(other)], check=True,
                   capture_output=True)
    share = difference(pdf_page(other, 1, DPI, tmp_path), rasters.svg_page(svg, DPI))
    assert share > 0.003


def test_building_twice_gives_identical_bytes(built, tmp_path):
    # One game built again on one paper, home and print shop, gives every file of that
    # game and paper (and its booklets) as the whole catalogue's build gave it, byte for
    # byte. Its index and its zip hold only that game, so they are the files not compared.
    again = tmp_path / "again"
    run_build(again, AGAIN, "--paper", AGAIN_PAPER)
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file()
                    and p.name not in ("index.html", WHOLE_ZIP))
    first = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file()
                   and AGAIN in p.relative_to(built).as_posix()
                   and f"-{AGAIN_PAPER}" in p.name)
    assert first == second
    for rel in first:
        assert (built / rel).read_bytes() == (again / rel).read_bytes(), rel


def shape_extent(shape):
    if isinstance(shape, Clip):
        return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height
    if isinstance(shape, ScenePath):
        pts = [p for sub in shape.subpaths for p in sub]
        half = shape.paint.width / 2 if shape.paint.stroke else 0
        if half and not shape.paint.round_caps:
            # A butt-capped stroke reaches half its width to each side of each segment.
            wide = []
            for sub in shape.subpaths:
                for a, b in zip(sub, sub[1:], strict=False):
                    length = math.dist((a.x, a.y), (b.x, b.y)) or 1
                    n = Point(-(b.y - a.y) / length * half, (b.x - a.x) / length * half)
                    wide += [a + n, a - n, b + n, b - n]
            pts, half = wide, 0
        return (min(p.x for p in pts) - half, min(p.y for p in pts) - half,
                max(p.x for p in pts) + half, max(p.y for p in pts) + half)
    if isinstance(shape, Circle):
        r = shape.radius + shape.paint.width / 2
        return shape.centre.x - r, shape.centre.y - r, shape.centre.x + r, shape.centre.y + r
    assert isinstance(shape, Text)
    w = text_width(shape.text, shape.size, role=shape.font)
    x = shape.position.x - {"start": 0, "middle": w / 2, "end": w}[shape.anchor]
    if shape.angle % 360 == 0:
        return x, shape.position.y - ASCENT * shape.size, x + w, \
            shape.position.y + DESCENT * shape.size
    # Turned text: its box turned about its anchor, either way (which way a positive angle
    # turns is the renderers' business), so the extent holds for both.
    left = -{"start": 0, "middle": w / 2, "end": w}[shape.anchor]
    corners = [(dx, dy) for dx in (left, left + w)
               for dy in (-ASCENT * shape.size, DESCENT * shape.size)]
    turned = [(shape.position.x + dx * math.cos(a) - dy * math.sin(a),
               shape.position.y + dx * math.sin(a) + dy * math.cos(a))
              for a in (math.radians(shape.angle), -math.radians(shape.angle))
              for dx, dy in corners]
    return (min(x for x, _ in turned), min(y for _, y in turned),
            max(x for x, _ in turned), max(y for _, y in turned))


def assert_inside_margin(doc, p) -> None:
    """Every page is the paper, either way up, and no ink lies within its margin."""
    for page in doc.pages:
        # A board may turn the sheet to landscape; it stays the same sheet.
        assert sorted((page.width, page.height)) == sorted((p.width, p.height))
        for shape in page.shapes:
            x0, y0, x1, y1 = shape_extent(shape)
            assert x0 >= p.margin - 1e-6 and y0 >= p.margin - 1e-6, shape
            assert x1 <= page.width - p.margin + 1e-6, shape
            assert y1 <= page.height - p.margin + 1e-6, shape


def test_turned_text_is_measured_along_its_turn():
    """A word turned a quarter takes its length down the page and its height across: one
    standing clear of the side margin passes, and the same word lowered until it runs into
    the bottom margin is caught (control)."""
    paper = PAPERS["a4"]
    word = "kleben " * 3

    def page(y: float) -> Document:
        text = Text(Point(paper.width - paper.margin - 3.0, y), word, 2.5, "#000000",
                    anchor="middle", angle=-90.0)
        return Document((Page(paper.width, paper.height, (text,)),), "", "", lang="en")
    assert_inside_margin(page(paper.height / 2), paper)
    with pytest.raises(AssertionError):
        assert_inside_margin(page(paper.height - paper.margin - 5.0), paper)


MARGIN_CASES = [("blind-hex", item, {"size": size, "edition": edition})
                for item in ("board", "rules", "pad") for edition in ("cards", "pennies")
                for size in (4, 11, 25)]
MARGIN_CASES += [("nex", item, {"size": size}) for item in ("board", "rules", "counters", "pad")
                 for size in (9, 11, 19)]
MARGIN_CASES += [("hex-kb", item, {"size": size})
                 for item in ("board", "rules", "puzzle", "pad") for size in (7, 11, 25)]
MARGIN_CASES += [("blinq", item, {"neutral": cell}) for item in ("board", "rules", "tiles", "pad")
                 for cell in ("c3", "a1")]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("key, item, given", MARGIN_CASES)
def test_nothing_crosses_the_printable_margin(key, item, given, paper):
    game = GAMES[key]
    options = game.make_options(**given)
    p = PAPERS[paper]
    doc = documents.make_document(game, ITEMS[item], options=options, printing=Printing(paper=p))
    assert_inside_margin(doc, p)


OTHER_PAPERS = ["a5", "a3", "tabloid", "8.5x14in", "420x297"]


@pytest.mark.parametrize("paper", OTHER_PAPERS)
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_item_keeps_inside_the_margin_on_every_paper(key, paper):
    game = GAMES[key]
    p = parse_paper(paper)
    doc = documents.make_document(game, ITEMS["kit"], options=game.make_options(),
                                  printing=Printing(paper=p))
    assert_inside_margin(doc, p)


def test_multi_page_svg_gets_numbered_files(tmp_path):
    doc = documents.make_document(GAMES["blind-hex"], ITEMS["pad"],
                                  options=GAMES["blind-hex"].make_options(),
                                  printing=Printing(paper=PAPERS["a4"], copies=3))
    paths = render.save(doc, tmp_path / "pad.svg", fmt=None, default_stem="pad")
    assert [p.name for p in paths] == ["pad-1.svg", "pad-2.svg", "pad-3.svg"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pad-1.svg", "pad-2.svg", "pad-3.svg"]


def drawn_lines(pdf: bytes, tmp_path: Path) -> tuple[int, bool]:
    """Straight segments (`l` operators) drawn in a PDF's content, and whether it holds any
    image, read from qpdf's uncompressed form."""
    packed, plain = tmp_path / "packed.pdf", tmp_path / "plain.pdf"
    packed.write_bytes(pdf)
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(packed), str(plain)],
                   check=True)
    data = plain.read_bytes()
    lines = len(re.findall(rb"-?[\d.]+ -?[\d.]+ l(?=\s)", data))
    return lines, b"/Subtype /Image" in data


def hash_mark_strokes() -> int:
    """Segments a Blind Hex board's hash marks need: a glyph for n is n strokes (ticks, and
    for 5 and more a slash across four of them)."""
    from generator.games.blind_hex.rules import Options
    board = Options().board()
    return sum(board.edges.values())


def test_pdf_draws_hash_marks_as_vectors(tmp_path):
    from generator.render.pdf import document_pdf
    game = GAMES["blind-hex"]
    doc = documents.make_document(game, ITEMS["board"], options=game.make_options(),
                                  printing=Printing(paper=PAPERS["a4"]))
    lines, images = drawn_lines(document_pdf(doc), tmp_path)
    assert not images
    # Each stroke of every hash mark is one straight segment of the page: taking the marks
    # away takes exactly that many segments away.
    page = doc.pages[0]
    marks = max((s for s in page.shapes
                 if isinstance(s, ScenePath) and s.paint.stroke == COLOUR["ink"]),
                key=lambda s: len(s.subpaths))
    bare = tuple(s for s in page.shapes if s is not marks)
    bare_doc = replace(doc, pages=(replace(page, shapes=bare),))
    assert lines - drawn_lines(document_pdf(bare_doc), tmp_path)[0] == hash_mark_strokes()
    # Control: a page with an image is seen to have one.
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas
    picture = tmp_path / "dot.png"
    Image.new("L", (2, 2)).save(picture)
    with_image = tmp_path / "image.pdf"
    canvas = Canvas(str(with_image))
    canvas.drawImage(str(picture), 0, 0, 10, 10)
    canvas.save()
    assert drawn_lines(with_image.read_bytes(), tmp_path)[1]
