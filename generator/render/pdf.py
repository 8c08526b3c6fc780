"""PDF writer: the scene drawn as vectors with reportlab, fonts embedded, output invariant.

For a print shop (a `Press` with target "print-shop") each page is its trim size plus the
bleed on every side, with TrimBox and BleedBox set (MediaBox = BleedBox); whatever reaches
the trim runs on into the bleed; colours are separated for the press's printing condition
into CMYK or Gray (generator.render.press); no line is thinner than 0.25 pt; and the file is
marked PDF/X-1a:2001 with an OutputIntent naming the condition and carrying its profile.
The same page may also be drawn in its RGB colours (`separated=False`), for the print
shop's PNG.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen import pdfgeom
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from generator import fonts
from generator.core.geometry import Point
from generator.core.paper import HOME, Press
from generator.core.printing import HAIRLINE, THINNEST_STROKE
from generator.core.scene import (
    BEFORE_ANCHOR,
    Circle,
    Clip,
    Document,
    Group,
    Page,
    Paint,
    Path,
    Shape,
    Text,
)
from generator.core.units import PT_PER_MM
from generator.render import cutting
from generator.render import press as inks
from generator.render.tagging import PRODUCER, Marks

# mm: the thinnest line a press holds (core/printing.py).
THINNEST = THINNEST_STROKE


@lru_cache(maxsize=256)
def _components(colour: str) -> tuple[float, ...]:
    """A "#rrggbb" colour's grey level (one component) where red, green and blue are equal,
    else its three; read once a colour (a booklet sets a few colours tens of thousands of
    times)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return (r / 255,) if r == g == b else (r / 255, g / 255, b / 255)


def _set_colour(c: Canvas, colour: str, stroke: bool = False) -> None:
    """A "#rrggbb" colour as fill or stroke. Greys, black above all, go out as DeviceGray, so
    a print shop separates them into black ink alone and a mono laser prints black solid."""
    values = _components(colour)
    if len(values) == 1:
        (c.setStrokeGray if stroke else c.setFillGray)(values[0])
    else:
        (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(*values)


class _Colours:
    """How colours are written: as RGB and gray (home, and the print shop's PNG), or
    separated for a press (greys and dark text and hairlines on the black plate alone)."""

    def __init__(self, press: Press | None = None, cuts: bool | None = None):
        self.press = press
        # Cut lines: in CutContour (True), left out (False: a proof of the print), or drawn
        # as the grey lines they are (None).
        self.cuts = cuts

    def set(self, c: Canvas, colour: str, *, stroke: bool = False,
            dark_alone: bool = False) -> None:
        if self.press is None:
            _set_colour(c, colour, stroke)
            return
        space, values = inks.separate_line(colour, self.press.condition,
                                           ink_limit=self.press.ink_limit, dark_alone=dark_alone)
        self._write(c, space, values, stroke)

    def set_text(self, c: Canvas, colour: str, *, size: float) -> None:
        """A text's colour, the text `size` pt large as drawn: for a press, small coloured
        text in one ink (press.separate_text)."""
        if self.press is None:
            _set_colour(c, colour)
            return
        space, values = inks.separate_text(colour, self.press.condition,
                                           ink_limit=self.press.ink_limit, size=size)
        self._write(c, space, values, False)

    @staticmethod
    def _write(c: Canvas, space: str, values: tuple[float, ...], stroke: bool) -> None:
        if space == "gray":
            (c.setStrokeGray if stroke else c.setFillGray)(*values)
        else:
            (c.setStrokeColorCMYK if stroke else c.setFillColorCMYK)(*values)


RGB = _Colours()


@dataclass(frozen=True, slots=True)
class _Scale:
    """Inside groups (scene.Group): how many page mm a unit drawn is, and the thinnest
    stroke a group asks for there, in those units."""
    k: float = 1.0
    least: float = 0.0


PAGE = _Scale()


class _Drawn:
    """The content a group's shapes came to, kept for the groups a document draws again
    (a record booklet's board under each of its diagrams): drawn the same way at the same
    scale, they are the same operators, which are then written again rather than worked
    out again. The few most recent are kept. Fonts and colours are the document's, not a
    page's (reportlab gives every page every font), so the operators serve on any page."""
    KEPT = 8

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[int, _Scale], tuple[tuple[Shape, ...], list[str]]] = \
            OrderedDict()
        # A group's circles by centre and radius: a record's stones stand on the same few
        # hundred cells, diagram after diagram, and a circle's path is the same operators.
        self.circles: dict[tuple[float, float, float], PDFPathObject] = {}

    def circle(self, circle: Circle) -> PDFPathObject:
        key = (circle.centre.x, circle.centre.y, circle.radius)
        path = self.circles.get(key)
        if path is None:
            path = self.circles[key] = _circle(circle)
        return path

    def draw(self, c: Canvas, group: Group, *, within: _Scale,
             paint: Callable[[Shape], None]) -> None:
        key = (id(group.shapes), within)
        found = self.kept.get(key)
        if found is not None and found[0] is group.shapes:
            self.kept.move_to_end(key)
            c._code.extend(found[1])       # reportlab's content stream, as drawn before
            return
        start = len(c._code)
        for part in group.shapes:
            paint(part)
        self.kept[key] = (group.shapes, c._code[start:])
        if len(self.kept) > self.KEPT:
            self.kept.popitem(last=False)


