"""Colour for a print shop's press: palette colours separated into CMYK, and the ICC profile
the PDF's OutputIntent names.

The separation is deliberately simple and documented, not a press characterisation:

- Greys (r = g = b), pure black above all, go out as DeviceGray, which a press prints on the
  black plate alone.
- Every other colour goes through full grey-component replacement: K = 1 − max(r, g, b) and
  C, M, Y = (1 − channel − K) / (1 − K), so the neutral part of a colour is carried by black
  ink and at least one of C, M, Y is zero.
- The total ink C + M + Y + K is then capped at INK_LIMIT (240%) by scaling C, M and Y down
  together, keeping K: a dark saturated colour prints a little lighter rather than too wet.
- Text at least DARK dark (by a plain luminance) is printed 100% K, so no text needs four
  plates in register.

The OutputIntent's profile (`cmyk_profile`) is made here, by pnp, and describes exactly that
separation (CMYK to CIELAB through the inverse of the formulas above and sRGB, D50): a viewer
that simulates the output shows the colours the palette meant. It is pnp's own, under pnp's
licence.
"""

from __future__ import annotations

import math
import struct
from functools import cache

from generator.core.printing import DARK, INK_LIMIT, composite, darkness, rgb, separate

__all__ = ["DARK", "INK_LIMIT", "add_output_intent", "cmyk_profile", "darkness", "rgb",
           "separate"]

PROFILE_NAME = "pnp simple CMYK, 240% ink, full GCR"
# ------------------------------------------------------------------ the ICC profile

D50 = (0.9642, 1.0, 0.8249)
# sRGB's primaries adapted to D50 (as in the ICC's own sRGB profile), and back.
_TO_XYZ = ((0.4360747, 0.3850649, 0.1430804),
           (0.2225045, 0.7168786, 0.0606169),
           (0.0139322, 0.0971045, 0.7141733))


