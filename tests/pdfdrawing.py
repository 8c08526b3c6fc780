"""Reading what a PDF draws, with real clients: every painted path of a page through qpdf
(pikepdf), its points in mm from the page's top left; the words and where they sit through
poppler's pdftotext; and the pieces a sheet's cut lines cut out."""

from __future__ import annotations

import dataclasses
import math
import re
import subprocess
from pathlib import Path

import pikepdf

from generator.layout import cutsheet

PT = 72 / 25.4
CUT_GREY = 0x8C / 255          # the palettes' cut line, #8c8c8c


# --- reading a page's drawing -------------------------------------------------------------


@dataclasses.dataclass
class Drawn:
    subpaths: list[list[tuple[float, float]]]
    operator: str                  # S (stroke), f (fill), B (both) ...
    fill: tuple[float, ...]
    stroke: tuple[float, ...]
    width: float                   # in the page's own units: mm under pnp's page transform
    dashed: bool
    curved: bool

    @property
    def filled(self) -> bool:
        return self.operator.lower().startswith(("f", "b"))

    @property
    def points(self) -> list[tuple[float, float]]:
        return [p for sub in self.subpaths for p in sub]

    def centre(self) -> tuple[float, float]:
        xs, ys = zip(*self.points, strict=True)
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _times(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]


def _to_mm(ctm: list[float], height: float):
    """User space to mm from the page's top left, under the current transform."""
    a, b, c, d, e, f = ctm

    def at(x: float, y: float) -> tuple[float, float]:
        return (a * x + c * y + e) / PT, (height - (b * x + d * y + f)) / PT
    return at


def drawing(pdf: Path, page_number: int) -> list[Drawn]:
    """Every painted path of a page (1-based), its points in mm from the top left."""
    with pikepdf.open(pdf) as document:
        page = document.pages[page_number - 1]
        height = float(page.mediabox[3])
        ctm, stack = [1.0, 0, 0, 1.0, 0, 0], []
        paint = {"fill": (0.0,), "stroke": (0.0,), "width": 1.0, "dashed": False}
        subpaths: list[list[tuple[float, float]]] = []
        curved = False
        out = []
        for operands, op in pikepdf.parse_content_stream(page):
            op = str(op)
            args = [float(v) for v in operands if _number(v)]
            at = _to_mm(ctm, height)
            if op == "q":
                stack.append((ctm, dict(paint)))
            elif op == "Q":
                ctm, paint = stack.pop()
            elif op == "cm":
                ctm = _times(args, ctm)
            elif op in ("rg", "g", "k"):
                paint["fill"] = tuple(args)
            elif op in ("RG", "G", "K"):
                paint["stroke"] = tuple(args)
            elif op == "w":
                paint["width"] = args[0]
            elif op == "d":
                paint["dashed"] = len(operands[0]) > 0
            elif op == "m":
                subpaths.append([at(*args)])
            elif op == "l":
                subpaths[-1].append(at(*args))
            elif op == "c":
                subpaths[-1].append(at(*args[4:6]))
                curved = True
            elif op == "re":
                x, y, w, h = args
                subpaths.append([at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)])
            elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
                if op != "n":
                    out.append(Drawn(subpaths, op, paint["fill"], paint["stroke"],
                                     paint["width"], paint["dashed"], curved))
                subpaths, curved = [], False
        return out


def _number(v: object) -> bool:
    try:
        float(v)  # type: ignore[arg-type]
    except (TypeError, ValueError, AttributeError):
        return False
    return True


def words(pdf: Path, page_number: int) -> list[tuple[str, float, float]]:
    """Each word on the page and its centre, in mm from the top left (pdftotext)."""
    xml = subprocess.run(["pdftotext", "-f", str(page_number), "-l", str(page_number),
                          "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    found = []
    for x0, y0, x1, y1, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" '
                                           r'xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', xml):
        found.append((word, (float(x0) + float(x1)) / 2 / PT, (float(y0) + float(y1)) / 2 / PT))
    return found


def pages(pdf: Path) -> int:
    with pikepdf.open(pdf) as document:
        return len(document.pages)


# --- cut lines and the pieces they cut out ------------------------------------------------------


Segment = tuple[tuple[float, float], tuple[float, float]]


def cuts(drawn: list[Drawn], dashed: bool = False) -> list[Segment]:
    """The straight, grey cut lines of a page longer than a crop mark (dashed: folds)."""
    found = []
    for d in drawn:
        grey = len(d.stroke) in (1, 3) and all(abs(c - CUT_GREY) < 0.01 for c in d.stroke)
        cut_width = abs(d.width - cutsheet.CUT_WIDTH) < 1e-3
        if d.operator != "S" or not grey or not cut_width or d.dashed != dashed:
            continue
        for sub in d.subpaths:
            if len(sub) == 2 and math.dist(*sub) > 5 and (abs(sub[0][0] - sub[1][0]) < 1e-3
                                                          or abs(sub[0][1] - sub[1][1]) < 1e-3):
                found.append((sub[0], sub[1]))
    return found


def covered(segments: list[Segment], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether one cut runs along the whole edge from a to b."""
    for p, q in segments:
        if abs(a[0] - b[0]) < 1e-3 and abs(p[0] - a[0]) < 1e-3 and abs(q[0] - a[0]) < 1e-3:
            lo, hi = sorted((p[1], q[1]))
            if lo - 1e-3 <= min(a[1], b[1]) and max(a[1], b[1]) <= hi + 1e-3:
                return True
        if abs(a[1] - b[1]) < 1e-3 and abs(p[1] - a[1]) < 1e-3 and abs(q[1] - a[1]) < 1e-3:
            lo, hi = sorted((p[0], q[0]))
            if lo - 1e-3 <= min(a[0], b[0]) and max(a[0], b[0]) <= hi + 1e-3:
                return True
    return False


Cell = tuple[float, float, float, float]        # x, y, width, height in mm


def pieces(segments: list[Segment]) -> list[Cell]:
    """The cells of the cuts' grid that are cut on all four sides."""
    xs = sorted({round(p[0], 3) for s in segments for p in s if abs(s[0][0] - s[1][0]) < 1e-3})
    ys = sorted({round(p[1], 3) for s in segments for p in s if abs(s[0][1] - s[1][1]) < 1e-3})
    found = []
    for x0 in xs:
        for y0 in ys:
            # The smallest box from this corner cut on all four sides, if any.
            box = next(((x0, y0, x1 - x0, y1 - y0) for x1 in xs if x1 > x0
                        for y1 in ys if y1 > y0
                        if covered(segments, (x0, y0), (x1, y0))
                        and covered(segments, (x0, y1), (x1, y1))
                        and covered(segments, (x0, y0), (x0, y1))
                        and covered(segments, (x1, y0), (x1, y1))), None)
            if box is not None:
                found.append(box)
    return found


def inside(cell: Cell, point: tuple[float, float]) -> bool:
    x, y, w, h = cell
    return x < point[0] < x + w and y < point[1] < y + h