def _apply_paint(c: Canvas, paint: Paint, shop: bool = False,
                 colours: _Colours = RGB, scale: _Scale = PAGE) -> tuple[int, int]:
    if paint.fill:
        colours.set(c, paint.fill)
    if paint.stroke:
        width = max(paint.width, scale.least)
        width = max(width, THINNEST / scale.k) if shop else width
        colours.set(c, paint.stroke, stroke=True,
                    dark_alone=width * scale.k * PT_PER_MM < HAIRLINE)
        c.setLineWidth(width)
        c.setLineCap(1 if paint.round_caps else 0)
        c.setLineJoin(1 if paint.round_caps else 0)
        c.setDash(list(paint.dash) if paint.dash else [])
    return int(bool(paint.stroke)), int(bool(paint.fill))


def _draw(c: Canvas, shape: Shape, shop: bool = False, colours: _Colours = RGB,
          scale: _Scale = PAGE, drawn: _Drawn | None = None) -> None:
    if isinstance(shape, Path) and (shape.paint.cut and colours.cuts is not None
                                    or cutting.is_mark(shape)):
        _draw_for_cutting(c, shape, colours)
    elif isinstance(shape, Clip):
        c.saveState()
        window = c.beginPath()
        window.rect(shape.x, shape.y, shape.width, shape.height)
        c.clipPath(window, stroke=0, fill=0)
        for inner in shape.shapes:
            _draw(c, inner, shop, colours, scale, drawn)
        c.restoreState()
    elif isinstance(shape, Group):
        # Its shapes drawn through its transform (`cm`), as they were made: not copied.
        t, k = shape.transform, shape.transform.a
        c.saveState()
        c.transform(t.a, t.c, t.b, t.d, t.e, t.f)
        within = _Scale(scale.k * k, max(scale.least, shape.least) / k)
        if drawn is None:
            for part in shape.shapes:
                _draw(c, part, shop, colours, within)
        else:
            drawn.draw(c, shape, within=within,
                       paint=lambda part: _draw(c, part, shop, colours, within, drawn))
        c.restoreState()
    elif isinstance(shape, Path):
        stroke, fill = _apply_paint(c, shape.paint, shop, colours, scale)
        c.drawPath(_path(c, shape), stroke=stroke, fill=fill and shape.closed)
    elif isinstance(shape, Circle):
        stroke, fill = _apply_paint(c, shape.paint, shop, colours, scale)
        if scale is PAGE:
            c.circle(shape.centre.x, shape.centre.y, shape.radius, stroke=stroke, fill=fill)
        else:
            c.drawPath(_circle(shape) if drawn is None else drawn.circle(shape),
                       stroke=stroke, fill=fill)
    else:
        _draw_text(c, shape, colours, scale)


def _draw_for_cutting(c: Canvas, shape: Path, colours: _Colours) -> None:
    """A crop mark in the registration colour; a cut line in CutContour, overprinting, or
    not at all in a proof of the print."""
    if shape.paint.cut and not colours.cuts:
        return
    c.saveState()
    if shape.paint.cut:
        cutting.set_cut_contour(c)
    else:
        c.setStrokeColor(cutting.registration_colour())
    c.setLineWidth(max(shape.paint.width, THINNEST))
    c.setLineCap(0)
    c.setLineJoin(0)
    c.drawPath(_path(c, shape), stroke=1, fill=0)
    c.restoreState()


