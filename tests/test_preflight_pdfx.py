"""PDF/X as checkers read it, and the print shop's preflight on hostile files.

Every hostile file is a real print-shop file pnp writes (the Hex board, `--for print-shop`)
with one thing changed by pikepdf; the unchanged file is the control and passes every check.
Each change must fail its own check (and no other), with its reason on the FAIL line.
"""

from __future__ import annotations

import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp

from generator import preflight
from generator.core.destinations import HOME, PRINT_SHOP, Destination
from generator.render import press
from generator.render.pdfx import xmp_date


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pdfx") / "hex-board.pdf"
    result = run_pnp("board", "hex", "--for", "print-shop", "-o", str(path), text=True)
    assert result.returncode == 0, result.stderr
    return path


def failed(path: Path, target: Destination = PRINT_SHOP) -> dict[str, str]:
    return {c.name: c.detail for c in preflight.check_file(path, target) if not c.passed}


def changed(board: Path, out: Path, change, **save) -> Path:
    """The board with `change(pdf, page)` made to it, saved as pnp saves (no object
    streams, the XMP as it is) unless `save` says otherwise."""
    with pikepdf.open(board) as pdf:
        change(pdf, pdf.pages[0])
        options = dict(fix_metadata_version=False,
                       object_stream_mode=pikepdf.ObjectStreamMode.disable)
        pdf.save(out, **{**options, **save})
    return out


def resource(pdf, page, kind: str, name: str, obj) -> None:
    resources = page.obj.Resources
    if kind not in resources:
        resources[kind] = pikepdf.Dictionary()
    resources[kind][name] = obj


def draw(pdf, page, content: bytes) -> None:
    page.contents_add(pdf.make_stream(b"q " + content + b" Q"), prepend=False)


# ---------------------------------------------------------------- hostile files

def icc_cmyk(pdf, page):
    profile = pdf.make_stream(press.profile("fogra39"))
    profile.N = 4
    resource(pdf, page, "/ColorSpace", "/CSicc", pikepdf.Array([pikepdf.Name.ICCBased,
                                                                 profile]))
    draw(pdf, page, b"/CSicc cs 0.2 0.3 0 0 scn 100 100 50 50 re f")


def lab(pdf, page):
    space = pikepdf.Array([pikepdf.Name.Lab, pikepdf.Dictionary(
        WhitePoint=[0.9642, 1, 0.8249], Range=[-100, 100, -100, 100])])
    resource(pdf, page, "/ColorSpace", "/CSlab", space)
    draw(pdf, page, b"/CSlab cs 50 20 -30 scn 100 100 50 50 re f")


def white_overprint(pdf, page):
    resource(pdf, page, "/ExtGState", "/GSop", pikepdf.Dictionary(OP=True, op=True, OPM=1))
    draw(pdf, page, b"/GSop gs 0 0 0 0 k 100 100 50 50 re f")


def low_resolution(pdf, page):
    image = pdf.make_stream(bytes(12 * 10 * 4))
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height, image.BitsPerComponent = 12, 10, 8
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    resource(pdf, page, "/XObject", "/Im11", image)
    draw(pdf, page, b"79 0 0 65 100 100 cm /Im11 Do")      # 12 px over 79 pt: 11 ppi


def link_in_trim(pdf, page):
    page.obj.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[100, 100, 200, 120],
        Border=[0, 0, 0], A=pikepdf.Dictionary(S=pikepdf.Name.URI,
                                               URI=pikepdf.String("https://example.org"))))]))


def cairo_opacity(pdf, page):
    """As cairo (and Inkscape through it) writes opacity: the alpha in an ExtGState used
    inside a form XObject that is a transparency group."""
    form = pdf.make_stream(b"/a0 gs 0 0 0 1 k 0 0 50 50 re f")
    form.Type, form.Subtype, form.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, [0, 0, 50, 50]
    form.Group = pikepdf.Dictionary(Type=pikepdf.Name.Group, S=pikepdf.Name.Transparency,
                                    I=True, CS=pikepdf.Name.DeviceCMYK)
    form.Resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(
        a0=pikepdf.Dictionary(CA=0.5, ca=0.5)))
    resource(pdf, page, "/XObject", "/x5", form)
    draw(pdf, page, b"1 0 0 1 100 100 cm /x5 Do")


