"""`--format png`: one PNG per page of the PDF, rendered by PDFium, compared with poppler."""

import io
import math
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from in_process import run_pnp
from PIL import Image, ImageChops, ImageFilter
from raster import difference, keep_difference

from generator import render
from generator.app import documents
from generator.core.formats import PNG
from generator.core.paper import parse_paper
from generator.games import find
from generator.games.items import ITEMS as ITEM_NAMED
from generator.layout.printing import Printing


def pnp(*args, cwd=None):
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's size in points, as poppler reads it."""
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], check=True,
                          capture_output=True, text=True).stdout
    sizes = []
    for line in info.splitlines():
        if line.startswith("Page") and "size:" in line:
            words = line.split("size:")[1].split()
            sizes.append((float(words[0]), float(words[2])))
    return sizes


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", png[at + 8 + length:
                                                                    at + 12 + length])[0]
        found.append((kind, body))
        at += 12 + length
    return found


# Poppler and PDFium round the edges of shapes to pixels differently, so a pixel only
# counts as different when it lies clearly outside the range of its 3 × 3 neighbourhood in
# the other rendering, either way round.
TOLERANCE = 0.004


def _outside(a: Image.Image, b: Image.Image) -> int:
    low, high = b.filter(ImageFilter.MinFilter(3)), b.filter(ImageFilter.MaxFilter(3))
    histogram = ImageChops.add(ImageChops.subtract(low, a),
                               ImageChops.subtract(a, high)).histogram()
    return sum(histogram[64:])


def shifted_difference(a: Image.Image, b: Image.Image) -> float:
    """Share of pixels that differ even allowing each a one-pixel shift."""
    assert a.size == b.size, (a.size, b.size)
    return max(_outside(a, b), _outside(b, a)) / (a.width * a.height)


def assert_same_page(png: Image.Image, poppler: Image.Image, where: Path) -> None:
    grey = png.convert("L")
    assert shifted_difference(grey, poppler) < TOLERANCE, keep_difference(grey, poppler, where)


ITEMS = [
    ("board", "blind-hex", []),                 # one page
    ("rules", "nex", []),                       # two pages
    ("tiles", "bling", ["--paper", "letter"]),  # two pages, Letter
    ("puzzle", "hex-kb", ["--seed", "3"]),      # question and answer
]


@pytest.mark.parametrize("item,game,extra", ITEMS, ids=[f"{i[1]}-{i[0]}" for i in ITEMS])
def test_png_pages_match_the_pdf_pages_in_number_size_and_pixels(tmp_path, rasters, item, game,
                                                                 extra):
    dpi = 100
    pdf = tmp_path / "item.pdf"
    assert pnp(item, game, *extra, "-o", str(pdf)).returncode == 0
    result = pnp(item, game, *extra, "--format", "png", "--dpi", str(dpi), "-o",
                 str(tmp_path / "item"))
    assert result.returncode == 0, result.stderr
    sizes = page_sizes(pdf)
    expected = render.page_paths(tmp_path / "item.png", len(sizes))
    assert [Path(line) for line in result.stdout.splitlines()] == expected
    assert sorted(tmp_path.glob("*.png")) == sorted(expected)
    for number, (path, (width, height)) in enumerate(zip(expected, sizes, strict=True), start=1):
        image = Image.open(path)
        assert image.mode == "RGB"
        for pixels, points in ((image.width, width), (image.height, height)):
            assert abs(pixels - points / 72 * dpi) <= 1    # the page in inches × dpi
        assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.01)
        assert_same_page(image, rasters.pdf_page(pdf, number, dpi),
                         tmp_path / f"diff-{number}.png")


def test_the_pixel_comparison_sees_another_page_and_another_board(tmp_path, rasters):
    """The controls: page 1 of the rules against poppler's page 2, and a board of another
    seed (the same frame, other hash marks), differ beyond the tolerance."""
    pdf = tmp_path / "rules.pdf"
    assert pnp("rules", "nex", "-o", str(pdf)).returncode == 0
    assert pnp("rules", "nex", "--dpi", "100", "-o", str(tmp_path / "rules.png")).returncode == 0
    first = Image.open(tmp_path / "rules-1.png").convert("L")
    assert shifted_difference(first, rasters.pdf_page(pdf, 1, 100)) < TOLERANCE
    assert shifted_difference(first, rasters.pdf_page(pdf, 2, 100)) > 5 * TOLERANCE
    board = tmp_path / "seed1.pdf"
    assert pnp("board", "blind-hex", "--seed", "1", "-o", str(board)).returncode == 0
    other = tmp_path / "seed2.png"
    assert pnp("board", "blind-hex", "--seed", "2", "--dpi", "100", "-o",
               str(other)).returncode == 0
    seed2 = Image.open(other).convert("L")
    assert shifted_difference(seed2, rasters.pdf_page(board, 1, 100)) > TOLERANCE
    assert difference(seed2, rasters.pdf_page(board, 1, 100)) > 0.01


