"""The print shop's stricter checks: the registration colour counts as ink on every plate,
spot colours and DeviceN fail, so does transparency (PDF/X-1a has none), and outlined text
counts as lines. Each fault is drawn, as another program would add it, over a sheet that
passes every check; each has a control drawn the same way that passes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from test_preflight import sheet

from generator import preflight
from generator.core.destinations import HOME, PRINT_SHOP

N = pikepdf.Name


def drawn_over(path: Path, content: bytes, **resources: dict) -> Path:
    """The well-made sheet with CONTENT drawn over it and RESOURCES (kind: {name: value},
    each value made by a function of the Pdf) added to its page."""
    sheet(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0]
        for kind, entries in resources.items():
            group = page.obj.Resources.get(f"/{kind}", pikepdf.Dictionary())
            for name, make in entries.items():
                group[f"/{name}"] = make(pdf)
            page.obj.Resources[f"/{kind}"] = group
        page.contents_add(pdf.make_stream(b"q " + content + b" Q"))
        pdf.save(path)
    return path


def separation(colourant: str):
    """A Separation space for COLOURANT, its tint shown in CMYK by a type 2 function."""
    return lambda pdf: pikepdf.Array([
        N.Separation, N("/" + colourant), N.DeviceCMYK,
        pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[0.1, 0.9, 0.7, 0],
                           N=1)])


def device_n(pdf):
    tint = pdf.make_stream(b"{ dup 0.5 mul exch 0 }", FunctionType=4, Domain=[0, 1, 0, 1],
                           Range=[0, 1, 0, 1, 0, 1, 0, 1])
    return pikepdf.Array([N.DeviceN, pikepdf.Array([N.Cyan, N.Orange]), N.DeviceCMYK, tint])


def state(**entries):
    return lambda pdf: pikepdf.Dictionary(Type=N.ExtGState, **entries)


def soft_mask(pdf):
    group = pdf.make_stream(b"0.5 g 0 0 300 300 re f", Type=N.XObject, Subtype=N.Form,
                            BBox=[0, 0, 300, 300],
                            Group=pikepdf.Dictionary(S=N.Transparency, CS=N.DeviceGray))
    return pikepdf.Dictionary(Type=N.ExtGState,
                              SMask=pikepdf.Dictionary(Type=N.Mask, S=N.Luminosity, G=group))


def masked_image(pdf):
    mask = pdf.make_stream(b"\x80", Type=N.XObject, Subtype=N.Image, Width=1, Height=1,
                           ColorSpace=N.DeviceGray, BitsPerComponent=8)
    return pdf.make_stream(b"\x00\xff\x00\x00", Type=N.XObject, Subtype=N.Image, Width=1,
                           Height=1, ColorSpace=N.DeviceCMYK, BitsPerComponent=8, SMask=mask)


def plain_image(pdf):
    return pdf.make_stream(b"\x00\xff\x00\x00", Type=N.XObject, Subtype=N.Image, Width=1,
                           Height=1, ColorSpace=N.DeviceCMYK, BitsPerComponent=8)


SQUARE = b"100 100 80 80 re f"
OUTLINED = b"0 0 0 1 K BT /F1+0 14 Tf 100 300 Td (Outlined) Tj ET"

# name, content, resources, what fails for a print shop (and for home: only lines)
CASES = [
    ("registration colour", b"/Reg cs 1 scn " + SQUARE,
     dict(ColorSpace={"Reg": separation("All")}), {"ink"}),
    ("registration colour at a third", b"/Reg cs 0.33 scn " + SQUARE,
     dict(ColorSpace={"Reg": separation("All")}), set()),
    ("spot colour", b"/Spot cs 1 scn " + SQUARE,
     dict(ColorSpace={"Spot": separation("PANTONE 185 C")}), {"spot colours"}),
    ("a process plate by name", b"/K cs 1 scn " + SQUARE,
     dict(ColorSpace={"K": separation("Black")}), set()),
    ("DeviceN", b"/DN cs 0.2 0.6 scn " + SQUARE, dict(ColorSpace={"DN": device_n}),
     {"spot colours"}),
    ("ca 0.5", b"/A gs " + SQUARE, dict(ExtGState={"A": state(ca=0.5)}), {"transparency"}),
    ("CA 0.5 on a stroke", b"/A gs 1 w 100 100 m 200 200 l S",
     dict(ExtGState={"A": state(CA=0.5)}), {"transparency"}),
    ("ca 1", b"/A gs " + SQUARE, dict(ExtGState={"A": state(ca=1, CA=1)}), set()),
    ("ca 0.5 set, then 1 before painting", b"/A gs /B gs " + SQUARE,
     dict(ExtGState={"A": state(ca=0.5), "B": state(ca=1)}), set()),
    ("soft mask", b"/M gs " + SQUARE, dict(ExtGState={"M": soft_mask}), {"transparency"}),
    ("soft mask none", b"/M gs " + SQUARE, dict(ExtGState={"M": state(SMask=N("/None"))}),
     set()),
    # One pixel drawn 0.4 pt wide: 180 ppi, enough for a print shop (80 pt would be 0.9).
    ("an image with a soft mask", b"0.4 0 0 0.4 100 100 cm /Im Do",
     dict(XObject={"Im": masked_image}), {"transparency"}),
    ("an image without", b"0.4 0 0 0.4 100 100 cm /Im Do", dict(XObject={"Im": plain_image}),
     set()),
    ("an image at 0.9 ppi", b"80 0 0 80 100 100 cm /Im Do", dict(XObject={"Im": plain_image}),
     {"image resolution"}),
    ("blend mode", b"/B gs " + SQUARE, dict(ExtGState={"B": state(BM=N.Multiply)}),
     {"transparency"}),
    ("blend mode normal", b"/B gs " + SQUARE, dict(ExtGState={"B": state(BM=N.Normal)}),
     set()),
    ("outlined text at 0.1 pt", b"0.1 w 1 Tr " + OUTLINED, {}, {"thinnest line"}),
    ("filled and outlined at 0.1 pt", b"0.1 w 2 Tr " + OUTLINED, {}, {"thinnest line"}),
    ("clipped outline at 0.1 pt", b"0.1 w 5 Tr " + OUTLINED, {}, {"thinnest line"}),
    ("outlined text at 0.5 pt", b"0.5 w 1 Tr " + OUTLINED, {}, set()),
    ("filled text, 0.1 pt set", b"0.1 w 0 Tr " + OUTLINED, {}, set()),
    ("clip-only text, 0.1 pt set", b"0.1 w 7 Tr " + OUTLINED, {}, set()),
]


@pytest.mark.parametrize("name,content,resources,fails", CASES, ids=[c[0] for c in CASES])
def test_each_print_shop_fault_fails_and_its_control_passes(tmp_path, name, content,
                                                             resources, fails):
    path = drawn_over(tmp_path / "page.pdf", content, **resources)
    shop = preflight.check_file(path, PRINT_SHOP)
    assert {c.name for c in shop if not c.passed} == fails, shop
    home = {c.name for c in preflight.check_file(path, HOME) if not c.passed}
    assert home == fails & {"thinnest line"}


def test_the_reports_name_what_they_found(tmp_path):
    def line(content, name, **resources):
        path = drawn_over(tmp_path / "p.pdf", content, **resources)
        return next(c.detail for c in preflight.check_file(path, PRINT_SHOP)
                    if c.name == name)

    assert line(b"/Reg cs 1 scn " + SQUARE, "ink",
                ColorSpace={"Reg": separation("All")}).startswith(
        "highest 400%: Separation (All) 1.00 on page 1")
    assert line(b"/Spot cs 1 scn " + SQUARE, "spot colours",
                ColorSpace={"Spot": separation("PANTONE 185 C")}).startswith(
        "Separation (PANTONE 185 C) on page 1")
    assert line(b"/DN cs 0.2 0.6 scn " + SQUARE, "spot colours",
                ColorSpace={"DN": device_n}).startswith("DeviceN (Cyan, Orange) on page 1")
    assert line(b"/A gs " + SQUARE, "transparency", ExtGState={"A": state(ca=0.5)}
                ).startswith("constant alpha /ca 0.5 on page 1")
    assert line(b"/B gs " + SQUARE, "transparency", ExtGState={"B": state(BM=N.Multiply)}
                ).startswith("blend mode Multiply on page 1")
    assert line(b"0.1 w 1 Tr " + OUTLINED, "thinnest line").startswith("0.10 pt")


def inkcov(path: Path) -> list[float]:
    """Ghostscript's coverage of each plate, C M Y K, over the first page."""
    out = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=inkcov",
                          "-dFirstPage=1", "-dLastPage=1", "-sOutputFile=-", str(path)],
                         capture_output=True, text=True, check=True).stdout
    return [float(v) for v in out.split()[:4]]


def bare_page(path: Path, content: bytes, space) -> Path:
    """Only CONTENT, on a blank 300 pt square page: inkcov counts the pixels each plate
    touches, so nothing else may touch them."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    page = pdf.pages[0]
    page.obj.Resources = pikepdf.Dictionary(ColorSpace=pikepdf.Dictionary(CS=space(pdf)))
    page.obj.Contents = pdf.make_stream(content)
    pdf.save(path)
    return path


def test_ghostscript_puts_the_registration_colour_on_every_plate(tmp_path):
    """The premise, checked by another reader: /All inks all four plates, /Black only K."""
    square = 80 * 80 / 300 ** 2
    everywhere = inkcov(bare_page(tmp_path / "all.pdf", b"/CS cs 1 scn " + SQUARE,
                                  separation("All")))
    assert everywhere == pytest.approx([square] * 4, rel=0.05)
    black = inkcov(bare_page(tmp_path / "black.pdf", b"/CS cs 1 scn " + SQUARE,
                             separation("Black")))
    assert black == pytest.approx([0, 0, 0, square], rel=0.05)
