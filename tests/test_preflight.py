"""`pnp check`: every home output passes; hand-made PDFs prove that each check can fail.

The bad PDFs are drawn with reportlab (as any other program would make them) and given
their TrimBox and BleedBox with pikepdf; a few are written operator by operator to test
how positions and widths are tracked through the graphics state.
"""

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st
from in_process import run_pnp
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator import fonts, preflight
from generator.core.destinations import HOME, PRINT_SHOP
from generator.preflight.reader import read_facts
from generator.render import press
from generator.ui.cli import main


def pnp(*args):
    return run_pnp(*args, text=True)   # in process (in_process.py)


def failed(path, target=PRINT_SHOP, booklet=None):
    return {c.name for c in preflight.check_file(path, target, booklet=booklet) if not c.passed}


def sheet(path: Path, *, pages=1, trim=(210.0, 297.0), bleed=3.0, boxes=True, title="Sheet",
          fill=("cmyk", (0.2, 0.3, 0.0, 0.0)), text_colour=("cmyk", (0, 0, 0, 1)),
          font="embedded", line=0.5, text_at=(20.0, 20.0)) -> Path:
    """A page that passes every print-shop check, unless an argument changes one thing:
    a CMYK background over the bleed, a CMYK line, black text in an embedded font."""
    width, height = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    c = Canvas(str(path), pagesize=(width * mm, height * mm), invariant=1,
               initialFontName=fonts.registered("regular"))
    c.setTitle(title)
    face = fonts.registered("regular") if font == "embedded" else "Helvetica"

    def colour(kind, values, stroke=False):
        if kind == "cmyk":
            (c.setStrokeColorCMYK if stroke else c.setFillColorCMYK)(*values)
        else:
            (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(*values)

    for _ in range(pages):
        colour(*fill)
        c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        colour("cmyk", (0, 0.5, 0.5, 0), stroke=True)
        c.setLineWidth(line)
        c.line((bleed + 30) * mm, (bleed + 100) * mm, (bleed + 150) * mm, (bleed + 100) * mm)
        colour(*text_colour)
        c.setFont(face, 10)
        c.drawString((bleed + text_at[0]) * mm, (bleed + text_at[1]) * mm, "Preflight")
        c.showPage()
    c.save()
    if boxes:
        with pikepdf.open(path, allow_overwriting_input=True) as pdf:
            for page in pdf.pages:
                page.obj.TrimBox = pikepdf.Array([bleed * mm, bleed * mm, (bleed + trim[0]) * mm,
                                                  (bleed + trim[1]) * mm])
                page.obj.BleedBox = pikepdf.Array([0, 0, width * mm, height * mm])
            pdf.save(path)
    # Identified as PDF/X-1a for FOGRA39, as a print shop's file is.
    path.write_bytes(press.mark_pdfx(path.read_bytes(), "fogra39"))
    return path


# ---------------------------------------------------------------- the good and the bad

def test_a_print_ready_sheet_passes_every_check(tmp_path):
    path = sheet(tmp_path / "good.pdf")
    results = preflight.check_file(path, PRINT_SHOP)
    assert {c.name for c in results} >= {"page size", "boxes", "bleed", "fonts", "colour",
                                         "ink", "black text", "thinnest line", "safe zone"}
    assert all(c.passed for c in results), results
    result = pnp("check", str(path), "--for", "print-shop")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ready for a print shop" in result.stdout


BAD = [
    ("rgb", dict(fill=("rgb", (0.2, 0.5, 0.8))), {"colour"}),
    ("no boxes", dict(boxes=False, bleed=0.0), {"boxes", "bleed"}),
    ("2 mm bleed", dict(bleed=2.0), {"bleed"}),
    ("3 mm bleed on an inch trim", dict(trim=(215.9, 279.4), bleed=3.0), {"bleed"}),
    ("unembedded Helvetica", dict(font="helvetica"), {"fonts"}),
    ("hairline", dict(line=0.1), {"thinnest line"}),
    ("400% ink", dict(fill=("cmyk", (1, 1, 1, 1))), {"ink"}),
    ("text in the margin", dict(text_at=(2.0, 150.0)), {"safe zone"}),
    ("rich black text", dict(text_colour=("cmyk", (0.6, 0.4, 0.4, 0.8))), {"black text"}),
    ("RGB black text", dict(text_colour=("rgb", (0, 0, 0))), {"colour", "black text"}),
    ("7 pages for a booklet", dict(pages=7, title="Rules booklet"), {"page count"}),
]


@pytest.mark.parametrize("name,change,fails", BAD, ids=[b[0] for b in BAD])
def test_each_check_fails_on_its_own_fault(tmp_path, name, change, fails):
    path = sheet(tmp_path / "bad.pdf", **change)
    assert failed(path) == fails
    result = pnp("check", str(path), "--for", "print-shop")
    assert result.returncode == 1
    listed = {line.split("  ")[1].strip() for line in result.stdout.splitlines()
              if line.startswith("FAIL")}
    assert listed == fails
    assert f"{len(fails)} of" in result.stdout.splitlines()[-1]


def test_bleed_is_reported_in_the_trims_units(tmp_path):
    metric = preflight.check_file(sheet(tmp_path / "a.pdf", bleed=3.0), PRINT_SHOP)
    assert next(c for c in metric if c.name == "bleed").detail.startswith("3.0 mm")
    inch = sheet(tmp_path / "b.pdf", trim=(215.9, 279.4), bleed=3.175)
    bleed = next(c for c in preflight.check_file(inch, PRINT_SHOP) if c.name == "bleed")
    assert bleed.passed and bleed.detail.startswith("0.125 in")


@pytest.mark.parametrize("cmyk", [(0.6, 0.5, 0.4, 0.7), (0.7, 0.6, 0.5, 0.6),
                                  (0.7, 0.6, 0.5, 0.7), (0.2, 0.1, 0, 0.1)])
def test_ink_reports_the_highest_total(tmp_path, cmyk):
    total = round(sum(cmyk) * 100)
    path = sheet(tmp_path / "ink.pdf", fill=("cmyk", cmyk))
    ink = next(c for c in preflight.check_file(path, PRINT_SHOP) if c.name == "ink")
    highest = max(total, 100)     # the black text is 100%
    assert ink.detail.startswith(f"highest {highest}%")
    assert ink.passed == (highest <= preflight.MAX_INK)


def test_home_needs_the_printer_margin_and_quarter_point_lines_only(tmp_path):
    # RGB, no boxes: fine at home. Text 5.5 mm in: inside the print shop's 5 mm safe zone
    # but outside the home printer's 6.35 mm margin.
    path = sheet(tmp_path / "home.pdf", fill=("rgb", (0.9, 0.9, 0.5)), boxes=False,
                 bleed=0.0, text_at=(5.5, 150.0))
    assert failed(path, HOME) == {"safe zone"}
    assert "safe zone" not in failed(sheet(tmp_path / "shop.pdf", text_at=(5.5, 150.0)))
    assert failed(sheet(tmp_path / "thin.pdf", line=0.2, boxes=False, bleed=0.0),
                  HOME) == {"thinnest line"}
    assert failed(sheet(tmp_path / "ok.pdf", line=0.25, boxes=False, bleed=0.0), HOME) == set()


def test_booklet_pages_by_flag_or_title(tmp_path):
    seven = sheet(tmp_path / "seven.pdf", pages=7)
    assert "page count" not in failed(seven)
    assert "page count" in failed(seven, booklet=True)
    assert pnp("check", str(seven), "--booklet").returncode == 1
    assert pnp("check", str(seven)).returncode == 0
    eight = sheet(tmp_path / "eight.pdf", pages=8, title="A booklet of rules")
    assert "page count" not in failed(eight)


def test_an_imposed_booklet_counts_two_pages_a_side(tmp_path):
    # Landscape sheets imposed two up: 6 sides hold 12 pages, 3 sides only 6.
    six = sheet(tmp_path / "six.pdf", pages=6, trim=(297.0, 210.0), title="Rules booklet",
                boxes=False, bleed=0.0)
    assert "page count" not in failed(six, HOME)
    three = sheet(tmp_path / "three.pdf", pages=3, trim=(297.0, 210.0), title="Rules booklet",
                  boxes=False, bleed=0.0)
    assert "page count" in failed(three, HOME)


# ---------------------------------------------------------------- the graphics state

def raw_pdf(path: Path, content: bytes, size=(595.0, 842.0)) -> Path:
    """One page drawn by the given operators, with Helvetica as /F1."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=size)
    page = pdf.pages[0]
    page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)))
    page.obj.Contents = pdf.make_stream(content)
    pdf.save(path)
    return path


def facts(path):
    return preflight.read_pdf(path).pages[0]


def test_line_width_is_scaled_by_the_ctm_and_restored_by_q(tmp_path):
    mm_scale = b"2.834646 0 0 2.834646 0 0 cm "
    # 0.1 units at mm scale is 0.28 pt: thick enough; the same 0.1 in points is not.
    assert facts(raw_pdf(tmp_path / "a.pdf", mm_scale + b"0.1 w 0 0 m 50 0 l S")
                 ).thinnest == pytest.approx(0.2835, abs=1e-3)
    # Q brings back the unscaled CTM and the 1 pt width set outside.
    page = facts(raw_pdf(tmp_path / "b.pdf", b"1 w q " + mm_scale + b"0.05 w Q 0 0 m 9 9 l S"))
    assert page.thinnest == pytest.approx(1.0)
    # A non-uniform scale: the thinner way counts.
    page = facts(raw_pdf(tmp_path / "c.pdf", b"1 0 0 0.2 0 0 cm 1 w 0 0 m 9 9 l S"))
    assert page.thinnest == pytest.approx(0.2)
    # Painting without a stroke is no line.
    assert facts(raw_pdf(tmp_path / "d.pdf", b"0.01 w 0 0 10 10 re f")).thinnest is None


def test_text_positions_follow_td_tm_tstar_and_cm(tmp_path):
    content = (b"BT /F1 10 Tf 100 700 Td (a) Tj 0 -20 TD (b) Tj T* (c) Tj "
               b"1 0 0 1 300 50 Tm (d) Tj ET "
               b"q 2 0 0 2 10 10 cm BT /F1 5 Tf 50 60 Td (e) Tj ET Q")
    runs = {run.text: run for run in facts(raw_pdf(tmp_path / "t.pdf", content)).texts}
    origins = {text: (round(run.box[0], 3), round(run.box[1] - (-0.2 * run.size), 3))
               for text, run in runs.items()}
    assert origins == {"a": (100, 700), "b": (100, 680), "c": (100, 660), "d": (300, 50),
                       "e": (110, 130)}
    assert runs["e"].size == pytest.approx(10)
    # The advance of "a" in Helvetica is not known without widths: about half an em.
    assert runs["a"].box[2] - runs["a"].box[0] == pytest.approx(5)


@given(x=st.floats(0, 595), y=st.floats(0, 842), scale=st.sampled_from([1.0, 2.834646, 0.5]))
def test_a_text_origin_is_inside_the_margin_exactly_when_it_is(tmp_path_factory, x, y, scale):
    """Tiny text placed through cm and Td: the verdict follows its true position."""
    margin = preflight.HOME_MARGIN * preflight.PT_PER_MM
    near_edge = min(abs(x - margin), abs(x - (595 - margin)), abs(y - margin),
                    abs(y - (842 - margin)))
    assume(near_edge >= 1)   # nearer is too close to call for text 0.1 pt high
    content = (f"{scale} 0 0 {scale} 3 4 cm BT /F1 {0.1 / scale} Tf "
               f"{(x - 3) / scale:.6f} {(y - 4) / scale:.6f} Td (x) Tj ET").encode()
    path = raw_pdf(tmp_path_factory.mktemp("t") / "p.pdf", content)
    # The reader itself, in this process: the child each file is read in is the subject of
    # tests/test_preflight_hostile.py, and would add a fork to every example here.
    zone = next(c for c in preflight.checks(read_facts(path), HOME)
                if c.name == "safe zone")
    expected = margin < x < 595 - margin and margin < y < 842 - margin
    assert zone.passed == expected


def test_fonts_checked_in_forms_and_images_colour_spaces(tmp_path):
    """A form XObject with an RGB image and an unembedded font: both are found."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    image = pdf.make_stream(b"\xff\x00\x00", Type=pikepdf.Name.XObject,
                            Subtype=pikepdf.Name.Image, Width=1, Height=1,
                            ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                              BaseFont=pikepdf.Name.Courier)
    form = pdf.make_stream(b"q 50 0 0 50 0 0 cm /Im1 Do Q BT /F9 12 Tf 60 60 Td (hi) Tj ET",
                           Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                           BBox=[0, 0, 200, 200],
                           Resources=pikepdf.Dictionary(
                               XObject=pikepdf.Dictionary(Im1=image),
                               Font=pikepdf.Dictionary(F9=font)))
    page = pdf.pages[0]
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm1=form))
    page.obj.Contents = pdf.make_stream(b"q 1 0 0 1 20 20 cm /Fm1 Do Q")
    pdf.save(tmp_path / "form.pdf")
    page_facts = facts(tmp_path / "form.pdf")
    assert page_facts.fonts == {"Courier": False}
    assert "image DeviceRGB" in page_facts.spaces
    assert [(round(t.box[0]), t.text) for t in page_facts.texts] == [(80, "hi")]
    assert failed(tmp_path / "form.pdf") >= {"colour", "fonts"}


