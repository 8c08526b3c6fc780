"""Preflight: read any PDF and say whether it is ready to print at home or at a print shop.

`read_pdf` walks every page's content stream with pikepdf (qpdf's binding), tracking the
graphics state (current transformation matrix, line width, colours, text matrix) through
q/Q, cm, Tm/Td/TD/T*, form XObjects and images, and gathers plain facts: the page boxes,
the colours painted, the thinnest stroke, where each run of text lies and which fonts are
embedded. `checks` turns those facts into check results for a target ("home" or
"print-shop"); it is a pure function of the facts, so each rule can be tested on its own.

Units: boxes and positions are in PDF points (1/72 in) in default user space; details are
given in mm (and pt for line widths).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.core import printing
from generator.core.paper import NAMED
from generator.core.printing import (
    BLEED_IN,
    BLEED_MM,
    DARK,
    HOME_MARGIN,
    PT_PER_MM,
    TARGETS,
    THINNEST_LINE,
)
from generator.core.printing import SHOP_SAFE as SHOP_MARGIN
from generator.errors import UserError

MAX_INK = printing.INK_LIMIT * 100    # %: total area coverage a press can dry
SLACK = 0.05                   # pt: rounding allowed when comparing positions

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]   # x0, y0, x1, y1 with x0 <= x1, y0 <= y1
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

PAPER_NAMES = {**{p.name: (p.width, p.height) for p in NAMED.values()},
               "A6": (105.0, 148.0), "Legal": (215.9, 355.6), "half Letter": (139.7, 215.9)}


class PreflightError(UserError):
    """The file cannot be read as a PDF; the message is one line."""


@dataclass(frozen=True)
class Check:
    """One line of the report: `info` lines describe and never fail."""
    name: str
    passed: bool
    detail: str
    info: bool = False


@dataclass(frozen=True)
class Colour:
    """A colour as painted: its space's name, family (gray, rgb, cmyk, spot, other) and
    components in that family (0..1; for CMYK and spot, ink amounts)."""
    space: str
    family: str
    values: tuple[float, ...]

    def describe(self) -> str:
        return f"{self.space} {' '.join(f'{v:.2f}' for v in self.values)}".strip()


@dataclass(frozen=True)
class TextRun:
    page: int
    box: Box                 # the run's extent in default user space, approximately
    size: float              # pt, as it appears on the page
    text: str
    colour: Colour | None    # fill colour, None for invisible text


@dataclass
class PageFacts:
    number: int
    media: Box
    crop: Box | None = None
    trim: Box | None = None
    bleed: Box | None = None
    spaces: set[str] = field(default_factory=set)       # colour spaces painted with
    colours: set[Colour] = field(default_factory=set)   # vector and text colours painted
    thinnest: float | None = None                       # pt
    texts: list[TextRun] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)   # font name: embedded


@dataclass
class PdfFacts:
    pages: list[PageFacts]
    title: str = ""


# ---------------------------------------------------------------- matrices and boxes

def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n, in PDF's row-vector convention (m × n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def smallest_scale(m: Matrix) -> float:
    """The least a length can be stretched by the matrix (its smaller singular value)."""
    a, b, c, d = m[:4]
    total = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt(max(0.0, (total - math.sqrt(max(0.0, total * total - 4 * det * det))) / 2))


def _box(values: Any) -> Box:
    x0, y0, x1, y1 = (float(v) for v in values)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def inside(inner: Box, outer: Box, slack: float = SLACK) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def shrink(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _mm(pt: float) -> str:
    return f"{pt / PT_PER_MM:.1f}"


# ---------------------------------------------------------------- colours and ink

def ink(colour: Colour) -> float | None:
    """Total ink in percent: CMYK summed, gray as K, RGB through a naive conversion
    (K = 1 − max, the rest under it); None where it cannot be told (patterns, Lab)."""
    v = colour.values
    if colour.family == "gray" and len(v) == 1:
        return (1 - v[0]) * 100
    if colour.family in ("cmyk", "spot"):
        return sum(v) * 100
    if colour.family == "rgb" and len(v) == 3:
        return sum(printing.full_gcr(*v)) * 100
    return None


def darkness(colour: Colour) -> float | None:
    """0 for white, 1 for black, by the printing facts' one grey formula."""
    v = colour.values
    if colour.family == "gray" and len(v) == 1:
        return 1 - v[0]
    if colour.family == "rgb" and len(v) == 3:
        return 1 - printing.luma(*v)
    if colour.family == "cmyk" and len(v) == 4:
        return 1 - printing.luma(*printing.composite(*v))
    return None


