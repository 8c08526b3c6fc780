"""Rasterise with the real clients (poppler for PDF, librsvg for SVG) and compare pixels.

poppler's pages are written as PPM, not PNG: the same pixels, without the zlib compression
that takes most of pdftoppm's time (a page is read once, from a temporary folder)."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter


def pdf_page(pdf: Path, page: int, dpi: int, out: Path) -> Image.Image:
    stem = out / f"{pdf.stem}-p{page}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.ppm").convert("L")


def svg_page(svg: Path, dpi: int, out: Path) -> Image.Image:
    png = out / f"{svg.stem}-svg.png"
    subprocess.run(["rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-o", str(png), str(svg)],
                   check=True)
    return Image.open(png).convert("RGBA").convert("L")


class Rasters:
    """Each file rasterised once for the whole run at each resolution asked for (conftest's
    `rasters`): every page of a PDF by one pdftoppm (kept as PPM), an SVG by one rsvg-convert
    (kept as PNG), in `folder`, and read again from there by every test that looks at that
    file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pdfs: dict[tuple[Path, int], list[Path]] = {}
        self.svgs: dict[tuple[Path, int], Path] = {}

    def _place(self, path: Path, dpi: int) -> Path:
        return self.folder / f"{hashlib.sha1(str(path).encode()).hexdigest()[:16]}-{dpi}"

    def pdf_page(self, pdf: Path, page: int, dpi: int) -> Image.Image:
        if (pdf, dpi) not in self.pdfs:
            stem = self._place(pdf, dpi)
            subprocess.run(["pdftoppm", "-r", str(dpi), str(pdf), str(stem)], check=True)
            # pdftoppm numbers the pages with as many digits as the last page's number has.
            made = stem.parent.glob(f"{stem.name}-*.ppm")
            self.pdfs[pdf, dpi] = sorted(made, key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        return Image.open(self.pdfs[pdf, dpi][page - 1]).convert("L")

    def svg_page(self, svg: Path, dpi: int) -> Image.Image:
        if (svg, dpi) not in self.svgs:
            png = self._place(svg, dpi).with_suffix(".png")
            subprocess.run(["rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-o", str(png),
                            str(svg)], check=True)
            self.svgs[svg, dpi] = png
        return Image.open(self.svgs[svg, dpi]).convert("RGBA").convert("L")


def _difference(a: Image.Image, b: Image.Image) -> Image.Image:
    w, h = min(a.width, b.width), min(a.height, b.height)
    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1, "page sizes differ"
    a, b = a.crop((0, 0, w, h)), b.crop((0, 0, w, h))
    blur = ImageFilter.BoxBlur(1)
    return ImageChops.difference(a.filter(blur), b.filter(blur))


def difference(a: Image.Image, b: Image.Image) -> float:
    """Share of pixels that differ clearly once anti-aliasing is smoothed away."""
    histogram = _difference(a, b).histogram()
    return sum(histogram[64:]) / (sum(histogram) or 1)


def keep_difference(a: Image.Image, b: Image.Image, path: Path) -> Path:
    """The pixels that differ, in white, saved where a failing test can point to them."""
    _difference(a, b).point(lambda v: 255 if v >= 64 else 0).save(path)
    return path


def ink(image: Image.Image) -> float:
    """Share of pixels that are not white."""
    histogram = image.histogram()
    return 1 - sum(histogram[250:]) / (image.width * image.height)