def _inverse(m: tuple[tuple[float, ...], ...]) -> tuple[tuple[float, ...], ...]:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((
        (e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det), (
        (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det), (
        (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det))


_FROM_XYZ = _inverse(_TO_XYZ)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(max(v, 0.0), 1.0)
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def _lab(r: float, g: float, b: float) -> tuple[float, float, float]:
    lin = (_linear(r), _linear(g), _linear(b))
    x, y, z = (sum(row[i] * lin[i] for i in range(3)) / w
               for row, w in zip(_TO_XYZ, D50, strict=True))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _rgb_of_lab(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    fy = (lightness + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def finv(t: float) -> float:
        return t ** 3 if t ** 3 > 216 / 24389 else (116 * t - 16) * 27 / 24389

    xyz = (finv(fx) * D50[0], finv(fy) * D50[1], finv(fz) * D50[2])
    r, g, bl = (_gamma(sum(row[i] * xyz[i] for i in range(3))) for row in _FROM_XYZ)
    return r, g, bl


def _u16(v: float) -> int:
    return min(max(int(round(v * 65535)), 0), 65535)


def _lab16(lightness: float, a: float, b: float) -> tuple[int, int, int]:
    """CIELAB in the ICC version 2 16-bit encoding (L 0-100 to 0-0xFF00, a and b +128 ×
    256)."""
    return (min(max(int(round(lightness * 652.8)), 0), 0xFF00),
            min(max(int(round((a + 128) * 256)), 0), 0xFFFF),
            min(max(int(round((b + 128) * 256)), 0), 0xFFFF))


def _lut16(inputs: int, outputs: int, grid: int, table: list[int]) -> bytes:
    """An ICC lut16Type ('mft2') with identity curves and matrix around the table."""
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", inputs, outputs, grid, 0)
    identity = [65536, 0, 0, 0, 65536, 0, 0, 0, 65536]
    head += struct.pack(">9i", *identity) + struct.pack(">HH", 2, 2)
    curves = struct.pack(">HH", 0, 65535)
    return head + curves * inputs + struct.pack(f">{len(table)}H", *table) + curves * outputs


def _cmyk_to_lab_table(grid: int) -> list[int]:
    steps = [i / (grid - 1) for i in range(grid)]
    out: list[int] = []
    for c in steps:
        for m in steps:
            for y in steps:
                for k in steps:
                    out += _lab16(*_lab(*composite(c, m, y, k)))
    return out


def _lab_grid(grid: int) -> list[tuple[float, float, float]]:
    """The Lab colour of each node of a grid over the 16-bit encoding, L slowest."""
    codes = [i * 65535 / (grid - 1) for i in range(grid)]
    ls = [v / 652.8 for v in codes]
    ab = [v / 256 - 128 for v in codes]
    return [(lightness, a, b) for lightness in ls for a in ab for b in ab]


def _lab_to_cmyk_table(grid: int) -> tuple[list[int], list[int]]:
    """The separation of each Lab grid point, and whether it is out of gamut (the
    separation's colour more than 3 ΔE from it)."""
    cmyk: list[int] = []
    gamut: list[int] = []
    for lab in _lab_grid(grid):
        lightness, a, b = lab
        if math.hypot(a, b) < 0.5:     # the grid's neutral axis, a hair off zero: grey
            a = b = 0.0
        inks = separate(*_rgb_of_lab(lightness, a, b))
        cmyk += [_u16(v) for v in inks]
        back = _lab(*composite(*inks))
        gamut.append(65535 if math.dist(back, lab) > 3 else 0)
    return cmyk, gamut


def _text_tag(text: str) -> bytes:
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def _desc_tag(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))


def _xyz_tag(xyz: tuple[float, float, float]) -> bytes:
    return b"XYZ " + bytes(4) + struct.pack(">3i", *(int(round(v * 65536)) for v in xyz))


@cache
def cmyk_profile() -> bytes:
    """An ICC version 2 output profile (CMYK, Lab PCS) of the separation above. The same
    bytes every time: its date is fixed."""
    forward = _lut16(4, 3, 9, _cmyk_to_lab_table(9))
    cmyk, gamut = _lab_to_cmyk_table(17)
    backward = _lut16(3, 4, 17, cmyk)
    tags: list[tuple[bytes, bytes]] = [
        (b"desc", _desc_tag(PROFILE_NAME)),
        (b"cprt", _text_tag("No copyright: made by pnp, free to use")),
        (b"wtpt", _xyz_tag(D50)),
        (b"A2B0", forward), (b"A2B1", forward), (b"A2B2", forward),
        (b"B2A0", backward), (b"B2A1", backward), (b"B2A2", backward),
        (b"gamt", _lut16(3, 1, 17, gamut)),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data, placed = b"", b"", {}
    for signature, body in tags:
        if body not in placed:     # tags with the same content share it
            placed[body] = offset + len(data)
            data += body + bytes(-len(body) % 4)
        table += struct.pack(">4sII", signature, placed[body], len(body))
    size = offset + len(data)
    header = struct.pack(">I4sI4s4s4s6H4s4sI4s4sQI3i4s16s28s",
                         size, b"", 0x02100000, b"prtr", b"CMYK", b"Lab ",
                         2024, 1, 1, 0, 0, 0, b"acsp", b"", 0, b"", b"", 0, 0,
                         *(int(round(v * 65536)) for v in D50), b"pnp ", bytes(16),
                         bytes(28))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


def add_output_intent(pdf: bytes) -> bytes:
    """The PDF with an OutputIntent naming the press's CMYK profile, embedded; written with
    a fixed document ID so the same PDF gives the same bytes."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        profile = pikepdf.Stream(document, cmyk_profile())
        profile["/N"] = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String("Custom"),
            OutputCondition=pikepdf.String(PROFILE_NAME),
            Info=pikepdf.String(PROFILE_NAME),
            RegistryName=pikepdf.String(""),
            DestOutputProfile=document.make_indirect(profile))
        document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])
        out = io.BytesIO()
        document.save(out, deterministic_id=True, compress_streams=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.preserve)
        return out.getvalue()
