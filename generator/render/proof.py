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

import io
import math
import subprocess
import tempfile
from pathlib import Path

GHOSTSCRIPT = "gs"
TIMEOUT = 300      # s: a kit's pages at 300 dpi take a few seconds


class ProofError(RuntimeError):
    """Ghostscript is missing or could not read the file (one line)."""


def cmyk_pages(pdf: bytes, dpi: int) -> list[bytes]:
    """Every page of the PDF as a CMYK TIFF at dpi, by Ghostscript."""
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
        return [p.read_bytes() for p in sorted(Path(folder).glob("page-*.tif"))]


def soft_proof(pdf: bytes, condition: str, dpi: int,
               sizes: list[tuple[float, float]]) -> list[bytes]:
    """The separated PDF's pages as PNGs in sRGB through the condition's profile. `sizes`:
    each page's width and height in points, so a page is as many pixels as the PDF
    writer's PNG of it (rounded up), whatever Ghostscript rounds to."""
    from PIL import Image, ImageCms

    from generator.render.press import profile

    press = ImageCms.ImageCmsProfile(io.BytesIO(profile(condition)))
    to_screen = ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    pages = []
    for tiff, (width, height) in zip(cmyk_pages(pdf, dpi), sizes, strict=True):
        with Image.open(io.BytesIO(tiff)) as cmyk:
            shown = ImageCms.applyTransform(cmyk.convert("CMYK"), to_screen)
        assert shown is not None
        size = (math.ceil(round(width * dpi / 72, 6)), math.ceil(round(height * dpi / 72, 6)))
        if shown.size != size:
            canvas = Image.new("RGB", size, "#ffffff")
            canvas.paste(shown, (0, 0))
            shown = canvas
        out = io.BytesIO()
        shown.save(out, "PNG", compress_level=6, dpi=(dpi, dpi))
        pages.append(out.getvalue())
    return pages