def pure_black(colour: Colour) -> bool:
    """100% K and nothing else: CMYK 0 0 0 1, or gray 0 (which prints on the K plate)."""
    v = colour.values
    if colour.family == "gray":
        return len(v) == 1 and v[0] <= 0.005
    if colour.family == "cmyk":
        return len(v) == 4 and max(v[:3]) <= 0.005 and v[3] >= 0.995
    return False


@dataclass(frozen=True)
class _Space:
    name: str                  # as reported: DeviceRGB, ICCBased (CMYK), Indexed (DeviceRGB)
    family: str                # gray, rgb, cmyk, spot, other
    components: int
    lookup: bytes = b""        # Indexed: the palette, in the base space
    base: _Space | None = None

    def colour(self, operands: Sequence[Any]) -> Colour:
        numbers = [float(o) for o in operands if _is_number(o)]
        if self.base is not None:   # Indexed: look the entry up
            base = self.base
            index = int(numbers[0]) if numbers else 0
            raw = self.lookup[index * base.components:(index + 1) * base.components]
            values = tuple(b / 255 for b in raw) or (0.0,) * base.components
            return Colour(self.name, base.family, values)
        return Colour(self.name, self.family, tuple(numbers[:self.components]))


GRAY = _Space("DeviceGray", "gray", 1)
RGB = _Space("DeviceRGB", "rgb", 3)
CMYK = _Space("DeviceCMYK", "cmyk", 4)
DEVICE = {"/DeviceGray": GRAY, "/G": GRAY, "/DeviceRGB": RGB, "/RGB": RGB,
          "/DeviceCMYK": CMYK, "/CMYK": CMYK}
BY_COMPONENTS = {1: "gray", 3: "rgb", 4: "cmyk"}
ICC_NAMES = {1: "Gray", 3: "RGB", 4: "CMYK"}


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


# ---------------------------------------------------------------- reading a PDF

def read_pdf(path: Path) -> PdfFacts:
    """The facts of every page of the PDF at PATH; PreflightError when it cannot be read."""
    import pikepdf
    path = Path(path)
    if path.is_dir():
        raise PreflightError(f"cannot read {path}: it is a folder")
    try:
        pdf = pikepdf.open(path)
    except pikepdf.PasswordError:
        raise PreflightError(f"cannot read {path}: it is encrypted") from None
    except OSError as err:
        raise PreflightError(f"cannot read {path}: {err.strerror or err}") from None
    except (pikepdf.PdfError, ValueError) as err:
        raise PreflightError(f"cannot read {path}: not a readable PDF "
                             f"({_first_line(err, path)})") from None
    with pdf:
        try:
            title = str(pdf.docinfo.get("/Title", "")) if pdf.trailer.get("/Info") else ""
            pages = [_Reader(pikepdf, page, number).facts()
                     for number, page in enumerate(pdf.pages, start=1)]
        except (pikepdf.PdfError, RecursionError) as err:
            raise PreflightError(f"cannot read {path}: damaged PDF ({_first_line(err, path)})"
                                 ) from None
    return PdfFacts(pages, title)


def _first_line(err: BaseException, path: Path) -> str:
    """The first line of qpdf's message, without the file name it starts with."""
    lines = str(err).strip().splitlines()
    line = lines[0] if lines else type(err).__name__
    return line.removeprefix(f"{path}: ")


@dataclass
class _Graphics:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    fill_space: _Space = GRAY
    stroke_space: _Space = GRAY
    fill: Colour = Colour("DeviceGray", "gray", (0.0,))
    stroke: Colour = Colour("DeviceGray", "gray", (0.0,))
    font: Any = None
    size: float = 0.0
    leading: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    hscale: float = 1.0
    rise: float = 0.0
    render: int = 0


@dataclass
class _FontInfo:
    name: str
    two_byte: bool
    widths: dict[int, float]
    default: float
    scale: float          # glyph units to text space (1/1000, or a Type3 FontMatrix)
    top: float = 0.7      # the height of capitals, in ems
    bottom: float = -0.2  # how far descenders reach, in ems


