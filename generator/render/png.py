"""PNG writer: each page of the PDF, rasterised by PDFium (through pypdfium2), so a PNG shows
exactly what the PDF does.

The PNG is written by Pillow with fixed settings and no text chunks or timestamps: the same
document and resolution always give the same bytes. The resolution is recorded in the pHYs
chunk, so image programs print the page at its true size.
"""

from __future__ import annotations

import io
import math

import pypdfium2

DEFAULT_DPI = 300
LOWEST_DPI, HIGHEST_DPI = 36, 1200


def pdf_pages_png(pdf: bytes, dpi: int = DEFAULT_DPI) -> list[bytes]:
    """Every page of a PDF as an opaque RGB PNG at DPI pixels per inch."""
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
                bitmap = page.render(scale=dpi / 72, may_draw_forms=False,
                                     rev_byteorder=True)   # RGB as Pillow keeps it
                image = bitmap.to_pil()
                if image.mode != "RGB":
                    image = image.convert("RGB")
            finally:
                page.close()
            if image.size != size:
                image = image.crop((0, 0, *size))
            out = io.BytesIO()
            image.save(out, "PNG", compress_level=6, dpi=(dpi, dpi))
            pages.append(out.getvalue())
        return pages
    finally:
        document.close()
