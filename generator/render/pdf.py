"""PDF writer: the scene drawn as vectors with reportlab, fonts embedded, output invariant."""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..scene import Circle, Clip, Document, Paint, Path, Shape, Text

PRODUCER = "pnp print-and-play generator"


def _set_colour(c: Canvas, colour: str, stroke: bool = False) -> None:
    """A "#rrggbb" colour as fill or stroke. Greys, black above all, go out as DeviceGray, so
    a print shop separates them into black ink alone and a mono laser prints black solid."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if r == g == b:
        (c.setStrokeGray if stroke else c.setFillGray)(r / 255)
    else:
        (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(r / 255, g / 255, b / 255)


def _apply_paint(c: Canvas, paint: Paint) -> tuple[int, int]:
    if paint.fill:
        _set_colour(c, paint.fill)
    if paint.stroke:
        _set_colour(c, paint.stroke, stroke=True)
        c.setLineWidth(paint.width)
        c.setLineCap(1 if paint.round_caps else 0)
        c.setLineJoin(1 if paint.round_caps else 0)
        c.setDash(list(paint.dash) if paint.dash else [])
    return int(bool(paint.stroke)), int(bool(paint.fill))


def _draw(c: Canvas, shape: Shape) -> None:
    if isinstance(shape, Clip):
        c.saveState()
        window = c.beginPath()
        window.rect(shape.x, shape.y, shape.width, shape.height)
        c.clipPath(window, stroke=0, fill=0)
        for inner in shape.shapes:
            _draw(c, inner)
        c.restoreState()
    elif isinstance(shape, Path):
        stroke, fill = _apply_paint(c, shape.paint)
        p = c.beginPath()
        for sub in shape.subpaths:
            head, *rest = sub
            p.moveTo(head.x, head.y)
            for pt in rest:
                p.lineTo(pt.x, pt.y)
            if shape.closed:
                p.close()
        c.drawPath(p, stroke=stroke, fill=fill and shape.closed)
    elif isinstance(shape, Circle):
        stroke, fill = _apply_paint(c, shape.paint)
        c.circle(shape.centre.x, shape.centre.y, shape.radius, stroke=stroke, fill=fill)
    else:
        _draw_text(c, shape)


def _draw_text(c: Canvas, text: Text) -> None:
    c.saveState()
    # The page runs y downwards; flip back locally so glyphs stand upright.
    c.translate(text.position.x, text.position.y)
    if text.angle:
        c.rotate(text.angle)
    c.scale(1, -1)
    _set_colour(c, text.colour)
    c.setFont(fonts.registered(text.font), text.size)
    draw = {"start": c.drawString, "middle": c.drawCentredString,
            "end": c.drawRightString}[text.anchor]
    draw(0, 0, text.text)
    c.restoreState()


class _Info(PDFInfo):
    """The document information dictionary, with the licence under a key of its own."""

    def __init__(self, licence: str):
        super().__init__()
        self.licence = licence

    def format(self, document: Any) -> bytes:
        entries = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                   "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                   "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
                   "Trapped": PDFName(self.trapped)}
        entries["ModDate"] = entries["CreationDate"] = PDFDate(
            ts=document._timeStamp, dateFormatter=self._dateFormatter)
        if self.licence:
            entries["Licence"] = PDFString(self.licence)
        return PDFDictionary(entries).format(document)


def document_pdf(doc: Document) -> bytes:
    out = io.BytesIO()
    # The initial font would otherwise be an unembedded Helvetica in every page's resources.
    c = Canvas(out, invariant=1, pageCompression=1, initialFontName=fonts.registered("regular"))
    c._doc.info = _Info(doc.licence)
    # Boards and rulers are drawn to size: ask viewers to print at 100%.
    c.setViewerPreference("PrintScaling", "None")
    c.setTitle(doc.title)
    c.setAuthor(doc.author)
    c.setSubject(doc.subject)
    c.setKeywords(", ".join(doc.keywords))
    c.setCreator(PRODUCER)
    c.setProducer(PRODUCER)
    for page in doc.pages:
        c.setPageSize((page.width * mm, page.height * mm))
        c.saveState()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        for shape in page.shapes:
            _draw(c, shape)
        c.restoreState()
        c.showPage()
    c.save()
    return out.getvalue()
