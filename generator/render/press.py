"""Colour for a print shop's press: palette colours separated into ink for a real printing
condition through its ICC profile, and the PDF/X-1a marking that names the condition.

The profiles (generator/render/profiles, built with ArgyllCMS from the conditions'
characterisation data by scripts/build_profiles.py) describe how a press on that condition
prints. LittleCMS (through Pillow's ImageCms) separates each colour of the drawing once,
cached:

- A neutral grey (r = g = b) goes on the black plate alone, at the K that prints the grey's
  lightness (CIE L*, paper white as the page's white) on that condition, read off the
  profile's own black ramp; darker than solid black, it is solid black.
- Text and hairlines at least DARK dark print 100% K: one plate, no fringes, whatever the
  registration.
- Any other colour goes from sRGB to the condition, relative colorimetric: inside the
  press's gamut it prints as the colour it is (the tests hold every palette colour to
  ΔE00 3), outside it the nearest the press reaches. Where that takes more ink than the limit
  allows, the nearest colour (CIELAB) within the limit is taken, found through the profile.

Amounts are rounded down to thousandths, so rounding never adds ink.
"""

from __future__ import annotations

import hashlib
import io
import re
import zlib
from collections.abc import Sequence
from functools import cache
from math import atan2, cos, degrees, exp, hypot, radians, sin, sqrt
from pathlib import Path
from typing import Any

import pikepdf
from PIL import Image, ImageCms

from generator.core.printing import (
    CONDITIONS,
    DARK,
    PDFX_2001,
    REGISTRY,
    SMALL_TEXT,
    Condition,
    PdfX,
    darkness,
    rgb,
)
from generator.render.pdfx import identify_in_xmp

PROFILES = Path(__file__).resolve().parent / "profiles"

Lab = tuple[float, float, float]
# What a colour becomes: ("gray", (g,)) on the black plate alone (g = 1 − K, as DeviceGray
# writes it), or ("cmyk", (c, m, y, k)).
Ink = tuple[str, tuple[float, ...]]
BLACK: Ink = ("gray", (0.0,))


@cache
def profile(key: str) -> bytes:
    """The ICC profile of the printing condition `key`, as shipped."""
    return (PROFILES / CONDITIONS[key].profile).read_bytes()


@cache
def _packed_profile(key: str) -> bytes:
    """The profile Flate-compressed once, as every PDF for the condition embeds it."""
    return zlib.compress(profile(key), 6)


@cache
def _transforms(key: str) -> tuple[Any, Any]:
    """sRGB to the condition's CMYK, and that CMYK to CIELAB (D50, paper white as L* 100),
    both relative colorimetric."""
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile(key)))
    srgb = ImageCms.createProfile("sRGB")
    lab = ImageCms.createProfile("LAB", 5000)
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    return (ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=relative),
            ImageCms.buildTransform(press, lab, "CMYK", "LAB", renderingIntent=relative))


def _lab_of_inks(key: str, inks: Sequence[tuple[int, int, int, int]]) -> list[Lab]:
    """CIELAB of 8-bit CMYK amounts on the condition, all in one pass through LittleCMS."""
    image = Image.new("CMYK", (len(inks), 1))
    image.putdata(list(inks))
    out = ImageCms.applyTransform(image, _transforms(key)[1])
    assert out is not None
    raw = out.tobytes()
    return [_lab(raw[i:i + 3]) for i in range(0, len(raw), 3)]


def _lab(pixel: bytes) -> Lab:
    """A pixel of Pillow's LAB mode: L 0-255 for 0-100, a and b as signed bytes."""
    lightness_, a, b = pixel
    return lightness_ * 100 / 255, a - 256 if a > 127 else a, b - 256 if b > 127 else b


def lightness(colour: str) -> float:
    """CIE L* of an sRGB colour (its luminance through the sRGB curve)."""
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
               for v in rgb(colour))
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b    # sRGB's luminance, D50 adapted
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


@cache
def black_ramp(key: str) -> tuple[float, ...]:
    """L* of black ink alone on the condition, at K = 0, 1/255, ..., 1."""
    return tuple(lab[0] for lab in _lab_of_inks(key, [(0, 0, 0, k) for k in range(256)]))