def test_a_300_dpi_board_matches_poppler_at_300_dpi(tmp_path, rasters):
    pdf = tmp_path / "board.pdf"
    assert pnp("board", "hex-kb", "--paper", "letter", "-o", str(pdf)).returncode == 0
    png = tmp_path / "board.png"
    assert pnp("board", "hex-kb", "--paper", "letter", "-o", str(png)).returncode == 0
    image = Image.open(png)
    (width, height), = page_sizes(pdf)
    assert abs(image.width - width / 72 * 300) <= 1 and abs(image.height - height / 72 * 300) <= 1
    assert_same_page(image, rasters.pdf_page(pdf, 1, 300), tmp_path / "diff.png")


def test_png_is_deterministic_and_carries_no_timestamp_or_text(tmp_path):
    runs = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        assert pnp("rules", "blind-hex", "--format", "png", "--dpi", "72",
                   cwd=folder).returncode == 0
        runs.append({p.name: p.read_bytes() for p in folder.iterdir()})
    assert runs[0] == runs[1]
    assert sorted(runs[0]) == ["blind-hex-cards-rules-72dpi.png"]     # --dpi names the file
    kinds = [kind for kind, _ in chunks(runs[0]["blind-hex-cards-rules-72dpi.png"])]
    assert set(kinds) == {b"IHDR", b"pHYs", b"IDAT", b"IEND"}


def _bands_and_whole(pdf: bytes, dpi: int) -> tuple[bytes, bytes]:
    """A page written band by band (every page past none pixels, in bands of a few rows)
    and the same page drawn whole, as a page of at most png.WHOLE pixels is."""
    from generator.render import png
    banded = png.pdf_pages_png(pdf, dpi, whole=0, band=60_000)
    whole = png.pdf_pages_png(pdf, dpi)
    assert len(banded) == len(whole) == 1
    return banded[0], whole[0]


def _levels(one: bytes, other: bytes) -> tuple[float, int]:
    """The share of pixels that differ, and by how many levels at most."""
    a, b = (Image.open(io.BytesIO(data)).convert("RGB") for data in (one, other))
    assert a.size == b.size
    histogram = ImageChops.difference(a, b).convert("L").histogram()
    return sum(histogram[1:]) / (a.width * a.height), max(
        (level for level, count in enumerate(histogram) if count), default=0)


def test_a_page_written_band_by_band_is_the_page_drawn_whole(tmp_path):
    """Past png.WHOLE pixels a page is drawn and deflated a band at a time (A4 at 1,000
    dpi: 692 MB drawn whole, 128 MB so). Here, forced at 100 dpi in bands of 17 rows: the
    same size, chunks and pHYs, and the same picture but for the edges PDFium rounds anew
    where a band cuts a shape: few pixels, by a level or two."""
    pdf = tmp_path / "board.pdf"
    assert pnp("board", "hex", "-o", str(pdf)).returncode == 0
    banded, whole = _bands_and_whole(pdf.read_bytes(), 100)
    kinds = [kind for kind, _ in chunks(banded)]
    assert kinds[:2] == [b"IHDR", b"pHYs"] and kinds[-1] == b"IEND"
    assert set(kinds[2:-1]) == {b"IDAT"}
    assert [c for c in chunks(banded) if c[0] in (b"IHDR", b"pHYs")] == \
        [c for c in chunks(whole) if c[0] in (b"IHDR", b"pHYs")]
    share, most = _levels(banded, whole)
    assert share < 0.01 and most <= 4, (share, most)
    assert _bands_and_whole(pdf.read_bytes(), 100)[0] == banded       # the same bytes again
    # The control: the comparison sees another board (13 × 13, on the same paper).
    other = tmp_path / "other.pdf"
    assert pnp("board", "hex", "--size", "13", "-o", str(other)).returncode == 0
    share, most = _levels(_bands_and_whole(other.read_bytes(), 100)[0], whole)
    assert share > 0.05 and most > 100


