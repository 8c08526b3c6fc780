"""The print shop's ink lines (generator/preflight/inks.py, and the spot colours' line): small
text in two or more inks and greys built from all four are warned of, and the Registration
colour of crop marks is named.

Every crafted file is a real print-shop file pnp writes (the Hex board, `--for print-shop`)
with one thing drawn on it by pikepdf; the unchanged board is the control, and so is the
same thing drawn the way a shop wants it (one ink, black alone, large)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from in_process import run_pnp

from generator import preflight
from generator.preflight import inks
from generator.preflight.checks import check_spots
from generator.preflight.facts import Colour


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("inks") / "hex-board.pdf"
    result = run_pnp("board", "hex", "--for", "print-shop", "-o", str(path), text=True)
    assert result.returncode == 0, result.stderr
    return path


PNP = [sys.executable, "-m", "generator.ui.cli"]


def drawn(board: Path, out: Path, content: bytes) -> Path:
    """The board with CONTENT drawn over it, in the board's own first font as /Fxx, saved
    as pnp saves."""
    with pikepdf.open(board) as pdf:
        page = pdf.pages[0]
        fonts = page.obj.Resources.Font
        fonts["/Fxx"] = fonts[next(iter(fonts.keys()))]
        page.contents_add(pdf.make_stream(b"q " + content + b" Q"), prepend=False)
        pdf.save(out, fix_metadata_version=False,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out


def text(size: float, colour: bytes) -> bytes:
    """The word Hex at SIZE pt in COLOUR (a fill operation), well inside the safe zone."""
    return colour + b" BT /Fxx %g Tf 200 200 Td (Hex) Tj ET" % size


def lines(path: Path) -> dict[str, preflight.Check]:
    facts = preflight.read_pdf(path)
    return {c.name: c for c in [*inks.ink_checks(facts), check_spots(facts)]}


def test_the_board_as_pnp_writes_it_warns_of_nothing(board):
    found = lines(board)
    assert all(c.passed and not c.warning for c in found.values()), found
    assert found["spot colours"].detail == "none, and no DeviceN"


@pytest.mark.parametrize("size, colour, warned", [
    (4, b"0.6 0.4 0 0 k", True),            # the 4 pt in two inks
    (11.5, b"0 0.88 0.91 0.01 k", True),    # a red: magenta, yellow and a touch of black
    (6, b"1 1 1 1 k", True),                # registration black, all four
    (4, b"0 0 0 1 k", False),               # the control: black ink alone, however small
    (4, b"0 1 0 0 k", False),               # the control: one ink
    (4, b"0.5 g", False),                   # the control: grey, on the black plate
    (14, b"0.6 0.4 0 0 k", False),          # the control: two inks, large enough
    (4, b"0.6 0.004 0 0 k", False),         # a trace of the second ink prints nothing
])
def test_small_text_in_two_or_more_inks_is_warned_of(board, tmp_path, size, colour, warned):
    found = lines(drawn(board, tmp_path / "text.pdf", text(size, colour)))["small text"]
    assert found.passed and found.warning is warned, found
    if warned:
        assert "'Hex'" in found.detail and f"{size:.1f} pt" in found.detail


@pytest.mark.parametrize("colour, warned", [
    (b"0.2 0.2 0.2 0.5", True),             # 110%: the grey
    (b"0.3 0.22 0.22 0.3", True),           # balanced as a press greys: more cyan
    (b"0 0 0 0.5", False),                  # the control: the same grey in black alone
    (b"0.6 0.45 0.45 1", False),            # the control: a rich black, not a grey
    (b"0.5 0.1 0.1 0.2", False),            # the control: a blue, not a grey
    (b"0.2 0.2 0.2 0", False),              # the control: no black, three inks
])
def test_a_grey_of_all_four_inks_is_warned_of(board, tmp_path, colour, warned):
    path = drawn(board, tmp_path / "grey.pdf", colour + b" k 300 300 60 40 re f")
    found = lines(path)["four-colour grey"]
    assert found.passed and found.warning is warned, found
    if warned:
        assert found.detail.startswith("DeviceCMYK " + " ".join(
            f"{float(v):.2f}" for v in colour.split()))


def test_crop_marks_name_the_registration_colour(tmp_path):
    marked = tmp_path / "marked.pdf"
    assert run_pnp("board", "hex", "--for", "print-shop", "--crop-marks", "-o",
                   str(marked)).returncode == 0
    found = lines(marked)["spot colours"]
    assert found.passed and "Separation (All)" in found.detail, found
    assert "Registration colour" in found.detail and "slug" in found.detail


def test_the_registration_colour_on_the_page_is_named_too(board, tmp_path):
    """Separation /All on the artwork: named on the spot line, its ink counted on the ink
    line on all four plates (tests/test_preflight_strict.py)."""
    with pikepdf.open(board) as pdf:
        page = pdf.pages[0]
        space = pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name.All,
                               pikepdf.Name.DeviceCMYK, pdf.make_stream(
                                   b"{dup dup dup}", FunctionType=4, Domain=[0, 1],
                                   Range=[0, 1, 0, 1, 0, 1, 0, 1])])
        page.obj.Resources.ColorSpace = pikepdf.Dictionary(CSall=space)
        page.contents_add(pdf.make_stream(b"q /CSall cs 0.3 scn 300 300 60 40 re f Q"),
                          prepend=False)
        pdf.save(tmp_path / "all.pdf", fix_metadata_version=False,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
    found = lines(tmp_path / "all.pdf")["spot colours"]
    assert found.passed and "Separation (All)" in found.detail, found
    assert "in the printed area" in found.detail and "slug" not in found.detail


def test_the_warnings_show_in_the_report_and_the_file_is_still_ready(board, tmp_path):
    """`pnp check` prints a warn line, and a file with nothing worse is still ready."""
    path = drawn(board, tmp_path / "text.pdf",
                 text(4, b"0.6 0.4 0 0 k") + b" 0.2 0.2 0.2 0.5 k 300 300 60 40 re f")
    done = subprocess.run([*PNP, "check", "--for", "print-shop", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout.splitlines()
    assert any(line.startswith("warn  small text") for line in said), done.stdout
    assert any(line.startswith("warn  four-colour grey") for line in said), done.stdout
    assert said[-1].endswith("ready for a print shop")


def test_inks_counts_the_plates_a_colour_prints_on():
    assert inks.inks(Colour("DeviceGray", "gray", (0.0,))) == 1
    assert inks.inks(Colour("DeviceGray", "gray", (1.0,))) == 0       # white: no ink
    assert inks.inks(Colour("Separation (All)", "all", (1.0,))) == 4
    assert inks.inks(Colour("DeviceRGB", "rgb", (1.0, 0.0, 0.0))) == 0