def black_for(key: str, target: float) -> float:
    """The K (0..1) that prints lightness `target` on the condition; 1 where even solid
    black is lighter."""
    ramp = black_ramp(key)
    for k in range(1, 256):
        if ramp[k] <= target:
            above, below = ramp[k - 1], ramp[k]
            part = (above - target) / (above - below) if above > below else 0.0
            return (k - 1 + part) / 255
    return 1.0


def _floor(v: float) -> float:
    """Thousandths, rounded down (a hair of float noise forgiven)."""
    return int(v * 1000 + 1e-6) / 1000


def _lab_of_srgb(colour: str) -> Lab:
    """CIELAB (D50) of an sRGB colour, through LittleCMS like the press's."""
    srgb = ImageCms.createProfile("sRGB")
    to_lab = ImageCms.buildTransform(srgb, ImageCms.createProfile("LAB", 5000), "RGB", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    out = ImageCms.applyTransform(Image.new("RGB", (1, 1), colour), to_lab)
    assert out is not None
    return _lab(out.tobytes())


def delta_e(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference."""

    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c7 = ((hypot(a1, b1) + hypot(a2, b2)) / 2) ** 7
    g = 1.5 - 0.5 * sqrt(c7 / (c7 + 25 ** 7))
    c1, c2 = hypot(a1 * g, b1), hypot(a2 * g, b2)
    h1, h2 = degrees(atan2(b1, a1 * g)) % 360, degrees(atan2(b2, a2 * g)) % 360
    turn = (h2 - h1 + 180) % 360 - 180 if c1 * c2 else 0.0
    hue = 2 * sqrt(c1 * c2) * sin(radians(turn / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    mean_h = ((h1 + h2) / 2 + (180 if abs(h1 - h2) > 180 else 0)) % 360 if c1 * c2 else h1 + h2
    t = (1 - 0.17 * cos(radians(mean_h - 30)) + 0.24 * cos(radians(2 * mean_h))
         + 0.32 * cos(radians(3 * mean_h + 6)) - 0.2 * cos(radians(4 * mean_h - 63)))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    rc = 2 * sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7))
    rt = -rc * sin(radians(60 * exp(-(((mean_h - 275) / 25) ** 2))))
    return sqrt(((l2 - l1) / sl) ** 2 + ((c2 - c1) / sc) ** 2 + (hue / sh) ** 2
                + rt * (c2 - c1) / sc * hue / sh)


def _within(key: str, colour: str, inks: tuple[int, int, int, int],
            limit: float) -> tuple[float, ...]:
    """The CMYK (0..1) with total ink at most `limit` that prints nearest (ΔE00) to the
    colour: C, M and Y of the profile's separation scaled down together, under any K, every
    candidate measured through the profile."""
    wanted = _lab_of_srgb(colour)
    c, m, y = (v / 255 for v in inks[:3])
    candidates = [(c * scale / 50, m * scale / 50, y * scale / 50, black / 100)
                  for scale in range(51) for black in range(101)
                  if (c + m + y) * scale / 50 + black / 100 <= limit]
    labs = _lab_of_inks(key, [tuple(round(v * 255) for v in ink)  # type: ignore[misc]
                              for ink in candidates])
    best = min(range(len(candidates)), key=lambda i: delta_e(labs[i], wanted))
    return tuple(_floor(v) for v in candidates[best])


@cache
def separate(colour: str, key: str, *, ink_limit: float) -> Ink:
    """A "#rrggbb" fill or line colour as ink on condition `key` with at most `ink_limit` %
    total ink: greys on the black plate alone, other colours through the profile."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if r == g == b:
        return ("gray", (round(1 - _floor(black_for(key, lightness(colour))), 3),))
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), _transforms(key)[0])
    assert pixel is not None
    c, m, y, k = pixel.tobytes()
    inks = (c, m, y, k)
    if sum(inks) / 255 * 100 > ink_limit + 1e-9:
        return ("cmyk", _within(key, colour, inks, ink_limit / 100))
    return ("cmyk", tuple(_floor(v / 255) for v in inks))


def separate_line(colour: str, key: str, *, ink_limit: float, dark_alone: bool) -> Ink:
    """Text, or a hairline (`dark_alone`): 100% K when at least DARK dark, else as
    `separate`."""
    if dark_alone and darkness(colour) >= DARK:
        return BLACK
    return separate(colour, key, ink_limit=ink_limit)