# ---------------------------------------------------------------- every home output

def test_every_catalogue_pdf_passes_for_home(catalogue_folder, sweep):
    # The home files, beside the print shop's (which test_print_shop.py checks for a shop).
    pdfs = sweep(p for p in catalogue_folder.rglob("*.pdf") if "print-shop" not in p.parts)
    assert len(pdfs) > 30
    # `pnp check --for home` says "ready for home printing", with no FAIL line and status 0,
    # exactly when every check of the report passes: the report is judged here on facts read
    # in this process (the forked reading child is test_preflight_hostile.py's subject), and
    # the command itself is run on the first file and on the booklet below.
    for pdf in pdfs:
        results = preflight.checks(read_facts(pdf), HOME, booklet=None)
        assert all(c.passed for c in results), (pdf, [c for c in results if not c.passed])
    result = CliRunner().invoke(main, ["check", str(pdfs[0]), "--for", "home"])
    assert result.exit_code == 0, result.output
    assert "ready for home printing" in result.output
    assert "FAIL" not in result.output


def test_the_rules_booklet_passes_for_home(tmp_path):
    out = tmp_path / "booklet.pdf"
    assert pnp("booklet", "--all", "-o", str(out)).returncode == 0
    result = pnp("check", str(out))
    assert result.returncode == 0, result.stdout
    assert "a multiple of 4 for a booklet" in result.stdout