# reportlab's four arcs of a circle (pdfgeom.bezierArc) about the origin with radius 1:
# a group's circles (a record's stones, hundreds a booklet) are these scaled and moved,
# not worked out with sines and cosines again.
_ARCS = pdfgeom.bezierArc(-1.0, -1.0, 1.0, 1.0, 0, 360)


def _circle(circle: Circle) -> PDFPathObject:
    x, y, r = circle.centre.x, circle.centre.y, circle.radius
    path = PDFPathObject()      # what Canvas.beginPath makes
    path.moveTo(x + r * _ARCS[0][0], y + r * _ARCS[0][1])
    for arc in _ARCS:
        path.curveTo(x + r * arc[2], y + r * arc[3], x + r * arc[4], y + r * arc[5],
                     x + r * arc[6], y + r * arc[7])
    return path


def _path(c: Canvas, shape: Path) -> PDFPathObject:
    """A scene path as a reportlab path object: its operators as PDFPathObject's moveTo,
    lineTo and close write them ("n" first, then "x y m", "x y l" and "h"), numbers by the
    same fp_str, made here in one go (a catalogue's paths have a quarter of a million
    points, and a method call each was a tenth of writing its PDFs)."""
    code: list[str] = []
    closed = shape.closed
    for sub in shape.subpaths:
        if not code:
            code.append("n")
        op = " m"
        for pt in sub:      # one loop, not a comprehension a subpath: most have two points
            code.append(fp_str(pt.x, pt.y) + op)
            op = " l"
        if closed:
            code.append("h")
    return PDFPathObject(code) if code else c.beginPath()


def _draw_text(c: Canvas, text: Text, colours: _Colours = RGB, scale: _Scale = PAGE) -> None:
    c.saveState()
    # The page runs y downwards; flip back locally so glyphs stand upright.
    if text.angle:
        c.translate(text.position.x, text.position.y)
        c.rotate(text.angle)
        c.scale(1, -1)
    else:
        _upright_at(c, text.position)
    colours.set_text(c, text.colour, size=text.size * scale.k * PT_PER_MM)
    parts = fonts.runs(text.text, text.font)
    if len(parts) == 1:
        c.setFont(parts[0][1], text.size)
        draw = {"start": c.drawString, "middle": c.drawCentredString,
                "end": c.drawRightString}[text.anchor]
        draw(0, 0, text.text)
    else:
        # Runs in Vera and in DejaVu Sans (generator/fonts.py), one line: placed by the
        # width of the whole, as a string of one face is.
        width = fonts.text_width(text.text, text.size, role=text.font)
        line = c.beginText(-width * BEFORE_ANCHOR[text.anchor], 0)
        for run, face in parts:
            line.setFont(face, text.size)
            line.textOut(run)
        c.drawText(line)
    c.restoreState()


def _upright_at(c: Canvas, at: Point) -> None:
    """`c.translate(at.x, at.y)` then `c.scale(1, -1)`, just after a saveState, written as
    reportlab writes them (a catalogue sets some 28,000 texts, half of them the spaces a
    reader needs, and the two calls took a twentieth of its build's CPU). reportlab writes
    the move as "1 0 0 1 x y cm" and folds the flip into it, reading x and y back from that
    text: the folded operator is made here from the same numbers, read back alike. The
    matrix reportlab tracks is left as it was: nothing drawing the text reads it, and the
    restoreState that follows puts back the one saved."""
    x, y = fp_str(at.x, at.y).split()
    c._code.append(fp_str(1.0, 0.0, 0.0, -1.0, 0.0 + float(x), 0.0 + float(y)) + " cm")


def _bled(point: Point, page: Page, bleed: float) -> Point:
    """A point on or past the trim moved out to the edge of the bleed."""
    x, y = point.x, point.y
    eps = 1e-6
    x = -bleed if x <= eps else page.width + bleed if x >= page.width - eps else x
    y = -bleed if y <= eps else page.height + bleed if y >= page.height - eps else y
    return Point(x, y)