def separate_text(colour: str, key: str, *, ink_limit: float, size: float) -> Ink:
    """Text `size` pt large as drawn: 100% K when at least DARK dark; under SMALL_TEXT, in
    one ink (`one_ink`) where its colour would take two or more; else as `separate`."""
    ink = separate_line(colour, key, ink_limit=ink_limit, dark_alone=True)
    if size < SMALL_TEXT and ink[0] == "cmyk" and sum(v > 0 for v in ink[1]) > 1:
        return one_ink(colour, key)
    return ink


PLATES = 4      # C, M, Y, K


@cache
def one_ink(colour: str, key: str) -> Ink:
    """The colour on one plate alone: of each process ink at every whole percent, the one
    that prints nearest the colour (CIEDE2000, through the condition's profile). Small
    letters in it print sharp however the plates miss one another: a red side's letter in
    magenta, beside a blue side's in black (it is dark), is told apart in colour and, much
    lighter, in grey. Black alone is written as DeviceGray, as greys are."""
    wanted = _lab_of_srgb(colour)
    candidates = [tuple(amount if plate == p else 0 for p in range(PLATES))
                  for plate in range(PLATES) for amount in range(1, 256)]
    labs = _lab_of_inks(key, candidates)  # type: ignore[arg-type]
    best = candidates[min(range(len(candidates)), key=lambda i: delta_e(labs[i], wanted))]
    if best[3]:
        return ("gray", (round(1 - _floor(best[3] / 255), 3),))
    return ("cmyk", tuple(_floor(v / 255) for v in best))


# ------------------------------------------------------------------ the PDF/X-1a marking

def subset_tag(font_file: bytes) -> str:
    """Six capital letters from a font program's bytes: the same subset, the same tag."""

    digest = hashlib.sha256(font_file).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])


def _rename_subsets(document: Any) -> None:
    """Every embedded subset's name prefix (reportlab writes AAAAAA+ in every file) made
    from the subset's contents, in the font and its descriptor alike."""


    for obj in document.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        descriptor = obj.get("/FontDescriptor")
        base = str(obj.get("/BaseFont", ""))
        if descriptor is None or not re.fullmatch(r"/[A-Z]{6}\+.+", base):
            continue
        program = next((descriptor[k] for k in ("/FontFile2", "/FontFile", "/FontFile3")
                        if k in descriptor), None)
        if program is None:
            continue
        name = pikepdf.Name(f"/{subset_tag(program.read_bytes())}{base[7:]}")
        obj.BaseFont = name
        descriptor.FontName = name


def mark_pdfx(pdf: bytes, key: str, *, pdfx: PdfX = PDFX_2001) -> bytes:
    """The PDF marked as the PDF/X-1a flavour `pdfx` (the 2001 one unless a shop asks for
    another) for condition `key`: an OutputIntent with the condition's
    registered identifier and its profile embedded, the version keys in the document
    information and in the XMP metadata (with its dates), and font subsets named by their
    contents. Saved with a document ID made from the contents, so the same PDF gives the
    same bytes."""

    condition: Condition = CONDITIONS[key]
    with pikepdf.open(io.BytesIO(pdf)) as document:
        stream = pikepdf.Stream(document, b"")
        stream.write(_packed_profile(key), filter=pikepdf.Name.FlateDecode)
        stream["/N"] = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition.identifier),
            OutputCondition=pikepdf.String(condition.condition),
            Info=pikepdf.String(condition.condition),
            RegistryName=pikepdf.String(REGISTRY),
            DestOutputProfile=document.make_indirect(stream))
        document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])
        info = document.trailer.Info
        info.GTS_PDFXVersion = pikepdf.String(pdfx.version)
        if pdfx.conformance:
            info.GTS_PDFXConformance = pikepdf.String(pdfx.conformance)
        identify_in_xmp(document, pdfx.version, conformance=pdfx.conformance)
        _rename_subsets(document)
        out = io.BytesIO()
        # Streams as reportlab compressed them: inflating and deflating them again would
        # take most of the time the marking adds.
        # PDF 1.3, as PDF/X-1:2001 asks: reportlab writes 1.4 for any ExtGState (the
        # overprint of a CutContour line), though overprint is PDF 1.3.
        document.save(out, deterministic_id=True, compress_streams=True, force_version=pdfx.pdf,
                      fix_metadata_version=False,
                      stream_decode_level=pikepdf.StreamDecodeLevel.none,
                      object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()