def transfer(pdf, page):
    curve = pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0], C1=[1], N=0.8)
    resource(pdf, page, "/ExtGState", "/GStr", pikepdf.Dictionary(TR=curve))
    draw(pdf, page, b"/GStr gs 0 0 0 1 k 100 100 50 50 re f")


def page_group(pdf, page):
    page.obj.Group = pikepdf.Dictionary(Type=pikepdf.Name.Group, S=pikepdf.Name.Transparency,
                                        CS=pikepdf.Name.DeviceCMYK)


def no_pdfx(pdf, page):
    del pdf.Root.OutputIntents
    del pdf.Root.Metadata
    for key in ("/GTS_PDFXVersion", "/GTS_PDFXConformance"):
        del pdf.trailer.Info[key]


def version_as_conformance(pdf, page):
    """What pnp wrote before: the conformance level in the version key."""
    pdf.trailer.Info.GTS_PDFXVersion = pikepdf.String("PDF/X-1a:2001")


def xmp_other_date(pdf, page):
    packet = pdf.Root.Metadata.read_bytes().replace(
        b"<xmp:CreateDate>2000-01-01T00:00:00+00:00", b"<xmp:CreateDate>2024-05-01T10:00:00Z")
    pdf.Root.Metadata.write(packet)


def unregistered_condition(pdf, page):
    intent = pdf.Root.OutputIntents[0]
    intent.OutputConditionIdentifier = pikepdf.String("Our own press")
    del intent.DestOutputProfile


HOSTILE = [
    ("ICC-based CMYK", icc_cmyk, {}, "colour", "ICC-based"),
    ("Lab colour", lab, {}, "colour", "Lab on page 1"),
    ("white set to overprint", white_overprint, {}, "overprint", "vanishes on press"),
    ("an 11 ppi image", low_resolution, {}, "image resolution", "11 ppi"),
    ("a link inside the trim", link_in_trim, {}, "annotations", "Link at"),
    ("opacity as cairo writes it", cairo_opacity, {}, "transparency",
     "a transparency group (form XObject)"),
    ("a transfer function", transfer, {}, "transfer functions", "TR in an ExtGState"),
    ("a page transparency group", page_group, {}, "transparency", "page transparency group"),
    ("PDF 1.5 with object streams", lambda pdf, page: None,
     dict(object_stream_mode=pikepdf.ObjectStreamMode.generate, min_version="1.5"),
     "PDF version", "PDF 1.5 with object streams"),
    ("the version key naming the conformance", version_as_conformance, {}, "PDF/X",
     "GTS_PDFXVersion 'PDF/X-1a:2001' is no version of PDF/X"),
    ("XMP dated otherwise than the Info", xmp_other_date, {}, "PDF/X", "xmp:CreateDate"),
    ("an unregistered condition without its profile", unregistered_condition, {},
     "output intent", "no registered condition"),
]