def into_bleed(page: Page, bleed: float) -> Page:
    """The page with every filled shape that reaches the trim run on into the bleed: a
    background or a band to the page's edge is cut through ink, never at its edge."""
    def run_on(shape: Shape) -> Shape:
        if isinstance(shape, Path) and shape.closed and shape.paint.fill:
            subpaths = tuple(tuple(_bled(p, page, bleed) for p in sub)
                             for sub in shape.subpaths)
            return replace(shape, subpaths=subpaths) if subpaths != shape.subpaths else shape
        if isinstance(shape, Clip):
            return replace(shape, shapes=tuple(run_on(s) for s in shape.shapes))
        return shape
    if not bleed:
        return page
    return replace(page, shapes=tuple(run_on(s) for s in page.shapes))


# The characters below 0x80 that PDFDocEncoding has no code for: reportlab refuses them.
_UNMAPPED = tuple(chr(code) for code in range(0x18, 0x20))


def _encode_stream(c: Canvas) -> None:
    """The page just shown, its content stream encoded to bytes at once. reportlab encodes
    each stream when it writes the file, in PDFDocEncoding, through a codec that looks each
    character up (a booklet of a hundred records: 31 MB of operators, 1.5 s). The operators
    are ASCII, whose characters PDFDocEncoding maps to their own codes: encoded as ASCII they
    are the same bytes. Anything else is left for reportlab to encode, or refuse, as before."""
    page = c._doc.Pages.pages[-1]
    stream = page.stream
    if isinstance(stream, str) and stream.isascii() and not any(
            ch in stream for ch in _UNMAPPED):
        page.stream = stream.encode("ascii")


def document_pdf(doc: Document, press: Press = HOME, *, separated: bool = True,
                 proof: bool = False) -> bytes:
    """The document as a PDF for home or for the press; with `separated` false, a print
    shop's pages (bleed, boxes, lines) in their RGB colours, unmarked; with `proof`, in the
    press's inks but without cut lines, marks or PDF/X marking: what its soft proof shows."""
    out = io.BytesIO()
    # The initial font would otherwise be an unembedded Helvetica in every page's resources.
    # Streams are left uncompressed: the tagging pass (qpdf) compresses every stream as it
    # saves, and would otherwise inflate reportlab's to deflate them again, to the same bytes.
    # invariant: the dates are reportlab's fixed ones, and the file's ID is made from the
    # content, so the same document gives the same bytes (the licence is added by the
    # tagging pass, with the rest of the metadata).
    c = Canvas(out, invariant=1, pageCompression=0, initialFontName=fonts.registered("regular"))
    # Boards and rulers are drawn to size: ask viewers to print at 100%.
    c.setViewerPreference("PrintScaling", "None")
    c.setTitle(doc.title)
    c.setAuthor(doc.author)
    c.setSubject(doc.subject)
    c.setKeywords(", ".join(doc.keywords))
    c.setCreator(PRODUCER)
    c.setProducer(PRODUCER)
    bleed = press.bleed if press.shop else 0.0
    # Cut lines in CutContour with --cut-path, left out of a proof; crop marks in a slug.
    cuts = separated and not proof if press.cut_path else None
    colours = _Colours(press if press.separated and separated else None, cuts)
    slug = cutting.SLUG if press.shop and press.crop_marks and separated and not proof else 0.0
    marks = Marks(doc)     # what each piece is, for screen readers: generator.render.tagging
    drawn = _Drawn()
    for page in doc.pages:
        if press.shop:
            page = into_bleed(page, bleed)
            if slug:
                page = replace(page, shapes=page.shapes + tuple(cutting.crop_marks(page, bleed)))
            out_ = bleed + slug
            width, height = (page.width + 2 * out_) * mm, (page.height + 2 * out_) * mm
            c.setPageSize((width, height))
            c.setTrimBox([out_ * mm, out_ * mm, width - out_ * mm, height - out_ * mm])
            if slug:
                c.setBleedBox([slug * mm, slug * mm, width - slug * mm, height - slug * mm])
            else:
                c.setBleedBox([0, 0, width, height])
            c.saveState()
            c.translate(out_ * mm, (page.height + out_) * mm)
        else:
            c.setPageSize((page.width * mm, page.height * mm))
            c.saveState()
            c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        marks.draw(c, page.shapes,
                   paint=lambda shape: _draw(c, shape, press.shop, colours, PAGE, drawn))
        c.restoreState()
        c.showPage()
        _encode_stream(c)
    c.save()
    tagged = marks.finish(out.getvalue())
    if press.separated and separated and not proof:
        return inks.mark_pdfx(tagged, press.condition, pdfx=press.destination.pdfx)
    return tagged