class _Reader:
    """Interprets one page's content (and the forms it draws) for the facts preflight needs."""

    STROKES = {"S", "s"}
    FILLS = {"f", "F", "f*"}
    BOTH = {"B", "B*", "b", "b*"}
    SHOWS = {"Tj", "TJ", "'", '"'}

    def __init__(self, pikepdf: Any, page: Any, number: int):
        self.pikepdf = pikepdf
        obj = page.obj
        self.facts_ = PageFacts(number, _box(page.mediabox),
                                crop=_box(obj["/CropBox"]) if "/CropBox" in obj else None,
                                trim=_box(obj["/TrimBox"]) if "/TrimBox" in obj else None,
                                bleed=_box(obj["/BleedBox"]) if "/BleedBox" in obj else None)
        self.page = page
        self.fonts: dict[Any, _FontInfo] = {}
        self.seen_forms: set[Any] = set()

    def facts(self) -> PageFacts:
        resources = self._inherited(self.page.obj, "/Resources")
        self._run(self.pikepdf.parse_content_stream(self.page), resources, _Graphics(), 0)
        return self.facts_

    @staticmethod
    def _inherited(obj: Any, key: str) -> Any:
        for _ in range(64):
            if obj is None:
                return None
            if key in obj:
                return obj[key]
            obj = obj.get("/Parent")
        return None

    # -- resources

    def _resource(self, resources: Any, kind: str, name: Any) -> Any:
        if resources is None:
            return None
        group = resources.get(kind)
        return None if group is None else group.get(str(name))

    def _space(self, spec: Any, resources: Any) -> _Space:
        pikepdf = self.pikepdf
        if isinstance(spec, pikepdf.Name):
            key = str(spec)
            if key in DEVICE:
                return DEVICE[key]
            if key == "/Pattern":
                return _Space("Pattern", "other", 0)
            found = self._resource(resources, "/ColorSpace", spec)
            return _Space(key.lstrip("/"), "other", 1) if found is None else \
                self._space(found, resources)
        if isinstance(spec, pikepdf.Array) and len(spec) > 0:
            kind = str(spec[0])
            if kind in DEVICE and len(spec) == 1:
                return DEVICE[kind]
            if kind == "/ICCBased":
                n = int(spec[1].get("/N", 3))
                return _Space(f"ICCBased ({ICC_NAMES.get(n, n)})",
                              BY_COMPONENTS.get(n, "other"), n)
            if kind in ("/Indexed", "/I"):
                base = self._space(spec[1], resources)
                table = spec[3]
                lookup = bytes(table.read_bytes() if isinstance(table, pikepdf.Stream)
                               else bytes(table))
                return _Space(f"Indexed ({base.name})", base.family, 1, lookup, base)
            if kind == "/CalRGB":
                return _Space("CalRGB", "rgb", 3)
            if kind == "/CalGray":
                return _Space("CalGray", "gray", 1)
            if kind == "/Lab":
                return _Space("Lab", "other", 3)
            if kind == "/Separation":
                return _Space(f"Separation ({str(spec[1]).lstrip('/')})", "spot", 1)
            if kind == "/DeviceN":
                return _Space("DeviceN", "spot", len(spec[1]))
            if kind == "/Pattern":
                return _Space("Pattern", "other", 0)
        return _Space("unknown", "other", 0)

    def _font(self, font: Any) -> _FontInfo:
        key = font.objgen if font.is_indirect else id(font)
        if key in self.fonts:
            return self.fonts[key]
        subtype = str(font.get("/Subtype", ""))
        name = str(font.get("/BaseFont", "")).lstrip("/") or subtype.lstrip("/")
        widths: dict[int, float] = {}
        if subtype == "/Type0":
            descendant = font["/DescendantFonts"][0]
            default = float(descendant.get("/DW", 1000))
            spec = list(descendant.get("/W", []))
            i = 0
            while i + 1 < len(spec):
                first = int(spec[i])
                if isinstance(spec[i + 1], self.pikepdf.Array):
                    for j, w in enumerate(spec[i + 1]):
                        widths[first + j] = float(w)
                    i += 2
                elif i + 2 < len(spec):
                    for code in range(first, int(spec[i + 1]) + 1):
                        widths[code] = float(spec[i + 2])
                    i += 3
                else:
                    break
            info = _FontInfo(name, True, widths, default, 0.001,
                             *_heights(descendant.get("/FontDescriptor")))
        else:
            first = int(font.get("/FirstChar", 0))
            for j, w in enumerate(font.get("/Widths", [])):
                widths[first + j] = float(w)
            descriptor = font.get("/FontDescriptor")
            default = float(descriptor.get("/MissingWidth", 0)) if descriptor else 0.0
            if not widths and subtype != "/Type3":
                default = 500.0          # a standard font: about half an em a glyph
            scale = float(font["/FontMatrix"][0]) if subtype == "/Type3" else 0.001
            info = _FontInfo(name, False, widths, default, scale, *_heights(descriptor))
        self.fonts[key] = info
        return info

    def _note_fonts(self, resources: Any) -> None:
        group = resources.get("/Font") if resources is not None else None
        if group is None:
            return
        for _, font in group.items():
            name = str(font.get("/BaseFont", "")).lstrip("/") or "unnamed font"
            self.facts_.fonts[name] = self.facts_.fonts.get(name, True) and embedded(font)

    # -- painting

    def _paint(self, colour: Colour) -> None:
        self.facts_.spaces.add(colour.space)
        if colour.values or colour.family != "other":
            self.facts_.colours.add(colour)

    def _stroke(self, g: _Graphics) -> None:
        width = max(0.0, g.line_width) * smallest_scale(g.ctm)
        thinnest = self.facts_.thinnest
        self.facts_.thinnest = width if thinnest is None else min(thinnest, width)
        self._paint(g.stroke)

    def _image(self, space: Any, mask: bool, g: _Graphics, resources: Any) -> None:
        if mask:
            self._paint(g.fill)
        elif space is not None:
            found = self._space(space, resources)
            self.facts_.spaces.add(f"image {found.name}")
            if found.family != "other":
                self.facts_.spaces.add(found.name)

    def _show(self, g: _Graphics, text: _Text, strings: Iterable[Any]) -> None:
        font = self._font(g.font) if g.font is not None else _FontInfo("", False, {}, 500, 0.001)
        start = 0.0
        advance = 0.0
        shown: list[str] = []
        for item in strings:
            if _is_number(item):
                advance -= float(item) / 1000 * g.size * g.hscale
                continue
            data = bytes(item)
            step = 2 if font.two_byte else 1
            for i in range(0, len(data) - step + 1, step):
                code = int.from_bytes(data[i:i + step], "big")
                w = font.widths.get(code, font.default) * font.scale
                space = g.word_spacing if (step == 1 and code == 32) else 0.0
                advance += (w * g.size + g.char_spacing + space) * g.hscale
            shown.append(data.decode("latin-1") if step == 1 else f"<{len(data) // 2} glyphs>")
        trm = multiply(text.matrix, g.ctm)
        corners = [apply(trm, x, y) for x in (start, advance)
                   for y in (g.rise + font.bottom * g.size, g.rise + font.top * g.size)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        size = g.size * smallest_scale(trm)
        visible = g.render not in (3, 7)
        colour = g.fill if g.render in (0, 2, 4, 6) else g.stroke if visible else None
        if visible:
            if g.render in (0, 2, 4, 6):
                self._paint(g.fill)
            if g.render in (1, 2, 5, 6):
                self._paint(g.stroke)
            self.facts_.texts.append(TextRun(self.facts_.number,
                                             (min(xs), min(ys), max(xs), max(ys)), size,
                                             "".join(shown), colour))
        text.matrix = multiply((1, 0, 0, 1, advance, 0), text.matrix)

    # -- the interpreter

    def _run(self, operations: Iterable[Any], resources: Any, start: _Graphics,
             depth: int) -> None:
        self._note_fonts(resources)
        stack: list[_Graphics] = []
        g = replace(start)
        text = _Text()
        for op in operations:
            operator = str(op.operator)
            operands = list(op.operands)
            try:
                g = self._step(operator, operands, g, stack, text, resources, depth)
            except (TypeError, ValueError, IndexError, KeyError, AttributeError,
                    ZeroDivisionError):
                continue   # a malformed operation is skipped, as viewers do

    def _step(self, op: str, args: list[Any], g: _Graphics, stack: list[_Graphics],
              text: _Text, resources: Any, depth: int) -> _Graphics:
        if op == "q":
            stack.append(g)
            return replace(g)
        if op == "Q":
            return stack.pop() if stack else g
        if op == "cm":
            g.ctm = multiply(_matrix(args), g.ctm)
        elif op == "w":
            g.line_width = float(args[0])
        elif op == "gs":
            state = self._resource(resources, "/ExtGState", args[0])
            if state is not None and "/LW" in state:
                g.line_width = float(state["/LW"])
            if state is not None and "/Font" in state:
                g.font, g.size = state["/Font"][0], float(state["/Font"][1])
        elif op in ("g", "G", "rg", "RG", "k", "K"):
            space = {"g": GRAY, "rg": RGB, "k": CMYK}[op.lower()]
            if op.islower():
                g.fill_space, g.fill = space, space.colour(args)
            else:
                g.stroke_space, g.stroke = space, space.colour(args)
        elif op in ("cs", "CS"):
            space = self._space(args[0], resources)
            initial = space.colour([0.0] * space.components
                                   if space.family != "cmyk" else [0, 0, 0, 1])
            if space.family == "gray":
                initial = space.colour([0.0])
            if op == "cs":
                g.fill_space, g.fill = space, initial
            else:
                g.stroke_space, g.stroke = space, initial
        elif op in ("sc", "scn"):
            g.fill = g.fill_space.colour(args)
        elif op in ("SC", "SCN"):
            g.stroke = g.stroke_space.colour(args)
        elif op in self.STROKES:
            self._stroke(g)
        elif op in self.FILLS:
            self._paint(g.fill)
        elif op in self.BOTH:
            self._paint(g.fill)
            self._stroke(g)
        elif op == "sh":
            shading = self._resource(resources, "/Shading", args[0])
            if shading is not None:
                self._paint(Colour(self._space(shading["/ColorSpace"], resources).name,
                                   "other", ()))
        elif op == "Do":
            self._draw_object(args[0], g, resources, depth)
        elif op == "INLINE IMAGE":
            image = args[0]
            mask = bool(getattr(image, "image_mask", False))
            try:
                named = None if mask else image.colorspace
            except (NotImplementedError, ValueError, KeyError, AttributeError):
                named = None
            if named is not None and not isinstance(named, self.pikepdf.Object):
                named = self.pikepdf.Name(str(named))
            self._image(named, mask, g, resources)
        else:
            self._text_step(op, args, g, text, resources)
        return g

    def _text_step(self, op: str, args: list[Any], g: _Graphics, text: _Text,
                   resources: Any) -> None:
        if op == "BT":
            text.matrix = text.line = IDENTITY
        elif op == "Tf":
            g.font, g.size = self._resource(resources, "/Font", args[0]), float(args[1])
        elif op == "Td":
            text.next_line(float(args[0]), float(args[1]))
        elif op == "TD":
            g.leading = -float(args[1])
            text.next_line(float(args[0]), float(args[1]))
        elif op == "Tm":
            text.matrix = text.line = _matrix(args)
        elif op == "T*":
            text.next_line(0.0, -g.leading)
        elif op == "TL":
            g.leading = float(args[0])
        elif op == "Tc":
            g.char_spacing = float(args[0])
        elif op == "Tw":
            g.word_spacing = float(args[0])
        elif op == "Tz":
            g.hscale = float(args[0]) / 100
        elif op == "Ts":
            g.rise = float(args[0])
        elif op == "Tr":
            g.render = int(args[0])
        elif op == "Tj":
            self._show(g, text, [args[0]])
        elif op == "TJ":
            self._show(g, text, list(args[0]))
        elif op == "'":
            text.next_line(0.0, -g.leading)
            self._show(g, text, [args[0]])
        elif op == '"':
            g.word_spacing, g.char_spacing = float(args[0]), float(args[1])
            text.next_line(0.0, -g.leading)
            self._show(g, text, [args[2]])

    def _draw_object(self, name: Any, g: _Graphics, resources: Any, depth: int) -> None:
        xobject = self._resource(resources, "/XObject", name)
        if xobject is None:
            return
        subtype = str(xobject.get("/Subtype", ""))
        if subtype == "/Image":
            self._image(xobject.get("/ColorSpace"), bool(xobject.get("/ImageMask", False)),
                        g, resources)
        elif subtype == "/Form" and depth < 16:
            key = xobject.objgen
            inner = xobject.get("/Resources") or resources
            matrix = _matrix(xobject.get("/Matrix", IDENTITY))
            start = replace(g, ctm=multiply(matrix, g.ctm))
            if key in self.seen_forms and depth > 0:
                return
            self.seen_forms.add(key)
            self._run(self.pikepdf.parse_content_stream(xobject), inner, start, depth + 1)
            self.seen_forms.discard(key)


def _heights(descriptor: Any) -> tuple[float, float]:
    """A font's capital height and descent in ems, from its descriptor where it gives them."""
    if descriptor is None:
        return 0.7, -0.2
    try:
        top = float(descriptor.get("/CapHeight", 700)) / 1000
        bottom = float(descriptor.get("/Descent", -200)) / 1000
    except (TypeError, ValueError):
        return 0.7, -0.2
    return (top if 0.3 <= top <= 1.2 else 0.7), (bottom if -0.6 <= bottom <= 0 else -0.2)


def _matrix(values: Any) -> Matrix:
    a, b, c, d, e, f = (float(v) for v in values)
    return a, b, c, d, e, f


class _Text:
    def __init__(self) -> None:
        self.matrix: Matrix = IDENTITY
        self.line: Matrix = IDENTITY

    def next_line(self, tx: float, ty: float) -> None:
        self.line = multiply((1, 0, 0, 1, tx, ty), self.line)
        self.matrix = self.line


def embedded(font: Any) -> bool:
    """Whether a font dictionary carries its glyphs: a FontFile, FontFile2 or FontFile3 in
    its descriptor (a Type0 font's in its descendant's); Type3 fonts draw their own."""
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        font = descendants[0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


# ---------------------------------------------------------------- the checks

def paper_name(width_mm: float, height_mm: float) -> str:
    w, h = sorted((width_mm, height_mm))
    for name, (pw, ph) in PAPER_NAMES.items():
        if abs(w - pw) < 1 and abs(h - ph) < 1:
            return name
    return "custom"


def inch_trim(box: Box) -> bool:
    """Whether a trim size is in inches: both sides whole eighths of an inch."""
    return all(abs(side / 9 - round(side / 9)) * 9 < 0.15
               for side in (box[2] - box[0], box[3] - box[1]))


def _pages(numbers: Sequence[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:8])
    more = f" and {len(numbers) - 8} more" if len(numbers) > 8 else ""
    return f"page{'s' if len(numbers) > 1 else ''} {shown}{more}"


def _size(box: Box) -> str:
    return f"{_mm(box[2] - box[0])} × {_mm(box[3] - box[1])} mm"


def check_page_size(facts: PdfFacts) -> Check:
    pages = facts.pages
    if not pages:
        return Check("page size", False, "the PDF has no pages")
    sizes: dict[tuple[int, int], list[int]] = {}
    bad: list[str] = []
    for p in pages:
        sheet = p.trim or p.crop or p.media
        w, h = sheet[2] - sheet[0], sheet[3] - sheet[1]
        if w < 1 or h < 1:
            bad.append(f"page {p.number} is empty ({_size(sheet)})")
        short, long = sorted((round(w / PT_PER_MM), round(h / PT_PER_MM)))
        sizes.setdefault((short, long), []).append(p.number)
        for name, box in (("CropBox", p.crop), ("BleedBox", p.bleed), ("TrimBox", p.trim)):
            if box is not None and not inside(box, p.media):
                bad.append(f"page {p.number}: {name} reaches outside the MediaBox")
        if p.trim is not None and p.bleed is not None and not inside(p.trim, p.bleed):
            bad.append(f"page {p.number}: TrimBox reaches outside the BleedBox")
    described = [f"{paper_name(*(float(v) for v in size))} {size[0]:g} × {size[1]:g} mm "
                 f"({len(numbers)} page{'s' if len(numbers) > 1 else ''})"
                 for size, numbers in sizes.items()]
    if len(sizes) > 1:
        bad.append("pages of different sizes: " + ", ".join(described))
    if bad:
        return Check("page size", False, "; ".join(bad[:3]))
    return Check("page size", True, described[0])


def check_boxes(facts: PdfFacts) -> Check:
    missing = [p.number for p in facts.pages if p.trim is None or p.bleed is None]
    if missing:
        which = sorted({name for p in facts.pages for name, box in
                        (("TrimBox", p.trim), ("BleedBox", p.bleed)) if box is None})
        return Check("boxes", False, f"no {' or '.join(which)} on {_pages(missing)}")
    return Check("boxes", True, "MediaBox, TrimBox and BleedBox on every page")


def check_bleed(facts: PdfFacts) -> Check:
    least: tuple[float, int, Box] | None = None
    for p in facts.pages:
        if p.trim is None or p.bleed is None:
            continue
        sides = (p.trim[0] - p.bleed[0], p.trim[1] - p.bleed[1],
                 p.bleed[2] - p.trim[2], p.bleed[3] - p.trim[3])
        if least is None or min(sides) < least[0]:
            least = (min(sides), p.number, p.trim)
    if least is None:
        return Check("bleed", False, "no bleed: the pages have no TrimBox and BleedBox")
    value, number, trim = least
    if inch_trim(trim):
        need, shown = BLEED_IN * 72, f"{value / 72:.3f} in"
        wanted = f"{BLEED_IN} in"
    else:
        need, shown = BLEED_MM * PT_PER_MM, f"{value / PT_PER_MM:.1f} mm"
        wanted = f"{BLEED_MM:g} mm"
    if value < need - SLACK:
        return Check("bleed", False, f"{shown} on page {number}, at least {wanted} needed")
    return Check("bleed", True, f"{shown} at least on every side (needs {wanted})")


def check_fonts(facts: PdfFacts) -> Check:
    fonts: dict[str, bool] = {}
    for p in facts.pages:
        for name, ok in p.fonts.items():
            fonts[name] = fonts.get(name, True) and ok
    missing = sorted(name for name, ok in fonts.items() if not ok)
    if missing:
        return Check("fonts", False, f"{len(missing)} of {len(fonts)} not embedded: "
                                     f"{', '.join(missing)}")
    if not fonts:
        return Check("fonts", True, "no fonts")
    return Check("fonts", True, f"all {len(fonts)} embedded")


def check_colour(facts: PdfFacts, target: str) -> Check:
    spaces = sorted({s for p in facts.pages for s in p.spaces})
    shown = ", ".join(spaces) if spaces else "none (nothing painted)"
    if target == "home":
        return Check("colour", True, shown, info=True)
    rgb = [p.number for p in facts.pages
           if any(c.family == "rgb" for c in p.colours)
           or any(_rgb_space(s) for s in p.spaces)]
    if rgb:
        return Check("colour", False, f"RGB on {_pages(rgb)} (CMYK or Gray only): {shown}")
    return Check("colour", True, shown)


def _rgb_space(name: str) -> bool:
    return any(key in name for key in ("DeviceRGB", "CalRGB", "ICCBased (RGB)", "Lab"))


def check_ink(facts: PdfFacts, target: str) -> Check:
    worst: tuple[float, Colour, int] | None = None
    for p in facts.pages:
        for colour in p.colours:
            amount = ink(colour)
            if amount is not None and (worst is None or amount > worst[0]
                                       or (amount == worst[0] and colour.describe()
                                           < worst[1].describe())):
                worst = (amount, colour, p.number)
    if worst is None:
        return Check("ink", True, "no colours painted", info=target == "home")
    amount, colour, number = worst
    source = " (from RGB, naively)" if colour.family == "rgb" else ""
    detail = f"highest {amount:.0f}%{source}: {colour.describe()} on page {number}"
    if target == "home":
        return Check("ink", True, detail, info=True)
    if amount > MAX_INK + 0.5:
        return Check("ink", False, f"{detail}; at most {MAX_INK:.0f}%")
    return Check("ink", True, f"{detail} (at most {MAX_INK:.0f}%)")


def check_black_text(facts: PdfFacts) -> Check:
    runs = [t for p in facts.pages for t in p.texts if t.colour is not None]
    black = [t for t in runs if (darkness(t.colour) or 0) >= DARK]   # type: ignore[arg-type]
    wrong = [t for t in black if t.colour is not None and not pure_black(t.colour)]
    if wrong:
        first = wrong[0]
        assert first.colour is not None
        return Check("black text", False,
                     f"{len(wrong)} of {len(black)} black text runs not 100% K only, e.g. "
                     f"'{first.text[:24]}' on page {first.page} in {first.colour.describe()}")
    counted = f"{len(black)} black text run{'' if len(black) == 1 else 's'}"
    return Check("black text", True, f"{counted}, all 100% K only")


def check_thinnest_line(facts: PdfFacts) -> Check:
    widths = [(p.thinnest, p.number) for p in facts.pages if p.thinnest is not None]
    if not widths:
        return Check("thinnest line", True, "no stroked lines")
    width, number = min(widths)
    detail = f"{width:.2f} pt ({width / PT_PER_MM:.2f} mm) on page {number}"
    if width < THINNEST_LINE - 1e-6:
        return Check("thinnest line", False, f"{detail}, under {THINNEST_LINE} pt")
    return Check("thinnest line", True, f"{detail} (at least {THINNEST_LINE} pt)")


def check_safe_zone(facts: PdfFacts, target: str) -> Check:
    margin = HOME_MARGIN if target == "home" else SHOP_MARGIN
    what = "printer margin" if target == "home" else "safe zone"
    outside: list[TextRun] = []
    count = 0
    for p in facts.pages:
        zone = shrink(p.trim or p.crop or p.media, margin * PT_PER_MM)
        for run in p.texts:
            count += 1
            if not inside(run.box, zone):
                outside.append(run)
    if outside:
        first = outside[0]
        return Check("safe zone", False,
                     f"{len(outside)} of {count} text runs outside the {margin:g} mm {what}, "
                     f"e.g. '{first.text[:24]}' at {_mm(first.box[0])}, {_mm(first.box[1])} mm "
                     f"on page {first.page}")
    every = "the 1 text run" if count == 1 else f"all {count} text runs"
    return Check("safe zone", True, f"{every} inside the {margin:g} mm {what}")


def is_booklet(facts: PdfFacts) -> bool:
    return "booklet" in facts.title.lower()


def imposed_two_up(facts: PdfFacts) -> bool:
    """Every page is landscape: sides of sheets that each carry two booklet pages, as a
    booklet imposed for printing at home is."""
    return bool(facts.pages) and all(
        p.media[2] - p.media[0] > p.media[3] - p.media[1] for p in facts.pages)


def check_page_count(facts: PdfFacts, booklet: bool) -> Check:
    count = len(facts.pages)
    if not booklet:
        return Check("page count", True, f"{count} page{'s' if count != 1 else ''}",
                     info=True)
    pages, what = count, f"{count} pages"
    if imposed_two_up(facts):
        pages, what = 2 * count, f"{2 * count} pages ({count} sides, two pages a side)"
    if pages % 4:
        return Check("page count", False, f"{what}: a booklet needs a multiple of 4")
    return Check("page count", True, f"{what}, a multiple of 4 for a booklet")


def checks(facts: PdfFacts, target: str = "home", booklet: bool | None = None) -> list[Check]:
    """The report for a target: home printing, or a print shop (which adds boxes, bleed,
    CMYK/Gray only, total ink and black text). `booklet` None: when the title says so."""
    if target not in TARGETS:
        raise ValueError(f"target must be one of {', '.join(TARGETS)}")
    shop = target == "print-shop"
    result = [check_page_size(facts)]
    if shop:
        result += [check_boxes(facts), check_bleed(facts)]
    result.append(check_fonts(facts))
    result += [check_colour(facts, target), check_ink(facts, target)]
    if shop:
        result.append(check_black_text(facts))
    result += [check_thinnest_line(facts), check_safe_zone(facts, target),
               check_page_count(facts, is_booklet(facts) if booklet is None else booklet)]
    return result


def check_file(path: Path, target: str = "home", booklet: bool | None = None) -> list[Check]:
    return checks(read_pdf(path), target, booklet)


def report_lines(results: Sequence[Check]) -> Iterator[str]:
    width = max((len(c.name) for c in results), default=0)
    for c in results:
        mark = "info" if c.info else "pass" if c.passed else "FAIL"
        yield f"{mark}  {c.name:{width}}  {c.detail}"
