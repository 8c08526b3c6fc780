"""PNG writer: each page of the PDF, rasterised by PDFium (through pypdfium2), so a PNG shows
exactly what the PDF does.

The PNG is written with fixed settings and no text chunks or timestamps: the same document
and resolution always give the same bytes. The resolution is recorded in the pHYs chunk, so
image programs print the page at its true size.

A page of at most WHOLE pixels is drawn whole and written by Pillow, as it always was (the
same bytes): PDFium's RGB and Pillow's copy of it at 4 bytes a pixel, 7 bytes a pixel at the
peak, 286 MB for A4 at 600 dpi. A larger page is drawn a band of rows at a time, each band
deflated into the PNG as soon as it is drawn, so its pixels are never all in memory at
once: A4 at 1,000 dpi (97 million pixels) took 692 MB drawn whole, and takes 128 MB so.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterable, Iterator

import pypdfium2

DEFAULT_DPI = 300
LOWEST_DPI, HIGHEST_DPI = 36, 1200
BAND = 16 * 2**20           # bytes of one band of rows, as PDFium draws it (RGB)
# Pixels of a page drawn whole and written by Pillow, at 7 bytes a pixel and the process's
# own 50 MB: under 300 MB (A4 and Letter at 600 dpi among them). Beyond, band by band.
WHOLE = 35_000_000
COMPRESSION = 6             # zlib's level, as Pillow's compress_level
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pdf_pages_png(pdf: bytes, dpi: int = DEFAULT_DPI, *, whole: int = WHOLE,
                  band: int = BAND) -> list[bytes]:
    """Every page of a PDF as an opaque RGB PNG at DPI pixels per inch: a page of at most
    WHOLE pixels put together and written by Pillow, a larger one written as it is drawn,
    BAND bytes of rows at a time."""
    if not LOWEST_DPI <= dpi <= HIGHEST_DPI:
        raise ValueError(f"dpi must be {LOWEST_DPI} to {HIGHEST_DPI}")
    document = pypdfium2.PdfDocument(pdf)
    try:
        pages = []
        for index in range(len(document)):
            page = document[index]
            try:
                # The page in inches × dpi, rounding away float noise (Letter at 300 dpi is
                # 3300 pixels high, not 3301).
                size = (math.ceil(round(page.get_width() * dpi / 72, 6)),
                        math.ceil(round(page.get_height() * dpi / 72, 6)))
                pages.append(_whole(page, size, dpi) if size[0] * size[1] <= whole
                             else _streamed(_bands(page, size, dpi / 72, band), size, dpi))
            finally:
                page.close()
        return pages
    finally:
        document.close()


def _bands(page: pypdfium2.PdfPage, size: tuple[int, int], scale: float,
           band: int) -> Iterator[tuple[int, pypdfium2.PdfBitmap]]:
    """The page's rows 0 to size[1] as bitmaps of RGB rows, each of at most BAND bytes,
    with the row each begins at. PDFium draws the page at its own size (each side rounded
    up) and takes a crop in points that it rounds up to whole pixels: a crop half a pixel
    short of a row lands on that row, so the bands meet with no row twice or missed, and
    the page's right and bottom edges are cut to SIZE as a page drawn whole is. (Their
    pixels are not quite that page's: PDFium clips each shape to its band, and the edge
    it cuts is rounded anew, a level of 255 here and there.)"""
    drawn = (math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale))
    width, height = size
    rows = max(1, band // (3 * drawn[0]))

    def points(pixels: int) -> float:
        return (pixels - 0.5) / scale if pixels > 0 else 0.0

    for top in range(0, height, rows):
        bottom = min(height, top + rows)
        crop = (0.0, points(drawn[1] - bottom), points(drawn[0] - width), points(top))
        bitmap = page.render(scale=scale, crop=crop, may_draw_forms=False,
                             rev_byteorder=True)    # RGB, as Pillow and PNG keep it
        if (bitmap.width, bitmap.height) != (width, bottom - top):
            raise ValueError(f"PDFium drew {bitmap.width} × {bitmap.height} pixels for rows "
                             f"{top} to {bottom} of {width}")
        yield top, bitmap


def _whole(page: pypdfium2.PdfPage, size: tuple[int, int], dpi: int) -> bytes:
    """The page drawn whole and written by Pillow (PDFium's RGB, then Pillow's copy of it at
    4 bytes a pixel: 7 bytes a pixel at the peak)."""
    bitmap = page.render(scale=dpi / 72, may_draw_forms=False,
                         rev_byteorder=True)   # RGB as Pillow keeps it
    image = bitmap.to_pil()     # a copy (RGB is 4 bytes a pixel in Pillow)
    bitmap.close()
    if image.mode != "RGB":
        image = image.convert("RGB")
    if image.size != size:
        image = image.crop((0, 0, *size))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESSION, dpi=(dpi, dpi))
    return out.getvalue()


def _streamed(bands: Iterator[tuple[int, pypdfium2.PdfBitmap]], size: tuple[int, int],
              dpi: int) -> bytes:
    """The PNG written band by band as PDFium draws the bands."""
    return png_from_bands(size, dpi, bands=(_packed(bitmap, size[0]) for _, bitmap in bands))


def _packed(bitmap: pypdfium2.PdfBitmap, width: int) -> bytes:
    """A bitmap's rows of RGB, without the padding PDFium may end each with; the bitmap is
    closed."""
    pixels, stride, row = memoryview(bitmap.buffer).cast("B"), bitmap.stride, 3 * width
    try:
        if stride == row:
            return bytes(pixels[:row * bitmap.height])
        return b"".join(pixels[y * stride:y * stride + row] for y in range(bitmap.height))
    finally:
        pixels.release()
        bitmap.close()


def png_from_bands(size: tuple[int, int], dpi: int, *, bands: Iterable[bytes]) -> bytes:
    """A PNG written band by band as the bands come, each some whole rows of 8-bit RGB,
    top to bottom (PNG's own layout: RFC 2083, ISO/IEC 15948): each row unfiltered (filter
    0: on pnp's flat colours it deflates smaller than Pillow's adaptive filters, and costs
    nothing to make), one zlib stream across the IDAT chunks, and pHYs in pixels per metre
    as Pillow writes it. Only a band and the deflated bytes are held at once."""
    width, height = size
    out = io.BytesIO()
    out.write(SIGNATURE)
    _chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    per_metre = int(dpi / 0.0254 + 0.5)
    _chunk(out, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    deflate = zlib.compressobj(COMPRESSION)
    row, written = 3 * width, 0
    for band in bands:
        if len(band) % row:
            raise ValueError(f"a band of {len(band)} bytes is not whole rows of {width} pixels")
        pixels = memoryview(band)
        rows = len(band) // row
        _chunk(out, b"IDAT", deflate.compress(b"".join(
            b"\0" + pixels[y * row:(y + 1) * row] for y in range(rows))))
        written += rows
    if written != height:
        raise ValueError(f"{written} rows written of a page of {height}")
    _chunk(out, b"IDAT", deflate.flush())
    _chunk(out, b"IEND", b"")
    return out.getvalue()


def _chunk(out: io.BytesIO, kind: bytes, body: bytes) -> None:
    """A PNG chunk: length, type, body and the CRC of type and body; an empty IDAT (the
    deflater kept everything back) is left out."""
    if kind == b"IDAT" and not body:
        return
    out.write(struct.pack(">I", len(body)) + kind + body
              + struct.pack(">I", zlib.crc32(kind + body)))