# ---------------------------------------------------------------- unreadable files

@pytest.mark.parametrize("kind", ["folder", "text", "missing", "truncated", "empty"])
def test_an_unreadable_file_is_one_line_and_exit_2(tmp_path, kind):
    target = tmp_path / "x.pdf"
    if kind == "folder":
        target.mkdir()
    elif kind == "text":
        target.write_text("<html>not a pdf</html>\n")
    elif kind == "truncated":
        target.write_bytes(sheet(tmp_path / "good.pdf").read_bytes()[:400])
    elif kind == "empty":
        target.write_bytes(b"")
    before = sorted(p.name for p in tmp_path.iterdir())
    result = pnp("check", str(target))
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("pnp: cannot read ") and result.stderr.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


NOT_PDF = {
    "record": "(;FF[4]GM[11]SZ[13]PB[A]PW[B];B[g7];W[swap-pieces])\n",
    "web page": "<!DOCTYPE html><html><body><p>%PDF-1.7 is the newest</p></body></html>\n"
                .rjust(1100),
}


@pytest.mark.parametrize("kind", NOT_PDF)
def test_a_file_that_is_not_a_pdf_is_called_so(tmp_path, kind):
    """A Hex record or a web page given by mistake was a "damaged PDF (can't find
    startxref)": it is no PDF at all, as readers tell one (no %PDF- in the first 1024
    bytes; the page names PDF only further on)."""
    target = tmp_path / "x.pdf"
    target.write_text(NOT_PDF[kind])
    result = pnp("check", str(target), "--for", "print-shop")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (f"pnp: cannot read {target}: it is not a PDF file (no %PDF- "
                             f"header in its first 1024 bytes)\n")


@pytest.mark.parametrize("before,read", [(1019, True), (1020, False)])
def test_the_header_is_looked_for_in_the_first_1024_bytes(tmp_path, before, read):
    """Readers take a PDF with something before its header, up to 1024 bytes in (the
    control: qpdf reads it too, and it passes); one byte further it is not a PDF file."""
    target = tmp_path / "x.pdf"
    target.write_bytes(b"x" * before + sheet(tmp_path / "good.pdf").read_bytes())
    result = pnp("check", str(target), "--for", "print-shop")
    if read:
        assert result.returncode == 0, result.stdout + result.stderr
    else:
        assert result.returncode == 2 and "it is not a PDF file" in result.stderr


def test_check_does_not_slow_other_commands():
    probe = ("import sys; from generator.ui import cli; "
             "print(any(m.startswith('pikepdf') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"
