"""A soft proof: a print shop's pages as its press prints them, for the screen.

The separated PDF (the CMYK and black-only grey the press receives, without cut lines or
marks) is rasterised by Ghostscript into CMYK (tiff32nc: the file's DeviceCMYK amounts
as they are, DeviceGray on the black plate alone), then converted back to sRGB through the
printing condition's profile with LittleCMS (Pillow's ImageCms), relative colorimetric as
the separation itself: a colour outside the press's gamut shows as the nearest the press
reaches, and a grey as the black ink that prints it. This is what a PNG for a print shop
shows, not the RGB artwork.
"""

from __future__ import annotations

import contextlib
import io
import math
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageCms, ImageFile

from generator.render.png import BAND, COMPRESSION, png_from_bands
from generator.render.press import profile

GHOSTSCRIPT = "gs"
TIMEOUT = 300      # s: a kit's pages at 300 dpi take a few seconds
# Pixels of a page converted whole and written by Pillow (8 bytes a pixel: the CMYK and the
# sRGB, with the process's own 50 MB under 250 MB); a larger page is read from Ghostscript's
# TIFF, converted and written a band at a time.
WHOLE = 25_000_000


class ProofError(RuntimeError):
    """Ghostscript is missing or could not read the file (one line)."""


@contextlib.contextmanager
def cmyk_pages(pdf: bytes, dpi: int) -> Iterator[list[Path]]:
    """Every page of the PDF as a CMYK TIFF at dpi, by Ghostscript: the files, for as long
    as the block runs (a page at a time is read from them, never all at once)."""
    with tempfile.TemporaryDirectory(prefix="pnp-proof-") as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(pdf)
        command = [GHOSTSCRIPT, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dNOINTERPOLATE",
                   "-sDEVICE=tiff32nc", f"-r{dpi}", "-dGraphicsAlphaBits=4",
                   "-dTextAlphaBits=4", f"-sOutputFile={Path(folder) / 'page-%04d.tif'}",
                   str(source)]
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=TIMEOUT)
        except FileNotFoundError:
            raise ProofError("a print shop's PNG is a soft proof made with Ghostscript "
                             "(gs), which is not installed") from None
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
            raise ProofError(f"Ghostscript could not draw the proof: {err}") from None
        yield sorted(Path(folder).glob("page-*.tif"))


def soft_proof(pdf: bytes, condition: str, *, dpi: int,
               sizes: list[tuple[float, float]]) -> list[bytes]:
    """The separated PDF's pages as PNGs in sRGB through the condition's profile. `sizes`:
    each page's width and height in points, so a page is as many pixels as the PDF
    writer's PNG of it (rounded up), whatever Ghostscript rounds to."""
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile(condition)))
    to_screen = ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    pages = []
    with cmyk_pages(pdf, dpi) as files:
        for path, (width, height) in zip(files, sizes, strict=True):
            size = (math.ceil(round(width * dpi / 72, 6)),
                    math.ceil(round(height * dpi / 72, 6)))
            with Image.open(path) as cmyk:
                rows = _rows(cmyk)
                if size[0] * size[1] <= WHOLE or rows is None:
                    pages.append(_whole(cmyk, to_screen, size, dpi))
                else:
                    pages.append(png_from_bands(size, dpi, bands=_bands(path, rows, to_screen,
                                                                        cmyk.size, size)))
    return pages


def _whole(cmyk: Image.Image, to_screen: ImageCms.ImageCmsTransform, size: tuple[int, int],
           dpi: int) -> bytes:
    """A page converted whole and written by Pillow: the CMYK pixels and the sRGB ones, 4
    bytes a pixel each."""
    shown = ImageCms.applyTransform(cmyk if cmyk.mode == "CMYK" else cmyk.convert("CMYK"),
                                    to_screen)
    assert shown is not None
    if shown.size != size:
        canvas = Image.new("RGB", size, "#ffffff")
        canvas.paste(shown, (0, 0))
        shown = canvas
    out = io.BytesIO()
    shown.save(out, "PNG", compress_level=COMPRESSION, dpi=(dpi, dpi))
    return out.getvalue()


def _rows(cmyk: ImageFile.ImageFile) -> list[int] | None:
    """Where each row of Ghostscript's TIFF begins in the file: its strips as Pillow lists
    them (tiff32nc writes them uncompressed, a row each); None for any other layout, which
    is then read whole."""
    width, height = cmyk.size
    starts: dict[int, int] = {}
    for tile in cmyk.tile:
        if tile.codec_name != "raw" or tile.extents is None or not isinstance(tile.args, tuple) \
                or tile.args[:1] != ("CMYK",):
            return None
        left, top, right, bottom = tile.extents
        if (left, right) != (0, width):
            return None
        for y in range(top, bottom):
            starts[y] = tile.offset + (y - top) * 4 * width
    if sorted(starts) != list(range(height)):
        return None
    return [starts[y] for y in range(height)]


def _bands(path: Path, rows: list[int], to_screen: ImageCms.ImageCmsTransform,
           drawn: tuple[int, int], size: tuple[int, int]) -> Iterator[bytes]:
    """The page's sRGB rows, a band at a time read from the TIFF and converted: cut or
    padded with white to SIZE, as a page converted whole is."""
    width, height = size
    step = max(1, BAND // (4 * drawn[0]))
    white = b"\xff" * 3 * width
    with open(path, "rb") as tiff:
        for top in range(0, height, step):
            bottom = min(height, top + step)
            taken = range(top, min(bottom, drawn[1]))
            if taken:
                data = bytearray()
                for y in taken:
                    tiff.seek(rows[y])
                    data += tiff.read(4 * drawn[0])
                shown = ImageCms.applyTransform(
                    Image.frombytes("CMYK", (drawn[0], len(taken)), bytes(data)), to_screen)
                assert shown is not None
                if drawn[0] != width:
                    canvas = Image.new("RGB", (width, len(taken)), "#ffffff")
                    canvas.paste(shown, (0, 0))
                    shown = canvas
                band = shown.tobytes()
            else:
                band = b""
            yield band + white * (bottom - top - len(taken))