def test_the_pixels_per_metre_follow_dpi(tmp_path):
    target = tmp_path / "pad.png"
    assert pnp("pad", "nex", "--dpi", "254", "-o", str(target)).returncode == 0
    (_, phys), = [c for c in chunks(target.read_bytes()) if c[0] == b"pHYs"]
    assert struct.unpack(">IIB", phys) == (10000, 10000, 1)   # 254 dpi = 10,000 per metre


@settings(max_examples=12)
@given(dpi=st.integers(36, 120), width=st.integers(140, 300), height=st.integers(140, 300))
def test_pixel_size_is_the_page_in_inches_times_dpi(tmp_path_factory, dpi, width, height):
    game = find("nex")
    paper = parse_paper(f"{width}x{height}")
    doc = documents.make_document(game, ITEM_NAMED["pad"], options=game.make_options(),
                                  printing=Printing(paper=paper))
    target = tmp_path_factory.mktemp("png") / "pad.png"
    files = render.render(doc, PNG, target=target, dpi=dpi)
    assert [path for path, _ in files] == render.page_paths(target, len(doc.pages))
    for (_, data), page in zip(files, doc.pages, strict=True):
        ihdr = chunks(data)[0][1]
        pixels = struct.unpack(">II", ihdr[:8])
        for got, mm in zip(pixels, (page.width, page.height), strict=True):
            exact = mm / 25.4 * dpi
            assert math.floor(exact - 1e-6) <= got <= math.ceil(exact + 1e-6)


def test_page_names_are_shared_by_svg_and_png(tmp_path):
    assert render.page_paths(tmp_path / "x.png", 1) == [tmp_path / "x.png"]
    assert render.page_paths(tmp_path / "x.svg", 3) == [tmp_path / f"x-{i}.svg"
                                                        for i in (1, 2, 3)]


BAD = [
    (["board", "nex", "--dpi", "100"], "--dpi is for --format png, not pdf"),
    (["board", "nex", "--format", "svg", "--dpi", "100"], "--dpi is for --format png, not svg"),
    (["board", "nex", "--format", "json", "--dpi", "100"], "--dpi is for --format png, not json"),
    (["rules", "nex", "-o", "{tmp}/r.pdf", "--dpi", "150"], "--dpi is for --format png, not pdf"),
    (["board", "nex", "--format", "png", "--dpi", "35"], "Invalid value for '--dpi'"),
    (["board", "nex", "--format", "png", "--dpi", "1201"], "Invalid value for '--dpi'"),
    (["board", "nex", "--format", "png", "--dpi", "high"], "Invalid value for '--dpi'"),
    (["board", "nex", "--format", "pdf", "-o", "{tmp}/b.png"], "the name ends in .png"),
    (["board", "nex", "--format", "png", "-o", "{tmp}/none/b.png"], "does not exist"),
]


@pytest.mark.parametrize("args,message", BAD)
def test_bad_png_requests_are_one_line_exit_2_and_no_file(tmp_path, args, message):
    result = pnp(*[a.replace("{tmp}", str(tmp_path)) for a in args], cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("pnp: ")
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_failed_png_run_replaces_nothing(tmp_path):
    kept = tmp_path / "board-1.png"
    kept.write_bytes(b"old")
    folder = tmp_path / "board-2.png"
    folder.mkdir()      # the second page cannot be written
    result = pnp("rules", "nex", "--format", "png", "--dpi", "40", "-o", str(tmp_path / "board"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert kept.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-1.png", "board-2.png"]


def test_pdf_and_svg_do_not_load_pdfium_and_svg_not_pikepdf():
    # A PDF is tagged with pikepdf after reportlab draws it (generator/render/tagging.py);
    # an SVG needs neither library, and nothing but PNG needs pdfium.
    probe = ("import sys; from generator import render; from generator.ui import cli; "
             "from generator.app import documents; from generator.core.formats import PDF, SVG; "
             "from generator.games import find; from generator.core.paper import parse_paper; "
             "from generator.games.items import PAD; "
             "from generator.layout.printing import Printing; "
             "g = find('nex'); d = documents.make_document(g, PAD, options=g.make_options(), "
             "printing=Printing(paper=parse_paper('a4'))); render.render(d, SVG, target='x.svg'); "
             "loaded = lambda: sorted({m.split('.')[0] for m in sys.modules} & "
             "{'pypdfium2', 'pikepdf'}); print(loaded()); "
             "render.render(d, PDF, target='x.pdf'); print(loaded())")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split("\n")[:2] == ["[]", "['pikepdf']"]
