"""Rasterise with the real clients (poppler for PDF, librsvg for SVG) and compare pixels."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

FAILURES = Path(__file__).parent / "failures"


def pdf_page(pdf: Path, page: int, dpi: int, out: Path) -> Image.Image:
    stem = out / f"{pdf.stem}-p{page}"
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("L")


def svg_page(svg: Path, dpi: int, out: Path) -> Image.Image:
    png = out / f"{svg.stem}-svg.png"
    subprocess.run(["rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-o", str(png), str(svg)],
                   check=True)
    return Image.open(png).convert("RGBA").convert("L")


def difference(a: Image.Image, b: Image.Image, name: str) -> float:
    """Share of pixels that differ clearly once anti-aliasing is smoothed away."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1, "page sizes differ"
    a, b = a.crop((0, 0, w, h)), b.crop((0, 0, w, h))
    diff = ImageChops.difference(a.filter(ImageFilter.BoxBlur(1)), b.filter(ImageFilter.BoxBlur(1)))
    histogram = diff.histogram()
    share = sum(histogram[64:]) / (w * h)
    if share > 0:
        FAILURES.mkdir(exist_ok=True)
        diff.point(lambda v: 255 if v >= 64 else 0).save(FAILURES / f"{name}-diff.png")
    return share


def ink(image: Image.Image) -> float:
    """Share of pixels that are not white."""
    histogram = image.histogram()
    return 1 - sum(histogram[250:]) / (image.width * image.height)