@pytest.mark.parametrize("name,change,save,check,reason", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_each_hostile_file_fails_its_own_check(board, tmp_path, name, change, save, check,
                                               reason):
    path = changed(board, tmp_path / "hostile.pdf", change, **save)
    found = failed(path)
    assert set(found) == {check}, found
    assert reason in found[check]
    if check == "colour":           # Lab and ICC-based CMYK are not called RGB
        assert "RGB" not in found[check]
    result = run_pnp("check", str(path), "--for", "print-shop", text=True)
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert len(lines) == 1 and reason in lines[0]


def test_the_unchanged_board_passes_every_check(board, tmp_path):
    """The control: the same save with nothing changed passes, so each failure above is
    its change's."""
    path = changed(board, tmp_path / "same.pdf", lambda pdf, page: None)
    results = preflight.check_file(path, PRINT_SHOP)
    assert {"PDF/X", "output intent", "PDF version", "overprint", "image resolution",
            "annotations", "transfer functions"} <= {c.name for c in results}
    assert all(c.passed for c in results), results
    assert run_pnp("check", str(path), "--for", "print-shop").returncode == 0


def test_no_pdfx_at_all_fails_identification_and_intent(board, tmp_path):
    found = failed(changed(board, tmp_path / "plain.pdf", no_pdfx))
    assert set(found) == {"PDF/X", "output intent"}
    assert "no PDF/X identification" in found["PDF/X"]
    assert "no GTS_PDFX OutputIntent" in found["output intent"]
    # At home, a file that does not claim PDF/X is not held to it.
    assert not {"PDF/X", "output intent"} & set(failed(tmp_path / "plain.pdf", HOME))


def test_a_file_claiming_pdfx_is_held_to_it_at_home_too(board, tmp_path):
    path = changed(board, tmp_path / "wrong.pdf", version_as_conformance)
    assert "PDF/X" in failed(path, HOME)
    assert "PDF/X" not in failed(board, HOME)


def locked(board: Path, path: Path, revision: int = 2, user: str = "") -> Path:
    """The board saved encrypted with an owner password: with an empty user password it
    opens without asking, and is encrypted all the same. Revision 2 (RC4, 40 bits) keeps
    the board's PDF 1.3; AES needs PDF 1.6 or later."""
    with pikepdf.open(board) as pdf:
        newer = revision >= 4
        pdf.save(path, encryption=pikepdf.Encryption(owner="shop", user=user, R=revision,
                                                     aes=newer, metadata=newer))
    with pikepdf.open(path, password=user) as pdf:
        assert pdf.is_encrypted
    return path


@pytest.mark.parametrize("target", ["print-shop", "drivethrurpg"])
def test_an_encrypted_file_fails_a_print_shops_check_by_name(board, tmp_path, target):
    """PDF/X forbids encryption, an owner password's too, so a shop's intake fails such a
    file (it was refused as unreadable, though it opens). The control: the same board
    unencrypted is ready for the same shop."""
    if target != "print-shop":    # a vendor's own product: its safe zone is not a shop's
        board = tmp_path / "book.pdf"
        assert run_pnp("booklet", "hex", "--for", target, "-o", str(board)).returncode == 0
    path = locked(board, tmp_path / "locked.pdf")
    result = run_pnp("check", str(path), "--for", target, text=True)
    assert (result.returncode, result.stderr) == (1, ""), result.stdout
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert fails == ["FAIL  encryption          encrypted (RC4-40), though it opens without "
                     "a password: PDF/X forbids encryption"]
    plain = run_pnp("check", str(board), "--for", target, text=True)
    assert plain.returncode == 0 and "pass  encryption          none" in plain.stdout


def test_an_aes_256_file_with_an_empty_user_password_is_read_and_failed(board, tmp_path):
    path = locked(board, tmp_path / "locked.pdf", revision=6)
    result = run_pnp("check", str(path), "--for", "print-shop", text=True)
    assert (result.returncode, result.stderr) == (1, ""), result.stdout
    assert ("FAIL  encryption          encrypted (AES-256), though it opens without a "
            "password: PDF/X forbids encryption") in result.stdout.splitlines()


@pytest.mark.parametrize("target", ["home", "screen-reader"])
def test_an_encrypted_file_that_opens_is_read_for_other_checks(board, tmp_path, target):
    """At home or for a screen reader encryption is no fault: the report on the locked
    file is the plain file's, line for line."""
    path = locked(board, tmp_path / "locked.pdf")
    result = run_pnp("check", str(path), "--for", target, text=True)
    plain = run_pnp("check", str(board), "--for", target, text=True)
    assert result.stderr == plain.stderr == ""
    assert result.returncode == plain.returncode
    assert (result.stdout.replace(str(path), "FILE").splitlines()
            == plain.stdout.replace(str(board), "FILE").splitlines())


def test_a_file_that_needs_a_password_to_open_is_unreadable(board, tmp_path):
    path = locked(board, tmp_path / "locked.pdf", revision=6, user="reader")
    result = run_pnp("check", str(path), "--for", "print-shop", text=True)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (f"pnp: cannot read {path}: it is encrypted, with a password "
                             f"to open it\n")


def slug_marks(inside_bleed: bool):
    """A layout program's export: the MediaBox grown by a 20 pt slug, and crop marks in the
    Registration colour (Separation /All) on the trim lines at each corner, stroked as one
    path, from 18 pt to 3 pt outside the BleedBox (or, for the control, 3 pt into it)."""
    def change(pdf, page):
        bx0, by0, bx1, by1 = (float(v) for v in page.obj.BleedBox)
        tx0, ty0, tx1, ty1 = (float(v) for v in page.obj.TrimBox)
        page.obj.MediaBox = [bx0 - 20, by0 - 20, bx1 + 20, by1 + 20]
        tint = pdf.make_stream(b"{dup dup dup}")
        tint.FunctionType, tint.Domain, tint.Range = 4, [0, 1], [0, 1] * 4
        resource(pdf, page, "/ColorSpace", "/CSall", pikepdf.Array(
            [pikepdf.Name.Separation, pikepdf.Name.All, pikepdf.Name.DeviceCMYK, tint]))
        end = -3 if inside_bleed else 3
        marks = []
        for (tx, bx, sx), (ty, by, sy) in (((tx0, bx0, -1), (ty0, by0, -1)),
                                           ((tx1, bx1, 1), (ty0, by0, -1)),
                                           ((tx0, bx0, -1), (ty1, by1, 1)),
                                           ((tx1, bx1, 1), (ty1, by1, 1))):
            marks.append(f"{bx + sx * 18} {ty} m {bx + sx * end} {ty} l "
                         f"{tx} {by + sy * 18} m {tx} {by + sy * end} l")
        draw(pdf, page, b"/CSall CS 1 SCN 0.25 w " + " ".join(marks).encode() + b" S")
    return change


def test_registration_marks_in_the_slug_pass_and_inside_the_bleed_fail(board, tmp_path):
    outside = changed(board, tmp_path / "slug.pdf", slug_marks(inside_bleed=False))
    assert failed(outside) == {}
    inside = changed(board, tmp_path / "bleed.pdf", slug_marks(inside_bleed=True))
    assert set(failed(inside)) == {"ink"}
    assert "Separation (All) 1.00" in failed(inside)["ink"]


def test_the_board_is_identified_as_iso_15930_1_asks(board):
    """The keys read back by pikepdf and its XMP reader (lxml), independent of pnp's own."""
    with pikepdf.open(board) as pdf:
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert str(info.Trapped) == "/False"
        meta = pdf.open_metadata()
        assert meta["pdfx:GTS_PDFXVersion"] == meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-1:2001"
        assert meta["pdfx:GTS_PDFXConformance"] == "PDF/X-1a:2001"
        assert meta["pdf:Trapped"] == "False"
        for xmp_key, info_key in (("xmp:CreateDate", "/CreationDate"),
                                  ("xmp:ModifyDate", "/ModDate")):
            stamp = str(info[info_key])           # D:YYYYMMDDHHmmSS+HH'mm'
            expected = (f"{stamp[2:6]}-{stamp[6:8]}-{stamp[8:10]}T{stamp[10:12]}:"
                        f"{stamp[12:14]}:{stamp[14:16]}{stamp[16:19]}:{stamp[20:22]}")
            assert meta[xmp_key] == expected
    check = subprocess.run(["qpdf", "--check", str(board)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


@given(st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2999, 12, 31)),
       st.integers(-14 * 60, 14 * 60))
def test_a_pdf_date_and_its_xmp_date_are_the_same_instant(moment, offset_minutes):
    """xmp_date writes the Info's date for the XMP: read back by Python's own ISO 8601
    parser, it is the same instant, whatever the time zone."""
    zone = timezone(timedelta(minutes=offset_minutes))
    moment = moment.replace(microsecond=0, tzinfo=zone)
    hours, minutes = divmod(abs(offset_minutes), 60)
    sign = "-" if offset_minutes < 0 else "+"
    pdf_date = f"D:{moment:%Y%m%d%H%M%S}{sign}{hours:02d}'{minutes:02d}'"
    iso = xmp_date(pdf_date)
    assert iso is not None and datetime.fromisoformat(iso) == moment
